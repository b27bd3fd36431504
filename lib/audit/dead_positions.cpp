#include "audit/dead_positions.hpp"

#include <array>

namespace drawaudit::audit {

using chess::Color;
using chess::UnwinnableProof;

bool is_dead_beyond_material(const chess::Position& pos) {
    return chess::quick_unwinnable_proof(pos, Color::White) != UnwinnableProof::None &&
           chess::quick_unwinnable_proof(pos, Color::Black) != UnwinnableProof::None;
}

std::array<UnwinnableProof, 2> dead_position_proofs(const chess::Position& pos) {
    return {chess::quick_unwinnable_proof(pos, Color::White),
            chess::quick_unwinnable_proof(pos, Color::Black)};
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
