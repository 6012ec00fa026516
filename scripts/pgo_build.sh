#!/usr/bin/env bash
# The profile-guided build of Kroon (g++): builds `kroon` instrumented, trains it on the
# bench (the search and the evaluation of international, Frisian and English at depth 12),
# then builds again with that profile. docs/search.md, "The profile-guided build".
#
#   scripts/pgo_build.sh [BUILD_DIR [CMAKE_ARGUMENTS...]]
#
# BUILD_DIR defaults to build/; the arguments after it go to CMake in both steps (for
# example -DKROON_SLOW_TESTS=OFF). The second step builds every target, so the tests run
# against the optimised libraries. KROON_PGO_TARGETS (default: all) narrows it, e.g. to kroon.
set -euo pipefail

here=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
build="${1:-$here/build}"
[ $# -gt 0 ] && shift
profile="$build/pgo-profile"
jobs="$(nproc)"

# A profile from an older source would not match the code: every build trains afresh.
rm -rf "$profile"
cmake -S "$here" -B "$build" -DCMAKE_BUILD_TYPE=Release -DKROON_PGO=generate -DKROON_PGO_DIR="$profile" "$@" >&2
cmake --build "$build" -j "$jobs" --target kroon >&2
echo "Training the profile-guided build on the bench" >&2
if "$build/tools/kroon" bench >/dev/null; then
    cmake -S "$here" -B "$build" -DKROON_PGO=use >&2
else
    # A build for an instruction-set level this processor lacks does not run here.
    echo "The instrumented build did not run on this machine: building without a profile" >&2
    cmake -S "$here" -B "$build" -DKROON_PGO= >&2
fi
if [ -n "${KROON_PGO_TARGETS:-}" ]; then
    cmake --build "$build" -j "$jobs" --target ${KROON_PGO_TARGETS} >&2
else
    cmake --build "$build" -j "$jobs" >&2
fi
