#!/usr/bin/env bash
# The evdev edge on a real kernel (issue 4): boots Debian's kernel in QEMU (software emulation,
# KVM is not available on the build machines) with a busybox initramfs holding a static `switchpanel`.
# In the guest, for every recording in Tests/TouchCoreTests/Recordings:
#   switchpanel inject REC  — a uinput device made from the recording's description plays it
#   switchpanel record NODE — reads that device live (libevdev) and writes evemu text
# and once `switchpanel devices` lists the uinput device. On the host, each live recording is
# replayed against the demo panel (`switchpanel replay`) and must give the same contacts and
# the same switch changes as the original recording.
#
# Usage: scripts/vm-evdev-test.sh [RECORDING-NAME-SUBSTRING]   (default: every recording)
# KEEP_LIVE=DIR keeps the live recordings there (as NAME.live.events).
# Needs root for apt (qemu-system-x86 linux-image-amd64 busybox-static) or those installed.
set -euo pipefail
cd "$(dirname "$0")/.."
root=$PWD
filter=${1:-}
work=$(mktemp -d /tmp/vm-evdev.XXXXXX)
trap 'rm -rf "$work"' EXIT
scratch=${SCRATCH_PATH:-$root/.build}

vm_name=vm-evdev-test
# shellcheck source=vm-lib.sh
source scripts/vm-lib.sh
say() { vm_say "$@"; }

# --- packages -------------------------------------------------------------------------------
vm_require_packages qemu-system-x86 linux-image-amd64 busybox-static libevdev-dev
vm_find_kernel
kver=$vm_kver
kernel=$vm_kernel

# --- a static switchpanel -------------------------------------------------------------------
vm_build_static_switchpanel "$scratch" "$work/build.log"
binary=$vm_binary
"$binary" devices --help >/dev/null 2>&1 || { say "switchpanel has no 'devices' command (wire DevicesCommand.swift into main.swift)"; exit 1; }

# --- the initramfs --------------------------------------------------------------------------
rootfs=$work/rootfs
vm_make_rootfs "$rootfs" evdev uinput
mkdir -p "$rootfs/rec"

# Cases: "name|recording|desc" (desc empty when the recording has a header).
recordings=$root/Tests/TouchCoreTests/Recordings
cases=()
n=0
for events in "$recordings"/*.events; do
    name=$(basename "$events" .events)
    [ -z "$filter" ] || [[ "$name" == *"$filter"* ]] || continue
    n=$((n + 1))
    cp "$events" "$rootfs/rec/$n.events"
    desc=""
    if ! grep -q '^N:' "$events"; then
        # The device's .desc: the one named like the recording, or whose name starts it.
        for d in "$recordings"/*.desc; do
            base=$(basename "$d" .desc)
            if [[ "$name" == "$base" || "$name" == "$base."* ]]; then desc=$d; fi
        done
        [ -n "$desc" ] || { say "$name has no header and no .desc"; exit 1; }
        cp "$desc" "$rootfs/rec/$n.desc"
    fi
    cases+=("$n|$name|$desc")
done
((n > 0)) || { say "no recording matches '$filter'"; exit 1; }

{
    vm_init_prologue
    cat <<'EOF'
waitfor() { i=0; while ! grep -q "$2" "$1" 2>/dev/null; do i=$((i+1)); [ $i -gt 500 ] && return 1; sleep 0.02; done; }
run_case() {
    n=$1; shift
    switchpanel inject /rec/$n.events "$@" --start-after /tmp/go-$n >/tmp/inject-$n.log 2>&1 &
    ipid=$!
    waitfor /tmp/inject-$n.log created || { echo "=== FAIL $n inject"; cat /tmp/inject-$n.log; return; }
    node=$(sed -n 's/^created \([^ ]*\) .*/\1/p' /tmp/inject-$n.log)
    if [ $n = 1 ]; then echo "=== BEGIN devices"; switchpanel devices 2>&1; echo "=== END devices"; fi
    switchpanel record --grab "$node" >/tmp/live-$n.events 2>/tmp/record-$n.log &
    rpid=$!
    waitfor /tmp/record-$n.log recording || { echo "=== FAIL $n record"; cat /tmp/record-$n.log; return; }
    if [ $n = 1 ]; then
        echo "=== BEGIN second grab"; switchpanel record --grab "$node" 2>&1 >/dev/null; echo "=== END second grab"
    fi
    touch /tmp/go-$n
    wait $ipid
    kill -INT $rpid
    wait $rpid
    echo "=== BEGIN live $n"
    cat /tmp/live-$n.events
    echo "=== END live $n"
    cat /tmp/inject-$n.log /tmp/record-$n.log | sed "s/^/[$n] /"
}
EOF
    for c in "${cases[@]}"; do
        IFS='|' read -r num _ desc <<<"$c"
        if [ -n "$desc" ]; then echo "run_case $num --desc /rec/$num.desc"; else echo "run_case $num"; fi
    done
    echo 'echo "=== DONE"'
    echo 'poweroff -f'
} >"$rootfs/init"
chmod +x "$rootfs/init"
vm_pack_initramfs "$rootfs" "$work/initramfs.cpio.gz"

