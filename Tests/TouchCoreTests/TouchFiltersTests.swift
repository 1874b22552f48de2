import Foundation
import Raster
import TestSupport
import TouchCore
import XCTest

/// ``TouchFilters`` and ``DeviceMatch``: each filter on hand-written streams, the filters off
/// leaving every output bit for bit as it was, and configuration decoding.
final class TouchFiltersTests: XCTestCase {
    // MARK: Off by default

    /// Every recording's frames before the filters existed (``fingerprint(_:)``): in device units,
    /// and on an 800×480 screen turned a quarter.
    static let recordingFingerprints: [String: (String, String)] = [
        "Atmel maXTouch Touchscreen.1-finger-drag-up-down": ("150/150/2ae1a77ef46cafbe", "150/150/bdb4a827e85c9be6"),
        "Atmel maXTouch Touchscreen.1-finger-fast-taps": ("18/18/c89aedf798ce109", "18/18/14d203f27f1abc81"),
        "Atmel maXTouch Touchscreen.2-fingers-touch-release": ("16/18/be3fc1407c5a8c", "16/18/ee7a4f13daa7e5e1"),
        "Atmel maXTouch Touchscreen.4-finger-drag-down": ("31/106/6918e0a8f38c0c4c", "31/106/d624b4d5ec23f7f7"),
        "EP0430M09.1-finger-drag-up-down": ("183/183/779324cf4b5c733e", "183/183/5f269cd2064c2403"),
        "EP0430M09.2-finger-scroll-down": ("98/184/c09a831a68c22e50", "98/184/28afd95e48f3de57"),
        "EP0430M09.2-fingers-touch-release": ("14/17/aef6e850d62a48cd", "14/17/722f5d4715639327"),
        "EP0430M09.4-finger-drag-down": ("104/390/da81ae969501c13a", "104/390/303f34fe7ec85ae8"),
        "N-Trig MultiTouch.1-finger-drag-NW-SE": ("107/107/6ccbb1c854337221", "107/107/473a278a0397f8a7"),
        "N-Trig MultiTouch.2-fingers-touch-release": ("215/265/9e422d0db3fcdfeb", "215/265/8eedf7bb13a0cfc9"),
        "Wacom ISDv4 E6 Finger.2fg-double-tap": ("3/4/de2dadb1f1e5ed49", "3/4/2e6466472e0cbbc9"),
        "Wacom ISDv4 E6 Finger.2fg-tap": ("2/4/a03ad609293be5bd", "2/4/e34344eec9ec0e71"),
        "Wacom ISDv4 E6 Finger.double-center-circle": ("129/257/b0390f5bd6534ae8", "129/257/7f9035a5d9869d60"),
        "Wacom ISDv4 E6 Finger.double-center-scroll": ("83/155/1527b6488bacfa9e", "83/155/6ec6a477f6ebcb4f"),
        "Wacom ISDv4 E6 Finger.double-tap-center": ("4/4/9de094b88d5ced42", "4/4/cb6e1e4c721621de"),
        "Wacom ISDv4 E6 Finger.double-top-swipe": ("143/277/732218142a3f69e2", "143/277/902db8145afa7a03"),
        "Wacom ISDv4 E6 Finger.single-center-circle": ("84/84/2a127d6fa21f924e", "84/84/927217728ab7fdd4"),
        "Wacom ISDv4 E6 Finger.single-center-scroll": ("63/63/b00d59ce2b7faf69", "63/63/864bb9b1cbc3b6dd"),
        "Wacom ISDv4 E6 Finger.single-tap-center": ("2/2/f5d1691fa41ec4cc", "2/2/1e890706cbec8fdc"),
        "Wacom ISDv4 E6 Finger.single-top-swipe": ("110/110/9b36b152e9417086", "110/110/1341588c999b4320"),
        "eGalax Inc. USB TouchController": ("405/405/a7ce4b1e486278e0", "405/405/9cbbbfc04d242630"),
    ]

    /// The random sessions' frames before the filters existed, per device of
    /// ``randomSessionDevices``: without and with a pressure threshold of 20.
    static let randomSessionFingerprints: [[String]] = [
        ["738/440/174f00c4d723bde7", "738/270/f71b0c26def089df"],
        ["727/24/47dbce94b5c92a9b", "727/24/47dbce94b5c92a9b"],
        ["737/26/42ff5273f7e80b67", "737/26/42ff5273f7e80b67"],
        ["758/181/c21ec97a642dbc2e", "758/171/d30505c3d7de0847"],
        ["748/112/33d1b551a3cd0dd8", "748/112/33d1b551a3cd0dd8"],
    ]

