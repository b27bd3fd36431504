#include "chess/perft.hpp"

namespace drawaudit::chess {

namespace {

std::uint64_t count_nodes(const Position& pos, int depth) {
    // The last ply is counted in bulk: generating is counting, as every generated move is legal.
    if (depth == 1) return static_cast<std::uint64_t>(pos.count_legal_moves());
    MoveList moves;
    pos.generate_legal(moves);
    std::uint64_t nodes = 0;
    for (const Move m : moves) {
        Position next = pos;
        next.make_move(m);
        nodes += count_nodes(next, depth - 1);
    }
    return nodes;
}

}  // namespace

std::uint64_t perft(const Position& pos, int depth) {
    if (depth <= 0) return 1;
    return count_nodes(pos, depth);
}

std::vector<std::pair<Move, std::uint64_t>> perft_divide(const Position& pos, int depth) {
    std::vector<std::pair<Move, std::uint64_t>> result;
    if (depth <= 0) return result;
    MoveList moves;
    pos.generate_legal(moves);
    for (const Move m : moves) {
        Position next = pos;
        next.make_move(m);
        result.emplace_back(m, perft(next, depth - 1));
    }
    return result;
}

}  // namespace drawaudit::chess
