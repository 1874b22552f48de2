"""Switches bound to Home Assistant entities (issue 29), against a real Home Assistant: run by
scripts/homeassistant-test.sh --entities with the Python of the venv scripts/setup-homeassistant.sh
makes. Reuses scripts/homeassistant-test.py's processes, onboarding and checks.

Starts, on 127.0.0.1 and a free port, a real Home Assistant (`hass --skip-pip`, a fresh config dir
with input_booleans and a template light in its YAML), onboards its owner and makes a long-lived access token
(the websocket's auth/long_lived_access_token, as the profile page does), writes it to a token
file, and starts the real `switchpanel run --headless` with a board of seven switches: three bound
to the input_booleans (one without a label), one to an entity Home Assistant does not have, one to
a template light, one to an input_boolean made in Home Assistant's storage, and a group of the
template light and an input_boolean. (Besides those three, the YAML has the template light's own
input_boolean and 200 more, bulk_000 … bulk_199.)
Then checks, each printed PASS/FAIL with its time:

  - the switches show the entities' states at start; the missing entity is named in the log and
    its switch's `ctl set` is refused ("unavailable");
  - `ctl set` (what a touch does) reaches Home Assistant's state; a Home Assistant change reaches
    the switch (`ctl get`); median and p99 of both over --toggles round trips;
  - Home Assistant stopped: the bound switches' `ctl set` are refused; started again, the panel
    reconnects, re-reads the states (one changed in the YAML's initial meanwhile) and follows changes;
  - `switchpanel ha-entities` lists the bindable entities with states and friendly names (and
    nothing of the other domains), and `--switches` prints switches that paste into a board;
  - a template light (light.desk, its state an input_boolean's) follows and is followed, and a
    board group of it and an input_boolean sets both and shows them;
  - an entity deleted while bound (input_boolean/delete of one made with input_boolean/create):
    named in the log, the switch unavailable, its `ctl set` refused;
  - a second panel with 200 bound entities on 10 pages: all mirrored, changes both ways;
  - 50 bound entities at rest for 60 s: CPU time, context switches and times run (every thread's
    /proc schedstat), and the RSS beside the same board unbound;
  - a bound panel under `strace -f`: every system call it made is in the shipped unit's
    SystemCallFilter= (expanded by systemd-analyze) and none in the groups it denies;
  - the token revoked (auth/delete_refresh_token): one log line naming the token file, the panel
    still answers, no tight reconnect loop.
"""

import argparse
import asyncio
import importlib.util
import json
import os
import pathlib
import shutil
import signal
import statistics
import sys
import tempfile
import time

import aiohttp

spec = importlib.util.spec_from_file_location("hatest", pathlib.Path(__file__).parent / "homeassistant-test.py")
hatest = importlib.util.module_from_spec(spec)
spec.loader.exec_module(hatest)
CheckFailed, log, free_port = hatest.CheckFailed, hatest.log, hatest.free_port

BOOLEANS = {"kitchen": True, "hall": False, "porch": False}  # input_boolean -> initial
BULK = 200  # input_booleans bulk_000 … for the 200-entity board (and the first 50 for the rest figures)
AT_REST = 50
REST_SECONDS = 60


