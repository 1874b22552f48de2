import Raster
import TouchCore
import XCTest

/// Every real recording through the state machine: taps are taps, drags move, two fingers are
/// two contacts, and the device quirks the recordings show are handled.
final class RecordingReplayTests: XCTestCase {
    /// Replays a recording with positions in device units (the screen is the axis range, one
    /// pixel per unit, offset by the range's minimum), so distances read in device units.
    /// The shorter of the device's two position ranges, in device units.
    func shorterRange(_ r: RecordingLibrary.Recording) throws -> Double {
        let device = RecordingLibrary.readableDevice(r.device)
        let (xCode, yCode) = device.positionAxes
        let x = try XCTUnwrap(device.absInfo[xCode])
        let y = try XCTUnwrap(device.absInfo[yCode])
        return Double(min(x.maximum - x.minimum, y.maximum - y.minimum) + 1)
    }

    func replayInDeviceUnits(_ r: RecordingLibrary.Recording) throws -> (frames: [[TouchEvent]], tracks: ContactTracks)
    {
        let device = RecordingLibrary.readableDevice(r.device)
        let (xCode, yCode) = device.positionAxes
        let x = try XCTUnwrap(device.absInfo[xCode])
        let y = try XCTUnwrap(device.absInfo[yCode])
        let calibration = try TouchCalibration(
            device: device, screenWidth: Double(x.maximum - x.minimum + 1),
            screenHeight: Double(y.maximum - y.minimum + 1))
        var machine = try TouchStateMachine(device: device, calibration: calibration)
        let frames = machine.replay(r.events)
        XCTAssertEqual(machine.liveContacts, 0, "\(r.name): contacts left down at the end")
        return (frames, ContactTracks(frames))
    }

    func recording(_ name: String) throws -> RecordingLibrary.Recording {
        try XCTUnwrap(try RecordingLibrary.all().first { $0.name == name }, name)
    }

    func testTheLibraryIsComplete() throws {
        let all = try RecordingLibrary.all()
        XCTAssertEqual(all.count, 21)
        XCTAssertEqual(try RecordingLibrary.files(ending: ".desc").count, 5)
        XCTAssertTrue(
            FileManager.default.fileExists(atPath: RecordingLibrary.directory.appendingPathComponent("LICENSE").path))
        XCTAssertTrue(
            FileManager.default.fileExists(atPath: RecordingLibrary.directory.appendingPathComponent("README.md").path))
    }

    /// Headers and .desc files agree on each device.
    func testRecordingHeadersMatchTheirDescFiles() throws {
        for r in try RecordingLibrary.all() where r.hasHeader {
            let descName = try XCTUnwrap(
                try RecordingLibrary.files(ending: ".desc").first { r.name.hasPrefix(String($0.dropLast(5))) })
            let desc = try DeviceDescription.parse(try RecordingLibrary.text(descName))
            XCTAssertEqual(r.device.name, desc.name, r.name)
            XCTAssertEqual(r.device.touchProtocol, desc.touchProtocol, r.name)
            XCTAssertEqual(r.device.codes, desc.codes, r.name)
            XCTAssertEqual(
                r.device.absInfo.mapValues {
                    AbsInfo(minimum: $0.minimum, maximum: $0.maximum, fuzz: $0.fuzz, flat: $0.flat)
                },
                desc.absInfo.mapValues {
                    AbsInfo(minimum: $0.minimum, maximum: $0.maximum, fuzz: $0.fuzz, flat: $0.flat)
                },
                r.name)
        }
    }

    func testEveryRecordingReplaysWithoutError() throws {
        let expected: [String: TouchProtocol] = [
            "Atmel maXTouch Touchscreen": .multitouchB, "EP0430M09": .multitouchB, "N-Trig MultiTouch": .multitouchA,
            "Wacom ISDv4 E6 Finger": .multitouchB, "eGalax Inc. USB TouchController": .singleTouch,
        ]
        for r in try RecordingLibrary.all() {
            XCTAssertEqual(r.device.touchProtocol, expected[r.device.name], r.name)
            XCTAssertGreaterThan(r.events.count, 9, r.name)
            let (frames, tracks) = try replayInDeviceUnits(r)
            XCTAssertEqual(tracks.problems, [], r.name)
            XCTAssertFalse(tracks.tracks.isEmpty, r.name)
            XCTAssertTrue(tracks.tracks.values.allSatisfy { $0.endPhase == .ended }, "\(r.name): no drops, no cancels")
            // Frame times are the kernel's, in order.
            let times = frames.map { $0[0].time }
            XCTAssertEqual(times, times.sorted(), r.name)
        }
    }

