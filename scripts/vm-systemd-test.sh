#!/usr/bin/env bash
# The real panel as a systemd service (issue 6): boots a minimal Debian 12 (debootstrap, systemd
# 252) under QEMU (software emulation; scripts/vm-lib.sh says why) with a virtio-gpu display
# and a virtio tablet, SwitchPanel installed from its Debian package (`make deb`, checked by
# lintian on the host) exactly as on a board: dpkg -i into the root, whose postinst creates the
# sysusers user and enables the unit. The only changes to the installed unit are
# a drop-in that adds --verbose (the debug lines the test waits for) and the example drop-in's
# ReadWritePaths= recipe for a `write` action; the board config is a test board whose switches
# run commands inside the sandbox, and it names a mosquitto broker running in the guest (Debian's
# `mosquitto`, on 127.0.0.1 only), reached through the package's MQTT drop-in
# (/usr/share/switchpanel/switchpanel-mqtt.conf copied to the unit's drop-in directory, as
# docs/network.md says). The guest (switchpanel-check.service) checks and, in lock-step over the serial
# line, asks the host for QMP screendumps and tablet taps:
#   1. the unit started at boot as user switchpanel (groups, no capabilities, NoNewPrivs, seccomp,
#      tty1 on fd 0), READY=1 after the first frame; getty@tty1 stopped; the udev rule; on the
#      broker, the retained `online` and each switch's retained state and discovery config;
#   2. the screen equals `switchpanel render --config board.json` on the host, pixel for pixel;
#   3. a host tap toggles "porch" and its `run` action leaves its file (as switchpanel, in
#      /run/switchpanel); the broker holds the retained `ON`; `ctl get` agrees; `ctl set` as a member of group switchpanel toggles
#      "heater" (and runs its action), others are refused; `ctl set` as root toggles "sandbox",
#      whose actions write sysfs through the drop-in and report what the sandbox allows;
#   4. `systemctl kill -s KILL`: the broker publishes the panel's will (the retained status turns
#      `offline`), systemd restarts it, ready again and `online` again, and the screen equals the
#      host render of the states.json copied out of the guest (states restored from disk);
#   5. `systemctl reload` keeps the process, the states and the screen; watchdog pings; journal
#      priorities; `systemd-analyze security` in the guest; `systemctl stop` is clean and the
#      console comes back; it starts again while a stale session holds tty1 (tty-force);
#   6. the package's life: an upgrade to a newer build of the same package keeps the edited
#      conffile and the saved states and restarts the service exactly once; `apt-get remove`
#      stops it and keeps the states, the config and the user; `apt-get purge` takes them away;
#      `apt-get install ./switchpanel.deb` on the running system starts the demo panel at once.
# The guest also reports the figures of issue 16 (FIGURE lines): kernel start → READY=1, service
# start → READY=1, memory at rest (smaps_rollup) and wake-ups at rest.
# On 2 cores: debootstrap the first time (about 1.5 min with the download; cached in $VM_CACHE),
# a release build (1.5 min from clean), then 1 to 2 minutes of boot and checks under TCG. Not
# part of `make test`.
#
# With --arch arm64 (`make vm-systemd-test ARCH=arm64`), the same on aarch64: the arm64 package
# (scripts/arm64-deb.sh, lintian-clean: `make deb ARCH=arm64`) in a Debian 12 arm64 root
# (debootstrap under qemu-user, cached beside the amd64 one), booted by Debian 13's arm64 kernel
# under qemu-system-aarch64 -M virt (TCG, -cpu max) from a busybox initramfs that loads
# virtio_blk and ext4 and switches to the root's systemd; the host's renders come from the x86_64
# program (pixel-identical: docs/arm64.md). One check more there: a tap from a uinput
# touchscreen in the guest (`switchpanel inject`, the program's own device header) toggles
# "heater", its action runs and the change is saved (vm-panel-test.sh proves that path on
# x86_64 kernels). On 2 cores: debootstrap the first time (about 9 min under emulation), the
# cross build and two packages (2 min from clean), then about 6 min of boot and checks.
#
# Usage: scripts/vm-systemd-test.sh [--arch amd64|arm64] [--cached]   (needs root: debootstrap, and apt for
# the packages; --cached: exit 0 when the guest's root is cached, doing nothing else)
# KEEP_DUMPS=DIR keeps the screendumps, renders, states and the serial log there.
set -euo pipefail
cd "$(dirname "$0")/.."
root=$PWD
arch=$(dpkg --print-architecture) cached_only=0
while (($#)); do
    case $1 in
    --arch) arch=${2:?--arch amd64 or arm64} && shift ;;
    --cached) cached_only=1 ;;  # only say (exit status) whether the guest's root is cached
    *) echo "usage: $0 [--arch amd64|arm64] [--cached]" >&2 && exit 2 ;;
    esac
    shift
done
case $arch in
amd64 | x86_64) arch=amd64 ;;
arm64 | aarch64) arch=arm64 ;;
*) echo "vm-systemd-test: --arch amd64 or arm64, not $arch" >&2 && exit 2 ;;
esac
[ "$arch" = amd64 ] || [ "$(dpkg --print-architecture)" = amd64 ] || { echo "vm-systemd-test: arm64 is cross-built on amd64" >&2; exit 2; }
work=$(mktemp -d /tmp/vm-systemd.XXXXXX)
trap 'rm -rf "$work"' EXIT
cache=${VM_CACHE:-/var/tmp/switchpanel-vm-systemd}
scratch=${SCRATCH_PATH:-$root/.build/install}
# The guest's root: Debian 12 with systemd and the panel's libraries, made once (debootstrap) and
# cached as a tarball. (The tarball is named after this list: a package added here makes a new root.)
packages=systemd,systemd-sysv,udev,kmod,procps,libdrm2,libevdev2,libpng16-16,libfreetype6,libfontconfig1,libharfbuzz0b,libfribidi0,fontconfig,fonts-dejavu-core,libstdc++6,libmosquitto1,libmicrohttpd12,libssl3,mosquitto,mosquitto-clients
tarball=$cache/bookworm-$(echo "$packages" | md5sum | cut -c1-8).tar
[ "$arch" = amd64 ] || tarball=$cache/bookworm-arm64-$(echo "$packages" | md5sum | cut -c1-8).tar
if ((cached_only)); then [ -f "$tarball" ]; exit; fi

