#include "pipeline.hpp"

#include <chrono>
#include <condition_variable>
#include <deque>
#include <filesystem>
#include <map>
#include <memory>
#include <mutex>
#include <thread>

#include <spdlog/spdlog.h>

#include "interrupt.hpp"
#include "pgn/reader.hpp"
#include "pgn/source.hpp"
#include "progress.hpp"

namespace drawaudit::app {
namespace {

using Clock = std::chrono::steady_clock;

// One chunk of one file on its way through the pipeline. Jobs are recycled, so their buffers
// (the chunk text, the report vector) keep their capacity.
struct Job {
    std::uint64_t sequence = 0;
    std::size_t file_index = 0;
    pgn::Chunk chunk;
    std::vector<audit::GameReport> reports;
    std::uint64_t games = 0;  // games the reader found in the chunk
};

class CollectingSink final : public audit::GameSink {
  public:
    void game(audit::GameReport&& report) override { target->push_back(std::move(report)); }
    std::vector<audit::GameReport>* target = nullptr;
};

// The state shared by the reader, the workers and the ordered writer stage. At most `capacity`
// jobs exist at once, which bounds memory whatever the input size.
class JobBoard {
  public:
    explicit JobBoard(std::size_t capacity) : capacity_(capacity) {}

    // Reader: a free job, or nullptr when the run is aborted.
    std::unique_ptr<Job> acquire() {
        std::unique_lock lock(mutex_);
        while (!aborted_ && in_flight_ >= capacity_) {
            room_.wait_for(lock, std::chrono::milliseconds(100));
            if (interrupted()) aborted_ = true;
        }
        if (aborted_) return nullptr;
        ++in_flight_;
        if (free_.empty()) return std::make_unique<Job>();
        auto job = std::move(free_.back());
        free_.pop_back();
        return job;
    }
    // Reader: a job it took but did not fill.
    void give_back(std::unique_ptr<Job> job) {
        std::lock_guard lock(mutex_);
        --in_flight_;
        free_.push_back(std::move(job));
        room_.notify_all();
    }
    void submit(std::unique_ptr<Job> job) {
        std::lock_guard lock(mutex_);
        job->sequence = submitted_++;
        pending_.push_back(std::move(job));
        work_.notify_one();
    }
    void reading_done() {
        std::lock_guard lock(mutex_);
        reading_done_ = true;
        work_.notify_all();
        finished_cv_.notify_all();
    }

    // Worker: the next job to audit, or nullptr when there is none left.
    std::unique_ptr<Job> next_to_audit() {
        std::unique_lock lock(mutex_);
        work_.wait(lock, [&] { return aborted_ || !pending_.empty() || reading_done_; });
        if (aborted_ || pending_.empty()) return nullptr;
        auto job = std::move(pending_.front());
        pending_.pop_front();
        return job;
    }
    void audited(std::unique_ptr<Job> job) {
        std::lock_guard lock(mutex_);
        const auto sequence = job->sequence;
        finished_.emplace(sequence, std::move(job));
        finished_cv_.notify_all();
    }

    // Writer: the job with this sequence number once audited, or nullptr at the end of the run.
    std::unique_ptr<Job> take_in_order(std::uint64_t sequence) {
        std::unique_lock lock(mutex_);
        for (;;) {
            if (interrupted()) abort_locked();
            if (aborted_) return nullptr;
            if (const auto found = finished_.find(sequence); found != finished_.end()) {
                auto job = std::move(found->second);
                finished_.erase(found);
                return job;
            }
            if (reading_done_ && sequence >= submitted_) return nullptr;
            finished_cv_.wait_for(lock, std::chrono::milliseconds(100));
        }
    }
    void written(std::unique_ptr<Job> job) {
        std::lock_guard lock(mutex_);
        --in_flight_;
        free_.push_back(std::move(job));
        room_.notify_all();
    }

    void abort() {
        std::lock_guard lock(mutex_);
        abort_locked();
    }
    bool aborted() {
        std::lock_guard lock(mutex_);
        return aborted_;
    }

  private:
    void abort_locked() {
        aborted_ = true;
        room_.notify_all();
        work_.notify_all();
        finished_cv_.notify_all();
    }

