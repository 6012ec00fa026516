#!/usr/bin/env bash
# Soak run (docs/robustness.md): Kroon against Kroon for many short games, over Hub and over
# DXP, with faults injected, and checks that nothing is lost.
#   scripts/soak.sh [GAMES] [KROON]     GAMES per transport (default 1000), KROON the binary
#                                     (default build/tools/kroon)
#   SOAK_TC=5+0.1                     the Hub games' clock (kroon match --tc); on a loaded
#                                     machine 1-second games lose on time for lack of CPU
#   SOAK_ONLY=hub|dxp                 one transport only
#   SOAK_WEB_SECONDS=N                also `kroon serve` under 100 scripted tabs (tab_load, built
#                                     with the slow tests or by name) for N seconds beside the
#                                     matches: its memory at the start and the end, and how fast a
#                                     quiet tab is answered
# Over Hub, one engine is a wrapper around `kroon hub` that, in some games, is killed mid-game,
# hangs, or answers garbage. Over DXP, the match runner plays a `kroon dxp --listen` follower,
# which is killed and restarted now and then (a dropped connection). Afterwards it checks that
# every finished game is in the PDN file (and reads back), counts forfeits by kind, fails when
# the healthy engine lost on time, and looks for processes left behind. Exit status 0 when
# every check passed.
set -uo pipefail

here=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
games=${1:-1000}
kroon=${2:-$here/build/tools/kroon}
[[ "$games" =~ ^[0-9]+$ ]] && [ "$games" -ge 2 ] || { echo "usage: scripts/soak.sh [GAMES >= 2] [KROON]" >&2; exit 2; }
[ -x "$kroon" ] || { echo "scripts/soak.sh: no kroon binary at $kroon (build it first)" >&2; exit 2; }
kroon=$(cd "$(dirname "$kroon")" && pwd)/$(basename "$kroon")
tc=${SOAK_TC:-5+0.1}
case "${SOAK_ONLY:-}" in
    "") kinds="hub dxp" ;;
    hub | dxp) kinds=$SOAK_ONLY ;;
    *) echo "scripts/soak.sh: SOAK_ONLY is hub or dxp" >&2; exit 2 ;;
esac
plays() { [[ " $kinds " == *" $1 "* ]]; }
web_seconds=${SOAK_WEB_SECONDS:-0}
tab_load=$(dirname "$(dirname "$kroon")")/tests/load/tab_load
if [ "$web_seconds" != 0 ] && [ ! -x "$tab_load" ]; then
    echo "scripts/soak.sh: SOAK_WEB_SECONDS needs $tab_load (cmake --build build --target tab_load)" >&2
    exit 2
fi
work=$(mktemp -d "${TMPDIR:-/tmp}/kroon-soak.XXXXXX")
failures=0
fail() {
    echo "FAIL: $*"
    failures=$((failures + 1))
}

# --- the faulty Hub engine ----------------------------------------------------------------
# Forwards every line to a real `kroon hub`; at a random `go` of a game it misbehaves, in one
# game of FAULT_EVERY: killed (the whole engine exits), hung (stops answering), or garbage.
faulty="$work/faulty-engine.sh"
cat >"$faulty" <<EOF
#!/usr/bin/env bash
log="$work/faults.log"
# The engine writes straight to our stdout; we write its input through a FIFO.
fifo=\$(mktemp -u "$work/fifo.XXXXXX")
mkfifo "\$fifo"
"$kroon" hub <"\$fifo" 2>/dev/null &
engine=\$!
exec 3>"\$fifo"
rm -f "\$fifo"
gos=0
fault_at=-1
while IFS= read -r line; do
    case "\$line" in
        new-game)
            if [ \$((RANDOM % 4)) -eq 0 ]; then fault_at=\$((gos + 1 + RANDOM % 20)); else fault_at=-1; fi ;;
        go*)
            gos=\$((gos + 1))
            if [ "\$gos" -eq "\$fault_at" ]; then
                case \$((RANDOM % 3)) in
                    0) echo kill >>"\$log"; kill -9 "\$engine"; exit 1 ;;
                    1) echo hang >>"\$log"; exec sleep 100000 ;;
                    2) echo garbage >>"\$log"; printf 'info \x1b[2J\ndone move=hello\n'; continue ;;
                esac
            fi ;;
    esac
    printf '%s\n' "\$line" >&3
