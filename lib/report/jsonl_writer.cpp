// JSON Lines: exactly the records of RULES.md ("Output records"): each game's findings, then
// its game record, in input order; the summary last. Fields that do not apply are null. Each
// record writes the fields of its table in record_schema.hpp, in the table's order.
#include <algorithm>
#include <array>
#include <charconv>
#include <cstdint>
#include <initializer_list>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <type_traits>
#include <vector>

#include "audit/fingerprint.hpp"
#include "report/buffer_cursor.hpp"
#include "report/escape.hpp"
#include "report/formats.hpp"
#include "report/jsonl_reader.hpp"
#include "report/record_schema.hpp"

namespace drawaudit::report {
namespace {

using audit::Finding;
using audit::GameReport;

// The text before a field's value, `,"name":`, built at compile time from the field's name.
template <std::size_t NameSize>
struct Key {
    consteval Key(const char (&name)[NameSize]) {
        text[0] = ',';
        text[1] = '"';
        for (std::size_t i = 0; i + 1 < NameSize; ++i) text[2 + i] = name[i];
        text[NameSize + 1] = '"';
        text[NameSize + 2] = ':';
    }
    constexpr std::string_view view() const { return {text, sizeof text}; }
    constexpr std::string_view name() const { return {text + 2, NameSize - 1}; }
    char text[NameSize + 3]{};  // the name without its '\0', plus `,"":`
};

constexpr std::string_view null = "null";

// One JSON object of a record type whose fields are `Fields` (record_schema.hpp), written field by
// field into the writer's buffer: each field makes room for its worst case once and then writes
// through the cursor's pointer. A field the table does not name does not compile.
template <const auto& Fields>
class JsonRecord {
  public:
    // `opening` is the text up to the first field, e.g. {"type":"game". `omit_nulls`: a field
    // whose value is null is left out (a shard's part; its reader takes an absent field for null).
    JsonRecord(fmt::memory_buffer& buffer, std::string_view opening, bool omit_nulls = false)
        : out_(buffer), omit_nulls_(omit_nulls) {
        out_.reserve(opening.size());
        out_.put(opening);
    }
    ~JsonRecord() {
        out_.reserve(2);
        out_.put("}\n");
    }
    JsonRecord(const JsonRecord&) = delete;
    JsonRecord& operator=(const JsonRecord&) = delete;

    template <Key key, typename Integer>
    void number(Integer value) {
        out_.reserve(key_text<key>().size() + BufferCursor::integer_bound<Integer>);
        out_.put(key_text<key>());
        out_.put_integer(value);
    }
    template <Key key, typename Integer>
    void number_or_null(const std::optional<Integer>& value) {
        if (!value && omit_nulls_) return;
        out_.reserve(key_text<key>().size() + BufferCursor::integer_bound<Integer>);
        out_.put(key_text<key>());
        if (value) {
            out_.put_integer(*value);
        } else {
            out_.put(null);
        }
    }
    template <Key key>
    void fixed(double value, int precision) {
        out_.reserve(key_text<key>().size() + BufferCursor::fixed_bound(precision));
        out_.put(key_text<key>());
        out_.put_fixed(value, precision);
    }
    // A string, or null when empty.
    template <Key key>
    void string(std::string_view value) {
        if (value.empty() && omit_nulls_) return;
        out_.reserve(key_text<key>().size() + null.size() + json_string_bound(value.size()));
        out_.put(key_text<key>());
        if (value.empty()) {
            out_.put(null);
        } else {
            out_.put_json_string(value);
        }
    }
    // A JSON array, or null when empty (RULES.md: null where a field does not apply).
    template <Key key>
    void int_list(const std::vector<int>& values) {
        list<key>(values, [this](int value) {
            out_.reserve(BufferCursor::integer_bound<int>);
            out_.put_integer(value);
        });
    }
    template <Key key>
    void string_list(const std::vector<std::string>& values) {
        list<key>(values, [this](const std::string& value) {
            out_.reserve(json_string_bound(value.size()));
            out_.put_json_string(value);
        });
    }
    // An object of one count per rule id.
    // `pairing_rules`: --trf's rules too (a run without a TRF leaves them out).
    template <Key key>
    void rule_counts(const std::array<std::uint64_t, audit::RuleCount>& counts,
                     bool pairing_rules) {
        out_.reserve(key_text<key>().size() + 1);
        out_.put(key_text<key>());
        out_.put('{');
        for (int i = 0; i < audit::RuleCount; ++i) {
            if (!pairing_rules && audit::is_pairing_rule(static_cast<audit::Rule>(i))) continue;
            const std::string_view id = audit::rule_id(static_cast<audit::Rule>(i));
            out_.reserve(2 + json_string_bound(id.size()) +
                         BufferCursor::integer_bound<std::uint64_t>);
            if (i > 0) out_.put(',');
            out_.put_json_string(id);
            out_.put(':');
            out_.put_integer(counts[static_cast<std::size_t>(i)]);
        }
        out_.reserve(1);
        out_.put('}');
    }

