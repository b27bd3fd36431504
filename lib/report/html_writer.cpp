// The arbiter's report as one self-contained HTML file: inline CSS and SVG, no script, no request
// to any network. A summary with bar charts at the top, then the index of the games shown (with
// --all-games: the round's sheet, every game on one line with its verdict and draw reason), then
// one section per game with findings (up to WriterOptions::html_max_games): a header naming the
// game, the verdict on its result and why it was drawn, a timeline in moves with the claim
// windows shaded, the move list with every flagged move marked and linked, and a board for each
// distinct position a finding stands at. Printed, each such game starts a page and every page it
// takes repeats its header. Moves, rules and numbers are written as the reader's language writes
// them (RULES.md, "Spanish notation"); rule ids stay as classes.
//
// Sections off screen are neither laid out nor painted until scrolled to (content-visibility),
// so that a report of a week of tournaments opens at once; printing lays them all out.
//
// The sections are kept until end(), which writes the summary first: the counts are known only
// then. The move lists come from replaying the game's text here (the run keeps it for this
// format only), so the audit itself does no rendering work.
#include <algorithm>
#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <functional>
#include <map>
#include <set>

#include <unistd.h>

#include "chess/position.hpp"
#include "chess/san.hpp"
#include "pgn/reader.hpp"
#include "pgn/text.hpp"
#include "report/board_svg.hpp"
#include "report/escape.hpp"
#include "report/formats.hpp"
#include "report/notation.hpp"

namespace drawaudit::report {
namespace {

using audit::Finding;
using audit::GameReport;
using audit::Rule;

// ---------------------------------------------------------------------------------------------
// The sections and the index rows, written before the summary that goes above them.

// Text appended in order and read back once at the end: in memory up to kMemoryBytes, beyond
// that in an unnamed temporary file in TMPDIR (created and unlinked at once, so that no exit path,
// not even a kill, can leave it behind). --html-max-games at its maximum would otherwise hold
// every section (100,000 games: 2.9 GB). A temporary file that cannot be made or written leaves
// the text in memory, as before: the report stays whole.
class SpillBuffer {
  public:
    static constexpr std::size_t kMemoryBytes = std::size_t{4} << 20;

    SpillBuffer() = default;
    SpillBuffer(const SpillBuffer&) = delete;
    SpillBuffer& operator=(const SpillBuffer&) = delete;
    ~SpillBuffer() {
        if (fd_ >= 0) ::close(fd_);
    }

    fmt::memory_buffer& memory() { return memory_; }
    bool empty() const { return spilled_ == 0 && memory_.size() == 0; }
    bool spilled() const { return spilled_ > 0; }

    // Moves the text to the file once it has grown past kMemoryBytes. Returns the errno of the
    // failure the first time the text cannot be moved (0 otherwise): from then on it stays in
    // memory.
    int maybe_spill() {
        if (memory_.size() < kMemoryBytes || spill_failed_) return 0;
        if (fd_ < 0) fd_ = open_unnamed_file();
        if (fd_ < 0 || !write_all(fd_, memory_.data(), memory_.size())) {
            // The text stays in memory from here on; replay() reads only the first spilled_
            // bytes of the file, so a partial write does not matter.
            spill_failed_ = true;
            return errno != 0 ? errno : EIO;
        }
        spilled_ += memory_.size();
        memory_.clear();
        return 0;
    }

    // The directory the temporary file goes to: TMPDIR, or /tmp.
    static std::string directory() {
        const char* dir = std::getenv("TMPDIR");
        return dir != nullptr && *dir != '\0' ? dir : "/tmp";
    }

    // Hands the whole text to `write` in order, in blocks; false when the file could not be read
    // back or `write` returned false.
    template <typename Write>
    bool replay(Write&& write) {
        std::uint64_t done = 0;
        std::vector<char> block(spilled_ > 0 ? std::size_t{1} << 20 : 0);
        while (done < spilled_) {
            const auto want =
                static_cast<std::size_t>(std::min<std::uint64_t>(block.size(), spilled_ - done));
            const ssize_t got = ::pread(fd_, block.data(), want, static_cast<off_t>(done));
            if (got < 0 && errno == EINTR) continue;
            if (got <= 0) return false;
            if (!write(std::string_view(block.data(), static_cast<std::size_t>(got)))) return false;
            done += static_cast<std::uint64_t>(got);
        }
        return memory_.size() == 0 || write(std::string_view(memory_.data(), memory_.size()));
    }

  private:
    static int open_unnamed_file() {
        std::string path = directory() + "/.drawaudit-html-XXXXXX";
        const int fd = ::mkstemp(path.data());
        if (fd >= 0) ::unlink(path.c_str());
        return fd;
    }
    static bool write_all(int fd, const char* data, std::size_t size) {
        while (size > 0) {
            const ssize_t n = ::write(fd, data, size);
            if (n < 0 && errno == EINTR) continue;
            if (n <= 0) return false;
            data += n;
            size -= static_cast<std::size_t>(n);
        }
        return true;
    }

    fmt::memory_buffer memory_;
    int fd_ = -1;
    std::uint64_t spilled_ = 0;  // bytes in the file, before those in memory_
    bool spill_failed_ = false;
};

// ---------------------------------------------------------------------------------------------
// The game's moves, replayed from its text.

struct ReplayedGame {
    int first_fullmove = 1;
    bool black_first = false;
    std::vector<std::string> played;    // SAN as recorded, ply i + 1 at index i
    std::vector<std::string> unplayed;  // main-line tokens from the first that could not be played
};

// Collects the main line's move tokens and the tags that set up the start position.
class MoveCollector final : public pgn::Visitor {
  public:
    bool wants_variations() const override { return false; }
    void tag(std::string_view name, std::string_view raw_value, pgn::TextPos) override {
        if (name == "FEN") fen = pgn::unescape_tag(raw_value);
        if (name == "Variant") variant = pgn::unescape_tag(raw_value);
    }
    pgn::Control move(std::string_view san, pgn::TextPos) override {
        if (depth() == 0 && !stopped) tokens.emplace_back(san);
        return pgn::Control::Continue;
    }
    pgn::Control null_move(std::string_view token, pgn::TextPos) override {
        if (depth() == 0 && !stopped) tokens.emplace_back(token);
        stopped = true;
        return pgn::Control::Continue;
    }
    void end_game(std::string_view) override { ++games; }

