#!/usr/bin/env python3
"""Fails when a relative link in README.md or docs/*.md leads nowhere, or a guide's line grows long.

Every Markdown link and image outside code (`[text](target)`, `![alt](target)`) whose target is
not a URL must name a file or directory of the repository, relative to the page that links it; a
`#anchor` must be a heading of the page it points into (GitHub's slugs: lower case, punctuation
dropped, spaces as hyphens, a repeated heading numbered). Outside code blocks and tables no line
of these pages may be longer than 120 characters, and no table cell of a guide longer than 100 (the
two references' tables, one row a key or a step with its notes, are read by tests: their cells
stay as they are).
"""

import argparse
import os
import re
import sys

REPOSITORY = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
LINK = re.compile(r"!?\[((?:[^\[\]]|\[[^\]]*\])*)\]\(([^()\s]+)(?:\s+\"[^\"]*\")?\)")
LINE_LIMIT, CELL_LIMIT = 120, 100
REFERENCES = {"docs/config-reference.md", "docs/scenario-reference.md"}


def pages(root):
    found = [os.path.join(root, "README.md")]
    docs = os.path.join(root, "docs")
    for directory, _, files in os.walk(docs):
        found += [os.path.join(directory, f) for f in sorted(files) if f.endswith(".md")]
    return found


def prose(text):
    """(line number, line, in a table) for each line outside fenced code, inline code blanked."""
    fenced = False
    for number, line in enumerate(text.split("\n"), 1):
        if line.lstrip().startswith("```"):
            fenced = not fenced
            continue
        if not fenced:
            yield number, line


def without_code(line):
    return re.sub(r"`[^`]*`", "``", line)


def slug(heading):
    heading = re.sub(r"`([^`]*)`", r"\1", heading.strip()).lower()
    heading = re.sub(r"\[([^\]]*)\]\([^)]*\)", r"\1", heading)
    return re.sub(r"[^\w\- ]", "", heading).replace(" ", "-")


def anchors(path, cache={}):
    if path not in cache:
        seen, names = {}, set()
        with open(path, encoding="utf-8") as f:
            for _, line in prose(f.read()):
                m = re.match(r"#{1,6} (.*)", line)
                if m:
                    base = slug(m.group(1))
                    count = seen.get(base, 0)
                    seen[base] = count + 1
                    names.add(base if count == 0 else f"{base}-{count}")
        cache[path] = names
    return cache[path]


def check(root):
    problems, links = [], 0
    for page in pages(root):
        name = os.path.relpath(page, root)
        with open(page, encoding="utf-8") as f:
            text = f.read()
        for number, line in prose(text):
            where = f"{name}:{number}"
            if line.startswith("|"):
                for cell in line.strip().strip("|").split("|"):
                    if len(cell.strip()) > CELL_LIMIT and "![" not in cell and name not in REFERENCES:
                        problems.append(f"{where}: a table cell of {len(cell.strip())} characters (at most {CELL_LIMIT})")
            elif len(line) > LINE_LIMIT:
                problems.append(f"{where}: a line of {len(line)} characters (at most {LINE_LIMIT})")
            for m in LINK.finditer(without_code(line)):
                target = m.group(2)
                if re.match(r"[a-z][a-z0-9+.-]*:", target):
                    continue
                links += 1
                file, _, anchor = target.partition("#")
                resolved = os.path.normpath(os.path.join(os.path.dirname(page), file)) if file else page
                if not os.path.exists(resolved):
                    problems.append(f"{where}: {target}: no such file")
                elif anchor and resolved.endswith(".md") and anchor not in anchors(resolved):
                    problems.append(f"{where}: {target}: no heading #{anchor} in {os.path.relpath(resolved, root)}")
    return problems, links


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--root", default=REPOSITORY, help="the repository to check")
    root = parser.parse_args().root
    problems, links = check(root)
    for problem in problems:
        print(problem)
    print(f"{len(pages(root))} pages, {links} relative links: "
          + ("all resolve, no long lines" if not problems else f"{len(problems)} problems"))
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
