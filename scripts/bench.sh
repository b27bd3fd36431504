#!/usr/bin/env bash
# Benchmarks of the release build. Usage: scripts/bench.sh MODE
#   perft   times `drawaudit perft` against Stockfish's `go perft` on the same positions in the
#           same run (both count the last ply in bulk) and prints nodes, seconds, Mnodes/s and
#           the ratio. Each program's start-up (a depth-1 run) is subtracted from its time, so
#           that Stockfish's network loading does not count against it.
#   audit   the whole audit on large/ against pgn-extract, then on a 75 MB file in the Lichess
#           layout against pgn-extract and the reader alone over it (scripts/bench_audit.py)
#   lichess the audit on a few hundred MB in the Lichess layout, built in a temporary directory
#           from corpus/lichess, against large/, pgn-extract and the reader alone
#           (scripts/bench_lichess.py)
#   unwinnable  the unwinnability analysis, quick and full mode, on both sides of the 30,000
#           Lichess final positions of ../shared/corpus/dead/d3chess-lichess-30K-games.txt.zst:
#           verdict counts, average and slowest thread CPU time per position and side
#           (NODES=N sets the full mode's node budget per side, default the library's).
#   claim   `drawaudit claim` on the 300-move game of tests/cli/fixtures/claim-300-moves.pgn,
#           the whole command (start, reading, the audit of the game, the ruling, the output),
#           on the board and with a written move: the median and slowest of RUNS runs (default
#           50) in milliseconds; issue 27 asks well under 50 ms. BASELINE=BINARY runs another
#           build alternately with this one (the same load for both).
#   instructions  callgrind's instruction counts of the whole audit (-j1, JSON Lines) on the
#           first 20 MB of large/ and on corpus/lichess, per half-move, against the reader alone
#           (the floor) and by function (TOP=N, default 12): unmoved by the load, they tell a
#           difference of a percent. BASELINE=BINARY counts another build beside this one
#           (scripts/bench_instructions.py).
#   trf     --trf (issue 29): a tournament of 500 players and 11 rounds with its 2,750 games
#           (scripts/make_trf.py synthetic: short games, one in ten players without FIDE id so
#           that names are matched too), audited with and without its TRF: the median wall and
#           the CPU of RUNS runs (default 10) and their difference; the issue asks well under a
#           second for reading and reconciling.
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"

build_release() {
    "$root/scripts/deps.sh" bench
    (cd "$root" && cmake --preset release >/dev/null && cmake --build build/release --target drawaudit >/dev/null)
}

# The release build with the reader tool and the replay benchmark too (the audit's floors).
build_release_tools() {
    build_release
    (cd "$root" && cmake --preset release -DDRAWAUDIT_BENCH=ON >/dev/null &&
        cmake --build build/release --target drawaudit pgn_count chess_replay audit_memory >/dev/null)
}

now() { date +%s.%N; }

# Prints the node count of `drawaudit perft`; $1 FEN, $2 depth.
drawaudit_perft() { "$root/build/release/app/drawaudit" perft --fen "$1" --depth "$2" | tail -n 1; }

# Prints the node count of Stockfish's perft (single-threaded by nature); $1 FEN, $2 depth.
stockfish_perft() {
    printf 'position fen %s\ngo perft %s\nquit\n' "$1" "$2" | "$stockfish" 2>/dev/null |
        awk '/^Nodes searched/ {print $3}'
}

# Runs "$1 FEN DEPTH" and sets nodes and seconds (wall clock, less the depth-1 start-up).
timed() {
    local command=$1 fen=$2 depth=$3 start middle end
    start=$(now)
    "$command" "$fen" 1 >/dev/null
    middle=$(now)
    nodes=$("$command" "$fen" "$depth")
    end=$(now)
    seconds=$(awk -v s="$start" -v m="$middle" -v e="$end" 'BEGIN { t = (e - m) - (m - s); if (t < 1e-6) t = 1e-6; printf "%.3f", t }')
}

