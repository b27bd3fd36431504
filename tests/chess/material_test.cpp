// RULES.md material tests: the dead-position material part (5.2.2) and whether a side can still
// checkmate (5.1.2, 6.9, 7.5.5).
#include <gtest/gtest.h>

#include "chess/material.hpp"
#include "chess_test_helpers.hpp"

namespace drawaudit::chess {
namespace {

using test::position_of;

bool insufficient(std::string_view fen) {
    return is_insufficient_material(position_of(fen));
}

TEST(InsufficientMaterial, KingAgainstKing) {
    EXPECT_TRUE(insufficient("4k3/8/8/8/8/8/8/4K3 w - - 0 1"));
}

TEST(InsufficientMaterial, KingAndBishopAgainstKing) {
    EXPECT_TRUE(insufficient("4k3/8/8/8/8/8/8/2B1K3 w - - 0 1"));
}

TEST(InsufficientMaterial, KingAndKnightAgainstKing) {
    EXPECT_TRUE(insufficient("4k3/8/8/8/8/8/8/1N2K3 b - - 0 1"));
}

TEST(InsufficientMaterial, TwoBishopsOnOneColourAgainstKing) {
    // c1 and e3 are both dark squares.
    EXPECT_TRUE(insufficient("4k3/8/8/8/8/4B3/8/2B1K3 w - - 0 1"));
}

TEST(InsufficientMaterial, TwoBishopsOnBothColoursAreSufficient) {
    EXPECT_FALSE(insufficient("4k3/8/8/8/8/8/8/2B1KB2 w - - 0 1"));
}

TEST(InsufficientMaterial, BishopsOfBothSidesOnOneColour) {
    // c1 (dark) and f8 (dark).
    EXPECT_TRUE(insufficient("4kb2/8/8/8/8/8/8/2B1K3 w - - 0 1"));
}

TEST(InsufficientMaterial, BishopsOfBothSidesOnOppositeColoursAreSufficient) {
    // c1 (dark) and c8 (light): a mate with the help of the other side's pieces exists.
    EXPECT_FALSE(insufficient("2b1k3/8/8/8/8/8/8/2B1K3 w - - 0 1"));
}

TEST(InsufficientMaterial, TwoKnightsAreNotInsufficientMaterial) {
    // RULES.md: "at most one minor piece on the board in all" - K+N+N v K is two minors.
    EXPECT_FALSE(insufficient("4k3/8/8/8/8/8/8/1N2KN2 w - - 0 1"));
}

TEST(InsufficientMaterial, KnightAgainstBishopIsNotInsufficientMaterial) {
    EXPECT_FALSE(insufficient("4kb2/8/8/8/8/8/8/1N2K3 w - - 0 1"));
}

TEST(InsufficientMaterial, AnyPawnRookOrQueenIsSufficient) {
    EXPECT_FALSE(insufficient("4k3/8/8/8/8/8/4P3/4K3 w - - 0 1"));
    EXPECT_FALSE(insufficient("4k3/8/8/8/8/8/8/R3K3 w - - 0 1"));
    EXPECT_FALSE(insufficient("4k3/8/8/8/8/8/8/3QK3 w - - 0 1"));
}

bool can_mate(std::string_view fen, Color side) {
    return can_checkmate(position_of(fen), side);
}

TEST(CanCheckmate, BareKingCannot) {
    EXPECT_FALSE(can_mate("4k3/8/8/8/8/8/8/R3K3 w - - 0 1", Color::Black));
}

TEST(CanCheckmate, KnightAgainstBareKingCannot) {
    EXPECT_FALSE(can_mate("4k3/8/8/8/8/8/8/1N2K3 w - - 0 1", Color::White));
}

TEST(CanCheckmate, KnightAgainstKingAndQueensCannot) {
    EXPECT_FALSE(can_mate("3qk3/8/8/8/8/8/8/1N2K3 w - - 0 1", Color::White));
}

TEST(CanCheckmate, KnightAgainstRookOrPawnCan) {
    // The defender's own rook or pawn can block the king's flight squares.
    EXPECT_TRUE(can_mate("3rk3/8/8/8/8/8/8/1N2K3 w - - 0 1", Color::White));
    EXPECT_TRUE(can_mate("4k3/3p4/8/8/8/8/8/1N2K3 w - - 0 1", Color::White));
}

TEST(CanCheckmate, TwoKnightsCan) {
    EXPECT_TRUE(can_mate("4k3/8/8/8/8/8/8/1N2KN2 w - - 0 1", Color::White));
}

TEST(CanCheckmate, BishopsAllOnOneColourWithoutPawnsOrKnightsCannot) {
    EXPECT_FALSE(can_mate("4k3/8/8/8/8/4B3/8/2B1K3 w - - 0 1", Color::White));
    EXPECT_FALSE(can_mate("4kb2/8/8/8/8/8/8/2B1K3 w - - 0 1", Color::White));
}

TEST(CanCheckmate, BishopsOfOneColourAgainstTwoRooksCan) {
    // Two rooks block two flight squares and two bishops give double check
    // (chasolver-positions.txt, lines 1090, 1093 and 2053, labelled winnable; the first is mate).
    EXPECT_TRUE(can_mate("5B2/7r/5K1k/7r/8/4B3/8/8 b - - 0 1", Color::White));
    EXPECT_TRUE(can_mate("8/8/8/8/8/1k6/b1b5/RKR5 w - - 0 1", Color::Black));
    EXPECT_TRUE(can_mate("8/8/8/8/8/2b1k1b1/8/3RKR2 w - - 0 1", Color::Black));
}

TEST(CanCheckmate, BishopsOfOneColourAgainstOneRookOrQueenCannot) {
    EXPECT_FALSE(can_mate("3b4/8/8/6b1/8/8/R7/K1k5 w - - 0 1", Color::Black));
    EXPECT_FALSE(can_mate("1b1b3K/8/7Q/4k3/8/8/8/8 w - - 1 2", Color::Black));
}

TEST(CanCheckmate, BishopAgainstBishopOfTheOtherColourCan) {
    EXPECT_TRUE(can_mate("2b1k3/8/8/8/8/8/8/2B1K3 w - - 0 1", Color::White));
}

TEST(CanCheckmate, BishopAgainstKnightCan) {
    EXPECT_TRUE(can_mate("4k3/8/8/8/8/8/8/2B1KN2 b - - 0 1", Color::White));
    EXPECT_TRUE(can_mate("1n2k3/8/8/8/8/8/8/2B1K3 w - - 0 1", Color::White));
}

TEST(CanCheckmate, BishopAgainstPawnCan) {
    EXPECT_TRUE(can_mate("4k3/3p4/8/8/8/8/8/2B1K3 w - - 0 1", Color::White));
}

TEST(CanCheckmate, RookQueenOrPawnCan) {
    EXPECT_TRUE(can_mate("4k3/8/8/8/8/8/8/R3K3 w - - 0 1", Color::White));
    EXPECT_TRUE(can_mate("4k3/8/8/8/8/8/8/3QK3 w - - 0 1", Color::White));
    EXPECT_TRUE(can_mate("4k3/8/8/8/8/8/4P3/4K3 w - - 0 1", Color::White));
}

}  // namespace
}  // namespace drawaudit::chess
