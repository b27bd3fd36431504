// Perft node counts of the chess programming wiki positions and of Chess960 positions (the
// counts agree with Stockfish). Depths keep the sanitizer build fast; deeper runs are in
// scripts/bench.sh perft.
#include <gtest/gtest.h>

#include "chess/perft.hpp"
#include "chess/san.hpp"
#include "chess_test_helpers.hpp"

namespace drawaudit::chess {
namespace {

using test::position_of;

constexpr std::string_view Kiwipete =
    "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";
constexpr std::string_view Position3 = "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1";
constexpr std::string_view Position4 =
    "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1";
constexpr std::string_view Position4Mirrored =
    "r2q1rk1/pP1p2pp/Q4n2/bbp1p3/Np6/1B3NBn/pPPP1PPP/R3K2R b KQ - 0 1";
constexpr std::string_view Position5 = "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8";
constexpr std::string_view Position6 =
    "r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10";

std::uint64_t perft_of(std::string_view fen, int depth, bool chess960 = false) {
    return perft(position_of(fen, chess960), depth);
}

TEST(Perft, StartPositionMatchesKnownCountsToDepth5) {
    EXPECT_EQ(perft_of(StartFen, 1), 20u);
    EXPECT_EQ(perft_of(StartFen, 2), 400u);
    EXPECT_EQ(perft_of(StartFen, 3), 8902u);
    EXPECT_EQ(perft_of(StartFen, 4), 197281u);
    EXPECT_EQ(perft_of(StartFen, 5), 4865609u);
}

TEST(Perft, KiwipeteMatchesKnownCountsToDepth4) {
    EXPECT_EQ(perft_of(Kiwipete, 1), 48u);
    EXPECT_EQ(perft_of(Kiwipete, 2), 2039u);
    EXPECT_EQ(perft_of(Kiwipete, 3), 97862u);
    EXPECT_EQ(perft_of(Kiwipete, 4), 4085603u);
}

TEST(Perft, Position3WithEnPassantRankPinsMatchesKnownCountsToDepth5) {
    EXPECT_EQ(perft_of(Position3, 1), 14u);
    EXPECT_EQ(perft_of(Position3, 2), 191u);
    EXPECT_EQ(perft_of(Position3, 3), 2812u);
    EXPECT_EQ(perft_of(Position3, 4), 43238u);
    EXPECT_EQ(perft_of(Position3, 5), 674624u);
}

TEST(Perft, Position4MatchesKnownCountsToDepth5) {
    EXPECT_EQ(perft_of(Position4, 1), 6u);
    EXPECT_EQ(perft_of(Position4, 2), 264u);
    EXPECT_EQ(perft_of(Position4, 3), 9467u);
    EXPECT_EQ(perft_of(Position4, 4), 422333u);
    EXPECT_EQ(perft_of(Position4, 5), 15833292u);
}

TEST(Perft, Position4MirroredGivesTheSameCounts) {
    EXPECT_EQ(perft_of(Position4Mirrored, 1), 6u);
    EXPECT_EQ(perft_of(Position4Mirrored, 2), 264u);
    EXPECT_EQ(perft_of(Position4Mirrored, 3), 9467u);
    EXPECT_EQ(perft_of(Position4Mirrored, 4), 422333u);
}

TEST(Perft, Position5MatchesKnownCountsToDepth4) {
    EXPECT_EQ(perft_of(Position5, 1), 44u);
    EXPECT_EQ(perft_of(Position5, 2), 1486u);
    EXPECT_EQ(perft_of(Position5, 3), 62379u);
    EXPECT_EQ(perft_of(Position5, 4), 2103487u);
}

TEST(Perft, Position6MatchesKnownCountsToDepth4) {
    EXPECT_EQ(perft_of(Position6, 1), 46u);
    EXPECT_EQ(perft_of(Position6, 2), 2079u);
    EXPECT_EQ(perft_of(Position6, 3), 89890u);
    EXPECT_EQ(perft_of(Position6, 4), 3894594u);
}

TEST(Perft, DepthZeroCountsTheRootOnly) {
    EXPECT_EQ(perft_of(StartFen, 0), 1u);
}

struct Chess960Case {
    std::string_view fen;
    std::uint64_t counts[4];  // depths 1..4
};

// Chess960 positions of the chess programming wiki (Shredder-FEN castling).
constexpr Chess960Case Chess960Cases[] = {
    {"bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9", {21, 528, 12189, 326672}},
    {"2nnrbkr/p1qppppp/8/1ppb4/6PP/3PP3/PPP2P2/BQNNRBKR w HEhe - 1 9", {21, 807, 18002, 667366}},
    {"b1q1rrkb/pppppppp/3nn3/8/P7/1PPP4/4PPPP/BQNNRKRB w GE - 1 9", {20, 479, 10471, 273318}},
    {"qbbnnrkr/2pp2pp/p7/1p2pp2/8/P3PP2/1PPP1KPP/QBBNNR1R w hf - 0 9", {22, 593, 13440, 382958}},
    {"1nbbnrkr/p1p1ppp1/3p4/1p3P1p/3Pq2P/8/PPP1P1P1/QNBBNRKR w HFhf - 0 9",
     {28, 1120, 31058, 1171749}},
    {"qnbnr1kr/ppp1b1pp/4p3/3p1p2/8/2NPP3/PPP1BPPP/QNB1R1KR w HEhe - 1 9",
     {29, 899, 26578, 824055}},
};

TEST(Perft, Chess960PositionsMatchKnownCountsToDepth4) {
    for (const Chess960Case& c : Chess960Cases)
        for (int depth = 1; depth <= 4; ++depth)
            EXPECT_EQ(perft_of(c.fen, depth, true), c.counts[depth - 1])
                << c.fen << " depth " << depth;
}

TEST(Perft, DivideSumsToPerftAndNamesEveryRootMove) {
    const Position pos = position_of(Kiwipete);
    const auto divided = perft_divide(pos, 3);
    EXPECT_EQ(divided.size(), 48u);
    std::uint64_t total = 0;
    for (const auto& [move, nodes] : divided) total += nodes;
    EXPECT_EQ(total, 97862u);
}

TEST(Perft, DivideNamesStandardCastlingAsKingToGFile) {
    const Position pos = position_of(Kiwipete);
    bool found = false;
    for (const auto& [move, nodes] : perft_divide(pos, 1))
        if (to_uci(pos, move) == "e1g1") found = true;
    EXPECT_TRUE(found);
}

}  // namespace
}  // namespace drawaudit::chess
