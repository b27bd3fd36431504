// The unwinnability analysis over a positions file (one FEN a line, optional two-character
// label before it, other fields after it ignored): both sides of every position, in quick and
// full mode. Prints per mode the verdict counts, the average and slowest thread CPU time per
// position and side (CPU time, not wall time: the figure should not depend on what else the
// machine runs; the average from a pass without a clock reading per side), and the slowest
// position. The full mode runs twice: as the audit and the
// corpus tests use it, and with the line shortened as `drawaudit winnable` shows it (part 5),
// each with the mean and longest helpmate of its winnable sides in plies.
//   [LIST=1] unwinnable_bench FILE [NODE_BUDGET] [quick|full|shorten|both]
#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <ctime>
#include <fstream>
#include <string>
#include <vector>

#include "chess/position.hpp"
#include "chess/unwinnable.hpp"

namespace {

using namespace drawaudit::chess;

double cpu_microseconds() {
    timespec t{};
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
    return static_cast<double>(t.tv_sec) * 1e6 + static_cast<double>(t.tv_nsec) / 1e3;
}

// The FEN of a line: skips a two-character label, keeps the four position fields and the
// clocks when they are numbers.
std::string fen_of(const std::string& line) {
    std::vector<std::string> fields;
    std::size_t i = 0;
    while (i < line.size()) {
        while (i < line.size() && line[i] == ' ') ++i;
        const std::size_t start = i;
        while (i < line.size() && line[i] != ' ') ++i;
        if (i > start) fields.push_back(line.substr(start, i - start));
    }
    std::size_t first = 0;
    if (!fields.empty() && fields[0].size() == 2 && line.size() > 2 && line[2] == ' ' &&
        fields[0].find('/') == std::string::npos)
        first = 1;
    std::size_t last = std::min(fields.size(), first + 4);
    for (int c = 0; c < 2 && last < fields.size() &&
                    fields[last].find_first_not_of("0123456789") == std::string::npos;
         ++c)
        ++last;
    std::string fen;
    for (std::size_t f = first; f < last; ++f) fen += (fen.empty() ? "" : " ") + fields[f];
    return fen;
}

void run(const std::vector<Position>& positions, const std::vector<std::string>& fens,
         const WinnabilityOptions& options, const char* name, bool list_undetermined) {
    int counts[3] = {0, 0, 0};
    double total = 0, slowest = 0;
    std::size_t slowest_index = 0;
    std::uint64_t nodes = 0;
    int slow_sides = 0;  // sides over 10 ms, and their time
    double slow_total = 0;
    std::uint64_t line_plies = 0;  // of the winnable sides' helpmates
    std::size_t longest_line = 0;
    for (std::size_t i = 0; i < positions.size(); ++i) {
        for (Color side : {Color::White, Color::Black}) {
            const double start = cpu_microseconds();
            const WinnabilityResult r = analyse_winnability(positions[i], side, options);
            const double spent = cpu_microseconds() - start;
            total += spent;
            nodes += r.nodes;
            ++counts[static_cast<int>(r.verdict)];
            line_plies += r.helpmate.size();
            longest_line = std::max(longest_line, r.helpmate.size());
            const char* who = side == Color::White ? "white" : "black";
            if (list_undetermined && r.verdict == Winnability::Undetermined)
                std::printf("undetermined %s %s (%.0f us)\n", who, fens[i].c_str(), spent);
            if (list_undetermined && r.proof == UnwinnableProof::Exhausted)
                std::printf("beyond-quick %s %s (%.0f us)\n", who, fens[i].c_str(), spent);
            if (list_undetermined && spent > 20'000)
                std::printf("slow %s %s (%.0f us, %s)\n", who, fens[i].c_str(), spent,
                            winnability_name(r.verdict));
            if (spent > 10'000) {
                ++slow_sides;
                slow_total += spent;
            }
            if (spent > slowest) {
                slowest = spent;
                slowest_index = i;
            }
        }
    }
    const double sides = 2.0 * static_cast<double>(positions.size());
    // The average from a second pass with one clock reading at each end: the thread CPU clock
    // is a system call (1-2 us a pair on this VM), which the per-side readings above add to every
    // side, as much as the whole quick mode costs.
    const double pass_start = cpu_microseconds();
    int check = 0;
    for (const Position& pos : positions)
        for (Color side : {Color::White, Color::Black})
            check += static_cast<int>(analyse_winnability(pos, side, options).verdict);
    const double pass = cpu_microseconds() - pass_start;
    if (check < 0) std::printf("?");  // keeps the pass from being optimised away
    std::printf(
        "%-5s sides %.0f  winnable %d  unwinnable %d  undetermined %d (%.3f%%)  nodes %llu  "
        "cpu us/side avg %.2f (%.2f with a clock reading per side)  slowest %.0f us (%s)\n",
        name, sides, counts[0], counts[1], counts[2], 100.0 * counts[2] / sides,
        static_cast<unsigned long long>(nodes), pass / sides, total / sides, slowest,
        fens[slowest_index].c_str());
    std::printf("%-5s sides over 10 ms %d, %.1f%% of the time\n", name, slow_sides,
                total > 0 ? 100.0 * slow_total / total : 0.0);
    if (counts[0] > 0)
        std::printf("%-5s helpmate plies mean %.1f  longest %zu\n", name,
                    static_cast<double>(line_plies) / counts[0], longest_line);
}

}  // namespace

int main(int argc, char** argv) {
    if (argc < 2) {
        std::fprintf(stderr,
                     "usage: unwinnable_bench FILE [NODE_BUDGET] [quick|full|shorten|both]\n");
        return 2;
    }
    const std::uint64_t budget = argc > 2 ? std::strtoull(argv[2], nullptr, 10) : DefaultNodeBudget;
    const std::string which = argc > 3 ? argv[3] : "both";
    std::ifstream in(argv[1]);
    if (!in) {
        std::fprintf(stderr, "unwinnable_bench: cannot read %s\n", argv[1]);
        return 2;
    }
    std::vector<Position> positions;
    std::vector<std::string> fens;
    std::string line;
    int refused = 0;
    while (std::getline(in, line)) {
        if (line.empty() || line[0] == '#') continue;
        const std::string fen = fen_of(line);
        auto parsed = Position::from_fen(fen);
        if (!parsed) {
            ++refused;
            continue;
        }
        positions.push_back(parsed->position);
        fens.push_back(fen);
    }
    std::printf("%zu positions (%d FENs refused), node budget %llu\n", positions.size(), refused,
                static_cast<unsigned long long>(budget));
    // LIST=1 names the full mode's undetermined sides, its unwinnable sides beyond the quick
    // proofs and its sides over 20 ms (with their times).
    const char* list = std::getenv("LIST");
    const bool list_undetermined = list != nullptr && std::string(list) == "1";
    const bool all = which == "both";
    if (all || which == "quick")
        run(positions, fens, {AnalysisMode::Quick, budget}, "quick", false);
    if (all || which == "full")
        run(positions, fens, {AnalysisMode::Full, budget}, "full", list_undetermined);
    if (all || which == "shorten")
        run(positions, fens, {AnalysisMode::Full, budget, true}, "full+shorten", false);
    return 0;
}
