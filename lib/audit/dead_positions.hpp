// Dead positions and unwinnable sides beyond material (RULES.md, "Dead positions and unwinnable
// sides": 5.2.2, 5.1.2, 6.9, 7.5.5): what the auditor asks the unwinnability analysis, and
// the proofs its findings name (lib/report words them for an arbiter).
#pragma once

#include <array>
#include <cstdint>
#include <string>
#include <string_view>

#include "audit/game.hpp"
#include "chess/position.hpp"
#include "chess/unwinnable.hpp"

namespace drawaudit::audit {

// There is a pawn, and every pawn has a man of `stops` on the square in front of it. Asked at
// every position of every game (with the pawns as `stops`): one load beyond the pawns the quiet
// test reads anyway, and no branch.
inline bool every_pawn_blocked_by(const chess::Position& pos, chess::Bitboard stops) {
    const chess::Bitboard pawns = pos.pieces(chess::PieceType::Pawn);
    const chess::Bitboard white = pawns & pos.pieces(chess::Color::White);
    const chess::Bitboard black = pawns ^ white;
    return (pawns != 0) & ((((white << 8) | (black >> 8)) & ~stops) == 0);
}

// Every pawn stands blocked by a pawn: the fortress that only a deeper analysis than the
// audit's (`drawaudit winnable`) may close when the quick proofs cannot; a final position of that
// kind left open is counted in the summary's undetermined_positions.
inline bool every_pawn_blocked_by_a_pawn(const chess::Position& pos) {
    return every_pawn_blocked_by(pos, pos.pieces(chess::PieceType::Pawn));
}

// Part of the filter below: a king in check whose every reply may end the game or reach a
// static proof (the quick proofs' part 3, unwinnable.hpp). Either the checked side can take the
// checking piece and at most one knight or bishop is then left on a board without pawns
// (insufficient material), or the checking side is left without a move: none of its pawns can
// advance except onto a square next to the checked king (which the reply may take), and it has
// no piece besides king and pawns (the reply may lock its pawns), or its other pieces cannot
// move, the checking piece (if any) can be taken and every square around its king is attacked. On
// the 20 MB of large/ and the Lichess files of the corpus every dead position in check passed it (a
// sacrifice that forces a stalemate, a capture into bare material), and 252 of the 2.45 million
// positions of large/ do. A pawn pinned off its file cannot advance, and a piece with no
// square next to it (in its directions) free of its own men cannot move (games 10 and 16 of
// draws/tcec-stalemate); a position the filter still misses is found dead one move later,
// never wrongly.
// Out of line: the audit asks it only in check, and its registers would crowd the hot loop.
bool check_may_force_the_end(const chess::Position& pos);

// The locked-pawn proof needs every pawn blocked for good: by a pawn or by a king that can
// never move, which in real games is a king on its first or last rank in front of a pawn about
// to promote (a piece caged by its own pawns, or a frozen king elsewhere, is rarer than it
// costs to look for: 354 positions of large/'s 2.45 million pass the king's case, 9,242 would
// pass any man's).
inline bool may_be_locked_beyond_material(const chess::Position& pos) {
    constexpr chess::Bitboard FirstAndLastRanks = 0xFF000000000000FFULL;
    return every_pawn_blocked_by(pos, pos.pieces(chess::PieceType::Pawn) |
                                          (pos.pieces(chess::PieceType::King) & FirstAndLastRanks));
}

// The filter for dead positions beyond material: true when position `pos` might be dead beyond
// material, so that the quick proofs must look at it (the material cases are tested apart): a
// structure that may be locked (above) or a check that may force the end (above). A position
// with a free pawn and no such check, or with no pawn and no check, needs no look. The audit's
// hot path asks its parts separately (GameAuditor::last_position_quiet).
inline bool may_be_dead_beyond_material(const chess::Position& pos) {
    return may_be_locked_beyond_material(pos) || (pos.in_check() && check_may_force_the_end(pos));
}

// At a final position in check: whether the walk from the check (the quick proofs' part 3) may
// close for `winner` (check_may_force_the_end, or the checker left unable to mate once its
// checking piece is taken).
bool check_walk_may_close(const chess::Position& pos, chess::Color winner);

// 5.2.2 beyond material: both sides proved unwinnable by the quick proofs.
bool is_dead_beyond_material(const chess::Position& pos);

// 5.2.2 one move before an automatic end: both sides proved unwinnable by the static proofs or
// by a walk of at most 24 positions from `pos`, check or not (chess::walked_unwinnable_proof).
bool is_dead_by_walk(const chess::Position& pos);

// Which proof closes each side of a dead position (White's, Black's), for its finding.
std::array<chess::UnwinnableProof, 2> dead_position_proofs(const chess::Position& pos);

// What the audit knows of one side at a final position.
struct SideVerdict {
    chess::Winnability verdict = chess::Winnability::Undetermined;
    chess::UnwinnableProof proof = chess::UnwinnableProof::None;
    // Undetermined in a structure whose pawns are all blocked: the quick proofs could not close
    // it, a deeper analysis might (the summary's undetermined_positions).
    bool open_question = false;
};

// The verdict for `side` at final position k of the game, by the quick proofs (unwinnable.hpp:
// material, locked pawns, a short walk from a check); both sides' proofs are made once.
SideVerdict final_verdict(const CurrentGame& game, int k, chess::Color side);

// "white", "black", "both" or "" (null) for the sides proved unable to win.
std::string_view final_unwinnable_name(bool white, bool black);

// The game record's final_unwinnable and undetermined_positions, at the last position of the
// record, where RULES.md says they are computed.
void record_final_unwinnable(CurrentGame& game);

}  // namespace drawaudit::audit
