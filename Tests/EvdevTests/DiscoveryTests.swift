import Glibc
import TouchCore
import XCTest

@testable import Evdev

/// Discovery of event nodes: every node reported with its error, none fatal; classification and
/// selection by path, name or vendor:product.
final class DiscoveryTests: XCTestCase {
    func testScanningFakeNodesReportsEveryNodeWithItsError() throws {
        let dir = try TemporaryDirectory()
        try dir.write(dir.path + "/event0", "regular file")
        try dir.write(dir.path + "/event10", "")
        XCTAssertEqual(mkdir(dir.path + "/event1", 0o755), 0)
        XCTAssertEqual(mkfifo(dir.path + "/event2", 0o644), 0)
        XCTAssertEqual(symlink("/nonexistent/target", dir.path + "/event3"), 0)
        try dir.write(dir.path + "/mouse0", "not an event node")
        XCTAssertEqual(mkdir(dir.path + "/by-id", 0o755), 0)
        try dir.write(dir.path + "/event", "no number after event: not a node name")

        let found = try InputDiscovery.scan(directory: dir.path)
        XCTAssertEqual(
            found.map(\.path), ["event0", "event1", "event2", "event3", "event10"].map { dir.path + "/" + $0 })
        for device in found {
            XCTAssertNil(device.info, device.path)
            let error = try XCTUnwrap(device.error, device.path)
            if device.path.hasSuffix("event3") {
                XCTAssertEqual(error, .open(path: device.path, errno: .noSuchFile))
            } else {
                guard case .libevdev("libevdev_set_fd", device.path, _) = error else {
                    return XCTFail("\(device.path): \(error)")
                }
            }
        }
    }

    func testScanningAMissingDirectoryIsAClearError() {
        XCTAssertThrowsError(try InputDiscovery.scan(directory: "/nonexistent/input")) { error in
            XCTAssertEqual(error as? EvdevError, .listDirectory(path: "/nonexistent/input", errno: .noSuchFile))
            XCTAssertTrue("\(error)".contains("does not exist"), "\(error)")
        }
    }

    func testScanningAnEmptyDirectoryFindsNothing() throws {
        let dir = try TemporaryDirectory()
        XCTAssertEqual(try InputDiscovery.scan(directory: dir.path + "/"), [])
    }

    func testEventNodesSortNumerically() {
        let names = ["event10", "event2", "eventx", "event1", "event0"]
        XCTAssertEqual(
            names.sorted(by: InputDiscovery.eventNodeOrder), ["event0", "event1", "event2", "event10", "eventx"])
        XCTAssertFalse(InputDiscovery.isEventNodeName("event"))
        XCTAssertFalse(InputDiscovery.isEventNodeName("mouse0"))
        XCTAssertTrue(InputDiscovery.isEventNodeName("event7"))
    }

    // MARK: Classification

    func testATypeBPanelIsATouchscreen() {
        XCTAssertEqual(InputDeviceKind(classifying: Devices.typeB), .touchscreen)
        XCTAssertTrue(InputDeviceKind.touchscreen.isTouchInput)
    }

    func testDirectPropertyAloneMakesATouchscreen() {
        let device = DeviceDescription(
            name: "direct", codes: [EventType.abs: [AbsCode.x, AbsCode.y]], properties: [InputProperty.direct])
        XCTAssertEqual(InputDeviceKind(classifying: device), .touchscreen)
    }

    func testResistiveSingleTouchIsATouchscreen() {
        XCTAssertEqual(InputDeviceKind(classifying: Devices.resistive), .touchscreen)
    }

    func testAVirtioTabletIsAnAbsolutePointer() {
        let tablet = DeviceDescription(
            name: "QEMU Virtio Tablet",
            codes: [EventType.abs: [AbsCode.x, AbsCode.y], EventType.key: [KeyCode.buttonLeft, KeyCode.buttonRight]])
        XCTAssertEqual(InputDeviceKind(classifying: tablet), .absolutePointer)
        XCTAssertTrue(InputDeviceKind.absolutePointer.isTouchInput)
    }

