// Why a drawn game was drawn (RULES.md, "Why each draw happened"): the first reason of RULES.md's
// list that holds, decided from what the replay already knows about the record's end (its
// termination, the claims at its last position) plus the check flags of its final cycle.
#pragma once

#include <optional>
#include <span>
#include <string_view>

#include "audit/finding.hpp"

namespace drawaudit::audit {

// The record's final cycle: its last position n and the latest earlier position j equal to it
// (9.2.2). Empty (first_ply == -1) when position n had not occurred before.
struct FinalCycle {
    int first_ply = -1;              // j
    Side to_move = Side::None;       // the side to move at j (and at n)
    std::span<const bool> in_check;  // in_check[i]: the side to move at j + i is in check;
                                     // n - j + 1 entries
};

// What decides the reason; all of it is known when the replay of a game has ended.
struct DrawFacts {
    std::string_view result;  // the Result tag ("" if missing)
    Termination termination = Termination::None;
    std::string_view termination_tag;  // the Termination tag ("" if missing)
    // The replay reached the last position of the record: the reasons that look at it
    // (perpetual check, the claims there) can be decided.
    bool last_position_known = false;
    FinalCycle cycle;
    bool threefold_claim_at_end = false;   // 9.2.1, either route, at the last position
    bool fifty_move_claim_at_end = false;  // 9.3, either route, at the last position
    bool early_agreement = false;          // the early-agreement rule holds (5.2.3, 9.1.1)
};

struct DrawExplanation {
    DrawReason reason = DrawReason::None;
    Side side = Side::None;  // perpetual-check: the checking side
    // perpetual-check: the positions reached by the first and the last of the checking side's
    // moves the report names (the move into j when it was one of them), else -1.
    int first_check_ply = -1;
    int last_check_ply = -1;
};

// RULES.md's precedence: termination, perpetual check, threefold, fifty moves, time forfeit,
// early agreement, agreement; none unless the Result tag says 1/2-1/2, and none for a draw the
// rules contradict by checkmate (a result-conflict).
DrawExplanation explain_draw(const DrawFacts& facts);

// 6.9: the Termination tag says the game was decided on time ("time forfeit", "Time forfeit",
// "lost on time", "flag fall").
bool termination_tag_says_on_time(std::string_view termination_tag);

// The claim facts of DrawFacts from a game's findings (before any filter) and the halfmove clock
// of its last position `last_ply`: 9.3.2 needs no finding there (a fifty-move window reports its
// claims once, at its start), the other routes are the findings at that position.
struct ClaimsAtEnd {
    bool threefold = false;
    bool fifty_move = false;
    bool early_agreement = false;
};
ClaimsAtEnd claims_at_end(std::span<const Finding> findings, int last_ply, int halfmove_clock);

// The year of a PGN Date tag ("1990.05.17", "1990.??.??", "1990"): its first four digits, before
// a separator or the end; nullopt for "????.??.??" or anything else.
std::optional<int> date_year(std::string_view date);

}  // namespace drawaudit::audit
