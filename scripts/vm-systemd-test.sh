#!/usr/bin/env bash
# The systemd unit for real: boots a minimal Debian 12 (debootstrap, systemd 252) under QEMU
# (software emulation, see ../shared/KERNEL-TESTING.md) with SwitchPanel installed by
# `make install` exactly as on a board: the sysusers user, the udev rule, the unit, the board
# config. A drop-in replaces ExecStart with scripts/vm-systemd-probe.swift (LinuxIO's Log and
# SystemdNotifier in a loop, checking every device and restriction from inside the sandbox), and
# a second unit with the same sandbox runs the installed switchpanel itself (check-config,
# render, devices). The guest checks, in order:
#   - the user exists, the service is active (Type=notify: READY=1 arrived), getty@tty1 is not,
#     dev-dri-card0.device is plugged (the udev rule), the probe's checks all pass;
#   - it survives past WatchdogSec (WATCHDOG=1), `systemctl reload` sends exactly one SIGHUP and
#     leaves the VT alone, journal priorities come from the <N> prefixes, stop is clean;
#   - it starts even while a stale session holds tty1 (StandardInput=tty-force);
#   - the real binary runs under the same sandbox (MemoryDenyWriteExecute, the syscall filter).
# About 35 s of debootstrap the first time (cached in $VM_CACHE), a release build, ~80 s of boot
# and checks. Not part of `make test`.
#
# Usage: scripts/vm-systemd-test.sh    (needs root: debootstrap, and apt for the packages)
set -euo pipefail
cd "$(dirname "$0")/.."
root=$PWD
work=$(mktemp -d /tmp/vm-systemd.XXXXXX)
trap 'rm -rf "$work"' EXIT
cache=${VM_CACHE:-/var/tmp/switchpanel-vm-systemd}
scratch=${SCRATCH_PATH:-$root/.build/install}

vm_name=vm-systemd-test
# shellcheck source=vm-lib.sh
source scripts/vm-lib.sh
say() { vm_say "$@"; }

vm_require_packages qemu-system-x86 linux-image-amd64 debootstrap e2fsprogs
vm_find_kernel
initrd=/boot/initrd.img-$vm_kver
[ -r "$initrd" ] || { say "no readable $initrd"; exit 1; }

# --- a Debian 12 root with systemd and the panel's libraries (cached) -----------------------
packages=systemd,systemd-sysv,udev,kmod,procps,libdrm2,libevdev2,libpng16-16,libfreetype6,libfontconfig1,fontconfig,fonts-dejavu-core,libstdc++6
tarball=$cache/bookworm-$(echo "$packages" | md5sum | cut -c1-8).tar
rootfs=$work/root
mkdir -p "$rootfs" "$cache"
if [ ! -f "$tarball" ]; then
    mirror=$(grep -rhoE 'https?://[^ ]+/debian/?( |$)' /etc/apt/sources.list /etc/apt/sources.list.d/ 2>/dev/null | head -1 | tr -d ' ' || true)
    say "debootstrap bookworm from ${mirror:-http://deb.debian.org/debian}"
    debootstrap --variant=minbase --include="$packages" bookworm "$rootfs" "${mirror:-http://deb.debian.org/debian}" \
        >"$work/debootstrap.log" 2>&1 || { tail -20 "$work/debootstrap.log"; exit 1; }
    tar -C "$rootfs" -cf "$tarball.tmp" . && mv "$tarball.tmp" "$tarball"
else
    tar -C "$rootfs" -xf "$tarball"
fi
mkdir -p "$rootfs/lib/modules"
cp -a "/lib/modules/$vm_kver" "$rootfs/lib/modules/"
depmod -b "$rootfs" "$vm_kver"

# --- SwitchPanel, installed as on a board -----------------------------------------------------
say "building switchpanel (release, --static-swift-stdlib) and the probe"
swift build -c release --product switchpanel --static-swift-stdlib --scratch-path "$scratch" >"$work/build.log" 2>&1 \
    || { tail -30 "$work/build.log"; exit 1; }
