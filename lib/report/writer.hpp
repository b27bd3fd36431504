// Report writers: one per output format, all fed the same stream of game reports in input order
// (begin, game..., end). Writers buffer their text and hand it to an Output in large blocks.
#pragma once

#include <cstdint>
#include <cstdio>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include <fmt/format.h>

#include "audit/finding.hpp"
#include "report/messages.hpp"

namespace drawaudit::report {

enum class Format { Text, Jsonl, Csv, Sarif, Github, Pgn, Html, Stats, GamesCsv };
std::optional<Format> format_from_name(std::string_view name);  // "text", "jsonl", ...
std::string_view format_name(Format format);
// Every format's name, in the table's order: what --format accepts, and its help lists.
std::vector<std::string> format_names();
// The formats that are data for scripts rather than a verdict (stats, games-csv): their runs
// exit 1 on findings only when --fail-on is given.
constexpr bool is_data_format(Format format) {
    return format == Format::Stats || format == Format::GamesCsv;
}

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
    // JSON Lines: the fields a shard's part carries for drawaudit merge (RULES.md "Shards").
    bool shard_fields = false;
    Lang lang = Lang::En;                 // the language of the readers' reports (text, html)
    std::uint64_t html_max_games = 2000;  // html: games with findings given a section
    // stats: the numbers as one JSON object instead of text (-o FILE.json).
    bool stats_as_json = false;
    // stats: where the same numbers also go as one JSON object (--stats-json FILE), or nullptr.
    Output* stats_json_output = nullptr;
    // stats: the tournament rule the early agreements were judged by (0: only 5.2.3), for the
    // report to name.
    int min_moves_before_agreement = 0;
    bool baseline = false;  // the run has a --baseline: SARIF marks its results "new"
    // --min-severity when given: the text summary names it; github shows the findings at or
    // above it (without it, warnings and errors) and counts the notices it leaves out.
    std::optional<audit::Severity> min_severity{};
    // The run has a --trf: its rules are listed, and the records carry their pairing fields.
    bool trf = false;
    // Where a writer says what the person running drawaudit should know but that does not stop
    // the report (one sentence, for stderr): the HTML report kept in memory, say. None: silence.
    std::function<void(std::string_view)> warn{};
};

// Records formatted apart from the report, by an audit worker, before the numbers of their games
// in their file are known (those depend on how many games the earlier chunks held): the text,
// and where each game number goes. Writer::write_formatted puts them in the report.
struct FormattedRecords {
    struct GameNumber {
        std::size_t offset = 0;           // where in `text` the number goes
        std::uint64_t game_in_chunk = 0;  // the game's number among the records' games
    };
    // Where a finding's fingerprint (16 hex digits) stands, and what it is made of: written with
    // occurrence 0, rewritten by the ordered stage for a game whose identity occurred earlier in
    // the run (audit/fingerprint.hpp), which only the ordered stage can know.
    struct FingerprintSlot {
        std::size_t offset = 0;
        std::uint64_t game_in_chunk = 0;
        audit::Rule rule{};
        audit::Route route{};
        int ply = 0;
    };
    // Every game of the chunk (with findings or not), in order: what the occurrence counts.
    struct GameIdentity {
        std::uint64_t game_in_chunk = 0;
        std::uint64_t identity = 0;
    };
    // The formatter writes into this buffer itself (Writer::format_into), so handing a chunk's
    // records over moves the text rather than copying it.
    fmt::memory_buffer text;
    std::vector<GameNumber> game_numbers;       // in the order of their offsets
    std::vector<FingerprintSlot> fingerprints;  // in the order of their offsets
    std::vector<GameIdentity> identities;

    std::string_view text_view() const { return {text.data(), text.size()}; }
    void clear() {
        text.clear();
        game_numbers.clear();
        fingerprints.clear();
        identities.clear();
    }
};

class BufferCursor;

