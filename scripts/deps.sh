#!/usr/bin/env bash
# Installs the Debian packages drawaudit needs for one purpose, only those missing.
# Usage: scripts/deps.sh [run|test|bench|fuzz]...   (default: run; or set DRAWAUDIT_DEPS)
#   run    build and run the tool (compiler, CMake, Ninja, the libraries it links)
#   test   run + GoogleTest, nlohmann-json, Python, pgn-extract (the PGN round-trip test), zstd,
#          Dask distributed (the driver test), chromium and a font with chess glyphs (the HTML
#          report opened in a real browser), poppler-utils (pdftotext: the report's printed pages),
#          git, pre-commit and PyYAML (the CI examples and hook),
#          dpkg-dev, file, lintian and man-db (the .deb: cpack's dpkg-shlibdeps, lintian, man -l),
#          zsh and fish (the generated completions are loaded by the shells they are for), jq and
#          ccache (docs/ci.md's recipes, built in fresh clones by tests/cli/ci_docs_test.py)
#   bench  run + Google Benchmark and the peers scripts/bench.sh measures against
#   fuzz   run + clang and its sanitizer runtime (scripts/fuzz.sh)
# Non-interactive and quiet when nothing is missing, so the scripts can call it on every run.
# As root it calls apt-get directly; otherwise through sudo, and says so when sudo is missing.
set -euo pipefail

run_packages=(
  build-essential cmake ninja-build pkg-config
  libcli11-dev libspdlog-dev libfmt-dev libexpected-dev
  libzstd-dev zlib1g-dev libbz2-dev
)
test_packages=(libgtest-dev libgmock-dev nlohmann-json3-dev python3 pgn-extract zstd gzip bzip2
  python3-distributed chromium fonts-dejavu-core poppler-utils git pre-commit python3-yaml
  dpkg-dev file lintian man-db zsh fish jq ccache)
bench_packages=(libbenchmark-dev pgn-extract stockfish hyperfine time zstd valgrind)
fuzz_packages=(clang libclang-rt-14-dev)

purposes=("$@")
if [ ${#purposes[@]} -eq 0 ]; then
  read -r -a purposes <<<"${DRAWAUDIT_DEPS:-run}"
fi

wanted=("${run_packages[@]}")
for purpose in "${purposes[@]}"; do
  case "$purpose" in
    run) ;;
    test) wanted+=("${test_packages[@]}") ;;
    bench) wanted+=("${bench_packages[@]}") ;;
    fuzz) wanted+=("${fuzz_packages[@]}") ;;
    *)
      echo "deps.sh: unknown purpose '$purpose' (run, test, bench or fuzz)" >&2
      exit 2
      ;;
  esac
done

missing=()
for pkg in "${wanted[@]}"; do
  if ! dpkg-query -W -f='${Status}' "$pkg" 2>/dev/null | grep -q "install ok installed"; then
    case " ${missing[*]} " in *" $pkg "*) ;; *) missing+=("$pkg") ;; esac
  fi
done
[ ${#missing[@]} -eq 0 ] && exit 0

echo "deps.sh: installing ${missing[*]}" >&2
as_root=()
if [ "$(id -u)" -ne 0 ]; then
  if ! command -v sudo >/dev/null; then
    echo "deps.sh: not root and no sudo: install as root: apt-get install ${missing[*]}" >&2
    exit 2
  fi
  as_root=(sudo)
fi
export DEBIAN_FRONTEND=noninteractive
# A fresh machine has no package lists yet; refresh them once before the first install.
"${as_root[@]}" apt-get update -qq
"${as_root[@]}" apt-get install -y -qq --no-install-recommends "${missing[@]}" >&2
