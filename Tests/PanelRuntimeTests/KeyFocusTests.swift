import Foundation
import LinuxIO
import Panel
import PanelRuntime
import Raster
import TestSupport
import TouchCore
import XCTest

/// Keys and dials on the running panel, in virtual time: through the scripted keyboard and the
/// real loop (blanking, the focus ring's deadline, saving), recordings of a keyboard and a knob
/// replayed through the replay path, and the ring's look against a reviewed golden image.
final class KeyFocusTests: XCTestCase {
    var directory: String!

    override func setUpWithError() throws {
        directory = NSTemporaryDirectory() + "key-focus-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws { try? FileManager.default.removeItem(atPath: directory) }

    /// The controller tests' three pages (``BoardFixtures/threePages(top:)``), a keyboard named,
    /// blanking after 30 s.
    static let board = BoardFixtures.threePages(
        top: #"""
            , "homeAfter": 60, "screen": {"blankAfter": 30},
             "keys": {"devices": ["AT Translated Set 2 keyboard", "Griffin PowerMate"]}
            """#)

    /// An AT keyboard's keys the panel reads (as atkbd declares them, without the other ~100).
    static let keyboard = DeviceDescription(
        name: "AT Translated Set 2 keyboard", bus: 0x11, vendor: 1, product: 1,
        codes: [
            EventType.key: [
                PanelKeyCode.tab, PanelKeyCode.enter, PanelKeyCode.leftShift, PanelKeyCode.space, PanelKeyCode.up,
                PanelKeyCode.left, PanelKeyCode.right, PanelKeyCode.down,
            ]
        ])

    static let recordings = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("KeyRecordings")

    func recording(_ name: String) throws -> (EvemuRecording, DeviceDescription) {
        let text = try String(contentsOf: Self.recordings.appendingPathComponent(name), encoding: .utf8)
        return try parseRecording(text, named: name, description: nil)
    }

    func embedded(keyboard: DeviceDescription) throws -> EmbeddedPanel {
        try EmbeddedPanel(
            board: LoadedConfig(config: try BoardConfig.parse(Self.board)),
            options: PanelOptions(stateDirectory: directory, log: { _, _ in }), keyboard: keyboard)
    }

    func key(_ code: UInt16, _ value: Int32) -> [InputEvent] {
        [
            InputEvent(time: 0, type: EventType.key, code: code, value: value),
            InputEvent(time: 0, type: EventType.syn, code: SynCode.report, value: 0),
        ]
    }

    func tap(_ code: UInt16) -> [InputEvent] { key(code, 1) + key(code, 0) }

    /// Whether the ring shows around `id` on screen: the pixel 4.5 points left of the track's
    /// middle (inside the ring's band, outside the switch) is the ring's colour.
    func ringShows(around id: String, in panel: EmbeddedPanel) throws -> Bool {
        let frame = try XCTUnwrap(panel.session.controller.view.toggle(id: id)).frame
        let screen = try XCTUnwrap(panel.screen)
        let p = screen.pixel(x: Int(frame.minX - 4.5), y: Int(frame.midY))
        let ring = panel.session.controller.view.focusColor.premultiplied
        return (p.red, p.green, p.blue) == (ring.red, ring.green, ring.blue)
    }

    /// Tab shows the ring, Tab moves it, Enter toggles (saved, source `key`); 5 s after the last
    /// key the loop wakes once and the ring is gone from the screen.
    func testKeysMoveTheRingAndToggleThroughTheLoop() throws {
        let panel = try embedded(keyboard: Self.keyboard)
        var changes: [SwitchChange] = []
        let previous = panel.session.onChange
        panel.session.onChange = {
            previous?($0)
            changes.append($0)
        }
        try panel.advance(by: 1)
        XCTAssertFalse(try ringShows(around: "porch", in: panel))
        panel.press(tap(PanelKeyCode.tab))
        try panel.advance(by: 0.5)
        XCTAssertTrue(try ringShows(around: "porch", in: panel))
        panel.press(tap(PanelKeyCode.tab))
        try panel.advance(by: 0.5)
        XCTAssertFalse(try ringShows(around: "porch", in: panel))
        XCTAssertTrue(try ringShows(around: "hall", in: panel))
        let pressed = panel.clock.now
        panel.press(tap(PanelKeyCode.enter))
        try panel.advance(by: 1)
        XCTAssertEqual(changes.map(\.id), ["hall", "any"])
        XCTAssertTrue(changes.allSatisfy { $0.source == .key && $0.isOn })
        let saved = try String(contentsOfFile: directory + "/states.json", encoding: .utf8)
        XCTAssertTrue(saved.contains(#""hall": true"#), saved)
        XCTAssertTrue(try ringShows(around: "hall", in: panel), "the ring stays on the toggled switch")
        // Past the deadline, and the vblank that shows the frame painted then.
        try panel.advance(by: 4.1)
        XCTAssertTrue(panel.loop.wakeTimes.contains(pressed + 5), "the ring's deadline wakes the loop")
        XCTAssertFalse(try ringShows(around: "hall", in: panel))
        // Then the loop sleeps: nothing wakes it until blanking (30 s after the last key).
        let wakes = panel.loop.wakeTimes.count
        try panel.advance(by: 20)
        XCTAssertEqual(panel.loop.wakeTimes.count, wakes)
    }

    /// A key on a blank screen wakes it and is swallowed with its auto-repeats: nothing moves or
    /// toggles; the next press only shows the ring.
    func testTheKeyThatWakesTheScreenIsSwallowed() throws {
        let panel = try embedded(keyboard: Self.keyboard)
        try panel.advance(by: 31)
        XCTAssertTrue(panel.loop.isBlank)
        panel.press(key(PanelKeyCode.enter, 1) + key(PanelKeyCode.enter, 2) + key(PanelKeyCode.enter, 0))
        panel.press(key(PanelKeyCode.down, 1) + key(PanelKeyCode.down, 0))
        try panel.advance(by: 0.5)
        XCTAssertFalse(panel.loop.isBlank)
        // The Down after the waking Enter was a new press: it showed the ring, on porch.
        XCTAssertEqual(panel.session.controller.states.filter(\.value).keys.sorted(), [])
        XCTAssertTrue(try ringShows(around: "porch", in: panel))
        let panel2 = try embedded(keyboard: Self.keyboard)
        try panel2.advance(by: 31)
        panel2.press(key(PanelKeyCode.down, 1) + key(PanelKeyCode.down, 2) + key(PanelKeyCode.down, 2))
        try panel2.advance(by: 0.5)
        XCTAssertFalse(panel2.loop.isBlank)
        XCTAssertNil(panel2.session.controller.focus, "the waking key and its repeats reach nothing")
    }

    /// The keyboard recording (Tab, Tab, Enter, Right held with two repeats, Enter, Shift+Tab)
    /// through `replay`'s path: the same decoder and session a board runs. Page 0 is two rows of
    /// two (porch hall / all any): Tab shows the ring on porch, Tab moves it to hall, Enter turns
    /// hall on (and the "any" group with it). Right goes past the page's edge to bed on page 1,
    /// its first repeat past the disabled bath to garden on page 2, the second stays (the board's
    /// end); Enter turns garden on; Shift+Tab goes back through config order to bed.
    func testAKeyboardRecordingReplays() throws {
        let (recording, device) = try recording("at-keyboard.events")
        let (changes, session, summary) = try play(recording, device)
        XCTAssertEqual(summary.keys, 8)
        XCTAssertEqual(changes.map { "\($0.id) \($0.isOn)" }, ["hall true", "any true", "garden true"])
        XCTAssertTrue(changes.allSatisfy { $0.source == .key })
        let c = session.controller
        XCTAssertEqual(c.focus.map { c.view.switches[$0].id }, "bed", "Shift+Tab went back to page 1")
        XCTAssertEqual(c.page, 1)
    }

    /// The knob: three detents (show, on, on), push, one back, four on (bath skipped, across two
    /// pages), push.
    func testAKnobRecordingReplays() throws {
        let (recording, device) = try recording("griffin-powermate.events")
        let (changes, session, summary) = try play(recording, device)
        XCTAssertEqual(summary.keys, 10)
        XCTAssertEqual(
            changes.map(\.id), ["porch", "hall", "bed", "all", "any", "garden"], "the push on `all` sets its members")
        XCTAssertTrue(changes.allSatisfy { $0.isOn && $0.source == .key })
        XCTAssertEqual(session.controller.page, 2)
    }

    func play(_ recording: EvemuRecording, _ device: DeviceDescription) throws -> (
        [SwitchChange], PanelSession, RecordingPlayer.Summary
    ) {
        let board = LoadedConfig(config: try BoardConfig.parse(Self.board))
        let session = try PanelSession(
            config: board.config, display: headlessDisplay(for: board.config),
            renderer: panelRenderer(for: board, log: { _, _ in }), store: nil, actions: ActionRunner(),
            log: { _, _ in })
        var changes: [SwitchChange] = []
        session.onChange = { changes.append($0) }
        var player = try RecordingPlayer(recording: recording, device: device, config: board.config)
        let summary = try player.play(into: session)
        return (changes, session, summary)
    }

    /// The ring around the toggled hall switch on the first page: compared with the reviewed
    /// golden (glyph edges may move a little between FreeType releases).
    func testTheFocusRingMatchesItsGolden() throws {
        let panel = try embedded(keyboard: Self.keyboard)
        panel.press(tap(PanelKeyCode.tab) + tap(PanelKeyCode.tab) + tap(PanelKeyCode.enter))
        try panel.advance(by: 1)
        let screen = try XCTUnwrap(panel.screen)
        try ImageComparison(testFile: #filePath).assertMatchesGolden(
            screen, name: "focus-ring", tolerance: 2, outlierFraction: 0.002, outlierLimit: 96)
    }
}
