// Escaping for the output formats, appended to a reused buffer (no allocation per field).
#pragma once

#include <cstddef>
#include <string_view>

#include <fmt/format.h>

namespace drawaudit::report {

// A JSON string literal, quotes included. Control characters are escaped; bytes that are not
// valid UTF-8 become U+FFFD, so the output is valid UTF-8 whatever the input held.
void append_json_string(fmt::memory_buffer& out, std::string_view text);

// A JSON string literal, or null when `text` is empty.
void append_json_string_or_null(fmt::memory_buffer& out, std::string_view text);

// One CSV field (RFC 4180): quoted, with quotes doubled, when it holds a comma, quote, CR or LF.
void append_csv_field(fmt::memory_buffer& out, std::string_view text);

// The same two escapings written at `out`, which must have room for the bound; they return the
// end of what they wrote. They may store whole 16-byte blocks past that end, but never past the
// bound. For writers that make room for a whole field at once (BufferCursor).
// A JSON string takes at most its quotes and 6 bytes per input byte ("\u001f"; U+FFFD is 3).
constexpr std::size_t json_string_bound(std::size_t size) {
    return 2 + 6 * size;
}
char* write_json_string(char* out, std::string_view text);
// A CSV field takes at most its quotes and 3 bytes per input byte (U+FFFD; a doubled quote is 2).
constexpr std::size_t csv_field_bound(std::size_t size) {
    return 2 + 3 * size;
}
char* write_csv_field(char* out, std::string_view text);

// GitHub workflow-command data (the message): % CR LF become %25 %0D %0A.
void append_workflow_data(fmt::memory_buffer& out, std::string_view text);
// GitHub workflow-command property values: as data, and also : and , (%3A %2C).
void append_workflow_property(fmt::memory_buffer& out, std::string_view text);

// A relative URI reference for a file path (RFC 3986): unreserved bytes and '/' as they are,
// everything else percent-encoded.
void append_uri_path(fmt::memory_buffer& out, std::string_view path);

// `text` with invalid UTF-8 replaced by U+FFFD (for formats without their own escaping).
void append_valid_utf8(fmt::memory_buffer& out, std::string_view text);

// HTML/SVG text or a quoted attribute value: & < > " ' as character references, control
// characters and invalid UTF-8 as U+FFFD.
void append_html(fmt::memory_buffer& out, std::string_view text);

inline void append(fmt::memory_buffer& out, std::string_view text) {
    out.append(text.data(), text.data() + text.size());
}

}  // namespace drawaudit::report
