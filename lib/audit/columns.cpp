#include <algorithm>
#include <cstdint>
#include <cstring>

#include "audit/columns.hpp"

namespace drawaudit::audit {
namespace {

// UTF-16 code units of UTF-8 text: one per character, two for those beyond U+FFFF (4-byte
// sequences). Bytes that are not UTF-8 count one each, as a replacement character would.
std::uint32_t utf16_units(std::string_view bytes) {
    // ASCII, one unit a byte, 8 bytes at a time up to the first word with a byte of 0x80 or
    // more: a Lichess game is one long line, and a finding's column counts all of it before.
    std::size_t i = 0;
    for (; bytes.size() - i >= 8; i += 8) {
        std::uint64_t word;
        std::memcpy(&word, bytes.data() + i, sizeof word);
        if (word & 0x8080808080808080ULL) break;
    }
    auto units = static_cast<std::uint32_t>(i);
    for (const char c : bytes.substr(i)) {
        const auto byte = static_cast<unsigned char>(c);
        if ((byte & 0xC0) == 0x80) continue;  // continuation byte
        units += byte >= 0xF0 ? 2 : 1;
    }
    return units;
}

}  // namespace

void fill_utf16_columns(GameReport& report, std::string_view text) {
    for (Finding& f : report.findings) {
        f.column_utf16 = f.column;
        if (f.column == 0 || f.offset < report.offset) continue;
        const std::uint64_t at = f.offset - report.offset;
        if (at > text.size()) continue;
        const std::uint64_t column_bytes = f.column - 1;  // bytes before the token on its line
        const std::uint64_t in_text = std::min<std::uint64_t>(column_bytes, at);
        const std::string_view before = text.substr(at - in_text, in_text);
        // The part of the line before the game's text (if any) is counted as ASCII.
        f.column_utf16 =
            static_cast<std::uint32_t>(column_bytes - in_text) + utf16_units(before) + 1;
    }
}

}  // namespace drawaudit::audit
