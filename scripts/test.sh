#!/usr/bin/env bash
# Sets up a fresh machine, builds the test configuration (AddressSanitizer + UBSan) and runs the
# whole test suite through ctest, then the unwinnability corpus tests in a release build. Extra
# arguments go to ctest (e.g. -R perft) and skip the release part. Ends with one line of counts:
# passed, failed and skipped (each skipped test with the reason it gave: a bare clone has no
# ../shared corpus, a machine may lack chromium or Dask).
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
"$root/scripts/deps.sh" test
# ccache (deps.sh installs it) lets the release builds of the suite share their objects: the one
# cli.package makes in build/release and those docs/ci.md's recipes make in fresh clones
# (tests/cli/ci_docs_test.py), which compile the same sources with the same flags.
if command -v ccache >/dev/null; then
  export CMAKE_CXX_COMPILER_LAUNCHER="${CMAKE_CXX_COMPILER_LAUNCHER:-ccache}"
  export CCACHE_BASEDIR="${CCACHE_BASEDIR:-$(dirname "$root")}"
fi
cmake --preset dev -S "$root"
cmake --build "$root/build/dev" -j "$(nproc)"
cd "$root"
junit="$root/build/dev/ctest-results.xml"
rm -f "$junit"
status=0
ctest --preset dev --output-junit "$junit" "$@" || status=$?

# The unwinnability corpus tests hold the share of undetermined verdicts to the issue's bound
# only in a release build (under the sanitizers they analyse every 40th position, for soundness):
# with no arguments (the whole suite, as CI runs it) a release chess_tests runs them in full.
# Without the shared corpus beside the checkout there is nothing for them to read: skipped.
release_stage=""
if [ "$#" -eq 0 ]; then
  if [ -d "$root/../shared/corpus" ]; then
    cmake --preset release -S "$root" >/dev/null
    cmake --build "$root/build/release" --target chess_tests -j "$(nproc)"
    if "$root/build/release/tests/chess_tests" --gtest_filter='UnwinnableCorpus.*' --gtest_brief=1; then
      release_stage="passed"
    else
      release_stage="failed"
      status=1
    fi
  else
    release_stage="skipped"
    echo "test.sh: the release corpus stage is skipped: no ../shared/corpus beside the checkout"
  fi
fi

# One summary line from ctest's JUnit file: a skipped test is never counted as passed.
python3 - "$junit" "$release_stage" <<'PY'
import sys
import xml.etree.ElementTree as ET

path, release = sys.argv[1], sys.argv[2]
try:
    cases = ET.parse(path).getroot().iter("testcase")
except (OSError, ET.ParseError) as error:
    print(f"test.sh: no ctest results to count ({error})")
    sys.exit(0)
counts = {"passed": 0, "failed": 0, "skipped": 0}
skipped = []
for case in cases:
    status = case.get("status")
    if status == "run":
        counts["passed"] += 1
    elif status in ("notrun", "disabled") or case.find("skipped") is not None:
        counts["skipped"] += 1
        out = (case.findtext("system-out") or "").strip().splitlines()
        # GoogleTest prints "FILE:LINE: Skipped" and the reason on the next line; the scripts
        # print "skipped CASE: reason".
        reason = next((out[i + 1] for i, line in enumerate(out[:-1]) if line.endswith(": Skipped")),
                      None) or next((line for line in reversed(out) if "skip" in line.lower()),
                                    out[-1] if out else "no reason given")
        reason = reason.strip()
        if reason.lower().startswith("skipped"):  # the scripts' own "skipped CASE: " prefix
            reason = reason.split(":", 1)[-1].strip()
        skipped.append(f"  skipped {case.get('name')}: {reason[:200]}")
    else:
        counts["failed"] += 1
if release:
    counts[release] += 1
if skipped:
    print("\n".join(skipped))
print(f"test.sh: {counts['passed']} passed, {counts['failed']} failed, {counts['skipped']} skipped"
      + (f" (the release corpus stage: {release})" if release else ""))
PY
exit "$status"