make --no-print-directory install DESTDIR="$rootfs" INSTALL_SCRATCH="$scratch" BOARD=qemu-virtio-gpu >/dev/null
cp scripts/vm-systemd-probe.swift "$work/main.swift"
swiftc -O -static-executable -module-name Probe -I Sources/CLinux Sources/LinuxIO/Log.swift \
    Sources/LinuxIO/SystemdNotifier.swift Sources/LinuxIO/Signals.swift Sources/LinuxIO/SystemErrno.swift \
    "$work/main.swift" -o "$rootfs/usr/local/bin/switchpanel-probe" 2>"$work/probe.log" || { cat "$work/probe.log"; exit 1; }

systemctl --root="$rootfs" enable switchpanel.service >/dev/null 2>&1
ln -sf /dev/null "$rootfs/etc/systemd/system/serial-getty@ttyS0.service"  # ttyS0 is the report channel
echo switchpanel-vm >"$rootfs/etc/hostname"
mkdir -p "$rootfs/etc/systemd/system/switchpanel.service.d"
cat >"$rootfs/etc/systemd/system/switchpanel.service.d/probe.conf" <<'UNIT'
[Service]
ExecStart=
ExecStart=/usr/local/bin/switchpanel-probe --verbose
# The example drop-in's sysfs recipe, on a file every guest has.
Environment=PROBE_SYSFS=/sys/block/vda/queue/read_ahead_kb
ReadWritePaths=-/sys/block/vda/queue/read_ahead_kb
UNIT
cat >"$rootfs/etc/udev/rules.d/90-probe.rules" <<'RULE'
SUBSYSTEM=="block", KERNEL=="vda", RUN+="/bin/chgrp switchpanel /sys%p/queue/read_ahead_kb", RUN+="/bin/chmod g+w /sys%p/queue/read_ahead_kb"
RULE
# The installed unit's sandbox around the real program, run once.
unit=$rootfs/usr/local/lib/systemd/system/switchpanel.service
sed -e 's/^Type=notify/Type=oneshot/' -e '/^WatchdogSec/d' -e '/^ExecReload/d' -e 's/^Restart=on-failure/Restart=no/' \
    -e '/^Conflicts=/d' -e '/^TTY/d' -e 's/^StandardInput=.*/StandardInput=null/' -e '/^DeviceAllow=\/dev\/tty1/d' \
    -e 's|^ExecStart=.*|ExecStart=/usr/local/bin/switchpanel check-config /etc/switchpanel/board.json\nExecStart=/usr/local/bin/switchpanel render --config /etc/switchpanel/board.json --out /var/lib/switchpanel/board.png\nExecStart=/usr/local/bin/switchpanel devices|' \
    -e '/^\[Install\]/,$d' "$unit" >"$rootfs/etc/systemd/system/switchpanel-real.service"

