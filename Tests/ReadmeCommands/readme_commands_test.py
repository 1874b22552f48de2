#!/usr/bin/env python3
"""Runs every command of README.md's command block, as written, and fails when one no longer works.

The commands are read from README.md itself: the ```sh block whose every line starts with
`.build/release/switchpanel` (the program under test, given with --binary, replaces that
prefix). Each line is expanded into the forms it describes:

- `[ ... ]` is optional: a line runs once with every optional part left out and once with every
  optional part taken; a group of alternatives (`[--all | --swipe]`) runs once per alternative.
- `A | B | C` after the command's name are alternatives (`ctl list | get porch`): each runs.
- `> FILE` sends standard output to FILE. `# ...` is a comment.
- Placeholders: BOARD.json is board-configs/house-7inch-pages.json (its porch prints its change:
  rpi-7inch-dsi's writes an LED in /sys, which a machine without it refuses, so `ctl set porch on`
  rightly fails there), DIR a fresh state directory, ADDR
  and any 127.0.0.1:PORT a free loopback port, /etc/switchpanel/board.json a copy of the board
  (so `--write` writes the copy), DEVICE the first /dev/input/event* (left out when there is
  none), COMMAND every other command of the block. A placeholder the test does not know fails it.

Everything runs in a temporary directory (a copy of board-configs and scenarios, a link to the
recordings), headless, with $XDG_RUNTIME_DIR pointing into it and no $RUNTIME_DIRECTORY, so `run`
and `ctl` meet at their default socket as they would on a developer's machine. How a command is
judged follows what it is:

- run: started, serving when `ctl list` (default socket) answers and, with --preview, the preview
  answers GET /; the ctl lines run against the form that loads the board; then SIGTERM, exit 0.
- preview: serving when GET / answers; then SIGTERM.
- ctl subscribe: still running a second after it started (it prints changes until stopped).
- calibrate, record, devices: they need a touchscreen. Without /dev/input they must say so (not
  a usage error); with one, calibrate and record must still be waiting after 2 s.
- ha-entities: it needs a Home Assistant (make homeassistant-entities-test runs it against a real
  one). Here its URL (http://homeassistant.local:8123) is a free loopback port with nothing
  listening and ha.token a token file of the test's: it must fail within 30 s naming that
  address, not as a usage error.
- everything else: exit 0 within its timeout, and every file it was told to write (--out,
  --frames, --junit, > FILE) exists afterwards.
A command name the test does not know fails it (a new command must say how it is checked).
"""

import argparse
import http.client
import os
import re
import shlex
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time

REPOSITORY = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
PREFIX = ".build/release/switchpanel"
BOARD = "board-configs/house-7inch-pages.json"
HARDWARE = {"calibrate", "record", "devices"}
FOREVER = {"run", "preview"}
EXITING = {"replay", "render", "check-config", "presets", "bench", "test"}
NETWORK = {"ha-entities"}
KNOWN = HARDWARE | FOREVER | EXITING | NETWORK | {"ctl"}


def command_block(readme):
    """The lines of the ```sh block whose every line runs the program."""
    for block in re.findall(r"```sh\n(.*?)```", readme, flags=re.S):
        lines = [line for line in block.splitlines() if line.strip()]
        if lines and all(line.startswith(PREFIX + " ") for line in lines):
            return lines
    raise SystemExit(f"README.md has no ```sh block of `{PREFIX} …` lines")


def parse(line):
    """(name, items, redirect): items are words and optional groups (lists of alternatives)."""
    words = shlex.split(line[len(PREFIX):], comments=True)
    redirect = None
    if ">" in words:
        at = words.index(">")
        redirect = words[at + 1]
        words = words[:at]
    name, rest = words[0], words[1:]
    items, group = [], None
    for word in rest:
        if word.startswith("["):
            group = [[]]
            word = word[1:]
        closes = group is not None and word.endswith("]")
        if closes:
            word = word[:-1]
        if group is not None:
            if word == "|":
                group.append([])
            elif word:
                group[-1].append(word)
            if closes:
                items.append(group)
                group = None
        else:
            items.append(word)
    return name, items, redirect


