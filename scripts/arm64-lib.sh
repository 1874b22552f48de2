# Shared parts of the arm64 build and its checks (arm64-setup.sh, arm64-build.sh, arm64-test.sh,
# arm64-check.sh): where the cached roots live, how a command runs inside one, and qemu-user.
#
# Debian roots, made once by arm64-setup.sh under one cache folder and reused: two of Debian 13
# (trixie),
#   build-root  amd64: Debian 13's Swift 6.0.3 (swiftlang), which cross-compiles to aarch64 with
#               Debian 13's arm64 Swift runtime (swiftlang:arm64, unpacked at /opt/swift-aarch64)
#               and the project's -dev packages as :arm64 (multiarch); builds the .deb.
#   test-root   arm64: a plain Debian 13 arm64 system, run under qemu-user (binfmt_misc), where
#               the package is installed and the tests run.
# and two of Debian 12 (bookworm):
#   bookworm-root  amd64 with the -dev packages as :arm64: the sysroot the packaged program links
#               against (glibc 2.36, Debian 12's C libraries), bound into build-root at
#               /sysroot/bookworm, and where its package is made (Depends from Debian 12's libraries).
#   bookworm-test-root  a plain Debian 12 arm64 system (qemu-user), where the package installs too.
# The host's own apt sources are never touched: each root has its own.
#
# Source it; it defines variables and functions only.

arm64_say() { echo "${arm64_name:-arm64}: $*" >&2; }

