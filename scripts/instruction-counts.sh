#!/usr/bin/env bash
# Instructions per frame of the benchmark scene (SCENE.md), counted with callgrind, with the
# peers' figures from SCENE.md beside them.
#
# Why instruction counts: wall-clock medians on shared 2-core machines wander by tens of
# percent, while callgrind's counts are stable run to run, so they are what the targets are
# checked against. Each workload is run twice, with A and B frames, and the difference divided
# by B - A: that cancels process start-up, the first frames' mask and profile builds and
# everything else that is not steady-state per-frame work.
#
#   workload       frames   what
#   FULL           16..175  clear + 24 switches at rest (masks kept between frames)
#   PARTIAL        16..175  switch 5 at mid-travel in its box
#   ANIM           16..175  switch 5 over a 16-frame eased cycle (positions repeat)
#   REALTIME       16..175  switch 5 at frac(0.5 + k*phi): positions that never repeat
#   SCENE          16..47   all 24 switches animating, switch i at frac(i/24 + k*phi)
#   FULL --cold    8..39    every mask rebuilt every frame (the first frame after start)
# plus, not targets: SCENE and ANIM --cold (no mask kept at all, not even within a frame).
#
# usage: scripts/instruction-counts.sh [--with-cairo] [--panel] [--no-build]
#   --with-cairo  also count cairo's renderer on every workload and print switchpanel/cairo
#   --panel       also count real toggles through the panel (switchpanel bench: one switch of
#                 the demo panel tapped, and all of its switches at once), and page transitions
#                 (switchpanel bench --swipe on the demo panel, the 1080p board and the house
#                 board: each kind of frame of a swipe counted alone)
#   --no-build    use the existing release build
# Exits non-zero only when something fails to build or run; a missed target prints MISSED.
set -euo pipefail

with_cairo=0
panel=0
build=1
for arg in "$@"; do
    case "$arg" in
        --with-cairo) with_cairo=1 ;;
        --panel) panel=1 ;;
        --no-build) build=0 ;;
        -h|--help) sed -n '2,27p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
        *) echo "instruction-counts.sh: unknown argument '$arg' (try --help)" >&2; exit 2 ;;
    esac
done

# Work from the repository root whatever the caller's cwd.
cd "$(dirname "${BASH_SOURCE[0]}")/.."

command -v valgrind >/dev/null || { echo "instruction-counts.sh: valgrind is not installed" >&2; exit 1; }

if [ "$build" = 1 ]; then
    swift build -c release --product switchpanel-bench >&2
    if [ "$panel" = 1 ]; then swift build -c release --product switchpanel >&2; fi
fi
bench=.build/release/switchpanel-bench
[ -x "$bench" ] || { echo "instruction-counts.sh: $bench is missing (build it or drop --no-build)" >&2; exit 1; }

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# callgrind counts every iteration of `rep stosb` as one instruction, i.e. one per byte, and
# glibc's memset switches to `rep stosb` above ~2 KB. pixman 0.42 clears its 24 KB scanline
# buffer that way on every general-path composite (cairo's gradient shadows: ~560 calls per FULL
# frame), which would add ~41 M phantom "instructions" per frame to cairo's figure for work that
# takes a few hundred cycles natively. Raising the threshold makes memset use its vector loop,
# counted per 32-byte store like any other code. It applies to both renderers alike.
export GLIBC_TUNABLES="${GLIBC_TUNABLES:+$GLIBC_TUNABLES:}glibc.cpu.x86_rep_stosb_threshold=0x10000000"

# Total instructions (Ir) of one command under callgrind ($valgrind_extra: more callgrind options).
valgrind_extra=()
count() { # name command...
    local out="$tmp/callgrind.$1"
    if ! valgrind --tool=callgrind --callgrind-out-file="$out" "${valgrind_extra[@]}" "${@:2}" >"$tmp/stdout.$1" 2>"$tmp/valgrind.log"; then
        echo "instruction-counts.sh: callgrind run of ${*:2} failed:" >&2
        cat "$tmp/valgrind.log" >&2
        exit 1
    fi
    local total
    total=$(awk '/^(summary|totals):/ { print $2; exit }' "$out")
    if ! [[ "$total" =~ ^[0-9]+$ ]]; then
        echo "instruction-counts.sh: no instruction total in $out" >&2
        exit 1
    fi
    echo "$total"
}

# Millions of instructions per frame between frame A and frame B of a scene workload.
per_frame() { # renderer workload A B [extra bench arguments]
    local a b
    a=$(count "$1.$2.$3" "$bench" scene --workload "$2" --frames "$3" --renderer "$1" "${@:5}")
    b=$(count "$1.$2.$4" "$bench" scene --workload "$2" --frames "$4" --renderer "$1" "${@:5}")
    awk -v a="$a" -v b="$b" -v n=$(($4 - $3)) 'BEGIN { printf "%.3f", (b - a) / n / 1e6 }'
}

printf '%-13s %10s %8s' "workload" "M instr" "target"
[ "$with_cairo" = 1 ] && printf ' %9s %7s' "cairo" "ratio"
printf '   %s\n' "peers' real-time cost (SCENE.md): LVGL 9.6 / Skia / cairo"

