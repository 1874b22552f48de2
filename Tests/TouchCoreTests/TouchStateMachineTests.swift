import Raster
import TouchCore
import XCTest

/// The state machine on hand-written event streams: one test per protocol rule.
final class TouchStateMachineTests: XCTestCase {
    // MARK: Type B

    func testTypeBContactBeginsMovesAndEndsAtTheReportTime() throws {
        var m = try TestDevices.machine(TestDevices.typeB())
        var s = EventScript()
        s.slot(0, id: 5, x: 100, y: 200)
        s.report()
        s.abs(AbsCode.mtPositionX, 110)
        s.report()
        s.abs(AbsCode.mtTrackingID, -1)
        s.report()
        let frames = m.frames(s)
        XCTAssertEqual(frames.map(describe), [["began 1 @100,200"], ["moved 1 @110,200"], ["ended 1 @110,200"]])
        for (frame, time) in zip(frames, [100, 100.01, 100.02]) { XCTAssertEqual(frame[0].time, time, accuracy: 1e-9) }
        XCTAssertEqual(frames[0][0].position.x, 100.5, accuracy: 1e-9)
        XCTAssertEqual(frames[0][0].position.y, 200.5, accuracy: 1e-9)
        XCTAssertEqual(m.liveContacts, 0)
    }

    /// The kernel omits unchanged values per slot: each slot keeps its own.
    func testTypeBSlotValuesCarryOverWhenOmitted() throws {
        var m = try TestDevices.machine(TestDevices.typeB())
        var s = EventScript()
        s.slot(0, id: 1, x: 100, y: 100)
        s.slot(1, id: 2, x: 500, y: 300)
        s.report()
        s.slot(0, y: 120)  // x omitted: still 100
        s.slot(1, x: 520)  // y omitted: still 300
        s.report()
        s.abs(AbsCode.mtPositionY, 310)  // no slot event: still slot 1
        s.report()
        XCTAssertEqual(
            m.frames(s).map(describe),
            [
                ["began 1 @100,100", "began 2 @500,300"], ["moved 1 @100,120", "moved 2 @520,300"],
                ["moved 2 @520,310"],
            ])
    }

    /// Atmel fast taps: 3 of 9 taps arrive with only X or only Y; the other comes from the slot.
    func testTypeBNewContactWithOnlyXOrOnlyYKeepsTheSlotsOtherValue() throws {
        var m = try TestDevices.machine(TestDevices.typeB())
        var s = EventScript()
        s.slot(0, id: 6, x: 364, y: 255)
        s.report()
        s.abs(AbsCode.mtTrackingID, -1)
        s.report()
        s.abs(AbsCode.mtTrackingID, 7)
        s.abs(AbsCode.mtPositionY, 251)  // only Y
        s.report()
        s.abs(AbsCode.mtTrackingID, -1)
        s.report()
        s.abs(AbsCode.mtTrackingID, 8)
        s.abs(AbsCode.mtPositionX, 345)  // only X
        s.report()
        s.abs(AbsCode.mtTrackingID, -1)
        s.report()
        s.abs(AbsCode.mtTrackingID, 9)  // neither
        s.report()
        let began = m.frames(s).flatMap { $0 }.filter { $0.phase == .began }
        XCTAssertEqual(
            describe(began), ["began 1 @364,255", "began 2 @364,251", "began 3 @345,251", "began 4 @345,251"])
    }

    /// The slot selected at open is device state: values before any ABS_MT_SLOT go there.
    func testTypeBInitialSlotIsNotAssumedZero() throws {
        for device in [TestDevices.typeB(), TestDevices.typeB(currentSlot: 3)] {
            let initial: Int? = device.absInfo[AbsCode.mtSlot]?.value == nil ? 3 : nil
            var m = try TestDevices.machine(device, initialSlot: initial)
            var s = EventScript()
            s.abs(AbsCode.mtTrackingID, 40)  // slot 3, not 0
            s.abs(AbsCode.mtPositionX, 10)
            s.abs(AbsCode.mtPositionY, 20)
            s.report()
            s.slot(0, id: -1)  // slot 0 has nothing to end
            s.report()
            s.slot(0, id: 41, x: 700, y: 400)
            s.report()
            s.slot(3, id: -1)
            s.report()
            XCTAssertEqual(
                m.frames(s).map(describe), [["began 1 @10,20"], [], ["began 2 @700,400"], ["ended 1 @10,20"]])
        }
    }

