#include "audit/fingerprint.hpp"

#include <bit>
#include <cstring>

namespace drawaudit::audit {
namespace {

constexpr std::uint8_t separator = 0x1f;
constexpr std::string_view standard_start_fen =
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

constexpr std::uint64_t rotl(std::uint64_t x, int r) {
    return (x << r) | (x >> (64 - r));
}

// The finaliser of MurmurHash3 (fmix64): every input bit reaches every output bit.
constexpr std::uint64_t finalise(std::uint64_t x) {
    x ^= x >> 33;
    x *= 0xff51afd7ed558ccdULL;
    x ^= x >> 33;
    x *= 0xc4ceb9fe1a85ec53ULL;
    x ^= x >> 33;
    return x;
}

bool is_space(char c) {
    return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' || c == '\v';
}

}  // namespace

void Fnv1a64::add(std::string_view bytes) {
    for (const char c : bytes) add_byte(static_cast<std::uint8_t>(c));
}
void Fnv1a64::add_u32(std::uint32_t value) {
    for (int i = 0; i < 4; ++i) add_byte(static_cast<std::uint8_t>(value >> (8 * i)));
}
void Fnv1a64::add_u64(std::uint64_t value) {
    for (int i = 0; i < 8; ++i) add_byte(static_cast<std::uint8_t>(value >> (8 * i)));
}

namespace {
// `n` <= 8 bytes from `p` as a little-endian word (the missing high bytes zero), on any machine.
// A tag value is mostly shorter than a word: fixed-size loads (overlapping where n < 8), never
// a call of memcpy with a variable length.
std::uint64_t load_little_endian(const char* p, std::size_t n) {
    std::uint64_t word = 0;
    if constexpr (std::endian::native == std::endian::little) {
        if (n == 8) {
            std::memcpy(&word, p, 8);
        } else if (n >= 4) {  // bytes 0-3 and n-4 .. n-1: the bytes both hold agree
            std::uint32_t low, high;
            std::memcpy(&low, p, 4);
            std::memcpy(&high, p + n - 4, 4);
            word = low | (static_cast<std::uint64_t>(high) << (8 * (n - 4)));
        } else if (n > 0) {  // bytes 0, n / 2 and n - 1 cover n = 1, 2, 3
            word = static_cast<std::uint64_t>(static_cast<std::uint8_t>(p[0])) |
                   static_cast<std::uint64_t>(static_cast<std::uint8_t>(p[n / 2]))
                       << (8 * (n / 2)) |
                   static_cast<std::uint64_t>(static_cast<std::uint8_t>(p[n - 1])) << (8 * (n - 1));
        }
    } else {
        for (std::size_t b = n; b-- > 0;) word = (word << 8) | static_cast<std::uint8_t>(p[b]);
    }
    return word;
}
}  // namespace

// A word at a time, whatever the offset in word_ (the moves and tags of every game go through
// here): the same value as add_byte() on each byte.
void StableHash128::add(std::string_view bytes) {
    const char* p = bytes.data();
    std::size_t n = bytes.size();
    for (; n >= 8; p += 8, n -= 8) {
        const std::uint64_t word = load_little_endian(p, 8);
        const unsigned filled = filled_;
        if (filled == 0) {
            word_ = word;
            mix_word();
        } else {
            word_ |= word << (8 * filled);
            mix_word();
            word_ = word >> (64 - 8 * filled);
            filled_ = filled;
        }
    }
    if (n == 0) return;
    const std::uint64_t word = load_little_endian(p, n);
    const unsigned filled = filled_;
    word_ |= word << (8 * filled);
    if (filled + n < 8) {
        filled_ = filled + static_cast<unsigned>(n);
        return;
    }
    mix_word();  // filled > 0 here, as n < 8
    word_ = word >> (64 - 8 * filled);
    filled_ = filled + static_cast<unsigned>(n) - 8;
}

std::array<std::uint64_t, 2> StableHash128::value() const {
    StableHash128 last = *this;
    const std::uint64_t length = bytes_ + filled_;
    if (filled_ > 0) last.mix_word();  // the zero-padded last word
    const std::uint64_t a = finalise(last.a_ ^ length);
    const std::uint64_t b = finalise(last.b_ + length * 0x9e3779b97f4a7c15ULL);
    return {a + b, a ^ rotl(b, 17)};
}

namespace {

// Feeds a name as normalise_name() writes it, without a buffer.
void add_normalised(StableHash128& hash, std::string_view name) {
    bool started = false, pending_space = false;
    for (const char c : name) {
        if (is_space(c)) {
            pending_space = started;
            continue;
        }
        if (pending_space) hash.add_byte(' ');
        pending_space = false;
        started = true;
        hash.add_byte(static_cast<std::uint8_t>(c >= 'A' && c <= 'Z' ? c - 'A' + 'a' : c));
    }
}

std::string_view trimmed(std::string_view text) {
    while (!text.empty() && is_space(text.front())) text.remove_prefix(1);
    while (!text.empty() && is_space(text.back())) text.remove_suffix(1);
    return text;
}

}  // namespace

GameIdentity::GameIdentity(const GameReport& report, std::string_view fen_tag, bool duplicate_key)
    : duplicate_key_(duplicate_key) {
    for (const std::string_view tag :
         {std::string_view(report.event), std::string_view(report.site),
          std::string_view(report.date), std::string_view(report.round),
          std::string_view(report.white), std::string_view(report.black), fen_tag}) {
        identity_.add(tag);
        identity_.add_byte(separator);
    }
    if (!duplicate_key_) return;
    const std::string_view fen = trimmed(fen_tag);
    if (fen != standard_start_fen) duplicate_.add(fen);
    duplicate_.add_byte(separator);
    add_normalised(duplicate_, report.white);
    duplicate_.add_byte(separator);
    add_normalised(duplicate_, report.black);
    duplicate_.add_byte(separator);
}

void GameIdentity::finish(GameReport& report) const {
    report.identity = identity_.value64();
    report.occurrence = 0;
    report.duplicate_key = duplicate_key_ ? duplicate_.value() : std::array<std::uint64_t, 2>{};
    restamp_fingerprints(report);
}

// A Fletcher-style pair of sums over the text's little-endian words: two additions per 8 bytes,
// as every game of a shard run is hashed (StableHash128 cost 4% of the run). It tells an input
// changed since the part was made (any changed word changes the first sum, a moved one the
// second), which is all merge asks of it: the parts are not adversaries of the inputs.
std::uint64_t game_text_hash(std::string_view text) {
    const char* p = text.data();
    std::size_t n = text.size();
    std::uint64_t sum = 0, sum_of_sums = 0;
    // Four words a round: the same sums, a third fewer instructions (every game of a shard's
    // run goes through here).
    for (; n >= 32; p += 32, n -= 32) {
        const std::uint64_t s1 = sum + load_little_endian(p, 8);
        const std::uint64_t s2 = s1 + load_little_endian(p + 8, 8);
        const std::uint64_t s3 = s2 + load_little_endian(p + 16, 8);
        sum = s3 + load_little_endian(p + 24, 8);
        sum_of_sums += s1 + s2 + s3 + sum;
    }
    for (; n >= 8; p += 8, n -= 8) {
        sum += load_little_endian(p, 8);
        sum_of_sums += sum;
    }
    if (n > 0) {
        sum += load_little_endian(p, n);
        sum_of_sums += sum;
    }
    return finalise(sum ^ rotl(sum_of_sums, 29) ^ (text.size() * 0x9e3779b97f4a7c15ULL));
}

std::uint64_t finding_fingerprint(std::uint64_t identity, std::uint32_t occurrence, Rule rule,
                                  Route route, int ply) {
    Fnv1a64 hash;
    hash.add_u64(identity);
    if (occurrence > 0) hash.add_u32(occurrence);
    hash.add(rule_id(rule));
    hash.add_byte(separator);
    hash.add(route_name(route));
    hash.add_byte(separator);
    hash.add_u32(static_cast<std::uint32_t>(ply));
    return hash.value();
}

void restamp_fingerprints(GameReport& report) {
    for (Finding& f : report.findings)
        f.fingerprint =
            finding_fingerprint(report.identity, report.occurrence, f.rule, f.route, f.ply);
}

namespace {

// The eight nibbles of `half` as eight lowercase hex digits, the first (most significant) in the
// lowest byte: each nibble is spread into a byte of its own, then made a digit, all at once.
std::uint64_t hex_digits(std::uint32_t half) {
    std::uint64_t x = half;
    x = (x | (x << 16)) & 0x0000ffff0000ffffULL;
    x = (x | (x << 8)) & 0x00ff00ff00ff00ffULL;
    x = (x | (x << 4)) & 0x0f0f0f0f0f0f0f0fULL;  // byte i holds nibble i, the least first
    const std::uint64_t letters = ((x + 0x0606060606060606ULL) >> 4) & 0x0101010101010101ULL;
    x += 0x3030303030303030ULL + letters * ('a' - '0' - 10);
    return __builtin_bswap64(x);
}

}  // namespace

// Fingerprints, identities and text hashes of every record of a part go through here.
std::array<char, 16> fingerprint_hex(std::uint64_t fingerprint) {
    std::array<char, 16> hex{};
    if constexpr (std::endian::native == std::endian::little) {
        const std::uint64_t high = hex_digits(static_cast<std::uint32_t>(fingerprint >> 32));
        const std::uint64_t low = hex_digits(static_cast<std::uint32_t>(fingerprint));
        std::memcpy(hex.data(), &high, 8);
        std::memcpy(hex.data() + 8, &low, 8);
    } else {
        constexpr std::string_view digits = "0123456789abcdef";
        for (int i = 15; i >= 0; --i) {
            hex[static_cast<std::size_t>(i)] = digits[fingerprint & 15];
            fingerprint >>= 4;
        }
    }
    return hex;
}

std::optional<std::uint64_t> parse_fingerprint(std::string_view text) {
    if (text.size() != 16) return std::nullopt;
    std::uint64_t value = 0;
    for (const char c : text) {
        int digit = -1;
        if (c >= '0' && c <= '9') digit = c - '0';
        if (c >= 'a' && c <= 'f') digit = c - 'a' + 10;
        if (c >= 'A' && c <= 'F') digit = c - 'A' + 10;
        if (digit < 0) return std::nullopt;
        value = (value << 4) | static_cast<std::uint64_t>(digit);
    }
    return value;
}

void normalise_name(std::string_view name, std::string& out) {
    out.clear();
    bool pending_space = false;
    for (const char c : name) {
        if (is_space(c)) {
            pending_space = !out.empty();
            continue;
        }
        if (pending_space) out.push_back(' ');
        pending_space = false;
        out.push_back(c >= 'A' && c <= 'Z' ? static_cast<char>(c - 'A' + 'a') : c);
    }
}

}  // namespace drawaudit::audit
