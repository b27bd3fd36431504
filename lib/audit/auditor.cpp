// The rules of RULES.md applied to one game at a time. Each FIDE article is applied in exactly one
// place below, and named there.
#include "audit/auditor.hpp"

#include <algorithm>
#include <cctype>
#include <charconv>
#include <cstring>
#include <memory>
#include <utility>

#include <fmt/format.h>

#include "audit/columns.hpp"      // issue 20 hook
#include "audit/fingerprint.hpp"  // issue 20 hook
#include "chess/material.hpp"
#include "chess/san.hpp"
#include "pgn/reader.hpp"
#include "pgn/text.hpp"

namespace drawaudit::audit {

namespace {

using chess::Color;
using chess::Move;
using chess::Position;

Side side_of(Color c) {
    return c == Color::White ? Side::White : Side::Black;
}
std::string_view colour_name(Color c) {
    return c == Color::White ? "White" : "Black";
}

bool iequals(std::string_view a, std::string_view b) {
    if (a.size() != b.size()) return false;
    for (std::size_t i = 0; i < a.size(); ++i) {
        if (std::tolower(static_cast<unsigned char>(a[i])) !=
            std::tolower(static_cast<unsigned char>(b[i])))
            return false;
    }
    return true;
}

bool icontains(std::string_view text, std::string_view word) {
    if (word.size() > text.size()) return false;
    for (std::size_t i = 0; i + word.size() <= text.size(); ++i) {
        if (iequals(text.substr(i, word.size()), word)) return true;
    }
    return false;
}

// "third", "fourth", ..., "11th", "21st".
std::string ordinal(int n) {
    static constexpr std::array<std::string_view, 11> words = {
        "zeroth", "first",   "second", "third", "fourth", "fifth",
        "sixth",  "seventh", "eighth", "ninth", "tenth"};
    if (n >= 0 && n < static_cast<int>(words.size())) {
        return std::string(words[static_cast<std::size_t>(n)]);
    }
    const int last = n % 10;
    const bool teen = n % 100 >= 11 && n % 100 <= 13;
    const char* suffix = teen        ? "th"
                         : last == 1 ? "st"
                         : last == 2 ? "nd"
                         : last == 3 ? "rd"
                                     : "th";
    return std::to_string(n) + suffix;
}

// "29... Ng8": a move (or "" for the number alone) with the number and dots of the position it is
// played from. Built directly: this is on the path of every finding, several times.
std::string numbered_move(const Position& from, std::string_view move) {
    char digits[16];
    const char* const end =
        std::to_chars(digits, digits + sizeof digits, from.fullmove_number()).ptr;
    const std::string_view dots = from.side_to_move() == Color::White ? ". " : "... ";
    std::string text;
    text.reserve(static_cast<std::size_t>(end - digits) + dots.size() + move.size());
    text.append(digits, static_cast<std::size_t>(end - digits)).append(dots).append(move);
    return text;
}

bool is_recorded_result(std::string_view r) {
    return r == "1-0" || r == "0-1" || r == "1/2-1/2";
}

std::string_view termination_reason(Termination t) {
    switch (t) {
        case Termination::Checkmate:
            return "checkmate";
        case Termination::Stalemate:
            return "stalemate";
        case Termination::DeadPosition:
            return "dead position";
        case Termination::Fivefold:
            return "fivefold repetition";
        case Termination::SeventyFiveMove:
            return "75-move rule";
        case Termination::None:
            break;
    }
    return "";
}

// The article under which the game ended (used by the findings that follow from the end).
std::string_view termination_article(Termination t) {
    switch (t) {
        case Termination::Checkmate:
            return "5.1.1";
        case Termination::Stalemate:
            return "5.2.1";
        case Termination::DeadPosition:
            return "5.2.2";
        case Termination::Fivefold:
            return "9.6.1";
        case Termination::SeventyFiveMove:
            return "9.6.2";
        case Termination::None:
            break;
    }
    return "";
}

// Parses a run of digits; nullopt for "??" or anything not a number.
std::optional<int> date_part(std::string_view part) {
    if (part.empty()) return std::nullopt;
    int value = 0;
    for (char c : part) {
        if (c < '0' || c > '9') return std::nullopt;
        value = value * 10 + (c - '0');
    }
    return value;
}

}  // namespace

// RULES.md "Which Laws": 2023 from 2023-01-01, 2017 from 2017-07-01, 2014 from 2014-07-01, the
// 1997 text (no 9.6) before. A date that leaves two editions possible gives the newest.
Laws laws_for_date(std::string_view date) {
    // The common form "YYYY.MM.DD" (parts may be "??"): the year alone decides, except in 2014
    // and 2017, without splitting the date.
    if (date.size() == 10 && date[4] == '.' && date[7] == '.') {
        int year = 0;
        bool digits = true;
        for (int i = 0; i < 4; ++i) {
            const char c = date[static_cast<std::size_t>(i)];
            digits = digits && c >= '0' && c <= '9';
            year = year * 10 + (c - '0');
        }
        if (digits && year != 2014 && year != 2017) {
            return year >= 2023  ? Laws::Laws2023
                   : year > 2017 ? Laws::Laws2017
                   : year > 2014 ? Laws::Laws2014
                                 : Laws::Laws1997;
        }
    }
    std::array<std::string_view, 3> parts{};
    std::size_t count = 0;
    std::size_t begin = 0;
    for (std::size_t i = 0; i <= date.size() && count < parts.size(); ++i) {
        if (i == date.size() || date[i] == '.' || date[i] == '-' || date[i] == '/') {
            parts[count++] = date.substr(begin, i - begin);
            begin = i + 1;
        }
    }
    const std::optional<int> year = count > 0 ? date_part(parts[0]) : std::nullopt;
    const std::optional<int> month = count > 1 ? date_part(parts[1]) : std::nullopt;
    if (!year) return Laws::Laws2023;
    if (*year >= 2023) return Laws::Laws2023;
    if (*year > 2017 && *year <= 2022) return Laws::Laws2017;
    if (*year > 2014 && *year < 2017) return Laws::Laws2014;
    if (*year < 2014) return Laws::Laws1997;
    // 2014 or 2017: the edition changed on 1 July of that year.
    if (!month || *month < 1 || *month > 12) return Laws::Laws2023;
    const bool second_half = *month >= 7;
    if (*year == 2017) return second_half ? Laws::Laws2017 : Laws::Laws2014;
    return second_half ? Laws::Laws2014 : Laws::Laws1997;
}

VariantKind classify_variant(std::string_view variant) {
    // "normal" is what the TCEC GUI writes for standard chess.
    for (std::string_view name : {"", "Standard", "From Position", "chess", "normal"}) {
        if (iequals(variant, name)) return VariantKind::Standard;
    }
    for (std::string_view name :
         {"Chess960", "Fischerandom", "Fischer Random", "chess 960", "960"}) {
        if (iequals(variant, name)) return VariantKind::Chess960;
    }
    return VariantKind::Unsupported;
}

GameAuditor::GameAuditor(const AuditOptions& options, GameSink& sink)
    : options_(options), sink_(sink) {
    plies_.resize(512);
    keys_.resize(512);
    capacity_ = 512;
}

void GameAuditor::reset_game() {
    ++game_serial_;  // the cached move texts are of the previous game
    // The record is written where the sink wants it (see GameSink), or into the auditor's own;
    // either may hold a used record: clearing it keeps its capacity.
    report_ = sink_.next_record();
    if (report_ == nullptr) report_ = &own_report_;
    report_->clear();
    tag_fields_ = {&report_->event,     &report_->site,
                   &report_->date,      &report_->round,
                   &report_->white,     &report_->black,
                   &report_->result,    &report_->white_elo,
                   &report_->black_elo, &report_->termination_tag,
                   &fen_tag_,           &setup_tag_,
                   &variant_tag_};
    fen_tag_.clear();
    setup_tag_.clear();
    variant_tag_.clear();
    has_fen_tag_ = false;
    laws_ = options_.laws.value_or(Laws::Laws2023);
    chess960_ = false;
    started_ = false;
    stopped_ = false;
    replaying_ = false;
    pending_ = false;
    evaluated_up_to_ = -1;
    window_start_ = 0;
    second_occurrences_ = {};
    twice_window_ = -1;
    extra_tokens_ = 0;
    first_extra_token_.clear();
    first_extra_pos_ = {};
    result_pos_ = {};
    last_claim_ply_ = -1;
    ending_finding_count_ = 0;
    fifty_ = FiftyWindow{};
    last_ = -1;
    current_ = nullptr;
}

void GameAuditor::begin_game(const pgn::GameStart& start) {
    reset_game();
    report_->file.assign(start.file);
    report_->game = start.game;
    report_->line = start.pos.line;
    report_->offset = start.pos.offset;
    game_pos_ = start.pos;
}

namespace {
// The tags the audit reads; tag_fields_ holds their fields in this order.
constexpr std::array<std::string_view, 13> kNeededTags = {
    "Event",    "Site",     "Date",        "Round", "White", "Black",  "Result",
    "WhiteElo", "BlackElo", "Termination", "FEN",   "SetUp", "Variant"};

// A hash of a tag name that puts each needed tag in a slot of its own (checked below), from its
// length and its first and last letters: one table look-up instead of a chain of comparisons on
// unpredictable names (the chain and its jump table mispredicted about 6 times per game).
constexpr std::size_t tag_slot(std::size_t size, unsigned char first, unsigned char last) {
    return ((size * 31 + first + last * 56) >> 1) & 31;
}

struct TagSlots {
    std::array<std::int8_t, 32> index{};  // into kNeededTags, or -1
};

constexpr TagSlots make_tag_slots() {
    TagSlots slots;
    for (auto& i : slots.index) i = -1;
    for (std::size_t i = 0; i < kNeededTags.size(); ++i) {
        const std::string_view name = kNeededTags[i];
        const std::size_t slot = tag_slot(name.size(), static_cast<unsigned char>(name.front()),
                                          static_cast<unsigned char>(name.back()));
        if (slots.index[slot] != -1) throw "two needed tags share a slot";  // fails the build
        slots.index[slot] = static_cast<std::int8_t>(i);
    }
    return slots;
}

constexpr TagSlots kTagSlots = make_tag_slots();

template <typename Word>
Word load(const char* p) {
    Word w;
    std::memcpy(&w, p, sizeof w);
    return w;
}

// a[0, n) == b[0, n) for 3 <= n <= 16 (the needed tag names): two overlapping words.
bool same_short_text(const char* a, const char* b, std::size_t n) {
    if (n >= 8)
        return load<std::uint64_t>(a) == load<std::uint64_t>(b) &&
               load<std::uint64_t>(a + n - 8) == load<std::uint64_t>(b + n - 8);
    if (n >= 4)
        return load<std::uint32_t>(a) == load<std::uint32_t>(b) &&
               load<std::uint32_t>(a + n - 4) == load<std::uint32_t>(b + n - 4);
    return load<std::uint16_t>(a) == load<std::uint16_t>(b) && a[n - 1] == b[n - 1];
}
}  // namespace

// The record field a tag fills, or nullptr for the tags the audit does not need.
std::string* GameAuditor::tag_target(std::string_view name) const {
    static_assert(kNeededTags.size() == std::tuple_size_v<decltype(tag_fields_)>);
    if (name.size() < 3) return nullptr;
    const int i = kTagSlots.index[tag_slot(name.size(), static_cast<unsigned char>(name.front()),
                                           static_cast<unsigned char>(name.back()))];
    if (i < 0) return nullptr;
    const std::string_view known = kNeededTags[static_cast<std::size_t>(i)];
    if (known.size() != name.size() || !same_short_text(name.data(), known.data(), name.size()))
        return nullptr;
    return tag_fields_[static_cast<std::size_t>(i)];
}

namespace {
// The bytes of w that keep a tag value from being its own value, as high bits: a non-ASCII
// byte, or a backslash (an escape). A byte above a backslash may be flagged too, which is harmless.
constexpr std::uint64_t unplain_bytes(std::uint64_t w) {
    constexpr std::uint64_t ones = 0x0101010101010101ULL;
    constexpr std::uint64_t highs = 0x8080808080808080ULL;
    const std::uint64_t b = w ^ (ones * static_cast<unsigned char>('\\'));
    return (w | ((b - ones) & ~b)) & highs;  // a zero byte of b is a backslash of w
}

// Whether a raw tag value is its own value: plain ASCII without a backslash (escape). Most values
// are. Eight bytes at a time, with the last word overlapping the one before: values up to 16
// bytes take no loop, whose exit at each value's length mispredicted.
bool plain_tag_value(std::string_view raw) {
    const char* p = raw.data();
    const std::size_t n = raw.size();
    if (n >= 8) {
        std::uint64_t bad = unplain_bytes(load<std::uint64_t>(p + n - 8));
        for (std::size_t i = 0; i + 8 < n; i += 8) bad |= unplain_bytes(load<std::uint64_t>(p + i));
        return bad == 0;
    }
    if (n >= 4) {
        const std::uint64_t w =
            load<std::uint32_t>(p) | std::uint64_t{load<std::uint32_t>(p + n - 4)} << 32;
        return unplain_bytes(w) == 0;
    }
    if (n == 0) return true;
    // One to three bytes: the first, the middle and the last cover them all.
    const std::uint64_t w = static_cast<unsigned char>(p[0]) |
                            std::uint64_t{static_cast<unsigned char>(p[n / 2])} << 8 |
                            std::uint64_t{static_cast<unsigned char>(p[n - 1])} << 16;
    return unplain_bytes(w) == 0;
}
}  // namespace

void GameAuditor::tag(std::string_view name, std::string_view raw_value, pgn::TextPos) {
    std::string* const target = tag_target(name);
    if (!target) return;  // other tags are not needed: no conversion cost
    // Most values are plain ASCII without escapes: they are their own value.
    if (plain_tag_value(raw_value)) {
        // clear + append: a plain copy into the room the string has (assign's general replace,
        // which allows for overlap, costs several times more).
        target->clear();
        target->append(raw_value);
    } else {
        *target = pgn::to_utf8(pgn::unescape_tag(raw_value));
    }
    if (target == &fen_tag_) has_fen_tag_ = true;
}

pgn::Control GameAuditor::end_tags() {
    if (report_->error) {  // a broken tag section: the game is not set up
        stop();
        return pgn::Control::SkipGame;
    }
    laws_ = options_.laws ? *options_.laws : laws_for_date(report_->date);
    report_->laws = laws_;
    if (!set_up_start()) {
        stop();
        report_->error = true;
        return pgn::Control::SkipGame;
    }
    return pgn::Control::Continue;
}

// The start position: the standard one, or the FEN tag (RULES.md "Positions and plies").
bool GameAuditor::set_up_start() {
    const VariantKind variant = classify_variant(variant_tag_);
    if (variant == VariantKind::Unsupported) {
        Finding& f = add_game_finding(Rule::UnsupportedVariant);
        f.severity = Severity::Warning;
        f.message = fmt::format(
            "The game is of the variant \"{}\", not standard chess or Chess960: it was counted "
            "and not judged",
            variant_tag_);
        return false;
    }
    chess960_ = variant == VariantKind::Chess960;
    if (!has_fen_tag_ && setup_tag_ == "1") {
        Finding& f = add_game_finding(Rule::BadFen);
        f.severity = Severity::Error;
        f.message = "The SetUp tag announces a start position, but the game has no FEN tag";
        return false;
    }
    Position start = Position::startpos();
    if (has_fen_tag_ || chess960_) {
        const std::string_view fen = has_fen_tag_ ? std::string_view{fen_tag_} : chess::StartFen;
        auto parsed = Position::from_fen(fen, chess::FenOptions{.chess960 = chess960_});
        if (!parsed) {
            Finding& f = add_game_finding(Rule::BadFen);
            f.severity = Severity::Error;
            f.message =
                fmt::format("The FEN tag \"{}\" cannot be set up: {}", fen, parsed.error().message);
            return false;
        }
        start = parsed->position;
        if (!parsed->repairs.empty()) {
            std::string what;
            for (const chess::FenRepair& repair : parsed->repairs) {
                if (!what.empty()) what += "; ";
                what += repair.message;
            }
            Finding& f = add_game_finding(Rule::FenRepaired);
            f.severity = Severity::Warning;
            f.fen = start.to_fen();
            f.message = fmt::format("The FEN tag was repaired as the pieces demand ({})", what);
        }
    }
    start_history(start);
    started_ = true;
    replaying_ = true;
    pending_ = true;
    return true;
}

void GameAuditor::start_history(const Position& start) {
    plies_[0] = PlyRecord{start, Move{}, game_pos_, -1, 1};
    keys_[0] = start.key();
    last_ = 0;
    current_ = plies_.data();
    window_start_ = 0;
    window_keys_.step(1);
    window_keys_.mark(start.key());
}

void GameAuditor::grow_history(std::size_t positions) {
    plies_.resize(std::max(2 * plies_.size(), positions));
    keys_.resize(plies_.size());
    capacity_ = static_cast<int>(plies_.size());
    current_ = plies_.data() + last_;
}

// Appends position k and finds its latest earlier occurrence. Only the positions since the last
// irreversible move can repeat (9.2.2: a pawn move or capture changes the position for good, and
// a lost castling right makes every earlier position different), and only those with the same
// side to move, so the scan looks at every second entry back to the window start.
inline void GameAuditor::append_played(PlyRecord* previous, int previous_k, Move move,
                                       pgn::TextPos where) {
    const int k = previous_k + 1;
    PlyRecord& record = previous[1];
    const Position& before = previous->position;
    record.move = move;
    record.where = where;
    record.previous = -1;
    record.occurrence = 1;
    last_ = k;
    current_ = &record;
    const Position& position = record.position;
    PlyRecord* const records = plies_.data();
    const std::uint64_t key = position.key();
    std::uint64_t* const keys = keys_.data();
    keys[k] = key;
    // A capture or a pawn move is exactly what resets the halfmove clock (9.3).
    const bool irreversible = position.halfmove_clock() == 0;
    std::uint32_t rights_before;
    std::uint32_t rights_after;
    static_assert(sizeof(chess::CastlingRights) == sizeof(std::uint32_t));
    std::memcpy(&rights_before, &before.castling_rights(), sizeof rights_before);
    std::memcpy(&rights_after, &position.castling_rights(), sizeof rights_after);
    const std::uint64_t window_ends = std::uint64_t{irreversible} | (rights_before != rights_after);
    // A new window starts about every third half-move, unpredictably: it is started by masks
    // and adds rather than behind a branch (which mispredicted on almost half of the moves).
    const std::uint64_t keep = window_ends - 1;
    window_start_ += static_cast<int>(window_ends) * (k - window_start_);
    for (int& count : second_occurrences_) count &= static_cast<int>(keep);
    window_keys_.step(static_cast<std::uint32_t>(window_ends));
    if (!window_keys_.mark(key)) [[likely]]
        return;  // not in the window: a first occurrence
    for (int j = k - 2; j >= window_start_; j -= 2) {
        // A key match is only a candidate: same_position() decides (no claim from a collision).
        if (keys[j] == key && records[j].position.same_position(position)) [[unlikely]] {
            record.previous = j;
            record.occurrence = records[j].occurrence + 1;
            if (record.occurrence == 2)
                ++second_occurrences_[chess::index_of(position.side_to_move())];
            break;
        }
    }
}

// RULES.md moves-after-end: every main-line half-move recorded after the automatic end.
void GameAuditor::count_extra_half_move(std::string_view token, pgn::TextPos pos) {
    if (!report_->end_ply) return;
    if (extra_tokens_ == 0) {
        first_extra_token_ = std::string(token);
        first_extra_pos_ = pos;
    }
    ++extra_tokens_;
}

inline bool GameAuditor::quiet(const PlyRecord& record) const {
    const Position& position = record.position;
    // One test of all conditions together (each is almost always false, and a chain of
    // branches costs more than combining them).
    const bool loud =
        (record.occurrence >= 3) | (position.halfmove_clock() >= 99) | fifty_.open |
        (second_occurrences_[static_cast<std::size_t>(
             1 - chess::index_of(position.side_to_move()))] != 0) |
        ((position.pieces(chess::PieceType::Pawn) | position.pieces(chess::PieceType::Rook) |
          position.pieces(chess::PieceType::Queen)) == 0);
    return !loud;
}

// The rest of the per-move path, once the move from the last position is played into the next
// slot: judge the position it was played from, then append the new one. pending_ is true here
// exactly while the game has not ended automatically: every position before the end is judged,
// and none after it.
inline void GameAuditor::after_played(Move move, std::string_view san, pgn::TextPos pos) {
    PlyRecord* const record = current_;
    const int k = last_;
    if (pending_) [[likely]] {
        // A legal next move proves that position k has one, which spares the move generator.
        if (quiet(*record)) [[likely]]
            evaluated_up_to_ = k;
        else
            judge_before_move(k, san, pos);
    } else {
        // After an automatic end the moves are still replayed (an illegal one is still
        // reported), but no position after the end is judged.
        count_extra_half_move(san, pos);
    }
    append_played(record, k, move, pos);
}

// A move from the reader's general path (one at a time; the fast path's runs take moves()):
// resolve the SAN, play it into the next history slot, judge the position it is played from.
pgn::Control GameAuditor::move(std::string_view san, pgn::TextPos pos) {
    if (depth() != 0 || !replaying_) [[unlikely]]
        return move_outside_replay(san, pos);
    if (last_ + 1 >= capacity_) [[unlikely]]
        grow_history(static_cast<std::size_t>(last_) + 2);
    PlyRecord* const record = current_;
    auto parsed = chess::play_san(record->position, san, record[1].position);
    if (!parsed) [[unlikely]]
        return illegal_move(san, pos);
    after_played(*parsed, san, pos);
    return pgn::Control::Continue;
}

// Position k, which the move `san` leaves, is not quiet: everything RULES.md decides there. If
// that ends the game, the move is the first one recorded after the end.
void GameAuditor::judge_before_move(int k, std::string_view san, pgn::TextPos pos) {
    evaluate(k, true);
    if (report_->end_ply)
        count_extra_half_move(san, pos);
    else
        pending_ = true;
}

// The reader's fast path: a run of moves, replayed by the chess core in one call
// (chess::play_san_run) and then judged one by one, with the depth and the room in the history
// looked at once for the whole run.
pgn::Control GameAuditor::moves(std::span<const pgn::MoveToken> run) {
    if (depth() != 0) [[unlikely]]
        return pgn::Visitor::moves(run);
    while (!run.empty()) {
        const std::size_t n = std::min(run.size(), kReplayRun);
        replay_run(run.first(n));
        run = run.subspan(n);
    }
    return pgn::Control::Continue;  // the replay never skips a game
}

namespace {
// An array left uninitialised, filled as far as it is used: the replay's scratch per run.
template <typename T, std::size_t N>
union Uninitialised {
    Uninitialised() {}
    T items[N];
};
}  // namespace

void GameAuditor::replay_run(std::span<const pgn::MoveToken> run) {
    if (!replaying_) [[unlikely]] {
        for (const pgn::MoveToken& token : run) move_outside_replay(token.san, token.pos);
        return;
    }
    const std::size_t needed = static_cast<std::size_t>(last_ + 1) + run.size() + 1;
    if (needed > static_cast<std::size_t>(capacity_)) [[unlikely]]
        grow_history(needed);
    Uninitialised<std::string_view, kReplayRun> sans;
    Uninitialised<Move, kReplayRun> moves;
    for (std::size_t i = 0; i < run.size(); ++i) sans.items[i] = run[i].san;
    const std::size_t played = chess::play_san_run({sans.items, run.size()}, &current_->position,
                                                   sizeof(PlyRecord), moves.items);
    for (std::size_t i = 0; i < played; ++i) after_played(moves.items[i], run[i].san, run[i].pos);
    if (played < run.size()) [[unlikely]] {
        illegal_move(run[played].san, run[played].pos);  // stops the replay
        for (const pgn::MoveToken& token : run.subspan(played + 1))
            move_outside_replay(token.san, token.pos);
    }
}

pgn::Control GameAuditor::move_outside_replay(std::string_view san, pgn::TextPos pos) {
    if (depth() == 0 && started_ && stopped_) count_extra_half_move(san, pos);
    return pgn::Control::Continue;
}

// A finding on a token that cannot be played from position k (an illegal or a null move): it
// stands at the index the move would have had, located at the token as written.
Finding& GameAuditor::add_unplayable_token(Rule rule, int k, std::string_view token,
                                           pgn::TextPos pos) {
    const Position& position = plies_[static_cast<std::size_t>(k)].position;
    Finding& f = add_finding(rule, k);
    f.ply = k + 1;
    f.side = side_of(position.side_to_move());
    f.move = fmt::format("{}{} {}", position.fullmove_number(),
                         position.side_to_move() == Color::White ? "." : "...", token);
    f.line = pos.line;
    f.column = pos.column;
    f.offset = pos.offset;
    return f;
}

pgn::Control GameAuditor::illegal_move(std::string_view san, pgn::TextPos pos) {
    const int k = last_;
    const Position& position = plies_[static_cast<std::size_t>(k)].position;
    // The reason, from the reader that gives one (the replay only says that it stopped).
    auto parsed = chess::parse_san(position, san);
    const std::string why =
        parsed ? std::string("the replay refused it") : std::move(parsed.error().message);
    if (pending_) evaluate(k, position.has_legal_move());
    count_extra_half_move(san, pos);
    // 3.10: the record cannot be replayed past an illegal move; the rest is not audited.
    Finding& f = add_unplayable_token(Rule::IllegalMove, k, san, pos);
    f.severity = Severity::Error;
    f.message = fmt::format("{} cannot be played here: {}; the rest of the game is not audited",
                            f.move, why);
    stop();
    report_->error = true;
    return pgn::Control::Continue;
}

pgn::Control GameAuditor::null_move(std::string_view token, pgn::TextPos pos) {
    if (depth() > 0 || !started_) return pgn::Control::Continue;
    if (stopped_) {
        count_extra_half_move(token, pos);
        return pgn::Control::Continue;
    }
    const int k = last_position();
    const Position& position = plies_[static_cast<std::size_t>(k)].position;
    if (pending_) evaluate(k, position.has_legal_move());
    count_extra_half_move(token, pos);
    // 3.10: passing is no move of the Laws; the game cannot be replayed past it.
    Finding& f = add_unplayable_token(Rule::NullMove, k, token, pos);
    f.severity = Severity::Warning;
    f.message = fmt::format("{} is a null move: the game cannot be replayed past it", f.move);
    stop();
    report_->error = true;
    return pgn::Control::Continue;
}

void GameAuditor::result(std::string_view marker, pgn::TextPos pos) {
    if (depth() > 0) return;
    report_->movetext_result = std::string(marker);
    result_pos_ = pos;
}

void GameAuditor::parse_error(const pgn::ParseError& error) {
    const int k = last_ < 0 ? 0 : last_position();
    Finding& f = add_game_finding(Rule::ParseError);
    f.ply = k;
    f.severity = Severity::Error;
    f.line = error.pos.line;
    f.column = error.pos.column;
    f.offset = error.pos.offset;
    if (last_ >= 0) f.fen = plies_[static_cast<std::size_t>(last_)].position.to_fen();
    f.message = fmt::format("The PGN text is malformed at line {}, column {}: {}", error.pos.line,
                            error.pos.column, error.message);
    report_->error = true;
}

void GameAuditor::end_game(std::string_view text) {
    if (started_ && pending_) {
        const int k = last_position();
        evaluate(k, plies_[static_cast<std::size_t>(k)].position.has_legal_move());
    }
    if (fifty_.open) close_fifty_window(evaluated_up_to_);
    report_->plies = last_ < 0 ? 0 : last_position();

    // RULES.md moves-after-end: the record went on after an automatic end.
    if (report_->end_ply && extra_tokens_ > 0) {
        const int k = *report_->end_ply + 1;
        Finding& f = add_finding(Rule::MovesAfterEnd, std::min(k, last_position()));
        f.ply = k;
        f.severity = Severity::Error;
        f.extra_plies = extra_tokens_;
        if (k <= last_position()) {
            f.move = move_text(k);
        } else {
            const Position& end = plies_[static_cast<std::size_t>(*report_->end_ply)].position;
            f.move =
                fmt::format("{}{} {}", end.fullmove_number(),
                            end.side_to_move() == Color::White ? "." : "...", first_extra_token_);
        }
        f.line = first_extra_pos_.line;
        f.column = first_extra_pos_.column;
        f.offset = first_extra_pos_.offset;
        const int end_ply = *report_->end_ply;
        f.article = std::string(termination_article(report_->termination));
        f.message = fmt::format(
            "The game had already ended {} ({}); {} more half-move{} {} recorded after it",
            end_ply == 0 ? std::string("at the start") : "after " + move_text(end_ply),
            termination_reason(report_->termination), extra_tokens_, extra_tokens_ == 1 ? "" : "s",
            extra_tokens_ == 1 ? "was" : "were");
    }

    if (started_) check_results();

    // Result-mismatch compares two texts of the record; it needs no replay.
    if (!report_->result.empty() && !report_->movetext_result.empty() &&
        report_->result != report_->movetext_result) {
        Finding& f = started_ ? add_finding(Rule::ResultMismatch, last_position())
                              : add_game_finding(Rule::ResultMismatch);
        f.line = result_pos_.line;  // where the marker stands
        f.column = result_pos_.column;
        f.offset = result_pos_.offset;
        f.severity = Severity::Error;
        f.recorded = report_->result;
        f.expected = report_->movetext_result;
        f.message = fmt::format(
            "The Result tag says {}, but the movetext ends with the termination marker {}",
            report_->result, report_->movetext_result);
    }

    // Automatic endings are info only when nothing in the record conflicts with them.
    if (ending_finding_count_ > 0) {
        const bool conflict = extra_tokens_ > 0 || report_->result != report_->expected_result;
        for (int i = 0; i < ending_finding_count_; ++i) {
            const auto index =
                static_cast<std::size_t>(ending_findings_[static_cast<std::size_t>(i)]);
            report_->findings[index].severity = conflict ? Severity::Warning : Severity::Info;
        }
    }

    // Most games have no finding or one: stable_sort would still take a temporary buffer.
    if (report_->findings.size() > 1)
        std::stable_sort(report_->findings.begin(), report_->findings.end(),
                         [](const Finding& a, const Finding& b) { return a.ply < b.ply; });
    if (options_.keep_game_text) report_->text = std::string(text);
    // Issue 20 hook: the game's identity, its findings' fingerprints (fingerprint.hpp) and
    // their SARIF columns (columns.hpp).
    GameIdentity identity(*report_, has_fen_tag_ ? std::string_view(fen_tag_) : std::string_view());
    for (int k = 1; k <= last_; ++k) identity.add_move(plies_[static_cast<std::size_t>(k)].move);
    identity.finish(*report_);
    fill_utf16_columns(*report_, text);
    sink_.game(std::move(*report_));  // begin_game resets report_
}

// Everything RULES.md decides at position k: first the automatic endings, then (if the game goes
// on) the claims of the player having the move.
void GameAuditor::evaluate(int k, bool has_legal_move) {
    pending_ = false;
    evaluated_up_to_ = k;
    // Most positions have nothing to report: a legal move, no repetition, no fifty-move window,
    // and a pawn, rook or queen on the board. Answer those without looking further (move() asks
    // quiet() itself before calling here).
    if (has_legal_move && quiet(plies_[static_cast<std::size_t>(k)])) [[likely]]
        return;
    open_or_close_fifty_window(k);
    check_endings(k, has_legal_move);
    if (report_->end_ply) {
        // The game's end closes the window (RULES.md), and the ended position is its last one:
        // its clock is >= 99 too. No claim stands there, but until_ply reaches it.
        if (fifty_.open) close_fifty_window(k);
        return;
    }
    check_claims(k);
}

void GameAuditor::check_endings(int k, bool has_legal_move) {
    const PlyRecord& record = plies_[static_cast<std::size_t>(k)];
    const Position& position = record.position;
    const bool automatic_draws = laws_ != Laws::Laws1997;  // 9.6 exists since the 2014 edition

    // 5.1.1: checkmate.
    const bool checkmate = position.in_check() && !has_legal_move;
    // 5.2.1: stalemate.
    const bool stalemate = !position.in_check() && !has_legal_move;
    // 5.2.2: dead position, the material part (RULES.md).
    const bool dead = chess::is_insufficient_material(position);
    // 9.6.1: fivefold; the 2014 text asked for "consecutive alternate moves", read as positions
    // k, k-4, k-8, k-12 and k-16 all the same.
    bool fivefold = false;
    if (automatic_draws && record.occurrence >= 5) {
        if (laws_ == Laws::Laws2014) {
            fivefold = k - 16 >= window_start_;
            for (int back = 4; fivefold && back <= 16; back += 4) {
                const auto j = static_cast<std::size_t>(k - back);
                fivefold = keys_[j] == keys_[static_cast<std::size_t>(k)] &&
                           plies_[j].position.same_position(position);
            }
        } else {
            fivefold = true;
        }
    }
    // 9.6.2: the clock reaches 150, unless the 150th half-move mates (mate takes precedence).
    const bool seventy_five = automatic_draws && position.halfmove_clock() >= 150 && !checkmate;

    if (checkmate || stalemate || dead || fivefold || seventy_five) [[unlikely]] {
        report_endings(k, Endings{checkmate, stalemate, dead, fivefold, seventy_five});
    }
}

void GameAuditor::report_endings(int k, Endings e) {
    const PlyRecord& record = plies_[static_cast<std::size_t>(k)];
    const Position& position = record.position;
    const Color mover = position.side_to_move();
    const bool checkmate = e.checkmate, stalemate = e.stalemate, dead = e.dead,
               fivefold = e.fivefold, seventy_five = e.seventy_five;

    // RULES.md termination order: checkmate, stalemate, dead position, fivefold, 75 moves.
    report_->end_ply = k;
    if (checkmate) {
        report_->termination = Termination::Checkmate;
        report_->expected_result = mover == Color::White ? "0-1" : "1-0";
    } else {
        report_->termination = stalemate  ? Termination::Stalemate
                               : dead     ? Termination::DeadPosition
                               : fivefold ? Termination::Fivefold
                                          : Termination::SeventyFiveMove;
        report_->expected_result = "1/2-1/2";
    }

    auto ending = [&](Rule rule, std::string_view article, std::string message) {
        Finding& f = add_finding(rule, k);
        f.article = std::string(article);
        f.side = side_of(mover);
        f.message = std::move(message);
        ending_findings_[static_cast<std::size_t>(ending_finding_count_++)] =
            static_cast<int>(report_->findings.size()) - 1;
        return &f;
    };
    if (checkmate) {
        ending(Rule::Checkmate, termination_article(Termination::Checkmate),
               fmt::format("{} is checkmated: the game is won by {} ({})", colour_name(mover),
                           colour_name(~mover), report_->expected_result));
    }
    if (stalemate) {
        ending(Rule::Stalemate, termination_article(Termination::Stalemate),
               fmt::format("{} is stalemated: the game is drawn", colour_name(mover)));
    }
    if (dead) {
        ending(Rule::DeadPosition, termination_article(Termination::DeadPosition),
               "Neither side can checkmate with the material left: the game is drawn (dead "
               "position)");
    }
    if (fivefold) {
        Finding* f = ending(Rule::FivefoldDraw, termination_article(Termination::Fivefold),
                            fmt::format("The same position has appeared for the {} time ({}): "
                                        "the game is drawn automatically",
                                        ordinal(record.occurrence), earlier_occurrences_text(k)));
        fill_occurrences(k, *f);
    }
    if (seventy_five) {
        Finding* f = ending(
            Rule::SeventyFiveMoveDraw, termination_article(Termination::SeventyFiveMove),
            fmt::format("75 moves by each player without a pawn move or capture (halfmove clock "
                        "{}): the game is drawn automatically",
                        position.halfmove_clock()));
        f->halfmove_clock = position.halfmove_clock();
    }
}

void GameAuditor::check_claims(int k) {
    const Position& position = plies_[static_cast<std::size_t>(k)].position;
    const auto mover = static_cast<std::size_t>(chess::index_of(position.side_to_move()));
    const int clock = position.halfmove_clock();
    if (plies_[static_cast<std::size_t>(k)].occurrence >= 3) [[unlikely]] {
        claim_threefold_appeared(k);
    }
    // 9.2.1.1 is only worth looking for when a position with the other side to move has already
    // occurred twice in the window.
    if (second_occurrences_[1 - mover] > 0) [[unlikely]]
        claim_threefold_declared(k);
    if (clock == 99 && !fifty_.declared_done) [[unlikely]]
        claim_fifty_declared(k);
    if (clock >= 100) [[unlikely]] {
        if (!fifty_.appeared_done[mover]) claim_fifty_appeared(k);
        last_claim_ply_ = k;
    }
}

// 9.2.1.2: the position has appeared (at least) three times; the player to move claims.
void GameAuditor::claim_threefold_appeared(int k) {
    const PlyRecord& record = plies_[static_cast<std::size_t>(k)];
    const Color mover = record.position.side_to_move();
    Finding& f = add_finding(Rule::ThreefoldClaim, k);
    f.route = Route::Appeared;
    f.article = "9.2.1.2";
    f.side = side_of(mover);
    fill_occurrences(k, f);
    f.message =
        fmt::format("{} may claim a draw: the position has appeared for the {} time ({})",
                    colour_name(mover), ordinal(record.occurrence), earlier_occurrences_text(k));
    last_claim_ply_ = k;
}

// 9.2.1.1: a move that would make a position appear for the third time; the player writes it
// down and claims.
void GameAuditor::claim_threefold_declared(int k) {
    const Color mover = plies_[static_cast<std::size_t>(k)].position.side_to_move();
    Finding candidate;
    if (!find_declared_repetitions(k, candidate)) return;
    Finding& f = add_finding(Rule::ThreefoldClaim, k);
    f.route = Route::Declared;
    f.article = "9.2.1.1";
    f.side = side_of(mover);
    f.moves = std::move(candidate.moves);
    f.occurrences = std::move(candidate.occurrences);
    f.occurrence_moves = std::move(candidate.occurrence_moves);
    f.message =
        fmt::format("{} may claim a draw by writing {}", colour_name(mover), candidate.message);
    last_claim_ply_ = k;
}

// 9.3.1: at clock 99, the player to move may write down a move that is neither a pawn move nor a
// capture and claim (RULES.md: even a move that mates).
void GameAuditor::claim_fifty_declared(int k) {
    const Position& position = plies_[static_cast<std::size_t>(k)].position;
    const Color mover = position.side_to_move();
    fifty_.declared_done = true;
    position.generate_legal(scratch_moves_);
    std::vector<std::string> quiet;
    for (Move m : scratch_moves_) {
        if (m.kind() == chess::MoveKind::Castling || !position.is_zeroing(m)) {
            quiet.push_back(chess::to_san(position, m));
        }
    }
    if (quiet.empty()) return;
    Finding& f = add_finding(Rule::FiftyMoveClaim, k);
    f.route = Route::Declared;
    f.article = "9.3.1";
    f.side = side_of(mover);
    f.halfmove_clock = position.halfmove_clock();
    f.message = fmt::format(
        "{} may claim a draw by writing a move that is neither a pawn move nor a capture "
        "(e.g. {}): with it, the last 50 moves by each player will have been made without a "
        "pawn move or capture",
        colour_name(mover), next_move_text(k, Move{}) + quiet.front());
    f.moves = std::move(quiet);
    fifty_.finding_index[static_cast<std::size_t>(fifty_.finding_count++)] =
        static_cast<int>(report_->findings.size()) - 1;
    last_claim_ply_ = k;
}

// 9.3.2: the last 50 moves by each player were made without a pawn move or capture.
void GameAuditor::claim_fifty_appeared(int k) {
    const Position& position = plies_[static_cast<std::size_t>(k)].position;
    const Color mover = position.side_to_move();
    fifty_.appeared_done[static_cast<std::size_t>(chess::index_of(mover))] = true;
    Finding& f = add_finding(Rule::FiftyMoveClaim, k);
    f.route = Route::Appeared;
    f.article = "9.3.2";
    f.side = side_of(mover);
    f.halfmove_clock = position.halfmove_clock();
    f.message = fmt::format(
        "{} may claim a draw: the last 50 moves by each player have been made without a pawn "
        "move or capture (halfmove clock {})",
        colour_name(mover), position.halfmove_clock());
    fifty_.finding_index[static_cast<std::size_t>(fifty_.finding_count++)] =
        static_cast<int>(report_->findings.size()) - 1;
}

// The moves from position k that make an already twice-occurred position appear a third time.
// A position of the window differs from k by one quiet move of a piece: two squares change their
// occupancy (castling and captures cannot lead back into the window: they are irreversible).
// The move is derived from that difference and confirmed by is_legal and same_position.
bool GameAuditor::find_declared_repetitions(int k, Finding& out) {
    const Position& position = plies_[static_cast<std::size_t>(k)].position;
    const Color mover = position.side_to_move();
    std::string described;
    // Each twice-occurred position of the window, once (at its second occurrence), latest
    // first, with the other side to move (k - j odd).
    if (twice_window_ != window_start_) {
        twice_window_ = window_start_;
        twice_scanned_ = window_start_;
        twice_positions_.clear();
    }
    for (; twice_scanned_ < k; ++twice_scanned_) {
        if (plies_[static_cast<std::size_t>(twice_scanned_)].occurrence == 2)
            twice_positions_.push_back(twice_scanned_);
    }
    for (auto twice = twice_positions_.rbegin(); twice != twice_positions_.rend(); ++twice) {
        const int j = *twice;
        if ((k - j) % 2 == 0) continue;
        const PlyRecord& target = plies_[static_cast<std::size_t>(j)];
        const chess::Bitboard changed = position.occupied() ^ target.position.occupied();
        // Exactly two squares differ, a move's two: tested without popcount, which a portable
        // build calls out of line (libgcc), thousands of times in a large database.
        const chess::Bitboard second = changed & (changed - 1);
        if (second == 0 || chess::more_than_one(second)) continue;
        chess::Square from = chess::lsb(changed);
        chess::Square to = chess::lsb(second);
        if (position.piece_on(from) == chess::NoPiece) std::swap(from, to);
        const chess::Piece piece = position.piece_on(from);
        if (piece == chess::NoPiece || chess::color_of(piece) != mover ||
            target.position.piece_on(to) != piece)
            continue;
        const Move m(from, to);
        if (!position.is_legal(m)) continue;
        Position next = position;
        next.make_move(m);
        if (!next.same_position(target.position)) continue;

        // The position may have occurred again after its second occurrence: list them all.
        int latest = j;
        for (int i = k - 1; i > j; i -= 2) {
            if (keys_[static_cast<std::size_t>(i)] == keys_[static_cast<std::size_t>(j)] &&
                plies_[static_cast<std::size_t>(i)].position.same_position(target.position)) {
                latest = i;
                break;
            }
        }
        const std::string text = next_move_text(k, m);
        out.moves.push_back(chess::to_san(position, m));
        for (int i = latest; i >= 0; i = plies_[static_cast<std::size_t>(i)].previous) {
            out.occurrences.push_back(i);
        }
        if (!described.empty()) described += ", or ";
        described += fmt::format("{} ({} occurrence; before: {})", text,
                                 ordinal(plies_[static_cast<std::size_t>(latest)].occurrence + 1),
                                 occurrences_text(latest));
    }
    if (out.moves.empty()) return false;
    std::sort(out.occurrences.begin(), out.occurrences.end());
    out.occurrences.erase(std::unique(out.occurrences.begin(), out.occurrences.end()),
                          out.occurrences.end());
    for (int i : out.occurrences) out.occurrence_moves.push_back(i == 0 ? "start" : move_text(i));
    out.message = std::move(described);
    return true;
}

// RULES.md fifty-move windows: a maximal run of positions with clock >= 99, ended by a pawn move,
// a capture or the game's end. Findings of a window get its last position as until_ply.
void GameAuditor::open_or_close_fifty_window(int k) {
    const int clock = plies_[static_cast<std::size_t>(k)].position.halfmove_clock();
    if (fifty_.open && clock < 99) close_fifty_window(k - 1);
    if (!fifty_.open && clock >= 99) {
        fifty_ = FiftyWindow{};
        fifty_.open = true;
    }
}

void GameAuditor::close_fifty_window(int last_ply) {
    for (int i = 0; i < fifty_.finding_count; ++i) {
        Finding& f = report_->findings[static_cast<std::size_t>(
            fifty_.finding_index[static_cast<std::size_t>(i)])];
        f.until_ply = last_ply;
    }
    fifty_ = FiftyWindow{};
}

bool GameAuditor::claim_available_at(int k) const {
    if (last_claim_ply_ == k) return true;
    const Position& position = plies_[static_cast<std::size_t>(k)].position;
    return position.halfmove_clock() >= 100;
}

// RULES.md "The recorded result".
void GameAuditor::check_results() {
    const std::string& recorded = report_->result;
    const int final_ply = report_->end_ply ? *report_->end_ply : evaluated_up_to_;
    if (final_ply < 0) return;

    if (report_->end_ply) {
        // The rules gave a result (5.1.1, 5.2.1, 5.2.2, 9.6): the record must agree with it.
        if (recorded == report_->expected_result) return;
        Finding& f = add_finding(Rule::ResultConflict, final_ply);
        f.article = std::string(termination_article(report_->termination));
        f.recorded = recorded;
        f.expected = report_->expected_result;
        const bool decided = is_recorded_result(recorded);
        f.severity = decided ? Severity::Error : Severity::Warning;
        f.message = fmt::format(
            "The game ended {} by {}, which gives {}, but the Result tag {}",
            final_ply == 0 ? std::string("at the start") : "after " + move_text(final_ply),
            termination_reason(report_->termination), report_->expected_result,
            recorded.empty() ? std::string("is missing") : fmt::format("says {}", recorded));
        return;
    }
    if (report_->error) return;  // the final position of the record is unknown

    if (recorded == "1-0" || recorded == "0-1") {
        check_decisive_result_winner_can_mate(final_ply);
        return;
    }

    // 5.2.3: a draw may be agreed only after both players have moved; 9.1.1: an event's
    // regulations may ask for more moves first.
    // A record without any movetext (tags only, as some exports give) says nothing about how
    // many moves were played: it is not taken for a draw agreed before the first move.
    const bool has_movetext = final_ply > 0 || !report_->movetext_result.empty();
    if (recorded == "1/2-1/2" && has_movetext && !claim_available_at(final_ply)) {
        const Color first = plies_[0].position.side_to_move();
        const int first_mover_moves = (final_ply + 1) / 2;
        const int second_mover_moves = final_ply / 2;
        const int white_moves = first == Color::White ? first_mover_moves : second_mover_moves;
        const int black_moves = first == Color::White ? second_mover_moves : first_mover_moves;
        const int required = std::max(1, options_.min_moves_before_agreement);
        if (white_moves < required || black_moves < required) {
            Finding& f = add_finding(Rule::EarlyAgreement, final_ply);
            f.severity = Severity::Warning;
            f.recorded = recorded;
            const bool both_moved = white_moves >= 1 && black_moves >= 1;
            f.article = both_moved ? "9.1.1" : "5.2.3";
            f.message = both_moved
                            ? fmt::format(
                                  "The draw was agreed after {} moves by White and {} by Black, "
                                  "fewer than the {} moves each the event requires",
                                  white_moves, black_moves, required)
                            : fmt::format(
                                  "The draw was agreed before both players had moved ({} "
                                  "half-move{} played)",
                                  final_ply, final_ply == 1 ? "" : "s");
        }
    }
}

// 5.1.2 (resignation), 6.9 (time) and 7.5.5 (second illegal move): a decisive result where the
// winner cannot checkmate by any series of legal moves is a draw. The 2017 and earlier texts
// apply this only to losses on time or by an illegal move, not to resignations.
void GameAuditor::check_decisive_result_winner_can_mate(int k) {
    const Position& final_position = plies_[static_cast<std::size_t>(k)].position;
    const Color winner = report_->result == "1-0" ? Color::White : Color::Black;
    if (chess::can_checkmate(final_position, winner)) return;
    const std::string& how = report_->termination_tag;
    const bool on_time = icontains(how, "time") || icontains(how, "flag");
    const bool illegal = icontains(how, "illegal");
    if (laws_ != Laws::Laws2023 && !on_time && !illegal) return;

    Finding& f = add_finding(Rule::ResultConflict, k);
    f.severity = Severity::Error;
    f.article = on_time ? "6.9" : illegal ? "7.5.5" : "5.1.2";
    f.recorded = report_->result;
    f.expected = "1/2-1/2";
    // The rules give the result here too (the game is drawn), so the game record says so.
    report_->expected_result = f.expected;
    f.message = fmt::format(
        "The Result tag says {}, but {} cannot checkmate by any series of legal moves in the "
        "final position, so the game is drawn{}",
        report_->result, colour_name(winner),
        how.empty() ? std::string{} : fmt::format(" (Termination tag: \"{}\")", how));
}

Finding& GameAuditor::add_finding(Rule rule, int k) {
    Finding& f = report_->findings.emplace_back();
    f.rule = rule;
    f.laws = laws_;
    f.article = std::string(rule_article(rule));
    f.ply = k;
    const PlyRecord& record = plies_[static_cast<std::size_t>(k)];
    f.fen = record.position.to_fen();
    if (k > 0) {
        f.move = move_text(k);
        f.line = record.where.line;
        f.column = record.where.column;
        f.offset = record.where.offset;
    } else {
        f.line = game_pos_.line;
        f.column = game_pos_.column;
        f.offset = game_pos_.offset;
    }
    return f;
}

Finding& GameAuditor::add_game_finding(Rule rule) {
    Finding& f = report_->findings.emplace_back();
    f.rule = rule;
    f.laws = laws_;
    f.article = std::string(rule_article(rule));
    f.line = game_pos_.line;
    f.column = game_pos_.column;
    f.offset = game_pos_.offset;
    return f;
}

// "29... Ng8": the move that led to position k, in canonical SAN with its move number.
// Cached per game: a repetition's findings name the same earlier moves many times over, and
// each SAN costs a legality look and a trial move for its check mark.
const std::string& GameAuditor::move_text(int k) const {
    static const std::string none;
    if (k <= 0) return none;
    const auto index = static_cast<std::size_t>(k);
    if (index >= move_texts_.size()) {
        move_texts_.resize(plies_.size());
        move_text_games_.resize(plies_.size(), 0);
    }
    if (move_text_games_[index] == game_serial_) return move_texts_[index];
    const PlyRecord& before = plies_[index - 1];
    const Move m = plies_[index].move;
    char san[chess::MaxSanLength + 4];
    const std::size_t length = chess::write_san(before.position, m, san);
    move_texts_[index] = numbered_move(before.position, std::string_view(san, length));
    move_text_games_[index] = game_serial_;
    return move_texts_[index];
}

// "36. Kd3": a move that could be played from position k (a null move gives only the number).
std::string GameAuditor::next_move_text(int k, Move m) const {
    const Position& position = plies_[static_cast<std::size_t>(k)].position;
    char san[chess::MaxSanLength + 4];
    const std::size_t length = m.is_null() ? 0 : chess::write_san(position, m, san);
    return numbered_move(position, std::string_view(san, length));
}

// "after 32. Kd3, 34. Kd3" (or "at the start, after 2... Ng8"): the occurrences of position k
// before k, oldest first.
std::string GameAuditor::earlier_occurrences_text(int k) const {
    return occurrences_text(plies_[static_cast<std::size_t>(k)].previous);
}

// The occurrences from `latest` back along the chain of previous occurrences, oldest first.
std::string GameAuditor::occurrences_text(int latest) const {
    std::vector<int>& chain = chain_scratch_;  // newest first, as the links run
    chain.clear();
    for (int i = latest; i >= 0; i = plies_[static_cast<std::size_t>(i)].previous) {
        chain.push_back(i);
    }
    std::string text;
    bool said_after = false;
    for (auto it = chain.rbegin(); it != chain.rend(); ++it) {
        if (!text.empty()) text += ", ";
        if (*it == 0) {
            text += "at the start";
            continue;
        }
        if (!said_after) text += "after ";
        said_after = true;
        text += move_text(*it);
    }
    return text;
}

void GameAuditor::fill_occurrences(int k, Finding& finding) const {
    for (int i = k; i >= 0; i = plies_[static_cast<std::size_t>(i)].previous) {
        finding.occurrences.push_back(i);
    }
    std::reverse(finding.occurrences.begin(), finding.occurrences.end());
    for (int i : finding.occurrences) {
        finding.occurrence_moves.push_back(i == 0 ? "start" : move_text(i));
    }
}

namespace {
struct CollectingSink final : GameSink {
    std::vector<GameReport> games;
    void game(GameReport&& report) override { games.push_back(std::move(report)); }
};
}  // namespace

std::vector<GameReport> audit_text(std::string_view pgn, const AuditOptions& options,
                                   std::string_view file) {
    CollectingSink sink;
    GameAuditor auditor(options, sink);
    pgn::parse_games(pgn, pgn::TextOrigin{file}, auditor);
    return std::move(sink.games);
}

}  // namespace drawaudit::audit
