// The movetext fast path (64-byte windows read as bit masks) on texts long enough for it: every
// token keeps the line, column and offset a plain byte-by-byte count gives, whatever the line
// breaks and wherever the 64-byte windows cut the text.
#include <gtest/gtest.h>

#include <algorithm>
#include <span>
#include <string>
#include <vector>

#include "pgn/reader.hpp"
#include "recording_visitor.hpp"

namespace drawaudit::pgn {
namespace {

using testing::RecordingVisitor;

// Builds a headless game from tokens and separators and the log lines its moves must give,
// counting lines and columns byte by byte ("\r\n" and a lone '\r' are one break each).
struct Expected {
    std::string text;
    std::vector<std::string> moves;  // "move SAN line:column@offset"
    std::uint32_t line = 1;
    std::size_t line_start = 0;

    void add(std::string_view bytes) {
        for (std::size_t i = 0; i < bytes.size(); ++i) {
            text += bytes[i];
            const bool crlf = bytes[i] == '\r' && i + 1 < bytes.size() && bytes[i + 1] == '\n';
            if (bytes[i] == '\n' || (bytes[i] == '\r' && !crlf)) {
                ++line;
                line_start = text.size();
            }
        }
    }
    void move(std::string_view san) {
        moves.push_back("move " + std::string(san) + " " + std::to_string(line) + ":" +
                        std::to_string(text.size() - line_start + 1) + "@" +
                        std::to_string(text.size()));
        text += san;
    }
};

std::vector<std::string> moves_of(const std::string& text) {
    RecordingVisitor v(true);
    parse_games(text, TextOrigin{"f.pgn"}, v);
    std::vector<std::string> moves;
    for (const std::string& entry : v.log) {
        if (entry.starts_with("move ")) moves.push_back(entry);
    }
    return moves;
}

// A long movetext with every kind of separator, after a prefix of each length up to 64, so that
// every token and every line break meets a window edge at every place.
TEST(ReaderFastPath, PositionsAfterEveryKindOfSeparatorAtEveryWindowPlace) {
    const std::vector<std::string_view> separators = {" ",  "\n",  "\r\n", "\r",     "\t",
                                                      "  ", " \n", "\n\n", "\r\r\n", "\f"};
    const std::vector<std::string_view> sans = {"e4",   "Nf3",  "exd5", "O-O",   "Qxe7+",
                                                "Nc6!", "a8=Q", "Rad1", "O-O-O", "Kh1#"};
    for (std::size_t prefix = 0; prefix <= 64; ++prefix) {
        Expected e;
        e.add(std::string(prefix, ' '));
        for (int i = 0; i < 120; ++i) {
            if (i % 2 == 0) {
                e.add(std::to_string(i / 2 + 1) + (i % 6 == 0 ? "." : ". "));
            }
            e.move(sans[static_cast<std::size_t>(i * 7 + static_cast<int>(prefix)) % sans.size()]);
            e.add(separators[static_cast<std::size_t>(i + static_cast<int>(prefix)) %
                             separators.size()]);
        }
        e.add("*\n");
        EXPECT_EQ(moves_of(e.text), e.moves) << "prefix " << prefix;
    }
}

// Move numbers of every shape at every place against a window edge: one that runs into the next
// window is read on there ("12" | ". e4", "1." | "e4"), a digit token that is no move number
// ("0-0", a bare "12") goes to the general code wherever it stands.
TEST(ReaderFastPath, MoveNumbersAndDigitTokensAcrossWindowEdges) {
    for (std::size_t prefix = 0; prefix <= 64; ++prefix) {
        Expected e;
        e.add(std::string(prefix, ' '));
        for (int i = 0; i < 48; ++i) {
            const std::string number = std::to_string(7 + i * 37);
            // What follows the number: its dots and separators, and a castling "0-0" (a digit
            // token that is no number) after the sixth kind.
            constexpr std::string_view after_number[] = {".", ". ", "... ", " ", ".\r\n", ". "};
            e.add(number + std::string(after_number[i % 6]));
            if (i % 6 == 5) e.move("0-0"), e.add(" ");
            e.move(i % 2 == 0 ? "Nf3" : "exd5+");
            e.add(i % 7 == 0 ? "\n" : " ");
        }
        e.add("1-0\n");
        RecordingVisitor v(true);
        parse_games(e.text, TextOrigin{"f.pgn"}, v);
        std::vector<std::string> moves;
        for (const std::string& entry : v.log) {
            if (entry.starts_with("move ")) moves.push_back(entry);
        }
        EXPECT_EQ(moves, e.moves) << "prefix " << prefix;
        EXPECT_EQ(v.errors, std::vector<std::string>{}) << "prefix " << prefix;
        EXPECT_EQ(std::count_if(v.log.begin(), v.log.end(),
                                [](const std::string& s) { return s.starts_with("result 1-0"); }),
                  1)
            << "prefix " << prefix;
    }
}

// Move tokens with bytes that a window does not read whole (no letter, digit or + - = #, or a
// 'Z' / 'z') go token by token, wherever the window edges fall, and read as the general code
// reads them: one token each.
TEST(ReaderFastPath, MovesWithOddBytesAtEveryWindowPlaceAreReadWhole) {
    const std::vector<std::string_view> sans = {"Nz3", "e4!", "Qxf7#", "e8=Q+", "exd6e.p.",
                                                "Ze4", "e4.", "Bb5?!", "O-O",   "R1a7"};
    for (std::size_t prefix = 0; prefix <= 64; ++prefix) {
        Expected e;
        e.add(std::string(prefix, ' '));
        for (int i = 0; i < 90; ++i) {
            if (i % 2 == 0) e.add(std::to_string(i / 2 + 1) + (i % 4 == 0 ? "." : ". "));
            e.move(
                i % 3 == 0
                    ? sans[static_cast<std::size_t>(i / 3 + static_cast<int>(prefix)) % sans.size()]
                    : "Nf3");
            e.add(i % 11 == 0 ? "\n" : " ");
        }
        e.add("*\n");
        EXPECT_EQ(moves_of(e.text), e.moves) << "prefix " << prefix;
    }
}

TEST(ReaderFastPath, TokensLongerThanAWindowAndAcrossTwoEdges) {
    Expected e;
    const std::string long_san = "N" + std::string(70, 'a') + "3";
    for (int i = 0; i < 4; ++i) {
        e.add("1. ");
        e.move(long_san);
        e.add(" ");
        e.move("e4");
        e.add("\n");
    }
    e.add("*\n");
    EXPECT_EQ(moves_of(e.text), e.moves);
}

TEST(ReaderFastPath, OddTokensInLongMovetextReadAsTheGeneralCodeReadsThem) {
    const std::string padding = "1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4. Ba4 Nf6 5. O-O Be7 6. Re1 b5\n";
    RecordingVisitor v;
    parse_games(padding +
                    "7. Bb3 d6 8.c3 O-O 9.h3 e.p. Z0 10.. d4 1.2. exd4 12 cxd4 {c} $1 e4!? +- "
                    "0000 --\r" +
                    padding + "e4) " + padding + "*",
                TextOrigin{"f.pgn"}, v);
    const auto has = [&](std::string_view entry) {
        return std::find(v.log.begin(), v.log.end(), entry) != v.log.end();
    };
    EXPECT_TRUE(has("move c3 2:13"));
    EXPECT_TRUE(has("move h3 2:22"));
    EXPECT_TRUE(has("null Z0 2:30"));
    EXPECT_TRUE(has("move exd4 2:46"));  // "1.2." is two move numbers
    EXPECT_TRUE(has("move cxd4 2:54"));  // "12" without a dot is a move number too
    EXPECT_TRUE(has("comment {c} 2:59"));
    EXPECT_TRUE(has("nag 1 2:63"));
    EXPECT_TRUE(has("move e4!? 2:66"));
    EXPECT_TRUE(has("nag 18 2:71"));
    EXPECT_TRUE(has("null 0000 2:74"));
    EXPECT_TRUE(has("null -- 2:79"));
    EXPECT_TRUE(has("move b5 3:60"));  // after a lone '\r'
    EXPECT_TRUE(has("move e4 4:1"));
    EXPECT_TRUE(has("error 4:3 unbalanced ')': no variation is open"));
    for (const std::string& entry : v.log) EXPECT_FALSE(entry.starts_with("move e.p.")) << entry;
}

TEST(ReaderFastPath, SkipGameFromTheFastPathEndsTheGameAndTheNextIsRead) {
    std::string text;
    for (int i = 1; i <= 20; ++i) text += std::to_string(i) + ". e4 e5\n";
    text += "1-0\n\n";
    const std::string second = "1. d4 d5\r\n2. c4 *\n";
    RecordingVisitor v;
    v.skip_after_move = "e5";
    parse_games(text + second, TextOrigin{"f.pgn"}, v);
    std::vector<std::string> after_skip;
    bool skipped = false;
    for (const std::string& entry : v.log) {
        if (skipped) after_skip.push_back(entry);
        if (entry.starts_with("move e5")) skipped = true;
    }
    EXPECT_EQ(after_skip, (std::vector<std::string>{"end_game", "begin #2 23:1", "end_tags",
                                                    "move d4 23:4", "move d5 23:7", "move c4 24:4",
                                                    "result * 24:7", "end_game"}));
}

// A visitor that takes the fast path's runs of moves itself (Visitor::moves) and logs each run;
// the general code (the last 64 bytes of a text, odd tokens) still calls move().
class RunVisitor : public Visitor {
  public:
    std::vector<std::string> seen;    // every move, in the order handed over
    std::size_t runs = 0;             // moves() calls
    std::size_t moves_in_runs = 0;    // moves handed over by them
    std::vector<std::string> events;  // "moves N", "move SAN", "comment"

