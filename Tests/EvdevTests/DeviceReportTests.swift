import TouchCore
import XCTest

@testable import Evdev

/// `switchpanel devices`' input report (``DeviceReport``) and `record`'s choice of device
/// (``EvemuRecorder/devicePath(_:directory:)``). This machine has no /dev/input: the devices
/// are descriptions, and the nodes fake ones.
final class DeviceReportTests: XCTestCase {
    static let touchscreen = DeviceDescription(
        name: "ILITEK Multi-Touch", bus: 0x03, vendor: 0x222A, product: 0x0001, version: 0x0110,
        codes: [
            EventType.abs: [
                AbsCode.x, AbsCode.y, AbsCode.mtSlot, AbsCode.mtPositionX, AbsCode.mtPositionY,
                AbsCode.mtTrackingID,
            ],
            EventType.key: [KeyCode.touch],
        ],
        absInfo: [
            AbsCode.x: AbsInfo(minimum: 0, maximum: 16383, resolution: 40),
            AbsCode.y: AbsInfo(minimum: 0, maximum: 9599, fuzz: 4),
            AbsCode.mtPositionX: AbsInfo(minimum: 0, maximum: 16383),
            AbsCode.mtPositionY: AbsInfo(minimum: 0, maximum: 9599),
            AbsCode.mtSlot: AbsInfo(minimum: 0, maximum: 9), AbsCode.mtTrackingID: AbsInfo(minimum: 0, maximum: 65535),
        ],
        properties: [InputProperty.direct])

    func testATouchscreensListingNamesItsIdsProtocolPropertiesAxesAndKeys() {
        let info = DiscoveredDevice.Info(description: Self.touchscreen, kind: .touchscreen, currentSlot: 2)
        XCTAssertEqual(
            DeviceReport.describe(path: "/dev/input/event4", info),
            """
            /dev/input/event4  touchscreen  "ILITEK Multi-Touch"
                bus 0x0003 vendor 0x222a product 0x0001 version 0x0110
                protocol: multitouch type B (10 slots), current slot 2
                properties: INPUT_PROP_DIRECT
                axes:
                  ABS_X               0 … 16383  resolution 40/mm
                  ABS_Y               0 … 9599  fuzz 4
                  ABS_MT_SLOT         0 … 9
                  ABS_MT_POSITION_X   0 … 16383
                  ABS_MT_POSITION_Y   0 … 9599
                  ABS_MT_TRACKING_ID  0 … 65535
                keys: BTN_TOUCH
            """)
    }

    /// Touch inputs in full, other devices in a line each (all of them in full with `all`), the
    /// nodes that could not be read with their errors, and the absence of a touchscreen said.
    func testTheReportSortsDevicesAndSaysWhatIsMissing() throws {
        let keyboard = DeviceDescription(name: "AT keyboard", codes: [EventType.key: [28]])
        let found = [
            DiscoveredDevice(
                path: "/dev/input/event0",
                outcome: .success(.init(description: keyboard, kind: .other, currentSlot: nil))),
            DiscoveredDevice(
                path: "/dev/input/event1",
                outcome: .failure(.open(path: "/dev/input/event1", errno: .permissionDenied))),
        ]
        let report = DeviceReport.text(of: found, directory: "/dev/input", all: false)
        XCTAssertEqual(
            report.split(separator: "\n").map(String.init),
            [
                "other input devices (--all for details):", "  /dev/input/event0  other  \"AT keyboard\"",
                "could not read:", "  \(EvdevError.open(path: "/dev/input/event1", errno: .permissionDenied))",
                "no touchscreen or absolute pointer found",
            ])
        let all = DeviceReport.text(of: found, directory: "/dev/input", all: true)
        XCTAssertTrue(all.hasPrefix("/dev/input/event0  other  \"AT keyboard\"\n    bus 0x0000"), all)
        XCTAssertEqual(
            DeviceReport.text(of: [], directory: "/tmp/none", all: false),
            "no input devices in /tmp/none (no event* nodes)")
    }

    /// `record` without a device takes the first touchscreen; with none readable it says so and
    /// where it looked (a named device that is not there likewise).
    func testRecordingWithoutATouchscreenSaysWhereItLooked() throws {
        let dir = try TemporaryDirectory()
        try dir.write(dir.path + "/event0", "not an input device")
        XCTAssertThrowsError(try EvemuRecorder.devicePath(nil, directory: dir.path)) {
            XCTAssertEqual("\($0)", "no touchscreen or absolute pointer in \(dir.path)")
        }
        XCTAssertThrowsError(try EvemuRecorder.devicePath(.name("ILITEK"), directory: dir.path)) {
            XCTAssertEqual("\($0)", "no input device matches name \"ILITEK\" (`switchpanel devices` lists them)")
        }
        XCTAssertEqual(
            try EvemuRecorder.devicePath(.path("/dev/input/event7"), directory: dir.path), "/dev/input/event7")
    }
}
