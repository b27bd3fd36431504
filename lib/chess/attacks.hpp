// Attack tables, all computed at compile time: leapers (knight, king, pawn), empty-board rays
// and the between table here (detail::Hot), the sliders' magic tables and the line table in
// attacks.cpp (too large to build in every file that includes this one).
#pragma once

#include <array>
#include <bit>
#include <cstdint>

#include "chess/types.hpp"
#include "chess/zobrist.hpp"

namespace drawaudit::chess {

namespace detail {

// Steps `s` by (df, dr) and returns its bit, or 0 when that leaves the board.
constexpr Bitboard step_bb(int s, int df, int dr) {
    const int f = (s & 7) + df;
    const int r = (s >> 3) + dr;
    if (f < 0 || f > 7 || r < 0 || r > 7) return 0;
    return Bitboard{1} << (r * 8 + f);
}

constexpr std::array<Bitboard, 64> make_knight_attacks() {
    std::array<Bitboard, 64> table{};
    constexpr int steps[8][2] = {{1, 2},   {2, 1},   {2, -1}, {1, -2},
                                 {-1, -2}, {-2, -1}, {-2, 1}, {-1, 2}};
    for (int s = 0; s < 64; ++s)
        for (const auto& d : steps) table[static_cast<std::size_t>(s)] |= step_bb(s, d[0], d[1]);
    return table;
}

constexpr std::array<Bitboard, 64> make_king_attacks() {
    std::array<Bitboard, 64> table{};
    for (int s = 0; s < 64; ++s)
        for (int df = -1; df <= 1; ++df)
            for (int dr = -1; dr <= 1; ++dr)
                if (df != 0 || dr != 0) table[static_cast<std::size_t>(s)] |= step_bb(s, df, dr);
    return table;
}

constexpr std::array<std::array<Bitboard, 64>, 2> make_pawn_attacks() {
    std::array<std::array<Bitboard, 64>, 2> table{};
    for (int s = 0; s < 64; ++s) {
        table[0][static_cast<std::size_t>(s)] = step_bb(s, -1, 1) | step_bb(s, 1, 1);
        table[1][static_cast<std::size_t>(s)] = step_bb(s, -1, -1) | step_bb(s, 1, -1);
    }
    return table;
}

// Slider attacks on an empty board (the candidates of a pin or a slider check).
constexpr std::array<Bitboard, 64> make_empty_board_rays(bool rook) {
    std::array<Bitboard, 64> table{};
    constexpr int rook_steps[4][2] = {{1, 0}, {-1, 0}, {0, 1}, {0, -1}};
    constexpr int bishop_steps[4][2] = {{1, 1}, {1, -1}, {-1, 1}, {-1, -1}};
    for (int s = 0; s < 64; ++s)
        for (int d = 0; d < 4; ++d) {
            const int df = rook ? rook_steps[d][0] : bishop_steps[d][0];
            const int dr = rook ? rook_steps[d][1] : bishop_steps[d][1];
            for (int k = 1; k < 8; ++k)
                table[static_cast<std::size_t>(s)] |= step_bb(s, df * k, dr * k);
        }
    return table;
}

inline constexpr std::array<Bitboard, 64> KnightAttacks = make_knight_attacks();
inline constexpr std::array<Bitboard, 64> RookRays = make_empty_board_rays(true);
inline constexpr std::array<Bitboard, 64> BishopRays = make_empty_board_rays(false);
inline constexpr std::array<Bitboard, 64> KingAttacks = make_king_attacks();
inline constexpr std::array<std::array<Bitboard, 64>, 2> PawnAttacks = make_pawn_attacks();

// The tables of the per-move paths (SAN reading, make_move, check and pin tests) in one object:
// code built as position independent needs one base register per table it indexes, and one
// object needs only one. About 80 KB, most of it the between and ray_through tables (of which a
// game touches the few rows of its kings' squares).
struct HotTables {
    // square_bit[s] == bb(s), without the variable shift (which ties up one register on x86).
    std::array<Bitboard, 64> square_bit;
    // piece_rays[p][s]: what piece p attacks from s on an empty board (pawns: their captures);
    // the row of NoPiece is empty.
    std::array<std::array<Bitboard, 64>, 13> piece_rays;
    // between[a][b]: the squares strictly between a and b on a shared line (0 if none).
    std::array<std::array<Bitboard, 64>, 64> between;
    // ray_through[a][b]: the squares of the ray from a (not included) through b, to the edge of
    // the board (0 if a and b share no line).
    std::array<std::array<Bitboard, 64>, 64> ray_through;
    // zobrist::piece_square again, with its all-zero NoPiece row, for make_move.
    std::array<std::array<std::uint64_t, 64>, 13> piece_square_key;
    // type_index[p] == index_of(type_of(p)), and 0 for NoPiece (an empty square: nothing to
    // clear, whichever type it names).
    std::array<std::uint8_t, 16> type_index;
    // 9.3, as masks for the halfmove clock: clock_if_moved[p] is all ones unless p is a pawn
    // (whose move restarts the count), clock_if_taken[p] all ones only for NoPiece (a capture
    // restarts it). make_move ands both in instead of testing.
    std::array<std::int32_t, 16> clock_if_moved;
    std::array<std::int32_t, 16> clock_if_taken;
    // For SAN reading (san.cpp): san_piece[c] is the type of the piece a move's first character
    // names (a pawn for a file letter, None for anything but a file or a piece letter);
    // san_from_mask[c] the from-squares a disambiguation character allows (its file or rank,
    // every square for 'x', none for anything else).
    std::array<PieceType, 256> san_piece;
    // san_target_empty[k] and san_target_enemy[k]: all ones when a move of shape k may go to an
    // empty square, or take an enemy piece (k = san_target_shape: pawn or piece, the text's
    // length without a check mark, and whether its second character is 'x').
    std::array<Bitboard, 16> san_target_empty;
    std::array<Bitboard, 16> san_target_enemy;
    std::array<Bitboard, 256> san_from_mask;
    // san_origins[shape][colour][to]: where the mover of a SAN move of that shape may come from
    // on an empty board. Shapes 1 to 5 are the pieces (knight to king, by their PieceType
    // index): their rays from `to`. Shape 0 is a pawn's push (one step, or two from its second
    // rank), shape 6 a pawn's capture; neither to the last rank, where a pawn promotes (the
    // general reader's case).
    std::array<std::array<std::array<Bitboard, 64>, 2>, 7> san_origins;
};

constexpr Bitboard make_between(int a, int b) {
    const int df = (b & 7) - (a & 7), dr = (b >> 3) - (a >> 3);
    if (a == b || (df != 0 && dr != 0 && df != dr && df != -dr)) return 0;
    const int sf = (df > 0) - (df < 0), sr = (dr > 0) - (dr < 0);
    Bitboard squares = 0;
    for (int f = (a & 7) + sf, r = (a >> 3) + sr; r * 8 + f != b; f += sf, r += sr)
        squares |= Bitboard{1} << (r * 8 + f);
    return squares;
}

constexpr Bitboard make_ray_through(int a, int b) {
    const int df = (b & 7) - (a & 7), dr = (b >> 3) - (a >> 3);
    if (a == b || (df != 0 && dr != 0 && df != dr && df != -dr)) return 0;
    const int sf = (df > 0) - (df < 0), sr = (dr > 0) - (dr < 0);
    Bitboard squares = 0;
    for (int k = 1; k < 8; ++k) squares |= step_bb(a, sf * k, sr * k);
    return squares;
}

// The index of HotTables::san_target_empty for a SAN text of length n (2 to 5, without its
// check mark): n's two low bits tell the four lengths apart.
constexpr std::size_t san_target_shape(bool pawn, std::size_t n, bool x_second) {
    return (static_cast<std::size_t>(pawn) << 3) | (static_cast<std::size_t>(x_second) << 2) |
           (n & 3);
}

constexpr HotTables make_hot_tables() {
    HotTables t{};
    for (std::size_t s = 0; s < 64; ++s) {
        t.square_bit[s] = Bitboard{1} << s;
        for (std::size_t c = 0; c < 2; ++c) {
            t.piece_rays[c * 6 + 0][s] = PawnAttacks[c][s];
            t.piece_rays[c * 6 + 1][s] = KnightAttacks[s];
            t.piece_rays[c * 6 + 2][s] = BishopRays[s];
            t.piece_rays[c * 6 + 3][s] = RookRays[s];
            t.piece_rays[c * 6 + 4][s] = BishopRays[s] | RookRays[s];
            t.piece_rays[c * 6 + 5][s] = KingAttacks[s];
        }
        for (std::size_t b = 0; b < 64; ++b) {
            t.between[s][b] = make_between(static_cast<int>(s), static_cast<int>(b));
            t.ray_through[s][b] = make_ray_through(static_cast<int>(s), static_cast<int>(b));
        }
        for (std::size_t p = 0; p < 13; ++p)
            t.piece_square_key[p][s] = zobrist::Keys.piece_square[p][s];
    }
    for (std::size_t p = 0; p < 12; ++p) t.type_index[p] = static_cast<std::uint8_t>(p % 6);
    for (std::size_t p = 0; p < 16; ++p) {
        t.clock_if_moved[p] = p == WhitePawn || p == BlackPawn ? 0 : -1;
        t.clock_if_taken[p] = p == NoPiece ? -1 : 0;
    }
    for (auto& type : t.san_piece) type = PieceType::None;
    t.san_piece['N'] = PieceType::Knight;
    t.san_piece['B'] = PieceType::Bishop;
    t.san_piece['R'] = PieceType::Rook;
    t.san_piece['Q'] = PieceType::Queen;
    t.san_piece['K'] = PieceType::King;
    for (int f = 0; f < 8; ++f) t.san_piece[static_cast<std::size_t>('a' + f)] = PieceType::Pawn;
    for (std::size_t n = 2; n < 6; ++n)
        for (std::size_t x = 0; x < 2; ++x)
            for (std::size_t pawn = 0; pawn < 2; ++pawn) {
                const std::size_t k = san_target_shape(pawn != 0, n, x != 0);
                // A piece may go to any square without its own piece; a pawn's push (two
                // characters) needs it empty, its capture (file, 'x', square) an enemy there.
                t.san_target_empty[k] = !pawn || n == 2 ? ~Bitboard{0} : 0;
                t.san_target_enemy[k] = !pawn || (n == 4 && x) ? ~Bitboard{0} : 0;
            }
    for (int f = 0; f < 8; ++f) t.san_from_mask[static_cast<std::size_t>('a' + f)] = file_bb(f);
    for (int r = 0; r < 8; ++r) t.san_from_mask[static_cast<std::size_t>('1' + r)] = rank_bb(r);
    t.san_from_mask['x'] = ~Bitboard{0};
    for (std::size_t c = 0; c < 2; ++c) {
        const int back = c == 0 ? -1 : 1;  // towards the pawn's own side
        for (int s = 0; s < 64; ++s) {
            const auto to = static_cast<std::size_t>(s);
            for (std::size_t type = 1; type < 6; ++type)
                t.san_origins[type][c][to] = t.piece_rays[type][to];
            if (s >> 3 == (c == 0 ? 7 : 0)) continue;  // the last rank: promotions
            const bool double_push_target = s >> 3 == (c == 0 ? 3 : 4);
            t.san_origins[0][c][to] =
                step_bb(s, 0, back) | (double_push_target ? step_bb(s, 0, 2 * back) : 0);
            t.san_origins[6][c][to] = PawnAttacks[c ^ 1][to];
        }
    }
    return t;
}

inline constexpr HotTables Hot = make_hot_tables();

// One square's fancy magic: index = ((occupancy & mask) * magic) >> shift.
struct Magic {
    Bitboard mask;
    Bitboard magic;
    const Bitboard* attacks;
    unsigned shift;

