import ConfigFormat
import Foundation
import LinuxIO
import Panel
import Raster
import TestSupport
import TouchCore
import Widget
import XCTest

@testable import PanelRuntime

/// The panel on a real mosquitto broker started by the test (``MosquittoBroker``), observed and
/// driven with `mosquitto_sub`/`mosquitto_pub`. The panel is the one `run` assembles, in virtual
/// time (``EmbeddedPanel``) where a timeout or backoff is waited for, on real sockets otherwise.
final class MQTTServiceTests: XCTestCase {
    var directory = ""
    var broker: MosquittoBroker!
    var logged: [String] = []
    var printed: [String] = []

    override func setUpWithError() throws {
        directory = NSTemporaryDirectory() + "mqtt-\(getpid())-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        logged = []
        printed = []
    }

    override func tearDownWithError() throws {
        broker = nil
        try? FileManager.default.removeItem(atPath: directory)
    }

    func startBroker(listenerLines: [String] = [], allowAnonymous: Bool = true) throws {
        let dir = directory + "/broker"
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        broker = try MosquittoBroker(directory: dir, listenerLines: listenerLines, allowAnonymous: allowAnonymous)
    }

    /// A board on the test's broker: porch (prints), fan (fails when `failingFan`), and hall,
    /// mirroring a Zigbee2MQTT light.
    func board(mqtt: String? = nil, failingFan: Bool = false) throws -> LoadedConfig {
        let broker = mqtt ?? #"{"broker": "mqtt://127.0.0.1:\#(self.broker.port)", "node": "hallway"}"#
        let fanAction = failingFan ? #"{"run": ["/bin/false"]}"# : #"{"print": true}"#
        let json = """
            {"version": 1, "name": "Hallway", "layout": {"columns": 3}, "mqtt": \(broker),
             "switches": [
              {"id": "porch", "label": "Porch", "actions": [{"print": true}]},
              {"id": "fan", "label": "Fan", "actions": [\(fanAction)]},
              {"id": "hall", "label": "Hall", "mqtt": {"commandTopic": "z2m/hall/set", "stateTopic": "z2m/hall",
               "stateField": "state", "timeout": 3}}]}
            """
        return LoadedConfig(config: try BoardConfig.parse(json))
    }

    func embedded(_ board: LoadedConfig) throws -> EmbeddedPanel {
        try EmbeddedPanel(
            board: board,
            options: PanelOptions(
                stateDirectory: directory, printLine: { [unowned self] in printed.append($0) },
                log: { [unowned self] level, line in logged.append("\(level): \(line)") }))
    }

    func connected(_ panel: EmbeddedPanel) throws {
        XCTAssertTrue(try panel.run(untilReal: { panel.panel.mqtt.isConnected }), "not connected: \(logged)")
        // Subscriptions and the announcement are on the wire before the test publishes.
        try settle(panel)
    }

    /// Runs the loop on real sockets for a moment (messages in flight arrive).
    func settle(_ panel: EmbeddedPanel, seconds: Double = 0.3) throws {
        let until = monotonicNow() + seconds
        _ = try panel.run(untilReal: { monotonicNow() >= until })
    }

    func waitFor(_ panel: EmbeddedPanel, _ what: String, _ condition: () throws -> Bool) throws {
        var holds = false
        _ = try panel.run(untilReal: {
            holds = (try? condition()) ?? false
            return holds
        })
        XCTAssertTrue(holds, "\(what); log: \(logged.joined(separator: "\n"))")
    }

    func savedStates() throws -> [String: Bool] {
        StateStore(directory: directory).restore().states
    }

    // MARK: Discovery, availability and states

