import ConfigFormat
import Foundation
import LinuxIO
import Panel
import Raster
import TestSupport
import XCTest

@testable import PanelRuntime

/// Issue 29's faults that a real Home Assistant cannot be made to produce (garbage frames, a
/// 16 MiB frame, a server stalled mid-frame, a close or a silence in the middle of signing in, a
/// refused token), each from a small WebSocket server of the test's own
/// (homeassistant_fault_server.py, Debian's python3-websockets) on 127.0.0.1, against the whole
/// panel (``EmbeddedPanel``: its real control socket, the real libwebsockets client and its I/O
/// thread). For each: `list` is asked on the control socket every 50 ms from another thread, each
/// on a connection of its own as `switchpanel ctl list` does, and every one is answered; a switch of the panel's own is set over the socket in the middle of the
/// fault and the screen changes (the panel keeps drawing); the fault is one line in the log per
/// connection; the bound switches are shown unavailable; and the panel reconnects with the
/// backoff (1, 2, 4 s with ±25 % jitter; a refused token 45–75 s), one connection per attempt,
/// none in the half second after a failure. Virtual time skips the waits (the connection
/// timeout, the ping, the backoff); the connections themselves are real. About 1-2 s each.
final class HomeAssistantFaultTests: XCTestCase {
    var directory = ""
    var server: Process?
    var logged: [String] = []
    var socketPath: String { directory + "/control.sock" }
    let entities = ["input_boolean.a", "light.b"]
    /// With a CA: the server speaks TLS only, with the certificate this CA signed for 127.0.0.1.
    var serverCA: ThrowawayCA?
    /// With a file: the panel connects over `https://` (wss) and trusts this CA only.
    var trustedCA: String?

    override func setUpWithError() throws {
        directory = NSTemporaryDirectory() + "ha-faults-\(getpid())-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: directory + "/server", withIntermediateDirectories: true)
        logged = []
        guard FileManager.default.fileExists(atPath: "/usr/lib/python3/dist-packages/websockets") else {
            throw XCTSkip("python3-websockets is not installed (scripts/setup.sh installs it)")
        }
    }

    override func tearDownWithError() throws {
        if let server, server.isRunning {
            kill(server.processIdentifier, SIGKILL)
            server.waitUntilExit()
        }
        try? FileManager.default.removeItem(atPath: directory)
    }

    var serverDirectory: String { directory + "/server" }

    /// Starts the fault server in `mode`; its port.
    func startServer(_ mode: String) throws -> Int {
        let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("homeassistant_fault_server.py").path
        let p = Process()
        p.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
        p.arguments = [
            script, "--mode", mode, "--directory", serverDirectory, "--entities", entities.joined(separator: ","),
        ]
        if let serverCA {
            p.arguments! += ["--certificate", serverCA.serverCertificate, "--key", serverCA.serverKey]
        }
        // Its stderr is kept: a server that died says why in the failure (``serverState``).
        FileManager.default.createFile(atPath: serverDirectory + "/stderr", contents: nil)
        p.standardError = FileHandle(forWritingAtPath: serverDirectory + "/stderr")
        try p.run()
        server = p
        let giveUp = monotonicNow() + 10
        while monotonicNow() < giveUp {
            if let text = try? String(contentsOfFile: serverDirectory + "/port", encoding: .utf8), let port = Int(text)
            {
                return port
            }
            usleep(10_000)
        }
        XCTFail("the fault server did not start")
        throw XCTSkip("no fault server")
    }

    /// Connections the server has taken so far.
    var connections: Int {
        ((try? String(contentsOfFile: serverDirectory + "/connections", encoding: .utf8)) ?? "")
            .split(separator: "\n").count
    }

    func serverLog() -> String { (try? String(contentsOfFile: serverDirectory + "/server.log", encoding: .utf8)) ?? "" }

    /// The server's log, whether it still runs, and the end of its stderr: for a failure's message.
    func serverState() -> String {
        let stderr = (try? String(contentsOfFile: serverDirectory + "/stderr", encoding: .utf8)) ?? ""
        var state = "not started"
        if let server {
            state =
                server.isRunning
                ? "running"
                : "ended (\(server.terminationReason == .uncaughtSignal ? "signal" : "status") \(server.terminationStatus))"
        }
        return "server \(state): \(serverLog()); stderr: \(stderr.suffix(2000))"
    }

    func marks(_ mark: String) -> Int { serverLog().split(separator: "\n").filter { $0.hasSuffix(mark) }.count }

