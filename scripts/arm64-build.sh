#!/usr/bin/env bash
# `make build ARCH=arm64`: cross-compiles switchpanel for aarch64 in the cached Debian 13 build
# root (arm64-lib.sh) with Debian 13's Swift 6.0.3 (the amd64 program builds with the host's
# 6.3.1: the sources build with both), exactly as `make build-install` builds the
# amd64 program: release, Swift's runtime linked in (--static-swift-stdlib: NEEDED lists C
# libraries only), -z now, no RUNPATH. Sets the roots up first if needed (arm64-setup.sh).
#
# Usage: arm64-build.sh [--trixie] [--tests [--release] | --product NAME]
#   by default the program links against Debian 12's arm64 libraries (bookworm-root: glibc 2.36
#                   and Debian 12's C libraries), with scripts/glibc-2.36-compat.c for the few
#                   glibc 2.38 functions Debian 13's static Swift runtime imports: one program
#                   for bookworm and trixie alike, as the amd64 one built on Debian 12 is
#                   (scratch .build/arm64-bookworm)
#   --trixie        link against Debian 13's libraries instead (glibc 2.38 needed; .build/arm64)
#   --tests         the test products instead, debug, against Debian 13's libraries (the suite
#                   runs in the Debian 13 arm64 root), for arm64-test.sh
#   --release       with --tests: optimised (release, -enable-testing for @testable), as the
#                   package is; arm64-test.sh's default
#   --product NAME  another product, release (switchpanel-bench for the instruction counts)
# Prints the program's path last, e.g. .build/arm64-bookworm/aarch64-unknown-linux-gnu/release/switchpanel.
set -euo pipefail
arm64_name=arm64-build
source "$(dirname "$0")/arm64-lib.sh"
cd "$arm64_tree"

bookworm=1 tests=0 product=switchpanel configuration=debug
while (($#)); do
    case $1 in
    --trixie) bookworm=0 ;;
    --tests) tests=1 bookworm=0 ;;
    --release) configuration=release ;;
    --product) product=$2 && shift ;;
    *) echo "usage: $0 [--trixie] [--tests [--release] | --product NAME]" >&2 && exit 2 ;;
    esac
    shift
done

bash scripts/arm64-setup.sh build
triple=aarch64-unknown-linux-gnu
scratch=.build/arm64 sysroot=/ sdk=debian13-aarch64
if [ "$bookworm" = 1 ]; then
    bash scripts/arm64-setup.sh bookworm
    scratch=.build/arm64-bookworm sysroot=/sysroot/bookworm sdk=debian12-aarch64
    export ARM64_BIND="$arm64_bookworm_root:$sysroot"
fi

# A Swift SDK for aarch64 inside the build root: its C headers and libraries are the sysroot's
# multiarch ones (/usr/include/aarch64-linux-gnu, /usr/lib/aarch64-linux-gnu: the build root's
# own :arm64 packages, or Debian 12's in bookworm-root), the Swift runtime and its static
# libraries are Debian 13's swiftlang:arm64, unpacked at /opt/swift-aarch64.
sdks=.build/arm64-sdk
bundle=$sdks/switchpanel-${sdk#debian13-}.artifactbundle
mkdir -p "$bundle/sdk"
cat >"$bundle/info.json" <<EOF
{ "schemaVersion": "1.0",
  "artifacts": { "$sdk": { "type": "swiftSDK", "version": "6.0.3", "variants": [ { "path": "sdk" } ] } } }
EOF
cat >"$bundle/sdk/swift-sdk.json" <<EOF
{ "schemaVersion": "4.0",
  "targetTriples": { "$triple": {
      "sdkRootPath": "$sysroot",
      "swiftResourcesPath": "$arm64_swift_runtime/swift",
      "swiftStaticResourcesPath": "$arm64_swift_runtime/swift_static",
      "toolsetPaths": ["toolset.json"] } } }
EOF
# clang links for aarch64 with the toolchain's own lld (Debian 13 has no aarch64 gold). For
# bookworm, the static runtime's few glibc 2.38 imports are defined in the program (see
# scripts/glibc-2.36-compat.c): its object goes to the target's linker only, not the host tools'.
linker_options=
if [ "$bookworm" = 1 ] && [ "$tests" = 0 ]; then
    compat=$scratch/glibc-2.36-compat.o
    mkdir -p "$scratch"
    arm64_in_root "$arm64_build_root" /usr/libexec/swift/bin/clang --target=aarch64-linux-gnu --sysroot="$sysroot" \
        -O2 -fPIC -Wall -Werror -c scripts/glibc-2.36-compat.c -o "$compat"
    linker_options=", \"extraCLIOptions\": [\"$arm64_tree/$compat\"]"
fi
cat >"$bundle/sdk/toolset.json" <<EOF
{ "schemaVersion": "1.0",
  "cCompiler": { "extraCLIOptions": ["--target=aarch64-linux-gnu"] },
  "linker": { "path": "/usr/libexec/swift/bin/ld.lld"$linker_options } }
EOF
flags=(--swift-sdks-path "$sdks" --swift-sdk "$sdk" --scratch-path "$scratch")

# SwiftPM reads .pc files itself, from PKG_CONFIG_PATH (its defaults are the amd64 paths);
# PKG_CONFIG_SYSROOT_DIR puts the sysroot before their -I and -L paths.
pc=${sysroot%/}/usr/lib/aarch64-linux-gnu/pkgconfig:${sysroot%/}/usr/share/pkgconfig
export ARM64_ROOT_ENV="PKG_CONFIG_PATH=$pc PKG_CONFIG_LIBDIR=$pc"
if [ "$bookworm" = 1 ]; then ARM64_ROOT_ENV+=" PKG_CONFIG_SYSROOT_DIR=$sysroot"; fi

log=$scratch-build.log
mkdir -p "$scratch"
SECONDS=0
if [ "$tests" = 1 ]; then
    arm64_say "cross-building the tests for aarch64 (Swift 6.0.3, $configuration; log $log)"
    testing=()
    if [ "$configuration" = release ]; then testing=(-Xswiftc -enable-testing); fi
    arm64_in_root "$arm64_build_root" nice swift build --build-tests -c "$configuration" "${testing[@]}" "${flags[@]}" >"$log" 2>&1 || { tail -40 "$log" >&2; exit 1; }
    arm64_say "tests built in ${SECONDS} s"
    exit 0
fi
link=(-Xlinker -z -Xlinker now)
arm64_say "cross-building $product for aarch64 (Swift 6.0.3, release, static Swift runtime, sysroot $sysroot; log $log)"
arm64_in_root "$arm64_build_root" nice swift build -c release --product "$product" "${flags[@]}" \
    --static-swift-stdlib --disable-local-rpath "${link[@]}" >"$log" 2>&1 || { tail -40 "$log" >&2; exit 1; }
binary=$scratch/$triple/release/$product
arm64_say "built in ${SECONDS} s: $binary ($(du -k "$binary" | cut -f1) KiB)"
arm64_say "NEEDED: $(readelf -d "$binary" | sed -n 's/.*(NEEDED).*\[\(.*\)\]/\1/p' | tr '\n' ' ')"
arm64_say "newest glibc symbol version: $(objdump -T "$binary" | grep -o 'GLIBC_[0-9.]*' | sort -uV | tail -1)"
echo "$binary"
