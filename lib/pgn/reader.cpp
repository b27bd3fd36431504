// The PGN tokenizer and game structure. One pass over the text with a byte-class table; every
// token is a string_view into the text, located by the line and line start kept while scanning.
#include "pgn/reader.hpp"

#include <array>
#include <cstring>
#include <iterator>

#include "pgn/reader_detail.hpp"

namespace drawaudit::pgn {

struct ReaderAccess {
    static void set_depth(Visitor& visitor, std::uint32_t depth) { visitor.depth_ = depth; }
};

namespace detail {

bool tag_line_at(const char* q, const char* end, std::string_view* name) {
    while (q < end && (*q == ' ' || *q == '\t')) ++q;
    if (q == end || *q != '[') return false;
    ++q;
    while (q < end && (*q == ' ' || *q == '\t')) ++q;
    const char* name_begin = q;
    while (q < end && is(*q, kName)) ++q;
    if (q == name_begin) return false;
    const char* name_end = q;
    while (q < end && (*q == ' ' || *q == '\t')) ++q;
    if (q == end || *q != '"') return false;
    if (name != nullptr)
        *name = std::string_view(name_begin, static_cast<std::size_t>(name_end - name_begin));
    return true;
}

}  // namespace detail

namespace {

using namespace detail;

constexpr std::string_view kBom = "\xEF\xBB\xBF";

// The standard numbers of the common move and position glyphs written as text.
int glyph_nag(std::string_view token) {
    struct Glyph {
        std::string_view text;
        int nag;
    };
    static constexpr Glyph glyphs[] = {
        {"!", 1},    {"?", 2},    {"!!", 3},  {"??", 4},  {"!?", 5},   {"?!", 6},
        {"=", 10},   {"~", 13},   {"+=", 14}, {"=+", 15}, {"+/=", 14}, {"=/+", 15},
        {"+/-", 16}, {"-/+", 17}, {"+-", 18}, {"-+", 19},
    };
    for (const Glyph& g : glyphs) {
        if (g.text == token) return g.nag;
    }
    return 0;
}

bool is_result(std::string_view t) {
    return t == "1-0" || t == "0-1" || t == "1/2-1/2";
}

bool is_null_move(std::string_view t) {
    return t == "--" || t == "Z0" || t == "0000" || t == "@@@@";
}

class Parser {
  public:
    Parser(std::string_view text, const TextOrigin& origin, Visitor& visitor)
        : begin_(text.data()),
          end_(text.data() + text.size()),
          p_(text.data()),
          line_(origin.start.line),
          line_start_(
              -static_cast<std::int64_t>(origin.start.column > 0 ? origin.start.column - 1 : 0)),
          offset0_(origin.start.offset),
          visitor_(visitor),
          file_(origin.file),
          next_game_(origin.first_game) {}

    std::uint64_t run() {
        if (offset0_ == 0 &&
            std::string_view(p_, static_cast<std::size_t>(end_ - p_)).starts_with(kBom)) {
            p_ += kBom.size();
            line_start_ = static_cast<std::int64_t>(kBom.size());
        }
        for (;;) {
            skip_blanks();
            if (p_ == end_) break;
            const char c = *p_;
            if (c == '[') {
                tagged_game();
            } else if (c == ';') {
                p_ = line_end(p_);  // a comment line between games belongs to no game
            } else if (c == '\xEF' && starts_with_bom(p_)) {
                p_ += kBom.size();  // the BOM of a concatenated file
            } else if (c == '{' && comments_before_tags()) {
                // Comments between games that a tag section follows belong to no game.
            } else {
                headless_game();
            }
        }
        return games_;
    }

    std::uint32_t line() const { return line_; }

  private:
    // ---- position keeping ----

    TextPos pos(const char* q) const {
        const std::int64_t index = q - begin_;
        return TextPos{line_, static_cast<std::uint32_t>(index - line_start_ + 1),
                       offset0_ + static_cast<std::uint64_t>(index)};
    }

    // `q` points at '\n' or '\r': steps over the line break (CRLF is one) and returns what follows.
    const char* after_break(const char* q) {
        if (*q == '\r' && q + 1 < end_ && q[1] == '\n') ++q;
        ++q;
        ++line_;
        line_start_ = q - begin_;
        return q;
    }

    bool at_line_start(const char* q) const { return q - begin_ == line_start_; }

