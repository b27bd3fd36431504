#include "live/identity.hpp"

#include <gtest/gtest.h>

namespace drawaudit::live {
namespace {

TEST(Identity, GameIdTagComesFirst) {
    GameTags tags{.game_id = "abc", .event = "Open", .round = "5.12", .white = "A", .black = "B"};
    EXPECT_EQ(identity_key(tags),
              "id\x1f"
              "abc");
}

TEST(Identity, RoundWithDotGivesRoundAndBoard) {
    const RoundAndBoard where = round_and_board(GameTags{.round = "5.12"});
    EXPECT_EQ(where.round, "5");
    EXPECT_EQ(where.board, "12");
}

TEST(Identity, BoardTagWinsOverTheRoundsDot) {
    EXPECT_EQ(round_and_board(GameTags{.round = "5.12", .board = "3"}).board, "3");
}

TEST(Identity, EventRoundAndBoardBeforePlayers) {
    const GameTags tags{.event = "Open", .round = "5.12", .white = "A", .black = "B"};
    EXPECT_EQ(identity_key(tags),
              "board\x1fOpen\x1f"
              "5\x1f"
              "12");
}

TEST(Identity, FideIdsWhereBothAreGiven) {
    GameTags tags{
        .round = "5", .white = "A", .black = "B", .white_fide_id = "1", .black_fide_id = "2"};
    EXPECT_EQ(identity_key(tags),
              "fide\x1f"
              "5\x1f"
              "1\x1f"
              "2");
    tags.black_fide_id = "";
    EXPECT_EQ(identity_key(tags),
              "players\x1f"
              "5\x1f"
              "A\x1f"
              "B");
}

TEST(Identity, PlaceholderPlayersLeaveTheGameToItsPlace) {
    EXPECT_EQ(identity_key(GameTags{.round = "1", .white = "?", .black = "?"}), "");
}

TEST(Identity, SplitGamesFindsTagsLastMoveAndMarker) {
    const auto games = split_games(
        "[White \"A\"]\n[Black \"B\"]\n[Round \"2.4\"]\n\n1. e4 e5 2. Nf3 *\n\n"
        "[White \"C\"]\n[Black \"D\"]\n\n1. d4 1-0\n",
        "r.pgn");
    ASSERT_EQ(games.size(), 2u);
    EXPECT_EQ(games[0].tags.white, "A");
    EXPECT_EQ(games[0].move_tokens, 3u);
    EXPECT_EQ(games[0].last_san, "Nf3");
    EXPECT_EQ(games[0].marker, "*");
    EXPECT_EQ(games[0].key,
              "board\x1f\x1f"
              "2\x1f"
              "4");
    EXPECT_EQ(games[1].start.game, 2u);
    EXPECT_EQ(games[1].marker, "1-0");
}

TEST(Identity, AnIdentityTwiceInOneReadIsFollowedByPlace) {
    const auto games = split_games(
        "[GameId \"x\"]\n\n1. e4 *\n\n[GameId \"x\"]\n\n1. d4 *\n\n[GameId \"y\"]\n\n1. c4 *\n",
        "r.pgn");
    ASSERT_EQ(games.size(), 3u);
    EXPECT_EQ(games[0].key, place_key(1));
    EXPECT_EQ(games[1].key, place_key(2));
    EXPECT_EQ(games[2].key, "id\x1fy");
}

TEST(Identity, DgtRoundFolderIsReadThroughItsBoardFiles) {
    EXPECT_TRUE(left_to_board_files("games.pgn", {"games.pgn", "game-1.pgn", "game-2.pgn"}));
    EXPECT_FALSE(left_to_board_files("games.pgn", {"games.pgn", "other.pgn"}));
    EXPECT_FALSE(left_to_board_files("game-1.pgn", {"games.pgn", "game-1.pgn"}));
}

TEST(Identity, BoardFileNamesAreGameDashNumber) {
    EXPECT_TRUE(is_board_file("game-12.pgn"));
    EXPECT_FALSE(is_board_file("game-.pgn"));
    EXPECT_FALSE(is_board_file("game-1a.pgn"));
    EXPECT_FALSE(is_board_file("games.pgn"));
}

}  // namespace
}  // namespace drawaudit::live
