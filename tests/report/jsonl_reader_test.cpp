#include <gtest/gtest.h>

#include <cstdio>
#include <fstream>
#include <string>

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

std::string write_temp(const std::string& text) {
    char name[] = "/tmp/jsonl-reader-test-XXXXXX";
    const int fd = mkstemp(name);
    EXPECT_GE(fd, 0);
    std::FILE* file = fdopen(fd, "wb");
    std::fwrite(text.data(), 1, text.size(), file);
    std::fclose(file);
    return name;
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
    const std::string path = write_temp(first.text);

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
    const std::string path = write_temp(part);
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
        write_temp("{\"type\":\"game\",\"file\":\"a.pgn\",\"game\":1,\"surprise\":3}\n");
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

}  // namespace
}  // namespace drawaudit::report
