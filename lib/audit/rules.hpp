// The rule groups the auditor asks at each position that is not quiet and at the game's end:
// the claims (claims.cpp: 9.2, 9.3), the automatic endings (endings.cpp: 5.1.1, 5.2.1, 5.2.2,
// 9.6) and the recorded result (results.cpp: 5.1.2, 6.9, 7.5.5, 5.2.3, 9.1.1, the Result tag
// against the movetext's marker). Each reads the game's history and adds findings to its record.
#pragma once

#include <array>
#include <string>
#include <string_view>
#include <vector>

#include "audit/finding.hpp"
#include "audit/game.hpp"
#include "chess/position.hpp"
#include "pgn/visitor.hpp"

namespace drawaudit::audit {

// The claims of the player having the move (RULES.md "Claims").
class Claims {
  public:
    void new_game();
    // RULES.md fifty-move windows: a maximal run of positions with clock >= 99. Opens or
    // closes the window at position k; its findings get the window's last position as until_ply.
    void follow_fifty_window(CurrentGame& game, int k);
    bool fifty_window_open() const { return fifty_.open; }
    void close_fifty_window(CurrentGame& game, int last_ply);
    // Every claim available at position k (the game goes on there).
    void check(CurrentGame& game, int k);
    // Whether a claim stands at position k (5.2.3 asks: a draw agreed there may be a claim).
    bool claim_available_at(const CurrentGame& game, int k) const;

  private:
    // Findings are rare: kept out of the per-move path.
    [[gnu::cold]] void threefold_appeared(CurrentGame& game, int k);
    [[gnu::cold]] void threefold_declared(CurrentGame& game, int k);
    [[gnu::cold]] void fifty_declared(CurrentGame& game, int k);
    [[gnu::cold]] void fifty_appeared(CurrentGame& game, int k);
    bool find_declared_repetitions(const CurrentGame& game, int k, Finding* found);
    // The positions of the current window at their second occurrence, up to k.
    const std::vector<int>& twice_occurred_positions(const CurrentGame& game, int k);
    void remember_window_finding(const CurrentGame& game);

    struct FiftyWindow {
        bool open = false;
        bool declared_done = false;
        std::array<bool, 2> appeared_done{};  // per side to move
        std::array<int, 3> finding_index{};   // findings to give until_ply when it closes
        int finding_count = 0;
    };
    FiftyWindow fifty_;
    int last_claim_ply_ = -1;
    chess::MoveList scratch_moves_;
    // twice_occurred_positions' list, extended as the window grows (not rescanned at every
    // position it judges): of the window starting at twice_window_ (-1: none yet in this game),
    // whose positions before twice_scanned_ have been looked at.
    std::vector<int> twice_positions_;
    int twice_window_ = -1;
    int twice_scanned_ = 0;
};

// The automatic endings (RULES.md "Automatic endings") and the moves recorded after one.
class Endings {
  public:
    void new_game();
    // Whether position k ends the game; if so, the game's record says how (end_ply,
    // termination, expected_result) and the findings are added. `may_end_earlier`: no claim
    // window is open, so a stalemate or dead position at k may be found to follow a dead
    // position a move or two before it, where the game then ended.
    void check(CurrentGame& game, int k, bool has_legal_move, bool may_end_earlier);
    // RULES.md moves-after-end: a main-line half-move recorded after the automatic end.
    void count_extra_half_move(const CurrentGame& game, std::string_view token, pgn::TextPos pos);
    void report_moves_after_end(CurrentGame& game) const;
    // Takes back the last n counted (broadcast-result-signal: they were no moves of the game).
    void forget_extra_half_moves(const CurrentGame& game, int n);
    // Automatic endings are info only when nothing in the record conflicts with them.
    void settle_severities(CurrentGame& game) const;

  private:
    struct Found {
        bool checkmate, stalemate, dead, fivefold, seventy_five;
    };
    bool fivefold(const CurrentGame& game, int k) const;
    int dead_before(const CurrentGame& game, int k) const;
    [[gnu::cold]] void report(CurrentGame& game, int k, Found found);

    std::array<int, 5> findings_{};
    int finding_count_ = 0;
    int extra_tokens_ = 0;  // main-line half-moves recorded after the automatic end
    std::string first_extra_token_;
    pgn::TextPos first_extra_pos_{};
};

// The termination's article, as the findings that follow from the end name it.
std::string_view termination_article(Termination t);

// RULES.md "The recorded result", once the game is judged up to position evaluated_up_to.
void check_recorded_result(CurrentGame& game, const Claims& claims, int evaluated_up_to,
                           int min_moves_before_agreement);
// The Result tag against the movetext's termination marker (at `marker`); no replay needed.
void check_result_marker(CurrentGame& game, bool started, pgn::TextPos marker);

}  // namespace drawaudit::audit