vm_name=vm-systemd-test
[ "$arch" = amd64 ] || vm_name=vm-systemd-test-arm64
# shellcheck source=vm-lib.sh
source scripts/vm-lib.sh
say() { vm_say "$@"; }
now() { date +%s.%N; }
elapsed() { awk -v a="$1" -v b="$(now)" 'BEGIN { printf "%.0f", b - a }'; }
started=$(now)

if [ "$arch" = amd64 ]; then
    vm_require_packages qemu-system-x86 linux-image-amd64 debootstrap e2fsprogs python3 debhelper lintian fakeroot
    vm_find_kernel
    initrd=/boot/initrd.img-$vm_kver
    [ -r "$initrd" ] || { say "no readable $initrd"; exit 1; }
    modules=/lib/modules/$vm_kver
    console=ttyS0
else
    arm64_name=$vm_name
    # shellcheck source=arm64-lib.sh
    source scripts/arm64-lib.sh
    vm_require_packages qemu-system-arm qemu-user-static debootstrap e2fsprogs python3 lintian cpio xz-utils kmod
    arm64_register_binfmt
    arm64_vm_kernel
    vm_kver=$arm64_vm_kver
    vm_kernel=$arm64_vm_kernel
    modules=$arm64_vm_tree/usr/lib/modules/$vm_kver
    console=ttyAMA0
fi

# --- a Debian 12 root with systemd and the panel's libraries (cached) -----------------------
rootfs=$work/root
mkdir -p "$rootfs" "$cache"
if [ ! -f "$tarball" ]; then
    mirror=$(grep -rhoE 'https?://[^ ]+/debian/?( |$)' /etc/apt/sources.list /etc/apt/sources.list.d/ 2>/dev/null | head -1 | tr -d ' ' || true)
    say "debootstrap bookworm ($arch) from ${mirror:-http://deb.debian.org/debian}"
    bootstrapped=$(now)
    # arm64: its second stage runs under qemu-user (binfmt_misc); the arm64 setup's download cache
    # holds the base packages already.
    extra=()
    [ "$arch" = amd64 ] || extra=(--arch=arm64 --cache-dir="$arm64_cache/debootstrap-bookworm-arm64")
    [ "$arch" = amd64 ] || mkdir -p "$arm64_cache/debootstrap-bookworm-arm64"
    debootstrap "${extra[@]}" --variant=minbase --include="$packages" bookworm "$rootfs" "${mirror:-http://deb.debian.org/debian}" \
        >"$work/debootstrap.log" 2>&1 || { tail -20 "$work/debootstrap.log"; exit 1; }
    say "debootstrap: $(elapsed "$bootstrapped") s"
    tar -C "$rootfs" -cf "$tarball.tmp" . && mv "$tarball.tmp" "$tarball"
else
    tar -C "$rootfs" -xf "$tarball"
fi
mkdir -p "$rootfs/lib/modules"
cp -a "$modules" "$rootfs/lib/modules/"
depmod -b "$rootfs" "$vm_kver"
say "root file system: $(elapsed "$started") s"

# --- SwitchPanel, installed from its package as on a board ---------------------------------------
say "building switchpanel (make build-install: release, --static-swift-stdlib) in $scratch"
built=$(now)
make --no-print-directory build-install INSTALL_SCRATCH="$scratch" >"$work/build.log" 2>&1 || { tail -30 "$work/build.log"; exit 1; }
say "build: $(elapsed "$built") s"
# The host's program: the renders and layouts (on arm64 too: its pictures are the aarch64 one's).
binary=$scratch/release/switchpanel
version=$("$binary" --version | awk '{ print $NF }')
# The package (lintian must be clean), and the same program as a newer version for the upgrade.
if [ "$arch" = amd64 ]; then
    SWITCHPANEL_BINARY=$binary DEB_OUT=$work/deb bash scripts/build-deb.sh >"$work/deb.log" 2>&1 \
        || { tail -40 "$work/deb.log"; exit 1; }
    grep -v '^N:' "$work/deb.log" | grep -E '^(build-deb|[EWIPXO]:)' | sed 's/^/  /' >&2
    SWITCHPANEL_BINARY=$binary DEB_OUT=$work/deb DEB_VERSION_SUFFIX=+upgradetest LINTIAN=0 bash scripts/build-deb.sh >/dev/null
    debs=$work/deb
else
    # make deb ARCH=arm64: cross-built, packaged in the Debian 12 root, the host's lintian. (The
    # packages go under the work tree, which is what the build roots see.)
    debs=$root/.build/vm-systemd-arm64-deb
    rm -rf "$debs"
    built=$(now)
    DEB_OUT=$debs bash scripts/arm64-deb.sh >"$work/deb.log" 2>&1 || { tail -40 "$work/deb.log"; exit 1; }
    grep -v '^N:' "$work/deb.log" | grep -E '^(arm64-deb|[EWIPXO]:)' | sed 's/^/  /' >&2
    DEB_OUT=$debs DEB_VERSION_SUFFIX=+upgradetest LINTIAN=0 bash scripts/arm64-deb.sh >"$work/deb-upgrade.log" 2>&1 \
        || { tail -40 "$work/deb-upgrade.log"; exit 1; }
    say "arm64 build and two packages: $(elapsed "$built") s"
fi
mkdir -p "$rootfs/root/debs"
cp "$debs/switchpanel_${version}_$arch.deb" "$debs/switchpanel_${version}+upgradetest_$arch.deb" "$rootfs/root/debs/"
chroot "$rootfs" dpkg -i "/root/debs/switchpanel_${version}_$arch.deb" >"$work/dpkg.log" 2>&1 || { cat "$work/dpkg.log"; exit 1; }
unit=$rootfs/lib/systemd/system/switchpanel.service
echo "SWITCHPANEL_VERSION=$version" >"$rootfs/etc/switchpanel-test.env"
echo "SWITCHPANEL_DEB=/root/debs/switchpanel_${version}+upgradetest_$arch.deb" >>"$rootfs/etc/switchpanel-test.env"
echo "SWITCHPANEL_FIRST_DEB=/root/debs/switchpanel_${version}_$arch.deb" >>"$rootfs/etc/switchpanel-test.env"
echo "SWITCHPANEL_CONSOLE=$console" >>"$rootfs/etc/switchpanel-test.env"

