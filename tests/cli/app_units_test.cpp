// Unit tests of the app's own pieces that the end-to-end tests reach only indirectly: the finding
// filter of --only/--ignore/--severity, the atomic output file of -o, the outputs a run and a
// merge share, NO_COLOR and the log level, and the format names the command line accepts.
#include <gtest/gtest.h>

#include <fcntl.h>
#include <sys/stat.h>
#include <sys/sysmacros.h>
#include <sys/wait.h>
#include <unistd.h>

#include <csignal>

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <functional>
#include <sstream>
#include <string>

#include "baseline.hpp"
#include "finding_filter.hpp"
#include "interrupt.hpp"
#include "logging.hpp"
#include "output_file.hpp"
#include "outputs.hpp"
#include "report/writer.hpp"
#include "winnable_command.hpp"

namespace drawaudit::app {
namespace {

audit::GameReport game_with(std::initializer_list<audit::Rule> rules) {
    audit::GameReport report;
    for (const audit::Rule rule : rules) {
        audit::Finding f;
        f.rule = rule;
        report.findings.push_back(f);
    }
    return report;
}

// A shard's part (--shard K/N) holds the findings of one piece of the run: as a --baseline it
// would leave out the others' findings unnoticed, so it is refused with what to do instead.
TEST(BaselineFile, AShardsPartIsRefusedWithWhatToDo) {
    const std::string path = (std::filesystem::temp_directory_path() /
                              ("drawaudit-part-" + std::to_string(getpid()) + ".jsonl"))
                                 .string();
    {
        std::ofstream part(path);
        part
            << R"({"type":"shard","shard":1,"of":2,"version":"0.1.0","inputs":[]})"
            << "\n"
            << R"({"type":"finding","file":"a.pgn","game":1,"line":1,"fingerprint":"0123456789abcdef","offset":0})"
            << "\n"
            << R"({"type":"summary","files":1})"
            << "\n"
            << R"({"type":"shard-end","pieces":[]})"
            << "\n";
    }
    const auto loaded = Baseline::load(path);
    std::filesystem::remove(path);
    ASSERT_FALSE(loaded.has_value());
    EXPECT_NE(loaded.error().find("a part of a sharded run"), std::string::npos) << loaded.error();
    EXPECT_NE(loaded.error().find("drawaudit merge"), std::string::npos) << loaded.error();
}

TEST(FindingFilter, EverythingByDefault) {
    const auto filter = FindingFilter::create({}, {}, {});
    ASSERT_TRUE(filter);
    EXPECT_TRUE(filter->selects_everything());
    auto game = game_with({audit::Rule::ThreefoldClaim, audit::Rule::IllegalMove});
    filter->apply(game);
    EXPECT_EQ(game.findings.size(), 2u);
}

TEST(FindingFilter, OnlyIgnoreAndSeverity) {
    const auto filter = FindingFilter::create({"threefold-claim", "illegal-move"}, {"illegal-move"},
                                              {"threefold-claim=error"});
    ASSERT_TRUE(filter);
    auto game = game_with({audit::Rule::ThreefoldClaim, audit::Rule::IllegalMove,
                           audit::Rule::Checkmate, audit::Rule::ThreefoldClaim});
    filter->apply(game);
    ASSERT_EQ(game.findings.size(), 2u);
    for (const auto& f : game.findings) {
        EXPECT_EQ(f.rule, audit::Rule::ThreefoldClaim);
        EXPECT_EQ(f.severity, audit::Severity::Error);
    }
}

TEST(FindingFilter, BadValuesAreNamed) {
    EXPECT_EQ(FindingFilter::create({"nope"}, {}, {}).error(), "--only: unknown rule id 'nope'");
    EXPECT_EQ(FindingFilter::create({}, {"x"}, {}).error(), "--ignore: unknown rule id 'x'");
    EXPECT_FALSE(FindingFilter::create({}, {}, {"threefold-claim"}));
    EXPECT_FALSE(FindingFilter::create({}, {}, {"threefold-claim=loud"}));
    EXPECT_FALSE(FindingFilter::create({}, {}, {"loud=error"}));
}

// Issue 31: --min-severity warning leaves out the notices and counts them in the record.
TEST(FindingFilter, MinSeverityLeavesOutLowerFindingsAndCountsThem) {
    const auto filter = FindingFilter::create({}, {}, {}, "warning");
    ASSERT_TRUE(filter);
    EXPECT_FALSE(filter->selects_everything());
    auto game = game_with(
        {audit::Rule::ThreefoldClaim, audit::Rule::FenRepaired, audit::Rule::IllegalMove});
    game.findings[1].severity = audit::Severity::Warning;
    game.findings[2].severity = audit::Severity::Error;
    filter->apply(game);
    ASSERT_EQ(game.findings.size(), 2u);
    EXPECT_EQ(game.findings[0].rule, audit::Rule::FenRepaired);
    EXPECT_EQ(game.findings[1].rule, audit::Rule::IllegalMove);
    EXPECT_EQ(game.below_min_severity, 1u);
    filter->apply(game);  // a second pass (a duplicate finding added) counts nothing again
    EXPECT_EQ(game.below_min_severity, 1u);
}

TEST(FindingFilter, MinSeverityJudgesTheOverriddenSeverity) {
    const auto filter = FindingFilter::create({}, {}, {"threefold-claim=error"}, "error");
    ASSERT_TRUE(filter);
    auto game = game_with({audit::Rule::ThreefoldClaim, audit::Rule::Checkmate});
    filter->apply(game);
    ASSERT_EQ(game.findings.size(), 1u);
    EXPECT_EQ(game.findings[0].rule, audit::Rule::ThreefoldClaim);
    EXPECT_EQ(game.below_min_severity, 1u);
}

TEST(FindingFilter, MinSeverityInfoKeepsEverythingAndABadLevelIsNamed) {
    EXPECT_TRUE(FindingFilter::create({}, {}, {}, "info")->selects_everything());
    EXPECT_EQ(FindingFilter::create({}, {}, {}, "loud").error(),
              "--min-severity: unknown level 'loud' (info, warning, error)");
}

// Issue 31: a positions-file label (WB, W-, -B, --) against the two verdicts of winnable.
TEST(WinnableLabel, AgreesWhenBothProvedVerdictsMatch) {
    using chess::Winnability;
    EXPECT_EQ(label_agrees("WB", Winnability::Winnable, Winnability::Winnable), true);
    EXPECT_EQ(label_agrees("W-", Winnability::Winnable, Winnability::Unwinnable), true);
    EXPECT_EQ(label_agrees("--", Winnability::Unwinnable, Winnability::Unwinnable), true);
}

TEST(WinnableLabel, DisagreesWhenAProvedVerdictContradictsIt) {
    using chess::Winnability;
    EXPECT_EQ(label_agrees("WB", Winnability::Unwinnable, Winnability::Undetermined), false);
    EXPECT_EQ(label_agrees("-B", Winnability::Winnable, Winnability::Winnable), false);
    EXPECT_EQ(label_agrees("W-", Winnability::Undetermined, Winnability::Winnable), false);
}

TEST(WinnableLabel, IsUnknownWhenASideIsUndeterminedAndNothingContradicts) {
    using chess::Winnability;
    EXPECT_EQ(label_agrees("WB", Winnability::Undetermined, Winnability::Winnable), std::nullopt);
    EXPECT_EQ(label_agrees("--", Winnability::Unwinnable, Winnability::Undetermined), std::nullopt);
}

class AtomicOutput : public ::testing::Test {
  protected:
    void SetUp() override {
        directory_ = std::filesystem::temp_directory_path() /
                     ("drawaudit-app-test-" + std::to_string(::getpid()));
        std::filesystem::create_directories(directory_);
    }
    void TearDown() override { std::filesystem::remove_all(directory_); }

