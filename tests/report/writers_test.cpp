#include <gtest/gtest.h>

#include <string>

#include "report/escape.hpp"
#include "report/notation.hpp"
#include "report/sample_reports.hpp"
#include "report/writer.hpp"

namespace drawaudit::report {
namespace {

std::string fingerprint_text(const audit::Finding& f) {
    const auto hex = audit::fingerprint_hex(f.fingerprint);
    return std::string(hex.data(), hex.size());
}

using testing::awkward_game;
using testing::clean_game;
using testing::threefold_game;

using testing::run;

std::vector<std::string> lines_of(const std::string& text) {
    std::vector<std::string> lines;
    std::size_t start = 0;
    while (start < text.size()) {
        const std::size_t end = text.find('\n', start);
        lines.push_back(text.substr(start, end - start));
        if (end == std::string::npos) break;
        start = end + 1;
    }
    return lines;
}

std::string json(std::string_view text) {
    fmt::memory_buffer out;
    append_json_string(out, text);
    return fmt::to_string(out);
}

TEST(Escape, JsonEscapesQuotesBackslashesAndControls) {
    EXPECT_EQ(json("a\"b\\c"), R"("a\"b\\c")");
    EXPECT_EQ(json("l1\nl2\r\t"), R"("l1\nl2\r\t")");
    EXPECT_EQ(json(std::string_view("\x01\x1f", 2)), R"("\u0001\u001f")");
    EXPECT_EQ(json("Ł ü €"), "\"Ł ü €\"");
}

TEST(Escape, JsonReplacesInvalidUtf8) {
    EXPECT_EQ(json("a\xC3"), "\"a\xEF\xBF\xBD\"");                // truncated sequence
    EXPECT_EQ(json("\xC0\xAF"), "\"\xEF\xBF\xBD\xEF\xBF\xBD\"");  // overlong '/'
    EXPECT_EQ(json("\xED\xA0\x80"), "\"\xEF\xBF\xBD\xEF\xBF\xBD\xEF\xBF\xBD\"");  // surrogate
    EXPECT_EQ(json("\xF0\x9F\x98\x80"), "\"\xF0\x9F\x98\x80\"");                  // U+1F600 is fine
}

TEST(Escape, CsvQuotesOnlyWhereNeeded) {
    fmt::memory_buffer out;
    append_csv_field(out, "plain");
    out.push_back('|');
    append_csv_field(out, "a,b");
    out.push_back('|');
    append_csv_field(out, "say \"hi\"");
    out.push_back('|');
    append_csv_field(out, "two\nlines");
    EXPECT_EQ(fmt::to_string(out), "plain|\"a,b\"|\"say \"\"hi\"\"\"|\"two\nlines\"");
}

TEST(Escape, WorkflowCommands) {
    fmt::memory_buffer data, property;
    append_workflow_data(data, "50% done\r\nnext: a,b");
    append_workflow_property(property, "50% done\r\nnext: a,b");
    EXPECT_EQ(fmt::to_string(data), "50%25 done%0D%0Anext: a,b");
    EXPECT_EQ(fmt::to_string(property), "50%25 done%0D%0Anext%3A a%2Cb");
}

TEST(Notation, DestinationSquares) {
    EXPECT_EQ(destination_square("36. Kd3", false), "d3");
    EXPECT_EQ(destination_square("35... Rdc8", false), "c8");
    EXPECT_EQ(destination_square("Rd8+", false), "d8");
    EXPECT_EQ(destination_square("exd8=Q#", false), "d8");
    EXPECT_EQ(destination_square("12... O-O", false), "g8");
    EXPECT_EQ(destination_square("O-O-O", false), "c1");
    EXPECT_EQ(destination_square("--", false), std::nullopt);
}

TEST(Notation, EarlierOccurrencesSkipThePositionItself) {
    const auto game = threefold_game();
    EXPECT_EQ(earlier_occurrences(game.findings[0]), "after 32. Kd3, after 34. Kd3");
    audit::Finding from_start;
    from_start.ply = 8;
    from_start.occurrences = {0, 4, 8};
    from_start.occurrence_moves = {"start", "2... Ng8", "4... Ng8"};
    EXPECT_EQ(earlier_occurrences(from_start), "the start position, after 2... Ng8");
}

TEST(Jsonl, SummaryNamesTheVersionThatWroteIt) {
    WriterOptions options;
    options.tool_version = "1.2.3";
    const auto lines = lines_of(run(Format::Jsonl, {clean_game()}, options));
    ASSERT_FALSE(lines.empty());
    EXPECT_EQ(lines.back().rfind(R"({"type":"summary","version":"1.2.3",)", 0), 0u) << lines.back();
}

TEST(Jsonl, FindingsThenGameThenSummary) {
    const audit::GameReport report_of_threefold = threefold_game();
    const std::string out = run(Format::Jsonl, {threefold_game(), clean_game()});
    const auto lines = lines_of(out);
    ASSERT_EQ(lines.size(), 5u);
    EXPECT_EQ(
        lines[0],
        R"({"type":"finding","file":"games/twic.pgn","game":56,"line":1420,"column":4,"ply":71,)"
        R"("move":"36. Kd3","rule":"threefold-claim","route":"appeared","side":"black",)"
        R"("article":"9.2.1.2","severity":"info","laws":"1997","message":"Black may claim a draw: )"
        R"(the position has appeared for the third time","fen":"3r4/8/8/8/8/3K4/8/3k4 b - - 10 36",)"
        R"("occurrences":[63,67,71],"occurrence_count":3,"moves":null,"halfmove_clock":null,)"
        R"("until_ply":null,)"
        R"("recorded":null,"expected":null,"extra_plies":null,"duplicate_of":null,)"
        R"("fingerprint":")" +
            std::string(fingerprint_text(report_of_threefold.findings[0])) + R"("})");
    EXPECT_NE(lines[1].find(R"("route":"declared")"), std::string::npos);
    EXPECT_NE(lines[1].find(R"("moves":["Rd8+"])"), std::string::npos);
    EXPECT_EQ(
        lines[2],
        R"({"type":"game","file":"games/twic.pgn","game":56,"line":1401,"white":"Zvjaginsev,V",)"
        R"("black":"Maletin,P","event":"65th ch-RUS HL","round":"3","date":"2012.06.18",)"
        R"("result":"1/2-1/2","laws":"1997","plies":71,"termination":null,"end_ply":null,)"
        R"("expected_result":null,"status":"ok","findings":2,"draw_reason":null,"draw_side":null,)"
        R"("final_unwinnable":null})");
    EXPECT_EQ(lines[3].rfind(R"({"type":"game","file":"games/twic.pgn","game":57,)", 0), 0u);
    EXPECT_EQ(
        lines[4].rfind(
            R"({"type":"summary","version":"0.0.0","files":1,"games":2,"games_with_errors":0,)"
            R"("plies":111,)",
            0),
        0u);
    EXPECT_NE(lines[4].find(R"("findings":{"threefold-claim":2,"fifty-move-claim":0,)"),
              std::string::npos);
    EXPECT_NE(lines[4].find(R"("games_by_rule":{"threefold-claim":1,)"), std::string::npos);
    EXPECT_NE(lines[4].find(R"("results":{"1-0":1,"0-1":0,"1/2-1/2":1,"*":0},)"
                            R"("draw_reasons":{"stalemate":0,)"),
              std::string::npos);
    EXPECT_NE(lines[4].find(R"("by_year":{"2012":{"games":1,"draws":1},"?":{"games":1,"draws":0}},)"
                            R"("undetermined_positions":0,)"),
              std::string::npos);
    EXPECT_NE(lines[4].find(R"("baselined":0,"seconds":0.000})"), std::string::npos);
}

