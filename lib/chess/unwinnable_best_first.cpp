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
inline int lane(std::uint64_t packed, int c) {
    return static_cast<int>((packed >> (16 * c)) & 0xFFFF);
}

// 4,096 positions, about 720 KB: with 65,536 (11 MB) the slowest Lichess final took 10% longer
// than before the positions were kept (memory touched the first time, caches missed), with 4,096
// it is as fast and the average the same.
constexpr std::size_t MaxKept = 1 << 12;

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
BestFirstSearch::BestFirstSearch(const Position& root, Color winner, int pull)
    : winner_(winner), pull_(pull) {
    nodes_list_.push_back({0, Move{}, 0, score_of(root)});
    // The positions of the first nodes, kept rather than replayed from the root at every
    // expansion (a line of 30 plies cost 30 moves made for each node expanded); beyond MaxKept
    // nodes the rest are replayed from their nearest kept ancestor, so that memory stays
    // small. Reserved: a growing vector copied its positions at each reallocation (5% of the
    // full mode's time).
    positions_.reserve(MaxKept);
    positions_.push_back(root);
    seen_.insert(root.key());
    heap_.push_back({0, 0});
}

// How far a position looks from a mate by W with the other king in a corner (lower is closer),
// the best of the four corners: the king in the corner, W's king two squares away, W's pieces
// near, W's pawns promoted; W's pieces count negative so that losing one never looks like
// progress. Each man adds its share (`man_score`): its distances to the four corners packed in
// the lanes of `far`, and what it is worth whatever the corner in `common`. A child's score is
// its parent's with the moved (and taken) men's shares changed, not a sum over every man again.
BestFirstSearch::Score BestFirstSearch::man_score(Color c, PieceType t, Square s) const {
    if (c != winner_) {
        // The other side's men block best next to their king; far away they only defend.
        if (t == PieceType::King) return {CornerDistances.loser_king[s], 0};
        return {static_cast<std::uint64_t>(pull_) * CornerDistances.near[s], 0};
    }
    switch (t) {
        case PieceType::King:
            return {CornerDistances.winner_king[s], 0};
        case PieceType::Pawn:
            return {0, 2 * (winner_ == Color::White ? 7 - rank_of(s) : rank_of(s)) - 20};
        case PieceType::Knight:  // checks the corner from two squares away
            return {CornerDistances.knight[s], -(20 + 2 * piece_value(t))};
        default:  // checks along a line: next to the corner is as good as anywhere on it
            return {CornerDistances.near[s], -(20 + 2 * piece_value(t))};
    }
}

BestFirstSearch::Score BestFirstSearch::score_of(const Position& pos) const {
    Score total{0, 0};
    for (Bitboard b = pos.occupied(); b;) {
        const Square s = pop_lsb(b);
        const Piece p = pos.piece_on(s);
        const Score share = man_score(color_of(p), type_of(p), s);
        total.far += share.far;
        total.common += share.common;
    }
    return total;
}

// The score after `m`, made from `before` (whose score is `score`).
BestFirstSearch::Score BestFirstSearch::score_after(Score score, const Position& before, Move m,
                                                    const Position& after) const {
    if (m.kind() == MoveKind::Castling) return score_of(after);
    auto remove = [&](Color c, PieceType t, Square s) {
        const Score share = man_score(c, t, s);
        score.far -= share.far;  // no lane borrows: each lane holds this share
        score.common -= share.common;
    };
    auto add = [&](Color c, PieceType t, Square s) {
        const Score share = man_score(c, t, s);
        score.far += share.far;
        score.common += share.common;
    };
    const Piece moved = before.piece_on(m.from());
    const Color c = color_of(moved);
    if (m.kind() == MoveKind::EnPassant) {
        remove(
            ~c, PieceType::Pawn,
            c == Color::White ? static_cast<Square>(m.to() - 8) : static_cast<Square>(m.to() + 8));
    } else if (const Piece taken = before.piece_on(m.to()); taken != NoPiece) {
        remove(~c, type_of(taken), m.to());
    }
    remove(c, type_of(moved), m.from());
    add(c, m.kind() == MoveKind::Promotion ? m.promotion() : type_of(moved), m.to());
    return score;
}

