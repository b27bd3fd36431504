#include "audit/window_keys.hpp"

#include <gtest/gtest.h>

#include <cstdint>

namespace drawaudit::audit {
namespace {

constexpr std::uint64_t kKey = 0x9E3779B97F4A7C15ULL;
constexpr std::uint64_t kOtherTopBits = kKey ^ (std::uint64_t{1} << 63);

TEST(WindowKeys, FirstMarkOfAKeyIsNotSeen) {
    WindowKeys keys;
    EXPECT_FALSE(keys.mark(kKey));
}

TEST(WindowKeys, SecondMarkInTheSameWindowIsSeen) {
    WindowKeys keys;
    keys.mark(kKey);
    EXPECT_TRUE(keys.mark(kKey));
}

TEST(WindowKeys, StepZeroKeepsTheWindow) {
    WindowKeys keys;
    keys.mark(kKey);
    keys.step(0);
    EXPECT_TRUE(keys.mark(kKey));
}

TEST(WindowKeys, StepOneStartsAnEmptyWindow) {
    WindowKeys keys;
    keys.mark(kKey);
    keys.step(1);
    EXPECT_FALSE(keys.mark(kKey));
}

TEST(WindowKeys, KeysWithOtherTopBitsAreApart) {
    WindowKeys keys;
    keys.mark(kKey);
    EXPECT_FALSE(keys.mark(kOtherTopBits));
}

TEST(WindowKeys, KeysSharingTopBitsShareTheEntry) {
    // A filter, not a set: the caller confirms a match against the history.
    WindowKeys keys;
    keys.mark(kKey);
    EXPECT_TRUE(keys.mark(kKey ^ 1));
}

TEST(WindowKeys, WrapOfTheWindowNumberForgetsKeysOfTheFirstWindow) {
    // After the wrap the numbering starts again at window 1: without clearing the entries, a key
    // of the very first window would match there.
    BasicWindowKeys<std::uint8_t> keys;
    keys.mark(kKey);                             // in window 1
    for (int i = 0; i < 255; ++i) keys.step(1);  // windows 2..255, then the wrap to window 1
    EXPECT_FALSE(keys.mark(kKey));
}

TEST(WindowKeys, WrapOfTheWindowNumberStartsAnEmptyWindow) {
    BasicWindowKeys<std::uint8_t> keys;
    for (int i = 0; i < 254; ++i) keys.step(1);  // window 255, the last before the wrap
    keys.mark(kKey);
    keys.step(1);
    EXPECT_FALSE(keys.mark(kKey));
    EXPECT_TRUE(keys.mark(kKey));
}

}  // namespace
}  // namespace drawaudit::audit
