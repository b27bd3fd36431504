// Why each draw happened, as the writers give it: the text report's sentence and summary lines,
// --format stats (text and JSON, its capped tables) and --format games-csv.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "report/sample_reports.hpp"
#include "report/writer.hpp"

namespace drawaudit::report {
namespace {

using testing::clean_game;
using testing::threefold_game;

using testing::run;

bool contains(const std::string& text, std::string_view part) {
    return text.find(part) != std::string::npos;
}

audit::GameReport perpetual_game() {
    audit::GameReport g = threefold_game();
    g.draw_reason = audit::DrawReason::PerpetualCheck;
    g.draw_side = audit::Side::White;
    g.draw_first_check = "31. Qh6+";
    g.draw_last_check = "33. Qh6+";
    return g;
}

audit::GameReport early_draw(std::string event, std::string white, std::string black,
                             std::string date = "2012.01.01") {
    audit::GameReport g;
    g.file = "a.pgn";
    g.game = 1;
    g.event = std::move(event);
    g.white = std::move(white);
    g.black = std::move(black);
    g.date = std::move(date);
    g.result = "1/2-1/2";
    g.plies = 20;
    g.draw_reason = audit::DrawReason::EarlyAgreement;
    return g;
}

TEST(TextDrawReason, TheVerdictLineSaysWhoCheckedFromWhichMoveToWhich) {
    const std::string out = run(Format::Text, {perpetual_game()});
    EXPECT_TRUE(contains(out,
                         "Drawn by perpetual check: White checked on every move from 31. Qh6+ to "
                         "33. Qh6+.\n"))
        << out;
}

TEST(TextDrawReason, APerpetualWithoutItsMovesStillNamesTheSide) {
    audit::GameReport g = perpetual_game();
    g.draw_side = audit::Side::Black;
    g.draw_first_check.clear();
    g.draw_last_check.clear();
    EXPECT_TRUE(
        contains(run(Format::Text, {g}), "Black checked on every move of the final repetition."));
}

TEST(TextDrawReason, ADecisiveGameHasNoSentence) {
    audit::GameReport g = clean_game();
    g.findings = threefold_game().findings;  // printed: it has findings
    EXPECT_FALSE(contains(run(Format::Text, {g}), "Drawn "));
}

TEST(TextDrawReason, TheClosingSummaryGivesResultsDrawRateAndReasons) {
    const std::string out = run(Format::Text, {perpetual_game(), clean_game()});
    EXPECT_TRUE(contains(out,
                         "Results: 1-0 1, 0-1 0, 1/2-1/2 1, * 0; draw rate 50.0% (of the 2 "
                         "games with a result)."))
        << out;
    EXPECT_TRUE(contains(out, "Why the draws were drawn: perpetual-check 1 (100.0%)."));
}

TEST(Stats, TextHasEverySectionAndNoGameBlocks) {
    const std::string out = run(Format::Stats, {perpetual_game(), clean_game()});
    for (const std::string_view part : {"Results\n", "Draw rate: 50.0% of the 2 games",
                                        "perpetual-check                1  100.0%", "Draws by year",
                                        "  2012             1          1     100.0%",
                                        "Early agreements: 0", "Game length in moves"}) {
        EXPECT_TRUE(contains(out, part)) << part << "\n" << out;
    }
    EXPECT_FALSE(contains(out, "Zvjaginsev"));  // no per-game block
}

TEST(Stats, SpanishNamesTheReasonsByTheirLabelsAndWritesDecimalCommas) {
    const std::string out =
        run(Format::Stats, {perpetual_game(), clean_game()}, {.lang = Lang::Es});
    for (const std::string_view part :
         {"  jaque continuo                                 1  100,0 %",
          "Proporción de tablas: 50,0 %"}) {
        EXPECT_TRUE(contains(out, part)) << part << "\n" << out;
    }
    EXPECT_FALSE(contains(out, "perpetual-check"));
}

// Issue 26: every heading and sentence of the Spanish statistics comes from the catalog, also
// the tables by decade and the note of a full table; numbers as Spanish writes them.
TEST(Stats, SpanishHasNoEnglishHeadingOrSentence) {
    std::vector<audit::GameReport> games;
    for (int year = 1950; year < 2000; ++year)
        games.push_back(early_draw("E", "A", "B", std::to_string(year) + ".01.01"));
    for (int i = 0; i < 10002; ++i)
        games.push_back(early_draw("Event " + std::to_string(i), "P", "Q"));
    audit::GameReport mated = clean_game();  // a drawn record against a checkmate
    mated.result = "1/2-1/2";
    games.push_back(mated);
    games.push_back(perpetual_game());
    for (const int min_moves : {0, 30}) {
        const std::string out =
            run(Format::Stats, games, {.lang = Lang::Es, .min_moves_before_agreement = min_moves});
        for (const std::string_view english :
             {"Draw statistics",  " game",         " file",        "Results",
              "Draw rate",        "Why the draws", "drawn record", "checkmate",
              "Draws by",         "year",          "decade",       "draw rate",
              "Early agreements", "draws agreed",  "Events with",  "Players with",
              "the table holds",  "Game length",   "mean",         "decisive",
              "perpetual-check",  "1950s",         "10,052"}) {
            EXPECT_FALSE(contains(out, english)) << english << "\n" << out.substr(0, 4000);
        }
        for (const std::string_view spanish :
             {"Estadísticas de tablas: 10 054 partidas de ", "Resultados\n",
              "Por qué terminaron en tablas", "1 partida anotada como tablas pese a un jaque mate",
              "Tablas por década", "  década    partidas     tablas   % tablas\n",
              "  1950-59         10         10    100,0 %",
              "Tablas acordadas antes de tiempo: 10 052",
              "Torneos con más tablas acordadas antes de tiempo:\n",
              "(la tabla admite como máximo 10 000 nombres: no se cuentan en ella 3 partidas",
              "Duración de las partidas en movimientos", "partidas  media mediana",
              "  decisivas "}) {
            EXPECT_TRUE(contains(out, spanish)) << spanish << "\n" << out.substr(0, 4000);
        }
    }
}

TEST(Stats, EventsAndPlayersWithTheMostEarlyAgreementsComeFirst) {
    const std::string out = run(Format::Stats,
                                {early_draw("Open A", "X", "Y"), early_draw("Open B", "X", "Z"),
                                 early_draw("Open B", "W", "Z"), early_draw("Open B", "X", "V")},
                                {.min_moves_before_agreement = 30});
    EXPECT_TRUE(contains(out, "--min-moves-before-agreement 30")) << out;
    const auto events = out.find("Events with the most:\n         3  Open B\n         1  Open A\n");
    EXPECT_NE(events, std::string::npos) << out;
    EXPECT_TRUE(contains(out, "Players with the most:\n         3  X\n         2  Z\n")) << out;
}

TEST(Stats, AFullTableSaysWhatItLeftOut) {
    std::vector<audit::GameReport> games;
    for (int i = 0; i < 10002; ++i)
        games.push_back(early_draw("Event " + std::to_string(i), "P", "Q"));
    const std::string out = run(Format::Stats, games);
    EXPECT_TRUE(contains(out,
                         "(the table holds at most 10000 names: 2 early agreements of names "
                         "first seen after it was full are not counted in it)"))
        << out.substr(0, 3000);
    const std::string json = run(Format::Stats, games, {.stats_as_json = true});
    EXPECT_TRUE(contains(json, R"("capped":true,"left_out":2)"));
}

TEST(Stats, ManyYearsAreShownByDecade) {
    std::vector<audit::GameReport> games;
    for (int year = 1950; year < 2000; ++year)
        games.push_back(early_draw("E", "A", "B", std::to_string(year) + ".01.01"));
    const std::string out = run(Format::Stats, games);
    EXPECT_TRUE(contains(out, "Draws by decade")) << out;
    EXPECT_TRUE(contains(out, "  1950s           10         10     100.0%")) << out;
}

TEST(Stats, JsonIsOneEscapedObjectWithTheSameNumbers) {
    const std::string json =
        run(Format::Stats, {early_draw("The \"Open\"", "A", "B"), clean_game()},
            {.stats_as_json = true});
    EXPECT_EQ(json.rfind(R"({"type":"stats","files":1,"games":2,"games_with_errors":0,)", 0), 0u)
        << json;
    EXPECT_EQ(json.back(), '\n');
    EXPECT_EQ(json.find('\n'), json.size() - 1);
    for (const std::string_view part :
         {R"("results":{"1-0":1,"0-1":0,"1/2-1/2":1,"*":0},"games_with_result":2,)",
          R"("draw_rate":0.500000,)", R"("early-agreement":1,"agreement":0},)",
          R"("by_year":{"2012":{"games":1,"draws":1},"?":{"games":1,"draws":0}},)",
          R"("by_decade":{"2010":{"games":1,"draws":1},)", R"({"name":"The \"Open\"",)",
          R"("length_moves":{"draws":{"games":1,"mean":10.000,"median":10,)"}) {
        EXPECT_TRUE(contains(json, part)) << part << "\n" << json;
    }
}

TEST(Stats, TheJsonAlsoGoesToASecondOutput) {
    StringOutput text, json;
    auto writer = make_writer(Format::Stats, text, {.stats_json_output = &json});
    writer->begin();
    audit::Summary summary;
    const audit::GameReport g = perpetual_game();
    writer->game(g);
    summary.add(g);
    writer->end(summary);
    EXPECT_TRUE(contains(text.text, "Draw statistics of 1 game"));
    EXPECT_EQ(json.text.rfind(R"({"type":"stats",)", 0), 0u);
}

TEST(Stats, IsFormattedInOrderByTheWriter) {
    StringOutput output;
    EXPECT_EQ(make_writer(Format::Stats, output, {})->make_formatter(), nullptr);
}

TEST(GamesCsv, OneRowPerGameWithClaimCountsAndEscapedCells) {
    audit::GameReport g = perpetual_game();
    g.event = "Open, \"A\"";
    const std::string out = run(Format::GamesCsv, {g, clean_game()});
    const std::string header =
        "file,game,line,event,site,date,year,round,white,black,white_elo,black_elo,result,laws,"
        "plies,termination,end_ply,expected_result,status,findings,draw_reason,draw_side,"
        "threefold_appeared,threefold_declared,fifty_move_appeared,fifty_move_declared,"
        "first_claim_ply,final_unwinnable\r\n";
    ASSERT_EQ(out.rfind(header, 0), 0u) << out;
    EXPECT_TRUE(contains(out, "games/twic.pgn,56,1401,\"Open, \"\"A\"\"\","));
    EXPECT_TRUE(contains(out, ",1/2-1/2,1997,71,,,,ok,2,perpetual-check,white,1,1,0,0,71,\r\n"))
        << out;
    // Three lines: the header and one row per game.
    std::size_t rows = 0;
    for (std::size_t at = out.find("\r\n"); at != std::string::npos; at = out.find("\r\n", at + 2))
        ++rows;
    EXPECT_EQ(rows, 3u);
}

TEST(GamesCsv, NamesRoundTrip) {
    EXPECT_EQ(format_from_name("games-csv"), Format::GamesCsv);
    EXPECT_EQ(format_from_name("stats"), Format::Stats);
    EXPECT_EQ(format_name(Format::GamesCsv), "games-csv");
}

TEST(GamesCsv, InChunksIsTheSameAsInOrder) {
    std::vector<audit::GameReport> games = {perpetual_game(), clean_game(), threefold_game()};
    for (std::size_t i = 0; i < games.size(); ++i) games[i].game = i + 1;
    const std::string direct = run(Format::GamesCsv, games);

    StringOutput output;
    auto writer = make_writer(Format::GamesCsv, output, {});
    auto formatter = writer->make_formatter();
    ASSERT_NE(formatter, nullptr);
    writer->begin();
    audit::Summary summary;
    summary.files = 1;
    std::uint64_t before = 0;
    for (const std::vector<std::size_t>& chunk :
         {std::vector<std::size_t>{0}, std::vector<std::size_t>{1, 2}}) {
        FormattedRecords records;
        formatter->format_into(records);
        std::uint64_t in_chunk = 0;
        for (std::size_t i : chunk) {
            audit::GameReport g = games[i];
            g.game = ++in_chunk;
            formatter->game(g);
            summary.add(g);
        }
        formatter->flush();
        writer->write_formatted(records, before);
        before += in_chunk;
    }
    writer->end(summary);
    EXPECT_EQ(output.text, direct);
}

}  // namespace
}  // namespace drawaudit::report
