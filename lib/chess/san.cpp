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
                                                            const char* why) {
    std::string message(san);
    message += ": ";
    message += why;
    return tl::unexpected(SanError{kind, std::move(message)});
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

const char* piece_name(PieceType t) {
    switch (t) {
        case PieceType::Pawn:
            return "pawn";
        case PieceType::Knight:
            return "knight";
        case PieceType::Bishop:
            return "bishop";
        case PieceType::Rook:
            return "rook";
        case PieceType::Queen:
            return "queen";
        default:
            return "king";
    }
}

[[gnu::cold, gnu::noinline]] tl::unexpected<SanError> unreachable_error(std::string_view san,
                                                                        PieceType type) {
    const std::string why = std::string("no ") + piece_name(type) + " can reach that square";
    return error(SanErrorKind::Illegal, san, why.c_str());
}

[[gnu::cold, gnu::noinline]] tl::unexpected<SanError> ambiguous_error(std::string_view san,
                                                                      PieceType type) {
    const std::string why = std::string("more than one ") + piece_name(type) + " can move there";
    return error(SanErrorKind::Ambiguous, san, why.c_str());
}

// Whether the enemy slider that `from` shields its king from would attack the king once the
// piece on `from` goes to `to` (the caller ensures `from` lies on one of the king's rays). The
// few enemy sliders on the king's rays of that kind are tested with the between table: one whose
// line to the king holds `from` and nothing else pins it, and a move that stays on that line
// (or takes the pinner) keeps the shield.
bool leaves_pin_line(const Position& pos, Square king, Bitboard from_bb, Bitboard to_bb) {
    const auto& hot = detail::Hot;
    const Bitboard queens = pos.pieces(PieceType::Queen);
    Bitboard snipers = (rook_rays(king) & from_bb)
                           ? rook_rays(king) & (pos.pieces(PieceType::Rook) | queens)
                           : bishop_rays(king) & (pos.pieces(PieceType::Bishop) | queens);
    snipers &= pos.pieces(~pos.side_to_move());
    const Bitboard occupancy = pos.occupied();
    while (snipers) {
        const Square sniper = pop_lsb(snipers);
        const Bitboard between = hot.between[king][sniper];
        if ((between & occupancy) == from_bb) return !((between | hot.square_bit[sniper]) & to_bb);
    }
    return false;
}

// Whether the piece of the side to move on `from` (not its king) may go to `to` without leaving
// its king in check: not in double check, parrying a single check, and not leaving a pin line.
inline bool keeps_king_safe(const Position& pos, Square king, Square from, Square to) {
    const auto& hot = detail::Hot;
    const Bitboard to_bb = hot.square_bit[to];
    const Bitboard checkers = pos.checkers();
    if (checkers) {
        if (more_than_one(checkers)) return false;
        if (!((hot.between[king][lsb(checkers)] | checkers) & to_bb)) return false;
    }
    // Only a piece on a line with its king, moving off that line, can expose it.
    const Bitboard from_bb = hot.square_bit[from];
    return !(hot.piece_rays[WhiteQueen][king] & from_bb) ||
           !leaves_pin_line(pos, king, from_bb, to_bb);
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
    if (rook == NoSquare)
        return error(SanErrorKind::Illegal, san, "no castling right on that side");
    const Move m(pos.king_square(us), rook, MoveKind::Castling);
    if (!pos.is_legal(m))
        return error(SanErrorKind::Illegal, san, "castling is not possible in this position");
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
    if (n < 2) return error(SanErrorKind::Syntax, san, "too short for a move");

    if (s[0] == 'O' || s[0] == '0' || s[0] == 'o') {
        const std::string_view body(s, n);
        if (body == "O-O" || body == "0-0" || body == "o-o") return parse_castling(pos, san, 0);
        if (body == "O-O-O" || body == "0-0-0" || body == "o-o-o")
            return parse_castling(pos, san, 1);
        return error(SanErrorKind::Syntax, san, "not a castling move");
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
            return error(SanErrorKind::Syntax, san, "does not start with a piece letter or a file");
        PieceType promotion = PieceType::None;
        if (!is_rank(s[n - 1])) {
            promotion = promotion_from_letter(s[n - 1]);
            if (promotion == PieceType::None)
                return error(SanErrorKind::Syntax, san, "does not end in a square");
            --n;
            if (n > 0 && s[n - 1] == '=') --n;
            if (n < 2 || !is_rank(s[n - 1]))
                return error(SanErrorKind::Syntax, san, "does not end in a square");
        }
        if (!is_file(s[n - 2])) return error(SanErrorKind::Syntax, san, "does not end in a square");
        const Square to = make_square(s[n - 2] - 'a', s[n - 1] - '1');
        const int up = us == Color::White ? 8 : -8;
        const Piece pawn = make_piece(us, PieceType::Pawn);
        Square from = NoSquare;
        MoveKind kind = MoveKind::Normal;
        if (n == 2) {
            if (occupancy & bb(to))
                return error(SanErrorKind::Illegal, san, "the square is occupied");
            const int behind = to - up;
            if (behind >= 0 && behind < 64 && pos.piece_on(static_cast<Square>(behind)) == pawn) {
                from = static_cast<Square>(behind);
            } else if (relative_rank(us, to) == 3 && behind >= 0 && behind < 64 &&
                       pos.piece_on(static_cast<Square>(behind)) == NoPiece &&
                       pos.piece_on(static_cast<Square>(behind - up)) == pawn) {
                from = static_cast<Square>(behind - up);
            } else {
                return error(SanErrorKind::Illegal, san, "no pawn can advance there");
            }
        } else {
            // Capture: file, optional 'x' or ':' (the sloppy "ed5" has none), destination.
            for (std::size_t i = 1; i + 2 < n; ++i)
                if (s[i] != 'x' && s[i] != ':')
                    return error(SanErrorKind::Syntax, san,
                                 "unexpected character in a pawn capture");
            if (n > 4)
                return error(SanErrorKind::Syntax, san, "unexpected character in a pawn capture");
            const int from_file = s[0] - 'a';
            if (from_file - file_of(to) != 1 && file_of(to) - from_file != 1)
                return error(SanErrorKind::Illegal, san, "a pawn captures on an adjacent file");
            const int from_rank = rank_of(to) - (us == Color::White ? 1 : -1);
            if (from_rank < 0 || from_rank > 7)
                return error(SanErrorKind::Illegal, san, "no pawn can capture there");
            from = make_square(from_file, from_rank);
            if (pos.piece_on(from) != pawn)
                return error(SanErrorKind::Illegal, san, "no pawn there to capture with");
            if (pos.pieces(~us) & bb(to)) {
                kind = MoveKind::Normal;
            } else if (to == pos.double_push_square() && !(occupancy & bb(to))) {
                const Move m(from, to, MoveKind::EnPassant);
                if (promotion != PieceType::None)
                    return error(SanErrorKind::Illegal, san, "en passant is no promotion");
                if (!pos.is_legal(m))
                    return error(SanErrorKind::Illegal, san,
                                 "the en-passant capture would expose the king");
                return m;
            } else {
                return error(SanErrorKind::Illegal, san, "nothing to capture there");
            }
        }
        if (relative_rank(us, to) == 7) {
            if (promotion == PieceType::None)
                return error(SanErrorKind::Illegal, san,
                             "a pawn reaching the last rank must promote");
            kind = MoveKind::Promotion;
        } else if (promotion != PieceType::None) {
            return error(SanErrorKind::Illegal, san, "only a pawn reaching the last rank promotes");
        }
        if (!legal_movers(pos, bb(from), to))
            return error(SanErrorKind::Illegal, san, "the move leaves the king in check");
        return Move(from, to, kind, promotion == PieceType::None ? PieceType::Knight : promotion);
    }

    // Piece move: letter, optional from-file / from-rank, optional 'x' (or ':', '-'), square.
    if (index_of(type) > index_of(PieceType::King))  // never: keeps the compiler's range right
        return error(SanErrorKind::Syntax, san, "unknown piece letter");
    if (!is_file(s[n - 2]) || !is_rank(s[n - 1])) {
        if (n >= 3 && promotion_from_letter(s[n - 1]) != PieceType::None)
            return error(SanErrorKind::Illegal, san, "only a pawn promotes");
        return error(SanErrorKind::Syntax, san, "does not end in a square");
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
            return error(SanErrorKind::Syntax, san, "unexpected character");
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
            return error(SanErrorKind::Illegal, san, "the king cannot reach that square");
        }
        if (own & bb(to)) return error(SanErrorKind::Illegal, san, "the square holds an own piece");
        if (!king_may_step(pos, to))
            return error(SanErrorKind::Illegal, san, "the king would be in check");
        return Move(king, to);
    }

    if (own & bb(to)) return error(SanErrorKind::Illegal, san, "the square holds an own piece");
    const Bitboard candidates =
        attacks_of(type, us, to, occupancy) & pos.pieces(us, type) & from_mask;
    if (!candidates) {
        return unreachable_error(san, type);
    }
    const Bitboard legal = legal_movers(pos, candidates, to);
    if (!legal) return error(SanErrorKind::Illegal, san, "the move leaves the king in check");
    if (more_than_one(legal)) {
        return ambiguous_error(san, type);
    }
    return Move(lsb(legal), to);
}

