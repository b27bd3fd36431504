// threefold-claim (9.2.1.1 declared, 9.2.1.2 appeared) and the "same position" of 9.2.2.
#include <gtest/gtest.h>

#include "audit_test_support.hpp"

namespace drawaudit::audit {
namespace {

using namespace testing;

constexpr std::string_view KnightShuffle = "1. Nf3 Nf6 2. Ng1 Ng8 3. Nf3 Nf6 4. Ng1 Ng8 *";

TEST(Threefold, AppearedRouteStandsAtTheThirdOccurrenceCountingTheStart) {
    const GameReport g = audit_one(game(KnightShuffle));
    EXPECT_EQ(plies_of(g, Rule::ThreefoldClaim, Route::Appeared), (std::vector<int>{8}));
    const auto f = finding_at(g, Rule::ThreefoldClaim, 8, Route::Appeared);
    ASSERT_TRUE(f);
    EXPECT_EQ(f->side, Side::White);
    EXPECT_EQ(f->article, "9.2.1.2");
    EXPECT_EQ(f->severity, Severity::Info);
    EXPECT_EQ(f->occurrences, (std::vector<int>{0, 4, 8}));
    EXPECT_EQ(f->occurrence_moves, (std::vector<std::string>{"start", "2... Ng8", "4... Ng8"}));
    EXPECT_EQ(f->move, "4... Ng8");
    EXPECT_EQ(f->fen, "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 8 5");
    EXPECT_EQ(f->args.id, MessageId::ThreefoldAppeared);
    EXPECT_EQ(f->args.earlier.moves, (std::vector<std::string>{"", "2... Ng8"}));
    EXPECT_EQ(f->args.earlier.total, 2);
}

TEST(Threefold, DeclaredRouteListsTheMoveThatMakesTheThirdOccurrence) {
    const GameReport g = audit_one(game(KnightShuffle));
    EXPECT_EQ(plies_of(g, Rule::ThreefoldClaim, Route::Declared), (std::vector<int>{7, 8}));
    const auto f = finding_at(g, Rule::ThreefoldClaim, 7, Route::Declared);
    ASSERT_TRUE(f);
    EXPECT_EQ(f->side, Side::Black);
    EXPECT_EQ(f->article, "9.2.1.1");
    EXPECT_EQ(f->moves, (std::vector<std::string>{"Ng8"}));
    EXPECT_EQ(f->occurrences, (std::vector<int>{0, 4}));
    EXPECT_EQ(f->args.id, MessageId::ThreefoldDeclared);
    ASSERT_EQ(f->args.declared.size(), 1u);
    EXPECT_EQ(f->args.declared[0].move, "4... Ng8");
    EXPECT_EQ(f->args.declared[0].before.moves, (std::vector<std::string>{"", "2... Ng8"}));
    EXPECT_EQ(f->args.declared[0].before.total, 2);
    const auto white = finding_at(g, Rule::ThreefoldClaim, 8, Route::Declared);
    ASSERT_TRUE(white);
    EXPECT_EQ(white->moves, (std::vector<std::string>{"Nf3"}));
}

TEST(Threefold, EveryFurtherRepetitionIsANewOpportunity) {
    const GameReport g =
        audit_one(game("1. Nf3 Nf6 2. Ng1 Ng8 3. Nf3 Nf6 4. Ng1 Ng8 5. Nf3 Nf6 6. Ng1 Ng8 *"));
    EXPECT_EQ(plies_of(g, Rule::ThreefoldClaim, Route::Appeared),
              (std::vector<int>{8, 9, 10, 11, 12}));
    const auto fourth = finding_at(g, Rule::ThreefoldClaim, 12, Route::Appeared);
    ASSERT_TRUE(fourth);
    EXPECT_EQ(fourth->occurrences, (std::vector<int>{0, 4, 8, 12}));
    EXPECT_EQ(fourth->args.earlier.total, 3);  // this is the fourth time
}

TEST(Threefold, DeclaredRouteListsEveryEarlierOccurrenceOfTheTarget) {
    const GameReport g =
        audit_one(game("1. Nf3 Nf6 2. Ng1 Ng8 3. Nf3 Nf6 4. Ng1 Ng8 5. Nf3 Nf6 6. Ng1 Ng8 *"));
    // At ply 11 the start position has occurred at 0, 4 and 8: 6...Ng8 makes the fourth.
    const auto f = finding_at(g, Rule::ThreefoldClaim, 11, Route::Declared);
    ASSERT_TRUE(f);
    EXPECT_EQ(f->occurrences, (std::vector<int>{0, 4, 8}));
    ASSERT_EQ(f->args.declared.size(), 1u);
    EXPECT_EQ(f->args.declared[0].move, "6... Ng8");
    EXPECT_EQ(f->args.declared[0].before.moves,
              (std::vector<std::string>{"", "2... Ng8", "4... Ng8"}));
}

TEST(Threefold, DeclaredRouteIsFoundInEveryWindowOfTheGame) {
    // 5. e4 e5 starts a new window at ply 10; the shuffle after it repeats ply 10's position.
    const GameReport g = audit_one(
        game("1. Nf3 Nf6 2. Ng1 Ng8 3. Nf3 Nf6 4. Ng1 Ng8 5. e4 e5 6. Nf3 Nf6 7. Ng1 Ng8 8. Nf3 "
             "Nf6 9. Ng1 Ng8 *"));
    EXPECT_EQ(plies_of(g, Rule::ThreefoldClaim, Route::Declared), (std::vector<int>{7, 8, 17, 18}));
    const auto f = finding_at(g, Rule::ThreefoldClaim, 17, Route::Declared);
    ASSERT_TRUE(f);
    EXPECT_EQ(f->occurrences, (std::vector<int>{10, 14}));
}

TEST(Threefold, DeclaredRouteOfEachGameIsFoundWhenGamesFollowEachOther) {
    // One auditor reads both: what it learnt of the first game's repetitions must not hide the
    // second game's.
    const std::string text = game(KnightShuffle) + "\n" + game(KnightShuffle);
    const std::vector<GameReport> games = audit_text(text);
    ASSERT_EQ(games.size(), 2u);
    for (const GameReport& g : games)
        EXPECT_EQ(plies_of(g, Rule::ThreefoldClaim, Route::Declared), (std::vector<int>{7, 8}));
}

TEST(Threefold, Chess960RightsArePerRook) {
    // Rh1/Rg1 gives up the g-file right (G), ...Rh8/Rg8 the g right; the b-file rights stay.
    const GameReport g =
        audit_one(fen_game("1r2k1r1/pppppppp/8/8/8/8/PPPPPPPP/1R2K1R1 w GBgb - 0 1",
                           "1. Rh1 Rh8 2. Rg1 Rg8 3. Rh1 Rh8 4. Rg1 Rg8 5. Rh1 Rh8 6. Rg1 Rg8 *",
                           "[Variant \"Chess960\"]\n"));
    const auto f = finding_at(g, Rule::ThreefoldClaim, 12, Route::Appeared);
    ASSERT_TRUE(f);
    EXPECT_EQ(f->occurrences, (std::vector<int>{4, 8, 12}));
    EXPECT_EQ(f->fen.substr(0, f->fen.find(" - ")),
              "1r2k1r1/pppppppp/8/8/8/8/PPPPPPPP/1R2K1R1 w Qq");  // X-FEN: outermost rook
}

TEST(Threefold, NoClaimBeforeTheThirdOccurrence) {
    const GameReport g = audit_one(game("1. Nf3 Nf6 2. Ng1 Ng8 3. Nf3 Nf6 *"));
    EXPECT_TRUE(findings_of(g, Rule::ThreefoldClaim).empty());
}

TEST(Threefold, AFenStartCountsAsTheFirstOccurrence) {
    const GameReport g = audit_one(fen_game("4k3/8/8/8/8/4P3/8/4K3 w - - 0 1",
                                            "1. Ke2 Ke7 2. Ke1 Ke8 3. Ke2 Ke7 4. Ke1 Ke8 *"));
    const auto f = finding_at(g, Rule::ThreefoldClaim, 8, Route::Appeared);
    ASSERT_TRUE(f);
    EXPECT_EQ(f->occurrences, (std::vector<int>{0, 4, 8}));
}

TEST(Threefold, ALegalEnPassantMakesThePositionDifferent) {
    // After 2...d5 exd6 is legal: that position is not the one after 4...Nf6 (9.2.2.1).
    const GameReport g = audit_one(game(
        "1. e4 Nf6 2. e5 d5 3. Nf3 Ng8 4. Ng1 Nf6 5. Nf3 Ng8 6. Ng1 Nf6 7. Nf3 Ng8 8. Ng1 Nf6 *"));
    EXPECT_FALSE(finding_at(g, Rule::ThreefoldClaim, 12, Route::Appeared));
    const auto f = finding_at(g, Rule::ThreefoldClaim, 16, Route::Appeared);
    ASSERT_TRUE(f);
    EXPECT_EQ(f->occurrences, (std::vector<int>{8, 12, 16}));
}

TEST(Threefold, AnEnPassantCaptureThatWouldExposeTheKingDoesNotCount) {
    // 1...e5: dxe6 would leave both pawns' rank open to the rook on a5 (horizontal pin).
    const GameReport g =
        audit_one(fen_game("4k3/4p3/8/r2P3K/8/8/8/8 b - - 0 1",
                           "1... e5 2. Kh4 Ke7 3. Kh5 Ke8 4. Kh4 Ke7 5. Kh5 Ke8 *"));
    const auto f = finding_at(g, Rule::ThreefoldClaim, 9, Route::Appeared);
    ASSERT_TRUE(f);
    EXPECT_EQ(f->occurrences, (std::vector<int>{1, 5, 9}));
}

TEST(Threefold, ADoublePushWithNoPawnBesideItDoesNotCount) {
    const GameReport g = audit_one(game("1. e4 Nf6 2. Nf3 Ng8 3. Ng1 Nf6 4. Nf3 Ng8 5. Ng1 *"));
    const auto f = finding_at(g, Rule::ThreefoldClaim, 9, Route::Appeared);
    ASSERT_TRUE(f);
    EXPECT_EQ(f->occurrences, (std::vector<int>{1, 5, 9}));
}

TEST(Threefold, CastlingRightsLostByAKingMoveMakeEarlierPositionsDifferent) {
    const GameReport g = audit_one(
        game("1. e4 e5 2. Ke2 Ke7 3. Ke1 Ke8 4. Ke2 Ke7 5. Ke1 Ke8 6. Ke2 Ke7 7. Ke1 Ke8 *"));
    // Ply 2 (rights KQkq) has the placement of plies 6, 10 and 14 (no rights).
    EXPECT_EQ(plies_of(g, Rule::ThreefoldClaim, Route::Appeared), (std::vector<int>{12, 13, 14}));
    const auto f = finding_at(g, Rule::ThreefoldClaim, 14, Route::Appeared);
    ASSERT_TRUE(f);
    EXPECT_EQ(f->occurrences, (std::vector<int>{6, 10, 14}));
}

TEST(Threefold, ARightThatCannotBeUsedNowIsStillARight) {
    // The rook on h1 may castle although the knight blocks it at the start: same rights each
    // time, so the start position repeats; the FEN keeps the right.
    const GameReport g = audit_one(fen_game("rn2k2r/8/8/8/8/8/8/R3K1NR w KQkq - 0 1",
                                            "1. Nf3 Nc6 2. Ng1 Nb8 3. Nf3 Nc6 4. Ng1 Nb8 *"));
    const auto f = finding_at(g, Rule::ThreefoldClaim, 8, Route::Appeared);
    ASSERT_TRUE(f);
    EXPECT_EQ(f->occurrences, (std::vector<int>{0, 4, 8}));
    EXPECT_EQ(f->fen, "rn2k2r/8/8/8/8/8/8/R3K1NR w KQkq - 8 5");
}

TEST(Threefold, ARookMoveThatLosesARightBreaksTheRepetition) {
    const GameReport g = audit_one(fen_game("r3k3/8/8/8/8/8/8/4K2R w Kq - 0 1",
                                            "1. Rh2 Kd8 2. Rh1 Ke8 3. Rh2 Kd8 4. Rh1 Ke8 *"));
    // Rh2 gave up the king-side right, Kd8 the queen-side one: only plies 4 and 8 match.
    EXPECT_TRUE(plies_of(g, Rule::ThreefoldClaim, Route::Appeared).empty());
}

TEST(Threefold, DeclaredRouteNeedsTheMoverToReachTheTwiceSeenPosition) {
    // At ply 6 the twice-seen position with Black to move (plies 1, 5) needs a Black knight
    // move, which White cannot make: no declared claim there.
    const GameReport g = audit_one(game(KnightShuffle));
    EXPECT_FALSE(finding_at(g, Rule::ThreefoldClaim, 6, Route::Declared));
    EXPECT_FALSE(finding_at(g, Rule::ThreefoldClaim, 5, Route::Declared));
}

TEST(Threefold, ClaimsCarryTheMoveTokenLocation) {
    const GameReport g =
        audit_one("[Event \"x\"]\n\n1. Nf3 Nf6 2. Ng1 Ng8\n3. Nf3 Nf6 4. Ng1 Ng8 *\n");
    const auto f = finding_at(g, Rule::ThreefoldClaim, 8, Route::Appeared);
    ASSERT_TRUE(f);
    EXPECT_EQ(f->line, 4u);
    EXPECT_EQ(f->column, 19u);
}

}  // namespace
}  // namespace drawaudit::audit
