// Shards: the plan (pure arithmetic on file sizes), the search for game starts around the plan's
// boundaries, and the byte-range source a shard reads.
#include "pgn/shard.hpp"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <charconv>
#include <numeric>
#include <system_error>

#include "pgn/reader.hpp"

namespace drawaudit::pgn {
namespace {

// Sizes times counts, without overflow for any file sizes.
__extension__ typedef unsigned __int128 Wide;

std::string errno_text(int error) {
    return std::generic_category().message(error);
}

// pread until `size` bytes or the end of the file; the bytes read.
tl::expected<std::size_t, IoError> read_at(int fd, const std::string& path, char* out,
                                           std::size_t size, std::uint64_t offset) {
    std::size_t filled = 0;
    while (filled < size) {
        const ssize_t n =
            ::pread(fd, out + filled, size - filled, static_cast<off_t>(offset + filled));
        if (n == 0) break;
        if (n < 0) {
            if (errno == EINTR) continue;
            const int error = errno;
            return tl::unexpected(
                IoError{path, "read: " + errno_text(error), {IoFailure::Read, {}, error}});
        }
        filled += static_cast<std::size_t>(n);
    }
    return filled;
}

class FileDescriptor {
  public:
    explicit FileDescriptor(int fd) : fd_(fd) {}
    FileDescriptor(const FileDescriptor&) = delete;
    FileDescriptor& operator=(const FileDescriptor&) = delete;
    ~FileDescriptor() {
        if (fd_ >= 0) ::close(fd_);
    }
    int get() const { return fd_; }

  private:
    int fd_;
};

class RangeSource final : public ByteSource {
  public:
    RangeSource(std::string path, int fd, std::uint64_t begin, std::uint64_t end)
        : path_(std::move(path)), fd_(fd), begin_(begin), pos_(begin), end_(end) {}

    tl::expected<std::size_t, IoError> read(char* buffer, std::size_t capacity) override {
        const auto want = static_cast<std::size_t>(std::min<std::uint64_t>(capacity, end_ - pos_));
        if (want == 0) return 0;
        auto n = read_at(fd_.get(), path_, buffer, want, pos_);
        if (!n) return n;
        if (*n == 0) {
            // The file shrank after the plan was made: what the shard was given is gone.
            return tl::unexpected(IoError{path_,
                                          "read: the file ended before its shard's range",
                                          {IoFailure::ShardRangeEnded}});
        }
        pos_ += *n;
        return *n;
    }
    std::uint64_t input_bytes_consumed() const override { return pos_ - begin_; }
    std::uint64_t input_size() const override { return end_ - begin_; }
    Compression compression() const override { return Compression::None; }