    // The same of the rules whose count is not 0 only (a record's findings_omitted).
    template <Key key>
    void nonzero_rule_counts(const std::array<std::uint64_t, audit::RuleCount>& counts) {
        out_.reserve(key_text<key>().size() + 1);
        out_.put(key_text<key>());
        out_.put('{');
        bool first = true;
        for (int i = 0; i < audit::RuleCount; ++i) {
            if (counts[static_cast<std::size_t>(i)] == 0) continue;
            const std::string_view id = audit::rule_id(static_cast<audit::Rule>(i));
            out_.reserve(2 + json_string_bound(id.size()) +
                         BufferCursor::integer_bound<std::uint64_t>);
            if (!first) out_.put(',');
            first = false;
            out_.put_json_string(id);
            out_.put(':');
            out_.put_integer(counts[static_cast<std::size_t>(i)]);
        }
        out_.reserve(1);
        out_.put('}');
    }

    // An object of one count per name: {"name":count,...}, in the names' order.
    template <Key key, std::size_t N>
    void counts(const std::array<std::string_view, N>& names,
                const std::array<std::uint64_t, N>& values) {
        out_.reserve(key_text<key>().size() + 1);
        out_.put(key_text<key>());
        out_.put('{');
        for (std::size_t i = 0; i < N; ++i) {
            out_.reserve(2 + json_string_bound(names[i].size()) +
                         BufferCursor::integer_bound<std::uint64_t>);
            if (i > 0) out_.put(',');
            out_.put_json_string(names[i]);
            out_.put(':');
            out_.put_integer(values[i]);
        }
        out_.reserve(1);
        out_.put('}');
    }
    // RULES.md by_year: {"1990":{"games":n,"draws":n},...,"?":{...}}, years ascending, "?" last.
    template <Key key>
    void years(const std::map<int, audit::YearCount>& by_year) {
        out_.reserve(key_text<key>().size() + 1);
        out_.put(key_text<key>());
        out_.put('{');
        bool first = true;
        auto put_year = [&](std::string_view name, const audit::YearCount& count) {
            out_.reserve(32 + json_string_bound(name.size()) +
                         2 * BufferCursor::integer_bound<std::uint64_t>);
            if (!first) out_.put(',');
            first = false;
            out_.put_json_string(name);
            out_.put(":{\"games\":");
            out_.put_integer(count.games);
            out_.put(",\"draws\":");
            out_.put_integer(count.draws);
            out_.put('}');
        };
        for (const auto& [year, count] : by_year) {
            if (year == audit::Summary::UnknownYear) continue;
            char digits[16];
            const char* end = std::to_chars(digits, digits + sizeof digits, year).ptr;
            put_year(std::string_view(digits, static_cast<std::size_t>(end - digits)), count);
        }
        if (const auto unknown = by_year.find(audit::Summary::UnknownYear);
            unknown != by_year.end())
            put_year("?", unknown->second);
        out_.reserve(1);
        out_.put('}');
    }

    // Only a field's key: its value is the writer's (a game number a formatter leaves open).
    template <Key key>
    BufferCursor& key_only() {
        out_.reserve(key_text<key>().size());
        out_.put(key_text<key>());
        return out_;
    }

  private:
    // The text before the field's value; only for a field the record's table names.
    template <Key key>
    static constexpr std::string_view key_text() {
        static_assert(schema::has_field(Fields, key.name()),
                      "a field the record's table in record_schema.hpp does not name");
        return key.view();
    }

