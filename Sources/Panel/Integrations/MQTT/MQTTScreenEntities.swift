import ConfigFormat

/// The screen on the broker, beside the switches (``MQTTBridge``): whether it is lit, its
/// backlight's brightness and the page shown — for Home Assistant a `light` (on = lit, off =
/// blank, brightness in percent) and a `select` (options = page titles). Pure, like the bridge:
/// the MQTT service feeds it the panel's screen and carries out what it returns.
///
/// Topics under the bridge's base: `screen/state` (`ON` lit, `OFF` blank), `screen/brightness`
/// (`1`…`100`, only with a backlight's brightness) and `page/state` (the page's option), all
/// retained; commands on `screen/set` (`ON`/`OFF`), `screen/brightness/set` and `page/set` (an
/// option, or a page number from 0). `screen/set` and `page/set` arrive through the bridge's
/// `<base>/+/set` subscription (which is why the board config keeps `screen` and `page` from
/// switch ids when it has a broker); `screen/brightness/set` is subscribed here.
public struct MQTTScreenEntities {
    /// What the service must do to the panel's screen.
    public enum Command: Hashable, Sendable {
        case blank(Bool)
        case brightness(Int)
        case page(Int)
    }

    /// What came of one message.
    public struct Reaction: Hashable, Sendable {
        public var commands: [Command] = []
        /// What to publish (a config cleared).
        public var outgoing: [MQTTBridge.Outgoing] = []
        /// Lines for the log: what was ignored and why.
        public var notes: [String] = []
    }

    public let baseTopic: String
    private let node: String
    private let config: MQTTConfig
    /// The switches' bridge: the screen's entities share its device, availability and ids.
    private let bridge: MQTTBridge

    public init(bridge: MQTTBridge) {
        baseTopic = bridge.baseTopic
        node = bridge.node
        config = bridge.config
        self.bridge = bridge
    }

    public var screenStateTopic: String { "\(baseTopic)/screen/state" }
    public var screenSetTopic: String { "\(baseTopic)/screen/set" }
    public var brightnessStateTopic: String { "\(baseTopic)/screen/brightness" }
    public var brightnessSetTopic: String { "\(baseTopic)/screen/brightness/set" }
    public var pageStateTopic: String { "\(baseTopic)/page/state" }
    public var pageSetTopic: String { "\(baseTopic)/page/set" }
    public var lightDiscoveryTopic: String { "\(config.discoveryPrefix)/light/\(node)/screen/config" }
    public var selectDiscoveryTopic: String { "\(config.discoveryPrefix)/select/\(node)/page/config" }

    /// The switch ids whose topics would be the screen's (`<base>/screen/state`, `<base>/page/set`).
    public static let reservedIDs = ["screen", "page"]

    // MARK: Outgoing

    /// The subscriptions the bridge's `<base>/+/set` does not cover: the brightness command, and
    /// the node's own light and select configs, which are cleared when discovery is off (as the
    /// bridge clears its switches').
    public var subscriptions: [MQTTBridge.Outgoing] {
        [.subscribe(brightnessSetTopic), .subscribe(lightDiscoveryTopic), .subscribe(selectDiscoveryTopic)]
    }

    /// Discovery (when on) and every state: what Home Assistant needs after a (re)connection,
    /// its own restart or a reload (the page titles may have changed).
    public func announcement(_ screen: ScreenStatus) -> [MQTTBridge.Outgoing] {
        var out: [MQTTBridge.Outgoing] = []
        if config.discovery {
            out.append(.publish(topic: lightDiscoveryTopic, payload: lightPayload(screen).text, retain: true))
            out.append(.publish(topic: selectDiscoveryTopic, payload: selectPayload(screen).text, retain: true))
        }
        return out + screenStates(screen) + pageState(screen)
    }

    /// The light's state and brightness (retained).
    public func screenStates(_ screen: ScreenStatus) -> [MQTTBridge.Outgoing] {
        var out: [MQTTBridge.Outgoing] = [
            .publish(topic: screenStateTopic, payload: screen.blank ? MQTTBridge.off : MQTTBridge.on, retain: true)
        ]
        // 0 (a device someone else turned all the way down) is no brightness Home Assistant takes.
        if let percent = screen.brightness, percent > 0 {
            out.append(.publish(topic: brightnessStateTopic, payload: String(percent), retain: true))
        }
        return out
    }

    /// The page shown, as its option (retained).
    public func pageState(_ screen: ScreenStatus) -> [MQTTBridge.Outgoing] {
        let options = Self.pageOptions(screen.pages)
        guard options.indices.contains(screen.page) else { return [] }
        return [.publish(topic: pageStateTopic, payload: options[screen.page], retain: true)]
    }

    /// Removes the two entities from Home Assistant (the node leaves the broker or is renamed).
    public func withdrawal() -> [MQTTBridge.Outgoing] {
        guard config.discovery else { return [] }
        return [
            .publish(topic: lightDiscoveryTopic, payload: "", retain: true),
            .publish(topic: selectDiscoveryTopic, payload: "", retain: true),
        ]
    }

