"""The panel against a real Home Assistant (issue 15): run by scripts/homeassistant-test.sh with the
Python of the venv scripts/setup-homeassistant.sh makes (it has aiohttp, Home Assistant's own).

Starts, on 127.0.0.1 and free ports, a real mosquitto broker, a real Home Assistant (`hass` from that
venv, `--skip-pip`, a fresh config dir whose configuration.yaml names only http, api and logger; its
MQTT integration set up through the REST config flow, as a user would, not YAML) and the real
`switchpanel run --headless` with a board of three switches on that broker. Then checks, each
printed PASS/FAIL with its time:

  - Home Assistant discovers the three entities (entity registry over the websocket API, looked up
    by unique_id `switchpanel_hallway_<id>`), available, with the panel's states;
  - its switch.turn_on / turn_off reach the panel (`switchpanel ctl get`);
  - a panel change (`switchpanel ctl set`) reaches Home Assistant's state;
  - a Home Assistant restart (same config dir) leaves them available with current states, a change
    made while it was down included;
  - SIGKILL of the panel makes them unavailable (its will); a restart makes them available again
    with the saved states;
  - the screen as a `light` (on = lit, brightness in percent, a directory standing in for
    /sys/class/backlight/<name>) and the page as a `select` (options = page titles) are discovered
    on the same device; light.turn_on with brightness_pct / turn_off and select.select_option reach
    the panel (`switchpanel ctl screen`, the stand-in's brightness file), and `ctl blank`/`ctl page`
    reach Home Assistant;
  - Home Assistant's log says nothing about the discovery payloads (its words are printed if it does).

Everything it starts is stopped at the end, failure or not. Exit status 0 only if all checks pass.
"""

import argparse
import asyncio
import json
import os
import pathlib
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time

import aiohttp

NODE = "hallway"
SWITCHES = [  # id, label, initial state
    ("porch", "Porch light", False),
    ("fan", "Ceiling fan", True),
    ("hall", "Hall", False),
]
PAGES = ["Downstairs", "Upstairs"]  # porch and fan on the first, hall on the second
MAX_BRIGHTNESS = 255  # the stand-in backlight's max_brightness
TIMEOUT = 60.0  # seconds any one condition may take before its check fails


class CheckFailed(Exception):
    pass


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def log(message: str) -> None:
    print(message, flush=True)


class Processes:
    """Every process the test starts, each in its own session so that it is stopped whole."""

    def __init__(self) -> None:
        self.running: dict[str, subprocess.Popen] = {}
        self.outputs: dict[str, pathlib.Path] = {}

    def start(self, name: str, argv: list[str], output: pathlib.Path, **kwargs) -> subprocess.Popen:
        with open(output, "ab") as out:
            p = subprocess.Popen(argv, stdout=out, stderr=subprocess.STDOUT, start_new_session=True, **kwargs)
        self.running[name] = p
        self.outputs[name] = output
        return p

    def check_alive(self, ignoring: tuple[str, ...] = ("subscriber",)) -> None:
        """Fails when a part the test did not stop has exited, with the end of what it said."""
        for name, p in self.running.items():
            if name not in ignoring and p.poll() is not None:
                tail = self.outputs[name].read_text(errors="replace").splitlines()[-15:]
                raise CheckFailed(f"{name} exited with status {p.returncode}; its output ends:\n  " + "\n  ".join(tail))

    def stop(self, name: str, sig: int = signal.SIGTERM, grace: float = 30.0) -> None:
        p = self.running.pop(name, None)
        if p is None or p.poll() is not None:
            return
        os.killpg(p.pid, sig)
        try:
            p.wait(grace)
        except subprocess.TimeoutExpired:
            os.killpg(p.pid, signal.SIGKILL)
            p.wait()

    def stop_all(self) -> None:
        """Last started, first stopped: Home Assistant before the broker it is connected to."""
        for name in reversed(list(self.running)):
            self.stop(name)


