// A decompressing stage of its own for compressed input: a thread that decompresses the next
// blocks while the reader cuts the previous ones into chunks, so that the reader thread is no
// longer decompression plus chunking (issue 33: with more cores, the reader of a .zst file is the
// limit first).
#pragma once

#include <atomic>
#include <cstddef>
#include <memory>

#include "pgn/source.hpp"

namespace drawaudit::app {

// Blocks of decompressed bytes in flight between the two threads: enough that neither waits on
// the other's bursts, few enough to stay a few MiB.
inline constexpr std::size_t kDecompressAheadBlock = std::size_t{1} << 20;
inline constexpr std::size_t kDecompressAheadBlocks = 4;

// Wraps `source` so that its read() runs on a thread of its own, `blocks` blocks of
// `block_bytes` ahead of the caller; the bytes, their order and an error (after the bytes
// before it) are those of `source`. Returns `source` itself when the thread cannot be started
// (a process limit): reading then goes on without it. The thread adds its CPU time to
// `cpu_seconds` (when given) as it ends, which is before the wrapper's destructor returns: the
// run's statistics count it with the reader's.
std::unique_ptr<pgn::ByteSource> decompress_ahead(std::unique_ptr<pgn::ByteSource> source,
                                                  std::size_t block_bytes = kDecompressAheadBlock,
                                                  std::size_t blocks = kDecompressAheadBlocks,
                                                  std::atomic<double>* cpu_seconds = nullptr);

}  // namespace drawaudit::app
