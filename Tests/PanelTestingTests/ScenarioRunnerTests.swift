import Foundation
import FoundationXML
import Raster
import RasterPNG
import XCTest

@testable import PanelTesting

/// Scenario files run end to end in a temporary directory: a failing screen and its pictures and
/// numbers, tolerance, `--update`, JUnit, and the exit statuses.
final class ScenarioRunnerTests: XCTestCase {
    var directory = ""

    override func setUpWithError() throws {
        directory = NSTemporaryDirectory() + "scenario-\(getpid())-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: directory + "/goldens", withIntermediateDirectories: true)
        // A small screen: the tests run in a debug build.
        try write(
            "board.json",
            #"{"version": 1, "display": {"mode": "320x200"}, "layout": {"columns": 1}, "switches": [{"id": "porch", "label": "Porch", "actions": [{"run": ["/bin/false"]}]}, {"id": "spare", "enabled": false}]}"#
        )
    }

    override func tearDownWithError() throws { try? FileManager.default.removeItem(atPath: directory) }

    func write(_ name: String, _ text: String) throws {
        try Data(text.utf8).write(to: URL(fileURLWithPath: directory + "/" + name))
    }

    func path(_ name: String) -> String { directory + "/" + name }

    /// A scenario on board.json: tap porch, settle, compare with `golden` at `tolerance`.
    func writeScenario(_ name: String = "s.json", golden: String = "goldens/porch-on.png", tolerance: Int = 0) throws {
        try write(
            name,
            """
            {"version": 1, "board": "board.json", "steps": [{"tap": "porch"}, {"wait": 0.5},
             {"expect": {"state": {"porch": "on"}, "screen": "\(golden)", "tolerance": \(tolerance)}}]}
            """)
    }

    /// The screen the scenario above ends on, through the Swift API.
    func porchOnScreen() throws -> Image {
        let panel = try HeadlessPanel(boardAt: path("board.json"))
        try panel.tap("porch")
        try panel.wait(0.5)
        return try panel.snapshot()
    }

    /// The screen with three pixels' red channel lowered by 40, 7 and 100 levels.
    func goldenWithThreeChangedPixels() throws -> Image {
        let golden = try porchOnScreen().converted(to: .argb8888)
        for (x, y, by) in [(10, 5, 40), (20, 5, 7), (3, 100, 100)] {
            let p = golden.pixel(x: x, y: y)
            golden.setPixel(
                x: x, y: y, PremultipliedColor(red: p.red - UInt8(by), green: p.green, blue: p.blue, alpha: 255))
        }
        return golden
    }

