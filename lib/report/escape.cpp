#include "report/escape.hpp"

#include <algorithm>
#include <array>
#include <atomic>
#include <bit>
#include <cstdint>
#include <cstring>

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

#include "report/buffer_cursor.hpp"

namespace drawaudit::report {
namespace {

constexpr std::string_view replacement_character = "\xEF\xBF\xBD";

// Counted only on the rare invalid byte, so the common path pays nothing.
std::atomic<std::uint64_t> replaced_bytes{0};
void count_replacement() {
    replaced_bytes.fetch_add(1, std::memory_order_relaxed);
}

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

void append_percent(fmt::memory_buffer& out, unsigned char c);

// What copy_utf8 does with the C1 controls (U+0080-U+009F, C2 80 to C2 9F): keeps them, writes
// their two bytes percent-encoded (workflow commands, which also percent-encode U+2028 and U+2029
// so that no reader splits a command in two) or replaces them by U+FFFD (HTML, where they are
// parse errors).
enum class C1Controls { keep, percent, replace };

// Copies `text`, passing each ASCII byte through `on_ascii` (which appends it, escaped or not)
// and replacing invalid UTF-8 by U+FFFD; the C1 controls as `c1` says.
template <typename OnAscii>
void copy_utf8(fmt::memory_buffer& out, std::string_view text, OnAscii on_ascii,
               C1Controls c1 = C1Controls::keep) {
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
            count_replacement();
            ++i;
        } else if (c1 != C1Controls::keep && length == 2 && c == 0xC2 &&
                   static_cast<unsigned char>(text[i + 1]) <= 0x9F) {
            if (c1 == C1Controls::percent) {
                append_percent(out, c);
                append_percent(out, static_cast<unsigned char>(text[i + 1]));
            } else {
                append(out, replacement_character);
            }
            i += length;
        } else if (c1 == C1Controls::percent && length == 3 && c == 0xE2 &&
                   static_cast<unsigned char>(text[i + 1]) == 0x80 &&
                   (static_cast<unsigned char>(text[i + 2]) & 0xFE) == 0xA8) {
            for (std::size_t k = 0; k < 3; ++k)
                append_percent(out, static_cast<unsigned char>(text[i + k]));
            i += length;
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

// 256 flags, one per byte value, built at compile time from a predicate.
using ByteSet = std::array<bool, 256>;
template <typename Predicate>
constexpr ByteSet make_byte_set(Predicate is_member) {
    ByteSet set{};
    for (std::size_t c = 0; c < set.size(); ++c) set[c] = is_member(static_cast<unsigned char>(c));
    return set;
}

// Bytes a JSON string can hold as they are: printable ASCII except the quote and backslash.
constexpr bool json_plain(unsigned char c) {
    return c >= 0x20 && c < 0x7F && c != '"' && c != '\\';
}
// Bytes that make a CSV field need quotes.
constexpr bool csv_needs_quotes(unsigned char c) {
    return c == ',' || c == '"' || c == '\r' || c == '\n';
}

// The bytes that end a plain run, which the writers copy at once: a table for one byte at a time
// and, with SSE2, the same test on 16 bytes (bit k of the mask for byte k).
struct JsonStops {
    static constexpr ByteSet table = make_byte_set([](unsigned char c) { return !json_plain(c); });
#if defined(__SSE2__)
    static unsigned mask(__m128i bytes) {
        // A signed compare: bytes from 0x80 are negative, so this also stops at non-ASCII.
        const __m128i control_or_non_ascii = _mm_cmplt_epi8(bytes, _mm_set1_epi8(0x20));
        const __m128i quote = _mm_cmpeq_epi8(bytes, _mm_set1_epi8('"'));
        const __m128i backslash = _mm_cmpeq_epi8(bytes, _mm_set1_epi8('\\'));
        const __m128i del = _mm_cmpeq_epi8(bytes, _mm_set1_epi8(0x7F));
        return static_cast<unsigned>(_mm_movemask_epi8(
            _mm_or_si128(_mm_or_si128(control_or_non_ascii, quote), _mm_or_si128(backslash, del))));
    }
#endif
};
// CSV stops at the bytes that need quotes, and at non-ASCII bytes for the UTF-8 check.
struct CsvStops {
    static constexpr ByteSet table =
        make_byte_set([](unsigned char c) { return c >= 0x80 || csv_needs_quotes(c); });
#if defined(__SSE2__)
    static unsigned mask(__m128i bytes) {
        const __m128i non_ascii = _mm_cmplt_epi8(bytes, _mm_setzero_si128());
        const __m128i comma = _mm_cmpeq_epi8(bytes, _mm_set1_epi8(','));
        const __m128i quote = _mm_cmpeq_epi8(bytes, _mm_set1_epi8('"'));
        const __m128i cr = _mm_cmpeq_epi8(bytes, _mm_set1_epi8('\r'));
        const __m128i lf = _mm_cmpeq_epi8(bytes, _mm_set1_epi8('\n'));
        return static_cast<unsigned>(_mm_movemask_epi8(_mm_or_si128(
            _mm_or_si128(non_ascii, comma), _mm_or_si128(_mm_or_si128(quote, cr), lf))));
    }
#endif
};

char* copy(char* out, const char* bytes, std::size_t size) {
    std::memcpy(out, bytes, size);
    return out + size;
}

#if defined(__SSE2__)
// Two pieces of a text in the low lanes of one vector, head first; the other lanes are zero.
inline __m128i two_pieces(std::uint64_t head, std::uint64_t tail) {
    return _mm_set_epi64x(static_cast<std::int64_t>(tail), static_cast<std::int64_t>(head));
}
inline __m128i two_pieces(std::uint32_t head, std::uint32_t tail) {
    return _mm_set_epi32(0, 0, static_cast<std::int32_t>(tail), static_cast<std::int32_t>(head));
}

// The first and the last sizeof(Word) of `size` bytes (Word <= size < 2 * sizeof(Word)), loaded
// as two pieces that may overlap, so that nothing is read past the text. When neither holds a
// stop, both are stored the same way and true is returned; otherwise `mask` receives the stops,
// each piece's half shifted back to its offset.
template <typename Stops, typename Word>
bool copy_two_pieces(char*& out, const char* bytes, std::size_t size, unsigned& mask) {
    constexpr unsigned width = sizeof(Word);
    constexpr unsigned piece_lanes = (1u << width) - 1;
    Word head = 0, tail = 0;
    std::memcpy(&head, bytes, width);
    std::memcpy(&tail, bytes + size - width, width);
    // Lanes past the two pieces are zero bytes, which may be stops: they are masked off.
    const unsigned halves = Stops::mask(two_pieces(head, tail)) & ((1u << (2 * width)) - 1);
    if (halves == 0) {
        std::memcpy(out, &head, width);
        std::memcpy(out + size - width, &tail, width);
        out += size;
        return true;
    }
    mask = (halves & piece_lanes) | ((halves >> width) << (size - width));
    return false;
}

// copy_plain for the last size < 16 bytes: two pieces of 8 (or 4) bytes, or byte by byte.
template <typename Stops>
std::size_t copy_short_plain(char*& out, std::string_view text, std::size_t i) {
    const char* const bytes = text.data() + i;
    const std::size_t size = text.size() - i;
    unsigned mask = 0;
    if (size >= 8) {
        if (copy_two_pieces<Stops, std::uint64_t>(out, bytes, size, mask)) return text.size();
    } else if (size >= 4) {
        if (copy_two_pieces<Stops, std::uint32_t>(out, bytes, size, mask)) return text.size();
    } else {
        std::size_t run = 0;
        while (run < size && !Stops::table[static_cast<unsigned char>(bytes[run])]) {
            out[run] = bytes[run];
            ++run;
        }
        out += run;
        return i + run;
    }
    const auto run = static_cast<std::size_t>(std::countr_zero(mask));
    out = copy(out, bytes, run);
    return i + run;
}
#endif

// Copies the plain bytes from text[i] up to the first stop (or the end) to `out`, moves `out`
// past them and returns the index of the stop (or text.size()). Values are mostly plain, so this
// is the writers' usual path. A whole block of 16 is stored even when a stop cuts it short: that
// stays within the next text.size() - i bytes, for which both bounds leave room.
template <typename Stops>
std::size_t copy_plain(char*& out, std::string_view text, std::size_t i) {
#if defined(__SSE2__)
    for (; text.size() - i >= 16; i += 16) {
        const __m128i block = _mm_loadu_si128(reinterpret_cast<const __m128i*>(text.data() + i));
        _mm_storeu_si128(reinterpret_cast<__m128i*>(out), block);
        const unsigned mask = Stops::mask(block);
        if (mask != 0) {
            const auto run = static_cast<std::size_t>(std::countr_zero(mask));
            out += run;
            return i + run;
        }
        out += 16;
    }
    return copy_short_plain<Stops>(out, text, i);
#else
    const std::size_t start = i;
    while (i < text.size() && !Stops::table[static_cast<unsigned char>(text[i])]) ++i;
    out = copy(out, text.data() + start, i - start);
    return i;
#endif
}

// Writes the non-ASCII sequence at text[i], or U+FFFD if it is not valid UTF-8, and moves i past
// what it consumed (one byte when invalid, as copy_utf8 does).
char* write_utf8_sequence(char* out, std::string_view text, std::size_t& i) {
    const std::size_t length = utf8_sequence_length(text, i);
    if (length == 0) {
        ++i;
        count_replacement();
        return copy(out, replacement_character.data(), replacement_character.size());
    }
    out = copy(out, text.data() + i, length);
    i += length;
    return out;
}

// The escape of each ASCII byte that is not json_plain: the short forms JSON has, else \u00XX.
struct JsonEscape {
    char text[6];
    std::uint8_t length;
};
constexpr std::array<JsonEscape, 0x80> json_escapes = [] {
    constexpr char hex[] = "0123456789abcdef";
    std::array<JsonEscape, 0x80> table{};
    for (std::size_t c = 0; c < table.size(); ++c) {
        table[c] = {{'\\', 'u', '0', '0', hex[c >> 4], hex[c & 15]}, 6};
    }
    const auto short_form = [&](char c, char letter) {
        table[static_cast<std::size_t>(c)] = {{'\\', letter}, 2};
    };
    short_form('"', '"');
    short_form('\\', '\\');
    short_form('\n', 'n');
    short_form('\r', 'r');
    short_form('\t', 't');
    short_form('\b', 'b');
    short_form('\f', 'f');
    return table;
}();

// Characters that are valid in a JSON string but that readers splitting their input into lines
// take as line ends (Python's str.splitlines, JavaScript before ES2019, Unicode's line breaking):
// the C1 controls (NEL, U+0085, among them), U+2028 and U+2029. The code point when text[i]
// begins one of them (as valid UTF-8), else 0.
char32_t json_line_separator(std::string_view text, std::size_t i) {
    const auto byte = [&](std::size_t k) {
        return i + k < text.size() ? static_cast<unsigned char>(text[i + k]) : 0u;
    };
    if (byte(0) == 0xC2 && byte(1) >= 0x80 && byte(1) <= 0x9F) return byte(1);
    if (byte(0) == 0xE2 && byte(1) == 0x80 && (byte(2) == 0xA8 || byte(2) == 0xA9))
        return 0x2000 | (byte(2) - 0xA8 + 0x28);
    return 0;
}

// \uXXXX for a code point of the Basic Multilingual Plane (6 bytes, within the 6 per input byte
// that write_json_string's bound allows).
char* write_json_unicode_escape(char* out, char32_t code) {
    constexpr char hex[] = "0123456789abcdef";
    *out++ = '\\';
    *out++ = 'u';
    for (int shift = 12; shift >= 0; shift -= 4) *out++ = hex[(code >> shift) & 15];
    return out;
}

// write_json_string from the first stop at text[i] on (kept out of line: most strings have none).
[[gnu::noinline]] char* write_json_rest(char* out, std::string_view text, std::size_t i) {
    while (i < text.size()) {
        const auto c = static_cast<unsigned char>(text[i]);
        if (c < 0x80) {
            // Copy all 6 bytes (a fixed-size move) and keep `length`: the bound allows 6 per byte.
            const JsonEscape& escape = json_escapes[c];
            std::memcpy(out, escape.text, sizeof escape.text);
            out += escape.length;
            ++i;
        } else if (const char32_t separator = json_line_separator(text, i); separator != 0) {
            out = write_json_unicode_escape(out, separator);
            i += separator < 0x100 ? 2 : 3;
        } else {
            out = write_utf8_sequence(out, text, i);
        }
        i = copy_plain<JsonStops>(out, text, i);
    }
    return out;
}

// write_csv_field from the first stop at text[i] on, the plain bytes before it being already
// copied to [field, out) (kept out of line: most fields have no stop).
[[gnu::noinline]] char* write_csv_rest(char* field, char* out, std::string_view text,
                                       std::size_t i) {
    const bool quoted = std::any_of(text.begin() + static_cast<std::ptrdiff_t>(i), text.end(),
                                    [](char c) { return csv_needs_quotes(c); });
    if (quoted) {
        std::memmove(field + 1, field, static_cast<std::size_t>(out - field));
        *field = '"';
        ++out;
    }
    while (i < text.size()) {
        const char c = text[i];
        if (static_cast<unsigned char>(c) >= 0x80) {
            out = write_utf8_sequence(out, text, i);
        } else {
            if (c == '"') *out++ = '"';  // only met when quoted
            *out++ = c;
            ++i;
        }
        i = copy_plain<CsvStops>(out, text, i);
    }
    if (quoted) *out++ = '"';
    return out;
}

}  // namespace

char* write_json_string(char* out, std::string_view text) {
    *out++ = '"';
    const std::size_t stop = copy_plain<JsonStops>(out, text, 0);
    if (stop != text.size()) [[unlikely]]
        out = write_json_rest(out, text, stop);
    *out++ = '"';
    return out;
}

void append_json_string(fmt::memory_buffer& out, std::string_view text) {
    BufferCursor cursor(out);
    cursor.reserve(json_string_bound(text.size()));
    cursor.put_json_string(text);
}

void append_json_string_or_null(fmt::memory_buffer& out, std::string_view text) {
    if (text.empty()) {
        append(out, "null");
    } else {
        append_json_string(out, text);
    }
}

// The first characters that make a spreadsheet read a cell as a formula (OWASP, CSV Injection).
constexpr bool starts_formula(char c) {
    return c == '=' || c == '+' || c == '-' || c == '@' || c == '\t' || c == '\r';
}

char* write_csv_field(char* out, std::string_view text) {
    char* const field = out;
    // Inside the quotes, if the field takes them (write_csv_rest moves it), as OWASP shows it.
    if (!text.empty() && starts_formula(text.front())) [[unlikely]]
        *out++ = '\'';
    const std::size_t stop = copy_plain<CsvStops>(out, text, 0);
    if (stop != text.size()) [[unlikely]]
        out = write_csv_rest(field, out, text, stop);
    return out;
}

void append_csv_field(fmt::memory_buffer& out, std::string_view text) {
    BufferCursor cursor(out);
    cursor.reserve(csv_field_bound(text.size()));
    cursor.put_csv_field(text);
}

// C0 controls and DEL.
constexpr bool is_control(char c) {
    return static_cast<unsigned char>(c) < 0x20 || c == 0x7F;
}

void append_workflow_data(fmt::memory_buffer& out, std::string_view text) {
    copy_utf8(
        out, text,
        [&](char c) {
            if (c == '%' || is_control(c)) {
                append_percent(out, static_cast<unsigned char>(c));
            } else {
                out.push_back(c);
            }
        },
        C1Controls::percent);
}

void append_workflow_property(fmt::memory_buffer& out, std::string_view text) {
    copy_utf8(
        out, text,
        [&](char c) {
            if (c == '%' || is_control(c) || c == ':' || c == ',') {
                append_percent(out, static_cast<unsigned char>(c));
            } else {
                out.push_back(c);
            }
        },
        C1Controls::percent);
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

void append_terminal_text(fmt::memory_buffer& out, std::string_view text) {
    constexpr char hex[] = "0123456789abcdef";
    const auto show = [&](std::string_view prefix, std::uint32_t code, int digits) {
        append(out, prefix);
        for (int shift = 4 * (digits - 1); shift >= 0; shift -= 4)
            out.push_back(hex[(code >> shift) & 15]);
    };
    std::size_t i = 0;
    while (i < text.size()) {
        const auto c = static_cast<unsigned char>(text[i]);
        if (c < 0x80) {
            if (is_control(static_cast<char>(c))) {
                show("\\x", c, 2);
            } else {
                out.push_back(static_cast<char>(c));
            }
            ++i;
            continue;
        }
        const std::size_t length = utf8_sequence_length(text, i);
        if (length == 0) {
            append(out, replacement_character);
            count_replacement();
            ++i;
            continue;
        }
        const auto byte = [&](std::size_t k) { return static_cast<unsigned char>(text[i + k]); };
        std::uint32_t code = 0;
        if (length == 2) {
            code = (static_cast<std::uint32_t>(c & 0x1F) << 6) | (byte(1) & 0x3F);
        } else if (length == 3) {
            code = (static_cast<std::uint32_t>(c & 0x0F) << 12) |
                   (static_cast<std::uint32_t>(byte(1) & 0x3F) << 6) | (byte(2) & 0x3F);
        }
        const bool c1_control = code >= 0x80 && code <= 0x9F;
        const bool bidi_control =
            (code >= 0x202A && code <= 0x202E) || (code >= 0x2066 && code <= 0x2069);
        if (c1_control || bidi_control) {
            show("\\u", code, 4);
        } else {
            append(out, text.substr(i, length));
        }
        i += length;
    }
}

std::string terminal_text(std::string_view text) {
    fmt::memory_buffer out;
    append_terminal_text(out, text);
    return fmt::to_string(out);
}

std::uint64_t invalid_utf8_replacements() {
    return replaced_bytes.load(std::memory_order_relaxed);
}

void append_html(fmt::memory_buffer& out, std::string_view text) {
    copy_utf8(
        out, text,
        [&](char c) {
            switch (c) {
                case '&':
                    append(out, "&amp;");
                    break;
                case '<':
                    append(out, "&lt;");
                    break;
                case '>':
                    append(out, "&gt;");
                    break;
                case '"':
                    append(out, "&quot;");
                    break;
                case '\'':
                    append(out, "&#39;");
                    break;
                default:
                    // Control characters other than tab and newlines (DEL too) are not allowed in
                    // HTML text.
                    if ((static_cast<unsigned char>(c) < 0x20 && c != '\t' && c != '\n' &&
                         c != '\r') ||
                        c == '\x7f') {
                        append(out, replacement_character);
                    } else {
                        out.push_back(c);
                    }
            }
        },
        C1Controls::replace);
}

}  // namespace drawaudit::report