    func testATouchpadIsNotATouchscreen() {
        var pad = Devices.typeB
        pad.properties = [InputProperty.pointer, InputProperty.buttonPad]
        XCTAssertEqual(InputDeviceKind(classifying: pad), .touchpad)
        XCTAssertFalse(InputDeviceKind.touchpad.isTouchInput)
    }

    func testAKeyboardIsOther() {
        let keyboard = DeviceDescription(name: "kbd", codes: [EventType.key: [30, 31, 32]])
        XCTAssertEqual(InputDeviceKind(classifying: keyboard), .other)
    }

    // MARK: Selection

    func testSelectorsMatchPathNameAndIds() throws {
        let dir = try TemporaryDirectory()
        try dir.write(dir.path + "/event4", "")
        XCTAssertEqual(symlink(dir.path + "/event4", dir.path + "/by-id-link"), 0)
        let a = Devices.typeB
        let devices = [
            DiscoveredDevice(
                path: "/dev/input/event0", outcome: .failure(.open(path: "/dev/input/event0", errno: .permissionDenied))
            ),
            DiscoveredDevice(
                path: "/dev/input/event1", outcome: .success(.init(description: Devices.resistive, kind: .touchscreen))),
            DiscoveredDevice(
                path: dir.path + "/event4", outcome: .success(.init(description: a, kind: .touchscreen, currentSlot: 0))
            ),
        ]
        XCTAssertEqual(DeviceMatch("/dev/input/event1")!.select(from: devices)?.path, "/dev/input/event1")
        XCTAssertEqual(DeviceMatch(dir.path + "/by-id-link")!.select(from: devices)?.path, dir.path + "/event4")
        XCTAssertEqual(DeviceMatch("0eef:0001")!.select(from: devices)?.path, "/dev/input/event1")
        XCTAssertEqual(DeviceMatch("EP0430M09")!.select(from: devices)?.path, dir.path + "/event4")
        XCTAssertNil(DeviceMatch("/dev/input/event0")!.select(from: devices), "unreadable devices are not selected")
        XCTAssertNil(DeviceMatch("/dev/input/event9")!.select(from: devices))
        XCTAssertNil(DeviceMatch("nobody")!.select(from: devices))
    }

