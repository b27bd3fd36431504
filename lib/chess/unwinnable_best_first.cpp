// Part 4b of the unwinnability analysis (unwinnable.hpp): the best-first helpmate search.
#include <algorithm>
#include <cstdlib>

#include "chess/unwinnable_parts.hpp"

namespace drawaudit::chess::unwinnable_parts {

namespace {

// The corners a mate is sought in, and a square's distance to each of them packed into the four
// 16-bit lanes of a word (lane c: corner c), so that the search adds up its men's distances to
// all four corners in one addition per man (no lane can carry: 16 men at distance 7, times the
// largest pull, stay far below 65,536). For a knight, its distance from checking the corner
// (two squares away) instead.
constexpr Square Corners[4] = {A1, H1, A8, H8};
struct CornerTable {
    std::uint64_t near[64];         // king distance to each corner
    std::uint64_t knight[64];       // |distance - 2|
    std::uint64_t loser_king[64];   // 6 * distance: the other king in the corner
    std::uint64_t winner_king[64];  // 3 * |distance - 2|: W's king two squares away
};
constexpr CornerTable make_corner_table() {
    CornerTable t{};
    for (int s = 0; s < 64; ++s)
        for (int c = 0; c < 4; ++c) {
            const int d = chebyshev(static_cast<Square>(s), Corners[c]);
            const int from_two = d > 2 ? d - 2 : 2 - d;
            t.near[s] |= static_cast<std::uint64_t>(d) << (16 * c);
            t.knight[s] |= static_cast<std::uint64_t>(from_two) << (16 * c);
            t.loser_king[s] |= static_cast<std::uint64_t>(6 * d) << (16 * c);
            t.winner_king[s] |= static_cast<std::uint64_t>(3 * from_two) << (16 * c);
        }
    return t;
}
constexpr CornerTable CornerDistances = make_corner_table();

// A man's share of the score (BestFirstSearch::man_score) by table, [winner][piece][square]:
// `far` before the pull (the other side's men but its king are near[s] times the pull), and
// `common`. A lookup where the cases cost 80 instructions a child made (callgrind).
struct ShareTable {
    std::uint64_t far[2][12][64];
    int common[2][12][64];
};
constexpr ShareTable make_share_table() {
    ShareTable t{};
    for (int w = 0; w < 2; ++w) {
        const Color winner = static_cast<Color>(w);
        for (int p = 0; p < 12; ++p) {
            const Color c = color_of(static_cast<Piece>(p));
            const PieceType type = type_of(static_cast<Piece>(p));
            for (int s = 0; s < 64; ++s) {
                std::uint64_t& far = t.far[w][p][s];
                int& common = t.common[w][p][s];
                if (c != winner) {
                    // The other side's men block best next to their king; far away they only
                    // defend.
                    far = type == PieceType::King ? CornerDistances.loser_king[s]
                                                  : CornerDistances.near[s];
                    continue;
                }
                switch (type) {
                    case PieceType::King:
                        far = CornerDistances.winner_king[s];
                        break;
                    case PieceType::Pawn: {
                        const int r = rank_of(static_cast<Square>(s));
                        common = 2 * (winner == Color::White ? 7 - r : r) - 20;
                        break;
                    }
                    case PieceType::Knight:  // checks the corner from two squares away
                        far = CornerDistances.knight[s];
                        common = -(20 + 2 * piece_value(type));
                        break;
                    default:  // checks along a line: next to the corner is as good as anywhere
                        far = CornerDistances.near[s];
                        common = -(20 + 2 * piece_value(type));
                }
            }
        }
    }
    return t;
}
constexpr ShareTable Shares = make_share_table();

inline int lane(std::uint64_t packed, int c) {
    return static_cast<int>((packed >> (16 * c)) & 0xFFFF);
}

}  // namespace

// A helpmate is a path in the graph of positions (both sides cooperate), so it can also be
// found by a greedy best-first search: always expand the position that looks closest to W's
// mate, over the whole frontier at once, with a set of the positions seen. The guided depth-first
// search (part 4a) follows one ordering down a line; this one recovers from a misleading first
// step (a blocker that must walk first, a pawn that must promote to the right piece), which is
// what small endings need. Positions closed by the cheap proofs are dead ends, which keeps the
// search away from captures of the material W needs. A found line is a real line; a failure
// proves nothing.
// `pull` weighs how far the other side's men stand from the corner: 1 suits real games (many
// men, most of them in the way), more suits composed endings (the few men there must come and
// block).
BestFirstSearch::BestFirstSearch(const Position& root, Color winner, int pull, std::size_t max_kept)
    : winner_(winner), max_kept_(std::max<std::size_t>(max_kept, 1)) {
    for (int p = 0; p < 12; ++p)
        pull_of_[static_cast<std::size_t>(p)] =
            color_of(static_cast<Piece>(p)) != winner &&
                    type_of(static_cast<Piece>(p)) != PieceType::King
                ? static_cast<std::uint64_t>(pull)
                : 1;
    nodes_list_.push_back({score_of(root), 0, 0, Move{}, 0});
    // The positions of the first nodes expanded, kept rather than replayed from the root at
    // every expansion (a line of 30 plies cost 30 moves made for each node expanded): a node's
    // parent has always been expanded, so its position is its parent's and one move. Beyond
    // max_kept expansions the rest are replayed from their nearest kept ancestor, so that memory
    // stays small. Kept at expansion rather than for every child made: one copy and one move
    // per expansion instead of a copy per child (most children are never expanded). Reserved:
    // a growing vector copied its positions at each reallocation (5% of the full mode's time).
    positions_.reserve(max_kept_);
    positions_.push_back(root);
    seen_.insert(root.key());
    // The root's own score, so that the frontier's buckets centre on its children's.
    frontier_.push(distance_to_mate(nodes_list_[0].score, root) * 4, 0);
}

// How far a position looks from a mate by W with the other king in a corner (lower is closer),
// the best of the four corners: the king in the corner, W's king two squares away, W's pieces
// near, W's pawns promoted; W's pieces count negative so that losing one never looks like
// progress. Each man adds its share (`man_score`): its distances to the four corners packed in
// the lanes of `far`, and what it is worth whatever the corner in `common`. A child's score is
// its parent's with the moved (and taken) men's shares changed, not a sum over every man again.
BestFirstSearch::Score BestFirstSearch::man_score(Piece p, Square s) const {
    const std::size_t w = static_cast<std::size_t>(index_of(winner_));
    return {Shares.far[w][p][s] * pull_of_[p], Shares.common[w][p][s]};
}

BestFirstSearch::Score BestFirstSearch::score_of(const Position& pos) const {
    Score total{0, 0};
    for (Bitboard b = pos.occupied(); b;) {
        const Square s = pop_lsb(b);
        const Score share = man_score(pos.piece_on(s), s);
        total.far += share.far;
        total.common += share.common;
    }
    return total;
}

// The score after `m` (not castling, which moves two men: score_of the position after it),
// made from `before` (whose score is `score`).
BestFirstSearch::Score BestFirstSearch::score_after(Score score, const Position& before,
                                                    Move m) const {
    auto remove = [&](Piece p, Square s) {
        const Score share = man_score(p, s);
        score.far -= share.far;  // no lane borrows: each lane holds this share
        score.common -= share.common;
    };
    auto add = [&](Piece p, Square s) {
        const Score share = man_score(p, s);
        score.far += share.far;
        score.common += share.common;
    };
    const Piece moved = before.piece_on(m.from());
    const Color c = color_of(moved);
    if (m.kind() == MoveKind::EnPassant) {
        remove(make_piece(~c, PieceType::Pawn), c == Color::White
                                                    ? static_cast<Square>(m.to() - 8)
                                                    : static_cast<Square>(m.to() + 8));
    } else if (const Piece taken = before.piece_on(m.to()); taken != NoPiece) {
        remove(taken, m.to());
    }
    remove(moved, m.from());
    add(m.kind() == MoveKind::Promotion ? make_piece(c, m.promotion()) : moved, m.to());
    return score;
}

// The distance of a position of score `score`: the best corner. With bishops as W's only men,
// only a corner of their colour can be mated; with no man at all, none: such a position gets a
// distance past every real one (lanes stay under 65,536), comes up last, and the material proof
// closes it then.
int BestFirstSearch::distance_to_mate(Score score, const Position& pos) const {
    return distance_to_mate(score, pos.pieces(winner_) & ~pos.pieces(PieceType::King),
                            pos.pieces(winner_, PieceType::Bishop));
}

// The same with W's men but its king, and its bishops, given.
int BestFirstSearch::distance_to_mate(Score score, Bitboard men, Bitboard bishops) const {
    const bool bishops_only = men == bishops;
    constexpr int NoCorner = 1 << 20;  // times 4 in the frontier's score: far from overflow
    int best = NoCorner;
    for (int c = 0; c < 4; ++c) {
        if (bishops_only && !(bishops & squares_of_colour(Corners[c]))) continue;
        best = std::min(best, lane(score.far, c));
    }
    return best + score.common;
}

// The moves from node `index` up to the root (`to_root`) or to its nearest ancestor, or itself,
// whose position is kept (last first, in path_); the node reached.
std::uint32_t BestFirstSearch::path_up_to(std::uint32_t index, bool to_root) {
    path_.clear();
    while (to_root ? index != 0 : nodes_list_[index].kept == NotKept) {
        path_.push_back(nodes_list_[index].move);
        index = nodes_list_[index].parent;
    }
    return index;
}

// The position of node `index`, which is being expanded: replayed from its nearest kept
// ancestor (its parent, while fewer than max_kept_ were kept), and kept in its turn.
void BestFirstSearch::position_of(std::uint32_t index, Position& out) {
    out = positions_[nodes_list_[path_up_to(index, false)].kept];
    for (auto it = path_.rbegin(); it != path_.rend(); ++it) out.make_move(*it);
    if (nodes_list_[index].kept == NotKept && positions_.size() < max_kept_) {
        nodes_list_[index].kept = static_cast<std::uint32_t>(positions_.size());
        positions_.push_back(out);
    }
}

bool BestFirstSearch::search(std::uint64_t budget) {
    if (found_) return true;
    const std::uint64_t stop = nodes_ + budget;
    Position pos;
    while (!frontier_.empty() && nodes_ < stop) {
        const std::uint32_t index = frontier_.pop();
        position_of(index, pos);
        // The cheap proofs close a position when it comes up, not when it is made: most
        // children are never expanded (the proofs cost a sixth of the search when run on all).
        if (index != 0 && static_proof(pos, winner_) != UnwinnableProof::None) continue;
        MoveList list;
        pos.generate_legal(list);
        const int depth = nodes_list_[index].depth + 1;
        for (Move m : list) {
            ++nodes_;
            // What the search needs of a child (its key, whether it is in check, its score and
            // distance): for an ordinary move without making it (most children are never
            // expanded), from the same code as make_move's; for the others from the child made.
            std::uint64_t key;
            Bitboard checkers;
            Score score;
            int distance;
            if (pos.ordinary_move_outcome(m, key, checkers)) {
                score = score_after(nodes_list_[index].score, pos, m);
                // W's men but its king, and its bishops, after the move: one taken on `to`
                // (none stands there when W moves), or W's man moving.
                const Bitboard from_bb = bb(m.from());
                const Bitboard to_bb = bb(m.to());
                Bitboard men = pos.pieces(winner_) & ~pos.pieces(PieceType::King) & ~to_bb;
                Bitboard bishops = pos.pieces(winner_, PieceType::Bishop) & ~to_bb;
                if (men & from_bb) men ^= from_bb | to_bb;
                if (bishops & from_bb) bishops ^= from_bb | to_bb;
                distance = distance_to_mate(score, men, bishops);
            } else {
                const Position child = Position::after_move(pos, m);
                key = child.key();
                checkers = child.checkers();
                score = m.kind() == MoveKind::Castling
                            ? score_of(child)
                            : score_after(nodes_list_[index].score, pos, m);
                distance = distance_to_mate(score, child);
            }
            if (!seen_.insert(key)) continue;
            if (checkers != 0 && pos.side_to_move() == winner_ &&
                !Position::after_move(pos, m).has_legal_move()) {
                path_up_to(index, true);
                line_.assign(path_.rbegin(), path_.rend());
                line_.push_back(m);
                found_ = true;
                return true;
            }
            nodes_list_.push_back({score, index, NotKept, m, static_cast<std::uint16_t>(depth)});
            // Mostly greedy; the depth term prefers the shorter of two equal lines.
            frontier_.push(distance * 4 + depth,
                           static_cast<std::uint32_t>(nodes_list_.size() - 1));
        }
    }
    return false;
}

BestFirstResult best_first_helpmate(const Position& root, Color winner, std::uint64_t budget,
                                    int pull, std::size_t max_kept) {
    BestFirstSearch search(root, winner, pull, max_kept);
    BestFirstResult result;
    result.mate = search.search(budget);
    result.nodes = search.nodes();
    if (result.mate) result.line = search.line();
    return result;
}

}  // namespace drawaudit::chess::unwinnable_parts