def forms(name, items):
    """Every argument list the line describes."""
    # Top-level alternatives: `list | get porch | …`.
    alternatives, current = [], []
    for item in items:
        if item == "|":
            alternatives.append(current)
            current = []
        else:
            current.append(item)
    alternatives.append(current)
    result = []
    for alternative in alternatives:
        groups = [item for item in alternative if isinstance(item, list)]
        choices = max([len(group) for group in groups], default=1)
        variants = [None] + list(range(choices)) if groups else [None]
        for choice in variants:
            arguments = []
            for item in alternative:
                if isinstance(item, list):
                    if choice is not None:
                        arguments += item[min(choice, len(item) - 1)]
                else:
                    arguments.append(item)
            if arguments not in result:
                result.append(arguments)
    return result


def free_address():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return f"127.0.0.1:{s.getsockname()[1]}"


class Run:
    def __init__(self, binary, work):
        self.binary, self.work = binary, work
        self.failures, self.passes = [], 0
        self.environment = {k: v for k, v in os.environ.items() if k != "RUNTIME_DIRECTORY"}
        self.environment["XDG_RUNTIME_DIR"] = os.path.join(work, "xdg")
        os.makedirs(self.environment["XDG_RUNTIME_DIR"], mode=0o700)

    def substitute(self, name, arguments, names):
        """The arguments with the placeholders filled in; None when the form cannot run here."""
        out = []
        for word in arguments:
            if word == "BOARD.json":
                word = BOARD
            elif word == "DIR":
                word = tempfile.mkdtemp(prefix="state-", dir=self.work)
            elif word == "ADDR" or re.fullmatch(r"127\.0\.0\.1:\d+", word):
                word = free_address()
            elif word == "/etc/switchpanel/board.json":
                word = os.path.join(self.work, "etc-board.json")
                shutil.copy(BOARD, word)
            elif word == "http://homeassistant.local:8123":
                word = "http://" + free_address()
            elif word == "ha.token":
                word = os.path.join(self.work, "ha.token")
                with open(word, "w") as f:
                    f.write("a-token-no-server-will-read\n")
            elif word == "DEVICE":
                devices = sorted(
                    f for f in (os.listdir("/dev/input") if os.path.isdir("/dev/input") else []) if f.startswith("event"))
                if not devices:
                    continue
                word = "/dev/input/" + devices[0]
            elif re.fullmatch(r"[A-Z][A-Z_.]+", word):
                raise SystemExit(f"README's `{name}` line has a placeholder this test does not know: {word}")
            out.append(word)
        return out

    def check(self, ok, what, detail=""):
        if ok:
            self.passes += 1
            print(f"ok    {what}")
        else:
            self.failures.append(what)
            print(f"FAIL  {what}\n      {detail.strip()[-1500:]}")

    def start(self, arguments, stdout=subprocess.PIPE):
        return subprocess.Popen(
            [self.binary] + arguments, cwd=self.work, env=self.environment, stdin=subprocess.DEVNULL,
            stdout=stdout, stderr=subprocess.STDOUT, text=True, start_new_session=True)

    def stop(self, process, timeout=10):
        """SIGTERM, then the exit status and output (SIGKILL after `timeout`, reported)."""
        if process.poll() is None:
            process.send_signal(signal.SIGTERM)
        try:
            output, _ = process.communicate(timeout=timeout)
            return process.returncode, output or ""
        except subprocess.TimeoutExpired:
            process.kill()
            output, _ = process.communicate()
            return "still running 10 s after SIGTERM", output or ""

    def execute(self, arguments, timeout=300, redirect=None):
        stdout = open(os.path.join(self.work, redirect), "w") if redirect else subprocess.PIPE
        process = self.start(arguments, stdout=stdout)
        try:
            output, _ = process.communicate(timeout=timeout)
            return process.returncode, output or ""
        except subprocess.TimeoutExpired:
            _, output = self.stop(process)
            return f"timed out after {timeout} s", output
        finally:
            if redirect:
                stdout.close()

    def wait_until(self, condition, process, seconds=60):
        deadline = time.monotonic() + seconds
        while time.monotonic() < deadline:
            if condition():
                return True
            if process.poll() is not None:
                return False
            time.sleep(0.2)
        return False

    def serving_http(self, address):
        host, port = address.rsplit(":", 1)
        try:
            connection = http.client.HTTPConnection(host, int(port), timeout=2)
            connection.request("GET", "/")
            return connection.getresponse().status == 200
        except OSError:
            return False

    def ctl_list_answers(self):
        return subprocess.run(
            [self.binary, "ctl", "list"], cwd=self.work, env=self.environment, stdin=subprocess.DEVNULL,
            capture_output=True, timeout=15).returncode == 0

    def outputs_exist(self, arguments, redirect):
        named = [arguments[i + 1] for i, word in enumerate(arguments[:-1]) if word in ("--out", "--frames", "--junit")]
        return [path for path in named + ([redirect] if redirect else []) if not os.path.exists(os.path.join(self.work, path))]

    def run_panel(self, arguments, ctl_forms):
        if "--headless" not in arguments:
            arguments = arguments + ["--headless"]  # the test is headless whatever the machine has
        shown = "run " + shlex.join(arguments)
        print(f"...   {shown}")
        process = self.start(["run"] + arguments)
        serving = self.wait_until(self.ctl_list_answers, process)
        if serving and "--preview" in arguments:
            address = arguments[arguments.index("--preview") + 1]
            serving = self.wait_until(lambda: self.serving_http(address), process, 20)
        for ctl in ctl_forms:
            if serving:
                self.run_ctl(ctl)
            else:
                self.check(False, "ctl " + shlex.join(ctl), "not run: the panel it talks to is not serving")
        status, output = self.stop(process)
        self.check(serving and status == 0, f"{shown}: serving, then exit 0 on SIGTERM", f"exit {status}\n{output}")

    def run_ctl(self, arguments):
        shown = "ctl " + shlex.join(arguments)
        if arguments == ["subscribe"]:
            process = self.start(["ctl"] + arguments)
            time.sleep(1)
            alive = process.poll() is None
            status, output = self.stop(process)
            self.check(alive, f"{shown}: still listening after 1 s", f"exit {status}\n{output}")
            return
        status, output = self.execute(["ctl"] + arguments, timeout=30)
        self.check(status == 0, f"{shown}: exit 0", f"exit {status}\n{output}")

    def run_hardware(self, name, arguments, redirect):
        shown = shlex.join([name] + arguments)
        if not os.path.isdir("/dev/input"):
            status, output = self.execute([name] + arguments, timeout=60, redirect=redirect)
            said = "/dev/input" in output or (redirect and "/dev/input" in open(os.path.join(self.work, redirect)).read())
            self.check(
                status not in (0, 2) and said and "usage" not in output.lower(),
                f"{shown}: no touchscreen here, and it says so (not a usage error)", f"exit {status}\n{output}")
            return
        if name == "devices":
            status, output = self.execute([name] + arguments, timeout=60, redirect=redirect)
            self.check(status == 0, f"{shown}: exit 0", f"exit {status}\n{output}")
            return
        process = self.start([name] + arguments)
        time.sleep(2)
        alive = process.poll() is None
        status, output = self.stop(process)
        self.check(alive, f"{shown}: waiting for the touchscreen after 2 s", f"exit {status}\n{output}")

    def run_network(self, name, arguments, redirect):
        shown = shlex.join([name] + arguments)
        address = arguments[arguments.index("--url") + 1].split("//", 1)[1]
        status, output = self.execute([name] + arguments, timeout=30, redirect=redirect)
        self.check(
            status not in (0, 2) and address in output and "usage" not in output.lower(),
            f"{shown}: no Home Assistant at {address}, and it says so (not a usage error)", f"exit {status}\n{output}")

    def run_exiting(self, name, arguments, redirect):
        shown = shlex.join([name] + arguments) + (f" > {redirect}" if redirect else "")
        status, output = self.execute([name] + arguments, redirect=redirect)
        missing = self.outputs_exist(arguments, redirect)
        self.check(status == 0 and not missing, f"{shown}: exit 0", f"exit {status}, missing {missing}\n{output}")


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--binary", required=True, help="the switchpanel program to run")
    parser.add_argument("--readme", default=os.path.join(REPOSITORY, "README.md"), help="the README to read")
    args = parser.parse_args()
    binary = os.path.abspath(args.binary)
    with open(args.readme) as f:
        lines = command_block(f.read())
    parsed = [parse(line) for line in lines]
    names = [name for name, _, _ in parsed if name != "COMMAND"]
    unknown = [name for name in names if name not in KNOWN]
    if unknown:
        raise SystemExit(f"README's command block runs commands this test does not know how to check: {unknown}")

    work = tempfile.mkdtemp(prefix="readme-commands-")
    try:
        for directory in ("board-configs", "scenarios"):
            shutil.copytree(os.path.join(REPOSITORY, directory), os.path.join(work, directory))
        os.makedirs(os.path.join(work, "Tests/TouchCoreTests"))
        os.symlink(os.path.join(REPOSITORY, "Tests/TouchCoreTests/Recordings"),
                   os.path.join(work, "Tests/TouchCoreTests/Recordings"))
        os.chdir(work)
        run = Run(binary, work)
        expanded = []
        for name, items, redirect in parsed:
            for arguments in forms(name, items):
                if name == "COMMAND":
                    expanded += [(other, arguments, None) for other in dict.fromkeys(names)]
                else:
                    form = (name, run.substitute(name, arguments, names), redirect)
                    if form not in expanded:
                        expanded.append(form)
        print(f"{len(lines)} README lines, {len(expanded)} commands, in {work}")
        ctl_forms = [arguments for name, arguments, _ in expanded if name == "ctl" and arguments != ["--help"]]
        panels = [arguments for name, arguments, _ in expanded if name == "run" and arguments != ["--help"]]
        # The ctl lines go to the panel that loads a board (their ids are the board's).
        board_panel = next((i for i, a in enumerate(panels) if "--config" in a), len(panels) - 1)
        for i, arguments in enumerate(panels):
            run.run_panel(arguments, ctl_forms if i == board_panel else [])
        if not panels:
            run.check(not ctl_forms, "ctl lines need a run line to talk to")
        for name, arguments, redirect in expanded:
            if name in ("run", "ctl") and arguments != ["--help"]:
                continue
            if name == "preview" and arguments != ["--help"]:
                process = run.start([name] + arguments)
                address = arguments[arguments.index("--listen") + 1] if "--listen" in arguments else "127.0.0.1:8080"
                if run.serving_http(address):
                    print(f"skip  {shlex.join([name] + arguments)}: {address} is another program's here")
                    continue
                serving = run.wait_until(lambda: run.serving_http(address), process, 30)
                status, output = run.stop(process)
                run.check(serving, f"{shlex.join([name] + arguments)}: serving {address}", f"exit {status}\n{output}")
            elif arguments == ["--help"]:
                status, output = run.execute([name, "--help"], timeout=30)
                run.check(status == 0 and "usage" in output.lower(), f"{name} --help: exit 0 with its usage", output)
            elif name in HARDWARE:
                run.run_hardware(name, arguments, redirect)
            elif name in NETWORK:
                run.run_network(name, arguments, redirect)
            else:
                run.run_exiting(name, arguments, redirect)
        print(f"{run.passes} passed, {len(run.failures)} failed")
        return 1 if run.failures else 0
    finally:
        os.chdir(REPOSITORY)
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    sys.exit(main())
