#!/usr/bin/env python3
"""End-to-end tests of the drawaudit binary, one case per ctest test.

    cli_test.py --binary BUILD/app/drawaudit --root REPO CASE      run one case
    cli_test.py --binary ... --root ... --update golden            rewrite tests/cli/expected/

The binary always runs from the repository root with relative paths, so the outputs do not depend
on where the repository lives. Only the run time ("seconds") is normalised in the golden files.
"""

import argparse
import json
import os
import re
import shutil
import signal
import stat
import subprocess
import sys
import tempfile
import time

FORMATS = ["text", "jsonl", "csv", "sarif", "github", "pgn"]
SAMPLES = "sample_pgns"
TWIC = "../shared/corpus/twic/twic0920.pgn"
LARGE = "../shared/corpus/large/pgnmentor-players-239.pgn.zst"
ODD = "../shared/corpus/odd"
FIXTURES = "tests/cli/fixtures"
EXPECTED = "tests/cli/expected"
PGN_EXTRACT = "/usr/games/pgn-extract"


class Failure(Exception):
    pass


def check(condition, message):
    if not condition:
        raise Failure(message)


class Runner:
    def __init__(self, binary, root):
        self.binary = os.path.abspath(binary)
        self.root = os.path.abspath(root)

    def run(self, *args, cwd=None, stdin=None, env_extra=None):
        env = dict(os.environ)
        env.pop("NO_COLOR", None)
        # ASan's leak checker cannot run under ptrace-restricted sandboxes; the unit tests cover it.
        env.setdefault("ASAN_OPTIONS", "detect_leaks=0")
        if env_extra:
            env.update(env_extra)
        completed = subprocess.run([self.binary, *args], cwd=cwd or self.root, input=stdin,
                                   capture_output=True, env=env, timeout=600)
        return completed

    def expect_exit(self, expected, *args, **kwargs):
        completed = self.run(*args, **kwargs)
        check(completed.returncode == expected,
              f"drawaudit {' '.join(args)}: exit {completed.returncode}, expected {expected}\n"
              f"stderr: {completed.stderr.decode(errors='replace')[:2000]}")
        return completed


def normalise(text, root):
    text = re.sub(r'"seconds":[0-9.eE+-]+', '"seconds":0', text)
    text = re.sub(r"plies in [0-9.]+ s\.", "plies in 0.00 s.", text)
    return text.replace(root + "/", "")


def golden_args(fmt):
    return ["--format", fmt, "--no-progress", "-j", "2", SAMPLES]


def golden_path(runner, fmt):
    return os.path.join(runner.root, EXPECTED, f"sample_pgns.{fmt}")


def run_golden(runner, fmt):
    completed = runner.run(*golden_args(fmt))
    check(completed.returncode in (0, 1),
          f"--format {fmt}: exit {completed.returncode}\n{completed.stderr.decode(errors='replace')}")
    check(completed.stderr == b"", f"--format {fmt}: unexpected stderr:\n{completed.stderr.decode(errors='replace')}")
    return normalise(completed.stdout.decode("utf-8"), runner.root)


def case_golden(runner, fmt):
    actual = run_golden(runner, fmt)
    path = golden_path(runner, fmt)
    check(os.path.exists(path), f"{path} missing: run with --update golden")
    with open(path, encoding="utf-8", newline="") as f:
        expected = f.read()
    if actual != expected:
        import difflib
        diff = "".join(difflib.unified_diff(expected.splitlines(True), actual.splitlines(True),
                                            "expected", "actual", n=2))
        raise Failure(f"--format {fmt} differs from {path}:\n{diff[:6000]}")


def update_golden(runner):
    os.makedirs(os.path.join(runner.root, EXPECTED), exist_ok=True)
    for fmt in FORMATS:
        with open(golden_path(runner, fmt), "w", encoding="utf-8", newline="") as f:
            f.write(run_golden(runner, fmt))
        print(f"wrote {golden_path(runner, fmt)}")


def case_jsonl_valid(runner):
    """Every line is one JSON object; the records follow RULES.md's order and fields."""
    out = runner.run("--format", "jsonl", "--no-progress", SAMPLES).stdout.decode("utf-8")
    lines = out.splitlines()
    check(lines, "no output")
    records = [json.loads(line) for line in lines]
    check(records[-1]["type"] == "summary", "summary is not last")
    finding_keys = {"type", "file", "game", "line", "column", "ply", "move", "rule", "route", "side",
                    "article", "severity", "laws", "message", "fen", "occurrences", "moves",
                    "halfmove_clock", "until_ply", "recorded", "expected", "extra_plies",
                    "duplicate_of", "fingerprint"}
    game_keys = {"type", "file", "game", "line", "white", "black", "event", "round", "date", "result",
                 "laws", "plies", "termination", "end_ply", "expected_result", "status", "findings"}
    pending = []
    games = 0
    for record in records[:-1]:
        if record["type"] == "finding":
            check(set(record) == finding_keys, f"finding keys {sorted(record)}")
            check(record["severity"] in ("info", "warning", "error"), f"severity {record['severity']}")
            check((record["route"] is None) == (record["rule"] not in ("threefold-claim", "fifty-move-claim")),
                  f"route of {record}")
            check((record["move"] is None) == (record["ply"] == 0) or record["rule"] in
                  ("parse-error", "bad-fen", "unsupported-variant", "result-mismatch", "result-conflict",
                   "early-agreement", "illegal-move", "null-move", "fen-repaired"),
                  f"move null only at ply 0: {record}")
            pending.append(record)
        else:
            check(record["type"] == "game", f"unknown record {record}")
            check(set(record) == game_keys, f"game keys {sorted(record)}")
            check(record["findings"] == len(pending), f"game {record['game']}: findings count")
            for finding in pending:
                check((finding["file"], finding["game"]) == (record["file"], record["game"]),
                      "a finding is not followed by its game record")
            pending = []
            games += 1
    check(not pending, "findings after the last game record")
    check(records[-1]["games"] == games, "summary games")


