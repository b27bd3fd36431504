// The whole audit on one thread with the text in memory: the PGN file is read once, then audited
// `repeats` times by a fresh GameAuditor each time (a run of drawaudit starts with a fresh one
// too), records counted and dropped. No reader, writer or queue threads: this is the single-core
// cost of the audit itself, which a -j1 run of drawaudit spreads over a reader, one worker and a
// writer. Prints the best wall time and the best of this thread's CPU time.
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <ctime>
#include <fstream>
#include <sstream>
#include <string>

#include "audit/auditor.hpp"
#include "pgn/reader.hpp"

using namespace drawaudit;

namespace {

struct CountingSink final : audit::GameSink {
    std::uint64_t games = 0;
    std::uint64_t plies = 0;
    std::uint64_t findings = 0;
    void game(audit::GameReport&& report) override {
        ++games;
        plies += static_cast<std::uint64_t>(report.plies);
        findings += report.findings.size();
    }
};

// On a shared host the wall clock counts the time other processes hold the core; the thread's
// CPU time does not.
double thread_cpu_s() {
    timespec t{};
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
    return static_cast<double>(t.tv_sec) + static_cast<double>(t.tv_nsec) * 1e-9;
}

}  // namespace

int main(int argc, char** argv) {
    if (argc < 2) {
        std::fprintf(stderr, "usage: audit_memory FILE.pgn [repeats]\n");
        return 2;
    }
    const int repeats = argc > 2 ? std::max(1, std::atoi(argv[2])) : 3;
    std::ifstream in(argv[1], std::ios::binary);
    if (!in) {
        std::fprintf(stderr, "audit_memory: cannot read %s\n", argv[1]);
        return 2;
    }
    std::ostringstream buffer;
    buffer << in.rdbuf();
    const std::string text = std::move(buffer).str();
    double best_wall = 1e300;
    double best_cpu = 1e300;
    CountingSink counts;
    for (int r = 0; r < repeats; ++r) {
        CountingSink sink;
        audit::GameAuditor auditor(audit::AuditOptions{}, sink);
        const double c0 = thread_cpu_s();
        const auto t0 = std::chrono::steady_clock::now();
        pgn::parse_games(text, pgn::TextOrigin{argv[1]}, auditor);
        const auto t1 = std::chrono::steady_clock::now();
        const double c1 = thread_cpu_s();
        best_wall = std::min(best_wall, std::chrono::duration<double>(t1 - t0).count());
        best_cpu = std::min(best_cpu, c1 - c0);
        counts = sink;
    }
    const auto plies = static_cast<double>(counts.plies);
    std::printf("games %llu  half-moves %llu  findings %llu  repeats %d\n",
                static_cast<unsigned long long>(counts.games),
                static_cast<unsigned long long>(counts.plies),
                static_cast<unsigned long long>(counts.findings), repeats);
    std::printf(
        "one thread in memory  best %.3f s  %.1f ns/half-move  %.0f games/s  "
        "cpu %.3f s  %.1f ns/half-move  %.0f games/s\n",
        best_wall, best_wall * 1e9 / plies, static_cast<double>(counts.games) / best_wall, best_cpu,
        best_cpu * 1e9 / plies, static_cast<double>(counts.games) / best_cpu);
    return 0;
}
