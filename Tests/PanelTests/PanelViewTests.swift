import Foundation
import Raster
import Widget
import XCTest

@testable import Panel

/// A config's panel is drawn where its layout says.
final class PanelViewTests: XCTestCase {
    func testSwitchesAreDrawnInTheirLayoutFrames() throws {
        let config = try BoardConfig.parse(
            #"{"version": 1, "theme": {"style": {"thumbShadow": null}}, "layout": {"columns": 2},"#
                + #" "switches": [{"id": "a", "initial": true}, {"id": "b"}, {"id": "c", "enabled": false}]}"#)
        let view = try PanelView(config: config, renderer: SwitchRenderer(images: [:]))
        let image = Image(width: 800, height: 480, format: .xrgb8888)
        view.draw(page: 0, on: Canvas(image: image), at: 0)
        XCTAssertEqual(view.switches.map(\.id), ["a", "b", "c"])
        let style = config.switches[0].style
        for (index, item) in view.pages[0].layout.items.enumerated() {
            let f = item.switchFrame
            // Grid cells: the switch sits at the right end of its cell, centred vertically.
            XCTAssertEqual(f.maxX, item.cell.maxX)
            XCTAssertEqual(f.midY, item.cell.midY)
            // The thumb's centre is white (disabled: blended toward the background at half opacity).
            let on = config.switches[index].initial
            let thumbX = on ? f.maxX - style.padding - 13.5 : f.minX + style.padding + 13.5
            let p = image.pixel(x: Int(thumbX), y: Int(f.midY))
            if config.switches[index].enabled {
                XCTAssertEqual(p.argb, 0xFFFF_FFFF, "switch \(item.id)")
            } else {
                XCTAssertGreaterThan(p.red, 0xF0, "disabled switch \(item.id)")
            }
            // Beside the frame: background.
            XCTAssertEqual(image.pixel(x: Int(f.minX) - 3, y: Int(f.midY)), config.theme.background.premultiplied)
        }
        XCTAssertTrue(view.toggle(id: "a")!.isOn)
        XCTAssertFalse(view.toggle(id: "c")!.isEnabled)
    }
}
