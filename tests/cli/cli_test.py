#!/usr/bin/env python3
"""End-to-end tests of the drawaudit binary, one case per ctest test.

    cli_test.py --binary BUILD/app/drawaudit --root REPO CASE      run one case
    cli_test.py --binary ... --root ... --update golden            rewrite tests/cli/expected/

The binary always runs from the repository root with relative paths, so the outputs do not depend
on where the repository lives. Only the run time ("seconds") is normalised in the golden files.
"""

import argparse
import difflib
import inspect
import json
import os
import re
import shlex
import shutil
import signal
import stat
import subprocess
import sys
import tempfile
import time

FORMATS = ["text", "jsonl", "csv", "sarif", "github", "pgn", "stats", "games-csv"]
# Options a format's golden run adds: the statistics with an event's rule for early agreements.
GOLDEN_EXTRA = {"stats": ["--min-moves-before-agreement", "10"]}
# Golden files beyond one per format: name (the file's suffix) -> the options that make it.
GOLDENS = {
    **{fmt: ["--format", fmt, *GOLDEN_EXTRA.get(fmt, [])] for fmt in FORMATS},
    "html": ["--format", "html"],
    "es.html": ["--format", "html", "--lang", "es"],
    "es.text": ["--format", "text", "--lang", "es"],
    # Issue 26: every sample game in Spanish, with or without findings.
    "es-all.text": ["--format", "text", "--lang", "es", "--all-games"],
    # Issue 26: the statistics in Spanish, every heading and sentence from the catalog.
    "es.stats": ["--format", "stats", "--lang", "es", *GOLDEN_EXTRA["stats"]],
}
SAMPLES = "sample_pgns"
# Issue 27: `drawaudit claim`, golden file (tests/cli/expected/claim.NAME) -> (its arguments, its
# exit status): text, json and html, English and Spanish (with Spanish letters typed in).
CLAIM_GOLDENS = {
    "threefold.text": (["claim", "sample_pgns/threefold.pgn", "--game", "1"], 0),
    "look-alike.es.text": (["claim", "sample_pgns/threefold.pgn", "--game", "7", "--at",
                            "5... Re8", "--lang", "es"], 1),
    "en-passant.json": (["claim", "sample_pgns/threefold.pgn", "--game", "4", "--at", "6... Nf6",
                         "--format", "json"], 1),
    "written-mate.json": (["claim", "sample_pgns/fifty-move.pgn", "--game", "7", "--move", "Nf7",
                           "--format", "json"], 0),
    "written.es.text": (["claim", "tests/cli/fixtures/claim-round.pgn", "--player", "MULLER",
                         "--move", "Cf1", "--lang", "es"], 0),
    "game-over.text": (["claim", "sample_pgns/automatic-endings.pgn", "--game", "12"], 1),
    "look-alike.html": (["claim", "sample_pgns/threefold.pgn", "--game", "7", "--at", "5... Ke8",
                         "--format", "html"], 1),
    "written.es.html": (["claim", "tests/cli/fixtures/claim-round.pgn", "--round", "5",
                         "--board", "12", "--move", "Cf1", "--format", "html", "--lang", "es"], 0),
    # Both grounds hold: the headline names both (RULES.md), in every format and language.
    "both-grounds.text": (["claim", "tests/cli/fixtures/claim-both.pgn"], 0),
    "both-grounds.es.text": (["claim", "tests/cli/fixtures/claim-both.pgn", "--lang", "es"], 0),
    "both-grounds.json": (["claim", "tests/cli/fixtures/claim-both.pgn", "--format", "json"], 0),
    "both-grounds.html": (["claim", "tests/cli/fixtures/claim-both.pgn", "--format", "html"], 0),
}
# Issue 28: what `drawaudit watch --once` reports on the sample games (exit 1: it has alerts), in
# English and Spanish, and as JSON Lines (the events' time normalised).
WATCH_GOLDENS = {
    "watch.text": ["watch", "--once", "--color", "never", "sample_pgns"],
    "watch.es.text": ["watch", "--once", "--color", "never", "--lang", "es", "sample_pgns"],
    "watch.jsonl": ["watch", "--once", "--format", "jsonl", "sample_pgns"],
}
TWIC = "../shared/corpus/twic/twic0920.pgn"
LARGE = "../shared/corpus/large/pgnmentor-players-239.pgn.zst"
ODD = "../shared/corpus/odd"
FIXTURES = "tests/cli/fixtures"
EXPECTED = "tests/cli/expected"
PGN_EXTRACT = "/usr/games/pgn-extract"
SHARED = "../shared"
# ctest's SKIP_RETURN_CODE (tests/cli/CMakeLists.txt): the case was not run, and says why.
SKIP = 77


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
        env.pop("LANG", None)  # the reports' language follows LANG=es*: keep them in English
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
    text = re.sub(r"medios movimientos en [0-9.,]+ s\.", "medios movimientos en 0,00 s.", text)
    return text.replace(root + "/", "")


def golden_args(fmt):
    return [*GOLDENS[fmt], "--no-progress", "-j", "2", SAMPLES]


def golden_path(runner, fmt):
    return os.path.join(runner.root, EXPECTED, f"sample_pgns.{fmt}")


def run_golden(runner, fmt):
    completed = runner.run(*golden_args(fmt))
    check(completed.returncode in (0, 1),
          f"--format {fmt}: exit {completed.returncode}\n{completed.stderr.decode(errors='replace')}")
    check(completed.stderr == b"", f"--format {fmt}: unexpected stderr:\n{completed.stderr.decode(errors='replace')}")
    return normalise(completed.stdout.decode("utf-8"), runner.root)


def check_golden(actual, path, what):
    """`actual` is the golden file at `path` byte for byte; else the failure shows the diff."""
    check(os.path.exists(path), f"{path} missing: run with --update golden")
    with open(path, encoding="utf-8", newline="") as f:
        expected = f.read()
    if actual != expected:
        diff = "".join(difflib.unified_diff(expected.splitlines(True), actual.splitlines(True),
                                            "expected", "actual", n=2))
        raise Failure(f"{what} differs from {path}:\n{diff[:6000]}")


def write_golden(path, text):
    with open(path, "w", encoding="utf-8", newline="") as f:
        f.write(text)
    print(f"wrote {path}")


def case_golden(runner, fmt):
    check_golden(run_golden(runner, fmt), golden_path(runner, fmt), f"--format {fmt}")


# English reason words that lib/chess and lib/pgn once wrote into Spanish sentences (issue 26):
# they are typed now and worded by lib/report's catalog, so none may stand in a Spanish golden.
ENGLISH_REASON_WORDS = [
    # FEN refusals and repairs (chess::FenProblem).
    "dropped:", "en-passant square", "field 1 (placement)", "field 2 (side",
    "field 3 (castling)", "field 4 (en passant)", "unexpected character", "kings instead of",
    "missing pawns could have", "side not to move", "halfmove clock", "move number",
    "is not a number", "set to 0", "set to 1", "fields instead of", "more than 6 fields",
    # The PGN reader's parse errors (pgn::PgnProblem).
    "bad tag pair", "unknown token", "unterminated comment", "unterminated variation",
    "unbalanced ')'", "unbalanced '}'", "bad NAG", "plies (--max-plies)", "nested deeper than",
    "too long to hold", "the input ends inside",
]


def case_spanish_goldens_english_reasons(runner):
    expected = os.path.join(runner.root, EXPECTED)
    names = sorted(name for name in os.listdir(expected) if ".es." in name)
    check(names, f"no Spanish goldens in {expected}")
    for name in names:
        with open(os.path.join(expected, name), encoding="utf-8") as f:
            text = f.read()
        for words in ENGLISH_REASON_WORDS:
            at = text.find(words)
            check(at < 0, f"{name}: English reason words {words!r} inside Spanish output: "
                          f"...{text[max(0, at - 80):at + 80]}...")


def update_golden(runner):
    os.makedirs(os.path.join(runner.root, EXPECTED), exist_ok=True)
    for fmt in GOLDENS:
        write_golden(golden_path(runner, fmt), run_golden(runner, fmt))
    for name in CLAIM_GOLDENS:
        write_golden(claim_golden_path(runner, name), run_claim_golden(runner, name))
    for name in WATCH_GOLDENS:
        write_golden(golden_path(runner, name), run_watch_golden(runner, name))
    for name in TRF_GOLDENS:
        write_golden(trf_golden_path(runner, name), run_trf_golden(runner, name))


def run_watch_golden(runner, name):
    completed = runner.expect_exit(1, *WATCH_GOLDENS[name])
    check(completed.stderr == b"", f"watch --once: unexpected stderr:\n{completed.stderr.decode(errors='replace')}")
    text = re.sub(r'"time":"[0-9T:Z-]+"', '"time":"2026-01-01T00:00:00Z"', completed.stdout.decode("utf-8"))
    return normalise(text, runner.root)


def case_watch_golden(runner, name):
    check_golden(run_watch_golden(runner, name), golden_path(runner, name), f"watch {name}")


# Record type -> its section in docs/records.md, whose tables tests/report/record_schema_test.cpp
# holds to lib/report/record_schema.hpp.
RECORD_SECTIONS = {"finding": "Finding record", "game": "Game record", "summary": "Summary record",
                   "shard": "Shard header record", "shard-end": "Shard-end record"}


def documented_fields(runner, record_type):
    """The fields docs/records.md lists for a record type: name -> its "null when" cell."""
    with open(os.path.join(runner.root, "docs", "records.md"), encoding="utf-8") as f:
        doc = f.read()
    section = doc.split(f"\n## {RECORD_SECTIONS[record_type]}\n", 1)[1].split("\n## ", 1)[0]
    rows = re.findall(r"^\| `([a-z0-9_]+)` \|[^|]*\|[^|]*\|([^|]*)\|", section, re.M)
    check(rows, f"docs/records.md lists no field of a {record_type} record")
    return {name: null_when.strip() for name, null_when in rows}


def plain_fields(runner, record_type):
    """The fields every record of a type has in a plain report (not a part's, not only where set)."""
    return {name for name, null_when in documented_fields(runner, record_type).items()
            if "part only" not in null_when and "only where set" not in null_when
            and "only with" not in null_when}


def case_jsonl_valid(runner):
    """Every line is one JSON object; the records follow RULES.md's order and fields."""
    out = runner.run("--format", "jsonl", "--no-progress", SAMPLES).stdout.decode("utf-8")
    lines = out.splitlines()
    check(lines, "no output")
    records = [json.loads(line) for line in lines]
    check(records[-1]["type"] == "summary", "summary is not last")
    finding_keys = plain_fields(runner, "finding")
    game_keys = plain_fields(runner, "game")
    check(set(records[-1]) == plain_fields(runner, "summary"), f"summary keys {sorted(records[-1])}")
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
            check(record["final_unwinnable"] in (None, "white", "black", "both"),
                  f"final_unwinnable {record['final_unwinnable']}")
            check(record["findings"] == len(pending), f"game {record['game']}: findings count")
            for finding in pending:
                check((finding["file"], finding["game"]) == (record["file"], record["game"]),
                      "a finding is not followed by its game record")
            pending = []
            games += 1
    check(not pending, "findings after the last game record")
    check(records[-1]["games"] == games, "summary games")
    # RULES.md "Why each draw happened": a reason exactly for the draws (but a draw against a
    # checkmate), a side only for a perpetual, and the summary's counts of them.
    game_records = [r for r in records if r["type"] == "game"]
    reasons = {"stalemate", "dead-position", "fivefold", "seventy-five-move", "perpetual-check",
               "threefold-repetition", "fifty-move", "time-forfeit", "early-agreement", "agreement"}
    for g in game_records:
        if g["result"] != "1/2-1/2" or g["termination"] == "checkmate":
            check(g["draw_reason"] is None, f"draw_reason of {g}")
        else:
            check(g["draw_reason"] in reasons, f"draw_reason of {g}")
        check((g["draw_side"] is not None) == (g["draw_reason"] == "perpetual-check"), f"draw_side of {g}")
    summary = records[-1]
    summary_keys = ["type", "version", "files", "games", "games_with_errors", "plies", "findings", "games_by_rule",
                    "results", "draw_reasons", "by_year"]
    check(list(summary)[:len(summary_keys)] == summary_keys, f"summary keys {list(summary)}")
    check(re.fullmatch(r"\d+\.\d+\.\d+", summary["version"]), f"summary version {summary['version']!r}")
    check(list(summary["results"]) == ["1-0", "0-1", "1/2-1/2", "*"], "results keys")
    check(sum(summary["results"].values()) == games, "results do not add up to the games")
    check(summary["results"]["1/2-1/2"] == sum(1 for g in game_records if g["result"] == "1/2-1/2"),
          "results' draws")
    check(set(summary["draw_reasons"]) == reasons, "draw_reasons keys")
    for reason, count in summary["draw_reasons"].items():
        check(count == sum(1 for g in game_records if g["draw_reason"] == reason), f"draw_reasons {reason}")
    check(sum(y["games"] for y in summary["by_year"].values()) == games, "by_year games")
    check(all(y == "?" or re.fullmatch(r"[0-9]{4}", y) for y in summary["by_year"]), "by_year keys")
    check(isinstance(records[-1].get("undetermined_positions"), int), "summary undetermined_positions")


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


