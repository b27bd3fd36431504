// SAN reading resolves a move from its target square: the mover's pieces of the named type on
// the empty-board attack squares of the destination are the few candidates, a slider among them
// reaches it when the between table shows nothing in the way, and only the one that remains is
// checked for legality (checks, and pins by the enemy sliders on its king's rays, again with the
// between table). No magic lookup on this path: the large rook table misses the cache while the
// game text streams through it. This is the hot path of the whole audit, so the success path
// neither allocates nor generates moves.
#include "chess/san.hpp"

#include <array>
#include <cstring>

#include "chess/attacks.hpp"
#include "chess/position_moves.hpp"

namespace drawaudit::chess {

namespace {

// Out of line and cold: keeps the success path of parse_san small.
[[gnu::cold, gnu::noinline]] tl::unexpected<SanError> error(SanErrorKind kind, std::string_view san,
                                                            SanRefusal refusal,
                                                            PieceType piece = PieceType::None) {
    return tl::unexpected(SanError{kind, refusal, piece, std::string(san)});
}

PieceType piece_from_letter(char c) {
    switch (c) {
        case 'N':
            return PieceType::Knight;
        case 'B':
            return PieceType::Bishop;
        case 'R':
            return PieceType::Rook;
        case 'Q':
            return PieceType::Queen;
        case 'K':
            return PieceType::King;
        default:
            return PieceType::None;
    }
}

PieceType promotion_from_letter(char c) {
    switch (c) {
        case 'N':
        case 'n':
            return PieceType::Knight;
        case 'B':
        case 'b':
            return PieceType::Bishop;
        case 'R':
        case 'r':
            return PieceType::Rook;
        case 'Q':
        case 'q':
            return PieceType::Queen;
        default:
            return PieceType::None;
    }
}

constexpr bool is_file(char c) {
    return c >= 'a' && c <= 'h';
}
constexpr bool is_rank(char c) {
    return c >= '1' && c <= '8';
}

// Whether moving the piece of the side to move on `from` (not its king) to `to` exposes its king
// on `king` to an enemy slider on the king's ray through `from`, for a move that parries any
// check (keeps_king_safe tests that first). With the board as after the move, the piece
// nearest to the king on that ray is then an enemy slider moving along such lines, other than
// one the move takes. The move cannot pass that slider, nor the king, so a move along the line
// stays between them and shields the king still. Without a branch on whether `from` is on a
// line with the king at all (off every line its ray is empty): that test, about even on real
// games, mispredicted more than any other of the replay.
[[gnu::always_inline]] inline bool exposes_king(const Position& pos, Square king, Square from,
                                                Bitboard to_bb) {
    const Bitboard snipers = pos.line_sliders(king, ~pos.side_to_move()) & ~to_bb;
    const Bitboard occupancy_after = (pos.occupied() & ~square_bit(from)) | to_bb;
    return (nearest_on_ray(king, from, occupancy_after) & snipers) != 0;
}

// Whether the piece of the side to move on `from` (not its king) may go to `to` without leaving
// its king in check: not in double check, parrying a single check, and not exposing the king.
inline bool keeps_king_safe(const Position& pos, Square king, Square from, Square to) {
    const auto& hot = detail::Hot;
    const Bitboard to_bb = hot.square_bit[to];
    const Bitboard checkers = pos.checkers();
    if (checkers) {
        if (more_than_one(checkers)) return false;
        if (!((hot.between[king][lsb(checkers)] | checkers) & to_bb)) return false;
    }
    return !exposes_king(pos, king, from, to_bb);
}

// Of `candidates` (pieces of the mover that reach `to`, not the king), those whose move to `to`
// is legal.
Bitboard legal_movers(const Position& pos, Bitboard candidates, Square to) {
    const Square king = pos.king_square(pos.side_to_move());
    Bitboard legal = 0;
    while (candidates) {
        const Square from = pop_lsb(candidates);
        if (keeps_king_safe(pos, king, from, to)) legal |= square_bit(from);
    }
    return legal;
}

// Whether the king of the side to move may step to `to` (no own piece there): no enemy piece
// attacks it once the king has left its square (which then does not shield `to`). Inline in
// play_san: about 2 instructions per half-move fewer on bench/chess_replay than the call.
[[gnu::always_inline]] inline bool king_may_step(const Position& pos, Square to) {
    const Color us = pos.side_to_move();
    return !attacked_without_magic(pos, ~us, to, pos.occupied() ^ pos.pieces(us, PieceType::King));
}

tl::expected<Move, SanError> parse_castling(const Position& pos, std::string_view san, int wing) {
    const Color us = pos.side_to_move();
    const Square rook = pos.castling_rights().rook[index_of(us)][wing];
    if (rook == NoSquare) return error(SanErrorKind::Illegal, san, SanRefusal::NoCastlingRight);
    const Move m(pos.king_square(us), rook, MoveKind::Castling);
    if (!pos.is_legal(m)) return error(SanErrorKind::Illegal, san, SanRefusal::CastlingBlocked);
    return m;
}

// The general reader: every lenient form, and every refusal with its reason.
[[gnu::noinline]] tl::expected<Move, SanError> parse_san_any(const Position& pos,
                                                             std::string_view san) {
    // Trailing check/mate marks, annotation glyphs and "e.p." carry no information. Every byte
    // below '0' or between '9' and 'A' (+ # ! ? . space and the like) can only be decoration.
    std::size_t n = san.size();
    auto is_decoration = [](char c) { return c < '0' || (c > '9' && c < 'A' && c != '='); };
    while (n > 0 && is_decoration(san[n - 1])) --n;
    if (n >= 3 && san[n - 1] == 'p' && san[n - 2] == '.' && san[n - 3] == 'e') {
        n -= 3;
        while (n > 0 && is_decoration(san[n - 1])) --n;
    }
    const char* s = san.data();
    if (n < 2) return error(SanErrorKind::Syntax, san, SanRefusal::TooShort);

    if (s[0] == 'O' || s[0] == '0' || s[0] == 'o') {
        const std::string_view body(s, n);
        if (body == "O-O" || body == "0-0" || body == "o-o") return parse_castling(pos, san, 0);
        if (body == "O-O-O" || body == "0-0-0" || body == "o-o-o")
            return parse_castling(pos, san, 1);
        return error(SanErrorKind::Syntax, san, SanRefusal::NotCastling);
    }

    const Color us = pos.side_to_move();
    const Bitboard own = pos.pieces(us);
    const Bitboard occupancy = pos.occupied();
    PieceType type = piece_from_letter(s[0]);
    if (s[0] == 'P' && n >= 3) {  // the explicit pawn letter of some exporters: Pe4, Pexd5
        ++s;
        --n;
    }

    if (type == PieceType::None) {
        // Pawn move: e4, exd5, ed5, e8=Q, e8Q, exd8=n.
        if (!is_file(s[0]))
            return error(SanErrorKind::Syntax, san, SanRefusal::NoPieceLetterOrFile);
        PieceType promotion = PieceType::None;
        if (!is_rank(s[n - 1])) {
            promotion = promotion_from_letter(s[n - 1]);
            if (promotion == PieceType::None)
                return error(SanErrorKind::Syntax, san, SanRefusal::NoSquareAtEnd);
            --n;
            if (n > 0 && s[n - 1] == '=') --n;
            if (n < 2 || !is_rank(s[n - 1]))
                return error(SanErrorKind::Syntax, san, SanRefusal::NoSquareAtEnd);
        }
        if (!is_file(s[n - 2])) return error(SanErrorKind::Syntax, san, SanRefusal::NoSquareAtEnd);
        const Square to = make_square(s[n - 2] - 'a', s[n - 1] - '1');
        const int up = us == Color::White ? 8 : -8;
        const Piece pawn = make_piece(us, PieceType::Pawn);
        Square from = NoSquare;
        MoveKind kind = MoveKind::Normal;
        if (n == 2) {
            if (occupancy & bb(to))
                return error(SanErrorKind::Illegal, san, SanRefusal::SquareOccupied);
            const int behind = to - up;
            if (behind >= 0 && behind < 64 && pos.piece_on(static_cast<Square>(behind)) == pawn) {
                from = static_cast<Square>(behind);
            } else if (relative_rank(us, to) == 3 && behind >= 0 && behind < 64 &&
                       pos.piece_on(static_cast<Square>(behind)) == NoPiece &&
                       pos.piece_on(static_cast<Square>(behind - up)) == pawn) {
                from = static_cast<Square>(behind - up);
            } else {
                return error(SanErrorKind::Illegal, san, SanRefusal::NoPawnCanAdvance);
            }
        } else {
            // Capture: file, optional 'x' or ':' (the sloppy "ed5" has none), destination.
            for (std::size_t i = 1; i + 2 < n; ++i)
                if (s[i] != 'x' && s[i] != ':')
                    return error(SanErrorKind::Syntax, san, SanRefusal::UnexpectedInPawnCapture);
            if (n > 4) return error(SanErrorKind::Syntax, san, SanRefusal::UnexpectedInPawnCapture);
            const int from_file = s[0] - 'a';
            if (from_file - file_of(to) != 1 && file_of(to) - from_file != 1)
                return error(SanErrorKind::Illegal, san, SanRefusal::PawnCapturesOnAdjacentFile);
            const int from_rank = rank_of(to) - (us == Color::White ? 1 : -1);
            if (from_rank < 0 || from_rank > 7)
                return error(SanErrorKind::Illegal, san, SanRefusal::NoPawnCanCapture);
            from = make_square(from_file, from_rank);
            if (pos.piece_on(from) != pawn)
                return error(SanErrorKind::Illegal, san, SanRefusal::NoPawnToCaptureWith);
            if (pos.pieces(~us) & bb(to)) {
                kind = MoveKind::Normal;
            } else if (to == pos.double_push_square() && !(occupancy & bb(to))) {
                const Move m(from, to, MoveKind::EnPassant);
                if (promotion != PieceType::None)
                    return error(SanErrorKind::Illegal, san, SanRefusal::EnPassantIsNoPromotion);
                if (!pos.is_legal(m))
                    return error(SanErrorKind::Illegal, san, SanRefusal::EnPassantExposesKing);
                return m;
            } else {
                return error(SanErrorKind::Illegal, san, SanRefusal::NothingToCapture);
            }
        }
        if (relative_rank(us, to) == 7) {
            if (promotion == PieceType::None)
                return error(SanErrorKind::Illegal, san, SanRefusal::PawnMustPromote);
            kind = MoveKind::Promotion;
        } else if (promotion != PieceType::None) {
            return error(SanErrorKind::Illegal, san, SanRefusal::OnlyLastRankPromotes);
        }
        if (!legal_movers(pos, bb(from), to))
            return error(SanErrorKind::Illegal, san, SanRefusal::LeavesKingInCheck);
        return Move(from, to, kind, promotion == PieceType::None ? PieceType::Knight : promotion);
    }

    // Piece move: letter, optional from-file / from-rank, optional 'x' (or ':', '-'), square.
    if (index_of(type) > index_of(PieceType::King))  // never: keeps the compiler's range right
        return error(SanErrorKind::Syntax, san, SanRefusal::UnknownPieceLetter);
    if (!is_file(s[n - 2]) || !is_rank(s[n - 1])) {
        if (n >= 3 && promotion_from_letter(s[n - 1]) != PieceType::None)
            return error(SanErrorKind::Illegal, san, SanRefusal::OnlyPawnPromotes);
        return error(SanErrorKind::Syntax, san, SanRefusal::NoSquareAtEnd);
    }
    const Square to = make_square(s[n - 2] - 'a', s[n - 1] - '1');
    Bitboard from_mask = ~Bitboard{0};
    for (std::size_t i = 1; i + 2 < n; ++i) {
        const char c = s[i];
        if (is_file(c))
            from_mask &= file_bb(c - 'a');
        else if (is_rank(c))
            from_mask &= rank_bb(c - '1');
        else if (c != 'x' && c != ':' && c != '-')
            return error(SanErrorKind::Syntax, san, SanRefusal::UnexpectedCharacter);
    }

    if (type == PieceType::King) {
        const Square king = pos.king_square(us);
        // King takes own rook: the Chess960 way to write castling.
        if (pos.piece_on(to) == make_piece(us, PieceType::Rook)) {
            const CastlingRights& rights = pos.castling_rights();
            for (int wing = 0; wing < 2; ++wing)
                if (rights.rook[index_of(us)][wing] == to) return parse_castling(pos, san, wing);
        }
        if (!(king_attacks(to) & bb(king) & from_mask)) {
            // The king's two-square step of standard castling written as a king move: Kg1, Kc8.
            if (!pos.is_chess960() && file_of(king) == 4 && rank_of(to) == rank_of(king) &&
                (file_of(to) == 6 || file_of(to) == 2) && (from_mask & bb(king)))
                return parse_castling(pos, san, file_of(to) == 6 ? 0 : 1);
            return error(SanErrorKind::Illegal, san, SanRefusal::KingCannotReach);
        }
        if (own & bb(to)) return error(SanErrorKind::Illegal, san, SanRefusal::OwnPieceOnSquare);
        if (!king_may_step(pos, to))
            return error(SanErrorKind::Illegal, san, SanRefusal::KingWouldBeInCheck);
        return Move(king, to);
    }

    if (own & bb(to)) return error(SanErrorKind::Illegal, san, SanRefusal::OwnPieceOnSquare);
    const Bitboard candidates =
        attacks_of(type, us, to, occupancy) & pos.pieces(us, type) & from_mask;
    if (!candidates) {
        return error(SanErrorKind::Illegal, san, SanRefusal::NoPieceCanReach, type);
    }
    const Bitboard legal = legal_movers(pos, candidates, to);
    if (!legal) return error(SanErrorKind::Illegal, san, SanRefusal::LeavesKingInCheck);
    if (more_than_one(legal)) {
        return error(SanErrorKind::Ambiguous, san, SanRefusal::SeveralPiecesCanMove, type);
    }
    return Move(lsb(legal), to);
}

// The shapes nearly every move of real games has: pawn pushes (single and double), pawn
// captures, piece and king moves with an optional 'x' or one or two disambiguation characters,
// each with an optional trailing '+' or '#'. Returns the move's from-square (its target in
// `to_out`), or NoSquare when the text is not of these shapes or does not name exactly one
// legal move: it only ever accepts a move parse_san_any would accept, and leaves everything
// else (castling, promotions, en passant, other decorations, every refusal) to it. Squares
// rather than a Move, so that play_san need not pack and unpack one. Inline in both of its
// users: parse_san's short path (detail::resolve_common_san, through resolve_common) and
// play_san.
[[gnu::always_inline]] inline Square resolve_common_from(const Position& pos, const char* s,
                                                         std::size_t n, Square& to_out) {
    const auto& hot = detail::Hot;
    if (n < 2 || n > 6) return NoSquare;
    // One trailing check or mate mark, without a branch (about one move in twenty has one).
    n -= static_cast<std::size_t>((s[n - 1] == '+') | (s[n - 1] == '#'));
    if (n < 2 || n > 5) return NoSquare;
    const auto file = static_cast<unsigned>(s[n - 2] - 'a');
    const auto rank = static_cast<unsigned>(s[n - 1] - '1');
    if (file >= 8 || rank >= 8) return NoSquare;
    // A file letter names a pawn, a piece letter its piece.
    const PieceType type = hot.san_piece[static_cast<unsigned char>(s[0])];
    if (type == PieceType::None) return NoSquare;
    const Color us = pos.side_to_move();
    const std::size_t side = static_cast<std::size_t>(index_of(us));
    const Square to = make_square(static_cast<int>(file), static_cast<int>(rank));
    to_out = to;
    const Bitboard to_bb = hot.square_bit[to];
    const Bitboard occupancy = pos.occupied();
    // Pawn and piece moves on one path, their differences by masks and table rows rather than
    // by branches: the kind of move is the text's choice, which no branch predictor can guess
    // (pawn or piece alone is close to even).
    const bool pawn = type == PieceType::Pawn;
    const bool pawn_capture = pawn & (n == 4);
    // What the target may hold: a pawn's push (two characters) needs it empty, its capture
    // (file, 'x', square) an enemy piece there, a piece's move anything but its own side (an
    // empty square or an enemy piece).
    // By table: fewer instructions than the masks' arithmetic.
    const std::size_t target_shape = detail::san_target_shape(pawn, n, s[1] == 'x');
    const Bitboard targets = (~occupancy & hot.san_target_empty[target_shape]) |
                             (pos.pieces(~us) & hot.san_target_enemy[target_shape]);
    if (!(targets & to_bb)) return NoSquare;
    // The characters before the square: a pawn capture's file and 'x' (s[0] and s[1]), a
    // piece's one or two between letter and square (s[1], and s[n - 3], which is s[1] again
    // when there is one), each a from-file, a from-rank or 'x' (anything else gives an empty
    // mask, so no candidate: the general reader decides). A push and a plain piece move have
    // none: every square.
    const std::size_t first = static_cast<std::size_t>(!pawn);
    const std::size_t last = n - 3 + static_cast<std::size_t>(n == 2);  // s[0] when n == 2
    const Bitboard from_mask = (hot.san_from_mask[static_cast<unsigned char>(s[first])] &
                                hot.san_from_mask[static_cast<unsigned char>(s[last])]) |
                               (Bitboard{0} - static_cast<Bitboard>(n < 4));
    // The mover's pieces of that type where one may come from on an empty board (a pawn's push
    // or capture origins, a piece's rays from `to`): usually one or two. No magic lookup: its
    // large table misses the cache while the game text streams through it.
    const std::size_t shape = static_cast<std::size_t>(type) + 6 * pawn_capture;
    Bitboard candidates = pos.pieces(us, type) & hot.san_origins[shape][side][to] & from_mask;
    if (!candidates) return NoSquare;
    Square from = lsb_of_nonempty(candidates);
    // A slider, or a double push, reaches `to` when nothing stands between (a leaper's between
    // is empty, and so is a single push's).
    if (more_than_one(candidates)) {
        // Two or more (two rooks on a file, a pawn behind a pawn): keep those with a free way.
        Bitboard open = 0;
        for (Bitboard rest = candidates; rest;) {
            const Square candidate = pop_lsb(rest);
            if (!(hot.between[candidate][to] & occupancy)) open |= hot.square_bit[candidate];
        }
        // Several reaching pieces (one may be pinned) are rare: the general reader sorts them.
        if (!open || more_than_one(open)) return NoSquare;
        from = lsb_of_nonempty(open);
    } else if (hot.between[from][to] & occupancy) {
        return NoSquare;
    }
    // `from` is a square here: saying so lets play_san tell its success from NoSquare without a
    // test.
    if (from >= NoSquare) __builtin_unreachable();
    // The king: its step is legal when no enemy piece attacks `to` once it has left its square.
    if (type == PieceType::King) return king_may_step(pos, to) ? from : NoSquare;
    // Legality: not in double check, parrying a single check, and not exposing the king: the
    // test of keeps_king_safe, written out here because calling it measured 2.5% slower on the
    // whole replay (bench/chess_replay); the two must stay the same rule.
    // Every Position that can reach here has its kings: no empty-set test.
    const Bitboard king_bb = pos.pieces(us, PieceType::King);
    const Square king = lsb_of_nonempty(king_bb);
    const Bitboard checkers = pos.checkers();
    if (checkers) {
        if (more_than_one(checkers)) return NoSquare;
        if (!((hot.between[king][lsb_of_nonempty(checkers)] | checkers) & to_bb)) return NoSquare;
    }
    return exposes_king(pos, king, from, to_bb) ? NoSquare : from;
}

// resolve_common_from as a Move (the null move for NoSquare).
[[gnu::always_inline]] inline Move resolve_common(const Position& pos, const char* s,
                                                  std::size_t n) {
    Square to = A1;
    const Square from = resolve_common_from(pos, s, n, to);
    return from == NoSquare ? Move{} : Move(from, to);
}

}  // namespace

Move detail::resolve_common_san(const Position& pos, const char* s, std::size_t n) {
    return resolve_common(pos, s, n);
}

namespace {
// The wing of castling written O-O (0) or O-O-O (1) with an optional '+' or '#'; -1 otherwise.
[[gnu::always_inline]] inline int castling_shape_wing(std::string_view san) {
    std::size_t n = san.size();
    const char* s = san.data();
    if (n > 0 && (s[n - 1] == '+' || s[n - 1] == '#')) --n;
    const std::string_view body(s, n);
    return body == "O-O" ? 0 : body == "O-O-O" ? 1 : -1;
}

// Castling written O-O or O-O-O with an optional '+' or '#'; the null move otherwise.
Move resolve_castling_shape(const Position& pos, std::string_view san) {
    const int wing = castling_shape_wing(san);
    if (wing < 0) return Move{};
    const Color us = pos.side_to_move();
    const Square rook = pos.castling_rights().rook[index_of(us)][wing];
    if (rook == NoSquare) return Move{};
    const Move m(pos.king_square(us), rook, MoveKind::Castling);
    return pos.is_legal(m) ? m : Move{};
}
}  // namespace

tl::expected<Move, SanError> detail::parse_san_general(const Position& pos, std::string_view san) {
    if (!san.empty() && san[0] == 'O') {
        const Move castling = resolve_castling_shape(pos, san);
        if (!castling.is_null()) return castling;
    }
    return parse_san_any(pos, san);
}

namespace {
// play_san for what the short path leaves (castling, promotions, en passant, other spellings,
// every refusal): out of line, so that the common path needs no room for a SanError.
[[gnu::noinline]] tl::expected<Move, SanError> play_general_san(const Position& before,
                                                                std::string_view san,
                                                                Position& after) {
    // Castling in its usual shapes first, legality and make in one (detail::play_castling):
    // about two a game, the commonest move of this path. The Move is built only when it is
    // played; every other outcome (no right, not legal) is left to the general reader's reasons.
    if (!san.empty() && san[0] == 'O') {
        const int wing = castling_shape_wing(san);
        if (wing >= 0) {
            const Move castling = detail::play_castling(before, wing, after);
            if (!castling.is_null()) return castling;
        }
    }
    auto move = detail::parse_san_general(before, san);
    if (move) {
        after = before;
        after.make_move(*move);
    }
    return move;
}
}  // namespace

// Out of line, and measured so on bench/chess_replay: inlined in play_san_run's loop, the whole
// body's register allocation (one more live value, say) moved the loop's speed by a nanosecond
// or so per half-move; as a call it was about 0.6 ns faster than the best inlined form.
[[gnu::noinline]] Move detail::play_common_san(const Position& before, std::string_view san,
                                               Position& after) {
    Square to = A1;
    const Square from = resolve_common_from(before, san.data(), san.size(), to);
    if (from == NoSquare) [[unlikely]]
        return Move{};
    const Move move(from, to);  // first: from and to need not stay alive through the make
    after.copy_make_normal_move(before, from, to);
    return move;
}

tl::expected<Move, SanError> play_san(const Position& before, std::string_view san,
                                      Position& after) {
    Square to = A1;
    const Square from = resolve_common_from(before, san.data(), san.size(), to);
    if (from == NoSquare) [[unlikely]]
        return play_general_san(before, san, after);
    // The result is built first, in the caller's slot (the lambda's named return value, which
    // the return of its call hands on), so that `from` and `to` need not stay alive through
    // make_move's body. Called once, so inlined.
    const auto play = [&] {
        tl::expected<Move, SanError> result(Move(from, to));
        after.copy_make_normal_move(before, from, to);
        return result;
    };
    return play();
}

// The auditor's loop. Its speed once swung by up to 25% with the compiler's register allocation
// (spelling `!pawn` as a named bool in resolve_common_from, say), while the make read back the
// copy it had just written; copy_make_normal_move reads only `before`, and the common path is
// one call (detail::play_common_san). Re-measure the "play_san_run" way of bench/chess_replay
// after an edit.
std::size_t play_san_run(const std::string_view* first_san, std::size_t san_stride,
                         std::size_t count, Position* first, std::size_t stride, Move* moves) {
    // Pointers to the end rather than an index, and the text read again on the rare path
    // rather than kept through the call: what lives through the common path's call then fits
    // the callee-saved registers, where four values were reloaded from the stack every move.
    auto* slot = reinterpret_cast<unsigned char*>(first);
    const auto* text = reinterpret_cast<const unsigned char*>(first_san);
    const unsigned char* const text_end = text + count * san_stride;
    Move* out = moves;
    for (; text != text_end; slot += stride, text += san_stride, ++out) {
        const Position& before = *reinterpret_cast<const Position*>(slot);
        Position& after = *reinterpret_cast<Position*>(slot + stride);
        const Move common = detail::play_common_san(
            before, *reinterpret_cast<const std::string_view*>(text), after);
        if (common.is_null()) [[unlikely]] {
            const auto move =
                play_general_san(before, *reinterpret_cast<const std::string_view*>(text), after);
            if (!move) break;
            *out = *move;
            continue;
        }
        *out = common;
    }
    return static_cast<std::size_t>(out - moves);
}

std::size_t write_san(const Position& pos, Move m, char* out) {
    char* p = out;
    const Square from = m.from();
    const Square to = m.to();
    if (m.kind() == MoveKind::Castling) {
        std::memcpy(p, to > from ? "O-O" : "O-O-O", to > from ? 3 : 5);
        p += to > from ? 3 : 5;
    } else {
        const PieceType type = pos.moved_piece_type(m);
        const bool capture = pos.is_capture(m);
        if (type == PieceType::Pawn) {
            if (capture) {
                *p++ = static_cast<char>('a' + file_of(from));
                *p++ = 'x';
            }
        } else {
            *p++ = "PNBRQK"[index_of(type)];
            if (type != PieceType::King) {
                const Color us = pos.side_to_move();
                const Bitboard others = legal_movers(
                    pos,
                    attacks_of(type, us, to, pos.occupied()) & pos.pieces(us, type) & ~bb(from),
                    to);
                if (others) {
                    if (!(others & file_bb(file_of(from)))) {
                        *p++ = static_cast<char>('a' + file_of(from));
                    } else if (!(others & rank_bb(rank_of(from)))) {
                        *p++ = static_cast<char>('1' + rank_of(from));
                    } else {
                        *p++ = static_cast<char>('a' + file_of(from));
                        *p++ = static_cast<char>('1' + rank_of(from));
                    }
                }
            }
            if (capture) *p++ = 'x';
        }
        *p++ = static_cast<char>('a' + file_of(to));
        *p++ = static_cast<char>('1' + rank_of(to));
        if (m.kind() == MoveKind::Promotion) {
            *p++ = '=';
            *p++ = "PNBRQK"[index_of(m.promotion())];
        }
    }
    Position next = pos;
    next.make_move(m);
    if (next.in_check()) *p++ = next.has_legal_move() ? '+' : '#';
    return static_cast<std::size_t>(p - out);
}

std::string to_san(const Position& pos, Move m) {
    char buffer[MaxSanLength];
    return std::string(buffer, write_san(pos, m, buffer));
}

std::string to_uci(const Position& pos, Move m) {
    Square to = m.to();
    if (m.kind() == MoveKind::Castling && !pos.is_chess960())
        to = make_square(to > m.from() ? 6 : 2, rank_of(m.from()));
    std::string out;
    out += static_cast<char>('a' + file_of(m.from()));
    out += static_cast<char>('1' + rank_of(m.from()));
    out += static_cast<char>('a' + file_of(to));
    out += static_cast<char>('1' + rank_of(to));
    if (m.kind() == MoveKind::Promotion) out += "pnbrqk"[index_of(m.promotion())];
    return out;
}

namespace {
constexpr std::array<std::string_view, SanRefusalCount> san_refusal_ids = {
    "too-short",
    "not-castling",
    "no-piece-letter-or-file",
    "no-square-at-end",
    "unknown-piece-letter",
    "unexpected-character",
    "unexpected-in-pawn-capture",
    "no-castling-right",
    "castling-blocked",
    "square-occupied",
    "no-pawn-can-advance",
    "pawn-captures-on-adjacent-file",
    "no-pawn-can-capture",
    "no-pawn-to-capture-with",
    "en-passant-is-no-promotion",
    "en-passant-exposes-king",
    "nothing-to-capture",
    "pawn-must-promote",
    "only-last-rank-promotes",
    "only-pawn-promotes",
    "leaves-king-in-check",
    "king-cannot-reach",
    "own-piece-on-square",
    "king-would-be-in-check",
    "no-piece-can-reach",
    "several-pieces-can-move",
};
static_assert(static_cast<int>(SanRefusal::SeveralPiecesCanMove) + 1 == SanRefusalCount);
}  // namespace

std::string_view san_refusal_id(SanRefusal refusal) {
    return san_refusal_ids[static_cast<std::size_t>(refusal)];
}

}  // namespace drawaudit::chess
