import ConfigFormat
import Foundation
import Panel
import Presentation
import Raster
import TouchCore
import Widget
import XCTest

@testable import PanelRuntime

/// A touch's change flows one way: the controller returns it to the session, the session saves
/// it and only then tells its listener (the loop, which tells the control socket and the
/// services), then its observer, then starts the actions — and nothing another part sets on
/// the session can cut the loop off.
final class OneWayFlowTests: XCTestCase {
    var directory = ""

    override func setUpWithError() throws {
        directory = NSTemporaryDirectory() + "switchpanel-flow-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws { try? FileManager.default.removeItem(atPath: directory) }

    static let board = #"{"version": 1, "switches": [{"id": "porch", "actions": [{"print": true}]}, {"id": "hall"}]}"#

    /// What was heard, in order, and what was on disk and printed at each moment.
    final class Record {
        var heard: [String] = []
        var printed: [String] = []
        var onDisk: [[String: Bool]] = []
    }

    final class Listener: PanelSessionListener {
        let record: Record
        let directory: String
        init(_ record: Record, directory: String) {
            self.record = record
            self.directory = directory
        }
        func sessionAcknowledged(_ change: SwitchChange) {
            record.heard.append("listener \(change.id) \(change.isOn) printed \(record.printed.count)")
            record.onDisk.append(StateStore(directory: directory).load().states)
        }
        func sessionShowsPage(_ page: Int, title: String) { record.heard.append("page \(page)") }
    }

    func testTheListenerHearsASavedTouchBeforeTheObserverAndTheActions() throws {
        let config = try BoardConfig.parse(Self.board)
        let record = Record()
        let session = try PanelSession(
            config: config, display: HeadlessDisplay(width: config.display.width, height: config.display.height),
            renderer: SwitchRenderer(), store: StateStore(directory: directory),
            actions: ActionRunner(printLine: { record.printed.append($0) }), log: { _, _ in })
        let listener = Listener(record, directory: directory)
        session.listener = listener
        session.onChange = { record.heard.append("observer \($0.id) printed \(record.printed.count)") }
        let f = try XCTUnwrap(session.controller.view.toggle(id: "porch")).frame
        let p = Point(f.midX, f.midY)
        session.deliver([TouchEvent(contact: 1, phase: .began, position: p, time: 1)], now: 1)
        XCTAssertEqual(record.heard, [], "a touch down changes nothing")
        session.deliver([TouchEvent(contact: 1, phase: .ended, position: p, time: 1.05)], now: 1.05)
        XCTAssertEqual(record.heard, ["listener porch true printed 0", "observer porch printed 0"])
        XCTAssertEqual(record.onDisk, [["porch": true, "hall": false]], "saved before it was heard")
        XCTAssertEqual(record.printed, [#"{"id":"porch","state":"on"}"#], "the action ran after both")
        XCTAssertEqual(session.states, ["porch": true, "hall": false])
    }

    /// Counts what a service is told.
    final class CountingService: PanelService {
        var changes: [SwitchChange] = []
        func switchChanged(_ change: SwitchChange, now: Double) { changes.append(change) }
    }

    /// The loop is told by the session itself, not through `onChange`: an observer set after the
    /// loop was built (replacing, not chaining) leaves the services told as before.
    func testAnObserverSetAfterTheLoopLeavesTheServicesTold() throws {
        let panel = try EmbeddedPanel(
            board: LoadedConfig(config: try BoardConfig.parse(Self.board)),
            options: PanelOptions(stateDirectory: directory, log: { _, _ in }))
        let service = CountingService()
        panel.loop.add(service)
        var observed: [SwitchChange] = []
        panel.session.onChange = { observed.append($0) }
        try panel.advance(by: 0.5)
        let f = try XCTUnwrap(panel.session.controller.view.toggle(id: "hall")).frame
        let p = Point(f.midX, f.midY)
        panel.touch([[TouchEvent(contact: 1, phase: .began, position: p, time: panel.clock.now)]])
        try panel.advance(by: 0.05)
        panel.touch([[TouchEvent(contact: 1, phase: .ended, position: p, time: panel.clock.now)]])
        try panel.advance(by: 0.5)
        XCTAssertEqual(observed.map(\.id), ["hall"])
        XCTAssertEqual(service.changes, observed, "the service heard the same change")
        XCTAssertEqual(StateStore(directory: directory).load().states["hall"], true)
    }
}
