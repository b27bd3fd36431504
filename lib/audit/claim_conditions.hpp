// RULES.md "Claims": what each claim needs, asked by the audit's claims (claims.cpp) at every
// position and by the ruling on one claim at the board (claim_ruling.cpp) alike, so that one
// place decides it.
#pragma once

#include "chess/position.hpp"

namespace drawaudit::audit {

// 9.2.1.2: the position has appeared at least three times.
constexpr bool threefold_appeared_holds(int occurrences) {
    return occurrences >= 3;
}
// 9.2.1.1: the written move leads to a position that has occurred at least twice already.
constexpr bool threefold_declared_holds(int occurrences_of_target) {
    return occurrences_of_target >= 2;
}
// 9.3.2: 50 moves by each player without a pawn move or capture.
constexpr bool fifty_appeared_holds(int halfmove_clock) {
    return halfmove_clock >= 100;
}
// 9.3.1: at clock 99, a written move that is neither a pawn move nor a capture.
constexpr bool fifty_declared_holds(int halfmove_clock, bool move_is_quiet) {
    return halfmove_clock == 99 && move_is_quiet;
}
// Whether legal move `m` is neither a pawn move nor a capture (castling is quiet: the king-takes-
// rook encoding is no capture).
inline bool quiet_for_fifty(const chess::Position& position, chess::Move m) {
    return m.kind() == chess::MoveKind::Castling || !position.is_zeroing(m);
}

}  // namespace drawaudit::audit
