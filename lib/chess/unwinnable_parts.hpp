// The parts of the unwinnability analysis (numbered as in unwinnable.hpp), shared between their
// source files; not for use outside lib/chess/unwinnable*.
#pragma once

#include <array>
#include <cstdint>
#include <vector>

#include "chess/position.hpp"
#include "chess/unwinnable.hpp"
#include "chess/unwinnable_search_tools.hpp"

namespace drawaudit::chess::unwinnable_parts {

// Part 1 (unwinnable_material.cpp): W has only bishops of one colour, no pawn is on the board,
// and the other side's possible blockers are all rooks and queens.
bool bishops_against_lines(const Position& pos, Color winner);

// Parts 1-2, the proofs that play no move: the searches close their positions with these.
UnwinnableProof static_proof(const Position& pos, Color winner);

// Part 2 (unwinnable_locked.cpp), shared with part 2b: the squares at king distance exactly two
// from `s`; and whether every square of `needed` can get its own piece among `count` pieces
// whose regions are `regions` (at most 8 squares and 16 pieces).
Bitboard ring_two(Square s);
bool can_block_all(Bitboard needed, const Bitboard* regions, int count);

// Part 2b (unwinnable_reach.cpp): where every man could ever stand, grown to a fixed point, leaves
// no square where W could mate the other king. Tens of microseconds: the full mode only.
// `max_splits`: the case splits allowed (each costs two more saturations at most).
bool reach_rules_out_mate(const Position& pos, Color winner, int max_splits = 8);
// Part 2b on every legal move from `pos` where it has at most four, and so on `depth` plies
// deep: W cannot mate when no line through them can (the game ends without W's mate, or a
// static proof or the saturation closes the position after the move).
bool reach_rules_out_mate_after_replies(const Position& pos, Color winner, int depth);

// Part 3 (unwinnable_check.cpp): `root` is in check and every position reachable from it within
// 24 positions ends the game or is closed by the static proofs, none of them W's mate.
bool small_walk_closes(const Position& root, Color winner);

// Part 4a (unwinnable_guided.cpp): a depth-first helpmate search guided by a move ordering.
class GuidedSearch {
  public:
    GuidedSearch(Color winner, std::uint64_t budget) : winner_(winner), budget_(budget) {}

    std::uint64_t nodes() const { return nodes_; }
    const std::vector<Move>& line() const { return line_; }

    // A helpmate of at most `max_plies` plies, with `budget` more nodes at most (and never past
    // the budget given at construction); the line in line() when found.
    bool find_helpmate(const Position& root, int max_plies, std::uint64_t budget);

  private:
    bool out_of_budget() const { return nodes_ >= budget_; }
    bool helpmate(const Position& pos, int depth, int discrepancies);

    Color winner_;
    std::uint64_t budget_;
    std::uint64_t nodes_ = 0;
    std::vector<Move> line_;
    FailTable fails_;
    Square target_ = NoSquare;  // where the helpmate search guides the other king
};

// Part 4b (unwinnable_best_first.cpp): a greedy best-first helpmate search; `pull` weighs how
// far the other side's men stand from the corner of the mate. It keeps its frontier between
// calls: `search` goes on where the last call stopped, so two calls of n and m nodes find what
// one of n + m finds, node for node.
class BestFirstSearch {
  public:
    // 4,096 positions kept, about 720 KB: with 65,536 (11 MB) the slowest Lichess final took
    // 10% longer than before the positions were kept (memory touched the first time, caches
    // missed), with 4,096 it is as fast and the average the same. Fewer in tests, to replay.
    static constexpr std::size_t DefaultKept = std::size_t{1} << 12;
    BestFirstSearch(const Position& root, Color winner, int pull,
                    std::size_t max_kept = DefaultKept);

    // Expands positions until W's mate is found (true, the line in line()) or `budget` more
    // nodes were made (false; a later call goes on).
    bool search(std::uint64_t budget);
    std::uint64_t nodes() const { return nodes_; }
    const std::vector<Move>& line() const { return line_; }

  private:
    struct Score {
        std::uint64_t far;  // distances to the four corners, one 16-bit lane each
        int common;         // the same for every corner
    };
    struct Node {
        Score score;
        std::uint32_t parent;
        // The slot in positions_ of this node's position once it is expanded (NotKept: not
        // kept, before its expansion or past max_kept_).
        std::uint32_t kept;
        Move move;
        std::uint16_t depth;
    };
    static constexpr std::uint32_t NotKept = ~std::uint32_t{0};

    Score man_score(Piece p, Square s) const;
    Score score_of(const Position& pos) const;
    Score score_after(Score score, const Position& before, Move m) const;
    int distance_to_mate(Score score, const Position& pos) const;
    int distance_to_mate(Score score, Bitboard men, Bitboard bishops) const;
    std::uint32_t path_up_to(std::uint32_t index, bool to_root);
    void position_of(std::uint32_t index, Position& out);

