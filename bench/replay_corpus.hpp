// Main-line SAN tokens of a PGN file, extracted once so that only the chess core is timed.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "chess/position.hpp"

namespace drawaudit::bench {

struct Corpus {
    std::string text;                                  // the file
    std::vector<std::vector<std::string_view>> games;  // main-line SAN tokens per game, into text
    std::size_t half_moves = 0;
};

// Reads `path` and keeps the games that start from the standard position (no FEN tag). Tokens
// keep their marks (+ # ! ?) as the PGN reader hands them to parse_san.
Corpus load_corpus(const std::string& path);

// Drops every game's tokens from its first unreadable move on, so that a timed loop only meets
// legal moves, and recounts half_moves. Returns the resolved moves of every game.
std::vector<std::vector<chess::Move>> keep_legal_prefix(Corpus& corpus);

// The replay as a plain loop: parse_san on the last position, then copy-make onto the back of
// `history`. Returns a checksum of the keys. Out of line, so that callgrind can count it alone
// (--toggle-collect='*replay_all(*').
std::uint64_t replay_all(const Corpus& corpus, std::vector<chess::Position>& history);

}  // namespace drawaudit::bench