    func testFiltersAreOffByDefault() throws {
        XCTAssertEqual(TouchFilters(), .none)
        XCTAssertNil(TouchFilters.none.pressureThreshold)
        XCTAssertNil(TouchFilters.none.median)
        XCTAssertNil(TouchFilters.none.dejitter)
        XCTAssertNil(TouchFilters.none.stuckContactTimeout)
        XCTAssertFalse(TouchFilters.none.dropsPhantomCornerContacts)
        let m = try TestDevices.machine(TestDevices.typeB())
        XCTAssertEqual(m.filters, .none)
    }

    /// The filters off — by default or spelt out — and the ones that change nothing on these
    /// recordings (no contact in the maximum corner, none silent for an hour) leave every
    /// recording's frames exactly as they were.
    func testFiltersOffLeaveEveryRecordingReplayUnchanged() throws {
        let all = try RecordingLibrary.all()
        XCTAssertEqual(Set(all.map(\.name)), Set(Self.recordingFingerprints.keys))
        let neutral = TouchFilters(dropsPhantomCornerContacts: true, stuckContactTimeout: 3600)
        for r in all {
            let expected = try XCTUnwrap(Self.recordingFingerprints[r.name])
            let device = RecordingLibrary.readableDevice(r.device)
            let (xCode, yCode) = device.positionAxes
            let x = try XCTUnwrap(device.absInfo[xCode])
            let y = try XCTUnwrap(device.absInfo[yCode])
            let units = try TouchCalibration(
                device: device, screenWidth: Double(x.maximum - x.minimum + 1),
                screenHeight: Double(y.maximum - y.minimum + 1))
            let turned = try TouchCalibration(device: device, screenWidth: 800, screenHeight: 480, rotation: .quarter)
            for (calibration, want) in [(units, expected.0), (turned, expected.1)] {
                var byDefault = try TouchStateMachine(device: device, calibration: calibration)
                var off = try TouchStateMachine(device: device, calibration: calibration, filters: .none)
                var harmless = try TouchStateMachine(device: device, calibration: calibration, filters: neutral)
                XCTAssertEqual(fingerprint(byDefault.replay(r.events)), want, r.name)
                XCTAssertEqual(fingerprint(off.replay(r.events)), want, r.name)
                XCTAssertEqual(fingerprint(harmless.replay(r.events)), want, "\(r.name), neutral filters")
            }
        }
    }

    /// Random streams (drops, resyncs, cancels, pressure) come out exactly as before the filters.
    func testFiltersOffLeaveRandomSessionsUnchanged() throws {
        for (n, device) in randomSessionDevices.enumerated() {
            for (k, threshold) in [nil, Int32(20)].enumerated() {
                var m = try TestDevices.machine(device, filters: .init(pressureThreshold: threshold))
                XCTAssertEqual(
                    fingerprint(randomSession(&m, seed: 0xF00D + UInt64(n))), Self.randomSessionFingerprints[n][k],
                    "device \(n), threshold \(String(describing: threshold))")
            }
        }
    }

    /// The machine keeps the filters it was built with.
    func testTheMachineKeepsItsFilters() throws {
        let device = TestDevices.typeB(pressure: true)
        let calibration = try TouchCalibration(device: device, screenWidth: 800, screenHeight: 480)
        let filters = TouchFilters(pressureThreshold: 30)
        let m = try TouchStateMachine(device: device, calibration: calibration, filters: filters)
        XCTAssertEqual(m.filters, TouchFilters(pressureThreshold: 30))
    }

    // MARK: Median

    func testMedianRemovesASingleSampleSpike() throws {
        var s = EventScript()
        s.slot(0, id: 1, x: 100, y: 100)
        s.report()
        s.abs(AbsCode.mtPositionX, 101)
        s.report()
        s.abs(AbsCode.mtPositionX, 400)  // a spike in x
        s.report()
        s.abs(AbsCode.mtPositionX, 100)
        s.report()
        s.abs(AbsCode.mtPositionY, 20)  // and one in y
        s.report()
        s.abs(AbsCode.mtPositionY, 101)
        s.report()
        s.abs(AbsCode.mtTrackingID, -1)
        s.report()

        var raw = try TestDevices.machine(TestDevices.typeB())
        XCTAssertEqual(
            raw.frames(s).map(describe),
            [
                ["began 1 @100,100"], ["moved 1 @101,100"], ["moved 1 @400,100"], ["moved 1 @100,100"],
                ["moved 1 @100,20"], ["moved 1 @100,101"], ["ended 1 @100,101"],
            ])
        for window in [TouchFilters.MedianWindow.three, .five] {
            var m = try TestDevices.machine(TestDevices.typeB(), filters: .init(median: window))
            let frames = m.frames(s).map(describe)
            XCTAssertFalse(frames.joined().contains { $0.contains("400") || $0.contains(",20") }, "\(window)")
            XCTAssertEqual(frames.first, ["began 1 @100,100"])
        }
        // Each frame's median of the last 3 samples (the window starts full of the first one);
        // the lift frame's sample counts too.
        var m3 = try TestDevices.machine(TestDevices.typeB(), filters: .init(median: .three))
        XCTAssertEqual(
            m3.frames(s).map(describe),
            [
                ["began 1 @100,100"],
                [],  // x 100 100 101
                ["moved 1 @101,100"],  // x 100 101 400
                [],  // x 101 400 100
                ["moved 1 @100,100"],  // x 400 100 100; y 100 100 20
                [],  // y 100 20 101
                ["ended 1 @100,101"],  // y 20 101 101
            ])
    }

