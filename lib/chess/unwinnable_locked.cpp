// Part 2 of the unwinnability analysis (unwinnable.hpp): locked pawns.
//
// Claim: if (a) no en-passant capture and no castling right exists, (b) every pawn has in front
// of it a pawn, a king that can never move or a piece caged for good (both below), (c) no pawn
// attacks an enemy pawn, and (d) no piece of either side can reach, moving over the board of
// pawns only (other pieces ignored, so the reachable set is a superset), a square from which it
// would capture a pawn (a king: a pawn no enemy pawn or frozen man defends) or a square a pawn
// of the other side attacks (kings may not enter those at all), then no pawn ever moves or is
// captured, no promotion happens, and every piece stays in its region: each legal move keeps
// all of this true. Pawn checks are impossible (the king never enters a square a pawn attacks,
// and we refuse a king that stands on one now), so a mate needs a check by a W piece on a
// square of the other king's region, with every flight square covered: (e), the mate test,
// looks for such a square. Each clause is a function below, named after its letter.
#include <array>

#include "chess/attacks.hpp"
#include "chess/unwinnable.hpp"
#include "chess/unwinnable_parts.hpp"

namespace drawaudit::chess {

namespace unwinnable_parts {

// The squares at king distance exactly two from `s`.
Bitboard ring_two(Square s) {
    Bitboard near = king_attacks(s) | square_bit(s);
    Bitboard wider = near;
    for (Bitboard b = near; b;) wider |= king_attacks(pop_lsb(b));
    return wider & ~near;
}

// Whether every square of `needed` can get its own piece: a matching of the squares into the
// pieces whose region holds them (augmenting paths; at most 8 squares and 16 pieces).
bool can_block_all(Bitboard needed, const Bitboard* regions, int count) {
    if (needed == 0) return true;
    if (popcount(needed) > count) return false;
    std::array<Square, 8> squares{};
    int n = 0;
    for (Bitboard b = needed; b;) squares[static_cast<std::size_t>(n++)] = pop_lsb(b);
    std::array<int, 16> owner;  // the square index each piece holds, or -1
    owner.fill(-1);
    // Depth-first augmentation from square i; `visited` marks pieces tried in this round.
    auto augment = [&](auto&& self, int i, unsigned& visited) -> bool {
        for (int p = 0; p < count; ++p) {
            if ((visited >> p) & 1U) continue;
            if (!(regions[p] & square_bit(squares[static_cast<std::size_t>(i)]))) continue;
            visited |= 1U << p;
            const int held = owner[static_cast<std::size_t>(p)];
            if (held < 0 || self(self, held, visited)) {
                owner[static_cast<std::size_t>(p)] = i;
                return true;
            }
        }
        return false;
    };
    for (int i = 0; i < n; ++i) {
        unsigned visited = 0;
        if (!augment(augment, i, visited)) return false;
    }
    return true;
}

}  // namespace unwinnable_parts

namespace {

using unwinnable_parts::can_block_all;
using unwinnable_parts::ring_two;

struct PawnBoard {
    Bitboard pawns;
    Bitboard pawns_of[2];
    Bitboard attacked_by_pawns_of[2];
    // What keeps the other king out for good: the pawns' attacks and the squares next to a
    // king that can never move (see is_locked_unwinnable).
    Bitboard guarded_by[2];
};

Bitboard white_pawn_attacks(Bitboard p) {
    return pawn_attacks_west<Color::White>(p) | pawn_attacks_east<Color::White>(p);
}
Bitboard black_pawn_attacks(Bitboard p) {
    return pawn_attacks_west<Color::Black>(p) | pawn_attacks_east<Color::Black>(p);
}

// Floods the region of a piece of type `t` and colour `c` from `from`. False when the piece
// could capture a pawn or be captured by one (the structure is not locked).
bool flood_region(const PawnBoard& board, PieceType t, Color c, Square from, Bitboard& region,
                  Bitboard& attacked) {
    const Bitboard enemy_pawns = board.pawns_of[index_of(~c)];
    const Bitboard enemy_pawn_attacks = board.attacked_by_pawns_of[index_of(~c)];
    const bool king = t == PieceType::King;
    const Bitboard enemy_guard = board.guarded_by[index_of(~c)];
    if (square_bit(from) & enemy_pawn_attacks) return false;
    const Bitboard no_entry = board.pawns | (king ? enemy_guard : 0);
    region = square_bit(from);
    attacked = 0;
    Bitboard todo = region;
    while (todo) {
        const Square s = pop_lsb(todo);
        const Bitboard targets = attacks_of(t, c, s, board.pawns);
        attacked |= targets;
        if (king) {
            // The king may take a pawn no enemy pawn or frozen king defends (a piece
            // defender may go away).
            if (targets & enemy_pawns & ~enemy_guard) return false;
        } else {
            if (targets & (enemy_pawns | enemy_pawn_attacks)) return false;
        }
        const Bitboard fresh = targets & ~no_entry & ~region;
        region |= fresh;
        todo |= fresh;
    }
    return true;
}

// The pawns of W (which has only its king and pawns, checked by the caller) that the other
// king may take but only to leave W stalemated or mated. Why: until the first capture of a pawn
// every fact of the locked structure holds, so W's king stands in its region (flooded as in
// is_locked_unwinnable), away from q (the capturing king may not stand next to it). W's pawns
// stay blocked (the square in front of each is a pawn, a frozen man, or q with the king now on
// it) and capture nothing: no enemy pawn stands where they attack, no enemy piece can enter
// such a square (its flood fails otherwise), and q is no square a W pawn attacks (q was
// unguarded). W has no other man; so W has no legal move when every neighbour of every square
// W's king can stand on, away from q, is one of W's pawns, a square an enemy pawn attacks (empty
// or an enemy pawn defended by it), or a square the king on q covers.
Bitboard stalemating_pawns(const PawnBoard& board, const Position& pos, Color winner) {
    const Color loser = ~winner;
    Bitboard region = 0;
    Bitboard attacked = 0;
    // A W king that could take a pawn itself breaks the structure: the caller fails later.
    if (!flood_region(board, PieceType::King, winner, pos.king_square(winner), region, attacked))
        return 0;
    const Bitboard stuck =
        board.pawns_of[index_of(winner)] | board.attacked_by_pawns_of[index_of(loser)];
    Bitboard result = 0;
    Bitboard takeable = board.pawns_of[index_of(winner)] & ~board.guarded_by[index_of(winner)];
    while (takeable) {
        const Square q = pop_lsb(takeable);
        const Bitboard closed = stuck | king_attacks(q);
        bool stalemates = true;
        for (Bitboard w = region & ~king_attacks(q); w && stalemates;)
            stalemates = (king_attacks(pop_lsb(w)) & ~closed) == 0;
        if (stalemates) result |= square_bit(q);
    }
    return result;
}

// (a) No en-passant capture and no castling right: the only moves that could change the pawns
// or move a king and a rook at once.
bool clause_a_no_en_passant_nor_castling(const Position& pos) {
    return !pos.has_legal_en_passant() && !pos.castling_rights().any();
}

// The pawns of `pos` (their attacks come later: most calls stop before needing them).
PawnBoard pawn_board_of(const Position& pos) {
    PawnBoard board{};
    board.pawns = pos.pieces(PieceType::Pawn);
    board.pawns_of[0] = pos.pieces(Color::White, PieceType::Pawn);
    board.pawns_of[1] = pos.pieces(Color::Black, PieceType::Pawn);
    return board;
}

// The pawns' attacks; the guards start as those and grow with the frozen men of clause (b).
void add_pawn_attacks(PawnBoard& board) {
    board.attacked_by_pawns_of[0] = white_pawn_attacks(board.pawns_of[0]);
    board.attacked_by_pawns_of[1] = black_pawn_attacks(board.pawns_of[1]);
    board.guarded_by[0] = board.attacked_by_pawns_of[0];
    board.guarded_by[1] = board.attacked_by_pawns_of[1];
}

// The squares in front of every pawn (a pawn is free to move where one is empty).
Bitboard squares_in_front_of_pawns(const PawnBoard& board) {
    return pawn_push<Color::White>(board.pawns_of[0]) | pawn_push<Color::Black>(board.pawns_of[1]);
}

// (b), kings: a king whose region is its own square (every neighbour a pawn or attacked by an
// enemy pawn) never moves while the pawns stand: it blocks a pawn as well as a pawn does. It
// also guards its neighbours for good: the other king never enters them and never takes a pawn
// there. (Frozen is decided on the pawns' guard alone, so the two facts do not lean on each
// other.)
Bitboard frozen_kings(const Position& pos, PawnBoard& board) {
    Bitboard frozen = 0;
    for (Color c : {Color::White, Color::Black}) {
        // The king's flood (flood_region) stopped at its first square: not on a square an
        // enemy pawn attacks, no enemy pawn next to it it may take, and every neighbour a pawn
        // or attacked by an enemy pawn. Three masks instead of flooding the region of every
        // king that can move (most of them), which was a third of this test's time in the
        // full mode's walks.
        const Square k = pos.king_square(c);
        const Bitboard enemy_guard = board.guarded_by[index_of(~c)];
        const Bitboard around = king_attacks(k);
        if ((square_bit(k) & board.attacked_by_pawns_of[index_of(~c)]) == 0 &&
            (around & board.pawns_of[index_of(~c)] & ~enemy_guard) == 0 &&
            (around & ~(board.pawns | enemy_guard)) == 0)
            frozen |= square_bit(k);
    }
    for (Color c : {Color::White, Color::Black}) {
        const Bitboard k = pos.pieces(c, PieceType::King);
        if (k & frozen) board.guarded_by[index_of(c)] |= king_attacks(lsb(k));
    }
    return frozen;
}

// (b), pieces: a piece whose every move would land on one of its own pawns never moves while
// the pawns stand, and one of those pawns defending it, no king ever takes it. When no enemy
// piece can ever attack its square either (clause_d_frozen_pieces_stay, over the regions), it
// stays for good: it blocks pawns and guards its own pawns from the other king as a pawn would.
Bitboard frozen_pieces(const Position& pos, PawnBoard& board) {
    Bitboard frozen = 0;
    for (Color c : {Color::White, Color::Black}) {
        const Bitboard own_pawns = board.pawns_of[index_of(c)];
        Bitboard pieces = pos.pieces(c) & ~board.pawns & ~pos.pieces(c, PieceType::King);
        while (pieces) {
            const Square s = pop_lsb(pieces);
            const Bitboard targets = attacks_of(type_of(pos.piece_on(s)), c, s, board.pawns);
            if ((targets & ~own_pawns) == 0 &&
                (square_bit(s) & board.attacked_by_pawns_of[index_of(c)])) {
                frozen |= square_bit(s);
                board.guarded_by[index_of(c)] |= targets;
            }
        }
    }
    return frozen;
}

// (b) Every pawn is blocked by a pawn, a frozen king or a frozen piece.
bool clause_b_every_pawn_blocked(const PawnBoard& board, Bitboard frozen_men) {
    return (squares_in_front_of_pawns(board) & ~(board.pawns | frozen_men)) == 0;
}

// (c) No pawn can capture a pawn.
bool clause_c_no_pawn_attacks_a_pawn(const PawnBoard& board) {
    return (board.attacked_by_pawns_of[0] & board.pawns_of[1]) == 0 &&
           (board.attacked_by_pawns_of[1] & board.pawns_of[0]) == 0;
}

// What the regions of every piece give the mate test.
struct Regions {
    Bitboard loser_king = 0;
    Bitboard winner_king = 0;
    // What W could ever attack: `checks` from its pieces other than the king (a mate's check
    // comes from one of them: the other king never enters a square a W pawn attacks), `cover`
    // adding its pawns (squares the mated king could not flee to); its king apart.
    Bitboard checks = 0;
    Bitboard cover = 0;
    Bitboard loser_attacks = 0;  // by the other side's pieces but its king
    // The regions of the other side's pieces but its king: the only possible blockers.
    std::array<Bitboard, 16> blockers{};
    int blocker_count = 0;
};

// (d) No piece can reach a square where it would capture a pawn or be captured by one: false
// when one can; else `regions` holds every piece's region and what W attacks from them.
bool clause_d_every_piece_stays_in_its_region(const Position& pos, const PawnBoard& board,
                                              Color winner, Regions& regions) {
    const Color loser = ~winner;
    {
        Bitboard attacked = 0;
        if (!flood_region(board, PieceType::King, loser, pos.king_square(loser), regions.loser_king,
                          attacked))
            return false;
    }
    regions.cover = board.attacked_by_pawns_of[index_of(winner)];
    for (Color c : {winner, loser}) {
        Bitboard pieces = pos.pieces(c) & ~board.pawns;
        if (c == loser) pieces &= ~pos.pieces(c, PieceType::King);
        while (pieces) {
            const Square s = pop_lsb(pieces);
            const PieceType t = type_of(pos.piece_on(s));
            Bitboard region = 0;
            Bitboard attacked = 0;
            if (!flood_region(board, t, c, s, region, attacked)) return false;
            if (c == winner && t == PieceType::King) {
                regions.winner_king = region;
            } else if (c == winner) {
                regions.cover |= attacked;
                regions.checks |= attacked;
            } else if (regions.blocker_count < static_cast<int>(regions.blockers.size())) {
                regions.blockers[static_cast<std::size_t>(regions.blocker_count++)] = region;
                regions.loser_attacks |= attacked;
            } else {
                return false;  // more pieces than a position can hold: give up, stay sound
            }
        }
    }
    return true;
}

// (d), frozen pieces: they stay for good only when no enemy piece can ever attack them.
bool clause_d_frozen_pieces_stay(const Position& pos, Color winner, Bitboard frozen,
                                 const Regions& regions) {
    return (frozen & pos.pieces(winner) & regions.loser_attacks) == 0 &&
           (frozen & pos.pieces(~winner) & regions.checks) == 0;
}

// (e) A mate by W puts the other king on a square k of its region that W checks, and leaves
// every neighbour of k a pawn's square (pawns never move; an enemy pawn next to the king is
// defended, else its flood had failed), or covered by W, or held by a distinct piece of the
// king's own side standing in its region. All sets are supersets of the real ones (attacks
// over the board of pawns only, one W piece counted everywhere at once), so when no k passes,
// no mate exists. W's king stands on one square of its region at the mate, two steps from k
// (next to k is illegal, further away it covers nothing around k): each such square is tried,
// and none at all.
bool clause_e_no_square_holds_a_mate(const PawnBoard& board, const Regions& regions) {
    Bitboard candidates = regions.loser_king & regions.checks;
    while (candidates) {
        const Square k = pop_lsb(candidates);
        const Bitboard needed = king_attacks(k) & ~board.pawns & ~regions.cover;
        if (can_block_all(needed, regions.blockers.data(), regions.blocker_count)) return false;
        Bitboard stands = regions.winner_king & ring_two(k);
        while (stands) {
            const Bitboard rest = needed & ~king_attacks(pop_lsb(stands));
            if (rest != needed &&
                can_block_all(rest, regions.blockers.data(), regions.blocker_count))
                return false;
        }
    }
    return true;
}

}  // namespace

bool is_locked_unwinnable(const Position& pos, Color winner) {
    PawnBoard board = pawn_board_of(pos);
    // Without pawns the regions are the whole board and the material rules say all this test
    // could; and a pawn with an empty square in front of it is free. Both are cheap to see and
    // cover most calls from the searches, so they come before clause (a), whose en-passant test
    // plays the capture.
    if (board.pawns == 0) return false;
    if (squares_in_front_of_pawns(board) & ~pos.occupied()) return false;
    if (!clause_a_no_en_passant_nor_castling(pos)) return false;
    add_pawn_attacks(board);
    const Bitboard kings = frozen_kings(pos, board);
    const Bitboard pieces = frozen_pieces(pos, board);
    if (!clause_b_every_pawn_blocked(board, kings | pieces)) return false;
    if (!clause_c_no_pawn_attacks_a_pawn(board)) return false;
    // A W pawn the other king could take only to leave W without a legal move needs no guard:
    // the game ends there (stalemate, or W mated), so no mate by W comes after it.
    if (pos.pieces(winner) ==
        (board.pawns_of[index_of(winner)] | pos.pieces(winner, PieceType::King)))
        board.guarded_by[index_of(winner)] |= stalemating_pawns(board, pos, winner);
    Regions regions;
    if (!clause_d_every_piece_stays_in_its_region(pos, board, winner, regions)) return false;
    if (!clause_d_frozen_pieces_stay(pos, winner, pieces, regions)) return false;
    return clause_e_no_square_holds_a_mate(board, regions);
}

}  // namespace drawaudit::chess
