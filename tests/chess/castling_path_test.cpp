// play_san's castling path (detail::play_castling: the legality test of 3.8.2 without magic
// lookups, and make_move's own castling make) and make_move's path for ordinary moves that end
// a castling right or follow a possible en passant, each against a reference that shares no code
// with them: the rule of 3.8.2 written out with Position::attackers_to (magic lookups), and a
// position read back from its own FEN (key, checkers and en-passant legality computed afresh).
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdio>
#include <string>
#include <string_view>

#include "chess/position.hpp"
#include "chess/san.hpp"
#include "chess_test_helpers.hpp"

namespace drawaudit::chess {
namespace {

using test::for_each_move_to_depth;
using test::position_of;

// 3.8.2 for `wing` (0 king side, 1 queen side), Chess960 alike: a right, no check, the squares
// king and rook cross and land on empty but for the two, and no square the king crosses or lands
// on attacked (the landing square with the rook on its new square).
bool reference_castling_legal(const Position& pos, int wing) {
    const Color us = pos.side_to_move();
    const Square rook = pos.castling_rights().rook[index_of(us)][wing];
    if (rook == NoSquare || pos.in_check()) return false;
    const Square king = pos.king_square(us);
    const int rank = rank_of(king);
    const Square king_to = make_square(wing == 0 ? 6 : 2, rank);
    const Square rook_to = make_square(wing == 0 ? 5 : 3, rank);
    auto span_is_free = [&](Square a, Square b) {
        for (int s = std::min(a, b); s <= std::max(a, b); ++s)
            if (s != king && s != rook && pos.piece_on(static_cast<Square>(s)) != NoPiece)
                return false;
        return true;
    };
    if (!span_is_free(king, king_to) || !span_is_free(rook, rook_to)) return false;
    const Bitboard lifted = pos.occupied() ^ bb(king) ^ bb(rook);
    const Bitboard enemies = pos.pieces(~us);
    for (int s = std::min(king, king_to); s <= std::max(king, king_to); ++s) {
        if (s == king || s == king_to) continue;
        if (pos.attackers_to(static_cast<Square>(s), lifted) & enemies) return false;
    }
    return !(pos.attackers_to(king_to, lifted | bb(rook_to)) & enemies);
}

// Every field `after` computes incrementally, against the same position read from its FEN.
void expect_consistent(const Position& after, const std::string& what) {
    const Position fresh = position_of(after.to_fen(), after.is_chess960());
    EXPECT_EQ(after.to_fen(), fresh.to_fen()) << what;
    EXPECT_EQ(after.key(), fresh.key()) << what;
    EXPECT_EQ(after.checkers(), fresh.checkers()) << what;
    EXPECT_EQ(after.has_legal_en_passant(), fresh.has_legal_en_passant()) << what;
    EXPECT_TRUE(after.castling_rights() == fresh.castling_rights()) << what;
    EXPECT_TRUE(after.same_position(fresh)) << what;
    // The same moves from both (castling among them).
    MoveList a, b;
    after.generate_legal(a);
    fresh.generate_legal(b);
    EXPECT_EQ(a.size(), b.size()) << what;
}

int castlings_played = 0, castlings_refused = 0;

// Both wings, written O-O, O-O-O and with a check mark: play_san accepts exactly what the
// reference allows, returns is_legal's move, and leaves a consistent position with the king and
// rook on their 3.8.2 squares and the mover's rights gone.
void expect_castling_matches_reference(const Position& pos) {
    const Color us = pos.side_to_move();
    for (int wing = 0; wing < 2; ++wing) {
        const bool legal = reference_castling_legal(pos, wing);
        const Square rook = pos.castling_rights().rook[index_of(us)][wing];
        for (std::string san : {wing == 0 ? "O-O" : "O-O-O", wing == 0 ? "O-O+" : "O-O-O#"}) {
            const std::string what = san + " in " + pos.to_fen();
            Position after;
            const auto played = play_san(pos, san, after);
            ASSERT_EQ(played.has_value(), legal) << what;
            if (rook != NoSquare) {
                EXPECT_EQ(pos.is_legal(Move(pos.king_square(us), rook, MoveKind::Castling)), legal)
                    << what;
            }
            if (!legal) {
                ++castlings_refused;
                continue;
            }
            ++castlings_played;
            EXPECT_EQ(played->raw(), Move(pos.king_square(us), rook, MoveKind::Castling).raw())
                << what;
            const int rank = rank_of(pos.king_square(us));
            EXPECT_EQ(after.piece_on(make_square(wing == 0 ? 6 : 2, rank)),
                      make_piece(us, PieceType::King))
                << what;
            EXPECT_EQ(after.piece_on(make_square(wing == 0 ? 5 : 3, rank)),
                      make_piece(us, PieceType::Rook))
                << what;
            EXPECT_EQ(after.castling_rights().rook[index_of(us)][0], NoSquare) << what;
            EXPECT_EQ(after.castling_rights().rook[index_of(us)][1], NoSquare) << what;
            EXPECT_EQ(after.halfmove_clock(), pos.halfmove_clock() + 1) << what;
            expect_consistent(after, what);
        }
    }
}

struct Case {
    std::string_view fen;
    bool chess960 = false;
};

constexpr Case CastlingCases[] = {
    {"r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1"},
    {"r3k2r/8/8/8/8/8/8/R3K2R b KQkq - 0 1"},
    {"r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"},
    {"r2q1rk1/pP1p2pp/Q4n2/bbp1p3/Np6/1B3NBn/pPPP1PPP/R3K2R b KQ - 0 1"},
    // Out of check, through an attacked f1, into an attacked g1; an attacked b1 does not count.
    {"k7/8/8/4r3/8/8/8/4K2R w K - 0 1"},
    {"k7/8/8/5r2/8/8/8/4K2R w K - 0 1"},
    {"k7/8/8/6r1/8/8/8/4K2R w K - 0 1"},
    {"7k/8/8/1r6/8/8/8/R3K3 w Q - 0 1"},
    // Attacks by a pawn, a knight and the king on the squares the king crosses or leaves.
    {"4k3/8/8/8/8/8/6p1/R3K2R w KQ - 0 1"},
    {"4k3/8/8/8/8/8/3p4/R3K2R w KQ - 0 1"},
    {"4k3/8/8/8/8/4n3/8/R3K2R w KQ - 0 1"},
    {"8/8/8/8/8/8/6k1/R3K2R w KQ - 0 1"},
    // A rook that gives check by castling (d1 against d8), and one along the back rank.
    {"3k4/8/8/8/8/8/8/R3K3 w Q - 0 1"},
    {"4k3/8/8/8/8/8/8/R3K2R w KQ - 3 20"},
    // After a double push next to an enemy pawn: castling ends the en-passant possibility.
    {"r3k2r/8/8/8/3pP3/8/8/R3K2R b KQkq e3 0 1"},
    {"4k3/8/8/8/8/8/8/RN2K3 w Q - 0 1"},
    {"4k3/8/8/8/8/8/8/6KR w H - 0 1", true},
    {"4k3/8/8/8/8/8/8/1R3KR1 w GB - 0 1", true},
    {"4k3/8/8/8/8/8/8/RK1N4 w A - 0 1", true},
    {"4k3/8/8/8/8/8/8/RK3N2 w A - 0 1", true},
    {"4k3/8/8/8/8/8/8/qR3K2 w B - 0 1", true},
    {"2k5/8/8/8/8/8/8/rRK5 w B - 0 1", true},
    // The king on b1 crossing c1 to g1 with the rook on h1; an attack on e1 forbids it.
    {"4k3/8/8/8/8/8/8/1K5R w H - 0 1", true},
    {"4k3/8/8/8/4r3/8/8/1K5R w H - 0 1", true},
    {"bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9", true},
    {"2nnrbkr/p1qppppp/8/1ppb4/6PP/3PP3/PPP2P2/BQNNRBKR w HEhe - 1 9", true},
    {"qnbnr1kr/ppp1b1pp/4p3/3p1p2/8/2NPP3/PPP1BPPP/QNB1R1KR w HEhe - 1 9", true},
};

TEST(CastlingPath, PlaySanCastlesExactlyWhenTheRuleAllowsInTheseTreesToDepthTwo) {
    castlings_played = castlings_refused = 0;
    for (const Case& c : CastlingCases) {
        const Position root = position_of(c.fen, c.chess960);
        expect_castling_matches_reference(root);
        for_each_move_to_depth(root, 2, [](const Position&, Move, const Position& child) {
            expect_castling_matches_reference(child);
        });
    }
    // Both outcomes must have been met often, in standard chess and Chess960.
    EXPECT_GT(castlings_played, 1000);
    EXPECT_GT(castlings_refused, 1000);
    std::printf("%d castlings played, %d refused\n", castlings_played, castlings_refused);
}

TEST(CastlingPath, RefusedThroughOrIntoAnAttackedSquareOrOutOfCheck) {
    Position after;
    EXPECT_FALSE(play_san(position_of("k7/8/8/4r3/8/8/8/4K2R w K - 0 1"), "O-O", after));
    EXPECT_FALSE(play_san(position_of("k7/8/8/5r2/8/8/8/4K2R w K - 0 1"), "O-O", after));
    EXPECT_FALSE(play_san(position_of("k7/8/8/6r1/8/8/8/4K2R w K - 0 1"), "O-O", after));
    EXPECT_TRUE(play_san(position_of("7k/8/8/1r6/8/8/8/R3K3 w Q - 0 1"), "O-O-O", after));
    // Chess960: the king crosses c1 to f1 on its way from b1 to g1.
    EXPECT_TRUE(play_san(position_of("4k3/8/8/8/8/8/8/1K5R w H - 0 1", true), "O-O", after));
    EXPECT_FALSE(play_san(position_of("4k3/8/8/8/4r3/8/8/1K5R w H - 0 1", true), "O-O", after));
    EXPECT_FALSE(play_san(position_of("2k5/8/8/8/8/8/8/rRK5 w B - 0 1", true), "O-O-O", after));
}

TEST(CastlingPath, CastlingThatGivesCheckSetsTheChecker) {
    Position after;
    ASSERT_TRUE(play_san(position_of("3k4/8/8/8/8/8/8/R3K3 w Q - 0 1"), "O-O-O+", after));
    EXPECT_EQ(after.checkers(), bb(D1));
    ASSERT_TRUE(play_san(position_of("5k2/8/8/8/8/8/8/4K2R w K - 0 1"), "O-O+", after));
    EXPECT_EQ(after.checkers(), bb(F1));
}

// Every legal move of positions whose moves end rights or follow a possible en passant, and of
// their children: make_move leaves what a fresh reading of its FEN gives.
TEST(CastlingPath, MovesThatEndRightsOrFollowAPossibleEnPassantKeepEveryFieldRight) {
    constexpr Case cases[] = {
        {"r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1"},
        {"r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"},
        {"rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3"},
        {"r3k2r/8/8/8/3pP3/8/8/R3K2R b KQkq e3 0 1"},
        {"8/2p5/8/KP5r/8/8/8/7k b - - 0 1"},
        {"bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9", true},
    };
    for (const Case& c : cases) {
        for_each_move_to_depth(position_of(c.fen, c.chess960), 2,
                               [](const Position& parent, Move m, const Position& child) {
                                   expect_consistent(child,
                                                     to_uci(parent, m) + " in " + parent.to_fen());
                               });
    }
}

}  // namespace
}  // namespace drawaudit::chess