    /// A window of 5 also removes two spikes in a row; a real move comes through (N − 1) / 2
    /// samples late.
    func testMedianOfFiveRemovesTwoSpikesAndLagsARealMoveByTwoSamples() throws {
        var m = try TestDevices.machine(TestDevices.singleTouch(), filters: .init(median: .five))
        var s = EventScript()
        s.abs(AbsCode.x, 200)
        s.abs(AbsCode.y, 200)
        s.key(KeyCode.touch, true)
        s.report()
        for x: Int32 in [700, 10, 200, 201, 300, 300, 300] {
            s.abs(AbsCode.x, x)
            s.report()
        }
        s.key(KeyCode.touch, false)
        s.report()
        XCTAssertEqual(
            m.frames(s).map(describe),
            [
                ["began 1 @200,200"],
                [], [], [], [],  // 200 200 200 700 10 · 200 200 700 10 200 · … · 200 700 10 200 201
                ["moved 1 @201,200"],  // 700 10 200 201 300
                [],  // 10 200 201 300 300
                ["moved 1 @300,200"],  // 200 201 300 300 300: two samples after the first 300
                ["ended 1 @300,200"],
            ])
    }

    // MARK: Dejitter

    func testDejitterSuppressesNoiseOnAStillContactButPassesARealMove() throws {
        let noise: [(Int32, Int32)] = [(302, 202), (298, 198), (301, 199), (299, 202), (298, 201), (302, 198)]
        var s = EventScript()
        s.slot(0, id: 1, x: 300, y: 200)
        s.report()
        for (x, y) in noise {  // ±2 units (= ±2 px here) around where it landed
            s.abs(AbsCode.mtPositionX, x)
            s.abs(AbsCode.mtPositionY, y)
            s.report()
        }
        s.abs(AbsCode.mtPositionX, 315)  // a real move
        s.abs(AbsCode.mtPositionY, 200)
        s.report()
        s.abs(AbsCode.mtPositionX, 317)  // moving: small steps pass too
        s.report()

        var raw = try TestDevices.machine(TestDevices.typeB())
        XCTAssertEqual(raw.frames(s).joined().filter { $0.phase == .moved }.count, noise.count + 2)

        var m = try TestDevices.machine(TestDevices.typeB(), filters: .init(dejitter: .init(threshold: 3)))
        XCTAssertEqual(
            m.frames(s).map(describe),
            [["began 1 @300,200"], [], [], [], [], [], [], ["moved 1 @315,200"], ["moved 1 @317,200"]])

        // Comes to rest within 3 px of where the move went (315,200): its noise is delivered for
        // the settle time (0.1 s from that move, 8 frames on), then dropped again; and a still
        // contact ends where it was last reported.
        var rest = EventScript()
        rest.time = s.time
        for i in 0..<30 {
            rest.abs(AbsCode.mtPositionX, 316 + Int32(i % 3) - 1)
            rest.abs(AbsCode.mtPositionY, 200 + Int32(i % 2) * 2 - 1)
            rest.report()
        }
        rest.abs(AbsCode.mtPositionX, 317)
        rest.abs(AbsCode.mtTrackingID, -1)
        rest.report()
        let frames = m.frames(rest)
        XCTAssertEqual(frames[..<7].map(\.count), Array(repeating: 1, count: 7), "still moving: every change")
        XCTAssertEqual(frames[9..<30].joined().count, 0, "at rest")
        let last = try XCTUnwrap(frames.last?.first)
        XCTAssertEqual(last.phase, .ended)
        let lastMoved = try XCTUnwrap(frames.joined().last { $0.phase == .moved })
        XCTAssertEqual(last.position, lastMoved.position)
    }

