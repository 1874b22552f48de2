#!/usr/bin/env python3
"""Writes scenarios/<board>-slides.json for every shipped board in board-configs/: the thumb of
every enabled switch, page by page, slid end to end both ways, each checked by its state.

Each switch is first set off (a control-socket `set`, so a group sets its members and every
slide starts from a known state), then slid from the thumb's off end to its on end and checked
on, then slid back and checked off. The slides' durations go round 0.1, 0.25, 0.5, 1 and 2 s,
so every board sees every speed of the thumb-slide issue (#25). The scenarios run in `make test`
(ShippedScenarioTests) as every scenario in scenarios/ does.

Usage: scripts/slide-scenarios.py   (rewrites the files; review the diff before committing)
"""
import json
import os

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
DURATIONS = [0.1, 0.25, 0.5, 1, 2]
# A toggle animates for 0.25 s: wait a little longer before the next slide starts on the thumb.
SETTLE = 0.4


def pages_of(board):
    """The board's pages, each a list of its switches, in the config's order."""
    def switches(holder):
        found = list(holder.get("switches", []))
        for section in holder.get("sections", []):
            found += section.get("switches", [])
        return found
    if "pages" in board:
        return [switches(page) for page in board["pages"]]
    return [switches(board)]


def scenario(name, board):
    steps = []
    turn = 0
    pages = pages_of(board)
    for index, switches in enumerate(pages):
        if len(pages) > 1:
            steps += [{"page": index}, {"wait": 0.5}, {"expect": {"page": index}}]
        for sw in switches:
            if sw.get("enabled", True) is False:
                continue
            sid = sw["id"]
            for to in ["on", "off"]:
                if to == "on":
                    steps += [{"set": {sid: "off"}}, {"wait": SETTLE}]
                duration = DURATIONS[turn % len(DURATIONS)]
                turn += 1
                steps += [
                    {"slide": {"switch": sid, "to": to, "duration": duration}},
                    {"wait": SETTLE},
                    {"expect": {"state": {sid: to}}},
                ]
    return {
        "version": 1,
        "name": "Every enabled switch of %s slid end to end, on and back off, at 0.1 to 2 s" % name,
        "board": "../board-configs/%s.json" % name,
        "steps": steps,
    }


def main():
    configs = os.path.join(ROOT, "board-configs")
    for file in sorted(os.listdir(configs)):
        if not file.endswith(".json"):
            continue
        name = file[: -len(".json")]
        with open(os.path.join(configs, file)) as f:
            board = json.load(f)
        out = os.path.join(ROOT, "scenarios", name + "-slides.json")
        data = scenario(name, board)
        with open(out, "w") as f:
            f.write("{\n")
            f.write('  "version": 1,\n  "name": %s,\n  "board": %s,\n  "steps": [\n' % (
                json.dumps(data["name"], ensure_ascii=False), json.dumps(data["board"])))
            f.write(",\n".join("    " + json.dumps(s, ensure_ascii=False) for s in data["steps"]))
            f.write("\n  ]\n}\n")
        print("wrote %s (%d steps)" % (os.path.relpath(out, ROOT), len(data["steps"])))


if __name__ == "__main__":
    main()
