# The front door: `make run` and `make test` are the README's two commands.
SWIFT ?= swift

# ARCH=arm64 on an amd64 machine: `make build`, `make deb` and `make test` cross-build for
# aarch64 with Debian 13's Swift 6.0.3 in cached Debian 13 roots under ~/.cache/switchpanel/arm64
# (set up by themselves: scripts/arm64-setup.sh) and run the aarch64 programs under qemu-user.
# Without ARCH (or with the machine's own) everything is native, with the Swift on PATH.
HOST_ARCH := $(shell dpkg --print-architecture 2>/dev/null || uname -m)
ARCH ?= $(HOST_ARCH)
# uname's names too (aarch64, x86_64) for Debian's.
CROSS := $(filter-out $(HOST_ARCH),$(patsubst aarch64,arm64,$(patsubst x86_64,amd64,$(ARCH))))
ifneq ($(CROSS),)
ifneq ($(CROSS),arm64)
$(error ARCH=$(ARCH): only arm64 is cross-built (on amd64); the machine is $(HOST_ARCH))
endif
endif

.PHONY: libwebsockets-headers-test arm64-check arm64-vm-test arm64-counts run test browser-test readme-test docs-test module-map-test module-docs setup build docs presets bench counts mqtt-fleet vm-evdev-test format lint security build-install install uninstall vm-systemd-test vm-display-test vm-panel-test deb homeassistant-test homeassistant-entities-test

setup:
	@bash scripts/setup.sh

ifeq ($(CROSS),arm64)
## ARCH=arm64: the packaged program for aarch64, for Debian 12 and 13 alike
## (.build/arm64-bookworm/aarch64-unknown-linux-gnu/release/switchpanel; scripts/arm64-build.sh).
build:
	bash scripts/arm64-build.sh
else
build: setup
	$(SWIFT) build -c release --product switchpanel
endif

## Installs what is missing, builds, and runs the panel (headless without a display). On a
## display, its control socket is in $XDG_RUNTIME_DIR/switchpanel (else /tmp/switchpanel-UID),
## where `switchpanel ctl` finds it.
run: build
	mkdir -p out
	.build/release/switchpanel run --out out/panel.png

## Installs what is missing, checks the formatting, the systemd unit, the docs and the module map (with
## every module's DocC catalog built), and runs the whole test suite:
## XCTest (without --disable-swift-testing an empty Swift Testing run prints last), the browser
## preview's tests, the README's commands and the documentation's links.
ifeq ($(CROSS),arm64)
## ARCH=arm64: the XCTest suite cross-built for aarch64 and run under qemu-user (no browser).
test:
	bash scripts/arm64-test.sh
else
test: setup lint security docs-test module-map-test module-docs libwebsockets-headers-test
	$(SWIFT) test --disable-swift-testing
	$(MAKE) browser-test
	$(MAKE) readme-test
endif

## Every relative link (and #anchor) in README.md and docs/*.md leads somewhere, and no guide's
## line outside code and tables is over 120 characters (Tests/DocsLinks; under a second).
docs-test:
	python3 Tests/DocsLinks/docs_links_test.py

## docs/ARCHITECTURE.md's dependency table and layers against `swift package dump-package`, no
## libdrm or libevdev under PanelRuntime and PanelTesting, and every module's overview
## (Sources/<Module>/<Module>.docc) against the table (a few seconds).
module-map-test:
	python3 Tests/DocsLinks/module_map_test.py

## The vendored libwebsockets headers (4.1 and 4.3, for the two structs whose layout differs) against
## the installed libwebsockets-dev of the same version: Debian's, unchanged (under a second).
libwebsockets-headers-test:
	bash scripts/check-vendored-libwebsockets.sh --require 4.1 /

## Every module's DocC catalog built offline with the toolchain's docc (.build/module-docs; about
## 1-2 minutes): fails on any warning, in an overview or in the sources' doc comments
## (scripts/module-docs.sh; MODULE_DOCS_STRICT=0 only counts the sources').
module-docs:
	bash scripts/module-docs.sh

