// The PGN reader, construct by construct, each on a small PGN text.
#include <gtest/gtest.h>

#include <algorithm>
#include <string>
#include <vector>

#include "pgn/reader.hpp"
#include "recording_visitor.hpp"

namespace drawaudit::pgn {
namespace {

using testing::RecordingVisitor;
using Log = std::vector<std::string>;
using namespace std::string_view_literals;

Log parse(std::string_view text) {
    RecordingVisitor v;
    return testing::parse_log(text, v);
}

std::vector<std::string> errors_of(std::string_view text) {
    RecordingVisitor v;
    parse_games(text, TextOrigin{"test.pgn"}, v);
    return v.errors;
}

std::uint64_t count(std::string_view text) {
    Visitor null_visitor;
    return parse_games(text, TextOrigin{"test.pgn"}, null_visitor);
}

// ---- tag pairs ----

TEST(ReaderTags, ExportFormatGameGivesTagsMovesAndResult) {
    EXPECT_EQ(parse("[Event \"Rated\"]\n[Site \"?\"]\n\n1. e4 e5 1-0\n"),
              (Log{"begin #1 1:1", "tag Event=Rated 1:1", "tag Site=? 2:1", "end_tags",
                   "move e4 4:4", "move e5 4:7", "result 1-0 4:10", "end_game"}));
}

TEST(ReaderTags, EscapedQuoteAndBackslashStayRawInTheValue) {
    EXPECT_EQ(parse("[White \"a \\\"b\\\" \\\\c\"] *"),
              (Log{"begin #1 1:1", "tag White=a \\\"b\\\" \\\\c 1:1", "end_tags", "result * 1:23",
                   "end_game"}));
}

TEST(ReaderTags, UnescapedQuotesInsideAValueAreKept) {
    const Log log = parse("[Event \"Tournament \"Championship\" Finals\"]\n*");
    EXPECT_EQ(log[1], "tag Event=Tournament \"Championship\" Finals 1:1");
}

TEST(ReaderTags, BackslashBeforeTheClosingQuoteEndsTheValue) {
    const Log log = parse("[Event \"Tournament \\\"]\n[Site \"Madrid\"]\n*");
    EXPECT_EQ(log[1], "tag Event=Tournament \\ 1:1");
    EXPECT_EQ(log[2], "tag Site=Madrid 2:1");
}

TEST(ReaderTags, SquareBracketsInsideAValueAreText) {
    const Log log = parse("[Event \"a]] [b\"] [C \"x\"]*");
    EXPECT_EQ(log[1], "tag Event=a]] [b 1:1");
    EXPECT_EQ(log[2], "tag C=x 1:18");
}

TEST(ReaderTags, SeveralTagsAndMovesMayShareALine) {
    EXPECT_EQ(parse("[A \"1\"] [B \"2\"] 1.e3 *"),
              (Log{"begin #1 1:1", "tag A=1 1:1", "tag B=2 1:9", "end_tags", "move e3 1:19",
                   "result * 1:22", "end_game"}));
}

TEST(ReaderTags, BlanksInsideTheBracketsAreAllowed) {
    EXPECT_EQ(parse("[ Event   \"x\" ]*")[1], "tag Event=x 1:1");
}

TEST(ReaderTags, EmptyValueIsAValue) {
    EXPECT_EQ(parse("[Event \"\"]*")[1], "tag Event= 1:1");
}

TEST(ReaderTags, MissingClosingQuoteIsAParseErrorAtTheEndOfTheLine) {
    EXPECT_EQ(errors_of("[Event \"x\n[Site \"y\"]\n1. e4 *"),
              (std::vector<std::string>{
                  "1:10 bad tag pair: expected '\"]' to close the tag value on its line"}));
}

TEST(ReaderTags, MissingTagNameIsAParseError) {
    EXPECT_EQ(errors_of("[\"x\"]\n1. e4 *"),
              (std::vector<std::string>{"1:2 bad tag pair: expected a tag name after '['"}));
}

TEST(ReaderTags, MissingValueIsAParseError) {
    EXPECT_EQ(errors_of("[Event x]\n1. e4 *"),
              (std::vector<std::string>{"1:8 bad tag pair: expected '\"' to open the tag value"}));
}

TEST(ReaderTags, BadTagSkipsTheRestOfItsGameButNotTheNext) {
    const Log log = parse("[Event \"x]\n[Site \"y\"]\n\n1. e4 *\n\n[Event \"B\"]\n1. d4 *\n");
    EXPECT_EQ(log,
              (Log{"begin #1 1:1",
                   "error 1:11 bad tag pair: expected '\"]' to close the tag value on its line",
                   "end_tags", "end_game", "begin #2 6:1", "tag Event=B 6:1", "end_tags",
                   "move d4 7:4", "result * 7:7", "end_game"}));
}

TEST(ReaderTags, BlankLineInsideATagSectionDoesNotSplitTheGame) {
    // ChessBase exports put an empty line after the Event tag.
    EXPECT_EQ(count("[Event \"A\"]\n\n[Date \"2017\"]\n\n1. e4 *\n"), 1u);
}

TEST(ReaderTags, RepeatedTagNameStartsANewGameWithoutMovetext) {
    // Study exports: tag sections follow each other with no movetext and no Event tag.
    const Log log = parse("[Round \"1\"]\n[White \"a\"]\n\n[Round \"2\"]\n[White \"b\"]\n");
    EXPECT_EQ(log,
              (Log{"begin #1 1:1", "tag Round=1 1:1", "tag White=a 2:1", "end_tags", "end_game",
                   "begin #2 4:1", "tag Round=2 4:1", "tag White=b 5:1", "end_tags", "end_game"}));
}

TEST(ReaderTags, EventTagAfterOtherTagsStartsANewGame) {
    EXPECT_EQ(count("[Site \"a\"]\n[Event \"b\"]\n*"), 2u);
}

TEST(ReaderTags, NameWithTheEventTagsHashBitIsNoRepeat) {
    // "Flyer" and "Event" fall on the same bit of the reader's hash of names.
    EXPECT_EQ(parse("[Site \"a\"]\n[Flyer \"b\"]\n*"),
              (Log{"begin #1 1:1", "tag Site=a 1:1", "tag Flyer=b 2:1", "end_tags", "result * 3:1",
                   "end_game"}));
}

TEST(ReaderTags, NameRepeatedAfterTheFirstThirtyTwoIsSeenOnlyRightAfterItself) {
    // Only the first 32 names of a game are kept to find a repeated one, and the latest one: a
    // name that repeats the tag pair just before it always starts a new game (the chunker cuts
    // there, so tag-only records are never held whole).
    std::string text;
    for (int n = 0; n < 33; ++n) text += "[T" + std::to_string(n) + " \"v\"]\n";
    EXPECT_EQ(count(text + "[T32 \"w\"]\n*"), 2u);
    EXPECT_EQ(count(text + "[T33 \"v\"]\n[T32 \"w\"]\n*"), 1u);
    EXPECT_EQ(count(text + "[T31 \"w\"]\n*"), 2u);
}

TEST(ReaderTags, TagsOnlyGameStillGetsEndTagsAndEndGame) {
    EXPECT_EQ(parse("[Event \"x\"]\n"),
              (Log{"begin #1 1:1", "tag Event=x 1:1", "end_tags", "end_game"}));
}

// Tag pair heads of every name length, with the common single space and with other blanks, after
// every kind of line break, and also with fewer than 16 bytes after the '[': the reader's quick
// reads of the common head and line break and its general code for the others read them alike.
TEST(ReaderTags, TagHeadsOfEveryNameLengthAndLayoutReadAlike) {
    for (std::size_t length = 1; length <= 20; ++length) {
        std::string name;
        for (std::size_t i = 0; i < length; ++i) name += "Ab9_"[i % 4];
        for (const std::string_view between : {" "sv, "\t"sv, "  "sv, ""sv, " \t "sv}) {
            for (const std::string_view line_break : {"\r\n"sv, "\n"sv, "\r"sv, " \n"sv}) {
                for (const bool at_end : {false, true}) {
                    const std::string head = "[" + name + std::string(between) + "\"";
                    const std::string text = "[Event \"e\"]" + std::string(line_break) + head +
                                             "v\"]" + (at_end ? "" : "\n[Site \"s\"]\n\n1. e4 *\n");
                    const Log log = parse(text);
                    ASSERT_GE(log.size(), 3u) << head;
                    EXPECT_EQ(log[2], "tag " + name + "=v 2:1") << head;
                    if (!at_end) {
                        EXPECT_EQ(log[3], "tag Site=s 3:1") << head;
                    }
                    EXPECT_EQ(errors_of(text), std::vector<std::string>{}) << head;
                }
            }
        }
    }
}

// A byte that is no name byte ends the name wherever it stands, also inside the 16-byte look.
// Tag lines of every length up to past the reader's look ahead for the line break, one pair a
// line after "\n" or "\r\n": each pair is read on its own line, the section is not cut.
TEST(ReaderTags, TagLinesShorterAndLongerThanTheLookAheadFollowEachOther) {
    for (const std::string_view line_break : {"\n"sv, "\r\n"sv}) {
        std::string text;
        Log expected{"begin #1 1:1"};
        for (std::size_t n = 0; n <= 48; ++n) {
            const std::string name = "T" + std::to_string(n);
            const std::string value(n, 'v');
            text += "[" + name + " \"" + value + "\"]" + std::string(line_break);
            expected.push_back("tag " + name + "=" + value + " " + std::to_string(n + 1) + ":1");
        }
        text += std::string(line_break) + "1. e4 *\n";
        expected.insert(expected.end(), {"end_tags", "move e4 51:4", "result * 51:7", "end_game"});
        EXPECT_EQ(parse(text), expected) << ::testing::PrintToString(line_break);
    }
}

// The value is read from the reader's 32-byte look from the '[' where it begins inside it, and
// on past it; a value beginning past it is read on its own.
TEST(ReaderTags, ValuesBeginningBeforeAndPastTheLookAheadAreRead) {
    for (std::size_t blanks = 1; blanks <= 70; ++blanks) {
        for (const std::string_view value : {"v"sv, "]"sv, "a\\\"b"sv, "w\"x\"\"y"sv}) {
            const std::string text = "[Site" + std::string(blanks, ' ') + "\"" +
                                     std::string(value) +
                                     "\"]\n\n1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4. Ba4 Nf6 *\n";
            const Log log = parse(text);
            ASSERT_GE(log.size(), 2u) << blanks;
            EXPECT_EQ(log[1], "tag Site=" + std::string(value) + " 1:1") << blanks;
        }
    }
}

TEST(ReaderTags, LetterOnlyNamesOfEveryLengthAreReadWhole) {
    for (std::size_t length = 1; length <= 20; ++length) {
        std::string name;
        for (std::size_t i = 0; i < length; ++i) name += "AzZa"[i % 4];
        const Log log = parse("[" + name + " \"v\"]\n[Site \"s\"]\n\n1. e4 *\n");
        ASSERT_GE(log.size(), 3u) << name;
        EXPECT_EQ(log[1], "tag " + name + "=v 1:1") << name;
        EXPECT_EQ(log[2], "tag Site=s 2:1") << name;
    }
}

TEST(ReaderTags, BytesNextToTheLetterRangesEndATagName) {
    for (const char c : {'@', '[', '`', '{', '\xC1', '\xE1'}) {
        EXPECT_EQ(errors_of(std::string("[Ev") + c + "ent \"v\"]\n\n1. e4 *\n"),
                  std::vector<std::string>{"1:4 bad tag pair: expected '\"' to open the tag value"})
            << c;
    }
}

TEST(ReaderTags, NoNameByteAtEveryPlaceOfATagNameBreaksTheTagPair) {
    for (std::size_t at = 0; at < 18; ++at) {
        std::string name(18, 'N');
        name[at] = '-';
        const std::string column = std::to_string(at + 2);
        EXPECT_EQ(
            errors_of("[" + name + " \"v\"]\n\n1. e4 *\n"),
            (std::vector<std::string>{
                at == 0 ? "1:2 bad tag pair: expected a tag name after '['"
                        : "1:" + column + " bad tag pair: expected '\"' to open the tag value"}))
            << name;
    }
}

TEST(ReaderTags, LeadingBlanksBeforeATagSectionAreSkipped) {
    EXPECT_EQ(parse("    [Variant \"Standard\"]\n1. e4 *")[0], "begin #1 1:5");
}

// ---- movetext ----

TEST(ReaderMovetext, MoveNumbersWithOneOrThreeDotsAreNotReported) {
    EXPECT_EQ(parse("12. e4 12... e5 *"), (Log{"begin #1 1:1", "end_tags", "move e4 1:5",
                                               "move e5 1:14", "result * 1:17", "end_game"}));
}

TEST(ReaderMovetext, MoveNumberGluedToTheMoveIsSplitOff) {
    EXPECT_EQ(parse("1.e4 e5 2.Nf3 2...Nc6 *"),
              (Log{"begin #1 1:1", "end_tags", "move e4 1:3", "move e5 1:6", "move Nf3 1:11",
                   "move Nc6 1:19", "result * 1:23", "end_game"}));
}

TEST(ReaderMovetext, DetachedDotsAndBareNumbersAreMoveNumbers) {
    EXPECT_EQ(parse("1 e4 ... e5 *"), (Log{"begin #1 1:1", "end_tags", "move e4 1:3",
                                           "move e5 1:10", "result * 1:13", "end_game"}));
}

// Tokens of every length up to past the general code's byte-by-byte look at a token's first
// bytes, also ending at the end of the text.
TEST(ReaderMovetext, TokensOfEveryLengthEndWhereTheirTokenBytesEnd) {
    for (std::size_t length = 1; length <= 24; ++length) {
        std::string san = "N";
        while (san.size() < length) san += "a1+!"[san.size() % 4];
        for (const std::string_view after : {" *"sv, "{c}*"sv, ""sv}) {
            const Log log = parse(san + std::string(after));
            ASSERT_GE(log.size(), 3u) << san;
            EXPECT_EQ(log[2], "move " + san + " 1:1") << san;
        }
        const Log log = parse("1-0" + std::string(length, '!') + " *");
        ASSERT_GE(log.size(), 3u) << length;
        EXPECT_EQ(log[2],
                  "error 1:1 unknown token: expected a move, a move number or a game "
                  "termination marker")
            << length;
    }
}

TEST(ReaderMovetext, SanIsHandedOverUnresolvedWithItsSuffixes) {
    const Log log = parse("e4!? Nf3+ exd6e.p. e8=Q#?! O-O-O 0-0 Qa1xb2 *");
    EXPECT_EQ(log, (Log{"begin #1 1:1", "end_tags", "move e4!? 1:1", "move Nf3+ 1:6",
                        "move exd6e.p. 1:11", "move e8=Q#?! 1:20", "move O-O-O 1:28",
                        "move 0-0 1:34", "move Qa1xb2 1:38", "result * 1:45", "end_game"}));
}

TEST(ReaderMovetext, DetachedEnPassantRemarkIsIgnored) {
    EXPECT_EQ(parse("exd6 e.p. *"),
              (Log{"begin #1 1:1", "end_tags", "move exd6 1:1", "result * 1:11", "end_game"}));
}

TEST(ReaderMovetext, UciAndDropTokensAreHandedOverAsMoves) {
    EXPECT_EQ(parse("e2e4 N@f3 *")[2], "move e2e4 1:1");
    EXPECT_EQ(parse("e2e4 N@f3 *")[3], "move N@f3 1:6");
}

TEST(ReaderMovetext, NullMovesAreReportedAsNullMoves) {
    EXPECT_EQ(parse("e4 -- Z0 0000 *"),
              (Log{"begin #1 1:1", "end_tags", "move e4 1:1", "null -- 1:4", "null Z0 1:7",
                   "null 0000 1:10", "result * 1:15", "end_game"}));
}

TEST(ReaderMovetext, EveryTerminationMarkerEndsTheGame) {
    EXPECT_EQ(
        parse("e4 1-0 e4 0-1 e4 1/2-1/2 e4 *"),
        (Log{"begin #1 1:1",  "end_tags", "move e4 1:1",  "result 1-0 1:4",      "end_game",
             "begin #2 1:8",  "end_tags", "move e4 1:8",  "result 0-1 1:11",     "end_game",
             "begin #3 1:15", "end_tags", "move e4 1:15", "result 1/2-1/2 1:18", "end_game",
             "begin #4 1:26", "end_tags", "move e4 1:26", "result * 1:29",       "end_game"}));
}

TEST(ReaderMovetext, MarkerGluedToTheNextTagSectionEndsTheGame) {
    EXPECT_EQ(count("[Event \"a\"]\n1. e4 1-0[Event \"b\"]\n1. d4 *"), 2u);
}

TEST(ReaderMovetext, NagsAreReportedWithTheirNumber) {
    EXPECT_EQ(parse("e4 $1 $146 *"), (Log{"begin #1 1:1", "end_tags", "move e4 1:1", "nag 1 1:4",
                                          "nag 146 1:7", "result * 1:12", "end_game"}));
}

TEST(ReaderMovetext, StandaloneGlyphsAreReportedAsStandardNags) {
    EXPECT_EQ(parse("e4 ! ?? !? += -+ *"),
              (Log{"begin #1 1:1", "end_tags", "move e4 1:1", "nag 1 1:4", "nag 4 1:6", "nag 5 1:9",
                   "nag 14 1:12", "nag 19 1:15", "result * 1:18", "end_game"}));
}

TEST(ReaderMovetext, DollarWithoutDigitsIsAParseError) {
    EXPECT_EQ(errors_of("e4 $ e5 *"),
              (std::vector<std::string>{"1:4 bad NAG: expected a number after '$'"}));
}

TEST(ReaderMovetext, UnknownTokenIsAParseErrorThatSaysWhatWasExpected) {
    EXPECT_EQ(errors_of("1. e4 <br /> e5 *"),
              (std::vector<std::string>{
                  "1:7 unknown token: expected a move, a move number, a comment, a NAG, "
                  "a variation or a game termination marker"}));
}

TEST(ReaderMovetext, UnknownTokenSkipsToTheNextTagSection) {
    const Log log = parse("[Event \"a\"]\n1. e4 % e5\n2. d4 *\n[Event \"b\"]\n1. c4 *\n");
    EXPECT_EQ(log, (Log{"begin #1 1:1", "tag Event=a 1:1", "end_tags", "move e4 2:4",
                        "error 2:7 unknown token: expected a move, a move number, a comment, a "
                        "NAG, a variation "
                        "or a game termination marker",
                        "end_game", "begin #2 4:1", "tag Event=b 4:1", "end_tags", "move c4 5:4",
                        "result * 5:7", "end_game"}));
}

TEST(ReaderMovetext, NonAsciiTokenIsAParseError) {
    EXPECT_EQ(
        errors_of("e4 \xC2\xBD-\xC2\xBD"),
        (std::vector<std::string>{"1:4 unknown token: non-ASCII text where a move was expected"}));
}

TEST(ReaderMovetext, TabsFormFeedsAndNulBytesAreBlanks) {
    EXPECT_EQ(parse("e4\te5\f\0Nf3 *\0\0"sv),
              (Log{"begin #1 1:1", "end_tags", "move e4 1:1", "move e5 1:4", "move Nf3 1:8",
                   "result * 1:12", "end_game"}));
}

TEST(ReaderMovetext, GameTextRunsFromTheFirstTokenToTheMarker) {
    RecordingVisitor v;
    parse_games("\n\n[Event \"a\"]\n\n1. e4 1-0 {after}\n\n", TextOrigin{"t"}, v);
    EXPECT_EQ(v.game_texts, (std::vector<std::string>{"[Event \"a\"]\n\n1. e4 1-0"}));
}

TEST(ReaderMovetext, GameTextWithoutMarkerEndsAtItsLastNonBlankByte) {
    RecordingVisitor v;
    parse_games("1. e4 e5  \n\n[Event \"b\"]\n", TextOrigin{"t"}, v);
    EXPECT_EQ(v.game_texts, (std::vector<std::string>{"1. e4 e5", "[Event \"b\"]"}));
}

// ---- comments and escapes ----

TEST(ReaderComments, BraceCommentMaySpanLines) {
    EXPECT_EQ(parse("e4 {a\nb} e5 *"),
              (Log{"begin #1 1:1", "end_tags", "move e4 1:1", "comment {a\nb} 1:4", "move e5 2:4",
                   "result * 2:7", "end_game"}));
}

TEST(ReaderComments, BraceInsideACommentDoesNotNest) {
    EXPECT_EQ(parse("e4 {a { b} c5 *")[3], "comment {a { b} 1:4");
}

TEST(ReaderComments, SemicolonCommentRunsToTheEndOfTheLine) {
    EXPECT_EQ(parse("e4 ; rest } ( of line\r\ne5 *"),
              (Log{"begin #1 1:1", "end_tags", "move e4 1:1", "comment { rest } ( of line} 1:4",
                   "move e5 2:1", "result * 2:4", "end_game"}));
}

TEST(ReaderComments, PercentInColumnOneHidesTheLine) {
    EXPECT_EQ(parse("% a note 1-0\n[Event \"x\"]\n%e5 {\ne4 *"),
              (Log{"begin #1 2:1", "tag Event=x 2:1", "end_tags", "move e4 4:1", "result * 4:4",
                   "end_game"}));
}

TEST(ReaderComments, PercentElsewhereIsAnUnknownToken) {
    EXPECT_EQ(errors_of("e4 %x\n").size(), 1u);
}

TEST(ReaderComments, CommentBeforeTheFirstMoveBelongsToTheGame) {
    EXPECT_EQ(parse("[Event \"x\"]\n{intro} e4 *")[3], "comment {intro} 2:1");
}

TEST(ReaderComments, CommentBetweenGamesBeforeATagSectionIsDropped) {
    EXPECT_EQ(parse("e4 * {between}\n[Event \"x\"] *"),
              (Log{"begin #1 1:1", "end_tags", "move e4 1:1", "result * 1:4", "end_game",
                   "begin #2 2:1", "tag Event=x 2:1", "end_tags", "result * 2:13", "end_game"}));
}

TEST(ReaderComments, CommentFollowedByMovetextStartsAHeadlessGameAtTheComment) {
    EXPECT_EQ(parse("{White's connection stalls} 0-1"),
              (Log{"begin #1 1:1", "end_tags", "comment {White's connection stalls} 1:1",
                   "result 0-1 1:29", "end_game"}));
}

TEST(ReaderComments, UnterminatedCommentIsAParseErrorAtItsBrace) {
    EXPECT_EQ(errors_of("e4 {never closed\ne5 *"),
              (std::vector<std::string>{
                  "1:4 unterminated comment: expected '}' before the end of the game"}));
}

TEST(ReaderComments, UnterminatedCommentEndsBeforeTheNextTagLine) {
    const Log log = parse("[Event \"a\"]\n1. e4 {lost\n[Event \"b\"]\n1. d4 *\n");
    EXPECT_EQ(log, (Log{"begin #1 1:1", "tag Event=a 1:1", "end_tags", "move e4 2:4",
                        "error 2:7 unterminated comment: expected '}' before the end of the game",
                        "end_game", "begin #2 3:1", "tag Event=b 3:1", "end_tags", "move d4 4:4",
                        "result * 4:7", "end_game"}));
}

TEST(ReaderComments, TagLikeTextInsideACommentLineIsCommentText) {
    EXPECT_EQ(parse("e4 {see\n[%clk 0:01:00]\n} *")[3], "comment {see\n[%clk 0:01:00]\n} 1:4");
}

TEST(ReaderComments, StrayClosingBraceIsAParseError) {
    EXPECT_EQ(errors_of("e4 } e5 *"),
              (std::vector<std::string>{"1:4 unbalanced '}': no comment is open"}));
}

// ---- variations ----

TEST(ReaderVariations, NestedVariationsAreReportedWithTheirDepth) {
    EXPECT_EQ(parse("e4 (d4 (c4) Nf6) e5 *"),
              (Log{"begin #1 1:1", "end_tags", "move e4 1:1", "( 1:4 d1", "move d4 1:5 d1",
                   "( 1:8 d2", "move c4 1:9 d2", ") 1:11 d2", "move Nf6 1:13 d1", ") 1:16 d1",
                   "move e5 1:18", "result * 1:21", "end_game"}));
}

TEST(ReaderVariations, VisitorCanDeclineVariations) {
    RecordingVisitor v;
    v.variations = false;
    parse_games("e4 (d4 {x} (c4) $1 Nf6) e5 *", TextOrigin{"t"}, v);
    EXPECT_EQ(v.log, (Log{"begin #1 1:1", "end_tags", "move e4 1:1", "move e5 1:25",
                          "result * 1:28", "end_game"}));
}

TEST(ReaderVariations, DeclinedVariationsStillHaveToBeClosed) {
    RecordingVisitor v;
    v.variations = false;
    parse_games("e4 (d4 (c4) e5 *\n[Event \"b\"] *", TextOrigin{"t"}, v);
    EXPECT_EQ(v.errors,
              (std::vector<std::string>{
                  "1:4 unterminated variation: expected ')' before the end of the game"}));
    EXPECT_EQ(v.log.back(), "end_game");
    EXPECT_EQ(v.log[v.log.size() - 5], "begin #2 2:1");
}

TEST(ReaderVariations, UnclosedVariationAtTheMarkerIsAParseError) {
    EXPECT_EQ(errors_of("e4 (d4 (c4) e5 *"),
              (std::vector<std::string>{
                  "1:4 unterminated variation: expected ')' before the game termination marker"}));
}

TEST(ReaderVariations, UnclosedVariationAtTheEndIsAParseError) {
    EXPECT_EQ(errors_of("e4 (d4"),
              (std::vector<std::string>{
                  "1:4 unterminated variation: expected ')' before the end of the game"}));
}

TEST(ReaderVariations, StrayClosingParenthesisIsAParseError) {
    EXPECT_EQ(errors_of("e4 ) e5 *"),
              (std::vector<std::string>{"1:4 unbalanced ')': no variation is open"}));
}

TEST(ReaderVariations, SiblingVariationsFollowEachOther) {
    EXPECT_EQ(parse("Qxb5 -- (Qxb5 Bxf6)(Qe3) *").size(), 13u);
}

// ---- skipping ----

TEST(ReaderSkip, SkipGameAtEndTagsSkipsTheMovetextButEndsTheGame) {
    RecordingVisitor v;
    v.answer_end_tags = Control::SkipGame;
    parse_games("[Event \"a\"] e4 {x} (d4) e5 1-0\n[Event \"b\"] *", TextOrigin{"t"}, v);
    EXPECT_EQ(v.log, (Log{"begin #1 1:1", "tag Event=a 1:1", "end_tags", "end_game", "begin #2 2:1",
                          "tag Event=b 2:1", "end_tags", "end_game"}));
}

TEST(ReaderSkip, SkipGameFromAMoveSkipsTheRest) {
    RecordingVisitor v;
    v.skip_after_move = "e5";
    parse_games("e4 e5 Nf3 {x} 1-0 d4 *", TextOrigin{"t"}, v);
    EXPECT_EQ(v.log,
              (Log{"begin #1 1:1", "end_tags", "move e4 1:1", "move e5 1:4", "end_game",
                   "begin #2 1:19", "end_tags", "move d4 1:19", "result * 1:22", "end_game"}));
}

// ---- game structure and noise ----

TEST(ReaderNoise, HeadlessMovetextIsAGame) {
    EXPECT_EQ(parse("1. e4 e5 *")[0], "begin #1 1:1");
    EXPECT_EQ(count("e4 *\ne4 e5 *\n"), 2u);
}

TEST(ReaderNoise, GameWithoutResultEndsWhereTheNextTagSectionStarts) {
    const Log log = parse("[Event \"a\"]\n1. e4\n[Event \"b\"]\n1. d4 *");
    EXPECT_EQ(log, (Log{"begin #1 1:1", "tag Event=a 1:1", "end_tags", "move e4 2:4", "end_game",
                        "begin #2 3:1", "tag Event=b 3:1", "end_tags", "move d4 4:4",
                        "result * 4:7", "end_game"}));
}

TEST(ReaderNoise, MissingBlankLinesBetweenGamesDoNotMatter) {
    EXPECT_EQ(count("[Event \"a\"]\n1. e4 *\n[Event \"b\"]\n1. d4 *\n"), 2u);
}

TEST(ReaderNoise, NoFinalNewlineIsFine) {
    EXPECT_EQ(parse("e4 e5")[3], "move e5 1:4");
}

TEST(ReaderNoise, EmptyAndBlankTextsHaveNoGames) {
    EXPECT_EQ(count(""), 0u);
    EXPECT_EQ(count(" \r\n\n\t"), 0u);
}

TEST(ReaderNoise, ByteOrderMarkIsSkippedAndColumnsCountAfterIt) {
    EXPECT_EQ(parse("\xEF\xBB\xBF[Event \"x\"] *")[0], "begin #1 1:1");
}

TEST(ReaderNoise, ByteOrderMarkOfAConcatenatedFileIsSkipped) {
    EXPECT_EQ(count("e4 *\n\xEF\xBB\xBF[Event \"x\"] *"), 2u);
}

TEST(ReaderNoise, CrLfIsOneLineBreak) {
    EXPECT_EQ(parse("[Event \"x\"]\r\n\r\n1. e4\r\ne5 *")[3], "move e4 3:4");
    EXPECT_EQ(parse("[Event \"x\"]\r\n\r\n1. e4\r\ne5 *")[4], "move e5 4:1");
}

TEST(ReaderNoise, LoneCrIsOneLineBreak) {
    EXPECT_EQ(parse("e4\re5\r\rNf3 *"),
              (Log{"begin #1 1:1", "end_tags", "move e4 1:1", "move e5 2:1", "move Nf3 4:1",
                   "result * 4:5", "end_game"}));
}

// Blank runs of every layout between a tag section, its movetext and the next game, shorter
// and longer than 16 bytes: every position agrees with a byte-by-byte count of its offset.
TEST(ReaderNoise, BlankRunsOfEveryLayoutKeepLinesAndColumns) {
    const std::vector<std::string> runs = {"\n\n",
                                           "\r\n\r\n",
                                           "\r\r",
                                           " \r \n\t\n",
                                           "\n\r\n\r",
                                           "\r",
                                           std::string(20, ' '),
                                           "\n" + std::string(17, ' ') + "\r\n"};
    for (const std::string& run : runs) {
        const std::string text = "[Event \"e\"]" + run + "1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 1-0" + run +
                                 "[Event \"f\"]" + run + "[Site \"g\"]" + run +
                                 "1. d4 d5 2. c4 e6 3. Nc3 Nf6 *" + run;
        RecordingVisitor v(true);
        parse_games(text, TextOrigin{"t"}, v);
        ASSERT_EQ(v.log.size(), 23u);
        for (const std::string& entry : v.log) {
            const std::size_t at = entry.find('@');
            if (at == std::string::npos || entry.starts_with("begin")) continue;
            const std::size_t offset = std::stoul(entry.substr(at + 1));
            std::uint32_t line = 1;
            std::size_t line_start = 0;
            for (std::size_t i = 0; i < offset; ++i) {
                if (text[i] == '\n' || (text[i] == '\r' && text[i + 1] != '\n')) {
                    ++line;
                    line_start = i + 1;
                }
            }
            const std::string where =
                std::to_string(line) + ":" + std::to_string(offset - line_start + 1) + "@";
            const std::size_t space = entry.rfind(' ', at);
            EXPECT_EQ(entry.substr(space + 1, at + 1 - space - 1), where)
                << entry << " after " << ::testing::PrintToString(run);
        }
    }
}

TEST(ReaderNoise, VeryLongLinesAreRead) {
    std::string text = "[Event \"x\"]\n";
    for (int i = 0; i < 20000; ++i) text += "Nf3 Nf6 Ng1 Ng8 ";
    text += "*";
    RecordingVisitor v;
    parse_games(text, TextOrigin{"t"}, v);
    EXPECT_EQ(v.log.size(), 80000u + 5u);
    EXPECT_EQ(v.log[v.log.size() - 2], "result * 2:" + std::to_string(20000 * 16 + 1));
}

TEST(ReaderNoise, TrailingGarbageIsAHeadlessGameWithAParseError) {
    EXPECT_EQ(parse("e4 *\n</pre>"),
              (Log{"begin #1 1:1", "end_tags", "move e4 1:1", "result * 1:4", "end_game",
                   "begin #2 2:1", "end_tags",
                   "error 2:1 unknown token: expected a move, a move number, a comment, a NAG, "
                   "a variation or a game termination marker",
                   "end_game"}));
}

TEST(ReaderNoise, SemicolonCommentBetweenGamesBelongsToNoGame) {
    EXPECT_EQ(parse("; file header\ne4 *"),
              (Log{"begin #1 2:1", "end_tags", "move e4 2:1", "result * 2:4", "end_game"}));
}

// ---- origin ----

TEST(ReaderOrigin, OriginShiftsGameNumbersLinesAndOffsets) {
    RecordingVisitor v(true);
    parse_games("e4 *\nd4 *", TextOrigin{"f.pgn", 7, TextStart{100, 1, 5000}}, v);
    EXPECT_EQ(v.log[0], "begin #7 100:1@5000 f.pgn");
    EXPECT_EQ(v.log[5], "begin #8 101:1@5005 f.pgn");
}

TEST(ReaderOrigin, ByteOrderMarkIsSkippedOnlyAtFileOffsetZero) {
    EXPECT_EQ(count("\xEF\xBB\xBF e4 *"), 1u);
    RecordingVisitor v;
    parse_games("\xEF\xBB\xBF e4 *", TextOrigin{"t", 1, TextStart{1, 1, 10}}, v);
    EXPECT_EQ(v.log[0], "begin #1 1:5");  // skipped as a blank between games, columns in bytes
}

// Records each game's whole first line, and the whole lines of its moves and errors.
struct WholeLines final : Visitor {
    std::vector<std::uint64_t> starts, move_lines, errors;
    GameStart start;
    void begin_game(const GameStart& s) override {
        start = s;
        starts.push_back(s.line);
    }
    Control move(std::string_view, TextPos at) override {
        move_lines.push_back(whole_line(start, at));
        return Control::Continue;
    }
    Control moves(std::span<const MoveToken> run) override {
        for (const MoveToken& m : run) move_lines.push_back(whole_line(start, m.pos));
        return Control::Continue;
    }
    void parse_error(const ParseError& e) override { errors.push_back(whole_line(start, e.pos)); }
};

TEST(ReaderOrigin, LinesPastTwoToTheThirtySecondAreWhole) {
    // A text that starts just below 2^32 lines into its stream: its games, moves (on the fast
    // path: lines of 64 bytes and more) and errors cross the 32-bit boundary, and the stream's
    // line 4,294,967,302 is not reported as line 6.
    constexpr std::uint64_t first = (std::uint64_t{1} << 32) - 3;
    std::string text = "e4 *\n";  // line first
    std::vector<std::uint64_t> expected_moves{first};
    for (std::uint64_t i = 1; i <= 6; ++i) {  // lines first + 1 .. first + 6
        text += "Nf3 Nf6 Ng1 Ng8 Nc3 Nc6 Nb1 Nb8 Nf3 Nf6 Ng1 Ng8 Nc3 Nc6 Nb1 Nb8\n";
        expected_moves.insert(expected_moves.end(), 16, first + i);
    }
    text += "*\n\nd4 (( *\n";  // the third game on line first + 9
    expected_moves.push_back(first + 9);
    WholeLines v;
    parse_games(text, TextOrigin{"f.pgn", 1, TextStart{first, 1, 0}}, v);
    EXPECT_EQ(v.starts, (std::vector<std::uint64_t>{first, first + 1, first + 9}));
    EXPECT_EQ(v.move_lines, expected_moves);
    ASSERT_FALSE(v.errors.empty());
    EXPECT_EQ(v.errors.front(), first + 9);
}

}  // namespace
}  // namespace drawaudit::pgn

