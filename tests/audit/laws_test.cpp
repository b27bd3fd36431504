// The editions of the Laws (RULES.md "Which Laws"): the table of what each changes, and the
// edition a Date tag gives.
#include <fmt/format.h>
#include <gtest/gtest.h>

#include "audit/laws.hpp"
#include "audit_test_support.hpp"

namespace drawaudit::audit {
namespace {

using namespace testing;

TEST(LawsEditions, TheTableHoldsEachEditionOnceOldestFirst) {
    ASSERT_EQ(kLawsEditions.size(), 4u);
    for (std::size_t i = 1; i < kLawsEditions.size(); ++i) {
        const LawsEdition& before = kLawsEditions[i - 1];
        const LawsEdition& after = kLawsEditions[i];
        EXPECT_LT(before.in_force_year * 12 + before.in_force_month,
                  after.in_force_year * 12 + after.in_force_month);
    }
    for (const LawsEdition& e : kLawsEditions) EXPECT_EQ(edition_of(e.laws).laws, e.laws);
}

TEST(LawsEditions, OnlyThe1997TextHasNoAutomaticDraws) {
    EXPECT_FALSE(edition_of(Laws::Laws1997).has_automatic_draws);
    EXPECT_TRUE(edition_of(Laws::Laws2014).has_automatic_draws);
    EXPECT_TRUE(edition_of(Laws::Laws2017).has_automatic_draws);
    EXPECT_TRUE(edition_of(Laws::Laws2023).has_automatic_draws);
}

TEST(LawsEditions, OnlyThe2014TextAsksForConsecutiveAlternateMoves) {
    EXPECT_FALSE(edition_of(Laws::Laws1997).fivefold_needs_consecutive_alternate);
    EXPECT_TRUE(edition_of(Laws::Laws2014).fivefold_needs_consecutive_alternate);
    EXPECT_FALSE(edition_of(Laws::Laws2017).fivefold_needs_consecutive_alternate);
    EXPECT_FALSE(edition_of(Laws::Laws2023).fivefold_needs_consecutive_alternate);
}

TEST(LawsEditions, OnlyThe2023TextDrawsAResignationWhereTheWinnerCannotMate) {
    EXPECT_FALSE(edition_of(Laws::Laws1997).winner_cannot_mate_applies_to_resignation);
    EXPECT_FALSE(edition_of(Laws::Laws2014).winner_cannot_mate_applies_to_resignation);
    EXPECT_FALSE(edition_of(Laws::Laws2017).winner_cannot_mate_applies_to_resignation);
    EXPECT_TRUE(edition_of(Laws::Laws2023).winner_cannot_mate_applies_to_resignation);
}

TEST(LawsForDate, EachEditionFromItsFirstDay) {
    EXPECT_EQ(laws_for_date("2023.01.01"), Laws::Laws2023);
    EXPECT_EQ(laws_for_date("2022.12.31"), Laws::Laws2017);
    EXPECT_EQ(laws_for_date("2017.07.01"), Laws::Laws2017);
    EXPECT_EQ(laws_for_date("2017.06.30"), Laws::Laws2014);
    EXPECT_EQ(laws_for_date("2014.07.01"), Laws::Laws2014);
    EXPECT_EQ(laws_for_date("2014.06.30"), Laws::Laws1997);
    EXPECT_EQ(laws_for_date("1851.06.15"), Laws::Laws1997);
}

TEST(LawsForDate, APartialDateInsideOneEditionGivesIt) {
    EXPECT_EQ(laws_for_date("2016.??.??"), Laws::Laws2014);
    EXPECT_EQ(laws_for_date("2020.??.??"), Laws::Laws2017);
    EXPECT_EQ(laws_for_date("1990.??.??"), Laws::Laws1997);
    EXPECT_EQ(laws_for_date("2017.09.??"), Laws::Laws2017);
    EXPECT_EQ(laws_for_date("2014.03.??"), Laws::Laws1997);
    EXPECT_EQ(laws_for_date("199?.??.??"), Laws::Laws1997);
}

// RULES.md: the newest edition that could have been in force on some day the date allows.
TEST(LawsForDate, APartialDateAcrossEditionsGivesTheNewestItAllows) {
    EXPECT_EQ(laws_for_date("2014.??.??"), Laws::Laws2014);
    EXPECT_EQ(laws_for_date("2017.??.??"), Laws::Laws2017);
    EXPECT_EQ(laws_for_date("20??.??.??"), Laws::Laws2023);
    EXPECT_EQ(laws_for_date("201?.??.??"), Laws::Laws2017);
    EXPECT_EQ(laws_for_date("2014"), Laws::Laws2014);
    EXPECT_EQ(laws_for_date("2017.1?.??"), Laws::Laws2017);
    EXPECT_EQ(laws_for_date("2014.0?.??"), Laws::Laws2014);
}

TEST(LawsForDate, AnUnknownDateGivesTheNewestEdition) {
    EXPECT_EQ(laws_for_date("????.??.??"), Laws::Laws2023);
    EXPECT_EQ(laws_for_date(""), Laws::Laws2023);
    EXPECT_EQ(laws_for_date("yesterday"), Laws::Laws2023);
    EXPECT_EQ(laws_for_date("20a5.01.01"), Laws::Laws2023);
    // PGN writes "?" for an unknown date (or part): no year 9, no September.
    EXPECT_EQ(laws_for_date("?"), Laws::Laws2023);
    EXPECT_EQ(laws_for_date("19?.??.??"), Laws::Laws2023);
    EXPECT_EQ(laws_for_date("2014.?.?"), Laws::Laws2014);
    EXPECT_EQ(laws_for_date("2014.6?.??"), Laws::Laws2014);
}

TEST(LawsForDate, AMonthOutsideTheYearAllowsTheWholeYear) {
    EXPECT_EQ(laws_for_date("2015.13.40"), Laws::Laws2014);
    EXPECT_EQ(laws_for_date("2014.13.01"), Laws::Laws2014);
    EXPECT_EQ(laws_for_date("2017.00.00"), Laws::Laws2017);
    EXPECT_EQ(laws_for_date("0000.00.00"), Laws::Laws1997);
}

TEST(LawsForDate, TheSeparatorDoesNotMatter) {
    for (int year = 1990; year <= 2030; ++year) {
        for (const char* month : {"01", "06", "07", "12", "??"}) {
            const std::string dotted = fmt::format("{}.{}.15", year, month);
            const std::string dashed = fmt::format("{}-{}-15", year, month);
            const std::string slashed = fmt::format("{}/{}/15", year, month);
            EXPECT_EQ(laws_for_date(dotted), laws_for_date(dashed)) << dotted;
            EXPECT_EQ(laws_for_date(dotted), laws_for_date(slashed)) << dotted;
        }
    }
}

TEST(LawsForDate, APartialDateDecidesTheGamesEdition) {
    const GameReport g = audit_one(game("1. e4 *", "[Date \"2014.??.??\"]\n"));
    EXPECT_EQ(g.laws, Laws::Laws2014);
}

TEST(LawsForDate, AForcedEditionOverridesTheDate) {
    AuditOptions options;
    options.laws = Laws::Laws1997;
    const GameReport g = audit_one(game("1. e4 *", "[Date \"2024.01.01\"]\n"), options);
    EXPECT_EQ(g.laws, Laws::Laws1997);
}

}  // namespace
}  // namespace drawaudit::audit
