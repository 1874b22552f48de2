#!/usr/bin/env python3
# The browser preview under load (issue 14), without a browser: `switchpanel preview` of the
# demo panel; READERS raw clients read the event stream as fast as they can, STALLED more open it
# with a 4 KB receive buffer and never read; one more page taps a switch 10 times through
# /input. Prints the panel's frame intervals during the toggles (from /stats) and the server's
# own time per frame — with STALLED 0 and then 1, the cost of a page that stops reading.
# usage: scripts/preview-load.py [SWITCHPANEL] [READERS] [STALLED]   (default .build/release/switchpanel 10 0)
import http.client, json, re, socket, subprocess, sys, threading, time

binary = sys.argv[1] if len(sys.argv) > 1 else ".build/release/switchpanel"
readers = int(sys.argv[2]) if len(sys.argv) > 2 else 10
stalled = int(sys.argv[3]) if len(sys.argv) > 3 else 0
p = subprocess.Popen([binary, "preview", "--listen", "127.0.0.1:0"], stdout=subprocess.PIPE, text=True,
                     stderr=subprocess.DEVNULL)
port = int(re.search(r":(\d+)/", p.stdout.readline()).group(1))


def stream(buffer=None):
    s = socket.socket()
    if buffer:
        s.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, buffer)
    s.connect(("127.0.0.1", port))
    s.sendall(b"GET /events HTTP/1.0\r\n\r\n")
    return s


def drain(s):
    while s.recv(65536):
        pass


for _ in range(readers):
    threading.Thread(target=drain, args=(stream(),), daemon=True).start()
held = [stream(4096) for _ in range(stalled)]
page = stream()
time.sleep(0.5)
client = int(re.search(r'"client":(\d+)', page.recv(300).decode("latin1")).group(1))
threading.Thread(target=drain, args=(page,), daemon=True).start()


def request(method, path, body=None):
    c = http.client.HTTPConnection("127.0.0.1", port)
    c.request(method, path, body)
    r = c.getresponse()
    return r.status, r.read()


time.sleep(0.5)
start = json.loads(request("GET", "/stats")[1])
for i in range(10):
    for kind in ("down", "up"):
        event = [{"pointer": 1, "type": kind, "x": 320, "y": 92}]  # the demo panel's first switch
        assert request("POST", f"/input?client={client}", json.dumps(event))[0] == 204
        time.sleep(0.06)
    time.sleep(0.6)
stats = json.loads(request("GET", "/stats")[1])
times = stats["frameTimes"][-(stats["framesPresented"] - start["framesPresented"]):]
intervals = sorted(1000 * (b - a) for a, b in zip(times, times[1:]) if b - a < 0.2)
busy = (stats["busySeconds"] - start["busySeconds"]) / (stats["framesPresented"] - start["framesPresented"])
print(f"{readers} readers, {stalled} stalled: {len(times)} frames in 10 toggles; frame interval median "
      f"{intervals[len(intervals) // 2]:.1f} ms, worst {intervals[-1]:.1f} ms; server {1000 * busy:.2f} ms a frame; "
      f"stalled clients' unsent bytes: {[c['outbox'] for c in stats['clients'][readers:readers + stalled]]}")
p.terminate()
p.wait()
