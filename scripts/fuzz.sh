#!/usr/bin/env bash
# Builds the libFuzzer targets with clang (ASan + UBSan) in build/fuzz and runs each for a bounded
# time, seeded with the files of the shared corpus's odd/ (and, for FEN and SAN, with the FENs and
# SAN tokens found in them). Usage: scripts/fuzz.sh [SECONDS-PER-TARGET=60] [TARGET...]
# Targets: fuzz_reader fuzz_audit fuzz_fen fuzz_san fuzz_config fuzz_jsonl fuzz_baseline fuzz_trf (default: all). Each target's
# corpus grows in build/fuzz/corpus/TARGET; crashes land in build/fuzz/crashes/TARGET-*.
# Ends with one line per target: seconds run, inputs executed, and whether it found a crash.
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
shared="${DRAWAUDIT_SHARED_DIR:-$root/../shared}"
seconds="${1:-60}"
shift || true
targets=("$@")
[[ ${#targets[@]} -gt 0 ]] || targets=(fuzz_reader fuzz_audit fuzz_fen fuzz_san fuzz_config fuzz_jsonl fuzz_baseline fuzz_trf)
build="$root/build/fuzz"

DRAWAUDIT_DEPS=fuzz "$root/scripts/deps.sh"
CC=clang CXX=clang++ cmake -S "$root" -B "$build" -G Ninja \
  -DCMAKE_BUILD_TYPE=RelWithDebInfo -DCMAKE_CXX_FLAGS_RELWITHDEBINFO="-O1 -g" \
  -DCMAKE_CXX_FLAGS="-fsanitize=fuzzer-no-link,address,undefined -fno-omit-frame-pointer -fno-sanitize-recover=undefined" \
  -DDRAWAUDIT_FUZZ=ON -DDRAWAUDIT_TESTS=ON >/dev/null
cmake --build "$build" --target "${targets[@]}" drawaudit

# Seeds. The reader's: every odd file with two option bytes in front (see fuzz_reader.cpp); the
# audit's: one option byte. FEN: every FEN tag value of odd/; SAN: the first SAN tokens of odd/.
seeds="$build/seeds"
rm -rf "$seeds"
mkdir -p "$seeds"/{fuzz_reader,fuzz_audit,fuzz_fen,fuzz_san,fuzz_config,fuzz_jsonl,fuzz_baseline,fuzz_trf} "$build/crashes"
i=0
while IFS= read -r -d '' file; do
  i=$((i + 1))
  if [[ $(stat -c %s "$file") -le 65536 ]]; then
    { printf '\x00\x3f'; cat "$file"; } > "$seeds/fuzz_reader/odd-$i"
    { printf '\x00'; cat "$file"; } > "$seeds/fuzz_audit/odd-$i"
  fi
done < <(find "$shared/corpus/odd" -name '*.pgn' -print0 | sort -z)
i=0
while IFS= read -r fen; do
  i=$((i + 1))
  printf '\x00%s' "$fen" > "$seeds/fuzz_fen/fen-$i"
done < <(grep -rhoa '\[FEN "[^"]*"\]' "$shared/corpus/odd" | sed 's/^\[FEN "//; s/"\]$//' | sort -u | head -300)
printf '\x00rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1' > "$seeds/fuzz_fen/start"
i=0
for san in e4 Nf3 O-O O-O-O exf6 e8=Q axb8=N+ Qh4# Nbd7 R1a3 Kxe8 0-0 Pe4 e2e4 fxg1=Q+; do
  for position in 0 1 2 3 4 5; do
    i=$((i + 1))
    printf "\\x$(printf %02x "$position")%s" "$san" > "$seeds/fuzz_san/san-$i"
  done
done
printf 'format = "jsonl"\njobs = 2\nlaws = "1997"\nonly = ["threefold-claim"]\n' > "$seeds/fuzz_config/plain"
printf '\xef\xbb\xbf# ci\nonly = [\n  "threefold-claim", # a comment\n  '"'"'fifty-move-claim'"'"',\n]\nseverity = ["threefold-claim=warning"]\nfail-on = "warning" # gate\nno-progress = true\nmax-plies = 5_000\nlang = "\\u0065s"\n' > "$seeds/fuzz_config/lists"
[[ -f "$root/tests/cli/fixtures/ci.toml" ]] && cp "$root/tests/cli/fixtures/ci.toml" "$seeds/fuzz_config/ci"
# drawaudit's own JSON Lines (the first byte picks the reader, see fuzz_jsonl.cpp): the golden
# reports of sample_pgns/ as a merge part, as baselines (JSON Lines and SARIF), and as JSON.
expected="$root/tests/cli/expected"
for reader in 0 1 2; do
  { printf "\\x0$reader"; head -c 12000 "$expected/sample_pgns.jsonl"; } > "$seeds/fuzz_jsonl/jsonl-$reader"
done
{ printf '\x01'; head -c 12000 "$expected/sample_pgns.sarif"; } > "$seeds/fuzz_jsonl/sarif"
{ printf '\x00'; head -n 3 "$expected/sample_pgns.jsonl"; tail -n 1 "$expected/sample_pgns.jsonl"; } > "$seeds/fuzz_jsonl/short"
# A real part (--shard), with the fields only parts have and those a part leaves out.
part="$build/seeds/part.jsonl"
(cd "$root" && "$build/app/drawaudit" --format jsonl --no-progress --fail-on never --shard 1/2 \
  -o "$part" sample_pgns) && { printf '\x00'; head -n 30 "$part"; } > "$seeds/fuzz_jsonl/part"
rm -f "$part"
# --baseline reads JSON Lines and SARIF reports: fuzz_jsonl's seeds for its reader 1.
cp "$seeds/fuzz_jsonl/jsonl-1" "$seeds/fuzz_jsonl/sarif" "$seeds/fuzz_baseline/"
# The TRF reader's: the real tournaments of tests/trf/data/ (their first 16 KiB, -max_len).
for trf in "$root"/tests/trf/data/*.trf; do head -c 16384 "$trf" > "$seeds/fuzz_trf/$(basename "$trf")"; done

status=0
summary=()
for target in "${targets[@]}"; do
  corpus="$build/corpus/$target"
  mkdir -p "$corpus"
  log="$build/$target.log"
  set +e
  "$build/tests/fuzz/$target" "$corpus" "$seeds/$target" \
    -max_total_time="$seconds" -max_len=16384 -timeout=10 -rss_limit_mb=4096 \
    -artifact_prefix="$build/crashes/$target-" -print_final_stats=1 2>"$log"
  code=$?
  set -e
  runs=$(awk '/stat::number_of_executed_units/ {print $2}' "$log" | tail -n 1)
  verdict="no crash"
  if [[ $code -ne 0 ]]; then
    verdict="CRASH (exit $code, see $log and $build/crashes/)"
    status=1
  fi
  summary+=("$(printf '%-12s %6s s %12s inputs  %s' "$target" "$seconds" "${runs:-?}" "$verdict")")
done
printf '%s\n' "${summary[@]}"
exit $status
