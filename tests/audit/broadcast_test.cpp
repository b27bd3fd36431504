// RULES.md "Broadcast artefacts (no TRF needed)": broadcast-result-signal and result-tag-invalid.
#include <gtest/gtest.h>

#include "audit/broadcast.hpp"
#include "audit_test_support.hpp"

namespace drawaudit::audit {
namespace {

using namespace testing;

// Scholar's mate: Black, checkmated, has the move at position 7.
constexpr std::string_view Mated = "1. e4 e5 2. Bc4 Nc6 3. Qh5 Nf6 4. Qxf7# ";

std::optional<Finding> signal_of(const GameReport& g) {
    const auto found = findings_of(g, Rule::BroadcastResultSignal);
    if (found.size() != 1) return std::nullopt;
    return found.front();
}

TEST(BroadcastSignal, BothKingsOnLightSquaresSignalAWhiteWin) {
    const GameReport g = audit_one(game(std::string(Mated) + "Kd5 Ke4 1-0", "[Result \"1-0\"]\n"));
    const auto f = signal_of(g);
    ASSERT_TRUE(f);
    EXPECT_EQ(f->expected, "1-0");
    EXPECT_EQ(f->recorded, "1-0");
    EXPECT_EQ(f->severity, Severity::Warning);
    EXPECT_EQ(f->ply, 8);
    EXPECT_EQ(f->move, "4... Kd5");
    EXPECT_EQ(f->args.id, MessageId::BroadcastSignal);
    EXPECT_EQ(f->args.king_squares[0], chess::E4);
    EXPECT_EQ(f->args.king_squares[1], chess::D5);
}

TEST(BroadcastSignal, IsReportedInsteadOfTheIllegalMoveAndTheGameIsJudgedWithoutIt) {
    const GameReport g = audit_one(game(std::string(Mated) + "Kd5 Ke4 1-0", "[Result \"1-0\"]\n"));
    EXPECT_TRUE(findings_of(g, Rule::IllegalMove).empty());
    EXPECT_TRUE(findings_of(g, Rule::MovesAfterEnd).empty());  // no moves of the game
    EXPECT_FALSE(g.error);
    EXPECT_EQ(g.plies, 7);
    EXPECT_TRUE(finding_at(g, Rule::Checkmate, 7));
}

TEST(BroadcastSignal, BothKingsOnDarkSquaresSignalABlackWinAgainstTheResultTag) {
    const GameReport g =
        audit_one(game("1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4. Ba4 Nf6 5. O-O Be7 6. Ke5 Kd4 1-0",
                       "[Result \"1-0\"]\n"));
    const auto f = signal_of(g);
    ASSERT_TRUE(f);
    EXPECT_EQ(f->expected, "0-1");
    EXPECT_EQ(f->recorded, "1-0");  // the message says the tag does not agree
    EXPECT_FALSE(g.error);
    EXPECT_TRUE(findings_of(g, Rule::ResultConflict).empty());  // judged at 5... Be7: 1-0 stands
}

TEST(BroadcastSignal, OneKingOnEachColourSignalsADraw) {
    const GameReport g = audit_one(game(std::string(Mated) + "Ke5 Ke4", "[Result \"1-0\"]\n"));
    const auto f = signal_of(g);
    ASSERT_TRUE(f);
    EXPECT_EQ(f->expected, "1/2-1/2");
}

TEST(BroadcastSignal, OneHalfMoveSignalsWithTheOtherKingWhereItStood) {
    // 50... Kd5 is legal: no signal by itself; 51. Kd4 is the first illegal move and the last.
    const GameReport g =
        audit_one(fen_game("8/8/3pk3/8/8/8/4P3/R3K3 w - - 0 50", "50. Ra4 Kd5 51. Kd4 1/2-1/2",
                           "[Result \"1/2-1/2\"]\n"));
    const auto f = signal_of(g);
    ASSERT_TRUE(f);
    EXPECT_EQ(f->expected, "1/2-1/2");
    EXPECT_EQ(f->recorded, "1/2-1/2");
    EXPECT_EQ(f->move, "51. Kd4");
    EXPECT_EQ(f->args.king_squares[0], chess::D4);
    EXPECT_EQ(f->args.king_squares[1], chess::D5);
    EXPECT_EQ(g.plies, 2);
}

TEST(BroadcastSignal, ALegalKingMoveOntoACentreSquareIsNoSignal) {
    const GameReport g = audit_one(fen_game("8/8/3pk3/8/8/8/4P3/R3K3 w - - 0 50",
                                            "50. Ra4 Kd5 1/2-1/2", "[Result \"1/2-1/2\"]\n"));
    EXPECT_TRUE(findings_of(g, Rule::BroadcastResultSignal).empty());
    EXPECT_TRUE(findings_of(g, Rule::IllegalMove).empty());
    EXPECT_EQ(g.plies, 2);
}

TEST(BroadcastSignal, AKingMoveOntoTheCentreWithTheOtherKingAwayIsAnIllegalMove) {
    const GameReport g = audit_one(game(std::string(Mated) + "Kd5 1-0", "[Result \"1-0\"]\n"));
    EXPECT_TRUE(findings_of(g, Rule::BroadcastResultSignal).empty());
    EXPECT_EQ(findings_of(g, Rule::IllegalMove).size(), 1u);
    EXPECT_TRUE(g.error);
}

TEST(BroadcastSignal, TwoHalfMovesAfterTheIllegalOneAreNoSignal) {
    const GameReport g =
        audit_one(game(std::string(Mated) + "Kd5 Ke4 Kd4 1-0", "[Result \"1-0\"]\n"));
    EXPECT_TRUE(findings_of(g, Rule::BroadcastResultSignal).empty());
    EXPECT_EQ(findings_of(g, Rule::IllegalMove).size(), 1u);
}

TEST(BroadcastSignal, AHalfMoveAfterItThatIsNoKingMoveToTheCentreIsNoSignal) {
    const GameReport g = audit_one(game(std::string(Mated) + "Kd5 Nf3 1-0", "[Result \"1-0\"]\n"));
    EXPECT_TRUE(findings_of(g, Rule::BroadcastResultSignal).empty());
    EXPECT_EQ(findings_of(g, Rule::IllegalMove).size(), 1u);
}

TEST(BroadcastSignal, KingMoveTokensOntoTheCentre) {
    EXPECT_EQ(king_to_centre("Ke4"), chess::E4);
    EXPECT_EQ(king_to_centre("Kxd5+"), chess::D5);
    EXPECT_EQ(king_to_centre("Ke5!?"), chess::E5);
    EXPECT_EQ(king_to_centre("Kd4"), chess::D4);
    EXPECT_EQ(king_to_centre("Kc4"), std::nullopt);
    EXPECT_EQ(king_to_centre("Qe4"), std::nullopt);
    EXPECT_EQ(king_to_centre("Ke3"), std::nullopt);
    EXPECT_EQ(king_to_centre("Kd4e5"), std::nullopt);
}

TEST(ResultTagInvalid, DoubleForfeitZeroZeroIsTheMarkerWhenTheTagRepeatsIt) {
    const GameReport g = audit_one(game("0-0", "[Result \"0-0\"]\n"));
    const auto found = findings_of(g, Rule::ResultTagInvalid);
    ASSERT_EQ(found.size(), 1u);  // the tag's; the marker repeats it
    EXPECT_EQ(found[0].args.result_meaning, ResultMeaning::DoubleForfeit);
    EXPECT_FALSE(found[0].args.result_in_marker);
    EXPECT_EQ(found[0].severity, Severity::Warning);
    EXPECT_TRUE(findings_of(g, Rule::IllegalMove).empty());
    EXPECT_TRUE(findings_of(g, Rule::ResultMismatch).empty());
    EXPECT_EQ(g.plies, 0);
    EXPECT_EQ(g.result, "0-0");  // the record keeps what was written
    EXPECT_EQ(g.movetext_result, "0-0");
}

TEST(ResultTagInvalid, AFinalZeroZeroAfterMovesIsTheMarkerNotCastling) {
    // White could castle at the end: with the tag 0-0 the token is the double forfeit's marker.
    const GameReport g =
        audit_one(game("1. e4 e5 2. Nf3 Nc6 3. Bc4 Nf6 0-0", "[Result \"0-0\"]\n"));
    EXPECT_EQ(g.plies, 6);
    EXPECT_EQ(findings_of(g, Rule::ResultTagInvalid).size(), 1u);
}

TEST(ResultTagInvalid, AFinalZeroZeroIsCastlingWhenTheTagDoesNotRepeatIt) {
    const GameReport g = audit_one(game("1. e4 e5 2. Nf3 Nc6 3. Bc4 Nf6 0-0", "[Result \"*\"]\n"));
    EXPECT_EQ(g.plies, 7);
    EXPECT_TRUE(findings_of(g, Rule::ResultTagInvalid).empty());
}

struct InvalidForm {
    std::string_view written;
    ResultMeaning meaning;
};

TEST(ResultTagInvalid, EachInvalidFormOfTheResultTagSaysWhatItMostLikelyMeans) {
    for (const InvalidForm form :
         {InvalidForm{"0-0", ResultMeaning::DoubleForfeit},
          InvalidForm{"\u00bd-\u00bd", ResultMeaning::Draw},
          InvalidForm{"0.5-0.5", ResultMeaning::Draw}, InvalidForm{"0,5-0,5", ResultMeaning::Draw},
          InvalidForm{"1:0", ResultMeaning::WhiteWins},
          InvalidForm{"0:1", ResultMeaning::BlackWins},
          InvalidForm{"+/-", ResultMeaning::WhiteWins},
          InvalidForm{"-/+", ResultMeaning::BlackWins},
          InvalidForm{"1 - 0", ResultMeaning::WhiteWins},
          InvalidForm{"white won", ResultMeaning::Unknown}}) {
        const GameReport g =
            audit_one(game("1. e4 e5 *", "[Result \"" + std::string(form.written) + "\"]\n"));
        const auto found = findings_of(g, Rule::ResultTagInvalid);
        ASSERT_EQ(found.size(), 1u) << form.written;
        EXPECT_EQ(found[0].args.result_meaning, form.meaning) << form.written;
        EXPECT_EQ(found[0].args.quoted, form.written);
        EXPECT_EQ(found[0].recorded, form.written);
        // Read as "*": no mismatch with the marker *, no early agreement, no conflict.
        EXPECT_EQ(g.findings.size(), 1u) << form.written;
    }
}

TEST(ResultTagInvalid, EachInvalidFormOfTheFinalMarkerIsReportedAtTheMarker) {
    for (const InvalidForm form : {InvalidForm{"\u00bd-\u00bd", ResultMeaning::Draw},
                                   InvalidForm{"0.5-0.5", ResultMeaning::Draw},
                                   InvalidForm{"1:0", ResultMeaning::WhiteWins}}) {
        const GameReport g =
            audit_one(game("1. e4 e5 " + std::string(form.written), "[Result \"1/2-1/2\"]\n"));
        const auto found = findings_of(g, Rule::ResultTagInvalid);
        ASSERT_EQ(found.size(), 1u) << form.written;
        EXPECT_TRUE(found[0].args.result_in_marker);
        EXPECT_EQ(found[0].args.result_meaning, form.meaning) << form.written;
        EXPECT_EQ(found[0].column, 10u) << form.written;
        EXPECT_TRUE(findings_of(g, Rule::ParseError).empty()) << form.written;
        EXPECT_TRUE(findings_of(g, Rule::ResultMismatch).empty()) << form.written;
        EXPECT_EQ(g.plies, 2);
    }
}

TEST(ResultTagInvalid, AnUnreadableLastTokenThatMeansNoResultIsStillAParseError) {
    const GameReport g = audit_one(game("1. e4 e5 2:2", "[Result \"*\"]\n"));
    EXPECT_TRUE(findings_of(g, Rule::ResultTagInvalid).empty());
    EXPECT_EQ(findings_of(g, Rule::ParseError).size(), 1u);
}

TEST(ResultTagInvalid, AConflictWithAnEndingNamesTheTagAsWritten) {
    const GameReport g = audit_one(game("1. f3 e5 2. g4 Qh4# 0-0", "[Result \"0-0\"]\n"));
    const auto conflict = finding_at(g, Rule::ResultConflict, 4);
    ASSERT_TRUE(conflict);
    EXPECT_EQ(conflict->recorded, "0-0");
    EXPECT_EQ(conflict->severity, Severity::Warning);  // read as *: no result recorded
    EXPECT_EQ(findings_of(g, Rule::ResultTagInvalid).size(), 1u);
}

}  // namespace
}  // namespace drawaudit::audit
