// How findings name the moves of the game.
#include "audit/wording.hpp"

#include <array>
#include <charconv>

#include <fmt/format.h>

namespace drawaudit::audit {

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
