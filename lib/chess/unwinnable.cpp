// Unwinnability of a side (RULES.md, "Dead positions and unwinnable sides"). See the header for
// the parts; the soundness argument of each proof is beside its code.
#include "chess/unwinnable.hpp"

#include <algorithm>
#include <array>
#include <cstdlib>

#include "chess/attacks.hpp"
#include "chess/material.hpp"

namespace drawaudit::chess {

namespace {

// ---------------------------------------------------------------------------------------------
// Part 2: locked pawns.
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
// square of the other king's region, with every flight square covered: the mate test at the
// end of is_locked_unwinnable looks for such a square.

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

}  // namespace

bool is_locked_unwinnable(const Position& pos, Color winner) {
    if (pos.has_legal_en_passant() || pos.castling_rights().any()) return false;
    PawnBoard board{};
    board.pawns = pos.pieces(PieceType::Pawn);
    board.pawns_of[0] = pos.pieces(Color::White, PieceType::Pawn);
    board.pawns_of[1] = pos.pieces(Color::Black, PieceType::Pawn);
    // Without pawns the regions are the whole board and the material rules say all this test
    // could; and a pawn with an empty square in front of it is free. Both are cheap to see and
    // cover most calls from the searches.
    if (board.pawns == 0) return false;
    const Bitboard pushes =
        pawn_push<Color::White>(board.pawns_of[0]) | pawn_push<Color::Black>(board.pawns_of[1]);
    if (pushes & ~pos.occupied()) return false;
    board.attacked_by_pawns_of[0] = white_pawn_attacks(board.pawns_of[0]);
    board.attacked_by_pawns_of[1] = black_pawn_attacks(board.pawns_of[1]);
    board.guarded_by[0] = board.attacked_by_pawns_of[0];
    board.guarded_by[1] = board.attacked_by_pawns_of[1];
    // A king whose region is its own square (every neighbour a pawn or attacked by an enemy
    // pawn) never moves while the pawns stand: it blocks a pawn as well as a pawn does.
    Bitboard frozen_kings = 0;
    for (Color c : {Color::White, Color::Black}) {
        Bitboard region = 0;
        Bitboard attacked = 0;
        const Square k = pos.king_square(c);
        if (flood_region(board, PieceType::King, c, k, region, attacked) && region == square_bit(k))
            frozen_kings |= region;
    }
    // A frozen king guards its neighbours for good: the other king never enters them and
    // never takes a pawn there. (Frozen is decided on the pawns' guard alone, so the two
    // facts do not lean on each other.)
    for (Color c : {Color::White, Color::Black}) {
        const Bitboard k = pos.pieces(c, PieceType::King);
        if (k & frozen_kings) board.guarded_by[index_of(c)] |= king_attacks(lsb(k));
    }
    // A piece whose every move would land on one of its own pawns never moves while the pawns
    // stand, and one of those pawns defending it, no king ever takes it. When no enemy piece
    // can ever attack its square either (checked below, over the regions), it stays for good:
    // it blocks pawns and guards its own pawns from the other king as a pawn would.
    Bitboard frozen_pieces = 0;
    for (Color c : {Color::White, Color::Black}) {
        const Bitboard own_pawns = board.pawns_of[index_of(c)];
        Bitboard pieces = pos.pieces(c) & ~board.pawns & ~pos.pieces(c, PieceType::King);
        while (pieces) {
            const Square s = pop_lsb(pieces);
            const Bitboard targets = attacks_of(type_of(pos.piece_on(s)), c, s, board.pawns);
            if ((targets & ~own_pawns) == 0 &&
                (square_bit(s) & board.attacked_by_pawns_of[index_of(c)])) {
                frozen_pieces |= square_bit(s);
                board.guarded_by[index_of(c)] |= targets;
            }
        }
    }
    // (b) every pawn blocked by a pawn, a frozen king or a frozen piece.
    if (pushes & ~(board.pawns | frozen_kings | frozen_pieces)) return false;
    // (c) no pawn can capture a pawn.
    if ((board.attacked_by_pawns_of[0] & board.pawns_of[1]) ||
        (board.attacked_by_pawns_of[1] & board.pawns_of[0]))
        return false;

    const Color loser = ~winner;
    // A W pawn the other king could take only to leave W without a legal move needs no guard:
    // the game ends there (stalemate, or W mated), so no mate by W comes after it.
    if (pos.pieces(winner) ==
        (board.pawns_of[index_of(winner)] | pos.pieces(winner, PieceType::King)))
        board.guarded_by[index_of(winner)] |= stalemating_pawns(board, pos, winner);
    Bitboard loser_king_region = 0;
    {
        Bitboard attacked = 0;
        if (!flood_region(board, PieceType::King, loser, pos.king_square(loser), loser_king_region,
                          attacked))
            return false;
    }
    // What W could ever attack: `checks` from its pieces other than the king (a mate's check
    // comes from one of them: the other king never enters a square a W pawn attacks), `cover`
    // adding its pawns (squares the mated king could not flee to); its king apart.
    Bitboard checks = 0;
    Bitboard cover = board.attacked_by_pawns_of[index_of(winner)];
    Bitboard loser_attacks = 0;  // by the other side's pieces but its king
    Bitboard winner_king_region = 0;
    // The regions of the other side's pieces but its king: the only possible blockers.
    std::array<Bitboard, 16> blockers{};
    int blocker_count = 0;
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
                winner_king_region = region;
            } else if (c == winner) {
                cover |= attacked;
                checks |= attacked;
            } else if (blocker_count < static_cast<int>(blockers.size())) {
                blockers[static_cast<std::size_t>(blocker_count++)] = region;
                loser_attacks |= attacked;
            } else {
                return false;  // more pieces than a position can hold: give up, stay sound
            }
        }
    }
    // The frozen pieces stay for good only when no enemy piece can ever attack them.
    if ((frozen_pieces & pos.pieces(winner) & loser_attacks) ||
        (frozen_pieces & pos.pieces(loser) & checks))
        return false;
    // A mate by W puts the other king on a square k of its region that W checks, and leaves
    // every neighbour of k a pawn's square (pawns never move; an enemy pawn next to the king is
    // defended, else its flood above had failed), or covered by W, or held by a distinct piece
    // of the king's own side standing in its region. All sets are supersets of the real ones
    // (attacks over the board of pawns only, one W piece counted everywhere at once), so when
    // no k passes, no mate exists.
    // W's king stands on one square of its region at the mate, two steps from k (next to k
    // is illegal, further away it covers nothing around k): each such square is tried, and
    // none at all.
    Bitboard candidates = loser_king_region & checks;
    while (candidates) {
        const Square k = pop_lsb(candidates);
        const Bitboard needed = king_attacks(k) & ~board.pawns & ~cover;
        if (can_block_all(needed, blockers.data(), blocker_count)) return false;
        Bitboard stands = winner_king_region & ring_two(k);
        while (stands) {
            const Bitboard rest = needed & ~king_attacks(pop_lsb(stands));
            if (rest != needed && can_block_all(rest, blockers.data(), blocker_count)) return false;
        }
    }
    return true;
}

