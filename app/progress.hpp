// The progress line on stderr (games, MB/s, ETA from input bytes against the file sizes), redrawn a
// few times per second by its own thread, never written into the report.
#pragma once

#include <atomic>
#include <condition_variable>
#include <cstdint>
#include <mutex>
#include <thread>

namespace drawaudit::app {

struct ProgressCounters {
    std::atomic<std::uint64_t> games{0};        // games written
    std::atomic<std::uint64_t> bytes{0};        // decompressed bytes audited
    std::atomic<std::uint64_t> input_bytes{0};  // input (compressed) bytes read
    std::atomic<std::uint64_t> input_total{0};  // sum of the input file sizes (0: unknown)
};

class ProgressLine {
  public:
    ProgressLine(const ProgressCounters& counters, bool enabled);
    ~ProgressLine();  // stops the thread and clears the line
    ProgressLine(const ProgressLine&) = delete;
    ProgressLine& operator=(const ProgressLine&) = delete;

  private:
    void run();
    void draw(double seconds);

    const ProgressCounters& counters_;
    bool enabled_;
    std::mutex mutex_;
    std::condition_variable wake_;
    bool stop_ = false;
    bool drawn_ = false;
    std::thread thread_;
};

}  // namespace drawaudit::app