// The distance of a position of score `score`: the best corner. With bishops as W's only men,
// only a corner of their colour can be mated; with no man at all, none: such a position gets a
// distance past every real one (lanes stay under 65,536), comes up last, and the material proof
// closes it then.
int BestFirstSearch::distance_to_mate(Score score, const Position& pos) const {
    const Bitboard men = pos.pieces(winner_) & ~pos.pieces(PieceType::King);
    const Bitboard bishops = pos.pieces(winner_, PieceType::Bishop);
    const bool bishops_only = men == bishops;
    constexpr int NoCorner = 1 << 20;  // times 4 in the frontier's score: far from overflow
    int best = NoCorner;
    for (int c = 0; c < 4; ++c) {
        if (bishops_only && !(bishops & squares_of_colour(Corners[c]))) continue;
        best = std::min(best, lane(score.far, c));
    }
    return best + score.common;
}

// The moves from node `index` up to its nearest ancestor below `kept` (last first, in path_); that
// ancestor.
std::uint32_t BestFirstSearch::path_up_to(std::uint32_t index, std::size_t kept) {
    path_.clear();
    while (index >= kept) {
        path_.push_back(nodes_list_[index].move);
        index = nodes_list_[index].parent;
    }
    return index;
}

// The position of node `index`: kept, or replayed from its nearest kept ancestor.
void BestFirstSearch::position_of(std::uint32_t index, Position& out) {
    out = positions_[path_up_to(index, positions_.size())];
    for (auto it = path_.rbegin(); it != path_.rend(); ++it) out.make_move(*it);
}

bool BestFirstSearch::search(std::uint64_t budget) {
    if (found_) return true;
    const std::uint64_t stop = nodes_ + budget;
    Position pos;
    while (!heap_.empty() && nodes_ < stop) {
        std::pop_heap(heap_.begin(), heap_.end());
        const std::uint32_t index = heap_.back().node;
        heap_.pop_back();
        position_of(index, pos);
        // The cheap proofs close a position when it comes up, not when it is made: most
        // children are never expanded (the proofs cost a sixth of the search when run on all).
        if (index != 0 && static_proof(pos, winner_) != UnwinnableProof::None) continue;
        MoveList list;
        pos.generate_legal(list);
        const int depth = nodes_list_[index].depth + 1;
        for (Move m : list) {
            ++nodes_;
            Position child = pos;
            child.make_move(m);
            if (!seen_.insert(child.key())) continue;
            if (child.in_check() && child.side_to_move() != winner_ && !child.has_legal_move()) {
                path_up_to(index, 1);  // up to the root, node 0
                line_.assign(path_.rbegin(), path_.rend());
                line_.push_back(m);
                found_ = true;
                return true;
            }
            const Score score = score_after(nodes_list_[index].score, pos, m, child);
            nodes_list_.push_back({index, m, static_cast<std::uint16_t>(depth), score});
            if (positions_.size() < MaxKept) positions_.push_back(child);
            // Mostly greedy; the depth term prefers the shorter of two equal lines.
            heap_.push_back({distance_to_mate(score, child) * 4 + depth,
                             static_cast<std::uint32_t>(nodes_list_.size() - 1)});
            std::push_heap(heap_.begin(), heap_.end());
        }
    }
    return false;
}

BestFirstResult best_first_helpmate(const Position& root, Color winner, std::uint64_t budget,
                                    int pull) {
    BestFirstSearch search(root, winner, pull);
    BestFirstResult result;
    result.mate = search.search(budget);
    result.nodes = search.nodes();
    if (result.mate) result.line = search.line();
    return result;
}

}  // namespace drawaudit::chess::unwinnable_parts