namespace {

// W has only its king and bishops, all on one colour; there is no pawn on the board; the other
// side has no knight and no bishop on the other colour; and the other side is not in double
// check now: W cannot mate.
// Only one check at a time: W's last move before a mate is a bishop move or a king move (no
// pawns: no promotion, no en passant; no rooks: no castling). A king gives no check and stood on
// at most one of the two diagonals through the other king (they meet only at that king), so it
// discovers one check at most. A bishop that discovered a check would leave A, one diagonal
// through the other king, along the other diagonal through its square, which is perpendicular
// to A, so parallel to B, the second diagonal through the king: it cannot give check on B as
// well. So W's mate is a single bishop's check, unless the position is already a double check
// (composed positions).
// Then: the mated king stands on the bishops' colour, so its orthogonal neighbours are all of
// the other colour: no bishop attacks any of them, and W's king, never next to the mated king,
// covers at most one of the two next to d, the king's diagonal neighbour on the check's line (a
// square next to both is the king's or d, both next to the king). The other one is held by a
// piece of the mated side (a W piece there would be W's king), and that piece is a rook or a
// queen (no pawns, no knights, a bishop there would stand on the other colour). It steps to d,
// capturing the checker or blocking the line; no bishop pins it along the orthogonal line to
// its king, and leaving that square opens no diagonal: no mate. The material never grows.
bool bishops_against_lines(const Position& pos, Color winner) {
    const Color loser = ~winner;
    const Bitboard bishops = pos.pieces(winner, PieceType::Bishop);
    if (bishops == 0) return false;
    if (pos.pieces(winner) != (bishops | pos.pieces(winner, PieceType::King))) return false;
    if (pos.pieces(PieceType::Pawn) | pos.pieces(loser, PieceType::Knight)) return false;
    constexpr Bitboard Light = 0x55AA55AA55AA55AAULL;
    const Bitboard colour = (bishops & Light) ? Light : ~Light;
    if (bishops & ~colour) return false;  // bishops on both colours
    if (pos.side_to_move() == loser && more_than_one(pos.checkers())) return false;
    return (pos.pieces(loser, PieceType::Bishop) & ~colour) == 0;
}

// The static proofs: no move is played. The searches close their positions with these.
UnwinnableProof static_proof(const Position& pos, Color winner) {
    if (!can_checkmate(pos, winner) || bishops_against_lines(pos, winner))
        return UnwinnableProof::Material;
    if (is_locked_unwinnable(pos, winner)) return UnwinnableProof::LockedPawns;
    return UnwinnableProof::None;
}

// A walk of every position reachable from `pos`, of at most `MaxNodes` positions (else false):
// true when none is W's mate, every line ending in a mate of W, a stalemate or a position the
// static proofs close; false on a mate or stalemate itself. Run only on a position in check,
// where the replies are few: a king driven into a corner whose every reply stalemates the other
// side is the common case.
bool small_walk_closes(const Position& root, Color winner) {
    constexpr int MaxNodes = 24;
    std::array<std::uint64_t, MaxNodes> seen{};
    // Left unconstructed, filled as far as it is used: most walks stop after two positions, and
    // building 24 empty boards cost a third of the walk.
    union Positions {
        Positions() {}
        Position items[MaxNodes];
    } todo;
    int seen_count = 0;
    int todo_count = 0;
    seen[static_cast<std::size_t>(seen_count++)] = root.key();
    todo.items[todo_count++] = root;
    while (todo_count > 0) {
        const Position pos = todo.items[--todo_count];
        MoveList list;
        pos.generate_legal(list);
        if (list.empty()) {
            // A game already over is left to the rules of mate and stalemate: the audit
            // words those itself and asks the proofs nothing about them.
            if (todo_count == 0 && seen_count == 1) return false;
            if (pos.in_check() && pos.side_to_move() != winner) return false;  // W's mate
            continue;
        }
        if (pos.key() != root.key() && static_proof(pos, winner) != UnwinnableProof::None) continue;
        // More moves than room left: the walk cannot close (a transposition among them could
        // spare a slot, rarely; giving up is always sound). Most positions in check at the end
        // of a game stop here, after a move generation or two instead of 24 moves made: the
        // audit asks this of every final position in check.
        if (seen_count + list.size() > MaxNodes) return false;
        for (Move m : list) {
            Position child = pos;
            child.make_move(m);
            const std::uint64_t key = child.key();
            bool known = false;
            for (int i = 0; i < seen_count && !known; ++i)
                known = seen[static_cast<std::size_t>(i)] == key;
            if (known) continue;
            if (seen_count == MaxNodes) return false;
            seen[static_cast<std::size_t>(seen_count++)] = key;
            todo.items[todo_count++] = child;
        }
    }
    return true;
}

}  // namespace

