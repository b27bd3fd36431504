// Which position keys the current repetition window holds, as a filter: a key it has not seen
// has certainly not occurred in the window; a key it has seen may have (the caller compares).
#pragma once

#include <array>
#include <cstdint>

namespace drawaudit::audit {

// Entry i holds the number of the latest window in which a key with top bits i occurred, so a
// new window is started by one increment instead of clearing the filter. Windows start about
// every third half-move, unpredictably (a pawn move or capture), so the auditor starts them
// without a branch: step(1) starts one, step(0) keeps the current one. `Number` is a template
// parameter so that tests can reach the wrap-around of a narrow one.
template <typename Number>
class BasicWindowKeys {
  public:
    void step(Number starts_window) { number_ = stepped(number_, starts_window); }
    // Marks `key` as occurred in the current window; returns whether its entry matched already.
    bool mark(std::uint64_t key) { return mark_in(seen_.data(), number_, key); }

    // For a loop that keeps the current window's number in a local (History::Appender): the
    // entries, the number, and step() and mark() on them.
    Number* entries() { return seen_.data(); }
    Number number() const { return number_; }
    void set_number(Number number) { number_ = number; }
    // The number after step(starts_window) from `number`, the entries cleared on a wrap.
    Number stepped(Number number, Number starts_window) {
        number = static_cast<Number>(number + starts_window);
        if (number == 0) [[unlikely]]
            number = restart();
        return number;
    }
    static bool mark_in(Number* entries, Number number, std::uint64_t key) {
        Number& seen = entries[key >> (64 - kBits)];
        const bool matched = seen == number;
        seen = number;
        return matched;
    }

  private:
    // Wrapped: the entries of old windows would match again.
    [[gnu::cold, gnu::noinline]] Number restart() {
        seen_ = {};
        return 1;
    }
    static constexpr int kBits = 9;
    Number number_ = 1;  // entries start at 0: no key is seen in window 1 until marked
    std::array<Number, std::size_t{1} << kBits> seen_{};
};

using WindowKeys = BasicWindowKeys<std::uint32_t>;

}  // namespace drawaudit::audit