    template <Key key, typename T, typename PutOne>
    void list(const std::vector<T>& values, PutOne put_one) {
        if (values.empty() && omit_nulls_) return;
        out_.reserve(key_text<key>().size() + null.size() + 1);
        out_.put(key_text<key>());
        if (values.empty()) {
            out_.put(null);
            return;
        }
        out_.put('[');
        for (std::size_t i = 0; i < values.size(); ++i) {
            if (i > 0) {
                out_.reserve(1);
                out_.put(',');
            }
            put_one(values[i]);
        }
        out_.reserve(1);
        out_.put(']');
    }

    BufferCursor out_;
    bool omit_nulls_;
};

class JsonlWriter final : public Writer {
  public:
    JsonlWriter(bool shard_fields, bool trf) : shard_fields_(shard_fields), trf_(trf) {}
    JsonlWriter(Output& output, bool shard_fields, bool trf, std::string tool_version)
        : Writer(output),
          shard_fields_(shard_fields),
          trf_(trf),
          tool_version_(std::move(tool_version)) {}

    // --trf: the TRF's own findings, located in the TRF (`game` null), without a game record.
    void trf_findings(const GameReport& trf) override {
        for (const Finding& finding : trf.findings) write_finding(trf, finding);
        maybe_flush();
    }

    void game(const GameReport& report) override {
        for (const Finding& finding : report.findings) write_finding(report, finding);
        write_game(report);
        maybe_flush();
    }

    // Each record stands alone: any worker can format its own chunk's.
    std::unique_ptr<Writer> make_formatter() const override {
        return std::make_unique<JsonlWriter>(shard_fields_, trf_);
    }

    void end(const audit::Summary& summary) override {
        {
            JsonRecord<schema::summary_fields> record(buffer_, "{\"type\":\"summary\"");
            // Which drawaudit wrote the report (issue 31), as SARIF's tool.driver.version.
            record.string<"version">(tool_version_);
            record.number<"files">(summary.files);
            record.number<"games">(summary.games);
            record.number<"games_with_errors">(summary.games_with_errors);
            record.number<"plies">(summary.plies);
            const bool trf = summary.pairings.has_value();
            record.rule_counts<"findings">(summary.findings, trf);
            record.rule_counts<"games_by_rule">(summary.games_by_rule, trf);
            std::array<std::string_view, audit::RecordedResultCount> result_names;
            for (std::size_t i = 0; i < result_names.size(); ++i)
                result_names[i] =
                    audit::recorded_result_name(static_cast<audit::RecordedResult>(i));
            record.counts<"results">(result_names, summary.results);
            // The reasons without DrawReason::None, which counts no draw.
            std::array<std::string_view, audit::DrawReasonCount - 1> reason_names;
            std::array<std::uint64_t, audit::DrawReasonCount - 1> reason_counts;
            for (std::size_t i = 0; i < reason_names.size(); ++i) {
                reason_names[i] = audit::draw_reason_id(static_cast<audit::DrawReason>(i + 1));
                reason_counts[i] = summary.draw_reasons[i + 1];
            }
            record.counts<"draw_reasons">(reason_names, reason_counts);
            record.years<"by_year">(summary.by_year);
            record.number<"undetermined_positions">(summary.undetermined_positions);
            record.number<"baselined">(summary.baselined);
            // Only where a game reached --max-findings-per-rule: real runs keep their schema.
            if (summary.findings_omitted.any())
                record.nonzero_rule_counts<"findings_omitted">(summary.findings_omitted.by_rule);
            // Only under --min-severity, when it left something out (issue 31).
            if (summary.below_min_severity > 0)
                record.number<"below_min_severity">(summary.below_min_severity);
            if (trf) {
                const audit::PairingCounts& p = *summary.pairings;
                record.counts<"pairings">(
                    audit::pairing_count_names,
                    std::array<std::uint64_t, audit::pairing_count_names.size()>{
                        p.rounds, p.pairings, p.played, p.forfeits, p.byes, p.matched,
                        p.matched_by_name, p.missing_games, p.games_without_pairing,
                        p.unreconciled_games});
            }
            record.fixed<"seconds">(summary.seconds, 3);
            if (shard_fields_) {
                record.number<"io_errors">(summary.io_errors);
                record.number<"bytes">(summary.bytes);
            }
        }
        flush();
    }

