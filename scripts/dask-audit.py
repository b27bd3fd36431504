#!/usr/bin/python3
"""Runs drawaudit over Dask distributed: one task per shard, then `drawaudit merge`.

    dask-audit.py [--scheduler ADDRESS] [--shards N] [drawaudit options] PATH...

Each task runs the drawaudit binary on its shard (`--shard K/N --format jsonl`) and writes its part
to a directory all workers and this script can reach; the parts are then merged into the report
one run would have written, in the --format asked for (to -o FILE or standard output). The
inputs, the binary and the parts directory must be on a filesystem the workers share (paths are
made absolute, tasks run in this script's working directory, so relative input names in the report
are those of a local run). A task that fails is retried (--retries); a task whose worker is lost is
run again elsewhere by the scheduler; a part is written atomically, so the result is the same.

Without --scheduler, a local cluster is started on 127.0.0.1 (one single-threaded worker per core)
and stopped at the end. Options the script does not know are passed to every shard (e.g. --laws,
--only, --min-moves-before-agreement, --duplicates, -j); --format, -o, --fail-on, --all-games,
--color, --lang and --html-max-games go to the merge. Each shard runs with -j 1 unless -j is given:
the cluster's workers are the parallelism. --format pgn and html make the merge read the games'
text again from the inputs, which must not change while the script runs.

Each run names its parts with its own run id (part-RUN-K-of-N.jsonl) and merges only those, each
checked to be shard K/N before the merge: parts an earlier run left in --parts-dir are never
merged (they are named as ignored). Any shard that fails after its retries stops the run before
the merge: no report, the failed shards named, exit 2. --format pgn and html let the merge read
again only the inputs given on the command line (drawaudit merge --inputs-from).

Needs Debian's python3-distributed (scripts/deps.sh). Exit status: that of drawaudit merge (0, 1
for findings at or above --fail-on, 2 for an error), 2 when a shard cannot be audited.
"""

import argparse
import glob
import json
import os
import shutil
import signal
import subprocess
import sys
import tempfile
import time
import uuid

HERE = os.path.dirname(os.path.abspath(__file__))


def default_binary(environ=os.environ, root=os.path.join(HERE, "..")):
    """$DRAWAUDIT, else a drawaudit on PATH (an installed one), else the checkout's builds: the
    release preset's, then the one scripts/run.sh builds (the README's first command)."""
    candidates = [environ.get("DRAWAUDIT"), shutil.which("drawaudit", path=environ.get("PATH"))]
    candidates += [os.path.join(root, "build", preset, "app", "drawaudit")
                   for preset in ("release", "run")]
    for candidate in candidates:
        if candidate and os.path.isfile(candidate) and os.access(candidate, os.X_OK):
            return os.path.abspath(candidate)
    return None


def die_with_parent():
    """In the task's drawaudit: end when the worker that started it dies (a lost worker's shard
    is run again elsewhere; its old run must not go on)."""
    try:
        import ctypes
        PR_SET_PDEATHSIG = 1
        ctypes.CDLL("libc.so.6", use_errno=True).prctl(PR_SET_PDEATHSIG, signal.SIGKILL)
    except OSError:
        pass


def audit_shard(binary, cwd, shard_args, k, n, part):
    """One Dask task: drawaudit on shard k of n, its part written to `part` (atomically, by -o).
    Returns (k, exit code, stderr); raises when no part was written, so that Dask retries it."""
    command = [binary, "--format", "jsonl", "--no-progress", "--shard", f"{k}/{n}", "-o", part,
               *shard_args]
    completed = subprocess.run(command, cwd=cwd, capture_output=True, preexec_fn=die_with_parent)
    stderr = completed.stderr.decode(errors="replace")
    # 0 and 1: findings or none; 2 with a part: an input could not be read (the part says so and
    # the merge reports it as the run would). Anything else: no usable part.
    if completed.returncode not in (0, 1, 2) or not os.path.exists(part):
        raise RuntimeError(f"shard {k}/{n} on {os.uname().nodename}: drawaudit exit "
                           f"{completed.returncode}: {stderr.strip()[-2000:]}")
    return k, completed.returncode, stderr


