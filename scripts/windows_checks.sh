#!/usr/bin/env bash
# The Windows build's checks under Wine (scripts/setup.sh windows runs this after building):
#   scripts/windows_checks.sh LINUX_KROON WINDOWS_BUILD_DIR
# 1. the unit suite cross-built for Windows, run under Wine by ctest (the tests left out on
#    Windows, and why: WINDOWS_BUILD_DIR/posix-only-tests.txt); the golden transcripts first
# 2. perft and the bench signature of kroon.exe equal to the Linux build's
# 3. two DXP games over loopback between kroon.exe and the Linux kroon, one in each role
# 4. the other faces once each: console, serve, egdb (the same bytes as Linux's), book,
#    match (kroon.exe starting kroon.exe Hub engines), selfplay (the same data as Linux's), train
# Everything it makes goes to WINDOWS_BUILD_DIR/checks; a summary ends the log. The Wine
# prefix is made in WINDOWS_BUILD_DIR/wineprefix the first time (wineboot, about 10 s).
set -euo pipefail

linux_kroon=$(realpath "$1")
windows=$(realpath "$2")
exe="$windows/tools/kroon.exe"
work="$windows/checks"
here=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
jobs="${KROON_JOBS:-$(nproc)}"
rm -rf "$work"
mkdir -p "$work"

export WINEPREFIX="$windows/wineprefix" WINEDEBUG=-all WINEDLLOVERRIDES="mscoree,mshtml="
summary=()
failed=0
started=$(date +%s)
step_started=$started

note() { summary+=("$1"); echo "== $1" >&2; }
pass() { note "PASS $1 ($(($(date +%s) - step_started)) s)"; step_started=$(date +%s); }
fail() { note "FAIL $1 ($(($(date +%s) - step_started)) s)"; step_started=$(date +%s); failed=1; }
# As the build's test runner (cmake/toolchains/mingw-w64-x86_64.cmake): Wine without address
# space randomisation where the system allows it, as with it a start now and then fails.
wine=(wine)
setarch -R true 2>/dev/null && wine=(setarch -R wine)
win() { timeout 300 "${wine[@]}" "$exe" "$@"; }  # no step may hang the run
free_port() { python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])'; }

if [ ! -f "$WINEPREFIX/system.reg" ]; then
    wineboot -i >/dev/null 2>&1
    pass "Wine prefix made in $WINEPREFIX"
fi
# One server for every step, kept a minute after the last program ends; a server left running
# in this prefix (wineboot's, or an earlier run's) is stopped first, as -p cannot change it.
wineserver -k 2>/dev/null || true
wineserver -p 60
win --version | sed 's/^/   /' >&2

# 1. The unit suite under Wine: the golden transcripts (kroon.exe driven through pipes), then
#    the rest. ctest runs each test program through Wine (CMAKE_CROSSCOMPILING_EMULATOR).
cd "$windows"
golden='^(HubGolden|DxpGolden|DxpMatchGolden)\.'
if ctest -R "$golden" --output-on-failure >"$work/golden.log" 2>&1; then
    pass "golden transcripts through kroon.exe: $(grep -o '[0-9]*% tests passed.*' "$work/golden.log" | head -1)"
else
    fail "golden transcripts: $(grep -o '[0-9]*% tests passed.*' "$work/golden.log")"
    cat "$work/golden.log" >&2
fi
# The tests labelled heavy-under-sanitizers (databases of several variants built in the test,
# the heaviest pure computations) take 40 s and more each under Wine and check code that is the
# same on both systems: the Linux suite runs them, as it does for the strict build.
if ctest -LE 'slow|heavy-under-sanitizers' -E "$golden" --output-on-failure -j "$jobs" >"$work/suite.log" 2>&1; then
    pass "unit suite under Wine: $(grep -o '[0-9]*% tests passed.*' "$work/suite.log")"
