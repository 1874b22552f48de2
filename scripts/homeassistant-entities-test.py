"""Switches bound to Home Assistant entities (issue 29), against a real Home Assistant: run by
scripts/homeassistant-test.sh --entities with the Python of the venv scripts/setup-homeassistant.sh
makes. Reuses scripts/homeassistant-test.py's processes, onboarding and checks.

Starts, on 127.0.0.1 and a free port, a real Home Assistant (`hass --skip-pip`, a fresh config dir
with three input_booleans in its YAML), onboards its owner and makes a long-lived access token
(the websocket's auth/long_lived_access_token, as the profile page does), writes it to a token
file, and starts the real `switchpanel run --headless` with a board of four switches: three bound
to the input_booleans (one without a label) and one to an entity Home Assistant does not have.
Then checks, each printed PASS/FAIL with its time:

  - the switches show the entities' states at start; the missing entity is named in the log and
    its switch's `ctl set` is refused ("unavailable");
  - `ctl set` (what a touch does) reaches Home Assistant's state; a Home Assistant change reaches
    the switch (`ctl get`); median and p99 of both over --toggles round trips;
  - Home Assistant stopped: the bound switches' `ctl set` are refused; started again, the panel
    reconnects, re-reads the states (one changed in the YAML's initial meanwhile) and follows changes;
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


class EntitiesTest(hatest.HomeAssistantTest):
    def __init__(self, args, work):
        super().__init__(args, work)
        self.toggles = args.toggles
        self.token_file = work / "ha.token"
        self.long_lived = ""

    def write_homeassistant_config(self) -> None:
        super().write_homeassistant_config()
        path = self.config_dir / "configuration.yaml"
        text = path.read_text().replace("homeassistant.components.mqtt: info", "homeassistant.components.websocket_api: info")
        text += "input_boolean:\n" + "".join(
            f"  {name}:\n    name: {name.capitalize()} light\n    initial: {'true' if on else 'false'}\n"
            for name, on in BOOLEANS.items())
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
            ],
        }
        self.board.write_text(json.dumps(board, indent=2))
        self.state_dir.mkdir(exist_ok=True)

    async def long_lived_token(self) -> str:
        return await self.websocket({"type": "auth/long_lived_access_token", "client_name": "switchpanel",
                                     "lifespan": 30})

    async def entity_state(self, name: str) -> str | None:
        try:
            return (await self.http("GET", f"/api/states/input_boolean.{name}"))["state"]
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
                self.timings[f"{name} median (ms)"] = statistics.median(values) * 1000
                self.timings[f"{name} p99 (ms)"] = p99 * 1000

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
