// Internal to lib/chess: make_move's body, inline so that play_san (san.cpp) has it in one
// function with the resolution of the move and the copy, while make_move (position.cpp) keeps
// the one implementation. Not for other layers: include position.hpp.
#pragma once

#include "chess/attacks.hpp"
#include "chess/position.hpp"
#include "chess/zobrist.hpp"

namespace drawaudit::chess {

[[gnu::always_inline]] inline Bitboard Position::line_sliders(Square s, Color c) const {
    const Bitboard queens = by_type_[index_of(PieceType::Queen)];
    return ((rook_rays(s) & (by_type_[index_of(PieceType::Rook)] | queens)) |
            (bishop_rays(s) & (by_type_[index_of(PieceType::Bishop)] | queens))) &
           by_color_[index_of(c)];
}

[[gnu::always_inline]] inline bool Position::touches_rights_or_en_passant(std::size_t from,
                                                                          std::size_t to) const {
    return ((detail::Hot.square_bit[from] | detail::Hot.square_bit[to]) & castling_squares_) ||
           ep_legal_;
}

// Whether a piece of `by` attacks `s` with `occupancy` (which may differ from the board's: a
// king's own square does not shield the square it steps to). Leapers first, the three tests in
// one; then the enemy sliders on the empty-board rays of `s` with the between table
// (sliders_reaching) rather than a magic lookup, whose large table misses the cache while game
// text streams through it. For SAN reading's king steps and for castling.
[[gnu::always_inline]] inline bool attacked_without_magic(const Position& pos, Color by, Square s,
                                                          Bitboard occupancy) {
    const Bitboard enemies = pos.pieces(by);
    if (((pawn_attacks(~by, s) & pos.pieces(PieceType::Pawn)) |
         (knight_attacks(s) & pos.pieces(PieceType::Knight)) |
         (king_attacks(s) & pos.pieces(PieceType::King))) &
        enemies)
        return true;
    return sliders_reaching(s, pos.line_sliders(s, by), occupancy) != 0;
}

[[gnu::always_inline]] inline void Position::make_move_inline(Move m) {
    if (m.kind() != MoveKind::Normal) {
        if (m.kind() == MoveKind::Castling)
            make_castling_move(m.from(), m.to());
        else
            make_move_general(m);
        return;
    }
    make_normal_move_inline(*this, m.from(), m.to());
}

[[gnu::always_inline]] inline void Position::make_normal_move_inline(const Position& before,
                                                                     std::size_t from,
                                                                     std::size_t to) {
    // The common case in one straight line: an ordinary move that touches no castling right and
    // follows no en-passant possibility. The others take make_normal_move_rare: the two rarer
    // first steps (ending rights, 9.2.2.2, and the key part of a possible en passant, 9.2.2.1),
    // then this same line again, cheaper than make_move_general's full check search. Not a call
    // and a return to here: that measured about 1 instruction per half-move more on
    // bench/chess_replay (registers spilled around the call on the common path).
    if (before.touches_rights_or_en_passant(from, to)) {
        make_normal_move_rare(Move(static_cast<Square>(from), static_cast<Square>(to)));
        return;
    }
    play_common_normal_move(before, from, to);
}

[[gnu::always_inline]] inline void Position::copy_make_normal_move(const Position& before,
                                                                   std::size_t from,
                                                                   std::size_t to) {
    *this = before;
    make_normal_move_inline(before, from, to);
}

[[gnu::always_inline]] inline void Position::play_common_normal_move(const Position& before,
                                                                     std::size_t from,
                                                                     std::size_t to) {
    // Plain unsigned arithmetic, square bits by table rather than by a variable shift, and every
    // table from one object (detail::Hot): this path runs once per half-move of every game.
    // Every field the move changes is computed from `before` and stored, never read back from
    // *this after the copy: the copy's 16-byte loads cannot take their data from the previous
    // move's narrower stores (no store forwarding from several stores) and wait for them to
    // reach the cache; reading the copy back put that wait on the path from one move to the
    // next. Measured on bench/chess_replay: about 1.2 ns per half-move faster, and steady where
    // small source changes used to swing the copy-then-modify form by up to 25%.
    const auto& hot = detail::Hot;
    const Bitboard from_bb = hot.square_bit[from];
    const Bitboard to_bb = hot.square_bit[to];
    const std::size_t us = index_of(before.side_);
    const std::size_t them = us ^ 1;
    const std::size_t moving = before.board_[from];
    const std::size_t captured = before.board_[to];  // NoPiece on an empty target
    board_[from] = NoPiece;
    board_[to] = static_cast<Piece>(moving);
    // 9.3: a capture or a pawn move restarts the count of the fifty-move rule.
    halfmove_clock_ =
        (before.halfmove_clock_ + 1) & hot.clock_if_moved[moving] & hot.clock_if_taken[captured];
    key_ = ordinary_move_key(before, moving, captured, from, to);
    // Without a branch: clearing the target is a no-op when it is empty (NoPiece's type index
    // names the pawns, none of which stands there, and its Zobrist row is zero). The captured
    // type's word first: when the mover is of the same type, its word is written again below
    // (the mover's word holds nothing on `to` unless it is also the captured one's).
    const Bitboard move_bb = from_bb | to_bb;
    const std::size_t captured_type = hot.type_index[captured];
    const std::size_t moving_type = hot.type_index[moving];
    by_type_[captured_type] = before.by_type_[captured_type] & ~to_bb;
    by_type_[moving_type] = (before.by_type_[moving_type] & ~to_bb) ^ move_bb;
    const Bitboard theirs = before.by_color_[them] & ~to_bb;
    const Bitboard ours = before.by_color_[us] ^ move_bb;
    by_color_[them] = theirs;
    by_color_[us] = ours;
    fullmove_number_ = before.fullmove_number_ + static_cast<int>(us);  // after Black's move
    side_ = static_cast<Color>(them);
    // 9.2.2.1: the possibility is only looked into when an enemy pawn stands beside the pawn (a
    // double push captures nothing, so the enemy pawns are those of `before`). With `&` rather
    // than `&&`: no branch on the kind of move.
    const bool double_push = (moving_type == index_of(PieceType::Pawn)) & ((from ^ to) == 16);
    const std::size_t passed = (from + to) >> 1;
    ep_square_ = static_cast<Square>(double_push ? passed : std::size_t{NoSquare});
    const bool ep_chance = double_push & pawn_beside_passed(before, moving, passed, them);

    // Checkers from the move alone: the side now to move was not in check before it, so only
    // the moved piece, or a slider of the mover uncovered on the king's ray through `from`, can
    // give check. The moved piece checks when the king is on its empty-board ray with nothing
    // between (a leaper's between is empty): in mask arithmetic, without a branch on the kind
    // of piece.
    checkers_ = ordinary_move_checkers(before, moving, from, to, to_bb, static_cast<Color>(us),
                                       ours, theirs);
    if (ep_chance) update_en_passant_legality();
}

[[gnu::always_inline]] inline bool Position::pawn_beside_passed(const Position& before,
                                                                std::size_t moving,
                                                                std::size_t passed,
                                                                std::size_t them) {
    return (detail::Hot.piece_rays[moving][passed] & before.by_color_[them] &
            before.by_type_[index_of(PieceType::Pawn)]) != 0;
}

[[gnu::always_inline]] inline std::uint64_t Position::ordinary_move_key(const Position& before,
                                                                        std::size_t moving,
                                                                        std::size_t captured,
                                                                        std::size_t from,
                                                                        std::size_t to) {
    const auto& hot = detail::Hot;
    return before.key_ ^ zobrist::Keys.black_to_move ^ hot.piece_square_key[moving][from] ^
           hot.piece_square_key[moving][to] ^ hot.piece_square_key[captured][to];
}

[[gnu::always_inline]] inline Bitboard Position::ordinary_move_checkers(
    const Position& before, std::size_t moving, std::size_t from, std::size_t to, Bitboard to_bb,
    Color us, Bitboard ours, Bitboard theirs) {
    const auto& hot = detail::Hot;
    const Bitboard occupancy = ours | theirs;
    const Bitboard king_bb = theirs & before.by_type_[index_of(PieceType::King)];
    const Square king = lsb_of_nonempty(king_bb);
    const bool direct =
        ((hot.piece_rays[moving][to] & king_bb) != 0) & ((hot.between[to][king] & occupancy) == 0);
    Bitboard checkers = to_bb & (Bitboard{0} - static_cast<Bitboard>(direct));
    // A piece leaving a king's ray (queen rays are symmetric: the king on one of those of
    // `from`) uncovers the slider of the mover now nearest to the king on that ray, if that is
    // one moving along such lines. The mover's sliders are those of `before`: the moved piece
    // is the one difference, and when it is the nearest on that ray, `direct` has set its bit
    // already. The test of the ray stays a branch: the straight-line form measured about 4%
    // slower on bench/chess_replay.
    if (hot.piece_rays[WhiteQueen][from] & king_bb) {
        checkers |= nearest_on_ray(king, static_cast<Square>(from), occupancy) &
                    before.line_sliders(king, us);
    }
    return checkers;
}

// make_move for castling, without make_move_general's general steps: castling captures
// nothing, moves no pawn, creates no en-passant chance and ends exactly the mover's two rights.
// Inline here for detail::play_castling (movegen.cpp), SAN reading's castling.
[[gnu::always_inline]] inline void Position::make_castling_move(Square from, Square to) {
    const Color us = side_;
    const Color them = ~us;
    // 9.2.2.1: an en-passant possibility ends with the move that does not take it.
    if (ep_legal_) key_ ^= zobrist::en_passant(ep_square_);
    ep_square_ = NoSquare;
    ep_legal_ = false;
    ++halfmove_clock_;  // 9.3: neither a capture nor a pawn move
    // 9.2.2.2: the king moves, so both of the mover's rights end; the squares that still hold a
    // right are then only the opponent's.
    for (Square& rook : castling_.rook[index_of(us)]) {
        if (rook != NoSquare) key_ ^= zobrist::castling(us, rook);
        rook = NoSquare;
    }
    update_castling_squares();
    // King takes own rook: king to the g/c-file, rook to the f/d-file (3.8.2, Chess960 alike).
    const bool king_side = to > from;
    const int back_rank = rank_of(from);
    const Square king_to = make_square(king_side ? 6 : 2, back_rank);
    const Square rook_to = make_square(king_side ? 5 : 3, back_rank);
    const Piece king_piece = board_[from];
    const Piece rook = board_[to];
    // Both pieces at once, by xor: right in Chess960 too, where king or rook may end on its own
    // or the other's square (the two targets differ, as do the two origins).
    const Bitboard king_bits = bb(from) ^ bb(king_to);
    const Bitboard rook_bits = bb(to) ^ bb(rook_to);
    by_color_[index_of(us)] ^= king_bits ^ rook_bits;
    by_type_[index_of(PieceType::King)] ^= king_bits;
    by_type_[index_of(PieceType::Rook)] ^= rook_bits;
    board_[from] = NoPiece;
    board_[to] = NoPiece;
    board_[king_to] = king_piece;
    board_[rook_to] = rook;
    key_ ^= zobrist::piece_square(king_piece, from) ^ zobrist::piece_square(king_piece, king_to) ^
            zobrist::piece_square(rook, to) ^ zobrist::piece_square(rook, rook_to);
    side_ = them;
    key_ ^= zobrist::side();
    if (us == Color::Black) ++fullmove_number_;
    // Only sliders can check: the rook, or in Chess960 one uncovered by a vacated square. No pawn
    // or knight moved, and the side now to move was not in check before the move.
    const Square king = king_square(them);
    checkers_ = sliders_reaching(king, line_sliders(king, us), occupied());
}

}  // namespace drawaudit::chess
