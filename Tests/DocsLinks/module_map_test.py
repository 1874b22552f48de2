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

The layers are the ```text block under "## The shape" (`L0: A, B`, ..., and `pure: ...`). Every
target under Sources/ that is not a C shim (a system target, or a C target: kind `c` in the table,
a regular target with no Swift source) has a layer; each of its dependencies is a C shim or in
a lower layer; a pure target depends, even through others, on no C shim and not on LinuxIO; each C
shim is wrapped by one module (tests aside); and every `import` in a target's sources names a
declared dependency or the toolchain's Swift modules, Glibc only in LinuxIO. No source file is over
500 lines unless it says why at its top.

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


TOOLCHAIN_MODULES = {"Foundation", "FoundationEssentials", "Synchronization", "Dispatch"}
C_RUNTIME = {"Glibc", "Musl", "Darwin"}


def layers(path):
    text = open(path, encoding="utf-8").read()
    m = re.search(r"## The shape.*?```text\n(.*?)```", text, flags=re.S)
    if not m:
        raise SystemExit(f"{path}: no ```text block of layers under '## The shape'")
    layer_of, pure = {}, set()
    for line in m.group(1).strip().split("\n"):
        name, _, members = line.partition(":")
        members = [x.strip() for x in members.split(",") if x.strip()]
        if name.strip() == "pure":
            pure.update(members)
        elif re.fullmatch(r"L\d", name.strip()):
            for member in members:
                layer_of[member] = int(name.strip()[1:])
        else:
            raise SystemExit(f"{path}: cannot read the layers' line {line!r}")
    return layer_of, pure


def imports(root, target):
    found = {}
    for directory, _, files in os.walk(os.path.join(root, PATHS[target])):
        for file in files:
            if not file.endswith(".swift"):
                continue
            path = os.path.join(directory, file)
            for line in open(path, encoding="utf-8"):
                m = re.match(r"\s*(?:@\w+\s+)*(?:(?:public|internal|package|private|fileprivate)\s+)?import\s+(\w+)", line)
                if m:
                    found.setdefault(m.group(1), os.path.relpath(path, root))
    return found


def layering_problems(root, pkg, layer_of, pure):
    problems = []
    # C shims: system targets (a library's header) and C targets (sources compiled against one).
    system = {name for name, (kind, _) in pkg.items() if kind in ("system", "c")}
    # The product's modules and programs; TestSupport (Tests/TestSupport) is a test's helper.
    sources = {name for name, (kind, _) in pkg.items()
               if kind == "executable" or (kind == "regular" and not PATHS[name].startswith("Tests/"))}
    for name in sorted(sources - set(layer_of)):
        problems.append(f"{name}: a target with no layer in the map")
    for name in sorted(set(layer_of) - sources):
        problems.append(f"{name}: has a layer in the map but is not a target under Sources/")
    for name in sorted(sources & set(layer_of)):
        for dep in pkg[name][1]:
            if dep in system:
                continue
            if dep in layer_of and layer_of[dep] >= layer_of[name]:
                problems.append(f"{name} (L{layer_of[name]}) depends on {dep} (L{layer_of[dep]}): not a lower layer")
    for name in sorted(pure):
        seen, todo = set(), list(pkg.get(name, ("", []))[1])
        while todo:
            dep = todo.pop()
            if dep in seen:
                continue
            seen.add(dep)
            if dep in system or dep == "LinuxIO":
                problems.append(f"{name}: pure, but depends on {dep}")
            todo.extend(pkg.get(dep, ("", []))[1])
    for shim in sorted(system):
        wrappers = sorted(n for n in sources if shim in pkg[n][1])
        if len(wrappers) > 1:
            problems.append(f"{shim}: a C shim wrapped by more than one module: {', '.join(wrappers)}")
    for name in sorted(sources):
        for module, where in sorted(imports(root, name).items()):
            if module in C_RUNTIME:
                if name != "LinuxIO":
                    problems.append(f"{where}: imports {module} (C is imported only by LinuxIO and the edges' shims)")
            elif module not in TOOLCHAIN_MODULES and module not in pkg[name][1]:
                problems.append(f"{where}: imports {module}, which {name} does not declare")
    return problems


# A source file holds one responsibility; past this many lines it says why at its top, in a
# comment with the words "over 500 lines" (a numeric kernel kept whole, say).
LONGEST_FILE = 500


def long_file_problems(root):
    problems = []
    for directory, _, files in os.walk(os.path.join(root, "Sources")):
        for file in sorted(files):
            if file.endswith(".swift"):
                path = os.path.join(directory, file)
                lines = open(path, encoding="utf-8").read().split("\n")
                if len(lines) - 1 > LONGEST_FILE and not any("over 500 lines" in line for line in lines[:40]):
                    problems.append(f"{os.path.relpath(path, root)}: {len(lines) - 1} lines, over {LONGEST_FILE} "
                                    "with no reason given at its top")
    return problems


def packaged(root):
    dump = json.loads(subprocess.run(["swift", "package", "dump-package"], cwd=root, check=True,
                                     capture_output=True, text=True).stdout)
    table = {}
    for target in dump["targets"]:
        deps = [next(iter(d.values()))[0] for d in target["dependencies"]]
        PATHS[target["name"]] = target.get("path") or os.path.join("Sources", target["name"])
        kind = target["type"]
        if kind == "regular" and not has_swift(os.path.join(root, PATHS[target["name"]])):
            kind = "c"  # a C target: a shim's compiled part, as a system target is its header
        table[target["name"]] = (kind, sorted(deps))
    return table


def has_swift(directory):
    return any(file.endswith(".swift") for _, _, files in os.walk(directory) for file in files)


# Each target's source folder, as Package.swift gives it (Sources/<name> unless it says).
PATHS = {}


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
    layer_of, pure = layers(os.path.join(root, "docs/ARCHITECTURE.md"))
    layering = layering_problems(root, pkg, layer_of, pure) + long_file_problems(root)
    for problem in problems + layering:
        print(problem)
    print(f"{len(pkg)} targets: " + ("the map matches Package.swift" if not problems else f"{len(problems)} differences"))
    print(f"{len(layer_of)} modules in {len(set(layer_of.values()))} layers: "
          + ("every dependency points down, every import is declared" if not layering else f"{len(layering)} problems"))
    # Each module's overview (its DocC catalog) says what it may import as this map does.
    import module_overview_test
    overview_status = module_overview_test.main()
    return 1 if problems or layering or overview_status else 0


if __name__ == "__main__":
    sys.exit(main())
