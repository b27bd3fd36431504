#!/usr/bin/env bash
# Sets up a fresh machine, builds the test configuration (AddressSanitizer + UBSan) and runs the
# whole test suite through ctest. Extra arguments go to ctest (e.g. -R perft).
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
"$root/scripts/deps.sh" test
cmake --preset dev -S "$root"
cmake --build "$root/build/dev" -j "$(nproc)"
cd "$root"
ctest --preset dev "$@"
