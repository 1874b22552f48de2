#!/usr/bin/env bash
# Sets up everything the arm64 build and its checks need, on a Debian 12 amd64 machine, under one
# cache folder (~/.cache/switchpanel/arm64, or SWITCHPANEL_ARM64_CACHE): see arm64-lib.sh for the
# two roots. Idempotent: each stage leaves a stamp file and is skipped once it is there. Resumable:
# downloads are kept (debootstrap's --cache-dir, apt's archives), so an interrupted run picks up
# where it stopped. The host gets debootstrap and qemu-user-static and a binfmt_misc entry for
# qemu-aarch64; its apt sources are never changed.
#
# Usage: arm64-setup.sh [build|test|bookworm|bookworm-test|all|status]
#   (default all; build and bookworm: what `make build ARCH=arm64` needs, bookworm being the
#   Debian 12 sysroot; test and bookworm-test: the Debian 13 and 12 arm64 roots of the checks;
#   status: exit 0 when all is set up, else name what is missing, changing nothing)
set -euo pipefail
arm64_name=arm64-setup
source "$(dirname "$0")/arm64-lib.sh"
what=${1:-all}

# The project's C libraries, as in scripts/setup.sh, for the aarch64 side of the cross build.
arm64_dev_packages=(libpng-dev libevdev-dev libdrm-dev libmosquitto-dev libssl-dev libcairo2-dev libfreetype-dev
    libfontconfig-dev libmicrohttpd-dev libharfbuzz-dev libfribidi-dev libwebsockets-dev)
# The stamps of the stages that install them name the list, so a longer list installs what it adds.
arm64_dev_list=dev-$(echo "${arm64_dev_packages[*]}" | md5sum | cut -c1-8)
# The same for amd64 in the build root, but for libwebsockets-dev, whose lws_config.h differs by
# architecture (not co-installable with its :arm64 self); the x86_64 programs built there (the
# bench) do not include it.
arm64_amd64_dev_packages=()
for p in "${arm64_dev_packages[@]}"; do [ "$p" = libwebsockets-dev ] || arm64_amd64_dev_packages+=("$p"); done
# What the tests read at run time (fonts, libraries) in the arm64 root.
arm64_test_packages=(fontconfig fonts-dejavu-core fonts-wqy-microhei libpng16-16t64 libevdev2 libdrm2
    libfreetype6 libfontconfig1 libmosquitto1 libmicrohttpd12t64 libcairo2 libstdc++6 libharfbuzz0b libfribidi0
    fonts-noto-core fonts-lohit-deva fonts-noto-color-emoji)
# The programs the tests run (on the host from scripts/setup.sh or the base system): openssl (a
# throwaway CA for the TLS test), pango-view (the text reference), ip and curl (the preview's
# network-namespace test).
arm64_test_packages+=(openssl pango1.0-tools iproute2 curl)
# The servers and clients the tests talk to, as the host's architecture (amd64, a foreign
# architecture of the root), so they run natively rather than under qemu-user: mosquitto and its
# clients mosquitto_pub and mosquitto_sub, and python3 with python3-websockets (the Home
# Assistant fault tests' server, Tests/PanelRuntimeTests/homeassistant_fault_server.py). What is
# tested here is the aarch64 program; a Pi's broker runs on a real CPU, and emulated these were
# 10-20 times slower than any real one (the MQTT flood and the 16 MiB frame then measured them).
arm64_test_native_packages=(mosquitto:amd64 mosquitto-clients:amd64 python3:amd64 python3-websockets:amd64)
# The Swift runtime's shared libraries need these too (FoundationXML, FoundationNetworking),
# which the test bundle loads.
arm64_test_packages+=(libxml2 libcurl4t64)

arm64_x86_64_runtime=(fontconfig fonts-dejavu-core fonts-wqy-microhei libpng16-16t64 libevdev2 libdrm2 libfreetype6
    libfontconfig1 libharfbuzz0b libfribidi0)

stamp() { [ -e "$1/.switchpanel-$2" ]; }
stamped() { date -u +%FT%TZ >"$1/.switchpanel-$2"; }

