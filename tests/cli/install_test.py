#!/usr/bin/env python3
"""drawaudit as people install it (issue 31): `cmake --install` into a prefix, the man page and
the bash, zsh and fish completions generated from the option table, and the Debian package.

    install_test.py --binary BUILD/app/drawaudit --build-dir BUILD --root REPO CASE

Cases:
  install      cmake --install BUILD --prefix SCRATCH puts every file in its standard place, and
               the installed binary runs
  completions  every option of --help (the audit and each subcommand) is in the man page and in
               the bash, zsh and fish completions; bash offers format and rule names, fish too
  package      cpack -G DEB in REPO/build/release (configured and its drawaudit built when not yet
               there), lintian with no error, then dpkg-deb -x into a scratch directory: the
               unpacked binary audits a sample file, its man page renders through man -l, and its
               bash completion answers
A case that needs a tool this machine lacks exits 77 (ctest: skipped) and says which.
"""

import argparse
import gzip
import os
import re
import shutil
import subprocess
import sys
import tempfile

SUBCOMMANDS = ("merge", "perft", "winnable")


class Failure(Exception):
    pass


class Skip(Exception):
    """A case that cannot run here: ctest reports it skipped (exit 77), with the reason."""


def check(condition, message):
    if not condition:
        raise Failure(message)


def run(args, **kwargs):
    kwargs.setdefault("capture_output", True)
    kwargs.setdefault("text", True)
    kwargs.setdefault("timeout", 600)
    env = dict(os.environ, ASAN_OPTIONS="detect_leaks=0", LANG="C.UTF-8")
    env.update(kwargs.pop("env", {}))
    return subprocess.run(args, env=env, **kwargs)


def need(*tools):
    missing = [tool for tool in tools if shutil.which(tool) is None]
    if missing:
        raise Skip(f"{', '.join(missing)} not installed (scripts/deps.sh test installs them)")


def help_options(binary):
    """{command: [option names]} as --help prints them; command "" is the audit itself."""
    options = {}
    for command in ("",) + SUBCOMMANDS:
        args = [binary] + ([command] if command else []) + ["--help"]
        completed = run(args)
        check(completed.returncode == 0, f"{' '.join(args)} exited {completed.returncode}")
        names = []
        for line in completed.stdout.splitlines():
            match = re.match(r"^\s+(-[^\s]+)", line)
            if not match:
                continue
            for name in match.group(1).split(","):
                name = re.split(r"[{=:]", name)[0]
                if re.fullmatch(r"--?[A-Za-z0-9][\w-]*", name):
                    names.append(name)
        check(names, f"{' '.join(args)} lists no option")
        options[command] = names
    return options


def man_text(path):
    opener = gzip.open if path.endswith(".gz") else open
    with opener(path, "rt", encoding="utf-8") as page:
        return page.read()


def check_documents(binary, man_path, bash_path, zsh_path, fish_path):
    """Every option of --help in the man page and in the three completions."""
    options = help_options(binary)
    man = man_text(man_path).replace("\\-", "-")
    with open(bash_path, encoding="utf-8") as f:
        bash = f.read()
    with open(zsh_path, encoding="utf-8") as f:
        zsh = f.read()
    with open(fish_path, encoding="utf-8") as f:
        fish = f.read()
    for command in SUBCOMMANDS:
        check(f".SS drawaudit {command}" in man, f"the man page has no section for {command}")
    for command, names in options.items():
        where = command or "the audit"
        for name in names:
            word = re.escape(name)
            check(re.search(r"\\fB" + word + r"\\fR", man),
                  f"{name} ({where}) is not in the man page")
            check(re.search(r"(?<![\w-])" + word + r"(?![\w-])", bash),
                  f"{name} ({where}) is not in the bash completion")
            check(f"'*{name}[" in zsh, f"{name} ({where}) is not in the zsh completion")
            flag = f"-l {name[2:]}" if name.startswith("--") else f"-s {name[1:]}"
            check(re.search(re.escape(flag) + r"(?![\w-])", fish),
                  f"{name} ({where}) is not in the fish completion")
    return sum(len(names) for names in options.values())


