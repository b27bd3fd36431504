// GameChunker: cuts only where every sequential parse is between games, whatever the target size.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstring>
#include <string>
#include <vector>

#include "memory_source.hpp"
#include "pgn/reader.hpp"
#include "recording_visitor.hpp"

namespace drawaudit::pgn {
namespace {

using testing::MemorySource;
using testing::RecordingVisitor;

std::vector<std::string> sequential(const std::string& text, bool variations = true) {
    RecordingVisitor v(true);
    v.variations = variations;
    parse_games(text, TextOrigin{"f.pgn"}, v);
    return v.log;
}

std::vector<std::string> chunked(const std::string& text, std::size_t target, std::size_t read_size,
                                 bool variations = true, std::size_t* chunks = nullptr) {
    MemorySource source(text, read_size);
    GameChunker chunker(source, target);
    RecordingVisitor v(true);
    v.variations = variations;
    std::uint64_t games = 0;
    Chunk chunk;
    while (true) {
        auto got = chunker.next(chunk);
        EXPECT_TRUE(got.has_value());
        if (!got || !*got) break;
        EXPECT_EQ(chunk.text.find_first_not_of(" \t\r\n") == 0 || chunk.offset == 0 ||
                      chunk.text.find('[') != std::string::npos,
                  true);
        if (chunks != nullptr) ++*chunks;
        games += parse_chunk(chunk, "f.pgn", games + 1, v);
    }
    return v.log;
}

// Game ends and starts of every kind, next to each other.
const std::string kTricky =
    "\xEF\xBB\xBF% escape line 1-0\n"
    "[Event \"a\"]\n[Site \"x\"]\n\n1. e4 {c\n[Site \"in comment\"]\n1. d4 *\n"  // unterminated
                                                                                 // comment
    "[Event \"b\"]\n1. e4 (1. d4 (1. c4)\n[Round \"1\"]\n1. Nf3 1-0\n"  // unterminated variation
    "[Round \"2\"]\n[White \"w\"]\n\n[Round \"3\"]\n"                   // tags-only, repeated tag
    "%hidden ]\n[Black \"b\"]\n1. e4 e5\n"                    // % line inside a tag section
    "[A \"1\"] ; comment 1-0\n[B \"2\"]\n*\n"                 // ; ends a tag section
    "[Event \"x]\n[Site \"y\"]\n1. e4 *\n"                    // broken tag pair
    "1. e4 <br> 1-0\n[Event \"after error\"]\n1. d4 0-1\r\n"  // unknown token
    "\r[Event \"lone cr\"]\r1. e4\r\r[Event \"next\"]\r\n1. c4 1/2-1/2 {after} ; x\n"
    "{between} [Event \"c\"] 1. e4 * {between, then movetext} e4 *\n"
    "   [Event \"indented\"]\n  1. e4 ) e5 *\n"  // stray ')'
    "[Event \"d\"]\n1. e4 $ e5 *\n"
    "[Event \"e\"] 1. e4 { a [Event \"x\"] mid-line } e5 1-0 trailing garbage\n"
    "[Site \"x\"]\n[Site \"x\"]\n\n[Site \"y\"] [Date \"d\"]\n[Date \"d\"]\n"  // repeated names
    "[Site \"\\\"q\"]\n[Site \"z\"]\n[Site \"x]\n[Site \"x\"]\n[Site \"x\"]\n"
    "1. e4 {c\n[Site \"x\"]\n[Site \"x\"]\n1. d4 *\n"
    "[T1 \"1\"]\n[T2 \"1\"]\n[T3 \"1\"]\n[T4 \"1\"]\n[T5 \"1\"]\n[T6 \"1\"]\n[T7 \"1\"]\n"
    "[T8 \"1\"]\n[T9 \"1\"]\n[T10 \"1\"]\n[T11 \"1\"]\n[T12 \"1\"]\n[T13 \"1\"]\n"
    "[T14 \"1\"]\n[T15 \"1\"]\n[T16 \"1\"]\n[T17 \"1\"]\n[T18 \"1\"]\n[T19 \"1\"]\n"
    "[T20 \"1\"]\n[T21 \"1\"]\n[T22 \"1\"]\n[T23 \"1\"]\n[T24 \"1\"]\n[T25 \"1\"]\n"
    "[T26 \"1\"]\n[T27 \"1\"]\n[T28 \"1\"]\n[T29 \"1\"]\n[T30 \"1\"]\n[T31 \"1\"]\n"
    "[T32 \"1\"]\n[T33 \"1\"]\n[T33 \"2\"]\n[T34 \"1\"]\n1. e4 *\n"  // past the kept names
    "[Event \"f\"]\n1. e4 1-0";

TEST(Chunker, TrickyBoundariesChunkLikeTheSequentialParseAtEverySize) {
    for (const bool variations : {true, false}) {
        const auto expected = sequential(kTricky, variations);
        for (const std::size_t target : {1, 2, 5, 17, 40, 64, 100, 333, 4096}) {
            for (const std::size_t read_size : {1, 3, 64, 1000}) {
                SCOPED_TRACE("target " + std::to_string(target) + ", reads of " +
                             std::to_string(read_size));
                const auto actual = chunked(kTricky, target, read_size, variations);
                const auto diff =
                    std::mismatch(actual.begin(), actual.end(), expected.begin(), expected.end());
                ASSERT_TRUE(diff.first == actual.end() && diff.second == expected.end())
                    << "first difference: "
                    << (diff.first == actual.end() ? std::string("(end)") : *diff.first)
                    << " instead of "
                    << (diff.second == expected.end() ? std::string("(end)") : *diff.second);
            }
        }
    }
}

TEST(Chunker, SmallTargetsGiveManyChunks) {
    std::string text;
    for (int i = 0; i < 200; ++i)
        text += "[Event \"g\"]\n[Site \"s\"]\n\n1. e4 e5 2. Nf3 Nc6 1-0\n\n";
    std::size_t chunks = 0;
    EXPECT_EQ(chunked(text, 256, 100, true, &chunks), sequential(text));
    EXPECT_GT(chunks, 20u);
}

TEST(Chunker, MixedLineEndsGiveTheSequentialLinesAtEveryChunkSize) {
    // CRLF, lone CR and LF lines, long enough for the 16-byte line counter, with a CR that a
    // chunk or read can end on right before its LF.
    const char* const ends[] = {"\r\n", "\r", "\n", "\r\r\n", "\n\r"};
    std::string text;
    for (int i = 0; i < 120; ++i) {
        const std::string eol = ends[i % 5];
        text += "[Event \"game " + std::to_string(i) + "\"]" + eol + "[Site \"somewhere\"]" + eol +
                eol + "1. e4 e5 2. Nf3 Nc6" + eol + "3. Bb5 a6 {a comment" + eol +
                "over lines} 4. Ba4 Nf6 1-0" + eol + eol;
    }
    const auto expected = sequential(text);
    for (const std::size_t target : {1, 37, 256, 1000, 1 << 20}) {
        for (const std::size_t read_size : {1, 7, 64, 4096}) {
            SCOPED_TRACE("target " + std::to_string(target) + ", reads of " +
                         std::to_string(read_size));
            EXPECT_EQ(chunked(text, target, read_size), expected);
        }
    }
}

TEST(Chunker, ChunksStartAtLineStartsWithTheirLineAndOffset) {
    const std::string text = "[Event \"a\"]\r\n1. e4 *\r\n[Event \"b\"]\r\n1. d4 *\r\n";
    MemorySource source(text, 5);
    GameChunker chunker(source, 1);
    Chunk chunk;
    std::vector<std::tuple<std::uint64_t, std::uint32_t, std::string>> got;
    while (*chunker.next(chunk)) got.emplace_back(chunk.offset, chunk.line, chunk.text);
    ASSERT_EQ(got.size(), 2u);
    EXPECT_EQ(got[0],
              std::make_tuple(std::uint64_t{0}, 1u, std::string("[Event \"a\"]\r\n1. e4 *\r\n")));
    EXPECT_EQ(got[1],
              std::make_tuple(std::uint64_t{22}, 3u, std::string("[Event \"b\"]\r\n1. d4 *\r\n")));
}

TEST(Chunker, NoCutInsideATagSectionWithoutEventTags) {
    // A cut before "[Site" would split the tag section of the game.
    const std::string text =
        "[Round \"1\"]\n[Site \"s\"]\n[White \"w\"]\n1. e4 *\n[Round \"2\"]\n[Site \"t\"]\n1. d4 "
        "*\n";
    for (const std::size_t target : {1, 10, 30}) {
        EXPECT_EQ(chunked(text, target, 7), sequential(text));
    }
}

// 26 MB of tag-only records once made one 26 MB chunk whose 2 million reports (2.2 GB) were
// held at once: a repeated tag name is a place to cut.
TEST(Chunker, TagOnlyRecordsOfOneRepeatedNameAreCutNearTheTarget) {
    std::string text;
    for (int i = 0; i < 20000; ++i) text += "[Site \"x\"]\n";
    std::size_t chunks = 0;
    EXPECT_EQ(chunked(text, 4096, 1000, true, &chunks), sequential(text));
    EXPECT_GT(chunks, text.size() / 8192);
}

TEST(Chunker, EmptySourceHasNoChunks) {
    MemorySource source("");
    GameChunker chunker(source);
    Chunk chunk;
    auto got = chunker.next(chunk);
    ASSERT_TRUE(got.has_value());
    EXPECT_FALSE(*got);
}

TEST(Chunker, OversizedGameIsOneGameWithAParseErrorAndTheNextGamesAreRead) {
    std::string text = "[Event \"small\"]\n1. e4 *\n[Event \"huge\"]\n1. e4 ";
    while (text.size() < 400000) text += "Nf3 Nf6 Ng1 Ng8 ";
    text += "*\n[Event \"after\"]\n1. d4 *\n[Event \"last\"]\n1. c4 *\n";
    MemorySource source(text, 100000);
    GameChunker chunker(source, 4096, 128 * 1024);
    RecordingVisitor v;
    std::uint64_t games = 0;
    Chunk chunk;
    while (*chunker.next(chunk)) games += parse_chunk(chunk, "f.pgn", games + 1, v);
    ASSERT_EQ(games, 4u);
    EXPECT_EQ(v.errors,
              (std::vector<std::string>{
                  "3:1 game too long to hold (over the size limit, --max-game-bytes, 64 MiB by "
                  "default): skipped up to the next game"}));
    EXPECT_EQ(v.log[v.log.size() - 6], "begin #4 7:1");
    EXPECT_EQ(v.log[v.log.size() - 12], "begin #3 5:1");
}

TEST(Chunker, GameJustOverTheLimitIsGivenUpWhereverTheBufferGrowthStarts) {
    // Doubling from an odd size (4076, 8152, ...) must still stop at the limit, not pass over it.
    std::string text = "[Event \"a\"]\n1. e4 *\n[Event \"huge\"]\n";
    while (text.size() < 200000) text += "e4 e5 ";
    text += "*\n[Event \"after\"]\n1. d4 *\n";
    MemorySource source(text, 1 << 20);
    GameChunker chunker(source, 3000, 128 * 1024);
    RecordingVisitor v;
    std::uint64_t games = 0;
    Chunk chunk;
    while (*chunker.next(chunk)) games += parse_chunk(chunk, "f.pgn", games + 1, v);
    EXPECT_EQ(games, 3u);
    EXPECT_EQ(v.errors.size(), 1u);
}

TEST(Chunker, ReadGamesMatchesParseGamesOnTrickyText) {
    MemorySource source(kTricky, 3);
    RecordingVisitor v(true);
    auto stats = read_games(source, "f.pgn", v);
    ASSERT_TRUE(stats.has_value());
    EXPECT_EQ(v.log, sequential(kTricky));
    EXPECT_EQ(stats->bytes, kTricky.size());
}

// Hands out its text, then fails as a decompressor does on damaged data.
class FailingAfterText final : public ByteSource {
  public:
    explicit FailingAfterText(std::string text) : text_(std::move(text)) {}
    tl::expected<std::size_t, IoError> read(char* buffer, std::size_t capacity) override {
        if (pos_ == text_.size())
            return tl::unexpected(IoError{
                "f.pgn.zst", "zstd: corrupted block", {IoFailure::Corrupt, Compression::Zstd}});
        const std::size_t n = std::min({capacity, std::size_t{100}, text_.size() - pos_});
        std::memcpy(buffer, text_.data() + pos_, n);
        pos_ += n;
        return n;
    }
    std::uint64_t input_bytes_consumed() const override { return pos_; }
    std::uint64_t input_size() const override { return 0; }
    Compression compression() const override { return Compression::Zstd; }

