#!/usr/bin/env python3
# The control socket under a burst (issue 11.1): a headless panel; 20 clients each pipeline 800
# sets in one write; a `list` sent 50 ms later. Prints how long the list waited and how many
# changes per second were acknowledged (saved, then replied to).
# usage: scripts/control-burst.py [SWITCHPANEL]   (default .build/release/switchpanel)
import json, os, shutil, socket, subprocess, sys, tempfile, threading, time

d = tempfile.mkdtemp(prefix="control-burst-")
sock = d + "/control.sock"
cfg = d + "/board.json"
open(cfg, "w").write(json.dumps({"version": 1, "layout": {"columns": 2},
    "switches": [{"id": "s%d" % i, "label": "S%d" % i} for i in range(8)]}))
p = subprocess.Popen([sys.argv[1] if len(sys.argv) > 1 else ".build/release/switchpanel", "run", "--headless", "--config", cfg, "--state-dir", d,
                      "--socket", sock], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
for _ in range(200):
    if os.path.exists(sock): break
    time.sleep(0.05)
time.sleep(0.5)
clients = []
for n in range(20):
    c = socket.socket(socket.AF_UNIX); c.connect(sock); clients.append(c)
burst = [("\n".join('{"cmd":"set","id":"s%d","state":"toggle"}' % (n % 8) for _ in range(800)) + "\n").encode() for n in range(20)]
got = [0] * 20
def reader(n):
    buf = b""
    while got[n] < 800:
        data = clients[n].recv(65536)
        if not data: break
        got[n] += data.count(b"\n")
threads = [threading.Thread(target=reader, args=(n,)) for n in range(20)]
for t in threads: t.start()
t0 = time.monotonic()
for n in range(20):
    threading.Thread(target=clients[n].sendall, args=(burst[n],)).start()
time.sleep(0.05)
lister = socket.socket(socket.AF_UNIX); lister.connect(sock)
t1 = time.monotonic(); lister.sendall(b'{"cmd":"list"}\n'); r = lister.recv(65536); t2 = time.monotonic()
for t in threads: t.join()
t3 = time.monotonic()
print("list answered in %.1f ms (reply %r...)" % ((t2 - t1) * 1000, r[:30]))
print("16000 sets acknowledged in %.2f s: %.0f changes/s" % (t3 - t0, 16000 / (t3 - t0)))
p.terminate(); p.wait()
shutil.rmtree(d, ignore_errors=True)