# The test board: four switches whose actions leave evidence where the sandbox lets them write
# (/run/switchpanel is the unit's RuntimeDirectory=), one of them a `write` to sysfs; the broker
# in the guest (no node: it is the host name, switchpanel-vm, so topics are under
# switchpanel/switchpanel-vm). The sandbox
# report runs a few dozen commands: under TCG on a loaded 2-core host that took more than the
# default 10 s timeout, hence 60.
cat >"$work/board.json" <<'JSON'
{
  "version": 1,
  "name": "vm-systemd-test board (virtio-gpu 800x480, virtio tablet)",
  "display": { "connector": "Virtual-1", "mode": "800x480", "format": "XRGB8888" },
  "touch": { "devices": [] },
  "theme": { "preset": "ios" },
  "layout": { "columns": 2, "rowHeight": 64, "gap": 16, "margin": 24 },
  "mqtt": { "broker": "mqtt://127.0.0.1:1883" },
  "switches": [
    { "id": "porch", "label": "Porch light",
      "actions": [{ "run": ["/bin/sh", "-c", "echo \"$SWITCHPANEL_ID $SWITCHPANEL_STATE $(id -un)\" > /run/switchpanel/action-$SWITCHPANEL_ID-$SWITCHPANEL_STATE"] }] },
    { "id": "fan", "label": "Fan", "initial": true, "actions": [{ "print": true }] },
    { "id": "heater", "label": "Heater",
      "actions": [{ "run": ["/bin/sh", "-c", "echo \"$SWITCHPANEL_ID $SWITCHPANEL_STATE $(id -un)\" > /run/switchpanel/action-$SWITCHPANEL_ID-$SWITCHPANEL_STATE"] }] },
    { "id": "sandbox", "label": "Sandbox check",
      "actions": [{ "write": "/sys/block/vda/queue/read_ahead_kb", "on": "64", "off": "128" },
                  { "run": ["/bin/sh", "/usr/local/sbin/switchpanel-sandbox-report"], "timeout": 60 }] }
  ]
}
JSON
install -m 0644 "$work/board.json" "$rootfs/etc/switchpanel/board.json"
"$binary" check-config "$work/board.json" >"$work/layout.txt"
# arm64: the uinput touchscreen's tap on heater's centre (its 4096 units per axis over 800x480).
if [ "$arch" = arm64 ]; then
    read -r hx hy < <(awk '$1 == "switch" && $2 == "heater:" { split($3, s, "x"); split($5, p, ",")
        printf "%d %d\n", (p[1] + s[1] / 2) * 4096 / 800, (p[2] + s[2] / 2) * 4096 / 480 }' "$work/layout.txt")
    vm_tap_recording "$binary" "$hx" "$hy" heater >"$rootfs/root/tap-heater.events"
    echo "SWITCHPANEL_UINPUT_TAP=/root/tap-heater.events" >>"$rootfs/etc/switchpanel-test.env"
fi

# The installed unit, plus --verbose (the "idle" lines the checks wait for before each
# screendump) and the example drop-in's recipe for a `write` action to sysfs, on a file every
# guest has.
mkdir -p "$rootfs/etc/systemd/system/switchpanel.service.d"
{
    echo "[Service]"
    echo "ExecStart="
    echo "$(grep '^ExecStart=' "$unit") --verbose"
    echo "ReadWritePaths=-/sys/block/vda/queue/read_ahead_kb"
} >"$rootfs/etc/systemd/system/switchpanel.service.d/vm-test.conf"
# The broker: Debian's mosquitto (enabled by its package) on the loopback only, and the package's
# MQTT drop-in, as on a board whose config names a broker. The panel is ordered after this
# broker (a broker on the panel itself would be, too), so its first attempt finds it listening
# and its log stays free of warnings.
cat >"$rootfs/etc/mosquitto/conf.d/switchpanel-test.conf" <<'CONF'
listener 1883 127.0.0.1
allow_anonymous true
CONF
systemctl --root="$rootfs" enable mosquitto.service >/dev/null 2>&1
cp "$rootfs/usr/share/switchpanel/switchpanel-mqtt.conf" "$rootfs/etc/systemd/system/switchpanel.service.d/mqtt.conf"
printf '[Unit]\nWants=mosquitto.service\nAfter=mosquitto.service\n' >"$rootfs/etc/systemd/system/switchpanel.service.d/vm-test-broker.conf"
cat >"$rootfs/etc/udev/rules.d/90-switchpanel-sysfs.rules" <<'RULE'
SUBSYSTEM=="block", KERNEL=="vda", RUN+="/bin/chgrp switchpanel /sys%p/queue/read_ahead_kb", RUN+="/bin/chmod g+w /sys%p/queue/read_ahead_kb"
RULE
# A person allowed to use the control socket.
mkdir -p "$rootfs/etc/sysusers.d"
cat >"$rootfs/etc/sysusers.d/vm-test-operator.conf" <<'USERS'
u operator - "vm-systemd-test operator"
m operator switchpanel
USERS
# Somebody's home, readable by all: only the sandbox (ProtectHome=) keeps actions out of it.
mkdir -p "$rootfs/home/resident"
echo "not for the panel" >"$rootfs/home/resident/notes.txt"
chmod 0755 "$rootfs/home/resident" && chmod 0644 "$rootfs/home/resident/notes.txt"
ln -sf /dev/null "$rootfs/etc/systemd/system/serial-getty@$console.service"  # the serial console is the test's channel
echo switchpanel-vm >"$rootfs/etc/hostname"

# The "sandbox" switch's second action: what a command run by the panel may and may not do.
cat >"$rootfs/usr/local/sbin/switchpanel-sandbox-report" <<'REPORT'
#!/bin/sh
out=/run/switchpanel/sandbox-$SWITCHPANEL_STATE
try() { if (eval "$2") 2>/dev/null; then echo "$1: allowed"; else echo "$1: refused"; fi; }
input=$(ls /dev/input/event* | head -1)
{
    echo "user: $(id -un)"
    echo "groups: $(id -Gn | tr ' ' '\n' | sort | tr '\n' ' ')"
    grep -E '^(NoNewPrivs|Seccomp|CapEff|CapBnd):' /proc/self/status | tr -d '\t' | sed 's/:/: /'
    try "write /etc/switchpanel" ': >/etc/switchpanel/x'
    try "write /usr/local" ': >/usr/local/x'
    try "write /var/lib/switchpanel" ': >/var/lib/switchpanel/x && rm /var/lib/switchpanel/x'
    try "write /run/switchpanel" ': >/run/switchpanel/x && rm /run/switchpanel/x'
    # Left behind: the check looks for them outside the sandbox.
    for dir in /tmp /var/tmp /dev/shm /dev/mqueue; do try "write $dir" ": >$dir/switchpanel-action-was-here"; done
    try "open /dev/dri/card0 rw" 'exec 3<>/dev/dri/card0'
    try "open input ro" "exec 3<$input"
    try "open input rw" "exec 3<>$input"
    try "open /dev/tty2" 'exec 3<>/dev/tty2'
    try "see PID 1" 'test -e /proc/1/status'
    try "read a home directory" 'cat /home/resident/notes.txt'
    try "write /home" ': >/home/switchpanel-action-was-here'
    echo "network interfaces: $(ls /sys/class/net | tr '\n' ' ')"
} >"$out.tmp"
mv "$out.tmp" "$out"
REPORT
chmod 0755 "$rootfs/usr/local/sbin/switchpanel-sandbox-report"

