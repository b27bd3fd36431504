#include "audit_command.hpp"

#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <optional>
#include <thread>

#include <fmt/format.h>
#include <spdlog/sinks/stdout_color_sinks.h>
#include <spdlog/spdlog.h>
#include <unistd.h>

#include "baseline.hpp"
#include "config_file.hpp"
#include "finding_filter.hpp"
#include "interrupt.hpp"
#include "output_file.hpp"
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

bool no_color_requested() {
    const char* value = std::getenv("NO_COLOR");
    return value != nullptr && value[0] != '\0';
}

void set_up_logging(const AuditCommand& command) {
    auto sink = std::make_shared<spdlog::sinks::stderr_color_sink_mt>(
        no_color_requested() ? spdlog::color_mode::never : spdlog::color_mode::automatic);
    auto logger = std::make_shared<spdlog::logger>("drawaudit", sink);
    logger->set_pattern("drawaudit: %^%l%$: %v");
    spdlog::level::level_enum level = spdlog::level::warn;
    if (command.quiet) level = spdlog::level::err;
    if (command.verbose == 1) level = spdlog::level::info;
    if (command.verbose >= 2) level = spdlog::level::debug;
    if (!command.log_level.empty()) level = spdlog::level::from_str(command.log_level);
    logger->set_level(level);
    spdlog::set_default_logger(std::move(logger));
}

std::optional<audit::Severity> fail_threshold(const std::string& fail_on) {
    if (fail_on == "never") return std::nullopt;
    return audit::severity_from_name(fail_on);
}

// Every file the run reads, which none of its outputs may replace: the PGN inputs (expanded),
// the baseline and the config file.
std::vector<RunFile> run_inputs(const AuditCommand& command,
                                const std::vector<std::string>& files) {
    std::vector<RunFile> inputs;
    inputs.reserve(files.size() + 2);
    for (const std::string& file : files) inputs.push_back({"the PGN input", file});
    inputs.push_back({"the --baseline file", command.baseline});
    if (command.config_option != nullptr && command.config_option->count() > 0) {
        inputs.push_back({"the config file", command.config_option->as<std::string>()});
    } else {
        inputs.push_back({"the config file", ".drawaudit.toml"});  // read when present
    }
    return inputs;
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
           "spreadsheets, pandas and R) (e.g. --format sarif)")
        ->check(CLI::IsMember(
            {"text", "jsonl", "csv", "sarif", "github", "pgn", "html", "stats", "games-csv"}))
        ->capture_default_str();
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
    app.add_option("--fail-on", command.fail_on,
                   "Exit 1 when a finding is at or above this level: info, warning, error or never "
                   "(e.g. --fail-on warning)")
        ->check(CLI::IsMember({"info", "warning", "error", "never"}))
        ->capture_default_str();
    app.add_option(
           "--laws", command.laws,
           "Edition of the Laws: auto (from each game's Date tag), 2023, 2017, 2014 or 1997 "
           "(e.g. --laws 2023)")
        ->check(CLI::IsMember({"auto", "2023", "2017", "2014", "1997"}))
        ->capture_default_str();
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
           "Colour in the text report: auto (on a terminal, unless NO_COLOR is set), always "
           "or never (e.g. --color never)")
        ->check(CLI::IsMember({"auto", "always", "never"}))
        ->capture_default_str();
    app.add_option("--lang", command.lang,
                   "Language of the text and html reports: en or es (default: es when the LANG "
                   "environment variable starts with es, else en; e.g. --lang es)")
        ->check(CLI::IsMember({"en", "es"}));
    app.add_option("--html-max-games", command.html_max_games,
                   "Html format: at most N games with findings get a section; the summary counts "
                   "them all (e.g. --html-max-games 500)")
        ->check(CLI::Range(std::uint64_t{0}, std::uint64_t{1} << 40))
        ->capture_default_str()
        ->type_name("N");
    app.add_flag("-q,--quiet", command.quiet, "Only errors on stderr (e.g. -q)");
    app.add_flag("-v,--verbose", command.verbose,
                 "More messages on stderr: -v for run statistics, -vv for debugging (e.g. -v)");
    app.add_option("--log-level", command.log_level,
                   "Level of the messages on stderr: trace, debug, info, warn, error, critical or "
                   "off (e.g. --log-level debug)")
        ->check(CLI::IsMember({"trace", "debug", "info", "warn", "error", "critical", "off"}));
    app.add_option("--max-game-bytes", command.max_game_bytes,
                   "Longest game text read; a longer one is reported as a parse error and skipped "
                   "(default 64 MiB; e.g. --max-game-bytes 1048576)")
        ->check(CLI::Range(std::size_t{1} << 17, std::size_t{1} << 34));
    app.add_option("--max-plies", command.max_plies,
                   "Most moves read in one game; past them a parse error and the rest of the game "
                   "is skipped (default 100000; e.g. --max-plies 5000)")
        ->check(CLI::Range(std::uint64_t{1}, std::uint64_t{1} << 40));
    app.add_option("--max-findings-per-rule", command.max_findings_per_rule,
                   "Most findings of one rule listed per game; the rest are counted in the game's "
                   "record and the summary (default 1000; e.g. --max-findings-per-rule 100)")
        ->check(CLI::Range(std::uint64_t{1}, std::uint64_t{1} << 40));
    app.add_option("--max-variation-depth", command.max_variation_depth,
                   "Deepest nesting of variations read; deeper is a parse error and the rest of "
                   "the game is skipped (default 1000; e.g. --max-variation-depth 50)")
        ->check(CLI::Range(std::uint32_t{1}, std::uint32_t{1} << 30));
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
    app.add_option("--chunk-bytes", command.chunk_bytes,
                   "Bytes per work unit (e.g. --chunk-bytes 65536); for tests")
        ->check(CLI::Range(std::size_t{1024}, std::size_t{1} << 30))
        ->group("");  // hidden from --help
    command.config_option = app.set_config(
        "--config", ".drawaudit.toml",
        "Read options from a TOML file whose keys are the long option names (default: "
        ".drawaudit.toml in the current directory, if present; e.g. --config ci.toml)");
    // The strict reader (config_file.hpp): an unknown key, a refused value, a table or a file
    // that is not UTF-8 is a usage error naming the file and line, never ignored.
    app.config_formatter(std::make_shared<StrictConfig>(app));
    app.allow_config_extras(CLI::config_extras_mode::error);
}