def case_sarif_structure(runner):
    completed = runner.run("--format", "sarif", "--no-progress", SAMPLES)
    log = json.loads(completed.stdout)
    check(log["version"] == "2.1.0", "version")
    check(log["$schema"].endswith("sarif-2.1.0.json"), "$schema")
    check(len(log["runs"]) == 1, "one run")
    run = log["runs"][0]
    driver = run["tool"]["driver"]
    for key in ("name", "version", "informationUri", "rules"):
        check(key in driver, f"driver.{key}")
    rule_ids = [rule["id"] for rule in driver["rules"]]
    check(len(rule_ids) == len(set(rule_ids)), "duplicate rule ids")
    for rule in driver["rules"]:
        for key in ("id", "name", "shortDescription", "fullDescription", "help"):
            check(key in rule, f"rule {rule.get('id')}: {key}")
        check(rule["shortDescription"]["text"] and rule["help"]["text"], f"rule {rule['id']}: empty text")
    check(isinstance(run["results"], list) and run["results"], "results")
    check(run["invocations"][0]["executionSuccessful"] is True, "executionSuccessful")
    partial = json.loads(runner.run("--format", "sarif", "--no-progress", f"{FIXTURES}/clean.pgn",
                                    "tests/cli/fixtures/missing.pgn").stdout)
    check(partial["runs"][0]["invocations"][0]["executionSuccessful"] is False,
          "executionSuccessful with an unreadable input")
    fingerprints = set()
    for result in run["results"]:
        check(driver["rules"][result["ruleIndex"]]["id"] == result["ruleId"], "ruleIndex")
        check(result["level"] in ("error", "warning", "note"), "level")
        check(result["message"]["text"], "message")
        location = result["locations"][0]["physicalLocation"]
        uri = location["artifactLocation"]["uri"]
        check(not uri.startswith("/") and "://" not in uri, f"uri {uri} is not relative")
        check(os.path.exists(os.path.join(runner.root, uri)), f"uri {uri} does not exist")
        check(location["region"]["startLine"] >= 1, "startLine")
        check(location["region"].get("startColumn", 1) >= 1, "startColumn")
        fingerprint = result["partialFingerprints"]["drawauditFinding/v2"]
        check(re.fullmatch(r"[0-9a-f]{16}", fingerprint), "fingerprint format")
        check(fingerprint not in fingerprints, f"fingerprint {fingerprint} twice")
        fingerprints.add(fingerprint)


def case_exit_codes(runner):
    clean = f"{FIXTURES}/clean.pgn"
    warning = f"{FIXTURES}/warning-only.pgn"
    illegal = f"{FIXTURES}/illegal-move.pgn"
    # The text report is formatted by the ordered stage, JSON Lines and CSV by the workers: each
    # way must find the worst severity after the filters.
    for fmt in ("text", "jsonl", "csv"):
        quiet = ("--no-progress", "--format", fmt)
        runner.expect_exit(0, *quiet, clean)
        runner.expect_exit(1, *quiet, illegal)
        runner.expect_exit(0, *quiet, "--fail-on", "never", illegal)
        runner.expect_exit(0, *quiet, "--ignore", "illegal-move", illegal)
        runner.expect_exit(0, *quiet, warning)
        runner.expect_exit(1, *quiet, "--fail-on", "warning", warning)
        runner.expect_exit(1, *quiet, "--fail-on", "info", warning)
        runner.expect_exit(0, *quiet, "--fail-on", "warning", "--ignore", "early-agreement", warning)
        runner.expect_exit(1, *quiet, "--severity", "early-agreement=error", warning)
    runner.expect_exit(0, "--help")
    runner.expect_exit(0, "--version")
    runner.expect_exit(2, "--no-such-option", clean)
    runner.expect_exit(2, "--format", "xml", clean)
    runner.expect_exit(2, "--only", "no-such-rule", clean)
    runner.expect_exit(2, "--severity", "threefold-claim=fatal", clean)
    runner.expect_exit(2, "-j", "0", clean)
    runner.expect_exit(2)  # no input
    runner.expect_exit(2, "--config", "tests/cli/fixtures/no-such.toml", clean)


def case_unreadable_input(runner):
    """A missing file among good ones: named on stderr, the others still audited, exit 2."""
    completed = runner.expect_exit(2, "--format", "jsonl", "--no-progress", f"{FIXTURES}/clean.pgn",
                                   "tests/cli/fixtures/missing.pgn", f"{FIXTURES}/warning-only.pgn")
    stderr = completed.stderr.decode()
    check("tests/cli/fixtures/missing.pgn" in stderr, f"stderr does not name the file: {stderr}")
    games = [json.loads(line) for line in completed.stdout.decode().splitlines()]
    files = [g["file"] for g in games if g["type"] == "game"]
    check(files == [f"{FIXTURES}/clean.pgn", f"{FIXTURES}/warning-only.pgn"], f"games from {files}")
    check(games[-1]["type"] == "summary" and games[-1]["files"] == 2, "summary")
    # An unreadable directory entry works the same way, and so does a corrupt compressed file.
    with tempfile.TemporaryDirectory() as scratch:
        corrupt = os.path.join(scratch, "corrupt.pgn.zst")
        with open(corrupt, "wb") as f:
            f.write(b"\x28\xb5\x2f\xfd" + b"\x00garbage" * 10)
        completed = runner.expect_exit(2, "--format", "jsonl", "--no-progress", corrupt,
                                       f"{FIXTURES}/clean.pgn")
        check("corrupt.pgn.zst" in completed.stderr.decode(), "corrupt file not named")
        check(b'"file":"tests/cli/fixtures/clean.pgn"' in completed.stdout, "good file not audited")