def case_stats_json(runner):
    """--format stats as one JSON object, by -o FILE.json and by --stats-json: the same object,
    the same numbers as the JSON Lines summary."""
    summary = json.loads(runner.run("--format", "jsonl", "--no-progress", SAMPLES).stdout.splitlines()[-1])
    with tempfile.TemporaryDirectory() as scratch:
        by_output = os.path.join(scratch, "stats.json")
        beside = os.path.join(scratch, "beside.json")
        # A data format exits 0 unless --fail-on is given (issue 31), also with --stats-json.
        runner.expect_exit(0, "--format", "stats", "--no-progress", "-o", by_output, SAMPLES)
        text = runner.expect_exit(0, "--format", "stats", "--no-progress", "--stats-json", beside, SAMPLES)
        check(text.stdout.startswith(b"Draw statistics of "), "no text report beside --stats-json")
        with open(by_output, encoding="utf-8") as f:
            stats = f.read()
        with open(beside, encoding="utf-8") as f:
            check(f.read() == stats, "-o FILE.json and --stats-json differ")
        check(stats.count("\n") == 1 and stats.endswith("\n"), "not one line")
        stats = json.loads(stats)
        for key in ("games", "files", "games_with_errors", "results", "draw_reasons", "by_year"):
            check(stats[key] == summary[key], f"{key}: stats {stats[key]}, summary {summary[key]}")
        check(not leftovers(scratch), f"temporary files left: {leftovers(scratch)}")
        # --stats-json belongs to --format stats.
        runner.expect_exit(2, "--format", "jsonl", "--no-progress", "--stats-json", beside, SAMPLES)


def case_games_csv_valid(runner):
    """--format games-csv reads back as CSV: one row per game record, with its draw reason,
    final_unwinnable as the game record's, and the year and ratings as numbers or empty."""
    import csv
    import io
    records = [json.loads(line) for line in
               runner.run("--format", "jsonl", "--no-progress", SAMPLES).stdout.decode().splitlines()]
    games = [r for r in records if r["type"] == "game"]
    out = runner.run("--format", "games-csv", "--no-progress", SAMPLES).stdout.decode("utf-8")
    rows = list(csv.DictReader(io.StringIO(out, newline="")))
    check(len(rows) == len(games), f"{len(rows)} rows for {len(games)} games")
    for row, game in zip(rows, games):
        check((row["file"], int(row["game"])) == (game["file"], game["game"]), f"row {row}")
        check(row["draw_reason"] == (game["draw_reason"] or ""), f"draw_reason of {row}")
        check(row["event"] == (game["event"] or ""), f"event of {row}")
        check(int(row["findings"]) == game["findings"], f"findings of {row}")
        claims = sum(int(row[c]) for c in ("threefold_appeared", "threefold_declared",
                                            "fifty_move_appeared", "fifty_move_declared"))
        check((claims == 0) == (row["first_claim_ply"] == ""), f"first_claim_ply of {row}")
        check(row["final_unwinnable"] == (game["final_unwinnable"] or ""),
              f"final_unwinnable of {row}")
        # Numbers or empty, so that pandas and R read the columns as numbers.
        for column in ("year", "white_elo", "black_elo"):
            check(row[column] == "" or row[column].isdigit(), f"{column} of {row}")
        date = game["date"] or ""
        check(row["year"] == (date[:4] if date[:4].isdigit() else ""), f"year of {row}")
    check(any(row["final_unwinnable"] for row in rows), "no game with final_unwinnable")
    help_text = runner.run("--help").stdout.decode()
    check("games-csv" in help_text and "stats" in help_text, "--help does not name the new formats")


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
    for fmt in ("jsonl", "csv", "text", "pgn", "games-csv", "stats"):
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
            # The odd files hold NUL bytes between games: said once per file (issue 30), no error.
            unexpected = [line for line in reference.stderr.decode().splitlines()
                          if not line.endswith("read as blank space (a preallocated or truncated file?)")]
            check(b"could not be read" not in reference.stdout and not unexpected,
                  f"errors reported: {unexpected[:20]}")
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


def read_terminal(runner, args, env, stream):
    """Runs drawaudit with `stream` ("stdout" or "stderr") on a pseudo-terminal, the other one
    discarded; returns what it wrote there."""
    import pty
    leader, follower = pty.openpty()
    streams = {"stdout": subprocess.DEVNULL, "stderr": subprocess.DEVNULL, stream: follower}
    process = subprocess.Popen([runner.binary, *args], cwd=runner.root, env=env, **streams)
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


def run_on_terminal(runner, args, env_extra):
    """Runs drawaudit with standard output on a pseudo-terminal; returns what it wrote there."""
    env = dict(os.environ, ASAN_OPTIONS="detect_leaks=0", **env_extra)
    if not env_extra:
        env.pop("NO_COLOR", None)
        env.pop("LANG", None)  # the reports' language follows LANG=es*: keep them in English
    return read_terminal(runner, args, env, "stdout")


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


def stderr_on_terminal(runner, args, no_color):
    """Runs drawaudit with standard error on a pseudo-terminal of a colour terminal (TERM=xterm);
    returns what it wrote there."""
    env = dict(os.environ, ASAN_OPTIONS="detect_leaks=0", TERM="xterm")
    env.pop("NO_COLOR", None)
    if no_color is not None:
        env["NO_COLOR"] = no_color
    return read_terminal(runner, args, env, "stderr")


def case_no_color_messages(runner):
    """The messages on stderr of the run and of merge alike: coloured on a terminal, none when
    NO_COLOR is set to any non-empty value (https://no-color.org), coloured when it is empty."""
    with tempfile.TemporaryDirectory() as scratch:
        missing = os.path.join(scratch, "missing")
        for command in (["--no-progress", missing + ".pgn"], ["merge", missing + ".jsonl"]):
            for no_color, expect_colour in ((None, True), ("1", False), ("0", False), ("", True)):
                stderr = stderr_on_terminal(runner, command, no_color)
                check(b"error" in stderr, f"{command[0]}: no error message: {stderr[:300]!r}")
                check((b"\x1b[" in stderr) == expect_colour,
                      f"{command[0]} with NO_COLOR={no_color!r}: colour "
                      f"{'missing' if expect_colour else 'written'}: {stderr[:300]!r}")


def case_format_names(runner):
    """audit and merge accept the same formats (report::format_names, one table), and each
    --help describes every one of them."""
    accepted = {}
    for command in ([], ["merge"]):
        refused = runner.expect_exit(2, *command, "--format", "no-such-format", "x")
        found = re.search(rb"not in \{([a-z,-]+)\}", refused.stderr)
        check(found is not None, f"{command}: no list of formats: {refused.stderr[:300]!r}")
        accepted[tuple(command)] = found.group(1).decode().split(",")
        help_text = runner.run(*command, "--help").stdout.decode()
        # The option's own description: from its "--format FORMAT" up to the next option.
        described = help_text[help_text.index("\n  --format") + 1:]
        described = described[:described.index("\n  -")]
        for name in accepted[tuple(command)]:
            check(re.search(rf"\b{re.escape(name)}\b", described) is not None,
                  f"{command}: --help does not describe --format {name}")
    check(accepted[()] == accepted[("merge",)] and len(accepted[()]) == 9,
          f"audit and merge accept different formats: {accepted}")


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

DRAWS = "../shared/corpus/draws"
MERGE_FORMATS = ["jsonl", "text", "csv", "sarif", "github", "pgn", "html", "stats", "games-csv"]
SHARD_COUNTS = (1, 2, 3, 7)
# Fields a shard's part adds for drawaudit merge (RULES.md "Shards").
SHARD_ONLY = {"site", "white_elo", "black_elo", "termination_tag", "movetext_result", "offset",
              "occurrence_moves", "column_utf16", "draw_first_check", "draw_last_check", "identity",
              "text_bytes", "text_hash", "duplicate_key"}


def run_shards(runner, n, inputs, scratch, cwd=None, extra=()):
    """The N parts of a run over `inputs`: their paths."""
    parts = []
    for k in range(1, n + 1):
        part = os.path.join(scratch, f"part-{k}-of-{n}.jsonl")
        runner.run("--format", "jsonl", "--no-progress", "--shard", f"{k}/{n}", "-o", part, *extra,
                   *inputs, cwd=cwd)
        check(os.path.exists(part), f"--shard {k}/{n} wrote no part")
        parts.append(part)
    return parts


def records_of(path):
    with open(path, encoding="utf-8") as f:
        return [json.loads(line) for line in f]


def tricky_pgn():
    """Games whose starts the shard search must find as the chunker does: no Event tags, a tag
    line after a comment, a '[' inside a comment at a line start, a '%' escape line before a tag,
    blank lines in runs, CRLF and lone CR line ends, a tag section split by a blank line; and a
    repetition after accented text on its line (its SARIF column counts fewer UTF-16 units than
    bytes, which a part writes only then)."""
    games = [
        '[Event "a"]\n[Result "1/2-1/2"]\n\n1. Nf3 Nf6 2. Ng1 Ng8 3. Nf3 Nf6 4. Ng1 Ng8 1/2-1/2\n',
        '\n\n\n[White "no event"]\n[Result "*"]\n\n1. e4 {a comment\n[Black "inside"]\n} e5 *\n',
        '[Site "after blank"]\n\n[Result "1-0"]\n\n1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7# 1-0\n',
        '% an escape line\n[White "after escape"]\n\n1. d4 d5 *\n',
        '[Event "crlf"]\r\n[Result "*"]\r\n\r\n1. c4 c5 *\r\n\r\n',
        '[Event "cr"]\r[Result "*"]\r\r1. g3 g6 *\r\r',
        '{ a comment before the game }\n[Event "late"]\n1. b3 (1. b4 [ 1... e5 ]) 1... b6 *\n',
        '[Event "utf-8"]\n[Result "1/2-1/2"]\n\n{Très, très «bien»} 1. Nf3 Nf6 2. Ng1 Ng8 3. Nf3 Nf6 '
        '4. Ng1 Ng8 5. Nf3 1/2-1/2\n',
    ]
    text = "".join(games * 6)
    return text.encode()


def plain_game_sequences(records):
    """Per file, its game records in order without what a shard numbers differently."""
    files = {}
    for record in records:
        if record.get("type") != "game":
            continue
        # A part leaves out its null fields.
        stripped = {key: value for key, value in record.items()
                    if key not in {"game", "line"} | SHARD_ONLY and value is not None}
        files.setdefault(record["file"], []).append((record.get("offset"), stripped))
    return files


def check_union(runner, inputs, scratch, cwd, counts=SHARD_COUNTS):
    """For each N: every game of the whole run in exactly one part, in file order by offset."""
    whole = runner.run("--format", "jsonl", "--no-progress", *inputs, cwd=cwd)
    check(whole.returncode in (0, 1), f"the run over {inputs}: exit {whole.returncode}")
    expected = plain_game_sequences(json.loads(line) for line in whole.stdout.decode().splitlines())
    for n in counts:
        records = []
        for part in run_shards(runner, n, inputs, scratch, cwd=cwd):
            records += records_of(part)
        found = plain_game_sequences(records)
        check(set(found) == set(expected), f"--shard x/{n}: files {sorted(found)} != {sorted(expected)}")
        for file, games in found.items():
            offsets = [offset for offset, _ in games]
            check(len(set(offsets)) == len(offsets), f"--shard x/{n}: a game of {file} in two parts")
            ordered = [game for _, game in sorted(games, key=lambda g: g[0])]
            check(len(ordered) == len(expected[file]),
                  f"--shard x/{n}: {file} has {len(ordered)} games in the parts, {len(expected[file])} "
                  "in one run")
            for number, (got, want) in enumerate(zip(ordered, [g for _, g in expected[file]]), 1):
                check(got == want, f"--shard x/{n}: game {number} of {file} differs:\n{got}\n{want}")


