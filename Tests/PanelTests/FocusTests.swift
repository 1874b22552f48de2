import Raster
import TouchCore
import Widget
import XCTest

@testable import Panel

/// The focus ring, pure: where keys move it (across pages, skipping disabled switches, stopping
/// or wrapping at the ends), what activating does (groups too), when it hides, and the damage
/// it reports.
final class FocusTests: XCTestCase {
    /// PagesTests' board: page 0 porch, hall, all (group, all), any (group, any); page 1 bed,
    /// bath (disabled); page 2 garden.
    func makeController(wrap: Bool = false, extra: String = "") throws -> PanelController {
        let view = try PanelView(
            config: try BoardConfig.parse(PagesTests.config(wrap: wrap, extra: extra)),
            renderer: SwitchRenderer(images: [:]))
        return PanelController(view: view)
    }

    func focused(_ c: PanelController) -> String? { c.focus.map { c.view.switches[$0].id } }

    /// Presses `keys` 0.1 s apart from `t0`; returns the changes they made.
    @discardableResult
    func press(_ c: PanelController, _ keys: [PanelKey], from t0: Double) -> [SwitchChange] {
        keys.enumerated().flatMap { c.handle(key: $1, now: t0 + 0.1 * Double($0)) }
    }

    /// Two pages of three columns: a b c / d e f / g (e disabled), then h i j / k.
    func makeGridController(wrap: Bool) throws -> PanelController {
        let ids = ["a", "b", "c", "d", "e", "f", "g"].map {
            #"{"id": "\#($0)"\#($0 == "e" ? #", "enabled": false"# : "")}"#
        }
        let board = """
            {"version": 1, "wrapPages": \(wrap), "layout": {"columns": 3},
             "pages": [{"switches": [\(ids.joined(separator: ", "))]},
                       {"switches": [{"id": "h"}, {"id": "i"}, {"id": "j"}, {"id": "k"}]}]}
            """
        let view = try PanelView(config: try BoardConfig.parse(board), renderer: SwitchRenderer(images: [:]))
        return PanelController(view: view)
    }

    /// The arrows go to the switch next to the ring on screen: along its row or column (a
    /// disabled one is passed over), down to a lower row's switch when none is right below,
    /// never past the top or bottom; Left and Right go on to the neighbouring page at the
    /// ring's height, the page sliding there, and stop at the board's ends unless it wraps.
    func testArrowsMoveTheRingToTheSwitchThatWayOnScreen() throws {
        let c = try makeGridController(wrap: false)
        var t = 1.0
        func go(_ key: PanelKey, _ expected: String, page: Int, _ message: String = "") {
            press(c, [key], from: t)
            t += 0.1
            XCTAssertEqual(focused(c), expected, "\(key): \(message)")
            XCTAssertEqual(c.page, page, "\(key): \(message)")
        }
        go(.right, "a", page: 0, "the first key shows the ring")
        go(.up, "a", page: 0, "nothing above the top row")
        go(.left, "a", page: 0, "the board's left end, no wrapPages")
        go(.right, "b", page: 0)
        go(.down, "d", page: 0, "e, below, is disabled: the next row's nearest (d and f tie: config order)")
        go(.right, "f", page: 0, "past the disabled e, along the row")
        go(.left, "d", page: 0, "back past e, along the row rather than to the nearer b or g")
        go(.down, "g", page: 0)
        go(.down, "g", page: 0, "the bottom row")
        go(.right, "k", page: 1, "nothing right of g on its row: the next page, at its height")
        XCTAssertTrue(c.pager.isSettling(at: t), "the page slides to the focused switch")
        go(.up, "h", page: 1)
        go(.right, "i", page: 1)
        go(.right, "j", page: 1)
        go(.right, "j", page: 1, "the board's right end, no wrapPages")
        go(.down, "k", page: 1, "to the row of fewer switches")
        go(.left, "f", page: 0, "past the left edge: the previous page's switch nearest it at this height")
        go(.up, "c", page: 0, "straight up")
        go(.right, "h", page: 1, "the next page's left edge, top row")
        go(.left, "c", page: 0)

        // With wrapPages on two pages the other page is as near both ways: it slides in from
        // the side the arrow points to.
        let wrapping = try makeGridController(wrap: true)
        press(wrapping, [.left], from: 1)
        XCTAssertEqual(focused(wrapping), "a")
        press(wrapping, [.left], from: 1.1)
        XCTAssertEqual(focused(wrapping), "j", "with wrapPages, round to the last page's right edge")
        XCTAssertEqual(wrapping.page, 1)
        XCTAssertLessThan(
            wrapping.pager.position(at: 1.15), wrapping.pager.position(at: 1.1), "page 1 comes in from the left")
        press(wrapping, [.right], from: 3)
        XCTAssertEqual(focused(wrapping), "a", "and on round again, to page 0's left edge")
        XCTAssertEqual(wrapping.page, 0)
        XCTAssertGreaterThan(
            wrapping.pager.position(at: 3.05), wrapping.pager.position(at: 3), "page 0 comes in from the right")
    }

