// FEN, X-FEN and Shredder-FEN reading (with the repairs of RULES.md `fen-repaired`) and writing.
//
// Castling letters: KQkq name the outermost rook on that wing; A-H/a-h name the rook's file
// (X-FEN for inner rooks, Shredder-FEN always). Without FenOptions::chess960 a right is standard
// only with the king on its e-file square and the rook in the corner. A file letter that names a
// real rook on the back rank in any other set-up (e.g. king b1, rook on c1 as "C") can only be
// Chess960, so such a FEN is read as Chess960 even without the option; KQkq with the king off
// the e-file are dropped instead (the common exporter slip of rights left after a king move).
#include <array>
#include <charconv>
#include <string>

#include "chess/attacks.hpp"
#include "chess/position.hpp"

namespace drawaudit::chess {

namespace {

Piece piece_from_char(char c) {
    switch (c) {
        case 'P':
            return WhitePawn;
        case 'N':
            return WhiteKnight;
        case 'B':
            return WhiteBishop;
        case 'R':
            return WhiteRook;
        case 'Q':
            return WhiteQueen;
        case 'K':
            return WhiteKing;
        case 'p':
            return BlackPawn;
        case 'n':
            return BlackKnight;
        case 'b':
            return BlackBishop;
        case 'r':
            return BlackRook;
        case 'q':
            return BlackQueen;
        case 'k':
            return BlackKing;
        default:
            return NoPiece;
    }
}

char piece_char(Piece p) {
    return "PNBRQKpnbrqk"[p];
}

tl::unexpected<FenError> fail(FenReason why) {
    return tl::unexpected(FenError{std::move(why)});
}

bool parse_int(std::string_view text, int& out) {
    if (text.empty()) return false;
    const auto result = std::from_chars(text.data(), text.data() + text.size(), out);
    return result.ec == std::errc{} && result.ptr == text.data() + text.size();
}

}  // namespace

struct PositionBuilder {
    Position pos;
    std::vector<FenRepair> repairs;

    void repair(FenReason what) { repairs.push_back(FenRepair{std::move(what)}); }

    tl::expected<void, FenError> read_placement(std::string_view text) {
        int rank = 7, file = 0;
        for (char c : text) {
            if (c == '/') {
                if (file != 8)
                    return fail(
                        {.problem = FenProblem::RankSquares, .rank = rank + 1, .number = file});
                if (--rank < 0) return fail({.problem = FenProblem::TooManyRanks});
                file = 0;
            } else if (c >= '1' && c <= '8') {
                file += c - '0';
            } else if (piece_from_char(c) != NoPiece) {
                if (file < 8) pos.put_piece(piece_from_char(c), make_square(file, rank));
                ++file;
            } else if (c == '~' && file > 0) {
                // X-FEN/Crazyhouse marks promoted pieces with '~': no meaning here.
            } else {
                return fail({.problem = FenProblem::PlacementCharacter, .letter = c});
            }
            if (file > 8) return fail({.problem = FenProblem::RankOverflow, .rank = rank + 1});
        }
        if (rank != 0) return fail({.problem = FenProblem::RankCount, .number = 8 - rank});
        if (file != 8) return fail({.problem = FenProblem::RankSquares, .rank = 1, .number = file});
        return {};
    }

    tl::expected<void, FenError> check_material(bool allow_unreachable_material) const {
        for (Color c : {Color::White, Color::Black}) {
            const int kings = popcount(pos.pieces(c, PieceType::King));
            if (kings != 1)
                return fail({.problem = FenProblem::KingCount, .colour = c, .number = kings});
            const int pawns = popcount(pos.pieces(c, PieceType::Pawn));
            if (pawns > 8 && !allow_unreachable_material)
                return fail({.problem = FenProblem::PawnCount, .colour = c, .number = pawns});
            if (popcount(pos.pieces(c)) > 16)
                return fail({.problem = FenProblem::PieceCount,
                             .colour = c,
                             .number = popcount(pos.pieces(c))});
            // Pieces beyond the initial set must have been promoted pawns.
            auto extra = [&](PieceType t, int initial) {
                const int n = popcount(pos.pieces(c, t));
                return n > initial ? n - initial : 0;
            };
            const int promoted = extra(PieceType::Queen, 1) + extra(PieceType::Rook, 2) +
                                 extra(PieceType::Bishop, 2) + extra(PieceType::Knight, 2);
            if (promoted > 8 - pawns && !allow_unreachable_material)
                return fail(
                    {.problem = FenProblem::TooManyPromoted, .colour = c, .number = 8 - pawns});
        }
        if (pos.pieces(PieceType::Pawn) & (rank_bb(0) | rank_bb(7)))
            return fail({.problem = FenProblem::PawnOnBackRank});
        return {};
    }

