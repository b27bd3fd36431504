// The audit of RULES.md: a pgn::Visitor that replays each game's main line into its history and
// asks the rule groups (rules.hpp) what they find, handing one GameReport per game (findings,
// termination, expected result) to a GameSink.
#pragma once

#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "audit/broadcast.hpp"
#include "audit/finding.hpp"
#include "audit/fingerprint.hpp"
#include "audit/game.hpp"
#include "audit/history.hpp"
#include "audit/laws.hpp"
#include "audit/rules.hpp"
#include "audit/tags.hpp"
#include "pgn/visitor.hpp"

namespace drawaudit::audit {

struct AuditOptions {
    std::optional<Laws> laws;  // nullopt: chosen per game from its Date tag (RULES.md)
    // Tournament rule (9.1.1, "Sofia rule"): a draw agreed before each player made this many
    // moves is reported as early-agreement. 0: only 5.2.3 (both players must have moved).
    int min_moves_before_agreement = 0;
    bool keep_game_text = false;  // copy each game's source text into GameReport::text
    // Only measure and hash it (GameReport::text_bytes, text_hash): what a shard's part needs for
    // merge to read the text back and tell a changed input, without a copy of every game.
    bool game_text_digest = false;
    bool duplicate_keys = false;  // build the key --duplicates compares (GameReport::duplicate_key)
    // Findings of one rule listed per game (--max-findings-per-rule); the rest are counted in
    // GameReport::findings_omitted. The busiest game of large/ lists 125 of one rule; a game
    // repeating one cycle lists two per ply, and its record would grow without this bound.
    std::uint64_t max_findings_per_rule = kDefaultMaxFindingsPerRule;
    static constexpr std::uint64_t kDefaultMaxFindingsPerRule = 1000;
};

class GameSink {
  public:
    virtual ~GameSink() = default;
    // Where the auditor writes the next game's record: a record the sink owns (so that handing it
    // over copies nothing; it may hold an old game, the auditor clears it), or nullptr for the
    // auditor's own. Asked once per game, before its first callback.
    virtual GameReport* next_record() { return nullptr; }
    // Takes the game's record (the one next_record() gave, if any). The sink may move from
    // `report` or copy it: the auditor clears whatever is left there before reusing it.
    virtual void game(GameReport&& report) = 0;
};

// One auditor per thread; it can read any number of games in a row. Allocates only for findings
// and game records, not per move.
class GameAuditor final : public pgn::Visitor {
  public:
    GameAuditor(const AuditOptions& options, GameSink& sink);
    GameAuditor(const GameAuditor&) = delete;  // report_ may point into the object itself
    GameAuditor& operator=(const GameAuditor&) = delete;

    // Only the main line is audited: the reader may skip variations without reporting them.
    bool wants_variations() const override { return false; }
    // Comments decide nothing in RULES.md: the reader skips them at memory speed (issue 21).
    bool wants_comments() const override { return false; }
    void begin_game(const pgn::GameStart& start) override;
    void tag(std::string_view name, std::string_view raw_value, pgn::TextPos pos) override;
    pgn::Control end_tags() override;
    pgn::Control move(std::string_view san, pgn::TextPos pos) override;
    pgn::Control moves(std::span<const pgn::MoveToken> run) override;
    pgn::Control null_move(std::string_view token, pgn::TextPos pos) override;
    void result(std::string_view marker, pgn::TextPos pos) override;
    bool odd_result(std::string_view token, pgn::TextPos pos) override;
    void parse_error(const pgn::ParseError& error) override;
    void end_game(std::string_view text) override;

    // The history of the game read last (issue 27: a claim ruled at one of its positions reads
    // the same history the audit judged).
    const History& history() const { return history_; }

  private:
    // The per-move path once the move is played into the history's next slot: judge the
    // position it was played from, then append the new one, through `history` (replay_run keeps
    // one for a whole run). The token by reference: its text is read only on the rare paths, so
    // the replay's loop does not hold it.
    [[gnu::always_inline]] void after_played(History::Appender& history, chess::Move move,
                                             const pgn::MoveToken& token);
    // Whether the last position of `history` (a History or a History::Appender; the position
    // has a legal move) has nothing to report: no position of the window occurred twice, no
    // fifty-move window, a pawn, rook or queen on the board, nothing the dead-position filter
    // stops at.
    template <typename HistoryView>
    bool last_position_quiet(const HistoryView& history) const;
    // Position k, the last one, when the game has ended or the position is not quiet.
    [[gnu::noinline]] void judge_loud(int k, const pgn::MoveToken& token);
    void judge_before_move(int k, const pgn::MoveToken& token);
    // Everything RULES.md decides at position k, the last one.
    void evaluate(int k, bool has_legal_move);
    // At most kReplayRun moves of the reader's fast path, replayed in one call (the chess core's
    // play_san_run), so that the replay keeps its state in registers across moves.
    static constexpr std::size_t kReplayRun = 128;
    void replay_run(std::span<const pgn::MoveToken> run);
    void stop() {
        stopped_ = true;
        replaying_ = false;
    }
    // A move outside the replay (before the set-up, after a stop) or an illegal one.
    [[gnu::cold]] pgn::Control move_outside_replay(std::string_view san, pgn::TextPos pos);
    [[gnu::cold]] pgn::Control illegal_move(std::string_view san, pgn::TextPos pos);
    // RULES.md "Broadcast artefacts": the kings-to-the-centre signal in place of the first
    // illegal move, and result strings that are no PGN result (broadcast.cpp). Cold.
    [[gnu::cold]] void settle_broadcast_signal();
    [[gnu::cold]] void report_invalid_results();
    // Sets the record's draw_reason and draw_side (RULES.md; decided in draw_reason.cpp).
    void explain_draw_reason();
    // Issue 20: the game's identity over its tags, once they are all read; the replay then
    // adds each move it plays.
    void start_identity();

    AuditOptions options_;
    GameSink& sink_;

    // Per game. report_ points at the record of the current game: the sink's
    // (GameSink::next_record) or own_report_.
    GameReport own_report_;
    GameReport* report_ = &own_report_;
    GameTags tags_;
    History history_;
    CurrentGame game_{history_};
    Claims claims_;
    Endings endings_;
    bool started_ = false;    // the start position is set up
    bool stopped_ = false;    // no further move is replayed (illegal move, null move, bad set-up)
    bool replaying_ = false;  // started_ && !stopped_: moves are replayed
    bool pending_ = false;    // the last position still awaits evaluate()
    int evaluated_up_to_ = -1;
    pgn::TextPos result_pos_{};  // of the movetext's termination marker
    GameIdentity identity_;
    bool identity_started_ = false;
    BroadcastSignalWatch signal_;
    // result-tag-invalid: the Result tag and the marker as written while the rules read "*".
    std::string written_result_, written_marker_;
};

// Audits every game of a PGN text (for tests and small tools).
std::vector<GameReport> audit_text(std::string_view pgn, const AuditOptions& options = {},
                                   std::string_view file = "test.pgn");

}  // namespace drawaudit::audit
