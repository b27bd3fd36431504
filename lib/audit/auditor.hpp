// The audit of RULES.md: a pgn::Visitor that replays each game's main line through the chess core
// and hands one GameReport per game (findings, termination, expected result) to a GameSink.
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "audit/dead_positions.hpp"
#include "audit/finding.hpp"
#include "audit/window_keys.hpp"
#include "chess/position.hpp"
#include "pgn/visitor.hpp"

namespace drawaudit::audit {

struct AuditOptions {
    std::optional<Laws> laws;  // nullopt: chosen per game from its Date tag (RULES.md)
    // Tournament rule (9.1.1, "Sofia rule"): a draw agreed before each player made this many
    // moves is reported as early-agreement. 0: only 5.2.3 (both players must have moved).
    int min_moves_before_agreement = 0;
    bool keep_game_text = false;  // copy each game's source text into GameReport::text
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

// The edition of the Laws in force on a PGN Date ("YYYY.MM.DD", parts may be "??"). A date that
// does not decide between two editions gives the newest one (RULES.md, "Which Laws").
Laws laws_for_date(std::string_view date);

enum class VariantKind : std::uint8_t { Standard, Chess960, Unsupported };
// Reads a Variant tag value ("" = no tag): standard chess, Chess960, or anything else.
VariantKind classify_variant(std::string_view variant);

// One auditor per thread; it can read any number of games in a row. Allocates only for findings
// and game records, not per move.
class GameAuditor final : public pgn::Visitor {
  public:
    GameAuditor(const AuditOptions& options, GameSink& sink);
    GameAuditor(const GameAuditor&) = delete;  // report_ may point into the object itself
    GameAuditor& operator=(const GameAuditor&) = delete;

    // Only the main line is audited: the reader may skip variations without reporting them.
    bool wants_variations() const override { return false; }
    void begin_game(const pgn::GameStart& start) override;
    void tag(std::string_view name, std::string_view raw_value, pgn::TextPos pos) override;
    pgn::Control end_tags() override;
    pgn::Control move(std::string_view san, pgn::TextPos pos) override;
    pgn::Control moves(std::span<const pgn::MoveToken> run) override;
    pgn::Control null_move(std::string_view token, pgn::TextPos pos) override;
    void result(std::string_view marker, pgn::TextPos pos) override;
    void parse_error(const pgn::ParseError& error) override;
    void end_game(std::string_view text) override;

  private:
    // Position k of the game, with what the repetition rules need to know about it.
    struct PlyRecord {
        chess::Position position;
        chess::Move move;    // the move that led to position k (null for k = 0)
        pgn::TextPos where;  // of that move's token
        int previous = -1;   // the latest earlier occurrence of the same position, or -1
        int occurrence = 1;  // how many times this position has occurred among 0..k
    };

    // Fifty-move window (RULES.md): a maximal run of positions with halfmove clock >= 99.
    struct FiftyWindow {
        bool open = false;
        bool declared_done = false;
        std::array<bool, 2> appeared_done{};  // per side to move
        std::array<int, 3> finding_index{};   // findings to give until_ply when it closes
        int finding_count = 0;
    };

    void reset_game();
    std::string* tag_target(std::string_view name) const;
    bool set_up_start();
    void start_history(const chess::Position& start);
    // Makes the position in the history slot after `previous` (position previous_k, the last
    // one; play_san has written the new one there) the next position.
    void append_played(PlyRecord* previous, int previous_k, chess::Move move, pgn::TextPos where);
    [[gnu::noinline]] void judge_before_move(int k, std::string_view san, pgn::TextPos pos);
    // The per-move path after the move is played into the next history slot.
    [[gnu::always_inline]] void after_played(chess::Move move, std::string_view san,
                                             pgn::TextPos pos);
    // At most kReplayRun moves of the reader's fast path, replayed in one call.
    static constexpr std::size_t kReplayRun = 128;
    void replay_run(std::span<const pgn::MoveToken> run);
    // Room for at least `positions` positions (and at least twice the room there was).
    void grow_history(std::size_t positions);
    void stop() {
        stopped_ = true;
        replaying_ = false;
    }
    // A move outside the replay (before the set-up, after a stop) or an illegal one.
    [[gnu::cold]] pgn::Control move_outside_replay(std::string_view san, pgn::TextPos pos);
    [[gnu::cold]] pgn::Control illegal_move(std::string_view san, pgn::TextPos pos);
    void count_extra_half_move(std::string_view token, pgn::TextPos pos);
    // Whether position k (which has a legal move) has nothing to report: no repetition, no
    // fifty-move window, and a pawn, rook or queen on the board (see evaluate()).
    bool quiet(const PlyRecord& record) const;
    void evaluate(int k, bool has_legal_move);
    void check_endings(int k, bool has_legal_move);
    struct Endings {
        bool checkmate, stalemate, dead, fivefold, seventy_five;
    };
    [[gnu::cold]] void report_endings(int k, Endings endings);
    void check_claims(int k);
    // Findings are rare: kept out of the per-move path.
    [[gnu::cold]] void claim_threefold_appeared(int k);
    [[gnu::cold]] void claim_threefold_declared(int k);
    [[gnu::cold]] void claim_fifty_declared(int k);
    [[gnu::cold]] void claim_fifty_appeared(int k);
    bool find_declared_repetitions(int k, Finding& finding);
    void open_or_close_fifty_window(int k);
    void close_fifty_window(int last_ply);
    void check_results();
    void check_decisive_result_winner_can_mate(int k);
    bool claim_available_at(int k) const;
    // Dead positions and unwinnable sides (dead_positions.cpp): the verdict for `side` at
    // position k (computed once per game and position), and the game record's
    // final_unwinnable / undetermined_positions.
    SideVerdict final_verdict_of(int k, chess::Color side);
    void record_final_unwinnable();