    Control moves(std::span<const MoveToken> run) override {
        ++runs;
        moves_in_runs += run.size();
        for (const MoveToken& token : run) seen.emplace_back(token.san);
        events.push_back("moves " + std::to_string(run.size()));
        return Control::Continue;
    }
    Control move(std::string_view san, TextPos) override {
        seen.emplace_back(san);
        events.push_back("move " + std::string(san));
        return Control::Continue;
    }
    void comment(std::string_view, TextPos) override { events.push_back("comment"); }
};

TEST(ReaderFastPath, RunsOfMovesHoldEveryMoveInOrder) {
    std::string text;
    std::vector<std::string> expected;
    for (int i = 1; i <= 100; ++i) {
        text += std::to_string(i) + ". Nf3 Nf6 ";
        expected.insert(expected.end(), {"Nf3", "Nf6"});
    }
    text += "1/2-1/2\n";
    RunVisitor v;
    parse_games(text, TextOrigin{"f.pgn"}, v);
    EXPECT_EQ(v.seen, expected);
    EXPECT_GT(v.runs, 1u) << "200 moves are handed over in several runs";
    EXPECT_GT(v.moves_in_runs, 180u) << "all but the last 64 bytes' moves come in runs";
}

TEST(ReaderFastPath, AMoveRunEndsBeforeACommentAndTheOrderOfEventsIsKept) {
    std::string text;
    for (int i = 1; i <= 10; ++i) text += std::to_string(i) + ". Nf3 Nf6 ";
    text += "{a remark} ";
    for (int i = 11; i <= 20; ++i) text += std::to_string(i) + ". Ng1 Ng8 ";
    text += "*\n";
    RunVisitor v;
    parse_games(text, TextOrigin{"f.pgn"}, v);
    const auto comment = std::find(v.events.begin(), v.events.end(), "comment");
    ASSERT_NE(comment, v.events.end());
    std::size_t before = 0;
    for (auto it = v.events.begin(); it != comment; ++it) {
        if (it->starts_with("moves ")) before += std::stoul(it->substr(6));
        if (it->starts_with("move ")) ++before;
    }
    EXPECT_EQ(before, 20u) << "every move before the comment is handed over before it";
}

TEST(ReaderFastPath, RunsOfAVeryLongGameHoldEveryMoveInOrder) {
    std::string text;
    std::vector<std::string> expected;
    for (int i = 1; i <= 600; ++i) {
        const std::string white = i % 2 == 0 ? "Nf3" : "Ng1";
        const std::string black = "R" + std::string(1, static_cast<char>('a' + i % 8)) + "8";
        text += std::to_string(i) + "." + white + " " + black + (i % 5 == 0 ? "\r\n" : " ");
        expected.insert(expected.end(), {white, black});
    }
    text += "1/2-1/2\n";
    RunVisitor v;
    parse_games(text, TextOrigin{"f.pgn"}, v);
    EXPECT_EQ(v.seen, expected);
    EXPECT_GT(v.runs, 4u) << "1200 moves fill several runs";
}

// A SkipGame from a run handed over in the middle of a long game (the run is full) skips the
// rest of that game, and nothing of the next is lost.
TEST(ReaderFastPath, SkipGameFromAFullRunEndsTheGameAndTheNextIsRead) {
    std::string text = "1. e4 e5 2. Nf3 Nc6\n";
    for (int i = 3; i <= 150; ++i) text += std::to_string(i) + ". Bb5 Ba6 ";
    text += "1-0\n\n";
    const std::string second = "1. d4 d5\r\n2. c4 *\n";
    RecordingVisitor v;
    v.skip_after_move = "Nf3";
    parse_games(text + second, TextOrigin{"f.pgn"}, v);
    std::vector<std::string> after_skip;
    bool skipped = false;
    for (const std::string& entry : v.log) {
        if (skipped) after_skip.push_back(entry);
        if (entry.starts_with("move Nf3")) skipped = true;
    }
    EXPECT_EQ(after_skip,
              (std::vector<std::string>{"end_game", "begin #2 4:1", "end_tags", "move d4 4:4",
                                        "move d5 4:7", "move c4 5:4", "result * 5:7", "end_game"}));
}

TEST(ReaderFastPath, TheDefaultRunHandlerStopsAtTheFirstSkipGame) {
    // Visitor::moves as the reader's plain visitors get it: move() for each, up to a SkipGame.
    RecordingVisitor v;
    v.skip_after_move = "b";
    const std::vector<MoveToken> run{{"a", {}}, {"b", {}}, {"c", {}}};
    EXPECT_EQ(v.moves(run), Control::SkipGame);
    EXPECT_EQ(v.log, (std::vector<std::string>{"move a 0:0", "move b 0:0"}));
}

}  // namespace
}  // namespace drawaudit::pgn

