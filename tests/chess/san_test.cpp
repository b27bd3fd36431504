// SAN reading (every lenient form of real files, and the three kinds of refusal) and canonical
// SAN and UCI writing.
#include <gtest/gtest.h>

#include <algorithm>
#include <random>
#include <vector>

#include "chess/position.hpp"
#include "chess/san.hpp"
#include "chess_test_helpers.hpp"

namespace drawaudit::chess {
namespace {

using test::play;
using test::position_of;

Move parsed(const Position& pos, std::string_view san) {
    auto move = parse_san(pos, san);
    EXPECT_TRUE(move.has_value()) << san << ": "
                                  << (move ? "" : san_refusal_id(move.error().refusal));
    return move ? *move : Move{};
}

SanErrorKind refusal(const Position& pos, std::string_view san) {
    auto move = parse_san(pos, san);
    EXPECT_FALSE(move.has_value()) << san << " was accepted";
    EXPECT_EQ(move ? "" : move.error().san, san);
    return move ? SanErrorKind::Syntax : move.error().kind;
}

constexpr std::string_view CastlingFen = "r3k2r/pppppppp/8/8/8/8/PPPPPPPP/R3K2R w KQkq - 0 1";

TEST(SanRead, PawnPushAndDoublePush) {
    const Position start = Position::startpos();
    EXPECT_EQ(parsed(start, "e3"), Move(E2, E3));
    EXPECT_EQ(parsed(start, "e4"), Move(E2, E4));
}

TEST(SanRead, PieceMove) {
    EXPECT_EQ(parsed(Position::startpos(), "Nf3"), Move(G1, F3));
}

TEST(SanRead, CastlingWithLetterOAndDigitZero) {
    const Position pos = position_of(CastlingFen);
    EXPECT_EQ(parsed(pos, "O-O"), Move(E1, H1, MoveKind::Castling));
    EXPECT_EQ(parsed(pos, "0-0"), Move(E1, H1, MoveKind::Castling));
    EXPECT_EQ(parsed(pos, "O-O-O"), Move(E1, A1, MoveKind::Castling));
    EXPECT_EQ(parsed(pos, "0-0-0"), Move(E1, A1, MoveKind::Castling));
}

TEST(SanRead, CastlingWithCheckMark) {
    const Position pos = position_of("5k2/8/8/8/8/8/8/4K2R w K - 0 1");
    EXPECT_EQ(parsed(pos, "O-O+"), Move(E1, H1, MoveKind::Castling));
}

TEST(SanRead, CheckAndMateMarksAreIgnored) {
    const Position pos = play(Position::startpos(), {"f3", "e5", "g4"});
    EXPECT_EQ(parsed(pos, "Qh4#"), Move(D8, H4));
    EXPECT_EQ(parsed(pos, "Qh4+"), Move(D8, H4));
    EXPECT_EQ(parsed(pos, "Qh4"), Move(D8, H4));
}

TEST(SanRead, AnnotationGlyphsGluedOnAreIgnored) {
    const Position start = Position::startpos();
    EXPECT_EQ(parsed(start, "Nf3!?"), Move(G1, F3));
    EXPECT_EQ(parsed(start, "e4!!"), Move(E2, E4));
    EXPECT_EQ(parsed(start, "e4?"), Move(E2, E4));
    EXPECT_EQ(parsed(start, "Nc3?!"), Move(B1, C3));
}

TEST(SanRead, EnPassantWithAndWithoutEpSuffix) {
    const Position pos = position_of("4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 2");
    const Move expected(E5, D6, MoveKind::EnPassant);
    EXPECT_EQ(parsed(pos, "exd6"), expected);
    EXPECT_EQ(parsed(pos, "exd6e.p."), expected);
    EXPECT_EQ(parsed(pos, "exd6e.p.+"), expected);
}

TEST(SanRead, PromotionWithOrWithoutEqualsAndInLowerCase) {
    const Position pos = position_of("8/4P3/8/8/8/8/k7/4K3 w - - 0 1");
    const Move queen(E7, E8, MoveKind::Promotion, PieceType::Queen);
    EXPECT_EQ(parsed(pos, "e8=Q"), queen);
    EXPECT_EQ(parsed(pos, "e8Q"), queen);
    EXPECT_EQ(parsed(pos, "e8=q"), queen);
    EXPECT_EQ(parsed(pos, "e8q"), queen);
    EXPECT_EQ(parsed(pos, "e8=N"), Move(E7, E8, MoveKind::Promotion, PieceType::Knight));
    EXPECT_EQ(parsed(pos, "e8=b"), Move(E7, E8, MoveKind::Promotion, PieceType::Bishop));
}

TEST(SanRead, CapturePromotion) {
    const Position pos = position_of("3r4/4P3/8/8/8/8/k7/4K3 w - - 0 1");
    EXPECT_EQ(parsed(pos, "exd8=R+"), Move(E7, D8, MoveKind::Promotion, PieceType::Rook));
}

TEST(SanRead, OverDisambiguationIsAccepted) {
    const Position start = Position::startpos();
    EXPECT_EQ(parsed(start, "Ngf3"), Move(G1, F3));
    EXPECT_EQ(parsed(start, "N1f3"), Move(G1, F3));
    EXPECT_EQ(parsed(start, "Ng1f3"), Move(G1, F3));
    EXPECT_EQ(parsed(start, "Ng1-f3"), Move(G1, F3));
}

TEST(SanRead, CaptureMarkOnAPieceMove) {
    const Position pos = play(Position::startpos(), {"e4", "d5"});
    EXPECT_EQ(parsed(pos, "exd5"), Move(E4, D5));
    EXPECT_EQ(parsed(play(pos, {"exd5"}), "Qxd5"), Move(D8, D5));
}

TEST(SanRead, SloppyPawnCaptureWithoutX) {
    const Position pos = play(Position::startpos(), {"e4", "d5"});
    EXPECT_EQ(parsed(pos, "ed5"), Move(E4, D5));
}

TEST(SanRead, KingTakesOwnRookIsChess960Castling) {
    const Position pos = position_of("4k3/8/8/8/8/8/8/1R3KR1 w GB - 0 1", true);
    EXPECT_EQ(parsed(pos, "Kxg1"), Move(F1, G1, MoveKind::Castling));
    EXPECT_EQ(parsed(pos, "O-O"), Move(F1, G1, MoveKind::Castling));
    EXPECT_EQ(parsed(pos, "O-O-O"), Move(F1, B1, MoveKind::Castling));
}

TEST(SanRead, ExplicitPawnLetterIsAccepted) {
    const Position pos = play(Position::startpos(), {"e4", "d5"});
    EXPECT_EQ(parsed(pos, "Pe5"), Move(E4, E5));
    EXPECT_EQ(parsed(pos, "Pexd5"), Move(E4, D5));
}

TEST(SanRead, StandardCastlingWrittenAsAKingStep) {
    const Position pos = position_of(CastlingFen);
    EXPECT_EQ(parsed(pos, "Kg1"), Move(E1, H1, MoveKind::Castling));
    EXPECT_EQ(parsed(pos, "Kc1"), Move(E1, A1, MoveKind::Castling));
    EXPECT_EQ(refusal(position_of("r3k2r/8/8/8/8/8/8/R3K2R w kq - 0 1"), "Kg1"),
              SanErrorKind::Illegal);
}

TEST(SanRead, DisambiguatedKnightsAreResolvedByFileOrRank) {
    const Position pos = position_of("4k3/8/8/8/8/5N2/8/1N2K3 w - - 0 1");
    EXPECT_EQ(parsed(pos, "Nbd2"), Move(B1, D2));
    EXPECT_EQ(parsed(pos, "Nfd2"), Move(F3, D2));
    EXPECT_EQ(parsed(pos, "N3d2"), Move(F3, D2));
}

TEST(SanRead, AmbiguousMoveIsRefusedAsAmbiguous) {
    const Position pos = position_of("4k3/8/8/8/8/5N2/8/1N2K3 w - - 0 1");
    EXPECT_EQ(refusal(pos, "Nd2"), SanErrorKind::Ambiguous);
}

TEST(SanRead, DisambiguationThatStillLeavesTwoIsAmbiguous) {
    const Position pos = position_of("4k3/8/8/R7/8/8/8/R3K3 w - - 0 1");
    EXPECT_EQ(refusal(pos, "Ra3"), SanErrorKind::Ambiguous);
    EXPECT_EQ(refusal(pos, "Raa3"), SanErrorKind::Ambiguous);
    EXPECT_EQ(parsed(pos, "R5a3"), Move(A5, A3));
}

TEST(SanRead, PinnedSecondCandidateMakesTheMoveUnambiguous) {
    // Both knights reach e2, but the one on c3 is pinned by the bishop on a5 against e1.
    const Position pos = position_of("4k3/8/8/b7/8/2N5/8/4K1N1 w - - 0 1");
    EXPECT_EQ(parsed(pos, "Ne2"), Move(G1, E2));
}

TEST(SanRead, MoveOfAPinnedPieceIsIllegal) {
    const Position pos = position_of("4k3/8/8/b7/8/2N5/8/4K3 w - - 0 1");
    EXPECT_EQ(refusal(pos, "Ne4"), SanErrorKind::Illegal);
}

TEST(SanRead, PushOfAPawnPinnedOnItsRankIsIllegal) {
    const Position pos = position_of("4k3/8/8/8/8/8/K2P3r/8 w - - 0 1");
    EXPECT_EQ(refusal(pos, "d3"), SanErrorKind::Illegal);
    EXPECT_EQ(refusal(pos, "d4"), SanErrorKind::Illegal);
}

TEST(SanRead, PinnedPieceMayMoveAlongItsPinLineOrTakeThePinner) {
    const Position pos = position_of("4k3/4r3/8/8/8/8/4R3/4K3 w - - 0 1");
    EXPECT_EQ(parsed(pos, "Re5"), Move(E2, E5));
    EXPECT_EQ(parsed(pos, "Rxe7"), Move(E2, E7));
    EXPECT_EQ(refusal(pos, "Rd2"), SanErrorKind::Illegal);
}

TEST(SanRead, PieceBeforeAnEnemyThatCannotMoveAlongTheLineIsNotPinned) {
    // The bishop on e7 does not attack along the e-file: the knight on e2 may leave it.
    const Position pos = position_of("4k3/4b3/8/8/8/8/4N3/4K3 w - - 0 1");
    EXPECT_EQ(parsed(pos, "Nc3"), Move(E2, C3));
}

TEST(SanRead, PieceBeforeAnotherShieldOfTheKingIsNotPinned) {
    // The pawn on e5 still stands between the rook on e8 and the king once the knight leaves.
    const Position pos = position_of("k3r3/8/8/4p3/8/8/4N3/4K3 w - - 0 1");
    EXPECT_EQ(parsed(pos, "Nc3"), Move(E2, C3));
}

TEST(SanRead, KingStepWithADisambiguationIsReadAsThatStep) {
    const Position pos = position_of("4k3/8/8/8/8/8/8/5K2 w - - 0 1");
    EXPECT_EQ(parsed(pos, "Kfe2"), Move(F1, E2));
    EXPECT_EQ(parsed(pos, "K1e2"), Move(F1, E2));
    EXPECT_EQ(parsed(pos, "Kf1e2"), Move(F1, E2));
    EXPECT_EQ(refusal(pos, "Kge2"), SanErrorKind::Illegal);
}

TEST(SanRead, CaptureMarkWithoutACaptureIsTolerated) {
    // Lenient: the 'x' of a non-capture carries no information the target square lacks.
    EXPECT_EQ(parsed(Position::startpos(), "Nxf3"), Move(G1, F3));
}

TEST(SanRead, MoveThatIgnoresACheckIsIllegal) {
    const Position pos = position_of("4k3/8/8/8/8/8/4q3/R3K3 w - - 0 1");
    EXPECT_EQ(refusal(pos, "Ra2"), SanErrorKind::Illegal);
    EXPECT_EQ(parsed(pos, "Kxe2"), Move(E1, E2));
}

TEST(SanRead, UnreachableSquareIsIllegal) {
    const Position start = Position::startpos();
    EXPECT_EQ(refusal(start, "Nf6"), SanErrorKind::Illegal);
    EXPECT_EQ(refusal(start, "e5"), SanErrorKind::Illegal);
    EXPECT_EQ(refusal(start, "Ke2"), SanErrorKind::Illegal);
    EXPECT_EQ(refusal(start, "exd3"), SanErrorKind::Illegal);
    EXPECT_EQ(refusal(start, "Bb2"), SanErrorKind::Illegal);
}

TEST(SanRead, CastlingThroughAttackOrWithoutRightIsIllegal) {
    EXPECT_EQ(refusal(position_of("k4r2/8/8/8/8/8/8/4K2R w K - 0 1"), "O-O"),
              SanErrorKind::Illegal);
    EXPECT_EQ(refusal(position_of("4k3/8/8/8/8/8/8/4K2R w - - 0 1"), "O-O"), SanErrorKind::Illegal);
    EXPECT_EQ(refusal(Position::startpos(), "O-O"), SanErrorKind::Illegal);
}

TEST(SanRead, KingMoveIntoCheckIsIllegal) {
    EXPECT_EQ(refusal(position_of("4k3/8/8/8/8/8/3r4/4K3 w - - 0 1"), "Kf2"),
              SanErrorKind::Illegal);
}

TEST(SanRead, PawnReachingTheLastRankWithoutPromotionIsIllegal) {
    EXPECT_EQ(refusal(position_of("8/4P3/8/8/8/8/k7/4K3 w - - 0 1"), "e8"), SanErrorKind::Illegal);
}

TEST(SanRead, PromotionLetterOnAnOrdinaryMoveIsIllegal) {
    EXPECT_EQ(refusal(Position::startpos(), "e4=Q"), SanErrorKind::Illegal);
}

TEST(SanRead, MalformedTextIsASyntaxError) {
    const Position start = Position::startpos();
    for (std::string_view bad : {"", "N", "Nx", "e9", "K@e4", "Zf3", "O-O-O-O", "i3", "Nf3x", "+"})
        EXPECT_EQ(refusal(start, bad), SanErrorKind::Syntax) << bad;
}

TEST(SanRead, RefusalNamesItsReasonAndPieceAsValues) {
    const Position start = Position::startpos();
    const auto unreachable = parse_san(start, "Nf6");
    ASSERT_FALSE(unreachable.has_value());
    EXPECT_EQ(unreachable.error().refusal, SanRefusal::NoPieceCanReach);
    EXPECT_EQ(unreachable.error().piece, PieceType::Knight);
    const auto ambiguous = parse_san(position_of("4k3/8/8/8/8/5N2/8/1N2K3 w - - 0 1"), "Nd2");
    ASSERT_FALSE(ambiguous.has_value());
    EXPECT_EQ(ambiguous.error().refusal, SanRefusal::SeveralPiecesCanMove);
    EXPECT_EQ(ambiguous.error().piece, PieceType::Knight);
    const auto unpromoted = parse_san(position_of("8/4P3/8/8/8/8/k7/4K3 w - - 0 1"), "e8");
    ASSERT_FALSE(unpromoted.has_value());
    EXPECT_EQ(unpromoted.error().refusal, SanRefusal::PawnMustPromote);
}

TEST(SanRead, EveryRefusalHasItsOwnId) {
    std::vector<std::string_view> ids;
    for (int i = 0; i < SanRefusalCount; ++i) {
        const std::string_view id = san_refusal_id(static_cast<SanRefusal>(i));
        EXPECT_FALSE(id.empty()) << i;
        EXPECT_EQ(std::count(ids.begin(), ids.end(), id), 0) << id;
        ids.push_back(id);
    }
}

TEST(SanRead, RandomTextIsEitherALegalMoveOrARefusal) {
    constexpr std::string_view alphabet = "NBRQKPabcdefgh12345678x=O0-+#!?.ep :";
    const Position positions[] = {
        Position::startpos(),
        position_of("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"),
        position_of("rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8"),
        position_of("4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 2"),
    };
    std::mt19937 rng(42);
    for (int i = 0; i < 100000; ++i) {
        std::string text(1 + rng() % 8, ' ');
        for (char& c : text) c = alphabet[rng() % alphabet.size()];
        for (const Position& pos : positions) {
            const auto move = parse_san(pos, text);
            if (move) {
                ASSERT_TRUE(pos.is_legal(*move)) << text << " in " << pos.to_fen();
            }
        }
    }
}

TEST(SanWrite, PawnPushPieceMoveAndCapture) {
    const Position pos = play(Position::startpos(), {"e4", "d5"});
    EXPECT_EQ(to_san(pos, Move(E4, D5)), "exd5");
    EXPECT_EQ(to_san(pos, Move(G1, F3)), "Nf3");
    EXPECT_EQ(to_san(pos, Move(E4, E5)), "e5");
    EXPECT_EQ(to_san(pos, Move(F1, B5)), "Bb5+");
}

TEST(SanWrite, FileDisambiguationWhenTheFilesDiffer) {
    const Position pos = position_of("4k3/8/8/8/8/5N2/8/1N2K3 w - - 0 1");
    EXPECT_EQ(to_san(pos, Move(B1, D2)), "Nbd2");
    EXPECT_EQ(to_san(pos, Move(F3, D2)), "Nfd2");
    EXPECT_EQ(to_san(pos, Move(F3, E5)), "Ne5");  // only one knight reaches e5
}

TEST(SanWrite, RankDisambiguationWhenTheFilesAreEqual) {
    const Position pos = position_of("4k3/8/8/R7/8/8/8/R3K3 w - - 0 1");
    EXPECT_EQ(to_san(pos, Move(A1, A3)), "R1a3");
    EXPECT_EQ(to_san(pos, Move(A5, A3)), "R5a3");
}

TEST(SanWrite, FileAndRankWhenNeitherAloneSuffices) {
    const Position pos = position_of("4k3/8/8/8/8/Q7/8/Q1Q1K3 w - - 0 1");
    EXPECT_EQ(to_san(pos, Move(A1, B2)), "Qa1b2");
    EXPECT_EQ(to_san(pos, Move(C1, B2)), "Qcb2");
    EXPECT_EQ(to_san(pos, Move(A3, B2)), "Q3b2");
}

TEST(SanWrite, NoDisambiguationAgainstAPinnedPiece) {
    const Position pos = position_of("4k3/8/8/b7/8/2N5/8/4K1N1 w - - 0 1");
    EXPECT_EQ(to_san(pos, Move(G1, E2)), "Ne2");
}

TEST(SanWrite, CheckAndMateMarks) {
    const Position pos = play(Position::startpos(), {"f3", "e5", "g4"});
    EXPECT_EQ(to_san(pos, Move(D8, H4)), "Qh4#");
    EXPECT_EQ(to_san(position_of("4k3/8/8/8/8/8/8/R3K3 w - - 0 1"), Move(A1, A8)), "Ra8+");
}

TEST(SanWrite, CastlingAndPromotion) {
    const Position pos = position_of(CastlingFen);
    EXPECT_EQ(to_san(pos, Move(E1, H1, MoveKind::Castling)), "O-O");
    EXPECT_EQ(to_san(pos, Move(E1, A1, MoveKind::Castling)), "O-O-O");
    const Position promo = position_of("3r4/4P3/8/8/8/8/8/k3K3 w - - 0 1");
    EXPECT_EQ(to_san(promo, Move(E7, E8, MoveKind::Promotion, PieceType::Queen)), "e8=Q");
    EXPECT_EQ(to_san(promo, Move(E7, D8, MoveKind::Promotion, PieceType::Knight)), "exd8=N");
}

TEST(SanWrite, EnPassantIsWrittenAsAPlainPawnCapture) {
    const Position pos = position_of("4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 2");
    EXPECT_EQ(to_san(pos, Move(E5, D6, MoveKind::EnPassant)), "exd6");
}

TEST(SanWrite, WrittenSanReadsBackAsTheSameMoveForEveryLegalMove) {
    const std::string_view fens[] = {
        StartFen,
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
        "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
        "4k3/8/8/8/8/Q7/8/Q1Q1K3 w - - 0 1",
    };
    for (std::string_view fen : fens) {
        const Position pos = position_of(fen);
        MoveList moves;
        pos.generate_legal(moves);
        for (Move m : moves) {
            char buffer[MaxSanLength];
            const std::size_t length = write_san(pos, m, buffer);
            ASSERT_LE(length, MaxSanLength);
            const std::string san(buffer, length);
            EXPECT_EQ(parsed(pos, san), m) << fen << " " << san;
        }
    }
}

TEST(Uci, StandardCastlingIsKingToTheGOrCFile) {
    const Position pos = position_of(CastlingFen);
    EXPECT_EQ(to_uci(pos, Move(E1, H1, MoveKind::Castling)), "e1g1");
    EXPECT_EQ(to_uci(pos, Move(E1, A1, MoveKind::Castling)), "e1c1");
}

TEST(Uci, Chess960CastlingIsKingTakesRook) {
    const Position pos = position_of("4k3/8/8/8/8/8/8/1R3KR1 w GB - 0 1", true);
    EXPECT_EQ(to_uci(pos, Move(F1, G1, MoveKind::Castling)), "f1g1");
    EXPECT_EQ(to_uci(pos, Move(F1, B1, MoveKind::Castling)), "f1b1");
}

TEST(Uci, PromotionLetterIsLowerCase) {
    const Position pos = position_of("8/4P3/8/8/8/8/k7/4K3 w - - 0 1");
    EXPECT_EQ(to_uci(pos, Move(E7, E8, MoveKind::Promotion, PieceType::Queen)), "e7e8q");
}

}  // namespace
}  // namespace drawaudit::chess
