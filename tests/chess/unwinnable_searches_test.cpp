// Part 4 of the unwinnability analysis: the helpmate searches find the mates their shortcuts
// could skip (a mate in one by a discovered check or a promotion; a line past the positions the
// best-first search keeps), and every line they return mates.
#include <gtest/gtest.h>

#include <algorithm>
#include <functional>
#include <utility>
#include <vector>

#include "chess/unwinnable.hpp"
#include "chess/unwinnable_parts.hpp"
#include "chess_test_helpers.hpp"

namespace drawaudit::chess {
namespace {

using test::mates;
using test::position_of;
using unwinnable_parts::best_first_helpmate;
using unwinnable_parts::GuidedSearch;
using unwinnable_parts::ProgressSearch;
using unwinnable_parts::Walk;
using unwinnable_parts::walk_everything;

// The guided search makes only the moves that may give check when it looks for a mate in one:
// a bishop's move that uncovers the rook behind it on the king's rank must count.
TEST(GuidedSearch, FindsAMateInOneByADiscoveredCheck) {
    const Position pos = position_of("R2B3k/6pp/8/8/8/8/8/K7 w - - 0 1");
    GuidedSearch search(Color::White, 10'000);
    ASSERT_TRUE(search.find_helpmate(pos, 1, 10'000));
    ASSERT_EQ(search.line().size(), 1u);
    EXPECT_EQ(search.line()[0].from(), D8);
    EXPECT_TRUE(mates(pos, Color::White, search.line()));
}

TEST(GuidedSearch, FindsAMateInOneByAPromotion) {
    const Position pos = position_of("6k1/P4ppp/8/8/8/8/8/K7 w - - 0 1");
    GuidedSearch search(Color::White, 10'000);
    ASSERT_TRUE(search.find_helpmate(pos, 1, 10'000));
    ASSERT_EQ(search.line().size(), 1u);
    EXPECT_TRUE(mates(pos, Color::White, search.line()));
}

TEST(GuidedSearch, FindsAKnightMateThatNeedsNoDiscovery) {
    // Nf7 mates the king on h8 boxed in by its own men.
    const Position pos = position_of("6rk/6pp/8/6N1/8/8/8/K7 w - - 0 1");
    GuidedSearch search(Color::White, 10'000);
    ASSERT_TRUE(search.find_helpmate(pos, 1, 10'000));
    EXPECT_TRUE(mates(pos, Color::White, search.line()));
}

// A lone knight's mate that the best-first search finds only after more expansions than the
// positions it keeps (4,096 by default, 64 here): the rest are replayed from their kept
// ancestors, the search is the same as with every position kept (the same nodes, the same
// line), and the line mates. A real Lichess final (dead/d3chess-lichess-30K-games, line 2,472).
TEST(BestFirstSearch, ALineFoundPastTheKeptPositionsMates) {
    const Position pos = position_of("5n1k/5Q2/6N1/8/2P1P3/1P3P2/2K5/8 b - - 10 50");
    const auto replayed = best_first_helpmate(pos, Color::Black, 2'000'000, 1, 64);
    ASSERT_TRUE(replayed.mate);
    EXPECT_GT(replayed.nodes, 64u * 40u);  // far more expansions than 64
    EXPECT_TRUE(mates(pos, Color::Black, replayed.line));
    const auto kept = best_first_helpmate(pos, Color::Black, 2'000'000, 1, 1 << 20);
    EXPECT_EQ(kept.nodes, replayed.nodes);
    EXPECT_EQ(kept.line, replayed.line);
}

// The search by progress prices a move by what it does for a mate in the corner: the men heading
// there and W's pawns cost no depth. A lone knight mating a king behind its own bishop (a
// labelled position of dead/chasolver-positions.txt, line 2,411): found in a few thousand
// nodes, where the best-first search needs over 200,000 and found nothing in 5,000.
TEST(ProgressSearch, FindsAKnightsMateBehindTheOtherSidesBishopInAFewThousandNodes) {
    const Position pos = position_of("8/2k5/3n4/8/8/4B3/2K5/8 b - - 0 1");
    ProgressSearch search(pos, Color::Black);
    ASSERT_TRUE(search.search(5'000));
    EXPECT_LE(search.nodes(), 5'000u);
    EXPECT_TRUE(mates(pos, Color::Black, search.line()));
    EXPECT_FALSE(best_first_helpmate(pos, Color::Black, 5'000, 1).mate);
}

// Bishops walk to the corner around the stuck pawns (their routes are counted around the
// pawns blocked by a pawn): Black's light bishops mate White's king on h1 behind the wall
// (dead/chasolver-positions.txt, line 3,344; left undetermined at 200,000 nodes before).
TEST(ProgressSearch, BishopsReachTheCornerAroundAWallOfStuckPawns) {
    const Position pos = position_of("k1b5/8/8/1p1p1p1p/1PbP1PpP/6P1/6P1/K1B5 w - - 0 1");
    ProgressSearch search(pos, Color::Black);
    ASSERT_TRUE(search.search(10'000));
    EXPECT_TRUE(mates(pos, Color::Black, search.line()));
}

// A budget is a bound: the search stops there and a later call goes on deepening.
TEST(ProgressSearch, StopsAtItsBudgetWithoutALine) {
    const Position pos = position_of("8/2k5/3n4/8/8/4B3/2K5/8 b - - 0 1");
    ProgressSearch search(pos, Color::Black);
    EXPECT_FALSE(search.search(100));
    EXPECT_LE(search.nodes(), 100u);
}

// A later call goes on at the depth the budget cut, and the positions on the path it cut are
// not left in the table as failed (the root among them: the next call would have found the
// depth failed at once and stopped deepening). In steps of 200 nodes the search finds the
// knight's mate above as one call does.
TEST(ProgressSearch, GoesOnWhereItsBudgetCutItWhenCalledAgain) {
    const Position pos = position_of("8/2k5/3n4/8/8/4B3/2K5/8 b - - 0 1");
    ProgressSearch whole(pos, Color::Black);
    ASSERT_TRUE(whole.search(5'000));
    ProgressSearch in_steps(pos, Color::Black);
    bool found = false;
    for (int step = 0; step < 100 && !found; ++step) found = in_steps.search(200);
    ASSERT_TRUE(found);
    EXPECT_TRUE(mates(pos, Color::Black, in_steps.line()));
    EXPECT_LE(in_steps.nodes(), 2 * whole.nodes());
}

// In a small closed world (a locked wall with a door, dead/d3chess-test-vector.txt line 14,
// labelled unwinnable for both) a depth that nowhere runs out of depth has seen every position:
// the search stops deepening there, at about 11,000 nodes, instead of searching the same
// positions again to depth 128 (58,624 nodes).
TEST(ProgressSearch, StopsDeepeningWhenADepthSawEveryReachablePosition) {
    const Position pos = position_of("Bb1k1b2/bKp1p1p1/1pP1P1P1/1P6/p5P1/P7/8/8 w - - 0 1");
    ProgressSearch search(pos, Color::White);
    EXPECT_FALSE(search.search(400'000));
    EXPECT_LT(search.nodes(), 20'000u);
}

// The frontier gives its nodes in the order of (score, node), ties to the older node, whether
// the scores fall in its buckets or far outside them (below and above), pushed and popped in
// turns: the same order as a binary heap of the pairs.
TEST(Frontier, PopsTheLeastScoreThenTheOlderNodeAcrossBucketsAndHeap) {
    unwinnable_parts::Frontier frontier;
    std::vector<std::pair<int, std::uint32_t>> reference;
    std::uint32_t next_node = 0;
    std::uint64_t state = 12345;
    const auto random = [&state] {
        state = state * 6364136223846793005ULL + 1442695040888963407ULL;
        return static_cast<int>(state >> 33);
    };
    const auto push = [&](int score) {
        frontier.push(score, next_node);
        reference.emplace_back(score, next_node);
        std::push_heap(reference.begin(), reference.end(), std::greater<>());
        ++next_node;
    };
    push(0);  // the first score sets the buckets' range: [-1,024, 1,024)
    for (int round = 0; round < 2'000; ++round) {
        const int pushes = random() % 4;
        for (int i = 0; i < pushes; ++i) {
            const int kind = random() % 10;
            // Mostly in the buckets with many ties, some far below or above them.
            const int score = kind == 0   ? -5'000 - random() % 3
                              : kind == 1 ? 5'000 + random() % 3
                                          : random() % 41 - 20 + (round % 7) * 100;
            push(score);
        }
        if (random() % 3 != 0 && !reference.empty()) {
            ASSERT_FALSE(frontier.empty());
            std::pop_heap(reference.begin(), reference.end(), std::greater<>());
            EXPECT_EQ(frontier.pop(), reference.back().second) << "round " << round;
            reference.pop_back();
        }
    }
    while (!reference.empty()) {
        ASSERT_FALSE(frontier.empty());
        std::pop_heap(reference.begin(), reference.end(), std::greater<>());
        EXPECT_EQ(frontier.pop(), reference.back().second);
        reference.pop_back();
    }
    EXPECT_TRUE(frontier.empty());
}

// The walk tries pawn moves first: the same positions are visited, but a mate that needs the
// pawns comes sooner. Black's pawns must run and promote while White's pieces give them
// something to take (dead/d3chess-test-vector.txt line 1,513): 115,245 nodes, where the
// generator's order needed 299,944.
TEST(Walk, FindsAMateThatNeedsThePawnsSoonerByTryingPawnMovesFirst) {
    const Position pos = position_of("1k6/1P1p1p1p/BP6/1P6/1p6/8/1P1P1PKP/8 w - - 0 1");
    const unwinnable_parts::WalkResult r = walk_everything(pos, Color::Black, 150'000);
    ASSERT_EQ(r.outcome, Walk::Mate);
    EXPECT_TRUE(mates(pos, Color::Black, r.line));
}

// The walk in steps (the full mode's two stages) visits what one walk visits, node for node:
// the same mate with the same line (the pawn race above, 115,245 nodes), and the same proof
// (dead/d3chess-test-vector.txt line 1,493, Black cannot mate: every position seen after
// 202,215).
TEST(Walk, InStepsVisitsWhatOneWalkVisits) {
    const Position race = position_of("1k6/1P1p1p1p/BP6/1P6/1p6/8/1P1P1PKP/8 w - - 0 1");
    const unwinnable_parts::WalkResult whole = walk_everything(race, Color::Black, 150'000);
    ASSERT_EQ(whole.outcome, Walk::Mate);
    unwinnable_parts::ExhaustiveWalk steps(race, Color::Black);
    Walk outcome = Walk::OutOfBudget;
    while (outcome == Walk::OutOfBudget && steps.nodes() < 150'000) outcome = steps.run(10'000);
    EXPECT_EQ(outcome, Walk::Mate);
    EXPECT_EQ(steps.nodes(), whole.nodes);
    EXPECT_EQ(steps.line(), whole.line);

    const Position wall = position_of("1k6/1P1p1p1p/BP6/1P6/8/8/3P1PKP/8 w - - 0 1");
    unwinnable_parts::ExhaustiveWalk proof(wall, Color::Black);
    EXPECT_EQ(proof.run(100'000), Walk::OutOfBudget);
    EXPECT_EQ(proof.run(150'000), Walk::Exhausted);
    EXPECT_EQ(proof.nodes(), walk_everything(wall, Color::Black, 250'000).nodes);
    EXPECT_EQ(proof.run(1), Walk::Exhausted);  // an ended walk stays ended
}

// A position a capture made may be closed by the saturation: its subtree has no mate either.
// Here (dead/chasolver-positions.txt line 2,036, neither side can mate) White's only moves take
// the bishop on b2 (Kxb2, Bxb2) and the saturation closes both: the walk ends after 3 nodes,
// where with only the cheap proofs as leaves it needed 319,845.
TEST(Walk, ClosesWhatTheSaturationProvesAfterACapture) {
    const Position pos = position_of("8/1p1k4/4p1p1/1p1pP1P1/1P1P4/Bb6/1b6/1K6 w - - 0 1");
    const unwinnable_parts::WalkResult r = walk_everything(pos, Color::White, 1'000);
    EXPECT_EQ(r.outcome, Walk::Exhausted);
    EXPECT_LE(r.nodes, 10u);
}

}  // namespace
}  // namespace drawaudit::chess
