#!/usr/bin/env bash
# Where the guest's "process start → READY=1" goes (issue 16): boots the Debian 12 root of
# vm-systemd-test.sh (the same cached debootstrap tarball, the package installed with dpkg -i,
# the packaged demo panel, --verbose) without its checks, and times start-ups of the service.
# The unit's ExecStart= is prefixed with a tiny static program (scripts/vm-startup-stamp.c) that
# logs CLOCK_MONOTONIC — the clock of systemd's timestamps — when systemd's set-up of the
# process (namespaces, mounts, seccomp, user, tty) is done and it execs the panel: systemd's
# ExecMainStartTimestamp is taken in PID 1 right after the fork, so that set-up is part of
# "process start → READY=1". Each start-up prints one RUN line: the stamp, the journal's
# "display …" and "first frame on screen" lines and READY=1 (ActiveEnterTimestamp), in ms after
# ExecMainStart, and the process's CPU time, run-queue wait and page faults.
#
# After the start at boot (cold), PROBE_PHASES (default "warm cold plain strace") says what runs:
#   warm      systemctl restart, PROBE_RUNS times (default 3)
#   cold      stop, drop_caches, start (twice)
#   plain     the same process in a unit without the sandbox (user, groups, directories, tty1)
#   strace    the plain unit under strace -f -ttt -T, warm and cold (logs copied out)
#   mountinfo PID 1 under strace while the service starts: how often its child parses
#             /proc/self/mountinfo, and its mount calls (the log copied out)
#   perf      the whole guest sampled (perf record -a -g) while the service starts
#   cmds      `switchpanel --version` and `check-config` timed against /bin/true, as root
#   variants  drop-ins on the unit, interleaved PROBE_RUNS times: PROBE_VARIANT_DIR (*.conf),
#             or PROBE_VARIANTS ("NAME=Setting=value;Setting=value ..."), or a default set that
#             takes one group of the sandbox's settings away at a time
# PROBE_BOARD replaces the installed board.json, PROBE_TEST_BOARD is installed next to it as
# test-board.json (for variants to name); PROBE_EXTRA="NAME=PATH ..." installs other builds as
# /usr/local/bin/switchpanel-NAME (stripped); PROBE_BINARY packages another build; PROBE_BUILD=0
# skips `make build-install`. Everything the guest wrote (journals, strace logs, perf reports) is
# copied out of the image to $PROBE_OUT (default /tmp/vm-startup-probe).
#
# Usage: scripts/vm-startup-probe.sh   (root; needs the cached root of vm-systemd-test.sh). Run
# one guest at a time; 4 to 10 minutes under TCG on 2 cores, depending on the phases. Timings
# follow the host's load closely: compare variants of one run (interleaved), not runs.
set -euo pipefail
cd "$(dirname "$0")/.."
root=$PWD
work=$(mktemp -d /tmp/vm-startup-probe.XXXXXX)
trap 'rm -rf "$work"' EXIT
cache=${VM_CACHE:-/var/tmp/switchpanel-vm-systemd}
scratch=${SCRATCH_PATH:-$root/.build/install}
out=${PROBE_OUT:-/tmp/vm-startup-probe}
runs=${PROBE_RUNS:-3}
# What to run after the start at boot: warm cold plain strace perf variants.
phases=${PROBE_PHASES:-warm cold plain strace}

vm_name=vm-startup-probe
# shellcheck source=vm-lib.sh
source scripts/vm-lib.sh
vm_find_kernel
initrd=/boot/initrd.img-$vm_kver

# The root of vm-systemd-test.sh (its package list names the tarball), never rebuilt here.
packages=systemd,systemd-sysv,udev,kmod,procps,libdrm2,libevdev2,libpng16-16,libfreetype6,libfontconfig1,fontconfig,fonts-dejavu-core,libstdc++6,libmosquitto1,libmicrohttpd12,libssl3,mosquitto,mosquitto-clients
tarball=$cache/bookworm-$(echo "$packages" | md5sum | cut -c1-8).tar
[ -f "$tarball" ] || { vm_say "no $tarball: run scripts/vm-systemd-test.sh once first"; exit 1; }
rootfs=$work/root
mkdir -p "$rootfs"
tar -C "$rootfs" -xf "$tarball"
mkdir -p "$rootfs/lib/modules"
cp -a "/lib/modules/$vm_kver" "$rootfs/lib/modules/"
depmod -b "$rootfs" "$vm_kver"

