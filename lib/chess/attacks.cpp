#include "chess/attacks.hpp"

#include <bit>
#include <cstdlib>
#include <mutex>

#include "chess/magic_numbers.hpp"

namespace drawaudit::chess {

namespace detail {

Magic RookMagics[64];
Magic BishopMagics[64];
Bitboard LineBB[64][64];

namespace {

// Fancy magics: each square owns a slice of one shared table, 2^bits entries.
Bitboard rook_table[0x19000];
Bitboard bishop_table[0x1480];

constexpr int rook_directions[4][2] = {{1, 0}, {-1, 0}, {0, 1}, {0, -1}};
constexpr int bishop_directions[4][2] = {{1, 1}, {1, -1}, {-1, 1}, {-1, -1}};

// The relevant occupancy: every ray square except the last one before the edge (a piece there
// cannot block anything further).
Bitboard relevant_mask(bool rook, Square s) {
    auto on_board = [](int f, int r) { return f >= 0 && f <= 7 && r >= 0 && r <= 7; };
    Bitboard mask = 0;
    const auto& dirs = rook ? rook_directions : bishop_directions;
    for (const auto& d : dirs) {
        for (int f = file_of(s) + d[0], r = rank_of(s) + d[1]; on_board(f + d[0], r + d[1]);
             f += d[0], r += d[1])
            mask |= bb(make_square(f, r));
    }
    return mask;
}

// Deterministic xorshift64* so that a magic search gives the same numbers on every run.
struct Prng {
    std::uint64_t state;
    std::uint64_t next() {
        state ^= state >> 12;
        state ^= state << 25;
        state ^= state >> 27;
        return state * 2685821657736338717ULL;
    }
    std::uint64_t sparse() { return next() & next() & next(); }
};

// One slider's four empty-board rays from every square, split by direction: the attacks of an
// occupancy are then a few bit operations per direction instead of a walk square by square
// (the tables are filled at every start: 107,648 entries, the walk's 14M instructions were most
// of the start-up).
struct DirectedRays {
    Bitboard ray[4][64];
    bool increasing[4];  // whether the direction goes to higher squares (its first blocker is
                         // then the lowest bit)
};

DirectedRays directed_rays(bool rook) {
    DirectedRays out{};
    const auto& dirs = rook ? rook_directions : bishop_directions;
    for (int d = 0; d < 4; ++d) {
        out.increasing[d] = dirs[d][1] > 0 || (dirs[d][1] == 0 && dirs[d][0] > 0);
        for (int i = 0; i < 64; ++i) {
            Bitboard ray = 0;
            for (int f = file_of(static_cast<Square>(i)) + dirs[d][0],
                     r = rank_of(static_cast<Square>(i)) + dirs[d][1];
                 f >= 0 && f <= 7 && r >= 0 && r <= 7; f += dirs[d][0], r += dirs[d][1])
                ray |= bb(make_square(f, r));
            out.ray[d][i] = ray;
        }
    }
    return out;
}

// slow_slider_attacks by the rays: each ray up to and including its first blocker.
Bitboard ray_attacks(const DirectedRays& rays, Square s, Bitboard occupancy) {
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

// Fills the slice for one square with `magic`; false on a destructive collision.
bool try_magic(bool rook, Square s, Bitboard magic, Magic& out, Bitboard* slice) {
    static const DirectedRays rook_rays = directed_rays(true);
    static const DirectedRays bishop_rays = directed_rays(false);
    const DirectedRays& rays = rook ? rook_rays : bishop_rays;
    const Bitboard mask = relevant_mask(rook, s);
    const int bits = popcount(mask);
    const std::size_t size = std::size_t{1} << bits;
    // Per-entry epoch marks which entries this attempt has written, so no clearing is needed.
    static thread_local std::uint32_t epoch_of[4096];
    static thread_local std::uint32_t epoch = 0;
    ++epoch;
    out = Magic{mask, magic, slice, static_cast<unsigned>(64 - bits)};
    Bitboard subset = 0;
    do {
        const Bitboard attacks = ray_attacks(rays, s, subset);
        const std::size_t i = out.index(subset);
        if (i >= size) return false;
        if (epoch_of[i] != epoch) {
            epoch_of[i] = epoch;
            slice[i] = attacks;
        } else if (slice[i] != attacks) {
            return false;
        }
        subset = (subset - mask) & mask;  // Carry-Rippler: next subset of the mask
    } while (subset != 0);
    return true;
}

void init_sliders(bool rook) {
    Magic* magics = rook ? RookMagics : BishopMagics;
    Bitboard* table = rook ? rook_table : bishop_table;
    const std::uint64_t* known = rook ? RookMagicNumbers : BishopMagicNumbers;
    std::size_t offset = 0;
    Prng prng{rook ? 0x9E3779B97F4A7C15ULL : 0xD1B54A32D192ED03ULL};
    for (int i = 0; i < 64; ++i) {
        const Square s = static_cast<Square>(i);
        Bitboard* slice = table + offset;
        // The embedded numbers were found by the search below; should one ever fail (it cannot,
        // they are checked here), the search finds another.
        if (!try_magic(rook, s, known[i], magics[i], slice)) {
            const Bitboard mask = relevant_mask(rook, s);
            Bitboard magic = 0;
            do {
                magic = prng.sparse();
                if (popcount((mask * magic) >> 56) < 6) continue;
            } while (!try_magic(rook, s, magic, magics[i], slice));
        }
        offset += std::size_t{1} << popcount(magics[i].mask);
    }
}

void init_lines() {
    // The empty-board rays of each square, walked once rather than for each pair.
    Bitboard empty[2][64];
    for (int rook = 0; rook < 2; ++rook)
        for (int a = 0; a < 64; ++a)
            empty[rook][a] = slow_slider_attacks(rook != 0, static_cast<Square>(a), 0);
    for (int a = 0; a < 64; ++a) {
        for (int b = 0; b < 64; ++b) {
            LineBB[a][b] = 0;
            if (a == b) continue;
            const Square sa = static_cast<Square>(a), sb = static_cast<Square>(b);
            for (int rook : {1, 0}) {
                if (empty[rook][a] & bb(sb))
                    LineBB[a][b] = (empty[rook][a] & empty[rook][b]) | bb(sa) | bb(sb);
            }
        }
    }
}

void init_all() {
    init_sliders(true);
    init_sliders(false);
    init_lines();
}

// Fills the tables before main() for every program that links the chess core.
const bool tables_ready_at_startup = (init_attack_tables(), true);

}  // namespace

Bitboard slow_slider_attacks(bool rook, Square s, Bitboard occupancy) {
    Bitboard attacks = 0;
    const auto& dirs = rook ? rook_directions : bishop_directions;
    for (const auto& d : dirs) {
        int f = file_of(s) + d[0], r = rank_of(s) + d[1];
        while (f >= 0 && f <= 7 && r >= 0 && r <= 7) {
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

void init_attack_tables() {
    static std::once_flag once;
    std::call_once(once, detail::init_all);
}

}  // namespace drawaudit::chess
