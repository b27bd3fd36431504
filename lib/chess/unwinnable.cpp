// Unwinnability of a side (RULES.md, "Dead positions and unwinnable sides"): the quick proofs
// and the order of the full analysis's phases. The parts live in their own files, numbered as
// in the header: unwinnable_material.cpp (1), unwinnable_locked.cpp (2), unwinnable_check.cpp
// (3), unwinnable_guided.cpp, unwinnable_best_first.cpp, unwinnable_walk.cpp and
// unwinnable_progress.cpp (4a-4d), unwinnable_shorten.cpp (5).
#include "chess/unwinnable.hpp"

#include <algorithm>

#include "chess/unwinnable_parts.hpp"

namespace drawaudit::chess {

using namespace unwinnable_parts;

namespace {
// Part 2b on the replies: two plies (a check answered by the only capture, then the
// recapture: lines 2,047 and 2,048 of the community file).
constexpr int ReplyDepth = 2;
}  // namespace

// Part 3's walk only from a check; walked_unwinnable_proof walks from any position.
UnwinnableProof quick_unwinnable_proof(const Position& pos, Color winner) {
    return pos.in_check() ? walked_unwinnable_proof(pos, winner) : static_proof(pos, winner);
}

UnwinnableProof walked_unwinnable_proof(const Position& pos, Color winner) {
    const UnwinnableProof proof = static_proof(pos, winner);
    if (proof != UnwinnableProof::None) return proof;
    return small_walk_closes(pos, winner) ? UnwinnableProof::Exhausted : UnwinnableProof::None;
}

UnwinnableProof static_unwinnable_proof(const Position& pos, Color winner) {
    return static_proof(pos, winner);
}

WinnabilityResult analyse_winnability(const Position& pos, Color winner,
                                      const WinnabilityOptions& options) {
    WinnabilityResult result;
    result.proof = quick_unwinnable_proof(pos, winner);
    if (result.proof != UnwinnableProof::None) {
        result.verdict = Winnability::Unwinnable;
        return result;
    }
    if (options.mode == AnalysisMode::Quick) return result;

    const std::uint64_t budget = std::max<std::uint64_t>(options.node_budget, 1);
    // Two stages: the first, of FirstStageNodes at most, decides all but one of the 60,000
    // sides of the Lichess finals, most of them in a few hundred nodes; the second, with the
    // rest of the budget, goes on with the same searches where the first stopped (each keeps
    // its frontier, its table or its stack), for the long plans of composed endings.
    const std::uint64_t first_stage = std::min(budget, FirstStageNodes);
    GuidedSearch guided(winner, budget);
    std::uint64_t spent = 0;  // nodes of the searches other than `guided`
    // The line shown is shortened (part 5) only where a person reads it (`shorten_line`): its
    // detours always, and a line still longer than 24 plies by shorter searches with an eighth
    // of the nodes its search took (a sixteenth of the first stage at most).
    auto found = [&](const std::vector<Move>& line) {
        const std::uint64_t searched = spent + guided.nodes();
        result.verdict = Winnability::Winnable;
        result.nodes = searched;
        if (!options.shorten_line) {
            result.helpmate = line;
            return result;
        }
        ShortenedLine shortened =
            shortest_helpmate(pos, winner, line, std::min(first_stage / 16, searched / 8));
        result.helpmate = std::move(shortened.line);
        result.nodes += shortened.nodes;
        return result;
    };

    // The first stage's phases, cheapest answer first: the best-first search with two fifths
    // of the stage (on the Lichess final positions it needs about half the nodes of the guided
    // search, and the sides it finds late, lone minor pieces mating in a corner, need
    // 15,000-30,000 nodes), the search by progress (a tenth: the composed endings' long plans,
    // knights and bishops walking to a corner; three twentieths did better until the walk tried
    // pawn moves first, then worse), the best-first search with the other weightings, then the
    // exhaustive walk with the rest (small worlds: locked structures with a door). The guided
    // search had a quarter of the budget here: without it, its nodes going to the walk and the
    // search by progress, fewer sides are left undetermined on every corpus file (61 -> 26 and
    // 210 -> 129 on the labelled ones; docs/performance.md, issue 32). It still shortens lines.
    BestFirstSearch closest(pos, winner, 1);
    auto best_first = [&](BestFirstSearch& search, std::uint64_t nodes) {
        const std::uint64_t before = search.nodes();
        const bool mate = search.search(std::max<std::uint64_t>(nodes, 1));
        spent += search.nodes() - before;
        if (mate) found(search.line());
        return mate;
    };
    const std::uint64_t first_best_first = std::min<std::uint64_t>(first_stage * 2 / 5, 40'000);
    if (best_first(closest, first_best_first)) return result;
    // Part 2b once the quickest search has failed (tens of microseconds, about the cost of a
    // hundred nodes: not worth it where a mate is found at once).
    // Then on the replies, where they are few: a man that must be taken at once (it checks,
    // and every reply takes it) counts as a blocker at the root, but is gone after them.
    if (reach_rules_out_mate(pos, winner) ||
        reach_rules_out_mate_after_replies(pos, winner, ReplyDepth)) {
        result.verdict = Winnability::Unwinnable;
        result.proof = UnwinnableProof::Reachability;
        result.nodes = spent;
        return result;
    }
    ProgressSearch progress(pos, winner);
    auto by_progress = [&](std::uint64_t nodes) {
        const std::uint64_t before = progress.nodes();
        const bool mate = progress.search(std::max<std::uint64_t>(nodes, 1));
        spent += progress.nodes() - before;
        if (mate) found(progress.line());
        return mate;
    };
    if (by_progress(first_stage / 10)) return result;
    BestFirstSearch pulled(pos, winner, 6);
    if (best_first(pulled, first_stage / 16)) return result;
    // A pull of 2 finds some knight mates of real games at once that both other weightings
    // miss (a Lichess final, line 2,472 of dead/d3chess-lichess-30K-games: 679 nodes, where a
    // pull of 1 takes 108,017 and 4 or more none in 1.5 million); a hundredth of the stage,
    // which left both labelled files' counts as they were.
    BestFirstSearch between(pos, winner, 2);
    if (best_first(between, first_stage / 100)) return result;
    // The walk gets the rest of the stage, a third of it at least (its exhausted walks are the
    // constructed files' proofs: with a quarter, 18 of the d3chess vector's were lost); only
    // the third where a second stage follows and goes on with it (on the Lichess finals
    // the walk decides no side: the one side that reaches it is found by the second stage's
    // best-first search, 84,000 walk nodes sooner).
    ExhaustiveWalk walk(pos, winner);
    // The walk's outcome as the verdict: true when it decided the side.
    auto walked = [&](std::uint64_t nodes) {
        const std::uint64_t before = walk.nodes();
        const Walk outcome = walk.run(nodes);
        spent += walk.nodes() - before;
        // A walk's mate may be a long tour: a shorter line is worth a small search.
        if (outcome == Walk::Mate) {
            if (guided.find_helpmate(pos, 40, first_stage / 8))
                found(guided.line());
            else
                found(walk.line());
            return true;
        }
        if (outcome == Walk::Exhausted) {
            result.verdict = Winnability::Unwinnable;
            result.proof = UnwinnableProof::Exhausted;
            result.nodes = spent + guided.nodes();
            return true;
        }
        return false;
    };
    const std::uint64_t second_stage = budget - first_stage;
    const std::uint64_t second_walk = second_stage / 10;
    // The walk waits for the second stage only where that gives it back at least what it
    // waits for (a budget a little past the first stage must not decide less than the first
    // stage alone).
    const bool walk_waits = second_walk >= first_stage / 3;
    // The second stage's share of the first best-first search (a tenth: a Lichess final, a
    // lone bishop mating behind the other side's queen, rook and bishop, needs 162,134 nodes of
    // it) comes before the first stage's walk where that waits: that side then costs no walk
    // (its first walk, in fresh pages, took it over 100 ms); the composed sides the first
    // stage's walk decides pay that share first.
    if (walk_waits && best_first(closest, second_stage / 10)) return result;
    {
        const std::uint64_t used = spent + guided.nodes();
        const std::uint64_t rest = first_stage > used ? first_stage - used : 0;
        if (walked(walk_waits ? first_stage / 3 : std::max<std::uint64_t>(rest, first_stage / 3)))
            return result;
    }
    // A walk stopped by its depth cap (long king tours) leaves the stage's budget unused: the
    // first best-first search goes on with it.
    if (walk.stopped_by_depth() && spent + guided.nodes() < first_stage &&
        best_first(closest, first_stage - spent - guided.nodes()))
        return result;

    // The second stage, where the budget goes past the first: the first best-first search goes
    // on (above, where the walk waited), the walk (a tenth: the labelled files' walks that end
    // after 202,215-220,072 positions), the best-first search with a pull of 6 (a third: a
    // bishop's mate behind a wall, line 2,131 of the community file, needs 624,642 nodes of
    // it) and the search by progress with the rest (the long plans of composed endings: up to
    // 737,661 nodes). Shares chosen by simulation over the nodes each phase needs alone on the
    // sides the first stage leaves undetermined, with a fifth or more to spare for each
    // (docs/performance.md, issue 32).
    if (second_stage > 0) {
        if (!walk_waits && best_first(closest, second_stage / 10)) return result;
        if (walked(second_walk)) return result;
        if (best_first(pulled, second_stage / 3)) return result;
        const std::uint64_t used = spent + guided.nodes();
        if (used < budget && by_progress(budget - used)) return result;
    }
    result.nodes = spent + guided.nodes();
    return result;
}

}  // namespace drawaudit::chess
