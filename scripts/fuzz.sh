#!/usr/bin/env bash
# Builds and runs one libFuzzer target (docs/robustness.md):
#   scripts/fuzz.sh --list              the targets
#   scripts/fuzz.sh TARGET SECONDS [libFuzzer options...]
# The build is build-fuzz (clang, -DKROON_FUZZ=ON, the `fuzz` preset), made with one job at
# low priority. The corpus grows in build-fuzz/corpus/TARGET, seeded from fuzz/corpus/TARGET;
# a crash, leak or timeout is saved as build-fuzz/artifacts/TARGET/crash-* (replay it with
# build-fuzz/fuzz/fuzz_TARGET FILE). KROON_FUZZ_JOBS=N builds with N jobs.
# KROON_FUZZ_SANITIZE=undefined fuzzes with UBSan alone, in build-fuzz-ubsan (the
# `fuzz-ubsan` preset): several times faster for targets that allocate a lot (the web ones),
# at the price of ASan's memory checks. Its corpus starts from build-fuzz's.
# The board's messages: web_session (its searches answer between the messages: reviews whose
# line is replaced, hostile tags, Kroon asked to play mid-search) and web_message (every search
# waits, so many more messages a second).
set -euo pipefail

here=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
sanitize="${KROON_FUZZ_SANITIZE:-address}"
case "$sanitize" in
    address) default_build="$here/build-fuzz" ;;
    undefined) default_build="$here/build-fuzz-ubsan" ;;
    *) echo "scripts/fuzz.sh: KROON_FUZZ_SANITIZE is address or undefined, not '$sanitize'" >&2; exit 2 ;;
esac
build="${KROON_FUZZ_BUILD_DIR:-$default_build}"
targets=$(sed -n 's/^kroon_add_fuzzer(\([a-z_]*\).*/\1/p' "$here/fuzz/CMakeLists.txt")

usage() {
    echo "usage: scripts/fuzz.sh --list | TARGET SECONDS [libFuzzer options]" >&2
    echo "targets: $(echo $targets)" >&2
    exit 2
}

[ $# -ge 1 ] || usage
if [ "$1" = "--list" ]; then
    echo "$targets"
    exit 0
fi
[ $# -ge 2 ] || usage
target=$1
seconds=$2
shift 2
echo "$targets" | grep -qx "$target" || { echo "scripts/fuzz.sh: no target '$target'" >&2; usage; }
[[ "$seconds" =~ ^[0-9]+$ ]] && [ "$seconds" -ge 1 ] || { echo "scripts/fuzz.sh: SECONDS must be a whole number" >&2; usage; }
command -v clang++ >/dev/null || { echo "scripts/fuzz.sh: needs clang++ (apt-get install clang)" >&2; exit 1; }

if [ ! -f "$build/CMakeCache.txt" ]; then
    cmake -S "$here" -B "$build" -DCMAKE_BUILD_TYPE=RelWithDebInfo -DCMAKE_CXX_COMPILER=clang++ -DKROON_FUZZ=ON \
        -DKROON_SANITIZE="$sanitize" -DKROON_BUILD_TESTS=OFF >&2
fi
nice -n 15 cmake --build "$build" -j "${KROON_FUZZ_JOBS:-1}" --target "fuzz_$target" >&2

corpus="$build/corpus/$target"
artifacts="$build/artifacts/$target"
mkdir -p "$corpus" "$artifacts"
seeds=("$here/fuzz/corpus/$target")
[ "$target" = web_message ] && seeds=("$here/fuzz/corpus/web_session")  # the same messages
shared="$here/build-fuzz/corpus/$target"
[ "$corpus" != "$shared" ] && [ -d "$shared" ] && seeds+=("$shared")
[ "$target" = weights ] && seeds+=("$here/eval/weights")
[ "$target" = weights ] && set -- -max_len=500000 "$@"
exec nice -n 15 "$build/fuzz/fuzz_$target" -max_total_time="$seconds" -timeout=10 -rss_limit_mb=2048 \
    -print_final_stats=1 -artifact_prefix="$artifacts/" "$@" "$corpus" "${seeds[@]}"
