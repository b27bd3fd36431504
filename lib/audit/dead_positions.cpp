#include "audit/dead_positions.hpp"

#include <array>

#include "chess/attacks.hpp"

namespace drawaudit::audit {

using chess::Color;
using chess::UnwinnableProof;

namespace {
// No pawn, rook or queen among `men`, and at most one of them: with only these besides its king
// a side cannot mate.
bool at_most_one_minor(const chess::Position& pos, chess::Bitboard men) {
    using chess::PieceType;
    return (men & (pos.pieces(PieceType::Pawn) | pos.pieces(PieceType::Rook) |
                   pos.pieces(PieceType::Queen))) == 0 &&
           !chess::more_than_one(men);
}
// The squares a piece (not a pawn or king) on `s` reaches in one step of each of its
// directions: it can move when one of them does not hold a man of its own side.
chess::Bitboard first_steps(chess::Piece piece, chess::Square s) {
    using chess::PieceType;
    switch (chess::type_of(piece)) {
        case PieceType::Knight:
            return chess::knight_attacks(s);
        case PieceType::Bishop:
            return chess::king_attacks(s) & chess::bishop_rays(s);
        case PieceType::Rook:
            return chess::king_attacks(s) & chess::rook_rays(s);
        default:
            return chess::king_attacks(s);
    }
}
}  // namespace

bool check_may_force_the_end(const chess::Position& pos) {
    using chess::Bitboard;
    using chess::PieceType;
    const chess::Color checked = pos.side_to_move();
    const chess::Color checker = ~checked;
    const Bitboard own = pos.pieces(checker);
    const Bitboard theirs = pos.pieces(checked);
    const Bitboard pawns = own & pos.pieces(PieceType::Pawn);
    const Bitboard pieces = own & ~pawns & ~pos.pieces(PieceType::King);
    const Bitboard checking_piece = pieces & pos.checkers();
    auto can_take_it = [&] {
        return checking_piece != 0 && !chess::more_than_one(checking_piece) &&
               (pos.attackers_to(chess::lsb(checking_piece)) & theirs) != 0;
    };
    // A capture into insufficient material: no pawn on the board, and once the checking piece
    // is taken, at most one knight or bishop is left in all.
    const Bitboard left = pos.occupied() & ~pos.pieces(PieceType::King) & ~checking_piece;
    if (pos.pieces(PieceType::Pawn) == 0 && at_most_one_minor(pos, left) && can_take_it())
        return true;
    // Else the checking side must be left without a move. Its pieces other than the checking
    // one have no square to go to (a bishop shut in by its own pawns: game 16 of
    // draws/tcec-stalemate): no square next to it in its directions (a knight: a jump away) is
    // free of its own men. Tested first, without a slider's lookup: most checks have such a
    // piece that can move.
    for (Bitboard rest = pieces & ~checking_piece; rest != 0;) {
        const chess::Square s = chess::pop_lsb(rest);
        if (first_steps(pos.piece_on(s), s) & ~own) return false;
    }
    // The checking piece, if one gives the check, is taken.
    if (pieces != 0 && checking_piece != 0 && !can_take_it()) return false;
    // Its pawns cannot advance, unless onto a square the checked king may step to (and lock
    // them), or along a line that pins them to their king (not the file: game 10, a pawn
    // pinned by the queen on its rank).
    const chess::Square king = pos.king_square(checker);
    auto pushes = [&](Bitboard movers) {
        return (checker == chess::Color::White ? movers << 8 : movers >> 8) & ~pos.occupied();
    };
    const Bitboard reply_may_block = chess::king_attacks(pos.king_square(checked));
    if (pushes(pawns) & ~reply_may_block) {
        const Bitboard pinned_off_file =
            pos.pinned(checker) & ~chess::file_bb(chess::file_of(king));
        if (pushes(pawns & ~pinned_off_file) & ~reply_may_block) return false;
    }
    if (pieces == 0) return true;
    // And every square around its king is attacked by the checked side (a stalemate), counting
    // those its king attacks from the checking piece's square where it may take it there, and
    // the lines its leaving opens (five games of large/, a queen taken next to the other king).
    const Bitboard checked_king = pos.pieces(checked, PieceType::King);
    const bool king_may_take =
        checking_piece != 0 && (chess::king_attacks(chess::lsb(checked_king)) & checking_piece);
    const Bitboard king_takes = king_may_take ? chess::king_attacks(chess::lsb(checking_piece)) : 0;
    const Bitboard around =
        pos.occupied() ^ chess::square_bit(king) ^ (king_may_take ? checked_king : 0);
    for (Bitboard flights = chess::king_attacks(king) & ~own & ~king_takes; flights != 0;) {
        if ((pos.attackers_to(chess::pop_lsb(flights), around) & theirs) == 0) return false;
    }
    return true;
}

bool check_walk_may_close(const chess::Position& pos, Color winner) {
    using chess::Bitboard;
    using chess::PieceType;
    if (check_may_force_the_end(pos)) return true;
    if (winner == pos.side_to_move()) return false;
    // The checking side's own cases. The checked side takes the checking piece and what the
    // checker has left cannot mate (no pawn, no rook or queen, at most one minor piece):
    const Bitboard own = pos.pieces(winner) & ~pos.pieces(PieceType::King);
    if (at_most_one_minor(pos, own & ~pos.checkers())) return true;
    // or takes it with a check, which may mate the checker (7r/2PR4/6pk/6q1/5P1K/r7/8/8 w, a
    // Lichess final: fxg5 is forced and mates).
    const Color checked = pos.side_to_move();
    const Bitboard checking = pos.checkers();
    if (chess::more_than_one(checking)) return false;
    const chess::Square target = chess::lsb(checking);
    const Bitboard winner_king = pos.pieces(winner, PieceType::King);
    for (Bitboard takers =
             pos.attackers_to(target) & pos.pieces(checked) & ~pos.pieces(PieceType::King);
         takers != 0;) {
        const chess::Square from = chess::pop_lsb(takers);
        const Bitboard after = pos.occupied() ^ chess::square_bit(from);
        const PieceType type = chess::type_of(pos.piece_on(from));
        if (chess::attacks_of(type, checked, target, after) & winner_king) return true;
    }
    return false;
}

bool is_dead_beyond_material(const chess::Position& pos) {
    return chess::quick_unwinnable_proof(pos, Color::White) != UnwinnableProof::None &&
           chess::quick_unwinnable_proof(pos, Color::Black) != UnwinnableProof::None;
}

std::array<UnwinnableProof, 2> dead_position_proofs(const chess::Position& pos) {
    // The quick proofs with their walk from any position, not only from a check: a position
    // found dead by looking back from an automatic end (endings.cpp) may need it. In check the
    // two are the same.
    return {chess::walked_unwinnable_proof(pos, Color::White),
            chess::walked_unwinnable_proof(pos, Color::Black)};
}

bool is_dead_by_walk(const chess::Position& pos) {
    // Only where the side to move has few moves (every one found so on large/ and the corpus
    // had one): the walk of 24 positions rarely closes otherwise, and trying it at every
    // automatic end cost 0.13% of the audit of large/.
    if (pos.count_legal_moves() > 4) return false;
    return chess::walked_unwinnable_proof(pos, Color::White) != UnwinnableProof::None &&
           chess::walked_unwinnable_proof(pos, Color::Black) != UnwinnableProof::None;
}

SideVerdict final_verdict(const CurrentGame& game, int k, Color side) {
    const chess::Position& pos = game.history.position(k);
    CurrentGame::QuickProofs& proofs = game.quick_proofs();
    if (proofs.ply != k) {
        proofs.ply = k;
        // The walk from a check (part 3) only where it may close for that side: most games
        // resigned after a check end in a position where it cannot, and it cost the audit of
        // large/ about 1% there.
        auto proof = [&](Color winner) {
            return pos.in_check() && check_walk_may_close(pos, winner)
                       ? chess::quick_unwinnable_proof(pos, winner)
                       : chess::static_unwinnable_proof(pos, winner);
        };
        proofs.by_side = {proof(Color::White), proof(Color::Black)};
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
    out.open_question = every_pawn_blocked_by_a_pawn(pos);
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
