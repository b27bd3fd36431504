// The config file (.drawaudit.toml or --config FILE, issue 30): a strict reader of the TOML
// subset the tool documents, `key = value` lines at the top level, whose keys are the long names
// of the app's own options. Anything else (an unknown key, a value the option refuses, a table,
// a string or number TOML does not allow, a UTF-16/32 byte-order mark, text that is not UTF-8,
// a file over kMaxConfigBytes) is a usage error naming the file and line, so a CI gate is never
// quietly off. A UTF-8 byte-order mark is skipped.
#pragma once

#include <cstddef>
#include <istream>
#include <string>
#include <string_view>
#include <vector>

#include <CLI/CLI.hpp>

namespace drawaudit::app {

// A config file is a few lines; past this size it is refused (a device or a wrong file).
inline constexpr std::size_t kMaxConfigBytes = std::size_t{1} << 20;

// A config error: a usage error (exit 2). Not a CLI::FileError, which CLI11 drops silently for
// the default file (.drawaudit.toml) that was not named on the command line.
class ConfigFileError : public CLI::ParseError {
  public:
    explicit ConfigFileError(std::string message)
        : CLI::ParseError("ConfigFileError", std::move(message), CLI::ExitCodes::ConfigError) {}
};

// CLI11's config reader for `app`: the keys and values are checked against app's options (their
// long names and validators), so the list of keys cannot drift from the command line.
class StrictConfig : public CLI::Config {
  public:
    explicit StrictConfig(CLI::App& app) : app_(app) {}
    std::string to_config(const CLI::App*, bool, bool, std::string) const override;
    std::vector<CLI::ConfigItem> from_config(std::istream& input) const override;

  private:
    CLI::App& app_;
};

// Reads config text named `path` (for the messages) against the options of `app`; throws
// ConfigFileError. For tests and the fuzz target.
std::vector<CLI::ConfigItem> read_config_text(CLI::App& app, const std::string& path,
                                              std::string_view text);

}  // namespace drawaudit::app