    /// name → taps; each tap is one began and one ended, short, and still.
    func testTapRecordingsProduceOneBeganAndOneEndedPerTap() throws {
        let taps = [
            "Atmel maXTouch Touchscreen.1-finger-fast-taps": 9, "Wacom ISDv4 E6 Finger.single-tap-center": 1,
            "Wacom ISDv4 E6 Finger.double-tap-center": 2,
        ]
        for (name, count) in taps {
            let (frames, tracks) = try replayInDeviceUnits(try recording(name))
            XCTAssertEqual(tracks.tracks.count, count, name)
            XCTAssertEqual(tracks.maxSimultaneous, 1, name)
            XCTAssertEqual(frames.count, 2 * count, "\(name): a frame for each press and each release")
            for t in tracks.sorted {
                XCTAssertEqual(t.moves, 0, name)
                XCTAssertLessThanOrEqual(t.maxDistance, 3, name)
                XCTAssertLessThanOrEqual(try XCTUnwrap(t.endTime) - t.startTime, 0.111, name)
            }
        }
    }

    /// Regression: 3 of the 9 Atmel taps arrive with only X or only Y; the other axis is the slot's.
    func testAtmelTapsWithOneAxisKeepTheSlotsOtherAxis() throws {
        let (_, tracks) = try replayInDeviceUnits(try recording("Atmel maXTouch Touchscreen.1-finger-fast-taps"))
        let starts = tracks.sorted.map { "\(Int($0.start.x)),\(Int($0.start.y))" }
        XCTAssertEqual(
            starts, ["340,242", "354,228", "357,239", "364,255", "364,251", "345,251", "349,250", "349,264", "373,252"])
    }

    func testTwoFingerTapsAreTwoSimultaneousShortContacts() throws {
        for name in ["Wacom ISDv4 E6 Finger.2fg-tap", "Wacom ISDv4 E6 Finger.2fg-double-tap"] {
            let (_, tracks) = try replayInDeviceUnits(try recording(name))
            XCTAssertEqual(tracks.tracks.count, 2, name)  // the "double" file holds one two-finger tap
            XCTAssertEqual(tracks.maxSimultaneous, 2, name)
            for t in tracks.sorted { XCTAssertLessThanOrEqual(try XCTUnwrap(t.endTime) - t.startTime, 0.06, name) }
        }
    }

    func testMultiFingerRecordingsHaveSimultaneousContacts() throws {
        let fingers = [
            "Atmel maXTouch Touchscreen.2-fingers-touch-release": 2, "Atmel maXTouch Touchscreen.4-finger-drag-down": 4,
            "EP0430M09.2-finger-scroll-down": 2, "EP0430M09.2-fingers-touch-release": 2,
            "EP0430M09.4-finger-drag-down": 4,
            "N-Trig MultiTouch.2-fingers-touch-release": 2, "Wacom ISDv4 E6 Finger.double-center-circle": 2,
            "Wacom ISDv4 E6 Finger.double-center-scroll": 2, "Wacom ISDv4 E6 Finger.double-top-swipe": 2,
        ]
        for (name, count) in fingers {
            let (_, tracks) = try replayInDeviceUnits(try recording(name))
            XCTAssertEqual(tracks.tracks.count, count, name)
            XCTAssertEqual(tracks.maxSimultaneous, count, name)
        }
    }

    func testDragRecordingsMoveHundredsOfDeviceUnits() throws {
        let drags = [
            "Atmel maXTouch Touchscreen.1-finger-drag-up-down", "Atmel maXTouch Touchscreen.4-finger-drag-down",
            "EP0430M09.1-finger-drag-up-down", "EP0430M09.2-finger-scroll-down", "EP0430M09.4-finger-drag-down",
            "N-Trig MultiTouch.1-finger-drag-NW-SE", "Wacom ISDv4 E6 Finger.single-top-swipe",
            "Wacom ISDv4 E6 Finger.double-top-swipe", "Wacom ISDv4 E6 Finger.single-center-scroll",
            "Wacom ISDv4 E6 Finger.double-center-scroll", "Wacom ISDv4 E6 Finger.single-center-circle",
            "Wacom ISDv4 E6 Finger.double-center-circle", "eGalax Inc. USB TouchController",
        ]
        for name in drags {
            let r = try recording(name)
            let (_, tracks) = try replayInDeviceUnits(r)
            // 139…11483 units in these files: at least a quarter of the panel's shorter side.
            let farthest = tracks.tracks.values.map(\.maxDistance).max() ?? 0
            XCTAssertGreaterThan(farthest, max(130, 0.25 * (try shorterRange(r))), name)
            XCTAssertTrue(tracks.tracks.values.contains { $0.moves > 20 }, name)
        }
    }

