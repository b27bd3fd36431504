// Sources: a file descriptor read in large blocks, optionally through a streaming decompressor.
#include "pgn/source.hpp"

#include <bzlib.h>
#include <dirent.h>
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>
#include <zlib.h>
#include <zstd.h>
#include <zstd_errors.h>

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <filesystem>
#include <system_error>

namespace drawaudit::pgn {
namespace {

constexpr std::size_t kInputBlock = std::size_t{1} << 20;

std::string errno_text(int error) {
    return std::generic_category().message(error);
}

IoError open_error(const std::string& path, int error) {
    return IoError{path, "cannot open: " + errno_text(error), {IoFailure::Open, {}, error}};
}

IoError read_error(const std::string& path, int error) {
    return IoError{path, "read: " + errno_text(error), {IoFailure::Read, {}, error}};
}

IoError stat_error(const std::string& path, int error) {
    return IoError{path, "cannot stat: " + errno_text(error), {IoFailure::Stat, {}, error}};
}

IoError list_error(const std::string& directory, int error) {
    return IoError{directory, "cannot list: " + errno_text(error), {IoFailure::List, {}, error}};
}

// The raw bytes of a file or of standard input. The first block is read ahead so that the
// compression can be told from its magic bytes; read() hands it out first.
class RawFile {
  public:
    RawFile(std::string path, int fd, bool owned, std::uint64_t size)
        : path_(std::move(path)), fd_(fd), owned_(owned), size_(size) {}
    RawFile(const RawFile&) = delete;
    RawFile& operator=(const RawFile&) = delete;
    ~RawFile() {
        if (owned_) ::close(fd_);
    }

    tl::expected<std::size_t, IoError> read(char* out, std::size_t capacity) {
        if (ahead_pos_ < ahead_.size()) {
            const std::size_t n = std::min(capacity, ahead_.size() - ahead_pos_);
            std::memcpy(out, ahead_.data() + ahead_pos_, n);
            ahead_pos_ += n;
            if (ahead_pos_ == ahead_.size()) std::string().swap(ahead_);
            return n;
        }
        for (;;) {
            const ssize_t n = ::read(fd_, out, capacity);
            if (n == 0 && consumed_ < size_) {
                // A file cut short while it is read (truncated, or rewritten in place): its last
                // game is likely cut off, so this is an error, as a damaged compressed file is.
                return tl::unexpected(IoError{path_,
                                              "the file became shorter while it was read (" +
                                                  std::to_string(size_) + " bytes at the start, " +
                                                  std::to_string(consumed_) + " read)",
                                              {.failure = IoFailure::Shrank,
                                               .size_at_start = size_,
                                               .bytes_read = consumed_}});
            }
            if (n >= 0) {
                consumed_ += static_cast<std::uint64_t>(n);
                return static_cast<std::size_t>(n);
            }
            if (errno != EINTR) return tl::unexpected(read_error(path_, errno));
        }
    }

    // Reads the first block ahead (for the magic bytes).
    tl::expected<std::string_view, IoError> peek() {
        ahead_.resize(kInputBlock);
        std::size_t filled = 0;
        // A pipe may deliver fewer bytes than asked for; four are enough to decide.
        while (filled < 4) {
            const ssize_t n = ::read(fd_, ahead_.data() + filled, ahead_.size() - filled);
            if (n == 0) break;
            if (n < 0) {
                if (errno == EINTR) continue;
                return tl::unexpected(read_error(path_, errno));
            }
            filled += static_cast<std::size_t>(n);
        }
        ahead_.resize(filled);
        consumed_ += filled;
        return std::string_view(ahead_);
    }

    const std::string& path() const { return path_; }
    std::uint64_t consumed() const { return consumed_; }
    std::uint64_t size() const { return size_; }

