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

// The longest line of a --positions file read: a FEN is under 100 bytes, so a longer line is an
// error for that line (named by file and line), consumed without being held in memory.
inline constexpr std::size_t kMaxPositionLineBytes = std::size_t{64} << 10;

// Registers the subcommand on `app`; `options` is filled when it is chosen.
CLI::App* add_winnable_command(CLI::App& app, WinnableOptions& options);

// Runs it: JSON Lines on stdout; returns the exit code (2 when the file or one of its lines cannot
// be read; the other lines are still answered).
int run_winnable(const WinnableOptions& options);

}  // namespace drawaudit::app
