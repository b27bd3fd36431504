// libFuzzer target: the reader with the audit behind it and every writer after it, on arbitrary
// bytes. The first byte chooses the Laws, --all-games, the language and the statistics' JSON. Traps
// when an output is not inert for its format: the text report and the annotations hold no raw
// control character but the line feed, every format but PGN is valid UTF-8, every JSON Lines line
// is one object, every annotation line one workflow command; HTML, the text report, JSON Lines
// and SARIF hold no raw C1 control, JSON Lines and SARIF no raw U+2028 or U+2029.
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "audit/auditor.hpp"
#include "pgn/reader.hpp"
#include "pgn/text.hpp"
#include "report/writer.hpp"

using namespace drawaudit;

namespace {

class Collect final : public audit::GameSink {
  public:
    std::vector<audit::GameReport> reports;
    void game(audit::GameReport&& report) override { reports.push_back(std::move(report)); }
};

bool has_raw_control(std::string_view text, bool allow_tab_cr) {
    for (const char c : text) {
        const auto u = static_cast<unsigned char>(c);
        if (u == '\n' || (allow_tab_cr && (u == '\t' || u == '\r'))) continue;
        if (u < 0x20 || u == 0x7F) return true;
    }
    return false;
}

// A C1 control (U+0080-U+009F) as UTF-8: a parse error in HTML, and NEL (U+0085) a line end to
// line-splitting readers of JSON Lines.
bool has_raw_c1(std::string_view text) {
    for (std::size_t i = 0; i + 1 < text.size(); ++i) {
        const auto lead = static_cast<unsigned char>(text[i]);
        const auto next = static_cast<unsigned char>(text[i + 1]);
        if (lead == 0xC2 && next >= 0x80 && next <= 0x9F) return true;
    }
    return false;
}

// U+2028 or U+2029 raw: line ends to JavaScript before ES2019 and to Python's splitlines.
bool has_raw_unicode_line_separator(std::string_view text) {
    return text.find("\xE2\x80\xA8") != std::string_view::npos ||
           text.find("\xE2\x80\xA9") != std::string_view::npos;
}

void check_lines(std::string_view text, std::string_view prefix) {
    std::size_t start = 0;
    while (start < text.size()) {
        const std::size_t end = text.find('\n', start);
        const std::string_view line = text.substr(start, end - start);
        if (!line.starts_with(prefix)) __builtin_trap();
        if (end == std::string_view::npos) break;
        start = end + 1;
    }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    if (size < 1) return 0;
    const std::uint8_t options = data[0];
    const std::vector<char> bytes(data + 1, data + size);
    const std::string_view text(bytes.data(), bytes.size());

    audit::AuditOptions audit_options;
    constexpr audit::Laws laws[] = {audit::Laws::Laws2023, audit::Laws::Laws1997};
    if (options & 1) audit_options.laws = laws[(options >> 1) & 1];
    audit_options.keep_game_text = true;
    Collect sink;
    audit::GameAuditor auditor(audit_options, sink);
    pgn::ReaderLimits limits;
    limits.max_plies = 2000;  // keeps each input's audit short (the limit path is fuzzed too)
    limits.max_variation_depth = 64;
    pgn::parse_games(text, pgn::TextOrigin{"fuzz.pgn", 1, {1, 1, 0}, limits}, auditor);

    for (const report::Format format :
         {report::Format::Text, report::Format::Jsonl, report::Format::Csv, report::Format::Sarif,
          report::Format::Github, report::Format::Pgn, report::Format::Html, report::Format::Stats,
          report::Format::GamesCsv}) {
        report::StringOutput output;
        report::WriterOptions writer_options;
        writer_options.all_games = (options & 8) != 0;
        if (options & 16) writer_options.lang = report::Lang::Es;  // the Spanish sentences too
        writer_options.stats_as_json = (options & 32) != 0;
        auto writer = report::make_writer(format, output, writer_options);
        writer->begin();
        audit::Summary summary;
        for (const audit::GameReport& report : sink.reports) {
            writer->game(report);
            summary.add(report);
        }
        writer->end(summary);
        const std::string& out = output.text;
        if (format != report::Format::Pgn && !pgn::is_valid_utf8(out)) __builtin_trap();
        switch (format) {
            case report::Format::Text:
                if (has_raw_control(out, false) || has_raw_c1(out)) __builtin_trap();
                break;
            case report::Format::Github:
                if (has_raw_control(out, false)) __builtin_trap();
                check_lines(out, "::");
                break;
            case report::Format::Jsonl:  // one record a line for any line splitter
                if (has_raw_control(out, false) || has_raw_c1(out) ||
                    has_raw_unicode_line_separator(out))
                    __builtin_trap();
                check_lines(out, "{\"type\":\"");
                break;
            case report::Format::Sarif:
                if (has_raw_control(out, false) || has_raw_c1(out) ||
                    has_raw_unicode_line_separator(out) || !out.starts_with("{"))
                    __builtin_trap();
                break;
            case report::Format::Html:  // markup escaped, no raw control character, C0 or C1
                if (has_raw_control(out, true) || has_raw_c1(out)) __builtin_trap();
                break;
            case report::Format::Stats:
                if (has_raw_control(out, true)) __builtin_trap();
                break;
            case report::Format::Csv:
            case report::Format::GamesCsv:
            case report::Format::Pgn:
                break;
        }
    }
    return 0;
}
