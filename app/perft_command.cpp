#include "perft_command.hpp"

#include <algorithm>
#include <cinttypes>
#include <cstdio>
#include <string>

#include "chess/perft.hpp"
#include "chess/position.hpp"
#include "chess/san.hpp"
#include "report/messages.hpp"

namespace drawaudit::app {

CLI::App* add_perft_command(CLI::App& app, PerftOptions& options) {
    CLI::App* cmd = app.add_subcommand("perft", "Count the leaf nodes of the legal move tree");
    // Its own footer: a subcommand otherwise shows the audit's examples and exit codes.
    cmd->footer(
        "Exit status: 0 counted, 2 a FEN that cannot be read or a usage error.\nExamples:\n"
        "  drawaudit perft --depth 5\n"
        "  drawaudit perft --divide --depth 3 --fen \"r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1\"");
    cmd->add_option("--fen", options.fen, "Start position (default: the initial position)")
        ->type_name("FEN");
    cmd->add_option("--depth", options.depth, "Depth in plies")->required()->type_name("N");
    cmd->add_flag("--divide", options.divide, "Print per-move counts in UCI notation first");
    cmd->add_flag("--chess960", options.chess960, "Read castling rights as Chess960 (X-FEN)");
    return cmd;
}

int run_perft(const PerftOptions& options) {
    using namespace drawaudit::chess;
    if (options.depth < 0) {
        std::fputs("perft: --depth must not be negative\n", stderr);
        return 2;
    }
    const std::string fen = options.fen.empty() ? std::string(StartFen) : options.fen;
    auto parsed = Position::from_fen(fen, FenOptions{options.chess960});
    if (!parsed) {
        // perft speaks English only (a tool for comparing engines' counts).
        std::fprintf(stderr, "perft: bad FEN: %s\n",
                     drawaudit::report::fen_reason_text(parsed.error(), drawaudit::report::Lang::En)
                         .c_str());
        return 2;
    }
    for (const FenRepair& repair : parsed->repairs)
        std::fprintf(
            stderr, "perft: FEN repaired: %s\n",
            drawaudit::report::fen_reason_text(repair, drawaudit::report::Lang::En).c_str());
    const Position& pos = parsed->position;

    std::uint64_t total = 0;
    if (options.divide) {
        std::vector<std::pair<std::string, std::uint64_t>> lines;
        for (const auto& [move, nodes] : perft_divide(pos, options.depth)) {
            lines.emplace_back(to_uci(pos, move), nodes);
            total += nodes;
        }
        // Sorted by move text so that two engines' outputs can be compared with diff.
        std::sort(lines.begin(), lines.end());
        for (const auto& [text, nodes] : lines)
            std::printf("%s: %" PRIu64 "\n", text.c_str(), nodes);
        if (options.depth == 0) total = 1;
    } else {
        total = perft(pos, options.depth);
    }
    std::printf("%" PRIu64 "\n", total);
    return 0;
}

}  // namespace drawaudit::app
