// `drawaudit claim` (issue 27; RULES.md "A claim ruled at the board"): selects the game of the
// file, reads which claim is made, asks lib/audit for the ruling and prints it.
#pragma once

#include <cstdint>
#include <string>

#include <CLI/CLI.hpp>

namespace drawaudit::app {

struct ClaimOptions {
    std::string file;  // "-": standard input
    // Which game: its number, its Round and Board tags, a part of a player's name.
    std::uint64_t game = 0;  // 0: not given
    std::string round, board, player;
    // Which claim: the written move (none: the claim on the board), and the moment.
    std::string move;
    std::string at;
    int at_ply = -1;  // -1: not given
    std::string time_control;
    std::string format = "text";
    std::string lang;  // "": from LANG
};

// Registers the subcommand on `app`; `options` is filled when it is chosen.
CLI::App* add_claim_command(CLI::App& app, ClaimOptions& options);

// Runs it: the ruling on stdout; exit 0 correct, 1 incorrect or game over, 2 usage or input
// error (named by file, game and line on stderr).
int run_claim(const ClaimOptions& options);

}  // namespace drawaudit::app
