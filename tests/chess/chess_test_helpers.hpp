// Shared helpers of the chess tests: positions from FEN, and games from SAN.
#pragma once

#include <gtest/gtest.h>

#include <initializer_list>
#include <string_view>

#include "chess/position.hpp"
#include "chess/san.hpp"

namespace drawaudit::chess::test {

// The position of `fen`; a test failure (and the empty board) when it does not parse.
inline Position position_of(std::string_view fen, bool chess960 = false) {
    auto parsed = Position::from_fen(fen, FenOptions{chess960});
    if (!parsed) {
        ADD_FAILURE() << "FEN refused: " << fen << ": " << fen_problem_id(parsed.error().problem);
        return Position{};
    }
    return parsed->position;
}

// Plays the SAN moves from `pos`; a test failure at the first one that does not parse.
inline Position play(Position pos, std::initializer_list<std::string_view> moves) {
    for (std::string_view san : moves) {
        auto move = parse_san(pos, san);
        if (!move) {
            ADD_FAILURE() << "move refused: " << san << ": " << san_refusal_id(move.error().refusal)
                          << " in " << pos.to_fen();
            return pos;
        }
        pos.make_move(*move);
    }
    return pos;
}

// Calls visit(parent, move, child) for every legal move of every position less than `depth`
// plies below `root` (depth 2: root's moves, and the replies to each), parents before children.
template <typename Visit>
void for_each_move_to_depth(const Position& root, int depth, const Visit& visit) {
    if (depth <= 0) return;
    MoveList list;
    root.generate_legal(list);
    for (Move m : list) {
        Position child = root;
        child.make_move(m);
        visit(root, m, child);
        for_each_move_to_depth(child, depth - 1, visit);
    }
}

}  // namespace drawaudit::chess::test
