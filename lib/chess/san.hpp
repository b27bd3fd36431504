// Standard Algebraic Notation: lenient reading of what real PGN files contain, canonical writing.
#pragma once

#include <cstddef>
#include <cstdint>
#include <span>
#include <string>
#include <string_view>

#include <tl/expected.hpp>

#include "chess/position.hpp"

namespace drawaudit::chess {

enum class SanErrorKind {
    Syntax,     // not a SAN move at all ("Nx", "e9", "K@e4")
    Illegal,    // well formed, but no legal move matches
    Ambiguous,  // several legal moves match and the text does not say which
};

// Why a SAN token was refused, as a value: lib/report's catalog words it in each language
// (RULES.md "Spanish notation": no English inside a Spanish sentence).
enum class SanRefusal : std::uint8_t {
    TooShort,                    // "e"
    NotCastling,                 // "O-X"
    NoPieceLetterOrFile,         // "9e4"
    NoSquareAtEnd,               // "Nf"
    UnknownPieceLetter,          // "Xe4"
    UnexpectedCharacter,         // "N%e4"
    UnexpectedInPawnCapture,     // "exyd5"
    NoCastlingRight,             // O-O without the right
    CastlingBlocked,             // O-O through check or pieces
    SquareOccupied,              // a pawn push onto a piece
    NoPawnCanAdvance,            // no pawn behind the square
    PawnCapturesOnAdjacentFile,  // "ae5"
    NoPawnCanCapture,            // a capture from beyond the board
    NoPawnToCaptureWith,         // no pawn on the capturing square
    EnPassantIsNoPromotion,      // "exd6=Q" en passant
    EnPassantExposesKing,        // the en-passant capture uncovers a check
    NothingToCapture,            // a pawn capture onto an empty square
    PawnMustPromote,             // "e8" without a piece
    OnlyLastRankPromotes,        // "e6=Q"
    OnlyPawnPromotes,            // "Ne8=Q"
    LeavesKingInCheck,           // a pinned piece or an ignored check
    KingCannotReach,             // "Kd5" from e1
    OwnPieceOnSquare,            // the destination holds a piece of the mover
    KingWouldBeInCheck,          // the king steps into check
    NoPieceCanReach,             // SanError::piece names the piece
    SeveralPiecesCanMove,        // ambiguous; SanError::piece names the piece
};
inline constexpr int SanRefusalCount = 26;

struct SanError {
    SanErrorKind kind;
    SanRefusal refusal;
    PieceType piece = PieceType::None;  // NoPieceCanReach, SeveralPiecesCanMove
    std::string san;                    // the token refused (allocated only on error)
};

// A short stable name of a refusal ("no-piece-can-reach") for logs and test messages.
std::string_view san_refusal_id(SanRefusal refusal);

namespace detail {
// parse_san's two halves (san.cpp). The short path: the move the common shapes of real games
// name (e4, exd5, Nf3, Nbxd2, Kxe2, each with an optional '+' or '#'), or the null move for
// every other text and every refusal. The general reader: everything else, with the reason of
// a refusal.
Move resolve_common_san(const Position& pos, const char* text, std::size_t size);
tl::expected<Move, SanError> parse_san_general(const Position& pos, std::string_view san);
}  // namespace detail

// Reads one SAN token. Accepts O-O / 0-0 / O-O-O / 0-0-0, trailing + # ! ? glyphs, "e.p.",
// promotions with or without '=', lower-case promotion letters, over-disambiguation (Ngf3,
// Ng1f3), and the king-takes-rook castling form. No allocation unless it fails. Inline, so
// that the short path returns its move in a register and the caller builds the result.
inline tl::expected<Move, SanError> parse_san(const Position& pos, std::string_view san) {
    const Move m = detail::resolve_common_san(pos, san.data(), san.size());
    if (!m.is_null()) return m;
    return detail::parse_san_general(pos, san);
}

// Resolves `san` in `before` exactly as parse_san does and writes the position after the move
// into `after` (must not alias `before`); returns the move. On an error `after` is unspecified.
// The same as parse_san, then `after = before; after.make_move(m);`, in one call: the short
// path of the resolution, the copy and make_move's body are one function (no second call, no
// second save of registers, no Move passed through tl::expected).
tl::expected<Move, SanError> play_san(const Position& before, std::string_view san,
                                      Position& after);

// play_san for a run of moves in one call (the replay of a database: no call and no save of
// registers per move): plays sans[i] from the position in slot i into slot i + 1, its move into
// moves[i], for each i up to the first text that is no legal move there, and returns how many
// were played (play_san or parse_san then tell why the next one is refused). Slot i is the
// Position at `first` + i * `stride` bytes, so that the positions may be members of larger
// records (stride: the record's size; the Position at the same offset in each).
// The texts may be members of larger records too: text i is the string_view at `first_san` +
// i * `san_stride` bytes (the reader's move tokens, read in place rather than copied out).
std::size_t play_san_run(const std::string_view* first_san, std::size_t san_stride,
                         std::size_t count, Position* first, std::size_t stride, Move* moves);
inline std::size_t play_san_run(std::span<const std::string_view> sans, Position* first,
                                std::size_t stride, Move* moves) {
    return play_san_run(sans.data(), sizeof(std::string_view), sans.size(), first, stride, moves);
}

// Longest canonical SAN, e.g. "Qa1xb2=Q#" fits comfortably.
inline constexpr std::size_t MaxSanLength = 12;

// Writes canonical SAN (minimal disambiguation, '+' or '#') into `out` (at least MaxSanLength
// bytes); returns the length. `m` must be legal in `pos`.
std::size_t write_san(const Position& pos, Move m, char* out);
std::string to_san(const Position& pos, Move m);

// UCI long algebraic (e2e4, e7e8q; castling as king to g/c-file, or king-takes-rook in Chess960).
std::string to_uci(const Position& pos, Move m);

}  // namespace drawaudit::chess
