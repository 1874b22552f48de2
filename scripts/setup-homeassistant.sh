#!/usr/bin/env bash
# Installs Home Assistant from PyPI for `make homeassistant-test` into a cached venv and prints the
# venv's path on stdout (messages go to stderr). Idempotent: a complete venv is a fast no-op.
#
# 2025.4.4 is the newest release that runs on Python 3.13.0 (2025.5 needs 3.13.2, 2026.3 needs
# 3.14.2; Debian 12 ships neither), so the venv is made with pyenv's 3.13.0.
#
# Besides the `homeassistant` package this installs the requirements of every integration the test
# loads, read from their manifests: mqtt, http and api (the test's configuration.yaml), the core and
# default integrations Home Assistant 2025.4 always sets up (frontend, person, backup, ...: a
# frontend that does not load sends it into recovery mode, without mqtt), and all their
# dependencies and after-dependencies (whose requirements Home Assistant checks too). The test
# then runs `hass --skip-pip`, so nothing is installed at start and a missing one fails loudly.
set -euo pipefail

version="2025.4.4"
python_version="3.13.0"
if [ -n "${PYENV_ROOT:-}" ]; then
    pyenv_root="$PYENV_ROOT"
elif command -v pyenv >/dev/null 2>&1; then
    pyenv_root="$(pyenv root)"
else
    pyenv_root="$HOME/.pyenv"
fi
python="$pyenv_root/versions/$python_version/bin/python3"
venv="${XDG_CACHE_HOME:-$HOME/.cache}/switchpanel/homeassistant-$version"
marker="$venv/.switchpanel-complete"

if [ -f "$marker" ] && [ -x "$venv/bin/hass" ]; then
    echo "$venv"
    exit 0
fi

# One installer at a time (two test runs started together); the second finds the venv complete.
mkdir -p "$(dirname "$venv")"
exec 9>"$venv.lock"
flock 9
if [ -f "$marker" ] && [ -x "$venv/bin/hass" ]; then
    echo "$venv"
    exit 0
fi

if [ ! -x "$python" ]; then
    echo "setup-homeassistant: no Python $python_version at $python." >&2
    echo "  Home Assistant $version needs Python 3.13 (>= 3.13.0); install it with pyenv:" >&2
    echo "  curl -fsSL https://pyenv.run | bash && pyenv install $python_version" >&2
    echo "  (or set PYENV_ROOT to the pyenv that has it)" >&2
    exit 1
fi

echo "setup-homeassistant: installing Home Assistant $version into $venv (a few minutes, once)" >&2
SECONDS=0
rm -rf "$venv"
"$python" -m venv "$venv"
pip=("$venv/bin/python" -m pip install --quiet --disable-pip-version-check)
"${pip[@]}" "homeassistant==$version"

# The requirements of every integration the test's Home Assistant loads, from the manifests.
requirements=$("$venv/bin/python" - <<'EOF'
import json
import pathlib

import homeassistant.bootstrap as bootstrap
from homeassistant import components

root = pathlib.Path(components.__file__).parent
# What bootstrap sets up without recovery mode, plus the test's configuration.yaml.
todo = set(bootstrap.CORE_INTEGRATIONS) | set(bootstrap.DEFAULT_INTEGRATIONS)
todo |= {"http", "api", "mqtt", "logger", "network", "system_log"}
seen, requirements = set(), set()
while todo:
    domain = todo.pop()
    if domain in seen:
        continue
    seen.add(domain)
    manifest_path = root / domain / "manifest.json"
    if not manifest_path.exists():
        continue
    manifest = json.loads(manifest_path.read_text())
    requirements.update(manifest.get("requirements", []))
    todo.update(manifest.get("dependencies", []))
    todo.update(manifest.get("after_dependencies", []))
print("\n".join(sorted(requirements)))
EOF
)
constraints="$("$venv/bin/python" -c 'import homeassistant, pathlib; print(pathlib.Path(homeassistant.__file__).parent / "package_constraints.txt")')"
# shellcheck disable=SC2086 # one requirement per word
"${pip[@]}" --constraint "$constraints" $requirements
"$venv/bin/python" -c 'import paho.mqtt, hass_frontend' || {
    echo "setup-homeassistant: paho-mqtt or the frontend did not install" >&2
    exit 1
}
printf '%s\n' "$requirements" >"$marker"
echo "setup-homeassistant: Home Assistant $version installed in ${SECONDS} s" >&2
echo "$venv"
