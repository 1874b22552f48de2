import ConfigFormat
import Foundation
import LinuxIO
import Panel
import Raster
import TestSupport
import TouchCore
import XCTest

@testable import PanelRuntime

/// The screen on the real broker: Home Assistant's light (lit/blank, brightness) and select
/// (the page), their retained states, and commands from the broker reaching the backlight — a
/// directory standing in for /sys/class/backlight/<name>.
extension MQTTServiceTests {
    var backlight: String { directory + "/backlight" }

    /// Two pages on the test's broker, with the stand-in backlight (255 levels, at 255).
    func screenBoard() throws -> LoadedConfig {
        try FileManager.default.createDirectory(atPath: backlight, withIntermediateDirectories: true)
        for (name, value) in [("bl_power", "0"), ("max_brightness", "255"), ("brightness", "255")] {
            try Data((value + "\n").utf8).write(to: URL(fileURLWithPath: backlight + "/" + name))
        }
        let json = """
            {"version": 1, "name": "Hallway", "mqtt": {"broker": "mqtt://127.0.0.1:\(broker.port)", "node": "hallway"},
             "screen": {"backlight": "\(backlight)"},
             "pages": [{"title": "Downstairs", "switches": [{"id": "porch"}]},
                       {"title": "Upstairs", "switches": [{"id": "bed"}]}]}
            """
        return LoadedConfig(config: try BoardConfig.parse(json))
    }

    func backlightFile(_ name: String) throws -> String {
        try String(contentsOfFile: backlight + "/" + name, encoding: .utf8)
    }

    func object(_ text: String?) throws -> [String: JSONValue] {
        guard case .object(let members) = try JSONParser.parse(try XCTUnwrap(text)) else {
            XCTFail("not an object: \(text ?? "")")
            return [:]
        }
        return Dictionary(members.map { ($0.key, $0.value) }, uniquingKeysWith: { a, _ in a })
    }

    func testTheScreenIsALightAndThePageASelectRetainedWithTheirStates() throws {
        try startBroker()
        let panel = try embedded(try screenBoard())
        try connected(panel)
        let retained = try broker.retained("#")
        let light = try object(retained["homeassistant/light/hallway/screen/config"])
        XCTAssertEqual(light["unique_id"], .string("switchpanel_hallway_screen"))
        XCTAssertEqual(light["default_entity_id"], .string("light.hallway_screen"))
        XCTAssertEqual(light["command_topic"], .string("switchpanel/hallway/screen/set"))
        XCTAssertEqual(light["state_topic"], .string("switchpanel/hallway/screen/state"))
        XCTAssertEqual(light["brightness_command_topic"], .string("switchpanel/hallway/screen/brightness/set"))
        XCTAssertEqual(light["brightness_state_topic"], .string("switchpanel/hallway/screen/brightness"))
        XCTAssertEqual(light["brightness_scale"], .number(100))
        XCTAssertEqual(light["availability_topic"], .string("switchpanel/hallway/status"))
        let select = try object(retained["homeassistant/select/hallway/page/config"])
        XCTAssertEqual(select["default_entity_id"], .string("select.hallway_page"))
        XCTAssertEqual(select["options"], .array([.string("Downstairs"), .string("Upstairs")]))
        XCTAssertEqual(select["command_topic"], .string("switchpanel/hallway/page/set"))
        XCTAssertEqual(light["device"], select["device"], "one device with the switches")
        XCTAssertEqual(retained["switchpanel/hallway/screen/state"], "ON")
        XCTAssertEqual(retained["switchpanel/hallway/screen/brightness"], "100")
        XCTAssertEqual(retained["switchpanel/hallway/page/state"], "Downstairs")

        // Home Assistant's restart: the light and the select are announced again with the switches.
        let configs = try broker.subscribe("homeassistant/+/hallway/+/config")
        try settle(panel)
        let before = configs.lines.count
        try broker.publish("homeassistant/status", "online")
        try panel.advance(by: 3.1)
        try waitFor(panel, "re-announced") { configs.lines.count == before + 4 }
        XCTAssertEqual(
            Set(configs.lines.suffix(4).map { $0.split(separator: " ")[0] }),
            [
                "homeassistant/switch/hallway/porch/config", "homeassistant/switch/hallway/bed/config",
                "homeassistant/light/hallway/screen/config", "homeassistant/select/hallway/page/config",
            ])
    }

