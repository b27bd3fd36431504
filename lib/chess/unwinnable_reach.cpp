// Part 2b of the unwinnability analysis (unwinnable.hpp): where every man could ever stand.
//
// For every man on the board (named by the square it stands on now, its origin) the analysis
// grows a set of squares, its reach, until no rule below adds one; beside it, the men that are
// fixed (never move, never taken), the men that may be taken, and the squares each side
// attacks for good. At that fixed point these invariants hold in every position reachable by
// legal moves, by induction over the moves (each rule says why a legal move keeps them):
//   I1. every man on the board stands on a square of its reach;
//   I2. a fixed man stands on its origin (so its square is never empty and never entered);
//   I3. a man that is never counted as takeable is still on the board;
//   I4. a square in `always_attacked[c]` is attacked by a man of c (so the other king never
//       stands there, but where it may stand now, its origin): by one man from every square of
//       its reach (a king: from every other square of it), or by a group of men that fill all
//       but one or two squares of theirs (I4g, `group_attacked_for_good`);
//   I5. a pawn P whose reach stays on its file and a pawn Q on that file ahead of P whose reach
//       also does, never taken: P stands behind Q (neither can pass the other on the file).
// Each rule of `targets` lets through every legal move (pinned pieces, checks and other men
// but fixed ones ignored, so the sets only grow larger than the truth), which is all that
// I1 needs. The sets only grow (and the fixed men and attacked squares only shrink) from one
// round to the next, so the loop ends.
//
// The proof (`may_be_mated`): a mate by W puts the other king on a square m of its reach that
// a W man (not the king) attacks, with every neighbour of m that the king could move to covered:
// a neighbour outside its reach is (I1: the king would have a legal move there, which the
// king's rule lets through); one a W man but the king may attack is counted as covered; the
// rest must each hold a distinct man of the king's own side that can reach it, or be next to
// W's king, on one square of its reach two steps from m. When no m passes, W cannot mate.
//
// Goal (I6, the stalemate step): the sets need hold only on lines that end in W's mate, and a
// line that reaches a stalemate ends there (5.2.1) without one. So a king's step after which
// the other side surely has no legal move and is not in check is left out of the king's rule
// (`step_stalemates` says why each condition holds in the position after the step). The
// argument: take a legal line from the root to W's mate and its first step the rules do not
// let through. Every position before that step keeps I1-I5 (each earlier step was let
// through), and only the left-out king steps are missing from the rules, so it is such a step;
// the position after it is then a stalemate, which is no mate and ends the game: no such
// line has such a step, and I1-I5 hold on the whole line, its mate included.
//
// Goal (I7, the other side's mate): W is the side the proof is about (the sets depend on it).
// A move of the other side after which W, to move, is surely checkmated ends the game (5.1.1)
// without W's mate, so it is left out of that man's rule (`move_mates_winner` says why W is
// mated in the position after it); the argument is I6's, with that mate for the stalemate. A
// knight whose only move mates W, or a pawn whose only push does, then never moves.
//
// I7 also knows discovered checks: the man that moves uncovers a fixed slider of L whose line
// to W's king crosses only squares where no man ever stands. W may then parry by taking the
// slider or stepping between, and against both checks at once by a king's step only; a parry
// that lands W's last piece where I8 says it is lost counts as none (W never mates after it
// either).
//
// Goal (I8, W's last piece lost): when W has only its king and one piece, a move of that piece
// onto a square next to L's king, held to one square and walled in there by fixed men of its
// own, gives a check that every legal reply answers by taking the piece (`last_piece_lost`
// says why); W is left with its king alone and never mates after it, so the move is left out
// of the piece's rule, by I6's argument. Goal (I9): with W's men the same, an L pawn's capture
// can only take that piece, and is left out for the same reason.
//
// The case split (`rules_out`): for a man X but a king, every line from the root to W's mate
// either takes X on its origin before X ever moves (case A) or does not (case B), so W cannot
// mate when the sets prove it in both cases. Case A: X never moves (no targets), counts as
// takeable (so neither fixed nor attacking for good) and, taken before the mate, neither
// checks nor blocks a flight in `may_be_mated`; it still stands in the way until it is taken
// (its origin stays in `occupiable_`). Case B: while X has not moved (its reach is its origin)
// it is not taken there, so it is not counted takeable and no enemy man enters its square;
// once its reach grows it is like any other man. Each case only adds a fact true on every
// line of its kind, so I1-I7 hold on those lines. The man split on is one that stood still
// until it became takeable in the earliest round where one did: in a wall it is typically a
// piece a bishop can take, whose loss is what frees the other men.
//
// The idea of saturating the men's reachable squares, of leaving out the steps that
// stalemate and of splitting on a man's capture, comes from the CHA-Solver analysis (Ambrona,
// chasolver.org); the rules and their arguments here are this project's own.
#include <array>
#include <bit>

