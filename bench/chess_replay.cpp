// Replays every main-line SAN of a PGN file through the chess core as the auditor does:
// parse_san on the last position, then copy-make into a history vector. Three ways, each timed
// in the same run (interleaved, best of the repeats) and each with the checksum of every key:
//   replay_all          parse_san, then push_back(back()) and make_move (the reference);
//   replay_all_slots    parse_san, then copy into the next slot of a pre-sized history (as the
//                       auditor's PlyRecord array) and make_move there;
//   replay_all_play     play_san straight into the next slot.
// Instructions: run under
//   valgrind --tool=callgrind --toggle-collect='*replay_all*' chess_replay FILE 1
// (or --toggle-collect='*replay_all_play*' for one of them) and divide the Ir total by the
// half-move count printed; callgrind_annotate splits the total by function.
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
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
        std::uint64_t sum = 0;
    };
    Way ways[] = {{"parse_san + push_back + make_move", bench::replay_all, &history},
                  {"parse_san + copy to slot + make_move", replay_all_slots, &slots},
                  {"play_san into slot", replay_all_play, &slots}};
    for (int r = 0; r < repeats; ++r) {
        for (Way& way : ways) {
            const auto t0 = std::chrono::steady_clock::now();
            way.sum = way.replay(corpus, *way.history);
            const auto t1 = std::chrono::steady_clock::now();
            way.best =
                std::min(way.best, std::chrono::duration<double, std::nano>(t1 - t0).count());
        }
    }
    std::printf("games %zu  half-moves %zu  sizeof(Position) %zu\n", corpus.games.size(),
                corpus.half_moves, sizeof(Position));
    for (const Way& way : ways)
        std::printf("  %-38s best %6.2f ns/half-move  (checksum %016llx)\n", way.name,
                    way.best / static_cast<double>(corpus.half_moves),
                    static_cast<unsigned long long>(way.sum));
    const bool same = ways[0].sum == ways[1].sum && ways[0].sum == ways[2].sum;
    if (!same) std::printf("CHECKSUMS DIFFER\n");
    return same ? 0 : 1;
}
