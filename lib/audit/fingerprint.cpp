#include "audit/fingerprint.hpp"

namespace drawaudit::audit {
namespace {

// The FNV-1a 128 prime is 2^88 + 0x13b.
constexpr std::uint64_t fnv128_prime_low = 0x13b;
constexpr std::uint8_t separator = 0x1f;
constexpr std::string_view standard_start_fen =
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

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

void Fnv1a128::add_byte(std::uint8_t byte) {
    const std::uint64_t low = low_ ^ byte;
    // (high * 2^64 + low) * (2^88 + 0x13b) mod 2^128, in 64-bit halves.
    const std::uint64_t a = (low & 0xffffffffULL) * fnv128_prime_low;
    const std::uint64_t b = (low >> 32) * fnv128_prime_low;
    const std::uint64_t product_low = a + (b << 32);
    const std::uint64_t product_high = (b >> 32) + (((a >> 32) + (b & 0xffffffffULL)) >> 32);
    low_ = product_low;
    high_ = product_high + high_ * fnv128_prime_low + (low << 24);
}
void Fnv1a128::add(std::string_view bytes) {
    for (const char c : bytes) add_byte(static_cast<std::uint8_t>(c));
}
void Fnv1a128::add_u64(std::uint64_t value) {
    for (int i = 0; i < 8; ++i) add_byte(static_cast<std::uint8_t>(value >> (8 * i)));
}
std::array<std::uint64_t, 2> Fnv1a128::value() const {
    return {low_, high_};
}

std::uint8_t GameIdentity::promotion_letter(chess::Move move) {
    switch (move.promotion()) {
        case chess::PieceType::Knight:
            return 'n';
        case chess::PieceType::Bishop:
            return 'b';
        case chess::PieceType::Rook:
            return 'r';
        default:
            return 'q';
    }
}

void GameIdentity::finish(GameReport& report) const {
    const auto moves = moves_.value();

    Fnv1a64 identity;
    for (const std::string_view tag :
         {std::string_view(report.event), std::string_view(report.site),
          std::string_view(report.date), std::string_view(report.round),
          std::string_view(report.white), std::string_view(report.black), fen_tag_}) {
        identity.add(tag);
        identity.add_byte(separator);
    }
    identity.add_u64(moves[0]);
    identity.add_u64(moves[1]);
    report.identity = identity.value();
    report.occurrence = 0;

    Fnv1a128 duplicate;
    std::string normal;  // short names fit the small-string buffer: no allocation
    normalise_name(fen_tag_, normal, false);
    if (normal != standard_start_fen) duplicate.add(normal);
    duplicate.add_byte(separator);
    for (const std::string_view name :
         {std::string_view(report.white), std::string_view(report.black)}) {
        normalise_name(name, normal);
        duplicate.add(normal);
        duplicate.add_byte(separator);
    }
    duplicate.add_u64(moves[0]);
    duplicate.add_u64(moves[1]);
    report.duplicate_key = duplicate.value();

    restamp_fingerprints(report);
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

std::array<char, 16> fingerprint_hex(std::uint64_t fingerprint) {
    constexpr std::string_view digits = "0123456789abcdef";
    std::array<char, 16> hex{};
    for (int i = 15; i >= 0; --i) {
        hex[static_cast<std::size_t>(i)] = digits[fingerprint & 15];
        fingerprint >>= 4;
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

void normalise_name(std::string_view name, std::string& out, bool fold_case) {
    out.clear();
    bool pending_space = false;
    for (const char c : name) {
        if (is_space(c)) {
            pending_space = !out.empty();
            continue;
        }
        if (pending_space) out.push_back(' ');
        pending_space = false;
        out.push_back(fold_case && c >= 'A' && c <= 'Z' ? static_cast<char>(c - 'A' + 'a') : c);
    }
}

}  // namespace drawaudit::audit
