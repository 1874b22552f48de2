import Foundation
import Raster
import TouchCore
import Widget
import XCTest

@testable import Panel

/// The panel's pure logic driven with scripted contacts and a fake clock: which touches change
/// which values (and when), what must be repainted, and where touches land on a rotated display.
final class PanelControllerTests: XCTestCase {
    static let config = #"{"version": 1, "switches": [{"id": "a"}, {"id": "b", "initial": true}, {"id": "c"}]}"#

    func makeController(restored: [String: Bool] = [:]) throws -> PanelController {
        let view = try PanelView(config: try BoardConfig.parse(Self.config), renderer: SwitchRenderer(images: [:]))
        return PanelController(view: view, restored: restored)
    }

    func toggle(_ controller: PanelController, _ id: String) throws -> ToggleSwitch {
        try XCTUnwrap(controller.view.toggle(id: id))
    }

    /// Every pixel switch `id` can touch: its repaint rectangle.
    func bounds(_ controller: PanelController, _ id: String) throws -> IntRect {
        let t = try toggle(controller, id)
        return SwitchRenderer.bounds(style: t.style, frame: t.frame)
    }

    func centre(_ controller: PanelController, _ id: String) throws -> Point {
        let f = try toggle(controller, id).frame
        return Point(f.midX, f.midY)
    }

    func touch(_ phase: TouchEvent.Phase, _ p: Point, _ time: Double, contact: Int = 1) -> [TouchEvent] {
        [TouchEvent(contact: contact, phase: phase, position: p, time: time)]
    }

    func testRestoredStatesAreAppliedWithoutChangesOrAnimation() throws {
        let controller = try makeController(restored: ["a": true, "b": false, "unknown": true])
        XCTAssertEqual(controller.states, ["a": true, "b": false, "c": false])
        XCTAssertFalse(controller.isAnimating(at: 0))
        XCTAssertNil(controller.restTime(after: 0))
        XCTAssertEqual(try toggle(controller, "a").appearance(at: 0).position, 1)
        XCTAssertEqual(try toggle(controller, "b").appearance(at: 0).position, 0)
        XCTAssertEqual(controller.handle([]), [], "restoring is not a change")
    }

    func testTapTogglesAndReportsExactlyOneChangeAtTheContactsTime() throws {
        let controller = try makeController()
        let p = try centre(controller, "a")
        XCTAssertEqual(controller.handle(touch(.began, p, 2.0)), [])
        XCTAssertEqual(controller.liveContacts, 1)
        XCTAssertEqual(
            controller.handle(touch(.ended, p, 2.08)), [SwitchChange(id: "a", isOn: true, source: .touch, time: 2.08)])
        XCTAssertEqual(controller.handle([]), [], "reported once")
        XCTAssertEqual(controller.states["a"], true)
        // A whole tap in one frame (some controllers deliver it within 50 µs) toggles back.
        XCTAssertEqual(
            controller.handle(touch(.began, p, 3.0) + touch(.ended, p, 3.00005)),
            [SwitchChange(id: "a", isOn: false, source: .touch, time: 3.00005)])
        XCTAssertEqual(controller.states, ["a": false, "b": true, "c": false])
    }

    func testDragThatEndsOnTheSameSideReportsNothing() throws {
        let controller = try makeController()
        let p = try centre(controller, "a")
        // Past the slop (the thumb catches up with the finger over 0.1 s), across to the on side,
        // and back.
        var events = touch(.began, p, 1.0)
        events += touch(.moved, Point(p.x + 15, p.y), 1.05)
        events += touch(.moved, Point(p.x + 80, p.y), 1.1)
        XCTAssertEqual(controller.handle(events), [])
        XCTAssertEqual(try toggle(controller, "a").appearance(at: 1.16).position, 1, "the thumb follows the finger")
        events = touch(.moved, Point(p.x - 20, p.y), 1.15) + touch(.ended, Point(p.x - 20, p.y), 1.2)
        XCTAssertEqual(controller.handle(events), [])
        XCTAssertEqual(controller.states["a"], false)
        // Dragged across and let go there, it does change, once.
        let changes = controller.handle(
            touch(.began, p, 2.0) + touch(.moved, Point(p.x + 15, p.y), 2.05) + touch(.moved, Point(p.x + 80, p.y), 2.1)
                + touch(.ended, Point(p.x + 80, p.y), 2.2))
        XCTAssertEqual(changes, [SwitchChange(id: "a", isOn: true, source: .touch, time: 2.2)])
    }

