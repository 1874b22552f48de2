import ConfigFormat
import Foundation
import LinuxIO
import Panel
import Presentation
import Raster
import TextRender
import TouchCore
import Widget
import XCTest

@testable import PanelRuntime

/// The session's rules, with real state files and real child processes: a change is on disk
/// before anyone hears of it, a failed action flips its switch back (saved, published, no actions
/// run), a state that cannot be saved flips back, a reload keeps the states; and a real recording
/// replayed on recorded time ends on exactly the picture a fresh start shows.
final class PanelSessionTests: XCTestCase {
    var directory = ""

    override func setUpWithError() throws {
        directory = NSTemporaryDirectory() + "switchpanel-session-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws { try? FileManager.default.removeItem(atPath: directory) }

    /// What a session said: its log, the lines its print actions printed, the changes it published.
    final class Recorder {
        var log: [(LogLevel, String)] = []
        var printed: [String] = []
        var changes: [SwitchChange] = []
    }

    /// A session on a headless display (the config's size unless given) with a ``Recorder``.
    final class Harness {
        let session: PanelSession
        let record: Recorder
        var log: [(LogLevel, String)] { record.log }
        var printed: [String] { record.printed }
        var changes: [SwitchChange] { record.changes }

        init(
            _ json: String, stateDirectory: String?, display: HeadlessDisplay? = nil,
            renderer: SwitchRenderer = SwitchRenderer()
        ) throws {
            let config = try BoardConfig.parse(json)
            let record = Recorder()
            session = try PanelSession(
                config: config,
                display: display ?? HeadlessDisplay(width: config.display.width, height: config.display.height),
                renderer: renderer, store: stateDirectory.map(StateStore.init),
                actions: ActionRunner(printLine: { record.printed.append($0) }),
                log: { record.log.append(($0, $1)) })
            self.record = record
            session.onChange = { record.changes.append($0) }
        }

        /// A tap on the centre of switch `id`, delivered as a live loop would (one frame each).
        func tap(_ id: String, at time: Double) throws {
            let f = try XCTUnwrap(session.controller.view.toggle(id: id)).frame
            let p = Point(f.midX, f.midY)
            session.deliver([TouchEvent(contact: 1, phase: .began, position: p, time: time)], now: time)
            session.deliver([TouchEvent(contact: 1, phase: .ended, position: p, time: time + 0.05)], now: time + 0.05)
        }

        /// Reaps finished actions until none is running (polling briefly; at most 10 s).
        func reapAll(now: Double, file: StaticString = #filePath, line: UInt = #line) {
            let start = Date()
            while session.actions.pending > 0 && Date().timeIntervalSince(start) < 10 {
                session.reapActions(now: now)
                if session.actions.pending > 0 { usleep(2000) }
            }
            XCTAssertEqual(session.actions.pending, 0, "actions still running after 10 s", file: file, line: line)
        }

        var errors: [String] { log.filter { $0.0 == .error }.map(\.1) }
    }

    func savedStates(_ dir: String? = nil) -> [String: Bool] { StateStore(directory: dir ?? directory).load().states }

    // MARK: Saving before acknowledging

    func testATouchChangeIsOnDiskBeforeTheCallbackRuns() throws {
        let harness = try Harness(
            #"{"version": 1, "switches": [{"id": "porch", "actions": [{"print": true}]}, {"id": "hall", "initial": true}]}"#,
            stateDirectory: directory)
        var seenOnDisk: [[String: Bool]] = []
        harness.session.onChange = { [directory] change in
            seenOnDisk.append(StateStore(directory: directory).load().states)
            XCTAssertEqual(change, SwitchChange(id: "porch", isOn: true, source: .touch, time: 1.05))
        }
        XCTAssertNil(try? String(contentsOfFile: StateStore(directory: directory).path, encoding: .utf8))
        try harness.tap("porch", at: 1.0)
        XCTAssertEqual(seenOnDisk, [["porch": true, "hall": true]])
        XCTAssertEqual(harness.printed, [#"{"id":"porch","state":"on"}"#], "actions run too")
        // A restart finds the state.
        let restarted = try Harness(
            #"{"version": 1, "switches": [{"id": "porch"}, {"id": "hall", "initial": true}]}"#,
            stateDirectory: directory)
        XCTAssertEqual(restarted.session.controller.states, ["porch": true, "hall": true])
    }

    // MARK: A batch of network commands

    /// A turn's worth of network commands is saved once, before any is acknowledged; each switch
    /// is acknowledged once, where its last command left it, with that command's actions; a
    /// switch sent on and back off is not acknowledged at all; a batch that cannot be saved
    /// leaves every switch where it was.
    func testABatchOfCommandsIsSavedOnceAndTheLastCommandForASwitchWins() throws {
        let harness = try Harness(
            #"{"version": 1, "switches": [{"id": "a", "actions": [{"print": true}]}, {"id": "b", "actions": [{"print": true}]}, {"id": "c", "actions": [{"print": true}]}]}"#,
            stateDirectory: directory)
        var seenOnDisk: [[String: Bool]] = []
        harness.session.onChange = { [directory] change in
            harness.record.changes.append(change)
            seenOnDisk.append(StateStore(directory: directory).load().states)
        }
        let saves = harness.session.statesSaved
        let commands: [PanelSession.SetCommand] = [
            .init(id: "a", isOn: true, runActions: true), .init(id: "b", isOn: true, runActions: true),
            .init(id: "a", isOn: false, runActions: true), .init(id: "c", isOn: true, runActions: true),
            .init(id: "a", isOn: true, runActions: false), .init(id: "b", isOn: false, runActions: true),
            .init(id: "nope", isOn: true, runActions: true),
        ]
        let changes = harness.session.set(commands, source: .mqtt, now: 1)
        XCTAssertEqual(harness.session.statesSaved, saves + 1, "one save for the batch")
        XCTAssertEqual(changes.map(\.id), ["a", "c"], "b went on and back off: nothing to acknowledge")
        XCTAssertEqual(harness.changes.map(\.id), ["a", "c"])
        XCTAssertEqual(harness.changes.map(\.isOn), [true, true])
        XCTAssertEqual(harness.changes.map(\.source), [.mqtt, .mqtt])
        XCTAssertEqual(seenOnDisk, [["a": true, "b": false, "c": true], ["a": true, "b": false, "c": true]])
        XCTAssertEqual(harness.printed, [#"{"id":"c","state":"on"}"#], "a's last command runs no actions")
        XCTAssertEqual(harness.session.controller.states, ["a": true, "b": false, "c": true])

        let file = directory + "/not-a-directory"
        XCTAssertTrue(FileManager.default.createFile(atPath: file, contents: Data("x".utf8)))
        let blocked = try Harness(#"{"version": 1, "switches": [{"id": "a"}, {"id": "b"}]}"#, stateDirectory: file)
        let refused = blocked.session.set(
            [.init(id: "a", isOn: true, runActions: true), .init(id: "b", isOn: true, runActions: true)], source: .mqtt,
            now: 1)
        XCTAssertEqual(refused, [])
        XCTAssertEqual(blocked.changes, [])
        XCTAssertEqual(blocked.session.controller.states, ["a": false, "b": false])
        XCTAssertEqual(blocked.errors.count, 2, "\(blocked.errors)")
    }

    // MARK: Failed actions

    static let failingConfig = #"""
        {"version": 1, "switches": [
          {"id": "false", "actions": [{"run": ["/bin/false"]}, {"print": true}]},
          {"id": "noisy", "actions": [{"run": ["/bin/sh", "-c", "echo relay stuck >&2; exit 3"]}, {"print": true}]},
          {"id": "stubborn", "revertOnFailure": false, "actions": [{"run": ["/bin/false"]}, {"print": true}]},
          {"id": "fine", "actions": [{"run": ["/bin/true"]}, {"print": true}]}
        ]}
        """#

    func testAFailedActionRevertsTheSwitchSavesAndPublishesTheRevertAndRunsNoActions() throws {
        for (id, detail) in [("false", "exit status 1"), ("noisy", "exit status 3: relay stuck")] {
            let harness = try Harness(Self.failingConfig, stateDirectory: directory)
            try harness.tap(id, at: 1.0)
            XCTAssertEqual(harness.session.controller.states[id], true, "\(id): on until the action is known to fail")
            XCTAssertEqual(savedStates()[id], true)
            harness.reapAll(now: 2.0)
            XCTAssertEqual(harness.session.controller.states[id], false, "\(id): flipped back")
            XCTAssertEqual(savedStates()[id], false, "\(id): the revert is saved")
            XCTAssertEqual(
                harness.changes,
                [
                    SwitchChange(id: id, isOn: true, source: .touch, time: 1.05),
                    SwitchChange(id: id, isOn: false, source: .revert, time: 2.0),
                ], id)
            XCTAssertEqual(
                harness.printed, [#"{"id":"\#(id)","state":"on"}"#], "\(id): the revert ran no actions")
            XCTAssertEqual(harness.session.actions.pending, 0, "\(id): nothing was started for the revert")
            XCTAssertTrue(
                harness.errors.contains { $0.contains(id) && $0.contains(detail) }, "\(id): \(harness.errors)")
            XCTAssertTrue(harness.session.controller.isAnimating(at: 2.01), "\(id): the thumb slides back")
        }
    }

    func testWithoutRevertOnFailureAFailedActionKeepsTheState() throws {
        let harness = try Harness(Self.failingConfig, stateDirectory: directory)
        try harness.tap("stubborn", at: 1.0)
        try harness.tap("fine", at: 1.5)
        harness.reapAll(now: 2.0)
        XCTAssertEqual(harness.session.controller.states["stubborn"], true)
        XCTAssertEqual(harness.session.controller.states["fine"], true)
        XCTAssertEqual(savedStates()["stubborn"], true)
        XCTAssertEqual(harness.changes.map(\.source), [.touch, .touch])
        XCTAssertEqual(harness.errors.count, 1, "the failure is logged: \(harness.errors)")
    }

    /// A switch with two actions that both fail is flipped back once, not back and forth.
    func testTwoFailedActionsOfOneChangeRevertItOnce() throws {
        let harness = try Harness(
            #"{"version": 1, "switches": [{"id": "pump", "actions": [{"run": ["/bin/false"]}, {"run": ["/bin/false"]}]}]}"#,
            stateDirectory: directory)
        try harness.tap("pump", at: 1.0)
        harness.reapAll(now: 2.0)
        XCTAssertEqual(harness.session.controller.states["pump"], false, "both actions of \"on\" failed: off")
        XCTAssertEqual(savedStates()["pump"], false)
        XCTAssertEqual(harness.changes.map(\.source), [.touch, .revert], "one revert")
    }

    /// The failure of an older change must not flip a switch the user has changed since: the
    /// revert undoes the change the action belonged to, not whatever the state is now.
    func testAFailureOfAnOlderChangeDoesNotFlipANewerOne() throws {
        // The action fails for "on" only.
        let harness = try Harness(
            #"{"version": 1, "switches": [{"id": "fan", "actions": [{"run": ["/bin/sh", "-c", "test \"$SWITCHPANEL_STATE\" = off"]}]}]}"#,
            stateDirectory: directory)
        try harness.tap("fan", at: 1.0)  // on: its action will fail
        try harness.tap("fan", at: 1.5)  // off again before the failure is known: its action succeeds
        harness.reapAll(now: 2.0)
        XCTAssertEqual(harness.session.controller.states["fan"], false, "off, as the user left it (and the device is)")
        XCTAssertEqual(savedStates()["fan"], false)
        XCTAssertEqual(harness.changes.map(\.isOn), [true, false], "no revert to publish: \(harness.changes)")
    }

    /// On, off, on again before the first "on" action's failure is known: the failure belongs to
    /// a change that is no longer the latest, even though the switch shows its value again.
    func testALateFailureDoesNotUndoALaterChangeToTheSameValue() throws {
        let flag = directory + "/first-on-seen"
        // Only the first "on" fails (slowly); every later run succeeds.
        let script =
            "if [ \"$SWITCHPANEL_STATE\" = on ] && [ ! -e '\(flag)' ]; then : > '\(flag)'; sleep 0.3; exit 1; fi"
        let json =
            #"{"version": 1, "switches": [{"id": "fan", "actions": [{"run": ["/bin/sh", "-c", "#
            + JSONValue.string(script).text + "]}]}]}"
        let harness = try Harness(json, stateDirectory: directory)
        try harness.tap("fan", at: 1.0)  // on: its action will fail, late
        try harness.tap("fan", at: 1.2)  // off
        try harness.tap("fan", at: 1.4)  // on again: its action succeeds
        harness.reapAll(now: 2.0)
        XCTAssertTrue(FileManager.default.fileExists(atPath: flag), "the first action ran and failed")
        XCTAssertEqual(harness.session.controller.states["fan"], true, "on, as the user left it")
        XCTAssertEqual(savedStates()["fan"], true)
        XCTAssertEqual(harness.changes.map(\.isOn), [true, false, true], "no revert: \(harness.changes)")
    }

    // MARK: Saving fails

    func testAnUnsavableChangeIsRevertedAndLogged() throws {
        let file = directory + "/not-a-directory"
        XCTAssertTrue(FileManager.default.createFile(atPath: file, contents: Data("x".utf8)))
        let harness = try Harness(
            #"{"version": 1, "switches": [{"id": "gate", "actions": [{"print": true}]}]}"#,
            stateDirectory: file + "/state")
        XCTAssertTrue(harness.log.isEmpty, "a missing state file is a first start: \(harness.log)")
        try harness.tap("gate", at: 1.0)
        XCTAssertEqual(harness.session.controller.states["gate"], false, "not kept, so not shown")
        XCTAssertEqual(harness.changes, [], "never acknowledged")
        XCTAssertEqual(harness.printed, [], "no actions for a change that was not kept")
        XCTAssertEqual(harness.errors.count, 1)
        XCTAssertTrue(harness.errors.first?.contains("gate → on not kept") ?? false, "\(harness.errors)")
        XCTAssertTrue(harness.errors.first?.contains("Not a directory") ?? false, "names the errno: \(harness.errors)")
        // The socket's way in follows the same rule.
        harness.session.set("gate", isOn: true, runActions: true, now: 2)
        XCTAssertEqual(harness.session.controller.states["gate"], false)
        XCTAssertEqual(harness.changes, [])
        XCTAssertEqual(harness.printed, [])
        XCTAssertEqual(harness.errors.count, 2)
    }

    /// `set` (the control socket's way in) answers with the change it made; a change that could
    /// not be saved was undone, so it must not be reported as made (the socket would reply
    /// "changed": true for a switch that did not change).
    func testASocketSetThatCannotBeSavedIsNotReportedAsMade() throws {
        let file = directory + "/not-a-directory"
        XCTAssertTrue(FileManager.default.createFile(atPath: file, contents: Data("x".utf8)))
        let harness = try Harness(
            #"{"version": 1, "switches": [{"id": "gate"}]}"#, stateDirectory: file + "/state")
        let change = harness.session.set("gate", isOn: true, runActions: true, now: 2)
        XCTAssertEqual(harness.session.controller.states["gate"], false)
        XCTAssertEqual(change, [], "reported \(change) though the switch stayed off")
    }

    // MARK: Reload

    func testReloadKeepsTheStatesOfTheSwitchesThatRemain() throws {
        let harness = try Harness(
            #"{"version": 1, "switches": [{"id": "a"}, {"id": "b", "initial": true}, {"id": "c"}]}"#,
            stateDirectory: directory)
        try harness.tap("a", at: 1.0)
        try harness.tap("b", at: 1.5)
        XCTAssertEqual(harness.session.controller.states, ["a": true, "b": false, "c": false])
        try harness.session.renderFrame(at: 2)
        let new = try BoardConfig.parse(
            #"{"version": 1, "layout": {"columns": 1}, "switches": [{"id": "d", "initial": true}, {"id": "b", "initial": true}, {"id": "a"}]}"#
        )
        try harness.session.reload(LoadedConfig(config: new), now: 3)
        XCTAssertEqual(harness.session.controller.states, ["a": true, "b": false, "d": true])
        XCTAssertEqual(harness.session.config.switches.map(\.id), ["d", "b", "a"])
        XCTAssertFalse(harness.session.controller.isAnimating(at: 3), "kept states are shown as they are")
        XCTAssertTrue(harness.session.needsFrame(at: 3), "the new layout is painted")
        XCTAssertEqual(harness.changes.count, 2, "a reload changes nothing")
    }

    func testAModeThatIsNotTheDisplaysIsAConfigErrorNamingDisplayMode() throws {
        let display = HeadlessDisplay(width: 800, height: 480)
        XCTAssertThrowsError(
            try Harness(
                #"{"version": 1, "display": {"mode": "1024x600"}, "switches": [{"id": "a"}]}"#, stateDirectory: nil,
                display: display)
        ) { error in
            XCTAssertEqual((error as? ConfigError)?.path, "display.mode", "\(error)")
            XCTAssertTrue("\(error)".contains("800x480"), "\(error)")
        }
        // Rotated so that the physical size no longer matches, too.
        let harness = try Harness(#"{"version": 1, "switches": [{"id": "a"}]}"#, stateDirectory: nil, display: display)
        let rotated = try BoardConfig.parse(
            #"{"version": 1, "display": {"mode": "480x800", "rotation": 90}, "switches": [{"id": "a"}]}"#)
        XCTAssertThrowsError(try harness.session.reload(LoadedConfig(config: rotated), now: 1)) { error in
            XCTAssertEqual((error as? ConfigError)?.path, "display.mode", "\(error)")
        }
        XCTAssertEqual(harness.session.config.display.rotation, .none, "the running config stays")
        // The same logical panel turned onto the display's own mode is fine.
        let turned = try BoardConfig.parse(
            #"{"version": 1, "display": {"mode": "800x480", "rotation": 90}, "switches": [{"id": "a"}]}"#)
        XCTAssertNoThrow(try harness.session.reload(LoadedConfig(config: turned), now: 1))
        XCTAssertEqual(harness.session.composer.logicalWidth, 480)
    }

    // MARK: Replay

    /// Every frame repaints only its damage; if the damage missed a pixel that changed, the
    /// picture would differ from a whole repaint at that instant. Every preset, pressed, dragged,
    /// tapped and animating, frame by frame.
    func testEveryFramesDamageCoversEverythingThatChanged() throws {
        let harness = try Harness(DemoPanel.json, stateDirectory: nil)
        let session = harness.session
        let display = try XCTUnwrap(session.display as? HeadlessDisplay)
        // One switch of each preset: ios, square, material, imagethumb, daynight.
        let ids = ["ceiling", "lamp", "blinds", "saw", "path"]
        let period = 1 / display.refreshRate
        var now = 0.001
        // Where the switch being played with may paint, with a wide margin: compared after every
        // frame (a whole-screen comparison is too slow for a debug build, and nothing else moves).
        var region = IntRect.zero
        let full = Image(width: session.composer.logicalWidth, height: session.composer.logicalHeight)
        let canvas = Canvas(image: full)  // one canvas, so its mask cache is warm as the composer's is
        func frames(_ count: Int) throws {
            for _ in 0..<count {
                if try session.renderFrame(at: now), !region.isEmpty {
                    canvas.withClip(region) { session.controller.draw(on: canvas, at: now) }
                    let picture = session.composer.picture
                    let differing = (region.minY..<region.maxY).filter {
                        memcmp(
                            picture.surface.row($0) + region.minX * 4, full.surface.row($0) + region.minX * 4,
                            region.width * 4)
                            != 0
                    }
                    XCTAssertEqual(differing, [], "at \(now): rows differ from a whole repaint")
                }
                if let vblank = display.nextEventDeadline { _ = try display.dispatchEvents(now: vblank) }
                now += period
            }
        }
        try frames(2)
        for id in ids {
            let f = try XCTUnwrap(session.controller.view.toggle(id: id)).frame
            let p = Point(f.midX, f.midY)
            region = f.enclosingIntRect.insetBy(-40).intersection(
                IntRect(x: 0, y: 0, width: session.composer.logicalWidth, height: session.composer.logicalHeight))
            // Press and hold (the thumb stretches), drag across and back, let go: then a tap.
            session.deliver([TouchEvent(contact: 1, phase: .began, position: p, time: now)], now: now)
            try frames(3)
            for dx in [12.0, 40, 80, -80] {
                let q = Point(p.x + dx, p.y)
                session.deliver([TouchEvent(contact: 1, phase: .moved, position: q, time: now)], now: now)
                try frames(1)
            }
            session.deliver(
                [TouchEvent(contact: 1, phase: .ended, position: Point(p.x - 80, p.y), time: now)], now: now)
            try frames(2)
            try harness.tap(id, at: now)
            try frames(4)
        }
        try frames(30)
        XCTAssertFalse(session.needsFrame(at: now))
    }

    /// The one copy of the real recordings (MIT, whot/evemu-devices), in the TouchCore tests.
    static let recordings = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("TouchCoreTests/Recordings")

    struct DemoReplay {
        var harness: Harness
        var summary: RecordingPlayer.Summary
        /// The time of every frame that reached the screen.
        var shown: [Double]
        var display: HeadlessDisplay
    }

    /// Replays the recording `switchpanel run` bundles (compiled in by Plugins/DemoRecordingPlugin):
    /// nine fast taps on a real Atmel maXTouch panel, all on the demo's "saw" switch — through the
    /// touch state machine and a session, as `switchpanel run` does.
    func replayDemo(renderer: SwitchRenderer) throws -> DemoReplay {
        let name = "Atmel maXTouch Touchscreen"
        let recording = try EvemuRecording.parse(
            try String(
                contentsOf: Self.recordings.appendingPathComponent("\(name).1-finger-fast-taps.events"), encoding: .utf8
            ))
        var device =
            try recording.device
            ?? DeviceDescription.parse(
                try String(contentsOf: Self.recordings.appendingPathComponent("\(name).desc"), encoding: .utf8))
        if let remap = device.suggestedAxisRemap { device = device.remappingAxes(remap) }
        let config = try BoardConfig.parse(DemoPanel.json)
        let harness = try Harness(DemoPanel.json, stateDirectory: directory, renderer: renderer)
        let calibration = try config.touch.calibration(for: device, display: config.display)
        var player = RecordingPlayer(
            decoder: .touch(
                try TouchStateMachine(device: device, calibration: calibration, filters: config.touch.filters)),
            events: recording.events)
        var shown: [Double] = []
        let summary = try player.play(into: harness.session) { time in shown.append(time) }
        return DemoReplay(
            harness: harness, summary: summary, shown: shown,
            display: try XCTUnwrap(harness.session.display as? HeadlessDisplay))
    }

    /// Checks the replay's changes and frames, then that a fresh start with the saved states
    /// shows, as its first frame, exactly the picture the replay ended on.
    func checkDemoReplay(_ replay: DemoReplay, renderer: SwitchRenderer) throws {
        let (harness, summary, shown) = (replay.harness, replay.summary, replay.shown)
        let session = harness.session
        XCTAssertEqual(harness.changes.count, 9, "\(harness.changes)")
        XCTAssertEqual(Set(harness.changes.map(\.id)), ["saw"])
        XCTAssertEqual(harness.changes.map(\.isOn), (0..<9).map { $0 % 2 == 0 }, "on, off, on, …")
        XCTAssertEqual(harness.changes.map(\.source), [ChangeSource](repeating: .touch, count: 9))
        XCTAssertEqual(harness.changes.map(\.time), harness.changes.map(\.time).sorted())
        XCTAssertEqual(harness.printed.count, 9, "each change ran its print action")
        XCTAssertEqual(summary.contacts, 9)
        XCTAssertGreaterThan(summary.framesPresented, 0)
        XCTAssertEqual(summary.framesPresented, session.framesPresented)
        XCTAssertEqual(shown.count, summary.framesPresented, "every presented frame reached the screen")
        XCTAssertEqual(shown, shown.sorted())
        XCTAssertEqual(savedStates()["saw"], true)
        XCTAssertFalse(session.controller.isAnimating(at: shown.last ?? 0))
        XCTAssertNil(replay.display.nextEventDeadline, "no flip left pending")

        let fresh = try Harness(DemoPanel.json, stateDirectory: directory, renderer: renderer)
        XCTAssertEqual(fresh.session.controller.states, session.controller.states)
        XCTAssertTrue(try fresh.session.renderFrame(at: 0))
        let freshDisplay = try XCTUnwrap(fresh.session.display as? HeadlessDisplay)
        _ = try freshDisplay.dispatchEvents(now: 1)
        let expected = try XCTUnwrap(freshDisplay.snapshot())
        let actual = try XCTUnwrap(replay.display.snapshot())
        XCTAssertEqual(actual.format, expected.format)
        XCTAssertEqual([actual.width, actual.height], [expected.width, expected.height])
        var differing: [(Int, Int)] = []
        let rowBytes = actual.width * actual.format.bytesPerPixel
        for y in 0..<actual.height where memcmp(actual.surface.row(y), expected.surface.row(y), rowBytes) != 0 {
            for x in 0..<actual.width where actual.pixel(x: x, y: y) != expected.pixel(x: x, y: y) {
                differing.append((x, y))
            }
        }
        XCTAssertTrue(
            differing.isEmpty,
            "\(differing.count) pixels differ from the rest picture; first \(differing.prefix(5).map { "\($0)" })")
    }

    func testTheBundledFastTapsReplayOntoTheDemoAndSettleOnTheRestPicture() throws {
        let renderer = SwitchRenderer()
        try checkDemoReplay(try replayDemo(renderer: renderer), renderer: renderer)
    }

    /// The same with the switch and row labels drawn, as `switchpanel run` draws them.
    func testTheReplayWithLabelsSettlesOnTheRestPicture() throws {
        let renderer = SwitchRenderer(labels: try TextRenderer.system(family: "DejaVu Sans", covering: "开关"))
        try checkDemoReplay(try replayDemo(renderer: renderer), renderer: renderer)
    }

    /// On the simulated display a frame presented at a vblank's own time (as the player does,
    /// right after a flip) must be shown at the next vblank: one frame per vblank, none skipped
    /// while the switch animates.
    func testTheReplayShowsAtMostOneFramePerVblank() throws {
        let replay = try replayDemo(renderer: SwitchRenderer())
        let vblanks = replay.shown.map { ($0 * replay.display.refreshRate).rounded() }
        let repeated = zip(vblanks, vblanks.dropFirst()).filter { $0.0 >= $0.1 }
        XCTAssertEqual(repeated.count, 0, "frames shown at an already used vblank: \(repeated.map(\.1))")
    }
}