# A minimal Debian root of architecture $2 at $1, of Debian 13 or the suite $3. debootstrap
# cannot resume a half-made root, so one without its stamp is made again from scratch, from the
# packages it kept.
make_root() {
    local root=$1 arch=$2 suite=${3:-$arm64_suite}
    stamp "$root" debootstrap && return 0
    rm -rf "$root"
    mkdir -p "$root" "$arm64_cache/debootstrap-$suite-$arch"
    arm64_say "debootstrap $suite ($arch) into $root from $arm64_mirror"
    local started=$SECONDS
    nice debootstrap --arch="$arch" --variant=minbase --cache-dir="$arm64_cache/debootstrap-$suite-$arch" \
        "$suite" "$root" "$arm64_mirror" >"$arm64_cache/debootstrap-$suite-$arch.log" 2>&1 \
        || { tail -20 "$arm64_cache/debootstrap-$suite-$arch.log"; exit 1; }
    # The root's own sources: Debian 13 and its security updates (deb822, as Debian 13 writes them).
    rm -f "$root/etc/apt/sources.list"
    cat >"$root/etc/apt/sources.list.d/debian.sources" <<EOF
Types: deb
URIs: $arm64_mirror
Suites: $suite $suite-updates
Components: main
Signed-By: /usr/share/keyrings/debian-archive-keyring.gpg
EOF
    # Keep what apt downloads (resumable; the roots are a cache anyway) and no recommends.
    printf 'APT::Install-Recommends "false";\nBinary::apt::APT::Keep-Downloaded-Packages "true";\n' \
        >"$root/etc/apt/apt.conf.d/90switchpanel"
    stamped "$root" debootstrap
    arm64_say "debootstrap $suite ($arch) took $((SECONDS - started)) s"
}

setup_host() {
    arm64_require_host_packages debootstrap qemu-user-static debian-archive-keyring lintian python3
    arm64_register_binfmt
}

setup_build_root() {
    local root=$arm64_build_root
    make_root "$root" amd64
    if ! stamp "$root" toolchain; then
        arm64_say "installing Swift 6.0.3 and the aarch64 cross libraries in the build root"
        local started=$SECONDS dev=() p
        for p in "${arm64_dev_packages[@]}"; do dev+=("$p:arm64"); done
        arm64_in_root "$root" sh -c 'dpkg --add-architecture arm64 && apt-get update -qq' >/dev/null
        # libstdc++-14-dev: swiftlang's clang needs its headers (C++ interop of the C modules).
        # binutils/gcc for aarch64: the linker Swift drives, strip and the C stub of debian/rules.
        arm64_in_root "$root" nice apt-get install -y -qq swiftlang libstdc++-14-dev pkgconf \
            gcc-aarch64-linux-gnu binutils-aarch64-linux-gnu libc6-dev:arm64 libgcc-14-dev:arm64 \
            libstdc++-14-dev:arm64 "${dev[@]}" debhelper fakeroot dpkg-dev python3 file git \
            >"$arm64_cache/build-root-apt.log" 2>&1 || { tail -20 "$arm64_cache/build-root-apt.log"; exit 1; }
        stamped "$root" toolchain
        stamped "$root" "arm64-$arm64_dev_list"
        arm64_say "toolchain installed in $((SECONDS - started)) s"
    fi
    if ! stamp "$root" "arm64-$arm64_dev_list"; then
        local dev=() p
        for p in "${arm64_dev_packages[@]}"; do dev+=("$p:arm64"); done
        arm64_in_root "$root" sh -c 'apt-get update -qq' >/dev/null
        arm64_in_root "$root" nice apt-get install -y -qq "${dev[@]}" \
            >>"$arm64_cache/build-root-apt.log" 2>&1 || { tail -20 "$arm64_cache/build-root-apt.log"; exit 1; }
        stamped "$root" "arm64-$arm64_dev_list"
    fi
    local runtime
    runtime=x86-64-runtime-$(echo "${arm64_x86_64_runtime[*]}" | md5sum | cut -c1-8)
    if ! stamp "$root" "$runtime"; then
        # The amd64 program's libraries and fonts, so arm64-render-check.sh can draw the x86_64
        # pictures with the same Debian 13 FreeType and fonts as the arm64 ones.
        arm64_in_root "$root" nice apt-get install -y -qq "${arm64_x86_64_runtime[@]}" \
            >>"$arm64_cache/build-root-apt.log" 2>&1 || { tail -20 "$arm64_cache/build-root-apt.log"; exit 1; }
        stamped "$root" "$runtime"
    fi
    if ! stamp "$root" "amd64-$arm64_dev_list"; then
        # The same -dev packages for amd64: Swift 6.0.3 builds the x86_64 programs too (the
        # toolchain policy: the sources build with 6.0.3 here and the host's 6.3.1), and
        # arm64-instruction-counts.sh counts an x86_64 bench built by the same compiler.
        arm64_in_root "$root" nice apt-get install -y -qq "${arm64_amd64_dev_packages[@]}" \
            >>"$arm64_cache/build-root-apt.log" 2>&1 || { tail -20 "$arm64_cache/build-root-apt.log"; exit 1; }
        stamped "$root" "amd64-$arm64_dev_list"
    fi
    if ! stamp "$root" swift-aarch64-runtime; then
        # swiftlang:arm64 and libswiftlang:arm64 (its shared runtime, XCTest) cannot be installed
        # beside their amd64 selves (the same paths): unpack them, the version the compiler is.
        arm64_say "unpacking Debian 13's arm64 Swift runtime at /opt/swift-aarch64 in the build root"
        arm64_in_root "$root" sh -c 'mkdir -p /var/cache/switchpanel && cd /var/cache/switchpanel &&
            v=$(dpkg-query -W -f="\${Version}" swiftlang) &&
            apt-get download -qq "swiftlang:arm64=$v" "libswiftlang:arm64=$v" 2>&1 | grep -v "unsandboxed" || true
            rm -rf /opt/swift-aarch64 &&
            dpkg -x swiftlang_*_arm64.deb /opt/swift-aarch64 && dpkg -x libswiftlang_*_arm64.deb /opt/swift-aarch64'
        stamped "$root" swift-aarch64-runtime
    fi
}

