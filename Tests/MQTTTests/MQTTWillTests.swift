import Foundation
import LinuxIO
import MQTT
import TestSupport
import XCTest

/// The Last Will: published (retained) by the broker when the connection ends uncleanly, and
/// not after a clean DISCONNECT, which leaves its goodbyes instead.
final class MQTTWillTests: XCTestCase {
    func willConnection(_ port: Int, _ id: String) -> MQTTConnection {
        var c = connection(port, id)
        c.will = ("panel/\(id)/status", "offline")
        return c
    }

    /// Retained messages under `pattern`, asked until `expected` or 5 s.
    func retained(_ broker: MosquittoBroker, _ pattern: String, becoming expected: [String: String]) throws
        -> [String: String]
    {
        let deadline = monotonicNow() + 5
        var now = try broker.retained(pattern)
        while now != expected, monotonicNow() < deadline {
            usleep(50_000)
            now = try broker.retained(pattern)
        }
        return now
    }

    /// The client goes without a DISCONNECT (destroyed: its socket closed as a crash closes
    /// it): the broker publishes the will.
    func testTheBrokerPublishesTheWillWhenTheClientVanishes() throws {
        let broker = try startBroker(self)
        var driver: ClientDriver? = try ClientDriver(willConnection(broker.port, "vanishing"))
        XCTAssertEqual(try driver?.connect(), [.connected])
        try driver?.client.publish("panel/vanishing/status", Array("online".utf8), retain: true)
        try driver?.settle()
        XCTAssertEqual(try broker.retained("panel/#"), ["panel/vanishing/status": "online"])
        driver = nil
        XCTAssertEqual(
            try retained(broker, "panel/#", becoming: ["panel/vanishing/status": "offline"]),
            ["panel/vanishing/status": "offline"])
    }

    /// A clean disconnect: the goodbyes stay, the will is not published.
    func testACleanDisconnectLeavesTheGoodbyesAndNoWill() throws {
        let broker = try startBroker(self)
        let driver = try ClientDriver(willConnection(broker.port, "leaving"))
        XCTAssertEqual(try driver.connect(), [.connected])
        try driver.client.subscribe("panel/#")
        try driver.client.publish("panel/leaving/status", Array("online".utf8), retain: true)
        try driver.waitForMessages(1)
        driver.client.disconnect(goodbyes: [("panel/leaving/status", "stopped"), ("panel/leaving/light", "")])
        // Long enough for a will to have come (mosquitto publishes it as the socket closes).
        usleep(500_000)
        XCTAssertEqual(try broker.retained("panel/#"), ["panel/leaving/status": "stopped"])
    }
}
