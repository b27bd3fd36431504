#!/usr/bin/python3
"""docs/ci.md stays true: every YAML block parses, the pre-commit example names the hook of
.pre-commit-hooks.yaml, and every drawaudit command line of the examples runs (in document
order, in a scratch directory whose games/ is a copy of sample_pgns/) with exit 0 or 1 and
writes what it says.

    ci_docs_test.py --binary BUILD/app/drawaudit --root REPO

Needs Debian's python3-yaml (hence /usr/bin/python3).
"""

import argparse
import json
import os
import re
import shlex
import shutil
import subprocess
import sys
import tempfile
import tomllib

import yaml


def blocks(markdown, language):
    return re.findall(r"^```" + language + r"\n(.*?)^```", markdown, re.S | re.M)


def command_lines(node):
    """The drawaudit command lines of a parsed CI file: `run` (GitHub) and `script` (GitLab)."""
    found = []
    if isinstance(node, dict):
        for key, value in node.items():
            if key in ("run", "script"):
                texts = value if isinstance(value, list) else [value]
                for text in texts:
                    for line in str(text).splitlines():
                        line = line.strip()
                        if line.startswith("drawaudit "):
                            found.append(line)
            else:
                found += command_lines(value)
    elif isinstance(node, list):
        for item in node:
            found += command_lines(item)
    return found


def fail(message):
    print(f"FAIL ci-docs: {message}", file=sys.stderr)
    sys.exit(1)


def run_command(binary, line, cwd):
    args = shlex.split(line)
    completed = subprocess.run([binary, *args[1:]], cwd=cwd, capture_output=True, timeout=600)
    if completed.returncode not in (0, 1):
        fail(f"`{line}` exited {completed.returncode}: {completed.stderr.decode()[:1000]}")
    if "-o" in args:
        path = os.path.join(cwd, args[args.index("-o") + 1])
        if not os.path.exists(path):
            fail(f"`{line}` did not write {path}")
        with open(path, encoding="utf-8") as report:
            text = report.read()
        if path.endswith(".sarif"):
            sarif = json.loads(text)
            if "--baseline" in args:
                for result in sarif["runs"][0]["results"]:
                    if result.get("baselineState") != "new":
                        fail(f"`{line}`: a result without baselineState new")
        else:
            for record in text.splitlines():
                json.loads(record)
    if "--format" in args and args[args.index("--format") + 1] == "github":
        for out in completed.stdout.decode().splitlines():
            if not out.startswith("::"):
                fail(f"`{line}`: not a workflow command: {out}")
    if "--write-baseline" in args:
        path = os.path.join(cwd, args[args.index("--write-baseline") + 1])
        with open(path, encoding="utf-8") as baseline:
            records = [json.loads(record) for record in baseline]
        if records[-1]["type"] != "baseline" or records[-1]["findings"] != len(records) - 1:
            fail(f"`{line}`: the baseline file does not end with its count")
    return completed


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--binary", required=True)
    parser.add_argument("--root", required=True)
    options = parser.parse_args()
    binary = os.path.abspath(options.binary)
    with open(os.path.join(options.root, "docs", "ci.md"), encoding="utf-8") as page:
        markdown = page.read()
    with open(os.path.join(options.root, ".pre-commit-hooks.yaml"), encoding="utf-8") as hooks_file:
        hooks = yaml.safe_load(hooks_file)
    hook_ids = {hook["id"] for hook in hooks}
    for hook in hooks:
        if not re.search(hook["files"], "games/a.pgn") or re.search(hook["files"], "notes.txt"):
            fail(f"hook {hook['id']}: files pattern {hook['files']}")
        if hook["language"] not in ("system", "script"):
            fail(f"hook {hook['id']}: language {hook['language']}")

    yaml_blocks = blocks(markdown, "yaml")
    if len(yaml_blocks) < 4:
        fail(f"{len(yaml_blocks)} YAML examples, expected the baseline, GitHub, GitLab and pre-commit ones")
    ran = 0
    with tempfile.TemporaryDirectory() as scratch:
        shutil.copytree(os.path.join(options.root, "sample_pgns"), os.path.join(scratch, "games"))
        for text in yaml_blocks:
            try:
                document = yaml.safe_load(text)
            except yaml.YAMLError as error:
                fail(f"a YAML example does not parse: {error}")
            if isinstance(document, dict) and "repos" in document:
                for repo in document["repos"]:
                    for hook in repo["hooks"]:
                        if hook["id"] not in hook_ids:
                            fail(f"pre-commit example names hook {hook['id']}, not in .pre-commit-hooks.yaml")
                continue
            lines = command_lines(document)
            if not lines:
                fail(f"a CI example without a drawaudit command line:\n{text}")
            for line in lines:
                run_command(binary, line, scratch)
                ran += 1
        for text in blocks(markdown, "toml"):
            config = os.path.join(scratch, "example.toml")
            tomllib.loads(text)
            with open(config, "w", encoding="utf-8") as out:
                out.write(text)
            completed = subprocess.run([binary, "--config", config, "--no-progress", "games/"], cwd=scratch,
                                       capture_output=True, timeout=600)
            if completed.returncode not in (0, 1):
                fail(f"the TOML example: exit {completed.returncode}: {completed.stderr.decode()[:500]}")
    print(f"ok ci-docs ({len(yaml_blocks)} YAML examples, {ran} drawaudit command lines)")


if __name__ == "__main__":
    main()