## The browser preview in headless Chromium over WebDriver (Tests/BrowserTests; about 2 minutes).
browser-test: setup
	$(SWIFT) build --product switchpanel
	python3 Tests/BrowserTests/preview_browser_test.py --binary .build/debug/switchpanel

## Every command of the README's command block, read from README.md and run as written (headless,
## in a temporary directory; the panel and the preview started, checked serving, and stopped;
## about 30 s). Fails when one no longer works as the README gives it.
readme-test: setup
	$(SWIFT) build --product switchpanel
	python3 Tests/ReadmeCommands/readme_commands_test.py --binary .build/debug/switchpanel

## Regenerates the pictures of the README and docs/.
docs: build
	.build/release/switchpanel render --out docs/panel.png
	.build/release/switchpanel presets --out docs/presets.png
	mkdir -p docs/boards
	for f in board-configs/*.json; do .build/release/switchpanel render --config $$f --out docs/boards/$$(basename $$f .json).png; done
	python3 Tests/BrowserTests/preview_browser_test.py --binary .build/release/switchpanel --screenshots docs \
		PixelsAndTouch.test_click_toggles_logs_and_settles_to_the_render_of_the_new_state Reloading

presets: build
	.build/release/switchpanel presets --out docs/presets.png

## The benchmark, side by side with cairo, for the five workloads.
bench: setup
	$(SWIFT) build -c release --product switchpanel-bench
	for w in full partial anim realtime scene; do .build/release/switchpanel-bench scene --workload $$w --frames 300; done

## Twenty headless panels (twelve switches each) on one mosquitto: discovery, a command to each
## switch, command-to-state latency, CPU and wake-ups at rest (about 2 minutes; not in `make test`).
mqtt-fleet: build
	/usr/bin/python3 scripts/mqtt-fleet.py .build/release/switchpanel

## Instructions per frame under callgrind (the performance targets).
counts: setup
	bash scripts/instruction-counts.sh --with-cairo

## The live evdev path against a real kernel in a QEMU guest (slow; not part of `make test`).
vm-evdev-test: setup
	bash scripts/vm-evdev-test.sh

## The DRM display on a real kernel in QEMU, virtio-gpu and bochs: mode setting, flips, VT
## switching, blanking and the CRTC restored, checked on screendumps by the test-only
## switchpanel-display-probe (~35 s plus static builds of it and switchpanel).
vm-display-test: setup
	bash scripts/vm-display-test.sh

## The panel program end to end in QEMU, virtio-gpu and bochs: `switchpanel run` on the DRM display,
## taps from a virtio tablet and a uinput touchscreen, screendumps equal to `switchpanel render`,
## idle context switches, SIGTERM restoring the console (~1 min plus a static build).
vm-panel-test: setup
	bash scripts/vm-panel-test.sh

## The real panel as a systemd service in a QEMU guest with Debian 12's systemd, installed by
## `make install`: boot, taps, ctl, SIGKILL restart with states from disk, reload, stop, screendumps
## equal to `switchpanel render` (debootstrap once, then 1.5-2.5 min plus a release build; not part
## of `make test`).
ifeq ($(CROSS),arm64)
## ARCH=arm64: the same with the arm64 package (make deb ARCH=arm64) in a Debian 12 arm64 root on
## Debian 13's arm64 kernel under qemu-system-aarch64 -M virt (TCG), plus a uinput tap in the guest
## (debootstrap once, ~9 min under emulation; then ~8 min).
vm-systemd-test:
	bash scripts/vm-systemd-test.sh --arch arm64
else
vm-systemd-test: setup
	bash scripts/vm-systemd-test.sh
endif

## The panel against a real Home Assistant 2025.4.4 (from PyPI, installed once into
## ~/.cache/switchpanel by scripts/setup-homeassistant.sh) and a real mosquitto: discovery, commands
## both ways, a Home Assistant restart, the panel's will (not part of `make test`).
homeassistant-test: setup
	bash scripts/homeassistant-test.sh

## Switches bound to Home Assistant entities over its WebSocket API, against a real Home Assistant
## (the same cached venv; input_booleans and a template light): `switchpanel ha-entities`, states at
## start, ctl set → Home Assistant and back with median/p99 over 200 round trips each way, a group, an
## entity deleted while bound, a restart, 200 bound entities, CPU, wake-ups and memory at rest with
## 50, a revoked token (about 3 minutes; not part of `make test`).
homeassistant-entities-test: setup
	bash scripts/homeassistant-test.sh --entities

format:
	swift-format format --in-place --recursive --parallel Package.swift Sources Plugins Tests

## swift-format, and no `import Foundation` in what the program links (FoundationEssentials
## only: Foundation's ICU data costs memory at rest; the benchmark and build tools may).
lint:
	swift-format lint --recursive --strict Package.swift Sources Plugins Tests
	@if grep -rln '^import Foundation$$' Sources --include=*.swift | grep -v '^Sources/switchpanel-bench/\|^Sources/generate-demo-recording/'; then \
		echo "lint: these files import Foundation; the program links FoundationEssentials only" >&2; exit 1; fi

## The systemd gate: the unit and sysusers file parse without warnings, and
## `systemd-analyze security --offline=true` scores the unit at most 1.0.
security:
	@bash scripts/check-unit.sh

# `make install` is DESTDIR-aware (a package build stages into $(DESTDIR)); PREFIX places the
# program and its data. systemd, udev and systemd-sysusers read /usr/lib and /usr/local/lib, so
# the unit, rule and sysusers file follow PREFIX for those two; with another PREFIX set UNITDIR,
# UDEVRULESDIR and SYSUSERSDIR (to /etc/systemd/system, /etc/udev/rules.d, /etc/sysusers.d).
PREFIX ?= /usr/local
BINDIR ?= $(PREFIX)/bin
DATADIR ?= $(PREFIX)/share/switchpanel
UNITDIR ?= $(PREFIX)/lib/systemd/system
UDEVRULESDIR ?= $(PREFIX)/lib/udev/rules.d
SYSUSERSDIR ?= $(PREFIX)/lib/sysusers.d
SYSCONFDIR ?= /etc
# The board config installed as $(SYSCONFDIR)/switchpanel/board.json when there is none yet
# (BOARD_FILE: any file instead; the Debian package installs the built-in demo panel).
BOARD ?= rpi-7inch-dsi
BOARD_FILE ?= board-configs/$(BOARD).json
INSTALL ?= install
INSTALL_SCRATCH ?= .build/install
INSTALL_BIN = $(INSTALL_SCRATCH)/release/switchpanel

## The binary `make install` installs: release, with Swift's runtime linked in
## (--static-swift-stdlib), so the board needs no toolchain at run time, and linked with
## -z now (the few dynamic symbols bound at start, then the GOT read-only: full RELRO), and
## without SwiftPM's RUNPATH $ORIGIN (--disable-local-rpath: the binary in /usr/bin loads only
## Debian's libraries, and the loader no longer probes /usr/bin's hwcaps and tls directories for
## each of them, 25 failed opens at every start). Run as
## yourself, then `sudo make install`; `make deb` packages it.
build-install: setup
	$(SWIFT) build -c release --product switchpanel --static-swift-stdlib --disable-local-rpath -Xlinker -z -Xlinker now --scratch-path $(INSTALL_SCRATCH)

## Installs the program, the systemd unit, the sysusers file, the udev rule, the board configs and
## a default board config (kept if present); on a live system also creates the user and reloads
## udev and systemd. Enabling is left to you: systemctl enable --now switchpanel.
install:
	@test -x $(INSTALL_BIN) || { echo "make install: $(INSTALL_BIN) is missing: run 'make build-install' first (as yourself, not root)" >&2; exit 1; }
	$(INSTALL) -D -m 0755 $(INSTALL_BIN) $(DESTDIR)$(BINDIR)/switchpanel
	$(INSTALL) -d -m 0755 $(DESTDIR)$(UNITDIR) $(DESTDIR)$(SYSUSERSDIR) $(DESTDIR)$(UDEVRULESDIR)
	sed -e 's|/usr/local/bin/switchpanel|$(BINDIR)/switchpanel|g' -e 's|/etc/switchpanel/|$(SYSCONFDIR)/switchpanel/|g' \
		systemd/switchpanel.service > $(DESTDIR)$(UNITDIR)/switchpanel.service
	chmod 0644 $(DESTDIR)$(UNITDIR)/switchpanel.service
	$(INSTALL) -m 0644 systemd/switchpanel.sysusers $(DESTDIR)$(SYSUSERSDIR)/switchpanel.conf
	$(INSTALL) -m 0644 systemd/99-switchpanel.rules $(DESTDIR)$(UDEVRULESDIR)/99-switchpanel.rules
	$(INSTALL) -d -m 0755 $(DESTDIR)$(DATADIR)/board-configs
	$(INSTALL) -m 0644 board-configs/*.json $(DESTDIR)$(DATADIR)/board-configs/
	$(INSTALL) -m 0644 systemd/switchpanel-board.conf.example $(DESTDIR)$(DATADIR)/
	$(INSTALL) -m 0644 systemd/switchpanel-mqtt.conf $(DESTDIR)$(DATADIR)/
	$(INSTALL) -d -m 0755 $(DESTDIR)$(SYSCONFDIR)/switchpanel
	@if [ -e $(DESTDIR)$(SYSCONFDIR)/switchpanel/board.json ]; then \
		echo "make install: keeping $(DESTDIR)$(SYSCONFDIR)/switchpanel/board.json"; \
	else \
		echo "$(INSTALL) -m 0644 $(BOARD_FILE) $(DESTDIR)$(SYSCONFDIR)/switchpanel/board.json"; \
		$(INSTALL) -m 0644 $(BOARD_FILE) $(DESTDIR)$(SYSCONFDIR)/switchpanel/board.json; \
	fi
	@if [ -z "$(DESTDIR)" ] && [ -d /run/systemd/system ]; then \
		set -x; \
		systemd-sysusers $(SYSUSERSDIR)/switchpanel.conf && \
		udevadm control --reload && \
		udevadm trigger --action=change --subsystem-match=drm --subsystem-match=input && \
		systemctl daemon-reload; \
	fi

## Removes what `make install` installed; keeps $(SYSCONFDIR)/switchpanel, the user and the
## switch states in /var/lib/switchpanel.
uninstall:
	@if [ -z "$(DESTDIR)" ] && [ -d /run/systemd/system ]; then set -x; systemctl disable --now switchpanel.service || true; fi
	rm -f $(DESTDIR)$(BINDIR)/switchpanel $(DESTDIR)$(UNITDIR)/switchpanel.service
	rm -f $(DESTDIR)$(SYSUSERSDIR)/switchpanel.conf $(DESTDIR)$(UDEVRULESDIR)/99-switchpanel.rules
	rm -rf $(DESTDIR)$(DATADIR)
	@if [ -z "$(DESTDIR)" ] && [ -d /run/systemd/system ]; then set -x; udevadm control --reload; systemctl daemon-reload; fi

## The Debian package .build/deb/switchpanel_<version>_<arch>.deb (debhelper, from debian/), the
## version read from the program built by build-install, then lintian on it (fails on warnings).
ifeq ($(CROSS),arm64)
## ARCH=arm64: .build/deb/switchpanel_<version>_arm64.deb, cross-built and packaged in the cached
## Debian 13 build root (scripts/arm64-deb.sh), lintian as for amd64.
deb:
	bash scripts/arm64-deb.sh
else
deb: build-install
	bash scripts/build-deb.sh
endif

## The arm64 checks CI does not run (see scripts/arm64-check.sh for what each costs): the
## package, its install and renders in an arm64 Debian 13 root against the x86_64 program's
## pictures, and the test suite, under qemu-user.
arm64-check:
	bash scripts/arm64-check.sh

## The arm64 program on an aarch64 kernel (qemu-system-aarch64 -M virt, TCG): DRM on virtio-gpu,
## a virtio tablet's tap, screendumps equal to the x86_64 renders (~30 s once set up).
arm64-vm-test:
	bash scripts/arm64-vm-panel-test.sh

## Instructions per frame on aarch64 beside x86_64 (qemu -singlestep counts; slow: ~10 min).
arm64-counts:
	bash scripts/arm64-instruction-counts.sh