  private:
    std::string path_;
    int fd_;
    bool owned_;
    std::uint64_t size_;
    std::uint64_t consumed_ = 0;
    std::string ahead_;
    std::size_t ahead_pos_ = 0;
};

class PlainSource final : public ByteSource {
  public:
    explicit PlainSource(std::unique_ptr<RawFile> raw) : raw_(std::move(raw)) {}
    tl::expected<std::size_t, IoError> read(char* buffer, std::size_t capacity) override {
        return raw_->read(buffer, capacity);
    }
    std::uint64_t input_bytes_consumed() const override { return raw_->consumed(); }
    std::uint64_t input_size() const override { return raw_->size(); }
    Compression compression() const override { return Compression::None; }

  private:
    std::unique_ptr<RawFile> raw_;
};

// Shared input handling of the three decompressors: a block of compressed bytes and whether the
// file has ended.
class CompressedInput {
  public:
    CompressedInput(std::unique_ptr<RawFile> raw, Compression codec)
        : raw_(std::move(raw)), block_(kInputBlock), codec_(codec) {}

    // Makes sure some input is available unless the file has ended; false at the end.
    tl::expected<bool, IoError> fill() {
        if (pos_ < size_) return true;
        if (ended_) return false;
        auto n = raw_->read(block_.data(), block_.size());
        if (!n) return tl::unexpected(n.error());
        pos_ = 0;
        size_ = *n;
        if (size_ == 0) ended_ = true;
        return size_ > 0;
    }
    const char* data() const { return block_.data() + pos_; }
    std::size_t available() const { return size_ - pos_; }
    void consume(std::size_t n) { pos_ += n; }
    // The decompressor failed: this error now, and every later read says so.
    tl::unexpected<IoError> fail(std::string message, IoFailure failure) {
        failed_ = true;
        return tl::unexpected(IoError{raw_->path(), std::move(message), {failure, codec_}});
    }
    bool failed() const { return failed_; }
    tl::unexpected<IoError> read_after_failure() const {
        return tl::unexpected(
            IoError{raw_->path(),
                    std::string(compression_name(codec_)) + ": reading after an error",
                    {IoFailure::Other, codec_}});
    }
    const RawFile& raw() const { return *raw_; }

  private:
    std::unique_ptr<RawFile> raw_;
    std::vector<char> block_;
    std::size_t pos_ = 0;
    std::size_t size_ = 0;
    bool ended_ = false;
    Compression codec_;
    bool failed_ = false;
};

// What a zstd error code says, as far as a reader tells the cases apart.
IoFailure zstd_failure(ZSTD_ErrorCode code) {
    switch (code) {
        case ZSTD_error_prefix_unknown:
        case ZSTD_error_frameParameter_unsupported:
            return IoFailure::BadHeader;
        case ZSTD_error_memory_allocation:
        case ZSTD_error_frameParameter_windowTooLarge:
            return IoFailure::OutOfMemory;
        default:
            return IoFailure::Corrupt;
    }
}

class ZstdSource final : public ByteSource {
  public:
    explicit ZstdSource(std::unique_ptr<RawFile> raw)
        : in_(std::move(raw), Compression::Zstd), stream_(ZSTD_createDStream()) {
        ZSTD_initDStream(stream_);
    }
    ~ZstdSource() override { ZSTD_freeDStream(stream_); }

    tl::expected<std::size_t, IoError> read(char* buffer, std::size_t capacity) override {
        if (in_.failed()) return in_.read_after_failure();
        ZSTD_outBuffer out{buffer, capacity, 0};
        while (out.pos == 0) {
            auto more = in_.fill();
            if (!more) return tl::unexpected(more.error());
            if (!*more) {
                // The input has ended: it must end on a frame boundary.
                if (mid_frame_)
                    return in_.fail("zstd: truncated input (the last frame is incomplete)",
                                    IoFailure::Truncated);
                return 0;
            }
            ZSTD_inBuffer in{in_.data(), in_.available(), 0};
            const std::size_t result = ZSTD_decompressStream(stream_, &out, &in);
            in_.consume(in.pos);
            if (ZSTD_isError(result))
                return in_.fail(std::string("zstd: ") + ZSTD_getErrorName(result),
                                zstd_failure(ZSTD_getErrorCode(result)));
            mid_frame_ = result != 0;
        }
        return out.pos;
    }
    std::uint64_t input_bytes_consumed() const override { return in_.raw().consumed(); }
    std::uint64_t input_size() const override { return in_.raw().size(); }
    Compression compression() const override { return Compression::Zstd; }

