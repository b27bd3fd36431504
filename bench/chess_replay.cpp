// Replays every main-line SAN of a PGN file through the chess core as the auditor does:
// parse_san on the last position, then copy-make into a history vector. Four ways, each timed
// in the same run (interleaved, best of the repeats, by the wall clock and by the thread's CPU
// time) and each with the checksum of every key:
//   replay_all          parse_san, then push_back(back()) and make_move (the reference);
//   replay_all_slots    parse_san, then copy into the next slot of a pre-sized history (as the
//                       auditor's PlyRecord array) and make_move there;
//   replay_all_play     play_san straight into the next slot;
//   replay_all_run      play_san_run over a whole game into the slots (as the auditor).
// Instructions: run under
//   valgrind --tool=callgrind --toggle-collect='*replay_all*' chess_replay FILE 1
// (or --toggle-collect='*replay_all_play*' for one of them) and divide the Ir total by the
// half-move count printed; callgrind_annotate splits the total by function.
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <ctime>
#include <string>
#include <vector>

#include "chess/position.hpp"
#include "chess/san.hpp"
#include "replay_corpus.hpp"

using namespace drawaudit;
using chess::Position;

namespace {

// The history as the auditor keeps it: a vector grown once, written slot by slot; `step` writes
// the position after `san` into the next slot.
template <typename Step>
std::uint64_t replay_into_slots(const bench::Corpus& corpus, std::vector<Position>& history,
                                Step step) {
    std::uint64_t sum = 0;
    const Position start = Position::startpos();
    for (const auto& game : corpus.games) {
        if (history.size() < game.size() + 1) history.resize(game.size() + 1);
        Position* slot = history.data();
        *slot = start;
        for (std::string_view san : game) {
            step(*slot, san, slot[1]);
            ++slot;
            sum += slot->key();
        }
    }
    return sum;
}

[[gnu::noinline]] std::uint64_t replay_all_slots(const bench::Corpus& corpus,
                                                 std::vector<Position>& history) {
    return replay_into_slots(corpus, history,
                             [](const Position& before, std::string_view san, Position& after) {
                                 const auto m = chess::parse_san(before, san);
                                 after = before;
                                 after.make_move(*m);
                             });
}

[[gnu::noinline]] std::uint64_t replay_all_play(const bench::Corpus& corpus,
                                                std::vector<Position>& history) {
    return replay_into_slots(corpus, history,
                             [](const Position& before, std::string_view san, Position& after) {
                                 chess::play_san(before, san, after);
                             });
}

// play_san_run over each game at once, into the slots of a pre-sized history, as the auditor
// replays a run of moves.
[[gnu::noinline]] std::uint64_t replay_all_run(const bench::Corpus& corpus,
                                               std::vector<Position>& history) {
    std::uint64_t sum = 0;
    const Position start = Position::startpos();
    std::vector<chess::Move> moves;
    for (const auto& game : corpus.games) {
        if (history.size() < game.size() + 1) history.resize(game.size() + 1);
        if (moves.size() < game.size()) moves.resize(game.size());
        history[0] = start;
        const std::size_t played =
            chess::play_san_run(game, history.data(), sizeof(Position), moves.data());
        for (std::size_t i = 1; i <= played; ++i) sum += history[i].key();
    }
    return sum;
}

// On a shared host the wall clock counts the time other processes hold the core; the thread's
// CPU time does not.
double thread_cpu_ns() {
    timespec t{};
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
    return static_cast<double>(t.tv_sec) * 1e9 + static_cast<double>(t.tv_nsec);
}

}  // namespace

int main(int argc, char** argv) {
    if (argc < 2) {
        std::fprintf(stderr, "usage: chess_replay FILE.pgn [repeats]\n");
        return 2;
    }
    const int repeats = argc > 2 ? std::atoi(argv[2]) : 5;
    bench::Corpus corpus = bench::load_corpus(argv[1]);
    bench::keep_legal_prefix(corpus);
    std::vector<Position> history;
    history.reserve(2048);
    std::vector<Position> slots;
    using Replay = std::uint64_t (*)(const bench::Corpus&, std::vector<Position>&);
    struct Way {
        const char* name;
        Replay replay;
        std::vector<Position>* history;
        double best = 1e300;
        double best_cpu = 1e300;  // this thread's CPU time: not counting time descheduled
        std::uint64_t sum = 0;
    };
    Way ways[] = {{"parse_san + push_back + make_move", bench::replay_all, &history},
                  {"parse_san + copy to slot + make_move", replay_all_slots, &slots},
                  {"play_san into slot", replay_all_play, &slots},
                  {"play_san_run into slots", replay_all_run, &slots}};
    for (int r = 0; r < repeats; ++r) {
        for (Way& way : ways) {
            const double c0 = thread_cpu_ns();
            const auto t0 = std::chrono::steady_clock::now();
            way.sum = way.replay(corpus, *way.history);
            const auto t1 = std::chrono::steady_clock::now();
            const double c1 = thread_cpu_ns();
            way.best =
                std::min(way.best, std::chrono::duration<double, std::nano>(t1 - t0).count());
            way.best_cpu = std::min(way.best_cpu, c1 - c0);
        }
    }
    std::printf("games %zu  half-moves %zu  sizeof(Position) %zu\n", corpus.games.size(),
                corpus.half_moves, sizeof(Position));
    for (const Way& way : ways)
        std::printf("  %-38s best %6.2f ns/half-move  cpu %6.2f  (checksum %016llx)\n", way.name,
                    way.best / static_cast<double>(corpus.half_moves),
                    way.best_cpu / static_cast<double>(corpus.half_moves),
                    static_cast<unsigned long long>(way.sum));
    const bool same =
        ways[0].sum == ways[1].sum && ways[0].sum == ways[2].sum && ways[0].sum == ways[3].sum;
    if (!same) std::printf("CHECKSUMS DIFFER\n");
    return same ? 0 : 1;
}
