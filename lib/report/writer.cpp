#include "report/writer.hpp"

#include <array>
#include <cerrno>
#include <utility>

#include "audit/fingerprint.hpp"
#include "report/buffer_cursor.hpp"
#include "report/escape.hpp"
#include "report/formats.hpp"

namespace drawaudit::report {
namespace {

// The one table of the format names: the command line's checks and help are made from it.
constexpr std::array<std::pair<Format, std::string_view>, 9> kFormatNames{{
    {Format::Text, "text"},
    {Format::Jsonl, "jsonl"},
    {Format::Csv, "csv"},
    {Format::Sarif, "sarif"},
    {Format::Github, "github"},
    {Format::Pgn, "pgn"},
    {Format::Html, "html"},
    {Format::Stats, "stats"},
    {Format::GamesCsv, "games-csv"},
}};

}  // namespace

std::optional<Format> format_from_name(std::string_view name) {
    for (const auto& [format, format_name] : kFormatNames) {
        if (format_name == name) return format;
    }
    return std::nullopt;
}

std::string_view format_name(Format format) {
    for (const auto& [candidate, name] : kFormatNames) {
        if (candidate == format) return name;
    }
    return "text";
}

std::vector<std::string> format_names() {
    std::vector<std::string> names;
    names.reserve(kFormatNames.size());
    for (const auto& entry : kFormatNames) names.emplace_back(entry.second);
    return names;
}

bool FileOutput::write(std::string_view bytes) {
    errno = 0;
    if (std::fwrite(bytes.data(), 1, bytes.size(), file_) == bytes.size()) return true;
    if (error_ == 0) error_ = errno != 0 ? errno : EIO;
    return false;
}

bool Writer::flush() {
    if (buffer_.size() > 0) {
        if (records_ != nullptr) {
            if (records_->text.size() == 0) {
                // The usual case: the records' own storage was lent to buffer_ (format_into).
                // Their text becomes what was written, and buffer_ gets their spare storage,
                // without copying the text (a chunk's records are about as long as its input).
                fmt::memory_buffer spare = std::move(records_->text);
                records_->text = std::move(buffer_);
                buffer_ = std::move(spare);
            } else {
                records_->text.append(buffer_.data(), buffer_.data() + buffer_.size());
            }
        } else if (!failed_ && output_ != nullptr &&
                   !output_->write(std::string_view(buffer_.data(), buffer_.size()))) {
            failed_ = true;
        }
        buffer_.clear();
    }
    return !failed_;
}

void Writer::format_into(FormattedRecords& records) {
    flush();
    records_ = &records;
    // Empty records lend their storage to buffer_, which flush() gives back with the text in it;
    // records that hold text already get the new text appended to it.
    if (records.text.size() == 0 && records.text.capacity() > buffer_.capacity()) {
        buffer_ = std::move(records.text);
        buffer_.clear();
    }
}

void Writer::put_game_number(BufferCursor& out, std::uint64_t game) {
    if (records_ != nullptr) {
        records_->game_numbers.push_back({records_->text.size() + out.size(), game});
        return;
    }
    out.reserve(BufferCursor::integer_bound<std::uint64_t>);
    out.put_integer(game);
}

void Writer::put_fingerprint(BufferCursor& out, const audit::GameReport& report,
                             const audit::Finding& finding) {
    if (records_ != nullptr) {
        records_->fingerprints.push_back({records_->text.size() + out.size(), report.game,
                                          finding.rule, finding.route, finding.ply});
    }
    const auto hex = audit::fingerprint_hex(finding.fingerprint);
    out.reserve(hex.size());
    out.put(std::string_view(hex.data(), hex.size()));
}

void Writer::write_formatted(const FormattedRecords& records, std::uint64_t games_before) {
    std::size_t next_number = 0;
    write_formatted_range(records, 0, records.text.size(), games_before, next_number);
}

void Writer::write_formatted_range(const FormattedRecords& records, std::size_t begin,
                                   std::size_t end, std::uint64_t games_before,
                                   std::size_t& next_number) {
    const std::string_view text = records.text_view();
    const auto& numbers = records.game_numbers;
    while (next_number < numbers.size() && numbers[next_number].offset < begin) ++next_number;
    std::size_t written = begin;
    for (; next_number < numbers.size() && numbers[next_number].offset < end; ++next_number) {
        const FormattedRecords::GameNumber& number = numbers[next_number];
        {
            // The text up to the number, and the number as put_game_number writes it.
            BufferCursor out(buffer_);
            const std::string_view before = text.substr(written, number.offset - written);
            out.reserve(before.size() + BufferCursor::integer_bound<std::uint64_t>);
            out.put(before);
            out.put_integer(games_before + number.game_in_chunk);
        }
        written = number.offset;
        maybe_flush();
    }
    append(buffer_, text.substr(written, end - written));
    maybe_flush();
}

std::unique_ptr<Writer> make_writer(Format format, Output& output, const WriterOptions& options) {
    switch (format) {
        case Format::Text:
            return make_text_writer(output, options);
        case Format::Jsonl:
            return make_jsonl_writer(output, options);
        case Format::Csv:
            return make_csv_writer(output, options);
        case Format::Sarif:
            return make_sarif_writer(output, options);
        case Format::Github:
            return make_github_writer(output, options);
        case Format::Pgn:
            return make_pgn_writer(output, options);
        case Format::Html:
            return make_html_writer(output, options);
        case Format::Stats:
            return make_stats_writer(output, options);
        case Format::GamesCsv:
            return make_games_csv_writer(output, options);
    }
    return make_text_writer(output, options);
}

}  // namespace drawaudit::report