int run_audit(AuditCommand& command) {
    set_up_logging(command);
    if (command.paths.empty()) {
        spdlog::error("no input: give PGN files, directories or - for standard input (see --help)");
        return ExitError;
    }
    const auto format = report::format_from_name(command.format);
    auto filter = FindingFilter::create(command.only, command.ignore, command.severity);
    if (!format || !filter) {
        spdlog::error("{}", filter ? "unknown format " + command.format : filter.error());
        return ExitError;
    }

    PipelineSettings settings;
    if (command.laws != "auto") settings.audit.laws = audit::laws_from_name(command.laws);
    settings.audit.min_moves_before_agreement = command.min_moves_before_agreement;
    settings.chunk_bytes = command.chunk_bytes;
    settings.max_game_bytes = command.max_game_bytes;
    settings.limits.max_plies = command.max_plies;
    settings.limits.max_variation_depth = command.max_variation_depth;
    settings.audit.max_findings_per_rule = command.max_findings_per_rule;
    // The pgn writer copies each game; the html writer replays the games it shows (move lists).
    settings.audit.keep_game_text =
        *format == report::Format::Pgn || *format == report::Format::Html;
    settings.threads =
        command.jobs > 0 ? command.jobs : std::max(1u, std::thread::hardware_concurrency());
    const bool progress_given =
        command.progress_option != nullptr && command.progress_option->count() > 0;
    settings.progress = progress_given ? command.progress : isatty(STDERR_FILENO) == 1;

    std::optional<pgn::ShardSpec> shard;
    if (!command.shard.empty()) {
        shard = pgn::parse_shard_spec(command.shard);
        if (*format != report::Format::Jsonl) {
            spdlog::error("--shard writes a part for drawaudit merge: it needs --format jsonl");
            return ExitError;
        }
        if (command.duplicates && (!command.baseline.empty() || !command.write_baseline.empty())) {
            spdlog::error(
                "--shard with --duplicates cannot use --{}: the parts do not know the duplicates "
                "yet (merge the parts to JSON Lines, then use that report as the baseline)",
                command.baseline.empty() ? "write-baseline" : "baseline");
            return ExitError;
        }
    }

    std::uint64_t path_errors = 0;
    {
        auto expanded = pgn::expand_paths(command.paths);
        for (const pgn::IoError& error : expanded.errors) {
            spdlog::error("{}: {}", report::terminal_text(error.path), error.message);
            ++path_errors;
        }
        settings.files = std::move(expanded.files);
        // Every shard sees a missing path; the first one counts it, so the merge counts it once.
        settings.path_errors = shard && shard->index != 1 ? 0 : path_errors;
        if (settings.files.empty() && path_errors == 0) {
            spdlog::warn("no PGN files (*.pgn, *.pgn.zst, *.pgn.gz, *.pgn.bz2) in the given paths");
        }
    }

    std::optional<ShardRun> shard_run;
    if (shard) {
        auto planned = plan_shard_run(*shard, settings.files);
        if (!planned) {
            spdlog::error("{}", planned.error());
            return ExitError;
        }
        shard_run = std::move(*planned);
        apply_shard_run(*shard_run, settings);
    }
    // Issue 20: the baseline is read before the run, so that a bad one stops it (exit 2).
    std::optional<Baseline> baseline;
    if (!command.baseline.empty()) {
        auto loaded = Baseline::load(command.baseline);
        if (!loaded) {
            spdlog::error("{}", report::terminal_text(loaded.error()));
            return ExitError;
        }
        baseline.emplace(std::move(*loaded));
        spdlog::info("baseline {}: {} fingerprints", command.baseline, baseline->size());
        settings.checks.baseline = &*baseline;
    }
    if (auto conflict =
            output_conflict({{"-o", command.output == "-" ? std::string() : command.output},
                             {"--write-baseline", command.write_baseline},
                             {"--stats-json", command.stats_json}},
                            run_inputs(command, shard_run ? shard_run->inputs : settings.files))) {
        spdlog::error("{}", *conflict);
        return ExitError;
    }
    std::optional<BaselineWriter> baseline_writer;
    if (!command.write_baseline.empty()) {
        auto created = BaselineWriter::create(command.write_baseline);
        if (!created) {
            spdlog::error("{}", created.error());
            return ExitError;
        }
        baseline_writer.emplace(std::move(*created));
        settings.checks.write_baseline = &*baseline_writer;
    }
    settings.checks.duplicates = command.duplicates;
    settings.audit.duplicate_keys = command.duplicates;
    if (shard_run) {
        // A part holds the game text's length and hash (pgn and html merges read the text back from
        // the inputs) and, with --duplicates, each game's key: the duplicates are found by the
        // merge across all parts, in the run's game order; a part alone would report some of them,
        // and number them wrongly.
        settings.audit.game_text_digest = true;
        settings.checks.duplicates = false;
    }

    install_interrupt_handler();
    std::optional<AtomicOutputFile> output_file;
    std::FILE* stream = stdout;
    if (command.output == "-") command.output.clear();  // "-o -": standard output, as for inputs
    if (!command.output.empty()) {
        auto created = AtomicOutputFile::create(command.output);
        if (!created) {
            spdlog::error("{}", created.error());
            return ExitError;
        }
        output_file.emplace(std::move(*created));
        stream = output_file->stream();
    }

    // --format stats: its JSON object, as the report (-o FILE.json) or beside it (--stats-json).
    const bool stats = *format == report::Format::Stats;
    if (!command.stats_json.empty() && !stats) {
        spdlog::error("--stats-json needs --format stats");
        return ExitError;
    }
    std::optional<AtomicOutputFile> stats_file;
    std::optional<report::FileOutput> stats_output;
    if (!command.stats_json.empty()) {
        auto created = AtomicOutputFile::create(command.stats_json);
        if (!created) {
            spdlog::error("{}", created.error());
            return ExitError;
        }
        stats_file.emplace(std::move(*created));
        stats_output.emplace(stats_file->stream());
    }

    report::WriterOptions writer_options;
    writer_options.all_games = command.all_games;
    writer_options.tool_version = DRAWAUDIT_VERSION;
    if (!command.lang.empty()) {
        writer_options.lang = report::lang_from_name(command.lang).value_or(report::Lang::En);
    } else if (const char* locale = std::getenv("LANG"); locale != nullptr) {
        writer_options.lang = report::lang_from_locale(locale);
    }
    writer_options.html_max_games = command.html_max_games;
    writer_options.stats_as_json =
        stats && command.output.size() > 5 &&
        command.output.compare(command.output.size() - 5, 5, ".json") == 0;
    writer_options.stats_json_output = stats_output ? &*stats_output : nullptr;
    writer_options.min_moves_before_agreement = command.min_moves_before_agreement;
    writer_options.baseline = baseline.has_value();
    writer_options.color =
        command.color == "always" ||
        (command.color == "auto" && isatty(fileno(stream)) == 1 && !no_color_requested());
    writer_options.shard_fields = shard_run.has_value();
    report::FileOutput output(stream);
    auto writer = report::make_writer(*format, output, writer_options);
    if (shard_run) {
        // What decides the records: every part of one run must have been made with the same.
        const std::vector<std::string> options = {
            "laws=" + command.laws,
            "min-moves-before-agreement=" + std::to_string(command.min_moves_before_agreement),
            "only=" + fmt::format("{}", fmt::join(command.only, ",")),
            "ignore=" + fmt::format("{}", fmt::join(command.ignore, ",")),
            "severity=" + fmt::format("{}", fmt::join(command.severity, ",")),
            "max-game-bytes=" + std::to_string(command.max_game_bytes),
            fmt::format("duplicates={}", command.duplicates)};
        output.write(shard_header(*shard_run, options));
    }

    PipelineResult result = run_pipeline(settings, *filter, *writer);
    if (shard_run && !result.interrupted && !result.failed) {
        output.write(shard_trailer(*shard_run, result.files));
    }

    if (baseline_writer && (result.interrupted || result.failed)) baseline_writer->discard();
    if (result.interrupted) {
        if (stats_file) stats_file->discard();
        if (output_file) output_file->discard();
        if (!output_file)
            spdlog::warn("interrupted; the report on standard output is incomplete");
        else if (output_file->in_place())
            spdlog::warn("interrupted; the report written to {} is incomplete", command.output);
        else
            spdlog::warn("interrupted; no report written");
        return interrupt_exit_code();
    }
    if (result.failed) {
        if (stats_file) stats_file->discard();
        if (output_file) output_file->discard();
        return ExitError;
    }
    errno = 0;
    if (writer->failed() || output.error() != 0 || (!output_file && std::fflush(stdout) != 0)) {
        const int reason = output.error() != 0 ? output.error() : errno;
        if (output_file) output_file->discard();
        spdlog::error("{}: cannot write the report{}{}",
                      command.output.empty() ? "standard output" : command.output,
                      reason != 0 ? ": " : "", reason != 0 ? std::strerror(reason) : "");
        return ExitError;
    }
    if (stats_file) {
        if (stats_output->error() != 0) {
            stats_file->discard();
            spdlog::error("{}: cannot write the statistics: {}", command.stats_json,
                          std::strerror(stats_output->error()));
            return ExitError;
        }
        if (auto committed = stats_file->commit(); !committed) {
            spdlog::error("{}", committed.error());
            return ExitError;
        }
    }
    if (output_file) {
        if (auto committed = output_file->commit(); !committed) {
            spdlog::error("{}", committed.error());
            return ExitError;
        }
    }

    // The report stays valid UTF-8 whatever the input held; the reader is told what was replaced.
    if (const std::uint64_t replaced = report::invalid_utf8_replacements(); replaced > 0) {
        spdlog::warn(
            "some of the input's text was not valid UTF-8: the report shows each such "
            "byte as U+FFFD ({} replaced)",
            replaced);
    }
    if (baseline_writer) {
        if (auto committed = baseline_writer->commit(); !committed) {
            spdlog::error("{}", committed.error());
            return ExitError;
        }
    }

    const auto& summary = result.summary;
    spdlog::info(
        "{} games ({} plies, {:.1f} MB) from {} files in {:.2f} s: {:.0f} games/s, {:.1f} MB/s",
        summary.games, summary.plies, static_cast<double>(summary.bytes) / 1e6, summary.files,
        summary.seconds,
        summary.seconds > 0 ? static_cast<double>(summary.games) / summary.seconds : 0.0,
        summary.seconds > 0 ? static_cast<double>(summary.bytes) / 1e6 / summary.seconds : 0.0);
    // Where the time went, for choosing -j: the workers' share against the helpers beside them.
    spdlog::info("CPU: workers {:.2f} s, readers {:.2f} s, writer {:.2f} s (ordered stage)",
                 result.cpu.workers, result.cpu.readers, result.cpu.writer);

    if (result.io_errors > 0) return ExitError;
    const auto threshold = fail_threshold(command.fail_on);
    if (threshold && result.worst && *result.worst >= *threshold) return ExitFindings;
    return ExitClean;
}

}  // namespace drawaudit::app