    std::size_t entries() const {
        return static_cast<std::size_t>(
            std::distance(std::filesystem::directory_iterator(directory_),
                          std::filesystem::directory_iterator()));
    }
    static std::string read(const std::filesystem::path& path) {
        std::ifstream in(path);
        std::stringstream text;
        text << in.rdbuf();
        return text.str();
    }

    // Creates the output for `target`, writes `text` into it and commits: the commit's outcome.
    static tl::expected<void, std::string> write_report(const std::filesystem::path& target,
                                                        const char* text) {
        auto file = AtomicOutputFile::create(target.string());
        if (!file) return tl::unexpected(file.error());
        std::fputs(text, file->stream());
        return file->commit();
    }

    // A regular file held open (as a shell's redirection holds the standard output), reached
    // as `name(fd)`: the report must go into that same file, after what it held.
    void expect_open_file_gets_report(const std::function<std::string(int)>& name) {
        const auto behind = directory_ / "redirected.txt";
        std::ofstream(behind) << "old";
        const int fd = ::open(behind.c_str(), O_WRONLY);
        ASSERT_GE(fd, 0);
        struct stat before {};
        ASSERT_EQ(::fstat(fd, &before), 0);
        const auto written = write_report(name(fd), "new report");
        EXPECT_TRUE(written) << (written ? "" : written.error());
        struct stat after {};
        ASSERT_EQ(::stat(behind.c_str(), &after), 0);
        EXPECT_EQ(after.st_ino, before.st_ino);  // the same file, not a replacement
        ::close(fd);
        EXPECT_EQ(read(behind), "oldnew report");  // after what it held, as `>>` would
    }