class EntitiesTest(hatest.HomeAssistantTest):
    def __init__(self, args, work):
        super().__init__(args, work)
        self.toggles = args.toggles
        self.token_file = work / "ha.token"
        self.long_lived = ""
        # Figures with their own units (the timings are seconds).
        self.figures: dict[str, float] = {}

    def write_homeassistant_config(self) -> None:
        super().write_homeassistant_config()
        path = self.config_dir / "configuration.yaml"
        text = path.read_text().replace("homeassistant.components.mqtt: info", "homeassistant.components.websocket_api: info")
        text += "input_boolean:\n" + "".join(
            f"  {name}:\n    name: {name.capitalize()} light\n    initial: {'true' if on else 'false'}\n"
            for name, on in BOOLEANS.items())
        text += "  desk_power:\n    name: Desk power\n    initial: false\n"
        text += "".join(f"  bulk_{i:03d}:\n    name: Bulk {i}\n    initial: {'true' if i % 3 == 0 else 'false'}\n"
                        for i in range(BULK))
        # A template light (another integration than input_boolean) whose state is an
        # input_boolean's: the board's group spans the two.
        text += """light:
  - platform: template
    lights:
      desk:
        friendly_name: Desk lamp
        value_template: "{{ is_state('input_boolean.desk_power', 'on') }}"
        turn_on:
          action: input_boolean.turn_on
          target: {entity_id: input_boolean.desk_power}
        turn_off:
          action: input_boolean.turn_off
          target: {entity_id: input_boolean.desk_power}
"""
        path.write_text(text)

    def write_board(self) -> None:
        board = {
            "version": 1,
            "name": "Entities panel",
            "homeAssistant": {"url": f"http://127.0.0.1:{self.http_port}", "tokenFile": str(self.token_file),
                              "timeout": 5},
            "switches": [
                {"id": "kitchen", "entity": "input_boolean.kitchen"},
                {"id": "hall", "label": "Hall", "entity": "input_boolean.hall"},
                {"id": "porch", "label": "Porch", "entity": "input_boolean.porch"},
                {"id": "ghost", "label": "Ghost", "entity": "light.ghost"},
                {"id": "desk", "entity": "light.desk"},
                {"id": "evening", "label": "Evening", "group": ["kitchen", "desk"]},
                {"id": "temp", "label": "Temp", "entity": "input_boolean.temp"},
            ],
        }
        self.board.write_text(json.dumps(board, indent=2))
        self.state_dir.mkdir(exist_ok=True)

    async def long_lived_token(self) -> str:
        return await self.websocket({"type": "auth/long_lived_access_token", "client_name": "switchpanel",
                                     "lifespan": 30})

    async def entity_state(self, name: str) -> str | None:
        entity = name if "." in name else f"input_boolean.{name}"
        try:
            return (await self.http("GET", f"/api/states/{entity}"))["state"]
        except CheckFailed as e:
            if "HTTP 404" in str(e) or "HTTP 401" in str(e):
                return None
            raise

    def panel_log(self) -> str:
        return (self.work / "switchpanel.log").read_text(errors="replace")

    def ctl_status(self, *words: str):
        import subprocess
        r = subprocess.run([self.switchpanel, "ctl", "--socket", self.socket, *words], capture_output=True, text=True,
                           timeout=10)
        return r.returncode, (r.stdout + r.stderr).strip()

    async def panel_is(self, name: str, state: str):
        return (await asyncio.to_thread(self.ctl, "get", name)) == state

    def start_other_panel(self, name: str, board: dict) -> tuple[str, "subprocess.Popen"]:
        """Another `switchpanel run --headless` with a board of its own; its socket."""
        (self.work / f"{name}.json").write_text(json.dumps(board))
        (self.work / f"{name}-state").mkdir(exist_ok=True)
        socket = str(self.work / f"{name}.sock")
        p = self.processes.start(
            name, [self.switchpanel, "run", "--headless", "--config", str(self.work / f"{name}.json"),
                   "--socket", socket, "--state-dir", str(self.work / f"{name}-state")],
            self.work / f"{name}.log")
        return socket, p

    def bulk_board(self, count: int, bound: bool) -> dict:
        switches = [{"id": f"b{i:03d}", "label": f"B{i}", **({"entity": f"input_boolean.bulk_{i:03d}"} if bound else {})}
                    for i in range(count)]
        board = {"version": 1, "name": f"{count} entities", "layout": {"columns": 5},
                 "pages": [{"switches": switches[k:k + 20]} for k in range(0, count, 20)]}
        if bound:
            board["homeAssistant"] = {"url": f"http://127.0.0.1:{self.http_port}", "tokenFile": str(self.token_file)}
        return board

    def list_states(self, socket: str) -> dict[str, str]:
        import subprocess
        r = subprocess.run([self.switchpanel, "ctl", "--socket", socket, "--json", "list"], capture_output=True,
                           text=True, timeout=10)
        if r.returncode != 0:
            raise CheckFailed(f"ctl list: {r.stderr.strip()}")
        reply = json.loads(r.stdout)
        return {s["id"]: s["state"] for s in reply["switches"]}

    @staticmethod
    def process_figures(pid: int) -> dict[str, float]:
        """CPU seconds (utime+stime, in ticks of 10 ms; and schedstat's nanoseconds on a CPU, every
        thread), context switches (voluntary+involuntary, every thread), times run on a CPU
        (schedstat's third field, every thread), RSS in MiB."""
        ticks = os.sysconf("SC_CLK_TCK")
        fields = pathlib.Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
        cpu = (int(fields[11]) + int(fields[12])) / ticks
        switches = runs = on_cpu = 0
        for task in pathlib.Path(f"/proc/{pid}/task").iterdir():
            try:
                for line in (task / "status").read_text().splitlines():
                    if line.startswith(("voluntary_ctxt_switches", "nonvoluntary_ctxt_switches")):
                        switches += int(line.split()[1])
                sched = (task / "schedstat").read_text().split()
                on_cpu += int(sched[0])
                runs += int(sched[2])
            except FileNotFoundError:
                pass
        rss = 0
        for line in pathlib.Path(f"/proc/{pid}/status").read_text().splitlines():
            if line.startswith("VmRSS:"):
                rss = int(line.split()[1]) / 1024
        threads = len(list(pathlib.Path(f"/proc/{pid}/task").iterdir()))
        return {"cpu": cpu, "on_cpu": on_cpu / 1e9, "switches": switches, "runs": runs, "rss": rss, "threads": threads}

    async def run(self) -> None:
        self.write_homeassistant_config()
        self.start_homeassistant()
        async with aiohttp.ClientSession() as session:
            self.session = session
            SECONDS = time.monotonic()
            await self.wait_for_http()
            self.timings["Home Assistant up"] = time.monotonic() - SECONDS
            await self.onboard_user()
            self.long_lived = await self.long_lived_token()
            self.token_file.write_text(self.long_lived + "\n")
            # The test's own calls keep the owner's access token: revoking the panel's must not
            # cut them off.
            await self.until("the input_booleans exist", lambda: self.entity_state("porch"))
            # One made in Home Assistant's storage (as the UI does), so that it can be deleted
            # while bound.
            made = await self.websocket({"type": "input_boolean/create", "name": "Temp"})
            if made.get("id") != "temp":
                raise CheckFailed(f"input_boolean/create: {made}")
            await self.until("input_boolean.temp exists", lambda: self.entity_state("temp"))

            async def entities_command():
                import subprocess
                start = time.monotonic()
                r = subprocess.run([self.switchpanel, "ha-entities", "--url", self.base, "--token-file",
                                    str(self.token_file)], capture_output=True, text=True, timeout=30)
                elapsed = time.monotonic() - start
                if r.returncode != 0:
                    raise CheckFailed(f"ha-entities: exit {r.returncode}: {r.stderr.strip()}")
                rows = [line.split(None, 2) for line in r.stdout.splitlines()[1:]]
                by_id = {row[0]: row[1:] for row in rows}
                expected = {"input_boolean.kitchen": ["on", "Kitchen light"], "input_boolean.hall": ["off", "Hall light"],
                            "light.desk": ["off", "Desk lamp"], "input_boolean.bulk_003": ["on", "Bulk 3"]}
                for entity, row in expected.items():
                    if by_id.get(entity) != row:
                        raise CheckFailed(f"ha-entities: {entity} is {by_id.get(entity)}, not {row}:\n{r.stdout[:2000]}")
                domains = {e.split(".")[0] for e in by_id}
                if not domains <= {"light", "switch", "fan", "input_boolean", "automation", "siren", "humidifier",
                                   "media_player", "remote"}:
                    raise CheckFailed(f"ha-entities lists domains a switch cannot bind: {sorted(domains)}")
                every = await self.http("GET", "/api/states")
                if len(every) <= len(by_id):
                    raise CheckFailed(f"ha-entities: {len(by_id)} of {len(every)} states: nothing left out?")
                r2 = subprocess.run([self.switchpanel, "ha-entities", "--url", self.base, "--token-file",
                                     str(self.token_file), "--switches"], capture_output=True, text=True, timeout=30)
                pasted = json.loads("[" + r2.stdout.strip().rstrip(",") + "]")
                if {s["entity"] for s in pasted} != set(by_id) or len({s["id"] for s in pasted}) != len(pasted):
                    raise CheckFailed(f"ha-entities --switches: {r2.stdout[:500]}")
                return (f"{len(by_id)} bindable of {len(every)} entities in {elapsed * 1000:.0f} ms; "
                        f"--switches pastes as {len(pasted)} switches: {r2.stdout.splitlines()[0]}")
            await self.check("switchpanel ha-entities lists the bindable entities, states and names", entities_command)
            self.write_board()
            self.start_panel()
            await self.until("the panel's control socket", lambda: asyncio.sleep(0, os.path.exists(self.socket)))

            async def mirrored_at_start():
                for name, on in BOOLEANS.items():
                    await self.until(f"{name} shows {on}", lambda n=name, o=on: self.panel_is(n, "on" if o else "off"))
                return "kitchen on, hall off, porch off"
            await self.check("states mirrored at start", mirrored_at_start)

            async def ghost():
                await self.until("the log names light.ghost",
                                 lambda: asyncio.sleep(0, "Home Assistant has no entity light.ghost" in self.panel_log()))
                code, out = self.ctl_status("set", "ghost", "on")
                if code == 0 or "unavailable" not in out:
                    raise CheckFailed(f"ctl set ghost on: exit {code}: {out}")
                return out.splitlines()[-1][:120]
            await self.check("a missing entity: named in the log, refused on the socket", ghost)

            async def template_light_and_group():
                await self.until("desk (a template light) shows off", lambda: self.panel_is("desk", "off"))
                await asyncio.to_thread(self.ctl, "set", "desk", "on")
                await self.until("light.desk on", lambda: self._is(self.entity_state("light.desk"), "on"))
                await self.until("input_boolean.desk_power on", lambda: self._is(self.entity_state("desk_power"), "on"))
                # The group spans input_boolean.kitchen and the template light.
                await self.until("evening shows on", lambda: self.panel_is("evening", "on"))
                await asyncio.to_thread(self.ctl, "set", "evening", "off")
                await self.until("kitchen and desk off in Home Assistant", lambda: self._both(
                    self.entity_state("kitchen"), self.entity_state("light.desk"), "off"))
                await self.http("POST", "/api/services/light/turn_on", {"entity_id": "light.desk"})
                await self.until("evening on again (any member)", lambda: self.panel_is("evening", "on"))
                await asyncio.to_thread(self.ctl, "set", "evening", "on")
                await self.until("kitchen and desk on in Home Assistant", lambda: self._both(
                    self.entity_state("kitchen"), self.entity_state("light.desk"), "on"))
                return "light.desk follows and is followed; the group evening set both members and shows them"
            await self.check("a template light and a group across integrations", template_light_and_group)

            set_times, flip_times = [], []

            async def touch_reaches_home_assistant():
                for i in range(self.toggles):
                    target = "on" if i % 2 == 0 else "off"
                    start = time.monotonic()
                    await asyncio.to_thread(self.ctl, "set", "hall", target)
                    await self.until(f"input_boolean.hall {target}",
                                     lambda t=target: self._is(self.entity_state("hall"), t))
                    set_times.append(time.monotonic() - start)
                return f"{len(set_times)} round trips"
            await self.check("ctl set (a touch) → Home Assistant's state", touch_reaches_home_assistant)

            async def change_reaches_panel():
                for i in range(self.toggles):
                    service = "turn_on" if i % 2 == 0 else "turn_off"
                    target = "on" if i % 2 == 0 else "off"
                    start = time.monotonic()
                    await self.http("POST", f"/api/services/input_boolean/{service}",
                                    {"entity_id": "input_boolean.porch"})
                    await self.until(f"porch {target}", lambda t=target: self.panel_is("porch", t))
                    flip_times.append(time.monotonic() - start)
                return f"{len(flip_times)} round trips"
            await self.check("a Home Assistant change → the switch", change_reaches_panel)
            for name, values in (("ctl set → HA state", set_times), ("HA change → panel state", flip_times)):
                values = sorted(values)
                p99 = values[min(len(values) - 1, int(len(values) * 0.99))]
                self.figures[f"{name} median (ms)"] = statistics.median(values) * 1000
                self.figures[f"{name} p99 (ms)"] = p99 * 1000

            async def restart():
                self.processes.stop("hass")
                await self.until("ctl set hall refused while Home Assistant is down",
                                 lambda: asyncio.sleep(0, "unavailable" in self.ctl_status("set", "hall", "on")[1]))
                start = time.monotonic()
                self.start_homeassistant()
                await self.wait_for_http()
                # input_booleans with an initial start from it: kitchen on, porch off again.
                await self.until("reconnected: porch re-read off", lambda: self.panel_is("porch", "off"))
                await self.http("POST", "/api/services/input_boolean/turn_off", {"entity_id": "input_boolean.kitchen"})
                await self.until("kitchen follows after the restart", lambda: self.panel_is("kitchen", "off"))
                return f"back and following {time.monotonic() - start:.1f} s after the start"
            await self.check("a Home Assistant restart is survived, states re-read", restart)

            async def removed():
                await self.until("temp shows off", lambda: self.panel_is("temp", "off"))
                await self.websocket({"type": "input_boolean/delete", "input_boolean_id": "temp"})
                await self.until("the log says input_boolean.temp was removed",
                                 lambda: asyncio.sleep(0, "input_boolean.temp was removed" in self.panel_log()))
                code, out = self.ctl_status("set", "temp", "on")
                if code == 0 or "unavailable" not in out:
                    raise CheckFailed(f"ctl set temp on: exit {code}: {out}")
                listed = self.list_states(self.socket)
                return f"logged by name; ctl set: {out.splitlines()[-1][:100]}; list: temp {listed.get('temp')}"
            await self.check("an entity removed while bound: logged, shown unavailable, refused", removed)

            async def two_hundred():
                socket, p = self.start_other_panel("bulk", self.bulk_board(BULK, bound=True))
                start = time.monotonic()
                expected = {f"b{i:03d}": "on" if i % 3 == 0 else "off" for i in range(BULK)}

                async def mirrored():
                    if not os.path.exists(socket):
                        return None
                    states = await asyncio.to_thread(self.list_states, socket)
                    return states if states == expected else None
                await self.until(f"the {BULK} switches show their entities", mirrored)
                mirrored_after = time.monotonic() - start
                for i in range(0, BULK, 20):  # one each page, from Home Assistant
                    await self.http("POST", "/api/services/input_boolean/toggle", {"entity_id": f"input_boolean.bulk_{i:03d}"})
                    expected[f"b{i:03d}"] = "off" if expected[f"b{i:03d}"] == "on" else "on"
                await self.until("ten changes mirrored", mirrored)
                import subprocess
                subprocess.run([self.switchpanel, "ctl", "--socket", socket, "set", "b199", "on"], check=True,
                               capture_output=True, timeout=10)
                await self.until("b199 → input_boolean.bulk_199 on", lambda: self._is(self.entity_state("bulk_199"), "on"))
                figures = self.process_figures(p.pid)
                self.processes.stop("bulk")
                return f"all {BULK} mirrored {mirrored_after:.1f} s after the start; RSS {figures['rss']:.1f} MiB"
            await self.check(f"{BULK} bound entities (10 pages)", two_hundred)

            async def at_rest():
                figures = {}
                for bound in (True, False):
                    name = "rest" if bound else "unbound"
                    socket, p = self.start_other_panel(name, self.bulk_board(AT_REST, bound=bound))
                    await self.until(f"{name}'s socket", lambda: asyncio.sleep(0, os.path.exists(socket)))
                    if bound:
                        await self.until(f"{name}: the {AT_REST} switches show their entities",
                                         lambda: asyncio.sleep(0, "Home Assistant: signed in" in
                                                               (self.work / f"{name}.log").read_text()))
                    await asyncio.sleep(5)  # the first frames, the subscription's states
                    before = self.process_figures(p.pid)
                    await asyncio.sleep(REST_SECONDS if bound else 5)
                    after = self.process_figures(p.pid)
                    figures[name] = (before, after)
                    self.processes.stop(name)
                b, a = figures["rest"]
                u = figures["unbound"][1]
                seconds = REST_SECONDS
                cpu_ms = (a["on_cpu"] - b["on_cpu"]) * 1000
                self.figures[f"at rest, {AT_REST} bound: CPU over {seconds} s (ms, schedstat)"] = cpu_ms
                self.figures[f"at rest, {AT_REST} bound: context switches over {seconds} s"] = a["switches"] - b["switches"]
                self.figures[f"at rest, {AT_REST} bound: times on a CPU over {seconds} s"] = a["runs"] - b["runs"]
                self.figures[f"RSS with {AT_REST} bound (MiB)"] = a["rss"]
                self.figures[f"RSS with the same {AT_REST} unbound (MiB)"] = u["rss"]
                # Goal: nothing but the ping every 30 s (two in 60 s: a few wake-ups of the I/O
                # thread and the loop each); a tight loop would be thousands.
                if a["runs"] - b["runs"] > 40:
                    raise CheckFailed(f"{a['runs'] - b['runs']} wake-ups in {seconds} s at rest")
                return (f"{cpu_ms:.2f} ms CPU (utime+stime {(a['cpu'] - b['cpu']) * 1000:.0f} ms), {a['switches'] - b['switches']} context switches, "
                        f"{a['runs'] - b['runs']} runs in {seconds} s ({a['threads']} threads); RSS {a['rss']:.1f} MiB "
                        f"bound vs {u['rss']:.1f} MiB unbound (+{a['rss'] - u['rss']:.1f} MiB)")
            await self.check(f"at rest with {AT_REST} bound entities: CPU, wake-ups, memory", at_rest)
            await self.check("every system call of a bound panel passes the unit's SystemCallFilter", self.syscalls)

            async def revoked():
                tokens = await self.websocket({"type": "auth/refresh_tokens"})
                mine = [t for t in tokens if t.get("client_name") == "switchpanel"]
                if not mine:
                    raise CheckFailed(f"no switchpanel token among {[t.get('client_name') for t in tokens]}")
                await self.websocket({"type": "auth/delete_refresh_token", "refresh_token_id": mine[0]["id"]})
                await self.until("the log says the token was refused",
                                 lambda: asyncio.sleep(0, "refused the token in" in self.panel_log()))
                await asyncio.sleep(5)
                lines = [l for l in self.panel_log().splitlines() if "refused the token in" in l]
                if len(lines) != 1 or str(self.token_file) not in lines[0]:
                    raise CheckFailed(f"expected one line naming {self.token_file}: {lines}")
                code, out = self.ctl_status("get", "hall")
                if code != 0:
                    raise CheckFailed(f"the panel no longer answers: {out}")
                return lines[0][lines[0].find("Home Assistant"):][:160]
            await self.check("a revoked token: one log line naming the file, the panel still answers", revoked)

    async def _is(self, awaitable, value):
        return (await awaitable) == value

    async def syscalls(self) -> str:
        """A bound panel under `strace -f` (connecting, signing in, a change each way, a ping is
        not waited for): the calls it made against the shipped unit's SystemCallFilter= lines,
        each group expanded by `systemd-analyze syscall-filter`. The unit answers a call outside
        the filter with EPERM (SystemCallErrorNumber=), which would fail the connection quietly."""
        import re
        import subprocess
        strace = shutil.which("strace")
        if not strace or not shutil.which("systemd-analyze"):
            raise CheckFailed("needs strace and systemd-analyze")
        unit = pathlib.Path(__file__).parent.parent / "systemd" / "switchpanel.service"
        allowed, denied = set(), set()
        for line in unit.read_text().splitlines():
            if line.startswith("SystemCallFilter="):
                words = line.split("=", 1)[1]
                deny = words.startswith("~")
                (denied if deny else allowed).update(self.expand_syscalls(words.lstrip("~").split()))
        trace = self.work / "strace.txt"
        board = self.bulk_board(5, bound=True)
        (self.work / "traced.json").write_text(json.dumps(board))
        (self.work / "traced-state").mkdir(exist_ok=True)
        socket = str(self.work / "traced.sock")
        self.processes.start("traced", [strace, "-f", "-qq", "-o", str(trace), self.switchpanel, "run", "--headless",
                                        "--config", str(self.work / "traced.json"), "--socket", socket,
                                        "--state-dir", str(self.work / "traced-state")], self.work / "traced.log")
        await self.until("the traced panel signed in", lambda: asyncio.sleep(
            0, "Home Assistant: signed in" in (self.work / "traced.log").read_text()))
        subprocess.run([self.switchpanel, "ctl", "--socket", socket, "set", "b001", "on"], check=True,
                       capture_output=True, timeout=10)
        await self.until("b001 → bulk_001 on", lambda: self._is(self.entity_state("bulk_001"), "on"))
        await self.http("POST", "/api/services/input_boolean/turn_on", {"entity_id": "input_boolean.bulk_002"})
        await self.until("bulk_002 → b002 on", lambda: asyncio.sleep(0, self.list_states(socket).get("b002") == "on"))
        self.processes.stop("traced")
        used = set(re.findall(r"^\d+\s+([a-z_0-9]+)\(", trace.read_text(errors="replace"), re.M))
        outside = sorted(used - allowed)
        refused = sorted(used & denied)
        if not used or outside or refused:
            raise CheckFailed(f"{len(used)} calls; outside @system-service: {outside}; denied: {refused}")
        return f"{len(used)} distinct calls, all in {len(allowed)} allowed, none of {len(denied)} denied"

    @staticmethod
    def expand_syscalls(names: list[str]) -> set[str]:
        import subprocess
        calls = set()
        for name in names:
            if not name.startswith("@"):
                calls.add(name)
                continue
            out = subprocess.run(["systemd-analyze", "syscall-filter", name], capture_output=True, text=True,
                                 check=True).stdout
            for line in out.splitlines()[1:]:
                word = line.strip()
                if word and not word.startswith("#"):
                    calls |= EntitiesTest.expand_syscalls([word])
        return calls

    def report(self) -> None:
        super().report()
        for name, value in self.figures.items():
            log(f"figure: {name}: {value:.1f}")

    async def _both(self, a, b, value):
        return (await a) == value and (await b) == value

    def homeassistant_log(self) -> list[str]:
        path = self.config_dir / "home-assistant.log"
        return path.read_text(errors="replace").splitlines() if path.exists() else []


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--switchpanel", required=True)
    parser.add_argument("--toggles", type=int, default=200, help="round trips each way for the latency figures")
    parser.add_argument("--keep", action="store_true")
    args = parser.parse_args()
    work = pathlib.Path(tempfile.mkdtemp(prefix="switchpanel-ha-entities-"))
    test = EntitiesTest(args, work)
    started = time.monotonic()
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(143))
    ok = False
    try:
        asyncio.run(test.run())
        ok = True
    except CheckFailed:
        pass
    finally:
        test.processes.stop_all()
        test.report()
        log(f"time: whole test: {time.monotonic() - started:.1f} s")
        log("PASS homeassistant-entities-test" if ok else "FAIL homeassistant-entities-test")
        if ok and not args.keep:
            shutil.rmtree(work, ignore_errors=True)
        else:
            log(f"work directory kept: {work}")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
