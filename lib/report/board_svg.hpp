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

// The style rules of the boards append_board_svg draws (squares, pieces, coordinates, arrows)
// and of the FEN beneath them: one sheet for every page that shows boards.
inline constexpr std::string_view board_css =
    R"css(.board .light{fill:#fff}.board .dark{fill:#b9b9b9}.board .frame{fill:none;stroke:#111;stroke-width:1.5}
.board .coord{font-size:11px;text-anchor:middle;fill:#111}
.board .pw,.board .pb{font-family:"DejaVu Sans",sans-serif;font-size:36px;text-anchor:middle}
.board .pw{fill:#fff;stroke:#000;stroke-width:1.4}.board .pb{fill:#000;stroke:#000;stroke-width:.6}
.board .arrow line{stroke:#1f4e9c;stroke-width:6;stroke-opacity:.85;stroke-dasharray:10 4}.board .arrow polygon{fill:#1f4e9c;stroke:#fff;stroke-width:1}
.fen{font-family:"DejaVu Sans Mono",monospace;font-size:.8em;word-break:break-all;color:#333}
)css";

// The square of a coordinate such as "e4", or -1.
int square_from_name(std::string_view name);

}  // namespace drawaudit::report
