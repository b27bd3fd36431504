// libFuzzer target: FEN reading on arbitrary bytes (the first byte: Chess960 or not). A position
// it accepts must write a FEN that reads back to the same FEN, have legal moves that all write as
// SAN and resolve back to themselves, and survive every move made (UBSan catches clock overflow).
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

#include "chess/position.hpp"
#include "chess/san.hpp"

using namespace drawaudit;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    if (size < 1) return 0;
    const bool chess960 = (data[0] & 1) != 0;
    const std::string fen(reinterpret_cast<const char*>(data + 1), size - 1);
    auto parsed = chess::Position::from_fen(fen, chess::FenOptions{chess960});
    if (!parsed) return 0;
    const chess::Position& pos = parsed->position;
    const std::string written = pos.to_fen();
    auto again = chess::Position::from_fen(written, chess::FenOptions{pos.is_chess960()});
    if (!again || again->position.to_fen() != written) __builtin_trap();
    chess::MoveList moves;
    pos.generate_legal(moves);
    for (const chess::Move m : moves) {
        char san[chess::MaxSanLength + 4];
        const std::size_t n = chess::write_san(pos, m, san);
        if (n == 0 || n > chess::MaxSanLength) __builtin_trap();
        auto back = chess::parse_san(pos, std::string_view(san, n));
        if (!back || *back != m) __builtin_trap();
        chess::Position after = pos;
        after.make_move(m);
        (void)after.to_fen();
    }
    return 0;
}