    func testTypeBTrackingIDReplacedInOneFrameEndsTheOldContactAndBeginsANewOne() throws {
        var m = try TestDevices.machine(TestDevices.typeB())
        var s = EventScript()
        s.slot(2, id: 1, x: 100, y: 100)
        s.report()
        s.slot(2, id: 2, x: 300, y: 300)
        s.report()
        XCTAssertEqual(m.frames(s).map(describe), [["began 1 @100,100"], ["ended 1 @100,100", "began 2 @300,300"]])
    }

    func testTypeBInvalidSlotIsIgnoredUntilTheNextValidOne() throws {
        var m = try TestDevices.machine(TestDevices.typeB(slots: 2))
        var s = EventScript()
        s.slot(7, id: 1, x: 100, y: 100)  // no slot 7
        s.report()
        s.slot(-1, id: 2, x: 100, y: 100)
        s.report()
        s.slot(1, id: 3, x: 50, y: 60)
        s.report()
        XCTAssertEqual(m.frames(s).map(describe), [[], [], ["began 1 @50,60"]])
    }

    // MARK: Type A

    func testTypeAEmptyFrameLiftsEveryContact() throws {
        var m = try TestDevices.machine(TestDevices.typeA())
        var s = EventScript()
        s.contactA(100, 100)
        s.contactA(600, 400)
        s.report()
        s.contactA(102, 100)
        s.contactA(600, 400)
        s.report()
        s.mtReport()  // the empty SYN_MT_REPORT of a lift
        s.report()
        XCTAssertEqual(
            m.frames(s).map(describe),
            [
                ["began 1 @100,100", "began 2 @600,400"], ["moved 1 @102,100"],
                ["ended 1 @102,100", "ended 2 @600,400"],
            ])
    }

    /// N-Trig: the lift is BTN_TOUCH 0 and a SYN_REPORT without any SYN_MT_REPORT.
    func testTypeABTNTouchZeroLiftsEveryContact() throws {
        var m = try TestDevices.machine(TestDevices.typeA())
        var s = EventScript()
        s.contactA(100, 100)
        s.key(KeyCode.touch, true)
        s.report()
        s.contactA(100, 100)
        s.report()
        s.key(KeyCode.touch, false)
        s.report()
        XCTAssertEqual(m.frames(s).map(describe), [["began 1 @100,100"], [], ["ended 1 @100,100"]])

        // BTN_TOUCH 0 wins over contacts in the same frame.
        var s2 = EventScript()
        s2.contactA(200, 200)
        s2.report()
        s2.contactA(200, 200)
        s2.key(KeyCode.touch, false)
        s2.report()
        XCTAssertEqual(m.frames(s2).map(describe), [["began 2 @200,200"], ["ended 2 @200,200"]])
    }

    /// N-Trig lists a new finger first: contacts are followed by position, not by order.
    func testTypeAFollowsContactsByPositionWhenTheOrderChanges() throws {
        var m = try TestDevices.machine(TestDevices.typeA())
        var s = EventScript()
        s.contactA(100, 400)
        s.report()
        s.contactA(700, 50)  // new finger, listed first
        s.contactA(101, 401)
        s.report()
        s.contactA(102, 402)  // the new finger lifted; the first one stays
        s.report()
        XCTAssertEqual(
            m.frames(s).map(describe),
            [["began 1 @100,400"], ["moved 1 @101,401", "began 2 @700,50"], ["moved 1 @102,402", "ended 2 @700,50"]])
    }

    func testTypeAWithTrackingIDsMatchesByID() throws {
        var m = try TestDevices.machine(TestDevices.typeA(trackingIDs: true))
        var s = EventScript()
        s.abs(AbsCode.mtTrackingID, 7)
        s.contactA(100, 100)
        s.abs(AbsCode.mtTrackingID, 8)
        s.contactA(110, 100)
        s.report()
        // Positions swapped, ids kept: the ids decide.
        s.abs(AbsCode.mtTrackingID, 8)
        s.contactA(100, 100)
        s.abs(AbsCode.mtTrackingID, 7)
        s.contactA(110, 100)
        s.report()
        XCTAssertEqual(
            m.frames(s).map(describe),
            [["began 1 @100,100", "began 2 @110,100"], ["moved 1 @110,100", "moved 2 @100,100"]])
    }

    // MARK: Single touch

