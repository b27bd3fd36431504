// Internal to lib/chess: make_move's body, inline so that play_san (san.cpp) has it in one
// function with the resolution of the move and the copy, while make_move (position.cpp) keeps
// the one implementation. Not for other layers: include position.hpp.
#pragma once

#include "chess/attacks.hpp"
#include "chess/position.hpp"
#include "chess/zobrist.hpp"

namespace drawaudit::chess {

[[gnu::always_inline]] inline void Position::make_move_inline(Move m) {
    // Plain unsigned arithmetic, square bits by table rather than by a variable shift, and every
    // table from one object (detail::Hot): this path runs once per half-move of every game, and
    // the order of the statements below keeps few values alive at once.
    const auto& hot = detail::Hot;
    const std::size_t raw = m.raw();
    const std::size_t from = raw & 63;
    const std::size_t to = (raw >> 6) & 63;
    const Bitboard from_bb = hot.square_bit[from];
    const Bitboard to_bb = hot.square_bit[to];
    // The common case in one straight line: an ordinary move that touches no castling right and
    // follows no en-passant possibility. Everything else takes make_move_general.
    if ((raw >> 14) != static_cast<unsigned>(MoveKind::Normal) ||
        ((from_bb | to_bb) & castling_squares_) || ep_legal_) {
        make_move_general(m);
        return;
    }
    const std::size_t us = index_of(side_);
    const std::size_t moving = board_[from];
    const std::size_t captured = board_[to];  // NoPiece on an empty target
    const bool pawn_move = moving == us * 6;
    // 9.3: a capture or a pawn move restarts the count of the fifty-move rule.
    const bool quiet = !pawn_move && captured == NoPiece;
    halfmove_clock_ = (halfmove_clock_ + 1) & -static_cast<int>(quiet);
    fullmove_number_ += static_cast<int>(us);  // after Black's move
    side_ = static_cast<Color>(us ^ 1);
    // 9.2.2.1: the possibility is only looked into when an enemy pawn stands beside the pawn (a
    // double push captures nothing, so the enemy pawns are the same before and after it).
    const bool double_push = pawn_move && (from ^ to) == 16;
    const std::size_t passed = (from + to) >> 1;
    ep_square_ = static_cast<Square>(double_push ? passed : std::size_t{NoSquare});
    const bool ep_chance = double_push && (hot.piece_rays[us * 6][passed] & by_color_[us ^ 1] &
                                           by_type_[index_of(PieceType::Pawn)]);
    key_ ^= zobrist::Keys.black_to_move ^ hot.piece_square_key[moving][from] ^
            hot.piece_square_key[moving][to] ^ hot.piece_square_key[captured][to];
    // Without a branch: clearing the target is a no-op when it is empty (NoPiece's type index
    // names the pawns, none of which stands there, and its Zobrist row is zero).
    by_color_[us ^ 1] &= ~to_bb;
    by_type_[hot.type_index[captured]] &= ~to_bb;
    by_color_[us] ^= from_bb | to_bb;
    by_type_[moving - us * 6] ^= from_bb | to_bb;
    board_[from] = NoPiece;
    board_[to] = static_cast<Piece>(moving);

    // Checkers from the move alone: the side now to move was not in check before it, so only
    // the moved piece, or a slider of the mover uncovered on a line through `from`, can give
    // check. A slider checks when the king is on its empty-board ray with nothing between.
    const Square king = lsb_of_nonempty(by_color_[us ^ 1] & by_type_[index_of(PieceType::King)]);
    const Bitboard occupancy = by_color_[0] | by_color_[1];
    const bool direct =
        (hot.piece_rays[moving][to] & hot.square_bit[king]) && !(hot.between[to][king] & occupancy);
    checkers_ = direct ? to_bb : 0;
    const bool uncovers = hot.piece_rays[WhiteQueen][king] & from_bb;
    if (uncovers || ep_chance) finish_move(king, from_bb, uncovers, ep_chance);
}

}  // namespace drawaudit::chess
