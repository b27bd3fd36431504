// Part 4c of the unwinnability analysis (unwinnable.hpp): the exhaustive walk, the only search
// that proves `unwinnable`.
#include "chess/unwinnable_parts.hpp"

namespace drawaudit::chess::unwinnable_parts {

namespace {

// The walk's stack and its moves, kept from one walk to the next on a thread (at most MaxStack
// frames, about 37 MB) and in large pages: a deep walk asked the system for fresh small pages
// each time, and their faults were half of its time (the slowest Lichess final: 0.09 s of
// system time in 0.19 s). A walk takes them for its lifetime and gives them back; a second walk
// alive at once on the thread gets memory of its own.
thread_local ExhaustiveWalk::Memory spare_walk_memory;

// Long single paths (king tours in a locked position) cost memory: cap them.
constexpr std::size_t MaxStack = 200'000;

}  // namespace

ExhaustiveWalk::ExhaustiveWalk(const Position& root, Color winner) : root_(root), winner_(winner) {
    std::swap(memory_, spare_walk_memory);
    // Reserved whole once a thread (address space only: pages are touched as the stack grows),
    // so that a deep walk never copies its stack into fresh pages as it doubles; the moves
    // likewise, for 32 a position on average.
    if (memory_.stack.capacity() < MaxStack) memory_.stack.reserve(MaxStack);
    if (memory_.moves.capacity() < 32 * MaxStack) memory_.moves.reserve(32 * MaxStack);
    memory_.stack.clear();
    memory_.moves.clear();
}

ExhaustiveWalk::~ExhaustiveWalk() {
    if (spare_walk_memory.stack.capacity() < memory_.stack.capacity())
        std::swap(memory_, spare_walk_memory);
}

// Opens `pos`: its moves onto the stack, none when a proof closes it. True when `pos` is W's
// mate.
bool ExhaustiveWalk::open(const Position& pos, bool captured) {
    ++nodes_;
    MoveList list;
    pos.generate_legal(list);
    if (list.empty()) return pos.in_check() && pos.side_to_move() != winner_;
    auto& moves = memory_.moves;
    Frame f{pos, static_cast<std::uint32_t>(moves.size()), 0, 0};
    f.next = f.begin;
    bool closed = static_proof(pos, winner_) != UnwinnableProof::None;
    // A position a capture made is a new structure, where the saturation (part 2b, without
    // case splits) may prove what the cheap proofs cannot: its subtree is then closed too. The
    // first few such proofs close the walks the labelled files needed; a cap bounds their time
    // (tens of microseconds each), not counted in nodes.
    if (!closed && captured && reach_calls_ < MaxReachCalls) {
        ++reach_calls_;
        closed = reach_rules_out_mate(pos, winner_, 0);
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
    memory_.stack.push_back(f);
    return false;
}

Walk ExhaustiveWalk::mated() {
    line_.clear();
    for (const Frame& f : memory_.stack) line_.push_back(memory_.moves[f.next - 1]);
    return outcome_ = Walk::Mate;
}

// Visits every position reachable from the root (positions closed by the cheap proofs, or by
// the saturation after a capture, are leaves); stops at the first mate by W, with the line to
// it. When the walk ends without one, no sequence of legal moves from the root reaches W's
// mate: every position reachable was opened, and a position a proof closes has no mate by W
// anywhere below it.
Walk ExhaustiveWalk::run(std::uint64_t budget) {
    if (outcome_ == Walk::Mate || outcome_ == Walk::Exhausted || stopped_by_depth_) return outcome_;
    const std::uint64_t stop = nodes_ + budget;
    auto& stack = memory_.stack;
    auto& moves = memory_.moves;
    if (!started_) {
        started_ = true;
        seen_.insert(root_.key());
        if (open(root_)) return outcome_ = Walk::Mate;
    }
    while (!stack.empty()) {
        Frame& top = stack.back();
        if (top.next == top.end) {
            moves.resize(top.begin);
            stack.pop_back();
            continue;
        }
        if (stack.size() >= MaxStack) stopped_by_depth_ = true;
        if (nodes_ >= stop || stopped_by_depth_) return outcome_ = Walk::OutOfBudget;
        const Move m = moves[top.next++];
        // A child already seen costs no copy and no make: for an ordinary move its key comes
        // from the same code as make_move's (most children of a walk are transpositions).
        std::uint64_t key;
        Bitboard checkers;
        const bool ordinary = top.pos.ordinary_move_outcome(m, key, checkers);
        if (ordinary && !seen_.insert(key)) continue;
        const bool captured = top.pos.piece_on(m.to()) != NoPiece;
        const Position child = Position::after_move(top.pos, m);
        if (!ordinary && !seen_.insert(child.key())) continue;
        if (open(child, captured)) return mated();
    }
    return outcome_ = Walk::Exhausted;
}

WalkResult walk_everything(const Position& root, Color winner, std::uint64_t budget) {
    ExhaustiveWalk walk(root, winner);
    WalkResult result;
    result.outcome = walk.run(budget);
    result.nodes = walk.nodes();
    result.line = walk.line();
    return result;
}

}  // namespace drawaudit::chess::unwinnable_parts
