#include "shard_part.hpp"

#include <fmt/format.h>

#include "report/escape.hpp"

namespace drawaudit::app {

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
        fmt::format_to(std::back_inserter(out), R"(,"size":{},"split":{}}})", run.described[i].size,
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
                       R"("records":{},"line_breaks":{}}})",
                       piece.input, piece.whole, piece.begin, piece.end, outcome.opened,
                       outcome.games, outcome.records, outcome.line_breaks);
    }
    report::append(out, "]}\n");
    return fmt::to_string(out);
}

}  // namespace drawaudit::app