    /// The threshold is in screen pixels: on a 0…4095 panel shown 800 px wide (5.12 units a
    /// pixel), 25 units (4.9 px) are jitter and 40 units (7.8 px) a move for a 6 px threshold.
    func testDejitterThresholdIsInScreenPixels() throws {
        let device = DeviceDescription(
            name: "resistive", codes: [EventType.abs: [AbsCode.x, AbsCode.y], EventType.key: [KeyCode.touch]],
            absInfo: [AbsCode.x: AbsInfo(minimum: 0, maximum: 4095), AbsCode.y: AbsInfo(minimum: 0, maximum: 4095)])
        let calibration = try TouchCalibration(device: device, screenWidth: 800, screenHeight: 480)
        var m = try TouchStateMachine(
            device: device, calibration: calibration, filters: .init(dejitter: .init(threshold: 6)))
        var s = EventScript()
        s.abs(AbsCode.x, 2000)
        s.abs(AbsCode.y, 2000)
        s.key(KeyCode.touch, true)
        s.report()
        s.abs(AbsCode.x, 2025)
        s.report()
        s.abs(AbsCode.x, 2040)
        s.report()
        XCTAssertEqual(m.frames(s).map { $0.map(\.phase) }, [[.began], [], [.moved]])
    }

    // MARK: Phantom contacts

    /// The Raspberry Pi 7" display reports phantom contacts at the maximum of both axes.
    func testPhantomContactAtTheMaximumCornerNeverBeginsWhileARealOneDoes() throws {
        var s = EventScript()
        s.slot(0, id: 1, x: 799, y: 479)  // the phantom
        s.slot(1, id: 2, x: 400, y: 200)  // a finger
        s.report()
        s.slot(1, x: 410)
        s.report()
        s.slot(0, id: -1)
        s.slot(1, id: -1)
        s.report()
        s.slot(0, id: 3, x: 799, y: 479)  // a phantom pressed and released inside one frame
        s.abs(AbsCode.mtTrackingID, -1)
        s.report()

        var m = try TestDevices.machine(TestDevices.typeB(), filters: .init(dropsPhantomCornerContacts: true))
        XCTAssertEqual(
            m.frames(s).map(describe), [["began 1 @400,200"], ["moved 1 @410,200"], ["ended 1 @410,200"], []])
        // Off by default: the phantom is a contact.
        var plain = try TestDevices.machine(TestDevices.typeB())
        XCTAssertEqual(plain.frames(s).first.map(describe), ["began 1 @799,479", "began 2 @400,200"])
    }

    /// Only the exact corner: one axis at its maximum is a real touch at the edge; a contact
    /// that leaves the corner begins there; a live contact dragged into the corner carries on.
    func testPhantomGuardIsTheCornerOnlyAndOnlyForBeginning() throws {
        var s = EventScript()
        s.slot(0, id: 1, x: 799, y: 300)
        s.slot(1, id: 2, x: 799, y: 479)
        s.report()
        s.slot(1, x: 600, y: 300)
        s.report()
        s.slot(0, y: 479)
        s.report()
        var m = try TestDevices.machine(TestDevices.typeB(), filters: .init(dropsPhantomCornerContacts: true))
        XCTAssertEqual(
            m.frames(s).map(describe), [["began 1 @799,300"], ["began 2 @600,300"], ["moved 1 @799,479"]])
    }

    func testPhantomGuardTypeAAndSingleTouch() throws {
        let guarded = TouchFilters(dropsPhantomCornerContacts: true)
        var a = try TestDevices.machine(TestDevices.typeA(), filters: guarded)
        var s = EventScript()
        s.contactA(799, 479)
        s.contactA(100, 100)
        s.report()
        s.contactA(799, 479)
        s.contactA(101, 100)
        s.report()
        s.mtReport()
        s.report()
        XCTAssertEqual(a.frames(s).map(describe), [["began 1 @100,100"], ["moved 1 @101,100"], ["ended 1 @101,100"]])

        var st = try TestDevices.machine(TestDevices.singleTouch(), filters: guarded)
        var t = EventScript()
        t.abs(AbsCode.x, 799)
        t.abs(AbsCode.y, 479)
        t.key(KeyCode.touch, true)
        t.report()
        t.key(KeyCode.touch, false)
        t.report()
        t.abs(AbsCode.x, 50)
        t.abs(AbsCode.y, 60)
        t.key(KeyCode.touch, true)
        t.report()
        XCTAssertEqual(st.frames(t).map(describe), [[], [], ["began 1 @50,60"]])
    }

    // MARK: Stuck contacts

