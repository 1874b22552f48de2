#!/usr/bin/env bash
# The panel program end to end on a real kernel (issues 5 and 6): boots Debian's kernel in QEMU
# (software emulation; scripts/vm-lib.sh says why) with a busybox initramfs holding a static
# `switchpanel`, once with virtio-gpu and once with bochs-display (800x480), each time with a
# virtio tablet (`-device virtio-tablet-pci`) and uinput. In the guest
#   switchpanel run --config /board.json --state-dir /state --verbose
# shows board-configs/qemu-virtio-gpu.json on the DRM display, and host and guest go in
# lock-step over the serial console (the guest asks, the host acts over QMP and answers):
#   1. first frame on screen and idle: the screendump must equal `switchpanel render --config`
#      on the host, pixel for pixel (the same code path, so zero tolerance);
#   2. a tap from the host through the virtio tablet (QMP input-send-event) at the centre of
#      switch "a" (from check-config's layout): the change is logged and printed (`print`
#      action), the saved states say a is on, and once idle the screendump equals the host's
#      render with those saved states (`render --state-dir`);
#   3. a tap from a uinput touchscreen in the guest (an evemu recording made here: one MT-B tap
#      at switch "b"'s centre in the device's raw units, played by `switchpanel inject`; the
#      panel picks the device up by hot-plug): the same checks, b goes off, and
#      `switchpanel ctl get` over the control socket agrees (a on, b off);
#   3b. the same touchscreen again, a finger down on b when the device is removed: the contact is
#      cancelled, b does not toggle, the screen equals the render of the saved states;
#   4. idle cost: with nothing to do, the context switches of all the panel's threads over 10 s
#      of guest time (voluntary + nonvoluntary, /proc/PID/task/*/status) must be at most 5;
#   5. SIGTERM: the panel exits 0 and the screen is again exactly the console it found.
#   6. `switchpanel calibrate` on the freed display, fed five uinput taps on its targets by a
#      touchscreen whose glass matches the screen: the fitted matrix is the identity (±0.01).
#   7. pages (issue 13), a second panel on a two-page board written below (pages_board), each
#      touch from a new uinput touchscreen:
#      a. a swipe from a gap turns to page 1 and the screen equals `render --page 1`; every frame
#         of the slide is logged (`--verbose`) with its flip, and the harness prints frames
#         against flips (below);
#      b. a tap on the group switch there sets its members (one of them on page 0): the saved
#         states say so (the group itself is not saved) and the screen equals the render;
#      c. reloaded (SIGHUP) with `screen.blankAfter`, the idle panel blanks and goes home; a tap
#         wakes it without toggling the switch under the finger, and the screen equals
#         `render --page 0` with the saved states;
#      d. reloaded with `homeAfter`, a second swipe's page goes back home by itself (an animated
#         slide, also counted) and the screen equals `render --page 0`;
#      e. a uinput keyboard (keys.devices) moves the focus ring across the pages and toggles.
# It prints the touch-to-glass figures (per frame that carried a touch, and the panel's
# median/worst at exit; under TCG they measure the emulator more than the panel), and for each
# page slide the frames presented against the flips: the flip intervals, the refreshes of the
# mode's rate that passed without a new frame ("skipped"), the vblank counter's steps. Figures,
# not checks: the guest's speed is the emulator's and the machine's load. Why not one
# boot with vm-display-test.sh: a boot costs ~10 s of ~25 s here, and the display probe's VT
# switches and blanking would leave state that these checks then depend on.
#
# Usage: scripts/vm-panel-test.sh [virtio|bochs]   (default: both)
# KEEP_DUMPS=DIR keeps the screendumps (PPM), the host's renders (PNG), a difference picture for
# each mismatch (*-diff.ppm: differing pixels red) and the console logs there.
# SCRATCH_PATH=DIR builds the static switchpanel there (default .build, shared with the other
# vm-*-test scripts). Needs root for apt (qemu-system-x86 linux-image-amd64 busybox-static
# libdrm-dev libevdev-dev python3 fonts-dejavu-core) or those installed.
set -euo pipefail
cd "$(dirname "$0")/.."
root=$PWD
only=${1:-}
work=$(mktemp -d /tmp/vm-panel.XXXXXX)
trap 'rm -rf "$work"' EXIT
scratch=${SCRATCH_PATH:-$root/.build}
board=$root/board-configs/qemu-virtio-gpu.json
# Context switches allowed to the idle panel in 10 s.
idle_limit=5

vm_name=vm-panel-test
# shellcheck source=vm-lib.sh
source scripts/vm-lib.sh
say() { vm_say "$@"; }
now() { date +%s.%N; }
elapsed() { awk -v a="$1" -v b="$(now)" 'BEGIN { printf "%.1f", b - a }'; }

# --- packages, binary, the board --------------------------------------------------------------
vm_require_packages qemu-system-x86 linux-image-amd64 busybox-static libdrm-dev libevdev-dev python3 \
    fonts-dejavu-core
vm_find_kernel
started=$(now)
vm_build_static_switchpanel "$scratch" "$work/build.log"
binary=$vm_binary
say "static build: $(elapsed "$started") s"
# The host's renders come from this same binary: the same code path as the guest's panel.
"$binary" check-config "$board" >"$work/layout.txt" || { cat "$work/layout.txt"; say "$board is not valid"; exit 1; }
font=$(sed -n 's/.*"font": *"\(\/[^"]*\)".*/\1/p' "$board")
[ -z "$font" ] || [ -r "$font" ] || { say "the board's font $font is missing (apt install fonts-dejavu-core)"; exit 1; }

# centre ID [LAYOUT]: the centre of switch ID's frame ("switch a: 51x31 at 341,40.5  label ...")
# in check-config's output LAYOUT (default: the board's).
centre() {
    awk -v id="$1" '$1 == "switch" && $2 == id ":" {
        split($3, size, "x"); split($5, at, ",")
        printf "%s %s\n", at[1] + size[1] / 2, at[2] + size[2] / 2; found = 1 }
        END { exit !found }' "${2:-$work/layout.txt}"
}
screen=$(sed -n 's/^screen \([0-9]*\)x\([0-9]*\)$/\1 \2/p' "$work/layout.txt")
read -r width height <<<"$screen"
at=$(centre a) || { say "no switch a in $board"; exit 1; }
read -r ax ay <<<"$at"
at=$(centre b) || { say "no switch b in $board"; exit 1; }
read -r bx by <<<"$at"
# A raw value v lands at pixel (v + 1/2) · size / units (TouchCalibration): the unit whose cell
# holds the centre. The virtio tablet's axes are 0..32767; the uinput touchscreen's 0..4095.
raw() { awk -v p="$1" -v size="$2" -v units="$3" 'BEGIN { v = int(p * units / size); if (v >= units) v = units - 1; print v }'; }
tablet_x=$(raw "$ax" "$width" 32768)
tablet_y=$(raw "$ay" "$height" 32768)
touch_x=$(raw "$bx" "$width" 4096)
touch_y=$(raw "$by" "$height" 4096)
say "switch a at $ax,$ay: tablet $tablet_x,$tablet_y; switch b at $bx,$by: touchscreen $touch_x,$touch_y"

