#!/usr/bin/env python3
"""The replay test of `drawaudit watch` (RULES.md "A live round", issue 28).

    watch_test.py --binary BUILD/app/drawaudit --root REPO [--settle S]

Starts `drawaudit watch --format jsonl` on a temporary directory and writes real games into it
move by move, each of the ways a live broadcast writes: the whole file rewritten, moves appended,
a move written in two halves, an operator's correction of an earlier move, the file deleted and
re-created, replaced by rename, a new board file. After each write it waits (a few seconds at
most) for the events that write causes and asserts the exact stream: the file audit of the same
text (`drawaudit --format jsonl`, no watch involved) says which findings hold before and after,
so the events due are the new ones and the withdrawals of the gone ones; none missing, none
twice, nothing else. Ends with SIGINT: exit 130 and the summary line. Prints the latency from
each write to its first event (median and max).
"""

import argparse
import json
import os
import queue
import re
import shutil
import signal
import statistics
import subprocess
import sys
import tempfile
import threading
import time

ALERT_RULES = {"fivefold-draw", "seventy-five-move-draw", "dead-position", "moves-after-end",
               "illegal-move", "null-move", "parse-error", "bad-fen", "broadcast-result-signal",
               "result-conflict", "result-mismatch", "duplicate-conflict"}
WAIT = 6.0  # seconds an expected event may take at most (far above the one second promised)


class Failure(Exception):
    pass


def sample_game(root, path, number):
    """The tags and the main-line SAN moves of game `number` of a sample file."""
    with open(os.path.join(root, path), encoding="utf-8") as f:
        text = f.read()
    games = re.split(r"\n\n(?=\[)", text.strip())
    game = games[number - 1]
    movetext = game.split("\n\n", 1)[1]
    movetext = re.sub(r"\{[^}]*\}", " ", movetext)
    tokens = [t for t in movetext.split() if not re.fullmatch(r"\d+\.+|1-0|0-1|1/2-1/2|\*", t)]
    return tokens


def pgn(board, white, black, sans, result="*", partial=""):
    moves = []
    for i, san in enumerate(sans):
        moves.append(f"{i // 2 + 1}. {san}" if i % 2 == 0 else san)
    movetext = " ".join(moves)
    if partial:
        movetext += (" " if movetext else "") + partial
    return (f'[Event "Replay"]\n[Round "1.{board}"]\n[White "{white}"]\n[Black "{black}"]\n'
            f'[Result "{result}"]\n\n{movetext}{" " if movetext else ""}{result}\n\n')


def is_alert(rule, result):
    if rule in ("checkmate", "stalemate"):
        return result in ("", "*", None)
    return rule in ALERT_RULES


def audit_keys(binary, path):
    """What the file audit finds in `path` now: {(board, rule, route, ply): kind}."""
    if not os.path.exists(path):
        return {}
    out = subprocess.run([binary, "--format", "jsonl", "--no-progress", path],
                         capture_output=True, timeout=60).stdout.decode()
    records = [json.loads(line) for line in out.splitlines() if line.strip()]
    games = {r["game"]: r for r in records if r["type"] == "game"}
    keys = {}
    for r in records:
        if r["type"] != "finding":
            continue
        game = games[r["game"]]
        board = game["round"].split(".", 1)[1]
        key = (board, r["rule"], r["route"] or None, r["ply"])
        keys.setdefault(key, "alert" if is_alert(r["rule"], game["result"]) else "notice")
    for game in games.values():
        if game["result"] in ("1-0", "0-1", "1/2-1/2"):
            keys[(game["round"].split(".", 1)[1], "game-finished", None, None)] = "notice"
    return keys


def event_key(event):
    ply = None if event["rule"] == "game-finished" else event["ply"]
    return (event["board"], event["rule"], event["route"], ply)


class Watcher:
    def __init__(self, binary, directory, settle, extra):
        self.proc = subprocess.Popen(
            [binary, "watch", "--format", "jsonl", "--settle", str(settle), *extra, directory],
            stdout=subprocess.PIPE, stderr=subprocess.PIPE, env={**os.environ, "LANG": "C"})
        self.events = queue.Queue()
        self.all = []
        self.reader = threading.Thread(target=self._read, daemon=True)
        self.reader.start()

    def _read(self):
        for line in self.proc.stdout:
            self.events.put((time.monotonic(), json.loads(line)))

    def take(self, count, timeout):
        """Up to `count` events, waiting at most `timeout` seconds for them."""
        got, deadline = [], time.monotonic() + timeout
        while len(got) < count:
            left = deadline - time.monotonic()
            if left <= 0:
                break
            try:
                got.append(self.events.get(timeout=left))
            except queue.Empty:
                break
        self.all.extend(e for _, e in got)
        return got

    def stop(self):
        if self.proc.poll() is None:
            os.kill(self.proc.pid, signal.SIGKILL)
            self.proc.wait()