class Writer {
  public:
    explicit Writer(Output& output) : output_(&output) {}
    virtual ~Writer() = default;
    Writer(const Writer&) = delete;
    Writer& operator=(const Writer&) = delete;

    virtual void begin() {}
    virtual void game(const audit::GameReport& report) = 0;
    // The input's text outside games (before a game, after its termination marker: '%' escape
    // lines, comments, blank lines), in input order among the games, for a format that copies the
    // input (--format pgn); the others ignore it. Only a run that keeps the games' text gives it.
    virtual void outside_text(std::string_view /*text*/) {}
    // An input file's text begins: called before its first outside_text or game, where the run
    // knows where files begin (without it a writer tells files apart by GameReport::file, but
    // only from their first game on, after the text before it).
    virtual void begin_file(std::string_view /*file*/) {}
    // --trf: the findings of the TRF itself (trf-error, pairing-missing-game), after the last game
    // and before end(): `trf` holds them, its `file` the TRF's name and `game` 0 (none).
    virtual void trf_findings(const audit::GameReport& /*trf*/) {}
    // Writes the closing part (the summary where the format has one) and flushes.
    virtual void end(const audit::Summary& summary) = 0;

    // Hands the buffered text to the output (a formatter's: to its records); false once any
    // write has failed.
    bool flush();
    bool failed() const { return failed_; }

    // A writer of the same format and options that formats games into FormattedRecords instead
    // of an output, so that workers can format their own chunks (JSON Lines and CSV, the formats
    // of large runs): nullptr for the others, which this writer formats in order (the text report
    // and SARIF build on earlier games). A formatter's begin() and end() are not called.
    virtual std::unique_ptr<Writer> make_formatter() const { return nullptr; }
    // Formatter: the games from here on go to `records` (what is buffered goes to the previous
    // ones first). flush() after the last game of a chunk completes its records.
    void format_into(FormattedRecords& records);
    // Writes records a formatter made, each game number plus `games_before`, after what this
    // writer has written so far: the same text as game() of each game numbered in full.
    void write_formatted(const FormattedRecords& records, std::uint64_t games_before);
    // The same for the text [begin, end) of the records: `next_number` is the first of their game
    // numbers not yet written (0 at the start; the ranges of one records object go in order).
    void write_formatted_range(const FormattedRecords& records, std::size_t begin, std::size_t end,
                               std::uint64_t games_before, std::size_t& next_number);
    // A formatter: where its next text goes in its records (what it has written and buffered).
    std::size_t formatted_size() const {
        return (records_ != nullptr ? records_->text.size() : 0) + buffer_.size();
    }

  protected:
    // For formatters (make_formatter): no output until format_into names the records.
    Writer() = default;
    // A record's game number, where `out` stands in buffer_: written, or in a formatter left
    // for write_formatted to fill in (the game's number within its chunk is `game`).
    void put_game_number(BufferCursor& out, std::uint64_t game);
    // A finding's fingerprint, 16 hex digits (a formatter notes where, see FingerprintSlot).
    void put_fingerprint(BufferCursor& out, const audit::GameReport& report,
                         const audit::Finding& finding);

    // The report is incomplete for a reason of the writer's own (failed() from then on).
    void mark_failed() { failed_ = true; }

    // Flushes when the buffer has grown large, so memory stays bounded on big runs. Not a
    // formatter: its buffer is its records' text (format_into), which holds the chunk's records
    // in full either way, and a flush before the chunk's end would copy them.
    void maybe_flush() {
        if (records_ == nullptr && buffer_.size() >= flush_threshold) flush();
    }
    fmt::memory_buffer buffer_;

  private:
    static constexpr std::size_t flush_threshold = 1 << 16;
    Output* output_ = nullptr;
    FormattedRecords* records_ = nullptr;  // a formatter's current records
    bool failed_ = false;
};

std::unique_ptr<Writer> make_writer(Format format, Output& output, const WriterOptions& options);

}  // namespace drawaudit::report
