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
    void step(Number starts_window) {
        number_ = static_cast<Number>(number_ + starts_window);
        if (number_ == 0) [[unlikely]] {  // wrapped: entries of old windows would match again
            seen_ = {};
            number_ = 1;
        }
    }
    // Marks `key` as occurred in the current window; returns whether its entry matched already.
    bool mark(std::uint64_t key) {
        Number& seen = seen_[key >> (64 - kBits)];
        const bool matched = seen == number_;
        seen = number_;
        return matched;
    }

  private:
    static constexpr int kBits = 9;
    Number number_ = 1;  // entries start at 0: no key is seen in window 1 until marked
    std::array<Number, std::size_t{1} << kBits> seen_{};
};

using WindowKeys = BasicWindowKeys<std::uint32_t>;

}  // namespace drawaudit::audit
