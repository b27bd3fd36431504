#!/usr/bin/python3
"""docs/ci.md stays true: every recipe runs as written, offline.

    ci_docs_test.py --binary BUILD/app/drawaudit --root REPO

Every YAML block parses. Each CI recipe (the GitHub workflows' `run:` steps, GitLab's
`before_script` and `script`, the `sh` block) runs in document order in a scratch directory: a
collection whose games/ is a copy of sample_pgns/, where drawaudit-src/ is a fresh clone of this
checkout for each recipe (what `actions/checkout` and `git clone URL` give a CI job). Only the
steps that need the network or change the machine are left out, and the test prints them:
`uses:` actions, `apt-get`, and `git clone` of the URL (replaced by a clone of the checkout).
GitHub's `$GITHUB_PATH` is honoured between steps, as the runner does. The reports the recipes
write are checked (SARIF baseline states, JSON Lines, GitLab's code-quality list, the baseline's
count), and the pre-commit block is installed as written in a scratch git repository: a commit of
baselined games passes, a commit with a new conflict is refused with the finding printed. The
TOML example is read by the binary under test. The build steps use ccache when it is installed
(CCACHE_BASEDIR, so that each fresh clone hits the cache of the one before).

Needs Debian's python3-yaml (hence /usr/bin/python3), git, cmake, jq and pre-commit
(scripts/deps.sh test); without them the test is skipped (exit 77) and says which is missing.
"""

import argparse
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import tomllib

import yaml

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from pre_commit_test import NEW_CONFLICT  # noqa: E402

SKIP = 77
NETWORK_STEP = re.compile(r"^\s*(sudo\s+)?apt-get\b")
CLONE_URL = re.compile(r"^\s*git clone\b.*\bhttps?://\S+\s+(\S+)\s*$")
LOCAL_DEB = re.compile(r"^\s*(sudo\s+)?apt-get install\b.*\s(\./\S+\.deb)\s*$")


class Failure(Exception):
    pass


def check(condition, message):
    if not condition:
        raise Failure(message)


def blocks(markdown, language):
    return re.findall(r"^```" + language + r"\n(.*?)^```", markdown, re.S | re.M)


class Workspace:
    """The CI job's directory: the collection, PATH as the job would have it, a log of skips."""

    def __init__(self, root, scratch, binary):
        self.root = root
        self.dir = os.path.join(scratch, "collection")
        shutil.copytree(os.path.join(root, "sample_pgns"), os.path.join(self.dir, "games"))
        self.github_path = os.path.join(scratch, "github_path")
        self.extra_path = []
        self.left_out = []
        self.env = {
            "PATH": os.environ.get("PATH", "/usr/bin:/bin"),
            "HOME": os.path.join(scratch, "home"),
            "LANG": "C.UTF-8",
            "ASAN_OPTIONS": "detect_leaks=0",
            "GITHUB_PATH": self.github_path,
            "GIT_AUTHOR_NAME": "t", "GIT_AUTHOR_EMAIL": "t@example.org",
            "GIT_COMMITTER_NAME": "t", "GIT_COMMITTER_EMAIL": "t@example.org",
            "GIT_CONFIG_NOSYSTEM": "1",
            "PRE_COMMIT_HOME": os.path.join(scratch, "pre-commit-cache"),
        }
        os.makedirs(self.env["HOME"])
        if shutil.which("ccache"):
            self.env["CMAKE_CXX_COMPILER_LAUNCHER"] = "ccache"
            self.env["CCACHE_BASEDIR"] = self.dir
            # The user's cache, wherever their configuration puts it (HOME is a scratch one here).
            cache_dir = subprocess.run(["ccache", "--get-config", "cache_dir"], capture_output=True,
                                       text=True).stdout.strip()
            if cache_dir:
                self.env["CCACHE_DIR"] = cache_dir
        # The binary under test stays off PATH: the recipes must build their own.
        self.binary = binary

    def path(self):
        return os.pathsep.join(self.extra_path + [self.env["PATH"]])

    def fresh_clone(self):
        """What actions/checkout or `git clone URL drawaudit-src` gives the job."""
        target = os.path.join(self.dir, "drawaudit-src")
        shutil.rmtree(target, ignore_errors=True)
        if os.path.isdir(os.path.join(self.root, ".git")) or os.path.isfile(
                os.path.join(self.root, ".git")):
            completed = subprocess.run(["git", "clone", "-q", self.root, target],
                                       capture_output=True, text=True)
            check(completed.returncode == 0, f"git clone of the checkout: {completed.stderr}")
        else:  # an unpacked source tree
            shutil.copytree(self.root, target, ignore=shutil.ignore_patterns("build", ".git"))

    def script(self, lines, where):
        """The lines that run here: network steps are left out (and logged), a clone of the URL
        becomes a clone of the checkout."""
        kept = []
        for line in lines:
            deb = LOCAL_DEB.match(line)
            if deb:  # installing the package: unpacked instead, its /usr/bin first on PATH
                unpacked = os.path.join(self.dir, "..", "deb-root")
                self.left_out.append(f"{where}: {line.strip()} (unpacked with dpkg-deb -x instead)")
                kept.append(f"rm -rf {unpacked} && dpkg-deb -x {deb.group(2)} {unpacked}")
                self.extra_path = [os.path.join(unpacked, "usr", "bin")]
                continue
            if NETWORK_STEP.match(line):
                self.left_out.append(f"{where}: {line.strip()} (network)")
                continue
            clone = CLONE_URL.match(line)
            if clone:
                check(clone.group(1) == "drawaudit-src", f"{where}: a clone into {clone.group(1)}")
                self.left_out.append(f"{where}: {line.strip()} (a clone of the checkout instead)")
                self.fresh_clone()
                continue
            kept.append(line)
        return kept

    def run(self, lines, where, timeout=1800):
        script = "\n".join(["set -eo pipefail"] + lines) + "\n"
        env = dict(self.env, PATH=self.path())
        completed = subprocess.run(["bash", "-c", script], cwd=self.dir, env=env,
                                   capture_output=True, text=True, timeout=timeout)
        check(completed.returncode == 0,
              f"{where} exited {completed.returncode}:\n{script}\n--- stdout (end):\n"
              f"{completed.stdout[-3000:]}\n--- stderr (end):\n{completed.stderr[-3000:]}")
        if os.path.exists(self.github_path):
            with open(self.github_path, encoding="utf-8") as added:
                for entry in reversed(added.read().splitlines()):
                    if entry and entry not in self.extra_path:
                        self.extra_path.insert(0, entry)
            os.remove(self.github_path)
        return completed


