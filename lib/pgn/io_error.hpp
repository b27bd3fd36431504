// Why reading a file failed, as values (IoError, IoCause) and as the English message every
// machine format keeps; lib/report says it in the reader's language. No I/O here.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

namespace drawaudit::pgn {

enum class Compression { None, Zstd, Gzip, Bzip2 };

// What failed, so that lib/report can say it in the reader's language; IoError::message is the
// English (the words each kind's comment gives; a decompressor's own words for Corrupt).
enum class IoFailure : std::uint8_t {
    Other,            // only the message says it
    Open,             // "cannot open: {errno}"
    Read,             // "read: {errno}"
    Stat,             // "cannot stat: {errno}"
    List,             // "cannot list: {errno}" (a directory)
    IsDirectory,      // "cannot read: Is a directory"
    Shrank,           // "the file became shorter while it was read (N bytes at the start, M read)"
    ShardRangeEnded,  // "read: the file ended before its shard's range"
    Truncated,        // "zstd: truncated input (the last frame is incomplete)", gzip/bzip2 alike
    Corrupt,          // "gzip: invalid block type": the decompressor's words for damaged data
    BadHeader,        // "bzip2: bad stream header": not a stream of this compression
    OutOfMemory,      // "bzip2: out of memory"
};

// An IoError's reason as values (also carried by a parse error of a game the failure cut off).
struct IoCause {
    IoFailure failure = IoFailure::Other;
    Compression codec = Compression::None;  // Truncated, Corrupt, BadHeader, OutOfMemory
    int errnum = 0;                         // the system's errno: Open, Read, Stat, List
    std::uint64_t size_at_start = 0;        // Shrank: the file's size when it was opened
    std::uint64_t bytes_read = 0;           // Shrank: what had been read when it ended
};

struct IoError {
    std::string path;
    std::string message;  // "cannot open: No such file or directory", "zstd: corrupted block"
    IoCause cause{};
};

// The decompressor's name as messages begin with it ("zstd", "gzip", "bzip2"; "" for None).
std::string_view compression_name(Compression codec);

}  // namespace drawaudit::pgn
