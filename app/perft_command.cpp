#include "perft_command.hpp"

#include <cstdio>

namespace drawaudit::app {

CLI::App* add_perft_command(CLI::App& app, PerftOptions& options) {
    CLI::App* cmd = app.add_subcommand("perft", "Count the leaf nodes of the legal move tree");
    cmd->add_option("--fen", options.fen, "Start position (default: the initial position)");
    cmd->add_option("--depth", options.depth, "Depth in plies")->required();
    cmd->add_flag("--divide", options.divide, "Print per-move counts in UCI notation first");
    cmd->add_flag("--chess960", options.chess960, "Read castling rights as Chess960 (X-FEN)");
    return cmd;
}

int run_perft(const PerftOptions&) {
    std::fputs("perft: not built yet\n", stderr);
    return 2;
}

}  // namespace drawaudit::app
