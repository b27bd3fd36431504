#include "merge_command.hpp"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <charconv>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <map>
#include <memory>
#include <optional>
#include <utility>

#include <fmt/format.h>
#include <spdlog/spdlog.h>

#include "audit/duplicates.hpp"
#include "audit/fingerprint.hpp"
#include "audit_command.hpp"
#include "finding_filter.hpp"
#include "interrupt.hpp"
#include "logging.hpp"
#include "output_file.hpp"
#include "outputs.hpp"
#include "pgn/reader.hpp"
#include "pgn/source.hpp"
#include "report/escape.hpp"
#include "report/jsonl_reader.hpp"
#include "report/writer.hpp"
#include "run_checks.hpp"
#include "shard_part.hpp"

namespace drawaudit::app {
namespace {

using report::JsonValue;

struct InputInfo {
    std::string path;
    std::uint64_t size = 0;
    std::uint64_t mtime = 0;  // nanoseconds since 1970, as the shards saw it
    bool split = false;
    bool operator==(const InputInfo&) const = default;
};

// One piece a shard read (its shard-end record).
struct PieceInfo {
    std::size_t input = 0;
    bool whole = true;
    std::uint64_t begin = 0, end = 0;
    bool opened = false;
    std::uint64_t games = 0, records = 0, line_breaks = 0;
    bool read_error = false;  // the run could not read it to its end
};

struct Part {
    std::string path;
    unsigned index = 0, count = 0;
    std::string version;
    std::vector<InputInfo> inputs;
    std::vector<std::string> options;
    std::vector<PieceInfo> pieces;
    audit::Summary summary;
    std::unique_ptr<report::JsonlFile> file;  // pass 2: positioned after the header
    std::unique_ptr<report::GameRecordReader> games;
};

using Failure = std::string;  // the message of an error that stops the merge

tl::expected<const JsonValue*, Failure> need(const report::JsonlFile& file, const JsonValue& record,
                                             std::string_view name, std::string_view what) {
    const JsonValue* value = record.find(name);
    if (value == nullptr)
        return tl::unexpected(describe(file.error(fmt::format("{} without '{}'", what, name))));
    return value;
}

tl::expected<std::uint64_t, Failure> count_of(const report::JsonlFile& file,
                                              const JsonValue& record, std::string_view name,
                                              std::string_view what) {
    auto value = need(file, record, name, what);
    if (!value) return tl::unexpected(value.error());
    auto n = report::json_unsigned(**value);
    if (!n) return tl::unexpected(describe(file.error(fmt::format("'{}': {}", name, n.error()))));
    return *n;
}

tl::expected<bool, Failure> flag_of(const report::JsonlFile& file, const JsonValue& record,
                                    std::string_view name, std::string_view what) {
    auto value = need(file, record, name, what);
    if (!value) return tl::unexpected(value.error());
    if ((*value)->kind != JsonValue::Kind::Bool)
        return tl::unexpected(
            describe(file.error(fmt::format("'{}': expected true or false", name))));
    return (*value)->boolean;
}

tl::expected<std::string, Failure> text_of(const report::JsonlFile& file, const JsonValue& record,
                                           std::string_view name, std::string_view what) {
    auto value = need(file, record, name, what);
    if (!value) return tl::unexpected(value.error());
    auto text = report::json_string(**value);
    if (!text)
        return tl::unexpected(describe(file.error(fmt::format("'{}': {}", name, text.error()))));
    return *text;
}

#define MERGE_TRY(var, expr)                                        \
    auto var##_result = (expr);                                     \
    if (!var##_result) return tl::unexpected(var##_result.error()); \
    auto var = std::move(*var##_result)

tl::expected<void, Failure> read_header(Part& part, const report::JsonlFile& file,
                                        const JsonValue& header) {
    const std::string_view what = "the shard record";
    MERGE_TRY(index, count_of(file, header, "shard", what));
    MERGE_TRY(count, count_of(file, header, "of", what));
    MERGE_TRY(version, text_of(file, header, "version", what));
    if (index < 1 || index > count || count > 1000000)
        return tl::unexpected(
            describe(file.error(fmt::format("shard {}/{} is no part", index, count))));
    part.index = static_cast<unsigned>(index);
    part.count = static_cast<unsigned>(count);
    part.version = version;
    MERGE_TRY(inputs, need(file, header, "inputs", what));
    if (inputs->kind != JsonValue::Kind::Array)
        return tl::unexpected(describe(file.error("'inputs' is not a list")));
    for (const JsonValue& input : inputs->items) {
        MERGE_TRY(path, text_of(file, input, "path", "an input"));
        MERGE_TRY(size, count_of(file, input, "size", "an input"));
        MERGE_TRY(mtime, count_of(file, input, "mtime", "an input"));
        MERGE_TRY(split, flag_of(file, input, "split", "an input"));
        part.inputs.push_back(InputInfo{path, size, mtime, split});
    }
    MERGE_TRY(options, need(file, header, "options", what));
    if (options->kind != JsonValue::Kind::Array)
        return tl::unexpected(describe(file.error("'options' is not a list")));
    for (const JsonValue& option : options->items) {
        auto text = report::json_string(option);
        if (!text) return tl::unexpected(describe(file.error("'options': " + text.error())));
        part.options.push_back(*text);
    }
    return {};
}

tl::expected<void, Failure> read_trailer(Part& part, const report::JsonlFile& file,
                                         const JsonValue& trailer) {
    MERGE_TRY(pieces, need(file, trailer, "pieces", "the shard-end record"));
    if (pieces->kind != JsonValue::Kind::Array)
        return tl::unexpected(describe(file.error("'pieces' is not a list")));
    for (const JsonValue& piece : pieces->items) {
        const std::string_view what = "a piece";
        PieceInfo info;
        MERGE_TRY(input, count_of(file, piece, "input", what));
        if (input >= part.inputs.size())
            return tl::unexpected(describe(
                file.error(fmt::format("piece of input {} of {}", input, part.inputs.size()))));
        info.input = static_cast<std::size_t>(input);
        MERGE_TRY(whole, flag_of(file, piece, "whole", what));
        MERGE_TRY(begin, count_of(file, piece, "begin", what));
        MERGE_TRY(end, count_of(file, piece, "end", what));
        MERGE_TRY(opened, flag_of(file, piece, "opened", what));
        MERGE_TRY(games, count_of(file, piece, "games", what));
        MERGE_TRY(records, count_of(file, piece, "records", what));
        MERGE_TRY(line_breaks, count_of(file, piece, "line_breaks", what));
        MERGE_TRY(read_error, flag_of(file, piece, "read_error", what));
        info.read_error = read_error;
        info.whole = whole;
        info.begin = begin;
        info.end = end;
        info.opened = opened;
        info.games = games;
        info.records = records;
        info.line_breaks = line_breaks;
        part.pieces.push_back(info);
    }
    return {};
}

// Pass 1: the header, the summary and the shard-end record (the part's last two lines).
tl::expected<Part, Failure> scan_part(const std::string& path) {
    Part part;
    part.path = path;
    auto opened = report::JsonlFile::open(path);
    if (!opened) return tl::unexpected(describe(opened.error()));
    report::JsonlFile& file = **opened;
    JsonValue header;
    auto got = file.next(header);
    if (!got) return tl::unexpected(describe(got.error()));
    if (!*got || report::record_type(header) != "shard") {
        return tl::unexpected(describe(report::ReadError{
            path, 1,
            "not a shard's part: its first record is no {\"type\":\"shard\",...} (write parts with "
            "drawaudit --shard K/N --format jsonl)"}));
    }
    if (auto ok = read_header(part, file, header); !ok) return tl::unexpected(ok.error());
    std::string summary_line, last_line, previous_line;
    std::uint64_t summary_at = 0, last_at = 0;
    std::string_view line;
    for (;;) {
        auto more = file.next_line(line);
        if (!more) return tl::unexpected(describe(more.error()));
        if (!*more) break;
        if (line.starts_with(R"({"type":"summary")")) {
            summary_line.assign(line);
            summary_at = file.line();
        }
        if (line.starts_with(R"({"type":"shard-end")")) {
            last_line.assign(line);
            last_at = file.line();
        }
    }
    if (last_at == 0 || last_at != file.line() || summary_at + 1 != last_at) {
        return tl::unexpected(describe(report::ReadError{
            path, file.line(),
            "incomplete part: it does not end with its summary and shard-end records (did its "
            "run stop early?)"}));
    }
    const auto parsed_summary = report::parse_json(summary_line);
    const auto parsed_trailer = report::parse_json(last_line);
    if (!parsed_summary)
        return tl::unexpected(
            describe(report::ReadError{path, summary_at, parsed_summary.error()}));
    if (!parsed_trailer)
        return tl::unexpected(describe(report::ReadError{path, last_at, parsed_trailer.error()}));
    if (auto ok = report::read_summary(*parsed_summary, part.summary); !ok)
        return tl::unexpected(describe(report::ReadError{path, summary_at, ok.error()}));
    if (auto ok = read_trailer(part, file, *parsed_trailer); !ok) return tl::unexpected(ok.error());
    return part;
}

// The parts make one run: the same N, inputs, options and version; each K exactly once.
tl::expected<void, Failure> check_parts(std::vector<Part>& parts) {
    const Part& first = parts.front();
    for (const Part& part : parts) {
        if (part.count != first.count) {
            return tl::unexpected(fmt::format(
                "{} is part {}/{} but {} is part {}/{}: parts of "
                "different runs",
                part.path, part.index, part.count, first.path, first.index, first.count));
        }
        if (part.inputs != first.inputs)
            return tl::unexpected(
                fmt::format("{} and {} were made over different inputs: parts of different runs",
                            part.path, first.path));
        if (part.options != first.options)
            return tl::unexpected(fmt::format(
                "{} and {} were made with different options ({} / {}): parts of different runs",
                part.path, first.path, fmt::join(part.options, " "),
                fmt::join(first.options, " ")));
        if (part.version != first.version)
            return tl::unexpected(fmt::format("{} and {} were made by drawaudit {} and {}",
                                              part.path, first.path, part.version, first.version));
    }
    std::vector<const Part*> by_index(first.count + 1, nullptr);
    for (const Part& part : parts) {
        if (by_index[part.index] != nullptr) {
            return tl::unexpected(fmt::format("part {}/{} is given twice: {} and {}", part.index,
                                              part.count, by_index[part.index]->path, part.path));
        }
        by_index[part.index] = &part;
    }
    std::vector<std::string> missing;
    for (unsigned k = 1; k <= first.count; ++k) {
        if (by_index[k] == nullptr) missing.push_back(fmt::format("{}/{}", k, first.count));
    }
    if (!missing.empty()) {
        return tl::unexpected(
            fmt::format("part{} {} missing: a merge needs all {} parts of the run",
                        missing.size() > 1 ? "s" : "", fmt::join(missing, ", "), first.count));
    }
    std::sort(parts.begin(), parts.end(),
              [](const Part& a, const Part& b) { return a.index < b.index; });
    return {};
}

struct PieceRef {
    const PieceInfo* piece;
    std::size_t part;  // index into the parts
};

// Every input once: a whole file in one part, a split one covered by ranges from 0 to its size.
tl::expected<std::vector<std::vector<PieceRef>>, Failure> pieces_by_input(
    const std::vector<Part>& parts) {
    const std::vector<InputInfo>& inputs = parts.front().inputs;
    std::vector<std::vector<PieceRef>> by_input(inputs.size());
    for (std::size_t p = 0; p < parts.size(); ++p) {
        for (const PieceInfo& piece : parts[p].pieces) by_input[piece.input].push_back({&piece, p});
    }
    for (std::size_t i = 0; i < inputs.size(); ++i) {
        auto& pieces = by_input[i];
        std::stable_sort(pieces.begin(), pieces.end(), [](const PieceRef& a, const PieceRef& b) {
            return a.piece->begin < b.piece->begin;
        });
        if (!inputs[i].split) {
            if (pieces.size() != 1 || !pieces.front().piece->whole) {
                return tl::unexpected(
                    fmt::format("input {} is in {} parts, not one", inputs[i].path, pieces.size()));
            }
            continue;
        }
        std::uint64_t at = 0;
        for (const PieceRef& ref : pieces) {
            if (ref.piece->whole || ref.piece->begin != at) {
                return tl::unexpected(fmt::format(
                    "input {}: bytes from {} are {} (at {})", inputs[i].path, at,
                    ref.piece->begin > at ? "in no part" : "in two parts", parts[ref.part].path));
            }
            at = ref.piece->end;
        }
        if (at != inputs[i].size) {
            return tl::unexpected(
                fmt::format("input {}: bytes from {} are in no part", inputs[i].path, at));
        }
    }
    return by_input;
}

// A line number of a later piece of a file, and the parse-error sentence that quotes it.
void shift_lines(audit::GameReport& report, std::uint64_t lines_before) {
    if (lines_before == 0) return;
    report.line += lines_before;
    for (audit::Finding& f : report.findings) {
        if (f.line == 0) continue;
        const std::uint64_t shifted = f.line + lines_before;
        const std::string quoted = fmt::format("at line {}, column {}", f.line, f.column);
        if (const auto at = f.message.find(quoted); at != std::string::npos) {
            f.message.replace(at, quoted.size(),
                              fmt::format("at line {}, column {}", shifted, f.column));
        }
        f.line = shifted;
    }
}

// What the merge does that no part can: read from the parts' options (all parts have the same).
struct MergeRun {
    // pgn and html: the games' text, and the text between them, read back from the inputs.
    bool texts = false;
    std::size_t max_game_bytes = pgn::kMaxGameBytes;  // as the shards read the inputs
    // --duplicates: the findings across the parts, through the run's finding filter.
    bool duplicates = false;
    FindingFilter filter;  // the run's; without --duplicates, never needed (it selects all)
    int min_moves_before_agreement = 0;  // the statistics' early agreements, as the run had it
    // The run's --min-severity, for the writers (the text summary names it; github shows from it).
    std::optional<audit::Severity> min_severity;
};

std::optional<std::string> option_value(const std::vector<std::string>& options,
                                        std::string_view name) {
    for (const std::string& option : options) {
        if (option.size() > name.size() && option.starts_with(name) && option[name.size()] == '=')
            return option.substr(name.size() + 1);
    }
    return std::nullopt;
}

std::vector<std::string> comma_list(const std::string& text) {
    std::vector<std::string> items;
    std::size_t from = 0;
    while (from < text.size()) {
        std::size_t comma = text.find(',', from);
        if (comma == std::string::npos) comma = text.size();
        if (comma > from) items.push_back(text.substr(from, comma - from));
        from = comma + 1;
    }
    return items;
}

// A numeric option the part records (e.g. "max-game-bytes=1048576") into `value`; absent: left.
template <typename Number>
tl::expected<void, Failure> number_option(const Part& part, std::string_view name, Number& value) {
    const auto text = option_value(part.options, name);
    if (!text) return {};
    const auto [end, ec] = std::from_chars(text->data(), text->data() + text->size(), value);
    if (ec != std::errc() || end != text->data() + text->size())
        return tl::unexpected(fmt::format("{}: option {}={} is no number", part.path, name, *text));
    return {};
}

tl::expected<MergeRun, Failure> plan_merge(const Part& first, report::Format format) {
    MergeRun run;
    run.texts = format == report::Format::Pgn || format == report::Format::Html;
    if (auto ok = number_option(first, "max-game-bytes", run.max_game_bytes); !ok)
        return tl::unexpected(ok.error());
    run.duplicates = option_value(first.options, "duplicates") == "true";
    const std::string min_severity = option_value(first.options, "min-severity").value_or("");
    if (!min_severity.empty()) {
        run.min_severity = audit::severity_from_name(min_severity);
        if (!run.min_severity)
            return tl::unexpected(fmt::format("{}: its options: unknown min-severity '{}'",
                                              first.path, min_severity));
    }
    if (run.duplicates) {
        auto filter = FindingFilter::create(
            comma_list(option_value(first.options, "only").value_or("")),
            comma_list(option_value(first.options, "ignore").value_or("")),
            comma_list(option_value(first.options, "severity").value_or("")), min_severity);
        if (!filter)
            return tl::unexpected(fmt::format("{}: its options: {}", first.path, filter.error()));
        run.filter = std::move(*filter);
    }
    if (auto ok =
            number_option(first, "min-moves-before-agreement", run.min_moves_before_agreement);
        !ok)
        return tl::unexpected(ok.error());
    return run;
}

// The inputs a merge may read again (--inputs-from): the real paths of the directories and
// files the user allowed. The parts name the inputs, and parts come from other machines and
// shared directories: they must not choose what the merging user reads.
struct AllowedInputs {
    std::vector<std::string> real_paths;
};

tl::expected<AllowedInputs, Failure> resolve_allowed_inputs(const std::vector<std::string>& paths) {
    AllowedInputs allowed;
    for (const std::string& path : paths) {
        std::unique_ptr<char, decltype(&std::free)> real(::realpath(path.c_str(), nullptr),
                                                         &std::free);
        if (!real)
            return tl::unexpected(fmt::format("--inputs-from {}: {}", path, std::strerror(errno)));
        allowed.real_paths.emplace_back(real.get());
    }
    return allowed;
}

// Whether `real` (a real path) is `allowed` itself or lies below it.
bool lies_inside(std::string_view real, std::string_view allowed) {
    if (!real.starts_with(allowed)) return false;
    return real.size() == allowed.size() || allowed.ends_with('/') || real[allowed.size()] == '/';
}

// A file descriptor closed when it goes.
class InputDescriptor {
  public:
    explicit InputDescriptor(int fd) : fd_(fd) {}
    InputDescriptor(InputDescriptor&& other) noexcept : fd_(std::exchange(other.fd_, -1)) {}
    InputDescriptor& operator=(InputDescriptor&&) = delete;
    ~InputDescriptor() {
        if (fd_ >= 0) ::close(fd_);
    }
    int get() const { return fd_; }

  private:
    int fd_;
};

// An input a part names, opened for reading again when the user allowed it (its real path inside
// an --inputs-from), it is a regular file (a FIFO would block the merge, a device like /dev/zero
// read without end) and it is as the parts saw it (size and modification time). The error names
// the part that names the input (its header, line 1: all parts name the same inputs) and the path.
tl::expected<InputDescriptor, Failure> open_allowed_input(const InputInfo& input,
                                                          const AllowedInputs& allowed,
                                                          const std::string& part) {
    const auto refused = [&](std::string_view why) {
        return tl::unexpected(fmt::format("{}:1: the input {}: {}", part, input.path, why));
    };
    std::unique_ptr<char, decltype(&std::free)> resolved(::realpath(input.path.c_str(), nullptr),
                                                         &std::free);
    if (!resolved) {
        return refused(fmt::format(
            "cannot read it again ({}): --format pgn and html take the games' text from the "
            "inputs the parts name",
            std::strerror(errno)));
    }
    const std::string real = resolved.get();
    const bool is_allowed =
        std::any_of(allowed.real_paths.begin(), allowed.real_paths.end(),
                    [&](const std::string& dir) { return lies_inside(real, dir); });
    if (!is_allowed) {
        return refused(fmt::format(
            "refused: {} lies outside --inputs-from ({}); a merge reads only the inputs you allow",
            real, fmt::join(allowed.real_paths, ", ")));
    }
    // Told before opening: opening some devices does something (a tape rewinds).
    struct stat named {};
    if (::stat(real.c_str(), &named) != 0)
        return refused(fmt::format("cannot read it again ({})", std::strerror(errno)));
    if (!S_ISREG(named.st_mode)) return refused("refused: not a regular file");
    // O_NONBLOCK and O_NOFOLLOW: should it have become a FIFO or a symlink since, the open does
    // not wait for a writer nor follow the link; fstat then tells what was opened.
    const int fd = ::open(real.c_str(), O_RDONLY | O_CLOEXEC | O_NOCTTY | O_NONBLOCK | O_NOFOLLOW);
    if (fd < 0) return refused(fmt::format("cannot read it again ({})", std::strerror(errno)));
    InputDescriptor opened(fd);
    struct stat info {};
    if (::fstat(fd, &info) != 0)
        return refused(fmt::format("cannot read it again ({})", std::strerror(errno)));
    if (!S_ISREG(info.st_mode) || info.st_dev != named.st_dev || info.st_ino != named.st_ino)
        return refused("refused: not a regular file");
    const auto size = static_cast<std::uint64_t>(info.st_size);
    const std::uint64_t mtime = static_cast<std::uint64_t>(info.st_mtim.tv_sec) * 1000000000u +
                                static_cast<std::uint64_t>(info.st_mtim.tv_nsec);
    if (size != input.size || mtime != input.mtime) {
        return refused(fmt::format(
            "changed since the parts were made ({}): --format pgn and html need the text they "
            "audited",
            size != input.size ? fmt::format("{} bytes, the parts read {}", size, input.size)
                               : std::string("modified since")));
    }
    return opened;
}

// The inputs a pgn or html merge reads again: each allowed, a regular file and as the parts saw
// it, so that the games' text is the one audited; checked before the report is begun. Every
// refused input is named (logged here); the merge then stops, since a report without an input's
// text is not the one the run would have written.
tl::expected<void, Failure> check_inputs(const std::vector<Part>& parts,
                                         const AllowedInputs& allowed) {
    const std::vector<InputInfo>& inputs = parts.front().inputs;
    std::vector<bool> opened(inputs.size(), false);
    for (const Part& part : parts) {
        for (const PieceInfo& piece : part.pieces)
            opened[piece.input] = opened[piece.input] || piece.opened;
    }
    for (std::size_t i = 0; i < inputs.size(); ++i) {
        if (opened[i] && inputs[i].path == "-")
            return tl::unexpected(std::string(
                "the parts read standard input: its games' text cannot be read again for "
                "--format pgn or html"));
    }
    const auto first_opened = std::find(opened.begin(), opened.end(), true);
    if (first_opened != opened.end() && allowed.real_paths.empty()) {
        const auto others = std::count(first_opened + 1, opened.end(), true);
        return tl::unexpected(fmt::format(
            "{}:1: the input {}{}: not read: --format pgn and html read the games' text again "
            "from the inputs the parts name, and a merge reads only the inputs you allow: add "
            "--inputs-from DIR for the directory (or file) that holds them (e.g. --inputs-from . "
            "for those below the working directory)",
            parts.front().path,
            inputs[static_cast<std::size_t>(first_opened - opened.begin())].path,
            others > 0 ? fmt::format(" and {} other{}", others, others > 1 ? "s" : "") : ""));
    }
    std::size_t refused = 0;
    for (std::size_t i = 0; i < inputs.size(); ++i) {
        if (!opened[i]) continue;  // the run could not read it either: it has no text
        if (auto checked = open_allowed_input(inputs[i], allowed, parts.front().path); !checked) {
            spdlog::error("{}", report::terminal_text(checked.error()));
            ++refused;
        }
    }
    if (refused > 0) {
        return tl::unexpected(
            fmt::format("{} input{} refused: no report written", refused, refused > 1 ? "s" : ""));
    }
    return {};
}

// A source that ends in an error once more than the input's stated size was read from the file
// (it grew since it was checked): a merge reads at most what the parts audited.
class StatedSizeSource final : public pgn::ByteSource {
  public:
    StatedSizeSource(std::unique_ptr<pgn::ByteSource> source, std::string path,
                     std::uint64_t stated)
        : source_(std::move(source)), path_(std::move(path)), stated_(stated) {}

    tl::expected<std::size_t, pgn::IoError> read(char* buffer, std::size_t capacity) override {
        auto got = source_->read(buffer, capacity);
        if (got && source_->input_bytes_consumed() > stated_) {
            return tl::unexpected(pgn::IoError{
                path_,
                fmt::format("it grew since the parts were made (they read {} bytes)", stated_)});
        }
        return got;
    }
    std::uint64_t input_bytes_consumed() const override { return source_->input_bytes_consumed(); }
    std::uint64_t input_size() const override { return source_->input_size(); }
    pgn::Compression compression() const override { return source_->compression(); }

  private:
    std::unique_ptr<pgn::ByteSource> source_;
    std::string path_;
    std::uint64_t stated_;
};

// The checked input's text source: through /proc/self/fd, the very file checked (no other file
// put in its place since), where /proc is mounted.
tl::expected<std::unique_ptr<pgn::ByteSource>, Failure> open_input_text(
    const InputInfo& input, const AllowedInputs& allowed, const std::string& part) {
    auto checked = open_allowed_input(input, allowed, part);
    if (!checked) return tl::unexpected(checked.error());
    const std::string by_descriptor = fmt::format("/proc/self/fd/{}", checked->get());
    const bool proc = ::access(by_descriptor.c_str(), R_OK) == 0;
    auto source = pgn::open_source(proc ? by_descriptor : input.path);
    if (!source) return tl::unexpected(fmt::format("{}: {}", input.path, source.error().message));
    if ((*source)->input_size() != input.size)
        return tl::unexpected(fmt::format("{}: changed since the parts were made", input.path));
    return std::make_unique<StatedSizeSource>(std::move(*source), input.path, input.size);
}

// An input read again from its start as the run read it (the same chunker, the same limit of a
// game's bytes): each game's text, checked against its part's hash, and the text between the
// games handed to the writer as pipeline.cpp's OutsideText does. One chunk at a time in memory.
class InputText {
  public:
    // `read_error`: the run could not read the input to its end either; its text stops there.
    static tl::expected<std::unique_ptr<InputText>, Failure> open(const InputInfo& input,
                                                                  const AllowedInputs& allowed,
                                                                  const std::string& part,
                                                                  const MergeRun& run,
                                                                  bool read_error) {
        auto source = open_input_text(input, allowed, part);
        if (!source) return tl::unexpected(source.error());
        return std::unique_ptr<InputText>(
            new InputText(input.path, std::move(*source), run.max_game_bytes, read_error));
    }

    // The text outside the games up to `report`'s, then its own text into `report.text`.
    tl::expected<void, Failure> place(audit::GameReport& report,
                                      const report::GameTextExtent& extent,
                                      report::Writer& writer) {
        if (!extent.given)
            return tl::unexpected(fmt::format(
                "{}: the parts do not say where its games' text is (made by another version?)",
                path_));
        if (have_chunk_ && report.offset < chunk_.offset) return changed(report);
        // A game lies in the chunk its first byte is in (an empty text may end one).
        while (!have_chunk_ || report.offset > chunk_end() ||
               (report.offset == chunk_end() && extent.bytes > 0)) {
            if (have_chunk_) writer.outside_text(slice(done_, chunk_end()));
            auto more = next_chunk();
            if (!more) return tl::unexpected(more.error());
            if (!*more) return changed(report);
        }
        const std::uint64_t end = chunk_end();
        const std::uint64_t start = std::clamp(report.offset, done_, end);
        writer.outside_text(slice(done_, start));
        if (report.offset + extent.bytes > end) return changed(report);
        report.text.assign(chunk_.text.substr(report.offset - chunk_.offset, extent.bytes));
        if (audit::game_text_hash(report.text) != extent.hash) return changed(report);
        done_ = std::min(start + report.text.size(), end);
        return {};
    }

    // The text after the last game.
    tl::expected<void, Failure> finish(report::Writer& writer) {
        for (;;) {
            if (have_chunk_) writer.outside_text(slice(done_, chunk_end()));
            auto more = next_chunk();
            if (!more) return tl::unexpected(more.error());
            if (!*more) return {};
        }
    }

  private:
    InputText(std::string path, std::unique_ptr<pgn::ByteSource> source, std::size_t max_game_bytes,
              bool read_error)
        : path_(std::move(path)),
          source_(std::move(source)),
          // The pipeline's chunk size: a game is never cut, whatever the size, so any would do.
          chunker_(*source_, std::size_t{256} << 10, max_game_bytes),
          read_error_(read_error) {}

    std::uint64_t chunk_end() const { return chunk_.offset + chunk_.text.size(); }

    std::string_view slice(std::uint64_t from, std::uint64_t to) const {
        // An oversized game's chunk holds only its head: nothing outside it is known.
        if (chunk_.oversized || to <= from) return {};
        return chunk_.text.substr(from - chunk_.offset, to - from);
    }

    tl::expected<bool, Failure> next_chunk() {
        have_chunk_ = false;
        if (ended_) return false;
        auto more = chunker_.next_view(chunk_);
        if (!more) {
            ended_ = true;
            // The run stopped reading there too, and reported it (its parts count the error).
            if (read_error_) return false;
            return tl::unexpected(fmt::format("{}: {}", path_, more.error().message));
        }
        if (!*more) {
            ended_ = true;
            return false;
        }
        have_chunk_ = true;
        done_ = chunk_.offset;
        return true;
    }

    tl::expected<void, Failure> changed(const audit::GameReport& report) const {
        return tl::unexpected(fmt::format(
            "{}: game {} (byte {}) is not the text the parts audited: the input changed since "
            "they were made",
            path_, report.game, report.offset));
    }

    std::string path_;
    std::unique_ptr<pgn::ByteSource> source_;
    pgn::GameChunker chunker_;
    const bool read_error_;
    pgn::ChunkView chunk_;
    bool have_chunk_ = false, ended_ = false;
    std::uint64_t done_ = 0;  // the text up to here is written
};

// Every message that names a part, an input or a part's content goes to the terminal inert: the
// parts are files anyone may have written (RULES.md's escaping, as for the reports).
template <typename... Args>
void log_error(fmt::format_string<Args...> format, Args&&... args) {
    spdlog::error("{}", report::terminal_text(fmt::format(format, std::forward<Args>(args)...)));
}

// A part's record as the run's ordered stage takes it (RunChecks::admit): numbered, its
// occurrence in the whole run, its fingerprints, and with --duplicates its duplicate finding
// through the run's filter, which `added` counts (the part's summary counted the rest).
void admit_game(audit::GameReport& report, std::uint64_t games_before, std::size_t input,
                RunChecks& checks, const MergeRun& run, audit::Summary& added) {
    if (!checks.admit(report, games_before, static_cast<std::uint32_t>(input), run.filter,
                      RunChecks::Stamped::ByAPart))
        return;
    const auto rule = static_cast<std::size_t>(report.findings.front().rule);
    ++added.findings[rule];
    ++added.games_by_rule[rule];
}

// Pass 2: the games of every piece, input by input, numbered and placed as in one run, through
// the run's own ordered stage (RunChecks): identical games in different parts take the occurrence
// number one run gives them (RULES.md "Fingerprints and baselines"), and RULES.md "Duplicate
// games" is decided in the run's game order.
class MergeStage {
  public:
    MergeStage(std::vector<Part>& parts, const MergeRun& run, const AllowedInputs& allowed,
               report::Writer& writer)
        : parts_(parts),
          run_(run),
          allowed_(allowed),
          writer_(writer),
          checks_(RunCheckSettings{run.duplicates, nullptr, nullptr}) {}

    // The worst severity written; stops early (no error) when the writer failed or the merge
    // was interrupted, which run_merge tells apart.
    tl::expected<std::optional<audit::Severity>, Failure> write(
        const std::vector<std::vector<PieceRef>>& by_input) {
        const std::vector<InputInfo>& inputs = parts_.front().inputs;
        for (std::size_t i = 0; i < inputs.size() && !stopped(); ++i) {
            if (auto written = write_input(i, by_input[i]); !written)
                return tl::unexpected(written.error());
        }
        if (stopped()) return worst_;
        if (auto ended = check_parts_ended(); !ended) return tl::unexpected(ended.error());
        return worst_;
    }
    // What the merge adds to the parts' summaries: the duplicate findings.
    const audit::Summary& added() const { return added_; }

  private:
    bool stopped() const { return writer_.failed() || interrupted(); }

    tl::expected<void, Failure> write_input(std::size_t i, const std::vector<PieceRef>& pieces) {
        const InputInfo& input = parts_.front().inputs[i];
        writer_.begin_file(input.path);  // as the run's ordered stage does, file by file
        auto text = open_text(input, pieces);
        if (!text) return tl::unexpected(text.error());
        Numbering numbering;
        for (const PieceRef& ref : pieces) {
            if (auto written = write_piece(i, ref, numbering, text->get()); !written || stopped())
                return written;
            numbering.games_before += ref.piece->games;
            numbering.lines_before += ref.piece->line_breaks;
        }
        if (*text) return (*text)->finish(writer_);
        return {};
    }

    // pgn and html: the input's text, where the run opened it.
    tl::expected<std::unique_ptr<InputText>, Failure> open_text(
        const InputInfo& input, const std::vector<PieceRef>& pieces) const {
        const auto any = [&](bool PieceInfo::*flag) {
            return std::any_of(pieces.begin(), pieces.end(),
                               [&](const PieceRef& ref) { return ref.piece->*flag; });
        };
        if (!run_.texts || !any(&PieceInfo::opened)) return nullptr;
        return InputText::open(input, allowed_, parts_.front().path, run_,
                               any(&PieceInfo::read_error));
    }

    // A later piece's games and lines are numbered after the earlier pieces' of its file.
    struct Numbering {
        std::uint64_t games_before = 0, lines_before = 0;
    };

    tl::expected<void, Failure> write_piece(std::size_t i, const PieceRef& ref,
                                            const Numbering& numbering, InputText* text) {
        Part& part = parts_[ref.part];
        for (std::uint64_t r = 0; r < ref.piece->records && !stopped(); ++r) {
            if (auto read = read_game(part, *ref.piece, i, r); !read) return read;
            shift_lines(report_, numbering.lines_before);
            admit_game(report_, numbering.games_before, i, checks_, run_, added_);
            raise_worst(worst_, worst_of(report_));
            if (text != nullptr) {
                if (auto placed = text->place(report_, part.games->text_extent(), writer_); !placed)
                    return placed;
            }
            writer_.game(report_);
        }
        return {};
    }

    // The piece's record `r` into report_: there, and of the piece's input.
    tl::expected<void, Failure> read_game(Part& part, const PieceInfo& piece, std::size_t i,
                                          std::uint64_t r) {
        const std::string& path = parts_.front().inputs[i].path;
        auto got = part.games->next(report_);
        if (!got) return tl::unexpected(describe(got.error()));
        if (!*got) {
            return tl::unexpected(describe(part.file->error(
                fmt::format("{} game records of {} expected, {} found", piece.records, path, r))));
        }
        if (report_.file != path) {
            return tl::unexpected(describe(part.file->error(
                fmt::format("a game of {} where one of {} belongs", report_.file, path))));
        }
        return {};
    }

    // Every part's game records were all in its pieces: its summary follows.
    tl::expected<void, Failure> check_parts_ended() {
        for (Part& part : parts_) {
            auto got = part.games->next(report_);
            if (!got) return tl::unexpected(describe(got.error()));
            if (*got || report::record_type(part.games->other()) != "summary") {
                return tl::unexpected(describe(
                    part.file->error("more game records than its shard-end record counts")));
            }
        }
        return {};
    }

    std::vector<Part>& parts_;
    const MergeRun& run_;
    const AllowedInputs& allowed_;
    report::Writer& writer_;
    RunChecks checks_;
    audit::GameReport report_;  // one record, reused
    std::optional<audit::Severity> worst_;
    audit::Summary added_;
};

// The files a merge reads, which its -o may not replace: the parts, and the PGN inputs they name
// (which a pgn or html merge reads back, and which a later run would read again).
std::vector<RunFile> merge_inputs(const std::vector<Part>& parts) {
    std::vector<RunFile> inputs;
    for (const Part& part : parts) inputs.push_back({"the part", part.path});
    if (!parts.empty()) {
        for (const InputInfo& input : parts.front().inputs)
            inputs.push_back({"the PGN input the parts name", input.path});
    }
    return inputs;
}

// What a merge reads and does, decided before its output is opened.
struct MergePlan {
    report::Format format = report::Format::Text;
    std::vector<Part> parts;  // checked, in order, each opened after its header
    std::vector<std::vector<PieceRef>> by_input;
    AllowedInputs allowed;
    MergeRun run;
};

tl::expected<std::vector<Part>, Failure> scan_parts(const std::vector<std::string>& paths) {
    std::vector<Part> parts;
    for (const std::string& path : paths) {
        auto part = scan_part(path);
        if (!part) return tl::unexpected(part.error());
        parts.push_back(std::move(*part));
    }
    if (auto ok = check_parts(parts); !ok) return tl::unexpected(ok.error());
    return parts;
}

// Pass 2's readers: each part positioned after its header.
tl::expected<void, Failure> open_game_records(std::vector<Part>& parts) {
    for (Part& part : parts) {
        auto opened = report::JsonlFile::open(part.path);
        if (!opened) return tl::unexpected(describe(opened.error()));
        part.file = std::move(*opened);
        std::string_view header;
        if (auto got = part.file->next_line(header); !got || !*got)
            return tl::unexpected(fmt::format("{}: changed while it was merged", part.path));
        part.games = std::make_unique<report::GameRecordReader>(*part.file);
    }
    return {};
}

tl::expected<MergePlan, Failure> plan_merge_run(const MergeOptions& options) {
    MergePlan plan;
    const auto format = report::format_from_name(options.format);
    if (!format)
        return tl::unexpected(fmt::format("merge cannot write --format {}", options.format));
    plan.format = *format;
    MERGE_TRY(parts, scan_parts(options.parts));
    plan.parts = std::move(parts);
    MERGE_TRY(by_input, pieces_by_input(plan.parts));
    plan.by_input = std::move(by_input);
    MERGE_TRY(allowed, resolve_allowed_inputs(options.inputs_from));
    plan.allowed = std::move(allowed);
    MERGE_TRY(run, plan_merge(plan.parts.front(), plan.format));
    plan.run = std::move(run);
    if (plan.run.texts) {
        if (auto ok = check_inputs(plan.parts, plan.allowed); !ok)
            return tl::unexpected(ok.error());
    }
    if (auto ok = open_game_records(plan.parts); !ok) return tl::unexpected(ok.error());
    return plan;
}

// The run's summary: the parts' counts added up, and what the merge added (`added`); a file cut
// into pieces counts once.
audit::Summary merged_summary(const std::vector<Part>& parts, const audit::Summary& added) {
    audit::Summary summary;
    for (const Part& part : parts) summary.merge(part.summary);
    summary.merge(added);
    std::vector<bool> opened(parts.front().inputs.size(), false);
    for (const Part& part : parts) {
        for (const PieceInfo& piece : part.pieces)
            opened[piece.input] = opened[piece.input] || piece.opened;
    }
    summary.files = static_cast<std::uint64_t>(std::count(opened.begin(), opened.end(), true));
    return summary;
}

// After a SIGINT or SIGTERM: the report discarded (the old one stays), 128 + the signal's number.
int stop_interrupted(RunOutputs* outputs, report::Lang lang) {
    if (outputs == nullptr) {
        spdlog::warn("{}", report::text(report::Msg::OutInterruptedNoReport, lang));
    } else {
        outputs->discard();
        spdlog::warn("{}", outputs->interrupted_message(lang));
    }
    return interrupt_exit_code();
}

// "a, b or c": a list in a sentence of the help.
std::string in_words(const std::vector<std::string>& names) {
    if (names.size() < 2) return fmt::format("{}", fmt::join(names, ""));
    return fmt::format("{} or {}", fmt::join(names.begin(), names.end() - 1, ", "), names.back());
}

}  // namespace

CLI::App* add_merge_command(CLI::App& app, MergeOptions& options) {
    CLI::App* merge = app.add_subcommand(
        "merge",
        "Merge the JSON Lines parts of a sharded run (drawaudit --shard K/N --format jsonl) into "
        "the report one run would have written (e.g. drawaudit merge part*.jsonl --format sarif)");
    merge->footer(
        "Exit status: as the run's: 0 no finding at or above --fail-on, 1 findings at or above it, "
        "2 a missing, duplicated or malformed part, an input the parts name that could not be "
        "read, or a usage error; 130 interrupted.\nExamples:\n"
        "  drawaudit merge part*.jsonl\n"
        "  drawaudit merge --format sarif -o drawaudit.sarif part*.jsonl\n"
        "  drawaudit merge --format html --inputs-from games/ -o round.html part*.jsonl");
    merge->add_option("parts", options.parts, "The N parts of the run, in any order")
        ->required()
        ->type_name("PART");
    merge
        ->add_option("--format", options.format,
                     fmt::format("Report format: {} (e.g. --format jsonl); pgn and html read the "
                                 "games' text again from the inputs the parts name, which must be "
                                 "unchanged and allowed by --inputs-from; default text",
                                 in_words(report::format_names())))
        ->check(CLI::IsMember(report::format_names()))
        ->capture_default_str()
        ->type_name("FORMAT");
    merge
        ->add_option("--inputs-from", options.inputs_from,
                     "pgn and html: read the games' text only from inputs inside PATH, a "
                     "directory or a file (its real path: a symlink out of it is refused); "
                     "repeatable (e.g. --inputs-from games/). The parts name the inputs, and a "
                     "merge reads none it is not allowed")
        ->allow_extra_args(false)  // each takes one path: the parts may follow it
        ->type_name("PATH");
    merge
        ->add_option("-o,--output", options.output,
                     "Write the report to FILE instead of standard output (e.g. -o report.sarif)")
        ->type_name("FILE");
    options.fail_on_option =
        merge
            ->add_option("--fail-on", options.fail_on,
                         "Exit 1 when a finding is at or above this level: info, warning, error "
                         "or never (default error; stats and games-csv: never unless given) "
                         "(e.g. --fail-on warning)")
            ->check(CLI::IsMember({"info", "warning", "error", "never"}))
            ->type_name("LEVEL");
    merge->add_flag("--all-games", options.all_games,
                    "Text and html formats: every game, also those without findings (html: the "
                    "round's sheet, a line per game)");
    merge
        ->add_option("--color", options.color,
                     "Colour in the text report: auto (the default), always or never")
        ->check(CLI::IsMember({"auto", "always", "never"}))
        ->capture_default_str()
        ->type_name("WHEN");
    merge
        ->add_option("--lang", options.lang,
                     "Language of the text and html reports: en or es (default: es when the LANG "
                     "environment variable starts with es, else en)")
        ->check(CLI::IsMember({"en", "es"}))
        ->type_name("LANG");
    merge
        ->add_option("--html-max-games", options.html_max_games,
                     "Html format: at most N games with findings get a section (default 2000)")
        ->check(CLI::Range(std::uint64_t{0}, std::uint64_t{1} << 40))
        ->capture_default_str()
        ->type_name("N");
    return merge;
}

int run_merge(const MergeOptions& options) {
    // The language of the messages on stderr, as of the report (--lang, else LANG).
    const report::Lang lang = chosen_lang(options.lang);
    LogSettings logging;
    logging.lang = lang;
    set_up_logging(logging);
    // As the audit: Ctrl-C or SIGTERM stops the merge and removes its temporary file.
    install_interrupt_handler();
    auto plan = plan_merge_run(options);
    if (!plan) {
        log_error("{}", plan.error());
        return ExitError;
    }
    if (interrupted()) return stop_interrupted(nullptr, lang);  // while the parts were read
    auto outputs = RunOutputs::open({options.output, {}, {}}, merge_inputs(plan->parts));
    if (!outputs) {
        spdlog::error("{}", outputs.error());
        return ExitError;
    }
    report::WriterOptions writer_options = (*outputs)->writer_options(
        plan->format, {options.color, options.lang, options.all_games, options.html_max_games,
                       plan->run.min_moves_before_agreement});
    writer_options.min_severity = plan->run.min_severity;
    auto writer = report::make_writer(plan->format, (*outputs)->report(), writer_options);
    writer->begin();
    MergeStage stage(plan->parts, plan->run, plan->allowed, *writer);
    auto worst = stage.write(plan->by_input);
    if (interrupted()) return stop_interrupted(outputs->get(), lang);
    if (!worst) {
        (*outputs)->discard();
        log_error("{}", worst.error());
        return ExitError;
    }
    const audit::Summary summary = merged_summary(plan->parts, stage.added());
    writer->end(summary);
    if (auto committed = (*outputs)->commit(*writer, lang); !committed) {
        spdlog::error("{}", committed.error());
        return ExitError;
    }
    // As the run: an input it could not read is exit 2; the data formats fail only when asked.
    const bool fail_on_given =
        options.fail_on_option != nullptr && options.fail_on_option->count() > 0;
    const bool data_only = report::is_data_format(plan->format) && !fail_on_given;
    return exit_code_for(summary.io_errors, *worst, data_only ? "never" : options.fail_on);
}

}  // namespace drawaudit::app
