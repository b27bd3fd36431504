// Replays every main-line SAN of a PGN file through the chess core as the auditor does:
// parse_san on the last position, then copy-make into a history vector. Prints the best time
// per half-move over the repeats. Instructions: run under
//   valgrind --tool=callgrind --toggle-collect='*replay_all*' chess_replay FILE 1
// and divide the Ir total by the half-move count printed.
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

// Drops every game's tokens from its first unreadable move on, so that the timed loop only
// meets legal moves.
void keep_legal_prefix(bench::Corpus& corpus) {
    corpus.half_moves = 0;
    for (auto& game : corpus.games) {
        Position pos = Position::startpos();
        std::size_t i = 0;
        for (; i < game.size(); ++i) {
            auto m = chess::parse_san(pos, game[i]);
            if (!m) break;
            pos.make_move(*m);
        }
        game.resize(i);
        corpus.half_moves += i;
    }
}

[[gnu::noinline]] std::uint64_t replay_all(const bench::Corpus& corpus,
                                           std::vector<Position>& history) {
    std::uint64_t sum = 0;
    const Position start = Position::startpos();
    for (const auto& game : corpus.games) {
        history.clear();
        history.push_back(start);
        for (std::string_view san : game) {
            const auto m = chess::parse_san(history.back(), san);
            history.push_back(history.back());
            history.back().make_move(*m);
            sum += history.back().key();
        }
    }
    return sum;
}

}  // namespace

int main(int argc, char** argv) {
    if (argc < 2) {
        std::fprintf(stderr, "usage: chess_replay FILE.pgn [repeats]\n");
        return 2;
    }
    const int repeats = argc > 2 ? std::atoi(argv[2]) : 5;
    bench::Corpus corpus = bench::load_corpus(argv[1]);
    keep_legal_prefix(corpus);
    std::vector<Position> history;
    history.reserve(2048);
    double best = 1e300;
    std::uint64_t sum = 0;
    for (int r = 0; r < repeats; ++r) {
        const auto t0 = std::chrono::steady_clock::now();
        sum = replay_all(corpus, history);
        const auto t1 = std::chrono::steady_clock::now();
        best = std::min(best, std::chrono::duration<double, std::nano>(t1 - t0).count());
    }
    std::printf("games %zu  half-moves %zu  sizeof(Position) %zu  best %.2f ns/half-move  "
                "(checksum %016llx)\n",
                corpus.games.size(), corpus.half_moves, sizeof(Position),
                best / static_cast<double>(corpus.half_moves),
                static_cast<unsigned long long>(sum));
    return 0;
}
