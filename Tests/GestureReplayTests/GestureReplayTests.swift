import Foundation
import Raster
import TouchCore
import Widget
import XCTest

/// The real touchscreen recordings, replayed through the touch state machine and the touch
/// router onto a panel of switches (issue 3's verification): taps toggle the switch under them,
/// drags never count as taps, fingers never leave a switch tracking, and every value-changed
/// event is a real change. Time is the recordings' own kernel time.
final class GestureReplayTests: XCTestCase {
    /// The one copy of the recordings, in the TouchCore tests.
    static let recordings = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("TouchCoreTests/Recordings")

    static let screen = (width: 800.0, height: 480.0)

    struct Recording {
        var name: String
        var device: DeviceDescription
        var events: [InputEvent]
    }

    /// Every `.events` file, parsed once.
    static func loadAll() throws -> [Recording] { try cached.get() }

    private static let cached = Result { try load() }

    private static func load() throws -> [Recording] {
        let files = try FileManager.default.contentsOfDirectory(atPath: recordings.path).sorted()
        let descs = files.filter { $0.hasSuffix(".desc") }
        return try files.filter { $0.hasSuffix(".events") }.map { file in
            let read = { try String(contentsOf: recordings.appendingPathComponent($0), encoding: .utf8) }
            let recording = try EvemuRecording.parse(try read(file))
            var device = recording.device
            if device == nil, let desc = descs.first(where: { file.hasPrefix(String($0.dropLast(5))) }) {
                device = try DeviceDescription.parse(try read(desc))
            }
            let d = try XCTUnwrap(device, "\(file): no device description")
            return Recording(
                name: String(file.dropLast(7)), device: d.suggestedAxisRemap.map { d.remappingAxes($0) } ?? d,
                events: recording.events)
        }
    }

    /// The benchmark scene's 4×6 grid of 102×62 switches, with hit areas grown to 190×76 so they
    /// tile the screen between x −4…756 and y 13…469: every tap in the recordings lands on one.
    static func grid() -> [ToggleSwitch] {
        var style = SwitchStyle()
        style.size = Size(width: 102, height: 62)
        style.minimumTouchTarget = Size(width: 190, height: 76)
        return (0..<24).map { (i: Int) -> ToggleSwitch in
            let origin = Point(Double(40 + (i % 4) * 190), Double(20 + (i / 4) * 76))
            return ToggleSwitch(style: style, origin: origin, isOn: i % 2 == 0)
        }
    }

    /// What one contact did, and what the switch it went down on made of it.
    struct ContactOutcome {
        var contact: Int
        var owner: Int?
        var start: Point
        var startTime: Double
        var end = Point.zero
        var endTime = 0.0
        var maxDistance = 0.0
        /// Largest horizontal distance from the start point (the thumb follows only x).
        var maxHorizontal = 0.0
        /// Where the owner's thumb was when the contact lifted (the start of its settling animation).
        var thumbAtRelease: Double?
        var valueBefore = false
        var changes: [Bool] = []
    }

    struct Replay {
        var name: String
        var contacts: [ContactOutcome]
        var valueChanges: [(switchIndex: Int, value: Bool, contact: Int)]
        /// Per switch: how many times `isOn` really flipped.
        var flips: [Int]
        var switches: [ToggleSwitch]
        var router: TouchRouter
        var addedSwitchUnderFirstTouch: Bool
    }

    func replay(_ r: Recording) throws -> Replay {
        let calibration = try TouchCalibration(
            device: r.device, screenWidth: Self.screen.width, screenHeight: Self.screen.height)
        var machine = try TouchStateMachine(device: r.device, calibration: calibration)
        let frames = machine.replay(r.events)
        var switches = Self.grid()
        // A switch under the first touch-down, if the grid has none there.
        let first = try XCTUnwrap(frames.first?.first { $0.phase == .began }, r.name)
        let added = !switches.contains { $0.hitTest(first.position) }
        if added {
            let s = ToggleSwitch(style: switches[0].style, origin: Point(first.position.x - 51, first.position.y - 31))
            switches.append(s)
        }
        let router = TouchRouter(switches: switches)
        var current = 0
        var changes: [(switchIndex: Int, value: Bool, contact: Int)] = []
        for (i, s) in switches.enumerated() {
            s.onValueChanged = { value in changes.append((i, value, current)) }
        }
        var outcomes: [Int: ContactOutcome] = [:]
        var flips = [Int](repeating: 0, count: switches.count)
        var shown = switches.map(\.isOn)
        for e in frames.joined() {
            current = e.contact
            switch e.phase {
            case .began:
                let under = switches.indices.reversed().first { switches[$0].hitTest(e.position) }
                var o = ContactOutcome(contact: e.contact, owner: nil, start: e.position, startTime: e.time)
                if let under { o.valueBefore = switches[under].isOn }
                let owner = router.handle(e)
                o.owner = owner.flatMap { s in switches.firstIndex { $0 === s } }
                outcomes[e.contact] = o
            case .moved, .ended, .cancelled:
                router.handle(e)
                guard var o = outcomes[e.contact] else {
                    throw EvemuParseError(
                        line: 0, reason: "\(r.name): \(e.phase) for contact \(e.contact), never begun")
                }
                let dx = e.position.x - o.start.x
                let dy = e.position.y - o.start.y
                o.maxDistance = max(o.maxDistance, (dx * dx + dy * dy).squareRoot())
                o.maxHorizontal = max(o.maxHorizontal, abs(dx))
                o.end = e.position
                o.endTime = e.time
                if e.phase == .ended, let owner = o.owner {
                    o.thumbAtRelease = switches[owner].appearance(at: e.time).position
                }
                outcomes[e.contact] = o
            }
            for (i, s) in switches.enumerated() where s.isOn != shown[i] {
                flips[i] += 1
                shown[i] = s.isOn
            }
        }
        for c in changes { outcomes[c.contact]?.changes.append(c.value) }
        return Replay(
            name: r.name, contacts: outcomes.keys.sorted().map { outcomes[$0]! }, valueChanges: changes, flips: flips,
            switches: switches, router: router, addedSwitchUnderFirstTouch: added)
    }

