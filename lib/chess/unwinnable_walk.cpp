// Part 4c of the unwinnability analysis (unwinnable.hpp): the exhaustive walk, the only search
// that proves `unwinnable`.
#include "chess/unwinnable_parts.hpp"

namespace drawaudit::chess::unwinnable_parts {

// Visits every position reachable from `root` (positions closed by the cheap proofs are
// leaves); stops at the first mate by W, with the line to it. When the walk ends without one,
// no sequence of legal moves from `root` reaches W's mate: every position reachable was opened,
// and a position the static proofs close has no mate by W anywhere below it.
WalkResult walk_everything(const Position& root, Color winner, std::uint64_t budget) {
    WalkResult result;
    struct Frame {
        Position pos;
        std::uint32_t begin, end, next;
    };
    std::vector<Frame> stack;
    std::vector<Move> moves;
    KeySet seen;
    // Long single paths (king tours in a locked position) cost memory, not time: cap them.
    constexpr std::size_t MaxStack = 200'000;

    auto open = [&](const Position& pos) -> bool {  // true: pos is W's mate
        ++result.nodes;
        MoveList list;
        pos.generate_legal(list);
        if (list.empty()) return pos.in_check() && pos.side_to_move() != winner;
        Frame f{pos, static_cast<std::uint32_t>(moves.size()), 0, 0};
        f.next = f.begin;
        if (static_proof(pos, winner) == UnwinnableProof::None)
            moves.insert(moves.end(), list.begin(), list.end());
        f.end = static_cast<std::uint32_t>(moves.size());
        stack.push_back(f);
        return false;
    };
    auto path = [&] {
        result.line.clear();
        for (const Frame& f : stack) result.line.push_back(moves[f.next - 1]);
    };

    seen.insert(root.key());
    if (open(root)) {
        result.outcome = Walk::Mate;
        return result;
    }
    while (!stack.empty()) {
        Frame& top = stack.back();
        if (top.next == top.end) {
            moves.resize(top.begin);
            stack.pop_back();
            continue;
        }
        if (result.nodes >= budget || stack.size() >= MaxStack) {
            result.outcome = Walk::OutOfBudget;
            return result;
        }
        Position child = top.pos;
        child.make_move(moves[top.next++]);
        if (!seen.insert(child.key())) continue;
        if (open(child)) {
            path();
            result.outcome = Walk::Mate;
            return result;
        }
    }
    result.outcome = Walk::Exhausted;
    return result;
}

}  // namespace drawaudit::chess::unwinnable_parts