UnwinnableProof quick_unwinnable_proof(const Position& pos, Color winner) {
    const UnwinnableProof proof = static_proof(pos, winner);
    if (proof != UnwinnableProof::None) return proof;
    if (pos.in_check() && small_walk_closes(pos, winner)) return UnwinnableProof::Exhausted;
    return UnwinnableProof::None;
}

namespace {

// ---------------------------------------------------------------------------------------------
// Part 3: the searches.

int chebyshev(Square a, Square b) {
    return std::max(std::abs(file_of(a) - file_of(b)), std::abs(rank_of(a) - rank_of(b)));
}
int edge_distance(Square s) {
    const int f = file_of(s);
    const int r = rank_of(s);
    return std::min(std::min(f, 7 - f), std::min(r, 7 - r));
}

int piece_value(PieceType t) {
    switch (t) {
        case PieceType::Pawn:
            return 1;
        case PieceType::Knight:
        case PieceType::Bishop:
            return 3;
        case PieceType::Rook:
            return 5;
        case PieceType::Queen:
            return 9;
        default:
            return 0;
    }
}

// A set of 64-bit position keys (open addressing; 0 marks an empty slot).
class KeySet {
  public:
    // True when `key` was new (and is now in the set).
    bool insert(std::uint64_t key) {
        if (key == 0) key = 1;
        if ((size_ + 1) * 2 > slots_.size()) grow();
        const std::size_t mask = slots_.size() - 1;
        for (std::size_t i = key & mask;; i = (i + 1) & mask) {
            if (slots_[i] == key) return false;
            if (slots_[i] == 0) {
                slots_[i] = key;
                ++size_;
                return true;
            }
        }
    }

