import ConfigFormat
import Panel
import XCTest

@testable import PanelTesting

/// Scenario files are read like board configs: every error names its JSON path and the reason.
final class ScenarioParserTests: XCTestCase {
    /// A scenario with `steps` (JSON text of the array's items) on a fixed board path.
    func scenario(_ steps: String, top: String = "") -> String {
        #"{"version": 1, "board": "board.json", \#(top) "steps": [\#(steps)]}"#
    }

    func error(_ text: String, file: StaticString = #filePath, line: UInt = #line) -> ConfigError? {
        do {
            _ = try Scenario.parse(text)
            XCTFail("accepted: \(text)", file: file, line: line)
            return nil
        } catch {
            return error
        }
    }

    func testEveryStepKindReadsAsTheReferenceSaysAndKeepsItsPath() throws {
        let s = try Scenario.parse(
            scenario(
                """
                {"tap": "porch"}, {"tap": [10, 20.5]}, {"drag": {"from": "porch", "to": [300, 90], "duration": 0.25}},
                {"press": {"contact": 1, "at": "fan"}}, {"move": {"contact": 1, "to": [5, 6]}}, {"release": 1},
                {"wait": 5}, {"set": {"porch": "on", "fan": "toggle"}},
                {"expect": {"screen": "goldens/a.png", "tolerance": 3, "state": {"porch": "on"}}},
                {"expect": {"state": {"fan": "off"}}}, {"replay": "taps.events"},
                {"replay": {"file": "taps.events", "device": "screen.desc"}}, {"expect": {"page": 1}},
                {"key": "tab"}, {"key": "shift+tab"}, {"key": "enter"}, {"key": "space"},
                {"key": "up"}, {"key": "down"}, {"key": "left"}, {"key": "right"},
                {"screen": "blank"}, {"screen": "wake"}, {"page": 2}, {"page": "Upstairs"},
                {"slide": {"switch": "fan", "to": "on", "duration": 1.5}}, {"slide": {"switch": "porch", "to": "off"}}
                """, top: #""name": "All steps", "states": {"porch": "off"},"#))
        XCTAssertEqual(s.name, "All steps")
        XCTAssertEqual(s.board, "board.json")
        XCTAssertEqual(s.states.map { "\($0.path)=\($0.value)" }, ["states.porch=false"])
        XCTAssertEqual(s.steps.map(\.path), (0..<27).map { "steps[\($0)]" })
        let described = s.steps.map { step -> String in
            switch step.action {
            case .tap(let t): "tap \(t)"
            case .drag(let from, let to, let d): "drag \(from) \(to) \(d)"
            case .slide(let id, let d): "slide \(id.id)=\(id.value)@\(id.path) \(d)"
            case .press(let c, let at): "press \(c) \(at)"
            case .move(let c, let to): "move \(c) \(to)"
            case .release(let c): "release \(c)"
            case .wait(let s): "wait \(s)"
            case .set(let targets): "set " + targets.map { "\($0.id)=\($0.value)@\($0.path)" }.joined(separator: " ")
            case .expect(let screen, let states, let page):
                "expect \(screen.map { "\($0.golden)~\($0.tolerance)" } ?? "-") "
                    + states.map { "\($0.id)=\($0.value)@\($0.path)" }.joined(separator: " ")
                    + (page.map { " page \($0.value)@\($0.path)" } ?? "")
            case .replay(let file, let device): "replay \(file) \(device ?? "-")"
            case .key(let key): "key \(key)"
            case .screen(let blank): blank ? "screen blank" : "screen wake"
            case .page(let target): "page \(target)"
            }
        }
        XCTAssertEqual(
            described,
            [
                "tap switchID(\"porch\")", "tap point(Raster.Point(x: 10.0, y: 20.5))",
                "drag switchID(\"porch\") point(Raster.Point(x: 300.0, y: 90.0)) 0.25", "press 1 switchID(\"fan\")",
                "move 1 point(Raster.Point(x: 5.0, y: 6.0))", "release 1", "wait 5.0",
                "set porch=on@steps[7].set.porch fan=toggle@steps[7].set.fan",
                "expect goldens/a.png~3 porch=true@steps[8].expect.state.porch",
                "expect - fan=false@steps[9].expect.state.fan", "replay taps.events -",
                "replay taps.events screen.desc", "expect -  page 1@steps[12].expect.page",
                // As a keyboard's keys: Tab on, Shift+Tab back, the arrows by where they point.
                "key next", "key previous", "key activate", "key activate", "key up", "key down",
                "key left", "key right",
                // As the control socket's screen and page requests.
                "screen blank", "screen wake", "page index(2)", "page title(\"Upstairs\")",
                // A thumb slid end to end; 0.3 s unless the step says.
                "slide fan=true@steps[25].slide.switch 1.5", "slide porch=false@steps[26].slide.switch 0.3",
            ])
    }

    func testErrorsNameTheJSONPathAndTheReason() {
        let cases: [(String, String)] = [
            ("{", "not valid JSON: line 1, column 2: unexpected end of file (an object is not closed)"),
            (#"{"board": "b.json", "steps": []}"#, "version: missing"),
            (
                #"{"version": 2, "board": "b.json", "steps": []}"#,
                "version: 2 is newer than this program reads (1); upgrade switchpanel"
            ),
            (#"{"version": 1, "steps": []}"#, "board: missing"),
            (
                scenario("", top: #""boards": "x","#),
                "boards: unknown key (expected one of: version, name, board, states, steps)"
            ),
            (
                scenario(#"{"tap": "a", "wait": 1}"#),
                "steps[0]: a step has exactly one key, its kind (tap, drag, slide, press, move, release, wait, set, expect, replay, key, screen, page); this one has 2"
            ),
            (
                scenario(#""tap""#),
                #"steps[0]: expected a step such as {"tap": "porch"} or {"wait": 0.3}, got a string"#
            ),
            (
                scenario(#"{"wait": 1}, {"swipe": "a"}"#),
                "steps[1].swipe: unknown step (expected one of: tap, drag, slide, press, move, release, wait, set, expect, replay, key, screen, page)"
            ),
            (scenario(#"{"wait": -1}"#), "steps[0].wait: -1 is out of range (0…86400)"),
            (scenario(#"{"tap": 3}"#), "steps[0].tap: expected a switch id or [x, y], got a number"),
            (scenario(#"{"tap": [1]}"#), "steps[0].tap: expected [x, y], got 1 numbers"),
            (scenario(#"{"drag": {"from": "a", "to": "b"}}"#), "steps[0].drag.duration: missing"),
            (scenario(#"{"slide": {"switch": "a"}}"#), "steps[0].slide.to: missing"),
            (scenario(#"{"slide": {"switch": "a", "to": "up"}}"#), #"steps[0].slide.to: "up" is not one of: on, off"#),
            (
                scenario(#"{"slide": {"switch": "a", "to": "on", "duration": 61}}"#),
                "steps[0].slide.duration: 61 is out of range (0.001…60)"
            ),
            (
                scenario(#"{"drag": {"from": "a", "to": "b", "duration": 0}}"#),
                "steps[0].drag.duration: 0 is out of range (0.001…60)"
            ),
            (scenario(#"{"press": {"contact": 11, "at": "a"}}"#), "steps[0].press.contact: 11 is out of range (1…10)"),
            (scenario(#"{"release": 1.5}"#), "steps[0].release: expected a whole number, got 1.5"),
            (scenario(#"{"set": {"porch": "up"}}"#), #"steps[0].set.porch: "up" is not one of: on, off, toggle"#),
            (scenario(#"{"set": {}}"#), "steps[0].set: names no switch"),
            (
                scenario(#"{"expect": {"screen": "a.png", "tolerance": 256}}"#),
                "steps[0].expect.tolerance: 256 is out of range (0…255)"
            ),
            (
                scenario(#"{"expect": {"tolerance": 2}}"#),
                #"steps[0].expect.tolerance: goes with "screen" (the golden image it applies to)"#
            ),
            (scenario(#"{"expect": {}}"#), #"steps[0].expect: expects nothing (give "screen", "state" and/or "page")"#),
            (
                scenario(#"{"expect": {"state": {"porch": true}}}"#),
                "steps[0].expect.state.porch: expected a string, got a boolean"
            ),
            (scenario(#"{"replay": {"device": "x.desc"}}"#), "steps[0].replay.file: missing"),
            (scenario("", top: #""states": {"porch": "dim"},"#), #"states.porch: "dim" is not one of: on, off"#),
            (
                scenario(#"{"wait": 1}, {"key": "escape"}"#),
                #"steps[1].key: "escape" is not one of: tab, shift+tab, enter, space, up, down, left, right"#
            ),
            (scenario(#"{"key": 15}"#), "steps[0].key: expected a string, got a number"),
            (scenario(#"{"expect": {"page": -1}}"#), "steps[0].expect.page: -1 is out of range (0…15)"),
            (scenario(#"{"screen": "off"}"#), #"steps[0].screen: "off" is not one of: blank, wake"#),
            (scenario(#"{"screen": true}"#), "steps[0].screen: expected a string, got a boolean"),
            (scenario(#"{"page": 16}"#), "steps[0].page: 16 is out of range (0…15)"),
            (scenario(#"{"page": [1]}"#), "steps[0].page: expected a page number or title, got an array"),
        ]
        for (text, message) in cases {
            XCTAssertEqual(error(text)?.description, message, text)
        }
    }

    /// What only the board can tell: ids, the screen's size, contacts pressed before they lift.
    func testChecksAgainstTheBoardNameThePathToo() throws {
        let board = try BoardConfig.parse(
            #"{"version": 1, "display": {"mode": "800x480"}, "switches": [{"id": "porch"}, {"id": "fan"}]}"#)
        let cases: [(String, String)] = [
            (
                scenario(#"{"tap": "garage"}"#),
                #"steps[0].tap: no switch "garage" on the board (there are: porch, fan)"#
            ),
            (scenario(#"{"tap": [800, 10]}"#), "steps[0].tap: [800, 10] is off the screen (800x480)"),
            (
                scenario(#"{"slide": {"switch": "garage", "to": "on"}}"#),
                #"steps[0].slide.switch: no switch "garage" on the board (there are: porch, fan)"#
            ),
            (
                scenario(#"{"drag": {"from": "porch", "to": [10, -1], "duration": 1}}"#),
                "steps[0].drag.to: [10, -1] is off the screen (800x480)"
            ),
            (
                scenario(#"{"set": {"porch": "on", "attic": "off"}}"#),
                #"steps[0].set.attic: no switch "attic" on the board (there are: porch, fan)"#
            ),
            (
                scenario(#"{"expect": {"state": {"Porch": "on"}}}"#),
                #"steps[0].expect.state.Porch: no switch "Porch" on the board (there are: porch, fan)"#
            ),
            (
                scenario("", top: #""states": {"attic": "on"},"#),
                #"states.attic: no switch "attic" on the board (there are: porch, fan)"#
            ),
            (
                scenario(#"{"expect": {"page": 1}}"#),
                "steps[0].expect.page: page 1 is not on the board (it has 1 page, 0…0)"
            ),
            (
                scenario(#"{"page": 2}"#),
                "steps[0].page: page 2 is not on the board (it has 1 page, 0…0)"
            ),
            (
                scenario(#"{"page": "Upstairs"}"#),
                #"steps[0].page: "Upstairs" is not a page's title (the pages: "Page 1")"#
            ),
            (scenario(#"{"release": 2}"#), "steps[0].release: contact 2 is not down"),
            (scenario(#"{"move": {"contact": 1, "to": "fan"}}"#), "steps[0].move.contact: contact 1 is not down"),
            (
                scenario(#"{"press": {"contact": 1, "at": "fan"}}, {"press": {"contact": 1, "at": "porch"}}"#),
                "steps[1].press.contact: contact 1 is already down"
            ),
            (
                scenario(#"{"press": {"contact": 3, "at": "fan"}}, {"replay": "x.events"}"#),
                "steps[1].replay: contacts [3] are down: release them first"
            ),
        ]
        for (text, message) in cases {
            let parsed = try Scenario.parse(text)
            XCTAssertThrowsError(try parsed.check(against: board), text) { error in
                XCTAssertEqual("\(error)", message, text)
            }
        }
        XCTAssertNoThrow(
            try Scenario.parse(
                scenario(
                    #"{"press": {"contact": 1, "at": "fan"}}, {"release": 1}, {"tap": [799, 479]}, {"page": 0}, {"page": "Page 1"}"#
                )
            ).check(against: board))
    }
}