    func testAFailingScreenWritesExpectedActualAndDiffAndSaysWhereAndHowMuch() throws {
        let actual = try porchOnScreen()
        try PNG.write(try goldenWithThreeChangedPixels(), to: path("goldens/porch-on.png"))
        try writeScenario(tolerance: 10)
        var report: [String] = []
        let suite = ScenarioSuite.run([path("s.json")], report: { report.append($0) })
        XCTAssertEqual(suite.exitStatus, 1)
        let result = try XCTUnwrap(suite.results.first)
        XCTAssertEqual(result.outcome, .failed)
        XCTAssertEqual(result.checks, 2, "the state and the screen")
        let failure = try XCTUnwrap(result.failures.first)
        XCTAssertEqual(result.failures.count, 1, "the state is right")
        XCTAssertEqual(failure.step, "steps[2].expect.screen")
        // 40 and 100 exceed the tolerance of 10; 7 does not. The first in reading order is (10, 5).
        XCTAssertEqual(
            failure.message,
            "\(path("goldens/porch-on.png")): 2 of 64000 pixels differ by more than 10, the first at (10, 5); "
                + "largest channel difference 100 at (3, 100)")
        XCTAssertEqual(failure.images, ["expected", "actual", "diff"].map { path("goldens/porch-on.\($0).png") })
        XCTAssertEqual(
            report,
            [
                "FAIL \(path("s.json")): 1 of 2 checks failed", "  steps[2].expect.screen: \(failure.message)",
                "    expected \(path("goldens/porch-on.expected.png"))",
                "    actual   \(path("goldens/porch-on.actual.png"))",
                "    diff     \(path("goldens/porch-on.diff.png"))",
                suite.summary,
            ])
        XCTAssertTrue(suite.summary.hasPrefix("1 scenario: 0 passed, 1 failed ("), suite.summary)

        // The pictures: the golden, the screen, and red where over the tolerance, yellow where
        // under it but not equal, grey where equal.
        let expectedPicture = try PNG.read(path: path("goldens/porch-on.expected.png"))
        XCTAssertEqual(
            ImageDifference(actual: expectedPicture, expected: try goldenWithThreeChangedPixels()).largest, 0)
        XCTAssertEqual(
            ImageDifference(actual: try PNG.read(path: path("goldens/porch-on.actual.png")), expected: actual).largest,
            0)
        let diff = try PNG.read(path: path("goldens/porch-on.diff.png"))
        XCTAssertEqual(diff.pixel(x: 10, y: 5), PremultipliedColor(red: 255, green: 0, blue: 0, alpha: 255))
        XCTAssertEqual(diff.pixel(x: 3, y: 100), PremultipliedColor(red: 255, green: 0, blue: 0, alpha: 255))
        XCTAssertEqual(diff.pixel(x: 20, y: 5), PremultipliedColor(red: 255, green: 200, blue: 0, alpha: 255))
        var grey = 0
        for y in 0..<diff.height {
            for x in 0..<diff.width {
                let p = diff.pixel(x: x, y: y)
                if p.red == p.green && p.green == p.blue && p.red >= 191 { grey += 1 }
            }
        }
        XCTAssertEqual(grey, 320 * 200 - 3, "every equal pixel is a pale grey")

        // Fixed (the golden re-recorded from the screen): it passes and the stale pictures go.
        try PNG.write(actual, to: path("goldens/porch-on.png"))
        XCTAssertEqual(ScenarioSuite.run([path("s.json")]).exitStatus, 0)
        XCTAssertFalse(FileManager.default.fileExists(atPath: path("goldens/porch-on.diff.png")))
    }

    /// Tolerance: the most any channel of any pixel may be off. The largest difference here is 100.
    func testToleranceIsTheLargestChannelDifferenceAllowed() throws {
        try PNG.write(try goldenWithThreeChangedPixels(), to: path("goldens/porch-on.png"))
        for (tolerance, differing) in [(0, 3), (7, 2), (39, 2), (40, 1), (99, 1), (100, 0), (255, 0)] {
            try writeScenario(tolerance: tolerance)
            let result = ScenarioSuite.run([path("s.json")], options: .init(failureDirectory: path("failures")))
                .results[0]
            XCTAssertEqual(result.outcome, differing == 0 ? .passed : .failed, "tolerance \(tolerance)")
            if differing > 0 {
                XCTAssertTrue(
                    result.failures[0].message.contains(
                        ": \(differing) of 64000 pixels differ by more than \(tolerance),"),
                    result.failures[0].message)
                // --failures DIR: the pictures go there, not beside the golden.
                XCTAssertEqual(result.failures[0].images.first, path("failures/porch-on.expected.png"))
            }
        }
        XCTAssertFalse(FileManager.default.fileExists(atPath: path("goldens/porch-on.actual.png")))
    }

    func testUpdateRecordsGoldensAndSaysWhichChangedAndWhichWereIdentical() throws {
        try write(
            "s.json",
            """
            {"version": 1, "board": "board.json", "steps": [
             {"expect": {"screen": "goldens/at-rest.png"}}, {"tap": "porch"}, {"wait": 0.5},
             {"expect": {"screen": "goldens/porch-on.png", "state": {"porch": "on"}}},
             {"expect": {"screen": "goldens/new/porch-on-again.png"}}]}
            """)
        try PNG.write(try goldenWithThreeChangedPixels(), to: path("goldens/porch-on.png"))
        let atRest = try HeadlessPanel(boardAt: path("board.json")).snapshot()
        try PNG.write(atRest, to: path("goldens/at-rest.png"))
        let before = try Data(contentsOf: URL(fileURLWithPath: path("goldens/at-rest.png")))

        var report: [String] = []
        let suite = ScenarioSuite.run([path("s.json")], options: .init(update: true), report: { report.append($0) })
        XCTAssertEqual(suite.exitStatus, 0)
        XCTAssertEqual(
            Array(report.dropFirst().dropLast()),
            [
                "  identical \(path("goldens/at-rest.png"))",
                "  changed   \(path("goldens/porch-on.png")) (3 pixels differed, the largest channel difference 100)",
                "  created   \(path("goldens/new/porch-on-again.png"))",
            ])
        XCTAssertEqual(
            try Data(contentsOf: URL(fileURLWithPath: path("goldens/at-rest.png"))), before, "left as it was")
        XCTAssertEqual(ScenarioSuite.run([path("s.json")]).exitStatus, 0, "the recorded goldens pass")
        // A second update finds them all identical.
        let again = ScenarioSuite.run([path("s.json")], options: .init(update: true)).results[0]
        XCTAssertEqual(again.updates.map(\.update), [.identical, .identical, .identical])
    }

