#!/usr/bin/env python3
"""End-to-end tests of drawaudit on hostile and huge input (issue 21), one case per ctest test.

    hostile_test.py --binary BUILD/app/drawaudit --root REPO CASE

Every big input is generated in a temporary directory that the case removes.
"""

import argparse
import csv
import io
import json
import os
import re
import shutil
import stat
import subprocess
import signal
import sys
import tempfile
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from cli_test import FORMATS, Failure, Runner, check  # noqa: E402

# One game of every kind of hostile text: terminal escape sequences (CSI, OSC with BEL, 8-bit
# CSI U+009B, a bidi override), the characters line splitters take as line ends (NEL U+0085,
# U+2028, U+2029), a spreadsheet formula, a workflow command, markup, bytes that are
# not UTF-8 (tags read them as Windows-1252) and a NUL byte; its result conflicts with the mate on
# the board, so every format reports it. The second game's illegal move token carries a byte that
# is not UTF-8 into the finding's move and message (the reader ends a token at a control byte),
# and the file's name holds an escape sequence and a byte that is not UTF-8.
HOSTILE_GAME = (
    b'[Event "\x1b[31mred\x1b]0;title\x07 ::error::injected%0A::warning::x"]\n'
    b'[Site "=HYPERLINK(\\"http://evil.example\\",\\"click\\")"]\n'
    b'[Date "@SUM(1+1)"]\n'
    b'[Round "-1+2"]\n'
    b'[White "</script><img src=x onerror=alert(1)> \xc2\x9b2J \xe2\x80\xae ::error::x%0A'
    b' nel\xc2\x85 ls\xe2\x80\xa8 ps\xe2\x80\xa9"]\n'
    b'[Black "latin1 \xff\xfe nul\x00here"]\n'
    b'[Result "0-1"]\n'
    b'\n'
    b'1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7# 0-1\n'
    b'\n'
    b'[Event "+cmd|\' /C calc\'!A0"]\n'
    b'[White "\ttab"]\n'
    b'[Round "-"]\n'
    b'[Black "=HYPERLINK(\\"http://evil.example\\",\\"click\\")"]\n'
    b'[Result "1-0"]\n'
    b'\n'
    b'1. e4 Ke7\xff 1-0\n'
)

FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")


def control_bytes(data, allowed=b"\n"):
    """The C0 controls and DEL in `data`, other than those allowed."""
    return sorted({c for c in data if (c < 0x20 or c == 0x7F) and c not in allowed})


def run_hostile(runner, scratch, fmt):
    path = os.path.join(scratch, "hostile\x1b[31m\udcff.pgn")
    with open(path, "wb") as f:
        f.write(HOSTILE_GAME)
    completed = runner.run("--format", fmt, "--no-progress", "--color", "never", path)
    # The data formats exit 0 unless --fail-on is given (issue 31); the reports 1 (errors).
    expected = 0 if fmt in ("stats", "games-csv") else 1
    check(completed.returncode == expected,
          f"--format {fmt}: exit {completed.returncode}, stderr {completed.stderr[:2000]!r}")
    return completed


def check_no_raw_controls(fmt, out, allowed=b"\n", c1_allowed=False):
    bad = control_bytes(out, allowed)
    check(not bad, f"--format {fmt}: raw control bytes {bad} in the output")
    check(c1_allowed or b"\xc2\x9b" not in out, f"--format {fmt}: a raw 8-bit CSI (U+009B)")
    out.decode("utf-8")  # strict: raises on invalid UTF-8


def case_hostile_output(runner):
    """One hostile game through every format: each output is inert and valid for its format."""
    with tempfile.TemporaryDirectory() as scratch:
        outputs = {fmt: run_hostile(runner, scratch, fmt) for fmt in FORMATS + ["html"]}

        text = outputs["text"].stdout
        check_no_raw_controls("text", text)
        check(b"\\x1b[31mred" in text, "text: ESC is not shown as \\x1b")
        check(b"\\x00here" in text, "text: NUL is not shown as \\x00")
        check(b"\\u009b2J" in text and b"\\u202e" in text, "text: C1/bidi controls not shown")
        check("\u00ff\u00fe".encode() in text, "text: the Latin-1 tag bytes not read as such")
        check(b"Ke7\xef\xbf\xbd" in text, "text: the move token's byte is not shown as U+FFFD")
        check(b"hostile\\x1b[31m\xef\xbf\xbd.pgn" in text, "text: the file name is not inert")

        rows = list(csv.reader(io.StringIO(outputs["csv"].stdout.decode("utf-8"), newline="")))
        header, body = rows[0], rows[1:]
        check(len(body) >= 2, f"csv: {len(body)} rows")
        for row in body:
            check(len(row) == len(header), f"csv: row of {len(row)} cells: {row}")
            for cell in row:
                check(not cell.startswith(FORMULA_STARTS), f"csv: a cell starts a formula: {cell!r}")
        cells = {cell for row in body for cell in row}
        for expected in ('\'=HYPERLINK("http://evil.example","click")', "'@SUM(1+1)", "'-1+2",
                         "'+cmd|' /C calc'!A0", "'\ttab", "'-"):
            check(expected in cells, f"csv: no cell {expected!r} in {sorted(cells)}")
        check_no_raw_controls("csv", outputs["csv"].stdout.replace(b"\r\n", b"\n"),
                              allowed=b"\n\r\t\x1b\x07\x00", c1_allowed=True)  # cells, not a terminal

        github = outputs["github"].stdout
        check_no_raw_controls("github", github)
        command = re.compile(r"^::(error|warning|notice) file=[^:,\n]*,line=\d+(,col=\d+)?,"
                             r"title=[^:,\n]*::[^\n]*$")
        lines = github.decode("utf-8").splitlines()
        check(len(lines) >= 2, f"github: {len(lines)} lines")
        for line in lines:
            check(command.match(line), f"github: not one well-formed command: {line!r}")
            check(line.count("::") == 2 + line.split("::", 2)[2].count("::"), "github")
        check("file=" + os.path.join(scratch, "hostile%1B[31m\ufffd.pgn").replace(":", "%3A")
              in github.decode(), "github: ESC in the file name not percent-encoded")
        check("%C2%9B2J" in github.decode(), "github: the 8-bit CSI not percent-encoded")
        check("::error::x%250A" in github.decode(), "github: % in data not escaped")

        for fmt in ("jsonl", "sarif"):
            out = outputs[fmt].stdout
            out.decode("utf-8")
            check(b"\x1b" not in out and b"\x00" not in out, f"{fmt}: raw ESC or NUL")
            for raw in (b"\xc2\x85", b"\xc2\x9b", b"\xe2\x80\xa8", b"\xe2\x80\xa9"):
                check(raw not in out, f"{fmt}: a raw line-ending character {raw!r}")
            # str.splitlines splits at NEL, U+2028 and U+2029 too: one record a line all the same
            check(out.decode().splitlines() == out.decode().split("\n")[:-1],
                  f"{fmt}: a line splitter cuts a record")
            stderr = outputs[fmt].stderr.decode("utf-8", errors="replace")
            check("not valid UTF-8" in stderr, f"{fmt}: no warning about invalid UTF-8: {stderr}")
        records = [json.loads(line) for line in outputs["jsonl"].stdout.decode().splitlines()]
        games = [r for r in records if r["type"] == "game"]
        check(games[0]["white"].startswith("</script><img src=x onerror=alert(1)>"), "jsonl: white")
        check(" \u009b2J \u202e ::error::x%0A nel\u0085 ls\u2028 ps\u2029" in games[0]["white"],
              f"jsonl: {games[0]['white']!r}")
        check(games[0]["black"] == "latin1 \u00ff\u00fe nul\x00here",
              f"jsonl: black {games[0]['black']!r}")
        moves = [r["move"] for r in records if r["type"] == "finding" and r["move"]]
        check("1... Ke7\ufffd" in moves, f"jsonl: the move token: {moves}")
        check(records[0]["file"].endswith("hostile\x1b[31m\ufffd.pgn"), f"jsonl: {records[0]['file']}")
        check(games[0]["event"].startswith("\x1b[31mred"), "jsonl: event")
        sarif = json.loads(outputs["sarif"].stdout)
        check(sarif["runs"][0]["results"], "sarif: no results")

        html = outputs["html"].stdout
        check_no_raw_controls("html", html, allowed=b"\n\t")  # HTML allows tab and LF
        check(b"\xc2\x85" not in html, "html: a raw C1 control (NEL)")
        check(b"&lt;/script&gt;&lt;img" in html, "html: the markup in a tag is not escaped")

        pgn = outputs["pgn"].stdout
        for comment in re.findall(rb"\{drawaudit:[^}]*\}", pgn):
            check(b"{" not in comment[1:], f"pgn: a brace inside our comment: {comment!r}")
        check(HOSTILE_GAME.split(b"\n\n")[0] in pgn, "pgn: the tags are not copied unchanged")


