// The input games written back unchanged except for a comment `{drawaudit: ...}` after every
// flagged move, with `[%csl ...]` highlights of the squares a repetition turns on, so the file
// opens in any PGN viewer with the findings in place. Findings that stand at no move (the start
// position, the recorded result, unreadable games) go into one comment before the result marker.
#include <algorithm>
#include <iterator>

#include "report/escape.hpp"
#include "report/formats.hpp"
#include "report/notation.hpp"

namespace drawaudit::report {
namespace {

using audit::Finding;
using audit::GameReport;
using audit::Rule;

bool is_token_end(char c) {
    return std::string_view(" \t\r\n{}();[]$%").find(c) != std::string_view::npos;
}

// The SAN of "36. Kd3" ("Kd3"), without check and annotation marks.
std::string_view bare_san(std::string_view move) {
    if (const auto space = move.rfind(' '); space != std::string_view::npos)
        move.remove_prefix(space + 1);
    while (!move.empty() && std::string_view("+#!?").find(move.back()) != std::string_view::npos) {
        move.remove_suffix(1);
    }
    return move;
}

// Where a finding's comment goes: the end of its move token, or npos when the finding stands
// at no move or its recorded offset does not point at that move (the comment then goes to the end).
std::size_t comment_position(const GameReport& report, const Finding& f) {
    if (f.move.empty() || f.ply == 0 || f.offset < report.offset) return std::string::npos;
    const std::uint64_t start = f.offset - report.offset;
    if (start >= report.text.size()) return std::string::npos;
    std::size_t end = static_cast<std::size_t>(start);
    while (end < report.text.size() && !is_token_end(report.text[end])) ++end;
    const std::string_view token(report.text.data() + start, end - static_cast<std::size_t>(start));
    const std::string_view expected = bare_san(f.move);
    if (expected.empty() || bare_san(token).substr(0, expected.size()) != expected)
        return std::string::npos;
    return end;
}

// Where the movetext begins: the first line after the tag pairs that is neither blank nor a tag.
std::size_t movetext_position(std::string_view text) {
    std::size_t line = 0;
    while (line < text.size()) {
        std::size_t first = line;
        while (first < text.size() && (text[first] == ' ' || text[first] == '\t')) ++first;
        const bool blank_or_tag = first >= text.size() || text[first] == '[' ||
                                  text[first] == '\r' || text[first] == '\n';
        if (!blank_or_tag) return first;
        const std::size_t end = text.find('\n', line);
        if (end == std::string_view::npos) return text.size();
        line = end + 1;
    }
    return text.size();
}

// The blank line between games, in the line ending the game's own text uses (CRLF files stay CRLF).
std::string_view game_separator(std::string_view text) {
    const std::size_t newline = text.find('\n');
    return newline != std::string_view::npos && newline > 0 && text[newline - 1] == '\r'
               ? "\r\n\r\n"
               : "\n\n";
}

// Position of the game termination marker at the end of the text (npos if there is none).
std::size_t result_marker_position(std::string_view text) {
    std::size_t end = text.size();
    while (end > 0 && std::string_view(" \t\r\n").find(text[end - 1]) != std::string_view::npos)
        --end;
    for (const std::string_view marker : {"1/2-1/2", "1-0", "0-1", "*"}) {
        if (end >= marker.size() && text.substr(end - marker.size(), marker.size()) == marker) {
            const std::size_t start = end - marker.size();
            if (start == 0 || is_token_end(text[start - 1]) || text[start - 1] == '.') return start;
        }
    }
    return std::string_view::npos;
}

class PgnWriter final : public Writer {
  public:
    using Writer::Writer;

    void game(const GameReport& report) override {
        if (report.text.empty()) return;  // the run did not keep the text (should not happen)
        // Files follow each other in one stream: a file that ends without a blank line would run
        // into the next one's first game.
        if (!told_files_ && given_outside_text_ && report.file != last_file_ && !tail_.empty() &&
            !ends_with_blank_line())
            append(buffer_,
                   ends_with_newline()
                       ? game_separator(report.text).substr(game_separator(report.text).size() / 2)
                       : game_separator(report.text));
        if (report.file != last_file_) last_file_ = report.file;
        placed_.clear();
        loose_.clear();
        starts_.clear();
        for (std::size_t i = 0; i < report.findings.size(); ++i) {
            const Finding& f = report.findings[i];
            const std::size_t at = comment_position(report, f);
            if (at == std::string::npos && f.ply == 0 && f.move.empty() &&
                f.rule != Rule::ResultConflict && f.rule != Rule::ResultMismatch &&
                f.rule != Rule::EarlyAgreement) {
                starts_.push_back(i);  // about the start position: before the first move
            } else if (at == std::string::npos) {
                loose_.push_back(i);
            } else {
                placed_.push_back({at, i});
            }
        }
        // Comments must not go inside a game the reader could not parse: its text is copied as is.
        const bool unparsed =
            std::any_of(report.findings.begin(), report.findings.end(),
                        [](const Finding& f) { return f.rule == Rule::ParseError; });
        if (unparsed) {
            append(buffer_, report.text);
            separate(report.text);
            remember_tail();
            maybe_flush();
            return;
        }
        std::stable_sort(placed_.begin(), placed_.end(),
                         [](const Placement& a, const Placement& b) { return a.at < b.at; });

        const std::string_view text = report.text;
        std::size_t copied = 0;
        if (!starts_.empty()) {
            const std::size_t start = movetext_position(text);
            append(buffer_, text.substr(0, start));
            copied = start;
            write_comment(true, [&](auto&& each) {
                for (const std::size_t k : starts_) each(report.findings[k]);
            });
            buffer_.push_back(' ');
        }
        std::size_t i = 0;
        while (i < placed_.size()) {
            const std::size_t at = placed_[i].at;
            append(buffer_, text.substr(copied, at - copied));
            copied = at;
            std::size_t j = i;
            while (j < placed_.size() && placed_[j].at == at) ++j;
            write_comment(false, [&](auto&& each) {
                for (std::size_t k = i; k < j; ++k) each(report.findings[placed_[k].finding]);
            });
            i = j;
        }
        if (!loose_.empty()) {
            std::size_t marker = result_marker_position(text);
            if (marker == std::string_view::npos || marker < copied) marker = text.size();
            append(buffer_, text.substr(copied, marker - copied));
            copied = marker;
            const bool after_space = marker > 0 && std::string_view(" \t\r\n").find(
                                                       text[marker - 1]) != std::string_view::npos;
            write_comment(after_space, [&](auto&& each) {
                for (const std::size_t k : loose_) each(report.findings[k]);
            });
            if (marker < text.size()) buffer_.push_back(' ');
        }
        append(buffer_, text.substr(copied));
        separate(report.text);
        remember_tail();
        maybe_flush();
    }

