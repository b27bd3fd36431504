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
// large/ took to load).
class LineReader {
  public:
    explicit LineReader(std::FILE* file) : file_(file), buffer_(std::size_t{1} << 20) {}
    // The next line without its line end, or nullopt at the end (error() tells a read error).
    // The view is valid until the next call.
    std::optional<std::string_view> next() {
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
                ++number_;
                std::string_view line(begin, length);
                if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
                return line;
            }
            if (eof_) return std::nullopt;
            refill();
        }
    }
    std::uint64_t number() const { return number_; }
    int error() const { return error_; }

  private:
    void refill() {
        // Keep the partial line; make room for a line longer than the buffer.
        std::memmove(buffer_.data(), buffer_.data() + start_, end_ - start_);
        end_ -= start_;
        start_ = 0;
        if (end_ == buffer_.size()) buffer_.resize(2 * buffer_.size());
        const std::size_t got = std::fread(buffer_.data() + end_, 1, buffer_.size() - end_, file_);
        end_ += got;
        if (got == 0) {
            eof_ = true;
            if (std::ferror(file_)) error_ = errno != 0 ? errno : EIO;
        }
    }

    std::FILE* file_;
    std::vector<char> buffer_;
    std::size_t start_ = 0, end_ = 0;
    bool eof_ = false;
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
tl::expected<void, std::string> read_jsonl(LineReader& lines, std::string_view first,
                                           const std::string& path,
                                           std::vector<std::uint64_t>& out) {
    constexpr std::string_view key = "\"fingerprint\":\"";
    bool closed = false;
    for (std::optional<std::string_view> line = first; line; line = lines.next()) {
        const std::string_view record = trim(*line);
        if (record.empty()) continue;
        if (closed)
            return tl::unexpected(at_line(path, lines.number(), "a record after the summary"));
        if (record.front() != '{' || record.back() != '}' || record.substr(0, 8) != "{\"type\":") {
            return tl::unexpected(
                at_line(path, lines.number(), "not a drawaudit JSON Lines record"));
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
tl::expected<void, std::string> read_sarif(LineReader& lines, std::string_view first,
                                           const std::string& path,
                                           std::vector<std::uint64_t>& out) {
    constexpr std::string_view current_key = "drawauditFinding/v2";
    bool in_string = false, escaped = false, value_next = false, long_string = false;
    std::string token;
    int depth = 0;
    bool opened = false;
    std::uint64_t results = 0;
    std::uint64_t result_line = 0;  // of the latest "ruleId" whose fingerprint is still missing
    for (std::optional<std::string_view> line = first; line; line = lines.next()) {
        for (const char c : *line) {
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
    LineReader lines(file.get());
    std::optional<std::string_view> first;
    do {
        first = lines.next();
    } while (first && trim(*first).empty());
    if (!first) {
        if (lines.error() != 0)
            return tl::unexpected(
                fmt::format("baseline {}: {}", path, std::strerror(lines.error())));
        return tl::unexpected(
            at_line(path, lines.number(), "empty: not a JSON Lines or SARIF report of drawaudit"));
    }
    std::vector<std::uint64_t> fingerprints;
    const std::string_view start = trim(*first);
    const auto read =
        start.starts_with("{\"type\":") ? read_jsonl(lines, *first, path, fingerprints)
        : start.front() == '{'          ? read_sarif(lines, *first, path, fingerprints)
                                        : tl::expected<void, std::string>(
                                     tl::unexpected(at_line(path, lines.number(),
                                                                     "not a JSON Lines or SARIF report of "
                                                                              "drawaudit")));
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