def jsonl_records(completed):
    return [json.loads(line) for line in completed.stdout.decode("utf-8").splitlines()]


def findings_of(records, rule=None):
    return [r for r in records if r["type"] == "finding" and (rule is None or r["rule"] == rule)]


def write(path, data):
    with open(path, "wb") as f:
        f.write(data)
    return path


def sanitizer_clean(completed):
    stderr = completed.stderr.decode("utf-8", errors="replace")
    check("runtime error" not in stderr and "AddressSanitizer" not in stderr,
          f"a sanitizer reported:\n{stderr[:3000]}")


CLEAN_GAME = b'[Event "after"]\n[Result "1/2-1/2"]\n\n1. e4 e5 2. Nf3 Nc6 1/2-1/2\n'


def case_fen_clock_overflow(runner):
    """INT_MAX FEN clocks are repaired to the limit, with a fen-repaired warning (once UB)."""
    with tempfile.TemporaryDirectory() as scratch:
        game = write(os.path.join(scratch, "clock.pgn"),
                     b'[Event "clock"]\n[SetUp "1"]\n'
                     b'[FEN "7k/8/8/8/8/8/8/K7 b - - 2147483647 2147483647"]\n[Result "*"]\n\n'
                     b'2147483647... Kh7 2147483648. Ka2 Kh8 *\n')
        jsonl = runner.run("--format", "jsonl", "--no-progress", game)
        sanitizer_clean(jsonl)
        repaired = findings_of(jsonl_records(jsonl), "fen-repaired")
        check(repaired and "beyond 1000000" in repaired[0]["message"], f"no repair: {repaired}")
        text = runner.run("--no-progress", "--all-games", game)
        sanitizer_clean(text)
        check(b"-2147483" not in text.stdout, f"a wrapped move number:\n{text.stdout.decode()}")


def case_truncated_compressed(runner):
    """The partial last game of a truncated .zst is one parse error naming the failure."""
    with tempfile.TemporaryDirectory() as scratch:
        text = b"".join(b'[Event "g%d"]\n[Result "*"]\n\n1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 *\n\n' % i
                        for i in range(2000))
        text += b'[Event "cut"]\n[Result "1-0"]\n\n1. f3 e5 2. g4 Qh4# 3. Kf2 Qh5 4. Ke3 1-0\n'
        plain = write(os.path.join(scratch, "all.pgn"), text)
        subprocess.run(["zstd", "-q", "-19", plain, "-o", plain + ".zst"], check=True)
        with open(plain + ".zst", "rb") as f:
            data = f.read()
        cut = write(os.path.join(scratch, "cut.pgn.zst"), data[:len(data) - 12])
        completed = runner.run("--format", "jsonl", "--no-progress", cut)
        sanitizer_clean(completed)
        check(completed.returncode == 2, f"exit {completed.returncode}, expected 2 (I/O error)")
        check(b"truncated" in completed.stderr, f"no I/O error: {completed.stderr[:500]!r}")
        records = jsonl_records(completed)
        games = [r for r in records if r["type"] == "game"]
        last = games[-1]
        errors = [f for f in findings_of(records, "parse-error") if f["game"] == last["game"]]
        check(errors and "the input ends inside this game" in errors[0]["message"] and
              "truncated" in errors[0]["message"], f"last game {last}: {errors}")
        check(last["status"] == "error", f"last game not an error: {last}")
        # In Spanish the failure is Spanish too (the reader hands it on as values).
        spanish = runner.run("--lang", "es", "--no-progress", cut)
        sanitizer_clean(spanish)
        want = ("la entrada termina dentro de esta partida (zstd: el archivo comprimido está "
                "truncado, termina a mitad de un bloque)")
        check(want in spanish.stdout.decode() and b"truncated input" not in spanish.stdout,
              f"Spanish report: {spanish.stdout[-800:]!r}")
        others = [f for f in findings_of(records) if f["game"] != last["game"]]
        check(not [f for f in others if f["rule"] == "parse-error"], "earlier games broken")


def case_output_file_durable(runner):
    """A replaced -o report keeps the old file's mode, and is fsynced with its directory."""
    with tempfile.TemporaryDirectory() as scratch:
        game = write(os.path.join(scratch, "g.pgn"), CLEAN_GAME)
        target = os.path.join(scratch, "report.txt")
        write(target, b"old report\n")
        os.chmod(target, 0o640)
        runner.expect_exit(0, "--no-progress", "-o", target, game)
        check(stat.S_IMODE(os.stat(target).st_mode) == 0o640,
              f"mode {oct(os.stat(target).st_mode)}, expected 0o640")
        with open(target, "rb") as f:
            check(f.read() != b"old report\n", "not replaced")
        strace = shutil.which("strace")
        if strace is None:
            print("strace absent: the fsync calls are not observed")
            return
        traced = subprocess.run([strace, "-f", "-e", "trace=fsync,fdatasync,rename,renameat2",
                                 runner.binary, "--no-progress", "-o", target, game],
                                capture_output=True, env=dict(os.environ, ASAN_OPTIONS="detect_leaks=0"))
        log = traced.stderr.decode(errors="replace")
        calls = [line for line in log.splitlines() if re.search(r"fsync|rename", line)]
        names = [re.search(r"(fsync|renameat2|rename)\(", c).group(1) for c in calls
                 if re.search(r"(fsync|renameat2|rename)\(", c)]
        renames = [i for i, n in enumerate(names) if n.startswith("rename")]
        check(renames, f"no rename: {calls}")
        check("fsync" in names[:renames[0]] and "fsync" in names[renames[-1] + 1:],
              f"expected fsync(file), rename, fsync(directory): {calls}")


def case_pgn_keeps_outside_text(runner):
    """--format pgn keeps '%' lines and comments between games; no findings: byte for byte."""
    with tempfile.TemporaryDirectory() as scratch:
        text = (b"% an escape line before the first game\n{a comment before it}\n\n"
                + CLEAN_GAME + b"{after its result} ; and a rest-of-line comment\n"
                b"% escape between\n\n\n" + CLEAN_GAME.replace(b"after", b"second")
                + b"\n{at the end}\n")
        game = write(os.path.join(scratch, "outside.pgn"), text)
        for jobs in ("1", "2"):
            completed = runner.run("--format", "pgn", "--no-progress", "-j", jobs,
                                   "--chunk-bytes", "1024", game)
            check(completed.returncode == 0, f"exit {completed.returncode} {completed.stderr!r}")
            check(completed.stdout == text, f"-j{jobs}: not byte for byte:\n{completed.stdout!r}")
        crlf = write(os.path.join(scratch, "crlf.pgn"), text.replace(b"\n", b"\r\n"))
        completed = runner.run("--format", "pgn", "--no-progress", crlf)
        check(completed.stdout == text.replace(b"\n", b"\r\n"), "CRLF not kept")
        # With findings, the comments go in and the outside text stays.
        flagged = write(os.path.join(scratch, "flagged.pgn"),
                        text.replace(b'[Result "1/2-1/2"]', b'[Result "1-0"]', 1))
        completed = runner.run("--format", "pgn", "--no-progress", flagged)
        out = completed.stdout
        for piece in (b"% an escape line", b"{a comment before it}", b"{after its result}",
                      b"% escape between", b"{at the end}", b"{drawaudit: "):
            check(piece in out, f"{piece!r} missing:\n{out.decode()}")


