import Raster
import XCTest

@testable import TouchCore

/// ``ContactTracker``'s own rules, whatever decoder drives it (the decoders' rules are in
/// ``TouchStateMachineTests``; all of it together is pinned by ``TouchGoldenTests``).
final class ContactTrackerTests: XCTestCase {
    func tracker(_ filters: TouchFilters = .none) throws -> ContactTracker {
        let device = TestDevices.typeB()
        let calibration = try TouchCalibration(device: device, screenWidth: 800, screenHeight: 480)
        return ContactTracker(device: device, calibration: calibration, filters: filters)
    }

    func testContactIDsCountFromOneAndAreNeverReused() throws {
        var t = try tracker()
        XCTAssertTrue(t.begin(5, x: 100, y: 100, time: 1))
        t.tap(x: 200, y: 200, time: 1)
        XCTAssertEqual(describe(t.finishFrame()), ["began 1 @100,100", "began 2 @200,200", "ended 2 @200,200"])
        t.lift(5, x: 110, y: 100, time: 2)
        XCTAssertEqual(describe(t.finishFrame()), ["ended 1 @110,100"])
        XCTAssertFalse(t.isLive(5))
        t.begin(5, x: 120, y: 100, time: 3)
        XCTAssertEqual(describe(t.finishFrame()), ["began 3 @120,100"])
        XCTAssertEqual(t.finishFrame(), [], "a frame's events are handed out once")
    }

    /// Contacts are kept, and cancelled, in key order (a type B decoder's slot order), not in
    /// the order they began.
    func testCancelAllGoesInKeyOrder() throws {
        var t = try tracker()
        t.begin(3, x: 300, y: 100, time: 1)
        t.begin(1, x: 100, y: 100, time: 1)
        _ = t.finishFrame()
        XCTAssertEqual(t.contacts.map(\.key), [1, 3])
        t.report(3, x: 310, y: 100, time: 2)
        t.cancelAll(time: 3)
        XCTAssertEqual(describe(t.finishFrame()), ["moved 1 @310,100", "cancelled 2 @100,100", "cancelled 1 @310,100"])
        XCTAssertTrue(t.contacts.isEmpty)
    }

    /// With the guard on, a contact at the maxima of both axes neither begins nor taps; a live
    /// contact reported there carries on.
    func testPhantomCornerNeitherBeginsNorTaps() throws {
        var t = try tracker(TouchFilters(dropsPhantomCornerContacts: true))
        XCTAssertFalse(t.begin(0, x: 799, y: 479, time: 1))
        t.tap(x: 799, y: 479, time: 1)
        XCTAssertEqual(t.finishFrame(), [])
        XCTAssertFalse(t.isLive(0))
        XCTAssertTrue(t.begin(0, x: 799, y: 478, time: 2))
        t.report(0, x: 799, y: 479, time: 3)
        XCTAssertEqual(describe(t.finishFrame()), ["began 1 @799,478", "moved 1 @799,479"])
        var off = try tracker()
        XCTAssertTrue(off.begin(0, x: 799, y: 479, time: 1))
    }

    /// The pressure threshold counts only where there is a pressure; reports keep a contact
    /// alive; expiry cancels at each deadline, ordered by time then id, and names the keys.
    func testPressureAndExpiry() throws {
        var t = try tracker(TouchFilters(pressureThreshold: 30, stuckContactTimeout: 0.5))
        XCTAssertTrue(t.allowsPressure(nil))
        XCTAssertTrue(t.allowsPressure(30))
        XCTAssertFalse(t.allowsPressure(29))
        XCTAssertNil(t.nextDeadline)
        t.begin(2, x: 100, y: 100, time: 10)
        t.begin(1, x: 200, y: 100, time: 10.2)
        _ = t.finishFrame()
        t.report(2, x: 100, y: 100, time: 10.3)  // unchanged: no event, but the contact is alive
        XCTAssertEqual(t.finishFrame(), [])
        XCTAssertEqual(try XCTUnwrap(t.nextDeadline), 10.7, accuracy: 1e-9)
        XCTAssertTrue(t.expireStuckContacts(now: 10.6).events.isEmpty)
        let (events, keys) = t.expireStuckContacts(now: 11)
        XCTAssertEqual(describe(events), ["cancelled 2 @200,100", "cancelled 1 @100,100"])
        XCTAssertEqual(events[0].time, 10.7, accuracy: 1e-9)
        XCTAssertEqual(events[1].time, 10.8, accuracy: 1e-9)
        XCTAssertEqual(keys.sorted(), [1, 2])
        XCTAssertNil(t.nextDeadline)
    }
}