  private:
    CompressedInput in_;
    ZSTD_DStream* stream_;
    bool mid_frame_ = false;
};

class GzipSource final : public ByteSource {
  public:
    explicit GzipSource(std::unique_ptr<RawFile> raw) : in_(std::move(raw), Compression::Gzip) {
        // 15 + 32: the largest window, and a gzip or zlib header detected automatically.
        inflateInit2(&stream_, 15 + 32);
    }
    ~GzipSource() override { inflateEnd(&stream_); }

    tl::expected<std::size_t, IoError> read(char* buffer, std::size_t capacity) override {
        if (in_.failed()) return in_.read_after_failure();
        std::size_t produced = 0;
        while (produced == 0) {
            auto more = in_.fill();
            if (!more) return tl::unexpected(more.error());
            if (!*more) {
                if (mid_member_)
                    return in_.fail("gzip: truncated input (unexpected end of stream)",
                                    IoFailure::Truncated);
                return 0;
            }
            if (!mid_member_) {
                // A further member of a concatenated file.
                inflateReset(&stream_);
                mid_member_ = true;
            }
            stream_.next_in = reinterpret_cast<Bytef*>(const_cast<char*>(in_.data()));
            const auto chunk_in =
                static_cast<uInt>(std::min<std::size_t>(in_.available(), 1u << 30));
            stream_.avail_in = chunk_in;
            stream_.next_out = reinterpret_cast<Bytef*>(buffer + produced);
            const auto chunk_out =
                static_cast<uInt>(std::min<std::size_t>(capacity - produced, 1u << 30));
            stream_.avail_out = chunk_out;
            const int result = inflate(&stream_, Z_NO_FLUSH);
            in_.consume(chunk_in - stream_.avail_in);
            produced += chunk_out - stream_.avail_out;
            if (result == Z_STREAM_END) {
                mid_member_ = false;
            } else if (result != Z_OK && result != Z_BUF_ERROR) {
                return in_.fail(
                    std::string("gzip: ") + (stream_.msg ? stream_.msg : "corrupt data"),
                    result == Z_MEM_ERROR ? IoFailure::OutOfMemory : IoFailure::Corrupt);
            }
        }
        return produced;
    }
    std::uint64_t input_bytes_consumed() const override { return in_.raw().consumed(); }
    std::uint64_t input_size() const override { return in_.raw().size(); }
    Compression compression() const override { return Compression::Gzip; }

  private:
    CompressedInput in_;
    z_stream stream_{};
    bool mid_member_ = true;
};

class Bzip2Source final : public ByteSource {
  public:
    explicit Bzip2Source(std::unique_ptr<RawFile> raw) : in_(std::move(raw), Compression::Bzip2) {
        BZ2_bzDecompressInit(&stream_, 0, 0);
    }
    ~Bzip2Source() override { BZ2_bzDecompressEnd(&stream_); }