    func testSingleTouchWithBTNTouch() throws {
        var m = try TestDevices.machine(TestDevices.singleTouch())
        var s = EventScript()
        s.abs(AbsCode.x, 100)  // hovering: no contact
        s.abs(AbsCode.y, 100)
        s.report()
        s.key(KeyCode.touch, true)
        s.report()
        s.abs(AbsCode.y, 150)
        s.report()
        s.key(KeyCode.touch, false)
        s.report()
        XCTAssertEqual(
            m.frames(s).map(describe), [[], ["began 1 @100,100"], ["moved 1 @100,150"], ["ended 1 @100,150"]])
    }

    /// Absolute pointers (USB and virtio tablets) press BTN_LEFT.
    func testSingleTouchWithBTNLeft() throws {
        var m = try TestDevices.machine(TestDevices.singleTouch(button: KeyCode.buttonLeft))
        var s = EventScript()
        s.abs(AbsCode.x, 30)
        s.abs(AbsCode.y, 40)
        s.key(KeyCode.buttonLeft, true)
        s.report()
        s.key(KeyCode.buttonLeft, false)
        s.key(KeyCode.touch, true)  // undeclared on this device
        s.report()
        XCTAssertEqual(m.frames(s).map(describe), [["began 1 @30,40"], ["ended 1 @30,40"]])
    }

    /// The single-touch emulation of multitouch devices jumps when the first contact lifts; only
    /// the multitouch values count.
    func testSingleTouchEmulationIsIgnoredWhenMultitouchIsPresent() throws {
        var b = try TestDevices.machine(TestDevices.typeB())
        var s = EventScript()
        s.slot(0, id: 1, x: 100, y: 100)
        s.key(KeyCode.touch, true)
        s.abs(AbsCode.x, 100)
        s.abs(AbsCode.y, 100)
        s.report()
        s.abs(AbsCode.x, 700)  // emulation jumps; MT values unchanged
        s.abs(AbsCode.y, 400)
        s.report()
        s.key(KeyCode.touch, false)  // BTN_TOUCH does not end type B contacts
        s.report()
        XCTAssertEqual(b.frames(s).map(describe), [["began 1 @100,100"], [], []])
        XCTAssertEqual(b.liveContacts, 1)

        var a = try TestDevices.machine(TestDevices.typeA())
        var t = EventScript()
        t.contactA(100, 100)
        t.abs(AbsCode.x, 100)
        t.abs(AbsCode.y, 100)
        t.report()
        t.contactA(100, 100)
        t.abs(AbsCode.x, 700)
        t.report()
        XCTAssertEqual(a.frames(t).map(describe), [["began 1 @100,100"], []])
    }

    // MARK: Unknown codes

    func testUnknownAndUndeclaredCodesAreIgnored() throws {
        var m = try TestDevices.machine(TestDevices.typeB())
        var s = EventScript()
        s.slot(0, id: 1, x: 100, y: 100)
        s.report()
        s.abs(AbsCode.mtPressure, 0)  // not declared by this device
        s.abs(AbsCode.mtToolType, 1)  // not declared
        s.abs(0x3e, 5)  // no such axis
        s.raw(EventType.rel, 0, 5)
        s.raw(EventType.msc, MscCode.scan, 852_034)
        s.raw(EventType.key, 0x2ff, 1)
        s.raw(0x1f, 0xffff, -1)
        s.raw(0xffff, 0xffff, Int32.min)
        s.raw(EventType.syn, SynCode.config, 0)
        s.raw(EventType.syn, 0xff, 0)
        s.raw(EventType.syn, SynCode.mtReport, 0)  // no type A on a type B device
        s.report()
        s.abs(AbsCode.mtTrackingID, -1)
        s.report()
        XCTAssertEqual(m.frames(s).map(describe), [["began 1 @100,100"], [], ["ended 1 @100,100"]])
    }

    // MARK: Pressure

    func testPressureThresholdIsOffByDefault() throws {
        var m = try TestDevices.machine(TestDevices.typeB(pressure: true))
        var s = EventScript()
        s.slot(0, id: 1, x: 100, y: 100)
        s.abs(AbsCode.mtPressure, 1)
        s.report()
        XCTAssertEqual(m.frames(s).map(describe), [["began 1 @100,100"]])
    }

