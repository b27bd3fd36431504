// The tag pairs the audit reads (the Seven Tag Roster and a few more) and the game's identity in
// its record; the set-up tags (FEN, SetUp, Variant) that give the start position (RULES.md
// "Positions and plies").
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "audit/finding.hpp"
#include "chess/position.hpp"

namespace drawaudit::audit {

class CurrentGame;

enum class VariantKind : std::uint8_t { Standard, Chess960, Unsupported };
// Reads a Variant tag value ("" = no tag): standard chess, Chess960, or anything else.
VariantKind classify_variant(std::string_view variant);

// Case-insensitive comparisons of tag values.
bool iequals(std::string_view a, std::string_view b);
bool icontains(std::string_view text, std::string_view word);

// A tag value that names something: PGN's placeholders "?" and "-" name nothing.
constexpr bool tag_known(std::string_view value) {
    return !value.empty() && value != "?" && value != "-";
}

// The round and the board a game is played on (RULES.md "A live round", "A claim ruled at the
// board"): the Board tag, else the part after the dot of a Round tag "5.12" as broadcasts write
// it (round "5", board "12"); board "" when neither says. Views into the two tag values.
struct RoundAndBoard {
    std::string_view round;
    std::string_view board;
};
RoundAndBoard round_and_board(std::string_view round_tag, std::string_view board_tag);

// The tags of one game: those of its record are written straight into the record.
class GameTags {
  public:
    // A new game, whose record is `report` (per game: the record may be the sink's).
    void new_game(GameReport& report);
    // Stores a tag if the audit needs it (the others cost nothing).
    void read(std::string_view name, std::string_view raw_value);

    // The start position the tags give (the standard one, a FEN tag, Chess960), or nullopt
    // when the game cannot be set up; the findings that say why (or what was repaired) are
    // added to the game.
    std::optional<chess::Position> start_position(CurrentGame& game) const;
    // The FEN tag's text, "" when the game has none (part of the game's identity).
    std::string_view fen() const { return has_fen_ ? std::string_view(fen_) : std::string_view(); }

  private:
    // The field a needed tag fills, or nullptr.
    std::string* field_of(std::string_view name) const;
    void read_other(std::string_view name, std::string_view raw_value);

    std::array<std::string*, 13> fields_{};  // in the order of kNeededTags (tags.cpp)
    std::string fen_, setup_, variant_;
    bool has_fen_ = false;
    GameReport* report_ = nullptr;
};

}  // namespace drawaudit::audit