  private:
    void grow() {
        std::vector<std::uint64_t> old = std::move(slots_);
        slots_.assign(old.empty() ? 4096 : old.size() * 2, 0);
        size_ = 0;
        for (std::uint64_t k : old)
            if (k != 0) insert(k);
    }
    std::vector<std::uint64_t> slots_;
    std::size_t size_ = 0;
};

// Depth-limited failures of the helpmate search (a heuristic cache: a lost entry only costs
// time, never correctness, since a found line is a real line).
class FailTable {
  public:
    bool failed(std::uint64_t key, int depth, int discrepancies) const {
        if (entries_.empty()) return false;
        const Entry& e = entries_[key & (entries_.size() - 1)];
        return e.key == key && e.depth >= depth && e.discrepancies >= discrepancies;
    }
    // The table starts small and grows (dropping what it held) with the stores: most sides
    // find their helpmate in a few hundred nodes, and zeroing a large table for each of them
    // cost more than their search.
    void store(std::uint64_t key, int depth, int discrepancies) {
        if (++stores_ > entries_.size() && entries_.size() < MaxEntries)
            entries_.assign(entries_.empty() ? 1024 : entries_.size() * 4, Entry{});
        Entry& e = entries_[key & (entries_.size() - 1)];
        e.key = key;
        e.depth = static_cast<std::int16_t>(depth);
        e.discrepancies = static_cast<std::int16_t>(discrepancies);
    }

  private:
    static constexpr std::size_t MaxEntries = 1 << 18;
    struct Entry {
        std::uint64_t key = 0;
        std::int16_t depth = -1;
        std::int16_t discrepancies = -1;
    };
    std::vector<Entry> entries_;
    std::size_t stores_ = 0;
};

struct ScoredMove {
    Move move;
    int score;
};

class Analyser {
  public:
    Analyser(Color winner, std::uint64_t budget) : winner_(winner), budget_(budget) {}

    std::uint64_t nodes() const { return nodes_; }
    bool out_of_budget() const { return nodes_ >= budget_; }
    const std::vector<Move>& line() const { return line_; }