    func testThePanelWantsTheNamedDevicesElseEveryTouchInputAndSaysWhatIsThere() {
        let devices = [
            DiscoveredDevice(
                path: "/dev/input/event0", outcome: .failure(.open(path: "/dev/input/event0", errno: .permissionDenied))
            ),
            DiscoveredDevice(
                path: "/dev/input/event1", outcome: .success(.init(description: Devices.resistive, kind: .touchscreen))),
            DiscoveredDevice(
                path: "/dev/input/event2", outcome: .success(.init(description: Devices.typeB, kind: .other))),
        ]
        XCTAssertEqual(devices.filter { $0.isWanted(by: []) }.map(\.path), ["/dev/input/event1"])
        XCTAssertEqual(
            devices.filter { $0.isWanted(by: [DeviceMatch("EP0430M09")!]) }.map(\.path), ["/dev/input/event2"])
        XCTAssertEqual(devices[1].summary, #"/dev/input/event1 "\#(Devices.resistive.name)" (touchscreen)"#)
        XCTAssertTrue(
            devices[0].summary.hasPrefix("/dev/input/event0 (cannot open /dev/input/event0: "), devices[0].summary)
        XCTAssertEqual(
            InputDiscovery.noneWanted([DeviceMatch("nobody")!], among: Array(devices[1...])),
            #"no touch device matches name containing "nobody"; present: /dev/input/event1 "\#(Devices.resistive.name)" (touchscreen); /dev/input/event2 "\#(Devices.typeB.name)" (other)"#
        )
        XCTAssertEqual(InputDiscovery.noneWanted([], among: []), "no touch device found; present: none")
    }

    /// A config naming a device that is not there (a driver renamed it) takes the one
    /// touchscreen present, and says so; it never guesses between two, never takes a tablet in
    /// place of a touchscreen, and never overrides a named device that is present.
    func testANamedDeviceThatIsAbsentFallsBackToTheOnlyTouchscreen() {
        func device(_ n: Int, _ description: DeviceDescription, _ kind: InputDeviceKind) -> DiscoveredDevice {
            DiscoveredDevice(
                path: "/dev/input/event\(n)", outcome: .success(.init(description: description, kind: kind)))
        }
        let unreadable = DiscoveredDevice(
            path: "/dev/input/event0", outcome: .failure(.open(path: "/dev/input/event0", errno: .permissionDenied)))
        let renamed = device(1, Devices.typeB, .touchscreen)  // "EP0430M09" where the config says "FT5406"
        let resistive = device(2, Devices.resistive, .touchscreen)
        let tablet = device(3, Devices.typeB, .absolutePointer)
        let keyboard = device(4, DeviceDescription(name: "kbd", codes: [EventType.key: [30]]), .other)
        let old = [DeviceMatch("FT5406 memory based driver")!]

        let one = InputDiscovery.select(old, among: [unreadable, renamed, tablet, keyboard])
        XCTAssertEqual(one.devices.map(\.path), ["/dev/input/event1"])
        XCTAssertEqual(one.fallback, renamed)
        XCTAssertEqual(
            InputDiscovery.fallbackWarning(old, taken: renamed),
            #"touch: no device matches name containing "FT5406 memory based driver"; using the only touchscreen, /dev/input/event1 "EP0430M09" (touchscreen) (add its name to touch.devices to make this choice explicit)"#
        )

        let two = InputDiscovery.select(old, among: [renamed, resistive])
        XCTAssertEqual(two, TouchSelection(devices: [], fallback: nil), "two touchscreens: no guess")
        XCTAssertEqual(
            InputDiscovery.select(old, among: [tablet, keyboard, unreadable]).devices, [],
            "a tablet is not a touchscreen")
        XCTAssertEqual(InputDiscovery.select(old, among: []).devices, [])

        let present = InputDiscovery.select([DeviceMatch("ADS7846")!], among: [renamed, resistive, tablet])
        XCTAssertEqual(present, TouchSelection(devices: [resistive], fallback: nil), "a named device present wins")
        let every = InputDiscovery.select([], among: [unreadable, renamed, resistive, tablet, keyboard])
        XCTAssertEqual(
            every, TouchSelection(devices: [renamed, resistive, tablet], fallback: nil), "none named: every touch input"
        )
    }
}

/// Descriptions used by several tests.
enum Devices {
    /// A type B panel like the EP0430M09 recordings' (5 slots, 1280x768).
    static let typeB = DeviceDescription(
        name: "EP0430M09", bus: 0x18,
        codes: [
            EventType.key: [KeyCode.touch],
            EventType.abs: [
                AbsCode.x, AbsCode.y, AbsCode.mtSlot, AbsCode.mtPositionX, AbsCode.mtPositionY, AbsCode.mtTrackingID,
            ],
        ],
        absInfo: [
            AbsCode.x: AbsInfo(minimum: 0, maximum: 1279),
            AbsCode.y: AbsInfo(minimum: 0, maximum: 767),
            AbsCode.mtSlot: AbsInfo(minimum: 0, maximum: 4),
            AbsCode.mtPositionX: AbsInfo(minimum: 0, maximum: 1279, resolution: 10),
            AbsCode.mtPositionY: AbsInfo(minimum: 0, maximum: 767, resolution: 10),
            AbsCode.mtTrackingID: AbsInfo(minimum: 0, maximum: 65535),
        ],
        properties: [InputProperty.direct])

    /// A resistive single-touch panel (ADS7846-like) with the eGalax ids.
    static let resistive = DeviceDescription(
        name: "ADS7846 Touchscreen", bus: 0x1c, vendor: 0x0eef, product: 0x0001,
        codes: [EventType.key: [KeyCode.touch], EventType.abs: [AbsCode.x, AbsCode.y, AbsCode.pressure]],
        absInfo: [
            AbsCode.x: AbsInfo(minimum: 0, maximum: 4095),
            AbsCode.y: AbsInfo(minimum: 0, maximum: 4095),
            AbsCode.pressure: AbsInfo(minimum: 0, maximum: 255),
        ])
}