    std::size_t index(Bitboard occupancy) const {
        return static_cast<std::size_t>(((occupancy & mask) * magic) >> shift);
    }
};

extern const std::array<Magic, 64> RookMagics;
extern const std::array<Magic, 64> BishopMagics;
// LineBB[a][b]: the whole line through a and b, both included (0 if they share none).
extern const std::array<std::array<Bitboard, 64>, 64> LineBB;

// Ray attacks computed square by square; the reference the magics are checked against.
Bitboard slow_slider_attacks(bool rook, Square s, Bitboard occupancy);

}  // namespace detail

constexpr Bitboard square_bit(Square s) {
    return detail::Hot.square_bit[s];
}
constexpr Bitboard knight_attacks(Square s) {
    return detail::Hot.piece_rays[WhiteKnight][s];
}
constexpr Bitboard king_attacks(Square s) {
    return detail::Hot.piece_rays[WhiteKing][s];
}
// The squares a pawn of colour `c` on `s` attacks.
constexpr Bitboard pawn_attacks(Color c, Square s) {
    return detail::Hot.piece_rays[static_cast<std::size_t>(index_of(c) * 6)][s];
}
constexpr Bitboard rook_rays(Square s) {
    return detail::Hot.piece_rays[WhiteRook][s];
}
constexpr Bitboard bishop_rays(Square s) {
    return detail::Hot.piece_rays[WhiteBishop][s];
}
// What piece `p` attacks from `s` on an empty board (a pawn: its captures; NoPiece: nothing).
constexpr Bitboard piece_rays(Piece p, Square s) {
    return detail::Hot.piece_rays[p][s];
}
inline Bitboard rook_attacks(Square s, Bitboard occupancy) {
    const detail::Magic& m = detail::RookMagics[s];
    return m.attacks[m.index(occupancy)];
}
inline Bitboard bishop_attacks(Square s, Bitboard occupancy) {
    const detail::Magic& m = detail::BishopMagics[s];
    return m.attacks[m.index(occupancy)];
}
inline Bitboard queen_attacks(Square s, Bitboard occupancy) {
    return rook_attacks(s, occupancy) | bishop_attacks(s, occupancy);
}
constexpr Bitboard between_bb(Square a, Square b) {
    return detail::Hot.between[a][b];
}
// Of `sliders` (each on an empty-board ray of `target`), those with nothing in `occupancy`
// between them and `target`: the ones that attack it. A loop over the few sliders aligned with
// a square and the small between table, instead of a magic lookup whose large table misses the
// cache while a game file streams through it.
inline Bitboard sliders_reaching(Square target, Bitboard sliders, Bitboard occupancy) {
    Bitboard reaching = 0;
    while (sliders) {
        const Square slider = pop_lsb(sliders);
        if (!(detail::Hot.between[target][slider] & occupancy)) reaching |= square_bit(slider);
    }
    return reaching;
}
// Of `occupancy`, the square nearest to `a` on the ray from `a` through `b`, as a bit (0 when
// there is none, or no ray): on the ray from a king through a square, the piece that checks or
// shields it along that line. Without a branch: the nearest is the lowest of those bits when
// the ray runs towards higher squares (b above a), else the highest.
inline Bitboard nearest_on_ray(Square a, Square b, Bitboard occupancy) {
    const Bitboard on_ray = detail::Hot.ray_through[a][b] & occupancy;
    const Bitboard lowest = on_ray & (0 - on_ray);
    // 63 - countl_zero rather than bit_width - 1: the index of the highest bit as one bsr.
    const Bitboard highest =
        detail::Hot.square_bit[static_cast<std::size_t>(63 - std::countl_zero(on_ray | 1))] &
        on_ray;
    const Bitboard upwards = Bitboard{0} - static_cast<Bitboard>(b > a);
    return (lowest & upwards) | (highest & ~upwards);
}
inline Bitboard line_bb(Square a, Square b) {
    return detail::LineBB[a][b];
}

// Attacks of a piece type of colour `c` from `s` (pawn: captures only).
inline Bitboard attacks_of(PieceType t, Color c, Square s, Bitboard occupancy) {
    switch (t) {
        case PieceType::Pawn:
            return pawn_attacks(c, s);
        case PieceType::Knight:
            return knight_attacks(s);
        case PieceType::Bishop:
            return bishop_attacks(s, occupancy);
        case PieceType::Rook:
            return rook_attacks(s, occupancy);
        case PieceType::Queen:
            return queen_attacks(s, occupancy);
        case PieceType::King:
            return king_attacks(s);
        default:
            return 0;
    }
}

// Pawn pushes and captures of a whole set at once, from `c`'s point of view.
template <Color c>
constexpr Bitboard pawn_push(Bitboard b) {
    if constexpr (c == Color::White)
        return b << 8;
    else
        return b >> 8;
}
template <Color c>
constexpr Bitboard pawn_attacks_west(Bitboard b) {  // towards the a-file
    if constexpr (c == Color::White)
        return (b & ~FileABB) << 7;
    else
        return (b & ~FileABB) >> 9;
}
template <Color c>
constexpr Bitboard pawn_attacks_east(Bitboard b) {  // towards the h-file
    if constexpr (c == Color::White)
        return (b & ~file_bb(7)) << 9;
    else
        return (b & ~file_bb(7)) >> 7;
}

}  // namespace drawaudit::chess