def bash_complete(completion, words, path_dir=None):
    """What the bash completion offers for `words` (the last one being completed)."""
    quoted = " ".join("'" + word.replace("'", "'\\''") + "'" for word in words)
    script = (f"source '{completion}' && complete -p drawaudit && COMP_WORDS=({quoted}) && "
              f"COMP_CWORD={len(words) - 1} && _drawaudit && printf '%s\\n' \"${{COMPREPLY[@]}}\"")
    completed = run(["bash", "--norc", "--noprofile", "-c", script], cwd=path_dir)
    check(completed.returncode == 0, f"bash completion of {words}: {completed.stderr}")
    lines = completed.stdout.splitlines()
    check(lines and lines[0].startswith("complete -F _drawaudit drawaudit"),
          f"complete -p drawaudit after sourcing: {completed.stdout}")
    return set(lines[1:])


def check_bash_answers(completion):
    offered = bash_complete(completion, ["drawaudit", "--format", ""])
    check({"sarif", "games-csv", "html"} <= offered, f"--format offers {sorted(offered)}")
    offered = bash_complete(completion, ["drawaudit", "--only", "three"])
    check(offered == {"threefold-claim"}, f"--only three offers {sorted(offered)}")
    offered = bash_complete(completion, ["drawaudit", "merge", "--f"])
    check(offered == {"--format", "--fail-on"}, f"merge --f offers {sorted(offered)}")
    with tempfile.TemporaryDirectory() as scratch:
        open(os.path.join(scratch, "games.pgn"), "w").close()
        offered = bash_complete(completion, ["drawaudit", "ga"], scratch)
        check(offered == {"games.pgn"}, f"a file argument offers {sorted(offered)}")


def case_completions(options):
    need("bash", "zsh", "fish")
    share = os.path.join(options.build_dir, "share")
    paths = [os.path.join(share, "man", "drawaudit.1"), os.path.join(share, "bash", "drawaudit"),
             os.path.join(share, "zsh", "_drawaudit"), os.path.join(share, "fish", "drawaudit.fish")]
    count = check_documents(options.binary, *paths)
    check_bash_answers(paths[1])
    completed = run(["zsh", "-n", paths[2]])
    check(completed.returncode == 0, f"zsh -n: {completed.stderr}")
    # fish answers a command line with `complete -C`, as it would at a prompt.
    fish = run(["fish", "--no-config", "-c",
                f"source '{paths[3]}'; complete -C 'drawaudit --format '; "
                f"complete -C 'drawaudit winnable --'"])
    check(fish.returncode == 0, f"fish: {fish.stderr}")
    offered = {line.split("\t")[0] for line in fish.stdout.splitlines()}
    check({"sarif", "games-csv", "--positions", "--quick"} <= offered,
          f"fish offers {sorted(offered)}")
    check("--format" not in offered, "fish offers the audit's --format after winnable")
    return f"{count} options of --help in the man page and the three completions"


def case_install(options):
    with tempfile.TemporaryDirectory() as prefix:
        completed = run(["cmake", "--install", options.build_dir, "--prefix", prefix])
        check(completed.returncode == 0, f"cmake --install: {completed.stdout}{completed.stderr}")
        expected = ["bin/drawaudit", "share/man/man1/drawaudit.1.gz",
                    "share/bash-completion/completions/drawaudit",
                    "share/zsh/vendor-completions/_drawaudit",
                    "share/fish/vendor_completions.d/drawaudit.fish",
                    "share/doc/drawaudit/README.md", "share/doc/drawaudit/changelog.gz",
                    "share/doc/drawaudit/copyright", "share/doc/drawaudit/docs/rules.md",
                    "share/doc/drawaudit/docs/ci.md"]
        for path in expected:
            check(os.path.isfile(os.path.join(prefix, path)), f"cmake --install did not write {path}")
        installed = os.path.join(prefix, "bin", "drawaudit")
        check(os.access(installed, os.X_OK), "the installed drawaudit is not executable")
        version = run([installed, "--version"])
        check(version.returncode == 0 and re.fullmatch(
            r"drawaudit \d+\.\d+\.\d+ \(commit ([0-9a-f]{4,}|unknown)\)\n", version.stdout),
              f"--version printed {version.stdout!r}")
        audit = run([installed, "--no-progress", "--format", "jsonl",
                     os.path.join(options.root, "sample_pgns", "results.pgn")])
        check(audit.returncode in (0, 1) and '"type":"summary"' in audit.stdout,
              f"the installed drawaudit: exit {audit.returncode}, {audit.stderr}")
        # The README's links (docs/rules.md) lead to the installed docs.
        with open(os.path.join(prefix, "share/doc/drawaudit/README.md"), encoding="utf-8") as f:
            for link in set(re.findall(r"\]\((docs/[^)#]+)", f.read())):
                check(os.path.isfile(os.path.join(prefix, "share/doc/drawaudit", link)),
                      f"the installed README links {link}, which is not installed")
    return f"{len(expected)} files installed, {version.stdout.strip()}"


