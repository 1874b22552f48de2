#!/usr/bin/env python3
"""Fails when Package.swift's targets or their dependencies differ from docs/ARCHITECTURE.md's map.

The map is the ```text block under "## The dependency table" in docs/ARCHITECTURE.md: one line a
target, `Name (type): Dependency, Dependency` (type as `swift package dump-package` says: regular,
system, executable, plugin, test). The package's side is `swift package dump-package`'s JSON.
A target missing on either side, or a dependency added or dropped, is reported and fails the test.

It also fails when the runtime or the testing product reaches a kernel library: PanelRuntime and
PanelTesting (the SwitchPanelTesting product) must not depend, directly or through any target, on
CDRM (libdrm) or CEvdev (libevdev); the kernel's devices are PanelDevices', which the program
links.
"""

import json
import os
import re
import subprocess
import sys

REPOSITORY = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


def documented(path):
    text = open(path, encoding="utf-8").read()
    m = re.search(r"## The dependency table\n.*?```text\n(.*?)```", text, flags=re.S)
    if not m:
        raise SystemExit(f"{path}: no ```text block under '## The dependency table'")
    table = {}
    for line in m.group(1).strip().split("\n"):
        m2 = re.fullmatch(r"(\S+) \((\w+)\):(.*)", line.strip())
        if not m2:
            raise SystemExit(f"{path}: cannot read the map's line {line!r}")
        deps = [d.strip() for d in m2.group(3).split(",") if d.strip()]
        table[m2.group(1)] = (m2.group(2), sorted(deps))
    return table


# Targets that must link no kernel library, and the system targets that wrap one.
WITHOUT_KERNEL_LIBRARIES = ["PanelRuntime", "PanelTesting"]
KERNEL_LIBRARIES = {"CDRM": "libdrm", "CEvdev": "libevdev"}


def closure(table, name):
    """Every target `name` depends on, directly or through others."""
    seen, stack = set(), [name]
    while stack:
        for dependency in table.get(stack.pop(), (None, []))[1]:
            if dependency not in seen:
                seen.add(dependency)
                stack.append(dependency)
    return seen


def kernel_library_problems(table):
    problems = []
    for name in WITHOUT_KERNEL_LIBRARIES:
        reached = sorted(closure(table, name) & set(KERNEL_LIBRARIES))
        for library in reached:
            problems.append(f"{name}: depends on {library} ({KERNEL_LIBRARIES[library]}) through its dependencies; "
                            "the kernel's devices belong in PanelDevices")
    return problems


def packaged(root):
    dump = json.loads(subprocess.run(["swift", "package", "dump-package"], cwd=root, check=True,
                                     capture_output=True, text=True).stdout)
    table = {}
    for target in dump["targets"]:
        deps = [next(iter(d.values()))[0] for d in target["dependencies"]]
        table[target["name"]] = (target["type"], sorted(deps))
    return table


def main():
    # A checkout to check other than this one (to see the test fail on an older Package.swift).
    root = sys.argv[1] if len(sys.argv) > 1 else REPOSITORY
    doc, pkg = documented(os.path.join(root, "docs/ARCHITECTURE.md")), packaged(root)
    problems = []
    for name in sorted(set(doc) | set(pkg)):
        if name not in doc:
            problems.append(f"{name}: a target of Package.swift the map does not have")
        elif name not in pkg:
            problems.append(f"{name}: in the map, not a target of Package.swift")
        elif doc[name] != pkg[name]:
            problems.append(f"{name}: the map says {doc[name]}, Package.swift {pkg[name]}")
    problems += kernel_library_problems(pkg)
    for problem in problems:
        print(problem)
    print(f"{len(pkg)} targets: " + ("the map matches Package.swift" if not problems else f"{len(problems)} differences"))
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
