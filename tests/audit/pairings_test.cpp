#include "audit/pairings.hpp"

#include <string>

#include <gtest/gtest.h>

namespace drawaudit::audit {
namespace {

bool match(std::string_view a, std::string_view b) {
    return names_match(name_words(a), name_words(b));
}

TEST(PairingNames, IgnoreCaseAccentsPunctuationAndSpaces) {
    EXPECT_TRUE(match("Pérez  Núñez, José-María", "perez nunez, jose maria"));
    EXPECT_TRUE(match("Ljubojević, L.", "LJUBOJEVIC, L"));
}

TEST(PairingNames, ReadLatin1AsWellAsUtf8) {
    EXPECT_TRUE(match("P\xe9rez, Jos\xe9", "Pérez, José"));
}

TEST(PairingNames, SurnameCommaFirstEqualsFirstSurname) {
    EXPECT_TRUE(match("Carlsen, Magnus", "Magnus Carlsen"));
}

TEST(PairingNames, AnInitialMatchesAFirstNameStartingWithIt) {
    EXPECT_TRUE(match("Carlsen, M.", "Carlsen, Magnus"));
    EXPECT_FALSE(match("Carlsen, H.", "Carlsen, Magnus"));
}

TEST(PairingNames, InitialsAloneMatchNothing) {
    EXPECT_FALSE(match("M. C.", "Carlsen, Magnus"));
}

TEST(PairingNames, DifferentSurnamesDoNotMatch) {
    EXPECT_FALSE(match("Carlsen, Magnus", "Caruana, Fabiano"));
}

TEST(PairingRound, IsTheNumberBeforeAnyDot) {
    EXPECT_EQ(game_round("5"), 5);
    EXPECT_EQ(game_round("5.12"), 5);
    EXPECT_EQ(game_round("?"), std::nullopt);
    EXPECT_EQ(game_round(""), std::nullopt);
    EXPECT_EQ(game_round("5a"), std::nullopt);
}

// A TRF line as TRF16 lays it out; rounds as "  12 w 1" blocks at 92 + 10(r - 1).
std::string line(int rank, std::string_view name, std::string_view fide_id,
                 std::initializer_list<std::string_view> rounds) {
    std::string text(91, ' ');
    text.replace(0, 3, "001");
    const std::string r = std::to_string(rank);
    text.replace(8 - r.size(), r.size(), r);
    text.replace(14, name.size(), name);
    text.replace(68 - fide_id.size(), fide_id.size(), fide_id);
    for (std::string_view round : rounds)
        text += std::string(round) + std::string(10 - round.size(), ' ');
    return text + "\n";
}

// Four players, two rounds: 1-2 and 3-4 in round 1, 1-3 and 4-2 in round 2.
const std::string kTrf = "012 Test Open\n" +
                         line(1, "Carlsen, Magnus", "1503014", {"   2 w 1", "   3 b ="}) +
                         line(2, "Caruana, Fabiano", "2020009", {"   1 b 0", "   4 b 1"}) +
                         line(3, "Ding, Liren", "", {"   4 w +", "   1 w ="}) +
                         line(4, "Nepomniachtchi, Ian", "", {"   3 b -", "   2 w 0"});

struct Fixture {
    trf::Tournament tournament = trf::read(kTrf);
    Reconciler reconciler{tournament, "round.trf", {}};
};

GameReport game(std::string_view round, std::string_view white, std::string_view black,
                std::string_view result, int plies = 40) {
    GameReport g;
    g.round = std::string(round);
    g.white = std::string(white);
    g.black = std::string(black);
    g.result = std::string(result);
    g.plies = plies;
    return g;
}

std::vector<Rule> rules(const GameReport& g) {
    std::vector<Rule> out;
    for (const Finding& f : g.findings) out.push_back(f.rule);
    return out;
}

TEST(Reconciler, AGameThatAgreesWithItsPairingHasNoFinding) {
    Fixture fx;
    GameReport g = game("1.1", "Carlsen, Magnus", "Caruana, Fabiano", "1-0");
    fx.reconciler.reconcile(g);
    EXPECT_TRUE(g.findings.empty());
    ASSERT_NE(g.pairing, nullptr);
    EXPECT_EQ(g.pairing->white_rank, 1u);
    EXPECT_EQ(g.pairing->trf_line, 2u);
    EXPECT_EQ(g.pairing->matched_by, MatchedBy::Name);
}

TEST(Reconciler, MatchesByFideIdWhereBothGiveOne) {
    Fixture fx;
    GameReport g = game("1", "M. Carlsen (NOR)", "F. Caruana", "1-0");
    g.white_fide_id = "1503014";
    g.black_fide_id = "2020009";
    fx.reconciler.reconcile(g);
    EXPECT_TRUE(g.findings.empty());
    EXPECT_EQ(g.pairing->matched_by, MatchedBy::FideId);
    EXPECT_EQ(fx.reconciler.counts().matched_by_name, 0u);
}

TEST(Reconciler, AResultKeyedOtherwiseIsAMismatch) {
    Fixture fx;
    GameReport g = game("1", "Carlsen, Magnus", "Caruana, Fabiano", "1/2-1/2");
    fx.reconciler.reconcile(g);
    ASSERT_EQ(rules(g), std::vector{Rule::PairingResultMismatch});
    EXPECT_EQ(g.findings[0].severity, Severity::Error);
    EXPECT_EQ(g.findings[0].expected, "1-0");
    EXPECT_EQ(g.findings[0].recorded, "1/2-1/2");
    EXPECT_EQ(g.findings[0].trf_line, 2u);
}

TEST(Reconciler, AGameWithoutResultIsOnlyAWarning) {
    Fixture fx;
    GameReport g = game("1", "Carlsen, Magnus", "Caruana, Fabiano", "*");
    fx.reconciler.reconcile(g);
    ASSERT_EQ(rules(g), std::vector{Rule::PairingResultMismatch});
    EXPECT_EQ(g.findings[0].severity, Severity::Warning);
}

TEST(Reconciler, WhereTheRulesEndedTheGameTheMessageSaysSo) {
    Fixture fx;
    GameReport g = game("2", "Ding, Liren", "Carlsen, Magnus", "0-1");
    g.expected_result = "0-1";
    g.termination = Termination::Checkmate;
    fx.reconciler.reconcile(g);
    ASSERT_EQ(rules(g), std::vector{Rule::PairingResultMismatch});
    EXPECT_EQ(g.findings[0].args.id, MessageId::PairingResultAgainstRules);
}

TEST(Reconciler, SwappedColoursAreReportedAndTheResultReadForTheGamesWhite) {
    Fixture fx;
    GameReport g = game("1", "Caruana, Fabiano", "Carlsen, Magnus", "0-1");
    fx.reconciler.reconcile(g);
    EXPECT_EQ(rules(g), std::vector{Rule::PairingColours});
    EXPECT_EQ(g.pairing->white, "Carlsen, Magnus");
}

TEST(Reconciler, AForfeitForAPlayedGameIsReported) {
    Fixture fx;
    GameReport g = game("1", "Ding, Liren", "Nepomniachtchi, Ian", "1-0");
    fx.reconciler.reconcile(g);
    EXPECT_EQ(rules(g), std::vector{Rule::PairingForfeitPlayed});
}

TEST(Reconciler, AForfeitWithoutMovesIsNotReported) {
    Fixture fx;
    GameReport g = game("1", "Ding, Liren", "Nepomniachtchi, Ian", "1-0", 0);
    fx.reconciler.reconcile(g);
    EXPECT_TRUE(g.findings.empty());
}

TEST(Reconciler, PlayersNotPairedInTheRoundHaveNoPairing) {
    Fixture fx;
    GameReport g = game("2", "Carlsen, Magnus", "Caruana, Fabiano", "1-0");
    fx.reconciler.reconcile(g);
    EXPECT_EQ(rules(g), std::vector{Rule::GameWithoutPairing});
    EXPECT_EQ(g.pairing, nullptr);
}

TEST(Reconciler, APlayerNotInTheTrfHasNoPairing) {
    Fixture fx;
    GameReport g = game("1", "Carlsen, Magnus", "Nakamura, Hikaru", "1-0");
    fx.reconciler.reconcile(g);
    ASSERT_EQ(rules(g), std::vector{Rule::GameWithoutPairing});
    EXPECT_EQ(g.findings[0].side, Side::Black);
    EXPECT_EQ(fx.reconciler.counts().games_without_pairing, 1u);
}

TEST(Reconciler, ANameThatFitsTwoPlayersMatchesNeither) {
    const std::string text = line(1, "Polgar, Judit", "", {"   2 w 1"}) +
                             line(2, "Polgar, Susan", "", {"   1 b 0"}) +
                             line(3, "Polgar, Sofia", "", {});
    const trf::Tournament t = trf::read(text);
    Reconciler reconciler(t, "x.trf", {});
    GameReport g = game("1", "Polgar, J.", "Polgar, S.", "1-0");
    reconciler.reconcile(g);
    ASSERT_EQ(rules(g), std::vector{Rule::GameWithoutPairing});
    EXPECT_EQ(g.findings[0].side, Side::Black);
}

TEST(Reconciler, AGameWithoutRoundIsCountedNotReconciled) {
    Fixture fx;
    GameReport g = game("?", "Carlsen, Magnus", "Caruana, Fabiano", "0-1");
    fx.reconciler.reconcile(g);
    EXPECT_TRUE(g.findings.empty());
    EXPECT_EQ(fx.reconciler.counts().unreconciled_games, 1u);
}

TEST(Reconciler, APlayedPairingOfACoveredRoundWithoutGameIsMissing) {
    Fixture fx;
    GameReport g = game("2", "Ding, Liren", "Carlsen, Magnus", "1/2-1/2");
    fx.reconciler.reconcile(g);
    const std::vector<Finding> end = fx.reconciler.finish();
    ASSERT_EQ(end.size(), 1u);  // 4-2 of round 2; round 1 is not covered
    EXPECT_EQ(end[0].rule, Rule::PairingMissingGame);
    EXPECT_EQ(end[0].pairing->white, "Nepomniachtchi, Ian");
    EXPECT_EQ(end[0].line, 5u);
    EXPECT_NE(end[0].fingerprint, 0u);
    EXPECT_EQ(fx.reconciler.counts().missing_games, 1u);
}

TEST(Reconciler, TheRoundsToCheckReplaceTheCoveredOnes) {
    const trf::Tournament t = trf::read(kTrf);
    Reconciler reconciler(t, "round.trf", {1});
    const std::vector<Finding> end = reconciler.finish();
    ASSERT_EQ(end.size(), 1u);  // 1-2; 3-4 is a forfeit, never flagged
    EXPECT_EQ(end[0].pairing->round, 1);
}

TEST(Reconciler, CountsThePairingsOfTheTrf) {
    Fixture fx;
    const PairingCounts& c = fx.reconciler.counts();
    EXPECT_EQ(c.rounds, 2u);
    EXPECT_EQ(c.pairings, 4u);
    EXPECT_EQ(c.played, 3u);
    EXPECT_EQ(c.forfeits, 1u);
    EXPECT_EQ(c.byes, 0u);
}

TEST(Reconciler, TheTrfsErrorsAreFindingsAtTheirLines) {
    const std::string text = line(1, "A", "", {"   2 w 1"}) + line(2, "B", "", {"   1 b 1"});
    const trf::Tournament t = trf::read(text);
    Reconciler reconciler(t, "x.trf", {});
    const std::vector<Finding> end = reconciler.finish();
    ASSERT_EQ(end.size(), 1u);
    EXPECT_EQ(end[0].rule, Rule::TrfError);
    EXPECT_EQ(end[0].line, 1u);
    EXPECT_EQ(end[0].column, 99u);
    EXPECT_EQ(end[0].args.trf_problem, trf::Problem::ResultsDisagree);
}

}  // namespace
}  // namespace drawaudit::audit
