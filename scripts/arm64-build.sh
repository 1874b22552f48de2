#!/usr/bin/env bash
# `make build ARCH=arm64`: cross-compiles switchpanel for aarch64 in the cached Debian 13 build
# root (arm64-lib.sh) with Debian 13's Swift 6.0.3, exactly as `make build-install` builds the
# amd64 program: release, Swift's runtime linked in (--static-swift-stdlib: NEEDED lists C
# libraries only), -z now, no RUNPATH. Sets the root up first if needed (arm64-setup.sh build).
#
# Usage: arm64-build.sh [--tests]   (--tests: the test products instead, debug, for arm64-test.sh)
# Prints the binary's path last: .build/arm64/aarch64-unknown-linux-gnu/release/switchpanel.
set -euo pipefail
arm64_name=arm64-build
source "$(dirname "$0")/arm64-lib.sh"
cd "$arm64_tree"
bash scripts/arm64-setup.sh build

triple=aarch64-unknown-linux-gnu
scratch=.build/arm64
sdks=.build/arm64-sdk
# A Swift SDK for aarch64 inside the build root: its own libraries and headers are the root's
# multiarch ones (/usr/lib/aarch64-linux-gnu, /usr/include/aarch64-linux-gnu), the Swift
# runtime and its static libraries are swiftlang:arm64's, unpacked at /opt/swift-aarch64.
bundle=$sdks/switchpanel-aarch64.artifactbundle
mkdir -p "$bundle/sdk"
cat >"$bundle/info.json" <<EOF
{ "schemaVersion": "1.0",
  "artifacts": { "debian13-aarch64": { "type": "swiftSDK", "version": "6.0.3",
                                       "variants": [ { "path": "sdk" } ] } } }
EOF
cat >"$bundle/sdk/swift-sdk.json" <<EOF
{ "schemaVersion": "4.0",
  "targetTriples": { "$triple": {
      "sdkRootPath": "/",
      "swiftResourcesPath": "$arm64_swift_runtime/swift",
      "swiftStaticResourcesPath": "$arm64_swift_runtime/swift_static",
      "toolsetPaths": ["toolset.json"] } } }
EOF
# clang links for aarch64 with the toolchain's own lld (Debian 13 has no aarch64 gold).
cat >"$bundle/sdk/toolset.json" <<EOF
{ "schemaVersion": "1.0",
  "cCompiler": { "extraCLIOptions": ["--target=aarch64-linux-gnu"] },
  "linker": { "path": "/usr/libexec/swift/bin/ld.lld" } }
EOF

swift_sdk=(--swift-sdks-path "$sdks" --swift-sdk debian13-aarch64)
# SwiftPM reads .pc files itself, from PKG_CONFIG_PATH and its own defaults (amd64 paths).
export ARM64_ROOT_ENV="PKG_CONFIG_PATH=/usr/lib/aarch64-linux-gnu/pkgconfig:/usr/share/pkgconfig PKG_CONFIG_LIBDIR=/usr/lib/aarch64-linux-gnu/pkgconfig:/usr/share/pkgconfig"
log=$scratch-build.log
mkdir -p "$scratch"
SECONDS=0
if [ "${1:-}" = --tests ]; then
    arm64_say "cross-building the tests for aarch64 (Swift 6.0.3; log $log)"
    arm64_in_root "$arm64_build_root" nice swift build --build-tests "${swift_sdk[@]}" --scratch-path "$scratch" \
        >"$log" 2>&1 || { tail -40 "$log"; exit 1; }
    arm64_say "tests built in ${SECONDS} s"
    exit 0
fi
arm64_say "cross-building switchpanel for aarch64 (Swift 6.0.3, release, static Swift runtime; log $log)"
arm64_in_root "$arm64_build_root" nice swift build -c release --product switchpanel "${swift_sdk[@]}" \
    --static-swift-stdlib --disable-local-rpath -Xlinker -z -Xlinker now --scratch-path "$scratch" \
    >"$log" 2>&1 || { tail -40 "$log"; exit 1; }
binary=$scratch/$triple/release/switchpanel
arm64_say "built in ${SECONDS} s: $binary ($(du -k "$binary" | cut -f1) KiB)"
readelf -d "$binary" | sed -n 's/.*(NEEDED).*\[\(.*\)\]/\1/p' | tr '\n' ' ' | sed 's/^/arm64-build: NEEDED: /; s/$/\n/' >&2
echo "$binary"
