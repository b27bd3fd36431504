#include "report/writer.hpp"

#include <array>
#include <cerrno>
#include <utility>

#include "report/formats.hpp"

namespace drawaudit::report {
namespace {

constexpr std::array<std::pair<Format, std::string_view>, 6> format_names{{
    {Format::Text, "text"},
    {Format::Jsonl, "jsonl"},
    {Format::Csv, "csv"},
    {Format::Sarif, "sarif"},
    {Format::Github, "github"},
    {Format::Pgn, "pgn"},
}};

}  // namespace

std::optional<Format> format_from_name(std::string_view name) {
    for (const auto& [format, format_name] : format_names) {
        if (format_name == name) return format;
    }
    return std::nullopt;
}

std::string_view format_name(Format format) {
    for (const auto& [candidate, name] : format_names) {
        if (candidate == format) return name;
    }
    return "text";
}

bool FileOutput::write(std::string_view bytes) {
    errno = 0;
    if (std::fwrite(bytes.data(), 1, bytes.size(), file_) == bytes.size()) return true;
    if (error_ == 0) error_ = errno != 0 ? errno : EIO;
    return false;
}

bool Writer::flush() {
    if (buffer_.size() > 0) {
        if (!failed_ && !output_.write(std::string_view(buffer_.data(), buffer_.size()))) {
            failed_ = true;
        }
        buffer_.clear();
    }
    return !failed_;
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
    }
    return make_text_writer(output, options);
}

}  // namespace drawaudit::report