  private:
    std::string text_;
    std::size_t pos_ = 0;
};

TEST(GameChunker, GamesDecodedBeforeAReadErrorAreHandedOutThenTheError) {
    std::string text;
    for (int i = 1; i <= 40; ++i)
        text += "[Event \"g" + std::to_string(i) + "\"]\n\n1. e4 e5 *\n\n";
    for (const std::size_t target : {std::size_t{64}, std::size_t{4096}, std::size_t{1} << 20}) {
        SCOPED_TRACE(target);
        FailingAfterText source(text);
        GameChunker chunker(source, target);
        RecordingVisitor v(true);
        std::uint64_t games = 0;
        Chunk chunk;
        for (;;) {
            auto got = chunker.next(chunk);
            if (!got) {
                EXPECT_EQ(got.error().message, "zstd: corrupted block");
                break;
            }
            ASSERT_TRUE(*got) << "the error must follow the text, not vanish";
            games += parse_chunk(chunk, "f.pgn.zst", games + 1, v);
        }
        EXPECT_EQ(games, 40u);
    }
}

TEST(ReadGames, ReportsTheGamesBeforeAReadErrorAndTheError) {
    FailingAfterText source("[Event \"a\"]\n1. e4 *\n\n[Event \"b\"]\n1. d4 *\n");
    RecordingVisitor v(true);
    auto result = read_games(source, "f.pgn.zst", v);
    ASSERT_FALSE(result.has_value());
    const auto games = std::count_if(v.log.begin(), v.log.end(), [](const std::string& line) {
        return line.rfind("begin #", 0) == 0;
    });
    EXPECT_EQ(games, 2);
}

}  // namespace
}  // namespace drawaudit::pgn

