import CEvdev
import TouchCore
import XCTest

@testable import Evdev

/// Descriptions and state queried from libevdev, on handles made with `libevdev_new()` (no kernel
/// device needed).
final class LibevdevDescriptionTests: XCTestCase {
    func testDescriptionMatchesWhatWasEnabled() throws {
        let handle = try XCTUnwrap(libevdev_new())
        defer { libevdev_free(handle) }
        libevdev_set_name(handle, "FT5406 memory based driver")
        libevdev_set_id_bustype(handle, 0x19)
        libevdev_set_id_vendor(handle, 0x0eef)
        libevdev_set_id_product(handle, 0x0005)
        libevdev_set_id_version(handle, 0x0101)
        XCTAssertEqual(libevdev_enable_property(handle, UInt32(INPUT_PROP_DIRECT)), 0)
        XCTAssertEqual(libevdev_enable_event_code(handle, UInt32(EV_KEY), UInt32(BTN_TOUCH), nil), 0)
        var x = input_absinfo(value: 0, minimum: 0, maximum: 799, fuzz: 2, flat: 0, resolution: 9)
        var y = input_absinfo(value: 0, minimum: 0, maximum: 479, fuzz: 2, flat: 0, resolution: 9)
        var slot = input_absinfo(value: 0, minimum: 0, maximum: 9, fuzz: 0, flat: 0, resolution: 0)
        var id = input_absinfo(value: 0, minimum: 0, maximum: 65535, fuzz: 0, flat: 0, resolution: 0)
        XCTAssertEqual(libevdev_enable_event_code(handle, UInt32(EV_ABS), UInt32(ABS_MT_SLOT), &slot), 0)
        XCTAssertEqual(libevdev_enable_event_code(handle, UInt32(EV_ABS), UInt32(ABS_MT_POSITION_X), &x), 0)
        XCTAssertEqual(libevdev_enable_event_code(handle, UInt32(EV_ABS), UInt32(ABS_MT_POSITION_Y), &y), 0)
        XCTAssertEqual(libevdev_enable_event_code(handle, UInt32(EV_ABS), UInt32(ABS_MT_TRACKING_ID), &id), 0)

        let d = DeviceDescription(libevdev: handle)
        XCTAssertEqual(d.name, "FT5406 memory based driver")
        XCTAssertEqual([d.bus, d.vendor, d.product, d.version], [0x19, 0x0eef, 0x0005, 0x0101])
        XCTAssertEqual(d.properties, [InputProperty.direct])
        XCTAssertEqual(d.eventTypes, [EventType.syn, EventType.key, EventType.abs])
        XCTAssertEqual(d.codes[EventType.key], [KeyCode.touch])
        XCTAssertEqual(
            d.codes[EventType.abs], [AbsCode.mtSlot, AbsCode.mtPositionX, AbsCode.mtPositionY, AbsCode.mtTrackingID])
        XCTAssertEqual(d.absInfo[AbsCode.mtPositionX]?.maximum, 799)
        XCTAssertEqual(d.absInfo[AbsCode.mtPositionX]?.resolution, 9)
        XCTAssertEqual(d.absInfo[AbsCode.mtPositionY]?.fuzz, 2)
        XCTAssertEqual(d.absInfo[AbsCode.mtTrackingID]?.maximum, 65535)
        XCTAssertEqual(d.touchProtocol, .multitouchB)
        XCTAssertEqual(d.slotCount, 10)
        XCTAssertEqual(InputDeviceKind(classifying: d), .touchscreen)
        // A state machine takes it as it is.
        let calibration = try TouchCalibration(device: d, screenWidth: 800, screenHeight: 480)
        XCTAssertNoThrow(try TouchStateMachine(device: d, calibration: calibration))
    }

    func testTemplateRoundTripsADescriptionThroughLibevdev() throws {
        for device in [Devices.typeB, Devices.resistive] {
            var back = try LibevdevTemplate(device).description
            // libevdev reports the current values; the originals carry none.
            for code in back.absInfo.keys { back.absInfo[code]?.value = device.absInfo[code]?.value }
            XCTAssertEqual(back, device, device.name)
        }
    }