    func replay(named name: String) throws -> Replay {
        try replay(try XCTUnwrap(try Self.loadAll().first { $0.name == name }, name))
    }

    // MARK: Tests

    func testTapRecordingsToggleTheSwitchUnderEachTap() throws {
        let taps = [
            "Atmel maXTouch Touchscreen.1-finger-fast-taps": 9, "Wacom ISDv4 E6 Finger.single-tap-center": 1,
            "Wacom ISDv4 E6 Finger.double-tap-center": 2, "Wacom ISDv4 E6 Finger.2fg-tap": 2,
            "Wacom ISDv4 E6 Finger.2fg-double-tap": 2,
        ]
        for (name, count) in taps {
            let r = try replay(named: name)
            XCTAssertFalse(r.addedSwitchUnderFirstTouch, "\(name): the grid covers the taps")
            XCTAssertEqual(r.contacts.count, count, name)
            XCTAssertEqual(r.valueChanges.count, count, "\(name): one value change per tap")
            for c in r.contacts {
                XCTAssertNotNil(c.owner, "\(name): tap \(c.contact) at \(c.start) landed on a switch")
                XCTAssertEqual(c.changes, [!c.valueBefore], "\(name): tap \(c.contact) toggles its switch")
            }
        }
    }

    /// The Atmel taps land on two switches; each tap toggles its switch, so their values alternate.
    func testFastTapsAlternateTheirSwitch() throws {
        let r = try replay(named: "Atmel maXTouch Touchscreen.1-finger-fast-taps")
        var value = Dictionary(uniqueKeysWithValues: Self.grid().enumerated().map { ($0.offset, $0.element.isOn) })
        for c in r.valueChanges {
            value[c.switchIndex]?.toggle()
            XCTAssertEqual(c.value, value[c.switchIndex], "tap \(c.contact)")
        }
        XCTAssertEqual(r.flips.reduce(0, +), 9)
    }

    /// Drags never fire because of a tap: a drag that starts on a switch settles on the side its
    /// thumb is on when the finger lifts, and changes nothing when that is the side it started on.
    func testDragRecordingsNeverCountAsTaps() throws {
        var vertical = 0
        for rec in try Self.loadAll() where !rec.name.contains("tap") && !rec.name.contains("touch-release") {
            let r = try replay(rec)
            for c in r.contacts where c.owner != nil && c.maxDistance > r.switches[0].style.dragSlop {
                if c.maxHorizontal < r.switches[0].travel / 4 { vertical += 1 }
                let thumb = try XCTUnwrap(c.thumbAtRelease, "\(r.name): contact \(c.contact)")
                let settled = thumb >= 0.5
                XCTAssertEqual(
                    c.changes, settled == c.valueBefore ? [] : [settled],
                    "\(r.name): contact \(c.contact) settles by its thumb (at \(thumb))")
                // However the drag is measured, a finger that never strays a quarter of the travel
                // sideways cannot carry the thumb across the middle.
                if c.maxHorizontal < r.switches[0].travel / 4 {
                    XCTAssertEqual(c.changes, [], "\(r.name): contact \(c.contact) moved mostly vertically")
                }
            }
            let tapLike = r.contacts.filter {
                $0.maxDistance <= r.switches[0].style.dragSlop && $0.endTime - $0.startTime <= 0.3
            }
            XCTAssertTrue(tapLike.isEmpty, "\(r.name): contacts \(tapLike.map(\.contact)) look like taps")
        }
        XCTAssertGreaterThan(vertical, 5, "the mostly vertical drags were checked")
    }

    func testNoSwitchIsLeftTrackingAfterAllLifts() throws {
        for rec in try Self.loadAll() {
            let r = try replay(rec)
            XCTAssertEqual(r.router.liveContacts, 0, r.name)
            XCTAssertFalse(r.switches.contains { $0.isTracking }, r.name)
        }
    }

    /// Every recording against an exact account of the switch: a tap toggles, a long press does
    /// nothing, a drag settles by thumb position; contacts on a switch already tracked do nothing;
    /// value-changed events are exactly the real changes.
    func testEveryContactDoesExactlyWhatTheSwitchPromises() throws {
        for rec in try Self.loadAll() {
            let r = try replay(rec)
            let style = r.switches[0].style
            for c in r.contacts {
                guard c.owner != nil else {
                    XCTAssertEqual(c.changes, [], "\(r.name): contact \(c.contact) owns no switch")
                    continue
                }
                let expected: Bool
                if c.maxDistance > style.dragSlop {
                    expected = try XCTUnwrap(c.thumbAtRelease, "\(r.name): contact \(c.contact)") >= 0.5
                } else if c.endTime - c.startTime <= style.tapMaxDuration {
                    expected = !c.valueBefore
                } else {
                    expected = c.valueBefore
                }
                XCTAssertEqual(
                    c.changes, expected == c.valueBefore ? [] : [expected], "\(r.name): contact \(c.contact)")
            }
            var callbacks = [Int](repeating: 0, count: r.switches.count)
            for c in r.valueChanges { callbacks[c.switchIndex] += 1 }
            XCTAssertEqual(callbacks, r.flips, "\(r.name): value-changed events are the real changes")
        }
    }
}