def run_github(workspace, name, document):
    for job_name, job in document["jobs"].items():
        workspace.fresh_clone()  # a job starts from a fresh checkout of both repositories
        workspace.extra_path = []
        for number, step in enumerate(job["steps"], 1):
            where = f"{name}, job {job_name}, step {number} ({step.get('name', step.get('uses'))})"
            if "uses" in step:
                workspace.left_out.append(f"{where}: uses {step['uses']} (network)")
                continue
            lines = workspace.script(str(step["run"]).splitlines(), where)
            completed = workspace.run(lines, where)
            if "--format github" in step["run"]:
                for out in completed.stdout.splitlines():
                    check(out.startswith("::"), f"{where}: not a workflow command: {out}")


def run_gitlab(workspace, name, document):
    for job_name, job in document.items():
        if not isinstance(job, dict) or "script" not in job:
            continue
        workspace.extra_path = []
        shutil.rmtree(os.path.join(workspace.dir, "drawaudit-src"), ignore_errors=True)
        where = f"{name}, job {job_name}"
        lines = [str(line) for line in job.get("before_script", []) + job["script"]]
        # One shell for the whole job, as GitLab's runner does.
        workspace.run(workspace.script(lines, where), where)
        report = os.path.join(workspace.dir, job["artifacts"]["reports"]["codequality"])
        with open(report, encoding="utf-8") as f:
            issues = json.load(f)
        check(isinstance(issues, list), f"{where}: the code-quality report is not a list")
        for issue in issues:
            check(re.fullmatch(r"[0-9a-f]{16}", issue["fingerprint"]) and issue["location"]["path"],
                  f"{where}: a code-quality issue without fingerprint or path: {issue}")


def check_reports(workspace):
    """What the recipes wrote, read back."""
    baseline = os.path.join(workspace.dir, "drawaudit-baseline.jsonl")
    with open(baseline, encoding="utf-8") as f:
        records = [json.loads(record) for record in f]
    check(records[-1]["type"] == "baseline" and records[-1]["findings"] == len(records) - 1
          and len(records) > 1, "the baseline file does not end with its count")
    with open(os.path.join(workspace.dir, "drawaudit.sarif"), encoding="utf-8") as f:
        sarif = json.load(f)
    for result in sarif["runs"][0]["results"]:
        check(result.get("baselineState") == "new", "a SARIF result without baselineState new")
    with open(os.path.join(workspace.dir, "drawaudit.jsonl"), encoding="utf-8") as f:
        for record in f:
            json.loads(record)


