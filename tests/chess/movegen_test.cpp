// Legal move generation: check, pins, en passant, castling (standard and Chess960), mate and
// stalemate, is_legal.
#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <random>

#include "chess/position.hpp"
#include "chess/san.hpp"
#include "chess_test_helpers.hpp"

namespace drawaudit::chess {
namespace {

using test::play;
using test::position_of;

bool generates(const Position& pos, Move m) {
    MoveList moves;
    pos.generate_legal(moves);
    return std::find(moves.begin(), moves.end(), m) != moves.end();
}

int move_count(const Position& pos) {
    MoveList moves;
    pos.generate_legal(moves);
    EXPECT_EQ(moves.size(), pos.count_legal_moves());
    EXPECT_EQ(moves.empty(), !pos.has_legal_move());
    return moves.size();
}

TEST(MoveGeneration, StartPositionHasTwentyMoves) {
    EXPECT_EQ(move_count(Position::startpos()), 20);
}

TEST(MoveGeneration, FifteenQueensOfAComposedPositionHaveMoreThan218MovesAndFitTheList) {
    // No game reaches this (15 queens), but the unwinnability analysis reads such positions:
    // 218, the maximum of reachable positions, does not bound them (see MaxMoves).
    auto parsed = Position::from_fen("Q4Qbk/3Q2pp/1Q4Q1/4Q3/Q1Q4Q/Q4Q1Q/3Q4/KQ4Q1 w - - 0 1",
                                     FenOptions{.allow_unreachable_material = true});
    ASSERT_TRUE(parsed.has_value()) << fen_problem_id(parsed.error().problem);
    EXPECT_EQ(move_count(parsed->position), 241);
    EXPECT_EQ(parsed->position.count_legal_moves(), 241);
}

TEST(MoveGeneration, FoolsMateIsCheckmate) {
    const Position pos = play(Position::startpos(), {"f3", "e5", "g4", "Qh4#"});
    EXPECT_TRUE(pos.in_check());
    EXPECT_TRUE(pos.is_checkmate());
    EXPECT_FALSE(pos.is_stalemate());
    EXPECT_EQ(move_count(pos), 0);
}

TEST(MoveGeneration, StalemateHasNoMoveAndNoCheck) {
    const Position pos = position_of("7k/5Q2/6K1/8/8/8/8/8 b - - 0 1");
    EXPECT_TRUE(pos.is_stalemate());
    EXPECT_FALSE(pos.is_checkmate());
    EXPECT_EQ(move_count(pos), 0);
}

TEST(MoveGeneration, DoubleCheckAllowsOnlyKingMoves) {
    // The rook on e1 and the bishop on b5 both check e8.
    const Position pos = position_of("4k3/8/8/1B6/8/8/8/4R1K1 b - - 0 1");
    EXPECT_EQ(popcount(pos.checkers()), 2);
    MoveList moves;
    pos.generate_legal(moves);
    for (Move m : moves) EXPECT_EQ(m.from(), E8);
}

TEST(MoveGeneration, SingleCheckCanBeBlockedOrTheCheckerCaptured) {
    const Position pos = position_of("4k3/8/8/8/8/8/1B6/r3K3 w - - 0 1");
    EXPECT_TRUE(pos.in_check());
    EXPECT_TRUE(generates(pos, Move(B2, A1)));   // capture
    EXPECT_FALSE(generates(pos, Move(B2, C3)));  // ignores the check
    EXPECT_TRUE(generates(pos, Move(E1, E2)));
    EXPECT_FALSE(generates(pos, Move(E1, D1)));  // still on the rook's rank
}

TEST(MoveGeneration, PinnedPieceMovesOnlyAlongThePin) {
    const Position pos = position_of("4k3/4r3/8/8/8/8/4R3/4K3 w - - 0 1");
    EXPECT_TRUE(generates(pos, Move(E2, E5)));
    EXPECT_TRUE(generates(pos, Move(E2, E7)));
    EXPECT_FALSE(generates(pos, Move(E2, D2)));
}

TEST(MoveGeneration, MoveOffTheKingsLineUncoversTheSliderBehindIt) {
    const Position pos = play(position_of("4k3/8/8/8/4N3/8/8/4R1K1 w - - 0 1"), {"Nc5"});
    EXPECT_EQ(pos.checkers(), bb(E1));
}

TEST(MoveGeneration, MoveAlongTheKingsLineUncoversNothing) {
    // The pawn advances on the e-file and still shields the king from the queen behind it.
    const Position pos = play(position_of("4k3/8/8/8/4P3/8/8/4Q1K1 w - - 0 1"), {"e5"});
    EXPECT_FALSE(pos.in_check());
}

TEST(MoveGeneration, MoveOffTheKingsLineBeforeAnotherShieldUncoversNothing) {
    const Position pos = play(position_of("4k3/4p3/8/8/4N3/8/8/4R1K1 w - - 0 1"), {"Nc5"});
    EXPECT_FALSE(pos.in_check());
}

TEST(MoveGeneration, MoveOffTheKingsLineUncoversNoPieceOfAnotherLine) {
    // A bishop behind the knight on the e-file does not attack along it.
    const Position pos = play(position_of("4k3/8/8/8/4N3/8/8/4B1K1 w - - 0 1"), {"Nc5"});
    EXPECT_FALSE(pos.in_check());
}

TEST(MoveGeneration, PinnedPawnCapturesThePinnerAndPromotes) {
    // The bishop on d8 pins e7 against h4: capturing it stays on the line, pushing does not.
    const Position pos = position_of("3b3k/4P3/8/8/7K/8/8/8 w - - 0 1");
    EXPECT_TRUE(generates(pos, Move(E7, D8, MoveKind::Promotion, PieceType::Queen)));
    EXPECT_TRUE(generates(pos, Move(E7, D8, MoveKind::Promotion, PieceType::Knight)));
    EXPECT_FALSE(generates(pos, Move(E7, E8, MoveKind::Promotion, PieceType::Queen)));
}

TEST(MoveGeneration, EnPassantRankPinIsNotGenerated) {
    const Position pos = play(position_of("8/8/8/8/k2p3R/8/4P3/4K3 w - - 0 1"), {"e4"});
    EXPECT_FALSE(generates(pos, Move(D4, E3, MoveKind::EnPassant)));
    EXPECT_TRUE(generates(pos, Move(D4, D3)));
}

TEST(MoveGeneration, LegalEnPassantIsGenerated) {
    const Position pos = play(position_of("4k3/8/8/8/3p4/8/4P3/4K3 w - - 0 1"), {"e4"});
    EXPECT_TRUE(generates(pos, Move(D4, E3, MoveKind::EnPassant)));
}

TEST(MoveGeneration, OnlyTheUnpinnedOfTwoCapturersMayTakeEnPassant) {
    // d4 is pinned on the d-file by the rook on d1; f4 is free.
    const Position pos = play(position_of("3k4/8/8/8/3p1p2/8/4P3/3RK3 w - - 0 1"), {"e4"});
    EXPECT_TRUE(pos.has_legal_en_passant());
    EXPECT_FALSE(generates(pos, Move(D4, E3, MoveKind::EnPassant)));
    EXPECT_TRUE(generates(pos, Move(F4, E3, MoveKind::EnPassant)));
}

TEST(MoveGeneration, CastlingBothWaysWhenFree) {
    const Position pos = position_of("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1");
    EXPECT_TRUE(generates(pos, Move(E1, H1, MoveKind::Castling)));
    EXPECT_TRUE(generates(pos, Move(E1, A1, MoveKind::Castling)));
}

TEST(MoveGeneration, NoCastlingOutOfThroughOrIntoCheck) {
    // Out of check (rook on e5), through an attacked f1 (rook on f5), into g1 (rook on g5).
    EXPECT_FALSE(generates(position_of("k7/8/8/4r3/8/8/8/4K2R w K - 0 1"),
                           Move(E1, H1, MoveKind::Castling)));
    EXPECT_FALSE(generates(position_of("k7/8/8/5r2/8/8/8/4K2R w K - 0 1"),
                           Move(E1, H1, MoveKind::Castling)));
    EXPECT_FALSE(generates(position_of("k7/8/8/6r1/8/8/8/4K2R w K - 0 1"),
                           Move(E1, H1, MoveKind::Castling)));
}

TEST(MoveGeneration, QueenSideCastlingMayPassAnAttackedB1) {
    // b1 is crossed by the rook only: an attack on it does not prevent castling (3.8.2).
    EXPECT_TRUE(generates(position_of("7k/8/8/1r6/8/8/8/R3K3 w Q - 0 1"),
                          Move(E1, A1, MoveKind::Castling)));
}

TEST(MoveGeneration, NoCastlingThroughAPiece) {
    EXPECT_FALSE(
        generates(position_of("7k/8/8/8/8/8/8/RN2K3 w Q - 0 1"), Move(E1, A1, MoveKind::Castling)));
}

TEST(MoveGeneration, Chess960CastlingWithTheKingAlreadyOnItsSquare) {
    const Position pos = position_of("4k3/8/8/8/8/8/8/6KR w H - 0 1", true);
    ASSERT_TRUE(generates(pos, Move(G1, H1, MoveKind::Castling)));
    const Position after = play(pos, {"O-O"});
    EXPECT_EQ(after.piece_on(G1), WhiteKing);
    EXPECT_EQ(after.piece_on(F1), WhiteRook);
    EXPECT_EQ(after.piece_on(H1), NoPiece);
}

TEST(MoveGeneration, Chess960CastlingWhereKingAndRookSwapSquares) {
    const Position after = play(position_of("4k3/8/8/8/8/8/8/1R3KR1 w GB - 0 1", true), {"O-O"});
    EXPECT_EQ(after.piece_on(G1), WhiteKing);
    EXPECT_EQ(after.piece_on(F1), WhiteRook);
    EXPECT_FALSE(after.castling_rights().any());
}

TEST(MoveGeneration, Chess960CastlingBlockedByAPieceOnTheRookDestination) {
    // King b1, rook a1: the king goes to c1 and the rook to d1, which is occupied.
    EXPECT_FALSE(generates(position_of("4k3/8/8/8/8/8/8/RK1N4 w A - 0 1", true),
                           Move(B1, A1, MoveKind::Castling)));
    EXPECT_TRUE(generates(position_of("4k3/8/8/8/8/8/8/RK3N2 w A - 0 1", true),
                          Move(B1, A1, MoveKind::Castling)));
}

TEST(MoveGeneration, Chess960CastlingRookShieldingTheDestination) {
    // The rook on b1 hides c1 from the queen on a1; once it has left, the king on c1 would be in
    // check.
    EXPECT_FALSE(generates(position_of("4k3/8/8/8/8/8/8/qR3K2 w B - 0 1", true),
                           Move(F1, B1, MoveKind::Castling)));
}

TEST(MoveGeneration, Chess960CastlingWhereTheKingStaysButTheRookUncoversIt) {
    // King c1 stays, the rook leaves b1 for d1: the rook on a1 would then give check.
    const Position pos = position_of("2k5/8/8/8/8/8/8/rRK5 w B - 0 1", true);
    EXPECT_FALSE(pos.in_check());
    EXPECT_FALSE(generates(pos, Move(C1, B1, MoveKind::Castling)));
    EXPECT_FALSE(pos.is_legal(Move(C1, B1, MoveKind::Castling)));
}

TEST(MoveGeneration, CountAnyAndListAgreeAlongRandomGames) {
    std::mt19937 rng(7);
    for (int game = 0; game < 200; ++game) {
        Position pos = Position::startpos();
        for (int ply = 0; ply < 200; ++ply) {
            MoveList moves;
            pos.generate_legal(moves);
            ASSERT_EQ(moves.size(), pos.count_legal_moves()) << pos.to_fen();
            ASSERT_EQ(moves.empty(), !pos.has_legal_move()) << pos.to_fen();
            if (moves.empty()) break;
            const Move m = moves[static_cast<int>(rng() % static_cast<unsigned>(moves.size()))];
            ASSERT_TRUE(pos.is_legal(m)) << pos.to_fen();
            pos.make_move(m);
        }
    }
}

TEST(MoveGeneration, IsLegalRejectsArbitraryValues) {
    const Position start = Position::startpos();
    EXPECT_TRUE(start.is_legal(Move(E2, E4)));
    EXPECT_FALSE(start.is_legal(Move(E2, E5)));
    EXPECT_FALSE(start.is_legal(Move{}));
    EXPECT_FALSE(start.is_legal(Move(E1, H1, MoveKind::Castling)));
}

// is_legal answers a piece's ordinary move (not a pawn's) directly, without the move list:
// every target of every such piece, in every position two plies below positions with pins,
// checks, a double check, castling rights and en passant, must get the list's answer.
TEST(MoveGeneration, IsLegalAgreesWithTheMoveListForEveryPieceMove) {
    const std::string_view fens[] = {
        StartFen,
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
        "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
        "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
        "4k3/8/8/1b6/8/3N4/4K3/4r3 w - - 0 1",  // in check, the knight pinned
        "4k3/8/8/8/3n4/8/4K3/4r3 w - - 0 1",    // double check
    };
    long long compared = 0;
    long long legal = 0;
    const auto check_every_piece_move = [&](const Position& pos) {
        MoveList list;
        pos.generate_legal(list);
        std::array<std::array<bool, 64>, 64> listed{};
        for (Move m : list)
            if (m.kind() == MoveKind::Normal) listed[m.from()][m.to()] = true;
        const Color us = pos.side_to_move();
        Bitboard pieces = pos.pieces(us) & ~pos.pieces(PieceType::Pawn);
        while (pieces) {
            const Square from = pop_lsb(pieces);
            for (int to = 0; to < 64; ++to) {
                const Move m(from, static_cast<Square>(to));
                ASSERT_EQ(pos.is_legal(m), listed[from][to])
                    << pos.to_fen() << " " << from << "-" << to;
                ++compared;
                legal += listed[from][to];
            }
        }
    };
    for (std::string_view fen : fens) {
        const Position root = position_of(fen);
        check_every_piece_move(root);
        test::for_each_move_to_depth(root, 2, [&](const Position&, Move, const Position& child) {
            check_every_piece_move(child);
        });
    }
    EXPECT_GT(compared, 1'000'000);
    EXPECT_GT(legal, 50'000);
}

TEST(MoveGeneration, HalfmoveClockAndMoveNumberFollowTheMoves) {
    const Position pos = play(Position::startpos(), {"Nf3", "Nf6", "Nc3"});
    EXPECT_EQ(pos.halfmove_clock(), 3);
    EXPECT_EQ(pos.fullmove_number(), 2);
    EXPECT_EQ(play(pos, {"e5"}).halfmove_clock(), 0);
}

TEST(MoveGeneration, ZeroingMovesAreCapturesAndPawnMoves) {
    const Position pos = play(Position::startpos(), {"e4", "d5"});
    EXPECT_TRUE(pos.is_zeroing(Move(E4, D5)));
    EXPECT_TRUE(pos.is_capture(Move(E4, D5)));
    EXPECT_TRUE(pos.is_zeroing(Move(A2, A3)));
    EXPECT_FALSE(pos.is_capture(Move(A2, A3)));
    EXPECT_FALSE(pos.is_zeroing(Move(G1, F3)));
}

// Position::after_move, the searches' copy and make in one step, leaves the same position as a
// copy and make_move (and Position::ordinary_move_outcome, without making it, its key and
// checkers), for every move two plies deep from positions with castling (standard and
// Chess960), en passant (and its pin along the rank), promotions and checks: the whole FEN, the
// key, the checkers and the 9.2.2 comparison.
TEST(MakeMove, AfterMoveEqualsACopyAndMakeForEveryMoveTwoPliesDeep) {
    const std::array<std::string_view, 5> fens = {
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
        "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
        "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
        "8/8/8/K2pP2q/8/8/8/7k w - d6 0 2"};
    int checked = 0;
    int ordinary_moves = 0;
    const auto compare_children = [&checked, &ordinary_moves](const Position& pos, const auto& self,
                                                              int depth) -> void {
        MoveList moves;
        pos.generate_legal(moves);
        for (Move m : moves) {
            Position made = pos;
            made.make_move(m);
            const Position after = Position::after_move(pos, m);
            ASSERT_EQ(after.to_fen(), made.to_fen()) << pos.to_fen() << " " << to_uci(pos, m);
            ASSERT_EQ(after.key(), made.key()) << pos.to_fen() << " " << to_uci(pos, m);
            ASSERT_EQ(after.checkers(), made.checkers()) << pos.to_fen() << " " << to_uci(pos, m);
            ASSERT_EQ(after.double_push_square(), made.double_push_square());
            ASSERT_TRUE(after.same_position(made));
            // Without making it: the same key and checkers wherever it answers, and it answers
            // for every normal move that touches no right and leaves no en passant behind or
            // possible.
            std::uint64_t key = 0;
            Bitboard checkers = 0;
            const bool ordinary = pos.ordinary_move_outcome(m, key, checkers);
            const Bitboard rights_squares = [&pos] {
                Bitboard b = 0;
                for (const auto& side : pos.castling_rights().rook)
                    for (Square rook : side)
                        if (rook != NoSquare) b |= bb(rook);
                return b;
            }();
            const bool touches_rights = pos.castling_rights().any() &&
                                        (((bb(m.from()) | bb(m.to())) &
                                          (rights_squares | pos.pieces(PieceType::King))) != 0);
            const bool simple = m.kind() == MoveKind::Normal && !touches_rights &&
                                !pos.has_legal_en_passant() && !made.has_legal_en_passant();
            if (ordinary) {
                ASSERT_EQ(key, made.key()) << pos.to_fen() << " " << to_uci(pos, m);
                ASSERT_EQ(checkers, made.checkers()) << pos.to_fen() << " " << to_uci(pos, m);
                ++ordinary_moves;
            } else {
                EXPECT_FALSE(simple && pos.double_push_square() == NoSquare &&
                             made.double_push_square() == NoSquare)
                    << pos.to_fen() << " " << to_uci(pos, m);
            }
            ++checked;
            if (depth > 1) self(after, self, depth - 1);
        }
    };
    for (const std::string_view fen : fens) compare_children(position_of(fen), compare_children, 2);
    auto chess960 =
        Position::from_fen("1rk2r2/8/8/8/8/8/8/1RK2R2 w FBfb - 0 1", FenOptions{.chess960 = true});
    ASSERT_TRUE(chess960);
    compare_children(chess960->position, compare_children, 2);
    EXPECT_GT(checked, 4'000);
    EXPECT_GT(ordinary_moves, 2'000);
}

}  // namespace
}  // namespace drawaudit::chess
