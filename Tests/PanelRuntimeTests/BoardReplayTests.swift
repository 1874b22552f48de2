import Foundation
import Panel
import PanelRuntime
import Presentation
import TouchCore
import Widget
import XCTest

@testable import Evdev

/// Every shipped board against the touchscreen it has today: a recording whose header is the
/// device as its current driver registers it (BoardRecordings/, written by
/// scripts/board-recordings.py: one tap on each enabled switch) is picked by the board's
/// `touch.devices` — by name, not by the only-touchscreen fallback — and replayed through the
/// touch state machine with the board's calibration, rotation and filters into a panel session:
/// each tap toggles the switch it was aimed at, and nothing else changes by touch. On a board of
/// several pages the recording swipes to the next page (from a gap, right to left) after the taps
/// on each: the taps on every page but the first land only because the swipes turned the page.
/// A second recording per board (`BOARD.slides.events`) slides the thumb of every enabled switch
/// end to end and back, at 0.1 to 2 s, on the same device: each slide flips its switch.
final class BoardReplayTests: XCTestCase {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    /// Each shipped board and the name its touchscreen has on a current kernel.
    static let currentNames = [
        "rpi-7inch-dsi": "generic ft5x06 (79)",
        "rpi-touch-display-2": "Goodix Capacitive TouchScreen",
        "hdmi-5inch-xpt2046": "ADS7846 Touchscreen",
        "hdmi-1080p-usb-touch": "eGalax Inc. USB TouchController",
        "qemu-virtio-gpu": "QEMU Virtio Tablet",
        "house-7inch-pages": "generic ft5x06 (79)",
        "rpi-7inch-dsi-rtl": "generic ft5x06 (79)",
    ]

    func testEveryShippedBoardHasARecordingOfItsTouchscreen() throws {
        let boards = try FileManager.default.contentsOfDirectory(
            atPath: Self.root.appendingPathComponent("board-configs").path
        ).filter { $0.hasSuffix(".json") }.map { String($0.dropLast(5)) }
        XCTAssertEqual(Set(boards), Set(Self.currentNames.keys))
    }

    func testRaspberryPi7InchDisplay() throws { try replay("rpi-7inch-dsi") }
    func testRaspberryPiTouchDisplay2() throws { try replay("rpi-touch-display-2") }
    func testHDMI5InchXPT2046() throws { try replay("hdmi-5inch-xpt2046") }
    func testHDMI1080pUSBTouch() throws { try replay("hdmi-1080p-usb-touch") }
    func testQEMUVirtioGPU() throws { try replay("qemu-virtio-gpu") }
    func testHouseOnThreePages() throws { try replay("house-7inch-pages") }
    /// Right to left: the swipes to the next page go from left to right.
    func testRightToLeftOnTwoPages() throws { try replay("rpi-7inch-dsi-rtl") }

    func testSlidesOnTheRaspberryPi7InchDisplay() throws { try replaySlides("rpi-7inch-dsi") }
    func testSlidesOnTheRaspberryPiTouchDisplay2() throws { try replaySlides("rpi-touch-display-2") }
    func testSlidesOnTheHDMI5InchXPT2046() throws { try replaySlides("hdmi-5inch-xpt2046") }
    func testSlidesOnTheHDMI1080pUSBTouch() throws { try replaySlides("hdmi-1080p-usb-touch") }
    func testSlidesOnTheQEMUVirtioGPU() throws { try replaySlides("qemu-virtio-gpu") }
    func testSlidesOnTheHouseOnThreePages() throws { try replaySlides("house-7inch-pages") }
    /// Mirrored switches: slid on from right to left.
    func testSlidesOnTheRightToLeftBoard() throws { try replaySlides("rpi-7inch-dsi-rtl") }

    /// The 7" display's config still takes the device by the name it had before 2020 (the
    /// firmware-driven rpi-ft5406), for boards on older Raspberry Pi OS releases.
    func testThe7InchConfigAlsoTakesTheOldFirmwareDriversName() throws {
        let config = try board("rpi-7inch-dsi")
        let old = DeviceDescription(name: "FT5406 memory based driver", bus: 0x19, codes: [:])
        let found = [
            DiscoveredDevice(path: "/dev/input/event2", outcome: .success(.init(description: old, kind: .touchscreen)))
        ]
        let selection = InputDiscovery.select(config.touch.devices.compactMap(DeviceMatch.init), among: found)
        XCTAssertEqual(selection, TouchSelection(devices: found, fallback: nil))
    }

    private func board(_ name: String) throws -> BoardConfig {
        try BoardConfig.parse(
            [UInt8](try Data(contentsOf: Self.root.appendingPathComponent("board-configs/\(name).json"))))
    }