    /// A golden that is not a PNG fails its expectation saying so; --update replaces it.
    func testAGoldenThatIsNotAPNGFailsAndIsReplacedByUpdate() throws {
        try write("goldens/porch-on.png", "<<<<<<< HEAD")
        try writeScenario()
        let failed = ScenarioSuite.run([path("s.json")]).results[0]
        XCTAssertEqual(failed.outcome, .failed)
        XCTAssertEqual(failed.failures.map(\.step), ["steps[2].expect.screen"])
        XCTAssertTrue(failed.failures[0].message.hasPrefix("cannot decode PNG: "), failed.failures[0].message)
        XCTAssertTrue(failed.failures[0].message.hasSuffix(" (--update replaces it)"), failed.failures[0].message)
        let updated = ScenarioSuite.run([path("s.json")], options: .init(update: true)).results[0]
        XCTAssertEqual(updated.updates.map(\.update), [.changed(nil)])
        XCTAssertEqual(ScenarioSuite.run([path("s.json")]).exitStatus, 0)
    }

    func testJUnitReportAndExitStatuses() throws {
        try PNG.write(try porchOnScreen(), to: path("goldens/porch-on.png"))
        try writeScenario("pass.json")
        try write(
            "fail.json",
            #"{"version": 1, "board": "board.json", "steps": [{"set": {"spare": "on"}}, {"expect": {"state": {"porch": "on"}}}]}"#
        )
        try write("invalid.json", #"{"version": 1, "board": "board.json", "steps": [{"key": "escape"}]}"#)
        XCTAssertEqual(ScenarioSuite.run([path("pass.json")]).exitStatus, 0)
        XCTAssertEqual(ScenarioSuite.run([path("pass.json"), path("fail.json")]).exitStatus, 1)
        let suite = ScenarioSuite.run([directory])  // a directory: its *.json files, in name order
        XCTAssertEqual(suite.exitStatus, 2, "a scenario that is not valid")
        XCTAssertEqual(suite.results.map(\.file), ["board.json", "fail.json", "invalid.json", "pass.json"].map(path))
        XCTAssertEqual(
            suite.results[0].outcome,
            .invalid("display: unknown key (expected one of: version, name, board, states, steps)"),
            "a board config is not a scenario")
        XCTAssertEqual(
            suite.results[1].failures.map { "\($0.step): \($0.message)" },
            [
                "steps[0]: the panel refused to set spare: switch \"spare\" is disabled",
                "steps[1].expect.state.porch: porch is off, expected on",
            ])
        XCTAssertEqual(
            suite.results[2].outcome,
            .invalid(#"steps[0].key: "escape" is not one of: tab, shift+tab, enter, space, up, down, left, right"#))

        try suite.writeJUnit(to: path("junit.xml"))
        let xml = try XMLDocument(contentsOf: URL(fileURLWithPath: path("junit.xml")))
        let root = try XCTUnwrap(xml.rootElement())
        XCTAssertEqual(root.name, "testsuites")
        XCTAssertEqual(root.attribute(forName: "tests")?.stringValue, "4")
        XCTAssertEqual(root.attribute(forName: "failures")?.stringValue, "1")
        XCTAssertEqual(root.attribute(forName: "errors")?.stringValue, "2")
        let cases = try xml.nodes(forXPath: "/testsuites/testsuite/testcase").compactMap { $0 as? XMLElement }
        XCTAssertEqual(cases.map { $0.attribute(forName: "name")?.stringValue }, ["board", "fail", "invalid", "pass"])
        XCTAssertEqual(
            cases.map { $0.children?.compactMap { ($0 as? XMLElement)?.name } ?? [] },
            [["error"], ["failure"], ["error"], []])
        let failure = try XCTUnwrap(cases[1].elements(forName: "failure").first)
        XCTAssertEqual(
            failure.attribute(forName: "message")?.stringValue,
            "steps[0]: the panel refused to set spare: switch \"spare\" is disabled")
        XCTAssertTrue(failure.stringValue?.contains("porch is off, expected on") == true, failure.stringValue ?? "")
        XCTAssertEqual(
            cases[2].elements(forName: "error").first?.attribute(forName: "message")?.stringValue,
            #"steps[0].key: "escape" is not one of: tab, shift+tab, enter, space, up, down, left, right"#)
    }

    /// A board that blanks after 5 idle seconds: a wait of 6 takes no real time, the screen is
    /// black, and the touch that wakes it toggles nothing (the panel's own rule).
    func testIdleBlankingInVirtualTimeAndTheWakingTouchSwallowed() throws {
        try write(
            "blanking.json",
            #"{"version": 1, "display": {"mode": "320x200"}, "screen": {"blankAfter": 5}, "switches": [{"id": "porch"}]}"#
        )
        let panel = try HeadlessPanel(boardAt: path("blanking.json"))
        let lit = try panel.snapshot()
        try panel.wait(4.9)
        XCTAssertFalse(panel.isBlank)
        try panel.wait(0.2)
        XCTAssertTrue(panel.isBlank)
        let dark = try panel.snapshot()
        XCTAssertEqual(
            ImageDifference(actual: dark, expected: Image(width: 320, height: 200, format: .xrgb8888)).largest, 0,
            "black")
        try panel.tap("porch")
        try panel.wait(0.5)
        XCTAssertFalse(panel.isBlank)
        XCTAssertEqual(panel.state("porch"), false, "the waking tap is swallowed")
        XCTAssertEqual(ImageDifference(actual: try panel.snapshot(), expected: lit).largest, 0, "lit again, as before")
        try panel.tap("porch")
        try panel.wait(0.5)
        XCTAssertEqual(panel.state("porch"), true)
        XCTAssertEqual(panel.time, 4.9 + 0.2 + 2 * (HeadlessPanel.tapDuration + 0.5), accuracy: 1e-9)
    }

    /// `screen` and `page` steps do what the control socket's requests do: a blanked screen is
    /// black and the touch that wakes it is swallowed; woken from the socket, the next touch
    /// toggles; a page named by title or number slides in. A page the board lacks is refused
    /// by the panel through the Swift API as the socket refuses it.
    func testScreenAndPageStepsAsTheControlSocketsRequests() throws {
        try write(
            "pages.json",
            #"{"version": 1, "display": {"mode": "320x200"}, "pages": [{"title": "Downstairs", "switches": [{"id": "porch"}]}, {"title": "Upstairs", "switches": [{"id": "attic"}]}]}"#
        )
        try PNG.write(Image(width: 320, height: 200, format: .xrgb8888), to: path("goldens/black.png"))
        try write(
            "p.json",
            """
            {"version": 1, "board": "pages.json", "steps": [
             {"screen": "blank"}, {"wait": 0.1}, {"expect": {"screen": "goldens/black.png"}},
             {"tap": "porch"}, {"wait": 0.5}, {"expect": {"state": {"porch": "off"}}},
             {"screen": "blank"}, {"screen": "wake"}, {"tap": "porch"}, {"wait": 0.5},
             {"expect": {"state": {"porch": "on"}}},
             {"page": "Upstairs"}, {"wait": 1}, {"expect": {"page": 1}},
             {"tap": "attic"}, {"wait": 0.5}, {"expect": {"state": {"attic": "on"}}},
             {"page": 0}, {"wait": 1}, {"expect": {"page": 0}}]}
            """)
        let result = ScenarioRunner.run(file: path("p.json"))
        XCTAssertEqual(result.outcome, .passed, result.failures.map(\.message).joined(separator: "\n"))
        XCTAssertEqual(result.checks, 6)

        let panel = try HeadlessPanel(boardAt: path("pages.json"))
        XCTAssertThrowsError(try panel.show(page: .title("Cellar"))) { error in
            XCTAssertTrue("\(error)".hasPrefix("the panel refused page: "), "\(error)")
            XCTAssertTrue("\(error)".contains("Upstairs"), "the reply names the pages: \(error)")
        }
        try panel.screen(blank: true)
        XCTAssertTrue(panel.isBlank)
        try panel.screen(blank: false)
        XCTAssertFalse(panel.isBlank)
    }

    /// `key` steps move the focus ring and toggle as a keyboard's keys do: Tab shows the ring on
    /// the first switch, Tab moves it, Enter toggles; Shift+Tab goes back, space toggles. The ring
    /// is on the screen until 5 s after the last key.
    func testKeyStepsMoveTheFocusRingAndToggle() throws {
        try write(
            "keys.json",
            #"{"version": 1, "display": {"mode": "320x200"}, "layout": {"columns": 1}, "switches": [{"id": "porch"}, {"id": "hall"}]}"#
        )
        try write(
            "k.json",
            """
            {"version": 1, "board": "keys.json", "steps": [{"key": "tab"}, {"key": "tab"}, {"key": "enter"},
             {"wait": 0.5}, {"expect": {"state": {"porch": "off", "hall": "on"}}},
             {"key": "shift+tab"}, {"key": "space"}, {"wait": 0.5},
             {"expect": {"state": {"porch": "on", "hall": "on"}}}]}
            """)
        let result = ScenarioRunner.run(file: path("k.json"))
        XCTAssertEqual(result.outcome, .passed, result.failures.map(\.message).joined(separator: "\n"))
        XCTAssertEqual(result.checks, 4)

        // Through the Swift API: the ring shows, then goes; keys take no time.
        let panel = try HeadlessPanel(boardAt: path("keys.json"))
        let plain = try panel.snapshot()
        panel.press(.next)
        try panel.wait(0.5)
        XCTAssertEqual(panel.time, 0.5, accuracy: 1e-9)
        XCTAssertGreaterThan(
            ImageDifference(actual: try panel.snapshot(), expected: plain).differingPixels, 0, "the ring shows")
        XCTAssertEqual(panel.states, ["porch": false, "hall": false], "the first key only shows the ring")
        try panel.wait(5)
        XCTAssertEqual(ImageDifference(actual: try panel.snapshot(), expected: plain).largest, 0, "the ring is gone")
    }

    /// Errors in the files a scenario names are errors of the scenario, with paths.
    func testTheBoardAndRecordingsAreCheckedBeforeThePanelStarts() throws {
        try write("a.json", #"{"version": 1, "board": "missing.json", "steps": []}"#)
        try write(
            "b.json", #"{"version": 1, "board": "board.json", "steps": [{"wait": 1}, {"replay": "none.events"}]}"#)
        try write("c.events", "E: 0.000001 0003 0035 100\n")
        try write("d.json", #"{"version": 1, "board": "board.json", "steps": [{"replay": "c.events"}]}"#)
        try write("e.events", "X: nonsense\n")
        try write(
            "f.json",
            #"{"version": 1, "board": "board.json", "steps": [{"replay": {"file": "e.events", "device": "c.events"}}]}"#
        )
        let outcomes = ScenarioSuite.run(["a.json", "b.json", "d.json", "f.json"].map(path)).results.map(\.outcome)
        XCTAssertEqual(
            outcomes,
            [
                .invalid("board: \(path("missing.json")): cannot read \(path("missing.json")): no such file"),
                .invalid("steps[1].replay: cannot read \(path("none.events")) (missing or unreadable)"),
                .invalid("steps[0].replay: \(path("c.events")) has no device header; give the device's .desc"),
                .invalid(
                    "steps[0].replay.file: line 1: unknown line kind 'X:' (expected E:, N:, I:, P:, B: or A:)"),
            ])
    }
}
