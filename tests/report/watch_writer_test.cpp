#include "report/watch_writer.hpp"

#include <string>

#include <fmt/format.h>
#include <gtest/gtest.h>

namespace drawaudit::report {
namespace {

using namespace std::chrono_literals;

constexpr live::Clock::time_point t0{};

// Board 12 of round 5: the knights go out and back until the fifth occurrence (8... Ng8).
std::string board_game(std::string_view white, std::string_view result = "*") {
    return fmt::format(
        "[Event \"Open\"]\n[Round \"5.12\"]\n[White \"{}\"]\n[Black \"Caruana, F\"]\n"
        "[Result \"{}\"]\n\n1. Nf3 Nf6 2. Ng1 Ng8 3. Nf3 Nf6 4. Ng1 Ng8 5. Nf3 Nf6 6. Ng1 Ng8 "
        "7. Nf3 Nf6 8. Ng1 Ng8 {}\n\n",
        white, result, result);
}

live::Event fivefold_event(live::Round& round, std::string_view white = "Carlsen, M") {
    for (live::Event& e : round.update("r5.pgn", board_game(white), t0))
        if (e.rule() == "fivefold-draw") return e;
    ADD_FAILURE() << "no fivefold-draw event";
    return {};
}

std::string line(const live::Event& e, Lang lang, std::string_view clock = "") {
    fmt::memory_buffer out;
    append_event_line(out, e, lang, clock, false);
    return fmt::to_string(out);
}

TEST(WatchLine, NamesBoardPlayersMoveWhatAndArticle) {
    live::Round round(live::RoundOptions{});
    const live::Event e = fivefold_event(round);
    EXPECT_EQ(line(e, Lang::En, "12:04:31"),
              "[12:04:31] ALERT fivefold-draw: r5.pgn, board 12, Carlsen, M - Caruana, F, "
              "8... Ng8: " +
                  english_message(*e.finding) + " (9.6.1)\n");
}

TEST(WatchLine, SpeaksSpanishWithSpanishPieceLetters) {
    live::Round round(live::RoundOptions{});
    const std::string es = line(fivefold_event(round), Lang::Es);
    EXPECT_TRUE(es.starts_with("ALERTA tablas por quíntuple repetición: r5.pgn, tablero 12, "))
        << es;
    EXPECT_NE(es.find("8... Cg8"), std::string::npos) << es;
    EXPECT_NE(es.find("(art. 9.6.1)"), std::string::npos) << es;
}

TEST(WatchLine, EscapesControlCharactersFromTheInput) {
    live::Round round(live::RoundOptions{});
    const std::string text = line(fivefold_event(round, "Evil\x1b[2J"), Lang::En);
    EXPECT_EQ(text.find('\x1b'), std::string::npos);
    EXPECT_NE(text.find("Evil\\x1b[2J"), std::string::npos);
}

TEST(WatchLine, AWithdrawalSaysThatItNoLongerHolds) {
    live::Round round(live::RoundOptions{});
    live::Event e = fivefold_event(round);
    e.kind = live::EventKind::Withdrawn;
    EXPECT_NE(line(e, Lang::En).find("withdrawn fivefold-draw: "), std::string::npos);
    EXPECT_NE(line(e, Lang::En).find(": No longer holds: "), std::string::npos);
}

TEST(WatchLine, ColoursAnAlertRedAndTheRestNot) {
    live::Round round(live::RoundOptions{});
    const live::Event e = fivefold_event(round);
    fmt::memory_buffer out;
    append_event_line(out, e, Lang::En, "", true);
    EXPECT_TRUE(fmt::to_string(out).starts_with("\x1b[1;31mALERT fivefold-draw\x1b[0m: "));
    live::Event notice = e;
    notice.kind = live::EventKind::Notice;
    out.clear();
    append_event_line(out, notice, Lang::En, "", true);
    EXPECT_EQ(fmt::to_string(out).find('\x1b'), std::string::npos);
}

TEST(WatchJson, CarriesTheFieldsOfTheContract) {
    live::Round round(live::RoundOptions{});
    fmt::memory_buffer out;
    append_event_json(out, fivefold_event(round), "2026-12-05T09:00:00Z");
    const std::string json = fmt::to_string(out);
    EXPECT_TRUE(json.starts_with(
        "{\"type\":\"event\",\"kind\":\"alert\",\"rule\":\"fivefold-draw\",\"route\":null,"
        "\"file\":\"r5.pgn\",\"game\":1,\"round\":\"5\",\"board\":\"12\",\"white\":\"Carlsen, "
        "M\",\"black\":\"Caruana, F\",\"result\":\"*\",\"ply\":16,\"move\":\"8... Ng8\","
        "\"side\":\"white\",\"article\":\"9.6.1\",\"severity\":\"warning\",\"message\":"))
        << json;
    EXPECT_TRUE(json.ends_with(",\"time\":\"2026-12-05T09:00:00Z\"}\n")) << json;
}

TEST(WatchJson, AnUnreadableFileNamesNoGame) {
    live::Round round(live::RoundOptions{.settle = 0s});
    const auto events = round.unreadable("gone.pgn", "No such file or directory", t0);
    ASSERT_EQ(events.size(), 1u);
    fmt::memory_buffer out;
    append_event_json(out, events[0], "t");
    const std::string json = fmt::to_string(out);
    EXPECT_NE(json.find("\"rule\":\"file-unreadable\""), std::string::npos);
    EXPECT_NE(json.find("\"game\":null"), std::string::npos);
    EXPECT_NE(json.find("No such file or directory"), std::string::npos);
}

TEST(WatchPage, ReloadsItselfWithoutScriptAndEscapesTheInput) {
    live::Round round(live::RoundOptions{});
    round.update("r5.pgn", board_game("<b>Carlsen</b>"), t0);
    const std::string page = watch_page(round, Lang::En, "09:00:00", 5);
    EXPECT_NE(page.find("<meta http-equiv=\"refresh\" content=\"5\">"), std::string::npos);
    EXPECT_EQ(page.find("<script"), std::string::npos);
    EXPECT_EQ(page.find("<b>Carlsen"), std::string::npos);
    EXPECT_NE(page.find("&lt;b&gt;Carlsen"), std::string::npos);
}

TEST(WatchPage, PutsTheBoardsWithAnAlertFirst) {
    live::Round round(live::RoundOptions{});
    round.update(
        "r5.pgn",
        "[Round \"5.1\"]\n[White \"Quiet\"]\n[Black \"B\"]\n\n1. e4 e5 *\n\n" + board_game("Loud"),
        t0);
    const std::string page = watch_page(round, Lang::En, "09:00:00", 5);
    const auto loud = page.find("Loud"), quiet = page.find("Quiet");
    ASSERT_NE(loud, std::string::npos);
    ASSERT_NE(quiet, std::string::npos);
    EXPECT_LT(loud, quiet);
    EXPECT_NE(page.find("<section class=\"tile alert\">"), std::string::npos);
}

TEST(WatchSummary, CountsBoardsAndEventsByKind) {
    live::RoundCounts counts{.games = 3, .alerts = 1, .notices = 12, .withdrawn = 2};
    EXPECT_EQ(watch_summary(counts, Lang::En),
              "drawaudit watch: 3 boards; 1 alerts, 12 notices, 2 withdrawn.");
    EXPECT_EQ(watch_summary(counts, Lang::Es),
              "drawaudit watch: 3 tableros; 1 alertas, 12 notas, 2 retiradas.");
}

}  // namespace
}  // namespace drawaudit::report

namespace drawaudit::report {
namespace {

TEST(WatchPage, ListsOnlyTheClaimsOpenAtTheLastPositionOfAGameInProgress) {
    live::Round round(live::RoundOptions{});
    // After 4... Ng8 White may claim (the third occurrence); the claim of 4... Ng8 written
    // down at position 7 has passed.
    round.update("r5.pgn",
                 "[Round \"5.1\"]\n[White \"A\"]\n[Black \"B\"]\n\n1. Nf3 Nf6 2. Ng1 Ng8 3. Nf3 "
                 "Nf6 4. Ng1 Ng8 *\n",
                 t0);
    const std::string page = watch_page(round, Lang::En, "09:00:00", 5);
    EXPECT_NE(page.find("Claims open"), std::string::npos);
    EXPECT_EQ(page.find("4. Ng1: Black may claim"), std::string::npos);
    EXPECT_NE(page.find("4... Ng8: White may claim a draw: the position"), std::string::npos);
}

}  // namespace
}  // namespace drawaudit::report
