// The recorded result: result-conflict, result-mismatch, early-agreement.
#include <gtest/gtest.h>

#include "audit_test_support.hpp"

namespace drawaudit::audit {
namespace {

using namespace testing;

TEST(ResultConflict, ADifferentResultAfterCheckmateIsAnError) {
    const GameReport g = audit_one(game("1. f3 e5 2. g4 Qh4# 1/2-1/2", "[Result \"1/2-1/2\"]\n"));
    const auto f = finding_at(g, Rule::ResultConflict, 4);
    ASSERT_TRUE(f);
    EXPECT_EQ(f->severity, Severity::Error);
    EXPECT_EQ(f->recorded, "1/2-1/2");
    EXPECT_EQ(f->expected, "0-1");
    EXPECT_EQ(f->article, "5.1.1");
    EXPECT_EQ(finding_at(g, Rule::Checkmate, 4)->severity, Severity::Warning);
}

TEST(ResultConflict, AnUnknownResultAfterAnAutomaticEndIsAWarning) {
    const GameReport g = audit_one(game("1. f3 e5 2. g4 Qh4# *", "[Result \"*\"]\n"));
    const auto f = finding_at(g, Rule::ResultConflict, 4);
    ASSERT_TRUE(f);
    EXPECT_EQ(f->severity, Severity::Warning);
}

TEST(ResultConflict, AMissingResultTagAfterAnAutomaticEndIsAWarning) {
    const GameReport g = audit_one(game("1. f3 e5 2. g4 Qh4#"));
    const auto f = finding_at(g, Rule::ResultConflict, 4);
    ASSERT_TRUE(f);
    EXPECT_EQ(f->severity, Severity::Warning);
    EXPECT_EQ(f->recorded, "");
}

constexpr std::string_view LoneWhiteKing = "4k3/8/8/8/8/8/r7/4K3 w - - 0 1";

TEST(ResultConflict, AWinForASideThatCannotMateIsADrawUnderThe2023Laws) {
    const GameReport g = audit_one(
        fen_game(LoneWhiteKing, "1. Kd1 1-0", "[Result \"1-0\"]\n[Date \"2024.01.01\"]\n"));
    const auto f = finding_at(g, Rule::ResultConflict, 1);
    ASSERT_TRUE(f);
    EXPECT_EQ(f->article, "5.1.2");
    EXPECT_EQ(f->severity, Severity::Error);
    EXPECT_EQ(f->expected, "1/2-1/2");
}

TEST(ResultConflict, Before2023OnlyALossOnTimeOrByIllegalMoveIsChecked) {
    const GameReport resigned = audit_one(
        fen_game(LoneWhiteKing, "1. Kd1 1-0", "[Result \"1-0\"]\n[Date \"2018.01.01\"]\n"));
    EXPECT_TRUE(findings_of(resigned, Rule::ResultConflict).empty());

    const GameReport on_time = audit_one(
        fen_game(LoneWhiteKing, "1. Kd1 1-0",
                 "[Result \"1-0\"]\n[Date \"2018.01.01\"]\n[Termination \"time forfeit\"]\n"));
    const auto f = finding_at(on_time, Rule::ResultConflict, 1);
    ASSERT_TRUE(f);
    EXPECT_EQ(f->article, "6.9");
    EXPECT_EQ(f->args.quoted, "time forfeit");  // the Termination tag its sentence quotes

    const GameReport illegal = audit_one(
        fen_game(LoneWhiteKing, "1. Kd1 1-0",
                 "[Result \"1-0\"]\n[Date \"2018.01.01\"]\n[Termination \"illegal move\"]\n"));
    EXPECT_EQ(finding_at(illegal, Rule::ResultConflict, 1)->article, "7.5.5");
}

TEST(ResultConflict, AWinnerWithMatingMaterialIsFine) {
    const GameReport g = audit_one(
        fen_game(LoneWhiteKing, "1. Kd1 0-1", "[Result \"0-1\"]\n[Date \"2024.01.01\"]\n"));
    EXPECT_TRUE(findings_of(g, Rule::ResultConflict).empty());
}

TEST(ResultMismatch, TagAndMovetextMarkerDiffer) {
    const GameReport g = audit_one(game("1. e4 e5 0-1", "[Result \"1-0\"]\n"));
    const auto f = findings_of(g, Rule::ResultMismatch);
    ASSERT_EQ(f.size(), 1u);
    EXPECT_EQ(f[0].severity, Severity::Error);
    EXPECT_EQ(f[0].recorded, "1-0");
    EXPECT_EQ(f[0].expected, "0-1");
    EXPECT_EQ(g.movetext_result, "0-1");
}

TEST(EarlyAgreement, ADrawBeforeBothPlayersMovedBreaks523) {
    const GameReport g = audit_one(game("1. e4 1/2-1/2", "[Result \"1/2-1/2\"]\n"));
    const auto f = finding_at(g, Rule::EarlyAgreement, 1);
    ASSERT_TRUE(f);
    EXPECT_EQ(f->article, "5.2.3");
    EXPECT_EQ(f->severity, Severity::Warning);
}

TEST(EarlyAgreement, ADrawMarkerWithoutMovesIsReported) {
    const GameReport g = audit_one(game("1/2-1/2", "[Result \"1/2-1/2\"]\n"));
    EXPECT_EQ(plies_of(g, Rule::EarlyAgreement), (std::vector<int>{0}));
}

TEST(EarlyAgreement, ATagsOnlyRecordIsNotReported) {
    const GameReport g = audit_one("[Event \"x\"]\n[Result \"1/2-1/2\"]\n\n");
    EXPECT_TRUE(findings_of(g, Rule::EarlyAgreement).empty());
}

TEST(EarlyAgreement, BothPlayersHavingMovedIsEnoughByDefault) {
    const GameReport g = audit_one(game("1. e4 e5 1/2-1/2", "[Result \"1/2-1/2\"]\n"));
    EXPECT_TRUE(findings_of(g, Rule::EarlyAgreement).empty());
}

TEST(EarlyAgreement, MinimumMovesOptionReportsFewerThanNMovesEach) {
    AuditOptions options;
    options.min_moves_before_agreement = 20;
    const GameReport g =
        audit_one(game("1. e4 e5 2. Nf3 1/2-1/2", "[Result \"1/2-1/2\"]\n"), options);
    const auto f = finding_at(g, Rule::EarlyAgreement, 3);
    ASSERT_TRUE(f);
    EXPECT_EQ(f->article, "9.1.1");
}

TEST(EarlyAgreement, NotReportedWhenAClaimIsAvailableAtTheEnd) {
    AuditOptions options;
    options.min_moves_before_agreement = 20;
    const GameReport g = audit_one(
        game("1. Nf3 Nf6 2. Ng1 Ng8 3. Nf3 Nf6 4. Ng1 Ng8 1/2-1/2", "[Result \"1/2-1/2\"]\n"),
        options);
    EXPECT_TRUE(findings_of(g, Rule::EarlyAgreement).empty());
}

TEST(EarlyAgreement, NotReportedWhenTheRulesGiveTheDraw) {
    const GameReport g =
        audit_one(fen_game("8/5k2/8/8/8/8/3K4/8 w - - 0 1", "1/2-1/2", "[Result \"1/2-1/2\"]\n"));
    EXPECT_TRUE(findings_of(g, Rule::EarlyAgreement).empty());
}

}  // namespace
}  // namespace drawaudit::audit
