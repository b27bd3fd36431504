// Whether a side can still checkmate by some series of legal moves (RULES.md, "Dead positions
// and unwinnable sides": 5.2.2, 5.1.2, 6.9, 7.5.5). No I/O.
//
// The analysis of a side W (the intended winner) has these parts, cheapest first:
//  1. material: W has too little to mate at all (can_checkmate), or only bishops of one colour
//     (and no pawn on the board) against a side whose blockers would all be rooks and queens;
//  2. locked pawns: every pawn is blocked for good (by a pawn, a king that can never move or a
//     piece caged by its own pawns) and no piece of either side can ever reach a square where
//     it would capture a pawn or be captured by one; then every piece stays in the region it
//     can flood on the board of pawns, and W cannot mate when no square of the other king's
//     region can hold a mate: a check by W and every flight square covered by W (its king on
//     one square) or held by a distinct piece of the king's own side that can reach it. When
//     W has only its king and pawns, a W pawn the other king could take only to leave W
//     without a legal move counts as guarded (that capture ends the game);
//  2b. (full mode only) reachability: the squares each man could ever reach, grown to a fixed
//     point from rules that every legal move on the way to W's mate obeys (fixed men block, a
//     king stays off squares attacked for good, by one man or by a group that fills all but
//     one or two squares of its reach, pawns on a file never pass each other, no step
//     that stalemates, no move of the other side that mates W, no move that surely loses W's
//     last piece), leave no square where the other king could stand mated; where they do, a
//     case split on a man's capture, then the same on each legal move where there are at most
//     four (two plies deep: a checking piece every reply takes is a blocker only before);
//  3. a king in check whose replies, within 24 positions, all end the game or reach 1-2;
//  4. (full mode only) helpmate searches: best-first towards a mate in a corner (4b), a search
//     by progress (4d: iterative deepening whose depth counts only the moves that do not head
//     for a mate in one corner), and an exhaustive walk of every position reachable from here
//     (4c: transposition set; positions closed by parts 1-2, or by 2b after a capture, are
//     leaves): when the walk ends without a mate by W, W is proved unable to win; a walk
//     stopped by its depth cap leaves the rest of the budget to a longer best-first run. The
//     depth-first search guided by a move ordering (4a) shortens the lines found (part 5).
//     Two stages: the first FirstStageNodes with a share for each search; past them 4b (two
//     of its weightings), 4c and 4d go on where they stopped (each keeps its frontier, stack or
//     table).
//  5. (full mode, `shorten_line`: where a person reads the line) the line found is shortened:
//     its cycles cut, each move replaced by one that lands further along it, then shorter
//     lines of the guided search while it finds them within a small budget.
// Only parts 1-3, 2b and an exhausted walk ever give `unwinnable`; a budget that runs out gives
// `undetermined`; `winnable` always comes with the line that mates.
#pragma once

#include <cstdint>
#include <vector>

#include "chess/position.hpp"

namespace drawaudit::chess {

enum class Winnability : std::uint8_t { Winnable, Unwinnable, Undetermined };

// How an `unwinnable` verdict was proved (None for the other verdicts).
enum class UnwinnableProof : std::uint8_t {
    None,
    Material,      // too little material to mate at all
    LockedPawns,   // every pawn blocked for good and no square where W could mate the other king
    Exhausted,     // every position reachable by legal moves was visited: none is W's mate
    Reachability,  // the squares every man could ever reach leave none where W could mate
};

enum class AnalysisMode : std::uint8_t {
    Quick,  // parts 1-3 only: `unwinnable` or `undetermined`, never `winnable`
    Full,   // also the searches: may find (and return) the helpmate
};

struct WinnabilityOptions {
    AnalysisMode mode = AnalysisMode::Full;
    // Positions the full mode may visit per side before it answers `undetermined` (the
    // phases stay within it, but for the last expansion of a search), in two stages: the
    // first FirstStageNodes decide all but one of the 60,000 sides of the Lichess finals, and
    // bound the slowest of those to ~45 ms; the rest of the budget goes to the searches that
    // long composed plans need. Undetermined sides of the labelled files (d3chess, community):
    // 6 and 34 at 250,000, 0 and 15 at 1,000,000, 0 and 2 at 1,000,000 once part 2b had I8,
    // I9, the replies, groups and kings' squares; none at 2,500,000 with the pull-6 search in
    // the second stage (the two left need 624,642 nodes of it and 737,661 of the search by
    // progress). An undetermined side costs about half a second (docs/performance.md, issue
    // 32).
    std::uint64_t node_budget = 2'500'000;
    // Part 5: shorten a `winnable` line (its length is what a person reads, `drawaudit winnable`).
    // Off by default: it is presentation, and it made the full mode ~40% slower on the Lichess
    // finals (docs/performance.md), a cost only worth paying where the line is shown.
    bool shorten_line = false;
};

inline constexpr std::uint64_t DefaultNodeBudget = WinnabilityOptions{}.node_budget;
// The full mode's first stage (WinnabilityOptions::node_budget): its phases and their shares
// are those of a budget of this many nodes, whatever the budget past it.
inline constexpr std::uint64_t FirstStageNodes = 250'000;

struct WinnabilityResult {
    Winnability verdict = Winnability::Undetermined;
    UnwinnableProof proof = UnwinnableProof::None;
    // For `winnable`: the legal moves from the position to W's checkmate (empty when the
    // position is already W's mate).
    std::vector<Move> helpmate;
    std::uint64_t nodes = 0;  // positions visited by the searches
};

// The cheap proofs (parts 1-3): the proof when `winner` certainly cannot checkmate, else None.
// No allocation; under a microsecond on average, 100 us at most on the Lichess positions.
UnwinnableProof quick_unwinnable_proof(const Position& pos, Color winner);

// Part 3 from any position, not only from a check: the static proofs, else a walk of at most 24
// positions whose every line ends the game without `winner`'s mate or reaches a static proof
// (Exhausted). The audit asks it only of the position before an automatic end
// (lib/audit/endings.cpp): a quiet move whose every reply takes the last pawn is dead already.
UnwinnableProof walked_unwinnable_proof(const Position& pos, Color winner);

// Parts 1-2 alone, the proofs that play no move (the audit walks from a check, part 3, only
// where the check may force the end: lib/audit/dead_positions.hpp).
UnwinnableProof static_unwinnable_proof(const Position& pos, Color winner);

// Part 2 alone (exposed for tests and the audit's wording).
bool is_locked_unwinnable(const Position& pos, Color winner);

// The whole analysis for `winner` at `pos`.
WinnabilityResult analyse_winnability(const Position& pos, Color winner,
                                      const WinnabilityOptions& options = {});

constexpr const char* winnability_name(Winnability w) {
    switch (w) {
        case Winnability::Winnable:
            return "winnable";
        case Winnability::Unwinnable:
            return "unwinnable";
        default:
            return "undetermined";
    }
}

}  // namespace drawaudit::chess
