// `drawaudit perft`: node counts of the legal move tree, for checking the generator against
// any other engine.
#pragma once

#include <string>

#include <CLI/CLI.hpp>

namespace drawaudit::app {

struct PerftOptions {
    std::string fen;  // empty: the standard start position
    int depth = 1;
    bool divide = false;    // per-move counts in UCI notation before the total
    bool chess960 = false;  // read the FEN's castling field as Chess960 rights
};

// Registers the subcommand on `app`; `options` is filled when it is chosen.
CLI::App* add_perft_command(CLI::App& app, PerftOptions& options);

// Runs it: prints the counts (the total as the last line) and returns the exit code.
int run_perft(const PerftOptions& options);

}  // namespace drawaudit::app
