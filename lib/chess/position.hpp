// A chess position with legal move generation and the FIDE repetition key (RULES.md, "Same
// position"). Copy-make: `Position next = pos; next.make_move(m);`. No I/O, no allocation in
// move generation or make_move.
#pragma once

#include <cstddef>
#include <cstdint>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include <tl/expected.hpp>

#include "chess/types.hpp"

namespace drawaudit::chess {

// Castling rights, per side and wing, as the square of the rook that may castle (NoSquare: no
// right). In standard chess these are the corner rooks; in Chess960 any rook on the back rank
// (X-FEN/Shredder-FEN). A right is kept while king and rook are unmoved and the rook uncaptured,
// whether or not castling is possible right now (9.2.2).
struct CastlingRights {
    // rook[colour][0] = king side (towards the h-file), rook[colour][1] = queen side.
    Square rook[2][2] = {{NoSquare, NoSquare}, {NoSquare, NoSquare}};

    constexpr bool any() const {
        return rook[0][0] != NoSquare || rook[0][1] != NoSquare || rook[1][0] != NoSquare ||
               rook[1][1] != NoSquare;
    }
    constexpr bool operator==(const CastlingRights&) const = default;
};

// Why a FEN was refused (FenError) or what from_fen repaired (FenRepair), as a value: lib/report's
// catalog words it in each language (RULES.md "Spanish notation": no English inside a Spanish
// sentence). The comment names the values of FenReason each one sets.
enum class FenProblem : std::uint8_t {
    // Refusals.
    TooManyFields,         // more than 6 fields
    TooFewFields,          // number (the fields given)
    RankSquares,           // rank, number: a rank of other than 8 squares
    RankOverflow,          // rank: more than 8 squares
    TooManyRanks,          // more than 8 ranks
    RankCount,             // number (the ranks given)
    PlacementCharacter,    // letter
    KingCount,             // colour, number
    PawnCount,             // colour, number
    PieceCount,            // colour, number
    TooManyPromoted,       // colour, number (the missing pawns)
    PawnOnBackRank,        // (none)
    SideToMove,            // text (the field)
    CastlingCharacter,     // letter
    EnPassantField,        // text (the field)
    SideNotToMoveInCheck,  // colour
    // Repairs.
    CastlingKingOffRank,    // letter, colour
    CastlingNoRookOnRank,   // letter, colour
    CastlingKingOffSquare,  // letter, colour, square (e1 or e8)
    CastlingNoRookOn,       // letter, colour, square (the corner)
    CastlingWingTaken,      // letter, colour, square (the rook that already castles there)
    EnPassantRank,          // square, colour (the side that would have pushed)
    EnPassantNoPawn,        // square, colour, other (where its pawn must stand)
    EnPassantPathOccupied,  // square
    ClocksMissing,          // (none)
    MoveNumberMissing,      // (none)
    HalfmoveNotNumber,      // text
    HalfmoveTooLarge,       // text, number (the largest allowed)
    MoveNumberNotPositive,  // text
    MoveNumberTooLarge,     // text, number (the largest allowed)
};
inline constexpr int FenProblemCount = 30;
// The first repair: the kinds before it are refusals.
inline constexpr FenProblem kFirstFenRepair = FenProblem::CastlingKingOffRank;

struct FenReason {
    FenProblem problem{};
    Color colour = Color::White;
    char letter = 0;           // a placement or castling character
    Square square = NoSquare;  // a rook's, king's or en-passant square
    Square other = NoSquare;   // EnPassantNoPawn: the pawn's square
    int rank = 0;              // 1 to 8
    int number = 0;            // a count, or kMaxFenClock
    std::string text{};        // a field as given (allocated only on a refusal or a repair)
    bool operator==(const FenReason&) const = default;
};

// A short stable name of a problem ("rank-squares") for logs and test messages.
std::string_view fen_problem_id(FenProblem problem);

// Why a FEN was refused.
struct FenError : FenReason {};

// A carelessness of an exporter that from_fen repaired (reported as `fen-repaired`).
struct FenRepair : FenReason {};

// The largest halfmove clock and move number a FEN may give; larger ones are repaired down to it.
// Far past any game (the longest possible one has under 6,000 moves), and small enough that no
// game's plies can make either overflow an int.
inline constexpr int kMaxFenClock = 1'000'000;

struct FenOptions {
    bool chess960 = false;  // read castling letters as Chess960 rights (X-FEN / Shredder-FEN)
    // Without it, a file letter naming a real back-rank rook that standard chess cannot castle
    // with (e.g. "D" with the king on f1) still makes the position Chess960; KQkq with the king
    // or rook off its standard square are dropped as a repair instead (see fen.cpp).
    // Accept more promoted-looking pieces than missing pawns, and more than 8 pawns a side
    // (composed positions, which no game reaches but whose winnability is still well defined:
    // two lines of dead/chasolver-positions.txt have nine white pawns). Every other check stays
    // (one king each, at most 16 men a side, no pawn on a back rank, the side not to move not
    // in check); MoveList holds the moves of any such position (types.hpp). The audit's
    // reading of games never sets it.
    bool allow_unreachable_material = false;
    // EPD-style positions (drawaudit winnable): four fields are a whole position, and missing
    // clocks are set to 0 and 1 without a repair; two (placement and side to move) are one
    // without castling rights or en passant (a line of dead/d3chess-test-vector.txt). Clocks
    // that are given are still checked and repaired as in a FEN tag.
    bool clocks_optional = false;
};

class Position;
struct ParsedFen;
struct SanError;

namespace detail {
// SAN reading's castling (for san.cpp; in movegen.cpp, with the castling rule): when the side to
// move may castle on `wing` (0 king side, 1 queen side; the rule of is_legal), writes the position
// after it into `after` and returns the move; otherwise returns the null move and leaves `after`
// alone.
Move play_castling(const Position& before, int wing, Position& after);
// play_san_run's common path for one move (san.cpp): the move of `san` played from `before` into
// `after` when the text has one of the common shapes and names a legal move; otherwise the null
// move, and `after` left alone.
Move play_common_san(const Position& before, std::string_view san, Position& after);
}  // namespace detail

class Position {
  public:
    // An empty board (no kings: not a playable position); use startpos() or from_fen().
    Position() {
        for (Piece& p : board_) p = NoPiece;
    }