    func testConnectingAnnouncesEveryEntityRetainedWithStatesAndAvailability() throws {
        try startBroker()
        let panel = try embedded(try board())
        try connected(panel)
        let retained = try broker.retained("#")
        XCTAssertEqual(retained["switchpanel/hallway/status"], "online")
        XCTAssertEqual(retained["switchpanel/hallway/porch/state"], "OFF")
        XCTAssertEqual(retained["switchpanel/hallway/hall/state"], "OFF")
        for id in ["porch", "fan", "hall"] {
            let text = try XCTUnwrap(retained["homeassistant/switch/hallway/\(id)/config"], id)
            let config = try JSONParser.parse(text)
            guard case .object(let members) = config else { return XCTFail("not an object: \(text)") }
            let keys = Dictionary(members.map { ($0.key, $0.value) }, uniquingKeysWith: { a, _ in a })
            // The switch platform's required topics, and what makes the entity unique and available.
            XCTAssertEqual(keys["unique_id"], .string("switchpanel_hallway_\(id)"))
            XCTAssertEqual(keys["command_topic"], .string("switchpanel/hallway/\(id)/set"))
            XCTAssertEqual(keys["state_topic"], .string("switchpanel/hallway/\(id)/state"))
            XCTAssertEqual(keys["availability_topic"], .string("switchpanel/hallway/status"))
            XCTAssertEqual(keys["default_entity_id"], .string("switch.hallway_\(id)"))
            guard case .object(let device)? = keys["device"] else { return XCTFail("no device block") }
            XCTAssertTrue(
                device.contains { $0.key == "identifiers" && $0.value == .array([.string("switchpanel_hallway")]) })
            XCTAssertTrue(device.contains { $0.key == "sw_version" && $0.value == .string(SwitchPanelVersion.current) })
        }
    }

    func testATouchIsPublishedRetainedOnlyAfterItIsSaved() throws {
        try startBroker()
        let panel = try embedded(try board())
        try connected(panel)
        let states = try broker.subscribe("switchpanel/hallway/porch/state")
        var savedWhenPublished: Bool?
        // The moment the broker has the new state, the state file must already say so.
        let point = try centre(of: "porch", in: panel)
        panel.touch([[TouchEvent(contact: 0, phase: .began, position: point, time: panel.clock.now)]])
        panel.touch([[TouchEvent(contact: 0, phase: .ended, position: point, time: panel.clock.now)]])
        try waitFor(panel, "the broker has porch ON") {
            let on = states.lines.contains("switchpanel/hallway/porch/state ON")
            if on, savedWhenPublished == nil { savedWhenPublished = try savedStates()["porch"] }
            return on
        }
        XCTAssertEqual(savedWhenPublished, true)
        XCTAssertEqual(try broker.retained("switchpanel/hallway/porch/state")["switchpanel/hallway/porch/state"], "ON")
    }

    func centre(of id: String, in panel: EmbeddedPanel) throws -> Point {
        let item = try XCTUnwrap(panel.session.controller.view.item(id: id))
        return Point(x: item.switchFrame.midX, y: item.switchFrame.y + item.switchFrame.height / 2)
    }

    // MARK: Commands

    func testACommandTogglesTheSwitchRunsItsActionsAndIsReportedAsMQTT() throws {
        try startBroker()
        let panel = try embedded(try board())
        var changes: [SwitchChange] = []
        let previous = panel.session.onChange
        panel.session.onChange = { change in
            previous?(change)
            changes.append(change)
        }
        try connected(panel)
        try broker.publish("switchpanel/hallway/porch/set", "ON")
        try waitFor(panel, "porch on") { panel.session.controller.states["porch"] == true }
        XCTAssertEqual(changes.map(\.source), [.mqtt])
        XCTAssertEqual(try savedStates()["porch"], true)
        XCTAssertEqual(printed.count, 1, "the print action ran once")
        // It animates like a tap: the thumb is between its ends a moment later.
        XCTAssertTrue(panel.session.controller.isAnimating(at: panel.clock.now + 0.05))
        try broker.publish("switchpanel/hallway/porch/set", "toggle")
        try waitFor(panel, "porch off") { panel.session.controller.states["porch"] == false }
        try waitFor(panel, "broker has OFF") {
            try broker.retained("switchpanel/hallway/porch/state")["switchpanel/hallway/porch/state"] == "OFF"
        }
    }

