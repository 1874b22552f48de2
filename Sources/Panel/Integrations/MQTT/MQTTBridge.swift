import ConfigFormat

/// What the panel says on the broker and what it makes of what it hears, without a socket: the
/// MQTT service (PanelRuntime) feeds it the connection's events and the panel's acknowledged
/// changes, and carries out what it returns. Pure, so every rule is tested without a broker.
///
/// Topics: `<base>/status` (`online`, retained; the will publishes `offline`),
/// `<base>/<id>/state` (`ON`/`OFF`, retained, only after the state is saved) and
/// `<base>/<id>/set` (commands, from Home Assistant and scripts). With discovery, each switch's
/// config is retained at `<prefix>/switch/<node>/<id>/config`. What a switch the panel no longer
/// has left on the broker is cleared (an empty retained message): its discovery config (which
/// removes the entity; all of them once discovery is off) and its retained state, whether the
/// switch went in a reload or while the panel was not running.
public struct MQTTBridge {
    /// What the service must do on the connection.
    public enum Outgoing: Hashable, Sendable {
        case subscribe(String)
        case unsubscribe(String)
        case publish(topic: String, payload: String, retain: Bool)
    }

    /// What the service must do to the panel.
    public enum PanelCommand: Hashable, Sendable {
        /// Set a switch as the network asked: animated, its actions run when `runActions`.
        case set(id: String, isOn: Bool, runActions: Bool)
        /// A device did not confirm a touch in time: the switch goes back (no actions).
        case revert(id: String, isOn: Bool)
    }

    /// What came of one input.
    public struct Reaction: Hashable, Sendable {
        public var outgoing: [Outgoing] = []
        public var commands: [PanelCommand] = []
        /// Lines for the log: what was ignored and why.
        public var notes: [String] = []

        public init() {}
    }

    public let node: String
    public let baseTopic: String
    public private(set) var config: MQTTConfig
    private var board: BoardConfig
    public let version: String
    /// Touches the devices have not confirmed yet, and those that could not be sent.
    public private(set) var confirmations = PendingConfirmations()
    /// Switches whose device has not yet confirmed a touch: the state it goes back to, and when.
    public var pending: [String: (revertTo: Bool, deadline: Double)] { confirmations.pending }
    /// Touches on switches bound to a device whose command could not be sent (no connection).
    public var unsent: [String: (revertTo: Bool, since: Double)] { confirmations.unsent }
    /// When discovery and states are published again for Home Assistant's birth message.
    public private(set) var republishAt: Double?
    /// Switches removed by a reload, cleared from Home Assistant at the next connection when the
    /// connection is down now.
    private var removedSinceConnect: Set<String> = []

    public static let online = "online"
    public static let offline = "offline"
    public static let on = "ON"
    public static let off = "OFF"

    /// `hostName` names the node when the config does not.
    public init(board: BoardConfig, mqtt: MQTTConfig, hostName: String, version: String) {
        self.board = board
        config = mqtt
        node = mqtt.node ?? MQTTConfig.nodeName(fromHostName: hostName)
        baseTopic = mqtt.baseTopic ?? "switchpanel/\(node)"
        self.version = version
    }

    public var clientID: String { config.clientID ?? "switchpanel-\(node)" }
    public var statusTopic: String { "\(baseTopic)/status" }
    public func stateTopic(_ id: String) -> String { "\(baseTopic)/\(id)/state" }
    public func setTopic(_ id: String) -> String { "\(baseTopic)/\(id)/set" }
    public func discoveryTopic(_ id: String) -> String { "\(config.discoveryPrefix)/switch/\(node)/\(id)/config" }
    public var birthTopic: String { "\(config.discoveryPrefix)/status" }

    // MARK: Connection

    /// The session was accepted: subscribe, say online, (re)announce every switch and its state.
    public func connected(states: [String: Bool]) -> [Outgoing] {
        var out: [Outgoing] = [.subscribe("\(baseTopic)/+/set")]
        for t in Self.deviceStateTopics(board) { out.append(.subscribe(t)) }
        if config.discovery { out.append(.subscribe(birthTopic)) }
        // Our own retained configs and states come back: those of switches we no longer have
        // (all configs, once discovery is off) are cleared. States echo each change back too:
        // one small message per change, nothing at rest.
        out.append(.subscribe("\(config.discoveryPrefix)/switch/\(node)/+/config"))
        out.append(.subscribe("\(baseTopic)/+/state"))
        out += announcement(states: states)
        return out
    }

    /// The devices' state topics `board`'s mirrored switches follow, each once, in order.
    static func deviceStateTopics(_ board: BoardConfig) -> [String] {
        var seen = Set<String>()
        return board.switches.compactMap(\.mqtt?.stateTopic).filter { seen.insert($0).inserted }
    }

