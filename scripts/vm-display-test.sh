#!/usr/bin/env bash
# The DRM display on a real kernel (issue 5): boots Debian's kernel in QEMU (software emulation,
# KVM is not available on the build machines) with a busybox initramfs holding a static `switchpanel` and the
# test-only `switchpanel-display-probe` (Tests/DisplayProbe), once with virtio-gpu and once with
# bochs-display (800x480). In the guest, for the atomic and the legacy API in turn, the probe
# opens the card, shows a test pattern (mode set, then two page flips that repaint only damage)
# and waits; meanwhile a second probe must be refused as not DRM master, the guest switches to
# VT 2 and back (the probe must release and re-take the display), and the display is blanked and
# unblanked. The host takes a QMP screendump at each step and checks:
#   - the pattern, pixel for pixel, after the flips, after the VT switch back and after power on;
#   - VT 2 shows the console, not the pattern (the display was released); blanked, no pattern;
#   - after the probe exits, the screen is again exactly the console it found (the CRTC was
#     restored), and the CRTC read back through a second descriptor is the saved one;
#   - bad formats, connectors and modes fail with messages that list what there is.
#
# Usage: scripts/vm-display-test.sh [virtio|bochs]   (default: both)
# KEEP_DUMPS=DIR keeps the screendumps (PPM) and console logs there, and for a console that was
# not restored a difference picture (*-after-diff.ppm: differing pixels red).
# Needs root for apt (qemu-system-x86 linux-image-amd64 busybox-static libdrm-dev python3) or those installed.
set -euo pipefail
cd "$(dirname "$0")/.."
root=$PWD
only=${1:-}
work=$(mktemp -d /tmp/vm-display.XXXXXX)
trap 'rm -rf "$work"' EXIT
scratch=${SCRATCH_PATH:-$root/.build}

vm_name=vm-display-test
# shellcheck source=vm-lib.sh
source scripts/vm-lib.sh
say() { vm_say "$@"; }
now() { date +%s.%N; }
elapsed() { awk -v a="$1" -v b="$(now)" 'BEGIN { printf "%.1f", b - a }'; }

# --- packages, binary, initramfs ------------------------------------------------------------
vm_require_packages qemu-system-x86 linux-image-amd64 busybox-static libdrm-dev python3
vm_find_kernel
started=$(now)
vm_build_static_switchpanel "$scratch" "$work/build.log"
vm_build_static switchpanel-display-probe "$scratch" "$work/build-probe.log"
probe_binary=$scratch/release/switchpanel-display-probe
say "static builds: $(elapsed "$started") s"
"$probe_binary" --help >/dev/null 2>&1 || { say "$probe_binary --help fails"; exit 1; }

