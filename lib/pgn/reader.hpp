// The PGN reader: games from text in memory, from a streamed source, or from chunks that parallel
// readers parse independently. Tokens only, no chess rules: SAN tokens go to Visitor::move as
// they are written.
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include <tl/expected.hpp>

#include "pgn/source.hpp"
#include "pgn/visitor.hpp"

namespace drawaudit::pgn {

// Games longer than this (between two places where a game can be cut, see GameChunker) are
// reported as a parse error and skipped, so memory stays bounded on any input.
inline constexpr std::size_t kMaxGameBytes = std::size_t{64} << 20;

// What one game may hold before the reader gives it up (a parse error at the place the limit is
// passed; the run goes on with the next game), so that the work per game is bounded whatever the
// input. The defaults are far past any real game: the longest game the 75-move rule allows has
// 17,697 plies, and real records nest variations a few dozen deep at most.
struct ReaderLimits {
    // Move tokens handed to the visitor: the main line's plies, and those of the variations when
    // the visitor reads them.
    std::uint64_t max_plies = 100'000;
    std::uint32_t max_variation_depth = 1'000;
};

// Where text[0] stands in its file: its whole line number, column and byte offset.
struct TextStart {
    std::uint64_t line = 1;
    std::uint32_t column = 1;
    std::uint64_t offset = 0;
};

// Where a text in memory stands in its file: its name for GameStart, the 1-based index to give its
// first game, and where text[0] stands; and the limits per game.
struct TextOrigin {
    std::string_view file;
    std::uint64_t first_game = 1;
    TextStart start{};
    ReaderLimits limits{};
};

// Parses complete games in memory (the end of `text` ends the last game). Returns the number of
// games. A UTF-8 byte order mark at file offset 0 is skipped (columns count from after it).
std::uint64_t parse_games(std::string_view text, const TextOrigin& origin, Visitor& visitor);

struct ReadStats {
    std::uint64_t games = 0;
    std::uint64_t bytes = 0;  // decompressed bytes read
};

// Streams a whole source with bounded memory: a buffer of a few MiB that grows only to hold the
// largest game (up to kMaxGameBytes). The callbacks are exactly those of parse_games on the whole
// text, except that a game longer than kMaxGameBytes becomes one game with one parse error (see
// Chunk::oversized). An I/O error ends the reading (the games before it have been reported).
tl::expected<ReadStats, IoError> read_games(ByteSource& source, std::string_view file,
                                            Visitor& visitor);

// A piece of a source that begins and ends between games.
struct Chunk {
    std::string text;
    std::uint64_t offset = 0;  // of text[0] in the decompressed input
    std::uint64_t line = 1;    // of text[0]
    // Of text[0]: 1 but after a run of padding that follows a game on its line (see GameChunker).
    std::uint32_t column = 1;
    // A single game longer than the chunker's limit (kMaxGameBytes by default): `text` holds only
    // its beginning, up to the end of its first non-blank line; parse_chunk reports it as one game
    // with a parse error, and the chunker skips to the next place where a game can begin.
    bool oversized = false;
    // Not empty: the source failed right after this text (a truncated or damaged compressed
    // file, a read error), so its last game may be cut off. parse_chunk reports that game as
    // one game with a parse error that names the failure, instead of auditing a partial record.
    std::string truncated_by{};
    IoCause truncated_cause{};  // the failure as values, for the reader's language
};

// The same, as a view into the chunker's buffer (valid until its next call).
struct ChunkView {
    std::string_view text;
    std::uint64_t offset = 0;
    std::uint64_t line = 1;
    std::uint32_t column = 1;
    bool oversized = false;
    std::string_view truncated_by{};
    IoCause truncated_cause{};
};

// Cuts a source into chunks of about `target_bytes` that begin and end at game boundaries, so
// that parse_chunk (or parse_games with the chunk's origin) on each chunk yields exactly the
// callbacks of the sequential read, except that each chunk's game numbers start at `first_game`
// (the caller adds the games of the earlier chunks). A cut is made only before a line that opens
// a tag pair ("[Name \"") where no sequential parse can be inside a tag section: the tag is
// Event, or the last non-blank line before it does not end with ']' and is no '%' escape line.
// (Inside a comment such a line ends the comment as unterminated, so it is a boundary there too.)
//
// Padding (blanks, line breaks, NUL and other control bytes) between games is never part of a
// game: a run of it that follows a game's termination marker is cut off from that game once it is
// long or once the game would pass its limit, and a long run is handed out in chunks of its own
// (no games; their text still goes to --format pgn), so that a run of any length costs neither a
// game nor memory. A run inside a game (before its marker) is part of the game's text.
class GameChunker {
  public:
    explicit GameChunker(ByteSource& source, std::size_t target_bytes = std::size_t{1} << 20,
                         std::size_t max_game_bytes = kMaxGameBytes);
    // The next chunk; false at the end of the source.
    tl::expected<bool, IoError> next(Chunk& out);
    // The next chunk without copying it: a view into the buffer, valid until the next call.
    tl::expected<bool, IoError> next_view(ChunkView& out);
    // Decompressed bytes read so far.
    std::uint64_t bytes_read() const { return read_offset_; }
    // For a source that is a part of a file (a shard's byte range, see shard.hpp): the offset of
    // its first byte, so that chunk and game offsets are those of the whole file. Before next().
    void start_at(std::uint64_t offset) { offset_ = offset; }
    // The line the next chunk begins on (1 + the line breaks handed out so far).
    std::uint64_t line() const { return line_; }
    // NUL bytes in the text handed out so far (read as blanks; worth a word to the user: a
    // preallocated or crash-truncated file).
    std::uint64_t nul_bytes() const { return nul_bytes_; }

