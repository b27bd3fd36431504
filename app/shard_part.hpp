// A shard's part (`drawaudit --shard K/N --format jsonl`): the JSON Lines report of its games,
// opened by a record that says which part of which run it is, and closed, after the summary, by
// one that says which pieces of which inputs it read and what they held. `drawaudit merge`
// checks the parts against each other from these and numbers the games of later pieces.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include <tl/expected.hpp>

#include "pgn/shard.hpp"
#include "pipeline.hpp"
#include "report/writer.hpp"

namespace drawaudit::app {

// The shard's plan for this run: its pieces as pipeline files and ranges.
struct ShardRun {
    pgn::ShardSpec spec;
    std::vector<std::string> inputs;  // the whole run's expanded inputs
    std::vector<pgn::ShardInput> described;
    std::vector<pgn::ShardPiece> pieces;
};
tl::expected<ShardRun, std::string> plan_shard_run(pgn::ShardSpec spec,
                                                   const std::vector<std::string>& inputs);
// The pipeline's files and ranges for the shard's pieces.
void apply_shard_run(const ShardRun& run, PipelineSettings& settings);

// A file's modification time in nanoseconds since 1970 (0 for standard input or a failed stat).
std::uint64_t modification_time(const std::string& path);

// {"type":"shard",...}: K, N, the version, the inputs (path, size, modification time, whether cut
// into ranges) and
// the options that decide the records (all parts of one run must have the same).
std::string shard_header(const ShardRun& run, const std::vector<std::string>& options);
// {"type":"shard-end",...}: per piece its input, range, and the pipeline's FileOutcome.
std::string shard_trailer(const ShardRun& run, const std::vector<FileOutcome>& outcomes);

}  // namespace drawaudit::app
