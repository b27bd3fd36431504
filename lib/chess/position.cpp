// Position state, make_move and the repetition key. FEN reading and writing is in fen.cpp, move
// generation in movegen.cpp.
#include "chess/position.hpp"

#include <cstring>

#include "chess/attacks.hpp"
#include "chess/position_moves.hpp"
#include "chess/zobrist.hpp"

namespace drawaudit::chess {

namespace {
// Colour and type index of a piece by table: type_of's division is measurable in make_move.
// Unsigned, so that indexing with them needs no sign extension.
constexpr std::uint8_t ColorIndex[13] = {0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 1, 1, 0};
constexpr std::uint8_t TypeIndex[13] = {0, 1, 2, 3, 4, 5, 0, 1, 2, 3, 4, 5, 0};

}  // namespace

Position Position::startpos() {
    static const Position start = from_fen(StartFen).value().position;
    return start;
}

void Position::put_piece(Piece p, Square s) {
    const Bitboard b = bb(s);
    by_color_[ColorIndex[p]] |= b;
    by_type_[TypeIndex[p]] |= b;
    board_[s] = p;
    key_ ^= zobrist::piece_square(p, s);
}

void Position::remove_piece(Square s) {
    const Piece p = board_[s];
    const Bitboard b = bb(s);
    by_color_[ColorIndex[p]] ^= b;
    by_type_[TypeIndex[p]] ^= b;
    board_[s] = NoPiece;
    key_ ^= zobrist::piece_square(p, s);
}

void Position::move_piece(Square from, Square to) {
    const Piece p = board_[from];
    const Bitboard both = bb(from) | bb(to);
    by_color_[ColorIndex[p]] ^= both;
    by_type_[TypeIndex[p]] ^= both;
    board_[from] = NoPiece;
    board_[to] = p;
    key_ ^= zobrist::piece_square(p, from) ^ zobrist::piece_square(p, to);
}

void Position::drop_castling_right(Color c, int wing) {
    Square& rook = castling_.rook[index_of(c)][wing];
    if (rook == NoSquare) return;
    key_ ^= zobrist::castling(c, rook);
    rook = NoSquare;
}

void Position::update_castling_squares() {
    castling_squares_ = 0;
    for (Color c : {Color::White, Color::Black})
        for (Square rook : castling_.rook[index_of(c)])
            if (rook != NoSquare) castling_squares_ |= bb(rook) | pieces(c, PieceType::King);
}

Bitboard Position::attackers_to(Square s, Bitboard occupancy) const {
    const Bitboard diagonal =
        by_type_[index_of(PieceType::Bishop)] | by_type_[index_of(PieceType::Queen)];
    const Bitboard straight =
        by_type_[index_of(PieceType::Rook)] | by_type_[index_of(PieceType::Queen)];
    return (pawn_attacks(Color::White, s) & pieces(Color::Black, PieceType::Pawn)) |
           (pawn_attacks(Color::Black, s) & pieces(Color::White, PieceType::Pawn)) |
           (knight_attacks(s) & by_type_[index_of(PieceType::Knight)]) |
           (king_attacks(s) & by_type_[index_of(PieceType::King)]) |
           (bishop_attacks(s, occupancy) & diagonal) | (rook_attacks(s, occupancy) & straight);
}

Bitboard Position::pinned(Color c) const {
    const Square king = king_square(c);
    Bitboard snipers = line_sliders(king, ~c);
    const Bitboard occupancy = occupied();
    Bitboard result = 0;
    while (snipers) {
        const Bitboard between = between_bb(king, pop_lsb(snipers)) & occupancy;
        if (between && !more_than_one(between)) result |= between;
    }
    return result & pieces(c);
}

bool Position::en_passant_capture_is_legal(Square from) const {
    const Color us = side_;
    const Square captured = make_square(file_of(ep_square_), rank_of(from));
    const Square king = king_square(us);
    // 9.2.2.1: the capture is played out on the occupancy, so that every pin counts, including
    // the rank pin where capturer and captured pawn both leave the king's rank.
    const Bitboard after = (occupied() ^ bb(from) ^ bb(captured)) | bb(ep_square_);
    const Bitboard enemies = pieces(~us) & ~bb(captured);
    const Bitboard queens = by_type_[index_of(PieceType::Queen)];
    const Bitboard straight = (by_type_[index_of(PieceType::Rook)] | queens) & enemies;
    const Bitboard diagonal = (by_type_[index_of(PieceType::Bishop)] | queens) & enemies;
    return !(rook_attacks(king, after) & straight) && !(bishop_attacks(king, after) & diagonal) &&
           !(knight_attacks(king) & by_type_[index_of(PieceType::Knight)] & enemies) &&
           !(pawn_attacks(us, king) & by_type_[index_of(PieceType::Pawn)] & enemies);
}

// Out of line: make_move's common path calls it only after a double push beside an enemy pawn.
[[gnu::noinline]] void Position::update_en_passant_legality() {
    if (ep_legal_) key_ ^= zobrist::en_passant(ep_square_);
    ep_legal_ = false;
    if (ep_square_ == NoSquare) return;
    Bitboard capturers = pawn_attacks(~side_, ep_square_) & pieces(side_, PieceType::Pawn);
    while (capturers) {
        if (en_passant_capture_is_legal(pop_lsb(capturers))) {
            ep_legal_ = true;
            key_ ^= zobrist::en_passant(ep_square_);  // 9.2.2.1: counts only when legal
            return;
        }
    }
}

std::uint64_t Position::compute_key() const {
    std::uint64_t key = 0;
    for (int s = 0; s < 64; ++s)
        if (board_[s] != NoPiece) key ^= zobrist::piece_square(board_[s], static_cast<Square>(s));
    for (int c = 0; c < 2; ++c)
        for (int wing = 0; wing < 2; ++wing)
            if (castling_.rook[c][wing] != NoSquare)
                key ^= zobrist::castling(static_cast<Color>(c), castling_.rook[c][wing]);
    if (ep_legal_) key ^= zobrist::en_passant(ep_square_);
    if (side_ == Color::Black) key ^= zobrist::side();
    return key;
}

inline void Position::update_checkers() {
    // Checkers of the side now to move: leapers by table, sliders with sliders_reaching.
    const int mover = index_of(side_) ^ 1;
    const Square king = king_square(side_);
    const Bitboard mine = by_color_[mover];
    const Bitboard leapers = ((pawn_attacks(side_, king) & by_type_[index_of(PieceType::Pawn)]) |
                              (knight_attacks(king) & by_type_[index_of(PieceType::Knight)])) &
                             mine;
    checkers_ = leapers | sliders_reaching(king, line_sliders(king, ~side_), occupied());
}

void Position::make_move(Move m) {
    make_move_inline(m);
}

bool Position::ordinary_move_outcome(Move m, std::uint64_t& key, Bitboard& checkers) const {
    const std::size_t from = m.from();
    const std::size_t to = m.to();
    if (m.kind() != MoveKind::Normal || touches_rights_or_en_passant(from, to)) return false;
    const auto& hot = detail::Hot;
    const std::size_t moving = board_[from];
    // A double push beside an enemy pawn may give an en-passant capture, which the key holds
    // (9.2.2.1): made, as make_move decides it.
    if (hot.type_index[moving] == index_of(PieceType::Pawn) && ((from ^ to) == 16) &&
        pawn_beside_passed(*this, moving, (from + to) >> 1,
                           static_cast<std::size_t>(index_of(~side_))))
        return false;
    const std::size_t captured = board_[to];
    const Bitboard to_bb = hot.square_bit[to];
    const Bitboard ours = by_color_[index_of(side_)] ^ (hot.square_bit[from] | to_bb);
    const Bitboard theirs = by_color_[index_of(~side_)] & ~to_bb;
    key = ordinary_move_key(*this, moving, captured, from, to);
    checkers = ordinary_move_checkers(*this, moving, from, to, to_bb, side_, ours, theirs);
    return true;
}

Position Position::after_move(const Position& before, Move m) {
    Position after{Unset{}};
    if (m.kind() == MoveKind::Normal) {
        after.copy_make_normal_move(before, m.from(), m.to());
    } else {
        after = before;
        after.make_move_inline(m);
    }
    return after;
}

// 9.2.2.2: a right ends when its king or rook moves, or the rook is captured. Before the move
// (the mover still on `from`).
void Position::end_castling_rights(Square from, Square to) {
    const Color us = side_;
    const Color them = ~us;
    const int u = index_of(us), t = index_of(them);
    if (TypeIndex[board_[from]] == index_of(PieceType::King)) {
        drop_castling_right(us, 0);
        drop_castling_right(us, 1);
    }
    for (int wing = 0; wing < 2; ++wing) {
        if (castling_.rook[u][wing] == from) drop_castling_right(us, wing);
        if (castling_.rook[t][wing] == to) drop_castling_right(them, wing);
    }
    update_castling_squares();
}

// An ordinary move that touches a castling right or follows a possible en passant (see
// make_normal_move_inline): the end of that possibility (9.2.2.1: its key part goes) and of the
// rights the move touches, then the common path's steps. Once the rights of `from` and `to` are
// gone neither square holds one, so make_normal_move_inline does not come back here.
[[gnu::noinline]] void Position::make_normal_move_rare(Move m) {
    const Square from = m.from();
    const Square to = m.to();
    if (ep_legal_) key_ ^= zobrist::en_passant(ep_square_);
    ep_legal_ = false;
    if ((bb(from) | bb(to)) & castling_squares_) end_castling_rights(from, to);
    make_normal_move_inline(*this, from, to);
}

void Position::make_move_general(Move m) {
    // make_move_inline sends castling to make_castling_move itself; the one implementation.
    if (m.kind() == MoveKind::Castling) {
        make_castling_move(m.from(), m.to());
        return;
    }
    const Color us = side_;
    const Color them = ~us;
    const Square from = m.from();
    const Square to = m.to();
    const Piece moving = board_[from];
    const PieceType moving_type = static_cast<PieceType>(TypeIndex[moving]);

    if (ep_legal_) key_ ^= zobrist::en_passant(ep_square_);
    ep_square_ = NoSquare;
    ep_legal_ = false;
    ++halfmove_clock_;

    if ((bb(from) | bb(to)) & castling_squares_) end_castling_rights(from, to);

    switch (m.kind()) {
        case MoveKind::Normal: {
            const Piece captured = board_[to];
            if (captured != NoPiece) {
                by_color_[index_of(them)] ^= bb(to);
                by_type_[TypeIndex[captured]] ^= bb(to);
                key_ ^= zobrist::piece_square(captured, to);
                halfmove_clock_ = 0;
            }
            move_piece(from, to);
            if (moving_type == PieceType::Pawn) {
                halfmove_clock_ = 0;
                if ((from ^ to) == 16) ep_square_ = static_cast<Square>((from + to) / 2);
            }
            break;
        }
        case MoveKind::Promotion:
            if (board_[to] != NoPiece) remove_piece(to);
            remove_piece(from);
            put_piece(make_piece(us, m.promotion()), to);
            halfmove_clock_ = 0;
            break;
        case MoveKind::EnPassant:
            remove_piece(make_square(file_of(to), rank_of(from)));
            move_piece(from, to);
            halfmove_clock_ = 0;
            break;
        case MoveKind::Castling:  // make_castling_move (above)
            break;
    }

    side_ = them;
    key_ ^= zobrist::side();
    if (us == Color::Black) ++fullmove_number_;

    update_checkers();
    if (ep_square_ != NoSquare) update_en_passant_legality();
}

bool Position::is_capture(Move m) const {
    switch (m.kind()) {
        case MoveKind::EnPassant:
            return true;
        case MoveKind::Castling:
            return false;
        default:
            return board_[m.to()] != NoPiece;
    }
}

bool Position::is_zeroing(Move m) const {
    return type_of(board_[m.from()]) == PieceType::Pawn || is_capture(m);
}

bool Position::same_position(const Position& other) const {
    const Square ep = ep_legal_ ? ep_square_ : NoSquare;
    const Square other_ep = other.ep_legal_ ? other.ep_square_ : NoSquare;
    return side_ == other.side_ && castling_ == other.castling_ && ep == other_ep &&
           std::memcmp(board_, other.board_, sizeof board_) == 0;
}

}  // namespace drawaudit::chess
