#include "audit_command.hpp"

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <fstream>
#include <memory>
#include <optional>
#include <sstream>
#include <thread>

#include <fmt/format.h>
#include <spdlog/spdlog.h>
#include <unistd.h>

#include "audit/pairings.hpp"
#include "baseline.hpp"
#include "config_file.hpp"
#include "finding_filter.hpp"
#include "interrupt.hpp"
#include "logging.hpp"
#include "output_file.hpp"
#include "outputs.hpp"
#include "pgn/source.hpp"
#include "pipeline.hpp"
#include "report/escape.hpp"
#include "report/writer.hpp"
#include "shard_part.hpp"

namespace drawaudit::app {
namespace {

// CLI11 validators for rule ids and RULE=LEVEL, so bad values are usage errors (exit 2).
CLI::Validator rule_id_validator() {
    return CLI::Validator(
        [](std::string& value) -> std::string {
            if (audit::rule_from_id(value)) return {};
            return "unknown rule id '" + value +
                   "' (the rule ids are listed in docs/rules.md, e.g. threefold-claim)";
        },
        "RULE");
}

CLI::Validator severity_setting_validator() {
    return CLI::Validator(
        [](std::string& value) -> std::string {
            const auto equals = value.find('=');
            if (equals == std::string::npos) return "expected RULE=LEVEL, got '" + value + "'";
            if (!audit::rule_from_id(value.substr(0, equals))) {
                return "unknown rule id '" + value.substr(0, equals) + "'";
            }
            if (!audit::severity_from_name(value.substr(equals + 1))) {
                return "unknown level '" + value.substr(equals + 1) + "' (info, warning or error)";
            }
            return {};
        },
        "RULE=LEVEL");
}

// Every file the run reads, which none of its outputs may replace: the PGN inputs (expanded),
// the baseline and the config file.
std::vector<RunFile> run_inputs(const AuditCommand& command,
                                const std::vector<std::string>& files) {
    std::vector<RunFile> inputs;
    inputs.reserve(files.size() + 2);
    for (const std::string& file : files) inputs.push_back({"the PGN input", file});
    inputs.push_back({"the --baseline file", command.baseline});
    inputs.push_back({"the --trf file", command.trf});
    if (command.config_option != nullptr && command.config_option->count() > 0) {
        inputs.push_back({"the config file", command.config_option->as<std::string>()});
    } else {
        inputs.push_back({"the config file", ".drawaudit.toml"});  // read when present
    }
    return inputs;
}

// The mistakes no option's own check sees, in the order they are told.
std::optional<std::string> usage_error(const AuditCommand& command, report::Format format) {
    if (!command.shard.empty()) {
        if (format != report::Format::Jsonl)
            return "--shard writes a part for drawaudit merge: it needs --format jsonl";
        if (command.duplicates && (!command.baseline.empty() || !command.write_baseline.empty())) {
            return fmt::format(
                "--shard with --duplicates cannot use --{}: the parts do not know the duplicates "
                "yet (merge the parts to JSON Lines, then use that report as the baseline)",
                command.baseline.empty() ? "write-baseline" : "baseline");
        }
    }
    if (!command.stats_json.empty() && format != report::Format::Stats)
        return "--stats-json needs --format stats";
    if (!command.trf.empty() && !command.shard.empty())
        return "--trf reconciles the whole round: run it without --shard (or on the merged "
               "games)";
    if (command.trf.empty() && !command.trf_rounds.empty()) return "--trf-round needs --trf";
    return std::nullopt;
}

PipelineSettings pipeline_settings(const AuditCommand& command, report::Format format) {
    PipelineSettings settings;
    settings.lang = chosen_lang(command.lang);
    if (command.laws != "auto") settings.audit.laws = audit::laws_from_name(command.laws);
    settings.audit.min_moves_before_agreement = command.min_moves_before_agreement;
    settings.chunk_bytes = command.chunk_bytes;
    settings.max_game_bytes = command.max_game_bytes;
    settings.limits.max_plies = command.max_plies;
    settings.limits.max_variation_depth = command.max_variation_depth;
    settings.audit.max_findings_per_rule = command.max_findings_per_rule;
    // The pgn writer copies each game; the html writer replays the games it shows (move lists).
    settings.audit.keep_game_text = format == report::Format::Pgn || format == report::Format::Html;
    settings.threads =
        command.jobs > 0 ? command.jobs : std::max(1u, std::thread::hardware_concurrency());
    const bool progress_given =
        command.progress_option != nullptr && command.progress_option->count() > 0;
    settings.progress = progress_given ? command.progress : isatty(STDERR_FILENO) == 1;
    settings.checks.duplicates = command.duplicates;
    settings.audit.duplicate_keys = command.duplicates;
    return settings;
}

// The input files the paths name. A path that cannot be read is logged and counted by the run
// (every shard sees it: only the first counts it, so that the merge counts it once).
void expand_inputs(const AuditCommand& command, bool counted_by_another_shard,
                   PipelineSettings& settings) {
    auto expanded = pgn::expand_paths(command.paths);
    for (const pgn::IoError& error : expanded.errors)
        spdlog::error("{}: {}", report::terminal_text(error.path),
                      report::io_error_text(error, settings.lang));
    settings.files = std::move(expanded.files);
    settings.path_errors = counted_by_another_shard ? 0 : expanded.errors.size();
    if (settings.files.empty() && expanded.errors.empty())
        spdlog::warn("{}", report::text(report::Msg::LogNoPgnFiles, settings.lang));
}

// A shard reads its pieces of the inputs. Its part holds each game text's length and hash (pgn
// and html merges read the text back from the inputs) and, with --duplicates, each game's key:
// the duplicates are found by the merge across all parts, in the run's game order; a part alone
// would report some of them, and number them wrongly.
tl::expected<ShardRun, std::string> plan_shard(pgn::ShardSpec spec, PipelineSettings& settings) {
    auto planned = plan_shard_run(spec, settings.files);
    if (!planned) return planned;
    apply_shard_run(*planned, settings);
    settings.audit.game_text_digest = true;
    settings.checks.duplicates = false;
    return planned;
}

// What the run reads and does, decided before any output is opened.
struct AuditPlan {
    report::Format format = report::Format::Text;
    FindingFilter filter;
    PipelineSettings settings;
    std::optional<ShardRun> shard;
    std::unique_ptr<Baseline> baseline;  // settings.checks.baseline points at it
    std::vector<RunFile> inputs;         // what no output may replace
    // --trf: the file's text, what it holds (views into the text) and the reconciler that
    // settings.checks.reconciler points at.
    std::unique_ptr<std::string> trf_text;
    std::unique_ptr<trf::Tournament> tournament;
    std::unique_ptr<audit::Reconciler> reconciler;
};

// Reads the --trf file whole (a tournament's report is a few hundred KB at most).
tl::expected<std::string, std::string> read_trf_file(const std::string& path, report::Lang lang) {
    std::ifstream in(path, std::ios::binary);
    if (!in)
        return tl::unexpected(report::say(lang, report::Msg::TrfCannotReadBecause, path,
                                          report::errno_text(errno, lang)));
    std::ostringstream text;
    text << in.rdbuf();
    if (in.bad()) return tl::unexpected(report::say(lang, report::Msg::TrfCannotRead, path));
    return text.str();
}

tl::expected<AuditPlan, std::string> plan_audit(const AuditCommand& command) {
    if (command.paths.empty())
        return tl::unexpected(
            std::string(report::text(report::Msg::LogNoInput, chosen_lang(command.lang))));
    const auto format = report::format_from_name(command.format);
    auto filter =
        FindingFilter::create(command.only, command.ignore, command.severity, command.min_severity);
    if (!filter) return tl::unexpected(filter.error());
    if (!format) return tl::unexpected("unknown format " + command.format);
    if (auto error = usage_error(command, *format)) return tl::unexpected(*error);
    AuditPlan plan;
    plan.format = *format;
    plan.filter = std::move(*filter);
    plan.settings = pipeline_settings(command, *format);
    std::optional<pgn::ShardSpec> spec;
    if (!command.shard.empty()) spec = pgn::parse_shard_spec(command.shard);
    expand_inputs(command, spec && spec->index != 1, plan.settings);
    if (spec) {
        auto shard = plan_shard(*spec, plan.settings);
        if (!shard) return tl::unexpected(shard.error());
        plan.shard = std::move(*shard);
    }
    // Issue 20: the baseline is read before the run, so that a bad one stops it (exit 2).
    if (!command.baseline.empty()) {
        auto loaded = Baseline::load(command.baseline);
        if (!loaded) return tl::unexpected(report::terminal_text(loaded.error()));
        plan.baseline = std::make_unique<Baseline>(std::move(*loaded));
        spdlog::info("baseline {}: {} fingerprints", report::terminal_text(command.baseline),
                     plan.baseline->size());
        plan.settings.checks.baseline = plan.baseline.get();
    }
    if (!command.trf.empty()) {
        auto text = read_trf_file(command.trf, plan.settings.lang);
        if (!text) return tl::unexpected(report::terminal_text(text.error()));
        plan.trf_text = std::make_unique<std::string>(std::move(*text));
        plan.tournament = std::make_unique<trf::Tournament>(trf::read(*plan.trf_text));
        spdlog::info("trf {}: {} players, {} rounds, {} errors", report::terminal_text(command.trf),
                     plan.tournament->players.size(), plan.tournament->rounds,
                     plan.tournament->errors.size());
        plan.reconciler =
            std::make_unique<audit::Reconciler>(*plan.tournament, command.trf, command.trf_rounds);
        plan.settings.checks.reconciler = plan.reconciler.get();
    }
    plan.inputs = run_inputs(command, plan.shard ? plan.shard->inputs : plan.settings.files);
    return plan;
}

tl::expected<std::unique_ptr<RunOutputs>, std::string> open_outputs(const AuditCommand& command,
                                                                    AuditPlan& plan) {
    auto outputs =
        RunOutputs::open({command.output, command.stats_json, command.write_baseline}, plan.inputs);
    if (outputs) plan.settings.checks.write_baseline = (*outputs)->baseline_writer();
    return outputs;
}

std::unique_ptr<report::Writer> make_audit_writer(const AuditCommand& command,
                                                  const AuditPlan& plan, RunOutputs& outputs) {
    report::WriterOptions options = outputs.writer_options(
        plan.format, {command.color, command.lang, command.all_games, command.html_max_games,
                      command.min_moves_before_agreement});
    options.baseline = plan.baseline != nullptr;
    options.trf = plan.reconciler != nullptr;
    options.shard_fields = plan.shard.has_value();
    if (!command.min_severity.empty())
        options.min_severity = audit::severity_from_name(command.min_severity);
    return report::make_writer(plan.format, outputs.report(), options);
}

// What decides a shard's records: every part of one run must have been made with the same.
std::vector<std::string> record_options(const AuditCommand& command) {
    std::vector<std::string> options = {
        "laws=" + command.laws,
        "min-moves-before-agreement=" + std::to_string(command.min_moves_before_agreement),
        "only=" + fmt::format("{}", fmt::join(command.only, ",")),
        "ignore=" + fmt::format("{}", fmt::join(command.ignore, ",")),
        "severity=" + fmt::format("{}", fmt::join(command.severity, ",")),
        "max-game-bytes=" + std::to_string(command.max_game_bytes),
        fmt::format("duplicates={}", command.duplicates)};
    // Only when given, so that the parts of runs without it keep their header.
    if (!command.min_severity.empty()) options.push_back("min-severity=" + command.min_severity);
    return options;
}

// The audit itself; a shard's part is opened and closed by its own records.
PipelineResult run_planned(const AuditCommand& command, const AuditPlan& plan,
                           report::Writer& writer, report::Output& output) {
    if (plan.shard) output.write(shard_header(*plan.shard, record_options(command)));
    PipelineResult result = run_pipeline(plan.settings, plan.filter, writer);
    if (plan.shard && !result.interrupted && !result.failed)
        output.write(shard_trailer(*plan.shard, result.files));
    return result;
}

// The outputs committed after a whole run, else discarded. The exit code when the run ends here.
std::optional<int> settle_outputs(const PipelineResult& result, RunOutputs& outputs,
                                  const report::Writer& writer, report::Lang lang) {
    if (result.interrupted || result.failed) {
        outputs.discard();
        if (!result.interrupted) return ExitError;
        spdlog::warn("{}", outputs.interrupted_message(lang));
        return interrupt_exit_code();
    }
    if (auto committed = outputs.commit(writer, lang); !committed) {
        spdlog::error("{}", committed.error());
        return ExitError;
    }
    // The report stays valid UTF-8 whatever the input held; the reader is told what was replaced.
    if (const std::uint64_t replaced = report::invalid_utf8_replacements(); replaced > 0) {
        spdlog::warn("{}", report::say(lang, report::Msg::LogInvalidUtf8,
                                       report::count_text(replaced, lang)));
    }
    return std::nullopt;
}

// The data formats (stats, games-csv) feed scripts and spreadsheets, where exit 1 would stop a
// `set -e` export: they fail on findings only when --fail-on is given (or set in the config).
std::string fail_on_level(const AuditCommand& command, report::Format format) {
    const bool given = command.fail_on_option != nullptr && command.fail_on_option->count() > 0;
    if (!given && is_data_format(format)) return "never";
    return command.fail_on;
}

void log_run_statistics(const PipelineResult& result) {
    const auto& summary = result.summary;
    const double megabytes = static_cast<double>(summary.bytes) / 1e6;
    const double seconds = summary.seconds;
    spdlog::info(
        "{} games ({} plies, {:.1f} MB) from {} files in {:.2f} s: {:.0f} games/s, {:.1f} MB/s",
        summary.games, summary.plies, megabytes, summary.files, seconds,
        seconds > 0 ? static_cast<double>(summary.games) / seconds : 0.0,
        seconds > 0 ? megabytes / seconds : 0.0);
    // Where the time went, for choosing -j: the workers' share against the helpers beside them.
    spdlog::info("CPU: workers {:.2f} s, readers {:.2f} s, writer {:.2f} s (ordered stage)",
                 result.cpu.workers, result.cpu.readers, result.cpu.writer);
}
}  // namespace

void add_audit_options(CLI::App& app, AuditCommand& command) {
    app.add_option("paths", command.paths,
                   "PGN files (plain, .zst, .gz, .bz2), directories (searched for *.pgn*) or - for "
                   "standard input (e.g. drawaudit games.pgn archive/)")
        ->type_name("PATH");
    app.add_option(
           "--format", command.format,
           "Report format: text (for arbiters), jsonl, csv, sarif, github, pgn, html (the "
           "arbiter's report with boards, one self-contained file), stats (a database's draw "
           "statistics: results, draw rate, why the draws were drawn, by year, early agreements, "
           "game lengths; JSON with -o FILE.json) or games-csv (one row per game, for "
           "spreadsheets, pandas and R); default text (e.g. --format sarif)")
        ->check(CLI::IsMember(report::format_names()))
        ->capture_default_str()
        ->type_name("FORMAT");
    app.add_option("-o,--output", command.output,
                   "Write the report to FILE instead of standard output; a file is replaced "
                   "atomically when the run ends, a device or pipe written in place (e.g. "
                   "-o report.jsonl)")
        ->type_name("FILE");
    app.add_option("--stats-json", command.stats_json,
                   "With --format stats: also write the statistics as one JSON object to FILE "
                   "(e.g. --stats-json draws.json)")
        ->type_name("FILE");
    app.add_option("--only", command.only,
                   "Report only these rules (e.g. --only threefold-claim,fifty-move-claim)")
        ->delimiter(',')
        ->allow_extra_args(false)
        ->check(rule_id_validator())
        ->type_name("RULE,...");
    app.add_option("--ignore", command.ignore,
                   "Do not report these rules (e.g. --ignore fen-repaired)")
        ->delimiter(',')
        ->allow_extra_args(false)
        ->check(rule_id_validator())
        ->type_name("RULE,...");
    app.add_option("--severity", command.severity,
                   "Report RULE at LEVEL (info, warning, error); repeatable (e.g. --severity "
                   "early-agreement=error)")
        ->allow_extra_args(false)
        ->check(severity_setting_validator())
        ->type_name("RULE=LEVEL");
    command.fail_on_option =
        app.add_option("--fail-on", command.fail_on,
                       "Exit 1 when a finding is at or above this level: info, warning, error or "
                       "never (default error; the data formats stats and games-csv: never unless "
                       "given) (e.g. --fail-on warning)")
            ->check(CLI::IsMember({"info", "warning", "error", "never"}))
            ->type_name("LEVEL");
    app.add_option("--min-severity", command.min_severity,
                   "Leave out the findings below LEVEL (info, warning or error) from the report; "
                   "the summary counts them, and they do not count for --fail-on (default: info, "
                   "every finding; --format github: warning) (e.g. --min-severity warning)")
        ->check(CLI::IsMember({"info", "warning", "error"}))
        ->type_name("LEVEL");
    app.add_option(
           "--laws", command.laws,
           "Edition of the Laws: auto (the default: from each game's Date tag), 2023, 2017, 2014 "
           "or 1997 (e.g. --laws 2023)")
        ->check(CLI::IsMember({"auto", "2023", "2017", "2014", "1997"}))
        ->capture_default_str()
        ->type_name("EDITION");
    app.add_option("--min-moves-before-agreement", command.min_moves_before_agreement,
                   "Tournament rule (9.1.1): report draws agreed before each player made N moves "
                   "(e.g. --min-moves-before-agreement 30)")
        ->check(CLI::Range(0, 10000))
        ->type_name("N");
    app.add_flag("--all-games", command.all_games,
                 "Text and html formats: every game, also those without findings (html: the "
                 "round's sheet, a line per game) (e.g. --all-games)");
    app.add_option("-j,--jobs", command.jobs,
                   "Worker threads (default: one per core); the report is the same for any N "
                   "(e.g. -j 4)")
        ->check(CLI::Range(1u, 1024u))
        ->type_name("N");
    command.progress_option =
        app.add_flag("--progress,!--no-progress", command.progress,
                     "Show games, MB/s and ETA on stderr (default: on when stderr is a terminal; "
                     "e.g. --no-progress)");
    app.add_option(
           "--color", command.color,
           "Colour in the text report: auto (the default: on a terminal, unless NO_COLOR is "
           "set), always or never (e.g. --color never)")
        ->check(CLI::IsMember({"auto", "always", "never"}))
        ->capture_default_str()
        ->type_name("WHEN");
    app.add_option("--lang", command.lang,
                   "Language of the text and html reports: en or es (default: es when the LANG "
                   "environment variable starts with es, else en; e.g. --lang es)")
        ->check(CLI::IsMember({"en", "es"}))
        ->type_name("LANG");
    app.add_option("--html-max-games", command.html_max_games,
                   "Html format: at most N games with findings get a section; the summary counts "
                   "them all (default 2000; e.g. --html-max-games 500)")
        ->check(CLI::Range(std::uint64_t{0}, std::uint64_t{1} << 40))
        ->capture_default_str()
        ->type_name("N");
    app.add_flag("-q,--quiet", command.quiet, "Only errors on stderr (e.g. -q)");
    app.add_flag("-v,--verbose", command.verbose,
                 "More messages on stderr: -v for run statistics, -vv for debugging (e.g. -v)");
    app.add_option("--log-level", command.log_level,
                   "Level of the messages on stderr: trace, debug, info, warn, error, critical or "
                   "off (e.g. --log-level debug)")
        ->check(CLI::IsMember({"trace", "debug", "info", "warn", "error", "critical", "off"}))
        ->type_name("LEVEL");
    app.add_option("--max-game-bytes", command.max_game_bytes,
                   "Longest game text read; a longer one is reported as a parse error and skipped "
                   "(default 64 MiB; e.g. --max-game-bytes 1048576)")
        ->check(CLI::Range(std::size_t{1} << 17, std::size_t{1} << 34))
        ->type_name("BYTES");
    app.add_option("--max-plies", command.max_plies,
                   "Most moves read in one game; past them a parse error and the rest of the game "
                   "is skipped (default 100000; e.g. --max-plies 5000)")
        ->check(CLI::Range(std::uint64_t{1}, std::uint64_t{1} << 40))
        ->type_name("N");
    app.add_option("--max-findings-per-rule", command.max_findings_per_rule,
                   "Most findings of one rule listed per game; the rest are counted in the game's "
                   "record and the summary (default 1000; e.g. --max-findings-per-rule 100)")
        ->check(CLI::Range(std::uint64_t{1}, std::uint64_t{1} << 40))
        ->type_name("N");
    app.add_option("--max-variation-depth", command.max_variation_depth,
                   "Deepest nesting of variations read; deeper is a parse error and the rest of "
                   "the game is skipped (default 1000; e.g. --max-variation-depth 50)")
        ->check(CLI::Range(std::uint32_t{1}, std::uint32_t{1} << 30))
        ->type_name("N");
    app.add_option("--shard", command.shard,
                   "Audit only the K-th of N disjoint parts of the input and write its JSON Lines "
                   "part for drawaudit merge (e.g. --shard 2/8 --format jsonl -o part2.jsonl)")
        ->check(CLI::Validator(
            [](std::string& value) -> std::string {
                if (pgn::parse_shard_spec(value)) return {};
                return "expected K/N with 1 <= K <= N, got '" + value + "'";
            },
            "K/N"))
        ->type_name("K/N");
    app.add_option("--baseline", command.baseline,
                   "Leave out the findings of an earlier run's report (JSON Lines, SARIF or a "
                   "--write-baseline file): only new findings are reported and count for "
                   "--fail-on (e.g. --baseline drawaudit-baseline.jsonl)")
        ->type_name("FILE");
    app.add_option("--write-baseline", command.write_baseline,
                   "Also write the fingerprints of this run's reported findings to FILE, for a "
                   "later --baseline (e.g. --write-baseline drawaudit-baseline.jsonl)")
        ->type_name("FILE");
    app.add_flag("--duplicates", command.duplicates,
                 "Compare the games across the whole run: duplicate-game, and duplicate-conflict "
                 "when the two records' results differ (e.g. --duplicates)");
    app.add_option("--trf", command.trf,
                   "Reconcile the games with the pairing program's report (FIDE TRF16 or "
                   "TRF-2026): results, colours, forfeits, missing games "
                   "(e.g. --trf round5.trf)")
        ->type_name("FILE");
    app.add_option("--trf-round", command.trf_rounds,
                   "With --trf: the rounds whose pairings without a game are reported (default: "
                   "the rounds the games cover; e.g. --trf-round 5)")
        ->check(CLI::Range(1, 9999))
        ->type_name("N");
    app.add_option("--chunk-bytes", command.chunk_bytes,
                   "Bytes per work unit (e.g. --chunk-bytes 65536); for tests")
        ->check(CLI::Range(std::size_t{1024}, std::size_t{1} << 30))
        ->group("");  // hidden from --help
    CLI::Option* config = app.set_config(
        "--config", ".drawaudit.toml",
        "Read options from a TOML file whose keys are the long option names (default: "
        ".drawaudit.toml in the current directory, if present; e.g. --config ci.toml)");
    config->type_name("FILE");
    command.config_option = config;
    // The strict reader (config_file.hpp): an unknown key, a refused value, a table or a file
    // that is not UTF-8 is a usage error naming the file and line, never ignored.
    app.config_formatter(std::make_shared<StrictConfig>(app));
    app.allow_config_extras(CLI::config_extras_mode::error);
}

int run_audit(const AuditCommand& command) {
    set_up_logging({command.quiet, command.verbose, command.log_level, chosen_lang(command.lang)});
    auto plan = plan_audit(command);
    if (!plan) {
        spdlog::error("{}", plan.error());
        return ExitError;
    }
    // Not one input could be read (each named on stderr): no report, not even an empty summary
    // that reads like an audit of nothing. A shard still writes its part for the merge.
    if (!plan->shard && plan->settings.files.empty() && plan->settings.path_errors > 0)
        return ExitError;
    auto outputs = open_outputs(command, *plan);
    if (!outputs) {
        spdlog::error("{}", outputs.error());
        return ExitError;
    }
    auto writer = make_audit_writer(command, *plan, **outputs);
    const PipelineResult result = run_planned(command, *plan, *writer, (*outputs)->report());
    if (auto stopped = settle_outputs(result, **outputs, *writer, plan->settings.lang))
        return *stopped;
    log_run_statistics(result);
    return exit_code_for(result.io_errors, result.worst, fail_on_level(command, plan->format));
}

int exit_code_for(std::uint64_t io_errors, std::optional<audit::Severity> worst,
                  const std::string& fail_on) {
    if (io_errors > 0) return ExitError;
    if (fail_on == "never" || !worst) return ExitClean;
    const auto threshold = audit::severity_from_name(fail_on);
    return threshold && *worst >= *threshold ? ExitFindings : ExitClean;
}

}  // namespace drawaudit::app
