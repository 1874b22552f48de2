#!/usr/bin/env bash
# The arm64 package installs and draws exactly what the x86_64 program draws: in a throw-away
# overlay of the Debian 13 arm64 root and then of the Debian 12 one (qemu-user),
# `apt-get install ./switchpanel_*_arm64.deb`,
# then the installed program renders every shipped board (/usr/share/switchpanel/board-configs,
# every page of a board with pages) and the built-in demo panel, and lists a Home Assistant
# server's entities through that release's libwebsockets (4.3 on Debian 13, 4.1 on Debian 12). The x86_64 program (the amd64
# package's, `make build-install`) renders the same boards in the Debian 13 amd64 build root,
# with Debian 13's FreeType and fonts as on the arm64 side, and on this Debian 12 host. The
# pictures are compared pixel for pixel (vm_compare_images: zero tolerance), Debian 13's arm64
# ones with Debian 13's x86_64 ones and Debian 12's with this host's; any difference is a bug,
# not a tolerance. Prints one line per picture and "N of M pixel-identical" per release.
#
# Usage: arm64-render-check.sh [DEB]   (default: the newest .build/deb/switchpanel_*_arm64.deb)
set -euo pipefail
arm64_name=arm64-render-check
source "$(dirname "$0")/arm64-lib.sh"
vm_name=$arm64_name
source "$(dirname "$0")/vm-lib.sh"
cd "$arm64_tree"
deb=${1:-$(ls -t .build/deb/switchpanel_*_arm64.deb 2>/dev/null | head -1)}
[ -f "$deb" ] || { echo "$arm64_name: no arm64 package: run 'make deb ARCH=arm64' first" >&2; exit 1; }
amd64=.build/install/release/switchpanel
[ -x "$amd64" ] || { echo "$arm64_name: no x86_64 program: run 'make build-install' first" >&2; exit 1; }
bash scripts/arm64-setup.sh all

out=.build/arm64-renders
rm -rf "$out" && mkdir -p "$out"/{arm64,arm64-bookworm,amd64-trixie,amd64-host}
# "name config page" per picture: every board, each page of one with pages, and the demo panel.
pictures=$(python3 - board-configs/*.json <<'PY'
import json, os, sys
print("demo - -")
for path in sys.argv[1:]:
    name = os.path.basename(path)[:-5]
    pages = len(json.load(open(path)).get("pages", [])) or 1
    for page in range(pages):  # --page counts from 0
        print("%s%s %s %s" % (name, "-page%d" % page if pages > 1 else "", os.path.basename(path), page if pages > 1 else "-"))
PY
)
# The commands that draw them, for a program $1 reading the boards from $2 into the folder $3.
render_all() {
    local name config page
    echo "set -e"
    while read -r name config page; do
        local args=(render --out "$3/$name.png")
        [ "$config" = - ] || args+=(--config "$2/$config")
        [ "$page" = - ] || args+=(--page "$page")
        printf '%q ' "$1" "${args[@]}"
        echo '>/dev/null'
    done <<<"$pictures"
}

# Installs the package with apt in an overlay of the arm64 root $1 and renders into $2. Then
# Home Assistant through that release's libwebsockets: apt satisfies the package's Recommends
# for it (`libwebsockets17 | libwebsockets19t64`, which must come out as $3; the roots install no
# recommends, and the fonts among them would change the pictures), with $4, what the test's
# server needs; `switchpanel ha-entities` signs in to the test's WebSocket server
# (Tests/PanelRuntimeTests/homeassistant_fault_server.py, mode good) and lists its two entities,
# which fails unless the program loads the library and fills its structs right.
install_and_render() {
    local scratch ha=/tmp/switchpanel-ha
    scratch=$(mktemp -d "$arm64_cache/scratch.XXXXXX")
    SECONDS=0
    arm64_say "installing $deb and $3 in an overlay of $1 (emulated apt)"
    ARM64_SCRATCH_ROOT=$scratch arm64_in_root "$1" bash -c "
        apt-get update -qq && apt-get install -y -qq ./$deb ${4:-} >$2.apt.log 2>&1 || { tail -20 $2.apt.log; exit 1; }
        dpkg-query -W -f='\${Package} \${Version} \${Architecture} on Debian ' switchpanel && cat /etc/debian_version
        $(render_all /usr/bin/switchpanel /usr/share/switchpanel/board-configs "$2")
        wanted=\$(dpkg-query -W -f='\${Recommends}' switchpanel | tr ',' '\\n' | grep libwebsockets)
        apt-get satisfy -y -qq \"\$wanted\" >>$2.apt.log 2>&1 || { tail -20 $2.apt.log; exit 1; }
        echo -n \"recommended:\$wanted; apt chose \"; dpkg-query -W -f='\${Package} \${Version}\\n' $3 || exit 1
        mkdir -p $ha && echo token >$ha/token
        /usr/bin/python3 Tests/PanelRuntimeTests/homeassistant_fault_server.py --mode good --directory $ha \
            --entities input_boolean.porch,light.hall 2>$ha/server.err &
        for _ in \$(seq 150); do [ -s $ha/port ] && break; sleep 0.2; done
        /usr/bin/switchpanel ha-entities --url http://127.0.0.1:\$(cat $ha/port) --token-file $ha/token >$2.ha.txt 2>&1
        status=\$?
        kill \$!
        sed 's/^/    /' $2.ha.txt
        [ \$status = 0 ] && grep -q '^input_boolean.porch *on *PORCH' $2.ha.txt && grep -q '^light.hall *on *HALL' $2.ha.txt" ||
        { rm -rf "$scratch"; return 1; }
    rm -rf "$scratch"
    arm64_say "installed, rendered and listed Home Assistant's entities under emulation in ${SECONDS} s"
}
install_and_render "$arm64_test_root" "$out/arm64" libwebsockets19t64
install_and_render "$arm64_bookworm_test_root" "$out/arm64-bookworm" libwebsockets17 python3-websockets
arm64_in_root "$arm64_build_root" bash -c "$(render_all "$arm64_tree/$amd64" "$arm64_tree/board-configs" "$out/amd64-trixie")"
bash -c "$(render_all "$amd64" board-configs "$out/amd64-host")"

identical=0 total=0 host_identical=0 bookworm_identical=0
while read -r name _; do
    total=$((total + 1))
    if line=$(vm_compare_images "$out/amd64-trixie/$name.png" "$out/arm64/$name.png" "$out/$name-diff.ppm"); then
        identical=$((identical + 1))
    fi
    if host=$(vm_compare_images "$out/amd64-host/$name.png" "$out/arm64/$name.png"); then
        host_identical=$((host_identical + 1))
    fi
    if bookworm=$(vm_compare_images "$out/amd64-host/$name.png" "$out/arm64-bookworm/$name.png"); then
        bookworm_identical=$((bookworm_identical + 1))
    fi
    files=same
    cmp -s "$out/amd64-trixie/$name.png" "$out/arm64/$name.png" || files=differ
    echo "$arm64_name: $name: arm64 vs x86_64 on Debian 13: $line (PNG files $files); on Debian 12: $bookworm"
done <<<"$pictures"
echo "$arm64_name: Debian 13: $identical of $total pictures pixel-identical to the x86_64 program's there ($host_identical of $total to its pictures on Debian 12)"
echo "$arm64_name: Debian 12: $bookworm_identical of $total pictures pixel-identical to the x86_64 program's there"
[ "$identical" = "$total" ] && [ "$bookworm_identical" = "$total" ]
