// The whole audit on one thread with the text in memory: the PGN file is read once, then audited
// `repeats` times by a fresh GameAuditor each time (a run of drawaudit starts with a fresh one
// too), records counted and dropped. No reader, writer or queue threads: this is the single-core
// cost of the audit itself, which a -j1 run of drawaudit spreads over a reader, one worker and a
// writer. Then the same with each record formatted as JSON Lines, as a -j1 run's worker does
// (the text kept per chunk-sized batch, then dropped). Prints the best wall time and the best of
// this thread's CPU time of each.
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
#include "report/writer.hpp"

using namespace drawaudit;

namespace {

struct CountingSink final : audit::GameSink {
    std::uint64_t games = 0;
    std::uint64_t plies = 0;
    std::uint64_t findings = 0;
    // With a formatter: each record as JSON Lines into `records`, dropped every 400 games (the
    // games of a 256 KiB chunk, about).
    report::Writer* formatter = nullptr;
    report::FormattedRecords records;
    void game(audit::GameReport&& report) override {
        ++games;
        plies += static_cast<std::uint64_t>(report.plies);
        findings += report.findings.size();
        if (formatter != nullptr) {
            formatter->game(report);
            if (games % 400 == 0) {
                formatter->flush();
                records.clear();
            }
        }
    }
};

// On a shared host the wall clock counts the time other processes hold the core; the thread's
// CPU time does not.
double thread_cpu_s() {
    timespec t{};
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
    return static_cast<double>(t.tv_sec) + static_cast<double>(t.tv_nsec) * 1e-9;
}

struct Run {
    double wall = 0;
    double cpu = 0;
    CountingSink counts;
};

// One audit of the whole text by a fresh auditor, its records formatted as JSON Lines or not.
Run run_once(const std::string& text, const char* path, bool format_jsonl) {
    Run run;
    report::StringOutput unused;
    const auto writer = report::make_writer(report::Format::Jsonl, unused, {});
    const auto formatter = writer->make_formatter();
    if (format_jsonl) {
        run.counts.formatter = formatter.get();
        formatter->format_into(run.counts.records);
    }
    audit::GameAuditor auditor(audit::AuditOptions{}, run.counts);
    const double c0 = thread_cpu_s();
    const auto t0 = std::chrono::steady_clock::now();
    pgn::parse_games(text, pgn::TextOrigin{path}, auditor);
    const auto t1 = std::chrono::steady_clock::now();
    run.cpu = thread_cpu_s() - c0;
    run.wall = std::chrono::duration<double>(t1 - t0).count();
    run.counts.formatter = nullptr;
    return run;
}

struct Best {
    double wall = 1e300;
    double cpu = 1e300;
    CountingSink counts;
    void add(const Run& run) {
        wall = std::min(wall, run.wall);
        cpu = std::min(cpu, run.cpu);
        counts.games = run.counts.games;
        counts.plies = run.counts.plies;
        counts.findings = run.counts.findings;
    }
    void print(const char* label) const {
        const auto plies = static_cast<double>(counts.plies);
        const auto games = static_cast<double>(counts.games);
        std::printf(
            "%s  best %.3f s  %.1f ns/half-move  %.0f games/s  cpu %.3f s  %.1f ns/half-move  "
            "%.0f games/s\n",
            label, wall, wall * 1e9 / plies, games / wall, cpu, cpu * 1e9 / plies, games / cpu);
    }
};

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
    // The two ways in turn, so that both meet the same moments of a noisy host.
    Best audit_only, with_jsonl;
    for (int r = 0; r < repeats; ++r) {
        audit_only.add(run_once(text, argv[1], false));
        with_jsonl.add(run_once(text, argv[1], true));
    }
    const CountingSink& counts = audit_only.counts;
    std::printf("games %llu  half-moves %llu  findings %llu  repeats %d\n",
                static_cast<unsigned long long>(counts.games),
                static_cast<unsigned long long>(counts.plies),
                static_cast<unsigned long long>(counts.findings), repeats);
    audit_only.print("one thread in memory");
    with_jsonl.print("formatting jsonl too ");
    return 0;
}