    // A helpmate of at most `max_plies` plies, with `budget` nodes at most: a search guided by
    // a move ordering towards a goal square of the other king (where it stands, then each
    // corner), widened step by step by limited discrepancy (choosing the k-th best move costs
    // k - 1 discrepancies), full width in the last two plies.
    bool find_helpmate(const Position& root, int max_plies, std::uint64_t budget) {
        const std::uint64_t stop = std::min(budget_, nodes_ + budget);
        const std::uint64_t saved = budget_;
        budget_ = stop;
        bool found = false;
        const int parity = root.side_to_move() == winner_ ? 1 : 0;
        constexpr Square Targets[5] = {NoSquare, A1, H1, A8, H8};
        constexpr int Depths[4] = {4, 10, 20, 40};
        for (int discrepancies = 0; discrepancies <= 6 && !found && !out_of_budget();
             ++discrepancies) {
            for (int d : Depths) {
                const int depth = std::min(d, max_plies) | parity;
                for (Square t : Targets) {
                    target_ = t;
                    line_.clear();
                    found = helpmate(root, depth, discrepancies);
                    if (found || out_of_budget()) break;
                }
                if (found || out_of_budget() || d >= max_plies) break;
            }
        }
        budget_ = saved;
        return found;
    }

    enum class Walk { Mate, Exhausted, OutOfBudget };

    // Visits every position reachable from `root` (positions closed by the cheap proofs are
    // leaves); stops at the first mate by W, leaving the line to it in line().
    Walk walk_everything(const Position& root) {
        struct Frame {
            Position pos;
            std::uint32_t begin, end, next;
        };
        std::vector<Frame> stack;
        std::vector<Move> moves;
        KeySet seen;
        // Long single paths (king tours in a locked position) cost memory, not time: cap them.
        constexpr std::size_t MaxStack = 200'000;

        auto open = [&](const Position& pos) -> bool {  // true: pos is W's mate
            ++nodes_;
            MoveList list;
            pos.generate_legal(list);
            if (list.empty()) return pos.in_check() && pos.side_to_move() != winner_;
            Frame f{pos, static_cast<std::uint32_t>(moves.size()), 0, 0};
            f.next = f.begin;
            if (static_proof(pos, winner_) == UnwinnableProof::None)
                moves.insert(moves.end(), list.begin(), list.end());
            f.end = static_cast<std::uint32_t>(moves.size());
            stack.push_back(f);
            return false;
        };
        auto path = [&] {
            line_.clear();
            for (const Frame& f : stack) line_.push_back(moves[f.next - 1]);
        };

        seen.insert(root.key());
        if (open(root)) {
            line_.clear();
            return Walk::Mate;
        }
        while (!stack.empty()) {
            Frame& top = stack.back();
            if (top.next == top.end) {
                moves.resize(top.begin);
                stack.pop_back();
                continue;
            }
            if (out_of_budget() || stack.size() >= MaxStack) return Walk::OutOfBudget;
            Position child = top.pos;
            child.make_move(moves[top.next++]);
            if (!seen.insert(child.key())) continue;
            if (open(child)) {
                path();
                return Walk::Mate;
            }
        }
        return Walk::Exhausted;
    }

