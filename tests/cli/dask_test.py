#!/usr/bin/python3
"""scripts/dask-audit.py as users run it: a `dask scheduler` and two `dask worker` processes on
127.0.0.1 (free ports), the driver over ../shared/corpus/draws/ and large/, each report compared
with one local run; one case kills a worker in the middle of a run and still gets the identical
report; a second run over --parts-dir whose shards all fail does not merge the first run's parts.
Every process the test starts is stopped by its pid at the end, also on failure.

    dask_test.py --binary BUILD/app/drawaudit --root REPO [CASE...]
"""

import argparse
import importlib.util
import os
import re
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time

DRAWS = "../shared/corpus/draws"
LARGE = "../shared/corpus/large"
LARGE_FILE = "../shared/corpus/large/pgnmentor-players-239.pgn.zst"
DRIVER = "scripts/dask-audit.py"
SKIP = 77  # ctest: skipped


class Failure(Exception):
    pass


def check(condition, message):
    if not condition:
        raise Failure(message)


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def without_seconds(text):
    return re.sub(rb'"seconds":[0-9.eE+-]+', b'"seconds":0', text)


def dask_command(subcommand):
    """`dask scheduler` / `dask worker` (Debian: /usr/bin/dask), or the older dask-scheduler."""
    if shutil.which("dask"):
        return ["dask", subcommand]
    legacy = shutil.which(f"dask-{subcommand}")
    check(legacy is not None, f"neither `dask {subcommand}` nor dask-{subcommand}: install "
          "python3-distributed (scripts/deps.sh)")
    return [legacy]


class Cluster:
    """The scheduler and the workers, each a process of ours, stopped by pid."""

    def __init__(self, scratch):
        self.scratch = scratch
        self.processes = {}
        self.port = free_port()
        self.address = f"tcp://127.0.0.1:{self.port}"

    def start(self, name, command):
        log = open(os.path.join(self.scratch, f"{name}.log"), "wb")
        process = subprocess.Popen(command, stdout=log, stderr=subprocess.STDOUT,
                                   start_new_session=True)
        log.close()
        self.processes[name] = process
        return process

    def start_all(self, workers=2):
        self.start("scheduler", dask_command("scheduler") + [
            "--host", "127.0.0.1", "--port", str(self.port), "--no-dashboard",
            "--idle-timeout", "900"])
        for i in range(workers):
            # No nanny: the pid is the worker itself, so killing it loses the worker.
            self.start(f"worker{i}", dask_command("worker") + [
                self.address, "--host", "127.0.0.1", "--nthreads", "1", "--no-nanny",
                "--no-dashboard", "--name", f"worker{i}", "--memory-limit", "0",
                "--death-timeout", "120", "--local-directory",
                os.path.join(self.scratch, f"worker{i}")])
        from distributed import Client
        with Client(self.address, timeout=120) as client:
            client.wait_for_workers(workers, timeout=120)

    def log(self, name):
        with open(os.path.join(self.scratch, f"{name}.log"), "rb") as f:
            return f.read().decode(errors="replace")[-3000:]

    def stop(self):
        for process in self.processes.values():
            if process.poll() is None:
                process.send_signal(signal.SIGTERM)
        deadline = time.monotonic() + 20
        for process in self.processes.values():
            try:
                process.wait(timeout=max(0.1, deadline - time.monotonic()))
            except subprocess.TimeoutExpired:
                process.kill()
                process.wait()


