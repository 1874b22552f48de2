#!/usr/bin/env bash
# `make deb`: packages the program `make build-install` built (release, Swift's runtime linked
# in) as .build/deb/switchpanel_<version>_<arch>.deb with debhelper (debian/), then runs lintian
# on it. The version is the program's own (`switchpanel --version`, from
# Sources/PanelRuntime/Host/Version.swift, its one place); the architecture is dpkg's
# (dpkg --print-architecture, or DEB_HOST_ARCH in a cross build: scripts/arm64-deb.sh runs this
# in its Debian 13 build root with dpkg-architecture -aarm64's variables, the arm64 program
# running under qemu-user): nothing here assumes x86-64.
#
# Environment: SWITCHPANEL_BINARY (the program to package; default the build-install one),
# DEB_OUT (where the .deb goes; default .build/deb), DEB_VERSION_SUFFIX (appended to the
# version, for test packages only: vm-systemd-test builds a "+upgradetest" package of the same
# program to test upgrades), LINTIAN=0 to skip lintian, SOURCE_DATE_EPOCH and SWITCHPANEL_COMMIT
# (the changelog's date and commit, when git cannot answer: a root without the repository's .git).
set -euo pipefail
cd "$(dirname "$0")/.."
binary=${SWITCHPANEL_BINARY:-.build/install/release/switchpanel}
out=${DEB_OUT:-.build/deb}
[ -x "$binary" ] || { echo "build-deb: $binary is missing: run 'make build-install' first" >&2; exit 1; }

# "switchpanel 0.1.0" → 0.1.0
version=$("$binary" --version | awk '{ print $NF }')
[[ $version =~ ^[0-9][0-9A-Za-z.+~]*$ ]] || { echo "build-deb: '$binary --version' gave no usable version: $version" >&2; exit 1; }
version+=${DEB_VERSION_SUFFIX:-}
arch=${DEB_HOST_ARCH:-$(dpkg --print-architecture)}

# debian/changelog is generated (never edited): the version lives in the program alone. Its date
# is the last commit's, so the same commit packs the same changelog.
epoch=${SOURCE_DATE_EPOCH:-$(git log -1 --format=%ct 2>/dev/null || date +%s)}
commit=${SWITCHPANEL_COMMIT:-$(git rev-parse --short HEAD 2>/dev/null || echo unknown)}
maintainer=$(sed -n 's/^Maintainer: //p' debian/control)
cat >debian/changelog <<CHANGELOG
switchpanel ($version) unstable; urgency=medium

  * Packaged from commit $commit; see the project's history for the changes.

 -- $maintainer  $(date -R -u -d "@$epoch")
CHANGELOG

mkdir -p "$out"
out=$(cd "$out" && pwd)
deb=$out/switchpanel_${version}_$arch.deb
rm -f "$deb"
export SOURCE_DATE_EPOCH=$epoch SWITCHPANEL_BINARY=$binary DEB_OUT=$out
debian/rules clean >/dev/null
fakeroot debian/rules binary >"$out/build.log" 2>&1 || { tail -40 "$out/build.log"; exit 1; }
debian/rules clean >/dev/null
echo "build-deb: ${deb#"$PWD"/} ($(du -k "$deb" | cut -f1) KiB)"
dpkg-deb --field "$deb" Version Architecture Depends Installed-Size | sed 's/^/build-deb:   /'

if [ "${LINTIAN:-1}" != 0 ]; then
    # Every override is explained in debian/switchpanel.lintian-overrides.
    echo "build-deb: lintian $deb"
    lintian --info --display-info --fail-on error,warning "$deb"
    echo "build-deb: lintian: clean"
fi
