#!/usr/bin/env bash
# Compares the number of games drawaudit's PGN reader finds in each file of the shared corpus's
# large/ and draws/ folders with the number pgn-extract reads ("N games matched out of M": M).
# Prints a table; exits 1 on any mismatch. Usage: scripts/compare-game-counts.sh [FILE...]
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
shared="${DRAWAUDIT_SHARED_DIR:-$root/../shared}"
pgn_extract="${PGN_EXTRACT:-/usr/games/pgn-extract}"
command -v "$pgn_extract" >/dev/null || { echo "pgn-extract not found (apt-get install pgn-extract)" >&2; exit 2; }

cmake --preset release -S "$root" >/dev/null
cmake --build "$root/build/release" --target pgn_count >/dev/null
pgn_count="$root/build/release/lib/pgn/pgn_count"

if [[ $# -gt 0 ]]; then
  files=("$@")
else
  files=("$shared"/corpus/large/* "$shared"/corpus/draws/*)
fi

tmp="$(mktemp -d)"
trap 'rm -rf "$tmp"' EXIT

printf '%-60s %10s %12s %8s  %s\n' file drawaudit pgn-extract errors verdict
status=0
for file in "${files[@]}"; do
  # Ours: games, parse errors, moves, bytes, path (tab separated); compression by magic bytes.
  IFS=$'\t' read -r ours errors _ _ _ < <("$pgn_count" "$file")
  # pgn-extract reads plain text: decompress zstd first.
  input="$file"
  if [[ "$file" == *.zst ]]; then
    input="$tmp/input.pgn"
    zstd -q -dc "$file" > "$input"
  fi
  theirs="$("$pgn_extract" -r "$input" 2>&1 >/dev/null |
            sed -n 's/.* games\{0,1\} matched out of \([0-9][0-9]*\).*/\1/p' | tail -n 1)"
  rm -f "$tmp/input.pgn"
  verdict=ok
  if [[ "$ours" != "$theirs" ]]; then
    verdict=MISMATCH
    status=1
  fi
  printf '%-60s %10s %12s %8s  %s\n' "${file#"$shared"/corpus/}" "$ours" "${theirs:-?}" "$errors" "$verdict"
done
exit "$status"
