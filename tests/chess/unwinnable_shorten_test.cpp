// Part 5 of the unwinnability analysis: the helpmates shown are shortened, and stay helpmates.
#include <gtest/gtest.h>

#include <initializer_list>
#include <string>
#include <string_view>
#include <vector>

#include "chess/san.hpp"
#include "chess/unwinnable.hpp"
#include "chess/unwinnable_parts.hpp"
#include "chess_test_helpers.hpp"

namespace drawaudit::chess {
namespace {

using test::mates;
using test::position_of;

std::vector<Move> moves_of(Position pos, std::initializer_list<std::string_view> sans) {
    std::vector<Move> line;
    for (std::string_view san : sans) {
        auto move = parse_san(pos, san);
        if (!move) {
            ADD_FAILURE() << "move refused: " << san;
            return line;
        }
        line.push_back(*move);
        pos.make_move(*move);
    }
    return line;
}

std::string sans_of(Position pos, const std::vector<Move>& line) {
    std::string out;
    for (Move m : line) {
        if (!out.empty()) out += ' ';
        out += to_san(pos, m);
        pos.make_move(m);
    }
    return out;
}

TEST(UnwinnableShorten, ACycleInTheLineIsCut) {
    const Position start = position_of(StartFen);
    const std::vector<Move> line =
        moves_of(start, {"f3", "e5", "Nh3", "Nf6", "Ng1", "Ng8", "g4", "Qh4#"});
    const std::vector<Move> shorter = unwinnable_parts::without_detours(start, line);
    EXPECT_EQ(sans_of(start, shorter), "f3 e5 g4 Qh4#");
    EXPECT_TRUE(mates(start, Color::Black, shorter));
}

TEST(UnwinnableShorten, AMoveThatLandsFurtherAlongTheLineReplacesTheTourBetween) {
    // Nc3-b5-a3 while the other knight goes out and back is one move, Na3.
    const Position start = position_of(StartFen);
    const std::vector<Move> line =
        moves_of(start, {"f3", "e5", "Nc3", "Nc6", "Nb5", "Nb8", "Na3", "a6", "g4", "Qh4#"});
    const std::vector<Move> shorter = unwinnable_parts::without_detours(start, line);
    EXPECT_EQ(sans_of(start, shorter), "f3 e5 Na3 a6 g4 Qh4#");
    EXPECT_TRUE(mates(start, Color::Black, shorter));
}

TEST(UnwinnableShorten, ALineWithoutDetoursIsKept) {
    const Position start = position_of(StartFen);
    const std::vector<Move> line = moves_of(start, {"f3", "e5", "g4", "Qh4#"});
    EXPECT_EQ(unwinnable_parts::without_detours(start, line), line);
}

// The full mode with part 5, as `drawaudit winnable` runs it.
constexpr WinnabilityOptions Shortened{AnalysisMode::Full, DefaultNodeBudget, true};

TEST(UnwinnableShorten, TheStartPositionsHelpmatesAreShorterThanTheSearchesFoundAndMate) {
    // The searches find 47 plies for White and 40 for Black (the full mode showed those before
    // part 5); without detours and one shorter search, 37 and 30.
    const Position start = position_of(StartFen);
    for (Color side : {Color::White, Color::Black}) {
        const WinnabilityResult r = analyse_winnability(start, side, Shortened);
        ASSERT_EQ(r.verdict, Winnability::Winnable);
        EXPECT_TRUE(mates(start, side, r.helpmate));
        EXPECT_LT(r.helpmate.size(), side == Color::White ? 47U : 40U)
            << sans_of(start, r.helpmate);
    }
}

TEST(UnwinnableShorten, TheDefaultAnalysisLeavesTheLineAsTheSearchFoundIt) {
    // Part 5 is presentation: the audit's own use (the default options) does not pay for it.
    // A Lichess final where the search wanders 36 plies to a mate in one.
    const Position pos = position_of("2r3k1/5ppp/p3b3/4p2P/4P3/1PR1BP2/PK6/7R b - - 0 30");
    const WinnabilityResult plain = analyse_winnability(pos, Color::White);
    const WinnabilityResult shortened = analyse_winnability(pos, Color::White, Shortened);
    ASSERT_EQ(plain.verdict, Winnability::Winnable);
    EXPECT_TRUE(mates(pos, Color::White, plain.helpmate));
    EXPECT_TRUE(mates(pos, Color::White, shortened.helpmate));
    EXPECT_EQ(plain.helpmate.size(), 36U) << sans_of(pos, plain.helpmate);
    EXPECT_EQ(shortened.helpmate.size(), 2U) << sans_of(pos, shortened.helpmate);
}

// A composed position whose mate the exhaustive walk finds as a 723-ply tour (line 656 of
// dead/chasolver-positions.txt: six bishops in the cage, so a pawn can fall). Lines past 80
// plies are also shortened two plies at a time: a pair of moves that lands further along.
TEST(UnwinnableShorten, ALongWalkLineIsShortenedTwoPliesAtATime) {
    const Position pos = position_of("B1B1B3/pBpBpBp1/P1P1P1P1/8/8/8/8/k1K5 w - - 0 1");
    const WinnabilityResult r = analyse_winnability(pos, Color::White, Shortened);
    ASSERT_EQ(r.verdict, Winnability::Winnable);
    EXPECT_TRUE(mates(pos, Color::White, r.helpmate));
    EXPECT_LT(r.helpmate.size(), 600U);  // 723 one ply at a time
}

}  // namespace
}  // namespace drawaudit::chess
