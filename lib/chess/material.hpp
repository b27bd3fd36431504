// Material tests of RULES.md: the material part of the dead-position rule (5.2.2) and whether a
// side can still checkmate at all (5.1.2, 6.9, 7.5.5 result check).
#pragma once

#include "chess/position.hpp"

namespace drawaudit::chess {

// RULES.md 5.2.2 (material part): no pawns, rooks or queens, and either at most one minor piece
// on the board in all, or only bishops, all on squares of one colour.
bool is_insufficient_material(const Position& pos);

// RULES.md result check: false when `side` cannot checkmate by any series of legal moves, at
// least when it has only a king; or only king and one knight while the other side has only king
// and queens; or only king and bishops, all bishops on the board on one colour, at most one rook
// or queen on the other side (two could block its king against a double check; RULES.md omits
// this condition), and no pawns or knights on the board.
bool can_checkmate(const Position& pos, Color side);

}  // namespace drawaudit::chess