    std::filesystem::path directory_;
};

TEST_F(AtomicOutput, CommitRenamesOverTheTarget) {
    const auto target = directory_ / "report.txt";
    std::ofstream(target) << "old";
    auto file = AtomicOutputFile::create(target.string());
    ASSERT_TRUE(file) << file.error();
    EXPECT_FALSE(file->in_place());
    std::fputs("new report", file->stream());
    EXPECT_EQ(read(target), "old");  // untouched until the commit
    EXPECT_EQ(entries(), 2u);
    ASSERT_TRUE(file->commit());
    EXPECT_EQ(read(target), "new report");
    EXPECT_EQ(entries(), 1u);
    struct stat info {};
    ASSERT_EQ(::stat(target.c_str(), &info), 0);
    const mode_t mask = ::umask(0);
    ::umask(mask);
    EXPECT_EQ(info.st_mode & 0777, 0666 & ~mask);
}

TEST_F(AtomicOutput, CommitCreatesAMissingTarget) {
    const auto target = directory_ / "report.txt";
    ASSERT_TRUE(write_report(target, "first report"));
    EXPECT_EQ(read(target), "first report");
    EXPECT_EQ(entries(), 1u);
}

TEST_F(AtomicOutput, CommitLeavesAnotherLinkToTheOldReportAlone) {
    const auto target = directory_ / "report.txt";
    const auto other_name = directory_ / "kept.txt";
    std::ofstream(target) << "old";
    std::filesystem::create_hard_link(target, other_name);
    ASSERT_TRUE(write_report(target, "new report"));
    EXPECT_EQ(read(target), "new report");
    EXPECT_EQ(read(other_name), "old");
    EXPECT_EQ(entries(), 2u);
}

TEST_F(AtomicOutput, CommitReplacesTheFileASymlinkLeadsTo) {
    const auto target = directory_ / "report.txt";
    const auto pointee = directory_ / "elsewhere.txt";
    std::ofstream(pointee) << "old";
    std::filesystem::create_symlink(pointee, target);
    auto file = AtomicOutputFile::create(target.string());
    ASSERT_TRUE(file) << file.error();
    std::fputs("new report", file->stream());
    EXPECT_EQ(read(pointee), "old");  // untouched until the commit
    ASSERT_TRUE(file->commit());
    EXPECT_TRUE(std::filesystem::is_symlink(target));
    EXPECT_EQ(read(pointee), "new report");
    EXPECT_EQ(entries(), 2u);
}

TEST_F(AtomicOutput, ADirectoryTargetIsAnErrorAtOnce) {
    const auto target = directory_ / "report.txt";
    std::filesystem::create_directory(target);
    std::ofstream(target / "inside.txt") << "kept";
    const auto file = AtomicOutputFile::create(target.string());
    ASSERT_FALSE(file);
    EXPECT_NE(file.error().find("report.txt"), std::string::npos);
    EXPECT_TRUE(std::filesystem::is_directory(target));
    EXPECT_EQ(read(target / "inside.txt"), "kept");
    EXPECT_EQ(entries(), 1u);  // the directory alone: no temporary file
}

// -o /dev/null and its kind: replacing a device would put a regular file in its place.
TEST_F(AtomicOutput, ADeviceIsWrittenInPlaceAndStaysADevice) {
    const auto target = directory_ / "null";
    if (::mknod(target.c_str(), S_IFCHR | 0666, makedev(1, 3)) != 0)
        GTEST_SKIP() << "cannot create a device node here (needs root)";
    ASSERT_TRUE(write_report(target, "report"));
    struct stat info {};
    ASSERT_EQ(::lstat(target.c_str(), &info), 0);
    EXPECT_TRUE(S_ISCHR(info.st_mode));
    EXPECT_EQ(entries(), 1u);
}

TEST_F(AtomicOutput, ANamedPipeGetsTheReport) {
    const auto target = directory_ / "pipe";
    ASSERT_EQ(::mkfifo(target.c_str(), 0600), 0);
    // The reading end first, without waiting for a writer; the report fits the pipe's buffer.
    const int reading = ::open(target.c_str(), O_RDONLY | O_NONBLOCK);
    ASSERT_GE(reading, 0);
    {
        auto file = AtomicOutputFile::create(target.string());
        ASSERT_TRUE(file) << file.error();
        EXPECT_TRUE(file->in_place());
        std::fputs("report through a pipe", file->stream());
        EXPECT_TRUE(file->commit());
    }
    char received[64] = {};
    const ssize_t length = ::read(reading, received, sizeof received - 1);
    ::close(reading);
    EXPECT_EQ(std::string(received, length > 0 ? static_cast<std::size_t>(length) : 0),
              "report through a pipe");
    struct stat info {};
    ASSERT_EQ(::lstat(target.c_str(), &info), 0);
    EXPECT_TRUE(S_ISFIFO(info.st_mode));
    EXPECT_EQ(entries(), 1u);
}

// -o /dev/stdout with the standard output redirected to a file: the file behind the descriptor
// gets the report after what it holds (a replacement would not reach the descriptor).
TEST_F(AtomicOutput, AnOpenFileNamedUnderProcIsWrittenInPlace) {
    expect_open_file_gets_report([](int fd) { return "/proc/self/fd/" + std::to_string(fd); });
    EXPECT_EQ(entries(), 1u);
}

// /dev/stdout is such a link: to /proc/self/fd/1.
TEST_F(AtomicOutput, ALinkToAnOpenFileUnderProcIsWrittenInPlace) {
    const auto link = directory_ / "stdout";
    expect_open_file_gets_report([&](int fd) {
        std::filesystem::create_symlink("/proc/self/fd/" + std::to_string(fd), link);
        return link.string();
    });
    EXPECT_TRUE(std::filesystem::is_symlink(link));
}

TEST_F(AtomicOutput, AnInputFileIsFoundThroughAnyOfItsNames) {
    const auto input = directory_ / "games.pgn";
    const auto link = directory_ / "link.pgn";
    std::ofstream(input) << "1. e4 *";
    std::ofstream(directory_ / "other.pgn") << "1. d4 *";
    std::filesystem::create_symlink(input, link);
    const std::vector<std::string> inputs = {"-", (directory_ / "other.pgn").string(),
                                             input.string()};
    EXPECT_EQ(input_named_by(link.string(), inputs), input.string());
    EXPECT_EQ(input_named_by((directory_ / "." / "games.pgn").string(), inputs), input.string());
    EXPECT_EQ(input_named_by((directory_ / "report.txt").string(), inputs), std::nullopt);
    EXPECT_EQ(input_named_by(input.string(), {"-"}), std::nullopt);
}

TEST_F(AtomicOutput, DiscardLeavesNothing) {
    const auto target = directory_ / "report.txt";
    {
        auto file = AtomicOutputFile::create(target.string());
        ASSERT_TRUE(file);
        std::fputs("half a report", file->stream());
    }  // destroyed without commit
    EXPECT_EQ(entries(), 0u);
}

TEST_F(AtomicOutput, MissingDirectoryIsAnError) {
    const auto file =
        AtomicOutputFile::create((directory_ / "no" / "such" / "report.txt").string());
    ASSERT_FALSE(file);
    EXPECT_NE(file.error().find("report.txt"), std::string::npos);
}

// Issue 30: the second signal's forced exit removed only the temporary file registered last (the
// report's), leaving the baseline's and the statistics'. In a child process, so that the forced
// exit ends only it.
TEST_F(AtomicOutput, ASecondSignalRemovesEveryTemporaryFile) {
    const pid_t child = ::fork();
    ASSERT_GE(child, 0);
    if (child == 0) {
        install_interrupt_handler();
        auto report = AtomicOutputFile::create((directory_ / "report.txt").string());
        auto baseline = AtomicOutputFile::create((directory_ / "baseline.jsonl").string());
        auto stats = AtomicOutputFile::create((directory_ / "stats.json").string());
        if (!report || !baseline || !stats) ::_exit(3);
        std::raise(SIGINT);   // the clean stop the run would poll for
        std::raise(SIGTERM);  // the forced exit
        ::_exit(4);           // not reached
    }
    int status = 0;
    ASSERT_EQ(::waitpid(child, &status, 0), child);
    ASSERT_TRUE(WIFEXITED(status));
    EXPECT_EQ(WEXITSTATUS(status), 128 + SIGTERM);
    EXPECT_EQ(entries(), 0u);
}

TEST_F(AtomicOutput, AnOutputThatIsAnInputIsRefusedNamingBothRoles) {
    const auto games = directory_ / "c.pgn";
    const auto link = directory_ / "link.pgn";
    std::ofstream(games) << "1. e4 *";
    std::filesystem::create_symlink(games, link);
    const auto conflict =
        output_conflict({{"--write-baseline", link.string()}}, {{"the PGN input", games.string()}});
    ASSERT_TRUE(conflict);
    EXPECT_EQ(*conflict, "--write-baseline " + link.string() + " names the PGN input " +
                             games.string() + ": the output would replace it");
}

TEST_F(AtomicOutput, TwoOutputsNamingOneFileAreRefusedEvenBeforeItExists) {
    const auto report = directory_ / "x.jsonl";
    const auto conflict = output_conflict(
        {{"-o", report.string()}, {"--write-baseline", (directory_ / "." / "x.jsonl").string()}},
        {});
    ASSERT_TRUE(conflict);
    EXPECT_NE(conflict->find("-o " + report.string() + " and --write-baseline"), std::string::npos);
    EXPECT_NE(conflict->find("name the same file"), std::string::npos);
}

TEST_F(AtomicOutput, DistinctOutputsAndDevicesDoNotConflict) {
    std::ofstream(directory_ / "c.pgn") << "1. e4 *";
    EXPECT_EQ(output_conflict(
                  {{"-o", (directory_ / "r.txt").string()},
                   {"--write-baseline", (directory_ / "b.jsonl").string()},
                   {"--stats-json", "/dev/null"},
                   {"-o", "/dev/null"},
                   {"-o", "-"}},
                  {{"the PGN input", (directory_ / "c.pgn").string()}, {"the PGN input", "-"}}),
              std::nullopt);
}

// RunOutputs: what audit and merge both write, checked, committed and discarded as one.
class Outputs : public AtomicOutput {
  protected:
    std::unique_ptr<RunOutputs> open_report(const std::string& name) {
        auto opened = RunOutputs::open({(directory_ / name).string(), {}, {}}, {});
        EXPECT_TRUE(opened) << (opened ? "" : opened.error());
        return opened ? std::move(*opened) : nullptr;
    }
    static std::unique_ptr<report::Writer> text_writer(RunOutputs& outputs) {
        return report::make_writer(report::Format::Text, outputs.report(), {});
    }
};

TEST_F(Outputs, TheReportAppearsOnlyWhenCommitted) {
    auto outputs = open_report("report.txt");
    ASSERT_TRUE(outputs);
    outputs->report().write("the report\n");
    EXPECT_FALSE(std::filesystem::exists(directory_ / "report.txt"));
    const auto writer = text_writer(*outputs);
    const auto committed = outputs->commit(*writer, report::Lang::En);
    EXPECT_TRUE(committed) << (committed ? "" : committed.error());
    EXPECT_EQ(read(directory_ / "report.txt"), "the report\n");
}

TEST_F(Outputs, DiscardKeepsThePreviousReportAndLeavesNoTemporaryFile) {
    std::ofstream(directory_ / "report.txt") << "previous";
    auto outputs = open_report("report.txt");
    ASSERT_TRUE(outputs);
    outputs->report().write("half a report");
    outputs->discard();
    EXPECT_EQ(read(directory_ / "report.txt"), "previous");
    EXPECT_EQ(entries(), 1u);
}

TEST_F(Outputs, AnOutputNamingAnInputIsRefusedBeforeAnythingIsCreated) {
    const auto input = directory_ / "games.pgn";
    std::ofstream(input) << "1. e4 *\n";
    const auto opened = RunOutputs::open({{}, {}, (directory_ / "games.pgn").string()},
                                         {{"the PGN input", input.string()}});
    ASSERT_FALSE(opened);
    EXPECT_NE(opened.error().find("--write-baseline"), std::string::npos) << opened.error();
    EXPECT_NE(opened.error().find("the PGN input"), std::string::npos) << opened.error();
    EXPECT_EQ(read(input), "1. e4 *\n");
}

TEST_F(Outputs, TheStatisticsAndTheBaselineAreCommittedWithTheReport) {
    auto opened =
        RunOutputs::open({(directory_ / "r.txt").string(), (directory_ / "stats.json").string(),
                          (directory_ / "baseline.jsonl").string()},
                         {});
    ASSERT_TRUE(opened) << opened.error();
    RunOutputs& outputs = **opened;
    ASSERT_NE(outputs.baseline_writer(), nullptr);
    const auto options = outputs.writer_options(report::Format::Stats, {});
    ASSERT_NE(options.stats_json_output, nullptr);
    options.stats_json_output->write("{}");
    EXPECT_EQ(entries(), 3u);  // three temporary files
    const auto writer = text_writer(outputs);
    ASSERT_TRUE(outputs.commit(*writer, report::Lang::En));
    EXPECT_EQ(read(directory_ / "stats.json"), "{}");
    EXPECT_TRUE(std::filesystem::exists(directory_ / "baseline.jsonl"));
    EXPECT_TRUE(std::filesystem::exists(directory_ / "r.txt"));
    EXPECT_EQ(entries(), 3u);  // and no temporary one left
}

TEST_F(Outputs, DashIsStandardOutput) {
    auto opened = RunOutputs::open({"-", {}, {}}, {});
    ASSERT_TRUE(opened) << opened.error();
    EXPECT_EQ((*opened)->interrupted_message(report::Lang::En),
              "interrupted; the report on standard output is incomplete");
    EXPECT_EQ((*opened)->interrupted_message(report::Lang::Es),
              "interrumpido; el informe en la salida estándar está incompleto");
    EXPECT_EQ(entries(), 0u);
}

// The report's fate after an interrupt, in the reader's language: a report replaced in place
// (a FIFO, a device) is named; a report whose temporary file is discarded was not written.
TEST_F(Outputs, TheInterruptedMessageNamesWhatBecameOfTheReportInEachLanguage) {
    auto outputs = open_report("report.txt");
    ASSERT_TRUE(outputs);
    EXPECT_EQ(outputs->interrupted_message(report::Lang::En), "interrupted; no report written");
    EXPECT_EQ(outputs->interrupted_message(report::Lang::Es),
              "interrumpido; no se ha escrito ningún informe");
    outputs->discard();
}

TEST_F(Outputs, StatisticsAreJsonOnlyForFormatStatsIntoAJsonFile) {
    auto json = open_report("draws.json");
    ASSERT_TRUE(json);
    EXPECT_TRUE(json->writer_options(report::Format::Stats, {}).stats_as_json);
    EXPECT_FALSE(json->writer_options(report::Format::Text, {}).stats_as_json);
    auto text = open_report("draws.txt");
    ASSERT_TRUE(text);
    EXPECT_FALSE(text->writer_options(report::Format::Stats, {}).stats_as_json);
}

TEST_F(Outputs, LangGivenWinsOverTheLangVariable) {
    auto outputs = open_report("r.txt");
    ASSERT_TRUE(outputs);
    ::setenv("LANG", "es_ES.UTF-8", 1);
    ReaderChoices choices;
    EXPECT_EQ(outputs->writer_options(report::Format::Text, choices).lang, report::Lang::Es);
    choices.lang = "en";
    EXPECT_EQ(outputs->writer_options(report::Format::Text, choices).lang, report::Lang::En);
    ::unsetenv("LANG");
    choices.lang.clear();
    EXPECT_EQ(outputs->writer_options(report::Format::Text, choices).lang, report::Lang::En);
}

TEST_F(Outputs, AFileIsNoTerminalSoAutoColourIsOff) {
    auto outputs = open_report("r.txt");
    ASSERT_TRUE(outputs);
    ReaderChoices choices;
    EXPECT_FALSE(outputs->writer_options(report::Format::Text, choices).color);
    choices.color = "always";
    EXPECT_TRUE(outputs->writer_options(report::Format::Text, choices).color);
}

// https://no-color.org: NO_COLOR set to any non-empty value, whatever it says, asks for none.
TEST(NoColor, AnyNonEmptyValueAsksForNoColour) {
    EXPECT_TRUE(no_color_requested("1"));
    EXPECT_TRUE(no_color_requested("0"));
    EXPECT_TRUE(no_color_requested("false"));
}

TEST(NoColor, UnsetOrEmptyAsksNothing) {
    EXPECT_FALSE(no_color_requested(nullptr));
    EXPECT_FALSE(no_color_requested(""));
}

TEST(NoColor, IsReadFromTheEnvironment) {
    ::setenv("NO_COLOR", "1", 1);
    EXPECT_TRUE(no_color_requested());
    ::setenv("NO_COLOR", "", 1);
    EXPECT_FALSE(no_color_requested());
    ::unsetenv("NO_COLOR");
    EXPECT_FALSE(no_color_requested());
}

TEST(NoColor, TurnsOffTheMessagesColourOnStderr) {
    EXPECT_EQ(log_colour_mode(true), spdlog::color_mode::never);
    EXPECT_EQ(log_colour_mode(false), spdlog::color_mode::automatic);
}

TEST(NoColor, AutoColourIsOnlyForATerminalWithoutNoColor) {
    EXPECT_TRUE(use_colour("auto", true, false));
    EXPECT_FALSE(use_colour("auto", true, true));
    EXPECT_FALSE(use_colour("auto", false, false));
}

TEST(NoColor, AlwaysWinsOverNoColorAndNeverOverATerminal) {
    EXPECT_TRUE(use_colour("always", false, true));
    EXPECT_FALSE(use_colour("never", true, false));
}

TEST(LogLevel, WarningsByDefaultErrorsWhenQuiet) {
    EXPECT_EQ(log_level_for({}), spdlog::level::warn);
    EXPECT_EQ(log_level_for({true, 0, ""}), spdlog::level::err);
}

TEST(LogLevel, VerboseWinsOverQuietAndLogLevelOverBoth) {
    EXPECT_EQ(log_level_for({true, 1, ""}), spdlog::level::info);
    EXPECT_EQ(log_level_for({false, 2, ""}), spdlog::level::debug);
    EXPECT_EQ(log_level_for({true, 2, "off"}), spdlog::level::off);
}

// The stderr lines' level word in English is spdlog's own (the lines read as they did before
// the words came from the catalog).
TEST(LogLevel, TheEnglishLevelWordsAreSpdlogs) {
    for (int level = spdlog::level::trace; level <= spdlog::level::critical; ++level) {
        const auto name =
            spdlog::level::to_string_view(static_cast<spdlog::level::level_enum>(level));
        EXPECT_EQ(report::log_level_word(level, report::Lang::En),
                  std::string_view(name.data(), name.size()));
    }
}

// --format of audit and merge accepts the names of report::format_names, each its own format.
TEST(FormatNames, EachNameReadsBackAsTheFormatOfThatName) {
    const auto names = report::format_names();
    EXPECT_EQ(names.size(), 9u);
    for (const std::string& name : names) {
        const auto format = report::format_from_name(name);
        ASSERT_TRUE(format) << name;
        EXPECT_EQ(report::format_name(*format), name);
    }
}

}  // namespace
}  // namespace drawaudit::app
