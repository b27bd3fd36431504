#!/usr/bin/env python3
"""drawaudit's threefold repetitions against pgn-extract --repetition on the large corpus.

pgn-extract 19.04 counts an en-passant square after every double pawn push, so it misses the
repetitions whose first occurrence follows a double push that no pawn can legally capture
(RULES.md, "Same position", 4). drawaudit must find a repetition in every game pgn-extract flags,
and in the games it misses. The script splits the corpus with pgn-extract into the games it flags
and the rest, audits both halves, and names a few of the games where the two tools differ.
Exit 1 if drawaudit misses a game pgn-extract flags.
"""
import json
import os
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
DRAWAUDIT = os.environ.get("DRAWAUDIT", os.path.join(ROOT, "build/release/app/drawaudit"))
PGN_EXTRACT = os.environ.get("PGN_EXTRACT", "/usr/games/pgn-extract")
WORK = os.path.join(ROOT, "build", "bench")


def threefold_games(path):
    """game number -> (game record, first threefold-claim appeared finding)."""
    result = subprocess.run([DRAWAUDIT, "--format", "jsonl", "--no-progress", "--fail-on", "never",
                             path], stdout=subprocess.PIPE, text=True, check=True)
    first, games = {}, {}
    for line in result.stdout.splitlines():
        record = json.loads(line)
        if record["type"] == "finding" and record["rule"] == "threefold-claim" \
                and record["route"] == "appeared":
            first.setdefault(record["game"], record)
        elif record["type"] == "game":
            games[record["game"]] = record
    return {g: (games[g], f) for g, f in first.items()}, len(games)


def main():
    source = sys.argv[1] if len(sys.argv) > 1 else os.path.join(WORK, "large.pgn")
    os.makedirs(WORK, exist_ok=True)
    flagged, rest = os.path.join(WORK, "pe-repetition.pgn"), os.path.join(WORK, "pe-other.pgn")
    # pgn-extract exits 1 when it warns (two games of the corpus have illegal moves): not a failure.
    subprocess.run([PGN_EXTRACT, "-s", "--quiet", "--repetition", "-o" + flagged, "-n" + rest,
                    source], stderr=subprocess.DEVNULL)
    if not os.path.exists(flagged) or not os.path.exists(rest):
        sys.exit("compare_repetitions: pgn-extract wrote no output")
    found_in_flagged, total_flagged = threefold_games(flagged)
    found_in_rest, total_rest = threefold_games(rest)
    print(f"pgn-extract --repetition flags {total_flagged} games; drawaudit finds a threefold "
          f"repetition in {len(found_in_flagged)} of them")
    print(f"of the {total_rest} games pgn-extract does not flag, drawaudit finds one in "
          f"{len(found_in_rest)}")
    print(f"drawaudit in all: {len(found_in_flagged) + len(found_in_rest)} games")
    print("some games pgn-extract misses (first occurrence of the repeated position, and why):")
    double_pushes = 0
    for number, (game, finding) in sorted(found_in_rest.items()):
        first_move = finding["message"].split("(after ")[-1].split(",")[0].rstrip(")") \
            if "(after " in finding["message"] else "the start"
        san = first_move.split()[-1]
        black = "..." in first_move
        # A pawn's double push: "g4" by White, "a5" by Black (no capture, no promotion).
        is_double_push = len(san) >= 2 and san[0] in "abcdefgh" and san[1] == ("5" if black else "4")
        double_pushes += is_double_push
        if number in sorted(found_in_rest)[:6]:
            why = ("a double push after which pgn-extract counts an en-passant square no pawn can "
                   "use" if is_double_push else "not a double push: look at this game")
            print(f"  {game['white']} - {game['black']}, {game['event']} {game['date']}: third "
                  f"occurrence at {finding['move']} (ply {finding['ply']}); the position first "
                  f"stood after {first_move}: {why}")
    print(f"in {double_pushes} of the {len(found_in_rest)} the first occurrence follows a double "
          f"pawn push")
    missed = total_flagged - len(found_in_flagged)
    if missed:
        print(f"drawaudit misses {missed} games that pgn-extract flags", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
