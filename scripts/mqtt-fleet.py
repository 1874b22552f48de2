#!/usr/bin/python3
"""A fleet on one broker: twenty headless panels (distinct nodes, twelve switches each) on a real
mosquitto started here on a free port. Checks that all 240 entities are discovered and that a
command to each switch reaches the right panel; reports the command-to-state latency (the
broker delivers the command, the panel saves the state and publishes it back: two broker hops
and a durable save; the frame follows at the next vblank) as median and p99, and the panels'
CPU and wake-ups at rest with the broker connected.

    python3 scripts/mqtt-fleet.py [SWITCHPANEL] [--panels 20] [--switches 12] [--rest 60]

Needs Debian's mosquitto and python3-paho-mqtt (scripts/setup.sh installs both).
"""
import argparse
import json
import os
import shutil
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import threading
import time

import paho.mqtt.client as mqtt


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def wait_for_port(port, timeout=10):
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        try:
            with socket.create_connection(("127.0.0.1", port), timeout=0.2):
                return
        except OSError:
            time.sleep(0.05)
    raise SystemExit(f"mosquitto did not listen on {port}")


def proc_stat(pid):
    """utime+stime in clock ticks, and voluntary+involuntary context switches."""
    with open(f"/proc/{pid}/stat") as f:
        fields = f.read().rsplit(")", 1)[1].split()
    ticks = int(fields[11]) + int(fields[12])
    switches = 0
    with open(f"/proc/{pid}/status") as f:
        for line in f:
            if line.startswith(("voluntary_ctxt_switches", "nonvoluntary_ctxt_switches")):
                switches += int(line.split()[1])
    return ticks, switches


def main():
    here = os.path.dirname(os.path.abspath(__file__))
    default = os.path.join(here, "..", ".build", "release", "switchpanel")
    if not os.path.exists(default):
        default = os.path.join(here, "..", ".build", "debug", "switchpanel")
    parser = argparse.ArgumentParser()
    parser.add_argument("program", nargs="?", default=default)
    parser.add_argument("--panels", type=int, default=20)
    parser.add_argument("--switches", type=int, default=12)
    parser.add_argument("--rest", type=float, default=60, help="seconds of rest measured")
    args = parser.parse_args()

    work = tempfile.mkdtemp(prefix="mqtt-fleet-")
    port = free_port()
    children = []
    try:
        with open(f"{work}/mosquitto.conf", "w") as f:
            f.write(f"listener {port} 127.0.0.1\nallow_anonymous true\npersistence false\nuser {os.environ.get('USER', 'root')}\n")
        broker = subprocess.Popen(["mosquitto", "-c", f"{work}/mosquitto.conf"], stderr=subprocess.DEVNULL)
        children.append(broker)
        wait_for_port(port)

        lock = threading.Lock()
        configs = {}
        states = {}
        arrivals = {}
        observer = mqtt.Client(client_id="fleet-observer")

        def on_message(client, userdata, msg):
            now = time.monotonic()
            with lock:
                if msg.topic.endswith("/config"):
                    configs[msg.topic] = msg.payload
                else:
                    states[msg.topic] = msg.payload.decode()
                    arrivals.setdefault((msg.topic, msg.payload.decode()), now)

        observer.on_message = on_message
        observer.connect("127.0.0.1", port)
        observer.subscribe([("homeassistant/switch/#", 1), ("switchpanel/+/+/state", 1)])
        observer.loop_start()

        started = time.monotonic()
        for n in range(args.panels):
            node = f"panel{n:02d}"
            board = {
                "version": 1, "name": f"Panel {n}", "display": {"mode": "800x480"},
                "control": {"optional": True},
                "layout": {"columns": 3},
                "mqtt": {"broker": f"mqtt://127.0.0.1:{port}", "node": node},
                "switches": [{"id": f"s{i:02d}", "label": f"Switch {i}"} for i in range(args.switches)],
            }
            os.makedirs(f"{work}/{node}/state")
            with open(f"{work}/{node}/board.json", "w") as f:
                json.dump(board, f)
            log = open(f"{work}/{node}/log", "w")
            children.append(subprocess.Popen(
                [args.program, "run", "--headless", "--config", f"{work}/{node}/board.json",
                 "--state-dir", f"{work}/{node}/state", "--socket", f"{work}/{node}/control.sock"],
                stdout=subprocess.DEVNULL, stderr=log, start_new_session=True))
        panels = children[1:]
        expected = args.panels * args.switches
        while time.monotonic() - started < 120:
            with lock:
                if len(configs) >= expected:
                    break
            time.sleep(0.05)
        with lock:
            discovered = len(configs)
        print(f"discovered {discovered}/{expected} entities in {time.monotonic() - started:.1f} s "
              f"(start of {args.panels} panels included)")

        # A command to each switch, one at a time; the panel's retained state comes back.
        latencies = []
        wrong = 0
        for n in range(args.panels):
            for i in range(args.switches):
                topic = f"switchpanel/panel{n:02d}/s{i:02d}"
                sent = time.monotonic()
                observer.publish(f"{topic}/set", "ON", qos=1)
                while time.monotonic() - sent < 5:
                    with lock:
                        got = arrivals.get((f"{topic}/state", "ON"))
                    if got:
                        latencies.append(got - sent)
                        break
                    time.sleep(0.0005)
                else:
                    wrong += 1
        with lock:
            # The switches' states only: each panel's screen state (`<base>/screen/state`, ON
            # while lit) matches the subscription too.
            switch_topics = {
                f"switchpanel/panel{n:02d}/s{i:02d}/state" for n in range(args.panels) for i in range(args.switches)
            }
            on = sum(1 for t, v in states.items() if v == "ON" and t in switch_topics)
        latencies.sort()
        p99 = latencies[min(len(latencies) - 1, int(len(latencies) * 0.99))] if latencies else float("nan")
        print(f"commands: {len(latencies)}/{expected} answered ({wrong} not), {on} switches ON; "
              f"command→saved state back: median {statistics.median(latencies) * 1000:.1f} ms, "
              f"p99 {p99 * 1000:.1f} ms, worst {latencies[-1] * 1000:.1f} ms")

        # Rest: nothing happens but the keepalive.
        time.sleep(2)
        before = {p.pid: proc_stat(p.pid) for p in panels}
        time.sleep(args.rest)
        after = {p.pid: proc_stat(p.pid) for p in panels}
        tick = os.sysconf("SC_CLK_TCK")
        cpu = sum(after[p][0] - before[p][0] for p in after) / tick
        wakeups = [(after[p][1] - before[p][1]) * 60 / args.rest for p in after]
        print(f"rest over {args.rest:.0f} s: {cpu:.2f} s of CPU for all {args.panels} panels "
              f"({cpu / args.rest / args.panels * 100:.3f} % of a core each); context switches per minute "
              f"per panel: median {statistics.median(wakeups):.1f}, max {max(wakeups):.1f} (keepalive 30 s)")
        observer.loop_stop()
        ok = discovered == expected and len(latencies) == expected and on == expected
        print("PASS" if ok else "FAIL")
        return 0 if ok else 1
    finally:
        for p in reversed(children):
            try:
                p.send_signal(signal.SIGTERM)
                p.wait(timeout=5)
            except Exception:
                p.kill()
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    sys.exit(main())
