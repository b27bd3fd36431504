#include "report/board_svg.hpp"

#include <array>
#include <cmath>

#include "report/escape.hpp"

namespace drawaudit::report {
namespace {

constexpr int cell = 40;    // one square, in SVG units
constexpr int margin = 16;  // room for the coordinates
constexpr int size = margin + 8 * cell;

// The board field of a FEN as 64 characters (' ' for empty), index a1 = 0; false if malformed.
bool read_board(std::string_view fen, std::array<char, 64>& board) {
    board.fill(' ');
    const std::string_view field = fen.substr(0, fen.find(' '));
    int rank = 7, file = 0;
    for (const char c : field) {
        if (c == '/') {
            if (file != 8 || rank == 0) return false;
            --rank;
            file = 0;
        } else if (c >= '1' && c <= '8') {
            file += c - '0';
            if (file > 8) return false;
        } else if (std::string_view("pnbrqkPNBRQK").find(c) != std::string_view::npos) {
            if (file >= 8) return false;
            board[static_cast<std::size_t>(rank * 8 + file)] = c;
            ++file;
        } else {
            return false;
        }
    }
    return rank == 0 && file == 8;
}

// The filled glyphs (U+265A..U+265F) for both colours: the colour is the fill, not the glyph,
// so that both sets have the same shape and weight.
std::string_view glyph(char piece) {
    switch (piece | 0x20) {
        case 'k':
            return "\u265A";
        case 'q':
            return "\u265B";
        case 'r':
            return "\u265C";
        case 'b':
            return "\u265D";
        case 'n':
            return "\u265E";
        default:
            return "\u265F";
    }
}

// The centre of a square on the drawing (white at the bottom).
std::pair<double, double> centre(int square) {
    const int file = square % 8, rank = square / 8;
    return {margin + file * cell + cell / 2.0, (7 - rank) * cell + cell / 2.0};
}

void append_arrow(fmt::memory_buffer& out, BoardArrow arrow) {
    if (arrow.from < 0 || arrow.from > 63 || arrow.to < 0 || arrow.to > 63 ||
        arrow.from == arrow.to)
        return;
    const auto [x1, y1] = centre(arrow.from);
    const auto [x2, y2] = centre(arrow.to);
    const double dx = x2 - x1, dy = y2 - y1, length = std::hypot(dx, dy);
    const double ux = dx / length, uy = dy / length;
    const double head = 14, half = 8;
    const double bx = x2 - ux * head, by = y2 - uy * head;  // the base of the head
    fmt::format_to(std::back_inserter(out),
                   "<g class=\"arrow\"><line x1=\"{:.1f}\" y1=\"{:.1f}\" x2=\"{:.1f}\" "
                   "y2=\"{:.1f}\"/><polygon points=\"{:.1f},{:.1f} {:.1f},{:.1f} {:.1f},{:.1f}\"/>"
                   "</g>",
                   x1, y1, bx, by, x2, y2, bx - uy * half, by + ux * half, bx + uy * half,
                   by - ux * half);
}

}  // namespace

int square_from_name(std::string_view name) {
    if (name.size() != 2 || name[0] < 'a' || name[0] > 'h' || name[1] < '1' || name[1] > '8')
        return -1;
    return (name[1] - '1') * 8 + (name[0] - 'a');
}

void append_board_svg(fmt::memory_buffer& out, std::string_view fen,
                      std::span<const BoardArrow> arrows) {
    std::array<char, 64> board{};
    const bool readable = read_board(fen, board);
    if (!readable) board.fill(' ');
    fmt::format_to(
        std::back_inserter(out),
        "<svg class=\"board\" xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 {} {}\" "
        "role=\"img\" aria-label=\"FEN: ",
        size, size);
    append_html(out, fen);
    append(out, "\"><title>FEN: ");
    append_html(out, fen);
    append(out, "</title>");
    // Light squares are the background; the dark ones one path.
    fmt::format_to(std::back_inserter(out),
                   "<rect class=\"light\" x=\"{}\" y=\"0\" width=\"{}\" height=\"{}\"/>"
                   "<path class=\"dark\" d=\"",
                   margin, 8 * cell, 8 * cell);
    for (int rank = 0; rank < 8; ++rank) {
        for (int file = 0; file < 8; ++file) {
            if ((file + rank) % 2 != 0) continue;  // a1 is dark
            fmt::format_to(std::back_inserter(out), "M{} {}h{}v{}h-{}z", margin + file * cell,
                           (7 - rank) * cell, cell, cell, cell);
        }
    }
    append(out, "\"/>");
    fmt::format_to(std::back_inserter(out),
                   "<rect class=\"frame\" x=\"{}\" y=\"0\" width=\"{}\" height=\"{}\"/>", margin,
                   8 * cell, 8 * cell);
    // Coordinates: files below, ranks on the left.
    for (int i = 0; i < 8; ++i) {
        fmt::format_to(std::back_inserter(out),
                       "<text class=\"coord\" x=\"{}\" y=\"{}\">{}</text>"
                       "<text class=\"coord\" x=\"{}\" y=\"{}\">{}</text>",
                       margin + i * cell + cell / 2, 8 * cell + 12, static_cast<char>('a' + i),
                       margin / 2, (7 - i) * cell + cell / 2 + 4, static_cast<char>('1' + i));
    }
    for (int square = 0; square < 64; ++square) {
        const char piece = board[static_cast<std::size_t>(square)];
        if (piece == ' ') continue;
        const auto [x, y] = centre(square);
        const bool white = piece >= 'A' && piece <= 'Z';
        fmt::format_to(std::back_inserter(out),
                       "<text class=\"{}\" x=\"{:.0f}\" y=\"{:.0f}\">{}</text>",
                       white ? "pw" : "pb", x, y + 13, glyph(piece));
    }
    for (const BoardArrow& arrow : arrows) append_arrow(out, arrow);
    append(out, "</svg>");
}

}  // namespace drawaudit::report