def case_config_file(runner):
    options = ["--format", "jsonl", "--only", "threefold-claim,fifty-move-claim", "--severity",
               "threefold-claim=warning", "--fail-on", "warning", "--laws", "2023", "-j", "2",
               "--no-progress"]
    by_options = runner.run(*options, SAMPLES)
    by_config = runner.run("--config", f"{FIXTURES}/ci.toml", SAMPLES)
    check(by_options.returncode == by_config.returncode,
          f"exit {by_options.returncode} with options, {by_config.returncode} with the config file")
    check(normalise(by_options.stdout.decode(), runner.root) == normalise(by_config.stdout.decode(), runner.root),
          "the config file and the options give different output")
    check(b'"rule":"checkmate"' not in by_config.stdout, "--only from the config file not applied")
    # .drawaudit.toml in the current directory is read without --config; options still win.
    with tempfile.TemporaryDirectory() as scratch:
        shutil.copy(os.path.join(runner.root, FIXTURES, "ci.toml"), os.path.join(scratch, ".drawaudit.toml"))
        samples = os.path.join(scratch, "samples")
        shutil.copytree(os.path.join(runner.root, SAMPLES), samples)
        in_dir = runner.run("samples", cwd=scratch)
        direct = runner.run(*options, "samples", cwd=scratch)
        check(in_dir.stdout == direct.stdout or
              normalise(in_dir.stdout.decode(), scratch) == normalise(direct.stdout.decode(), scratch),
              ".drawaudit.toml not applied")
        overridden = runner.run("--format", "csv", "samples", cwd=scratch)
        check(overridden.stdout.startswith(b"file,game,"), "a command-line option does not override the config")


def case_jobs_identical(runner):
    """Byte-identical output for any -j, also with chunks far smaller than the input."""
    for fmt in ("jsonl", "csv", "text", "pgn"):
        outputs = {}
        for jobs, chunk in (("1", None), ("2", None), ("4", None), ("1", "16384"), ("3", "16384"), ("4", "4096")):
            args = ["--format", fmt, "--no-progress", "-j", jobs]
            if chunk:
                args += ["--chunk-bytes", chunk]
            completed = runner.run(*args, TWIC, SAMPLES)
            check(completed.returncode in (0, 1), f"exit {completed.returncode}: {completed.stderr.decode()}")
            outputs[(jobs, chunk)] = normalise(completed.stdout.decode("utf-8"), runner.root)
        reference = outputs[("1", None)]
        check(len(reference) > 1000, "suspiciously small output")
        for key, output in outputs.items():
            check(output == reference, f"--format {fmt}: -j {key[0]} --chunk-bytes {key[1]} differs from -j 1")