    /// Cells of fractional width (3 columns, screens and scales where a column is no whole
    /// number of pixels): two switches as far to either side tie, and config order decides, not
    /// the rounding of their centres.
    func testArrowTiesGoToConfigOrderWhateverTheRounding() throws {
        for (width, scale) in [(800, 1.0), (800, 1.25), (1000, 1.0), (1024, 1.5), (1280, 1.25)] {
            let board = """
                {"version": 1, "display": {"mode": "\(width)x480", "scale": \(scale)}, "layout": {"columns": 3},
                 "switches": [{"id": "a"}, {"id": "b"}, {"id": "c"}, {"id": "d"}, {"id": "e", "enabled": false},
                              {"id": "f"}]}
                """
            let c = PanelController(
                view: try PanelView(config: try BoardConfig.parse(board), renderer: SwitchRenderer(images: [:])))
            press(c, [.right, .right, .down], from: 1)
            XCTAssertEqual(focused(c), "d", "\(width) px at \(scale): below b is the disabled e; d and f tie")
        }
    }

    func testTheFirstKeyOnlyShowsTheRingThenKeysMoveIt() throws {
        let c = try makeController()
        XCTAssertNil(c.focus)
        XCTAssertFalse(c.isFocusVisible(at: 0))
        // Activate while hidden: shows the ring on the page's first switch, toggles nothing.
        XCTAssertEqual(c.handle(key: .activate, now: 1), [])
        XCTAssertEqual(focused(c), "porch")
        XCTAssertTrue(c.isFocusVisible(at: 1))
        XCTAssertEqual(c.states["porch"], false)
        press(c, [.next, .next], from: 2)
        XCTAssertEqual(focused(c), "all")
        press(c, [.previous], from: 3)
        XCTAssertEqual(focused(c), "hall")
    }

    /// Past the last switch of a page: the next page's first, and the page slides there; the
    /// disabled bath is skipped; at the last switch the ring stops (no wrapPages).
    func testMovesAcrossPagesSkipsDisabledAndStopsAtTheEnds() throws {
        let c = try makeController()
        var pages: [Int] = []
        c.onPageChanged = { pages.append($0) }
        press(c, [.next, .next, .next, .next, .next], from: 1)  // show, hall, all, any, bed
        XCTAssertEqual(focused(c), "bed")
        XCTAssertEqual(c.page, 1)
        XCTAssertTrue(c.pager.isSettling(at: 1.41), "the page slides to the focused switch")
        press(c, [.next], from: 2)
        XCTAssertEqual(focused(c), "garden", "bath is disabled")
        XCTAssertEqual(c.page, 2)
        press(c, [.next, .next], from: 3)
        XCTAssertEqual(focused(c), "garden", "the last switch of the board without wrapPages")
        press(c, [.previous], from: 4)
        XCTAssertEqual(focused(c), "bed")
        XCTAssertEqual(pages, [1, 2, 1])
        // Back to the first: it stops there too.
        press(c, [.previous, .previous, .previous, .previous, .previous, .previous], from: 5)
        XCTAssertEqual(focused(c), "porch")
        XCTAssertEqual(c.page, 0)
    }