def case_shard_union(runner):
    """The union of --shard K/N for N = 1, 2, 3, 7 is the whole run, on plain files cut at game
    starts (also tricky ones) and on compressed files given whole."""
    with tempfile.TemporaryDirectory() as scratch:
        many = make_many_files(runner, scratch)
        with open(os.path.join(many, "tricky.pgn"), "wb") as f:
            f.write(tricky_pgn())
        os.makedirs(os.path.join(scratch, "out"))
        check_union(runner, ["many"], os.path.join(scratch, "out"), scratch)
        # One tricky file alone: many more cuts inside it.
        check_union(runner, ["many/tricky.pgn"], os.path.join(scratch, "out"), scratch,
                    counts=(2, 3, 5, 7, 13, 29))
        # Every part carries which part of which run it is.
        header = records_of(os.path.join(scratch, "out", "part-2-of-3.jsonl"))[0]
        check(header["type"] == "shard" and header["shard"] == 2 and header["of"] == 3,
              f"the first record of a part is {header}")


def allow_inputs(inputs):
    """merge's options that let it read the run's inputs again (pgn and html need them)."""
    return [arg for path in inputs for arg in ("--inputs-from", path)]


def check_merge(runner, inputs, scratch, cwd=None, counts=SHARD_COUNTS, extra=(), report=(),
                formats=MERGE_FORMATS):
    """`extra`: options of the run and its shards; `report`: of the run and the merge."""
    for n in counts:
        parts = run_shards(runner, n, inputs, scratch, cwd=cwd, extra=extra)
        for fmt in formats:
            whole = runner.run("--format", fmt, "--no-progress", *extra, *report, *inputs, cwd=cwd)
            merged = runner.run("merge", "--format", fmt, *report, *allow_inputs(inputs),
                                *reversed(parts), cwd=cwd)
            check(merged.returncode == whole.returncode,
                  f"merge --format {fmt} of {n} parts: exit {merged.returncode}, the run "
                  f"{whole.returncode}\n{merged.stderr.decode(errors='replace')}")
            got = normalise(merged.stdout.decode(), runner.root)
            want = normalise(whole.stdout.decode(), runner.root)
            check(got == want, f"merge --format {fmt} of {n} parts differs from one run over "
                  f"{inputs}:\n" + "".join(list(difflib.unified_diff(
                      want.splitlines(True), got.splitlines(True)))[:40]))


def make_merge_inputs(runner, scratch):
    """sample_pgns/ with three of every four files compressed (zstd, gzip, bzip2: each read whole
    by one part; the plain ones are cut at game starts), and the tricky file, whose text between
    the games the pgn report keeps."""
    inputs = os.path.join(scratch, "inputs")
    shutil.copytree(os.path.join(runner.root, SAMPLES), inputs)
    names = sorted(name for name in os.listdir(inputs) if name.endswith(".pgn"))
    for number, name in enumerate(names):
        tool = ("zstd", "gzip", "bzip2", None)[number % 4]
        if tool:
            compress(os.path.join(inputs, name), tool)
    with open(os.path.join(inputs, "tricky.pgn"), "wb") as f:
        f.write(tricky_pgn())
    return inputs


def case_merge_formats(runner):
    """drawaudit merge of the parts writes what one run writes: JSON Lines byte for byte (but
    "seconds"), and the text, CSV, SARIF, GitHub, PGN, HTML, statistics and games-csv reports (PGN
    and HTML with the games' text read back from the inputs), on sample_pgns/ and on plain and
    compressed inputs with text between the games (the shared corpus's draws/ files:
    merge-formats-corpus)."""
    with tempfile.TemporaryDirectory() as scratch:
        check_merge(runner, [SAMPLES], scratch)
        make_merge_inputs(runner, scratch)
        os.makedirs(os.path.join(scratch, "parts"))
        check_merge(runner, ["inputs"], os.path.join(scratch, "parts"), cwd=scratch)
        # The writer options merge takes as a run does.
        check_merge(runner, [SAMPLES], scratch, counts=(2,), formats=["text", "html"],
                    report=("--lang", "es", "--html-max-games", "3", "--all-games"))


