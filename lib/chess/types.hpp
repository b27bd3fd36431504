// Small value types of the chess core: colours, squares, pieces, bitboards, moves.
// Everything here is constexpr so that tables built from it can be computed at compile time.
#pragma once

#include <array>
#include <bit>
#include <cstdint>

namespace drawaudit::chess {

enum class Color : std::uint8_t { White = 0, Black = 1 };
// By xor rather than by a comparison: one instruction where an index of the other side is
// needed.
constexpr Color operator~(Color c) {
    return static_cast<Color>(static_cast<std::uint8_t>(c) ^ 1);
}
constexpr int index_of(Color c) {
    return static_cast<int>(c);
}

// Little-endian rank-file mapping: A1 = 0, B1 = 1, ..., H8 = 63.
enum Square : std::uint8_t {
    A1,
    B1,
    C1,
    D1,
    E1,
    F1,
    G1,
    H1,
    A2,
    B2,
    C2,
    D2,
    E2,
    F2,
    G2,
    H2,
    A3,
    B3,
    C3,
    D3,
    E3,
    F3,
    G3,
    H3,
    A4,
    B4,
    C4,
    D4,
    E4,
    F4,
    G4,
    H4,
    A5,
    B5,
    C5,
    D5,
    E5,
    F5,
    G5,
    H5,
    A6,
    B6,
    C6,
    D6,
    E6,
    F6,
    G6,
    H6,
    A7,
    B7,
    C7,
    D7,
    E7,
    F7,
    G7,
    H7,
    A8,
    B8,
    C8,
    D8,
    E8,
    F8,
    G8,
    H8,
    NoSquare = 64
};

constexpr int file_of(Square s) {
    return s & 7;
}
constexpr int rank_of(Square s) {
    return s >> 3;
}
constexpr Square make_square(int file, int rank) {
    return static_cast<Square>(rank * 8 + file);
}
constexpr bool is_valid(Square s) {
    return s < NoSquare;
}
// Rank as seen from `c`'s side: relative_rank(White, A2) == 1, relative_rank(Black, A7) == 1.
// Branch-free: the side to move alternates every half-move, which a branch would mispredict.
constexpr int relative_rank(Color c, Square s) {
    return rank_of(s) ^ (7 * index_of(c));
}
constexpr bool is_light_square(Square s) {
    return ((file_of(s) + rank_of(s)) & 1) != 0;
}

enum class PieceType : std::uint8_t { Pawn, Knight, Bishop, Rook, Queen, King, None };
constexpr int index_of(PieceType t) {
    return static_cast<int>(t);
}

// Piece = colour * 6 + type; NoPiece marks an empty square.
enum Piece : std::uint8_t {
    WhitePawn,
    WhiteKnight,
    WhiteBishop,
    WhiteRook,
    WhiteQueen,
    WhiteKing,
    BlackPawn,
    BlackKnight,
    BlackBishop,
    BlackRook,
    BlackQueen,
    BlackKing,
    NoPiece = 12
};
constexpr Piece make_piece(Color c, PieceType t) {
    return static_cast<Piece>(index_of(c) * 6 + index_of(t));
}
constexpr Color color_of(Piece p) {
    return p >= BlackPawn ? Color::Black : Color::White;
}
constexpr PieceType type_of(Piece p) {
    return p == NoPiece ? PieceType::None : static_cast<PieceType>(p % 6);
}

using Bitboard = std::uint64_t;
constexpr Bitboard bb(Square s) {
    return Bitboard{1} << s;
}
constexpr int popcount(Bitboard b) {
    return std::popcount(b);
}
constexpr Square lsb(Bitboard b) {
    return static_cast<Square>(std::countr_zero(b));
}
// lsb of a set that cannot be empty (a king, say): spares the zero test that std::countr_zero
// needs where the processor's bit scan leaves an empty input undefined.
constexpr Square lsb_of_nonempty(Bitboard b) {
    if (b == 0) __builtin_unreachable();
    return static_cast<Square>(std::countr_zero(b));
}
constexpr Square pop_lsb(Bitboard& b) {
    const Square s = lsb(b);
    b &= b - 1;
    return s;
}
constexpr bool more_than_one(Bitboard b) {
    return (b & (b - 1)) != 0;
}

constexpr Bitboard FileABB = 0x0101010101010101ULL;
constexpr Bitboard Rank1BB = 0xFFULL;
constexpr Bitboard file_bb(int file) {
    return FileABB << file;
}
constexpr Bitboard rank_bb(int rank) {
    return Rank1BB << (8 * rank);
}
constexpr Bitboard LightSquaresBB = 0x55AA55AA55AA55AAULL;
constexpr Bitboard DarkSquaresBB = ~LightSquaresBB;

enum class MoveKind : std::uint8_t { Normal = 0, Promotion = 1, EnPassant = 2, Castling = 3 };

// A move in 16 bits: from (6), to (6), promotion piece (2: knight..queen), kind (2).
// Castling is encoded as "king takes own rook" (to = the rook's square), which serves standard
// chess and Chess960 alike; SAN and UCI writers translate it.
class Move {
  public:
    constexpr Move() = default;
    constexpr Move(Square from, Square to, MoveKind kind = MoveKind::Normal,
                   PieceType promotion = PieceType::Knight)
        : data_(static_cast<std::uint16_t>(
              from | (to << 6) | ((index_of(promotion) - index_of(PieceType::Knight)) << 12) |
              (static_cast<int>(kind) << 14))) {}

    constexpr Square from() const { return static_cast<Square>(data_ & 63); }
    constexpr Square to() const { return static_cast<Square>((data_ >> 6) & 63); }
    constexpr MoveKind kind() const { return static_cast<MoveKind>(data_ >> 14); }
    constexpr PieceType promotion() const {
        return static_cast<PieceType>(((data_ >> 12) & 3) + index_of(PieceType::Knight));
    }
    constexpr bool is_null() const { return data_ == 0; }
    constexpr std::uint16_t raw() const { return data_; }
    constexpr bool operator==(const Move&) const = default;

  private:
    std::uint16_t data_ = 0;
};

// Fixed-capacity move list: no allocation while generating. 218 is the known maximum of legal
// moves in a reachable chess position, but the unwinnability analysis also reads composed
// positions with more promoted pieces than a game allows (FenOptions). The FEN reader keeps
// at most 16 men a side and moves never add men: a king has at most 8 moves and 2 castlings,
// every other man at most 27 (a queen in the centre; a pawn 12 with its promotions), so no
// position has more than 10 + 15 * 27 = 415 legal moves. (Measured: no cost over 256 in the
// analysis or perft.)
inline constexpr int MaxMoves = 416;
struct MoveList {
    // The moves are left unset until pushed: zeroing all 832 bytes took 5% of the best-first
    // search's own time (one list per position expanded), where a list holds some thirty.
    MoveList() {}
    union {
        Move moves[MaxMoves];
    };
    int count = 0;

    constexpr void push(Move m) { moves[static_cast<std::size_t>(count++)] = m; }
    constexpr const Move* begin() const { return moves; }
    constexpr const Move* end() const { return moves + count; }
    constexpr int size() const { return count; }
    constexpr bool empty() const { return count == 0; }
    constexpr Move operator[](int i) const { return moves[static_cast<std::size_t>(i)]; }
};

}  // namespace drawaudit::chess
