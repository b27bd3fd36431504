// Zobrist keys of the repetition key (RULES.md "Same position", 9.2.2), computed at compile time
// from a fixed seed so that keys are identical across runs and builds.
#pragma once

#include <array>
#include <cstdint>

#include "chess/types.hpp"

namespace drawaudit::chess::zobrist {

namespace detail {
constexpr std::uint64_t splitmix64(std::uint64_t& state) {
    std::uint64_t z = (state += 0x9E3779B97F4A7C15ULL);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
    return z ^ (z >> 31);
}

struct Keys {
    // Row NoPiece is all zero, so that "xor in whatever stood on the target" needs no branch.
    std::uint64_t piece_square[13][64];
    // 9.2.2.2: one key per castling right, by colour and rook file (Chess960 rights are per rook).
    std::uint64_t castling[2][8];
    // 9.2.2.1: xored in only while an en-passant capture is legal.
    std::uint64_t en_passant_file[8];
    std::uint64_t black_to_move;
};

constexpr Keys make_keys() {
    Keys k{};
    std::uint64_t state = 0x64726177617564ULL;  // "drawaud"
    for (int piece = 0; piece < NoPiece; ++piece)
        for (auto& key : k.piece_square[piece]) key = splitmix64(state);
    for (auto& colour : k.castling)
        for (auto& key : colour) key = splitmix64(state);
    for (auto& key : k.en_passant_file) key = splitmix64(state);
    k.black_to_move = splitmix64(state);
    return k;
}
}  // namespace detail

inline constexpr detail::Keys Keys = detail::make_keys();

constexpr std::uint64_t piece_square(Piece p, Square s) {
    return Keys.piece_square[p][s];
}
constexpr std::uint64_t castling(Color c, Square rook) {
    return Keys.castling[index_of(c)][file_of(rook)];
}
constexpr std::uint64_t en_passant(Square s) {
    return Keys.en_passant_file[file_of(s)];
}
constexpr std::uint64_t side() {
    return Keys.black_to_move;
}

}  // namespace drawaudit::chess::zobrist
