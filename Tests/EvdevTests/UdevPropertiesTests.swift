import Foundation
import TouchCore
import XCTest

@testable import Evdev

final class UdevPropertiesTests: XCTestCase {
    func testReadsTheEnvironmentLinesOfADatabaseEntry() {
        let entry = """
            S:input/by-path/platform-3f204000.spi-cs-1-event
            I:2390815
            E:ID_INPUT=1
            E:ID_INPUT_TOUCHSCREEN=1
            E:LIBINPUT_CALIBRATION_MATRIX=0 1 0 -1 0 1
            E:WEIRD=a=b
            G:seat
            Q:seat
            """
        let p = UdevProperties.parse(entry)
        XCTAssertEqual(p["ID_INPUT_TOUCHSCREEN"], "1")
        XCTAssertEqual(p["WEIRD"], "a=b", "only the first '=' separates")
        XCTAssertNil(p["input/by-path/platform-3f204000.spi-cs-1-event"], "S: lines are symlinks, not properties")
        XCTAssertEqual(UdevProperties.calibrationMatrix(p), CalibrationMatrix(0, 1, 0, -1, 0, 1))
    }

    func testMalformedMatricesAreIgnored() {
        XCTAssertNil(UdevProperties.calibrationMatrix(["LIBINPUT_CALIBRATION_MATRIX": "1 0 0 0 1"]))
        XCTAssertNil(UdevProperties.calibrationMatrix(["LIBINPUT_CALIBRATION_MATRIX": "1 0 0 0 1 x"]))
        XCTAssertNil(UdevProperties.calibrationMatrix([:]))
    }

    func testFindsTheEntryOfARealCharacterDevice() throws {
        // /dev/null is character device 1:3 everywhere.
        let dir = NSTemporaryDirectory() + "udev-\(getpid())-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try "E:LIBINPUT_CALIBRATION_MATRIX=1.1 0 -0.05 0 1.2 -0.1\n".write(
            toFile: dir + "/c1:3", atomically: true, encoding: .utf8)
        let p = UdevProperties.forDevice(at: "/dev/null", databaseDirectory: dir)
        XCTAssertEqual(UdevProperties.calibrationMatrix(p), CalibrationMatrix(1.1, 0, -0.05, 0, 1.2, -0.1))
        XCTAssertEqual(UdevProperties.forDevice(at: dir + "/c1:3", databaseDirectory: dir), [:], "not a device node")
        XCTAssertEqual(UdevProperties.forDevice(at: "/dev/zero", databaseDirectory: dir), [:], "no entry")
    }
}
