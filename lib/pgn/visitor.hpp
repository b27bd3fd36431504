// The visitor interface of the PGN reader: typed callbacks with string_views into the reader's
// buffer (valid only during the callback), every token located by line and column.
#pragma once

#include <cstddef>
#include <cstdint>
#include <span>
#include <string_view>

#include "pgn/io_error.hpp"

namespace drawaudit::pgn {

// Where a token stands: 1-based line and column (in bytes), and the byte offset in the
// decompressed input. `line` is the line number modulo 2^32, so that the reader's fast path can
// pack it with the column in one word; a stream of several Lichess months has more lines than
// that. A game spans far fewer (it is at most kMaxGameBytes long), so the whole number of any
// line in a game follows from the game's first: GameStart::line and whole_line() below.
struct TextPos {
    std::uint32_t line = 0;
    std::uint32_t column = 0;
    std::uint64_t offset = 0;
};

struct GameStart {
    std::string_view file;   // the source's name as given
    std::uint64_t game = 0;  // 1-based index of the game in its file
    TextPos pos;             // of the game's first token (its first tag, normally)
    std::uint64_t line = 0;  // the whole line number of pos (pos.line is it modulo 2^32)
};

// The whole line number of a position in the game that began at `start` (pos is not before it).
constexpr std::uint64_t whole_line(const GameStart& start, TextPos pos) {
    return start.line + static_cast<std::uint32_t>(pos.line - start.pos.line);
}

// Why the reader stopped reading a game, as a value: lib/report's catalog words it in each
// language (RULES.md "Spanish notation": no English inside a Spanish sentence).
enum class PgnProblem : std::uint8_t {
    TagWithoutName,
    TagValueNotOpened,
    TagValueNotClosed,
    UnknownTokenInMoves,
    UnknownToken,
    NonAsciiToken,
    UnterminatedComment,
    UnterminatedVariation,
    UnterminatedVariationAtMarker,
    UnbalancedParenthesis,
    UnbalancedBrace,
    BadNag,
    TooManyPlies,
    TooDeep,
    GameTooLong,
    InputEndsInsideGame,
};
inline constexpr int PgnProblemCount = 16;

// A short stable name of a problem ("unbalanced-brace") for logs and test messages.
std::string_view pgn_problem_id(PgnProblem problem);

struct ParseError {
    TextPos pos;
    PgnProblem problem{};
    std::uint64_t limit = 0;  // TooManyPlies, TooDeep: the limit passed
    std::string_view detail;  // InputEndsInsideGame: the source's failure ("zstd: ...")
    IoCause io_cause{};       // InputEndsInsideGame: the same as values
};

enum class Control { Continue, SkipGame };

// A move token as the reader hands over runs of them (Visitor::moves).
struct MoveToken {
    std::string_view san;
    TextPos pos;
};

struct ReaderAccess;

class Visitor {
  public:
    virtual ~Visitor() = default;

    // Nesting depth of the token being reported: 0 on the main line, 1 inside a variation, 2
    // inside a variation of a variation... (set by the reader before each callback).
    std::uint32_t depth() const { return depth_; }
    // Asked at the start of every game. False: the reader skips variations quickly (checking only
    // that their parentheses, braces and the game's end are where they should be) and reports
    // nothing from inside them: no begin/end_variation, no moves, comments or NAGs at depth > 0.
    virtual bool wants_variations() const { return true; }
    // Asked at the start of every game. False: the reader skips comments (checking only where
    // they end) and reports none, which lets its fast path read on across them: in the layout of
    // Lichess's exports, a clock comment after every move, that is most of the reading.
    virtual bool wants_comments() const { return true; }

    virtual void begin_game(const GameStart&) {}
    // `raw_value` is the text between the quotes with escapes still in place; unescape_tag()
    // turns it into the value.
    virtual void tag(std::string_view /*name*/, std::string_view /*raw_value*/, TextPos) {}
    // Called once before the first movetext token (also when the game has no tags). SkipGame
    // skips the movetext: the reader still finds the game's end, then calls end_game.
    // Called exactly once for every game, also for a game without movetext and right after the
    // parse_error of a broken tag section, so begin_game / end_tags / end_game always pair up.
    virtual Control end_tags() { return Control::Continue; }
    // A SAN (or other move) token of the main line or of a variation (depth() > 0); move number
    // indications are not reported. Move-suffix glyphs (!, ?, !?) stay attached to `san`.
    virtual Control move(std::string_view /*san*/, TextPos) { return Control::Continue; }
    // Move tokens that follow each other at one depth with nothing but move numbers and
    // separators between them: the same as move() for each in turn, up to the first SkipGame
    // (the rest of the run goes with the skipped game). The reader's fast path hands its moves
    // over this way, one call per run instead of one per move, so that a visitor can replay a
    // run in one loop.
    virtual Control moves(std::span<const MoveToken> run) {
        for (const MoveToken& token : run)
            if (move(token.san, token.pos) == Control::SkipGame) return Control::SkipGame;
        return Control::Continue;
    }
    // A null move token ("--", "Z0", "0000", "@@@@").
    virtual Control null_move(std::string_view /*token*/, TextPos) { return Control::Continue; }
    virtual void comment(std::string_view /*text*/, TextPos) {}
    virtual void nag(int /*value*/, TextPos) {}
    virtual void begin_variation(TextPos) {}
    virtual void end_variation(TextPos) {}
    // The game termination marker of the movetext: "1-0", "0-1", "1/2-1/2" or "*".
    virtual void result(std::string_view /*marker*/, TextPos) {}
    // The last token of the main line's movetext when it may be a termination marker written
    // another way: "0-0" (also castling), "1:0", "0.5-0.5", "½-½", or any token the reader
    // cannot read as anything else. The reader decides nothing: true takes it as the game's
    // marker (the game ends there); false reads it as before (a move, or a syntax error).
    virtual bool odd_result(std::string_view /*token*/, TextPos) { return false; }
    // A syntax error; the reader then skips to the next game and calls end_game().
    virtual void parse_error(const ParseError&) {}
    // `text` is the game's whole source text, from its first token to the end of its termination
    // marker (or to where the next game starts), so writers can copy it unchanged.
    virtual void end_game(std::string_view /*text*/) {}

  private:
    friend struct ReaderAccess;
    std::uint32_t depth_ = 0;
};

}  // namespace drawaudit::pgn
