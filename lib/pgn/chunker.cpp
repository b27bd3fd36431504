// Streaming: a buffer refilled from the source and cut only where a game certainly begins, so
// that every piece parses exactly as it would inside the whole text.
#include <algorithm>
#include <cstring>
#include <string>

#include "pgn/reader.hpp"
#include "pgn/reader_detail.hpp"

namespace drawaudit::pgn {
namespace {

using namespace detail;

// Reads of up to 1 MiB (fewer system calls), smaller for small chunk targets.
constexpr std::size_t kReadBlock = std::size_t{1} << 20;
constexpr std::size_t kMinReadBlock = std::size_t{4} << 10;
constexpr std::size_t kNoCut = static_cast<std::size_t>(-1);
// What is kept of a skipped oversized game to judge the next cut (its previous lines).
constexpr std::size_t kSkipContext = std::size_t{64} << 10;
// A run of padding between games this long is cut off from the game before it and handed out on
// its own (see GameChunker in reader.hpp); shorter runs stay in their chunk, as they always have.
constexpr std::size_t kLongPadding = std::size_t{64} << 10;

// Blanks, line breaks, NUL and other control bytes: what the parser skips between games.
bool is_padding(char c) {
    return is(c, kBlank | kBreak);
}

// Line breaks in [b, e): '\n', and a '\r' not followed by '\n' (CRLF counts once, a lone CR
// once). `limit` bounds the look at e[0]. With SSE2: per 16 bytes, the '\n' lanes plus the '\r'
// lanes whose next byte is no '\n', summed in byte counters every 255 blocks (a fraction of an
// instruction per byte; a memchr per CR cost ~40 instructions per line of a CRLF file).
std::uint64_t count_breaks(const char* b, const char* e, const char* limit) {
    std::uint64_t n = 0;
#if defined(__SSE2__)
    const __m128i newline = _mm_set1_epi8('\n');
    const __m128i carriage = _mm_set1_epi8('\r');
    // b + 16 < limit: the look at the next byte of the last lane stays inside the buffer.
    while (limit - b > 16 && e - b >= 16) {
        const std::size_t blocks =
            std::min<std::size_t>(static_cast<std::size_t>(std::min(e, limit - 1) - b) / 16, 255);
        if (blocks == 0) break;
        __m128i counts = _mm_setzero_si128();
        // Unrolled: the loop's own compare, branch and register copy cost as much as a third of
        // its vector work per block.
#pragma GCC unroll 8
        for (std::size_t i = 0; i < blocks; ++i, b += 16) {
            const __m128i x = _mm_loadu_si128(reinterpret_cast<const __m128i*>(b));
            const __m128i next = _mm_loadu_si128(reinterpret_cast<const __m128i*>(b + 1));
            const __m128i lone_cr =
                _mm_andnot_si128(_mm_cmpeq_epi8(next, newline), _mm_cmpeq_epi8(x, carriage));
            counts = _mm_sub_epi8(counts, _mm_cmpeq_epi8(x, newline));  // +1 where '\n'
            counts = _mm_sub_epi8(counts, lone_cr);                     // +1 where a lone '\r'
        }
        const __m128i sums = _mm_sad_epu8(counts, _mm_setzero_si128());
        n += static_cast<std::uint64_t>(_mm_cvtsi128_si64(sums)) +
             static_cast<std::uint64_t>(_mm_cvtsi128_si64(_mm_unpackhi_epi64(sums, sums)));
    }
#endif
    for (; b < e; ++b) {
        if (*b == '\n' || (*b == '\r' && (b + 1 >= limit || b[1] != '\n'))) ++n;
    }
    return n;
}

// NUL bytes in [b, e): one memchr for the text of a normal file.
std::uint64_t count_nuls(const char* b, const char* e) {
    std::uint64_t n = 0;
    while (b < e) {
        const auto* nul =
            static_cast<const char*>(std::memchr(b, 0, static_cast<std::size_t>(e - b)));
        if (nul == nullptr) break;
        b = nul;
        while (b < e && *b == 0) ++b, ++n;
    }
    return n;
}

// Watches a parse for whether its last game ended with its termination marker.
class GameEndWatcher final : public Visitor {
  public:
    bool wants_variations() const override { return false; }
    bool wants_comments() const override { return false; }
    void begin_game(const GameStart&) override { marker_end_ = nullptr; }
    void result(std::string_view marker, TextPos) override {
        marker_end_ = marker.data() + marker.size();
    }
    void end_game(std::string_view text) override {
        last_end_ = text.data() + text.size();
        last_ended_by_marker_ = marker_end_ == last_end_;
    }
    // Whether the last game's text ends at `at` with its termination marker.
    bool marker_ends_last_game_at(const char* at) const {
        return last_ended_by_marker_ && last_end_ == at;
    }

