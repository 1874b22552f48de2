import Foundation
import LinuxIO
import MQTT
import TestSupport
import XCTest

/// Messages through a real mosquitto: in at QoS 0 and 1 from `mosquitto_pub`, out at QoS 1 to
/// `mosquitto_sub` and back through the client's own subscription, retained messages, and
/// payloads from empty to 4 MiB of every byte value.
final class MQTTMessageTests: XCTestCase {
    var broker: MosquittoBroker!
    var driver: ClientDriver!

    override func setUpWithError() throws {
        broker = try startBroker(self)
        driver = try ClientDriver(connection(broker.port, "switchpanel-messages-test"))
        XCTAssertEqual(try driver.connect(), [.connected])
    }

    override func tearDown() {
        driver = nil
        broker = nil
    }

    func message(_ topic: String, _ text: String, retained: Bool = false) -> MQTTMessage {
        MQTTMessage(topic: topic, payload: Array(text.utf8), isRetained: retained)
    }

    func testMessagesPublishedAtQoS0And1Arrive() throws {
        try driver.client.subscribe("in/#")
        try driver.settle()
        try broker.publish("in/zero", "at most once", qos: 0)
        try broker.publish("in/one", "at least once", qos: 1)
        try broker.publish("other/topic", "not subscribed", qos: 1)
        try broker.publish("in/deep/er", "", qos: 1)
        XCTAssertEqual(
            try driver.waitForMessages(3),
            [message("in/zero", "at most once"), message("in/one", "at least once"), message("in/deep/er", "")])
        try driver.settle()
        XCTAssertEqual(driver.messages.count, 3, "only the subscribed topics")
    }

    /// The client publishes at QoS 1: another client (`mosquitto_sub -q 1`) receives it, and so
    /// does the client's own subscription.
    func testAPublishedMessageGoesRoundTheBroker() throws {
        let outside = try broker.subscribe("out/#")
        try driver.client.subscribe("out/#")
        try driver.settle()
        try driver.client.publish("out/state", Array("ON".utf8), retain: false)
        XCTAssertEqual(try driver.waitForMessages(1), [message("out/state", "ON")])
        let deadline = monotonicNow() + 5
        while outside.lines.isEmpty, monotonicNow() < deadline { try driver.settle(0.05) }
        XCTAssertEqual(outside.lines, ["out/state ON"])
    }

    func testUnsubscribedTopicsStopArriving() throws {
        try driver.client.subscribe("a/#")
        try driver.client.subscribe("b/#")
        try driver.settle()
        try driver.client.unsubscribe("a/#")
        try driver.settle()
        try broker.publish("a/x", "1")
        try broker.publish("b/x", "2")
        XCTAssertEqual(try driver.waitForMessages(1), [message("b/x", "2")])
        try driver.settle()
        XCTAssertEqual(driver.messages, [message("b/x", "2")])
    }

    /// A retained message is delivered at subscription, marked retained; one published while
    /// subscribed is not marked; what the client retains, the broker keeps.
    func testRetainedMessages() throws {
        try broker.publish("r/stored", "kept", retain: true)
        try driver.client.subscribe("r/#")
        XCTAssertEqual(try driver.waitForMessages(1), [message("r/stored", "kept", retained: true)])
        try broker.publish("r/live", "now", retain: true)
        XCTAssertEqual(try driver.waitForMessages(2).last, message("r/live", "now"))
        try driver.client.publish("r/mine", Array("held".utf8), retain: true)
        XCTAssertEqual(try driver.waitForMessages(3).last, message("r/mine", "held"))
        XCTAssertEqual(try broker.retained("r/#"), ["r/stored": "kept", "r/live": "now", "r/mine": "held"])
        // An empty retained message clears the topic's.
        try driver.client.publish("r/mine", [], retain: true)
        try driver.waitForMessages(4)
        XCTAssertEqual(try broker.retained("r/#"), ["r/stored": "kept", "r/live": "now"])
    }

    /// Every byte value, NUL included, in and out; 256 KiB in from `mosquitto_pub`, 4 MiB out
    /// and back (a packet read over many turns of the loop).
    func testLargeBinaryPayloads() throws {
        try driver.client.subscribe("big/#")
        try driver.settle()
        let incoming = (0..<(256 << 10)).map { UInt8(truncatingIfNeeded: $0 &* 7 &+ $0 >> 8) }
        var started = monotonicNow()
        try broker.publish("big/in", incoming)
        XCTAssertEqual(try driver.waitForMessages(1, timeout: 10).first?.payload, incoming)
        let inTime = monotonicNow() - started

        var generator = SplitMix64(seed: 27)
        let outgoing = (0..<(4 << 20)).map { _ in UInt8(truncatingIfNeeded: generator.next()) }
        started = monotonicNow()
        try driver.client.publish("big/out", outgoing, retain: false)
        let back = try driver.waitForMessages(2, timeout: 20)
        let roundTrip = monotonicNow() - started
        XCTAssertEqual(back.count, 2)
        XCTAssertEqual(back.last?.topic, "big/out")
        XCTAssertTrue(back.last?.payload == outgoing, "4 MiB came back different")
        print(
            "256 KiB in (mosquitto_pub included): \(Int(inTime * 1000)) ms; "
                + "4 MiB out and back: \(Int(roundTrip * 1000)) ms")
    }
}
