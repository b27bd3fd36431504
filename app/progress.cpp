#include "progress.hpp"

#include <chrono>
#include <cstdio>

#include <fmt/format.h>

namespace drawaudit::app {

ProgressLine::ProgressLine(const ProgressCounters& counters, bool enabled)
    : counters_(counters), enabled_(enabled) {
    if (enabled_) thread_ = std::thread([this] { run(); });
}

ProgressLine::~ProgressLine() {
    if (!enabled_) return;
    {
        std::lock_guard lock(mutex_);
        stop_ = true;
    }
    wake_.notify_all();
    thread_.join();
    if (drawn_) std::fputs("\r\x1b[K", stderr);
}

void ProgressLine::run() {
    using clock = std::chrono::steady_clock;
    const auto start = clock::now();
    std::unique_lock lock(mutex_);
    // Nothing for the first half second: short runs stay quiet.
    if (wake_.wait_for(lock, std::chrono::milliseconds(500), [&] { return stop_; })) return;
    do {
        draw(std::chrono::duration<double>(clock::now() - start).count());
    } while (!wake_.wait_for(lock, std::chrono::milliseconds(250), [&] { return stop_; }));
}

void ProgressLine::draw(double seconds) {
    const std::uint64_t games = counters_.games.load(std::memory_order_relaxed);
    const std::uint64_t bytes = counters_.bytes.load(std::memory_order_relaxed);
    const std::uint64_t input = counters_.input_bytes.load(std::memory_order_relaxed);
    const std::uint64_t total = counters_.input_total.load(std::memory_order_relaxed);
    std::string line = fmt::format("\r\x1b[Kdrawaudit: {} games, {:.1f} MB/s", games,
                                   seconds > 0 ? static_cast<double>(bytes) / 1e6 / seconds : 0.0);
    if (total > 0 && input > 0 && input <= total) {
        const double fraction = static_cast<double>(input) / static_cast<double>(total);
        const double remaining = seconds / fraction - seconds;
        const auto eta = static_cast<long long>(remaining + 0.5);
        line += fmt::format(", {:.0f}%, ETA {}:{:02}", fraction * 100, eta / 60, eta % 60);
    }
    std::fputs(line.c_str(), stderr);
    std::fflush(stderr);
    drawn_ = true;
}

}  // namespace drawaudit::app
