#!/usr/bin/env bash
# Sets up a fresh machine, builds drawaudit (Release, without the test suite) and runs it with the
# given arguments. With no arguments it audits sample_pgns/.
# It says on stderr what it is doing (installing, configuring, building with a count of the build's
# steps; nothing when there is nothing to build). The build's own output is kept out of the way
# while it succeeds and shown when it fails. When drawaudit exits 1 it says what 1 means.
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
"$root/scripts/deps.sh" run # says what it installs, and nothing when all is there
log="$(mktemp)"
trap 'rm -f "$log"' EXIT

say() { echo "run.sh: $*" >&2; }

# cmake --build's "[n/N] ..." lines, summarised: on a terminal one line rewritten in place, else
# a line at each tenth of the steps. Everything goes to the log as well.
count_steps() {
  local line done_steps total shown=-1 terminal=0
  [ -t 2 ] && terminal=1
  while IFS= read -r line; do
    printf '%s\n' "$line" >>"$log"
    [[ "$line" =~ ^\[([0-9]+)/([0-9]+)\] ]] || continue
    done_steps=${BASH_REMATCH[1]}
    total=${BASH_REMATCH[2]}
    [ "$done_steps" -gt 0 ] || continue # "[0/2] Re-running CMake": not yet a build step
    if [ "$terminal" -eq 1 ]; then
      printf '\rrun.sh: building drawaudit: step %s of %s' "$done_steps" "$total" >&2
    elif [ $((done_steps * 10 / total)) -ne "$shown" ]; then
      shown=$((done_steps * 10 / total))
      say "building drawaudit: step $done_steps of $total"
    fi
  done
  if [ "$terminal" -eq 1 ] && [ -n "${total:-}" ]; then printf '\n' >&2; fi
}

if [ ! -f "$root/build/run/CMakeCache.txt" ]; then
  say "configuring the build in build/run (cmake --preset run; the first build takes a few minutes)"
fi
if ! (cd "$root" && cmake --preset run) >"$log" 2>&1; then
  cat "$log" >&2
  say "the configuration failed (output above)"
  exit 2
fi
if ! (cd "$root" && cmake --build --preset run --target drawaudit 2>&1) | count_steps; then
  cat "$log" >&2
  say "the build failed (output above)"
  exit 2
fi
if [ $# -eq 0 ]; then
  set -- "$root/sample_pgns"
fi
status=0
"$root/build/run/app/drawaudit" "$@" || status=$?
if [ "$status" -eq 1 ]; then
  say "exit status 1: findings at error level (or at the --fail-on level given) were found;" \
    "--fail-on never exits 0 whatever is found, --fail-on warning or info also fails on those"
fi
exit "$status"
