#!/bin/bash
# The vendored libwebsockets headers (Sources/CWebSockets41/libwebsockets-4.1, .../43/...-4.3)
# against a root that has the same version's libwebsockets-dev installed: they must be Debian's,
# unchanged, since Debian's build options (lws_config.h) decide the fields of the two structs
# filled from them. lws_config.h's LWS_INSTALL_LIBDIR, the one line that differs between
# architectures, is left out of the comparison.
#
#   scripts/check-vendored-libwebsockets.sh [ROOT ...]   (default: /)
#
# A vendored version that no ROOT has is reported as not compared; one that differs fails.
set -euo pipefail
cd "$(dirname "$0")/.."
[ $# -gt 0 ] || set -- /
version() { sed -n 's/^#define LWS_LIBRARY_VERSION_\(MAJOR\|MINOR\) \([0-9]*\)$/\2/p' "$1" | paste -sd.; }
without_libdir() { grep -v '^#define LWS_INSTALL_LIBDIR ' "$1"; }
status=0
for tree in Sources/CWebSockets4*/libwebsockets-*; do
    want=$(version "$tree/lws_config.h")
    compared=
    for root in "$@"; do
        include="${root%/}/usr/include"
        [ -f "$include/lws_config.h" ] && [ "$(version "$include/lws_config.h")" = "$want" ] || continue
        compared=$root
        if diff -r "$tree/libwebsockets" "$include/libwebsockets" >/dev/null \
            && cmp -s "$tree/libwebsockets.h" "$include/libwebsockets.h" \
            && diff <(without_libdir "$tree/lws_config.h") <(without_libdir "$include/lws_config.h") >/dev/null; then
            echo "libwebsockets $want: $tree is the same as $include's ($(ls "$tree/libwebsockets" | wc -l) headers)"
        else
            echo "libwebsockets $want: $tree differs from $include's:" >&2
            diff -r "$tree/libwebsockets" "$include/libwebsockets" | head -20 >&2 || true
            diff <(without_libdir "$tree/lws_config.h") <(without_libdir "$include/lws_config.h") >&2 || true
            status=1
        fi
    done
    [ -n "$compared" ] || echo "libwebsockets $want: $tree not compared (no root given has $want)"
done
exit $status