if [ "${PROBE_BUILD:-1}" = 1 ]; then
    make --no-print-directory build-install INSTALL_SCRATCH="$scratch" >"$work/build.log" 2>&1 || { tail -30 "$work/build.log"; exit 1; }
fi
binary=${PROBE_BINARY:-$scratch/release/switchpanel}
SWITCHPANEL_BINARY=$binary DEB_OUT=$work/deb LINTIAN=0 bash scripts/build-deb.sh >"$work/deb.log" 2>&1 || { tail -40 "$work/deb.log"; exit 1; }
mkdir -p "$rootfs/root/debs"
cp "$work"/deb/switchpanel_*.deb "$rootfs/root/debs/"
chroot "$rootfs" sh -c 'dpkg -i /root/debs/switchpanel_*.deb' >"$work/dpkg.log" 2>&1 || { cat "$work/dpkg.log"; exit 1; }
vm_say "installed $(ls "$work"/deb/) ($(stat -c %s "$rootfs/usr/bin/switchpanel") bytes)"

# The stamp, strace (with its libraries) for the traced run.
gcc -O2 -static -o "$rootfs/usr/local/bin/stamp" scripts/vm-startup-stamp.c
mkdir -p "$rootfs/usr/local/bin"
vm_add_binary_to() {
    cp "$2" "$1/usr/local/bin/"
    local lib
    for lib in $(ldd "$2" | grep -oE '/[^ ]+\.so[^ ]*'); do
        [ -e "$1$lib" ] || { mkdir -p "$1$(dirname "$lib")" && cp -L "$lib" "$1$lib"; }
    done
}
vm_add_binary_to "$rootfs" "$(command -v strace)"

