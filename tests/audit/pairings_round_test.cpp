// Issue 29, item 4: a real round against its pairing program. The games are the 4th FIDE Women's
// Grand Prix, Kazan 2012, rounds 9-11 (TWIC 920); the TRF is what scripts/make_trf.py from-pgn
// builds from them. Each test changes the TRF the way an arbiter's typing does and expects
// exactly the findings that change gives, no fewer and no more.
#include <fstream>
#include <sstream>
#include <string>
#include <string_view>
#include <tuple>
#include <vector>

#include <gtest/gtest.h>

#include "audit/auditor.hpp"
#include "audit/pairings.hpp"

namespace drawaudit::audit {
namespace {

const std::string kFixtures = std::string(DRAWAUDIT_SOURCE_DIR) + "/tests/cli/fixtures/";

std::string read_file(const std::string& path) {
    std::ifstream in(path, std::ios::binary);
    std::ostringstream text;
    text << in.rdbuf();
    return text.str();
}

// The TRF as lines; player of start rank n is on line n + 2 (after 012 and 062).
struct TrfText {
    std::vector<std::string> lines;

    static TrfText load() {
        TrfText t;
        std::istringstream in(read_file(kFixtures + "wgp-kazan-2012.trf"));
        for (std::string line; std::getline(in, line);) t.lines.push_back(line);
        return t;
    }
    static std::uint64_t line_of(int rank) { return static_cast<std::uint64_t>(rank) + 2; }
    std::string& player(int rank) { return lines[static_cast<std::size_t>(rank) + 1]; }

    // TRF16's round block: opponent in columns 92-95, colour 97, result 99 (1-based), + 10(r-1).
    void set_round(int rank, int round, std::string_view block) {
        std::string& line = player(rank);
        const std::size_t at = 91 + 10 * static_cast<std::size_t>(round - 1);
        if (line.size() < at + 8) line.resize(at + 8, ' ');
        line.replace(at, 8, std::string(block) + std::string(8 - block.size(), ' '));
    }
    void set_code(int rank, int round, char code) {
        player(rank)[98 + 10 * static_cast<std::size_t>(round - 1)] = code;
    }
    void set_colour(int rank, int round, char colour) {
        player(rank)[96 + 10 * static_cast<std::size_t>(round - 1)] = colour;
    }
    // Name in columns 15-47, FIDE id right-aligned in 58-68.
    void set_name(int rank, std::string_view name) {
        player(rank).replace(14, 33, std::string(name) + std::string(33 - name.size(), ' '));
    }
    void drop_fide_id(int rank) { player(rank).replace(57, 11, std::string(11, ' ')); }