    /// Held fingers stay put: the touch-release recordings hold two fingers still.
    func testHeldFingersHardlyMove() throws {
        for name in [
            "Atmel maXTouch Touchscreen.2-fingers-touch-release", "EP0430M09.2-fingers-touch-release",
            "N-Trig MultiTouch.2-fingers-touch-release",
        ] {
            let r = try recording(name)
            let (_, tracks) = try replayInDeviceUnits(r)
            for t in tracks.sorted {
                // 4…131 units: under 3 % of the panel's shorter side.
                XCTAssertLessThan(t.maxDistance, 0.03 * (try shorterRange(r)), name)
                XCTAssertGreaterThan(try XCTUnwrap(t.endTime) - t.startTime, 0.5, name)
            }
        }
    }

    /// Regression: N-Trig lists the second finger first in the frame, and the single-touch
    /// emulation jumps to it; following contacts by position keeps each finger's identity (no
    /// contact jumps across the panel).
    func testNTrigSecondFingerListedFirstKeepsEachFingersIdentity() throws {
        let (frames, tracks) = try replayInDeviceUnits(try recording("N-Trig MultiTouch.2-fingers-touch-release"))
        var last: [Int: Point] = [:]
        var biggestStep = 0.0
        for e in frames.joined() {
            if let p = last[e.contact] {
                biggestStep = max(
                    biggestStep,
                    ((e.position.x - p.x) * (e.position.x - p.x) + (e.position.y - p.y) * (e.position.y - p.y))
                        .squareRoot())
            }
            last[e.contact] = e.position
        }
        XCTAssertLessThan(biggestStep, 150, "a contact jumped: identities swapped")
        // The first finger lifts first; the second one stays to the end.
        let t = tracks.sorted
        XCTAssertLessThan(try XCTUnwrap(t[0].endTime), try XCTUnwrap(t[1].endTime))
        XCTAssertGreaterThan(t[1].startTime, t[0].startTime)
    }

    /// Regression: eGalax 0eef:0001 sends its position on ABS_Z/ABS_RX; through the suggested remap
    /// the recording is a short touch and then a long drag.
    func testEGalaxRecordingThroughItsAxisRemap() throws {
        let r = try recording("eGalax Inc. USB TouchController")
        XCTAssertEqual(r.device.suggestedAxisRemap, .eGalaxPositionOnZRX)
        let (_, tracks) = try replayInDeviceUnits(r)
        let t = tracks.sorted
        XCTAssertEqual(t.count, 2)
        XCTAssertLessThan(t[0].maxDistance, 30)
        XCTAssertGreaterThan(t[1].maxDistance, 1000)
        XCTAssertGreaterThan(try XCTUnwrap(t[1].endTime) - t[1].startTime, 3)

        // Without the remap, the declared ABS_X/ABS_Y never change: nothing moves.
        let calibration = try TouchCalibration(device: r.device, screenWidth: 800, screenHeight: 480)
        var plain = try TouchStateMachine(device: r.device, calibration: calibration)
        let frames = plain.replay(r.events)
        XCTAssertFalse(frames.joined().contains { $0.phase == .moved })
    }

    /// The 4-finger recordings' headers say slot 3 was selected at open; the machine takes it.
    func testInitialSlotComesFromTheHeader() throws {
        let r = try recording("EP0430M09.4-finger-drag-down")
        XCTAssertEqual(r.device.absInfo[AbsCode.mtSlot]?.value, 3)
        // Without the recording's first event (ABS_MT_SLOT 0) the first finger's values go to the
        // slot selected at open. From the header that is slot 3, whose own finger replaces them in
        // the same frame, so slot 0's finger is never seen: 3 contacts. Assuming slot 0: all 4.
        var events = r.events
        XCTAssertEqual(
            events.removeFirst(), InputEvent(time: 0.000001, type: EventType.abs, code: AbsCode.mtSlot, value: 0))
        let calibration = try TouchCalibration(device: r.device, screenWidth: 800, screenHeight: 480)
        var fromHeader = try TouchStateMachine(device: r.device, calibration: calibration)
        var fromZero = try TouchStateMachine(device: r.device, calibration: calibration, initialSlot: 0)
        let a = ContactTracks(fromHeader.replay(events))
        let b = ContactTracks(fromZero.replay(events))
        XCTAssertEqual(a.problems + b.problems, [])
        XCTAssertEqual(a.tracks.count, 3)
        XCTAssertEqual(b.tracks.count, 4)
    }
}
