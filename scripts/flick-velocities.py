#!/usr/bin/python3
"""Flick-velocity statistics from evemu touchscreen recordings.

Parses every evemu recording (MT-B, MT-A, single touch), turns each contact into a list of
timed samples in pixels of an 800x480 screen, and reports per contact: duration, dx, dy, path
length, peak speed and the release velocity (horizontal speed over the last 80 ms before lift).

Assumption: each touchscreen is mounted on an 800x480 panel and calibrated to it, i.e. the
device's declared x range maps to 800 px and its y range to 480 px (independently; this is what
a full-range touchscreen-to-display mapping does). px = (v - min) * 800 / (max - min + 1).
Speeds are therefore in "px of an 800-wide screen" per second, i.e. screen-widths/s * 800,
whatever the physical size of the recorded device.

Release velocity ("v80", as specified): t_end = time of the frame that reports the lift;
first = first position sample with t >= t_end - 0.08; last = last position sample;
v = (last.x - first.x) / (last.t - first.t) if that dt > 4 ms, else 0.
"v80p" is the same computed the way Sources/Panel/Controller/Pager.swift does it: a sample at the lift
time carrying the last position is appended before measuring, so a pause before lifting
lengthens dt (dt = t_end - first.t).

Peak speed: max over samples i of |p_i - p_j| / (t_i - t_j), with j the latest earlier sample
at least 20 ms before i (a 20 ms baseline keeps one-frame quantisation jitter out of it).

Samples are taken at SYN_REPORT frames in which the contact started or its position changed
(the kernel omits unchanged values; a recogniser gets move events only on change).

Usage: flick_stats.py [--contacts] [--csv FILE] [paths...]
  default path: the repository's Tests directory
"""
import csv
import hashlib
import math
import os
import re
import sys

SCREEN_W, SCREEN_H = 800.0, 480.0
WINDOW = 0.08
MIN_DT = 0.004
PEAK_BASE = 0.020
TAP_PATH = 10.0
HORIZ_RATIO = 1.4
MTA_MAX_JUMP = 150.0  # px: an MT-A report further than this from every live contact is a new one

EV_SYN, EV_KEY, EV_ABS = 0, 1, 3
SYN_REPORT, SYN_MT_REPORT = 0, 2
BTN_TOUCH, BTN_LEFT = 0x14A, 0x110
ABS_X, ABS_Y, ABS_Z, ABS_RX = 0x00, 0x01, 0x02, 0x03
ABS_MT_SLOT, ABS_MT_X, ABS_MT_Y, ABS_MT_TID = 0x2F, 0x35, 0x36, 0x39

E_RE = re.compile(r"^E:\s+(\d+)\.(\d+)\s+([0-9a-fA-F]+)\s+([0-9a-fA-F]+)\s+(-?\d+)")
A_RE = re.compile(r"^A:\s+([0-9a-fA-F]+)\s+(-?\d+)\s+(-?\d+)")


# ----------------------------------------------------------------------------- parsing

def read_evemu(path):
    """Returns (name, absinfo {code: (min, max)}, header_slot or None, events [(t, type, code, value)])."""
    name, absinfo, events = None, {}, []
    header_slot, in_slot_block = None, False
    with open(path, encoding="utf-8", errors="replace") as f:
        for line in f:
            if line.startswith("E:"):
                m = E_RE.match(line)
                if not m:
                    continue
                sec, usec, typ, code, val = m.groups()
                t = int(sec) + int(usec) / 10 ** len(usec)
                events.append((t, int(typ, 16), int(code, 16), int(val)))
            elif line.startswith("A:"):
                m = A_RE.match(line)
                if m:
                    absinfo[int(m.group(1), 16)] = (int(m.group(2)), int(m.group(3)))
            elif line.startswith("N:"):
                name = line[2:].strip()
            elif line.startswith("#"):
                # evemu's human-readable header: the ABS_MT_SLOT block's "Value" is the slot at open
                if "(ABS_MT_SLOT)" in line:
                    in_slot_block = True
                elif in_slot_block:
                    m = re.match(r"#\s+Value\s+(-?\d+)", line)
                    if m:
                        header_slot = int(m.group(1))
                    in_slot_block = False
    return name, absinfo, header_slot, events


