// Every file of the shared corpus's odd/ folder: no crash, and the games and located parse errors
// it really has (written down after reading each file). SOURCES.md lists pgn-extract 19.04's
// counts; where ours differ the reason is noted.
#include <gtest/gtest.h>

#include <filesystem>
#include <string>
#include <vector>

#include "memory_source.hpp"
#include "pgn/reader.hpp"
#include "recording_visitor.hpp"
#include "shared_corpus.hpp"

namespace drawaudit::pgn {
namespace {

using testing::MemorySource;
using testing::RecordingVisitor;

const std::string kOdd = std::string(DRAWAUDIT_SHARED_DIR) + "/corpus/odd/";

struct Expected {
    const char* file;
    std::uint64_t games;
    std::vector<std::string> errors;  // "line:column"
};

// pgn-extract counts only games it accepts and resynchronises differently after errors; ours count
// every game the reader delimits (a game that fails later, in the audit, is still a game).
const std::vector<Expected> kExpected = {
    {"chess-library/backslash_header.pgn", 1, {}},  // [Event "Tournament \"]: the value ends at \"]
    {"chess-library/basic.pgn", 1, {}},
    {"chess-library/black2move.pgn", 1, {}},  // pgn-extract: 0 (no result); a game for us
    {"chess-library/book.pgn", 1, {}},
    {"chess-library/castling.pgn", 1, {}},  // pgn-extract: 0 (0-0 castling, no result)
    {"chess-library/comment_before_moves.pgn", 1, {}},
    {"chess-library/corrupted.pgn", 1, {}},  // truncated "63. Kx": the audit finds the bad SAN
    {"chess-library/empty_body.pgn", 2, {}},
    {"chess-library/fishtest-fastchess.pgn", 4, {}},
    {"chess-library/magnus-grischuk.pgn", 1, {}},
    {"chess-library/multiple.pgn", 4, {}},
    {"chess-library/newline.pgn", 1, {}},   // pgn-extract: 0 (no result)
    {"chess-library/no_moves.pgn", 1, {}},  // tags only: a game without moves
    // Two tag sections without an Event tag, each with a comment and 0-1 (pgn-extract: 0 of 2).
    {"chess-library/no_moves_but_comment_followed_by_termination_marker.pgn", 2, {}},
    {"chess-library/no_moves_but_game_termination.pgn", 1, {}},
    {"chess-library/no_moves_but_game_termination_2.pgn", 1, {}},
    {"chess-library/no_moves_but_game_termination_3.pgn", 1, {}},
    {"chess-library/no_moves_but_game_termination_multiple.pgn", 2, {}},
    {"chess-library/no_moves_but_game_termination_multiple_2.pgn", 3, {}},
    {"chess-library/no_moves_two_games.pgn", 2, {}},
    {"chess-library/no_result.pgn", 1, {}},
    {"chess-library/non_ascii.pgn", 1, {}},
    {"chess-library/skip.pgn", 2, {}},
    {"chess-library/square_bracket_in_header.pgn", 1, {}},
    {"chess-library/threefold_repetition.pgn",
     1,
     {}},  // headless-tagged FEN game, no Event, no result
    // Unescaped quotes inside tag values: one game (pgn-extract splits it into 7).
    {"chess-library/unescaped_quote_header.pgn", 1, {}},
    {"chess-library/variations.pgn", 1, {}},
    {"chess.js/benchmarks_benchmark.pgn", 100, {}},
    // HTML "<br />" between the tag pairs: the tag section ends at the first "<", an unknown token
    // (pgn-extract reads 44 games out of the fragments).
    {"chess.js/pgn_0.pgn", 1, {"1:12"}},
    {"chess.js/pgn_1.pgn", 1, {}},
    {"chess.js/pgn_2.pgn", 1, {}},
    {"chess.js/pgn_3.pgn", 1, {}},
    // Three games without results, each ended by the next tag section (pgn-extract: 2).
    {"chessops/headers-and-moves-on-the-same-line.pgn", 3, {}},
    // Four sections without results; the last (headless, no tag) continues the third game's
    // movetext, as nothing ends that game before it (pgn-extract: 2).
    {"chessops/leading-whitespace.pgn", 3, {}},
    {"chessops/pathological-headers.pgn", 1, {}},  // seven odd but valid tag pairs, no movetext
    {"online-carlsen/chesscom_MagnusCarlsen_games.pgn", 334, {}},
    {"online-carlsen/lichess_DannyTheDonkey_2019-01-29.pgn", 105, {}},
    {"online-carlsen/lichess_DrDrunkenstein_2019-01-29.pgn", 984, {}},
    {"pgn-extract-alt/black_win_mate_headless.pgn", 1, {}},
    {"pgn-extract-alt/draw_headless.pgn", 1, {}},
    {"pgn-extract-alt/empty.pgn", 0, {}},
    {"pgn-extract-alt/incalculable_headless.pgn", 1, {}},
    // invalid_single.pgn four times, then one more broken game: each copy of invalid_single gives
    // the three games explained below; the fifth game's "1hgdfdf2." is an unknown token.
    {"pgn-extract-alt/invalid_multi.pgn", 8, {"69:6", "70:14", "77:33", "85:12", "96:46"}},
    // Line 5 'hite "Fischer..."]' lost its '[': the tag section ends, "hite" is handed over as a
    // move and '"' is an unknown token (5:6). The game ends before the next tag line, line 6
    // '[Black "Spass', which lacks its '"]' (6:14); the game after it begins at line 7 and has the
    // unknown token "';jjt3aasfvhkuNxf7" at 13:33 (pgn-extract: 5 games).
    {"pgn-extract-alt/invalid_single.pgn", 3, {"5:6", "6:14", "13:33"}},
    {"pgn-extract-alt/ivanov.pgn", 9, {}},
    {"pgn-extract-alt/large.pgn", 88, {}},
    {"pgn-extract-alt/multi.pgn", 5, {}},
    {"pgn-extract-alt/protected.pgn", 1, {}},
    {"pgn-extract-alt/single.pgn", 1, {}},
    {"pgn-extract-alt/single_mc.pgn", 1, {}},
    {"pgn-extract-alt/small_ivanov.pgn", 3, {}},
    {"pgn-extract-alt/white_win_mate_headless.pgn", 1, {}},
    {"pgn-extract-tests/barnes-horton.pgn", 1, {}},
    {"pgn-extract-tests/fischer.pgn", 34, {}},
    {"pgn-extract-tests/fools-mate.pgn", 1, {}},
    {"pgn-extract-tests/najdorf.pgn", 8, {}},
    // Comments do not nest (PGN 5): the first '}' closes the comment, the words after it are
    // handed over as moves until "--nestedcomment" (2:21), an unknown token (pgn-extract: 6).
    {"pgn-extract-tests/nested-comment.pgn", 1, {"2:21"}},
    {"pgn-extract-tests/petrosian.pgn", 35, {}},
    {"pgn-extract-tests/test-7.pgn", 1, {}},
    {"pgn-extract-tests/test-C.pgn", 1, {}},
    {"pgn-extract-tests/test-F-text.pgn", 1, {}},
    {"pgn-extract-tests/test-P.pgn", 11, {}},
    {"pgn-extract-tests/test-S.pgn", 3, {}},
    {"pgn-extract-tests/test-Ta.pgn", 1, {}},
    {"pgn-extract-tests/test-allownullmoves.pgn", 2, {}},  // null moves are the audit's business
    {"pgn-extract-tests/test-checkmate.pgn", 2, {}},
    {"pgn-extract-tests/test-e.pgn", 6, {}},
    {"pgn-extract-tests/test-fifty.pgn", 2, {}},
    {"pgn-extract-tests/test-fixresulttags-in.pgn", 5, {}},
    {"pgn-extract-tests/test-fuzzydepth.pgn", 4, {}},
    {"pgn-extract-tests/test-hash.pgn", 35, {}},
    {"pgn-extract-tests/test-long-line.pgn", 1, {}},
    {"pgn-extract-tests/test-matchplylimit.pgn", 1, {}},
    {"pgn-extract-tests/test-nagcomments.pgn", 1, {}},
    {"pgn-extract-tests/test-nobadresults.pgn", 9, {}},
    {"pgn-extract-tests/test-nochecks.pgn", 2, {}},
    {"pgn-extract-tests/test-promotion-in.pgn", 8, {}},
    {"pgn-extract-tests/test-repetition.pgn", 12, {}},
    {"pgn-extract-tests/test-setup-in.pgn", 2, {}},
    {"pgn-extract-tests/test-splitvariants.pgn", 1, {}},
    {"pgn-extract-tests/test-stalemate.pgn", 3, {}},
    {"pgn-extract-tests/test-t.pgn", 6, {}},
    {"pgnmentor/AlphaZero-Stockfish_game54.pgn", 1, {}},
    {"pgnmentor/Stein.pgn", 699, {}},  // the 2 trailing NUL bytes are blanks
    {"pgnmentor/Stockfish-AlphaZero_game21.pgn", 1, {}},
    {"pgnmentor/alphazero_vs_stockfish_all.pgn", 110, {}},
    {"pgnmentor/nonutf8-bytes-games.pgn", 27, {}},
    {"python-chess/anastasian-lewis.pgn", 1, {}},      // Z0 null move: a game (pgn-extract: 0 of 1)
    {"python-chess/antichess-programfox.pgn", 2, {}},  // the variant is the audit's business
    {"python-chess/chessbase-empty-line.pgn", 1, {}},  // empty line inside the tag section
    {"python-chess/cutechess-fischerrandom.pgn", 4, {}},
    {"python-chess/kasparov-deep-blue-1997.pgn", 6, {}},
    {"python-chess/knightvuillaume-jannlee-zh-lichess.pgn", 1, {}},  // drops "N@f3" are tokens
    {"python-chess/molinari-bordais-1979.pgn", 1, {}},
    {"python-chess/nepomniachtchi-liren-game1.pgn", 1, {}},
    {"python-chess/saturs-jannlee-zh-lichess.pgn", 1, {}},
    {"python-chess/stockfish-learning.pgn", 1, {}},
    {"python-chess/uci-moves.pgn", 1, {}},
    {"python-chess/utf8-bom.pgn", 2, {}},
    // Tag sections only: 605 with an Event tag each; a repeated tag opens the next game
    // (pgn-extract reads no game without movetext).
    {"scalachess/FWWRC.pgn", 605, {}},
    {"scalachess/uzchesscup.pgn", 45, {}},  // 45 tag sections, one Event tag: repeated Round tags
    {"tcec/TCEC_Match_1.pgn", 48, {}},
    {"tcec/TCEC_Match_4.pgn", 32, {}},
    {"tcec/TCEC_Season_19_-_Frc2_Testing2.pgn", 1, {}},
};

std::vector<std::string> located(const std::vector<std::string>& errors) {
    std::vector<std::string> out;
    for (const std::string& e : errors) out.push_back(e.substr(0, e.find(' ')));
    return out;
}

TEST(Corpus, EveryOddFileHasItsGamesAndLocatedErrors) {
    DRAWAUDIT_REQUIRE_SHARED("corpus/odd");
    for (const Expected& expected : kExpected) {
        SCOPED_TRACE(expected.file);
        const std::string text = testing::read_file(kOdd + expected.file);
        RecordingVisitor v;
        EXPECT_EQ(parse_games(text, TextOrigin{expected.file}, v), expected.games);
        EXPECT_EQ(located(v.errors), expected.errors);
    }
}

TEST(Corpus, TheTableCoversEveryOddFile) {
    DRAWAUDIT_REQUIRE_SHARED("corpus/odd");
    std::vector<std::string> on_disk;
    for (const auto& entry : std::filesystem::recursive_directory_iterator(kOdd)) {
        if (entry.is_regular_file() && entry.path().extension() == ".pgn") {
            on_disk.push_back(std::filesystem::relative(entry.path(), kOdd).string());
        }
    }
    std::sort(on_disk.begin(), on_disk.end());
    std::vector<std::string> listed;
    for (const Expected& e : kExpected) listed.emplace_back(e.file);
    std::sort(listed.begin(), listed.end());
    EXPECT_EQ(listed, on_disk);
}

TEST(Corpus, EveryGameBeginsEndsAndHasItsTagsEnded) {
    DRAWAUDIT_REQUIRE_SHARED("corpus/odd");
    for (const Expected& expected : kExpected) {
        SCOPED_TRACE(expected.file);
        RecordingVisitor v;
        parse_games(testing::read_file(kOdd + expected.file), TextOrigin{expected.file}, v);
        std::size_t begins = 0, end_tags = 0, ends = 0;
        for (const std::string& line : v.log) {
            begins += line.starts_with("begin ");
            end_tags += line == "end_tags";
            ends += line == "end_game";
        }
        EXPECT_EQ(begins, expected.games);
        EXPECT_EQ(end_tags, expected.games);
        EXPECT_EQ(ends, expected.games);
    }
}

// ---- chunked and streamed reading give exactly the sequential callbacks ----

std::vector<std::string> sequential_log(const std::string& text, bool variations) {
    RecordingVisitor v(true);
    v.variations = variations;
    parse_games(text, TextOrigin{"f.pgn"}, v);
    return v.log;
}

std::vector<std::string> chunked_log(const std::string& text, std::size_t target, bool variations,
                                     std::size_t read_size = 1000) {
    MemorySource source(text, read_size);
    GameChunker chunker(source, target);
    RecordingVisitor v(true);
    v.variations = variations;
    std::uint64_t games = 0;
    Chunk chunk;
    for (;;) {
        auto got = chunker.next(chunk);
        EXPECT_TRUE(got.has_value());
        if (!got || !*got) break;
        // About the target, unless a single game is longer (the longest odd game: 40 KB).
        EXPECT_LE(chunk.text.size(), std::max<std::size_t>(4 * target, 100000));
        games += parse_chunk(chunk, "f.pgn", games + 1, v);
    }
    return v.log;
}

std::vector<std::string> streamed_log(const std::string& text, bool variations) {
    MemorySource source(text, 777);
    RecordingVisitor v(true);
    v.variations = variations;
    auto stats = read_games(source, "f.pgn", v);
    EXPECT_TRUE(stats.has_value());
    if (stats) {
        EXPECT_EQ(stats->bytes, text.size());
    }
    return v.log;
}

TEST(Corpus, ChunkedParsingOfEveryOddFileMatchesTheSequentialParse) {
    DRAWAUDIT_REQUIRE_SHARED("corpus/odd");
    for (const Expected& expected : kExpected) {
        SCOPED_TRACE(expected.file);
        const std::string text = testing::read_file(kOdd + expected.file);
        for (const bool variations : {true, false}) {
            const auto sequential = sequential_log(text, variations);
            EXPECT_EQ(chunked_log(text, 4096, variations), sequential);
            EXPECT_EQ(chunked_log(text, 64, variations, 13), sequential);
        }
    }
}

TEST(Corpus, StreamedReadingOfEveryOddFileMatchesTheSequentialParse) {
    DRAWAUDIT_REQUIRE_SHARED("corpus/odd");
    for (const Expected& expected : kExpected) {
        SCOPED_TRACE(expected.file);
        const std::string text = testing::read_file(kOdd + expected.file);
        EXPECT_EQ(streamed_log(text, true), sequential_log(text, true));
    }
}

TEST(Corpus, ConcatenatedOddFilesChunkLikeTheSequentialParse) {
    DRAWAUDIT_REQUIRE_SHARED("corpus/odd");
    // All files in one text: every kind of game end meets every kind of game start.
    std::string all;
    for (const Expected& expected : kExpected) all += testing::read_file(kOdd + expected.file);
    EXPECT_EQ(chunked_log(all, 4096, true), sequential_log(all, true));
}

}  // namespace
}  // namespace drawaudit::pgn