TEST(Jsonl, EscapesAndNullsMissingValues) {
    const std::string out = run(Format::Jsonl, {awkward_game()});
    const auto lines = lines_of(out);
    ASSERT_EQ(lines.size(), 3u);
    EXPECT_NE(lines[0].find(R"("message":"100% broken: \"}\"\r\nhere, really")"),
              std::string::npos);
    EXPECT_NE(lines[0].find(R"("ply":0,"move":null)"), std::string::npos);
    EXPECT_NE(lines[0].find(R"("route":null,"side":null)"), std::string::npos);
    EXPECT_NE(lines[0].find(R"("fen":null)"), std::string::npos);
    EXPECT_NE(lines[1].find(R"("white":"O\"Neil, \\ Pat\n","black":"Ł)"
                            "\xEF\xBF\xBD\""),
              std::string::npos);
    EXPECT_NE(lines[1].find(R"("result":null)"), std::string::npos);
    EXPECT_NE(lines[1].find(R"("status":"error")"), std::string::npos);
}

TEST(Csv, HeaderAndQuotedRows) {
    const std::string out = run(Format::Csv, {awkward_game(), clean_game()});
    EXPECT_EQ(out.substr(0, out.find("\r\n")),
              "file,game,line,column,ply,move,rule,route,side,severity,article,laws,message,white,"
              "black,event,round,date,result,fen,fingerprint");
    const std::string row = out.substr(out.find("\r\n") + 2);
    EXPECT_EQ(row,
              "\"dir with space/a,b:c.pgn\",1,5,7,0,,parse-error,,,error,PGN 8,2023,"
              "\"100% broken: \"\"}\"\"\r\nhere, really\",\"O\"\"Neil, \\ "
              "Pat\n\",Ł\xEF\xBF\xBD,,,,,," +
                  std::string(fingerprint_text(awkward_game().findings[0])) + "\r\n");
}

