#!/usr/bin/env python3
"""Instruction counts of the whole audit (issue 33), run by `scripts/bench.sh instructions`.

Counts with callgrind the instructions of `drawaudit -j1 --format jsonl --no-progress -o /dev/null`,
the whole process, on the two inputs the issue names: the first 20 MB of large/ and the four
files of corpus/lichess concatenated (a clock comment after every move). Instruction counts do
not move with the load of a shared machine, so they tell a difference of a percent that wall
times cannot. Prints the total, the instructions per half-move, and where they go (self cost by
function, the TOP largest, default 12), and the floor the issue measures the audit against: the
reader alone as the audit reads (`pgn_count --read-once`, parse_games only, the text already in
memory), and the audit's multiple of it, the gap this work shrinks, here free of the noise of
times. With BASELINE=BINARY it counts that build too, on the same inputs, and prints both side by
side: before and after a change.
"""
import os
import re
import shutil
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
DRAWAUDIT = os.path.abspath(
    os.environ.get("DRAWAUDIT", os.path.join(ROOT, "build/release/app/drawaudit")))
BASELINE = os.path.abspath(os.environ["BASELINE"]) if os.environ.get("BASELINE") else ""
PGN_COUNT = os.path.join(os.path.dirname(os.path.dirname(DRAWAUDIT)), "lib/pgn/pgn_count")
TOP = int(os.environ.get("TOP", "12"))
SHARED = os.path.normpath(os.path.join(ROOT, "..", "shared"))
LARGE_SLICE_BYTES = 20_000_000


def prepare_inputs(work):
    """The two inputs, written into `work`: [(label, path)]."""
    large_zst = os.path.join(SHARED, "corpus/large/pgnmentor-players-239.pgn.zst")
    lichess_dir = os.path.join(SHARED, "corpus/lichess")
    for needed in (large_zst, lichess_dir):
        if not os.path.exists(needed):
            sys.exit(f"bench_instructions.py: {needed} not found")
    # Short names, run from `work`: the file's name is written into every record, so its length
    # counts too (3.7M instructions between "/tmp/l20.pgn" and a temporary directory's path).
    large = os.path.join(work, "l20.pgn")
    with open(large, "wb") as out:
        decompress = subprocess.Popen(["zstd", "-dcq", large_zst], stdout=subprocess.PIPE)
        remaining = LARGE_SLICE_BYTES
        while remaining > 0:
            block = decompress.stdout.read(min(remaining, 1 << 20))
            if not block:
                break
            out.write(block)
            remaining -= len(block)
        decompress.kill()
        decompress.wait()
    lichess = os.path.join(work, "lich1.pgn")
    parts = sorted(os.path.join(lichess_dir, name) for name in os.listdir(lichess_dir)
                   if name.endswith(".pgn.zst"))
    with open(lichess, "wb") as out:
        subprocess.run(["zstd", "-dcq", *parts], stdout=out, check=True)
    return [("large/, first 20 MB", large), ("corpus/lichess", lichess)]


def half_moves(binary, pgn, work):
    """The half-moves the audit replayed: the `plies` of its JSON Lines summary."""
    out = os.path.join(work, "plies.jsonl")
    subprocess.run([binary, "-j1", "--format", "jsonl", "--no-progress", "-o", out,
                    os.path.basename(pgn)], cwd=work, stdout=subprocess.DEVNULL,
                   stderr=subprocess.DEVNULL)
    with open(out, encoding="utf-8") as f:
        for line in f:
            if line.startswith('{"type":"summary"'):
                return int(re.search(r'"plies":(\d+)', line).group(1))
    sys.exit(f"bench_instructions.py: no summary from {binary} on {pgn}")


def short_name(symbol):
    """`???:drawaudit::chess::detail::play_common_san(...) [binary]` -> `chess::detail::play_common_san`."""
    symbol = symbol.split(" [", 1)[0]
    symbol = symbol.split(":", 1)[1] if ":" in symbol else symbol  # the file or ??? before it
    symbol = symbol.replace("(anonymous namespace)", "{anon}")
    depth = 0
    for i, c in enumerate(symbol):  # cut the argument list: the first '(' outside <...>
        if c == "<":
            depth += 1
        elif c == ">":
            depth -= 1
        elif c == "(" and depth == 0:
            symbol = symbol[:i]
            break
    symbol = symbol.replace("drawaudit::", "").replace("{anon}::", "")
    symbol = re.sub(r"\[abi:cxx11\]", "", symbol)
    return symbol if len(symbol) <= 56 else symbol[:53] + "..."