  private:
    // A record's place in the input, the same in a finding and a game record. The line's type is
    // the records' own (wide enough for either).
    using Line = std::common_type_t<decltype(Finding::line), decltype(GameReport::line)>;
    template <const auto& Fields>
    void location(JsonRecord<Fields>& record, const GameReport& report, Line line) {
        record.template string<"file">(report.file);
        if (report.game == 0) {  // the TRF's own findings
            BufferCursor& out = record.template key_only<"game">();
            out.reserve(null.size());
            out.put(null);
        } else {
            put_game_number(record.template key_only<"game">(), report.game);
        }
        record.template number<"line">(line);
    }

    void write_finding(const GameReport& report, const Finding& f) {
        JsonRecord<schema::finding_fields> record(buffer_, "{\"type\":\"finding\"", shard_fields_);
        location(record, report, f.line != 0 ? f.line : report.line);
        record.number_or_null<"column">(f.column != 0 ? std::optional(f.column) : std::nullopt);
        record.number<"ply">(f.ply);
        record.string<"move">(f.move);
        record.string<"rule">(audit::rule_id(f.rule));
        record.string<"route">(audit::route_name(f.route));
        record.string<"side">(audit::side_name(f.side));
        record.string<"article">(f.article.empty() ? audit::rule_article(f.rule)
                                                   : std::string_view(f.article));
        record.string<"severity">(audit::severity_name(f.severity));
        record.string<"laws">(audit::laws_name(report.laws));
        message_.clear();  // kept for its capacity
        append_english_message(message_, f);
        record.string<"message">(message_);
        record.string<"fen">(f.fen);
        record.int_list<"occurrences">(f.occurrences);
        record.number_or_null<"occurrence_count">(f.occurrence_count);
        record.string_list<"moves">(f.moves);
        record.number_or_null<"halfmove_clock">(f.halfmove_clock);
        record.number_or_null<"until_ply">(f.until_ply);
        record.string<"recorded">(f.recorded);
        record.string<"expected">(f.expected);
        record.number_or_null<"extra_plies">(f.extra_plies);
        if (f.duplicate_game != 0) {
            BufferCursor& out = record.key_only<"duplicate_of">();
            out.reserve(9 + json_string_bound(f.duplicate_file.size()) + 8 +
                        BufferCursor::integer_bound<std::uint64_t> + 1);
            out.put("{\"file\":");
            out.put_json_string(f.duplicate_file);
            out.put(",\"game\":");
            out.put_integer(f.duplicate_game);
            out.put('}');
        } else {
            record.string<"duplicate_of">({});
        }
        BufferCursor& out = record.key_only<"fingerprint">();
        out.reserve(2);
        out.put('"');
        put_fingerprint(out, report, f);
        out.reserve(1);
        out.put('"');
        if (audit::is_pairing_rule(f.rule)) {
            record.number<"trf_line">(f.trf_line);
            put_pairing(record.key_only<"pairing">(), f.pairing.get());
        }
        if (shard_fields_) {
            // A column of an ASCII line counts the same in UTF-16: left out then (the part's
            // reader takes `column`).
            record.string_list<"occurrence_moves">(f.occurrence_moves);
            record.number<"offset">(f.offset);
            if (f.column_utf16 != f.column)
                record.number<"column_utf16">(f.column_utf16);  // SARIF's columns
        }
    }

