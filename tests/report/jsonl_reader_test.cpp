#include <gtest/gtest.h>

#include <cstdio>
#include <fstream>
#include <string>

#include <fmt/format.h>

#include "audit/fingerprint.hpp"
#include "report/jsonl_reader.hpp"
#include "report/sample_reports.hpp"
#include "report/writer.hpp"

namespace drawaudit::report {
namespace {

TEST(ParseJson, DecodesEscapesAndSurrogatePairs) {
    const auto value = parse_json(R"({"a":"x\"\\\n\u00e9\ud83d\ude00","b":[1,-2.5e3,null,true]})");
    ASSERT_TRUE(value) << value.error();
    EXPECT_EQ(value->find("a")->text, "x\"\\\n\xC3\xA9\xF0\x9F\x98\x80");
    const JsonValue* b = value->find("b");
    ASSERT_EQ(b->items.size(), 4u);
    EXPECT_EQ(b->items[1].text, "-2.5e3");
    EXPECT_EQ(b->items[2].kind, JsonValue::Kind::Null);
    EXPECT_TRUE(b->items[3].boolean);
}

TEST(ParseJson, NamesTheColumnOfAnError) {
    const auto value = parse_json(R"({"a":tru})");
    ASSERT_FALSE(value);
    EXPECT_NE(value.error().find("column 6"), std::string::npos) << value.error();
    EXPECT_FALSE(parse_json(R"({"a":1} x)"));
    EXPECT_FALSE(parse_json(R"({"a":"\ud800"})"));
}

TEST(GameRecordReader, RebuildsWhatTheWriterWrote) {
    std::vector<audit::GameReport> games = {testing::threefold_game(), testing::awkward_game(),
                                            testing::clean_game()};
    games[1].duplicate_key = {0x0123456789abcdefULL, 0xfedcba9876543210ULL};
    for (audit::GameReport& game : games) {  // as a shard's audit digests each game's text
        if (game.text.empty()) game.text = "[Event \"x\"]\n\n1. e4 e5 *\n";
        game.text_bytes = game.text.size();
        game.text_hash = audit::game_text_hash(game.text);
    }
    StringOutput first;
    WriterOptions options;
    options.shard_fields = true;
    auto writer = make_writer(Format::Jsonl, first, options);
    audit::Summary summary;
    for (const auto& game : games) {
        writer->game(game);
        summary.add(game);
    }
    writer->end(summary);
    const std::string path = testing::write_temp(first.text);

    auto file = JsonlFile::open(path);
    ASSERT_TRUE(file);
    GameRecordReader reader(**file);
    StringOutput again;
    auto rewriter = make_writer(Format::Jsonl, again, options);
    audit::GameReport report;
    std::size_t read_games = 0;
    for (;;) {
        auto got = reader.next(report);
        ASSERT_TRUE(got) << describe(got.error());
        if (!*got) break;
        ASSERT_LT(read_games, games.size());
        const audit::GameReport& written = games[read_games++];
        // The text stays out of the part; its extent and hash tell merge what to read back.
        EXPECT_TRUE(reader.text_extent().given);
        EXPECT_EQ(reader.text_extent().bytes, written.text_bytes);
        EXPECT_EQ(reader.text_extent().hash, written.text_hash);
        EXPECT_EQ(report.duplicate_key, written.duplicate_key);
        report.text = written.text;  // as merge reads it back from the input
        rewriter->game(report);
    }
    EXPECT_EQ(read_games, games.size());
    ASSERT_EQ(record_type(reader.other()), "summary");
    audit::Summary read;
    ASSERT_TRUE(read_summary(reader.other(), read));
    rewriter->end(read);
    EXPECT_EQ(again.text, first.text);
    std::remove(path.c_str());
}

TEST(GameRecordReader, APartWithoutItsNullFieldsGivesBackThePlainReport) {
    std::vector<audit::GameReport> games = {testing::threefold_game(), testing::awkward_game(),
                                            testing::clean_game(), testing::clean_game()};
    // The movetext's marker: another than the Result tag's, the same, none at all, and neither.
    games[0].movetext_result = "*";
    games[1].result = "1-0";
    games[1].movetext_result = "1-0";
    games[2].result = "1/2-1/2";
    games[2].movetext_result.clear();
    games[3].movetext_result.clear();
    games[3].result.clear();
    auto write_all = [&](const std::vector<audit::GameReport>& reports, bool part) {
        StringOutput out;
        WriterOptions options;
        options.shard_fields = part;
        auto writer = make_writer(Format::Jsonl, out, options);
        for (const auto& game : reports) writer->game(game);
        writer->end(audit::Summary{});
        return out.text;
    };
    const std::string part = write_all(games, true);
    // The one null left: game 3's movetext without a marker, which absent would mean "as the
    // Result tag".
    const auto first_null = part.find(":null");
    EXPECT_EQ(first_null, part.find("\"movetext_result\":null") + 17);
    EXPECT_EQ(part.find(":null", first_null + 1), std::string::npos);
    const std::string path = testing::write_temp(part);
    auto file = JsonlFile::open(path);
    ASSERT_TRUE(file);
    GameRecordReader reader(**file);
    std::vector<audit::GameReport> read;
    for (audit::GameReport report;;) {
        auto got = reader.next(report);
        ASSERT_TRUE(got) << describe(got.error());
        if (!*got) break;
        read.push_back(report);
    }
    EXPECT_EQ(write_all(read, false), write_all(games, false));
    EXPECT_EQ(write_all(read, true), part);  // also what only a part carries
    std::remove(path.c_str());
}

TEST(GameRecordReader, AnUnknownFieldIsAnErrorWithItsLine) {
    const std::string path =
        testing::write_temp("{\"type\":\"game\",\"file\":\"a.pgn\",\"game\":1,\"surprise\":3}\n");
    auto file = JsonlFile::open(path);
    ASSERT_TRUE(file);
    GameRecordReader reader(**file);
    audit::GameReport report;
    auto got = reader.next(report);
    ASSERT_FALSE(got);
    EXPECT_EQ(got.error().line, 1u);
    EXPECT_NE(describe(got.error()).find(path + ":1: unknown field 'surprise'"), std::string::npos)
        << describe(got.error());
    std::remove(path.c_str());
}

// The error of reading one game from `text` (a part's records), or "" when it reads.
std::string game_read_error(const std::string& text) {
    const std::string path = testing::write_temp(text);
    auto file = JsonlFile::open(path);
    EXPECT_TRUE(file);
    GameRecordReader reader(**file);
    audit::GameReport report;
    auto got = reader.next(report);
    std::remove(path.c_str());
    return got ? std::string() : describe(got.error());
}

const std::string kFinding =
    R"({"type":"finding","file":"a.pgn","game":1,"line":3,"column":4,"ply":7,)"
    R"("rule":"threefold-claim","severity":"warning"})";
const std::string kGame = R"({"type":"game","file":"a.pgn","game":1,"line":1,"findings":1})";

std::string with_field(const std::string& record, const std::string& field,
                       const std::string& value) {
    const auto at = record.find("\"" + field + "\":");
    EXPECT_NE(at, std::string::npos) << field;
    const auto from = at + field.size() + 3;
    return record.substr(0, from) + value + record.substr(record.find_first_of(",}", from));
}

TEST(GameRecordReader, ReadsTheNumbersOfAWellFormedFinding) {
    EXPECT_EQ(game_read_error(kFinding + "\n" + kGame + "\n"), "");
}

TEST(GameRecordReader, ANegativePlyIsAnErrorWithItsLine) {
    const std::string error =
        game_read_error(with_field(kFinding, "ply", "-70") + "\n" + kGame + "\n");
    EXPECT_NE(error.find(":1: field 'ply' of a finding record:"), std::string::npos) << error;
    EXPECT_NE(error.find("-70"), std::string::npos) << error;
}

TEST(GameRecordReader, APlyBeyondItsTypeIsAnErrorNotTruncated) {
    const std::string error =
        game_read_error(with_field(kFinding, "ply", "4294967297") + "\n" + kGame + "\n");
    EXPECT_NE(error.find(":1: field 'ply' of a finding record:"), std::string::npos) << error;
}

TEST(GameRecordReader, AColumnBeyondItsTypeIsAnErrorNotTruncated) {
    const std::string error =
        game_read_error(with_field(kFinding, "column", "4294967297") + "\n" + kGame + "\n");
    EXPECT_NE(error.find(":1: field 'column' of a finding record:"), std::string::npos) << error;
}

TEST(GameRecordReader, ANegativeLineIsAnError) {
    const std::string finding_error =
        game_read_error(with_field(kFinding, "line", "-1") + "\n" + kGame + "\n");
    EXPECT_NE(finding_error.find(":1: field 'line'"), std::string::npos) << finding_error;
    const std::string game_error =
        game_read_error(kFinding + "\n" + with_field(kGame, "line", "-1") + "\n");
    EXPECT_NE(game_error.find(":2: field 'line'"), std::string::npos) << game_error;
}

TEST(GameRecordReader, ALineBeyondSixtyFourBitsIsAnError) {
    const std::string error =
        game_read_error(kFinding + "\n" + with_field(kGame, "line", "18446744073709551616") + "\n");
    EXPECT_NE(error.find(":2: field 'line'"), std::string::npos) << error;
}

TEST(GameRecordReader, ANegativeFindingCountIsAnError) {
    const std::string error = game_read_error(with_field(kGame, "findings", "-1") + "\n");
    EXPECT_NE(error.find(":1: field 'findings'"), std::string::npos) << error;
}

TEST(ReadSummary, ANegativeCountIsAnError) {
    for (const char* field : {"games", "plies", "io_errors", "bytes"}) {
        const auto record = parse_json(fmt::format(R"({{"type":"summary","{}":-5}})", field));
        ASSERT_TRUE(record);
        audit::Summary summary;
        const auto read = read_summary(*record, summary);
        ASSERT_FALSE(read) << field;
        EXPECT_NE(read.error().find(fmt::format("field '{}'", field)), std::string::npos)
            << read.error();
    }
}

TEST(ReadSummary, NegativeOrEndlessSecondsAreAnError) {
    for (const char* seconds : {"-1", "1e999"}) {
        const auto record =
            parse_json(fmt::format(R"({{"type":"summary","seconds":{}}})", seconds));
        ASSERT_TRUE(record);
        audit::Summary summary;
        EXPECT_FALSE(read_summary(*record, summary)) << seconds;
    }
}

}  // namespace
}  // namespace drawaudit::report
