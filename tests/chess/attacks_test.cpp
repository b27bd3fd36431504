// The attack tables: magic lookups agree with ray walking, the embedded magic numbers are the
// ones in use (the compiler builds the tables, no search), and the leaper and line tables hold
// what they say.
#include <gtest/gtest.h>

#include <random>

#include "chess/attacks.hpp"
#include "chess/magic_numbers.hpp"

namespace drawaudit::chess {
namespace {

TEST(Attacks, MagicLookupsAgreeWithRayWalkingOnRandomOccupancies) {
    std::mt19937_64 rng(1);
    for (int i = 0; i < 64; ++i) {
        const Square s = static_cast<Square>(i);
        for (int k = 0; k < 500; ++k) {
            const Bitboard occupancy = rng() & rng();
            ASSERT_EQ(rook_attacks(s, occupancy), detail::slow_slider_attacks(true, s, occupancy));
            ASSERT_EQ(bishop_attacks(s, occupancy),
                      detail::slow_slider_attacks(false, s, occupancy));
        }
    }
}

TEST(Attacks, EmbeddedMagicNumbersAreTheOnesInUse) {
    for (int i = 0; i < 64; ++i) {
        EXPECT_EQ(detail::RookMagics[i].magic, detail::RookMagicNumbers[i]) << i;
        EXPECT_EQ(detail::BishopMagics[i].magic, detail::BishopMagicNumbers[i]) << i;
    }
}

TEST(Attacks, LeaperTables) {
    EXPECT_EQ(knight_attacks(A1), bb(B3) | bb(C2));
    EXPECT_EQ(popcount(knight_attacks(E4)), 8);
    EXPECT_EQ(king_attacks(H8), bb(G8) | bb(G7) | bb(H7));
    EXPECT_EQ(pawn_attacks(Color::White, E4), bb(D5) | bb(F5));
    EXPECT_EQ(pawn_attacks(Color::Black, A5), bb(B4));
}

TEST(Attacks, BetweenAndLineTables) {
    EXPECT_EQ(between_bb(A1, D4), bb(B2) | bb(C3));
    EXPECT_EQ(between_bb(E1, E4), bb(E2) | bb(E3));
    EXPECT_EQ(between_bb(A1, B3), 0u);
    EXPECT_EQ(line_bb(A1, C3), detail::slow_slider_attacks(false, A1, 0) | bb(A1));
    EXPECT_EQ(line_bb(A1, B3), 0u);
    EXPECT_EQ(rook_rays(D4), detail::slow_slider_attacks(true, D4, 0));
    EXPECT_EQ(bishop_rays(D4), detail::slow_slider_attacks(false, D4, 0));
}

// The compile-time between table against ray walking: for two squares on a rook or bishop line,
// the squares both see with the other as the only blocker.
TEST(Attacks, BetweenTableMatchesRayWalking) {
    for (int a = 0; a < 64; ++a) {
        for (int b = 0; b < 64; ++b) {
            const Square sa = static_cast<Square>(a), sb = static_cast<Square>(b);
            Bitboard want = 0;
            for (bool rook : {true, false})
                if (a != b && (detail::slow_slider_attacks(rook, sa, 0) & bb(sb)))
                    want = detail::slow_slider_attacks(rook, sa, bb(sb)) &
                           detail::slow_slider_attacks(rook, sb, bb(sa));
            ASSERT_EQ(between_bb(sa, sb), want) << a << " " << b;
        }
    }
}

// Every row of the piece-ray table is the attack set it names on an empty board.
TEST(Attacks, PieceRaysAreEmptyBoardAttacks) {
    for (int i = 0; i < 64; ++i) {
        const Square s = static_cast<Square>(i);
        for (Color c : {Color::White, Color::Black}) {
            EXPECT_EQ(piece_rays(make_piece(c, PieceType::Pawn), s), pawn_attacks(c, s));
            EXPECT_EQ(piece_rays(make_piece(c, PieceType::Knight), s), knight_attacks(s));
            EXPECT_EQ(piece_rays(make_piece(c, PieceType::Bishop), s), bishop_attacks(s, 0));
            EXPECT_EQ(piece_rays(make_piece(c, PieceType::Rook), s), rook_attacks(s, 0));
            EXPECT_EQ(piece_rays(make_piece(c, PieceType::Queen), s), queen_attacks(s, 0));
            EXPECT_EQ(piece_rays(make_piece(c, PieceType::King), s), king_attacks(s));
        }
        EXPECT_EQ(piece_rays(NoPiece, s), 0u);
        EXPECT_EQ(square_bit(s), bb(s));
    }
}

}  // namespace
}  // namespace drawaudit::chess
