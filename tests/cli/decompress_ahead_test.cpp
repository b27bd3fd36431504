// The decompressing stage of its own (app/decompress_ahead.hpp): the bytes and the error of the
// source it wraps, in order, whatever the sizes of the reads on either side, and a thread that
// stops when the reader drops it mid-stream.
#include <gtest/gtest.h>

#include <cstdint>
#include <string>

#include "decompress_ahead.hpp"

namespace drawaudit::app {
namespace {

// A source of `total` bytes of a pattern, at most `step` a read, then an error when `fail`.
class PatternSource final : public pgn::ByteSource {
  public:
    PatternSource(std::uint64_t total, std::size_t step, bool fail)
        : total_(total), step_(step), fail_(fail) {}
    tl::expected<std::size_t, pgn::IoError> read(char* buffer, std::size_t capacity) override {
        if (given_ == total_) {
            if (fail_) return tl::unexpected(pgn::IoError{"in.pgn.zst", "zstd: corrupted block"});
            return 0;
        }
        std::size_t n = capacity < step_ ? capacity : step_;
        if (n > total_ - given_) n = static_cast<std::size_t>(total_ - given_);
        for (std::size_t i = 0; i < n; ++i) buffer[i] = byte_at(given_ + i);
        given_ += n;
        return n;
    }
    std::uint64_t input_bytes_consumed() const override { return given_ / 3; }
    std::uint64_t input_size() const override { return 12345; }
    pgn::Compression compression() const override { return pgn::Compression::Zstd; }
    static char byte_at(std::uint64_t i) { return static_cast<char>('a' + (i * 7 + i / 13) % 26); }

  private:
    std::uint64_t total_;
    std::size_t step_;
    bool fail_;
    std::uint64_t given_ = 0;
};

std::string expected_bytes(std::uint64_t total) {
    std::string s;
    for (std::uint64_t i = 0; i < total; ++i) s += PatternSource::byte_at(i);
    return s;
}

// Reads `source` to its end in reads of `capacity` bytes; the error's message if one ends it.
std::string read_all(pgn::ByteSource& source, std::size_t capacity, std::string& error) {
    std::string out;
    std::string buffer(capacity, '\0');
    for (;;) {
        auto n = source.read(buffer.data(), capacity);
        if (!n) {
            error = n.error().message;
            return out;
        }
        if (*n == 0) return out;
        out.append(buffer.data(), *n);
    }
}

TEST(DecompressAhead, GivesTheSourcesBytesInOrderWhateverTheReadSizes) {
    for (const std::size_t step : {1u, 7u, 64u, 1000u}) {
        for (const std::size_t capacity : {1u, 13u, 64u, 4096u}) {
            auto source =
                decompress_ahead(std::make_unique<PatternSource>(10'000, step, false), 64, 2);
            std::string error;
            EXPECT_EQ(read_all(*source, capacity, error), expected_bytes(10'000))
                << "step " << step << ", capacity " << capacity;
            EXPECT_EQ(error, "");
        }
    }
}

TEST(DecompressAhead, AnErrorArrivesAfterTheBytesBeforeItAndStays) {
    auto source = decompress_ahead(std::make_unique<PatternSource>(1'000, 30, true), 64, 3);
    std::string error;
    EXPECT_EQ(read_all(*source, 100, error), expected_bytes(1'000));
    EXPECT_EQ(error, "zstd: corrupted block");
    char byte;
    EXPECT_FALSE(source->read(&byte, 1).has_value());
}

TEST(DecompressAhead, AnEmptySourceEndsAtOnce) {
    auto source = decompress_ahead(std::make_unique<PatternSource>(0, 10, false), 64, 2);
    char byte;
    const auto n = source->read(&byte, 1);
    ASSERT_TRUE(n.has_value());
    EXPECT_EQ(*n, 0u);
}

TEST(DecompressAhead, KeepsTheSourcesSizeCompressionAndProgress) {
    auto source = decompress_ahead(std::make_unique<PatternSource>(600, 600, false), 300, 2);
    EXPECT_EQ(source->input_size(), 12345u);
    EXPECT_EQ(source->compression(), pgn::Compression::Zstd);
    EXPECT_EQ(source->input_bytes_consumed(), 0u);  // nothing handed out yet
    std::string error;
    read_all(*source, 1000, error);
    EXPECT_EQ(source->input_bytes_consumed(), 600u / 3);
}

// A reader that stops early (an abort, a SkipFile) drops the stage while its thread waits for
// room: the destructor must end it (a hang here times the test out).
TEST(DecompressAhead, DroppedMidStreamItsThreadEnds) {
    auto source =
        decompress_ahead(std::make_unique<PatternSource>(std::uint64_t{1} << 40, 64, false), 64, 2);
    char buffer[10];
    ASSERT_TRUE(source->read(buffer, sizeof buffer).has_value());
    EXPECT_EQ(std::string(buffer, sizeof buffer), expected_bytes(10));
    source.reset();
}

}  // namespace
}  // namespace drawaudit::app