    func testPressureThresholdTypeB() throws {
        var m = try TestDevices.machine(TestDevices.typeB(pressure: true), filters: .init(pressureThreshold: 30))
        var s = EventScript()
        s.slot(0, id: 1, x: 100, y: 100)
        s.abs(AbsCode.mtPressure, 10)  // too light
        s.report()
        s.abs(AbsCode.mtPressure, 40)
        s.report()
        s.abs(AbsCode.mtPositionX, 120)
        s.report()
        s.abs(AbsCode.mtPressure, 20)  // eased off: the contact ends
        s.report()
        s.abs(AbsCode.mtPressure, 35)  // pressed again: a new contact
        s.report()
        XCTAssertEqual(
            m.frames(s).map(describe),
            [[], ["began 1 @100,100"], ["moved 1 @120,100"], ["ended 1 @120,100"], ["began 2 @120,100"]])
    }

    func testPressureThresholdSingleTouch() throws {
        var m = try TestDevices.machine(TestDevices.singleTouch(pressure: true), filters: .init(pressureThreshold: 30))
        var s = EventScript()
        s.abs(AbsCode.x, 100)
        s.abs(AbsCode.y, 100)
        s.abs(AbsCode.pressure, 5)
        s.key(KeyCode.touch, true)
        s.report()
        s.abs(AbsCode.pressure, 60)
        s.report()
        s.key(KeyCode.touch, false)
        s.abs(AbsCode.pressure, 0)
        s.report()
        XCTAssertEqual(m.frames(s).map(describe), [[], ["began 1 @100,100"], ["ended 1 @100,100"]])
    }

    func testPressureThresholdIgnoredWithoutAPressureAxis() throws {
        var m = try TestDevices.machine(TestDevices.typeB(), filters: .init(pressureThreshold: 30))
        var s = EventScript()
        s.slot(0, id: 1, x: 100, y: 100)
        s.report()
        XCTAssertEqual(m.frames(s).map(describe), [["began 1 @100,100"]])
    }

    // MARK: No lost taps

    /// LVGL's issue 5211: a press and its release read together. Every SYN_REPORT is its own frame.
    func testPressAndReleaseInConsecutiveFramesAreTwoFrames() throws {
        for device in [TestDevices.typeB(), TestDevices.typeA(), TestDevices.singleTouch()] {
            var m = try TestDevices.machine(device)
            var s = EventScript()
            switch device.touchProtocol {
            case .multitouchB:
                s.slot(0, id: 1, x: 100, y: 100)
                s.report()
                s.abs(AbsCode.mtTrackingID, -1)
            case .multitouchA:
                s.contactA(100, 100)
                s.report()
                s.mtReport()
            default:
                s.abs(AbsCode.x, 100)
                s.abs(AbsCode.y, 100)
                s.key(KeyCode.touch, true)
                s.report()
                s.key(KeyCode.touch, false)
            }
            s.report()
            // The whole batch at once, as one read() would deliver it.
            let frames = m.frames(s)
            XCTAssertEqual(
                frames.map(describe), [["began 1 @100,100"], ["ended 1 @100,100"]], "\(device.touchProtocol)")
            XCTAssertEqual(frames[1][0].time - frames[0][0].time, 0.01, accuracy: 1e-9)
        }
    }

    func testPressAndReleaseInsideOneFrameIsStillATap() throws {
        var b = try TestDevices.machine(TestDevices.typeB())
        var s = EventScript()
        s.slot(0, id: 1, x: 100, y: 100)
        s.abs(AbsCode.mtTrackingID, -1)
        s.report()
        XCTAssertEqual(b.frames(s).map(describe), [["began 1 @100,100", "ended 1 @100,100"]])

        var st = try TestDevices.machine(TestDevices.singleTouch())
        var t = EventScript()
        t.abs(AbsCode.x, 50)
        t.abs(AbsCode.y, 60)
        t.key(KeyCode.touch, true)
        t.key(KeyCode.touch, false)
        t.report()
        XCTAssertEqual(st.frames(t).map(describe), [["began 1 @50,60", "ended 1 @50,60"]])
    }

    // MARK: SYN_DROPPED

    func testSynDroppedCancelsTypeBContactsUntilTheirSlotGetsANewTrackingID() throws {
        var m = try TestDevices.machine(TestDevices.typeB())
        var s = EventScript()
        s.slot(0, id: 1, x: 100, y: 100)
        s.slot(1, id: 2, x: 300, y: 300)
        s.report()
        s.slot(0, x: 120)
        s.dropped()
        s.slot(0, id: -1)  // ignored up to the SYN_REPORT
        s.slot(3, id: 9, x: 5, y: 5)
        s.report()
        s.slot(0, x: 130)  // the old contact, still down in the kernel: silent
        s.report()
        s.slot(1, id: -1)  // lifted: nothing to end
        s.report()
        s.slot(0, id: 3, x: 200, y: 200)  // a new contact
        s.report()
        XCTAssertEqual(
            m.frames(s).map(describe),
            [
                ["began 1 @100,100", "began 2 @300,300"], ["cancelled 1 @100,100", "cancelled 2 @300,300"], [], [],
                ["began 3 @200,200"],
            ])
    }

