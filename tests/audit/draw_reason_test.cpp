// RULES.md "Why each draw happened": draw_reason and draw_side, decided by explain_draw from what
// the replay knows, and the summary's results, draw_reasons and by_year.
#include "audit/draw_reason.hpp"

#include <gtest/gtest.h>

#include <array>
#include <fstream>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include "audit_test_support.hpp"

namespace drawaudit::audit {
namespace {

using namespace testing;

constexpr std::string_view Draw = "[Result \"1/2-1/2\"]\n";
// White queen checks from e8 and e4 against a king walking g8-h7 (the sample's perpetual).
constexpr std::string_view QueenChecks = "6k1/6p1/7p/8/8/8/6PP/4Q1K1 w - - 0 1";
// Black's queen checks from e1 and e5 against a king walking g1-h2.
constexpr std::string_view BlackQueenChecks = "4q1k1/6pp/8/8/8/7P/6P1/6K1 b - - 0 1";
// White's rook and king against the bare king, with the halfmove clock given.
std::string rook_ending(int clock) {
    return "6k1/8/8/8/8/8/8/R5K1 w - - " + std::to_string(clock) + " 80";
}

GameReport drawn(std::string_view fen, std::string_view movetext, std::string_view tags = "") {
    return audit_one(fen_game(fen, movetext, std::string(Draw) + std::string(tags)));
}

// The facts of a game that reached its end with none of the reasons holding.
DrawFacts plain_draw() {
    DrawFacts facts;
    facts.result = "1/2-1/2";
    facts.last_position_known = true;
    return facts;
}

// --- explain_draw on its own -------------------------------------------------------------------

TEST(ExplainDraw, ADecisiveResultHasNoReason) {
    DrawFacts facts = plain_draw();
    facts.result = "1-0";
    EXPECT_EQ(explain_draw(facts).reason, DrawReason::None);
}

TEST(ExplainDraw, AMissingResultHasNoReason) {
    DrawFacts facts = plain_draw();
    facts.result = "";
    EXPECT_EQ(explain_draw(facts).reason, DrawReason::None);
}

TEST(ExplainDraw, ADrawAgainstCheckmateHasNoReason) {
    DrawFacts facts = plain_draw();
    facts.termination = Termination::Checkmate;
    facts.threefold_claim_at_end = true;
    EXPECT_EQ(explain_draw(facts).reason, DrawReason::None);
}

TEST(ExplainDraw, EachAutomaticEndIsItsOwnReason) {
    const std::array<std::pair<Termination, DrawReason>, 4> ends = {{
        {Termination::Stalemate, DrawReason::Stalemate},
        {Termination::DeadPosition, DrawReason::DeadPosition},
        {Termination::Fivefold, DrawReason::Fivefold},
        {Termination::SeventyFiveMove, DrawReason::SeventyFiveMove},
    }};
    for (const auto& [termination, reason] : ends) {
        DrawFacts facts = plain_draw();
        facts.termination = termination;
        facts.threefold_claim_at_end = true;
        EXPECT_EQ(explain_draw(facts).reason, reason) << termination_name(termination);
    }
}

TEST(ExplainDraw, TheTerminationComesBeforeAPerpetualCheck) {
    // Positions j..n = 0..4, White (not to move at j) checking into 2 and 4.
    const std::array<bool, 5> checks = {true, false, true, false, true};
    DrawFacts facts = plain_draw();
    facts.termination = Termination::Fivefold;
    facts.cycle = {1, Side::Black, checks};
    EXPECT_EQ(explain_draw(facts).reason, DrawReason::Fivefold);
}

TEST(ExplainDraw, ThreefoldComesBeforeFiftyMoves) {
    DrawFacts facts = plain_draw();
    facts.threefold_claim_at_end = true;
    facts.fifty_move_claim_at_end = true;
    EXPECT_EQ(explain_draw(facts).reason, DrawReason::ThreefoldRepetition);
}

TEST(ExplainDraw, AClaimComesBeforeTheTerminationTag) {
    DrawFacts facts = plain_draw();
    facts.fifty_move_claim_at_end = true;
    facts.termination_tag = "time forfeit";
    EXPECT_EQ(explain_draw(facts).reason, DrawReason::FiftyMove);
}

TEST(ExplainDraw, TimeForfeitComesBeforeAnEarlyAgreement) {
    DrawFacts facts = plain_draw();
    facts.termination_tag = "Time forfeit";
    facts.early_agreement = true;
    EXPECT_EQ(explain_draw(facts).reason, DrawReason::TimeForfeit);
}

TEST(ExplainDraw, AnUnknownLastPositionIgnoresTheClaimsThere) {
    DrawFacts facts = plain_draw();
    facts.last_position_known = false;
    facts.threefold_claim_at_end = true;
    EXPECT_EQ(explain_draw(facts).reason, DrawReason::Agreement);
}

TEST(ExplainDraw, APerpetualNamesTheSideThatMadeTheRepeatingMove) {
    const std::array<bool, 5> checks = {true, false, true, false, true};
    DrawFacts facts = plain_draw();
    facts.cycle = {1, Side::Black, checks};
    const DrawExplanation why = explain_draw(facts);
    EXPECT_EQ(why.reason, DrawReason::PerpetualCheck);
    EXPECT_EQ(why.side, Side::White);
    EXPECT_EQ(why.first_check_ply, 1);  // the move into j was White's check too
    EXPECT_EQ(why.last_check_ply, 5);
}

TEST(ExplainDraw, APerpetualFromTheStartPositionStartsAfterIt) {
    const std::array<bool, 5> checks = {false, false, true, false, false};
    DrawFacts facts = plain_draw();
    facts.cycle = {0, Side::White, checks};
    EXPECT_EQ(explain_draw(facts).reason, DrawReason::Agreement);  // neither checked every move
    const std::array<bool, 5> black_checks = {true, false, true, false, true};
    facts.cycle = {0, Side::White, black_checks};
    const DrawExplanation why = explain_draw(facts);
    EXPECT_EQ(why.side, Side::Black);
    EXPECT_EQ(why.first_check_ply, 2);  // position 0 was reached by no move
}

TEST(ExplainDraw, APerpetualCanBeTheSideToMoveAtTheEnd) {
    // Positions 4..8: the side to move at 4 (Black) checks into 5 and 7.
    const std::array<bool, 5> checks = {false, true, false, true, false};
    DrawFacts facts = plain_draw();
    facts.cycle = {4, Side::Black, checks};
    const DrawExplanation why = explain_draw(facts);
    EXPECT_EQ(why.reason, DrawReason::PerpetualCheck);
    EXPECT_EQ(why.side, Side::Black);
    EXPECT_EQ(why.first_check_ply, 5);
    EXPECT_EQ(why.last_check_ply, 7);
}

TEST(ExplainDraw, OneMoveWithoutCheckIsNoPerpetual) {
    const std::array<bool, 7> checks = {true, false, true, false, false, false, true};
    DrawFacts facts = plain_draw();
    facts.cycle = {3, Side::Black, checks};
    EXPECT_EQ(explain_draw(facts).reason, DrawReason::Agreement);
}

TEST(ExplainDraw, APerpetualComesBeforeAThreefoldClaim) {
    const std::array<bool, 5> checks = {true, false, true, false, true};
    DrawFacts facts = plain_draw();
    facts.cycle = {5, Side::Black, checks};
    facts.threefold_claim_at_end = true;
    EXPECT_EQ(explain_draw(facts).reason, DrawReason::PerpetualCheck);
}

TEST(ExplainDraw, NothingElseIsAnAgreement) {
    const DrawExplanation why = explain_draw(plain_draw());
    EXPECT_EQ(why.reason, DrawReason::Agreement);
    EXPECT_EQ(why.side, Side::None);
}

TEST(TerminationTag, TimeAndFlagInAnyCaseMeanOnTime) {
    EXPECT_TRUE(termination_tag_says_on_time("time forfeit"));
    EXPECT_TRUE(termination_tag_says_on_time("Time forfeit"));
    EXPECT_TRUE(termination_tag_says_on_time("lost on TIME"));
    EXPECT_TRUE(termination_tag_says_on_time("Flag fall"));
    EXPECT_FALSE(termination_tag_says_on_time("normal"));
    EXPECT_FALSE(termination_tag_says_on_time("adjudication"));
    EXPECT_FALSE(termination_tag_says_on_time(""));
}

TEST(DateYear, TheFirstFourDigitsBeforeASeparator) {
    EXPECT_EQ(date_year("1990.05.17"), 1990);
    EXPECT_EQ(date_year("2012.??.??"), 2012);
    EXPECT_EQ(date_year("2012"), 2012);
    EXPECT_EQ(date_year("2012-01-01"), 2012);
    EXPECT_EQ(date_year("????.??.??"), std::nullopt);
    EXPECT_EQ(date_year("19xx.01.01"), std::nullopt);
    EXPECT_EQ(date_year("20121"), std::nullopt);
    EXPECT_EQ(date_year(""), std::nullopt);
}

// --- through the auditor ----------------------------------------------------------------------

TEST(DrawReason, APerpetualByWhiteAtTheSecondOccurrence) {
    const GameReport g = drawn(QueenChecks, "1. Qe8+ Kh7 2. Qe4+ Kg8 3. Qe8+ 1/2-1/2");
    EXPECT_EQ(g.draw_reason, DrawReason::PerpetualCheck);
    EXPECT_EQ(g.draw_side, Side::White);
    EXPECT_EQ(g.draw_first_check, "1. Qe8+");
    EXPECT_EQ(g.draw_last_check, "3. Qe8+");
}

TEST(DrawReason, APerpetualByBlackEndingOnWhitesMove) {
    const GameReport g =
        drawn(BlackQueenChecks, "1... Qe1+ 2. Kh2 Qe5+ 3. Kg1 Qe1+ 4. Kh2 Qe5+ 5. Kg1 1/2-1/2");
    EXPECT_EQ(g.draw_reason, DrawReason::PerpetualCheck);
    EXPECT_EQ(g.draw_side, Side::Black);
    EXPECT_EQ(g.draw_first_check, "3... Qe1+");
    EXPECT_EQ(g.draw_last_check, "4... Qe5+");
}

TEST(DrawReason, AQuietMoveInTheFinalCycleLeavesTheThreefoldClaim) {
    const GameReport g =
        drawn(QueenChecks,
              "1. Qe8+ Kh7 2. Qe4+ Kg8 3. Qe8+ Kh7 4. Qe4+ Kg8 5. Qe1 Kh7 6. Qe4+ Kg8 1/2-1/2");
    EXPECT_EQ(g.draw_reason, DrawReason::ThreefoldRepetition);
    EXPECT_EQ(g.draw_side, Side::None);
    EXPECT_TRUE(g.draw_first_check.empty());
}

TEST(DrawReason, APerpetualThatReachesTheFifthOccurrenceIsFivefold) {
    const GameReport g = drawn(QueenChecks,
                               "1. Qe8+ Kh7 2. Qe4+ Kg8 3. Qe8+ Kh7 4. Qe4+ Kg8 5. Qe8+ Kh7 6. "
                               "Qe4+ Kg8 7. Qe8+ Kh7 8. Qe4+ Kg8 9. Qe8+ 1/2-1/2",
                               "[Date \"2024.01.01\"]\n");
    EXPECT_EQ(g.termination, Termination::Fivefold);
    EXPECT_EQ(g.draw_reason, DrawReason::Fivefold);
    EXPECT_EQ(g.draw_side, Side::None);
}

TEST(DrawReason, TheSamePerpetualUnderThe1997LawsIsAPerpetual) {
    const GameReport g = drawn(QueenChecks,
                               "1. Qe8+ Kh7 2. Qe4+ Kg8 3. Qe8+ Kh7 4. Qe4+ Kg8 5. Qe8+ Kh7 6. "
                               "Qe4+ Kg8 7. Qe8+ Kh7 8. Qe4+ Kg8 9. Qe8+ 1/2-1/2",
                               "[Date \"2010.01.01\"]\n");
    EXPECT_EQ(g.termination, Termination::None);
    EXPECT_EQ(g.draw_reason, DrawReason::PerpetualCheck);
}

TEST(DrawReason, ThreefoldAndFiftyMovesAtTheLastPositionIsThreefold) {
    const GameReport g =
        drawn(rook_ending(96), "80. Ra2 Kh8 81. Ra1 Kg8 82. Ra2 Kh8 83. Ra1 Kg8 1/2-1/2");
    EXPECT_EQ(g.draw_reason, DrawReason::ThreefoldRepetition);
}

TEST(DrawReason, TheFiftyMoveRuleHoldsLaterInItsWindow) {
    // The window's claims stand at plies 1 and 2; the record ends at ply 5, clock 103.
    const GameReport g = drawn(rook_ending(98), "80. Ra2 Kh8 81. Rb2 Kg8 82. Rc2 1/2-1/2");
    EXPECT_TRUE(finding_at(g, Rule::FiftyMoveClaim, 2));
    EXPECT_FALSE(finding_at(g, Rule::FiftyMoveClaim, 5));
    EXPECT_EQ(g.draw_reason, DrawReason::FiftyMove);
}

TEST(DrawReason, ADeclaredFiftyMoveClaimAtClock99) {
    const GameReport g = drawn(rook_ending(98), "80. Ra2 1/2-1/2");
    EXPECT_TRUE(finding_at(g, Rule::FiftyMoveClaim, 1, Route::Declared));
    EXPECT_EQ(g.draw_reason, DrawReason::FiftyMove);
}

TEST(DrawReason, TheTerminationTagOnTimeIsATimeForfeit) {
    const GameReport g =
        drawn(rook_ending(0), "80. Ra7 Kf8 1/2-1/2", "[Termination \"time forfeit\"]\n");
    EXPECT_EQ(g.draw_reason, DrawReason::TimeForfeit);
}

TEST(DrawReason, ADrawBeforeBothHaveMovedIsAnEarlyAgreement) {
    const GameReport g = audit_one(game("1. e4 1/2-1/2", Draw));
    EXPECT_EQ(g.draw_reason, DrawReason::EarlyAgreement);
}

TEST(DrawReason, TheSofiaRuleMakesAShortDrawAnEarlyAgreement) {
    AuditOptions options;
    options.min_moves_before_agreement = 30;
    const GameReport g = audit_one(game("1. e4 e5 2. Nf3 Nc6 1/2-1/2", Draw), options);
    EXPECT_EQ(g.draw_reason, DrawReason::EarlyAgreement);
}

TEST(DrawReason, AShortDrawWithoutTheSofiaRuleIsAnAgreement) {
    const GameReport g = audit_one(game("1. e4 e5 2. Nf3 Nc6 1/2-1/2", Draw));
    EXPECT_EQ(g.draw_reason, DrawReason::Agreement);
}

TEST(DrawReason, ARecordCutByAnIllegalMoveIsNotJudgedByItsLastPosition) {
    // The knights' threefold at ply 8 is not the record's end: 5. Ke3 cannot be played.
    const GameReport g =
        audit_one(game("1. Nf3 Nf6 2. Ng1 Ng8 3. Nf3 Nf6 4. Ng1 Ng8 5. Ke3 1/2-1/2", Draw));
    EXPECT_TRUE(g.error);
    EXPECT_EQ(g.draw_reason, DrawReason::Agreement);
}

TEST(DrawReason, ADecisiveGameHasNone) {
    const GameReport g = audit_one(
        fen_game(QueenChecks, "1. Qe8+ Kh7 2. Qe4+ Kg8 3. Qe8+ 1-0", "[Result \"1-0\"]\n"));
    EXPECT_EQ(g.draw_reason, DrawReason::None);
    EXPECT_EQ(g.draw_side, Side::None);
}

// --- the summary ------------------------------------------------------------------------------

TEST(DrawSummary, CountsResultsReasonsAndYears) {
    const std::vector<GameReport> games = audit_text(
        "[Date \"1990.01.01\"]\n[Result \"1/2-1/2\"]\n\n1. e4 e5 1/2-1/2\n\n"
        "[Date \"1990.??.??\"]\n[Result \"1-0\"]\n\n1. e4 e5 1-0\n\n"
        "[Date \"????.??.??\"]\n[Result \"1/2-1/2\"]\n\n1. e4 1/2-1/2\n\n"
        "[Date \"2001.02.03\"]\n\n1. d4 *\n");
    Summary summary;
    for (const GameReport& g : games) summary.add(g);
    EXPECT_EQ(summary.results[static_cast<std::size_t>(RecordedResult::Draw)], 2u);
    EXPECT_EQ(summary.results[static_cast<std::size_t>(RecordedResult::WhiteWins)], 1u);
    EXPECT_EQ(summary.results[static_cast<std::size_t>(RecordedResult::Unknown)], 1u);
    EXPECT_EQ(summary.draw_reasons[static_cast<std::size_t>(DrawReason::Agreement)], 1u);
    EXPECT_EQ(summary.draw_reasons[static_cast<std::size_t>(DrawReason::EarlyAgreement)], 1u);
    ASSERT_EQ(summary.by_year.size(), 3u);
    EXPECT_EQ(summary.by_year[1990].games, 2u);
    EXPECT_EQ(summary.by_year[1990].draws, 1u);
    EXPECT_EQ(summary.by_year[Summary::UnknownYear].draws, 1u);
    EXPECT_EQ(summary.by_year[2001].games, 1u);
}

TEST(DrawSummary, MergeAddsEveryCount) {
    const std::vector<GameReport> games =
        audit_text("[Date \"1990.01.01\"]\n[Result \"1/2-1/2\"]\n\n1. e4 e5 1/2-1/2\n");
    Summary a, b;
    a.add(games.front());
    b.add(games.front());
    a.merge(b);
    EXPECT_EQ(a.results[static_cast<std::size_t>(RecordedResult::Draw)], 2u);
    EXPECT_EQ(a.draw_reasons[static_cast<std::size_t>(DrawReason::Agreement)], 2u);
    EXPECT_EQ(a.by_year[1990].games, 2u);
    EXPECT_EQ(a.by_year[1990].draws, 2u);
}

TEST(DrawSummary, AnUnknownResultTagCountsAsAStar) {
    EXPECT_EQ(recorded_result(""), RecordedResult::Unknown);
    EXPECT_EQ(recorded_result("1/2"), RecordedResult::Unknown);
    EXPECT_EQ(recorded_result("0-1"), RecordedResult::BlackWins);
}

TEST(DrawReasonIds, RoundTripEveryReason) {
    for (int i = 1; i < DrawReasonCount; ++i) {
        const auto reason = static_cast<DrawReason>(i);
        EXPECT_EQ(draw_reason_from_id(draw_reason_id(reason)), reason);
    }
    EXPECT_EQ(draw_reason_id(DrawReason::PerpetualCheck), "perpetual-check");
    EXPECT_EQ(draw_reason_from_id(""), std::nullopt);
}

}  // namespace
}  // namespace drawaudit::audit