    std::string text() const {
        std::string out;
        for (const std::string& line : lines) out += line + "\n";
        return out;
    }
};

// One reconciliation finding as the test names it: rule id, game (0: none), TRF line (0: none).
using Seen = std::tuple<std::string_view, std::uint64_t, std::uint64_t>;

struct Round {
    std::vector<GameReport> games;
    std::vector<Seen> findings;
    PairingCounts counts;
};

// The games (all 18, or without the one numbered `drop_game`) audited and reconciled in order,
// as the ordered stage does; only the findings the reconciliation adds are kept.
Round reconcile(const TrfText& trf, std::uint64_t drop_game = 0) {
    Round out;
    const std::string text = trf.text();
    const trf::Tournament tournament = trf::read(text);
    Reconciler reconciler(tournament, "wgp-kazan-2012.trf", {});
    const std::string pgn = read_file(kFixtures + "wgp-kazan-2012.pgn");
    for (GameReport& g : audit_text(pgn, {}, "wgp-kazan-2012.pgn")) {
        if (g.game == drop_game) continue;
        const std::size_t before = g.findings.size();
        reconciler.reconcile(g);
        for (std::size_t i = before; i < g.findings.size(); ++i)
            out.findings.emplace_back(rule_id(g.findings[i].rule), g.game, g.findings[i].trf_line);
        out.games.push_back(std::move(g));
    }
    for (const Finding& f : reconciler.finish())
        out.findings.emplace_back(rule_id(f.rule), 0, f.trf_line);
    out.counts = reconciler.counts();
    return out;
}

TEST(RoundAgainstTrf, TheFixtureHoldsEighteenGamesOfThreeRounds) {
    const Round round = reconcile(TrfText::load());
    ASSERT_EQ(round.games.size(), 18u);
    EXPECT_EQ(round.counts.played, 18u);  // rounds 1-8 are blank: neither pairings nor byes
    EXPECT_EQ(round.counts.rounds, 11u);
}

TEST(RoundAgainstTrf, TheUnchangedTrfGivesNoFindingAndMatchesEveryGameByFideId) {
    const Round round = reconcile(TrfText::load());
    EXPECT_EQ(round.findings, std::vector<Seen>{});
    EXPECT_EQ(round.counts.matched, 18u);
    EXPECT_EQ(round.counts.matched_by_name, 0u);
    EXPECT_EQ(round.counts.missing_games, 0u);
    EXPECT_EQ(round.counts.games_without_pairing, 0u);
}

TEST(RoundAgainstTrf, AResultSwappedIsAMismatchAtWhitesLine) {
    TrfText trf = TrfText::load();  // round 9: Kosteniuk (9) - Danielian (10) 1-0, game 5
    trf.set_code(9, 9, '0');
    trf.set_code(10, 9, '1');
    const Round round = reconcile(trf);
    EXPECT_EQ(round.findings,
              (std::vector<Seen>{{"pairing-result-mismatch", 5, TrfText::line_of(9)}}));
}

TEST(RoundAgainstTrf, ADrawKeyedAsAWinIsAMismatch) {
    TrfText trf = TrfText::load();  // round 9: Cmilyte (1) - Muzychuk (2) 1/2-1/2, game 1
    trf.set_code(1, 9, '1');
    trf.set_code(2, 9, '0');
    const Round round = reconcile(trf);
    EXPECT_EQ(round.findings,
              (std::vector<Seen>{{"pairing-result-mismatch", 1, TrfText::line_of(1)}}));
}

TEST(RoundAgainstTrf, ColoursSwappedAreOnlyAColoursFinding) {
    TrfText trf = TrfText::load();  // round 10: Cmilyte (1) - Kosintseva, N (3) 1-0, game 12
    trf.set_colour(1, 10, 'b');
    trf.set_colour(3, 10, 'w');
    const Round round = reconcile(trf);
    // The TRF's White is now Kosintseva, N: the finding names her line; the result still agrees.
    EXPECT_EQ(round.findings, (std::vector<Seen>{{"pairing-colours", 12, TrfText::line_of(3)}}));
}

TEST(RoundAgainstTrf, AForfeitKeyedForAPlayedGameIsReported) {
    TrfText trf = TrfText::load();  // round 11: Hou Yifan (12) - Danielian (10) 1-0, game 18
    trf.set_code(12, 11, '+');
    trf.set_code(10, 11, '-');
    const Round round = reconcile(trf);
    EXPECT_EQ(round.findings,
              (std::vector<Seen>{{"pairing-forfeit-played", 18, TrfText::line_of(12)}}));
    EXPECT_EQ(round.counts.forfeits, 1u);
}

TEST(RoundAgainstTrf, APairingLeftOutOfTheTrfLeavesItsGameWithoutPairing) {
    TrfText trf = TrfText::load();  // round 10: Yildiz (6) - Lahno (7), game 10
    trf.set_round(6, 10, "");
    trf.set_round(7, 10, "");
    const Round round = reconcile(trf);
    EXPECT_EQ(round.findings, (std::vector<Seen>{{"game-without-pairing", 10, 0}}));
    EXPECT_EQ(round.counts.games_without_pairing, 1u);
}

TEST(RoundAgainstTrf, AGameMissingFromTheBroadcastIsAMissingGameAtWhitesLine) {
    // Round 9: Lahno (7) - Koneru (8), game 4, not in the input.
    const Round round = reconcile(TrfText::load(), 4);
    EXPECT_EQ(round.findings,
              (std::vector<Seen>{{"pairing-missing-game", 0, TrfText::line_of(7)}}));
    EXPECT_EQ(round.counts.missing_games, 1u);
}

TEST(RoundAgainstTrf, APlayerWithoutFideIdIsMatchedByNameWithoutFinding) {
    TrfText trf = TrfText::load();
    trf.drop_fide_id(4);  // Kosintseva, T: games 2, 11 and 15
    const Round round = reconcile(trf);
    EXPECT_EQ(round.findings, std::vector<Seen>{});
    EXPECT_EQ(round.counts.matched, 18u);
    EXPECT_EQ(round.counts.matched_by_name, 3u);
    for (const std::uint64_t game : {2u, 11u, 15u}) {
        ASSERT_NE(round.games[game - 1].pairing, nullptr) << game;
        EXPECT_EQ(round.games[game - 1].pairing->matched_by, MatchedBy::Name) << game;
    }
}

TEST(RoundAgainstTrf, ANameWrittenTheOtherWayRoundStillMatchesByName) {
    TrfText trf = TrfText::load();
    trf.set_name(7, "Kateri Lahno");  // the games write "Lahno,Kateri": games 4, 10 and 15
    trf.drop_fide_id(7);              // so that only the name can find her
    const Round round = reconcile(trf);
    EXPECT_EQ(round.findings, std::vector<Seen>{});
    EXPECT_EQ(round.counts.matched_by_name, 3u);
    EXPECT_EQ(round.games[3].pairing->white, "Kateri Lahno");
}

TEST(RoundAgainstTrf, ANameOfAnotherPlayerWithoutFideIdFindsNoPairing) {
    // The control of the two above: a name that is not hers is not matched, and her three
    // pairings, played as the TRF says, are then missing games (at White's line: Yildiz's for
    // round 10, hers for rounds 9 and 11).
    TrfText trf = TrfText::load();
    trf.set_name(7, "Lagno, Kateryna");
    trf.drop_fide_id(7);
    const Round round = reconcile(trf);
    EXPECT_EQ(round.findings,
              (std::vector<Seen>{{"game-without-pairing", 4, 0},
                                 {"game-without-pairing", 10, 0},
                                 {"game-without-pairing", 15, 0},
                                 {"pairing-missing-game", 0, TrfText::line_of(6)},
                                 {"pairing-missing-game", 0, TrfText::line_of(7)},
                                 {"pairing-missing-game", 0, TrfText::line_of(7)}}));
}

TEST(RoundAgainstTrf, EveryTypingErrorAtOnceGivesEachOfItsFindings) {
    TrfText trf = TrfText::load();
    trf.set_code(9, 9, '0');
    trf.set_code(10, 9, '1');
    trf.set_code(1, 9, '1');
    trf.set_code(2, 9, '0');
    trf.set_colour(1, 10, 'b');
    trf.set_colour(3, 10, 'w');
    trf.set_code(12, 11, '+');
    trf.set_code(10, 11, '-');
    trf.set_round(6, 10, "");
    trf.set_round(7, 10, "");
    const Round round = reconcile(trf, 4);
    EXPECT_EQ(round.findings,
              (std::vector<Seen>{{"pairing-result-mismatch", 1, TrfText::line_of(1)},
                                 {"pairing-result-mismatch", 5, TrfText::line_of(9)},
                                 {"game-without-pairing", 10, 0},
                                 {"pairing-colours", 12, TrfText::line_of(3)},
                                 {"pairing-forfeit-played", 18, TrfText::line_of(12)},
                                 {"pairing-missing-game", 0, TrfText::line_of(7)}}));
}

}  // namespace
}  // namespace drawaudit::audit