def case_package(options):
    need("cpack", "dpkg-deb", "dpkg-shlibdeps", "lintian", "man", "bash")
    release = options.release_dir or os.path.join(options.root, "build", "release")
    if not os.path.isfile(os.path.join(release, "CPackConfig.cmake")):
        completed = run(["cmake", "--preset", "release", "-S", options.root], timeout=900)
        check(completed.returncode == 0, f"cmake --preset release: {completed.stderr}")
    completed = run(["cmake", "--build", release, "--target", "drawaudit"], timeout=1800)
    check(completed.returncode == 0, f"building {release}: {completed.stdout[-2000:]}")
    with tempfile.TemporaryDirectory() as scratch:
        out = os.path.join(scratch, "out")
        completed = run(["cpack", "-G", "DEB", "--config", os.path.join(release, "CPackConfig.cmake"),
                         "-B", out])
        check(completed.returncode == 0, f"cpack: {completed.stdout}{completed.stderr}")
        debs = [name for name in os.listdir(out) if name.endswith(".deb")]
        check(len(debs) == 1, f"cpack wrote {debs}")
        deb = os.path.join(out, debs[0])
        control = run(["dpkg-deb", "--field", deb, "Depends"]).stdout
        check("libc6" in control and "libzstd" in control,
              f"Depends is not computed from the binary: {control!r}")
        lintian = run(["lintian", "--no-tag-display-limit", deb])
        tags = lintian.stdout.splitlines()
        errors = [tag for tag in tags if tag.startswith("E:")]
        check(not errors, "lintian errors:\n" + "\n".join(errors))
        for tag in tags:
            print(f"lintian: {tag}")

        root = os.path.join(scratch, "root")
        completed = run(["dpkg-deb", "-x", deb, root])
        check(completed.returncode == 0, f"dpkg-deb -x: {completed.stderr}")
        binary = os.path.join(root, "usr", "bin", "drawaudit")
        version = run([binary, "--version"])
        check(version.returncode == 0 and version.stdout.startswith("drawaudit "),
              f"the unpacked --version: {version.stdout!r} {version.stderr}")
        audit = run([binary, "--no-progress", "--format", "jsonl",
                     os.path.join(options.root, "sample_pgns", "results.pgn")])
        check(audit.returncode in (0, 1) and '"type":"summary"' in audit.stdout,
              f"the unpacked drawaudit on results.pgn: exit {audit.returncode}, {audit.stderr}")
        page = run(["man", "-l", os.path.join(root, "usr/share/man/man1/drawaudit.1.gz")],
                   env={"MANWIDTH": "100"})
        check(page.returncode == 0, f"man -l: {page.stderr}")
        for section in ("NAME", "SYNOPSIS", "OPTIONS", "COMMANDS", "EXIT STATUS", "FILES",
                        "EXAMPLES"):
            check(re.search(r"^" + section + "$", page.stdout, re.M),
                  f"the man page has no {section} section")
        check(not page.stderr.strip(), f"man -l warned: {page.stderr}")
        check_documents(binary, os.path.join(root, "usr/share/man/man1/drawaudit.1.gz"),
                        os.path.join(root, "usr/share/bash-completion/completions/drawaudit"),
                        os.path.join(root, "usr/share/zsh/vendor-completions/_drawaudit"),
                        os.path.join(root, "usr/share/fish/vendor_completions.d/drawaudit.fish"))
        check_bash_answers(os.path.join(root, "usr/share/bash-completion/completions/drawaudit"))
    return f"{debs[0]}, lintian: {len(errors)} errors, {len(tags)} tags"


CASES = {"install": case_install, "completions": case_completions, "package": case_package}


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--binary", required=True)
    parser.add_argument("--build-dir", required=True)
    parser.add_argument("--root", required=True)
    parser.add_argument("--release-dir", help="the build the package is made from "
                        "(default ROOT/build/release)")
    parser.add_argument("case", choices=sorted(CASES))
    options = parser.parse_args()
    options.binary = os.path.abspath(options.binary)
    options.build_dir = os.path.abspath(options.build_dir)
    options.root = os.path.abspath(options.root)
    try:
        what = CASES[options.case](options)
    except Failure as failure:
        print(f"FAIL {options.case}: {failure}", file=sys.stderr)
        return 1
    except Skip as reason:
        print(f"skipped {options.case}: {reason}")
        return 77
    print(f"ok {options.case} ({what})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
