import ConfigFormat
import XCTest

@testable import Panel

/// The screen on the broker without one: the light's and the select's topics, discovery
/// payloads and commands (``MQTTScreenEntities``). The same run on a real broker in
/// PanelRuntimeTests' MQTTServiceTests.
final class MQTTScreenEntitiesTests: XCTestCase {
    func board(_ mqtt: String = #"{"broker": "mqtt://broker.local", "node": "hall"}"#) throws -> BoardConfig {
        try BoardConfig.parse(
            """
            {"version": 1, "name": "Hall panel", "mqtt": \(mqtt), "pages": [
              {"title": "Downstairs", "switches": [{"id": "porch"}]},
              {"title": "Upstairs", "switches": [{"id": "bed"}]},
              {"title": "Downstairs", "switches": [{"id": "cellar"}]}]}
            """)
    }

    func entities(_ mqtt: String = #"{"broker": "mqtt://broker.local", "node": "hall"}"#) throws
        -> MQTTScreenEntities
    {
        let config = try board(mqtt)
        return MQTTScreenEntities(
            bridge: MQTTBridge(board: config, mqtt: try XCTUnwrap(config.mqtt), hostName: "pi", version: "9.9"))
    }

    let screen = ScreenStatus(blank: false, brightness: 80, page: 2, pages: ["Downstairs", "Upstairs", "Downstairs"])

    func testTopicsAndTheAnnouncement() throws {
        let e = try entities()
        XCTAssertEqual(
            e.subscriptions,
            [
                .subscribe("switchpanel/hall/screen/brightness/set"),
                .subscribe("homeassistant/light/hall/screen/config"),
                .subscribe("homeassistant/select/hall/page/config"),
            ])
        XCTAssertEqual(
            e.announcement(screen).map { item -> String in
                guard case .publish(let topic, let payload, let retain) = item else { return "\(item)" }
                return "\(topic) \(retain ? "retained" : "") \(topic.hasSuffix("/config") ? "{…}" : payload)"
            },
            [
                "homeassistant/light/hall/screen/config retained {…}",
                "homeassistant/select/hall/page/config retained {…}",
                "switchpanel/hall/screen/state retained ON",
                "switchpanel/hall/screen/brightness retained 80",
                "switchpanel/hall/page/state retained Downstairs (2)",
            ])
        XCTAssertEqual(
            e.screenStates(ScreenStatus(blank: true, brightness: nil, page: 0, pages: ["A"])),
            [.publish(topic: "switchpanel/hall/screen/state", payload: "OFF", retain: true)],
            "no brightness without a backlight's")
        XCTAssertEqual(
            e.screenStates(ScreenStatus(blank: false, brightness: 0, page: 0, pages: ["A"])).count, 1,
            "0 is no brightness for Home Assistant")
        XCTAssertEqual(
            e.withdrawal(),
            [
                .publish(topic: "homeassistant/light/hall/screen/config", payload: "", retain: true),
                .publish(topic: "homeassistant/select/hall/page/config", payload: "", retain: true),
            ])
        let quiet = try entities(#"{"broker": "mqtt://b", "node": "hall", "homeAssistant": {"discovery": false}}"#)
        XCTAssertEqual(quiet.announcement(screen).count, 3, "without discovery, only the states")
        XCTAssertEqual(quiet.withdrawal(), [])
    }

    /// Repeated titles get numbered options, since Home Assistant selects by the text.
    func testPageOptionsAreUnique() {
        XCTAssertEqual(
            MQTTScreenEntities.pageOptions(["A", "B", "A", "A", "A (2)"]), ["A", "B", "A (2)", "A (3)", "A (2) (2)"])
        XCTAssertEqual(MQTTScreenEntities.pageOptions([]), [])
    }

    /// The light (default schema, brightness in percent) and the select, as Home Assistant reads them.
    func testDiscoveryPayloads() throws {
        let e = try entities()
        let device =
            #""device":{"identifiers":["switchpanel_hall"],"name":"Hall panel","manufacturer":"SwitchPanel","#
            + #""model":"SwitchPanel wall panel","sw_version":"9.9"},"origin":{"name":"switchpanel","sw_version":"9.9"}"#
        let availability =
            #""availability_topic":"switchpanel/hall/status","payload_available":"online","payload_not_available":"offline","#
            + #""optimistic":false,"qos":1,"#
        XCTAssertEqual(
            e.lightPayload(screen).text,
            #"{"name":"Screen","unique_id":"switchpanel_hall_screen","object_id":"hall_screen","#
                + #""default_entity_id":"light.hall_screen","command_topic":"switchpanel/hall/screen/set","#
                + #""state_topic":"switchpanel/hall/screen/state","payload_on":"ON","payload_off":"OFF","#
                + #""brightness_command_topic":"switchpanel/hall/screen/brightness/set","#
                + #""brightness_state_topic":"switchpanel/hall/screen/brightness","brightness_scale":100,"#
                + availability + device + "}")
        let dark = ScreenStatus(blank: false, brightness: nil, page: 0, pages: ["A"])
        XCTAssertNil(e.lightPayload(dark)["brightness_command_topic"], "an on/off light without a brightness")
        XCTAssertEqual(
            e.selectPayload(screen).text,
            #"{"name":"Page","unique_id":"switchpanel_hall_page","object_id":"hall_page","#
                + #""default_entity_id":"select.hall_page","command_topic":"switchpanel/hall/page/set","#
                + #""state_topic":"switchpanel/hall/page/state","options":["Downstairs","Upstairs","Downstairs (2)"],"#
                + availability + device + "}")
    }

    func testCommands() throws {
        let e = try entities()
        func received(_ topic: String, _ payload: String, retained: Bool = false) -> MQTTScreenEntities.Reaction? {
            e.received(
                topic: "switchpanel/hall/" + topic, payload: Array(payload.utf8), isRetained: retained, screen: screen)
        }
        XCTAssertNil(received("porch/set", "ON"), "a switch's: the bridge's")
        XCTAssertNil(received("screen/state", "ON"), "our own state")
        XCTAssertEqual(received("screen/set", "OFF")?.commands, [.blank(true)])
        XCTAssertEqual(received("screen/set", " on\n")?.commands, [.blank(false)])
        XCTAssertEqual(received("screen/brightness/set", "40")?.commands, [.brightness(40)])
        XCTAssertEqual(received("page/set", "Upstairs")?.commands, [.page(1)])
        XCTAssertEqual(received("page/set", "Downstairs (2)")?.commands, [.page(2)])
        XCTAssertEqual(received("page/set", "0")?.commands, [.page(0)], "or a page number")
        let garbage: [(String, String, String)] = [
            ("screen/set", "TOGGLE", #"MQTT: switchpanel/hall/screen/set: "TOGGLE" is not ON or OFF; ignored"#),
            (
                "screen/brightness/set", "0",
                #"MQTT: switchpanel/hall/screen/brightness/set: "0" is not a brightness from 1 to 100 "#
                    + "(OFF on switchpanel/hall/screen/set blanks); ignored"
            ),
            (
                "screen/brightness/set", "40.5",
                #"MQTT: switchpanel/hall/screen/brightness/set: "40.5" is not a brightness from 1 to 100 "#
                    + "(OFF on switchpanel/hall/screen/set blanks); ignored"
            ),
            (
                "screen/brightness/set", String(repeating: "9", count: 300),
                "MQTT: switchpanel/hall/screen/brightness/set: a 300-byte payload is not a brightness from 1 to 100 "
                    + "(OFF on switchpanel/hall/screen/set blanks); ignored"
            ),
            (
                "page/set", "Attic",
                #"MQTT: switchpanel/hall/page/set: "Attic" is no page ("Downstairs", "Upstairs", "Downstairs (2)", "#
                    + "or a number from 0 to 2); ignored"
            ),
            (
                "page/set", "3",
                #"MQTT: switchpanel/hall/page/set: "3" is no page ("Downstairs", "Upstairs", "Downstairs (2)", "#
                    + "or a number from 0 to 2); ignored"
            ),
        ]
        for (topic, payload, note) in garbage {
            XCTAssertEqual(received(topic, payload), MQTTScreenEntities.Reaction(commands: [], notes: [note]), payload)
        }
        XCTAssertEqual(
            e.received(topic: "switchpanel/hall/screen/set", payload: [0xFF, 0xFE], isRetained: false, screen: screen)?
                .notes,
            ["MQTT: switchpanel/hall/screen/set: a payload that is not UTF-8 is not ON or OFF; ignored"])
        XCTAssertEqual(
            received("screen/set", "OFF", retained: true),
            MQTTScreenEntities.Reaction(
                commands: [],
                notes: [#"MQTT: switchpanel/hall/screen/set: a retained command ("OFF") is not replayed; ignored"#]))
    }

    /// With a broker, `screen` and `page` are not switch ids: their topics are the screen's.
    func testScreenAndPageAreNotSwitchIdsOnABroker() {
        for id in ["screen", "page"] {
            do {
                _ = try BoardConfig.parse(
                    #"{"version": 1, "mqtt": {"broker": "mqtt://b", "baseTopic": "home/panel"}, "switches": [{"id": "\#(id)"}]}"#
                )
                XCTFail("accepted \(id)")
            } catch {
                XCTAssertEqual(
                    "\(error)",
                    #"switches[0].id: "\#(id)" is taken on the broker by the panel's \#(id) "#
                        + "(home/panel/\(id)/state and /set); give the switch another id")
            }
            XCTAssertNoThrow(
                try BoardConfig.parse(#"{"version": 1, "switches": [{"id": "\#(id)"}]}"#), "without a broker it is free"
            )
        }
    }
}