    func embedded(port: Int) throws -> EmbeddedPanel {
        let token = directory + "/ha.token"
        try "a-token\n".write(toFile: token, atomically: true, encoding: .utf8)
        let url = trustedCA == nil ? "http://127.0.0.1:\(port)" : "https://127.0.0.1:\(port)"
        let tls = trustedCA.map { #", "tls": {"ca": "\#($0)"}"# } ?? ""
        let json = """
            {"version": 1, "name": "Faults", "layout": {"columns": 3},
             "homeAssistant": {"url": "\(url)", "tokenFile": "\(token)"\(tls)},
             "switches": [{"id": "a", "entity": "\(entities[0])"}, {"id": "b", "label": "B", "entity": "\(entities[1])"},
                          {"id": "plain", "label": "Plain"}]}
            """
        let panel = try EmbeddedPanel(
            board: LoadedConfig(config: try BoardConfig.parse(json)),
            options: PanelOptions(
                stateDirectory: directory, socketPath: socketPath,
                log: { [unowned self] level, line in logged.append("\(level): \(line)") }))
        try panel.advance(by: 0.1)
        return panel
    }

    static func pixels(_ image: Image?) -> [UInt8] {
        guard let image else { return [] }
        return Array(UnsafeRawBufferPointer(start: image.surface.base, count: image.surface.stride * image.height))
    }

    /// Sets the unbound switch over the control socket while the loop runs; the screen must change.
    func drawsWhileFaulty(_ panel: EmbeddedPanel, _ mode: String) throws {
        let before = Self.pixels(panel.screen)
        let client = try ControlClient(path: socketPath)
        let target = panel.session.controller.states["plain"] == true ? "off" : "on"
        try client.send(#"{"cmd":"set","id":"plain","state":"\#(target)"}"#)
        XCTAssertTrue(
            try panel.run(untilReal: { (try? waitForReadable([client.pollHandle], timeout: 0))?.isEmpty == false }),
            "\(mode): set answered")
        let reply = try client.readLine(timeout: 1) ?? ""
        XCTAssertTrue(reply.hasPrefix(#"{"ok":true"#), "\(mode): \(reply)")
        try panel.advance(by: 0.1)  // a frame (less than what is left of the shortest backoff)
        XCTAssertNotEqual(Self.pixels(panel.screen), before, "\(mode): the panel drew the change")
    }

    struct Outcome {
        /// From the failure to the reconnection (virtual s), as the service scheduled it.
        var delays: [Double] = []
        var lines: [String] = []
    }

    /// Runs the panel against the server in `mode` through `attempts` failed connections: after
    /// each, virtual time jumps to the reconnection; while a connection is up, real time gives the
    /// server its turn (until it has logged `mark` for this connection, or a second) and then
    /// virtual time steps by at most `step` s, never past the service's next deadline (the
    /// connection timeout and the ping are virtual deadlines; a step shorter than the shortest
    /// backoff cannot hide a failure and its reconnection).
    /// `during` runs once the first connection is up (the change the server sent is mirrored).
    func suffer(
        _ mode: String, mark: String, attempts: Int = 3, step: Double = 0.7,
        during: ((EmbeddedPanel) throws -> Void)? = nil
    ) throws -> Outcome {
        let port = try startServer(mode)
        let panel = try embedded(port: port)
        let service = panel.panel.homeAssistant
        let asker = ListAsker(path: socketPath, interval: 0.05, connectionPerRequest: true)
        var outcome = Outcome()
        var turns = 0
        var didDuring = false
        let started = monotonicNow()
        // Virtual time before the step of the loop in which the connection may have failed.
        var upSince = panel.clock.now
        while outcome.delays.count < attempts {
            turns += 1
            guard turns < 1000 else {
                XCTFail(
                    "\(mode): \(outcome.delays.count) failures after 1000 turns; log: \(logged.suffix(5)); \(serverState())"
                )
                break
            }
            let expected = outcome.delays.count + 1
            // Real time for the server's turn, until it has done its fault to this connection;
            // then only a glance before each step of virtual time.
            let faulted = marks(mark) >= expected
            _ = try panel.run(
                untilReal: {
                    if service.reconnectAt == nil { upSince = panel.clock.now }
                    return service.reconnectAt != nil || (!faulted && marks(mark) >= expected)
                },
                realTimeout: faulted ? 0.02 : 1)
            if !didDuring, let during, marks(mark) >= 1 {
                didDuring = true
                try during(panel)
                continue
            }
            guard let at = service.reconnectAt else {
                // To the service's next deadline at most, and less than the shortest backoff, so
                // no failure and reconnection both happen unseen within one step.
                let next = service.nextDeadline.map { $0 - panel.clock.now + 0.001 } ?? step
                upSince = panel.clock.now
                try panel.advance(by: min(step, max(0.001, next)))
                continue
            }
            XCTAssertEqual(connections, expected, "\(mode): one connection per attempt; \(serverState())")
            XCTAssertNotNil(panel.session.unavailable["a"], "\(mode): a bound switch is unavailable while down")
            // Measured from the failure itself, not from when the loop saw it: virtual time moves
            // on with real time while the loop runs, so "now" is a few ms late. The failure's time
            // is the service's own: it must lie in the step the failure was seen after, or the
            // wait the service scheduled is not the one the panel waits.
            let failedAt = service.failedAt ?? .nan
            XCTAssertTrue(
                upSince - 0.001 <= failedAt && failedAt <= panel.clock.now,
                "\(mode): failed at \(failedAt), outside the step [\(upSince), \(panel.clock.now)] it happened in")
            outcome.delays.append(at - failedAt)
            // No connection in the next half second of real (and virtual) time: no tight loop.
            let quiet = monotonicNow() + 0.5
            _ = try panel.run(untilReal: { monotonicNow() >= quiet })
            XCTAssertEqual(connections, expected, "\(mode): no connection within 0.5 s of a failure")
            if outcome.delays.count == 1 { try drawsWhileFaulty(panel, mode) }
            if outcome.delays.count < attempts { try panel.advance(by: max(0, at - panel.clock.now)) }
        }
        XCTAssertTrue(try panel.run(untilReal: { asker.stop() }), "\(mode): the asker's last list answered")
        let latencies = asker.latencies
        XCTAssertEqual(asker.failures, [], mode)
        XCTAssertGreaterThan(latencies.count, 3, "\(mode): list asked during the fault")
        // Medians of 3-10 ms, worst 25-170 ms on the shared 2-core machine (load 13 while measured;
        // one 560 ms there): a lock-out would be seconds (the sign-in timeout is 15 s).
        XCTAssertLessThan(MQTTAbuseTests.median(latencies), 0.05, "\(mode): list answered in 50 ms (median)")
        XCTAssertLessThan(latencies.max() ?? .infinity, 1, "\(mode): every list answered within 1 s")
        outcome.lines = logged.filter { $0.contains("Home Assistant") }
        print(
            "\(mode): \(connections) connections, delays \(outcome.delays.map { $0.fixed(2) }) s, "
                + "\(latencies.count) lists answered (median \((MQTTAbuseTests.median(latencies) * 1000).fixed(1)) ms, max \(((latencies.max() ?? 0) * 1000).fixed(1)) ms), "
                + "\((monotonicNow() - started).fixed(1)) s real; log: \(outcome.lines.suffix(3))")
        return outcome
    }

    /// The k-th delay (from 0) within the backoff's 1, 2, 4 … s ±25 %.
    func assertBackoff(_ outcome: Outcome, _ mode: String) {
        for (k, delay) in outcome.delays.enumerated() {
            let base = Double(1 << k)
            XCTAssertTrue((base * 0.75...base * 1.25).contains(delay), "\(mode): delay \(k) is \(delay) s")
        }
    }

    func count(_ outcome: Outcome, _ phrase: String) -> Int { outcome.lines.filter { $0.contains(phrase) }.count }

    // MARK: The faults

    /// Non-JSON text, a binary frame, JSON arrays and objects of the wrong shape, an unknown type,
    /// a result and an event for ids the panel never used: each ignored, one line per connection
    /// for all of them, the connection kept (the real change after them is mirrored), then the
    /// server's close is retried with the backoff.
    func testGarbageFramesAreIgnoredWithOneLineAndTheChangeAfterThemIsMirrored() throws {
        let outcome = try suffer("garbage", mark: "change sent") { panel in
            XCTAssertTrue(
                try panel.run(untilReal: { panel.session.controller.states["a"] == false }),
                "the change after the garbage is mirrored: \(self.logged)")
            XCTAssertTrue(FileManager.default.createFile(atPath: self.serverDirectory + "/close", contents: nil))
        }
        assertBackoff(outcome, "garbage")
        XCTAssertEqual(count(outcome, "ignored a message"), 3, "one line per connection: \(outcome.lines)")
        XCTAssertEqual(count(outcome, "(8 messages ignored on it)"), 3, "each garbage frame counted: \(outcome.lines)")
        XCTAssertEqual(count(outcome, "server closed the connection"), 3, "\(outcome.lines)")
    }

    /// A 16 MiB frame (four times the client's limit) is skipped whole, said once, and the
    /// connection goes on (the change after it is mirrored).
    func testASixteenMebibyteFrameIsSkippedAndTheConnectionGoesOn() throws {
        // Under qemu-user the emulated libwebsockets took longer than the product's 10 s pong
        // timeout to read the 16 MiB (the log: the frame skipped, then "no pong within 10 s").
        try XCTSkipIf(
            getenv("SWITCHPANEL_TEST_UNDER_QEMU_USER") != nil,
            "the emulated CPU reads a 16 MiB frame more slowly than the 10 s pong timeout allows")
        // What a bound panel costs by itself (fonts, frames, libwebsockets and OpenSSL) is paid
        // first, by a panel whose Home Assistant is a closed port, so that only what the big
        // frames leave behind is measured (run alone, a first panel adds about 15 MB).
        do {
            let warm = try embedded(port: try MosquittoBroker.freePort())
            _ = try warm.run(untilReal: { warm.panel.homeAssistant.reconnectAt != nil }, realTimeout: 5)
        }
        logged.removeAll()
        let rssBefore = MQTTAbuseTests.residentMegabytes()
        var rssAfter = 0.0
        let outcome = try suffer("oversized", mark: "change sent") { panel in
            XCTAssertTrue(
                try panel.run(untilReal: { panel.session.controller.states["a"] == false }),
                "the change after the big frame is mirrored: \(self.logged)")
            rssAfter = MQTTAbuseTests.residentMegabytes()
            XCTAssertTrue(FileManager.default.createFile(atPath: self.serverDirectory + "/close", contents: nil))
        }
        print("oversized: RSS \(rssBefore.fixed(1)) → \(rssAfter.fixed(1)) MB")
        assertBackoff(outcome, "oversized")
        XCTAssertEqual(count(outcome, "16 MiB"), 3, "one line per frame: \(outcome.lines)")
        // Skipped, not kept: far less than the frame stays in memory.
        XCTAssertLessThan(rssAfter - rssBefore, 12, "RSS")
    }

    /// A frame that stops after 10 of its 1000 bytes, the TCP open: the ping goes unanswered and
    /// the connection is dropped 10 s after it (virtual), then retried.
    func testAServerStalledMidFrameIsDroppedAfterTheUnansweredPing() throws {
        let outcome = try suffer("stall-frame", mark: "stalled mid-frame")
        assertBackoff(outcome, "stall-frame")
        XCTAssertEqual(count(outcome, "no pong within 10 s"), 3, "\(outcome.lines)")
    }

    /// The same stall instead of `auth_required`: given up after the 15 s sign-in timeout.
    func testAServerStalledBeforeSigningInIsGivenUpAfterTheTimeout() throws {
        let outcome = try suffer("stall-auth", mark: "stalled mid-frame")
        assertBackoff(outcome, "stall-auth")
        XCTAssertEqual(
            count(outcome, "no auth_required within 15 s (not signed in and subscribed)"), 3, "\(outcome.lines)")
    }

    /// `auth_required`, and the TCP connection cut when the token comes.
    func testAConnectionClosedWhileSigningInIsRetried() throws {
        let outcome = try suffer("close-auth", mark: "auth auth")
        assertBackoff(outcome, "close-auth")
        XCTAssertEqual(count(outcome, "closed while signing in"), 3, "\(outcome.lines)")
    }

    /// A server that takes the token and never answers it: the sign-in timeout.
    func testAServerThatNeverAnswersTheTokenIsGivenUpAfterTheTimeout() throws {
        let outcome = try suffer("silent-auth", mark: "auth auth")
        assertBackoff(outcome, "silent-auth")
        XCTAssertEqual(
            count(outcome, "no answer to the token (auth_ok or auth_invalid) within 15 s"), 3, "\(outcome.lines)")
    }

    /// `auth_invalid`: one line naming the token file for the whole outage, and a retry every
    /// 45–75 s, never sooner.
    func testARefusedTokenIsOneLineNamingTheFileAndSlowRetries() throws {
        let outcome = try suffer("auth-invalid", mark: "auth auth")
        for delay in outcome.delays { XCTAssertTrue((45...75).contains(delay), "auth-invalid: delay \(delay) s") }
        let refused = outcome.lines.filter { $0.contains("refused the token in") }
        XCTAssertEqual(refused.count, 1, "\(outcome.lines)")
        XCTAssertTrue(refused.first?.contains(directory + "/ha.token") == true, "\(refused)")
    }

    // MARK: wss:// with a CA

    /// `https://` with `tls.ca`: the server (TLS only, a certificate for 127.0.0.1 signed by a
    /// CA the test made) is reached through a TLS handshake it logged, the states and a change
    /// are mirrored, and `set` on the control socket reaches it as `call_service` and is
    /// confirmed by the state it sends back.
    func testWSSWithTheConfigsCAMirrorsStatesAndCallsServices() throws {
        let ca = try ThrowawayCA(in: directory + "/tls")
        serverCA = ca
        trustedCA = ca.caCertificate
        let started = monotonicNow()
        let panel = try embedded(port: try startServer("good"))
        let states = { panel.session.controller.states }
        XCTAssertTrue(
            try panel.run(untilReal: { self.marks("change sent") >= 1 && states()["a"] == false }),
            "subscribed over TLS and the change mirrored: \(logged); server: \(serverLog())")
        let connectedAt = monotonicNow() - started
        XCTAssertEqual(states()["b"], true, "the first state mirrored")
        XCTAssertNil(panel.session.unavailable["a"], "a bound switch is available once subscribed")
        XCTAssertEqual(marks("tls TLSv1.3") + marks("tls TLSv1.2"), 1, "the one connection was TLS: \(serverLog())")
        XCTAssertEqual(connections, 1)

        for (id, state, call) in [
            ("a", "on", "call_service input_boolean.turn_on input_boolean.a"),
            ("b", "off", "call_service light.turn_off light.b"),
        ] {
            let client = try ControlClient(path: socketPath)
            let asked = monotonicNow()
            try client.send(#"{"cmd":"set","id":"\#(id)","state":"\#(state)"}"#)
            XCTAssertTrue(
                try panel.run(untilReal: { (try? waitForReadable([client.pollHandle], timeout: 0))?.isEmpty == false }),
                "set \(id) answered")
            let reply = try client.readLine(timeout: 1) ?? ""
            XCTAssertTrue(reply.hasPrefix(#"{"ok":true"#), "set \(id): \(reply)")
            XCTAssertTrue(
                try panel.run(untilReal: { self.marks(call) == 1 && states()[id] == (state == "on") }),
                "set \(id) reached the server as \(call) and was confirmed: \(serverLog()); \(logged)")
            print(
                "wss: set \(id) \(state) → call_service and confirmation in \(((monotonicNow() - asked) * 1000).fixed(1)) ms"
            )
        }
        XCTAssertEqual(connections, 1, "one connection throughout")
        XCTAssertEqual(logged.filter { $0.hasPrefix("warning") || $0.hasPrefix("error") }, [], "no warning")
        print("wss: connected, signed in and mirrored in \((connectedAt * 1000).fixed(0)) ms (CA made before)")
    }

    /// A CA that did not sign the server's certificate: each connection is refused in the
    /// handshake (the server saw the hello, never a finished handshake), one log line per
    /// connection names the CA file and says the certificate was not trusted, and the panel backs
    /// off 1, 2, 4 s (no tight loop), answering its control socket and drawing throughout.
    func testACertificateTheCADidNotSignIsRefusedWithOneLineAndBacksOff() throws {
        serverCA = try ThrowawayCA(in: directory + "/tls")
        let other = try ThrowawayCA(in: directory + "/other", name: "Another CA")
        trustedCA = other.caCertificate
        // The server's mark is the hello, before the refusal, which comes from the I/O thread
        // while virtual time steps on: short steps, so it is seen close to when it came.
        let outcome = try suffer("good", mark: "tls hello", step: 0.05)
        assertBackoff(outcome, "untrusted")
        XCTAssertEqual(marks("tls TLSv1.3") + marks("tls TLSv1.2"), 0, "no handshake finished: \(serverLog())")
        XCTAssertEqual(marks("auth auth"), 0, "the token was never sent")
        let refused = outcome.lines.filter { $0.contains("not trusted") }
        XCTAssertEqual(refused.count, 3, "one line per connection: \(outcome.lines)")
        XCTAssertTrue(refused.allSatisfy { $0.contains(other.caCertificate) }, "names the CA file: \(refused)")
        print("untrusted: \(refused.first ?? "")")
    }
}
