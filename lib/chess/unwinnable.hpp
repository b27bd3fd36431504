// Whether a side can still checkmate by some series of legal moves (RULES.md, "Dead positions
// and unwinnable sides": 5.2.2, 5.1.2, 6.9, 7.5.5). No I/O.
//
// The analysis of a side W (the intended winner) has three parts, cheapest first:
//  1. material: W has too little to mate at all (can_checkmate);
//  2. locked pawns: every pawn is blocked by a pawn and can never move or be captured, because
//     no piece of either side can ever reach a square where it would capture a pawn or be
//     captured by one; then every piece stays in the region it can flood on the board of pawns,
//     and W cannot mate when no square W's pieces could ever attack lies in the region of the
//     other king;
//  3. (full mode only) a helpmate search towards W's mate (iterative deepening, both sides
//     cooperating, forced replies not counted), and an exhaustive walk of every position
//     reachable from here (transposition set; positions closed by parts 1-2 are leaves): when
//     the walk ends without a mate by W, W is proved unable to win.
// Only parts 1-2 and an exhausted walk ever give `unwinnable`; a budget that runs out gives
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
    Material,     // too little material to mate at all
    LockedPawns,  // every pawn blocked for good and no piece can reach the other king
    Exhausted,    // every position reachable by legal moves was visited: none is W's mate
};

enum class AnalysisMode : std::uint8_t {
    Quick,  // parts 1-2 only: `unwinnable` or `undetermined`, never `winnable`
    Full,   // also the searches: may find (and return) the helpmate
};

struct WinnabilityOptions {
    AnalysisMode mode = AnalysisMode::Full;
    // Positions the full mode may visit per side before it answers `undetermined`.
    std::uint64_t node_budget = 2'000'000;
};

inline constexpr std::uint64_t DefaultNodeBudget = WinnabilityOptions{}.node_budget;

struct WinnabilityResult {
    Winnability verdict = Winnability::Undetermined;
    UnwinnableProof proof = UnwinnableProof::None;
    // For `winnable`: the legal moves from the position to W's checkmate (empty when the
    // position is already W's mate).
    std::vector<Move> helpmate;
    std::uint64_t nodes = 0;  // positions visited by the searches
};

// The cheap proofs (parts 1-2): the proof when `winner` certainly cannot checkmate, else None.
// No allocation; a few microseconds at most.
UnwinnableProof quick_unwinnable_proof(const Position& pos, Color winner);

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
