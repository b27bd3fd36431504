// The main command, `drawaudit [OPTIONS] PATH...`: its options (also read from the config file)
// and the run that turns them into a report and an exit code.
#pragma once

#include <string>
#include <vector>

#include <CLI/CLI.hpp>

namespace drawaudit::app {

// Exit codes (issue 5): findings at or above --fail-on give 1; usage and I/O errors 2.
enum ExitCode : int { ExitClean = 0, ExitFindings = 1, ExitError = 2, ExitInterrupted = 130 };

struct AuditCommand {
    std::vector<std::string> paths;
    std::string format = "text";
    std::string output;  // empty: standard output
    std::vector<std::string> only, ignore, severity;
    std::string fail_on = "error";
    std::string laws = "auto";
    int min_moves_before_agreement = 0;
    bool all_games = false;
    unsigned jobs = 0;  // 0: one per core
    bool progress = false;
    std::string color = "auto";
    bool quiet = false;
    int verbose = 0;
    std::string log_level;
    // Issue 20: CI for growing collections.
    std::string baseline;        // --baseline FILE: leave out the findings of an earlier report
    std::string write_baseline;  // --write-baseline FILE
    bool duplicates = false;     // --duplicates
    std::size_t chunk_bytes = std::size_t{256}
                              << 10;  // hidden: how the input is cut (pipeline.hpp)
    // Set after parsing: whether --progress / --no-progress was given at all.
    const CLI::Option* progress_option = nullptr;
};

// Registers the options and the PATH arguments on the main app.
void add_audit_options(CLI::App& app, AuditCommand& command);

// Runs the audit and returns the exit code.
int run_audit(AuditCommand& command);

}  // namespace drawaudit::app