    /// A board's recording played into a panel session of the board, on the device its header
    /// describes, picked by the board's config by name: the changes it made, the contacts it had
    /// and the aimed-at list its header gives after `listPrefix`.
    private func play(_ name: String, recording file: String, listPrefix: String) throws -> (
        config: BoardConfig, session: PanelSession, changes: [SwitchChange], contacts: Int, aimed: [String]
    ) {
        var config = try board(name)
        // The board's commands (mosquitto_pub, writes under /sys) are not run here; run or
        // failing, they would revert a switch and the next slide would find it off.
        config.removeActions()
        let text = try String(
            contentsOf: Self.root.appendingPathComponent("Tests/PanelRuntimeTests/BoardRecordings/\(file)"),
            encoding: .utf8)
        let recording = try EvemuRecording.parse(text)
        let device = try XCTUnwrap(recording.device, "\(name): the recording's header describes its device")
        XCTAssertEqual(device.name, Self.currentNames[name], name)

        // The board's config picks this device by what it names (or, naming none, as a touch input).
        let found = [
            DiscoveredDevice(
                path: "/dev/input/event4",
                outcome: .success(.init(description: device, kind: InputDeviceKind(classifying: device))))
        ]
        let selection = InputDiscovery.select(config.touch.devices.compactMap(DeviceMatch.init), among: found)
        XCTAssertEqual(selection.devices.map(\.path), ["/dev/input/event4"], "\(name): \(config.touch.devices)")
        XCTAssertNil(selection.fallback, "\(name): taken by name, not as the only touchscreen")

        let line = try XCTUnwrap(text.split(separator: "\n").first { $0.hasPrefix(listPrefix) })
        let aimed = line.dropFirst(listPrefix.count).split(separator: " ").map(String.init)

        let session = try PanelSession(
            config: config, display: HeadlessDisplay(width: config.display.width, height: config.display.height),
            renderer: SwitchRenderer(), store: nil, actions: ActionRunner(printLine: { _ in }), log: { _, _ in })
        var changes: [SwitchChange] = []
        session.onChange = { changes.append($0) }
        let calibration = try config.touch.calibration(for: device, display: config.display)
        var player = RecordingPlayer(
            decoder: .touch(
                try TouchStateMachine(device: device, calibration: calibration, filters: config.touch.filters)),
            events: recording.events)
        let summary = try player.play(into: session)
        return (config, session, changes, summary.contacts, aimed)
    }

    private func replay(_ name: String) throws {
        let (config, session, changes, contacts, aimed) = try play(
            name, recording: "\(name).events", listPrefix: "# Taps, in order: ")
        // Group switches are not tapped: a group's tap changes its members, not one switch.
        let enabled = config.switches.filter { $0.enabled && $0.group == nil }
        XCTAssertEqual(Set(aimed), Set(enabled.map(\.id)), "\(name): a tap on every enabled switch")
        // A tap on each switch aimed at, and a swipe from each page to the next.
        XCTAssertEqual(contacts, aimed.count + config.pages.count - 1, name)
        XCTAssertEqual(session.controller.page, config.pages.count - 1, "\(name): swiped to the last page")
        let touched = changes.filter { $0.source == .touch && !session.controller.isGroup($0.id) }
        XCTAssertEqual(touched.map(\.id), aimed, "\(name): each tap toggled the switch it was aimed at")
        let initial = Dictionary(uniqueKeysWithValues: config.switches.map { ($0.id, $0.initial) })
        for change in touched { XCTAssertEqual(change.isOn, !(initial[change.id] ?? false), "\(name): \(change.id)") }
    }

    /// Every enabled switch's thumb slid to the other end and back: each slide changed its switch
    /// to the value aimed at (`id:on`, `id:off`), in order, and nothing else changed by touch.
    private func replaySlides(_ name: String) throws {
        let (config, session, changes, contacts, aimed) = try play(
            name, recording: "\(name).slides.events", listPrefix: "# Slides, in order: ")
        let enabled = config.switches.filter { $0.enabled && $0.group == nil }
        XCTAssertEqual(
            aimed.map { String($0.split(separator: ":")[0]) }, enabled.flatMap { [$0.id, $0.id] },
            "\(name): every enabled switch slid there and back")
        XCTAssertEqual(contacts, aimed.count + config.pages.count - 1, name)
        XCTAssertEqual(session.controller.page, config.pages.count - 1, "\(name): swiped to the last page")
        let touched = changes.filter { $0.source == .touch && !session.controller.isGroup($0.id) }
        XCTAssertEqual(
            touched.map { "\($0.id):\($0.isOn ? "on" : "off")" }, aimed, "\(name): each slide flipped its switch")
    }
}
