# The front door: `make run` and `make test` are the README's two commands.
SWIFT ?= swift

.PHONY: run test setup build docs presets bench counts vm-evdev-test format lint

setup:
	@bash scripts/setup.sh

build: setup
	$(SWIFT) build -c release --product switchpanel

## Installs what is missing, builds, and runs the panel (headless without a display).
run: build
	.build/release/switchpanel run --out out/panel.png

## Installs what is missing, checks the formatting and runs the whole test suite.
## (The suite is XCTest; without --disable-swift-testing an empty Swift Testing run prints last.)
test: setup lint
	$(SWIFT) test --disable-swift-testing

## Regenerates the README's pictures.
docs: build
	.build/release/switchpanel render --out docs/panel.png
	.build/release/switchpanel presets --out docs/presets.png
	mkdir -p docs/boards
	for f in board-configs/*.json; do .build/release/switchpanel render --config $$f --out docs/boards/$$(basename $$f .json).png; done

presets: build
	.build/release/switchpanel presets --out docs/presets.png

## The benchmark, side by side with cairo, for the three workloads.
bench: setup
	$(SWIFT) build -c release --product switchpanel-bench
	for w in full partial anim; do .build/release/switchpanel-bench scene --workload $$w --frames 300; done

## Instructions per frame under callgrind (the performance targets).
counts: setup
	bash scripts/instruction-counts.sh --with-cairo

## The live evdev path against a real kernel in a QEMU guest (slow; not part of `make test`).
vm-evdev-test: setup
	bash scripts/vm-evdev-test.sh

format:
	swift-format format --in-place --recursive --parallel Package.swift Sources Tests

lint:
	swift-format lint --recursive --strict Package.swift Sources Tests