namespace drawaudit::pgn {
namespace {

// Records everything but comments, which it declines (Visitor::wants_comments).
class NoComments final : public testing::RecordingVisitor {
  public:
    NoComments() : RecordingVisitor(true) {}
    bool wants_comments() const override { return false; }
};

std::vector<std::string> without_comments(std::vector<std::string> log) {
    log.erase(
        std::remove_if(log.begin(), log.end(),
                       [](const std::string& line) { return line.rfind("comment ", 0) == 0; }),
        log.end());
    return log;
}

// The fast path skips the comments a visitor declines and reads on: the same moves, positions,
// errors and game texts as when they are reported, in the Lichess layout and around its edges.
TEST(FastPath, DeclinedCommentsChangeNothingButTheCommentCallbacks) {
    std::string lichess;
    for (int game = 1; game <= 40; ++game) {
        lichess += "[Event \"Rated Blitz game\"]\n[Site \"https://lichess.org/x" +
                   std::to_string(game) + "\"]\n[Result \"1-0\"]\n\n";
        for (int move = 1; move <= 30; ++move) {
            lichess += std::to_string(move) + ". e4 { [%clk 0:03:0" + std::to_string(move % 10) +
                       "] } " + std::to_string(move) + "... e5 { [%clk 0:02:5" +
                       std::to_string(game % 10) + "] [%eval 0.17] } ";
        }
        lichess += "1-0\n\n";
    }
    const std::string edges =
        "[Event \"a\"]\n\n1. e4 {two\nlines} e5 {x}{y} 2. Nf3 {} Nc6 {a { b} 3. Bb5 *\n\n"
        "[Event \"b\"]\n\n1. e4 {unterminated\n[Event \"c\"]\n\n1. d4 {}d5 {\r\n} 2. c4 *\n"
        "[Event \"d\"]\n\n1. e4 { the end";
    for (const std::string& text : {lichess, edges, lichess + edges}) {
        RecordingVisitor wanted(true);
        parse_games(text, TextOrigin{"f.pgn"}, wanted);
        NoComments declined;
        parse_games(text, TextOrigin{"f.pgn"}, declined);
        EXPECT_EQ(declined.log, without_comments(wanted.log));
        EXPECT_EQ(declined.errors, wanted.errors);
        EXPECT_EQ(declined.game_texts, wanted.game_texts);
        EXPECT_EQ(std::count_if(declined.log.begin(), declined.log.end(),
                                [](const std::string& l) { return l.rfind("comment", 0) == 0; }),
                  0);
    }
}

// The fast path folds the brace comments of a window into separators when the visitor declines
// them: every kind of comment, at every place against a window edge, gives the same moves,
// positions, errors and game texts as when the comments are reported (nested-looking braces,
// a stray '}', comments glued to moves and numbers, line breaks and tabs inside, one that runs
// past a window, empty ones).
TEST(FastPath, FoldedCommentsAtEveryWindowPlaceChangeNothingButTheCommentCallbacks) {
    const std::string_view clock = "{ [%clk 0:03:00] }";
    const std::vector<std::string_view> odd_comments = {
        "{}",
        "{a { b}",
        "{x}}",
        "{two\nlines}",
        "{tab\there}",
        "{cr\r\n}",
        "{ 12. Nf3 }",
        "{;}",
        "{(}",
        "{%}",
        "{lost\n[Event \"b\"] }",
        "{ [%eval 0.17] [%clk 0:00:59] a long remark that runs past one window of 64 bytes }"};
    // Between move and comment, and after the comment: a space, nothing, a line break.
    const std::vector<std::string_view> glue = {" ", "", "\n", " ", " "};
    for (const std::string_view odd : odd_comments) {
        for (std::size_t prefix = 0; prefix <= 64; ++prefix) {
            std::string text = "[Event \"a\"]\n\n" + std::string(prefix, ' ');
            for (int i = 0; i < 60; ++i) {
                if (i % 2 == 0) text += std::to_string(i / 2 + 1) + (i % 8 == 0 ? "." : ". ");
                text += i % 4 == 1 ? "Nf3" : i % 4 == 3 ? "Nf6" : i % 8 < 4 ? "Ng1" : "Ng8";
                const std::size_t k = static_cast<std::size_t>(i) + prefix;
                text += glue[k % glue.size()];
                text += i % 5 == 2 ? odd : clock;
                const std::string_view after = glue[(k / 2) % glue.size()];
                text += after.empty() && i % 2 == 1 ? std::string_view(" ") : after;
            }
            text += " *\n";
            RecordingVisitor wanted(true);
            parse_games(text, TextOrigin{"f.pgn"}, wanted);
            NoComments declined;
            parse_games(text, TextOrigin{"f.pgn"}, declined);
            EXPECT_EQ(declined.log, without_comments(wanted.log)) << odd << ", prefix " << prefix;
            EXPECT_EQ(declined.errors, wanted.errors) << odd << ", prefix " << prefix;
            EXPECT_EQ(declined.game_texts, wanted.game_texts) << odd << ", prefix " << prefix;
        }
    }
}

}  // namespace
}  // namespace drawaudit::pgn
