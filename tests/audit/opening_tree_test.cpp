// OpeningTree, the auditor's memory of opening lines, and the audit of games that follow it.
#include <fmt/format.h>
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "audit/opening_tree.hpp"
#include "audit_test_support.hpp"
#include "chess/san.hpp"
#include "pgn/reader.hpp"

namespace drawaudit::audit {
namespace {

using namespace testing;
using chess::Move;
using chess::Position;

std::uint64_t word_of_bytes(std::string_view text) {
    std::uint64_t word = 0;
    for (std::size_t i = 0; i < text.size(); ++i)
        word |= std::uint64_t{static_cast<unsigned char>(text[i])} << (8 * i);
    return word | (std::uint64_t{text.size()} << 56);
}

TEST(OpeningTree, TextWordHoldsEveryByteAndTheLength) {
    for (std::string_view text : {"e4", "Nf3", "exd5", "O-O-O", "Nbxd7+", "exd8=Q+"})
        EXPECT_EQ(OpeningTree::text_word(text), word_of_bytes(text)) << text;
}

TEST(OpeningTree, TextWordReadsOnlyTheTextsOwnBytes) {
    // The same text inside longer buffers: the bytes around it must not change the word.
    const std::string a = "xxNf3xx";
    const std::string b = "yyNf3yy";
    EXPECT_EQ(OpeningTree::text_word(std::string_view(a).substr(2, 3)),
              OpeningTree::text_word(std::string_view(b).substr(2, 3)));
    EXPECT_EQ(OpeningTree::text_word(std::string_view(a).substr(2, 3)), word_of_bytes("Nf3"));
}

TEST(OpeningTree, TextsTooShortOrTooLongHaveNoWord) {
    EXPECT_EQ(OpeningTree::text_word(""), 0u);
    EXPECT_EQ(OpeningTree::text_word("e"), 0u);
    EXPECT_EQ(OpeningTree::text_word("exd8=Q+#"), 0u);
}

TEST(OpeningTree, ChildFindsTheNodeAddedFromThatParentOnly) {
    OpeningTree tree;
    const Position start = Position::startpos();
    Position after_e4 = start;
    after_e4.make_move(Move(chess::E2, chess::E4));
    const std::uint64_t e4 = OpeningTree::text_word("e4");
    const int node = tree.add(OpeningTree::kStart, e4, Move(chess::E2, chess::E4), after_e4);
    ASSERT_EQ(node, 0);
    EXPECT_EQ(tree.child(OpeningTree::kStart, e4), 0);
    EXPECT_EQ(tree.child(OpeningTree::kStart, OpeningTree::text_word("d4")), -1);
    EXPECT_EQ(tree.child(node, e4), -1);  // the same text from another position
    EXPECT_EQ(tree.node(node).move, Move(chess::E2, chess::E4));
    EXPECT_EQ(tree.node(node).position.key(), after_e4.key());
}

TEST(OpeningTree, AddRefusesAMoveItHasAndMovesBeyondItsCapacity) {
    OpeningTree tree;
    const Position start = Position::startpos();
    const std::uint64_t nf3 = OpeningTree::text_word("Nf3");
    ASSERT_EQ(tree.add(OpeningTree::kStart, nf3, Move(chess::G1, chess::F3), start), 0);
    EXPECT_EQ(tree.add(OpeningTree::kStart, nf3, Move(chess::G1, chess::F3), start), -1);
    // Fill the tree with a chain of nodes (the texts need not be moves here).
    for (int parent = 0; tree.size() < OpeningTree::kCapacity; ++parent)
        ASSERT_EQ(tree.add(parent, nf3, Move{}, start), parent + 1);
    EXPECT_EQ(tree.add(OpeningTree::kCapacity - 1, nf3, Move{}, start), -1);
    for (int parent = 0; parent + 1 < OpeningTree::kCapacity; ++parent)
        ASSERT_EQ(tree.child(parent, nf3), parent + 1);
    EXPECT_EQ(tree.child(OpeningTree::kStart, nf3), 0);
}

// A game's record as text: everything the audit found in it.
std::string summary(const GameReport& g) {
    std::string out = fmt::format("{} {} plies {}{}\n", termination_name(g.termination),
                                  g.expected_result, g.plies, g.error ? " error" : "");
    for (const Finding& f : g.findings) {
        out += fmt::format("{} {} {} {} | {} | {} |", rule_id(f.rule), f.ply,
                           static_cast<int>(f.route), f.move, f.fen, f.message);
        for (int i : f.occurrences) out += fmt::format(" {}", i);
        for (const std::string& m : f.moves) out += fmt::format(" {}", m);
        out += "\n";
    }
    return out;
}

struct Audited {
    std::vector<GameReport> games;
    int tree_size = 0;
};

// The games of `text` by one auditor, and the size of its opening tree at the end.
Audited audit_all(std::string_view text) {
    struct Sink final : GameSink {
        std::vector<GameReport> games;
        void game(GameReport&& report) override { games.push_back(std::move(report)); }
    } sink;
    GameAuditor auditor({}, sink);
    pgn::parse_games(text, pgn::TextOrigin{"test.pgn"}, auditor);
    return {std::move(sink.games), auditor.opening_tree().size()};
}

// Games that share their first moves, the shapes the tree must carry: castling, captures, a
// check, en passant, a promotion, repetitions inside the shared line, mate and stalemate.
const std::vector<std::string>& shared_opening_games() {
    static const std::vector<std::string> games = [] {
        std::vector<std::string> list = {
            game("1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4. Ba4 Nf6 5. O-O Be7 6. Re1 b5 7. Bb3 d6 *"),
            game("1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4. Bxc6 dxc6 5. O-O f6 6. d4 exd4 7. Nxd4 c5 *"),
            game("1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4. Ba4 Nf6 5. O-O Nxe4 6. d4 b5 7. Bb3 d5 *"),
            game("1. e4 e5 2. Nf3 Nc6 3. Bc4 Bc5 4. c3 Nf6 5. d4 exd4 6. cxd4 Bb4+ 7. Bd2 Bxd2+ "
                 "8. Nbxd2 d5 *"),
            game(
                "1. e4 d5 2. e5 f5 3. exf6 Nxf6 4. Nf3 Nc6 5. Ng1 Nb8 6. Nf3 Nc6 7. Ng1 Nb8 8. Nf3 "
                "Nc6 *"),
            game("1. f3 e5 2. g4 Qh4# 0-1"),
            game("1. f3 e5 2. g4 d5 3. h4 Qxh4+ 4. Rxh4 *"),
            game("1. Nf3 Nf6 2. Ng1 Ng8 3. Nf3 Nf6 4. Ng1 Ng8 *"),
            game("1. Nf3 Nf6 2. Ng1 Ng8 3. Nf3 Nf6 4. Ng1 Ng8 5. Nf3 Nf6 6. Ng1 Ng8 *"),
            game("1. Nf3 Nf6 2. Ng1 Ng8 3. e4 *"),
            game("1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4. Ba4 Nf6 5. O-O {a comment} Be7 6. Re1 b5 *"),

            game("1. a4 b5 2. axb5 a6 3. bxa6 Bb7 4. axb7 Nc6 5. bxa8=Q Qxa8 *"),
            game("1. e4 f5 2. exf5 g5 3. fxg6 h5 4. g7 h4 5. gxh8=N *"),
            game("1. e3 a5 2. Qh5 Ra6 3. Qxa5 h5 4. h4 Rah6 5. Qxc7 f6 6. Qxd7+ Kf7 7. Qxb7 Qd3 "
                 "8. Qxb8 Qh7 9. Qxc8 Kg6 10. Qe6 1/2-1/2"),
            // 5. 0-0 (castling written with zeros) goes through the reader's general path, 5...
            // Nd5 through the fast path again: the game left the tree at 0-0, which must not be
            // followed on from 4... Bc5, where the tree has 5. Nd5 of the next game.
            game("1. e4 e5 2. Nf3 Nf6 3. Nc3 Nc6 4. Bc4 Bc5 5. 0-0 Nd5 6. Nxd5 d6 7. d3 Be6 8. Be3 "
                 "Bxe3 9. fxe3 Qd7 *"),
            game(
                "1. e4 e5 2. Nf3 Nf6 3. Nc3 Nc6 4. Bc4 Bc5 5. Nd5 Nxd5 6. exd5 Ne7 7. d3 d6 8. Be3 "
                "Bxe3 9. fxe3 Nf5 *"),
        };
        // A comment sends the first moves through the reader's general path and the rest
        // through the fast path, which resumes at a token the comment's length decides (Nf3,
        // a first move the tree has, among them): the tree must not be followed from there.
        for (int length = 1; length <= 12; ++length) {
            list.push_back(game("1. e4 {" + std::string(static_cast<std::size_t>(length), 'c') +
                                "} e5 2. Nf3 Nf6 3. Ng1 Ng8 4. Nf3 Nf6 5. Ng1 Ng8 6. Nf3 Nf6 7. "
                                "Ng1 Ng8 8. Nf3 Nf6 9. Ng1 Ng8 10. Nf3 Nf6 *"));
        }
        return list;
    }();
    return games;
}

TEST(OpeningTreeAudit, GamesThatFollowEachOthersOpeningsGetTheFindingsTheyGetAlone) {
    // Each list of games several times over, so that later copies follow the tree deep into
    // lines the earlier ones grew (it grows by one move per game).
    std::string text;
    std::vector<std::string> alone;
    for (int round = 0; round < 12; ++round) {
        for (const std::string& g : shared_opening_games()) {
            text += g + "\n";
            if (round == 0) alone.push_back(summary(audit_one(g)));
        }
    }
    const auto [together, tree_size] = audit_all(text);
    const std::size_t n = shared_opening_games().size();
    ASSERT_EQ(together.size(), 12 * n);
    EXPECT_GT(tree_size, 50);  // the games were read by the fast path, which grows the tree
    for (std::size_t i = 0; i < together.size(); ++i)
        EXPECT_EQ(summary(together[i]), alone[i % n])
            << "game " << i + 1 << " (round " << i / n << ")";
}

TEST(OpeningTreeAudit, AGameFromAFenIsNotReplayedFromTheTree) {
    // The same movetext from another position: the first games grow the tree with it, the FEN
    // game must still be played from its own position.
    constexpr std::string_view moves =
        "1. Nf3 Nf6 2. Ng1 Ng8 3. Nf3 Nf6 4. Ng1 Ng8 5. Nf3 Nf6 6. Ng1 Ng8 7. Nf3 Nf6 *";
    constexpr std::string_view fen = "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 1";
    std::string text;
    for (int i = 0; i < 16; ++i) text += game(moves) + "\n";
    text += fen_game(fen, moves);
    const auto [games, tree_size] = audit_all(text);
    ASSERT_EQ(games.size(), 17u);
    EXPECT_GE(tree_size, 14);  // the whole line
    EXPECT_EQ(summary(games.back()), summary(audit_one(fen_game(fen, moves))));
    const auto f = finding_at(games.back(), Rule::ThreefoldClaim, 8, Route::Appeared);
    ASSERT_TRUE(f);
    EXPECT_EQ(f->fen, "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 8 5");
}

TEST(OpeningTreeAudit, AChess960GameIsNotReplayedFromTheTree) {
    // Kg1 is castling in standard chess only (Chess960 writes king takes rook): a Chess960 game
    // that followed the tree would get its standard positions and accept it.
    constexpr std::string_view line =
        "1. e4 e5 2. Nf3 Nc6 3. Bc4 Bc5 4. d3 d6 5. Nc3 Nf6 6. Be3 Be6 7. Qd2 Qd7 8. ";
    std::string text;
    for (int i = 0; i < 16; ++i) text += game(std::string(line) + "O-O O-O *") + "\n";
    const std::string chess960 = game(std::string(line) + "Kg1 Kg8 *", "[Variant \"Chess960\"]\n");
    text += chess960;
    const auto [games, tree_size] = audit_all(text);
    ASSERT_EQ(games.size(), 17u);
    EXPECT_GE(tree_size, 14);
    EXPECT_EQ(plies_of(games.back(), Rule::IllegalMove), (std::vector<int>{15}));
    EXPECT_EQ(summary(games.back()), summary(audit_one(chess960)));
    EXPECT_TRUE(
        plies_of(audit_one(game(std::string(line) + "Kg1 Kg8 *")), Rule::IllegalMove).empty());
}

TEST(OpeningTreeAudit, AnIllegalMoveInsideTheTreesLineIsStillReported) {
    std::string text;
    for (int i = 0; i < 14; ++i)
        text += game("1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4. Ba4 Nf6 5. O-O Be7 6. Re1 b5 7. Bb3 d6 *") +
                "\n";
    // 7. Bb4 where the tree has 7. Bb3: the bishop on a4 cannot go there.
    text += game("1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4. Ba4 Nf6 5. O-O Be7 6. Re1 b5 7. Bb4 d6 *");
    const auto [games, tree_size] = audit_all(text);
    ASSERT_EQ(games.size(), 15u);
    EXPECT_EQ(tree_size, 14);
    EXPECT_EQ(plies_of(games.back(), Rule::IllegalMove), (std::vector<int>{13}));
    EXPECT_TRUE(games.back().error);
}

}  // namespace
}  // namespace drawaudit::audit
