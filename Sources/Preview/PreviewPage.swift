/// The preview's one page, with its style and script inside: compiled into the program, so
/// there is nothing to install and the page always matches the server that sends it.
///
/// What it does: draws the screen into a canvas of the display's exact pixel size (CSS may shrink
/// it on a small window; its pixels stay the panel's), decoding each PNG tile with
/// `createImageBitmap(…, {colorSpaceConversion: "none"})` so no colour management touches the
/// pixels, and drawing tiles at integer offsets without smoothing; sends Pointer Events (only
/// those: a touch would otherwise also arrive as mouse events and count twice; `touch-action:
/// none` keeps a drag from being taken as a pan) as contacts, one request in flight at a time and
/// the rest batched behind it, in order; shows each switch's state, the event log with the
/// actions each change ran or would run, and check-config's message over the panel while the
/// config on disk is broken; "Save as scenario" downloads `/scenario.json`. `window.preview` exposes what the page knows, for the tests.
public enum PreviewPage {
    public static let html = #"""
        <!doctype html>
        <html lang="en">
        <head>
        <meta charset="utf-8">
        <meta name="viewport" content="width=device-width, initial-scale=1">
        <title>SwitchPanel preview</title>
        <style>
        body { margin: 0; padding: 16px; box-sizing: border-box; display: flex; gap: 20px; align-items: flex-start;
               font: 14px system-ui, sans-serif; background: #1c1c1e; color: #e5e5ea; min-height: 100vh; }
        #screen { position: relative; flex: 0 1 auto; max-width: calc(100vw - 392px); }
        #panel { display: block; max-width: 100%; height: auto; touch-action: none; user-select: none;
                 box-shadow: 0 2px 16px #000c; background: #000; }
        #error { position: absolute; left: 0; right: 0; top: 0; margin: 0; padding: 10px 12px; background: #b3261ee8;
                 color: #fff; font: 13px ui-monospace, monospace; white-space: pre-wrap; word-break: break-word; }
        #status { margin-top: 8px; color: #8e8e93; font-size: 12px; }
        aside { flex: 0 0 340px; }
        h2 { font-size: 15px; margin: 0 0 8px; } h3 { font-size: 13px; margin: 16px 0 6px; color: #8e8e93; }
        table { border-collapse: collapse; width: 100%; }
        td { padding: 3px 6px; border-bottom: 1px solid #2c2c2e; vertical-align: top; }
        td.state { font-weight: 600; width: 3em; } .on { color: #34c759; } .off { color: #8e8e93; }
        .disabled { opacity: 0.5; } .act { color: #ffd60a; font-size: 12px; } .src { color: #8e8e93; }
        #log { list-style: none; padding: 0; margin: 0; max-height: 40vh; overflow: auto; font-size: 13px; }
        #log li { padding: 3px 0; border-bottom: 1px solid #2c2c2e; }
        #save { display: inline-block; margin-top: 12px; color: #0a84ff; font-size: 13px; }
        </style>
        </head>
        <body>
        <div id="screen">
          <canvas id="panel" width="1" height="1"></canvas>
          <pre id="error" hidden></pre>
          <div id="status">connecting…</div>
        </div>
        <aside>
          <h2 id="name">SwitchPanel</h2>
          <h3>Switches</h3>
          <table id="switches"></table>
          <h3>Events</h3>
          <ol id="log"></ol>
          <a id="save" href="scenario.json" download
             title="what you did since the panel (re)loaded, as a scenario file for switchpanel test">Save as scenario</a>
        </aside>
        <script>
        "use strict";
        const token = new URLSearchParams(location.search).get("token");
        const auth = token === null ? "" : "token=" + encodeURIComponent(token);
        const canvas = document.getElementById("panel");
        const ctx = canvas.getContext("2d");
        const $ = id => document.getElementById(id);
        if (auth) $("save").href = "scenario.json?" + auth;
        // What the page knows, for the tests (and the console).
        const view = window.preview = {
          client: null, touch: false, actions: false, frames: 0, seq: -1, bytes: 0, frameBytes: 0,
          latencies: [], log: [], states: {}, error: null, connected: false, inputsSent: 0, name: "",
          tiles: [], lastFullFrameAt: null, drawn: true
        };
        let undrawn = 0;
        let drawing = Promise.resolve();
        let awaiting = null;  // {input, at}: a press whose first frame is still to come

        function bytesOf(base64) {
          const text = atob(base64), out = new Uint8Array(text.length);
          for (let i = 0; i < text.length; i++) out[i] = text.charCodeAt(i);
          return out;
        }
        function status() {
          $("status").textContent = (view.connected ? "live" : "reconnecting…") + " · " + canvas.width + "×" +
            canvas.height + " · " + (view.touch ? "touch enabled" : "view only") + " · actions " +
            (view.actions ? "run" : "shown, not run");
        }

        const events = new EventSource("/events" + (auth ? "?" + auth : ""));
        events.onerror = () => { view.connected = false; status(); };
        events.addEventListener("hello", e => {
          const m = JSON.parse(e.data);
          Object.assign(view, {client: m.client, touch: m.touch, actions: m.actions, connected: true, name: m.name});
          if (canvas.width !== m.width || canvas.height !== m.height) { canvas.width = m.width; canvas.height = m.height; }
          $("name").textContent = m.name;
          status();
        });
        events.addEventListener("frame", e => {
          view.bytes += e.data.length;
          view.frameBytes += e.data.length;
          const m = JSON.parse(e.data);
          // Decode every tile now, draw them in the order the frames came.
          const decoded = Promise.all(m.tiles.map(t => createImageBitmap(
            new Blob([bytesOf(t.png)], {type: "image/png"}),
            {colorSpaceConversion: "none", premultiplyAlpha: "none"})));
          undrawn++;
          view.drawn = false;
          drawing = drawing.then(() => decoded).then(bitmaps => {
            ctx.imageSmoothingEnabled = false;
            m.tiles.forEach((t, i) => {
              ctx.clearRect(t.x, t.y, t.w, t.h);
              ctx.drawImage(bitmaps[i], t.x, t.y);
              bitmaps[i].close();
              if (view.tiles.length < 4096) view.tiles.push({w: t.w, h: t.h, full: m.full, bytes: t.png.length});
              if (t.w === canvas.width && t.h === canvas.height) {
                view.lastFullFrameAt = performance.timeOrigin + performance.now();
              }
            });
            view.frames++;
            view.seq = m.seq;
            if (awaiting && m.input >= awaiting.input) {
              view.latencies.push(performance.now() - awaiting.at);
              awaiting = null;
            }
          }).catch(err => console.error("frame", err)).finally(() => { view.drawn = --undrawn === 0; });
        });
        events.addEventListener("problem", e => {
          const m = JSON.parse(e.data);
          view.error = m.message;
          $("error").textContent = m.message || "";
          $("error").hidden = !m.message;
        });
        events.addEventListener("state", e => {
          view.bytes += e.data.length;
          const m = JSON.parse(e.data);
          $("name").textContent = view.name = m.name;
          const rows = [];
          view.states = {};
          for (const s of m.switches) {
            view.states[s.id] = s.on;
            const tr = document.createElement("tr");
            if (!s.enabled) tr.className = "disabled";
            const state = document.createElement("td");
            state.className = "state " + (s.on ? "on" : "off");
            state.textContent = s.on ? "on" : "off";
            const name = document.createElement("td");
            name.textContent = s.label + " (" + s.id + ")";
            if (s.actions.length) {
              const a = document.createElement("div");
              a.className = "act";
              a.textContent = s.actions.join("; ");
              name.appendChild(a);
            }
            tr.append(state, name);
            rows.push(tr);
          }
          $("switches").replaceChildren(...rows);
        });
        events.addEventListener("log", e => {
          view.bytes += e.data.length;
          const m = JSON.parse(e.data);
          for (const entry of m.entries) {
            view.log.push(entry);
            const li = document.createElement("li");
            li.textContent = entry.time.toFixed(2) + " s  " + entry.id + " → " + (entry.on ? "on" : "off") + " ";
            const src = document.createElement("span");
            src.className = "src";
            src.textContent = "(" + entry.source + ")";
            li.appendChild(src);
            if (entry.actions.length) {
              const a = document.createElement("div");
              a.className = "act";
              a.textContent = (entry.ran ? "ran: " : "would run: ") + entry.actions.join("; ");
              li.appendChild(a);
            }
            $("log").prepend(li);
          }
          if (m.dropped) view.log.push({dropped: m.dropped});
        });

        // Pointer Events → contacts, in order, one request in flight and the rest batched behind it.
        const queued = [];
        const down = new Set();
        let inFlight = false;
        function flush() {
          if (inFlight || !queued.length || view.client === null) return;
          const batch = queued.splice(0);
          inFlight = true;
          const input = ++view.inputsSent;
          const press = batch.find(e => e.type === "down");
          if (press && !awaiting) awaiting = {input, at: press.at};
          const body = JSON.stringify(batch.map(({pointer, type, x, y, t}) => ({pointer, type, x, y, t})));
          fetch("/input?client=" + view.client + (auth ? "&" + auth : ""), {method: "POST", body})
            .catch(err => console.error("input", err))
            .finally(() => { inFlight = false; flush(); });
        }
        function pointer(type) {
          return e => {
            if (!view.touch) return;
            // A mouse's other buttons are not fingers.
            if (type === "down" && e.pointerType === "mouse" && e.button !== 0) return;
            if (type === "down") { canvas.setPointerCapture(e.pointerId); down.add(e.pointerId); }
            else if (!down.has(e.pointerId)) return;
            if (type === "up" || type === "cancel") down.delete(e.pointerId);
            e.preventDefault();
            const r = canvas.getBoundingClientRect();
            queued.push({pointer: e.pointerId, type, at: performance.now(), t: e.timeStamp,
                         x: (e.clientX - r.left) * canvas.width / r.width,
                         y: (e.clientY - r.top) * canvas.height / r.height});
            flush();
          };
        }
        canvas.addEventListener("pointerdown", pointer("down"));
        canvas.addEventListener("pointermove", pointer("move"));
        canvas.addEventListener("pointerup", pointer("up"));
        canvas.addEventListener("pointercancel", pointer("cancel"));
        canvas.addEventListener("contextmenu", e => e.preventDefault());
        </script>
        </body>
        </html>
        """#
}
