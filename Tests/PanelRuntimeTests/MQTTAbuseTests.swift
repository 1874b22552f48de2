import ConfigFormat
import Foundation
import LinuxIO
import Panel
import TestSupport
import XCTest

@testable import PanelRuntime

/// Issue 25, §4, the broker's side: the panel (``EmbeddedPanel``, a real control socket) on a real
/// mosquitto started by the test, flooded and starved by real clients (`mosquitto_pub`); a small
/// server of the test's own only where the fault is one mosquitto cannot produce (a listener
/// that never answers). Each test is bounded (seconds) and reports its figures.
final class MQTTAbuseTests: XCTestCase {
    var directory = ""
    var broker: MosquittoBroker!
    var logged: [String] = []
    var socketPath: String { directory + "/control.sock" }

    override func setUpWithError() throws {
        directory = NSTemporaryDirectory() + "mqtt-abuse-\(getpid())-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        logged = []
    }

    override func tearDownWithError() throws {
        broker = nil
        try? FileManager.default.removeItem(atPath: directory)
    }

    func startBroker() throws {
        let dir = directory + "/broker"
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        broker = try MosquittoBroker(directory: dir)
    }

    /// Switches `ids` (no actions) on the broker at `port` (the test's broker by default).
    func board(_ ids: [String], port: Int? = nil, keepalive: Int = 30) throws -> LoadedConfig {
        let switches = ids.map { #"{"id": "\#($0)", "label": "\#($0)"}"# }.joined(separator: ", ")
        let json = """
            {"version": 1, "name": "Flood", "layout": {"columns": 4},
             "mqtt": {"broker": "mqtt://127.0.0.1:\(port ?? broker.port)", "node": "flood", "keepalive": \(keepalive)},
             "switches": [\(switches)]}
            """
        return LoadedConfig(config: try BoardConfig.parse(json))
    }

    func embedded(_ board: LoadedConfig) throws -> EmbeddedPanel {
        let panel = try EmbeddedPanel(
            board: board,
            options: PanelOptions(
                stateDirectory: directory, socketPath: socketPath,
                log: { [unowned self] level, line in logged.append("\(level): \(line)") }))
        try panel.advance(by: 0.1)
        return panel
    }

    func connected(_ panel: EmbeddedPanel, realTimeout: Double = 10) throws {
        XCTAssertTrue(
            try panel.run(untilReal: { panel.panel.mqtt.isConnected }, realTimeout: realTimeout),
            "not connected: \(logged)")
        try settle(panel)
    }

    func settle(_ panel: EmbeddedPanel, seconds: Double = 0.3) throws {
        let until = monotonicNow() + seconds
        _ = try panel.run(untilReal: { monotonicNow() >= until })
    }

    /// Sends `{"cmd":"list"}` and runs the loop until the reply is readable; the real seconds
    /// that took (nil: no reply within `timeout`).
    func listLatency(_ client: ControlClient, in panel: EmbeddedPanel, timeout: Double = 20) throws -> Double? {
        let start = monotonicNow()
        try client.send(#"{"cmd":"list"}"#)
        let answered = try panel.run(
            untilReal: { (try? waitForReadable([client.pollHandle], timeout: 0))?.isEmpty == false },
            realTimeout: timeout)
        let latency = monotonicNow() - start
        guard answered, let reply = try client.readLine(timeout: 1) else { return nil }
        XCTAssertTrue(reply.hasPrefix(#"{"ok":true"#), reply)
        return latency
    }

    func brokerLog() -> String {
        (try? String(contentsOfFile: broker.directory + "/mosquitto.log", encoding: .utf8)) ?? ""
    }

    static func residentMegabytes() -> Double {
        let status = (try? String(contentsOfFile: "/proc/self/status", encoding: .utf8)) ?? ""
        let line = status.split(separator: "\n").first { $0.hasPrefix("VmRSS:") } ?? ""
        return (Double(line.split(separator: " ").dropFirst().first ?? "") ?? 0) / 1024
    }

    /// CPU time (user and system) of the calling thread so far.
    static func threadCPUSeconds() -> Double {
        var usage = rusage()
        getrusage(__rusage_who_t(1), &usage)  // RUSAGE_THREAD (not imported)
        return Double(usage.ru_utime.tv_sec + usage.ru_stime.tv_sec)
            + Double(usage.ru_utime.tv_usec + usage.ru_stime.tv_usec) / 1e6
    }

    static func median(_ values: [Double]) -> Double { values.sorted()[values.count / 2] }

    // MARK: The command flood

    /// 20,000 commands in 2.5 s (on a machine slower than the host, as many times that) to the
    /// switches' command topics (four `mosquitto_pub` clients, one per switch, fed at an even
    /// pace) while `list` is asked on the control socket every 20 ms from another thread (as
    /// `switchpanel ctl list` would): every `list` is answered within the issue's 100 ms, and the last command each switch got is its
    /// state — saved, and retained on the broker. Before the fix a turn of the loop took every
    /// message libmosquitto had read (as many as the QoS 1 states waiting for their
    /// acknowledgements) and saved and published each: a `list` waited 15.0 s (one got no reply
    /// within 20 s), 19,998 saves, and the switches reached their last command 74 s after the
    /// flood began.
    func testIssue25ACommandFloodLeavesTheControlSocketAnsweringAndTheLastCommandWins() throws {
        // The issue's rate and bounds are a real CPU's. Under qemu-user the optimised aarch64
        // build answered lists in 39.5–54 ms median during the flood (bound 50) while a quiet
        // list took 2 ms (no peer we time follows the emulated CPU's cost of the loop's MQTT
        // work), and its libmosquitto thread drained the socket more slowly than the broker sent.
        try XCTSkipIf(
            getenv("SWITCHPANEL_TEST_UNDER_QEMU_USER") != nil,
            "the emulated CPU is slower at the loop's MQTT work than the issue's real-CPU rate and bounds allow")
        try startBroker()
        let ids = ["a", "b", "c", "d"]
        let panel = try embedded(try board(ids))
        try connected(panel)
        let perSwitch = 5000
        // Alternating, each switch ending where its index says (a and c on, b and d off).
        var expected: [String: Bool] = [:]
        var floods: [(topic: String, lines: [String])] = []
        for (index, id) in ids.enumerated() {
            let last = index % 2 == 0
            expected[id] = last
            let lines = (0..<perSwitch).map { n in (n % 2 == perSwitch % 2) == last ? "OFF" : "ON" }
            XCTAssertEqual(lines.last, last ? "ON" : "OFF")
            floods.append(("switchpanel/flood/\(id)/set", lines))
        }
        // The issue's rate, 20,000 in 2.5 s, is a real CPU's: on a machine slower than the host
        // by its quiet list (qemu-user, debug: 9–12 times) the same commands come over as many times
        // 2.5 s, a rate it can read (at the issue's, mosquitto dropped messages for the emulated
        // panel, the last ones among them); the host, its quiet list 3–20 ms, gets 2.5 s.
        // At QoS 0, as Home Assistant sends commands by default. (At QoS 1 mosquitto holds at most
        // 1,000 messages for a panel that has not acknowledged 20: a panel that falls that far
        // behind loses commands, the last ones among them.)
        let quiet = try quietListSeconds(panel, at: socketPath)
        let slower = Self.slowerThanTheHost(quiet: quiet)
        let duration = 2.5 * slower
        let flood = try PacedFlood(broker: broker, floods: floods, qos: 0, duration: duration)
        let asker = ListAsker(path: socketPath, interval: 0.02)
        XCTAssertTrue(try panel.run(untilReal: { asker.count >= 3 }), "list answered before the flood")
        let rssBefore = Self.residentMegabytes()
        let savesBefore = panel.session.statesSaved
        let start = monotonicNow()
        flood.start()
        var rssPeak = rssBefore
        // Final: the expected states, unchanged for 0.5 s after the flood. (Each switch alternates,
        // so mid-stream all four match the expected ones one look in 16: a panel still draining
        // its backlog was taken as done, and its next commands failed the checks below.)
        var seen = panel.session.controller.states
        var lastChange = start
        _ = try panel.run(
            untilReal: {
                rssPeak = max(rssPeak, Self.residentMegabytes())
                let now = monotonicNow()
                let states = panel.session.controller.states
                if states != seen { (seen, lastChange) = (states, now) }
                return flood.ended != nil && states == expected && now - lastChange >= 0.5
            }, realTimeout: 30 * slower)
        let elapsed = lastChange - start
        let floodEnded = flood.ended.map { $0 - start }
        let asked = asker.count
        XCTAssertTrue(try panel.run(untilReal: { asker.stop() }), "the asker's last list answered")
        let latencies = Array(asker.latencies.dropFirst(3))
        let worst = latencies.max() ?? .infinity
        print(
            "MQTT flood: \(ids.count * perSwitch) commands paced over \(duration.fixed(2)) s (a quiet list "
                + "\((quiet * 1000).fixed(1)) ms), published in \((floodEnded ?? -1).fixed(2)) s; "
                + "states final after \(elapsed.fixed(2)) s; list answered \(latencies.count) times meanwhile: "
                + "median \((Self.median(latencies) * 1000).fixed(1)) ms, max \((worst * 1000).fixed(1)) ms; "
                + "\(panel.session.statesSaved - savesBefore) saves; RSS \(rssBefore.fixed(1)) → peak \(rssPeak.fixed(1)) MB"
        )
        XCTAssertEqual(asker.failures, [])
        XCTAssertGreaterThan(asked, 3, "list asked during the flood")
        XCTAssertNotNil(floodEnded, "the publishers did not finish")
        // A broker whose queue for the panel overflowed says so in its log.
        let brokerNews = brokerLog().split(separator: "\n").filter { !$0.contains("root") }.suffix(5)
        XCTAssertEqual(
            panel.session.controller.states, expected, "the last command of each switch wins; broker: \(brokerNews)")
        // The issue's 100 ms is a release build's figure; a debug build on a loaded 2-core
        // machine answers in 10–34 ms median, 49–112 ms worst (before the fix: 15 s). 50 and
        // 250 ms times `slower`: max(50 ms, 2.5 quiet lists) and max(250 ms, 12.5 of them), 2.5
        // and 12.5 being the host's bounds over its slowest quiet list (20 ms), so there the
        // bounds stand.
        XCTAssertLessThanOrEqual(
            Self.median(latencies), 0.05 * slower, "list answered in 50 ms (median); a quiet list \(quiet) s")
        XCTAssertLessThanOrEqual(worst, 0.25 * slower, "every list answered within 250 ms; a quiet list \(quiet) s")
        // Saved before acknowledged, and published retained.
        try settle(panel, seconds: 0.5)
        XCTAssertEqual(StateStore(directory: directory).restore().states, expected)
        let retained = try broker.retained("switchpanel/flood/+/state")
        for id in ids {
            XCTAssertEqual(retained["switchpanel/flood/\(id)/state"], expected[id]! ? "ON" : "OFF", id)
        }
    }

    // MARK: Why a connection failed

    /// The lines the reconnect logic wrote about the broker at 127.0.0.1:`port`.
    func brokerLines(port: Int) -> [String] { logged.filter { $0.contains("MQTT: mqtt://127.0.0.1:\(port): ") } }

    /// Nothing listens on the broker's port: each attempt is refused by the kernel, and the log
    /// says so. Before, it said "No such file or directory (ENOENT)" or "Success (errno 0)": the
    /// errno was read on the loop's thread, not on the thread whose connect failed.
    func testIssue25NothingListeningIsLoggedAsARefusedConnection() throws {
        let port = try MosquittoBroker.freePort()
        let panel = try embedded(try board(["a"], port: port))
        // The first attempt at start, the next ones after their backoff (virtual time). No
        // advance after the third: a fourth attempt, started inside a 10 s jump of virtual time
        // while its connect ran on its thread in real time, was once logged as "no answer within
        // 10 s" under qemu-user (1 run in 6 of the module; not yet explained).
        for attempts in 1...3 {
            XCTAssertTrue(
                try panel.run(untilReal: { self.brokerLines(port: port).count >= attempts }, realTimeout: 5),
                "attempt \(attempts): \(logged)")
            if attempts < 3 { try panel.advance(by: Double(1 << attempts) * 1.25) }
        }
        let lines = brokerLines(port: port)
        print("nothing listening: \(lines)")
        XCTAssertGreaterThanOrEqual(lines.count, 3)
        for line in lines {
            XCTAssertTrue(line.contains(": Connection refused (ECONNREFUSED); retrying in"), line)
        }
    }

    /// A listener of the test's own that accepts TCP (the kernel's backlog does) and never says
    /// a word — a fault mosquitto cannot be made to produce. With keepalive 5 the panel gave up
    /// after 5.5 s saying "Unknown error." (libmosquitto 2.0.11's words for its keepalive
    /// timeout, which it applied to a session not yet accepted); now the connect timeout
    /// governs, whatever the keepalive: 10 s, and the log says the CONNACK never came. All the
    /// while `list` is answered at once.
    func testIssue25ABrokerThatNeverSendsCONNACKIsDroppedAfterTheConnectTimeoutSayingSo() throws {
        let port = try MosquittoBroker.freePort()
        let silent = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(silent) }
        var address = MosquittoBroker.loopback(port: port)
        XCTAssertEqual(
            withUnsafePointer(to: &address) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                    bind(silent, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
                }
            }, 0)
        XCTAssertEqual(listen(silent, 8), 0)
        let panel = try embedded(try board(["a"], port: port, keepalive: 5))
        let asker = ListAsker(path: socketPath, interval: 0.1)
        // Real time: libmosquitto's keepalive runs on the real clock.
        let start = monotonicNow()
        XCTAssertTrue(
            try panel.run(untilReal: { !self.brokerLines(port: port).isEmpty }, realTimeout: 14), "\(logged)")
        let droppedAfter = monotonicNow() - start
        XCTAssertTrue(try panel.run(untilReal: { asker.stop() }))
        let latencies = asker.latencies
        let lines = brokerLines(port: port)
        // Timed after the drop, as timing it before would take from the connect timeout's 10 s.
        let quiet = try quietListSeconds(panel, at: socketPath)
        print(
            "silent broker, keepalive 5: dropped after \(droppedAfter.fixed(2)) s: \(lines); list answered "
                + "\(latencies.count) times: median \((Self.median(latencies) * 1000).fixed(1)) ms, max "
                + "\((latencies.max()! * 1000).fixed(1)) ms; a quiet list \((quiet * 1000).fixed(1)) ms")
        XCTAssertEqual(asker.failures, [])
        XCTAssertEqual(lines.count, 1)
        XCTAssertTrue(
            lines.first?.contains("the broker accepted the connection but sent no CONNACK within 10 s") == true,
            "\(lines)")
        XCTAssertGreaterThanOrEqual(droppedAfter, MQTTService.connectTimeout - 0.5)
        // max(50 ms, 2.5 quiet lists), as the flood's median.
        XCTAssertLessThanOrEqual(
            Self.median(latencies), 0.05 * Self.slowerThanTheHost(quiet: quiet),
            "list answered at once (median); a quiet list \(quiet) s")
    }

    /// A broker that goes silent once the session is up (stopped, its connection open): the
    /// keepalive ping goes unanswered and the panel drops the connection about two keepalives
    /// after the broker's last word, saying so, and without spinning meanwhile (it sleeps
    /// between its keepalive looks).
    func testIssue25ABrokerThatGoesSilentWhenConnectedIsDroppedByTheKeepalive() throws {
        try startBroker()
        let panel = try embedded(try board(["a"], keepalive: 5))
        try connected(panel)
        broker.pause()
        defer { broker.resume() }
        let start = monotonicNow()
        let cpuBefore = Self.threadCPUSeconds()
        XCTAssertTrue(
            try panel.run(untilReal: { !panel.panel.mqtt.isConnected }, realTimeout: 14), "\(logged)")
        let dropped = monotonicNow() - start
        let cpu = Self.threadCPUSeconds() - cpuBefore
        let lines = brokerLines(port: broker.port)
        print(
            "broker silent when connected, keepalive 5: dropped after \(dropped.fixed(2)) s, the loop's thread busy \(cpu.fixed(2)) s of it: \(lines)"
        )
        XCTAssertEqual(lines.count, 1, "\(lines)")
        XCTAssertTrue(lines.first?.contains("the broker did not answer the keepalive ping") == true, "\(lines)")
        XCTAssertGreaterThanOrEqual(dropped, 5)
        XCTAssertLessThanOrEqual(dropped, 2 * 5 + 2)
        // The harness itself looks at the sockets every 10 ms: a loop that sleeps between its
        // keepalive looks uses a small part of the time.
        XCTAssertLessThan(cpu, dropped / 4, "the loop spun while waiting for the ping's answer")
    }

    // MARK: What held, and must keep holding

    /// 21 kinds of garbage (empty, 1 MiB, invalid UTF-8, 10,000-deep JSON arrays and objects,
    /// NUL, near misses, JSON where text is wanted and the reverse) on a switch's command topic,
    /// a device's state topic and the command topic of an id the board does not have: 63
    /// messages, each ignored with exactly one log line, no switch changed, nothing saved, the
    /// connection kept; a good command afterwards still works.
    func testIssue25GarbagePayloadsAreIgnoredWithALogLineEachAndNoStateChange() throws {
        try startBroker()
        let json = """
            {"version": 1, "name": "Garbage", "layout": {"columns": 2},
             "mqtt": {"broker": "mqtt://127.0.0.1:\(broker.port)", "node": "flood"},
             "switches": [{"id": "a", "label": "A"},
              {"id": "hall", "label": "Hall", "mqtt": {"commandTopic": "z2m/hall/set", "stateTopic": "z2m/hall",
               "stateField": "state"}}]}
            """
        let panel = try embedded(LoadedConfig(config: try BoardConfig.parse(json)))
        try connected(panel)
        let deepArrays = String(repeating: "[", count: 10_000) + String(repeating: "]", count: 10_000)
        let deepObjects =
            String(repeating: #"{"state":"#, count: 10_000) + #""ON""# + String(repeating: "}", count: 10_000)
        let garbage: [[UInt8]] = [
            [], Array(repeating: 0x41, count: 1 << 20), [0xff, 0xfe, 0x00, 0xc3], [0xc3, 0x28],
            [0xed, 0xa0, 0x80], Array("ON".utf8) + [0xff], Array(deepArrays.utf8), Array(deepObjects.utf8), [0],
            Array("ONN".utf8), Array("maybe".utf8), Array("2".utf8), Array("-1".utf8), Array("null".utf8),
            Array(#"{"state": 42"#.utf8), Array(#"{"state": {"deep": true}}"#.utf8), Array(#"{"state": null}"#.utf8),
            Array(#"{"state": ["ON"]}"#.utf8), Array("ON                X".utf8), Array("\u{202E}NO".utf8),
            Array("🙂".utf8),
        ]
        let topics = ["switchpanel/flood/a/set", "z2m/hall", "switchpanel/flood/nope/set"]
        let before = panel.session.controller.states
        let saves = panel.session.statesSaved
        let ignoredBefore = logged.filter { $0.hasSuffix("; ignored") }.count
        for payload in garbage {
            for topic in topics { try broker.publish(topic, payload) }
        }
        let count = garbage.count * topics.count
        _ = try panel.run(
            untilReal: { self.logged.filter { $0.hasSuffix("; ignored") }.count - ignoredBefore >= count },
            realTimeout: 15)
        try settle(panel)
        let ignored = logged.filter { $0.hasSuffix("; ignored") }.count - ignoredBefore
        print("garbage: \(count) messages, \(ignored) lines saying ignored")
        XCTAssertEqual(ignored, count, "one line each: \(logged.suffix(count + 5))")
        XCTAssertTrue(logged.contains { $0.contains("1048576-byte payload") }, "\(logged)")
        XCTAssertTrue(logged.contains { $0.contains("not UTF-8") }, "\(logged)")
        XCTAssertTrue(logged.contains { $0.contains("no switch \"nope\"") }, "\(logged)")
        XCTAssertEqual(panel.session.controller.states, before)
        XCTAssertEqual(panel.session.statesSaved, saves, "nothing saved")
        XCTAssertTrue(panel.panel.mqtt.isConnected)
        try broker.publish("switchpanel/flood/a/set", "ON")
        XCTAssertTrue(try panel.run(untilReal: { panel.session.controller.states["a"] == true }), "\(logged)")
    }

    /// The broker goes away for 20 s (virtual time; its real restart has no retained messages)
    /// while the panel's switches change: the retries back off (1, 2, 4, 8, 16 s, ±25 %), the
    /// panel is back online within the backoff of its next retry (at most 20 s) of the broker's
    /// return, and the broker then holds every switch's state as the panel has it, including
    /// the changes made during the outage. (The issue measured 12.6 s.)
    func testIssue25AfterABrokerOutageThePanelIsBackOnlineWithItsStatesRetained() throws {
        try startBroker()
        let panel = try embedded(try board(["a", "b"]))
        try connected(panel)
        panel.session.set("a", isOn: true, source: .socket, runActions: false, now: panel.clock.now)
        XCTAssertTrue(
            try panel.run(untilReal: {
                (try? self.broker.retained("switchpanel/flood/a/state"))?["switchpanel/flood/a/state"] == "ON"
            }))
        broker.stop()
        XCTAssertTrue(try panel.run(untilReal: { !panel.panel.mqtt.isConnected }))
        let down = panel.clock.now
        /// Half a virtual second, and a moment of real time for the connect thread's answer.
        func step() throws {
            try panel.advance(by: 0.5)
            _ = try panel.run(untilReal: { panel.panel.mqtt.isConnected }, realTimeout: 0.02)
        }
        while panel.clock.now - down < 5 { try step() }
        panel.session.set("a", isOn: false, source: .socket, runActions: false, now: panel.clock.now)
        panel.session.set("b", isOn: true, source: .socket, runActions: false, now: panel.clock.now)
        while panel.clock.now - down < 20 { try step() }
        XCTAssertFalse(panel.panel.mqtt.isConnected)
        try broker.start()
        let back = panel.clock.now
        while !panel.panel.mqtt.isConnected, panel.clock.now - back < 25 { try step() }
        let online = panel.clock.now - back
        XCTAssertTrue(panel.panel.mqtt.isConnected, "\(logged)")
        try settle(panel)
        let retained = try broker.retained("switchpanel/flood/#")
        print("broker down 20 s: back online \(online.fixed(1)) s after it returned; retained \(retained)")
        XCTAssertLessThanOrEqual(online, 16 * 1.25 + 0.5, "within the backoff of the next retry")
        XCTAssertEqual(retained["switchpanel/flood/status"], "online")
        XCTAssertEqual(retained["switchpanel/flood/a/state"], "OFF")
        XCTAssertEqual(retained["switchpanel/flood/b/state"], "ON")
        let retries = logged.filter { $0.contains("MQTT: mqtt://127.0.0.1:\(broker.port): ") }
        XCTAssertGreaterThanOrEqual(retries.count, 4, "backing off: \(retries)")
        XCTAssertLessThanOrEqual(retries.count, 6, "backing off: \(retries)")
    }
}

/// Publishes each topic's lines at an even pace over `duration` seconds, as a flood from the
/// network would come: one `mosquitto_pub -l` per topic (QoS `qos`), fed its lines through a
/// pipe by a thread of its own, 1/200 of them every `duration`/200 s, so each topic's messages
/// stay in order.
final class PacedFlood: @unchecked Sendable {
    private let lock = NSLock()
    private var running: Int
    private var endedAt: Double?
    private let publishers: [(process: Process, input: Pipe, lines: [String])]
    private let duration: Double
    static let steps = 200

    init(broker: MosquittoBroker, floods: [(topic: String, lines: [String])], qos: Int, duration: Double) throws {
        running = floods.count
        self.duration = duration
        publishers = try floods.map { flood in
            let p = Process()
            p.executableURL = URL(fileURLWithPath: "/usr/bin/mosquitto_pub")
            p.arguments = ["-p", "\(broker.port)", "-h", "127.0.0.1", "-q", "\(qos)", "-t", flood.topic, "-l"]
            let input = Pipe()
            p.standardInput = input
            p.standardError = FileHandle(forWritingAtPath: "/dev/null")
            try p.run()
            return (p, input, flood.lines)
        }
    }

    deinit {
        for (process, _, _) in publishers where process.isRunning { kill(process.processIdentifier, SIGKILL) }
    }

    func start() {
        let start = monotonicNow()
        let duration = duration
        for (process, input, lines) in publishers {
            Thread { [self] in
                let step = (lines.count + Self.steps - 1) / Self.steps
                for (k, offset) in stride(from: 0, to: lines.count, by: step).enumerated() {
                    let at = start + duration * Double(k) / Double(Self.steps)
                    if at > monotonicNow() { usleep(UInt32((at - monotonicNow()) * 1_000_000)) }
                    let chunk = lines[offset..<min(offset + step, lines.count)].joined(separator: "\n") + "\n"
                    input.fileHandleForWriting.write(Data(chunk.utf8))
                }
                try? input.fileHandleForWriting.close()
                process.waitUntilExit()
                lock.lock()
                running -= 1
                if running == 0 { endedAt = monotonicNow() }
                lock.unlock()
            }.start()
        }
    }

    /// When the last publisher had published everything and exited (monotonic seconds); nil
    /// while publishing.
    var ended: Double? {
        lock.lock()
        defer { lock.unlock() }
        return endedAt
    }
}

/// Asks `list` on the control socket every `interval` seconds from a thread of its own, as
/// `switchpanel ctl list` would from another process, while the test's thread runs the panel's
/// loop: the real time each reply took.
final class ListAsker: @unchecked Sendable {
    private let lock = NSLock()
    private var answered: [Double] = []
    private var failed: [String] = []
    private var stopping = false
    private var finished = false

    /// `connectionPerRequest`: each `list` on a new connection, as `switchpanel ctl` asks (a test
    /// whose virtual time jumps past the socket's idle timeout would see a kept one closed).
    init(path: String, interval: Double, connectionPerRequest: Bool = false) {
        Thread { [self] in run(path: path, interval: interval, fresh: connectionPerRequest) }.start()
    }

    private func locked<T>(_ body: () -> T) -> T {
        lock.lock()
        defer { lock.unlock() }
        return body()
    }

    var latencies: [Double] { locked { answered } }
    var count: Int { locked { answered.count } }
    var failures: [String] { locked { failed } }

    /// Asks it to stop; true once its last request was answered (keep the loop running till then).
    func stop() -> Bool {
        locked {
            stopping = true
            return finished
        }
    }

    private func run(path: String, interval: Double, fresh: Bool) {
        defer { locked { finished = true } }
        do {
            var client = try ControlClient(path: path)
            while !locked({ stopping }) {
                let start = monotonicNow()
                if fresh { client = try ControlClient(path: path) }
                let reply = try client.request(#"{"cmd":"list"}"#, timeout: 20)
                let latency = monotonicNow() - start
                guard reply?.hasPrefix(#"{"ok":true"#) == true else {
                    locked { failed.append("list: \(reply ?? "connection closed")") }
                    return
                }
                locked { answered.append(latency) }
                usleep(UInt32(interval * 1_000_000))
            }
        } catch {
            locked { failed.append("\(error)") }
        }
    }
}
