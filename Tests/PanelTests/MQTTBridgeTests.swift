import ConfigFormat
import XCTest

@testable import Panel

/// What the panel says on a broker and what it makes of what it hears, without one: the MQTT
/// config's checks (errors with their paths) and ``MQTTBridge``'s rules. The same rules run on a
/// real broker in PanelRuntimeTests' MQTTServiceTests.
final class MQTTBridgeTests: XCTestCase {
    func board(_ mqtt: String = #"{"broker": "mqtt://broker.local", "node": "hall"}"#) throws -> BoardConfig {
        try BoardConfig.parse(
            """
            {"version": 1, "name": "Hall panel", "mqtt": \(mqtt), "switches": [
              {"id": "porch", "label": "Porch light"},
              {"id": "lamp", "mqtt": {"commandTopic": "z2m/lamp/set", "stateTopic": "z2m/lamp", "stateField": "state",
                                      "timeout": 2}},
              {"id": "plug", "mqtt": {"commandTopic": "cmnd/plug/POWER", "stateTopic": "stat/plug/POWER"}}]}
            """)
    }

    func bridge(_ mqtt: String = #"{"broker": "mqtt://broker.local", "node": "hall"}"#) throws -> MQTTBridge {
        let config = try board(mqtt)
        return MQTTBridge(board: config, mqtt: try XCTUnwrap(config.mqtt), hostName: "Kitchen Pi.local", version: "9.9")
    }