def split_games(text, parts):
    """Cuts PGN text into about `parts` pieces, each beginning at an [Event tag."""
    starts = [m.start() for m in re.finditer(rb"^\[Event ", text, re.M)]
    step = max(1, len(starts) // parts)
    cuts = starts[::step][1:parts] + [len(text)]
    pieces, begin = [], 0
    for cut in cuts:
        pieces.append(text[begin:cut])
        begin = cut
    return pieces


def compress(path, tool):
    subprocess.run([tool, "-q", "-f", path] + (["-3", "--rm"] if tool == "zstd" else []), check=True)


def make_many_files(runner, scratch):
    """A directory of many inputs of every kind: twic0920 cut into compressed and plain parts,
    the sample files, the odd corpus (over a hundred small files) and an empty file."""
    many = os.path.join(scratch, "many")
    os.makedirs(os.path.join(many, "twic"))
    with open(os.path.join(runner.root, TWIC), "rb") as f:
        pieces = split_games(f.read(), 6)
    for number, piece in enumerate(pieces):
        path = os.path.join(many, "twic", f"part{number}.pgn")
        with open(path, "wb") as f:
            f.write(piece)
        tool = ("zstd", "gzip", "bzip2", None)[number % 4]
        if tool:
            compress(path, tool)
    shutil.copytree(os.path.join(runner.root, SAMPLES), os.path.join(many, "samples"))
    shutil.copytree(os.path.join(runner.root, ODD), os.path.join(many, "odd"))
    open(os.path.join(many, "samples", "empty.pgn"), "wb").close()
    return many


def expanded_inputs(scratch):
    """The PGN files under scratch/many as drawaudit lists them: relative to scratch, sorted."""
    found = []
    for directory, _, names in os.walk(os.path.join(scratch, "many")):
        found += [os.path.relpath(os.path.join(directory, name), scratch) for name in names
                  if re.search(r"\.pgn(\.zst|\.gz|\.bz2)?$", name)]
    return sorted(found)


JOB_SETTINGS = (("1", None), ("1", "4096"), ("2", "4096"), ("3", "16384"), ("4", "4096"), ("4", None))


def run_jobs(runner, args, cwd):
    """The run at every -j / --chunk-bytes setting: {setting: completed process}."""
    runs = {}
    for jobs, chunk in JOB_SETTINGS:
        extra = ["--chunk-bytes", chunk] if chunk else []
        runs[(jobs, chunk)] = runner.run("--no-progress", "-j", jobs, *extra, *args, cwd=cwd)
    return runs


def check_game_order(records, files):
    """Game records come file by file in `files` order, each file's games numbered 1, 2, ..."""
    seen = []
    for record in records:
        if record["type"] != "game":
            continue
        if not seen or seen[-1][0] != record["file"]:
            check(record["file"] not in [name for name, _ in seen], f"{record['file']} comes twice")
            seen.append((record["file"], 0))
        name, count = seen[-1]
        check(record["game"] == count + 1, f"{name}: game {record['game']} after game {count}")
        seen[-1] = (name, count + 1)
    order = [name for name, _ in seen]
    check(order == [f for f in files if f in order], f"files out of order: {order[:10]}...")
    return dict(seen)


def case_many_files(runner):
    """A directory of many files, read concurrently: byte-identical output for any -j, in the
    order of the expanded paths, every game of every file."""
    with tempfile.TemporaryDirectory() as scratch:
        make_many_files(runner, scratch)
        expanded = expanded_inputs(scratch)
        for fmt in ("jsonl", "text"):
            runs = run_jobs(runner, ["--format", fmt, "many"], scratch)
            reference = runs[("1", None)]
            check(reference.returncode in (0, 1), f"exit {reference.returncode}: {reference.stderr.decode()[:2000]}")
            check(len(reference.stdout) > 100000, "suspiciously small output")
            check(b"could not be read" not in reference.stdout and not reference.stderr,
                  f"errors reported: {reference.stderr.decode()[:2000]}")
            for key, completed in runs.items():
                check(completed.returncode == reference.returncode, f"-j {key[0]}: exit {completed.returncode}")
                check(normalise(completed.stdout.decode(), scratch) == normalise(reference.stdout.decode(), scratch),
                      f"--format {fmt}: -j {key[0]} --chunk-bytes {key[1]} differs from -j 1")
            if fmt == "jsonl":
                records = [json.loads(line) for line in reference.stdout.decode().splitlines()]
                games = check_game_order(records, expanded)
                non_empty = [f for f in expanded if os.path.getsize(os.path.join(scratch, f)) > 0]
                check(sorted(games) == non_empty, f"{len(games)} of {len(non_empty)} non-empty files have games")
                summary = records[-1]
                check(summary["files"] == len(expanded), f"summary {summary}")
                check(summary["games"] == sum(games.values()), "summary games")
                # Each file alone gives the same game records as within the directory, but for the
                # fingerprints of games that an earlier file holds too (their occurrence number).
                fingerprint = re.compile(rb',"fingerprint":"[0-9a-f]{16}"')
                for name in ("many/twic/part0.pgn.zst", "many/twic/part3.pgn", "many/samples/threefold.pgn"):
                    alone = runner.run("--no-progress", "--format", "jsonl", name, cwd=scratch).stdout
                    within = [fingerprint.sub(b"", line) for line in reference.stdout.splitlines()
                              if f'"file":"{name}"'.encode() in line]
                    check([fingerprint.sub(b"", line) for line in alone.splitlines()[:-1]] == within,
                          f"{name}: records differ when read alone")


def case_unreadable_among_many(runner):
    """Unreadable and broken files between good ones, read concurrently: exit 2, each named on
    stderr in input order, the others audited, the same output for any -j."""
    with tempfile.TemporaryDirectory() as scratch:
        many = make_many_files(runner, scratch)
        # A zstd file cut off in the middle (some games, then an error), a corrupt one (an error
        # at once) and, when the permission check applies (not root), one that cannot be opened.
        with open(os.path.join(many, "twic", "part0.pgn.zst"), "rb") as f:
            whole = f.read()
        with open(os.path.join(many, "twic", "part0b-truncated.pgn.zst"), "wb") as f:
            f.write(whole[:len(whole) // 2])
        with open(os.path.join(many, "samples", "corrupt.pgn.zst"), "wb") as f:
            f.write(b"\x28\xb5\x2f\xfd" + b"\x00garbage" * 10)
        bad = ["many/samples/corrupt.pgn.zst", "many/twic/part0b-truncated.pgn.zst"]
        unopenable = 0
        if os.geteuid() != 0:
            unopenable = 1
            locked = os.path.join(many, "odd", "locked.pgn")
            shutil.copy(os.path.join(runner.root, FIXTURES, "clean.pgn"), locked)
            os.chmod(locked, 0)
            bad.insert(1, "many/odd/locked.pgn")
        runs = run_jobs(runner, ["--format", "jsonl", "many"], scratch)
        reference = runs[("1", "4096")]
        check(reference.returncode == 2, f"exit {reference.returncode}, expected 2")
        stderr = reference.stderr.decode()
        named = sorted((stderr.find(path), path) for path in bad)
        check(all(position >= 0 for position, _ in named), f"stderr does not name {bad}: {stderr}")
        check([path for _, path in named] == sorted(bad), f"errors not in input order: {stderr}")
        for key, completed in runs.items():
            check(completed.returncode == 2, f"-j {key[0]}: exit {completed.returncode}")
            # Games in the unfinished chunk before a read error are lost, so the output depends on
            # the chunk size here; only -j must not matter.
            same_chunks = runs[("1", key[1])] if key[1] != "16384" else runs[("3", key[1])]
            check(normalise(completed.stdout.decode(), scratch) == normalise(same_chunks.stdout.decode(), scratch),
                  f"-j {key[0]} --chunk-bytes {key[1]} differs from -j 1")
            check(completed.stderr == reference.stderr,
                  f"-j {key[0]} --chunk-bytes {key[1]}: stderr differs: {completed.stderr.decode()}")
        records = [json.loads(line) for line in reference.stdout.decode().splitlines()]
        games = check_game_order(records, expanded_inputs(scratch))
        check(games.get("many/twic/part0b-truncated.pgn.zst", 0) > 0, "no games before the cut")
        check(games["many/twic/part1.pgn.gz"] > 0 and games["many/samples/threefold.pgn"] > 0,
              "the files after the broken ones are not audited")
        check(records[-1]["files"] == len(expanded_inputs(scratch)) - unopenable, f"summary {records[-1]}")
        for jobs in ("1", "4"):
            text = runner.run("--no-progress", "-j", jobs, "many", cwd=scratch).stdout.decode()
            check(f"; {len(bad)} files could not be read" in text, f"-j {jobs}: summary {text[-300:]}")


def pgn_extract(path, scratch):
    """Game count and the error messages (without locations) pgn-extract gives for a file."""
    out = os.path.join(scratch, "extracted.pgn")
    completed = subprocess.run([PGN_EXTRACT, "-s", "-o", out, path], capture_output=True, timeout=600)
    games = 0
    with open(out, encoding="latin-1") as f:
        games = sum(1 for line in f if line.startswith("[Event "))
    stderr = re.sub(r"Games: \d+", "\n", completed.stderr.decode("latin-1"))  # its progress counter
    errors = [line for line in re.split(r"[\r\n]+", stderr)
              if line.strip() and not line.startswith("File ") and not line.startswith("Processing")]
    return games, errors


def case_pgn_readback(runner):
    check(os.path.exists(PGN_EXTRACT), f"{PGN_EXTRACT} not installed")
    with tempfile.TemporaryDirectory() as scratch:
        for source in (TWIC, SAMPLES):
            written = os.path.join(scratch, "written.pgn")
            completed = runner.run("--format", "pgn", "--no-progress", "-o", written, source)
            check(completed.returncode in (0, 1), f"exit {completed.returncode}: {completed.stderr.decode()}")
            with open(written, "rb") as f:
                text = f.read()
            check(b"{drawaudit: " in text, f"{source}: no comment written")
            if os.path.isdir(os.path.join(runner.root, source)):
                original = os.path.join(scratch, "original.pgn")
                with open(original, "wb") as out:
                    for name in sorted(os.listdir(os.path.join(runner.root, source))):
                        if name.endswith(".pgn"):
                            with open(os.path.join(runner.root, source, name), "rb") as f:
                                out.write(f.read() + b"\n\n")
            else:
                original = os.path.join(runner.root, source)
            original_games, original_errors = pgn_extract(original, scratch)
            written_games, written_errors = pgn_extract(written, scratch)
            check(written_games == original_games,
                  f"{source}: pgn-extract reads {written_games} games back, {original_games} from the input")
            check(len(written_errors) <= len(original_errors),
                  f"{source}: pgn-extract reports new errors on the written file:\n" +
                  "\n".join(e for e in written_errors if e not in original_errors)[:3000])
            if source == TWIC:
                check(not written_errors, f"pgn-extract errors: {written_errors[:20]}")


def leftovers(directory):
    return [name for name in os.listdir(directory) if ".drawaudit-" in name]


def case_atomic_output(runner):
    with tempfile.TemporaryDirectory() as scratch:
        target = os.path.join(scratch, "report.jsonl")
        direct = runner.run("--format", "jsonl", "--no-progress", SAMPLES)
        runner.expect_exit(1, "--format", "jsonl", "--no-progress", "-o", target, SAMPLES)
        with open(target, "rb") as f:
            check(normalise(f.read().decode(), runner.root) == normalise(direct.stdout.decode(), runner.root),
                  "-o output differs from standard output")
        check(not leftovers(scratch), f"temporary files left: {leftovers(scratch)}")
        check(oct(os.stat(target).st_mode & 0o777) != oct(0o600) or os.umask(0o022) == 0o077,
              "report file kept the temporary file's private mode")

        # An output that is one of the inputs (named, or found in a directory): exit 2 before
        # anything is read, the input untouched.
        game = os.path.join(scratch, "game.pgn")
        with open(os.path.join(runner.root, FIXTURES, "warning-only.pgn"), "rb") as f:
            original = f.read()
        with open(game, "wb") as f:
            f.write(original)
        for inputs in ([game], [scratch]):
            failed = runner.expect_exit(2, "--no-progress", "-o", game, *inputs)
            check(b"would replace it" in failed.stderr, f"no reason given: {failed.stderr[:500]}")
            with open(game, "rb") as f:
                check(f.read() == original, "the input file was replaced by the report")
        check(not leftovers(scratch), f"temporary files left: {leftovers(scratch)}")
        os.remove(game)

        # A device is written in place and stays a device; a failed write names its reason. A
        # copy of /dev/full in the scratch directory (root only), not /dev/full itself.
        full = os.path.join(scratch, "full")
        try:
            os.mknod(full, stat.S_IFCHR | 0o666, os.makedev(1, 7))
        except PermissionError:
            full = None
        if full:
            # The text report is formatted by the ordered stage, JSON Lines by the workers.
            for fmt in ("text", "jsonl"):
                failed = runner.expect_exit(2, "--no-progress", "--format", fmt, "-o", full, SAMPLES)
                check(b"cannot write the report: No space left on device" in failed.stderr,
                      f"--format {fmt}: no reason for the failed write: {failed.stderr[:500]}")
                check(stat.S_ISCHR(os.lstat(full).st_mode), "the device was replaced by a file")
            os.remove(full)

        # An output directory that does not exist: exit 2, nothing created.
        runner.expect_exit(2, "--no-progress", "-o", os.path.join(scratch, "no", "such", "dir.txt"), SAMPLES)

        # Ctrl-C during a run: exit 130, the old report untouched, no temporary file left. The
        # input is a pipe kept open, so the run cannot end on its own however fast it is (and the
        # reader, blocked in read(), must not keep the run from stopping).
        with open(target, "w") as f:
            f.write("previous report\n")
        with open(os.path.join(runner.root, TWIC), "rb") as f:
            twic = f.read()
        env = dict(os.environ, ASAN_OPTIONS="detect_leaks=0")
        process = subprocess.Popen([runner.binary, "--format", "jsonl", "--no-progress", "-o", target, "-"],
                                   cwd=runner.root, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                   stderr=subprocess.PIPE, env=env)
        process.stdin.write(twic)
        process.stdin.flush()
        time.sleep(1.5)
        check(process.poll() is None, "the run ended before it could be interrupted")
        check(leftovers(scratch), "no temporary file while writing")
        process.send_signal(signal.SIGINT)
        try:
            process.wait(timeout=30)
        except subprocess.TimeoutExpired:
            process.kill()
            raise Failure("did not stop within 30 s of SIGINT")
        finally:
            process.stdin.close()
        check(process.returncode == 130, f"exit {process.returncode} after SIGINT, expected 130")
        with open(target) as f:
            check(f.read() == "previous report\n", "the previous report was replaced")
        check(not leftovers(scratch), f"temporary files left after SIGINT: {leftovers(scratch)}")


def case_stdin(runner):
    with open(os.path.join(runner.root, FIXTURES, "warning-only.pgn"), "rb") as f:
        data = f.read()
    from_stdin = runner.expect_exit(0, "--format", "jsonl", "--no-progress", "-", stdin=data)
    check(b'"rule":"early-agreement"' in from_stdin.stdout and b'"file":"-"' in from_stdin.stdout,
          "standard input not audited")


def run_on_terminal(runner, args, env_extra):
    """Runs drawaudit with standard output on a pseudo-terminal; returns what it wrote there."""
    import pty
    leader, follower = pty.openpty()
    env = dict(os.environ, ASAN_OPTIONS="detect_leaks=0", **env_extra)
    if not env_extra:
        env.pop("NO_COLOR", None)
    process = subprocess.Popen([runner.binary, *args], cwd=runner.root, stdout=follower,
                               stderr=subprocess.DEVNULL, env=env)
    os.close(follower)
    output = b""
    while True:
        try:
            data = os.read(leader, 65536)
        except OSError:  # EIO once the process has closed the terminal
            break
        if not data:
            break
        output += data
    process.wait(timeout=60)
    os.close(leader)
    return output


def case_text_colour(runner):
    plain = runner.run("--format", "text", "--no-progress", SAMPLES).stdout
    check(b"\x1b[" not in plain, "colour written to a pipe")
    forced = runner.run("--format", "text", "--no-progress", "--color", "always", SAMPLES).stdout
    check(b"\x1b[" in forced, "--color always without colour")
    no_color = runner.run("--format", "text", "--no-progress", "--color", "auto", SAMPLES,
                          env_extra={"NO_COLOR": "1"}).stdout
    check(b"\x1b[" not in no_color, "NO_COLOR not respected")
    # On a terminal, auto means colour unless NO_COLOR is set.
    for no_color_set, expect_colour in ((False, True), (True, False)):
        on_terminal = run_on_terminal(runner, ["--format", "text", "--no-progress", f"{FIXTURES}/illegal-move.pgn"],
                                      {"NO_COLOR": "1"} if no_color_set else {})
        check((b"\x1b[" in on_terminal) == expect_colour,
              f"colour on a terminal with NO_COLOR {'set' if no_color_set else 'unset'}: {on_terminal[:200]!r}")
    forced_anyway = runner.run("--format", "text", "--no-progress", "--color", "always", SAMPLES,
                               env_extra={"NO_COLOR": "1"}).stdout
    check(b"\x1b[" in forced_anyway, "--color always must win over NO_COLOR")


def case_progress(runner):
    """--progress writes to stderr only: the report is the same as without it."""
    quiet = runner.run("--format", "jsonl", "--no-progress", "-j", "2", TWIC)
    loud = runner.run("--format", "jsonl", "--progress", "-j", "2", "--chunk-bytes", "4096", TWIC)
    check(normalise(quiet.stdout.decode(), runner.root) == normalise(loud.stdout.decode(), runner.root),
          "--progress changed the report")
    check(b"drawaudit: " not in loud.stdout, "progress text in the report")


def case_run_statistics(runner):
    """-v tells on stderr how many games went through, and each stage's CPU time; the report is the
    same as without it."""
    quiet = runner.run("--format", "jsonl", "--no-progress", "-j", "2", TWIC)
    verbose = runner.run("--format", "jsonl", "--no-progress", "-v", "-j", "2", TWIC)
    check(normalise(quiet.stdout.decode(), runner.root) == normalise(verbose.stdout.decode(), runner.root),
          "-v changed the report")
    err = verbose.stderr.decode()
    games = re.search(r"info: (\d+) games \((\d+) plies", err)
    check(games is not None, f"no run statistics line in: {err!r}")
    summary = json.loads(quiet.stdout.decode().splitlines()[-1])
    check(int(games.group(1)) == summary["games"], f"-v counted {games.group(1)} games, the summary {summary['games']}")
    cpu = re.search(r"CPU: workers ([0-9.]+) s, readers ([0-9.]+) s, writer ([0-9.]+) s", err)
    check(cpu is not None, f"no CPU line in: {err!r}")
    check(float(cpu.group(1)) > 0, f"the workers' CPU time is {cpu.group(1)} s")
    check(b"CPU:" not in quiet.stderr, "the CPU line without -v")


def case_filters(runner):
    only = runner.run("--format", "jsonl", "--no-progress", "--only", "threefold-claim", SAMPLES).stdout.decode()
    rules = {json.loads(line)["rule"] for line in only.splitlines() if '"type":"finding"' in line}
    check(rules == {"threefold-claim"}, f"--only threefold-claim gave {rules}")
    ignored = runner.run("--format", "jsonl", "--no-progress", "--ignore", "threefold-claim,fifty-move-claim",
                         SAMPLES).stdout.decode()
    rules = {json.loads(line)["rule"] for line in ignored.splitlines() if '"type":"finding"' in line}
    check(rules and not rules & {"threefold-claim", "fifty-move-claim"}, f"--ignore gave {rules}")
    severity = runner.run("--format", "jsonl", "--no-progress", "--only", "threefold-claim", "--severity",
                          "threefold-claim=error", SAMPLES).stdout.decode()
    levels = {json.loads(line)["severity"] for line in severity.splitlines() if '"type":"finding"' in line}
    check(levels == {"error"}, f"--severity gave {levels}")


def jsonl_records(completed):
    return [json.loads(line) for line in completed.stdout.decode("utf-8").splitlines()]


def findings_of(records):
    return [r for r in records if r["type"] == "finding"]


def pgn_games(text):
    """The games of a PGN text, each beginning at its [Event tag."""
    starts = [m.start() for m in re.finditer(r"^\[Event ", text, re.M)]
    return [text[a:b] for a, b in zip(starts, starts[1:] + [len(text)])]


def case_fingerprints(runner):
    """One fingerprint per finding, the same in JSON Lines, CSV and SARIF, unchanged by --only and
    by -j; identical games in one run get distinct ones (their occurrence number)."""
    jsonl = [f["fingerprint"] for f in findings_of(jsonl_records(runner.run("--format", "jsonl", SAMPLES)))]
    check(jsonl and all(re.fullmatch(r"[0-9a-f]{16}", f) for f in jsonl), "fingerprint format")
    csv_out = runner.run("--format", "csv", SAMPLES).stdout.decode("utf-8")
    csv_rows = list(__import__("csv").reader(io_lines(csv_out)))
    check(csv_rows[0][-1] == "fingerprint", f"CSV header {csv_rows[0]}")
    check([row[-1] for row in csv_rows[1:]] == jsonl, "CSV fingerprints differ from JSON Lines'")
    sarif = json.loads(runner.run("--format", "sarif", SAMPLES).stdout)
    check([r["partialFingerprints"]["drawauditFinding/v2"] for r in sarif["runs"][0]["results"]] == jsonl,
          "SARIF fingerprints differ from JSON Lines'")
    only = findings_of(jsonl_records(runner.run("--format", "jsonl", "--only", "threefold-claim", SAMPLES)))
    full = {(f["file"], f["game"], f["ply"], f["route"], f["rule"]): f["fingerprint"]
            for f in findings_of(jsonl_records(runner.run("--format", "jsonl", SAMPLES)))}
    check(only, "--only threefold-claim: no findings")
    for f in only:
        check(full[(f["file"], f["game"], f["ply"], f["route"], f["rule"])] == f["fingerprint"],
              f"--only changed the fingerprint of {f['file']} game {f['game']} ply {f['ply']}")
    with tempfile.TemporaryDirectory() as scratch:
        twice = os.path.join(scratch, "twice.pgn")
        with open(os.path.join(runner.root, SAMPLES, "threefold.pgn"), encoding="utf-8") as source:
            text = source.read()
        with open(twice, "w", encoding="utf-8") as out:
            out.write(text + "\n" + text)
        outputs = set()
        for jobs, chunk in (("1", "262144"), ("2", "1024"), ("3", "2048")):
            for fmt in ("jsonl", "csv", "sarif"):
                completed = runner.run("--format", fmt, "-j", jobs, "--chunk-bytes", chunk, twice)
                outputs.add((fmt, normalise(completed.stdout.decode("utf-8"), runner.root)))
        check(len(outputs) == 3, "the output depends on -j or --chunk-bytes")
        prints = [f["fingerprint"] for f in findings_of(jsonl_records(runner.run("--format", "jsonl", twice)))]
        check(len(prints) == len(set(prints)), "identical games share fingerprints")


def io_lines(text):
    return text.splitlines()


def write(path, text):
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "w", encoding="utf-8") as out:
        out.write(text)


NEW_CONFLICT = ('[Event "Added today"]\n[White "New, Player"]\n[Black "Other, Player"]\n'
                '[Result "1-0"]\n\n1. e4 e5 2. Nf3 Nc6 1/2-1/2\n\n')


def case_baseline(runner):
    """A collection audited and its baseline written; games added, one with a new conflict and one
    with only old findings that moved to another file: only the new finding is reported, and the
    exit status follows it. Baselines that cannot be read are errors (exit 2), never empty."""
    with tempfile.TemporaryDirectory() as scratch:
        collection = os.path.join(scratch, "collection")
        for name in ("results.pgn", "threefold.pgn"):
            with open(os.path.join(runner.root, SAMPLES, name), encoding="utf-8") as source:
                write(os.path.join(collection, name), source.read())
        baseline = os.path.join(scratch, "baseline.jsonl")
        before = runner.expect_exit(1, "--format", "jsonl", collection)
        old = findings_of(jsonl_records(before))
        check(any(f["severity"] == "error" for f in old), "the collection has no error to baseline")
        runner.expect_exit(0, "--fail-on", "never", "--write-baseline", baseline, collection)
        sarif_baseline = os.path.join(scratch, "baseline.sarif")
        runner.expect_exit(1, "--format", "sarif", "-o", sarif_baseline, collection)

        # Unchanged collection: nothing new, exit 0; the summary counts what the baseline held.
        for base in (baseline, sarif_baseline):
            records = jsonl_records(runner.expect_exit(0, "--format", "jsonl", "--baseline", base, collection))
            check(not findings_of(records), f"--baseline {base}: findings reported")
            check(records[-1]["baselined"] == len(old), f"baselined {records[-1]['baselined']} != {len(old)}")

        # The first game of results.pgn (old errors only) moves to a new file, after another game.
        with open(os.path.join(collection, "results.pgn"), encoding="utf-8") as source:
            games = pgn_games(source.read())
        write(os.path.join(collection, "results.pgn"), "".join(games[1:]))
        with open(os.path.join(runner.root, FIXTURES, "clean.pgn"), encoding="utf-8") as source:
            clean = source.read()
        write(os.path.join(collection, "2024", "moved.pgn"), clean + "\n" + games[0])
        for base in (baseline, sarif_baseline):
            records = jsonl_records(runner.expect_exit(0, "--format", "jsonl", "--baseline", base, collection))
            check(not findings_of(records), f"a moved game's old findings are reported: {findings_of(records)}")

        # A game with a new conflict: only its finding is reported, and it fails the run.
        write(os.path.join(collection, "2024", "new.pgn"), NEW_CONFLICT)
        for base in (baseline, sarif_baseline):
            records = jsonl_records(runner.expect_exit(1, "--format", "jsonl", "--baseline", base, collection))
            new = findings_of(records)
            check([(os.path.basename(f["file"]), f["rule"]) for f in new] == [("new.pgn", "result-mismatch")],
                  f"--baseline {base}: reported {[(f['file'], f['rule']) for f in new]}")
            check(records[-1]["baselined"] == len(old), "baselined count after the changes")
        runner.expect_exit(0, "--baseline", baseline, "--fail-on", "never", collection)
        sarif = json.loads(runner.expect_exit(1, "--format", "sarif", "--baseline", baseline, collection).stdout)
        results = sarif["runs"][0]["results"]
        check(len(results) == 1 and results[0]["baselineState"] == "new", "SARIF baselineState")
        text = runner.expect_exit(1, "--baseline", baseline, collection).stdout.decode("utf-8")
        check(f"Left out: {len(old)} findings already in the baseline." in text, "text summary")
        # Identical copies of a game: the copy already in the collection is baselined with it, a
        # new copy (occurrence 2) is new; JSON Lines (formatted by the workers, for any -j) and
        # SARIF (by the ordered stage) agree.
        with open(os.path.join(collection, "threefold.pgn"), encoding="utf-8") as source:
            threefold = pgn_games(source.read())
        write(os.path.join(collection, "threefold.pgn"), "".join(threefold) + threefold[1])
        dup_base = os.path.join(scratch, "dup-baseline.jsonl")
        runner.expect_exit(0, "--fail-on", "never", "--write-baseline", dup_base, collection)
        runner.expect_exit(0, "--fail-on", "info", "--baseline", dup_base, collection)
        # (Occurrences count in input order: the copy goes last, "zz" sorting after the rest.)
        write(os.path.join(collection, "zz", "copy.pgn"), threefold[1])
        outputs = set()
        for jobs, chunk in (("1", "262144"), ("2", "1024")):
            completed = runner.expect_exit(1, "--format", "jsonl", "--fail-on", "info", "-j", jobs, "--chunk-bytes",
                                           chunk, "--baseline", dup_base, collection)
            outputs.add(normalise(completed.stdout.decode("utf-8"), scratch))
        check(len(outputs) == 1, "--baseline output depends on -j")
        new = findings_of(jsonl_records(completed))
        check(new and {os.path.basename(f["file"]) for f in new} == {"copy.pgn"},
              f"new copy: {[(f['file'], f['rule']) for f in new]}")
        sarif = json.loads(runner.run("--format", "sarif", "--baseline", dup_base, collection).stdout)
        check([r["partialFingerprints"]["drawauditFinding/v2"] for r in sarif["runs"][0]["results"]] ==
              [f["fingerprint"] for f in new], "SARIF and JSON Lines differ under --baseline")
        os.remove(os.path.join(collection, "zz", "copy.pgn"))
        write(os.path.join(collection, "threefold.pgn"), "".join(threefold))

        # The config file's key.
        config = os.path.join(scratch, "ci.toml")
        write(config, f'baseline = "{baseline}"\nformat = "jsonl"\n')
        records = jsonl_records(runner.expect_exit(1, "--config", config, collection))
        check(len(findings_of(records)) == 1, "baseline from the config file")

        # Baselines that cannot be read or parsed.
        with open(baseline, encoding="utf-8") as source:
            lines = source.read().splitlines(keepends=True)
        bad = {
            "truncated.jsonl": "".join(lines[:3]),
            "cut-line.jsonl": "".join(lines[:2]) + lines[2][:40],
            "empty.jsonl": "",
            "notjson.jsonl": "threefold-claim 1234\n",
            "no-fingerprint.jsonl": '{"type":"finding","file":"a.pgn","game":1}\n{"type":"baseline","findings":1}\n',
        }
        with open(sarif_baseline, encoding="utf-8") as source:
            sarif_text = source.read()
        bad["truncated.sarif"] = sarif_text[: len(sarif_text) // 2]
        bad["v1.sarif"] = sarif_text.replace("drawauditFinding/v2", "drawauditFinding/v1")
        for name, content in bad.items():
            path = os.path.join(scratch, name)
            write(path, content)
            completed = runner.expect_exit(2, "--baseline", path, collection)
            stderr = completed.stderr.decode("utf-8")
            check(re.search(re.escape(path) + r":\d+: ", stderr), f"{name}: no file:line in {stderr!r}")
            check(not completed.stdout, f"{name}: a report was written")
        completed = runner.expect_exit(2, "--baseline", os.path.join(scratch, "missing.jsonl"), collection)
        check("missing.jsonl" in completed.stderr.decode("utf-8"), "missing baseline not named")


def case_duplicates(runner):
    """--duplicates: duplicate-game naming the earlier record, duplicate-conflict (an error) when
    the results differ, in input order across files and the same for any -j; a config key too."""
    with tempfile.TemporaryDirectory() as scratch:
        with open(os.path.join(runner.root, SAMPLES, "threefold.pgn"), encoding="utf-8") as source:
            games = pgn_games(source.read())
        write(os.path.join(scratch, "a.pgn"), "".join(games))
        again = games[3].replace('[White "', '[White "  ').upper().replace("[EVENT", "[Event")
        changed = games[5].replace('[Result "1/2-1/2"]', '[Result "1-0"]').replace(" 1/2-1/2", " 1-0")
        check(changed != games[5], "no result to change")
        write(os.path.join(scratch, "b.pgn"), games[0] + again + changed)
        outputs = set()
        for jobs, chunk in (("1", "262144"), ("2", "1024")):
            completed = runner.expect_exit(1, "--format", "jsonl", "--duplicates", "-j", jobs, "--chunk-bytes",
                                           chunk, "a.pgn", "b.pgn", cwd=scratch)
            outputs.add(normalise(completed.stdout.decode("utf-8"), scratch))
        check(len(outputs) == 1, "--duplicates output depends on -j")
        found = [(f["game"], f["rule"], f["duplicate_of"]) for f in findings_of(jsonl_records(completed))
                 if f["rule"].startswith("duplicate")]
        check(found == [(1, "duplicate-game", {"file": "a.pgn", "game": 1}),
                        (3, "duplicate-conflict", {"file": "a.pgn", "game": 6})],
              f"duplicates found: {found}")
        plain = findings_of(jsonl_records(runner.run("--format", "jsonl", "a.pgn", "b.pgn", cwd=scratch)))
        check(not [f for f in plain if f["rule"].startswith("duplicate")], "duplicates without --duplicates")
        write(os.path.join(scratch, "ci.toml"), "duplicates = true\n")
        completed = runner.expect_exit(1, "--config", "ci.toml", "--format", "jsonl", "a.pgn", "b.pgn", cwd=scratch)
        check(normalise(completed.stdout.decode("utf-8"), scratch) in outputs, "config key duplicates")


CASES = {
    **{f"golden-{fmt}": (lambda fmt: lambda runner: case_golden(runner, fmt))(fmt) for fmt in FORMATS},
    "jsonl-valid": case_jsonl_valid,
    "sarif-structure": case_sarif_structure,
    "exit-codes": case_exit_codes,
    "unreadable-input": case_unreadable_input,
    "config-file": case_config_file,
    "jobs-identical": case_jobs_identical,
    "many-files": case_many_files,
    "unreadable-among-many": case_unreadable_among_many,
    "pgn-readback": case_pgn_readback,
    "atomic-output": case_atomic_output,
    "stdin": case_stdin,
    "text-colour": case_text_colour,
    "filters": case_filters,
    "progress": case_progress,
    "run-statistics": case_run_statistics,
    "fingerprints": case_fingerprints,
    "baseline": case_baseline,
    "duplicates": case_duplicates,
}


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--binary", required=True)
    parser.add_argument("--root", required=True)
    parser.add_argument("--update", choices=["golden"], help="rewrite the expected outputs")
    parser.add_argument("case", nargs="?", choices=sorted(CASES))
    args = parser.parse_args()
    runner = Runner(args.binary, args.root)
    if args.update:
        update_golden(runner)
        return 0
    if not args.case:
        parser.error("give a case or --update golden")
    try:
        CASES[args.case](runner)
    except Failure as failure:
        print(f"FAIL {args.case}: {failure}", file=sys.stderr)
        return 1
    print(f"ok {args.case}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