else
    fail "unit suite under Wine: $(grep -o '[0-9]*% tests passed.*' "$work/suite.log")"
    # What each failed test printed, up to the next test's line.
    awk '/\*\*\*(Failed|Exception|Timeout)/ { show = 1; print; next }
         /^ *Start +[0-9]+:|^ *[0-9]+\/[0-9]+ Test +#/ { show = 0 }
         /The following tests FAILED/ { show = 1 }
         show' "$work/suite.log" >&2
fi
skipped=$(grep -c '\*\*\*Skipped' "$work/suite.log" || true)  # not the tests named ...Skipped
note "     tests skipped at run time: $skipped; left out of the Windows build: $(wc -l <"$windows/posix-only-tests.txt") programs"
sed 's/^/       /' "$windows/posix-only-tests.txt" >&2
cd "$work"

# 2. perft and bench: the same numbers from both programs.
counts() { grep -E '^perft|^total' | awk '{print $1, $2, $3}'; }
same_perft=1
for case in "international 8" "frisian 7" "english 11" "russian 8"; do
    set -- $case
    "$linux_kroon" perft --variant "$1" "$2" | counts >"linux-perft-$1.txt"
    win perft --variant "$1" "$2" | tr -d '\r' | counts >"windows-perft-$1.txt"
    cmp -s "linux-perft-$1.txt" "windows-perft-$1.txt" || same_perft=0
done
"$linux_kroon" divide 5 | awk '{print $1, $2}' >linux-divide.txt
win divide 5 | tr -d '\r' | awk '{print $1, $2}' >windows-divide.txt
cmp -s linux-divide.txt windows-divide.txt || same_perft=0
if [ $same_perft = 1 ]; then
    pass "perft (international 8, frisian 7, english 11, russian 8) and divide 5 equal to Linux's: $(tail -1 windows-perft-international.txt)"
else
    fail "perft or divide differ from Linux's"
fi
"$linux_kroon" bench >linux-bench.txt 2>&1
win bench 2>&1 | tr -d '\r' >windows-bench.txt
linux_nodes=$(grep '^nodes ' linux-bench.txt)
windows_nodes=$(grep '^nodes ' windows-bench.txt)
if [ "$linux_nodes" = "$windows_nodes" ] && [ -n "$linux_nodes" ]; then
    pass "bench signature equal: $windows_nodes; nodes/s $(grep nodes/second windows-bench.txt | awk '{print $2}') under Wine, $(grep nodes/second linux-bench.txt | awk '{print $2}') on Linux"
else
    fail "bench signature: Linux '$linux_nodes', Windows '$windows_nodes'"
fi

# 3. DXP over loopback: one game with kroon.exe listening, one with the Linux kroon listening.
#    Each side writes the game to its PDN file; the two records must hold the same moves.
dxp_game() {  # NAME LISTENER... -- INITIATOR...
    local name=$1 port listener=() initiator=()
    shift
    while [ "$1" != -- ]; do listener+=("$1"); shift; done
    shift
    initiator=("$@")
    port=$(free_port)
    "${listener[@]}" dxp --listen "127.0.0.1:$port" --pdn "$name-follower.pdn" --move-time 0.05 \
        --book false >"$name-follower.log" 2>&1 &
    local follower=$!
    for _ in $(seq 100); do
        (exec 3<>"/dev/tcp/127.0.0.1/$port") 2>/dev/null && break
        sleep 0.1
    done
    timeout 300 "${initiator[@]}" dxp --connect "127.0.0.1:$port" --initiator --games 1 --minutes 2 \
        --move-time 0.05 --book false --pdn "$name-initiator.pdn" >"$name-initiator.log" 2>&1 || true
    kill "$follower" 2>/dev/null || true
    wait "$follower" 2>/dev/null || true
    local moves_a moves_b result
    moves_a=$(tr -d '\r' <"$name-initiator.pdn" 2>/dev/null | grep -v '^\[' | tr -s ' \n' ' ' | sed 's/{[^}]*}//g')
    moves_b=$(tr -d '\r' <"$name-follower.pdn" 2>/dev/null | grep -v '^\[' | tr -s ' \n' ' ' | sed 's/{[^}]*}//g')
    result=$(tr -d '\r' <"$name-initiator.pdn" 2>/dev/null | grep '^\[Result' | head -1)
    if [ -n "$result" ] && [ "$moves_a" = "$moves_b" ] && [ "$(echo "$moves_a" | wc -w)" -gt 10 ]; then
        pass "DXP game, $name: $result, $(echo "$moves_a" | wc -w) words of moves, both records the same"
    else
        fail "DXP game, $name: result '$result'; the records differ or are missing (see $work/$name-*)"
    fi
}
dxp_game "kroon.exe-listens" "${wine[@]}" "$exe" -- "$linux_kroon"
dxp_game "linux-listens" "$linux_kroon" -- "${wine[@]}" "$exe"