#include "chess/attacks.hpp"
#include "chess/unwinnable_parts.hpp"

namespace drawaudit::chess::unwinnable_parts {

namespace {

constexpr Bitboard Everywhere = ~Bitboard{0};
constexpr int MaxRounds = 64;  // the sets settle in a few rounds; a cap keeps it bounded

struct Man {
    Square origin;
    Color color;
    PieceType type;
};

class Reach {
  public:
    // `guarded` and `doomed`: the two cases of the split (see `rules_out`), origins of men.
    Reach(const Position& pos, Color winner, Bitboard guarded, Bitboard doomed);

    // Grows the sets to their fixed point; false if the round cap was hit (then no proof).
    bool saturate();
    // Whether the king of `loser` could ever stand mated (see the file's comment).
    bool may_be_mated(Color loser) const;
    // Men that stood still and became takeable in the earliest round where any did: where a
    // case split may help (none: 0).
    Bitboard split_candidates() const { return split_candidates_; }

  private:
    Bitboard targets(const Man& man) const;
    Bitboard push_limit(const Man& pawn) const;
    Bitboard capture_squares(const Man& man) const;
    Bitboard checks_by(Color winner) const;
    bool only(const Man& man) const { return reach_[man.origin] == square_bit(man.origin); }
    Bitboard attacked_for_good(const Man& man, Bitboard occupied) const;
    Bitboard group_attacked_for_good(Color c, Bitboard not_counted, Bitboard occupied) const;
    bool step_stalemates(Color c, Square from, Square to) const;
    Bitboard sure_attacks(Color c, Square king_to) const;
    bool move_mates_winner(const Man& man, Square from, Square to) const;
    Bitboard without_mates(const Man& man, Square from, Bitboard to) const;
    bool last_piece_lost(const Man& piece, Square to, Square vacated, Square moved) const;
    Bitboard without_losses(const Man& piece, Bitboard to) const;
    bool attacked_by_winner_from_reach(Square target) const;
    // W's men are its king and one piece (no pawn: W never gets another).
    bool winner_has_one_piece() const {
        const Bitboard men = pieces_of_[index_of(winner_)] & ~kings_;
        return men != 0 && (men & (men - 1)) == 0 && !(men & pawns_);
    }