# The guest's half of the test: checks, printed as "CHECK ok|FAIL ..." lines, and requests
# ("=== DUMP NAME", "=== TAP ID", "=== BEGIN FILE NAME" ... "=== END FILE") that the host
# answers with one line each once done.
cat >"$rootfs/usr/local/sbin/switchpanel-check" <<'CHECK'
#!/bin/sh
. /etc/switchpanel-test.env
exec <"/dev/$SWITCHPANEL_CONSOLE" >"/dev/$SWITCHPANEL_CONSOLE" 2>&1
stty -echo
ok() { if [ "$2" = "$3" ]; then echo "CHECK ok   $1: $2"; else echo "CHECK FAIL $1: got '$2', want '$3'"; fi; }
fail() { echo "CHECK FAIL $*"; }
ask() { echo "=== $*"; read -r _; }
prop() { systemctl show -P "$2" "$1"; }
state() { echo "$(prop switchpanel ActiveState)/$(prop switchpanel SubState)"; }
ctl() { switchpanel ctl "$@" 2>&1; }
# eventually WHAT WANT COMMAND...: ok once COMMAND prints WANT, polled for 60 s at most.
eventually() {
    what=$1 want=$2 i=0
    shift 2
    until got=$("$@") && [ "$got" = "$want" ] || [ $i -ge 120 ]; do i=$((i + 1)); sleep 0.5; done
    ok "$what" "$got" "$want"
}
# The journal of one run of the panel (its InvocationID, by default the current one).
journal() { journalctl -q --no-pager -o cat _SYSTEMD_INVOCATION_ID="${1:-$(prop switchpanel InvocationID)}"; }
# waitlog TEXT [AFTER]: waits for a line of this run containing TEXT (after the last line
# containing AFTER), 60 s at most.
waitlog() {
    i=0
    until journal | awk -v p="$1" -v a="${2:-}" 'BEGIN { seen = a == "" }
            a != "" && index($0, a) { seen = 1; found = 0; next }
            seen && index($0, p) { found = 1 }
            END { exit !found }'; do
        i=$((i + 1))
        [ $i -lt 300 ] || { fail "no log line '$1'${2:+ after '$2'} within 60 s"; return 1; }
        sleep 0.2
    done
}
# dump NAME AFTER: once the panel is idle after the line AFTER (its last frame on screen,
# nothing animating), the host takes the screendump NAME.
dump() { waitlog "idle after" "$2" && ask DUMP "$1"; }
sendfile() { echo "=== BEGIN FILE $1"; cat "$2"; echo "=== END FILE"; }
waitfile() {
    i=0
    until [ -s "$1" ]; do i=$((i + 1)); [ $i -lt 100 ] || { echo "(no $1)"; return; }; sleep 0.1; done
    cat "$1"
}
# The main process's /proc/PID/status field $1.
status() { sed -n "s/^$1:[[:space:]]*//p" "/proc/$pid/status"; }
names() { for g in "$@"; do getent group "$g" | cut -d: -f1; done | sort | tr '\n' ' '; }

# FIGURE LINE: a measurement the host prints (issue 16's figures).
figure() { echo "FIGURE $*"; }
seconds() { awk -v a="$1" -v b="$2" 'BEGIN { printf "%.3f", (b - a) / 1e6 }'; }
ctxt() { awk '/^(non)?voluntary_ctxt_switches:/ { n += $2 } END { print n }' "/proc/$1/status"; }
memory() { awk '/^(Rss|Pss|Private_Dirty|Private_Clean|Shared_Clean):/ { printf "%s %.1f MB  ", $1, $2 / 1024 }' "/proc/$1/smaps_rollup"; }
pkgstate() { s=$(dpkg-query -W -f='${Status}' switchpanel 2>/dev/null); case $s in "" | *not-installed) echo gone ;; *) echo "$s" ;; esac; }
exists() { if [ -e "$1" ]; then echo present; else echo gone; fi; }
# The broker in the guest: what a new subscriber to topic $1 gets first, as "RETAIN PAYLOAD"
# (RETAIN is 1 for a retained message); "Timed out" when nothing comes within 5 s.
base=switchpanel/switchpanel-vm
retained() { mosquitto_sub -h 127.0.0.1 -C 1 -W 5 -F '%r %p' -t "$1" 2>&1; }
# The guest's seconds spent in the MQTT checks (what they add to the test): mqtt_from, then
# mqtt_to after each stretch of them.
mqtt_spent=0
uptime_s() { cut -d' ' -f1 /proc/uptime; }
mqtt_from() { mqtt_began=$(uptime_s); }
mqtt_to() { mqtt_spent=$(awk -v t="$mqtt_spent" -v a="$mqtt_began" -v b="$(uptime_s)" 'BEGIN { printf "%.1f", t + b - a }'); }
echo "=== CHECK START"
# 1. Started at boot, unprivileged, ready. 2. The screen (compared with the render on the host).
ok "installed from the package" "$(pkgstate)" "install ok installed"
ok "package version = switchpanel --version" "$(dpkg-query -W -f='${Version}' switchpanel) $(switchpanel --version)" \
    "$SWITCHPANEL_VERSION switchpanel $SWITCHPANEL_VERSION"
ok "enabled by the package's postinst" "$(systemctl is-enabled switchpanel)" enabled
ok "man pages" "$(ls /usr/share/man/man1/switchpanel.1.gz /usr/share/man/man5/switchpanel-board.json.5.gz | wc -l)" 2
ok "user switchpanel (sysusers.d, by the postinst)" "$(id -un switchpanel 2>&1)" switchpanel
ok "started at boot, READY=1" "$(state)" active/running
ok "status text" "$(prop switchpanel StatusText)" "4 switches on screen"
ok "restarts" "$(prop switchpanel NRestarts)" 0
pid=$(prop switchpanel MainPID)
ok "main process user" "$(ps -o user= -p "$pid")" switchpanel
ok "main process groups" "$(names $(status Groups))" "input switchpanel video "
ok "no capabilities (effective, permitted, bounding)" "$(status CapEff) $(status CapPrm) $(status CapBnd)" \
    "0000000000000000 0000000000000000 0000000000000000"
