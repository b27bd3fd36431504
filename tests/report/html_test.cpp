// The HTML report and its boards: self-contained, escaped, capped, in both languages.
#include <gtest/gtest.h>

#include <memory>
#include <regex>
#include <string>

#include "report/board_svg.hpp"
#include "report/escape.hpp"
#include "report/notation.hpp"
#include "report/sample_reports.hpp"
#include "report/writer.hpp"

namespace drawaudit::report {
namespace {

std::string html_of(const std::vector<audit::GameReport>& games, WriterOptions options = {}) {
    StringOutput output;
    auto writer = make_writer(Format::Html, output, options);
    audit::Summary summary;
    writer->begin();
    for (const audit::GameReport& game : games) {
        summary.add(game);
        writer->game(game);
    }
    writer->end(summary);
    return output.text;
}

std::size_t count(const std::string& text, const std::string& what) {
    std::size_t n = 0;
    for (auto at = text.find(what); at != std::string::npos; at = text.find(what, at + 1)) ++n;
    return n;
}

std::string board(std::string_view fen, std::vector<BoardArrow> arrows = {}) {
    fmt::memory_buffer out;
    append_board_svg(out, fen, arrows);
    return fmt::to_string(out);
}

TEST(Escape, HtmlEscapesMarkupQuotesAndControls) {
    fmt::memory_buffer out;
    append_html(out, "<a href=\"x\">'&'</a>\x01\xC3");
    EXPECT_EQ(fmt::to_string(out),
              "&lt;a href=&quot;x&quot;&gt;&#39;&amp;&#39;&lt;/a&gt;\xEF\xBF\xBD\xEF\xBF\xBD");
}

TEST(Escape, HtmlReplacesDeleteLikeTheOtherControls) {  // found by fuzz_audit
    fmt::memory_buffer out;
    append_html(out,
                "a\x7f"
                "b\tc");
    EXPECT_EQ(fmt::to_string(out),
              "a\xEF\xBF\xBD"
              "b\tc");
}

TEST(BoardSvg, OnePieceGlyphPerPieceAndTheFenAsText) {
    const std::string svg = board("3r4/8/8/8/8/3K4/8/3k4 b - - 10 36");
    EXPECT_EQ(count(svg, "<text class=\"pw\""), 1u);
    EXPECT_EQ(count(svg, "<text class=\"pb\""), 2u);
    EXPECT_NE(svg.find("<title>FEN: 3r4/8/8/8/8/3K4/8/3k4 b - - 10 36</title>"), std::string::npos);
    EXPECT_NE(svg.find("aria-label=\"FEN: 3r4/8/8/8/8/3K4/8/3k4 b - - 10 36\""), std::string::npos);
}

TEST(BoardSvg, StartPositionHasThirtyTwoPieces) {
    const std::string svg = board("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1");
    EXPECT_EQ(count(svg, "<text class=\"pw\"") + count(svg, "<text class=\"pb\""), 32u);
}

TEST(BoardSvg, AMalformedFenGivesAnEmptyBoardWithTheFenEscaped) {
    const std::string svg = board("rnbqkbnr/9/<script>");
    EXPECT_EQ(count(svg, "<text class=\"p"), 0u);
    EXPECT_EQ(svg.find("<script>"), std::string::npos);
    EXPECT_NE(svg.find("&lt;script&gt;"), std::string::npos);
}

TEST(BoardSvg, ArrowsForMovesAndNoneForNonsense) {
    const int e2 = square_from_name("e2"), e4 = square_from_name("e4");
    EXPECT_EQ(e2, 12);
    EXPECT_EQ(square_from_name("i9"), -1);
    EXPECT_EQ(count(board("8/8/8/8/8/8/4K3/k7 w - - 0 1", {{e2, e4}}), "class=\"arrow\""), 1u);
    EXPECT_EQ(count(board("8/8/8/8/8/8/4K3/k7 w - - 0 1", {{e2, e2}, {-1, 70}}), "class=\"arrow\""),
              0u);
}

TEST(Html, SelfContainedWithABoardPerFindingPosition) {
    audit::GameReport game = testing::threefold_game();
    // A legal position for the arrow (the sample's rook checks the king not to move).
    for (audit::Finding& f : game.findings) f.fen = "3r4/8/8/8/8/2K5/8/3k4 b - - 10 36";
    game.findings[1].moves = {"Rd7"};
    const std::string html = html_of({game, testing::clean_game()});
    EXPECT_EQ(html.rfind("<!DOCTYPE html>", 0), 0u);
    EXPECT_EQ(html.find("<script"), std::string::npos);
    // The only URL is the SVG namespace, which is a name, not a request.
    const std::regex external(R"((src|href)\s*=\s*"(?!#))");
    EXPECT_FALSE(std::regex_search(html, external));
    // Both findings stand at the same position: one board, with the declared move as an arrow.
    EXPECT_EQ(count(html, "<svg class=\"board\""), 1u);
    EXPECT_EQ(count(html, "class=\"arrow\""), 1u);
    EXPECT_EQ(count(html, "<section class=\"game\""), 1u);  // the clean game has no section
    EXPECT_NE(html.find("Zvjaginsev,V"), std::string::npos);
    EXPECT_NE(html.find("1 of 1 games with findings are shown."), std::string::npos);
}

TEST(Html, EveryInputStringIsEscaped) {
    audit::GameReport game = testing::threefold_game();
    game.white = "<img src=x onerror=alert(1)>";
    game.event = "\"quoted\" & <b>";
    game.findings[0].message = "<i>message</i>";
    const std::string html = html_of({game});
    EXPECT_EQ(html.find("<img"), std::string::npos);
    EXPECT_EQ(html.find("<b>"), std::string::npos);
    EXPECT_EQ(html.find("<i>"), std::string::npos);
    EXPECT_NE(html.find("&lt;img src=x onerror=alert(1)&gt;"), std::string::npos);
    EXPECT_NE(html.find("&quot;quoted&quot; &amp; &lt;b&gt;"), std::string::npos);
}

TEST(Html, SectionsAreCappedAndTheSummarySaysHowManyWereLeftOut) {
    WriterOptions options;
    options.html_max_games = 2;
    const std::string html = html_of({testing::threefold_game(), testing::threefold_game(),
                                      testing::threefold_game(), testing::awkward_game()},
                                     options);
    EXPECT_EQ(count(html, "<section class=\"game\""), 2u);
    EXPECT_NE(html.find("2 of 4 games with findings are shown."), std::string::npos);
    EXPECT_NE(html.find("2 games with findings were left out"), std::string::npos);
}

TEST(Html, FlaggedMovesLinkToTheirFindingsAndBack) {
    const std::string html = html_of({testing::threefold_game()});
    // The game text holds "36. Kd3" as its third move: ply 71 is not in this short text, so
    // the finding names its move without a link to the move list.
    EXPECT_EQ(html.find("href=\"#g1m71\""), std::string::npos);
    // Every in-page link has its target.
    const std::regex link("href=\"#([^\"]+)\"");
    for (auto it = std::sregex_iterator(html.begin(), html.end(), link);
         it != std::sregex_iterator(); ++it) {
        EXPECT_NE(html.find("id=\"" + (*it)[1].str() + "\""), std::string::npos) << (*it)[1].str();
    }
}

TEST(Html, SpanishReport) {
    WriterOptions options;
    options.lang = Lang::Es;
    // The audit's own findings carry their sentence's arguments (the sample's are read back).
    audit::GameReport game = testing::threefold_game();
    game.findings[0].args.id = audit::MessageId::ThreefoldAppeared;
    game.findings[0].args.earlier = {{"32. Kd3", "34. Kd3"}, 2};
    game.findings[1].args.id = audit::MessageId::ThreefoldDeclared;
    game.findings[1].args.declared = {{"36... Rd8+", {{"32... Rd8+", "34... Rd8+"}, 2}}};
    const std::string html = html_of({game}, options);
    EXPECT_NE(html.find("<html lang=\"es\">"), std::string::npos);
    EXPECT_NE(html.find("Resumen"), std::string::npos);
    EXPECT_NE(html.find("Las negras pueden reclamar tablas por triple repetición"),
              std::string::npos);
    EXPECT_EQ(html.find("may claim a draw"), std::string::npos);
}

// The verdict banner of the game's only section.
std::string banner_class(const std::string& html) {
    const std::string lead = "<p class=\"verdict ";
    const auto at = html.find(lead);
    if (at == std::string::npos) return {};
    const auto from = at + lead.size();
    return html.substr(from, html.find('"', from) - from);
}

TEST(Html, BannerColourFollowsTheWorstFinding) {
    audit::GameReport game = testing::threefold_game();  // info findings, consistent result
    EXPECT_EQ(banner_class(html_of({game})), "worst-none");
    game.findings[1].severity = audit::Severity::Warning;
    EXPECT_EQ(banner_class(html_of({game})), "worst-warning");
    game.findings[0].severity = audit::Severity::Error;  // the result still reads consistent
    EXPECT_EQ(banner_class(html_of({game})), "worst-error");
}

TEST(Html, PositionsAreNamedByMovesNeverByPlyIndex) {
    audit::GameReport game = testing::threefold_game();
    const std::string html = html_of({game});
    EXPECT_EQ(html.find("k = "), std::string::npos);
    EXPECT_NE(html.find("Position after 36. Kd3"), std::string::npos);
    EXPECT_NE(html.find("Occurrences: 32. Kd3, 34. Kd3, 36. Kd3"), std::string::npos);
    // The timeline counts moves: 71 plies from the start are 36 moves.
    EXPECT_NE(html.find("aria-label=\"Timeline: 36 moves\""), std::string::npos);
}

TEST(Html, EachSectionHasTheVerdictAndTheDrawReasonOfTheTextReport) {
    audit::GameReport game = testing::threefold_game();
    game.draw_reason = audit::DrawReason::PerpetualCheck;
    game.draw_side = audit::Side::White;
    game.draw_first_check = "31. Qh6+";
    game.draw_last_check = "33. Qh6+";
    const std::string html = html_of({game});
    const std::string line = judge_result(game).text + " " + draw_reason_sentence(game, Lang::En);
    EXPECT_NE(line.find("perpetual"), std::string::npos);
    EXPECT_NE(html.find(">" + line + "</p>"), std::string::npos) << line;
}

TEST(Html, EachSectionHasAHeaderNamingItsGameForEveryPrintedPage) {
    const std::string html = html_of({testing::threefold_game()});
    // A <thead> is repeated on every page a table takes.
    const auto head = html.find("<table class=\"game-page\"><thead>");
    ASSERT_NE(head, std::string::npos);
    const std::string header = html.substr(head, html.find("</thead>", head) - head);
    EXPECT_NE(header.find("Zvjaginsev,V – Maletin,P"), std::string::npos);
    EXPECT_NE(header.find("1/2-1/2"), std::string::npos);
    EXPECT_NE(header.find("65th ch-RUS HL"), std::string::npos);
    EXPECT_NE(header.find("Round 3"), std::string::npos);
    EXPECT_NE(header.find("games/twic.pgn, game 56"), std::string::npos);
}

TEST(Html, AllGamesListsEveryGameInTheRoundsSheet) {
    WriterOptions options;
    options.all_games = true;
    const std::string html =
        html_of({testing::clean_game(), testing::threefold_game(), testing::clean_game()}, options);
    EXPECT_NE(html.find("<nav class=\"index sheet\">"), std::string::npos);
    EXPECT_NE(html.find("The round, game by game"), std::string::npos);
    for (const char* number : {"1", "2", "3"})
        EXPECT_NE(html.find(std::string("<td>") + number + "</td>"), std::string::npos) << number;
    // The games without findings are one line each, with their verdict; only the other one is
    // expanded.
    EXPECT_EQ(count(html, "<tr class=\"worst-none\">"), 3u);
    EXPECT_EQ(count(html, judge_result(testing::clean_game()).text), 2u);
    EXPECT_EQ(count(html, "<section class=\"game\""), 1u);
}

TEST(Html, WithoutAllGamesOnlyTheGamesWithFindingsAreListed) {
    const std::string html =
        html_of({testing::clean_game(), testing::threefold_game(), testing::clean_game()});
    EXPECT_EQ(html.find("index sheet"), std::string::npos);
    EXPECT_EQ(count(html, "<tr class=\"worst-"), 1u);
    EXPECT_EQ(html.find(judge_result(testing::clean_game()).text), std::string::npos);
}

TEST(Html, SpanishShowsRuleLabelsAndSpanishMovesAndKeepsTheIdsAsClasses) {
    WriterOptions options;
    options.lang = Lang::Es;
    audit::GameReport game = testing::threefold_game();
    game.findings[1].moves = {"Rd8+"};
    const std::string html = html_of({game}, options);
    EXPECT_NE(html.find("(reclamación por triple repetición)"), std::string::npos);
    EXPECT_EQ(html.find("(threefold-claim)"), std::string::npos);
    EXPECT_NE(html.find("class=\"rule threefold-claim\""), std::string::npos);
    // Spanish piece letters (the king is R, the rook T) in the caption, the card, the
    // occurrences and the declared moves.
    EXPECT_NE(html.find("Posición tras 36. Rd3"), std::string::npos);
    EXPECT_NE(html.find("<strong>36. Rd3</strong>"), std::string::npos);
    EXPECT_NE(html.find("Apariciones: 32. Rd3, 34. Rd3, 36. Rd3"), std::string::npos);
    EXPECT_NE(html.find("Apariciones: 32... Td8+, 34... Td8+"), std::string::npos);
    EXPECT_NE(html.find("aparecer de nuevo: Td8+"), std::string::npos);
    // The chart's labels: the rule and the draw reason in Spanish.
    EXPECT_NE(html.find("<title>reclamación por triple repetición: 2</title>"), std::string::npos);
}

TEST(Html, SpanishNumbersHaveADecimalCommaAndNoBreakSpaces) {
    WriterOptions options;
    options.lang = Lang::Es;
    StringOutput output;
    auto writer = make_writer(Format::Html, output, options);
    audit::Summary summary;
    summary.games = 41227;
    summary.files = 1;
    summary.results[static_cast<std::size_t>(audit::RecordedResult::Draw)] = 1000;
    summary.draw_reasons[static_cast<std::size_t>(audit::DrawReason::PerpetualCheck)] = 391;
    writer->begin();
    writer->end(summary);
    const std::string& html = output.text;
    EXPECT_NE(html.find("Partidas leídas: 41\u00a0227"), std::string::npos);
    EXPECT_NE(html.find("jaque continuo: 391 (39,1\u00a0%)"), std::string::npos);
    EXPECT_EQ(html.find("39.1"), std::string::npos);
}

// --trf (issue 29): the game with its pairing, the TRF's own findings, the summary's counts.
audit::GameReport paired_game(audit::MatchedBy by) {
    audit::GameReport game = testing::threefold_game();
    game.pairing = std::make_shared<audit::Pairing>(
        audit::Pairing{5, "Carlsen, <b>Magnus</b>", "Ding, Liren & Co", 1, 12, '1', '0', 14, by});
    return game;
}

std::string html_with_trf(const std::vector<audit::GameReport>& games, const audit::GameReport& trf,
                          Lang lang = Lang::En) {
    WriterOptions options;
    options.lang = lang;
    options.trf = true;
    StringOutput output;
    auto writer = make_writer(Format::Html, output, options);
    audit::Summary summary;
    writer->begin();
    for (const audit::GameReport& game : games) {
        summary.add(game);
        writer->game(game);
    }
    summary.pairings = audit::PairingCounts{};
    summary.pairings->matched = 1;
    writer->trf_findings(trf);
    writer->end(summary);
    return output.text;
}

audit::GameReport trf_record(std::string file) {
    audit::GameReport trf;
    trf.file = std::move(file);
    return trf;
}

TEST(Html, AGameShowsItsPairingAsTheTrfWritesItEscaped) {
    const std::string html =
        html_with_trf({paired_game(audit::MatchedBy::FideId)}, trf_record("round.trf"));
    EXPECT_NE(html.find("<dt>Pairing (TRF)</dt><dd class=\"pairing\">round 5: Carlsen, "
                        "&lt;b&gt;Magnus&lt;/b&gt; (start number 1) \u2013 Ding, Liren &amp; Co "
                        "(start number 12), result codes 1 0, TRF line 14 (players found by FIDE "
                        "id)</dd>"),
              std::string::npos)
        << html;
    EXPECT_EQ(html.find("<b>Magnus"), std::string::npos);
}

TEST(Html, APairingMatchedByNameAloneSaysSoInSpanish) {
    const std::string html =
        html_with_trf({paired_game(audit::MatchedBy::Name)}, trf_record("round.trf"), Lang::Es);
    EXPECT_NE(html.find("<dt>Emparejamiento (TRF)</dt><dd class=\"pairing\">ronda 5:"),
              std::string::npos);
    EXPECT_NE(html.find("(jugadores identificados solo por el nombre)</dd>"), std::string::npos);
    EXPECT_NE(html.find("El informe del programa de emparejamientos (TRF): 0 rondas"),
              std::string::npos);
}

TEST(Html, TheTrfsOwnFindingsHaveASectionNamedByItsFileEscaped) {
    audit::GameReport trf = trf_record("<round>.trf");
    audit::Finding& f = trf.findings.emplace_back();
    f.rule = audit::Rule::TrfError;
    f.severity = audit::Severity::Error;
    f.line = 7;
    f.column = 99;
    f.args.id = audit::MessageId::TrfError;
    f.args.trf_problem = trf::Problem::ResultsDisagree;
    f.args.counts = {3, 0, 0};
    const std::string html = html_with_trf({testing::threefold_game()}, trf);
    EXPECT_NE(html.find("<section class=\"game trf\" id=\"trf\">\n<h2>&lt;round&gt;.trf: the "
                        "pairing program&#39;s report (TRF)</h2>"),
              std::string::npos)
        << html;
    EXPECT_NE(html.find("round 3: the results of the two players do not add up"),
              std::string::npos);
    EXPECT_NE(html.find("<span class=\"rule trf-error\">"), std::string::npos);
}

TEST(Html, WithoutATrfThereIsNoPairingNorTrfSection) {
    const std::string html = html_of({testing::threefold_game()});
    EXPECT_EQ(html.find("Pairing (TRF)"), std::string::npos);
    EXPECT_EQ(html.find("id=\"trf\""), std::string::npos);
    EXPECT_EQ(html.find("pairing program"), std::string::npos);
}

TEST(Html, ATrfWithoutFindingsAddsNoSection) {
    const std::string html = html_with_trf({testing::threefold_game()}, trf_record("round.trf"));
    EXPECT_EQ(html.find("id=\"trf\""), std::string::npos);
    EXPECT_NE(html.find("1 game matched to their pairing"), std::string::npos);
}

TEST(Html, TheIndexHasAPairingColumnOnlyWithATrf) {
    const std::string with =
        html_with_trf({paired_game(audit::MatchedBy::Name)}, trf_record("r.trf"));
    EXPECT_NE(with.find("<th>Pairing (TRF)</th>"), std::string::npos);
    EXPECT_NE(with.find("<td>no. 1 \u2013 no. 12: 1 0 (by name)</td>"), std::string::npos) << with;
    const std::string without = html_of({paired_game(audit::MatchedBy::Name)});
    EXPECT_EQ(without.find("<th>Pairing (TRF)</th>"), std::string::npos);
}

}  // namespace
}  // namespace drawaudit::report