    // The standard initial position.
    static Position startpos();
    // Reads FEN, X-FEN and Shredder-FEN. Refuses what cannot be a position (field syntax, king
    // counts, pawns on the back rank, the side not to move in check); repairs castling rights the
    // pieces cannot have, an impossible en-passant square and missing clock fields, each listed
    // in ParsedFen::repairs.
    static tl::expected<ParsedFen, FenError> from_fen(std::string_view fen,
                                                      FenOptions options = {});

    // FEN of the position; the en-passant field names a square only when an en-passant capture
    // is legal (so equal FENs mean equal positions). Chess960 rights are written as X-FEN
    // (KQkq for the outermost rook, the file letter otherwise).
    std::string to_fen() const;
    // The first four FEN fields only: placement, side, castling, legal en passant.
    std::string to_position_fen() const;

    Color side_to_move() const { return side_; }
    Piece piece_on(Square s) const { return board_[s]; }
    Bitboard occupied() const { return by_color_[0] | by_color_[1]; }
    Bitboard pieces(Color c) const { return by_color_[index_of(c)]; }
    Bitboard pieces(PieceType t) const { return by_type_[index_of(t)]; }
    Bitboard pieces(Color c, PieceType t) const {
        return by_color_[index_of(c)] & by_type_[index_of(t)];
    }
    Square king_square(Color c) const { return lsb(pieces(c, PieceType::King)); }
    const CastlingRights& castling_rights() const { return castling_; }
    bool is_chess960() const { return chess960_; }

    // Half-moves since the last capture or pawn move (9.3); the move number of the FEN.
    int halfmove_clock() const { return halfmove_clock_; }
    int fullmove_number() const { return fullmove_number_; }

