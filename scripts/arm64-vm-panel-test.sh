#!/usr/bin/env bash
# The arm64 program on an aarch64 kernel: qemu-system-aarch64 -M virt (TCG, -cpu max) boots
# Debian 13's arm64 kernel with a busybox initramfs holding the arm64 switchpanel (the package's
# program, linked against Debian 12's libraries: arm64-build.sh) and the C libraries it loads,
# taken from the Debian 12 arm64 sysroot. On virtio-gpu (800x480, DRM) with a virtio tablet:
#   1. `switchpanel devices` lists the card and the tablet;
#   2. `switchpanel run` of board-configs/qemu-virtio-gpu.json: the first frame, read back with
#      QMP screendump, equals `switchpanel render` of the board by the x86_64 program, pixel for
#      pixel (the display path: mode set, dumb buffers, flips on a real aarch64 kernel);
#   3. a tablet tap on switch a (QMP input-send-event) toggles it: the panel logs it, saves it in
#      its state directory, and the screen equals the x86_64 render with that saved state;
#   4. SIGTERM: the panel exits 0.
# The kernel and busybox come from Debian 13's arm64 packages (apt-get download in the build
# root, cached). Prints one line per check and "N passed, N failed".
#
# Usage: arm64-vm-panel-test.sh    KEEP_DUMPS=DIR keeps the screendumps and the console log.
set -euo pipefail
arm64_name=arm64-vm-panel-test
source "$(dirname "$0")/arm64-lib.sh"
vm_name=$arm64_name
source "$(dirname "$0")/vm-lib.sh"
cd "$arm64_tree"
say() { arm64_say "$@"; }
now() { date +%s.%N; }
elapsed() { awk -v a="$1" -v b="$(now)" 'BEGIN { printf "%.1f", b - a }'; }

arm64_require_host_packages qemu-system-arm cpio xz-utils kmod
amd64=.build/install/release/switchpanel
[ -x "$amd64" ] || make build-install >/dev/null
binary=$(bash scripts/arm64-build.sh)
board=board-configs/qemu-virtio-gpu.json
work=$(mktemp -d /tmp/arm64-vm.XXXXXX)
trap 'rm -rf "$work"' EXIT

arm64_vm_kernel
vm=$arm64_vm_tree_parent
kver=$arm64_vm_kver
kernel=$arm64_vm_kernel

# --- the initramfs ---------------------------------------------------------------------------
rootfs=$work/rootfs
mkdir -p "$rootfs"/{bin,dev,proc,sys,tmp,lib/modules,state}
cp "$vm/tree/usr/bin/busybox" "$rootfs/bin/busybox"
# (aarch64 binutils are the build root's; the root sees the work tree, not /tmp)
arm64_in_root "$arm64_build_root" aarch64-linux-gnu-strip -o "$binary.stripped" "$binary"
mv "$binary.stripped" "$work/switchpanel"
cp "$work/switchpanel" "$rootfs/bin/switchpanel"
# The program's C libraries (NEEDED, recursively) from the Debian 12 sysroot, at their paths.
sysroot=$arm64_bookworm_root
add_libraries() {
    local lib path
    for lib in $(readelf -d "$1" | sed -n 's/.*(NEEDED).*\[\(.*\)\]/\1/p'); do
        [ -e "$rootfs/lib/aarch64-linux-gnu/$lib" ] && continue
        path=$(readlink -f "$sysroot/usr/lib/aarch64-linux-gnu/$lib") || { say "no $lib in the sysroot"; exit 1; }
        mkdir -p "$rootfs/lib/aarch64-linux-gnu"
        cp "$path" "$rootfs/lib/aarch64-linux-gnu/$lib"
        add_libraries "$path"
    done
}
add_libraries "$work/switchpanel"
cp "$sysroot/usr/lib/aarch64-linux-gnu/ld-linux-aarch64.so.1" "$rootfs/lib/ld-linux-aarch64.so.1"
cp "$board" "$rootfs/board.json"
font=$(sed -n 's/.*"font": *"\(\/[^"]*\)".*/\1/p' "$board")
mkdir -p "$rootfs$(dirname "$font")" && cp "$sysroot$font" "$rootfs$font"
cp -r "$sysroot/etc/fonts" "$rootfs/etc-fonts" && mkdir -p "$rootfs/etc" && mv "$rootfs/etc-fonts" "$rootfs/etc/fonts"
vm_copy_modules "$kver" "$vm/tree" "$rootfs/lib/modules" virtio-gpu virtio_input evdev

# Where switch a is, in the tablet's units (0..32767), from the x86_64 program's layout.
"$amd64" check-config "$board" >"$work/layout.txt"
read -r width height < <(sed -n 's/^screen \([0-9]*\)x\([0-9]*\)$/\1 \2/p' "$work/layout.txt")
read -r ax ay < <(awk '$1 == "switch" && $2 == "a:" { split($3, s, "x"); split($5, at, ",");
    printf "%s %s\n", at[1] + s[1] / 2, at[2] + s[2] / 2 }' "$work/layout.txt")
