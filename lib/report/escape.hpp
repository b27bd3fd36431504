// Escaping for the output formats, appended to a reused buffer (no allocation per field).
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

#include <fmt/format.h>

namespace drawaudit::report {

// A JSON string literal, quotes included. Control characters are escaped; bytes that are not
// valid UTF-8 become U+FFFD, so the output is valid UTF-8 whatever the input held.
void append_json_string(fmt::memory_buffer& out, std::string_view text);

// A JSON string literal, or null when `text` is empty.
void append_json_string_or_null(fmt::memory_buffer& out, std::string_view text);

// One CSV field (RFC 4180): quoted, with quotes doubled, when it holds a comma, quote, CR or LF.
// A field that starts with '=', '+', '-', '@', tab or CR gets a leading apostrophe (OWASP, "CSV
// Injection"), so that no spreadsheet reads it as a formula; this also holds for harmless values
// such as "-" or "-3": the cost of a rule that never guesses (docs/reliability.md).
void append_csv_field(fmt::memory_buffer& out, std::string_view text);

// The same two escapings written at `out`, which must have room for the bound; they return the
// end of what they wrote. They may store whole 16-byte blocks past that end, but never past the
// bound. For writers that make room for a whole field at once (BufferCursor).
// A JSON string takes at most its quotes and 6 bytes per input byte ("\u001f"; U+FFFD is 3).
constexpr std::size_t json_string_bound(std::size_t size) {
    return 2 + 6 * size;
}
char* write_json_string(char* out, std::string_view text);
// A CSV field takes at most its quotes and 3 bytes per input byte (U+FFFD; a doubled quote is 2;
// the first byte, when it takes the apostrophe, is ASCII and takes 2).
constexpr std::size_t csv_field_bound(std::size_t size) {
    return 2 + 3 * size;
}
char* write_csv_field(char* out, std::string_view text);

// GitHub workflow-command data (the message): % CR LF become %25 %0D %0A, which the runner
// decodes; the other control characters (C0, DEL, and the C1 controls U+0080-U+009F as %C2%XX)
// become %XX too, which it shows as they are, so an escape sequence never reaches the log raw.
void append_workflow_data(fmt::memory_buffer& out, std::string_view text);
// GitHub workflow-command property values: as data, and also : and , (%3A %2C).
void append_workflow_property(fmt::memory_buffer& out, std::string_view text);

// Text for a terminal (the text report): valid UTF-8 whose control characters are shown, never
// sent: C0 controls and DEL as \xHH (ESC is \x1b), C1 controls (U+0080-U+009F, which include
// the 8-bit CSI) and the bidirectional overrides and isolates (U+202A-U+202E, U+2066-U+2069)
// as \uHHHH; invalid UTF-8 as U+FFFD. Backslashes stay as they are (the report is for reading).
void append_terminal_text(fmt::memory_buffer& out, std::string_view text);
// The same as a string (for messages on standard error that name a file).
std::string terminal_text(std::string_view text);

// Bytes replaced by U+FFFD so far by any of these functions, in all threads (the run says so on
// standard error when there were any).
std::uint64_t invalid_utf8_replacements();

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
