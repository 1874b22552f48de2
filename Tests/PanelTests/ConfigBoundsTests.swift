import ConfigFormat
import Raster
import Widget
import XCTest

@testable import Panel

/// The configs of issues 10 and 11 that `check-config` accepted and then crashed or stalled the
/// panel, or that it accepted silently although they were wrong: each is refused, naming its path.
final class ConfigBoundsTests: XCTestCase {
    /// The error `text` gives as a config.
    private func error(_ text: String) -> String {
        do {
            _ = try BoardConfig.parse(text)
            return "accepted"
        } catch {
            return "\(error)"
        }
    }

    func testThumbSizeOf1e300IsRefusedWithItsPath() {
        // Issue 11's config: accepted, then `render` and `run` died converting it to Int.
        XCTAssertEqual(
            error(
                #"{"version":1,"display":{"mode":"800x480"},"switches":[{"id":"a"}],"theme":{"style":{"thumbSize":1e300}}}"#
            ),
            "theme.style.thumbSize: 1e+300 is out of range (0…64)")
    }

    func testHugeThumbShadowOffsetIsRefusedWithItsPath() {
        XCTAssertEqual(
            error(#"{"version":1,"switches":[{"id":"a","style":{"thumbShadow":{"offset":[0,1e300]}}}]}"#),
            "switches[0].style.thumbShadow.offset[1]: 1e+300 is out of range (-32…32)")
        XCTAssertEqual(
            error(#"{"version":1,"switches":[{"id":"a","style":{"thumbShadow":{"offset":[0,1,2]}}}]}"#),
            "switches[0].style.thumbShadow.offset: expected [x, y], got 3 numbers")
    }

    func testHugeTrackInsetIsRefusedWithItsPath() {
        XCTAssertEqual(
            error(#"{"version":1,"switches":[{"id":"a","style":{"trackInset":1e300}}]}"#),
            "switches[0].style.trackInset: 1e+300 is out of range (0…32)")
    }

    func testShadowSigmaOf180IsRefusedWithItsPath() {
        // 180–256 took 18–46 s a frame.
        XCTAssertEqual(
            error(#"{"version":1,"theme":{"style":{"thumbShadow":{"sigma":180}}},"switches":[{"id":"a"}]}"#),
            "theme.style.thumbShadow.sigma: 180 is out of range (0…4)")
    }

    func testDisplayOf16384x16384IsRefused() {
        // It took 42 s to render.
        XCTAssertEqual(
            error(#"{"version":1,"display":{"mode":"16384x16384"},"switches":[{"id":"a"}]}"#),
            #"display.mode: "16384x16384": the width and height must be 16…4096 pixels each"#)
        XCTAssertEqual(
            error(#"{"version":1,"display":{"mode":"800x480@0"},"switches":[{"id":"a"}]}"#),
            #"display.mode: "800x480@0": the refresh rate must be 1…1000 Hz"#)
        XCTAssertEqual(
            error(#"{"version":1,"display":{"mode":"99999999999999999999999x480"},"switches":[{"id":"a"}]}"#),
            #"display.mode: "99999999999999999999999x480": the width and height must be 16…4096 pixels each"#)
    }

    func testMisspeltAnimationKeyIsRefusedWithTheAllowedList() {
        // The review's new-user test: accepted without a word.
        XCTAssertEqual(
            error(#"{"version":1,"theme":{"style":{"animation":{"duraton":3}}},"switches":[{"id":"a"}]}"#),
            "theme.style.animation.duraton: unknown key (expected one of: duration, curve, damping, initialVelocity, pressDuration)"
        )
    }

    func testUnknownSizeKeyIsRefusedWithTheAllowedList() {
        XCTAssertEqual(
            error(#"{"version":1,"switches":[{"id":"a","style":{"size":{"width":60,"height":30,"depth":3}}}]}"#),
            "switches[0].style.size.depth: unknown key (expected one of: width, height)")
    }

    func testUnknownKeysInTouchFiltersAreRefused() {
        XCTAssertEqual(
            error(
                #"{"version":1,"touch":{"filters":{"dejitter":{"threshold":4,"setleTime":1}}},"switches":[{"id":"a"}]}"#
            ),
            "touch.filters.dejitter.setleTime: unknown key (expected one of: threshold, settleTime)")
    }

    func testA100KBUnknownKeyIsEchoedCutShort() {
        let key = String(repeating: "k", count: 100_000)
        let message = error(#"{"version":1,"switches":[{"id":"a"}],"\#(key)":1}"#)
        XCTAssertEqual(
            message,
            String(repeating: "k", count: 32)
                + "…: unknown key (expected one of: version, name, display, touch, keys, theme, layout, pages, sections, switches, homePage, homeAfter, wrapPages, screen, control, mqtt, homeAssistant)"
        )
        let value = String(repeating: "v", count: 100_000)
        XCTAssertEqual(
            error(#"{"version":1,"display":{"mode":"\#(value)"},"switches":[{"id":"a"}]}"#),
            "display.mode: \"" + String(repeating: "v", count: 31)
                + "… is not WIDTHxHEIGHT or WIDTHxHEIGHT@HZ (for example 800x480 or 1920x1080@60)")
        // The JSON parser's own messages too: the second key starts at column 14 + 100000 + 5.
        XCTAssertEqual(
            error(#"{"version":1,"\#(key)":1,"\#(key)":2}"#),
            "not valid JSON: line 1, column 100019: the key \"" + String(repeating: "k", count: 31) + "… appears twice")
    }

    func testTooManySwitchesAreRefused() {
        let switches = (0...BoardConfig.maximumSwitches).map { #"{"id":"s\#($0)"}"# }.joined(separator: ",")
        XCTAssertEqual(
            error(#"{"version":1,"layout":{"columns":12},"switches":[\#(switches)]}"#),
            "switches: 257 items (at most 256)")
    }

    func testTextsLongerThan256CharactersAreRefused() {
        let label = String(repeating: "é", count: 257)
        XCTAssertEqual(
            error(#"{"version":1,"switches":[{"id":"a","label":"\#(label)"}]}"#),
            "switches[0].label: \"" + String(repeating: "é", count: 31) + "… is 257 characters long (at most 256)")
    }

    /// `display.mode` is parsed by ConfigFormat's ModeRequest, as `display-probe --mode` and the
    /// DRM display's mode choice are: one syntax, one set of bounds.
    func testModesParseInOnePlace() throws {
        let config = try BoardConfig.parse(
            #"{"version":1,"display":{"mode":"1920x1080@59.94"},"switches":[{"id":"a"}]}"#)
        XCTAssertEqual(config.display.mode, ModeRequest(width: 1920, height: 1080, refresh: 59.94))
        XCTAssertEqual(config.display.mode, try ModeRequest(parsing: "1920x1080@59.94"))
        XCTAssertEqual(config.display.width, 1920)
        XCTAssertEqual(config.display.refreshRate, 59.94)
        for good in ["16x16", "4096x4096", "800x480@1", "800x480@1000", "720x1280@60"] {
            XCTAssertEqual(try ModeRequest(parsing: good).description, good)
        }
        for bad in ["15x480", "4097x480", "800x4097", "800x480@1001", "800x480@0.5"] {
            XCTAssertThrowsError(try ModeRequest(parsing: bad), bad)
        }
        for malformed in ["800X480", " 800x480", "+800x480", "800x480@ 60", "800x480@0x1p6", "800x480@inf", ""] {
            XCTAssertThrowsError(try ModeRequest(parsing: malformed, path: "--mode"), malformed) {
                XCTAssertTrue("\($0)".hasPrefix("--mode: "), "\($0)")
                XCTAssertTrue("\($0)".contains("is not WIDTHxHEIGHT"), "\($0)")
            }
        }
        // `--rotation` on the command line turns the mode with the picture, keeping the refresh.
        var display = config.display
        display.override(rotation: .quarter, format: nil)
        XCTAssertEqual(display.mode, ModeRequest(width: 1080, height: 1920, refresh: 59.94))
    }
}