TEST(Github, AnnotationsWithEscaping) {
    WriterOptions every_level;
    every_level.min_severity = audit::Severity::Info;
    const auto lines =
        lines_of(run(Format::Github, {threefold_game(), awkward_game()}, every_level));
    ASSERT_EQ(lines.size(), 3u);
    EXPECT_EQ(
        lines[0],
        "::notice file=games/twic.pgn,line=1420,col=4,title=threefold-claim (9.2.1.2)::game 56 "
        "(Zvjaginsev,V - Maletin,P), 36. Kd3: Black may claim a draw: the position has appeared "
        "for the third time");
    EXPECT_EQ(
        lines[2],
        "::error file=dir with space/a%2Cb%3Ac.pgn,line=5,col=7,title=parse-error (PGN 8)::game 1 "
        "(O\"Neil, \\ Pat%0A - Ł\xEF\xBF\xBD): 100%25 broken: \"}\"%0D%0Ahere, really");
}

// Issue 31: without --min-severity, a workflow is annotated with warnings and errors only, and
// one last ::notice counts the notices left out (those --min-severity warning left out too).
TEST(Github, LeavesOutNoticesByDefaultAndCountsThem) {
    const auto lines = lines_of(run(Format::Github, {threefold_game(), awkward_game()}));
    ASSERT_EQ(lines.size(), 2u);
    EXPECT_TRUE(lines[0].starts_with("::error file=dir with space")) << lines[0];
    EXPECT_EQ(lines[1],
              "::notice title=drawaudit::2 notices left out (claims, endings and other "
              "information): --min-severity info lists them");
}

