#include "shard_part.hpp"

#include <sys/stat.h>

#include <fmt/format.h>

#include "report/escape.hpp"

namespace drawaudit::app {

std::uint64_t modification_time(const std::string& path) {
    struct stat info {};
    if (path == "-" || ::stat(path.c_str(), &info) != 0) return 0;
    return static_cast<std::uint64_t>(info.st_mtim.tv_sec) * 1000000000u +
           static_cast<std::uint64_t>(info.st_mtim.tv_nsec);
}

tl::expected<ShardRun, std::string> plan_shard_run(pgn::ShardSpec spec,
                                                   const std::vector<std::string>& inputs) {
    ShardRun run{spec, inputs, pgn::describe_shard_inputs(inputs), {}};
    auto pieces = pgn::shard_pieces(run.inputs, run.described, spec);
    if (!pieces) {
        return tl::unexpected(fmt::format("{}: {} (while finding the game starts of shard {}/{})",
                                          pieces.error().path, pieces.error().message, spec.index,
                                          spec.count));
    }
    run.pieces = std::move(*pieces);
    return run;
}

void apply_shard_run(const ShardRun& run, PipelineSettings& settings) {
    settings.files.clear();
    settings.ranges.clear();
    for (const pgn::ShardPiece& piece : run.pieces) {
        settings.files.push_back(run.inputs[piece.input]);
        settings.ranges.push_back(InputRange{piece.whole, piece.begin, piece.end});
    }
}

std::string shard_header(const ShardRun& run, const std::vector<std::string>& options) {
    fmt::memory_buffer out;
    fmt::format_to(std::back_inserter(out),
                   R"({{"type":"shard","shard":{},"of":{},"version":"{}","inputs":[)",
                   run.spec.index, run.spec.count, DRAWAUDIT_VERSION);
    for (std::size_t i = 0; i < run.inputs.size(); ++i) {
        if (i > 0) out.push_back(',');
        report::append(out, R"({"path":)");
        report::append_json_string(out, run.inputs[i]);
        // The time too: merge reads the games' text back for the pgn and html reports and must
        // know the file is the one the parts were made from.
        fmt::format_to(std::back_inserter(out), R"(,"size":{},"mtime":{},"split":{}}})",
                       run.described[i].size, modification_time(run.inputs[i]),
                       run.described[i].splittable);
    }
    report::append(out, R"(],"options":[)");
    for (std::size_t i = 0; i < options.size(); ++i) {
        if (i > 0) out.push_back(',');
        report::append_json_string(out, options[i]);
    }
    report::append(out, "]}\n");
    return fmt::to_string(out);
}

std::string shard_trailer(const ShardRun& run, const std::vector<FileOutcome>& outcomes) {
    fmt::memory_buffer out;
    report::append(out, R"({"type":"shard-end","pieces":[)");
    for (std::size_t i = 0; i < run.pieces.size(); ++i) {
        const pgn::ShardPiece& piece = run.pieces[i];
        const FileOutcome outcome = i < outcomes.size() ? outcomes[i] : FileOutcome{};
        if (i > 0) out.push_back(',');
        fmt::format_to(std::back_inserter(out),
                       R"({{"input":{},"whole":{},"begin":{},"end":{},"opened":{},"games":{},)"
                       R"("records":{},"line_breaks":{},"read_error":{}}})",
                       piece.input, piece.whole, piece.begin, piece.end, outcome.opened,
                       outcome.games, outcome.records, outcome.line_breaks, outcome.read_error);
    }
    report::append(out, "]}\n");
    return fmt::to_string(out);
}

}  // namespace drawaudit::app