bench_perft() {
    stockfish=${STOCKFISH:-/usr/games/stockfish}
    [[ -x $stockfish ]] || { echo "bench.sh: $stockfish not found (apt-get install stockfish)" >&2; exit 2; }
    build_release
    local -a cases=(
        "start|rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1|6"
        "kiwipete|r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1|5"
        "pos3|8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1|7"
        "pos4|r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1|5"
        "pos5|rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8|5"
        "pos6|r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10|5"
    )
    printf '%-9s %5s %12s %9s %8s %9s %8s %7s %s\n' position depth nodes da_s da_Mn/s sf_s sf_Mn/s ratio check
    local total_da=0 total_sf=0 total_nodes=0 status=0
    for entry in "${cases[@]}"; do
        IFS='|' read -r name fen depth <<<"$entry"
        timed drawaudit_perft "$fen" "$depth"
        local da_nodes=$nodes da_s=$seconds
        timed stockfish_perft "$fen" "$depth"
        local sf_nodes=$nodes sf_s=$seconds
        local check=ok
        [[ $da_nodes == "$sf_nodes" ]] || { check="MISMATCH (stockfish $sf_nodes)"; status=1; }
        awk -v n="$name" -v d="$depth" -v nodes="$da_nodes" -v a="$da_s" -v b="$sf_s" -v c="$check" 'BEGIN {
            printf "%-9s %5d %12d %9.3f %8.1f %9.3f %8.1f %7.2f %s\n", n, d, nodes, a, nodes / a / 1e6, b, nodes / b / 1e6, b / a, c }'
        total_da=$(awk -v x="$total_da" -v y="$da_s" 'BEGIN { print x + y }')
        total_sf=$(awk -v x="$total_sf" -v y="$sf_s" 'BEGIN { print x + y }')
        total_nodes=$((total_nodes + da_nodes))
    done
    awk -v nodes="$total_nodes" -v a="$total_da" -v b="$total_sf" 'BEGIN {
        printf "%-9s %5s %12d %9.3f %8.1f %9.3f %8.1f %7.2f\n", "total", "", nodes, a, nodes / a / 1e6, b, nodes / b / 1e6, b / a
        printf "ratio = Stockfish time / drawaudit time (above 1: drawaudit is faster)\n" }'
    return $status
}

bench_unwinnable() {
    build_release
    (cd "$root" && cmake --preset release -DDRAWAUDIT_BENCH=ON >/dev/null &&
        cmake --build build/release --target unwinnable_bench >/dev/null)
    local corpus="$root/../shared/corpus/dead/d3chess-lichess-30K-games.txt.zst" scratch
    [[ -f $corpus ]] || { echo "bench.sh: $corpus not found" >&2; exit 2; }
    scratch=$(mktemp -d)
    trap 'rm -rf "$scratch"' RETURN
    zstd -dcq "$corpus" >"$scratch/positions.txt"
    "$root/build/release/bench/unwinnable_bench" "$scratch/positions.txt" ${NODES:+"$NODES"}
}

bench_claim() {
    build_release
    (cd "$root" && python3 - "$root/build/release/app/drawaudit" "${RUNS:-50}" "${BASELINE:-}" <<'PY'
import resource, statistics, subprocess, sys, time
binary, runs, baseline = sys.argv[1], int(sys.argv[2]), sys.argv[3]
game = "tests/cli/fixtures/claim-300-moves.pgn"
cases = {"on-the-board": [], "written-move": ["--move", "Kf1"], "at-move-150": ["--at", "150... Kh8"],
         "process start (perft 1)": None}
binaries = [("", binary)] + ([("baseline ", baseline)] if baseline else [])
print(f"{'claim, 300 moves':35} {'runs':>5} {'wall_ms':>8} {'slowest':>8} {'cpu_ms':>7}")
for label, extra in cases.items():
    args = ["perft", "--depth", "1"] if extra is None else ["claim", game, "--format", "json", *extra]
    # With a baseline the two binaries alternate run by run, so both meet the same load.
    walls = {name: [] for name, _ in binaries}
    cpu = {name: 0.0 for name, _ in binaries}
    for _ in range(runs):
        for name, path in binaries:
            before = resource.getrusage(resource.RUSAGE_CHILDREN)
            start = time.perf_counter()
            done = subprocess.run([path, *args], stdout=subprocess.DEVNULL)
            walls[name].append((time.perf_counter() - start) * 1000)
            after = resource.getrusage(resource.RUSAGE_CHILDREN)
            cpu[name] += after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime
            if done.returncode not in (0, 1):
                sys.exit(f"bench.sh claim: {name}{label}: exit {done.returncode}")
    for name, _ in binaries:
        w = walls[name]
        print(f"{name + label:35} {runs:5d} {statistics.median(w):8.2f} {max(w):8.2f} "
              f"{cpu[name] / runs * 1000:7.2f}")
print("wall: the median of the whole command (start, reading, the game's audit, the ruling, "
      "the output); cpu: user + system per run" +
      ("; baseline: BASELINE's binary, run alternately with this one" if baseline else ""))
PY
    )
}