namespace drawaudit::pgn {
namespace {

using testing::RecordingVisitor;

// A truncated .zst once had its partial last game audited as if complete (false findings).
TEST(GameChunker, TheLastGameBeforeAReadErrorIsOneParseErrorNamingTheFailure) {
    std::string text;
    for (int i = 1; i <= 30; ++i)
        text += "[Event \"g" + std::to_string(i) + "\"]\n\n1. e4 e5 *\n\n";
    text += "[Event \"cut\"]\n[White \"W\"]\n\n1. f3 e5 2. g4";  // the stream stops here
    for (const std::size_t target : {std::size_t{64}, std::size_t{4096}, std::size_t{1} << 20}) {
        SCOPED_TRACE(target);
        FailingAfterText source(text);
        GameChunker chunker(source, target);
        RecordingVisitor v;
        std::uint64_t games = 0;
        Chunk chunk;
        while (auto got = chunker.next(chunk)) {
            if (!*got) break;
            games += parse_chunk(chunk, "f.pgn.zst", games + 1, v);
        }
        EXPECT_EQ(games, 31u);
        ASSERT_EQ(v.errors.size(), 1u);
        EXPECT_EQ(v.errors[0],
                  "121:1 the input ends inside this game (zstd: corrupted block): the game is "
                  "incomplete and not audited");
        // The failure as values too, for a report in another language.
        EXPECT_EQ(v.error_causes[0].failure, IoFailure::Corrupt);
        EXPECT_EQ(v.error_causes[0].codec, Compression::Zstd);
        const auto last_begin =
            std::find_if(v.log.rbegin(), v.log.rend(),
                         [](const std::string& l) { return l.rfind("begin #", 0) == 0; });
        ASSERT_NE(last_begin, v.log.rend());
        // Its tags are kept, so the report names the game; no move of it is heard.
        const auto after = std::find(v.log.rbegin(), last_begin, "tag White=W 122:1");
        EXPECT_NE(after, last_begin);
        EXPECT_TRUE(std::none_of(v.log.rbegin(), last_begin,
                                 [](const std::string& l) { return l.rfind("move ", 0) == 0; }));
    }
}

// Chunks a text at a small game limit and returns the log, the chunks' texts put back together
// and the longest chunk.
struct LimitedRead {
    std::vector<std::string> log;
    std::string joined;
    std::size_t longest_chunk = 0;
    std::uint64_t nul_bytes = 0;
};
LimitedRead read_with_game_limit(const std::string& text, std::size_t target,
                                 std::size_t read_size) {
    MemorySource source(text, read_size);
    GameChunker chunker(source, target, 128 * 1024);
    RecordingVisitor v(true);
    LimitedRead out;
    std::uint64_t games = 0;
    Chunk chunk;
    while (true) {
        auto got = chunker.next(chunk);
        EXPECT_TRUE(got.has_value());
        if (!got || !*got) break;
        out.joined += chunk.text;
        out.longest_chunk = std::max(out.longest_chunk, chunk.text.size());
        games += parse_chunk(chunk, "f.pgn", games + 1, v);
    }
    out.log = std::move(v.log);
    out.nul_bytes = chunker.nul_bytes();
    return out;
}

std::string small_game(int n) {
    return "[Event \"e" + std::to_string(n) +
           "\"]\n[White \"w\"]\n[Black \"b\"]\n\n1. e4 e5 2. Nf3 1-0\n";
}

TEST(Chunker, BlankLinesLongerThanTheGameLimitBetweenGamesLoseNoGame) {
    const std::string text = small_game(1) + std::string(300000, '\n') + small_game(2) + "\n" +
                             small_game(3) + " \t\r\n \r\n" + std::string(200000, ' ') + "\n";
    const auto expected = sequential(text);
    for (const std::size_t target :
         {std::size_t{4096}, std::size_t{64} << 10, std::size_t{1} << 20}) {
        SCOPED_TRACE(target);
        const LimitedRead read = read_with_game_limit(text, target, 1 << 16);
        EXPECT_EQ(read.log, expected);
        EXPECT_EQ(read.joined, text);  // the padding is handed out too, for --format pgn
    }
}

TEST(Chunker, NulBytesAfterTheLastGameLeaveItWholeAndAreCounted) {
    const std::string text = small_game(1) + "\n" + small_game(2) + std::string(3000000, '\0');
    const LimitedRead read = read_with_game_limit(text, 256 << 10, 1 << 16);
    EXPECT_EQ(read.log, sequential(text));
    EXPECT_EQ(read.joined, text);
    EXPECT_EQ(read.nul_bytes, 3000000u);
    // Held in pieces, not whole: memory stays bounded however long the run is.
    EXPECT_LE(read.longest_chunk, std::size_t{2} << 20);
}

TEST(Chunker, NulRunsBetweenGamesWithoutALineBreakKeepTheNextGamesColumns) {
    std::string text = small_game(1);
    text.pop_back();  // the run follows the termination marker on its line
    text += std::string(500000, '\0') + "   " + small_game(2) + std::string(400000, '\0') + "\r\n" +
            std::string(300000, '\0') + small_game(3);
    for (const std::size_t read_size : {std::size_t{7}, std::size_t{1} << 16}) {
        SCOPED_TRACE(read_size);
        const LimitedRead read = read_with_game_limit(text, 4096, read_size);
        EXPECT_EQ(read.log, sequential(text));
        EXPECT_EQ(read.joined, text);
        EXPECT_EQ(read.nul_bytes, 1200000u);
    }
}

TEST(Chunker, ALongBlankRunInsideAGameStillCountsTowardsItsLimit) {
    // Only padding between games is skipped: inside a game the run is part of its text.
    const std::string text = small_game(1) + "[Event \"long\"]\n\n1. e4" +
                             std::string(300000, '\n') + "e5 1-0\n" + small_game(3);
    RecordingVisitor v;
    MemorySource source(text, 1 << 16);
    GameChunker chunker(source, 4096, 128 * 1024);
    std::uint64_t games = 0;
    Chunk chunk;
    while (*chunker.next(chunk)) games += parse_chunk(chunk, "f.pgn", games + 1, v);
    EXPECT_EQ(games, 3u);
    ASSERT_EQ(v.errors.size(), 1u);
    EXPECT_EQ(v.errors[0].substr(0, 4), "6:1 ");
}

}  // namespace
}  // namespace drawaudit::pgn
