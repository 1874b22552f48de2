import ConfigFormat
import XCTest

@testable import Panel

/// The `homeAssistant` server and `switches[].entity`: what they read to, and the error (with
/// its path) for every mistake.
final class HomeAssistantConfigTests: XCTestCase {
    func board(_ ha: String?, switch sw: String = #"{"id": "k", "entity": "light.kitchen"}"#) -> String {
        #"{"version": 1, "# + (ha.map { #""homeAssistant": \#($0), "# } ?? "") + #""switches": [\#(sw)]}"#
    }

    func parse(_ ha: String?, switch sw: String = #"{"id": "k", "entity": "light.kitchen"}"#) throws -> BoardConfig {
        try BoardConfig.parse(board(ha, switch: sw))
    }

    func error(_ ha: String?, switch sw: String = #"{"id": "k", "entity": "light.kitchen"}"#) -> String {
        do {
            _ = try parse(ha, switch: sw)
            return "no error"
        } catch {
            return "\(error)"
        }
    }

    let server = #"{"url": "http://homeassistant.local:8123", "tokenFile": "/etc/switchpanel/ha.token"}"#

    func testAServerAndABoundSwitchRead() throws {
        let config = try parse(server)
        let ha = try XCTUnwrap(config.homeAssistant)
        XCTAssertFalse(ha.usesTLS)
        XCTAssertEqual(ha.host, "homeassistant.local")
        XCTAssertEqual(ha.port, 8123)
        XCTAssertEqual(ha.tokenFile, "/etc/switchpanel/ha.token")
        XCTAssertNil(ha.caFile)
        XCTAssertEqual(ha.timeout, 5)
        XCTAssertEqual(ha.webSocketURL, "ws://homeassistant.local:8123/api/websocket")
        let sw = config.switches[0]
        XCTAssertEqual(sw.entity, HomeAssistantEntity(id: "light.kitchen", domain: .light))
        XCTAssertFalse(sw.hasOwnLabel, "no label: the friendly name will be shown")
        XCTAssertEqual(sw.label, "k", "until the friendly name is known, the id")
        let labelled = try parse(server, switch: #"{"id": "k", "label": "Kitchen", "entity": "fan.attic"}"#)
        XCTAssertTrue(labelled.switches[0].hasOwnLabel)
        XCTAssertEqual(labelled.switches[0].entity?.domain, .fan)
    }

    func testURLsWithTLSPortsPrefixesAndIPv6() throws {
        func read(_ url: String, tls: String = "") throws -> HomeAssistantConfig {
            try XCTUnwrap(
                try parse(#"{"url": "\#(url)", "tokenFile": "/t"\#(tls)}"#).homeAssistant)
        }
        let secure = try read("https://ha.example.net", tls: #", "tls": {"ca": "/etc/ca.pem"}"#)
        XCTAssertTrue(secure.usesTLS)
        XCTAssertEqual(secure.port, 443)
        XCTAssertEqual(secure.caFile, "/etc/ca.pem")
        XCTAssertEqual(secure.webSocketURL, "wss://ha.example.net:443/api/websocket")
        XCTAssertEqual(try read("http://ha").port, 80)
        XCTAssertEqual(try read("wss://ha:8443/").webSocketURL, "wss://ha:8443/api/websocket")
        XCTAssertEqual(try read("https://proxy/ha/").webSocketPath, "/ha/api/websocket")
        XCTAssertEqual(try read("ws://ha:8123/api/websocket").webSocketPath, "/api/websocket")
        let v6 = try read("http://[fd00::1]:8123")
        XCTAssertEqual(v6.host, "fd00::1")
        XCTAssertEqual(v6.webSocketURL, "ws://[fd00::1]:8123/api/websocket")
    }

    func testEveryMistakeNamesItsPath() {
        let cases: [(String?, String, String)] = [
            (#"{"tokenFile": "/t"}"#, #"{"id": "k"}"#, "homeAssistant.url: missing"),
            (
                #"{"url": "mqtt://ha", "tokenFile": "/t"}"#, #"{"id": "k"}"#,
                "homeAssistant.url: \"mqtt://ha\": expected http:// or https:// (e.g. \"http://homeassistant.local:8123\" or \"https://ha.example.net\")"
            ),
            (
                #"{"url": "http://ha:0", "tokenFile": "/t"}"#, #"{"id": "k"}"#,
                "homeAssistant.url: \"http://ha:0\": the port must be a number from 1 to 65535"
            ),
            (
                #"{"url": "http://fd00::1", "tokenFile": "/t"}"#, #"{"id": "k"}"#,
                "homeAssistant.url: \"http://fd00::1\": an IPv6 address goes in brackets (http://[fd00::1]:8123)"
            ),
            (
                #"{"url": "http://:8123", "tokenFile": "/t"}"#, #"{"id": "k"}"#,
                "homeAssistant.url: \"http://:8123\": no host name (e.g. \"http://homeassistant.local:8123\" or \"https://ha.example.net\")"
            ),
            (
                #"{"url": "http://ha/a b", "tokenFile": "/t"}"#, #"{"id": "k"}"#,
                "homeAssistant.url: \"http://ha/a b\": the path may hold letters, digits, '/', '-', '_', '.', '~'"
            ),
            (#"{"url": "http://ha"}"#, #"{"id": "k"}"#, "homeAssistant.tokenFile: missing"),
            (
                #"{"url": "http://ha", "tokenFile": "ha.token"}"#, #"{"id": "k"}"#,
                "homeAssistant.tokenFile: \"ha.token\" must be an absolute path"
            ),
            (
                #"{"url": "http://ha", "token": "abc"}"#, #"{"id": "k"}"#,
                "homeAssistant.token: unknown key (expected one of: url, tokenFile, tls, timeout)"
            ),
            (
                #"{"url": "http://ha", "tokenFile": "/t", "tls": {"ca": "/ca"}}"#, #"{"id": "k"}"#,
                "homeAssistant.tls: a CA needs an \"https://\" url"
            ),
            (
                #"{"url": "https://ha", "tokenFile": "/t", "tls": {"cert": "/c"}}"#, #"{"id": "k"}"#,
                "homeAssistant.tls.cert: unknown key (expected one of: ca)"
            ),
            (
                nil, #"{"id": "k", "entity": "light.kitchen"}"#,
                "switches[0].entity: binds the switch to a Home Assistant entity, but the board has no \"homeAssistant\" server"
            ),
            (
                server, #"{"id": "k", "entity": "cover.garage"}"#,
                "switches[0].entity: \"cover.garage\": the cover domain has no on/off state (one of: light, switch, fan, input_boolean, automation, siren, humidifier, media_player, remote)"
            ),
            (
                server, #"{"id": "k", "entity": "Light.Kitchen"}"#,
                "switches[0].entity: \"Light.Kitchen\": an entity id is <domain>.<name> in lower-case letters, digits and '_' (\"light.kitchen\")"
            ),
            (
                server, #"{"id": "k", "entity": "kitchen"}"#,
                "switches[0].entity: \"kitchen\": an entity id is <domain>.<name> in lower-case letters, digits and '_' (\"light.kitchen\")"
            ),
            (server, #"{"id": "k", "entity": 3}"#, "switches[0].entity: expected a string, got a number"),
            (
                server, #"{"id": "k", "entity": "light.a", "mqtt": {"stateTopic": "x"}}"#,
                "switches[0].entity: a switch follows one device: give \"entity\" (Home Assistant) or \"mqtt\", not both"
            ),
            (
                server, #"{"id": "g", "group": ["k"], "entity": "light.a"}, {"id": "k"}"#,
                "switches[0].entity: a group switch has no entity of its own: its members' bindings apply"
            ),
        ]
        for (ha, sw, expected) in cases {
            XCTAssertEqual(error(ha, switch: sw), expected, "\(ha ?? "no server") \(sw)")
        }
    }

    func testDomainsReadTheirOnAndOffStates() {
        XCTAssertEqual(HomeAssistantEntity.Domain.light.isOn("on"), true)
        XCTAssertEqual(HomeAssistantEntity.Domain.input_boolean.isOn("off"), false)
        XCTAssertNil(HomeAssistantEntity.Domain.light.isOn("unavailable"))
        XCTAssertNil(HomeAssistantEntity.Domain.fan.isOn("unknown"))
        XCTAssertNil(HomeAssistantEntity.Domain.switch.isOn("playing"))
        XCTAssertEqual(HomeAssistantEntity.Domain.media_player.isOn("playing"), true)
        XCTAssertEqual(HomeAssistantEntity.Domain.media_player.isOn("standby"), false)
    }
}
