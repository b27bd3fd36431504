// A game that repeats one cycle for many thousands of plies (RULES.md "Output records": a
// repetition lists at most ten occurrences, with their total in occurrence_count), so that the
// work per claim stays bounded however long the game.
#include <string>

#include <fmt/format.h>
#include <gtest/gtest.h>

#include "audit_test_support.hpp"

namespace drawaudit::audit {
namespace {

using namespace testing;

// `plies` half-moves of Nf3 Nf6 Ng1 Ng8 from the start, under the 1997 Laws (no automatic
// draw: every repetition is a claim).
GameReport knight_shuffle(
    int plies, std::uint64_t max_findings_per_rule = AuditOptions::kDefaultMaxFindingsPerRule) {
    static constexpr const char* cycle[] = {"Nf3", "Nf6", "Ng1", "Ng8"};
    std::string movetext;
    movetext.reserve(static_cast<std::size_t>(plies) * 12);
    for (int i = 0; i < plies; ++i) {
        if (i % 2 == 0) movetext += std::to_string(i / 2 + 1) + ". ";
        movetext += cycle[i % 4];
        movetext += ' ';
    }
    movetext += "1/2-1/2";
    AuditOptions options;
    options.laws = Laws::Laws1997;
    options.max_findings_per_rule = max_findings_per_rule;
    return audit_one(game(movetext, "[Result \"1/2-1/2\"]\n"), options);
}

// Position k is the one of the cycle at k mod 4; it has occurred at k mod 4, k mod 4 + 4, ..., k.
void expect_listed_occurrences_of(const Finding& f, int latest, int count) {
    ASSERT_EQ(f.occurrence_count, count) << "ply " << f.ply;
    ASSERT_EQ(f.occurrences.size(), f.occurrence_moves.size());
    if (count <= 10) {
        ASSERT_EQ(static_cast<int>(f.occurrences.size()), count) << "ply " << f.ply;
    } else {
        ASSERT_EQ(f.occurrences.size(), 10u) << "ply " << f.ply;
    }
    const int first = latest % 4;
    for (int i = 0; i < 5 && i < count; ++i) {
        EXPECT_EQ(f.occurrences[static_cast<std::size_t>(i)], first + 4 * i) << "ply " << f.ply;
    }
    EXPECT_EQ(f.occurrences.back(), latest) << "ply " << f.ply;
    if (count > 10) {
        EXPECT_EQ(f.occurrences[5], latest - 16) << "ply " << f.ply;
    }
    // The sentence names the occurrences before the claim: those of the appeared route before
    // position k itself, at most ten of them.
    const int named = latest == f.ply ? count - 1 : count;
    ASSERT_TRUE(f.args.id == MessageId::ThreefoldAppeared || f.args.declared.size() == 1u);
    const OccurrenceWords& words =
        f.args.id == MessageId::ThreefoldAppeared ? f.args.earlier : f.args.declared[0].before;
    EXPECT_EQ(words.total, named) << "ply " << f.ply;
    EXPECT_EQ(words.moves.size(), static_cast<std::size_t>(std::min(named, 10))) << "ply " << f.ply;
}

void expect_bounded_claims(int plies) {
    const GameReport g =
        knight_shuffle(plies, 2 * static_cast<std::uint64_t>(plies));  // all listed
    EXPECT_EQ(g.plies, plies);
    EXPECT_FALSE(g.end_ply);  // 1997: no fivefold
    const std::vector<Finding> appeared = findings_of(g, Rule::ThreefoldClaim, Route::Appeared);
    const std::vector<Finding> declared = findings_of(g, Rule::ThreefoldClaim, Route::Declared);
    // From the first third occurrence (position 8) on, every position is a claim of both routes
    // (the declared one from position 7: Ng8 makes the start position's third occurrence).
    EXPECT_EQ(static_cast<int>(appeared.size()), plies - 8 + 1);
    EXPECT_EQ(static_cast<int>(declared.size()), plies - 7 + 1);
    for (const Finding& f : appeared) {
        expect_listed_occurrences_of(f, f.ply, f.ply / 4 + 1);
        if (::testing::Test::HasFatalFailure()) return;
    }
    for (const Finding& f : declared) {
        // The move from k leads to position k + 1 of the cycle, last seen at k - 3.
        expect_listed_occurrences_of(f, f.ply - 3, (f.ply + 1) / 4);
        if (::testing::Test::HasFatalFailure()) return;
    }
}

TEST(LongGames, ARepetitionOf20000PliesListsAtMostTenOccurrencesPerClaim) {
    expect_bounded_claims(20000);
}

TEST(LongGames, ARepetitionOf100000PliesListsAtMostTenOccurrencesPerClaim) {
    expect_bounded_claims(100000);
}

TEST(LongGames, ElevenOccurrencesListTheFirstAndTheLastFive) {
    const GameReport g = knight_shuffle(45);  // position 40: the start's 11th occurrence
    const std::optional<Finding> f = finding_at(g, Rule::ThreefoldClaim, 40, Route::Appeared);
    ASSERT_TRUE(f);
    EXPECT_EQ(f->occurrence_count, 11);
    EXPECT_EQ(f->occurrences, (std::vector<int>{0, 4, 8, 12, 16, 24, 28, 32, 36, 40}));
    const std::optional<Finding> twelve = finding_at(g, Rule::ThreefoldClaim, 44, Route::Appeared);
    ASSERT_TRUE(twelve);
    // Its sentence: "..., 8... Ng8, and 1 more, then 12... Ng8, ..." (report/messages_test).
    EXPECT_EQ(twelve->args.earlier.total, 11);
    ASSERT_EQ(twelve->args.earlier.moves.size(), 10u);
    EXPECT_EQ(twelve->args.earlier.moves[4], "8... Ng8");
    EXPECT_EQ(twelve->args.earlier.moves[5], "12... Ng8");
    const std::optional<Finding> ten = finding_at(g, Rule::ThreefoldClaim, 36, Route::Appeared);
    ASSERT_TRUE(ten);
    EXPECT_EQ(ten->occurrence_count, 10);
    EXPECT_EQ(ten->occurrences.size(), 10u);
    EXPECT_EQ(ten->args.earlier.total, 9);
    EXPECT_EQ(ten->args.earlier.moves.size(), 9u);
}

// Issue 30: two claims per ply made records of gigabytes; beyond the limit they are counted.
TEST(LongGames, FindingsOfOneRuleBeyondTheLimitAreCountedNotListed) {
    const GameReport listed_all = knight_shuffle(400, 100000);
    const GameReport limited = knight_shuffle(400, 5);
    std::uint64_t threefold = 0;
    for (const Finding& f : listed_all.findings) threefold += f.rule == Rule::ThreefoldClaim;
    std::uint64_t kept = 0;
    for (const Finding& f : limited.findings) kept += f.rule == Rule::ThreefoldClaim;
    EXPECT_EQ(kept, 5u);
    const auto rule = static_cast<std::size_t>(Rule::ThreefoldClaim);
    EXPECT_EQ(limited.findings_omitted.by_rule[rule], threefold - 5);
    EXPECT_EQ(limited.findings_omitted.total, threefold - 5);
    EXPECT_EQ(listed_all.findings_omitted.total, 0u);
}

}  // namespace
}  // namespace drawaudit::audit