    // The run gives the text between the games as it is, their blank lines included: from then
    // on this writer adds no separators of its own, so a file without findings comes out byte
    // for byte as it went in.
    void outside_text(std::string_view text) override {
        given_outside_text_ = true;
        append(buffer_, text);
        remember_tail();
        maybe_flush();  // padding between games can be any length: hold no more than a game
    }

    // Files follow each other in one stream: a file that ends without a blank line would run
    // into the next one's text, so a blank line goes between them; never before the first file,
    // so that a file's leading BOM or blank lines come out as they went in.
    void begin_file(std::string_view file) override {
        told_files_ = true;
        last_file_ = file;
        if (tail_.empty() || ends_with_blank_line()) return;
        const std::string_view newline = tail_.ends_with("\r\n") ? "\r\n" : "\n";
        if (!ends_with_newline()) append(buffer_, newline);
        append(buffer_, newline);
        remember_tail();
    }

    void end(const audit::Summary&) override { flush(); }

  private:
    // The last bytes written, kept across flushes (the buffer empties on each).
    void remember_tail() {
        const std::size_t n = std::min<std::size_t>(buffer_.size(), 4);
        if (n == 0) return;
        tail_.assign(buffer_.data() + buffer_.size() - n, n);
    }
    bool ends_with_newline() const { return tail_.ends_with('\n'); }
    bool ends_with_blank_line() const {
        return tail_.ends_with("\n\n") || tail_.ends_with("\n\r\n");
    }

    void separate(std::string_view text) {
        if (!given_outside_text_) append(buffer_, game_separator(text));
    }

    bool given_outside_text_ = false;
    bool told_files_ = false;  // the run calls begin_file
    std::string last_file_;
    std::string tail_;

    struct Placement {
        std::size_t at;
        std::size_t finding;
    };

    template <typename ForEachFinding>
    void write_comment(bool after_space, ForEachFinding for_each) {
        squares_.clear();
        append(buffer_, after_space ? "{drawaudit: " : " {drawaudit: ");
        bool first = true;
        for_each([&](const Finding& f) {
            if (!first) append(buffer_, "; ");
            first = false;
            fmt::format_to(
                std::back_inserter(buffer_), "{} ({}): ", audit::rule_id(f.rule),
                f.article.empty() ? audit::rule_article(f.rule) : std::string_view(f.article));
            append_comment_text(english_message(f));
            collect_squares(f);
        });
        if (!squares_.empty()) {
            append(buffer_, " [%csl ");
            for (std::size_t k = 0; k < squares_.size(); ++k) {
                if (k > 0) buffer_.push_back(',');
                append(buffer_, squares_[k]);
            }
            buffer_.push_back(']');
        }
        append(buffer_, "}");
    }

    // A closing brace would end the comment early and PGN comments cannot escape it; an opening
    // one confuses some readers.
    void append_comment_text(std::string_view text) {
        comment_.clear();
        append_valid_utf8(comment_, text);
        for (const char c : comment_) buffer_.push_back(c == '}' ? ')' : c == '{' ? '(' : c);
    }

    // Green: the square of the piece that just completed a repetition; yellow: the destination
    // of a move that would complete one (declared claims).
    void collect_squares(const Finding& f) {
        const auto add = [&](char colour, const std::optional<std::string>& square) {
            if (!square) return;
            std::string entry = colour + *square;
            if (std::find(squares_.begin(), squares_.end(), entry) == squares_.end())
                squares_.push_back(entry);
        };
        const bool repetition = f.rule == Rule::ThreefoldClaim || f.rule == Rule::FivefoldDraw;
        if (!repetition) return;
        if (f.route == audit::Route::Declared) {
            for (const std::string& san : f.moves)
                add('Y', destination_square(san, f.side == audit::Side::Black));
        } else {
            add('G', destination_square(f.move, is_black_move(f.move)));
        }
    }

    std::vector<Placement> placed_;
    std::vector<std::size_t> loose_;
    std::vector<std::size_t> starts_;
    std::vector<std::string> squares_;
    fmt::memory_buffer comment_;
};

}  // namespace

std::unique_ptr<Writer> make_pgn_writer(Output& output, const WriterOptions&) {
    return std::make_unique<PgnWriter>(output);
}

}  // namespace drawaudit::report
