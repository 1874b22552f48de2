import Foundation
import PanelTesting
import XCTest

/// docs/render-tests.md's example render test: tap a switch, let virtual time pass, check its state and
/// compare the screen with a reviewed golden image.
final class PorchLightTests: XCTestCase {
    /// This repository (the file sits in Tests/PanelTestingTests/).
    let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()

    func testTappingThePorchSwitchTurnsItOn() throws {
        let board = repository.appendingPathComponent("board-configs/rpi-7inch-dsi.json").path
        let panel = try HeadlessPanel(boardAt: board)
        XCTAssertEqual(panel.state("porch"), false)

        try panel.tap("porch")
        try panel.wait(0.5)  // virtual time: the animation runs to its end in no real time

        XCTAssertEqual(panel.state("porch"), true)
        let golden = repository.appendingPathComponent("scenarios/goldens/rpi-7inch-dsi-porch-on.png").path
        let comparison = try GoldenImage.compare(try panel.snapshot(), toGolden: golden, tolerance: 0)
        XCTAssertTrue(comparison.passes, comparison.description)
    }
}
