#!/usr/bin/env bash
# Sets up a fresh machine, builds drawaudit (Release) and runs it with the given arguments.
# With no arguments it audits sample_pgns/.
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
"$root/scripts/deps.sh"
cmake --preset release -S "$root" >/dev/null
cmake --build "$root/build/release" --target drawaudit >/dev/null
if [ $# -eq 0 ]; then
  set -- "$root/sample_pgns"
fi
exec "$root/build/release/app/drawaudit" "$@"