    std::string fen, variant;
    std::vector<std::string> tokens;
    bool stopped = false;
    int games = 0;
};

bool icontains(std::string_view text, std::string_view word) {
    const auto lower = [](char c) { return c >= 'A' && c <= 'Z' ? static_cast<char>(c + 32) : c; };
    for (std::size_t i = 0; i + word.size() <= text.size(); ++i) {
        bool same = true;
        for (std::size_t j = 0; j < word.size() && same; ++j) same = lower(text[i + j]) == word[j];
        if (same) return true;
    }
    return false;
}

ReplayedGame replay(const GameReport& report) {
    ReplayedGame game;
    MoveCollector collector;
    pgn::parse_games(report.text, pgn::TextOrigin{report.file}, collector);
    const bool chess960 = icontains(collector.variant, "960") ||
                          icontains(collector.variant, "fischer") ||
                          icontains(collector.variant, "freestyle");
    chess::Position position = chess::Position::startpos();
    if (!collector.fen.empty() || chess960) {
        const std::string_view fen =
            collector.fen.empty() ? chess::StartFen : std::string_view(collector.fen);
        auto parsed = chess::Position::from_fen(fen, chess::FenOptions{.chess960 = chess960});
        if (!parsed) {
            game.unplayed = std::move(collector.tokens);
            return game;
        }
        position = parsed->position;
    }
    game.first_fullmove = position.fullmove_number();
    game.black_first = position.side_to_move() == chess::Color::Black;
    chess::Position next;
    for (std::size_t i = 0; i < collector.tokens.size(); ++i) {
        if (!chess::play_san(position, collector.tokens[i], next)) {
            game.unplayed.assign(collector.tokens.begin() + static_cast<std::ptrdiff_t>(i),
                                 collector.tokens.end());
            break;
        }
        position = next;
        game.played.push_back(std::move(collector.tokens[i]));
    }
    return game;
}

// The arrows of a finding's declared moves, from its position.
std::vector<BoardArrow> declared_arrows(const Finding& f) {
    std::vector<BoardArrow> arrows;
    if (f.moves.empty() || f.fen.empty()) return arrows;
    auto parsed = chess::Position::from_fen(f.fen, chess::FenOptions{});
    if (!parsed) return arrows;
    for (const std::string& san : f.moves) {
        auto move = chess::parse_san(parsed->position, san);
        if (!move) continue;
        int from = move->from(), to = move->to();
        if (move->kind() == chess::MoveKind::Castling) {
            // Drawn as the king's move: to the g- or c-file of its rank.
            to = (from / 8) * 8 + (to > from ? 6 : 2);
        }
        arrows.push_back({from, to});
    }
    return arrows;
}

// ---------------------------------------------------------------------------------------------
// Bar charts (SVG): one call per series.

// Letters, not bytes: a UTF-8 string's code points.
std::size_t utf8_length(std::string_view text) {
    return static_cast<std::size_t>(std::count_if(text.begin(), text.end(), [](char c) {
        return (static_cast<unsigned char>(c) & 0xC0) != 0x80;
    }));
}

struct Bar {
    std::string label;
    std::uint64_t value = 0;  // the bar's length
    std::string shown;        // the number as the reader's language writes it
};

void append_bar_chart(fmt::memory_buffer& out, std::string_view title,
                      const std::vector<Bar>& bars) {
    // The labels' column fits the longest label (the Spanish rule labels run to 52 letters).
    std::size_t longest = 0;
    for (const Bar& bar : bars) longest = std::max(longest, utf8_length(bar.label));
    const int label_width = std::max(210, static_cast<int>(longest) * 7 + 12);
    constexpr int bar_width = 380, row = 22, value_width = 110;
    std::uint64_t largest = 1;
    for (const Bar& bar : bars) largest = std::max(largest, bar.value);
    const int height = row * static_cast<int>(bars.size()) + 8;
    append(out, "<figure class=\"chart\"><figcaption>");
    append_html(out, title);
    fmt::format_to(std::back_inserter(out),
                   "</figcaption><svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 {} {}\" "
                   "role=\"img\" aria-label=\"",
                   label_width + bar_width + value_width, height);
    append_html(out, title);
    append(out, "\">");
    int y = 4;
    for (const Bar& bar : bars) {
        const double width = bar.value == 0
                                 ? 0.0
                                 : std::max(2.0, static_cast<double>(bar.value) * bar_width /
                                                     static_cast<double>(largest));
        append(out, "<g><title>");
        append_html(out, bar.label);
        append(out, ": ");
        append_html(out, bar.shown);
        fmt::format_to(std::back_inserter(out), "</title><text class=\"label\" x=\"{}\" y=\"{}\">",
                       label_width - 6, y + 15);
        append_html(out, bar.label);
        fmt::format_to(std::back_inserter(out),
                       "</text><rect class=\"bar\" x=\"{}\" y=\"{}\" width=\"{:.1f}\" "
                       "height=\"{}\"/><text class=\"value\" x=\"{:.1f}\" y=\"{}\">",
                       label_width, y + 2, width, row - 6, label_width + width + 5, y + 15);
        append_html(out, bar.shown);
        append(out, "</text></g>");
        y += row;
    }
    append(out, "</svg></figure>\n");
}

// ---------------------------------------------------------------------------------------------
// Screen and paper. On paper (A4 or Letter: the margins and the widths in mm fit both) each game
// with findings starts a page and its header (a table's <thead>, which the browser repeats on
// every page the game takes) names it on each of its pages; a finding's board and its sentences
// are never split, and the header stays with the game's first lines.

constexpr std::string_view style_sheet = R"css(
:root{color-scheme:light}
body{font:15px/1.45 "DejaVu Sans",system-ui,sans-serif;margin:0 auto;max-width:1180px;padding:0 16px;color:#111;background:#fff}
h1{font-size:1.6em;margin:.6em 0 .2em}h2{font-size:1.25em;margin:0 0 .3em}h3{font-size:1.05em;margin:1em 0 .3em}
header.run p{margin:.2em 0}
.chart svg{width:100%;max-width:660px;height:auto}.chart figcaption{font-weight:bold}
.chart .bar{fill:#4a6fa5;stroke:#111;stroke-width:1}.chart text{font-size:13px}.chart .label{text-anchor:end}
figure{margin:0}
nav.index table{border-collapse:collapse;font-size:.9em}nav.index td,nav.index th{padding:1px 8px;border-bottom:1px solid #ddd;text-align:left;vertical-align:top}
nav.index tr.worst-error td:first-child{border-left:4px double #b00020}nav.index tr.worst-warning td:first-child{border-left:4px dashed #b26a00}
section.game{content-visibility:auto;contain-intrinsic-size:auto 1600px;border-top:3px double #444;margin-top:1.5em;padding-top:.8em}
table.game-page{width:100%;border-collapse:collapse}table.game-page>thead th{text-align:left;font-weight:normal;padding:0 0 .3em}
table.game-page>tbody>tr>td{padding:0}
.where{margin:0;color:#333}.nowrap{white-space:nowrap}
dl.meta{display:grid;grid-template-columns:max-content 1fr;gap:0 12px;margin:.3em 0}dl.meta dt{font-weight:bold}dl.meta dd{margin:0}
.verdict{font-weight:bold;padding:4px 8px;border-left:6px solid #2e7d32;background:#eaf4ea}
.verdict.worst-error{border-left:6px double #b00020;background:#fdecee}.verdict.worst-warning{border-left:6px dashed #b26a00;background:#fff4dc}
.moves{line-height:1.8}.moves .n{color:#555}
.moves a.flag{white-space:nowrap;font-weight:bold;background:#ffe08a;border:1px solid #111;padding:0 3px;text-decoration:none;color:#111}
.moves .unplayed{text-decoration:line-through;color:#555}
.timeline svg{width:100%;height:auto}.timeline .axis{stroke:#111}.timeline .window{fill:url(#hatch);stroke:#111;stroke-width:1}
.timeline .tick{fill:#b00020;stroke:#111}.timeline text{font-size:11px}
.positions{display:grid;grid-template-columns:repeat(auto-fill,minmax(350px,1fr));gap:16px}
.position{border:1px solid #999;padding:8px;break-inside:avoid}
.board{width:100%;max-width:336px;height:auto;display:block}
)css";

// After report::board_css.
constexpr std::string_view style_sheet_after_boards =
    R"css(ul.findings{padding-left:1.1em;margin:.4em 0}ul.findings li{margin:.25em 0;break-inside:avoid}
.sev{font-weight:bold;border:1px solid #111;padding:0 3px;font-size:.85em}.sev-error{background:#f7c6cc}.sev-warning{background:#fde7b0}.sev-info{background:#e7eefc}
.article{font-family:"DejaVu Sans Mono",monospace;font-size:.9em}
@page{margin:10mm}
@media print{
 body{max-width:none;font-size:9.5pt;padding:0}h1{font-size:15pt}h2{font-size:12pt}h3{font-size:10pt;margin:.5em 0 .2em}
 nav.index{display:none}nav.index.sheet{display:block;break-before:page}nav.index table{width:100%}
 nav.index thead{display:table-header-group}nav.index tr{break-inside:avoid}
 .chart{break-inside:avoid}.chart svg{max-width:150mm}
 section.game{break-before:page;border-top:none;margin:0;padding:0;content-visibility:visible}
 table.game-page>thead th{border-bottom:1.5px solid #000}
 dl.meta,.verdict,.timeline{break-after:avoid}dl.meta,.verdict{margin:1mm 0}
 .timeline svg{max-height:22mm}.timeline .note{display:none}
 .moves{line-height:1.5;font-size:8.5pt}
 h3{break-after:avoid}
 .positions{display:block}.position{display:flex;gap:4mm;padding:1.5mm;margin-bottom:2mm}
 .position>.board{flex:0 0 32mm;width:32mm}.position>figcaption{flex:1;min-width:0}
 .position h4{margin:0 0 .5mm}.position p{margin:.5mm 0}.position>figcaption{font-size:8pt}.fen{font-size:7pt}
 ul.findings{margin:.5mm 0}ul.findings li{margin:.5mm 0}
 dl.meta{display:flex;flex-wrap:wrap;gap:0 2mm}
 .chart .bar{fill:#bbb}.moves a.flag{background:none;border:1.5px solid #000}
 .sev{background:none}.board .arrow line{stroke:#000}.board .arrow polygon{fill:#000}
 .timeline .tick{fill:#000}.verdict,.verdict.worst-error,.verdict.worst-warning{border-left-color:#000}
}
)css";

// The game's worst finding, as the class of its verdict banner and sheet row.
std::string_view worst_class(const GameReport& report) {
    audit::Severity worst = audit::Severity::Info;
    for (const Finding& f : report.findings) worst = std::max(worst, f.severity);
    if (report.findings.empty() || worst == audit::Severity::Info) return "worst-none";
    return worst == audit::Severity::Error ? "worst-error" : "worst-warning";
}

// The verdict on the result and, for a draw, why it was drawn: the text report's sentences.
std::string verdict_line(const GameReport& report, Lang lang) {
    std::string line = judge_result(report, lang).text;
    if (const std::string why = draw_reason_sentence(report, lang); !why.empty()) {
        line += ' ';
        line += why;
    }
    return line;
}

class HtmlWriter final : public Writer {
  public:
    HtmlWriter(Output& output, const WriterOptions& options)
        : Writer(output),
          lang_(options.lang),
          max_games_(options.html_max_games),
          all_games_(options.all_games),
          trf_(options.trf),
          warn_(options.warn) {}

    void game(const GameReport& report) override {
        if (std::any_of(report.findings.begin(), report.findings.end(), [](const Finding& f) {
                return f.rule == Rule::ThreefoldClaim && f.route == audit::Route::Appeared;
            }))
            ++threefold_on_board_games_;
        ++games_;
        if (!report.findings.empty()) ++games_with_findings_;
        const bool expanded = !report.findings.empty() && shown_ < max_games_;
        if (expanded) ++shown_;
        // --all-games: every game has its line in the round's sheet; else the index lists the
        // games shown.
        if (expanded || all_games_) write_index_row(report, expanded);
        if (expanded) write_section(report);
        spill(index_);
        spill(sections_);
    }

    // --trf: the TRF's own findings (its errors, the played pairings without a game) in a section
    // of their own after the games, named by the TRF's file; id 0 is no game's.
    void trf_findings(const GameReport& trf) override {
        if (trf.findings.empty()) return;
        out("<section class=\"game trf\" id=\"trf\">\n<h2>");
        esc(say(lang_, Msg::HtmlTrfSection, trf.file));
        out("</h2>\n<ul class=\"findings\">\n");
        for (std::size_t k = 0; k < trf.findings.size(); ++k) write_finding(trf, 0, k, 0);
        out("</ul>\n</section>\n");
        spill(sections_);
    }

    void end(const audit::Summary& summary) override {
        const Lang lang = lang_;
        append(buffer_, "<!DOCTYPE html>\n<html lang=\"");
        append(buffer_, lang_name(lang));
        append(buffer_,
               "\">\n<head>\n<meta charset=\"utf-8\">\n<meta name=\"viewport\" "
               "content=\"width=device-width, initial-scale=1\">\n<title>");
        append_html(buffer_, text(Msg::HtmlTitle, lang));
        append(buffer_, "</title>\n<style>");
        append(buffer_, style_sheet);
        append(buffer_, board_css);
        append(buffer_, style_sheet_after_boards);
        append(buffer_, "</style>\n</head>\n<body>\n");
        // The hatching of the claim windows, defined once for every timeline.
        append(buffer_,
               "<svg width=\"0\" height=\"0\" style=\"position:absolute\" aria-hidden=\"true\">"
               "<defs><pattern id=\"hatch\" width=\"6\" height=\"6\" "
               "patternUnits=\"userSpaceOnUse\" patternTransform=\"rotate(45)\" class=\"hatch\">"
               "<rect width=\"6\" height=\"6\" fill=\"#fff\"/><line x1=\"0\" y1=\"0\" x2=\"0\" "
               "y2=\"6\" stroke=\"#444\" stroke-width=\"3\"/></pattern></defs></svg>\n");
        append(buffer_, "<header class=\"run\">\n<h1>");
        append_html(buffer_, text(Msg::HtmlTitle, lang));
        append(buffer_, "</h1>\n<h2>");
        append_html(buffer_, text(Msg::HtmlSummary, lang));
        append(buffer_, "</h2>\n");
        write_summary_text(summary);
        write_charts(summary);
        append(buffer_, "</header>\n");
        maybe_flush();
        // Block by block from memory or the temporary file: never all of it at once.
        const auto copy = [this](std::string_view block) {
            append(buffer_, block);
            return flush();
        };
        bool whole = true;
        if (!index_.empty()) {
            append(buffer_, all_games_ ? "<nav class=\"index sheet\">" : "<nav class=\"index\">");
            if (all_games_) {
                append(buffer_, "<h2>");
                append_html(buffer_, text(Msg::HtmlSheet, lang));
                append(buffer_, "</h2>");
            }
            append(buffer_, "<table>\n<thead><tr><th>#</th><th>");
            append_html(buffer_, text(Msg::HtmlRound, lang));
            append(buffer_, "</th><th>");
            append_html(buffer_, text(Msg::HtmlColumnGame, lang));
            append(buffer_, "</th><th>");
            append_html(buffer_, text(Msg::HtmlColumnResult, lang));
            append(buffer_, "</th><th>");
            if (trf_) {
                append_html(buffer_, text(Msg::HtmlPairing, lang));
                append(buffer_, "</th><th>");
            }
            append_html(buffer_, text(Msg::HtmlColumnVerdict, lang));
            append(buffer_, "</th><th>");
            append_html(buffer_, text(Msg::HtmlFindings, lang));
            append(buffer_, "</th></tr></thead>\n<tbody>\n");
            whole = index_.replay(copy);
            append(buffer_, "</tbody></table></nav>\n");
        }
        flush();
        whole = sections_.replay(copy) && whole;
        append(buffer_, "</body>\n</html>\n");
        flush();
        if (!whole) mark_failed();  // a temporary file that could not be read back
    }

  private:
    void out(std::string_view s) { append(sections_buffer(), s); }
    void esc(std::string_view s) { append_html(sections_buffer(), s); }
    // Sections go to their own buffer, written after the summary in end().
    fmt::memory_buffer& sections_buffer() { return sections_.memory(); }
    template <typename... Args>
    void outf(fmt::format_string<Args...> format, Args&&... args) {
        fmt::format_to(std::back_inserter(sections_buffer()), format, std::forward<Args>(args)...);
    }

    std::string count(std::uint64_t n) const { return count_text(n, lang_, kNoBreakSpace); }

    std::string players(const GameReport& report) const {
        const auto player = [](std::string_view name, std::string_view elo) {
            std::string s(known_tag(name).empty() ? std::string_view("?") : name);
            if (!known_tag(elo).empty() && elo != "0") s += fmt::format(" ({})", elo);
            return s;
        };
        return player(report.white, report.white_elo) + " \u2013 " +
               player(report.black, report.black_elo);
    }

    void write_summary_text(const audit::Summary& summary) {
        const Lang lang = lang_;
        const auto plural = [&](std::uint64_t n, Msg one, Msg many) {
            return counted_text(n, lang, one, many, kNoBreakSpace);
        };
        append(buffer_, "<p>");
        append_html(buffer_,
                    say(lang, Msg::SummaryRead, plural(summary.games, Msg::GameOne, Msg::GameMany),
                        plural(summary.files, Msg::FileOne, Msg::FileMany),
                        count(summary.games_with_errors), count(summary.games)));
        append_html(buffer_, text(Msg::Period, lang));
        // The same counts as the text report's summary, from the same catalog entries.
        const auto games_with = [&](Rule rule) {
            return count(summary.games_by_rule[static_cast<std::size_t>(rule)]);
        };
        const auto plural_with = [&](Rule rule, Msg one, Msg many) {
            return plural(summary.games_by_rule[static_cast<std::size_t>(rule)], one, many);
        };
        append(buffer_, "</p>\n<p>");
        append_html(buffer_, say(lang, Msg::SummaryClaims,
                                 plural_with(Rule::ThreefoldClaim, Msg::GameOne, Msg::GameMany),
                                 count(threefold_on_board_games_), games_with(Rule::FiftyMoveClaim),
                                 plural_with(Rule::MovesAfterEnd, Msg::GameOne, Msg::GameMany),
                                 plural_with(Rule::EarlyAgreement, Msg::DrawOne, Msg::DrawMany),
                                 games_with(Rule::ThreefoldClaim), games_with(Rule::MovesAfterEnd),
                                 games_with(Rule::EarlyAgreement)));
        append(buffer_, "</p>\n<p>");
        append_html(buffer_,
                    say(lang, Msg::SummaryEndings, games_with(Rule::Checkmate),
                        games_with(Rule::Stalemate), games_with(Rule::DeadPosition),
                        games_with(Rule::FivefoldDraw), games_with(Rule::SeventyFiveMoveDraw),
                        plural_with(Rule::ResultConflict, Msg::GameOne, Msg::GameMany),
                        games_with(Rule::ResultMismatch), games_with(Rule::ResultConflict)));
        if (summary.pairings) {
            append(buffer_, "</p>\n<p>");
            // The catalog's sentence begins a line of the text report: not here.
            const std::string pairings =
                pairing_summary_text(*summary.pairings, lang, kNoBreakSpace);
            append_html(buffer_, std::string_view(pairings).substr(pairings.starts_with('\n')));
        }
        append(buffer_, "</p>\n<p>");
        if (games_with_findings_ == 0) {
            append_html(buffer_, text(Msg::HtmlNoFindings, lang));
        } else {
            append_html(buffer_,
                        say(lang, Msg::HtmlGamesShown, count(shown_), count(games_with_findings_)));
            if (shown_ < games_with_findings_) {
                append(buffer_, " <strong>");
                append_html(buffer_, say(lang, Msg::HtmlGamesLeftOut,
                                         count(games_with_findings_ - shown_), count(max_games_)));
                append(buffer_, "</strong>");
            }
        }
        append(buffer_, "</p>\n");
    }

    // RULES.md "Why each draw happened": the findings by rule, the recorded results and the
    // reasons of the draws (each with its share of the draws), labelled in the reader's language.
    void write_charts(const audit::Summary& summary) {
        const Lang lang = lang_;
        std::vector<Bar> by_rule;
        for (std::size_t i = 0; i < summary.findings.size(); ++i) {
            if (summary.findings[i] == 0) continue;
            by_rule.push_back({std::string(rule_label(static_cast<Rule>(i), lang)),
                               summary.findings[i], count(summary.findings[i])});
        }
        if (!by_rule.empty())
            append_bar_chart(buffer_, text(Msg::HtmlFindingsByRule, lang), by_rule);
        std::vector<Bar> results;
        for (std::size_t i = 0; i < summary.results.size(); ++i) {
            results.push_back(
                {std::string(audit::recorded_result_name(static_cast<audit::RecordedResult>(i))),
                 summary.results[i], count(summary.results[i])});
        }
        if (summary.games > 0) append_bar_chart(buffer_, text(Msg::HtmlResults, lang), results);
        // Shares of the drawn results, as the text report's summary gives them.
        const std::uint64_t draws =
            summary.results[static_cast<std::size_t>(audit::RecordedResult::Draw)];
        std::vector<Bar> reasons;
        for (std::size_t i = 1; i < summary.draw_reasons.size(); ++i) {
            const std::uint64_t n = summary.draw_reasons[i];
            if (n == 0) continue;
            reasons.push_back(
                {std::string(draw_reason_label(static_cast<audit::DrawReason>(i), lang)), n,
                 fmt::format("{} ({})", count(n), percent_text(n, draws, lang, kNoBreakSpace))});
        }
        if (!reasons.empty()) append_bar_chart(buffer_, text(Msg::HtmlDrawReasons, lang), reasons);
    }

    // A game's line in the index (games shown) or the round's sheet (--all-games): its place in
    // the run, its Round tag, the players (linked to its section when it has one), the result, the
    // verdict with the draw reason, and its findings' rules.
    void write_index_row(const GameReport& report, bool expanded) {
        fmt::memory_buffer row;
        fmt::format_to(std::back_inserter(row), "<tr class=\"{}\"><td>{}</td><td>",
                       worst_class(report), games_);
        append_html(row, known_tag(report.round));
        append(row, "</td><td>");
        if (expanded) fmt::format_to(std::back_inserter(row), "<a href=\"#g{}\">", shown_);
        append_html(row, players(report));
        if (expanded) append(row, "</a>");
        append(row, "</td><td>");
        append_html(row, report.result);
        append(row, "</td><td>");
        if (trf_) {
            append_html(row, pairing_cell(report.pairing.get()));
            append(row, "</td><td>");
        }
        append_html(row, verdict_line(report, lang_));
        append(row, "</td><td>");
        std::set<Rule> rules;
        for (const Finding& f : report.findings) rules.insert(f.rule);
        bool first = true;
        for (const Rule rule : rules) {
            if (!first) append(row, ", ");
            first = false;
            fmt::format_to(std::back_inserter(row), "<span class=\"{}\">", audit::rule_id(rule));
            append_html(row, rule_label(rule, lang_));
            append(row, "</span>");
        }
        append(row, "</td></tr>\n");
        append(index_.memory(), std::string_view(row.data(), row.size()));
    }

    // The header every printed page of the game repeats: players and result, then the event,
    // the round and where the record is.
    void write_game_header(const GameReport& report) {
        const Lang lang = lang_;
        out("<thead><tr><th><h2>");
        esc(players(report));
        out("  <span class=\"result\">");
        esc(report.result.empty() ? text(Msg::NoResult, lang) : std::string_view(report.result));
        out("</span></h2><p class=\"where\">");
        std::string event(known_tag(report.event));
        if (!known_tag(report.site).empty())
            event += event.empty() ? std::string(report.site) : " (" + report.site + ")";
        if (!event.empty()) {
            esc(event);
            out(" \u00b7 ");
        }
        if (!known_tag(report.round).empty()) {
            esc(text(Msg::HtmlRound, lang));
            out(" ");
            esc(report.round);
            out(" \u00b7 ");
        }
        out("<span class=\"nowrap\">");
        esc(report.file);
        out(", ");
        esc(say(lang, Msg::GameLabel, report.game));
        out("</span></p></th></tr></thead>\n");
    }

    void write_section(const GameReport& report) {
        const Lang lang = lang_;
        const std::uint64_t id = shown_;
        const ReplayedGame moves = replay(report);
        const int replayed = static_cast<int>(moves.played.size());

        outf("<section class=\"game\" id=\"g{}\">\n<table class=\"game-page\">", id);
        write_game_header(report);
        out("<tbody><tr><td>\n<dl class=\"meta\">");
        if (!known_tag(report.date).empty()) {
            out("<dt>");
            esc(text(Msg::HtmlDate, lang));
            out("</dt><dd>");
            esc(report.date);
            out("</dd>");
        }
        out("<dt>");
        esc(text(Msg::HtmlFile, lang));
        out("</dt><dd>");
        esc(report.file);
        outf(", {} {}, ", text(Msg::HtmlLine, lang), report.line);
        esc(say(lang, Msg::GameLabel, report.game));
        out(" [");
        esc(laws_label(report.laws, lang));
        out("]</dd>");
        if (report.pairing != nullptr) write_pairing(*report.pairing);
        out("</dl>\n");

        outf("<p class=\"verdict {}\">", worst_class(report));
        esc(verdict_line(report, lang));
        out("</p>\n");

        // Which finding each ply's first mention goes to, and the boards (one per position).
        std::map<int, std::size_t> first_finding_at;
        for (std::size_t i = 0; i < report.findings.size(); ++i)
            first_finding_at.emplace(report.findings[i].ply, i);

        write_timeline(report, moves, id);
        write_moves(report, moves, id, first_finding_at);

        out("<h3>");
        esc(text(Msg::HtmlFindings, lang));
        out("</h3>\n<div class=\"positions\">\n");
        std::size_t i = 0;
        std::vector<std::size_t> without_board;
        while (i < report.findings.size()) {
            std::size_t j = i;
            while (j < report.findings.size() && report.findings[j].ply == report.findings[i].ply &&
                   report.findings[j].fen == report.findings[i].fen)
                ++j;
            if (report.findings[i].fen.empty()) {
                for (std::size_t k = i; k < j; ++k) without_board.push_back(k);
            } else {
                write_position(report, moves, id, i, j, replayed);
            }
            i = j;
        }
        out("</div>\n");
        if (!without_board.empty()) {
            out("<ul class=\"findings\">\n");
            for (const std::size_t k : without_board) write_finding(report, id, k, replayed);
            out("</ul>\n");
        }
        out("</td></tr></tbody></table>\n</section>\n");
    }

    // --trf: the index's short form of a game's pairing: the start numbers and result codes.
    std::string pairing_cell(const audit::Pairing* p) const {
        if (p == nullptr) return std::string(text(Msg::None, lang_));
        std::string cell =
            say(lang_, Msg::HtmlPairingCell, p->white_rank, p->black_rank,
                std::string_view(&p->white_code, 1), std::string_view(&p->black_code, 1));
        if (p->matched_by == audit::MatchedBy::Name) cell += text(Msg::HtmlPairingByName, lang_);
        return cell;
    }

    // --trf: the game's pairing as the TRF writes it (names, start numbers, result codes, its
    // line), and whether its players were found by FIDE id or by name alone.
    void write_pairing(const audit::Pairing& p) {
        out("<dt>");
        esc(text(Msg::HtmlPairing, lang_));
        out("</dt><dd class=\"pairing\">");
        esc(say(lang_, Msg::HtmlPairingOf, p.round, p.white, p.white_rank, p.black, p.black_rank,
                std::string_view(&p.white_code, 1), std::string_view(&p.black_code, 1),
                p.trf_line));
        if (p.matched_by) {
            out(" (");
            esc(text(*p.matched_by == audit::MatchedBy::Name ? Msg::HtmlMatchedByName
                                                             : Msg::HtmlMatchedByFideId,
                     lang_));
            out(")");
        }
        out("</dd>");
    }

    // Position `ply` as a person names it: the move that led to it ("36. Kd3", "36... Td8+" in
    // Spanish), its number alone where the record does not replay that far, or the start.
    std::string move_label(const ReplayedGame& game, int ply) const {
        if (ply <= 0) return std::string(text(Msg::StartPosition, lang_));
        const int from_white = ply - 1 + (game.black_first ? 1 : 0);
        const int number = game.first_fullmove + from_white / 2;
        std::string label = fmt::format("{}{}", number, from_white % 2 == 0 ? "." : "...");
        if (ply <= static_cast<int>(game.played.size())) {
            label += ' ';
            label += game.played[static_cast<std::size_t>(ply) - 1];
        }
        return move_for(lang_, label);
    }

    // The title of the board of a finding: the move that led to its position, or the start.
    std::string position_title(const Finding& f) const {
        if (f.ply == 0) return std::string(text(Msg::HtmlBoardStart, lang_));
        if (f.move.empty()) return std::string(text(Msg::HtmlFinalPosition, lang_));
        return say(lang_, Msg::HtmlBoardAfter, move_for(lang_, f.move));
    }

    void write_position(const GameReport& report, const ReplayedGame& game, std::uint64_t id,
                        std::size_t first, std::size_t last, int replayed) {
        const Finding& f = report.findings[first];
        std::vector<BoardArrow> arrows;
        std::vector<std::string> declared;
        for (std::size_t k = first; k < last; ++k) {
            const Finding& g = report.findings[k];
            if (g.rule == Rule::ThreefoldClaim && g.route == audit::Route::Declared) {
                auto more = declared_arrows(g);
                arrows.insert(arrows.end(), more.begin(), more.end());
                declared.insert(declared.end(), g.moves.begin(), g.moves.end());
            }
        }
        outf("<figure class=\"position\" id=\"g{}b{}\">", id, f.ply);
        append_board_svg(sections_buffer(), f.fen, arrows);
        out("<figcaption><h4>");
        esc(position_title(f));
        out("</h4>");
        out("<div class=\"fen\">");
        esc(text(Msg::HtmlFen, lang_));
        out(": ");
        esc(f.fen);
        out("</div>\n<ul class=\"findings\">\n");
        for (std::size_t k = first; k < last; ++k) write_finding(report, id, k, replayed);
        out("</ul>\n");
        // The details a board alone does not show: the occurrences, the declared moves, the
        // fifty-move window.
        std::set<std::string> said;
        for (std::size_t k = first; k < last; ++k) {
            const Finding& g = report.findings[k];
            if (!g.occurrence_moves.empty()) {
                std::string list;
                for (const std::string& move : g.occurrence_moves) {
                    if (!list.empty()) list += ", ";
                    list += move == "start" ? std::string(text(Msg::StartPosition, lang_))
                                            : move_for(lang_, move);
                }
                if (said.insert("o" + list).second) {
                    out("<p>");
                    esc(text(Msg::HtmlOccurrences, lang_));
                    out(" ");
                    esc(list);
                    out("</p>\n");
                }
            }
            if (g.rule == Rule::FiftyMoveClaim) {
                const std::string window =
                    g.until_ply ? say(lang_, Msg::HtmlWindow, move_label(game, g.ply),
                                      move_label(game, *g.until_ply))
                                : say(lang_, Msg::HtmlWindowOpen, move_label(game, g.ply));
                if (said.insert("w" + window).second) {
                    out("<p>");
                    esc(window);
                    out("</p>\n");
                }
            }
        }
        if (!declared.empty()) {
            out("<p>");
            esc(text(Msg::HtmlDeclaredMoves, lang_));
            out(" ");
            for (std::size_t d = 0; d < declared.size(); ++d) {
                if (d > 0) out(", ");
                esc(move_for(lang_, declared[d]));
            }
            out("</p>\n");
        }
        out("</figcaption></figure>\n");
    }

    void write_finding(const GameReport& report, std::uint64_t id, std::size_t index,
                       int replayed) {
        const Finding& f = report.findings[index];
        outf("<li id=\"g{}f{}\">", id, index);
        if (!f.move.empty()) {
            if (f.ply > 0 && f.ply <= replayed) {
                outf("<a href=\"#g{}m{}\">", id, f.ply);
                esc(move_for(lang_, f.move));
                out("</a> ");
            } else {
                out("<strong>");
                esc(move_for(lang_, f.move));
                out("</strong> ");
            }
        }
        const std::string_view article =
            f.article.empty() ? audit::rule_article(f.rule) : std::string_view(f.article);
        if (!article.empty()) {
            out("<span class=\"article\">");
            esc(article);
            out("</span> ");
        }
        outf("<span class=\"sev sev-{}\">", audit::severity_name(f.severity));
        esc(f.severity == audit::Severity::Error     ? text(Msg::ErrorTag, lang_)
            : f.severity == audit::Severity::Warning ? text(Msg::WarningTag, lang_)
                                                     : text(Msg::HtmlInfo, lang_));
        out("</span> ");
        esc(finding_sentence(f, report, lang_));
        outf(" <span class=\"rule {}\">(", audit::rule_id(f.rule));
        esc(rule_label(f.rule, lang_));
        out(")</span></li>\n");
    }

    void write_moves(const GameReport& report, const ReplayedGame& game, std::uint64_t id,
                     const std::map<int, std::size_t>& first_finding_at) {
        out("<h3>");
        esc(text(Msg::HtmlMoves, lang_));
        out("</h3>\n<p class=\"moves\">");
        if (game.played.empty() && game.unplayed.empty() && !report.text.empty() &&
            report.plies > 0) {
            esc(text(Msg::HtmlNoMoves, lang_));
        }
        int number = game.first_fullmove;
        bool black = game.black_first;
        for (std::size_t i = 0; i < game.played.size(); ++i) {
            const int ply = static_cast<int>(i) + 1;
            if (!black) {
                outf("<span class=\"n\">{}.</span> ", number);
            } else if (i == 0) {
                outf("<span class=\"n\">{}...</span> ", number);
            }
            const auto flagged = first_finding_at.find(ply);
            if (flagged != first_finding_at.end()) {
                outf("<a class=\"flag\" id=\"g{}m{}\" href=\"#g{}f{}\">", id, ply, id,
                     flagged->second);
                esc(move_for(lang_, game.played[i]));
                out("\u2009\u2691</a> ");
            } else {
                esc(move_for(lang_, game.played[i]));
                out(" ");
            }
            if (black) ++number;
            black = !black;
        }
        for (const std::string& token : game.unplayed) {
            out("<span class=\"unplayed\">");
            esc(move_for(lang_, token));
            out("</span> ");
        }
        esc(report.movetext_result);
        out("</p>\n");
    }

    // The game along one axis in moves: the claim windows hatched, a linked tick at each finding,
    // the move numbers below.
    void write_timeline(const GameReport& report, const ReplayedGame& game, std::uint64_t id) {
        const int plies = std::max(1, report.plies);
        const int black_first = game.black_first ? 1 : 0;
        const int moves = (report.plies + black_first + 1) / 2;
        constexpr double left = 10, width = 1000, top = 8, band = 26;
        const auto x_of = [&](double ply) { return left + ply * width / plies; };
        out("<div class=\"timeline\"><h3>");
        esc(text(Msg::HtmlTimeline, lang_));
        out("</h3>\n");
        outf(
            "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 {} 70\" role=\"img\" "
            "aria-label=\"",
            left * 2 + width);
        esc(text(Msg::HtmlTimeline, lang_));
        out(": ");
        esc(say(lang_, Msg::HtmlMoveCount, count(static_cast<std::uint64_t>(moves))));
        out("\">");
        outf("<rect x=\"{}\" y=\"{}\" width=\"{}\" height=\"{}\" fill=\"none\" class=\"axis\"/>",
             left, top, width, band);
        for (const Finding& f : report.findings) {
            if (f.rule != Rule::ThreefoldClaim && f.rule != Rule::FiftyMoveClaim) continue;
            const int from = f.ply;
            const int to =
                f.rule == Rule::FiftyMoveClaim ? f.until_ply.value_or(report.plies) : f.ply;
            const double x = x_of(from - 0.5 < 0 ? 0 : from - 0.5);
            const double w = std::max(2.0, x_of(std::min<double>(to + 0.5, plies)) - x);
            outf("<rect class=\"window\" x=\"{:.1f}\" y=\"{}\" width=\"{:.1f}\" height=\"{}\"/>", x,
                 top, w, band);
        }
        for (std::size_t i = 0; i < report.findings.size(); ++i) {
            const Finding& f = report.findings[i];
            const double x = x_of(std::min(f.ply, plies));
            outf("<a href=\"#g{}f{}\"><title>", id, i);
            if (!f.move.empty()) {
                esc(move_for(lang_, f.move));
                out(": ");
            }
            esc(rule_label(f.rule, lang_));
            outf("</title><path class=\"tick\" d=\"M{:.1f} {}l-5 9h10z\"/></a>", x, top + band);
        }
        // A move number every ten moves (five in a short game, twenty in a game of more than a
        // hundred), under the position after White's move of that number.
        const int step = moves > 100 ? 20 : moves > 30 ? 10 : 5;
        for (int move = game.first_fullmove; move <= game.first_fullmove + moves; ++move) {
            if (move % step != 0 && move != game.first_fullmove) continue;
            const int ply = 2 * (move - game.first_fullmove) + 1 - black_first;
            if (ply > plies) break;
            outf("<text x=\"{:.1f}\" y=\"{}\" text-anchor=\"middle\">{}</text>",
                 x_of(std::max(ply, 0)), top + band + 24, move);
        }
        out("</svg>\n<p class=\"note\">");
        esc(text(Msg::HtmlTimelineNote, lang_));
        out("</p></div>\n");
    }

    Lang lang_;
    std::uint64_t max_games_;
    bool all_games_;
    bool trf_;                 // --trf: the index has a column with each game's pairing
    std::uint64_t games_ = 0;  // every game so far: a game's number in the round's sheet
    std::uint64_t games_with_findings_ = 0;
    std::uint64_t shown_ = 0;
    std::uint64_t threefold_on_board_games_ = 0;
    // Moves a part of the page to its temporary file; says so once when it cannot (the page is
    // the same, but its memory is no longer bounded).
    void spill(SpillBuffer& part) {
        const int error = part.maybe_spill();
        if (error == 0 || said_kept_in_memory_ || !warn_) return;
        said_kept_in_memory_ = true;
        warn_(
            fmt::format("html: no temporary file in {} ({}): the report is kept in memory, which "
                        "grows with it (set TMPDIR to a writable directory)",
                        terminal_text(SpillBuffer::directory()), std::strerror(error)));
    }

    std::function<void(std::string_view)> warn_;
    bool said_kept_in_memory_ = false;
    SpillBuffer index_;     // the rows of the index table (the round's sheet with --all-games)
    SpillBuffer sections_;  // the games' sections
};

}  // namespace

std::unique_ptr<Writer> make_html_writer(Output& output, const WriterOptions& options) {
    return std::make_unique<HtmlWriter>(output, options);
}

}  // namespace drawaudit::report