ok "NoNewPrivs" "$(status NoNewPrivs)" 1
ok "seccomp filter" "$(status Seccomp)" 2
ok "fd 0 is tty1 (StandardInput=tty-force)" "$(readlink "/proc/$pid/fd/0")" /dev/tty1
ok "root read-only in its mount namespace" "$(awk '$5 == "/" { split($6, o, ","); print o[1] }' "/proc/$pid/mountinfo" | tail -1)" ro
ok "getty@tty1 stopped" "$(systemctl is-active getty@tty1.service)" inactive
ok "dev-dri-card0.device (udev rule)" "$(prop dev-dri-card0.device ActiveState)" active
mqtt_from
ok "the broker in the guest (mosquitto.service)" "$(systemctl is-active mosquitto.service)" active
waitlog "MQTT: connected to mqtt://127.0.0.1:1883" \
    && ok "MQTT: connected (through the package's drop-in)" yes yes
eventually "MQTT: retained $base/status" "1 online" retained "$base/status"
eventually "MQTT: retained $base/porch/state at boot" "1 OFF" retained "$base/porch/state"
configs() { mosquitto_sub -h 127.0.0.1 -W 3 -C 4 -F '%r %t' -t "homeassistant/switch/switchpanel-vm/+/config" 2>&1 | sort | tr '\n' ' '; }
ok "MQTT: Home Assistant discovery, retained" "$(configs)" \
    "1 homeassistant/switch/switchpanel-vm/fan/config 1 homeassistant/switch/switchpanel-vm/heater/config 1 homeassistant/switch/switchpanel-vm/porch/config 1 homeassistant/switch/switchpanel-vm/sandbox/config "
mqtt_to
waitlog "first frame on screen"
dump boot "first frame on screen"
figure "kernel start → READY=1 (first frame on screen): $(seconds 0 "$(prop switchpanel ActiveEnterTimestampMonotonic)") s;" \
    "unit start → READY=1: $(seconds "$(prop switchpanel InactiveExitTimestampMonotonic)" "$(prop switchpanel ActiveEnterTimestampMonotonic)") s;" \
    "process start → READY=1: $(seconds "$(prop switchpanel ExecMainStartTimestampMonotonic)" "$(prop switchpanel ActiveEnterTimestampMonotonic)") s (cold cache)"
figure "memory at rest, 800x480 on virtio-gpu: $(memory "$pid")"
before=$(ctxt "$pid")
sleep 10
figure "context switches in 10 s at rest: $(($(ctxt "$pid") - before)) (WatchdogSec=10: a ping every 5 s)"

# 3. A tap from the host, the control socket.
ask TAP porch
waitlog "porch → on (touch)" && ok "tap: porch → on (touch)" yes yes
ok "porch's run action, as switchpanel" "$(waitfile /run/switchpanel/action-porch-on)" "porch on switchpanel"
mqtt_from
eventually "MQTT: the tap on the broker, retained $base/porch/state" "1 ON" retained "$base/porch/state"
mqtt_to
ok "ctl get porch" "$(ctl get porch)" on
ok "ctl set heater on as operator (group switchpanel)" "$(setpriv --reuid=operator --regid=operator --init-groups switchpanel ctl set heater on 2>&1)" on
ok "heater's run action" "$(waitfile /run/switchpanel/action-heater-on)" "heater on switchpanel"
ok "ctl refused to others" "$(setpriv --reuid=nobody --regid=nogroup --clear-groups switchpanel ctl list 2>&1 | grep -c 'permission denied')" 1
ok "ctl set sandbox on as root" "$(ctl set sandbox on)" on
report=$(waitfile /run/switchpanel/sandbox-on)
echo "$report" | sed 's/^/    action in the sandbox: /'
# Inside the unit's user namespace (PrivateUsers=) video and input are not mapped: both show as
# nogroup (the devices still open, below).
for line in "user: switchpanel" "groups: nogroup switchpanel " "NoNewPrivs: 1" "Seccomp: 2" \
    "CapEff: 0000000000000000" "CapBnd: 0000000000000000" "write /etc/switchpanel: refused" \
    "write /usr/local: refused" "write /var/lib/switchpanel: allowed" "write /run/switchpanel: allowed" \
    "write /tmp: allowed" "write /var/tmp: allowed" "open /dev/dri/card0 rw: allowed" "open input ro: allowed" \
    "open input rw: refused" "open /dev/tty2: refused" "see PID 1: refused" "read a home directory: refused" "write /home: refused" \
    "network interfaces: lo "; do
    ok "sandbox: $line" "$(echo "$report" | grep -cxF "$line")" 1
done
# 3c (arm64). A tap from a uinput touchscreen in the guest: `switchpanel inject` plays a recording
# the host wrote (the program's own device header); the panel opens the new device by hot-plug,
# heater goes off, its run action runs, the change is saved; ctl set puts heater back on.
if [ -n "${SWITCHPANEL_UINPUT_TAP:-}" ]; then
    modprobe uinput
    switchpanel inject "$SWITCHPANEL_UINPUT_TAP" --start-after /tmp/go-tap --end-after /tmp/end-tap >/tmp/inject.log 2>&1 &
    injector=$!
    created() { sed -n 's/^created \([^ ]*\) .*/\1/p' /tmp/inject.log; }
    i=0
    until [ -n "$(created)" ] || [ $i -ge 300 ]; do i=$((i + 1)); sleep 0.2; done
    node=$(created)
    ok "uinput: inject created a touchscreen" "$([ -n "$node" ] && echo yes)" yes
    waitlog "touch: $node \"SwitchPanel test touchscreen\"" && ok "uinput: the panel opened $node by hot-plug" yes yes
    touch /tmp/go-tap
    waitlog "heater → off (touch)" && ok "uinput tap: heater → off (touch)" yes yes
    ok "uinput tap: heater's run action" "$(waitfile /run/switchpanel/action-heater-off)" "heater off switchpanel"
    saved() { tr -d ' \n' </var/lib/switchpanel/states.json | grep -o '"heater":[a-z]*'; }
    eventually "uinput tap: the change saved in states.json" '"heater":false' saved
    touch /tmp/end-tap
    wait "$injector"
    ok "uinput: inject exit status" "$?" 0
    sed 's/^/    inject: /' /tmp/inject.log
    ok "ctl set heater on (as before the uinput tap)" "$(ctl set heater on)" on
