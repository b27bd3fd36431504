// RULES.md "Broadcast artefacts (no TRF needed)": what DGT boards and broadcast tools add to a
// record that no player played or wrote: the kings-to-the-centre result signal transmitted as
// moves (broadcast-result-signal), and result strings that are no PGN result (result-tag-invalid).
#pragma once

#include <cstddef>
#include <optional>
#include <string_view>

#include "audit/finding.hpp"
#include "audit/game.hpp"
#include "chess/types.hpp"
#include "pgn/visitor.hpp"

namespace drawaudit::audit {

// The centre square d4, d5, e4 or e5 that a king move token ("Ke4", "Kxd5+") goes to; nullopt
// for any other token.
std::optional<chess::Square> king_to_centre(std::string_view san);

// The result the kings signal from where they stand: both on light squares (d5, e4) 1-0, both
// on dark squares (d4, e5) 0-1, one on each 1/2-1/2.
std::string_view signalled_result(chess::Square white_king, chess::Square black_king);

// Whether `result` is one of PGN's four results (1-0, 0-1, 1/2-1/2, *).
bool is_pgn_result(std::string_view result);
// What a result string that is no PGN result most likely means ("0-0": a double forfeit as
// broadcasts write it; "½-½", "0.5-0.5": a draw; "1:0": White won).
ResultMeaning result_meaning(std::string_view result);

// Watches a game from its first illegal move to its end for the signal: the illegal move is a
// king move onto a centre square and the at most one half-move after it is one too. Cold: it
// does nothing before an illegal move.
class BroadcastSignalWatch {
  public:
    void new_game() { armed_ = false; }
    // The first illegal move: `san` from `position` (the last one replayed), whose finding is
    // the record's `finding`-th.
    void first_illegal(const chess::Position& position, std::string_view san, std::size_t finding);
    // A main-line half-move (or null move) recorded after the illegal one.
    void half_move_after(std::string_view san);
    // Something that is no half-move and breaks the record there (a parse error).
    void disarm() { armed_ = false; }
    // At the game's end: when the half-moves were the signal, the illegal-move finding becomes
    // broadcast-result-signal and the result is true; the caller then judges the game without
    // them (their count: signal_half_moves()).
    bool settle(CurrentGame& game) const;
    int signal_half_moves() const { return 1 + after_; }

  private:
    bool armed_ = false;
    int after_ = 0;  // half-moves recorded after the illegal one
    std::size_t finding_ = 0;
    int mover_ = 0;  // the side of the illegal move (Color's index)
    chess::Square kings_[2] = {chess::NoSquare, chess::NoSquare};  // White's, Black's
};

}  // namespace drawaudit::audit
