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

UnwinnableProof quick_unwinnable_proof(const Position& pos, Color winner) {
    const UnwinnableProof proof = static_proof(pos, winner);
    if (proof != UnwinnableProof::None) return proof;
    if (pos.in_check() && small_walk_closes(pos, winner)) return UnwinnableProof::Exhausted;
    return UnwinnableProof::None;
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
    GuidedSearch guided(winner, budget);
    std::uint64_t spent = 0;  // nodes of the searches other than `guided`
    // The line shown is shortened (part 5) only where a person reads it (`shorten_line`): its
    // detours always, and a line still longer than 24 plies by shorter searches with an eighth
    // of the nodes its search took (a sixteenth of the budget at most).
    auto found = [&](const std::vector<Move>& line) {
        const std::uint64_t searched = spent + guided.nodes();
        result.verdict = Winnability::Winnable;
        result.nodes = searched;
        if (!options.shorten_line) {
            result.helpmate = line;
            return result;
        }
        ShortenedLine shortened =
            shortest_helpmate(pos, winner, line, std::min(budget / 16, searched / 8));
        result.helpmate = std::move(shortened.line);
        result.nodes += shortened.nodes;
        return result;
    };

    // Phases, cheapest answer first: the best-first search with two fifths of the budget (on
    // the Lichess final positions it needs about half the nodes of the guided search, and the
    // sides it finds late, lone minor pieces mating in a corner, need 15,000-30,000 nodes), the
    // search by progress (a tenth: the composed endings' long plans, knights and bishops
    // walking to a corner; three twentieths did better until the walk tried pawn moves first,
    // then worse), the best-first search with the other weightings, then the exhaustive walk
    // with the rest (small worlds: locked structures with a door). The guided search had a
    // quarter of the budget here: without it, its nodes going to the walk and the search by
    // progress, fewer sides are left undetermined on every corpus file (61 -> 26 and 210 -> 129
    // on the labelled ones; docs/performance.md, issue 32). It still shortens lines.
    // The first best-first search keeps its frontier: the budget a walk leaves unused goes on
    // from where it stopped (the other weightings are searches of their own).
    BestFirstSearch closest(pos, winner, 1);
    auto best_first = [&](BestFirstSearch& search, std::uint64_t nodes) {
        const std::uint64_t before = search.nodes();
        const bool mate = search.search(std::max<std::uint64_t>(nodes, 1));
        spent += search.nodes() - before;
        if (mate) found(search.line());
        return mate;
    };
    const std::uint64_t first_best_first = std::min<std::uint64_t>(budget * 2 / 5, 40'000);
    if (best_first(closest, first_best_first)) return result;
    // Part 2b once the quickest search has failed (tens of microseconds, about the cost of a
    // hundred nodes: not worth it where a mate is found at once).
    if (reach_rules_out_mate(pos, winner)) {
        result.verdict = Winnability::Unwinnable;
        result.proof = UnwinnableProof::Reachability;
        result.nodes = spent;
        return result;
    }
    {
        ProgressSearch progress(pos, winner);
        const bool mate = progress.search(std::max<std::uint64_t>(budget / 10, 1));
        spent += progress.nodes();
        if (mate) return found(progress.line());
    }
    BestFirstSearch pulled(pos, winner, 6);
    if (best_first(pulled, budget / 16)) return result;
    // A pull of 2 finds some knight mates of real games at once that both other weightings
    // miss (a Lichess final, line 2,472 of dead/d3chess-lichess-30K-games: 679 nodes, where a
    // pull of 1 takes 108,017 and 4 or more none in 1.5 million); a hundredth of the budget,
    // which left both labelled files' counts as they were.
    BestFirstSearch between(pos, winner, 2);
    if (best_first(between, budget / 100)) return result;
    // The walk gets the rest of the budget, a third of it at least (its exhausted walks are the
    // constructed files' proofs: with a quarter, 18 of the d3chess vector's were lost).
    const std::uint64_t used = spent + guided.nodes();
    const WalkResult walk = walk_everything(
        pos, winner, std::max<std::uint64_t>(budget > used ? budget - used : 0, budget / 3));
    spent += walk.nodes;
    // A walk's mate may be a long tour: a shorter line is worth a small search.
    if (walk.outcome == Walk::Mate && guided.find_helpmate(pos, 40, budget / 8))
        return found(guided.line());
    if (walk.outcome == Walk::Mate) return found(walk.line);
    result.nodes = spent + guided.nodes();
    if (walk.outcome == Walk::Exhausted) {
        result.verdict = Winnability::Unwinnable;
        result.proof = UnwinnableProof::Exhausted;
    }
    // A walk stopped by its depth cap (long king tours) leaves budget unused: the first
    // best-first search goes on with it.
    if (walk.outcome == Walk::OutOfBudget && result.nodes < budget) {
        if (!best_first(closest, budget - result.nodes)) result.nodes = spent + guided.nodes();
    }
    return result;
}

}  // namespace drawaudit::chess
