#!/usr/bin/env bash
# Builds the libFuzzer target of the PGN reader + SAN resolution with clang (ASan + UBSan) in
# build/fuzz and runs it for a bounded time, seeded with the files of the shared corpus's odd/.
# Usage: scripts/fuzz.sh [SECONDS=60] [extra libFuzzer flags...]. Crashes land in build/fuzz/crashes/.
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
shared="${DRAWAUDIT_SHARED_DIR:-$root/../shared}"
seconds="${1:-60}"
shift || true
build="$root/build/fuzz"

CC=clang CXX=clang++ cmake -S "$root" -B "$build" -G Ninja \
  -DCMAKE_BUILD_TYPE=RelWithDebInfo -DCMAKE_CXX_FLAGS_RELWITHDEBINFO="-O1 -g" \
  -DCMAKE_CXX_FLAGS="-fsanitize=fuzzer-no-link,address,undefined -fno-omit-frame-pointer -fno-sanitize-recover=undefined" \
  -DDRAWAUDIT_FUZZ=ON -DDRAWAUDIT_TESTS=ON >/dev/null
cmake --build "$build" --target fuzz_reader

# The seeds: every odd file with two option bytes in front (see fuzz_reader.cpp).
seeds="$build/seeds"
corpus="$build/corpus"
mkdir -p "$seeds" "$corpus" "$build/crashes"
i=0
while IFS= read -r -d '' file; do
  i=$((i + 1))
  if [[ $(stat -c %s "$file") -le 65536 ]]; then
    { printf '\x00\x3f'; cat "$file"; } > "$seeds/odd-$i"
  fi
done < <(find "$shared/corpus/odd" -name '*.pgn' -print0 | sort -z)

"$build/tests/fuzz/fuzz_reader" "$corpus" "$seeds" \
  -max_total_time="$seconds" -max_len=16384 -timeout=10 -rss_limit_mb=4096 \
  -artifact_prefix="$build/crashes/" -print_final_stats=1 "$@"