def big_input(scratch, games=20000):
    with open(os.path.join(os.path.dirname(os.path.abspath(__file__)), "fixtures", "clean.pgn"),
              "rb") as f:
        one = f.read().strip() + b"\n\n"
    return write(os.path.join(scratch, "big.pgn"), one * games)


def case_sigpipe(runner):
    """drawaudit ... | head -1: ends quietly, whatever the format."""
    with tempfile.TemporaryDirectory() as scratch:
        big = big_input(scratch)
        for fmt in ("text", "jsonl", "pgn"):
            process = subprocess.Popen(
                [runner.binary, "--format", fmt, "--no-progress", "--all-games", big],
                stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                env=dict(os.environ, ASAN_OPTIONS="detect_leaks=0"))
            process.stdout.readline()
            process.stdout.close()
            try:
                _, stderr = process.communicate(timeout=120)
            except subprocess.TimeoutExpired:
                process.kill()
                raise Failure(f"--format {fmt}: still running after its reader left")
            check(process.returncode in (-13, 141, 0, 2),
                  f"--format {fmt}: exit {process.returncode}")
            text = stderr.decode(errors="replace")
            check("AddressSanitizer" not in text and "runtime error" not in text and
                  "terminate" not in text, f"--format {fmt}: {text[:2000]}")


def case_fifo_input(runner):
    """A named pipe as input is read to its end."""
    with tempfile.TemporaryDirectory() as scratch:
        fifo = os.path.join(scratch, "games.pgn")
        os.mkfifo(fifo)
        process = subprocess.Popen([runner.binary, "--format", "jsonl", "--no-progress", fifo],
                                   stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                                   env=dict(os.environ, ASAN_OPTIONS="detect_leaks=0"))
        with open(fifo, "wb") as f:
            f.write(CLEAN_GAME * 50)
        out, err = process.communicate(timeout=120)
        check(process.returncode == 0, f"exit {process.returncode}: {err[:500]!r}")
        summary = json.loads(out.decode().splitlines()[-1])
        check(summary["games"] == 50, f"{summary['games']} games")
        # In a directory, a FIFO is no regular file: skipped, not waited for.
        directory = os.path.join(scratch, "dir")
        os.mkdir(directory)
        os.mkfifo(os.path.join(directory, "stuck.pgn"))
        write(os.path.join(directory, "g.pgn"), CLEAN_GAME)
        completed = runner.run("--format", "jsonl", "--no-progress", directory)
        check(json.loads(completed.stdout.decode().splitlines()[-1])["games"] == 1, "dir")


def case_symlink_loop(runner):
    """A directory with a symlink loop (and a looping link named *.pgn) ends, each file once."""
    with tempfile.TemporaryDirectory() as scratch:
        directory = os.path.join(scratch, "d")
        os.makedirs(os.path.join(directory, "sub"))
        write(os.path.join(directory, "sub", "g.pgn"), CLEAN_GAME)
        os.symlink("..", os.path.join(directory, "sub", "up"))
        os.symlink("self.pgn", os.path.join(directory, "self.pgn"))
        completed = runner.run("--format", "jsonl", "--no-progress", directory)
        check(completed.returncode in (0, 2), f"exit {completed.returncode}")
        check(json.loads(completed.stdout.decode().splitlines()[-1])["games"] == 1, "not once")
        looped = runner.run("--no-progress", os.path.join(directory, "self.pgn"))
        check(looped.returncode == 2 and b"self.pgn" in looped.stderr, f"{looped.stderr!r}")


