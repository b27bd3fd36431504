// Automatic endings (5.1.1, 5.2.1, 5.2.2, 9.6.1, 9.6.2), their order, and moves-after-end.
#include <gtest/gtest.h>

#include "audit_test_support.hpp"

namespace drawaudit::audit {
namespace {

using namespace testing;

TEST(Endings, CheckmateEndsTheGameWithTheMatingSidesWin) {
    const GameReport g = audit_one(game("1. f3 e5 2. g4 Qh4# 0-1", "[Result \"0-1\"]\n"));
    EXPECT_EQ(g.termination, Termination::Checkmate);
    EXPECT_EQ(g.end_ply, 4);
    EXPECT_EQ(g.expected_result, "0-1");
    const auto f = finding_at(g, Rule::Checkmate, 4);
    ASSERT_TRUE(f);
    EXPECT_EQ(f->severity, Severity::Info);
    EXPECT_EQ(f->side, Side::White);
    EXPECT_EQ(f->article, "5.1.1");
    EXPECT_EQ(f->move, "2... Qh4#");
    EXPECT_TRUE(findings_of(g, Rule::ResultConflict).empty());
    EXPECT_FALSE(g.error);
}

TEST(Endings, StalemateEndsTheGameDrawn) {
    const GameReport g = audit_one(
        fen_game("k7/8/1K6/8/2Q5/8/8/8 w - - 0 1", "1. Qc7 1/2-1/2", "[Result \"1/2-1/2\"]\n"));
    EXPECT_EQ(g.termination, Termination::Stalemate);
    EXPECT_EQ(g.end_ply, 1);
    EXPECT_EQ(g.expected_result, "1/2-1/2");
    EXPECT_EQ(plies_of(g, Rule::Stalemate), (std::vector<int>{1}));
}

TEST(Endings, InsufficientMaterialIsADeadPosition) {
    const GameReport g = audit_one(
        fen_game("k7/2n5/8/4B3/8/8/8/K7 w - - 0 1", "1. Bxc7 1/2-1/2", "[Result \"1/2-1/2\"]\n"));
    EXPECT_EQ(g.termination, Termination::DeadPosition);
    EXPECT_EQ(plies_of(g, Rule::DeadPosition), (std::vector<int>{1}));
    EXPECT_EQ(finding_at(g, Rule::DeadPosition, 1)->article, "5.2.2");
}

TEST(Endings, StalemateComesBeforeDeadPositionAndBothAreReported) {
    const GameReport g = audit_one(
        fen_game("k7/2n5/1K6/4B3/8/8/8/8 w - - 0 1", "1. Bxc7 1/2-1/2", "[Result \"1/2-1/2\"]\n"));
    EXPECT_EQ(g.termination, Termination::Stalemate);
    EXPECT_EQ(plies_of(g, Rule::Stalemate), (std::vector<int>{1}));
    EXPECT_EQ(plies_of(g, Rule::DeadPosition), (std::vector<int>{1}));
}

TEST(Endings, ADeadStartPositionEndsTheGameAtPly0) {
    const GameReport g =
        audit_one(fen_game("8/5k2/8/8/8/8/3K4/8 w - - 0 1", "1/2-1/2", "[Result \"1/2-1/2\"]\n"));
    EXPECT_EQ(g.end_ply, 0);
    EXPECT_EQ(g.termination, Termination::DeadPosition);
}

constexpr std::string_view SixteenPlyShuffle =
    "1. Nf3 Nf6 2. Ng1 Ng8 3. Nf3 Nf6 4. Ng1 Ng8 5. Nf3 Nf6 6. Ng1 Ng8 7. Nf3 Nf6 8. Ng1 Ng8";

TEST(Endings, FivefoldEndsTheGameAtTheFifthOccurrence) {
    const GameReport g =
        audit_one(game(std::string(SixteenPlyShuffle) + " 1/2-1/2", "[Result \"1/2-1/2\"]\n"));
    EXPECT_EQ(g.termination, Termination::Fivefold);
    EXPECT_EQ(g.end_ply, 16);
    const auto f = finding_at(g, Rule::FivefoldDraw, 16);
    ASSERT_TRUE(f);
    EXPECT_EQ(f->occurrences, (std::vector<int>{0, 4, 8, 12, 16}));
    EXPECT_EQ(f->article, "9.6.1");
    EXPECT_EQ(f->severity, Severity::Info);
    // No claim at the position where the game ended.
    EXPECT_FALSE(finding_at(g, Rule::ThreefoldClaim, 16));
}

// Start position at plies 0, 4, 8, 12 and, after an 8-ply detour, 20; consecutive again at 24,
// 28, 32 and 36.
constexpr std::string_view ScatteredFivefold =
    "1. Nf3 Nf6 2. Ng1 Ng8 3. Nf3 Nf6 4. Ng1 Ng8 5. Nf3 Nf6 6. Ng1 Ng8 7. Nc3 Nc6 8. Nb5 Nb4 "
    "9. Nc3 Nc6 10. Nb1 Nb8 11. Nf3 Nf6 12. Ng1 Ng8 13. Nf3 Nf6 14. Ng1 Ng8 15. Nf3 Nf6 "
    "16. Ng1 Ng8 17. Nf3 Nf6 18. Ng1 Ng8 *";

TEST(Endings, FivefoldNeedNotBeConsecutiveUnderThe2023Laws) {
    const GameReport g = audit_one(game(ScatteredFivefold, "[Date \"2023.05.01\"]\n"));
    EXPECT_EQ(g.laws, Laws::Laws2023);
    EXPECT_EQ(g.end_ply, 20);
    EXPECT_EQ(finding_at(g, Rule::FivefoldDraw, 20)->occurrences,
              (std::vector<int>{0, 4, 8, 12, 20}));
}

TEST(Endings, FivefoldUnderThe2014LawsNeedsConsecutiveAlternateMoves) {
    const GameReport g = audit_one(game(ScatteredFivefold, "[Date \"2015.03.01\"]\n"));
    EXPECT_EQ(g.laws, Laws::Laws2014);
    EXPECT_EQ(g.end_ply, 36);
    EXPECT_EQ(g.termination, Termination::Fivefold);
}

TEST(Endings, NoAutomaticRepetitionDrawUnderThe1997Laws) {
    const GameReport g = audit_one(game(ScatteredFivefold, "[Date \"1990.01.01\"]\n"));
    EXPECT_EQ(g.laws, Laws::Laws1997);
    EXPECT_FALSE(g.end_ply);
    EXPECT_TRUE(findings_of(g, Rule::FivefoldDraw).empty());
    EXPECT_TRUE(findings_of(g, Rule::MovesAfterEnd).empty());
    EXPECT_FALSE(findings_of(g, Rule::ThreefoldClaim).empty());
}

constexpr std::string_view RookEnding148 = "8/p3k3/8/8/8/8/P3K3/7R w - - 148 60";

TEST(Endings, SeventyFiveMovesEndTheGameAtClock150NotAt149) {
    const GameReport g =
        audit_one(fen_game(RookEnding148, "60. Rh3 Ke6 1/2-1/2", "[Result \"1/2-1/2\"]\n"));
    EXPECT_EQ(g.termination, Termination::SeventyFiveMove);
    EXPECT_EQ(g.end_ply, 2);
    const auto f = finding_at(g, Rule::SeventyFiveMoveDraw, 2);
    ASSERT_TRUE(f);
    EXPECT_EQ(f->halfmove_clock, 150);
    EXPECT_EQ(f->article, "9.6.2");
    EXPECT_EQ(f->severity, Severity::Info);
    EXPECT_TRUE(plies_of(g, Rule::SeventyFiveMoveDraw) == std::vector<int>{2});
}

TEST(Endings, NoSeventyFiveMoveDrawUnderThe1997Laws) {
    const GameReport g =
        audit_one(fen_game(RookEnding148, "60. Rh3 Ke6 61. Rh4 *", "[Date \"2001.01.01\"]\n"));
    EXPECT_FALSE(g.end_ply);
    EXPECT_TRUE(findings_of(g, Rule::SeventyFiveMoveDraw).empty());
}

TEST(Endings, MateOnThe150thHalfMovePrevails) {
    const GameReport g = audit_one(fen_game("6k1/5ppp/8/8/8/8/5PPP/R5K1 w - - 149 100",
                                            "100. Ra8# 1-0", "[Result \"1-0\"]\n"));
    EXPECT_EQ(g.termination, Termination::Checkmate);
    EXPECT_EQ(g.expected_result, "1-0");
    EXPECT_TRUE(findings_of(g, Rule::SeventyFiveMoveDraw).empty());
    EXPECT_TRUE(findings_of(g, Rule::ResultConflict).empty());
}

TEST(Endings, StalemateOnThe150thHalfMoveIsStalemateAndSeventyFiveMoves) {
    const GameReport g = audit_one(fen_game("k7/8/8/2Q5/8/8/8/7K w - - 149 100", "100. Qb6 1/2-1/2",
                                            "[Result \"1/2-1/2\"]\n"));
    EXPECT_EQ(g.termination, Termination::Stalemate);
    EXPECT_EQ(plies_of(g, Rule::Stalemate), (std::vector<int>{1}));
    EXPECT_EQ(plies_of(g, Rule::SeventyFiveMoveDraw), (std::vector<int>{1}));
}

TEST(MovesAfterEnd, CountsTheExtraHalfMovesAndReportsNoClaimAfterTheEnd) {
    const GameReport g =
        audit_one(game(std::string(SixteenPlyShuffle) + " 9. Nf3 Nf6 10. Ng1 Ng8 1/2-1/2",
                       "[Result \"1/2-1/2\"]\n"));
    EXPECT_EQ(g.end_ply, 16);
    EXPECT_EQ(g.plies, 20);
    const auto f = finding_at(g, Rule::MovesAfterEnd, 17);
    ASSERT_TRUE(f);
    EXPECT_EQ(f->extra_plies, 4);
    EXPECT_EQ(f->severity, Severity::Error);
    EXPECT_EQ(f->move, "9. Nf3");
    for (const Finding& c : findings_of(g, Rule::ThreefoldClaim)) EXPECT_LT(c.ply, 16);
    // The ending itself is no longer plain information: the record conflicts with it.
    EXPECT_EQ(finding_at(g, Rule::FivefoldDraw, 16)->severity, Severity::Warning);
}

TEST(MovesAfterEnd, AnIllegalMoveAfterTheEndIsStillReported) {
    const GameReport g = audit_one(game("1. f3 e5 2. g4 Qh4# 3. Nf3 0-1", "[Result \"0-1\"]\n"));
    EXPECT_EQ(g.end_ply, 4);
    EXPECT_EQ(plies_of(g, Rule::IllegalMove), (std::vector<int>{5}));
    const auto f = finding_at(g, Rule::MovesAfterEnd, 5);
    ASSERT_TRUE(f);
    EXPECT_EQ(f->extra_plies, 1);
}

TEST(MovesAfterEnd, SeventyFiveMovesThenPlayOn) {
    const GameReport g = audit_one(
        fen_game(RookEnding148, "60. Rh3 Ke6 61. Rh4 Ke5 1/2-1/2", "[Result \"1/2-1/2\"]\n"));
    EXPECT_EQ(g.end_ply, 2);
    EXPECT_EQ(finding_at(g, Rule::MovesAfterEnd, 3)->extra_plies, 2);
    // The claims stand before the automatic end; their window runs to the ended position, the
    // last one with clock >= 99 (RULES.md: a window is ended by the game's end).
    EXPECT_EQ(plies_of(g, Rule::FiftyMoveClaim), (std::vector<int>{0, 1}));
    for (const Finding& f : findings_of(g, Rule::FiftyMoveClaim)) EXPECT_EQ(f.until_ply, 2);
}

}  // namespace
}  // namespace drawaudit::audit