    func testRetainedCommandsAreNotReplayedOnConnect() throws {
        try startBroker()
        try broker.publish("switchpanel/hallway/porch/set", "ON", retain: true)
        let panel = try embedded(try board())
        try connected(panel)
        try settle(panel, seconds: 0.5)
        XCTAssertEqual(panel.session.controller.states["porch"], false)
        XCTAssertTrue(logged.contains { $0.contains("retained command") }, "\(logged)")
    }

    func testGarbageOnEveryTopicIsIgnoredWithALogLineAndThePanelKeepsWorking() throws {
        try startBroker()
        let panel = try embedded(try board())
        try connected(panel)
        let garbage: [[UInt8]] = [
            Array("maybe".utf8), [0xff, 0xfe, 0x00, 0xc3], Array(repeating: 0x41, count: 1 << 20), [],
            Array("{\"state\": 42".utf8), Array("{\"state\": {\"deep\": true}}".utf8),
        ]
        for payload in garbage {
            for topic in [
                "switchpanel/hallway/porch/set", "z2m/hall", "switchpanel/hallway/nope/set", "homeassistant/status",
            ] {
                try broker.publish(topic, payload)
            }
        }
        try settle(panel, seconds: 1)
        XCTAssertEqual(panel.session.controller.states, ["porch": false, "fan": false, "hall": false])
        XCTAssertTrue(logged.contains { $0.contains("1048576-byte payload") }, "\(logged)")
        XCTAssertTrue(logged.contains { $0.contains("not UTF-8") }, "\(logged)")
        XCTAssertTrue(logged.contains { $0.contains("no switch \"nope\"") }, "\(logged)")
        XCTAssertTrue(panel.panel.mqtt.isConnected)
        // Still listening.
        try broker.publish("switchpanel/hallway/fan/set", "ON")
        try waitFor(panel, "fan on after the garbage") { panel.session.controller.states["fan"] == true }
    }

    // MARK: Mirrored devices