    // The rook square a castling letter of colour `c` names, or NoSquare.
    Square rook_for_letter(Color c, char letter, bool chess960) const {
        const int back_rank = c == Color::White ? 0 : 7;
        const Square king = pos.king_square(c);
        if (rank_of(king) != back_rank) return NoSquare;
        const Piece rook = make_piece(c, PieceType::Rook);
        const char upper = static_cast<char>(letter & ~0x20);
        if (upper == 'K' || upper == 'Q') {
            if (!chess960) {
                const Square corner = make_square(upper == 'K' ? 7 : 0, back_rank);
                return file_of(king) == 4 && pos.piece_on(corner) == rook ? corner : NoSquare;
            }
            // The outermost rook on that wing.
            if (upper == 'K') {
                for (int f = 7; f > file_of(king); --f)
                    if (pos.piece_on(make_square(f, back_rank)) == rook)
                        return make_square(f, back_rank);
            } else {
                for (int f = 0; f < file_of(king); ++f)
                    if (pos.piece_on(make_square(f, back_rank)) == rook)
                        return make_square(f, back_rank);
            }
            return NoSquare;
        }
        const Square square = make_square(upper - 'A', back_rank);
        if (pos.piece_on(square) != rook) return NoSquare;
        if (!chess960 && !(file_of(king) == 4 && (file_of(square) == 0 || file_of(square) == 7)))
            return NoSquare;
        return square;
    }

    // Why the castling letter of colour `c` names no right: which piece is not where it must be.
    FenReason missing_piece(Color c, char letter, bool chess960) const {
        const int back_rank = c == Color::White ? 0 : 7;
        const Square king = pos.king_square(c);
        FenReason why{.colour = c, .letter = letter};
        const char upper = static_cast<char>(letter & ~0x20);
        if (rank_of(king) != back_rank) {
            why.problem = FenProblem::CastlingKingOffRank;
        } else if (chess960 || (upper != 'K' && upper != 'Q')) {
            why.problem = FenProblem::CastlingNoRookOnRank;
        } else if (file_of(king) != 4) {
            why.problem = FenProblem::CastlingKingOffSquare;
            why.square = make_square(4, back_rank);
        } else {
            why.problem = FenProblem::CastlingNoRookOn;
            why.square = make_square(upper == 'K' ? 7 : 0, back_rank);
        }
        return why;
    }

    // Whether any file letter only makes sense as a Chess960 right.
    bool letters_demand_chess960(std::string_view text) const {
        for (char letter : text) {
            const char upper = static_cast<char>(letter & ~0x20);
            if (upper < 'A' || upper > 'H') continue;
            const Color c = letter == upper ? Color::White : Color::Black;
            if (rook_for_letter(c, letter, true) != NoSquare &&
                rook_for_letter(c, letter, false) == NoSquare)
                return true;
        }
        return false;
    }

    tl::expected<void, FenError> read_castling(std::string_view text, bool chess960) {
        pos.chess960_ = chess960;
        if (text == "-") return {};
        for (char letter : text) {
            const char upper = static_cast<char>(letter & ~0x20);
            if (!(upper == 'K' || upper == 'Q' || (upper >= 'A' && upper <= 'H')) ||
                !((letter >= 'A' && letter <= 'Z') || (letter >= 'a' && letter <= 'z')))
                return fail({.problem = FenProblem::CastlingCharacter, .letter = letter});
        }
        for (char letter : text) {
            const char upper = static_cast<char>(letter & ~0x20);
            const Color c = letter == upper ? Color::White : Color::Black;
            const Square rook = rook_for_letter(c, letter, chess960);
            if (rook == NoSquare) {
                repair(missing_piece(c, letter, chess960));
                continue;
            }
            const int wing = file_of(rook) > file_of(pos.king_square(c)) ? 0 : 1;
            Square& slot = pos.castling_.rook[index_of(c)][wing];
            if (slot == rook) continue;  // the same right written twice
            if (slot != NoSquare) {
                repair({.problem = FenProblem::CastlingWingTaken,
                        .colour = c,
                        .letter = letter,
                        .square = slot});
                continue;
            }
            slot = rook;
        }
        return {};
    }

