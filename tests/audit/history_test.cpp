#include "audit/history.hpp"

#include <gtest/gtest.h>

#include <string_view>
#include <vector>

#include "chess/position.hpp"
#include "chess/san.hpp"

namespace drawaudit::audit {
namespace {

using chess::Color;

// Knights out and back twice (the start position occurs three times), then a pawn move that
// starts a new window, and the knights out and back once more in it.
constexpr std::string_view kMoves[] = {"Nf3", "Nf6", "Ng1", "Ng8", "Nf3", "Nf6", "Ng1",
                                       "Ng8", "e4",  "Nc6", "Nf3", "Nb8", "Ng1", "Nc6"};

pgn::TextPos where(int k) {
    pgn::TextPos pos;
    pos.line = static_cast<std::uint32_t>(k + 1);
    return pos;
}

// Plays kMoves[0, count) into `history` one append_played at a time.
void play_one_by_one(History& history, std::size_t count) {
    history.new_game();
    history.start(chess::Position::startpos(), where(0));
    for (std::size_t i = 0; i < count; ++i) {
        history.make_room(1);
        const auto move = chess::play_san(history.last_position(), kMoves[i], history.next_slot());
        ASSERT_TRUE(move.has_value()) << kMoves[i];
        history.append_played(*move, where(static_cast<int>(i) + 1));
    }
}

// The same moves through one Appender, as the replay's loop plays a run.
void play_through_appender(History& history, std::size_t count) {
    history.new_game();
    history.start(chess::Position::startpos(), where(0));
    history.make_room(static_cast<int>(count) + 1);
    History::Appender appender(history);
    for (std::size_t i = 0; i < count; ++i) {
        const auto move =
            chess::play_san(appender.last_position(), kMoves[i], appender.next_slot());
        ASSERT_TRUE(move.has_value()) << kMoves[i];
        appender.append(*move, where(static_cast<int>(i) + 1));
    }
    appender.save();
}

TEST(HistoryAppender, FindsTheSameOccurrencesAsAppendPlayed) {
    History one_by_one;
    History appended;
    play_one_by_one(one_by_one, std::size(kMoves));
    play_through_appender(appended, std::size(kMoves));
    ASSERT_EQ(appended.last(), one_by_one.last());
    for (int k = 0; k <= appended.last(); ++k) {
        EXPECT_EQ(appended.occurrence(k), one_by_one.occurrence(k)) << k;
        EXPECT_EQ(appended.previous_occurrence(k), one_by_one.previous_occurrence(k)) << k;
        EXPECT_EQ(appended.move(k), one_by_one.move(k)) << k;
        EXPECT_EQ(appended.where(k).line, one_by_one.where(k).line) << k;
    }
}

TEST(HistoryAppender, CountsTheThirdOccurrenceOfTheStart) {
    History history;
    play_through_appender(history, 8);  // back to the start twice
    EXPECT_EQ(history.occurrence(8), 3);
    EXPECT_EQ(history.previous_occurrence(8), 4);
    EXPECT_EQ(history.latest_occurrence(4), 8);
}

TEST(HistoryAppender, StartsAWindowAtAPawnMoveAndForgetsItsRepetitions) {
    History history;
    play_through_appender(history, 10);  // ... Ng8 e4 Nc6
    EXPECT_EQ(history.window_start(), 9);
    EXPECT_FALSE(history.twice_occurred());
}

TEST(HistoryAppender, SavesTheRepetitionsOfTheWindowPerSideToMove) {
    History history;
    play_through_appender(history, 13);  // e4 Nc6 Nf3 Nb8 Ng1: the position after e4 again
    EXPECT_EQ(history.occurrence(13), 2);
    EXPECT_EQ(history.previous_occurrence(13), 9);
    EXPECT_TRUE(history.twice_occurred_with(Color::Black));
    EXPECT_FALSE(history.twice_occurred_with(Color::White));
    EXPECT_TRUE(history.twice_occurred());
}

TEST(HistoryAppender, SavesARepetitionOfEachSideToMove) {
    History history;
    play_through_appender(history, std::size(kMoves));  // ... Ng1 Nc6: the position after Nc6
    EXPECT_EQ(history.occurrence(14), 2);
    EXPECT_EQ(history.previous_occurrence(14), 10);
    EXPECT_TRUE(history.twice_occurred_with(Color::Black));
    EXPECT_TRUE(history.twice_occurred_with(Color::White));
}

TEST(HistoryAppender, ReportsTheAppendedStateBeforeItIsSaved) {
    History history;
    history.new_game();
    history.start(chess::Position::startpos(), where(0));
    history.make_room(2);
    History::Appender appender(history);
    const auto move = chess::play_san(appender.last_position(), "e4", appender.next_slot());
    ASSERT_TRUE(move.has_value());
    appender.append(*move, where(1));
    EXPECT_EQ(appender.last(), 1);
    EXPECT_EQ(appender.last_position().side_to_move(), Color::Black);
    EXPECT_FALSE(appender.twice_occurred());
}

}  // namespace
}  // namespace drawaudit::audit
