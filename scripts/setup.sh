#!/usr/bin/env bash
# One-stop set-up for a fresh Debian 12 machine (see README.md):
#   scripts/setup.sh run     install missing packages, build, start kroon's main job: `kroon
#                            serve`, the board in the browser (it prints the address to open)
#   scripts/setup.sh test    install missing packages, build, run the default test suite (with
#                            the browser test: Chromium driven by puppeteer-core from npm)
#   scripts/setup.sh slow    the same for the tests labelled slow (deep perft, long games: about
#                            an hour on 2 cores)
#   scripts/setup.sh ci-slow the slow tests CI runs (label ci-slow, chosen where the tests are
#                            declared: the international 4-piece databases, a real-clock DXP
#                            game, a hundred moves on a Fischer clock), after `test`
#   scripts/setup.sh egdb    install missing packages, build, and build the 2-4 piece endgame
#                            databases of every variant into the cache folder (docs/egdb.md, Cache folder)
#   scripts/setup.sh web     install missing packages and build Kroon in WebAssembly with
#                            emscripten (build-web; docs/web.md, "The static site")
#   scripts/setup.sh strict  the checks CI adds (docs/robustness.md): the default suite under
#                            AddressSanitizer and UndefinedBehaviorSanitizer with assertions on,
#                            a short fuzz run of every fuzz target and 150 s of the board's
#                            messages (clang, libFuzzer; build-strict)
#   scripts/setup.sh windows the Windows build (kroon.exe, cross-compiled with mingw-w64;
#                            build-windows) and its checks under Wine: the unit suite, the golden
#                            transcripts, DXP games against the Linux build, perft and bench
#                            equal to Linux's, every face once (scripts/windows_checks.sh)
#   scripts/setup.sh package the packages into dist/: for each instruction-set level a .tar.gz
#                            and a .deb for Linux and a .zip for Windows (docs/install.md)
# Extra arguments after `run` are passed to kroon (`scripts/setup.sh run console`: the console).
# `run` with no arguments builds the endgame databases first when they are missing (once,
# about half a minute); KROON_EGDB=none skips them.
set -euo pipefail

here=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
build="${KROON_BUILD_DIR:-$here/build}"
strict="${KROON_STRICT_BUILD_DIR:-$here/build-strict}"
packages=(cmake g++ make libboost-dev libspdlog-dev libgtest-dev libgmock-dev libcli11-dev clang-format
          nlohmann-json3-dev zlib1g-dev)
# Only the tests need these: the browser test runs Chromium under Node.js (a machine that has
# Node.js and npm already, from any source, keeps them).
test_packages=(chromium parallel)
# Only the WebAssembly build needs these: emscripten, and the header-only fmt that spdlog uses
# there (the native build links Debian's compiled spdlog and fmt).
web_packages=(emscripten libfmt-dev)
web="${KROON_WEB_BUILD_DIR:-$here/build-web}"
# Only the strict checks need these: clang with libFuzzer for the fuzz targets.
strict_packages=(clang libclang-rt-14-dev)
# The Windows build: Debian's mingw-w64 compilers (posix threads), its zlib, GoogleTest's
# sources for the tests, Wine to run them; curl and python3 for the checks (a page, a free port),
# GNU parallel for the test of the recipe that shards self-play (docs/evaluation.md).
windows_packages=(g++-mingw-w64-x86-64-posix libz-mingw-w64-dev googletest wine wine64 curl python3 parallel)
windows="${KROON_WINDOWS_BUILD_DIR:-$here/build-windows}"
# The packages: dpkg-shlibdeps names the .deb's dependencies.
package_packages=(dpkg-dev file)
command -v node >/dev/null 2>&1 && command -v npm >/dev/null 2>&1 || test_packages+=(nodejs npm)