    func testWrapPagesWrapsTheRingAndAOnePageBoardAlwaysDoes() throws {
        let c = try makeController(wrap: true)
        press(c, [.next, .previous], from: 1)
        XCTAssertEqual(focused(c), "garden")
        XCTAssertEqual(c.page, 2)
        press(c, [.next], from: 2)
        XCTAssertEqual(focused(c), "porch")
        XCTAssertEqual(c.page, 0)

        let one = PanelController(
            view: try PanelView(
                config: try BoardConfig.parse(#"{"version": 1, "switches": [{"id": "a"}, {"id": "b"}]}"#),
                renderer: SwitchRenderer(images: [:])))
        press(one, [.next, .next, .next], from: 1)
        XCTAssertEqual(focused(one), "a", "a, b, a")
        press(one, [.previous], from: 2)
        XCTAssertEqual(focused(one), "b")
    }

    /// Activating toggles the focused switch as a tap would, source `key`; a group sets its
    /// members (on another page too) and a mixed "all" group turns them all on.
    func testActivateTogglesSwitchesAndGroups() throws {
        let c = try makeController()
        press(c, [.next], from: 1)
        XCTAssertEqual(
            press(c, [.activate], from: 2),
            [SwitchChange(id: "porch", isOn: true, source: .key, time: 2)]
                + [SwitchChange(id: "any", isOn: true, source: .key, time: 2)])
        XCTAssertTrue(try XCTUnwrap(c.view.toggle(id: "all")).isMixed, "porch alone leaves `all` mixed")
        press(c, [.next, .next], from: 3)
        XCTAssertEqual(focused(c), "all")
        let changes = press(c, [.activate], from: 4)
        XCTAssertEqual(changes.map(\.id), ["hall", "bed", "all"])
        XCTAssertTrue(changes.allSatisfy { $0.isOn && $0.source == .key })
        XCTAssertEqual(c.savedStates, ["porch": true, "hall": true, "bed": true, "bath": false, "garden": false])
        // Activate again: all off.
        XCTAssertEqual(press(c, [.activate], from: 5).map(\.id), ["porch", "hall", "bed", "all", "any"])
    }

    /// The ring hides `focusTimeout` seconds after the last key (the deadline the loop arms), and
    /// at once when a finger touches the glass; the next key shows it where it was.
    func testTheRingHidesAfterTheTimeoutAndAtATouch() throws {
        let c = try makeController(extra: #", "keys": {"focusTimeout": 4}"#)
        press(c, [.next, .next], from: 10)
        XCTAssertEqual(focused(c), "hall")
        XCTAssertEqual(c.focusDeadline(after: 10.1), 14.1)
        XCTAssertTrue(c.isFocusVisible(at: 14.09))
        XCTAssertFalse(c.isFocusVisible(at: 14.1))
        XCTAssertNil(c.focusDeadline(after: 14.1), "nothing left to wake for")
        press(c, [.next], from: 20)
        XCTAssertEqual(focused(c), "hall", "the first key after hiding only shows it")
        // A touch in a gap hides it at once, and toggles nothing.
        _ = c.handle([TouchEvent(contact: 1, phase: .began, position: Point(400, 330), time: 21)])
        XCTAssertFalse(c.isFocusVisible(at: 21))
        XCTAssertNil(c.focusDeadline(after: 21))
        _ = c.handle([TouchEvent(contact: 1, phase: .ended, position: Point(400, 330), time: 21.05)])
        press(c, [.next, .next], from: 22)
        XCTAssertEqual(focused(c), "all")
        // Keys count as use: the home timer starts again from the last one.
        XCTAssertEqual(c.lastInteraction, 22.1)
    }

    /// A page shown by a swipe, a dot or the socket: the ring's switch is not in view, so the
    /// next key shows the ring on that page's first enabled switch.
    func testTheRingFollowsThePageInView() throws {
        let c = try makeController()
        press(c, [.next, .next], from: 1)
        XCTAssertEqual(focused(c), "hall")
        c.show(page: 1, animated: false, now: 2)
        XCTAssertFalse(c.isFocusVisible(at: 2), "hall is on page 0")
        press(c, [.next], from: 3)
        XCTAssertEqual(focused(c), "bed")
        XCTAssertEqual(c.page, 1)
    }

    /// Damage: the ring's rectangle when it appears, the old and the new when it moves, the old
    /// when it hides; nothing while it stays.
    func testDamageFollowsTheRing() throws {
        let c = try makeController()
        let porch = try XCTUnwrap(c.view.index(of: "porch"))
        let hall = try XCTUnwrap(c.view.index(of: "hall"))
        XCTAssertFalse(c.damage(at: 0).isEmpty)
        c.didPaint(at: 0)
        XCTAssertEqual(c.damage(at: 0.5), [])
        press(c, [.next], from: 1)
        XCTAssertEqual(c.damage(at: 1), [c.view.focusRingBounds(of: porch)])
        c.didPaint(at: 1)
        XCTAssertEqual(c.damage(at: 1.5), [])
        press(c, [.next], from: 2)
        XCTAssertEqual(c.damage(at: 2), [c.view.focusRingBounds(of: porch), c.view.focusRingBounds(of: hall)])
        c.didPaint(at: 2)
        XCTAssertEqual(c.damage(at: 6.99), [])
        XCTAssertEqual(c.damage(at: 7), [c.view.focusRingBounds(of: hall)], "hidden 5 s after the last key")
        c.didPaint(at: 7)
        XCTAssertEqual(c.damage(at: 8), [])
        // The ring sits 3 points outside the track, 3 points wide: 6 points out, plus a pixel of edge.
        let frame = try XCTUnwrap(c.view.toggle(id: "hall")).frame
        XCTAssertEqual(
            c.view.focusRingBounds(of: hall),
            Rect(x: frame.minX - 6, y: frame.minY - 6, width: frame.width + 12, height: frame.height + 12)
                .enclosingIntRect.insetBy(-1))
    }
}
