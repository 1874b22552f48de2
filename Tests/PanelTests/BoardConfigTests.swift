import ConfigFormat
import Foundation
import Raster
import Widget
import XCTest

@testable import Panel

/// Board configs: the shipped ones load, and broken ones fail with an exact message naming the path.
final class BoardConfigTests: XCTestCase {
    static let boardDirectory = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("board-configs")

    func testEveryShippedBoardLoadsAndLaysOut() throws {
        let files = try FileManager.default.contentsOfDirectory(atPath: Self.boardDirectory.path).filter {
            $0.hasSuffix(".json")
        }
        XCTAssertEqual(files.count, 7)
        var pages = 0
        for file in files {
            let data = try Data(contentsOf: Self.boardDirectory.appendingPathComponent(file))
            let config = try BoardConfig.parse([UInt8](data))
            var laidOut = 0
            for page in config.pages.indices {
                let layout = try PanelLayout(config: config, page: page)
                laidOut += layout.items.count
                // Rotation gives the layout the logical size.
                let logical = config.display.rotation.logicalSize(
                    width: config.display.width, height: config.display.height)
                XCTAssertEqual(layout.width, logical.width, file)
            }
            XCTAssertEqual(laidOut, config.switches.count, file)
            pages += config.pages.count
        }
        // Two boards of several pages (house-7inch-pages.json: three, rpi-7inch-dsi-rtl.json: two),
        // the others one each.
        XCTAssertEqual(pages, files.count - 2 + 3 + 2)
    }

