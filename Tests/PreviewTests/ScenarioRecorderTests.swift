import PanelTesting
import Raster
import TouchCore
import XCTest

@testable import Preview

/// The recorder behind "Save as scenario": what a page's contacts and other changes become as
/// scenario steps, and that the file it writes is one `switchpanel test` reads.
final class ScenarioRecorderTests: XCTestCase {
    typealias Step = ScenarioRecorder.Step
    let settings = ScenarioRecorder.Settings(
        width: 800, height: 480, frameInterval: 1.0 / 60, tapSlop: 10, tapMaxDuration: 0.3)

    func recorder(start: Double = 0) -> ScenarioRecorder {
        ScenarioRecorder(states: [("porch", false), ("fan", true)], time: start, settings: settings)
    }

    func event(_ contact: Int, _ phase: TouchEvent.Phase, _ x: Double, _ y: Double, at time: Double) -> [[TouchEvent]] {
        [[TouchEvent(contact: contact, phase: phase, position: Point(x, y), time: time)]]
    }

    func testAShortStillContactIsATapAfterTheWaitSinceRecordingBegan() {
        var r = recorder(start: 10)
        r.record(event(7, .began, 100, 50, at: 12.5))
        r.record(event(7, .moved, 104, 53, at: 12.55))  // within the slop
        r.record(event(7, .ended, 104, 53, at: 12.58))
        r.record(event(8, .began, 300, 60, at: 13))
        r.record(event(8, .ended, 300, 60, at: 13.1))
        // The tap takes 0.05 s of the scenario's clock: the next wait keeps the second tap at 3 s.
        XCTAssertEqual(
            r.finishedSteps(), [.wait(2.5), .tap(Point(100, 50)), .wait(0.45), .tap(Point(300, 60)), .wait(1)])
    }

    func testAHeldOrMovedContactIsAPressMovesAndARelease() {
        var r = recorder()
        // Held past tapMaxDuration without moving.
        r.record(event(1, .began, 100, 50, at: 1))
        r.record(event(1, .ended, 100, 50, at: 1.5))
        XCTAssertEqual(
            r.finishedSteps(),
            [.wait(1), .press(contact: 1, at: Point(100, 50)), .wait(0.5), .release(contact: 1), .wait(1)])

        // A drag: moves every 4 ms for 0.2 s, thinned to one per frame; the lift where it ended.
        var d = recorder()
        d.record(event(2, .began, 100, 50, at: 0))
        for i in 1...50 { d.record(event(2, .moved, 100 + 1.5 * Double(i), 50, at: 0.004 * Double(i))) }
        d.record(event(2, .ended, 175, 50, at: 0.201))
        let steps = d.finishedSteps()
        XCTAssertEqual(steps.first, .press(contact: 1, at: Point(100, 50)))
        let moves = steps.compactMap { step -> Point? in if case .move(1, let p) = step { p } else { nil } }
        // Past the slop at 28 ms, then every fifth 4 ms move (the first a frame or more after the
        // last), and the last position before the lift.
        XCTAssertEqual(moves.count, 9 + 1)
        XCTAssertEqual(moves.last, Point(175, 50))
        var clock = 0.0
        var lastMove = -1.0
        for step in steps {
            if case .wait(let s) = step { clock += s }
            if case .move = step, step != steps[steps.count - 3] {
                XCTAssertGreaterThanOrEqual(clock - lastMove, 1.0 / 60 - 0.0011)
                lastMove = clock
            }
        }
        XCTAssertEqual(steps.suffix(2), [.release(contact: 1), .wait(1)])
        XCTAssertEqual(clock, 0.201 + 1, accuracy: 1e-9, "the waits add up to the time the drag took")
    }

    func testMultitouchNumbersContactsInOrderAndReusesFreedNumbers() {
        var r = recorder()
        r.record(event(50, .began, 100, 100, at: 1))
        r.record(event(51, .began, 200, 100, at: 1.02))  // makes 50 a press: two fingers
        r.record(event(50, .ended, 100, 100, at: 1.1))
        r.record(event(52, .began, 300, 100, at: 1.2))  // gets number 1 again
        r.record(event(51, .ended, 200, 100, at: 1.3))
        r.record(event(52, .ended, 300, 100, at: 1.35))
        XCTAssertEqual(
            r.finishedSteps(),
            [
                .wait(1), .press(contact: 1, at: Point(100, 100)), .wait(0.02), .press(contact: 2, at: Point(200, 100)),
                .wait(0.08), .release(contact: 1), .wait(0.1), .press(contact: 1, at: Point(300, 100)), .wait(0.1),
                .release(contact: 2), .wait(0.05), .release(contact: 1), .wait(1),
            ])

        // An eleventh contact at once has no number: it and its events are left out.
        var many = recorder()
        for c in 0..<11 { many.record(event(c, .began, Double(10 + c * 50), 100, at: 1)) }
        many.record(event(10, .moved, 700, 200, at: 1.5))
        many.record(event(10, .ended, 700, 200, at: 1.6))
        let presses = many.finishedSteps().filter { if case .press = $0 { true } else { false } }
        XCTAssertEqual(presses.count, 10)
        XCTAssertFalse(many.finishedSteps().contains { if case .release = $0 { true } else { false } })
    }