install_missing() {
    local missing=()
    for p in "$@"; do
        dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
    done
    [ ${#missing[@]} -eq 0 ] && return 0
    echo "Installing missing packages: ${missing[*]}" >&2
    local sudo=""
    [ "$(id -u)" -ne 0 ] && sudo="sudo"
    $sudo apt-get update -qq
    DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq "${missing[@]}" >&2
}

# The browser test's npm packages (tests/web/package-lock.json), when missing or out of date.
install_node_modules() {
    local web="$here/tests/web"
    if [ ! -f "$web/node_modules/.package-lock.json" ] ||
        [ "$web/package-lock.json" -nt "$web/node_modules/.package-lock.json" ]; then
        echo "Installing the browser test's npm packages (tests/web)" >&2
        (cd "$web" && npm ci --no-audit --no-fund >&2)
    fi
}

# Extra arguments go to CMake: the test modes choose whether the slow tests are built.
build_all() {
    cmake -S "$here" -B "$build" -DCMAKE_BUILD_TYPE=Release "$@" >&2
    cmake --build "$build" -j "$(nproc)" >&2
}

# The 2-4 piece endgame databases of every variant that has them into the cache folder,
# unless they are there or KROON_EGDB=none (the first run: a few minutes, about 95 MB).
# Kroon plays without them when this fails.
build_databases() {
    [ "${KROON_EGDB:-}" = none ] && return 0
    "$build/tools/kroon" egdb build --all-variants --pieces 4 --if-missing --threads "$(nproc)" >&2 ||
        echo "The endgame databases were not all built; Kroon plays without the missing ones" >&2
}

mode="${1:-run}"
[ $# -gt 0 ] && shift
case "$mode" in
    run)
        install_missing "${packages[@]}"
        build_all
        if [ $# -gt 0 ]; then
            exec "$build/tools/kroon" "$@"
        fi
        build_databases
        exec "$build/tools/kroon" serve
        ;;
    egdb)
        install_missing "${packages[@]}"
        build_all
        build_databases
        ;;
    test)
        install_missing "${packages[@]}" "${test_packages[@]}"
        install_node_modules
        # The slow tests are neither built nor run here (`slow` does both).
        build_all -DKROON_SLOW_TESTS=OFF
        cd "$build"
        exec ctest --output-on-failure -LE slow -j "$(nproc)"
        ;;
    slow)
        install_missing "${packages[@]}" "${test_packages[@]}"
        build_all -DKROON_SLOW_TESTS=ON
        cd "$build"
        exec ctest --output-on-failure -L slow -j "$(nproc)"
        ;;
    ci-slow)
        install_missing "${packages[@]}" "${test_packages[@]}"
        # Their programs are built by `test` too; the rest of the slow tests are not built.
        build_all -DKROON_SLOW_TESTS=OFF
        cd "$build"
        exec ctest --output-on-failure -L ci-slow -j "$(nproc)"
        ;;
    web)
        install_missing "${packages[@]}" "${web_packages[@]}"
        # The 2-4 piece databases the site serves, built by the native kroon (docs/egdb.md)
        # into build-web/databases, once (KROON_WEB_EGDB: the variants, all by default; none for no databases;
        # KROON_WEB_EGDB_PIECES: up to how many pieces, 4 by default).
        databases=""
        if [ "${KROON_WEB_EGDB:-all}" != none ]; then
            cmake -S "$here" -B "$build" -DCMAKE_BUILD_TYPE=Release >&2
            cmake --build "$build" -j "$(nproc)" --target kroon >&2
            databases="$web/databases"
            if [ "${KROON_WEB_EGDB:-all}" = all ]; then
                "$build/tools/kroon" egdb build --all-variants --pieces "${KROON_WEB_EGDB_PIECES:-4}" --if-missing \
                    --threads "$(nproc)" \
                    --dir "$databases" >&2
            else
                for variant in ${KROON_WEB_EGDB}; do
                    "$build/tools/kroon" egdb build --variant "$variant" --pieces "${KROON_WEB_EGDB_PIECES:-4}" --if-missing \
                        --threads "$(nproc)" --dir "$databases" >&2
                done
            fi
        fi
        # Debian's emscripten runs its JavaScript optimiser with the machine's Node.js, which
        # finds Debian's acorn only through NODE_PATH.
        export NODE_PATH="${NODE_PATH:+$NODE_PATH:}/usr/share/nodejs"
        emcmake cmake -S "$here" -B "$web" -DCMAKE_BUILD_TYPE=Release "-DKROON_WEB_DATABASES=$databases" >&2
        cmake --build "$web" -j "$(nproc)" >&2
        echo "The static site is in $web/site: serve it with python3 -m http.server -d $web/site" >&2
        ;;
    strict)
        # Warnings are errors here as in every build (KROON_WERROR is on by default).
        install_missing "${packages[@]}" "${test_packages[@]}" "${strict_packages[@]}"
        install_node_modules
        # One clang build serves both: ASan and UBSan in every library, libFuzzer's coverage
        # hooks (inert outside the fuzz targets), assertions on, light optimisation and no
        # debug information (reports name functions, not lines), the slow tests not built: so
        # that the build and the suite fit in CI's time.
        cmake -S "$here" -B "$strict" -DCMAKE_CXX_COMPILER=clang++ -DKROON_FUZZ=ON -DKROON_SLOW_TESTS=OFF \
            -DCMAKE_BUILD_TYPE=Strict -DCMAKE_CXX_FLAGS_STRICT="-O1" >&2
        cmake --build "$strict" -j "$(nproc)" >&2
        cd "$strict"
        # Many tests wait on sockets and child processes: one more at once than there are cores.
        # The tests labelled heavy-under-sanitizers (databases of several variants built in the
        # test, the heaviest pure computations: tens of seconds each here) are left to the
        # release suite; the fuzz targets and the lighter cases cover their code here.
        status=0
        ASAN_OPTIONS=detect_leaks=1 UBSAN_OPTIONS=print_stacktrace=1 \
            ctest --output-on-failure -LE 'slow|heavy-under-sanitizers' -j "$(($(nproc) + 1))" || status=$?
        # A few minutes of the board's messages with its searches answering (docs/robustness.md):
        # reviews whose line is replaced, restored tags, Kroon asked to play mid-search.
        board="$strict/fuzz/board"
        mkdir -p "$board/corpus" "$board/artifacts"
        ASAN_OPTIONS=detect_leaks=1 "$strict/fuzz/fuzz_web_session" -max_total_time="${KROON_BOARD_FUZZ_SECONDS:-150}" \
            -timeout=10 -rss_limit_mb=2048 -print_final_stats=1 -artifact_prefix="$board/artifacts/" \
            "$board/corpus" "$here/fuzz/corpus/web_session" >&2 || status=$?
        exit "$status"
        ;;
    windows)
        install_missing "${packages[@]}" "${windows_packages[@]}"
        # The Linux build the Windows one is compared with (in CI, the one `test` made).
        build_all -DKROON_SLOW_TESTS=OFF
        start=$(date +%s)
        cmake -S "$here" -B "$windows" --toolchain "$here/cmake/toolchains/mingw-w64-x86_64.cmake" \
            -DCMAKE_BUILD_TYPE=Release -DKROON_SLOW_TESTS=OFF -DKROON_ARCH="${KROON_WINDOWS_ARCH:-x86-64-v2}" >&2
        cmake --build "$windows" -j "$(nproc)" >&2
        echo "== the Windows build: $(($(date +%s) - start)) s" >&2
        exec "$here/scripts/windows_checks.sh" "$build/tools/kroon" "$windows"
        ;;
    package)
        install_missing "${packages[@]}" "${windows_packages[@]}" "${package_packages[@]}"
        mkdir -p "$here/dist"
        # One build per system and level, without the tests; the C++ runtime linked in. The
        # folders sit beside build-windows, so that ccache finds the objects that build made.
        # The Linux builds are profile-guided, trained on the bench where this machine runs the
        # level (docs/search.md, The profile-guided build); the Windows build cannot run here
        # to train, and is built without a profile.
        for level in ${KROON_PACKAGE_LEVELS:-x86-64-v3 x86-64-v2}; do
            for system in linux windows; do
                dir="$here/build-package-$system-$level"
                options=(-DCMAKE_BUILD_TYPE=Release -DKROON_BUILD_TESTS=OFF -DKROON_STATIC_RUNTIME=ON
                         -DKROON_ARCH="$level")
                if [ "$system" = linux ]; then
                    KROON_PGO_TARGETS=kroon bash "$here/scripts/pgo_build.sh" "$dir" "${options[@]}"
                else
                    cmake -S "$here" -B "$dir" --toolchain "$here/cmake/toolchains/mingw-w64-x86_64.cmake" \
                        "${options[@]}" >&2
                    cmake --build "$dir" -j "$(nproc)" --target kroon >&2
                fi
                (cd "$dir" && cpack -B "$here/dist" >&2)
            done
        done
        rm -rf "$here/dist/_CPack_Packages"
        ls -l "$here/dist"
        ;;
    *)
        echo "usage: scripts/setup.sh run [kroon arguments] | test | slow | ci-slow | egdb | web | strict | windows | package" >&2
        exit 2
        ;;
esac