def parse_arguments(argv):
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter,
        allow_abbrev=False, usage="%(prog)s [--scheduler ADDRESS] [--shards N] [drawaudit options] "
        "PATH...")
    driver = parser.add_argument_group("driver")
    driver.add_argument("--scheduler", metavar="ADDRESS",
                        help="Dask scheduler (e.g. tcp://10.0.0.5:8786); default: a local cluster")
    driver.add_argument("--shards", type=int, metavar="N",
                        help="number of shards (default: twice the workers' threads)")
    driver.add_argument("--binary", default=default_binary(),
                        help="the drawaudit binary, on the shared filesystem (default: $DRAWAUDIT, "
                        "drawaudit on PATH, build/release/app/drawaudit or build/run/app/drawaudit, "
                        "which scripts/run.sh builds)")
    driver.add_argument("--parts-dir", metavar="DIR",
                        help="where the parts go (shared; default: a new directory in the working "
                        "directory, removed at the end)")
    driver.add_argument("--keep-parts", action="store_true", help="keep the parts directory")
    driver.add_argument("--retries", type=int, default=3, help="retries of a failed task (default 3)")
    driver.add_argument("--workers", type=int, default=os.cpu_count() or 1,
                        help="workers of the local cluster (default: one per core)")
    merge = parser.add_argument_group("report (passed to drawaudit merge)")
    merge.add_argument("--format", default="text",
                       choices=["text", "jsonl", "csv", "sarif", "github", "pgn", "html", "stats",
                                "games-csv"])
    merge.add_argument("-o", "--output")
    merge.add_argument("--fail-on")
    merge.add_argument("--all-games", action="store_true")
    merge.add_argument("--color")
    merge.add_argument("--lang")
    merge.add_argument("--html-max-games")
    merge.add_argument("--progress", dest="progress", action="store_true", default=None)
    merge.add_argument("--no-progress", dest="progress", action="store_false")
    args, shard_args = parser.parse_known_args(argv)
    if not shard_args:
        parser.error("no input: give PGN files or directories")
    if "-" in shard_args:
        parser.error("standard input cannot be read by remote workers: give files")
    if args.binary is None:
        parser.error("no drawaudit binary found ($DRAWAUDIT, PATH, build/release, build/run): "
                     "build one with scripts/run.sh or give --binary PATH")
    if not any(a in ("-j", "--jobs") or a.startswith(("--jobs=", "-j")) for a in shard_args):
        shard_args = ["-j", "1", *shard_args]
    return args, shard_args


def part_name(run, k, n):
    """This run's part K/N: the run id keeps an earlier run's parts out of this run's merge."""
    return f"part-{run}-{k}-of-{n}.jsonl"


def earlier_parts(parts_dir, run):
    """The parts in the directory that this run did not write (an earlier run's, or another's)."""
    return sorted(path for path in glob.glob(os.path.join(glob.escape(parts_dir), "part-*.jsonl"))
                  if not os.path.basename(path).startswith(f"part-{run}-"))


def part_problem(path, k, n):
    """Why `path` is not this run's shard K/N, or None: it must exist and open with its shard
    record (checked before the merge, which would otherwise be given a stale or foreign part)."""
    try:
        with open(path, "rb") as f:
            header = json.loads(f.readline())
    except (OSError, ValueError) as error:
        return f"{path}: not a part ({error})"
    if not isinstance(header, dict) or header.get("type") != "shard" or \
            header.get("shard") != k or header.get("of") != n:
        return f"{path}: not shard {k}/{n}"
    return None


def input_paths(shard_args):
    """The inputs given on the command line (the arguments that name existing files or
    directories), which the merge may read again for --format pgn and html."""
    return [arg for arg in shard_args if not arg.startswith("-") and os.path.exists(arg)]


