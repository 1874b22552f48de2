import Foundation
import Panel
import Raster
import RasterPNG
import XCTest

@testable import PanelTesting

/// The scenarios shipped in scenarios/ (two per board in board-configs/: a tour, and every thumb
/// slid both ways, written by scripts/slide-scenarios.py), run by `make test`
/// through the same library `switchpanel test` uses; exact geometry behind one reviewed golden;
/// and the example test of docs/render-tests.md, which is this target's ReadmeExampleTests.swift word
/// for word.
final class ShippedScenarioTests: XCTestCase {
    let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()

    func testEveryShippedScenarioPasses() throws {
        let scenarios = repository.appendingPathComponent("scenarios").path
        var report: [String] = []
        // A failure's pictures go under .build, not into the source tree.
        let failures = repository.appendingPathComponent(".build/test-failures/scenarios").path
        let suite = ScenarioSuite.run(
            [scenarios], options: .init(failureDirectory: failures), report: { report.append($0) })
        XCTAssertEqual(suite.exitStatus, 0, report.joined(separator: "\n"))
        XCTAssertGreaterThanOrEqual(suite.results.count, 5)
        for result in suite.results {
            XCTAssertGreaterThan(result.checks, 0, "\(result.file) expects something")
        }
        // Printed for docs/render-tests.md's figure (real time, debug build): not asserted, speed is measured
        // by benchmarks.
        print(report.joined(separator: "\n"))
    }

    /// Every board in board-configs/ has a scenario that runs it.
    func testEveryBoardHasAScenario() throws {
        let boards = try FileManager.default.contentsOfDirectory(
            atPath: repository.appendingPathComponent("board-configs").path
        ).filter { $0.hasSuffix(".json") }
        let scenarios = ScenarioSuite.scenarioFiles([repository.appendingPathComponent("scenarios").path])
        let covered = try Set(
            scenarios.map { file in
                (try Scenario.parse(Array(try Data(contentsOf: URL(fileURLWithPath: file))))).board
            }.map { ($0 as NSString).lastPathComponent })
        XCTAssertEqual(Set(boards).subtracting(covered), [], "boards without a scenario")
    }

    /// Exact geometry behind the reviewed golden rpi-7inch-dsi-porch-on.png: after a tap, the
    /// porch switch's track is the style's on colour and its thumb, at the right end, is the
    /// thumb colour, pixel for pixel, on the screen and in the golden; the thumb's old place at
    /// the left end is no longer white.
    func testThePorchSwitchAfterATapIsTheOnColourWhereGeometrySaysSo() throws {
        let panel = try HeadlessPanel(
            boardAt: repository.appendingPathComponent("board-configs/rpi-7inch-dsi.json").path)
        let toggle = try XCTUnwrap(panel.embedded.session.controller.view.toggle(id: "porch"))
        let frame = toggle.frame
        let style = toggle.style
        let golden = try PNG.read(
            path: repository.appendingPathComponent("scenarios/goldens/rpi-7inch-dsi-porch-on.png").path)
        // The thumb's radius: the frame's height less the padding on both sides, halved.
        let radius = (frame.height - 2 * style.padding) / 2
        XCTAssertEqual(radius, 13.5)
        // Pixels wholly inside: the left cap of the track (8 px in from the left end, where the
        // thumb of a switch that is on is not) and the thumb's centre at the right end.
        let track = (x: Int(frame.minX + 8), y: Int(frame.midY))
        let thumb = (x: Int(frame.maxX - style.padding - radius), y: Int(frame.midY))
        XCTAssertEqual(track.x, 351)
        XCTAssertEqual(thumb.x, 378)
        let trackOn = style.trackColorOn.premultiplied
        let thumbOn = style.thumbColorOn.premultiplied

        let before = try panel.snapshot()
        XCTAssertEqual(before.pixel(x: track.x, y: track.y), style.thumbColorOff.premultiplied, "the thumb, off")

        try panel.tap("porch")
        try panel.wait(0.5)
        let screen = try panel.snapshot()
        for image in [screen, golden] {
            XCTAssertEqual(image.pixel(x: track.x, y: track.y), trackOn)
            XCTAssertEqual(image.pixel(x: thumb.x, y: thumb.y), thumbOn)
        }
        XCTAssertEqual(trackOn, PremultipliedColor(red: 0x34, green: 0xC7, blue: 0x59, alpha: 255))
    }

    /// The example of docs/render-tests.md (the README's, before the guides) is
    /// ReadmeExampleTests.swift, so the guide cannot show a test that does not compile or pass.
    func testTheReadmeExampleIsTheExampleTestFile() throws {
        let readme = try String(
            contentsOf: repository.appendingPathComponent("docs/render-tests.md"), encoding: .utf8)
        let example = try String(
            contentsOf: repository.appendingPathComponent("Tests/PanelTestingTests/ReadmeExampleTests.swift"),
            encoding: .utf8)
        let marker = "<!-- Tests/PanelTestingTests/ReadmeExampleTests.swift -->\n```swift\n"
        let start = try XCTUnwrap(readme.range(of: marker), "docs/render-tests.md marks its example").upperBound
        let end = try XCTUnwrap(readme.range(of: "```\n", range: start..<readme.endIndex)).lowerBound
        XCTAssertEqual(String(readme[start..<end]), example)
    }
}
