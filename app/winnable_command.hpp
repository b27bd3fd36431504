// `drawaudit winnable`: whether each side can still checkmate in given positions (RULES.md,
// "Dead positions and unwinnable sides"), one JSON object per position.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <utility>

#include <CLI/CLI.hpp>

#include "chess/unwinnable.hpp"

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

// Whether the verdicts agree with a positions-file label (`WB`, `W-`, `-B`, `--`: W and B for
// the sides that can still mate, - for one that cannot): false when a proved verdict contradicts
// it, true when both verdicts match it, null (nullopt) when a side is undetermined.
constexpr std::optional<bool> label_agrees(std::string_view label, chess::Winnability white,
                                           chess::Winnability black) {
    bool unknown = false;
    for (const auto& [mark, verdict] : {std::pair{label[0], white}, std::pair{label[1], black}}) {
        if (verdict == chess::Winnability::Undetermined) {
            unknown = true;
            continue;
        }
        if ((mark == '-') != (verdict == chess::Winnability::Unwinnable)) return false;
    }
    if (unknown) return std::nullopt;
    return true;
}

// Registers the subcommand on `app`; `options` is filled when it is chosen.
CLI::App* add_winnable_command(CLI::App& app, WinnableOptions& options);

// Runs it: JSON Lines on stdout; returns the exit code (2 when the file, one of its lines or a
// position cannot be read; the other lines are still answered).
int run_winnable(const WinnableOptions& options);

}  // namespace drawaudit::app
