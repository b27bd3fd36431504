// Part 3 of the unwinnability analysis (unwinnable.hpp): a king in check whose replies, within
// 24 positions, all end the game or reach the static proofs of parts 1-2.
#include <array>

#include "chess/unwinnable_parts.hpp"

namespace drawaudit::chess::unwinnable_parts {

// A walk of every position reachable from `pos`, of at most `MaxNodes` positions (else false):
// true when none is W's mate, every line ending in a mate of W, a stalemate or a position the
// static proofs close; false on a mate or stalemate itself. Run only on a position in check,
// where the replies are few: a king driven into a corner whose every reply stalemates the other
// side is the common case.
bool small_walk_closes(const Position& root, Color winner) {
    constexpr int MaxNodes = 24;
    std::array<std::uint64_t, MaxNodes> seen{};
    // Left unconstructed, filled as far as it is used: most walks stop after two positions, and
    // building 24 empty boards cost a third of the walk.
    union Positions {
        Positions() {}
        Position items[MaxNodes];
    } todo;
    int seen_count = 0;
    int todo_count = 0;
    seen[static_cast<std::size_t>(seen_count++)] = root.key();
    todo.items[todo_count++] = root;
    while (todo_count > 0) {
        const Position pos = todo.items[--todo_count];
        MoveList list;
        pos.generate_legal(list);
        if (list.empty()) {
            // A game already over is left to the rules of mate and stalemate: the audit
            // words those itself and asks the proofs nothing about them.
            if (todo_count == 0 && seen_count == 1) return false;
            if (pos.in_check() && pos.side_to_move() != winner) return false;  // W's mate
            continue;
        }
        if (pos.key() != root.key() && static_proof(pos, winner) != UnwinnableProof::None) continue;
        // More moves than room left: the walk cannot close (a transposition among them could
        // spare a slot, rarely; giving up is always sound). Most positions in check at the end
        // of a game stop here, after a move generation or two instead of 24 moves made: the
        // audit asks this of every final position in check.
        if (seen_count + list.size() > MaxNodes) return false;
        for (Move m : list) {
            Position child = pos;
            child.make_move(m);
            const std::uint64_t key = child.key();
            bool known = false;
            for (int i = 0; i < seen_count && !known; ++i)
                known = seen[static_cast<std::size_t>(i)] == key;
            if (known) continue;
            if (seen_count == MaxNodes) return false;
            seen[static_cast<std::size_t>(seen_count++)] = key;
            todo.items[todo_count++] = child;
        }
    }
    return true;
}

}  // namespace drawaudit::chess::unwinnable_parts
