#include <gtest/gtest.h>

#include <numeric>
#include <string>
#include <vector>

#include "pgn/reader.hpp"
#include "pgn/shard.hpp"

namespace drawaudit::pgn {
namespace {

std::vector<ShardInput> plain_and_whole() {
    // Plain files of several sizes, two compressed ones and standard input twice.
    return {{1000, true, false},  {5000, false, false}, {1, true, false}, {0, false, true},
            {77777, true, false}, {300, false, false},  {0, false, true}, {4096, true, false}};
}

TEST(ShardSpec, ParsesKOfNAndRejectsTheRest) {
    const auto spec = parse_shard_spec("2/7");
    ASSERT_TRUE(spec);
    EXPECT_EQ(spec->index, 2u);
    EXPECT_EQ(spec->count, 7u);
    for (const char* bad : {"0/3", "4/3", "3", "/3", "1/", "a/b", "1/3x", "-1/3", ""}) {
        EXPECT_FALSE(parse_shard_spec(bad)) << bad;
    }
}

TEST(PlanShard, EveryByteOfEveryPlainFileInExactlyOneShard) {
    const auto inputs = plain_and_whole();
    for (unsigned n : {1u, 2u, 3u, 7u, 16u, 100u}) {
        std::vector<std::vector<std::pair<std::uint64_t, std::uint64_t>>> ranges(inputs.size());
        std::vector<int> whole_owners(inputs.size(), 0);
        for (unsigned k = 1; k <= n; ++k) {
            for (const NominalPiece& piece : plan_shard(inputs, ShardSpec{k, n})) {
                if (piece.whole) {
                    EXPECT_FALSE(inputs[piece.input].splittable);
                    ++whole_owners[piece.input];
                } else {
                    ranges[piece.input].emplace_back(piece.begin, piece.end);
                }
            }
        }
        for (std::size_t i = 0; i < inputs.size(); ++i) {
            if (!inputs[i].splittable) {
                EXPECT_EQ(whole_owners[i], 1) << "input " << i << " of " << n;
                continue;
            }
            std::sort(ranges[i].begin(), ranges[i].end());
            std::uint64_t at = 0;
            for (const auto& [begin, end] : ranges[i]) {
                EXPECT_EQ(begin, at) << "input " << i << " of " << n;
                EXPECT_LT(begin, end);
                at = end;
            }
            EXPECT_EQ(at, inputs[i].size) << "input " << i << " of " << n;
        }
    }
}

TEST(PlanShard, StandardInputGoesToOneShard) {
    const auto inputs = plain_and_whole();
    int shards_with_stdin = 0;
    for (unsigned k = 1; k <= 7; ++k) {
        int here = 0;
        for (const NominalPiece& piece : plan_shard(inputs, ShardSpec{k, 7}))
            here += inputs[piece.input].is_stdin ? 1 : 0;
        EXPECT_TRUE(here == 0 || here == 2);
        shards_with_stdin += here > 0 ? 1 : 0;
    }
    EXPECT_EQ(shards_with_stdin, 1);
}

TEST(PlanShard, BalancesWholeFilesAndPlainBytes) {
    // One big compressed file: the plain bytes go to the other shards.
    const std::vector<ShardInput> inputs = {{600, false, false}, {600, true, false}};
    std::vector<std::uint64_t> load(3, 0);
    for (unsigned k = 1; k <= 3; ++k) {
        for (const NominalPiece& piece : plan_shard(inputs, ShardSpec{k, 3}))
            load[k - 1] += piece.whole ? inputs[piece.input].size : piece.end - piece.begin;
    }
    EXPECT_EQ(load, (std::vector<std::uint64_t>{600, 300, 300}));
}

TEST(FindCutInWindow, AnEventTagIsACut) {
    const std::string text = "1. e4 e5 *\n\n[Event \"x\"]\n";
    const WindowCut cut = find_cut_in_window(text, 1, true, true);
    ASSERT_EQ(cut.kind, WindowCut::Kind::Found);
    EXPECT_EQ(text.substr(cut.at, 6), "[Event");
}

TEST(FindCutInWindow, NoCutInsideATagSection) {
    const std::string text = "[Event \"x\"]\n[Site \"y\"]\n\n1. e4 *\n";
    // From after the Event line: [Site follows a ']' line, so it is no cut; none up to the end.
    EXPECT_EQ(find_cut_in_window(text, 3, true, true).kind, WindowCut::Kind::NoneToEnd);
}

TEST(FindCutInWindow, AsksForMoreWhereTheRuleNeedsIt) {
    // The candidate's previous line starts before the window.
    const std::string text = "e4 e5 *\n[Site \"y\"]\n";
    EXPECT_EQ(find_cut_in_window(text, 0, false, true).kind, WindowCut::Kind::NeedBefore);
    // The candidate line is cut off by the end of the window.
    const std::string cut_off = "1. e4 *\n\n[Eve";
    EXPECT_EQ(find_cut_in_window(cut_off, 1, true, false).kind, WindowCut::Kind::NeedAfter);
    // Nothing and the file goes on.
    EXPECT_EQ(find_cut_in_window("1. e4 e5 2. Nf3", 0, true, false).kind,
              WindowCut::Kind::NeedAfter);
}

TEST(FindCutInWindow, NoCutAfterAnEscapeLine) {
    const std::string text = "*\n% escape ]\n[White \"a\"]\n";
    EXPECT_EQ(find_cut_in_window(text, 1, true, true).kind, WindowCut::Kind::NoneToEnd);
}

}  // namespace
}  // namespace drawaudit::pgn
