#!/usr/bin/env python3
"""Whole-run benchmark of the audit (issue 6), run by `scripts/bench.sh audit`.

Measures in one run, on the same inputs: drawaudit at -j 1 and -j 2 on plain .pgn and on .pgn.zst,
and pgn-extract --repetition (the peer arbiters use), and prints games/s, MB/s, ns per half-move,
peak RSS and the ratios, with the ceilings two cores set on -j2 scaling and on .zst input
(estimated from the CPU times of the same runs, and of zstd -dc alone). Figures on a shared machine
are noisy: compare the ratios, which are measured in the same run, not the absolute numbers across
runs. With BENCH_REPEAT=N the runs go in N interleaved rounds (each round runs every configuration
once), the table shows the best of each, and each ratio is the median of its per-round ratios with
their range: a disturbance then hits the runs of one round alike instead of one configuration.
Then the same -j1 audit on a file in the Lichess layout (about 75 MB made from corpus/lichess,
BENCH_LICHESS_LAYOUT_MB sets it) against pgn-extract and the reader alone over the same file.
"""
import statistics
import json
import os
import re
import subprocess
import sys
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
DRAWAUDIT = os.environ.get("DRAWAUDIT", os.path.join(ROOT, "build/release/app/drawaudit"))
PGN_EXTRACT = os.environ.get("PGN_EXTRACT", "/usr/games/pgn-extract")
SHARED = os.path.normpath(os.path.join(ROOT, "..", "shared"))
WORK = os.path.join(ROOT, "build", "bench")
REPEAT = int(os.environ.get("BENCH_REPEAT", "1"))


def prepare_inputs():
    os.makedirs(WORK, exist_ok=True)
    zst = os.path.join(SHARED, "corpus/large/pgnmentor-players-239.pgn.zst")
    plain = os.path.join(WORK, "large.pgn")
    if not os.path.exists(plain) or os.path.getsize(plain) == 0:
        with open(plain, "wb") as out:
            subprocess.run(["zstd", "-dc", zst], stdout=out, check=True)
    quadruple = os.path.join(WORK, "large-x4.pgn")
    if not os.path.exists(quadruple) or os.path.getsize(quadruple) != 4 * os.path.getsize(plain):
        with open(quadruple, "wb") as out:
            for _ in range(4):
                with open(plain, "rb") as part:
                    while block := part.read(1 << 24):
                        out.write(block)
    return plain, zst, quadruple


def remove_old_report(command):
    """Each run writes a new report, as the peer writes to /dev/null: replacing the previous
    185 MB report would add freeing its pages (about 0.06 s here) to the run."""
    if "-o" in command:
        path = os.path.abspath(command[command.index("-o") + 1])
        # Only the bench's own reports (never /dev/null, which the peer's command names).
        if os.path.dirname(path) == os.path.abspath(WORK) and os.path.isfile(path):
            os.remove(path)


def timed(command):
    """One run: (wall seconds, user seconds, peak RSS in MiB, user + system seconds)."""
    return timed_with_stages(command)[0]