def find_desc(path):
    """For .events files without A: lines: the .desc beside them whose stem prefixes the name."""
    d, base = os.path.split(path)
    best = None
    for fn in os.listdir(d):
        if fn.endswith(".desc") and base.startswith(fn[:-5] + "."):
            if best is None or len(fn) > len(best):
                best = fn
    return os.path.join(d, best) if best else None


class Contact:
    def __init__(self, file, ident, t0):
        self.file, self.ident, self.t0 = file, ident, t0
        self.samples = []  # (t, x_px, y_px)
        self.t_lift = None

    def add(self, t, x, y):
        if not self.samples or self.samples[-1][1:] != (x, y):
            self.samples.append((t, x, y))


class Scaler:
    def __init__(self, absinfo, xcode, ycode):
        self.xr = absinfo.get(xcode)
        self.yr = absinfo.get(ycode)
        if not self.xr or not self.yr:
            raise ValueError("no axis range for codes %x/%x" % (xcode, ycode))

    def __call__(self, x, y):
        (x0, x1), (y0, y1) = self.xr, self.yr
        return ((x - x0) * SCREEN_W / (x1 - x0 + 1), (y - y0) * SCREEN_H / (y1 - y0 + 1))


def initial_slot(events, header_slot):
    """The slot MT events go to before the first ABS_MT_SLOT: device state at open."""
    first_explicit, mt_before = None, False
    for _, typ, code, _v in events:
        if typ != EV_ABS:
            continue
        if code == ABS_MT_SLOT:
            first_explicit = _v
            break
        if code in (ABS_MT_X, ABS_MT_Y, ABS_MT_TID):
            mt_before = True
    if first_explicit is None:
        return header_slot if header_slot is not None else 0  # one slot throughout
    if not mt_before:
        return first_explicit  # irrelevant: nothing lands in it
    return 0 if first_explicit != 0 else 1


def contacts_mtb(file, events, absinfo, header_slot):
    sc = Scaler(absinfo, ABS_MT_X, ABS_MT_Y)
    slot = initial_slot(events, header_slot)
    st = {}  # slot -> dict(tid, x, y, changed, contact, ending)
    out = []
    n = 0

    def s(k):
        return st.setdefault(k, {"tid": -1, "x": None, "y": None, "changed": False, "contact": None, "end": False})

    for t, typ, code, v in events:
        if typ == EV_ABS:
            if code == ABS_MT_SLOT:
                slot = v
            elif code == ABS_MT_TID:
                cur = s(slot)
                if v < 0:
                    if cur["contact"] is not None:
                        cur["end"] = True
                    cur["tid"] = -1
                else:
                    if cur["contact"] is not None and cur["tid"] != v:
                        cur["end"] = True  # id changed without a -1: old contact ends
                        cur["pending_new"] = v
                    elif cur["contact"] is None:
                        cur["pending_new"] = v
                    cur["tid"] = v
            elif code == ABS_MT_X:
                s(slot)["x"] = v
                s(slot)["changed"] = True
            elif code == ABS_MT_Y:
                s(slot)["y"] = v
                s(slot)["changed"] = True
        elif typ == EV_SYN and code == SYN_REPORT:
            for k, cur in st.items():
                if cur["end"] and cur["contact"] is not None:
                    cur["contact"].t_lift = t
                    out.append(cur["contact"])
                    cur["contact"] = None
                cur["end"] = False
                if "pending_new" in cur:
                    n += 1
                    cur["contact"] = Contact(file, "slot%d#%d" % (k, cur.pop("pending_new")), t)
                    cur["changed"] = True
                if cur["contact"] is not None and cur["changed"] and cur["x"] is not None and cur["y"] is not None:
                    cur["contact"].add(t, *sc(cur["x"], cur["y"]))
                cur["changed"] = False
    return out, []  # contacts still down at the end are dropped (no lift to measure)