  private:
    const char* marker_end_ = nullptr;
    const char* last_end_ = nullptr;
    bool last_ended_by_marker_ = false;
};

enum class CutCheck { Cut, NoCut, NothingBefore };

// Whether the text can be cut at `ls` (a line start inside [b, e), b being a line start): see
// the GameChunker comment in reader.hpp. NothingBefore: only blanks precede ls.
CutCheck check_cut(const char* b, const char* e, const char* ls) {
    std::string_view name;
    if (!tag_line_at(ls, e, &name)) return CutCheck::NoCut;
    const char* q = ls;
    while (q > b && is(q[-1], kBlank | kBreak)) --q;
    if (q == b) return CutCheck::NothingBefore;
    if (name == "Event") return CutCheck::Cut;  // an Event tag always opens a new game
    const char* line = q - 1;
    while (line > b && !is(line[-1], kBreak)) --line;
    if (q[-1] == ']') {
        // Perhaps the tag section before goes on; but not when the line before is one tag pair
        // of the same name: a repeated name always starts a new game, so files of tag-only
        // records ([Site "x"] again and again) are cut too, and never held whole.
        return repeats_tag_line(line, q, name) ? CutCheck::Cut : CutCheck::NoCut;
    }
    // A '%' escape line could hide a ']' of that tag section.
    return *line == '%' ? CutCheck::NoCut : CutCheck::Cut;
}

// The line start before the '[' at `bracket`, or nullptr when other bytes precede it on its line.
const char* line_start_of(const char* b, const char* bracket) {
    const char* ls = bracket;
    while (ls > b && (ls[-1] == ' ' || ls[-1] == '\t')) --ls;
    if (ls == b) return b;
    return is(ls[-1], kBreak) ? ls : nullptr;
}

// The last cut in [b, e) whose '[' lies at or after b + from; kNoCut if none.
std::size_t last_cut(const char* b, const char* e, std::size_t from) {
    const char* hi = e;
    const char* lo = b + from;
    while (hi > lo) {
        const auto* bracket =
            static_cast<const char*>(memrchr(lo, '[', static_cast<std::size_t>(hi - lo)));
        if (bracket == nullptr) break;
        hi = bracket;
        const char* ls = line_start_of(b, bracket);
        if (ls == nullptr || ls == b) continue;
        const CutCheck check = check_cut(b, e, ls);
        if (check == CutCheck::Cut) return static_cast<std::size_t>(ls - b);
        if (check == CutCheck::NothingBefore) break;  // no earlier line can be a cut either
    }
    return kNoCut;
}

// The first cut in [b, e); kNoCut if none.
std::size_t first_cut(const char* b, const char* e) {
    const char* q = b;
    while (q < e) {
        const auto* bracket =
            static_cast<const char*>(std::memchr(q, '[', static_cast<std::size_t>(e - q)));
        if (bracket == nullptr) break;
        q = bracket + 1;
        const char* ls = line_start_of(b, bracket);
        if (ls == nullptr || ls == b) continue;
        if (check_cut(b, e, ls) == CutCheck::Cut) return static_cast<std::size_t>(ls - b);
    }
    return kNoCut;
}

}  // namespace

WindowCut find_cut_in_window(std::string_view window, std::size_t from, bool begins_file,
                             bool ends_file) {
    using Kind = WindowCut::Kind;
    const char* b = window.data();
    const char* e = b + window.size();
    const char* q = b + std::min(from, window.size());
    while (q < e) {
        const auto* bracket =
            static_cast<const char*>(std::memchr(q, '[', static_cast<std::size_t>(e - q)));
        if (bracket == nullptr) break;
        q = bracket + 1;
        const char* ls = line_start_of(b, bracket);
        if (ls == nullptr) continue;  // other bytes before it on its line
        if (ls == b && !begins_file) return {Kind::NeedBefore};
        if (ls < b + from) continue;  // its line starts before the boundary
        // The candidate line must be whole in the window to be judged as the whole file would.
        const char* line_end = ls;
        while (line_end < e && !is(*line_end, kBreak)) ++line_end;
        if (line_end == e && !ends_file) return {Kind::NeedAfter};
        std::string_view name;
        if (!tag_line_at(ls, e, &name)) continue;
        const auto found = WindowCut{Kind::Found, static_cast<std::size_t>(ls - b)};
        if (name == "Event") return found;
        const char* before = ls;
        while (before > b && is(before[-1], kBlank | kBreak)) --before;
        if (before == b) {
            if (!begins_file) return {Kind::NeedBefore};
            return found;  // only blanks since the file's start
        }
        if (before[-1] == ']') continue;
        const char* line = before - 1;
        while (line > b && !is(line[-1], kBreak)) --line;
        if (line == b && !begins_file) return {Kind::NeedBefore};
        if (*line != '%') return found;
    }
    return {ends_file ? Kind::NoneToEnd : Kind::NeedAfter};
}

GameChunker::GameChunker(ByteSource& source, std::size_t target_bytes, std::size_t max_game_bytes)
    : source_(source),
      target_(std::max<std::size_t>(target_bytes, 1)),
      max_game_(std::max(max_game_bytes, 2 * kSkipContext)) {}

tl::expected<bool, IoError> GameChunker::fill(std::size_t want) {
    const std::size_t block = std::clamp(target_, kMinReadBlock, kReadBlock);
    while (!eof_ && end_ - begin_ < want) {
        if (buffer_.size() - end_ < block) {
            // Move the unconsumed tail to the front only when that frees at least as much as it
            // copies: compaction stays linear in the input, whatever the chunk size.
            if (begin_ > 0 && begin_ >= end_ - begin_) {
                std::memmove(buffer_.data(), buffer_.data() + begin_, end_ - begin_);
                end_ -= begin_;
                begin_ = 0;
            }
            if (buffer_.size() - end_ < block) {
                // Doubling for amortised growth, but never far beyond what the limit can need.
                const std::size_t needed = std::max(end_ + block, begin_ + want);
                const std::size_t ceiling = begin_ + max_game_ + 2 * block;
                buffer_.resize(std::max(needed, std::min(buffer_.size() * 2, ceiling)));
            }
        }
        // At most a block per read: chunks stay near their target and the buffer near its limit.
        auto n = source_.read(buffer_.data() + end_, std::min(buffer_.size() - end_, block));
        if (!n) {
            pending_error_ = n.error();
            eof_ = true;  // what was read so far is still handed out (next_view)
            break;
        }
        if (*n == 0) eof_ = true;
        end_ += *n;
        read_offset_ += *n;
    }
    return true;
}

void GameChunker::consume(std::size_t n) {
    const char* b = buffer_.data() + begin_;
    const char* e = b + n;
    line_ += count_breaks(b, e, buffer_.data() + end_);
    nul_bytes_ += count_nuls(b, e);
    // The column of the next byte: cuts fall at line starts but after a run of padding that
    // follows a game on its line.
    const char* line_start = e;
    while (line_start > b && !is(line_start[-1], kBreak)) --line_start;
    const std::uint64_t into_line =
        static_cast<std::uint64_t>(e - line_start) + (line_start == b ? column_ : 1);
    column_ = static_cast<std::uint32_t>(std::min<std::uint64_t>(into_line, UINT32_MAX));
    offset_ += n;
    begin_ += n;
    searched_ = 0;
}

// Whether the text [b, padding), a chunk's beginning up to a run of padding, ends with a game's
// termination marker: then every sequential parse is between games at `padding`, and a cut there
// parses the same. (A parse, but only when a run of padding is long or a game passes its limit.)
bool GameChunker::ends_between_games(const char* b, const char* padding) {
    const std::uint64_t to = offset_ + static_cast<std::uint64_t>(padding - b);
    if (between_from_ == offset_ && between_to_ == to) return between_;
    GameEndWatcher watcher;
    const ReaderLimits unlimited{UINT64_MAX, UINT32_MAX};
    parse_games(std::string_view(b, static_cast<std::size_t>(padding - b)),
                TextOrigin{"", 1, TextStart{line_, column_, offset_}, unlimited}, watcher);
    between_from_ = offset_;
    between_to_ = to;
    between_ = watcher.marker_ends_last_game_at(padding);
    return between_;
}

// The next `n` bytes as a chunk.
ChunkView GameChunker::hand_out(std::size_t n) {
    const ChunkView view{
        std::string_view(buffer_.data() + begin_, n), offset_, line_, column_, false, {}};
    consume(n);
    return view;
}

tl::expected<bool, IoError> GameChunker::next_view(ChunkView& out) {
    for (;;) {
        if (auto filled = fill(target_); !filled) return tl::unexpected(filled.error());
        const std::size_t available = end_ - begin_;
        const char* b = buffer_.data() + begin_;
        const char* e = buffer_.data() + end_;
        if (available == 0) {
            if (!pending_error_) return false;
            IoError error = std::move(*pending_error_);
            pending_error_.reset();
            return tl::unexpected(std::move(error));
        }
        if (skipping_) {
            // The rest of an oversized game: discard up to the first cut.
            std::size_t cut = first_cut(b, e);
            if (cut == kNoCut && eof_) cut = available;
            if (cut != kNoCut) {
                consume(cut);
                skipping_ = false;
                continue;
            }
            const char* keep = e - std::min(available, kSkipContext);
            while (keep < e && keep > b && !is(keep[-1], kBreak)) ++keep;  // from a line start
            consume(static_cast<std::size_t>(keep - b));
            if (auto filled = fill(end_ - begin_ + std::clamp(target_, kMinReadBlock, kReadBlock));
                !filled)
                return tl::unexpected(filled.error());
            continue;
        }
        if (!eof_ && is_padding(*b)) {
            // A chunk begins between games: a long run of padding there goes out on its own (all
            // that the buffer holds of it), so that however long it is, it costs neither memory
            // nor the limit of the game after it.
            const char* run_end = b;
            while (run_end < e && is_padding(*run_end)) ++run_end;
            if (static_cast<std::size_t>(run_end - b) >= kLongPadding) {
                std::size_t n = static_cast<std::size_t>(run_end - b);
                if (run_end == e && e[-1] == '\r') --n;  // keep a CRLF cut by the read together
                out = hand_out(n);
                return true;
            }
        }
        if (eof_) {
            out = ChunkView{
                std::string_view(b, available),
                offset_,
                line_,
                column_,
                false,
                pending_error_ ? std::string_view(pending_error_->message) : std::string_view{},
                pending_error_ ? pending_error_->cause : IoCause{}};
            consume(available);
            return true;
        }
        const std::size_t cut = last_cut(b, e, searched_);
        if (cut != kNoCut) {
            out = hand_out(cut);
            return true;
        }
        // Padding after the last game in the buffer: once the run is long, or once the game
        // would pass its limit, cut it off if the game ended before it, so that a run of any
        // length never counts towards a game (nor swallows the next one).
        const char* padding = e;
        while (padding > b && is_padding(padding[-1])) --padding;
        if (padding > b &&
            (static_cast<std::size_t>(e - padding) >= kLongPadding || available >= max_game_) &&
            ends_between_games(b, padding)) {
            out = hand_out(static_cast<std::size_t>(padding - b));
            return true;
        }
        if (available >= max_game_) {
            // No place to cut within the limit: report the game's beginning and skip the rest.
            const char* first = b;
            while (first < e && is(*first, kBlank | kBreak)) ++first;
            const char* first_line_end = first;
            while (first_line_end < e && !is(*first_line_end, kBreak) &&
                   first_line_end - first < 200)
                ++first_line_end;
            oversized_head_.assign(b, first_line_end);
            out = ChunkView{oversized_head_, offset_, line_, column_, true, {}};
            const char* keep = e - kSkipContext;
            while (keep < e && keep > b && !is(keep[-1], kBreak)) ++keep;
            consume(static_cast<std::size_t>(keep - b));
            skipping_ = true;
            return true;
        }
        // No cut yet: look again once more text is in, from the last line searched (a tag line
        // cut off at the end of the buffer may be complete then).
        const char* last_line = e;
        while (last_line > b && !is(last_line[-1], kBreak)) --last_line;
        searched_ = static_cast<std::size_t>(last_line - b);
        // Grow by doubling, so a chunk stays within about twice its target or its longest game,
        // but stop at the limit, where the game is given up.
        if (auto filled = fill(std::min(available + std::max(target_, available), max_game_));
            !filled) {
            return tl::unexpected(filled.error());
        }
    }
}

tl::expected<bool, IoError> GameChunker::next(Chunk& out) {
    ChunkView view;
    auto got = next_view(view);
    if (!got || !*got) return got;
    out.text.assign(view.text);
    out.offset = view.offset;
    out.line = view.line;
    out.column = view.column;
    out.oversized = view.oversized;
    out.truncated_by.assign(view.truncated_by);
    out.truncated_cause = view.truncated_cause;
    return true;
}

namespace {

// Counts the games of a text, nothing more.
class GameCounter final : public Visitor {
  public:
    bool wants_variations() const override { return false; }
    Control end_tags() override { return Control::SkipGame; }
};

// Passes the reader's callbacks on, except for the last game of a text the source failed after:
// that one keeps its start and tags (so the report can name it) and then becomes one parse
// error, its moves unheard, since the record may stop anywhere.
class TruncatedLastGame final : public Visitor {
  public:
    TruncatedLastGame(Visitor& inner, std::uint64_t last_game, std::string_view failure,
                      IoCause cause)
        : inner_(inner), last_(last_game), failure_(failure), cause_(cause) {}