    // The line break ending the line of `q` (or the end of the text).
    const char* line_end(const char* q) const {
        while (q < end_ && !is(*q, kBreak)) ++q;
        return q;
    }

    bool starts_with_bom(const char* q) const {
        return static_cast<std::size_t>(end_ - q) >= kBom.size() &&
               std::memcmp(q, kBom.data(), kBom.size()) == 0;
    }

    // Skips blanks, line breaks, and '%' escape lines (a '%' in column 1 hides the rest of its
    // line).
    void skip_blanks() {
        const char* q = p_;
        while (q < end_) {
            const auto c = static_cast<unsigned char>(*q);
            if (c == ' ') {
                ++q;
            } else if (kByteClass[c] & kBlank) {
                ++q;
            } else if (kByteClass[c] & kBreak) {
                q = after_break(q);
            } else if (c == '%' && at_line_start(q)) {
                q = line_end(q);
            } else {
                break;
            }
        }
        p_ = q;
    }

    // The end of the game's text: its last non-blank byte before `q`.
    const char* trim_back(const char* q) const {
        while (q > game_begin_ && is(q[-1], kBlank | kBreak)) --q;
        return q;
    }

    // ---- callbacks ----

    void set_depth(std::uint32_t depth) { ReaderAccess::set_depth(visitor_, depth); }

    void start_game(const char* first) {
        game_begin_ = first;
        quiet_ = false;
        tags_ended_ = false;
        variations_ = visitor_.wants_variations();
        set_depth(0);
        ++games_;
        visitor_.begin_game(GameStart{file_, next_game_++, pos(first)});
    }

    void end_tags() {
        if (tags_ended_) return;
        tags_ended_ = true;
        if (visitor_.end_tags() == Control::SkipGame) quiet_ = true;
    }

    void finish_game(const char* text_end) {
        end_tags();
        set_depth(0);
        visitor_.end_game(
            std::string_view(game_begin_, static_cast<std::size_t>(text_end - game_begin_)));
    }

    void error(TextPos at, std::string_view message) {
        if (!quiet_) visitor_.parse_error(ParseError{at, message});
    }

    void move_control(Control control) {
        if (control == Control::SkipGame) quiet_ = true;
    }

    // ---- games ----

    // Looks past comments between games: true (and past them) when a tag section or the end
    // follows, false (and back at the first comment) when movetext follows: a headless game.
    bool comments_before_tags() {
        const char* const saved_p = p_;
        const std::uint32_t saved_line = line_;
        const std::int64_t saved_line_start = line_start_;
        while (p_ < end_ && (*p_ == '{' || *p_ == ';')) {
            if (*p_ == ';') {
                p_ = line_end(p_);
            } else if (skip_brace_comment(p_ + 1) == nullptr) {
                break;  // unterminated: the headless game reports it
            }
            skip_blanks();
            if (p_ == end_ || *p_ == '[') return true;
        }
        p_ = saved_p;
        line_ = saved_line;
        line_start_ = saved_line_start;
        return false;
    }

    void headless_game() {
        start_game(p_);
        end_tags();
        movetext();
    }

    void tagged_game() {
        start_game(p_);
        // Tag names seen so far: a repeated name starts a new game (tag sections without movetext
        // follow each other directly in exports of studies and of pairings).
        struct NameRef {  // trivial, so the array costs nothing to set up per game
            const char* data;
            std::size_t size;
        };
        NameRef names[32];
        std::size_t name_count = 0;
        std::uint64_t name_bits = 0;
        for (;;) {
            // One tag pair at '['.
            const char* const open = p_;
            const char* q = p_ + 1;
            while (q < end_ && (*q == ' ' || *q == '\t')) ++q;
            const char* const name_begin = q;
            while (q < end_ && is(*q, kName)) ++q;
            if (q == name_begin) {
                tag_error(q, "bad tag pair: expected a tag name after '['");
                return;
            }
            const std::string_view name(name_begin, static_cast<std::size_t>(q - name_begin));
            while (q < end_ && (*q == ' ' || *q == '\t')) ++q;
            if (q == end_ || *q != '"') {
                tag_error(q, "bad tag pair: expected '\"' to open the tag value");
                return;
            }
            const std::uint64_t bit =
                std::uint64_t{1} << ((name.size() * 7 + static_cast<unsigned char>(name.back())) &
                                     63);
            if (name_count > 0) {
                bool repeated = name == "Event";
                if (!repeated && (name_bits & bit) != 0) {
                    for (std::size_t i = 0; i < name_count && !repeated; ++i) {
                        repeated = std::string_view(names[i].data, names[i].size) == name;
                    }
                }
                if (repeated) {
                    finish_game(trim_back(p_));
                    return;
                }
            }
            const char* const value_begin = q + 1;
            const char* const close = closing_quote(value_begin);
            if (close == nullptr) {
                tag_error(line_end(value_begin),
                          "bad tag pair: expected '\"]' to close the tag value on its line");
                return;
            }
            q = close + 1;
            while (*q != ']') ++q;  // closing_quote() saw the ']'
            if (!quiet_) {
                visitor_.tag(
                    name,
                    std::string_view(value_begin, static_cast<std::size_t>(close - value_begin)),
                    pos(open));
            }
            p_ = q + 1;
            name_bits |= bit;
            if (name_count < std::size(names))
                names[name_count++] = NameRef{name.data(), name.size()};
            skip_blanks();
            if (p_ == end_) {
                finish_game(trim_back(p_));
                return;
            }
            if (*p_ != '[') break;
        }
        end_tags();
        movetext();
    }

