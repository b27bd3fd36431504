// The pipeline's jobs and the board that hands them between the readers, the workers and the
// ordered writer stage (pipeline.cpp). In a header of its own so that its waits, its abort and
// its bound on memory are unit-tested apart from the threads that use it (job_board_test.cpp).
#pragma once

#include <chrono>
#include <compare>
#include <condition_variable>
#include <cstddef>
#include <cstdint>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <vector>

#include "audit/finding.hpp"
#include "interrupt.hpp"
#include "pgn/reader.hpp"
#include "pipeline.hpp"
#include "report/writer.hpp"

namespace drawaudit::app {

// Where a chunk goes in the output: files in input order, the chunks of a file in file order.
struct ChunkPosition {
    std::size_t file = 0;
    std::uint64_t chunk = 0;
    auto operator<=>(const ChunkPosition&) const = default;
};

// One chunk of one file on its way through the pipeline. Jobs are recycled, so their buffers
// (the chunk text, the report vector) keep their capacity.
struct Job {
    ChunkPosition position;
    pgn::Chunk chunk;
    // The chunk's records are reports[0, report_count). Jobs are pooled and the records past
    // report_count are those of an earlier chunk: kept so that their strings' capacity is reused.
    std::vector<audit::GameReport> reports;
    std::size_t report_count = 0;  // the chunk's records (also when the worker formats them)
    std::uint64_t games = 0;       // games the reader found in the chunk
    // When the workers format the records (see run_pipeline): their text, and what the ordered
    // stage takes of them for the run, in place of `reports`.
    report::FormattedRecords formatted;
    audit::Summary summary;
    std::optional<audit::Severity> worst;
    // With --baseline (issue 20): the formatted games that have findings, as the filter left
    // them, and where their text is. Only the ordered stage knows whether a game's identity
    // occurred before, which changes its fingerprints and so what the baseline holds: it counts
    // these games, and formats again the rare ones whose occurrence is not 0. Pooled like
    // `reports`: held[0, held_count).
    struct HeldGame {
        audit::GameReport report;        // the game's record, without the findings below
        std::size_t begin = 0, end = 0;  // of its records in formatted.text
        // The findings the baseline holds at occurrence 0, moved aside, and their places in
        // report.findings: the rare game whose occurrence is not 0 gets them back.
        std::vector<audit::Finding> baselined;
        std::vector<std::size_t> baselined_at;
        std::uint64_t game_in_chunk = 0;
        std::optional<audit::Severity> worst;  // of its findings at occurrence 0
    };
    std::vector<HeldGame> held;
    std::size_t held_count = 0;
};

// The board's record of one input file.
struct FileProgress {
    std::uint64_t chunks = 0;  // submitted so far; final once `read` is set
    bool read = false;         // its reader is done with it
    std::string error;         // why it could not be opened or read to the end, if so
    bool opened = false;
    std::uint64_t line_breaks = 0;  // in what its reader handed out
};

// The state shared by the readers, the workers and the ordered writer stage.
//
// Memory: at most `capacity` jobs exist, whatever the input size and the number of files.
//
// Why `reserve` of them are kept for the file the writer is on (the head file): the writer takes
// the chunks strictly in order, so jobs of later files stay on the board until the writer gets to
// them. If they could take every job, the head file's reader would wait for a free job that only
// the writer can release, while the writer waits for that reader's next chunk: a deadlock. Later
// files hold at most capacity - reserve jobs, so when the head file's reader finds no room, at
// least `reserve` jobs are the head file's own: chunks the writer takes next, so room frees up
// again. Once the writer moves on, the next file becomes the head and may use the reserve.
class JobBoard {
  public:
    JobBoard(std::size_t files, std::size_t capacity, std::size_t reserve)
        : capacity_(capacity), reserve_(reserve), files_(files) {}

    // Raises the number of jobs (never lowers it): see run_pipeline, for compressed input.
    void raise_capacity(std::size_t capacity) {
        std::lock_guard lock(mutex_);
        if (capacity <= capacity_) return;
        capacity_ = capacity;
        room_.notify_all();
    }

