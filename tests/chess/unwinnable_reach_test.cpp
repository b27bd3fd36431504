// Part 2b of the unwinnability analysis (lib/chess/unwinnable_reach.cpp): the squares each man
// could ever reach prove walls with pawns still to move, and never a side that can still mate.
#include <gtest/gtest.h>

#include "chess/unwinnable.hpp"
#include "chess/unwinnable_parts.hpp"
#include "chess_test_helpers.hpp"

namespace drawaudit::chess {
namespace {

using test::position_of;
using unwinnable_parts::reach_rules_out_mate;
using unwinnable_parts::reach_rules_out_mate_after_replies;

// Three rows of pawns and a fourth that can still advance: the locked-pawn proof refuses it (a
// pawn may move) and the exhaustive walk drowns in the pawn moves times the king tours. The
// pawns of the second rank meet the black pawns of the fifth on their own files (I5), so no
// pawn ever leaves its file and neither king ever crosses the wall.
TEST(ReachProof, AWallWithPawnsStillToMoveLeavesNoSquareForAMate) {
    const Position pos = position_of("1k6/p1p1p1p1/P1P1P1P1/p1p1p1p1/8/8/P1P1P1P1/4K3 w - - 0 1");
    EXPECT_TRUE(reach_rules_out_mate(pos, Color::White));
    EXPECT_TRUE(reach_rules_out_mate(pos, Color::Black));
    const WinnabilityResult r = analyse_winnability(pos, Color::White, {});
    EXPECT_EQ(r.verdict, Winnability::Unwinnable);
    EXPECT_EQ(r.proof, UnwinnableProof::Reachability);
}

// Facing pawns stop each other only while neither is taken: here Black's king takes the a4 pawn
// and its own a-pawn runs to promote, so Black can still mate (and White, with a bare king,
// cannot).
TEST(ReachProof, AFacingPawnTheKingCanTakeNoLongerBlocks) {
    const Position pos = position_of("k7/8/8/p7/P7/8/8/7K w - - 0 1");
    EXPECT_FALSE(reach_rules_out_mate(pos, Color::Black));
    EXPECT_TRUE(analyse_winnability(pos, Color::Black, {}).verdict == Winnability::Winnable);
}

// A pawn that can leave its file by a capture may come back to it beyond the pawn it faced.
TEST(ReachProof, APawnThatCanCaptureOffItsFileMayPass) {
    // White's b-pawn takes on a5 or c5 when a black pawn stands there and may promote.
    const Position pos = position_of("k7/8/2p5/1p6/1P6/8/8/7K w - - 0 1");
    EXPECT_FALSE(reach_rules_out_mate(pos, Color::White));
}

// A mate on the board is never ruled out (its check and covered flights are all in the sets).
TEST(ReachProof, AMateOnTheBoardIsNeverRuledOut) {
    const Position pos = position_of("7k/5KQ1/8/8/8/8/8/8 b - - 0 1");
    EXPECT_FALSE(reach_rules_out_mate(pos, Color::White));
}

// Positions of CHA-Solver's own saturation tests (facts, not code) where White can still mate:
// the sets must leave a square for it.
TEST(ReachProof, NeverRulesOutAMateOnPositionsWhereOneExists) {
    for (const char* fen : {
             "7b/1k4bB/8/8/1p1p1p1p/1PpP1P1P/2P3K1/N7 w - - 0 1",
             "4K3/8/8/8/8/p1p2p2/P1pppp2/bnrqkrnb w - - 0 1",
             "k1bK4/1p1p4/1PpPp3/2P1Pp2/2p1pP2/2p1P3/2P5/8 w - - 0 1",
             "Bb1k1b2/bKp1p1p1/1pP1P1P1/pP6/6P1/P7/8/8 w - - 0 1",
             "5brk/4p1p1/3pP1P1/1B1P4/3p2p1/3P2p1/4K1P1/8 w - - 0 1",
             "7k/8/1p6/1Pp5/2Pp4/pB1Pp1p1/P1B1P1P1/3B2K1 w - - 0 1",
             "8/2b5/8/4k2B/1p1p4/1P1Pp1p1/4P1P1/2b1KBR1 w - - 0 1",
             "N1b1N1N1/1pPpPpPp/1P1P1P1P/8/8/8/8/kb2B1K1 w - - 0 1",
         }) {
        EXPECT_FALSE(reach_rules_out_mate(position_of(fen), Color::White)) << fen;
    }
}

// Positions of the community file (dead/chasolver-positions.txt) where the side cannot mate,
// which the analysis left undetermined before this proof: the sets alone show it.
TEST(ReachProof, RulesOutTheMateOfCommunityPositionsWhereNoneExists) {
    for (const char* fen : {
             "1b1k4/p1p1p1p1/P1P1P1P1/p1p1p1p1/8/8/P1P1P1P1/3K4 w - - 0 1",
             "N1b1N1N1/1pPpPpPp/1P1P1P1P/2K5/8/8/8/4B2k w - - 0 1",
             "k7/1pK5/1Pp5/n1P5/N1p2B2/1pP5/1P6/8 w - - 0 1",
             "8/7B/7b/8/3p1p1p/2pPbPpP/2PpBkP1/3KbBN1 w - - 0 1",
             "k7/5p1p/1p6/1P1p1P2/1p1P1p1P/5P1p/1P5P/7K w - - 0 1",
         }) {
        EXPECT_TRUE(reach_rules_out_mate(position_of(fen), Color::Black)) << fen;
    }
}

// I6: a king's step after which the other side surely has no legal move and is not in check
// is a stalemate, which ends the game: no line to a mate goes through it. Here White's pawns are
// all blocked, its king has only h4 and h3, and Black's bishops are all on dark squares; the
// steps Black's king would need on its way to a mate each leave White, to move, without a move.
// Without I6 the sets let Black's king through and the position stays undetermined.
TEST(ReachProof, AKingStepThatSurelyStalematesIsNoWayToTheMate) {
    const Position pos = position_of("8/8/3b3p/5p1P/3b1p1K/5Pp1/6P1/5kb1 b - - 0 1");
    EXPECT_TRUE(reach_rules_out_mate(pos, Color::Black));
    const WinnabilityResult r = analyse_winnability(pos, Color::Black, {});
    EXPECT_EQ(r.verdict, Winnability::Unwinnable);
}

// The same wall with a free White pawn on a2: White always has a move, no step stalemates,
// and Black mates (the king walks to h2 while the a-pawn runs, then a bishop checks).
TEST(ReachProof, AStepIsNeverLeftOutWhileTheOtherSideHasAFreeMan) {
    const Position pos = position_of("8/8/3b3p/5p1P/3b1p1K/5Pp1/P5P1/5kb1 b - - 0 1");
    EXPECT_FALSE(reach_rules_out_mate(pos, Color::Black));
    EXPECT_EQ(analyse_winnability(pos, Color::Black, {}).verdict, Winnability::Winnable);
}

// The case split: White's rook on a1 stands still and becomes takeable once Black's bishop can
// reach b2. Never taken there, the rook and the king beside it never move and neither side
// can mate; taken there without moving, White keeps one bishop on b1/a2 and Black only a dark
// bishop below the wall, too little either way. Without the split the sets, which do not
// know that the rook can move only after it is gone, let every man loose.
TEST(ReachProof, SplittingOnAPieceTakenWhereItStandsProvesWhatTheSetsAloneCannot) {
    const Position pos = position_of("B2b4/8/8/4k3/1p1p1p1p/1PpP1P1P/K1P4b/RB6 b - - 0 1");
    for (Color side : {Color::White, Color::Black}) {
        EXPECT_TRUE(reach_rules_out_mate(pos, side));
        EXPECT_EQ(analyse_winnability(pos, side, {}).verdict, Winnability::Unwinnable);
    }
}

// The case where the man is taken where it stands is needed: here White mates only after a
// capture of a man that stood still until then (d3chess-test-vector.txt, line 852); the case
// where it is never taken alone would rule the mate out.
TEST(ReachProof, TheCaseWhereTheManIsTakenStillLetsItsMateThrough) {
    const Position pos = position_of("k1b5/1p1p4/1P1Pb3/B7/8/8/8/K7 w - - 0 1");
    EXPECT_FALSE(reach_rules_out_mate(pos, Color::White));
    const WinnabilityResult r = analyse_winnability(pos, Color::White, {});
    EXPECT_EQ(r.verdict, Winnability::Winnable);
}

// I7: a move of the other side that surely mates W ends the game without W's mate. Here
// Black's knight on h1 can only go to f2, which mates White's king (held on d1 by the d2
// pawn); so it never moves, White's pawns never take anything and two light bishops cannot
// mate. Without I7 the knight roams, the pawns take it and promote.
TEST(ReachProof, AMoveOfTheOtherSideThatMatesWIsNoWayToWsMate) {
    const Position pos = position_of("8/2b4B/4k3/8/8/2p1p1p1/2PpP1P1/1B1K3n b - - 0 1");
    EXPECT_TRUE(reach_rules_out_mate(pos, Color::White));
    EXPECT_EQ(analyse_winnability(pos, Color::White, {}).verdict, Winnability::Unwinnable);
    // Black mates at once with that move.
    EXPECT_EQ(analyse_winnability(pos, Color::Black, {}).verdict, Winnability::Winnable);
}

// The same for a pawn: Black's c- and e-pawns can only push, and each push mates White's king
// on d4 (community file, line 2803).
TEST(ReachProof, APawnPushThatMatesWNeverHappensOnTheWayToWsMate) {
    const Position pos = position_of("3b1b2/3k4/2ppp3/3p4/1p1K1p1p/bP1P1P1P/8/1B3B2 w - - 0 1");
    EXPECT_TRUE(reach_rules_out_mate(pos, Color::White));
}

// En passant takes a pawn that has just stepped over a square the taking pawn attacks: no more
// than a pawn standing on that square could be taken. Here Black's f4 pawn stands beside White's
// g4 pawn, which never steps two squares again, so the g-pawns stay locked (community file,
// line 2806). Counting every square beside a pawn on its fifth rank as one it could take on let
// the g4 pawn be taken and the wall open.
TEST(ReachProof, APawnBesideAPawnOnItsFifthRankIsNotTakenEnPassantForThat) {
    const Position pos = position_of("1b2kb2/8/2ppp3/3p2p1/1p1K1pP1/1P1P1P2/8/1B1B1B2 b - - 0 1");
    EXPECT_TRUE(reach_rules_out_mate(pos, Color::White));
    EXPECT_EQ(analyse_winnability(pos, Color::White, {}).verdict, Winnability::Unwinnable);
}

// The guards of I6 and I7, each on a position where leaving it out rules out a mate that
// exists (found by mutating the code and searching around the positions the rules prove).

// I7: a man of W can take the checker. Black's knight on a1 has two moves, Nc2+ and Nxb3+,
// both checking White's king on d4, which cannot move; White's bishop takes on c2, and from a2
// on b3, so neither mates: the knight may move, and once it is gone White gets out and mates.
TEST(ReachProof, ACheckWhoseCheckerAManOfWCanTakeIsNoMate) {
    const Position pos = position_of("1b1b4/3k4/2ppp3/3p4/1p1K1p1p/1P1P1P1P/8/nB6 b - - 0 1");
    EXPECT_FALSE(reach_rules_out_mate(pos, Color::White));
    EXPECT_EQ(analyse_winnability(pos, Color::White, {}).verdict, Winnability::Winnable);
}

// I7: the man that checks no longer covers the flight it covered where it stood. Black's only
// move is g2+; from g3 the pawn attacked h2, from g2 it does not, so White's king escapes to h2
// and White mates later.
TEST(ReachProof, ACheckerThatLeftTheFlightItCoveredDoesNotMate) {
    const Position pos = position_of("8/8/7p/7P/8/6p1/pppppp2/rbbqrk1K b - - 0 1");
    EXPECT_FALSE(reach_rules_out_mate(pos, Color::White));
    EXPECT_EQ(analyse_winnability(pos, Color::White, {}).verdict, Winnability::Winnable);
}

// I7: a checker next to W's king that only it defended can be taken by the king. Bxb7+ checks
// Black's king on c8, but only the bishop itself, from a8, covered b7: Kxb7 is legal, and after
// c8=Q+ Black mates.
TEST(ReachProof, ACheckerThatGuardedItsOwnSquareCanBeTakenByTheKing) {
    const Position pos = position_of("B1k5/1pPp4/1P1P4/8/8/1p6/pP6/K7 w - - 0 1");
    EXPECT_FALSE(reach_rules_out_mate(pos, Color::Black));
    EXPECT_EQ(analyse_winnability(pos, Color::Black, {}).verdict, Winnability::Winnable);
}

// I6 (b): a king step that lets a piece of the other side out is no stalemate. White's king on
// g2 is all that blocks Black's bishop on h1, Black's only man with a move; a step off the
// diagonal frees it, so White's king walks to f6 and exf7 mates.
TEST(ReachProof, AKingStepThatFreesAnEnemyPieceIsNoStalemate) {
    const Position pos = position_of("4kBRQ/2p1P1PP/1pP1P3/1P6/8/8/6K1/7b w - - 0 1");
    EXPECT_FALSE(reach_rules_out_mate(pos, Color::White));
    EXPECT_EQ(analyse_winnability(pos, Color::White, {}).verdict, Winnability::Winnable);
}

// I6 (a): White's king on f8 stands between its rook on e8 and Black's king on h8: a step off
// the rank gives check, no stalemate. Black mates in 21 moves.
TEST(ReachProof, AKingStepThatUncoversASliderIsNoStalemate) {
    const Position pos = position_of("2bBRK1k/1pPpP3/1P1P2Pp/7P/8/8/8/8 w - - 0 1");
    EXPECT_FALSE(reach_rules_out_mate(pos, Color::Black));
    EXPECT_EQ(analyse_winnability(pos, Color::Black, {}).verdict, Winnability::Winnable);
}

// The boxed king (dead/chasolver-positions.txt line 2,076, only Black can mate): Black's king on
// b3 is walled in by its own men, and White has only its king and queen. The box opens only by
// Nb2's move, a discovered check from a3 that mates White unless the queen steps between on b2
// (I7 with discovered checks); the queen landing next to the boxed king, on b2 or on a man of
// the wall, is taken by every reply (I8); and a black pawn's capture can only take the queen
// (I9). With any of the three switched off the proof fails (checked), and the walk needed
// 5,300,821 positions.
TEST(ReachProof, AKingBoxedByItsOwnMenIsNeverMatedByTheLastQueen) {
    const Position pos = position_of("8/6pp/8/8/ppp5/bkp4Q/qnp5/n1K5 b - - 0 1");
    EXPECT_TRUE(reach_rules_out_mate(pos, Color::White));
}

// I8 needs a reply that takes the queen: without the knight on a1 (line 2,071, both can mate)
// nothing retakes on c2, which White's king guards, and Qxc2 is mate.
TEST(ReachProof, TheLastQueenLandingWhereNothingRetakesItStillMates) {
    const Position pos = position_of("6Q1/8/4b3/8/ppp5/qkp3r1/rnp5/2K5 b - - 0 1");
    EXPECT_FALSE(reach_rules_out_mate(pos, Color::White));
    const WinnabilityResult r = analyse_winnability(pos, Color::White, {});
    ASSERT_EQ(r.verdict, Winnability::Winnable);
    EXPECT_TRUE(test::mates(pos, Color::White, r.helpmate));
}

// The rook-and-bishop wall (dead/chasolver-positions.txt line 2,048, neither side can mate):
// White's king is frozen on a2 behind its rook, its bishop and the pawns, its bishops are all
// on light squares above the wall and Black's on dark squares. At the root Black's rook checks
// along the a-file and counts as a blocker of Black's king wherever it could go; but every
// legal reply takes it (Bc4xa6 or Bc8xa6), and after either the saturation proves both sides.
TEST(ReachProof, APieceEveryReplyTakesNoLongerBlocksAfterTheReplies) {
    const Position pos = position_of("1bB5/k7/r7/8/1pBp1p1p/1PpP1PbP/K1P4b/RB6 w - - 0 1");
    for (Color side : {Color::White, Color::Black}) {
        EXPECT_FALSE(reach_rules_out_mate(pos, side));
        EXPECT_TRUE(reach_rules_out_mate_after_replies(pos, side, 1));
        const WinnabilityResult r = analyse_winnability(pos, side, {});
        EXPECT_EQ(r.verdict, Winnability::Unwinnable);
        EXPECT_EQ(r.proof, UnwinnableProof::Reachability);
    }
}

// Line 2,047: the same wall a ply earlier. White's rook checks from a6, the only reply takes it
// (Rxa6), and White's two recaptures lead to the position above: two plies are needed.
TEST(ReachProof, TheRepliesAreFollowedTwoPliesDeep) {
    const Position pos = position_of("1bB5/k7/R5r1/8/1pBp1p1p/1PpP1PbP/K1P4b/RB6 b - - 0 1");
    for (Color side : {Color::White, Color::Black}) {
        EXPECT_FALSE(reach_rules_out_mate_after_replies(pos, side, 1));
        EXPECT_TRUE(reach_rules_out_mate_after_replies(pos, side, 2));
    }
}

// A move that mates is never ruled out: White's only moves are the four promotions on f8, and
// f8=Q is mate (the king on a1 cannot move, its pawn is blocked).
TEST(ReachProof, RepliesWithAMateAmongThemAreNeverRuledOut) {
    const Position pos = position_of("7k/5P1p/8/8/8/p7/P2n4/K7 w - - 0 1");
    EXPECT_FALSE(reach_rules_out_mate_after_replies(pos, Color::White, 2));
    EXPECT_EQ(analyse_winnability(pos, Color::White, {}).verdict, Winnability::Winnable);
}

// More than four moves: the replies are not looked into (the cost stays a few saturations),
// even where the saturation proves the position itself (the wall above after Bc4xa6).
TEST(ReachProof, ManyRepliesAreNotLookedInto) {
    const Position pos = position_of("1bB5/k7/B7/8/1p1p1p1p/1PpP1PbP/K1P4b/RB6 b - - 0 1");
    EXPECT_TRUE(reach_rules_out_mate(pos, Color::White));
    EXPECT_FALSE(reach_rules_out_mate_after_replies(pos, Color::White, 2));
}

// The seven-bishop cage (dead/chasolver-positions.txt line 3,290, neither side can mate):
// White's seven light bishops shuffle through the eight squares of rows 7 and 8 that their
// pawns and Black's close. No one bishop guards a6 from every square it may stand on, but one
// of b7 and c8 is always full, and either guards it (c8 through an empty b7): the group
// guards a6, c6, e6 and g6 for good (I4g), so Black's king never takes a pawn and the wall
// never opens.
TEST(ReachProof, SevenBishopsInACageOfEightGuardThePawnsTogether) {
    // Seven bishops with four pawns missing: read as `drawaudit winnable` reads composed
    // positions.
    auto parsed = Position::from_fen("B1B1B1B1/pBpBpBp1/P1P1P1P1/4b3/5b2/8/8/k1K5 w - - 0 1",
                                     FenOptions{.allow_unreachable_material = true});
    ASSERT_TRUE(parsed);
    const Position& pos = parsed->position;
    for (Color side : {Color::White, Color::Black}) {
        EXPECT_TRUE(reach_rules_out_mate(pos, side, 0));
        const WinnabilityResult r = analyse_winnability(pos, side, {});
        EXPECT_EQ(r.verdict, Winnability::Unwinnable);
        EXPECT_EQ(r.proof, UnwinnableProof::Reachability);
    }
}

// With six bishops in the eight squares two may be empty at once, b7 and c8 among them: a6 is
// then unguarded, Black's king takes it, and both sides can mate (the lines are replayed).
TEST(ReachProof, SixBishopsInTheCageLeaveAPawnUnguarded) {
    for (const char* fen : {"B1B1B1B1/p1pBpBp1/P1P1P1P1/4b3/5b2/8/8/k1K5 w - - 0 1",
                            "B1B1B3/pBpBpBp1/P1P1P1P1/4b3/5b2/8/8/k1K5 w - - 0 1"}) {
        const Position pos = position_of(fen);
        for (Color side : {Color::White, Color::Black}) {
            EXPECT_FALSE(reach_rules_out_mate(pos, side)) << fen;
            const WinnabilityResult r = analyse_winnability(pos, side, {});
            ASSERT_EQ(r.verdict, Winnability::Winnable) << fen;
            EXPECT_TRUE(test::mates(pos, side, r.helpmate)) << fen;
        }
    }
}

// Line 2,131 (only White can mate), Black's side: White's king is shut in on c8, b7 and a6 with
// light bishops only, and Black's bishops are all dark. The way out is d7, then f7 and the
// bishop on f8, and Black's king, held to d8 and e8, stands next to d7 and to the other square
// of its two wherever it is: no square a king of Black is on is one White's king may enter.
// I4 for a king counts a square as attacked when the king attacks it from every other square of
// its reach (it is never taken, and never where another man stands).
TEST(ReachProof, AKingHeldToTwoSquaresGuardsBothAndTheirCommonNeighbours) {
    const Position pos = position_of("BbK1kb2/b1p1p1p1/1pP1P1P1/1P6/8/8/8/1B2b2B b - - 0 1");
    EXPECT_TRUE(reach_rules_out_mate(pos, Color::Black, 0));
    const WinnabilityResult r = analyse_winnability(pos, Color::Black, {});
    EXPECT_EQ(r.verdict, Winnability::Unwinnable);
    EXPECT_EQ(r.proof, UnwinnableProof::Reachability);
}

}  // namespace
}  // namespace drawaudit::chess