    // Whether the quote at `q` closes a tag value: blanks and ']' follow it.
    bool closes_tag(const char* q) const {
        ++q;
        while (q < end_ && (*q == ' ' || *q == '\t')) ++q;
        return q < end_ && *q == ']';
    }

    // The quote that ends the value starting at `v`, on the same line. First choice: an unescaped
    // quote followed by ']'. Real files also have unescaped quotes inside values (skipped over, as
    // no ']' follows them) and a backslash before the closing quote ([Event "Tournament \"]): then
    // any quote followed by ']'.
    const char* closing_quote(const char* v) const {
        // The common case: the first quote, backslash or line break is a closing quote.
        if (const char* q = find_quote_backslash_or_break(v, end_);
            q < end_ && *q == '"' && closes_tag(q)) {
            return q;
        }
        for (const char* q = v; q < end_ && !is(*q, kBreak); ++q) {
            if (*q == '\\') {
                if (q + 1 < end_ && !is(q[1], kBreak)) ++q;
            } else if (*q == '"' && closes_tag(q)) {
                return q;
            }
        }
        for (const char* q = v; q < end_ && !is(*q, kBreak); ++q) {
            if (*q == '"' && closes_tag(q)) return q;
        }
        return nullptr;
    }

    bool tag_error(const char* at, std::string_view message) {
        error(pos(at), message);
        skip_after_tag_error();
        finish_game(trim_back(p_));
        return false;
    }

    // A line that holds tag pairs only, as far as the skipping cares: it opens a tag pair and its
    // last non-blank byte is ']'.
    bool closed_tag_line(const char* line) const {
        if (!tag_line_at(line, end_)) return false;
        const char* e = line_end(line);
        while (e > line && is(e[-1], kBlank)) --e;
        return e > line && e[-1] == ']';
    }

    // After a broken tag pair: skips the rest of this game's tag section and its movetext. The next
    // game begins at an Event tag line, or at the first tag line after a line that is not a tag
    // line (blank and '%' lines do not count).
    void skip_after_tag_error() {
        const char* line = begin_ + (line_start_ > 0 ? line_start_ : 0);
        bool after_movetext = !closed_tag_line(line);
        const char* q = line_end(p_);
        while (q < end_) {
            q = after_break(q);
            if (q == end_) break;
            std::string_view name;
            if (tag_line_at(q, end_, &name)) {
                if (after_movetext || name == "Event") break;
                if (!closed_tag_line(q)) after_movetext = true;
            } else if (*q != '%') {
                const char* e = line_end(q);
                for (const char* b = q; b < e; ++b) {
                    if (!is(*b, kBlank)) {
                        after_movetext = true;
                        break;
                    }
                }
            }
            q = line_end(q);
        }
        p_ = q;
    }

    // After a syntax error in the movetext: the game ends before the next line that opens a tag
    // pair.
    void skip_to_tag_line() {
        const char* q = line_end(p_);
        while (q < end_) {
            q = after_break(q);
            if (tag_line_at(q, end_)) break;
            q = line_end(q);
        }
        p_ = q;
    }