    tl::expected<std::size_t, IoError> read(char* buffer, std::size_t capacity) override {
        if (in_.failed()) return in_.read_after_failure();
        std::size_t produced = 0;
        while (produced == 0) {
            auto more = in_.fill();
            if (!more) return tl::unexpected(more.error());
            if (!*more) {
                if (mid_stream_)
                    return in_.fail("bzip2: truncated input (unexpected end of stream)",
                                    IoFailure::Truncated);
                return 0;
            }
            if (!mid_stream_) {
                // A further stream of a concatenated file (as pbzip2 writes them).
                BZ2_bzDecompressEnd(&stream_);
                stream_ = bz_stream{};
                BZ2_bzDecompressInit(&stream_, 0, 0);
                mid_stream_ = true;
            }
            const auto chunk_in =
                static_cast<unsigned>(std::min<std::size_t>(in_.available(), 1u << 30));
            stream_.next_in = const_cast<char*>(in_.data());
            stream_.avail_in = chunk_in;
            const auto chunk_out =
                static_cast<unsigned>(std::min<std::size_t>(capacity - produced, 1u << 30));
            stream_.next_out = buffer + produced;
            stream_.avail_out = chunk_out;
            const int result = BZ2_bzDecompress(&stream_);
            in_.consume(chunk_in - stream_.avail_in);
            produced += chunk_out - stream_.avail_out;
            if (result == BZ_STREAM_END) {
                mid_stream_ = false;
            } else if (result != BZ_OK) {
                if (result == BZ_DATA_ERROR_MAGIC)
                    return in_.fail("bzip2: bad stream header", IoFailure::BadHeader);
                if (result == BZ_MEM_ERROR)
                    return in_.fail("bzip2: out of memory", IoFailure::OutOfMemory);
                return in_.fail("bzip2: corrupt data", IoFailure::Corrupt);
            }
        }
        return produced;
    }
    std::uint64_t input_bytes_consumed() const override { return in_.raw().consumed(); }
    std::uint64_t input_size() const override { return in_.raw().size(); }
    Compression compression() const override { return Compression::Bzip2; }

