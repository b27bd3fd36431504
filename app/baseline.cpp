#include "baseline.hpp"

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <memory>
#include <string_view>

#include "audit/fingerprint.hpp"
#include "report/escape.hpp"

namespace drawaudit::app {
namespace {

struct FileCloser {
    void operator()(std::FILE* file) const { std::fclose(file); }
};

// Lines of a file, read in blocks of 1 MiB: a block at a time in memory, whatever the file's
// size, and a memchr per line (getline's per-line call took most of the 0.2 s a baseline of
// large/ took to load). A line may be as long as `max_line_bytes` (the buffer grows to it, never
// further), so a file without line ends is an error, not a buffer as large as the file; pieces
// of a line (SARIF, one document of any layout) never grow the buffer at all.
class LineReader {
  public:
    LineReader(std::FILE* file, std::size_t max_line_bytes)
        : file_(file),
          max_line_bytes_(std::max<std::size_t>(max_line_bytes, 16)),
          buffer_(std::min(std::size_t{1} << 20, max_line_bytes_)) {}
    // The next line without its line end, or nullopt at the end, after a read error (error())
    // or at a line of max_line_bytes or more (too_long(); number() is its line).
    // The view is valid until the next call.
    std::optional<std::string_view> next() {
        if (too_long_) return std::nullopt;
        for (;;) {
            const char* begin = buffer_.data() + start_;
            const std::size_t available = end_ - start_;
            const void* newline = std::memchr(begin, '\n', available);
            if (newline != nullptr || (eof_ && available > 0)) {
                const std::size_t length =
                    newline != nullptr
                        ? static_cast<std::size_t>(static_cast<const char*>(newline) - begin)
                        : available;
                start_ += length + (newline != nullptr ? 1 : 0);
                number_ = ++lines_done_;
                std::string_view line(begin, length);
                if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
                return line;
            }
            if (eof_) return std::nullopt;
            if (available >= max_line_bytes_) {
                too_long_ = true;
                number_ = lines_done_ + 1;
                return std::nullopt;
            }
            refill();
        }
    }
    // The next piece of text: the rest of the current line up to its line end (included) or as
    // much of it as the buffer holds; nullopt at the end. number() is the piece's line.
    std::optional<std::string_view> next_piece() {
        for (;;) {
            const char* begin = buffer_.data() + start_;
            const std::size_t available = end_ - start_;
            if (available > 0) {
                const void* newline = std::memchr(begin, '\n', available);
                const std::size_t length =
                    newline != nullptr
                        ? static_cast<std::size_t>(static_cast<const char*>(newline) - begin) + 1
                        : available;
                start_ += length;
                number_ = lines_done_ + 1;
                if (newline != nullptr) ++lines_done_;
                return std::string_view(begin, length);
            }
            if (eof_) return std::nullopt;
            refill();
        }
    }
    // Skips blank space and line ends; then the first bytes (at most `count`) of what follows,
    // without consuming them; nullopt when only blank space is left. number() is their line.
    std::optional<std::string_view> peek_after_blanks(std::size_t count) {
        for (;;) {
            while (start_ < end_) {
                const char c = buffer_[start_];
                if (c == '\n') {
                    ++lines_done_;
                } else if (c != ' ' && c != '\t' && c != '\r') {
                    break;
                }
                ++start_;
            }
            number_ = lines_done_ + (start_ < end_ ? 1 : 0);
            if (start_ < end_ && (end_ - start_ >= count || eof_))
                return std::string_view(buffer_.data() + start_, std::min(count, end_ - start_));
            if (eof_)
                return start_ < end_ ? std::optional<std::string_view>(
                                           std::string_view(buffer_.data() + start_, end_ - start_))
                                     : std::nullopt;
            refill();
        }
    }
    std::uint64_t number() const { return number_; }
    int error() const { return error_; }
    bool too_long() const { return too_long_; }
    std::size_t max_line_bytes() const { return max_line_bytes_; }

