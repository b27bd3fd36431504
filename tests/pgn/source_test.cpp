// Input sources: plain, zstd, gzip and bzip2 files (detected by magic bytes, also concatenated),
// corrupt and missing inputs, and directory expansion.
#include <gtest/gtest.h>

#include <fcntl.h>
#include <unistd.h>

#include <cerrno>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <string>

#include "memory_source.hpp"
#include "pgn/reader.hpp"
#include "pgn/source.hpp"
#include "recording_visitor.hpp"

namespace drawaudit::pgn {
namespace {

namespace fs = std::filesystem;

class SourceTest : public ::testing::Test {
  protected:
    void SetUp() override {
        dir_ = fs::temp_directory_path() /
               ("drawaudit-pgn-" + std::to_string(::getpid()) + "-" +
                ::testing::UnitTest::GetInstance()->current_test_info()->name());
        fs::remove_all(dir_);
        fs::create_directories(dir_);
    }
    void TearDown() override { fs::remove_all(dir_); }

    std::string write(const std::string& name, const std::string& bytes) {
        const fs::path path = dir_ / name;
        fs::create_directories(path.parent_path());
        std::ofstream(path, std::ios::binary) << bytes;
        return path.string();
    }
    // Runs a compressor CLI on a file written from `text`; returns the compressed file's path.
    std::string compressed(const std::string& name, const std::string& text,
                           const std::string& command) {
        const std::string plain = write(name, text);
        const std::string shell = command + " '" + plain + "'";
        EXPECT_EQ(std::system(shell.c_str()), 0) << shell;
        return plain;
    }
    static std::string read_all(const std::string& path) {
        auto source = open_source(path);
        EXPECT_TRUE(source.has_value()) << (source ? "" : source.error().message);
        if (!source) return {};
        std::string out;
        char block[4096];
        for (;;) {
            auto n = (*source)->read(block, sizeof block);
            EXPECT_TRUE(n.has_value());
            if (!n || *n == 0) break;
            out.append(block, *n);
        }
        return out;
    }
    static tl::expected<std::string, IoError> try_read_all(const std::string& path) {
        auto source = open_source(path);
        if (!source) return tl::unexpected(source.error());
        std::string out;
        char block[4096];
        for (;;) {
            auto n = (*source)->read(block, sizeof block);
            if (!n) return tl::unexpected(n.error());
            if (*n == 0) break;
            out.append(block, *n);
        }
        return out;
    }

