#!/usr/bin/env bash
# `make test ARCH=arm64`: the XCTest suite cross-built for aarch64 (arm64-build.sh --tests, Swift
# 6.0.3) and run under qemu-user in the Debian 13 arm64 root, against the same goldens and
# scenario files (the work tree is bound into the root at its own path). Nothing in the suite
# needs a kernel device (`make test` runs it on machines without /dev/dri or /dev/uinput; the
# kernel paths are the vm-*-test harnesses'). The Swift runtime's shared libraries (the test
# bundle links them) come from the build root's unpacked swiftlang:arm64.
#
# Built optimised (release, with -enable-testing for the tests' @testable imports), as the
# packaged program is: on aarch64 the suite checks the code the Pi runs, where the optimiser's
# choices (contraction, vectorising, the lifetimes it shortens) are the ones that could change a
# pixel or a result; and under emulation the rasteriser's exhaustive references take 2-4 minutes
# rather than an hour. (The x86_64 `make test` is the debug build.) --debug builds and runs the
# debug suite instead.
#
# The whole suite runs in parts side by side (--jobs, default one per core): one process per
# test module, the longest first, each in its own overlay of the root and with its own log
# (.build/arm64-test/MODULE.log). XCTest runs one test at a time, so one process would leave a
# core idle. Prints each module's counts, then a closing "aarch64: N passed, N failed, N skipped".
#
# Usage: arm64-test.sh [--debug] [--jobs N] [XCTEST-FILTER]
#        a filter (RasterTests.CoverageTests/testX, or a comma-separated list of Module.Suite
#        names) runs in one process, with its log at ARM64_TEST_LOG (default .build/arm64-test.log).
set -euo pipefail
arm64_name=arm64-test
source "$(dirname "$0")/arm64-lib.sh"
cd "$arm64_tree"

configuration=release jobs=$(nproc) filter=
while (($#)); do
    case $1 in
    --debug) configuration=debug ;;
    --jobs) jobs=${2:-} && shift ;;
    -*) echo "usage: $0 [--debug] [--jobs N] [XCTEST-FILTER]" >&2 && exit 2 ;;
    *) filter=$1 ;;
    esac
    shift
done
[[ $jobs =~ ^[1-9][0-9]*$ ]] || { echo "$0: --jobs takes a number of parts, 1 or more (not '$jobs')" >&2; exit 2; }

build=(--tests)
if [ "$configuration" = release ]; then build+=(--release); fi
bash scripts/arm64-build.sh "${build[@]}"
bash scripts/arm64-setup.sh test
# The vendored libwebsockets headers against Debian 13's arm64 ones (4.3, the test root's library)
# and Debian 12's (4.1, the sysroot the package links against).
bash scripts/check-vendored-libwebsockets.sh --require 4.1,4.3 "$arm64_build_root" "$arm64_bookworm_root"

runtime=$arm64_test_root/opt/swift-aarch64-runtime
if ! [ "$runtime/.switchpanel-copied" -nt "$arm64_build_root/.switchpanel-swift-aarch64-runtime" ]; then
    rm -rf "$runtime" && mkdir -p "$runtime"
    cp -a "$arm64_build_root$arm64_swift_runtime/swift/linux/"*.so* "$runtime/"
    touch "$runtime/.switchpanel-copied"
fi

xctest=.build/arm64/aarch64-unknown-linux-gnu/$configuration/SwitchPanelPackageTests.xctest
scratches=$(mktemp -d "$arm64_cache/scratch.XXXXXX")
# The parts still running when this script ends early (interrupted, or stopped by CI's timeout)
# end with it, before their overlays are removed: each part is a job with a process group of its
# own (set -m below), killed whole, down to the xctest in the root and the servers it started.
trap 'for job in $(jobs -p); do kill -- -"$job" 2>/dev/null || true; done; wait; rm -rf "$scratches"' EXIT
trap 'exit 130' INT TERM

# Runs the tests `filter` selects ($1, empty: all) under qemu-user with their output in $2, in an
# overlay root of their own (the tests' own files — fontconfig caches, brokers' logs — do not
# stay in the cache). SWITCHPANEL_TEST_UNDER_QEMU_USER: the tests that meet qemu-user's known
# limits skip, saying so.
run_part() {
    local scratch
    scratch=$(mktemp -d "$scratches/part.XXXXXX")
    ARM64_SCRATCH_ROOT=$scratch ARM64_ROOT_ENV="LD_LIBRARY_PATH=/opt/swift-aarch64-runtime SWITCHPANEL_TEST_UNDER_QEMU_USER=1" \
        arm64_in_root "$arm64_test_root" nice "$xctest" ${1:+"$1"} >"$2" 2>&1
}