def timed_with_stages(command):
    """timed(), and the CPU seconds of drawaudit's stages when it ran with -v (its "CPU: workers
    W s, readers R s, writer O s" line; None otherwise)."""
    remove_old_report(command)
    result = subprocess.run(["/usr/bin/time", "-f", "%e %U %M %S"] + command,
                            stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    if result.returncode not in (0, 1):
        sys.exit(f"bench: {' '.join(command)} failed ({result.returncode}):\n{result.stderr}")
    wall, user, rss_kb, system = result.stderr.strip().splitlines()[-1].split()
    stages = re.search(r"CPU: workers ([0-9.]+) s, readers ([0-9.]+) s, writer ([0-9.]+) s",
                       result.stderr)
    stage_cpu = tuple(float(x) for x in stages.groups()) if stages else None
    return (float(wall), float(user), int(rss_kb) / 1024, float(user) + float(system)), stage_cpu


def timed_pair(command_a, command_b):
    """One run of two commands side by side: wall seconds until both are done."""
    remove_old_report(command_a)
    remove_old_report(command_b)
    start = time.monotonic()
    runs = [subprocess.Popen(c, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
            for c in (command_a, command_b)]
    for run in runs:
        if run.wait() not in (0, 1):
            sys.exit(f"bench: {' '.join(run.args)} failed ({run.returncode})")
    return time.monotonic() - start


def spread(values, form):
    """The median of per-round values, with their range when there are several rounds."""
    median = form(statistics.median(values))
    if len(values) == 1:
        return median
    return f"{median} (rounds: {form(min(values))}-{form(max(values))})"


def summary_of(path):
    with open(path, "rb") as f:
        f.seek(max(0, os.path.getsize(path) - (1 << 20)))  # the summary line: by_year can be long
        return json.loads(f.read().splitlines()[-1])


def main():
    plain, zst, quadruple = prepare_inputs()
    if "--prepare-only" in sys.argv:
        return
    out = os.path.join(WORK, "out.jsonl")
    megabytes = os.path.getsize(plain) / 1e6
    configs = [("drawaudit -j1 .pgn", plain, 1), ("drawaudit -j2 .pgn", plain, 2),
               ("drawaudit -j1 .pgn.zst", zst, 1), ("drawaudit -j2 .pgn.zst", zst, 2)]
    best = {}  # label -> (wall, user, rss, cpu)
    rounds = []  # per round: label -> wall, and "cpu " + label -> user + system seconds

    def keep(label, run):
        if label not in best or run[0] < best[label][0]:
            best[label] = run

    # What the CI and cluster options cost, against the same -j1 run in the same round (issues
    # 19 and 20): a baseline of the whole corpus, the duplicate index, and a one-shard part.
    baseline = os.path.join(WORK, "baseline.jsonl")
    subprocess.run([DRAWAUDIT, "--no-progress", "--fail-on", "never", "-j", "2", "-o", os.devnull,
                    "--write-baseline", baseline, plain], check=True)
    options = [("--baseline", ["--baseline", baseline]), ("--duplicates", ["--duplicates"]),
               ("--shard 1/1", ["--shard", "1/1"])]
    for round_index in range(REPEAT):
        walls = {}
        for label, path, jobs in configs:
            run, stages = timed_with_stages([DRAWAUDIT, "--format", "jsonl", "--no-progress",
                                             "-v", "-j", str(jobs), "-o", out, path])
            keep(label, run)
            walls[label] = run[0]
            walls["cpu " + label] = run[3]
            walls["stages " + label] = stages
            if round_index == 0 and label == configs[0][0]:
                summary = summary_of(out)
                games, plies = summary["games"], summary["plies"]
            if label == configs[0][0]:  # right after the run they are compared with
                for option, extra in options:
                    run = timed([DRAWAUDIT, "--format", "jsonl", "--no-progress", "-j", "1", *extra,
                                 "-o", out, plain])
                    walls["option " + option] = run[0]
                    walls["cpu option " + option] = run[3]
        # The machine's own ceiling for two cores: two independent -j1 audits side by side
        # (shared caches, memory bandwidth and, on a VM, the host). -j2 cannot scale beyond it.
        walls["pair"] = timed_pair(
            *[[DRAWAUDIT, "--format", "jsonl", "--no-progress", "-j", "1", "-o", out + suffix,
               plain] for suffix in (".a", ".b")])
        # What decompression alone costs: at -j2 it shares the two cores with the workers.
        walls["cpu zstd -dc"] = timed(["zstd", "-dc", zst])[3]
        if round_index == 0:  # the peer is slow and steady: once, in the first round
            run = timed([PGN_EXTRACT, "-s", "--quiet", "--repetition", "-o", "/dev/null", plain])
            keep("pgn-extract --repetition", run)
            walls["pgn-extract"] = run[0]
        rounds.append(walls)
    keep("drawaudit -j2 .pgn x4 (RSS)",
         timed([DRAWAUDIT, "--format", "jsonl", "--no-progress", "-j", "2", "-o", out,
                quadruple]))

    j1 = best["drawaudit -j1 .pgn"][0]
    print(f"input: {plain} ({megabytes:.0f} MB, {games} games, {plies} half-moves); "
          f"{REPEAT} round{'s' if REPEAT > 1 else ''}, best of each")
    print(f"{'run':30} {'wall s':>7} {'user s':>7} {'games/s':>9} {'MB/s':>7} {'ns/ply':>7} {'RSS MiB':>8}")
    for label, (wall, user, rss, _) in best.items():
        scale = 4 if "x4" in label else 1
        print(f"{label:30} {wall:7.2f} {user:7.2f} {scale * games / wall:9.0f} "
              f"{scale * megabytes / wall:7.1f} {wall * 1e9 / (scale * plies):7.1f} {rss:8.1f}")

    def times(v):
        return f"{v:.1f}x"

    def times2(v):
        return f"{v:.2f}x"

    def share(v):
        return f"{v:.0%}"

    def seconds(v):
        return f"{v:.2f} s"

    pe = rounds[0]["pgn-extract"]
    print("ratios, each the median of the rounds' own ratios:")
    print(f"  -j1 vs pgn-extract: {times(pe / rounds[0]['drawaudit -j1 .pgn'])} faster "
          f"(-j2: {times(pe / rounds[0]['drawaudit -j2 .pgn'])}; first round, with the peer)")
    print(f"  -j2 / -j1 scaling: "
          f"{spread([r['drawaudit -j1 .pgn'] / r['drawaudit -j2 .pgn'] for r in rounds], times2)}")
    # -j1 already runs its reading and its writing on the second core: -j2 needs at least the
    # CPU time of -j1 spread over two cores, so its scaling is at most about this (an estimate:
    # on a shared host the CPU time of the same work varies from round to round too).
    print(f"  -j2 / -j1 ceiling on two cores, estimated as 2 x -j1 wall / -j1 CPU: "
          f"{spread([2 * r['drawaudit -j1 .pgn'] / r['cpu drawaudit -j1 .pgn'] for r in rounds], times2)}")
    # The same bound from the run's own figures (-v): the worker's CPU time is -j1's wall time,
    # and at -j2 the two cores must also carry the reader's and the writer's.
    stage_rounds = [r["stages drawaudit -j1 .pgn"] for r in rounds]
    if all(stage_rounds):
        print(f"  -j1's CPU by stage (-v): workers "
              f"{spread([w for w, _, _ in stage_rounds], seconds)}, readers "
              f"{spread([rd for _, rd, _ in stage_rounds], seconds)}, writer "
              f"{spread([o for _, _, o in stage_rounds], seconds)}; two-core ceiling 2 x workers / "
              f"all three: {spread([2 * w / (w + rd + o) for w, rd, o in stage_rounds], times2)}")
    print(f"  two-core ceiling of this machine, two -j1 audits side by side: "
          f"{spread([2 * r['drawaudit -j1 .pgn'] / r['pair'] for r in rounds], times2)} "
          f"the throughput of one")
    print(f"  .zst / .pgn at -j2: "
          f"{spread([r['drawaudit -j2 .pgn'] / r['drawaudit -j2 .pgn.zst'] for r in rounds], share)}"
          f" of the plain throughput (-j1: "
          f"{spread([r['drawaudit -j1 .pgn'] / r['drawaudit -j1 .pgn.zst'] for r in rounds], share)})")
    # Two cores give a run at most twice its CPU time in wall time: the .zst audit at -j2 needs
    # the plain audit's CPU plus the decompression's, so it can reach at most this share.
    bounds = [2 * r["drawaudit -j2 .pgn"] / (r["cpu drawaudit -j2 .pgn"] + r["cpu zstd -dc"])
              for r in rounds]
    zstd_cpu = spread([r["cpu zstd -dc"] for r in rounds], seconds)
    plain_cpu = spread([r["cpu drawaudit -j2 .pgn"] for r in rounds], seconds)
    zst_cpu = spread([r["cpu drawaudit -j2 .pgn.zst"] for r in rounds], seconds)
    for label, _ in options:
        print(f"  -j1 with {label} / without, CPU: "
              f"{spread([r['cpu option ' + label] / r['cpu drawaudit -j1 .pgn'] for r in rounds], times2)}"
              f"; wall: {spread([r['option ' + label] / r['drawaudit -j1 .pgn'] for r in rounds], times2)}")
    print(f"  .zst ceiling at -j2 on two cores, estimated as 2 x plain -j2 wall / (plain -j2 CPU "
          f"+ zstd -dc CPU): {spread(bounds, share)} (zstd -dc alone: {zstd_cpu} CPU; plain -j2 "
          f"audit: {plain_cpu} CPU; the .zst -j2 audit itself: {zst_cpu} CPU)")
    floors(plain, games, plies, j1)
    lichess_layout()


def reader_floor(path):
    """The reader alone over the text in memory (pgn_count --bench, thread CPU time, best of 3):
    {mode: seconds}, e.g. "null visitor" (every token) and "as the audit reads" (no variations,
    comments skipped). None when the tool is not built (DRAWAUDIT_BENCH=OFF)."""
    pgn_count = os.path.join(os.path.dirname(os.path.dirname(DRAWAUDIT)), "lib/pgn/pgn_count")
    if not os.access(pgn_count, os.X_OK):
        return None
    out = subprocess.run([pgn_count, "--bench", path], capture_output=True, text=True,
                         check=True).stdout
    # "null visitor            74.8 MB in 0.081 s CPU: ..."
    return {line[:20].strip(): float(line.split(" in ")[1].split()[0])
            for line in out.splitlines() if " MB in " in line}


def prepare_lichess_layout():
    """A file in the layout of Lichess's monthly dumps (a clock comment after every move, as
    corpus/lichess has them) of about BENCH_LICHESS_LAYOUT_MB MB (75): the games of corpus/lichess repeated."""
    os.makedirs(WORK, exist_ok=True)
    target = int(os.environ.get("BENCH_LICHESS_LAYOUT_MB", "75")) * 1000000
    path = os.path.join(WORK, f"lichess-layout-{target // 1000000}mb.pgn")
    corpus = os.path.join(SHARED, "corpus/lichess")
    one_pass = b"".join(subprocess.run(["zstd", "-dc", os.path.join(corpus, name)], check=True,
                                       capture_output=True).stdout
                        for name in sorted(os.listdir(corpus)) if name.endswith(".zst"))
    if not one_pass.endswith(b"\n\n"):
        one_pass += b"\n"  # the next pass's first tag starts a game of its own
    passes = max(1, round(target / len(one_pass)))
    if os.path.exists(path) and os.path.getsize(path) == passes * len(one_pass):
        return path  # made by an earlier run
    with open(path, "wb") as out:
        for _ in range(passes):
            out.write(one_pass)
    return path


def lichess_layout():
    """Issue 33: the audit at -j1 on the Lichess layout against pgn-extract and the reader alone
    over the same file, in BENCH_REPEAT paired rounds (the peer runs in every round: it is short
    here), each ratio the median of the rounds' own."""
    path = prepare_lichess_layout()
    out = os.path.join(WORK, "out-lichess.jsonl")
    rounds = []
    best = {}
    for _ in range(REPEAT):
        audit = timed([DRAWAUDIT, "--format", "jsonl", "--no-progress", "-j", "1", "-o", out, path])
        peer = timed([PGN_EXTRACT, "-s", "--quiet", "--repetition", "-o", "/dev/null", path])
        rounds.append((audit[0], peer[0], audit[3]))
        for label, run in (("drawaudit -j1", audit), ("pgn-extract --repetition", peer)):
            if label not in best or run[0] < best[label][0]:
                best[label] = run
    summary = summary_of(out)
    games, plies = summary["games"], summary["plies"]
    megabytes = os.path.getsize(path) / 1e6
    print(f"Lichess layout: {path} ({megabytes:.0f} MB, {games} games, {plies} half-moves, a "
          f"clock comment after every move); {REPEAT} round{'s' if REPEAT > 1 else ''}, best of each")
    print(f"{'run':30} {'wall s':>7} {'user s':>7} {'games/s':>9} {'MB/s':>7} {'ns/ply':>7} {'RSS MiB':>8}")
    for label, (wall, user, rss, _) in best.items():
        print(f"{label:30} {wall:7.2f} {user:7.2f} {games / wall:9.0f} {megabytes / wall:7.1f} "
              f"{wall * 1e9 / plies:7.1f} {rss:8.1f}")
    print(f"  -j1 vs pgn-extract: "
          f"{spread([peer / audit for audit, peer, _ in rounds], lambda v: f'{v:.1f}x')} faster")
    floor = reader_floor(path)
    if floor:
        for mode in ("null visitor", "as the audit reads"):
            if mode in floor:
                print(f"  reader alone ({mode}): {floor[mode]:.3f} s CPU, text in memory; the "
                      f"audit -j1 takes {spread([a / floor[mode] for a, _, _ in rounds], lambda v: f'{v:.1f}x')}"
                      f" its time by wall, {spread([c / floor[mode] for _, _, c in rounds], lambda v: f'{v:.1f}x')}"
                      f" by CPU (the gap to the floor)")


def floors(plain, games, plies, j1):
    """Where one thread's time goes: the reader alone and the replay alone, against the audit."""
    build = os.path.dirname(os.path.dirname(DRAWAUDIT))
    pgn_count = os.path.join(build, "lib/pgn/pgn_count")
    chess_replay = os.path.join(build, "bench/chess_replay")
    print(f"one thread, ns per half-move (target 250k games/s = {1e9 / 250e3 * games / plies:.1f}):")
    print(f"  full audit -j1 {j1 * 1e9 / plies:6.1f}")
    reader = None
    if os.access(pgn_count, os.X_OK):
        # "null visitor  276.0 MB in 0.359 s CPU: ..." (the reader alone, text in memory)
        out = subprocess.run([pgn_count, "--bench", plain], capture_output=True, text=True).stdout
        for line in out.splitlines():
            if line.startswith("null visitor"):
                reader = float(line.split(" in ")[1].split()[0]) * 1e9 / plies
        if reader is not None:
            print(f"  reader alone   {reader:6.1f}   (pgn_count --bench: tokens and tags, "
                  f"null visitor; the audit -j1 takes {j1 * 1e9 / plies / reader:.1f}x its time: "
                  f"the gap to the floor)")
    replay = None
    if os.access(chess_replay, os.X_OK):
        # "  play_san_run into slots ... best  39.10 ns/half-move" (SAN resolution + copy-make
        # alone, in the auditor's loop: runs of moves into consecutive history slots)
        out = subprocess.run([chess_replay, plain, "3"], capture_output=True, text=True).stdout
        for line in out.splitlines():
            if "play_san_run into slots" in line and "ns/half-move" in line:
                replay = float(line.split("best")[1].split()[0])
        if replay is not None:
            print(f"  replay alone   {replay:6.1f}   (bench/chess_replay: play_san_run of every "
                  f"legal move into history slots)")
    if reader is not None and replay is not None:
        print(f"  the audit's own work (repetitions, rules, findings, records, output): "
              f"{j1 * 1e9 / plies - reader - replay:.1f}")
    audit_memory = os.path.join(build, "bench/audit_memory")
    if os.access(audit_memory, os.X_OK):
        # The same audit by one thread, text in memory (no reader, writer or queue threads), then
        # with JSON Lines formatting, each a line "<label>  best 1.803 s  53.1 ns/half-move
        # 228636 games/s  cpu ...".
        out = subprocess.run([audit_memory, plain, "5"], capture_output=True, text=True).stdout
        for line in out.splitlines():
            label, _, figures = line.partition("  best ")
            if not figures:
                continue
            words = figures.split()
            wall, per_ply, rate = float(words[0]), float(words[2]), float(words[4])
            if label.startswith("one thread in memory"):
                print(f"  full audit, one thread in memory {per_ply:6.1f}   ({wall:.2f} s, "
                      f"{rate:,.0f} games/s; bench/audit_memory, best of 5: the audit without the "
                      f"pipeline's reader and writer threads)")
            elif label.startswith("formatting jsonl too"):
                print(f"  the same, formatting JSON Lines {per_ply:6.1f}   ({wall:.2f} s, "
                      f"{rate:,.0f} games/s; the work of a -j1 run's worker)")


if __name__ == "__main__":
    main()
