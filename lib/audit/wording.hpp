// How findings name the moves and sides of the game: numbered moves ("29... Ng8"), the side of
// a colour. The sentences around them are lib/report's.
#pragma once

#include <string>
#include <string_view>

#include "audit/finding.hpp"
#include "chess/position.hpp"

namespace drawaudit::audit {

inline Side side_of(chess::Color c) {
    return c == chess::Color::White ? Side::White : Side::Black;
}
// "29... Ng8": a move (or "" for the number alone) with the number and dots of the position it
// is played from.
std::string numbered_move(const chess::Position& from, std::string_view move);

// "29... Ng8?!" as written: a token that cannot be played from `from`, with its move number.
std::string numbered_token(const chess::Position& from, std::string_view token);

}  // namespace drawaudit::audit