# The pages board (issue 13): two pages, and on the second a group ("all" mode) whose members
# are on both pages; hall starts on, so the group starts mixed (thumb halfway). $1 goes in at the
# top level: the guest reloads the board (SIGHUP) with blanking, then with going home after idle.
pages_board() {
    local font_entry=""
    [ -z "$font" ] || font_entry=", \"font\": \"$font\""
    cat <<EOF
{
  "version": 1,
  "name": "QEMU pages test board (written by vm-panel-test.sh)",$1
  "display": { "connector": "Virtual-1", "mode": "800x480", "format": "XRGB8888" },
  "touch": { "devices": [] },
  "theme": { "preset": "ios"$font_entry },
  "layout": { "columns": 2, "rowHeight": 64, "gap": 16, "margin": 24 },
  "pages": [
    { "title": "Downstairs", "switches": [
      { "id": "porch", "label": "Porch", "actions": [{ "print": true }] },
      { "id": "hall", "label": "Hall", "initial": true, "actions": [{ "print": true }] } ] },
    { "title": "Upstairs", "switches": [
      { "id": "bed", "label": "Bedroom", "actions": [{ "print": true }] },
      { "id": "lights", "label": "All lights", "group": ["porch", "hall", "bed"], "mode": "all" } ] }
  ]
}
EOF
}
# Blanking after 3 idle seconds: long enough that the woken screen is dumped before it blanks
# again (the guest checks that it did not), short for CI. Home after 1 idle second.
blank_after=3
home_after=1
pages=$work/pages.json
pages_board "" >"$pages"
"$binary" check-config "$pages" >"$work/pages-layout.txt" || { cat "$work/pages-layout.txt"; say "the pages board is not valid"; exit 1; }
at=$(centre lights "$work/pages-layout.txt") || { say "no switch lights on the pages board"; exit 1; }
read -r lx ly <<<"$at"
at=$(centre porch "$work/pages-layout.txt") || { say "no switch porch on the pages board"; exit 1; }
read -r px py <<<"$at"
# The swipe: from (600, 300) to (200, 300), in a gap on either page (below every switch, above
# the dots), 50 % of the width in 0.25 s.
swipe_y=300
awk -v y=$swipe_y '$1 == "switch" { split($3, size, "x"); split($5, at, ","); if (at[2] + size[2] + 20 > y) bad = 1 }
    END { exit bad }' "$work/pages-layout.txt" || { say "the swipe at y $swipe_y would start on a switch"; exit 1; }

# The touchscreen (vm_touchscreen_header); $1 says what the recording plays.
touchscreen_header() { vm_touchscreen_header "$binary" "$1"; }
# One tap of 60 ms at raw $1, $2 (on the switch named $3).
tap_recording() { vm_tap_recording "$binary" "$@"; }

# One finger from raw x $1 to $2 at raw y $3 in 0.25 s: a report every 10 ms, then the lift.
swipe_recording() {
    touchscreen_header "one MT-B swipe from $1,$3 to $2,$3 (raw units) in 0.25 s, from a gap"
    local k x t
    for k in $(seq 0 25); do
        x=$(($1 + ($2 - $1) * k / 25))
        t=$(printf '0.%06d' $((k * 10000)))
        if ((k == 0)); then
            printf 'E: %s 0003 002f 0000\nE: %s 0003 0039 0001\n' "$t" "$t"
        fi
        printf 'E: %s 0003 0035 %04d\nE: %s 0003 0036 %04d\n' "$t" "$x" "$t" "$3"
        if ((k == 0)); then printf 'E: %s 0001 014a 0001\n' "$t"; fi
        printf 'E: %s 0003 0000 %04d\nE: %s 0003 0001 %04d\nE: %s 0000 0000 0000\n' "$t" "$x" "$t" "$3" "$t"
    done
    printf 'E: 0.260000 0003 0039 -001\nE: 0.260000 0001 014a 0000\nE: 0.260000 0000 0000 0000\n'
}

# --- the initramfs ----------------------------------------------------------------------------
rootfs=$work/rootfs
vm_make_rootfs "$rootfs" virtio_pci virtio-gpu bochs virtio_input evdev uinput
cp "$board" "$rootfs/board.json"
if [ -n "$font" ]; then mkdir -p "$rootfs$(dirname "$font")" && cp "$font" "$rootfs$font"; fi
tap_recording "$touch_x" "$touch_y" b >"$rootfs/tap-b.events"
# The same finger going down on b and staying there: the device is destroyed when the recording
# ends (`inject` exits), an unplug mid-touch, which must cancel the contact, not toggle b.
sed '/^E: 0.060000/d' "$rootfs/tap-b.events" >"$rootfs/press-b.events"
# `switchpanel calibrate`'s five targets (corners inset by 10 % and the centre of 800x480), one
# tap each, 0.4 s apart, in raw units: a panel whose glass matches its screen, so the fitted
# matrix must come out as the identity.
{
    touchscreen_header "calibrate's five targets, one tap each"
    t=0
    for target in "80 48" "720 48" "720 432" "80 432" "400 240"; do
        read -r px py <<<"$target"
        x=$(raw "$px" "$width" 4096); y=$(raw "$py" "$height" 4096)
        printf 'E: %d.000000 0003 002f 0000\nE: %d.000000 0003 0039 %04d\n' $t $t $((t + 10))
        printf 'E: %d.000000 0003 0035 %04d\nE: %d.000000 0003 0036 %04d\n' $t "$x" $t "$y"
        printf 'E: %d.000000 0001 014a 0001\nE: %d.000000 0000 0000 0000\n' $t $t
        printf 'E: %d.060000 0003 0039 -001\nE: %d.060000 0001 014a 0000\nE: %d.060000 0000 0000 0000\n' $t $t $t
        t=$((t + 1))
    done
} >"$rootfs/calibrate.events"
# 7. The pages board as it starts, and its two reloads; a swipe from a gap, a tap on the group
# switch (page 1) and one on porch (page 0, where the woken panel is).
pages_board "" >"$rootfs/pages.json"
pages_board " \"screen\": { \"blankAfter\": $blank_after }," >"$rootfs/pages-blank.json"
pages_board " \"homeAfter\": $home_after," >"$rootfs/pages-home.json"
# 7e's keyboard: the synthesised AT keyboard recording (Tab, Tab, Enter, Right held with two
# repeats, Enter, Shift+Tab) under a name of its own (the guest has a real "AT Translated Set 2
# keyboard", QEMU's PS/2 one), chosen by that name in the board's keys.devices.
pages_board " \"keys\": { \"devices\": [\"SwitchPanel test keyboard\"] }," >"$rootfs/pages-keys.json"
sed -e 's/^N: .*/N: SwitchPanel test keyboard/' -e 's/^# Input device name: .*/# Input device name: "SwitchPanel test keyboard"/' \
    Tests/PanelRuntimeTests/KeyRecordings/at-keyboard.events >"$rootfs/keys.events"
