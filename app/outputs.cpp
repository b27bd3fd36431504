#include "outputs.hpp"

#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <cstring>

#include <fmt/format.h>
#include <spdlog/spdlog.h>

#include "interrupt.hpp"
#include "logging.hpp"
#include "report/escape.hpp"

namespace drawaudit::app {
namespace {

// An AtomicOutputFile's or BaselineWriter's message names the path as given.
template <typename Value>
tl::expected<Value, std::string> escaped(tl::expected<Value, std::string>&& result) {
    if (!result) return tl::unexpected(report::terminal_text(result.error()));
    return std::move(result);
}

}  // namespace

tl::expected<std::unique_ptr<RunOutputs>, std::string> RunOutputs::open(
    OutputPaths paths, const std::vector<RunFile>& inputs) {
    if (paths.report == "-") paths.report.clear();  // "-o -": standard output, as for inputs
    if (auto conflict = output_conflict({{"-o", paths.report},
                                         {"--write-baseline", paths.write_baseline},
                                         {"--stats-json", paths.stats_json}},
                                        inputs))
        return tl::unexpected(*conflict);  // its paths escaped already
    install_interrupt_handler();
    std::unique_ptr<RunOutputs> outputs(new RunOutputs(std::move(paths)));
    if (auto created = outputs->create_files(); !created) return tl::unexpected(created.error());
    return outputs;
}

tl::expected<void, std::string> RunOutputs::create_files() {
    if (!paths_.write_baseline.empty()) {
        auto created = escaped(BaselineWriter::create(paths_.write_baseline));
        if (!created) return tl::unexpected(created.error());
        baseline_.emplace(std::move(*created));
    }
    std::FILE* stream = stdout;
    if (!paths_.report.empty()) {
        auto created = escaped(AtomicOutputFile::create(paths_.report));
        if (!created) return tl::unexpected(created.error());
        report_file_.emplace(std::move(*created));
        stream = report_file_->stream();
    }
    report_output_ = std::make_unique<report::FileOutput>(stream);
    if (!paths_.stats_json.empty()) {
        auto created = escaped(AtomicOutputFile::create(paths_.stats_json));
        if (!created) return tl::unexpected(created.error());
        stats_file_.emplace(std::move(*created));
        stats_output_ = std::make_unique<report::FileOutput>(stats_file_->stream());
    }
    return {};
}

report::Lang chosen_lang(std::string_view choice) {
    if (!choice.empty()) return report::lang_from_name(choice).value_or(report::Lang::En);
    const char* locale = std::getenv("LANG");
    return locale != nullptr ? report::lang_from_locale(locale) : report::Lang::En;
}

report::WriterOptions RunOutputs::writer_options(report::Format format,
                                                 const ReaderChoices& choices) const {
    report::WriterOptions options;
    options.all_games = choices.all_games;
    options.tool_version = DRAWAUDIT_VERSION;
    options.warn = [](std::string_view sentence) { spdlog::warn("{}", sentence); };
    options.lang = chosen_lang(choices.lang);
    options.html_max_games = choices.html_max_games;
    // --format stats: its JSON object when -o names a .json file.
    options.stats_as_json = format == report::Format::Stats && paths_.report.size() > 5 &&
                            paths_.report.ends_with(".json");
    options.stats_json_output = stats_output_.get();
    options.min_moves_before_agreement = choices.min_moves_before_agreement;
    std::FILE* stream = report_file_ ? report_file_->stream() : stdout;
    options.color = use_colour(choices.color, isatty(fileno(stream)) == 1, no_color_requested());
    return options;
}

std::string RunOutputs::report_name(report::Lang lang) const {
    return paths_.report.empty() ? std::string(report::text(report::Msg::OutStandardOutput, lang))
                                 : report::terminal_text(paths_.report);
}

tl::expected<void, std::string> RunOutputs::commit(const report::Writer& writer,
                                                   report::Lang lang) {
    using report::Msg;
    errno = 0;
    const int output_error = report_output_->error();
    if (writer.failed() || output_error != 0 || (!report_file_ && std::fflush(stdout) != 0)) {
        const int reason = output_error != 0 ? output_error : errno;
        discard();
        if (reason == 0)
            return tl::unexpected(report::say(lang, Msg::OutCannotWriteReport, report_name(lang)));
        return tl::unexpected(report::say(lang, Msg::OutCannotWriteReportBecause, report_name(lang),
                                          report::errno_text(reason, lang)));
    }
    if (stats_file_) {
        if (const int error = stats_output_->error(); error != 0) {
            discard();
            return tl::unexpected(report::say(lang, Msg::OutCannotWriteStatistics,
                                              report::terminal_text(paths_.stats_json),
                                              report::errno_text(error, lang)));
        }
        if (auto committed = escaped(stats_file_->commit()); !committed) {
            discard();
            return committed;
        }
    }
    if (report_file_) {
        if (auto committed = escaped(report_file_->commit()); !committed) {
            discard();
            return committed;
        }
    }
    if (baseline_) return escaped(baseline_->commit());
    return {};
}

void RunOutputs::discard() {
    if (report_file_) report_file_->discard();
    if (stats_file_) stats_file_->discard();
    if (baseline_) baseline_->discard();
}

std::string RunOutputs::interrupted_message(report::Lang lang) const {
    using report::Msg;
    if (!report_file_) return std::string(report::text(Msg::OutInterruptedStandardOutput, lang));
    if (report_file_->in_place())
        return report::say(lang, Msg::OutInterruptedInPlace, report_name(lang));
    return std::string(report::text(Msg::OutInterruptedNoReport, lang));
}

}  // namespace drawaudit::app