    tl::expected<void, FenError> read_en_passant(std::string_view text) {
        if (text == "-") return {};
        if (text.size() != 2 || text[0] < 'a' || text[0] > 'h' || text[1] < '1' || text[1] > '8')
            return fail({.problem = FenProblem::EnPassantField, .text = std::string(text)});
        const Square ep = make_square(text[0] - 'a', text[1] - '1');
        const Color us = pos.side_;
        const int up = us == Color::White ? 8 : -8;
        // The square a double push of the other side passed: on our 6th rank, empty, the pawn
        // just in front of it (from our side) and its start square empty.
        FenReason why{.colour = ~us, .square = ep};
        if (relative_rank(us, ep) != 5) {
            why.problem = FenProblem::EnPassantRank;
        } else if (pos.piece_on(static_cast<Square>(ep - up)) != make_piece(~us, PieceType::Pawn)) {
            why.problem = FenProblem::EnPassantNoPawn;
            why.other = static_cast<Square>(ep - up);
        } else if (pos.piece_on(ep) != NoPiece ||
                   pos.piece_on(static_cast<Square>(ep + up)) != NoPiece) {
            why.problem = FenProblem::EnPassantPathOccupied;
        } else {
            pos.ep_square_ = ep;
            return {};
        }
        repair(std::move(why));
        return {};
    }