arm64_cache=${SWITCHPANEL_ARM64_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/switchpanel/arm64}
arm64_build_root=$arm64_cache/build-root
arm64_test_root=$arm64_cache/test-root
arm64_bookworm_root=$arm64_cache/bookworm-root
arm64_bookworm_test_root=$arm64_cache/bookworm-test-root
arm64_suite=trixie
# The host's Debian mirror (its sources list's first URI), for the roots' own sources.
arm64_mirror=${SWITCHPANEL_DEBIAN_MIRROR:-$(sed -n 's/^URIs: *//p; s/^deb \(\[[^]]*\] \)\{0,1\}\(http[^ ]*debian\) .*/\2/p' \
    /etc/apt/sources.list.d/*.sources /etc/apt/sources.list 2>/dev/null | grep -v security | head -1 || true)}
arm64_mirror=${arm64_mirror:-http://deb.debian.org/debian}
# The Swift runtime for aarch64 inside build-root (Debian 13's swiftlang:arm64, unpacked).
arm64_swift_runtime=/opt/swift-aarch64/usr/libexec/swift/lib

# The host's packages are installed as the x86_64 harnesses install theirs (vm-lib.sh's
# vm_require_packages: apt, with sudo when not root), said under this script's name.
# shellcheck source=vm-lib.sh
. "$(dirname "${BASH_SOURCE[0]}")/vm-lib.sh"

# Installs the host (Debian 12) packages given that are missing.
arm64_require_host_packages() { vm_name=${arm64_name:-arm64} vm_require_packages "$@"; }

# Registers Debian's qemu-aarch64-static with binfmt_misc (there is no update-binfmts here), so
# aarch64 programs run as if native, inside chroots too (flag F: the interpreter is opened now).
arm64_register_binfmt() {
    local dir=/proc/sys/fs/binfmt_misc
    [ -e "$dir/register" ] || mount -t binfmt_misc binfmt_misc "$dir"
    if [ -e "$dir/qemu-aarch64" ]; then
        grep -q '^enabled' "$dir/qemu-aarch64" && return 0
        echo 1 >"$dir/qemu-aarch64"
        return 0
    fi
    printf '%s' ':qemu-aarch64:M::\x7fELF\x02\x01\x01\x00\x00\x00\x00\x00\x00\x00\x00\x00\x02\x00\xb7\x00:\xff\xff\xff\xff\xff\xff\xff\x00\xff\xff\xff\xff\xff\xff\xff\xff\xfe\xff\xff\xff:/usr/bin/qemu-aarch64-static:F' \
        >"$dir/register"
}

# Runs a command in the root $1 (chroot), in a mount namespace of its own, so /proc, /dev, /sys
# and the work tree (bound at its own path) are mounted for it alone and go away with it.
# The Swift runtime reads a program's arguments from /proc: without it every command prints
# its usage and exits 2. With ARM64_SCRATCH_ROOT set (an empty folder on the cache's file
# system), the root is an overlay whose changes go there, so a test's installs leave the cached
# root as it was. ARM64_BIND="SOURCE:TARGET" binds another folder into the root.
arm64_in_root() {
    local root=$1
    shift
    unshare --mount --propagation private -- /bin/bash -euc '
        root=$1 tree=$2 scratch=$3 bind=$4
        shift 4
        if [ -n "$scratch" ]; then
            mkdir -p "$scratch/upper" "$scratch/work" "$scratch/merged"
            mount -t overlay overlay -o "lowerdir=$root,upperdir=$scratch/upper,workdir=$scratch/work" "$scratch/merged"
            root=$scratch/merged
        fi
        mount -t proc proc "$root/proc"
        mount -t sysfs sysfs "$root/sys"
        mount --rbind /dev "$root/dev"
        mount -t tmpfs tmpfs "$root/tmp"
        mkdir -p "$root$tree"
        mount --bind "$tree" "$root$tree"
        if [ -n "$bind" ]; then
            mkdir -p "$root${bind#*:}"
            mount --rbind "${bind%%:*}" "$root${bind#*:}"
        fi
        cp -L /etc/resolv.conf "$root/etc/resolv.conf" 2>/dev/null || true
        cd "$root$tree"
        exec chroot "$root" /usr/bin/env -i HOME=/root TERM=dumb LANG=C.UTF-8 \
            PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin DEBIAN_FRONTEND=noninteractive \
            ${ARM64_ROOT_ENV:-} /bin/bash -euc "cd \"\$0\" && \"\$@\"" "$tree" "$@"
    ' arm64-in-root "$root" "$arm64_tree" "${ARM64_SCRATCH_ROOT:-}" "${ARM64_BIND:-}" "$@"
}

# Debian 13's arm64 kernel (and busybox-static) for the aarch64 guests, downloaded once with
# apt-get download in the build root and unpacked under the cache (vm/tree). Sets arm64_vm_tree,
# arm64_vm_tree_parent (the folder holding it), arm64_vm_kver and arm64_vm_kernel; the modules
# are .ko.xz under $arm64_vm_tree/usr/lib/modules, with their modules.dep.
arm64_vm_kernel() {
    local vm=$arm64_cache/vm deb
    if ! [ -e "$vm/.switchpanel-unpacked" ]; then
        arm64_say "downloading Debian 13's arm64 kernel and busybox-static (apt-get download in the build root)"
        arm64_in_root "$arm64_build_root" sh -c 'mkdir -p /var/cache/switchpanel-vm && cd /var/cache/switchpanel-vm &&
            image=$(apt-cache depends linux-image-arm64:arm64 | sed -n "s/.*Depends: \(linux-image-[0-9][^ ]*\)/\1/p" | head -1) &&
            apt-get download -qq "$image" busybox-static:arm64 2>&1 | grep -v unsandboxed || true'
        rm -rf "$vm" && mkdir -p "$vm/tree"
        for deb in "$arm64_build_root"/var/cache/switchpanel-vm/*.deb; do dpkg -x "$deb" "$vm/tree"; done
        ln -sfn usr/lib "$vm/tree/lib"
        touch "$vm/.switchpanel-unpacked"
    fi
    arm64_vm_tree_parent=$vm
    arm64_vm_tree=$vm/tree
    arm64_vm_kver=$(ls "$vm/tree/usr/lib/modules" | sort -V | tail -1)
    arm64_vm_kernel=$vm/tree/boot/vmlinuz-$arm64_vm_kver
    [ -e "$vm/tree/usr/lib/modules/$arm64_vm_kver/modules.dep" ] || depmod -b "$vm/tree" "$arm64_vm_kver"
}

# The work tree bound into the roots (the repository's top).
arm64_tree=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