def callgrind(command, pgn, work, options=()):
    """(total instructions, {function: self instructions}) of `command` on `pgn`, run from
    `work` under callgrind with `options`."""
    profile = os.path.join(work, "callgrind.out")
    subprocess.run(["valgrind", "--tool=callgrind", f"--callgrind-out-file={profile}", *options,
                    *command, os.path.basename(pgn)], cwd=work, stdout=subprocess.DEVNULL,
                   stderr=subprocess.DEVNULL)
    annotated = subprocess.run(["callgrind_annotate", "--threshold=99.9", profile],
                               capture_output=True, text=True, check=True).stdout
    total = None
    functions = {}
    for line in annotated.splitlines():
        m = re.match(r"^\s*([\d,]+) \([ \d.]+%\)\s+(.*)$", line)
        if not m:
            continue
        value = int(m.group(1).replace(",", ""))
        if m.group(2).startswith("PROGRAM TOTALS"):
            total = value
        else:
            name = short_name(m.group(2))
            functions[name] = functions.get(name, 0) + value
    if total is None:
        sys.exit(f"bench_instructions.py: callgrind gave no total for {command[0]} on {pgn}")
    return total, functions


def count(binary, pgn, work):
    """The whole audit's count, to /dev/null as the figures of docs/performance.md were counted."""
    return callgrind([binary, "-j1", "--format", "jsonl", "--no-progress", "-o", "/dev/null"],
                     pgn, work)


def reader_floor(pgn, work):
    """Instructions of one parse_games over the text in memory, as the audit reads it."""
    return callgrind([PGN_COUNT, "--read-once"], pgn, work, ["--toggle-collect=*parse_games*"])[0]


def millions(n):
    return f"{n / 1e6:,.1f}M"


def main():
    for tool in ("valgrind", "callgrind_annotate", "zstd"):
        if shutil.which(tool) is None:
            sys.exit(f"bench_instructions.py: {tool} not found (scripts/deps.sh bench)")
    for binary in [DRAWAUDIT, PGN_COUNT] + ([BASELINE] if BASELINE else []):
        if not os.access(binary, os.X_OK):
            sys.exit(f"bench_instructions.py: {binary} is not an executable")
    builds = [("this build", DRAWAUDIT)] + ([("baseline", BASELINE)] if BASELINE else [])
    with tempfile.TemporaryDirectory(prefix="drawaudit-instructions-") as work:
        inputs = prepare_inputs(work)
        print("instructions: callgrind, drawaudit -j1 --format jsonl --no-progress -o /dev/null, "
              "whole process")
        if BASELINE:
            print(f"baseline: {BASELINE}")
        results = {}
        for label, pgn in inputs:
            plies = half_moves(DRAWAUDIT, pgn, work)
            counts = {name: count(binary, pgn, work) for name, binary in builds}
            results[label] = (plies, counts)
            line = (f"  {label:22} {plies:>10,} half-moves  this build {millions(counts['this build'][0]):>10}"
                    f"  {counts['this build'][0] / plies:6.1f} a half-move")
            if BASELINE:
                before = counts["baseline"][0]
                after = counts["this build"][0]
                line += (f"  baseline {millions(before):>10}  {before / plies:6.1f}"
                         f"  change {100.0 * (after - before) / before:+.2f}%")
            print(line, flush=True)
            floor = reader_floor(pgn, work)
            line = (f"  {'':22} the reader alone {millions(floor):>10}  {floor / plies:6.1f} a "
                    f"half-move: the audit takes {counts['this build'][0] / floor:.2f}x its floor")
            if BASELINE:
                line += f" (baseline {counts['baseline'][0] / floor:.2f}x)"
            print(line, flush=True)
        for label, (plies, counts) in results.items():
            print(f"where they go on {label} (self cost, the {TOP} largest of this build):")
            functions = counts["this build"][1]
            header = f"  {'function':56} {'this build':>11} {'a half-move':>11}"
            print(header + (f" {'baseline':>11} {'change':>8}" if BASELINE else ""))
            for name, value in sorted(functions.items(), key=lambda kv: -kv[1])[:TOP]:
                line = f"  {name:56} {millions(value):>11} {value / plies:11.1f}"
                if BASELINE:
                    before = counts["baseline"][1].get(name, 0)
                    line += f" {millions(before):>11} {millions(value - before):>8}"
                print(line)


if __name__ == "__main__":
    main()
