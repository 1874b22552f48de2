import Foundation
import LinuxIO
import MQTT
import TestSupport
import XCTest

/// Connecting to a real mosquitto on 127.0.0.1: the CONNACK, the refusals (nobody on the port,
/// a broker that wants a password), and a new session after the broker restarts.
final class MQTTConnectTests: XCTestCase {
    func testTheBrokerAcceptsTheSession() throws {
        let broker = try startBroker(self)
        let driver = try ClientDriver(connection(broker.port, "switchpanel-connect-test"))
        XCTAssertNil(driver.client.connectStep)
        try driver.client.connect(now: monotonicNow())
        XCTAssertTrue(driver.client.isOpen)
        XCTAssertEqual(driver.client.connectStep, .nameLookup)
        XCTAssertTrue(try driver.run { $0.contains { $0.isConnectOutcome } })
        XCTAssertEqual(driver.events, [.connected])
        XCTAssertTrue(driver.client.isConnected)
        XCTAssertNil(driver.client.connectStep)
        // A keepalive after the connect, and the broker saw this client by its id.
        XCTAssertNotNil(driver.client.nextDeadline)
        let log = try String(contentsOfFile: broker.directory + "/mosquitto.log", encoding: .utf8)
        XCTAssertTrue(log.contains("as switchpanel-connect-test"), log)
    }

    /// Nobody listens on the port: the outcome is a `connectFailed` with the errno's words,
    /// the client is closed (nothing to poll), and calls that need a session throw an
    /// ``MQTTError`` with libmosquitto's code for "not connected".
    func testNobodyOnThePortIsAConnectFailure() throws {
        let port = try MosquittoBroker.freePort()
        let driver = try ClientDriver(connection(port, "switchpanel-refused-test"))
        let started = monotonicNow()
        XCTAssertEqual(try driver.connect(), [.connectFailed("Connection refused (ECONNREFUSED)")])
        let elapsed = monotonicNow() - started
        XCTAssertLessThan(elapsed, 1, "a refused connect on loopback is answered at once")
        XCTAssertFalse(driver.client.isOpen)
        XCTAssertFalse(driver.client.isConnected)
        XCTAssertNil(driver.client.connectStep)
        XCTAssertEqual(driver.client.pollInterests, [])
        XCTAssertThrowsError(try driver.client.publish("t", [1], retain: false)) {
            let error = $0 as? MQTTError
            XCTAssertEqual(error?.call, "publish")
            XCTAssertEqual(error?.code, 4)  // MOSQ_ERR_NO_CONN
            XCTAssertEqual(error?.description, "publish: The client is not currently connected.")
        }
        XCTAssertThrowsError(try driver.client.subscribe("t")) {
            XCTAssertEqual(($0 as? MQTTError)?.description, "subscribe: The client is not currently connected.")
        }
        print("refused connect answered in \(Int(elapsed * 1_000_000)) µs")
    }

    /// The broker refuses the session in its CONNACK (anonymous clients not allowed): the
    /// broker's reason, in libmosquitto's words.
    func testABrokerThatWantsAPasswordRefusesInItsCONNACK() throws {
        let broker = try startBroker(self, allowAnonymous: false)
        let driver = try ClientDriver(connection(broker.port, "switchpanel-anonymous-test"))
        let outcome = try driver.connect()
        XCTAssertEqual(outcome.first, .connectFailed("Connection Refused: not authorised."))
        XCTAssertFalse(driver.client.isConnected)
        XCTAssertFalse(driver.client.isOpen)
    }

    /// The broker dies (SIGKILL) under a subscribed session: the client reports the connection
    /// lost; connecting while it is down is refused; once it is back on the same port a new
    /// connect from the same client gets a new session (clean: subscribe again), and messages
    /// flow again.
    func testANewSessionAfterTheBrokerRestarts() throws {
        let broker = try startBroker(self)
        let driver = try ClientDriver(connection(broker.port, "switchpanel-restart-test"))
        XCTAssertEqual(try driver.connect(), [.connected])
        try driver.client.subscribe("restart/#")
        try driver.settle()

        let killed = monotonicNow()
        broker.stop()
        let lost = try driver.run { $0.contains { if case .disconnected = $0 { true } else { false } } }
        XCTAssertTrue(lost, "the client did not notice the broker going: \(driver.events)")
        let noticed = monotonicNow() - killed
        XCTAssertEqual(driver.events.last, .disconnected("The connection was lost."))
        XCTAssertFalse(driver.client.isConnected)
        XCTAssertFalse(driver.client.isOpen)

        XCTAssertEqual(try driver.connect(), [.connectFailed("Connection refused (ECONNREFUSED)")])

        try broker.start()
        let started = monotonicNow()
        XCTAssertEqual(try driver.connect(), [.connected])
        print(
            "broker killed: noticed in \(Int(noticed * 1_000_000)) µs; back: connected again in "
                + "\(Int((monotonicNow() - started) * 1_000_000)) µs")
        try driver.client.subscribe("restart/#")
        try driver.settle()
        try broker.publish("restart/after", "back")
        XCTAssertEqual(
            try driver.waitForMessages(1),
            [MQTTMessage(topic: "restart/after", payload: Array("back".utf8), isRetained: false)])
    }

    /// A clean disconnect closes the session at once and the same client can connect again.
    func testDisconnectAndConnectAgain() throws {
        let broker = try startBroker(self)
        let driver = try ClientDriver(connection(broker.port, "switchpanel-again-test"))
        XCTAssertEqual(try driver.connect(), [.connected])
        driver.client.disconnect()
        XCTAssertFalse(driver.client.isOpen)
        XCTAssertFalse(driver.client.isConnected)
        XCTAssertEqual(driver.client.pollInterests, [])
        XCTAssertEqual(try driver.connect(), [.connected])
    }
}

/// A client whose set-up libmosquitto refuses (a CA file it cannot read, a will on a wildcard
/// topic): a typed ``MQTTError`` naming the call, and the libmosquitto object freed once.
/// `MQTTClient.init` used to destroy it in its `catch` and again in `deinit` (which Swift runs
/// for a class initialiser that throws once every stored property is set): a double free,
/// which glibc caught ("double free or corruption") a few set-ups in, and which the panel met
/// at every reconnect of a board whose `tls.ca` named a missing file.
final class MQTTSetUpTests: XCTestCase {
    func testAnUnreadableCAFileIsATypedErrorEveryTime() {
        var c = connection(1883, "bad-ca")
        c.tls = MQTTConnection.TLS(caFile: "/nonexistent/ca.crt")
        for _ in 0..<200 {
            XCTAssertThrowsError(try MQTTClient(c)) {
                let error = $0 as? MQTTError
                XCTAssertEqual(error?.call, "mosquitto_tls_set")
                XCTAssertEqual(error?.code, 3)  // MOSQ_ERR_INVAL
            }
        }
    }

    func testAWillOnAWildcardTopicIsATypedErrorEveryTime() {
        var c = connection(1883, "bad-will")
        c.will = ("panel/#", "offline")
        for _ in 0..<200 {
            XCTAssertThrowsError(try MQTTClient(c)) {
                let error = $0 as? MQTTError
                XCTAssertEqual(error?.call, "mosquitto_will_set")
                XCTAssertEqual(error?.code, 3)  // MOSQ_ERR_INVAL
            }
        }
    }
}
