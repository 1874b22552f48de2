import ConfigFormat
import Raster
import Widget
import XCTest

@testable import Panel

/// `layout.direction`: a right-to-left board is the left-to-right one mirrored, switch for switch,
/// with its switches mirrored too; `auto` goes by the labels.
final class RightToLeftLayoutTests: XCTestCase {
    func board(direction: String?, labels: [String] = ["a", "b", "c", "d", "e"], extra: String = "")
        throws -> BoardConfig
    {
        let layout = direction.map { #", "direction": "\#($0)""# } ?? ""
        let switches = labels.enumerated().map { #"{"id": "s\#($0.offset)", "label": "\#($0.element)"}"# }
        return try BoardConfig.parse(
            """
            {"version": 1, "display": {"mode": "800x480"}, "layout": {"columns": 3\(layout)},
             "sections": [{"title": "T", "switches": [\(switches.joined(separator: ", "))\(extra)]}]}
            """)
    }

    func testTheDirectionIsReadAndAutoGoesByMostLabels() throws {
        XCTAssertFalse(try board(direction: nil).isRightToLeft)
        XCTAssertNil(try board(direction: nil).layout.direction)
        XCTAssertFalse(try board(direction: "ltr").isRightToLeft)
        XCTAssertTrue(try board(direction: "rtl").isRightToLeft)
        XCTAssertEqual(try board(direction: "rtl").textDirection, .rightToLeft)
        XCTAssertEqual(try board(direction: nil).textDirection, .auto)
        // Three labels begin in Hebrew or Arabic (digits and punctuation first do not count), two in Latin.
        XCTAssertTrue(try board(direction: "auto", labels: ["אור", "12 غرفة", "(מטבח)", "Lamp", "Fan"]).isRightToLeft)
        XCTAssertFalse(try board(direction: "auto", labels: ["אור", "غرفة", "Lamp", "Fan", "Hall"]).isRightToLeft)
        XCTAssertFalse(try board(direction: "auto", labels: ["1", "2", "3", "4", "5"]).isRightToLeft)
        XCTAssertThrowsError(try board(direction: "up")) {
            XCTAssertEqual(($0 as? ConfigError)?.description, #"layout.direction: "up" is not one of: ltr, rtl, auto"#)
        }
    }

    func testARightToLeftLayoutIsTheMirrorOfTheLeftToRightOneAndItsSwitchesAreMirrored() throws {
        let ltr = try board(direction: "ltr")
        let rtl = try board(direction: "rtl")
        let a = try PanelLayout(config: ltr)
        let b = try PanelLayout(config: rtl)
        func mirror(_ r: Rect) -> Rect { Rect(x: 800 - r.maxX, y: r.y, width: r.width, height: r.height) }
        XCTAssertEqual(a.items.count, 5)
        for (l, r) in zip(a.items, b.items) {
            XCTAssertEqual(r.switchFrame, mirror(l.switchFrame), l.id)
            XCTAssertEqual(r.labelFrame, mirror(l.labelFrame), l.id)
            XCTAssertEqual(r.cell, mirror(l.cell), l.id)
        }
        // The first switch is in the rightmost column, at its cell's left; its label to its right.
        XCTAssertGreaterThan(b.items[0].cell.minX, b.items[1].cell.minX)
        XCTAssertEqual(b.items[0].switchFrame.minX, b.items[0].cell.minX)
        XCTAssertGreaterThan(b.items[0].labelFrame.minX, b.items[0].switchFrame.maxX)
        XCTAssertEqual(b.titles.map(\.frame), a.titles.map { mirror($0.frame) })
        XCTAssertTrue(rtl.switches.allSatisfy(\.style.isMirrored))
        XCTAssertTrue(rtl.theme.style.isMirrored)
        XCTAssertFalse(ltr.switches.contains(where: \.style.isMirrored))
    }

    func testAPlacedSwitchStaysWhereItIsWithItsLabelOnItsLeft() throws {
        let rtl = try board(
            direction: "rtl", labels: ["a"], extra: #", {"id": "p", "label": "P", "position": {"x": 500, "y": 300}}"#)
        let placed = try XCTUnwrap(try PanelLayout(config: rtl).items.first { $0.id == "p" })
        XCTAssertEqual([placed.switchFrame.x, placed.switchFrame.y], [500, 300])
        XCTAssertLessThan(placed.labelFrame.maxX, placed.switchFrame.minX)
    }
}
