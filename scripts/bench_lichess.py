#!/usr/bin/env python3
"""The Lichess layout at full speed (issue 21), run by `scripts/bench.sh lichess`.

Builds, in a temporary directory removed at the end, a file of a few hundred MB in the layout of
Lichess's monthly dumps (a `{ [%clk 0:03:00] }` comment after every move) by repeating the games
of ../shared/corpus/lichess/, and its .zst; then measures in the same run: drawaudit -j1 and -j2 on
both, pgn-extract --repetition, the reader alone (pgn_count --bench, reading as the audit does:
no variations, no comments reported), and drawaudit -j1 on large/ (master games, almost no
comments) for the games per second the Lichess layout must keep. On a shared machine compare the
ratios (same run), not the absolute figures. BENCH_LICHESS_MB sets the size (default 300).
"""
import os
import shutil
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import bench_audit  # noqa: E402

ROOT = bench_audit.ROOT
DRAWAUDIT = bench_audit.DRAWAUDIT
SHARED = bench_audit.SHARED
TARGET_MB = int(os.environ.get("BENCH_LICHESS_MB", "300"))


def build_inputs(scratch):
    corpus = os.path.join(SHARED, "corpus/lichess")
    one_pass = b"".join(subprocess.run(["zstd", "-dc", os.path.join(corpus, name)],
                                       check=True, capture_output=True).stdout
                        for name in sorted(os.listdir(corpus)) if name.endswith(".zst"))
    if not one_pass.endswith(b"\n\n"):
        one_pass += b"\n"
    passes = max(1, (TARGET_MB * 1000000) // len(one_pass))
    plain = os.path.join(scratch, "lichess.pgn")
    with open(plain, "wb") as out:
        for _ in range(passes):
            out.write(one_pass)
    zst = plain + ".zst"
    subprocess.run(["zstd", "-q", "-3", "-T2", plain, "-o", zst], check=True)
    return plain, zst


def games_per_second(command):
    """(wall s, games/s by wall time, games, CPU s, games per CPU second) of one drawaudit run
    writing JSON Lines to a file. On a loaded machine the CPU figures are the steadier ones."""
    run = bench_audit.timed(command)
    summary = bench_audit.summary_of(command[command.index("-o") + 1])
    return run[0], summary["games"] / run[0], summary["games"], run[3], summary["games"] / run[3]


def reader_alone(pgn_count, path):
    """games/s of pgn_count --bench's lines: {mode: games/s}."""
    out = subprocess.run([pgn_count, "--bench", path], capture_output=True, text=True,
                         check=True).stdout
    rates = {}
    for line in out.splitlines():
        mode = line[:20].strip()
        rates[mode] = float(line.split("MB/s,")[1].split()[0])
    return rates


def main():
    build = os.path.dirname(os.path.dirname(DRAWAUDIT))
    pgn_count = os.path.join(build, "lib/pgn/pgn_count")
    os.makedirs(bench_audit.WORK, exist_ok=True)
    scratch = tempfile.mkdtemp(prefix="lichess-", dir=bench_audit.WORK)
    try:
        plain, zst = build_inputs(scratch)
        large_plain = os.path.join(scratch, "large.pgn")
        with open(large_plain, "wb") as out:
            subprocess.run(["zstd", "-dc", os.path.join(SHARED, "corpus/large/"
                                                        "pgnmentor-players-239.pgn.zst")],
                           stdout=out, check=True)
        out = os.path.join(scratch, "out.jsonl")
        mb = os.path.getsize(plain) / 1e6
        rows = []
        for label, path, jobs in (("drawaudit -j1 lichess .pgn", plain, 1),
                                  ("drawaudit -j2 lichess .pgn", plain, 2),
                                  ("drawaudit -j1 lichess .pgn.zst", zst, 1),
                                  ("drawaudit -j2 lichess .pgn.zst", zst, 2),
                                  ("drawaudit -j1 large/ .pgn", large_plain, 1)):
            rows.append((label, *games_per_second(
                [DRAWAUDIT, "--format", "jsonl", "--no-progress", "-j", str(jobs), "-o", out, path])))
        lichess_games = rows[0][3]
        peer_run = bench_audit.timed([bench_audit.PGN_EXTRACT, "-s", "--quiet", "--repetition",
                                      "-o", "/dev/null", plain])
        peer = peer_run[0]
        rows.append(("pgn-extract --repetition", peer, lichess_games / peer, lichess_games,
                     peer_run[3], lichess_games / peer_run[3]))
        reader = reader_alone(pgn_count, plain)
        print(f"input: {mb:.0f} MB in the Lichess layout, {lichess_games} games "
              f"(the {len(os.listdir(os.path.join(SHARED, 'corpus/lichess')))} files of "
              f"corpus/lichess repeated); large/: {os.path.getsize(large_plain) / 1e6:.0f} MB")
        print(f"{'run':34} {'wall s':>7} {'games/s':>10} {'CPU s':>7} {'games/CPU s':>12}")
        for label, wall, rate, _, cpu, cpu_rate in rows:
            print(f"{label:34} {wall:7.2f} {rate:10.0f} {cpu:7.2f} {cpu_rate:12.0f}")
        for mode, rate in reader.items():
            print(f"{'reader alone: ' + mode:34} {'':>7} {'':>10} {'':>7} {rate:12.0f}"
                  f"   (pgn_count --bench, thread CPU time)")
        j1, large_j1 = rows[0][2], rows[4][2]
        j1_cpu, large_j1_cpu = rows[0][5], rows[4][5]
        print("ratios (same run):")
        print(f"  lichess -j1 / large/ -j1 games/s: {j1 / large_j1:.2f} by wall time, "
              f"{j1_cpu / large_j1_cpu:.2f} by CPU time (target: at least 1)")
        as_audit = reader.get("as the audit reads")
        if as_audit:
            print(f"  reader alone (as the audit reads) / audit -j1, games per CPU second: "
                  f"{as_audit / j1_cpu:.1f}x (target: at least 5x)")
        print(f"  audit -j1 vs pgn-extract: {peer / rows[0][1]:.1f}x faster; -j2 / -j1: "
              f"{rows[0][1] / rows[1][1]:.2f}x; .zst / .pgn at -j2: {rows[1][1] / rows[3][1]:.0%}")
    finally:
        shutil.rmtree(scratch, ignore_errors=True)


if __name__ == "__main__":
    main()
