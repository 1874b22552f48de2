import Raster
import TouchCore
import XCTest

@testable import Panel

final class ScreenBlankerTests: XCTestCase {
    private func touch(_ contact: Int, _ phase: TouchEvent.Phase, at time: Double) -> TouchEvent {
        TouchEvent(contact: contact, phase: phase, position: Point(10, 10), time: time)
    }

    func testBlanksAfterTheIdleTimeoutCountedFromTheLastTouch() {
        var b = ScreenBlanker(idleTimeout: 30, now: 0)
        XCTAssertEqual(b.deadline, 30)
        XCTAssertFalse(b.shouldBlank(at: 29.9))
        _ = b.filter([touch(1, .began, at: 20)], now: 20)
        _ = b.filter([touch(1, .ended, at: 20.1)], now: 20.1)
        XCTAssertEqual(b.deadline, 50.1)
        XCTAssertFalse(b.shouldBlank(at: 35))
        XCTAssertTrue(b.shouldBlank(at: 50.1))
        XCTAssertTrue(b.isBlank)
        XCTAssertNil(b.deadline, "no deadline while dark: the loop sleeps")
        XCTAssertFalse(b.shouldBlank(at: 60), "blanking is reported once")
    }

    /// Blanking on request (the socket, the network): a finger down at that moment is
    /// swallowed to its lift, a finger that lifted before is forgotten, and the next touch wakes.
    func testABlankOnRequestSwallowsTheFingersDownThen() {
        var b = ScreenBlanker(idleTimeout: nil, now: 0)
        XCTAssertEqual(b.filter([touch(1, .began, at: 1), touch(2, .began, at: 1)], now: 1).deliver.count, 2)
        XCTAssertEqual(b.filter([touch(2, .ended, at: 2)], now: 2).deliver.count, 1)
        XCTAssertTrue(b.blank(at: 3), "it was lit")
        XCTAssertFalse(b.blank(at: 3), "already blank")
        XCTAssertTrue(b.isBlank)
        XCTAssertEqual(b.deadline, nil)
        let lift = b.filter([touch(1, .moved, at: 4), touch(1, .ended, at: 4)], now: 4)
        XCTAssertEqual(lift.deliver, [], "the finger that was down is swallowed")
        XCTAssertFalse(lift.wake, "and wakes nothing: it did not begin in the dark")
        XCTAssertTrue(b.isBlank)
        let next = b.filter([touch(2, .began, at: 5)], now: 5)
        XCTAssertEqual(next.deliver, [])
        XCTAssertTrue(next.wake)
        XCTAssertEqual(b.filter([touch(2, .ended, at: 6)], now: 6).deliver, [], "the waking touch is swallowed")
        XCTAssertEqual(b.filter([touch(3, .began, at: 7)], now: 7).deliver.count, 1, "the next one passes")
    }

    func testNeverBlanksWithoutATimeout() {
        var b = ScreenBlanker(idleTimeout: nil, now: 0)
        XCTAssertNil(b.deadline)
        XCTAssertFalse(b.shouldBlank(at: 1e9))
    }

    func testTheWakingTouchIsSwallowedForItsWholeLife() {
        var b = ScreenBlanker(idleTimeout: 10, now: 0)
        XCTAssertTrue(b.shouldBlank(at: 10))
        let down = b.filter([touch(4, .began, at: 11)], now: 11)
        XCTAssertEqual(down.deliver, [])
        XCTAssertTrue(down.wake)
        XCTAssertFalse(b.isBlank)
        XCTAssertEqual(b.filter([touch(4, .moved, at: 11.1)], now: 11.1).deliver, [])
        let up = b.filter([touch(4, .ended, at: 11.2)], now: 11.2)
        XCTAssertEqual(up.deliver, [])
        XCTAssertFalse(up.wake, "only the first touch wakes")
        // The next touch is an ordinary one.
        let next = [touch(4, .began, at: 12)]
        XCTAssertEqual(b.filter(next, now: 12).deliver, next)
    }

    func testASecondFingerAfterTheWakePassesWhileTheWakingOneIsStillDown() {
        var b = ScreenBlanker(idleTimeout: 1, now: 0)
        XCTAssertTrue(b.shouldBlank(at: 1))
        _ = b.filter([touch(0, .began, at: 2)], now: 2)
        let second = [touch(1, .began, at: 2.5)]
        XCTAssertEqual(b.filter(second, now: 2.5).deliver, second)
        let frame = [touch(0, .moved, at: 2.6), touch(1, .moved, at: 2.6)]
        XCTAssertEqual(b.filter(frame, now: 2.6).deliver, [frame[1]])
    }

    func testAWakeFromCodeSwallowsNothing() {
        var b = ScreenBlanker(idleTimeout: 5, now: 0)
        XCTAssertTrue(b.shouldBlank(at: 5))
        XCTAssertTrue(b.wake(at: 6))
        XCTAssertFalse(b.wake(at: 6), "already awake")
        XCTAssertEqual(b.deadline, 11)
        let tap = [touch(2, .began, at: 7)]
        XCTAssertEqual(b.filter(tap, now: 7).deliver, tap)
    }

    func testTheConfigReadsBlankingAndRefusesBadValues() throws {
        let base = #"{"version": 1, "switches": [{"id": "a"}], "screen": "#
        let config = try BoardConfig.parse(base + #"{"blankAfter": 120, "backlight": "rpi_backlight"}}"#)
        XCTAssertEqual(config.screen.blankAfter, 120)
        XCTAssertEqual(config.screen.backlight, "rpi_backlight")
        XCTAssertNil(try BoardConfig.parse(base + #"{"blankAfter": 0}}"#).screen.blankAfter, "0 means never")
        XCTAssertThrowsError(try BoardConfig.parse(base + #"{"blankAfter": -1}}"#)) { error in
            XCTAssertEqual("\(error)", "screen.blankAfter: -1 is out of range (0…86400)")
        }
        XCTAssertThrowsError(try BoardConfig.parse(base + #"{"dpms": true}}"#)) { error in
            XCTAssertEqual("\(error)", "screen.dpms: unknown key (expected one of: blankAfter, backlight)")
        }
    }
}
