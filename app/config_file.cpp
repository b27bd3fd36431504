#include "config_file.hpp"

#include <algorithm>
#include <cstdint>
#include <optional>
#include <string_view>

#include <fmt/format.h>

#include "pgn/text.hpp"

namespace drawaudit::app {
namespace {

// One value of the TOML subset: a string, an integer, a boolean, or a list of strings and
// integers (on one line or several).
struct Value {
    enum class Kind { String, Integer, Boolean, List } kind = Kind::String;
    std::vector<std::string> items;  // one for a scalar; the elements of a list
};

bool is_bare_key_char(char c) {
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '-' ||
           c == '_';
}

// A control character (C0, DEL or C1) in a value: refused, so that no message ever prints one.
bool has_control_character(std::string_view text) {
    for (std::size_t i = 0; i < text.size(); ++i) {
        const auto c = static_cast<unsigned char>(text[i]);
        if (c < 0x20 || c == 0x7F) return true;
        if (c == 0xC2 && i + 1 < text.size()) {
            const auto next = static_cast<unsigned char>(text[i + 1]);
            if (next >= 0x80 && next <= 0x9F) return true;
        }
    }
    return false;
}

// The reader: one pass over the whole text (at most kMaxConfigBytes), one line number.
class Parser {
  public:
    Parser(std::string path, std::string_view text) : path_(std::move(path)), text_(text) {}

    [[noreturn]] void fail(std::string_view what) const {
        throw ConfigFileError(fmt::format("config file {}:{}: {}", path_, line_, what));
    }

    // The next `key = value` at the top level, or nullopt at the end of the file.
    std::optional<std::pair<std::string, Value>> next(std::size_t& key_line) {
        for (;;) {
            skip_blanks();
            if (at_end()) return std::nullopt;
            const char c = peek();
            if (c == '\n') {
                advance_line();
                continue;
            }
            if (c == '#') {
                skip_comment();
                continue;
            }
            if (c == '[') {
                fail(
                    "a table header ('[...]'): the config file takes its keys at the top level, "
                    "without any table (e.g. fail-on = \"warning\")");
            }
            key_line = line_;
            std::string key = read_key();
            skip_blanks();
            if (!at_end() && peek() == '.')
                fail(fmt::format("a dotted key ('{}.'): the config file has no tables", key));
            if (at_end() || peek() != '=')
                fail(fmt::format("expected '=' after the key '{}'", key));
            ++at_;
            skip_blanks();
            Value value = read_value(key);
            end_of_line();
            return std::make_pair(std::move(key), std::move(value));
        }
    }

  private:
    bool at_end() const { return at_ >= text_.size(); }
    char peek() const { return text_[at_]; }
    void advance_line() {
        ++at_;
        ++line_;
    }
    void skip_blanks() {
        while (!at_end() && (peek() == ' ' || peek() == '\t' || peek() == '\r')) ++at_;
    }
    void skip_comment() {
        while (!at_end() && peek() != '\n') ++at_;
    }
    void end_of_line() {
        skip_blanks();
        if (!at_end() && peek() == '#') skip_comment();
        if (at_end()) return;
        if (peek() != '\n') fail("text after the value (one key = value per line)");
        advance_line();
    }

    std::string read_key() {
        const std::size_t begin = at_;
        while (!at_end() && is_bare_key_char(peek())) ++at_;
        if (at_ == begin) {
            fail(peek() == '"' || peek() == '\''
                     ? "a quoted key: write the option's long name bare (e.g. fail-on = ...)"
                     : "expected a key (a long option name, e.g. fail-on = \"warning\")");
        }
        return std::string(text_.substr(begin, at_ - begin));
    }

    Value read_value(const std::string& key) {
        if (at_end() || peek() == '\n' || peek() == '#')
            fail(fmt::format("no value after '{} ='", key));
        Value value;
        if (peek() == '[') {
            ++at_;
            value.kind = Value::Kind::List;
            for (;;) {
                skip_list_space();
                if (at_end()) fail(fmt::format("the list of '{}' is not closed (']')", key));
                if (peek() == ']') {
                    ++at_;
                    break;
                }
                if (peek() == '[') fail(fmt::format("a list inside the list of '{}'", key));
                Value element = read_scalar(key);
                if (element.kind == Value::Kind::Boolean)
                    fail(fmt::format("true or false in the list of '{}'", key));
                value.items.push_back(std::move(element.items.front()));
                skip_list_space();
                if (at_end()) fail(fmt::format("the list of '{}' is not closed (']')", key));
                if (peek() == ',') {
                    ++at_;
                } else if (peek() != ']') {
                    fail(fmt::format("expected ',' or ']' in the list of '{}'", key));
                }
            }
            return value;
        }
        return read_scalar(key);
    }