for f in pages-blank pages-home pages-keys; do
    "$binary" check-config "$rootfs/$f.json" >/dev/null || { say "the board $f is not valid"; exit 1; }
done
swipe_recording "$(raw 600 "$width" 4096)" "$(raw 200 "$width" 4096)" "$(raw $swipe_y "$height" 4096)" >"$rootfs/swipe.events"
tap_recording "$(raw "$lx" "$width" 4096)" "$(raw "$ly" "$height" 4096)" lights >"$rootfs/tap-lights.events"
tap_recording "$(raw "$px" "$width" 4096)" "$(raw "$py" "$height" 4096)" porch >"$rootfs/tap-porch.events"
{
    vm_init_prologue
    cat <<'EOF'
# Requests to the host, each answered with one line once done: "=== DUMP NAME" (a screendump
# named NAME), "=== TAP X Y" (a tap through the virtio tablet at raw X, Y).
dump() { echo "=== DUMP $1"; read -r _; }
tablet_tap() { echo "=== TAP $1 $2"; read -r _; }
# gone: the panel (once started) has exited; give up waiting for it.
pid=
gone() { [ -n "$pid" ] && ! kill -0 $pid 2>/dev/null; }
# Waits end at a deadline in the guest's own time (/proc/uptime), not after a count of tries:
# under TCG a try (a grep and a sleep) takes far longer than its sleep, and a wait that ran on
# for minutes in silence left the host's read and QEMU's timeout to kill the guest before it
# printed what went wrong. A failed wait now fails its step in `wait_limit` seconds and the guest
# goes on to print its logs.
wait_limit=30
uptime() { cut -d' ' -f1 /proc/uptime; }
# lines FILE: its length, the mark for waits on what comes after it.
lines() { wc -l < "$1" 2>/dev/null || echo 0; }
# since FILE N TEXT...: each TEXT (a plain string) on a line of FILE after line N, in order, each
# after the last. Lines come again (a device node reused after a removal, a page shown twice), so
# N is the file's length before the action waited for.
since() {
    f=$1; n=$2; shift 2
    for text in "$@"; do
        n=$(tail -n +$((n + 1)) "$f" 2>/dev/null | grep -nF -m1 -- "$text" | awk -F: -v n=$n '{ print n + $1 }')
        [ -n "$n" ] || return 1
    done
}
# waitsince FILE N TEXT...: until `since FILE N TEXT...` holds, the panel (once started) exits,
# or wait_limit seconds pass; returns whether it holds.
waitsince() {
    deadline=$(awk -v u="$(uptime)" -v l=$wait_limit 'BEGIN { print u + l }')
    while ! since "$@"; do
        if gone || awk -v u="$(uptime)" -v d=$deadline 'BEGIN { exit !(u > d) }'; then since "$@"; return; fi
        sleep 0.02
    done
}
# waitfor FILE TEXT...: the same from the file's first line.
waitfor() { f=$1; shift; waitsince "$f" 0 "$@"; }
# fail: a step failed; the last lines of the running panel's log come with it (a guest stopped
# by its timeout later still has them on the console).
panel_log=/tmp/panel.log
fail() { echo "=== FAIL $*"; tail -n 15 "$panel_log" 2>/dev/null | sed 's/^/=== LOG /'; }
section() { echo "=== BEGIN $1"; cat "$2" 2>&1; echo "=== END $1"; }
ctxt() { cat /proc/$1/task/*/status 2>/dev/null | awk '/^(non)?voluntary_ctxt_switches:/ { s += $2 } END { print s + 0 }'; }
i=0; while [ ! -e /dev/dri/card0 ]; do i=$((i+1)); [ $i -gt 500 ] && break; sleep 0.02; done
# A still, recognisable console for the restore check: no blinking cursor, tty1 blue with a line.
echo 0 > /sys/class/graphics/fbcon/cursor_blink 2>/dev/null
printf '\033[?25l\033[44;37m\033[2J\033[H  switchpanel vm-panel-test: the console before the panel\n' > /dev/tty1
echo "=== BEGIN devices"; switchpanel devices 2>&1; echo "=== END devices"
dump console-before

mkdir -p /state
switchpanel run --config /board.json --state-dir /state --socket /tmp/control.sock --verbose \
    >/tmp/panel.out 2>/tmp/panel.log &
pid=$!
if waitfor /tmp/panel.log "first frame on screen" && waitfor /tmp/panel.log "idle after"; then
    dump first
    # 2. The host taps switch a through the virtio tablet.
    mark=$(lines /tmp/panel.log)
    tablet_tap TABLET_X TABLET_Y
    if waitsince /tmp/panel.log $mark "a → on (touch)" "idle after"; then
        section states-a /state/states.json
        dump tap-a
    else
        fail "tap-a: no 'a → on (touch)' followed by 'idle' in the panel's log"
    fi
    # 3. A uinput touchscreen appears (the panel opens it by hot-plug) and taps switch b. The
    # device stays until the panel has read the tap: events still queued when a device goes away
    # are lost (evdev's read answers ENODEV), and a lift lost that way cancels the contact.
    mark=$(lines /tmp/panel.log)
    switchpanel inject /tap-b.events --start-after /tmp/go-b --end-after /tmp/end-b >/tmp/inject.log 2>&1 &
    ipid=$!
    if waitfor /tmp/inject.log created && node=$(sed -n 's/^created \([^ ]*\) .*/\1/p' /tmp/inject.log) \
        && waitsince /tmp/panel.log $mark "touch: $node \"SwitchPanel test touchscreen\""; then
        mark=$(lines /tmp/panel.log)
        touch /tmp/go-b
        if waitsince /tmp/panel.log $mark "b → off (touch)" "idle after"; then
            section states-b /state/states.json
            dump tap-b
            echo "=== BEGIN ctl"; for id in a b; do switchpanel ctl --socket /tmp/control.sock get $id 2>&1; done; echo "=== END ctl"
        else
            fail "tap-b: no 'b → off (touch)' followed by 'idle' in the panel's log"
        fi
        touch /tmp/end-b
        wait $ipid
        waitsince /tmp/panel.log $mark "touch: $node removed" || fail "idle: the panel did not see $node go away"
    else
        fail "tap-b: the panel did not open the uinput touchscreen"
        touch /tmp/end-b /tmp/go-b; wait $ipid
    fi
    section inject /tmp/inject.log
    # 3b. Unplugged mid-touch: a finger down on b when its device goes away. The contact is
    # cancelled: b stays off, and the press highlight is gone again. The new device may get the
    # node the last one had: waits look only at the lines after a mark.
    mark=$(lines /tmp/panel.log)
    switchpanel inject /press-b.events --start-after /tmp/go-u --end-after /tmp/end-u >/tmp/inject-u.log 2>&1 &
    ipid=$!
    if waitfor /tmp/inject-u.log created; then
        unode=$(sed -n 's/^created \([^ ]*\) .*/\1/p' /tmp/inject-u.log)
        waitsince /tmp/panel.log $mark "touch: $unode " || fail "unplug: the panel did not open $unode"
        mark=$(lines /tmp/panel.log)
        touch /tmp/go-u
        # The press is on screen (its stretch animation done) before the device goes away.
        waitsince /tmp/panel.log $mark "idle after" || fail "unplug: the press on b was not drawn"
        mark=$(lines /tmp/panel.log)
        touch /tmp/end-u
        wait $ipid
        if waitsince /tmp/panel.log $mark "touch: $unode removed" "idle after"; then
            section states-unplug /state/states.json
            dump unplug-b
        else
            fail "unplug: no '$unode removed' followed by 'idle' in the panel's log"
        fi
    else
        fail "unplug: inject did not create its device"
        touch /tmp/end-u /tmp/go-u; wait $ipid
    fi
    section inject-u /tmp/inject-u.log
    # 4. Idle: nothing to draw, no input, no client; count the panel's context switches.
    sleep 1
    threads=$(ls /proc/$pid/task | wc -l)
    c0=$(ctxt $pid); t0=$(cut -d' ' -f1 /proc/uptime)
    sleep 10
    c1=$(ctxt $pid); t1=$(cut -d' ' -f1 /proc/uptime)
    echo "=== IDLE $((c1 - c0)) $t0 $t1 $threads"
    for t in /proc/$pid/task/*; do
        echo "=== THREAD $(cat $t/comm): $(awk '/ctxt_switches/ { printf "%s %s  ", $1, $2 }' $t/status)"
    done
else
    fail "start: no 'first frame on screen' and 'idle' in the panel's log"
fi
# 5. SIGTERM: the panel restores the CRTC and exits 0.
kill -TERM $pid
wait $pid
echo "=== EXIT panel $?"
dump after
# 6. switchpanel calibrate on the free display: five taps from a uinput touchscreen.
pid=  # the panel is gone: waits no longer stop on that
switchpanel inject /calibrate.events --start-after /tmp/go-c --end-after /tmp/end-c >/tmp/inject-c.log 2>&1 &
ipid=$!
if waitfor /tmp/inject-c.log created; then
    switchpanel calibrate --config /board.json --device "SwitchPanel test touchscreen" >/tmp/calibrate.out 2>&1 &
    cpid=$!
    waitfor /tmp/calibrate.out "touch each target" || fail "calibrate: it did not start"
    touch /tmp/go-c
    wait $cpid
    echo "=== EXIT calibrate $?"
    touch /tmp/end-c
    wait $ipid
else
    fail "calibrate: inject did not create its device"
    kill $ipid 2>/dev/null
fi
section calibrate /tmp/calibrate.out

# 7. Pages: a second panel, on the two-page board, with its own states; every touch comes from a
# new uinput touchscreen (play). A device node may be reused after a removal, and the same log
# lines come again, so waits look only at the lines after a mark (the log's length before).
# play NAME RECORDING TEXT...: a new uinput touchscreen plays RECORDING once the panel has opened
# it, and is removed once the panel logged each TEXT (in order: what shows the recording was read
# to its end; see step 3); returns whether it did. Sets mark: the log's length before the touches.
play() {
    name=$1 recording=$2
    shift 2
    m=$(lines /tmp/pages.log)
    switchpanel inject "$recording" --start-after /tmp/go-$name --end-after /tmp/end-$name >/tmp/inject-$name.log 2>&1 &
    ipid=$!
    if ! waitfor /tmp/inject-$name.log created; then fail "$name: inject did not create its device"; kill $ipid 2>/dev/null; return 1; fi
    node=$(sed -n 's/^created \([^ ]*\) .*/\1/p' /tmp/inject-$name.log)
    if ! waitsince /tmp/pages.log $m "touch: $node "; then fail "$name: the panel did not open $node"; kill $ipid 2>/dev/null; return 1; fi
    mark=$(lines /tmp/pages.log)
    touch /tmp/go-$name
    waitsince /tmp/pages.log $mark "$@"
    seen=$?
    touch /tmp/end-$name
    wait $ipid
    waitsince /tmp/pages.log $mark "touch: $node removed" || fail "$name: the panel did not see $node go away"
    return $seen
}
# reload BOARD: the panel re-reads BOARD (SIGHUP); returns once it did. Sets mark.
reload() {
    cp "$1" /pages-run.json
    mark=$(lines /tmp/pages.log)
    kill -HUP $pid
    waitsince /tmp/pages.log $mark "reloaded " || fail "reload $1: no 'reloaded' in the panel's log"
}
mkdir -p /state-p
cp /pages.json /pages-run.json
panel_log=/tmp/pages.log
switchpanel run --config /pages-run.json --state-dir /state-p --socket /tmp/pages.sock --verbose >/tmp/pages.out 2>/tmp/pages.log &
pid=$!
if waitfor /tmp/pages.log "first frame on screen" && waitfor /tmp/pages.log "idle after"; then
    # 7a. A swipe from a gap: page 1, its slide logged frame by frame.
    if play swipe /swipe.events 'page 1 "Upstairs"' "idle after"; then
        dump pages-swipe
    else
        fail "pages swipe: no 'page 1 \"Upstairs\"' followed by 'idle' in the panel's log"
    fi
    # 7b. A tap on the group: its members on both pages go on.
    if play group /tap-lights.events "lights → on (touch)" "idle after"; then
        section states-group /state-p/states.json
        dump pages-group
    else
        fail "pages group: no 'lights → on (touch)' followed by 'idle' in the panel's log"
    fi
    # 7c. Blanking: the idle panel blanks on page 1 and goes home; a tap on porch wakes it.
    reload /pages-blank.json
    if waitsince /tmp/pages.log $mark "screen blanked" 'page 0 "Downstairs"'; then
        # (Nothing is logged for the swallowed lift: the device may go before it is read; then
        # the contact is cancelled, which toggles nothing either.)
        if play wake /tap-porch.events "screen on" "idle after"; then
            section states-wake /state-p/states.json
            dump pages-wake
            # The dump shows the woken screen only if it did not blank again before.
            ! since /tmp/pages.log $mark "screen on" "screen blanked" \
                || fail "pages wake: the screen blanked again before its screendump (blankAfter too short here)"
        else
            fail "pages wake: no 'screen on' followed by 'idle' after the tap on the blank screen"
        fi
    else
        fail "pages blank: no 'screen blanked' followed by 'page 0' in the panel's log"
    fi
    # 7d. Going home after idle: a second swipe to page 1, and back by itself.
    reload /pages-home.json
    if play home /swipe.events 'page 1 "Upstairs"' && waitsince /tmp/pages.log $mark 'page 1 "Upstairs"' 'page 0 "Downstairs"' "idle after"; then
        dump pages-home
    else
        fail "pages home: no 'page 1' then 'page 0' followed by 'idle' in the panel's log"
    fi
    # 7e. A uinput keyboard moves the focus and toggles: on page 0 (home), Tab shows the ring on
    # porch, Tab moves it to hall, Enter turns hall off; Right and its two repeats move it past
    # the page's edge to bed (page 1, which slides in), on to the group and no further (the
    # board's end), whose Enter turns every member on again.
    reload /pages-keys.json
    m=$(lines /tmp/pages.log)
    switchpanel inject /keys.events --start-after /tmp/go-keys --end-after /tmp/end-keys >/tmp/inject-keys.log 2>&1 &
    ipid=$!
    if waitfor /tmp/inject-keys.log created; then
        node=$(sed -n 's/^created \([^ ]*\) .*/\1/p' /tmp/inject-keys.log)
        if waitsince /tmp/pages.log $m "keys: $node "; then
            mark=$(lines /tmp/pages.log)
            touch /tmp/go-keys
            if waitsince /tmp/pages.log $mark "hall → off (key)" 'page 1 "Upstairs"' "lights → on (key)" "idle after"; then
                section states-keys /state-p/states.json
            else
                fail "pages keys: no 'hall → off (key)', 'page 1', 'lights → on (key)' and 'idle' in the panel's log"
            fi
        else
            fail "pages keys: the panel did not open the keyboard $node"
        fi
    else
        fail "pages keys: inject did not create its device"
    fi
    # (go too: inject waits for it before anything else, and would never end.)
    touch /tmp/go-keys /tmp/end-keys
    wait $ipid
    section inject-keys /tmp/inject-keys.log
else
    fail "pages: no 'first frame on screen' and 'idle' in the panel's log"
fi
kill -TERM $pid
wait $pid
echo "=== EXIT pages $?"
section panel-log /tmp/panel.log
section panel-out /tmp/panel.out
section pages-log /tmp/pages.log
section pages-out /tmp/pages.out
echo "=== DONE"
poweroff -f
EOF
} | sed -e "s/TABLET_X TABLET_Y/$tablet_x $tablet_y/" >"$rootfs/init"
chmod +x "$rootfs/init"
vm_pack_initramfs "$rootfs" "$work/initramfs.cpio.gz"
vm_qemu_command "$work/initramfs.cpio.gz"