    /// Clears the screen's retained states (the node is renamed or leaves the broker), as
    /// ``MQTTBridge/vacating()`` does the switches'.
    public func vacating() -> [MQTTBridge.Outgoing] {
        [screenStateTopic, brightnessStateTopic, pageStateTopic].map { .publish(topic: $0, payload: "", retain: true) }
    }

    // MARK: Incoming

    /// A message on one of the screen's command topics: what to do, or why nothing. Nil when
    /// the topic is not the screen's (the bridge takes it).
    public func received(topic: String, payload: [UInt8], isRetained: Bool, screen: ScreenStatus) -> Reaction? {
        if topic == lightDiscoveryTopic || topic == selectDiscoveryTopic {
            // The config this node left when discovery was on: with it off, the entity goes.
            var r = Reaction()
            if !config.discovery, isRetained, !payload.isEmpty {
                r.outgoing.append(.publish(topic: topic, payload: "", retain: true))
                r.notes.append(
                    "MQTT: removing the screen's \(topic == lightDiscoveryTopic ? "light" : "page select") from Home Assistant (discovery is off)"
                )
            }
            return r
        }
        guard topic == screenSetTopic || topic == brightnessSetTopic || topic == pageSetTopic else { return nil }
        var r = Reaction()
        let text = payload.count <= 256 ? String(decoding: payload, as: UTF8.self).trimmingBlanks : ""
        let shown =
            payload.count > 256
            ? "a \(payload.count)-byte payload"
            : String(validating: payload, as: UTF8.self) == nil
                ? "a payload that is not UTF-8" : "\"\(ConfigError.excerpt(text))\""
        if isRetained {
            // A command left retained on the broker is old news, not a user's wish now.
            r.notes.append("MQTT: \(topic): a retained command (\(shown)) is not replayed; ignored")
            return r
        }
        switch topic {
        case screenSetTopic:
            switch text.uppercased() {
            case "ON": r.commands.append(.blank(false))
            case "OFF": r.commands.append(.blank(true))
            default: r.notes.append("MQTT: \(topic): \(shown) is not ON or OFF; ignored")
            }
        case brightnessSetTopic:
            guard let percent = Int(text), BrightnessScale.range.contains(percent) else {
                r.notes.append(
                    "MQTT: \(topic): \(shown) is not a brightness from 1 to 100 (OFF on \(screenSetTopic) blanks); ignored"
                )
                return r
            }
            r.commands.append(.brightness(percent))
        default:
            let options = Self.pageOptions(screen.pages)
            if let page = options.firstIndex(of: text)
                ?? Int(text).flatMap({ screen.pages.indices.contains($0) ? $0 : nil })
            {
                r.commands.append(.page(page))
            } else {
                r.notes.append(
                    "MQTT: \(topic): \(shown) is no page (\(options.map { "\"\($0)\"" }.joined(separator: ", ")), "
                        + "or a number from 0 to \(options.count - 1)); ignored")
            }
        }
        return r
    }

    // MARK: Home Assistant

    /// The pages as the select's options: their titles, a title that repeats an earlier one
    /// numbered (`Lights (2)`), since Home Assistant picks options by their text.
    public static func pageOptions(_ titles: [String]) -> [String] {
        var seen = Set<String>()
        return titles.map { title in
            var option = title
            var n = 2
            while !seen.insert(option).inserted {
                option = "\(title) (\(n))"
                n += 1
            }
            return option
        }
    }

    /// The light's discovery config (default schema): on/off through `screen/set`, and with a
    /// backlight's brightness, brightness in percent (`brightness_scale` 100) through its own
    /// topics. Home Assistant's default `on_command_type` ("last") sends a brightness before ON,
    /// so turning the light on at 40 % from dark sets the brightness, then wakes the screen.
    public func lightPayload(_ screen: ScreenStatus) -> JSONValue {
        var members = bridge.entityIdentity(name: "Screen", id: "screen", domain: "light")
        members += [
            ("command_topic", .string(screenSetTopic)),
            ("state_topic", .string(screenStateTopic)),
            ("payload_on", .string(MQTTBridge.on)),
            ("payload_off", .string(MQTTBridge.off)),
        ]
        if screen.brightness != nil {
            members += [
                ("brightness_command_topic", .string(brightnessSetTopic)),
                ("brightness_state_topic", .string(brightnessStateTopic)),
                ("brightness_scale", .number(Double(BrightnessScale.range.upperBound))),
            ]
        }
        return .object(members + bridge.entityAvailability)
    }

    /// The select's discovery config: one option per page.
    public func selectPayload(_ screen: ScreenStatus) -> JSONValue {
        var members = bridge.entityIdentity(name: "Page", id: "page", domain: "select")
        members += [
            ("command_topic", .string(pageSetTopic)),
            ("state_topic", .string(pageStateTopic)),
            ("options", .array(Self.pageOptions(screen.pages).map { .string($0) })),
        ]
        return .object(members + bridge.entityAvailability)
    }

}
