#!/usr/bin/env bash
# `make arm64-check`: the arm64 checks, each timed, every one run even if an earlier one fails:
#   setup         the cached roots (arm64-setup.sh all; seconds when cached, ~20 min fresh)
#   deb           make deb ARCH=arm64 (cross build, package, lintian)
#   compat        glibc-2.36-compat.c against glibc 2.41's own functions, under qemu-user
#   renders       the package installed with apt in an arm64 Debian 13 root, every shipped board
#                 rendered there, pixel for pixel against the x86_64 program (needs the amd64
#                 program: `make build-install` is run first if it is missing)
#   vm            the arm64 program on an aarch64 kernel (arm64-vm-panel-test.sh: DRM, a tap)
#   systemd       the arm64 package under systemd on an aarch64 kernel (vm-systemd-test.sh --arch
#                 arm64: install, READY=1, watchdog, upgrade, purge, a uinput tap; its Debian 12
#                 arm64 root is debootstrapped once, ~10 min under emulation)
#   tests         make test ARCH=arm64 (the XCTest suite under qemu-user)
# Closes with one "N passed, N failed" line over the checks.
set -euo pipefail
arm64_name=arm64-check
source "$(dirname "$0")/arm64-lib.sh"
cd "$arm64_tree"

compat_test() {
    arm64_in_root "$arm64_build_root" sh -c 'aarch64-linux-gnu-gcc -O2 -Wall -Werror -o /tmp/compat-test \
        scripts/glibc-2.36-compat-test.c && /tmp/compat-test | tail -1'
}
renders() {
    [ -x .build/install/release/switchpanel ] || make build-install >/dev/null
    bash scripts/arm64-render-check.sh
}

passed=0 failed=0 report=()
for check in "setup|bash scripts/arm64-setup.sh all" "deb|bash scripts/arm64-deb.sh" "compat|compat_test" \
    "renders|renders" "vm|bash scripts/arm64-vm-panel-test.sh" \
    "systemd|bash scripts/vm-systemd-test.sh --arch arm64" "tests|bash scripts/arm64-test.sh"; do
    name=${check%%|*}
    SECONDS=0
    if eval "${check#*|}"; then
        passed=$((passed + 1)) && report+=("$name ok ${SECONDS} s")
    else
        failed=$((failed + 1)) && report+=("$name FAILED ${SECONDS} s")
    fi
    echo "arm64-check: $name took ${SECONDS} s"
done
echo "arm64-check: ${report[*]/%/;}"
echo "arm64-check: $passed passed, $failed failed"
[ "$failed" = 0 ]
