// Which game is which across reads of a live file (RULES.md "A live round"): the tags that name
// a game, the key they make, and the games of one read of a file.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "pgn/visitor.hpp"

namespace drawaudit::live {

// The tags a game is known by, as written (escapes undone), "" where missing.
struct GameTags {
    std::string game_id{}, event{}, round{}, board{}, white{}, black{}, white_fide_id{},
        black_fide_id{}, result{};
};

// The round and the board a game is played on: the Board tag, else the part after the dot of a
// Round tag "5.12" as DGT LiveChess writes it (round "5", board "12").
struct RoundAndBoard {
    std::string round;
    std::string board;  // "" when unknown
};
RoundAndBoard round_and_board(const GameTags& tags);

// The game's identity across reads, in RULES.md's order: GameId; else Event, round and board;
// else Round, White and Black (FIDE ids where both are given); else "" (followed by its place).
std::string identity_key(const GameTags& tags);
// The key of a game followed by its place in the file (1-based).
std::string place_key(std::uint64_t place);

// One game of a read: where it stands, its text and what the watch needs of it.
struct GameText {
    std::string_view text;  // from its first token to the end of its termination marker
    pgn::GameStart start;   // file, place (1-based), position of the first token
    GameTags tags;
    std::string key;  // identity_key, or place_key where that is empty or not unique
    // Offset of the game's last main-line move token (0 when it has none): an illegal move
    // there in a game still being written may be a move cut in half (RULES.md).
    std::uint64_t last_move_offset = 0;
    bool has_moves = false;
    std::uint64_t move_tokens = 0;  // of the main line
    std::string last_san;           // the last of them, as written
    std::string fen;                // the FEN tag, "" if none (move numbers start from it)
    std::string marker;             // the movetext's termination marker, "" if none
};

// Splits the text of one read of a file into its games (no rules: the reader only), with their
// identities; a key that two games of the read share falls back to each one's place.
std::vector<GameText> split_games(std::string_view text, std::string_view file);

// Whether `name`, in a directory whose entries are `names`, is left unread because the directory
// is in DGT LiveChess's layout: a round folder's games.pgn beside its game-N.pgn files.
bool left_to_board_files(std::string_view name, const std::vector<std::string>& names);
// "game-12.pgn" (DGT LiveChess's per-board file).
bool is_board_file(std::string_view name);

}  // namespace drawaudit::live