  private:
    void refill() {
        // Keep the partial line; make room for a line longer than the buffer, up to the limit.
        std::memmove(buffer_.data(), buffer_.data() + start_, end_ - start_);
        end_ -= start_;
        start_ = 0;
        if (end_ == buffer_.size()) buffer_.resize(std::min(2 * buffer_.size(), max_line_bytes_));
        const std::size_t got = std::fread(buffer_.data() + end_, 1, buffer_.size() - end_, file_);
        end_ += got;
        if (got == 0) {
            eof_ = true;
            if (std::ferror(file_)) error_ = errno != 0 ? errno : EIO;
        }
    }

    std::FILE* file_;
    std::size_t max_line_bytes_;
    std::vector<char> buffer_;
    std::size_t start_ = 0, end_ = 0;
    bool eof_ = false;
    bool too_long_ = false;
    std::uint64_t lines_done_ = 0;  // line ends consumed
    std::uint64_t number_ = 0;
    int error_ = 0;
};

std::string_view trim(std::string_view text) {
    while (!text.empty() && (text.front() == ' ' || text.front() == '\t')) text.remove_prefix(1);
    while (!text.empty() && (text.back() == ' ' || text.back() == '\t')) text.remove_suffix(1);
    return text;
}

std::string at_line(const std::string& path, std::uint64_t line, std::string_view what) {
    return fmt::format("baseline {}:{}: {}", path, line, what);
}

// A JSON Lines report: every line one object; finding records carry their fingerprint as the
// "fingerprint" field; the last record is the summary (or a --write-baseline file's closing
// record), so a truncated report is told from a complete one.
tl::expected<void, std::string> read_jsonl(LineReader& lines, const std::string& path,
                                           std::vector<std::uint64_t>& out) {
    constexpr std::string_view key = "\"fingerprint\":\"";
    bool closed = false;
    while (const std::optional<std::string_view> line = lines.next()) {
        const std::string_view record = trim(*line);
        if (record.empty()) continue;
        if (closed)
            return tl::unexpected(at_line(path, lines.number(), "a record after the summary"));
        if (record.front() != '{' || record.back() != '}' || record.substr(0, 8) != "{\"type\":") {
            return tl::unexpected(
                at_line(path, lines.number(), "not a drawaudit JSON Lines record"));
        }
        if (record.starts_with("{\"type\":\"shard\"")) {
            return tl::unexpected(at_line(
                path, lines.number(),
                "a part of a sharded run (--shard K/N), which holds only its piece's findings: "
                "merge the parts (drawaudit merge --format jsonl -o report.jsonl PART...) and give "
                "that report as the baseline"));
        }
        if (record.starts_with("{\"type\":\"summary\"") ||
            record.starts_with("{\"type\":\"baseline\"")) {
            closed = true;
            continue;
        }
        if (!record.starts_with("{\"type\":\"finding\"")) continue;
        // The fingerprint is a finding's last field, and a key's quotes are never inside a string
        // (they would be escaped there).
        const std::size_t at = record.rfind(key);
        const auto value = at == std::string_view::npos
                               ? std::nullopt
                               : audit::parse_fingerprint(record.substr(at + key.size(), 16));
        if (!value || record.substr(at + key.size() + 16, 2) != "\"}") {
            return tl::unexpected(at_line(path, lines.number(),
                                          "a finding without a fingerprint (a report of a "
                                          "drawaudit without fingerprints? write it again)"));
        }
        out.push_back(*value);
    }
    if (lines.too_long()) {
        return tl::unexpected(
            at_line(path, lines.number(),
                    fmt::format("a line of {} bytes or more: not a drawaudit JSON Lines record (a "
                                "baseline's lines are read up to that length)",
                                lines.max_line_bytes())));
    }
    if (lines.error() != 0) {
        return tl::unexpected(fmt::format("baseline {}: {}", path, std::strerror(lines.error())));
    }
    if (!closed) {
        return tl::unexpected(at_line(path, lines.number(),
                                      "the report ends without its summary record (truncated?)"));
    }
    return {};
}

// SARIF: a JSON document, read token by token (strings and brackets) so that any layout is
// accepted and a truncated file is told: every result (a "ruleId") needs its drawaudit
// fingerprint in partialFingerprints.
tl::expected<void, std::string> read_sarif(LineReader& lines, const std::string& path,
                                           std::vector<std::uint64_t>& out) {
    constexpr std::string_view current_key = "drawauditFinding/v2";
    bool in_string = false, escaped = false, value_next = false, long_string = false;
    std::string token;
    int depth = 0;
    bool opened = false;
    std::uint64_t results = 0;
    std::uint64_t result_line = 0;  // of the latest "ruleId" whose fingerprint is still missing
    // Piece by piece, not line by line: a SARIF document on one line of any length is read in
    // the reader's buffer.
    while (const std::optional<std::string_view> piece = lines.next_piece()) {
        for (const char c : *piece) {
            if (in_string) {
                if (escaped) {
                    escaped = false;
                } else if (c == '\\') {
                    escaped = true;
                } else if (c == '"') {
                    in_string = false;
                    if (value_next) {
                        value_next = false;
                        const auto value =
                            long_string ? std::nullopt : audit::parse_fingerprint(token);
                        if (!value)
                            return tl::unexpected(at_line(path, lines.number(),
                                                          "a fingerprint is not 16 hex digits"));
                        out.push_back(*value);
                        result_line = 0;
                    } else if (token == current_key) {
                        value_next = true;
                    } else if (token == "drawauditFinding/v1") {
                        return tl::unexpected(at_line(
                            path, lines.number(),
                            "fingerprints of drawaudit before 0.x (drawauditFinding/v1) are not "
                            "those of this version: write the baseline again"));
                    } else if (token == "ruleId") {
                        if (result_line != 0)
                            return tl::unexpected(at_line(path, result_line,
                                                          "a result without its drawaudit "
                                                          "fingerprint (partialFingerprints)"));
                        ++results;
                        result_line = lines.number();
                    }
                } else if (token.size() < 32) {
                    token.push_back(c);
                } else {
                    long_string = true;
                }
                continue;
            }
            switch (c) {
                case '"':
                    in_string = true;
                    long_string = false;
                    token.clear();
                    break;
                case '{':
                case '[':
                    if (depth == 0 && opened)
                        return tl::unexpected(
                            at_line(path, lines.number(), "text after the SARIF document"));
                    ++depth;
                    opened = true;
                    break;
                case '}':
                case ']':
                    if (--depth < 0)
                        return tl::unexpected(at_line(path, lines.number(), "unbalanced brackets"));
                    break;
                default:
                    break;
            }
        }
    }
    if (lines.error() != 0) {
        return tl::unexpected(fmt::format("baseline {}: {}", path, std::strerror(lines.error())));
    }
    if (in_string || depth != 0 || !opened) {
        return tl::unexpected(
            at_line(path, lines.number(), "the SARIF document ends early (truncated?)"));
    }
    if (result_line != 0) {
        return tl::unexpected(
            at_line(path, result_line, "a result without its drawaudit fingerprint"));
    }
    return {};
}

}  // namespace

tl::expected<Baseline, std::string> Baseline::load(const std::string& path) {
    std::unique_ptr<std::FILE, FileCloser> file(std::fopen(path.c_str(), "rb"));
    if (!file) return tl::unexpected(fmt::format("baseline {}: {}", path, std::strerror(errno)));
    LineReader lines(file.get(), kMaxBaselineLineBytes);
    // The first bytes tell the format; a JSON Lines report opens with its first record's type.
    constexpr std::string_view jsonl_start = "{\"type\":";
    const std::optional<std::string_view> start = lines.peek_after_blanks(jsonl_start.size());
    if (!start) {
        if (lines.error() != 0)
            return tl::unexpected(
                fmt::format("baseline {}: {}", path, std::strerror(lines.error())));
        return tl::unexpected(
            at_line(path, lines.number(), "empty: not a JSON Lines or SARIF report of drawaudit"));
    }
    std::vector<std::uint64_t> fingerprints;
    const auto read =
        start->starts_with(jsonl_start) ? read_jsonl(lines, path, fingerprints)
        : start->front() == '{'
            ? read_sarif(lines, path, fingerprints)
            : tl::expected<void, std::string>(tl::unexpected(
                  at_line(path, lines.number(), "not a JSON Lines or SARIF report of drawaudit")));
    if (!read) return tl::unexpected(read.error());
    return from(std::move(fingerprints));
}

Baseline Baseline::from(std::vector<std::uint64_t> fingerprints) {
    Baseline baseline;
    std::sort(fingerprints.begin(), fingerprints.end());
    fingerprints.erase(std::unique(fingerprints.begin(), fingerprints.end()), fingerprints.end());
    fingerprints.shrink_to_fit();
    baseline.fingerprints_ = std::move(fingerprints);
    // buckets_[b] is the first value whose top bits are b or more.
    baseline.buckets_.assign((std::size_t{1} << kBucketBits) + 1, 0);
    std::size_t at = 0;
    for (std::size_t bucket = 0; bucket < baseline.buckets_.size(); ++bucket) {
        while (at < baseline.fingerprints_.size() &&
               static_cast<std::size_t>(baseline.fingerprints_[at] >> (64 - kBucketBits)) < bucket)
            ++at;
        baseline.buckets_[bucket] = static_cast<std::uint32_t>(at);
    }
    return baseline;
}

bool Baseline::contains(std::uint64_t fingerprint) const {
    if (fingerprints_.empty()) return false;
    // The bucket of the top bits first: a search of a few values instead of the whole vector,
    // one or two cache misses per finding however large the baseline.
    const std::size_t bucket = static_cast<std::size_t>(fingerprint >> (64 - kBucketBits));
    const auto first = fingerprints_.begin() + buckets_[bucket];
    const auto last = fingerprints_.begin() + buckets_[bucket + 1];
    return std::binary_search(first, last, fingerprint);
}

tl::expected<BaselineWriter, std::string> BaselineWriter::create(const std::string& path) {
    auto output = AtomicOutputFile::create(path);
    if (!output) return tl::unexpected(output.error());
    return BaselineWriter(path, std::move(*output));
}

void BaselineWriter::add(const std::string& file, std::uint64_t game, int ply, audit::Rule rule,
                         std::uint64_t fingerprint) {
    report::append(buffer_, "{\"type\":\"finding\",\"file\":");
    report::append_json_string(buffer_, file);
    const auto hex = audit::fingerprint_hex(fingerprint);
    fmt::format_to(std::back_inserter(buffer_),
                   ",\"game\":{},\"ply\":{},\"rule\":\"{}\",\"fingerprint\":\"{}\"}}\n", game, ply,
                   audit::rule_id(rule), std::string_view(hex.data(), hex.size()));
    ++findings_;
    if (buffer_.size() >= (1 << 16)) flush_buffer();
}

void BaselineWriter::flush_buffer() {
    errno = 0;
    if (!failed_ &&
        std::fwrite(buffer_.data(), 1, buffer_.size(), output_.stream()) != buffer_.size()) {
        failed_ = true;
        write_errno_ = errno != 0 ? errno : EIO;
    }
    buffer_.clear();
}

tl::expected<void, std::string> BaselineWriter::commit() {
    fmt::format_to(std::back_inserter(buffer_), "{{\"type\":\"baseline\",\"findings\":{}}}\n",
                   findings_);
    flush_buffer();
    if (failed_) {
        output_.discard();
        return tl::unexpected(path_ +
                              ": cannot write the baseline: " + std::strerror(write_errno_));
    }
    return output_.commit();
}

}  // namespace drawaudit::app
