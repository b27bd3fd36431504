// Internals shared by the parser and the chunker (not part of the public interface).
#pragma once

#include <array>
#include <bit>
#include <cstdint>
#include <cstring>
#include <string_view>

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

namespace drawaudit::pgn::detail {

enum : std::uint8_t {
    kBlank = 1,  // space, tab, other control bytes
    kBreak = 2,  // '\n', '\r'
    kLetter = 4,
    kDigit = 8,
    kName = 16,   // tag name bytes
    kToken = 32,  // bytes that continue a movetext token
};

constexpr std::array<std::uint8_t, 256> make_byte_classes() {
    std::array<std::uint8_t, 256> table{};
    constexpr std::string_view token_punctuation = "+#=:-/!?@._~^";
    for (int c = 0; c < 256; ++c) {
        std::uint8_t k = 0;
        // Control bytes (NUL included) count as blanks: real files carry stray NULs and form feeds.
        if (c == ' ' || c == '\t' || (c < 0x20 && c != '\n' && c != '\r') || c == 0x7F) k |= kBlank;
        if (c == '\n' || c == '\r') k |= kBreak;
        const bool alpha = (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z');
        const bool digit = c >= '0' && c <= '9';
        if (alpha) k |= kLetter;
        if (digit) k |= kDigit;
        if (alpha || digit || c == '_') k |= kName;
        // Bytes that continue a token: SAN with suffixes and annotations ("exd6e.p.", "e8=Q+!?"),
        // glyphs ("+/-"), drops ("N@f3"), and non-ASCII bytes (so "e4‼" stays one token).
        if (alpha || digit ||
            token_punctuation.find(static_cast<char>(c)) != std::string_view::npos || c >= 0x80) {
            k |= kToken;
        }
        table[static_cast<std::size_t>(c)] = k;
    }
    return table;
}

inline constexpr std::array<std::uint8_t, 256> kByteClass = make_byte_classes();

inline bool is(char c, std::uint8_t classes) {
    return (kByteClass[static_cast<unsigned char>(c)] & classes) != 0;
}

// The index of the lowest set bit of m != 0. Without BMI (no tzcnt in the baseline), GCC guards
// countr_zero against zero and sign-extends its int result: a bsf is one instruction where that
// is up to seven, and the scans below run on every token and tag pair.
inline std::uint64_t lowest_bit(std::uint64_t m) {
#if defined(__x86_64__) && defined(__GNUC__)
    std::uint64_t index;
    asm("bsfq %1, %0" : "=r"(index) : "rm"(m) : "cc");
    return index;
#else
    return static_cast<unsigned>(std::countr_zero(m));
#endif
}

// The index of the highest set bit of m | 1 (0 when m has no bit above bit 0): a bsr, which
// the | 1 keeps defined.
inline std::uint64_t highest_bit_or_zero(std::uint64_t m) {
#if defined(__x86_64__) && defined(__GNUC__)
    std::uint64_t index;
    asm("bsrq %1, %0" : "=r"(index) : "rm"(m | 1) : "cc");
    return index;
#else
    return static_cast<unsigned>(63 - std::countl_zero(m | 1));
#endif
}

// Whether m is 0; else `index` receives the index of its lowest set bit. The zero flag of the
// bsf tells, where a test of m would be one instruction more per token or tag pair.
inline bool no_set_bit(std::uint64_t m, std::uint64_t& index) {
#if defined(__x86_64__) && defined(__GNUC__)
    bool zero;
    asm("bsfq %2, %1" : "=@ccz"(zero), "=r"(index) : "rm"(m));
    return zero;
#else
    if (m == 0) return true;
    index = lowest_bit(m);
    return false;
#endif
}

// Whether the line starting at `q` opens a tag pair: blanks, '[', a name, blanks, '"'. Sets *name.
bool tag_line_at(const char* q, const char* end, std::string_view* name = nullptr);
// Whether [line, end) is exactly one tag pair named `name` with a plain value: a tag line of that
// name before a tag line always makes the latter start a new game (a repeated name).
bool repeats_tag_line(const char* line, const char* end, std::string_view name);

#if defined(__SSE2__)
// The lanes of `x` whose unsigned byte lies in [lo, hi] (all ones there); hi - lo < 128.
inline __m128i bytes_in_range(__m128i x, unsigned char lo, unsigned char hi) {
    if (lo == 0) return _mm_cmpeq_epi8(_mm_min_epu8(x, _mm_set1_epi8(static_cast<char>(hi))), x);
    // Shifted by 0x80 - lo, the range is the lowest signed bytes: one add and one compare (SSE2
    // has no unsigned compare; a subtract, a min and an equality take one operation more).
    const __m128i shifted = _mm_add_epi8(x, _mm_set1_epi8(static_cast<char>(0x80 - lo)));
    return _mm_cmplt_epi8(shifted, _mm_set1_epi8(static_cast<char>(0x80 + (hi - lo) + 1)));
}

// The lanes of `x` holding an ASCII letter or digit. Setting bit 5 folds 'A'..'Z' onto 'a'..'z'
// and nothing else onto them.
inline __m128i alnum_bytes(__m128i x) {
    const __m128i lower = _mm_or_si128(x, _mm_set1_epi8(0x20));
    return _mm_or_si128(bytes_in_range(x, '0', '9'), bytes_in_range(lower, 'a', 'z'));
}

// Bit i set when byte i of the 16 at `p` is no tag name byte (kName: letters, digits, '_').
inline unsigned non_name_mask16(const char* p) {
    const __m128i x = _mm_loadu_si128(reinterpret_cast<const __m128i*>(p));
    const __m128i name = _mm_or_si128(alnum_bytes(x), _mm_cmpeq_epi8(x, _mm_set1_epi8('_')));
    return static_cast<unsigned>(~_mm_movemask_epi8(name)) & 0xFFFFu;
}

// Bit i set when byte i of the 16 at `p` cannot continue a token (the complement of kToken:
// blanks, line breaks, NUL, and " $ % & ' ( ) * , ; < > [ \ ] ` { | } DEL).
inline unsigned non_token_mask16(const char* p) {
    const __m128i x = _mm_loadu_si128(reinterpret_cast<const __m128i*>(p));
    const auto in_range = [x](unsigned char lo, unsigned char hi) {
        return bytes_in_range(x, lo, hi);
    };
    const auto equal = [x](unsigned char c) {
        return _mm_cmpeq_epi8(x, _mm_set1_epi8(static_cast<char>(c)));
    };
    __m128i m = in_range(0x00, 0x20);
    m = _mm_or_si128(m, equal('"'));
    m = _mm_or_si128(m, in_range(0x24, 0x2A));
    m = _mm_or_si128(m, equal(','));
    m = _mm_or_si128(m, in_range(0x3B, 0x3C));
    m = _mm_or_si128(m, equal('>'));
    m = _mm_or_si128(m, in_range(0x5B, 0x5D));
    m = _mm_or_si128(m, equal('`'));
    m = _mm_or_si128(m, in_range(0x7B, 0x7D));
    m = _mm_or_si128(m, equal(0x7F));
    return static_cast<unsigned>(_mm_movemask_epi8(m));
}

// The byte classes the movetext fast path needs, for 64 bytes as bit masks (bit i = byte i).
struct Masks64 {
    std::uint64_t separator = 0;      // bytes <= 0x20: space, line breaks, tab, other control bytes
    std::uint64_t odd_separator = 0;  // the separators other than ' ' (line breaks among them)
    std::uint64_t line_feed = 0;      // '\n'
    // Neither a letter (but 'Z' and 'z'), a digit, nor one of the common SAN suffix bytes + - = #:
    // every byte that ends a token, and a few that do not ("!", "?", ".", "Z"...), which the fast
    // path looks at one by one.
    std::uint64_t not_move_byte = 0;
    std::uint64_t not_move_number = 0;  // neither a digit nor '.'
    // What a token that the fast path reads whole may begin with: a digit (a move number), or a
    // letter but 'Z' and 'z' (a move; "Z0" is a null move, and no SAN has a 'z').
    std::uint64_t token_first = 0;
};

// Classifies the 64 bytes at `p` (all readable). Fewer and cheaper classes than the exact token
// class: a range test costs three vector operations, and this runs on every byte of movetext.
inline Masks64 classify64(const char* p) {
    const auto bits = [](__m128i m, int shift) {
        return std::uint64_t{static_cast<unsigned>(_mm_movemask_epi8(m))} << shift;
    };
    std::uint64_t above_space = 0;  // the complement of each mask, as the sign bits give it
    std::uint64_t not_below_space = 0;
    std::uint64_t line_feed = 0;
    std::uint64_t move_byte = 0;
    std::uint64_t move_number = 0;
    std::uint64_t token_first = 0;
    for (int k = 0; k < 4; ++k) {
        const __m128i x = _mm_loadu_si128(reinterpret_cast<const __m128i*>(p + 16 * k));
        const auto equal = [x](char c) { return _mm_cmpeq_epi8(x, _mm_set1_epi8(c)); };
        const __m128i digit = bytes_in_range(x, '0', '9');
        // Letters but 'Z' and 'z': setting bit 5 folds 'A'..'Y' onto 'a'..'y' and nothing else.
        const __m128i letter = bytes_in_range(_mm_or_si128(x, _mm_set1_epi8(0x20)), 'a', 'y');
        const __m128i alnum = _mm_or_si128(digit, letter);
        const __m128i dots = equal('.');
        // '#' and '+' differ only in bit 3, '-' and '=' only in bit 4: one compare each pair.
        const auto either = [x](char set, char c) {
            return _mm_cmpeq_epi8(_mm_or_si128(x, _mm_set1_epi8(set)), _mm_set1_epi8(c));
        };
        const __m128i suffix = _mm_or_si128(either(0x08, '+'), either(0x10, '='));
        // A saturating add sets the sign bit exactly of the bytes >= 0x21 (>= 0x20): one
        // operation per class where a compare takes two.
        above_space |= bits(_mm_adds_epu8(x, _mm_set1_epi8(0x80 - 0x21)), 16 * k);
        not_below_space |= bits(_mm_adds_epu8(x, _mm_set1_epi8(0x80 - 0x20)), 16 * k);
        line_feed |= bits(equal('\n'), 16 * k);
        move_byte |= bits(_mm_or_si128(alnum, suffix), 16 * k);
        move_number |= bits(_mm_or_si128(digit, dots), 16 * k);
        token_first |= bits(alnum, 16 * k);
    }
    return Masks64{~above_space, ~not_below_space, line_feed,
                   ~move_byte,   ~move_number,     token_first};
}

// The brace comments of the 64 bytes at `p` whose separators other than ' ' are
// `odd_separator`, as a mask ('{' to '}'), for the movetext fast path to read them as
// separators: it then reads the moves between a Lichess export's "{ [%clk 0:03:00] }" in one
// pass rather than leaving the window at each one. Only for a reader that skips comments. The
// window starts outside any comment (the fast path never stops inside one), so its braces must
// alternate, '{' first; otherwise, or when a comment holds a line break or another separator
// but ' ' (a line break inside a comment may begin a tag line: the general code decides), 0. A
// comment that goes on past the window is left out: its '{' stops the reading, whose token by
// token part then skips the comment (measured fewer instructions than folding it up to the
// window's end, which has the next window read the token before it again).
inline std::uint64_t brace_comments(const char* p, std::uint64_t odd_separator) {
    std::uint64_t open = 0;
    std::uint64_t close = 0;
    for (int k = 0; k < 4; ++k) {
        const __m128i x = _mm_loadu_si128(reinterpret_cast<const __m128i*>(p + 16 * k));
        open |= std::uint64_t{static_cast<unsigned>(
                    _mm_movemask_epi8(_mm_cmpeq_epi8(x, _mm_set1_epi8('{'))))}
                << (16 * k);
        close |= std::uint64_t{static_cast<unsigned>(
                     _mm_movemask_epi8(_mm_cmpeq_epi8(x, _mm_set1_epi8('}'))))}
                 << (16 * k);
    }
    // Inside: bit i set when an odd number of braces lie at or before byte i (a prefix xor), so
    // set from each '{' up to the byte before the '}' that follows it.
    std::uint64_t inside = open | close;
    for (int shift = 1; shift < 64; shift *= 2) inside ^= inside << shift;
    // Alternating: every '{' opens (inside is set on it), every '}' closes (clear on it). A '{'
    // inside a comment, or a '}' outside one, leaves the window as it is.
    if ((open & ~inside) | (close & inside)) return 0;
    std::uint64_t comments = inside | close;
    if (inside >> 63) comments &= (std::uint64_t{1} << highest_bit_or_zero(open)) - 1;
    return (comments & odd_separator) != 0 ? 0 : comments;
}

// Bit i set when byte i of the 16 at `p` is '"', '\\', '\n' or '\r'.
inline unsigned quote_backslash_break_mask16(const char* p) {
    const __m128i x = _mm_loadu_si128(reinterpret_cast<const __m128i*>(p));
    __m128i m = _mm_cmpeq_epi8(x, _mm_set1_epi8('"'));
    m = _mm_or_si128(m, _mm_cmpeq_epi8(x, _mm_set1_epi8('\\')));
    m = _mm_or_si128(m, _mm_cmpeq_epi8(x, _mm_set1_epi8('\n')));
    m = _mm_or_si128(m, _mm_cmpeq_epi8(x, _mm_set1_epi8('\r')));
    return static_cast<unsigned>(_mm_movemask_epi8(m));
}
#endif

// The separators (bytes <= 0x20) that begin the 16 bytes at `p` (all readable), when fewer
// than 16: their number, and the line breaks among them, bit i for a break at byte i ('\n', and
// a '\r' not followed by '\n': "\r\n" is one break, at its '\n'). Length 0 when none is read
// here (16 separators, or no SSE2).
struct BlankRun {
    std::uint64_t length = 0;
    unsigned breaks = 0;
};

inline BlankRun blank_run16(const char* p) {
#if defined(__SSE2__)
    const __m128i x = _mm_loadu_si128(reinterpret_cast<const __m128i*>(p));
    const auto mask = [](__m128i m) { return static_cast<unsigned>(_mm_movemask_epi8(m)); };
    const unsigned above_space = mask(_mm_adds_epu8(x, _mm_set1_epi8(0x80 - 0x21)));
    std::uint64_t length;
    if (no_set_bit(above_space, length)) return {};
    const unsigned lf = mask(_mm_cmpeq_epi8(x, _mm_set1_epi8('\n')));
    const unsigned cr = mask(_mm_cmpeq_epi8(x, _mm_set1_epi8('\r')));
    // A '\r' at the run's end is followed by no '\n'.
    return {length, (lf | (cr & ~(lf >> 1))) & ((1u << length) - 1)};
#else
    static_cast<void>(p);
    return {};
#endif
}

// The first byte at or after `q` that cannot continue a token (or `end`). One vector compare
// instead of a branch per byte: token lengths are unpredictable, so a byte loop mispredicts at
// the end of nearly every token.
inline const char* token_end(const char* q, const char* end) {
#if defined(__SSE2__)
    while (end - q >= 16) {
        if (const unsigned m = non_token_mask16(q)) return q + lowest_bit(m);
        q += 16;
    }
#endif
    while (q < end && is(*q, kToken)) ++q;
    return q;
}

// The first '}', '\n' or '\r' at or after `q` (or `end`): the scan of a comment.
inline const char* find_brace_or_break(const char* q, const char* end) {
#if defined(__SSE2__)
    while (end - q >= 16) {
        const __m128i x = _mm_loadu_si128(reinterpret_cast<const __m128i*>(q));
        __m128i m = _mm_cmpeq_epi8(x, _mm_set1_epi8('}'));
        m = _mm_or_si128(m, _mm_cmpeq_epi8(x, _mm_set1_epi8('\n')));
        m = _mm_or_si128(m, _mm_cmpeq_epi8(x, _mm_set1_epi8('\r')));
        if (const auto bits = static_cast<unsigned>(_mm_movemask_epi8(m)))
            return q + lowest_bit(bits);
        q += 16;
    }
#endif
    while (q < end && *q != '}' && *q != '\n' && *q != '\r') ++q;
    return q;
}

// The first byte at or after `q` that matters when skipping a variation: ( ) { ; [ % or a line
// break (or `end`).
inline const char* find_variation_special(const char* q, const char* end) {
#if defined(__SSE2__)
    while (end - q >= 16) {
        const __m128i x = _mm_loadu_si128(reinterpret_cast<const __m128i*>(q));
        __m128i m = _mm_cmpeq_epi8(x, _mm_set1_epi8('('));
        for (const char c : {')', '{', ';', '[', '%', '\n', '\r'}) {
            m = _mm_or_si128(m, _mm_cmpeq_epi8(x, _mm_set1_epi8(c)));
        }
        if (const auto bits = static_cast<unsigned>(_mm_movemask_epi8(m)))
            return q + lowest_bit(bits);
        q += 16;
    }
#endif
    while (q < end && *q != '(' && *q != ')' && *q != '{' && *q != ';' && *q != '[' && *q != '%' &&
           *q != '\n' && *q != '\r') {
        ++q;
    }
    return q;
}

// The first byte at or after `q` that is no tag name byte (kName: letters, digits, '_').
inline const char* tag_name_end(const char* q, const char* end) {
#if defined(__SSE2__)
    while (end - q >= 16) {
        if (const unsigned other = non_name_mask16(q)) return q + lowest_bit(other);
        q += 16;
    }
#endif
    while (q < end && is(*q, kName)) ++q;
    return q;
}

// The common head of a tag pair after its '[', read from one 16-byte look: a name of letters at
// `q`, one space and the opening quote. Returns the end of the name, or nullptr for any other
// head (the general code then reads it, errors included). Names with digits or '_' are rare
// and go there too: letters are one range test where all name bytes take three.
inline const char* common_tag_head(const char* q, const char* end) {
#if defined(__SSE2__)
    if (end - q >= 16) {
        const __m128i x = _mm_loadu_si128(reinterpret_cast<const __m128i*>(q));
        const auto letters = static_cast<unsigned>(
            _mm_movemask_epi8(bytes_in_range(_mm_or_si128(x, _mm_set1_epi8(0x20)), 'a', 'z')));
        // Byte 0 a letter, and the name's end early enough for its ' "' to be in the look (bit
        // 15 set: with no other byte, the length is 15, too long; length 0 wraps too).
        const std::uint64_t length = lowest_bit(~letters | 0x8000u);
        if (length - 1 >= 14) return nullptr;
        const char* const name_end = q + length;
        // ' ' then '"', as one 2-byte compare.
        constexpr auto space_quote = std::bit_cast<std::uint16_t>(std::array<char, 2>{' ', '"'});
        std::uint16_t head;
        std::memcpy(&head, name_end, sizeof head);
        if (head != space_quote) return nullptr;
        return name_end;
    }
#endif
    static_cast<void>(q), static_cast<void>(end);
    return nullptr;
}

// The 32 bytes from a tag pair's '[' (all readable) as bit masks (bit i = byte i): its line
// feeds, and its '"', '\\', '\n' and '\r' (the bytes that end the common value).
struct TagLook {
    std::uint64_t line_feeds = 0;
    std::uint64_t stops = 0;
};

inline TagLook tag_look32(const char* p) {
#if defined(__SSE2__)
    const auto masks = [](const char* q, int shift) {
        const __m128i x = _mm_loadu_si128(reinterpret_cast<const __m128i*>(q));
        const __m128i lf = _mm_cmpeq_epi8(x, _mm_set1_epi8('\n'));
        __m128i m = _mm_or_si128(lf, _mm_cmpeq_epi8(x, _mm_set1_epi8('"')));
        m = _mm_or_si128(m, _mm_cmpeq_epi8(x, _mm_set1_epi8('\\')));
        m = _mm_or_si128(m, _mm_cmpeq_epi8(x, _mm_set1_epi8('\r')));
        return TagLook{std::uint64_t{static_cast<unsigned>(_mm_movemask_epi8(lf))} << shift,
                       std::uint64_t{static_cast<unsigned>(_mm_movemask_epi8(m))} << shift};
    };
    const TagLook low = masks(p, 0);
    const TagLook high = masks(p + 16, 16);
    return {low.line_feeds | high.line_feeds, low.stops | high.stops};
#else
    TagLook look;
    for (std::uint64_t i = 0; i < 32; ++i) {
        const char c = p[i];
        look.line_feeds |= std::uint64_t{c == '\n'} << i;
        look.stops |= std::uint64_t{c == '\n' || c == '"' || c == '\\' || c == '\r'} << i;
    }
    return look;
#endif
}

// The first '"', '\\', '\n' or '\r' at or after `q` (or `end`).
inline const char* find_quote_backslash_or_break(const char* q, const char* end) {
#if defined(__SSE2__)
    while (end - q >= 16) {
        if (std::uint64_t i; !no_set_bit(quote_backslash_break_mask16(q), i)) return q + i;
        q += 16;
    }
#endif
    while (q < end && *q != '"' && *q != '\\' && *q != '\n' && *q != '\r') ++q;
    return q;
}

}  // namespace drawaudit::pgn::detail