def run_pre_commit(workspace, config_text):
    """The block as a collection's .pre-commit-config.yaml, with the drawaudit the recipes built."""
    collection = os.path.join(workspace.dir, "..", "pre-commit-collection")
    games = os.path.join(collection, "games")
    os.makedirs(games)
    with open(os.path.join(workspace.root, "sample_pgns", "results.pgn"), encoding="utf-8") as f:
        old_games = f.read()
    with open(os.path.join(games, "old.pgn"), "w", encoding="utf-8") as out:
        out.write(old_games)
    with open(os.path.join(collection, ".pre-commit-config.yaml"), "w", encoding="utf-8") as out:
        out.write(config_text)
    lines = ["git init -q", "drawaudit --no-progress --fail-on never --write-baseline "
             "drawaudit-baseline.jsonl games/", "pre-commit install", "git add -A",
             "git commit -q -m 'old games and their baseline'"]
    # "Installed": the drawaudit the recipes above built.
    built = os.path.join(workspace.dir, "drawaudit-src", "build", "run", "app")
    check(os.path.isfile(os.path.join(built, "drawaudit")), f"pre-commit: no drawaudit in {built}")
    workspace.extra_path = [built]
    saved = workspace.dir
    workspace.dir = collection
    try:
        workspace.run(lines, "pre-commit: a commit of baselined games")
        with open(os.path.join(games, "new.pgn"), "w", encoding="utf-8") as out:
            out.write(NEW_CONFLICT)
        env = dict(workspace.env, PATH=workspace.path())
        subprocess.run(["git", "add", "games/new.pgn"], cwd=collection, env=env, check=True)
        refused = subprocess.run(["git", "commit", "-m", "a new game"], cwd=collection, env=env,
                                 capture_output=True, text=True, timeout=600)
        output = refused.stdout + refused.stderr
        check(refused.returncode != 0, f"pre-commit: the commit with a new conflict passed:\n{output}")
        check("games/new.pgn" in output and "The Result tag says 1-0" in output,
              f"pre-commit: the finding is not printed:\n{output}")
    finally:
        workspace.dir = saved


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--binary", required=True)
    parser.add_argument("--root", required=True)
    options = parser.parse_args()
    binary = os.path.abspath(options.binary)
    root = os.path.abspath(options.root)
    missing = [tool for tool in ("git", "cmake", "jq", "pre-commit", "bash") if not shutil.which(tool)]
    if missing:
        print(f"skipped ci-docs: {', '.join(missing)} not installed (scripts/deps.sh test)")
        return SKIP
    with open(os.path.join(root, "docs", "ci.md"), encoding="utf-8") as page:
        markdown = page.read()
    with open(os.path.join(root, ".pre-commit-hooks.yaml"), encoding="utf-8") as hooks_file:
        hooks = yaml.safe_load(hooks_file)
    for hook in hooks:
        check(re.search(hook["files"], "games/a.pgn") and not re.search(hook["files"], "notes.txt"),
              f"hook {hook['id']}: files pattern {hook['files']}")
        check(hook["language"] in ("system", "script"), f"hook {hook['id']}: language {hook['language']}")

    yaml_blocks = blocks(markdown, "yaml")
    check(len(yaml_blocks) >= 4,
          f"{len(yaml_blocks)} YAML examples, expected the baseline, GitHub, GitLab and pre-commit ones")
    check("rev: v" not in markdown, "docs/ci.md pins a release tag, and there is none")
    recipes = 0
    with tempfile.TemporaryDirectory() as scratch:
        workspace = Workspace(root, scratch, binary)
        for number, text in enumerate(yaml_blocks, 1):
            try:
                document = yaml.safe_load(text)
            except yaml.YAMLError as error:
                raise Failure(f"YAML example {number} does not parse: {error}")
            name = f"YAML example {number} ({document.get('name', 'unnamed')})"
            if "repos" in document:
                for repo in document["repos"]:
                    check(repo["repo"] == "local" or re.fullmatch(r"[0-9a-f]{40}", str(repo.get("rev"))),
                          f"{name}: a hook repository without a commit to pin")
                    for hook in repo["hooks"]:
                        check(hook.get("language") == "system" or repo["repo"] != "local",
                              f"{name}: the local hook is not language: system")
                run_pre_commit(workspace, text)
            elif "jobs" in document:
                run_github(workspace, name, document)
            else:
                run_gitlab(workspace, name, document)
            recipes += 1
        check_reports(workspace)
        for number, text in enumerate(blocks(markdown, "sh"), 1):
            where = f"sh example {number}"
            workspace.fresh_clone()
            lines = [line for line in text.splitlines() if line.strip()]
            completed = workspace.run(workspace.script(lines, where), where)
            if "drawaudit --version" in text:
                check(re.search(r"^drawaudit \d+\.\d+\.\d+ \(commit ", completed.stdout, re.M),
                      f"{where}: drawaudit --version printed {completed.stdout[-500:]}")
            recipes += 1
        for text in blocks(markdown, "toml"):
            config = os.path.join(scratch, "example.toml")
            tomllib.loads(text)
            with open(config, "w", encoding="utf-8") as out:
                out.write(text)
            completed = subprocess.run([binary, "--config", config, "--no-progress", "games/"],
                                       cwd=workspace.dir, capture_output=True, timeout=600)
            check(completed.returncode in (0, 1),
                  f"the TOML example: exit {completed.returncode}: {completed.stderr.decode()[:500]}")
        for line in workspace.left_out:
            print(f"left out: {line}")
    print(f"ok ci-docs ({recipes} recipes run as written, {len(workspace.left_out)} steps left out)")
    return 0


if __name__ == "__main__":
    try:
        sys.exit(main())
    except Failure as failure:
        print(f"FAIL ci-docs: {failure}", file=sys.stderr)
        sys.exit(1)
