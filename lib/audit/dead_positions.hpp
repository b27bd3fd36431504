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

// The per-position filter of the audit's hot path: true when position `pos` might be dead
// beyond material, so that the quick proofs must look at it. Only a structure where every pawn
// stands blocked by a pawn can be closed by them (the material cases are tested apart), so a
// position with a free pawn, or with no pawn at all, never needs a look.
inline bool may_be_dead_beyond_material(const chess::Position& pos) {
    using chess::Color;
    using chess::PieceType;
    // Asked at every position of every game: one load beyond the pawns the quiet test reads
    // anyway, and no branch.
    const chess::Bitboard pawns = pos.pieces(PieceType::Pawn);
    const chess::Bitboard white = pawns & pos.pieces(Color::White);
    const chess::Bitboard black = pawns ^ white;
    return (pawns != 0) & ((((white << 8) | (black >> 8)) & ~pawns) == 0);
}

// 5.2.2 beyond material: both sides proved unwinnable by the quick proofs.
bool is_dead_beyond_material(const chess::Position& pos);

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