failures=0
fail() { say "FAIL $*"; failures=$((failures + 1)); }
pass() { say "ok   $*"; }
keep() { if [ -n "${KEEP_DUMPS:-}" ]; then mkdir -p "$KEEP_DUMPS" && cp "$@" "$KEEP_DUMPS/"; fi; }

# Runs the guest with display device $2 (named $1), answering its requests; each request's time
# goes to DRIVER-times.log (the timeline below).
run_guest() {
    local driver=$1 device=$2 log=$work/$1-console.log booted
    booted=$(now)
    vm_guest_label=$driver
    vm_guest_line() {
        [[ $1 != "=== "* ]] || printf '%6s s  %s\n' "$(elapsed "$booted")" "$1" >>"$work/$driver-times.log"
        return 1
    }
    vm_guest_loop "$work/$driver-" "$log" 100 "=== DONE" \
        timeout 300 "${vm_qemu[@]}" -vga none -device "$device" -device virtio-tablet-pci -display none
    say "$driver: guest ran $vm_guest_seconds s (boot, panel, two taps, 10 s idle, calibrate, pages, $(grep -c '^=== DUMP' "$log") screendumps)"
    say "$driver: timeline (s after QEMU started): $(awk '$3 == "===" && $4 ~ /^(DUMP|TAP|IDLE|EXIT|DONE)$/ {
        printf "%s%s %s", sep, tolower($4) ($4 == "DUMP" ? " " $5 : ""), $1; sep = ", " }' "$work/$driver-times.log")"
    grep -q '^=== DONE' "$log" || {
        grep -E '^=== (FAIL|LOG) ' "$log" >&2 || true
        tail -40 "$log" >&2
        keep "$log"
        fail "$driver: the guest did not finish"
        return 1
    }
}