    func testDefaultsForMissingKeys() throws {
        let config = try BoardConfig.parse(#"{"version": 1, "switches": [{"id": "a"}]}"#)
        XCTAssertEqual(config.display.width, 800)
        XCTAssertEqual(config.display.height, 480)
        XCTAssertEqual(config.display.rotation, .none)
        XCTAssertEqual(config.theme.preset, .ios)
        XCTAssertEqual(config.switches[0].label, "a")
        XCTAssertEqual(config.switches[0].style, SwitchPreset.ios.style)
        XCTAssertTrue(config.switches[0].revertOnFailure)
    }

    func testStyleOverridesLayerOnThemeAndPreset() throws {
        let config = try BoardConfig.parse(
            ##"{"version": 1, "display": {"scale": 2}, "theme": {"preset": "square", "style": {"trackColorOn": "#FF9500"}},"##
                + ##" "layout": {"columns": 1, "rowHeight": 80}, "switches": [{"id": "a", "style": {"padding": 4}}]}"##)
        let style = config.switches[0].style
        XCTAssertEqual(style.trackColorOn, Color(rgb: 0xFF9500))
        XCTAssertEqual(style.padding, 4)
        XCTAssertEqual(style.labelOn, "ON", "the square preset's labels are kept")
        XCTAssertEqual(style.scale, 2)
    }

    /// The corpus: each broken config and the exact error it gives.
    func testBrokenConfigsNameThePathAndReason() {
        let cases: [(String, String)] = [
            ("", "not valid JSON: line 1, column 1: the file is empty (expected a JSON object)"),
            ("{\"version\": 1,", "not valid JSON: line 1, column 15: unexpected end of file (an object is not closed)"),
            ("\u{0}\u{1}\u{2}garbage", "not valid JSON: line 1, column 1: unexpected byte 0x0 (expected a value)"),
            ("[]", "expected an object, got an array"),
            ("{}", "version: missing"),
            (
                #"{"version": 2, "switches": [{"id": "a"}]}"#,
                "version: 2 is newer than this program reads (1); upgrade switchpanel"
            ),
            (#"{"version": 1}"#, "switches: the config has no switches (give \"switches\" or \"sections\")"),
            (
                #"{"version": 1, "switches": [{"id": "a", "lable": "A"}]}"#,
                "switches[0].lable: unknown key (expected one of: id, label, labelOverflow, preset, style, initial, enabled, position, actions, revertOnFailure, mqtt, entity, group, mode)"
            ),
            (
                #"{"version": 1, "switches": [{"id": "a"}, {"id": "a"}]}"#,
                "switches[1].id: duplicate id \"a\" (switches 1 and 2 of the board)"
            ),
            (#"{"version": 1, "switches": [{"id": 5}]}"#, "switches[0].id: expected a string, got a number"),
            (
                #"{"version": 1, "switches": [{"id": "a b"}]}"#,
                "switches[0].id: \"a b\": use letters, digits, '-', '_' or '.'"
            ),
            (
                #"{"version": 1, "display": {"rotation": 45}, "switches": [{"id": "a"}]}"#,
                "display.rotation: 45 is not 0, 90, 180 or 270"
            ),
            (
                #"{"version": 1, "display": {"scale": 20}, "switches": [{"id": "a"}]}"#,
                "display.scale: 20 is out of range (0.5…4)"
            ),
            (
                #"{"version": 1, "display": {"mode": "huge"}, "switches": [{"id": "a"}]}"#,
                "display.mode: \"huge\" is not WIDTHxHEIGHT or WIDTHxHEIGHT@HZ (for example 800x480 or 1920x1080@60)"
            ),
            (
                #"{"version": 1, "display": {"format": "RGB888"}, "switches": [{"id": "a"}]}"#,
                "display.format: \"RGB888\" is not one of: XRGB8888, ARGB8888, XBGR8888, ABGR8888, RGB565, BGR565"
            ),
            (
                ##"{"version": 1, "theme": {"style": {"trackColorOn": "green"}}, "switches": [{"id": "a"}]}"##,
                "theme.style.trackColorOn: expected \"#RRGGBB\" or \"#RRGGBBAA\", got \"green\""
            ),
            (
                #"{"version": 1, "switches": [{"id": "a", "style": {"thumbSize": "big"}}]}"#,
                "switches[0].style.thumbSize: expected a number, got a string"
            ),
            (
                ##"{"version": 1, "switches": [{"id": "a", "style": {"colour": "#FFFFFF"}}]}"##,
                "switches[0].style.colour: unknown key (expected one of: \(SwitchStyle.keys.joined(separator: ", ")))"
            ),
            (
                #"{"version": 1, "switches": [{"id": "a", "style": {"disabledOpacity": 3}}]}"#,
                "switches[0].style.disabledOpacity: 3 is out of range (0…1)"
            ),
            (
                #"{"version": 1, "switches": [{"id": "a", "actions": [{"run": []}]}]}"#,
                "switches[0].actions[0].run: needs the program and its arguments, e.g. [\"/usr/bin/mosquitto_pub\", \"-t\", \"porch\"]"
            ),
            (
                #"{"version": 1, "switches": [{"id": "a", "actions": [{"write": "relative/path"}]}]}"#,
                "switches[0].actions[0].write: \"relative/path\" must be an absolute path"
            ),
            (
                #"{"version": 1, "switches": [{"id": "a", "actions": [{"timeout": 3}]}]}"#,
                "switches[0].actions[0]: an action needs \"run\", \"write\" or \"print\""
            ),
            (
                #"{"version": 1, "touch": {"calibration": [1, 0, 0]}, "switches": [{"id": "a"}]}"#,
                "touch.calibration: expected six numbers (libinput's a b c d e f)"
            ),
            (
                #"{"version": 1, "switches": [{"id": "a", "position": {"x": 10, "y": 10}}, {"id": "b", "position": {"x": 20, "y": 20}}]}"#,
                "switches[1]: \"b\" overlaps \"a\""
            ),
            (
                #"{"version": 1, "switches": [{"id": "a", "position": {"x": 790, "y": 10}}]}"#,
                "switches[0]: \"a\" lies outside the 800×480 screen"
            ),
            (
                #"{"version": 1, "layout": {"columns": 1, "rowHeight": 200}, "switches": [{"id": "a"}, {"id": "b"}, {"id": "c"}]}"#,
                "layout: the switches need 680 px of height but the screen is 480 px high: use more columns, a smaller rowHeight or fewer switches"
            ),
            (
                #"{"version": 1, "layout": {"columns": 12, "gap": 100}, "switches": [{"id": "a"}]}"#,
                "layout: 12 columns do not fit in 800 px with these margins and gaps"
            ),
            (#"{"version": 1, "version": 1}"#, "not valid JSON: line 1, column 16: the key \"version\" appears twice"),
        ]
        for (text, expected) in cases {
            XCTAssertThrowsError(try BoardConfig.parse(text), "config: \(text)") { error in
                XCTAssertEqual("\(error)", expected, "config: \(text)")
            }
        }
    }

    func testHugeAndDeeplyNestedInputsFailCleanly() {
        let deep = String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000)
        XCTAssertThrowsError(try BoardConfig.parse(deep)) {
            XCTAssertTrue("\($0)".contains("nested deeper than 64 levels"), "\($0)")
        }
        let huge = "{\"version\": 1, \"name\": \"" + String(repeating: "x", count: 5 << 20) + "\"}"
        XCTAssertThrowsError(try BoardConfig.parse(huge)) {
            XCTAssertTrue("\($0)".contains("larger than 4 MiB"), "\($0)")
        }
    }

    /// Random bytes and randomly damaged valid configs: always a config or an error.
    func testGarbageNeverCrashes() throws {
        let valid = try Data(contentsOf: Self.boardDirectory.appendingPathComponent("rpi-7inch-dsi.json"))
        var state: UInt64 = 42
        func next() -> UInt64 {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return state >> 17
        }
        var rejected = 0
        for round in 0..<400 {
            var bytes = [UInt8](valid)
            if round % 4 == 0 {
                bytes = (0..<Int(next() % 300)).map { _ in UInt8(truncatingIfNeeded: next()) }
            } else {
                for _ in 0..<(1 + Int(next() % 4)) {
                    bytes[Int(next() % UInt64(bytes.count))] = UInt8(truncatingIfNeeded: next())
                }
            }
            if (try? BoardConfig.parse(bytes)) == nil { rejected += 1 }
        }
        XCTAssertGreaterThan(rejected, 200)
    }

    func testJSONParserRoundTripsAndUnicode() throws {
        let v = try JSONParser.parse(#"{"a": [1, 2.5, -3e2, true, null], "s": "开\u5173\ud83d\ude00\n"}"#)
        XCTAssertEqual(try JSONParser.parse(v.text), v)
        guard case .object(let members) = v, case .string(let s) = members[1].value else { return XCTFail("shape") }
        XCTAssertEqual(s, "开关😀\n")
        XCTAssertThrowsError(try JSONParser.parse("01"))
        XCTAssertThrowsError(try JSONParser.parse(#""\ud800""#))
        XCTAssertThrowsError(try JSONParser.parse("[1,]"))
    }
}

extension BoardConfigTests {
    func testTouchFiltersDecodeAndBadOnesNameThePath() throws {
        let config = try BoardConfig.parse(
            #"{"version": 1, "touch": {"filters": {"median": 5, "dejitter": 8, "phantomGuard": true}}, "switches": [{"id": "a"}]}"#
        )
        XCTAssertEqual(config.touch.filters.median, .five)
        XCTAssertTrue(config.touch.filters.dropsPhantomCornerContacts)
        XCTAssertThrowsError(
            try BoardConfig.parse(#"{"version": 1, "touch": {"filters": {"median": 4}}, "switches": [{"id": "a"}]}"#)
        ) { XCTAssertTrue("\($0)".hasPrefix("touch.filters.median"), "\($0)") }
    }
}
