// play_san against the pair it replaces (parse_san, then copy and make_move): the same move, the
// same error kind, and the same resulting Position in every field, for every legal move of
// tricky positions and their children (written with write_san, also without its check mark and
// with glyphs), wrong and ambiguous texts, and every main-line move of the real games of the
// shared draw corpus.
#include <gtest/gtest.h>

#include <cstdio>
#include <cstring>
#include <filesystem>
#include <string>
#include <string_view>
#include <type_traits>
#include <vector>

#include "chess/position.hpp"
#include "chess/san.hpp"
#include "chess_test_helpers.hpp"

// The bench's PGN token extractor (one copy of it: this test is its only other user).
#include "../../bench/replay_corpus.cpp"

namespace drawaudit::chess {
namespace {

// Every field: the bytes when Position has no padding, and each observable besides (for a
// readable failure).
void expect_same_position(const Position& got, const Position& want, const std::string& what) {
    if constexpr (std::has_unique_object_representations_v<Position>) {
        EXPECT_EQ(std::memcmp(&got, &want, sizeof(Position)), 0) << what;
    }
    EXPECT_EQ(got.to_fen(), want.to_fen()) << what;
    EXPECT_EQ(got.key(), want.key()) << what;
    EXPECT_EQ(got.checkers(), want.checkers()) << what;
    EXPECT_EQ(got.has_legal_en_passant(), want.has_legal_en_passant()) << what;
    EXPECT_EQ(got.double_push_square(), want.double_push_square()) << what;
    EXPECT_TRUE(got.castling_rights() == want.castling_rights()) << what;
    EXPECT_EQ(got.halfmove_clock(), want.halfmove_clock()) << what;
    EXPECT_EQ(got.fullmove_number(), want.fullmove_number()) << what;
    EXPECT_EQ(got.is_chess960(), want.is_chess960()) << what;
    EXPECT_TRUE(got.same_position(want)) << what;
}

// play_san and parse_san + copy + make_move agree on `san` in `before`; returns whether the
// text was a legal move.
int compared = 0;  // texts compared, for the log

bool expect_play_san_matches(const Position& before, std::string_view san) {
    ++compared;
    const std::string what = std::string(san) + " in " + before.to_fen();
    const auto want_move = parse_san(before, san);
    Position after;
    const auto got_move = play_san(before, san, after);
    EXPECT_EQ(got_move.has_value(), want_move.has_value()) << what;
    if (!got_move || !want_move) {
        if (!got_move && !want_move) {
            EXPECT_EQ(got_move.error().kind, want_move.error().kind) << what;
        }
        return false;
    }
    EXPECT_EQ(got_move->raw(), want_move->raw()) << what;
    Position want = before;
    want.make_move(*want_move);
    expect_same_position(after, want, what);
    return true;
}

// Every legal move as canonical SAN, without its check mark, and with a glyph.
void expect_every_move_matches(const Position& pos) {
    MoveList list;
    pos.generate_legal(list);
    for (Move m : list) {
        const std::string san = to_san(pos, m);
        EXPECT_TRUE(expect_play_san_matches(pos, san)) << san << " in " << pos.to_fen();
        std::string bare = san;
        while (!bare.empty() && (bare.back() == '+' || bare.back() == '#')) bare.pop_back();
        expect_play_san_matches(pos, bare);
        expect_play_san_matches(pos, bare + "!?");
    }
}

// Piece letters and pawn spellings to every square: illegal, ambiguous and legal texts alike.
void expect_every_short_text_matches(const Position& pos) {
    for (int s = 0; s < 64; ++s) {
        const std::string square = {static_cast<char>('a' + s % 8), static_cast<char>('1' + s / 8)};
        for (const char* prefix : {"", "N", "B", "R", "Q", "K", "Nx", "Rx", "Qx", "Kx"})
            expect_play_san_matches(pos, prefix + square);
        for (char file = 'a'; file <= 'h'; ++file) {
            expect_play_san_matches(pos, std::string(1, file) + "x" + square);
            expect_play_san_matches(pos, std::string("R") + file + square);
            expect_play_san_matches(pos, std::string("N") + file + square);
        }
        expect_play_san_matches(pos, square + "=Q");
        expect_play_san_matches(pos, square + "=N+");
    }
    for (const char* text : {"O-O", "O-O-O", "0-0", "O-O+", "Nx", "e9", "K@e4", "", "x"})
        expect_play_san_matches(pos, text);
}

struct Case {
    std::string_view fen;
    bool chess960 = false;
};

// CPW perft positions 1-6 (and 4 mirrored), en-passant chances with a diagonal and a rank pin
// (9.2.2.1), promotions with check, Chess960 castling (Shredder-FEN).
constexpr Case TrickyCases[] = {
    {StartFen},
    {"r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"},
    {"8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1"},
    {"r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1"},
    {"r2q1rk1/pP1p2pp/Q4n2/bbp1p3/Np6/1B3NBn/pPPP1PPP/R3K2R b KQ - 0 1"},
    {"rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8"},
    {"r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10"},
    // c7-c5 next to b5: the capture b5xc6 would leave the white king on the fifth rank to h5.
    {"8/2p5/8/KP5r/8/8/8/7k b - - 0 1"},
    // After e2-e4: d4xe3 would leave the black king on the fourth rank to h4.
    {"8/8/8/8/k2p3Q/8/4P3/3K4 w - - 0 1"},
    // After d2-d4: e4xd3 would leave the long diagonal, on which h1 pins e4 to the king on a8.
    {"k7/8/8/8/4p3/8/3P4/3K3B w - - 0 1"},
    {"rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3"},
    {"n1n5/PPPk4/8/8/8/8/4Kppp/5N1N b - - 0 1"},
    {"4k3/1P6/8/8/8/8/6p1/4K2R w K - 0 1"},
    {"bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9", true},
    {"2nnrbkr/p1qppppp/8/1ppb4/6PP/3PP3/PPP2P2/BQNNRBKR w HEhe - 1 9", true},
    {"qnbnr1kr/ppp1b1pp/4p3/3p1p2/8/2NPP3/PPP1BPPP/QNB1R1KR w HEhe - 1 9", true},
};

TEST(PlaySan, EveryMoveOfTrickyPositionsAndTheirChildrenMatchesParseSanAndMakeMove) {
    // Without padding the bytes themselves are compared (every field, present and future).
    EXPECT_TRUE(std::has_unique_object_representations_v<Position>);
    compared = 0;
    for (const Case& c : TrickyCases) {
        const Position root = test::position_of(c.fen, c.chess960);
        expect_every_move_matches(root);
        test::for_each_move_to_depth(root, 1, [](const Position&, Move, const Position& child) {
            expect_every_move_matches(child);
        });
    }
    std::printf("%d texts compared\n", compared);
}

TEST(PlaySan, WrongAndAmbiguousTextsFailAsParseSanDoes) {
    for (const Case& c : TrickyCases) {
        const Position root = test::position_of(c.fen, c.chess960);
        expect_every_short_text_matches(root);
        MoveList list;
        root.generate_legal(list);
        for (int i = 0; i < list.size(); i += 7) {
            Position child = root;
            child.make_move(list[i]);
            expect_every_short_text_matches(child);
        }
    }
    // Two knights that reach d2 (ambiguous), one of them pinned (resolved), a rank pin.
    expect_every_short_text_matches(test::position_of("4k3/8/8/8/8/1N3N2/8/4K3 w - - 0 1"));
    expect_every_short_text_matches(test::position_of("4k3/4r3/8/8/8/1N6/4N3/4K3 w - - 0 1"));
}

TEST(PlaySan, EveryMainLineMoveOfTheDrawCorpusMatchesParseSanAndMakeMove) {
    namespace fs = std::filesystem;
    const fs::path dir = fs::path(DRAWAUDIT_SHARED_DIR) / "corpus" / "draws";
    if (!fs::exists(dir)) GTEST_SKIP() << "no corpus at " << dir;
    std::size_t games = 0, half_moves = 0;
    for (const auto& entry : fs::directory_iterator(dir)) {
        if (entry.path().extension() != ".pgn") continue;  // the .zst files need a decoder
        const bench::Corpus corpus = bench::load_corpus(entry.path().string());
        for (const auto& game : corpus.games) {
            ++games;
            Position pos = Position::startpos();
            for (std::string_view san : game) {
                if (!expect_play_san_matches(pos, san)) break;  // the rest of an illegal game
                ++half_moves;
                const Position before = pos;
                ASSERT_TRUE(play_san(before, san, pos).has_value());
            }
        }
    }
    EXPECT_GT(games, 100u);
    EXPECT_GT(half_moves, 10000u);
    std::printf("%zu games, %zu half-moves\n", games, half_moves);
}

// Records the size of the auditor's: a Position first, then other fields (play_san_run's
// stride is the record's size).
struct Record {
    Position position;
    Move move;
    std::uint64_t other[3] = {1, 2, 3};
};

// play_san_run over `sans` from `start` into records, against play_san one move at a time.
void expect_run_matches_play_san(const Position& start, const std::vector<std::string_view>& sans,
                                 std::size_t expected_played) {
    std::vector<Record> records(sans.size() + 1);
    records[0].position = start;
    std::vector<Move> moves(sans.size());
    const std::size_t played =
        play_san_run(sans, &records[0].position, sizeof(Record), moves.data());
    EXPECT_EQ(played, expected_played);
    Position pos = start;
    for (std::size_t i = 0; i < played; ++i) {
        Position next;
        const auto want = play_san(pos, sans[i], next);
        ASSERT_TRUE(want.has_value()) << sans[i];
        EXPECT_EQ(moves[i].raw(), want->raw()) << sans[i];
        expect_same_position(records[i + 1].position, next, std::string(sans[i]));
        pos = next;
    }
    if (played < sans.size()) {
        Position next;
        EXPECT_FALSE(play_san(pos, sans[played], next).has_value()) << sans[played];
    }
    for (const Record& r : records) EXPECT_EQ(r.other[2], 3u) << "the other fields are kept";
}

TEST(PlaySanRun, PlaysEveryMoveOfARunIntoRecordsAsPlaySanDoes) {
    // Common shapes, castling both ways, captures, check marks, then en passant and a promotion:
    // both of play_san's paths.
    expect_run_matches_play_san(
        Position::startpos(),
        {"e4",  "d5",  "exd5", "Nf6", "Nf3",  "Nxd5", "Bc4",  "e6",   "O-O", "Be7",  "d4",  "O-O",
         "Re1", "Nb6", "Bb3",  "c5",  "dxc5", "Qxd1", "Rxd1", "Bxc5", "Be3", "Bxe3", "fxe3"},
        23);
    expect_run_matches_play_san(test::position_of("4k3/1P6/8/3pP3/8/8/8/4K3 w - d6 0 1"),
                                {"exd6", "Kf7", "b8=Q", "Ke6", "Qe8+"}, 5);
}

TEST(PlaySanRun, StopsAtTheFirstTextThatIsNoLegalMove) {
    expect_run_matches_play_san(Position::startpos(), {"e4", "e5", "Ke3", "Nf6"}, 2);
    expect_run_matches_play_san(Position::startpos(), {"Nxe5", "e4"}, 0);
    expect_run_matches_play_san(Position::startpos(), {}, 0);
}

// play_san's common path computes the position after the move from the one before it; each of
// these compares that with the position its FEN describes (key, checkers and en passant computed
// from scratch), not with make_move, which shares the same code.
void expect_play_san_gives_fen(std::string_view before_fen, std::string_view san,
                               std::string_view after_fen) {
    Position after;
    ASSERT_TRUE(play_san(test::position_of(before_fen), san, after).has_value()) << san;
    expect_same_position(after, test::position_of(after_fen), std::string(san));
}

TEST(PlaySan, PawnTakingAPawnLeavesOnlyTheTakerOnItsSquare) {
    expect_play_san_gives_fen("rnbqkbnr/ppp1pppp/8/3p4/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2",
                              "exd5", "rnbqkbnr/ppp1pppp/8/3P4/8/8/PPPP1PPP/RNBQKBNR b KQkq - 0 2");
}

TEST(PlaySan, KnightLeavingTheRookAndKingFileGivesTheRooksCheck) {
    expect_play_san_gives_fen("4k3/8/8/8/8/8/4N3/4R1K1 w - - 0 1", "Nc3+",
                              "4k3/8/8/8/8/2N5/8/4R1K1 b - - 1 1");
}

TEST(PlaySan, PawnPushedAlongItsRooksFileStillShieldsTheKing) {
    expect_play_san_gives_fen("4k3/8/8/8/8/8/4P3/4R1K1 w - - 0 1", "e3",
                              "4k3/8/8/8/8/4P3/8/4R1K1 b - - 0 1");
}

TEST(PlaySan, DoublePushBesideAnEnemyPawnMakesEnPassantPartOfThePosition) {
    expect_play_san_gives_fen("4k3/8/8/8/3p4/8/4P3/4K3 w - - 0 1", "e4",
                              "4k3/8/8/8/3pP3/8/8/4K3 b - e3 0 1");
}

}  // namespace
}  // namespace drawaudit::chess
