// Tag value helpers: PGN escapes, UTF-8 validation, and the Latin-1 / CP1252 fallback.
#include <gtest/gtest.h>

#include "pgn/text.hpp"

namespace drawaudit::pgn {
namespace {

TEST(Text, UnescapeTurnsEscapedQuoteAndBackslashIntoTheCharacters) {
    EXPECT_EQ(unescape_tag(R"(a \"b\" \\c)"), R"(a "b" \c)");
}

TEST(Text, UnescapeKeepsOtherAndTrailingBackslashes) {
    EXPECT_EQ(unescape_tag(R"(C:\x Tournament \)"), R"(C:\x Tournament \)");
}

TEST(Text, ValidUtf8IsRecognised) {
    EXPECT_TRUE(is_valid_utf8(""));
    EXPECT_TRUE(is_valid_utf8("Women\xE2\x80\x99s"));
    EXPECT_TRUE(is_valid_utf8("\xF0\x9F\x98\x80"));
}

TEST(Text, InvalidUtf8IsRejected) {
    EXPECT_FALSE(is_valid_utf8("G\xF6teborg"));       // Latin-1
    EXPECT_FALSE(is_valid_utf8("\xC0\xAF"));          // overlong
    EXPECT_FALSE(is_valid_utf8("\xED\xA0\x80"));      // surrogate
    EXPECT_FALSE(is_valid_utf8("\xF4\x90\x80\x80"));  // above U+10FFFF
    EXPECT_FALSE(is_valid_utf8("\xE2\x80"));          // truncated
}

TEST(Text, ToUtf8PassesValidUtf8Unchanged) {
    EXPECT_EQ(to_utf8("Caf\xC3\xA9"), "Caf\xC3\xA9");
}

TEST(Text, ToUtf8DropsAByteOrderMark) {
    EXPECT_EQ(to_utf8("\xEF\xBB\xBFName"), "Name");
}

TEST(Text, ToUtf8ReadsOtherBytesAsLatin1) {
    EXPECT_EQ(to_utf8("G\xF6teborg"), "G\xC3\xB6teborg");
}

TEST(Text, ToUtf8ReadsTheCp1252RangeAsCp1252) {
    EXPECT_EQ(to_utf8("\x80 \x93x\x94"), "\xE2\x82\xAC \xE2\x80\x9Cx\xE2\x80\x9D");
}

TEST(Text, ToUtf8KeepsBytesCp1252LeavesUndefinedAsLatin1Controls) {
    EXPECT_EQ(to_utf8("\x81"), "\xC2\x81");
}

}  // namespace
}  // namespace drawaudit::pgn