    // The square a pawn just passed with a double push (NoSquare otherwise), whether or not it
    // can be captured there.
    Square double_push_square() const { return ep_square_; }
    // True when the side to move has a legal en-passant capture (9.2.2.1).
    bool has_legal_en_passant() const { return ep_legal_; }

    Bitboard checkers() const { return checkers_; }
    bool in_check() const { return checkers_ != 0; }
    // Pieces of both colours attacking `s` with the given occupancy (x-rays not included).
    Bitboard attackers_to(Square s, Bitboard occupancy) const;
    Bitboard attackers_to(Square s) const { return attackers_to(s, occupied()); }
    // Pieces of colour `c` that are pinned to c's own king (moving off the line exposes it).
    Bitboard pinned(Color c) const;
    // The sliders of `c` on the empty-board lines of `s` that move along them: rooks and queens
    // on its ranks and files, bishops and queens on its diagonals. Those with nothing between
    // attack `s` (sliders_reaching, or the between table, decides). Inline in position_moves.hpp.
    Bitboard line_sliders(Square s, Color c) const;

    void generate_legal(MoveList& list) const;
    // Cheaper than generating: stops at the first legal move.
    bool has_legal_move() const;
    bool is_checkmate() const { return in_check() && !has_legal_move(); }
    bool is_stalemate() const { return !in_check() && !has_legal_move(); }
    // Whether `m` (any 16-bit value) is a legal move here.
    bool is_legal(Move m) const;
    // The number of legal moves, without building a list (perft's bulk count).
    int count_legal_moves() const;

    // Plays a legal move (undefined for an illegal one).
    void make_move(Move m);
    // The position after the legal move `m` from `before`: `Position p = before;
    // p.make_move(m);` in one step that, for an ordinary move, reads only `before`, never the
    // copy it has just written (the searches make every child this way; reading the copy back
    // waits on its stores).
    static Position after_move(const Position& before, Move m);
    // For an ordinary move (MoveKind::Normal, touching no square of a castling right, after no
    // possible en passant, and giving the other side none), the key and the checkers of the
    // position after the legal move `m` without making it; false for every other move (make
    // it). A search that only needs those of most children it makes (the best-first search)
    // spares the copy and the make; both come from the same code as make_move's.
    bool ordinary_move_outcome(Move m, std::uint64_t& key, Bitboard& checkers) const;

    // A capture (including en passant), a pawn move or a promotion: resets the halfmove clock
    // and makes every earlier position unrepeatable.
    bool is_zeroing(Move m) const;
    bool is_capture(Move m) const;
    PieceType moved_piece_type(Move m) const { return type_of(board_[m.from()]); }

    // Zobrist key of the FIDE position (9.2.2): side to move, pieces, castling rights, and the
    // en-passant file only when an en-passant capture is legal. Equal positions have equal keys;
    // confirm a key match with same_position() before acting on it.
    std::uint64_t key() const { return key_; }
    // Exact comparison of the four parts of 9.2.2 (never a hash).
    bool same_position(const Position& other) const;

    // Null-move counters, clocks and the key are kept consistent by make_move; these let a FEN
    // reader or a test build positions square by square.
    bool operator==(const Position& other) const = delete;

  private:
    // A position whose fields are all about to be written (after_move): not even the board's
    // empty squares set.
    struct Unset {};
    explicit Position(Unset) {}

    friend struct PositionBuilder;  // FEN reading (position.cpp)
    friend struct MoveGenerator;    // legal move generation (movegen.cpp)
    // SAN reading and copy-make in one pass (san.cpp, with position_moves.hpp).
    friend tl::expected<Move, SanError> play_san(const Position& before, std::string_view san,
                                                 Position& after);
    friend std::size_t play_san_run(std::span<const std::string_view> sans, Position* first,
                                    std::size_t stride, Move* moves);
    friend Move detail::play_castling(const Position& before, int wing, Position& after);
    friend Move detail::play_common_san(const Position& before, std::string_view san,
                                        Position& after);

