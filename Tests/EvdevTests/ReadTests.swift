import LinuxIO
import TouchCore
import XCTest

@testable import Evdev

/// The read loop over a scripted libevdev (a real one needs a kernel device): normal mode until
/// EAGAIN, SYN_DROPPED through sync mode into a `.dropped` with the device's state, errors after
/// events deferred to the next read.
final class ReadTests: XCTestCase {
    /// Answers `libevdev_next_event` from a script; checks each call's mode.
    struct ScriptedSource: EventSource {
        enum Step {
            case event(InputEvent, sync: Bool = false)
            case dropped(at: Double)
            case error(SystemErrno, sync: Bool = false)
        }
        var steps: [Step]
        var snapshot = DeviceState()
        var calls = 0

        mutating func nextEvent(sync: Bool) -> Result<(status: Int32, event: InputEvent), SystemErrno> {
            calls += 1
            guard !steps.isEmpty else { return .failure(.wouldBlock) }
            switch steps.removeFirst() {
            case .event(let e, let wantSync):
                XCTAssertEqual(sync, wantSync, "read mode for \(e)")
                return .success((sync ? readStatusSync : 0, e))
            case .dropped(let t):
                XCTAssertFalse(sync)
                return .success(
                    (readStatusSync, InputEvent(time: t, type: EventType.syn, code: SynCode.dropped, value: 0)))
            case .error(let e, let wantSync):
                XCTAssertEqual(sync, wantSync, "read mode for \(e)")
                return .failure(e)
            }
        }

        func state() -> DeviceState { snapshot }
    }

    static func abs(_ t: Double, _ code: UInt16, _ v: Int32) -> InputEvent {
        InputEvent(time: t, type: EventType.abs, code: code, value: v)
    }
    static func report(_ t: Double) -> InputEvent {
        InputEvent(time: t, type: EventType.syn, code: SynCode.report, value: 0)
    }

    func testNormalModeDrainsUntilEAGAIN() {
        let events = [Self.abs(1, AbsCode.mtTrackingID, 5), Self.abs(1, AbsCode.mtPositionX, 10), Self.report(1)]
        var source = ScriptedSource(steps: events.map { .event($0) } + [.error(.wouldBlock)])
        let (results, error) = drainEvents(from: &source)
        XCTAssertNil(error)
        XCTAssertEqual(results, events.map(ReadResult.event))
        XCTAssertEqual(source.calls, 4)
    }

    func testNothingToReadIsEmpty() {
        var source = ScriptedSource(steps: [])
        let (results, error) = drainEvents(from: &source)
        XCTAssertEqual(results, [])
        XCTAssertNil(error)
    }

    func testSynDroppedSyncsAndCarriesTheStateThenReadsOn() {
        var state = DeviceState(currentSlot: 1, slots: [.init(), .init(trackingID: 9, x: 3, y: 4)])
        state.keysDown = [KeyCode.touch]
        let sync = [Self.abs(2, AbsCode.mtSlot, 0), Self.abs(2, AbsCode.mtTrackingID, -1), Self.report(2.5)]
        let after = [Self.abs(3, AbsCode.mtPositionX, 11), Self.report(3)]
        var source = ScriptedSource(
            steps: [.event(Self.abs(1, AbsCode.mtPositionX, 1)), .dropped(at: 2)] + sync.map { .event($0, sync: true) }
                + [.error(.wouldBlock, sync: true)] + after.map { .event($0) },
            snapshot: state)
        let (results, error) = drainEvents(from: &source)
        XCTAssertNil(error)
        XCTAssertEqual(
            results,
            [.event(Self.abs(1, AbsCode.mtPositionX, 1)), .dropped(state, syncEvents: sync, time: 2.5)]
                + after.map(ReadResult.event))
    }

    func testADropWithoutSyncEventsUsesTheDropTime() {
        var source = ScriptedSource(steps: [.dropped(at: 7), .error(.wouldBlock, sync: true)])
        let (results, _) = drainEvents(from: &source)
        XCTAssertEqual(results, [.dropped(DeviceState(), syncEvents: [], time: 7)])
    }

    func testAnErrorAfterEventsReturnsTheEventsAndTheError() {
        var source = ScriptedSource(steps: [.event(Self.report(1)), .error(.noDevice)])
        let (results, error) = drainEvents(from: &source)
        XCTAssertEqual(results, [.event(Self.report(1))])
        XCTAssertEqual(error, .noDevice)
    }

    func testAnErrorDuringASyncStillEndsTheSync() {
        var source = ScriptedSource(
            steps: [.dropped(at: 1), .event(Self.report(1.5), sync: true), .error(.noDevice, sync: true)])
        let (results, error) = drainEvents(from: &source)
        XCTAssertEqual(results, [.dropped(DeviceState(), syncEvents: [Self.report(1.5)], time: 1.5)])
        XCTAssertEqual(error, .noDevice)
    }

    // MARK: Into the state machine

    func testAContactThatVanishedDuringADropIsCancelledNotATap() throws {
        let device = Devices.typeB
        let calibration = try TouchCalibration(device: device, screenWidth: 1280, screenHeight: 768)
        var machine = try TouchStateMachine(device: device, calibration: calibration)
        let down: [ReadResult] = [
            .event(Self.abs(1, AbsCode.mtTrackingID, 5)), .event(Self.abs(1, AbsCode.mtPositionX, 100)),
            .event(Self.abs(1, AbsCode.mtPositionY, 200)), .event(Self.report(1)),
        ]
        let began = machine.take(down)
        XCTAssertEqual(began.count, 1)
        XCTAssertEqual(began.first?.first?.phase, .began)
        let emptySlots = DeviceState(slots: Array(repeating: .init(), count: 5))
        let frames = machine.take([
            .event(Self.abs(1.1, AbsCode.mtPositionX, 150)),  // an incomplete frame before the drop
            .dropped(emptySlots, syncEvents: [], time: 1.2),
        ])
        XCTAssertEqual(frames.count, 1)
        XCTAssertEqual(frames.first?.map(\.phase), [.cancelled])
        XCTAssertEqual(frames.first?.first?.time, 1.2)
        XCTAssertEqual(machine.liveContacts, 0)
    }

    func testAContactStillDownAfterADropCarriesOn() throws {
        let device = Devices.typeB
        let calibration = try TouchCalibration(device: device, screenWidth: 1280, screenHeight: 768)
        var machine = try TouchStateMachine(device: device, calibration: calibration)
        _ = machine.take([
            .event(Self.abs(1, AbsCode.mtTrackingID, 5)), .event(Self.abs(1, AbsCode.mtPositionX, 100)),
            .event(Self.abs(1, AbsCode.mtPositionY, 200)), .event(Self.report(1)),
        ])
        var slots = Array(repeating: DeviceState.Slot(), count: 5)
        slots[0] = .init(trackingID: 5, x: 300, y: 200)
        let frames = machine.take([.dropped(DeviceState(slots: slots), syncEvents: [], time: 2)])
        XCTAssertEqual(frames.flatMap { $0 }.map(\.phase), [.moved])
        XCTAssertEqual(machine.liveContacts, 1)
    }
}