    fs::path dir_;
};

const std::string kGames = [] {
    std::string text;
    for (int i = 0; i < 3000; ++i) {
        text += "[Event \"game " + std::to_string(i) +
                "\"]\r\n\r\n1. e4 e5 2. Nf3 {a comment} Nc6 1/2-1/2\r\n\r\n";
    }
    return text;
}();

TEST_F(SourceTest, PlainFileIsReadUnchanged) {
    const std::string path = write("a.pgn", kGames);
    auto source = open_source(path);
    ASSERT_TRUE(source.has_value());
    EXPECT_EQ((*source)->compression(), Compression::None);
    EXPECT_EQ((*source)->input_size(), kGames.size());
    EXPECT_EQ(read_all(path), kGames);
}

TEST_F(SourceTest, ZstdFileIsDetectedAndDecompressed) {
    const std::string path = compressed("a.pgn", kGames, "zstd -q --rm -f");
    auto source = open_source(path + ".zst");
    ASSERT_TRUE(source.has_value());
    EXPECT_EQ((*source)->compression(), Compression::Zstd);
    EXPECT_EQ(read_all(path + ".zst"), kGames);
}

TEST_F(SourceTest, GzipFileIsDetectedAndDecompressed) {
    const std::string path = compressed("a.pgn", kGames, "gzip -q -f");
    auto source = open_source(path + ".gz");
    ASSERT_TRUE(source.has_value());
    EXPECT_EQ((*source)->compression(), Compression::Gzip);
    EXPECT_EQ(read_all(path + ".gz"), kGames);
}

TEST_F(SourceTest, Bzip2FileIsDetectedAndDecompressed) {
    const std::string path = compressed("a.pgn", kGames, "bzip2 -q -f");
    auto source = open_source(path + ".bz2");
    ASSERT_TRUE(source.has_value());
    EXPECT_EQ((*source)->compression(), Compression::Bzip2);
    EXPECT_EQ(read_all(path + ".bz2"), kGames);
}

TEST_F(SourceTest, CompressionIsToldByMagicBytesNotByName) {
    const std::string path = compressed("a.pgn", kGames, "zstd -q --rm -f");
    fs::rename(path + ".zst", dir_ / "misnamed.pgn");
    EXPECT_EQ(read_all((dir_ / "misnamed.pgn").string()), kGames);
}

TEST_F(SourceTest, ConcatenatedCompressedStreamsAreReadToTheEnd) {
    for (const char* tool : {"zstd -q -c", "gzip -q -c", "bzip2 -q -c"}) {
        SCOPED_TRACE(tool);
        const std::string first = write("first.pgn", "[Event \"1\"] *\n");
        const std::string second = write("second.pgn", "[Event \"2\"] *\n");
        const std::string both = (dir_ / "both").string();
        const std::string shell = std::string(tool) + " '" + first + "' > '" + both + "' && " +
                                  tool + " '" + second + "' >> '" + both + "'";
        ASSERT_EQ(std::system(shell.c_str()), 0);
        EXPECT_EQ(read_all(both), "[Event \"1\"] *\n[Event \"2\"] *\n");
    }
}

TEST_F(SourceTest, CorruptCompressedDataIsAnIoErrorNotACrash) {
    for (const char* ext : {".zst", ".gz", ".bz2"}) {
        SCOPED_TRACE(ext);
        const std::string plain = write(std::string("x") + ext + ".pgn", kGames);
        const std::string tool = std::string(ext) == ".zst"  ? "zstd"
                                 : std::string(ext) == ".gz" ? "gzip"
                                                             : "bzip2";
        ASSERT_EQ(std::system((tool + " -q -f -c '" + plain + "' > '" + plain + ext + "'").c_str()),
                  0);
        std::string bytes = testing::read_file(plain + ext);
        ASSERT_GT(bytes.size(), 100u);
        for (std::size_t i = 20; i < bytes.size() - 10; i += 7)
            bytes[i] = static_cast<char>(bytes[i] ^ 0x5A);
        const std::string corrupt = write(std::string("corrupt") + ext, bytes);
        auto result = try_read_all(corrupt);
        ASSERT_FALSE(result.has_value());
        EXPECT_EQ(result.error().path, corrupt);
        EXPECT_EQ(result.error().message.substr(0, tool.size()), tool) << result.error().message;
        // As values too (lib/report words them in the reader's language): damaged data of this
        // decompressor, or a header it does not take.
        EXPECT_EQ(compression_name(result.error().cause.codec), tool);
        EXPECT_TRUE(result.error().cause.failure == IoFailure::Corrupt ||
                    result.error().cause.failure == IoFailure::BadHeader)
            << result.error().message;
    }
}

TEST_F(SourceTest, TruncatedCompressedDataIsAnIoError) {
    for (const std::string tool : {"zstd", "gzip", "bzip2"}) {
        SCOPED_TRACE(tool);
        const std::string plain = write(tool + ".pgn", kGames);
        ASSERT_EQ(std::system((tool + " -q -f -c '" + plain + "' > '" + plain + ".c'").c_str()), 0);
        std::string bytes = testing::read_file(plain + ".c");
        bytes.resize(bytes.size() / 2);
        auto result = try_read_all(write(tool + "-truncated", bytes));
        ASSERT_FALSE(result.has_value());
        EXPECT_NE(result.error().message.find("truncated"), std::string::npos)
            << result.error().message;
        EXPECT_EQ(result.error().cause.failure, IoFailure::Truncated);
        EXPECT_EQ(compression_name(result.error().cause.codec), tool);
    }
}

TEST_F(SourceTest, MissingFileIsAnIoErrorNamingThePath) {
    const std::string path = (dir_ / "nope.pgn").string();
    auto source = open_source(path);
    ASSERT_FALSE(source.has_value());
    EXPECT_EQ(source.error().path, path);
    EXPECT_EQ(source.error().message, "cannot open: No such file or directory");
    EXPECT_EQ(source.error().cause.failure, IoFailure::Open);
    EXPECT_EQ(source.error().cause.errnum, ENOENT);
}

TEST_F(SourceTest, DirectoryOpenedAsAFileIsAnIoError) {
    auto source = open_source(dir_.string());
    ASSERT_FALSE(source.has_value());
    EXPECT_EQ(source.error().message, "cannot read: Is a directory");
    EXPECT_EQ(source.error().cause.failure, IoFailure::IsDirectory);
}

TEST_F(SourceTest, DashReadsStandardInputAndDetectsItsCompression) {
    const std::string path = compressed("in.pgn", kGames, "gzip -q -f");
    const int saved = ::dup(STDIN_FILENO);
    const int fd = ::open((path + ".gz").c_str(), O_RDONLY);
    ASSERT_GE(fd, 0);
    ::dup2(fd, STDIN_FILENO);
    ::close(fd);
    auto source = open_source("-");
    std::string out;
    if (source) {
        EXPECT_EQ((*source)->compression(), Compression::Gzip);
        EXPECT_EQ((*source)->input_size(), 0u);  // unknown for standard input
        char block[4096];
        while (auto n = (*source)->read(block, sizeof block)) {
            if (*n == 0) break;
            out.append(block, *n);
        }
        source->reset();  // before standard input is restored
    }
    ::dup2(saved, STDIN_FILENO);
    ::close(saved);
    ASSERT_TRUE(source.has_value());
    EXPECT_EQ(out, kGames);
}

TEST_F(SourceTest, EmptyFileHasNoBytes) {
    EXPECT_EQ(read_all(write("empty.pgn", "")), "");
}

TEST_F(SourceTest, ReadGamesStreamsACompressedFile) {
    const std::string path = compressed("a.pgn", kGames, "zstd -q --rm -f");
    auto source = open_source(path + ".zst");
    ASSERT_TRUE(source.has_value());
    testing::RecordingVisitor v;
    auto stats = read_games(**source, "a.pgn.zst", v);
    ASSERT_TRUE(stats.has_value());
    EXPECT_EQ(stats->games, 3000u);
    EXPECT_EQ(stats->bytes, kGames.size());
    EXPECT_TRUE(v.errors.empty());
    EXPECT_EQ(v.log[v.log.size() - 10], "begin #3000 11997:1");
}

TEST_F(SourceTest, ReadGamesReportsAnIoErrorAfterTheGamesBeforeIt) {
    std::string bytes;
    {
        const std::string plain = write("g.pgn", kGames);
        ASSERT_EQ(std::system(("gzip -q -f -c '" + plain + "' > '" + plain + ".gz'").c_str()), 0);
        bytes = testing::read_file(plain + ".gz");
    }
    bytes.resize(bytes.size() - 30);
    auto source = open_source(write("cut.gz", bytes));
    ASSERT_TRUE(source.has_value());
    Visitor null_visitor;
    auto stats = read_games(**source, "cut.gz", null_visitor);
    ASSERT_FALSE(stats.has_value());
    EXPECT_NE(stats.error().message.find("gzip"), std::string::npos);
}

TEST_F(SourceTest, ExpandPathsListsDirectoriesRecursivelyInSortedOrder) {
    write("d/b.pgn", "");
    write("d/a.PGN", "");
    write("d/sub/c.pgn.zst", "");
    write("d/sub/d.pgn.gz", "");
    write("d/sub/e.pgn.bz2", "");
    write("d/notes.txt", "");
    write("d/sub/f.zst", "");
    const std::string explicit_file = write("other.txt", "");
    const ExpandedPaths expanded = expand_paths({(dir_ / "d").string(), explicit_file, "-"});
    const std::string d = (dir_ / "d").string();
    EXPECT_EQ(expanded.files, (std::vector<std::string>{d + "/a.PGN", d + "/b.pgn",
                                                        d + "/sub/c.pgn.zst", d + "/sub/d.pgn.gz",
                                                        d + "/sub/e.pgn.bz2", explicit_file, "-"}));
    EXPECT_TRUE(expanded.errors.empty());
}

TEST_F(SourceTest, ExpandPathsReportsMissingPathsAndKeepsTheOthers) {
    const std::string good = write("g.pgn", "");
    const std::string missing = (dir_ / "missing").string();
    const ExpandedPaths expanded = expand_paths({missing, good});
    EXPECT_EQ(expanded.files, (std::vector<std::string>{good}));
    ASSERT_EQ(expanded.errors.size(), 1u);
    EXPECT_EQ(expanded.errors[0].path, missing);
    EXPECT_EQ(expanded.errors[0].message, "cannot open: No such file or directory");
}

}  // namespace
}  // namespace drawaudit::pgn