class HomeAssistantTest:
    def __init__(self, args: argparse.Namespace, work: pathlib.Path) -> None:
        self.switchpanel = args.switchpanel
        self.hass = str(pathlib.Path(sys.executable).parent / "hass")
        self.work = work
        self.processes = Processes()
        self.broker_port = free_port()
        self.http_port = free_port()
        self.base = f"http://127.0.0.1:{self.http_port}"
        self.config_dir = work / "homeassistant"
        self.socket = str(work / "control.sock")
        self.board = work / "board.json"
        self.state_dir = work / "state"
        self.events = work / "events.jsonl"
        self.backlight = work / "backlight"
        self.session: aiohttp.ClientSession | None = None
        self.token = ""
        self.entity_ids: dict[str, str] = {}  # switch id -> entity id
        self.results: list[tuple[str, bool, float, str]] = []
        self.timings: dict[str, float] = {}
        self.before_kill: dict[str, str] = {}

    # MARK: the parts

    def start_broker(self) -> None:
        directory = self.work / "mosquitto"
        directory.mkdir()
        user = subprocess.run(["id", "-un"], capture_output=True, text=True, check=True).stdout.strip()
        (directory / "mosquitto.conf").write_text(
            "\n".join([
                "per_listener_settings false", f"user {user}", "allow_anonymous true", "persistence false",
                f"listener {self.broker_port} 127.0.0.1", "",
            ]))
        self.processes.start(
            "mosquitto", ["/usr/sbin/mosquitto", "-c", str(directory / "mosquitto.conf")], directory / "mosquitto.log")

    async def wait_for_broker(self) -> None:
        """Until mosquitto accepts connections (Home Assistant's config flow connects at once)."""
        async def listening() -> bool:
            try:
                _, writer = await asyncio.open_connection("127.0.0.1", self.broker_port)
            except OSError:
                return False
            writer.close()
            return True
        await self.until(f"mosquitto listening on port {self.broker_port}", listening, timeout=10)

    def write_board(self) -> None:
        board = {
            "version": 1,
            "name": "Hallway panel",
            "layout": {"columns": 3},
            "mqtt": {"broker": f"mqtt://127.0.0.1:{self.broker_port}", "node": NODE},
            "screen": {"backlight": str(self.backlight)},
            "pages": [
                {"title": title, "switches": [
                    {"id": i, "label": label, "initial": initial, "actions": [{"print": True}]}
                    for i, label, initial in (SWITCHES[:2] if page == 0 else SWITCHES[2:])
                ]} for page, title in enumerate(PAGES)
            ],
        }
        self.board.write_text(json.dumps(board, indent=2))
        # The backlight: the files of /sys/class/backlight/<name> in a plain directory.
        self.backlight.mkdir(exist_ok=True)
        for name, value in (("bl_power", 0), ("max_brightness", MAX_BRIGHTNESS), ("brightness", MAX_BRIGHTNESS)):
            (self.backlight / name).write_text(f"{value}\n")
        self.state_dir.mkdir(exist_ok=True)

    def start_panel(self) -> None:
        self.processes.start(
            "switchpanel",
            [self.switchpanel, "run", "--headless", "--config", str(self.board), "--socket", self.socket,
             "--state-dir", str(self.state_dir)],
            self.work / "switchpanel.log")

    def kill_panel(self) -> None:
        self.processes.stop("switchpanel", signal.SIGKILL)

    def ctl(self, *words: str) -> str:
        r = subprocess.run([self.switchpanel, "ctl", "--socket", self.socket, *words], capture_output=True, text=True,
                           timeout=10)
        if r.returncode != 0:
            raise CheckFailed(f"switchpanel ctl {' '.join(words)}: exit {r.returncode}: {r.stderr.strip()}")
        return r.stdout.strip()

    def write_homeassistant_config(self) -> None:
        self.config_dir.mkdir()
        # Only http and api (and logger, to hear mqtt's warnings); Home Assistant 2025.4 still sets up
        # its default integrations (frontend, person, automation, ...) besides these.
        (self.config_dir / "configuration.yaml").write_text(f"""\
homeassistant:
  name: SwitchPanel test
  latitude: 52.52
  longitude: 13.40
  elevation: 34
  unit_system: metric
  time_zone: UTC
  country: DE
  currency: EUR
http:
  server_host: 127.0.0.1
  server_port: {self.http_port}
api:
logger:
  default: warning
  logs:
    homeassistant.components.mqtt: info
""")

    def start_homeassistant(self) -> None:
        self.processes.start(
            "hass", [self.hass, "--config", str(self.config_dir), "--skip-pip"], self.work / "hass.out")

    # MARK: Home Assistant's APIs

    def headers(self) -> dict[str, str]:
        return {"Authorization": f"Bearer {self.token}"} if self.token else {}

    async def http(self, method: str, path: str, body=None, form=None):
        assert self.session
        async with self.session.request(method, self.base + path, json=body, data=form,
                                        headers=self.headers()) as r:
            text = await r.text()
            if r.status >= 400:
                raise CheckFailed(f"{method} {path}: HTTP {r.status}: {text[:500]}")
            return json.loads(text) if text else None

    async def wait_for_http(self) -> None:
        """Until Home Assistant's HTTP server answers (it starts listening once set up)."""
        assert self.session
        deadline = time.monotonic() + 180
        while time.monotonic() < deadline:
            self.processes.check_alive()
            try:
                async with self.session.get(self.base + "/api/onboarding") as r:
                    if r.status == 200:
                        return
            except aiohttp.ClientError:
                pass
            await asyncio.sleep(0.25)
        raise CheckFailed("Home Assistant did not answer HTTP within 180 s")

    async def onboard_user(self) -> None:
        """The owner through onboarding's REST step (no frontend needed), then a token for it."""
        client_id = self.base + "/"
        created = await self.http("POST", "/api/onboarding/users", {
            "client_id": client_id, "name": "Test", "username": "test", "password": "switchpanel-test",
            "language": "en"})
        token = await self.http("POST", "/auth/token", form={
            "grant_type": "authorization_code", "code": created["auth_code"], "client_id": client_id})
        self.token = token["access_token"]

    async def set_up_mqtt(self) -> str:
        """The MQTT integration through the config flow, as the UI does it."""
        step = await self.http("POST", "/api/config/config_entries/flow",
                               {"handler": "mqtt", "show_advanced_options": False})
        if step.get("type") != "form" or step.get("step_id") != "broker":
            raise CheckFailed(f"the mqtt config flow started with {step}")
        done = await self.http("POST", f"/api/config/config_entries/flow/{step['flow_id']}",
                               {"broker": "127.0.0.1", "port": self.broker_port})
        if done.get("type") != "create_entry":
            raise CheckFailed(f"the mqtt broker step ended with {done}")
        return done["result"]["entry_id"] if isinstance(done.get("result"), dict) else str(done.get("result"))

    async def websocket(self, command: dict):
        assert self.session
        async with self.session.ws_connect(self.base + "/api/websocket") as ws:
            await ws.receive_json()  # auth_required
            await ws.send_json({"type": "auth", "access_token": self.token})
            auth = await ws.receive_json()
            if auth.get("type") != "auth_ok":
                raise CheckFailed(f"websocket auth: {auth}")
            await ws.send_json({"id": 1, **command})
            reply = await ws.receive_json()
            if not reply.get("success"):
                raise CheckFailed(f"websocket {command['type']}: {reply}")
            return reply["result"]

    async def registry_entries(self) -> dict[str, dict]:
        """The panel's entities in the entity registry, by switch id."""
        entries = await self.websocket({"type": "config/entity_registry/list"})
        by_unique_id = {e.get("unique_id"): e for e in entries if e.get("platform") == "mqtt"}
        return {i: by_unique_id[f"switchpanel_{NODE}_{i}"] for i, _, _ in SWITCHES
                if f"switchpanel_{NODE}_{i}" in by_unique_id}

    async def ha_state(self, switch_id: str) -> str | None:
        try:
            return (await self.http("GET", f"/api/states/{self.entity_ids[switch_id]}"))["state"]
        except CheckFailed as e:
            if "HTTP 404" in str(e):
                return None
            raise

    async def ha_states(self) -> dict[str, str | None]:
        return {i: await self.ha_state(i) for i, _, _ in SWITCHES}

    async def service(self, service: str, switch_id: str) -> None:
        await self.http("POST", f"/api/services/switch/{service}", {"entity_id": self.entity_ids[switch_id]})

    # MARK: checks

    async def until(self, what: str, condition, timeout: float = TIMEOUT):
        """Polls `condition` (async, returning a truthy value when met) every 50 ms."""
        deadline = time.monotonic() + timeout
        last = None
        while time.monotonic() < deadline:
            self.processes.check_alive()
            last = await condition()
            if last:
                return last
            await asyncio.sleep(0.05)
        raise CheckFailed(f"not within {timeout:.0f} s: {what} (last seen: {last!r})")

    async def check(self, name: str, body) -> None:
        start = time.monotonic()
        try:
            detail = await body()
        except CheckFailed as e:
            elapsed = time.monotonic() - start
            self.results.append((name, False, elapsed, str(e)))
            log(f"FAIL {name} ({elapsed:.2f} s): {e}")
            raise
        elapsed = time.monotonic() - start
        self.results.append((name, True, elapsed, detail or ""))
        log(f"PASS {name} ({elapsed:.2f} s){': ' + detail if detail else ''}")

    def panel_states(self) -> dict[str, str]:
        return {i: self.ctl("get", i) for i, _, _ in SWITCHES}

    async def states_match(self, expected: dict[str, str]):
        """Home Assistant shows `expected` (on/off per switch id), or None."""
        states = await self.ha_states()
        return states if states == expected else None

    async def run(self) -> None:
        self.start_broker()
        self.write_board()
        self.write_homeassistant_config()
        async def broker():
            await self.wait_for_broker()
            return f"127.0.0.1:{self.broker_port}"
        await self.check("mosquitto starts", broker)
        async with aiohttp.ClientSession(timeout=aiohttp.ClientTimeout(total=30)) as self.session:
            started = time.monotonic()

            async def start_homeassistant():
                self.start_homeassistant()
                await self.wait_for_http()
                self.timings["Home Assistant start"] = time.monotonic() - started
                return f"HTTP on port {self.http_port} after {self.timings['Home Assistant start']:.1f} s"
            await self.check("Home Assistant starts (--skip-pip, fresh config dir)", start_homeassistant)

            async def token():
                await self.onboard_user()
                return "owner created through /api/onboarding/users, token from /auth/token"
            await self.check("an access token without the frontend", token)

            async def mqtt_entry():
                entry = await self.set_up_mqtt()
                entries = await self.http("GET", "/api/config/config_entries/entry?domain=mqtt")
                states = [e.get("state") for e in entries]
                if states != ["loaded"]:
                    raise CheckFailed(f"mqtt config entries: {entries}")
                return f"config entry {entry} loaded, broker 127.0.0.1:{self.broker_port}"
            await self.check("MQTT integration set up through the REST config flow", mqtt_entry)

            async def discovery():
                started_panel = time.monotonic()
                self.start_panel()
                await self.until("the panel answers ctl", self._panel_answers)
                # What the panel tells its socket subscribers: each change and its source.
                self.processes.start("subscriber", [self.switchpanel, "ctl", "--socket", self.socket, "subscribe",
                                                    "--json"], self.events)
                entries = await self.until("all three unique ids in the entity registry", self._all_entries)
                self.entity_ids = {i: e["entity_id"] for i, e in entries.items()}
                # The payload names the entity id (object_id for 2025.4, default_entity_id for
                # releases from 2025.10 on); without either it would come from the device's and
                # the entity's names (switch.hallway_panel_porch_light).
                chosen = {i: f"switch.{NODE}_{i}" for i, _, _ in SWITCHES}
                if self.entity_ids != chosen:
                    raise CheckFailed(f"entity ids {self.entity_ids}, not the payload's {chosen}")
                self.timings["discovery (panel start to registry)"] = time.monotonic() - started_panel
                expected = {i: "on" if initial else "off" for i, _, initial in SWITCHES}
                await self.until(f"states {expected}", lambda: self.states_match(expected))
                self.timings["discovery (panel start to states)"] = time.monotonic() - started_panel
                devices = await self.websocket({"type": "config/device_registry/list"})
                device = next((d for d in devices if ["mqtt", f"switchpanel_{NODE}"] in d.get("identifiers", [])),
                              None)
                if device is None:
                    raise CheckFailed("no device with identifier switchpanel_hallway")
                described = ", ".join(
                    f"{i} -> {e['entity_id']} (name {e.get('name')!r}, original_name {e.get('original_name')!r}, "
                    f"has_entity_name {e.get('has_entity_name')})" for i, e in entries.items())
                friendly = {i: (await self.http("GET", f"/api/states/{self.entity_ids[i]}"))["attributes"]
                            .get("friendly_name") for i, _, _ in SWITCHES}
                wrong_device = [i for i, e in entries.items() if e.get("device_id") != device["id"]]
                if wrong_device:
                    raise CheckFailed(f"entities not on the panel's device: {wrong_device}")
                return (f"{described}; device {device.get('name')!r} (model {device.get('model')!r}, "
                        f"sw_version {device.get('sw_version')!r}); friendly names {friendly}")
            await self.check("Home Assistant discovers the panel's entities, available, with its states", discovery)

            for service, state in (("turn_on", "on"), ("turn_off", "off")):
                async def command(service=service, state=state):
                    started_call = time.monotonic()
                    await self.service(service, "porch")
                    await self.until(f"ctl get porch = {state}", lambda: self._panel_is("porch", state))
                    reached = time.monotonic() - started_call
                    # Like a touch: the switch's action ran (its `print` line) and subscribers heard
                    # of the change with the source "mqtt".
                    change = {"event": "changed", "id": "porch", "state": state, "source": "mqtt"}
                    await self.until(f"a subscriber told {change}", lambda: self._event_seen(change))
                    action = {"id": "porch", "state": state}
                    await self.until(f"the print action's line {action}", lambda: self._printed(action))
                    await self.until(f"Home Assistant shows porch {state}",
                                     lambda: self._ha_is("porch", state))
                    return (f"{self.entity_ids['porch']}: reached the panel in {reached * 1000:.0f} ms "
                            "(source mqtt, its action ran)")
                await self.check(f"switch.{service} reaches the panel", command)

            async def panel_change():
                started_set = time.monotonic()
                self.ctl("set", "hall", "on")
                await self.until("Home Assistant shows hall on", lambda: self._ha_is("hall", "on"))
                return f"{self.entity_ids['hall']} on after {(time.monotonic() - started_set) * 1000:.0f} ms"
            await self.check("a panel change (ctl set) reaches Home Assistant", panel_change)

            async def screen_discovery():
                entries = await self.websocket({"type": "config/entity_registry/list"})
                by_unique_id = {e.get("unique_id"): e for e in entries if e.get("platform") == "mqtt"}
                light = by_unique_id.get(f"switchpanel_{NODE}_screen")
                select = by_unique_id.get(f"switchpanel_{NODE}_page")
                porch = by_unique_id.get(f"switchpanel_{NODE}_porch")
                if not light or not select:
                    raise CheckFailed(f"screen entities in the registry: light {light}, select {select}")
                self.screen_ids = {"light": light["entity_id"], "select": select["entity_id"]}
                if self.screen_ids != {"light": f"light.{NODE}_screen", "select": f"select.{NODE}_page"}:
                    raise CheckFailed(f"entity ids {self.screen_ids}")
                if not (light.get("device_id") == select.get("device_id") == porch.get("device_id")):
                    raise CheckFailed("the light and the select are not on the switches' device")
                state = await self.until("the light on at full brightness", lambda: self._light_is("on", 255))
                options = await self.until("the select on Downstairs", lambda: self._page_is(PAGES[0]))
                return (f"{self.screen_ids['light']} on, brightness {state['attributes'].get('brightness')}, "
                        f"color modes {state['attributes'].get('supported_color_modes')}; "
                        f"{self.screen_ids['select']} {options['state']!r} of {options['attributes'].get('options')}")
            await self.check("the screen is a light and the page a select on the panel's device", screen_discovery)

            async def light_commands():
                started_call = time.monotonic()
                await self.http("POST", "/api/services/light/turn_on",
                                {"entity_id": self.screen_ids["light"], "brightness_pct": 40})
                await self.until("ctl screen: brightness 40 %", lambda: self._screen_says("lit, brightness 40 %"))
                reached = time.monotonic() - started_call
                level = (self.backlight / "brightness").read_text().strip()
                if level != str(round(0.4 * MAX_BRIGHTNESS)):
                    raise CheckFailed(f"the backlight's brightness file says {level}")
                await self.until("Home Assistant shows 40 %", lambda: self._light_is("on", round(0.4 * 255)))
                await self.http("POST", "/api/services/light/turn_off", {"entity_id": self.screen_ids["light"]})
                await self.until("ctl screen: blank", lambda: self._screen_says("blank"))
                power = (self.backlight / "bl_power").read_text().strip()
                if power != "4":
                    raise CheckFailed(f"blank, but bl_power says {power}")
                event = {"event": "screen", "blank": True, "brightness": 40, "source": "mqtt"}
                await self.until(f"a subscriber told {event}", lambda: self._event_seen(event))
                await self.until("Home Assistant shows the light off", lambda: self._light_is("off"))
                await self.http("POST", "/api/services/light/turn_on", {"entity_id": self.screen_ids["light"]})
                await self.until("ctl screen: lit", lambda: self._screen_says("lit, brightness 40 %"))
                await self.until("Home Assistant shows the light on", lambda: self._light_is("on", round(0.4 * 255)))
                return (f"brightness_pct 40 reached the panel in {reached * 1000:.0f} ms: level {level} of "
                        f"{MAX_BRIGHTNESS}; turn_off blanked it (bl_power 4), turn_on lit it")
            await self.check("light.turn_on/turn_off blank, wake and dim the panel's screen", light_commands)

            async def page_and_panel_side():
                await self.http("POST", "/api/services/select/select_option",
                                {"entity_id": self.screen_ids["select"], "option": PAGES[1]})
                await self.until("ctl page: page 1", lambda: self._screen_says(f'lit, brightness 40 %, page 1 "{PAGES[1]}"'))
                event = {"event": "page", "page": 1, "title": PAGES[1]}
                await self.until(f"a subscriber told {event}", lambda: self._event_seen(event))
                self.ctl("page", "0")
                await self.until("Home Assistant shows Downstairs", lambda: self._page_is(PAGES[0]))
                self.ctl("blank")
                await self.until("Home Assistant shows the light off", lambda: self._light_is("off"))
                self.ctl("wake")
                self.ctl("brightness", "100")
                await self.until("Home Assistant shows the light on at 100 %", lambda: self._light_is("on", 255))
                return "select_option reached the panel; ctl page, blank, wake and brightness reached Home Assistant"
            await self.check("select.select_option turns the page, and the panel's side reaches Home Assistant",
                             page_and_panel_side)

            async def restart_homeassistant():
                stopping = time.monotonic()
                self.processes.stop("hass", signal.SIGTERM, grace=60)
                stopped = time.monotonic() - stopping
                # A change Home Assistant is not there to see: it must find it retained.
                self.ctl("set", "hall", "off")
                self.ctl("set", "porch", "on")
                expected = self.panel_states()
                started_again = time.monotonic()
                self.start_homeassistant()
                await self.wait_for_http()
                up = time.monotonic() - started_again
                await self.until(f"available with {expected}", lambda: self.states_match(expected))
                available = time.monotonic() - started_again
                self.timings["Home Assistant restart (start to HTTP)"] = up
                return (f"stopped in {stopped:.1f} s; HTTP after {up:.1f} s, entities available with current "
                        f"states {expected} after {available:.1f} s")
            await self.check("a Home Assistant restart leaves the entities available with current states",
                             restart_homeassistant)

            async def killed():
                self.before_kill = self.panel_states()
                killing = time.monotonic()
                self.kill_panel()
                gone = {i: "unavailable" for i, _, _ in SWITCHES}
                await self.until("all unavailable", lambda: self.states_match(gone))
                return f"unavailable {(time.monotonic() - killing) * 1000:.0f} ms after SIGKILL"
            await self.check("SIGKILL of the panel makes its entities unavailable (the will)", killed)

            async def restarted():
                starting = time.monotonic()
                self.start_panel()
                expected = await self._saved_states()
                if expected != self.before_kill:
                    raise CheckFailed(f"the panel restored {expected}, not {self.before_kill}")
                await self.until(f"available again with {expected}", lambda: self.states_match(expected))
                return f"available with the saved states {expected} {time.monotonic() - starting:.1f} s after start"
            await self.check("the restarted panel is available again with its saved states", restarted)

            async def quiet_log():
                return self.mqtt_log_findings()
            await self.check("Home Assistant's log has no complaint about the discovery payloads", quiet_log)

    async def _panel_answers(self) -> bool:
        try:
            self.ctl("list")
            return True
        except (CheckFailed, subprocess.TimeoutExpired):
            return False

    def _json_lines(self, path: pathlib.Path) -> list:
        lines = []
        for line in path.read_text(errors="replace").splitlines() if path.exists() else []:
            try:
                lines.append(json.loads(line))
            except ValueError:
                pass  # the panel's log lines share its output file with the action's JSON lines
        return lines

    async def _event_seen(self, event: dict) -> bool:
        return event in self._json_lines(self.events)

    async def _printed(self, line: dict) -> bool:
        return self._json_lines(self.work / "switchpanel.log").count(line) >= 1

    async def _all_entries(self):
        entries = await self.registry_entries()
        return entries if len(entries) == len(SWITCHES) else None

    async def _screen_says(self, prefix: str) -> bool:
        return self.ctl("screen").startswith(prefix)

    async def _light_is(self, state: str, brightness: int | None = None):
        """The light's state when it is `state` (and at `brightness` of 255 when given), else None."""
        found = await self.http("GET", f"/api/states/{self.screen_ids['light']}")
        if found["state"] != state or (brightness is not None and found["attributes"].get("brightness") != brightness):
            return None
        return found

    async def _page_is(self, option: str):
        found = await self.http("GET", f"/api/states/{self.screen_ids['select']}")
        return found if found["state"] == option and found["attributes"].get("options") == PAGES else None

    async def _panel_is(self, switch_id: str, state: str) -> bool:
        return self.ctl("get", switch_id) == state

    async def _ha_is(self, switch_id: str, state: str) -> bool:
        return await self.ha_state(switch_id) == state

    async def _saved_states(self) -> dict[str, str]:
        """What the restarted panel says once its socket answers (the states it restored)."""
        async def answers():
            try:
                return self.panel_states()
            except (CheckFailed, subprocess.TimeoutExpired):
                return None
        return await self.until("the restarted panel answers ctl", answers)

    def homeassistant_log(self) -> list[str]:
        text = ""
        for name in ("home-assistant.log.1", "home-assistant.log"):
            path = self.config_dir / name
            if path.exists():
                text += path.read_text(errors="replace")
        return text.splitlines()

    def mqtt_log_findings(self) -> str:
        """Warnings and errors about MQTT, discovery or the panel's topics, in Home Assistant's words."""
        lines = self.homeassistant_log()
        suspicious = [line for line in lines
                      if (" WARNING " in line or " ERROR " in line)
                      and any(w in line.lower() for w in ("mqtt", "discovery", "switchpanel", "hallway",
                                                          "object_id", "default_entity_id"))]
        if suspicious:
            raise CheckFailed("Home Assistant says:\n  " + "\n  ".join(suspicious))
        return "no WARNING or ERROR line mentions mqtt, discovery or the panel"

    def report(self) -> None:
        log("")
        log("Home Assistant's log, WARNING and ERROR lines (both runs):")
        for line in self.homeassistant_log():
            if " WARNING " in line or " ERROR " in line:
                log("  " + line[:400])
        log("")
        for name, value in self.timings.items():
            log(f"time: {name}: {value:.1f} s")
        passed = sum(1 for r in self.results if r[1])
        log(f"{passed} of {len(self.results)} checks passed")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--switchpanel", required=True, help="the switchpanel program to test")
    parser.add_argument("--keep", action="store_true", help="keep the work directory (kept anyway on failure)")
    args = parser.parse_args()
    if not os.access(args.switchpanel, os.X_OK):
        log(f"homeassistant-test: {args.switchpanel} is not an executable program")
        return 2
    for program in ("/usr/sbin/mosquitto", str(pathlib.Path(sys.executable).parent / "hass")):
        if not os.access(program, os.X_OK):
            log(f"homeassistant-test: {program} is missing (scripts/setup.sh, scripts/setup-homeassistant.sh)")
            return 2
    work = pathlib.Path(tempfile.mkdtemp(prefix="switchpanel-homeassistant-"))
    test = HomeAssistantTest(args, work)
    started = time.monotonic()
    # SIGTERM (a CI timeout) ends the run through the same cleanup as a failure.
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(143))
    ok = False
    try:
        asyncio.run(test.run())
        ok = True
    except CheckFailed:
        pass
    except (KeyboardInterrupt, SystemExit):
        log("homeassistant-test: interrupted; stopping what it started")
        raise
    finally:
        test.processes.stop_all()
        test.report()
        log(f"time: whole test: {time.monotonic() - started:.1f} s")
        log("PASS homeassistant-test" if ok else "FAIL homeassistant-test")
        if ok and not args.keep:
            shutil.rmtree(work, ignore_errors=True)
        else:
            log(f"work directory kept: {work} (hass.out, homeassistant/home-assistant.log, switchpanel.log, "
                "mosquitto/mosquitto.log)")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