tx=$(awk -v p="$ax" -v n="$width" 'BEGIN { print int(p * 32768 / n) }')
ty=$(awk -v p="$ay" -v n="$height" 'BEGIN { print int(p * 32768 / n) }')

{
    vm_init_prologue
    cat <<EOF
dump() { echo "=== DUMP \$1"; read -r _; }
tap() { echo "=== TAP \$1 \$2"; read -r _; }
waitfor() { i=0; while ! grep -q "\$2" "\$1" 2>/dev/null; do i=\$((i+1)); [ \$i -gt 3000 ] && return 1; sleep 0.05; done; }
i=0; while [ ! -e /dev/dri/card0 ]; do i=\$((i+1)); [ \$i -gt 500 ] && break; sleep 0.02; done
echo "=== UNAME \$(uname -m) \$(uname -r)"
echo "=== BEGIN devices"; switchpanel devices 2>&1; echo "=== END devices"
switchpanel run --config /board.json --state-dir /state --socket /tmp/control.sock --verbose >/tmp/panel.out 2>/tmp/panel.log &
pid=\$!
if waitfor /tmp/panel.log "first frame on screen" && waitfor /tmp/panel.log "idle after"; then
    dump first
    tap $tx $ty
    if waitfor /tmp/panel.log "a → on (touch)"; then
        sleep 1
        echo "=== BEGIN states"; cat /state/states.json; echo; echo "=== END states"
        dump tap-a
    fi
fi
kill -TERM \$pid; wait \$pid; echo "=== EXIT \$?"
echo "=== BEGIN log"; cat /tmp/panel.log; echo "=== END log"
echo "=== DONE"
poweroff -f
EOF
} >"$rootfs/init"
chmod +x "$rootfs/init"
vm_pack_initramfs "$rootfs" "$work/initramfs.cpio.gz"

# --- the guest -------------------------------------------------------------------------------
log=$work/console.log
started=$(now)
ready=
# The first screendump is the first frame on screen: its time is boot to the first frame.
vm_guest_line() {
    [[ $1 == "=== DUMP "* && -z $ready ]] && ready=$(elapsed "$started")
    return 1
}
vm_guest_loop "$work/" "$log" 500 "=== DONE" \
    timeout 600 qemu-system-aarch64 -M virt -cpu max -accel tcg,thread=multi -smp 2 -m 1024 \
    -kernel "$kernel" -initrd "$work/initramfs.cpio.gz" -append "console=ttyAMA0 quiet loglevel=3 panic=-1" \
    -device virtio-gpu-pci,xres=800,yres=480 -device virtio-tablet-pci -display none -serial stdio -net none \
    -no-reboot
say "guest ran $vm_guest_seconds s (boot to the first frame on screen: ${ready:-never} s)"

passed=0 failed=0
check() { if eval "$2"; then passed=$((passed + 1)); say "ok   $1"; else failed=$((failed + 1)); say "FAIL $1"; fi; }
section() { sed -n "/^=== BEGIN $1\$/,/^=== END $1\$/p" "$log" | sed '1d;$d'; }
check "the guest runs $(sed -n 's/^=== UNAME //p' "$log")" "grep -q '^=== UNAME aarch64' '$log'"
check "switchpanel devices lists the card and the tablet" \
    "section devices | grep -q card0 && section devices | grep -qi tablet"
"$amd64" render --config "$board" --out "$work/render-first.png" >/dev/null
check "first frame on the aarch64 kernel's DRM = x86_64 render: $(vm_compare_images "$work/render-first.png" "$work/first.ppm" 2>&1 || true)" \
    "vm_compare_images '$work/render-first.png' '$work/first.ppm' >/dev/null"
mkdir -p "$work/state-a" && section states >"$work/state-a/states.json"
check "the tap toggled a and saved it: $(tr -d '\n ' <"$work/state-a/states.json" | cut -c1-80)" \
    "grep -q 'a → on (touch)' '$log' && tr -d ' \n' <'$work/state-a/states.json' | grep -q '\"a\":true'"
"$amd64" render --config "$board" --state-dir "$work/state-a" --out "$work/render-a.png" >/dev/null 2>&1 || true
check "the saved state draws otherwise than the first frame" \
    "! vm_compare_images '$work/render-first.png' '$work/render-a.png' >/dev/null"
check "after the tap = x86_64 render with the saved state: $(vm_compare_images "$work/render-a.png" "$work/tap-a.ppm" 2>&1 || true)" \
    "vm_compare_images '$work/render-a.png' '$work/tap-a.ppm' >/dev/null"
check "SIGTERM: the panel exits 0" "grep -q '^=== EXIT 0' '$log'"
if [ -n "${KEEP_DUMPS:-}" ]; then mkdir -p "$KEEP_DUMPS" && cp "$work"/*.ppm "$work"/*.png "$log" "$KEEP_DUMPS/" 2>/dev/null || true; fi
((failed == 0)) || { tail -30 "$log"; }
echo "$arm64_name: $passed passed, $failed failed"
((failed == 0))
