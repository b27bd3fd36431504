// The short paths of parse_san and make_move against brute force: in positions reached by
// random playouts (checks, pins and en passant included), every spelling the SAN short path
// handles resolves exactly as the list of legal moves says, and the checkers make_move derives
// from the move alone equal a full attack scan.
#include <gtest/gtest.h>

#include <cstdint>
#include <string>
#include <vector>

#include "chess/attacks.hpp"
#include "chess/position.hpp"
#include "chess/san.hpp"
#include "chess_test_helpers.hpp"

namespace drawaudit::chess {
namespace {

std::string square_name(Square s) {
    return {static_cast<char>('a' + file_of(s)), static_cast<char>('1' + rank_of(s))};
}

// The legal moves a SAN text of the short-path shapes names: piece `type` ('P' pawn) to `to`,
// from-mask, capture or not (pawns only: captures and pushes are different spellings).
std::vector<Move> matches(const Position& pos, const MoveList& list, PieceType type, Square to,
                          Bitboard from_mask, bool pawn_capture) {
    std::vector<Move> out;
    for (Move m : list) {
        if (m.kind() != MoveKind::Normal || m.to() != to) continue;
        if (pos.moved_piece_type(m) != type || !(bb(m.from()) & from_mask)) continue;
        if (type == PieceType::Pawn && (file_of(m.from()) != file_of(to)) != pawn_capture) continue;
        out.push_back(m);
    }
    return out;
}

void expect_resolves(const Position& pos, const std::string& san, const std::vector<Move>& want) {
    for (const std::string& text : {san, san + "+", san + "#"}) {
        const auto got = parse_san(pos, text);
        if (want.size() == 1) {
            ASSERT_TRUE(got.has_value()) << text << " in " << pos.to_fen();
            EXPECT_EQ(got->raw(), want[0].raw()) << text << " in " << pos.to_fen();
        } else {
            EXPECT_FALSE(got.has_value()) << text << " in " << pos.to_fen();
        }
    }
}

// Every target square of a legal move, and every eighth other square (the refusals).
void check_every_short_spelling(const Position& pos, int ply) {
    MoveList list;
    pos.generate_legal(list);
    Bitboard squares = 0;
    for (Move m : list) squares |= bb(m.to());
    for (int s = ply % 8; s < 64; s += 8) squares |= bb(static_cast<Square>(s));
    const Color us = pos.side_to_move();
    constexpr PieceType pieces[] = {PieceType::Knight, PieceType::Bishop, PieceType::Rook,
                                    PieceType::Queen, PieceType::King};
    while (squares) {
        const Square to = pop_lsb(squares);
        const std::string sq = square_name(to);
        const int rel = relative_rank(us, to);
        // Pawn push and captures (not to the last rank: promotions are not short-path shapes).
        if (rel < 7) {
            expect_resolves(pos, sq, matches(pos, list, PieceType::Pawn, to, ~Bitboard{0}, false));
            for (int df : {-1, 1}) {
                const int f = file_of(to) + df;
                if (f < 0 || f > 7) continue;
                std::string text = std::string(1, static_cast<char>('a' + f)) + "x" + sq;
                // A capture on an empty square is en passant (not a Normal move): skip those.
                if (!(pos.pieces(~us) & bb(to))) continue;
                expect_resolves(pos, text,
                                matches(pos, list, PieceType::Pawn, to, file_bb(f), true));
            }
        }
        for (PieceType t : pieces) {
            const std::string letter(1, "PNBRQK"[index_of(t)]);
            // Own piece on the target: castling as king-takes-rook aside, nothing matches.
            if (t == PieceType::King && pos.piece_on(to) == make_piece(us, PieceType::Rook))
                continue;
            if (t == PieceType::King && !pos.is_chess960() && file_of(pos.king_square(us)) == 4 &&
                rank_of(to) == rank_of(pos.king_square(us)) &&
                (file_of(to) == 6 || file_of(to) == 2))
                continue;  // "Kg1" is read as castling
            const auto all = matches(pos, list, t, to, ~Bitboard{0}, false);
            expect_resolves(pos, letter + sq, all);
            expect_resolves(pos, letter + "x" + sq, all);
            for (int f = 0; f < 8; ++f) {
                const std::string d(1, static_cast<char>('a' + f));
                expect_resolves(pos, letter + d + sq, matches(pos, list, t, to, file_bb(f), false));
            }
            for (int r = 0; r < 8; ++r) {
                const std::string d(1, static_cast<char>('1' + r));
                expect_resolves(pos, letter + d + "x" + sq,
                                matches(pos, list, t, to, rank_bb(r), false));
            }
            for (Bitboard froms = pos.pieces(us, t); froms;) {
                const Square from = pop_lsb(froms);
                expect_resolves(pos, letter + square_name(from) + sq,
                                matches(pos, list, t, to, bb(from), false));
            }
        }
    }
    for (int wing = 0; wing < 2; ++wing) {
        std::vector<Move> want;
        for (Move m : list)
            if (m.kind() == MoveKind::Castling && ((m.to() > m.from()) == (wing == 0)))
                want.push_back(m);
        expect_resolves(pos, wing == 0 ? "O-O" : "O-O-O", want);
    }
}

Bitboard full_checkers(const Position& pos) {
    return pos.attackers_to(pos.king_square(pos.side_to_move())) & pos.pieces(~pos.side_to_move());
}

TEST(FastPaths, ShortSanAndIncrementalCheckersAgreeWithBruteForce) {
    std::uint64_t state = 0x243F6A8885A308D3ULL;
    auto next = [&state] {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        return state;
    };
    int positions = 0;
    const std::vector<std::string> starts = {
        std::string(StartFen),
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
        "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
        "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
    };
    for (const std::string& fen : starts) {
        for (int game = 0; game < 2; ++game) {
            Position pos = test::position_of(fen);
            for (int ply = 0; ply < 100; ++ply) {
                check_every_short_spelling(pos, ply);
                ++positions;
                MoveList list;
                pos.generate_legal(list);
                if (list.empty()) break;
                const Move m =
                    list[static_cast<int>(next() % static_cast<std::uint64_t>(list.size()))];
                Position after = pos;
                after.make_move(m);
                ASSERT_EQ(after.checkers(), full_checkers(after))
                    << pos.to_fen() << " " << to_uci(pos, m);
                pos = after;
            }
            if (HasFatalFailure()) return;
        }
    }
    EXPECT_GT(positions, 800);
}

}  // namespace
}  // namespace drawaudit::chess
