import TouchCore
import XCTest

/// The QEMU harnesses' uinput touchscreen, described once in Swift: the header
/// `switchpanel describe-touchscreen` prints declares what vm-panel-test.sh's own header text
/// declared before (the same kernel device), and reads back as the same description.
final class SyntheticTouchscreenTests: XCTestCase {
    /// What vm-panel-test.sh wrote by hand until the header came from EvemuWriter: the device
    /// lines of that text (evemu-describe's empty masks for types it does not declare dropped).
    static let bashHeaderLines = [
        "N: SwitchPanel test touchscreen",
        "I: 0003 1d50 6150 0001",
        "P: 02 00 00 00 00 00 00 00",
        "B: 00 0b 00 00 00 00 00 00 00",
        "B: 01 00 04 00 00 00 00 00 00",
        "B: 03 03 00 00 00 00 80 60 02",
        "A: 00 0 4095 0 0 0",
        "A: 01 0 4095 0 0 0",
        "A: 2f 0 9 0 0 0",
        "A: 35 0 4095 0 0 0",
        "A: 36 0 4095 0 0 0",
        "A: 39 0 65535 0 0 0",
    ]

    func testTheHeaderDeclaresWhatTheHarnessesHandWrittenHeaderDid() {
        let lines = EvemuWriter.header(.syntheticTouchscreen()).split(separator: "\n").map(String.init)
        // The key mask's all-zero lines aside (the hand-written text had them too, eleven of twelve).
        let deviceLines = lines.filter { !$0.hasPrefix("#") && $0 != "B: 01 00 00 00 00 00 00 00 00" }
        XCTAssertEqual(deviceLines, Self.bashHeaderLines)
        XCTAssertEqual(lines.first, "# EVEMU 1.3")
        XCTAssertEqual(lines.filter { $0.hasPrefix("B: 01 ") }.count, 12, "KEY_MAX + 1 bits: twelve lines")
    }

    func testItIsADirectMultitouchBDeviceThatReadsBackUnchanged() throws {
        let device = DeviceDescription.syntheticTouchscreen(units: 32768)
        XCTAssertEqual(device.touchProtocol, .multitouchB)
        XCTAssertEqual(device.properties, [InputProperty.direct])
        XCTAssertEqual(device.absInfo[AbsCode.mtPositionX]?.maximum, 32767)
        XCTAssertEqual(try DeviceDescription.parse(EvemuWriter.header(device)), device)
    }
}
