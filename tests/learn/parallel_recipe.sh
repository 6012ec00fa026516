#!/usr/bin/env bash
# The GNU parallel recipe of docs/evaluation.md (On many machines), for real at a tiny size:
# two self-play shards run by Debian's `parallel` (on this machine: -S :), merged, searched
# again deeper in two shards (`--rescore`), merged, trained.
# The merged shards must hold the same positions as one machine playing every game (in
# another order of the games), and the weights must load.
# Usage: parallel_recipe.sh KROON [RUNNER...]; RUNNER runs the program (Wine for kroon.exe).
set -euo pipefail
kroon=("$(realpath "$1")")
[ $# -gt 1 ] && kroon=("${@:2}" "${kroon[@]}")
line=$(printf '%q ' "${kroon[@]}")  # the same for parallel's command lines
command -v parallel >/dev/null || { echo "GNU parallel is missing (Debian package parallel; scripts/setup.sh test installs it)"; exit 1; }
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cd "$work"

seq 0 1 | parallel -S : --jobs 2 --return 'intl-{}.kpos' --cleanup \
    "${line}selfplay --variant international --games 8 --nodes 300 --seed 1 \
     --shard {}/2 --concurrency 1 --out intl-{}.kpos" >/dev/null 2>&1
"${kroon[@]}" selfplay --merge intl-*.kpos --out intl.kpos >/dev/null
"${kroon[@]}" selfplay --variant international --games 8 --nodes 300 --seed 1 --concurrency 2 --out one.kpos >/dev/null 2>&1
# The 24-byte records after the 32-byte header, sorted: the same set of positions.
records() { tail -c +33 "$1" | od -An -v -tx1 -w24 | sort | md5sum; }
[ "$(records intl.kpos)" = "$(records one.kpos)" ] || { echo "the merged shards differ from one machine's run"; exit 1; }
# Deeper scores for the merged positions, two shards by parallel, merged: the set one run makes.
seq 0 1 | parallel -S : --jobs 2 --return 'deep-{}.kpos' --cleanup \
    "${line}selfplay --rescore intl.kpos --nodes 2000 --every 3 --shard {}/2 --out deep-{}.kpos" >/dev/null 2>&1
"${kroon[@]}" selfplay --merge deep-*.kpos --out deep.kpos >/dev/null
"${kroon[@]}" selfplay --rescore intl.kpos --nodes 2000 --every 3 --concurrency 2 --out deep-one.kpos >/dev/null 2>&1
[ "$(records deep.kpos)" = "$(records deep-one.kpos)" ] || { echo "the merged rescoring shards differ from one run"; exit 1; }
count() { echo $((($(stat -c %s "$1") - 32) / 24)); }
[ "$(count deep.kpos)" -eq $((($(count intl.kpos) + 2) / 3)) ] || { echo "not every third position rescored"; exit 1; }
"${kroon[@]}" train --variant international --data intl.kpos --epochs 2 --out international.kw >/dev/null
"${kroon[@]}" eval --eval-file international.kw >/dev/null
echo "two shards by GNU parallel, merged ($(stat -c %s intl.kpos) bytes), rescored in two shards and trained"
