// The tags the audit reads, and the start position they give (RULES.md "Positions and plies").
#include "audit/tags.hpp"

#include <cctype>
#include <cstring>
#include <tuple>

#include "audit/game.hpp"
#include "pgn/text.hpp"

namespace drawaudit::audit {

RoundAndBoard round_and_board(std::string_view round_tag, std::string_view board_tag) {
    const std::size_t dot = round_tag.find('.');
    RoundAndBoard out{round_tag.substr(0, dot), {}};
    if (tag_known(board_tag))
        out.board = board_tag;
    else if (dot != std::string_view::npos)
        out.board = round_tag.substr(dot + 1);
    return out;
}

// ASCII letters only, as std::tolower does in the "C" locale the program runs in, without a
// library call per byte (the Variant tag of every Lichess game is compared here).
constexpr unsigned char ascii_lower(unsigned char c) {
    return c >= 'A' && c <= 'Z' ? static_cast<unsigned char>(c + ('a' - 'A')) : c;
}

bool iequals(std::string_view a, std::string_view b) {
    if (a.size() != b.size()) return false;
    for (std::size_t i = 0; i < a.size(); ++i) {
        if (ascii_lower(static_cast<unsigned char>(a[i])) !=
            ascii_lower(static_cast<unsigned char>(b[i])))
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

namespace {

// The tags the audit reads; GameTags::fields_ holds their fields in this order.
constexpr std::array<std::string_view, 13> kNeededTags = {
    "Event",    "Site",     "Date",        "Round", "White", "Black",  "Result",
    "WhiteElo", "BlackElo", "Termination", "FEN",   "SetUp", "Variant"};

// A hash of a tag name from its length and first and last letters that puts each needed tag in
// a slot of its own (checked at compile time): a tag is found by one table look-up, as the names
// come in no predictable order.
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

// a[0, n) == b[0, n) for 3 <= n <= 16 (the needed tag names): two overlapping words, as the
// names are short.
bool same_short_text(const char* a, const char* b, std::size_t n) {
    if (n >= 8)
        return load<std::uint64_t>(a) == load<std::uint64_t>(b) &&
               load<std::uint64_t>(a + n - 8) == load<std::uint64_t>(b + n - 8);
    if (n >= 4)
        return load<std::uint32_t>(a) == load<std::uint32_t>(b) &&
               load<std::uint32_t>(a + n - 4) == load<std::uint32_t>(b + n - 4);
    return load<std::uint16_t>(a) == load<std::uint16_t>(b) && a[n - 1] == b[n - 1];
}

// The bytes of w that keep a tag value from being its own value, as high bits: a non-ASCII
// byte, or a backslash (an escape). A byte above a backslash may be flagged too, which is harmless.
constexpr std::uint64_t unplain_bytes(std::uint64_t w) {
    constexpr std::uint64_t ones = 0x0101010101010101ULL;
    constexpr std::uint64_t highs = 0x8080808080808080ULL;
    const std::uint64_t b = w ^ (ones * static_cast<unsigned char>('\\'));
    return (w | ((b - ones) & ~b)) & highs;  // a zero byte of b is a backslash of w
}

// Whether a raw tag value is its own value: plain ASCII without a backslash (escape), as most
// values are. Eight bytes at a time, the last word overlapping the one before, so that values up
// to 16 bytes (nearly all) take no loop.
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

void GameTags::new_game(GameReport& report) {
    static_assert(kNeededTags.size() == std::tuple_size_v<decltype(fields_)>);
    fields_ = {&report.event,
               &report.site,
               &report.date,
               &report.round,
               &report.white,
               &report.black,
               &report.result,
               &report.white_elo,
               &report.black_elo,
               &report.termination_tag,
               &fen_,
               &setup_,
               &variant_};
    report_ = &report;
    fen_.clear();
    setup_.clear();
    variant_.clear();
    has_fen_ = false;
}

std::string* GameTags::field_of(std::string_view name) const {
    if (name.size() < 3) return nullptr;
    const int i = kTagSlots.index[tag_slot(name.size(), static_cast<unsigned char>(name.front()),
                                           static_cast<unsigned char>(name.back()))];
    if (i < 0) return nullptr;
    const std::string_view known = kNeededTags[static_cast<std::size_t>(i)];
    if (known.size() != name.size() || !same_short_text(name.data(), known.data(), name.size()))
        return nullptr;
    return fields_[static_cast<std::size_t>(i)];
}

void GameTags::read(std::string_view name, std::string_view raw_value) {
    std::string* const field = field_of(name);
    if (!field) return read_other(name, raw_value);
    if (plain_tag_value(raw_value)) {
        // clear + append: a plain copy into the room the string has (assign's general replace,
        // which allows for overlap, costs several times more).
        field->clear();
        field->append(raw_value);
    } else {
        *field = pgn::to_utf8(pgn::unescape_tag(raw_value));
    }
    if (field == &fen_) has_fen_ = true;
}

// The tags outside the slot table (their hashes would share slots): only --trf reads them,
// and they are rare, so a length test is all most tags cost here.
void GameTags::read_other(std::string_view name, std::string_view raw_value) {
    if (name.size() != 11 || report_ == nullptr) return;
    std::string* const field = name == "WhiteFideId"   ? &report_->white_fide_id
                               : name == "BlackFideId" ? &report_->black_fide_id
                                                       : nullptr;
    if (field != nullptr) *field = pgn::to_utf8(pgn::unescape_tag(raw_value));
}

std::optional<chess::Position> GameTags::start_position(CurrentGame& game) const {
    const VariantKind variant = classify_variant(variant_);
    if (variant == VariantKind::Unsupported) {
        Finding& f = game.add_game_finding(Rule::UnsupportedVariant);
        f.severity = Severity::Warning;
        f.args.id = MessageId::UnsupportedVariant;
        f.args.quoted = variant_;
        return std::nullopt;
    }
    const bool chess960 = variant == VariantKind::Chess960;
    if (!has_fen_ && setup_ == "1") {
        Finding& f = game.add_game_finding(Rule::BadFen);
        f.severity = Severity::Error;
        f.args.id = MessageId::SetUpWithoutFen;
        return std::nullopt;
    }
    chess::Position start = chess::Position::startpos();
    if (has_fen_ || chess960) {
        const std::string_view fen = has_fen_ ? std::string_view{fen_} : chess::StartFen;
        auto parsed = chess::Position::from_fen(fen, chess::FenOptions{.chess960 = chess960});
        if (!parsed) {
            Finding& f = game.add_game_finding(Rule::BadFen);
            f.severity = Severity::Error;
            f.args.id = MessageId::FenCannotBeSetUp;
            f.args.quoted = fen;
            f.args.fen_error = std::move(parsed.error());
            return std::nullopt;
        }
        start = parsed->position;
        if (!parsed->repairs.empty()) {
            Finding& f = game.add_game_finding(Rule::FenRepaired);
            f.severity = Severity::Warning;
            f.fen = start.to_fen();
            f.args.id = MessageId::FenRepaired;
            f.args.fen_repairs = std::move(parsed->repairs);
        }
    }
    return start;
}

}  // namespace drawaudit::audit