# "PASSED FAILED SKIPPED" of the log $1, from XCTest's summary of the whole run (the "Executed"
# line after "Test Suite 'Selected tests' passed|failed": "Executed 717 tests, with 2 tests
# skipped and 0 failures (0 unexpected) in ..."); XCTest's "failures" counts failed assertions,
# so the tests that failed are counted from their own lines. No summary (the process died or
# was killed: the tests after it did not run): returns 1.
counts() {
    local summary executed failed skipped=0
    summary=$(sed -n "/^Test Suite 'Selected tests' \(passed\|failed\)/,\$ { /^[[:space:]]*Executed [0-9]* test/ { p; q } }" "$1")
    [ -n "$summary" ] || return 1
    executed=$(sed -E 's/.*Executed ([0-9]+) tests?.*/\1/' <<<"$summary")
    failed=$(grep -cE "^Test Case '.*' failed \(" "$1" || true)
    [[ $summary =~ ([0-9]+)\ tests?\ skipped ]] && skipped=${BASH_REMATCH[1]}
    echo "$((executed - failed - skipped)) $failed $skipped"
}

# The failed assertions and tests of the log $1.
failures() { grep -E "^/.*: error: |^Test Case '.*' failed \(" "$1" | cut -c1-400 | head -"${2:-40}" || true; }

if [ -n "$filter" ]; then
    log=${ARM64_TEST_LOG:-.build/arm64-test.log}
    arm64_say "running $xctest (filter $filter) under qemu-user in the arm64 root (log $log)"
    SECONDS=0
    status=0
    run_part "$filter" "$log" || status=$?
    arm64_say "the tests ran for ${SECONDS} s under emulation (exit $status)"
    failures "$log"
    read -r passed failed skipped < <(counts "$log") || { tail -30 "$log"; echo "arm64-test: no XCTest summary (exit $status)" >&2; exit 1; }
    echo "aarch64: $passed passed, $failed failed, $skipped skipped"
    [ "$status" = 0 ] && [ "$failed" = 0 ]
    exit
fi

# The modules, the longest first (optimised, under qemu-user on 2 cores: PanelRuntimeTests
# 156-229 s, RasterTests 118-212 s, LinuxIOTests 35 s, the rest under 25 s each), then the others
# as found; XCTest selects classes, not modules, so each module's filter lists its classes.
first=(PanelRuntimeTests RasterTests LinuxIOTests)
modules=("${first[@]}")
for dir in Tests/*/; do
    module=$(basename "$dir")
    [[ " ${first[*]} " == *" $module "* ]] || modules+=("$module")
done
logs=.build/arm64-test
rm -rf "$logs" && mkdir -p "$logs"
arm64_say "running $xctest under qemu-user in the arm64 root, $jobs modules at a time (logs $logs/MODULE.log)"
SECONDS=0
set -m  # a process group per part, for the trap above
for module in "${modules[@]}"; do
    sources=(Tests/"$module"/*.swift)
    [ -e "${sources[0]}" ] || continue  # the browser's, the README's and the docs' tests are Python
    classes=$(sed -n "s/^\(final \)\{0,1\}class \([A-Za-z0-9_]*\): XCTestCase.*/$module.\2/p" "${sources[@]}" | paste -sd, -)
    [ -n "$classes" ] || continue  # TestSupport: helpers, no tests
    while (($(jobs -rp | wc -l) >= jobs)); do wait -n || true; done
    (
        start=$SECONDS
        run_part "$classes" "$logs/$module.log" && echo 0 >"$logs/$module.status" || echo $? >"$logs/$module.status"
        echo $((SECONDS - start)) >"$logs/$module.seconds"
    ) &
done
wait
arm64_say "the suite ran for ${SECONDS} s under emulation"

total_passed=0 total_failed=0 total_skipped=0 status=0
for log in "$logs"/*.log; do
    module=$(basename "$log" .log)
    if read -r passed failed skipped < <(counts "$log"); then
        printf 'aarch64 %-26s %4d passed, %d failed, %d skipped (%s s)\n' "$module:" "$passed" "$failed" "$skipped" \
            "$(cat "$logs/$module.seconds")"
        failures "$log" 20
    else
        echo "aarch64 $module: no XCTest summary (exit $(cat "$logs/$module.status")): the process died, the tests after it did not run; its log ends:"
        failures "$log" 20
        tail -15 "$log" | cut -c1-400
        # What finished before counts as it went; the death is one failure more.
        passed=$(grep -cE "^Test Case '.*' passed \(" "$log" || true)
        failed=$(($(grep -cE "^Test Case '.*' failed \(" "$log" || true) + 1))
        skipped=$(grep -cE "^Test Case '.*' skipped \(" "$log" || true)
    fi
    total_passed=$((total_passed + passed)) total_failed=$((total_failed + failed)) total_skipped=$((total_skipped + skipped))
    [ "$(cat "$logs/$module.status")" = 0 ] || status=1
done
echo "aarch64: $total_passed passed, $total_failed failed, $total_skipped skipped"
[ "$status" = 0 ] && [ "$total_failed" = 0 ]
