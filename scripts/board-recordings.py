#!/usr/bin/env python3
"""Writes Tests/PanelRuntimeTests/BoardRecordings/<board>.events: for each shipped board, an evemu
recording of one tap on the centre of every enabled switch, made on the touchscreen that board has
today, as its driver describes itself and reports a tap. On a board of several pages the taps go
page by page, with a swipe to the next page (from a gap below the page's switches, right to left,
half the width in 160 ms) after each page's taps; group switches are not tapped (a group's tap
sets its members).

The device descriptions are the drivers' own (name, bus, ids, axes, protocol), read from their
sources: edt-ft5x06 ("generic ft5x06 (%02x)", type B, the 800x480 size the Pi's
vc4-kms-dsi-7inch overlay gives), goodix ("Goodix Capacitive TouchScreen", GT911 on the Touch
Display 2, 720x1280 portrait), ads7846 ("ADS%d Touchscreen", single touch with pressure, 12-bit),
usbtouchscreen (eGalax 0eef:0001, 11-bit) and virtio_input ("QEMU Virtio Tablet", 15-bit, a
pointer). The taps are synthesised: the positions come from `switchpanel check-config` of each
board, taken back through the board's rotation and calibration matrix into device units. The
replay tests (BoardReplayTests) hold that each board's config picks the device by the name in the
header and that each tap toggles the switch it was aimed at.

Also writes <board>.slides.events: on the same device, the thumb of every enabled switch but the
groups slid end to end and back at 0.1, 0.25, 0.5, 1 and 2 s in turn (a move every 16 ms, only the
axes that changed, as the kernel reports them), page by page with the same swipes; BoardReplayTests
holds that each slide flips the switch it was aimed at.

Usage: scripts/board-recordings.py [BINARY]   (default .build/debug/switchpanel)
"""
import os
import re
import subprocess
import sys

EV_SYN, EV_KEY, EV_ABS = 0, 1, 3
ABS_X, ABS_Y, ABS_PRESSURE = 0x00, 0x01, 0x18
ABS_MT_SLOT, ABS_MT_TOUCH_MAJOR, ABS_MT_WIDTH_MAJOR = 0x2F, 0x30, 0x32
ABS_MT_POSITION_X, ABS_MT_POSITION_Y, ABS_MT_TRACKING_ID = 0x35, 0x36, 0x39
BTN_LEFT, BTN_RIGHT, BTN_TOUCH = 0x110, 0x111, 0x14A
INPUT_PROP_DIRECT = 0x01
# The interval between the moves of a swipe or a slide: a controller reporting at about 60 Hz.
STEP = 0.016
# The slides' durations, in turn: the thumb-slide issue's (#25) speeds, 0.1 s to 2 s.
SLIDE_DURATIONS = [0.1, 0.25, 0.5, 1, 2]

BOARDS = {
    "rpi-7inch-dsi": dict(
        name="generic ft5x06 (79)", id=(0x18, 0, 0, 0), kind="mt", x=799, y=479, slots=10,
        source="edt-ft5x06.c (\"generic ft5x06 (%02x)\"), touchscreen-size-x/y 800/480 in vc4-kms-dsi-7inch"),
    "rpi-touch-display-2": dict(
        name="Goodix Capacitive TouchScreen", id=(0x18, 0x0416, 0x038F, 0x1060), kind="mt", x=719, y=1279, slots=10,
        source="goodix.c (GT911: vendor 0x0416, product = the chip id 911), 720x1280 portrait"),
    "hdmi-5inch-xpt2046": dict(
        name="ADS7846 Touchscreen", id=(0x1C, 0, 7846, 0), kind="pressure", x=4095, y=4095, pressure=65535,
        source="ads7846.c (\"ADS%d Touchscreen\", model 7846 for ti,ads7846 and ti,tsc2046, 12-bit axes)"),
    "hdmi-1080p-usb-touch": dict(
        name="eGalax Inc. USB TouchController", id=(0x03, 0x0EEF, 0x0001, 0x0100), kind="single", x=2047, y=2047,
        source="usbtouchscreen.c (eGalax 0eef:0001, 11-bit axes, BTN_TOUCH)"),
    "qemu-virtio-gpu": dict(
        name="QEMU Virtio Tablet", id=(0x06, 0x0627, 0x0003, 0x0001), kind="tablet", x=32767, y=32767,
        source="QEMU's virtio-tablet-pci through virtio_input (15-bit axes, BTN_LEFT)"),
    "rpi-7inch-dsi-rtl": dict(
        name="generic ft5x06 (79)", id=(0x18, 0, 0, 0), kind="mt", x=799, y=479, slots=10,
        source="edt-ft5x06.c (\"generic ft5x06 (%02x)\"), touchscreen-size-x/y 800/480 in vc4-kms-dsi-7inch"),
    "house-7inch-pages": dict(
        name="generic ft5x06 (79)", id=(0x18, 0, 0, 0), kind="mt", x=799, y=479, slots=10,
        source="edt-ft5x06.c (\"generic ft5x06 (%02x)\"), touchscreen-size-x/y 800/480 in vc4-kms-dsi-7inch"),
}


