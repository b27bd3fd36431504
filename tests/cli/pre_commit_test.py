#!/usr/bin/python3
"""The hook of .pre-commit-hooks.yaml, run by Debian's pre-commit against a temporary git
repository of PGN files, offline (the hook repository is a local git repository holding this
checkout's .pre-commit-hooks.yaml): a clean commit passes, a commit that only moves a game with
baselined findings passes, a commit with a new conflict fails and prints the finding.

    pre_commit_test.py --binary BUILD/app/drawaudit --root REPO
"""

import argparse
import os
import re
import shutil
import subprocess
import sys
import tempfile

NEW_CONFLICT = ('[Event "Added today"]\n[White "New, Player"]\n[Black "Other, Player"]\n'
                '[Result "1-0"]\n\n1. e4 e5 2. Nf3 Nc6 1/2-1/2\n\n')


def fail(message):
    print(f"FAIL pre-commit: {message}", file=sys.stderr)
    sys.exit(1)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--binary", required=True)
    parser.add_argument("--root", required=True)
    options = parser.parse_args()
    if shutil.which("pre-commit") is None or shutil.which("git") is None:
        print("SKIP pre-commit: pre-commit or git is not installed (scripts/deps.sh)")
        sys.exit(77)
    binary = os.path.abspath(options.binary)
    root = os.path.abspath(options.root)
    with tempfile.TemporaryDirectory() as scratch:
        bin_dir = os.path.join(scratch, "bin")
        os.makedirs(bin_dir)
        os.symlink(binary, os.path.join(bin_dir, "drawaudit"))
        env = {
            "PATH": bin_dir + os.pathsep + os.environ.get("PATH", "/usr/bin:/bin"),
            "HOME": scratch,
            "PRE_COMMIT_HOME": os.path.join(scratch, "pre-commit-cache"),
            "GIT_AUTHOR_NAME": "t", "GIT_AUTHOR_EMAIL": "t@example.org",
            "GIT_COMMITTER_NAME": "t", "GIT_COMMITTER_EMAIL": "t@example.org",
            "GIT_CONFIG_NOSYSTEM": "1",
            "ASAN_OPTIONS": "detect_leaks=0",
            "LANG": "C.UTF-8",
        }

        def run(args, cwd):
            return subprocess.run(args, cwd=cwd, env=env, capture_output=True, text=True, timeout=600)

        def git(cwd, *args):
            completed = run(["git", *args], cwd)
            if completed.returncode != 0:
                fail(f"git {' '.join(args)}: {completed.stderr}")
            return completed.stdout.strip()

        # The hook repository: this checkout's hook definition, committed.
        hooks = os.path.join(scratch, "drawaudit-hooks")
        os.makedirs(hooks)
        shutil.copy(os.path.join(root, ".pre-commit-hooks.yaml"), hooks)
        git(hooks, "init", "-q")
        git(hooks, "add", ".pre-commit-hooks.yaml")
        git(hooks, "commit", "-q", "-m", "hooks")
        rev = git(hooks, "rev-parse", "HEAD")

        collection = os.path.join(scratch, "collection")
        games = os.path.join(collection, "games")
        os.makedirs(games)
        git(collection, "init", "-q")
        with open(os.path.join(collection, ".pre-commit-config.yaml"), "w", encoding="utf-8") as config:
            config.write(f"repos:\n  - repo: {hooks}\n    rev: {rev}\n    hooks:\n"
                         "      - id: drawaudit\n        args: [--baseline, drawaudit-baseline.jsonl]\n")
        with open(os.path.join(root, "sample_pgns", "results.pgn"), encoding="utf-8") as source:
            old_text = source.read()
        with open(os.path.join(games, "old.pgn"), "w", encoding="utf-8") as out:
            out.write(old_text)
        with open(os.path.join(root, "tests", "cli", "fixtures", "clean.pgn"), encoding="utf-8") as source:
            clean = source.read()
        # The old games have error findings: accepted once, in the baseline.
        completed = run([binary, "--no-progress", "--fail-on", "never", "--write-baseline",
                         "drawaudit-baseline.jsonl", "games/"], collection)
        if completed.returncode != 0:
            fail(f"--write-baseline: {completed.stderr}")
        installed = run(["pre-commit", "install"], collection)
        if installed.returncode != 0:
            fail(f"pre-commit install: {installed.stdout}{installed.stderr}")

        git(collection, "add", "-A")
        first = run(["git", "commit", "-m", "old games and their baseline"], collection)
        if first.returncode != 0:
            fail(f"the clean commit was refused:\n{first.stdout}{first.stderr}")

        # A game with only old findings moves to another file: still clean.
        starts = [m.start() for m in re.finditer(r"^\[Event ", old_text, re.M)]
        moved_game = old_text[starts[0]:starts[1]]
        with open(os.path.join(games, "old.pgn"), "w", encoding="utf-8") as out:
            out.write(old_text[starts[1]:])
        with open(os.path.join(games, "moved.pgn"), "w", encoding="utf-8") as out:
            out.write(clean + "\n" + moved_game)
        git(collection, "add", "-A")
        moved = run(["git", "commit", "-m", "a game moved"], collection)
        if moved.returncode != 0:
            fail(f"moving a baselined game was refused:\n{moved.stdout}{moved.stderr}")

        # A new game with a conflict: refused, and the finding is printed.
        with open(os.path.join(games, "new.pgn"), "w", encoding="utf-8") as out:
            out.write(NEW_CONFLICT)
        git(collection, "add", "games/new.pgn")
        refused = run(["git", "commit", "-m", "a new game"], collection)
        output = refused.stdout + refused.stderr
        if refused.returncode == 0:
            fail(f"the commit with a new conflict passed:\n{output}")
        if "games/new.pgn" not in output or "The Result tag says 1-0" not in output:
            fail(f"the finding is not printed:\n{output}")
        if git(collection, "rev-list", "--count", "HEAD") != "2":
            fail("the refused commit was made")
    print("ok pre-commit")


if __name__ == "__main__":
    main()
