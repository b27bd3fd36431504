// Part 1 of the unwinnability analysis (unwinnable.hpp): material. The soundness argument of
// each proof is beside its code.
#include "chess/material.hpp"
#include "chess/unwinnable_parts.hpp"

namespace drawaudit::chess::unwinnable_parts {

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

// Parts 1-2 (declared in unwinnable_parts.hpp): the proofs that play no move.
UnwinnableProof static_proof(const Position& pos, Color winner) {
    if (!can_checkmate(pos, winner) || bishops_against_lines(pos, winner))
        return UnwinnableProof::Material;
    if (is_locked_unwinnable(pos, winner)) return UnwinnableProof::LockedPawns;
    return UnwinnableProof::None;
}

}  // namespace drawaudit::chess::unwinnable_parts