class Replay:
    def __init__(self, binary, root, settle, extra):
        self.binary, self.root, self.settle, self.extra = binary, root, settle, extra
        self.dir = tempfile.mkdtemp(prefix="drawaudit-watch-")
        self.round = os.path.join(self.dir, "round.pgn")
        self.latencies = []
        self.steps = 0

    def expect(self, watcher, before, after, wrote_at, extra=(), label=""):
        """The events that the change from `before` to `after` must cause, and nothing else."""
        due = []
        for key, kind in after.items():
            if key not in before:
                due.append((kind, key))
        for key, kind in before.items():
            if key not in after:
                due.append(("withdrawn", key))
        due.extend(extra)
        got = watcher.take(len(due), WAIT)
        # Nothing more may come: give a late duplicate the settle time and a margin to show.
        got += watcher.take(1000, self.settle + 0.3) if due else watcher.take(1000, 0.05)
        actual = sorted((e["kind"], event_key(e)) for _, e in got)
        expected = sorted((kind, key) for kind, key in due)
        self.steps += 1
        if actual != expected:
            missing = [d for d in expected if d not in actual]
            surplus = [a for a in actual if a not in expected]
            raise Failure(f"step {self.steps} ({label}): missing {missing}, unexpected {surplus}")
        for _, e in got:
            for field in ("file", "white", "black", "move", "message", "time"):
                if e["rule"] != "file-unreadable" and not e[field]:
                    raise Failure(f"step {self.steps} ({label}): event without {field}: {e}")
        immediate = [t for t, e in got if e["kind"] != "withdrawn" and e["rule"] != "file-unreadable"]
        if immediate and wrote_at is not None:
            self.latencies.append(min(immediate) - wrote_at)

    def write(self, path, text, mode="w"):
        """Writes and returns when the write began (the latency counts from there)."""
        began = time.monotonic()
        with open(path, mode, encoding="utf-8") as f:
            f.write(text)
        return began

    def dgt_layout(self, shuffle):
        """A DGT LiveChess round folder is read through its game-N.pgn files only: the events
        of games.pgn (the same games again) would be reported twice."""
        folder = os.path.join(self.dir, "dgt")
        os.makedirs(folder)
        one, two = pgn(1, "A", "B", shuffle), pgn(2, "C", "D", shuffle)
        for name, text in (("games.pgn", one + two), ("game-1.pgn", one), ("game-2.pgn", two)):
            self.write(os.path.join(folder, name), text)
        out = subprocess.run([self.binary, "watch", "--once", "--format", "jsonl", folder],
                             capture_output=True, timeout=60)
        files = {os.path.basename(json.loads(line)["file"]) for line in out.stdout.splitlines()}
        if out.returncode != 1 or files != {"game-1.pgn", "game-2.pgn"}:
            raise Failure(f"DGT round folder: exit {out.returncode}, events of {sorted(files)}")
        shutil.rmtree(folder)

    def refused_pages(self):
        """--html never replaces a watched file, nor writes a .pgn a watched folder would read."""
        live = os.path.join(self.dir, "live.txt")  # a broadcast file by any name
        self.write(live, pgn(1, "A", "B", ["e4"]))
        for page, watched in ((live, live), (os.path.join(self.dir, "page.pgn"), self.dir)):
            out = subprocess.run([self.binary, "watch", "--once", "--html", page, watched],
                                 capture_output=True, timeout=60)
            if out.returncode != 2 or b"--html" not in out.stderr:
                raise Failure(f"--html {page}: exit {out.returncode}, {out.stderr!r}")
        os.remove(live)

    def named_before_it_exists(self):
        """A file named relative to the current folder, written only after the watch started:
        followed from its first write (the folder it is in is what inotify watches)."""
        proc = subprocess.Popen([self.binary, "watch", "--format", "jsonl", "late.pgn"],
                                cwd=self.dir, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
        try:
            time.sleep(0.3)
            self.write(os.path.join(self.dir, "late.pgn"), pgn(1, "A", "B", ["e4"], "1-0"))
            time.sleep(1.5)
            os.kill(proc.pid, signal.SIGINT)
            out, _ = proc.communicate(timeout=10)
        finally:
            if proc.poll() is None:
                os.kill(proc.pid, signal.SIGKILL)
                proc.wait()
        rules = [json.loads(line)["rule"] for line in out.splitlines()]
        if rules != ["game-finished"]:
            raise Failure(f"late.pgn, named before it existed: events {rules}")
        os.remove(os.path.join(self.dir, "late.pgn"))

    def run(self):
        shuffle = sample_game(self.root, "sample_pgns/automatic-endings.pgn", 5)
        self.named_before_it_exists()
        self.refused_pages()
        self.dgt_layout(shuffle)
        real = sample_game(self.root, "sample_pgns/real-games.pgn", 1)
        three = sample_game(self.root, "sample_pgns/threefold.pgn", 1)
        a = lambda sans, result="*", partial="": pgn(1, "Shuffle, A", "Shuffle, B", sans, result, partial)
        b_head = pgn(2, "Zvjaginsev,V", "Maletin,P", [], "*").replace(" *\n\n", "")
        b_head = b_head.rstrip("*\n") + "\n"
        self.write(self.round, a([]) + b_head)
        watcher = Watcher(self.binary, self.dir, self.settle, self.extra)
        try:
            time.sleep(0.5)  # the first read of the empty games
            watcher.take(1000, 0.5)
            before = audit_keys(self.binary, self.round)
            # 1. The whole file rewritten at each move (DGT LiveChess).
            for n in range(1, len(shuffle) + 1):
                t = self.write(self.round, a(shuffle[:n]) + b_head)
                after = audit_keys(self.binary, self.round)
                self.expect(watcher, before, after, t, label=f"rewrite, ply {n}")
                before = after
            # 2. Moves appended to the end of the file (a relay), the last one in two halves.
            body = ""
            for i, san in enumerate(real):
                token = (f"{i // 2 + 1}. " if i % 2 == 0 else "") + san + " "
                if i == len(real) - 1:
                    # 3. A half-written move: its first half waits, the second completes it.
                    self.write(self.round, token[:-3], "a")
                    time.sleep(self.settle / 3)
                    t = self.write(self.round, token[-3:], "a")
                else:
                    t = self.write(self.round, token, "a")
                body += token
                after = audit_keys(self.binary, self.round)
                self.expect(watcher, before, after, t, label=f"append {token.strip()}")
                before = after
            b_text = pgn(2, "Zvjaginsev,V", "Maletin,P", real, "1/2-1/2")
            t = self.write(self.round, a(shuffle) + b_text)
            after = audit_keys(self.binary, self.round)
            self.expect(watcher, before, after, t, label="result of board 2")
            before = after
            # 4. The operator corrects board 1's last move: the fivefold no longer holds.
            corrected = shuffle[:-1] + ["Nc6"]
            t = self.write(self.round, a(corrected) + b_text)
            after = audit_keys(self.binary, self.round)
            if not any(k[1] == "fivefold-draw" for k in before) or any(
                    k[1] == "fivefold-draw" for k in after):
                raise Failure("the correction was meant to take the fivefold away")
            self.expect(watcher, before, after, t, label="correction")
            before = after
            # 5. Deleted and re-created at once: nothing to say. Deleted for longer: said once,
            # and withdrawn when it is back.
            os.remove(self.round)
            t = self.write(self.round, a(corrected) + b_text)
            self.expect(watcher, before, before, t, label="deleted and re-created")
            os.remove(self.round)
            gone = ("notice", (None, "file-unreadable", None, None))
            self.expect(watcher, before, before, None, extra=[gone], label="deleted")
            t = self.write(self.round, a(corrected) + b_text)
            back = ("withdrawn", (None, "file-unreadable", None, None))
            self.expect(watcher, before, before, None, extra=[back], label="re-created")
            # 6. Replaced by rename, with board 1's move back as it was.
            temporary = os.path.join(self.dir, "round.pgn.part")
            self.write(temporary, a(shuffle) + b_text)
            t = time.monotonic()  # the rename is the write the watch sees
            os.rename(temporary, self.round)
            after = audit_keys(self.binary, self.round)
            self.expect(watcher, before, after, t, label="replaced by rename")
            # 7. A new board file in the watched directory.
            board3 = os.path.join(self.dir, "board3.pgn")
            t = self.write(board3, pgn(3, "Three, A", "Three, B", three, "1/2-1/2"))
            self.expect(watcher, {}, audit_keys(self.binary, board3), t, label="new board file")
            # 8. Ctrl-C: exit 130 and one summary line.
            os.kill(watcher.proc.pid, signal.SIGINT)
            code = watcher.proc.wait(timeout=10)
            stderr = watcher.proc.stderr.read().decode()
            if code != 130:
                raise Failure(f"exit {code} after SIGINT, expected 130; stderr: {stderr}")
            counts = {k: sum(1 for e in watcher.all if e["kind"] == k)
                      for k in ("alert", "notice", "withdrawn")}
            summary = (f"drawaudit watch: 3 boards; {counts['alert']} alerts, "
                       f"{counts['notice']} notices, {counts['withdrawn']} withdrawn.")
            if stderr.strip().splitlines()[-1:] != [summary]:
                raise Failure(f"summary line {stderr!r}, expected {summary!r}")
            self.first_run = watcher.all
            # SIGTERM ends it the same way (a service manager stops it so).
            watcher = Watcher(self.binary, self.dir, self.settle, self.extra)
            # Its first event says it has started (a loaded machine under the sanitizers may take
            # seconds); then whatever else the first reading reports.
            if not watcher.take(1, 60):
                raise Failure("the second watch wrote no event within 60 s")
            watcher.take(1000, 1.0)
            os.kill(watcher.proc.pid, signal.SIGTERM)
            code = watcher.proc.wait(timeout=10)
            stderr = watcher.proc.stderr.read().decode()
            if code != 130 or not re.fullmatch(r"drawaudit watch: 3 boards; \d+ alerts, \d+ "
                                               r"notices, \d+ withdrawn\.\n", stderr):
                raise Failure(f"SIGTERM: exit {code}, stderr {stderr!r}")
        finally:
            watcher.stop()
            shutil.rmtree(self.dir, ignore_errors=True)
        lat = sorted(self.latencies)
        counts = {k: sum(1 for e in self.first_run if e["kind"] == k)
                  for k in ("alert", "notice", "withdrawn")}
        print(f"ok watch replay{' ' + ' '.join(self.extra) if self.extra else ''}: {self.steps} steps, {len(self.first_run)} events "
              f"({counts['alert']} alerts, {counts['notice']} notices, {counts['withdrawn']} "
              f"withdrawn); latency write -> event over {len(lat)} writes: median "
              f"{statistics.median(lat) * 1000:.1f} ms, max {lat[-1] * 1000:.1f} ms")


def many_boards(binary, root, boards):
    """Hundreds of boards: one file per board, each rewritten at every move, round-robin as the
    moves arrive. Every board must get exactly the events of the file audit of its final state:
    none twice, none missing, nothing withdrawn."""
    shuffle = sample_game(root, "sample_pgns/automatic-endings.pgn", 5)
    folder = tempfile.mkdtemp(prefix="drawaudit-watch-boards-")
    watcher = Watcher(binary, folder, 1.0, [])
    try:
        time.sleep(0.3)
        began = time.monotonic()
        for n in range(1, len(shuffle) + 1):
            for b in range(1, boards + 1):
                with open(os.path.join(folder, f"board{b}.pgn"), "w", encoding="utf-8") as f:
                    f.write(pgn(b, f"White {b}", f"Black {b}", shuffle[:n]))
        wrote = time.monotonic() - began
        expected = audit_keys(binary, os.path.join(folder, "board1.pgn"))
        got = [e for _, e in watcher.take(boards * len(expected), WAIT + boards * 0.05)]
        got += [e for _, e in watcher.take(1000, 1.5)]
        for b in range(1, boards + 1):
            mine = sorted((e["kind"], event_key(e)) for e in got if e["board"] == str(b))
            want = sorted((kind, (str(b), *key[1:])) for key, kind in expected.items())
            if mine != want:
                raise Failure(f"board {b} of {boards}: events {mine}, expected {want}")
        os.kill(watcher.proc.pid, signal.SIGINT)
        if watcher.proc.wait(timeout=10) != 130:
            raise Failure("exit status after SIGINT is not 130")
    finally:
        watcher.stop()
        shutil.rmtree(folder, ignore_errors=True)
    print(f"ok watch many boards: {boards} boards, {boards * len(shuffle)} writes in {wrote:.1f} s, "
          f"{len(got)} events, each board exactly its {len(expected)}")


def main():
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--binary", required=True)
    parser.add_argument("--root", required=True)
    parser.add_argument("--settle", type=float, default=1.0)
    parser.add_argument("--poll", type=float, default=0,
                        help="run the watch with --poll SECONDS (the fallback to inotify)")
    parser.add_argument("--boards", type=int, default=0,
                        help="instead of the replay: this many boards, one file each")
    args = parser.parse_args()
    extra = ["--poll", str(args.poll)] if args.poll > 0 else []
    try:
        if args.boards:
            many_boards(os.path.abspath(args.binary), os.path.abspath(args.root), args.boards)
            return 0
        Replay(os.path.abspath(args.binary), os.path.abspath(args.root), args.settle, extra).run()
    except Failure as failure:
        print(f"FAIL watch replay: {failure}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
