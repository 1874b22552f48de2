#!/usr/bin/env python3
"""Fails when Package.swift's targets or their dependencies differ from docs/ARCHITECTURE.md's map.

The map is the ```text block under "## The dependency table" in docs/ARCHITECTURE.md: one line a
target, `Name (type): Dependency, Dependency` (type as `swift package dump-package` says: regular,
system, executable, plugin, test). The package's side is `swift package dump-package`'s JSON.
A target missing on either side, or a dependency added or dropped, is reported and fails the test.
Then module_overview_test.py: every module under Sources/ has its overview, importing what the map says.
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


def packaged(root):
    dump = json.loads(subprocess.run(["swift", "package", "dump-package"], cwd=root, check=True,
                                     capture_output=True, text=True).stdout)
    table = {}
    for target in dump["targets"]:
        deps = [next(iter(d.values()))[0] for d in target["dependencies"]]
        table[target["name"]] = (target["type"], sorted(deps))
    return table


def main():
    doc, pkg = documented(os.path.join(REPOSITORY, "docs/ARCHITECTURE.md")), packaged(REPOSITORY)
    problems = []
    for name in sorted(set(doc) | set(pkg)):
        if name not in doc:
            problems.append(f"{name}: a target of Package.swift the map does not have")
        elif name not in pkg:
            problems.append(f"{name}: in the map, not a target of Package.swift")
        elif doc[name] != pkg[name]:
            problems.append(f"{name}: the map says {doc[name]}, Package.swift {pkg[name]}")
    for problem in problems:
        print(problem)
    print(f"{len(pkg)} targets: " + ("the map matches Package.swift" if not problems else f"{len(problems)} differences"))
    # Each module's overview (its DocC catalog) says what it may import as this map does.
    import module_overview_test
    overview_status = module_overview_test.main()
    return 1 if problems or overview_status else 0


if __name__ == "__main__":
    sys.exit(main())