bench_trf() {
    build_release
    local scratch
    scratch=$(mktemp -d)
    trap 'rm -rf "$scratch"' RETURN
    python3 "$root/scripts/make_trf.py" synthetic --players 500 --rounds 11 \
        --pgn "$scratch/round.pgn" --trf "$scratch/round.trf"
    python3 - "$root/build/release/app/drawaudit" "${RUNS:-10}" "$scratch" <<'PY'
import json, resource, statistics, subprocess, sys, time
binary, runs, scratch = sys.argv[1], int(sys.argv[2]), sys.argv[3]
pgn, trf = f"{scratch}/round.pgn", f"{scratch}/round.trf"
cases = {"without --trf": [], "with --trf": ["--trf", trf]}
medians = {}
print(f"{'2,750 games, 500 players':26} {'runs':>5} {'wall_ms':>8} {'slowest':>8} {'cpu_ms':>7}")
for label, extra in cases.items():
    walls, before = [], resource.getrusage(resource.RUSAGE_CHILDREN)
    for _ in range(runs):
        start = time.perf_counter()
        done = subprocess.run([binary, "--no-progress", "--format", "jsonl", *extra, pgn],
                              stdout=subprocess.PIPE)
        walls.append((time.perf_counter() - start) * 1000)
        if done.returncode != 0:
            sys.exit(f"bench.sh trf: {label}: exit {done.returncode} (findings where none were expected)")
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime) / runs * 1000
    medians[label] = (statistics.median(walls), cpu)
    print(f"{label:26} {runs:5d} {statistics.median(walls):8.2f} {max(walls):8.2f} {cpu:7.2f}")
summary = json.loads(done.stdout.decode().splitlines()[-1])["pairings"]
print(f"{'the TRF costs':26} {'':5} {medians['with --trf'][0] - medians['without --trf'][0]:8.2f} "
      f"{'':8} {medians['with --trf'][1] - medians['without --trf'][1]:7.2f}")
print("pairings: " + ", ".join(f"{k} {v}" for k, v in summary.items()))
print("wall: the median of the whole command (reading, audit, reconciliation, JSON Lines output); "
      "cpu: user + system per run")
PY
}

case "${1:-}" in
    perft) bench_perft ;;
    trf) bench_trf ;;
    claim) bench_claim ;;
    unwinnable) bench_unwinnable ;;
    audit) build_release_tools && python3 "$root/scripts/bench_audit.py" ;;
    instructions) build_release && (cd "$root" && cmake --build build/release --target pgn_count >/dev/null) &&
        python3 "$root/scripts/bench_instructions.py" ;;
    lichess) build_release_tools && python3 "$root/scripts/bench_lichess.py" ;;
    repetitions) build_release && python3 "$root/scripts/bench_audit.py" --prepare-only &&
        python3 "$root/scripts/compare_repetitions.py" ;;
    *)
        echo "usage: scripts/bench.sh perft|audit|instructions|lichess|repetitions|unwinnable|claim|trf" >&2
        exit 2
        ;;
esac