fi
ok "what actions write in /tmp, /var/tmp, /dev/shm, /dev/mqueue stays in the sandbox" \
    "$(ls /tmp/switchpanel-action-was-here /var/tmp/switchpanel-action-was-here /dev/shm/switchpanel-action-was-here /dev/mqueue/switchpanel-action-was-here 2>/dev/null)" ""
ok "write action to sysfs (ReadWritePaths= drop-in)" "$(cat /sys/block/vda/queue/read_ahead_kb)" 64
ok "ctl set fan off: its print action's line in the journal" "$(ctl set fan off) $(waitlog '{"id":"fan","state":"off"}' && echo printed)" "off printed"
ok "ctl list" "$(ctl list | awk '{ printf "%s=%s ", $1, $2 }')" "porch=on fan=off heater=on sandbox=on "
dump toggled "fan → off (socket)"
sendfile toggled /var/lib/switchpanel/states.json

# 4. Killed: the broker publishes the will, systemd restarts the panel, the states restored
# from disk. A subscriber started before the kill sees the status go online → offline → online.
mqtt_from
mosquitto_sub -h 127.0.0.1 -C 3 -W 90 -t "$base/status" >/tmp/status-seen 2>&1 &
watcher=$!
seen() { wc -l </tmp/status-seen; }
eventually "MQTT: a subscriber to $base/status gets the retained status" 1 seen
old=$pid
systemctl kill -s KILL switchpanel
eventually "MQTT: SIGKILL: the broker publishes the will" 2 seen
# RestartSec=3 leaves a few seconds before the new process connects.
ok "MQTT: SIGKILL: retained $base/status (the will)" "$(retained "$base/status")" "1 offline"
mqtt_to
restarts() { echo "$(prop switchpanel NRestarts) $(state)"; }
eventually "SIGKILL: restarted by systemd, READY=1" "1 active/running" restarts
pid=$(prop switchpanel MainPID)
ok "a new main process, as switchpanel" "$([ "$pid" != "$old" ] && ps -o user= -p "$pid")" switchpanel
mqtt_from
wait "$watcher"
ok "MQTT: $base/status seen across the kill and the restart" "$(tr '\n' ' ' </tmp/status-seen)" "online offline online "
ok "MQTT: after the restart: retained $base/status" "$(retained "$base/status")" "1 online"
mqtt_to
figure "MQTT checks: ${mqtt_spent} s of the guest's time (the will's, counted too, overlap the restart's RestartSec=3);" \
    "mosquitto.service start → ready at boot: $(seconds "$(prop mosquitto InactiveExitTimestampMonotonic)" "$(prop mosquitto ActiveEnterTimestampMonotonic)") s"
waitlog "first frame on screen"
figure "after SIGKILL: process start → READY=1: $(seconds "$(prop switchpanel ExecMainStartTimestampMonotonic)" "$(prop switchpanel ActiveEnterTimestampMonotonic)") s (warm cache)"
sendfile restarted /var/lib/switchpanel/states.json
dump restarted "first frame on screen"
ok "states after the restart" "$(ctl list | awk '{ printf "%s=%s ", $1, $2 }')" "porch=on fan=off heater=on sandbox=on "

# 5. Reload, watchdog, journal, security, stop.
systemctl reload switchpanel
waitlog "reloaded vm-systemd-test board"
reloaded() { echo "$(prop switchpanel NRestarts) $(state) $(prop switchpanel MainPID) $(prop switchpanel StatusText)"; }
eventually "reload: same process, ready again (RELOADING=1, READY=1)" "1 active/running $pid reloaded" reloaded
ok "reload: states kept" "$(ctl list | awk '{ printf "%s=%s ", $1, $2 }')" "porch=on fan=off heater=on sandbox=on "
dump reloaded "reloaded vm-systemd-test board"
before=$(prop switchpanel WatchdogTimestampMonotonic)
sleep 6
after=$(prop switchpanel WatchdogTimestampMonotonic)
ok "watchdog pinged within WatchdogSec/2 + 1 s" "$([ "$after" -gt "$before" ] && echo yes)" yes
ok "-p warning holds no info or debug lines" "$(journalctl -u switchpanel -p warning -o cat --no-pager | grep -c -e 'idle after' -e 'first frame')" 0
ok "debug lines at priority 7" "$(journalctl -u switchpanel -p debug..debug -o cat --no-pager | grep -c 'idle after' | sed 's/^[1-9][0-9]*$/some/')" some
security=$(systemd-analyze security switchpanel --no-pager 2>&1 | tail -1)
echo "    $security"
# With the MQTT drop-in (the unit alone is 0.4; scripts/check-unit.sh says what the network costs).
ok "systemd-analyze security in the guest" "$(echo "$security" | grep -oE '[0-9]+\.[0-9]+ [A-Z]+')" "1.2 OK"
invocation=$(prop switchpanel InvocationID)
systemctl stop switchpanel
ok "stop: clean exit" "$(state) $(prop switchpanel Result) $(prop switchpanel ExecMainStatus)" "inactive/dead success 0"
ok "stop: SIGTERM handled, the display restored" "$(journal "$invocation" | grep -c 'terminated; restoring the display')" 1
ok "no warnings or errors from the panel" "$(journalctl -q _SYSTEMD_UNIT=switchpanel.service -p warning -o cat --no-pager)" ""
printf '\033[2J\033[Hswitchpanel stopped: the console is back\n' >/dev/tty1
ask DUMP stopped

# Started again while a stale session holds tty1 (StandardInput=tty-force takes it over).
setsid -c -f sh -c 'exec sleep 1000' </dev/tty1
sleep 1
systemctl start switchpanel
ok "starts over a stale tty1 session" "$(state)" active/running
waitlog "first frame on screen"
dump stale-tty "first frame on screen"