// The shapes nearly every move of real games has: pawn pushes (single and double), pawn
// captures, piece and king moves with an optional 'x', one or two disambiguation characters,
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
    const Color us = pos.side_to_move();
    const char c = s[0];
    const Square to = make_square(static_cast<int>(file), static_cast<int>(rank));
    to_out = to;
    const Bitboard to_bb = hot.square_bit[to];
    Square from;
    if (static_cast<unsigned>(c - 'a') < 8) {
        // Pawns, never to the last rank here (promotions take the general reader).
        // The ranks a push or capture reaches short of promotion, the pawn and its step forward
        // by table rather than by arithmetic on the colour: fewer instructions.
        if (!(to_bb & hot.pawn_targets[index_of(us)])) return NoSquare;
        const Piece pawn = hot.pawn_piece[index_of(us)];
        const int up = hot.pawn_step[index_of(us)];
        if (n == 2) {
            if (pos.occupied() & to_bb) return NoSquare;
            from = static_cast<Square>(to - up);
            if (pos.piece_on(from) != pawn) {
                if (!(to_bb & hot.double_push_targets[index_of(us)]) ||
                    pos.piece_on(from) != NoPiece)
                    return NoSquare;
                from = static_cast<Square>(from - up);
                if (pos.piece_on(from) != pawn) return NoSquare;
            }
        } else {
            const int df = (c - 'a') - static_cast<int>(file);
            if (n != 4 || s[1] != 'x' || (df != 1 && df != -1) || !(pos.pieces(~us) & to_bb))
                return NoSquare;
            from = static_cast<Square>(to - up + df);
            if (pos.piece_on(from) != pawn) return NoSquare;
        }
    } else {
        const PieceType type = hot.san_piece[static_cast<unsigned char>(c)];
        if (type == PieceType::None || (pos.pieces(us) & to_bb)) return NoSquare;
        if (type == PieceType::King) {
            const Bitboard king_bb = pos.pieces(us, PieceType::King);
            if ((n == 3 || (n == 4 && s[1] == 'x')) && (king_attacks(to) & king_bb)) {
                const Square king = lsb_of_nonempty(king_bb);
                return king_may_step(pos, to) ? king : NoSquare;
            }
            return NoSquare;
        }
        // The pieces of that type on the empty-board attack squares of `to` (usually one or
        // two); a slider among them reaches `to` when nothing stands between. No magic lookup:
        // its large table misses the cache while the game text streams through it. These rays
        // do not depend on the colour: the white piece's row serves both sides.
        Bitboard candidates =
            pos.pieces(us, type) & hot.piece_rays[static_cast<std::size_t>(type)][to];
        // The up to two characters between letter and square (s[1], and s[n - 3], which is s[1]
        // again when there is one), each a from-file, a from-rank or 'x' (anything else gives an
        // empty mask, so no candidate: the general reader decides).
        if (n >= 4)
            candidates &= hot.san_from_mask[static_cast<unsigned char>(s[1])] &
                          hot.san_from_mask[static_cast<unsigned char>(s[n - 3])];
        if (!candidates) return NoSquare;
        from = lsb_of_nonempty(candidates);
        if (type != PieceType::Knight) {
            const Bitboard occupancy = pos.occupied();
            if (more_than_one(candidates)) {
                // Two or more on the rays (two rooks on a file, say): keep those with a free way.
                Bitboard open = 0;
                for (Bitboard rest = candidates; rest;) {
                    const Square candidate = pop_lsb(rest);
                    if (!(hot.between[candidate][to] & occupancy))
                        open |= hot.square_bit[candidate];
                }
                candidates = open;
                if (!candidates) return NoSquare;
                from = lsb_of_nonempty(candidates);
            } else if (hot.between[from][to] & occupancy) {
                return NoSquare;
            }
        }
        // Several reaching pieces (one may be pinned) are rare: the general reader sorts them.
        if (more_than_one(candidates)) return NoSquare;
    }
    // Legality: not in double check, parrying a single check, and not leaving a pin line: the
    // test of keeps_king_safe, written out here because calling it measured 2.5% slower on the
    // whole replay (bench/chess_replay); the two must stay the same rule.
    // `from` is a square here: saying so lets play_san tell its success from NoSquare without a
    // test.
    if (from >= NoSquare) __builtin_unreachable();
    // Every Position that can reach here has its kings: no empty-set test. The king's square is
    // only computed on the rarer paths that need it.
    const Bitboard king_bb = pos.pieces(us, PieceType::King);
    const Bitboard checkers = pos.checkers();
    if (checkers) {
        if (more_than_one(checkers)) return NoSquare;
        if (!((hot.between[lsb_of_nonempty(king_bb)][lsb_of_nonempty(checkers)] | checkers) &
              to_bb))
            return NoSquare;
    }
    // A pin needs `from` on one of the king's rays (queen rays are symmetric: the king on one of
    // those of `from`) and an enemy slider there; each such sniper pins `from` when `from` is
    // all that stands between, and the move must then stay on that line or take the sniper.
    if (!(hot.piece_rays[WhiteQueen][from] & king_bb)) return from;
    const Bitboard from_bb = hot.square_bit[from];
    const Square king = lsb_of_nonempty(king_bb);
    const Bitboard queens = pos.pieces(PieceType::Queen);
    Bitboard snipers = ((rook_rays(king) & (pos.pieces(PieceType::Rook) | queens)) |
                        (bishop_rays(king) & (pos.pieces(PieceType::Bishop) | queens))) &
                       pos.pieces(~us);
    if (snipers) {
        const Bitboard occupancy = pos.occupied();
        do {
            const Square sniper = pop_lsb(snipers);
            const Bitboard between = hot.between[king][sniper];
            if ((between & occupancy) == from_bb && !((between | hot.square_bit[sniper]) & to_bb))
                return NoSquare;
        } while (snipers);
    }
    return from;
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
        after = before;
        after.make_normal_move_inline(from, to);
        return result;
    };
    return play();
}

std::size_t play_san_run(std::span<const std::string_view> sans, Position* first,
                         std::size_t stride, Move* moves) {
    auto* slot = reinterpret_cast<unsigned char*>(first);
    std::size_t i = 0;
    for (; i < sans.size(); ++i, slot += stride) {
        const Position& before = *reinterpret_cast<const Position*>(slot);
        Position& after = *reinterpret_cast<Position*>(slot + stride);
        const std::string_view san = sans[i];
        Square to = A1;
        const Square from = resolve_common_from(before, san.data(), san.size(), to);
        if (from == NoSquare) [[unlikely]] {
            const auto move = play_general_san(before, san, after);
            if (!move) break;
            moves[i] = *move;
            continue;
        }
        moves[i] = Move(from, to);  // first, as in play_san: from and to need not stay alive
        after = before;
        after.make_normal_move_inline(from, to);
    }
    return i;
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

}  // namespace drawaudit::chess
