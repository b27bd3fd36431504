// `drawaudit watch`: follows the broadcast files of a live round and tells the arbiter, once,
// each event the audit finds in them as the moves arrive (RULES.md "A live round").
#pragma once

#include <string>
#include <vector>

#include <CLI/CLI.hpp>

namespace drawaudit::app {

struct WatchOptions {
    std::vector<std::string> paths;  // files, or directories whose *.pgn files are followed
    bool once = false;               // read what is there, report, exit
    double settle = 1.0;             // seconds a file stays unchanged before a cut move counts
    double poll = 0;                 // > 0: poll every this many seconds instead of inotify
    bool bell = false;
    std::string format = "text";  // text | jsonl
    std::string html;             // the round's page, rewritten on each change
    int html_refresh = 5;         // seconds between the page's reloads
    std::string lang;             // en | es; "" follows LANG
    std::string color = "auto";   // auto | always | never
};

// Registers the subcommand on `app`; `options` is filled when it is chosen.
CLI::App* add_watch_command(CLI::App& app, WatchOptions& options);

// Runs it until interrupted (or once): 0, 1 when --once reported an alert, 2 on a usage error,
// 130 on SIGINT or SIGTERM, with one summary line on standard error.
int run_watch(const WatchOptions& options);

}  // namespace drawaudit::app
