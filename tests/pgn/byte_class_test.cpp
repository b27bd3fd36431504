// The vector scans agree with the byte-class table they stand in for, for every byte value.
#include <gtest/gtest.h>

#include <string>

#include "pgn/reader_detail.hpp"

namespace drawaudit::pgn::detail {
namespace {

// Every byte at each of 20 places in a run of `filler` bytes: the scan ends there exactly when
// the byte is not of `classes` (the vector code and the table must agree).
void expect_scan_agrees_with_table(const char* (*scan)(const char*, const char*), char filler,
                                   std::uint8_t classes) {
    for (int c = 0; c < 256; ++c) {
        for (std::size_t at = 0; at < 20; ++at) {
            std::string text(40, filler);
            text[at] = static_cast<char>(c);
            const char* end = scan(text.data(), text.data() + text.size());
            const bool continues = is(static_cast<char>(c), classes);
            EXPECT_EQ(end - text.data(), static_cast<std::ptrdiff_t>(continues ? text.size() : at))
                << "byte " << c;
        }
    }
}

TEST(ByteClasses, VectorTokenEndAgreesWithTheTableForEveryByte) {
    expect_scan_agrees_with_table(token_end, 'a', kToken);
}

TEST(ByteClasses, VectorScansFindTheirBytes) {
    for (int c = 0; c < 256; ++c) {
        std::string text(40, 'x');
        text[21] = static_cast<char>(c);
        const char* b = text.data();
        const char* e = b + text.size();
        const bool quote_like = c == '"' || c == '\\' || c == '\n' || c == '\r';
        EXPECT_EQ(find_quote_backslash_or_break(b, e) - b, quote_like ? 21 : 40) << c;
        const bool comment_end = c == '}' || c == '\n' || c == '\r';
        EXPECT_EQ(find_brace_or_break(b, e) - b, comment_end ? 21 : 40) << c;
        const bool special =
            std::string_view("(){;[%\n\r").find(static_cast<char>(c)) != std::string_view::npos;
        EXPECT_EQ(find_variation_special(b, e) - b, special ? 21 : 40) << c;
    }
}

#if defined(__SSE2__)
TEST(ByteClasses, WindowMasksAgreeWithTheTableForEveryByteAtEveryPlace) {
    for (int c = 0; c < 256; ++c) {
        for (std::size_t at = 0; at < 64; ++at) {
            std::string text(64, 'a');
            text[at] = static_cast<char>(c);
            const Masks64 m = classify64(text.data());
            const auto bit = [at](std::uint64_t mask) { return ((mask >> at) & 1) != 0; };
            const auto u = static_cast<unsigned char>(c);
            EXPECT_EQ(bit(m.separator), u <= 0x20) << c;
            EXPECT_EQ(bit(m.odd_separator), u < 0x20) << c;
            EXPECT_EQ(bit(m.line_feed), c == '\n') << c;
            const bool alnum = is(static_cast<char>(c), kLetter | kDigit) && c != 'Z' && c != 'z';
            const bool suffix = c == '+' || c == '-' || c == '=' || c == '#';
            EXPECT_EQ(bit(m.not_move_byte), !alnum && !suffix) << c;
            EXPECT_EQ(bit(m.not_move_number), !is(static_cast<char>(c), kDigit) && c != '.') << c;
            EXPECT_EQ(bit(m.token_first), alnum) << c;
            // Every byte that ends a token is a separator or no move byte.
            if (!is(static_cast<char>(c), kToken)) {
                EXPECT_TRUE(bit(m.not_move_byte)) << c;
            }
            // The other 63 bytes are letters.
            const std::uint64_t others = ~(std::uint64_t{1} << at);
            EXPECT_EQ(m.separator & others, 0u);
            EXPECT_EQ(m.line_feed & others, 0u);
            EXPECT_EQ(m.not_move_byte & others, 0u);
            EXPECT_EQ(m.token_first & others, others);
            EXPECT_EQ(m.not_move_number & others, others);
        }
    }
}
#endif

TEST(ByteClasses, TagNameEndAgreesWithTheTableForEveryByte) {
    expect_scan_agrees_with_table(tag_name_end, 'N', kName);
}

TEST(ByteClasses, TagLineNeedsBracketNameAndQuote) {
    const auto at = [](std::string_view s) { return tag_line_at(s.data(), s.data() + s.size()); };
    EXPECT_TRUE(at("[Event \"x\"]"));
    EXPECT_TRUE(at("  [ Site\t\"x"));
    EXPECT_FALSE(at("[%clk 0:01]"));
    EXPECT_FALSE(at("[Event x]"));
    EXPECT_FALSE(at("[Event"));
    EXPECT_FALSE(at("1. e4 [Event \"x\"]"));
}

}  // namespace
}  // namespace drawaudit::pgn::detail