rootfs=$work/rootfs
vm_make_rootfs "$rootfs" virtio_pci virtio-gpu bochs
vm_add_binary "$rootfs" "$probe_binary"
{
    vm_init_prologue
    cat <<'EOF'
# The host answers every "=== DUMP NAME" line after it has taken the screendump NAME.
dump() { echo "=== DUMP $1"; read -r _; }
waitfor() { i=0; while ! grep -q "$2" "$1" 2>/dev/null; do i=$((i+1)); [ $i -gt 1000 ] && return 1; sleep 0.02; done; }
i=0; while [ ! -e /dev/dri/card0 ]; do i=$((i+1)); [ $i -gt 500 ] && break; sleep 0.02; done
# A still, recognisable console for the restore check: no blinking cursor, tty1 blue with a line.
echo 0 > /sys/class/graphics/fbcon/cursor_blink 2>/dev/null
printf '\033[?25l\033[44;37m\033[2J\033[H  switchpanel vm-display-test: the console before the probe\n' > /dev/tty1
echo "=== BEGIN devices"; switchpanel devices 2>&1; echo "=== END devices"
dump console-before

# run_probe NAME ARGS...: the probe shows the pattern (dump NAME), a second probe is refused,
# VT 2 is activated (dump NAME-vt2) and VT 1 again (dump NAME-vt1), the display is blanked
# (NAME-off) and unblanked (NAME-on), the probe is told to close, and the screen it left is
# dumped (NAME-after).
run_probe() {
    name=$1; shift
    mkfifo /tmp/in-$name
    switchpanel-display-probe "$@" </tmp/in-$name >/tmp/probe-$name.log 2>&1 &
    pid=$!
    exec 3>/tmp/in-$name
    if waitfor /tmp/probe-$name.log "take a screendump"; then
        dump $name
        echo "=== BEGIN second-$name"; switchpanel-display-probe --no-vt </dev/null 2>&1; echo "=== END second-$name"
        chvt 2
        waitfor /tmp/probe-$name.log "VT released" && dump $name-vt2
        chvt 1
        waitfor /tmp/probe-$name.log "repainted after the VT switch" && dump $name-vt1
        echo off >&3
        waitfor /tmp/probe-$name.log "powered off" && dump $name-off
        echo on >&3
        waitfor /tmp/probe-$name.log "powered on" && dump $name-on
    fi
    echo quit >&3
    exec 3>&-
    wait $pid; status=$?
    echo "=== BEGIN probe-$name"; cat /tmp/probe-$name.log; echo "=== END probe-$name"
    echo "=== EXIT $name $status"
    dump $name-after
}
run_probe atomic --api atomic
run_probe legacy --api legacy
for bad in "--format RGB565" "--connector HDMI-A-9" "--mode 1234x567" "--card /dev/dri/card7"; do
    echo "=== BEGIN bad $bad"; switchpanel-display-probe $bad </dev/null 2>&1; echo "=== END bad (exit $?)"
done
echo "=== DONE"
poweroff -f
EOF
} >"$rootfs/init"
chmod +x "$rootfs/init"
vm_pack_initramfs "$rootfs" "$work/initramfs.cpio.gz"
vm_qemu_command "$work/initramfs.cpio.gz"

failures=0
fail() { say "FAIL $*"; failures=$((failures + 1)); }
pass() { say "ok   $*"; }

# Runs the guest with display device $2 (named $1), answering its dump requests.
run_guest() {
    local driver=$1 device=$2 log=$work/$1-console.log
    vm_guest_label=$driver
    vm_guest_loop "$work/$driver-" "$log" 200 "=== DONE" \
        timeout 240 "${vm_qemu[@]}" -vga none -device "$device" -display none
    say "$driver: guest ran $vm_guest_seconds s (boot, two probes with VT switches, $(grep -c '^=== DUMP' "$log") screendumps)"
    if [ -n "${KEEP_DUMPS:-}" ]; then mkdir -p "$KEEP_DUMPS" && cp "$work/$driver"-*.ppm "$log" "$KEEP_DUMPS/"; fi
    grep -q '^=== DONE' "$log" || { tail -40 "$log"; fail "$driver: the guest did not finish"; return; }
}

section() { sed -n "/^=== BEGIN $2\$/,/^=== END/p" "$1" | sed '1d;$d'; }

