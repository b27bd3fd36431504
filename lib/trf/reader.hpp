// The FIDE Tournament Report File (RULES.md, "Round reconciliation against the pairing program"):
// TRF16 (FIDE Handbook C.04 Annex 2) and TRF-2026, which keeps TRF16's player lines, allows `###`
// comment lines and adds record types that are read past here. Fixed columns, 1-based as the
// specification numbers them. Every value read is a view into the caller's buffer.
#pragma once

#include <cstdint>
#include <optional>
#include <string_view>
#include <vector>

namespace drawaudit::trf {

enum class Colour : std::uint8_t { None, White, Black };

// A round's result code, from the player's own point of view (RULES.md's table).
enum class Code : std::uint8_t {
    None,         // blank: no game, nothing scored (a zero-point bye)
    Win,          // 1
    Draw,         // =
    Loss,         // 0
    ForfeitWin,   // +
    ForfeitLoss,  // -
    WinShort,     // W: won a game of less than one move
    DrawShort,    // D
    LossShort,    // L
    HalfBye,      // H
    FullBye,      // F
    PairingBye,   // U: pairing-allocated bye
    ZeroBye,      // Z
};

constexpr std::optional<Code> code_from_char(char c) {
    switch (c) {
        case ' ':
            return Code::None;
        case '1':
            return Code::Win;
        case '=':
            return Code::Draw;
        case '0':
            return Code::Loss;
        case '+':
            return Code::ForfeitWin;
        case '-':
            return Code::ForfeitLoss;
        case 'W':
        case 'w':
            return Code::WinShort;
        case 'D':
        case 'd':
            return Code::DrawShort;
        case 'L':
        case 'l':
            return Code::LossShort;
        case 'H':
        case 'h':
            return Code::HalfBye;
        case 'F':
        case 'f':
            return Code::FullBye;
        case 'U':
        case 'u':
            return Code::PairingBye;
        case 'Z':
        case 'z':
            return Code::ZeroBye;
        default:
            return std::nullopt;
    }
}

// The code as the specification writes it (upper case letters; ' ' for None).
constexpr char code_char(Code code) {
    constexpr std::string_view chars = " 1=0+-WDLHFUZ";
    return chars[static_cast<std::size_t>(code)];
}

// A game was played over the board (the arbiter has a game to compare with).
constexpr bool is_played(Code code) {
    return code == Code::Win || code == Code::Draw || code == Code::Loss ||
           code == Code::WinShort || code == Code::DrawShort || code == Code::LossShort;
}
constexpr bool is_forfeit(Code code) {
    return code == Code::ForfeitWin || code == Code::ForfeitLoss;
}

// What the opponent's line must say for the same game: the codes that add up.
constexpr Code opposite(Code code) {
    switch (code) {
        case Code::Win:
            return Code::Loss;
        case Code::Loss:
            return Code::Win;
        case Code::ForfeitWin:
            return Code::ForfeitLoss;
        case Code::ForfeitLoss:
            return Code::ForfeitWin;
        case Code::WinShort:
            return Code::LossShort;
        case Code::LossShort:
            return Code::WinShort;
        default:
            return code;  // = and D both sides; a blank pairing is blank on both
    }
}

struct RoundEntry {
    std::uint32_t opponent = 0;  // start rank, 0: none
    Colour colour = Colour::None;
    Code code = Code::None;
};

struct Player {
    std::uint32_t start_rank = 0;
    std::uint64_t line = 0;  // of its 001 line
    std::string_view sex, title, name, federation, birth_date, points;
    std::uint32_t rating = 0;        // 0: none
    std::uint64_t fide_id = 0;       // 0: none
    std::vector<RoundEntry> rounds;  // rounds[r - 1]; fewer than the tournament's: the rest blank

    RoundEntry round(int r) const {
        const auto at = static_cast<std::size_t>(r - 1);
        return r >= 1 && at < rounds.size() ? rounds[at] : RoundEntry{};
    }
};

// What is wrong with a line. The located error names it; the report words it.
enum class Problem : std::uint8_t {
    NotANumber,   // a numeric field (start rank, rating, FIDE id, opponent, 062) holds other text
    NoStartRank,  // a 001 line without its start rank
    RepeatedStartRank,      // a second 001 line with a start rank already read (`other`: its line)
    BadColour,              // round `round`'s colour is not w, b, - or blank
    BadCode,                // round `round`'s result code is none of RULES.md's
    PlayedWithoutOpponent,  // a played result (1 = 0 W D L) with no opponent
    UnknownOpponent,        // round `round` names start rank `other`, which no 001 line has
    PairedWithSelf,         // round `round` names the player's own start rank
    OpponentDisagrees,      // round `round`: start rank `other`'s line does not name this player
    SameColours,            // round `round`: both lines give the same colour
    ResultsDisagree,        // round `round`: the two result codes do not add up
};

struct Error {
    std::uint64_t line = 0;
    std::uint32_t column = 0;
    Problem problem{};
    int round = 0;            // the round it concerns, 0: none
    std::uint64_t other = 0;  // a start rank or a line, as the problem says
};

struct Tournament {
    std::string_view name;                      // 012
    std::string_view start_date, end_date;      // 042, 052 (as written)
    std::optional<std::uint32_t> player_count;  // 062
    std::vector<std::string_view> round_dates;  // 132, by round
    std::vector<Player> players;                // in the order of their lines
    std::vector<Error> errors;                  // in the order of their lines
    int rounds = 0;                             // the most rounds any line gives

    // The player of a start rank, or null.
    const Player* by_start_rank(std::uint32_t rank) const;

  private:
    friend Tournament read(std::string_view text);
    std::vector<std::int32_t> rank_index_;  // start rank -> index in players, -1 none
};

// Reads a whole file held in `text` (which must outlive the result). Never fails: each
// malformed line is an Error and the rest of the file is read; the two lines of each pairing
// are then compared (opponents, colours, results).
Tournament read(std::string_view text);

}  // namespace drawaudit::trf
