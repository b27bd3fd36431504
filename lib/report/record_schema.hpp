// The fields of every record drawaudit writes (RULES.md "Output records"; docs/records.md says
// what each means): one table per record type, in the order the writer writes them, and one per
// CSV format, in the order of its columns. The JSON Lines writer can only write a field its table
// names (a compile error otherwise), the reader's tables must name the same fields (a compile
// error otherwise), the CSV headers are made from the column tables, and the tests check that a
// rich record writes every field, reads back equal, and that docs/records.md names them all.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <span>
#include <string_view>

namespace drawaudit::report::schema {

// A field's JSON type.
enum class FieldType : std::uint8_t {
    String,
    Integer,
    Decimal,  // a number with a fraction (seconds)
    Boolean,
    Hex,          // a string of hexadecimal digits (fingerprints, hashes)
    IntegerList,  // an array of integers
    StringList,   // an array of strings
    Counts,       // an object of counts by name
    Object,       // an object of its own fields (docs/records.md)
    ObjectList,   // an array of such objects
};
constexpr std::string_view field_type_name(FieldType type) {
    constexpr std::array<std::string_view, 10> names = {
        "string",       "integer",     "decimal",       "boolean", "hex string",
        "integer list", "string list", "counts object", "object",  "object list"};
    return names[static_cast<std::size_t>(type)];
}

// When a field is in a record at all.
enum class Presence : std::uint8_t {
    Always,   // in every record, null where it does not apply (a part leaves nulls out)
    WhenAny,  // only where it has something to say (findings_omitted: real runs keep their schema)
    Part,     // only in a shard's part (--shard), for drawaudit merge
    Trf,  // only in a run with --trf (RULES.md "Round reconciliation"): others keep their schema
};

struct Field {
    std::string_view name;
    FieldType type;
    Presence presence;
    std::string_view null_when;  // "" where it is never null
};

using T = FieldType;
using P = Presence;

// A finding record (`"type": "finding"`).
inline constexpr Field finding_fields[] = {
    {"type", T::String, P::Always, ""},
    {"file", T::String, P::Always, ""},
    {"game", T::Integer, P::Always, ""},
    {"line", T::Integer, P::Always, ""},
    {"column", T::Integer, P::Always, "no move token is named"},
    {"ply", T::Integer, P::Always, ""},
    {"move", T::String, P::Always, "at k = 0, or where no move applies"},
    {"rule", T::String, P::Always, ""},
    {"route", T::String, P::Always, "not a claim"},
    {"side", T::String, P::Always, "no side applies"},
    {"article", T::String, P::Always, ""},
    {"severity", T::String, P::Always, ""},
    {"laws", T::String, P::Always, ""},
    {"message", T::String, P::Always, ""},
    {"fen", T::String, P::Always, "the game could not be set up"},
    {"occurrences", T::IntegerList, P::Always, "not a repetition"},
    {"occurrence_count", T::Integer, P::Always, "not a repetition"},
    {"moves", T::StringList, P::Always, "not a declared route"},
    {"halfmove_clock", T::Integer, P::Always, "not a fifty- or seventy-five-move finding"},
    {"until_ply", T::Integer, P::Always, "not a fifty-move window"},
    {"recorded", T::String, P::Always, "not about a result"},
    {"expected", T::String, P::Always, "not about a result"},
    {"extra_plies", T::Integer, P::Always, "not moves-after-end"},
    {"duplicate_of", T::Object, P::Always, "not a duplicate"},
    {"fingerprint", T::Hex, P::Always, ""},
    {"trf_line", T::Integer, P::Trf, "not a finding of --trf"},
    {"pairing", T::Object, P::Trf, "no pairing: not a finding of --trf, or none matched"},
    {"occurrence_moves", T::StringList, P::Part, "not a repetition"},
    {"offset", T::Integer, P::Part, ""},
    {"column_utf16", T::Integer, P::Part, "absent: the same as column"},
};

// A game record (`"type": "game"`), after its findings.
inline constexpr Field game_fields[] = {
    {"type", T::String, P::Always, ""},
    {"file", T::String, P::Always, ""},
    {"game", T::Integer, P::Always, ""},
    {"line", T::Integer, P::Always, ""},
    {"white", T::String, P::Always, "no White tag"},
    {"black", T::String, P::Always, "no Black tag"},
    {"event", T::String, P::Always, "no Event tag"},
    {"round", T::String, P::Always, "no Round tag"},
    {"date", T::String, P::Always, "no Date tag"},
    {"result", T::String, P::Always, "no Result tag"},
    {"laws", T::String, P::Always, ""},
    {"plies", T::Integer, P::Always, ""},
    {"termination", T::String, P::Always, "no automatic ending"},
    {"end_ply", T::Integer, P::Always, "no automatic ending"},
    {"expected_result", T::String, P::Always, "the rules give no result"},
    {"status", T::String, P::Always, ""},
    {"findings", T::Integer, P::Always, ""},
    {"draw_reason", T::String, P::Always, "not a draw, or a draw the rules contradict"},
    {"draw_side", T::String, P::Always, "not a perpetual check"},
    {"final_unwinnable", T::String, P::Always, "no side proved unable to win, or not analysed"},
    {"findings_omitted", T::Counts, P::WhenAny, ""},
    {"pairing", T::Object, P::Trf, "no pairing of the TRF matched the game"},
    {"site", T::String, P::Part, "no Site tag"},
    {"white_elo", T::String, P::Part, "no WhiteElo tag"},
    {"black_elo", T::String, P::Part, "no BlackElo tag"},
    {"termination_tag", T::String, P::Part, "no Termination tag"},
    {"movetext_result", T::String, P::Part, "no marker; absent: the same as result"},
    {"offset", T::Integer, P::Part, ""},
    {"draw_first_check", T::String, P::Part, "not a perpetual check"},
    {"draw_last_check", T::String, P::Part, "not a perpetual check"},
    {"identity", T::Hex, P::Part, ""},
    {"text_bytes", T::Integer, P::Part, ""},
    {"text_hash", T::Hex, P::Part, ""},
    {"duplicate_key", T::Hex, P::Part, "absent: not computed (no --duplicates)"},
};

// The summary record (`"type": "summary"`), last.
inline constexpr Field summary_fields[] = {
    {"type", T::String, P::Always, ""},
    {"version", T::String, P::Always, ""},
    {"files", T::Integer, P::Always, ""},
    {"games", T::Integer, P::Always, ""},
    {"games_with_errors", T::Integer, P::Always, ""},
    {"plies", T::Integer, P::Always, ""},
    {"findings", T::Counts, P::Always, ""},
    {"games_by_rule", T::Counts, P::Always, ""},
    {"results", T::Counts, P::Always, ""},
    {"draw_reasons", T::Counts, P::Always, ""},
    {"by_year", T::Object, P::Always, ""},
    {"undetermined_positions", T::Integer, P::Always, ""},
    {"baselined", T::Integer, P::Always, ""},
    {"findings_omitted", T::Counts, P::WhenAny, ""},
    {"below_min_severity", T::Integer, P::WhenAny, ""},
    {"pairings", T::Counts, P::Trf, ""},
    {"seconds", T::Decimal, P::Always, ""},
    {"io_errors", T::Integer, P::Part, ""},
    {"bytes", T::Integer, P::Part, ""},
};

// A shard's part opens with its header (`"type": "shard"`) and ends with its shard-end record
// after the summary (app/shard_part.cpp writes both, app/merge_command.cpp reads them).
inline constexpr Field shard_fields[] = {
    {"type", T::String, P::Part, ""},       {"shard", T::Integer, P::Part, ""},
    {"of", T::Integer, P::Part, ""},        {"version", T::String, P::Part, ""},
    {"inputs", T::ObjectList, P::Part, ""}, {"options", T::StringList, P::Part, ""},
};
inline constexpr Field shard_end_fields[] = {
    {"type", T::String, P::Part, ""},
    {"pieces", T::ObjectList, P::Part, ""},
};

// Where a CSV column's value comes from.
enum class ColumnSource : std::uint8_t {
    Finding,      // the finding record's field of the same name, as JSON Lines writes it
    Game,         // the game record's field of the same name, as JSON Lines writes it
    GameNumeric,  // the game record's field of the same name where it is a number, else empty
    Computed,     // the CSV's own (docs/records.md says how)
};
struct Column {
    std::string_view name;
    ColumnSource source;
};

using S = ColumnSource;

// --format csv: one row per finding, the game's identity repeated.
inline constexpr Column findings_csv_columns[] = {
    {"file", S::Finding},     {"game", S::Finding},    {"line", S::Finding},
    {"column", S::Finding},   {"ply", S::Finding},     {"move", S::Finding},
    {"rule", S::Finding},     {"route", S::Finding},   {"side", S::Finding},
    {"severity", S::Finding}, {"article", S::Finding}, {"laws", S::Finding},
    {"message", S::Finding},  {"white", S::Game},      {"black", S::Game},
    {"event", S::Game},       {"round", S::Game},      {"date", S::Game},
    {"result", S::Game},      {"fen", S::Finding},     {"fingerprint", S::Finding},
};

// --format games-csv: one row per game.
inline constexpr Column games_csv_columns[] = {
    {"file", S::Game},
    {"game", S::Game},
    {"line", S::Game},
    {"event", S::Game},
    {"site", S::Game},
    {"date", S::Game},
    {"year", S::Computed},
    {"round", S::Game},
    {"white", S::Game},
    {"black", S::Game},
    {"white_elo", S::GameNumeric},
    {"black_elo", S::GameNumeric},
    {"result", S::Game},
    {"laws", S::Game},
    {"plies", S::Game},
    {"termination", S::Game},
    {"end_ply", S::Game},
    {"expected_result", S::Game},
    {"status", S::Game},
    {"findings", S::Game},
    {"draw_reason", S::Game},
    {"draw_side", S::Game},
    {"threefold_appeared", S::Computed},
    {"threefold_declared", S::Computed},
    {"fifty_move_appeared", S::Computed},
    {"fifty_move_declared", S::Computed},
    {"first_claim_ply", S::Computed},
    {"final_unwinnable", S::Game},
};

constexpr bool has_field(std::span<const Field> fields, std::string_view name) {
    for (const Field& field : fields)
        if (field.name == name) return true;
    return false;
}

// Every column taken from a record names one of its fields.
constexpr bool columns_name_fields(std::span<const Column> columns) {
    for (const Column& column : columns) {
        if (column.source == S::Finding && !has_field(finding_fields, column.name)) return false;
        if ((column.source == S::Game || column.source == S::GameNumeric) &&
            !has_field(game_fields, column.name))
            return false;
        if (column.source == S::Computed &&
            (has_field(finding_fields, column.name) || has_field(game_fields, column.name)))
            return false;  // a computed column under a field's name would read as that field
    }
    return true;
}
static_assert(columns_name_fields(findings_csv_columns));
static_assert(columns_name_fields(games_csv_columns));

// A CSV header: the columns' names, comma-separated, CRLF-terminated (RFC 4180), made at compile
// time so the writers append one constant.
template <const auto& Columns>
class CsvHeader {
    static constexpr std::size_t size() {
        std::size_t size = 1;  // N names, N - 1 commas, CR LF
        for (const Column& column : Columns) size += column.name.size() + 1;
        return size;
    }
    static constexpr std::array<char, size()> make() {
        std::array<char, size()> text{};
        std::size_t at = 0;
        for (std::size_t i = 0; i < std::size(Columns); ++i) {
            if (i > 0) text[at++] = ',';
            for (const char c : Columns[i].name) text[at++] = c;
        }
        text[at++] = '\r';
        text[at++] = '\n';
        return text;
    }
    static constexpr std::array<char, size()> text_ = make();

  public:
    static constexpr std::string_view text() { return {text_.data(), text_.size()}; }
};

inline constexpr std::string_view findings_csv_header = CsvHeader<findings_csv_columns>::text();
inline constexpr std::string_view games_csv_header = CsvHeader<games_csv_columns>::text();

}  // namespace drawaudit::report::schema
