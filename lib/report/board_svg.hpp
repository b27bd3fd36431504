// A chess board drawn from a FEN as inline SVG (the HTML report's boards): squares in two greys,
// pieces as Unicode chess glyphs (white pieces outlined, black ones filled, so that the board
// reads the same printed in black and white), coordinates, and arrows for moves. The FEN is the
// board's text alternative (its <title> and aria-label).
#pragma once

#include <span>
#include <string_view>

#include <fmt/format.h>

namespace drawaudit::report {

// Squares 0..63: a1 = 0, b1 = 1, ..., h8 = 63 (as lib/chess numbers them).
struct BoardArrow {
    int from = 0;
    int to = 0;
};

// Appends <svg ...>...</svg>. A FEN whose board field cannot be read gives an empty board (the
// FEN still stands as its text alternative). Every input string is escaped.
void append_board_svg(fmt::memory_buffer& out, std::string_view fen,
                      std::span<const BoardArrow> arrows = {});

// The square of a coordinate such as "e4", or -1.
int square_from_name(std::string_view name);

}  // namespace drawaudit::report