# --- boot -----------------------------------------------------------------------------------
say "booting $kver under TCG with ${#cases[@]} recordings"
start=$(date +%s)
vm_qemu_command "$work/initramfs.cpio.gz"
timeout 170 "${vm_qemu[@]}" -display none </dev/null | tr -d '\r' >"$work/console.log" || true
say "guest ran $(($(date +%s) - start)) s"
if [ -n "${KEEP_LIVE:-}" ]; then mkdir -p "$KEEP_LIVE" && cp "$work/console.log" "$KEEP_LIVE/console.log"; fi
grep -q '^=== DONE' "$work/console.log" || { tail -40 "$work/console.log"; say "the guest did not finish"; exit 1; }

# --- compare --------------------------------------------------------------------------------
sed -n '/^=== BEGIN devices/,/^=== END devices/p' "$work/console.log" | sed '1d;$d'
failures=0
# While `record --grab` holds the device, a second grab is refused with EBUSY, named as such.
second=$(sed -n '/^=== BEGIN second grab/,/^=== END second grab/p' "$work/console.log")
if ! grep -q 'EBUSY.*grabbed' <<<"$second"; then
    say "FAIL a second grab was not refused: $second"
    failures=$((failures + 1))
fi
replay_summary() {
    # The switch changes in order (without times) and the contact count.
    "$binary" replay "$@" --out "$work/replay.png" 2>/dev/null \
        | sed -n -e 's/^ *[0-9.]* s  //p' -e 's/^\([0-9]* contacts\), \([0-9]* value changes\).*/\1, \2/p' \
        | grep -v '^replaying'
}
for c in "${cases[@]}"; do
    IFS='|' read -r num name desc <<<"$c"
    live=$work/live-$num.events
    sed -n "/^=== BEGIN live $num\$/,/^=== END live $num\$/p" "$work/console.log" | sed '1d;$d' >"$live"
    original=$recordings/$name.events
    if [ -n "${KEEP_LIVE:-}" ]; then mkdir -p "$KEEP_LIVE" && cp "$live" "$KEEP_LIVE/$name.live.events"; fi
    descarg=()
    if [ -n "$desc" ]; then descarg=(--desc "$desc"); fi
    if ! grep -q '^E:' "$live"; then
        say "FAIL $name: no live events"
        grep "^\[$num\]" "$work/console.log" >&2 || true
        failures=$((failures + 1))
        continue
    fi
    expected=$(replay_summary "$original" "${descarg[@]}")
    got=$(replay_summary "$live")
    if [ "$expected" = "$got" ]; then
        say "ok   $name: $(echo "$got" | tail -1) ($(grep -c '^E:' "$live") live events)"
    else
        say "FAIL $name"
        diff <(echo "$expected") <(echo "$got") >&2 || true
        failures=$((failures + 1))
    fi
done
((failures == 0)) || { say "$failures of ${#cases[@]} recordings differ"; exit 1; }
say "all ${#cases[@]} recordings: the live kernel path gives the same contacts and switch changes as the replay"
