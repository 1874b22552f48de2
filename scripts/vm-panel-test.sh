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
# It prints the touch-to-glass figures (per frame that carried a touch, and the panel's
# median/worst at exit; under TCG they measure the emulator more than the panel). Why not one
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

# centre ID: the centre of switch ID's frame ("switch a: 51x31 at 341,40.5  label ...").
centre() {
    awk -v id="$1" '$1 == "switch" && $2 == id ":" {
        split($3, size, "x"); split($5, at, ",")
        printf "%s %s\n", at[1] + size[1] / 2, at[2] + size[2] / 2; found = 1 }
        END { exit !found }' "$work/layout.txt"
}
screen=$(sed -n 's/^screen \([0-9]*\)x\([0-9]*\)$/\1 \2/p' "$work/layout.txt")
read -r width height <<<"$screen"
read -r ax ay <<<"$(centre a)" || { say "no switch a in $board"; exit 1; }
read -r bx by <<<"$(centre b)" || { say "no switch b in $board"; exit 1; }
# A raw value v lands at pixel (v + 1/2) · size / units (TouchCalibration): the unit whose cell
# holds the centre. The virtio tablet's axes are 0..32767; the uinput touchscreen's 0..4095.
raw() { awk -v p="$1" -v size="$2" -v units="$3" 'BEGIN { v = int(p * units / size); if (v >= units) v = units - 1; print v }'; }
tablet_x=$(raw "$ax" "$width" 32768)
tablet_y=$(raw "$ay" "$height" 32768)
touch_x=$(raw "$bx" "$width" 4096)
touch_y=$(raw "$by" "$height" 4096)
say "switch a at $ax,$ay: tablet $tablet_x,$tablet_y; switch b at $bx,$by: touchscreen $touch_x,$touch_y"

# The touchscreen: a direct MT-B device (slots, tracking ids, BTN_TOUCH, ABS_X/Y as well) with
# 4096 units per axis, and one tap of 60 ms.
tap_recording() {
    cat <<EOF
# EVEMU 1.3
# Written by vm-panel-test.sh: one MT-B tap at $1,$2 (raw units), the centre of switch b.
N: SwitchPanel test touchscreen
I: 0003 1d50 6150 0001
P: 02 00 00 00 00 00 00 00
B: 00 0b 00 00 00 00 00 00 00
B: 01 00 00 00 00 00 00 00 00
B: 01 00 00 00 00 00 00 00 00
B: 01 00 00 00 00 00 00 00 00
B: 01 00 00 00 00 00 00 00 00
B: 01 00 00 00 00 00 00 00 00
B: 01 00 04 00 00 00 00 00 00
B: 01 00 00 00 00 00 00 00 00
B: 01 00 00 00 00 00 00 00 00
B: 01 00 00 00 00 00 00 00 00
B: 01 00 00 00 00 00 00 00 00
B: 01 00 00 00 00 00 00 00 00
B: 01 00 00 00 00 00 00 00 00
B: 02 00 00 00 00 00 00 00 00
B: 03 03 00 00 00 00 80 60 02
B: 04 00 00 00 00 00 00 00 00
B: 05 00 00 00 00 00 00 00 00
B: 11 00 00 00 00 00 00 00 00
B: 12 00 00 00 00 00 00 00 00
B: 14 00 00 00 00 00 00 00 00
B: 15 00 00 00 00 00 00 00 00
B: 15 00 00 00 00 00 00 00 00
A: 00 0 4095 0 0 0
A: 01 0 4095 0 0 0
A: 2f 0 9 0 0 0
A: 35 0 4095 0 0 0
A: 36 0 4095 0 0 0
A: 39 0 65535 0 0 0
E: 0.000000 0003 002f 0000
E: 0.000000 0003 0039 0001
E: 0.000000 0003 0035 $(printf %04d "$1")
E: 0.000000 0003 0036 $(printf %04d "$2")
E: 0.000000 0001 014a 0001
E: 0.000000 0003 0000 $(printf %04d "$1")
E: 0.000000 0003 0001 $(printf %04d "$2")
E: 0.000000 0000 0000 0000
E: 0.060000 0003 0039 -001
E: 0.060000 0001 014a 0000
E: 0.060000 0000 0000 0000
EOF
}

