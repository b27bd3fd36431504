// drawaudit: audits PGN chess games against the draw rules of the FIDE Laws of Chess.
#include <CLI/CLI.hpp>

#include <cstdio>

#include "audit_command.hpp"
#include "claim_command.hpp"
#include "cli_docs.hpp"
#include "merge_command.hpp"
#include "output_file.hpp"
#include "perft_command.hpp"
#include "watch_command.hpp"
#include "winnable_command.hpp"

int main(int argc, char** argv) {
    CLI::App app{
        "drawaudit: audits PGN chess games against the draw rules of the FIDE Laws of Chess",
        "drawaudit"};
    // The commit is read when the build is configured (cmake/GitCommit.cmake).
    app.set_version_flag("--version", std::string("drawaudit ") + DRAWAUDIT_VERSION + " (commit " +
                                          DRAWAUDIT_COMMIT + ")");
    app.footer(
        "Exit status: 0 no finding at or above --fail-on, 1 findings at or above it, 2 usage or "
        "I/O "
        "error, 130 interrupted.\nExamples:\n  drawaudit games.pgn\n  drawaudit --format sarif -o "
        "drawaudit.sarif archive/\n  zstdcat month.pgn.zst | drawaudit --format jsonl -\nHow each "
        "article of the Laws is read, and every rule id: docs/rules.md in the repository.");

    drawaudit::app::AuditCommand audit_command;
    drawaudit::app::add_audit_options(app, audit_command);

    drawaudit::app::PerftOptions perft_options;
    CLI::App* perft = drawaudit::app::add_perft_command(app, perft_options);

    drawaudit::app::MergeOptions merge_options;
    CLI::App* merge = drawaudit::app::add_merge_command(app, merge_options);
    drawaudit::app::WinnableOptions winnable_options;
    CLI::App* winnable = drawaudit::app::add_winnable_command(app, winnable_options);
    drawaudit::app::ClaimOptions claim_options;
    CLI::App* claim = drawaudit::app::add_claim_command(app, claim_options);
    drawaudit::app::WatchOptions watch_options;
    CLI::App* watch = drawaudit::app::add_watch_command(app, watch_options);
    drawaudit::app::add_cli_docs_option(app, DRAWAUDIT_VERSION);  // the build's man page
    drawaudit::app::use_plain_help(app);  // --help without CLI11's type noise (issue 31)

    try {
        app.parse(argc, argv);
    } catch (const CLI::ParseError& error) {
        // --help and --version exit 0; every usage error is 2, whatever CLI11's own code.
        const int code = app.exit(error);
        return code == 0 ? 0 : drawaudit::app::ExitError;
    }
    int code = 0;
    if (perft->parsed())
        code = drawaudit::app::run_perft(perft_options);
    else if (merge->parsed())
        code = drawaudit::app::run_merge(merge_options);
    else if (winnable->parsed())
        code = drawaudit::app::run_winnable(winnable_options);
    else if (claim->parsed())
        code = drawaudit::app::run_claim(claim_options);
    else if (watch->parsed())
        code = drawaudit::app::run_watch(watch_options);
    else
        code = drawaudit::app::run_audit(audit_command);
    // Every command's output on standard output is checked once it is done (> /dev/full, a full
    // disk): lost output is an error, unless the command ended with an error or a signal already.
    if (auto closed = drawaudit::app::close_standard_output();
        !closed && (code == drawaudit::app::ExitClean || code == drawaudit::app::ExitFindings)) {
        std::fprintf(stderr, "drawaudit: error: %s\n", closed.error().c_str());
        return drawaudit::app::ExitError;
    }
    return code;
}
