// RULES.md "The recorded result": the Result tag against the result the rules give (an automatic
// ending; 5.1.2, 6.9 and 7.5.5 where the winner cannot mate), against the movetext's marker, and
// a draw agreed too early (5.2.3, 9.1.1).
#include <algorithm>

#include "audit/dead_positions.hpp"
#include "audit/rules.hpp"
#include "audit/tags.hpp"
#include "audit/wording.hpp"
#include "chess/material.hpp"

namespace drawaudit::audit {

using chess::Color;

namespace {

bool is_recorded_result(std::string_view r) {
    return r == "1-0" || r == "0-1" || r == "1/2-1/2";
}

// The rules gave a result (5.1.1, 5.2.1, 5.2.2, 9.6): the record must agree with it.
void check_against_ending(CurrentGame& game, int final_ply) {
    const GameReport& record = game.report();
    const std::string& recorded = record.result;
    if (recorded == record.expected_result) return;
    Finding& f = game.add_finding(Rule::ResultConflict, final_ply);
    f.article = std::string(termination_article(record.termination));
    f.recorded = recorded;
    f.expected = record.expected_result;
    f.severity = is_recorded_result(recorded) ? Severity::Error : Severity::Warning;
    f.args.id = MessageId::ConflictWithEnding;
    f.args.ended_after = game.history.move_text(final_ply);  // "" for the start
    f.args.ending = record.termination;
}

// 5.1.2 (resignation), 6.9 (time) and 7.5.5 (second illegal move): a decisive result where the
// winner cannot checkmate by any series of legal moves is a draw. Before 2023 this applied only
// to losses on time or by an illegal move, not to resignations.
void check_winner_can_mate(CurrentGame& game, int k) {
    GameReport& record = game.report();
    const Color winner = record.result == "1-0" ? Color::White : Color::Black;
    // The proved verdict (dead_positions.hpp): material, a locked pawn structure, or a short
    // walk from a check.
    const SideVerdict verdict = final_verdict(game, k, winner);
    if (verdict.verdict != chess::Winnability::Unwinnable) return;
    const std::string& how = record.termination_tag;
    const bool on_time = icontains(how, "time") || icontains(how, "flag");
    const bool illegal = icontains(how, "illegal");
    if (!game.laws().winner_cannot_mate_applies_to_resignation && !on_time && !illegal) return;

    Finding& f = game.add_finding(Rule::ResultConflict, k);
    f.severity = Severity::Error;
    f.article = on_time ? "6.9" : illegal ? "7.5.5" : "5.1.2";
    f.recorded = record.result;
    f.expected = "1/2-1/2";
    // The rules give the result here too (the game is drawn), so the game record says so.
    record.expected_result = f.expected;
    f.args.id = MessageId::ConflictCannotMate;
    f.args.proofs[0] = verdict.proof;
    f.args.quoted = how;  // the winner is the recorded result's
}

// 5.2.3: a draw may be agreed only after both players have moved; 9.1.1: an event's regulations
// may ask for more moves first. A draw where a claim stands is no agreement.
void check_agreement(CurrentGame& game, const Claims& claims, int final_ply,
                     int min_moves_before_agreement) {
    const GameReport& record = game.report();
    // A record without any movetext (tags only, as some exports give) says nothing about how
    // many moves were played: it is not taken for a draw agreed before the first move.
    const bool has_movetext = final_ply > 0 || !record.movetext_result.empty();
    if (record.result != "1/2-1/2" || !has_movetext || claims.claim_available_at(game, final_ply))
        return;
    const Color first = game.history.position(0).side_to_move();
    const int first_mover_moves = (final_ply + 1) / 2;
    const int second_mover_moves = final_ply / 2;
    const int white_moves = first == Color::White ? first_mover_moves : second_mover_moves;
    const int black_moves = first == Color::White ? second_mover_moves : first_mover_moves;
    const int required = std::max(1, min_moves_before_agreement);
    if (white_moves >= required && black_moves >= required) return;
    Finding& f = game.add_finding(Rule::EarlyAgreement, final_ply);
    f.severity = Severity::Warning;
    f.recorded = record.result;
    const bool both_moved = white_moves >= 1 && black_moves >= 1;
    f.article = both_moved ? "9.1.1" : "5.2.3";
    f.args.id = both_moved ? MessageId::EarlyAfterMoves : MessageId::EarlyBeforeBothMoved;
    f.args.counts = {white_moves, black_moves, required};
}

}  // namespace

void check_recorded_result(CurrentGame& game, const Claims& claims, int evaluated_up_to,
                           int min_moves_before_agreement) {
    const GameReport& record = game.report();
    const int final_ply = record.end_ply ? *record.end_ply : evaluated_up_to;
    if (final_ply < 0) return;
    if (record.end_ply) {
        check_against_ending(game, final_ply);
        return;
    }
    if (record.error) return;  // the final position of the record is unknown
    if (record.result == "1-0" || record.result == "0-1") {
        check_winner_can_mate(game, final_ply);
        return;
    }
    check_agreement(game, claims, final_ply, min_moves_before_agreement);
}

void check_result_marker(CurrentGame& game, bool started, pgn::TextPos marker) {
    const GameReport& record = game.report();
    if (record.result.empty() || record.movetext_result.empty() ||
        record.result == record.movetext_result)
        return;
    Finding& f = started ? game.add_finding(Rule::ResultMismatch, game.history.last())
                         : game.add_game_finding(Rule::ResultMismatch);
    f.line = marker.line;  // where the marker stands
    f.column = marker.column;
    f.offset = marker.offset;
    f.severity = Severity::Error;
    f.recorded = record.result;
    f.expected = record.movetext_result;
    f.args.id = MessageId::ResultMismatch;
}

}  // namespace drawaudit::audit