class Progress:
    def __init__(self, enabled, total):
        self.enabled, self.total, self.done, self.start = enabled, total, 0, time.monotonic()
        self.terminal = sys.stderr.isatty()

    def part_done(self, k):
        self.done += 1
        if self.enabled:
            end = "\n" if self.done == self.total or not self.terminal else ""
            start = "\r" if self.terminal else ""
            print(f"{start}dask-audit: {self.done}/{self.total} shards done (last {k}), "
                  f"{time.monotonic() - self.start:.1f} s", end=end, file=sys.stderr, flush=True)


def main(argv):
    args, shard_args = parse_arguments(argv)
    from distributed import Client, LocalCluster, as_completed

    cluster = None
    if args.scheduler:
        client = Client(args.scheduler)
    else:
        # Only on the loopback interface: nothing reachable from elsewhere.
        cluster = LocalCluster(n_workers=args.workers, threads_per_worker=1, host="127.0.0.1",
                               dashboard_address=None, processes=True)
        client = Client(cluster)
    parts_dir = args.parts_dir or tempfile.mkdtemp(prefix=".drawaudit-parts-", dir=os.getcwd())
    os.makedirs(parts_dir, exist_ok=True)
    parts_dir = os.path.abspath(parts_dir)
    try:
        threads = sum(client.nthreads().values()) or 1
        n = args.shards or 2 * threads
        run = uuid.uuid4().hex[:12]
        parts = [os.path.join(parts_dir, part_name(run, k, n)) for k in range(1, n + 1)]
        stale = earlier_parts(parts_dir, run)
        if stale:
            print(f"dask-audit: ignoring {len(stale)} part(s) of earlier runs in {parts_dir} "
                  f"(e.g. {os.path.basename(stale[0])}): this run merges only its own",
                  file=sys.stderr)
        futures = [client.submit(audit_shard, args.binary, os.getcwd(), shard_args, k, n,
                                 parts[k - 1], key=f"drawaudit-shard-{k}-of-{n}-{run}", pure=False,
                                 retries=args.retries)
                   for k in range(1, n + 1)]
        progress = Progress(sys.stderr.isatty() if args.progress is None else args.progress, n)
        failed = []
        shard_of = {future.key: k for k, future in enumerate(futures, 1)}
        for future in as_completed(futures):
            try:
                k, _, stderr = future.result()
            except Exception as error:  # after its retries
                print(f"dask-audit: {error}", file=sys.stderr)
                failed.append(shard_of[future.key])
                continue
            sys.stderr.write(stderr)  # what drawaudit said about the inputs (unreadable files)
            progress.part_done(k)
        # Every part merged must be the one this run's shard wrote.
        for k, part in enumerate(parts, 1):
            problem = None if k in failed else part_problem(part, k, n)
            if problem:
                print(f"dask-audit: shard {k}/{n}: {problem}", file=sys.stderr)
                failed.append(k)
        if failed:
            names = ", ".join(f"{k}/{n}" for k in sorted(failed))
            print(f"dask-audit: shard{'s' if len(failed) > 1 else ''} {names} failed: no report "
                  "written", file=sys.stderr)
            return 2
        command = [args.binary, "merge", "--format", args.format]
        if args.format in ("pgn", "html"):
            for path in input_paths(shard_args):
                command += ["--inputs-from", path]
        if args.output:
            command += ["-o", args.output]
        if args.fail_on:
            command += ["--fail-on", args.fail_on]
        if args.all_games:
            command.append("--all-games")
        if args.color:
            command += ["--color", args.color]
        if args.lang:
            command += ["--lang", args.lang]
        if args.html_max_games:
            command += ["--html-max-games", args.html_max_games]
        return subprocess.run(command + parts).returncode
    finally:
        client.close()
        if cluster is not None:
            cluster.close()
        if not args.keep_parts and not args.parts_dir:
            shutil.rmtree(parts_dir, ignore_errors=True)


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
