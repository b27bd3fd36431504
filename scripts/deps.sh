#!/usr/bin/env bash
# Installs the Debian packages drawaudit needs to build, test and benchmark, only those missing.
# Non-interactive; safe to run on every build. Set DRAWAUDIT_DEPS=bench to add the peers
# (pgn-extract, stockfish, hyperfine) that scripts/bench.sh measures against.
set -euo pipefail

build_packages=(
  build-essential cmake ninja-build pkg-config
  libcli11-dev libspdlog-dev libfmt-dev libexpected-dev
  libgtest-dev libgmock-dev libbenchmark-dev
  libzstd-dev zlib1g-dev libbz2-dev zstd
  nlohmann-json3-dev pgn-extract python3
  git pre-commit python3-yaml
)
case "${DRAWAUDIT_DEPS:-}" in
  bench) build_packages+=(stockfish hyperfine time) ;;
  fuzz) build_packages+=(clang libclang-rt-14-dev) ;;
esac

missing=()
for pkg in "${build_packages[@]}"; do
  if ! dpkg-query -W -f='${Status}' "$pkg" 2>/dev/null | grep -q "install ok installed"; then
    missing+=("$pkg")
  fi
done
[ ${#missing[@]} -eq 0 ] && exit 0

echo "deps.sh: installing ${missing[*]}" >&2
sudo_cmd=()
[ "$(id -u)" -eq 0 ] || sudo_cmd=(sudo)
export DEBIAN_FRONTEND=noninteractive
# A fresh machine has no package lists yet; refresh them once before the first install.
"${sudo_cmd[@]}" apt-get update -qq
"${sudo_cmd[@]}" apt-get install -y -qq --no-install-recommends "${missing[@]}" >&2
