// The audit of one game at a time: the visitor replays the main line into the history and, at
// each position that is not quiet, asks the automatic endings and then the claims; at the end,
// the moves after an ending and the recorded result. The rules themselves are in claims.cpp,
// endings.cpp and results.cpp; the edition's differences in laws.hpp.
#include "audit/auditor.hpp"

#include <algorithm>
#include <memory>
#include <utility>

#include "audit/broadcast.hpp"
#include "audit/columns.hpp"  // issue 20 hook
#include "audit/dead_positions.hpp"
#include "audit/draw_reason.hpp"
#include "audit/fingerprint.hpp"  // issue 20 hook
#include "audit/wording.hpp"
#include "chess/san.hpp"
#include "pgn/reader.hpp"

namespace drawaudit::audit {

using chess::Move;
using chess::Position;

GameAuditor::GameAuditor(const AuditOptions& options, GameSink& sink)
    : options_(options), sink_(sink) {
    game_.set_max_findings_per_rule(options.max_findings_per_rule);
}

void GameAuditor::begin_game(const pgn::GameStart& start) {
    // The record is written where the sink wants it (see GameSink), or into the auditor's own;
    // either may hold a used record: clearing it keeps its capacity.
    report_ = sink_.next_record();
    if (report_ == nullptr) report_ = &own_report_;
    report_->clear();
    report_->file.assign(start.file);
    report_->game = start.game;
    report_->line = start.line;
    report_->offset = start.pos.offset;
    tags_.new_game(*report_);
    history_.new_game();
    game_.new_game(*report_, start, options_.laws.value_or(Laws::Laws2023));
    claims_.new_game();
    endings_.new_game();
    signal_.new_game();
    started_ = false;
    stopped_ = false;
    replaying_ = false;
    pending_ = false;
    evaluated_up_to_ = -1;
    result_pos_ = {};
    identity_started_ = false;
}

void GameAuditor::start_identity() {
    identity_ = GameIdentity(*report_, tags_.fen(), options_.duplicate_keys);
    identity_started_ = true;
}

void GameAuditor::tag(std::string_view name, std::string_view raw_value, pgn::TextPos) {
    tags_.read(name, raw_value);
}

pgn::Control GameAuditor::end_tags() {
    start_identity();      // every tag is read: no move is played before this
    if (report_->error) {  // a broken tag section: the game is not set up
        stop();
        return pgn::Control::SkipGame;
    }
    report_->laws = options_.laws ? *options_.laws : laws_for_date(report_->date);
    game_.set_laws(report_->laws);
    const std::optional<Position> start = tags_.start_position(game_);
    if (!start) {
        stop();
        report_->error = true;
        return pgn::Control::SkipGame;
    }
    history_.start(*start, game_.start());
    started_ = true;
    replaying_ = true;
    pending_ = true;
    return pgn::Control::Continue;
}

template <typename HistoryView>
inline bool GameAuditor::last_position_quiet(const HistoryView& history) const {
    const Position& position = history.last_position();
    // One test of all conditions together: each is almost always false, and a chain of branches
    // costs more than combining them. No repetition can be at stake before some position of the
    // window has occurred twice (a third occurrence, or a move that would make one, 9.2.1-2):
    // one test for both sides, which leaves to evaluate() the few positions where the side
    // that repeated is not the one it concerns (1.1% fewer instructions on large/ than testing
    // the occurrence and the other side's repetitions apart).
    const bool loud =
        history.twice_occurred() | (position.halfmove_clock() >= 99) | claims_.fifty_window_open() |
        ((position.pieces(chess::PieceType::Pawn) | position.pieces(chess::PieceType::Rook) |
          position.pieces(chess::PieceType::Queen)) == 0) |
        may_be_locked_beyond_material(position);  // dead_positions.hpp
    if (loud) return false;
    // The rest of the dead-position filter (dead_positions.hpp): a check that may force the end
    // (the check alone is tested here, the rest only in the 5% of positions in check). A pawn
    // blocked by a king on its last rank is in the test above (may_be_locked_beyond_material):
    // two games of large/ reach such a dead position without a check before it
    // (`8/8/8/8/6k1/6p1/6Pp/7K b`, every move of Black's king leaves White stalemated), and
    // the test costs about 0.2% of the audit.
    return !(position.in_check() && check_may_force_the_end(position));
}

// pending_ is true here exactly while the game has not ended automatically: every position
// before the end is judged, and none after it.
void GameAuditor::judge_loud(int k, const pgn::MoveToken& token) {
    if (pending_) {
        judge_before_move(k, token);
    } else {
        // After an automatic end the moves are still replayed (an illegal one is still
        // reported), but no position after the end is judged.
        endings_.count_extra_half_move(game_, token.san, token.pos);
    }
}

inline void GameAuditor::after_played(History::Appender& history, Move move,
                                      const pgn::MoveToken& token) {
    const int k = history.last();
    if (pending_ && last_position_quiet(history)) [[likely]] {
        evaluated_up_to_ = k;
    } else {
        history.save();  // the judging reads the History
        judge_loud(k, token);
        history.load();
    }
    history.append(move, token.pos);
}

// A move from the reader's general path (one at a time; the fast path's runs take moves()).
pgn::Control GameAuditor::move(std::string_view san, pgn::TextPos pos) {
    if (depth() != 0 || !replaying_) [[unlikely]]
        return move_outside_replay(san, pos);
    history_.make_room(1);
    auto played = chess::play_san(history_.last_position(), san, history_.next_slot());
    if (!played) [[unlikely]]
        return illegal_move(san, pos);
    History::Appender history(history_);
    after_played(history, *played, pgn::MoveToken{san, pos});
    history.save();
    identity_.add_move(*played);
    return pgn::Control::Continue;
}

// Position k, which the move of `token` leaves, is not quiet: everything RULES.md decides there. If
// that ends the game, the move is the first one recorded after the end.
void GameAuditor::judge_before_move(int k, const pgn::MoveToken& token) {
    // A legal next move proves that position k has one, which spares the move generator.
    evaluate(k, true);
    if (report_->end_ply)
        endings_.count_extra_half_move(game_, token.san, token.pos);
    else
        pending_ = true;
}

// The reader's fast path: a run of moves, replayed and then judged one by one, with the depth
// and the room in the history looked at once per run.
pgn::Control GameAuditor::moves(std::span<const pgn::MoveToken> run) {
    if (depth() != 0) [[unlikely]]
        return pgn::Visitor::moves(run);
    while (!run.empty()) {
        const std::size_t n = std::min(run.size(), kReplayRun);
        replay_run(run.first(n));
        run = run.subspan(n);
    }
    return pgn::Control::Continue;  // the replay never skips a game
}

namespace {
// An array left uninitialised, filled as far as it is used: the replay's scratch per run.
template <typename T, std::size_t N>
union Uninitialised {
    Uninitialised() {}
    T items[N];
};
}  // namespace

void GameAuditor::replay_run(std::span<const pgn::MoveToken> run) {
    if (!replaying_) [[unlikely]] {
        for (const pgn::MoveToken& token : run) move_outside_replay(token.san, token.pos);
        return;
    }
    history_.make_room(static_cast<int>(run.size()) + 1);
    Uninitialised<Move, kReplayRun> moves;
    // The texts read in place, in the reader's tokens (copying them out cost 6 instructions a
    // half-move).
    const std::size_t played =
        chess::play_san_run(&run[0].san, sizeof(pgn::MoveToken), run.size(), history_.last_slot(),
                            History::slot_stride(), moves.items);
    // One appender for the run: the history's changing state stays in its locals.
    History::Appender history(history_);
    for (std::size_t i = 0; i < played; ++i) after_played(history, moves.items[i], run[i]);
    history.save();
    // Apart from the per-move loop above, whose state stays in registers.
    identity_.add_moves(moves.items, played);
    if (played < run.size()) [[unlikely]] {
        illegal_move(run[played].san, run[played].pos);  // stops the replay
        for (const pgn::MoveToken& token : run.subspan(played + 1))
            move_outside_replay(token.san, token.pos);
    }
}

pgn::Control GameAuditor::move_outside_replay(std::string_view san, pgn::TextPos pos) {
    if (depth() == 0 && started_ && stopped_) {
        endings_.count_extra_half_move(game_, san, pos);
        signal_.half_move_after(san);
    }
    return pgn::Control::Continue;
}

pgn::Control GameAuditor::illegal_move(std::string_view san, pgn::TextPos pos) {
    const int k = history_.last();
    const Position& position = history_.position(k);
    // The reason, from the SAN reader that gives one ("" when only the replay refused it).
    auto parsed = chess::parse_san(position, san);
    std::optional<chess::SanError> why;
    if (!parsed) why = std::move(parsed.error());
    if (pending_) evaluate(k, position.has_legal_move());
    endings_.count_extra_half_move(game_, san, pos);
    // 3.10: the record cannot be replayed past an illegal move; the rest is not audited.
    Finding& f = game_.add_unplayable_token(Rule::IllegalMove, k, san, pos);
    f.severity = Severity::Error;
    f.args.id = MessageId::IllegalMove;
    f.args.san_refusal = std::move(why);
    // RULES.md broadcast-result-signal: the game's end tells whether this began the signal.
    if (const int index = game_.last_finding_index(); index >= 0)
        signal_.first_illegal(position, san, static_cast<std::size_t>(index));
    stop();
    report_->error = true;
    return pgn::Control::Continue;
}

pgn::Control GameAuditor::null_move(std::string_view token, pgn::TextPos pos) {
    if (depth() > 0 || !started_) return pgn::Control::Continue;
    if (stopped_) {
        endings_.count_extra_half_move(game_, token, pos);
        signal_.half_move_after(token);  // no king move: no signal
        return pgn::Control::Continue;
    }
    const int k = history_.last();
    if (pending_) evaluate(k, history_.position(k).has_legal_move());
    endings_.count_extra_half_move(game_, token, pos);
    // 3.10: passing is no move of the Laws; the game cannot be replayed past it.
    Finding& f = game_.add_unplayable_token(Rule::NullMove, k, token, pos);
    f.severity = Severity::Warning;
    f.args.id = MessageId::NullMove;
    stop();
    report_->error = true;
    return pgn::Control::Continue;
}

void GameAuditor::result(std::string_view marker, pgn::TextPos pos) {
    if (depth() > 0) return;
    report_->movetext_result = std::string(marker);
    result_pos_ = pos;
}

// RULES.md result-tag-invalid: a last token the reader could not read otherwise is the game's
// marker when it is a result written another way, or the Result tag's own value; a last "0-0"
// only when the Result tag repeats it (else it is castling).
bool GameAuditor::odd_result(std::string_view token, pgn::TextPos pos) {
    if (depth() > 0) return false;
    const bool repeats_tag = token == report_->result;
    if (token == "0-0" ? !repeats_tag
                       : !repeats_tag && result_meaning(token) == ResultMeaning::Unknown)
        return false;
    result(token, pos);
    return true;
}

void GameAuditor::parse_error(const pgn::ParseError& error) {
    signal_.disarm();  // the record breaks here: what follows the illegal move is not known
    Finding& f = game_.add_game_finding(Rule::ParseError);
    f.ply = history_.started() ? history_.last() : 0;
    f.severity = Severity::Error;
    game_.locate(f, error.pos);
    if (history_.started()) f.fen = history_.last_position().to_fen();
    f.args.id = MessageId::ParseError;
    f.args.parse_problem = error.problem;
    f.args.parse_limit = error.limit;
    f.args.reason = error.detail;
    f.args.io_cause = error.io_cause;
    report_->error = true;
}

void GameAuditor::end_game(std::string_view text) {
    if (stopped_) [[unlikely]]
        settle_broadcast_signal();
    // RULES.md result-tag-invalid: the rules read a result that is no PGN result as "*"; the
    // record keeps what was written.
    const bool odd_results =
        (!report_->result.empty() && !is_pgn_result(report_->result)) ||
        (!report_->movetext_result.empty() && !is_pgn_result(report_->movetext_result));
    if (odd_results) [[unlikely]]
        report_invalid_results();
    if (started_ && pending_) {
        const int k = history_.last();
        evaluate(k, history_.position(k).has_legal_move());
    }
    if (claims_.fifty_window_open()) claims_.close_fifty_window(game_, evaluated_up_to_);
    report_->plies = history_.started() ? history_.last() : 0;

    endings_.report_moves_after_end(game_);
    if (started_)
        check_recorded_result(game_, claims_, evaluated_up_to_,
                              options_.min_moves_before_agreement);
    // RULES.md "Dead positions and unwinnable sides": final_unwinnable (dead_positions.cpp).
    if (started_ && !report_->error) record_final_unwinnable(game_);
    // A result that is no PGN result is reported once, as such: not again as a mismatch.
    if (!odd_results) [[likely]]
        check_result_marker(game_, started_, result_pos_);
    endings_.settle_severities(game_);

    // Most games' findings are in ply order already (none, one, or added as the replay went):
    // stable_sort would still take a temporary buffer and move every Finding through it.
    const auto by_ply = [](const Finding& a, const Finding& b) { return a.ply < b.ply; };
    if (!std::is_sorted(report_->findings.begin(), report_->findings.end(), by_ply))
        std::stable_sort(report_->findings.begin(), report_->findings.end(), by_ply);
    explain_draw_reason();  // RULES.md "Why each draw happened" (draw_reason.cpp)
    if (odd_results) [[unlikely]] {
        report_->result.swap(written_result_);
        report_->movetext_result.swap(written_marker_);
        // A conflict with the rules names the tag as it was written.
        for (Finding& f : report_->findings)
            if (f.rule == Rule::ResultConflict) f.recorded = report_->result;
    }
    if (options_.keep_game_text) report_->text = std::string(text);
    if (options_.game_text_digest) {
        report_->text_bytes = text.size();
        report_->text_hash = game_text_hash(text);
    }
    // Issue 20 hook: the game's identity, its findings' fingerprints (fingerprint.hpp) and
    // their SARIF columns (columns.hpp).
    if (!identity_started_) start_identity();  // a game whose tags could not all be read
    identity_.finish(*report_);
    fill_utf16_columns(*report_, text);
    sink_.game(std::move(*report_));  // begin_game resets report_
}

// RULES.md broadcast-result-signal: the first illegal move and the at most one half-move after
// it were the kings' signal; the game is judged without them, as though the record ended before.
void GameAuditor::settle_broadcast_signal() {
    if (!signal_.settle(game_)) return;
    report_->error = false;
    endings_.forget_extra_half_moves(game_, signal_.signal_half_moves());
}

// RULES.md result-tag-invalid: one finding per string (one when the marker repeats the tag),
// then the record's result and marker read as "*" until end_game restores them.
void GameAuditor::report_invalid_results() {
    const auto report = [&](const std::string& written, bool in_marker) {
        Finding& f = in_marker && started_
                         ? game_.add_finding(Rule::ResultTagInvalid, history_.last())
                         : game_.add_game_finding(Rule::ResultTagInvalid);
        if (in_marker) game_.locate(f, result_pos_);
        f.severity = Severity::Warning;
        f.recorded = written;
        f.args.id = MessageId::ResultInvalid;
        f.args.quoted = written;
        f.args.result_meaning = result_meaning(written);
        f.args.result_in_marker = in_marker;
    };
    const bool tag_odd = !report_->result.empty() && !is_pgn_result(report_->result);
    const bool marker_odd =
        !report_->movetext_result.empty() && !is_pgn_result(report_->movetext_result);
    if (tag_odd) report(report_->result, false);
    if (marker_odd && !(tag_odd && report_->movetext_result == report_->result))
        report(report_->movetext_result, true);
    written_result_ = "*";
    written_marker_ = "*";
    if (tag_odd)
        report_->result.swap(written_result_);
    else
        written_result_ = report_->result;
    if (marker_odd)
        report_->movetext_result.swap(written_marker_);
    else
        written_marker_ = report_->movetext_result;
}

// First the automatic endings, then (if the game goes on) the claims of the player having the
// move.
void GameAuditor::evaluate(int k, bool has_legal_move) {
    pending_ = false;
    evaluated_up_to_ = k;
    // Most positions have nothing to report (after_played asks itself before calling).
    if (has_legal_move && last_position_quiet(history_)) [[likely]]
        return;
    claims_.follow_fifty_window(game_, k);
    endings_.check(game_, k, has_legal_move, !claims_.fifty_window_open());
    if (report_->end_ply) {
        // The game's end closes the window (RULES.md), and the ended position is its last one:
        // its clock is >= 99 too. No claim stands there, but until_ply reaches it.
        if (claims_.fifty_window_open()) claims_.close_fifty_window(game_, k);
        return;
    }
    claims_.check(game_, k);
}

// RULES.md "Why each draw happened", decided in draw_reason.cpp: what the replay knows of the
// record's end, and the check flags of its final cycle (the positions from the latest earlier
// occurrence of the last position to it), read only for drawn games whose last position repeats.
void GameAuditor::explain_draw_reason() {
    if (recorded_result(report_->result) != RecordedResult::Draw) return;
    DrawFacts facts;
    facts.result = report_->result;
    facts.termination = report_->termination;
    facts.termination_tag = report_->termination_tag;
    facts.last_position_known = started_ && !report_->error;
    const int n = history_.last();
    const int clock = n >= 0 ? history_.position(n).halfmove_clock() : 0;
    const ClaimsAtEnd claims = claims_at_end(report_->findings, n, clock);
    facts.early_agreement = claims.early_agreement;
    std::unique_ptr<bool[]> checks;  // only for a drawn game whose last position repeats
    if (facts.last_position_known) {
        facts.threefold_claim_at_end = claims.threefold;
        facts.fifty_move_claim_at_end = claims.fifty_move;
        const int j = history_.previous_occurrence(n);
        if (j >= 0) {
            const auto size = static_cast<std::size_t>(n - j + 1);
            checks = std::make_unique<bool[]>(size);
            for (std::size_t i = 0; i < size; ++i)
                checks[i] = history_.position(j + static_cast<int>(i)).in_check();
            facts.cycle = {j, side_of(history_.position(j).side_to_move()), {checks.get(), size}};
        }
    }
    const DrawExplanation why = explain_draw(facts);
    report_->draw_reason = why.reason;
    report_->draw_side = why.side;
    if (why.first_check_ply > 0)
        report_->draw_first_check = history_.move_text(why.first_check_ply);
    if (why.last_check_ply > 0) report_->draw_last_check = history_.move_text(why.last_check_ply);
}

namespace {
struct CollectingSink final : GameSink {
    std::vector<GameReport> games;
    void game(GameReport&& report) override { games.push_back(std::move(report)); }
};
}  // namespace

std::vector<GameReport> audit_text(std::string_view pgn, const AuditOptions& options,
                                   std::string_view file) {
    CollectingSink sink;
    GameAuditor auditor(options, sink);
    pgn::parse_games(pgn, pgn::TextOrigin{file}, auditor);
    return std::move(sink.games);
}

}  // namespace drawaudit::audit