# --- the initramfs ----------------------------------------------------------------------------
rootfs=$work/rootfs
vm_make_rootfs "$rootfs" virtio_pci virtio-gpu bochs virtio_input evdev uinput
cp "$board" "$rootfs/board.json"
if [ -n "$font" ]; then mkdir -p "$rootfs$(dirname "$font")" && cp "$font" "$rootfs$font"; fi
tap_recording "$touch_x" "$touch_y" >"$rootfs/tap-b.events"
# The same finger going down on b and staying there: the device is destroyed when the recording
# ends (`inject` exits), an unplug mid-touch, which must cancel the contact, not toggle b.
sed '/^E: 0.060000/d' "$rootfs/tap-b.events" >"$rootfs/press-b.events"
# `switchpanel calibrate`'s five targets (corners inset by 10 % and the centre of 800x480), one
# tap each, 0.4 s apart, in raw units: a panel whose glass matches its screen, so the fitted
# matrix must come out as the identity.
{
    grep -v '^E:' "$rootfs/tap-b.events"
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
# waitfor FILE TEXT: until FILE has a line containing TEXT (60 s at most).
waitfor() {
    i=0
    while ! grep -qF "$2" "$1" 2>/dev/null; do
        i=$((i+1)); if [ $i -gt 3000 ] || gone; then grep -qF "$2" "$1" 2>/dev/null; return; fi; sleep 0.02
    done
}
# waitafter FILE MARK TEXT: until a line containing TEXT follows the first line matching MARK.
# (Plain strings, not patterns: device paths have slashes.)
after() { awk -v m="$2" -v t="$3" 'index($0, m) { f = 1 } f && index($0, t) { found = 1; exit } END { exit !found }' "$1" 2>/dev/null; }
waitafter() {
    i=0
    while ! after "$@"; do i=$((i+1)); if [ $i -gt 3000 ] || gone; then after "$@"; return; fi; sleep 0.02; done
}
fail() { echo "=== FAIL $*"; }
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
    tablet_tap TABLET_X TABLET_Y
    if waitfor /tmp/panel.log "a → on (touch)" && waitafter /tmp/panel.log "a → on (touch)" "idle after"; then
        section states-a /state/states.json
        dump tap-a
    else
        fail "tap-a: no 'a → on (touch)' followed by 'idle' in the panel's log"
    fi
    # 3. A uinput touchscreen appears (the panel opens it by hot-plug) and taps switch b.
    switchpanel inject /tap-b.events --start-after /tmp/go-b >/tmp/inject.log 2>&1 &
    ipid=$!
    if waitfor /tmp/inject.log created && waitfor /tmp/panel.log '"SwitchPanel test touchscreen"'; then
        node=$(sed -n 's/^created \([^ ]*\) .*/\1/p' /tmp/inject.log)
        touch /tmp/go-b
        if waitfor /tmp/panel.log "b → off (touch)" && waitafter /tmp/panel.log "b → off (touch)" "idle after"; then
            section states-b /state/states.json
            dump tap-b
            echo "=== BEGIN ctl"; for id in a b; do switchpanel ctl --socket /tmp/control.sock get $id 2>&1; done; echo "=== END ctl"
        else
            fail "tap-b: no 'b → off (touch)' followed by 'idle' in the panel's log"
        fi
        wait $ipid
        waitfor /tmp/panel.log "$node removed" || fail "idle: the panel did not see $node go away"
    else
        fail "tap-b: the panel did not open the uinput touchscreen"
        kill $ipid 2>/dev/null
    fi
    section inject /tmp/inject.log
    # 3b. Unplugged mid-touch: a finger down on b when its device goes away. The contact is
    # cancelled: b stays off, and the press highlight is gone again.
    switchpanel inject /press-b.events --start-after /tmp/go-u --end-after /tmp/end-u >/tmp/inject-u.log 2>&1 &
    ipid=$!
    if waitfor /tmp/inject-u.log created; then
        unode=$(sed -n 's/^created \([^ ]*\) .*/\1/p' /tmp/inject-u.log)
        waitfor /tmp/panel.log "touch: $unode " || fail "unplug: the panel did not open $unode"
        touch /tmp/go-u
        # The press is on screen (its stretch animation done) before the device goes away.
        waitafter /tmp/panel.log "touch: $unode " "idle after" || fail "unplug: the press on b was not drawn"
        touch /tmp/end-u
        wait $ipid
        if waitfor /tmp/panel.log "$unode removed" && waitafter /tmp/panel.log "$unode removed" "idle after"; then
            section states-unplug /state/states.json
            dump unplug-b
        else
            fail "unplug: no '$unode removed' followed by 'idle' in the panel's log"
        fi
    else
        fail "unplug: inject did not create its device"
        kill $ipid 2>/dev/null
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
switchpanel inject /calibrate.events --start-after /tmp/go-c >/tmp/inject-c.log 2>&1 &
ipid=$!
if waitfor /tmp/inject-c.log created; then
    switchpanel calibrate --config /board.json --device "SwitchPanel test touchscreen" >/tmp/calibrate.out 2>&1 &
    cpid=$!
    waitfor /tmp/calibrate.out "touch each target" || fail "calibrate: it did not start"
    touch /tmp/go-c
    wait $ipid
    wait $cpid
    echo "=== EXIT calibrate $?"
else
    fail "calibrate: inject did not create its device"
    kill $ipid 2>/dev/null
fi
section calibrate /tmp/calibrate.out
section panel-log /tmp/panel.log
section panel-out /tmp/panel.out
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

# Runs the guest with display device $2 (named $1), answering its requests.
run_guest() {
    local driver=$1 device=$2 log=$work/$1-console.log line name booted qemu_pid from_guest to_guest x y
    booted=$(now)
    coproc GUEST { timeout 150 "${vm_qemu[@]}" -vga none -device "$device" -device virtio-tablet-pci -display none \
        -qmp "unix:$work/$driver-qmp.sock,server=on,wait=off" 2>&1; }
    # Bash unsets GUEST and GUEST_PID once it reaps the coproc (QEMU may exit before the loop
    # ends): keep the pid and copies of the descriptors.
    qemu_pid=$GUEST_PID
    exec {from_guest}<&"${GUEST[0]}" {to_guest}>&"${GUEST[1]}"
    while IFS= read -r -t 100 line <&"$from_guest"; do
        line=${line%$'\r'}
        printf '%s\n' "$line" >>"$log"
        [[ $line != "=== "* ]] || printf '%6s s  %s\n' "$(elapsed "$booted")" "$line" >>"$work/$driver-times.log"
        case $line in
        "=== DUMP "*)
            name=${line#=== DUMP }
            vm_screendump "$work/$driver-qmp.sock" "$work/$driver-$name.ppm" || fail "$driver: screendump $name"
            printf 'ok\n' >&"$to_guest"
            ;;
        "=== TAP "*)
            read -r x y <<<"${line#=== TAP }"
            vm_tablet_tap "$work/$driver-qmp.sock" "$x" "$y" || fail "$driver: tablet tap at $x,$y"
            printf 'ok\n' >&"$to_guest"
            ;;
        "=== DONE"*) break ;;
        esac
    done
    exec {from_guest}<&- {to_guest}>&-
    wait "$qemu_pid" 2>/dev/null || true
    say "$driver: guest ran $(elapsed "$booted") s (boot, panel, two taps, 10 s idle, $(grep -c '^=== DUMP' "$log") screendumps)"
    say "$driver: timeline (s after QEMU started): $(awk '$3 == "===" && $4 ~ /^(DUMP|TAP|IDLE|EXIT|DONE)$/ {
        printf "%s%s %s", sep, tolower($4) ($4 == "DUMP" ? " " $5 : ""), $1; sep = ", " }' "$work/$driver-times.log")"
    grep -q '^=== DONE' "$log" || { tail -40 "$log" >&2; keep "$log"; fail "$driver: the guest did not finish"; return 1; }
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
        summary=$(grep -o 'touch-to-glass over.*' <<<"$panel")
        pass "$driver: $summary"
        echo "$driver: $summary" >>"$work/summary"
    else
        fail "$driver: no touch-to-glass summary at exit"
    fi
    grep -E '(warning|error):' <<<"$panel" | sed "s/^/     $driver: /" >&2 || true
}

"$binary" render --config "$board" --out "$work/render-first.png" >/dev/null
for guest in "virtio|virtio-gpu-pci,xres=800,yres=480" "bochs|bochs-display,xres=800,yres=480"; do
    driver=${guest%%|*}
    [ -z "$only" ] || [ "$only" = "$driver" ] || continue
    say "booting $vm_kver under TCG with $driver and a virtio tablet"
    if run_guest "$driver" "${guest#*|}"; then check_guest "$driver"; fi
    keep "$work/$driver-console.log" "$work/$driver"-*.ppm "$work/render-first.png" 2>/dev/null || true
    keep "$work/$driver"-render-*.png 2>/dev/null || true
done
if [ -s "$work/summary" ]; then sed "s/^/$vm_name: /" "$work/summary" >&2; fi
say "total $(elapsed "$started") s"
((failures == 0)) || { say "$failures checks failed"; exit 1; }
say "all checks passed"
