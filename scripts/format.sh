#!/usr/bin/env bash
# Lays out every C++ file of the tree as .clang-format says (Debian's clang-format). The
# default test run checks the same (Format.ClangFormat).
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
find platform engine egdb eval search play protocol players match learn bench tools tests fuzz -name '*.cpp' -o -name '*.hpp' | xargs clang-format -i --style=file
