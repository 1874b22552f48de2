#!/usr/bin/env bash
# Builds every module's DocC catalog (Sources/<Module>/<Module>.docc: what the module owns, what
# it must not do, what it may import) into .build/module-docs/<Module>.doccarchive.
#
# Offline, without swift-docc-plugin (which SwiftPM would fetch from GitHub): the toolchain's own
# `docc`, and symbol graphs from `swift package dump-symbol-graph` (built in). Library modules get
# their symbol graph (internal symbols too: the reader is someone changing the module), so a
# ``Symbol`` in an overview must exist; executables have none and build as articles.
#
# Fails on any warning, in an overview or in the sources' doc comments (a stale ``link`` to a
# renamed symbol, a ``link`` to another module's symbol, which DocC cannot resolve: write it in
# code voice, `Other.symbol`; an undocumented parameter in a documented list): each printed with
# where it is, and kept in .build/module-docs/<Module>.log. MODULE_DOCS_STRICT=0 lets the sources'
# warnings through (counted, not failed) while a rename is under way; an overview's never pass.
#
# usage: scripts/module-docs.sh [Module…]   (default: every catalog)
set -euo pipefail
cd "$(dirname "$0")/.."

docc=$(command -v docc || echo "$(dirname "$(readlink -f "$(command -v swift)")")/docc")
[ -x "$docc" ] || { echo "module-docs: no docc in the toolchain ($docc)" >&2; exit 1; }

out=.build/module-docs
rm -rf "$out" && mkdir -p "$out/symbol-graphs"
# Its exit status is not ours to judge: it also tries the package's test modules, and fails on
# them when they are not built yet (a fresh clone); the libraries' graphs are written anyway,
# and a library whose graph is missing fails below on its overview's symbol links.
written=$( (swift package dump-symbol-graph --minimum-access-level internal --skip-inherited-docs 2>&1 || true) |
    sed -n 's/^Files written to //p')
[ -d "$written" ] || { echo "module-docs: swift package dump-symbol-graph wrote no symbol graphs" >&2; exit 1; }

if [ $# -gt 0 ]; then modules=("$@"); else
    modules=()
    for catalog in Sources/*/*.docc; do modules+=("$(basename "$catalog" .docc)"); done
fi

failed=0
source_warnings=0
for module in "${modules[@]}"; do
    catalog=Sources/$module/$module.docc
    [ -d "$catalog" ] || { echo "$module: no catalog $catalog" >&2; failed=1; continue; }
    graphs=()
    if [ -f "$written/$module.symbols.json" ]; then
        mkdir -p "$out/symbol-graphs/$module"
        # The module's own graph and its extensions of other modules' types (Module@Other).
        cp "$written/$module.symbols.json" "$written/$module"@*.symbols.json "$out/symbol-graphs/$module/" 2>/dev/null ||
            cp "$written/$module.symbols.json" "$out/symbol-graphs/$module/"
        graphs=(--additional-symbol-graph-dir "$out/symbol-graphs/$module")
    fi
    log=$out/$module.log
    status=0
    "$docc" convert "$catalog" "${graphs[@]}" --fallback-display-name "$module" \
        --fallback-bundle-identifier "switchpanel.$module" --output-path "$out/$module.doccarchive" >"$log" 2>&1 ||
        status=$?
    # A warning's next line names where it is: the overview ("--> <Module>.md") or a source file.
    in_catalog=$(grep -A1 '^warning:' "$log" | grep -c -- "--> $module.md" || true)
    total=$(grep -c '^warning:' "$log" || true)
    in_sources=$((total - in_catalog))
    source_warnings=$((source_warnings + in_sources))
    if [ "$status" -ne 0 ] || [ "$in_catalog" -gt 0 ]; then
        echo "$module: the overview does not build cleanly ($in_catalog warnings, docc exit $status):" >&2
        grep -A3 -- '^warning:\|^error:' "$log" >&2 || true
        failed=1
    elif [ "$in_sources" -gt 0 ] && [ "${MODULE_DOCS_STRICT:-1}" != 0 ]; then
        echo "$module: $in_sources warnings in the sources' doc comments:" >&2
        grep -A3 -- '^warning:' "$log" >&2 || true
        failed=1
    else
        echo "$module: built (overview clean; $in_sources warnings in the sources' doc comments)"
    fi
done

echo "module-docs: ${#modules[@]} catalogs in $out; $source_warnings warnings in the sources' doc comments"
exit "$failed"
