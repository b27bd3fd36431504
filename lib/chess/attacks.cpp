// The slider and line tables, built by the compiler: the program starts with them in its
// read-only data instead of filling 107,648 entries at every start (6.6M instructions, half of
// a bare process's start and a third of a claim ruled at the board). The embedded magic numbers
// are checked here too: a destructive collision fails the build (static_assert below).
#include "chess/attacks.hpp"

#include <bit>

#include "chess/magic_numbers.hpp"

namespace drawaudit::chess {

namespace detail {

namespace {

constexpr int rook_directions[4][2] = {{1, 0}, {-1, 0}, {0, 1}, {0, -1}};
constexpr int bishop_directions[4][2] = {{1, 1}, {1, -1}, {-1, 1}, {-1, -1}};

constexpr bool on_board(int f, int r) {
    return f >= 0 && f <= 7 && r >= 0 && r <= 7;
}

// The relevant occupancy: every ray square except the last one before the edge (a piece there
// cannot block anything further).
constexpr Bitboard relevant_mask(bool rook, int s) {
    Bitboard mask = 0;
    const auto& dirs = rook ? rook_directions : bishop_directions;
    for (const auto& d : dirs) {
        for (int f = (s & 7) + d[0], r = (s >> 3) + d[1]; on_board(f + d[0], r + d[1]);
             f += d[0], r += d[1])
            mask |= Bitboard{1} << (r * 8 + f);
    }
    return mask;
}

// One slider's four empty-board rays from every square, split by direction: the attacks of an
// occupancy are then a few bit operations per direction instead of a walk square by square
// (which the compiler's evaluation limit would not allow for 107,648 entries).
struct DirectedRays {
    Bitboard ray[4][64]{};
    bool increasing[4]{};  // whether the direction goes to higher squares (its first blocker is
                           // then the lowest bit)
};

constexpr DirectedRays directed_rays(bool rook) {
    DirectedRays out{};
    const auto& dirs = rook ? rook_directions : bishop_directions;
    for (int d = 0; d < 4; ++d) {
        out.increasing[d] = dirs[d][1] > 0 || (dirs[d][1] == 0 && dirs[d][0] > 0);
        for (int s = 0; s < 64; ++s) {
            Bitboard ray = 0;
            for (int f = (s & 7) + dirs[d][0], r = (s >> 3) + dirs[d][1]; on_board(f, r);
                 f += dirs[d][0], r += dirs[d][1])
                ray |= Bitboard{1} << (r * 8 + f);
            out.ray[d][s] = ray;
        }
    }
    return out;
}

// Each ray up to and including its first blocker.
constexpr Bitboard ray_attacks(const DirectedRays& rays, int s, Bitboard occupancy) {
    Bitboard attacks = 0;
    for (int d = 0; d < 4; ++d) {
        const Bitboard ray = rays.ray[d][s];
        const Bitboard blockers = ray & occupancy;
        if (blockers == 0) {
            attacks |= ray;
            continue;
        }
        const int first =
            rays.increasing[d] ? std::countr_zero(blockers) : 63 - std::countl_zero(blockers);
        attacks |= ray ^ rays.ray[d][first];
    }
    return attacks;
}

// Fancy magics: each square owns a slice of one table, 2^bits entries, in square order.
template <std::size_t Size>
struct SliderTable {
    std::array<Bitboard, Size> attacks{};
    std::array<std::size_t, 64> offset{};
    bool magics_hold = true;  // no two occupancies with different attacks share an entry
};

template <std::size_t Size>
constexpr SliderTable<Size> make_slider_table(bool rook) {
    SliderTable<Size> table{};
    const DirectedRays rays = directed_rays(rook);
    const std::uint64_t* magics = rook ? RookMagicNumbers : BishopMagicNumbers;
    std::size_t offset = 0;
    for (int s = 0; s < 64; ++s) {
        const Bitboard mask = relevant_mask(rook, s);
        const int bits = std::popcount(mask);
        std::array<bool, 4096> written{};
        table.offset[static_cast<std::size_t>(s)] = offset;
        Bitboard subset = 0;
        do {
            const Bitboard attacks = ray_attacks(rays, s, subset);
            const auto i = static_cast<std::size_t>((subset * magics[s]) >> (64 - bits));
            if (written[i] && table.attacks[offset + i] != attacks) table.magics_hold = false;
            written[i] = true;
            table.attacks[offset + i] = attacks;
            subset = (subset - mask) & mask;  // Carry-Rippler: next subset of the mask
        } while (subset != 0);
        offset += std::size_t{1} << bits;
    }
    if (offset != Size) table.magics_hold = false;
    return table;
}

constexpr auto rook_table = make_slider_table<0x19000>(true);
constexpr auto bishop_table = make_slider_table<0x1480>(false);
static_assert(rook_table.magics_hold && bishop_table.magics_hold,
              "an embedded magic number maps two occupancies with different attacks to one entry");

template <std::size_t Size>
constexpr std::array<Magic, 64> make_magics(bool rook, const SliderTable<Size>& table) {
    std::array<Magic, 64> out{};
    const std::uint64_t* magics = rook ? RookMagicNumbers : BishopMagicNumbers;
    for (int s = 0; s < 64; ++s) {
        const Bitboard mask = relevant_mask(rook, s);
        out[static_cast<std::size_t>(s)] =
            Magic{mask, magics[s], table.attacks.data() + table.offset[static_cast<std::size_t>(s)],
                  static_cast<unsigned>(64 - std::popcount(mask))};
    }
    return out;
}

constexpr std::array<std::array<Bitboard, 64>, 64> make_lines() {
    std::array<std::array<Bitboard, 64>, 64> lines{};
    for (int a = 0; a < 64; ++a) {
        for (int b = 0; b < 64; ++b) {
            if (a == b) continue;
            const Bitboard a_bit = Bitboard{1} << a, b_bit = Bitboard{1} << b;
            for (const auto* rays : {&RookRays, &BishopRays}) {
                const auto& r = *rays;
                if (r[static_cast<std::size_t>(a)] & b_bit)
                    lines[static_cast<std::size_t>(a)][static_cast<std::size_t>(b)] =
                        (r[static_cast<std::size_t>(a)] & r[static_cast<std::size_t>(b)]) | a_bit |
                        b_bit;
            }
        }
    }
    return lines;
}

}  // namespace

constexpr std::array<Magic, 64> RookMagics = make_magics(true, rook_table);
constexpr std::array<Magic, 64> BishopMagics = make_magics(false, bishop_table);
constexpr std::array<std::array<Bitboard, 64>, 64> LineBB = make_lines();

Bitboard slow_slider_attacks(bool rook, Square s, Bitboard occupancy) {
    Bitboard attacks = 0;
    const auto& dirs = rook ? rook_directions : bishop_directions;
    for (const auto& d : dirs) {
        int f = file_of(s) + d[0], r = rank_of(s) + d[1];
        while (on_board(f, r)) {
            const Bitboard b = bb(make_square(f, r));
            attacks |= b;
            if (occupancy & b) break;
            f += d[0];
            r += d[1];
        }
    }
    return attacks;
}

}  // namespace detail

}  // namespace drawaudit::chess