TEST(Sarif, StructureAndFields) {
    const std::string out = run(Format::Sarif, {threefold_game(), clean_game(), awkward_game()},
                                WriterOptions{false, false, "1.2.3"});
    EXPECT_NE(out.find(R"("$schema": "https://json.schemastore.org/sarif-2.1.0.json")"),
              std::string::npos);
    EXPECT_NE(out.find(R"("version": "2.1.0")"), std::string::npos);
    EXPECT_NE(out.find(R"("name": "drawaudit")"), std::string::npos);
    EXPECT_NE(out.find(R"("version": "1.2.3")"), std::string::npos);
    EXPECT_NE(out.find(R"({"id": "threefold-claim", "name": "ThreefoldClaim")"), std::string::npos);
    EXPECT_NE(out.find(R"({"id": "null-move", "name": "NullMove")"), std::string::npos);
    EXPECT_NE(out.find(R"({"ruleId": "threefold-claim", "ruleIndex": 0, "level": "note")"),
              std::string::npos);
    EXPECT_NE(out.find(R"({"ruleId": "parse-error", "ruleIndex": 12, "level": "error")"),
              std::string::npos);
    EXPECT_NE(
        out.find(R"("uri": "games/twic.pgn"}, "region": {"startLine": 1420, "startColumn": 4})"),
        std::string::npos);
    EXPECT_NE(out.find(R"("uri": "dir%20with%20space/a%2Cb%3Ac.pgn")"), std::string::npos);
    // Three results, each with its own fingerprint.
    std::vector<std::string> fingerprints;
    for (std::size_t at = out.find("drawauditFinding/v2"); at != std::string::npos;
         at = out.find("drawauditFinding/v2", at + 1)) {
        fingerprints.push_back(out.substr(at + 23, 16));
    }
    ASSERT_EQ(fingerprints.size(), 3u);
    EXPECT_NE(fingerprints[0], fingerprints[1]);  // same ply, different route
    EXPECT_EQ(
        out.substr(out.size() - 76),
        "}\n      ],\n      \"invocations\": [{\"executionSuccessful\": true}]\n    }\n  ]\n}\n");
}

TEST(Sarif, FingerprintsAreTheFindingsOwn) {
    // The value of every format (audit/fingerprint.hpp): nothing of the file or the place.
    const audit::GameReport game = threefold_game();
    const std::string out = run(Format::Sarif, {game});
    EXPECT_NE(out.find(R"("partialFingerprints": {"drawauditFinding/v2": ")" +
                       std::string(fingerprint_text(game.findings[1])) + "\"}"),
              std::string::npos);
    EXPECT_EQ(out.find("baselineState"), std::string::npos);
}

TEST(Sarif, ResultsAreNewAgainstABaseline) {
    StringOutput output;
    WriterOptions options;
    options.baseline = true;
    auto writer = make_writer(Format::Sarif, output, options);
    writer->begin();
    writer->game(threefold_game());
    writer->end({});
    EXPECT_NE(output.text.find(R"(, "baselineState": "new",)"), std::string::npos);
}

TEST(Sarif, ColumnsAreUtf16CodeUnits) {
    audit::GameReport game = threefold_game();
    game.findings[0].column = 20;        // bytes
    game.findings[0].column_utf16 = 17;  // after "{Très bien}" and the like
    const std::string out = run(Format::Sarif, {game});
    EXPECT_NE(out.find(R"("startColumn": 17})"), std::string::npos);
    EXPECT_EQ(out.find(R"("startColumn": 20})"), std::string::npos);
}

TEST(Sarif, EmptyRunIsComplete) {
    const std::string out = run(Format::Sarif, {clean_game()});
    EXPECT_NE(out.find("\"results\": [],\n"), std::string::npos);
}

TEST(Text, BlockPerGameWithFindings) {
    const std::string out = run(Format::Text, {threefold_game(), clean_game()});
    const auto lines = lines_of(out);
    ASSERT_GE(lines.size(), 7u);
    EXPECT_EQ(lines[0],
              "games/twic.pgn:1401  game 56  65th ch-RUS HL (Tyumen RUS), round 3, 2012.06.18  "
              "[Laws before 2014-07-01]");
    EXPECT_EQ(lines[1], "Zvjaginsev,V - Maletin,P  1/2-1/2");
    EXPECT_EQ(lines[2], "");
    EXPECT_EQ(
        lines[3],
        "  36. Kd3  9.2.1.2  Black may claim a draw: the position has appeared for the third time "
        "(earlier: after 32. Kd3, after 34. Kd3)");
    EXPECT_EQ(lines[4],
              "           9.2.1.1  Black may claim a draw by writing 36... Rd8+ (earlier: after "
              "32... Rd8+, "
              "after 34... Rd8+)");
    EXPECT_EQ(lines[5],
              "  Result 1/2-1/2: consistent (a claim was available at the end of the record).");
    EXPECT_EQ(out.find("game 57"), std::string::npos);  // no findings: counted, not printed
    EXPECT_NE(out.find("2 games read from 1 file, 0 could not be audited to the end."),
              std::string::npos);
    EXPECT_NE(out.find("Threefold claims available in 1 game (on the board in 1)"),
              std::string::npos);
    EXPECT_EQ(out.find('\x1b'), std::string::npos);
}