# 4. The other faces.
printf 'level depth 6\ngo\nquit\n' | win console 2>&1 | tr -d '\r' >console.txt
if grep -qE 'Kroon plays [0-9]+' console.txt; then
    pass "console: $(grep -m1 -E 'Kroon plays [0-9]+' console.txt)"
else
    fail "console (see $work/console.txt)"
fi

port=$(free_port)
win serve --port "$port" >serve.log 2>&1 &
server=$!
page=""
for _ in $(seq 100); do
    page=$(curl -s --max-time 2 "http://127.0.0.1:$port/" || true)
    [ -n "$page" ] && break
    sleep 0.2
done
kill "$server" 2>/dev/null || true
wait "$server" 2>/dev/null || true
if echo "$page" | grep -qi '<html'; then
    pass "serve: the page served by kroon.exe ($(echo "$page" | wc -c) bytes)"
else
    fail "serve (see $work/serve.log)"
fi

"$linux_kroon" egdb build --pieces 3 --dir linux-egdb >/dev/null 2>&1
win egdb build --pieces 3 --dir windows-egdb >/dev/null 2>&1
if diff -r linux-egdb windows-egdb >/dev/null && [ "$(ls windows-egdb | wc -l)" -gt 0 ]; then
    probe=$(win egdb probe --dir linux-egdb --fen 'W:WK46,28:BK5' 2>&1 | tr -d '\r')
    pass "egdb: 2-3 pieces built by kroon.exe, the same bytes as Linux's ($(ls windows-egdb | wc -l) files); probe: $probe"
else
    fail "egdb: the files differ from Linux's"
fi

if [ "$("$linux_kroon" book probe)" = "$(win book probe | tr -d '\r')" ]; then
    pass "book: the built-in book's moves of the start position, as on Linux"
else
    fail "book probe differs"
fi

# kroon.exe starts kroon.exe as a Hub engine: Windows processes in job objects.
if timeout 600 "${wine[@]}" "$exe" match --games 2 --depth 4 --book false "kroon.exe hub --book false" builtin \
    --pdn match.pdn >match.log 2>&1 && [ "$(grep -c '^\[Result' match.pdn)" = 2 ]; then
    pass "match: kroon.exe against kroon.exe hub, 2 games: $(tr -d '\r' <match.log | grep -m1 ' vs ' | sed 's/^ *//')"
else
    fail "match (see $work/match.log)"
fi

"$linux_kroon" selfplay --games 2 --depth 3 --out linux-selfplay.bin >/dev/null 2>&1
win selfplay --games 2 --depth 3 --out windows-selfplay.bin >/dev/null 2>&1
if cmp -s linux-selfplay.bin windows-selfplay.bin && [ -s windows-selfplay.bin ]; then
    pass "selfplay: 2 games, the same $(stat -c %s windows-selfplay.bin) bytes of data as Linux's"
else
    fail "selfplay data differ from Linux's"
fi
if win train --data windows-selfplay.bin --out trained.kw --epochs 2 >train.log 2>&1 && [ -s trained.kw ]; then
    pass "train: 2 epochs on that data"
else
    fail "train (see $work/train.log)"
fi

wineserver -k 2>/dev/null || true
echo >&2
echo "Windows checks under Wine, $(($(date +%s) - started)) s:" >&2
printf '  %s\n' "${summary[@]}" >&2
exit $failed