  private:
    bool helpmate(const Position& pos, int depth, int discrepancies) {
        ++nodes_;
        if (out_of_budget()) return false;
        const Color side = pos.side_to_move();
        MoveList list;
        pos.generate_legal(list);
        if (list.empty()) return side != winner_ && pos.in_check();
        if (depth <= 0) return false;
        if (static_proof(pos, winner_) != UnwinnableProof::None) return false;
        const std::uint64_t fail_key = pos.key() ^ (0x9E3779B97F4A7C15ULL * (target_ + 1));
        if (fails_.failed(fail_key, depth, discrepancies)) return false;

        const Square loser_king = pos.king_square(~winner_);
        const Square goal = target_ == NoSquare ? loser_king : target_;
        std::array<ScoredMove, MaxMoves> scored;
        int n = 0;
        for (Move m : list) {
            int score = 0;
            const PieceType moved = pos.moved_piece_type(m);
            const PieceType taken =
                m.kind() == MoveKind::Castling ? PieceType::None : type_of(pos.piece_on(m.to()));
            if (side == winner_) {
                // A mate in one ends the search at any depth (the guided descent finds most
                // helpmates this way); in the last ply nothing else is tried.
                Position next = pos;
                next.make_move(m);
                if (next.in_check() && !next.has_legal_move()) {
                    line_.push_back(m);
                    return true;
                }
                if (depth == 1) continue;
                if (next.in_check()) score += 30;
                if (m.kind() == MoveKind::Promotion)
                    score += m.promotion() == PieceType::Queen ? 60 : 5;
                else if (moved == PieceType::Pawn)
                    score += 10;
                if (moved == PieceType::King)  // near the goal, not next to it
                    score += 8 * (std::abs(chebyshev(m.from(), goal) - 2) -
                                  std::abs(chebyshev(m.to(), goal) - 2));
                else
                    score += 12 * (chebyshev(m.from(), goal) - chebyshev(m.to(), goal));
                if (taken != PieceType::None) score += 2 * piece_value(taken);
            } else {
                if (moved == PieceType::King) {
                    score += 12 * (chebyshev(m.from(), goal) - chebyshev(m.to(), goal));
                    if (target_ == NoSquare)
                        score += 8 * (edge_distance(m.from()) - edge_distance(m.to()));
                } else if (moved == PieceType::Pawn) {
                    // Pawns run to promote: the new piece can block its own king.
                    score += 8;
                    if (m.kind() == MoveKind::Promotion)
                        score += m.promotion() == PieceType::Queen ? 4 : 12;
                } else {
                    // Pieces next to the king's goal block its flight squares there.
                    score += 6 * (chebyshev(m.from(), goal) - chebyshev(m.to(), goal));
                }
                if (taken != PieceType::None) score -= 10 * piece_value(taken);
            }
            scored[static_cast<std::size_t>(n++)] = {m, score};
        }
        // Only the moves the discrepancies allow need ordering (all of them in the last plies).
        const int ordered = depth <= 2 ? n : std::min(n, discrepancies + 1);
        std::partial_sort(
            scored.begin(), scored.begin() + ordered, scored.begin() + n,
            [](const ScoredMove& a, const ScoredMove& b) { return a.score > b.score; });
        const bool forced = list.size() == 1;
        for (int i = 0; i < n; ++i) {
            // Full width in the last two plies; further away the i-th best costs i.
            const int cost = depth <= 2 ? 0 : i;
            if (cost > discrepancies) break;
            Position next = pos;
            next.make_move(scored[static_cast<std::size_t>(i)].move);
            line_.push_back(scored[static_cast<std::size_t>(i)].move);
            // A forced reply costs no depth (the search follows it for free).
            const int next_depth = (forced && side != winner_) ? depth : depth - 1;
            if (helpmate(next, next_depth, discrepancies - cost)) return true;
            line_.pop_back();
            if (out_of_budget()) return false;
        }
        fails_.store(fail_key, depth, discrepancies);
        return false;
    }

    Color winner_;
    std::uint64_t budget_;
    std::uint64_t nodes_ = 0;
    std::vector<Move> line_;
    FailTable fails_;
    Square target_ = NoSquare;  // where the helpmate search guides the other king
};

Bitboard squares_of_colour(Square s) {
    constexpr Bitboard Light = 0x55AA55AA55AA55AAULL;
    return is_light_square(s) ? Light : ~Light;
}

// A helpmate is a path in the graph of positions (both sides cooperate), so it can also be
// found by a greedy best-first search: always expand the position that looks closest to W's
// mate, over the whole frontier at once, with a set of the positions seen. The depth-first
// search above follows one ordering down a line; this one recovers from a misleading first
// step (a blocker that must walk first, a pawn that must promote to the right piece), which is
// what small endings need. Positions closed by the cheap proofs are dead ends, which keeps the
// search away from captures of the material W needs. A found line is a real line; a failure
// proves nothing.
class BestFirst {
  public:
    // `pull` weighs how far the other side's men stand from the corner: 1 suits real games
    // (many men, most of them in the way), more suits composed endings (the few men there
    // must come and block).
    BestFirst(Color winner, std::uint64_t budget, int pull)
        : winner_(winner), budget_(budget), pull_(pull) {}

