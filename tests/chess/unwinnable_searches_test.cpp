// Part 4 of the unwinnability analysis: the helpmate searches find the mates their shortcuts
// could skip (a mate in one by a discovered check or a promotion; a line past the positions the
// best-first search keeps), and every line they return mates.
#include <gtest/gtest.h>

#include "chess/unwinnable.hpp"
#include "chess/unwinnable_parts.hpp"
#include "chess_test_helpers.hpp"

namespace drawaudit::chess {
namespace {

using test::mates;
using test::position_of;
using unwinnable_parts::best_first_helpmate;
using unwinnable_parts::GuidedSearch;

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

// A lone knight's mate that the best-first search finds only after more nodes than the
// positions it keeps (4,096): the rest are replayed from their kept ancestors, and the line
// found still mates. A real Lichess final (dead/d3chess-lichess-30K-games, line 2,472).
TEST(BestFirstSearch, ALineFoundPastTheKeptPositionsMates) {
    const Position pos = position_of("5n1k/5Q2/6N1/8/2P1P3/1P3P2/2K5/8 b - - 10 50");
    const auto result = best_first_helpmate(pos, Color::Black, 2'000'000, 1);
    ASSERT_TRUE(result.mate);
    EXPECT_GT(result.nodes, 4'096u);
    EXPECT_TRUE(mates(pos, Color::Black, result.line));
}

}  // namespace
}  // namespace drawaudit::chess