TEST(Text, AllGamesAndColour) {
    const std::string out = run(Format::Text, {clean_game()}, WriterOptions{true, true, "1"});
    EXPECT_NE(out.find("game 57"), std::string::npos);
    EXPECT_NE(out.find("Result 1-0: consistent (the rules give no result of their own)."),
              std::string::npos);
    EXPECT_NE(out.find("\x1b[1m"), std::string::npos);
}

TEST(Text, ErrorsAreMarked) {
    const std::string out = run(Format::Text, {awkward_game()});
    EXPECT_NE(out.find("  start  PGN 8    [error] 100% broken"), std::string::npos);
    EXPECT_NE(out.find("Result missing: not judged"), std::string::npos);
    EXPECT_NE(out.find("Records that could not be replayed: 1 parse-error."), std::string::npos);
}

TEST(Pgn, CommentAfterTheFlaggedMoveAndTextUnchanged) {
    const auto game = threefold_game();
    const std::string out = run(Format::Pgn, {game, clean_game()});
    EXPECT_EQ(
        out,
        "[Event \"65th ch-RUS HL\"]\n\n1. e4 e5 36. Kd3 {drawaudit: threefold-claim (9.2.1.2): "
        "Black may claim a draw: the position has appeared for the third time; threefold-claim "
        "(9.2.1.1): Black may claim a draw by writing 36... Rd8+ [%csl Gd3,Yd8]} Rd8+ 1/2-1/2\n\n"
        "[Event \"x\"]\n\n1. e4 1-0\n\n");
}

TEST(Pgn, UnlocatedFindingsGoBeforeTheResultAndBracesAreReplaced) {
    auto game = clean_game();
    audit::Finding conflict;
    conflict.rule = audit::Rule::ResultConflict;
    conflict.severity = audit::Severity::Error;
    conflict.article = "5.1.1";
    conflict.message = "the {recorded} result";
    game.findings.push_back(conflict);
    // A finding whose offset does not point at its move is not placed inside the text.
    audit::Finding misplaced;
    misplaced.rule = audit::Rule::Checkmate;
    misplaced.ply = 1;
    misplaced.move = "1. e4";
    misplaced.offset = game.offset + 2;
    misplaced.message = "mate";
    game.findings.push_back(misplaced);
    EXPECT_EQ(run(Format::Pgn, {game}),
              "[Event \"x\"]\n\n1. e4 {drawaudit: result-conflict (5.1.1): the (recorded) result; "
              "checkmate (5.1.1): mate} 1-0\n\n");
}

TEST(Formats, NamesRoundTrip) {
    for (const auto format : {Format::Text, Format::Jsonl, Format::Csv, Format::Sarif,
                              Format::Github, Format::Pgn, Format::Html}) {
        EXPECT_EQ(format_from_name(format_name(format)), format);
    }
    EXPECT_EQ(format_from_name("xml"), std::nullopt);
}

}  // namespace
}  // namespace drawaudit::report

namespace drawaudit::report {
namespace {

TEST(Pgn, StartPositionFindingsGoBeforeTheFirstMove) {
    auto game = testing::clean_game();
    audit::Finding claim;
    claim.rule = audit::Rule::FiftyMoveClaim;
    claim.route = audit::Route::Declared;
    claim.article = "9.3.1";
    claim.message = "White may claim";
    game.findings.push_back(claim);
    StringOutput output;
    auto writer = make_writer(Format::Pgn, output, {});
    writer->game(game);
    writer->end({});
    EXPECT_EQ(
        output.text,
        "[Event \"x\"]\n\n{drawaudit: fifty-move-claim (9.3.1): White may claim} 1. e4 1-0\n\n");
}

}  // namespace
}  // namespace drawaudit::report

namespace drawaudit::report {
namespace {

TEST(Pgn, CrlfGamesAreSeparatedWithCrlf) {
    auto game = testing::clean_game();
    game.text = "[Event \"x\"]\r\n\r\n1. e4 1-0";
    StringOutput output;
    auto writer = make_writer(Format::Pgn, output, {});
    writer->game(game);
    writer->end({});
    EXPECT_EQ(output.text, "[Event \"x\"]\r\n\r\n1. e4 1-0\r\n\r\n");
}

}  // namespace
}  // namespace drawaudit::report

