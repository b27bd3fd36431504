// The repetition key and same_position() of RULES.md "Same position" (9.2.2): side, pieces,
// castling rights, and the en-passant possibility only when an en-passant capture is legal.
#include <gtest/gtest.h>

#include <random>

#include "chess/position.hpp"
#include "chess/san.hpp"
#include "chess_test_helpers.hpp"

namespace drawaudit::chess {
namespace {

using test::play;
using test::position_of;

// Asserts that `a` and `b` are the same FIDE position, by key and by exact comparison.
void expect_same(const Position& a, const Position& b) {
    EXPECT_EQ(a.key(), b.key()) << a.to_fen() << " vs " << b.to_fen();
    EXPECT_TRUE(a.same_position(b)) << a.to_fen() << " vs " << b.to_fen();
}

void expect_different(const Position& a, const Position& b) {
    EXPECT_NE(a.key(), b.key()) << a.to_fen() << " vs " << b.to_fen();
    EXPECT_FALSE(a.same_position(b)) << a.to_fen() << " vs " << b.to_fen();
}

TEST(RepetitionKey, DoublePushNextToALegalCapturerCountsTheEnPassantPossibility) {
    const Position after = play(position_of("4k3/8/8/8/3p4/8/4P3/4K3 w - - 0 1"), {"e4"});
    EXPECT_TRUE(after.has_legal_en_passant());
    expect_different(after, position_of("4k3/8/8/8/3pP3/8/8/4K3 b - - 0 1"));
    expect_same(after, position_of("4k3/8/8/8/3pP3/8/8/4K3 b - e3 0 1"));
}

TEST(RepetitionKey, CapturerPinnedOnItsFileGivesNoEnPassantPossibility) {
    // dxe3 would leave the d-file and expose the king on d8 to the rook on d1.
    const Position after = play(position_of("3k4/8/8/8/3p4/8/4P3/3RK3 w - - 0 1"), {"e4"});
    EXPECT_FALSE(after.has_legal_en_passant());
    EXPECT_EQ(after.double_push_square(), E3);
    expect_same(after, position_of("3k4/8/8/8/3pP3/8/8/3RK3 b - - 0 1"));
}

TEST(RepetitionKey, CapturerPinnedOnADiagonalGivesNoEnPassantPossibility) {
    // The pawn on d4 shields g7 from the bishop on b2; dxe3 leaves that diagonal.
    const Position after = play(position_of("8/6k1/8/8/3p4/8/1B2P3/4K3 w - - 0 1"), {"e4"});
    EXPECT_FALSE(after.has_legal_en_passant());
    expect_same(after, position_of("8/6k1/8/8/3pP3/8/1B6/4K3 b - - 0 1"));
}

TEST(RepetitionKey, CapturerPinnedAlongTheDiagonalItCapturesOnKeepsThePossibility) {
    // The pin line b6-f2 runs through e3: capturing there stays on the line.
    const Position after = play(position_of("8/8/1k6/8/3p4/8/4PB2/4K3 w - - 0 1"), {"e4"});
    EXPECT_TRUE(after.has_legal_en_passant());
}

TEST(RepetitionKey, HorizontalRankPinWhereBothPawnsLeaveTheRankGivesNoPossibility) {
    // dxe3 empties d4 and e4 at once: the rook on h4 would then attack the king on a4.
    const Position after = play(position_of("8/8/8/8/k2p3R/8/4P3/4K3 w - - 0 1"), {"e4"});
    EXPECT_FALSE(after.has_legal_en_passant());
    expect_same(after, position_of("8/8/8/8/k2pP2R/8/8/4K3 b - - 0 1"));
}

TEST(RepetitionKey, DoublePushWithNoCapturerGivesNoPossibility) {
    const Position after = play(position_of("4k3/8/8/8/8/8/4P3/4K3 w - - 0 1"), {"e4"});
    EXPECT_FALSE(after.has_legal_en_passant());
    expect_same(after, position_of("4k3/8/8/8/4P3/8/8/4K3 b - - 0 1"));
}

TEST(RepetitionKey, FenEnPassantSquareWithoutACaptureIsNotPartOfThePosition) {
    const Position with_square = position_of("4k3/8/8/8/4P3/8/8/4K3 b - e3 0 1");
    EXPECT_EQ(with_square.double_push_square(), E3);
    EXPECT_FALSE(with_square.has_legal_en_passant());
    expect_same(with_square, position_of("4k3/8/8/8/4P3/8/8/4K3 b - - 0 1"));
}

TEST(RepetitionKey, EnPassantThatDoesNotParryACheckIsNoPossibility) {
    // e4 uncovers the bishop's check on h5; dxe3 does not answer it.
    const Position after = play(position_of("8/8/8/7k/3p4/8/4P3/3BK3 w - - 0 1"), {"e4+"});
    EXPECT_TRUE(after.in_check());
    EXPECT_FALSE(after.has_legal_en_passant());
}

TEST(RepetitionKey, EnPassantCapturingTheCheckingPawnIsAPossibility) {
    // d4 checks the king on e5; exd3 e.p. removes the checker.
    const Position after = play(position_of("8/8/8/4k3/4p3/8/3P4/4K3 w - - 0 1"), {"d4+"});
    EXPECT_TRUE(after.in_check());
    EXPECT_TRUE(after.has_legal_en_passant());
}

TEST(RepetitionKey, EnPassantPossibilityLastsOneMoveOnly) {
    const Position start = position_of("4k3/8/8/8/3p4/8/4P3/4K3 w - - 0 1");
    const Position passed = play(start, {"e4", "Ke7", "Ke2", "Ke8", "Ke1"});
    // Same placement as after e4 with black to move, but the possibility has gone.
    expect_different(passed, play(start, {"e4"}));
    expect_same(passed, position_of("4k3/8/8/8/3pP3/8/8/4K3 b - - 0 1"));
}

TEST(RepetitionKey, CastlingRightsLostByAKingMoveMakeADifferentPosition) {
    const Position start = position_of("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1");
    const Position back = play(start, {"Kf1", "Kf8", "Ke1", "Ke8"});
    expect_different(back, start);
    expect_same(back, position_of("r3k2r/8/8/8/8/8/8/R3K2R w - - 0 1"));
}

TEST(RepetitionKey, CastlingRightLostByARookMoveMakesADifferentPosition) {
    const Position start = position_of("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1");
    const Position back = play(start, {"Rh2", "Ra7", "Rh1", "Ra8"});
    expect_different(back, start);
    expect_same(back, position_of("r3k2r/8/8/8/8/8/8/R3K2R w Qk - 0 1"));
}

TEST(RepetitionKey, CastlingRightLostWhenTheRookIsCaptured) {
    const Position after = play(position_of("r3k2r/8/8/8/8/8/6b1/R3K2R b KQkq - 0 1"), {"Bxh1"});
    EXPECT_EQ(after.castling_rights().rook[0][0], NoSquare);
    EXPECT_EQ(after.castling_rights().rook[0][1], A1);
    expect_same(after, position_of("r3k2r/8/8/8/8/8/8/R3K2b w Qkq - 0 1"));
}

TEST(RepetitionKey, RightKeptWhileItsPathIsBlocked) {
    // The knights leave and return: castling was impossible throughout, the rights remain.
    const Position start = Position::startpos();
    const Position back = play(start, {"Nf3", "Nf6", "Ng1", "Ng8"});
    expect_same(back, start);
    // A right that cannot be used now is still part of the position.
    expect_different(position_of("r3k2r/8/8/8/8/8/8/R3KB1R w KQkq - 0 1"),
                     position_of("r3k2r/8/8/8/8/8/8/R3KB1R w Qkq - 0 1"));
}

TEST(RepetitionKey, RightKeptWhileTheKingIsInCheck) {
    const Position checked = position_of("r3k2r/8/8/8/8/8/4q3/R3K2R w KQkq - 0 1");
    EXPECT_TRUE(checked.in_check());
    expect_different(checked, position_of("r3k2r/8/8/8/8/8/4q3/R3K2R w kq - 0 1"));
}

TEST(RepetitionKey, TranspositionsGiveEqualKeysAndSamePosition) {
    const Position a = play(Position::startpos(), {"Nf3", "Nf6", "Nc3", "Nc6"});
    const Position b = play(Position::startpos(), {"Nc3", "Nc6", "Nf3", "Nf6"});
    expect_same(a, b);
}

TEST(RepetitionKey, SidesToMoveDiffer) {
    expect_different(position_of("4k3/8/8/8/8/8/8/4K2R w - - 0 1"),
                     position_of("4k3/8/8/8/8/8/8/4K2R b - - 0 1"));
}

TEST(RepetitionKey, ClocksAreNotPartOfThePosition) {
    expect_same(position_of("4k3/8/8/8/8/8/8/4K2R w - - 0 1"),
                position_of("4k3/8/8/8/8/8/8/4K2R w - - 37 60"));
}

TEST(RepetitionKey, Chess960RightsArePerRookFile) {
    // Both rooks on the king's queen side; the right belongs to one of them.
    expect_different(position_of("4k3/8/8/8/8/8/8/1R1R1K2 w B - 0 1", true),
                     position_of("4k3/8/8/8/8/8/8/1R1R1K2 w D - 0 1", true));
}

TEST(RepetitionKey, IncrementalKeyEqualsTheKeyComputedFromScratchAlongRandomGames) {
    const std::string_view starts[] = {
        StartFen,
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
        "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9",
    };
    std::mt19937 rng(20230101);
    for (std::string_view fen : starts) {
        const bool chess960 = fen.find('H') != std::string_view::npos;
        for (int game = 0; game < 20; ++game) {
            Position pos = position_of(fen, chess960);
            for (int ply = 0; ply < 120; ++ply) {
                MoveList moves;
                pos.generate_legal(moves);
                if (moves.empty()) break;
                pos.make_move(moves[static_cast<int>(rng() % static_cast<unsigned>(moves.size()))]);
                const Position fresh = position_of(pos.to_fen(), chess960);
                ASSERT_EQ(pos.key(), fresh.key()) << pos.to_fen();
                ASSERT_TRUE(pos.same_position(fresh)) << pos.to_fen();
                ASSERT_EQ(pos.checkers(), fresh.checkers()) << pos.to_fen();
            }
        }
    }
}

// 3.8.2 in Chess960: king and rook may end on their own or on each other's start squares; the
// pieces, the key and the check state must come out as for the position read from its FEN.
TEST(RepetitionKey, Chess960CastlingOntoTheStartSquaresKeepsPiecesAndKey) {
    const struct {
        std::string_view fen, san, placement;
        Square king, rook;
    } cases[] = {
        {"4k3/8/8/8/8/8/8/4KR2 w F - 0 1", "O-O", "4k3/8/8/8/8/8/8/5RK1", G1, F1},
        {"4k3/8/8/8/8/8/8/5KR1 w G - 0 1", "O-O", "4k3/8/8/8/8/8/8/5RK1", G1, F1},
        {"4k3/8/8/8/8/8/8/6KR w H - 0 1", "O-O", "4k3/8/8/8/8/8/8/5RK1", G1, F1},
        {"4k3/8/8/8/8/8/8/RK6 w A - 0 1", "O-O-O", "4k3/8/8/8/8/8/8/2KR4", C1, D1},
        {"4k3/8/8/8/8/8/8/2RK4 w C - 0 1", "O-O-O", "4k3/8/8/8/8/8/8/2KR4", C1, D1},
        {"3k4/8/8/8/8/8/8/2RK4 w C - 0 1", "O-O-O", "3k4/8/8/8/8/8/8/2KR4", C1, D1},
    };
    for (const auto& c : cases) {
        const Position after = play(position_of(c.fen, true), {c.san});
        EXPECT_EQ(after.to_position_fen().substr(0, c.placement.size()), c.placement) << c.fen;
        EXPECT_EQ(after.pieces(Color::White, PieceType::King), bb(c.king)) << c.fen;
        EXPECT_EQ(after.pieces(Color::White, PieceType::Rook), bb(c.rook)) << c.fen;
        EXPECT_EQ(after.pieces(Color::White), bb(c.king) | bb(c.rook)) << c.fen;
        EXPECT_EQ(after.piece_on(c.king), WhiteKing) << c.fen;
        EXPECT_EQ(after.piece_on(c.rook), WhiteRook) << c.fen;
        const Position fresh = position_of(after.to_fen(), true);
        expect_same(after, fresh);
        EXPECT_EQ(after.checkers(), fresh.checkers()) << c.fen;
    }
}

}  // namespace
}  // namespace drawaudit::chess