section() { sed -n "/^=== BEGIN $2\$/,/^=== END $2\$/p" "$1" | sed '1d;$d'; }

# same DRIVER WHAT DUMP EXPECTED: the screendump DUMP must equal EXPECTED (PNG render or PPM).
same() {
    local driver=$1 what=$2 dump=$work/$1-$3.ppm expected=$4 result
    if [ ! -s "$dump" ]; then
        fail "$driver: $what: no screendump $3"
        return
    fi
    if result=$(vm_compare_images "$expected" "$dump" "$work/$driver-$3-diff.ppm" 2>&1); then
        pass "$driver: $what: $result"
    else
        fail "$driver: $what: $result"
        keep "$dump" "$expected" "$work/$driver-$3-diff.ppm" 2>/dev/null || true
    fi
}

# render_states DRIVER NAME: the host's render with the states the guest saved (section
# states-NAME), into $work/DRIVER-render-NAME.png; checks the state of switch $3 is $4.
render_states() {
    local driver=$1 name=$2 id=$3 want=$4 log=$work/$1-console.log dir=$work/$1-state-$2 states
    mkdir -p "$dir"
    section "$log" "states-$name" >"$dir/states.json"
    states=$(tr -d ' \n' <"$dir/states.json")
    if python3 -c 'import json, sys; sys.exit(json.load(open(sys.argv[1]))["switches"].get(sys.argv[2]) is not (sys.argv[3] == "on"))' \
        "$dir/states.json" "$id" "$want" 2>/dev/null; then
        pass "$driver: after the tap the saved states say $id is $want: $states"
    else
        fail "$driver: after the tap the saved states should say $id is $want: '$states'"
    fi
    "$binary" render --config "$board" --state-dir "$dir" --out "$work/$driver-render-$name.png" >/dev/null \
        || fail "$driver: render --state-dir with the guest's states ($states)"
}