namespace drawaudit::report {
namespace {

// The games as workers format them: in chunks, each numbered from 1 within its chunk, then put
// in the report in order with the earlier chunks' games added.
std::string run_in_chunks(Format format,
                          const std::vector<std::vector<audit::GameReport>>& chunks) {
    StringOutput output;
    auto writer = make_writer(format, output, {});
    auto formatter = writer->make_formatter();
    EXPECT_NE(formatter, nullptr);
    if (!formatter) return {};
    writer->begin();
    audit::Summary summary;
    summary.files = 1;
    std::uint64_t games_before = 0;
    for (const auto& chunk : chunks) {
        FormattedRecords records;
        formatter->format_into(records);
        std::uint64_t game_in_chunk = 0;
        for (audit::GameReport game : chunk) {
            game.game = ++game_in_chunk;
            formatter->game(game);
            summary.add(game);
        }
        formatter->flush();
        writer->write_formatted(records, games_before);
        games_before += game_in_chunk;
    }
    writer->end(summary);
    EXPECT_FALSE(writer->failed());
    return output.text;
}

// Games numbered 1, 2, ... as in one file, for the writer that formats them itself.
std::vector<audit::GameReport> numbered(std::vector<audit::GameReport> games) {
    for (std::size_t i = 0; i < games.size(); ++i) games[i].game = i + 1;
    return games;
}

TEST(Formatter, JsonlInChunksIsTheSameAsInOrder) {
    const auto games = numbered(
        {threefold_game(), clean_game(), awkward_game(), threefold_game(), awkward_game()});
    const std::string direct = run(Format::Jsonl, games);
    EXPECT_EQ(
        run_in_chunks(Format::Jsonl, {{games[0], games[1]}, {games[2]}, {games[3], games[4]}}),
        direct);
    // A chunk without games, and all games in one chunk.
    EXPECT_EQ(
        run_in_chunks(Format::Jsonl, {{}, {games[0], games[1], games[2], games[3], games[4]}}),
        direct);
}

TEST(Formatter, CsvInChunksIsTheSameAsInOrder) {
    const auto games = numbered({threefold_game(), awkward_game(), clean_game(), threefold_game()});
    EXPECT_EQ(run_in_chunks(Format::Csv, {{games[0]}, {games[1], games[2]}, {games[3]}}),
              run(Format::Csv, games));
}

TEST(Formatter, GameNumbersGoOnPastEachChunk) {
    // Chunks of 9 games each: numbers cross 10 and 100, where their width changes.
    std::vector<audit::GameReport> games;
    for (int i = 0; i < 120; ++i) games.push_back(i % 2 == 0 ? threefold_game() : awkward_game());
    games = numbered(games);
    std::vector<std::vector<audit::GameReport>> chunks;
    for (std::size_t i = 0; i < games.size(); i += 9)
        chunks.emplace_back(
            games.begin() + static_cast<std::ptrdiff_t>(i),
            games.begin() + static_cast<std::ptrdiff_t>(std::min(i + 9, games.size())));
    const std::string direct = run(Format::Jsonl, games);
    EXPECT_NE(direct.find("\"game\":120,"), std::string::npos);
    EXPECT_EQ(run_in_chunks(Format::Jsonl, chunks), direct);
    EXPECT_EQ(run_in_chunks(Format::Csv, chunks), run(Format::Csv, games));
}

// The others stay with the writer, in order: the text report and SARIF build on earlier games,
// and the PGN copy and GitHub's annotations are meant for small collections.
TEST(Formatter, OnlyJsonlAndCsvAreFormattedApart) {
    for (const auto format : {Format::Text, Format::Sarif, Format::Github, Format::Pgn}) {
        StringOutput output;
        EXPECT_EQ(make_writer(format, output, {})->make_formatter(), nullptr)
            << format_name(format);
    }
}

}  // namespace
}  // namespace drawaudit::report
