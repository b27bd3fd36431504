// Part 4d of the unwinnability analysis (unwinnable.hpp): the helpmate search by progress, an
// iterative deepening whose depth counts only the moves that make no progress towards a mate in
// one chosen corner. The idea of pricing moves by class (free, one ply, four plies) comes from
// CHA-Solver (M. Ambrona, MIT licence); this code, its classes and its corner are ours. A found
// line is a real line; a failure proves nothing.
#include <array>

#include "chess/attacks.hpp"

#include "chess/unwinnable_parts.hpp"

namespace drawaudit::chess::unwinnable_parts {

namespace {

// Knight moves between two squares, by breadth-first search over the empty board.
struct KnightTable {
    std::uint8_t distance[64][64];
};
constexpr KnightTable make_knight_table() {
    KnightTable t{};
    constexpr int Jumps[8][2] = {{1, 2},   {2, 1},   {2, -1}, {1, -2},
                                 {-1, -2}, {-2, -1}, {-2, 1}, {-1, 2}};
    for (int from = 0; from < 64; ++from) {
        for (int s = 0; s < 64; ++s) t.distance[from][s] = 0xFF;
        int queue[64] = {};
        int head = 0;
        int tail = 0;
        t.distance[from][from] = 0;
        queue[tail++] = from;
        while (head < tail) {
            const int s = queue[head++];
            for (const auto& j : Jumps) {
                const int f = (s & 7) + j[0];
                const int r = (s >> 3) + j[1];
                if (f < 0 || f > 7 || r < 0 || r > 7) continue;
                const int to = r * 8 + f;
                if (t.distance[from][to] != 0xFF) continue;
                t.distance[from][to] = static_cast<std::uint8_t>(t.distance[from][s] + 1);
                queue[tail++] = to;
            }
        }
    }
    return t;
}
constexpr KnightTable KnightDistances = make_knight_table();

// The square `file_step` files and `rank_step` ranks from `corner` towards the board's middle.
constexpr Square towards_middle(Square corner, int file_step, int rank_step) {
    const int f = file_of(corner) == 0 ? file_step : 7 - file_step;
    const int r = rank_of(corner) == 0 ? rank_step : 7 - rank_step;
    return make_square(f, r);
}

}  // namespace

// The corner: on the other side's back rank (where W's pawns promote), of the colour of W's
// bishops (the only corner they can mate in), else of the colour the other side's bishops
// cannot guard. The men head for the squares of the usual mate there: the other king into the
// corner and its knight next to it (a blocker), W's king next to the corner's neighbours and
// W's knight a jump from them.
ProgressSearch::ProgressSearch(const Position& root, Color winner) : root_(root), winner_(winner) {
    const Bitboard bishops = root.pieces(PieceType::Bishop);
    const Bitboard ours = bishops & root.pieces(winner);
    const Bitboard theirs = bishops & root.pieces(~winner);
    const Bitboard light_squares = squares_of_colour(A8);
    const bool light =
        ours ? (ours & light_squares) != 0 : theirs != 0 && (theirs & light_squares) == 0;
    // The back rank's corners: a8 (light) and h8 (dark) for White's mate, a1 (dark), h1 (light)
    // for Black's.
    if (winner == Color::White)
        corner_ = light ? A8 : H8;
    else
        corner_ = light ? H1 : A1;
    winner_king_target_ = towards_middle(corner_, 1, 1);
    winner_knight_target_ = towards_middle(corner_, 3, 3);
    loser_knight_target_ = towards_middle(corner_, 1, 0);
    route_bishops(root);
}

// The bishop moves from each square to the corner or a square beside it, around the pawns that
// are stuck (a pawn with a pawn in front of it): where the bishops of a closed position walk to
// mate, or to block. 0xFF where no route is.
void ProgressSearch::route_bishops(const Position& root) {
    const Bitboard pawns = root.pieces(PieceType::Pawn);
    const Bitboard white = root.pieces(Color::White) & pawns;
    const Bitboard black = root.pieces(Color::Black) & pawns;
    const Bitboard stuck = (white & (black >> 8)) | (black & (white << 8));
    bishop_distance_.fill(0xFF);
    Bitboard reached =
        bb(corner_) | bb(towards_middle(corner_, 1, 0)) | bb(towards_middle(corner_, 0, 1));
    reached &= ~stuck;
    Bitboard ring = reached;
    for (std::uint8_t d = 0; ring; ++d) {
        Bitboard next = 0;
        for (Bitboard b = ring; b;) {
            const Square s = pop_lsb(b);
            bishop_distance_[s] = d;
            next |= bishop_attacks(s, stuck) & ~stuck;
        }
        ring = next & ~reached;
        reached |= ring;
    }
}

ProgressSearch::Step ProgressSearch::classify(const Position& pos, Move m) const {
    if (m.kind() == MoveKind::Castling) return Step::Normal;
    const PieceType moved = pos.moved_piece_type(m);
    const bool capture = m.kind() == MoveKind::EnPassant || pos.piece_on(m.to()) != NoPiece;
    auto nearer = [&](Square target) {
        if (moved == PieceType::King)
            return chebyshev(m.to(), target) < chebyshev(m.from(), target);
        if (moved == PieceType::Knight)
            return KnightDistances.distance[m.to()][target] <
                   KnightDistances.distance[m.from()][target];
        return false;
    };
    const bool bishop = moved == PieceType::Bishop;
    const int from_route = bishop ? bishop_distance_[m.from()] : 0xFF;
    const int to_route = bishop ? bishop_distance_[m.to()] : 0xFF;
    if (pos.side_to_move() == winner_) {
        if (moved == PieceType::Pawn || capture) return Step::Reward;
        // W's bishop heads for the corner, and one next to it steps aside (room for the king).
        if (from_route != 0xFF && ((from_route <= 1 && to_route > from_route) ||
                                   (from_route > 2 && to_route < from_route)))
            return Step::Reward;
        const Square target =
            moved == PieceType::King ? winner_king_target_ : winner_knight_target_;
        return nearer(target) ? Step::Reward : Step::Normal;
    }
    const Square target = moved == PieceType::King ? corner_ : loser_knight_target_;
    if (nearer(target)) return Step::Reward;
    // The other side's bishop comes to block; in a crowded position a pawn exchange opens it.
    if (from_route != 0xFF && to_route < from_route) return Step::Reward;
    if (capture && popcount(pos.occupied()) > 5 &&
        (moved == PieceType::Pawn || type_of(pos.piece_on(m.to())) == PieceType::Pawn))
        return Step::Reward;
    // The other side's captures take W's material or open the position: rarely the way.
    return capture ? Step::Punish : Step::Normal;
}

// Each depth searches anew (the table keeps what the shallower ones searched, with the depth
// they had left); no limit per depth: with the reference's 7,000 nodes per ply of depth, 47 of
// the 148 labelled sides the analysis left undetermined were found with 1,000,000 nodes,
// without it 86.
// A depth whose search nowhere ran out of depth saw every position it could reach: a deeper
// one would only search them again (a small closed world), so the search stops there. (Not a
// proof of anything: the table may have cut a line short; the walk proves.)
bool ProgressSearch::search(std::uint64_t budget) {
    stop_ = nodes_ + budget;
    for (; !closed_ && depth_ <= MaxDepth && nodes_ < stop_; ++depth_) {
        line_.clear();
        cut_ = false;
        if (helpmate(root_, depth_, false)) return true;
        if (!cut_) closed_ = true;
        if (nodes_ >= stop_) break;  // cut by the budget: this depth again on the next call
    }
    return false;
}

// `moves_left`: the depth still to spend. A rewarded move spends none, and neither does the
// move after it (the other side's reply to W's progress, or W's answer to the other side's),
// so that a plan of progress and replies costs only its unrewarded moves.
bool ProgressSearch::helpmate(const Position& pos, int moves_left, bool after_reward) {
    MoveList list;
    pos.generate_legal(list);
    if (list.empty()) return pos.in_check() && pos.side_to_move() != winner_;
    if (moves_left <= 0 || line_.size() >= MaxLine) {
        cut_ = true;
        return false;
    }
    if (static_proof(pos, winner_) != UnwinnableProof::None) return false;
    const std::uint64_t key = pos.key();
    if (seen_.failed(key, moves_left, 0)) return false;
    seen_.store(key, moves_left, 0);
    for (Move m : list) {
        if (nodes_ >= stop_) {
            // Not searched to the end: a later call must not find this position failed.
            seen_.forget(key);
            cut_ = true;
            return false;
        }
        ++nodes_;
        const Step step = classify(pos, m);
        const int cost = step == Step::Reward ? 0 : step == Step::Punish ? 4 : after_reward ? 0 : 1;
        line_.push_back(m);
        if (helpmate(Position::after_move(pos, m), moves_left - cost, step == Step::Reward))
            return true;
        line_.pop_back();
    }
    if (nodes_ >= stop_) seen_.forget(key);  // its last child was cut by the budget
    return false;
}

}  // namespace drawaudit::chess::unwinnable_parts
