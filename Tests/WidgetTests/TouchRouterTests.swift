import Raster
import TestSupport
import TouchCore
import XCTest

@testable import Widget

/// Multitouch routing and randomised property checks.
final class TouchRouterTests: XCTestCase {
    /// Two switches side by side: frames (0,0) and (100,0), 51×31.
    func makeRouter() -> (TouchRouter, [ToggleSwitch], EventLog) {
        let a = ToggleSwitch(origin: Point(0, 0))
        let b = ToggleSwitch(origin: Point(100, 0))
        let log = EventLog()
        a.onValueChanged = { log.events.append((0, $0)) }
        b.onValueChanged = { log.events.append((1, $0)) }
        return (TouchRouter(switches: [a, b]), [a, b], log)
    }

    final class EventLog { var events: [(Int, Bool)] = [] }

    func touch(_ r: TouchRouter, _ id: Int, _ phase: TouchEvent.Phase, _ x: Double, _ y: Double, _ t: Double) {
        r.handle(TouchEvent(contact: id, phase: phase, position: Point(x, y), time: t))
    }

    func testEachContactTracksItsOwnSwitch() {
        let (r, s, log) = makeRouter()
        touch(r, 1, .began, 25, 15, 0)
        touch(r, 2, .began, 125, 15, 0.01)
        XCTAssertTrue(s[0].isTracking && s[1].isTracking)
        touch(r, 2, .ended, 125, 15, 0.05)
        touch(r, 1, .ended, 25, 15, 0.06)
        XCTAssertEqual(log.events.map(\.0), [1, 0])
        XCTAssertTrue(s[0].isOn && s[1].isOn)
        XCTAssertEqual(r.liveContacts, 0)
    }

    func testSecondContactOnATrackedSwitchIsIgnored() {
        let (r, s, log) = makeRouter()
        touch(r, 1, .began, 25, 15, 0)
        touch(r, 2, .began, 30, 15, 0.01)
        touch(r, 2, .ended, 30, 15, 0.03)
        XCTAssertTrue(s[0].isTracking, "the first contact still owns the switch")
        XCTAssertEqual(log.events.count, 0)
        touch(r, 1, .ended, 25, 15, 0.05)
        XCTAssertEqual(log.events.count, 1)
    }

    func testContactStartingOutsideDoesNothingEvenAcrossASwitch() {
        let (r, s, log) = makeRouter()
        touch(r, 1, .began, 70, 80, 0)  // below and between both hit areas
        touch(r, 1, .moved, 25, 15, 0.02)
        touch(r, 1, .ended, 25, 15, 0.04)
        XCTAssertFalse(s[0].isOn || s[0].isTracking)
        XCTAssertEqual(log.events.count, 0)
    }

    func testCancelAllRestores() {
        let (r, s, log) = makeRouter()
        touch(r, 1, .began, 25, 15, 0)
        touch(r, 1, .moved, 60, 15, 0.05)  // dragged on
        r.cancelAll(time: 0.1)
        XCTAssertFalse(s[0].isOn)
        XCTAssertFalse(s[0].isTracking)
        XCTAssertEqual(log.events.count, 0)
    }

    /// Random contact sequences: once every contact has lifted no switch is left pressed, and the
    /// value-changed events are exactly the real changes of value.
    func testRandomSequencesNeverLeaveSwitchesPressedAndEventsMatchChanges() {
        var rng = SplitMix64(seed: 0xC0FFEE)
        for round in 0..<300 {
            let (r, s, log) = makeRouter()
            var live: [Int: Point] = [:]
            var time = 0.0
            var values = s.map(\.isOn)
            var changes = 0
            var nextID = 1
            for _ in 0..<(5 + Int(rng.next() % 40)) {
                time += Double(rng.next() % 200) / 1000
                let roll = rng.next() % 10
                if roll < 3 || live.isEmpty {
                    let p = Point(Double(rng.next() % 180) - 10, Double(rng.next() % 60) - 15)
                    live[nextID] = p
                    touch(r, nextID, .began, p.x, p.y, time)
                    nextID += 1
                } else {
                    let id = Array(live.keys)[Int(rng.next() % UInt64(live.count))]
                    if roll < 7 {
                        let p = Point(
                            live[id]!.x + Double(rng.next() % 60) - 30, live[id]!.y + Double(rng.next() % 20) - 10)
                        live[id] = p
                        touch(r, id, .moved, p.x, p.y, time)
                    } else {
                        touch(r, id, roll < 9 ? .ended : .cancelled, live[id]!.x, live[id]!.y, time)
                        live[id] = nil
                    }
                }
                // Count real changes of the committed value.
                for (i, sw) in s.enumerated() where sw.isOn != values[i] {
                    changes += 1
                    values[i] = sw.isOn
                }
                // Occasionally the code sets a value: never an event, and not counted.
                if rng.next() % 25 == 0 {
                    let i = Int(rng.next() % 2)
                    s[i].setOn(!s[i].isOn, animated: true, now: time)
                    values[i] = s[i].isOn
                }
            }
            for (id, p) in live { touch(r, id, .ended, p.x, p.y, time + 0.01) }
            for (i, sw) in s.enumerated() where sw.isOn != values[i] {
                changes += 1
                values[i] = sw.isOn
            }
            XCTAssertFalse(s.contains { $0.isTracking }, "round \(round): a switch is left pressed")
            XCTAssertEqual(r.liveContacts, 0, "round \(round)")
            XCTAssertEqual(log.events.count, changes, "round \(round): events vs real changes")
            XCTAssertFalse(s.contains { $0.needsFrame(at: time + 10) }, "round \(round): everything comes to rest")
        }
    }

    /// `deliver` says which switch took each event and, for the lift that changed it, its new value.
    func testDeliverReturnsTheSwitchAndTheChange() {
        let (r, s, _) = makeRouter()
        func deliver(_ id: Int, _ phase: TouchEvent.Phase, _ x: Double, _ t: Double) -> TouchRouter.Delivery? {
            r.deliver(TouchEvent(contact: id, phase: phase, position: Point(x, 15), time: t))
        }
        XCTAssertNil(deliver(9, .began, 70, 0), "between the switches")
        XCTAssertEqual(deliver(1, .began, 125, 0), TouchRouter.Delivery(index: 1, changedTo: nil))
        XCTAssertEqual(deliver(1, .moved, 126, 0.02), TouchRouter.Delivery(index: 1, changedTo: nil))
        XCTAssertEqual(deliver(1, .ended, 126, 0.05), TouchRouter.Delivery(index: 1, changedTo: true))
        XCTAssertTrue(s[1].isOn)
        XCTAssertEqual(deliver(2, .began, 25, 1), TouchRouter.Delivery(index: 0, changedTo: nil))
        XCTAssertEqual(deliver(2, .cancelled, 25, 1.05), TouchRouter.Delivery(index: 0, changedTo: nil))
        XCTAssertFalse(s[0].isOn)
    }
}