    void put_piece(Piece p, Square s);
    void remove_piece(Square s);
    void move_piece(Square from, Square to);
    void drop_castling_right(Color c, int wing);
    void update_castling_squares();
    void update_checkers();
    // Whether a normal move from `from` to `to` needs make_normal_move_rare: it touches a square
    // that holds a castling right, or follows a possible en passant.
    bool touches_rights_or_en_passant(std::size_t from, std::size_t to) const;
    // make_move's body (position_moves.hpp): inline in make_move and in play_san.
    void make_move_inline(Move m);
    // Its body for a move of MoveKind::Normal (play_san's short path knows the kind), played
    // from `before` into *this, which is either `before` itself or already a copy of it.
    void make_normal_move_inline(const Position& before, std::size_t from, std::size_t to);
    // `*this = before; make_normal_move_inline(before, from, to);` (play_san and play_san_run):
    // the make reads only `before`, never the copy it has just written.
    void copy_make_normal_move(const Position& before, std::size_t from, std::size_t to);
    // make_normal_move_inline's common path, the move played from `before` into *this, which
    // is either `before` itself or already a copy of it.
    void play_common_normal_move(const Position& before, std::size_t from, std::size_t to);
    // Its key and its checkers (of the side then to move) after the ordinary move of piece
    // `moving` from `from` to `to` (`to_bb` its bit) by side `us`, taking `captured` (NoPiece:
    // none), with the mover's and the other side's men after it `ours` and `theirs`
    // (position_moves.hpp).
    // Whether, after a double push of pawn `moving` past `passed` in `before`, a pawn of side
    // `them` (the other side's index) stands where it could capture en passant (9.2.2.1: only
    // then is the capture's legality looked into).
    static bool pawn_beside_passed(const Position& before, std::size_t moving, std::size_t passed,
                                   std::size_t them);
    static std::uint64_t ordinary_move_key(const Position& before, std::size_t moving,
                                           std::size_t captured, std::size_t from, std::size_t to);
    static Bitboard ordinary_move_checkers(const Position& before, std::size_t moving,
                                           std::size_t from, std::size_t to, Bitboard to_bb,
                                           Color us, Bitboard ours, Bitboard theirs);
    // make_move for promotion, en passant, rights and a previous en-passant chance (castling it
    // hands to make_castling_move).
    void make_move_general(Move m);
    // make_move for castling (king on `from` takes own rook on `to`; position_moves.hpp).
    void make_castling_move(Square from, Square to);
    // Ends the rights a move from `from` to `to` ends (9.2.2.2), before the move is played.
    void end_castling_rights(Square from, Square to);
    // make_normal_move_inline for a move that touches a castling right or follows a possible
    // en passant: ends those, then make_normal_move_inline.
    // (A Move rather than two squares: the common path's code is then that of a call to
    // make_move_general, measured the cheaper.)
    void make_normal_move_rare(Move m);
    // Whether the pawn of the side to move on `from` may capture en passant on ep_square_
    // without leaving its king attacked (every pin, including the rank pin of 9.2.2.1's note).
    bool en_passant_capture_is_legal(Square from) const;
    // Sets ep_legal_ and its key part for the side to move (after a double push or a FEN).
    void update_en_passant_legality();
    std::uint64_t compute_key() const;

    Bitboard by_color_[2] = {0, 0};
    Bitboard by_type_[6] = {0, 0, 0, 0, 0, 0};
    Piece board_[64] = {};
    Bitboard checkers_ = 0;
    std::uint64_t key_ = 0;
    // Kings and rooks that still hold a right: moving or capturing one of them ends rights.
    Bitboard castling_squares_ = 0;
    // The small fields packed into 8 bytes (the history of a game copies every Position).
    CastlingRights castling_{};
    Color side_ = Color::White;
    Square ep_square_ = NoSquare;
    bool ep_legal_ = false;
    bool chess960_ = false;
    int halfmove_clock_ = 0;
    int fullmove_number_ = 1;
};

struct ParsedFen {
    Position position;
    std::vector<FenRepair> repairs;
};

// The standard start position as FEN.
inline constexpr std::string_view StartFen =
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

}  // namespace drawaudit::chess
