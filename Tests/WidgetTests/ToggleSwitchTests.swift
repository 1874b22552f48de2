import Raster
import XCTest

@testable import Widget

/// The switch's value, animation and tracking, driven by scripted contacts and a fake clock.
final class ToggleSwitchTests: XCTestCase {
    /// A switch at (100, 100), 51×31, recording every value-changed event.
    func makeSwitch(_ configure: (inout SwitchStyle) -> Void = { _ in }) -> (ToggleSwitch, Box) {
        var style = SwitchStyle()
        configure(&style)
        let s = ToggleSwitch(style: style, origin: Point(100, 100))
        let events = Box()
        s.onValueChanged = { events.values.append($0) }
        return (s, events)
    }

    final class Box { var values: [Bool] = [] }

    let center = Point(125.5, 115.5)

    func testTapTogglesAndFiresOnce() {
        let (s, events) = makeSwitch()
        XCTAssertTrue(s.touchBegan(contact: 1, at: center, time: 1))
        XCTAssertTrue(s.isTracking)
        s.touchEnded(contact: 1, at: Point(127, 116), time: 1.08)
        XCTAssertTrue(s.isOn)
        XCTAssertEqual(events.values, [true])
        XCTAssertFalse(s.isTracking)
        // The thumb slides over the default 0.25 s, then everything rests.
        XCTAssertTrue(s.needsFrame(at: 1.2))
        XCTAssertEqual(s.appearance(at: 1.08 + 0.25).position, 1)
        XCTAssertFalse(s.needsFrame(at: 1.08 + 0.26))
        XCTAssertNil(s.restTime(after: 1.5))
    }

    /// Some controllers deliver a whole tap within 50 µs: duration alone never decides.
    func testFiftyMicrosecondTapStillToggles() {
        let (s, events) = makeSwitch()
        s.touchBegan(contact: 7, at: center, time: 10)
        s.touchEnded(contact: 7, at: center, time: 10.00005)
        XCTAssertEqual(events.values, [true])
    }

    func testLongPressDoesNothingUnlessConfigured() {
        let (s, events) = makeSwitch()
        s.touchBegan(contact: 1, at: center, time: 0)
        s.touchEnded(contact: 1, at: center, time: 0.8)
        XCTAssertFalse(s.isOn)
        XCTAssertEqual(events.values, [])

        let (t, tEvents) = makeSwitch { $0.longPressToggles = true }
        t.touchBegan(contact: 1, at: center, time: 0)
        t.touchEnded(contact: 1, at: center, time: 0.8)
        XCTAssertTrue(t.isOn)
        XCTAssertEqual(tEvents.values, [true])
    }

    func testDragFollowsTheFingersWholeTravelAndCatchesUpAtTheSlop() {
        let (s, events) = makeSwitch()
        let travel = s.travel  // 51 − 2·2 − 27 = 20
        XCTAssertEqual(travel, 20)
        s.touchBegan(contact: 1, at: center, time: 0)
        // Within the slop nothing moves.
        s.touchMoved(contact: 1, to: Point(center.x + 6, center.y), time: 0.02)
        XCTAssertEqual(s.appearance(at: 0.02).position, 0)
        // Past it the thumb belongs where the finger's travel since touch-down puts it (14 of 20),
        // and is shown there after a catch-up of 0.1 s: no jump at the slop, no travel lost.
        s.touchMoved(contact: 1, to: Point(center.x + 14, center.y + 3), time: 0.05)
        XCTAssertEqual(s.appearance(at: 0.05).position, 0, "crossing the slop does not jump")
        XCTAssertEqual(s.appearance(at: 0.1).position, 0.7 / 2, accuracy: 1e-12, "half way through the catch-up")
        XCTAssertTrue(s.needsFrame(at: 0.1), "a catch-up needs frames while the finger holds still")
        XCTAssertEqual(s.restTime(after: 0.1)!, 0.15, accuracy: 1e-12)
        XCTAssertEqual(s.appearance(at: 0.15).position, 0.7, accuracy: 1e-12)
        s.touchMoved(contact: 1, to: Point(center.x + 18, center.y + 3), time: 0.2)
        XCTAssertEqual(s.appearance(at: 0.2).position, 18 / travel, accuracy: 1e-12)
        XCTAssertFalse(s.needsFrame(at: 0.36), "caught up, the thumb needs no frames")
        s.touchMoved(contact: 1, to: Point(center.x + 90, center.y), time: 0.38)
        XCTAssertEqual(s.appearance(at: 0.38).position, 1)
        // The track colour follows the thumb: fully on at the on end.
        XCTAssertEqual(s.appearance(at: 0.38).colorProgress, 1)
        // A drag is not a tap: it settles where the thumb is (on).
        s.touchEnded(contact: 1, at: Point(center.x + 90, center.y), time: 0.4)
        XCTAssertTrue(s.isOn)
        XCTAssertEqual(events.values, [true])
    }

