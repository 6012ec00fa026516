#!/usr/bin/env bash
# Kroon's perft against Moby Dam's perft tool, side by side on the international start position
# with bulk counting: both programs alternately, RUNS times each, median wall time of each, the
# ratio, and Kroon's time on THREADS threads with its speed-up. A benchmark, not a test: run it
# on a quiet machine and report the machine with the numbers (docs/perft.md).
#
# Usage: scripts/perft_compare.sh [MOBYDAM_PERFT]
#   MOBYDAM_PERFT  Moby Dam's perft binary (argument or environment variable). Build it from
#                  the public repository rhalbersma/mobydam: `cd test && make perft`.
# Environment: KROON (default build/tools/kroon), RUNS (3), DEPTH (11), THREADS (2),
#   VARIANTS (1): also time Kroon alone on Frisian perft 11, English perft 13 and Russian
#   perft 12 (Moby Dam's tool counts international draughts only); 0 leaves them out.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."

mobydam=${1:-${MOBYDAM_PERFT:-}}
kroon=${KROON:-build/tools/kroon}
runs=${RUNS:-3}
depth=${DEPTH:-11}
threads=${THREADS:-2}
variants=${VARIANTS:-1}

die() { echo "perft_compare: $*" >&2; exit 2; }
[[ -n $mobydam ]] || die "give Moby Dam's perft binary as the argument or in MOBYDAM_PERFT"
[[ -x $mobydam ]] || die "'$mobydam' is not an executable file"
[[ -x $kroon ]] || die "'$kroon' is not an executable file: build the kroon target or set KROON"
[[ $runs =~ ^[1-9][0-9]*$ ]] || die "RUNS must be a positive whole number, not '$runs'"
[[ $depth =~ ^[1-9][0-9]*$ ]] || die "DEPTH must be a positive whole number, not '$depth'"
[[ $threads =~ ^[1-9][0-9]*$ ]] || die "THREADS must be a positive whole number, not '$threads'"
[[ $variants == 0 || $variants == 1 ]] || die "VARIANTS must be 0 or 1, not '$variants'"

out=$(mktemp)
trap 'rm -f "$out"' EXIT

# Runs the command, leaves its stdout in $out and prints its wall time and its CPU time (user
# and system) in seconds: CPU time over wall time shows how many cores it really got.
timed() {
    local TIMEFORMAT='%R %U %S' times
    times=$({ time "$@" >"$out" 2>/dev/null; } 2>&1) || die "failed: $*"
    awk '{ printf "%.3f %.3f\n", $1, $2 + $3 }' <<<"$times"
}

# The count at the last depth, from each program's output, so the table only compares equal work.
kroon_count() { awk -v d="$depth" '$1 == "perft" && $2 == d { print $3 }' "$out"; }
mobydam_count() { awk -v d="perft($depth)" '$1 == d { print $2 }' "$out"; }
# Leaves over all depths 1..DEPTH (both programs count every depth): the work the time measures.
kroon_leaves() { awk '$1 == "total" { print $2 }' "$out"; }

median() { tr ' ' '\n' | sort -g | awk '{ v[NR] = $1 } END { print (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2 }'; }

kroon_times=() mobydam_times=() threaded_times=() threaded_cpu=()
for ((run = 1; run <= runs; ++run)); do
    read -r t _ < <(timed "$kroon" perft --threads 1 "$depth"); kroon_times+=("$t")
    k=$(kroon_count) leaves=$(kroon_leaves)
    read -r t _ < <(timed "$mobydam" -b -c "$depth"); mobydam_times+=("$t"); m=$(mobydam_count)
    read -r t c < <(timed "$kroon" perft --threads "$threads" "$depth"); threaded_times+=("$t") threaded_cpu+=("$c")
    p=$(kroon_count)
    [[ -n $k && $k == "$m" && $k == "$p" ]] || die "the counts differ at depth $depth: Kroon $k, Moby Dam $m, Kroon on $threads threads $p"
    echo "run $run/$runs: Kroon ${kroon_times[-1]} s, Moby Dam ${mobydam_times[-1]} s, Kroon on $threads threads ${threaded_times[-1]} s (CPU $c s)" >&2
done

kroon_median=$(echo "${kroon_times[*]}" | median)
mobydam_median=$(echo "${mobydam_times[*]}" | median)
threaded_median=$(echo "${threaded_times[*]}" | median)
threaded_cpu_median=$(echo "${threaded_cpu[*]}" | median)

echo "international start, perft 1..$depth with bulk counting, perft($depth) = $k, median of $runs runs (wall time)"
awk -v k="$kroon_median" -v m="$mobydam_median" -v p="$threaded_median" -v n="$threads" -v cpu="$threaded_cpu_median" -v leaves="$leaves" 'BEGIN {
    printf "%-28s %10s %12s\n", "program", "time (s)", "M leaves/s"
    printf "%-28s %10.2f %12.1f\n", "Kroon, 1 thread", k, leaves / k / 1e6
    printf "%-28s %10.2f %12.1f\n", "Moby Dam", m, leaves / m / 1e6
    printf "%-28s %10.2f %12.1f\n", "Kroon, " n " threads", p, leaves / p / 1e6
    printf "Kroon / Moby Dam time, one thread: %.2f\n", k / m
    printf "Kroon speed-up on %d threads: %.2fx (cores it got: %.2f of %d; below %d the machine was busy)\n", n, k / p, cpu / p, n, n
}'

[[ $variants == 1 ]] || exit 0
echo
echo "Kroon alone, other variants from the start, perft 1..N with bulk counting, one thread, median of $runs runs"
printf "%-28s %14s %10s %12s\n" "variant, depth" "perft(N)" "time (s)" "M leaves/s"
for spec in "frisian 11" "english 13" "russian 12"; do
    read -r variant variant_depth <<<"$spec"
    times=()
    for ((run = 1; run <= runs; ++run)); do
        read -r t _ < <(timed "$kroon" perft --variant "$variant" "$variant_depth"); times+=("$t")
    done
    count=$(awk -v d="$variant_depth" '$1 == "perft" && $2 == d { print $3 }' "$out")
    printf "%-28s %14s %10.2f %12.1f\n" "$variant, $variant_depth" "$count" "$(echo "${times[*]}" | median)" \
        "$(awk -v l="$(kroon_leaves)" -v t="$(echo "${times[*]}" | median)" 'BEGIN { print l / t / 1e6 }')"
done