    func testSynDroppedCancelsTypeAAndSingleTouchContacts() throws {
        var a = try TestDevices.machine(TestDevices.typeA())
        var s = EventScript()
        s.contactA(100, 100)
        s.report()
        s.contactA(100, 100)
        s.dropped()
        s.contactA(150, 150)
        s.report()
        s.contactA(160, 160)  // still down: silent until everything lifts
        s.report()
        s.mtReport()
        s.report()
        s.contactA(10, 10)
        s.report()
        XCTAssertEqual(
            a.frames(s).map(describe), [["began 1 @100,100"], ["cancelled 1 @100,100"], [], [], ["began 2 @10,10"]])

        var st = try TestDevices.machine(TestDevices.singleTouch())
        var t = EventScript()
        t.abs(AbsCode.x, 100)
        t.abs(AbsCode.y, 100)
        t.key(KeyCode.touch, true)
        t.report()
        t.dropped()
        t.key(KeyCode.touch, false)  // lost in the drop
        t.report()
        t.abs(AbsCode.x, 120)
        t.report()
        t.key(KeyCode.touch, true)  // a new press (the kernel saw the release)
        t.report()
        XCTAssertEqual(
            st.frames(t).map(describe), [["began 1 @100,100"], ["cancelled 1 @100,100"], [], ["began 2 @120,100"]])
    }

    /// The live edge passes libevdev's synced state: gone → cancelled, still down → carries on,
    /// new → begins.
    func testResyncWithTheDeviceState() throws {
        var m = try TestDevices.machine(TestDevices.typeB())
        var s = EventScript()
        s.slot(0, id: 1, x: 100, y: 100)
        s.slot(1, id: 2, x: 300, y: 300)
        s.slot(2, id: 3, x: 500, y: 300)
        s.report()
        s.dropped()
        XCTAssertEqual(m.frames(s).map(describe), [["began 1 @100,100", "began 2 @300,300", "began 3 @500,300"]])
        let state = DeviceState(
            currentSlot: 4,
            slots: [
                .init(trackingID: 1, x: 110, y: 100),  // still down, moved
                .init(),  // lifted during the drop
                .init(trackingID: 4, x: 600, y: 200),  // replaced by a new finger
                .init(),
                .init(trackingID: 5, x: 50, y: 50),  // new
            ])
        XCTAssertEqual(
            describe(m.resync(with: state, time: 200)),
            ["moved 1 @110,100", "cancelled 2 @300,300", "cancelled 3 @500,300", "began 4 @600,200", "began 5 @50,50"])
        // The current slot came from the state too.
        var t = EventScript()
        t.abs(AbsCode.mtTrackingID, -1)
        t.report()
        XCTAssertEqual(m.frames(t).map(describe), [["ended 5 @50,50"]])
    }

    func testResyncSingleTouch() throws {
        var m = try TestDevices.machine(TestDevices.singleTouch())
        var s = EventScript()
        s.abs(AbsCode.x, 100)
        s.abs(AbsCode.y, 100)
        s.key(KeyCode.touch, true)
        s.report()
        s.dropped()
        _ = m.frames(s)
        let still = DeviceState(keysDown: [KeyCode.touch], absValues: [AbsCode.x: 140, AbsCode.y: 100])
        XCTAssertEqual(describe(m.resync(with: still, time: 1)), ["moved 1 @140,100"])
        XCTAssertEqual(describe(m.resync(with: DeviceState(), time: 2)), ["cancelled 1 @140,100"])
    }

    func testCancelAllForAnUnpluggedDevice() throws {
        var m = try TestDevices.machine(TestDevices.typeB())
        var s = EventScript()
        s.slot(0, id: 1, x: 100, y: 100)
        s.report()
        _ = m.frames(s)
        XCTAssertEqual(describe(m.cancelAll(time: 5)), ["cancelled 1 @100,100"])
        XCTAssertEqual(m.liveContacts, 0)
    }

    // MARK: Axis remap (eGalax)

