#!/usr/bin/env bash
# `make test ARCH=arm64`: the XCTest suite cross-built for aarch64 (arm64-build.sh --tests, Swift
# 6.0.3, debug as `make test`'s) and run under qemu-user in the Debian 13 arm64 root, against
# the same goldens and scenario files (the work tree is bound into the root at its own path).
# Nothing in the suite needs a kernel device (`make test` runs it on machines without
# /dev/dri or /dev/uinput; the kernel paths are the vm-*-test harnesses'). The Swift runtime's
# shared libraries (a debug build links them) come from the build root's unpacked
# swiftlang:arm64. Prints XCTest's own summary and a closing "N passed, N failed" line.
#
# Usage: arm64-test.sh [XCTEST-FILTER]   (e.g. RasterTests, or RasterTests.CoverageTests/testX, or
#        a comma-separated list of Module.Suite names). Parts of the suite can run side by side,
#        each with its own ARM64_TEST_LOG (default .build/arm64-test.log) and overlay root.
set -euo pipefail
arm64_name=arm64-test
source "$(dirname "$0")/arm64-lib.sh"
cd "$arm64_tree"
bash scripts/arm64-build.sh --tests
bash scripts/arm64-setup.sh test

runtime=$arm64_test_root/opt/swift-aarch64-runtime
if ! [ "$runtime/.switchpanel-copied" -nt "$arm64_build_root/.switchpanel-swift-aarch64-runtime" ]; then
    rm -rf "$runtime" && mkdir -p "$runtime"
    cp -a "$arm64_build_root$arm64_swift_runtime/swift/linux/"*.so* "$runtime/"
    touch "$runtime/.switchpanel-copied"
fi

xctest=.build/arm64/aarch64-unknown-linux-gnu/debug/SwitchPanelPackageTests.xctest
log=${ARM64_TEST_LOG:-.build/arm64-test.log}
arm64_say "running $xctest${1:+ (filter $1)} under qemu-user in the arm64 root (log $log)"
SECONDS=0
status=0
# An overlay root: the tests' own files (fontconfig caches, brokers' logs) do not stay in the cache.
scratch=$(mktemp -d "$arm64_cache/scratch.XXXXXX")
trap 'rm -rf "$scratch"' EXIT
# SWITCHPANEL_TEST_UNDER_QEMU_USER: the tests that meet qemu-user's known limits skip, saying so.
ARM64_SCRATCH_ROOT=$scratch ARM64_ROOT_ENV="LD_LIBRARY_PATH=/opt/swift-aarch64-runtime SWITCHPANEL_TEST_UNDER_QEMU_USER=1" \
    arm64_in_root "$arm64_test_root" nice "$xctest" ${1:+"$1"} >"$log" 2>&1 || status=$?
arm64_say "the suite ran for ${SECONDS} s under emulation (exit $status)"
grep -E "error:|failed \(" "$log" | head -40 || true
# XCTest's last summary: "Executed 717 tests, with 2 tests skipped and 0 failures (0 unexpected) in ..."
summary=$(grep -E '^[[:space:]]*Executed [0-9]+ tests?' "$log" | tail -1 || true)
[ -n "$summary" ] || { tail -30 "$log"; echo "arm64-test: no XCTest summary (exit $status)" >&2; exit 1; }
echo "arm64-test: aarch64:${summary}"
executed=$(sed -E 's/.*Executed ([0-9]+) tests?.*/\1/' <<<"$summary")
# XCTest's "failures" counts failed assertions; the tests that failed are counted here.
failures=$(grep -cE "^Test Case '.*' failed \(" "$log" || true)
skipped=0
[[ $summary =~ ([0-9]+)\ tests?\ skipped ]] && skipped=${BASH_REMATCH[1]}
echo "aarch64: $((executed - failures - skipped)) passed, $failures failed, $skipped skipped"
[ "$status" = 0 ] && [ "$failures" = 0 ]
