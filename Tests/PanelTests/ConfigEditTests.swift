import ConfigFormat
import Foundation
import XCTest

@testable import Panel

final class ConfigEditTests: XCTestCase {
    private var boardConfigs: URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../../board-configs")
            .standardized
    }

    func testPrettyTextReadsBackAsTheSameValueForEveryShippedBoard() throws {
        let files = try FileManager.default.contentsOfDirectory(atPath: boardConfigs.path).filter {
            $0.hasSuffix(".json")
        }
        XCTAssertGreaterThanOrEqual(files.count, 5)
        for file in files {
            let bytes = [UInt8](try Data(contentsOf: boardConfigs.appendingPathComponent(file)))
            let value = try JSONParser.parse(bytes)
            XCTAssertEqual(try JSONParser.parse(value.prettyText()), value, file)
        }
    }

    func testPrettyTextKeepsSmallPlainObjectsOnOneLine() throws {
        let value = try JSONParser.parse(#"{"a": {"x": 1, "y": [1, 2]}, "b": [{"id": "s", "on": true}], "c": []}"#)
        XCTAssertEqual(
            value.prettyText(),
            """
            {
              "a": { "x": 1, "y": [1,2] },
              "b": [
                { "id": "s", "on": true }
              ],
              "c": []
            }
            """)
    }

    func testSettingTheCalibrationAddsOrReplacesItAndKeepsTheRest() throws {
        let without = Array(#"{"version": 1, "switches": [{"id": "a", "label": "Ä \"b\""}]}"#.utf8)
        let added = try BoardConfig.settingCalibration([1.02, 0, -0.01, 0, 0.98, 0.005], in: without)
        let config = try BoardConfig.parse(added)
        XCTAssertEqual(config.touch.calibration.values, [1.02, 0, -0.01, 0, 0.98, 0.005])
        XCTAssertEqual(config.switches.first?.label, "Ä \"b\"")

        let with = Array(
            #"{"version": 1, "touch": {"devices": ["FT5406"], "calibration": [1, 0, 0, 0, 1, 0]}, "switches": [{"id": "a"}]}"#
                .utf8)
        let replaced = try BoardConfig.parse(try BoardConfig.settingCalibration([0, 1, 0, 1, 0, 0], in: with))
        XCTAssertEqual(replaced.touch.calibration.values, [0, 1, 0, 1, 0, 0])
        XCTAssertEqual(replaced.touch.devices, ["FT5406"])
    }

    func testABrokenConfigIsNotRewritten() {
        XCTAssertThrowsError(try BoardConfig.settingCalibration([1, 0, 0, 0, 1, 0], in: Array("{\"version\": 1".utf8)))
        {
            XCTAssertTrue("\($0)".hasPrefix("not valid JSON: "), "\($0)")
        }
        XCTAssertThrowsError(
            try BoardConfig.settingCalibration([1, 0, 0, 0, 1, 0], in: Array(#"{"version": 1, "switches": []}"#.utf8))
        ) { XCTAssertEqual("\($0)", "switches: the config has no switches (give \"switches\" or \"sections\")") }
    }
}
