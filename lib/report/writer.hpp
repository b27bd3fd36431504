// Report writers: one per output format, all fed the same stream of game reports in input order
// (begin, game..., end). Writers buffer their text and hand it to an Output in large blocks.
#pragma once

#include <cstdio>
#include <memory>
#include <optional>
#include <string>
#include <string_view>

#include <fmt/format.h>

#include "audit/finding.hpp"

namespace drawaudit::report {

enum class Format { Text, Jsonl, Csv, Sarif, Github, Pgn };
std::optional<Format> format_from_name(std::string_view name);  // "text", "jsonl", ...
std::string_view format_name(Format format);

// Where a writer's bytes go. write() returns false when the bytes could not be written.
class Output {
  public:
    virtual ~Output() = default;
    virtual bool write(std::string_view bytes) = 0;
};

// Writes to a C stream it does not own (stdout, or the temporary file of -o).
class FileOutput final : public Output {
  public:
    explicit FileOutput(std::FILE* file) : file_(file) {}
    bool write(std::string_view bytes) override;
    // The errno of the first failed write (ENOSPC, EPIPE, ...), 0 while none failed.
    int error() const { return error_; }

  private:
    std::FILE* file_;
    int error_ = 0;
};

// Collects everything in a string (tests, and callers that post-process).
class StringOutput final : public Output {
  public:
    bool write(std::string_view bytes) override {
        text.append(bytes);
        return true;
    }
    std::string text;
};

struct WriterOptions {
    bool color = false;      // ANSI colour (text format only)
    bool all_games = false;  // text: print games without findings too
    std::string tool_version = "0.0.0";
};

class Writer {
  public:
    explicit Writer(Output& output) : output_(output) {}
    virtual ~Writer() = default;
    Writer(const Writer&) = delete;
    Writer& operator=(const Writer&) = delete;

    virtual void begin() {}
    virtual void game(const audit::GameReport& report) = 0;
    // Writes the closing part (the summary where the format has one) and flushes.
    virtual void end(const audit::Summary& summary) = 0;

    // Hands the buffered text to the output; false once any write has failed.
    bool flush();
    bool failed() const { return failed_; }

  protected:
    // Flushes when the buffer has grown large, so memory stays bounded on big runs.
    void maybe_flush() {
        if (buffer_.size() >= flush_threshold) flush();
    }
    fmt::memory_buffer buffer_;

  private:
    static constexpr std::size_t flush_threshold = 1 << 16;
    Output& output_;
    bool failed_ = false;
};

std::unique_ptr<Writer> make_writer(Format format, Output& output, const WriterOptions& options);

}  // namespace drawaudit::report
