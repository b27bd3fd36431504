// The writer of each format (internal to lib/report; make_writer() picks one).
#pragma once

#include <memory>

#include "report/writer.hpp"

namespace drawaudit::report {

std::unique_ptr<Writer> make_text_writer(Output& output, const WriterOptions& options);
std::unique_ptr<Writer> make_jsonl_writer(Output& output, const WriterOptions& options);
std::unique_ptr<Writer> make_csv_writer(Output& output, const WriterOptions& options);
std::unique_ptr<Writer> make_sarif_writer(Output& output, const WriterOptions& options);
std::unique_ptr<Writer> make_github_writer(Output& output, const WriterOptions& options);
std::unique_ptr<Writer> make_pgn_writer(Output& output, const WriterOptions& options);
std::unique_ptr<Writer> make_html_writer(Output& output, const WriterOptions& options);
std::unique_ptr<Writer> make_stats_writer(Output& output, const WriterOptions& options);
std::unique_ptr<Writer> make_games_csv_writer(Output& output, const WriterOptions& options);

}  // namespace drawaudit::report
