// Reads drawaudit's own JSON Lines records back (a shard's part, for `drawaudit merge`): each
// line one JSON object; finding, game and summary records rebuilt as the audit made them, so that
// any writer can format them again. The fields are read through one table per record type, keyed
// by field name (exactly the fields of record_schema.hpp's tables, a compile-time check): a field
// the table does not know is an error that names the file and line (a part written by another
// version, or damaged), never silently dropped, since merge promises the report one run would
// have written.
#pragma once

#include <cstdint>
#include <cstdio>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include <tl/expected.hpp>

#include "audit/finding.hpp"

namespace drawaudit::report {

struct JsonMember;

// A parsed JSON value. Numbers keep their text, read as the field needs (integer or not).
struct JsonValue {
    enum class Kind { Null, Bool, Number, String, Array, Object };
    Kind kind = Kind::Null;
    bool boolean = false;
    std::string text;  // String: the decoded text; Number: the literal
    std::vector<JsonValue> items;
    // In their order. A vector of a type completed below (a std::pair of JsonValue inside
    // JsonValue itself is not complete yet for every compiler: clang 14 refuses it).
    std::vector<JsonMember> members;

    const JsonValue* find(std::string_view name) const;  // a member, or nullptr
};

// An object's member: its name and its value (as a std::pair would name them).
struct JsonMember {
    std::string first;
    JsonValue second;
};

// Parses one JSON text (a whole line); the error says what is wrong and at which column.
tl::expected<JsonValue, std::string> parse_json(std::string_view text);

// Readers of a value as a field's type; the error names what was expected.
tl::expected<std::uint64_t, std::string> json_unsigned(const JsonValue& value);
tl::expected<std::string, std::string> json_string(const JsonValue& value);  // null: ""

struct ReadError {
    std::string file;
    std::uint64_t line = 0;  // 0: not about a line
    std::string message;
};
std::string describe(const ReadError& error);  // "part2.jsonl:17: unknown field 'x' ..."

// A JSON Lines file, one object a line.
class JsonlFile {
  public:
    static tl::expected<std::unique_ptr<JsonlFile>, ReadError> open(const std::string& path);
    ~JsonlFile();
    JsonlFile(const JsonlFile&) = delete;
    JsonlFile& operator=(const JsonlFile&) = delete;

    // The next line's text (without its newline); false at the end of the file.
    tl::expected<bool, ReadError> next_line(std::string_view& line);
    // The next line as a JSON object; false at the end of the file.
    tl::expected<bool, ReadError> next(JsonValue& record);
    const std::string& path() const { return path_; }
    std::uint64_t line() const { return line_; }  // of the last line read
    ReadError error(std::string message) const {
        return ReadError{path_, line_, std::move(message)};
    }

  private:
    JsonlFile(std::string path, std::FILE* file) : path_(std::move(path)), file_(file) {}
    std::string path_;
    std::FILE* file_;
    char* buffer_ = nullptr;
    std::size_t capacity_ = 0;
    std::uint64_t line_ = 0;
};

// The record's "type" ("finding", "game", "summary", ...), "" if it has none.
std::string_view record_type(const JsonValue& record);

// Rebuilds a summary record (an error for an unknown or malformed field).
tl::expected<void, std::string> read_summary(const JsonValue& record, audit::Summary& summary);

// What a shard's part says of a game's source text (RULES.md "Shards"): its length from the
// game's offset, and a hash of it, so that drawaudit merge can read it back from the input for
// the pgn and html reports and tell an input that changed since the part was made.
struct GameTextExtent {
    bool given = false;
    std::uint64_t bytes = 0;
    std::uint64_t hash = 0;
};
// The hash of a game's source text a part carries is audit::game_text_hash (fingerprint.hpp).

// Reads the games of a report in order: each game's finding records, then its game record.
// A part leaves out what it can restore (jsonl_writer.cpp): an absent field is null (every
// field a part leaves out when null), but an absent `movetext_result` is the game's `result`
// and an absent `column_utf16` the finding's `column`.
class GameRecordReader {
  public:
    explicit GameRecordReader(JsonlFile& file) : file_(file) {}
    // The next game into `report` (its findings in their order); false when the next record is
    // no finding or game record: that record is then in `other()`. An error for a malformed
    // record, a finding of another game than the record after it, or a wrong finding count.
    tl::expected<bool, ReadError> next(audit::GameReport& report);
    const JsonValue& other() const { return other_; }
    // The text fields of the last game read (not given in a part of an earlier version).
    const GameTextExtent& text_extent() const { return text_; }

  private:
    JsonlFile& file_;
    JsonValue record_, other_;
    GameTextExtent text_;
};

}  // namespace drawaudit::report
