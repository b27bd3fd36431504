// libFuzzer target: SAN resolution of arbitrary tokens in a few positions chosen by the first byte
// (start, castling both ways, en passant, promotions, Chess960). A token it resolves must be a
// legal move, and play_san must agree with parse_san then make_move.
#include <array>
#include <cstddef>
#include <cstdint>
#include <string_view>

#include "chess/position.hpp"
#include "chess/san.hpp"

using namespace drawaudit;

namespace {
const std::array<std::pair<const char*, bool>, 6> kPositions = {{
    {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", false},
    {"r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1", false},
    {"rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3", false},
    {"n1n5/PPPk4/8/8/8/8/4Kppp/5N1N b - - 0 1", false},
    {"bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9", true},
    {"8/8/8/8/8/8/6k1/4K2R w K - 99 120", false},
}};
}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    if (size < 1) return 0;
    const auto& [fen, chess960] = kPositions[data[0] % kPositions.size()];
    const chess::Position pos =
        chess::Position::from_fen(fen, chess::FenOptions{chess960})->position;
    const std::string_view san(reinterpret_cast<const char*>(data + 1), size - 1);
    auto move = chess::parse_san(pos, san);
    if (!move) return 0;
    if (!pos.is_legal(*move)) __builtin_trap();
    chess::Position after = pos;
    after.make_move(*move);
    chess::Position played = pos;
    if (!chess::play_san(pos, san, played) || played.to_fen() != after.to_fen()) __builtin_trap();
    return 0;
}
