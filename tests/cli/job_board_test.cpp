// The pipeline's job board on its own (issue 21): its bound on jobs, the reserve that keeps the
// head file from a deadlock, the order the writer takes chunks in, the end of a file, errors in
// input order, and an abort that wakes every waiting thread. Each wait that must end is given a
// deadline, so that a regression fails the test instead of hanging it.
#include <gtest/gtest.h>

#include <chrono>
#include <future>
#include <memory>
#include <string>
#include <vector>

#include "job_board.hpp"

namespace drawaudit::app {
namespace {

using namespace std::chrono_literals;

constexpr auto kBlocked = 100ms;  // long enough to see that a call waits
constexpr auto kDeadline = 10s;   // a call that must return does so well within this

std::unique_ptr<Job> filled(JobBoard& board, std::size_t file) {
    auto job = board.acquire(file);
    EXPECT_NE(job, nullptr);
    return job;
}

TEST(JobBoard, ReadersGetAtMostCapacityJobsUntilOneIsWritten) {
    JobBoard board(1, 3, 1);
    std::vector<std::unique_ptr<Job>> jobs;
    for (int i = 0; i < 3; ++i) jobs.push_back(filled(board, 0));
    auto fourth = std::async(std::launch::async, [&] { return board.acquire(0); });
    EXPECT_EQ(fourth.wait_for(kBlocked), std::future_status::timeout) << "a fourth job existed";
    board.written(std::move(jobs.back()));
    ASSERT_EQ(fourth.wait_for(kDeadline), std::future_status::ready);
    EXPECT_NE(fourth.get(), nullptr);
}

TEST(JobBoard, ALaterFileCannotTakeTheHeadFilesReserve) {
    JobBoard board(2, 3, 1);
    auto a = filled(board, 1);
    auto b = filled(board, 1);  // capacity - reserve: the later file's share is used up
    auto third = std::async(std::launch::async, [&] { return board.acquire(1); });
    EXPECT_EQ(third.wait_for(kBlocked), std::future_status::timeout);
    auto head = board.acquire(0);  // the head file still gets the reserved job
    EXPECT_NE(head, nullptr);
    board.abort();  // releases the waiting reader
    ASSERT_EQ(third.wait_for(kDeadline), std::future_status::ready);
    EXPECT_EQ(third.get(), nullptr);
}

TEST(JobBoard, TheNextFileMayUseTheReserveOnceTheWriterMovesOn) {
    JobBoard board(2, 2, 1);
    auto a = filled(board, 1);
    auto waiting = std::async(std::launch::async, [&] { return board.acquire(1); });
    EXPECT_EQ(waiting.wait_for(kBlocked), std::future_status::timeout);
    board.file_read(0, "");
    EXPECT_EQ(board.file_written(0), "");  // file 1 is the head now
    ASSERT_EQ(waiting.wait_for(kDeadline), std::future_status::ready);
    EXPECT_NE(waiting.get(), nullptr);
}

TEST(JobBoard, TheWriterTakesChunksInFileOrderWhateverOrderTheyAreAuditedIn) {
    JobBoard board(1, 4, 1);
    for (int i = 0; i < 3; ++i) board.submit(filled(board, 0));
    board.file_read(0, "");
    board.reading_done();
    std::vector<std::unique_ptr<Job>> audited;
    while (auto job = board.next_to_audit()) audited.push_back(std::move(job));
    ASSERT_EQ(audited.size(), 3u);
    // The earliest chunk first, for the workers too.
    for (std::size_t i = 0; i < audited.size(); ++i) EXPECT_EQ(audited[i]->position.chunk, i);
    for (auto it = audited.rbegin(); it != audited.rend(); ++it) board.audited(std::move(*it));
    for (std::uint64_t chunk = 0; chunk < 3; ++chunk) {
        JobBoard::Taken taken = board.take_in_order({0, chunk});
        ASSERT_NE(taken.job, nullptr);
        EXPECT_EQ(taken.job->position.chunk, chunk);
        board.written(std::move(taken.job));
    }
    const JobBoard::Taken end = board.take_in_order({0, 3});
    EXPECT_EQ(end.job, nullptr);
    EXPECT_TRUE(end.end_of_file);
}

TEST(JobBoard, TheWriterWaitsForAChunkStillBeingAudited) {
    JobBoard board(1, 2, 1);
    board.submit(filled(board, 0));
    auto take = std::async(std::launch::async, [&] { return board.take_in_order({0, 0}); });
    EXPECT_EQ(take.wait_for(kBlocked), std::future_status::timeout);
    board.audited(board.next_to_audit());
    ASSERT_EQ(take.wait_for(kDeadline), std::future_status::ready);
    EXPECT_NE(take.get().job, nullptr);
}

TEST(JobBoard, AFileWithoutChunksEndsAtOnceWithTheReadersError) {
    JobBoard board(2, 2, 1);
    board.file_read(0, "cannot open a.pgn: No such file or directory", false);
    const JobBoard::Taken taken = board.take_in_order({0, 0});
    EXPECT_EQ(taken.job, nullptr);
    EXPECT_TRUE(taken.end_of_file);
    EXPECT_EQ(board.file_written(0), "cannot open a.pgn: No such file or directory");
    EXPECT_FALSE(board.outcome(0).opened);
}

TEST(JobBoard, AnAbortWakesEveryWaitingThreadWithNothing) {
    JobBoard board(1, 1, 0);
    auto only = filled(board, 0);
    auto reader = std::async(std::launch::async, [&] { return board.acquire(0); });
    auto worker = std::async(std::launch::async, [&] { return board.next_to_audit(); });
    auto writer = std::async(std::launch::async, [&] { return board.take_in_order({0, 0}); });
    EXPECT_EQ(reader.wait_for(kBlocked), std::future_status::timeout);
    EXPECT_EQ(worker.wait_for(0ms), std::future_status::timeout);
    EXPECT_EQ(writer.wait_for(0ms), std::future_status::timeout);
    board.abort();
    ASSERT_EQ(reader.wait_for(kDeadline), std::future_status::ready);
    ASSERT_EQ(worker.wait_for(kDeadline), std::future_status::ready);
    ASSERT_EQ(writer.wait_for(kDeadline), std::future_status::ready);
    EXPECT_EQ(reader.get(), nullptr);
    EXPECT_EQ(worker.get(), nullptr);
    const JobBoard::Taken taken = writer.get();
    EXPECT_EQ(taken.job, nullptr);
    EXPECT_FALSE(taken.end_of_file) << "an abort is not the end of the file";
    EXPECT_TRUE(board.aborted());
}

TEST(JobBoard, JobsAreRecycledWithTheirBuffers) {
    JobBoard board(1, 1, 0);
    auto job = filled(board, 0);
    job->chunk.text.assign(1 << 16, 'x');
    const auto capacity = job->chunk.text.capacity();
    Job* const address = job.get();
    board.give_back(std::move(job));
    auto again = filled(board, 0);
    EXPECT_EQ(again.get(), address);
    EXPECT_GE(again->chunk.text.capacity(), capacity);
}

TEST(JobBoard, RaisedCapacityReleasesAWaitingReader) {
    JobBoard board(1, 1, 0);
    auto only = filled(board, 0);
    auto second = std::async(std::launch::async, [&] { return board.acquire(0); });
    EXPECT_EQ(second.wait_for(kBlocked), std::future_status::timeout);
    board.raise_capacity(2);
    ASSERT_EQ(second.wait_for(kDeadline), std::future_status::ready);
    EXPECT_NE(second.get(), nullptr);
}

}  // namespace
}  // namespace drawaudit::app