    func testStuckContactExpiresExactlyAtTheDeadlineAndNotBefore() throws {
        var m = try TestDevices.machine(TestDevices.typeB(), filters: .init(stuckContactTimeout: 2))
        XCTAssertNil(m.nextDeadline, "no contact live")
        var s = EventScript()
        s.slot(0, id: 1, x: 100, y: 100)
        s.report()  // t = 100
        s.time = 101
        s.slot(0, x: 110)
        s.report()  // t = 101: reported, so the deadline moves on
        XCTAssertEqual(m.frames(s).map(describe), [["began 1 @100,100"], ["moved 1 @110,100"]])
        let deadline = try XCTUnwrap(m.nextDeadline)
        XCTAssertEqual(deadline, 103, accuracy: 1e-9)

        XCTAssertEqual(m.expireStuckContacts(now: 102), [])
        XCTAssertEqual(m.expireStuckContacts(now: deadline.nextDown), [])
        XCTAssertEqual(m.liveContacts, 1)
        XCTAssertEqual(m.nextDeadline, deadline)
        let expired = m.expireStuckContacts(now: deadline)
        XCTAssertEqual(describe(expired), ["cancelled 1 @110,100"])
        XCTAssertEqual(expired.first?.time, deadline)
        XCTAssertEqual(m.liveContacts, 0)
        XCTAssertNil(m.nextDeadline)
        XCTAssertEqual(m.expireStuckContacts(now: 200), [])

        // Silent until its slot is reported again: another finger does not bring it back; the
        // next touch on the controller that lost the release (same tracking id) begins anew.
        var t = EventScript()
        t.time = 104
        t.slot(1, id: 2, x: 500, y: 300)
        t.report()
        t.slot(1, id: -1)
        t.report()
        t.slot(0, x: 200, y: 220)
        t.report()
        t.abs(AbsCode.mtTrackingID, -1)
        t.report()
        XCTAssertEqual(
            m.frames(t).map(describe),
            [["began 2 @500,300"], ["ended 2 @500,300"], ["began 3 @200,220"], ["ended 3 @200,220"]])
    }

    func testStuckContactTimeoutOffOrNoContactHasNoDeadline() throws {
        var m = try TestDevices.machine(TestDevices.typeB())
        var s = EventScript()
        s.slot(0, id: 1, x: 100, y: 100)
        s.report()
        _ = m.frames(s)
        XCTAssertNil(m.nextDeadline)
        XCTAssertEqual(m.expireStuckContacts(now: 1e9), [])
        XCTAssertEqual(m.liveContacts, 1)
    }

    /// The deadline is the contact reported longest ago; each contact expires at its own.
    func testStuckContactsExpireOneByOne() throws {
        var m = try TestDevices.machine(TestDevices.typeB(), filters: .init(stuckContactTimeout: 1))
        var s = EventScript()
        s.slot(0, id: 1, x: 100, y: 100)
        s.report()  // 100
        s.time = 100.5
        s.slot(1, id: 2, x: 300, y: 100)
        s.report()  // 100.5
        _ = m.frames(s)
        XCTAssertEqual(try XCTUnwrap(m.nextDeadline), 101, accuracy: 1e-9)
        XCTAssertEqual(describe(m.expireStuckContacts(now: 101.2)), ["cancelled 1 @100,100"])
        XCTAssertEqual(try XCTUnwrap(m.nextDeadline), 101.5, accuracy: 1e-9)
        let both = m.expireStuckContacts(now: 102)
        XCTAssertEqual(describe(both), ["cancelled 2 @300,100"])
        XCTAssertEqual(both[0].time, 101.5, accuracy: 1e-9)
    }

    /// A resting resistive finger's noise keeps it alive; a lost release (silence) does not.
    func testStuckSingleTouchAndTypeAContactsThroughReplay() throws {
        var st = try TestDevices.machine(TestDevices.singleTouch(), filters: .init(stuckContactTimeout: 0.5))
        var s = EventScript()
        s.abs(AbsCode.x, 100)
        s.abs(AbsCode.y, 100)
        s.key(KeyCode.touch, true)
        s.report()
        for i in 0..<100 {  // a second of noise, one report every 10 ms
            s.abs(AbsCode.x, 100 + Int32(i % 2))
            s.report()
        }
        let lastReport = s.time - 0.01
        s.time += 5  // the release is lost; the next touch comes 5 s later
        s.abs(AbsCode.x, 300)
        s.report()
        s.key(KeyCode.touch, false)
        s.report()
        let frames = st.replay(s.events)
        let phases = frames.joined().filter { $0.phase != .moved }
        XCTAssertEqual(
            describe(phases), ["began 1 @100,100", "cancelled 1 @101,100", "began 2 @300,100", "ended 2 @300,100"])
        XCTAssertEqual(phases[1].time, lastReport + 0.5, accuracy: 1e-9)

        var a = try TestDevices.machine(TestDevices.typeA(), filters: .init(stuckContactTimeout: 0.5))
        var t = EventScript()
        t.contactA(100, 100)
        t.report()
        t.time += 2
        t.contactA(400, 400)
        t.report()
        t.mtReport()
        t.report()
        XCTAssertEqual(
            a.replay(t.events).map(describe),
            [["began 1 @100,100"], ["cancelled 1 @100,100"], ["began 2 @400,400"], ["ended 2 @400,400"]])
    }