# Other builds to compare (PROBE_EXTRA="NAME=PATH ..."): /usr/local/bin/switchpanel-NAME, stripped.
for extra in ${PROBE_EXTRA:-}; do strip -o "$rootfs/usr/local/bin/switchpanel-${extra%%=*}" "${extra#*=}"; done
# perf (the host's is Debian's linux-perf for the guest's 6.1 kernel), and the program's symbols
# where perf looks for them (the package's binary is stripped).
vm_add_binary_to "$rootfs" /usr/bin/perf
buildid=$(readelf -n "$binary" | sed -n 's/.*Build ID: //p')
mkdir -p "$rootfs/usr/lib/debug/.build-id/${buildid:0:2}"
cp "$binary" "$rootfs/usr/lib/debug/.build-id/${buildid:0:2}/${buildid:2}.debug"
# The sandbox variants: each takes one group of the unit's settings away.
variants=$rootfs/usr/local/share/probe-variants
mkdir -p "$variants"
variant() { printf '[Service]\n%s\n' "$2" >"$variants/$1.conf"; }
if [ -n "${PROBE_VARIANT_DIR:-}" ]; then
    cp "$PROBE_VARIANT_DIR"/*.conf "$variants/"
elif [ -n "${PROBE_VARIANTS:-}" ]; then
    # name=Setting=value;Setting=value ...
    for v in $PROBE_VARIANTS; do variant "${v%%=*}" "$(echo "${v#*=}" | tr ';' '\n')"; done
else
    variant no-private-network PrivateNetwork=no
    variant no-private-users PrivateUsers=no
    variant no-private-ipc PrivateIPC=no
    variant no-system-call-filter SystemCallFilter=
    variant no-seccomp "$(printf '%s\n' SystemCallFilter= SystemCallArchitectures= RestrictAddressFamilies= MemoryDenyWriteExecute=no LockPersonality=no RestrictRealtime=no RestrictNamespaces=no RestrictSUIDSGID=no ProtectClock=no ProtectHostname=no ProtectKernelModules=no ProtectKernelLogs=no)"
    variant no-mount-namespace "$(printf '%s\n' ProtectSystem=no ProtectHome=no PrivateTmp=no TemporaryFileSystem= ProtectKernelTunables=no ProtectKernelModules=no ProtectKernelLogs=no ProtectControlGroups=no ProtectProc=default ProcSubset=all PrivateMounts=no)"
    variant no-proc-subset "$(printf '%s\n' ProtectProc=default ProcSubset=all)"
    variant no-vt-disallocate TTYVTDisallocate=no
    variant no-cgroup-bpf "$(printf '%s\n' IPAddressDeny= DevicePolicy=auto)"
fi

# The board (PROBE_BOARD; default the package's conffile, the demo panel).
# PROBE_TEST_BOARD: another board, /etc/switchpanel/test-board.json, for variants to name.
if [ -n "${PROBE_BOARD:-}" ]; then install -m 0644 "$PROBE_BOARD" "$rootfs/etc/switchpanel/board.json"; fi
if [ -n "${PROBE_TEST_BOARD:-}" ]; then install -m 0644 "$PROBE_TEST_BOARD" "$rootfs/etc/switchpanel/test-board.json"; fi
command="/usr/bin/switchpanel run --config /etc/switchpanel/board.json --verbose"
mkdir -p "$rootfs/etc/systemd/system/switchpanel.service.d"
printf '[Service]\nExecStart=\nExecStart=/usr/local/bin/stamp %s\n' "$command" \
    >"$rootfs/etc/systemd/system/switchpanel.service.d/probe.conf"
# The same process without the sandbox: only what it needs to run (user, groups, directories,
# tty1). PROBE_EXEC (in a drop-in) runs it under strace.
cat >"$rootfs/etc/systemd/system/switchpanel-plain.service" <<UNIT
[Unit]
Conflicts=switchpanel.service getty@tty1.service
[Service]
Type=notify
NotifyAccess=all
ExecStart=/usr/local/bin/stamp $command
User=switchpanel
Group=switchpanel
SupplementaryGroups=video input
StateDirectory=switchpanel
RuntimeDirectory=switchpanel
TTYPath=/dev/tty1
StandardInput=tty-force
StandardOutput=journal
StandardError=journal
UNIT
mkdir -p "$rootfs/etc/systemd/system/switchpanel-strace.service.d"
sed 's|^ExecStart=.*|ExecStart=/usr/local/bin/strace -f -ttt -T -o /var/lib/switchpanel/strace-RUN.txt '"$command"'|' \
    "$rootfs/etc/systemd/system/switchpanel-plain.service" >"$rootfs/etc/systemd/system/switchpanel-strace.service"
ln -sf /dev/null "$rootfs/etc/systemd/system/serial-getty@ttyS0.service"

cat >"$rootfs/usr/local/sbin/probe" <<PROBE
#!/bin/sh
exec </dev/null >/dev/ttyS0 2>&1
runs=$runs
phases="$phases"
PROBE
cat >>"$rootfs/usr/local/sbin/probe" <<'PROBE'
mkdir -p /root/probe
prop() { systemctl show -P "$2" "$1"; }
ms() { awk -v a="$1" -v b="$2" 'BEGIN { printf "%.0f", (b - a) / 1000 }'; }
# record UNIT NAME: once UNIT is active, one RUN line: unit start (InactiveExit) → process start
# (ExecMainStart) → the stamp (systemd's set-up done, exec of the panel) → the journal's
# "display" and "first frame" lines → READY=1 (ActiveEnter), in ms after ExecMainStart; and the
# process's CPU time, run-queue wait and page faults so far.
record() {
    unit=$1 name=$2 i=0
    until [ "$(prop "$unit" ActiveState)" = active ] || [ $i -ge 600 ]; do i=$((i + 1)); sleep 0.1; done
    sleep 1
    pid=$(prop "$unit" MainPID)
    inv=$(prop "$unit" InvocationID)
    start=$(prop "$unit" ExecMainStartTimestampMonotonic)
    exit=$(prop "$unit" InactiveExitTimestampMonotonic)
    ready=$(prop "$unit" ActiveEnterTimestampMonotonic)
    journalctl -q --no-pager -o short-monotonic _SYSTEMD_INVOCATION_ID="$inv" >"/root/probe/journal-$name.txt"
    journalctl -q --no-pager -o json _SYSTEMD_INVOCATION_ID="$inv" >"/root/probe/journal-$name.json"
    stampline=$(journalctl -q --no-pager -o cat _SYSTEMD_INVOCATION_ID="$inv" | grep '^STAMP exec-after-sandbox ' | head -1)
    stamp=$(echo "$stampline" | awk '{ print $3 }')
    # CPU time of the forked child before its exec (user + sys, ms): the sandbox's set-up.
    setup_cpu=$(echo "$stampline" | awk '$4 == "cpu-user" { printf "%.0f", ($5 + $7) / 1000 }')
    # The journal's own monotonic receive time of a line containing $1 (µs).
    jt() { grep -F "$1" "/root/probe/journal-$name.json" | head -1 | sed -n 's/.*"__MONOTONIC_TIMESTAMP":"\([0-9]*\)".*/\1/p'; }
    display=$(jt '"MESSAGE":"display ')
    first=$(jt 'first frame on screen')
    # /proc/PID/stat: minflt 10, majflt 12, utime 14, stime 15 (ticks of 10 ms); schedstat: ns on CPU, ns waiting.
    set -- $(cut -d' ' -f10,12,14,15 "/proc/$pid/stat") $(cat "/proc/$pid/schedstat")
    echo "RUN $name: unit-start→exec-main-start $(ms "$exit" "$start") ms; from exec-main-start: stamp ${stamp:+$(ms "$start" "$stamp")} (set-up CPU ${setup_cpu:-?} ms) display-line ${display:+$(ms "$start" "$display")} first-frame-line ${first:+$(ms "$start" "$first")} READY=1 $(ms "$start" "$ready") ms; process user $(($3 * 10)) ms sys $(($4 * 10)) ms, on-CPU $(($5 / 1000000)) ms, run-queue wait $(($6 / 1000000)) ms, minflt $1 majflt $2"
}
cold() { sync; echo 3 >/proc/sys/vm/drop_caches; }
echo "=== PROBE START"
record switchpanel boot-cold
for phase in $phases; do
    case $phase in
    warm) for r in $(seq "$runs"); do systemctl restart switchpanel; record switchpanel "sandboxed-warm-$r"; done ;;
    cold)
        for r in 1 2; do systemctl stop switchpanel; cold; systemctl start switchpanel; record switchpanel "sandboxed-cold-$r"; done
        systemctl stop switchpanel
        ;;
    plain)
        for r in $(seq "$runs"); do systemctl restart switchpanel-plain; record switchpanel-plain "plain-warm-$r"; done
        systemctl stop switchpanel-plain; cold; systemctl start switchpanel-plain; record switchpanel-plain plain-cold
        systemctl stop switchpanel-plain
        ;;
    strace)
        for kind in warm cold; do
            sed -i "s/strace-[A-Za-z0-9-]*\\.txt/strace-$kind.txt/" /etc/systemd/system/switchpanel-strace.service
            systemctl daemon-reload
            [ $kind = warm ] || cold
            systemctl start switchpanel-strace; record switchpanel-strace "strace-$kind"; systemctl stop switchpanel-strace
            cp "/var/lib/switchpanel/strace-$kind.txt" /root/probe/
        done
        ;;
    mountinfo)
        # What systemd's forked child does to set up the sandbox, counted: PID 1 and its
        # children traced (strace -f -p 1) while the service starts (warm). Each open of
        # /proc/self/mountinfo and each rewind of it (lseek to 0) is one parse of the whole table.
        systemctl stop switchpanel
        strace -f -qq -tt -p 1 -o /root/probe/pid1-strace.txt \
            -e trace=openat,lseek,mount,umount2,mount_setattr,execve &
        tracer=$!
        sleep 2
        systemctl start switchpanel
        until [ "$(systemctl show -P ActiveState switchpanel)" = active ]; do sleep 0.1; done
        kill "$tracer"; wait "$tracer" 2>/dev/null
        t=/root/probe/pid1-strace.txt
        echo "MOUNTINFO opens $(grep -c 'openat(.*/proc/self/mountinfo' $t) rewinds $(grep -c 'lseek(.*, 0, SEEK_SET)' $t) mount $(grep -c ' mount(' $t) mount_setattr $(grep -c 'mount_setattr(' $t) umount2 $(grep -c 'umount2(' $t)"
        record switchpanel mountinfo-warm
        ;;
    perf)
        # The whole guest, sampled, while the service restarts (warm).
        systemctl stop switchpanel
        perf record -a -g -F 499 -o /root/probe/perf.data -- sh -c 'systemctl start switchpanel; until [ "$(systemctl show -P ActiveState switchpanel)" = active ]; do sleep 0.05; done' >/root/probe/perf-record.log 2>&1
        record switchpanel perf-warm
        perf report -i /root/probe/perf.data --no-children --stdio --sort comm,dso >/root/probe/perf-comm-dso.txt 2>&1
        perf report -i /root/probe/perf.data --no-children --stdio -g none --sort comm,dso,sym >/root/probe/perf-sym.txt 2>&1
        ;;
    cmds)
        # Plain commands as root, warm, wall time (a fork and exec of date(1) on either side,
        # /bin/true's figure): the program's fixed start-up cost (dynamic loader, Swift runtime)
        # and what parsing the board and laying it out add.
        timed() {
            name=$1
            shift
            for r in 1 2 3 4 5; do
                a=$(date +%s%N); "$@" >/dev/null 2>&1; b=$(date +%s%N)
                echo "CMD $name: $(((b - a) / 1000000)) ms"
            done
        }
        timed true /bin/true
        timed stamp /usr/local/bin/stamp /bin/true
        timed version /usr/bin/switchpanel --version
        timed check-config /usr/bin/switchpanel check-config /etc/switchpanel/board.json
        for b in /usr/local/bin/switchpanel-*; do [ -x "$b" ] && timed "$(basename "$b") version" "$b" --version; done
        ;;
    variants)
        # The unit with one group of its sandbox settings taken away at a time (a drop-in).
        # Interleaved (variant after variant, run after run), so that a change in the host's
        # load shows in every variant alike.
        for r in $(seq "$runs"); do
            for v in /usr/local/share/probe-variants/*.conf; do
                n=$(basename "$v" .conf)
                cp "$v" /etc/systemd/system/switchpanel.service.d/zz-variant.conf
                systemctl daemon-reload
                systemctl restart switchpanel
                record switchpanel "variant-$n-$r"
            done
        done
        rm /etc/systemd/system/switchpanel.service.d/zz-variant.conf
        systemctl daemon-reload
        ;;
    esac
done
systemd-analyze blame --no-pager >/root/probe/blame.txt 2>&1
echo "=== PROBE END"
sync
systemctl poweroff
PROBE
chmod +x "$rootfs/usr/local/sbin/probe"
cat >"$rootfs/etc/systemd/system/probe.service" <<'UNIT'
[Unit]
After=switchpanel.service
[Service]
Type=exec
ExecStart=/usr/local/sbin/probe
[Install]
WantedBy=multi-user.target
UNIT
systemctl --root="$rootfs" enable probe.service >/dev/null 2>&1
echo switchpanel-vm >"$rootfs/etc/hostname"
mke2fs -q -t ext4 -d "$rootfs" "$work/root.img" 2G

vm_say "booting $vm_kver under TCG (virtio-gpu 800x480, virtio tablet)"
rm -rf "$out" && mkdir -p "$out"
timeout 900 qemu-system-x86_64 -accel tcg,thread=multi -cpu max -m 1024 -smp 2 \
    -kernel "$vm_kernel" -initrd "$initrd" -append "root=/dev/vda rw console=ttyS0 quiet" \
    -drive "file=$work/root.img,if=virtio,format=raw" \
    -vga none -device virtio-gpu-pci,xres=800,yres=480 -device virtio-tablet-pci \
    -display none -serial stdio -monitor none -net none -no-reboot </dev/null 2>&1 | tr -d '\r' >"$out/serial.log" || true
grep -E '^(RUN|CMD|===)' "$out/serial.log" || tail -30 "$out/serial.log"
debugfs -R "rdump /root/probe $out" "$work/root.img" >/dev/null 2>&1 || vm_say "could not copy /root/probe out"
vm_say "logs in $out"