    std::mutex mutex_;
    std::condition_variable room_, work_, finished_cv_;
    const std::size_t capacity_;
    std::size_t in_flight_ = 0;
    std::uint64_t submitted_ = 0;
    bool reading_done_ = false;
    bool aborted_ = false;
    std::deque<std::unique_ptr<Job>> pending_;
    std::map<std::uint64_t, std::unique_ptr<Job>> finished_;
    std::vector<std::unique_ptr<Job>> free_;
};

std::uint64_t total_input_size(const std::vector<std::string>& files) {
    std::uint64_t total = 0;
    for (const std::string& file : files) {
        std::error_code error;
        const auto size = file == "-" ? 0 : std::filesystem::file_size(file, error);
        if (error || file == "-") return 0;  // unknown: no ETA
        total += size;
    }
    return total;
}

// What the reader thread shares with the rest of the run. Held by shared_ptr: a reader blocked
// in read() on a pipe that stays open must not keep an aborted run from ending, so it may be
// left behind (detached) with its own reference.
struct ReaderState {
    ReaderState(const PipelineSettings& run_settings, std::size_t capacity)
        : settings(run_settings), board(capacity) {}
    const PipelineSettings settings;
    JobBoard board;
    ProgressCounters progress;
    std::atomic<std::uint64_t> files_opened{0}, io_errors{0};
    std::atomic<bool> finished{false};
};

// Reads every file into chunks (one thread: sources such as one zstd stream are sequential).
void read_inputs(ReaderState& state) {
    const PipelineSettings& settings = state.settings;
    JobBoard& board = state.board;
    ProgressCounters& progress = state.progress;
    std::atomic<std::uint64_t>& files_opened = state.files_opened;
    std::atomic<std::uint64_t>& io_errors = state.io_errors;
    std::uint64_t earlier_input_bytes = 0;
    for (std::size_t index = 0; index < settings.files.size() && !board.aborted(); ++index) {
        const std::string& path = settings.files[index];
        auto source = pgn::open_source(path);
        if (!source) {
            spdlog::error("{}: {}", source.error().path.empty() ? path : source.error().path,
                          source.error().message);
            ++io_errors;
            continue;
        }
        ++files_opened;
        pgn::GameChunker chunker(**source, settings.chunk_bytes);
        for (;;) {
            auto job = board.acquire();
            if (!job) break;
            const auto more = chunker.next(job->chunk);
            progress.input_bytes.store(earlier_input_bytes + (*source)->input_bytes_consumed(),
                                       std::memory_order_relaxed);
            if (!more) {
                spdlog::error("{}: {}", more.error().path.empty() ? path : more.error().path,
                              more.error().message);
                ++io_errors;
                board.give_back(std::move(job));
                break;
            }
            if (!*more) {
                board.give_back(std::move(job));
                break;
            }
            job->file_index = index;
            board.submit(std::move(job));
        }
        earlier_input_bytes += (*source)->input_bytes_consumed();
    }
    board.reading_done();
    state.finished = true;
}

void audit_chunks(const PipelineSettings& settings, JobBoard& board, std::atomic<bool>& failed) {
    CollectingSink sink;
    audit::GameAuditor auditor(settings.audit, sink);
    while (auto job = board.next_to_audit()) {
        try {
            job->reports.clear();
            sink.target = &job->reports;
            // Game numbers start at 1 in every chunk; the ordered stage adds the earlier chunks'.
            job->games = pgn::parse_chunk(job->chunk, settings.files[job->file_index], 1, auditor);
        } catch (const std::exception& error) {
            spdlog::critical("{}: internal error while auditing: {}",
                             settings.files[job->file_index], error.what());
            failed = true;
            board.abort();
            return;
        }
        board.audited(std::move(job));
    }
}

}  // namespace

PipelineResult run_pipeline(const PipelineSettings& settings, const FindingFilter& filter,
                            report::Writer& writer) {
    const auto start = Clock::now();
    PipelineResult result;
    const unsigned threads = std::max(1u, settings.threads);
    auto state = std::make_shared<ReaderState>(settings, 2 * static_cast<std::size_t>(threads) + 1);
    JobBoard& board = state->board;
    ProgressCounters& progress = state->progress;
    progress.input_total = total_input_size(settings.files);
    std::atomic<bool> failed{false};

    std::thread reader([state] { read_inputs(*state); });
    std::vector<std::thread> workers;
    workers.reserve(threads);
    for (unsigned i = 0; i < threads; ++i) {
        workers.emplace_back(audit_chunks, std::cref(state->settings), std::ref(board),
                             std::ref(failed));
    }

    {
        ProgressLine line(progress, settings.progress);
        writer.begin();
        std::size_t current_file = static_cast<std::size_t>(-1);
        std::uint64_t games_before_chunk = 0;  // games of the file in earlier chunks
        for (std::uint64_t sequence = 0;; ++sequence) {
            auto job = board.take_in_order(sequence);
            if (!job) break;
            if (job->file_index != current_file) {
                current_file = job->file_index;
                games_before_chunk = 0;
            }
            for (audit::GameReport& report : job->reports) {
                report.game += games_before_chunk;
                filter.apply(report);
                for (const audit::Finding& f : report.findings) {
                    if (!result.worst || f.severity > *result.worst) result.worst = f.severity;
                }
                result.summary.add(report);
                writer.game(report);
            }
            games_before_chunk += std::max<std::uint64_t>(job->games, job->reports.size());
            result.summary.bytes += job->chunk.text.size();
            progress.games.store(result.summary.games, std::memory_order_relaxed);
            progress.bytes.store(result.summary.bytes, std::memory_order_relaxed);
            board.written(std::move(job));
            if (writer.failed()) {
                board.abort();
                break;
            }
        }
        if (interrupted()) board.abort();
        for (auto& worker : workers) worker.join();
        if (board.aborted()) {
            // An aborted reader stops at its next chunk; one blocked reading a pipe that stays
            // open would never get there, so it is given a moment and then left behind.
            for (int i = 0; i < 50 && !state->finished; ++i) {
                std::this_thread::sleep_for(std::chrono::milliseconds(10));
            }
            if (!state->finished) {
                spdlog::debug("the reader is still blocked in a read; not waiting for it");
                reader.detach();
            }
        }
        if (reader.joinable()) reader.join();
    }

    result.summary.files = state->files_opened;
    result.io_errors = state->io_errors + settings.path_errors;
    result.summary.io_errors = result.io_errors;
    result.interrupted = interrupted();
    result.failed = failed;
    result.summary.seconds = std::chrono::duration<double>(Clock::now() - start).count();
    if (!result.interrupted && !result.failed) writer.end(result.summary);
    return result;
}

}  // namespace drawaudit::app