    bool wants_variations() const override { return inner_.wants_variations(); }
    void begin_game(const GameStart& start) override {
        cut_ = start.game == last_;
        start_ = start.pos;
        inner_.begin_game(start);
    }
    void tag(std::string_view name, std::string_view value, TextPos at) override {
        inner_.tag(name, value, at);
    }
    Control end_tags() override { return cut_ ? Control::SkipGame : inner_.end_tags(); }
    Control move(std::string_view san, TextPos at) override { return inner_.move(san, at); }
    Control moves(std::span<const MoveToken> run) override { return inner_.moves(run); }
    Control null_move(std::string_view token, TextPos at) override {
        return inner_.null_move(token, at);
    }
    void comment(std::string_view text, TextPos at) override { inner_.comment(text, at); }
    void nag(int value, TextPos at) override { inner_.nag(value, at); }
    void begin_variation(TextPos at) override { inner_.begin_variation(at); }
    void end_variation(TextPos at) override { inner_.end_variation(at); }
    void result(std::string_view marker, TextPos at) override { inner_.result(marker, at); }
    void parse_error(const ParseError& error) override {
        if (!cut_) inner_.parse_error(error);
    }
    void end_game(std::string_view text) override {
        if (cut_) {
            inner_.parse_error(
                ParseError{start_, PgnProblem::InputEndsInsideGame, 0, failure_, cause_});
            inner_.end_tags();
        }
        inner_.end_game(text);
    }