    // Spaces, line ends and comments between a list's elements.
    void skip_list_space() {
        for (;;) {
            skip_blanks();
            if (at_end()) return;
            if (peek() == '\n') {
                advance_line();
            } else if (peek() == '#') {
                skip_comment();
            } else {
                return;
            }
        }
    }

    Value read_scalar(const std::string& key) {
        Value value;
        const char c = peek();
        if (c == '"' || c == '\'') {
            if (text_.substr(at_, 3) == std::string(3, c))
                fail(fmt::format("a multi-line string for '{}': write it on one line", key));
            value.kind = Value::Kind::String;
            value.items.push_back(c == '"' ? read_basic_string() : read_literal_string());
            return value;
        }
        if (c == '{')
            fail(fmt::format("an inline table for '{}': the config file has no tables", key));
        const std::size_t begin = at_;
        while (!at_end() && peek() != ',' && peek() != ']' && peek() != '#' && peek() != '\n' &&
               peek() != ' ' && peek() != '\t' && peek() != '\r')
            ++at_;
        const std::string_view word = text_.substr(begin, at_ - begin);
        if (word == "true" || word == "false") {
            value.kind = Value::Kind::Boolean;
            value.items.emplace_back(word);
            return value;
        }
        value.kind = Value::Kind::Integer;
        value.items.push_back(read_integer(key, word));
        return value;
    }

    // A TOML decimal integer: an optional sign, digits with single underscores between them, no
    // leading zero. Returned without its underscores and '+'.
    std::string read_integer(const std::string& key, std::string_view word) {
        std::string digits;
        std::size_t i = 0;
        if (!word.empty() && (word[0] == '+' || word[0] == '-')) {
            if (word[0] == '-') digits.push_back('-');
            i = 1;
        }
        const std::size_t first = i;
        bool valid = i < word.size();
        for (; valid && i < word.size(); ++i) {
            if (word[i] >= '0' && word[i] <= '9') {
                digits.push_back(word[i]);
            } else if (word[i] == '_' && i > first && i + 1 < word.size() && word[i - 1] >= '0' &&
                       word[i - 1] <= '9' && word[i + 1] >= '0' && word[i + 1] <= '9') {
                continue;
            } else {
                valid = false;
            }
        }
        if (valid && word.size() - first > 1 && word[first] == '0') valid = false;
        if (!valid || digits.size() > 40) {
            fail(fmt::format(
                "the value of '{}' is not a string in quotes, a whole number, true, false or a "
                "list [...]",
                key));
        }
        return digits;
    }

    std::string read_basic_string() {
        ++at_;  // the opening quote
        std::string out;
        for (;;) {
            if (at_end() || peek() == '\n') fail("a string without its closing quote");
            const char c = text_[at_++];
            if (c == '"') return out;
            if (c != '\\') {
                out.push_back(c);
                continue;
            }
            if (at_end()) fail("a string without its closing quote");
            const char escape = text_[at_++];
            switch (escape) {
                case '"':
                    out.push_back('"');
                    break;
                case '\\':
                    out.push_back('\\');
                    break;
                case 'b':
                    out.push_back('\b');
                    break;
                case 't':
                    out.push_back('\t');
                    break;
                case 'n':
                    out.push_back('\n');
                    break;
                case 'f':
                    out.push_back('\f');
                    break;
                case 'r':
                    out.push_back('\r');
                    break;
                case 'u':
                case 'U': {
                    const std::size_t length = escape == 'u' ? 4 : 8;
                    std::uint32_t code = 0;
                    for (std::size_t i = 0; i < length; ++i) {
                        const char h = at_ + i < text_.size() ? text_[at_ + i] : '\0';
                        const int digit = h >= '0' && h <= '9'   ? h - '0'
                                          : h >= 'a' && h <= 'f' ? h - 'a' + 10
                                          : h >= 'A' && h <= 'F' ? h - 'A' + 10
                                                                 : -1;
                        if (digit < 0) fail("a \\u or \\U escape without its hex digits");
                        code = (code << 4) | static_cast<std::uint32_t>(digit);
                    }
                    at_ += length;
                    if (code > 0x10FFFF || (code >= 0xD800 && code <= 0xDFFF))
                        fail("a \\u or \\U escape that is not a Unicode scalar value");
                    pgn::append_utf8(out, code);
                    break;
                }
                default:
                    fail(
                        "an unknown escape in a string (TOML knows \\\" \\\\ \\b \\t \\n \\f \\r "
                        "\\u \\U)");
            }
        }
    }