def contacts_mta(file, events, absinfo):
    sc = Scaler(absinfo, ABS_MT_X, ABS_MT_Y)
    live, out, reports, cur = [], [], [], {}
    n = 0
    touch = None
    for t, typ, code, v in events:
        if typ == EV_ABS and code in (ABS_MT_X, ABS_MT_Y):
            cur[code] = v
        elif typ == EV_KEY and code == BTN_TOUCH:
            touch = v
        elif typ == EV_SYN and code == SYN_MT_REPORT:
            if ABS_MT_X in cur and ABS_MT_Y in cur:
                reports.append(sc(cur[ABS_MT_X], cur[ABS_MT_Y]))
            cur = {}
        elif typ == EV_SYN and code == SYN_REPORT:
            if touch == 0:
                reports = []
            # greedy nearest-neighbour matching of this frame's reports to live contacts
            pairs = sorted((math.hypot(r[0] - c.samples[-1][1], r[1] - c.samples[-1][2]), i, j)
                           for i, r in enumerate(reports) for j, c in enumerate(live))
            used_r, used_c, nxt = set(), set(), []
            for d, i, j in pairs:
                if d > MTA_MAX_JUMP or i in used_r or j in used_c:
                    continue
                used_r.add(i)
                used_c.add(j)
                live[j].add(t, *reports[i])
            for j, c in enumerate(live):
                if j in used_c:
                    nxt.append(c)
                else:
                    c.t_lift = t
                    out.append(c)
            for i, r in enumerate(reports):
                if i not in used_r:
                    n += 1
                    c = Contact(file, "mta#%d" % n, t)
                    c.add(t, *r)
                    nxt.append(c)
            live, reports, cur = nxt, [], {}
    return out, live


def contacts_st(file, events, absinfo):
    codes = {c for _, typ, c, _ in events if typ == EV_ABS}
    # eGalax quirk: position on ABS_Z/ABS_RX although ABS_X/ABS_Y are declared
    xc, yc = (ABS_X, ABS_Y) if ABS_X in codes or ABS_Y in codes else (ABS_Z, ABS_RX)
    sc = Scaler(absinfo, xc, yc)
    pos = {xc: None, yc: None}
    touch, prev_touch, c, out, n = 0, 0, None, [], 0
    for t, typ, code, v in events:
        if typ == EV_ABS and code in pos:
            pos[code] = v
        elif typ == EV_KEY and code in (BTN_TOUCH, BTN_LEFT):
            touch = v
        elif typ == EV_SYN and code == SYN_REPORT:
            if touch and not prev_touch:
                n += 1
                c = Contact(file, "st#%d" % n, t)
            if c is not None and touch and None not in pos.values():
                c.add(t, *sc(pos[xc], pos[yc]))
            if prev_touch and not touch and c is not None:
                c.t_lift = t
                out.append(c)
                c = None
            prev_touch = touch
    return out, [c] if c else []


def parse(path):
    name, absinfo, header_slot, events = read_evemu(path)
    if not absinfo:
        desc = find_desc(path)
        if desc:
            dname, absinfo, dslot, _ = read_evemu(desc)
            name = name or dname
            header_slot = header_slot if header_slot is not None else dslot
    codes = {(typ, c) for _, typ, c, _ in events}
    if (EV_ABS, ABS_MT_SLOT) in codes or (EV_ABS, ABS_MT_TID) in codes:
        proto, (cs, open_) = "MT-B", contacts_mtb(path, events, absinfo, header_slot)
    elif (EV_SYN, SYN_MT_REPORT) in codes:
        proto, (cs, open_) = "MT-A", contacts_mta(path, events, absinfo)
    else:
        proto, (cs, open_) = "ST", contacts_st(path, events, absinfo)
    return name, proto, [c for c in cs if c.samples], open_


# ----------------------------------------------------------------------------- metrics

def release_velocity(samples, t_end, pager_style=False):
    if pager_style and samples:
        samples = samples + [(t_end, samples[-1][1], samples[-1][2])]
    if not samples:
        return 0.0
    last = samples[-1]
    first = next((s for s in samples if s[0] >= t_end - WINDOW), None)
    if first is None or last[0] - first[0] <= MIN_DT:
        return 0.0
    return (last[1] - first[1]) / (last[0] - first[0])