    func testOtherChangesAreSetStepsAndEveryChangeIsExpected() throws {
        var r = recorder()
        r.record(event(1, .began, 100, 50, at: 1))
        r.record(event(1, .ended, 100, 50, at: 1.05))
        r.recordChange(id: "porch", on: true, byTouch: true, time: 1.05)
        r.recordChange(id: "fan", on: false, byTouch: false, time: 2.2504)
        XCTAssertEqual(
            r.finishedSteps(), [.wait(1), .tap(Point(100, 50)), .wait(1.2), .set(id: "fan", on: false), .wait(1)])
        let json = r.scenarioJSON(name: "Hall \"A\"", board: "/boards/hall.json", golden: "goldens/hall-preview.png")
        let scenario = try Scenario.parse(json)
        XCTAssertEqual(scenario.name, "Hall \"A\"")
        XCTAssertEqual(scenario.board, "/boards/hall.json")
        XCTAssertEqual(scenario.states.map { "\($0.id)=\($0.value)" }, ["porch=false", "fan=true"])
        XCTAssertEqual(scenario.steps.count, 6)
        guard case .expect(let screen, let states, _) = scenario.steps.last?.action else {
            return XCTFail("the last step is not an expect: \(json)")
        }
        XCTAssertEqual(screen?.golden, "goldens/hall-preview.png")
        XCTAssertEqual(screen?.tolerance, 0)
        XCTAssertEqual(states.map { "\($0.id)=\($0.value)" }, ["porch=true", "fan=false"])
        guard case .tap(.point(let p)) = scenario.steps[1].action else { return XCTFail(json) }
        XCTAssertEqual(p, Point(100, 50))
    }

    func testWaitsAreMillisecondsSplitAtTheFormatsLongestAndPositionsStayOnTheScreen() {
        var r = recorder()
        r.record(event(1, .began, 900, -5, at: 100_000.00049))
        r.record(event(1, .ended, 900, -5, at: 100_000.1))
        XCTAssertEqual(r.finishedSteps(), [.wait(86_400), .wait(13_600), .tap(Point(799.99, 0)), .wait(1)])
    }

    func testACancelledContactThatWasNotYetAPressIsLeftOut() {
        var r = recorder()
        r.record(event(1, .began, 100, 50, at: 1))
        r.record(event(1, .cancelled, 100, 50, at: 1.1))
        XCTAssertEqual(r.finishedSteps(), [.wait(1)])
        // A contact still down when saved is written as pressed (its thinned move too).
        r.record(event(2, .began, 100, 50, at: 2))
        r.record(event(2, .moved, 160, 50, at: 2.5))
        r.record(event(2, .moved, 170, 50, at: 2.51))
        XCTAssertEqual(
            r.finishedSteps(),
            [
                .wait(2), .press(contact: 1, at: Point(100, 50)), .wait(0.5), .move(contact: 1, to: Point(160, 50)),
                .move(contact: 1, to: Point(170, 50)), .wait(1),
            ])
    }

    func testRecordingStopsAtTheFormatsLimitWithTheStatesOfThen() throws {
        var r = recorder()
        var t = 0.0
        var on = false
        while !r.isTruncated {
            t += 0.5
            r.record(event(1, .began, 100, 50, at: t))
            r.record(event(1, .ended, 100, 50, at: t + 0.05))
            on.toggle()
            if !r.isTruncated { r.recordChange(id: "porch", on: on, byTouch: true, time: t + 0.05) }
        }
        let recordedTaps = r.steps.filter { if case .tap = $0 { true } else { false } }.count
        XCTAssertEqual(r.steps.count, ScenarioRecorder.maximumSteps - 2)
        r.recordChange(id: "fan", on: false, byTouch: false, time: t + 1)
        let json = r.scenarioJSON(name: "long", board: "/b.json", golden: "goldens/long.png")
        let scenario = try Scenario.parse(json)
        XCTAssertEqual(scenario.steps.count, Scenario.maximumSteps)
        guard case .expect(_, let states, _) = scenario.steps.last?.action else { return XCTFail("no expect") }
        XCTAssertEqual(
            states.map { "\($0.id)=\($0.value)" }, ["porch=\(recordedTaps % 2 == 1)", "fan=true"],
            "the states when recording stopped")
    }
}
