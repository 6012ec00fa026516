#!/usr/bin/env bash
# One-stop set-up for a fresh Debian 12 machine (see README.md):
#   tools/setup.sh run    install missing packages, build, start kroon's main job (the console)
#   tools/setup.sh test   install missing packages, build, run the default test suite
# Extra arguments after `run` are passed to kroon.
set -euo pipefail

here=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
build="${KROON_BUILD_DIR:-$here/build}"
packages=(cmake g++ make libboost-dev libspdlog-dev libgtest-dev libgmock-dev libcli11-dev clang-format)

install_missing() {
    local missing=()
    for p in "${packages[@]}"; do
        dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
    done
    [ ${#missing[@]} -eq 0 ] && return 0
    echo "Installing missing packages: ${missing[*]}" >&2
    local sudo=""
    [ "$(id -u)" -ne 0 ] && sudo="sudo"
    $sudo apt-get update -qq
    DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq "${missing[@]}" >&2
}

build_all() {
    cmake -S "$here" -B "$build" -DCMAKE_BUILD_TYPE=Release >&2
    cmake --build "$build" -j "$(nproc)" >&2
}

mode="${1:-run}"
[ $# -gt 0 ] && shift
case "$mode" in
    run)
        install_missing
        build_all
        if [ $# -gt 0 ]; then
            exec "$build/tools/kroon" "$@"
        fi
        exec "$build/tools/kroon"
        ;;
    test)
        install_missing
        build_all
        cd "$build"
        exec ctest --output-on-failure -LE slow -j "$(nproc)"
        ;;
    *)
        echo "usage: tools/setup.sh run [kroon arguments] | test" >&2
        exit 2
        ;;
esac