namespace drawaudit::pgn {
namespace {

// ReaderLimits: a game past a limit gets one parse error where it is passed, and the next game is
// read as usual, on the fast path and the token-by-token one alike.
TEST(ReaderLimits, MovesPastMaxPliesAreAParseErrorAtTheFirstMoveBeyond) {
    std::string moves;
    for (int i = 1; i <= 150; ++i) moves += std::to_string(i) + ". Nf3 Nf6 ";
    // The same moves with a comment after each, so that the token-by-token path reads them.
    std::string slow;
    for (int i = 1; i <= 150; ++i) slow += std::to_string(i) + ". Nf3 {c} Nf6 {c} ";
    for (const std::string& movetext : {moves, slow}) {
        const std::string text = "[Event \"a\"]\n\n" + movetext + "*\n\n[Event \"b\"]\n\n1. e4 *\n";
        testing::RecordingVisitor v;
        TextOrigin origin{"f.pgn"};
        origin.limits.max_plies = 100;
        EXPECT_EQ(parse_games(text, origin, v), 2u);
        ASSERT_EQ(v.errors.size(), 1u);
        const std::size_t column = movetext.find("51. Nf3") + 5;  // the 101st move
        EXPECT_EQ(v.errors[0], "3:" + std::to_string(column) +
                                   " game longer than 100 plies (--max-plies): the rest of it is "
                                   "not read");
        EXPECT_EQ(std::count_if(v.log.begin(), v.log.end(),
                                [](const std::string& l) { return l.rfind("move ", 0) == 0; }),
                  101);  // 100, and the next game's e4
    }
}

TEST(ReaderLimits, VariationsNestedPastTheLimitAreAParseErrorAtTheFirstParenthesisBeyond) {
    const std::string text =
        "[Event \"a\"]\n\n1. e4 (1. d4 (1. c4 (1. Nf3 (1. b3 *\n\n[Event \"b\"]\n\n1. e4 (1. d4) "
        "*\n";
    for (const bool variations : {true, false}) {
        testing::RecordingVisitor v;
        v.variations = variations;
        TextOrigin origin{"f.pgn"};
        origin.limits.max_variation_depth = 3;
        EXPECT_EQ(parse_games(text, origin, v), 2u);
        ASSERT_EQ(v.errors.size(), 1u) << variations;
        EXPECT_EQ(v.errors[0],
                  "3:29 variations nested deeper than 3 (--max-variation-depth): the rest of the "
                  "game is not read");
    }
}

}  // namespace
}  // namespace drawaudit::pgn