def case_truncated_while_read(runner):
    """A plain file cut short while it is read: an I/O error and the last game a parse error."""
    with tempfile.TemporaryDirectory() as scratch:
        big = big_input(scratch, 60000)
        # The run reads the file; it is cut to a third while the first chunks are audited.
        process = subprocess.Popen([runner.binary, "--format", "jsonl", "--no-progress", "-j", "1",
                                    "--chunk-bytes", "65536", big],
                                   stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                                   env=dict(os.environ, ASAN_OPTIONS="detect_leaks=0"))
        first = process.stdout.readline()
        size = os.path.getsize(big)
        os.truncate(big, size // 3 + 17)
        # Not communicate(): it would read past what readline() has buffered.
        out = process.stdout.read()
        err = process.stderr.read()
        process.wait(timeout=300)
        text = err.decode(errors="replace")
        check("AddressSanitizer" not in text and "runtime error" not in text, text[:2000])
        check(first, "no output")
        if process.returncode == 2:
            check("became shorter while it was read" in text, f"stderr: {text[:1000]}")
            records = [json.loads(line) for line in (first + out).decode().splitlines()]
            games = [r for r in records if r["type"] == "game"]
            check(games[-1]["status"] == "error", f"last game {games[-1]}")
        else:
            # The reader was already past the cut: the whole file was read.
            check(process.returncode == 0, f"exit {process.returncode}: {text[:1000]}")


def peak_child_rss_mb():
    import resource
    return resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss / 1024


def bomb_game(expanded_mb):
    """A game whose comment expands to `expanded_mb` MiB, then a clean game, as byte pieces."""
    yield b'[Event "bomb"]\n[Result "*"]\n\n1. e4 {'
    block = b"a" * (1 << 20)
    for _ in range(expanded_mb):
        yield block
    yield b"} e5 *\n\n" + CLEAN_GAME


def check_bomb(runner, path, what):
    completed = runner.run("--format", "jsonl", "--no-progress", "--max-game-bytes", "8388608", path)
    sanitizer_clean(completed)
    records = jsonl_records(completed)
    games = [r for r in records if r["type"] == "game"]
    check(len(games) == 2, f"{what}: {len(games)} games")
    errors = findings_of(records, "parse-error")
    check(errors and errors[0]["game"] == 1 and "too long" in errors[0]["message"] and
          errors[0]["line"] == 1, f"{what}: {errors}")
    check(games[1]["status"] == "ok" and games[1]["event"] == "after", f"{what}: {games[1]}")
    rss = peak_child_rss_mb()
    check(rss < 400, f"{what}: peak RSS {rss:.0f} MB: the bomb was loaded")


def case_zstd_bomb(runner):
    """A .zst that expands 1000-fold: the game is reported and skipped, memory stays bounded."""
    with tempfile.TemporaryDirectory() as scratch:
        path = os.path.join(scratch, "bomb.pgn.zst")
        with open(path, "wb") as out:
            zstd = subprocess.Popen(["zstd", "-q", "-1", "-c"], stdin=subprocess.PIPE, stdout=out)
            for piece in bomb_game(600):
                zstd.stdin.write(piece)
            zstd.stdin.close()
            check(zstd.wait() == 0, "zstd failed")
        check(os.path.getsize(path) < 600 * 1024, f"not a bomb: {os.path.getsize(path)} bytes")
        check_bomb(runner, path, "zstd")


def case_gzip_bomb(runner):
    """A .gz that expands 1000-fold (its format's limit): the same."""
    import gzip
    with tempfile.TemporaryDirectory() as scratch:
        path = os.path.join(scratch, "bomb.pgn.gz")
        with gzip.open(path, "wb", compresslevel=9) as out:
            for piece in bomb_game(300):
                out.write(piece)
        check(os.path.getsize(path) < 1200 * 1024, f"not a bomb: {os.path.getsize(path)} bytes")
        check_bomb(runner, path, "gzip")


def case_huge_comment(runner):
    """A 200 MB comment: its game is one parse error at its line, the next game is audited."""
    with tempfile.TemporaryDirectory() as scratch:
        path = os.path.join(scratch, "comment.pgn")
        with open(path, "wb") as f:
            f.write(CLEAN_GAME + b"\n")
            for piece in bomb_game(200):
                f.write(piece)
        completed = runner.run("--format", "jsonl", "--no-progress", path)
        sanitizer_clean(completed)
        records = jsonl_records(completed)
        games = [r for r in records if r["type"] == "game"]
        check(len(games) == 3, f"{len(games)} games")
        errors = findings_of(records, "parse-error")
        check(len(errors) == 1 and errors[0]["game"] == 2 and errors[0]["line"] == 6 and
              "too long" in errors[0]["message"], f"{errors}")
        check(games[2]["status"] == "ok", f"{games[2]}")


def case_million_plies(runner):
    """A game of 10^6 plies: audited to its automatic end, or to --max-plies; never a hang."""
    with tempfile.TemporaryDirectory() as scratch:
        moves = b" ".join(b"%d. Nf3 Nf6 %d. Ng1 Ng8" % (2 * i + 1, 2 * i + 2) for i in range(250000))
        path = write(os.path.join(scratch, "long.pgn"),
                     b'[Event "long"]\n[Result "*"]\n\n' + moves + b" *\n\n" + CLEAN_GAME)
        completed = runner.run("--format", "jsonl", "--no-progress", path)
        sanitizer_clean(completed)
        records = jsonl_records(completed)
        check(findings_of(records, "fivefold-draw"), "no fivefold")
        check(len([r for r in records if r["type"] == "game"]) == 2, "the next game is lost")
        limited = runner.run("--format", "jsonl", "--no-progress", "--laws", "1997",
                             "--max-plies", "400", path)
        sanitizer_clean(limited)
        records = jsonl_records(limited)
        errors = findings_of(records, "parse-error")
        check(len(errors) == 1 and "longer than 400 plies" in errors[0]["message"] and
              errors[0]["line"] == 4, f"{errors}")
        games = [r for r in records if r["type"] == "game"]
        check(games[0]["plies"] == 400 and games[1]["status"] == "ok", f"{games}")


def case_nested_variations(runner):
    """10^6 nested variations: one parse error at the first '(' too deep, the next game read."""
    with tempfile.TemporaryDirectory() as scratch:
        depth = 1000000
        path = write(os.path.join(scratch, "nested.pgn"),
                     b'[Event "nested"]\n[Result "*"]\n\n1. e4 ' + b"(1. d4 " * depth +
                     b")" * depth + b" e5 *\n\n" + CLEAN_GAME)
        completed = runner.run("--format", "jsonl", "--no-progress", path)
        sanitizer_clean(completed)
        records = jsonl_records(completed)
        errors = findings_of(records, "parse-error")
        check(len(errors) == 1 and "nested deeper than 1000" in errors[0]["message"] and
              errors[0]["line"] == 4 and errors[0]["column"] == 7 + 7 * 1000,
              f"{[(e['line'], e['column'], e['message']) for e in errors]}")
        games = [r for r in records if r["type"] == "game"]
        check(len(games) == 2 and games[1]["status"] == "ok", f"{games}")
        shallow = runner.run("--format", "jsonl", "--no-progress", "--max-variation-depth", "2000000",
                             path)
        check(not findings_of(jsonl_records(shallow), "parse-error"), "a limit that is not passed")


def case_deep_tree(runner):
    """A directory tree deeper than the open-file limit is read whole, each file once."""
    import resource
    depth, limit = 150, 64
    with tempfile.TemporaryDirectory() as scratch:
        top = os.path.join(scratch, "tree")
        directory = top
        expected = []
        for level in range(depth):
            directory = os.path.join(directory, "d")
            if level in (0, depth // 2, depth - 1):
                os.makedirs(directory, exist_ok=True)
                expected.append(os.path.join(directory, f"g{level}.pgn"))
                write(expected[-1], CLEAN_GAME)
        write(os.path.join(top, "top.pgn"), CLEAN_GAME)
        expected.append(os.path.join(top, "top.pgn"))

        def lower_limit():
            resource.setrlimit(resource.RLIMIT_NOFILE, (limit, limit))

        env = dict(os.environ, ASAN_OPTIONS="detect_leaks=0")
        completed = subprocess.run([runner.binary, "--format", "jsonl", "--no-progress", top],
                                   capture_output=True, env=env, timeout=300,
                                   preexec_fn=lower_limit)
        check(completed.returncode == 0,
              f"exit {completed.returncode}: {completed.stderr.decode(errors='replace')[:800]}")
        records = [json.loads(line) for line in completed.stdout.decode().splitlines()]
        files = sorted(r["file"] for r in records if r["type"] == "game")
        check(files == sorted(expected), f"files read: {files}, expected {sorted(expected)}")


def game_records(completed):
    """The game records of a JSON Lines report, without the run's timings."""
    return [r for r in jsonl_records(completed) if r["type"] != "summary"]


def case_padding_between_games(runner):
    """Blank lines and NUL runs between games are skipped whatever their length: no game lost."""
    def game(n):
        return (b'[Event "e%d"]\n[White "w"]\n[Black "b"]\n[Result "1-0"]\n\n'
                b'1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7# 1-0\n' % n)
    with tempfile.TemporaryDirectory() as scratch:
        inputs = {
            # 300 KB of blank lines after the first game, past --max-game-bytes.
            "blank.pgn": game(1) + b"\n" * 300000 + game(2) + b"\n" + game(3),
            # A preallocated or crash-truncated file: NULs after the last game, and between two
            # games (after a termination marker on its line, too).
            "nul.pgn": game(1) + b"\n" + game(2)[:-1] + b"\0" * 3000000 + b"\n" + game(3)
            + b"\0" * 3000000,
        }
        for name, text in inputs.items():
            path = write(os.path.join(scratch, name), text)
            runs = {}
            for jobs in ("1", "2"):
                completed = runner.run("--format", "jsonl", "--no-progress", "-j", jobs,
                                       "--max-game-bytes", "131072", path)
                sanitizer_clean(completed)
                check(completed.returncode == 0, f"{name}: exit {completed.returncode}")
                runs[jobs] = game_records(completed)
                stderr = completed.stderr.decode("utf-8", errors="replace")
                nul_warnings = stderr.count("NUL bytes")
                check(nul_warnings == (1 if b"\0" in text else 0),
                      f"{name}: the NUL bytes said {nul_warnings} times:\n{stderr}")
            games = [r for r in runs["1"] if r["type"] == "game"]
            check([g["event"] for g in games] == ["e1", "e2", "e3"],
                  f"{name}: games {[(g['game'], g['event']) for g in games]}")
            check(not [r for r in runs["1"] if r.get("rule") == "parse-error"],
                  f"{name}: padding became a parse error")
            check(runs["1"] == runs["2"], f"{name}: -j1 and -j2 differ")
            parts = []
            for k in range(1, 6):
                part = os.path.join(scratch, f"part{k}.jsonl")
                completed = runner.run("--shard", f"{k}/5", "--format", "jsonl", "--no-progress",
                                       "--max-game-bytes", "131072", "-o", part, path)
                check(completed.returncode == 0, f"{name}: shard {k}/5 exit {completed.returncode}")
                parts.append(part)
            merged = runner.run("merge", "--format", "jsonl", *parts)
            check(merged.returncode == 0, f"{name}: merge exit {merged.returncode}")
            check(game_records(merged) == runs["1"], f"{name}: the shards and merge differ")
            # The padding is copied too: --format pgn of a file without findings, byte for byte.
            completed = runner.run("--format", "pgn", "--no-progress", "--only", "threefold-claim",
                                   "--max-game-bytes", "131072", path)
            check(completed.stdout == text, f"{name}: --format pgn not byte for byte")


def case_pgn_keeps_leading_text(runner):
    """--format pgn of a file without findings that starts with a BOM or blanks: byte for byte."""
    with tempfile.TemporaryDirectory() as scratch:
        body = CLEAN_GAME + b"\n" + CLEAN_GAME.replace(b"after", b"second")
        for name, lead in (("bom", b"\xef\xbb\xbf"), ("blank", b"\n\n  \t\n"),
                           ("bom-blank", b"\xef\xbb\xbf\r\n\r\n"), ("space", b" ")):
            text = lead + body
            path = write(os.path.join(scratch, name + ".pgn"), text)
            for jobs in ("1", "2"):
                completed = runner.run("--format", "pgn", "--no-progress", "-j", jobs, path)
                check(completed.returncode == 0, f"{name}: exit {completed.returncode}")
                check(completed.stdout == text,
                      f"{name} -j{jobs}: not byte for byte:\n{completed.stdout[:80]!r}")
            # The same through --shard and merge, which reads the text again file by file.
            parts = []
            for k in (1, 2):
                part = os.path.join(scratch, f"{name}-part{k}.jsonl")
                runner.run("--format", "jsonl", "--no-progress", "--shard", f"{k}/2", "-o", part, path)
                parts.append(part)
            completed = runner.run("merge", "--format", "pgn", "--inputs-from", scratch, *parts)
            check(completed.returncode == 0,
                  f"{name}: merge exit {completed.returncode}: {completed.stderr[:400]!r}")
            check(completed.stdout == text,
                  f"{name} merge: not byte for byte:\n{completed.stdout[:80]!r}")


def temporaries(directory):
    """The temporary files drawaudit writes outputs into: .NAME.drawaudit-XXXXXX."""
    return sorted(name for name in os.listdir(directory) if ".drawaudit-" in name)


def expect_refused(runner, what, *args, cwd=None):
    """A usage error (exit 2) whose message names both roles: returns its stderr text."""
    completed = runner.run(*args, cwd=cwd)
    stderr = completed.stderr.decode(errors="replace")
    check(completed.returncode == 2, f"{what}: exit {completed.returncode}, stderr {stderr[:1000]}")
    return stderr


def case_outputs_never_inputs(runner):
    """Issue 30: no output of a run replaces one of its inputs or another of its outputs."""
    with tempfile.TemporaryDirectory() as scratch:
        games = write(os.path.join(scratch, "c.pgn"), HOSTILE_GAME)
        other = write(os.path.join(scratch, "d.pgn"), HOSTILE_GAME)

        stderr = expect_refused(runner, "--write-baseline c.pgn c.pgn", "--no-progress",
                                "--write-baseline", games, games)
        check(f"--write-baseline {games} names the PGN input {games}" in stderr, stderr)

        # The same from a committed config: the games must survive a CI run.
        write(os.path.join(scratch, ".drawaudit.toml"), b'write-baseline = "c.pgn"\n')
        stderr = expect_refused(runner, "write-baseline from .drawaudit.toml", "--no-progress",
                                "c.pgn", cwd=scratch)
        check("--write-baseline c.pgn names the PGN input c.pgn" in stderr, stderr)
        os.remove(os.path.join(scratch, ".drawaudit.toml"))

        # A hard link is the same file under another name; a directory's files are inputs too.
        os.link(games, os.path.join(scratch, "hard.jsonl"))
        expect_refused(runner, "--write-baseline to a hard link of an input", "--no-progress",
                       "--write-baseline", os.path.join(scratch, "hard.jsonl"), scratch)
        os.remove(os.path.join(scratch, "hard.jsonl"))
        expect_refused(runner, "--stats-json onto an input", "--no-progress", "--format", "stats",
                       "--stats-json", other, games, other)
        config = write(os.path.join(scratch, "ci.toml"), b'fail-on = "never"\n')
        stderr = expect_refused(runner, "-o onto the config file", "--no-progress", "--config",
                                config, "-o", config, games)
        check("the config file" in stderr, stderr)
        baseline = os.path.join(scratch, "base.jsonl")
        runner.expect_exit(0, "--no-progress", "--fail-on", "never", "--write-baseline", baseline,
                           games)
        stderr = expect_refused(runner, "-o onto the baseline read", "--no-progress",
                                "--baseline", baseline, "-o", baseline, games)
        check("the --baseline file" in stderr, stderr)

        # -o X --write-baseline X: one would replace the other (X not there yet, then there).
        report = os.path.join(scratch, "x.jsonl")
        for exists in (False, True):
            stderr = expect_refused(runner, "-o X --write-baseline X", "--no-progress", "--format",
                                    "jsonl", "-o", report, "--write-baseline", report, games)
            check(f"-o {report} and --write-baseline {report} name the same file" in stderr,
                  stderr)
            check(os.path.exists(report) == exists, "the report was written")
            if not exists:
                write(report, b"kept\n")
        with open(report, "rb") as f:
            check(f.read() == b"kept\n", "the earlier file was replaced")

        # merge -o onto a PGN input the parts name.
        pgn = write(os.path.join(scratch, "m.pgn"), HOSTILE_GAME * 3)
        parts = [os.path.join(scratch, f"p{k}.jsonl") for k in (1, 2)]
        for k, part in enumerate(parts, 1):
            runner.expect_exit(1, "--no-progress", "--shard", f"{k}/2", "--format", "jsonl", "-o",
                               part, pgn)
        stderr = expect_refused(runner, "merge -o onto an input the parts name", "merge",
                                "--format", "jsonl", "-o", pgn, *parts)
        check(f"-o {pgn} names the PGN input the parts name {pgn}" in stderr, stderr)
        stderr = expect_refused(runner, "merge -o onto a part", "merge", "--format", "jsonl", "-o",
                                parts[1], *parts)
        check(f"names the part {parts[1]}" in stderr, stderr)
        with open(pgn, "rb") as f:
            check(f.read() == HOSTILE_GAME * 3, "merge replaced an input")
        check(not temporaries(scratch), f"temporary files left: {temporaries(scratch)}")


def big_parts(runner, scratch, games=300000):
    """The two JSON Lines parts of a big run, for a merge long enough to be interrupted."""
    big = big_input(scratch, games)
    parts = [os.path.join(scratch, f"part{k}.jsonl") for k in (1, 2)]
    for k, part in enumerate(parts, 1):
        runner.expect_exit(0, "--no-progress", "--shard", f"{k}/2", "--format", "jsonl", "-o",
                           part, big)
    return parts


def interrupt_when_writing(process, directory, signals, what):
    """Sends `signals` (a short pause between them) once the output's temporary file is there."""
    deadline = time.monotonic() + 120
    while not temporaries(directory):
        check(process.poll() is None, f"{what}: ended before it could be interrupted")
        check(time.monotonic() < deadline, f"{what}: no temporary file after 120 s")
        time.sleep(0.002)
    for i, number in enumerate(signals):
        if i > 0:
            time.sleep(0.05)
        process.send_signal(number)
    try:
        _, stderr = process.communicate(timeout=60)
    except subprocess.TimeoutExpired:
        process.kill()
        raise Failure(f"{what}: did not stop within 60 s of {signals}")
    return stderr.decode(errors="replace")


def case_merge_interrupted(runner):
    """Issue 30: SIGINT or SIGTERM during merge -o: it stops (also started with SIGINT ignored, as
    a shell starts `drawaudit merge ... &`), exit 128+N, the old report kept, no temporary file."""
    with tempfile.TemporaryDirectory() as scratch:
        parts = big_parts(runner, scratch)
        out_dir = os.path.join(scratch, "out")
        os.mkdir(out_dir)
        target = write(os.path.join(out_dir, "merged.jsonl"), b"previous report\n")
        env = dict(os.environ, ASAN_OPTIONS="detect_leaks=0")
        for number, ignored in ((signal.SIGINT, False), (signal.SIGTERM, False),
                                (signal.SIGINT, True)):
            what = f"merge -o, {number.name}" + (" (started with SIGINT ignored)" if ignored else "")

            def ignore_sigint():
                signal.signal(signal.SIGINT, signal.SIG_IGN)

            process = subprocess.Popen(
                [runner.binary, "merge", "--format", "jsonl", "-o", target, *parts],
                stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=env,
                preexec_fn=ignore_sigint if ignored else None)
            stderr = interrupt_when_writing(process, out_dir, [number], what)
            check(process.returncode == 128 + number,
                  f"{what}: exit {process.returncode}, stderr {stderr[:1000]}")
            check(not temporaries(out_dir), f"{what}: left {temporaries(out_dir)}")
            with open(target, "rb") as f:
                check(f.read() == b"previous report\n", f"{what}: the previous report was replaced")


def case_second_signal_cleanup(runner):
    """Issue 30: the second signal's forced exit removes the temporary files of -o, --write-baseline
    and --stats-json alike. The input is a pipe kept open, so the run cannot end on its own."""
    with tempfile.TemporaryDirectory() as scratch:
        env = dict(os.environ, ASAN_OPTIONS="detect_leaks=0")
        process = subprocess.Popen(
            [runner.binary, "--no-progress", "--format", "stats", "-o",
             os.path.join(scratch, "stats.txt"), "--stats-json", os.path.join(scratch, "s.json"),
             "--write-baseline", os.path.join(scratch, "base.jsonl"), "-"],
            stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=env)
        process.stdin.write(HOSTILE_GAME * 200)
        process.stdin.flush()
        try:
            interrupt_when_writing(process, scratch, [signal.SIGINT, signal.SIGINT],
                                   "two SIGINTs")
        finally:
            process.stdin.close()
        check(process.returncode == 130, f"exit {process.returncode} after two SIGINTs")
        check(not temporaries(scratch), f"temporary files left: {temporaries(scratch)}")


def case_thread_creation_fails(runner):
    """Issue 30: threads that cannot be created (a process limit) do not abort the run: it goes on
    with those it got, says so, and reports as with -j1; with none it is an error, exit 2, and no
    temporary file is left. Root ignores RLIMIT_NPROC, so root runs it as nobody (setpriv)."""
    prlimit = shutil.which("prlimit")
    setpriv = shutil.which("setpriv")
    if prlimit is None or (os.geteuid() == 0 and setpriv is None):
        raise Skip("needs prlimit (and setpriv as root), from util-linux")
    with tempfile.TemporaryDirectory() as scratch:
        os.chmod(scratch, 0o777)
        games = write(os.path.join(scratch, "games.pgn"), HOSTILE_GAME * 50)
        os.chmod(games, 0o644)
        binary = runner.binary
        if os.geteuid() == 0:
            # The binary must be reachable by nobody: a copy in the scratch directory.
            binary = os.path.join(scratch, "drawaudit")
            shutil.copy(runner.binary, binary)
            os.chmod(binary, 0o755)
        expected = runner.expect_exit(1, "--no-progress", "--format", "jsonl", "-j1", games)

        def limited(processes, *args):
            command = [prlimit, f"--nproc={processes}", "--", binary, *args]
            if os.geteuid() == 0:
                command = [setpriv, "--reuid=nobody", "--regid=nogroup", "--clear-groups",
                           *command]
            return subprocess.run(command, capture_output=True, cwd=scratch, timeout=300,
                                  env=dict(os.environ, ASAN_OPTIONS="detect_leaks=0"))

        # The process and a few threads: -j400 gets fewer workers than it asked for.
        few = limited(4, "--no-progress", "--format", "jsonl", "-j400", games)
        stderr = few.stderr.decode(errors="replace")
        check(few.returncode == 1, f"-j400 under a limit: exit {few.returncode}, {stderr[:1000]}")
        check("threads" in stderr and "400" in stderr, f"no warning about the threads: {stderr}")
        timeless = lambda out: re.sub(rb'"seconds":[0-9.eE+-]+', b"", out)  # noqa: E731
        check(timeless(few.stdout) == timeless(expected.stdout), "the report differs from -j1's")

        # No thread at all (the user's processes are already at the limit: 1).
        report = os.path.join(scratch, "report.jsonl")
        none = limited(1, "--no-progress", "--format", "jsonl", "-j4", "-o", report, games)
        stderr = none.stderr.decode(errors="replace")
        check(none.returncode == 2, f"no thread: exit {none.returncode}, {stderr[:1000]}")
        check("thread" in stderr and "terminate" not in stderr, stderr)
        check(not os.path.exists(report), "a report was written")
        check(not temporaries(scratch), f"temporary files left: {temporaries(scratch)}")


def case_standard_output_full(runner):
    """Issue 30: output lost on a full standard output is an error (exit 2), for every command."""
    with tempfile.TemporaryDirectory() as scratch:
        games = write(os.path.join(scratch, "c.pgn"), HOSTILE_GAME)
        positions = write(os.path.join(scratch, "p.txt"), b"8/8/8/8/8/8/8/K1k5 w - - 0 1\n")
        parts = [os.path.join(scratch, f"p{k}.jsonl") for k in (1, 2)]
        for k, part in enumerate(parts, 1):
            runner.expect_exit(1, "--no-progress", "--shard", f"{k}/2", "--format", "jsonl", "-o",
                               part, games)
        env = dict(os.environ, ASAN_OPTIONS="detect_leaks=0")
        for args in (["winnable", "--fen", "8/8/8/8/8/8/8/K1k5 w - - 0 1"],
                     ["winnable", "--positions", positions],
                     ["perft", "--depth", "2"],
                     ["perft", "--depth", "1", "--divide"],
                     ["--no-progress", "--format", "text", games],
                     ["--no-progress", "--format", "jsonl", games],
                     ["merge", "--format", "text", *parts]):
            with open("/dev/full", "wb") as full:
                completed = subprocess.run([runner.binary, *args], stdout=full,
                                           stderr=subprocess.PIPE, env=env, timeout=120)
            stderr = completed.stderr.decode(errors="replace")
            check(completed.returncode == 2,
                  f"{' '.join(args[:2])} > /dev/full: exit {completed.returncode}, {stderr[:500]}")
            check("No space left on device" in stderr and "standard output" in stderr,
                  f"{' '.join(args[:2])} > /dev/full: no reason given: {stderr[:500]}")


def case_positions_unreadable(runner):
    """Issue 30: winnable --positions: a directory is an error naming it; a line longer than the
    limit (64 KiB) is an error naming file and line, never read into memory, and the other
    positions are still answered; exit 2 at the end."""
    with tempfile.TemporaryDirectory() as scratch:
        completed = runner.run("winnable", "--quick", "--positions", scratch)
        stderr = completed.stderr.decode(errors="replace")
        check(completed.returncode == 2, f"a directory: exit {completed.returncode}")
        check(scratch in stderr and "directory" in stderr.lower(), f"not named: {stderr}")

        path = os.path.join(scratch, "positions.txt")
        with open(path, "wb") as f:
            f.write(b"WB 8/8/8/8/8/8/8/K1k5 w - - 0 1\n")
            f.write(b"-- ")
            for _ in range(200):  # 200 MiB: a line no FEN can be (written piecewise, so that
                f.write(b"x" * (1 << 20))  # this process's own size stays out of the figure)
            f.write(b"\n")
            f.write(b"W- 8/8/8/8/8/8/8/KQk5 w - - 0 1\n")
        completed = runner.run("winnable", "--quick", "--positions", path)
        stderr = completed.stderr.decode(errors="replace")
        check(completed.returncode == 2, f"a long line: exit {completed.returncode}, {stderr}")
        check(f"{path}:2:" in stderr and "longer than" in stderr, f"not named: {stderr}")
        lines = [json.loads(line)["line"] for line in completed.stdout.decode().splitlines()]
        check(lines == [1, 3], f"positions answered: {lines}")
        check(peak_child_rss_mb() < 100, f"the long line was read into memory: {peak_child_rss_mb()} MB")


def case_baseline_write_error(runner):
    """Issue 30: a baseline that cannot be written (full disk) is an error naming the file and the
    reason, exit 2."""
    with tempfile.TemporaryDirectory() as scratch:
        games = write(os.path.join(scratch, "c.pgn"), HOSTILE_GAME * 2000)
        failed = runner.run("--no-progress", "--fail-on", "never", "--write-baseline", "/dev/full",
                            games)
        stderr = failed.stderr.decode(errors="replace")
        check(failed.returncode == 2, f"exit {failed.returncode}, {stderr[:500]}")
        check("/dev/full" in stderr and "No space left on device" in stderr,
              f"no name or reason: {stderr[:500]}")


def sanitized_binary(binary):
    """Whether the binary was built with AddressSanitizer (which reserves terabytes of address
    space, so a limit on it cannot run)."""
    with open(binary, "rb") as f:
        return b"__asan_init" in f.read()


def run_address_limited(runner, args, limit_bytes):
    """Runs drawaudit with its address space limited (as `ulimit -v` does) unless it is a
    sanitizer build; returns the completed process."""
    import resource

    def limit():
        resource.setrlimit(resource.RLIMIT_AS, (limit_bytes, limit_bytes))

    limited = not sanitized_binary(runner.binary)
    return subprocess.run([runner.binary, *args], cwd=runner.root, capture_output=True, timeout=600,
                          env=dict(os.environ, ASAN_OPTIONS="detect_leaks=0"),
                          preexec_fn=limit if limited else None)


def case_baseline_long_line(runner):
    """Issue 30: a --baseline whose line never ends (a 5 GB sparse file: a record's start, then
    NUL bytes) is an error naming the file and line, in bounded memory (under a 1.5 GB address
    limit): exit 2 and no report, never an abort."""
    with tempfile.TemporaryDirectory() as scratch:
        baseline = os.path.join(scratch, "endless.jsonl")
        with open(baseline, "wb") as f:
            f.write(b'{"type":"finding","file":"')
            f.truncate(5 << 30)
        game = os.path.join(scratch, "game.pgn")
        with open(game, "wb") as f:
            f.write(CLEAN_GAME)
        completed = run_address_limited(
            runner, ["--baseline", baseline, "--format", "jsonl", "--no-progress", "-j", "1", game],
            1536 << 20)
        stderr = completed.stderr.decode(errors="replace")
        check(completed.returncode == 2, f"exit {completed.returncode}: {stderr[:2000]}")
        check(f"{baseline}:1: " in stderr and "bytes or more" in stderr, f"stderr: {stderr[:2000]}")
        check(not completed.stdout, "a report was written")
        rss = peak_child_rss_mb()
        check(rss < 400, f"peak RSS {rss:.0f} MB: the line was loaded")


def case_baseline_sarif_one_line(runner):
    """Issue 30: a SARIF baseline on a single line longer than the JSON Lines line limit (40 MB)
    is still read, piece by piece: every finding it holds is baselined."""
    with tempfile.TemporaryDirectory() as scratch:
        samples = os.path.join(runner.root, "sample_pgns")
        sarif = runner.run("--format", "sarif", "--no-progress", "--fail-on", "never", samples)
        check(sarif.returncode == 0, f"exit {sarif.returncode}: {sarif.stderr[:1000]!r}")
        document = json.loads(sarif.stdout)
        results = len(document["runs"][0]["results"])
        check(results > 0, "no results to baseline")
        document["runs"][0]["properties"] = {"padding": "x" * (40 << 20)}
        baseline = os.path.join(scratch, "one-line.sarif")
        with open(baseline, "w", encoding="utf-8") as f:
            json.dump(document, f, separators=(",", ":"))
        completed = runner.run("--baseline", baseline, "--format", "jsonl", "--no-progress", samples)
        stderr = completed.stderr.decode(errors="replace")
        check(completed.returncode == 0, f"exit {completed.returncode}: {stderr[:2000]}")
        records = jsonl_records(completed)
        check(not findings_of(records, None), f"findings left: {findings_of(records, None)[:3]}")
        check(records[-1]["baselined"] == results, f"baselined {records[-1]['baselined']} of {results}")


def run_measured(runner, *args):
    """drawaudit ARGS, with the peak RSS (MB) of that one process (os.wait4) and its stdout size."""
    env = dict(os.environ, ASAN_OPTIONS="detect_leaks=0")
    with tempfile.TemporaryFile() as out:
        process = subprocess.Popen([runner.binary, *args], stdout=out, stderr=subprocess.PIPE,
                                   env=env)
        stderr = process.stderr.read()
        _, status, usage = os.wait4(process.pid, 0)
        process.returncode = os.waitstatus_to_exitcode(status)
        out.seek(0)
        data = out.read()
    return process.returncode, data, stderr, usage.ru_maxrss / 1024


def repeating_games(count, plies):
    """`count` games repeating Nf3 Nf6 Ng1 Ng8 for `plies` plies: under the 1997 Laws (no
    automatic end) a threefold claim at nearly every ply."""
    cycles = plies // 4
    moves = b" ".join(b"%d. Nf3 Nf6 %d. Ng1 Ng8" % (2 * i + 1, 2 * i + 2) for i in range(cycles))
    game = b'[Event "cycle"]\n[Result "*"]\n\n' + moves + b" *\n\n"
    return game * count


def case_repeating_games_bounded(runner):
    """Issue 30: games that repeat one cycle (two claims a ply) list at most
    --max-findings-per-rule findings of a rule per game and count the rest, so the output and the
    memory stay bounded: four times the plies cost little more memory and no more output."""
    with tempfile.TemporaryDirectory() as scratch:
        small = write(os.path.join(scratch, "small.pgn"), repeating_games(4, 5000))
        large = write(os.path.join(scratch, "large.pgn"), repeating_games(4, 20000))
        measured = {}
        for name, path in (("small", small), ("large", large)):
            code, out, err, rss = run_measured(runner, "--format", "jsonl", "--no-progress",
                                               "-j1", "--laws", "1997",
                                               "--max-findings-per-rule", "100", path)
            check(code in (0, 1), f"{name}: exit {code}: {err[:600]!r}")
            records = [json.loads(line) for line in out.decode().splitlines()]
            games = [r for r in records if r["type"] == "game"]
            check(len(games) == 4, f"{name}: {len(games)} games")
            for game in games:
                listed = [r for r in records if r["type"] == "finding" and r["game"] == game["game"]
                          and r["rule"] == "threefold-claim"]
                omitted = (game.get("findings_omitted") or {}).get("threefold-claim", 0)
                check(len(listed) == 100 and omitted > 0,
                      f"{name}: game {game['game']}: {len(listed)} listed, {omitted} omitted")
            summary = records[-1]
            check(summary.get("findings_omitted", {}).get("threefold-claim", 0) ==
                  sum(g["findings_omitted"]["threefold-claim"] for g in games),
                  f"{name}: the summary's count {summary.get('findings_omitted')}")
            measured[name] = (len(out), rss)
        (small_bytes, small_rss), (large_bytes, large_rss) = measured["small"], measured["large"]
        # Four times the plies: the listed findings are the same, the output grows only by the
        # counts' digits (unbounded, it was 4 x 15,000 more claims of about 1.5 KB each: 90 MB).
        check(large_bytes < small_bytes * 1.1, f"output {small_bytes} -> {large_bytes} bytes")
        check(large_rss - small_rss < 64,
              f"peak RSS {small_rss:.0f} -> {large_rss:.0f} MB for four times the plies")


def case_html_spill_same_report(runner):
    """Issue 30: an HTML report past its in-memory share (4 MiB of sections) is the same page
    whether its sections spill to an unlinked temporary file in TMPDIR or, when no temporary
    file can be made there, stay in memory (and a warning naming TMPDIR says so); the spilled run
    needs less memory."""
    with tempfile.TemporaryDirectory() as scratch:
        game = (b'[Event "e"]\n[White "w"]\n[Black "b"]\n[Result "0-1"]\n\n'
                b"1. f3 e5 2. g4 Qh4# 1-0\n\n")
        path = write(os.path.join(scratch, "many.pgn"), game * 4000)
        tmp = os.path.join(scratch, "tmp")
        os.mkdir(tmp)
        pages = {}
        for name, tmpdir in (("spilled", tmp), ("in-memory", os.path.join(scratch, "missing"))):
            env = dict(os.environ, ASAN_OPTIONS="detect_leaks=0", TMPDIR=tmpdir)
            out = os.path.join(scratch, f"{name}.html")
            process = subprocess.Popen([runner.binary, "--format", "html", "--no-progress",
                                        "--html-max-games", "100000", "-o", out, path],
                                       stderr=subprocess.PIPE, env=env)
            stderr = process.stderr.read()
            _, status, usage = os.wait4(process.pid, 0)
            code = os.waitstatus_to_exitcode(status)
            check(code in (0, 1), f"{name}: exit {code}: {stderr[:600]!r}")
            with open(out, "rb") as f:
                pages[name] = (f.read(), usage.ru_maxrss / 1024)
            check(not os.listdir(tmp), f"{name}: a temporary file left in TMPDIR: {os.listdir(tmp)}")
            said = b"the report is kept in memory" in stderr
            check(said == (name == "in-memory") and (not said or tmpdir.encode() in stderr),
                  f"{name}: stderr {stderr[:600]!r}")
        (spilled, spilled_rss), (kept, kept_rss) = pages["spilled"], pages["in-memory"]
        check(len(spilled) > 8 * 1024 * 1024, f"the page has only {len(spilled)} bytes")
        check(spilled == kept, "the spilled page differs from the one kept in memory")
        check(spilled_rss < kept_rss, f"peak RSS spilled {spilled_rss:.0f} MB, kept {kept_rss:.0f} MB")


def case_lines_past_4g(runner):
    """Issue 30: line numbers past 2^32 are whole: a stream of more lines (several Lichess months
    through zstdcat) reports its games, moves and parse errors at their lines, and merge adds a
    part's 2^32 line breaks whole (the 32-bit numbers said line 6)."""
    breaks = 1 << 32
    head = b'[Event "a"]\n\n1. e4 e5 1-0\n'  # lines 1-3; the padding starts on line 4
    tail = (b'[Event "b"]\n\n1. f3 e5 2. g4 Qh4# 1-0\n\n'  # lines 4 + 2^32 .. + 3
            b'[Event "c"]\n\n1. e4 {never closed\n')          # lines 8 + 2^32 .. + 10
    with tempfile.TemporaryDirectory() as scratch:
        out_path = os.path.join(scratch, "out.jsonl")
        err_path = os.path.join(scratch, "err.txt")
        with open(out_path, "wb") as out, open(err_path, "wb") as err:
            process = subprocess.Popen([runner.binary, "--format", "jsonl", "--no-progress", "-"],
                                       stdin=subprocess.PIPE, stdout=out, stderr=err)
            try:
                process.stdin.write(head)
                block = b"\n" * (1 << 24)
                for _ in range(breaks // len(block)):
                    process.stdin.write(block)
                process.stdin.write(tail)
                process.stdin.close()
                process.wait(timeout=600)
            finally:
                if process.poll() is None:
                    process.kill()
                    process.wait()
        with open(err_path, "rb") as f:
            check(process.returncode == 1, f"exit {process.returncode}: {f.read()[:400]}")
        with open(out_path, encoding="utf-8") as f:
            records = [json.loads(line) for line in f]
    games = {r["event"]: r for r in records if r["type"] == "game"}
    check(sorted(games) == ["a", "b", "c"], f"games read: {sorted(games)}")
    check(games["a"]["line"] == 1 and games["b"]["line"] == breaks + 4
          and games["c"]["line"] == breaks + 8,
          f"game lines {[(e, g['line']) for e, g in games.items()]}")
    mate = findings_of(records, "checkmate")
    check(len(mate) == 1 and mate[0]["line"] == breaks + 6,
          f"checkmate findings {[(f['line'], f['move']) for f in mate]}")
    errors = findings_of(records, "parse-error")
    check(len(errors) == 1 and errors[0]["line"] == breaks + 10
          and f"at line {breaks + 10}, column 7" in errors[0]["message"],
          f"parse errors {[(f['line'], f['message']) for f in errors]}")

    # merge: the first part's piece of the file holds 2^32 more line breaks than the file here
    # (a fixture of 4 GB would hold them); the second part's lines move up by all of them.
    game = open(os.path.join(runner.root, "sample_pgns", "real-games.pgn"), "rb").read()
    with tempfile.TemporaryDirectory() as scratch:
        source = os.path.join(scratch, "big.pgn")
        write(source, game * 40 + b'[Event "broken"]\n\n1. e4 {never closed\n')
        parts = []
        for k in (1, 2):
            parts.append(os.path.join(scratch, f"part{k}.jsonl"))
            done = runner.run("--shard", f"{k}/2", "--format", "jsonl", "--no-progress", "-o",
                              parts[-1], source, cwd=scratch)
            check(done.returncode in (0, 1), f"shard {k}: exit {done.returncode}")
        with open(parts[0], encoding="utf-8") as f:
            lines = f.read().splitlines()
        end = json.loads(lines[-1])
        check(end["type"] == "shard-end" and len(end["pieces"]) == 1, f"part 1 ends {lines[-1]}")
        end["pieces"][0]["line_breaks"] += breaks
        lines[-1] = json.dumps(end, separators=(",", ":"))
        write(parts[0], ("\n".join(lines) + "\n").encode())
        merged = runner.run("merge", "--format", "jsonl", *parts, cwd=scratch)
        plain = runner.run("--format", "jsonl", "--no-progress", source, cwd=scratch)
        check(merged.returncode == plain.returncode == 1,
              f"merge exit {merged.returncode}, run exit {plain.returncode}: {merged.stderr[:400]}")
    first_part_games = json.loads(lines[-1])["pieces"][0]["games"]
    merged_records = [r for r in jsonl_records(merged) if r["type"] in ("game", "finding")]
    plain_records = [r for r in jsonl_records(plain) if r["type"] in ("game", "finding")]
    check(len(merged_records) == len(plain_records), "merge and run differ in records")
    shifted = 0
    for m, p in zip(merged_records, plain_records):
        lift = breaks if p["game"] > first_part_games else 0
        check(m["line"] == p["line"] + lift,
              f"game {p['game']}: merged line {m['line']}, run {p['line']} + {lift}")
        if p.get("rule") == "parse-error":
            quoted = f"at line {p['line'] + lift}, column"
            check(quoted in m["message"], f"merged message {m['message']!r} lacks {quoted!r}")
        shifted += lift != 0
    check(shifted > 0, "no record of the second part")


CASES = {
    "hostile-output": case_hostile_output,
    "fen-clock-overflow": case_fen_clock_overflow,
    "truncated-compressed": case_truncated_compressed,
    "output-file-durable": case_output_file_durable,
    "pgn-keeps-outside-text": case_pgn_keeps_outside_text,
    "sigpipe": case_sigpipe,
    "fifo-input": case_fifo_input,
    "symlink-loop": case_symlink_loop,
    "truncated-while-read": case_truncated_while_read,
    "zstd-bomb": case_zstd_bomb,
    "gzip-bomb": case_gzip_bomb,
    "huge-comment": case_huge_comment,
    "million-plies": case_million_plies,
    "nested-variations": case_nested_variations,
    "deep-tree": case_deep_tree,
    "padding-between-games": case_padding_between_games,
    "pgn-keeps-leading-text": case_pgn_keeps_leading_text,
    "outputs-never-inputs": case_outputs_never_inputs,
    "merge-interrupted": case_merge_interrupted,
    "second-signal-cleanup": case_second_signal_cleanup,
    "thread-creation-fails": case_thread_creation_fails,
    "standard-output-full": case_standard_output_full,
    "positions-unreadable": case_positions_unreadable,
    "baseline-write-error": case_baseline_write_error,
    "baseline-long-line": case_baseline_long_line,
    "baseline-sarif-one-line": case_baseline_sarif_one_line,
    "repeating-games-bounded": case_repeating_games_bounded,
    "html-spill-same-report": case_html_spill_same_report,
    "lines-past-4g": case_lines_past_4g,
}


class Skip(Exception):
    """A case that cannot run here: ctest reports it skipped (exit 77), with the reason."""


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--binary", required=True)
    parser.add_argument("--root", required=True)
    parser.add_argument("case", choices=sorted(CASES))
    args = parser.parse_args()
    runner = Runner(args.binary, args.root)
    try:
        CASES[args.case](runner)
    except Failure as failure:
        print(f"FAIL {args.case}: {failure}", file=sys.stderr)
        return 1
    except Skip as reason:
        print(f"skipped {args.case}: {reason}")
        return 77
    print(f"ok {args.case}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
