// The labels and numbers a person reads: RULES.md's Spanish label for every rule, counts and
// shares as each language writes them.
#include <gtest/gtest.h>

#include <set>
#include <string>

#include "report/labels.hpp"

namespace drawaudit::report {
namespace {

TEST(RuleLabel, EveryRuleHasItsOwnSpanishLabel) {
    std::set<std::string_view> seen;
    for (int i = 0; i < audit::RuleCount; ++i) {
        const auto rule = static_cast<audit::Rule>(i);
        const std::string_view label = rule_label(rule, Lang::Es);
        EXPECT_FALSE(label.empty()) << audit::rule_id(rule);
        EXPECT_NE(label, audit::rule_id(rule)) << audit::rule_id(rule);
        EXPECT_TRUE(seen.insert(label).second) << "two rules share " << label;
    }
}

TEST(RuleLabel, SpanishLabelsAreRulesMdsAndEnglishKeepsTheIds) {
    EXPECT_EQ(rule_label(audit::Rule::ThreefoldClaim, Lang::Es),
              "reclamación por triple repetición");
    EXPECT_EQ(rule_label(audit::Rule::Stalemate, Lang::Es), "rey ahogado");
    EXPECT_EQ(rule_label(audit::Rule::DuplicateConflict, Lang::Es),
              "partida duplicada con otro resultado");
    EXPECT_EQ(rule_label(audit::Rule::ThreefoldClaim, Lang::En), "threefold-claim");
}

TEST(FormatCount, FiveDigitsOrMoreAreGroupedByThrees) {
    EXPECT_EQ(format_count(412227, Lang::En, Medium::Text), "412,227");
    EXPECT_EQ(format_count(412227, Lang::Es, Medium::Text), "412 227");
    EXPECT_EQ(format_count(412227, Lang::Es, Medium::Html), "412\u00a0227");
    EXPECT_EQ(format_count(1234567, Lang::Es, Medium::Html), "1\u00a0234\u00a0567");
}

TEST(FormatCount, FourDigitsAndFewerStayWhole) {
    EXPECT_EQ(format_count(1803, Lang::Es, Medium::Html), "1803");
    EXPECT_EQ(format_count(1803, Lang::En, Medium::Text), "1803");
    EXPECT_EQ(format_count(0, Lang::Es, Medium::Text), "0");
}

TEST(FormatPercent, SpanishHasADecimalCommaAndASpaceBeforeThePercentSign) {
    EXPECT_EQ(format_percent(391, 1000, Lang::En, Medium::Html), "39.1%");
    EXPECT_EQ(format_percent(391, 1000, Lang::Es, Medium::Text), "39,1 %");
    EXPECT_EQ(format_percent(391, 1000, Lang::Es, Medium::Html), "39,1\u00a0%");
    EXPECT_EQ(format_percent(1, 0, Lang::Es, Medium::Html), "-");
}

}  // namespace
}  // namespace drawaudit::report