    std::array<Man, 32> men_{};
    int count_ = 0;
    std::array<Bitboard, 64> reach_{};
    Bitboard kings_ = 0;
    Bitboard pawns_ = 0;
    Bitboard pieces_of_[2] = {0, 0};
    Bitboard fixed_ = 0;     // origins of men that never move and are never taken
    Bitboard takeable_ = 0;  // origins of men that may be taken
    Bitboard promotes_ = 0;  // origins of pawns that may reach the last rank
    Bitboard always_attacked_[2] = {0, 0};
    Bitboard standing_[2] = {0, 0};  // where a man of each side but its king may stand
    Bitboard occupiable_ = 0;        // where any man may stand (outside it: always empty)
    Color winner_;
    Bitboard guarded_ = 0;  // case B: never taken while it stands still on its origin
    Bitboard doomed_ = 0;   // case A: never moves, taken on its origin
    Bitboard held_ = 0;     // the guarded men that have not moved yet (this round)
    Bitboard split_candidates_ = 0;
};

Reach::Reach(const Position& pos, Color winner, Bitboard guarded, Bitboard doomed)
    : winner_(winner), guarded_(guarded), doomed_(doomed) {
    kings_ = pos.pieces(PieceType::King);
    pawns_ = pos.pieces(PieceType::Pawn);
    for (Color c : {Color::White, Color::Black}) {
        pieces_of_[index_of(c)] = pos.pieces(c);
        for (Bitboard b = pos.pieces(c); b;) {
            const Square s = pop_lsb(b);
            men_[static_cast<std::size_t>(count_++)] = Man{s, c, type_of(pos.piece_on(s))};
            reach_[s] = square_bit(s);
        }
    }
    // The sets start where they are tightest and only loosen: every man fixed, none takeable,
    // the squares attacked now attacked for good.
    fixed_ = pos.occupied();
    occupiable_ = pos.occupied();
    for (int i = 0; i < count_; ++i) {
        const Man& m = men_[static_cast<std::size_t>(i)];
        always_attacked_[index_of(m.color)] |= attacks_of(m.type, m.color, m.origin, fixed_);
    }
}

// I5: the squares of its file a pawn whose reach stays on the file may still reach: those
// behind every pawn ahead of it on the file whose reach stays there and that is never taken
// (behind the furthest square that pawn may reach towards P's last rank). Both stay on the
// file, so neither moves but by pushes, which never jump a man; and Q is never taken: P stays
// behind Q, as it stood at the start.
Bitboard Reach::push_limit(const Man& pawn) const {
    const Bitboard file = file_bb(file_of(pawn.origin));
    if (reach_[pawn.origin] & ~file) return Everywhere;
    Bitboard limit = Everywhere;
    const bool white = pawn.color == Color::White;
    for (int i = 0; i < count_; ++i) {
        const Man& q = men_[static_cast<std::size_t>(i)];
        if (q.type != PieceType::Pawn || q.origin == pawn.origin) continue;
        if (!(square_bit(q.origin) & file) || (reach_[q.origin] & ~file)) continue;
        if (square_bit(q.origin) & takeable_) continue;
        const bool ahead = white ? q.origin > pawn.origin : q.origin < pawn.origin;
        if (!ahead) continue;
        const Bitboard r = reach_[q.origin];
        // Squares strictly behind Q's furthest square, seen from P.
        const Square furthest = white ? static_cast<Square>(63 - std::countl_zero(r)) : lsb(r);
        const Bitboard behind =
            white ? (square_bit(furthest) - 1) : ~((square_bit(furthest) << 1) - 1);
        limit &= behind;
    }
    return limit;
}

// Every square `man` could move to from a square of its reach (I1's rules). A fixed man of its
// own side, or a fixed king, is never entered (I2; kings are never taken); sliders stop at fixed
// men; a pawn pushes onto no fixed man and captures only where an enemy man but the king may
// stand.
Bitboard Reach::targets(const Man& man) const {
    const Color c = man.color;
    if (square_bit(man.origin) & doomed_) return 0;  // case A: it never moves
    // Case B: no enemy man enters the square of a guarded man that has not moved yet.
    const Bitboard no_entry =
        (fixed_ & (pieces_of_[index_of(c)] | kings_)) | (held_ & pieces_of_[index_of(~c)]);
    const Bitboard reach = reach_[man.origin];
    // I7: watch the other side's moves for one that surely mates W, once W's king is held to
    // one square.
    const Bitboard winner_king = pieces_of_[index_of(winner_)] & kings_;
    const bool watch = c != winner_ && reach_[lsb(winner_king)] == winner_king;
    Bitboard result = 0;
    switch (man.type) {
        case PieceType::Pawn: {
            if (square_bit(man.origin) & promotes_) return Everywhere & ~no_entry;
            const Bitboard limit = push_limit(man);
            for (Bitboard b = reach & ~rank_bb(c == Color::White ? 7 : 0); b;) {
                const Square from = pop_lsb(b);
                const Bitboard one =
                    (c == Color::White ? square_bit(from) << 8 : square_bit(from) >> 8) & ~fixed_ &
                    limit;
                if (one && relative_rank(c, from) == 1)
                    result |= (c == Color::White ? one << 8 : one >> 8) & ~fixed_ & limit;
                // An en-passant capture lands on the square the enemy pawn passed, which its
                // single push puts in its reach. I9: where W's only man but its king is one
                // piece, an L pawn's capture takes it, and W, left with its king alone, never
                // mates after it: a line to W's mate has no such capture.
                const Bitboard takes = c != winner_ && winner_has_one_piece()
                                           ? 0
                                           : pawn_attacks(c, from) & standing_[index_of(~c)];
                Bitboard to = one | (takes & ~no_entry);
                // A push to the last rank promotes: what it becomes is not known here.
                const Bitboard last = rank_bb(c == Color::White ? 7 : 0);
                if (watch) to = without_mates(man, from, to & ~last) | (to & last);
                result |= to;
            }
            return result;
        }
        case PieceType::King: {
            // I6: a step is let through unless it surely stalemates the other side.
            const Bitboard allowed = ~no_entry & ~always_attacked_[index_of(~c)] & ~reach;
            for (Bitboard b = reach; b;) {
                const Square from = pop_lsb(b);
                for (Bitboard steps = king_attacks(from) & allowed & ~result; steps;) {
                    const Square to = pop_lsb(steps);
                    if (!step_stalemates(c, from, to)) result |= square_bit(to);
                }
            }
            return result;
        }
        default:
            for (Bitboard b = reach; b;) {
                const Square from = pop_lsb(b);
                const Bitboard to = attacks_of(man.type, c, from, fixed_) & ~no_entry & ~result;
                result |= watch ? without_mates(man, from, to) : to;
            }
            // I8: W's last piece never lands where every reply takes it.
            return c == winner_ ? without_losses(man, result) : result;
    }
}

// I4's rule for one man: the squares it attacks from every square of its reach, with the
// squares in `occupied` in the way.
Bitboard Reach::attacked_for_good(const Man& man, Bitboard occupied) const {
    Bitboard always = Everywhere;
    // A king is never taken and no man stands where it stands: whatever man stands on a square
    // t, the king is on another square of its reach. So t is attacked for good when the king
    // attacks it from every other square of its reach (a king held to d8 and e8 keeps the
    // other king off both, and off d7).
    if (man.type == PieceType::King) {
        for (Bitboard b = reach_[man.origin]; b && always;) {
            const Square r = pop_lsb(b);
            always &= king_attacks(r) | square_bit(r);
        }
        return always;
    }
    for (Bitboard b = reach_[man.origin]; b && always;)
        always &= attacks_of(man.type, man.color, pop_lsb(b), occupied);
    return always;
}

// I4 for a group of men (I4g): pieces of one colour and one type, never taken, whose reaches
// overlap (joined while any two meet) and cover together a set S of squares that no other man
// ever stands on. By I1 and I3 the group's k men stand on k distinct squares of S in every
// position, so at most |S| - k squares of S are empty: a square some man of the group attacks
// for every choice of those empty squares (the rest of S, and every square outside S that
// some man may stand on, blocking) is attacked for good. One man alone may not be: seven
// bishops in eight squares of a cage guard a pawn from whichever square is full. Only where
// the choices are few (at most two empty squares of sixteen).
Bitboard Reach::group_attacked_for_good(Color c, Bitboard not_counted, Bitboard occupied) const {
    constexpr int MaxGroupSquares = 16;
    constexpr int MaxEmpty = 2;
    Bitboard attacked = 0;
    for (PieceType type :
         {PieceType::Knight, PieceType::Bishop, PieceType::Rook, PieceType::Queen}) {
        Bitboard left = 0;  // origins of the men of this kind not yet in a group
        for (int i = 0; i < count_; ++i) {
            const Man& m = men_[static_cast<std::size_t>(i)];
            if (m.color == c && m.type == type && !(square_bit(m.origin) & not_counted))
                left |= square_bit(m.origin);
        }
        while (left) {
            // A group: grow it from one man while another man's reach meets its squares.
            Bitboard group = square_bit(lsb(left));
            Bitboard squares = reach_[lsb(left)];
            for (bool grew = true; grew;) {
                grew = false;
                for (Bitboard b = left & ~group; b;) {
                    const Square o = pop_lsb(b);
                    if (reach_[o] & squares) {
                        group |= square_bit(o);
                        squares |= reach_[o];
                        grew = true;
                    }
                }
            }
            left &= ~group;
            const int men = std::popcount(group);
            const int empty = std::popcount(squares) - men;
            if (men < 2 || empty > MaxEmpty || std::popcount(squares) > MaxGroupSquares) continue;
            bool alone = true;  // no other man ever stands on S
            for (int i = 0; i < count_ && alone; ++i) {
                const Man& m = men_[static_cast<std::size_t>(i)];
                if (!(square_bit(m.origin) & group) && (reach_[m.origin] & squares)) alone = false;
            }
            if (!alone) continue;
            const Bitboard outside = occupied & ~squares;
            Bitboard always = Everywhere;
            // Every set of `empty` squares of S (0, 1 or 2 of them).
            auto attacks_with_empty = [&](Bitboard vacant) {
                const Bitboard full = squares & ~vacant;
                Bitboard a = 0;
                for (Bitboard b = full; b;) a |= attacks_of(type, c, pop_lsb(b), full | outside);
                always &= a;
            };
            if (empty == 0) {
                attacks_with_empty(0);
            } else {
                for (Bitboard first = squares; first && always;) {
                    const Square e1 = pop_lsb(first);
                    if (empty == 1) {
                        attacks_with_empty(square_bit(e1));
                        continue;
                    }
                    for (Bitboard second = first; second && always;)
                        attacks_with_empty(square_bit(e1) | square_bit(pop_lsb(second)));
                }
            }
            attacked |= always;
        }
    }
    return attacked;
}

// `to` without the squares where the move of `man` from `from` surely mates W (I7).
Bitboard Reach::without_mates(const Man& man, Square from, Bitboard to) const {
    for (Bitboard t = to; t;) {
        const Square square = pop_lsb(t);
        if (move_mates_winner(man, from, square)) to &= ~square_bit(square);
    }
    return to;
}

// I7: whether `man`, of the side L that W plays against, moving from `from` to `to` leaves W
// checkmated in every position where I1-I5 held before the move (W's king then stands on its
// one square k; every other man but `man` where it stood, in its reach): the man on `to`
// attacks k across squares where no man ever stands (but `from`, which it left), so the check
// cannot be blocked; no man of W may stand where it attacks `to`; W's king takes it only when
// it is next to k and not attacked by L's other men; every square next to k holds a fixed man
// of W or is attacked, by the man on `to` or by L's other men. What L's other men attack is
// I4's rule without `man` (which may now stand outside its reach) and with `to` in the way.
bool Reach::move_mates_winner(const Man& man, Square from, Square to) const {
    const Color w = winner_;
    const Color l = ~w;
    const Square k = lsb(pieces_of_[index_of(w)] & kings_);
    const Bitboard blockers = occupiable_ & ~square_bit(from);
    const Bitboard gives = attacks_of(man.type, l, to, blockers);
    const bool direct = (gives & square_bit(k)) != 0;
    // The discovered check: a fixed slider of L (on its origin, I2) whose line to k passes
    // `from` and otherwise only squares where no man ever stands, `to` not among them.
    const auto& hot = detail::Hot;
    Square discovered = NoSquare;
    for (int i = 0; i < count_; ++i) {
        const Man& y = men_[static_cast<std::size_t>(i)];
        if (y.color != l || y.origin == man.origin || !(square_bit(y.origin) & fixed_)) continue;
        if (y.type != PieceType::Queen && y.type != PieceType::Rook && y.type != PieceType::Bishop)
            continue;
        const Bitboard line = hot.between[y.origin][k];
        if (!(line & square_bit(from)) || (line & square_bit(to)) ||
            (line & occupiable_ & ~square_bit(from)))
            continue;
        if (attacks_of(y.type, l, y.origin, blockers) & square_bit(k)) {
            discovered = y.origin;
            break;
        }
    }
    if (!direct && discovered == NoSquare) return false;
    // A pawn of W could push between (its pushes are no attacks): no proof then.
    if (!direct && (pieces_of_[index_of(w)] & pawns_)) return false;
    // Where W could parry: take the checker (`to`, or the slider that gives the discovered
    // check), or, against the discovered check, step between; against both checks at once
    // only the king's steps. No man of W may stand where it attacks such a square, unless that
    // move lands W's last piece where every reply takes it (I8: then W cannot mate either).
    const Bitboard parries = direct && discovered != NoSquare ? 0
                             : direct                         ? square_bit(to)
                                      : square_bit(discovered) | hot.between[discovered][k];
    for (int i = 0; i < count_; ++i) {
        const Man& x = men_[static_cast<std::size_t>(i)];
        if (x.color != w || x.type == PieceType::King) continue;
        if (square_bit(x.origin) & promotes_) return false;
        for (Bitboard b = reach_[x.origin]; b;) {
            const Square s = pop_lsb(b);
            for (Bitboard p = attacks_of(x.type, w, s, fixed_) & parries; p;)
                if (!last_piece_lost(x, pop_lsb(p), from, man.origin)) return false;
        }
    }
    Bitboard others = 0;
    const Bitboard occupied = occupiable_ | square_bit(to);
    for (int i = 0; i < count_; ++i) {
        const Man& y = men_[static_cast<std::size_t>(i)];
        if (y.color != l || y.origin == man.origin) continue;
        if (square_bit(y.origin) & (takeable_ | promotes_)) continue;
        others |= attacked_for_good(y, occupied);
    }
    if ((king_attacks(k) & square_bit(to)) && !(others & square_bit(to))) return false;
    const Bitboard covered = (fixed_ & pieces_of_[index_of(w)]) | others | gives;
    return !(king_attacks(k) & ~covered);
}

// Whether W's king, anywhere in its reach, attacks `target`.
bool Reach::attacked_by_winner_from_reach(Square target) const {
    for (Bitboard b = reach_[lsb(pieces_of_[index_of(winner_)] & kings_)]; b;)
        if (king_attacks(pop_lsb(b)) & square_bit(target)) return true;
    return false;
}

// I8: whether `piece`, W's only man but its king (W has no pawn), landing on `to` next to L's
// king leaves W, in every position where I1-I5 held before the move, with its king alone once
// L has replied. `vacated`: a square an L man (of origin `moved`) has just left (I7's
// discovered check), or NoSquare; that man counts neither as a wall nor as a taker. L's king stands
// on its one square kL (its reach); `piece` on `to` next to it gives check, which no man can block;
// every other neighbour of kL holds a fixed man of L (I2: on its origin; not `vacated`), so the
// king's only step is onto `to`. So every legal reply takes `piece`, and one exists: L's king takes
// it when W's king, wherever it stands, does not attack `to` (W has no other man), or an L man but
// the king that is never taken attacks `to` from every square of its reach with every square a man
// may stand on in the way (I4's rule), and no W man can pin it (`piece` stands next to kL, W's king
// pins nothing). W is then left with its king alone and never mates: a line to W's mate never has
// this move.
bool Reach::last_piece_lost(const Man& piece, Square to, Square vacated, Square moved) const {
    const Color w = winner_;
    const Color l = ~w;
    if (piece.type == PieceType::Knight || !winner_has_one_piece() ||
        !(pieces_of_[index_of(w)] & square_bit(piece.origin)))
        return false;
    const Square kl = lsb(pieces_of_[index_of(l)] & kings_);
    if (reach_[kl] != square_bit(kl) || !(king_attacks(kl) & square_bit(to))) return false;
    if (!(attacks_of(piece.type, w, to, square_bit(kl)) & square_bit(kl))) return false;
    const Bitboard left = vacated == NoSquare ? 0 : square_bit(vacated);
    const Bitboard walls = fixed_ & pieces_of_[index_of(l)] & ~square_bit(kl) & ~left;
    if (king_attacks(kl) & ~square_bit(to) & ~walls) return false;
    if (!attacked_by_winner_from_reach(to)) return true;
    const Bitboard occupied = occupiable_ | square_bit(to);
    for (int i = 0; i < count_; ++i) {
        const Man& y = men_[static_cast<std::size_t>(i)];
        if (y.color != l || y.type == PieceType::King) continue;
        if (y.origin == moved || y.origin == to) continue;
        if (square_bit(y.origin) & (takeable_ | promotes_)) continue;
        if (attacked_for_good(y, occupied) & square_bit(to)) return true;
    }
    return false;
}

// `to` without the squares where W's last piece would be lost (I8).
Bitboard Reach::without_losses(const Man& piece, Bitboard to) const {
    const Square kl = lsb(pieces_of_[index_of(~winner_)] & kings_);
    for (Bitboard t = to & king_attacks(kl); t;) {
        const Square square = pop_lsb(t);
        if (last_piece_lost(piece, square, NoSquare, NoSquare)) to &= ~square_bit(square);
    }
    return to;
}

// Squares surely attacked by side c once its king has stepped to `king_to` (I6), in any
// position where I1-I5 held before the step: the king's own, and those of c's fixed men
// (I2: on their origins), a slider's with only the squares where some man may stand, or the
// king on `king_to`, in the way (outside `occupiable_` a square is always empty, I1).
Bitboard Reach::sure_attacks(Color c, Square king_to) const {
    Bitboard attacked = king_attacks(king_to);
    const Bitboard blockers = occupiable_ | square_bit(king_to);
    for (int i = 0; i < count_; ++i) {
        const Man& m = men_[static_cast<std::size_t>(i)];
        if (m.color != c || m.type == PieceType::King || !(square_bit(m.origin) & fixed_)) continue;
        attacked |= attacks_of(m.type, c, m.origin, blockers);
    }
    return attacked;
}

// I6: whether, in every position where I1-I5 hold and c's king stands on `from` with c to
// move, the king's step to `to` leaves a stalemate (the other side, o, to move without a legal
// move and not in check). Only the king moved: every other man stands where it stood, in its
// reach, the fixed ones on their origins; the man on `to`, if any, is taken.
//  (a) o is not in check: before the step o was not (c was to move), the king gives none, and
//      no slider of c may stand behind `from` on a line from a square of o's king's reach (the
//      step could uncover it) unless a fixed man, or the king on `to`, stands between. A pawn of
//      either side that may promote may become anything: then no proof.
//  (b) o's men but the king cannot move: every other man of o is a pawn, or a piece that
//      stands fixed with every square it could go to held by a fixed man of its own side; a
//      pawn, wherever in its reach it stands (but on `to`, where it is taken), has its square
//      ahead held (by a fixed man but c's king, which left `from`, or by that king on `to`) and
//      no man of c but the king may stand where it takes (en passant needs a pawn's double
//      step just before: this step is the king's).
//  (c) o's king cannot move: wherever in its reach it stands (not next to `to`: the step
//      would be illegal), each of its neighbours holds a fixed man of o or is surely attacked
//      by c (sure_attacks).
bool Reach::step_stalemates(Color c, Square from, Square to) const {
    const Color o = ~c;
    if (promotes_) return false;
    const Bitboard own_fixed = fixed_ & pieces_of_[index_of(o)];
    const Bitboard held_ahead = (fixed_ & ~square_bit(from)) | square_bit(to);
    for (int i = 0; i < count_; ++i) {
        const Man& m = men_[static_cast<std::size_t>(i)];
        if (m.color != o || m.type == PieceType::King) continue;
        if (m.type != PieceType::Pawn) {
            if (!(square_bit(m.origin) & fixed_)) return false;
            if (attacks_of(m.type, o, m.origin, held_ahead) & ~own_fixed) return false;
            continue;
        }
        for (Bitboard b = reach_[m.origin] & ~square_bit(to); b;) {
            const Square r = pop_lsb(b);
            const Bitboard ahead = o == Color::White ? square_bit(r) << 8 : square_bit(r) >> 8;
            if (!(ahead & held_ahead)) return false;
            if (pawn_attacks(o, r) & standing_[index_of(c)]) return false;
        }
    }
    const Square king = lsb(pieces_of_[index_of(o)] & kings_);
    const Bitboard king_reach = reach_[king] & ~king_attacks(to) & ~square_bit(to);
    const Bitboard covered = own_fixed | sure_attacks(c, to);
    for (Bitboard b = king_reach; b;) {
        const Square k = pop_lsb(b);
        if (king_attacks(k) & ~covered) return false;
    }
    // (a): c's sliders behind `from`, seen from any square of o's king's reach (the squares
    // next to `to` included: harmless).
    const auto& hot = detail::Hot;
    for (Bitboard b = reach_[king]; b;) {
        const Square k = pop_lsb(b);
        const Bitboard behind =
            hot.ray_through[k][from] & ~hot.between[k][from] & ~square_bit(from);
        // A man surely standing between (held_ahead: fixed men, the king on `to`) shields k.
        if (!behind || (hot.between[k][from] & held_ahead)) continue;
        const bool diagonal = (bishop_rays(k) & square_bit(from)) != 0;
        for (int i = 0; i < count_; ++i) {
            const Man& m = men_[static_cast<std::size_t>(i)];
            if (m.color != c) continue;
            const bool slides = m.type == PieceType::Queen ||
                                m.type == (diagonal ? PieceType::Bishop : PieceType::Rook);
            if (slides && (reach_[m.origin] & behind)) return false;
        }
    }
    return true;
}

// Where `man` could take an enemy man: any square of its reach but when it never moves (a
// pawn: the squares it attacks from its reach; a pawn that may promote: its reach too). En
// passant needs nothing more: it takes a pawn that has just stepped over a square this pawn
// attacks, which that pawn's single step puts in its reach, so it is takeable already.
Bitboard Reach::capture_squares(const Man& man) const {
    const Bitboard r = reach_[man.origin];
    if (man.type != PieceType::Pawn) return only(man) ? 0 : r;
    Bitboard squares = 0;
    for (Bitboard b = r; b;) squares |= pawn_attacks(man.color, pop_lsb(b));
    if (square_bit(man.origin) & promotes_) squares |= r;
    return squares;
}

bool Reach::saturate() {
    for (int round = 0; round < MaxRounds; ++round) {
        bool changed = false;
        standing_[0] = standing_[1] = 0;
        held_ = 0;
        for (Bitboard b = guarded_; b;) {
            const Square g = pop_lsb(b);
            if (reach_[g] == square_bit(g)) held_ |= square_bit(g);
        }
        for (int i = 0; i < count_; ++i) {
            const Man& m = men_[static_cast<std::size_t>(i)];
            if (m.type != PieceType::King) standing_[index_of(m.color)] |= reach_[m.origin];
        }
        for (int i = 0; i < count_; ++i) {
            const Man& man = men_[static_cast<std::size_t>(i)];
            Bitboard& r = reach_[man.origin];
            Bitboard grown = r | targets(man);
            if (man.type == PieceType::Pawn &&
                (grown & rank_bb(man.color == Color::White ? 7 : 0)) &&
                !(square_bit(man.origin) & promotes_)) {
                promotes_ |= square_bit(man.origin);
                grown |= targets(man);
            }
            if (grown != r) {
                r = grown;
                changed = true;
            }
        }
        // I3: a man is takeable when an enemy man may move onto a square of its reach.
        Bitboard captures_by[2] = {0, 0};
        for (int i = 0; i < count_; ++i) {
            const Man& y = men_[static_cast<std::size_t>(i)];
            captures_by[index_of(y.color)] |= capture_squares(y);
        }
        // Case A: a doomed man is taken; case B: a held man is not (yet).
        Bitboard takeable = doomed_;
        for (int i = 0; i < count_; ++i) {
            const Man& x = men_[static_cast<std::size_t>(i)];
            if (x.type != PieceType::King && !(square_bit(x.origin) & held_) &&
                (captures_by[index_of(~x.color)] & reach_[x.origin]))
                takeable |= square_bit(x.origin);
        }
        Bitboard fixed = 0;
        Bitboard occupiable = 0;  // stored below, for I6
        for (int i = 0; i < count_; ++i) {
            const Man& m = men_[static_cast<std::size_t>(i)];
            occupiable |= reach_[m.origin];
            if (only(m) && !(square_bit(m.origin) & takeable)) fixed |= square_bit(m.origin);
        }
        // I4: a man never taken attacks, wherever it stands in its reach, the squares it
        // attacks from every one of them with every square some man may stand on blocking.
        Bitboard attacked[2] = {0, 0};
        for (int i = 0; i < count_; ++i) {
            const Man& m = men_[static_cast<std::size_t>(i)];
            if ((square_bit(m.origin) & (takeable | promotes_))) continue;
            attacked[index_of(m.color)] |= attacked_for_good(m, occupiable);
        }
        for (Color c : {Color::White, Color::Black})
            attacked[index_of(c)] |=
                group_attacked_for_good(c, takeable | promotes_ | doomed_, occupiable);
        if (!split_candidates_)
            split_candidates_ = takeable & ~takeable_ & fixed_ & ~(guarded_ | doomed_);
        if (takeable != takeable_ || fixed != fixed_ || attacked[0] != always_attacked_[0] ||
            attacked[1] != always_attacked_[1])
            changed = true;
        takeable_ = takeable;
        fixed_ = fixed;
        if (occupiable != occupiable_) changed = true;
        occupiable_ = occupiable;
        always_attacked_[0] = attacked[0];
        always_attacked_[1] = attacked[1];
        if (!changed) return true;
    }
    return false;
}

// The squares W's men but its king could ever attack: from any square of their reach, with
// only the fixed men blocking (the board holds them at least); a pawn that may promote, all.
Bitboard Reach::checks_by(Color winner) const {
    Bitboard checks = 0;
    for (int i = 0; i < count_; ++i) {
        const Man& m = men_[static_cast<std::size_t>(i)];
        if (m.color != winner || m.type == PieceType::King) continue;
        if (square_bit(m.origin) & doomed_) continue;  // case A: taken before the mate
        if (square_bit(m.origin) & promotes_) return Everywhere;
        for (Bitboard b = reach_[m.origin]; b;)
            checks |= attacks_of(m.type, m.color, pop_lsb(b), fixed_);
    }
    return checks;
}

bool Reach::may_be_mated(Color loser) const {
    const Color winner = ~loser;
    const Bitboard king_reach = reach_[lsb(pieces_of_[index_of(loser)] & kings_)];
    const Bitboard winner_king_reach = reach_[lsb(pieces_of_[index_of(winner)] & kings_)];
    const Bitboard checks = checks_by(winner);
    std::array<Bitboard, 16> blockers{};
    int blocker_count = 0;
    for (int i = 0; i < count_; ++i) {
        const Man& m = men_[static_cast<std::size_t>(i)];
        if (m.color != loser || m.type == PieceType::King) continue;
        if (square_bit(m.origin) & doomed_) continue;  // case A: taken before the mate
        if (blocker_count == static_cast<int>(blockers.size())) return true;  // stay sound
        blockers[static_cast<std::size_t>(blocker_count++)] = reach_[m.origin];
    }
    for (Bitboard candidates = king_reach & checks; candidates;) {
        const Square m = pop_lsb(candidates);
        const Bitboard needed = king_attacks(m) & king_reach & ~checks;
        if (can_block_all(needed, blockers.data(), blocker_count)) return true;
        for (Bitboard stands = winner_king_reach & ring_two(m); stands;) {
            const Bitboard rest = needed & ~king_attacks(pop_lsb(stands));
            if (rest != needed && can_block_all(rest, blockers.data(), blocker_count)) return true;
        }
    }
    return false;
}

}  // namespace

namespace {

// Whether W cannot mate on any line where the men of `guarded` are not taken on their origin
// before they move (case B) and those of `doomed` are taken there without ever moving (case
// A). When the sets leave a mate possible, a man that stood still until it became takeable
// splits the lines in two (the file's comment); W cannot mate when it cannot in either case.
// `splits` bounds the work: at most 2 * splits + 1 saturations.
bool rules_out(const Position& pos, Color winner, Bitboard guarded, Bitboard doomed, int& splits) {
    Reach reach(pos, winner, guarded, doomed);
    if (!reach.saturate()) return false;
    if (!reach.may_be_mated(~winner)) return true;
    const Bitboard candidates = reach.split_candidates();
    if (!candidates || splits <= 0) return false;
    --splits;
    const Bitboard man = square_bit(lsb(candidates));
    return rules_out(pos, winner, guarded | man, doomed, splits) &&
           rules_out(pos, winner, guarded, doomed | man, splits);
}

}  // namespace

bool reach_rules_out_mate(const Position& pos, Color winner, int max_splits) {
    // Castling and an en-passant capture now are moves the rules above do not know.
    if (pos.castling_rights().any() || pos.has_legal_en_passant()) return false;
    int splits = max_splits;
    return rules_out(pos, winner, 0, 0, splits);
}

// Goal (the replies): every line from `pos` to W's mate goes through one of its legal moves,
// so W cannot mate from `pos` when, after each of them, the game has ended without W's mate
// (a stalemate, or W mated) or a proof (parts 1-2, or the saturation) says W cannot mate from
// there. The saturation lets every move of a man through, whatever the position asks: a piece
// that must be taken at once (it gives check, and every reply takes it) still counts as a
// blocker wherever it could go. After the forced replies it is gone. Only where the moves are
// few: at most MaxReplies a position, `depth` plies deep.
bool reach_rules_out_mate_after_replies(const Position& pos, Color winner, int depth) {
    constexpr int MaxReplies = 4;
    MoveList moves;
    pos.generate_legal(moves);
    if (moves.empty() || moves.size() > MaxReplies) return false;
    for (const Move m : moves) {
        const Position child = Position::after_move(pos, m);
        MoveList replies;
        child.generate_legal(replies);
        if (replies.empty()) {
            if (child.in_check() && child.side_to_move() != winner) return false;  // W's mate
            continue;  // stalemate, or W mated: the game has ended without W's mate
        }
        if (static_proof(child, winner) != UnwinnableProof::None) continue;
        if (reach_rules_out_mate(child, winner)) continue;
        if (depth > 1 && reach_rules_out_mate_after_replies(child, winner, depth - 1)) continue;
        return false;
    }
    return true;
}

}  // namespace drawaudit::chess::unwinnable_parts
