// The field tables of record_schema.hpp against what the writers write, the reader reads back and
// docs/records.md describes.
#include <gtest/gtest.h>

#include <cstdio>
#include <fstream>
#include <span>
#include <sstream>
#include <string>
#include <vector>

#include "audit/fingerprint.hpp"
#include "report/jsonl_reader.hpp"
#include "report/record_schema.hpp"
#include "report/sample_reports.hpp"
#include "report/writer.hpp"

namespace drawaudit::report {
namespace {

// A game whose records have every field, none null: each table's fields all written.
audit::GameReport rich_game() {
    audit::GameReport game = testing::threefold_game();
    game.site = "Tyumen RUS";
    game.white_elo = "2690";
    game.black_elo = "2690:2222";  // a tag that is no rating: the games CSV leaves it empty
    game.termination_tag = "normal";
    game.movetext_result = "*";
    game.termination = audit::Termination::Fivefold;
    game.end_ply = 71;
    game.expected_result = "1/2-1/2";
    game.draw_reason = audit::DrawReason::PerpetualCheck;
    game.draw_side = audit::Side::White;
    game.draw_first_check = "31. Qh6+";
    game.draw_last_check = "33. Qh6+";
    game.final_unwinnable = "black";
    game.findings_omitted.add(audit::Rule::ThreefoldClaim, 3);
    game.text_bytes = game.text.size();
    game.text_hash = audit::game_text_hash(game.text);
    game.duplicate_key = {0x0123456789abcdefULL, 0xfedcba9876543210ULL};

    audit::Finding& f = game.findings[1];  // the declared route, with every per-rule field
    f.column = 6;
    f.column_utf16 = 5;  // a two-byte letter before the move on its line
    f.halfmove_clock = 99;
    f.until_ply = 75;
    f.recorded = "1/2-1/2";
    f.expected = "1-0";
    f.extra_plies = 2;
    f.duplicate_file = "games/other.pgn";
    f.duplicate_game = 12;
    audit::restamp_fingerprints(game);
    return game;
}

audit::Summary rich_summary(const audit::GameReport& game) {
    audit::Summary summary;
    summary.files = 1;
    summary.add(game);
    summary.io_errors = 1;
    summary.bytes = 4096;
    summary.below_min_severity = 2;  // written only where --min-severity left something out
    summary.seconds = 1.5;
    return summary;
}

std::string write_jsonl(const audit::GameReport& game, bool part) {
    StringOutput out;
    WriterOptions options;
    options.shard_fields = part;
    auto writer = make_writer(Format::Jsonl, out, options);
    writer->game(game);
    writer->end(rich_summary(game));
    return out.text;
}

std::vector<JsonValue> records_of(const std::string& text) {
    std::vector<JsonValue> records;
    std::istringstream lines(text);
    for (std::string line; std::getline(lines, line);) {
        auto record = parse_json(line);
        EXPECT_TRUE(record) << record.error();
        if (record) records.push_back(std::move(*record));
    }
    return records;
}

std::vector<std::string> member_names(const JsonValue& record) {
    std::vector<std::string> names;
    for (const JsonMember& member : record.members) names.push_back(member.first);
    return names;
}

std::vector<std::string> names_of(std::span<const schema::Field> fields, bool part) {
    std::vector<std::string> names;
    for (const schema::Field& field : fields)
        // --trf's fields are written only in a run with a TRF (tests/audit/pairings_test.cpp).
        if ((part || field.presence != schema::Presence::Part) &&
            field.presence != schema::Presence::Trf)
            names.emplace_back(field.name);
    return names;
}

// The first record of `type` in `records`.
const JsonValue& record_of(const std::vector<JsonValue>& records, std::string_view type) {
    for (const JsonValue& record : records)
        if (record_type(record) == type) return record;
    ADD_FAILURE() << "no " << type << " record";
    static const JsonValue none;
    return none;
}

TEST(RecordSchema, APartOfARichGameWritesEveryFieldOfEachTableInItsOrder) {
    const auto records = records_of(write_jsonl(rich_game(), true));
    EXPECT_EQ(member_names(records[1]), names_of(schema::finding_fields, true));
    EXPECT_EQ(member_names(record_of(records, "game")), names_of(schema::game_fields, true));
    EXPECT_EQ(member_names(record_of(records, "summary")), names_of(schema::summary_fields, true));
}

TEST(RecordSchema, APlainReportWritesEveryFieldButThePartsOwn) {
    const auto records = records_of(write_jsonl(rich_game(), false));
    EXPECT_EQ(member_names(records[1]), names_of(schema::finding_fields, false));
    EXPECT_EQ(member_names(record_of(records, "game")), names_of(schema::game_fields, false));
    EXPECT_EQ(member_names(record_of(records, "summary")), names_of(schema::summary_fields, false));
}

// With every field written (the test above), a field the reader lost or misread would write
// differently here.
TEST(RecordSchema, ARichRecordOfEachTypeReadsBackToTheSameRecord) {
    const audit::GameReport written = rich_game();
    const std::string part = write_jsonl(written, true);
    const std::string path = testing::write_temp(part);
    auto file = JsonlFile::open(path);
    ASSERT_TRUE(file);
    GameRecordReader reader(**file);
    audit::GameReport read;
    auto got = reader.next(read);
    ASSERT_TRUE(got) << describe(got.error());
    ASSERT_TRUE(*got);
    read.text = written.text;  // as merge reads it back from the input
    audit::GameReport none;
    ASSERT_FALSE(*reader.next(none));  // the summary record: no further game
    audit::Summary summary;
    ASSERT_TRUE(read_summary(reader.other(), summary));
    std::remove(path.c_str());

    ASSERT_EQ(read.findings.size(), written.findings.size());
    EXPECT_EQ(read.findings[1].column_utf16, 5u);
    EXPECT_EQ(read.findings[1].duplicate_game, 12u);
    EXPECT_EQ(read.final_unwinnable, "black");
    EXPECT_EQ(read.duplicate_key, written.duplicate_key);
    EXPECT_EQ(summary.bytes, 4096u);
    StringOutput again;
    WriterOptions options;
    options.shard_fields = true;
    auto writer = make_writer(Format::Jsonl, again, options);
    writer->game(read);
    writer->end(summary);
    EXPECT_EQ(again.text, part);
}

std::string joined_names(std::span<const schema::Column> columns) {
    std::string header;
    for (const schema::Column& column : columns) {
        if (!header.empty()) header += ',';
        header += column.name;
    }
    return header + "\r\n";
}

std::string first_line(const std::string& text) {
    return text.substr(0, text.find("\r\n") + 2);
}

TEST(RecordSchema, TheFindingsCsvHeaderIsItsColumnTableInOrder) {
    EXPECT_EQ(first_line(testing::run(Format::Csv, {rich_game()})),
              joined_names(schema::findings_csv_columns));
}

TEST(RecordSchema, TheGamesCsvHeaderIsItsColumnTableInOrder) {
    EXPECT_EQ(first_line(testing::run(Format::GamesCsv, {rich_game()})),
              joined_names(schema::games_csv_columns));
}

// RFC 4180 rows: quoted cells with doubled quotes, CRLF between rows.
std::vector<std::vector<std::string>> csv_rows(const std::string& text) {
    std::vector<std::vector<std::string>> rows(1, std::vector<std::string>(1));
    bool quoted = false;
    for (std::size_t i = 0; i < text.size(); ++i) {
        const char c = text[i];
        std::string& cell = rows.back().back();
        if (quoted) {
            if (c == '"' && i + 1 < text.size() && text[i + 1] == '"') {
                cell += '"';
                ++i;
            } else if (c == '"') {
                quoted = false;
            } else {
                cell += c;
            }
        } else if (c == '"') {
            quoted = true;
        } else if (c == ',') {
            rows.back().emplace_back();
        } else if (c == '\r' && i + 1 < text.size() && text[i + 1] == '\n') {
            ++i;
            if (i + 1 < text.size()) rows.emplace_back(1);
        } else {
            cell += c;
        }
    }
    return rows;
}

// A scalar JSON value as a CSV cell holds it: null empty, a number's literal, a string's text.
std::string as_cell(const JsonValue* value) {
    if (value == nullptr || value->kind == JsonValue::Kind::Null) return {};
    return value->text;
}

// Every column a record supplies holds that record's field, as JSON Lines writes it (a field
// the CSV forgot is an empty cell under a value here: games-csv's final_unwinnable was).
void expect_cells_are_record_fields(std::span<const schema::Column> columns,
                                    const std::vector<std::string>& row, const JsonValue& finding,
                                    const JsonValue& game) {
    ASSERT_EQ(row.size(), columns.size());
    for (std::size_t i = 0; i < columns.size(); ++i) {
        const schema::Column& column = columns[i];
        const std::string name(column.name);
        switch (column.source) {
            case schema::ColumnSource::Finding:
                EXPECT_EQ(row[i], as_cell(finding.find(name))) << name;
                break;
            case schema::ColumnSource::Game:
                EXPECT_EQ(row[i], as_cell(game.find(name))) << name;
                break;
            case schema::ColumnSource::GameNumeric: {
                const std::string field = as_cell(game.find(name));
                const bool number =
                    !field.empty() && field.find_first_not_of("0123456789") == std::string::npos;
                EXPECT_EQ(row[i], number ? field : "") << name;
                break;
            }
            case schema::ColumnSource::Computed:
                break;
        }
    }
}

TEST(RecordSchema, EveryFindingsCsvCellFromARecordIsThatRecordsField) {
    const audit::GameReport game = rich_game();
    const auto records = records_of(write_jsonl(game, true));
    const auto rows = csv_rows(testing::run(Format::Csv, {game}));
    ASSERT_EQ(rows.size(), 1 + game.findings.size());
    for (std::size_t i = 0; i < game.findings.size(); ++i)
        expect_cells_are_record_fields(schema::findings_csv_columns, rows[1 + i], records[i],
                                       record_of(records, "game"));
}

TEST(RecordSchema, EveryGamesCsvCellFromARecordIsThatRecordsField) {
    const audit::GameReport game = rich_game();
    const auto records = records_of(write_jsonl(game, true));
    const auto rows = csv_rows(testing::run(Format::GamesCsv, {game}));
    ASSERT_EQ(rows.size(), 2u);
    expect_cells_are_record_fields(schema::games_csv_columns, rows[1], records[0],
                                   record_of(records, "game"));
}

// The games CSV's cell of `column` for `game`.
std::string games_csv_cell(const audit::GameReport& game, std::string_view column) {
    const auto rows = csv_rows(testing::run(Format::GamesCsv, {game}));
    for (std::size_t i = 0; i < rows[0].size(); ++i)
        if (rows[0][i] == column) return rows.at(1).at(i);
    ADD_FAILURE() << "no column " << column;
    return {};
}

TEST(GamesCsv, FinalUnwinnableIsTheGameRecordsSides) {
    audit::GameReport game = testing::clean_game();
    game.final_unwinnable = "both";
    EXPECT_EQ(games_csv_cell(game, "final_unwinnable"), "both");
    game.final_unwinnable = {};
    EXPECT_EQ(games_csv_cell(game, "final_unwinnable"), "");
}

TEST(GamesCsv, YearIsTheDateTagsYearOrEmpty) {
    audit::GameReport game = testing::clean_game();
    for (const auto& [date, year] :
         std::vector<std::pair<std::string, std::string>>{{"1906.??.??", "1906"},
                                                          {"2012.06.18", "2012"},
                                                          {"????.??.??", ""},
                                                          {"", ""},
                                                          {"06.18.2012", ""}}) {
        game.date = date;
        EXPECT_EQ(games_csv_cell(game, "year"), year) << date;
    }
}

TEST(GamesCsv, EloIsANumberOrEmptyWhereTheTagIsNoRating) {
    audit::GameReport game = testing::clean_game();
    for (const auto& [tag, cell] :
         std::vector<std::pair<std::string, std::string>>{{"2690", "2690"},
                                                          {"0950", "950"},
                                                          {"?", ""},
                                                          {"-", ""},
                                                          {"0", ""},
                                                          {"", ""},
                                                          {"2690:2222", ""},
                                                          {"26900", ""},
                                                          {" 2690", ""}}) {
        game.white_elo = tag;
        game.black_elo = tag;
        EXPECT_EQ(games_csv_cell(game, "white_elo"), cell) << tag;
        EXPECT_EQ(games_csv_cell(game, "black_elo"), cell) << tag;
    }
}

// docs/records.md: the `name` cells of the first column of the table under `heading`, in order.
std::vector<std::string> documented_names(const std::string& doc, const std::string& heading) {
    std::vector<std::string> names;
    std::istringstream lines(doc);
    bool inside = false;
    for (std::string line; std::getline(lines, line);) {
        if (line.starts_with("## ")) {
            inside = line == "## " + heading;
            continue;
        }
        if (!inside || !line.starts_with("| `")) continue;
        const std::size_t end = line.find('`', 3);
        if (end != std::string::npos) names.push_back(line.substr(3, end - 3));
    }
    return names;
}

std::vector<std::string> column_names(std::span<const schema::Column> columns) {
    std::vector<std::string> names;
    for (const schema::Column& column : columns) names.emplace_back(column.name);
    return names;
}

class RecordsDoc : public ::testing::Test {
  protected:
    void SetUp() override {
        std::ifstream file(std::string(DRAWAUDIT_SOURCE_DIR) + "/docs/records.md");
        ASSERT_TRUE(file) << "docs/records.md is missing";
        std::stringstream text;
        text << file.rdbuf();
        doc_ = text.str();
    }
    std::string doc_;
};

// Every field of a table, --trf's too.
std::vector<std::string> all_names_of(std::span<const schema::Field> fields) {
    std::vector<std::string> names;
    for (const schema::Field& field : fields) names.emplace_back(field.name);
    return names;
}

TEST_F(RecordsDoc, DescribesEveryFieldOfEachRecordInOrder) {
    EXPECT_EQ(documented_names(doc_, "Finding record"), all_names_of(schema::finding_fields));
    EXPECT_EQ(documented_names(doc_, "Game record"), all_names_of(schema::game_fields));
    EXPECT_EQ(documented_names(doc_, "Summary record"), all_names_of(schema::summary_fields));
    EXPECT_EQ(documented_names(doc_, "Shard header record"), names_of(schema::shard_fields, true));
    EXPECT_EQ(documented_names(doc_, "Shard-end record"), names_of(schema::shard_end_fields, true));
}

TEST_F(RecordsDoc, DescribesEveryColumnOfEachCsvInOrder) {
    EXPECT_EQ(documented_names(doc_, "Findings CSV"), column_names(schema::findings_csv_columns));
    EXPECT_EQ(documented_names(doc_, "Games CSV"), column_names(schema::games_csv_columns));
}

}  // namespace
}  // namespace drawaudit::report
