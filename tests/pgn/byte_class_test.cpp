// The vector scans agree with the byte-class table they stand in for, for every byte value.
#include <gtest/gtest.h>

#include <string>

#include "pgn/reader_detail.hpp"

namespace drawaudit::pgn::detail {
namespace {

TEST(ByteClasses, VectorTokenEndAgreesWithTheTableForEveryByte) {
    for (int c = 0; c < 256; ++c) {
        // The byte at every one of 16 places, after token bytes: the token ends there or not.
        for (std::size_t at = 0; at < 20; ++at) {
            std::string text(40, 'a');
            text[at] = static_cast<char>(c);
            const char* end = token_end(text.data(), text.data() + text.size());
            const bool continues = is(static_cast<char>(c), kToken);
            EXPECT_EQ(end - text.data(), static_cast<std::ptrdiff_t>(continues ? text.size() : at))
                << "byte " << c;
        }
    }
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
