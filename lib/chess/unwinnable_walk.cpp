// Part 4c of the unwinnability analysis (unwinnable.hpp): the exhaustive walk, the only search
// that proves `unwinnable`.
#include "chess/unwinnable_parts.hpp"

namespace drawaudit::chess::unwinnable_parts {

namespace {

struct Frame {
    Position pos;
    std::uint32_t begin, end, next;
};

// The walk's stack and its moves, kept from one walk to the next on a thread (at most MaxStack
// frames, about 37 MB) and in large pages: a deep walk asked the system for fresh small pages
// each time, and their faults were half of its time (the slowest Lichess final: 0.09 s of
// system time in 0.19 s).
struct WalkMemory {
    LargeVector<Frame> stack;
    LargeVector<Move> moves;
};
thread_local WalkMemory walk_memory;

}  // namespace

// Visits every position reachable from `root` (positions closed by the cheap proofs, or by the
// saturation after a capture, are leaves); stops at the first mate by W, with the line to it.
// When the walk ends without one, no sequence of legal moves from `root` reaches W's mate: every
// position reachable was opened, and a position a proof closes has no mate by W anywhere below
// it.
WalkResult walk_everything(const Position& root, Color winner, std::uint64_t budget) {
    WalkResult result;
    // Long single paths (king tours in a locked position) cost memory: cap them.
    constexpr std::size_t MaxStack = 200'000;
    auto& stack = walk_memory.stack;
    auto& moves = walk_memory.moves;
    // Reserved whole once a thread (address space only: pages are touched as the stack grows),
    // so that a deep walk never copies its stack into fresh pages as it doubles; the moves
    // likewise, for 32 a position on average.
    if (stack.capacity() < MaxStack) stack.reserve(MaxStack);
    if (moves.capacity() < 32 * MaxStack) moves.reserve(32 * MaxStack);
    stack.clear();
    moves.clear();
    KeySet seen;

    // A position a capture made is a new structure, where the saturation (part 2b, without
    // case splits) may prove what the cheap proofs cannot: its subtree is then closed too. The
    // first few such proofs close the walks the labelled files needed; a cap bounds their time
    // (tens of microseconds each), not counted in nodes.
    constexpr int MaxReachCalls = 64;
    int reach_calls = 0;
    auto open = [&](const Position& pos, bool captured = false) -> bool {  // true: pos is W's mate
        ++result.nodes;
        MoveList list;
        pos.generate_legal(list);
        if (list.empty()) return pos.in_check() && pos.side_to_move() != winner;
        Frame f{pos, static_cast<std::uint32_t>(moves.size()), 0, 0};
        f.next = f.begin;
        bool closed = static_proof(pos, winner) != UnwinnableProof::None;
        if (!closed && captured && reach_calls < MaxReachCalls) {
            ++reach_calls;
            closed = reach_rules_out_mate(pos, winner, 0);
        }
        if (!closed) {
            // Pawn moves first: the same positions are visited (a walk that ends has seen them
            // all), but a mate that needs pawns to promote or to lock comes sooner. Captures
            // first, or only W's pawns first, found fewer of the labelled files' mates.
            for (const Move m : list)
                if (type_of(pos.piece_on(m.from())) == PieceType::Pawn) moves.push_back(m);
            for (const Move m : list)
                if (type_of(pos.piece_on(m.from())) != PieceType::Pawn) moves.push_back(m);
        }
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
        const Move m = moves[top.next++];
        // A child already seen costs no copy and no make: for an ordinary move its key comes
        // from the same code as make_move's (most children of a walk are transpositions).
        std::uint64_t key;
        Bitboard checkers;
        const bool ordinary = top.pos.ordinary_move_outcome(m, key, checkers);
        if (ordinary && !seen.insert(key)) continue;
        const bool captured = top.pos.piece_on(m.to()) != NoPiece;
        const Position child = Position::after_move(top.pos, m);
        if (!ordinary && !seen.insert(child.key())) continue;
        if (open(child, captured)) {
            path();
            result.outcome = Walk::Mate;
            return result;
        }
    }
    result.outcome = Walk::Exhausted;
    return result;
}

}  // namespace drawaudit::chess::unwinnable_parts