    /// The catch-up closes a gap; it never pushes the thumb past an end: a finger that turns back
    /// before the thumb caught up leaves it on the track (the damage test found -0.57 once).
    func testTurningBackDuringTheCatchUpStaysOnTheTrack() {
        let (s, _) = makeSwitch { $0 = SwitchPreset.square.style }
        let start = s.thumbCenter(at: 0)
        s.touchBegan(contact: 1, at: start, time: 0)
        s.touchMoved(contact: 1, to: Point(start.x + 12, start.y), time: 0.016)
        s.touchMoved(contact: 1, to: Point(start.x + 40, start.y), time: 0.033)
        s.touchMoved(contact: 1, to: Point(start.x - 80, start.y), time: 0.05)
        for i in 0...10 {
            let p = s.appearance(at: 0.05 + Double(i) / 100).position
            XCTAssertGreaterThanOrEqual(p, 0)
            XCTAssertLessThanOrEqual(p, 1)
        }
        XCTAssertEqual(s.appearance(at: 0.2).position, 0)
    }

    func testDragBackToTheStartingSideChangesNothing() {
        let (s, events) = makeSwitch()
        s.touchBegan(contact: 1, at: center, time: 0)
        s.touchMoved(contact: 1, to: Point(center.x + 11, center.y), time: 0.03)  // the drag begins here
        s.touchMoved(contact: 1, to: Point(center.x + 27, center.y), time: 0.2)  // past the middle
        XCTAssertGreaterThan(s.appearance(at: 0.2).position, 0.5)
        s.touchMoved(contact: 1, to: Point(center.x + 5, center.y), time: 0.4)  // back before it
        s.touchEnded(contact: 1, at: Point(center.x + 5, center.y), time: 0.5)
        XCTAssertFalse(s.isOn)
        XCTAssertEqual(events.values, [], "a drag that ends where it began is no tap and no change")
        // It animates back from where the finger left it, without a jump.
        XCTAssertEqual(s.appearance(at: 0.5).position, 5 / 20, accuracy: 1e-12)
    }

    func testCancelRestoresWithoutEvent() {
        let (s, events) = makeSwitch { $0.toggleOnTouchDown = true }
        s.touchBegan(contact: 3, at: center, time: 0)
        XCTAssertTrue(s.isOn, "toggle-on-touch-down flips as tracking begins")
        s.touchCancelled(contact: 3, time: 0.1)
        XCTAssertFalse(s.isOn)
        XCTAssertEqual(events.values, [])
    }

    func testToggleOnTouchDownFiresOnceOnLift() {
        let (s, events) = makeSwitch { $0.toggleOnTouchDown = true }
        s.touchBegan(contact: 3, at: center, time: 0)
        s.touchEnded(contact: 3, at: center, time: 0.05)
        XCTAssertTrue(s.isOn)
        XCTAssertEqual(events.values, [true])
    }

    func testSetOnNeverFires() {
        let (s, events) = makeSwitch()
        s.setOn(true, animated: true, now: 0)
        s.setOn(false, animated: false, now: 0.1)
        s.setOn(true, animated: true, now: 0.2)
        XCTAssertEqual(events.values, [])
        XCTAssertTrue(s.isOn)
    }

    func testInterruptedToggleNeverJumpsAndScalesItsDuration() {
        let (s, _) = makeSwitch()
        s.setOn(true, animated: true, now: 0)
        let shown = s.appearance(at: 0.1).position
        XCTAssertGreaterThan(shown, 0.3)
        XCTAssertLessThan(shown, 1)
        s.setOn(false, animated: true, now: 0.1)
        XCTAssertEqual(s.appearance(at: 0.1).position, shown, accuracy: 1e-12, "continues from what is on screen")
        // The way back is `shown` of the travel, so it takes 0.25 × shown seconds.
        XCTAssertEqual(s.restTime(after: 0.1)!, 0.1 + 0.25 * shown, accuracy: 1e-9)
        // Frame to frame, the position never jumps.
        var last = s.appearance(at: 0).position
        for i in 1...40 {
            let p = s.appearance(at: Double(i) / 120).position
            XCTAssertLessThan(abs(p - last), 0.2)
            last = p
        }
    }