check_guest() {
    local driver=$1 log=$work/$1-console.log panel out n
    panel=$(section "$log" panel-log)
    out=$(section "$log" panel-out)
    sed "s/^/  [$driver panel] /" <<<"$panel" >&2
    while IFS= read -r reason; do fail "$driver: guest: $reason"; done < <(sed -n 's/^=== FAIL //p' "$log")
    grep -q 'display /dev/dri/card0' <<<"$panel" \
        && pass "$driver: $(grep -o 'display /dev/dri/card0.*' <<<"$panel")" \
        || fail "$driver: the panel did not open /dev/dri/card0"
    grep -F 'touch: /dev/input' <<<"$panel" | grep -v removed | sed "s/^switchpanel: /     $driver: /" >&2 || true

    # 1. The first frame, as the host renders the board.
    same "$driver" "the first frame equals the host's render" first "$work/render-first.png"

    # 2. The tablet tap on a.
    if grep -qF 'a → on (touch)' <<<"$panel"; then
        pass "$driver: tablet tap: $(grep -F 'a → on (touch)' <<<"$panel" | sed 's/^switchpanel: //')"
    else
        fail "$driver: tablet tap: no 'a → on (touch)' in the panel's log"
    fi
    grep -qxF '{"id":"a","state":"on"}' <<<"$out" \
        && pass "$driver: tablet tap: the print action wrote {\"id\":\"a\",\"state\":\"on\"}" \
        || fail "$driver: tablet tap: the print action did not write {\"id\":\"a\",\"state\":\"on\"}: '$out'"
    render_states "$driver" a a on
    same "$driver" "after the tablet tap the screen equals the host's render with the saved states" tap-a \
        "$work/$driver-render-a.png"

    # 3. The uinput tap on b.
    if grep -qF 'b → off (touch)' <<<"$panel"; then
        pass "$driver: uinput tap: $(grep -F 'b → off (touch)' <<<"$panel" | sed 's/^switchpanel: //')"
    else
        fail "$driver: uinput tap: no 'b → off (touch)' in the panel's log"
    fi
    grep -qxF '{"id":"b","state":"off"}' <<<"$out" \
        && pass "$driver: uinput tap: the print action wrote {\"id\":\"b\",\"state\":\"off\"}" \
        || fail "$driver: uinput tap: the print action did not write {\"id\":\"b\",\"state\":\"off\"}: '$out'"
    n=$(grep -c '"state"' <<<"$out" || true)
    [ "$n" = 2 ] || fail "$driver: expected 2 print lines (one per tap), got $n: '$out'"
    render_states "$driver" b b off
    grep -q '"a": *true' "$work/$driver-state-b/states.json" || fail "$driver: a is not on any more after the tap on b"
    same "$driver" "after the uinput tap the screen equals the host's render with the saved states" tap-b \
        "$work/$driver-render-b.png"

    # 3b. Unplugged mid-touch: nothing toggled, the screen as at rest.
    n=$(grep -c 'b → ' <<<"$panel" || true)
    [ "$n" = 1 ] && pass "$driver: unplug mid-touch: b did not toggle (one change of b in the log)" \
        || fail "$driver: unplug mid-touch: expected one change of b in the log, got $n"
    render_states "$driver" unplug b off
    same "$driver" "after the unplug mid-touch the screen equals the host's render with the saved states" unplug-b \
        "$work/$driver-render-unplug.png"

    # The control socket agrees.
    local ctl
    ctl=$(section "$log" ctl | tr '\n' ' ')
    [ "$ctl" = "on off " ] && pass "$driver: switchpanel ctl get a, b: $ctl" \
        || fail "$driver: switchpanel ctl get a, b should say 'on off': '$ctl'"

    # Touch-to-glass: one line per touch, and the summary at exit.
    grep -o 'frame [0-9]* (vblank [0-9]*): touch-to-glass.*' <<<"$panel" | sed "s/^/     $driver: /" >&2 || true
    n=$(grep -c 'touch-to-glass [0-9]* ms' <<<"$panel" || true)
    [ "$n" -ge 2 ] && pass "$driver: $n frames carried a touch (touch-to-glass logged)" \
        || fail "$driver: expected touch-to-glass lines for both taps, got $n"

    # 4. Idle cost.
    local idle switches t0 t1 threads
    idle=$(grep '^=== IDLE ' "$log" || true)
    if [ -n "$idle" ]; then
        read -r _ _ switches t0 t1 threads <<<"$idle"
        local span
        span=$(awk -v a="$t0" -v b="$t1" 'BEGIN { printf "%.1f", b - a }')
        grep '^=== THREAD ' "$log" | sed "s/^=== THREAD /     $driver: thread /" >&2 || true
        if ((switches <= idle_limit)); then
            pass "$driver: idle: $switches context switches in $span s of guest time over $threads threads (limit $idle_limit)"
        else
            fail "$driver: idle: $switches context switches in $span s of guest time over $threads threads (limit $idle_limit)"
        fi
        echo "$driver: idle: $switches context switches in $span s ($threads threads)" >>"$work/summary"
    else
        fail "$driver: idle: not measured"
    fi

    # 5. SIGTERM.
    grep -q '^=== EXIT panel 0$' "$log" \
        && pass "$driver: SIGTERM: the panel exited 0" \
        || fail "$driver: SIGTERM: the panel exited with $(sed -n 's/^=== EXIT panel //p' "$log")"
    same "$driver" "after SIGTERM the screen is the console the panel found" after "$work/$driver-console-before.ppm"

    # 6. calibrate: five taps on a panel whose glass matches its screen give the identity.
    local cal matrix
    cal=$(section "$log" calibrate)
    matrix=$(sed -n 's/^"calibration": \[\(.*\)\]$/\1/p' <<<"$cal")
    if grep -q '^=== EXIT calibrate 0$' "$log" && [ -n "$matrix" ] && python3 -c '
import sys
m = [float(v) for v in sys.argv[1].split(",")]
sys.exit(0 if max(abs(a - b) for a, b in zip(m, [1, 0, 0, 0, 1, 0])) < 0.01 else 1)' "$matrix"; then
        pass "$driver: calibrate: five taps fit [$matrix] (the identity within 0.01)"
    else
        fail "$driver: calibrate: expected a matrix within 0.01 of the identity; got: $(tr '\n' ' ' <<<"$cal")"
    fi
    if grep -q 'touch-to-glass over' <<<"$panel"; then
        local summary
        summary=$(grep -o 'touch-to-glass over.*' <<<"$panel" || true)
        pass "$driver: $summary"
        echo "$driver: $summary" >>"$work/summary"
    else
        fail "$driver: no touch-to-glass summary at exit"
    fi
    grep -E '(warning|error):' <<<"$panel" | sed "s/^/     $driver: /" >&2 || true
}