    void read_clocks(std::string_view halfmove, std::string_view fullmove, int fields,
                     bool clocks_optional) {
        if (fields < 6 && !clocks_optional) {
            repair({.problem =
                        fields == 4 ? FenProblem::ClocksMissing : FenProblem::MoveNumberMissing});
        }
        if (fields >= 5) {
            int value = 0;
            if (!parse_int(halfmove, value) || value < 0) {
                repair({.problem = FenProblem::HalfmoveNotNumber, .text = std::string(halfmove)});
            } else if (value > kMaxFenClock) {
                repair({.problem = FenProblem::HalfmoveTooLarge,
                        .number = kMaxFenClock,
                        .text = std::string(halfmove)});
                pos.halfmove_clock_ = kMaxFenClock;
            } else {
                pos.halfmove_clock_ = value;
            }
        }
        if (fields >= 6) {
            int value = 0;
            if (!parse_int(fullmove, value) || value < 1) {
                repair(
                    {.problem = FenProblem::MoveNumberNotPositive, .text = std::string(fullmove)});
            } else if (value > kMaxFenClock) {
                repair({.problem = FenProblem::MoveNumberTooLarge,
                        .number = kMaxFenClock,
                        .text = std::string(fullmove)});
                pos.fullmove_number_ = kMaxFenClock;
            } else {
                pos.fullmove_number_ = value;
            }
        }
    }
};

namespace {
constexpr std::array<std::string_view, FenProblemCount> fen_problem_ids = {
    "too-many-fields",
    "too-few-fields",
    "rank-squares",
    "rank-overflow",
    "too-many-ranks",
    "rank-count",
    "placement-character",
    "king-count",
    "pawn-count",
    "piece-count",
    "too-many-promoted",
    "pawn-on-back-rank",
    "side-to-move",
    "castling-character",
    "en-passant-field",
    "side-not-to-move-in-check",
    "castling-king-off-rank",
    "castling-no-rook-on-rank",
    "castling-king-off-square",
    "castling-no-rook-on",
    "castling-wing-taken",
    "en-passant-rank",
    "en-passant-no-pawn",
    "en-passant-path-occupied",
    "clocks-missing",
    "move-number-missing",
    "halfmove-not-number",
    "halfmove-too-large",
    "move-number-not-positive",
    "move-number-too-large",
};
static_assert(static_cast<int>(FenProblem::MoveNumberTooLarge) + 1 == FenProblemCount);
}  // namespace

std::string_view fen_problem_id(FenProblem problem) {
    return fen_problem_ids[static_cast<std::size_t>(problem)];
}

tl::expected<ParsedFen, FenError> Position::from_fen(std::string_view fen, FenOptions options) {
    std::array<std::string_view, 6> fields{};
    int count = 0;
    std::size_t i = 0;
    while (i < fen.size()) {
        while (i < fen.size() && (fen[i] == ' ' || fen[i] == '\t')) ++i;
        if (i >= fen.size()) break;
        const std::size_t start = i;
        while (i < fen.size() && fen[i] != ' ' && fen[i] != '\t') ++i;
        if (count == 6) return fail({.problem = FenProblem::TooManyFields});
        fields[static_cast<std::size_t>(count++)] = fen.substr(start, i - start);
    }
    // EPD-style lines may stop after the side to move: no castling right, no en passant.
    if (count == 2 && options.clocks_optional) {
        fields[2] = "-";
        fields[3] = "-";
    } else if (count < 4) {
        return fail({.problem = FenProblem::TooFewFields, .number = count});
    }

    PositionBuilder builder;
    Position& pos = builder.pos;
    if (auto r = builder.read_placement(fields[0]); !r) return tl::unexpected(r.error());
    if (auto r = builder.check_material(options.allow_unreachable_material); !r)
        return tl::unexpected(r.error());

    if (fields[1] == "w" || fields[1] == "W")
        pos.side_ = Color::White;
    else if (fields[1] == "b" || fields[1] == "B")
        pos.side_ = Color::Black;
    else
        return fail({.problem = FenProblem::SideToMove, .text = std::string(fields[1])});

    const bool chess960 = options.chess960 || builder.letters_demand_chess960(fields[2]);
    if (auto r = builder.read_castling(fields[2], chess960); !r) return tl::unexpected(r.error());
    if (auto r = builder.read_en_passant(fields[3]); !r) return tl::unexpected(r.error());
    builder.read_clocks(fields[4], fields[5], count, options.clocks_optional);

    const Color them = ~pos.side_;
    if (pos.attackers_to(pos.king_square(them)) & pos.pieces(pos.side_))
        return fail({.problem = FenProblem::SideNotToMoveInCheck, .colour = them});
    pos.checkers_ = pos.attackers_to(pos.king_square(pos.side_)) & pos.pieces(them);
    pos.update_castling_squares();
    pos.ep_legal_ = false;
    pos.update_en_passant_legality();
    pos.key_ = pos.compute_key();
    return ParsedFen{pos, std::move(builder.repairs)};
}

namespace {

// A FEN being written: a fixed buffer rather than a growing string (findings write one each).
struct FenText {
    char data[128];  // the longest FEN: 71 placement bytes, 4 castling letters, two clocks
    std::size_t size = 0;
    void put(char c) {
        if (size < sizeof data) data[size++] = c;  // never full: a FEN has at most ~100 bytes
    }
    void put_number(int value) {
        size = static_cast<std::size_t>(std::to_chars(data + size, data + sizeof data, value).ptr -
                                        data);
    }
    std::string str() const { return std::string(data, size); }
};

void write_castling(FenText& out, const Position& pos) {
    const CastlingRights& rights = pos.castling_rights();
    const std::size_t before = out.size;
    for (Color c : {Color::White, Color::Black}) {
        const Piece rook = make_piece(c, PieceType::Rook);
        for (int wing = 0; wing < 2; ++wing) {
            const Square square = rights.rook[index_of(c)][wing];
            if (square == NoSquare) continue;
            // X-FEN: K/Q when no other own rook stands further out on that wing.
            bool outermost = true;
            if (pos.is_chess960()) {
                const int step = wing == 0 ? 1 : -1;
                for (int f = file_of(square) + step; f >= 0 && f <= 7; f += step)
                    if (pos.piece_on(make_square(f, rank_of(square))) == rook) outermost = false;
            }
            char letter =
                outermost ? (wing == 0 ? 'K' : 'Q') : static_cast<char>('A' + file_of(square));
            if (c == Color::Black) letter = static_cast<char>(letter | 0x20);
            out.put(letter);
        }
    }
    if (out.size == before) out.put('-');
}

// The first four FEN fields: placement, side, castling, legal en passant.
void write_position_fen(FenText& out, const Position& pos) {
    for (int rank = 7; rank >= 0; --rank) {
        char empty = 0;
        for (int file = 0; file < 8; ++file) {
            const Piece p = pos.piece_on(make_square(file, rank));
            if (p == NoPiece) {
                ++empty;
                continue;
            }
            if (empty) out.put(static_cast<char>('0' + empty));
            empty = 0;
            out.put(piece_char(p));
        }
        if (empty) out.put(static_cast<char>('0' + empty));
        if (rank) out.put('/');
    }
    out.put(' ');
    out.put(pos.side_to_move() == Color::White ? 'w' : 'b');
    out.put(' ');
    write_castling(out, pos);
    out.put(' ');
    if (pos.has_legal_en_passant()) {
        out.put(static_cast<char>('a' + file_of(pos.double_push_square())));
        out.put(static_cast<char>('1' + rank_of(pos.double_push_square())));
    } else {
        out.put('-');
    }
}

}  // namespace

std::string Position::to_position_fen() const {
    FenText out;
    write_position_fen(out, *this);
    return out.str();
}

std::string Position::to_fen() const {
    FenText out;
    write_position_fen(out, *this);
    out.put(' ');
    out.put_number(halfmove_clock_);
    out.put(' ');
    out.put_number(fullmove_number_);
    return out.str();
}

}  // namespace drawaudit::chess