    func testDamageIsTheToggledSwitchWhileItAnimatesAndNothingAtRest() throws {
        let controller = try makeController()
        XCTAssertEqual(
            controller.damage(at: 0), [IntRect(x: 0, y: 0, width: 800, height: 480)], "never painted: everything")
        controller.didPaint(at: 0)
        XCTAssertEqual(controller.damage(at: 0), [])
        XCTAssertEqual(controller.damage(at: 100), [], "at rest nothing changes with time")
        XCTAssertFalse(controller.isAnimating(at: 100))

        let p = try centre(controller, "a")
        let a = try bounds(controller, "a")
        _ = controller.handle(touch(.began, p, 1.0))
        XCTAssertEqual(controller.damage(at: 1.0), [], "pressed at this very instant: not moved yet")
        XCTAssertEqual(controller.damage(at: 1.02), [a], "the press stretches the thumb")
        _ = controller.handle(touch(.ended, p, 1.05))
        XCTAssertEqual(controller.damage(at: 1.05), [a])
        controller.didPaint(at: 1.05)
        XCTAssertTrue(controller.isAnimating(at: 1.1))
        XCTAssertEqual(controller.damage(at: 1.1), [a])
        controller.didPaint(at: 1.1)
        let end = try XCTUnwrap(controller.restTime(after: 1.1))
        XCTAssertGreaterThan(end, 1.1)
        XCTAssertFalse(controller.isAnimating(at: end))
        XCTAssertEqual(controller.damage(at: end), [a], "the last frame of the animation")
        controller.didPaint(at: end)
        XCTAssertEqual(controller.damage(at: end), [])
        XCTAssertEqual(controller.damage(at: end + 10), [], "at rest again")
        XCTAssertNil(controller.restTime(after: end))
    }

    func testForgetPaintedDamagesTheWholeScreen() throws {
        let controller = try makeController()
        controller.didPaint(at: 0)
        XCTAssertEqual(controller.damage(at: 0), [])
        controller.forgetPainted()
        XCTAssertEqual(controller.damage(at: 0), [IntRect(x: 0, y: 0, width: 800, height: 480)])
    }

    func testSetFromCodeReportsAChangeOnlyWhenTheValueDiffers() throws {
        let controller = try makeController()
        controller.didPaint(at: 0)
        XCTAssertEqual(controller.set("a", isOn: false, source: .socket, now: 1), [])
        XCTAssertEqual(controller.set("nope", isOn: true, source: .socket, now: 1), [])
        XCTAssertEqual(controller.damage(at: 1.01), [], "no change, nothing to paint")
        XCTAssertEqual(
            controller.set("a", isOn: true, source: .socket, now: 1),
            [SwitchChange(id: "a", isOn: true, source: .socket, time: 1)])
        XCTAssertEqual(controller.states["a"], true)
        XCTAssertTrue(controller.isAnimating(at: 1.01), "animated")
        XCTAssertEqual(controller.damage(at: 1.01), [try bounds(controller, "a")])
        XCTAssertEqual(controller.handle([]), [], "a change from code is the caller's, not a touch's")
        XCTAssertEqual(controller.set("a", isOn: true, source: .revert, now: 2), [])
    }

    func testCancelTouchesRestoresTheValueAndFiresNothing() throws {
        let controller = try makeController()
        let p = try centre(controller, "a")
        XCTAssertEqual(
            controller.handle(
                touch(.began, p, 1.0) + touch(.moved, Point(p.x + 15, p.y), 1.05)
                    + touch(.moved, Point(p.x + 80, p.y), 1.1)), [])
        // Once the 0.1 s catch-up from the slop is over.
        XCTAssertEqual(try toggle(controller, "a").appearance(at: 1.16).position, 1, "dragged to the on side")
        controller.cancelTouches(now: 1.2)
        XCTAssertEqual(controller.liveContacts, 0)
        XCTAssertEqual(controller.states["a"], false)
        // The contact's end, arriving after the cancel, does nothing.
        XCTAssertEqual(controller.handle(touch(.ended, Point(p.x + 80, p.y), 1.3)), [])
        XCTAssertEqual(controller.states["a"], false)
        let end = try XCTUnwrap(controller.restTime(after: 1.2))
        XCTAssertEqual(try toggle(controller, "a").appearance(at: end).position, 0, "the thumb goes back")
    }

