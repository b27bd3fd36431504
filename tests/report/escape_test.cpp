// The escapers find plain runs 16, 8 or 4 bytes at a time: every byte must be handled the same
// wherever it falls in a value, and the writers must stay within their bounds.
#include <gtest/gtest.h>

#include <random>
#include <string>
#include <vector>

#include "report/buffer_cursor.hpp"
#include "report/escape.hpp"

namespace drawaudit::report {
namespace {

std::string json(std::string_view text) {
    fmt::memory_buffer out;
    append_json_string(out, text);
    return fmt::to_string(out);
}

std::string csv(std::string_view text) {
    fmt::memory_buffer out;
    append_csv_field(out, text);
    return fmt::to_string(out);
}

bool csv_quote_byte(char c) {
    return c == ',' || c == '"' || c == '\r' || c == '\n';
}

// Every byte value at every offset of values of 1 to 40 bytes, among plain bytes, gives the
// escape it gives alone.
TEST(Escape, EachByteIsEscapedTheSameAtAnyOffset) {
    for (int value = 0; value < 256; ++value) {
        const char c = static_cast<char>(value);
        const std::string json_alone = json(std::string(1, c));
        const std::string json_escape = json_alone.substr(1, json_alone.size() - 2);
        const std::string csv_alone = csv(std::string(1, c));
        const std::string csv_escape =
            csv_quote_byte(c) ? csv_alone.substr(1, csv_alone.size() - 2) : csv_alone;
        for (std::size_t size = 1; size <= 40; ++size) {
            for (std::size_t at = 0; at < size; ++at) {
                std::string text(size, 'a');
                text[at] = c;
                const std::string before(at, 'a'), after(size - at - 1, 'a');
                ASSERT_EQ(json(text), '"' + before + json_escape + after + '"')
                    << "byte " << value << ", size " << size << ", offset " << at;
                const std::string quote = csv_quote_byte(c) ? "\"" : "";
                ASSERT_EQ(csv(text), quote + before + csv_escape + after + quote)
                    << "byte " << value << ", size " << size << ", offset " << at;
            }
        }
    }
}

// Values made of whole pieces (ASCII, valid UTF-8, bytes that are never valid) escape piece by
// piece, whatever the lengths and the mix.
TEST(Escape, ValuesEscapePieceByPiece) {
    const std::vector<std::string> pieces = {"a",
                                             "Name",
                                             " ",
                                             ",",
                                             "\"",
                                             "\\",
                                             "\t",
                                             "\n",
                                             "\x01",
                                             "\x7F",
                                             "\xC3\xA9",
                                             "\xE2\x82\xAC",
                                             "\xF0\x9F\x98\x80",
                                             "\xFF",
                                             "\xC0",
                                             "\xE2\x82",
                                             "0123456789abcdef0123"};
    std::mt19937 random(20240229);
    for (int round = 0; round < 20000; ++round) {
        std::string text, json_expected, csv_body;
        bool csv_quoted = false;
        const int count = static_cast<int>(random() % 24);
        for (int i = 0; i < count; ++i) {
            const std::string& piece = pieces[random() % pieces.size()];
            text += piece;
            const std::string alone = json(piece);
            json_expected += alone.substr(1, alone.size() - 2);
            const bool quoted = csv_quote_byte(piece[0]);
            const std::string field = csv(piece);
            csv_body += quoted ? field.substr(1, field.size() - 2) : field;
            csv_quoted = csv_quoted || quoted;
        }
        ASSERT_EQ(json(text), '"' + json_expected + '"') << text;
        const std::string quote = csv_quoted ? "\"" : "";
        ASSERT_EQ(csv(text), quote + csv_body + quote) << text;
    }
}

// The writers never go past their bounds, even for the worst inputs: a guard byte right after
// the bound stays untouched.
TEST(Escape, WritersStayWithinTheirBounds) {
    const std::vector<std::string> worst = {std::string(40, '\x01'),       std::string(40, '\xFF'),
                                            std::string(40, '"'),          std::string(17, ','),
                                            std::string(16, 'a') + '\x01', ""};
    for (const std::string& text : worst) {
        std::vector<char> out(json_string_bound(text.size()) + 1, '#');
        const char* end = write_json_string(out.data(), text);
        EXPECT_LE(end, out.data() + json_string_bound(text.size()));
        EXPECT_EQ(out.back(), '#');
        out.assign(csv_field_bound(text.size()) + 1, '#');
        end = write_csv_field(out.data(), text);
        EXPECT_LE(end, out.data() + csv_field_bound(text.size()));
        EXPECT_EQ(out.back(), '#');
    }
}

// A record larger than the buffer's first block grows it and keeps what was written before.
TEST(BufferCursor, GrowsAndKeepsEarlierBytes) {
    fmt::memory_buffer buffer;
    append(buffer, "start:");
    std::string expected = "start:";
    {
        BufferCursor out(buffer);
        for (int i = 0; i < 1000; ++i) {
            out.reserve(json_string_bound(5) + BufferCursor::integer_bound<int>);
            out.put_json_string("a\"b\xFF");
            out.put_integer(-i);
            expected += "\"a\\\"b\xEF\xBF\xBD\"" + std::to_string(-i);
        }
    }
    EXPECT_EQ(fmt::to_string(buffer), expected);
}

}  // namespace
}  // namespace drawaudit::report