    void write_game(const GameReport& report) {
        JsonRecord<schema::game_fields> record(buffer_, "{\"type\":\"game\"", shard_fields_);
        location(record, report, report.line);
        record.string<"white">(report.white);
        record.string<"black">(report.black);
        record.string<"event">(report.event);
        record.string<"round">(report.round);
        record.string<"date">(report.date);
        record.string<"result">(report.result);
        record.string<"laws">(audit::laws_name(report.laws));
        record.number<"plies">(report.plies);
        record.string<"termination">(audit::termination_name(report.termination));
        record.number_or_null<"end_ply">(report.end_ply);
        record.string<"expected_result">(report.expected_result);
        record.string<"status">(report.error ? "error" : "ok");
        record.number<"findings">(report.findings.size());
        record.string<"draw_reason">(audit::draw_reason_id(report.draw_reason));
        record.string<"draw_side">(audit::side_name(report.draw_side));
        record.string<"final_unwinnable">(report.final_unwinnable);
        // The findings beyond --max-findings-per-rule, per rule: counted, not listed above.
        if (report.findings_omitted.any()) [[unlikely]]
            record.nonzero_rule_counts<"findings_omitted">(report.findings_omitted.by_rule);
        if (trf_) put_pairing(record.key_only<"pairing">(), report.pairing.get());
        if (shard_fields_) {
            // What the other formats print and plain JSON Lines leaves out, for drawaudit merge.
            // (A part leaves out every null field, these too: writing a larger file was what
            // --shard 1/1 cost against a plain run, docs/scale.md.)
            record.string<"site">(report.site);
            record.string<"white_elo">(report.white_elo);
            record.string<"black_elo">(report.black_elo);
            record.string<"termination_tag">(report.termination_tag);
            // Left out when it is the Result tag's (the reader takes `result` then), so a
            // movetext without a marker says null here, where another field would say nothing.
            if (report.movetext_result.empty() && !report.result.empty()) {
                BufferCursor& out = record.key_only<"movetext_result">();
                out.reserve(null.size());
                out.put(null);
            } else if (report.movetext_result != report.result) {
                record.string<"movetext_result">(report.movetext_result);
            }
            record.number<"offset">(report.offset);
            // The moves the text report's perpetual-check sentence names.
            record.string<"draw_first_check">(report.draw_first_check);
            record.string<"draw_last_check">(report.draw_last_check);
            // The game's identity hash (16 hex digits): merge numbers identical games across
            // the parts.
            put_hex(record.key_only<"identity">(), {report.identity});
            // Where the game's text ends and what it was: merge reads it back from the input for
            // the pgn and html reports, and tells an input changed since.
            record.number<"text_bytes">(report.text_bytes);
            put_hex(record.key_only<"text_hash">(), {report.text_hash});
            // --duplicates: merge finds the duplicates across the parts (RULES.md "Duplicate
            // games"); a part alone cannot.
            if (report.duplicate_key[0] != 0 || report.duplicate_key[1] != 0)
                put_hex(record.key_only<"duplicate_key">(),
                        {report.duplicate_key[0], report.duplicate_key[1]});
        }
    }

    // RULES.md's `pairing`: the TRF's pairing as it names it, or null.
    static void put_pairing(BufferCursor& out, const audit::Pairing* p) {
        if (p == nullptr) {
            out.reserve(null.size());
            out.put(null);
            return;
        }
        out.reserve(160 + json_string_bound(p->white.size()) + json_string_bound(p->black.size()) +
                    5 * BufferCursor::integer_bound<std::uint64_t>);
        out.put("{\"round\":");
        out.put_integer(p->round);
        out.put(",\"white\":");
        out.put_json_string(p->white);
        out.put(",\"black\":");
        out.put_json_string(p->black);
        out.put(",\"white_rank\":");
        out.put_integer(p->white_rank);
        out.put(",\"black_rank\":");
        out.put_integer(p->black_rank);
        out.put(",\"white_code\":");
        out.put_json_string(std::string_view(&p->white_code, 1));
        out.put(",\"black_code\":");
        out.put_json_string(std::string_view(&p->black_code, 1));
        out.put(",\"trf_line\":");
        out.put_integer(p->trf_line);
        out.put(",\"matched_by\":");
        if (p->matched_by) {
            out.put_json_string(audit::matched_by_name(*p->matched_by));
        } else {
            out.put(null);
        }
        out.put('}');
    }

    // A JSON string of 16 hex digits per value.
    static void put_hex(BufferCursor& out, std::initializer_list<std::uint64_t> values) {
        out.reserve(2 + 16 * values.size());
        out.put('"');
        for (const std::uint64_t value : values) {
            const auto hex = audit::fingerprint_hex(value);
            out.put(std::string_view(hex.data(), hex.size()));
        }
        out.put('"');
    }

    // A shard's part (--shard) carries the fields drawaudit merge needs to write any format.
    bool shard_fields_ = false;
    bool trf_ = false;          // a run with --trf: every game record has its `pairing`
    std::string message_;       // the finding's English sentence (kept for its capacity)
    std::string tool_version_;  // the summary's "version"
};

}  // namespace

std::unique_ptr<Writer> make_jsonl_writer(Output& output, const WriterOptions& options) {
    return std::make_unique<JsonlWriter>(output, options.shard_fields, options.trf,
                                         options.tool_version);
}

}  // namespace drawaudit::report
