#include "report/escape.hpp"

#include <cstdint>

namespace drawaudit::report {
namespace {

constexpr std::string_view replacement_character = "\xEF\xBF\xBD";

// Length of the valid UTF-8 sequence starting at text[i], or 0 if it is not valid
// (overlong forms, surrogates and code points above U+10FFFF are invalid).
std::size_t utf8_sequence_length(std::string_view text, std::size_t i) {
    const auto byte = [&](std::size_t k) { return static_cast<std::uint8_t>(text[k]); };
    const std::uint8_t lead = byte(i);
    if (lead < 0x80) return 1;
    std::size_t length = 0;
    std::uint32_t min_second = 0x80, max_second = 0xBF;
    if (lead >= 0xC2 && lead <= 0xDF) {
        length = 2;
    } else if (lead >= 0xE0 && lead <= 0xEF) {
        length = 3;
        if (lead == 0xE0) min_second = 0xA0;
        if (lead == 0xED) max_second = 0x9F;
    } else if (lead >= 0xF0 && lead <= 0xF4) {
        length = 4;
        if (lead == 0xF0) min_second = 0x90;
        if (lead == 0xF4) max_second = 0x8F;
    } else {
        return 0;
    }
    if (i + length > text.size()) return 0;
    if (byte(i + 1) < min_second || byte(i + 1) > max_second) return 0;
    for (std::size_t k = 2; k < length; ++k) {
        if ((byte(i + k) & 0xC0) != 0x80) return 0;
    }
    return length;
}

// Copies `text`, passing each ASCII byte through `on_ascii` (which appends it, escaped or not)
// and replacing invalid UTF-8 by U+FFFD.
template <typename OnAscii>
void copy_utf8(fmt::memory_buffer& out, std::string_view text, OnAscii on_ascii) {
    std::size_t i = 0;
    while (i < text.size()) {
        const auto c = static_cast<unsigned char>(text[i]);
        if (c < 0x80) {
            on_ascii(static_cast<char>(c));
            ++i;
            continue;
        }
        const std::size_t length = utf8_sequence_length(text, i);
        if (length == 0) {
            append(out, replacement_character);
            ++i;
        } else {
            append(out, text.substr(i, length));
            i += length;
        }
    }
}

void append_percent(fmt::memory_buffer& out, unsigned char c) {
    constexpr char hex[] = "0123456789ABCDEF";
    out.push_back('%');
    out.push_back(hex[c >> 4]);
    out.push_back(hex[c & 15]);
}

}  // namespace

// Bytes a JSON string can hold as they are: printable ASCII except the quote and backslash.
constexpr bool json_plain(unsigned char c) {
    return c >= 0x20 && c < 0x7F && c != '"' && c != '\\';
}

void append_json_string(fmt::memory_buffer& out, std::string_view text) {
    out.push_back('"');
    // Fast path: most values (names, SAN, FEN) need no escaping; copy runs of plain bytes at once.
    std::size_t run = 0;
    while (run < text.size() && json_plain(static_cast<unsigned char>(text[run]))) ++run;
    append(out, text.substr(0, run));
    text.remove_prefix(run);
    if (text.empty()) {
        out.push_back('"');
        return;
    }
    copy_utf8(out, text, [&](char c) {
        switch (c) {
            case '"':
                append(out, "\\\"");
                break;
            case '\\':
                append(out, "\\\\");
                break;
            case '\n':
                append(out, "\\n");
                break;
            case '\r':
                append(out, "\\r");
                break;
            case '\t':
                append(out, "\\t");
                break;
            case '\b':
                append(out, "\\b");
                break;
            case '\f':
                append(out, "\\f");
                break;
            default:
                if (static_cast<unsigned char>(c) < 0x20 || c == 0x7F) {
                    fmt::format_to(std::back_inserter(out), "\\u{:04x}",
                                   static_cast<unsigned>(static_cast<unsigned char>(c)));
                } else {
                    out.push_back(c);
                }
        }
    });
    out.push_back('"');
}

void append_json_string_or_null(fmt::memory_buffer& out, std::string_view text) {
    if (text.empty()) {
        append(out, "null");
    } else {
        append_json_string(out, text);
    }
}

void append_csv_field(fmt::memory_buffer& out, std::string_view text) {
    const bool needs_quotes = text.find_first_of(",\"\r\n") != std::string_view::npos;
    if (!needs_quotes) {
        append_valid_utf8(out, text);
        return;
    }
    out.push_back('"');
    copy_utf8(out, text, [&](char c) {
        if (c == '"') out.push_back('"');
        out.push_back(c);
    });
    out.push_back('"');
}

void append_workflow_data(fmt::memory_buffer& out, std::string_view text) {
    copy_utf8(out, text, [&](char c) {
        if (c == '%' || c == '\r' || c == '\n') {
            append_percent(out, static_cast<unsigned char>(c));
        } else {
            out.push_back(c);
        }
    });
}

void append_workflow_property(fmt::memory_buffer& out, std::string_view text) {
    copy_utf8(out, text, [&](char c) {
        if (c == '%' || c == '\r' || c == '\n' || c == ':' || c == ',') {
            append_percent(out, static_cast<unsigned char>(c));
        } else {
            out.push_back(c);
        }
    });
}

void append_uri_path(fmt::memory_buffer& out, std::string_view path) {
    for (const char ch : path) {
        const auto c = static_cast<unsigned char>(ch);
        const bool unreserved = (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') ||
                                (c >= '0' && c <= '9') || c == '-' || c == '.' || c == '_' ||
                                c == '~' || c == '/';
        if (unreserved) {
            out.push_back(ch);
        } else {
            append_percent(out, c);
        }
    }
}

void append_valid_utf8(fmt::memory_buffer& out, std::string_view text) {
    copy_utf8(out, text, [&](char c) { out.push_back(c); });
}

}  // namespace drawaudit::report