# slide_figures LOG RATE WIDTH: the page slides in the panel's log LOG (`--verbose`: a line per
# frame flipped while the pages slid, the landing one marked), on a display WIDTH pixels wide
# refreshing RATE times a second. Prints one line per slide: its frames, each on its own flip
# (dragged by the finger, settling, landing); over the settle and landing, the flip intervals
# and the refreshes that passed without a new frame ("skipped": an interval of k refreshes
# skips k - 1); the frames that moved the page less than a pixel (a flip of the same picture);
# the vblank counter's steps. Exits non-zero when a slide is malformed: frame numbers not
# consecutive (a frame in the middle not logged as sliding), the page going back, no landing.
slide_figures() {
    python3 - "$@" <<'PY'
import re, statistics, sys
rate, width = float(sys.argv[2]), float(sys.argv[3])
line = re.compile(r"frame (\d+) \(vblank (\d+)\) flipped at ([\d.]+), its paint began (-?[\d.]+) ms before: "
                  r"page at (-?[\d.]+)(?: \((dragged|landed)\))?")
slides, current = [], []
for text in open(sys.argv[1], errors="replace"):
    m = line.search(text)
    if not m:
        continue
    current.append(dict(n=int(m[1]), vblank=int(m[2]), t=float(m[3]), paint=float(m[4]), p=float(m[5]),
                        how=m[6] or "settling"))
    if m[6] == "landed":
        slides.append(current)
        current = []
bad = []
if current:
    slides.append(current)
    bad.append("a slide did not land: %s" % [f["p"] for f in current])
if not slides:
    print("no slide frames logged")
    sys.exit(1)
for k, frames in enumerate(slides, 1):
    settle = [f for f in frames if f["how"] != "dragged"]
    numbers = [f["n"] for f in frames]
    if numbers != list(range(numbers[0], numbers[0] + len(numbers))):
        bad.append("slide %d: frame numbers not consecutive: %s" % (k, numbers))
    steps = [b["p"] - a["p"] for a, b in zip(frames, frames[1:])]
    if not (all(d >= 0 for d in steps) or all(d <= 0 for d in steps)):
        bad.append("slide %d: the page went back: %s" % (k, [f["p"] for f in frames]))
    repeats = sum(round(a["p"] * width) == round(b["p"] * width) for a, b in zip(frames, frames[1:]))
    gaps = [(b["t"] - a["t"]) * 1000 for a, b in zip(settle, settle[1:])]
    skipped = sum(max(0, round(g * rate / 1000) - 1) for g in gaps)
    vblanks = [b["vblank"] - a["vblank"] for a, b in zip(settle, settle[1:])]
    span = (settle[-1]["t"] - settle[0]["t"]) * 1000
    text = "slide %d to page %g: %d flips, each a new frame (%d dragged, %d settling, 1 landing)" % (
        k, frames[-1]["p"], len(frames), len(frames) - len(settle), len(settle) - 1)
    if gaps:
        text += "; settle to landing %.0f ms: a flip every %.1f ms median, %.1f max; %d of %d refreshes at %g Hz" \
            " without a new frame" % (span, statistics.median(gaps), max(gaps), skipped, len(gaps) + skipped, rate)
    text += "; paint began %.1f ms (median) before its flip, the landing's %.1f" % (
        statistics.median(f["paint"] for f in frames), frames[-1]["paint"])
    text += "; %d moved the page less than a pixel" % repeats
    text += "; vblank counter %s" % ("0 throughout (the driver counts none)" if not any(f["vblank"] for f in frames)
                                      else "steps " + ",".join(str(v) for v in vblanks))
    print(text)
for b in bad:
    print("FAIL " + b)
sys.exit(1 if bad else 0)
PY
}

# members_saved_on STATES: whether the saved states (states.json) have every member of the
# group on — porch, hall, bed — and no state of the group itself (it is derived, never saved).
members_saved_on() {
    python3 -c 'import json, sys
s = json.load(open(sys.argv[1]))["switches"]
sys.exit(not (s.get("porch") is s.get("hall") is s.get("bed") is True and "lights" not in s))' "$1" 2>/dev/null
}

