import ConfigFormat
import Raster
import Widget
import XCTest

@testable import Panel

/// `labelOverflow` on the theme and per switch, and the warnings `check-config` prints for
/// labels and titles that do not show as written, measured by a renderer whose every grapheme
/// is 10 px wide.
final class LabelOverflowConfigTests: XCTestCase {
    final class TenPixelLabels: LabelRenderer {
        func measure(_ text: String, pixelSize: Double, direction: TextDirection) -> (
            width: Double, ascent: Double, descent: Double
        ) {
            (Double(text.count) * 10 * pixelSize / 17, pixelSize * 0.8, pixelSize * 0.2)
        }
        func draw(
            _ text: String, pixelSize: Double, direction: TextDirection, color: Color, baselineAt origin: Point,
            on canvas: Canvas
        ) {}
    }

    func board(_ theme: String = "", _ switches: String) throws -> BoardConfig {
        try BoardConfig.parse(
            """
            {"version": 1, "display": {"mode": "800x480"}, "theme": {\(theme)},
             "sections": [{"title": "\(String(repeating: "t", count: 100))", "switches": [\(switches)]}]}
            """)
    }

    func testTheThemeAndEachSwitchSayWhatALongLabelDoes() throws {
        let config = try board(
            #""labelOverflow": "shrink""#,
            #"{"id": "a", "label": "x"}, {"id": "b", "labelOverflow": "wrap"}"#)
        XCTAssertEqual(config.theme.labelOverflow, .shrink)
        XCTAssertEqual(config.switches.map(\.labelOverflow), [nil, .wrap])
        XCTAssertEqual(
            try BoardConfig.parse(#"{"version": 1, "switches": [{"id": "a"}]}"#).theme.labelOverflow, .truncate)
        XCTAssertThrowsError(try board(#""labelOverflow": "scroll""#, #"{"id": "a"}"#)) {
            XCTAssertEqual(
                ($0 as? ConfigError)?.description,
                #"theme.labelOverflow: "scroll" is not one of: truncate, wrap, shrink"#)
        }
        XCTAssertThrowsError(try board("", #"{"id": "a", "labelOverflow": 3}"#)) {
            XCTAssertEqual(
                ($0 as? ConfigError)?.description,
                "sections[0].switches[0].labelOverflow: expected a string, got a number")
        }
    }

    func testCheckConfigWarnsOfEveryLabelAndTitleThatDoesNotShowAsWritten() throws {
        // Two columns on 800 px: each label has 309 px, 30 graphemes at 10 px; the title 752 px.
        let long = String(repeating: "a", count: 40)
        let config = try board(
            "",
            """
            {"id": "cut", "label": "\(long)"}, {"id": "fine", "label": "Porch"},
            {"id": "two", "label": "\(String(repeating: "b", count: 20)) \(String(repeating: "c", count: 20))", "labelOverflow": "wrap"},
            {"id": "small", "label": "\(String(repeating: "d", count: 35))", "labelOverflow": "shrink"}
            """)
        let view = try PanelView(config: config, renderer: SwitchRenderer(labels: TenPixelLabels()))
        let labels = view.pages[0].labels
        XCTAssertEqual(labels[0].lines, [String(repeating: "a", count: 29) + LabelFit.ellipsis])
        XCTAssertTrue(labels[1].fits)
        XCTAssertEqual(labels[2].lines, [String(repeating: "b", count: 20), String(repeating: "c", count: 20)])
        XCTAssertEqual(labels[3].lines, [String(repeating: "d", count: 35)])
        XCTAssertEqual(labels[3].pixelSize, 17 * 0.88, accuracy: 0.02 * 17)
        XCTAssertEqual(
            view.fitWarnings,
            [
                #"warning: section "\#(String(repeating: "t", count: 100))": its title is 800 px wide in 752 px: cut to "\#(String(repeating: "T", count: 93))…""#,
                #"warning: switch cut: its label "\#(long)" is 400 px wide in 309 px: cut to "\#(String(repeating: "a", count: 29))…""#,
                #"warning: switch two: its label "\#(String(repeating: "b", count: 20)) \#(String(repeating: "c", count: 20))" is 410 px wide in 309 px: wrapped onto two lines"#,
                #"warning: switch small: its label "\#(String(repeating: "d", count: 35))" is 350 px wide in 309 px: shrunk to 15 px"#,
            ])
    }
}
