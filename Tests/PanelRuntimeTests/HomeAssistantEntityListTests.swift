import ConfigFormat
import XCTest

@testable import PanelRuntime

/// `switchpanel ha-entities`' reading of `get_states` and its two outputs (the command itself runs
/// against a real Home Assistant in `make homeassistant-entities-test`).
final class HomeAssistantEntityListTests: XCTestCase {
    func states(_ text: String) throws -> [JSONValue] {
        guard case .array(let states) = try JSONParser.parse(Array(text.utf8)) else { throw XCTSkip("not an array") }
        return states
    }

    func testOnlyTheBindableDomainsSortedWithTheirNames() throws {
        let entities = HomeAssistantEntityList.bindable(
            try states(
                """
                [{"entity_id": "sun.sun", "state": "above_horizon", "attributes": {"friendly_name": "Sun"}},
                 {"entity_id": "switch.kitchen", "state": "off", "attributes": {}},
                 {"entity_id": "light.kitchen", "state": "on", "attributes": {"friendly_name": "Kitchen"}},
                 {"entity_id": "sensor.power", "state": "12", "attributes": {"friendly_name": "Power"}},
                 {"entity_id": "media_player.tv", "state": "unavailable", "attributes": {"friendly_name": "TV"}},
                 {"state": "on"}, {"entity_id": "light.nostate"}]
                """))
        XCTAssertEqual(
            entities,
            [
                .init(id: "light.kitchen", state: "on", name: "Kitchen"),
                .init(id: "media_player.tv", state: "unavailable", name: "TV"),
                .init(id: "switch.kitchen", state: "off", name: ""),
            ])
        XCTAssertEqual(
            HomeAssistantEntityList.table(entities),
            """
            ENTITY           STATE        NAME
            light.kitchen    on           Kitchen
            media_player.tv  unavailable  TV
            switch.kitchen   off
            """)
        // Two domains share "kitchen": those two take the whole id, so every switch id is unique.
        XCTAssertEqual(
            HomeAssistantEntityList.switches(entities),
            """
            {"id":"light_kitchen","entity":"light.kitchen"},
            {"id":"tv","entity":"media_player.tv"},
            {"id":"switch_kitchen","entity":"switch.kitchen"},
            """)
    }

    func testTheCommandLineFollowsTheBoardsRules() throws {
        let config = try HomeAssistantEntityList.config(url: "https://ha.example.net/ha", tokenFile: "ha.token")
        XCTAssertEqual(config.webSocketURL, "wss://ha.example.net:443/ha/api/websocket")
        XCTAssertTrue(config.tokenFile.hasPrefix("/") && config.tokenFile.hasSuffix("/ha.token"), config.tokenFile)
        XCTAssertThrowsError(try HomeAssistantEntityList.config(url: "ftp://x", tokenFile: "/t")) {
            XCTAssertTrue("\($0)".contains("expected http:// or https://"), "\($0)")
        }
    }
}
