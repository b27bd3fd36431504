// --baseline and --write-baseline (RULES.md, "Fingerprints and baselines"): the fingerprints of an
// earlier run's findings, read from its JSON Lines or SARIF report, and the file that records the
// fingerprints of this run's.
#pragma once

#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <optional>
#include <string>
#include <vector>

#include <fmt/format.h>
#include <tl/expected.hpp>

#include "audit/finding.hpp"
#include "output_file.hpp"

namespace drawaudit::app {

// The longest line of a JSON Lines baseline: a drawaudit record is a few KB; a longer line (a
// file without line ends) is an error naming the file and line, and the memory read stays below
// this. SARIF is read piece by piece, so a SARIF document may be one line of any length.
inline constexpr std::size_t kMaxBaselineLineBytes = std::size_t{16} << 20;

// A sorted vector of 64-bit values, not strings: 8 bytes per finding of the earlier run, and a
// binary search per finding of this one.
class Baseline {
  public:
    // Reads a report: JSON Lines (drawaudit's --format jsonl, or a --write-baseline file) or
    // SARIF (--format sarif). A file that cannot be read or is not such a report is an error
    // naming the file and line, never an empty baseline.
    static tl::expected<Baseline, std::string> load(const std::string& path);
    static Baseline from(std::vector<std::uint64_t> fingerprints);

    bool contains(std::uint64_t fingerprint) const;
    std::size_t size() const { return fingerprints_.size(); }

  private:
    static constexpr int kBucketBits = 16;
    std::vector<std::uint64_t> fingerprints_;
    std::vector<std::uint32_t> buckets_;  // 2^16 + 1 offsets into fingerprints_ (256 KiB)
};

// Writes one JSON Lines record per reported finding (file, game, ply, rule, fingerprint), and a
// closing {"type":"baseline"} record with their number: a file Baseline::load reads, small enough
// to keep in the collection's repository. Replaced atomically when the run ends.
class BaselineWriter {
  public:
    static tl::expected<BaselineWriter, std::string> create(const std::string& path);
    void add(const std::string& file, std::uint64_t game, int ply, audit::Rule rule,
             std::uint64_t fingerprint);
    tl::expected<void, std::string> commit();
    void discard() { output_.discard(); }

  private:
    BaselineWriter(std::string path, AtomicOutputFile output)
        : path_(std::move(path)), output_(std::move(output)) {}
    void flush_buffer();
    std::string path_;  // for the error message
    AtomicOutputFile output_;
    fmt::memory_buffer buffer_;
    std::uint64_t findings_ = 0;
    bool failed_ = false;
    int write_errno_ = 0;  // why the first failed write failed
};

}  // namespace drawaudit::app
