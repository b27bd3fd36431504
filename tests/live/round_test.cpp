#include "live/round.hpp"

#include <string>
#include <vector>

#include <fmt/format.h>
#include <gtest/gtest.h>

namespace drawaudit::live {
namespace {

using namespace std::chrono_literals;

constexpr Clock::time_point t0{};

// The knights go out and back: the start position stands again after every 4 plies, its
// third occurrence after 4... Ng8 (a threefold claim), its fifth after 8... Ng8 (fivefold).
std::string shuffle(int plies) {
    static const char* const cycle[] = {"Nf3", "Nf6", "Ng1", "Ng8"};
    std::string moves;
    for (int i = 0; i < plies; ++i) {
        if (i % 2 == 0) moves += fmt::format("{}. ", i / 2 + 1);
        moves += cycle[i % 4];
        moves += ' ';
    }
    return moves;
}

std::string game(std::string_view board, std::string_view moves, std::string_view result = "*") {
    return fmt::format(
        "[Event \"Open\"]\n[Round \"5.{}\"]\n[White \"White {}\"]\n[Black \"Black {}\"]\n"
        "[Result \"{}\"]\n\n{}{}\n\n",
        board, board, board, result, moves, result);
}

// "kind rule ply" of each event, to compare streams at a glance.
std::vector<std::string> brief(const std::vector<Event>& events) {
    std::vector<std::string> out;
    for (const Event& e : events)
        out.push_back(fmt::format("{} {} {}", event_kind_name(e.kind), e.rule(),
                                  e.finding ? e.finding->ply : 0));
    return out;
}

using Brief = std::vector<std::string>;

// The claims of shuffle(8), in the audit's order: 8... Ng8 could be written down at position 7
// (declared), then it stood a third time at position 8 (appeared, and declared again there).
const Brief kClaimsAt8{"notice threefold-claim 7", "notice threefold-claim 8",
                       "notice threefold-claim 8"};
const Brief kWithdrawnAt8{"withdrawn threefold-claim 7", "withdrawn threefold-claim 8",
                          "withdrawn threefold-claim 8"};

Round make_round() {
    return Round(RoundOptions{.settle = 1s});
}

TEST(Round, AClaimIsReportedOnceAsMovesArrive) {
    Round round = make_round();
    EXPECT_EQ(brief(round.update("r.pgn", game("1", shuffle(6)), t0)), Brief{});
    // 4... Ng8 was the third occurrence; 4... Ng8 could have been written down before it.
    EXPECT_EQ(brief(round.update("r.pgn", game("1", shuffle(8)), t0 + 1s)), kClaimsAt8);
    // 5. Nf3 repeats the position after 3. Nf3: a new claim, and the earlier ones not again.
    EXPECT_EQ(brief(round.update("r.pgn", game("1", shuffle(9)), t0 + 2s)),
              Brief({"notice threefold-claim 9", "notice threefold-claim 9"}));
    EXPECT_EQ(brief(round.tick(t0 + 10s)), Brief{});
}

TEST(Round, TheSameTextAgainReportsNothing) {
    Round round = make_round();
    const std::string text = game("1", shuffle(8));
    EXPECT_EQ(brief(round.update("r.pgn", text, t0)), kClaimsAt8);
    EXPECT_TRUE(round.update("r.pgn", text, t0 + 5s).empty());
}

TEST(Round, FivefoldIsAnAlert) {
    Round round = make_round();
    const auto events = round.update("r.pgn", game("1", shuffle(16)), t0);
    ASSERT_FALSE(events.empty());
    EXPECT_EQ(brief(events).front(), "alert fivefold-draw 16");
}

TEST(Round, ACorrectedMoveWithdrawsTheEventOnceTheFileSettles) {
    Round round = make_round();
    EXPECT_EQ(brief(round.update("r.pgn", game("1", shuffle(8)), t0)), kClaimsAt8);
    // The operator corrects 2... Ng8 into 2... Nh5: no repetition any more.
    const std::string corrected = game("1", "1. Nf3 Nf6 2. Ng1 Nh5 3. Nf3 Nf6 ");
    EXPECT_EQ(brief(round.update("r.pgn", corrected, t0 + 1s)), Brief{});
    EXPECT_EQ(round.next_deadline(), t0 + 2s);
    EXPECT_EQ(brief(round.tick(t0 + 1500ms)), Brief{});
    EXPECT_EQ(brief(round.tick(t0 + 2s)), kWithdrawnAt8);
    EXPECT_EQ(round.next_deadline(), std::nullopt);
    // It comes back: reported again.
    EXPECT_EQ(brief(round.update("r.pgn", game("1", shuffle(8)), t0 + 3s)), kClaimsAt8);
}

TEST(Round, AnEventThatComesBackBeforeTheSettleIsNeitherWithdrawnNorRepeated) {
    Round round = make_round();
    round.update("r.pgn", game("1", shuffle(8)), t0);
    round.update("r.pgn", game("1", shuffle(5)), t0 + 100ms);  // a rewrite read half-way
    EXPECT_EQ(brief(round.update("r.pgn", game("1", shuffle(8)), t0 + 200ms)), Brief{});
    EXPECT_EQ(brief(round.tick(t0 + 5s)), Brief{});
}

TEST(Round, AMoveCutInHalfWaitsAndIsDroppedWhenTheNextWriteCompletesIt) {
    Round round = make_round();
    EXPECT_EQ(brief(round.update("r.pgn", game("1", "1. e4 e5 2. N"), t0)), Brief{});
    EXPECT_EQ(round.next_deadline(), t0 + 1s);
    EXPECT_EQ(brief(round.update("r.pgn", game("1", "1. e4 e5 2. Nf3 "), t0 + 300ms)), Brief{});
    EXPECT_EQ(brief(round.tick(t0 + 5s)), Brief{});
}

TEST(Round, AnIllegalLastMoveIsReportedWhenTheFileStaysSoForTheSettleTime) {
    Round round = make_round();
    EXPECT_EQ(brief(round.update("r.pgn", game("1", "1. e4 e5 2. Ke3 "), t0)), Brief{});
    EXPECT_EQ(brief(round.tick(t0 + 999ms)), Brief{});
    EXPECT_EQ(brief(round.tick(t0 + 1s)), Brief{"alert illegal-move 3"});
    EXPECT_EQ(brief(round.tick(t0 + 2s)), Brief{});
}

TEST(Round, AnIllegalMoveBeforeTheLastIsReportedAtOnce) {
    Round round = make_round();
    EXPECT_EQ(brief(round.update(
                  "r.pgn", game("1", "1. e4 e5 2. Ke3 Nc6 ", "1-0") + game("2", "1. d4 "), t0)),
              Brief({"alert illegal-move 3", "notice game-finished 0"}));
}

TEST(Round, AGameThatMovesInItsFileIsTheSameGame) {
    Round round = make_round();
    const std::string a = game("1", shuffle(8)), b = game("2", shuffle(3));
    EXPECT_EQ(brief(round.update("r.pgn", a + b, t0)), kClaimsAt8);
    EXPECT_EQ(brief(round.update("r.pgn", b + a, t0 + 1s)), Brief{});
    EXPECT_EQ(brief(round.tick(t0 + 5s)), Brief{});
    EXPECT_EQ(round.counts().games, 2u);
}

TEST(Round, ARemovedGameIsWithdrawnOnceTheFileSettles) {
    Round round = make_round();
    const std::string a = game("1", shuffle(8)), b = game("2", shuffle(3));
    round.update("r.pgn", a + b, t0);
    EXPECT_EQ(brief(round.update("r.pgn", b, t0 + 1s)), Brief{});
    EXPECT_EQ(brief(round.tick(t0 + 2s)), kWithdrawnAt8);
    EXPECT_EQ(round.counts().games, 1u);
}

TEST(Round, AnEmptyReadOfARewrittenFileWithdrawsNothing) {
    Round round = make_round();
    const std::string text = game("1", shuffle(8));
    round.update("r.pgn", text, t0);
    EXPECT_EQ(brief(round.update("r.pgn", "", t0 + 1s)), Brief{});
    EXPECT_EQ(brief(round.update("r.pgn", text, t0 + 1100ms)), Brief{});
    EXPECT_EQ(brief(round.tick(t0 + 5s)), Brief{});
}

TEST(Round, AnUnreadableFileIsReportedOnceAndWithdrawnWhenItReadsAgain) {
    Round round = make_round();
    const std::string text = game("1", shuffle(8));
    round.update("r.pgn", text, t0);
    EXPECT_EQ(brief(round.unreadable("r.pgn", "No such file or directory", t0 + 1s)), Brief{});
    EXPECT_EQ(brief(round.unreadable("r.pgn", "No such file or directory", t0 + 2s)),
              Brief{"notice file-unreadable 0"});
    EXPECT_EQ(brief(round.unreadable("r.pgn", "No such file or directory", t0 + 3s)), Brief{});
    // Its games were kept: the same text again reports nothing but the withdrawal.
    EXPECT_EQ(brief(round.update("r.pgn", text, t0 + 4s)), Brief{});
    EXPECT_EQ(brief(round.tick(t0 + 5s)), Brief{"withdrawn file-unreadable 0"});
}

TEST(Round, AFileDeletedAndRecreatedWithinTheSettleTimeReportsNothing) {
    Round round = make_round();
    const std::string text = game("1", shuffle(8));
    round.update("r.pgn", text, t0);
    round.unreadable("r.pgn", "No such file or directory", t0 + 1s);
    EXPECT_EQ(brief(round.update("r.pgn", text, t0 + 1200ms)), Brief{});
    EXPECT_EQ(brief(round.tick(t0 + 5s)), Brief{});
}

TEST(Round, AFinishedGameIsANotice) {
    Round round = make_round();
    const auto events = round.update("r.pgn", game("1", "1. e4 e5 ", "1/2-1/2"), t0);
    ASSERT_EQ(brief(events), Brief{"notice game-finished 0"});
    EXPECT_EQ(events[0].game->report.result, "1/2-1/2");
}

TEST(Round, EveryEventNamesItsBoardPlayersAndLastMove) {
    Round round = make_round();
    const auto events = round.update("r.pgn", game("7", shuffle(8)), t0);
    ASSERT_EQ(events.size(), 3u);
    const WatchedGame& g = *events[1].game;
    EXPECT_EQ(g.where.board, "7");
    EXPECT_EQ(g.where.round, "5");
    EXPECT_EQ(g.report.white, "White 7");
    EXPECT_EQ(g.last_move, "4... Ng8");
    EXPECT_EQ(events[1].finding->move, "4... Ng8");
}

TEST(Round, TheLastMoveIsNumberedFromTheFen) {
    Round round = make_round();
    round.update(
        "r.pgn",
        "[FEN \"k7/8/1K6/8/2Q5/8/8/8 b - - 0 30\"]\n[SetUp \"1\"]\n\n30... Ka7 31. Qc5+ *\n", t0);
    ASSERT_EQ(round.games().size(), 1u);
    EXPECT_EQ(round.games()[0]->last_move, "31. Qc5+");
}

TEST(Round, AlertsComeBeforeNotices) {
    Round round = make_round();
    const auto events = round.update("r.pgn", game("1", shuffle(8)) + game("2", shuffle(16)), t0);
    ASSERT_GE(events.size(), 2u);
    EXPECT_EQ(events.front().kind, EventKind::Alert);
    EXPECT_EQ(events.back().kind, EventKind::Notice);
}

TEST(Round, CheckmateIsAnAlertOnlyWithoutAResult) {
    EXPECT_TRUE(is_alert("checkmate", "*"));
    EXPECT_TRUE(is_alert("checkmate", ""));
    EXPECT_FALSE(is_alert("checkmate", "0-1"));
    EXPECT_TRUE(is_alert("fivefold-draw", "1/2-1/2"));
    EXPECT_FALSE(is_alert("threefold-claim", "*"));
}

TEST(Round, FilesAreFollowedApart) {
    Round round = make_round();
    EXPECT_EQ(brief(round.update("a.pgn", game("1", shuffle(8)), t0)), kClaimsAt8);
    EXPECT_EQ(brief(round.update("b.pgn", game("1", shuffle(8)), t0)), kClaimsAt8);
    EXPECT_EQ(round.counts().games, 2u);
    EXPECT_EQ(round.counts().notices, 6u);
}

}  // namespace
}  // namespace drawaudit::live