  private:
    tl::expected<bool, IoError> fill(std::size_t want);
    void consume(std::size_t n);
    bool ends_between_games(const char* b, const char* padding);
    ChunkView hand_out(std::size_t n);

    ByteSource& source_;
    std::size_t target_;
    std::size_t max_game_;
    std::vector<char> buffer_;
    std::size_t begin_ = 0;     // first unconsumed byte
    std::size_t end_ = 0;       // end of the data
    std::size_t searched_ = 0;  // below this (relative to begin_) no cut was found last time
    std::uint64_t offset_ = 0;  // of buffer_[begin_]
    std::uint64_t line_ = 1;    // of buffer_[begin_]
    std::uint32_t column_ = 1;  // of buffer_[begin_]
    std::uint64_t nul_bytes_ = 0;
    // The last answer of ends_between_games, by the offsets of the text it was asked about.
    std::uint64_t between_from_ = 0, between_to_ = 0;
    bool between_ = false;
    std::uint64_t read_offset_ = 0;
    bool eof_ = false;
    bool skipping_ = false;  // discarding the rest of an oversized game
    // A read error is held back until the text decoded before it has gone out as chunks, so no
    // game before the damage is lost, whatever the chunk size.
    std::optional<IoError> pending_error_;
    std::string oversized_head_;
};

// Where the chunker's rule (above) first allows a cut at or after window[from], `window` being a
// part of a file read around a shard boundary. The rule looks at the line before a candidate and
// at the candidate line itself, so the answer may need more of the file on either side:
// `begins_file` / `ends_file` say whether the window reaches the file's ends. Only blanks before a
// tag line (the file's first game) count as a cut here: parsing the blanks alone finds no game.
struct WindowCut {
    enum class Kind { Found, NoneToEnd, NeedBefore, NeedAfter } kind = Kind::NoneToEnd;
    std::size_t at = 0;  // Found: the cut, relative to the window
};
WindowCut find_cut_in_window(std::string_view window, std::size_t from, bool begins_file,
                             bool ends_file);

// Parses one chunk of `file` (numbering its games from first_game); returns its number of games.
std::uint64_t parse_chunk(const ChunkView& chunk, std::string_view file, std::uint64_t first_game,
                          Visitor& visitor, const ReaderLimits& limits = {});
std::uint64_t parse_chunk(const Chunk& chunk, std::string_view file, std::uint64_t first_game,
                          Visitor& visitor, const ReaderLimits& limits = {});

}  // namespace drawaudit::pgn
