// Part 4a of the unwinnability analysis (unwinnable.hpp): the guided depth-first helpmate
// search. A found line is a real line; a failure proves nothing.
#include <algorithm>
#include <array>
#include <cstdlib>

#include "chess/attacks.hpp"
#include "chess/unwinnable_parts.hpp"

namespace drawaudit::chess::unwinnable_parts {

namespace {

struct ScoredMove {
    Move move;
    int score;
};

// False only when move `m` of the side to move certainly gives no check: a normal move whose
// piece does not attack the other king from its new square and which leaves no line through
// that king (a discovered check). Castling, en passant and promotions are left to the make.
// The guided search tests every move of W for a mate in one; a move that gives no check needs
// no make for that (nor for the check's bonus).
bool may_give_check(const Position& pos, Move m) {
    if (m.kind() != MoveKind::Normal) return true;
    const Color us = pos.side_to_move();
    const Square king = pos.king_square(~us);
    if (line_bb(m.from(), king) != 0) return true;
    const Bitboard occupancy = (pos.occupied() & ~square_bit(m.from())) | square_bit(m.to());
    return (attacks_of(pos.moved_piece_type(m), us, m.to(), occupancy) & square_bit(king)) != 0;
}

}  // namespace

// A helpmate of at most `max_plies` plies, with `budget` nodes at most: a search guided by
// a move ordering towards a goal square of the other king (where it stands, then each
// corner), widened step by step by limited discrepancy (choosing the k-th best move costs
// k - 1 discrepancies), full width in the last two plies.
bool GuidedSearch::find_helpmate(const Position& root, int max_plies, std::uint64_t budget) {
    const std::uint64_t stop = std::min(budget_, nodes_ + budget);
    const std::uint64_t saved = budget_;
    budget_ = stop;
    bool found = false;
    const int parity = root.side_to_move() == winner_ ? 1 : 0;
    constexpr Square Targets[5] = {NoSquare, A1, H1, A8, H8};
    constexpr int Depths[4] = {4, 10, 20, 40};
    for (int discrepancies = 0; discrepancies <= 6 && !found && !out_of_budget(); ++discrepancies) {
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

bool GuidedSearch::helpmate(const Position& pos, int depth, int discrepancies) {
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
    // Left unset until written: a Move's default constructor zeroed all 416 entries per node.
    union Scored {
        Scored() {}
        ScoredMove items[MaxMoves];
    } scored_storage;
    ScoredMove* const scored = scored_storage.items;
    int n = 0;
    for (Move m : list) {
        int score = 0;
        const PieceType moved = pos.moved_piece_type(m);
        const PieceType taken =
            m.kind() == MoveKind::Castling ? PieceType::None : type_of(pos.piece_on(m.to()));
        if (side == winner_) {
            // A mate in one ends the search at any depth (the guided descent finds most
            // helpmates this way); in the last ply nothing else is tried.
            bool check = false;
            if (may_give_check(pos, m)) {
                const Position next = Position::after_move(pos, m);
                if (next.in_check() && !next.has_legal_move()) {
                    line_.push_back(m);
                    return true;
                }
                check = next.in_check();
            }
            if (depth == 1) continue;
            if (check) score += 30;
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
    std::partial_sort(scored, scored + ordered, scored + n,
                      [](const ScoredMove& a, const ScoredMove& b) { return a.score > b.score; });
    const bool forced = list.size() == 1;
    for (int i = 0; i < n; ++i) {
        // Full width in the last two plies; further away the i-th best costs i.
        const int cost = depth <= 2 ? 0 : i;
        if (cost > discrepancies) break;
        const Position next = Position::after_move(pos, scored[static_cast<std::size_t>(i)].move);
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

}  // namespace drawaudit::chess::unwinnable_parts