    /// A live loop whose timer fires at each ``nextDeadline`` gives the same frames as the
    /// replay, which expires contacts lazily at the next event: cancellations carry the deadline.
    func testTimerDrivenExpiryMatchesTheReplay() throws {
        var s = EventScript()
        s.slot(0, id: 1, x: 100, y: 100)
        s.report()
        s.time += 0.3
        s.slot(1, id: 2, x: 300, y: 300)
        s.report()
        s.time += 0.15
        s.slot(1, x: 310)
        s.report()
        s.time += 3
        s.slot(0, x: 120)  // the first finger's controller lost its release: this is the next touch
        s.report()
        s.abs(AbsCode.mtTrackingID, -1)
        s.report()
        let filters = TouchFilters(stuckContactTimeout: 0.4)
        var replayed = try TestDevices.machine(TestDevices.typeB(), filters: filters)
        let expected = replayed.replay(s.events)
        XCTAssertEqual(
            expected.map(describe),
            [
                ["began 1 @100,100"], ["began 2 @300,300"],
                ["cancelled 1 @100,100"],  // at 100.4, before the next event (100.45)
                ["moved 2 @310,300"], ["cancelled 2 @310,300"], ["began 3 @120,100"], ["ended 3 @120,100"],
            ])

        var live = try TestDevices.machine(TestDevices.typeB(), filters: filters)
        var frames: [[TouchEvent]] = []
        for e in s.events {
            while let deadline = live.nextDeadline, deadline <= e.time {  // the timer fires
                frames.append(live.expireStuckContacts(now: deadline))
            }
            frames.append(contentsOf: live.feedExpiring(e))
        }
        XCTAssertEqual(frames, expected)
        XCTAssertEqual(expected[2][0].time, 100.4, accuracy: 1e-9)
    }

    // MARK: Resistive panels

    /// A resistive-style touch: pressure building up and falling away (light samples far off),
    /// ±15 units (±2.9 px) of noise, and single-sample spikes of up to ±100 px (never on the
    /// first sample: a contact begins where its first sample says — the pressure threshold keeps
    /// the light, wild ones out). With the recommended filters and a pressure threshold it is a
    /// tap: one contact that never moves, let alone past the switch's 10 px slop.
    func testNoisyResistiveTouchWithTheRecommendedFiltersIsATap() throws {
        let device = DeviceDescription(
            name: "ADS7846 Touchscreen",
            codes: [EventType.abs: [AbsCode.x, AbsCode.y, AbsCode.pressure], EventType.key: [KeyCode.touch]],
            absInfo: [
                AbsCode.x: AbsInfo(minimum: 0, maximum: 4095), AbsCode.y: AbsInfo(minimum: 0, maximum: 4095),
                AbsCode.pressure: AbsInfo(minimum: 0, maximum: 255),
            ])
        let calibration = try TouchCalibration(device: device, screenWidth: 800, screenHeight: 480)
        var filters = TouchFilters.resistive
        filters.pressureThreshold = 25
        for seed in UInt64(1)...500 {
            var rng = SplitMix64(seed: seed)
            func noise(_ amplitude: Int32) -> Int32 {
                Int32(truncatingIfNeeded: rng.next() % UInt64(2 * amplitude + 1)) - amplitude
            }
            let (x0, y0): (Int32, Int32) = (2048, 2048)
            var s = EventScript()
            s.key(KeyCode.touch, true)
            let samples = 30
            var lastSpike = -10
            for i in 0..<samples {
                // Pressure ramps up over 3 samples and down over the last 3.
                let edge = min(i, samples - 1 - i)
                let pressure: Int32 = edge < 3 ? Int32(edge) * 8 + Int32(rng.next() % 5) : 60 + noise(20)
                let wild = edge < 3 ? 300 : 15  // light samples are far off
                var x = x0 + noise(Int32(wild))
                var y = y0 + noise(Int32(wild))
                if edge >= 5 && i - lastSpike >= 3 && rng.next() % 4 == 0 {  // a spike, at most 2 in 5
                    x += noise(500)
                    y += noise(850)
                    lastSpike = i
                }
                s.abs(AbsCode.x, x)
                s.abs(AbsCode.y, y)
                s.abs(AbsCode.pressure, pressure)
                s.report()
            }
            s.key(KeyCode.touch, false)
            s.abs(AbsCode.pressure, 0)
            s.report()

            var filtered = try TouchStateMachine(device: device, calibration: calibration, filters: filters)
            let tracks = ContactTracks(filtered.replay(s.events))
            XCTAssertEqual(tracks.problems, [], "seed \(seed)")
            XCTAssertEqual(tracks.tracks.count, 1, "seed \(seed): one contact")
            let track = try XCTUnwrap(tracks.sorted.first)
            XCTAssertEqual(track.endPhase, .ended, "seed \(seed)")
            XCTAssertLessThanOrEqual(track.maxDistance, 10, "seed \(seed): within the slop")
            XCTAssertEqual(track.moves, 0, "seed \(seed): a resting finger does not move")

            // Without the filters the same touch jumps past the slop: the filters do the work.
            var unfiltered = try TouchStateMachine(device: device, calibration: calibration)
            XCTAssertGreaterThan(
                ContactTracks(unfiltered.replay(s.events)).tracks.values.map(\.maxDistance).max() ?? 0, 10,
                "seed \(seed)")
        }
    }

