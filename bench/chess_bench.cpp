// Google Benchmark of the replay path over a PGN corpus (DRAWAUDIT_BENCH_PGN, default the TWIC
// file of the shared corpus). Items per second = half-moves per second.
#include <benchmark/benchmark.h>

#include <cstdlib>
#include <string>
#include <vector>

#include "chess/position.hpp"
#include "chess/san.hpp"
#include "replay_corpus.hpp"

using namespace drawaudit;
using chess::Move;
using chess::Position;

namespace {

struct Prepared {
    bench::Corpus corpus;
    std::vector<std::vector<Move>> moves;  // the resolved moves of every game
};

const Prepared& prepared() {
    static const Prepared p = [] {
        Prepared out;
        const char* path = std::getenv("DRAWAUDIT_BENCH_PGN");
        out.corpus = bench::load_corpus(path ? path : "/work/shared/corpus/twic/twic0920.pgn");
        out.moves = bench::keep_legal_prefix(out.corpus);
        return out;
    }();
    return p;
}

void BM_ParseSanAndMakeMove(benchmark::State& state) {
    const Prepared& p = prepared();
    std::vector<Position> history;
    history.reserve(2048);
    for (auto _ : state) benchmark::DoNotOptimize(bench::replay_all(p.corpus, history));
    state.SetItemsProcessed(static_cast<std::int64_t>(state.iterations() * p.corpus.half_moves));
}
BENCHMARK(BM_ParseSanAndMakeMove)->Unit(benchmark::kMillisecond);

void BM_MakeMoveOnly(benchmark::State& state) {
    const Prepared& p = prepared();
    std::vector<Position> history;
    history.reserve(2048);
    const Position start = Position::startpos();
    for (auto _ : state) {
        for (const auto& game : p.moves) {
            history.clear();
            history.push_back(start);
            for (Move m : game) {
                history.push_back(history.back());
                history.back().make_move(m);
            }
            benchmark::DoNotOptimize(history.back().key());
        }
    }
    state.SetItemsProcessed(static_cast<std::int64_t>(state.iterations() * p.corpus.half_moves));
}
BENCHMARK(BM_MakeMoveOnly)->Unit(benchmark::kMillisecond);

}  // namespace

BENCHMARK_MAIN();