def peak_speed(samples):
    best, j = 0.0, 0
    for i in range(len(samples)):
        # latest j with samples[i].t - samples[j].t >= PEAK_BASE
        while j + 1 < i and samples[i][0] - samples[j + 1][0] >= PEAK_BASE:
            j += 1
        if j < i and samples[i][0] - samples[j][0] >= PEAK_BASE:
            d = math.hypot(samples[i][1] - samples[j][1], samples[i][2] - samples[j][2])
            best = max(best, d / (samples[i][0] - samples[j][0]))
    if best == 0.0 and len(samples) >= 2 and samples[-1][0] > samples[0][0]:
        # contact shorter than the baseline: whole-contact average
        d = math.hypot(samples[-1][1] - samples[0][1], samples[-1][2] - samples[0][2])
        best = d / (samples[-1][0] - samples[0][0])
    return best


def peak_vx(samples, base=0.040):
    """Peak horizontal speed over a >= 40 ms baseline."""
    best, j = 0.0, 0
    for i in range(len(samples)):
        while j + 1 < i and samples[i][0] - samples[j + 1][0] >= base:
            j += 1
        if j < i and samples[i][0] - samples[j][0] >= base:
            best = max(best, abs(samples[i][1] - samples[j][1]) / (samples[i][0] - samples[j][0]))
    return best


def lifted_anywhere(c, step=0.004):
    """|v80p| the contact would have had if lifted at any instant of it (4 ms steps, from 80 ms
    after touch-down to the real lift): how fast the finger was moving horizontally along the way."""
    s, out, k = c.samples, [], 0
    t = s[0][0] + WINDOW
    while t <= c.t_lift + 1e-9:
        while k < len(s) and s[k][0] <= t:
            k += 1
        out.append(abs(release_velocity(s[:k], t, pager_style=True)))
        t += step
    return out


def metrics(c):
    s = c.samples
    dx, dy = s[-1][1] - s[0][1], s[-1][2] - s[0][2]
    path = sum(math.hypot(b[1] - a[1], b[2] - a[2]) for a, b in zip(s, s[1:]))
    if path < TAP_PATH:
        cls = "tap"
    elif abs(dx) >= HORIZ_RATIO * abs(dy):
        cls = "drag-h"
    else:
        cls = "other"
    rate = (len(s) - 1) / (s[-1][0] - s[0][0]) if len(s) > 1 and s[-1][0] > s[0][0] else 0
    return {
        "file": os.path.basename(c.file), "contact": c.ident, "class": cls,
        "dur_ms": (c.t_lift - c.t0) * 1000, "dx": dx, "dy": dy, "path": path,
        "peak": peak_speed(s), "v80": release_velocity(s, c.t_lift),
        "v80p": release_velocity(s, c.t_lift, pager_style=True),
        "peak_vx": peak_vx(s), "any": lifted_anywhere(c),
        "hold_ms": (c.t_lift - s[-1][0]) * 1000, "n": len(s), "hz": rate,
    }


def pct(vals, p):
    v = sorted(vals)
    if not v:
        return float("nan")
    k = (len(v) - 1) * p
    lo, hi = math.floor(k), math.ceil(k)
    return v[lo] + (v[hi] - v[lo]) * (k - lo)


def dist(vals):
    return "%6.0f %6.0f %6.0f %6.0f" % (min(vals), pct(vals, .5), pct(vals, .9), max(vals))


# ----------------------------------------------------------------------------- driver

def group_of(path):
    if "/BoardRecordings/" in path:
        return "synthetic"
    if "/KernelCaptures/" in path:
        return "replay"
    return "real"


def discover(roots):
    found = []
    for root in roots:
        for d, _dirs, files in os.walk(root):
            if "/.build" in d or "/.git" in d:
                continue
            for fn in sorted(files):
                p = os.path.join(d, fn)
                if fn.endswith((".desc", ".md", ".swift", ".json", ".py", ".sh")):
                    continue
                try:
                    with open(p, encoding="utf-8", errors="replace") as f:
                        head = f.read(200000)
                except OSError:
                    continue
                if re.search(r"^E:\s+\d+\.\d+\s", head, re.M):
                    found.append(p)
    return sorted(found)