    func testEaseOutFilmstripIsMonotonic() {
        let (s, _) = makeSwitch()
        s.setOn(true, animated: true, now: 5)
        var last = -1.0
        for i in 0...30 {
            let p = s.appearance(at: 5 + Double(i) / 100).position
            XCTAssertGreaterThanOrEqual(p, last)
            last = p
        }
        XCTAssertEqual(last, 1)
    }

    func testSpringFilmstripOvershootsAndSettles() {
        let (s, _) = makeSwitch { $0.animation.curve = .spring }
        s.setOn(true, animated: true, now: 0)
        let film = (0...100).map { s.appearance(at: Double($0) * 0.0025).position }
        XCTAssertGreaterThan(film.max()!, 1)
        XCTAssertEqual(film.last, 1)
        XCTAssertFalse(s.needsFrame(at: 0.26))
    }

    func testPressStretchesAndSpringsBack() {
        let (s, _) = makeSwitch()
        s.touchBegan(contact: 1, at: center, time: 0)
        XCTAssertEqual(s.appearance(at: 0.15).press, 1, accuracy: 1e-12)
        XCTAssertFalse(s.needsFrame(at: 0.2), "a finger held still needs no frames")
        s.touchEnded(contact: 1, at: center, time: 1.0)
        XCTAssertGreaterThan(s.appearance(at: 1.0).press, 0.99)
        XCTAssertEqual(s.appearance(at: 1.2).press, 0)
    }

    func testDisabledIgnoresTouchesAndDisablingCancels() {
        let (s, events) = makeSwitch()
        s.isEnabled = false
        XCTAssertFalse(s.touchBegan(contact: 1, at: center, time: 0))
        s.isEnabled = true
        XCTAssertTrue(s.touchBegan(contact: 1, at: center, time: 1))
        s.isEnabled = false
        XCTAssertFalse(s.isTracking)
        s.touchEnded(contact: 1, at: center, time: 1.05)
        XCTAssertEqual(events.values, [])
        XCTAssertFalse(s.appearance(at: 2).isEnabled)
    }

    func testMinimumTouchTargetExtendsTheHitArea() {
        let (s, _) = makeSwitch { $0.size = Size(width: 30, height: 18) }
        // Frame 30×18 at (100, 100); hit area 44×44 centred on it.
        XCTAssertTrue(s.hitTest(Point(93, 95)))
        XCTAssertFalse(s.hitTest(Point(92.9, 95)))
        XCTAssertTrue(s.hitTest(Point(136.9, 130.9)))
        XCTAssertFalse(s.hitTest(Point(137, 131)))
        // At scale 2 everything doubles.
        let (big, _) = makeSwitch { $0.scale = 2 }
        XCTAssertEqual(big.frame.width, 102)
        XCTAssertEqual(big.hitArea.height, 88)
    }

    /// The lift returns what it changed — the value `onValueChanged` reports — and nil when it
    /// changed nothing: a long press, a drag back to where it began, a contact not the switch's.
    func testTouchEndedReturnsTheValueItChanged() {
        let (s, events) = makeSwitch()
        s.touchBegan(contact: 1, at: center, time: 1)
        XCTAssertEqual(s.touchEnded(contact: 1, at: center, time: 1.08), true)
        s.touchBegan(contact: 2, at: center, time: 2)
        XCTAssertNil(s.touchEnded(contact: 3, at: center, time: 2.05), "not its contact")
        XCTAssertEqual(s.touchEnded(contact: 2, at: center, time: 2.05), false)
        s.touchBegan(contact: 4, at: center, time: 3)
        XCTAssertNil(s.touchEnded(contact: 4, at: center, time: 4), "a long press changes nothing")
        s.touchBegan(contact: 5, at: center, time: 5)
        s.touchMoved(contact: 5, to: Point(center.x + 15, center.y), time: 5.1)
        XCTAssertNil(s.touchEnded(contact: 5, at: center, time: 5.3), "dragged back to off")
        XCTAssertEqual(events.values, [true, false], "the same changes as the closure saw")
    }
}
