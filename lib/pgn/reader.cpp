// The PGN tokenizer and game structure. One pass over the text with a byte-class table; every
// token is a string_view into the text, located by the line and line start kept while scanning.
#include "pgn/reader.hpp"

#include <algorithm>
#include <array>
#include <bit>
#include <cstddef>
#include <cstring>
#include <iterator>
#include <span>
#include <string>

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

// Whether [line, end) is exactly one tag pair named `name` with a plain value: `[name "value"]`,
// blanks allowed around, no quote, backslash or bracket inside the value.
bool repeats_tag_line(const char* line, const char* end, std::string_view name) {
    std::string_view before;
    if (!tag_line_at(line, end, &before) || before != name) return false;
    const char* q = std::find(line, end, '"') + 1;
    while (q < end && *q != '"' && *q != '\\' && *q != '[' && *q != ']') ++q;
    if (end - q < 2 || q[0] != '"') return false;
    ++q;
    while (q < end && (*q == ' ' || *q == '\t')) ++q;
    return end - q == 1 && *q == ']';
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

// How the fast path reads a token from its first byte.
enum : std::uint8_t { kFastOther, kFastMove, kFastNumber };
constexpr std::array<std::uint8_t, 256> kFastStart = [] {
    std::array<std::uint8_t, 256> table{};
    for (int c = 0; c < 256; ++c) {
        const std::uint8_t k = kByteClass[static_cast<std::size_t>(c)];
        // A letter starts a SAN token, except the 'Z' of the null move "Z0".
        if ((k & kLetter) && c != 'Z') table[static_cast<std::size_t>(c)] = kFastMove;
        if (k & kDigit) table[static_cast<std::size_t>(c)] = kFastNumber;
    }
    return table;
}();

// The first bytes of a 4-byte word as memcpy reads them (either byte order), and the masks that
// keep them.
constexpr std::uint32_t word_of(unsigned char a, unsigned char b, unsigned char c = 0) {
    return std::bit_cast<std::uint32_t>(std::array<unsigned char, 4>{a, b, c, 0});
}
constexpr std::uint32_t kCrLfBracket = word_of('\r', '\n', '[');
constexpr std::uint32_t kLfBracket = word_of('\n', '[');
constexpr std::uint32_t kWord3 = word_of(0xFF, 0xFF, 0xFF);
constexpr std::uint32_t kWord2 = word_of(0xFF, 0xFF);

// A hash of a tag name to one of 64 bits that gives the common names (Seven Tag Roster, Elos,
// ECO) bits of their own, with factors that two lea instructions apply.
constexpr std::uint64_t tag_name_bit(std::string_view name) {
    return std::uint64_t{1} << ((name.size() * 8 + static_cast<unsigned char>(name.front()) * 2 +
                                 static_cast<unsigned char>(name.back())) &
                                63);
}
constexpr std::uint64_t kEventBit = tag_name_bit("Event");
// The tag names of a game kept to find a repeated one.
constexpr std::size_t kKeptNames = 32;

bool is_null_move(std::string_view t) {
    return t == "--" || t == "Z0" || t == "0000" || t == "@@@@";
}

class Parser {
  public:
    Parser(std::string_view text, const TextOrigin& origin, Visitor& visitor)
        : begin_(text.data()),
          end_(text.data() + text.size()),
          p_(text.data()),
          line_(static_cast<std::uint32_t>(origin.start.line)),
          line_start_(
              -static_cast<std::int64_t>(origin.start.column > 0 ? origin.start.column - 1 : 0)),
          offset0_(origin.start.offset),
          first_line_(origin.start.line),
          visitor_(visitor),
          file_(origin.file),
          next_game_(origin.first_game),
          limits_(origin.limits) {}

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

    // A TextPos from its two words: GCC builds TextPos{line, column, offset} field by field,
    // merging into a stack slot (a dozen instructions per tag pair).
    static TextPos text_pos(std::uint32_t line, std::uint32_t column, std::uint64_t offset) {
        struct Words {
            std::uint64_t line_column;
            std::uint64_t offset;
        };
        static_assert(sizeof(TextPos) == 16 && offsetof(TextPos, column) == 4);
        if constexpr (std::endian::native == std::endian::little) {
            return std::bit_cast<TextPos>(Words{(std::uint64_t{column} << 32) | line, offset});
        } else {
            return TextPos{line, column, offset};
        }
    }

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
        // A run of separators shorter than 16 bytes (the blank lines between tag section,
        // movetext and games) in one step, its line breaks counted from masks: a byte loop
        // mispredicts at its end and at each break. The loop below reads what follows ('%'
        // lines, DEL bytes, longer runs).
        if (end_ - q >= 16 && static_cast<unsigned char>(*q) <= 0x20) {
            const BlankRun run = blank_run16(q);
            const auto count = static_cast<unsigned>(std::popcount(run.breaks));
            line_ += count;
            // The byte after the last break starts the line.
            const std::int64_t start =
                (q - begin_) + static_cast<std::int64_t>(highest_bit_or_zero(run.breaks)) + 1;
            line_start_ = count != 0 ? start : line_start_;
            q += run.length;
        }
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
        plies_ = 0;
        tags_ended_ = false;
        variations_ = visitor_.wants_variations();
        comments_ = visitor_.wants_comments();
        set_depth(0);
        ++games_;
        const TextPos at = pos(first);
        // line_ counts modulo 2^32 from the text's first line; a text is far shorter than 2^32
        // lines (a chunk), so the whole number is the first line's plus the lines since.
        const std::uint64_t line =
            first_line_ +
            static_cast<std::uint32_t>(at.line - static_cast<std::uint32_t>(first_line_));
        visitor_.begin_game(GameStart{file_, next_game_++, at, line});
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

    void error(TextPos at, PgnProblem problem, std::uint64_t limit = 0) {
        if (!quiet_) visitor_.parse_error(ParseError{at, problem, limit, {}});
    }

    void move_control(Control control) {
        if (control == Control::SkipGame) quiet_ = true;
    }

    // ---- limits (ReaderLimits): past one, a parse error there and the game is read quietly ----

    // A run of moves for the visitor, unless the game passes max_plies within it: then the moves
    // up to the limit, and the error at the first move beyond it.
    Control hand_over(Visitor& visitor, std::span<const MoveToken> run) {
        plies_ += run.size();
        if (plies_ <= limits_.max_plies) [[likely]]
            return visitor.moves(run);
        const std::size_t allowed = run.size() - static_cast<std::size_t>(std::min<std::uint64_t>(
                                                     plies_ - limits_.max_plies, run.size()));
        if (allowed > 0 && visitor.moves(run.first(allowed)) == Control::SkipGame)
            return Control::SkipGame;
        error(run[allowed].pos, PgnProblem::TooManyPlies, limits_.max_plies);
        return Control::SkipGame;
    }
    Control one_move(std::string_view token, TextPos at) {
        const MoveToken move{token, at};
        if (++plies_ <= limits_.max_plies) [[likely]]
            return visitor_.move(token, at);
        --plies_;
        return hand_over(visitor_, {&move, 1});
    }
    // A '(' that opens variation number `depth`: false (and the error) beyond the limit.
    bool depth_allowed(std::uint32_t depth, TextPos at) {
        if (depth <= limits_.max_variation_depth) [[likely]]
            return true;
        error(at, PgnProblem::TooDeep, limits_.max_variation_depth);
        return false;
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
        NameRef names[kKeptNames + 1];
        std::size_t name_count = 0;
        bool spare_used = false;
        std::uint64_t name_bits = 0;
        // The tag pair's '[' and the current line in locals, as in fast_tokens: through the tag()
        // call, members would be stored and reloaded for every tag pair. sync() writes them back
        // before anything that reads the members.
        const char* open = p_;
        std::uint32_t line = line_;
        std::int64_t line_start = line_start_;
        const auto sync = [&] {
            p_ = open;
            line_ = line;
            line_start_ = line_start;
        };
        for (;;) {
            // One tag pair at open ('['). The line feed that ends its line, looked for from the
            // '[' (nullptr: none in the next 32 bytes): the next tag pair's '[' follows it, so the
            // reading of the next one need not wait for the end of this one's value.
            const char* line_feed = nullptr;
            // The quotes, backslashes and line breaks among the 32 bytes from the '[' (bit i for
            // byte i), and where the bytes not looked at begin: the value is then read from the
            // same look.
            std::uint64_t stops = 0;
            const char* unseen = open;
            if (end_ - open > 32) {
                const TagLook look = tag_look32(open);
                if (std::uint64_t i; !no_set_bit(look.line_feeds, i)) line_feed = open + i;
                stops = look.stops;
                unseen = open + 32;
            }
            const char* name_begin = open + 1;
            const char* name_end = common_tag_head(name_begin, end_);
            const char* q = nullptr;  // the opening quote
            if (name_end != nullptr) [[likely]] {
                q = name_end + 1;
            } else {
                q = name_begin;
                while (q < end_ && (*q == ' ' || *q == '\t')) ++q;
                name_begin = q;
                q = tag_name_end(q, end_);
                if (q == name_begin) {
                    sync();
                    tag_error(q, PgnProblem::TagWithoutName);
                    return;
                }
                name_end = q;
                while (q < end_ && (*q == ' ' || *q == '\t')) ++q;
                if (q == end_ || *q != '"') {
                    sync();
                    tag_error(q, PgnProblem::TagValueNotOpened);
                    return;
                }
            }
            const std::string_view name(name_begin,
                                        static_cast<std::size_t>(name_end - name_begin));
            const std::uint64_t bit = tag_name_bit(name);
            // Only a name whose bit is taken can repeat one or be a later "Event" (its bit is
            // set from the first tag pair on): one predictable branch for the others, where the
            // compare with "Event" mispredicted as the name lengths vary.
            if ((name_bits & bit) != 0) [[unlikely]] {
                bool repeated = name == "Event";
                // The spare slot holds the latest unkept name: a name repeating the tag pair just
                // before it is always caught (the chunker cuts there, see check_cut).
                for (std::size_t i = 0; i < name_count + spare_used && !repeated; ++i) {
                    repeated = std::string_view(names[i].data, names[i].size) == name;
                }
                if (repeated) {
                    sync();
                    finish_game(trim_back(p_));
                    return;
                }
            }
            const char* const value_begin = q + 1;
            // The common value: no quote, backslash or line break before its '"]'.
            const char* close;
            const auto value_offset = static_cast<std::uint64_t>(value_begin - open);
            if (std::uint64_t i; value_offset < 32 && !no_set_bit(stops >> value_offset, i)) {
                close = value_begin + i;
            } else {
                close = find_quote_backslash_or_break(value_begin > unseen ? value_begin : unseen,
                                                      end_);
            }
            if (end_ - close >= 2 && close[0] == '"' && close[1] == ']') {
                q = close + 1;
            } else {
                close = closing_quote(value_begin);
                if (close == nullptr) {
                    sync();
                    tag_error(line_end(value_begin), PgnProblem::TagValueNotClosed);
                    return;
                }
                q = close + 1;
                while (*q != ']') ++q;  // closing_quote() saw the ']'
            }
            // (No visitor has asked to skip yet: quiet_ is set only from end_tags on.)
            const std::int64_t index = open - begin_;
            visitor_.tag(
                name, std::string_view(value_begin, static_cast<std::size_t>(close - value_begin)),
                text_pos(line, static_cast<std::uint32_t>(index - line_start + 1),
                         offset0_ + static_cast<std::uint64_t>(index)));
            name_bits |= bit | kEventBit;
            // The first 32 names are kept; later ones go to the spare last slot, unkept.
            names[name_count] = NameRef{name.data(), name.size()};
            spare_used = name_count == kKeptNames;
            name_count += name_count < kKeptNames;
            // The common layout, one tag pair a line: the next opens right after the line break,
            // "\n[" or "\r\n[" (other layouts go through skip_blanks). No '\n' lies between the
            // '[' and q.
            open = q + 1;
            const char* next = nullptr;
            if (line_feed != nullptr) {
                if (line_feed[1] == '[' &&
                    (line_feed == open || (line_feed == open + 1 && *open == '\r')))
                    next = line_feed + 1;
            } else if (end_ - open >= 4) {  // a long line: the two bytes after the ']'
                std::uint32_t word;
                std::memcpy(&word, open, sizeof word);
                if ((word & kWord3) == kCrLfBracket) {
                    next = open + 2;
                } else if ((word & kWord2) == kLfBracket) {
                    next = open + 1;
                }
            }
            if (next != nullptr) {
                ++line;
                line_start = next - begin_;
                open = next;
                continue;
            }
            sync();
            skip_blanks();
            if (p_ == end_) {
                finish_game(trim_back(p_));
                return;
            }
            if (*p_ != '[') break;
            open = p_;
            line = line_;
            line_start = line_start_;
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

    bool tag_error(const char* at, PgnProblem problem) {
        error(pos(at), problem);
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
        const char* previous = line;  // the last line that is not blank (for repeated names)
        const char* q = line_end(p_);
        while (q < end_) {
            q = after_break(q);
            if (q == end_) break;
            std::string_view name;
            if (tag_line_at(q, end_, &name)) {
                if (after_movetext || name == "Event") break;
                // A repeated name starts a new game, as in a tag section (the chunker cuts there).
                if (previous != nullptr && repeats_tag_line(previous, trimmed_end(previous), name))
                    break;
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
            if (trimmed_end(q) != q) previous = q;  // the last line that is not blank
            q = line_end(q);
        }
        p_ = q;
    }

    // The end of the line at `line` without its trailing blanks.
    const char* trimmed_end(const char* line) const {
        const char* e = line_end(line);
        while (e > line && is(e[-1], kBlank)) --e;
        return e;
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

    // The token starting at `t`: the longest run of token bytes. Its first bytes one by one: the
    // tokens the general code reads are mostly short (a result, a glyph), and the vector scan's
    // setup (ten byte classes) costs more than a short token's bytes.
    const char* token_end(const char* t) const {
        const char* q = t + 1;
        for (int k = 0; k < 7; ++k, ++q) {
            if (q == end_ || !is(*q, kToken)) return q;
        }
        return detail::token_end(q, end_);
    }

#if defined(__SSE2__)
    // The byte classes of the 64 bytes at `base`.
    struct Window {
        const char* base = nullptr;
        Masks64 masks;
    };

    // The index of the lowest set bit, 64 when none: a bsf and a conditional move.
    static std::uint64_t first_bit(std::uint64_t m) {
        std::uint64_t index;
        return no_set_bit(m, index) ? 64 : index;
    }

    // Token starts of the window at or after bit `from`: non-separators after a separator, and
    // the byte at `from` itself if it is no separator (whatever came before it was read).
    static std::uint64_t token_starts(const Masks64& m, std::uint64_t from) {
        const std::uint64_t at_or_after = ~std::uint64_t{0} << from;
        return ~m.separator & ((m.separator << 1) | (std::uint64_t{1} << from)) & at_or_after;
    }

    // The positions of the fast path: a TextPos made with a shift and two subtractions, in the
    // two registers that pass it. Its first 8 bytes are line + (column << 32) (x86 is
    // little-endian), and column = address - (address of the byte before the line's first).
    struct FastPositions {
        std::uint64_t line_word;     // (address before the line's first byte << 32) - line
        std::uintptr_t offset_base;  // address of text[0] - its offset in the input

        TextPos at(const char* q) const {
            const auto a = reinterpret_cast<std::uintptr_t>(q);
            struct Words {
                std::uint64_t line_column;
                std::uint64_t offset;
            };
            return std::bit_cast<TextPos>(Words{(a << 32) - line_word, a - offset_base});
        }
        std::uint32_t line() const { return static_cast<std::uint32_t>(0 - line_word); }
        void start_line(std::uintptr_t before_first, std::uint32_t line) {
            line_word = (std::uint64_t{before_first} << 32) - line;
        }
    };
    static_assert(sizeof(TextPos) == 16 && offsetof(TextPos, column) == 4);

    // The common movetext tokens (separators, SAN, move numbers) read from bit masks of the text,
    // 64 bytes at a time. A window of plain movetext (move numbers, moves with the common
    // suffixes, at most one line break) is read whole from its masks: which bytes are numbers,
    // which are moves, and whether anything else is there, with no branch per token (token kinds
    // and lengths are unpredictable, so per-token branches mispredict), then one bit scan per
    // move. The next window starts at the last token that begins in this one, so no token is cut
    // by a window's edge. Anything else in a window goes to the token-by-token reading of its 64
    // bytes (odd tokens, tokens across edges, lone '\r's), then on with the next window. Returns
    // at p_ when the general code must look: anything else, or the last 64 bytes of the text. Not
    // inlined: on its own it keeps its state in registers.
    // Long enough for the moves of most games between two comments (one call of Visitor::moves
    // each), short enough to stay in L1.
    static constexpr std::size_t kMoveRunLength = 128;
    // The most moves a window gives: one byte and a separator each.
    static constexpr std::size_t kWindowMoves = 32;

    // What the whole-window reading of fast_tokens takes from a window's masks.
    struct PlainWindow {
        std::uint64_t separator, starts, move_starts, line_feed, odd;
    };

    [[gnu::always_inline]] static PlainWindow read_plain(const Masks64& m) {
        const std::uint64_t separator = m.separator;
        const std::uint64_t token = ~separator;
        const std::uint64_t starts = token & ((separator << 1) | 1);
        // Move numbers: the runs of digits and dots from a token's first digit, which must end
        // with a dot and be followed by a separator or a move ("12.e4").
        const std::uint64_t number_byte = ~m.not_move_number;
        const std::uint64_t digit = number_byte & m.token_first;
        const std::uint64_t dot = number_byte & ~m.token_first;
        const std::uint64_t number_sum = number_byte + (starts & digit);
        const std::uint64_t after_number = number_sum & ~number_byte;
        const std::uint64_t glued = after_number & m.token_first;
        // Moves: from a token's first letter (or the letter after a move number) to the
        // separator that ends the token; the carry of the sum runs through each.
        const std::uint64_t move_starts = (starts & ~number_byte) | glued;
        const std::uint64_t move_bytes = token & ~(token + move_starts);
        const std::uint64_t line_feed = m.line_feed;
        // What this reading leaves to the token-by-token one: a token of another kind, a number
        // without its dot or followed by something else, a byte in a move that is no letter,
        // digit or common suffix, a separator other than ' ', '\n' and the '\r' of "\r\n", a
        // second line break.
        const std::uint64_t odd =
            (starts & ~m.token_first) | (after_number & ~(dot << 1)) |
            (after_number & ~(separator | m.token_first)) | (move_bytes & m.not_move_byte) |
            (m.odd_separator & ~line_feed & ~(line_feed >> 1)) | (line_feed & (line_feed - 1));
        return PlainWindow{separator, starts, move_starts, line_feed, odd};
    }

    // `plain` (read_plain of the 64 bytes at `p`, masks `m`) read again with the brace comments
    // of those bytes as separators (brace_comments), unless they have none that can be.
    [[gnu::always_inline]] static void read_without_comments(const char* p, const Masks64& m,
                                                             PlainWindow& plain) {
        const std::uint64_t comments = brace_comments(p, m.odd_separator);
        if (comments == 0) return;
        Masks64 folded = m;
        folded.separator |= comments;
        plain = read_plain(folded);
    }

    [[gnu::noinline]] void fast_tokens() {
        // Locals, not members: the visitor's calls would force reloading members after each one.
        Window w;
        const char* p = p_;
        const char* const end = end_;
        Visitor& visitor = visitor_;
        // The address of the byte before the current line's first (columns count from it).
        auto line_base =
            reinterpret_cast<std::uintptr_t>(begin_) + static_cast<std::uintptr_t>(line_start_) - 1;
        auto offset_base = reinterpret_cast<std::uintptr_t>(begin_) - offset0_;
        // One opaque value: GCC would otherwise recompute begin_ - offset0_ from its parts (a
        // reload and two operations) for every move's offset.
        asm("" : "+r"(offset_base));
        FastPositions positions{0, offset_base};
        positions.start_line(line_base, line_);
        // The moves read and not yet handed over (Visitor::moves): one call per run. Left
        // uninitialised (a MoveToken's TextPos would be zeroed for every slot per call).
        union Run {
            Run() {}
            MoveToken tokens[kMoveRunLength];
        } slots;
        MoveToken* const run = slots.tokens;
        MoveToken* slot = run;  // the next free one (a pointer: no index scaling per move)
        // The table's address in a register of its own: GCC otherwise rematerialises it (a lea)
        // for every token.
        const std::uint8_t* fast_start = kFastStart.data();
        asm("" : "+r"(fast_start));
        const auto run_full = [&slot, run] { return slot == run + kMoveRunLength; };
        const bool skip_comments = !comments_;
        for (;;) {
            // A window at p, which is a token's first byte or a separator.
            if (end - p < 64) goto done;
            w = Window{p, classify64(p)};
            std::uint64_t i = 0;  // where in the window the token-by-token reading starts
            {
                // The window read as plain movetext from its masks, or, when that stops at a
                // comment the visitor declines, with its brace comments read as separators (a
                // Lichess export's clock comment after every move would otherwise end the
                // reading at each one). The second reading out of line, through a lambda: inlined,
                // or as a call of a static function, it cost the plain windows of large/ 1 to 9
                // instructions each (callgrind); this way about 2.
                PlainWindow plain = read_plain(w.masks);
                if (plain.odd != 0 && skip_comments) [[unlikely]] {
                    if (p[lowest_bit(plain.odd)] == '{') {
                        [&]() __attribute__((noinline)) {
                            read_without_comments(p, w.masks, plain);
                        }
                        ();
                    }
                }
                const std::uint64_t separator = plain.separator;
                const std::uint64_t starts = plain.starts;
                const std::uint64_t move_starts = plain.move_starts;
                const std::uint64_t line_feed = plain.line_feed;
                const std::uint64_t odd = plain.odd;
                // The tokens before the last one that begins at or before the first odd byte
                // (all the tokens but the last when there is none: it may go on in the next
                // window). Those are complete, and plain.
                const std::uint64_t until = highest_bit_or_zero(starts & (odd ^ (odd - 1)));
                if (until != 0) [[likely]] {
                    if (slot > run + (kMoveRunLength - kWindowMoves - 1)) [[unlikely]] {
                        const Control control =
                            hand_over(visitor, {run, static_cast<std::size_t>(slot - run)});
                        slot = run;
                        if (control == Control::SkipGame) {
                            quiet_ = true;  // the general code goes on quietly from p
                            goto done;
                        }
                    }
                    const std::uint64_t before = (std::uint64_t{1} << until) - 1;
                    // The line break among these bytes, if any (64: none), and the positions
                    // after it.
                    const std::uint64_t feed = first_bit(line_feed & before);
                    const auto feed_address = reinterpret_cast<std::uintptr_t>(p) + feed;
                    const std::uint64_t word_after =
                        (std::uint64_t{feed_address} << 32) - positions.line() - 1;
                    for (std::uint64_t moves = move_starts & before; moves != 0;
                         moves &= moves - 1) {
                        const std::uint64_t t = lowest_bit(moves);
                        const char* const san = p + t;
                        const std::uint64_t word = t > feed ? word_after : positions.line_word;
                        const auto a = reinterpret_cast<std::uintptr_t>(san);
                        struct Words {
                            std::uint64_t line_column;
                            std::uint64_t offset;
                        };
                        *slot = MoveToken{{san, lowest_bit(separator >> t)},
                                          std::bit_cast<TextPos>(
                                              Words{(a << 32) - word, a - positions.offset_base})};
                        ++slot;
                    }
                    if (feed < 64) {
                        positions.line_word = word_after;
                        line_base = feed_address;
                    }
                    // On with the next window at the last token, unless an odd token stopped the
                    // reading before it: then token by token from that odd one, in this window.
                    // The next window's address from the separators alone (opaque, so that GCC
                    // does not take the equal `until`): it need not wait for the checks above.
                    std::uint64_t last = highest_bit_or_zero(starts);
                    if (until == last) {
                        asm("" : "+r"(last));
                        p += last;
                        continue;
                    }
                    p += until;
                    i = until;
                }
            }
            // Token by token from p (bit i), through the window's 64 bytes.
            std::uint64_t starts = token_starts(w.masks, i);
            // Separators other than ' ' not yet looked at, and the first of them (64: none).
            std::uint64_t odd = w.masks.odd_separator & (~std::uint64_t{0} << i);
            auto next_odd = first_bit(odd);
            // Counts the line breaks among the odd separators before bit `limit`.
            const auto count_breaks = [&](std::uint64_t limit) {
                do {
                    const char* const s = w.base + next_odd;
                    // "\r\n" is one break, counted at its '\n'; tabs and other blanks are none.
                    if (*s == '\n' || (*s == '\r' && (s + 1 == end || s[1] != '\n'))) {
                        line_base = reinterpret_cast<std::uintptr_t>(s);
                        positions.start_line(line_base, positions.line() + 1);
                    }
                    odd &= odd - 1;
                    next_odd = first_bit(odd);
                } while (next_odd < limit);
            };
            // A token that goes on past the window: makes the next window current and returns
            // the token's end there, its first byte with a bit in `stops`, or nullptr when the
            // general code must read it (the text's last 64 bytes, or no end in that window).
            const auto end_in_next_window = [&](std::uint64_t Masks64::*stops) -> const char* {
                const char* const next = w.base + 64;
                if (end - next < 64) return nullptr;
                w = Window{next, classify64(next)};
                const std::uint64_t m = w.masks.*stops;
                return m == 0 ? nullptr : next + lowest_bit(m);
            };
            for (;;) {
                std::uint64_t t;
                if (no_set_bit(starts, t)) {
                    // Separators up to the window's end: on from the next window (the byte
                    // before it is a separator).
                    if (next_odd < 64) count_breaks(64);
                    p = w.base + 64;
                    break;
                }
                starts &= starts - 1;
                if (next_odd < t) count_breaks(t);
            token:
                const char* const token = w.base + t;
                const std::uint8_t kind = fast_start[static_cast<unsigned char>(*token)];
                if (kind == kFastMove) {
                    // The bytes after the token's first that end it, as indexes in the window
                    // (~1 << t, not a shift by t + 1, which may be 64).
                    const std::uint64_t after = w.masks.not_move_byte & (~std::uint64_t{1} << t);
                    std::uint64_t end_index;
                    const bool ends_here = !no_set_bit(after, end_index);
                    const char* q = nullptr;
                    if (ends_here && static_cast<unsigned char>(w.base[end_index]) <= 0x20) {
                        // The token ends at a separator in this window.
                        *slot = MoveToken{{token, end_index - t}, positions.at(token)};
                        if (++slot, run_full()) [[unlikely]] {
                            slot = run;
                            if (hand_over(visitor, {run, kMoveRunLength}) == Control::SkipGame)
                                goto skip_game;
                        }
                        continue;
                    }
                    if (after != 0) {
                        q = w.base + end_index;
                    } else {
                        // The token goes on in the next window (or is longer than 64 bytes).
                        q = end_in_next_window(&Masks64::not_move_byte);
                        if (q == nullptr) {
                            p = token;
                            goto done;
                        }
                    }
                    // The token may go on with other token bytes ("e4!?", "exd6e.p.").
                    while (q < end && is(*q, kToken)) ++q;
                    const std::string_view san(token, static_cast<std::size_t>(q - token));
                    if (san == "e.p.") {
                        p = token;  // a detached en-passant remark: the general code
                        goto done;
                    }
                    *slot = MoveToken{san, positions.at(token)};
                    p = q;
                    if (++slot, run_full()) {
                        slot = run;
                        if (hand_over(visitor, {run, kMoveRunLength}) == Control::SkipGame) {
                            quiet_ = true;
                            goto done;
                        }
                    }
                    // On from q with a new window, or to the general code.
                    break;
                }
                if (kind == kFastNumber) {
                    // A move number ("12.", "12...", also "1.2." which the general code reads as
                    // two): digits and dots ending with a dot.
                    std::uint64_t length;
                    if (no_set_bit(w.masks.not_move_number >> t, length)) {
                        // The number goes on in the next window ("12" | ". e4", "1." | "e4"): read
                        // on there, the same step as for a move across the edge, rather than
                        // leave the fast path (and end the run of moves) for it.
                        const char* const q = end_in_next_window(&Masks64::not_move_number);
                        if (q == nullptr || q[-1] != '.') {  // a result, "0-0", or something odd
                            p = token;
                            goto done;
                        }
                        p = q;  // on from the number's end: a separator or the move of "1.e4"
                        break;
                    }
                    t += length;
                    if (w.base[t - 1] != '.') {  // a result, "0-0", or something odd
                        p = token;
                        goto done;
                    }
                    if (static_cast<unsigned char>(w.base[t]) > 0x20) goto token;  // "1.e4"
                    continue;
                }
                if (*token == '{' && skip_comments) {
                    // A comment the visitor does not want, on one line ("{ [%clk 0:03:00] }"
                    // after every move of a Lichess export): its end found 16 bytes at a time,
                    // and the run of moves goes on. One with a line break, which a tag line may
                    // end, goes to the general code.
                    const char* const close = find_brace_or_break(token + 1, end);
                    if (close == end || *close != '}') {
                        p = token;
                        goto done;
                    }
                    p = close + 1;
                    break;  // on from p with a new window
                }
                p = token;
                goto done;
            }
            continue;  // from p with a new window
        skip_game:
            // The visitor skips the rest of the game: the general code goes on quietly from the
            // next token (nothing but separators lies before it; q is gone with the call).
            quiet_ = true;
            p = w.base + 64;
            if (starts != 0) p = w.base + lowest_bit(starts);
            if (next_odd < static_cast<std::uint64_t>(p - w.base))
                count_breaks(static_cast<std::uint64_t>(p - w.base));
            goto done;
        }
    done:
        // The general code goes on after these moves: they are handed over first. A SkipGame
        // among them skips the rest of the game from p (only moves and move numbers lie between).
        if (slot != run &&
            hand_over(visitor, {run, static_cast<std::size_t>(slot - run)}) == Control::SkipGame)
            quiet_ = true;
        p_ = p;
        line_ = positions.line();
        line_start_ =
            static_cast<std::int64_t>(line_base + 1 - reinterpret_cast<std::uintptr_t>(begin_));
    }
#endif

    // Skips a variation whose '(' has been read, with its nested variations and comments, reporting
    // nothing. Returns false when the game ends inside it (p_ at the end, or at a '[' / tag line).
    // `comment_open` receives the position of an unterminated comment, if that is what ended it.
    // Past max_variation_depth (counted from `outer_depth`, the depth of the variation it is in)
    // it stops at the '(' beyond, with the error and `depth_exceeded` set.
    bool skip_variation(bool& unterminated_comment, TextPos& comment_open,
                        std::uint32_t outer_depth, bool& depth_exceeded) {
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
                if (depth + outer_depth > limits_.max_variation_depth) [[unlikely]] {
                    depth_allowed(depth + outer_depth, pos(q - 1));
                    p_ = q;
                    depth_exceeded = true;
                    return false;
                }
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
                if (depth > 0) error(first_open, PgnProblem::UnterminatedVariation);
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
                    move_control(one_move(token, pos(t)));
                }
                continue;
            }
            if (k & kDigit) {
                const char* q = t + 1;
                while (q < end_ && is(*q, kDigit)) ++q;
                if (q < end_ && *q == '.') {  // a move number: "12." "12..." "1.e4"
                    // ... unless it is "0.5-0.5" ending the movetext, a score written out.
                    if (q + 1 < end_ && is(q[1], kDigit) && odd_marker_at(t, depth)) return;
                    while (q < end_ && *q == '.') ++q;
                    p_ = q;
                    continue;
                }
                q = token_end(t);
                p_ = q;
                const std::string_view token(t, static_cast<std::size_t>(q - t));
                if (is_result(token)) {
                    if (depth > 0) {
                        error(first_open, PgnProblem::UnterminatedVariationAtMarker);
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
                // A last "0-0" may be a double forfeit's marker as broadcasts write it.
                if (token == "0-0" && odd_marker(token, t, q, depth)) return;
                if (token.starts_with("0-0")) {  // castling written with zeros
                    if (!quiet_) move_control(one_move(token, pos(t)));
                    continue;
                }
                if (token.find_first_not_of("0123456789") == std::string_view::npos)
                    continue;                                // "12" without a dot
                if (odd_marker(token, t, q, depth)) return;  // "1:0", "0.5-0.5"
                syntax_error(pos(t), PgnProblem::UnknownTokenInMoves);
                return;
            }
            switch (c) {
                case '{': {
                    const TextPos at = pos(t);
                    const char* close = skip_brace_comment(t + 1);
                    if (close == nullptr) {
                        error(at, PgnProblem::UnterminatedComment);
                        finish_game(trim_back(p_));
                        return;
                    }
                    if (!quiet_ && comments_)
                        visitor_.comment(
                            std::string_view(t + 1, static_cast<std::size_t>(close - t - 1)), at);
                    continue;
                }
                case ';': {
                    const char* e = line_end(t);
                    p_ = e;
                    if (!quiet_ && comments_)
                        visitor_.comment(
                            std::string_view(t + 1, static_cast<std::size_t>(e - t - 1)), pos(t));
                    continue;
                }
                case '(': {
                    if (depth == 0) first_open = pos(t);
                    if (!depth_allowed(depth + 1, pos(t))) {
                        skip_to_tag_line();
                        finish_game(trim_back(p_));
                        return;
                    }
                    p_ = t + 1;
                    if (quiet_ || !variations_) {
                        bool unterminated_comment = false;
                        TextPos comment_open{};
                        bool depth_exceeded = false;
                        if (!skip_variation(unterminated_comment, comment_open, depth,
                                            depth_exceeded)) {
                            if (depth_exceeded) {
                                skip_to_tag_line();
                                finish_game(trim_back(p_));
                                return;
                            }
                            if (unterminated_comment) {
                                error(comment_open, PgnProblem::UnterminatedComment);
                            } else {
                                error(first_open, PgnProblem::UnterminatedVariation);
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
                        syntax_error(pos(t), PgnProblem::UnbalancedParenthesis);
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
                        syntax_error(pos(t), PgnProblem::BadNag);
                        return;
                    }
                    p_ = q;
                    if (!quiet_) visitor_.nag(value, pos(t));
                    continue;
                }
                case '*': {
                    p_ = t + 1;
                    if (depth > 0) {
                        error(first_open, PgnProblem::UnterminatedVariationAtMarker);
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
                    if (odd_marker(token, t, q, depth)) return;  // "½-½"
                    syntax_error(pos(t), PgnProblem::NonAsciiToken);
                    return;
                }
            }
            if (c == '}') {
                syntax_error(pos(t), PgnProblem::UnbalancedBrace);
                return;
            }
            syntax_error(pos(t), PgnProblem::UnknownToken);
            return;
        }
    }

    // The last token of the main line's movetext (only blanks follow it up to the next tag
    // section or the end of the text), offered to the visitor as a termination marker written
    // another way (Visitor::odd_result). True: taken, and the game ends there.
    bool odd_marker(std::string_view token, const char* t, const char* q, std::uint32_t depth) {
        if (depth > 0 || quiet_) return false;
        const char* after = q;
        while (after < end_ && (is(*after, kBlank) || is(*after, kBreak))) ++after;
        if (after != end_ && *after != '[') return false;
        if (!visitor_.odd_result(token, pos(t))) return false;
        p_ = q;
        finish_game(q);
        return true;
    }

    bool odd_marker_at(const char* t, std::uint32_t depth) {
        const char* const q = token_end(t);
        return odd_marker(std::string_view(t, static_cast<std::size_t>(q - t)), t, q, depth);
    }

    void syntax_error(TextPos at, PgnProblem problem) {
        error(at, problem);
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
    std::uint64_t first_line_;  // the whole line number of text[0]
    Visitor& visitor_;
    std::string_view file_;
    std::uint64_t next_game_;
    std::uint64_t games_ = 0;
    const char* game_begin_ = nullptr;
    const ReaderLimits limits_;
    std::uint64_t plies_ = 0;  // move tokens handed over in this game
    bool quiet_ = false;       // the visitor asked to skip the rest of the game
    bool variations_ = true;   // the visitor wants variations reported
    bool comments_ = true;     // the visitor wants comments reported
    bool tags_ended_ = false;
};

}  // namespace

std::uint64_t parse_games(std::string_view text, const TextOrigin& origin, Visitor& visitor) {
    Parser parser(text, origin, visitor);
    return parser.run();
}

namespace {
constexpr std::array<std::string_view, PgnProblemCount> pgn_problem_ids = {
    "tag-without-name",
    "tag-value-not-opened",
    "tag-value-not-closed",
    "unknown-token-in-moves",
    "unknown-token",
    "non-ascii-token",
    "unterminated-comment",
    "unterminated-variation",
    "unterminated-variation-at-marker",
    "unbalanced-parenthesis",
    "unbalanced-brace",
    "bad-nag",
    "too-many-plies",
    "too-deep",
    "game-too-long",
    "input-ends-inside-game",
};
static_assert(static_cast<int>(PgnProblem::InputEndsInsideGame) + 1 == PgnProblemCount);
}  // namespace

std::string_view pgn_problem_id(PgnProblem problem) {
    return pgn_problem_ids[static_cast<std::size_t>(problem)];
}

}  // namespace drawaudit::pgn