    /// A touchscreen reports in the panel's native (physical) orientation. A touch on the
    /// physical pixel (x, y) must land on the logical pixel the display shows there.
    func testCalibrationFollowsTheDisplayRotation() throws {
        let device = DeviceDescription(
            name: "panel",
            codes: [EventType.abs: [AbsCode.mtSlot, AbsCode.mtPositionX, AbsCode.mtPositionY, AbsCode.mtTrackingID]],
            absInfo: [
                AbsCode.mtSlot: AbsInfo(minimum: 0, maximum: 9),
                AbsCode.mtPositionX: AbsInfo(minimum: 0, maximum: 799),
                AbsCode.mtPositionY: AbsInfo(minimum: 0, maximum: 479),
                AbsCode.mtTrackingID: AbsInfo(minimum: 0, maximum: 65535),
            ])
        for rotation in Rotation.allCases {
            let config = try BoardConfig.parse(
                #"{"version": 1, "display": {"mode": "800x480", "rotation": \#(rotation.rawValue)}, "switches": [{"id": "a"}]}"#
            )
            let logical = config.display.logicalSize
            XCTAssertEqual(
                [logical.width, logical.height],
                rotation == .quarter || rotation == .threeQuarters ? [480, 800] : [800, 480])
            let calibration = try config.touch.calibration(for: device, display: config.display)
            for (x, y) in [(0, 0), (799, 0), (0, 479), (799, 479), (123, 321)] {
                let p = calibration.screenPoint(x: Double(x), y: Double(y))
                // The raw value's cell centre, in physical pixels, turned the way the picture is.
                let expected = rotation.logicalPoint(
                    Point(Double(x) + 0.5, Double(y) + 0.5), width: Double(logical.width),
                    height: Double(logical.height))
                XCTAssertEqual(p.x, expected.x, accuracy: 1e-9, "\(rotation) raw (\(x), \(y))")
                XCTAssertEqual(p.y, expected.y, accuracy: 1e-9, "\(rotation) raw (\(x), \(y))")
                let shown = rotation.physicalPixel(
                    x: Int(p.x.rounded(.down)), y: Int(p.y.rounded(.down)), width: logical.width, height: logical.height
                )
                XCTAssertTrue(shown == (x, y), "\(rotation): raw (\(x), \(y)) lands on the pixel shown at \(shown)")
            }
        }
        // The physical top-left corner of a 90° display is the logical bottom-left.
        let quarter = try BoardConfig.parse(
            #"{"version": 1, "display": {"mode": "800x480", "rotation": 90}, "switches": [{"id": "a"}]}"#)
        let p = try quarter.touch.calibration(for: device, display: quarter.display).screenPoint(x: 0, y: 0)
        XCTAssertEqual(p.x, 0.5, accuracy: 1e-9)
        XCTAssertEqual(p.y, 799.5, accuracy: 1e-9)
    }

    /// The controller takes a touch's change from the switch's return value, not from its
    /// `onValueChanged`: that closure is free for whoever watches the switch, and replacing it
    /// loses no change.
    func testATouchChangeDoesNotDependOnTheSwitchsClosure() throws {
        let controller = try makeController()
        var watched: [Bool] = []
        try toggle(controller, "a").onValueChanged = { watched.append($0) }
        try toggle(controller, "c").onValueChanged = nil
        let a = try centre(controller, "a")
        let c = try centre(controller, "c")
        XCTAssertEqual(
            controller.handle(touch(.began, a, 1) + touch(.ended, a, 1.05)),
            [SwitchChange(id: "a", isOn: true, source: .touch, time: 1.05)])
        XCTAssertEqual(
            controller.handle(touch(.began, c, 2) + touch(.ended, c, 2.05)),
            [SwitchChange(id: "c", isOn: true, source: .touch, time: 2.05)])
        XCTAssertEqual(watched, [true])
    }
}
