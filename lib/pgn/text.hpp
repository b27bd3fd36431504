// Text helpers for tag values: PGN escapes and the byte encodings real files use.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>

namespace drawaudit::pgn {

// The value of a tag from its raw text between the quotes: \" becomes " and \\ becomes \; any
// other backslash (including a trailing one, as in [Event "Tournament \"]) is kept as it is.
std::string unescape_tag(std::string_view raw);

// Whether `bytes` is well-formed UTF-8 (no overlong forms, no surrogates, at most U+10FFFF).
bool is_valid_utf8(std::string_view bytes);

// The length of the well-formed UTF-8 sequence at `text[at]` (1 for ASCII), or 0 when none
// starts there.
std::size_t utf8_sequence_length(std::string_view text, std::size_t at);

// Appends the code point `code` (at most U+10FFFF) to `out` as UTF-8.
void append_utf8(std::string& out, char32_t code);

// `bytes` as UTF-8: valid UTF-8 is returned unchanged (minus a leading byte order mark);
// anything else is read byte by byte as Windows-1252 (Latin-1 where 1252 leaves a byte undefined)
// and converted, so reports are always valid UTF-8.
std::string to_utf8(std::string_view bytes);

}  // namespace drawaudit::pgn
