#include <gtest/gtest.h>

#include "chess/perft.hpp"
#include "chess/position.hpp"

namespace drawaudit::chess {
namespace {

std::uint64_t perft_of(std::string_view fen, int depth, bool chess960 = false) {
    auto parsed = Position::from_fen(fen, FenOptions{chess960});
    EXPECT_TRUE(parsed.has_value()) << fen;
    if (!parsed) return 0;
    return perft(parsed->position, depth);
}

TEST(Perft, StartPositionToDepth4) {
    EXPECT_EQ(perft_of(StartFen, 1), 20u);
    EXPECT_EQ(perft_of(StartFen, 2), 400u);
    EXPECT_EQ(perft_of(StartFen, 3), 8902u);
    EXPECT_EQ(perft_of(StartFen, 4), 197281u);
}

}  // namespace
}  // namespace drawaudit::chess
