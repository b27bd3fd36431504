// Input sources: plain files, standard input, and zstd / gzip / bzip2 streams (detected by their
// magic bytes, never by name), read through one interface in large blocks.
#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include <tl/expected.hpp>

#include "pgn/io_error.hpp"

namespace drawaudit::pgn {

class ByteSource {
  public:
    virtual ~ByteSource() = default;
    // Reads up to `capacity` decompressed bytes into `buffer`; 0 at the end of the input.
    virtual tl::expected<std::size_t, IoError> read(char* buffer, std::size_t capacity) = 0;
    // Compressed bytes consumed so far (for progress against the file size).
    virtual std::uint64_t input_bytes_consumed() const = 0;
    // Size of the underlying file in bytes, 0 when unknown (pipes, stdin).
    virtual std::uint64_t input_size() const = 0;
    virtual Compression compression() const = 0;
};

// Opens a file ("-" is standard input) and wraps it in the decompressor its first bytes call for.
tl::expected<std::unique_ptr<ByteSource>, IoError> open_source(const std::string& path);

// The compression of a file, told from its first bytes as open_source does (reads only those).
tl::expected<Compression, IoError> sniff_compression(const std::string& path);

// Expands the command-line paths: files as given (any name), directories recursively to their
// *.pgn, *.pgn.zst, *.pgn.gz, *.pgn.bz2 files in sorted order, "-" as is. Paths that do not exist
// become errors; the others are still returned.
struct ExpandedPaths {
    std::vector<std::string> files;
    std::vector<IoError> errors;
};
ExpandedPaths expand_paths(const std::vector<std::string>& paths);

}  // namespace drawaudit::pgn