done
EOF
chmod +x "$faulty"

peak_rss() { sed -n 's/^peak_kib=//p' "$1"; }
time_cmd=()
[ -x /usr/bin/time ] && time_cmd=(/usr/bin/time -f "peak_kib=%M")

drops=0
port=0  # set by the DXP part

# --- the board: kroon serve under scripted tabs, beside the matches --------------------------
rss_kib() { sed -n 's/^VmRSS:[[:space:]]*\([0-9]*\).*/\1/p' "/proc/$1/status" 2>/dev/null; }
if [ "$web_seconds" != 0 ]; then
    "$kroon" serve --port 0 >"$work/serve.out" 2>"$work/serve.err" &
    serve=$!
    for _ in $(seq 100); do
        web_port=$(sed -n 's|.*http://127.0.0.1:\([0-9]*\)/.*|\1|p' "$work/serve.out")
        [ -n "$web_port" ] && break
        sleep 0.1
    done
    [ -n "$web_port" ] || fail "kroon serve did not start: $(cat "$work/serve.err")"
    rss_start=$(rss_kib "$serve")
    echo "Board: kroon serve on port $web_port under 100 tabs for $web_seconds s (resident ${rss_start} KiB)"
    "$tab_load" "$web_port" "$web_seconds" play 100 >"$work/tabs.out" 2>"$work/tabs.err" &
    tabs=$!
fi
# --- Hub: kroon hub against the faulty wrapper --------------------------------------------
if plays hub; then
echo "Hub: $games games, kroon hub against a faulty wrapper, --tc $tc"
"${time_cmd[@]}" "$kroon" match "$kroon hub" "$faulty" --games "$games" --tc "$tc" --random-openings 4 \
    --seed 17 --max-moves 50 --pdn "$work/hub.pdn" --quiet >"$work/hub.out" 2>"$work/hub.err"
status=$?
[ $status -eq 0 ] || fail "Hub match exited with status $status: $(tail -3 "$work/hub.err")"
fi

# --- DXP: the builtin engine against a follower that is killed now and then --------------
if plays dxp; then
port=$(( 20000 + RANDOM % 20000 ))
# The follower's process id is kept in a file: the killer below replaces it.
start_follower() {
    "$kroon" dxp --listen "127.0.0.1:$port" --move-time 0.02 >/dev/null 2>>"$work/follower.err" &
    echo $! >"$work/follower.pid"
    for _ in $(seq 50); do
        (exec 3<>"/dev/tcp/127.0.0.1/$port") 2>/dev/null && break
        sleep 0.1
    done
}
stop_follower() {
    kill -KILL "$(cat "$work/follower.pid")" 2>/dev/null
    wait "$(cat "$work/follower.pid")" 2>/dev/null
}
start_follower
(
    # Kills and restarts the follower every 20-40 s while the match runs (a dropped connection).
    # A follower started here is this subshell's child: told to stop, it kills and reaps it,
    # or the follower would be left to the system's init as a zombie.
    sleeper=
    trap 'kill $sleeper 2>/dev/null; stop_follower; exit 0' TERM
    while :; do
        sleep $((20 + RANDOM % 20)) &
        sleeper=$!
        wait $sleeper
        [ -f "$work/dxp.done" ] && break
        echo drop >>"$work/drops.log"
        stop_follower
        sleep 1
        start_follower
    done
) &
killer=$!
echo "DXP: $games games, builtin against kroon dxp --listen on port $port, killed now and then"
"${time_cmd[@]}" "$kroon" match builtin "dxp://127.0.0.1:$port" --games "$games" --tc 60 --movetime 0.02 \
    --random-openings 4 --seed 18 --max-moves 50 --pdn "$work/dxp.pdn" --quiet >"$work/dxp.out" 2>"$work/dxp.err"
status=$?
touch "$work/dxp.done"
kill "$killer" 2>/dev/null
wait "$killer" 2>/dev/null
stop_follower
[ -f "$work/drops.log" ] && drops=$(wc -l <"$work/drops.log")
[ $status -eq 0 ] || fail "DXP match exited with status $status: $(tail -3 "$work/dxp.err")"
fi

