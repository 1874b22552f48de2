#!/usr/bin/env bash
# Instructions per frame of the benchmark scene (SCENE.md), counted with callgrind.
#
# Why instruction counts: wall-clock medians on shared 2-core machines wander by tens of
# percent, while callgrind's counts are stable run to run, so they are what the targets are
# checked against. Each workload is run twice, with 16 and 176 frames (whole ANIM cycles), and
# the difference divided by 160: that cancels process start-up, the first frame's mask builds
# and everything else that is not steady-state per-frame work.
#
# usage: scripts/instruction-counts.sh [--with-cairo] [--no-build]
#   --with-cairo  also count cairo's renderer and print the ratio switchpanel/cairo
#   --no-build    use the existing .build/release/switchpanel-bench
# Exits non-zero only when something fails to build or run; a missed target prints MISSED.
set -euo pipefail

with_cairo=0
build=1
for arg in "$@"; do
    case "$arg" in
        --with-cairo) with_cairo=1 ;;
        --no-build) build=0 ;;
        -h|--help) sed -n '2,13p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
        *) echo "instruction-counts.sh: unknown argument '$arg' (try --help)" >&2; exit 2 ;;
    esac
done

# Work from the repository root whatever the caller's cwd.
cd "$(dirname "${BASH_SOURCE[0]}")/.."

command -v valgrind >/dev/null || { echo "instruction-counts.sh: valgrind is not installed" >&2; exit 1; }

if [ "$build" = 1 ]; then
    swift build -c release --product switchpanel-bench >&2
fi
bench=.build/release/switchpanel-bench
[ -x "$bench" ] || { echo "instruction-counts.sh: $bench is missing (build it or drop --no-build)" >&2; exit 1; }

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

short=16
long=176

# callgrind counts every iteration of `rep stosb` as one instruction, i.e. one per byte, and
# glibc's memset switches to `rep stosb` above ~2 KB. pixman 0.42 clears its 24 KB scanline
# buffer that way on every general-path composite (cairo's gradient shadows: ~560 calls per FULL
# frame), which would add ~41 M phantom "instructions" per frame to cairo's figure for work that
# takes a few hundred cycles natively. Raising the threshold makes memset use its vector loop,
# counted per 32-byte store like any other code. It applies to both renderers alike.
export GLIBC_TUNABLES="${GLIBC_TUNABLES:+$GLIBC_TUNABLES:}glibc.cpu.x86_rep_stosb_threshold=0x10000000"

# Total instructions (Ir) of one run under callgrind.
count() { # renderer workload frames [extra bench arguments]
    local out="$tmp/callgrind.$1.$2.$3"
    if ! valgrind --tool=callgrind --callgrind-out-file="$out" \
        "$bench" scene --workload "$2" --frames "$3" --renderer "$1" "${@:4}" >"$tmp/stdout" 2>"$tmp/valgrind.log"; then
        echo "instruction-counts.sh: callgrind run of $1 $2 ($3 frames) failed:" >&2
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

# Millions of instructions per steady-state frame.
per_frame() { # renderer workload [extra bench arguments]
    local a b
    a=$(count "$1" "$2" "$short" "${@:3}")
    b=$(count "$1" "$2" "$long" "${@:3}")
    awk -v a="$a" -v b="$b" -v n=$((long - short)) 'BEGIN { printf "%.3f", (b - a) / n / 1e6 }'
}

for workload in full partial anim; do
    case "$workload" in
        full) target=1.2 ;;
        partial) target=0.06 ;;
        anim) target=0.12 ;;
    esac
    ours=$(per_frame switchpanel "$workload")
    verdict=$(awk -v x="$ours" -v t="$target" 'BEGIN { if (x > t) print " MISSED" }')
    echo "switchpanel $workload: $ours M instructions/frame (target <= $target M)$verdict"
    if [ "$with_cairo" = 1 ]; then
        theirs=$(per_frame cairo "$workload")
        echo "cairo $workload: $theirs M instructions/frame"
        awk -v a="$ours" -v b="$theirs" -v w="$workload" \
            'BEGIN { if (b > 0) printf "ratio switchpanel/cairo %s: %.3fx\n", w, a / b }'
    fi
done

# Not a target, but the honest other half of ANIM: an animation driven by real time never
# repeats a position, so each of its frames builds its masks afresh (--cold).
cold=$(per_frame switchpanel anim --cold)
echo "switchpanel anim --cold: $cold M instructions/frame (every mask rebuilt each frame; no target)"