# Installs packages ($4...) in the test root once, saying what ($2), after the shell command $3
# (apt's lists brought up to date, or more), under a stamp $1-<the list's checksum>: the stamp names
# the list, so a longer list installs what it adds.
install_in_test_root() {
    local root=$arm64_test_root stage=$1 what=$2 prepare=$3 list started=$SECONDS
    shift 3
    list=$stage-$(echo "$*" | md5sum | cut -c1-8)
    stamp "$root" "$list" && return 0
    arm64_say "installing $what in the arm64 root"
    arm64_in_root "$root" sh -c "$prepare" >/dev/null
    arm64_in_root "$root" nice apt-get install -y -qq "$@" >"$arm64_cache/test-root-apt.log" 2>&1 ||
        { tail -20 "$arm64_cache/test-root-apt.log"; exit 1; }
    stamped "$root" "$list"
    arm64_say "$what installed in $((SECONDS - started)) s"
}

setup_test_root() {
    make_root "$arm64_test_root" arm64
    install_in_test_root runtime "the run-time libraries, fonts and programs (emulated)" 'apt-get update -qq' \
        "${arm64_test_packages[@]}"
    install_in_test_root native "the tests' servers for amd64 (run natively)" \
        'dpkg --add-architecture amd64 && apt-get update -qq' "${arm64_test_native_packages[@]}"
}