    /// The recommended resistive filters do not spoil real recordings: taps stay taps and drags
    /// still drag (on an 800×480 screen).
    func testResistiveFiltersKeepRecordingsTapsAndDrags() throws {
        for r in try RecordingLibrary.all() {
            let device = RecordingLibrary.readableDevice(r.device)
            let calibration = try TouchCalibration(device: device, screenWidth: 800, screenHeight: 480)
            var plain = try TouchStateMachine(device: device, calibration: calibration)
            var filtered = try TouchStateMachine(device: device, calibration: calibration, filters: .resistive)
            let before = ContactTracks(plain.replay(r.events))
            let after = ContactTracks(filtered.replay(r.events))
            XCTAssertEqual(after.problems, [], r.name)
            XCTAssertEqual(after.tracks.count, before.tracks.count, r.name)
            XCTAssertEqual(after.maxSimultaneous, before.maxSimultaneous, r.name)
            XCTAssertTrue(after.tracks.values.allSatisfy { $0.endPhase == .ended }, r.name)
            for (id, b) in before.tracks {
                let a = try XCTUnwrap(after.tracks[id])
                XCTAssertEqual(a.start, b.start, r.name)
                XCTAssertLessThanOrEqual(a.moves, b.moves, r.name)
                // A drag goes (nearly) as far; a still finger moves less, if at all.
                XCTAssertLessThanOrEqual(a.maxDistance, b.maxDistance + 1, r.name)
                if b.maxDistance > 50 { XCTAssertGreaterThan(a.maxDistance, 0.9 * b.maxDistance, r.name) }
            }
        }
    }

    /// Everything on at once, random streams with expiries: frames still make sense.
    func testEveryFilterOnRandomSessionsKeepsContactsConsistent() throws {
        var filters = TouchFilters.resistive
        filters.pressureThreshold = 20
        filters.dropsPhantomCornerContacts = true
        filters.stuckContactTimeout = 0.02
        for (n, device) in randomSessionDevices.enumerated() {
            var m = try TestDevices.machine(device, filters: filters)
            let frames = randomSession(&m, seed: 0xBEEF + UInt64(n), expire: true)
            let tracks = ContactTracks(frames)
            XCTAssertEqual(tracks.problems, [], "device \(n)")
            XCTAssertTrue(tracks.live.isEmpty, "device \(n)")
            XCTAssertTrue(frames.joined().contains { $0.phase == .began }, "device \(n)")
        }
    }

    // MARK: Configuration

