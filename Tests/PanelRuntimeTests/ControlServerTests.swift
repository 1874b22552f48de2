import Foundation
import Glibc
import Panel
import XCTest

@testable import LinuxIO
@testable import PanelRuntime

/// The control socket for real: clients on a Unix socket in a temporary directory, and the server
/// driven by `poll(2)` the way the event loop drives it (one thread; a poll timeout only as a guard).
final class ControlServerTests: XCTestCase {
    var directory = ""
    var socketPath: String { directory + "/control.sock" }

    override func setUpWithError() throws {
        directory = NSTemporaryDirectory() + "switchpanel-ctl-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws { try? FileManager.default.removeItem(atPath: directory) }

    /// A stand-in for the event loop: two switches, requests answered with the protocol's replies.
    final class FakeLoop {
        let server: ControlServer
        var switches: [ControlSwitchStatus] = [
            (id: "porch", label: "Porch", isOn: false, enabled: true),
            (id: "pump", label: "Pump", isOn: true, enabled: false),
        ]
        var received: [ControlServer.Received] = []
        var actionsRun: [String] = []

        init(_ server: ControlServer) { self.server = server }

        /// Polls and handles until `done` holds; fails when a round finds nothing to do within the guard.
        func pump(file: StaticString = #filePath, line: UInt = #line, until done: () -> Bool) throws {
            for _ in 0..<200 {
                if done() { return }
                // As the loop does: all I/O first, then every client's waiting requests (a
                // client's burst is taken a turn's worth at a time).
                let waiting = server.hasBufferedRequests
                let ready =
                    try SystemPoller().wait(for: server.pollInterests, until: monotonicNow() + (waiting ? 0 : 2)) ?? []
                if ready.isEmpty && !waiting { break }
                for event in ready { server.transfer(event, now: monotonicNow()) }
                for item in server.takeRequests() {
                    received.append(item)
                    respond(item.client, item.request)
                }
            }
            if !done() { XCTFail("the server did not get there", file: file, line: line) }
        }

        func respond(_ client: ControlServer.ClientID, _ result: Result<ControlRequest, ControlProtocolError>) {
            let request: ControlRequest
            switch result {
            case .failure(let error): return server.send(ControlProtocol.errorReply(error), to: client)
            case .success(let r): request = r
            }
            func index(_ id: String) -> Int? {
                if let i = switches.firstIndex(where: { $0.id == id }) { return i }
                let error = ControlProtocolError.unknownID(id, known: switches.map(\.id), tag: request.tag)
                server.send(ControlProtocol.errorReply(error), to: client)
                return nil
            }
            switch request.command {
            case .list: server.send(ControlProtocol.listReply(states: switches, tag: request.tag), to: client)
            case .get(let id):
                guard let i = index(id) else { return }
                server.send(ControlProtocol.getReply(switches[i], tag: request.tag), to: client)
            case .set(let id, let state, let runActions):
                guard let i = index(id) else { return }
                guard switches[i].enabled else {
                    return server.send(ControlProtocol.errorReply(.disabled(id, tag: request.tag)), to: client)
                }
                let isOn = state.resolved(current: switches[i].isOn)
                let changed = isOn != switches[i].isOn
                switches[i].isOn = isOn
                if changed && runActions { actionsRun.append(id) }
                server.send(
                    ControlProtocol.setReply(
                        id: id, isOn: isOn, changed: changed, actionsRun: changed && runActions, tag: request.tag),
                    to: client)
                if changed { server.broadcast(ControlProtocol.event(id: id, isOn: isOn, source: .socket)) }
            case .subscribe:
                server.markSubscribed(client)
                server.send(ControlProtocol.subscribeReply(states: switches, tag: request.tag), to: client)
            case .screen, .page:
                // This stand-in for the loop has no screen (the panel's are tested in ScreenControlTests).
                server.send(ControlProtocol.errorReply(ControlProtocolError("no screen", tag: request.tag)), to: client)
            }
        }
    }

    func makeLoop(maximumClients: Int = 32) throws -> FakeLoop {
        FakeLoop(try ControlServer(path: socketPath, maximumClients: maximumClients))
    }

    /// Connects a client and lets the server accept it.
    func connect(_ loop: FakeLoop) throws -> ControlClient {
        let before = loop.server.clientCount
        let client = try ControlClient(path: socketPath)
        try loop.pump { loop.server.clientCount > before }
        return client
    }

    /// Connects a client to a full server and lets the server make room for it.
    func connectAtCapacity(_ loop: FakeLoop) throws -> ControlClient {
        let before = loop.server.evictedCount
        let client = try ControlClient(path: socketPath)
        try loop.pump { loop.server.evictedCount > before }
        return client
    }

    /// Writes raw bytes (no newline added), all of them.
    func write(_ client: ControlClient, _ text: String) {
        write(client.pollHandle.rawValue, Array(text.utf8))
    }

    func write(_ fd: Int32, _ bytes: [UInt8]) {
        let n = bytes.withUnsafeBytes { send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
        XCTAssertEqual(n, bytes.count)
    }

    /// The next line the client got, with a guard against waiting for ever.
    func line(_ client: ControlClient) throws -> String? { try client.readLine(timeout: 2) }

    func testRequestsSplitMidLineAcrossWritesAreAnsweredInOrder() throws {
        let loop = try makeLoop()
        let client = try connect(loop)
        write(client, #"{"cmd":"li"#)
        try loop.pump { loop.server.pollInterests.count == 2 }
        XCTAssertEqual(
            loop.server.handle(
                PollEvent(loop.server.pollInterests[1].handle, readable: true, writable: false), now: monotonicNow()
            ).count,
            0, "half a line is kept")
        write(client, #"st","tag":1}"# + "\n" + #"{"cmd":"get","id":"porch"}"# + "\n{\"cmd\":\"set\",\"id\":\"po")
        try loop.pump { loop.received.count == 2 }
        write(
            client,
            #"rch","state":"toggle","actions":false}"# + "\n" + #"{"cmd":"set","id":"nope","state":"on"}"# + "\n")
        try loop.pump { loop.received.count == 4 }
        XCTAssertEqual(
            try line(client),
            #"{"ok":true,"tag":1,"switches":[{"id":"porch","label":"Porch","state":"off","enabled":true},"#
                + #"{"id":"pump","label":"Pump","state":"on","enabled":false}]}"#)
        XCTAssertEqual(try line(client), #"{"ok":true,"id":"porch","label":"Porch","state":"off","enabled":true}"#)
        XCTAssertEqual(try line(client), #"{"ok":true,"id":"porch","state":"on","changed":true,"actions":false}"#)
        XCTAssertEqual(try line(client), #"{"ok":false,"error":"unknown id \"nope\" (known: porch, pump)"}"#)
        XCTAssertEqual(loop.actionsRun, [])
        XCTAssertTrue(loop.switches[0].isOn)
    }

    func testGarbageLinesGetErrorRepliesAndTheConnectionStaysUsable() throws {
        let loop = try makeLoop()
        let client = try connect(loop)
        let garbage = ["", "hello", "{\"cmd\":\"list\"", "[1,2]", "\u{0}\u{7F}\u{1B}[2J", #"{"cmd":"rm -rf"}"#]
        write(
            client, garbage.joined(separator: "\n") + "\n" + #"{"cmd":"set","id":"pump","state":"on","tag":"d"}"# + "\n"
        )
        try loop.pump { loop.received.count == garbage.count + 1 }
        let expected = [
            #"{"ok":false,"error":"empty line (expected a JSON object such as {\"cmd\":\"list\"})"}"#,
            #"{"ok":false,"error":"not valid JSON at column 1: unexpected 'h' (expected a value)"}"#,
            #"{"ok":false,"error":"not valid JSON at column 14: unexpected end of line (an object is not closed)"}"#,
            #"{"ok":false,"error":"expected a JSON object such as {\"cmd\":\"list\"}, got an array"}"#,
            #"{"ok":false,"error":"not valid JSON at column 1: unexpected byte 0x0 (expected a value)"}"#,
            #"{"ok":false,"error":"unknown cmd \"rm -rf\" (expected one of: list, get, set, subscribe, screen, page)"}"#,
            #"{"ok":false,"tag":"d","error":"switch \"pump\" is disabled"}"#,
        ]
        for e in expected { XCTAssertEqual(try line(client), e) }
        try client.send(#"{"cmd":"get","id":"pump"}"#)
        try loop.pump { loop.received.count == garbage.count + 2 }
        XCTAssertEqual(try line(client), #"{"ok":true,"id":"pump","label":"Pump","state":"on","enabled":false}"#)
    }

    func testOverlongLineGetsOneErrorAndIsSkippedToItsNewline() throws {
        let loop = try makeLoop()
        let client = try connect(loop)
        let limit = ControlProtocol.maximumLineBytes
        // Exactly the limit is a request, even split across writes.
        let padded = #"{"cmd":"get","id":"porch"}"# + String(repeating: " ", count: limit - 26)
        write(client, String(padded.prefix(40_000)))
        try loop.pump {
            !loop.server.pollInterests.contains(where: \.writable) && loop.received.isEmpty
                && loop.server.clientCount == 1
        }
        write(client, String(padded.dropFirst(40_000)) + "\n")
        try loop.pump { loop.received.count == 1 }
        XCTAssertEqual(try line(client), #"{"ok":true,"id":"porch","label":"Porch","state":"off","enabled":true}"#)
        // One byte more is not; the error comes before the line ends, once, and the rest is skipped.
        write(client, String(repeating: "x", count: limit + 1))
        try loop.pump { loop.received.count == 2 }
        XCTAssertEqual(try line(client), #"{"ok":false,"error":"line too long (more than 65536 bytes)"}"#)
        write(client, String(repeating: #"{"cmd":"list"}"#, count: 10_000))
        write(client, "\n" + #"{"cmd":"get","id":"porch","tag":"after"}"# + "\n")
        try loop.pump { loop.received.count == 3 }
        XCTAssertEqual(
            try line(client), #"{"ok":true,"tag":"after","id":"porch","label":"Porch","state":"off","enabled":true}"#)
        XCTAssertEqual(loop.received.count, 3)
        XCTAssertEqual(loop.server.clientCount, 1)
    }

    func testClientThatDisconnectsMidLineIsDroppedWithoutActing() throws {
        let loop = try makeLoop()
        var client: ControlClient? = try connect(loop)
        write(client!, #"{"cmd":"set","id":"porch","state":"on"}"#)  // no newline
        client = nil  // closes the socket
        try loop.pump { loop.server.clientCount == 0 }
        XCTAssertTrue(loop.received.isEmpty)
        XCTAssertFalse(loop.switches[0].isOn)
        XCTAssertEqual(loop.server.pollInterests.count, 1, "only the listener is left")
    }

    /// `echo '{"cmd":"list"}' | socat - UNIX-CONNECT:…` shuts down its side after the request and
    /// still waits for the reply.
    func testClientThatHalfClosesStillGetsItsRepliesThenIsClosed() throws {
        let loop = try makeLoop()
        let client = try connect(loop)
        write(client, #"{"cmd":"get","id":"pump"}"# + "\n" + #"{"cmd":"get","id":"porch"}"#)
        XCTAssertEqual(shutdown(client.pollHandle.rawValue, Int32(SHUT_WR)), 0)
        try loop.pump { loop.server.clientCount == 0 }
        XCTAssertEqual(loop.received.count, 1, "the unfinished second line is dropped")
        XCTAssertEqual(try line(client), #"{"ok":true,"id":"pump","label":"Pump","state":"on","enabled":false}"#)
        XCTAssertNil(try line(client), "then the server closes")
    }

    func testSubscribersGetEventsOthersOnlyTheirReplies() throws {
        let loop = try makeLoop()
        let watcher = try connect(loop)
        let setter = try connect(loop)
        try watcher.send(#"{"cmd":"subscribe","tag":"w"}"#)
        try loop.pump { loop.server.subscriberCount == 1 }
        XCTAssertEqual(
            try line(watcher),
            #"{"ok":true,"tag":"w","subscribed":true,"switches":[{"id":"porch","label":"Porch","state":"off","enabled":true},"#
                + #"{"id":"pump","label":"Pump","state":"on","enabled":false}]}"#)
        try setter.send(#"{"cmd":"set","id":"porch","state":true}"#)
        try setter.send(#"{"cmd":"set","id":"porch","state":"on"}"#)  // no change: no event
        try setter.send(#"{"cmd":"set","id":"porch","state":"toggle"}"#)
        try loop.pump { loop.received.count == 4 }
        loop.server.broadcast(ControlProtocol.event(id: "pump", isOn: false, source: .touch))
        XCTAssertEqual(try line(setter), #"{"ok":true,"id":"porch","state":"on","changed":true,"actions":true}"#)
        XCTAssertEqual(try line(setter), #"{"ok":true,"id":"porch","state":"on","changed":false,"actions":false}"#)
        XCTAssertEqual(try line(setter), #"{"ok":true,"id":"porch","state":"off","changed":true,"actions":true}"#)
        XCTAssertEqual(try line(watcher), #"{"event":"changed","id":"porch","state":"on","source":"socket"}"#)
        XCTAssertEqual(try line(watcher), #"{"event":"changed","id":"porch","state":"off","source":"socket"}"#)
        XCTAssertEqual(try line(watcher), #"{"event":"changed","id":"pump","state":"off","source":"touch"}"#)
        XCTAssertEqual(loop.actionsRun, ["porch", "porch"])
        // The setter got no events.
        XCTAssertEqual(try waitForReadable([setter.pollHandle], timeout: 0), [])
    }

    /// Broadcasting to a subscriber that never reads: its queue overflows and it is disconnected;
    /// no send ever blocks, and another client is still served.
    func testSubscriberThatNeverReadsIsDisconnectedOnceItsQueueOverflows() throws {
        let loop = try makeLoop()
        let sleeper = try connect(loop)
        let other = try connect(loop)
        try sleeper.send(#"{"cmd":"subscribe"}"#)
        try loop.pump { loop.server.subscriberCount == 1 }
        let event = ControlProtocol.event(id: "porch", isOn: true, source: .touch)
        var broadcasts = 0
        while loop.server.subscriberCount == 1 && broadcasts < 100_000 {
            loop.server.broadcast(event)
            broadcasts += 1
        }
        XCTAssertEqual(loop.server.subscriberCount, 0)
        XCTAssertEqual(loop.server.clientCount, 1)
        let sentBytes = broadcasts * (event.utf8.count + 1)
        XCTAssertGreaterThan(sentBytes, ControlServer.defaultOutputLimit, "the queue held its limit before giving up")
        XCTAssertLessThan(sentBytes, ControlServer.defaultOutputLimit + (4 << 20), "plus what the kernel buffers")
        try other.send(#"{"cmd":"get","id":"porch"}"#)
        try loop.pump { loop.received.count == 2 }
        XCTAssertEqual(try line(other), #"{"ok":true,"id":"porch","label":"Porch","state":"off","enabled":true}"#)
        // The sleeper finds what the kernel held, whole lines, then the end.
        var lines = 0
        while let l = try line(sleeper) {
            lines += 1
            if lines > 1 { XCTAssertEqual(l, event) }
        }
        XCTAssertGreaterThan(lines, 1)
    }

    /// A client that pipelines requests and never reads its replies is cut off the same way, and
    /// the read budget keeps the loop serving another client in the same rounds.
    func testFloodingClientIsCutOffWhileAnotherIsServed() throws {
        let loop = try makeLoop()
        let flooder = try connect(loop)
        let other = try connect(loop)
        XCTAssertEqual(
            fcntl(flooder.pollHandle.rawValue, F_SETFL, fcntl(flooder.pollHandle.rawValue, F_GETFL) | O_NONBLOCK), 0)
        let chunk = Array(String(repeating: #"{"cmd":"get","id":"porch"}"# + "\n", count: 1000).utf8)
        var rounds = 0
        var served = 0
        while loop.server.clientCount == 2 && rounds < 1000 {
            rounds += 1
            _ = chunk.withUnsafeBytes {
                send(flooder.pollHandle.rawValue, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL))
            }
            try other.send(#"{"cmd":"list","tag":\#(rounds)}"#)
            try loop.pump { (try? waitForReadable([other.pollHandle], timeout: 0))?.isEmpty == false }
            XCTAssertEqual(try line(other)?.hasPrefix(#"{"ok":true,"tag":\#(rounds),"switches""#), true)
            served += 1
        }
        XCTAssertEqual(loop.server.clientCount, 1, "the flooder is gone")
        XCTAssertEqual(served, rounds)
    }

    /// A subscriber that vanished before the server noticed: the broadcast's write fails with
    /// EPIPE instead of killing the process with SIGPIPE.
    func testVanishedSubscriberRaisesNoSIGPIPE() throws {
        let loop = try makeLoop()
        var client: ControlClient? = try connect(loop)
        try client!.send(#"{"cmd":"subscribe"}"#)
        try loop.pump { loop.server.subscriberCount == 1 }
        client = nil
        for _ in 0..<3 { loop.server.broadcast(ControlProtocol.event(id: "porch", isOn: true, source: .touch)) }
        XCTAssertEqual(loop.server.clientCount, 0)
    }

    func testSocketIsMode0660() throws {
        let loop = try makeLoop()
        var info = stat()
        XCTAssertEqual(lstat(socketPath, &info), 0)
        XCTAssertEqual(info.st_mode & S_IFMT, S_IFSOCK)
        XCTAssertEqual(info.st_mode & 0o777, 0o660)
        let flags = fcntl(loop.server.pollInterests[0].handle.rawValue, F_GETFL)
        XCTAssertNotEqual(flags & O_NONBLOCK, 0)
        XCTAssertNotEqual(fcntl(loop.server.pollInterests[0].handle.rawValue, F_GETFD) & FD_CLOEXEC, 0)
        _ = try connect(loop)
        let clientFD = loop.server.pollInterests[1].handle.rawValue
        XCTAssertNotEqual(fcntl(clientFD, F_GETFL) & O_NONBLOCK, 0, "accepted clients are non-blocking")
        XCTAssertNotEqual(fcntl(clientFD, F_GETFD) & FD_CLOEXEC, 0, "and close-on-exec")
    }

    /// A socket left behind by a panel that stopped (nothing answers on it) is replaced.
    func testStaleSocketIsReplaced() throws {
        // Bound and listening once, then closed without removing the file: what a killed panel leaves.
        _ = try UnixSocket.listen(path: socketPath, permissions: 0o660)
        XCTAssertThrowsError(try ControlClient(path: socketPath)) {
            XCTAssertEqual(
                "\($0)",
                "cannot connect to \(socketPath): connection refused; the panel is not running "
                    + "(the socket was left by one that stopped)")
        }
        let loop = try makeLoop()
        let client = try connect(loop)
        try client.send(#"{"cmd":"get","id":"porch"}"#)
        try loop.pump { loop.received.count == 1 }
        XCTAssertNotNil(try line(client))
    }

    func testLiveSocketIsNotTakenOver() throws {
        let loop = try makeLoop()
        XCTAssertThrowsError(try ControlServer(path: socketPath)) {
            XCTAssertEqual(
                "\($0)", "another process is already listening on \(socketPath) (is a second panel running?)")
        }
        let client = try connect(loop)
        try client.send(#"{"cmd":"list"}"#)
        try loop.pump { loop.received.count == 1 }
        XCTAssertNotNil(try line(client), "the first server still answers")
    }

    func testRegularFileIsNotClobbered() throws {
        try "keep me".write(toFile: socketPath, atomically: false, encoding: .utf8)
        XCTAssertThrowsError(try ControlServer(path: socketPath)) {
            XCTAssertEqual(
                "\($0)",
                "\(socketPath) exists and is not a socket; refusing to replace it (remove it or choose another socket path)"
            )
        }
        XCTAssertEqual(try String(contentsOfFile: socketPath, encoding: .utf8), "keep me")
    }

    func testSetupErrorsNameThePath() {
        let missing = directory + "/no/such/dir/control.sock"
        XCTAssertThrowsError(try ControlServer(path: missing)) {
            XCTAssertEqual(
                "\($0)",
                "bind(\(missing)) failed: No such file or directory (ENOENT); the runtime directory must exist "
                    + "(systemd's RuntimeDirectory= creates it)")
        }
        let long = "/tmp/" + String(repeating: "d", count: 110) + "/control.sock"
        XCTAssertThrowsError(try ControlServer(path: long)) {
            XCTAssertEqual("\($0)", "the socket path \(long) is too long (at most 107 bytes)")
        }
        XCTAssertThrowsError(try ControlClient(path: long)) {
            XCTAssertEqual("\($0)", "the socket path \(long) is too long (at most 107 bytes)")
        }
        XCTAssertThrowsError(try ControlClient(path: socketPath)) {
            XCTAssertEqual(
                "\($0)",
                "cannot connect to \(socketPath): no such socket; the panel must be running (it creates the socket "
                    + "when it starts; --socket PATH names another)")
        }
    }

    /// Issue 25 §2: with every place taken, a newcomer gets the place of the client idle longest,
    /// which is told why in one line and closed; the newcomer is served.
    func testAtCapacityANewcomerTakesThePlaceOfTheIdlestClient() throws {
        let loop = try makeLoop(maximumClients: 2)
        let a = try connect(loop)
        let b = try connect(loop)
        try b.send(#"{"cmd":"list"}"#)
        try loop.pump { loop.received.count == 1 }
        XCTAssertNotNil(try line(b))
        // a has been silent since it connected, b spoke since: a goes.
        let c = try connectAtCapacity(loop)
        XCTAssertEqual(
            try line(a),
            #"{"ok":false,"error":"closed to make room for a new client (at most 2; this one was idle the longest); "#
                + #"reconnect to go on"}"#)
        XCTAssertNil(try line(a))
        XCTAssertEqual(loop.server.clientCount, 2)
        XCTAssertEqual(loop.server.evictedCount, 1)
        try c.send(#"{"cmd":"list"}"#)
        try loop.pump { loop.received.count == 2 }
        XCTAssertEqual(try line(c)?.hasPrefix(#"{"ok":true"#), true)
    }

    /// Issue 25 §2, fairness: the idlest client by the clock is read before it is closed, and a
    /// request that came meanwhile spares it; the next idlest goes instead, and the request is
    /// answered.
    func testAClientWhoseRequestIsOnItsWayIsNotClosedToMakeRoom() throws {
        let loop = try makeLoop(maximumClients: 2)
        let early = try connect(loop)
        let late = try connect(loop)
        // Sent, not yet read by the server: by the clock, early is the idlest.
        try early.send(#"{"cmd":"get","id":"porch"}"#)
        let newcomer = try connectAtCapacity(loop)
        try loop.pump { loop.received.count == 1 }
        XCTAssertEqual(try line(early), #"{"ok":true,"id":"porch","label":"Porch","state":"off","enabled":true}"#)
        XCTAssertEqual(try line(late)?.contains("closed to make room"), true)
        XCTAssertNil(try line(late))
        try newcomer.send(#"{"cmd":"list"}"#)
        try loop.pump { loop.received.count == 2 }
        XCTAssertEqual(try line(newcomer)?.hasPrefix(#"{"ok":true"#), true)
    }

    /// Subscribers are never closed to make room: when every place is a subscriber's, a newcomer
    /// is refused with a reason, and the subscribers stay.
    func testWhenEveryPlaceIsASubscribersANewcomerIsRefused() throws {
        let loop = FakeLoop(try ControlServer(path: socketPath, maximumClients: 2, maximumSubscribers: 2))
        let subscribers = [try connect(loop), try connect(loop)]
        for client in subscribers { try client.send(#"{"cmd":"subscribe"}"#) }
        try loop.pump { loop.server.subscriberCount == 2 }
        for client in subscribers { XCTAssertNotNil(try line(client)) }
        let c = try ControlClient(path: socketPath)
        try loop.pump { (try? waitForReadable([c.pollHandle], timeout: 0))?.isEmpty == false }
        XCTAssertEqual(try line(c), #"{"ok":false,"error":"too many clients (at most 2); try again later"}"#)
        XCTAssertNil(try line(c))
        XCTAssertEqual(loop.server.clientCount, 2)
        XCTAssertEqual(loop.server.evictedCount, 0)
        // They still get their events.
        loop.server.broadcast(ControlProtocol.event(id: "porch", isOn: true, source: .touch))
        for client in subscribers {
            XCTAssertEqual(try line(client), #"{"event":"changed","id":"porch","state":"on","source":"touch"}"#)
        }
    }

    func testCloseIsIdempotentAndRemovesOnlyItsOwnSocket() throws {
        var server: ControlServer? = try ControlServer(path: socketPath)
        let client = try ControlClient(path: socketPath)
        server!.close()
        XCTAssertFalse(FileManager.default.fileExists(atPath: socketPath))
        XCTAssertEqual(server!.pollInterests, [])
        server!.close()
        XCTAssertNil(try line(client), "the listener's pending connection ends")
        // deinit closes too; a file that replaced the socket meanwhile is left alone.
        server = try ControlServer(path: socketPath)
        XCTAssertEqual(unlink(socketPath), 0)
        try "someone else's".write(toFile: socketPath, atomically: false, encoding: .utf8)
        server = nil
        XCTAssertEqual(try String(contentsOfFile: socketPath, encoding: .utf8), "someone else's")
    }
}