# name, bench workload, frames A, B, target, peers (M instr/frame), extra argument
while IFS='|' read -r name workload a b target peers extra; do
    # shellcheck disable=SC2086
    ours=$(per_frame switchpanel "$workload" "$a" "$b" $extra)
    verdict=""
    if [ "$target" != "-" ]; then
        verdict=$(awk -v x="$ours" -v t="$target" 'BEGIN { if (x > t) print " MISSED" }')
    fi
    printf '%-13s %10s %8s' "$name" "$ours" "$target"
    if [ "$with_cairo" = 1 ]; then
        # cairo keeps nothing between frames: the same run serves a workload's --cold row.
        theirs=$(per_frame cairo "$workload" "$a" "$b")
        ratio=$(awk -v a="$ours" -v b="$theirs" 'BEGIN { if (b > 0) printf "%.3fx", a / b }')
        printf ' %9s %7s' "$theirs" "$ratio"
    fi
    printf '   %s%s\n' "$peers" "$verdict"
done <<'EOF'
FULL|full|16|176|1.2|14.5 / 23.0 / 36.7 (LVGL with its shadow cache 10.1)|
PARTIAL|partial|16|176|0.06|0.65 / 0.94 / 1.53 (LVGL cached 0.47)|
ANIM|anim|16|176|0.12|0.65 / 0.94 / 1.53 (LVGL cached 0.47)|
REALTIME|realtime|16|176|0.12|0.65 / 0.94 / 1.53|
SCENE|scene|16|48|2.5|14.5 / 23.0 / 36.7|
FULL --cold|full|8|40|2.5|14.5 / 23.0 / 36.7|--cold
SCENE --cold|scene|16|48|-|14.5 / 23.0 / 36.7 (nothing kept, not even within a frame)|--cold
ANIM --cold|anim|16|176|-|0.65 / 0.94 / 1.53|--cold
EOF

if [ "$panel" = 1 ]; then
    app=.build/release/switchpanel
    [ -x "$app" ] || { echo "instruction-counts.sh: $app is missing (build it or drop --no-build)" >&2; exit 1; }
    # Real toggles through the panel: instructions per presented frame, from two runs with 2
    # and 6 toggles (the difference cancels start-up, fonts and the first frame).
    for mode in "one switch tapped|" "all switches at once|--all"; do
        label=${mode%%|*}
        flag=${mode#*|}
        # shellcheck disable=SC2086
        a=$(count "panel.a" "$app" bench --cycles 2 $flag)
        fa=$(sed -n 's/.* \([0-9]*\) frames presented.*/\1/p' "$tmp/stdout.panel.a")
        # shellcheck disable=SC2086
        b=$(count "panel.b" "$app" bench --cycles 6 $flag)
        fb=$(sed -n 's/.* \([0-9]*\) frames presented.*/\1/p' "$tmp/stdout.panel.b")
        awk -v a="$a" -v b="$b" -v fa="$fa" -v fb="$fb" -v l="$label" \
            'BEGIN { printf "demo panel, %s: %.3f M instructions/frame (%d frames per toggle)\n", l, (b - a) / (fb - fa) / 1e6, (fb - fa) / 4 }'
    done

    # Page transitions: N swipes (switchpanel bench --swipe), each kind of frame counted alone —
    # callgrind collects only inside the function that paints that kind (--toggle-collect), and
    # the total is divided by the frames of that kind the bench reports. "sliding" is the steady
    # state (the page pictures moved, nothing redrawn; target 0.5 M at 800x480), "first" the
    # first frame of each slide (it draws the two pages' pictures), "at rest" the frame after
    # the slide (the page drawn directly).
    for board in "demo panel (800x480)|" "1080p board|--config board-configs/hdmi-1080p-usb-touch.json" \
        "house board (800x480, 3 pages)|--config board-configs/house-7inch-pages.json"; do
        label=${board%%|*}
        flag=${board#*|}
        line="$label, swipes:"
        for kind in "sliding|swipeSlidingFrame|frames sliding" "first of a slide|swipeFirstFrame|first frames of a slide" \
            "at rest after|swipeRestFrame|frames at rest after a slide"; do
            IFS='|' read -r name function printed <<<"$kind"
            valgrind_extra=(--collect-atstart=no "--toggle-collect=*${function}*")
            # The same holds for `rep movsb`, which glibc's memcpy uses above 4 KB: a 1080p row
            # (7680 bytes), copied twice a frame while a page slides, would count one
            # instruction per byte.
            # shellcheck disable=SC2086
            total=$(GLIBC_TUNABLES="$GLIBC_TUNABLES:glibc.cpu.x86_rep_movsb_threshold=0x10000000" \
                count "swipe.$function" "$app" bench --swipe --cycles 4 $flag)
            valgrind_extra=()
            frames=$(sed -n "s/.* \([0-9]*\) $printed .*/\1/p" "$tmp/stdout.swipe.$function")
            [[ "$frames" =~ ^[1-9][0-9]*$ ]] || { echo "instruction-counts.sh: no '$printed' count in bench --swipe's output" >&2; exit 1; }
            figure=$(awk -v t="$total" -v n="$frames" 'BEGIN { printf "%.3f", t / n / 1e6 }')
            if [ "$name" = sliding ] && [[ "$label" == *800x480* ]]; then
                figure="$figure$(awk -v x="$figure" 'BEGIN { if (x > 0.5) print " MISSED (target 0.5)" }')"
            fi
            line="$line $name $figure M ($frames frames),"
        done
        bytes=$(sed -n 's/.*a page picture holds \([0-9]*\) bytes.*/\1/p' "$tmp/stdout.swipe.swipeSlidingFrame")
        echo "${line%,}; a page picture $bytes bytes"
    done
fi
