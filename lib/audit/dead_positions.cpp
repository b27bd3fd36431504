#include "audit/dead_positions.hpp"

#include <fmt/format.h>

namespace drawaudit::audit {

using chess::Color;
using chess::UnwinnableProof;

bool is_dead_beyond_material(const chess::Position& pos) {
    return chess::quick_unwinnable_proof(pos, Color::White) != UnwinnableProof::None &&
           chess::quick_unwinnable_proof(pos, Color::Black) != UnwinnableProof::None;
}

std::string unwinnable_reason(UnwinnableProof proof) {
    switch (proof) {
        case UnwinnableProof::Material:
            return "it has too little material left to checkmate";
        case UnwinnableProof::LockedPawns:
            // The proof shows more than that no check is possible: where a check is, the other
            // king's flight squares cannot all be covered or blocked (unwinnable.hpp).
            return "every pawn is blocked by a pawn and can never move or be captured, and its "
                   "pieces can never reach squares from which they could checkmate the other king";
        case UnwinnableProof::Exhausted:
            return "every position reachable by legal moves was examined and none is a "
                   "checkmate by it";
        default:
            return "it cannot checkmate";
    }
}

std::string dead_position_message(const chess::Position& pos, std::string_view move) {
    const UnwinnableProof white = chess::quick_unwinnable_proof(pos, Color::White);
    const UnwinnableProof black = chess::quick_unwinnable_proof(pos, Color::Black);
    const std::string where =
        move.empty() ? std::string("The start position") : fmt::format("After {}", move);
    if (white == black)
        return fmt::format(
            "{} neither side can checkmate by any series of legal moves: for each side, {}; the "
            "game is drawn (dead position)",
            where, unwinnable_reason(white));
    return fmt::format(
        "{} neither side can checkmate by any series of legal moves: White cannot, as {}; Black "
        "cannot, as {}; the game is drawn (dead position)",
        where, unwinnable_reason(white), unwinnable_reason(black));
}

SideVerdict final_verdict(const CurrentGame& game, int k, Color side) {
    const chess::Position& pos = game.history.position(k);
    CurrentGame::QuickProofs& proofs = game.quick_proofs();
    if (proofs.ply != k) {
        proofs.ply = k;
        proofs.by_side = {chess::quick_unwinnable_proof(pos, Color::White),
                          chess::quick_unwinnable_proof(pos, Color::Black)};
    }
    SideVerdict out;
    out.proof = proofs.by_side[side == Color::White ? 0 : 1];
    if (out.proof != UnwinnableProof::None) {
        out.verdict = chess::Winnability::Unwinnable;
        return out;
    }
    // Only the quick proofs run in the audit (a search at every such final position cost the
    // audit of large/ five times its time). A structure whose pawns are all blocked is the one
    // a deeper analysis (`drawaudit winnable`) could still close: counted as undetermined.
    out.open_question = may_be_dead_beyond_material(pos);
    return out;
}

std::string_view final_unwinnable_name(bool white, bool black) {
    return white && black ? "both" : white ? "white" : black ? "black" : "";
}

}  // namespace drawaudit::audit

// The game record's part.
#include "audit/draw_reason.hpp"

namespace drawaudit::audit {

// RULES.md: final_unwinnable is computed where it can matter: every decisive result without
// mate, and every drawn game whose Termination tag says time forfeit.
void record_final_unwinnable(CurrentGame& game) {
    GameReport& record = game.report();
    const std::string& result = record.result;
    const bool decisive = result == "1-0" || result == "0-1";
    const bool drawn_on_time =
        result == "1/2-1/2" && termination_tag_says_on_time(record.termination_tag);
    if (!(decisive && record.termination != Termination::Checkmate) && !drawn_on_time) return;
    if (!game.history.started()) return;
    const int last = game.history.last();
    const SideVerdict white = final_verdict(game, last, Color::White);
    const SideVerdict black = final_verdict(game, last, Color::Black);
    record.final_unwinnable =
        final_unwinnable_name(white.verdict == chess::Winnability::Unwinnable,
                              black.verdict == chess::Winnability::Unwinnable);
    for (const SideVerdict& v : {white, black})
        if (v.open_question) ++record.undetermined_positions;
}

}  // namespace drawaudit::audit
