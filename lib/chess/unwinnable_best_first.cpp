// Part 4b of the unwinnability analysis (unwinnable.hpp): the best-first helpmate search.
#include <algorithm>
#include <cstdlib>

#include "chess/unwinnable_parts.hpp"

namespace drawaudit::chess::unwinnable_parts {

namespace {

// A helpmate is a path in the graph of positions (both sides cooperate), so it can also be
// found by a greedy best-first search: always expand the position that looks closest to W's
// mate, over the whole frontier at once, with a set of the positions seen. The guided depth-first
// search (part 4a) follows one ordering down a line; this one recovers from a misleading first
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

BestFirstResult best_first_helpmate(const Position& root, Color winner, std::uint64_t budget,
                                    int pull) {
    BestFirst search(winner, budget, pull);
    BestFirstResult result;
    result.mate = search.search(root);
    result.nodes = search.nodes();
    if (result.mate) result.line = search.line();
    return result;
}

}  // namespace drawaudit::chess::unwinnable_parts