    // Skips a {} comment whose text starts at `q`. Returns the closing '}' or nullptr when the
    // comment is unterminated: the end of the text, or a line that opens a tag pair (a lost '}'
    // must not swallow the games that follow); p_ is then there.
    const char* skip_brace_comment(const char* q) {
        for (;;) {
            // Most bytes are neither '}' nor a line break: find the next interesting one fast.
            q = find_brace_or_break(q, end_);
            if (q == end_) {
                p_ = q;
                return nullptr;
            }
            if (*q == '}') {
                p_ = q + 1;
                return q;
            }
            q = after_break(q);
            if (tag_line_at(q, end_)) {
                p_ = q;
                return nullptr;
            }
        }
    }

    // The token starting at `t`: the longest run of token bytes.
    const char* token_end(const char* t) const { return detail::token_end(t + 1, end_); }

#if defined(__SSE2__)
    // The token classes of 64 bytes as bit masks (bit i = byte base[i]).
    struct Window {
        const char* base = nullptr;
        std::uint64_t non_token = 0;
        std::uint64_t space = 0;
        std::uint64_t digit = 0;
        std::uint64_t dot = 0;
    };

    // Classifies the 64 bytes at `w` (all readable).
    static void load_window(Window& window, const char* w) {
        window.base = w;
        window.non_token = 0;
        window.space = 0;
        window.digit = 0;
        window.dot = 0;
        for (int k = 0; k < 4; ++k) {
            const char* const q = w + 16 * k;
            const __m128i x = _mm_loadu_si128(reinterpret_cast<const __m128i*>(q));
            const int shift = 16 * k;
            const auto bits = [](__m128i m) {
                return std::uint64_t{static_cast<unsigned>(_mm_movemask_epi8(m))};
            };
            window.non_token |= std::uint64_t{non_token_mask16(q)} << shift;
            window.space |= bits(_mm_cmpeq_epi8(x, _mm_set1_epi8(' '))) << shift;
            const __m128i from_zero = _mm_sub_epi8(x, _mm_set1_epi8('0'));
            window.digit |=
                bits(_mm_cmpeq_epi8(_mm_min_epu8(from_zero, _mm_set1_epi8(9)), from_zero)) << shift;
            window.dot |= bits(_mm_cmpeq_epi8(x, _mm_set1_epi8('.'))) << shift;
        }
    }

    // The common movetext tokens (single spaces, SAN, move numbers) read from bit masks of the
    // text: a shift and a bit scan each, no branch per byte (token lengths are unpredictable, so a
    // byte loop mispredicts at the end of nearly every token). Consecutive 64-byte blocks are
    // classified once each. Returns at p_ when the general code must look: anything else, a
    // token across a block edge, or the last 64 bytes of the text.
    void fast_tokens() {
        // Locals, not members: the visitor's calls would force reloading members after each one.
        Window w = window_;
        const char* p = p_;
        const char* const text_begin = begin_;
        const std::int64_t line_start = line_start_;
        const std::uint32_t line = line_;
        const std::uint64_t offset0 = offset0_;
        Visitor& visitor = visitor_;
        for (;;) {
            std::uintptr_t i =
                reinterpret_cast<std::uintptr_t>(p) - reinterpret_cast<std::uintptr_t>(w.base);
            if (i >= 64) {
                const char* const next = i < 128 ? w.base + 64 : p;
                if (end_ - next < 64) break;
                load_window(w, next);
                i = static_cast<std::uintptr_t>(p - next);
            }
            const std::uint64_t not_space = ~w.space >> i;
            if (not_space == 0) {
                p = w.base + 64;
                continue;
            }
            i += static_cast<std::uintptr_t>(std::countr_zero(not_space));
            const char* const t = w.base + i;
            p = t;
            if (i >= 63) break;
            const auto c = static_cast<unsigned char>(*t);
            const std::uint8_t k = kByteClass[c];
            if (k & kLetter) {
                const std::uint64_t after = w.non_token >> (i + 1);
                if (after == 0 || c == 'Z' || (c == 'e' && t[1] == '.')) break;  // long, Z0, e.p.
                const auto length = static_cast<std::size_t>(std::countr_zero(after)) + 1;
                p = t + length;
                const std::int64_t index = t - text_begin;
                const TextPos at{line, static_cast<std::uint32_t>(index - line_start + 1),
                                 offset0 + static_cast<std::uint64_t>(index)};
                if (visitor.move(std::string_view(t, length), at) == Control::SkipGame) {
                    quiet_ = true;
                    break;
                }
                continue;
            }
            if (k & kDigit) {
                const std::uint64_t not_digit = ~w.digit >> i;
                if (not_digit == 0) break;
                const auto j = i + static_cast<std::uintptr_t>(std::countr_zero(not_digit));
                if (j >= 64 || w.base[j] != '.') break;  // a result, "0-0", or across the edge
                const std::uint64_t not_dot = ~w.dot >> j;
                if (not_dot == 0) break;
                p = w.base + j + std::countr_zero(not_dot);
                continue;
            }
            break;
        }
        p_ = p;
        window_ = w;
    }
#endif