# 6. The package's life. An upgrade to a newer build of the same package: the edited conffile
# (this test's board.json) and the states stay, the service is restarted once and comes back
# ready with them. Then remove (stopped; states, config and user kept) and purge (all gone).
conf=$(md5sum </etc/switchpanel/board.json)
states=$(md5sum </var/lib/switchpanel/states.json)
old=$(prop switchpanel MainPID)
cursor=$(journalctl -n 0 --show-cursor -o cat | sed -n 's/^-- cursor: //p')
DEBIAN_FRONTEND=noninteractive dpkg -i "$SWITCHPANEL_DEB" >/tmp/upgrade.log 2>&1
ok "upgrade: dpkg -i exit status" "$?" 0
sed 's/^/    upgrade: /' /tmp/upgrade.log
ok "upgrade: version" "$(dpkg-query -W -f='${Version}' switchpanel)" "$SWITCHPANEL_VERSION+upgradetest"
ok "upgrade: the edited board.json kept, no prompt" "$(md5sum </etc/switchpanel/board.json)" "$conf"
ok "upgrade: states.json kept" "$(md5sum </var/lib/switchpanel/states.json)" "$states"
eventually "upgrade: running, READY=1" active/running state
unitlog() { journalctl -u switchpanel --after-cursor="$cursor" -o cat --no-pager | grep -cE "^$1 (switchpanel\.service|SwitchPanel touchscreen)"; }
ok "upgrade: restarted exactly once (stopped, started)" "$(unitlog Stopped) $(unitlog Started)" "1 1"
pid=$(prop switchpanel MainPID)
ok "upgrade: a new main process" "$([ "$pid" != "$old" ] && echo yes)" yes
ok "upgrade: the states after the restart" "$(ctl list | awk '{ printf "%s=%s ", $1, $2 }')" "porch=on fan=off heater=on sandbox=on "
DEBIAN_FRONTEND=noninteractive apt-get remove -y switchpanel >/tmp/remove.log 2>&1
ok "apt-get remove: exit status" "$?" 0
ok "remove: service stopped" "$(prop switchpanel ActiveState)" inactive
ok "remove: no process of user switchpanel" "$(pgrep -c -u switchpanel)" 0
ok "remove: the program gone" "$(exists /usr/bin/switchpanel)" gone
ok "remove: package state" "$(pkgstate)" "deinstall ok config-files"
ok "remove: states.json kept" "$(md5sum </var/lib/switchpanel/states.json)" "$states"
ok "remove: the edited board.json kept" "$(md5sum </etc/switchpanel/board.json)" "$conf"
ok "remove: user kept" "$(id -un switchpanel 2>&1)" switchpanel
DEBIAN_FRONTEND=noninteractive apt-get purge -y switchpanel >/tmp/purge.log 2>&1
ok "apt-get purge: exit status" "$?" 0
ok "purge: package gone" "$(pkgstate)" gone
ok "purge: /var/lib/switchpanel gone" "$(exists /var/lib/switchpanel)" gone
ok "purge: /etc/switchpanel gone" "$(exists /etc/switchpanel)" gone
ok "purge: user and group gone" "$(getent passwd switchpanel | wc -l) $(getent group switchpanel | wc -l)" "0 0"
ok "purge: the unit's enablement gone" "$(exists /etc/systemd/system/multi-user.target.wants/switchpanel.service)" gone
# A fresh install on the running system, as docs/packaging-and-systemd.md says (apt, a local file):
# the postinst creates the user, applies the udev rule and starts the service on the packaged demo panel.
# The guest has no network: its apt would try to fetch the package's Recommends (the Noto and
# Lohit fonts, colour emoji, libwebsockets17) and fail, so they are left out, as
# --no-install-recommends leaves them on a board (the panel draws without them).
DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends "$SWITCHPANEL_FIRST_DEB" >/tmp/install.log 2>&1
status=$?
ok "apt-get install ./switchpanel.deb on a running system: exit status" "$status" 0
[ "$status" = 0 ] || sed 's/^/    install: /' /tmp/install.log
eventually "install: started at once, READY=1" active/running state
ok "install: the demo panel (the packaged conffile)" "$(prop switchpanel StatusText)" "10 switches on screen"
ok "install: user switchpanel again" "$(ps -o user= -p "$(prop switchpanel MainPID)")" switchpanel
waitlog "first frame on screen"
dump fresh "first frame on screen"
# The figures without a broker: libmosquitto (and libssl, libcrypto) are loaded only when a
# config names one, so this panel never maps them.
figure "fresh install, the demo panel without MQTT: process start → READY=1: $(seconds "$(prop switchpanel ExecMainStartTimestampMonotonic)" "$(prop switchpanel ActiveEnterTimestampMonotonic)") s"
sleep 2
figure "memory at rest, 800x480 on virtio-gpu, the demo panel without MQTT: $(memory "$(prop switchpanel MainPID)")"
systemctl stop switchpanel
echo "=== journal"
journalctl -u switchpanel -o short-monotonic --no-pager | grep -v -e 'idle after' -e 'frame [0-9]*: touch' | tail -60
echo "=== CHECK END"
systemctl poweroff
CHECK
chmod +x "$rootfs/usr/local/sbin/switchpanel-check"
cat >"$rootfs/etc/systemd/system/switchpanel-check.service" <<'UNIT'
[Unit]
Description=SwitchPanel vm-systemd-test checks
After=switchpanel.service
[Service]
Type=exec
ExecStart=/usr/local/sbin/switchpanel-check
[Install]
WantedBy=multi-user.target
UNIT
systemctl --root="$rootfs" enable switchpanel-check.service >/dev/null 2>&1

# --- boot, answering the guest -----------------------------------------------------------------
mke2fs -q -t ext4 -d "$rootfs" "$work/root.img" 2G

# tablet_raw PIXEL SIZE: the virtio tablet's 0..32767 value at that pixel.
tablet_raw() { awk -v p="$1" -v size="$2" 'BEGIN { printf "%d", p * 32767 / (size - 1) + 0.5 }'; }

failures=0
fail() { say "FAIL $*"; failures=$((failures + 1)); }
pass() { say "ok   $*"; }

if [ "$arch" = amd64 ]; then
    guest=(qemu-system-x86_64 -accel tcg,thread=multi -cpu max -m 1024 -smp 2
        -kernel "$vm_kernel" -initrd "$initrd" -append "root=/dev/vda rw console=ttyS0 quiet"
        -drive "file=$work/root.img,if=virtio,format=raw" -vga none)
    guest_timeout=900
