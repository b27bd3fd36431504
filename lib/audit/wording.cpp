// How findings name things in their messages.
#include "audit/wording.hpp"

#include <array>
#include <charconv>

#include <fmt/format.h>

namespace drawaudit::audit {

std::string ordinal(int n) {
    static constexpr std::array<std::string_view, 11> words = {
        "zeroth", "first",   "second", "third", "fourth", "fifth",
        "sixth",  "seventh", "eighth", "ninth", "tenth"};
    if (n >= 0 && n < static_cast<int>(words.size())) {
        return std::string(words[static_cast<std::size_t>(n)]);
    }
    const int last = n % 10;
    const bool teen = n % 100 >= 11 && n % 100 <= 13;
    const char* suffix = teen        ? "th"
                         : last == 1 ? "st"
                         : last == 2 ? "nd"
                         : last == 3 ? "rd"
                                     : "th";
    return std::to_string(n) + suffix;
}

// Built directly: this is on the path of every finding, several times.
std::string numbered_move(const chess::Position& from, std::string_view move) {
    char digits[16];
    const char* const end =
        std::to_chars(digits, digits + sizeof digits, from.fullmove_number()).ptr;
    const std::string_view dots = from.side_to_move() == chess::Color::White ? ". " : "... ";
    std::string text;
    text.reserve(static_cast<std::size_t>(end - digits) + dots.size() + move.size());
    text.append(digits, static_cast<std::size_t>(end - digits)).append(dots).append(move);
    return text;
}

std::string numbered_token(const chess::Position& from, std::string_view token) {
    return fmt::format("{}{} {}", from.fullmove_number(),
                       from.side_to_move() == chess::Color::White ? "." : "...", token);
}

}  // namespace drawaudit::audit