    // Reader of `file`: a free job for the file's next chunk, or nullptr when the run is aborted.
    std::unique_ptr<Job> acquire(std::size_t file) {
        std::unique_lock lock(mutex_);
        while (!aborted_ && !has_room(file)) {
            room_.wait_for(lock, std::chrono::milliseconds(100));
            if (interrupted()) abort_locked();
        }
        if (aborted_) return nullptr;
        ++jobs_in_flight_;
        std::unique_ptr<Job> job;
        if (free_.empty()) {
            job = std::make_unique<Job>();
        } else {
            job = std::move(free_.back());
            free_.pop_back();
        }
        job->position.file = file;
        return job;
    }
    // Reader: a job it took but did not fill.
    void give_back(std::unique_ptr<Job> job) {
        std::lock_guard lock(mutex_);
        release_locked(std::move(job));
    }
    void submit(std::unique_ptr<Job> job) {
        std::lock_guard lock(mutex_);
        job->position.chunk = files_[job->position.file].chunks++;
        const auto position = job->position;
        pending_.emplace(position, std::move(job));
        work_.notify_one();
    }
    // Reader: the file has no more chunks (`error`: why it ended early, if it did).
    void file_read(std::size_t file, std::string error, bool opened = false,
                   std::uint64_t line_breaks = 0) {
        std::lock_guard lock(mutex_);
        files_[file].read = true;
        files_[file].error = std::move(error);
        files_[file].opened = opened;
        files_[file].line_breaks = line_breaks;
        finished_cv_.notify_all();
    }
    // The last reader: no file will get any more chunks.
    void reading_done() {
        std::lock_guard lock(mutex_);
        reading_done_ = true;
        work_.notify_all();
        finished_cv_.notify_all();
    }

    // Worker: the next job to audit, or nullptr when there is none left. The earliest chunk in
    // output order goes first, so the writer waits as little as possible.
    std::unique_ptr<Job> next_to_audit() {
        std::unique_lock lock(mutex_);
        work_.wait(lock, [&] { return aborted_ || !pending_.empty() || reading_done_; });
        if (aborted_ || pending_.empty()) return nullptr;
        auto job = std::move(pending_.begin()->second);
        pending_.erase(pending_.begin());
        return job;
    }
    void audited(std::unique_ptr<Job> job) {
        std::lock_guard lock(mutex_);
        const auto position = job->position;
        finished_.emplace(position, std::move(job));
        finished_cv_.notify_all();
    }

    // Writer: the chunk at `position` once it is audited. Without a job, `end_of_file` tells
    // that the file has no chunk there; otherwise the run is aborted.
    struct Taken {
        std::unique_ptr<Job> job;
        bool end_of_file = false;
    };
    Taken take_in_order(ChunkPosition position) {
        std::unique_lock lock(mutex_);
        for (;;) {
            if (interrupted()) abort_locked();
            if (aborted_) return {};
            if (const auto found = finished_.find(position); found != finished_.end()) {
                auto job = std::move(found->second);
                finished_.erase(found);
                return {std::move(job), false};
            }
            const FileProgress& file = files_[position.file];
            if (file.read && position.chunk >= file.chunks) return {nullptr, true};
            finished_cv_.wait_for(lock, std::chrono::milliseconds(100));
        }
    }
    void written(std::unique_ptr<Job> job) {
        std::lock_guard lock(mutex_);
        release_locked(std::move(job));
    }
    // Writer: every chunk of `file` is written; the next file becomes the head. Returns the
    // file's error message (empty if none), so that errors are reported in input order.
    std::string file_written(std::size_t file) {
        std::lock_guard lock(mutex_);
        head_file_ = file + 1;
        room_.notify_all();
        return std::move(files_[file].error);
    }
    // Writer, after file_written: what the file's reader saw of it.
    FileOutcome outcome(std::size_t file) {
        std::lock_guard lock(mutex_);
        return FileOutcome{files_[file].opened, 0, 0, files_[file].line_breaks};
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
    bool has_room(std::size_t file) const {
        return jobs_in_flight_ < (file == head_file_ ? capacity_ : capacity_ - reserve_);
    }
    void release_locked(std::unique_ptr<Job> job) {
        --jobs_in_flight_;
        free_.push_back(std::move(job));
        room_.notify_all();
    }
    void abort_locked() {
        aborted_ = true;
        room_.notify_all();
        work_.notify_all();
        finished_cv_.notify_all();
    }

    std::mutex mutex_;
    std::condition_variable room_, work_, finished_cv_;
    std::size_t capacity_;
    const std::size_t reserve_;  // of capacity_, only for the head file
    std::size_t jobs_in_flight_ = 0;
    std::vector<FileProgress> files_;
    std::size_t head_file_ = 0;  // the file the writer is on
    bool reading_done_ = false;
    bool aborted_ = false;
    std::map<ChunkPosition, std::unique_ptr<Job>> pending_;
    std::map<ChunkPosition, std::unique_ptr<Job>> finished_;
    std::vector<std::unique_ptr<Job>> free_;
};

}  // namespace drawaudit::app
