// The output half that a run and a merge share: the files they write (the report, atomic with -o;
// --stats-json; --write-baseline), checked against the files they read, opened before the run,
// and committed together when it ends or discarded when it does not; and the writer's options
// from the command line and the environment (LANG, NO_COLOR).
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include <tl/expected.hpp>

#include "baseline.hpp"
#include "output_file.hpp"
#include "report/writer.hpp"

namespace drawaudit::app {

struct OutputPaths {
    std::string report;          // -o; empty or "-": standard output
    std::string stats_json;      // --stats-json; empty: none
    std::string write_baseline;  // --write-baseline; empty: none
};

// What the reports read by people look like, as both commands take it.
struct ReaderChoices {
    std::string color = "auto";  // auto, always or never
    std::string lang;            // en or es; empty: from LANG (es* gives es)
    bool all_games = false;
    std::uint64_t html_max_games = 2000;
    int min_moves_before_agreement = 0;  // the statistics' early agreements
};

// The language a person reads, as every command picks it: --lang (`choice`), else LANG (es*
// gives Spanish), else English. Reports, claims, the watch and the log lines on stderr alike.
report::Lang chosen_lang(std::string_view choice);

// Every message these functions return is ready for the terminal (its paths escaped).
class RunOutputs {
  public:
    // Checks that no output is one of `inputs` or another output, then opens them all (the files
    // as temporary files beside their targets). Installs the interrupt handler first, so that a
    // second Ctrl-C removes the temporary files.
    static tl::expected<std::unique_ptr<RunOutputs>, std::string> open(
        OutputPaths paths, const std::vector<RunFile>& inputs);

    RunOutputs(const RunOutputs&) = delete;
    RunOutputs& operator=(const RunOutputs&) = delete;

    report::FileOutput& report() { return *report_output_; }
    // --write-baseline's file, or nullptr.
    BaselineWriter* baseline_writer() { return baseline_ ? &*baseline_ : nullptr; }
    report::WriterOptions writer_options(report::Format format, const ReaderChoices& choices) const;

    // After a complete run: the report, the statistics and the baseline committed, in that
    // order; else the first error, and what is not committed yet discarded.
    // Its message in `lang`.
    tl::expected<void, std::string> commit(const report::Writer& writer, report::Lang lang);
    // After a run that failed or was interrupted: every file discarded (the old ones stay).
    void discard();
    // The warning after an interrupt: what became of the report.
    std::string interrupted_message(report::Lang lang) const;

  private:
    explicit RunOutputs(OutputPaths paths) : paths_(std::move(paths)) {}
    tl::expected<void, std::string> create_files();
    std::string report_name(report::Lang lang) const;

    OutputPaths paths_;
    std::optional<AtomicOutputFile> report_file_, stats_file_;
    std::optional<BaselineWriter> baseline_;
    std::unique_ptr<report::FileOutput> report_output_, stats_output_;
};

}  // namespace drawaudit::app
