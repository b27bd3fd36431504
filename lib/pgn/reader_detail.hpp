// Internals shared by the parser and the chunker (not part of the public interface).
#pragma once

#include <array>
#include <cstdint>
#include <string_view>

namespace drawaudit::pgn::detail {

enum : std::uint8_t {
    kBlank = 1,  // space, tab, other control bytes
    kBreak = 2,  // '\n', '\r'
    kLetter = 4,
    kDigit = 8,
    kName = 16,   // tag name bytes
    kToken = 32,  // bytes that continue a movetext token
};

extern const std::array<std::uint8_t, 256> kByteClass;

inline bool is(char c, std::uint8_t classes) {
    return (kByteClass[static_cast<unsigned char>(c)] & classes) != 0;
}

// Whether the line starting at `q` opens a tag pair: blanks, '[', a name, blanks, '"'. Sets *name.
bool tag_line_at(const char* q, const char* end, std::string_view* name = nullptr);

}  // namespace drawaudit::pgn::detail
