#!/usr/bin/env bash
# `make homeassistant-test`: the panel against a real Home Assistant 2025.4.4, a real mosquitto and
# the real switchpanel program (scripts/homeassistant-test.py says what it checks). Installs Home
# Assistant once into a cached venv (scripts/setup-homeassistant.sh), builds switchpanel (debug)
# unless SWITCHPANEL names a program, and prints the time each part took.
set -euo pipefail
cd "$(dirname "$0")/.."

SECONDS=0
venv=$(bash scripts/setup-homeassistant.sh)
echo "homeassistant-test: Home Assistant ready in ${SECONDS} s ($venv)"

if [ -z "${SWITCHPANEL:-}" ]; then
    SECONDS=0
    swift build --product switchpanel
    SWITCHPANEL="$(swift build --show-bin-path)/switchpanel"
    echo "homeassistant-test: switchpanel built in ${SECONDS} s"
fi

# --entities: the switches bound to entities (scripts/homeassistant-entities-test.py) instead.
test=scripts/homeassistant-test.py
if [ "${1:-}" = "--entities" ]; then
    test=scripts/homeassistant-entities-test.py
    shift
fi
SECONDS=0
status=0
"$venv/bin/python" "$test" --switchpanel "$SWITCHPANEL" "$@" || status=$?
echo "homeassistant-test: the test took ${SECONDS} s"
exit $status