  private:
    std::string path_;
    FileDescriptor fd_;
    std::uint64_t begin_, pos_, end_;
};

}  // namespace

std::optional<ShardSpec> parse_shard_spec(std::string_view text) {
    const auto slash = text.find('/');
    if (slash == std::string_view::npos) return std::nullopt;
    const auto number = [](std::string_view digits) -> std::optional<unsigned> {
        unsigned value = 0;
        const auto* end = digits.data() + digits.size();
        const auto [ptr, error] = std::from_chars(digits.data(), end, value);
        if (digits.empty() || error != std::errc() || ptr != end) return std::nullopt;
        return value;
    };
    const auto k = number(text.substr(0, slash));
    const auto n = number(text.substr(slash + 1));
    if (!k || !n || *k < 1 || *k > *n) return std::nullopt;
    return ShardSpec{*k, *n};
}

std::vector<ShardInput> describe_shard_inputs(const std::vector<std::string>& files) {
    std::vector<ShardInput> inputs(files.size());
    for (std::size_t i = 0; i < files.size(); ++i) {
        ShardInput& input = inputs[i];
        if (files[i] == "-") {
            input.is_stdin = true;
            continue;
        }
        struct stat info {};
        if (::stat(files[i].c_str(), &info) != 0 || !S_ISREG(info.st_mode)) continue;
        input.size = static_cast<std::uint64_t>(info.st_size);
        const auto compression = sniff_compression(files[i]);
        input.splittable = compression && *compression == Compression::None && input.size > 0;
    }
    return inputs;
}

std::vector<NominalPiece> plan_shard(const std::vector<ShardInput>& inputs, ShardSpec spec) {
    const std::size_t n = std::max(1u, spec.count);
    const std::size_t k = std::min<std::size_t>(spec.index, n) - 1;

    // Whole units: largest first, to the least loaded shard.
    std::vector<std::size_t> whole;
    for (std::size_t i = 0; i < inputs.size(); ++i) {
        if (!inputs[i].splittable) whole.push_back(i);
    }
    std::stable_sort(whole.begin(), whole.end(),
                     [&](std::size_t a, std::size_t b) { return inputs[a].size > inputs[b].size; });
    std::vector<Wide> load(n, 0);
    std::vector<std::size_t> owner(inputs.size(), n);
    std::optional<std::size_t> stdin_shard;
    for (const std::size_t i : whole) {
        std::size_t shard = 0;
        if (inputs[i].is_stdin && stdin_shard) {
            shard = *stdin_shard;
        } else {
            shard =
                static_cast<std::size_t>(std::min_element(load.begin(), load.end()) - load.begin());
        }
        if (inputs[i].is_stdin && !stdin_shard) stdin_shard = shard;
        load[shard] += inputs[i].size;
        owner[i] = shard;
    }

    // Plain bytes: shard j's share is proportional to how far its load stays below total / N
    // (in units of 1/N byte, to stay in integers).
    Wide plain = 0, total = 0;
    for (const ShardInput& input : inputs) {
        total += input.size;
        if (input.splittable) plain += input.size;
    }
    std::vector<Wide> room(n, 0);
    for (std::size_t j = 0; j < n; ++j) {
        const Wide scaled = load[j] * n;
        room[j] = total > scaled ? total - scaled : 0;
    }
    const Wide all_room = std::accumulate(room.begin(), room.end(), static_cast<Wide>(0));
    const auto boundary = [&](std::size_t j) -> Wide {
        if (all_room == 0) return j == 0 ? 0 : plain;
        Wide before = 0;
        for (std::size_t i = 0; i < j; ++i) before += room[i];
        return plain * before / all_room;
    };
    const Wide from = boundary(k);
    const Wide to = k + 1 == n ? plain : boundary(k + 1);

    std::vector<NominalPiece> pieces;
    Wide at = 0;  // where input i starts among the plain bytes
    for (std::size_t i = 0; i < inputs.size(); ++i) {
        if (!inputs[i].splittable) {
            if (owner[i] == k) pieces.push_back(NominalPiece{i, true, 0, 0});
            continue;
        }
        const Wide end = at + inputs[i].size;
        const Wide lo = std::max(at, from), hi = std::min(end, to);
        if (lo < hi) {
            pieces.push_back(NominalPiece{i, false, static_cast<std::uint64_t>(lo - at),
                                          static_cast<std::uint64_t>(hi - at)});
        }
        at = end;
    }
    return pieces;
}

tl::expected<std::uint64_t, IoError> game_start_at_or_after(const std::string& path,
                                                            std::uint64_t size,
                                                            std::uint64_t offset) {
    if (offset == 0 || offset >= size) return std::min(offset, size);
    const int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
    if (fd < 0) {
        const int error = errno;
        return tl::unexpected(
            IoError{path, "cannot open: " + errno_text(error), {IoFailure::Open, {}, error}});
    }
    FileDescriptor file(fd);
    // The rule looks at a line or two around a candidate: start small, double on demand.
    std::uint64_t before = 4096, after = std::uint64_t{64} << 10;
    std::string window;
    for (;;) {
        const std::uint64_t begin = offset - std::min(before, offset);
        const std::uint64_t end = std::min(size, offset + after);
        window.resize(static_cast<std::size_t>(end - begin));
        auto n = read_at(fd, path, window.data(), window.size(), begin);
        if (!n) return tl::unexpected(n.error());
        // A file that shrank since it was sized ends where its bytes end.
        const bool ends_file = end == size || *n < window.size();
        window.resize(*n);
        const WindowCut cut = find_cut_in_window(window, static_cast<std::size_t>(offset - begin),
                                                 begin == 0, ends_file);
        switch (cut.kind) {
            case WindowCut::Kind::Found:
                return begin + cut.at;
            case WindowCut::Kind::NoneToEnd:
                return size;
            case WindowCut::Kind::NeedBefore:
                before *= 2;
                break;
            case WindowCut::Kind::NeedAfter:
                after *= 2;
                break;
        }
    }
}

tl::expected<std::vector<ShardPiece>, IoError> shard_pieces(const std::vector<std::string>& files,
                                                            const std::vector<ShardInput>& inputs,
                                                            ShardSpec spec) {
    std::vector<ShardPiece> pieces;
    for (const NominalPiece& nominal : plan_shard(inputs, spec)) {
        if (nominal.whole) {
            pieces.push_back(ShardPiece{nominal.input, true, 0, 0});
            continue;
        }
        const std::string& path = files[nominal.input];
        const std::uint64_t size = inputs[nominal.input].size;
        auto begin = game_start_at_or_after(path, size, nominal.begin);
        if (!begin) return tl::unexpected(begin.error());
        auto end = game_start_at_or_after(path, size, nominal.end);
        if (!end) return tl::unexpected(end.error());
        if (*begin < *end) pieces.push_back(ShardPiece{nominal.input, false, *begin, *end});
    }
    return pieces;
}

tl::expected<std::unique_ptr<ByteSource>, IoError> open_source_range(const std::string& path,
                                                                     std::uint64_t begin,
                                                                     std::uint64_t end) {
    const int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
    if (fd < 0) {
        const int error = errno;
        return tl::unexpected(
            IoError{path, "cannot open: " + errno_text(error), {IoFailure::Open, {}, error}});
    }
#ifdef POSIX_FADV_SEQUENTIAL
    ::posix_fadvise(fd, static_cast<off_t>(begin), static_cast<off_t>(end - begin),
                    POSIX_FADV_SEQUENTIAL);
#endif
    return std::make_unique<RangeSource>(path, fd, begin, std::max(begin, end));
}

}  // namespace drawaudit::pgn
