// Main-line SAN tokens of a PGN file, extracted once so that only the chess core is timed.
#pragma once

#include <string>
#include <string_view>
#include <vector>

namespace drawaudit::bench {

struct Corpus {
    std::string text;                                  // the file
    std::vector<std::vector<std::string_view>> games;  // main-line SAN tokens per game, into text
    std::size_t half_moves = 0;
};

// Reads `path` and keeps the games that start from the standard position (no FEN tag). Tokens
// keep their marks (+ # ! ?) as the PGN reader hands them to parse_san.
Corpus load_corpus(const std::string& path);

}  // namespace drawaudit::bench