    /// eGalax 0eef:0001 declares ABS_X/ABS_Y but sends the position on ABS_Z/ABS_RX.
    func testEGalaxPositionOnZAndRXThroughTheAxisRemap() throws {
        let declared = DeviceDescription(
            name: "eGalax Inc. USB TouchController", bus: 3, vendor: 0x0eef, product: 0x0001,
            codes: [
                EventType.abs: [AbsCode.x, AbsCode.y, AbsCode.z, AbsCode.rx],
                EventType.key: [KeyCode.buttonLeft, KeyCode.touch],
            ],
            absInfo: [
                AbsCode.x: AbsInfo(minimum: 42, maximum: 1981), AbsCode.y: AbsInfo(minimum: 42, maximum: 1981),
                AbsCode.z: AbsInfo(minimum: 0, maximum: 799), AbsCode.rx: AbsInfo(minimum: 0, maximum: 479),
            ])
        XCTAssertEqual(declared.suggestedAxisRemap, .eGalaxPositionOnZRX)
        let device = declared.remappingAxes(.eGalaxPositionOnZRX)
        XCTAssertEqual(device.codes[EventType.abs], [AbsCode.x, AbsCode.y])
        XCTAssertEqual(device.absInfo[AbsCode.x], AbsInfo(minimum: 0, maximum: 799))
        XCTAssertEqual(device.axis(forStreamCode: AbsCode.z), AbsCode.x)
        XCTAssertNil(device.axis(forStreamCode: AbsCode.x))
        var s = EventScript()
        s.raw(EventType.msc, MscCode.scan, 852_034)
        s.key(KeyCode.touch, true)
        s.abs(AbsCode.z, 300)
        s.abs(AbsCode.rx, 200)
        s.abs(AbsCode.x, 1000)  // the declared axis: dropped
        s.report()
        s.abs(AbsCode.z, 310)
        s.report()
        s.key(KeyCode.touch, false)
        s.report()
        var m = try TestDevices.machine(device)
        XCTAssertEqual(m.frames(s).map(describe), [["began 1 @300,200"], ["moved 1 @310,200"], ["ended 1 @310,200"]])

        // Without the remap the contact never moves: the bug the remap fixes.
        var plain = try TestDevices.machine(declared)
        let frames = plain.frames(s)
        XCTAssertEqual(frames.map { $0.map(\.phase) }, [[.began], [], [.ended]])
    }

    func testRemapsComposeAndOtherDevicesGetNoSuggestion() {
        let device = TestDevices.singleTouch().remappingAxes(.swapXY)
        XCTAssertEqual(device.absInfo[AbsCode.x], TestDevices.y)
        XCTAssertEqual(device.axis(forStreamCode: AbsCode.x), AbsCode.y)
        let back = device.remappingAxes(.swapXY)
        XCTAssertEqual(back.axis(forStreamCode: AbsCode.x), AbsCode.x)
        XCTAssertEqual(back.absInfo[AbsCode.x], TestDevices.x)
        XCTAssertNil(TestDevices.typeB().suggestedAxisRemap)
        XCTAssertEqual(TestDevices.typeB().remappingAxes(.none), TestDevices.typeB())
    }

    // MARK: Robustness

    func testADeviceWithoutPositionAxesIsNotATouchscreen() {
        let keyboard = DeviceDescription(name: "kbd", codes: [EventType.key: [30, 31]])
        XCTAssertThrowsError(
            try TouchStateMachine(
                device: keyboard,
                calibration: TouchCalibration(
                    xMinimum: 0, xMaximum: 1, yMinimum: 0, yMaximum: 1, screenWidth: 1, screenHeight: 1))
        ) { error in
            XCTAssertTrue("\(error)".contains("kbd"), "\(error)")
        }
    }

    /// Random events on every protocol: frames always make sense (each contact begins once, then
    /// moves, then ends or is cancelled once) and nothing crashes.
    func testRandomEventStreamsKeepContactsConsistent() throws {
        for (n, device) in randomSessionDevices.enumerated() {
            for threshold in [nil, Int32(20)] {
                var m = try TestDevices.machine(device, filters: .init(pressureThreshold: threshold))
                let frames = randomSession(&m, seed: 0xFEED + UInt64(n))
                let tracks = ContactTracks(frames)
                XCTAssertEqual(tracks.problems, [], "device \(n), threshold \(String(describing: threshold))")
                XCTAssertTrue(tracks.live.isEmpty)
                XCTAssertGreaterThan(tracks.tracks.count, 5, "device \(n): the stream made contacts")
                for frame in frames {
                    XCTAssertTrue(frame.allSatisfy { $0.position.x.isFinite && $0.position.y.isFinite })
                }
            }
        }
    }
}
