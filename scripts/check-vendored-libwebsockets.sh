#!/bin/bash
# The vendored libwebsockets headers (Sources/CWebSockets41/libwebsockets-4.1, .../43/...-4.3)
# against roots that have a version's libwebsockets-dev installed: they must be Debian's,
# unchanged, since Debian's build options (lws_config.h) decide the fields of the two structs
# filled from them. lws_config.h's LWS_INSTALL_LIBDIR, the one line that differs between
# architectures, is left out of the comparison. Each copy must hold nothing else (README.md and
# copyright aside): its folder is an -I path, where a stray header would shadow the system's.
#
#   scripts/check-vendored-libwebsockets.sh [--require 4.1,4.3] [ROOT ...]   (default root: /)
#
# Every ROOT must have libwebsockets-dev. A copy whose version no ROOT has is reported as not
# compared, which fails when --require lists that version; a copy that differs always fails.
set -euo pipefail
cd "$(dirname "$0")/.."
required=
if [ "${1:-}" = --require ]; then required=${2:?--require takes versions, e.g. 4.1,4.3} && shift 2; fi
[ $# -gt 0 ] || set -- /
version() { sed -n 's/^#define LWS_LIBRARY_VERSION_\(MAJOR\|MINOR\) \([0-9]*\)$/\2/p' "$1" | paste -sd.; }
without_libdir() { grep -v '^#define LWS_INSTALL_LIBDIR ' "$1"; }
status=0
for root in "$@"; do
    [ -f "${root%/}/usr/include/lws_config.h" ] ||
        { echo "check-vendored-libwebsockets: $root has no libwebsockets-dev (no usr/include/lws_config.h)" >&2; status=1; }
done
for tree in Sources/CWebSockets4*/libwebsockets-*; do
    want=$(version "$tree/lws_config.h")
    listing=$(ls "$tree" | paste -sd' ')
    if [ "$listing" != "README.md copyright libwebsockets libwebsockets.h lws_config.h" ]; then
        echo "libwebsockets $want: $tree holds more or less than Debian's headers: $listing" >&2
        status=1
    fi
    compared=
    for root in "$@"; do
        include="${root%/}/usr/include"
        [ -f "$include/lws_config.h" ] && [ "$(version "$include/lws_config.h")" = "$want" ] || continue
        compared=$root
        if diff -r "$tree/libwebsockets" "$include/libwebsockets" >/dev/null \
            && cmp -s "$tree/libwebsockets.h" "$include/libwebsockets.h" \
            && diff <(without_libdir "$tree/lws_config.h") <(without_libdir "$include/lws_config.h") >/dev/null; then
            echo "libwebsockets $want: $tree is the same as $include's ($(find "$tree/libwebsockets" -name '*.h' | wc -l) headers)"
        else
            echo "libwebsockets $want: $tree differs from $include's:" >&2
            {
                diff -r "$tree/libwebsockets" "$include/libwebsockets" | head -20
                diff "$tree/libwebsockets.h" "$include/libwebsockets.h" | head -20
                diff <(without_libdir "$tree/lws_config.h") <(without_libdir "$include/lws_config.h")
            } >&2 || true
            status=1
        fi
    done
    if [ -z "$compared" ]; then
        if [[ ,$required, == *,$want,* ]]; then
            echo "libwebsockets $want: $tree not compared (no root given has $want), and it is required" >&2
            status=1
        else
            echo "libwebsockets $want: $tree not compared (no root given has $want)"
        fi
    fi
done
exit $status