    std::uint64_t nodes() const { return nodes_; }
    const std::vector<Move>& line() const { return line_; }

    bool search(const Position& root) { return run(root); }

  private:
    struct Node {
        std::uint32_t parent;
        Move move;
        std::uint16_t depth;
    };
    struct Entry {
        int score;
        std::uint32_t node;
        bool operator<(const Entry& o) const { return score > o.score; }  // min-heap
    };

    // How far `pos` looks from a mate by W with the other king in the corner `t` (lower is
    // closer): the king in the corner, W's king two squares away, W's pieces near, W's pawns
    // promoted; W's pieces count negative so that losing one never looks like progress.
    int distance_to_mate(const Position& pos, Square t) const {
        const Color loser = ~winner_;
        int h = 6 * chebyshev(pos.king_square(loser), t);
        h += 3 * std::abs(chebyshev(pos.king_square(winner_), t) - 2);
        Bitboard own = pos.pieces(winner_) & ~pos.pieces(PieceType::King);
        while (own) {
            const Square s = pop_lsb(own);
            const PieceType type = type_of(pos.piece_on(s));
            if (type == PieceType::Pawn) {
                const int to_go = winner_ == Color::White ? 7 - rank_of(s) : rank_of(s);
                h += 2 * to_go - 20;
            } else {
                // A knight checks the corner from two squares away, the others from anywhere
                // along a line: next to it is as good as any.
                const int d = chebyshev(s, t);
                h += (type == PieceType::Knight ? std::abs(d - 2) : d) - 20 - 2 * piece_value(type);
            }
        }
        Bitboard other = pos.pieces(loser) & ~pos.pieces(PieceType::King);
        while (other) {
            const Square s = pop_lsb(other);
            // The other side's men block best next to their king; far away they only defend.
            h += pull_ * chebyshev(s, t);
        }
        return h;
    }
    int distance_to_mate(const Position& pos) const {
        constexpr Square Corners[4] = {A1, H1, A8, H8};
        // With bishops as W's only men, only a corner of their colour can be mated.
        const Bitboard men = pos.pieces(winner_) & ~pos.pieces(PieceType::King);
        const Bitboard bishops = pos.pieces(winner_, PieceType::Bishop);
        int best = 1 << 30;
        for (Square t : Corners) {
            if (men == bishops && !(bishops & squares_of_colour(t))) continue;
            best = std::min(best, distance_to_mate(pos, t));
        }
        return best;
    }

    void replay(const Position& root, std::uint32_t index, Position& out) {
        path_.clear();
        while (index != 0) {
            path_.push_back(nodes_list_[index].move);
            index = nodes_list_[index].parent;
        }
        out = root;
        for (auto it = path_.rbegin(); it != path_.rend(); ++it) out.make_move(*it);
    }

    bool run(const Position& root) {
        nodes_list_.clear();
        nodes_list_.push_back({0, Move{}, 0});
        std::vector<Entry> heap;
        KeySet seen;
        seen.insert(root.key());
        heap.push_back({0, 0});
        Position pos;
        while (!heap.empty() && nodes_ < budget_) {
            std::pop_heap(heap.begin(), heap.end());
            const std::uint32_t index = heap.back().node;
            heap.pop_back();
            replay(root, index, pos);
            MoveList list;
            pos.generate_legal(list);
            const int depth = nodes_list_[index].depth + 1;
            for (Move m : list) {
                ++nodes_;
                Position child = pos;
                child.make_move(m);
                if (!seen.insert(child.key())) continue;
                if (child.in_check() && child.side_to_move() != winner_ &&
                    !child.has_legal_move()) {
                    replay(root, index, pos);
                    line_.assign(path_.rbegin(), path_.rend());
                    line_.push_back(m);
                    return true;
                }
                if (static_proof(child, winner_) != UnwinnableProof::None) continue;
                nodes_list_.push_back({index, m, static_cast<std::uint16_t>(depth)});
                // Mostly greedy; the depth term prefers the shorter of two equal lines.
                heap.push_back({distance_to_mate(child) * 4 + depth,
                                static_cast<std::uint32_t>(nodes_list_.size() - 1)});
                std::push_heap(heap.begin(), heap.end());
            }
        }
        return false;
    }