def case_merge_formats_corpus(runner):
    """merge-formats on the shared corpus's draws/ (the Dask driver's test merges all of it): a
    damaged zstd stream, a draws/ file, and the statistics' early agreements and JSON object."""
    with tempfile.TemporaryDirectory() as scratch:
        os.makedirs(os.path.join(scratch, "parts"))
        # A damaged stream: the run reports the games before the damage and stops reading there;
        # the merge's second read stops at the same place (exit 2 both).
        # (A file of several zstd blocks: the games of the first ones come out before the damage.)
        os.makedirs(os.path.join(scratch, "damaged"))
        cut = os.path.join(scratch, "damaged", "cut.pgn")
        shutil.copy(os.path.join(runner.root, DRAWS, "pgnmentor-fifty-move.pgn"), cut)
        compress(cut, "zstd")
        with open(cut + ".zst", "rb") as f:
            stream = f.read()
        with open(cut + ".zst", "wb") as f:
            f.write(stream[:len(stream) * 2 // 3])
        whole = runner.run("--format", "jsonl", "--no-progress", "damaged", cwd=scratch)
        check(whole.returncode == 2 and b'"file":"damaged/cut.pgn.zst"' in whole.stdout,
              "the damaged stream gave no games before the damage, or no error")
        shutil.copy(os.path.join(runner.root, SAMPLES, "results.pgn"),
                    os.path.join(scratch, "damaged"))
        check_merge(runner, ["damaged"], os.path.join(scratch, "parts"), cwd=scratch, counts=(1, 2))
        check_merge(runner, [os.path.join(DRAWS, "pgnmentor-fifty-move.pgn")], scratch, counts=(3,))
        # The statistics' early agreements follow the run's option, which the parts record; and
        # their JSON object (-o FILE.json) equals the run's but for "seconds".
        check_merge(runner, [DRAWS], scratch, counts=(3,), formats=["stats"],
                    extra=("--min-moves-before-agreement", "25"))
        parts = run_shards(runner, 3, [DRAWS], scratch)
        whole_json, merged_json = os.path.join(scratch, "whole.json"), os.path.join(scratch, "merged.json")
        runner.expect_exit(0, "--format", "stats", "--fail-on", "never", "-o", whole_json, DRAWS)
        runner.run("merge", "--format", "stats", "-o", merged_json, *parts)
        with open(whole_json, encoding="utf-8") as w, open(merged_json, encoding="utf-8") as m:
            want, got = json.load(w), json.load(m)
        want.pop("seconds", None)
        got.pop("seconds", None)
        check(want == got and want["games"] > 0, "merge --format stats -o FILE.json differs from one run")


def case_merge_errors(runner):
    """A missing, duplicated, foreign, truncated or malformed part: exit 2 and a message that says
    which; the output file is not written."""
    with tempfile.TemporaryDirectory() as scratch:
        p1, p2, p3 = run_shards(runner, 3, [SAMPLES], scratch)
        out = os.path.join(scratch, "merged.txt")

        def expect_error(parts, *needles):
            completed = runner.expect_exit(2, "merge", "-o", out, *parts)
            message = completed.stderr.decode(errors="replace")
            for needle in needles:
                check(needle in message, f"merge {parts}: stderr lacks {needle!r}:\n{message}")
            check(not os.path.exists(out), f"merge {parts} failed but wrote {out}")

        expect_error([p1, p3], "part 2/3 missing")
        expect_error([p1, p2, p2, p3], "part 2/3 is given twice", p2)
        os.makedirs(os.path.join(scratch, "two"))
        other = run_shards(runner, 2, [SAMPLES], os.path.join(scratch, "two"))
        expect_error([p1, p2, p3, other[0]], "parts of different runs")
        plain = os.path.join(scratch, "plain.jsonl")
        with open(plain, "wb") as f:
            f.write(runner.run("--format", "jsonl", "--no-progress", SAMPLES).stdout)
        expect_error([plain], f"{plain}:1:", "not a shard's part")
        # A part's name (or content) reaches the terminal inert.
        hostile = os.path.join(scratch, "part\x1b[31m.jsonl")
        shutil.copy(plain, hostile)
        completed = runner.expect_exit(2, "merge", "-o", out, hostile)
        check(b"\x1b" not in completed.stderr and b"part\\x1b[31m.jsonl" in completed.stderr,
              f"merge printed a control character: {completed.stderr!r}")
        with open(p2, encoding="utf-8") as f:
            lines = f.readlines()
        broken = os.path.join(scratch, "broken.jsonl")
        with open(broken, "w", encoding="utf-8") as f:
            f.writelines(lines[:4] + ['{"type":"game","file": oops\n'] + lines[5:])
        expect_error([p1, broken, p3], f"{broken}:5:", "malformed JSON")
        unknown = os.path.join(scratch, "unknown.jsonl")
        with open(unknown, "w", encoding="utf-8") as f:
            at = next(i for i, line in enumerate(lines) if '"type":"finding"' in line)
            f.writelines(lines[:at] + [lines[at].replace('"ply":', '"novel":1,"ply":', 1)] +
                         lines[at + 1:])
        expect_error([p1, unknown, p3], f"{unknown}:{at + 1}:", "unknown field 'novel'")
        truncated = os.path.join(scratch, "truncated.jsonl")
        with open(truncated, "w", encoding="utf-8") as f:
            f.writelines(lines[:-3])
        expect_error([p1, truncated, p3], truncated, "incomplete part")
        # pgn and html read the games' text from the inputs: a changed or missing one is named.
        inputs = make_merge_inputs(runner, scratch)
        changing = os.path.join(inputs, "tricky.pgn")
        os.makedirs(os.path.join(scratch, "text"))
        parts = run_shards(runner, 2, [inputs], os.path.join(scratch, "text"))
        for fmt in ("pgn", "html"):
            runner.expect_exit(1, "merge", "--format", fmt, "--inputs-from", inputs, "-o", out,
                               *parts)
            os.remove(out)
        original = open(changing, "rb").read()
        stamp = os.stat(changing)
        with open(changing, "wb") as f:
            f.write(original + b"\n")
        expect_error(["--format", "pgn", "--inputs-from", inputs, *parts], changing,
                     "changed since the parts were made")
        with open(changing, "wb") as f:  # the same size and time, one move changed
            f.write(original.replace(b"2. Ng1 Ng8", b"2. Nh3 Ng8", 1))
        os.utime(changing, ns=(stamp.st_atime_ns, stamp.st_mtime_ns))
        expect_error(["--format", "html", "--inputs-from", inputs, *parts], changing,
                     "not the text the parts audited")
        os.remove(changing)
        expect_error(["--format", "pgn", "--inputs-from", inputs, *parts], changing,
                     "cannot read it again")
        # Other formats do not read the inputs.
        runner.expect_exit(1, "merge", "--format", "jsonl", "-o", out, *parts)
        os.remove(out)
        # --shard writes parts only in JSON Lines.
        runner.expect_exit(2, "--shard", "1/2", "--format", "text", SAMPLES)
        runner.expect_exit(2, "--shard", "3/2", "--format", "jsonl", SAMPLES)
        # And the good parts still merge.
        runner.expect_exit(1, "merge", "-o", out, p3, p1, p2)
        check(os.path.exists(out), "merge of good parts wrote nothing")


def case_readme_excerpt(runner):
    """The arbiter's report quoted in README.md is what the tool prints for that file today."""
    with open(os.path.join(runner.root, "README.md"), encoding="utf-8") as f:
        readme = f.read()
    marker = re.search(r"<!-- readme-excerpt: (\S+)", readme)
    check(marker, "README.md has no readme-excerpt marker")
    block = re.search(r"```text\n(.*?)```", readme[marker.end():], re.S)
    check(block, "no ```text block after the readme-excerpt marker")
    excerpt = block.group(1).splitlines()
    completed = runner.run("--no-progress", "--color", "never", marker.group(1))
    output = completed.stdout.decode("utf-8").splitlines()
    starts = [i for i, line in enumerate(output) if line == excerpt[0]]
    check(starts, f"the excerpt's first line is not in the output: {excerpt[0]!r}")
    got = output[starts[0]:starts[0] + len(excerpt)]
    check(got == excerpt, "README.md's excerpt differs from the output:\n" + "\n".join(got))


def case_part_records_documented(runner):
    """Every field of every record of a shard's part is one docs/records.md lists for its type,
    and the part's header and shard-end records have all theirs."""
    with tempfile.TemporaryDirectory() as tmp:
        part = os.path.join(tmp, "part.jsonl")
        runner.run("--shard", "1/1", "--format", "jsonl", "--no-progress", "-o", part, SAMPLES)
        with open(part, encoding="utf-8") as f:
            records = [json.loads(line) for line in f]
    check([r["type"] for r in records[:1] + records[-2:]] == ["shard", "summary", "shard-end"],
          "a part is not its header, its records, its summary and its shard-end record")
    documented = {t: set(documented_fields(runner, t)) for t in RECORD_SECTIONS}
    for record in records:
        kind = record["type"]
        check(kind in documented, f"a {kind} record docs/records.md does not describe")
        undocumented = set(record) - documented[kind]
        check(not undocumented, f"{kind} fields not in docs/records.md: {sorted(undocumented)}")
    for kind in ("shard", "shard-end"):
        record = next(r for r in records if r["type"] == kind)
        check(set(record) == documented[kind], f"{kind} keys {sorted(record)}")


def case_architecture_table(runner):
    """Every file and function docs/architecture.md names for an article exists."""
    with open(os.path.join(runner.root, "docs", "architecture.md"), encoding="utf-8") as f:
        doc = f.read()
    check("<!-- architecture-table -->" in doc, "docs/architecture.md has no architecture-table")
    rows = re.findall(r"^\| *([^|]+?) *\| *([^|]*?) *\| *`([^`]+)` *\| *`([^`]+)` *\|$",
                      doc.split("<!-- architecture-table -->", 1)[1], re.M)
    check(len(rows) >= 10, f"only {len(rows)} rows in the article table")
    for article, _, path, function in rows:
        full = os.path.join(runner.root, path)
        check(os.path.isfile(full), f"{article}: {path} does not exist")
        with open(full, encoding="utf-8") as f:
            source = f.read()
        name = function.split("::")[-1].rstrip("()")
        check(re.search(r"\b" + re.escape(name) + r"\s*\(", source),
              f"{article}: {path} has no function {function}")


def case_lang_environment(runner):
    """LANG=es* gives the Spanish reports when no --lang is given; --lang wins over LANG."""
    spanish = runner.run("--no-progress", SAMPLES, env_extra={"LANG": "es_ES.UTF-8"}).stdout.decode()
    check("Resultado" in spanish and "consistent (" not in spanish,
          "LANG=es_ES.UTF-8 did not give Spanish")
    english = runner.run("--no-progress", "--lang", "en", SAMPLES,
                         env_extra={"LANG": "es_ES.UTF-8"}).stdout.decode()
    check("consistent (" in english and "Resultado" not in english,
          "--lang en did not win over LANG")
    jsonl = runner.run("--format", "jsonl", "--no-progress", SAMPLES,
                       env_extra={"LANG": "es_ES.UTF-8"}).stdout.decode()
    check("may claim a draw" in jsonl and "pueden reclamar" not in jsonl,
          "JSON Lines must keep the English messages")


def case_html_max_games(runner):
    """--html-max-games caps the game sections; the summary says how many were left out."""
    out = runner.run("--format", "html", "--no-progress", "--html-max-games", "3",
                     SAMPLES).stdout.decode()
    sections = len(re.findall(r'<section class="game"', out))
    check(sections == 3, f"{sections} game sections with --html-max-games 3")
    left_out = re.search(r"(\d+) games with findings were left out", out)
    total = re.search(r"3 of (\d+) games with findings are shown", out)
    check(left_out and total and int(left_out.group(1)) == int(total.group(1)) - 3,
          "the summary does not say how many games were left out")


def case_winnable(runner):
    """drawaudit winnable: one object per position, verdicts, replayable helpmates, errors."""
    import tempfile
    keys = ["line", "fen", "white", "black", "white_helpmate", "black_helpmate",
            "white_helpmate_plies", "black_helpmate_plies", "nodes", "microseconds"]
    one = runner.expect_exit(0, "winnable", "--fen", "8/8/4k3/8/8/2K5/8/7Q w - - 0 1")
    record = json.loads(one.stdout.decode())
    check(list(record) == keys, f"keys {list(record)}")
    check(record["line"] is None, f"line of --fen: {record['line']}")
    check(record["black"] == "unwinnable" and record["black_helpmate"] is None,
          f"lone black king: {record}")
    check(record["white"] == "winnable" and record["white_helpmate"], f"white with a queen: {record}")
    check(record["white_helpmate"][-1].endswith("#"), f"helpmate ends in mate: {record}")
    check(record["white_helpmate_plies"] == len(record["white_helpmate"])
          and record["black_helpmate_plies"] is None, f"helpmate lengths: {record}")
    # A composed position (two queens beside eight pawns) is judged, not refused as a game's
    # FEN tag would be.
    composed = json.loads(runner.expect_exit(
        0, "winnable", "--fen", "4k3/8/8/8/8/8/PPPPPPPP/2QQK3 w - - 0 1").stdout.decode())
    check("error" not in composed and composed["white"] == "winnable" and
          composed["black"] == "unwinnable", f"composed position: {composed}")
    with tempfile.TemporaryDirectory() as scratch:
        path = os.path.join(scratch, "positions.txt")
        with open(path, "w") as out:
            out.write("# a comment line\n")
            out.write("-- 2b1k3/8/8/1p1p1p1p/1P1P1P1P/8/8/2B1K3 w - -\n")
            out.write("8/8/8/8/8/8/8/8 w - - 0 1\n")
            out.write("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 SomeGameId\n")
        # The bad FEN of line 3 is answered with an error, the others still are: exit 2.
        full = runner.expect_exit(2, "winnable", "--positions", path).stdout.decode().splitlines()
        check(len(full) == 3, f"three positions, got {len(full)} lines")
        dead, bad, start = (json.loads(line) for line in full)
        check(dead["line"] == 2 and dead["white"] == dead["black"] == "unwinnable", f"dead: {dead}")
        check(bad["line"] == 3 and "error" in bad and "white" not in bad, f"bad FEN: {bad}")
        check(start["fen"] == "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
              f"extra field kept in the FEN: {start['fen']}")
        check(start["white"] == start["black"] == "winnable", f"start position: {start}")
        quick = runner.expect_exit(2, "winnable", "--quick", "--positions", path).stdout.decode()
        verdicts = [(r.get("white"), r.get("black")) for r in map(json.loads, quick.splitlines())]
        check(verdicts == [("unwinnable", "unwinnable"), (None, None),
                           ("undetermined", "undetermined")], f"--quick: {verdicts}")
        runner.expect_exit(2, "winnable", "--positions", os.path.join(scratch, "missing.txt"))
        # Issue 31: a labelled line echoes its label and says whether the verdicts agree.
        with open(path, "w") as out:
            out.write("-- 2b1k3/8/8/1p1p1p1p/1P1P1P1P/8/8/2B1K3 w - -\n")
            out.write("WB 2b1k3/8/8/1p1p1p1p/1P1P1P1P/8/8/2B1K3 w - -\n")
            out.write("WB rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq -\n")
            out.write("8/8/4k3/8/8/2K5/8/7Q w - - 0 1\n")
        answers = [json.loads(line) for line in
                   runner.expect_exit(0, "winnable", "--positions", path).stdout.decode().splitlines()]
        check([a.get("label") for a in answers] == ["--", "WB", "WB", None], f"labels: {answers}")
        check([a.get("agrees", "absent") for a in answers] == [True, False, True, "absent"],
              f"agrees: {answers}")
        check(list(answers[0])[:3] == ["line", "fen", "label"] and list(answers[0])[-1] == "agrees",
              f"field order: {list(answers[0])}")
        quick = [json.loads(line) for line in runner.expect_exit(
            0, "winnable", "--quick", "--positions", path).stdout.decode().splitlines()]
        check([a.get("agrees") for a in quick[:3]] == [True, False, None], f"--quick: {quick}")
    # Issue 31: a FEN that cannot be read is an error object and exit 2.
    bad = runner.expect_exit(2, "winnable", "--fen", "8/8/8/8 w - - 0 1")
    check("error" in json.loads(bad.stdout.decode()), f"bad --fen: {bad.stdout!r}")
    help_text = runner.expect_exit(0, "winnable", "--help").stdout.decode()
    check("drawaudit winnable --fen" in help_text and "Exit status: 0 every position" in help_text
          and "drawaudit games.pgn" not in help_text, f"winnable --help footer:\n{help_text}")


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


def case_duplicates_shards(runner):
    """--duplicates over the parts of a sharded run: a part reports no duplicates itself (it cannot
    know them all); merge finds them across the parts, so that every format equals the single
    --duplicates run, for N = 1, 2, 3, 7, also through --only and --severity."""
    with tempfile.TemporaryDirectory() as scratch:
        with open(os.path.join(runner.root, SAMPLES, "threefold.pgn"), encoding="utf-8") as source:
            games = pgn_games(source.read())
        conflicting = [game.replace('[Result "1/2-1/2"]', '[Result "1-0"]') for game in games]
        # Duplicates far apart in one plain file (cut into pieces), in other files, compressed.
        write(os.path.join(scratch, "inputs", "a.pgn"), "".join(games * 4 + conflicting))
        write(os.path.join(scratch, "inputs", "b.pgn"), "".join(reversed(games)))
        write(os.path.join(scratch, "inputs", "c.pgn"), "".join(conflicting[::2]))
        compress(os.path.join(scratch, "inputs", "c.pgn"), "gzip")
        inputs = ["inputs", os.path.join(runner.root, SAMPLES, "duplicates.pgn")]
        whole = jsonl_records(runner.run("--format", "jsonl", "--duplicates", *inputs, cwd=scratch))
        rules = [f["rule"] for f in findings_of(whole)]
        check(rules.count("duplicate-game") > 10 and rules.count("duplicate-conflict") > 10,
              f"too few duplicates to test: {rules.count('duplicate-game')} duplicate-game, "
              f"{rules.count('duplicate-conflict')} duplicate-conflict")
        os.makedirs(os.path.join(scratch, "parts"))
        parts_dir = os.path.join(scratch, "parts")
        check_merge(runner, inputs, parts_dir, cwd=scratch, extra=("--duplicates",))
        for part in os.listdir(parts_dir):
            found = [r for r in records_of(os.path.join(parts_dir, part))
                     if r.get("type") == "finding" and r["rule"].startswith("duplicate")]
            check(not found, f"the part {part} reports duplicates itself: {found[:2]}")
        check_merge(runner, inputs, parts_dir, cwd=scratch, counts=(3,),
                    extra=("--duplicates", "--only", "duplicate-conflict,threefold-claim",
                           "--severity", "duplicate-conflict=warning"))
        # Parts made with and without --duplicates are of different runs.
        with_keys = run_shards(runner, 2, inputs, parts_dir, cwd=scratch, extra=("--duplicates",))
        os.makedirs(os.path.join(scratch, "plain"))
        without = run_shards(runner, 2, inputs, os.path.join(scratch, "plain"), cwd=scratch)
        completed = runner.expect_exit(2, "merge", with_keys[0], without[1], cwd=scratch)
        check("different options" in completed.stderr.decode(), completed.stderr.decode())
        # A baseline would need the duplicates the part cannot know yet.
        baseline = os.path.join(scratch, "baseline.jsonl")
        write(baseline, "")
        for option in (("--baseline", baseline), ("--write-baseline", baseline)):
            completed = runner.expect_exit(2, "--format", "jsonl", "--shard", "1/2", "--duplicates",
                                           *option, *inputs, cwd=scratch)
            check(option[0] in completed.stderr.decode(), completed.stderr.decode())


def forged_part(runner, scratch, target, name="forged.jsonl"):
    """A part written by hand (as anyone may), naming `target` as its one input, read whole and
    holding no game, with its real size and modification time (which anyone can stat): a merge
    that trusted it would copy `target` into a pgn or html report as the text after the games."""
    empty = os.path.join(scratch, "empty.pgn")
    write(empty, "")
    part = os.path.join(scratch, name)
    runner.expect_exit(0, "--format", "jsonl", "--no-progress", "--shard", "1/1", "-o", part, empty)
    with open(part, encoding="utf-8") as f:
        lines = f.readlines()
    header = json.loads(lines[0])
    info = os.stat(target)
    header["inputs"] = [{"path": target, "size": info.st_size, "mtime": info.st_mtime_ns,
                         "split": False}]
    lines[0] = json.dumps(header, separators=(",", ":")) + "\n"
    with open(part, "w", encoding="utf-8") as f:
        f.writelines(lines)
    return part


def merge_within(runner, seconds, *args, cwd=None):
    """drawaudit merge ARGS, a failure (not a hang of the whole suite) after `seconds`."""
    try:
        return subprocess.run([runner.binary, "merge", *args], cwd=cwd or runner.root,
                              capture_output=True, timeout=seconds,
                              env={**os.environ, "ASAN_OPTIONS": "detect_leaks=0"})
    except subprocess.TimeoutExpired:
        raise Failure(f"drawaudit merge {' '.join(args)} still ran after {seconds} s")


def expect_refused(completed, part, path, *needles):
    """Exit 2 and an error that names the part (its header line) and the refused path."""
    message = completed.stderr.decode(errors="replace")
    check(completed.returncode == 2, f"exit {completed.returncode}, expected 2:\n{message}")
    for needle in (f"{part}:1:", path, *needles):
        check(needle in message, f"the error lacks {needle!r}:\n{message}")


def case_merge_spanish(runner):
    """Issue 26: a Spanish merge of two shards says every finding as the Spanish run without
    shards does, also where it reads the sentence back from the English message: repetitions
    listing more than ten occurrences and threefold claims declared with several moves. (The
    findings of --trf never reach a merge: --trf refuses --shard; their read-back is a unit test
    of tests/report/messages_test.cpp.)"""
    inputs = [SAMPLES, f"{FIXTURES}/long-repetition.pgn"]
    whole = jsonl_records(runner.run("--format", "jsonl", "--no-progress", *inputs))
    messages = [f["message"] for f in findings_of(whole)]
    check(any(" more, then " in m for m in messages),
          "no repetition beyond ten occurrences to read back")
    check(any(m.count("occurrence; before:") > 1 for m in messages),
          "no threefold claim declared with several moves to read back")
    with tempfile.TemporaryDirectory() as scratch:
        check_merge(runner, inputs, scratch, counts=(2,), report=("--lang", "es"),
                    formats=["text"])
        parts = run_shards(runner, 2, inputs, scratch)
        merged = runner.run("merge", "--format", "text", "--lang", "es", *parts).stdout.decode()
        for english in ("may claim", " more, then ", "occurrence; before"):
            check(english not in merged, f"English in the Spanish merge: {english!r}")

def case_merge_refuses_input_outside_allowed(runner):
    """A part naming /etc/passwd under merge --format pgn: refused, with the part and the path
    named, whether no input is allowed or only another directory; nothing of it in the report."""
    with tempfile.TemporaryDirectory() as scratch:
        part = forged_part(runner, scratch, "/etc/passwd")
        with open("/etc/passwd", "rb") as f:
            secret = f.read().split(b"\n")[0]
        for allow in ((), ("--inputs-from", scratch)):
            completed = merge_within(runner, 60, "--format", "pgn", *allow, part)
            expect_refused(completed, part, "/etc/passwd")
            check(secret not in completed.stdout and secret not in completed.stderr,
                  f"merge {allow} copied /etc/passwd into its output")
        out = os.path.join(scratch, "merged.pgn")
        completed = merge_within(runner, 60, "--format", "html", "--inputs-from", scratch, "-o", out,
                                 part)
        expect_refused(completed, part, "/etc/passwd", "--inputs-from")
        check(not os.path.exists(out), "a refused merge wrote its report")


def case_merge_refuses_fifo_input(runner):
    """A part naming a FIFO inside an allowed directory: refused at once (a regular file only),
    never a merge that waits for a writer."""
    with tempfile.TemporaryDirectory() as scratch:
        fifo = os.path.join(scratch, "games.pgn")
        os.mkfifo(fifo)
        part = forged_part(runner, scratch, fifo)
        completed = merge_within(runner, 30, "--format", "pgn", "--inputs-from", scratch, part)
        expect_refused(completed, part, fifo, "not a regular file")


def case_merge_refuses_device_input(runner):
    """A part naming /dev/zero, even where /dev is allowed: refused (not a regular file), never
    read without end."""
    with tempfile.TemporaryDirectory() as scratch:
        part = forged_part(runner, scratch, "/dev/zero")
        completed = merge_within(runner, 30, "--format", "pgn", "--inputs-from", "/dev", part)
        expect_refused(completed, part, "/dev/zero", "not a regular file")


def case_merge_refuses_symlink_out_of_allowed(runner):
    """A symlink inside an allowed directory to a file outside it: refused, its target unread."""
    with tempfile.TemporaryDirectory() as scratch:
        write(os.path.join(scratch, "outside", "secret.pgn"), "[Event \"secret\"]\n\n1. e4 *\n")
        os.makedirs(os.path.join(scratch, "inputs"))
        link = os.path.join(scratch, "inputs", "link.pgn")
        os.symlink(os.path.join(scratch, "outside", "secret.pgn"), link)
        part = forged_part(runner, scratch, link)
        completed = merge_within(runner, 60, "--format", "pgn", "--inputs-from",
                                 os.path.join(scratch, "inputs"), part)
        expect_refused(completed, part, link, "outside --inputs-from")
        check(b"secret" not in completed.stdout, "merge read the symlink's target")


def case_merge_refuses_sibling_sharing_allowed_prefix(runner):
    """--inputs-from DIR allows what lies below DIR, not a sibling whose name begins like it
    (inputs-old/ is not inside inputs/)."""
    with tempfile.TemporaryDirectory() as scratch:
        sibling = os.path.join(scratch, "inputs-old", "games.pgn")
        write(sibling, "[Event \"old\"]\n\n1. e4 *\n")
        os.makedirs(os.path.join(scratch, "inputs"))
        part = forged_part(runner, scratch, sibling)
        completed = merge_within(runner, 60, "--format", "pgn", "--inputs-from",
                                 os.path.join(scratch, "inputs"), part)
        expect_refused(completed, part, sibling, "outside --inputs-from")


def case_merge_pgn_needs_allowed_inputs(runner):
    """merge --format pgn of honest parts without --inputs-from: exit 2 and a message saying how to
    allow the inputs; with it, the run's report; --format jsonl needs no inputs and no option."""
    with tempfile.TemporaryDirectory() as scratch:
        parts = run_shards(runner, 2, [SAMPLES], scratch)
        completed = merge_within(runner, 120, "--format", "pgn", *parts)
        message = completed.stderr.decode(errors="replace")
        check(completed.returncode == 2 and "--inputs-from" in message,
              f"merge --format pgn without --inputs-from: exit {completed.returncode}\n{message}")
        check(completed.stdout == b"", "a refused merge wrote a report")
        whole = runner.run("--format", "pgn", "--no-progress", SAMPLES)
        allowed = merge_within(runner, 120, "--format", "pgn", "--inputs-from", SAMPLES, *parts)
        check(allowed.returncode == whole.returncode and allowed.stdout == whole.stdout,
              f"merge --format pgn --inputs-from {SAMPLES} differs from the run "
              f"(exit {allowed.returncode})\n{allowed.stderr.decode(errors='replace')}")
        jsonl = merge_within(runner, 120, "--format", "jsonl", *parts)
        check(jsonl.returncode == 1, f"merge --format jsonl: exit {jsonl.returncode}\n"
              f"{jsonl.stderr.decode(errors='replace')}")


def expect_config_refused(runner, content, *needles):
    """Runs the audit with `content` as its config file: a usage error (exit 2) naming the file
    and each needle on stderr, and no report at all."""
    with tempfile.TemporaryDirectory() as scratch:
        config = os.path.join(scratch, "ci.toml")
        with open(config, "wb") as out:
            out.write(content)
        completed = runner.expect_exit(2, "--config", config, "--format", "jsonl", "--no-progress",
                                       f"{FIXTURES}/warning-only.pgn")
        stderr = completed.stderr.decode("utf-8", errors="replace")
        check(config in stderr, f"the config file is not named: {stderr!r}")
        for needle in needles:
            check(needle in stderr, f"{needle!r} not in {stderr!r}")
        check(not completed.stdout, "a report was written despite the bad config file")
        return stderr


def case_config_unknown_key(runner):
    """Issue 30: an unknown key in the config file is a usage error naming file, line and key (a
    misspelt fail-on no longer switches a CI gate off quietly); an underscore gets a hint."""
    expect_config_refused(runner, b'format = "jsonl"\nfailon = "info"\n', ":2:", "'failon'")
    expect_config_refused(runner, b'# gate\nfail_on = "info"\n', ":2:", "'fail_on'", "'fail-on'")
    expect_config_refused(runner, b'paths = ["x.pgn"]\n', ":1:", "'paths'")


def case_config_bad_value(runner):
    """Issue 30: a value the option refuses (a set, a range, a rule id, a type) is a usage error
    naming file, line and key, as on the command line."""
    expect_config_refused(runner, b'\n\nfail-on = "infos"\n', ":3:", "'fail-on'", "infos")
    expect_config_refused(runner, b'jobs = 0\n', ":1:", "'jobs'")
    expect_config_refused(runner, b'only = ["threefold-claim", "no-such-rule"]\n', ":1:", "no-such-rule")
    expect_config_refused(runner, b'format = ["jsonl", "csv"]\n', ":1:", "'format'")
    expect_config_refused(runner, b'progress = "yes"\n', ":1:", "'progress'")
    expect_config_refused(runner, b'laws = 2023\nlaws = "1997"\n', ":2:", "'laws'")
    expect_config_refused(runner, b'jobs = 2.5\n', ":1:", "'jobs'")


def case_config_table(runner):
    """Issue 30: a table header ([drawaudit]) or a dotted key is a usage error naming the line;
    its keys are never dropped silently."""
    expect_config_refused(runner, b'# ci\n[drawaudit]\nfail-on = "info"\n', ":2:", "table")
    expect_config_refused(runner, b'drawaudit.fail-on = "info"\n', ":1:", "dotted key")


def case_config_encoding(runner):
    """Issue 30: a UTF-8 byte-order mark is skipped (the keys still apply); UTF-16 and UTF-32
    text and bytes that are not UTF-8 are usage errors naming the file (and line)."""
    with tempfile.TemporaryDirectory() as scratch:
        config = os.path.join(scratch, "bom.toml")
        with open(config, "wb") as out:
            out.write(b'\xef\xbb\xbffail-on = "never"\nformat = "jsonl"\n')
        completed = runner.expect_exit(0, "--config", config, "--no-progress", f"{FIXTURES}/warning-only.pgn")
        check(completed.stdout.startswith(b'{"type":'), "the keys after a UTF-8 byte-order mark not applied")
    text = 'fail-on = "info"\n'
    expect_config_refused(runner, b"\xff\xfe" + text.encode("utf-16-le"), "UTF-16")
    expect_config_refused(runner, b"\xfe\xff" + text.encode("utf-16-be"), "UTF-16")
    expect_config_refused(runner, b"\xff\xfe\x00\x00" + text.encode("utf-32-le"), "UTF-32")
    expect_config_refused(runner, b'format = "jsonl"\nlang = "\xe9s"\n', ":2:", "UTF-8")
    expect_config_refused(runner, b'fail-on = "info"\x00\n', ":1:", "control character")


def case_config_bracket_bomb(runner):
    """Issue 30: 200 KB of '[' (and a file past the size limit) is a usage error at once, in
    bounded memory."""
    started = time.monotonic()
    expect_config_refused(runner, b"[" * 200_000, ":1:")
    expect_config_refused(runner, b"only = " + b"[" * 200_000, ":1:")
    expect_config_refused(runner, b"# x\n" * 300_000, "larger than")
    check(time.monotonic() - started < 30, "the bad config files took more than 30 s")


def case_winnable_fen_repaired(runner):
    """Issue 30: winnable --fen reads as the FEN tag does: KQkq without rooks, an impossible
    en-passant square and clocks of -5 or 10^20 are repaired and said (repaired_fen, repairs);
    a clean EPD-style line (no clocks) has no repairs."""
    answer = json.loads(runner.expect_exit(
        0, "winnable", "--quick", "--fen",
        "4k3/8/8/8/8/8/8/4K3 w KQkq e3 -5 100000000000000000000").stdout.decode())
    check(answer.get("repaired_fen") == "4k3/8/8/8/8/8/8/4K3 w - - 0 1", f"answer: {answer}")
    repairs = " | ".join(answer.get("repairs", []))
    for part in ("castling right K dropped", "en-passant square e3 dropped", "halfmove clock '-5'",
                 "move number '100000000000000000000'"):
        check(part in repairs, f"{part!r} not in the repairs: {repairs}")
    clean = json.loads(runner.expect_exit(
        0, "winnable", "--quick", "--fen", "4k3/8/8/8/8/8/8/4K3 w - -").stdout.decode())
    check("repairs" not in clean and "repaired_fen" not in clean, f"clean position: {clean}")


# Issue 31, "the first hour".
def findings_by_severity(runner, *args):
    """The findings of a JSON Lines run over sample_pgns/, by severity: {severity: count}."""
    completed = runner.run("--format", "jsonl", "--no-progress", *args, SAMPLES)
    counts = {}
    for record in findings_of(jsonl_records(completed)):
        counts[record["severity"]] = counts.get(record["severity"], 0) + 1
    return counts, jsonl_records(completed)[-1]


def case_min_severity(runner):
    """--min-severity LEVEL (and the config key min-severity) leaves out the findings below LEVEL
    from every format, after --severity; the summary counts them; they do not count for
    --fail-on; and a sharded run's merge says the same."""
    everything, summary = findings_by_severity(runner)
    check(everything.get("info") and everything.get("warning") and everything.get("error"),
          f"sample_pgns/ lacks a level: {everything}")
    check("below_min_severity" not in summary, "below_min_severity without --min-severity")
    kept, summary = findings_by_severity(runner, "--min-severity", "warning")
    check(kept == {k: v for k, v in everything.items() if k != "info"}, f"kept {kept}")
    check(summary.get("below_min_severity") == everything["info"], f"summary: {summary}")
    kept, summary = findings_by_severity(runner, "--min-severity", "error")
    check(kept == {"error": everything["error"]}, f"kept {kept}")
    check(summary.get("below_min_severity") == everything["info"] + everything["warning"],
          f"summary: {summary}")
    raised, _ = findings_by_severity(runner, "--min-severity", "error", "--severity",
                                     "early-agreement=error")
    check(raised["error"] > everything["error"], "--severity is not applied before --min-severity")
    text = runner.run("--no-progress", "--min-severity", "warning", SAMPLES).stdout.decode()
    check(f"Left out: {everything['info']} findings below --min-severity warning." in text,
          f"the text summary does not say what was left out:\n{text[-1500:]}")
    spanish = runner.run("--no-progress", "--lang", "es", "--min-severity", "warning",
                         SAMPLES).stdout.decode()
    check(f"Omitidos: {everything['info']} hallazgos por debajo de --min-severity warning." in
          spanish, "the Spanish summary does not say what was left out")
    # Every format: no finding below the level (CSV's severity column, SARIF's level, github).
    rows = runner.run("--format", "csv", "--no-progress", "--min-severity", "error",
                      SAMPLES).stdout.decode().splitlines()
    column = rows[0].split(",").index("severity")
    check(len(rows) > 1 and all(row.split(",")[column] == "error" for row in rows[1:]
                                if row.count(",") >= column), "csv keeps lower findings")
    sarif = json.loads(runner.run("--format", "sarif", "--no-progress", "--min-severity", "error",
                                  SAMPLES).stdout)
    levels = {result["level"] for result in sarif["runs"][0]["results"]}
    check(levels == {"error"}, f"sarif levels under --min-severity error: {levels}")
    for fmt in ("pgn", "html", "stats", "games-csv"):
        runner.expect_exit(1 if fmt in ("pgn", "html") else 0, "--format", fmt, "--no-progress",
                           "--min-severity", "error", SAMPLES)
    # Left out, a warning does not fail the run; the config key does what the option does.
    warning = f"{FIXTURES}/warning-only.pgn"
    runner.expect_exit(1, "--no-progress", "--fail-on", "warning", warning)
    runner.expect_exit(0, "--no-progress", "--fail-on", "warning", "--min-severity", "error", warning)
    with tempfile.TemporaryDirectory() as scratch:
        config = os.path.join(scratch, "ci.toml")
        write(config, 'min-severity = "warning"\nformat = "jsonl"\n')
        by_config = runner.run("--config", config, "--no-progress", SAMPLES)
        by_option = runner.run("--format", "jsonl", "--no-progress", "--min-severity", "warning",
                               SAMPLES)
        check(normalise(by_config.stdout.decode(), runner.root) ==
              normalise(by_option.stdout.decode(), runner.root), "the config key differs")
        write(config, 'min-severity = "loud"\n')
        runner.expect_exit(2, "--config", config, SAMPLES)
        # A sharded run's merge: the same report, the same summary line.
        check_merge(runner, [SAMPLES], scratch, counts=(2,), formats=["jsonl", "text", "github"],
                    extra=("--min-severity", "warning"))


def case_github_notices(runner):
    """--format github shows warnings and errors, and ends with one ::notice line saying how many
    notices it left out; --min-severity info shows them all, and merge does as the run."""
    everything, _ = findings_by_severity(runner)
    lines = runner.run("--format", "github", "--no-progress", SAMPLES).stdout.decode().splitlines()
    check(sum(line.startswith("::error ") for line in lines) == everything["error"], "errors")
    check(sum(line.startswith("::warning ") for line in lines) == everything["warning"], "warnings")
    notices = [line for line in lines if line.startswith("::notice")]
    check(len(notices) == 1 and lines[-1] == notices[0], f"notices: {notices[:3]}")
    check(lines[-1].startswith(f"::notice title=drawaudit::{everything['info']} notices left out")
          and "--min-severity info" in lines[-1], f"last line: {lines[-1]}")
    every = runner.run("--format", "github", "--no-progress", "--min-severity", "info",
                       SAMPLES).stdout.decode().splitlines()
    check(sum(line.startswith("::notice ") for line in every) == everything["info"] and
          "left out" not in every[-1], "--min-severity info does not list every notice")
    # Under --min-severity warning the notices are left out before the writer: still counted.
    warned = runner.run("--format", "github", "--no-progress", "--min-severity", "warning",
                        SAMPLES).stdout.decode().splitlines()
    check(warned == lines, "--min-severity warning differs from github's default")


def case_data_formats_exit(runner):
    """stats and games-csv are data for scripts: exit 0 whatever the findings, unless --fail-on is
    given (as an option or in the config file); the other formats still exit 1."""
    illegal = f"{FIXTURES}/illegal-move.pgn"
    for fmt in ("stats", "games-csv"):
        runner.expect_exit(0, "--format", fmt, "--no-progress", illegal)
        runner.expect_exit(1, "--format", fmt, "--no-progress", "--fail-on", "error", illegal)
        runner.expect_exit(1, "--format", fmt, "--no-progress", "--fail-on", "warning", illegal)
        with tempfile.TemporaryDirectory() as scratch:
            config = os.path.join(scratch, "ci.toml")
            write(config, 'fail-on = "error"\n')
            runner.expect_exit(1, "--config", config, "--format", fmt, "--no-progress", illegal)
    runner.expect_exit(1, "--format", "csv", "--no-progress", illegal)
    runner.expect_exit(2, "--format", "stats", "--no-progress", "tests/cli/fixtures/missing.pgn")
    help_text = runner.run("--help").stdout.decode()
    check("stats and games-csv: never unless given" in help_text,
          "--help does not say how the data formats exit")
    with tempfile.TemporaryDirectory() as scratch:
        parts = run_shards(runner, 2, [illegal], scratch)
        runner.expect_exit(0, "merge", "--format", "stats", *parts)
        runner.expect_exit(1, "merge", "--format", "stats", "--fail-on", "error", *parts)


def case_no_input_readable(runner):
    """When not one input could be read: each named on stderr, exit 2, nothing on standard output
    (no empty summary) in any format, and no -o file."""
    for fmt in FORMATS + ["html"]:
        completed = runner.expect_exit(2, "--format", fmt, "--no-progress", "nosuch.pgn",
                                       "nosuch-dir/")
        check(completed.stdout == b"", f"--format {fmt}: stdout {completed.stdout[:200]!r}")
        stderr = completed.stderr.decode()
        check("nosuch.pgn" in stderr and "nosuch-dir" in stderr, f"stderr: {stderr}")
    with tempfile.TemporaryDirectory() as scratch:
        report = os.path.join(scratch, "report.jsonl")
        runner.expect_exit(2, "--format", "jsonl", "-o", report, "nosuch.pgn")
        check(not os.path.exists(report), "an -o file was written")
    # One readable input among them: the report as before.
    completed = runner.expect_exit(2, "--format", "jsonl", "--no-progress", "nosuch.pgn",
                                   f"{FIXTURES}/clean.pgn")
    check(jsonl_records(completed)[-1]["type"] == "summary", "the readable input's report")


def case_help_plain(runner):
    """--help of drawaudit and of every subcommand shows value names (FILE, N, LEVEL), never
    CLI11's type noise (TEXT, UINT:UINT in [...], {a,b}, {false}); each subcommand ends with its
    own footer, not the audit's examples."""
    main_help = runner.expect_exit(0, "--help").stdout.decode()
    subcommands = re.findall(r"^  ([a-z][a-z-]*) ", main_help.split("Subcommands:", 1)[1].split("\n\n", 1)[0], re.M)
    check({"merge", "winnable", "perft"} <= set(subcommands), f"subcommands: {subcommands}")
    noise = re.compile(r"\b(TEXT|INT|UINT|FLOAT|ENUM|BOOLEAN)\b|\{(false|true)\}| in \[|:\{|->")
    for command in [[]] + [[name] for name in subcommands]:
        text = runner.expect_exit(0, *command, "--help").stdout.decode()
        options = "\n".join(line for line in text.splitlines() if line.startswith("  -"))
        found = noise.search(options)
        check(found is None, f"{command} --help: {found and found.group(0)!r} in\n{options}")
        if command:
            check("drawaudit games.pgn" not in text and "Exit status:" in text,
                  f"{command} --help has no footer of its own:\n{text[-600:]}")
    check("--format FORMAT" in main_help and "--min-severity LEVEL" in main_help, main_help[:2000])


def case_dask_binary(runner):
    """The Dask driver finds its drawaudit as a user has it: $DRAWAUDIT, a drawaudit on PATH,
    the release build, or scripts/run.sh's build/run/app/drawaudit (without Dask installed)."""
    import importlib.util
    spec = importlib.util.spec_from_file_location(
        "dask_audit", os.path.join(runner.root, "scripts", "dask-audit.py"))
    driver = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(driver)
    with tempfile.TemporaryDirectory() as scratch:
        def executable(*parts):
            path = os.path.join(scratch, *parts)
            os.makedirs(os.path.dirname(path), exist_ok=True)
            write(path, "#!/bin/sh\n")
            os.chmod(path, 0o755)
            return path
        root, empty = os.path.join(scratch, "clone"), os.path.join(scratch, "empty")
        os.makedirs(empty)
        check(driver.default_binary({"PATH": empty}, root) is None, "a binary found in nothing")
        run_build = executable("clone", "build", "run", "app", "drawaudit")
        check(driver.default_binary({"PATH": empty}, root) == run_build, "run.sh's build not found")
        release = executable("clone", "build", "release", "app", "drawaudit")
        check(driver.default_binary({"PATH": empty}, root) == release, "the release build first")
        installed = executable("bin", "drawaudit")
        check(driver.default_binary({"PATH": os.path.dirname(installed)}, root) == installed,
              "a drawaudit on PATH not found")
        chosen = executable("elsewhere", "drawaudit")
        check(driver.default_binary({"PATH": os.path.dirname(installed), "DRAWAUDIT": chosen},
                                    root) == chosen, "$DRAWAUDIT not first")


def fake_run_checkout(runner, scratch, build_output, drawaudit_exit):
    """A checkout for scripts/run.sh whose deps.sh and cmake are stand-ins: cmake --build prints
    `build_output` and puts a drawaudit there that exits `drawaudit_exit` (or the real binary
    when None). Returns (run.sh's path, the environment)."""
    clone, tools = os.path.join(scratch, "clone"), os.path.join(scratch, "tools")
    os.makedirs(os.path.join(clone, "scripts"))
    os.makedirs(tools)
    shutil.copy(os.path.join(runner.root, "scripts", "run.sh"), os.path.join(clone, "scripts"))
    write(os.path.join(clone, "scripts", "deps.sh"), "#!/bin/sh\nexit 0\n")
    binary = os.path.join(clone, "build", "run", "app", "drawaudit")
    target = (f"#!/bin/sh\nexit {drawaudit_exit}\n" if drawaudit_exit is not None
              else f"#!/bin/sh\nexec {runner.binary} \"$@\"\n")
    write(os.path.join(tools, "cmake"), f"""#!/bin/sh
if [ "$1" = "--build" ]; then
  printf '%s' '{build_output}'
  mkdir -p {os.path.dirname(binary)}
  printf '%s' '{target}' > {binary}
  chmod +x {binary}
else
  mkdir -p {clone}/build/run && touch {clone}/build/run/CMakeCache.txt
fi
""")
    for script in (os.path.join(tools, "cmake"), os.path.join(clone, "scripts", "deps.sh")):
        os.chmod(script, 0o755)
    env = dict(os.environ, PATH=tools + os.pathsep + os.environ["PATH"])
    return os.path.join(clone, "scripts", "run.sh"), env


def case_run_script(runner):
    """scripts/run.sh says what it does on stderr: configuring the first time, the build's steps
    counted (a line per tenth off a terminal), nothing when there is nothing to build; and when
    drawaudit exits 1, one line saying what 1 means and what --fail-on changes."""
    steps = "".join(f"[{n}/40] Building CXX object x{n}.o\n" for n in range(1, 41))
    with tempfile.TemporaryDirectory() as scratch:
        script, env = fake_run_checkout(runner, scratch, steps, None)
        first = subprocess.run([script, "--no-progress", f"{runner.root}/{FIXTURES}/illegal-move.pgn"],
                               capture_output=True, env=env, timeout=120)
        stderr = first.stderr.decode()
        check(first.returncode == 1, f"run.sh exit {first.returncode}: {stderr}")
        check("configuring the build in build/run" in stderr, f"no configuring line: {stderr}")
        counted = re.findall(r"building drawaudit: step (\d+) of 40", stderr)
        check(counted and counted[-1] == "40" and len(counted) <= 11, f"steps: {counted}")
        hint = [line for line in stderr.splitlines() if "exit status 1" in line]
        check(len(hint) == 1 and "error level" in hint[0] and "--fail-on never" in hint[0],
              f"no line on exit 1: {stderr}")
        check(b"illegal-move" in first.stdout, "the report is not on stdout")
        clean = subprocess.run([script, "--no-progress", f"{runner.root}/{FIXTURES}/clean.pgn"],
                               capture_output=True, env=env, timeout=120)
        check(clean.returncode == 0 and "configuring" not in clean.stderr.decode() and
              "exit status" not in clean.stderr.decode(), f"second run: {clean.stderr!r}")
    with tempfile.TemporaryDirectory() as scratch:
        script, env = fake_run_checkout(runner, scratch, "ninja: no work to do.\n", 0)
        subprocess.run([script], capture_output=True, env=env, timeout=60)
        again = subprocess.run([script], capture_output=True, env=env, timeout=60)
        check(again.returncode == 0 and again.stderr == b"",
              f"nothing to build, still: {again.stderr!r}")
    with tempfile.TemporaryDirectory() as scratch:
        script, env = fake_run_checkout(runner, scratch, "[1/2] cc x.o\nx.cpp:1: error: boom\n", 0)
        with open(os.path.join(scratch, "tools", "cmake"), "a") as cmake:
            cmake.write('if [ "$1" = "--build" ]; then exit 1; fi\n')
        failed = subprocess.run([script], capture_output=True, env=env, timeout=60)
        check(failed.returncode == 2 and b"error: boom" in failed.stderr and
              b"the build failed" in failed.stderr, f"a failed build: {failed.stderr!r}")


def claim_golden_path(runner, name):
    return os.path.join(runner.root, EXPECTED, f"claim.{name}")


def run_claim_golden(runner, name):
    args, status = CLAIM_GOLDENS[name]
    completed = runner.expect_exit(status, *args)
    check(completed.stderr == b"", f"{name}: unexpected stderr:\n{completed.stderr.decode(errors='replace')}")
    return normalise(completed.stdout.decode("utf-8"), runner.root)


def case_claim_goldens(runner):
    """drawaudit claim: every golden ruling (text, json, html; en, es) byte for byte; the json
    ones parse and carry every field of RULES.md; the html ones are self-contained."""
    for name in CLAIM_GOLDENS:
        actual = run_claim_golden(runner, name)
        check_golden(actual, claim_golden_path(runner, name), f"claim {name}")
        if name.endswith(".json"):
            record = json.loads(actual)
            for field in ("file", "game", "line", "white", "black", "round", "board", "laws",
                          "time_control", "ply", "move", "claimant", "written_move", "ruling",
                          "threefold", "fifty", "ended", "time_added_seconds", "notes", "fen"):
                check(field in record, f"claim {name}: no field {field}")
            check(record["ruling"] in ("correct", "incorrect", "game-over"), record["ruling"])
        if name.endswith(".html"):
            check("<script" not in actual and "http://" not in actual.replace(
                "http://www.w3.org/2000/svg", ""), f"claim {name}: not self-contained")



def case_arbiter_doc_claim(runner):
    """Every `drawaudit claim` example of docs/arbiter.md prints today what the page shows."""
    with open(os.path.join(runner.root, "docs", "arbiter.md"), encoding="utf-8") as f:
        doc = f.read()
    blocks = re.findall(r"```console\n\$ drawaudit (claim [^\n]*)\n(.*?)```", doc, re.S)
    check(len(blocks) >= 3, f"only {len(blocks)} claim examples in docs/arbiter.md")
    for command, shown in blocks:
        completed = runner.run(*shlex.split(command))
        check(completed.returncode in (0, 1), f"{command}: exit {completed.returncode}")
        actual = normalise(completed.stdout.decode("utf-8"), runner.root)
        if actual != shown:
            diff = "".join(difflib.unified_diff(shown.splitlines(True), actual.splitlines(True),
                                                "docs/arbiter.md", "actual", n=1))
            raise Failure(f"docs/arbiter.md: {command}:\n{diff[:4000]}")

def case_claim_errors(runner):
    """drawaudit claim: usage and input errors exit 2 and name file, game and line; no game or
    several list the candidates; a correct claim exits 0, an incorrect one 1; standard input."""
    threefold = "sample_pgns/threefold.pgn"
    several = runner.expect_exit(2, "claim", threefold)
    message = several.stderr.decode()
    check("10 games match" in message and "game 7 (line 77): round 7" in message, message)
    none = runner.expect_exit(2, "claim", threefold, "--player", "nobody").stderr.decode()
    check("no game matches" in none and "game 1 (line 1)" in none, none)
    wrong_at = runner.expect_exit(2, "claim", threefold, "--game", "1", "--at", "3. Nc3")
    check("claim: sample_pgns/threefold.pgn:11: game 1: --at 3. Nc3: the record has 3. Nf3 there"
          in wrong_at.stderr.decode(), wrong_at.stderr.decode())
    unreadable = runner.expect_exit(2, "claim", threefold, "--game", "1", "--move", "Zz9")
    check(":11: game 1: --move Zz9: not a move" in unreadable.stderr.decode(),
          unreadable.stderr.decode())
    ambiguous = runner.expect_exit(2, "claim", "tests/cli/fixtures/claim-round.pgn", "--game", "1",
                                   "--at", "10... Nbd7", "--move", "Nd2")
    check("[written-move-ambiguous]" in ambiguous.stderr.decode() and
          "Nbd2" in ambiguous.stderr.decode() and "Nfd2" in ambiguous.stderr.decode(),
          ambiguous.stderr.decode())
    broken = runner.expect_exit(2, "claim", "sample_pgns/errors.pgn", "--game", "1")
    check("claim: sample_pgns/errors.pgn:10: game 1: the record cannot be replayed past"
          in broken.stderr.decode(), broken.stderr.decode())
    runner.expect_exit(2, "claim", "no-such-file.pgn")
    runner.expect_exit(2, "claim", threefold, "--game", "1", "--format", "yaml")
    past = runner.expect_exit(2, "claim", threefold, "--game", "1", "--at-ply", "99")
    check(":11: game 1: position 99 is past the record" in past.stderr.decode(),
          past.stderr.decode())
    with open(os.path.join(runner.root, "tests/cli/fixtures/claim-round.pgn"), "rb") as f:
        text = f.read()
    piped = runner.expect_exit(0, "claim", "-", "--game", "1", "--move", "Nf1", "--format", "json",
                               stdin=text)
    check(json.loads(piped.stdout)["threefold"]["route"] == "declared", piped.stdout.decode())
    runner.expect_exit(1, "claim", "-", "--game", "2", stdin=text)
    es = runner.expect_exit(0, "claim", threefold, "--game", "1", env_extra={"LANG": "es_ES.UTF-8"})
    check(es.stdout.decode().startswith("CORRECTA: Las blancas"), es.stdout.decode()[:200])
    # Every error in Spanish too (--lang es, or LANG=es_*), still naming file, game and line.
    def spanish_error(expected, *args, env_extra=None):
        completed = runner.expect_exit(2, "claim", *args, env_extra=env_extra)
        message = completed.stderr.decode()
        check(expected in message, f"{args}: {message}")
        return message
    several_es = spanish_error("claim: sample_pgns/threefold.pgn: coinciden 10 partidas; elija una",
                               threefold, "--lang", "es")
    check("  partida 7 (línea 77): ronda 7" in several_es, several_es)
    none_es = spanish_error("ninguna partida coincide; las partidas del archivo:", threefold,
                            "--player", "nobody", env_extra={"LANG": "es_ES.UTF-8"})
    check("  partida 1 (línea 1)" in none_es, none_es)
    spanish_error("claim: sample_pgns/threefold.pgn:11: partida 1: --at 3. Cc3: la planilla tiene "
                  "3. Cf3 ahí", threefold, "--game", "1", "--at", "3. Cc3", "--lang", "es")
    spanish_error(":11: partida 1: --at 99. Cf3: la planilla no tiene esa jugada (termina en la "
                  "posición 8)", threefold, "--game", "1", "--at", "99. Cf3", "--lang", "es")
    spanish_error("claim: sample_pgns/no-such-round.pgn: no se puede abrir: no existe el archivo "
                  "o el directorio", "sample_pgns/no-such-round.pgn", "--lang", "es")
    spanish_error(":1: partida 1: --at junto: no es una jugada de la planilla como", threefold,
                  "--game", "1", "--at", "junto", "--lang", "es")
    spanish_error(":11: partida 1: --move Zz9: no es una jugada (", threefold, "--game", "1",
                  "--move", "Zz9", "--lang", "es")
    spanish_error(": partida 1: --move Cd2 es ambigua [written-move-ambiguous]: puede ser Cbd2, "
                  "Cfd2", "tests/cli/fixtures/claim-round.pgn", "--game", "1", "--at",
                  "10... Cbd7", "--move", "Cd2", "--lang", "es")
    spanish_error("claim: sample_pgns/errors.pgn:10: partida 1: la planilla no se puede reproducir "
                  "más allá de ", "sample_pgns/errors.pgn", "--game", "1", "--lang", "es")
    spanish_error(":11: partida 1: la posición 99 está más allá de la planilla, que termina en la "
                  "posición 8", threefold, "--game", "1", "--at-ply", "99", "--lang", "es")
    completed = runner.expect_exit(2, "claim", "-", "--lang", "es", stdin=b"")
    check("claim: -: no hay ninguna partida en el archivo" in completed.stderr.decode(),
          completed.stderr.decode())


# Issue 29: a real round (4th WGP Kazan 2012, rounds 9-11, from TWIC 920) against a TRF that
# scripts/make_trf.py built from its games, then typed wrongly the ways an arbiter does (see
# TRF_TYPED_FINDINGS). Golden file tests/cli/expected/wgp-kazan-2012.NAME -> its options.
TRF_ROUND = f"{FIXTURES}/wgp-kazan-2012.pgn"
TRF_CLEAN = f"{FIXTURES}/wgp-kazan-2012.trf"
TRF_TYPED = f"{FIXTURES}/wgp-kazan-2012-typed.trf"
TRF_GOLDENS = {
    "trf.text": ["--format", "text"],
    "trf.es.text": ["--format", "text", "--lang", "es"],
    "trf.jsonl": ["--format", "jsonl"],
    "trf.csv": ["--format", "csv"],
    "trf.sarif": ["--format", "sarif"],
    "trf.github": ["--format", "github"],
    "trf.html": ["--format", "html"],
    "trf.es.html": ["--format", "html", "--lang", "es"],
}
# What the typed TRF changes, as (rule, game, trf_line): a draw keyed as a win (game 1), a result
# swapped (game 5), a draw keyed where the game was lost, so that the two players' results do
# not add up (game 6 and the TRF's own error at Galliamova's line 13), a pairing left out
# (game 10), colours swapped (game 12), a forfeit keyed for a played game (game 18); Lahno's
# name written the other way round without her FIDE id is matched by name, without a finding.
TRF_TYPED_FINDINGS = [
    ("pairing-result-mismatch", 1, 3), ("pairing-result-mismatch", 5, 11),
    ("pairing-result-mismatch", 6, 13), ("game-without-pairing", 10, 0),
    ("pairing-colours", 12, 5), ("pairing-forfeit-played", 18, 14), ("trf-error", None, 13),
]
TRF_RULES = {"pairing-result-mismatch", "pairing-colours", "pairing-forfeit-played",
             "pairing-missing-game", "game-without-pairing", "trf-error"}


def trf_golden_path(runner, name):
    return os.path.join(runner.root, EXPECTED, f"wgp-kazan-2012.{name}")


def run_trf_golden(runner, name):
    completed = runner.expect_exit(1, *TRF_GOLDENS[name], "--no-progress", "--trf", TRF_TYPED,
                                   TRF_ROUND)
    check(completed.stderr == b"", f"--trf {name}: unexpected stderr:\n{completed.stderr.decode(errors='replace')}")
    return normalise(completed.stdout.decode("utf-8"), runner.root)


def case_trf_goldens(runner):
    """--trf on a real round with a wrongly typed TRF: every format (text, JSON Lines, CSV,
    SARIF, GitHub, HTML; English and Spanish) byte for byte."""
    for name in TRF_GOLDENS:
        check_golden(run_trf_golden(runner, name), trf_golden_path(runner, name), f"--trf {name}")


def trf_findings(runner, trf, status):
    out = runner.expect_exit(status, "--format", "jsonl", "--no-progress", "--trf", trf,
                             TRF_ROUND).stdout.decode("utf-8")
    records = [json.loads(line) for line in out.splitlines()]
    found = [(r["rule"], r["game"], r["trf_line"]) for r in records
             if r["type"] == "finding" and r["rule"] in TRF_RULES]
    return found, next(r for r in records if r["type"] == "summary")["pairings"]


def case_trf_round_typed(runner):
    """The TRF as the games say it gives no reconciliation finding, every game matched by FIDE
    id; the typed one gives exactly one finding per typing error, and Lahno's two games with a
    pairing are matched by name alone."""
    clean, counts = trf_findings(runner, TRF_CLEAN, 0)
    check(clean == [], f"the unchanged TRF: {clean}")
    check(counts["matched"] == 18 and counts["matched_by_name"] == 0, f"{counts}")
    typed, counts = trf_findings(runner, TRF_TYPED, 1)
    check(sorted(typed, key=str) == sorted(TRF_TYPED_FINDINGS, key=str),
          f"the typed TRF: {typed}, expected {TRF_TYPED_FINDINGS}")
    check(counts["matched"] == 17 and counts["matched_by_name"] == 2, f"{counts}")


def case_trf_pairing_missing_game(runner):
    """A played pairing whose game the input lacks (the round without its third game,
    Stefanova - Yildiz) gives one pairing-missing-game, located at the TRF line of the pairing
    and naming both players and the round; nothing else is flagged and the summary counts it."""
    with open(os.path.join(runner.root, TRF_ROUND), encoding="utf-8") as f:
        games = [g for g in re.split(r"(?m)^(?=\[Event )", f.read()) if g.strip()]
    check(len(games) == 18 and '[White "Stefanova,A"]' in games[2], "the fixture changed")
    with tempfile.TemporaryDirectory() as tmp:
        pgn = os.path.join(tmp, "round-without-game-3.pgn")
        with open(pgn, "w", encoding="utf-8") as f:
            f.write("".join(games[:2] + games[3:]))
        out = runner.expect_exit(0, "--format", "jsonl", "--no-progress", "--trf", TRF_CLEAN,
                                 pgn).stdout.decode("utf-8")
    records = [json.loads(line) for line in out.splitlines()]
    found = [r for r in records if r["type"] == "finding" and r["rule"] in TRF_RULES]
    check(len(found) == 1 and found[0]["rule"] == "pairing-missing-game", f"{found}")
    missing = found[0]
    check(missing["file"] == TRF_CLEAN and missing["game"] is None and missing["line"] == 7,
          f"located at {missing['file']}:{missing['line']}, game {missing['game']}")
    check(missing["pairing"]["round"] == 9 and missing["pairing"]["white"] == "Stefanova,A"
          and missing["pairing"]["black"] == "Yildiz,B", f"{missing['pairing']}")
    check("Stefanova,A - Yildiz,B" in missing["message"], missing["message"])
    counts = next(r for r in records if r["type"] == "summary")["pairings"]
    check(counts["missing_games"] == 1 and counts["matched"] == 17, f"{counts}")


def case_arbiter_doc_trf(runner):
    """Every `drawaudit --trf` example of docs/arbiter.md prints today what the page shows (a
    block that begins with "..." shows the end of the output)."""
    with open(os.path.join(runner.root, "docs", "arbiter.md"), encoding="utf-8") as f:
        doc = f.read()
    blocks = re.findall(r"```console\n\$ drawaudit (--trf [^\n]*)\n(.*?)```", doc, re.S)
    check(len(blocks) >= 2, f"only {len(blocks)} --trf examples in docs/arbiter.md")
    for command, shown in blocks:
        completed = runner.run(*shlex.split(command))
        check(completed.returncode in (0, 1), f"{command}: exit {completed.returncode}")
        actual = normalise(completed.stdout.decode("utf-8"), runner.root)
        if shown.startswith("...\n"):
            shown = shown[4:]
            actual = actual[len(actual) - len(shown):] if len(actual) >= len(shown) else actual
        if actual != shown:
            diff = "".join(difflib.unified_diff(shown.splitlines(True), actual.splitlines(True),
                                                "docs/arbiter.md", "actual", n=1))
            raise Failure(f"docs/arbiter.md: {command}:\n{diff[:4000]}")

def case_spanish_log_lines(runner):
    """The lines on stderr in the reader's language: the level's word, an unreadable file's
    reason, the NUL bytes warning; English as before without --lang."""
    with tempfile.TemporaryDirectory() as scratch:
        padded = os.path.join(scratch, "padded.pgn")
        with open(padded, "wb") as f:
            f.write(b'[Event "a"]\n\n1. e4 *\n\0\0\0\n')
        spanish = runner.expect_exit(2, "--lang", "es", "--no-progress", padded,
                                     "tests/cli/fixtures/missing.pgn").stderr.decode()
        for want in ("drawaudit: error: tests/cli/fixtures/missing.pgn: no se puede abrir: no "
                     "existe el archivo o el directorio",
                     f"drawaudit: aviso: {padded}: 3 bytes NUL leídos como espacio en blanco"):
            check(want in spanish, f"stderr lacks {want!r}:\n{spanish}")
        check("warning" not in spanish and "cannot open" not in spanish, f"English:\n{spanish}")
        # LANG=es_ES picks Spanish as --lang es does.
        by_locale = runner.expect_exit(2, "--no-progress", padded, "tests/cli/fixtures/missing.pgn",
                                       env_extra={"LANG": "es_ES.UTF-8"}).stderr.decode()
        check(by_locale == spanish, f"LANG=es_ES.UTF-8:\n{by_locale}")
        english = runner.expect_exit(2, "--no-progress", padded,
                                     "tests/cli/fixtures/missing.pgn").stderr.decode()
        for want in ("drawaudit: error: tests/cli/fixtures/missing.pgn: cannot open: No such file "
                     "or directory",
                     f"drawaudit: warning: {padded}: 3 NUL bytes read as blank space (a "
                     "preallocated or truncated file?)"):
            check(want in english, f"stderr lacks {want!r}:\n{english}")
        empty = os.path.join(scratch, "empty")
        os.mkdir(empty)
        none = runner.run("--lang", "es", "--no-progress", empty).stderr.decode()
        check("drawaudit: aviso: no hay archivos PGN" in none, f"no PGN files:\n{none}")
        no_input = runner.expect_exit(2, "--lang", "es").stderr.decode()
        check("drawaudit: error: no hay entrada: indique archivos PGN" in no_input, no_input)
        no_trf = runner.expect_exit(2, "--lang", "es", "--trf", os.path.join(scratch, "r.trf"),
                                    padded).stderr.decode()
        check("no se puede leer el archivo --trf" in no_trf and
              "no existe el archivo o el directorio" in no_trf, no_trf)


CASES = {
    **{f"golden-{fmt}": (lambda fmt: lambda runner: case_golden(runner, fmt))(fmt) for fmt in GOLDENS},
    "lang-environment": case_lang_environment,
    "spanish-goldens-english-reasons": case_spanish_goldens_english_reasons,
    "html-max-games": case_html_max_games,
    "jsonl-valid": case_jsonl_valid,
    "stats-json": case_stats_json,
    "games-csv-valid": case_games_csv_valid,
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
    "readme-excerpt": case_readme_excerpt,
    "architecture-table": case_architecture_table,
    "part-records-documented": case_part_records_documented,
    "shard-union": case_shard_union,
    "merge-formats": case_merge_formats,
    "merge-formats-corpus": case_merge_formats_corpus,
    "merge-errors": case_merge_errors,
    "merge-spanish": case_merge_spanish,
    "winnable": case_winnable,
    "fingerprints": case_fingerprints,
    "baseline": case_baseline,
    "duplicates": case_duplicates,
    "duplicates-shards": case_duplicates_shards,
    "merge-refuses-input-outside-allowed": case_merge_refuses_input_outside_allowed,
    "merge-refuses-fifo-input": case_merge_refuses_fifo_input,
    "merge-refuses-device-input": case_merge_refuses_device_input,
    "merge-refuses-symlink-out-of-allowed": case_merge_refuses_symlink_out_of_allowed,
    "merge-pgn-needs-allowed-inputs": case_merge_pgn_needs_allowed_inputs,
    "merge-refuses-sibling-sharing-allowed-prefix": case_merge_refuses_sibling_sharing_allowed_prefix,
    "config-unknown-key": case_config_unknown_key,
    "config-bad-value": case_config_bad_value,
    "config-table": case_config_table,
    "config-encoding": case_config_encoding,
    "config-bracket-bomb": case_config_bracket_bomb,
    "winnable-fen-repaired": case_winnable_fen_repaired,
    "no-color-messages": case_no_color_messages,
    "format-names": case_format_names,
    "min-severity": case_min_severity,
    "github-notices": case_github_notices,
    "data-formats-exit": case_data_formats_exit,
    "no-input-readable": case_no_input_readable,
    "help-plain": case_help_plain,
    "dask-binary": case_dask_binary,
    "run-script": case_run_script,
    "claim-goldens": case_claim_goldens,
    "claim-errors": case_claim_errors,
    "arbiter-doc-claim": case_arbiter_doc_claim,
    **{f"golden-{name}": (lambda name: lambda runner: case_watch_golden(runner, name))(name)
       for name in WATCH_GOLDENS},
    "trf-goldens": case_trf_goldens,
    "trf-round-typed": case_trf_round_typed,
    "trf-pairing-missing-game": case_trf_pairing_missing_game,
    "spanish-log-lines": case_spanish_log_lines,
    "arbiter-doc-trf": case_arbiter_doc_trf,
}


def needs_shared(function, seen=None):
    """Whether a case (or a function of this file it calls) reads the shared corpus beside the
    checkout, which a bare clone lacks."""
    seen = set() if seen is None else seen
    seen.add(function.__name__)
    source = inspect.getsource(function)
    # Every path constant of this file under ../shared (TWIC, DRAWS, ...), not a list to keep up.
    shared_names = [name for name, value in globals().items()
                    if isinstance(value, str) and value.startswith(SHARED)]
    if "../shared" in source or any(re.search(r"\b" + name + r"\b", source) for name in shared_names):
        return True
    for name in set(re.findall(r"\b([a-z_][a-z0-9_]*)\(", source)) - seen:
        called = globals().get(name)
        if inspect.isfunction(called) and called.__module__ == __name__ and needs_shared(called, seen):
            return True
    return False


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
    if needs_shared(CASES[args.case]) and not os.path.isdir(os.path.join(runner.root, SHARED)):
        print(f"skipped {args.case}: needs {os.path.normpath(os.path.join(runner.root, SHARED))}, "
              "the shared corpus beside the checkout (absent in a bare clone)")
        return SKIP
    try:
        CASES[args.case](runner)
    except Failure as failure:
        print(f"FAIL {args.case}: {failure}", file=sys.stderr)
        return 1
    print(f"ok {args.case}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