  private:
    Visitor& inner_;
    std::uint64_t last_;
    std::string_view failure_;  // the chunk's truncated_by, alive while it is parsed
    IoCause cause_;
    bool cut_ = false;
    TextPos start_;
};

}  // namespace

std::uint64_t parse_chunk(const ChunkView& chunk, std::string_view file, std::uint64_t first_game,
                          Visitor& visitor, const ReaderLimits& limits) {
    const TextOrigin origin{file, first_game, TextStart{chunk.line, chunk.column, chunk.offset},
                            limits};
    if (!chunk.truncated_by.empty() && !chunk.oversized) {
        // Rare (only at a failed source's end): a first pass finds which game is the last.
        GameCounter counter;
        const std::uint64_t games = parse_games(chunk.text, origin, counter);
        if (games == 0) return 0;
        TruncatedLastGame cut(visitor, first_game + games - 1, chunk.truncated_by,
                              chunk.truncated_cause);
        return parse_games(chunk.text, origin, cut);
    }
    if (!chunk.oversized) return parse_games(chunk.text, origin, visitor);
    // The head of a game too long to hold: one game with one error.
    const char* b = chunk.text.data();
    const char* e = b + chunk.text.size();
    const char* q = b;
    const char* line_start = nullptr;  // none yet: the chunk's first line
    std::uint64_t line = chunk.line;
    while (q < e && is(*q, kBlank | kBreak)) {
        if (is(*q, kBreak)) {
            if (*q == '\r' && q + 1 < e && q[1] == '\n') ++q;
            ++line;
            line_start = q + 1;
        }
        ++q;
    }
    const std::uint64_t column = line_start == nullptr
                                     ? chunk.column + static_cast<std::uint64_t>(q - b)
                                     : static_cast<std::uint64_t>(q - line_start) + 1;
    const TextPos at{static_cast<std::uint32_t>(line),
                     static_cast<std::uint32_t>(std::min<std::uint64_t>(column, UINT32_MAX)),
                     chunk.offset + static_cast<std::uint64_t>(q - b)};
    visitor.begin_game(GameStart{file, first_game, at, line});
    visitor.parse_error(ParseError{at, PgnProblem::GameTooLong, 0, {}});
    visitor.end_tags();
    visitor.end_game(std::string_view(q, static_cast<std::size_t>(e - q)));
    return 1;
}

std::uint64_t parse_chunk(const Chunk& chunk, std::string_view file, std::uint64_t first_game,
                          Visitor& visitor, const ReaderLimits& limits) {
    return parse_chunk(ChunkView{chunk.text, chunk.offset, chunk.line, chunk.column,
                                 chunk.oversized, chunk.truncated_by, chunk.truncated_cause},
                       file, first_game, visitor, limits);
}

tl::expected<ReadStats, IoError> read_games(ByteSource& source, std::string_view file,
                                            Visitor& visitor) {
    GameChunker chunker(source, std::size_t{4} << 20);
    ReadStats stats;
    ChunkView chunk;
    for (;;) {
        auto got = chunker.next_view(chunk);
        if (!got) return tl::unexpected(got.error());
        if (!*got) break;
        stats.games += parse_chunk(chunk, file, stats.games + 1, visitor);
    }
    stats.bytes = chunker.bytes_read();
    return stats;
}

}  // namespace drawaudit::pgn
