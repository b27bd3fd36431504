#include "decompress_ahead.hpp"

#include <time.h>

#include <algorithm>
#include <atomic>
#include <condition_variable>
#include <cstring>
#include <deque>
#include <mutex>
#include <optional>
#include <system_error>
#include <thread>
#include <vector>

namespace drawaudit::app {

namespace {

double thread_cpu_seconds() {
    timespec t{};
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
    return static_cast<double>(t.tv_sec) + static_cast<double>(t.tv_nsec) * 1e-9;
}

class DecompressAhead final : public pgn::ByteSource {
  public:
    DecompressAhead(std::unique_ptr<pgn::ByteSource> inner, std::size_t block_bytes,
                    std::size_t blocks, std::atomic<double>* cpu_seconds)
        : inner_(std::move(inner)),
          cpu_seconds_(cpu_seconds),
          input_size_(inner_->input_size()),
          compression_(inner_->compression()),
          blocks_(blocks) {
        for (std::size_t i = 0; i < blocks; ++i) {
            blocks_[i].bytes.resize(block_bytes);
            free_.push_back(i);
        }
    }
    // Separate from the constructor: a thread that cannot start leaves the caller the inner
    // source back (release_inner).
    void start() {
        thread_ = std::thread([this] {
            const double start = thread_cpu_seconds();
            decompress();
            if (cpu_seconds_ != nullptr)
                cpu_seconds_->fetch_add(thread_cpu_seconds() - start, std::memory_order_relaxed);
        });
    }
    std::unique_ptr<pgn::ByteSource> release_inner() { return std::move(inner_); }

    ~DecompressAhead() override {
        if (!thread_.joinable()) return;
        {
            const std::lock_guard lock(mutex_);
            stopping_ = true;
        }
        space_.notify_one();
        thread_.join();
    }

    tl::expected<std::size_t, pgn::IoError> read(char* buffer, std::size_t capacity) override {
        if (current_ && taken_ == blocks_[*current_].size) {
            {
                const std::lock_guard lock(mutex_);
                free_.push_back(*current_);
            }
            space_.notify_one();
            current_.reset();
        }
        if (!current_) {
            std::unique_lock lock(mutex_);
            data_.wait(lock, [this] { return !filled_.empty() || ended_; });
            if (filled_.empty()) {
                if (error_) return tl::unexpected(*error_);
                return 0;
            }
            current_ = filled_.front();
            filled_.pop_front();
            taken_ = 0;
        }
        const Block& block = blocks_[*current_];
        const std::size_t n = std::min(capacity, block.size - taken_);
        std::memcpy(buffer, block.bytes.data() + taken_, n);
        taken_ += n;
        consumed_seen_ = block.consumed;
        return n;
    }
    // As far as the blocks handed out so far (progress against the file's size).
    std::uint64_t input_bytes_consumed() const override { return consumed_seen_; }
    std::uint64_t input_size() const override { return input_size_; }
    pgn::Compression compression() const override { return compression_; }

  private:
    struct Block {
        std::vector<char> bytes;
        std::size_t size = 0;
        std::uint64_t consumed = 0;  // the inner source's input bytes once this block was read
    };

    // The thread: fills free blocks until the input ends, fails, or the reader goes away.
    void decompress() {
        for (;;) {
            std::size_t index;
            {
                std::unique_lock lock(mutex_);
                space_.wait(lock, [this] { return !free_.empty() || stopping_; });
                if (stopping_) return;
                index = free_.front();
                free_.pop_front();
            }
            Block& block = blocks_[index];
            // A block full, or the input's end: fewer, larger hand-overs.
            std::size_t size = 0;
            std::optional<pgn::IoError> error;
            while (size < block.bytes.size()) {
                auto n = inner_->read(block.bytes.data() + size, block.bytes.size() - size);
                if (!n) {
                    error = std::move(n.error());
                    break;
                }
                if (*n == 0) break;
                size += *n;
            }
            block.size = size;
            block.consumed = inner_->input_bytes_consumed();
            const bool last = error.has_value() || size < block.bytes.size();
            {
                const std::lock_guard lock(mutex_);
                if (size > 0)
                    filled_.push_back(index);
                else
                    free_.push_back(index);
                if (last) {
                    error_ = std::move(error);
                    ended_ = true;
                }
            }
            data_.notify_one();
            if (last) return;
        }
    }

    std::unique_ptr<pgn::ByteSource> inner_;
    std::atomic<double>* const cpu_seconds_;
    const std::uint64_t input_size_;
    const pgn::Compression compression_;
    std::vector<Block> blocks_;

    std::mutex mutex_;
    std::condition_variable data_;   // a block filled, or the end
    std::condition_variable space_;  // a block free, or stopping
    std::deque<std::size_t> free_, filled_;
    std::optional<pgn::IoError> error_;
    bool ended_ = false;
    bool stopping_ = false;

    // The reader's side only.
    std::optional<std::size_t> current_;
    std::size_t taken_ = 0;
    std::uint64_t consumed_seen_ = 0;

    std::thread thread_;
};

}  // namespace

std::unique_ptr<pgn::ByteSource> decompress_ahead(std::unique_ptr<pgn::ByteSource> source,
                                                  std::size_t block_bytes, std::size_t blocks,
                                                  std::atomic<double>* cpu_seconds) {
    auto ahead = std::make_unique<DecompressAhead>(std::move(source), block_bytes,
                                                   std::max<std::size_t>(blocks, 2), cpu_seconds);
    try {
        ahead->start();
    } catch (const std::system_error&) {
        return ahead->release_inner();
    }
    return ahead;
}

}  // namespace drawaudit::app
