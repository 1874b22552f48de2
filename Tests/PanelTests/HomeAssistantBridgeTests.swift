import ConfigFormat
import XCTest

@testable import Panel

/// The conversation with Home Assistant's WebSocket API without a server: sign-in, the
/// subscription, mirroring, touches and their confirmation, refusals, unavailability, pings.
final class HomeAssistantBridgeTests: XCTestCase {
    static let board = try! BoardConfig.parse(
        #"""
        {"version": 1, "homeAssistant": {"url": "http://ha:8123", "tokenFile": "/t"},
         "switches": [{"id": "k", "entity": "light.kitchen"}, {"id": "h", "label": "Hall", "entity": "input_boolean.hall"},
                      {"id": "g", "entity": "light.ghost"}, {"id": "plain"}]}
        """#)

    func json(_ text: String) -> JSONValue { try! JSONParser.parse(text) }

    /// A bridge signed in and subscribed, the first event given (kitchen on, hall off, no ghost).
    func ready(_ states: [String: Bool] = ["k": false, "h": false]) -> (
        HomeAssistantBridge, HomeAssistantBridge.Reaction
    ) {
        var b = HomeAssistantBridge(board: Self.board, config: Self.board.homeAssistant!)
        b.opened(token: "secret", now: 0)
        var r = b.received(json(#"{"type": "auth_required"}"#), states: states, now: 0)
        XCTAssertEqual(r.outgoing, [#"{"type":"auth","access_token":"secret"}"#])
        r = b.received(json(#"{"type": "auth_ok", "ha_version": "2025.4.4"}"#), states: states, now: 0)
        XCTAssertEqual(
            r.outgoing,
            [
                #"{"id":1,"type":"subscribe_entities","entity_ids":["light.kitchen","input_boolean.hall","light.ghost"]}"#
            ])
        _ = b.received(json(#"{"id": 1, "type": "result", "success": true, "result": null}"#), states: states, now: 0)
        r = b.received(
            json(
                #"{"id": 1, "type": "event", "event": {"a": {"light.kitchen": {"s": "on", "a": {"friendly_name": "Kitchen light"}}, "input_boolean.hall": {"s": "off", "a": {"friendly_name": "Hall bool"}}}}}"#
            ), states: states, now: 0)
        return (b, r)
    }

    func testTheFirstEventMirrorsStatesNamesLabelsAndTheMissingEntity() {
        let (b, r) = ready()
        XCTAssertTrue(r.ready)
        XCTAssertEqual(r.commands, [.mirror(id: "k", isOn: true)], "hall is off already: nothing to do")
        XCTAssertEqual(r.labels, ["k": "Kitchen light"], "hall has a label of its own")
        XCTAssertEqual(
            r.warnings, ["Home Assistant has no entity light.ghost (switch g): shown unavailable"])
        XCTAssertEqual(b.unavailable, ["g": "Home Assistant has no entity light.ghost"])
        XCTAssertEqual(r.availability["k"], .some(nil), "kitchen became available")
    }

    func testATouchCallsTheServiceAndWaitsForTheState() {
        var (b, _) = ready()
        let out = b.changed(SwitchChange(id: "h", isOn: true, source: .touch, time: 1), mirrored: false, now: 1)
        XCTAssertEqual(
            out,
            [
                #"{"id":2,"type":"call_service","domain":"input_boolean","service":"turn_on","target":{"entity_id":"input_boolean.hall"}}"#
            ])
        XCTAssertEqual(b.confirmations.pending["h"]?.deadline, 6)
        _ = b.received(json(#"{"id": 2, "type": "result", "success": true}"#), states: ["h": true], now: 1.1)
        XCTAssertNotNil(b.confirmations.pending["h"], "a result is not the state")
        let r = b.received(
            json(#"{"id": 1, "type": "event", "event": {"c": {"input_boolean.hall": {"+": {"s": "on"}}}}}"#),
            states: ["h": true], now: 1.2)
        XCTAssertEqual(r.commands, [])
        XCTAssertNil(b.confirmations.pending["h"], "confirmed")
        XCTAssertEqual(
            b.changed(SwitchChange(id: "h", isOn: false, source: .homeAssistant, time: 2), mirrored: true, now: 2), [],
            "a mirrored change calls nothing")
    }

    func testAnUnconfirmedTouchGoesBackAfterTheTimeout() {
        var (b, _) = ready()
        _ = b.changed(SwitchChange(id: "h", isOn: true, source: .socket, time: 1), mirrored: false, now: 1)
        XCTAssertEqual(b.tick(now: 5.9, states: ["h": true]).commands, [])
        let r = b.tick(now: 6, states: ["h": true])
        XCTAssertEqual(r.commands, [.revert(id: "h", isOn: false)])
        XCTAssertEqual(r.warnings, ["Home Assistant: h: input_boolean.hall did not confirm within 5 s; back to off"])
    }

    func testARefusedCallGoesBackAtOnce() {
        var (b, _) = ready()
        _ = b.changed(SwitchChange(id: "k", isOn: false, source: .touch, time: 1), mirrored: false, now: 1)
        let r = b.received(
            json(#"{"id": 2, "type": "result", "success": false, "error": {"code": "x", "message": "nope"}}"#),
            states: ["k": false], now: 1.1)
        XCTAssertEqual(r.commands, [.revert(id: "k", isOn: true)])
        XCTAssertEqual(r.warnings, ["Home Assistant: k: light.kitchen turn_off refused (nope); back to on"])
    }

    func testUnavailableEntitiesAndALostConnectionRefuseTouches() {
        var (b, _) = ready()
        var r = b.received(
            json(#"{"id": 1, "type": "event", "event": {"c": {"light.kitchen": {"+": {"s": "unavailable"}}}}}"#),
            states: ["k": true], now: 1)
        XCTAssertEqual(r.availability["k"], .some("light.kitchen is unavailable in Home Assistant"))
        XCTAssertEqual(
            b.changed(SwitchChange(id: "k", isOn: false, source: .mqtt, time: 2), mirrored: false, now: 2), [])
        r = b.tick(now: 2, states: ["k": false])
        XCTAssertEqual(r.commands, [.revert(id: "k", isOn: true)])
        XCTAssertEqual(
            r.warnings, ["Home Assistant: k refused: light.kitchen is unavailable in Home Assistant; back to on"])
        r = b.closed()
        XCTAssertEqual(b.unavailable["h"], "not connected to Home Assistant")
        XCTAssertEqual(r.availability["h"], .some("not connected to Home Assistant"))
        XCTAssertEqual(b.phase, .closed)
    }

    func testARemovedEntityAndARefusedToken() {
        var (b, _) = ready()
        let r = b.received(
            json(#"{"id": 1, "type": "event", "event": {"r": ["input_boolean.hall"]}}"#), states: [:], now: 1)
        XCTAssertEqual(b.unavailable["h"], "Home Assistant has no entity input_boolean.hall")
        XCTAssertEqual(r.warnings, ["Home Assistant: input_boolean.hall was removed"])
        var fresh = HomeAssistantBridge(board: Self.board, config: Self.board.homeAssistant!)
        fresh.opened(token: "old", now: 0)
        let refused = fresh.received(
            json(#"{"type": "auth_invalid", "message": "Invalid access token or password"}"#), states: [:], now: 0)
        XCTAssertEqual(refused.authInvalid, "Invalid access token or password")
        XCTAssertNil(
            fresh.received(json(#"[1,2]"#), states: [:], now: 0).authInvalid, "garbage is a log line, not a crash")
        XCTAssertEqual(
            fresh.received(nil, states: [:], now: 0).ignored, "a message that is not a JSON object with a type")
        XCTAssertEqual(
            fresh.received(json(#"{"type":"mystery"}"#), states: [:], now: 0).ignored,
            "a message of an unknown type, mystery")
        XCTAssertEqual(
            fresh.received(json(#"{"type":"result","id":9999,"success":true}"#), states: [:], now: 0).ignored,
            "a result for id 9999, which the panel did not ask for")
        XCTAssertEqual(
            fresh.received(json(#"{"type":"event","id":9999,"event":{}}"#), states: [:], now: 0).ignored,
            "an event of id 9999, a subscription the panel did not make")
    }

    func testAnIdleConnectionIsPingedAndDroppedWithoutAPong() {
        var (b, _) = ready()
        XCTAssertEqual(b.nextDeadline, 30)
        var r = b.tick(now: 30, states: [:])
        XCTAssertEqual(r.outgoing, [#"{"id":2,"type":"ping"}"#])
        XCTAssertEqual(b.nextDeadline, 40)
        _ = b.received(json(#"{"id": 2, "type": "pong"}"#), states: [:], now: 30.5)
        XCTAssertEqual(b.nextDeadline, 60.5, "the next ping 30 s after the last message")
        r = b.tick(now: 60.5, states: [:])
        XCTAssertEqual(r.outgoing, [#"{"id":3,"type":"ping"}"#])
        r = b.tick(now: 70.5, states: [:])
        XCTAssertEqual(r.drop, "no pong within 10 s")
    }
}