    /// Empty retained messages that clear what switch `id` left on the broker.
    private func clearing(_ id: String) -> [Outgoing] {
        var out: [Outgoing] = [.publish(topic: stateTopic(id), payload: "", retain: true)]
        if config.discovery { out.append(.publish(topic: discoveryTopic(id), payload: "", retain: true)) }
        return out
    }

    /// Availability, discovery and states: what a new Home Assistant (or one that restarted)
    /// needs to see.
    func announcement(states: [String: Bool]) -> [Outgoing] {
        var out: [Outgoing] = [.publish(topic: statusTopic, payload: Self.online, retain: true)]
        for sw in board.switches {
            if config.discovery {
                out.append(.publish(topic: discoveryTopic(sw.id), payload: discoveryPayload(sw).text, retain: true))
            }
        }
        for sw in board.switches {
            if let isOn = states[sw.id] { out.append(statePublish(sw.id, isOn)) }
        }
        return out
    }

    private func statePublish(_ id: String, _ isOn: Bool) -> Outgoing {
        .publish(topic: stateTopic(id), payload: isOn ? Self.on : Self.off, retain: true)
    }

    /// The connection is gone: a device's confirmation can no longer come, so pending touches
    /// keep their deadline (the revert still happens), and a birth re-publish is moot.
    public mutating func disconnected() { republishAt = nil }

    // MARK: The panel's side

    /// A change was saved and acknowledged. `mirrored` when the change itself came from a
    /// device's state message (no command goes back to the device). Without a connection the
    /// device cannot be told: the switch goes back at the next ``tick(now:states:isConnected:)``
    /// (and the log says why) rather than show a state the device never heard of.
    public mutating func changed(_ change: SwitchChange, mirrored: Bool, isConnected: Bool, now: Double) -> [Outgoing] {
        guard let sw = board.switches.first(where: { $0.id == change.id }) else { return [] }
        var out = [statePublish(change.id, change.isOn)]
        if let binding = sw.mqtt {
            if mirrored || change.source == .revert || change.source == .restore {
                confirmations.confirmed(change.id)
            } else if binding.commandTopic != nil, !isConnected {
                confirmations.notSent(change.id, isOn: change.isOn, now: now)
            } else if let command = binding.commandTopic {
                out.append(
                    .publish(
                        topic: command, payload: change.isOn ? binding.payloadOn : binding.payloadOff, retain: false))
                if binding.stateTopic != nil {
                    // Until the device says so, the switch shows what was asked; without an
                    // answer it goes back to what it was.
                    confirmations.sent(change.id, isOn: change.isOn, timeout: binding.timeout, now: now)
                }
            }
        }
        return out
    }

    /// Takes a reloaded board: new switches are announced, removed ones cleared (their entity and
    /// their retained state), device state topics no longer followed unsubscribed.
    public mutating func reloaded(_ newBoard: BoardConfig, states: [String: Bool], isConnected: Bool) -> [Outgoing] {
        let old = Set(board.switches.map(\.id))
        let oldTopics = Self.deviceStateTopics(board)
        board = newBoard
        let removed = old.subtracting(newBoard.switches.map(\.id))
        for id in removed { confirmations.forget(id) }
        // Disconnected, the session (a clean one) holds no subscriptions to take back.
        guard isConnected else {
            removedSinceConnect.formUnion(removed)
            return []
        }
        var out = connected(states: states)
        let newTopics = Set(Self.deviceStateTopics(newBoard))
        for t in oldTopics where !newTopics.contains(t) { out.append(.unsubscribe(t)) }
        for id in removed.sorted() { out += clearing(id) }
        return out
    }

    // MARK: Messages

