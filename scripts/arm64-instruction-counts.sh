#!/usr/bin/env bash
# Instructions per frame on aarch64 beside x86_64, for the benchmark scene's FULL, REALTIME and
# SCENE workloads and the first frame (FULL --cold: every mask built anew, as after a start).
#
# Method: Debian's qemu (7.2) has no TCG plugins, but `qemu-ARCH-static -singlestep -d
# nochain,exec` logs one "Trace" line per executed guest instruction (-singlestep makes each
# translation block one instruction, nochain makes every block's execution pass the logger).
# As scripts/instruction-counts.sh does with callgrind, each workload runs twice, with A and B
# frames, and the difference is divided by B - A: start-up, the first frames' mask builds and
# everything else that is not per-frame work cancel. Both architectures are counted the same way
# here, with the same compiler (Debian 13's Swift 6.0.3, release, static runtime): the x86_64
# bench is built natively in the build root, the aarch64 one cross-built. glibc's string
# functions are picked by the emulated CPU (qemu's "max" model) on both; the renderer's own
# code is fixed at compile time (the baseline: SSE2 on x86_64, NEON on aarch64).
#
# Also shows that the rasteriser's SIMD paths compile to NEON: the count of v-register
# instructions in the aarch64 bench's Raster code.
#
# Logging every instruction makes qemu slow (a run of the bench costs 4-7 minutes of CPU here,
# start-up included), so the frame counts are small, and frames 2..6 are not yet the steady state
# that instruction-counts.sh measures from frame 16 (the first frames still build masks and
# shadow profiles): the figures compare the same work on both architectures, they are not the
# per-frame targets. Measured (docs/arm64.md, "Instructions on aarch64"), aarch64 / x86_64:
# FULL 0.899x, REALTIME 0.895x, SCENE 0.896x, FULL --cold 0.897x; the whole script 69 minutes.
# A steady-state run (frames 16..48) would take about an hour of emulation per pair.
#
# Usage: arm64-instruction-counts.sh [WORKLOAD...]   (names as printed: FULL REALTIME SCENE COLD;
#                                                     default all)
set -euo pipefail
arm64_name=arm64-counts
source "$(dirname "$0")/arm64-lib.sh"
cd "$arm64_tree"

aarch64=$(bash scripts/arm64-build.sh --product switchpanel-bench)
x86_64=.build/x86_64-swift-6.0.3/release/switchpanel-bench
arm64_say "building switchpanel-bench for x86_64 with the same Swift 6.0.3 (log .build/x86_64-swift-6.0.3-build.log)"
arm64_in_root "$arm64_build_root" nice swift build -c release --product switchpanel-bench --static-swift-stdlib \
    --scratch-path .build/x86_64-swift-6.0.3 >.build/x86_64-swift-6.0.3-build.log 2>&1 ||
    { tail -30 .build/x86_64-swift-6.0.3-build.log; exit 1; }
for q in qemu-aarch64-static qemu-x86_64-static; do
    cmp -s "/usr/bin/$q" "$arm64_build_root/usr/local/bin/$q" || cp "/usr/bin/$q" "$arm64_build_root/usr/local/bin/$q"
done

# Instructions one run executes: qemu ($1) runs the program and arguments after it.
count() {
    arm64_in_root "$arm64_build_root" bash -c 'mkfifo /tmp/trace && { grep -c "^Trace" </tmp/trace & } &&
        "$0" -singlestep -d nochain,exec -D /tmp/trace "$@" >/dev/null && wait' "$@"
}
# Millions of instructions per frame between frame A and frame B of a workload.
per_frame() { # qemu bench workload A B [extra]
    local a b
    a=$(count "$1" "$2" scene --workload "$3" --frames "$4" "${@:6}")
    b=$(count "$1" "$2" scene --workload "$3" --frames "$5" "${@:6}")
    awk -v a="$a" -v b="$b" -v n="$(($5 - $4))" 'BEGIN { printf "%.3f", (b - a) / n / 1e6 }'
}

printf '%-12s %12s %12s %8s\n' workload "aarch64 M" "x86_64 M" ratio
while IFS='|' read -r name workload a b extra; do
    if (($#)) && [[ " $* " != *" ${name%% *} "* ]] && ! [[ "$name" == *cold && " $* " == *" COLD "* ]]; then continue; fi
    # shellcheck disable=SC2086
    arm=$(per_frame qemu-aarch64-static "$aarch64" "$workload" "$a" "$b" $extra)
    # shellcheck disable=SC2086
    x86=$(per_frame qemu-x86_64-static "$x86_64" "$workload" "$a" "$b" $extra)
    printf '%-12s %12s %12s %8s  (frames %s..%s)\n' "$name" "$arm" "$x86" "$(awk -v a="$arm" -v b="$x86" 'BEGIN { printf "%.3fx", a / b }')" "$a" "$b"
done <<'EOF'
FULL|full|2|6|
REALTIME|realtime|2|10|
SCENE|scene|2|4|
FULL --cold|full|1|3|--cold
EOF

# NEON: the Raster module's instructions in the aarch64 bench, and those on v-registers.
raster=$(mktemp)
aarch64-linux-gnu-objdump() { arm64_in_root "$arm64_build_root" aarch64-linux-gnu-objdump "$@"; }
aarch64-linux-gnu-objdump -d --no-show-raw-insn "$aarch64" |
    awk '/^[0-9a-f]+ <.*6Raster.*>:$/ { inside = 1; next } /^[0-9a-f]+ <.*>:$/ { inside = 0 } inside' >"$raster"
total=$(grep -cE '^ +[0-9a-f]+:' "$raster" || true)
vector=$(grep -cE '^ +[0-9a-f]+:.*\bv[0-9]+\.(16b|8b|8h|4h|4s|2s|2d)' "$raster" || true)
echo "NEON: $vector of $total instructions in Raster's functions use v-registers as vectors (e.g. $(grep -oE '\b(fmla|fmul|fadd|umull|uqxtn|ld1|st1|fcvtzu|ucvtf)\b[^;]*v[0-9]+\.4s[^;]*' "$raster" | head -1))"
rm -f "$raster"