    Color winner_;
    std::size_t max_kept_;  // positions kept at most (the rest are replayed)
    // The factor of a man's `far` share, by piece: the pull for the other side's men but its
    // king, 1 for the rest.
    std::array<std::uint64_t, 12> pull_of_{};
    std::uint64_t nodes_ = 0;
    bool found_ = false;
    LargeVector<Node> nodes_list_;
    LargeVector<Position> positions_;
    // Ties: the older node first, so that what else the frontier holds never changes which
    // node comes next.
    Frontier frontier_;
    KeySet seen_;
    std::vector<Move> path_;
    std::vector<Move> line_;
};

// One best-first search of `budget` nodes.
struct BestFirstResult {
    bool mate = false;
    std::vector<Move> line;
    std::uint64_t nodes = 0;
};
BestFirstResult best_first_helpmate(const Position& root, Color winner, std::uint64_t budget,
                                    int pull, std::size_t max_kept = BestFirstSearch::DefaultKept);

// Part 4d (unwinnable_progress.cpp): a helpmate search by iterative deepening whose depth
// counts only the moves that make no progress towards W's mate in one corner (the men heading
// for it, W's pawns and captures are free).
class ProgressSearch {
  public:
    ProgressSearch(const Position& root, Color winner);

    // Deepens until W's mate is found (true, the line in line()) or `budget` more nodes were
    // spent. A later call goes on at the depth the budget cut (what that depth had searched is
    // in the table): two calls of n and m nodes search about what one of n + m searches.
    bool search(std::uint64_t budget);
    std::uint64_t nodes() const { return nodes_; }
    const std::vector<Move>& line() const { return line_; }

  private:
    enum class Step : std::uint8_t { Reward, Normal, Punish };
    static constexpr int MaxDepth = 128;
    static constexpr std::size_t MaxLine = 256;
    Step classify(const Position& pos, Move m) const;
    bool helpmate(const Position& pos, int moves_left, bool after_reward);
    void route_bishops(const Position& root);

    Position root_;
    Color winner_;
    Square corner_ = H8;
    Square winner_king_target_ = G7;
    Square winner_knight_target_ = E5;
    Square loser_knight_target_ = G8;
    // Bishop moves from each square to the corner or beside it, around the stuck pawns (0xFF:
    // no route).
    std::array<std::uint8_t, 64> bishop_distance_{};
    std::uint64_t nodes_ = 0;
    std::uint64_t stop_ = 0;
    int depth_ = 1;        // the depth the next call searches first
    bool closed_ = false;  // a depth saw every reachable position: deeper is no use
    bool cut_ = false;     // this depth's search ran out of depth (or nodes) somewhere
    FailTable seen_;       // a position and the depth it had left when searched
    std::vector<Move> line_;
};

// Part 4c (unwinnable_walk.cpp): every position reachable from `root`, with at most `budget`
// positions visited; positions the static proofs close are leaves.
enum class Walk : std::uint8_t { Mate, Exhausted, OutOfBudget };
struct WalkResult {
    Walk outcome = Walk::OutOfBudget;
    std::vector<Move> line;  // for Mate: the moves from `root` to W's mate
    std::uint64_t nodes = 0;
};
WalkResult walk_everything(const Position& root, Color winner, std::uint64_t budget);

// The same walk in steps: `run` goes on where the last call stopped, so two calls of n and m
// nodes visit what one of n + m visits, node for node. A walk stopped by its depth cap (long
// single paths) cannot go on: later calls answer OutOfBudget at once.
class ExhaustiveWalk {
  public:
    ExhaustiveWalk(const Position& root, Color winner);
    ~ExhaustiveWalk();
    ExhaustiveWalk(const ExhaustiveWalk&) = delete;
    ExhaustiveWalk& operator=(const ExhaustiveWalk&) = delete;

    // Visits at most `budget` more positions: Mate (the line in line()), Exhausted (no mate by
    // W anywhere: a proof) or OutOfBudget.
    Walk run(std::uint64_t budget);
    std::uint64_t nodes() const { return nodes_; }
    const std::vector<Move>& line() const { return line_; }
    bool stopped_by_depth() const { return stopped_by_depth_; }

    struct Frame {
        Position pos;
        std::uint32_t begin, end, next;
    };
    struct Memory {
        LargeVector<Frame> stack;
        LargeVector<Move> moves;
    };

  private:
    static constexpr int MaxReachCalls = 64;
    bool open(const Position& pos, bool captured = false);
    Walk mated();

    Position root_;
    Color winner_;
    Memory memory_;
    KeySet seen_;
    std::vector<Move> line_;
    std::uint64_t nodes_ = 0;
    int reach_calls_ = 0;
    bool started_ = false;
    bool stopped_by_depth_ = false;
    Walk outcome_ = Walk::OutOfBudget;
};

// Part 5 (unwinnable_shorten.cpp): `line`, a helpmate by W from `root`, without its cycles and
// with every move replaced by one that lands further along it where one exists.
std::vector<Move> without_detours(const Position& root, const std::vector<Move>& line);

// Part 5: `line` without detours, then shorter lines of the guided search while it finds them
// within `budget` nodes.
struct ShortenedLine {
    std::vector<Move> line;
    std::uint64_t nodes = 0;
};
ShortenedLine shortest_helpmate(const Position& root, Color winner, std::vector<Move> line,
                                std::uint64_t budget);

}  // namespace drawaudit::chess::unwinnable_parts
