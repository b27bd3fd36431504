// RULES.md "A claim ruled at the board": the ruling of one claim, its agreement with the audit's
// own claim findings at every position of the sample games and the shared corpus, and the cases
// other tools got wrong.
#include "audit/claim_ruling.hpp"

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <memory>
#include <sstream>
#include <string>
#include <unordered_set>
#include <vector>

#include <gtest/gtest.h>

#include "audit/wording.hpp"
#include "audit_test_support.hpp"
#include "chess/san.hpp"
#include "shared_corpus.hpp"

namespace drawaudit::audit {
namespace {

using testing::fen_game;
using testing::game;

std::unique_ptr<AuditedGame> audited(std::string_view pgn) {
    auto g = std::make_unique<AuditedGame>(AuditOptions{});
    g->audit(pgn, pgn::TextOrigin{"test.pgn"});
    return g;
}

ClaimRuling rule(const AuditedGame& g, int ply, std::optional<std::string> move = std::nullopt) {
    ClaimRequest request;
    request.ply = ply;
    request.written_move = std::move(move);
    auto ruling = rule_claim(g, request);
    EXPECT_TRUE(ruling.has_value());
    return ruling ? std::move(*ruling) : ClaimRuling{};
}

std::vector<int> plies(const std::vector<ClaimPosition>& positions) {
    std::vector<int> out;
    for (const ClaimPosition& p : positions) out.push_back(p.ply);
    return out;
}

bool has_note(const ClaimRuling& r, ClaimNote note) {
    return std::any_of(r.notes.begin(), r.notes.end(),
                       [&](const ClaimNoteEntry& e) { return e.note == note; });
}

// --- The claim on the board (9.2.1.2, 9.3.2) ---

TEST(ClaimRuling, ThirdOccurrenceOnTheBoardIsCorrectWithEachOccurrenceAsEvidence) {
    const auto g = audited(game("1. Nf3 Nf6 2. Ng1 Ng8 3. Nf3 Nf6 4. Ng1 Ng8 *"));
    const ClaimRuling r = rule(*g, 8);
    EXPECT_EQ(r.verdict, ClaimVerdict::Correct);
    EXPECT_EQ(r.threefold.verdict, ClaimVerdict::Correct);
    EXPECT_EQ(r.threefold.route, Route::Appeared);
    EXPECT_EQ(plies(r.threefold.occurrences), (std::vector<int>{0, 4, 8}));
    EXPECT_EQ(r.threefold.occurrences[1].move, "2... Ng8");
    EXPECT_EQ(r.claimant, Side::White);
    EXPECT_EQ(r.fifty.verdict, ClaimVerdict::Incorrect);
    EXPECT_EQ(r.time_added_seconds, 0);
}

TEST(ClaimRuling, SecondOccurrenceIsIncorrectAndCostsTwoMinutesInStandardPlay) {
    const auto g = audited(game("1. Nf3 Nf6 2. Ng1 Ng8 *"));
    ClaimRequest request;
    request.ply = 4;
    request.time_control_tag = "5400+30";
    const auto r = rule_claim(*g, request);
    ASSERT_TRUE(r);
    EXPECT_EQ(r->verdict, ClaimVerdict::Incorrect);
    EXPECT_EQ(r->play_kind, PlayKind::Standard);
    EXPECT_EQ(r->time_added_seconds, 120);
    EXPECT_FALSE(has_note(*r, ClaimNote::TimeControlUnknown));
}

TEST(ClaimRuling, RapidAndBlitzAddOneMinuteUnderThe2023Laws) {
    EXPECT_EQ(incorrect_claim_seconds(Laws::Laws2023, PlayKind::Rapid), 60);
    EXPECT_EQ(incorrect_claim_seconds(Laws::Laws2023, PlayKind::Blitz), 60);
    EXPECT_EQ(incorrect_claim_seconds(Laws::Laws2017, PlayKind::Blitz), 120);
    EXPECT_EQ(incorrect_claim_seconds(Laws::Laws1997, PlayKind::Standard), 180);
}

TEST(ClaimRuling, TimeControlTagGivesTheKindOfPlayByBasePlusSixtyIncrements) {
    EXPECT_EQ(play_kind_of_time_control("5400+30"), PlayKind::Standard);
    EXPECT_EQ(play_kind_of_time_control("40/7200:3600"), PlayKind::Standard);
    EXPECT_EQ(play_kind_of_time_control("900+10"), PlayKind::Rapid);
    EXPECT_EQ(play_kind_of_time_control("300+3"), PlayKind::Blitz);
    EXPECT_EQ(play_kind_of_time_control("600"), PlayKind::Blitz);
    EXPECT_EQ(play_kind_of_time_control("540+1"), PlayKind::Blitz);  // 10 minutes: blitz
    EXPECT_EQ(play_kind_of_time_control("541+1"), PlayKind::Rapid);
    EXPECT_EQ(play_kind_of_time_control("*180"), PlayKind::Blitz);
    EXPECT_EQ(play_kind_of_time_control("3600"), PlayKind::Standard);
    EXPECT_EQ(play_kind_of_time_control("?"), std::nullopt);
    EXPECT_EQ(play_kind_of_time_control("-"), std::nullopt);
    EXPECT_EQ(play_kind_of_time_control(""), std::nullopt);
}

TEST(ClaimRuling, UnknownTimeControlIsStandardWithANote) {
    const auto g = audited(game("1. e4 e5 *"));
    const ClaimRuling r = rule(*g, 2);
    EXPECT_EQ(r.play_kind, PlayKind::Standard);
    EXPECT_TRUE(has_note(r, ClaimNote::TimeControlUnknown));
}

// --- The written move (9.2.1.1, 9.3.1) ---

TEST(ClaimRuling, WrittenMoveThatRepeatsForTheThirdTimeIsCorrectDeclared) {
    const auto g = audited(game("1. Nf3 Nf6 2. Ng1 Ng8 3. Nf3 Nf6 4. Ng1 *"));
    const ClaimRuling r = rule(*g, 7, "Ng8");
    EXPECT_EQ(r.threefold.verdict, ClaimVerdict::Correct);
    EXPECT_EQ(r.threefold.route, Route::Declared);
    EXPECT_TRUE(r.threefold.about_written_move);
    EXPECT_EQ(plies(r.threefold.occurrences), (std::vector<int>{0, 4}));
    ASSERT_TRUE(r.after_written_move);
    EXPECT_EQ(r.after_written_move->move, "4... Ng8");
}

// Issue 27: the written move as a scoresheet has it, with or without (or with the wrong) check
// sign, and castling with zeros or letters.
TEST(ClaimRuling, WrittenMoveIsReadWithOrWithoutCheckSigns) {
    const auto g = audited(game("1. Nf3 Nf6 2. Ng1 Ng8 3. Nf3 Nf6 4. Ng1 *"));
    for (const char* written : {"Ng8", "Ng8+", "Ng8#"}) {
        const ClaimRuling r = rule(*g, 7, written);
        EXPECT_TRUE(r.written_move_legal) << written;
        EXPECT_EQ(r.written_move, "Ng8") << written;
        EXPECT_EQ(r.threefold.verdict, ClaimVerdict::Correct) << written;
    }
}

TEST(ClaimRuling, WrittenCastlingIsReadWithZerosOrLetters) {
    const auto g = audited(game("1. e4 e5 2. Nf3 Nc6 3. Bc4 Bc5 *"));
    for (const char* written : {"O-O", "0-0", "0-0+"}) {
        const ClaimRuling r = rule(*g, 6, written);
        EXPECT_TRUE(r.written_move_legal) << written;
        EXPECT_EQ(r.written_move, "O-O") << written;
        ASSERT_TRUE(r.after_written_move) << written;
        EXPECT_EQ(r.after_written_move->move, "4. O-O") << written;
    }
}

TEST(ClaimRuling, WrittenMoveThatRepeatsOnlyOnceMoreIsIncorrect) {
    const auto g = audited(game("1. Nf3 Nf6 2. Ng1 *"));
    const ClaimRuling r = rule(*g, 3, "Ng8");
    EXPECT_EQ(r.threefold.verdict, ClaimVerdict::Incorrect);
    EXPECT_EQ(plies(r.threefold.occurrences), (std::vector<int>{0}));
}

TEST(ClaimRuling, IllegalWrittenMoveIsIncorrectOnBothGroundsWithANote) {
    const auto g = audited(game("1. Nf3 Nf6 2. Ng1 Ng8 3. Nf3 Nf6 4. Ng1 Ng8 *"));
    const ClaimRuling r = rule(*g, 8, "Ke2");
    EXPECT_EQ(r.verdict, ClaimVerdict::Incorrect);
    EXPECT_EQ(r.threefold.verdict, ClaimVerdict::Incorrect);
    EXPECT_FALSE(r.written_move_legal);
    EXPECT_TRUE(has_note(r, ClaimNote::WrittenMoveIllegal));
}

TEST(ClaimRuling, AmbiguousWrittenMoveIsAnErrorListingWhatItCouldMean) {
    const auto g = audited(fen_game("4k3/8/8/8/8/8/4K3/R6R w - - 0 1", "*"));
    ClaimRequest request;
    request.written_move = "Rd1";
    const auto r = rule_claim(*g, request);
    ASSERT_FALSE(r);
    EXPECT_EQ(r.error().kind, ClaimErrorKind::MoveAmbiguous);
    EXPECT_EQ(r.error().candidates, (std::vector<std::string>{"Rad1", "Rhd1"}));
}

TEST(ClaimRuling, UnreadableWrittenMoveIsAnError) {
    const auto g = audited(game("1. e4 *"));
    ClaimRequest request;
    request.ply = 1;
    request.written_move = "Zz9";
    const auto r = rule_claim(*g, request);
    ASSERT_FALSE(r);
    EXPECT_EQ(r.error().kind, ClaimErrorKind::MoveUnreadable);
}

TEST(ClaimRuling, PositionPastTheRecordIsAnError) {
    const auto g = audited(game("1. e4 *"));
    ClaimRequest request;
    request.ply = 5;
    const auto r = rule_claim(*g, request);
    ASSERT_FALSE(r);
    EXPECT_EQ(r.error().kind, ClaimErrorKind::PlyOutOfRecord);
    EXPECT_EQ(r.error().last_ply, 1);
}

// --- Fifty moves, and the bugs of other tools ---

// python-chess #632: a claim written after 49 moves by each player (clock 98) is not 9.3.1's.
TEST(ClaimRuling, FiftyMoveClaimWrittenAfterFortyNineMovesIsIncorrect) {
    const auto g = audited(fen_game("8/8/4k3/8/8/4K3/8/R7 w - - 98 80", "80. Ra2 Kd6 81. Ra3 *"));
    const ClaimRuling at98 = rule(*g, 0, "Ra2");
    EXPECT_EQ(at98.fifty.verdict, ClaimVerdict::Incorrect);
    EXPECT_EQ(at98.fifty.halfmove_clock, 98);
    const ClaimRuling at99 = rule(*g, 1, "Kd5");
    EXPECT_EQ(at99.fifty.verdict, ClaimVerdict::Correct);
    EXPECT_EQ(at99.fifty.route, Route::Declared);
    const ClaimRuling at100 = rule(*g, 2);
    EXPECT_EQ(at100.fifty.verdict, ClaimVerdict::Correct);
    EXPECT_EQ(at100.fifty.route, Route::Appeared);
    EXPECT_EQ(at100.fifty.reset.ply, 0);  // the start, with the FEN's clock
}

TEST(ClaimRuling, FiftyMoveClaimWithAWrittenPawnMoveIsIncorrect) {
    const auto g = audited(fen_game("8/8/4k3/8/8/4K3/P7/R7 b - - 99 80", "*"));
    const ClaimRuling r = rule(*g, 0, "Kd5");
    EXPECT_EQ(r.fifty.verdict, ClaimVerdict::Correct);
    const auto white = audited(fen_game("8/8/4k3/8/8/4K3/P7/R7 w - - 99 80", "*"));
    EXPECT_EQ(rule(*white, 0, "a4").fifty.verdict, ClaimVerdict::Incorrect);
}

TEST(ClaimRuling, FiftyMoveResetIsTheLastPawnMoveOrCapture) {
    const auto g = audited(fen_game("8/8/4k3/8/8/4K3/P7/R7 w - - 0 1", "1. a3 Kd6 2. Ra2 Ke6 *"));
    const ClaimRuling r = rule(*g, 4);
    EXPECT_EQ(r.fifty.halfmove_clock, 3);
    EXPECT_EQ(r.fifty.reset.ply, 1);
    EXPECT_EQ(r.fifty.reset.move, "1. a3");
}

// python-chess #1188: a written move that mates; the claim stands (9.5.1: it cannot be
// withdrawn), and the note says so.
TEST(ClaimRuling, WrittenMoveThatMatesStillMakesACorrectFiftyMoveClaim) {
    const auto g = audited(fen_game("7k/8/6K1/8/8/8/8/R7 w - - 99 80", "*"));
    const ClaimRuling r = rule(*g, 0, "Ra8");
    EXPECT_EQ(r.verdict, ClaimVerdict::Correct);
    EXPECT_EQ(r.fifty.route, Route::Declared);
    EXPECT_EQ(r.written_move, "Ra8#");
    EXPECT_TRUE(has_note(r, ClaimNote::WrittenMoveMates));
}

// cutechess #817: an en-passant capture that a pin makes illegal does not make the position
// different (9.2.2.1; here the rank pin where both pawns leave the fifth rank).
TEST(ClaimRuling, EnPassantCaptureAPinMakesIllegalDoesNotMakeThePositionDifferent) {
    const auto g = audited(fen_game("4k3/3p4/8/r3P2K/8/8/8/7N b - - 0 1",
                                    "1... d5 2. Ng3 Kf8 3. Nh1 Ke8 4. Ng3 Kf8 5. Nh1 Ke8 *"));
    const ClaimRuling r = rule(*g, 9);
    EXPECT_EQ(r.threefold.verdict, ClaimVerdict::Correct);
    EXPECT_EQ(plies(r.threefold.occurrences), (std::vector<int>{1, 5, 9}));
    EXPECT_TRUE(r.threefold.look_alikes.empty());
}

// The look-alike: without the pin the capture was legal after 1... d5, so that position was
// another one, and the arbiter is shown why.
TEST(ClaimRuling, LegalEnPassantCaptureMakesAnEarlierPositionALookAlike) {
    const auto g = audited(fen_game("4k3/3p4/8/4P2K/8/8/8/7N b - - 0 1",
                                    "1... d5 2. Ng3 Kf8 3. Nh1 Ke8 4. Ng3 Kf8 5. Nh1 Ke8 *"));
    const ClaimRuling r = rule(*g, 9);
    EXPECT_EQ(r.threefold.verdict, ClaimVerdict::Incorrect);
    EXPECT_EQ(plies(r.threefold.occurrences), (std::vector<int>{5, 9}));
    ASSERT_EQ(r.threefold.look_alikes.size(), 1u);
    EXPECT_EQ(r.threefold.look_alikes[0].position.ply, 1);
    ASSERT_EQ(r.threefold.look_alikes[0].differences.size(), 1u);
    const LookAlikeDifference& d = r.threefold.look_alikes[0].differences[0];
    EXPECT_EQ(d.kind, LookAlikeKind::EnPassantThen);
    EXPECT_EQ(d.capture, "exd6");
    EXPECT_EQ(d.side, Side::White);
}

// Stockfish #6563: an en-passant square in a FEN that no pawn can use leaves the start the same
// position as its later occurrences.
TEST(ClaimRuling, EnPassantSquareNoPawnCanUseLeavesTheStartTheSamePosition) {
    const auto g = audited(fen_game("4k3/8/8/8/4P3/8/8/4K1N1 b - e3 0 1",
                                    "1... Kf8 2. Nf3 Ke8 3. Ng1 Kf8 4. Nf3 Ke8 5. Ng1 *"));
    const ClaimRuling r = rule(*g, 8);
    EXPECT_EQ(r.threefold.verdict, ClaimVerdict::Correct);
    EXPECT_EQ(plies(r.threefold.occurrences), (std::vector<int>{0, 4, 8}));
}

// Castling rights lost by a king walk that returns (9.2.2.2): the position before the walk looks
// the same but is not, and the rights it still had are named.
TEST(ClaimRuling, KingWalkThatReturnsLosesCastlingRightsAndLeavesALookAlike) {
    const auto g = audited(
        game("1. e4 e5 2. Ke2 Ke7 3. Ke1 Ke8 4. Ke2 Ke7 5. Ke1 Ke8 6. Ke2 Ke7 7. Ke1 Ke8 *"));
    const ClaimRuling second = rule(*g, 10);
    EXPECT_EQ(second.threefold.verdict, ClaimVerdict::Incorrect);
    EXPECT_EQ(plies(second.threefold.occurrences), (std::vector<int>{6, 10}));
    ASSERT_EQ(second.threefold.look_alikes.size(), 1u);
    const LookAlike& look = second.threefold.look_alikes[0];
    EXPECT_EQ(look.position.ply, 2);
    EXPECT_EQ(look.position.move, "1... e5");
    ASSERT_EQ(look.differences.size(), 4u);
    EXPECT_EQ(look.differences[0].kind, LookAlikeKind::CastlingRight);
    EXPECT_EQ(look.differences[0].side, Side::White);
    EXPECT_EQ(look.differences[0].wing, Wing::King);
    EXPECT_EQ(look.differences[3].side, Side::Black);
    EXPECT_EQ(look.differences[3].wing, Wing::Queen);
    const ClaimRuling third = rule(*g, 14);
    EXPECT_EQ(third.threefold.verdict, ClaimVerdict::Correct);
    EXPECT_EQ(plies(third.threefold.occurrences), (std::vector<int>{6, 10, 14}));
}

// --- The game had ended (9.6 and the other automatic endings) ---

TEST(ClaimRuling, ClaimAfterAFivefoldRepetitionIsGameOverWithTheEnding) {
    const auto g =
        audited(game("1. Nf3 Nf6 2. Ng1 Ng8 3. Nf3 Nf6 4. Ng1 Ng8 5. Nf3 Nf6 6. Ng1 Ng8 7. Nf3 Nf6 "
                     "8. Ng1 Ng8 9. Nf3 Nf6 *",
                     "[Date \"2024.01.01\"]\n"));
    const ClaimRuling r = rule(*g, 18);
    EXPECT_EQ(r.verdict, ClaimVerdict::GameOver);
    EXPECT_EQ(r.threefold.verdict, ClaimVerdict::GameOver);
    EXPECT_EQ(r.fifty.verdict, ClaimVerdict::GameOver);
    ASSERT_TRUE(r.ended);
    EXPECT_EQ(r.ended->termination, Termination::Fivefold);
    EXPECT_EQ(r.ended->at.ply, 16);
    EXPECT_EQ(r.ended->at.move, "8... Ng8");
    EXPECT_TRUE(has_note(r, ClaimNote::EndedEarlier));
    EXPECT_EQ(r.time_added_seconds, 0);
}

TEST(ClaimRuling, BeforeThe2014LawsNoFivefoldEndsTheGame) {
    const auto g =
        audited(game("1. Nf3 Nf6 2. Ng1 Ng8 3. Nf3 Nf6 4. Ng1 Ng8 5. Nf3 Nf6 6. Ng1 Ng8 7. Nf3 Nf6 "
                     "8. Ng1 Ng8 9. Nf3 Nf6 *",
                     "[Date \"2010.01.01\"]\n"));
    const ClaimRuling r = rule(*g, 18);
    EXPECT_EQ(r.verdict, ClaimVerdict::Correct);
    EXPECT_EQ(r.laws, Laws::Laws1997);
    EXPECT_FALSE(r.ended);
}

TEST(ClaimRuling, EarlierChanceOfTheSamePlayerIsNotedNotHeldAgainstTheClaim) {
    const auto g = audited(game("1. Nf3 Nf6 2. Ng1 Ng8 3. Nf3 Nf6 4. Ng1 Ng8 5. Nf3 Nf6 6. Ng1 *"));
    const ClaimRuling r = rule(*g, 11);  // Black to move; 4... Ng8 was writable at ply 7
    EXPECT_EQ(r.verdict, ClaimVerdict::Correct);
    const auto earlier = std::find_if(r.notes.begin(), r.notes.end(), [](const ClaimNoteEntry& e) {
        return e.note == ClaimNote::ClaimAvailableEarlier;
    });
    ASSERT_NE(earlier, r.notes.end());
    EXPECT_EQ(earlier->ground, Rule::ThreefoldClaim);
    EXPECT_EQ(earlier->at.ply, 9);
}

// --- --at: the moment of the claim named by a move of the record ---

TEST(ClaimRuling, AtNamesThePositionAfterARecordedMove) {
    const auto g = audited(game("1. e4 e5 2. Nf3 Nc6 3. Bc4 Bc5 4. O-O *"));
    EXPECT_EQ(recorded_move_ply(*g, "start"), 0);
    EXPECT_EQ(recorded_move_ply(*g, "1. e4"), 1);
    EXPECT_EQ(recorded_move_ply(*g, "2... Nc6"), 4);
    EXPECT_EQ(recorded_move_ply(*g, "2...Nc6"), 4);
    EXPECT_EQ(recorded_move_ply(*g, "4. 0-0"), 7);
    EXPECT_EQ(recorded_move_ply(*g, "4. O-O+"), 7);
}

TEST(ClaimRuling, AtNamingAnotherMoveThanTheRecordedOneIsAnErrorNamingIt) {
    const auto g = audited(game("1. e4 e5 2. Nf3 Nc6 *"));
    const auto wrong = recorded_move_ply(*g, "2. Nc3");
    ASSERT_FALSE(wrong);
    EXPECT_EQ(wrong.error().kind, ClaimErrorKind::AtMoveNotRecorded);
    EXPECT_EQ(wrong.error().recorded, "2. Nf3");
    EXPECT_EQ(wrong.error().line, 3u);
    const auto past = recorded_move_ply(*g, "9. Kd2");
    ASSERT_FALSE(past);
    EXPECT_EQ(past.error().kind, ClaimErrorKind::AtMoveNotRecorded);
    EXPECT_EQ(recorded_move_ply(*g, "two. e4").error().kind, ClaimErrorKind::AtUnreadable);
}

TEST(ClaimRuling, AtCountsMoveNumbersFromAFenStart) {
    const auto g = audited(fen_game("8/8/4k3/8/8/4K3/8/R7 b - - 0 40", "40... Kd6 41. Ra2 *"));
    EXPECT_EQ(recorded_move_ply(*g, "40... Kd6"), 1);
    EXPECT_EQ(recorded_move_ply(*g, "41. Ra2"), 2);
}

// --- Agreement with the audit at every position (RULES.md) ---

// The games of a file, each audited apart with its text, as `drawaudit claim` selects one.
struct GameText {
    std::string text;
    pgn::TextOrigin origin;
};
struct Splitter final : pgn::Visitor {
    std::vector<GameText> games;
    pgn::GameStart start;
    bool wants_variations() const override { return false; }
    bool wants_comments() const override { return false; }
    void begin_game(const pgn::GameStart& s) override { start = s; }
    void end_game(std::string_view text) override {
        games.push_back({std::string(text), {}});
        games.back().origin.first_game = start.game;
        games.back().origin.start = {start.line, start.pos.column, start.pos.offset};
    }
};

struct Agreement {
    int positions = 0;
    int written = 0;
    int correct = 0;
};

bool lists(const std::optional<Finding>& f, const std::string& san) {
    return f && std::find(f->moves.begin(), f->moves.end(), san) != f->moves.end();
}

// The fifty-move window finding of `side` and `route` that covers position k.
bool fifty_window_covers(const GameReport& report, Route route, Side side, int k) {
    for (const Finding& f : report.findings) {
        if (f.rule == Rule::FiftyMoveClaim && f.route == route && f.side == side && f.ply <= k &&
            k <= f.until_ply.value_or(f.ply))
            return true;
    }
    return false;
}

void expect_agreement(const AuditedGame& g, const std::string& where, bool every_move,
                      Agreement& count) {
    using testing::finding_at;
    const GameReport& report = g.report();
    const History& history = g.history();
    if (!history.started()) return;
    std::unordered_set<std::uint64_t> seen;  // the keys of positions 0..k
    for (int k = 0; k <= history.last(); ++k) {
        ++count.positions;
        seen.insert(history.position(k).key());
        const std::string at =
            where + " game " + std::to_string(report.game) + " ply " + std::to_string(k);
        const ClaimRuling r = rule(g, k);
        const bool over = report.end_ply && *report.end_ply <= k;
        if (over) {
            EXPECT_EQ(r.verdict, ClaimVerdict::GameOver) << at;
            continue;
        }
        const chess::Position& position = history.position(k);
        const Side claimant = side_of(position.side_to_move());
        const auto appeared = finding_at(report, Rule::ThreefoldClaim, k, Route::Appeared);
        EXPECT_EQ(r.threefold.verdict == ClaimVerdict::Correct, appeared.has_value()) << at;
        const bool fifty_board = position.halfmove_clock() >= 100;
        EXPECT_EQ(r.fifty.verdict == ClaimVerdict::Correct, fifty_board) << at;
        EXPECT_EQ(fifty_board, fifty_window_covers(report, Route::Appeared, claimant, k)) << at;
        if (r.verdict == ClaimVerdict::Correct) ++count.correct;

        const auto declared = finding_at(report, Rule::ThreefoldClaim, k, Route::Declared);
        const auto fifty_declared = finding_at(report, Rule::FiftyMoveClaim, k, Route::Declared);
        chess::MoveList moves;
        position.generate_legal(moves);
        for (chess::Move m : moves) {
            // Where every move is tried (the samples) or only those that can matter: a move
            // back to a position of the record, or any at clock 99.
            chess::Position next = position;
            next.make_move(m);
            if (!every_move && !seen.contains(next.key()) && position.halfmove_clock() != 99)
                continue;
            const std::string san = chess::to_san(position, m);
            const ClaimRuling w = rule(g, k, san);
            ++count.written;
            EXPECT_EQ(w.threefold.verdict == ClaimVerdict::Correct,
                      appeared.has_value() || lists(declared, san))
                << at << " " << san;
            EXPECT_EQ(w.fifty.verdict == ClaimVerdict::Correct,
                      fifty_board || lists(fifty_declared, san))
                << at << " " << san;
        }
    }
}

Agreement agree_on_files(const std::vector<std::filesystem::path>& files, bool every_move) {
    Agreement count;
    AuditedGame g(AuditOptions{});
    for (const auto& file : files) {
        std::ifstream in(file, std::ios::binary);
        std::stringstream text;
        text << in.rdbuf();
        const std::string all = text.str();
        Splitter splitter;
        pgn::parse_games(all, pgn::TextOrigin{"split"}, splitter);
        const std::string name = file.filename().string();
        for (GameText& one : splitter.games) {
            one.origin.file = name;
            g.audit(one.text, one.origin);
            expect_agreement(g, name, every_move, count);
        }
    }
    return count;
}

std::vector<std::filesystem::path> pgn_files(const std::filesystem::path& dir) {
    std::vector<std::filesystem::path> files;
    for (const auto& entry : std::filesystem::directory_iterator(dir)) {
        if (entry.path().extension() == ".pgn") files.push_back(entry.path());
    }
    std::sort(files.begin(), files.end());
    return files;
}

TEST(ClaimRulingAgreement, AgreesWithTheAuditAtEveryPositionOfTheSampleGames) {
    const Agreement count = agree_on_files(
        pgn_files(std::filesystem::path(DRAWAUDIT_SOURCE_DIR) / "sample_pgns"), true);
    EXPECT_GT(count.positions, 1000);
    EXPECT_GT(count.correct, 20);  // the samples hold claims of every route
    EXPECT_GT(count.written, 10000);
}

TEST(ClaimRulingAgreement, AgreesWithTheAuditAtEveryPositionOfTheTwicCorpus) {
    DRAWAUDIT_REQUIRE_SHARED("corpus/twic");
    const Agreement count =
        agree_on_files(pgn_files(drawaudit::testing::shared_path("corpus/twic")), false);
    EXPECT_GT(count.positions, 10000);
}

}  // namespace
}  // namespace drawaudit::audit
