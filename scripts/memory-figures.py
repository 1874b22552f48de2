#!/usr/bin/env python3
"""Memory and wake-ups of a headless panel at rest, before and after many toggles (issue 16).

Starts `SWITCHPANEL run --headless` on a board config, waits until it is at rest, and prints from
/proc/PID/smaps_rollup its RSS, PSS and private dirty memory; then the context switches it made in
10 s at rest (each is a wake-up); then sends TOGGLES `set … toggle` requests through the control
socket (pipelined 400 at a time, every reply read), lets it settle and prints the memory again;
--rounds repeats that, to tell a high-water mark (reached once) from a leak (growing each round).

usage: scripts/memory-figures.py [--toggles N [--rounds R]] [--idle S] SWITCHPANEL [BOARD.json ...]
   (no board: the built-in demo panel, 800x480)
"""
import argparse
import json
import os
import shutil
import socket
import subprocess
import tempfile
import time


def rollup(pid):
    fields = {}
    with open(f"/proc/{pid}/smaps_rollup") as f:
        for line in f:
            parts = line.split()
            if len(parts) >= 3 and parts[2] == "kB":
                fields[parts[0].rstrip(":")] = int(parts[1])
    return fields


def switches(pid):
    with open(f"/proc/{pid}/status") as f:
        status = dict(line.split(":", 1) for line in f if ":" in line)
    return int(status["voluntary_ctxt_switches"]) + int(status["nonvoluntary_ctxt_switches"])


def show(label, m):
    return (f"{label}: RSS {m['Rss'] / 1024:.1f} MB, PSS {m['Pss'] / 1024:.1f} MB, "
            f"private dirty {m['Private_Dirty'] / 1024:.1f} MB, private clean {m['Private_Clean'] / 1024:.1f} MB, "
            f"shared clean {m['Shared_Clean'] / 1024:.1f} MB")


def measure(binary, board, toggles, rounds, idle):
    d = tempfile.mkdtemp(prefix="memory-figures-")
    sock = d + "/control.sock"
    args = [binary, "run", "--headless", "--state-dir", d, "--socket", sock]
    if board:
        args += ["--config", board]
    p = subprocess.Popen(args, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        for _ in range(400):
            if os.path.exists(sock):
                break
            time.sleep(0.05)
        c = socket.socket(socket.AF_UNIX)
        c.connect(sock)
        f = c.makefile("rwb")
        f.write(b'{"cmd":"list"}\n')
        f.flush()
        ids = [s["id"] for s in json.loads(f.readline())["switches"] if s.get("enabled", True)]
        time.sleep(2)  # the first frame's animations are over long before
        name = os.path.basename(board) if board else "demo panel"
        print(f"{name} ({os.path.basename(binary)}, {os.path.getsize(binary) / 1e6:.1f} MB file)")
        print("  " + show("at rest", rollup(p.pid)))
        before = switches(p.pid)
        time.sleep(idle)
        print(f"  context switches in {idle:.0f} s at rest: {switches(p.pid) - before}")
        for round in range(rounds):
            sent = 0
            started = time.monotonic()
            while sent < toggles:
                batch = min(400, toggles - sent)
                f.write(b"".join(b'{"cmd":"set","id":"%s","state":"toggle","actions":false}\n'
                                 % ids[(sent + i) % len(ids)].encode() for i in range(batch)))
                f.flush()
                for _ in range(batch):
                    reply = f.readline()
                    if b'"ok":true' not in reply:
                        raise SystemExit(f"unexpected reply {reply!r}")
                sent += batch
            took = time.monotonic() - started
            time.sleep(2)
            print(f"  {toggles} toggles through the socket in {took:.1f} s")
            print("  " + show(f"after {toggles * (round + 1)} toggles", rollup(p.pid)))
        c.close()
    finally:
        p.terminate()
        p.wait()
        shutil.rmtree(d, ignore_errors=True)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--toggles", type=int, default=0)
    parser.add_argument("--rounds", type=int, default=1, help="send --toggles this many times, measuring after each")
    parser.add_argument("--idle", type=float, default=10)
    parser.add_argument("binary")
    parser.add_argument("boards", nargs="*")
    args = parser.parse_args()
    for board in args.boards or [None]:
        measure(args.binary, board, args.toggles, args.rounds if args.toggles else 0, args.idle)


if __name__ == "__main__":
    main()
