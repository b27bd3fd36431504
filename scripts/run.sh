#!/usr/bin/env bash
# Sets up a fresh machine, builds drawaudit (Release, without the test suite) and runs it with the
# given arguments. With no arguments it audits sample_pgns/.
# The build's own output is kept out of the way while it succeeds and shown when it fails.
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
"$root/scripts/deps.sh" run
log="$(mktemp)"
trap 'rm -f "$log"' EXIT
if ! (cd "$root" && cmake --preset run && cmake --build --preset run --target drawaudit) >"$log" 2>&1; then
  cat "$log" >&2
  echo "run.sh: the build failed (output above)" >&2
  exit 2
fi
if [ $# -eq 0 ]; then
  set -- "$root/sample_pgns"
fi
exec "$root/build/run/app/drawaudit" "$@"
