// JSON Lines: exactly the records of RULES.md ("Output records"): each game's findings, then
// its game record, in input order; the summary last. Fields that do not apply are null.
#include <iterator>

#include "report/escape.hpp"
#include "report/formats.hpp"

namespace drawaudit::report {
namespace {

using audit::Finding;
using audit::GameReport;

class JsonlWriter final : public Writer {
  public:
    using Writer::Writer;

    void game(const GameReport& report) override {
        for (const Finding& finding : report.findings) write_finding(report, finding);
        write_game(report);
        maybe_flush();
    }

    void end(const audit::Summary& summary) override {
        append(buffer_, "{\"type\":\"summary\"");
        number("files", summary.files);
        number("games", summary.games);
        number("games_with_errors", summary.games_with_errors);
        number("plies", summary.plies);
        rule_counts("findings", summary.findings);
        rule_counts("games_by_rule", summary.games_by_rule);
        fmt::format_to(std::back_inserter(buffer_), ",\"seconds\":{:.3f}}}\n", summary.seconds);
        flush();
    }

  private:
    void key(std::string_view name) {
        buffer_.push_back(',');
        buffer_.push_back('"');
        append(buffer_, name);
        append(buffer_, "\":");
    }
    template <typename Integer>
    void number(std::string_view name, Integer value) {
        key(name);
        fmt::format_to(std::back_inserter(buffer_), "{}", value);
    }
    void optional_number(std::string_view name, const std::optional<int>& value) {
        if (value) {
            number(name, *value);
        } else {
            key(name);
            append(buffer_, "null");
        }
    }
    // A string, or null when empty.
    void string(std::string_view name, std::string_view value) {
        key(name);
        append_json_string_or_null(buffer_, value);
    }
    // A JSON array, or null when empty (RULES.md: null where a field does not apply).
    template <typename T, typename AppendOne>
    void list(std::string_view name, const std::vector<T>& values, AppendOne append_one) {
        key(name);
        if (values.empty()) {
            append(buffer_, "null");
            return;
        }
        buffer_.push_back('[');
        for (std::size_t i = 0; i < values.size(); ++i) {
            if (i > 0) buffer_.push_back(',');
            append_one(values[i]);
        }
        buffer_.push_back(']');
    }
    void string_list(std::string_view name, const std::vector<std::string>& values) {
        list(name, values, [this](const std::string& v) { append_json_string(buffer_, v); });
    }
    void int_list(std::string_view name, const std::vector<int>& values) {
        list(name, values, [this](int v) { fmt::format_to(std::back_inserter(buffer_), "{}", v); });
    }
    void rule_counts(std::string_view name,
                     const std::array<std::uint64_t, audit::RuleCount>& counts) {
        key(name);
        buffer_.push_back('{');
        for (int i = 0; i < audit::RuleCount; ++i) {
            if (i > 0) buffer_.push_back(',');
            append_json_string(buffer_, audit::rule_id(static_cast<audit::Rule>(i)));
            fmt::format_to(std::back_inserter(buffer_), ":{}", counts[static_cast<std::size_t>(i)]);
        }
        buffer_.push_back('}');
    }
    void location(const GameReport& report, std::uint32_t line) {
        append(buffer_, ",\"file\":");
        append_json_string(buffer_, report.file);
        number("game", report.game);
        number("line", line);
    }

    void write_finding(const GameReport& report, const Finding& f) {
        append(buffer_, "{\"type\":\"finding\"");
        location(report, f.line != 0 ? f.line : report.line);
        key("column");
        if (f.column != 0) {
            fmt::format_to(std::back_inserter(buffer_), "{}", f.column);
        } else {
            append(buffer_, "null");
        }
        number("ply", f.ply);
        string("move", f.move);
        string("rule", audit::rule_id(f.rule));
        string("route", audit::route_name(f.route));
        string("side", audit::side_name(f.side));
        string("article",
               f.article.empty() ? audit::rule_article(f.rule) : std::string_view(f.article));
        string("severity", audit::severity_name(f.severity));
        string("laws", audit::laws_name(report.laws));
        string("message", f.message);
        string("fen", f.fen);
        int_list("occurrences", f.occurrences);
        string_list("moves", f.moves);
        optional_number("halfmove_clock", f.halfmove_clock);
        optional_number("until_ply", f.until_ply);
        string("recorded", f.recorded);
        string("expected", f.expected);
        optional_number("extra_plies", f.extra_plies);
        append(buffer_, "}\n");
    }

    void write_game(const GameReport& report) {
        append(buffer_, "{\"type\":\"game\"");
        location(report, report.line);
        string("white", report.white);
        string("black", report.black);
        string("event", report.event);
        string("round", report.round);
        string("date", report.date);
        string("result", report.result);
        string("laws", audit::laws_name(report.laws));
        number("plies", report.plies);
        string("termination", audit::termination_name(report.termination));
        optional_number("end_ply", report.end_ply);
        string("expected_result", report.expected_result);
        string("status", report.error ? "error" : "ok");
        number("findings", report.findings.size());
        append(buffer_, "}\n");
    }
};

}  // namespace

std::unique_ptr<Writer> make_jsonl_writer(Output& output, const WriterOptions&) {
    return std::make_unique<JsonlWriter>(output);
}

}  // namespace drawaudit::report
