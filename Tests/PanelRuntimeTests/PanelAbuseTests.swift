import Foundation
import LinuxIO
import Panel
import XCTest

@testable import PanelRuntime

/// Issue 11, "the panel under abuse": the running panel (``EmbeddedPanel``, virtual time, a real
/// socket) against clients that hold places, subscribe without end, or a socket path that is not
/// ours.
final class PanelAbuseTests: XCTestCase {
    var directory = ""
    var socketPath: String { directory + "/control.sock" }

    override func setUpWithError() throws {
        directory = NSTemporaryDirectory() + "abuse-\(getpid())-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws { try? FileManager.default.removeItem(atPath: directory) }

    func board(_ extra: String = "") throws -> LoadedConfig {
        let json = """
            {"version": 1, \(extra)
             "switches": [{"id": "porch", "label": "Porch"}, {"id": "fan", "label": "Fan"}]}
            """
        return LoadedConfig(config: try BoardConfig.parse(json))
    }

    func embedded(_ board: LoadedConfig, log: @escaping (LogLevel, String) -> Void = { _, _ in }) throws
        -> EmbeddedPanel
    {
        let panel = try EmbeddedPanel(
            board: board, options: PanelOptions(stateDirectory: directory, socketPath: socketPath, log: log))
        try panel.advance(by: 0.1)
        return panel
    }

    func server(_ panel: EmbeddedPanel) throws -> ControlServer { try XCTUnwrap(panel.panel.control) }

    /// Runs the loop (virtual time standing still) until `client` has something to read.
    func waitForLine(_ client: ControlClient, in panel: EmbeddedPanel) throws -> String? {
        XCTAssertTrue(
            try panel.run(untilReal: { (try? waitForReadable([client.pollHandle], timeout: 0))?.isEmpty == false }))
        return try client.readLine(timeout: 1)
    }

    func ask(_ client: ControlClient, _ line: String, in panel: EmbeddedPanel) throws -> String? {
        try client.send(line)
        return try waitForLine(client, in: panel)
    }

    /// Connects `count` clients and lets the panel accept them.
    func connect(_ count: Int, to panel: EmbeddedPanel) throws -> [ControlClient] {
        let control = try server(panel)
        // One at a time, each accepted before the next: the listener's backlog is short, and a
        // connect beyond it would block this (the loop's) thread.
        return try (0..<count).map { _ in
            let before = control.clientCount
            let client = try ControlClient(path: socketPath)
            XCTAssertTrue(try panel.run(untilReal: { control.clientCount == before + 1 }))
            return client
        }
    }

    // MARK: Issue 11, item 3

    /// 32 clients that connect and say nothing used to hold every place for ever. Now the 33rd
    /// is refused with a reason (which the client reads as its reply, not "Broken pipe"), and
    /// after the idle timeout the silent ones are closed and a new client is served; the
    /// subscriber among them stays, and still gets its events.
    func testIssue11Item3IdleClientsTimeOutAndNoLongerLockEveryoneOut() throws {
        let panel = try embedded(try board())
        let control = try server(panel)
        let watcher = try connect(1, to: panel)[0]
        XCTAssertEqual(try ask(watcher, #"{"cmd":"subscribe"}"#, in: panel)?.hasPrefix(#"{"ok":true"#), true)
        let idle = try connect(ControlServer.defaultMaximumClients - 1, to: panel)
        XCTAssertEqual(control.clientCount, ControlServer.defaultMaximumClients)

        // The panel is full: a newcomer is told why, and closed.
        let refused = try ControlClient(path: socketPath)
        XCTAssertTrue(
            try panel.run(untilReal: { (try? waitForReadable([refused.pollHandle], timeout: 0))?.isEmpty == false }))
        // What `switchpanel ctl` does: send, then read. The send meets a closed socket (EPIPE),
        // and the reply is the line the panel wrote before closing.
        XCTAssertEqual(
            try refused.request(#"{"cmd":"list"}"#, timeout: 1),
            #"{"ok":false,"error":"too many clients (at most 32); try again later"}"#)

        // Not yet: a second short of the timeout nobody is closed.
        try panel.advance(by: ControlServer.defaultIdleTimeout - 1)
        XCTAssertEqual(control.clientCount, ControlServer.defaultMaximumClients)
        try panel.advance(by: 2)
        XCTAssertEqual(control.clientCount, 1, "only the subscriber is left")
        XCTAssertEqual(control.subscriberCount, 1)
        for client in idle { XCTAssertNil(try client.readLine(timeout: 1), "closed without a line") }

        // A new client is served, and the subscriber hears of its change.
        let newcomer = try ControlClient(path: socketPath)
        let reply = try ask(newcomer, #"{"cmd":"set","id":"porch","state":"on"}"#, in: panel)
        XCTAssertEqual(reply?.hasPrefix(#"{"ok":true"#), true, reply ?? "no reply")
        XCTAssertEqual(
            try waitForLine(watcher, in: panel), #"{"event":"changed","id":"porch","state":"on","source":"socket"}"#)

        // An hour later the subscriber is still there; the newcomer, silent since, is not.
        try panel.advance(by: 3600)
        XCTAssertEqual(control.clientCount, 1)
        XCTAssertEqual(try ask(watcher, #"{"cmd":"get","id":"porch"}"#, in: panel)?.contains(#""state":"on""#), true)
    }

    /// A client that keeps talking is never idle, however long it stays: each request restarts
    /// its clock.
    func testIssue11Item3AClientThatKeepsTalkingIsNotClosed() throws {
        let panel = try embedded(try board())
        let client = try connect(1, to: panel)[0]
        for _ in 0..<5 {
            try panel.advance(by: ControlServer.defaultIdleTimeout * 0.8)
            XCTAssertEqual(try ask(client, #"{"cmd":"list"}"#, in: panel)?.hasPrefix(#"{"ok":true"#), true)
        }
        XCTAssertEqual(try server(panel).clientCount, 1)
    }

    /// Subscribers are exempt from the idle timeout, so they have their own cap: the 17th
    /// subscribe gets an error reply (its tag echoed), stays connected as a plain client, and
    /// is closed when it then goes quiet; the 16 stay.
    func testIssue11Item3SubscribersHaveTheirOwnCap() throws {
        let panel = try embedded(try board())
        let control = try server(panel)
        let limit = ControlServer.defaultMaximumSubscribers
        var clients = try connect(limit + 1, to: panel)
        for client in clients.prefix(limit) {
            XCTAssertEqual(try ask(client, #"{"cmd":"subscribe"}"#, in: panel)?.hasPrefix(#"{"ok":true"#), true)
        }
        let extra = clients[limit]
        XCTAssertEqual(
            try ask(extra, #"{"cmd":"subscribe","tag":17}"#, in: panel),
            #"{"ok":false,"tag":17,"error":"too many subscribers (at most 16); try again later"}"#)
        XCTAssertEqual(control.subscriberCount, limit)
        XCTAssertEqual(try ask(extra, #"{"cmd":"get","id":"fan"}"#, in: panel)?.hasPrefix(#"{"ok":true"#), true)
        try panel.advance(by: ControlServer.defaultIdleTimeout + 1)
        XCTAssertEqual(control.clientCount, limit)
        XCTAssertNil(try extra.readLine(timeout: 1))
        XCTAssertEqual(control.subscriberCount, limit)
        // A place freed among the subscribers is a place to take.
        // A subscriber that hung up is noticed when the next event fails to reach it (its EOF
        // alone looks like a half-close, which keeps a subscription).
        clients.removeFirst()  // the last reference: its socket closes
        let late = try connect(1, to: panel)[0]
        XCTAssertEqual(
            try ask(late, #"{"cmd":"set","id":"fan","state":"toggle"}"#, in: panel)?.hasPrefix(#"{"ok":true"#), true)
        XCTAssertEqual(control.subscriberCount, limit - 1)
        XCTAssertEqual(try ask(late, #"{"cmd":"subscribe"}"#, in: panel)?.hasPrefix(#"{"ok":true"#), true)
    }

    // MARK: Issue 11, item 10

    /// A symlink at the socket path is refused, and the panel does not start without its socket:
    /// the error names the path and the way out.
    func testIssue11Item10ASymlinkAtTheSocketPathFailsStart() throws {
        XCTAssertEqual(symlink(directory + "/elsewhere", socketPath), 0)
        XCTAssertThrowsError(try embedded(try board())) { error in
            let text = "\(error)"
            XCTAssertTrue(text.hasPrefix("cannot set up the control socket \(socketPath): "), text)
            XCTAssertTrue(text.contains("is not a socket"), text)
            XCTAssertTrue(text.contains(#""control": {"optional": true}"#), text)
        }
        // The link is left alone.
        XCTAssertEqual(
            try FileManager.default.destinationOfSymbolicLink(atPath: socketPath), directory + "/elsewhere")
    }

    /// With `"control": {"optional": true}` the same panel runs without a socket, and says so.
    func testIssue11Item10AnOptionalSocketOnlyWarns() throws {
        XCTAssertEqual(symlink(directory + "/elsewhere", socketPath), 0)
        var warnings: [String] = []
        let panel = try embedded(
            try board(#""control": {"optional": true},"#),
            log: { level, line in if level == .warning { warnings.append(line) } })
        XCTAssertNil(panel.panel.control)
        XCTAssertEqual(warnings.count, 1)
        XCTAssertTrue(
            warnings.first?.hasPrefix("no control socket (control.optional is true): ") == true, "\(warnings)")
        XCTAssertTrue(warnings.first?.contains(socketPath) == true, "\(warnings)")
        try panel.advance(by: 1)
        XCTAssertNotNil(panel.screen, "the panel runs")
    }
}
