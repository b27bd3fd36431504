// Every file of the shared corpus's lichess/ folder (Lichess's own exporter, a clock comment after
// every move): the reader finds the games, clocks and evaluations SOURCES.md counts, and no error
// (pgn-extract reads every game of them). The counts are read from SOURCES.md's table itself.
#include <gtest/gtest.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include "pgn/reader.hpp"
#include "pgn/source.hpp"
#include "report/messages.hpp"

namespace drawaudit::pgn {
namespace {

const std::string kShared = DRAWAUDIT_SHARED_DIR;

struct Row {
    std::string file;  // relative to corpus/
    std::uint64_t games = 0, clk = 0, eval = 0;
};

// The rows "| lichess/NAME | zst | raw | games | %clk | %eval | forfeits | origin |".
std::vector<Row> lichess_rows() {
    std::ifstream in(kShared + "/corpus/SOURCES.md");
    std::vector<Row> rows;
    std::string line;
    while (std::getline(in, line)) {
        if (line.rfind("| lichess/", 0) != 0) continue;
        std::vector<std::string> cells;
        std::size_t start = 1;
        for (std::size_t bar; (bar = line.find('|', start)) != std::string::npos; start = bar + 1)
            cells.push_back(line.substr(start, bar - start));
        if (cells.size() < 7) continue;
        const auto number = [](const std::string& cell) {
            return std::strtoull(cell.c_str(), nullptr, 10);  // "5096 (0 `[Event`)" is 5096
        };
        Row row;
        row.file = cells[0].substr(1, cells[0].find(' ', 1) - 1);
        row.games = number(cells[3]);
        row.clk = number(cells[4]);
        row.eval = number(cells[5]);
        rows.push_back(row);
    }
    return rows;
}

// Games, games with a clock comment, games with an evaluation comment, and errors.
class Counter final : public Visitor {
  public:
    std::uint64_t games = 0, clk = 0, eval = 0;
    std::vector<std::string> errors;

    bool wants_variations() const override { return false; }
    void begin_game(const GameStart&) override {
        ++games;
        has_clk_ = has_eval_ = false;
    }
    void comment(std::string_view text, TextPos) override {
        has_clk_ = has_clk_ || text.find("[%clk ") != std::string_view::npos;
        has_eval_ = has_eval_ || text.find("[%eval ") != std::string_view::npos;
    }
    void parse_error(const ParseError& e) override {
        errors.push_back(std::to_string(e.pos.line) + ":" + std::to_string(e.pos.column) + " " +
                         report::pgn_problem_text(e.problem, e.limit, e.detail, report::Lang::En));
    }
    void end_game(std::string_view) override {
        clk += has_clk_;
        eval += has_eval_;
    }

  private:
    bool has_clk_ = false, has_eval_ = false;
};

TEST(LichessCorpus, EveryFileHasTheGamesClocksAndEvaluationsOfSourcesMd) {
    if (!std::filesystem::is_directory(kShared + "/corpus/lichess")) {
        GTEST_SKIP() << kShared << "/corpus/lichess is absent: nothing to read";
    }
    const std::vector<Row> rows = lichess_rows();
    ASSERT_EQ(rows.size(), 4u) << "SOURCES.md lists four lichess/ files";
    std::size_t files = 0;
    for (const auto& entry : std::filesystem::directory_iterator(kShared + "/corpus/lichess")) {
        if (entry.is_regular_file()) ++files;
    }
    EXPECT_EQ(files, rows.size()) << "a file of lichess/ that SOURCES.md does not count";
    for (const Row& row : rows) {
        SCOPED_TRACE(row.file);
        auto source = open_source(kShared + "/corpus/" + row.file);
        ASSERT_TRUE(source.has_value()) << source.error().message;
        Counter counter;
        const auto read = read_games(**source, row.file, counter);
        ASSERT_TRUE(read.has_value()) << read.error().message;
        EXPECT_EQ(read->games, row.games);
        EXPECT_EQ(counter.games, row.games);
        EXPECT_EQ(counter.clk, row.clk);
        EXPECT_EQ(counter.eval, row.eval);
        EXPECT_TRUE(counter.errors.empty()) << counter.errors.front();
    }
}

}  // namespace
}  // namespace drawaudit::pgn
