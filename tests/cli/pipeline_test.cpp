// Unit tests of the pipeline's board, abort and error paths (app/pipeline.cpp), through
// run_pipeline on small files in a temporary directory: the order of games and of I/O errors at
// every thread count and chunk size, a failing output that stops the run without a hang, inputs
// that cannot be opened among readable ones, and the text outside games kept for --format pgn.
#include <gtest/gtest.h>

#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include "pipeline.hpp"
#include "report/writer.hpp"

namespace drawaudit::app {
namespace {

namespace fs = std::filesystem;

class Scratch {
  public:
    Scratch() {
        dir_ = fs::temp_directory_path() / ("drawaudit-pipeline-" + std::to_string(getpid()) + "-" +
                                            std::to_string(counter_++));
        fs::create_directories(dir_);
    }
    ~Scratch() { fs::remove_all(dir_); }
    std::string write(const std::string& name, const std::string& text) const {
        const fs::path path = dir_ / name;
        std::ofstream(path, std::ios::binary) << text;
        return path.string();
    }

  private:
    static inline int counter_ = 0;
    fs::path dir_;
};

std::string games(int count, const std::string& event) {
    std::string text;
    for (int i = 1; i <= count; ++i) {
        text += "[Event \"" + event + " " + std::to_string(i) +
                "\"]\n[Result \"1-0\"]\n\n1. e4 e5 2. Nf3 Nc6 1-0\n\n";
    }
    return text;
}

// Counts the games it is handed, in order, and may fail its output after some writes.
class RecordingWriter final : public report::Writer {
  public:
    explicit RecordingWriter(report::Output& output) : Writer(output) {}
    void game(const audit::GameReport& report) override {
        events.push_back(report.event);
        numbers.push_back(report.game);
        buffer_.append(std::string_view("x\n"));
        flush();
    }
    void outside_text(std::string_view text) override { outside += text; }
    void end(const audit::Summary&) override { flush(); }
    std::vector<std::string> events;
    std::vector<std::uint64_t> numbers;
    std::string outside;
};

// An output that fails from its n-th write on (a full disk, a closed pipe).
class FailingOutput final : public report::Output {
  public:
    explicit FailingOutput(int good_writes) : left_(good_writes) {}
    bool write(std::string_view) override { return left_-- > 0; }

  private:
    int left_;
};

PipelineResult run(const std::vector<std::string>& files, unsigned threads, std::size_t chunk,
                   report::Writer& writer, bool keep_text = false) {
    PipelineSettings settings;
    settings.files = files;
    settings.threads = threads;
    settings.chunk_bytes = chunk;
    settings.audit.keep_game_text = keep_text;
    const auto filter = FindingFilter::create({}, {}, {});
    return run_pipeline(settings, *filter, writer);
}

TEST(Pipeline, GamesComeInInputOrderAtEveryThreadCountAndChunkSize) {
    Scratch scratch;
    const std::vector<std::string> files = {scratch.write("a.pgn", games(300, "a")),
                                            scratch.write("b.pgn", games(7, "b")),
                                            scratch.write("c.pgn", games(150, "c"))};
    for (const unsigned threads : {1u, 2u, 4u, 7u}) {
        for (const std::size_t chunk : {std::size_t{1024}, std::size_t{256} << 10}) {
            SCOPED_TRACE(std::to_string(threads) + " threads, chunks of " + std::to_string(chunk));
            report::StringOutput output;
            RecordingWriter writer(output);
            const PipelineResult result = run(files, threads, chunk, writer);
            ASSERT_EQ(writer.events.size(), 457u);
            EXPECT_EQ(writer.events[0], "a 1");
            EXPECT_EQ(writer.events[299], "a 300");
            EXPECT_EQ(writer.events[300], "b 1");
            EXPECT_EQ(writer.events[307], "c 1");
            EXPECT_EQ(writer.numbers[456], 150u);  // numbered within its file, across chunks
            EXPECT_EQ(result.summary.games, 457u);
            EXPECT_EQ(result.io_errors, 0u);
            EXPECT_FALSE(result.failed);
        }
    }
}

TEST(Pipeline, UnreadableInputsAreCountedAndTheOthersRead) {
    Scratch scratch;
    const std::vector<std::string> files = {
        scratch.write("a.pgn", games(20, "a")), "/nonexistent/drawaudit/x.pgn",
        scratch.write("c.pgn", games(5, "c")), "/nonexistent/drawaudit/y.pgn"};
    for (const unsigned threads : {1u, 3u}) {
        report::StringOutput output;
        RecordingWriter writer(output);
        const PipelineResult result = run(files, threads, 1024, writer);
        EXPECT_EQ(result.io_errors, 2u);
        EXPECT_EQ(result.summary.files, 2u);
        ASSERT_EQ(writer.events.size(), 25u);
        EXPECT_EQ(writer.events[20], "c 1");
    }
}

TEST(Pipeline, AFailingOutputStopsTheRunWithoutAHang) {
    Scratch scratch;
    std::vector<std::string> files;
    for (int i = 0; i < 6; ++i) {
        // Appended rather than "f" + ...: GCC 12 warns falsely (-Wrestrict) on that concatenation.
        std::string name = "f";
        name += std::to_string(i);
        name += ".pgn";
        files.push_back(scratch.write(name, games(400, "f")));
    }
    for (const unsigned threads : {1u, 2u, 5u}) {
        SCOPED_TRACE(threads);
        FailingOutput output(3);
        RecordingWriter writer(output);
        const PipelineResult result = run(files, threads, 1024, writer);
        EXPECT_TRUE(writer.failed());
        // The run stopped soon after the failure: far from all 2400 games were handed over.
        EXPECT_LT(writer.events.size(), 2400u);
        EXPECT_FALSE(result.interrupted);
    }
}

TEST(Pipeline, TheTextOutsideGamesIsHandedOverInOrderWhenTheTextIsKept) {
    Scratch scratch;
    const std::string text = "% escape\n{before}\n\n" + games(30, "g") + "{after all}\n";
    const std::string file = scratch.write("o.pgn", text);
    for (const std::size_t chunk : {std::size_t{1024}, std::size_t{256} << 10}) {
        report::StringOutput output;
        RecordingWriter writer(output);
        run({file}, 2, chunk, writer, true);
        EXPECT_EQ(writer.outside.substr(0, 19), "% escape\n{before}\n\n");
        EXPECT_EQ(writer.outside.substr(writer.outside.size() - 14), "\n\n{after all}\n");
        // Between two games: the blank line after each result.
        EXPECT_EQ(writer.outside.size(), 19 + 29 * 2 + 14u);
    }
    report::StringOutput output;
    RecordingWriter writer(output);
    run({file}, 1, 1024, writer, false);
    EXPECT_EQ(writer.outside, "") << "only a run that keeps the games' text knows where they end";
}

}  // namespace
}  // namespace drawaudit::app