    func error(_ mqtt: String, switchMQTT: String? = nil) -> String {
        let sw = switchMQTT.map { #", "mqtt": \#($0)"# } ?? ""
        do {
            _ = try BoardConfig.parse(#"{"version": 1, "mqtt": \#(mqtt), "switches": [{"id": "a"\#(sw)}]}"#)
            return "accepted"
        } catch {
            return "\(error)"
        }
    }

    // MARK: Config

    func testBrokerAddresses() throws {
        func parsed(_ url: String) throws -> (MQTTConfig.Scheme, String, Int) {
            let c = try XCTUnwrap(try board(#"{"broker": "\#(url)"}"#).mqtt)
            return (c.scheme, c.host, c.port)
        }
        XCTAssertTrue(try parsed("mqtt://broker.local") == (.mqtt, "broker.local", 1883))
        XCTAssertTrue(try parsed("mqtts://10.0.0.2") == (.mqtts, "10.0.0.2", 8883))
        XCTAssertTrue(try parsed("mqtt://[fd00::1]:1884/") == (.mqtt, "fd00::1", 1884))
        XCTAssertEqual(
            error(#"{"broker": "http://x"}"#),
            #"mqtt.broker: "http://x": expected mqtt:// or mqtts:// (e.g. "mqtt://broker.local:1883" or "mqtts://broker.local:8883")"#
        )
        XCTAssertEqual(
            error(#"{"broker": "mqtt://x:99999"}"#),
            #"mqtt.broker: "mqtt://x:99999": the port must be a number from 1 to 65535"#)
        XCTAssertTrue(error(#"{"broker": "mqtt://"}"#).hasPrefix("mqtt.broker: \"mqtt://\": no host name"))
        XCTAssertEqual(error(#"{"node": "x"}"#), "mqtt.broker: missing")
        XCTAssertEqual(
            error(#"{"broker": "mqtt://fd00::1"}"#),
            #"mqtt.broker: "mqtt://fd00::1": an IPv6 address goes in brackets (mqtt://[fd00::1]:1883)"#)
    }

    func testTheRestOfTheSectionIsCheckedWithItsPath() {
        XCTAssertEqual(
            error(#"{"broker": "mqtt://b", "tls": {"ca": "/ca.pem"}}"#),
            #"mqtt.tls: TLS files need a "mqtts://" broker"#)
        XCTAssertEqual(
            error(#"{"broker": "mqtts://b", "tls": {"cert": "/c.pem"}}"#),
            "mqtt.tls: a client certificate needs its key, and a key its certificate")
        XCTAssertEqual(
            error(#"{"broker": "mqtt://b", "passwordFile": "secret"}"#),
            #"mqtt.passwordFile: "secret" must be an absolute path"#)
        XCTAssertEqual(
            error(#"{"broker": "mqtt://b", "password": "hunter2"}"#),
            "mqtt.password: unknown key (expected one of: broker, node, username, passwordFile, tls, clientId, baseTopic, keepalive, homeAssistant)"
        )
        XCTAssertEqual(
            error(#"{"broker": "mqtt://b", "node": "hall/way"}"#),
            #"mqtt.node: "hall/way": use letters, digits, '-' or '_' (it names topics)"#)
        XCTAssertEqual(
            error(#"{"broker": "mqtt://b", "baseTopic": "panels/#"}"#),
            #"mqtt.baseTopic: "panels/#": a topic the panel publishes to must not contain '+' or '#'"#)
        XCTAssertEqual(error(#"{"broker": "mqtt://b", "keepalive": 1}"#), "mqtt.keepalive: 1 is out of range (5…65535)")
        XCTAssertEqual(
            error(#"{"broker": "mqtt://b"}"#, switchMQTT: #"{"payloadOn": "1"}"#),
            #"switches[0].mqtt: needs "commandTopic", "stateTopic" or both"#)
        XCTAssertEqual(
            error(#"{"broker": "mqtt://b"}"#, switchMQTT: #"{"stateTopic": "s", "stateOn": "X", "stateOff": "X"}"#),
            "switches[0].mqtt.stateOff: the on and off states must differ")
        XCTAssertThrowsError(
            try BoardConfig.parse(#"{"version": 1, "switches": [{"id": "a", "mqtt": {"stateTopic": "s"}}]}"#)
        ) {
            XCTAssertEqual(
                "\($0)", #"switches[0].mqtt: binds the switch to MQTT topics, but the board has no "mqtt" broker"#)
        }
    }

    func testIdsHomeAssistantWouldIgnoreAreRefusedWhileDiscoveryIsOn() throws {
        XCTAssertThrowsError(
            try BoardConfig.parse(
                #"{"version": 1, "mqtt": {"broker": "mqtt://b"}, "switches": [{"id": "porch.light"}]}"#)
        ) {
            XCTAssertEqual(
                "\($0)",
                #"switches[0].id: "porch.light": Home Assistant's discovery takes letters, digits, '-' and '_' in ids "#
                    + "(rename it, or set mqtt.homeAssistant.discovery to false)")
        }
        XCTAssertNoThrow(
            try BoardConfig.parse(
                #"{"version": 1, "mqtt": {"broker": "mqtt://b", "homeAssistant": {"discovery": false}}, "#
                    + #""switches": [{"id": "porch.light"}]}"#))
    }

    func testTheNodeDefaultsToTheHostNameMadeTopicSafe() throws {
        let b = try bridge(#"{"broker": "mqtt://b"}"#)
        XCTAssertEqual(b.node, "kitchen-pi-local")
        XCTAssertEqual(b.baseTopic, "switchpanel/kitchen-pi-local")
        XCTAssertEqual(b.clientID, "switchpanel-kitchen-pi-local")
        XCTAssertEqual(MQTTConfig.nodeName(fromHostName: "..."), "panel")
    }

    // MARK: Announcing

    func testConnectingSubscribesAnnouncesAndPublishesStates() throws {
        let b = try bridge()
        let out = b.connected(states: ["porch": true, "lamp": false, "plug": false])
        XCTAssertEqual(
            Array(out.prefix(6)),
            [
                .subscribe("switchpanel/hall/+/set"), .subscribe("z2m/lamp"), .subscribe("stat/plug/POWER"),
                .subscribe("homeassistant/status"), .subscribe("homeassistant/switch/hall/+/config"),
                .subscribe("switchpanel/hall/+/state"),
            ])
        XCTAssertEqual(out[6], .publish(topic: "switchpanel/hall/status", payload: "online", retain: true))
        let publishes = out.compactMap { item -> String? in
            if case .publish(let topic, _, let retain) = item, retain { return topic }
            return nil
        }
        XCTAssertEqual(
            publishes,
            [
                "switchpanel/hall/status", "homeassistant/switch/hall/porch/config",
                "homeassistant/switch/hall/lamp/config", "homeassistant/switch/hall/plug/config",
                "switchpanel/hall/porch/state", "switchpanel/hall/lamp/state", "switchpanel/hall/plug/state",
            ])
        XCTAssertTrue(out.contains(.publish(topic: "switchpanel/hall/porch/state", payload: "ON", retain: true)))
    }

    func testDiscoveryPayloadFollowsHomeAssistantsSwitchSchema() throws {
        let b = try bridge()
        let config = try board()
        let payload = b.discoveryPayload(config.switches[0])
        XCTAssertEqual(
            payload.text,
            #"{"name":"Porch light","unique_id":"switchpanel_hall_porch","object_id":"hall_porch","#
                + #""default_entity_id":"switch.hall_porch","command_topic":"switchpanel/hall/porch/set","#
                + #""state_topic":"switchpanel/hall/porch/state","payload_on":"ON","payload_off":"OFF","#
                + #""state_on":"ON","state_off":"OFF","availability_topic":"switchpanel/hall/status","#
                + #""payload_available":"online","payload_not_available":"offline","optimistic":false,"qos":1,"#
                + #""device":{"identifiers":["switchpanel_hall"],"name":"Hall panel","manufacturer":"SwitchPanel","#
                + #""model":"SwitchPanel wall panel","sw_version":"9.9"},"origin":{"name":"switchpanel","sw_version":"9.9"}}"#
        )
        XCTAssertEqual(MQTTBridge.slug("Hall-Way.2 ü"), "hall_way_2")
    }

    func testWithoutDiscoveryNothingGoesToHomeAssistantAndWhatWasAnnouncedIsWithdrawn() throws {
        var b = try bridge(#"{"broker": "mqtt://b", "node": "hall", "homeAssistant": {"discovery": false}}"#)
        let states = ["porch": false, "lamp": false, "plug": false]
        let out = b.connected(states: states)
        let toHomeAssistant = out.filter {
            switch $0 {
            case .subscribe(let t), .unsubscribe(let t), .publish(let t, _, _): t.hasPrefix("homeassistant")
            }
        }
        // Only a look at what this node announced while discovery was on.
        XCTAssertEqual(toHomeAssistant, [.subscribe("homeassistant/switch/hall/+/config")])
        let announced = b.received(
            topic: "homeassistant/switch/hall/porch/config", payload: Array("{}".utf8), isRetained: true,
            states: states, now: 0, random: { 0 })
        XCTAssertEqual(
            announced.outgoing, [.publish(topic: "homeassistant/switch/hall/porch/config", payload: "", retain: true)])
        XCTAssertEqual(announced.notes, ["MQTT: removing porch from Home Assistant (discovery is off)"])
        // Its own empty message coming back is not cleared again.
        XCTAssertEqual(
            b.received(
                topic: "homeassistant/switch/hall/porch/config", payload: [], isRetained: false, states: states,
                now: 0, random: { 0 }),
            MQTTBridge.Reaction())
    }

    // MARK: Commands

    func testCommandsAreOnOffOrToggleAndRetainedOnesAreIgnored() throws {
        var b = try bridge()
        let states = ["porch": true, "lamp": false, "plug": false]
        func react(_ topic: String, _ payload: String, retained: Bool = false) -> MQTTBridge.Reaction {
            b.received(
                topic: topic, payload: Array(payload.utf8), isRetained: retained, states: states, now: 0, random: { 0 })
        }
        XCTAssertEqual(
            react("switchpanel/hall/porch/set", "OFF").commands, [.set(id: "porch", isOn: false, runActions: true)])
        XCTAssertEqual(
            react("switchpanel/hall/porch/set", " on\n").commands, [.set(id: "porch", isOn: true, runActions: true)])
        XCTAssertEqual(
            react("switchpanel/hall/porch/set", "TOGGLE").commands, [.set(id: "porch", isOn: false, runActions: true)])
        let retained = react("switchpanel/hall/porch/set", "OFF", retained: true)
        XCTAssertEqual(retained.commands, [])
        XCTAssertEqual(
            retained.notes, ["MQTT: switchpanel/hall/porch/set: a retained command (OFF) is not replayed; ignored"])
        XCTAssertEqual(
            react("switchpanel/hall/porch/set", "dim").notes,
            [#"MQTT: switchpanel/hall/porch/set: "dim" is not ON, OFF or TOGGLE; ignored"#])
        XCTAssertEqual(
            react("switchpanel/hall/attic/set", "ON").notes,
            [#"MQTT: switchpanel/hall/attic/set: no switch "attic"; ignored"#])
        XCTAssertEqual(react("switchpanel/hall/a/b/set", "ON").commands, [])
    }

    // MARK: Mirrored devices

    func testAMirroredSwitchFollowsItsDeviceAndATouchWaitsForConfirmation() throws {
        var b = try bridge()
        var states = ["porch": false, "lamp": false, "plug": false]
        func hear(_ topic: String, _ payload: String, at now: Double) -> MQTTBridge.Reaction {
            b.received(
                topic: topic, payload: Array(payload.utf8), isRetained: true, states: states, now: now, random: { 0 })
        }
        // Retained state is the device's truth, even at subscription.
        XCTAssertEqual(
            hear("z2m/lamp", #"{"state": "ON", "brightness": 200}"#, at: 0).commands,
            [.set(id: "lamp", isOn: true, runActions: false)])
        XCTAssertEqual(hear("stat/plug/POWER", "ON", at: 0).commands, [.set(id: "plug", isOn: true, runActions: false)])
        XCTAssertEqual(hear("z2m/lamp", #"{"brightness": 200}"#, at: 0).notes.count, 1)
        XCTAssertEqual(hear("z2m/lamp", "ON", at: 0).notes.count, 1, "not JSON")

        // A touch: the command goes out, and the switch waits for the device.
        states["plug"] = true
        let touch = SwitchChange(id: "plug", isOn: true, source: .touch, time: 10)
        XCTAssertEqual(
            b.changed(touch, mirrored: false, isConnected: true, now: 10),
            [
                .publish(topic: "switchpanel/hall/plug/state", payload: "ON", retain: true),
                .publish(topic: "cmnd/plug/POWER", payload: "ON", retain: false),
            ])
        XCTAssertEqual(b.nextDeadline, 15)
        XCTAssertEqual(b.tick(now: 14.9, states: states, isConnected: true).commands, [])
        let late = b.tick(now: 15, states: states, isConnected: true)
        XCTAssertEqual(late.commands, [.revert(id: "plug", isOn: false)])
        XCTAssertNil(b.nextDeadline)

        // Confirmed in time: nothing goes back.
        _ = b.changed(touch, mirrored: false, isConnected: true, now: 20)
        XCTAssertEqual(hear("stat/plug/POWER", "ON", at: 21).commands, [])
        XCTAssertNil(b.nextDeadline)

        // A change that came from the device sends no command back.
        XCTAssertEqual(
            b.changed(
                SwitchChange(id: "lamp", isOn: true, source: .mqtt, time: 30), mirrored: true, isConnected: true,
                now: 30),
            [.publish(topic: "switchpanel/hall/lamp/state", payload: "ON", retain: true)])
    }

    // MARK: Home Assistant's lifecycle

    func testBirthMessageReannouncesAfterARandomDelay() throws {
        var b = try bridge()
        let states = ["porch": false, "lamp": false, "plug": false]
        _ = b.received(
            topic: "homeassistant/status", payload: Array("online".utf8), isRetained: false, states: states, now: 100,
            random: { 0.5 })
        XCTAssertEqual(b.nextDeadline, 101.75)
        XCTAssertEqual(b.tick(now: 101, states: states, isConnected: true).outgoing, [])
        let out = b.tick(now: 101.75, states: states, isConnected: true).outgoing
        XCTAssertEqual(out.count, 1 + 3 + 3, "online, three configs, three states")
        _ = b.received(
            topic: "homeassistant/status", payload: Array("offline".utf8), isRetained: false, states: states, now: 200,
            random: { 0.5 })
        XCTAssertNil(b.nextDeadline)
    }

    func testRemovedSwitchesAreClearedFromHomeAssistant() throws {
        var b = try bridge()
        let states = ["porch": false, "lamp": false, "plug": false]
        let stale = b.received(
            topic: "homeassistant/switch/hall/attic/config", payload: Array("{}".utf8), isRetained: true,
            states: states, now: 0, random: { 0 })
        XCTAssertEqual(
            stale.outgoing, [.publish(topic: "homeassistant/switch/hall/attic/config", payload: "", retain: true)])
        let current = b.received(
            topic: "homeassistant/switch/hall/porch/config", payload: Array("{}".utf8), isRetained: true,
            states: states, now: 0, random: { 0 })
        XCTAssertEqual(current.outgoing, [])

        // A reload that drops a switch clears it at once when connected, else at the next connection.
        let smaller = try BoardConfig.parse(
            #"{"version": 1, "mqtt": {"broker": "mqtt://b", "node": "hall"}, "switches": [{"id": "porch"}]}"#)
        XCTAssertEqual(b.reloaded(smaller, states: states, isConnected: false), [])
        XCTAssertEqual(
            b.takeRemovedWhileDisconnected(),
            [
                .publish(topic: "switchpanel/hall/lamp/state", payload: "", retain: true),
                .publish(topic: "homeassistant/switch/hall/lamp/config", payload: "", retain: true),
                .publish(topic: "switchpanel/hall/plug/state", payload: "", retain: true),
                .publish(topic: "homeassistant/switch/hall/plug/config", payload: "", retain: true),
            ])
        XCTAssertEqual(b.takeRemovedWhileDisconnected(), [])
    }

    func testAReloadUnsubscribesDeviceTopicsNoLongerFollowedAndClearsRemovedSwitches() throws {
        var b = try bridge()
        let states = ["porch": false, "lamp": false, "plug": false]
        // lamp goes; plug follows another topic now.
        let reloaded = try BoardConfig.parse(
            #"{"version": 1, "mqtt": {"broker": "mqtt://b", "node": "hall"}, "switches": [{"id": "porch"}, "#
                + #"{"id": "plug", "mqtt": {"commandTopic": "cmnd/plug/POWER", "stateTopic": "tele/plug/STATE", "#
                + #""stateField": "POWER"}}]}"#)
        let out = b.reloaded(reloaded, states: states, isConnected: true)
        XCTAssertTrue(out.contains(.subscribe("tele/plug/STATE")))
        XCTAssertFalse(out.contains(.subscribe("z2m/lamp")))
        XCTAssertEqual(
            out.filter {
                if case .subscribe = $0 { return false }
                if case .publish(_, let payload, _) = $0, !payload.isEmpty { return false }
                return true
            },
            [
                .unsubscribe("z2m/lamp"), .unsubscribe("stat/plug/POWER"),
                .publish(topic: "switchpanel/hall/lamp/state", payload: "", retain: true),
                .publish(topic: "homeassistant/switch/hall/lamp/config", payload: "", retain: true),
            ])
    }

    func testARetainedStateOfASwitchNoLongerThereIsCleared() throws {
        var b = try bridge()
        let states = ["porch": true, "lamp": false, "plug": false]
        func hear(_ topic: String, _ payload: String, retained: Bool = true) -> MQTTBridge.Reaction {
            b.received(
                topic: topic, payload: Array(payload.utf8), isRetained: retained, states: states, now: 0,
                random: { 0 })
        }
        let ghost = hear("switchpanel/hall/attic/state", "ON")
        XCTAssertEqual(ghost.outgoing, [.publish(topic: "switchpanel/hall/attic/state", payload: "", retain: true)])
        XCTAssertEqual(ghost.notes, ["MQTT: clearing the retained state of attic (no longer in the config)"])
        XCTAssertEqual(hear("switchpanel/hall/attic/state", ""), MQTTBridge.Reaction(), "the clearing coming back")
        XCTAssertEqual(hear("switchpanel/hall/attic/state", "ON", retained: false), MQTTBridge.Reaction())
        // The panel's own states coming back are neither commands nor ghosts.
        XCTAssertEqual(hear("switchpanel/hall/porch/state", "OFF"), MQTTBridge.Reaction())
        XCTAssertEqual(hear("switchpanel/hall/porch/state", "OFF", retained: false), MQTTBridge.Reaction())
    }

    func testATouchThatCannotReachItsDeviceGoesBackAndSaysWhy() throws {
        let config = try BoardConfig.parse(
            #"{"version": 1, "mqtt": {"broker": "mqtt://b", "node": "hall"}, "switches": [{"id": "porch"}, "#
                + #"{"id": "gate", "mqtt": {"commandTopic": "cmnd/gate/POWER"}}, "#
                + #"{"id": "plug", "mqtt": {"commandTopic": "cmnd/plug/POWER", "stateTopic": "stat/plug/POWER"}}]}"#)
        var b = MQTTBridge(board: config, mqtt: try XCTUnwrap(config.mqtt), hostName: "h", version: "9.9")
        let states = ["porch": true, "gate": true, "plug": true]
        for id in ["porch", "gate", "plug"] {
            XCTAssertEqual(
                b.changed(
                    SwitchChange(id: id, isOn: true, source: .touch, time: 10), mirrored: false, isConnected: false,
                    now: 10),
                [.publish(topic: "switchpanel/hall/\(id)/state", payload: "ON", retain: true)], id)
        }
        // At once (the next turn), not after the device's timeout; a switch of the panel's own stays.
        XCTAssertEqual(b.nextDeadline, 10)
        XCTAssertTrue(b.pending.isEmpty)
        let r = b.tick(now: 10, states: states, isConnected: false)
        XCTAssertEqual(r.commands, [.revert(id: "gate", isOn: false), .revert(id: "plug", isOn: false)])
        XCTAssertEqual(
            r.notes,
            [
                "MQTT: gate: the broker is unreachable, so the device was not told; back to off",
                "MQTT: plug: the broker is unreachable, so the device was not told; back to off",
            ])
        XCTAssertNil(b.nextDeadline)
        // The revert itself sends nothing to the device and asks for nothing more.
        XCTAssertEqual(
            b.changed(
                SwitchChange(id: "gate", isOn: false, source: .revert, time: 10), mirrored: false, isConnected: false,
                now: 10),
            [.publish(topic: "switchpanel/hall/gate/state", payload: "OFF", retain: true)])
        XCTAssertNil(b.nextDeadline)
    }

    func testTwoIdsWithTheSameEntityIdAreRefusedWhileDiscoveryIsOn() throws {
        let json =
            #"{"version": 1, "mqtt": {"broker": "mqtt://b"DISCOVERY}, "switches": [{"id": "porch_light"}, "#
            + #"{"id": "fan"}, {"id": "Porch-Light"}]}"#
        XCTAssertThrowsError(try BoardConfig.parse(json.replacingOccurrences(of: "DISCOVERY", with: ""))) {
            XCTAssertEqual(
                "\($0)",
                #"switches[2].id: "Porch-Light": Home Assistant would give it the entity id of "porch_light" "#
                    + "(switches[0]), switch.<node>_porch_light (rename one, or set mqtt.homeAssistant.discovery to false)"
            )
        }
        XCTAssertNoThrow(
            try BoardConfig.parse(
                json.replacingOccurrences(of: "DISCOVERY", with: #", "homeAssistant": {"discovery": false}"#)))
    }
}
