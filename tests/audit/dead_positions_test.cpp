// Dead positions and unwinnable sides beyond material (RULES.md, "Dead positions and unwinnable
// sides"): the audit's dead-position, its 6.9 result check and final_unwinnable.
#include <gtest/gtest.h>

#include <string>

#include "audit_test_support.hpp"

namespace drawaudit::audit {
namespace {

using namespace testing;

std::string from_fen(std::string_view fen) {
    return "[SetUp \"1\"]\n[FEN \"" + std::string(fen) + "\"]\n";
}

constexpr std::string_view LockingFen = "2b1k3/8/8/1p1p1p1p/1P1P1P2/7P/8/2B1K3 w - - 0 1";
// Black's light-squared bishops are locked above a wall whose pawns stand on light (black) and
// dark (white) squares; White's dark-squared bishop could still check.
constexpr std::string_view WallFen = "6k1/5b2/3Bb3/1p1p1p2/pPpPpPp1/P1P1P1P1/8/4K3 w - - 0 1";
constexpr std::string_view OpenWallFen = "6k1/5b2/3Bb3/1p1p1p2/pPpPpPp1/P1P1P3/8/4K3 w - - 0 1";

TEST(DeadPositionBeyondMaterial, TheMoveThatLocksTheWallEndsTheGame) {
    const GameReport g = audit_one(
        game("1. h4 Kd7 2. Kd2 1/2-1/2", from_fen(LockingFen) + "[Result \"1/2-1/2\"]\n"));
    EXPECT_EQ(g.termination, Termination::DeadPosition);
    ASSERT_TRUE(g.end_ply);
    EXPECT_EQ(*g.end_ply, 1);
    const auto dead = finding_at(g, Rule::DeadPosition, 1);
    ASSERT_TRUE(dead);
    EXPECT_EQ(dead->move, "1. h4");
    EXPECT_EQ(dead->args.id, MessageId::DeadProved);
    EXPECT_EQ(dead->args.proofs[0], chess::UnwinnableProof::LockedPawns);
    EXPECT_EQ(dead->args.proofs[1], chess::UnwinnableProof::LockedPawns);
    const auto after = finding_at(g, Rule::MovesAfterEnd, 2);
    ASSERT_TRUE(after);
    EXPECT_EQ(after->extra_plies, 2);
}

TEST(DeadPositionBeyondMaterial, AFreePawnKeepsThePositionAlive) {
    const GameReport g =
        audit_one(game("1. Kd2 Kd7 1/2-1/2", from_fen(LockingFen) + "[Result \"1/2-1/2\"]\n"));
    EXPECT_EQ(g.termination, Termination::None);
    EXPECT_TRUE(findings_of(g, Rule::DeadPosition).empty());
}

TEST(UnwinnableWinner, AWinOnTimeByASideTheWallStopsIsADraw) {
    const GameReport g =
        audit_one(game("1. Bc7 Bd7 0-1",
                       from_fen(WallFen) + "[Result \"0-1\"]\n[Termination \"Time forfeit\"]\n"));
    const auto f = finding_at(g, Rule::ResultConflict, 2);
    ASSERT_TRUE(f);
    EXPECT_EQ(f->article, "6.9");
    EXPECT_EQ(f->expected, "1/2-1/2");
    EXPECT_EQ(f->args.id, MessageId::ConflictCannotMate);
    EXPECT_EQ(f->args.proofs[0], chess::UnwinnableProof::LockedPawns);
    EXPECT_EQ(g.final_unwinnable, "black");
    EXPECT_EQ(g.termination, Termination::None);  // White can still mate: not dead
}

TEST(UnwinnableWinner, APawnThatCanBreakThroughKeepsTheWin) {
    const GameReport g =
        audit_one(game("1. Bc7 Bd7 0-1", from_fen(OpenWallFen) +
                                             "[Result \"0-1\"]\n[Termination \"Time forfeit\"]\n"));
    EXPECT_TRUE(findings_of(g, Rule::ResultConflict).empty());
    EXPECT_EQ(g.final_unwinnable, "");
}

TEST(UnwinnableWinner, FinalUnwinnableIsNotComputedForAnAgreedDraw) {
    const GameReport g =
        audit_one(game("1. Bc7 Bd7 1/2-1/2", from_fen(WallFen) + "[Result \"1/2-1/2\"]\n"));
    EXPECT_EQ(g.final_unwinnable, "");
    EXPECT_EQ(g.undetermined_positions, 0);
}

TEST(UnwinnableWinner, ALoneKingOnTimeIsReportedWithTheMaterialReason) {
    const GameReport g =
        audit_one(game("1. Kd1 1-0", from_fen("4k3/8/8/8/8/8/r7/4K3 w - - 0 1") +
                                         "[Result \"1-0\"]\n[Termination \"Time forfeit\"]\n"));
    const auto f = finding_at(g, Rule::ResultConflict, 1);
    ASSERT_TRUE(f);
    EXPECT_EQ(f->args.proofs[0], chess::UnwinnableProof::Material);
    EXPECT_EQ(g.final_unwinnable, "white");
}

}  // namespace
}  // namespace drawaudit::audit
