// The main command, `drawaudit [OPTIONS] PATH...`: its options (also read from the config file)
// and the run that turns them into a report and an exit code.
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include <CLI/CLI.hpp>

#include "audit/auditor.hpp"

namespace drawaudit::app {

// Exit codes (issue 5): findings at or above --fail-on give 1; usage and I/O errors 2.
enum ExitCode : int { ExitClean = 0, ExitFindings = 1, ExitError = 2, ExitInterrupted = 130 };

struct AuditCommand {
    std::vector<std::string> paths;
    std::string format = "text";
    std::string output;  // empty: standard output
    // --format stats: also the numbers as one JSON object into this file (empty: none).
    std::string stats_json;
    std::vector<std::string> only, ignore, severity;
    std::string fail_on = "error";
    std::string min_severity;  // --min-severity: empty for every level
    std::string laws = "auto";
    int min_moves_before_agreement = 0;
    bool all_games = false;
    unsigned jobs = 0;  // 0: one per core
    bool progress = false;
    std::string color = "auto";
    std::string lang;  // en or es; empty: from the LANG environment variable (es* gives es)
    std::uint64_t html_max_games = 2000;
    bool quiet = false;
    int verbose = 0;
    std::string log_level;
    // Limits per game (pgn::ReaderLimits, pgn::kMaxGameBytes).
    std::size_t max_game_bytes = std::size_t{64} << 20;
    std::uint64_t max_plies = 100'000;
    std::uint32_t max_variation_depth = 1'000;
    // Findings of one rule listed per game (audit::AuditOptions::max_findings_per_rule).
    std::uint64_t max_findings_per_rule = audit::AuditOptions::kDefaultMaxFindingsPerRule;
    // Issue 20: CI for growing collections.
    std::string baseline;        // --baseline FILE: leave out the findings of an earlier report
    std::string write_baseline;  // --write-baseline FILE
    bool duplicates = false;     // --duplicates
    std::size_t chunk_bytes = std::size_t{256}
                              << 10;  // hidden: how the input is cut (pipeline.hpp)
    std::string shard;  // "K/N": audit only that part of the input (RULES.md "Shards")
    // Issue 29: the pairing program's report, reconciled with the games (RULES.md "Round
    // reconciliation against the pairing program"); the rounds whose missing games to report.
    std::string trf;
    std::vector<int> trf_rounds;
    // Set after parsing: whether --progress / --no-progress was given at all.
    const CLI::Option* progress_option = nullptr;
    // Whether --fail-on was given (or set in the config file): the data formats exit 0 without.
    const CLI::Option* fail_on_option = nullptr;
    // The --config option: the file read, which no output may replace.
    const CLI::Option* config_option = nullptr;
};

// Registers the options and the PATH arguments on the main app.
void add_audit_options(CLI::App& app, AuditCommand& command);

// Runs the audit and returns the exit code.
int run_audit(const AuditCommand& command);

// The exit code of a run or a merge that ended: 2 when an input could not be read, 1 for a
// finding at or above --fail-on (never: none is), else 0.
int exit_code_for(std::uint64_t io_errors, std::optional<audit::Severity> worst,
                  const std::string& fail_on);

}  // namespace drawaudit::app
