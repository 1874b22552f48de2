#!/usr/bin/env python3
"""Fails when a module under Sources/ has no overview, or its overview's imports differ from the map.

Every Swift target under Sources/ begins with a DocC catalog, Sources/<Module>/<Module>.docc/<Module>.md:
a title (``Module`` for a library, the plain name for a program), a one-line summary, and under
"## Overview" what it owns (**Owns:**), what it must not do (**Must not:**) and what it may import
(**May import:** A, B. or nothing.). That last list must be the module's dependencies in
docs/ARCHITECTURE.md's dependency table (which module_map_test.py checks against Package.swift,
and every source file's imports against the table). A system-library target's
overview is the comment its shim.h begins with (what it wraps, for whom); a C target's (a shim's
compiled part, kind `c` in the table), the comment each of its .c files begins with.

`scripts/module-docs.sh` (`make module-docs`) builds the catalogs with DocC; this test needs no build.
"""

import os
import re
import sys

REPOSITORY = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from module_map_test import documented  # noqa: E402


def overview_problems(name, kind, deps, sources):
    path = os.path.join(sources, f"{name}.docc", f"{name}.md")
    if not os.path.exists(path):
        return [f"{name}: no overview ({os.path.relpath(path, REPOSITORY)})"]
    text = open(path, encoding="utf-8").read()
    problems = []
    title = f"# ``{name}``" if kind == "regular" else f"# {name}"
    lines = text.split("\n")
    if lines[0] != title:
        problems.append(f"{name}: the overview's title is {lines[0]!r}, expected {title!r}")
    if len(lines) < 3 or not lines[2].strip() or lines[2].startswith("#"):
        problems.append(f"{name}: the overview has no one-line summary under its title")
    if "\n## Overview\n" not in text:
        problems.append(f"{name}: the overview has no '## Overview' section")
    for label in ("**Owns:**", "**Must not:**"):
        if label not in text:
            problems.append(f"{name}: the overview does not say {label}")
    m = re.search(r"\*\*May import:\*\* (.*?)\.\n\n", text, flags=re.S)
    if not m:
        problems.append(f"{name}: the overview does not say **May import:** (a list, or 'nothing.')")
        return problems
    said = " ".join(m.group(1).split())
    listed = [] if said == "nothing" else [d.strip() for d in said.split(",")]
    if sorted(listed) != sorted(deps):
        problems.append(f"{name}: the overview may import {sorted(listed)}, the map says {sorted(deps)}")
    return problems


def shim_problems(name, sources):
    shim = os.path.join(sources, "shim.h")
    if not os.path.exists(shim) or not open(shim, encoding="utf-8").read().startswith("//"):
        return [f"{name}: its shim.h does not begin with a comment saying what it wraps"]
    return []


def c_target_problems(name, sources):
    """A C target (a shim's compiled part): each of its own .c files says at its top what it is."""
    files = sorted(f for f in os.listdir(sources) if f.endswith(".c"))
    if not files:
        return [f"{name}: a C target with no .c file of its own"]
    return [f"{name}: {f} does not begin with a comment saying what it is"
            for f in files if not open(os.path.join(sources, f), encoding="utf-8").read().startswith("//")]


def check():
    table = documented(os.path.join(REPOSITORY, "docs/ARCHITECTURE.md"))
    problems = []
    checked = 0
    for name, (kind, deps) in sorted(table.items()):
        sources = os.path.join(REPOSITORY, "Sources", name)
        if not os.path.isdir(sources):
            continue  # test targets, the plugin, the targets kept under Tests/
        checked += 1
        if kind == "system":
            problems += shim_problems(name, sources)
        elif kind == "c":
            problems += c_target_problems(name, sources)
        else:
            problems += overview_problems(name, kind, deps, sources)
    return checked, problems


def main():
    checked, problems = check()
    for problem in problems:
        print(problem)
    print(f"{checked} modules under Sources/: "
          + ("each has its overview, its May-import list as the map says" if not problems else f"{len(problems)} problems"))
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