class Test:
    def __init__(self, binary, root, scratch, cluster):
        self.binary, self.root, self.scratch, self.cluster = binary, root, scratch, cluster

    def local(self, fmt, inputs):
        completed = subprocess.run([self.binary, "--format", fmt, "--no-progress", "-j", "2",
                                    *inputs], cwd=self.root, capture_output=True, timeout=900)
        check(completed.returncode in (0, 1), f"local run over {inputs}: exit "
              f"{completed.returncode}\n{completed.stderr.decode(errors='replace')}")
        return completed

    def driver_command(self, fmt, output, shards, inputs, extra=()):
        return ["/usr/bin/python3", DRIVER, "--scheduler", self.cluster.address, "--binary",
                self.binary, "--shards", str(shards), "--format", fmt, "-o", output,
                "--no-progress", *extra, *inputs]

    def compare(self, fmt, inputs, shards, name):
        output = os.path.join(self.scratch, f"{name}.{fmt}")
        start = time.monotonic()
        completed = subprocess.run(self.driver_command(fmt, output, shards, inputs),
                                   cwd=self.root, capture_output=True, timeout=1200)
        seconds = time.monotonic() - start
        local = self.local(fmt, inputs)
        check(completed.returncode == local.returncode,
              f"driver over {inputs}: exit {completed.returncode}, local {local.returncode}\n"
              f"{completed.stderr.decode(errors='replace')[-3000:]}")
        with open(output, "rb") as f:
            merged = f.read()
        check(without_seconds(merged) == without_seconds(local.stdout),
              f"driver over {inputs} (--format {fmt}, {shards} shards) differs from a local run")
        print(f"ok {name}: {shards} shards, --format {fmt}, {seconds:.1f} s", flush=True)

    def kill_worker_midway(self):
        """Kills worker0 once the first parts are in: its shards run again on worker1, and the
        report is still the local run's."""
        plain = os.path.join(self.scratch, "large.pgn")
        subprocess.run(["zstd", "-q", "-d", "-f", os.path.join(self.root, LARGE_FILE), "-o", plain],
                       check=True)
        parts = os.path.join(self.scratch, "kill-parts")
        output = os.path.join(self.scratch, "kill.jsonl")
        shards = 16
        driver = subprocess.Popen(self.driver_command("jsonl", output, shards, [plain],
                                                      ["--parts-dir", parts]),
                                  cwd=self.root, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
        try:
            deadline = time.monotonic() + 600
            while time.monotonic() < deadline and driver.poll() is None:
                done = [n for n in os.listdir(parts) if n.endswith(".jsonl")] if os.path.isdir(
                    parts) else []
                if len(done) >= 2:
                    break
                time.sleep(0.05)
            check(driver.poll() is None and len(done) < shards,
                  f"the run ended before a worker could be killed ({len(done)} parts)")
            victim = self.cluster.processes["worker0"]
            victim.kill()
            victim.wait()
            print(f"killed worker0 (pid {victim.pid}) with {len(done)} of {shards} parts written",
                  flush=True)
            _, stderr = driver.communicate(timeout=1200)
        finally:
            if driver.poll() is None:
                driver.kill()
                driver.wait()
        local = self.local("jsonl", [plain])
        check(driver.returncode == local.returncode,
              f"driver after the kill: exit {driver.returncode}, local {local.returncode}\n"
              f"{stderr.decode(errors='replace')[-3000:]}")
        with open(output, "rb") as f:
            check(without_seconds(f.read()) == without_seconds(local.stdout),
                  "the report after a worker was killed differs from a local run")
        check(self.cluster.processes["worker1"].poll() is None, "worker1 died too")
        print("ok kill-worker: identical report", flush=True)

    def stale_parts_not_merged(self):
        """--parts-dir: a second run whose every shard fails (a usage error) does not merge the
        parts the first run left there: exit 2, the failed shards named, no report written."""
        parts = os.path.join(self.scratch, "stale-parts")
        inputs = [os.path.join(DRAWS, "pgnmentor-fifty-move.pgn")]
        first = os.path.join(self.scratch, "stale-first.jsonl")
        completed = subprocess.run(self.driver_command("jsonl", first, 2, inputs,
                                                       ["--parts-dir", parts]),
                                   cwd=self.root, capture_output=True, timeout=600)
        check(completed.returncode in (0, 1) and os.path.exists(first),
              f"the first run: exit {completed.returncode}\n"
              f"{completed.stderr.decode(errors='replace')[-3000:]}")
        second = os.path.join(self.scratch, "stale-second.jsonl")
        completed = subprocess.run(self.driver_command("jsonl", second, 2, inputs,
                                                       ["--parts-dir", parts, "--laws", "1900"]),
                                   cwd=self.root, capture_output=True, timeout=600)
        stderr = completed.stderr.decode(errors="replace")
        check(completed.returncode == 2, f"a run whose shards all failed: exit "
              f"{completed.returncode}\n{stderr[-3000:]}")
        check("shards 1/2, 2/2 failed" in stderr, f"the failed shards are not named:\n{stderr}")
        check("ignoring 2 part(s) of earlier runs" in stderr,
              f"the earlier run's parts are not said to be ignored:\n{stderr}")
        check(not os.path.exists(second), "a run whose shards failed wrote a report")
        print("ok stale-parts: not merged, exit 2", flush=True)


CASES = {
    "draws-jsonl": lambda test: test.compare("jsonl", [DRAWS], 5, "draws"),
    "draws-sarif": lambda test: test.compare("sarif", [DRAWS], 3, "draws"),
    # The merge reads the games' text back from the shared inputs (compressed ones too).
    "draws-pgn": lambda test: test.compare("pgn", [DRAWS], 4, "draws"),
    "draws-html": lambda test: test.compare("html", [DRAWS], 2, "draws"),
    "large-jsonl": lambda test: test.compare("jsonl", [LARGE], 3, "large"),
    "kill-worker": lambda test: test.kill_worker_midway(),
    "stale-parts": lambda test: test.stale_parts_not_merged(),
}


def main():
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--binary", required=True)
    parser.add_argument("--root", required=True)
    parser.add_argument("cases", nargs="*", metavar="CASE",
                        help=f"the cases to run (default: all): {', '.join(CASES)}")
    args = parser.parse_args()
    unknown = [name for name in args.cases if name not in CASES]
    if unknown:
        parser.error(f"unknown cases {unknown}")
    # ASan's leak checker cannot run under ptrace-restricted sandboxes (as in cli_test.py); the
    # workers and the shards' drawaudit inherit this.
    os.environ.setdefault("ASAN_OPTIONS", "detect_leaks=0")
    root = os.path.abspath(args.root)
    binary = os.path.abspath(args.binary)
    # What this machine lacks is a skip (exit 77, SKIP_RETURN_CODE in tests/cli/CMakeLists.txt)
    # with its reason, never a pass that tested nothing.
    if not os.path.isdir(os.path.join(root, DRAWS)):
        print(f"skipped: needs {os.path.normpath(os.path.join(root, DRAWS))}, the shared corpus "
              "beside the checkout (absent in a bare clone)")
        return SKIP
    if importlib.util.find_spec("distributed") is None or not (
            shutil.which("dask") or shutil.which("dask-scheduler")):
        print("skipped: Dask distributed is not installed (python3-distributed; scripts/deps.sh test)")
        return SKIP
    scratch = tempfile.mkdtemp(prefix="drawaudit-dask-test-")
    cluster = Cluster(scratch)
    try:
        cluster.start_all()
        test = Test(binary, root, scratch, cluster)
        for name in args.cases or CASES:
            CASES[name](test)
    except Failure as failure:
        print(f"FAIL: {failure}", file=sys.stderr)
        for name in cluster.processes:
            print(f"--- {name} log:\n{cluster.log(name)}", file=sys.stderr)
        return 1
    finally:
        cluster.stop()
        shutil.rmtree(scratch, ignore_errors=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