# Debian 12 (bookworm) amd64 with the project's -dev packages as :arm64: the sysroot the
# bookworm-compatible program links against (glibc 2.36 and Debian 12's C libraries), and where
# its package's Depends are worked out from Debian 12's arm64 libraries.
setup_bookworm_root() {
    local root=$arm64_bookworm_root
    make_root "$root" amd64 bookworm
    if ! stamp "$root" "arm64-$arm64_dev_list"; then
        arm64_say "installing Debian 12's arm64 -dev packages in the bookworm root"
        local started=$SECONDS dev=() p
        for p in "${arm64_dev_packages[@]}"; do dev+=("$p:arm64"); done
        arm64_in_root "$root" sh -c 'dpkg --add-architecture arm64 && apt-get update -qq' >/dev/null
        arm64_in_root "$root" nice apt-get install -y -qq libc6-dev:arm64 libgcc-12-dev:arm64 libstdc++-12-dev:arm64 \
            "${dev[@]}" debhelper fakeroot dpkg-dev python3 binutils-aarch64-linux-gnu gcc-aarch64-linux-gnu \
            >"$arm64_cache/bookworm-root-apt.log" 2>&1 || { tail -20 "$arm64_cache/bookworm-root-apt.log"; exit 1; }
        stamped "$root" "arm64-$arm64_dev_list"
        arm64_say "bookworm's arm64 libraries installed in $((SECONDS - started)) s"
    fi
    if ! stamp "$root" relative-links; then
        # The -dev packages' absolute links (libm.so -> /lib/aarch64-linux-gnu/libm.so.6) would
        # lead out of the sysroot when it is bound into build-root, to Debian 13's libraries:
        # made relative, they stay inside it.
        python3 - "$root" <<'PY'
import os, sys
root = sys.argv[1]
for folder in ("usr/lib/aarch64-linux-gnu", "usr/lib/gcc/aarch64-linux-gnu"):
    for where, _, names in os.walk(os.path.join(root, folder)):
        for name in names:
            link = os.path.join(where, name)
            target = os.readlink(link) if os.path.islink(link) else ""
            if target.startswith("/"):
                os.unlink(link)
                os.symlink(os.path.relpath(root + target, where), link)
PY
        stamped "$root" relative-links
    fi
}

# A plain Debian 12 arm64 system (emulated), where arm64-render-check.sh installs the package too.
setup_bookworm_test_root() {
    make_root "$arm64_bookworm_test_root" arm64 bookworm
}

# `status`: whether everything is set up already (every stamp of `all` there, the host's packages
# installed and Debian 13's arm64 kernel unpacked), changing nothing; prints what is missing.
# (.ci/run runs the arm64 steps only then: a fresh set-up does not fit its budget.)
status() {
    local list runtime missing=() p stage
    list=runtime-$(echo "${arm64_test_packages[*]}" | md5sum | cut -c1-8)
    runtime=x86-64-runtime-$(echo "${arm64_x86_64_runtime[*]}" | md5sum | cut -c1-8)
    for stage in "$arm64_build_root debootstrap" "$arm64_build_root toolchain" "$arm64_build_root arm64-$arm64_dev_list" \
        "$arm64_build_root $runtime" "$arm64_build_root amd64-$arm64_dev_list" "$arm64_build_root swift-aarch64-runtime" \
        "$arm64_bookworm_root debootstrap" "$arm64_bookworm_root arm64-$arm64_dev_list" "$arm64_bookworm_root relative-links" \
        "$arm64_test_root debootstrap" "$arm64_bookworm_test_root debootstrap"; do
        stamp ${stage% *} ${stage#* } || missing+=("$(basename "${stage% *}"):${stage#* }")
    done
    # A test root with an older package list will do: arm64-test.sh installs what the list adds
    # (an apt-get install under emulation, a minute or two), not a root made anew.
    stamp "$arm64_test_root" "$list" || compgen -G "$arm64_test_root/.switchpanel-runtime-*" >/dev/null ||
        missing+=("test-root:$list")
    [ -e "$arm64_cache/vm/.switchpanel-unpacked" ] || missing+=("vm:kernel")
    for p in debootstrap qemu-user-static qemu-system-arm lintian; do
        dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("host:$p")
    done
    ((${#missing[@]} == 0)) || { arm64_say "not set up: ${missing[*]}"; return 1; }
}

if [ "$what" = status ]; then status; exit; fi
mkdir -p "$arm64_cache"
setup_host
case $what in
build) setup_build_root ;;
bookworm) setup_bookworm_root ;;
bookworm-test) setup_bookworm_test_root ;;
test) setup_test_root ;;
all) setup_build_root && setup_bookworm_root && setup_test_root && setup_bookworm_test_root ;;
*) echo "usage: $0 [build|test|bookworm|bookworm-test|all|status]" >&2 && exit 2 ;;
esac