    Color winner_;
    std::uint64_t budget_;
    int pull_;
    std::uint64_t nodes_ = 0;
    std::vector<Node> nodes_list_;
    std::vector<Move> path_;
    std::vector<Move> line_;
};

}  // namespace

WinnabilityResult analyse_winnability(const Position& pos, Color winner,
                                      const WinnabilityOptions& options) {
    WinnabilityResult result;
    result.proof = quick_unwinnable_proof(pos, winner);
    if (result.proof != UnwinnableProof::None) {
        result.verdict = Winnability::Unwinnable;
        return result;
    }
    if (options.mode == AnalysisMode::Quick) return result;

    const std::uint64_t budget = std::max<std::uint64_t>(options.node_budget, 1);
    Analyser analyser(winner, budget);
    std::uint64_t spent = 0;  // nodes of the searches other than `analyser` and the walkers
    auto found = [&] {
        result.verdict = Winnability::Winnable;
        result.helpmate = analyser.line();
        result.nodes = spent + analyser.nodes();
        return result;
    };

    // Phases, cheapest answer first: short tries of both helpmate searches (best-first first:
    // on the Lichess final positions it needs about half the nodes of the guided one), then
    // both with a quarter of the budget each, then the exhaustive walk with the rest (small
    // worlds: locked structures with a door).
    auto finish = [&](Analyser::Walk walk, const Analyser& walker) {
        if (walk == Analyser::Walk::Mate) {
            result.verdict = Winnability::Winnable;
            result.helpmate = walker.line();
        } else if (walk == Analyser::Walk::Exhausted) {
            result.verdict = Winnability::Unwinnable;
            result.proof = UnwinnableProof::Exhausted;
        }
    };
    auto best_first = [&](std::uint64_t nodes, int pull) {
        BestFirst search(winner, std::max<std::uint64_t>(nodes, 1), pull);
        const bool mate = search.search(pos);
        spent += search.nodes();
        if (mate) {
            result.verdict = Winnability::Winnable;
            result.helpmate = search.line();
            result.nodes = spent + analyser.nodes();
        }
        return mate;
    };
    if (best_first(std::min<std::uint64_t>(budget / 8, 30'000), 1)) return result;
    if (analyser.find_helpmate(pos, 40, std::min<std::uint64_t>(budget / 8, 4'000))) return found();
    if (analyser.find_helpmate(pos, 40, budget / 4)) return found();
    if (best_first(budget / 8, 1) || best_first(budget / 8, 6)) return result;
    // The walk gets the rest of the budget, a quarter of it at least.
    const std::uint64_t used = spent + analyser.nodes();
    Analyser walker(winner, std::max<std::uint64_t>(budget > used ? budget - used : 0, budget / 4));
    const Analyser::Walk walk = walker.walk_everything(pos);
    // A walk's mate may be a long tour: a shorter line is worth a small search.
    if (walk == Analyser::Walk::Mate && analyser.find_helpmate(pos, 40, budget / 8)) {
        result.nodes = spent + analyser.nodes() + walker.nodes();
        result.verdict = Winnability::Winnable;
        result.helpmate = analyser.line();
        return result;
    }
    finish(walk, walker);
    result.nodes = spent + analyser.nodes() + walker.nodes();
    // A walk stopped by its depth cap (long king tours) leaves budget unused: a longer run of
    // the best-first search gets it (a rerun from the start: the search keeps no state).
    if (walk == Analyser::Walk::OutOfBudget && result.nodes < budget) {
        best_first(budget - result.nodes, 1);
        result.nodes = spent + analyser.nodes() + walker.nodes();
    }
    return result;
}

}  // namespace drawaudit::chess
