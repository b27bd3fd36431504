#!/usr/bin/env bash
# Sets up a fresh machine, builds the test configuration (AddressSanitizer + UBSan) and runs the
# whole test suite through ctest, then the unwinnability corpus tests in a release build. Extra
# arguments go to ctest (e.g. -R perft) and skip the release part.
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
"$root/scripts/deps.sh" test
cmake --preset dev -S "$root"
cmake --build "$root/build/dev" -j "$(nproc)"
cd "$root"
ctest --preset dev "$@"
# The unwinnability corpus tests hold the share of undetermined verdicts to the issue's bound
# only in a release build (under the sanitizers they analyse every 40th position, for soundness):
# with no arguments (the whole suite, as CI runs it) a release chess_tests runs them in full.
if [ "$#" -eq 0 ]; then
  cmake --preset release -S "$root" >/dev/null
  cmake --build "$root/build/release" --target chess_tests -j "$(nproc)"
  "$root/build/release/tests/chess_tests" --gtest_filter='UnwinnableCorpus.*' --gtest_brief=1
fi