    func testFiltersDecodeFromJSONWithEveryKeyOptional() throws {
        let decoder = JSONDecoder()
        XCTAssertEqual(try decoder.decode(TouchFilters.self, from: Data("{}".utf8)), .none)
        let full = try decoder.decode(
            TouchFilters.self,
            from: Data(
                """
                {"median": 5, "dejitter": {"threshold": 6, "settleTime": 0.2}, "pressureThreshold": 25,
                 "phantomGuard": true, "stuckTimeout": 10}
                """.utf8))
        XCTAssertEqual(
            full,
            TouchFilters(
                pressureThreshold: 25, dropsPhantomCornerContacts: true, median: .five,
                dejitter: .init(threshold: 6, settleTime: 0.2), stuckContactTimeout: 10))
        let short = try decoder.decode(TouchFilters.self, from: Data(#"{"dejitter": 4, "median": 3}"#.utf8))
        XCTAssertEqual(short, TouchFilters(median: .three, dejitter: .init(threshold: 4, settleTime: 0.1)))
        // Round trip.
        let encoded = try JSONEncoder().encode(TouchFilters.resistive)
        XCTAssertEqual(try decoder.decode(TouchFilters.self, from: encoded), .resistive)
        XCTAssertEqual(try decoder.decode(TouchFilters.self, from: try JSONEncoder().encode(full)), full)
    }

    func testBadFilterValuesAreDecodingErrors() {
        for bad in [
            #"{"median": 4}"#, #"{"dejitter": -1}"#, #"{"dejitter": {"settleTime": 1}}"#,
            #"{"dejitter": {"threshold": 2, "settleTime": -1}}"#, #"{"stuckTimeout": 0}"#, #"{"stuckTimeout": -5}"#,
            #"{"pressureThreshold": "high"}"#,
        ] {
            XCTAssertThrowsError(try JSONDecoder().decode(TouchFilters.self, from: Data(bad.utf8)), bad)
        }
    }

    // MARK: Device match

    func testDeviceMatchByPathNameAndID() {
        let ft5406 = DeviceDescription(
            name: "FT5406 memory based driver", bus: 0x19, vendor: 0, product: 0, codes: [:])
        let egalax = DeviceDescription(
            name: "eGalax Inc. USB TouchController", bus: 3, vendor: 0x0eef, product: 0x0001, codes: [:])
        let path = "/dev/input/event3"
        XCTAssertTrue(DeviceMatch.path(path).matches(path: path, description: ft5406))
        XCTAssertFalse(DeviceMatch.path("/dev/input/event30").matches(path: path, description: ft5406))
        XCTAssertTrue(DeviceMatch.name("FT5406 memory based driver").matches(path: path, description: ft5406))
        XCTAssertFalse(DeviceMatch.name("FT5406").matches(path: path, description: ft5406), "exact")
        XCTAssertFalse(DeviceMatch.name("ft5406 memory based driver").matches(path: path, description: ft5406))
        XCTAssertTrue(DeviceMatch.nameContains("ft5406").matches(path: path, description: ft5406), "any case")
        XCTAssertFalse(DeviceMatch.nameContains("egalax").matches(path: path, description: ft5406))
        XCTAssertTrue(DeviceMatch.id(vendor: 0x0eef, product: 1).matches(path: path, description: egalax))
        XCTAssertFalse(DeviceMatch.id(vendor: 0x0eef, product: 2).matches(path: path, description: egalax))
        XCTAssertFalse(DeviceMatch.id(vendor: 0x0eef, product: 1).matches(path: path, description: ft5406))
    }

    func testDeviceMatchFromPlainStrings() {
        XCTAssertEqual(DeviceMatch("0eef:0001"), .id(vendor: 0x0eef, product: 0x0001))
        XCTAssertEqual(DeviceMatch("EEF:1"), .id(vendor: 0x0eef, product: 0x0001))
        XCTAssertEqual(DeviceMatch("/dev/input/event0"), .path("/dev/input/event0"))
        XCTAssertEqual(DeviceMatch("ADS7846"), .nameContains("ADS7846"))
        XCTAssertEqual(DeviceMatch("0eef:00001"), .nameContains("0eef:00001"), "5 digits: not an id")
        XCTAssertEqual(DeviceMatch("0eeg:0001"), .nameContains("0eeg:0001"))
        XCTAssertNil(DeviceMatch(""))
        XCTAssertEqual("\(DeviceMatch.id(vendor: 0x0eef, product: 1))", "id 0eef:0001")
    }

    func testDeviceMatchCodable() throws {
        let decoder = JSONDecoder()
        let cases: [(String, DeviceMatch)] = [
            (#"{"path": "/dev/input/event3"}"#, .path("/dev/input/event3")),
            (#"{"name": "FT5406 memory based driver"}"#, .name("FT5406 memory based driver")),
            (#"{"nameContains": "ads7846"}"#, .nameContains("ads7846")),
            (#"{"id": "0eef:0001"}"#, .id(vendor: 0x0eef, product: 1)),
            (#""0eef:0001""#, .id(vendor: 0x0eef, product: 1)),
            (#""/dev/input/event1""#, .path("/dev/input/event1")),
            (#""Goodix""#, .nameContains("Goodix")),
        ]
        for (json, match) in cases {
            XCTAssertEqual(try decoder.decode(DeviceMatch.self, from: Data(json.utf8)), match, json)
            XCTAssertEqual(try decoder.decode(DeviceMatch.self, from: try JSONEncoder().encode(match)), match, json)
        }
        for bad in [
            #"{}"#, #"{"path": "/a", "name": "b"}"#, #"{"id": "0eef-0001"}"#, #"{"name": ""}"#, #""""#,
            #"{"id": 3823}"#,
        ] {
            XCTAssertThrowsError(try decoder.decode(DeviceMatch.self, from: Data(bad.utf8)), bad)
        }
    }
}
