import Raster
import TouchCore
import XCTest

@testable import Panel

/// A board moving from tslib keeps its calibration: `touch.pointercal` names the file, and the
/// device's calibration maps raw units to the logical screen exactly as tslib's formula does.
final class PointercalConfigTests: XCTestCase {
    private let device = try! DeviceDescription.parse(
        """
        N: ADS7846 Touchscreen
        I: 001e 0000 0000 0000
        P: 00 00 00 00 00 00 00 00
        B: 00 0b 00 00 00 00 00 00 00
        B: 01 00 00 00 00 00 00 00 00
        B: 01 00 00 00 00 00 00 00 00
        B: 01 00 00 00 00 00 00 00 00
        B: 01 00 00 00 00 00 00 00 00
        B: 01 00 00 00 00 00 00 00 00
        B: 01 00 04 00 00 00 00 00 00
        B: 01 00 00 00 00 00 00 00 00
        B: 01 00 00 00 00 00 00 00 00
        B: 01 00 00 00 00 00 00 00 00
        B: 01 00 00 00 00 00 00 00 00
        B: 01 00 00 00 00 00 00 00 00
        B: 01 00 00 00 00 00 00 00 00
        B: 02 00 00 00 00 00 00 00 00
        B: 03 03 00 00 01 00 00 00 00
        B: 04 00 00 00 00 00 00 00 00
        B: 05 00 00 00 00 00 00 00 00
        B: 11 00 00 00 00 00 00 00 00
        B: 12 00 00 00 00 00 00 00 00
        B: 14 00 00 00 00 00 00 00 00
        B: 15 00 00 00 00 00 00 00 00
        B: 15 00 00 00 00 00 00 00 00
        A: 00 0 4095 0 0 0
        A: 01 0 4095 0 0 0
        A: 18 0 65535 0 0 0
        """)

    func testThePointercalFileMapsRawUnitsToTheLogicalScreen() throws {
        let config = try BoardConfig.parse(
            #"{"version": 1, "touch": {"pointercal": "/etc/pointercal", "swapXY": true}, "switches": [{"id": "a"}]}"#)
        XCTAssertEqual(config.touch.pointercal, "/etc/pointercal")
        // x' = (-13000·x + 0·y + 53_000_000) / 65536, y' = (0·x + 8000·y − 2_000_000) / 65536 (pixels).
        let text = "-13000 0 53000000 0 8000 -2000000 65536 800 480\n"
        let calibration = try config.touch.calibration(for: device, display: config.display, pointercal: text)
        for (x, y) in [(1000.0, 500.0), (3000.0, 3500.0), (2048.0, 2048.0)] {
            let p = calibration.screenPoint(x: x, y: y)
            XCTAssertEqual(p.x, (-13000 * x + 53_000_000) / 65536, accuracy: 1e-6)
            XCTAssertEqual(p.y, (8000 * y - 2_000_000) / 65536, accuracy: 1e-6)
        }
        // Without the file's contents, the config's own steps apply (swap here).
        let plain = try config.touch.calibration(for: device, display: config.display)
        XCTAssertTrue(plain.swapXY)
    }

    func testPointercalAndAMatrixTogetherAreAnError() {
        let both =
            #"{"version": 1, "touch": {"calibration": [1, 0, 0, 0, 1, 0], "pointercal": "/etc/pointercal"}, "switches": [{"id": "a"}]}"#
        XCTAssertThrowsError(try BoardConfig.parse(both)) {
            XCTAssertEqual("\($0)", #"touch.pointercal: give "calibration" or "pointercal", not both"#)
        }
        XCTAssertThrowsError(
            try BoardConfig.parse(#"{"version": 1, "touch": {"pointercal": "pointercal"}, "switches": [{"id": "a"}]}"#)
        ) { XCTAssertEqual("\($0)", #"touch.pointercal: "pointercal" must be an absolute path"#) }
    }
}
