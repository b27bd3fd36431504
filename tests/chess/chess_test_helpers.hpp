// Shared helpers of the chess tests: positions from FEN, games from SAN, helpmates replayed.
#pragma once

#include <gtest/gtest.h>

#include <initializer_list>
#include <string_view>
#include <vector>

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

// Replays `line` from `pos`: every move legal, and the last position `winner`'s checkmate (the
// unwinnability tests replay every helpmate they are shown).
inline ::testing::AssertionResult mates(Position pos, Color winner, const std::vector<Move>& line) {
    for (std::size_t i = 0; i < line.size(); ++i) {
        if (!pos.is_legal(line[i]))
            return ::testing::AssertionFailure() << "move " << i << " illegal in " << pos.to_fen();
        pos.make_move(line[i]);
    }
    if (!pos.is_checkmate() || pos.side_to_move() == winner)
        return ::testing::AssertionFailure() << "line ends without the mate: " << pos.to_fen();
    return ::testing::AssertionSuccess();
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
