import Foundation
import LinuxIO
import MQTT
import TestSupport
import XCTest

/// Drives an ``MQTTClient`` as the panel's loop does: waits on its ``MQTTClient/pollInterests``
/// with a ``SystemPoller`` (ppoll), hands what is ready to ``MQTTClient/handle(_:now:)``, runs
/// ``MQTTClient/serviceTimers(now:)`` at its deadline and takes its buffered events — on real
/// time and real sockets, until a condition holds or a bound passes.
final class ClientDriver {
    let client: MQTTClient
    private let poller = SystemPoller()
    /// Every event the client reported, in order.
    private(set) var events: [MQTTClientEvent] = []

    init(_ connection: MQTTConnection) throws {
        client = try MQTTClient(connection)
    }

    /// Turns the loop until `done` holds of the events so far, or `timeout` seconds pass
    /// (false then).
    @discardableResult
    func run(timeout: Double = 5, until done: ([MQTTClientEvent]) -> Bool) throws -> Bool {
        let giveUp = monotonicNow() + timeout
        while !done(events) {
            let now = monotonicNow()
            guard now < giveUp else { return false }
            if client.hasBufferedEvents {
                events += client.takeBufferedEvents()
            } else if let due = client.nextDeadline, due <= now {
                events += client.serviceTimers(now: now)
            } else {
                let deadline = min(giveUp, client.nextDeadline ?? giveUp)
                for ready in try poller.wait(for: client.pollInterests, until: deadline) ?? [] {
                    events += client.handle(ready, now: monotonicNow())
                }
            }
        }
        return true
    }

    /// Connects and waits for the outcome: the events from the connect to the first
    /// `connected` or `connectFailed`.
    func connect(timeout: Double = 5) throws -> [MQTTClientEvent] {
        let start = events.count
        try client.connect(now: monotonicNow())
        try run(timeout: timeout) { $0[start...].contains { $0.isConnectOutcome } }
        return Array(events[start...])
    }

    /// The messages received so far.
    var messages: [MQTTMessage] {
        events.compactMap { if case .message(let m) = $0 { m } else { nil } }
    }

    /// Turns the loop until `count` messages have arrived (or `timeout` passes); the messages.
    @discardableResult
    func waitForMessages(_ count: Int, timeout: Double = 5) throws -> [MQTTMessage] {
        try run(timeout: timeout) { _ in messages.count >= count }
        return messages
    }

    /// Turns the loop for `seconds` whatever arrives (a SUBSCRIBE reaches the broker, a late
    /// message would show up).
    func settle(_ seconds: Double = 0.2) throws {
        let until = monotonicNow() + seconds
        try run(timeout: seconds + 1) { _ in monotonicNow() >= until }
    }
}

extension MQTTClientEvent {
    var isConnectOutcome: Bool {
        switch self {
        case .connected, .connectFailed: true
        default: false
        }
    }
}

/// A mosquitto of the test's own (``MosquittoBroker``) in a temporary directory, removed with it.
func startBroker(_ test: XCTestCase, allowAnonymous: Bool = true) throws -> MosquittoBroker {
    let directory = NSTemporaryDirectory() + "mqtt-client-\(getpid())-\(UUID().uuidString)"
    try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
    test.addTeardownBlock { try? FileManager.default.removeItem(atPath: directory) }
    return try MosquittoBroker(directory: directory, allowAnonymous: allowAnonymous)
}

func connection(_ port: Int, _ clientID: String) -> MQTTConnection {
    MQTTConnection(host: "127.0.0.1", port: port, clientID: clientID, keepalive: 30)
}