namespace drawaudit::audit {
namespace {

// sample_pgns/draw-reasons.pgn: each game's Annotator tag names the draw_reason (and for a
// perpetual the draw_side) RULES.md gives it; together they show every reason.
TEST(DrawReasonSamples, EachGameHasTheReasonItsAnnotatorNames) {
    const std::string path = std::string(DRAWAUDIT_SOURCE_DIR) + "/sample_pgns/draw-reasons.pgn";
    std::ifstream in(path, std::ios::binary);
    ASSERT_TRUE(in) << path;
    std::stringstream buffer;
    buffer << in.rdbuf();
    const std::string text = buffer.str();
    std::vector<std::string> annotators;
    for (std::size_t at = text.find("[Annotator \""); at != std::string::npos;
         at = text.find("[Annotator \"", at + 1)) {
        const std::size_t begin = at + 12;
        annotators.push_back(text.substr(begin, text.find("\"]", begin) - begin));
    }
    const std::vector<GameReport> games = audit_text(text, {}, "draw-reasons.pgn");
    ASSERT_EQ(games.size(), annotators.size());
    std::set<DrawReason> seen;
    for (std::size_t i = 0; i < games.size(); ++i) {
        const std::string& note = annotators[i];
        const std::size_t named = note.rfind("draw_reason ");
        ASSERT_NE(named, std::string::npos) << note;
        const std::string id =
            note.substr(named + 12, note.find_first_of(", ", named + 12) - (named + 12));
        const std::string expected = id == "null" ? "" : id;
        EXPECT_EQ(draw_reason_id(games[i].draw_reason), expected) << "game " << i + 1;
        const std::size_t side = note.rfind("draw_side ");
        const std::string expected_side = side == std::string::npos ? "" : note.substr(side + 10);
        EXPECT_EQ(side_name(games[i].draw_side), expected_side) << "game " << i + 1;
        seen.insert(games[i].draw_reason);
    }
    EXPECT_EQ(seen.size(), static_cast<std::size_t>(DrawReasonCount));  // with None
}

}  // namespace
}  // namespace drawaudit::audit
