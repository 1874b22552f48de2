#!/usr/bin/env python3
"""Writes Tests/PanelRuntimeTests/KeyRecordings/*.events: evemu recordings of a keyboard and of a
rotary knob with a push button driving the focus ring, for the replay tests (KeyReplayTests).

These are synthesised, not captured: this machine has no /dev/uinput and no keyboard or encoder
to record. Each device is described as its driver registers it: atkbd's "AT Translated Set 2
keyboard" (bus i8042 0x11, vendor 1, product 1; EV_KEY, EV_MSC MSC_SCAN before every key, EV_LED,
EV_REP; only the keys the panel reads and a few letters are declared here) and the powermate
driver's "Griffin PowerMate" (USB 077d:0410; REL_DIAL one step per detent, BTN_0 for the push,
EV_MSC MSC_PULSELED). Timing follows the kernel's: key auto-repeat after 250 ms every 33 ms (the
console's default), value 2 for a repeat.

Usage: scripts/key-recordings.py
"""
import importlib.util
import os

EV_SYN, EV_KEY, EV_REL, EV_MSC, EV_LED, EV_REP = 0, 1, 2, 4, 0x11, 0x14
MSC_SCAN, MSC_PULSELED = 4, 1
KEY_TAB, KEY_ENTER, KEY_LEFTSHIFT, KEY_SPACE, KEY_A = 15, 28, 42, 57, 30
KEY_UP, KEY_LEFT, KEY_RIGHT, KEY_DOWN = 103, 105, 106, 108
BTN_0, REL_DIAL = 0x100, 0x07
# atkbd's set-2 scan codes of those keys, as MSC_SCAN reports them.
SCAN = {KEY_TAB: 0x0F, KEY_ENTER: 0x1C, KEY_LEFTSHIFT: 0x2A, KEY_RIGHT: 0xCD, KEY_DOWN: 0xD0}

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
spec = importlib.util.spec_from_file_location("board_recordings", os.path.join(ROOT, "scripts/board-recordings.py"))
board_recordings = importlib.util.module_from_spec(spec)
spec.loader.exec_module(board_recordings)
mask = board_recordings.mask


def header(name, ids, types, comment):
    lines = ["# EVEMU 1.3"] + [f"# {line}" for line in comment] + [
        f"# Input device name: \"{name}\"",
        f"N: {name}",
        "I: " + " ".join(f"{v:04x}" for v in ids),
        "P: 00",
    ]
    for etype, bits in [(EV_SYN, [EV_SYN] + sorted(types))] + sorted(types.items()):
        data = mask(bits)
        for i in range(0, len(data), 8):
            lines.append(f"B: {etype:02x} " + " ".join(f"{b:02x}" for b in data[i:i + 8]))
    return lines


class Events:
    def __init__(self, start=1000.0):
        self.t = start
        self.lines = []

    def emit(self, etype, code, value):
        sec = int(self.t)
        usec = int(round((self.t - sec) * 1e6))
        self.lines.append(f"E: {sec}.{usec:06d} {etype:04x} {code:04x} {value}")

    def key(self, code, value):
        self.emit(EV_MSC, MSC_SCAN, SCAN.get(code, code))
        self.emit(EV_KEY, code, value)
        self.emit(EV_SYN, 0, 0)

    def tap(self, code, hold=0.09):
        self.key(code, 1)
        self.t += hold
        self.key(code, 0)

    def wait(self, seconds):
        self.t += seconds


def keyboard():
    e = Events()
    e.tap(KEY_TAB)  # shows the ring on the first switch
    e.wait(0.6)
    e.tap(KEY_TAB)  # on
    e.wait(0.6)
    e.tap(KEY_ENTER)  # toggles it
    e.wait(0.6)
    e.key(KEY_RIGHT, 1)  # held: one move, then the repeats' two
    e.wait(0.25)
    e.key(KEY_RIGHT, 2)
    e.wait(0.033)
    e.key(KEY_RIGHT, 2)
    e.wait(0.02)
    e.key(KEY_RIGHT, 0)
    e.wait(0.6)
    e.tap(KEY_ENTER)
    e.wait(0.6)
    e.key(KEY_LEFTSHIFT, 1)
    e.wait(0.1)
    e.tap(KEY_TAB)  # Shift+Tab: back
    e.wait(0.05)
    e.key(KEY_LEFTSHIFT, 0)
    keys = [KEY_TAB, KEY_ENTER, KEY_LEFTSHIFT, KEY_SPACE, KEY_A, KEY_UP, KEY_LEFT, KEY_RIGHT, KEY_DOWN]
    types = {EV_KEY: keys, EV_MSC: [MSC_SCAN], EV_LED: [0, 1, 2], EV_REP: [0, 1]}
    comment = [
        "Synthesised by scripts/key-recordings.py (not captured: no /dev/uinput here).",
        "Tab, Tab, Enter, Right held (two auto-repeats), Enter, Shift+Tab.",
    ]
    return header("AT Translated Set 2 keyboard", (0x11, 1, 1, 0xAB41), types, comment) + e.lines


def knob():
    e = Events()

    def turn(step):
        e.emit(EV_REL, REL_DIAL, step)
        e.emit(EV_SYN, 0, 0)
        e.wait(0.15)

    def push():
        e.emit(EV_KEY, BTN_0, 1)
        e.emit(EV_SYN, 0, 0)
        e.wait(0.12)
        e.emit(EV_KEY, BTN_0, 0)
        e.emit(EV_SYN, 0, 0)
        e.wait(0.6)

    for step in [1, 1, 1]:  # shows the ring, then two detents on
        turn(step)
    e.wait(0.5)
    push()
    turn(-1)
    e.wait(0.5)
    for step in [1, 1, 1, 1]:
        turn(step)
    e.wait(0.5)
    push()
    types = {EV_KEY: [BTN_0], EV_REL: [REL_DIAL], EV_MSC: [MSC_PULSELED]}
    comment = [
        "Synthesised by scripts/key-recordings.py (not captured: no /dev/uinput here).",
        "Three detents clockwise, push, one back, four on, push.",
    ]
    return header("Griffin PowerMate", (0x03, 0x077D, 0x0410, 0x0400), types, comment) + e.lines


def main():
    out = os.path.join(ROOT, "Tests/PanelRuntimeTests/KeyRecordings")
    os.makedirs(out, exist_ok=True)
    for name, lines in [("at-keyboard", keyboard()), ("griffin-powermate", knob())]:
        with open(os.path.join(out, name + ".events"), "w") as f:
            f.write("\n".join(lines) + "\n")


if __name__ == "__main__":
    main()
