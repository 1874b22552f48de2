#!/usr/bin/env bash
# The systemd gate of `make test` (`make security`): the unit and the sysusers file must parse
# without a single warning, and the unit's exposure score from
# `systemd-analyze security --offline=true` must be at most 1.0. Runs in well under a second on a
# machine without systemd running (CI containers): only the `systemd` package is needed.
set -euo pipefail
cd "$(dirname "$0")/.."

unit=${1:-systemd/switchpanel.service}
sysusers=${2:-systemd/switchpanel.sysusers}
# systemd-analyze takes the threshold in tenths of the score it prints (0.7 is 7) and rejects
# "1.0": 10 is an exposure of 1.0.
threshold=10

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

fail() {
    printf '%s\n' "$@" >&2
    exit 1
}

# Every directive known and well formed. A misspelt hardening option is only a warning (and the
# protection silently missing), so any output fails. verify also insists that ExecStart's binary
# exists, which it does not before `make install`: check a copy that runs /bin/true instead.
sed -e 's|^ExecStart=/usr/local/bin/switchpanel .*|ExecStart=/bin/true|' "$unit" >"$tmp/switchpanel.service"
out=$(systemd-analyze verify --man=no "$tmp/switchpanel.service" 2>&1) || fail "$out" "security: systemd-analyze verify $unit failed"
[ -z "$out" ] || fail "$out" "security: systemd-analyze verify $unit warns (above)"

# The exposure score. Offline, so the host's systemd (if any) plays no part.
out=$(systemd-analyze security --offline=true --threshold="$threshold" --no-pager "$unit" 2>&1) && status=0 || status=$?
if ((status != 0)) || grep -qiE 'unknown|ignoring|failed' <<<"$out"; then
    fail "$out" "security: $unit exposure is above 1.0, or the unit does not parse (above)"
fi
grep -E '✗' <<<"$out" | sed -E 's/ {2,}/  /g' || true
grep -E 'Overall exposure' <<<"$out"

# With the MQTT drop-in (systemd/switchpanel-mqtt.conf: the network, for a board with a broker or
# a Home Assistant server)
# the unit still parses cleanly, and its exposure stays at the 1.2 it was measured at: the
# network itself costs 0.8 (PrivateNetwork=no 0.5, AF_INET/AF_INET6 0.3) and the allow list of
# local networks 0.1 (a loopback-only one would break every broker not on the panel).
dropin=systemd/switchpanel-mqtt.conf
mkdir -p "$tmp/mqtt"
{ cat "$tmp/switchpanel.service"; printf '\n'; grep -v '^#' "$dropin"; } >"$tmp/mqtt/switchpanel.service"
out=$(systemd-analyze verify --man=no "$tmp/mqtt/switchpanel.service" 2>&1) || fail "$out" "security: $unit with $dropin does not verify"
[ -z "$out" ] || fail "$out" "security: $unit with $dropin warns (above)"
out=$(systemd-analyze security --offline=true --threshold=12 --no-pager "$tmp/mqtt/switchpanel.service" 2>&1) && status=0 || status=$?
if ((status != 0)) || grep -qiE 'unknown|ignoring|failed' <<<"$out"; then
    fail "$out" "security: $unit with $dropin exposure is above 1.2 (above)"
fi
grep -E 'Overall exposure' <<<"$out" | sed 's/$/ (with the MQTT drop-in)/'

# The system user, created in an empty root so nothing on this machine is read or written.
mkdir -p "$tmp/root"
cp "$sysusers" "$tmp/switchpanel.conf"
out=$(systemd-sysusers --dry-run --root="$tmp/root" "$tmp/switchpanel.conf" 2>&1) || fail "$out" "security: $sysusers does not parse"
grep -q "Creating user 'switchpanel'" <<<"$out" || fail "$out" "security: $sysusers creates no user switchpanel"
if grep -qiE 'unknown|ignoring|invalid' <<<"$out"; then fail "$out" "security: $sysusers warns (above)"; fi