  private:
    CompressedInput in_;
    bz_stream stream_{};
    bool mid_stream_ = true;
};

Compression detect(std::string_view head) {
    if (head.starts_with("\x28\xB5\x2F\xFD")) return Compression::Zstd;
    if (head.starts_with("\x1F\x8B")) return Compression::Gzip;
    // "BZh" and a block size digit.
    if (head.size() >= 4 && head.starts_with("BZh") && head[3] >= '1' && head[3] <= '9') {
        return Compression::Bzip2;
    }
    return Compression::None;
}

bool has_pgn_extension(const std::filesystem::path& path) {
    std::string name = path.filename().string();
    std::transform(name.begin(), name.end(), name.begin(),
                   [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
    for (const char* ext : {".pgn", ".pgn.zst", ".pgn.gz", ".pgn.bz2"}) {
        if (name.ends_with(ext)) return true;
    }
    return false;
}

}  // namespace

std::string_view compression_name(Compression codec) {
    switch (codec) {
        case Compression::Zstd:
            return "zstd";
        case Compression::Gzip:
            return "gzip";
        case Compression::Bzip2:
            return "bzip2";
        case Compression::None:
            break;
    }
    return "";
}

tl::expected<std::unique_ptr<ByteSource>, IoError> open_source(const std::string& path) {
    std::unique_ptr<RawFile> raw;
    if (path == "-") {
        raw = std::make_unique<RawFile>(path, STDIN_FILENO, false, 0);
    } else {
        const int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
        if (fd < 0) return tl::unexpected(open_error(path, errno));
        struct stat info {};
        if (::fstat(fd, &info) != 0) {
            const int error = errno;
            ::close(fd);
            return tl::unexpected(stat_error(path, error));
        }
        if (S_ISDIR(info.st_mode)) {
            ::close(fd);
            return tl::unexpected(
                IoError{path, "cannot read: Is a directory", {IoFailure::IsDirectory, {}, EISDIR}});
        }
        const std::uint64_t size =
            S_ISREG(info.st_mode) ? static_cast<std::uint64_t>(info.st_size) : 0;
#ifdef POSIX_FADV_SEQUENTIAL
        ::posix_fadvise(fd, 0, 0, POSIX_FADV_SEQUENTIAL);
#endif
        raw = std::make_unique<RawFile>(path, fd, true, size);
    }
    auto head = raw->peek();
    if (!head) return tl::unexpected(head.error());
    switch (detect(*head)) {
        case Compression::Zstd:
            return std::make_unique<ZstdSource>(std::move(raw));
        case Compression::Gzip:
            return std::make_unique<GzipSource>(std::move(raw));
        case Compression::Bzip2:
            return std::make_unique<Bzip2Source>(std::move(raw));
        case Compression::None:
            break;
    }
    return std::make_unique<PlainSource>(std::move(raw));
}

tl::expected<Compression, IoError> sniff_compression(const std::string& path) {
    const int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
    if (fd < 0) return tl::unexpected(open_error(path, errno));
    char head[4];
    std::size_t filled = 0;
    while (filled < sizeof head) {
        const ssize_t n = ::read(fd, head + filled, sizeof head - filled);
        if (n == 0) break;
        if (n < 0) {
            if (errno == EINTR) continue;
            const int error = errno;
            ::close(fd);
            return tl::unexpected(read_error(path, error));
        }
        filled += static_cast<std::size_t>(n);
    }
    ::close(fd);
    return detect(std::string_view(head, filled));
}

namespace {

// The files a directory holds, whatever its depth: each directory is read whole and closed
// before its subdirectories are opened, so one descriptor is open at a time and a tree deeper
// than the open-file limit is read like any other (std::filesystem's recursive iterator keeps one
// open a level). Links to directories are not followed (a loop ends); a link to a regular file
// with a PGN extension is taken. A subdirectory that cannot be listed is an error of its own and
// the rest of the tree is still read.
void walk_directory(const std::string& root, std::vector<std::string>& found,
                    std::vector<IoError>& errors) {
    std::vector<std::string> pending{root};
    while (!pending.empty()) {
        const std::string directory = std::move(pending.back());
        pending.pop_back();
        DIR* handle = ::opendir(directory.c_str());
        if (handle == nullptr) {
            errors.push_back(list_error(directory, errno));
            continue;
        }
        const std::string prefix = directory.ends_with('/') ? directory : directory + '/';
        for (;;) {
            errno = 0;
            const dirent* entry = ::readdir(handle);
            if (entry == nullptr) {
                if (errno != 0) errors.push_back(list_error(directory, errno));
                break;
            }
            const std::string_view name = entry->d_name;
            if (name == "." || name == "..") continue;
            std::string path = prefix;
            path += name;
            unsigned char type = entry->d_type;
            if (type == DT_UNKNOWN) {  // file systems that do not give the type in the entry
                struct stat link_status {};
                if (::lstat(path.c_str(), &link_status) == 0) {
                    type = S_ISDIR(link_status.st_mode)   ? DT_DIR
                           : S_ISLNK(link_status.st_mode) ? DT_LNK
                           : S_ISREG(link_status.st_mode) ? DT_REG
                                                          : DT_UNKNOWN;
                }
            }
            if (type == DT_DIR) {
                pending.push_back(std::move(path));
                continue;
            }
            if (!has_pgn_extension(name)) continue;
            struct stat target {};
            if (type == DT_REG ||
                (type == DT_LNK && ::stat(path.c_str(), &target) == 0 && S_ISREG(target.st_mode))) {
                found.push_back(std::move(path));
            }
        }
        ::closedir(handle);
    }
}

}  // namespace

ExpandedPaths expand_paths(const std::vector<std::string>& paths) {
    namespace fs = std::filesystem;
    ExpandedPaths result;
    for (const std::string& path : paths) {
        if (path == "-") {
            result.files.push_back(path);
            continue;
        }
        std::error_code error;
        const fs::file_status status = fs::status(path, error);
        if (error || !fs::exists(status)) {
            const int code = error ? error.value() : ENOENT;
            result.errors.push_back(open_error(path, code));
            continue;
        }
        if (!fs::is_directory(status)) {
            result.files.push_back(path);
            continue;
        }
        std::vector<std::string> found;
        walk_directory(path, found, result.errors);
        std::sort(found.begin(), found.end());
        result.files.insert(result.files.end(), found.begin(), found.end());
    }
    return result;
}

}  // namespace drawaudit::pgn