else
    # Debian's arm64 kernel has virtio_blk and ext4 as modules: a busybox initramfs loads them,
    # mounts the root and hands over to its systemd.
    initramfs=$work/initramfs
    mkdir -p "$initramfs"/{bin,dev,proc,sys,newroot,lib/modules}
    cp "$arm64_vm_tree/usr/bin/busybox" "$initramfs/bin/busybox"
    vm_copy_modules "$vm_kver" "$arm64_vm_tree" "$initramfs/lib/modules" virtio_blk ext4
    {
        vm_init_prologue
        echo 'i=0; while [ ! -b /dev/vda ] && [ $i -lt 500 ]; do i=$((i + 1)); sleep 0.02; done'
        echo 'mount -t ext4 -o rw /dev/vda /newroot || { echo "initramfs: cannot mount /dev/vda"; poweroff -f; }'
        echo 'umount /proc /sys; mount --move /dev /newroot/dev'
        echo 'exec switch_root /newroot /sbin/init'
    } >"$initramfs/init"
    chmod +x "$initramfs/init"
    vm_pack_initramfs "$initramfs" "$work/initramfs.cpio.gz"
    guest=(qemu-system-aarch64 -M virt -accel tcg,thread=multi -cpu max -m 1024 -smp 2
        -kernel "$vm_kernel" -initrd "$work/initramfs.cpio.gz" -append "root=/dev/vda rw console=ttyAMA0 quiet"
        -drive "file=$work/root.img,if=none,id=root,format=raw" -device virtio-blk-pci,drive=root)
    guest_timeout=1800
fi

say "booting $vm_kver under TCG (virtio-gpu 800x480, virtio tablet)"
booted=$(now)
log=$work/serial.log
mkdir -p "$work/files"
# The harness's own requests and lines: the checks' and figures' lines printed as they come,
# "=== TAP ID" (a tap at switch ID's centre), "=== BEGIN FILE NAME" ... "=== END FILE" (a file
# copied out of the guest).
file=""
vm_guest_line() {
    local line=$1 id x y
    if [ -n "$file" ]; then
        if [ "$line" = "=== END FILE" ]; then file=""; else printf '%s\n' "$line" >>"$file"; fi
        return 0
    fi
    case $line in
    "CHECK "*) printf '  %s\n' "${line#CHECK }" >&2 ;;
    "FIGURE "*) printf '  figure: %s\n' "${line#FIGURE }" >&2 ;;
    "    "*) printf '  %s\n' "$line" >&2 ;;
    "=== CHECK START") say "guest up after $(elapsed "$booted") s" ;;
    "=== TAP "*)
        id=${line#=== TAP }
        # "switch porch: 51x31 at 341,40.5  label ..." from check-config: tap the switch's centre.
        read -r x y < <(awk -v id="$id:" '$1 == "switch" && $2 == id {
            split($3, s, "x"); split($5, p, ","); print p[1] + s[1] / 2, p[2] + s[2] / 2 }' "$work/layout.txt")
        vm_tablet_tap "$vm_guest_qmp" "$(tablet_raw "$x" 800)" "$(tablet_raw "$y" 480)" || fail "tap $id"
        vm_guest_reply
        ;;
    "=== BEGIN FILE "*)
        file=$work/files/${line#=== BEGIN FILE }/states.json
        mkdir -p "${file%/*}" && : >"$file"
        ;;
    *) return 1 ;;
    esac
}
vm_guest_loop "$work/dump-" "$log" 300 "=== CHECK END" \
    timeout "$guest_timeout" "${guest[@]}" -device virtio-gpu-pci,xres=800,yres=480 -device virtio-tablet-pci \
    -display none -serial stdio -monitor none -net none -no-reboot
say "guest ran $vm_guest_seconds s"
if [ -n "${KEEP_DUMPS:-}" ]; then mkdir -p "$KEEP_DUMPS" && cp -r "$work"/dump-*.ppm "$work/files" "$log" "$KEEP_DUMPS/"; fi
grep -q '^=== CHECK END' "$log" || { tail -40 "$log"; fail "the guest did not finish"; exit 1; }
sed -n '/^=== journal/,/^=== CHECK END/p' "$log" | sed '1d;$d' | sed 's/^/  journal: /' >&2
failed=$(grep -c '^CHECK FAIL' "$log" || true)
passed=$(grep -c '^CHECK ok' "$log" || true)
say "guest: $passed checks passed, $failed failed"
failures=$((failures + failed))

# --- the screen against the host's render of the same config and states ------------------------
# render NAME [STATES]: the panel as `switchpanel render` draws it on the host.
render() {
    local args=(--config "$work/board.json" --out "$work/render-$1.png")
    [ -z "${2:-}" ] || args+=(--state-dir "$work/files/$2")
    "$binary" render "${args[@]}" >/dev/null
}
# screen DUMP RENDER WHAT
screen() {
    local result
    if [ ! -f "$work/dump-$1.ppm" ]; then fail "$3: no screendump $1"; return; fi
    if result=$(vm_compare_images "$work/render-$2.png" "$work/dump-$1.ppm"); then
        pass "$3: screendump $1 = host render ($result)"
    else
        fail "$3: screendump $1 differs from the host render: $result"
    fi
}
render initial
render toggled toggled
render restarted restarted
if [ -f "$work/files/toggled/states.json" ] && cmp -s "$work/files/toggled/states.json" "$work/files/restarted/states.json"; then
    pass "states.json after the restart is the one saved before the kill: $(tr -d ' \n' <"$work/files/restarted/states.json")"
else
    fail "states.json changed across the restart"
fi
screen boot initial "at boot, the config's initial states"
screen toggled toggled "after the tap and two ctl set"
screen restarted restarted "after SIGKILL and the restart, states from disk"
screen reloaded restarted "after systemctl reload"
screen stale-tty restarted "started over a stale tty1 session"
"$binary" render --out "$work/render-demo.png" >/dev/null
screen fresh demo "a fresh install from the package (apt-get install), the demo panel"
# A black screen of the same size: the console after stop must be neither that nor the panel.
{ printf 'P6\n800 480\n255\n'; head -c $((800 * 480 * 3)) /dev/zero; } >"$work/black.ppm"
if [ -f "$work/dump-stopped.ppm" ] && ! vm_compare_images "$work/black.ppm" "$work/dump-stopped.ppm" >/dev/null \
    && ! vm_compare_images "$work/render-restarted.png" "$work/dump-stopped.ppm" >/dev/null; then
    pass "after stop the screen is the text console again"
else
    fail "after stop the screen is not the console"
fi
if [ -n "${KEEP_DUMPS:-}" ]; then cp "$work"/render-*.png "$KEEP_DUMPS/"; fi
say "total $(elapsed "$started") s"
((failures == 0)) || { say "$failures checks failed"; exit 1; }
say "all checks passed"