    /// A keyboard's description as evemu records it (an AT keyboard: keys, scan codes, LEDs,
    /// autorepeat) becomes a template without EV_REP — libevdev refuses EV_REP's codes without
    /// their values, and a uinput device with it would repeat held keys on top of the recording's
    /// own repeats — and with everything else as described.
    func testTemplateOfAKeyboardLeavesOutAutorepeat() throws {
        let keyboard = try DeviceDescription.parse(
            """
            N: SwitchPanel test keyboard
            I: 0011 0001 0001 ab41
            P: 00
            B: 00 13 00 12
            B: 01 00 80 00 50 00 04 00 02
            B: 04 10
            B: 11 07
            B: 14 03
            """)
        XCTAssertEqual(keyboard.codes[EventType.rep], [0, 1])
        let back = try LibevdevTemplate(keyboard).description
        XCTAssertFalse(back.eventTypes.contains(EventType.rep))
        XCTAssertNil(back.codes[EventType.rep])
        var expected = keyboard
        expected.eventTypes.remove(EventType.rep)
        expected.codes[EventType.rep] = nil
        XCTAssertEqual(back, expected)
    }

    func testStateSnapshotReadsSlotsKeysAndAxes() throws {
        let template = try LibevdevTemplate(Devices.typeB)
        let h = template.handle
        XCTAssertEqual(libevdev_set_slot_value(h, 2, UInt32(ABS_MT_TRACKING_ID), 7), 0)
        XCTAssertEqual(libevdev_set_slot_value(h, 2, UInt32(ABS_MT_POSITION_X), 100), 0)
        XCTAssertEqual(libevdev_set_slot_value(h, 2, UInt32(ABS_MT_POSITION_Y), 200), 0)
        XCTAssertEqual(libevdev_set_event_value(h, UInt32(EV_KEY), UInt32(BTN_TOUCH), 1), 0)
        XCTAssertEqual(libevdev_set_event_value(h, UInt32(EV_ABS), UInt32(ABS_X), 100), 0)
        XCTAssertEqual(libevdev_set_event_value(h, UInt32(EV_ABS), UInt32(ABS_MT_SLOT), 2), 0)
        let state = DeviceState(libevdev: h)
        XCTAssertEqual(state.slots.count, 5)
        XCTAssertEqual(state.currentSlot, 2)
        XCTAssertEqual(state.slots[2], DeviceState.Slot(trackingID: 7, x: 100, y: 200))
        XCTAssertEqual(state.slots[0].trackingID, -1)
        XCTAssertEqual(state.keysDown, [KeyCode.touch])
        XCTAssertEqual(state.absValues[AbsCode.x], 100)
        XCTAssertNil(state.absValues[AbsCode.mtPositionX], "per-slot axes are in the slots")
        XCTAssertEqual(DeviceDescription(libevdev: h).absInfo[AbsCode.mtSlot]?.value, 2)
    }

    func testARecordedHeaderOfALibevdevDeviceParsesBack() throws {
        let device = try LibevdevTemplate(Devices.typeB).description
        let text = EvemuWriter.header(device, names: EventNames.name)
        XCTAssertTrue(text.contains("#     Event code 53 (ABS_MT_POSITION_X)"), text)
        XCTAssertEqual(try DeviceDescription.parse(text), device)
    }

    func testEventNames() {
        XCTAssertEqual(EventNames.name(type: EventType.abs, code: nil), "EV_ABS")
        XCTAssertEqual(EventNames.name(type: EventType.abs, code: AbsCode.mtSlot), "ABS_MT_SLOT")
        XCTAssertEqual(EventNames.name(type: EventType.key, code: KeyCode.touch), "BTN_TOUCH")
        XCTAssertEqual(EventNames.property(InputProperty.direct), "INPUT_PROP_DIRECT")
        XCTAssertNil(EventNames.name(type: 0x1e, code: nil))
    }
}