    func testTheBrokersCommandsBlankWakeDimAndTurnPages() throws {
        try startBroker()
        let panel = try embedded(try screenBoard())
        try connected(panel)
        func retained(_ topic: String) throws -> String? { try broker.retained(topic)[topic] }

        // Home Assistant's turn_on(brightness_pct=40) from dark: the brightness, then ON.
        try broker.publish("switchpanel/hallway/screen/set", "OFF")
        try waitFor(panel, "blank") { panel.loop.isBlank }
        XCTAssertEqual(try backlightFile("bl_power"), "4\n")
        try waitFor(panel, "OFF retained") { try retained("switchpanel/hallway/screen/state") == "OFF" }
        try broker.publish("switchpanel/hallway/screen/brightness/set", "40")
        try broker.publish("switchpanel/hallway/screen/set", "ON")
        try waitFor(panel, "lit") { !panel.loop.isBlank }
        XCTAssertEqual(try backlightFile("brightness"), "102\n", "40 % of 255")
        XCTAssertEqual(try backlightFile("bl_power"), "0\n")
        try waitFor(panel, "states retained") {
            try retained("switchpanel/hallway/screen/state") == "ON"
                && retained("switchpanel/hallway/screen/brightness") == "40"
        }
        XCTAssertEqual(
            try String(contentsOfFile: directory + "/screen.json", encoding: .utf8),
            "{\"version\": 1, \"brightness\": 40}\n")

        try broker.publish("switchpanel/hallway/page/set", "Upstairs")
        try waitFor(panel, "page 1") { panel.session.controller.page == 1 }
        try waitFor(panel, "page retained") { try retained("switchpanel/hallway/page/state") == "Upstairs" }

        // Garbage is logged and changes nothing; the panel keeps listening.
        for (topic, payload) in [
            ("screen/brightness/set", "0"), ("screen/brightness/set", "bright"), ("screen/set", "TOGGLE"),
            ("page/set", "Attic"),
        ] {
            try broker.publish("switchpanel/hallway/" + topic, payload)
        }
        try settle(panel, seconds: 0.5)
        XCTAssertEqual(try backlightFile("brightness"), "102\n")
        XCTAssertFalse(panel.loop.isBlank)
        XCTAssertEqual(panel.session.controller.page, 1)
        for text in [
            #""0" is not a brightness"#, #""bright" is not a brightness"#, #""TOGGLE" is not ON or OFF"#,
            #""Attic" is no page"#,
        ] {
            XCTAssertTrue(logged.contains { $0.contains(text) }, "\(text) in \(logged)")
        }
        XCTAssertFalse(logged.contains { $0.contains("no switch") }, "the screen's topics are not taken for switches")

        // A blank from elsewhere (the socket, idle) reaches Home Assistant too, and so does a
        // touch that wakes the screen.
        try panel.loop.setBlank(true, source: .socket, now: panel.clock.now)
        try waitFor(panel, "OFF retained") { try retained("switchpanel/hallway/screen/state") == "OFF" }
        XCTAssertEqual(panel.session.controller.page, 0, "blanking went home")
        try waitFor(panel, "home retained") { try retained("switchpanel/hallway/page/state") == "Downstairs" }
        let point = Point(x: 10, y: 10)
        panel.touch([[TouchEvent(contact: 0, phase: .began, position: point, time: panel.clock.now)]])
        panel.touch([[TouchEvent(contact: 0, phase: .ended, position: point, time: panel.clock.now)]])
        try waitFor(panel, "ON retained") { try retained("switchpanel/hallway/screen/state") == "ON" }
    }
}
