#!/usr/bin/env bash
# Compares the reports of two drawaudit binaries, byte for byte, on the sample games and on every
# file of the shared corpus (draws/, twic/, odd/ recursively, large/): one run per input and
# format (jsonl, csv, text), with the run's seconds blanked (the only part that may differ).
# Prints each input and format whose report, stderr or exit status differ; exits 1 if any does.
# Usage: scripts/compare-outputs.sh OLD_BINARY NEW_BINARY [INPUT...]
#   (default inputs: sample_pgns/ and ../shared/corpus/{draws,twic,odd,large})
# Extra drawaudit options may be given in DRAWAUDIT_COMPARE_OPTIONS (e.g. "--laws 1997"), and an
# extended regular expression to blank in both reports in DRAWAUDIT_COMPARE_IGNORE (e.g. a field
# the new binary adds: '"occurrence_count":[0-9a-z]+,').
set -uo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
[[ $# -ge 2 ]] || { echo "usage: $0 OLD_BINARY NEW_BINARY [INPUT...]" >&2; exit 2; }
old=$(realpath "$1") new=$(realpath "$2")
shift 2
for binary in "$old" "$new"; do
    [[ -x $binary ]] || { echo "compare-outputs.sh: $binary is not an executable" >&2; exit 2; }
done

cd "$root"
inputs=()
if [[ $# -gt 0 ]]; then
    inputs=("$@")
else
    shared="$root/../shared/corpus"
    [[ -d $shared ]] || { echo "compare-outputs.sh: $shared not found" >&2; exit 2; }
    inputs+=(sample_pgns/)
    while IFS= read -r -d '' file; do inputs+=("$file"); done < <(
        find "$shared/draws" "$shared/twic" "$shared/odd" "$shared/large" -type f \
            ! -name '*.md' -print0 | sort -z)
fi

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
read -r -a options <<<"${DRAWAUDIT_COMPARE_OPTIONS:-}"
ignore=${DRAWAUDIT_COMPARE_IGNORE:-}

# Runs binary $1 on input $2 in format $3 into $work/$4.{out,err,rc}, seconds blanked.
run() {
    "$1" --format "$3" --no-progress "${options[@]}" "$2" >"$work/$4.out" 2>"$work/$4.err" </dev/null
    echo $? >"$work/$4.rc"
    sed -i -E -e 's/"seconds":[0-9.e+-]+/"seconds":0/' \
        -e 's/ in [0-9.]+ s\./ in 0 s./' "$work/$4.out"
    if [[ -n $ignore ]]; then sed -i -E -e "s/$ignore//g" "$work/$4.out"; fi
}

differ=0 compared=0
for input in "${inputs[@]}"; do
    for format in jsonl csv text; do
        run "$old" "$input" "$format" old
        run "$new" "$input" "$format" new
        compared=$((compared + 1))
        for part in out err rc; do
            if ! cmp -s "$work/old.$part" "$work/new.$part"; then
                echo "DIFFERS: $input ($format, $part)"
                differ=$((differ + 1))
                break
            fi
        done
    done
done
echo "compared $compared reports ($((compared / 3)) inputs x jsonl, csv, text): $differ differ"
[[ $differ -eq 0 ]]
