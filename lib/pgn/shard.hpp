// Shards (RULES.md "Shards"): the K-th of N disjoint parts of a run's input, so that N processes
// on any number of machines audit all of it, each game exactly once, and `drawaudit merge` puts
// their reports together. Plain files are cut into byte ranges at game starts (the chunker's
// rule, so every range parses as it would inside the whole file); compressed files and standard
// input can only be read from their start, so they are given whole to one shard each.
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include <tl/expected.hpp>

#include "pgn/source.hpp"

namespace drawaudit::pgn {

struct ShardSpec {
    unsigned index = 1;  // K, 1-based
    unsigned count = 1;  // N
};
// "K/N" with 1 <= K <= N; nullopt otherwise.
std::optional<ShardSpec> parse_shard_spec(std::string_view text);

// An input file as the planner sees it.
struct ShardInput {
    std::uint64_t size = 0;   // bytes on disk (compressed size for compressed files)
    bool splittable = false;  // a plain regular file: can be cut into byte ranges
    bool is_stdin = false;    // "-": all its occurrences go to one shard
};
// Stats and sniffs each file. A file that cannot be opened is a whole unit of size 0, so that
// exactly one shard reports its error.
std::vector<ShardInput> describe_shard_inputs(const std::vector<std::string>& files);

// A shard's share of one input before it is moved to game starts: the whole file, or the byte
// range [begin, end) of a plain file.
struct NominalPiece {
    std::size_t input = 0;
    bool whole = true;
    std::uint64_t begin = 0, end = 0;
};
// Which inputs and ranges shard K of N gets; a pure function of the sizes, the same in every
// shard. Whole units go first, largest first, each to the least loaded shard (ties: the lowest
// shard; standard input: the shard of its first occurrence); then the plain files, laid end to
// end in input order, are cut so that every shard ends near total / N.
std::vector<NominalPiece> plan_shard(const std::vector<ShardInput>& inputs, ShardSpec spec);

// The first place at or after `offset` where a game can begin in a plain file of `size` bytes
// (by GameChunker's rule): `size` when there is none, 0 and `size` as they are.
tl::expected<std::uint64_t, IoError> game_start_at_or_after(const std::string& path,
                                                            std::uint64_t size,
                                                            std::uint64_t offset);

// What shard K of N reads: its nominal pieces, ranges moved to game starts; empty ranges left
// out (another shard's range holds those bytes).
struct ShardPiece {
    std::size_t input = 0;
    bool whole = true;
    std::uint64_t begin = 0, end = 0;  // the range, when not whole
};
tl::expected<std::vector<ShardPiece>, IoError> shard_pieces(const std::vector<std::string>& files,
                                                            const std::vector<ShardInput>& inputs,
                                                            ShardSpec spec);

// The bytes [begin, end) of a plain file as a source (reads only those).
tl::expected<std::unique_ptr<ByteSource>, IoError> open_source_range(const std::string& path,
                                                                     std::uint64_t begin,
                                                                     std::uint64_t end);

}  // namespace drawaudit::pgn
