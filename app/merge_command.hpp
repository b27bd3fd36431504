// `drawaudit merge PART...`: the report one run over the whole input would have written, from the
// JSON Lines parts of its N shards (RULES.md "Shards"), in any format (report::format_names);
// pgn and html read the games' text again from the inputs, at the offsets the parts give, and
// only from the inputs --inputs-from allows (regular files as the parts saw them).
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include <CLI/CLI.hpp>

namespace drawaudit::app {

struct MergeOptions {
    std::vector<std::string> parts;
    // pgn and html: the directories and files whose inputs the merge may read again.
    std::vector<std::string> inputs_from;
    std::string format = "text";
    std::string output;  // empty: standard output
    std::string fail_on = "error";
    bool all_games = false;
    std::string color = "auto";
    std::string lang;  // en or es; empty: from the LANG environment variable
    std::uint64_t html_max_games = 2000;
    // Whether --fail-on was given: the data formats (stats, games-csv) exit 0 without, as a run.
    const CLI::Option* fail_on_option = nullptr;
};

// Registers the subcommand on `app`; `options` is filled when it is chosen.
CLI::App* add_merge_command(CLI::App& app, MergeOptions& options);

// Runs it and returns the exit code: that of the run (0, 1 for findings at or above --fail-on,
// 2 when an input could not be read), or 2 for a missing, duplicated or malformed part.
int run_merge(const MergeOptions& options);

}  // namespace drawaudit::app
