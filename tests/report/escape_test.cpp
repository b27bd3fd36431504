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

// The bytes that earn a field its leading apostrophe when they come first (OWASP).
bool csv_formula_byte(char c) {
    return c == '=' || c == '+' || c == '-' || c == '@' || c == '\t' || c == '\r';
}

// The escape of `piece` inside a field (after a plain byte, so without the apostrophe), quotes
// taken off.
std::string csv_inside(const std::string& piece) {
    const std::string field = csv("a" + piece);
    return csv_quote_byte(piece[0]) ? field.substr(2, field.size() - 3) : field.substr(1);
}

// Every byte value at every offset of values of 1 to 40 bytes, among plain bytes, gives the
// escape it gives alone.
TEST(Escape, EachByteIsEscapedTheSameAtAnyOffset) {
    for (int value = 0; value < 256; ++value) {
        const char c = static_cast<char>(value);
        const std::string json_alone = json(std::string(1, c));
        const std::string json_escape = json_alone.substr(1, json_alone.size() - 2);
        const std::string csv_escape = csv_inside(std::string(1, c));
        for (std::size_t size = 1; size <= 40; ++size) {
            for (std::size_t at = 0; at < size; ++at) {
                std::string text(size, 'a');
                text[at] = c;
                const std::string before(at, 'a'), after(size - at - 1, 'a');
                ASSERT_EQ(json(text), '"' + before + json_escape + after + '"')
                    << "byte " << value << ", size " << size << ", offset " << at;
                const std::string quote = csv_quote_byte(c) ? "\"" : "";
                const std::string apostrophe = at == 0 && csv_formula_byte(c) ? "'" : "";
                ASSERT_EQ(csv(text), quote + apostrophe + before + csv_escape + after + quote)
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
            csv_body += csv_inside(piece);
            csv_quoted = csv_quoted || csv_quote_byte(piece[0]);
        }
        ASSERT_EQ(json(text), '"' + json_expected + '"') << text;
        const std::string quote = csv_quoted ? "\"" : "";
        const std::string apostrophe = !text.empty() && csv_formula_byte(text[0]) ? "'" : "";
        ASSERT_EQ(csv(text), quote + apostrophe + csv_body + quote) << text;
    }
}

// The writers never go past their bounds, even for the worst inputs: a guard byte right after
// the bound stays untouched.
TEST(Escape, WritersStayWithinTheirBounds) {
    const std::vector<std::string> worst = {std::string(40, '\x01'),
                                            std::string(40, '\xFF'),
                                            std::string(40, '"'),
                                            std::string(17, ','),
                                            std::string(16, 'a') + '\x01',
                                            "",
                                            '=' + std::string(39, '\xFF'),
                                            '\r' + std::string(39, '"'),
                                            std::string(40, '-'),
                                            '\t' + std::string(16, 'a'),
                                            "@"};
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

// OWASP's rule for cells a spreadsheet would read as a formula: a leading apostrophe, inside the
// quotes when the field has them; the same characters later in a value change nothing.
TEST(Escape, CsvNeutralisesFormulas) {
    EXPECT_EQ(csv("=HYPERLINK(\"http://x\")"), "\"'=HYPERLINK(\"\"http://x\"\")\"");
    EXPECT_EQ(csv("+1"), "'+1");
    EXPECT_EQ(csv("-"), "'-");  // also a harmless Round "-": OWASP's rule as written
    EXPECT_EQ(csv("@SUM(A1)"), "'@SUM(A1)");
    EXPECT_EQ(csv("\tx"), "'\tx");
    EXPECT_EQ(csv("\rx"), "\"'\rx\"");
    EXPECT_EQ(csv("a=1-2+3@4"), "a=1-2+3@4");
    EXPECT_EQ(csv(""), "");
}

std::string terminal(std::string_view text) {
    fmt::memory_buffer out;
    append_terminal_text(out, text);
    return fmt::to_string(out);
}

// The text report's escaping: what would steer a terminal is shown, never sent.
TEST(Escape, TerminalTextShowsControlCharactersInsteadOfSendingThem) {
    EXPECT_EQ(terminal("\x1b[31mred\x1b]0;t\x07"), "\\x1b[31mred\\x1b]0;t\\x07");
    EXPECT_EQ(terminal(std::string_view("a\0b\tc\nd\x7f", 8)), "a\\x00b\\x09c\\x0ad\\x7f");
    EXPECT_EQ(terminal("\xc2\x9b"
                       "2J \xc2\x85"),
              "\\u009b2J \\u0085");                                       // C1: 8-bit CSI, NEL
    EXPECT_EQ(terminal("\xe2\x80\xae\xe2\x81\xa6x"), "\\u202e\\u2066x");  // bidi controls
    EXPECT_EQ(terminal("\xff \xc3\xa9 \xe2\x82\xac \\"), "\xef\xbf\xbd \xc3\xa9 \xe2\x82\xac \\");
}

TEST(Escape, InvalidUtf8IsCounted) {
    const std::uint64_t before = invalid_utf8_replacements();
    (void)terminal("\xff\xfe");
    (void)json("\xc0");
    fmt::memory_buffer out;
    append_workflow_data(out, "\x80");
    EXPECT_EQ(invalid_utf8_replacements() - before, 4u);
}

TEST(Escape, WorkflowDataShowsControlCharactersAsPercentEscapes) {
    fmt::memory_buffer data;
    append_workflow_data(data, "\x1b[2J\x07 ::error::x \xc2\x9b \xc3\xa9");
    EXPECT_EQ(fmt::to_string(data), "%1B[2J%07 ::error::x %C2%9B \xc3\xa9");
}

// A record larger than the buffer's first block grows it and keeps what was written before.
// Characters that line-splitting readers take as line ends (NEL and the other C1 controls,
// U+2028, U+2029) would break one JSON Lines record into two: they are written as \u escapes,
// at any offset, and the neighbouring characters of the same lead bytes are left as they are.
TEST(Escape, JsonEscapesTheCharactersThatReadersTakeAsLineEnds) {
    EXPECT_EQ(json("\xC2\x85"), "\"\\u0085\"");
    EXPECT_EQ(json("\xC2\x80\xC2\x9F"), "\"\\u0080\\u009f\"");
    EXPECT_EQ(json("a\xE2\x80\xA8"
                   "b\xE2\x80\xA9"),
              "\"a\\u2028b\\u2029\"");
    EXPECT_EQ(json(std::string(20, 'x') + "\xE2\x80\xA8"),
              '"' + std::string(20, 'x') + "\\u2028\"");
    EXPECT_EQ(json("\xC2\xA0\xE2\x80\xA7\xE2\x80\xAA"), "\"\xC2\xA0\xE2\x80\xA7\xE2\x80\xAA\"");
    const std::string worst = std::string(20, '\x01') + "\xC2\x85\xE2\x80\xA8";
    std::vector<char> out(json_string_bound(worst.size()) + 1, '#');
    const char* end = write_json_string(out.data(), worst);
    EXPECT_LE(end, out.data() + json_string_bound(worst.size()));
    EXPECT_EQ(out.back(), '#');
}

// HTML allows no C1 control (U+0080-U+009F) in text: each is shown as U+FFFD like the C0 ones.
TEST(Escape, HtmlReplacesTheC1Controls) {
    fmt::memory_buffer out;
    append_html(out,
                "a\xC2\x85"
                "b\xC2\x9B"
                "[2J\xC2\xA0");
    EXPECT_EQ(fmt::to_string(out),
              "a\xEF\xBF\xBD"
              "b\xEF\xBF\xBD"
              "[2J\xC2\xA0");
}

// A workflow command is one line to any reader: U+2028 and U+2029 are percent-encoded like the
// C1 controls (the runner decodes only %25, %0D and %0A, so they show as written).
TEST(Escape, WorkflowDataPercentEncodesTheUnicodeLineSeparators) {
    fmt::memory_buffer out;
    append_workflow_data(out,
                         "a\xE2\x80\xA8"
                         "b\xE2\x80\xA9"
                         "c\xE2\x80\xA7");
    EXPECT_EQ(fmt::to_string(out), "a%E2%80%A8b%E2%80%A9c\xE2\x80\xA7");
}

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