    std::string read_literal_string() {
        ++at_;
        const std::size_t begin = at_;
        while (!at_end() && peek() != '\'' && peek() != '\n') ++at_;
        if (at_end() || peek() != '\'') fail("a string without its closing quote");
        ++at_;
        return std::string(text_.substr(begin, at_ - 1 - begin));
    }

    std::string path_;
    std::string_view text_;
    std::size_t at_ = 0;
    std::size_t line_ = 1;
};

// The option a key names: a long name of one of the app's options that a config may set (not
// --config, --help or --version, and not the PATH arguments).
CLI::Option* option_for_key(CLI::App& app, const std::string& key) {
    for (CLI::Option* option : app.get_options()) {
        if (option == app.get_config_ptr() || option == app.get_help_ptr() ||
            option == app.get_version_ptr() || !option->get_configurable() ||
            option->get_lnames().empty())
            continue;
        if (option->check_lname(key)) return option;
    }
    return nullptr;
}

std::string known_keys(CLI::App& app) {
    std::vector<std::string> names;
    for (CLI::Option* option : app.get_options()) {
        if (option == app.get_config_ptr() || option == app.get_help_ptr() ||
            option == app.get_version_ptr() || !option->get_configurable() ||
            option->get_group().empty())  // hidden options are not advertised
            continue;
        for (const auto& name : option->get_lnames()) names.push_back(name);
    }
    std::string out;
    for (const auto& name : names) out += (out.empty() ? "" : ", ") + name;
    return out;
}

// Runs the option's own validators (sets, ranges, rule ids) on each value, as the command line
// would, so that the message can name the line.
std::string refusal(CLI::Option& option, const std::vector<std::string>& values) {
    for (const std::string& value : values) {
        std::vector<std::string> parts;
        const char delimiter = option.get_delimiter();
        if (delimiter == '\0') {
            parts.push_back(value);
        } else {
            std::size_t begin = 0;
            for (;;) {
                const std::size_t end = value.find(delimiter, begin);
                parts.push_back(value.substr(begin, end - begin));
                if (end == std::string::npos) break;
                begin = end + 1;
            }
        }
        for (int index = 0;; ++index) {
            CLI::Validator* validator = nullptr;
            try {
                validator = option.get_validator(index);
            } catch (const CLI::OptionNotFound&) {
                break;
            }
            for (std::string part : parts) {
                std::string message = (*validator)(part);
                if (!message.empty()) return message;
            }
        }
    }
    return {};
}

void check_encoding(const std::string& path, std::string_view text) {
    const auto starts = [&](std::string_view prefix) { return text.starts_with(prefix); };
    using namespace std::string_view_literals;
    if (starts("\xFF\xFE\x00\x00"sv) || starts("\x00\x00\xFE\xFF"sv))
        throw ConfigFileError(fmt::format(
            "config file {}: UTF-32 text (byte-order mark): write the config file in UTF-8", path));
    if (starts("\xFF\xFE"sv) || starts("\xFE\xFF"sv))
        throw ConfigFileError(fmt::format(
            "config file {}: UTF-16 text (byte-order mark): write the config file in UTF-8", path));
    std::size_t line = 1, column = 1;
    for (std::size_t at = 0; at < text.size();) {
        const auto c = static_cast<unsigned char>(text[at]);
        const std::size_t length = pgn::utf8_sequence_length(text, at);
        if (length == 0)
            throw ConfigFileError(fmt::format(
                "config file {}:{}: not UTF-8 text (byte 0x{:02X} at column {}): write the config "
                "file in UTF-8",
                path, line, c, column));
        if ((c < 0x20 && c != '\t' && c != '\n' && c != '\r') || c == 0x7F)
            throw ConfigFileError(fmt::format(
                "config file {}:{}: a control character (0x{:02X} at column {}) is not TOML text",
                path, line, c, column));
        if (c == '\n') {
            ++line;
            column = 1;
        } else {
            ++column;
        }
        at += length;
    }
}

}  // namespace

std::vector<CLI::ConfigItem> read_config_text(CLI::App& app, const std::string& path,
                                              std::string_view text) {
    if (text.size() > kMaxConfigBytes)
        throw ConfigFileError(fmt::format("config file {}: larger than {} bytes: not a config file",
                                          path, kMaxConfigBytes));
    constexpr std::string_view utf8_bom = "\xEF\xBB\xBF";
    if (text.starts_with(utf8_bom)) text.remove_prefix(utf8_bom.size());
    check_encoding(path, text);

    Parser parser(path, text);
    std::vector<CLI::ConfigItem> items;
    std::vector<std::pair<const CLI::Option*, std::size_t>> seen;  // option, line
    std::size_t line = 0;
    while (auto entry = parser.next(line)) {
        auto& [key, value] = *entry;
        const auto at_line = [&](std::string_view what) {
            return ConfigFileError(fmt::format("config file {}:{}: {}", path, line, what));
        };
        CLI::Option* option = option_for_key(app, key);
        if (option == nullptr) {
            std::string dashed = key;
            std::replace(dashed.begin(), dashed.end(), '_', '-');
            const std::string hint =
                dashed != key && option_for_key(app, dashed) != nullptr
                    ? fmt::format(" (did you mean '{}'?)", dashed)
                    : fmt::format(" (the keys are the long option names: {})", known_keys(app));
            throw at_line(fmt::format("unknown key '{}'{}", key, hint));
        }
        for (const auto& [earlier, earlier_line] : seen) {
            if (earlier == option)
                throw at_line(
                    fmt::format("'{}' is set twice (also at line {})", key, earlier_line));
        }
        seen.emplace_back(option, line);
        const bool flag = option->get_expected_min() == 0;
        const bool list_allowed = option->get_items_expected_max() > 1;
        if (flag && value.kind != Value::Kind::Boolean && value.kind != Value::Kind::Integer)
            throw at_line(fmt::format("'{}' takes true or false", key));
        if (!flag && value.kind == Value::Kind::Boolean)
            throw at_line(fmt::format("'{}' takes a value, not true or false", key));
        if (value.kind == Value::Kind::List && !list_allowed)
            throw at_line(fmt::format("'{}' takes one value, not a list", key));
        for (const std::string& item : value.items) {
            if (has_control_character(item))
                throw at_line(fmt::format("a control character in the value of '{}'", key));
        }
        if (value.items.empty()) continue;  // an empty list: the option keeps its default
        if (!flag) {
            const std::string message = refusal(*option, value.items);
            if (!message.empty()) throw at_line(fmt::format("'{}': {}", key, message));
        }
        CLI::ConfigItem item;
        item.name = key;
        item.inputs = std::move(value.items);
        items.push_back(std::move(item));
    }
    return items;
}

std::string StrictConfig::to_config(const CLI::App* app, bool default_also, bool write_description,
                                    std::string prefix) const {
    return CLI::ConfigTOML().to_config(app, default_also, write_description, std::move(prefix));
}

std::vector<CLI::ConfigItem> StrictConfig::from_config(std::istream& input) const {
    // CLI11 hands over a stream only: the file is the one --config names, or its default.
    std::string path = "(config)";
    if (const CLI::Option* config = app_.get_config_ptr()) {
        try {
            const auto files = config->as<std::vector<std::string>>();
            if (!files.empty()) path = files.back();
        } catch (const CLI::Error&) {
        }
    }
    // At most one byte past the limit is read: a device or a huge file costs nothing.
    std::string text(kMaxConfigBytes + 1, '\0');
    input.read(text.data(), static_cast<std::streamsize>(text.size()));
    text.resize(static_cast<std::size_t>(input.gcount()));
    if (input.bad()) throw ConfigFileError(fmt::format("config file {}: cannot be read", path));
    return read_config_text(app_, path, text);
}

}  // namespace drawaudit::app