    // Skips a variation whose '(' has been read, with its nested variations and comments, reporting
    // nothing. Returns false when the game ends inside it (p_ at the end, or at a '[' / tag line).
    // `comment_open` receives the position of an unterminated comment, if that is what ended it.
    bool skip_variation(bool& unterminated_comment, TextPos& comment_open) {
        std::uint32_t depth = 1;
        const char* q = p_;
        while (q < end_) {
            const char c = *q;
            if (c == ')') {
                ++q;
                if (--depth == 0) {
                    p_ = q;
                    return true;
                }
            } else if (c == '(') {
                ++depth;
                ++q;
            } else if (c == '{') {
                const TextPos at = pos(q);
                if (skip_brace_comment(q + 1) == nullptr) {
                    unterminated_comment = true;
                    comment_open = at;
                    return false;
                }
                q = p_;
            } else if (c == ';') {
                q = line_end(q);
            } else if (is(c, kBreak)) {
                q = after_break(q);
            } else if (c == '%' && at_line_start(q)) {
                q = line_end(q);
            } else if (c == '[') {
                p_ = q;
                return false;
            } else {
                q = find_variation_special(q + 1, end_);
            }
        }
        p_ = q;
        return false;
    }

    // Reads the movetext of the current game up to and including its end.
    void movetext() {
        std::uint32_t depth = 0;
        TextPos first_open{};  // of the outermost open '('
        for (;;) {
#if defined(__SSE2__)
            if (!quiet_) fast_tokens();
#endif
            skip_blanks();
            if (p_ == end_ || *p_ == '[') {
                // The end of the text, or the next tag section: a game without a termination
                // marker.
                if (depth > 0)
                    error(first_open,
                          "unterminated variation: expected ')' before the end of the game");
                finish_game(trim_back(p_));
                return;
            }
            const char* const t = p_;
            const auto c = static_cast<unsigned char>(*t);
            const std::uint8_t k = kByteClass[c];
            if (k & kLetter) {
                const char* const q = token_end(t);
                p_ = q;
                const std::string_view token(t, static_cast<std::size_t>(q - t));
                if (quiet_) continue;
                if (c == 'Z' && token == "Z0") {
                    move_control(visitor_.null_move(token, pos(t)));
                } else if (c != 'e' || token != "e.p.") {  // a detached en-passant remark
                    move_control(visitor_.move(token, pos(t)));
                }
                continue;
            }
            if (k & kDigit) {
                const char* q = t + 1;
                while (q < end_ && is(*q, kDigit)) ++q;
                if (q < end_ && *q == '.') {  // a move number: "12." "12..." "1.e4"
                    while (q < end_ && *q == '.') ++q;
                    p_ = q;
                    continue;
                }
                q = token_end(t);
                p_ = q;
                const std::string_view token(t, static_cast<std::size_t>(q - t));
                if (is_result(token)) {
                    if (depth > 0) {
                        error(first_open,
                              "unterminated variation: expected ')' before the game termination "
                              "marker");
                    } else if (!quiet_) {
                        visitor_.result(token, pos(t));
                    }
                    finish_game(q);
                    return;
                }
                if (token == "0000") {
                    if (!quiet_) move_control(visitor_.null_move(token, pos(t)));
                    continue;
                }
                if (token.starts_with("0-0")) {  // castling written with zeros
                    if (!quiet_) move_control(visitor_.move(token, pos(t)));
                    continue;
                }
                if (token.find_first_not_of("0123456789") == std::string_view::npos)
                    continue;  // "12" without a dot
                syntax_error(
                    pos(t),
                    "unknown token: expected a move, a move number or a game termination marker");
                return;
            }
            switch (c) {
                case '{': {
                    const TextPos at = pos(t);
                    const char* close = skip_brace_comment(t + 1);
                    if (close == nullptr) {
                        error(at, "unterminated comment: expected '}' before the end of the game");
                        finish_game(trim_back(p_));
                        return;
                    }
                    if (!quiet_)
                        visitor_.comment(
                            std::string_view(t + 1, static_cast<std::size_t>(close - t - 1)), at);
                    continue;
                }
                case ';': {
                    const char* e = line_end(t);
                    p_ = e;
                    if (!quiet_)
                        visitor_.comment(
                            std::string_view(t + 1, static_cast<std::size_t>(e - t - 1)), pos(t));
                    continue;
                }
                case '(': {
                    if (depth == 0) first_open = pos(t);
                    p_ = t + 1;
                    if (quiet_ || !variations_) {
                        bool unterminated_comment = false;
                        TextPos comment_open{};
                        if (!skip_variation(unterminated_comment, comment_open)) {
                            if (unterminated_comment) {
                                error(comment_open,
                                      "unterminated comment: expected '}' before the end of the "
                                      "game");
                            } else {
                                error(first_open,
                                      "unterminated variation: expected ')' before the end of the "
                                      "game");
                            }
                            finish_game(trim_back(p_));
                            return;
                        }
                        continue;
                    }
                    ++depth;
                    set_depth(depth);
                    visitor_.begin_variation(pos(t));
                    continue;
                }
                case ')': {
                    if (depth == 0) {
                        syntax_error(pos(t), "unbalanced ')': no variation is open");
                        return;
                    }
                    p_ = t + 1;
                    if (!quiet_) visitor_.end_variation(pos(t));
                    --depth;
                    set_depth(depth);
                    continue;
                }
                case '$': {
                    const char* q = t + 1;
                    int value = 0;
                    while (q < end_ && is(*q, kDigit)) {
                        if (value < 100000) value = value * 10 + (*q - '0');
                        ++q;
                    }
                    if (q == t + 1) {
                        syntax_error(pos(t), "bad NAG: expected a number after '$'");
                        return;
                    }
                    p_ = q;
                    if (!quiet_) visitor_.nag(value, pos(t));
                    continue;
                }
                case '*': {
                    p_ = t + 1;
                    if (depth > 0) {
                        error(first_open,
                              "unterminated variation: expected ')' before the game termination "
                              "marker");
                    } else if (!quiet_) {
                        visitor_.result(std::string_view(t, 1), pos(t));
                    }
                    finish_game(t + 1);
                    return;
                }
                default:
                    break;
            }
            if (k & kToken) {
                const char* const q = token_end(t);
                const std::string_view token(t, static_cast<std::size_t>(q - t));
                if (token.find_first_not_of('.') == std::string_view::npos) {  // "1 ... e5"
                    p_ = q;
                    continue;
                }
                if (is_null_move(token)) {
                    p_ = q;
                    if (!quiet_) move_control(visitor_.null_move(token, pos(t)));
                    continue;
                }
                if (const int nag = glyph_nag(token)) {
                    p_ = q;
                    if (!quiet_) visitor_.nag(nag, pos(t));
                    continue;
                }
                if (c >= 0x80) {
                    syntax_error(pos(t), "unknown token: non-ASCII text where a move was expected");
                    return;
                }
            }
            if (c == '}') {
                syntax_error(pos(t), "unbalanced '}': no comment is open");
                return;
            }
            syntax_error(pos(t),
                         "unknown token: expected a move, a move number, a comment, a NAG, a "
                         "variation or a game termination marker");
            return;
        }
    }

    void syntax_error(TextPos at, std::string_view message) {
        error(at, message);
        skip_to_tag_line();
        finish_game(trim_back(p_));
    }

    const char* const begin_;
    const char* const end_;
    const char* p_;
    std::uint32_t line_;
    std::int64_t
        line_start_;  // index of the current line's first byte (negative: text[0] is mid-line)
    std::uint64_t offset0_;
    Visitor& visitor_;
    std::string_view file_;
    std::uint64_t next_game_;
    std::uint64_t games_ = 0;
    const char* game_begin_ = nullptr;
    bool quiet_ = false;      // the visitor asked to skip the rest of the game
    bool variations_ = true;  // the visitor wants variations reported
    bool tags_ended_ = false;
#if defined(__SSE2__)
    Window window_;  // the token classes of the 64 bytes last classified
#endif
};

}  // namespace

std::uint64_t parse_games(std::string_view text, const TextOrigin& origin, Visitor& visitor) {
    Parser parser(text, origin, visitor);
    return parser.run();
}

}  // namespace drawaudit::pgn