if [ "$web_seconds" != 0 ]; then
    wait "$tabs"
    tabs_status=$?
    sleep 2  # the tabs' connections close
    rss_end=$(rss_kib "$serve")
    echo
    echo "board: $(cat "$work/tabs.out")"
    echo "board: resident ${rss_start} KiB at the start, ${rss_end:-gone} KiB at the end"
    [ "$tabs_status" = 0 ] || fail "board: $(head -3 "$work/tabs.err")"
    kill -0 "$serve" 2>/dev/null || fail "board: kroon serve died"
    kill -TERM "$serve" 2>/dev/null
    wait "$serve" 2>/dev/null
fi

# --- checks ----------------------------------------------------------------------------------
for kind in $kinds; do
    out="$work/$kind.out"
    pdn="$work/$kind.pdn"
    finished=$(sed -n 's/^Finished: \([0-9]*\) of \([0-9]*\) games.*/\1/p' "$out")
    recorded=$(grep -c '^\[Round ' "$pdn" 2>/dev/null || echo 0)
    echo
    echo "$kind: finished ${finished:-?} of $games, recorded $recorded, peak memory $(peak_rss "$work/$kind.err") KiB"
    [ "${finished:-0}" = "$games" ] || fail "$kind: ${finished:-no} games finished of $games"
    [ "$recorded" = "${finished:-x}" ] || fail "$kind: $recorded games in the PDN, ${finished:-?} finished"
    # The file reads back: resuming the finished match replays nothing and finds no damage.
    sed -n '/losses by time forfeit/,$p' "$out"
    echo "  terminations:"
    grep '^\[Termination ' "$pdn" | sed 's/\[Termination "\(.*\)"\]/\1/; s/[0-9][0-9.]* s/N s/g' | sort | uniq -c |
        sort -rn | head -12 | sed 's/^/    /'
done
# A dropped follower is restarted within a second or two, and the match runner tries a
# refused connection again for 10 s: no game may be lost for want of a peer to connect to
# (before that retry, one drop forfeited the 912 games left in under a second).
if plays dxp; then
    unreached=$(grep -c 'could not be started' "$work/dxp.pdn" 2>/dev/null || true)
    echo "DXP games forfeited because the follower could not be reached: ${unreached:-0}"
    [ "${unreached:-0}" = 0 ] || fail "dxp: ${unreached} games forfeited because the follower could not be reached"
fi
# The healthy engines must never lose on time: `kroon hub` (engine 1 over Hub) and builtin.
for kind in $kinds; do
    healthy_line=$(sed -n '/losses by time forfeit/{n;p}' "$work/$kind.out")
    forfeits=$(echo "$healthy_line" | sed -n 's/.*: \([0-9]*\) \/ .*/\1/p')
    [ "${forfeits:-1}" = 0 ] || fail "$kind: the healthy engine lost on time ($healthy_line)"
done
echo
echo "faults injected over Hub: $( [ -f "$work/faults.log" ] && sort "$work/faults.log" | uniq -c | tr '\n' ' ')"
echo "follower drops over DXP: $drops"

# Nothing left running: no engine of ours outlived its match.
sleep 1
left=$(pgrep -f "$work/faulty-engine.sh|sleep 100000|dxp --listen 127.0.0.1:$port" | wc -l)
# An engine whose parent was killed (the faulty wrapper, the follower killer) is reaped by the
# system's init, which may take a moment: only a zombie that stays for 10 s counts.
count_zombies() { ps -eo stat,cmd | awk '$1 ~ /^Z/' | grep -c kroon || true; }
for _ in $(seq 20); do
    zombies=$(count_zombies)
    [ "$zombies" = 0 ] && break
    sleep 0.5
done
echo "processes left behind: $left, zombies: $zombies"
[ "$left" = 0 ] || fail "$left processes outlived the match: $(pgrep -af "$work/faulty-engine.sh|sleep 100000" | head -3)"
[ "$zombies" = 0 ] || fail "$zombies zombie processes"

if [ $failures -eq 0 ]; then
    echo "soak passed (files in $work)"
    exit 0
fi
echo "soak FAILED: $failures checks (files in $work)"
exit 1
