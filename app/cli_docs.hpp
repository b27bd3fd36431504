// The man page and the shell completions, written from the CLI's own option table so that they
// cannot drift from it: the build runs `drawaudit --print-cli-docs KIND` (a hidden option) and
// installs what it prints.
#pragma once

#include <string>
#include <string_view>

#include <CLI/CLI.hpp>

namespace drawaudit::app {

// The kinds --print-cli-docs accepts: man (drawaudit.1, roff), bash, zsh and fish.
inline constexpr std::string_view CliDocKinds[] = {"man", "bash", "zsh", "fish"};

// The document of `kind` for `app` (every visible option of the app and its subcommands).
std::string cli_docs(const CLI::App& app, std::string_view kind, std::string_view version);

// --help without CLI11's type noise (TEXT, UINT:UINT in [1 - 1024], {false}, =default, the
// {a,b,c} sets): each option's value name only (FILE, N, LEVEL; VALUE where none was given), " ..."
// where it repeats, "(required)" and what it excludes. The descriptions say the values and
// defaults. Set on `app` and every subcommand it has: call it after they are all added.
void use_plain_help(CLI::App& app);

// Adds the hidden --print-cli-docs KIND option to `app`: it prints the document and exits 0.
// Call it after every subcommand is added.
void add_cli_docs_option(CLI::App& app, std::string version);

}  // namespace drawaudit::app
