#include "winnable_command.hpp"

#include <cerrno>
#include <chrono>
#include <cstdio>
#include <cstring>
#include <memory>
#include <string_view>
#include <vector>

#include <sys/stat.h>

#include <fmt/format.h>

#include "chess/position.hpp"
#include "chess/san.hpp"
#include "chess/unwinnable.hpp"
#include "report/escape.hpp"
#include "report/messages.hpp"

namespace drawaudit::app {

namespace {

using namespace drawaudit::chess;

bool is_label(std::string_view s) {
    return s.size() == 2 && (s[0] == 'W' || s[0] == '-') && (s[1] == 'B' || s[1] == '-');
}

bool is_number(std::string_view s) {
    if (s.empty()) return false;
    for (char c : s)
        if (c < '0' || c > '9') return false;
    return true;
}

// A positions-file line: its label ("" when none) and its FEN.
struct PositionLine {
    std::string_view label;
    std::string fen;
};

// The FEN of a positions-file line: an optional two-character label, then the four position
// fields and the two clock fields where they are numbers; anything after is ignored.
PositionLine read_position_line(std::string_view text) {
    std::vector<std::string_view> fields;
    std::size_t i = 0;
    while (i < text.size()) {
        while (i < text.size() && (text[i] == ' ' || text[i] == '\t' || text[i] == '\r')) ++i;
        const std::size_t start = i;
        while (i < text.size() && text[i] != ' ' && text[i] != '\t' && text[i] != '\r') ++i;
        if (i > start) fields.push_back(text.substr(start, i - start));
    }
    std::size_t first = 0;
    if (!fields.empty() && is_label(fields[0]) && text.size() > 2 && text[2] == ' ') first = 1;
    std::size_t last = std::min(fields.size(), first + 4);
    for (int clock = 0; clock < 2 && last < fields.size() && is_number(fields[last]); ++clock)
        ++last;
    PositionLine position;
    if (first == 1) position.label = fields[0];
    for (std::size_t f = first; f < last; ++f) {
        if (!position.fen.empty()) position.fen += ' ';
        position.fen.append(fields[f]);
    }
    return position;
}

void append_helpmate(fmt::memory_buffer& out, const Position& start, const WinnabilityResult& r) {
    if (r.verdict != Winnability::Winnable) {
        fmt::format_to(std::back_inserter(out), "null");
        return;
    }
    out.push_back('[');
    Position pos = start;
    for (std::size_t i = 0; i < r.helpmate.size(); ++i) {
        if (i) out.push_back(',');
        report::append_json_string(out, to_san(pos, r.helpmate[i]));
        pos.make_move(r.helpmate[i]);
    }
    out.push_back(']');
}

// The length of the line shown (half-moves), so a reader sees how short the proof is.
void append_helpmate_plies(fmt::memory_buffer& out, const WinnabilityResult& r) {
    if (r.verdict != Winnability::Winnable)
        fmt::format_to(std::back_inserter(out), "null");
    else
        fmt::format_to(std::back_inserter(out), "{}", r.helpmate.size());
}

// One position's object; `line` 0 prints null (a --fen position). With a label, the object
// echoes it and says whether the verdicts agree with it. False when the FEN could not be read.
bool write_position(std::uint64_t line, std::string_view label, std::string_view fen,
                    const WinnableOptions& options) {
    fmt::memory_buffer out;
    auto it = std::back_inserter(out);
    fmt::format_to(it, "{{\"line\":");
    if (line > 0)
        fmt::format_to(it, "{}", line);
    else
        fmt::format_to(it, "null");
    fmt::format_to(it, ",\"fen\":");
    report::append_json_string(out, fen);
    if (!label.empty()) {
        fmt::format_to(it, ",\"label\":");
        report::append_json_string(out, label);
    }
    // Composed positions with more promoted pieces than missing pawns are judged too: whether a
    // side can mate is well defined from them (RULES.md, "Dead positions and unwinnable sides").
    // The FEN tag's reading and repairs (issue 30): an impossible castling right or en-passant
    // square, or a clock out of range, is repaired as the pieces demand and said in the answer
    // ("repaired_fen", "repairs"); the clocks may be left out (EPD-style lines), or everything
    // after the side to move (no castling right, no en passant).
    auto parsed = Position::from_fen(fen, FenOptions{.chess960 = options.chess960,
                                                     .allow_unreachable_material = true,
                                                     .clocks_optional = true});
    if (parsed && !parsed->repairs.empty()) {
        fmt::format_to(it, ",\"repaired_fen\":");
        report::append_json_string(out, parsed->position.to_fen());
        fmt::format_to(it, ",\"repairs\":[");
        for (std::size_t i = 0; i < parsed->repairs.size(); ++i) {
            if (i > 0) out.push_back(',');
            report::append_json_string(
                out, report::fen_reason_text(parsed->repairs[i], report::Lang::En));
        }
        out.push_back(']');
    }
    if (!parsed) {
        fmt::format_to(it, ",\"error\":");
        // JSON Lines: English, as every machine format's message.
        report::append_json_string(
            out, "bad FEN: " + report::fen_reason_text(parsed.error(), report::Lang::En));
    } else {
        const Position& pos = parsed->position;
        WinnabilityOptions analysis;
        analysis.mode = options.quick ? AnalysisMode::Quick : AnalysisMode::Full;
        if (options.nodes > 0) analysis.node_budget = options.nodes;
        // The line is read by a person as the proof that a side can still win: shortened.
        analysis.shorten_line = true;
        const auto started = std::chrono::steady_clock::now();
        const WinnabilityResult white = analyse_winnability(pos, Color::White, analysis);
        const WinnabilityResult black = analyse_winnability(pos, Color::Black, analysis);
        const auto micros = std::chrono::duration_cast<std::chrono::microseconds>(
                                std::chrono::steady_clock::now() - started)
                                .count();
        fmt::format_to(it, ",\"white\":\"{}\",\"black\":\"{}\",\"white_helpmate\":",
                       winnability_name(white.verdict), winnability_name(black.verdict));
        append_helpmate(out, pos, white);
        fmt::format_to(it, ",\"black_helpmate\":");
        append_helpmate(out, pos, black);
        fmt::format_to(it, ",\"white_helpmate_plies\":");
        append_helpmate_plies(out, white);
        fmt::format_to(it, ",\"black_helpmate_plies\":");
        append_helpmate_plies(out, black);
        fmt::format_to(it, ",\"nodes\":{},\"microseconds\":{}", white.nodes + black.nodes, micros);
        if (!label.empty()) {
            const auto agrees = label_agrees(label, white.verdict, black.verdict);
            fmt::format_to(it, ",\"agrees\":{}", agrees ? (*agrees ? "true" : "false") : "null");
        }
    }
    if (!parsed && !label.empty()) fmt::format_to(it, ",\"agrees\":null");
    out.push_back('}');
    out.push_back('\n');
    std::fwrite(out.data(), 1, out.size(), stdout);
    return parsed.has_value();
}

}  // namespace

CLI::App* add_winnable_command(CLI::App& app, WinnableOptions& options) {
    CLI::App* cmd = app.add_subcommand(
        "winnable", "Whether each side can still checkmate (5.2.2, 6.9): JSON Lines per position");
    cmd->footer(
        "Output: one JSON object per position: line, fen, label (when the line has one), white "
        "and black (winnable, unwinnable or undetermined), white_helpmate and black_helpmate, "
        "white_helpmate_plies and black_helpmate_plies (their lengths in half-moves), nodes, "
        "microseconds, agrees (with the label: true, false, or null when a side is "
        "undetermined); repaired_fen and repairs for a repaired FEN; error for one that cannot "
        "be read. Every field: docs/rules.md, \"Dead positions and unwinnable sides\".\n"
        "Exit status: 0 every position answered, 2 a FEN, a line or the file could not be read "
        "(the other positions are still answered) or a usage error.\nExamples:\n"
        "  drawaudit winnable --fen \"8/8/4k3/8/8/2K5/8/7Q w - - 0 1\"\n"
        "  drawaudit winnable --quick --positions positions.txt\n"
        "  drawaudit winnable --positions labelled.txt | grep '\"agrees\":false'");
    auto* fen = cmd->add_option("--fen", options.fen, "One position (FEN)")->type_name("FEN");
    auto* file =
        cmd->add_option("--positions", options.positions,
                        "File of positions, one a line: optional label (WB, W-, -B, --: the "
                        "sides that can still mate), a space, the FEN; further fields and lines "
                        "starting with # are ignored")
            ->type_name("FILE");
    fen->excludes(file);
    cmd->add_flag("--quick", options.quick,
                  "Only the cheap proofs of unwinnability (unwinnable or undetermined)");
    cmd->add_option(
           "--nodes", options.nodes,
           fmt::format("Node budget per side of the full analysis (default {})", DefaultNodeBudget))
        ->type_name("N");
    cmd->add_flag("--chess960", options.chess960, "Read castling rights as Chess960 (X-FEN)");
    return cmd;
}

namespace {

struct FileCloser {
    void operator()(std::FILE* file) const { std::fclose(file); }
};

void report_error(const std::string& path, std::string_view what) {
    std::fprintf(stderr, "winnable: %s: %.*s\n", report::terminal_text(path).c_str(),
                 static_cast<int>(what.size()), what.data());
}

// Reads the next line of `in` into `text` (without its newline), keeping at most
// kMaxPositionLineBytes of it: a longer line is consumed to its end without being stored, so a
// file without newlines costs no more memory than one position. False at the end of the file.
bool next_line(std::FILE* in, std::string& text, bool& too_long) {
    text.clear();
    too_long = false;
    int c = getc_unlocked(in);
    if (c == EOF) return false;
    for (; c != EOF && c != '\n'; c = getc_unlocked(in)) {
        if (text.size() < kMaxPositionLineBytes)
            text.push_back(static_cast<char>(c));
        else
            too_long = true;
    }
    return true;
}

}  // namespace

int run_winnable(const WinnableOptions& options) {
    if (options.positions.empty()) {
        const std::string_view fen = options.fen.empty() ? StartFen : std::string_view(options.fen);
        return write_position(0, {}, fen, options) ? 0 : 2;
    }
    std::unique_ptr<std::FILE, FileCloser> in(std::fopen(options.positions.c_str(), "rb"));
    struct stat info {};
    if (in == nullptr || fstat(fileno(in.get()), &info) != 0) {
        report_error(options.positions, std::string("cannot read: ") + std::strerror(errno));
        return 2;
    }
    if (S_ISDIR(info.st_mode)) {
        report_error(options.positions, "is a directory, not a file of positions");
        return 2;
    }
    std::string text;
    text.reserve(kMaxPositionLineBytes);
    bool too_long = false;
    // A line or a position that could not be read: exit 2 once the others are answered.
    bool unread = false;
    std::uint64_t line = 0;
    while (next_line(in.get(), text, too_long)) {
        ++line;
        if (too_long) {
            std::fprintf(stderr,
                         "winnable: %s:%llu: line longer than %zu bytes, no position: skipped\n",
                         report::terminal_text(options.positions).c_str(),
                         static_cast<unsigned long long>(line), kMaxPositionLineBytes);
            unread = true;
            continue;
        }
        std::string_view view(text);
        while (!view.empty() && (view.back() == '\r' || view.back() == ' ')) view.remove_suffix(1);
        if (view.empty() || view[0] == '#') continue;
        const PositionLine position = read_position_line(view);
        if (!write_position(line, position.label, position.fen, options)) unread = true;
        if (std::ferror(stdout)) break;  // the output is lost: main reports it
    }
    if (std::ferror(in.get())) {
        report_error(options.positions,
                     fmt::format("cannot read after line {}: {}", line, std::strerror(errno)));
        return 2;
    }
    return unread ? 2 : 0;
}

}  // namespace drawaudit::app