// ---- last tokens that may be termination markers written another way (Visitor::odd_result) ----

namespace drawaudit::pgn {
namespace {

Log parse_taking(std::string_view text, bool take) {
    RecordingVisitor v;
    v.take_odd_results = take;
    return testing::parse_log(text, v);
}

TEST(ReaderOddResult, ALastZeroZeroIsOfferedAndTakenEndsTheGame) {
    EXPECT_EQ(parse_taking("1. e4 e5 0-0\n", true),
              (Log{"begin #1 1:1", "end_tags", "move e4 1:4", "move e5 1:7", "odd 0-0 1:10 taken",
                   "end_game"}));
}

TEST(ReaderOddResult, ALastZeroZeroRefusedIsCastlingAsBefore) {
    EXPECT_EQ(parse_taking("1. e4 e5 0-0\n", false),
              (Log{"begin #1 1:1", "end_tags", "move e4 1:4", "move e5 1:7", "odd 0-0 1:10",
                   "move 0-0 1:10", "end_game"}));
}

TEST(ReaderOddResult, AZeroZeroBeforeOtherMovesIsNotOffered) {
    const Log log = parse_taking("1. e4 e5 2. 0-0 Nf6\n", true);
    EXPECT_EQ(std::count(log.begin(), log.end(), "move 0-0 1:13"), 1);
    EXPECT_TRUE(std::none_of(log.begin(), log.end(),
                             [](const std::string& line) { return line.starts_with("odd"); }));
}

TEST(ReaderOddResult, AScoreWrittenOutIsOfferedBeforeTheNextGame) {
    EXPECT_EQ(parse_taking("1. e4 0.5-0.5\n\n[Event \"b\"]\n\n1. d4 *\n", true),
              (Log{"begin #1 1:1", "end_tags", "move e4 1:4", "odd 0.5-0.5 1:7 taken", "end_game",
                   "begin #2 3:1", "tag Event=b 3:1", "end_tags", "move d4 5:4", "result * 5:7",
                   "end_game"}));
}

TEST(ReaderOddResult, AColonOrHalvesRefusedAreTheSyntaxErrorsAsBefore) {
    for (const std::string_view text : {"1. e4 1:0\n"sv, "1. e4 \u00bd-\u00bd\n"sv}) {
        RecordingVisitor v;
        parse_games(text, TextOrigin{"test.pgn"}, v);
        EXPECT_EQ(v.errors.size(), 1u) << text;
        RecordingVisitor taking;
        taking.take_odd_results = true;
        parse_games(text, TextOrigin{"test.pgn"}, taking);
        EXPECT_TRUE(taking.errors.empty()) << text;
    }
}

TEST(ReaderOddResult, ANumberWithADecimalBeforeMoreMovesIsReadAsBefore) {
    const Log log = parse_taking("1. e4 2.5 e5 *\n", true);  // not the last token: not offered
    EXPECT_EQ(log, (Log{"begin #1 1:1", "end_tags", "move e4 1:4", "move e5 1:11", "result * 1:14",
                        "end_game"}));
}

}  // namespace
}  // namespace drawaudit::pgn
