// fifty-move-claim (9.3.1 declared, 9.3.2 appeared) and its windows.
#include <gtest/gtest.h>

#include "audit_test_support.hpp"

namespace drawaudit::audit {
namespace {

using namespace testing;

// Clock 97 at the start; 60. Rh3 -> 98, 60... Ke6 -> 99, 61. Rh4 -> 100, 61... Ke5 -> 101.
constexpr std::string_view RookEnding = "8/p3k3/8/8/8/8/P3K3/7R w - - 97 60";

TEST(FiftyMove, DeclaredRouteStandsAtClock99ForTheSideToMove) {
    const GameReport g = audit_one(fen_game(RookEnding, "60. Rh3 Ke6 61. Rh4 Ke5 62. a3 Kd5 *"));
    EXPECT_EQ(plies_of(g, Rule::FiftyMoveClaim, Route::Declared), (std::vector<int>{2}));
    const auto f = finding_at(g, Rule::FiftyMoveClaim, 2, Route::Declared);
    ASSERT_TRUE(f);
    EXPECT_EQ(f->side, Side::White);
    EXPECT_EQ(f->article, "9.3.1");
    EXPECT_EQ(f->halfmove_clock, 99);
    EXPECT_EQ(f->move, "60... Ke6");
    EXPECT_FALSE(f->moves.empty());
    EXPECT_EQ(std::count(f->moves.begin(), f->moves.end(), "a3"), 0);  // pawn moves don't count
}

TEST(FiftyMove, AppearedRouteStandsOnceForEachSideFromClock100) {
    const GameReport g = audit_one(fen_game(RookEnding, "60. Rh3 Ke6 61. Rh4 Ke5 62. Rh3 Kd5 *"));
    const auto black = finding_at(g, Rule::FiftyMoveClaim, 3, Route::Appeared);
    const auto white = finding_at(g, Rule::FiftyMoveClaim, 4, Route::Appeared);
    ASSERT_TRUE(black);
    ASSERT_TRUE(white);
    EXPECT_EQ(black->side, Side::Black);
    EXPECT_EQ(white->side, Side::White);
    EXPECT_EQ(black->article, "9.3.2");
    EXPECT_EQ(black->halfmove_clock, 100);
    EXPECT_EQ(white->halfmove_clock, 101);
    EXPECT_EQ(plies_of(g, Rule::FiftyMoveClaim, Route::Appeared), (std::vector<int>{3, 4}));
}

TEST(FiftyMove, APawnMoveEndsTheWindowAndSetsUntilPly) {
    const GameReport g = audit_one(fen_game(RookEnding, "60. Rh3 Ke6 61. Rh4 Ke5 62. a3 Kd5 *"));
    for (const Finding& f : findings_of(g, Rule::FiftyMoveClaim)) {
        EXPECT_EQ(f.until_ply, 4) << f.message;
    }
    EXPECT_EQ(findings_of(g, Rule::FiftyMoveClaim).size(), 3u);
}

TEST(FiftyMove, TheGameEndEndsTheWindow) {
    const GameReport g = audit_one(fen_game(RookEnding, "60. Rh3 Ke6 61. Rh4 Ke5 62. Rh3 Kd5 *"));
    for (const Finding& f : findings_of(g, Rule::FiftyMoveClaim)) EXPECT_EQ(f.until_ply, 6);
}

TEST(FiftyMove, ANewWindowAfterAPawnMoveGivesNewFindings) {
    const GameReport g = audit_one(fen_game("8/p3k3/8/8/8/8/P3K3/7R w - - 99 60", "60. a3 Ke6 *"));
    // Only the first window (position 0) has a claim: the pawn move restarts the count.
    EXPECT_EQ(plies_of(g, Rule::FiftyMoveClaim), (std::vector<int>{0}));
    const auto f = finding_at(g, Rule::FiftyMoveClaim, 0, Route::Declared);
    ASSERT_TRUE(f);
    EXPECT_EQ(f->until_ply, 0);
    EXPECT_TRUE(f->move.empty());
}

TEST(FiftyMove, NoDeclaredClaimWhenOnlyPawnMovesAreLegal) {
    // White: Ka1, Pb2; Black: Kc2, Nc1. The king has no square; only b3/b4 are legal.
    const GameReport g = audit_one(fen_game("8/8/8/8/8/8/1Pk5/K1n5 w - - 99 80", "80. b3 *"));
    EXPECT_TRUE(findings_of(g, Rule::FiftyMoveClaim).empty());
}

TEST(FiftyMove, NoDeclaredClaimWhenTheOnlyLegalMoveIsACapture) {
    // Peer case fide-capture-at-99: Kxb1 is forced.
    const GameReport g = audit_one(fen_game("7k/8/8/3b4/8/3n4/8/Kr6 w - - 99 80", "80. Kxb1 *"));
    EXPECT_TRUE(findings_of(g, Rule::FiftyMoveClaim).empty());
}

TEST(FiftyMove, DeclaredClaimCountsEvenAMatingMove) {
    // Peer case is-pc1188: the only quiet move mates; RULES.md still lets White claim (9.3.1).
    const GameReport g = audit_one(fen_game("6rk/6pp/7N/5p2/6p1/8/2q5/K7 w - - 99 60", "*"));
    EXPECT_EQ(plies_of(g, Rule::FiftyMoveClaim, Route::Declared), (std::vector<int>{0}));
}

TEST(FiftyMove, APromotionResetsTheClock) {
    // Peer case fide-promotion-resets-clock: after a8=Q the count restarts.
    const GameReport g =
        audit_one(fen_game("8/P6k/8/8/8/8/8/K7 w - - 99 80", "80. a8=Q Kg6 81. Qb7 *"));
    EXPECT_EQ(plies_of(g, Rule::FiftyMoveClaim), (std::vector<int>{0}));
}

TEST(FiftyMove, AFenClockAbove99OpensTheWindowWithoutADeclaredClaim) {
    const GameReport g = audit_one(fen_game("8/p3k3/8/8/8/8/P3K3/7R w - - 120 60", "60. Rh3 *"));
    EXPECT_TRUE(findings_of(g, Rule::FiftyMoveClaim, Route::Declared).empty());
    EXPECT_EQ(plies_of(g, Rule::FiftyMoveClaim, Route::Appeared), (std::vector<int>{0, 1}));
}

TEST(FiftyMove, NoClaimInACheckmatePosition) {
    // Peer case pc-fifty-f: Black is mated at clock 105: too late to claim.
    const GameReport g = audit_one(fen_game("k7/8/NKB5/8/8/8/8/8 b - - 105 176", "1-0"));
    EXPECT_TRUE(findings_of(g, Rule::FiftyMoveClaim).empty());
    EXPECT_EQ(g.termination, Termination::Checkmate);
}

}  // namespace
}  // namespace drawaudit::audit
