// The nodes each phase of the full analysis needs on its own, per side, to choose the phases'
// shares of the budget by simulation (scripts/unwinnable_phases.py) instead of one corpus run
// per guess. Not a benchmark of speed: each phase runs alone from the position, capped.
//
//   unwinnable_phases FILE LABELLED CAP [EASY]
//
// FILE: positions, one a line; LABELLED 1 when each line is `WB FEN` (a label, a space, the
// FEN), 0 when the line is the FEN (fields past the sixth ignored). CAP: nodes per phase.
// EASY: a side whose first best-first search mates within EASY nodes (default 400) stops there.
// Output, one line per side: `LINE white|black LABEL quick`, or `LINE SIDE LABEL` followed by
// `PHASE NODES MICROSECONDS` for bf1, reach (0/1 instead of nodes), progress, bf6, bf2, and
// `walk OUTCOME NODES MICROSECONDS`; NODES -1 where the phase found nothing within CAP.
#include <chrono>
#include <fstream>
#include <iostream>
#include <sstream>
#include <string>

#include "chess/unwinnable_parts.hpp"

namespace {

using namespace drawaudit::chess;
using namespace drawaudit::chess::unwinnable_parts;
using Clock = std::chrono::steady_clock;

long long microseconds_since(Clock::time_point start) {
    return std::chrono::duration_cast<std::chrono::microseconds>(Clock::now() - start).count();
}

void measure_side(const Position& pos, Color winner, std::uint64_t cap, std::uint64_t easy) {
    if (quick_unwinnable_proof(pos, winner) != UnwinnableProof::None) {
        std::cout << " quick\n";
        return;
    }
    auto best_first = [&](const char* name, int pull) {
        const auto start = Clock::now();
        const BestFirstResult r = best_first_helpmate(pos, winner, cap, pull);
        std::cout << ' ' << name << ' ' << (r.mate ? static_cast<long long>(r.nodes) : -1LL) << ' '
                  << microseconds_since(start);
        return r;
    };
    const BestFirstResult first = best_first("bf1", 1);
    if (first.mate && first.nodes <= easy) {
        std::cout << '\n';
        return;
    }
    auto start = Clock::now();
    const bool reach = reach_rules_out_mate(pos, winner);
    std::cout << " reach " << reach << ' ' << microseconds_since(start);
    start = Clock::now();
    ProgressSearch progress(pos, winner);
    const bool found = progress.search(cap);
    std::cout << " progress " << (found ? static_cast<long long>(progress.nodes()) : -1LL) << ' '
              << microseconds_since(start);
    best_first("bf6", 6);
    best_first("bf2", 2);
    start = Clock::now();
    const WalkResult walk = walk_everything(pos, winner, cap);
    const char* outcome = walk.outcome == Walk::Mate        ? "mate"
                          : walk.outcome == Walk::Exhausted ? "exhausted"
                                                            : "budget";
    std::cout << " walk " << outcome << ' ' << walk.nodes << ' ' << microseconds_since(start)
              << std::endl;
}

}  // namespace

int main(int argc, char** argv) {
    if (argc < 4) {
        std::cerr << "usage: unwinnable_phases FILE LABELLED(0|1) CAP [EASY]\n";
        return 2;
    }
    std::ifstream in(argv[1]);
    if (!in) {
        std::cerr << "unwinnable_phases: cannot read " << argv[1] << "\n";
        return 2;
    }
    const bool labelled = std::string(argv[2]) == "1";
    const std::uint64_t cap = std::stoull(argv[3]);
    const std::uint64_t easy = argc > 4 ? std::stoull(argv[4]) : 400;
    std::string text;
    int line = 0;
    while (std::getline(in, text)) {
        ++line;
        if (text.empty() || text[0] == '#') continue;
        std::string label = "??";
        std::string fen;
        if (labelled) {
            if (text.size() < 4 || text[2] != ' ') continue;
            label = text.substr(0, 2);
            fen = text.substr(3);
        } else {
            std::istringstream fields(text);
            std::string field;
            for (int i = 0; i < 6 && fields >> field; ++i) fen += (i ? " " : "") + field;
        }
        auto parsed = Position::from_fen(fen, FenOptions{.allow_unreachable_material = true});
        if (!parsed) continue;
        for (Color side : {Color::White, Color::Black}) {
            std::cout << line << (side == Color::White ? " white " : " black ") << label;
            measure_side(parsed->position, side, cap, easy);
        }
    }
    return 0;
}