check_guest() {
    local driver=$1 log=$work/$1-console.log api probe
    section "$log" devices | sed -n '/^Displays/,$p' | sed "s/^/  [$driver] /" >&2
    for api in atomic legacy; do
        probe=$(section "$log" "probe-$api")
        sed "s/^/  [$driver $api] /" <<<"$probe" >&2
        grep -q "^=== EXIT $api 0" "$log" || fail "$driver $api: the probe exited non-zero"
        grep -q "$api mode setting" <<<"$probe" || fail "$driver $api: the probe did not use $api mode setting"
        grep -q "matches the saved configuration" <<<"$probe" \
            && pass "$driver $api: CRTC read back after close is the saved one" \
            || fail "$driver $api: CRTC not restored"
        "$probe_binary" --check "$work/$driver-$api.ppm" >&2 \
            && pass "$driver $api: the pattern after a mode set and two flips, pixel for pixel" \
            || fail "$driver $api: pattern"
        if "$probe_binary" --check "$work/$driver-$api-vt2.ppm" >/dev/null; then
            fail "$driver $api: VT 2 still shows the pattern"
        else
            pass "$driver $api: VT 2 shows the console (display released)"
        fi
        "$probe_binary" --check "$work/$driver-$api-vt1.ppm" >&2 \
            && pass "$driver $api: the pattern again after switching back to VT 1" \
            || fail "$driver $api: pattern after the VT switch back"
        # The kernel's state says the CRTC is off: ACTIVE=0 for atomic, DPMS=3 (off) for legacy.
        local off_state
        off_state=$(grep -o 'powered off (.*)' <<<"$probe" || true)
        if [[ "$off_state" == *"ACTIVE=0"* || ( $api == legacy && "$off_state" == *"DPMS=3"* ) ]]; then
            pass "$driver $api: $off_state"
        else
            fail "$driver $api: the kernel does not report the CRTC off: $off_state"
        fi
        # QEMU's bochs-display has no blanking (the driver's VGA attribute write goes nowhere):
        # only virtio-gpu shows it on the glass.
        if [ "$driver" = virtio ]; then
            if "$probe_binary" --check "$work/$driver-$api-off.ppm" >/dev/null; then
                fail "$driver $api: the pattern is still shown after power off"
            else
                pass "$driver $api: powered off, the screendump no longer shows the pattern"
            fi
        fi
        "$probe_binary" --check "$work/$driver-$api-on.ppm" >&2 \
            && pass "$driver $api: powered on again, the same pattern without a repaint" \
            || fail "$driver $api: pattern after power on"
        local same
        if same=$(vm_compare_images "$work/$driver-console-before.ppm" "$work/$driver-$api-after.ppm" \
            "$work/$driver-$api-after-diff.ppm" 2>&1); then
            pass "$driver $api: after exit the screen is the console it found: $same"
        else
            fail "$driver $api: the console was not restored: $same"
        fi
        section "$log" "second-$api" | grep -q "is DRM master" \
            && pass "$driver $api: a second probe is refused: $(section "$log" "second-$api" | grep -o 'drmSetMaster failed: [^:]*')" \
            || fail "$driver $api: a second probe was not refused as not master: $(section "$log" "second-$api")"
    done
    local expect
    for expect in "RGB565|it supports XRGB8888" "HDMI-A-9|it has: Virtual-1 (connected)" \
        "1234x567|its modes: 800x480@" "card7|no such card"; do
        if sed -n "/^=== BEGIN bad .*${expect%%|*}/,/^=== END/p" "$log" | grep -qF "${expect#*|}"; then
            pass "$driver: bad ${expect%%|*} named: $(sed -n "/^=== BEGIN bad .*${expect%%|*}/,/^=== END/p" "$log" | sed -n 2p | cut -c1-110)"
        else
            fail "$driver: bad ${expect%%|*}: $(sed -n "/^=== BEGIN bad .*${expect%%|*}/,/^=== END/p" "$log")"
        fi
    done
}

for guest in "virtio|virtio-gpu-pci,xres=800,yres=480" "bochs|bochs-display,xres=800,yres=480"; do
    driver=${guest%%|*}
    [ -z "$only" ] || [ "$only" = "$driver" ] || continue
    say "booting $vm_kver under TCG with $driver"
    run_guest "$driver" "${guest#*|}"
    [ -f "$work/$driver-console.log" ] && grep -q '^=== DONE' "$work/$driver-console.log" && check_guest "$driver"
    if [ -n "${KEEP_DUMPS:-}" ]; then cp "$work/$driver"-*-diff.ppm "$KEEP_DUMPS/" 2>/dev/null || true; fi
done
say "total $(elapsed "$started") s"
((failures == 0)) || { say "$failures checks failed"; exit 1; }
say "all checks passed"