cat >"$rootfs/usr/local/sbin/switchpanel-check" <<'CHECK'
#!/bin/sh
exec >/dev/ttyS0 2>&1
ok() { if [ "$2" = "$3" ]; then echo "CHECK ok   $1"; else echo "CHECK FAIL $1: got '$2', want '$3'"; fi; }
atleast() { if [ "$2" -ge "$3" ]; then echo "CHECK ok   $1 ($2)"; else echo "CHECK FAIL $1: got $2, want at least $3"; fi; }
prop() { systemctl show -P "$2" "$1"; }
journal() { journalctl -u switchpanel -o cat --no-pager; }
echo "=== CHECK START"
ok "user switchpanel exists" "$(id -un switchpanel 2>/dev/null)" switchpanel
ok "service active (READY=1)" "$(prop switchpanel ActiveState)/$(prop switchpanel SubState)" active/running
ok "status text" "$(prop switchpanel StatusText)" "probe ready"
ok "getty@tty1 stopped" "$(systemctl is-active getty@tty1.service)" inactive
ok "dev-dri-card0.device (udev rule)" "$(prop dev-dri-card0.device ActiveState)" active
ok "probe checks" "$(journal | grep -c 'PROBE FAIL')" 0
sleep 12
ok "alive after WatchdogSec" "$(prop switchpanel ActiveState)/$(prop switchpanel NRestarts)" active/0
atleast "watchdog pings" "$(journal | grep -c 'WATCHDOG=1 #')" 2
systemctl reload switchpanel
ok "reload: READY=1 again" "$(prop switchpanel StatusText)" "probe reloaded"
ok "reload: one SIGHUP" "$(journal | grep -c 'probe: reloading')" 1
ok "reload: VT untouched" "$(journal | grep -c 'PROBE FAIL')" 0
ok "-p warning has the warning" "$(journalctl -u switchpanel -p warning -o cat --no-pager | grep -c 'a warning line')" 1
ok "-p warning has no debug" "$(journalctl -u switchpanel -p warning -o cat --no-pager | grep -c 'debug line')" 0
ok "debug lines at priority 7" "$(journalctl -u switchpanel -p debug..debug -o cat --no-pager | grep -c 'a debug line')" 1
systemctl stop switchpanel
ok "stop" "$(prop switchpanel ActiveState)/$(prop switchpanel Result)" inactive/success
ok "STOPPING=1 path" "$(journal | grep -c 'probe: stopping after')" 1
setsid -c -f sh -c 'exec sleep 1000' </dev/tty1
sleep 1
systemctl start switchpanel
ok "starts over a stale tty1 session" "$(prop switchpanel ActiveState)" active
ok "probe checks after tty-force" "$(journal | grep -c 'PROBE FAIL')" 0
systemctl stop switchpanel
systemctl start switchpanel-real
ok "real switchpanel under the sandbox" "$(prop switchpanel-real Result)" success
ok "real switchpanel rendered" "$(test -s /var/lib/switchpanel/board.png && echo yes)" yes
echo "=== journal"
journal
journalctl -u switchpanel-real -o cat --no-pager
systemd-analyze security switchpanel --no-pager | tail -1
echo "=== CHECK END"
systemctl poweroff
CHECK
chmod +x "$rootfs/usr/local/sbin/switchpanel-check"
cat >"$rootfs/etc/systemd/system/switchpanel-check.service" <<'UNIT'
[Unit]
Description=SwitchPanel systemd checks
After=switchpanel.service
[Service]
Type=exec
ExecStart=/usr/local/sbin/switchpanel-check
[Install]
WantedBy=multi-user.target
UNIT
systemctl --root="$rootfs" enable switchpanel-check.service >/dev/null 2>&1

# --- boot ---------------------------------------------------------------------------------------
mke2fs -q -t ext4 -d "$rootfs" "$work/root.img" 2G
say "booting (TCG)"
timeout 600 qemu-system-x86_64 -accel tcg,thread=multi -cpu max -m 1024 -smp 2 \
    -kernel "$vm_kernel" -initrd "$initrd" -append "root=/dev/vda rw console=ttyS0 quiet" \
    -drive "file=$work/root.img,if=virtio,format=raw" \
    -vga none -device virtio-gpu-pci,xres=800,yres=480 -device virtio-tablet-pci \
    -display none -serial stdio -monitor none -net none -no-reboot </dev/null >"$work/serial.log" 2>&1 || true
sed -n '/=== CHECK START/,/=== CHECK END/p' "$work/serial.log"
grep -q '=== CHECK END' "$work/serial.log" || { tail -40 "$work/serial.log"; say "the guest did not finish"; exit 1; }
failed=$(grep -c '^CHECK FAIL' "$work/serial.log" || true)
passed=$(grep -c '^CHECK ok' "$work/serial.log" || true)
if ((failed)); then say "$failed of $((failed + passed)) checks failed"; exit 1; fi
say "all $passed checks passed"
