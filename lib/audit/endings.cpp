// RULES.md "Automatic endings": checkmate (5.1.1), stalemate (5.2.1), dead position (5.2.2),
// fivefold repetition (9.6.1) and the 75-move rule (9.6.2) end the game at once; the moves
// recorded after such an end (moves-after-end).
#include <algorithm>

#include "audit/dead_positions.hpp"
#include "audit/rules.hpp"
#include "audit/wording.hpp"
#include "chess/material.hpp"

namespace drawaudit::audit {

using chess::Color;
using chess::Position;

std::string_view termination_article(Termination t) {
    switch (t) {
        case Termination::Checkmate:
            return "5.1.1";
        case Termination::Stalemate:
            return "5.2.1";
        case Termination::DeadPosition:
            return "5.2.2";
        case Termination::Fivefold:
            return "9.6.1";
        case Termination::SeventyFiveMove:
            return "9.6.2";
        case Termination::None:
            break;
    }
    return "";
}

void Endings::new_game() {
    finding_count_ = 0;
    extra_tokens_ = 0;
    first_extra_token_.clear();
    first_extra_pos_ = {};
}

void Endings::check(CurrentGame& game, int k, bool has_legal_move, bool may_end_earlier) {
    const Position& position = game.history.position(k);
    const bool automatic_draws = game.laws().has_automatic_draws;  // 9.6

    // 5.1.1: checkmate.
    const bool checkmate = position.in_check() && !has_legal_move;
    // 5.2.1: stalemate.
    const bool stalemate = !position.in_check() && !has_legal_move;
    // 5.2.2: dead position: insufficient material, or both sides proved unwinnable by the quick
    // proofs where every pawn is blocked (dead_positions.hpp).
    const bool dead = chess::is_insufficient_material(position) ||
                      (may_be_dead_beyond_material(position) && is_dead_beyond_material(position));
    // 9.6.1: fivefold.
    const bool fivefold = automatic_draws && this->fivefold(game, k);
    // 9.6.2: the clock reaches 150, unless the 150th half-move mates (mate takes precedence).
    const bool seventy_five = automatic_draws && position.halfmove_clock() >= 150 && !checkmate;

    if (checkmate || stalemate || dead || fivefold || seventy_five) [[unlikely]] {
        // 5.2.2: the audit looks at a position only where its filter lets it through
        // (dead_positions.hpp); a quiet move whose every reply stalemates or takes the last
        // pawn (`k1K5/P7/8/8/8/8/8/8 b`) left a dead position it did not look at. Found here,
        // the game ended there, and the moves since are moves after the end.
        const int j = (stalemate || dead) && may_end_earlier ? dead_before(game, k) : k;
        if (j < k) {
            report(game, j, Found{false, false, true, false, false});
            for (int i = j + 1; i <= k; ++i)
                count_extra_half_move(game, game.history.move_text(i), game.history.where(i));
            return;
        }
        report(game, k, Found{checkmate, stalemate, dead, fivefold, seventy_five});
    }
}

// The earliest of the (at most two) positions just before k that are dead, each by the static
// proofs or a short walk for both sides, with no finding of their own (a claim there would
// stand at a position the game had already left): k when there is none.
int Endings::dead_before(const CurrentGame& game, int k) const {
    constexpr int MaxPliesBack = 2;
    const auto& findings = game.report().findings;
    int j = k;
    for (int back = 0; back < MaxPliesBack && j > 0; ++back) {
        const int i = j - 1;
        const bool has_finding = std::any_of(findings.begin(), findings.end(),
                                             [&](const Finding& f) { return f.ply == i; });
        if (has_finding || !is_dead_by_walk(game.history.position(i))) break;
        j = i;
    }
    return j;
}

// 9.6.1: position k has occurred five times; the 2014 text asked for "consecutive alternate
// moves", read as positions k, k-4, k-8, k-12 and k-16 all the same.
bool Endings::fivefold(const CurrentGame& game, int k) const {
    const History& history = game.history;
    if (history.occurrence(k) < 5) return false;
    if (!game.laws().fivefold_needs_consecutive_alternate) return true;
    if (k - 16 < history.window_start()) return false;
    for (int back = 4; back <= 16; back += 4) {
        if (!history.same_position(k - back, k)) return false;
    }
    return true;
}

void Endings::report(CurrentGame& game, int k, Found e) {
    const History& history = game.history;
    GameReport& record = game.report();
    const Position& position = history.position(k);
    const Color mover = position.side_to_move();

    // RULES.md termination order: checkmate, stalemate, dead position, fivefold, 75 moves.
    record.end_ply = k;
    if (e.checkmate) {
        record.termination = Termination::Checkmate;
        record.expected_result = mover == Color::White ? "0-1" : "1-0";
    } else {
        record.termination = e.stalemate  ? Termination::Stalemate
                             : e.dead     ? Termination::DeadPosition
                             : e.fivefold ? Termination::Fivefold
                                          : Termination::SeventyFiveMove;
        record.expected_result = "1/2-1/2";
    }

    auto ending = [&](Rule rule, Termination t, MessageId says) -> Finding& {
        Finding& f = game.add_finding(rule, k);
        f.article = std::string(termination_article(t));
        f.side = side_of(mover);
        f.args.id = says;
        // An omitted finding (beyond its rule's limit) has no severity to settle.
        if (game.last_finding_index() >= 0)
            findings_[static_cast<std::size_t>(finding_count_++)] = game.last_finding_index();
        return f;
    };
    if (e.checkmate) ending(Rule::Checkmate, Termination::Checkmate, MessageId::Checkmated);
    if (e.stalemate) ending(Rule::Stalemate, Termination::Stalemate, MessageId::Stalemated);
    if (e.dead) {
        if (chess::is_insufficient_material(position)) {
            ending(Rule::DeadPosition, Termination::DeadPosition, MessageId::DeadByMaterial);
        } else {
            Finding& f =
                ending(Rule::DeadPosition, Termination::DeadPosition, MessageId::DeadProved);
            f.args.proofs = dead_position_proofs(position);
        }
    }
    if (e.fivefold) {
        Finding& f = ending(Rule::FivefoldDraw, Termination::Fivefold, MessageId::FivefoldDrawn);
        game.list_occurrences(k, f);
        history.earlier_occurrence_words(k, f.args.earlier);
    }
    if (e.seventy_five) {
        Finding& f = ending(Rule::SeventyFiveMoveDraw, Termination::SeventyFiveMove,
                            MessageId::SeventyFiveDrawn);
        f.halfmove_clock = position.halfmove_clock();
    }
}

void Endings::count_extra_half_move(const CurrentGame& game, std::string_view token,
                                    pgn::TextPos pos) {
    if (!game.report().end_ply) return;
    if (extra_tokens_ == 0) {
        first_extra_token_ = std::string(token);
        first_extra_pos_ = pos;
    }
    ++extra_tokens_;
}

void Endings::forget_extra_half_moves(const CurrentGame& game, int n) {
    if (!game.report().end_ply) return;  // none was counted
    extra_tokens_ = std::max(0, extra_tokens_ - n);
}

// RULES.md moves-after-end: one finding at the first extra half-move (k_end + 1).
void Endings::report_moves_after_end(CurrentGame& game) const {
    const GameReport& record = game.report();
    if (!record.end_ply || extra_tokens_ == 0) return;
    const History& history = game.history;
    const int end_ply = *record.end_ply;
    const int k = end_ply + 1;
    Finding& f = game.add_finding(Rule::MovesAfterEnd, std::min(k, history.last()));
    f.ply = k;
    f.severity = Severity::Error;
    f.extra_plies = extra_tokens_;
    f.move = k <= history.last() ? history.move_text(k)
                                 : numbered_token(history.position(end_ply), first_extra_token_);
    game.locate(f, first_extra_pos_);
    f.article = std::string(termination_article(record.termination));
    f.args.id = MessageId::MovesAfterEnd;
    f.args.ended_after = history.move_text(end_ply);  // "" for the start
    f.args.ending = record.termination;
}

void Endings::settle_severities(CurrentGame& game) const {
    if (finding_count_ == 0) return;
    GameReport& record = game.report();
    const bool conflict = extra_tokens_ > 0 || record.result != record.expected_result;
    for (int i = 0; i < finding_count_; ++i) {
        const auto index = static_cast<std::size_t>(findings_[static_cast<std::size_t>(i)]);
        record.findings[index].severity = conflict ? Severity::Warning : Severity::Info;
    }
}

}  // namespace drawaudit::audit