    /// One message off the wire.
    public mutating func received(
        topic: String, payload: [UInt8], isRetained: Bool, states: [String: Bool], now: Double,
        random: () -> Double
    ) -> Reaction {
        var r = Reaction()
        let text = String(decoding: payload.prefix(1024), as: UTF8.self)
        let shown = ConfigError.excerpt(text)
        if config.discovery, topic == birthTopic {
            if text == Self.online {
                // Home Assistant restarted: after a short random delay (twenty panels do not
                // answer at the same instant) discovery and states go out again.
                republishAt = now + 0.5 + 2.5 * random()
            }
            return r
        }
        if let id = Self.level(topic, prefix: "\(config.discoveryPrefix)/switch/\(node)/", suffix: "/config") {
            if !payload.isEmpty {
                if !config.discovery {
                    r.outgoing.append(.publish(topic: topic, payload: "", retain: true))
                    r.notes.append("MQTT: removing \(id) from Home Assistant (discovery is off)")
                } else if !board.switches.contains(where: { $0.id == id }) {
                    r.outgoing.append(.publish(topic: topic, payload: "", retain: true))
                    r.notes.append("MQTT: removing \(id) from Home Assistant (no longer in the config)")
                }
            }
            return r
        }
        if let id = Self.level(topic, prefix: "\(baseTopic)/", suffix: "/state"),
            !board.switches.contains(where: { $0.id == id }), !MQTTScreenEntities.reservedIDs.contains(id)
        {
            // A ghost: the retained state of a switch the panel no longer has.
            if isRetained, !payload.isEmpty {
                r.outgoing.append(.publish(topic: topic, payload: "", retain: true))
                r.notes.append("MQTT: clearing the retained state of \(id) (no longer in the config)")
            }
            return r
        }
        if let id = Self.level(topic, prefix: "\(baseTopic)/", suffix: "/set") {
            guard board.switches.contains(where: { $0.id == id }) else {
                r.notes.append("MQTT: \(topic): no switch \"\(ConfigError.excerpt(id))\"; ignored")
                return r
            }
            if isRetained {
                // A command left retained on the broker is old news, not a user's wish now.
                r.notes.append("MQTT: \(topic): a retained command (\(shown)) is not replayed; ignored")
                return r
            }
            guard let isOn = Self.commandValue(text, length: payload.count, current: states[id]) else {
                r.notes.append("MQTT: \(topic): \(Self.describe(payload, shown)) is not ON, OFF or TOGGLE; ignored")
                return r
            }
            r.commands.append(.set(id: id, isOn: isOn, runActions: true))
            return r
        }
        // A device's state: every switch mirroring this topic follows it.
        for sw in board.switches {
            guard let binding = sw.mqtt, binding.stateTopic == topic else { continue }
            guard let isOn = Self.stateValue(payload, binding: binding) else {
                r.notes.append(
                    "MQTT: \(topic): \(Self.describe(payload, shown)) is not a state of \(sw.id) "
                        + "(\(binding.stateOn)/\(binding.stateOff)\(binding.stateField.map { " in field \"\($0)\"" } ?? "")); ignored"
                )
                continue
            }
            confirmations.confirmed(sw.id)
            if states[sw.id] != isOn { r.commands.append(.set(id: sw.id, isOn: isOn, runActions: false)) }
        }
        return r
    }

    /// A command's value: ON, OFF or TOGGLE (any case, surrounding blanks ignored).
    static func commandValue(_ text: String, length: Int, current: Bool?) -> Bool? {
        guard length <= 16 else { return nil }
        switch text.trimmingBlanks.uppercased() {
        case "ON", "1", "TRUE": return true
        case "OFF", "0", "FALSE": return false
        case "TOGGLE": return current.map { !$0 }
        default: return nil
        }
    }

    /// A device's state, from the whole payload or from a field of a JSON object.
    static func stateValue(_ payload: [UInt8], binding: MQTTBinding) -> Bool? {
        var value: String
        if let field = binding.stateField {
            guard payload.count <= 64 * 1024, case .object(let members)? = try? JSONParser.parse(payload),
                let member = members.first(where: { $0.key == field })?.value
            else { return nil }
            switch member {
            case .string(let s): value = s
            case .bool(let b): value = b ? "true" : "false"
            case .number(let n): value = n.configText
            default: return nil
            }
        } else {
            guard payload.count <= 1024 else { return nil }
            value = String(decoding: payload, as: UTF8.self)
        }
        value = value.trimmingBlanks
        if value == binding.stateOn { return true }
        if value == binding.stateOff { return false }
        return nil
    }

    private static func describe(_ payload: [UInt8], _ shown: String) -> String {
        if payload.count > 1024 { return "a \(payload.count)-byte payload" }
        if String(validating: payload, as: UTF8.self) == nil { return "a payload that is not UTF-8" }
        return "\"\(shown)\""
    }

    /// The single topic level between `prefix` and `suffix`, if `topic` is exactly that.
    static func level(_ topic: String, prefix: String, suffix: String) -> String? {
        guard topic.hasPrefix(prefix), topic.hasSuffix(suffix), topic.count > prefix.count + suffix.count else {
            return nil
        }
        let inner = topic.dropFirst(prefix.count).dropLast(suffix.count)
        return inner.contains("/") ? nil : String(inner)
    }

    // MARK: Time

    /// When ``tick(now:states:isConnected:)`` has something to do.
    public var nextDeadline: Double? {
        [republishAt, confirmations.nextDeadline].compactMap { $0 }.min()
    }

    /// Deadlines that passed: unconfirmed touches go back; the birth re-publish goes out.
    public mutating func tick(now: Double, states: [String: Bool], isConnected: Bool) -> Reaction {
        var r = Reaction()
        for (id, revertTo, why) in confirmations.expired(now: now) {
            let back = revertTo ? "on" : "off"
            switch why {
            case .unsent:
                r.notes.append("MQTT: \(id): the broker is unreachable, so the device was not told; back to \(back)")
            case .timedOut:
                r.notes.append("MQTT: \(id): the device did not confirm within its timeout; back to \(back)")
            }
            if states[id] != revertTo { r.commands.append(.revert(id: id, isOn: revertTo)) }
        }
        if let at = republishAt, now >= at {
            republishAt = nil
            if isConnected { r.outgoing += announcement(states: states) }
        }
        return r
    }

    /// Removes every entity this node announced (the node is renamed, or leaves the broker).
    public func withdrawal() -> [Outgoing] {
        guard config.discovery else { return [] }
        return board.switches.map { .publish(topic: discoveryTopic($0.id), payload: "", retain: true) }
    }

    /// Clears the switches' retained states under this node's base topic, for a node that is no
    /// more (renamed, or leaving the broker): a script watching `switchpanel/+/…` finds no ghost
    /// of it. The status goes last, with the disconnect (PanelRuntime's `MQTTService`).
    public func vacating() -> [Outgoing] {
        board.switches.map { .publish(topic: stateTopic($0.id), payload: "", retain: true) }
    }

    /// Clears the entities and states of switches removed while disconnected (after
    /// ``connected(states:)``).
    public mutating func takeRemovedWhileDisconnected() -> [Outgoing] {
        defer { removedSinceConnect.removeAll() }
        return removedSinceConnect.sorted().flatMap { clearing($0) }
    }

    // MARK: Home Assistant

    /// The switch's Home Assistant MQTT discovery config (the `switch` platform): availability
    /// through the panel's status topic, one device per panel. Written for 2025.4 (`object_id`)
    /// and the current release (`default_entity_id`; `object_id` is ignored there).
    public func discoveryPayload(_ sw: SwitchConfig) -> JSONValue {
        .object(
            entityIdentity(name: sw.label, id: sw.id, domain: "switch") + [
                ("command_topic", .string(setTopic(sw.id))),
                ("state_topic", .string(stateTopic(sw.id))),
                ("payload_on", .string(Self.on)),
                ("payload_off", .string(Self.off)),
                ("state_on", .string(Self.on)),
                ("state_off", .string(Self.off)),
            ] + entityAvailability)
    }

    /// What every entity of this panel's discovery configs starts with: its name and ids (the
    /// entity id from `<domain>.<node>_<id>`, for 2025.4's `object_id` and the current release's
    /// `default_entity_id`).
    func entityIdentity(name: String, id: String, domain: String) -> [(key: String, value: JSONValue)] {
        let slug = Self.slug("\(node)_\(id)")
        return [
            ("name", .string(name)),
            ("unique_id", .string("switchpanel_\(node)_\(id)")),
            ("object_id", .string(slug)),
            ("default_entity_id", .string("\(domain).\(slug)")),
        ]
    }

    /// What every entity's config ends with: availability through the panel's status topic, the
    /// panel's device and the origin.
    var entityAvailability: [(key: String, value: JSONValue)] {
        [
            ("availability_topic", .string(statusTopic)),
            ("payload_available", .string(Self.online)),
            ("payload_not_available", .string(Self.offline)),
            ("optimistic", .bool(false)),
            ("qos", .number(1)),
            ("device", device),
            ("origin", origin),
        ]
    }

    /// The panel as one Home Assistant device: its switches, screen and page are its entities.
    var device: JSONValue {
        .object([
            ("identifiers", .array([.string("switchpanel_\(node)")])),
            ("name", .string(board.name == "SwitchPanel" ? "SwitchPanel \(node)" : board.name)),
            ("manufacturer", .string("SwitchPanel")),
            ("model", .string("SwitchPanel wall panel")),
            ("sw_version", .string(version)),
        ])
    }

    /// What published the discovery configs.
    var origin: JSONValue { .object([("name", .string("switchpanel")), ("sw_version", .string(version))]) }

    /// An entity id part: lower-case letters, digits and single underscores.
    static func slug(_ s: String) -> String { MQTTConfig.slug(s, separator: "_", else: "switch") }
}

extension String {
    var trimmingBlanks: String {
        var s = Substring(self)
        while let c = s.first, c == " " || c == "\n" || c == "\r" || c == "\t" { s.removeFirst() }
        while let c = s.last, c == " " || c == "\n" || c == "\r" || c == "\t" { s.removeLast() }
        return String(s)
    }
}
