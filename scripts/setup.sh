#!/usr/bin/env bash
# Installs the Debian packages SwitchPanel builds against, if any are missing.
# Needs a Swift 6 toolchain on PATH already (swift.org's Debian 12 build).
set -euo pipefail

# systemd: systemd-analyze and systemd-sysusers for `make security` (it need not be running).
packages=(pkg-config libpng-dev libevdev-dev libdrm-dev libmosquitto-dev libwebsockets-dev libssl-dev mosquitto mosquitto-clients libcairo2-dev libfreetype-dev libfontconfig-dev fontconfig fonts-dejavu-core fonts-wqy-microhei systemd)
# Text: HarfBuzz shapes and FriBidi orders every label; the Noto and Lohit fonts cover the scripts
# the tests draw (Arabic, Hebrew, Devanagari, Bengali, Thai, colour emoji), and pango-view is the
# independent reference they are compared with.
packages+=(libharfbuzz-dev libfribidi-dev fonts-noto-core fonts-lohit-deva fonts-noto-color-emoji pango1.0-tools)
# The browser preview: libmicrohttpd for its server; Chromium, its WebDriver and Python for
# its tests in a real browser (Tests/BrowserTests).
packages+=(libmicrohttpd-dev chromium chromium-driver python3)
# MQTT: the broker and clients the tests start, and paho for scripts/mqtt-fleet.py.
packages+=(python3-paho-mqtt)
# Home Assistant faults: the small WebSocket server of Tests/PanelRuntimeTests/HomeAssistantFaultTests.
packages+=(python3-websockets)
# debhelper, fakeroot, lintian: `make deb` (the package, its man pages, its check).
packages+=(debhelper fakeroot lintian)

missing=()
for p in "${packages[@]}"; do
    if ! dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed"; then
        missing+=("$p")
    fi
done

if ((${#missing[@]})); then
    echo "setup: installing ${missing[*]}" >&2
    sudo=""
    if [ "$(id -u)" -ne 0 ]; then sudo="sudo"; fi
    export DEBIAN_FRONTEND=noninteractive
    $sudo apt-get update -qq
    $sudo apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
fi

if ! command -v swift >/dev/null 2>&1; then
    echo "setup: no 'swift' on PATH; install a Swift 6 toolchain for Debian 12 first" >&2
    exit 1
fi