def mask(bits):
    """An evemu B: mask's bytes for these bit numbers."""
    out = bytearray((max(bits) // 8 + 1) if bits else 1)
    for b in bits:
        out[b // 8] |= 1 << (b % 8)
    return out


def header(board, d, axes, keys, description):
    lines = [
        "# EVEMU 1.3",
        f"# Synthesised by scripts/board-recordings.py for board-configs/{board}.json: {description[0]}",
        *[f"# {line}" for line in description[1:]],
        f"# {d['source']}.",
        f"# Input device name: \"{d['name']}\"",
        f"N: {d['name']}",
        "I: " + " ".join(f"{v:04x}" for v in d["id"]),
        "P: " + " ".join(f"{b:02x}" for b in mask([INPUT_PROP_DIRECT] if d["kind"] != "tablet" else [])),
    ]
    for etype, bits in ((EV_SYN, [EV_SYN, EV_KEY, EV_ABS]), (EV_KEY, keys), (EV_ABS, sorted(axes))):
        data = mask(bits)
        for i in range(0, len(data), 8):
            lines.append(f"B: {etype:02x} " + " ".join(f"{b:02x}" for b in data[i:i + 8]))
    for code in sorted(axes):
        lo, hi = axes[code]
        lines.append(f"A: {code:02x} {lo} {hi} 0 0 0")
    return lines


def layout(binary, path):
    """The screen's size and, page by page, each switch's id, centre, bottom edge and frame
    (x, width, height)."""
    out = subprocess.run([binary, "check-config", path], check=True, capture_output=True, text=True).stdout
    width, height = map(float, re.search(r"^screen (\S+)x(\S+)$", out, re.M).groups())
    pages = [[]]
    for line in out.splitlines():
        if re.match(r'^page \d+ "', line) and pages[-1]:
            pages.append([])
        m = re.match(r"^switch (\S+): (\S+)x(\S+) at (\S+),(\S+) ", line)
        if m:
            sid, w, h, x, y = m.group(1), *map(float, m.groups()[1:])
            pages[-1].append((sid, x + w / 2, y + h / 2, y + h, x, w, h))
    return width, height, pages


def device_point(config, width, height, lx, ly, d):
    """A logical screen point → device units, through the inverse of the board's rotation and
    calibration matrix (the panel maps device → normalised → matrix → physical → rotation)."""
    rotation = config.get("rotation", 0)
    # Rotation.physicalPoint (Sources/Raster/Pixels/Blitter.swift), width/height logical.
    px, py, pw, ph = {
        0: (lx, ly, width, height),
        90: (height - ly, lx, height, width),
        180: (width - lx, height - ly, width, height),
        270: (ly, width - lx, height, width),
    }[rotation]
    a, b, c, d2, e, f = config.get("calibration", [1, 0, 0, 0, 1, 0])
    sx, sy = px / pw, py / ph
    det = a * e - b * d2
    nx = (e * (sx - c) - b * (sy - f)) / det
    ny = (a * (sy - f) - d2 * (sx - c)) / det
    return round(nx * d["x"]), round(ny * d["y"])


def events(d, strokes):
    """Each stroke is a tap (one point) or a swipe or slide (several points, `STEP` apart, the
    first the touch-down), 0.5 s apart."""
    lines = []
    t = 1000.0

    def emit(dt, etype, code, value):
        lines.append(f"E: {t + dt:.6f} {etype:04x} {code:04x} {value}")

    def emit_moves(x, y, moves, axes):
        """A frame every STEP for each move from (x, y), with the (x, y) axis pairs that changed, in
        order (none changed: no frame, as the kernel does)."""
        last = (x, y)
        for k, (px, py) in enumerate(moves, 1):
            if (px, py) == last:
                continue
            for code_x, code_y in axes:
                if px != last[0]:
                    emit(STEP * k, EV_ABS, code_x, px)
                if py != last[1]:
                    emit(STEP * k, EV_ABS, code_y, py)
            emit(STEP * k, EV_SYN, 0, 0)
            last = (px, py)

    for n, points in enumerate(strokes):
        x, y = points[0]
        moves = points[1:]
        if d["kind"] == "mt":
            emit(0, EV_ABS, ABS_MT_TRACKING_ID, 100 + n)
            emit(0, EV_ABS, ABS_MT_POSITION_X, x)
            emit(0, EV_ABS, ABS_MT_POSITION_Y, y)
            emit(0, EV_KEY, BTN_TOUCH, 1)
            emit(0, EV_ABS, ABS_X, x)
            emit(0, EV_ABS, ABS_Y, y)
            emit(0, EV_SYN, 0, 0)
            # A swipe moves every 16 ms and lifts 16 ms after its last move; a tap lifts at 80 ms.
            # A frame carries the axes that changed (none changed: no frame, as the kernel does).
            emit_moves(x, y, moves, [(ABS_MT_POSITION_X, ABS_MT_POSITION_Y), (ABS_X, ABS_Y)])
            end = STEP * len(points) if moves else 0.08
            emit(end, EV_ABS, ABS_MT_TRACKING_ID, -1)
            emit(end, EV_KEY, BTN_TOUCH, 0)
            emit(end, EV_SYN, 0, 0)
        elif d["kind"] == "pressure":
            # A resistive controller samples every few milliseconds while pressed, a little noisily:
            # 8 samples 8 ms apart for a tap; along a slide, two samples for each of its points.
            samples = [points[0]] * 8 if not moves else [p for p in points for _ in (0, 1)]
            for i, (sx, sy) in enumerate(samples):
                dt = i * 0.008
                emit(dt, EV_ABS, ABS_X, sx + (i % 3) - 1)
                emit(dt, EV_ABS, ABS_Y, sy - (i % 2))
                emit(dt, EV_ABS, ABS_PRESSURE, 900 + 10 * (i % 8))
                if i == 0:
                    emit(dt, EV_KEY, BTN_TOUCH, 1)
                emit(dt, EV_SYN, 0, 0)
            end = 0.07 if not moves else 0.008 * len(samples)
            emit(end, EV_KEY, BTN_TOUCH, 0)
            emit(end, EV_ABS, ABS_PRESSURE, 0)
            emit(end, EV_SYN, 0, 0)
        else:
            button = BTN_LEFT if d["kind"] == "tablet" else BTN_TOUCH
            emit(0, EV_ABS, ABS_X, x)
            emit(0, EV_ABS, ABS_Y, y)
            emit(0, EV_KEY, button, 1)
            emit(0, EV_SYN, 0, 0)
            emit_moves(x, y, moves, [(ABS_X, ABS_Y)])
            end = STEP * len(points) if moves else 0.08
            emit(end, EV_KEY, button, 0)
            emit(end, EV_SYN, 0, 0)
        # The next stroke half a second after this one began, or 0.3 s after a long one lifted.
        t += max(0.5, end + 0.3)
    return lines


def main():
    import json

    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    binary = sys.argv[1] if len(sys.argv) > 1 else os.path.join(root, ".build/debug/switchpanel")
    out_dir = os.path.join(root, "Tests/PanelRuntimeTests/BoardRecordings")
    os.makedirs(out_dir, exist_ok=True)
    for board, d in BOARDS.items():
        path = os.path.join(root, "board-configs", board + ".json")
        with open(path) as f:
            config = json.load(f)
        width, height, pages = layout(binary, path)
        switch_lists = [config.get("switches", [])]
        for page in config.get("pages", [config]):
            switch_lists.append(page.get("switches", []))
            switch_lists += [section["switches"] for section in page.get("sections", [])]
        enabled = {s["id"] for switches in switch_lists for s in switches if s.get("enabled", True) and "group" not in s}
        placement = dict(config["display"], calibration=config.get("touch", {}).get("calibration", [1, 0, 0, 0, 1, 0]))
        # A right-to-left board's next page lies to the left: its swipes go left to right, and
        # its switches' off ends are at the right.
        rtl = config.get("layout", {}).get("direction") == "rtl"

        def swipe(k):
            return 0.3 + 0.05 * k if rtl else 0.8 - 0.05 * k
        taps, strokes = [], []
        for p, switches in enumerate(pages):
            for sid, x, y, *_ in switches:
                if sid in enabled:
                    taps.append(sid)
                    strokes.append([device_point(placement, width, height, x, y, d)])
            if p < len(pages) - 1:
                # From a gap a third of the way from the page's lowest switch to the bottom edge
                # (above the page dots), half the width towards the previous page in ten moves.
                gy = max(bottom for _, _, _, bottom, *_ in switches)
                gy += (height - gy) / 3
                strokes.append([device_point(placement, width, height, width * swipe(k), gy, d) for k in range(11)])
        if d["kind"] == "mt":
            axes = {ABS_X: (0, d["x"]), ABS_Y: (0, d["y"]), ABS_MT_SLOT: (0, d["slots"] - 1),
                    ABS_MT_POSITION_X: (0, d["x"]), ABS_MT_POSITION_Y: (0, d["y"]), ABS_MT_TRACKING_ID: (0, 65535)}
            keys = [BTN_TOUCH]
        elif d["kind"] == "pressure":
            axes = {ABS_X: (0, d["x"]), ABS_Y: (0, d["y"]), ABS_PRESSURE: (0, d["pressure"])}
            keys = [BTN_TOUCH]
        elif d["kind"] == "single":
            axes = {ABS_X: (0, d["x"]), ABS_Y: (0, d["y"])}
            keys = [BTN_TOUCH]
        else:
            axes = {ABS_X: (0, d["x"]), ABS_Y: (0, d["y"])}
            keys = [BTN_LEFT, BTN_RIGHT]
        description = (
            ["one tap on the", "centre of each enabled switch. The device is described as its driver registers it today:"]
            if len(pages) == 1 else
            ["one tap on the", "centre of each enabled switch but the groups, page by page, with a swipe to the next page",
             "(from a gap, right to left) after each page's taps. The device is described as its driver",
             "registers it today:"])
        text = header(board, d, axes, keys, description)
        text.append("# Taps, in order: " + " ".join(taps))
        text += events(d, strokes)
        with open(os.path.join(out_dir, board + ".events"), "w") as f:
            f.write("\n".join(text) + "\n")
        swipes = len(strokes) - len(taps)
        print(f"{board}: {len(taps)} taps{f' and {swipes} swipes' if swipes else ''} on \"{d['name']}\"")

        # The slides: every enabled switch but the groups, page by page, its thumb slid from the
        # end it rests at to the other and straight back, the slides' durations in turn from
        # SLIDE_DURATIONS. The thumb's centre rests half the switch's height in from either end
        # (a thumb as high as the frame less its padding, or as the frame: every preset's).
        initial = {s["id"]: s.get("initial", False) for switches in switch_lists for s in switches}
        slides, strokes = [], []
        for p, switches in enumerate(pages):
            for sid, _, y, _, x, w, h in switches:
                if sid not in enabled:
                    continue
                ends = [x + h / 2, x + w - h / 2]
                if rtl:
                    ends.reverse()
                if initial[sid]:
                    ends.reverse()
                for a, b, to in ((ends[0], ends[1], not initial[sid]), (ends[1], ends[0], initial[sid])):
                    duration = SLIDE_DURATIONS[len(slides) % len(SLIDE_DURATIONS)]
                    n = max(1, round(duration / STEP))
                    strokes.append([device_point(placement, width, height, a + (b - a) * k / n, y, d) for k in range(n + 1)])
                    slides.append(f"{sid}:{'on' if to else 'off'}")
            if p < len(pages) - 1:
                gy = max(bottom for _, _, _, bottom, *_ in switches)
                gy += (height - gy) / 3
                strokes.append([device_point(placement, width, height, width * swipe(k), gy, d) for k in range(11)])
        description = [
            "the thumb of",
            "each enabled switch but the groups slid end to end and back (0.1, 0.25, 0.5, 1, 2 s in turn), a",
            "move every 16 ms" + (", page by page with a swipe to the next page after each page's slides." if len(pages) > 1 else "."),
            "The device is described as its driver registers it today:"]
        text = header(board, d, axes, keys, description)
        text.append("# Slides, in order: " + " ".join(slides))
        text += events(d, strokes)
        with open(os.path.join(out_dir, board + ".slides.events"), "w") as f:
            f.write("\n".join(text) + "\n")
        print(f"{board}: {len(slides)} slides on \"{d['name']}\"")

if __name__ == "__main__":
    main()