    Finding& add_finding(Rule rule, int k);
    Finding& add_unplayable_token(Rule rule, int k, std::string_view token, pgn::TextPos pos);
    Finding& add_game_finding(Rule rule);
    // The text stays valid until the next call (the cache may grow).
    const std::string& move_text(int k) const;
    std::string next_move_text(int k, chess::Move move) const;
    std::string earlier_occurrences_text(int k) const;
    std::string occurrences_text(int latest) const;
    void fill_occurrences(int k, Finding& finding) const;
    int last_position() const { return last_; }

    AuditOptions options_;
    GameSink& sink_;

    // Per game; the vectors keep their capacity from game to game. report_ points at the
    // record of the current game: the sink's (GameSink::next_record) or own_report_.
    GameReport own_report_;
    GameReport* report_ = &own_report_;
    std::string fen_tag_, setup_tag_, variant_tag_;
    // The fields the tags of kNeededTags (auditor.cpp) fill, in that order: set per game, as the
    // record is the sink's.
    std::array<std::string*, 13> tag_fields_{};
    bool has_fen_tag_ = false;
    pgn::TextPos game_pos_{};
    Laws laws_ = Laws::Laws2023;
    bool chess960_ = false;
    bool started_ = false;    // the start position is set up
    bool stopped_ = false;    // no further move is replayed (illegal move, null move, bad set-up)
    bool replaying_ = false;  // started_ && !stopped_: moves are replayed
    bool pending_ = false;    // the last position still awaits evaluate()
    int evaluated_up_to_ = -1;
    int window_start_ = 0;                     // first position after the last irreversible move
    std::array<int, 2> second_occurrences_{};  // per side to move, in the current window
    // A filter of the keys in the current window: append_played() scans the history only for
    // the few positions it may hold. That spares most moves the scan, whose exit at an
    // unpredictable length cost a branch miss per move.
    WindowKeys window_keys_;
    int extra_tokens_ = 0;  // main-line half-moves recorded after the automatic end
    std::string first_extra_token_;
    pgn::TextPos first_extra_pos_{};
    pgn::TextPos result_pos_{};  // of the movetext's termination marker
    int last_claim_ply_ = -1;
    std::array<int, 5> ending_findings_{};
    int ending_finding_count_ = 0;
    FiftyWindow fifty_;
    // Positions 0..last_ of the game. The vectors are never shrunk: their size is a capacity
    // (the entries past last_ are stale), so a game writes its records without reallocating.
    int last_ = -1;
    PlyRecord* current_ = nullptr;  // &plies_[last_]
    int capacity_ = 0;              // plies_.size() == keys_.size()
    std::vector<PlyRecord> plies_;
    std::vector<std::uint64_t> keys_;  // keys_[k] == plies_[k].position.key(), scanned densely
    chess::MoveList scratch_moves_;
    // move_text(k) of the current game: valid where move_text_games_[k] == game_serial_.
    std::uint64_t game_serial_ = 0;
    mutable std::vector<std::string> move_texts_;
    mutable std::vector<std::uint64_t> move_text_games_;
    mutable std::vector<int> chain_scratch_;  // occurrences_text's, kept for its capacity
    // find_declared_repetitions' list of the positions of the current window at their second
    // occurrence, extended as the window grows (not rescanned at every position it judges).
    // Its window is the one starting at twice_window_ (-1: none yet in this game), whose
    // positions before twice_scanned_ have been looked at.
    std::vector<int> twice_positions_;
    int twice_window_ = -1;
    int twice_scanned_ = 0;
    // final_verdict_of's cache: valid for game final_verdicts_game_ at position
    // final_verdicts_ply_, per side where final_verdicts_known_.
    std::array<SideVerdict, 2> final_verdicts_{};
    std::array<bool, 2> final_verdicts_known_{};
    std::uint64_t final_verdicts_game_ = 0;
    int final_verdicts_ply_ = -1;
};

// Audits every game of a PGN text (for tests and small tools).
std::vector<GameReport> audit_text(std::string_view pgn, const AuditOptions& options = {},
                                   std::string_view file = "test.pgn");

}  // namespace drawaudit::audit
