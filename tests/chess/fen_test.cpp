// FEN, X-FEN and Shredder-FEN: round trips, refusals of impossible positions, and the repairs of
// exporters' carelessness (RULES.md `bad-fen` and `fen-repaired`).
#include <gtest/gtest.h>

#include <random>

#include "chess/position.hpp"
#include "chess_test_helpers.hpp"

namespace drawaudit::chess {
namespace {

using test::position_of;

// The reasons are values (issue 26): lib/report words them (tests/report/messages_test.cpp).
FenError refusal(std::string_view fen) {
    auto parsed = Position::from_fen(fen);
    EXPECT_FALSE(parsed.has_value()) << fen << " was accepted";
    return parsed ? FenError{} : parsed.error();
}

std::vector<FenRepair> repairs(std::string_view fen, bool chess960 = false) {
    auto parsed = Position::from_fen(fen, FenOptions{chess960});
    EXPECT_TRUE(parsed.has_value()) << fen << " was refused";
    return parsed ? parsed->repairs : std::vector<FenRepair>{};
}

FenReason reason(FenReason r) {
    return r;
}

TEST(FenRoundTrip, StandardPositionsAreWrittenBackUnchanged) {
    for (std::string_view fen : {
             StartFen,
             std::string_view(
                 "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"),
             std::string_view("8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1"),
             std::string_view("r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1"),
             std::string_view("rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8"),
             std::string_view(
                 "r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10"),
             std::string_view("rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3"),
         }) {
        EXPECT_EQ(position_of(fen).to_fen(), fen);
    }
}

TEST(FenRoundTrip, PositionFenHasTheFirstFourFields) {
    EXPECT_EQ(Position::startpos().to_position_fen(),
              "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq -");
}

TEST(FenRoundTrip, StartposEqualsTheStartFen) {
    EXPECT_EQ(Position::startpos().to_fen(), StartFen);
    EXPECT_FALSE(Position::startpos().is_chess960());
}

TEST(FenRoundTrip, EnPassantSquareWithoutLegalCaptureIsWrittenAsDash) {
    EXPECT_EQ(position_of("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1").to_fen(),
              "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1");
}

TEST(FenRoundTrip, ShredderFenIsReadAndWrittenAsXFen) {
    const Position pos =
        position_of("bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9", true);
    EXPECT_TRUE(pos.is_chess960());
    EXPECT_EQ(pos.castling_rights().rook[0][0], H1);
    EXPECT_EQ(pos.castling_rights().rook[0][1], F1);
    EXPECT_EQ(pos.castling_rights().rook[1][0], H8);
    EXPECT_EQ(pos.castling_rights().rook[1][1], F8);
    EXPECT_EQ(pos.to_fen(), "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w KQkq - 2 9");
}

TEST(FenRoundTrip, KQkqInChess960NamesTheOutermostRooks) {
    const Position pos =
        position_of("bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w KQkq - 2 9", true);
    EXPECT_TRUE(pos.same_position(
        position_of("bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9", true)));
}

TEST(FenRoundTrip, XFenInnerRookIsNamedByItsFile) {
    const Position pos = position_of("4k3/8/8/8/8/8/8/1R1R1K2 w D - 0 1", true);
    EXPECT_EQ(pos.castling_rights().rook[0][1], D1);
    EXPECT_EQ(pos.to_fen(), "4k3/8/8/8/8/8/8/1R1R1K2 w D - 0 1");
    EXPECT_EQ(position_of("4k3/8/8/8/8/8/8/1R1R1K2 w B - 0 1", true).to_fen(),
              "4k3/8/8/8/8/8/8/1R1R1K2 w Q - 0 1");
}

TEST(FenRoundTrip, FileLettersThatOnlyMakeSenseAsChess960ReadAsChess960) {
    // Without the option: the king on f1 with a right for the rook on d1 can only be Chess960.
    const Position pos = position_of("4k3/8/8/8/8/8/8/1R1R1K2 w D - 0 1");
    EXPECT_TRUE(pos.is_chess960());
    EXPECT_EQ(pos.castling_rights().rook[0][1], D1);
}

TEST(FenRoundTrip, ShredderLettersOfTheStandardCornersAreStandardChess) {
    const Position pos = position_of("r3k2r/8/8/8/8/8/8/R3K2R w HAha - 0 1");
    EXPECT_FALSE(pos.is_chess960());
    EXPECT_TRUE(pos.same_position(position_of("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1")));
}

TEST(FenRefusal, TooFewFields) {
    EXPECT_EQ(refusal("8/8/8/8/8/8/8/8 w"),
              reason({.problem = FenProblem::TooFewFields, .number = 2}));
}

TEST(FenRefusal, TooManyFields) {
    EXPECT_EQ(refusal("4k3/8/8/8/8/8/8/4K3 w - - 0 1 extra").problem, FenProblem::TooManyFields);
}

TEST(FenRefusal, RankWithNineSquares) {
    EXPECT_EQ(refusal("4k3/9/8/8/8/8/8/4K3 w - - 0 1"),
              reason({.problem = FenProblem::PlacementCharacter, .letter = '9'}));
    EXPECT_EQ(refusal("4k3/ppppppppp/8/8/8/8/8/4K3 w - - 0 1"),
              reason({.problem = FenProblem::RankOverflow, .rank = 7}));
}

TEST(FenRefusal, RankWithSevenSquares) {
    EXPECT_EQ(refusal("4k3/7/8/8/8/8/8/4K3 w - - 0 1"),
              reason({.problem = FenProblem::RankSquares, .rank = 7, .number = 7}));
}

TEST(FenRefusal, SevenOrNineRanks) {
    EXPECT_EQ(refusal("4k3/8/8/8/8/8/4K3 w - - 0 1"),
              reason({.problem = FenProblem::RankCount, .number = 7}));
    EXPECT_EQ(refusal("4k3/8/8/8/8/8/8/8/4K3 w - - 0 1").problem, FenProblem::TooManyRanks);
}

TEST(FenRefusal, UnknownPieceLetter) {
    EXPECT_EQ(refusal("4k3/8/8/8/8/8/8/4K2X w - - 0 1"),
              reason({.problem = FenProblem::PlacementCharacter, .letter = 'X'}));
}

TEST(FenRefusal, MissingOrExtraKing) {
    EXPECT_EQ(refusal("8/8/8/8/8/8/8/4K3 w - - 0 1"),
              reason({.problem = FenProblem::KingCount, .colour = Color::Black, .number = 0}));
    EXPECT_EQ(refusal("4k3/8/8/8/8/8/8/3KK3 w - - 0 1"),
              reason({.problem = FenProblem::KingCount, .colour = Color::White, .number = 2}));
}

TEST(FenRefusal, PawnOnTheFirstOrLastRank) {
    EXPECT_EQ(refusal("4k2P/8/8/8/8/8/8/4K3 w - - 0 1").problem, FenProblem::PawnOnBackRank);
    EXPECT_EQ(refusal("4k3/8/8/8/8/8/8/p3K3 w - - 0 1").problem, FenProblem::PawnOnBackRank);
}

TEST(FenRefusal, SideNotToMoveInCheck) {
    EXPECT_EQ(refusal("4k2R/8/8/8/8/8/8/4K3 w - - 0 1"),
              reason({.problem = FenProblem::SideNotToMoveInCheck, .colour = Color::Black}));
    EXPECT_EQ(refusal("4k3/8/8/8/8/8/8/4r1K1 b - - 0 1"),
              reason({.problem = FenProblem::SideNotToMoveInCheck, .colour = Color::White}));
}

TEST(FenRefusal, TooManyPawnsOrPieces) {
    EXPECT_EQ(refusal("4k3/8/8/8/8/P7/PPPPPPPP/4K3 w - - 0 1"),
              reason({.problem = FenProblem::PawnCount, .colour = Color::White, .number = 9}));
    EXPECT_EQ(refusal("QQQQk3/QQQQ4/8/8/8/8/PPPPPPPP/4K3 w - - 0 1"),
              reason({.problem = FenProblem::PieceCount, .colour = Color::White, .number = 17}));
}

TEST(FenRefusal, MorePromotedPiecesThanMissingPawns) {
    // Eight pawns still on the board and two queens: the second queen cannot exist.
    EXPECT_EQ(
        refusal("4k3/8/8/8/8/8/PPPPPPPP/2QQK3 w - - 0 1"),
        reason({.problem = FenProblem::TooManyPromoted, .colour = Color::White, .number = 0}));
}

// The unwinnability analysis reads composed positions (FenOptions::allow_unreachable_material).
constexpr FenOptions Composed{.allow_unreachable_material = true};

TEST(FenComposed, MorePromotedPiecesThanMissingPawnsAreReadWhenAllowed) {
    auto parsed = Position::from_fen("4k3/8/8/8/8/8/PPPPPPPP/2QQK3 w - - 0 1", Composed);
    ASSERT_TRUE(parsed.has_value());
    EXPECT_EQ(popcount(parsed->position.pieces(Color::White, PieceType::Queen)), 2);
}

// Two lines of dead/chasolver-positions.txt (3,423 and 3,427) give White nine pawns: composed
// positions whose winnability is still defined.
TEST(FenComposed, NinePawnsAreReadWhenAllowed) {
    auto parsed = Position::from_fen("4k3/8/8/8/8/P7/PPPPPPPP/4K3 w - - 0 1", Composed);
    ASSERT_TRUE(parsed.has_value());
    EXPECT_EQ(popcount(parsed->position.pieces(Color::White, PieceType::Pawn)), 9);
}

TEST(FenComposed, EveryOtherRefusalStaysWhenPromotionsAreAllowed) {
    for (std::string_view fen : {
             std::string_view("4k2P/8/8/8/8/8/8/4K3 w - - 0 1"),  // pawn on the last rank
             std::string_view("4k2R/8/8/8/8/8/8/4K3 w - - 0 1"),  // side not to move in check
             std::string_view("QQQQk3/QQQQ4/8/8/8/8/PPPPPPPP/4K3 w - - 0 1"),  // 17 men
             std::string_view("4k3/8/8/8/8/8/8/3KK3 w - - 0 1"),               // two kings
         })
        EXPECT_FALSE(Position::from_fen(fen, Composed).has_value()) << fen;
}

TEST(FenRefusal, BadSideToMove) {
    EXPECT_EQ(refusal("4k3/8/8/8/8/8/8/4K3 x - - 0 1"),
              reason({.problem = FenProblem::SideToMove, .text = "x"}));
}

TEST(FenRefusal, BadCastlingCharacter) {
    EXPECT_EQ(refusal("4k3/8/8/8/8/8/8/4K3 w X1 - 0 1"),
              reason({.problem = FenProblem::CastlingCharacter, .letter = 'X'}));
}

TEST(FenRefusal, EnPassantFieldThatIsNoSquare) {
    EXPECT_EQ(refusal("4k3/8/8/8/8/8/8/4K3 w - z9 0 1"),
              reason({.problem = FenProblem::EnPassantField, .text = "z9"}));
}

TEST(FenRepair, CastlingRightWithoutItsRookIsDropped) {
    const auto messages = repairs("4k3/8/8/8/8/8/8/4K3 w K - 0 1");
    ASSERT_EQ(messages.size(), 1u);
    EXPECT_EQ(messages[0], reason({.problem = FenProblem::CastlingNoRookOn,
                                   .colour = Color::White,
                                   .letter = 'K',
                                   .square = H1}));
    EXPECT_FALSE(position_of("4k3/8/8/8/8/8/8/4K3 w K - 0 1").castling_rights().any());
}

TEST(FenRepair, CastlingRightAfterAKingMoveIsDropped) {
    const auto messages = repairs("r3k2r/8/8/8/8/8/8/R4K1R w KQkq - 0 1");
    ASSERT_EQ(messages.size(), 2u);
    EXPECT_EQ(messages[0], reason({.problem = FenProblem::CastlingKingOffSquare,
                                   .colour = Color::White,
                                   .letter = 'K',
                                   .square = E1}));
    const Position pos = position_of("r3k2r/8/8/8/8/8/8/R4K1R w KQkq - 0 1");
    EXPECT_TRUE(pos.same_position(position_of("r3k2r/8/8/8/8/8/8/R4K1R w kq - 0 1")));
}

TEST(FenRepair, OtherRightsSurviveADroppedOne) {
    const Position pos = position_of("r3k3/8/8/8/8/8/8/R3K2R w KQkq - 0 1");
    EXPECT_EQ(pos.to_position_fen(), "r3k3/8/8/8/8/8/8/R3K2R w KQq -");
}

TEST(FenRepair, EnPassantSquareOnTheWrongRankIsDropped) {
    const auto messages = repairs("4k3/8/8/8/4P3/8/8/4K3 b - e4 0 1");
    ASSERT_EQ(messages.size(), 1u);
    EXPECT_EQ(messages[0],
              reason({.problem = FenProblem::EnPassantRank, .colour = Color::White, .square = E4}));
}

TEST(FenRepair, EnPassantSquareWithoutThePawnInFrontIsDropped) {
    const auto messages = repairs("4k3/8/8/3p4/8/8/8/4K3 w - e6 0 1");
    ASSERT_EQ(messages.size(), 1u);
    EXPECT_EQ(messages[0], reason({.problem = FenProblem::EnPassantNoPawn,
                                   .colour = Color::Black,
                                   .square = E6,
                                   .other = E5}));
    EXPECT_EQ(position_of("4k3/8/8/3p4/8/8/8/4K3 w - e6 0 1").double_push_square(), NoSquare);
}

TEST(FenRepair, EnPassantSquareWithOccupiedPathIsDropped) {
    const auto messages = repairs("4k3/4n3/8/3Pp3/8/8/8/4K3 w - e6 0 1");
    ASSERT_EQ(messages.size(), 1u);
    EXPECT_EQ(messages[0].problem, FenProblem::EnPassantPathOccupied);
}

TEST(FenRepair, MissingClockFieldsAreSetToZeroAndOne) {
    const auto parsed = Position::from_fen("4k3/8/8/8/8/8/8/4K3 b - -");
    ASSERT_TRUE(parsed.has_value());
    EXPECT_EQ(parsed->repairs.size(), 1u);
    EXPECT_EQ(parsed->position.halfmove_clock(), 0);
    EXPECT_EQ(parsed->position.fullmove_number(), 1);
}

TEST(FenRepair, MissingMoveNumberIsSetToOne) {
    const auto parsed = Position::from_fen("4k3/8/8/8/8/8/8/4K3 b - - 12");
    ASSERT_TRUE(parsed.has_value());
    EXPECT_EQ(parsed->repairs.size(), 1u);
    EXPECT_EQ(parsed->position.halfmove_clock(), 12);
    EXPECT_EQ(parsed->position.fullmove_number(), 1);
}

TEST(FenRepair, ClocksAreRead) {
    const Position pos = position_of("4k3/8/8/8/8/8/8/4K3 b - - 37 60");
    EXPECT_EQ(pos.halfmove_clock(), 37);
    EXPECT_EQ(pos.fullmove_number(), 60);
    EXPECT_TRUE(repairs("4k3/8/8/8/8/8/8/4K3 b - - 37 60").empty());
}

// INT_MAX clocks once overflowed on the next moves (UBSan) and printed move -2147483646.
TEST(FenRepair, ClocksBeyondTheLimitAreClampedAndSaidSo) {
    const auto parsed = Position::from_fen("4k3/8/8/8/8/8/8/4K3 b - - 2147483647 2147483647");
    ASSERT_TRUE(parsed.has_value());
    ASSERT_EQ(parsed->repairs.size(), 2u);
    EXPECT_EQ(parsed->repairs[0], reason({.problem = FenProblem::HalfmoveTooLarge,
                                          .number = kMaxFenClock,
                                          .text = "2147483647"}));
    EXPECT_EQ(parsed->repairs[1], reason({.problem = FenProblem::MoveNumberTooLarge,
                                          .number = kMaxFenClock,
                                          .text = "2147483647"}));
    EXPECT_EQ(parsed->position.halfmove_clock(), kMaxFenClock);
    EXPECT_EQ(parsed->position.fullmove_number(), kMaxFenClock);
}

TEST(FenRepair, ClocksBeyondAnIntAreNotNumbers) {
    const auto messages = repairs("4k3/8/8/8/8/8/8/4K3 b - - 99999999999 1");
    ASSERT_EQ(messages.size(), 1u);
    EXPECT_EQ(messages[0],
              reason({.problem = FenProblem::HalfmoveNotNumber, .text = "99999999999"}));
}

TEST(FenFuzz, MutatedFensAreRefusedOrReadBackIdentically) {
    constexpr std::string_view alphabet = "pnbrqkPNBRQK12345678/ wb-KQkqAHah36e0";
    const std::string seeds[] = {
        std::string(StartFen),
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3",
        "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9",
    };
    std::mt19937 rng(3);
    for (int i = 0; i < 20000; ++i) {
        std::string fen = seeds[rng() % 4];
        for (int k = 1 + static_cast<int>(rng() % 3); k > 0; --k)
            fen[rng() % fen.size()] = alphabet[rng() % alphabet.size()];
        for (bool chess960 : {false, true}) {
            const auto parsed = Position::from_fen(fen, FenOptions{chess960});
            if (!parsed) continue;
            const Position& pos = parsed->position;
            const auto again = Position::from_fen(pos.to_fen(), FenOptions{pos.is_chess960()});
            ASSERT_TRUE(again.has_value()) << fen << " -> " << pos.to_fen();
            EXPECT_TRUE(again->repairs.empty()) << fen << " -> " << pos.to_fen();
            EXPECT_TRUE(pos.same_position(again->position)) << fen << " -> " << pos.to_fen();
            EXPECT_EQ(pos.key(), again->position.key()) << fen;
            EXPECT_EQ(pos.to_fen(), again->position.to_fen()) << fen;
        }
    }
}

// drawaudit winnable reads EPD-style lines: four fields are a whole position there.
TEST(FenOptionalClocks, FourFieldsNeedNoRepairWhenClocksAreOptional) {
    const auto parsed =
        Position::from_fen("4k3/8/8/8/8/8/8/4K3 b - -", FenOptions{.clocks_optional = true});
    ASSERT_TRUE(parsed.has_value());
    EXPECT_TRUE(parsed->repairs.empty());
    EXPECT_EQ(parsed->position.halfmove_clock(), 0);
    EXPECT_EQ(parsed->position.fullmove_number(), 1);
}

// Placement and side alone (line 1,473 of dead/d3chess-test-vector.txt): no castling right, no
// en passant, clocks 0 and 1; refused where clocks are required, and one field is never enough.
TEST(FenOptionalClocks, TwoFieldsAreAPositionWithoutRightsWhenClocksAreOptional) {
    const std::string_view fen = "Bb2kb2/bKp1p1p1/1pP1P1P1/pP6/6P1/P7/8/8 b";
    const auto parsed = Position::from_fen(fen, FenOptions{.clocks_optional = true});
    ASSERT_TRUE(parsed.has_value());
    EXPECT_TRUE(parsed->repairs.empty());
    EXPECT_EQ(parsed->position.to_fen(), "Bb2kb2/bKp1p1p1/1pP1P1P1/pP6/6P1/P7/8/8 b - - 0 1");
    EXPECT_FALSE(Position::from_fen(fen).has_value());
    EXPECT_FALSE(Position::from_fen("Bb2kb2/bKp1p1p1/1pP1P1P1/pP6/6P1/P7/8/8",
                                    FenOptions{.clocks_optional = true})
                     .has_value());
}

// Issue 30: winnable --fen once took KQkq without rooks, an impossible en-passant square and
// clocks of -5 or 10^20 without a word; it now reads as the FEN tag does, with the same repairs.
TEST(FenOptionalClocks, EveryOtherRepairIsTheFenTags) {
    for (const std::string_view fen :
         {"4k3/8/8/8/8/8/8/4K3 w KQkq e3 -5 100000000000000000000",
          "4k3/8/8/8/8/8/8/4K3 w KQkq e6 100000000000000000000 -5",
          "r3k3/8/8/3pP3/8/8/8/4K2R w Kq c6 0 1", "4k3/8/8/8/8/8/8/4K3 b - - 2147483647 0"}) {
        const auto tag = Position::from_fen(fen);
        const auto epd = Position::from_fen(
            fen, FenOptions{.allow_unreachable_material = true, .clocks_optional = true});
        ASSERT_TRUE(tag.has_value() && epd.has_value()) << fen;
        ASSERT_FALSE(tag->repairs.empty()) << fen;
        ASSERT_EQ(tag->repairs.size(), epd->repairs.size()) << fen;
        for (std::size_t i = 0; i < tag->repairs.size(); ++i)
            EXPECT_EQ(tag->repairs[i], epd->repairs[i]) << fen;
        EXPECT_EQ(tag->position.to_fen(), epd->position.to_fen()) << fen;
    }
}

TEST(FenOptionalClocks, GivenClocksAreStillCheckedWhenOptional) {
    const auto parsed =
        Position::from_fen("4k3/8/8/8/8/8/8/4K3 b - - -5", FenOptions{.clocks_optional = true});
    ASSERT_TRUE(parsed.has_value());
    ASSERT_EQ(parsed->repairs.size(), 1u);
    EXPECT_EQ(parsed->repairs[0], reason({.problem = FenProblem::HalfmoveNotNumber, .text = "-5"}));
    EXPECT_EQ(parsed->position.halfmove_clock(), 0);
}

TEST(FenRepair, ValidFenNeedsNoRepair) {
    EXPECT_TRUE(repairs(StartFen).empty());
}

}  // namespace
}  // namespace drawaudit::chess
