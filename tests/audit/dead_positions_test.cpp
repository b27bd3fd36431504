// Dead positions and unwinnable sides beyond material (RULES.md, "Dead positions and unwinnable
// sides"): the audit's dead-position, its 6.9 result check and final_unwinnable.
#include <gtest/gtest.h>

#include <optional>
#include <string>

#include "audit/dead_positions.hpp"
#include "audit_test_support.hpp"

namespace drawaudit::audit {
namespace {

using namespace testing;

std::string from_fen(std::string_view fen) {
    return "[SetUp \"1\"]\n[FEN \"" + std::string(fen) + "\"]\n";
}

chess::Position position_of(std::string_view fen) {
    auto parsed = chess::Position::from_fen(fen);
    EXPECT_TRUE(parsed) << fen;
    return parsed ? parsed->position : chess::Position::startpos();
}

// The game ended by a dead position at `ply`, with `extra` half-moves recorded after it, both
// sides closed by `proof` (any proof when None); its finding (null when the expectations failed).
std::optional<Finding> ended_dead_at(const GameReport& g, int ply, int extra,
                                     chess::UnwinnableProof proof = chess::UnwinnableProof::None) {
    EXPECT_EQ(g.termination, Termination::DeadPosition);
    EXPECT_EQ(g.end_ply, std::optional<int>(ply));
    const auto after = finding_at(g, Rule::MovesAfterEnd, ply + 1);
    EXPECT_TRUE(after);
    if (after) {
        EXPECT_EQ(after->extra_plies, extra);
    }
    const auto dead = finding_at(g, Rule::DeadPosition, ply);
    EXPECT_TRUE(dead);
    if (!dead) return dead;
    EXPECT_EQ(dead->args.id, MessageId::DeadProved);
    if (proof != chess::UnwinnableProof::None) {
        EXPECT_EQ(dead->args.proofs[0], proof);
        EXPECT_EQ(dead->args.proofs[1], proof);
    }
    return dead;
}

constexpr std::string_view LockingFen = "2b1k3/8/8/1p1p1p1p/1P1P1P2/7P/8/2B1K3 w - - 0 1";
// Black's light-squared bishops are locked above a wall whose pawns stand on light (black) and
// dark (white) squares; White's dark-squared bishop could still check.
constexpr std::string_view WallFen = "6k1/5b2/3Bb3/1p1p1p2/pPpPpPp1/P1P1P1P1/8/4K3 w - - 0 1";
constexpr std::string_view OpenWallFen = "6k1/5b2/3Bb3/1p1p1p2/pPpPpPp1/P1P1P3/8/4K3 w - - 0 1";

TEST(DeadPositionBeyondMaterial, TheMoveThatLocksTheWallEndsTheGame) {
    const GameReport g = audit_one(
        game("1. h4 Kd7 2. Kd2 1/2-1/2", from_fen(LockingFen) + "[Result \"1/2-1/2\"]\n"));
    const auto dead = ended_dead_at(g, 1, 2, chess::UnwinnableProof::LockedPawns);
    ASSERT_TRUE(dead);
    EXPECT_EQ(dead->move, "1. h4");
}

TEST(DeadPositionBeyondMaterial, AFreePawnKeepsThePositionAlive) {
    const GameReport g =
        audit_one(game("1. Kd2 Kd7 1/2-1/2", from_fen(LockingFen) + "[Result \"1/2-1/2\"]\n"));
    EXPECT_EQ(g.termination, Termination::None);
    EXPECT_TRUE(findings_of(g, Rule::DeadPosition).empty());
}

// Issue 32, item 3: dead positions whose pawns are not all blocked by pawns, found where they
// arise instead of at the stalemate or the bare kings they lead to.

// 47...Qh5+: White's only replies, Kxh5 and gxh5, both stalemate Black (the queen, rook and
// king cover every square around g8); from draws/tcec-stalemate.
constexpr std::string_view SacrificeFen = "6k1/4R3/5QK1/8/6P1/2P5/8/7q b - - 3 47";

TEST(DeadPositionBeyondMaterial, ACheckWhoseEveryReplyStalematesEndsTheGameAtTheCheck) {
    const GameReport g = audit_one(
        game("47... Qh5+ 48. Kxh5 1/2-1/2", from_fen(SacrificeFen) + "[Result \"1/2-1/2\"]\n"));
    EXPECT_TRUE(ended_dead_at(g, 1, 1, chess::UnwinnableProof::Exhausted));
    EXPECT_TRUE(findings_of(g, Rule::Stalemate).empty());  // the game had ended before it
}

TEST(DeadPositionBeyondMaterial, ACheckWithAnotherReplyThatLeavesAMoveIsNotDead) {
    // The same check without the rook: Black's king may go to h7 or f7 after Kxh5.
    const GameReport g = audit_one(
        game("47... Qh5+ 48. Kxh5 1/2-1/2",
             from_fen("6k1/8/5QK1/8/6P1/2P5/8/7q b - - 3 47") + "[Result \"1/2-1/2\"]\n"));
    EXPECT_EQ(g.termination, Termination::None);
    EXPECT_TRUE(findings_of(g, Rule::DeadPosition).empty());
}

TEST(DeadPositionBeyondMaterial, ACheckWhoseOnlyReplyTakesIntoBareMaterialEndsTheGameAtTheCheck) {
    // 1. Rh8+: Black's only move is Kxh8, after which king and bishop cannot mate a king.
    const GameReport g =
        audit_one(game("1. Rh8+ Kxh8 2. Ke5 1/2-1/2",
                       from_fen("R7/7k/5K2/8/8/8/2b5/8 w - - 0 1") + "[Result \"1/2-1/2\"]\n"));
    EXPECT_TRUE(ended_dead_at(g, 1, 2));
}

TEST(DeadPositionBeyondMaterial, APawnBlockedByAKingThatCanNeverMoveIsLockedAtAJudgedPosition) {
    // Black's king on h8 can never move (g8 is the h7 pawn's, g7 its own blocked pawn, h7
    // guarded by g6): the locked-pawn proof closes both sides. The filter lets it through.
    const chess::Position pos = position_of("7k/4K1pP/6P1/8/8/8/8/8 w - - 1 75");
    EXPECT_FALSE(every_pawn_blocked_by_a_pawn(pos));
    EXPECT_TRUE(may_be_dead_beyond_material(pos));
    EXPECT_TRUE(is_dead_beyond_material(pos));
}

TEST(DeadPositionFilter, ACheckByOneOfSeveralPiecesCannotForceTheEnd) {
    // White checks with the rook but keeps a queen: Black's reply leaves White moves to spare.
    const chess::Position pos = position_of("7R/7k/5K2/8/8/8/2b5/Q7 b - - 0 1");
    ASSERT_TRUE(pos.in_check());
    EXPECT_FALSE(check_may_force_the_end(pos));
    EXPECT_FALSE(may_be_dead_beyond_material(pos));
}

TEST(DeadPositionFilter, OnlyACheckingPieceTheCheckedSideAttacksMayForceTheEnd) {
    const chess::Position pos = position_of("7R/7k/5K2/8/8/8/8/8 b - - 0 1");
    ASSERT_TRUE(pos.in_check());
    EXPECT_TRUE(check_may_force_the_end(pos));  // Kxh8 leaves bare kings
    // A rook checking from a8: no black man attacks it, Black's king walks away.
    const chess::Position guarded = position_of("R6k/8/8/8/8/8/8/6K1 b - - 0 1");
    ASSERT_TRUE(guarded.in_check());
    EXPECT_FALSE(check_may_force_the_end(guarded));
}

// Game 10 of draws/tcec-stalemate: 80... Qg2+ is taken and Black is stalemated, its g-pawn
// pinned by White's queen along the sixth rank. The filter once counted the pawn as free to
// advance and found the game dead only at the stalemate, one move later.
TEST(DeadPositionFilter, APawnPinnedOffItsFileCannotAdvance) {
    const chess::Position pos = position_of("8/R7/4Q1pk/4P2p/1pP4P/1P5K/6q1/8 w - - 1 81");
    ASSERT_TRUE(pos.in_check());
    EXPECT_TRUE(check_may_force_the_end(pos));
    EXPECT_TRUE(is_dead_beyond_material(pos));
    // With White's queen off the rank the pawn may advance after Kxg2: no stalemate is forced.
    const chess::Position free_pawn = position_of("8/R3Q3/6pk/4P2p/1pP4P/1P5K/6q1/8 w - - 1 81");
    ASSERT_TRUE(free_pawn.in_check());
    EXPECT_FALSE(check_may_force_the_end(free_pawn));
    const GameReport g = audit_one(
        game("80... Qg2+ 81. Kxg2 1/2-1/2",
             from_fen("8/R7/4Q1pk/4P2p/1pP4P/1P5K/8/6q1 b - - 0 80") + "[Result \"1/2-1/2\"]\n"));
    EXPECT_TRUE(ended_dead_at(g, 1, 1));
    EXPECT_TRUE(findings_of(g, Rule::Stalemate).empty());
}

// Game 16: 41. Qf7+ is taken, and White's bishop on h1, shut in by its own g-pawn, has no move.
// The filter once asked that the checking piece be the checking side's only piece.
TEST(DeadPositionFilter, APieceShutInByItsOwnPawnsCannotMove) {
    const chess::Position pos = position_of("r4k1r/P4Q2/5q2/3p4/3P4/6p1/6P1/6KB b - - 1 41");
    ASSERT_TRUE(pos.in_check());
    EXPECT_TRUE(check_may_force_the_end(pos));
    EXPECT_TRUE(is_dead_beyond_material(pos));
    // The bishop on e2 instead can move: White is not stalemated.
    const chess::Position free_bishop =
        position_of("r4k1r/P4Q2/5q2/3p4/3P4/6p1/4B1P1/6K1 b - - 1 41");
    ASSERT_TRUE(free_bishop.in_check());
    EXPECT_FALSE(check_may_force_the_end(free_bishop));
}

// A queen taken next to the other king (a game of large/): the flights of White's king are
// covered only once Black's king stands on b4, the queen's square. The filter counts the
// squares the taking king attacks from there.
TEST(DeadPositionFilter, TheTakingKingsNewSquaresCountAsCovered) {
    const chess::Position pos = position_of("8/8/8/1p1p4/kQ1P4/3K4/4r3/4r3 b - - 4 64");
    ASSERT_TRUE(pos.in_check());
    EXPECT_TRUE(check_may_force_the_end(pos));
    EXPECT_TRUE(is_dead_beyond_material(pos));
}

// The same, where the king's leaving e2 opens the rook's rank to h2 (another game of large/).
TEST(DeadPositionFilter, TheLineTheTakingKingLeavesCountsAsOpen) {
    const chess::Position pos = position_of("8/8/8/6n1/8/4p2p/3rk3/5Q1K b - - 19 124");
    ASSERT_TRUE(pos.in_check());
    EXPECT_TRUE(check_may_force_the_end(pos));
    EXPECT_TRUE(is_dead_beyond_material(pos));
}

// No check before it: White's king on h1 behind its g-pawn, Black's pawn on h2 held by g3.
// Every move of Black's king leaves White stalemated, so the position is dead where it stands
// (two games of large/ were reported at the stalemate one move later).
TEST(DeadPositionBeyondMaterial, APawnBlockedByAKingOnItsLastRankEndsTheGameWhereItStands) {
    const GameReport g =
        audit_one(game("70... Kf4 1/2-1/2",
                       from_fen("8/8/8/4k3/8/6p1/6Pp/7K b - - 0 70") + "[Result \"1/2-1/2\"]\n"));
    EXPECT_TRUE(ended_dead_at(g, 0, 1, chess::UnwinnableProof::LockedPawns));
    EXPECT_TRUE(findings_of(g, Rule::Stalemate).empty());
}

// 80. Kc8 leaves Black one move, Kxa7, into bare kings (game 48 of draws/tcec-insufficient,
// and games of large/): the position after 80. Kc8 is dead, though neither a check nor locked.
// Found by looking back from the bare kings, the game ends there and 80... Kxa7 is a move after
// the end.
TEST(DeadPositionBeyondMaterial, AQuietMoveWhoseOnlyReplyTakesTheLastPawnEndsTheGameAtOnce) {
    const GameReport g =
        audit_one(game("80. Kc8 Kxa7 1/2-1/2",
                       from_fen("k7/P2K4/8/8/8/8/8/8 w - - 0 80") + "[Result \"1/2-1/2\"]\n"));
    const auto dead = ended_dead_at(g, 1, 1);
    ASSERT_TRUE(dead);
    EXPECT_EQ(dead->args.proofs[0], chess::UnwinnableProof::Exhausted);
    EXPECT_EQ(dead->args.proofs[1], chess::UnwinnableProof::Material);
}

// Black may also play Kb7 here (and White then promote): only the bare kings are dead.
TEST(DeadPositionBeyondMaterial, ACaptureIntoBareKingsThatWasNotForcedEndsTheGameAtTheCapture) {
    const GameReport g =
        audit_one(game("80... Kxa7 1/2-1/2",
                       from_fen("k7/P7/3K4/8/8/8/8/8 b - - 0 80") + "[Result \"1/2-1/2\"]\n"));
    EXPECT_EQ(g.termination, Termination::DeadPosition);
    EXPECT_EQ(g.end_ply, std::optional<int>(1));
    const auto dead = finding_at(g, Rule::DeadPosition, 1);
    ASSERT_TRUE(dead);
    EXPECT_EQ(dead->args.id, MessageId::DeadByMaterial);
    EXPECT_TRUE(findings_of(g, Rule::MovesAfterEnd).empty());
}

// A check whose only reply, Rxe1, stalemates Black (a game of large/): the check's filter does
// not see that the rook's new square covers Black's flights, the look back from the stalemate
// does.
TEST(DeadPositionBeyondMaterial, ACheckWhoseOnlyReplyStalematesIsFoundByLookingBack) {
    const GameReport g =
        audit_one(game("56. Rxe1 1/2-1/2", from_fen("8/8/1P6/8/6p1/5kP1/7P/1R2r1K1 w - - 1 56") +
                                               "[Result \"1/2-1/2\"]\n"));
    EXPECT_TRUE(ended_dead_at(g, 0, 1));
    EXPECT_TRUE(findings_of(g, Rule::Stalemate).empty());
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

TEST(UnwinnableWinner, AWinOnTimeWhoseOnlyReplyMatesTheWinnerIsADraw) {
    // A Lichess final: after 39... Qg5+ White's only move, fxg5, mates Black, so Black cannot
    // checkmate (the walk from the check runs at this final position, dead_positions.cpp).
    const GameReport g =
        audit_one(game("39... Qg5+ 0-1", from_fen("7r/2PR4/6pk/8/5P1K/r7/8/6q1 b - - 0 39") +
                                             "[Result \"0-1\"]\n[Termination \"Time forfeit\"]\n"));
    EXPECT_EQ(g.final_unwinnable, "black");
    const auto f = finding_at(g, Rule::ResultConflict, 1);
    ASSERT_TRUE(f);
    EXPECT_EQ(f->article, "6.9");
    EXPECT_EQ(f->expected, "1/2-1/2");
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