    func testAMirroredSwitchFollowsItsDeviceWithoutRunningActions() throws {
        try startBroker()
        let panel = try embedded(try board())
        try connected(panel)
        let commands = try broker.subscribe("z2m/hall/set")
        try broker.publish("z2m/hall", #"{"state":"ON","brightness":120}"#)
        try waitFor(panel, "hall follows the device") { panel.session.controller.states["hall"] == true }
        try settle(panel)
        XCTAssertEqual(commands.lines, [], "a mirrored change sends no command back")
        XCTAssertEqual(
            try broker.retained("switchpanel/hallway/hall/state")["switchpanel/hallway/hall/state"], "ON")
    }

    func testATouchOnAMirroredSwitchCommandsTheDeviceAndGoesBackWithoutAnAnswer() throws {
        try startBroker()
        let panel = try embedded(try board())
        try connected(panel)
        let commands = try broker.subscribe("z2m/hall/set")
        let point = try centre(of: "hall", in: panel)
        panel.touch([[TouchEvent(contact: 0, phase: .began, position: point, time: panel.clock.now)]])
        panel.touch([[TouchEvent(contact: 0, phase: .ended, position: point, time: panel.clock.now)]])
        try waitFor(panel, "the command reached the device topic") { commands.lines == ["z2m/hall/set ON"] }
        XCTAssertEqual(panel.session.controller.states["hall"], true)
        // Until the device answers, the switch keeps the pressed look (as if still held).
        let hall = try XCTUnwrap(panel.session.controller.view.toggle(id: "hall"))
        XCTAssertTrue(hall.isAwaitingConfirmation)
        XCTAssertEqual(hall.appearance(at: panel.clock.now + 1).press, 1)
        // The device never answers: after its 3 s timeout (virtual time) the switch goes back.
        try panel.advance(by: 3.5)
        XCTAssertEqual(panel.session.controller.states["hall"], false)
        XCTAssertFalse(hall.isAwaitingConfirmation)
        XCTAssertEqual(hall.appearance(at: panel.clock.now + 1), SwitchAppearance(position: 0))
        XCTAssertTrue(logged.contains { $0.contains("did not confirm") }, "\(logged)")
        try waitFor(panel, "the broker has the reverted state") {
            try broker.retained("switchpanel/hallway/hall/state")["switchpanel/hallway/hall/state"] == "OFF"
        }
        // Answered in time, it stays.
        panel.touch([[TouchEvent(contact: 1, phase: .began, position: point, time: panel.clock.now)]])
        panel.touch([[TouchEvent(contact: 1, phase: .ended, position: point, time: panel.clock.now)]])
        try waitFor(panel, "second command") { commands.lines.count == 2 }
        XCTAssertTrue(hall.isAwaitingConfirmation)
        try broker.publish("z2m/hall", #"{"state":"ON"}"#)
        try waitFor(panel, "confirmed") { !hall.isAwaitingConfirmation }
        try panel.advance(by: 3.5)
        XCTAssertEqual(panel.session.controller.states["hall"], true)
        XCTAssertEqual(hall.appearance(at: panel.clock.now), SwitchAppearance(position: 1))
    }

    func testAFailedActionPublishesTheRevertedState() throws {
        try startBroker()
        let panel = try embedded(try board(failingFan: true))
        try connected(panel)
        let states = try broker.subscribe("switchpanel/hallway/fan/state")
        try broker.publish("switchpanel/hallway/fan/set", "ON")
        // After the retained OFF the subscription starts with: on, then back off.
        let reverted = [
            "switchpanel/hallway/fan/state OFF", "switchpanel/hallway/fan/state ON",
            "switchpanel/hallway/fan/state OFF",
        ]
        _ = try panel.run(untilReal: { states.lines == reverted })
        XCTAssertEqual(states.lines, reverted, "fan reverted; log: \(logged.joined(separator: "\n"))")
        XCTAssertEqual(panel.session.controller.states["fan"], false)
    }

    // MARK: Home Assistant's lifecycle

    func testHomeAssistantsBirthMessageBringsDiscoveryAgainAfterADelay() throws {
        try startBroker()
        let panel = try embedded(try board())
        try connected(panel)
        let configs = try broker.subscribe("homeassistant/switch/hallway/+/config")
        // The three retained ones, delivered at subscription: waited for, not assumed there after
        // the subscriber's 200 ms (under qemu-user they came later and were counted as re-sent).
        try waitFor(panel, "the retained configs") { configs.lines.count == 3 }
        let before = configs.lines.count
        try broker.publish("homeassistant/status", "online")
        try settle(panel)
        XCTAssertEqual(configs.lines.count, before, "not at once: after a random delay")
        try panel.advance(by: 3.1)
        try waitFor(panel, "re-announced") { configs.lines.count == before + 3 }
    }

    func testASwitchRemovedFromTheConfigIsRemovedFromHomeAssistantAndItsStateCleared() throws {
        try startBroker()
        // A switch this node announced in an earlier life, and the state it left.
        try broker.publish("homeassistant/switch/hallway/attic/config", #"{"name":"Attic"}"#, retain: true)
        try broker.publish("switchpanel/hallway/attic/state", "ON", retain: true)
        let panel = try embedded(try board())
        try connected(panel)
        try waitFor(panel, "attic's config and state cleared") {
            logged.contains { $0.contains("removing attic from Home Assistant") }
                && logged.contains { $0.contains("clearing the retained state of attic") }
        }
        try settle(panel)
        XCTAssertEqual(
            try broker.retained("homeassistant/switch/hallway/+/config").keys.sorted(),
            [
                "homeassistant/switch/hallway/fan/config", "homeassistant/switch/hallway/hall/config",
                "homeassistant/switch/hallway/porch/config",
            ])
        XCTAssertEqual(
            try broker.retained("switchpanel/hallway/+/state").keys.sorted(),
            [
                "switchpanel/hallway/fan/state", "switchpanel/hallway/hall/state", "switchpanel/hallway/page/state",
                "switchpanel/hallway/porch/state", "switchpanel/hallway/screen/state",
            ], "the switches' states and the screen's (never taken for a removed switch's)")
    }

    func testAReloadUnsubscribesClearsWhatRemovedSwitchesLeftAndDiscoveryOffWithdrawsTheEntities() throws {
        // The broker logs each UNSUBSCRIBE as "<client id> <topic>".
        try startBroker(listenerLines: ["log_dest stderr", "log_type unsubscribe"])
        let panel = try embedded(try board())
        try connected(panel)
        let port = broker.port
        XCTAssertNotNil(try broker.retained("switchpanel/hallway/hall/state")["switchpanel/hallway/hall/state"])
        // hall, the mirrored switch, goes.
        let smaller = LoadedConfig(
            config: try BoardConfig.parse(
                #"{"version": 1, "mqtt": {"broker": "mqtt://127.0.0.1:\#(port)", "node": "hallway"}, "#
                    + #""switches": [{"id": "porch"}, {"id": "fan"}]}"#))
        try panel.loop.reload(smaller, now: panel.clock.now)
        let brokerLog = broker.directory + "/mosquitto.log"
        try waitFor(panel, "z2m/hall unsubscribed, hall's state and entity cleared") {
            let log = (try? String(contentsOfFile: brokerLog, encoding: .utf8)) ?? ""
            let states = try broker.retained("switchpanel/hallway/+/state").keys.sorted()
            let configs = try broker.retained("homeassistant/switch/hallway/+/config").keys.sorted()
            return log.contains("switchpanel-hallway z2m/hall")
                && states == [
                    "switchpanel/hallway/fan/state", "switchpanel/hallway/page/state",
                    "switchpanel/hallway/porch/state",
                    "switchpanel/hallway/screen/state",
                ]
                && configs == ["homeassistant/switch/hallway/fan/config", "homeassistant/switch/hallway/porch/config"]
        }
        // Discovery turned off: the entities go, the panel's own topics stay.
        let hidden = LoadedConfig(
            config: try BoardConfig.parse(
                #"{"version": 1, "mqtt": {"broker": "mqtt://127.0.0.1:\#(port)", "node": "hallway", "#
                    + #""homeAssistant": {"discovery": false}}, "switches": [{"id": "porch"}, {"id": "fan"}]}"#))
        try panel.loop.reload(hidden, now: panel.clock.now)
        try waitFor(panel, "no entity left") {
            let left = try broker.retained("homeassistant/#")
            return panel.panel.mqtt.isConnected && left.isEmpty
        }
        XCTAssertTrue(logged.contains { $0.contains("removing porch from Home Assistant (discovery is off)") })
        XCTAssertTrue(
            logged.contains { $0.contains("removing the screen's light from Home Assistant (discovery is off)") })
        XCTAssertEqual(try broker.retained("switchpanel/hallway/status")["switchpanel/hallway/status"], "online")
    }

    func testAReloadAnnouncesNewSwitchesClearsRemovedOnesAndFollowsABrokerChange() throws {
        try startBroker()
        let panel = try embedded(try board())
        try connected(panel)
        let port = broker.port
        let smaller = LoadedConfig(
            config: try BoardConfig.parse(
                #"{"version": 1, "mqtt": {"broker": "mqtt://127.0.0.1:\#(port)", "node": "hallway"}, "#
                    + #""switches": [{"id": "porch"}, {"id": "attic"}]}"#))
        try panel.loop.reload(smaller, now: panel.clock.now)
        try waitFor(panel, "fan and hall cleared, attic announced") {
            try broker.retained("homeassistant/switch/hallway/+/config").keys.sorted() == [
                "homeassistant/switch/hallway/attic/config", "homeassistant/switch/hallway/porch/config",
            ]
        }
        let spy = try broker.subscribe("homeassistant/switch/#")
        // Another node on the same broker: the old one says goodbye, the new one announces itself.
        let renamed = LoadedConfig(
            config: try BoardConfig.parse(
                #"{"version": 1, "mqtt": {"broker": "mqtt://127.0.0.1:\#(port)", "node": "landing"}, "#
                    + #""switches": [{"id": "porch"}]}"#))
        try panel.loop.reload(renamed, now: panel.clock.now)
        try waitFor(panel, "the new node online, nothing left retained under the old one") {
            try broker.retained("switchpanel/#").keys.sorted() == [
                "switchpanel/landing/page/state", "switchpanel/landing/porch/state", "switchpanel/landing/screen/state",
                "switchpanel/landing/status",
            ]
        }
        XCTAssertEqual(try broker.retained("switchpanel/landing/status")["switchpanel/landing/status"], "online")
        XCTAssertEqual(
            try broker.retained("homeassistant/switch/+/+/config").keys.sorted(),
            ["homeassistant/switch/landing/porch/config"],
            "the old node's entities are withdrawn: \(spy.lines) \(logged)")
        // No broker at all: the panel leaves it, and leaves nothing behind.
        let offline = LoadedConfig(config: try BoardConfig.parse(#"{"version": 1, "switches": [{"id": "porch"}]}"#))
        try panel.loop.reload(offline, now: panel.clock.now)
        try settle(panel)
        XCTAssertFalse(panel.panel.mqtt.isConnected)
        XCTAssertEqual(try broker.retained("switchpanel/#"), [:], "\(logged)")
    }

    func testATouchThatCannotReachTheBrokerGoesBackAndTheLogSaysSo() throws {
        try startBroker()
        let json = """
            {"version": 1, "name": "Gate", "layout": {"columns": 3},
             "mqtt": {"broker": "mqtt://127.0.0.1:\(broker.port)", "node": "gate"},
             "switches": [
              {"id": "porch", "label": "Porch"},
              {"id": "gate", "label": "Gate", "mqtt": {"commandTopic": "cmnd/gate/POWER"}},
              {"id": "hall", "label": "Hall", "mqtt": {"commandTopic": "z2m/hall/set", "stateTopic": "z2m/hall"}}]}
            """
        let panel = try embedded(LoadedConfig(config: try BoardConfig.parse(json)))
        try connected(panel)
        broker.stop()
        try waitFor(panel, "the panel sees the broker gone") { !panel.panel.mqtt.isConnected }
        for (contact, id) in ["porch", "gate", "hall"].enumerated() {
            let point = try centre(of: id, in: panel)
            panel.touch([[TouchEvent(contact: contact, phase: .began, position: point, time: panel.clock.now)]])
            panel.touch([[TouchEvent(contact: contact, phase: .ended, position: point, time: panel.clock.now)]])
        }
        // Well before hall's 5 s confirmation timeout: the devices cannot be told, so they go back;
        // porch, the panel's own, stays.
        try panel.advance(by: 0.5)
        let states = panel.session.controller.states
        XCTAssertEqual(states, ["porch": true, "gate": false, "hall": false], "\(logged)")
        for id in ["gate", "hall"] {
            XCTAssertTrue(
                logged.contains(
                    "warning: MQTT: \(id): the broker is unreachable, so the device was not told; back to off"),
                "\(logged)")
        }
        XCTAssertEqual(try savedStates(), states)
    }

    func testAStateThatCannotBeSavedIsNeverPublished() throws {
        try startBroker()
        // The state "directory" is a regular file: every save fails.
        let blocked = directory + "/not-a-directory"
        _ = FileManager.default.createFile(atPath: blocked, contents: Data("x".utf8))
        let panel = try EmbeddedPanel(
            board: try board(),
            options: PanelOptions(
                stateDirectory: blocked, log: { [unowned self] level, line in logged.append("\(level): \(line)") }))
        try connected(panel)
        let states = try broker.subscribe("switchpanel/hallway/porch/state")
        try broker.publish("switchpanel/hallway/porch/set", "ON")
        try waitFor(panel, "the change refused") { self.logged.contains { $0.contains("porch → on not kept") } }
        try settle(panel)
        XCTAssertEqual(panel.session.controller.states["porch"], false)
        XCTAssertEqual(states.lines, ["switchpanel/hallway/porch/state OFF"], "only the retained OFF, never ON")
    }

    func testAPanelThatOnlyListensStillPingsAndStaysConnected() throws {
        try startBroker()
        let panel = try embedded(
            try board(mqtt: #"{"broker": "mqtt://127.0.0.1:\#(broker.port)", "node": "hallway", "keepalive": 5}"#))
        try connected(panel)
        // A device reporting at QoS 0 every second: reading never puts the ping off (the broker
        // drops a client silent for 1.5 keepalives, 7.5 s). The loop's clock must follow the
        // real one here, since libmosquitto's keepalive does.
        let start = monotonicNow()
        var next = start
        while monotonicNow() - start < 10 {
            if monotonicNow() >= next {
                _ = try broker.run(
                    "/usr/bin/mosquitto_pub",
                    ["-p", "\(broker.port)", "-h", "127.0.0.1", "-t", "z2m/hall", "-m", #"{"state":"OFF"}"#])
                next += 1
            }
            let before = monotonicNow()
            _ = try panel.run(untilReal: { monotonicNow() - before > 0.05 })
            try panel.advance(by: monotonicNow() - before)
        }
        XCTAssertTrue(panel.panel.mqtt.isConnected)
        XCTAssertFalse(logged.contains { $0.contains("connection lost") }, "\(logged)")
    }

    // MARK: Losing the broker

    func testReconnectsAfterTheBrokerRestartsAndAnnouncesAgain() throws {
        try startBroker()
        let panel = try embedded(try board())
        try connected(panel)
        broker.stop()
        try waitFor(panel, "noticed the loss") { !panel.panel.mqtt.isConnected }
        try broker.start()  // persistence is off: the new broker has no retained messages
        // Backoff is in the loop's (virtual) time: the first retry comes within 1.25 s.
        try panel.advance(by: 1.3)
        try connected(panel)
        XCTAssertEqual(try broker.retained("switchpanel/hallway/status")["switchpanel/hallway/status"], "online")
        try broker.publish("switchpanel/hallway/porch/set", "ON")
        try waitFor(panel, "commands work again") { panel.session.controller.states["porch"] == true }
    }

    func testABrokerThatNeverAnswersDelaysNothingAndIsRetried() throws {
        // A TCP listener that accepts and never says a word.
        let port = try MosquittoBroker.freePort()
        let silent = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(silent) }
        var address = MosquittoBroker.loopback(port: port)
        XCTAssertEqual(
            withUnsafePointer(to: &address) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                    bind(silent, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
                }
            }, 0)
        XCTAssertEqual(listen(silent, 8), 0)
        let panel = try embedded(
            try board(mqtt: #"{"broker": "mqtt://127.0.0.1:\#(port)", "node": "hallway"}"#))
        // The panel answers touches at once while the broker sits on the connection.
        var worst = 0.0
        for id in ["porch", "fan", "porch"] {
            let point = try centre(of: id, in: panel)
            let start = monotonicNow()
            panel.touch([[TouchEvent(contact: 0, phase: .began, position: point, time: panel.clock.now)]])
            panel.touch([[TouchEvent(contact: 0, phase: .ended, position: point, time: panel.clock.now)]])
            try panel.advance(by: 0.5)
            worst = max(worst, monotonicNow() - start)
        }
        XCTAssertEqual(panel.session.controller.states["porch"], false)
        XCTAssertEqual(panel.session.controller.states["fan"], true)
        print("silent broker: worst real time for a tap and half a second of frames: \(Int(worst * 1000)) ms")
        // Given up on after the connect timeout, and retried after the backoff.
        try panel.advance(by: MQTTService.connectTimeout)
        XCTAssertTrue(logged.contains { $0.contains("sent no CONNACK within 10 s") }, "\(logged)")
        XCTAssertFalse(panel.panel.mqtt.isConnected)
    }

    // MARK: TLS and passwords

    func testTLSWithAThrowawayCAAndAPasswordFile() throws {
        let tls = directory + "/tls"
        let ca = try ThrowawayCA(in: tls)
        let passwords = tls + "/passwords"
        let p = Process()
        p.executableURL = URL(fileURLWithPath: "/usr/bin/mosquitto_passwd")
        p.arguments = ["-b", "-c", passwords, "panel", "s3cret word"]
        try p.run()
        p.waitUntilExit()
        try "s3cret word\n".write(toFile: tls + "/panel.secret", atomically: true, encoding: .utf8)
        try startBroker(
            listenerLines: [
                "cafile \(ca.caCertificate)", "certfile \(ca.serverCertificate)", "keyfile \(ca.serverKey)",
                "password_file \(passwords)",
            ], allowAnonymous: false)
        broker.clientOptions = ["--cafile", ca.caCertificate, "-u", "panel", "-P", "s3cret word"]
        let mqtt = """
            {"broker": "mqtts://127.0.0.1:\(broker.port)", "node": "hallway", "username": "panel",
             "passwordFile": "\(tls)/panel.secret", "tls": {"ca": "\(ca.caCertificate)"}}
            """
        let panel = try embedded(try board(mqtt: mqtt))
        try connected(panel)
        XCTAssertEqual(try broker.retained("switchpanel/hallway/status")["switchpanel/hallway/status"], "online")
        try broker.publish("switchpanel/hallway/porch/set", "ON")
        try waitFor(panel, "a command over TLS") { panel.session.controller.states["porch"] == true }

        // A wrong password is refused, said once, and retried later.
        try "wrong\n".write(toFile: tls + "/panel.secret", atomically: true, encoding: .utf8)
        logged = []
        let refused = try embedded(try board(mqtt: mqtt))
        try waitFor(refused, "refused") { self.logged.contains { $0.contains("retrying in") } }
        XCTAssertFalse(refused.panel.mqtt.isConnected)
    }

    // MARK: The will

    func testKillingThePanelLeavesItOfflineThroughItsWill() throws {
        try startBroker()
        let program = try XCTUnwrap(Self.switchpanelProgram(), "switchpanel is built with the tests")
        let configPath = directory + "/board.json"
        let json = """
            {"version": 1, "display": {"mode": "320x240"}, "control": {"optional": true},
             "mqtt": {"broker": "mqtt://127.0.0.1:\(broker.port)", "node": "killed", "keepalive": 5},
             "switches": [{"id": "porch"}]}
            """
        try json.write(toFile: configPath, atomically: true, encoding: .utf8)
        let p = Process()
        p.executableURL = URL(fileURLWithPath: program)
        p.arguments = ["run", "--headless", "--config", configPath, "--socket", directory + "/ctl.sock"]
        p.standardError = FileHandle(forWritingAtPath: "/dev/null")
        try p.run()
        defer { if p.isRunning { kill(p.processIdentifier, SIGKILL) } }
        let giveUp = Date().addingTimeInterval(20)
        while try broker.retained("switchpanel/killed/status")["switchpanel/killed/status"] != "online",
            Date() < giveUp
        {
            usleep(100_000)
        }
        XCTAssertEqual(try broker.retained("switchpanel/killed/status")["switchpanel/killed/status"], "online")
        kill(p.processIdentifier, SIGKILL)
        p.waitUntilExit()
        // The broker notices the dead TCP connection at once (the kernel closes it) and publishes the will.
        var status: String?
        while Date() < giveUp {
            status = try broker.retained("switchpanel/killed/status")["switchpanel/killed/status"]
            if status == "offline" { break }
            usleep(100_000)
        }
        XCTAssertEqual(status, "offline")
    }

    /// The `switchpanel` program next to the test bundle (SwiftPM builds it with the tests).
    static func switchpanelProgram() -> String? {
        var dir = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        for _ in 0..<4 {
            let candidate = dir.appendingPathComponent("switchpanel").path
            if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
            dir = dir.deletingLastPathComponent()
        }
        return nil
    }
}