# check_pages DRIVER: the pages panel's checks (step 7).
check_pages() {
    local driver=$1 log=$work/$1-console.log panel out dir figures rate
    panel=$(section "$log" pages-log)
    out=$(section "$log" pages-out)
    sed "s/^/  [$driver pages] /" <<<"$panel" >&2
    # 7a. The swipe.
    grep -qF 'page 1 "Upstairs"' <<<"$panel" && pass "$driver: pages: the swipe from a gap turned to page 1" \
        || fail "$driver: pages: the swipe did not turn to page 1"
    same "$driver" "after the swipe the screen equals render --page 1" pages-swipe "$work/render-pages-1.png"
    rate=$(grep -o 'display /dev/dri/card0 .*' <<<"$panel" | sed -n 's/.* [0-9]*x[0-9]*@\([0-9]*\) .*/\1/p' || true)
    printf '%s\n' "$panel" >"$work/$driver-pages.log"
    if figures=$(slide_figures "$work/$driver-pages.log" "${rate:-60}" "$width"); then
        pass "$driver: pages: $(grep -c '^slide' <<<"$figures") slides logged frame by frame, each landing on its page"
    else
        fail "$driver: pages: slide frames: $(grep '^FAIL\|^no ' <<<"$figures" | tr '\n' ' ')"
    fi
    grep -v '^FAIL' <<<"$figures" | sed "s/^/     $driver: /" >&2
    grep '^slide' <<<"$figures" | sed "s/^/$driver: /" >>"$work/summary" || true

    # 7b. The group: every member on (porch on page 0 too), the group itself not saved.
    dir=$work/$driver-state-group
    mkdir -p "$dir"
    section "$log" states-group >"$dir/states.json"
    if members_saved_on "$dir/states.json"; then
        pass "$driver: pages: the tap on the group set its members; saved: $(tr -d ' \n' <"$dir/states.json")"
    else
        fail "$driver: pages: after the tap on the group the saved states should have porch, hall, bed on and no lights: '$(tr -d ' \n' <"$dir/states.json")'"
    fi
    local changes
    changes=$(grep -o '[a-z]* → on (touch)' <<<"$panel" | sort | tr '\n' ' ' || true)
    [ "$changes" = "bed → on (touch) lights → on (touch) porch → on (touch) " ] \
        && pass "$driver: pages: logged $changes(hall was on already)" \
        || fail "$driver: pages: the changes logged should be bed, lights and porch on (touch): '$changes'"
    [ "$(head -n 2 <<<"$out" | sort | tr -d '\n')" = '{"id":"bed","state":"on"}{"id":"porch","state":"on"}' ] \
        && pass "$driver: pages: the members' print actions ran (porch, bed)" \
        || fail "$driver: pages: the print actions should have written porch and bed on: '$out'"
    "$binary" render --config "$pages" --page 1 --state-dir "$dir" --out "$work/$driver-render-pages-group.png" >/dev/null \
        || fail "$driver: pages: render --page 1 --state-dir with the guest's states"
    same "$driver" "after the tap on the group the screen equals render --page 1 with the saved states" pages-group \
        "$work/$driver-render-pages-group.png"

    # 7c. Blank, home, and the waking tap toggles nothing.
    awk '/screen blanked/ { b = 1 } b && /page 0 "Downstairs"/ { h = 1 } h && /screen on/ { found = 1 } END { exit !found }' <<<"$panel" \
        && pass "$driver: pages: idle blanked the screen on page 1, the panel went home, a tap woke it" \
        || fail "$driver: pages: expected 'screen blanked', 'page 0', 'screen on' in the log"
    [ "$(grep -c ' → .*(touch)' <<<"$panel")" = 3 ] && pass "$driver: pages: the waking tap on porch toggled nothing" \
        || fail "$driver: pages: the waking tap changed a switch: $(grep ' → .*(touch)' <<<"$panel" | tr '\n' ' ')"
    dir=$work/$driver-state-wake
    mkdir -p "$dir"
    section "$log" states-wake >"$dir/states.json"
    cmp -s "$dir/states.json" "$work/$driver-state-group/states.json" \
        && pass "$driver: pages: the saved states did not change on waking" \
        || fail "$driver: pages: the saved states changed on waking: '$(tr -d ' \n' <"$dir/states.json")'"
    "$binary" render --config "$pages" --page 0 --state-dir "$dir" --out "$work/$driver-render-pages-home.png" >/dev/null \
        || fail "$driver: pages: render --page 0 --state-dir with the guest's states"
    same "$driver" "the woken screen equals render --page 0 (home) with the saved states" pages-wake \
        "$work/$driver-render-pages-home.png"

    # 7d. Home after idle.
    same "$driver" "after homeAfter the screen equals render --page 0 with the saved states" pages-home \
        "$work/$driver-render-pages-home.png"
    # 7e. The keyboard: hall off by Tab, Tab, Enter (and with it the "all" group's look, off);
    # then the group on page 1 by Right (held) and Enter, every member on again; the slide to
    # page 1 logged.
    local keyed
    keyed=$(grep -o '[a-z]* → o[nf]* (key)' <<<"$panel" | tr '\n' ' ' || true)
    [ "$keyed" = "hall → off (key) lights → off (key) hall → on (key) lights → on (key) " ] \
        && pass "$driver: pages: a uinput keyboard moved the focus and toggled: $keyed" \
        || { fail "$driver: pages: the keyboard's changes should be hall off (the group with it), then hall and lights on (key): '$keyed'"
            section "$log" inject-keys | sed "s/^/     $driver inject-keys: /" >&2; }
    dir=$work/$driver-state-keys
    mkdir -p "$dir"
    section "$log" states-keys >"$dir/states.json"
    if members_saved_on "$dir/states.json"; then
        pass "$driver: pages: after the keys every member is saved on: $(tr -d ' \n' <"$dir/states.json")"
    else
        fail "$driver: pages: after the keys the saved states should have porch, hall, bed on: '$(tr -d ' \n' <"$dir/states.json")'"
    fi
    grep -q '^=== EXIT pages 0$' "$log" && pass "$driver: pages: SIGTERM: the panel exited 0" \
        || fail "$driver: pages: the panel exited with $(sed -n 's/^=== EXIT pages //p' "$log")"
    grep -E '(warning|error):' <<<"$panel" | sed "s/^/     $driver pages: /" >&2 || true
}

"$binary" render --config "$board" --out "$work/render-first.png" >/dev/null
"$binary" render --config "$pages" --page 1 --out "$work/render-pages-1.png" >/dev/null
for guest in "virtio|virtio-gpu-pci,xres=800,yres=480" "bochs|bochs-display,xres=800,yres=480"; do
    driver=${guest%%|*}
    [ -z "$only" ] || [ "$only" = "$driver" ] || continue
    say "booting $vm_kver under TCG with $driver and a virtio tablet"
    if run_guest "$driver" "${guest#*|}"; then
        check_guest "$driver"
        check_pages "$driver"
    fi
    keep "$work/$driver-console.log" "$work/$driver"-*.ppm "$work/render-first.png" 2>/dev/null || true
    keep "$work/$driver"-render-*.png "$work/render-pages-1.png" 2>/dev/null || true
done
if [ -s "$work/summary" ]; then sed "s/^/$vm_name: /" "$work/summary" >&2; fi
say "total $(elapsed "$started") s"
((failures == 0)) || { say "$failures checks failed"; exit 1; }
say "all checks passed"
