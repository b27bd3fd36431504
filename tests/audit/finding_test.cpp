// Rule names and the summary counts.
#include <gtest/gtest.h>

#include "audit_test_support.hpp"

namespace drawaudit::audit {
namespace {

using namespace testing;

TEST(RuleNames, EveryRuleIdRoundTrips) {
    for (int i = 0; i < RuleCount; ++i) {
        const auto rule = static_cast<Rule>(i);
        EXPECT_FALSE(rule_id(rule).empty());
        EXPECT_EQ(rule_from_id(rule_id(rule)), rule);
    }
    EXPECT_EQ(rule_id(Rule::SeventyFiveMoveDraw), "seventy-five-move-draw");
    EXPECT_FALSE(rule_from_id("no-such-rule"));
}

TEST(RuleNames, SeveritiesRoutesSidesLawsAndTerminationsHaveTheirRulesMdNames) {
    EXPECT_EQ(severity_from_name("warning"), Severity::Warning);
    EXPECT_EQ(severity_name(Severity::Error), "error");
    EXPECT_EQ(route_name(Route::Declared), "declared");
    EXPECT_EQ(side_name(Side::Black), "black");
    EXPECT_EQ(laws_from_name("2014"), Laws::Laws2014);
    EXPECT_EQ(laws_name(Laws::Laws1997), "1997");
    EXPECT_EQ(termination_name(Termination::SeventyFiveMove), "seventy-five-move");
    EXPECT_EQ(termination_name(Termination::DeadPosition), "dead-position");
}

TEST(Summary, AddCountsFindingsAndGamesByRule) {
    Summary s;
    for (const GameReport& g :
         audit_text("[Event \"a\"]\n\n1. Nf3 Nf6 2. Ng1 Ng8 3. Nf3 Nf6 4. Ng1 Ng8 5. Nf3 *\n\n"
                    "[Event \"b\"]\n\n1. e4 e5 2. Ke3 *\n")) {
        s.add(g);
    }
    EXPECT_EQ(s.games, 2u);
    EXPECT_EQ(s.games_with_errors, 1u);
    EXPECT_EQ(s.plies, 11u);
    const auto threefold = static_cast<std::size_t>(Rule::ThreefoldClaim);
    EXPECT_GE(s.findings[threefold], 3u);
    EXPECT_EQ(s.games_by_rule[threefold], 1u);
    EXPECT_EQ(s.games_by_rule[static_cast<std::size_t>(Rule::IllegalMove)], 1u);
}

TEST(Summary, RemoveTakesBackAnAddOfTheSameRecord) {
    const auto games = audit_text(
        "[Date \"2019.01.01\"]\n[Result \"1/2-1/2\"]\n\n1. Nf3 Nf6 2. Ng1 Ng8 3. Nf3 Nf6 4. Ng1 "
        "Ng8 1/2-1/2\n\n[Date \"1990.??.??\"]\n\n1. e4 e5 2. Ke3 *\n");
    Summary before;
    before.add(games[1]);
    Summary s = before;
    s.add(games[0]);
    s.remove(games[0]);
    EXPECT_EQ(s.games, before.games);
    EXPECT_EQ(s.plies, before.plies);
    EXPECT_EQ(s.findings, before.findings);
    EXPECT_EQ(s.games_by_rule, before.games_by_rule);
    EXPECT_EQ(s.results, before.results);
    EXPECT_EQ(s.draw_reasons, before.draw_reasons);
    // The year only the removed game had is gone, as if never counted.
    ASSERT_EQ(s.by_year.size(), 1u);
    EXPECT_EQ(s.by_year.begin()->first, 1990);
}

TEST(Summary, MergeAddsCountsAndKeepsTheLongestTime) {
    Summary a, b;
    a.games = 2;
    a.files = 1;
    a.seconds = 1.5;
    a.findings[0] = 3;
    b.games = 5;
    b.files = 2;
    b.seconds = 0.5;
    b.findings[0] = 1;
    b.games_by_rule[0] = 1;
    a.merge(b);
    EXPECT_EQ(a.games, 7u);
    EXPECT_EQ(a.files, 3u);
    EXPECT_EQ(a.findings[0], 4u);
    EXPECT_EQ(a.games_by_rule[0], 1u);
    EXPECT_DOUBLE_EQ(a.seconds, 1.5);
}

}  // namespace
}  // namespace drawaudit::audit