def main(argv):
    want_contacts = "--contacts" in argv
    csv_path = None
    args = [a for a in argv if a != "--contacts"]
    if "--csv" in args:
        i = args.index("--csv")
        csv_path = args[i + 1]
        del args[i:i + 2]
    roots = args or [os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "Tests")]
    files = discover(roots)

    seen, rows, per_file = {}, [], []
    for p in files:
        digest = hashlib.sha256(open(p, "rb").read()).hexdigest()
        if digest in seen:
            per_file.append((p, None, None, 0, 0, "duplicate of " + seen[digest]))
            continue
        seen[digest] = p
        name, proto, cs, open_ = parse(p)
        ms = [dict(metrics(c), group=group_of(p), proto=proto) for c in cs]
        rows += ms
        per_file.append((p, name, proto, len(ms), len(open_), ""))

    print("Files (%d found):" % len(files))
    for p, name, proto, n, nopen, note in per_file:
        tag = note or "%s  %s  %d contacts%s  [%s]" % (proto, name, n, (", %d never lifted" % nopen) if nopen else "", group_of(p))
        print("  %-75s %s" % (os.path.relpath(p), tag))

    if want_contacts:
        print("\nContacts (px of 800x480; speeds px/s):")
        print("  %-56s %-10s %-6s %6s %6s %6s %6s %6s %7s %7s %5s %4s %4s" % (
            "file", "contact", "class", "dur_ms", "dx", "dy", "path", "peak", "v80", "v80p", "hold", "n", "Hz")
              + "  pk_vx  |v80p| if lifted anywhere: med/p90/max")
        for r in rows:
            print("  %-56s %-10s %-6s %6.0f %6.0f %6.0f %6.0f %6.0f %7.0f %7.0f %5.0f %4d %4.0f" % (
                r["file"][:56], r["contact"][:10], r["class"], r["dur_ms"], r["dx"], r["dy"], r["path"],
                r["peak"], r["v80"], r["v80p"], r["hold_ms"], r["n"], r["hz"])
                  + "  %5.0f  %s" % (r["peak_vx"], ("%4.0f/%4.0f/%4.0f" % (pct(r["any"], .5), pct(r["any"], .9), max(r["any"]))) if r["any"] else "-"))

    def table(title, keyf, rows_):
        print("\n%s\n  %-48s %3s | %-27s | %-27s | %-27s" % (
            title, "", "n", "|v80|  min    med    p90    max", "|v80p| min    med    p90    max", "peak   min    med    p90    max"))
        groups = {}
        for r in rows_:
            groups.setdefault(keyf(r), []).append(r)
        for k in sorted(groups):
            g = groups[k]
            print("  %-48s %3d | %s | %s | %s" % (k[:48], len(g), dist([abs(r["v80"]) for r in g]),
                                                dist([abs(r["v80p"]) for r in g]), dist([r["peak"] for r in g])))

    real = [r for r in rows if r["group"] == "real"]
    table("Per class, real recordings (px/s)", lambda r: r["class"], real)
    table("Per file x class, real recordings (px/s)", lambda r: "%s [%s]" % (r["file"].replace(".events", ""), r["class"]), real)
    table("Per class, kernel replays of the real recordings (check only)", lambda r: r["class"],
          [r for r in rows if r["group"] == "replay"])
    table("Per class, synthesised board recordings (not real; check only)", lambda r: r["class"],
          [r for r in rows if r["group"] == "synthetic"])

    print("\nIf lifted at any instant (|v80p| along each real contact, 4 ms steps), pooled per class:")
    for cls in ("tap", "drag-h", "other"):
        vals = [v for r in real if r["class"] == cls for v in r["any"]]
        if vals:
            print("  %-7s %6d instants  med %5.0f  p90 %5.0f  p99 %5.0f  max %5.0f" % (
                cls, len(vals), pct(vals, .5), pct(vals, .9), pct(vals, .99), max(vals)))

    if csv_path:
        with open(csv_path, "w", newline="") as f:
            keys = [k for k in rows[0] if k != "any"]
            w = csv.DictWriter(f, fieldnames=keys, extrasaction="ignore")
            w.writeheader()
            w.writerows(rows)
        print("\nper-contact CSV: %s" % csv_path)


if __name__ == "__main__":
    main(sys.argv[1:])
