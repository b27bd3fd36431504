// The audit run: reader threads open and decompress several input files at once and cut each
// into chunks at game boundaries, the chunks are audited by worker threads, and one ordered stage
// hands the game reports to the writer in input order (file by file, chunk by chunk), so the
// output is the same for any number of threads. For JSON Lines and CSV the workers format their
// chunks' records themselves, and the ordered stage numbers the games and writes the text.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "audit/auditor.hpp"
#include "finding_filter.hpp"
#include "pgn/reader.hpp"
#include "report/writer.hpp"
#include "run_checks.hpp"

namespace drawaudit::app {

// Where a shard reads a file (see pgn/shard.hpp): the whole file, or a byte range of a plain file.
struct InputRange {
    bool whole = true;
    std::uint64_t begin = 0, end = 0;
};

struct PipelineSettings {
    std::vector<std::string> files;  // expanded input files ("-" is standard input)
    // Per file (empty: every file whole): a shard's range of it.
    std::vector<InputRange> ranges;
    audit::AuditOptions audit;
    unsigned threads = 1;
    // 256 KiB: the jobs in flight (text and pooled records) stay within the L2 caches, which
    // measured faster than 1 MiB chunks (and half the memory); per-chunk overhead is microseconds.
    std::size_t chunk_bytes = std::size_t{256} << 10;
    // What one game may hold (--max-game-bytes, --max-plies, --max-variation-depth).
    std::size_t max_game_bytes = pgn::kMaxGameBytes;
    pgn::ReaderLimits limits;
    bool progress = false;          // a progress line on stderr
    std::uint64_t path_errors = 0;  // inputs that were already missing when expanding the paths
    RunCheckSettings checks;        // duplicates and baselines (issue 20)
    report::Lang lang = report::Lang::En;  // of the log lines on stderr (unreadable files, ...)
};

// CPU seconds each kind of thread used (the threads' own clocks): where a run's time went, and
// how much of a second core the readers and the writer take beside the workers.
struct StageCpu {
    double readers = 0;  // opening, reading, decompressing and cutting the input into chunks
    double workers = 0;  // the audit
    double writer = 0;   // the ordered stage: numbering and writing (filtering and formatting
                         // too, for the formats the workers do not format)
};

// What the run found in each input file, for a shard's part (drawaudit merge numbers the games
// and lines of later parts of a file from these).
struct FileOutcome {
    bool opened = false;
    std::uint64_t games = 0;        // the span of game numbers the file's games took
    std::uint64_t records = 0;      // game records written
    std::uint64_t line_breaks = 0;  // in the bytes read
    bool read_error = false;        // opened, but not read to its end (a damaged stream)
};

struct PipelineResult {
    audit::Summary summary;
    std::vector<FileOutcome> files;  // one per input file, when the run was not aborted
    StageCpu cpu;
    std::uint64_t io_errors = 0;  // inputs that could not be opened or read to the end
    bool interrupted = false;
    bool failed = false;  // an internal error stopped the run
    // Highest severity among the reported findings (after filtering), if any.
    std::optional<audit::Severity> worst;
};

PipelineResult run_pipeline(const PipelineSettings& settings, const FindingFilter& filter,
                            report::Writer& writer);

}  // namespace drawaudit::app
