#!/usr/bin/env bash
# `make deb ARCH=arm64`: .build/deb/switchpanel_<version>_arm64.deb from the program
# arm64-build.sh cross-built, by the same scripts/build-deb.sh and debian/ as the amd64 package,
# run as a cross build (dpkg-architecture -aarm64) in the root whose arm64 libraries the program
# was linked against: dh_shlibdeps works out Depends from those libraries (the root's :arm64
# multiarch packages), the program itself runs there under qemu-user for its version, its demo
# board and its man pages, and aarch64 binutils strip it. Then the host's lintian, as for amd64.
#
# Usage: arm64-deb.sh [--trixie]
#   default   linked against Debian 12's libraries (arm64-build.sh), packaged in bookworm-root
#             (Debian 12): Depends are Debian 12's, which Debian 13 satisfies too (its t64
#             libraries provide the old names on 64-bit architectures), as for amd64
#   --trixie  linked against Debian 13's, packaged in build-root: needs libc6 (>= 2.38)
set -euo pipefail
arm64_name=arm64-deb
source "$(dirname "$0")/arm64-lib.sh"
cd "$arm64_tree"
root=$arm64_bookworm_root
if [ "${1:-}" = --trixie ]; then
    root=$arm64_build_root
fi
binary=$(bash scripts/arm64-build.sh "$@")

# git runs on the host: the root sees the work tree, not always its .git (a worktree's is elsewhere).
# DEB_OUT (a folder in the work tree, which the root sees; default .build/deb), DEB_VERSION_SUFFIX
# and LINTIAN=0 as for scripts/build-deb.sh.
out=${DEB_OUT:-.build/deb}
export ARM64_ROOT_ENV="SOURCE_DATE_EPOCH=$(git log -1 --format=%ct) SWITCHPANEL_COMMIT=$(git rev-parse --short HEAD)
    SWITCHPANEL_BINARY=$binary DEB_OUT=$out DEB_VERSION_SUFFIX=${DEB_VERSION_SUFFIX:-} LINTIAN=0
    DEB_BUILD_OPTIONS=crossbuildcanrunhostbinaries"
arm64_in_root "$root" sh -c 'eval "$(dpkg-architecture -aarm64 -s 2>/dev/null)" && bash scripts/build-deb.sh'
deb=$(ls -t "$out"/switchpanel_*_arm64.deb | head -1)
[ "${LINTIAN:-1}" != 0 ] || exit 0
echo "arm64-deb: lintian $deb (the host's, as for the amd64 package)"
lintian --info --display-info --fail-on error,warning "$deb"
echo "arm64-deb: lintian: clean"
