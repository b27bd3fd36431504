// `drawaudit winnable`: whether each side can still checkmate in given positions (RULES.md,
// "Dead positions and unwinnable sides"), one JSON object per position.
#pragma once

#include <cstdint>
#include <string>

#include <CLI/CLI.hpp>

namespace drawaudit::app {

struct WinnableOptions {
    std::string fen;          // one position, or
    std::string positions;    // a file of positions (optional label, FEN, ignored fields)
    bool quick = false;       // only the cheap proofs of unwinnability
    bool chess960 = false;    // read castling rights as Chess960 (X-FEN / Shredder-FEN)
    std::uint64_t nodes = 0;  // node budget per side (0: the default)
};

// Registers the subcommand on `app`; `options` is filled when it is chosen.
CLI::App* add_winnable_command(CLI::App& app, WinnableOptions& options);

// Runs it: JSON Lines on stdout; returns the exit code (2 when the file cannot be read).
int run_winnable(const WinnableOptions& options);

}  // namespace drawaudit::app
