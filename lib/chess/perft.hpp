// Perft: counts the leaf nodes of the legal move tree, to check the generator against others.
#pragma once

#include <cstdint>
#include <utility>
#include <vector>

#include "chess/position.hpp"

namespace drawaudit::chess {

// Counts positions at `depth` plies (bulk-counting the last ply, as Stockfish does).
std::uint64_t perft(const Position& pos, int depth);

// Per root move, its UCI text and count (for --divide).
std::vector<std::pair<Move, std::uint64_t>> perft_divide(const Position& pos, int depth);

}  // namespace drawaudit::chess
