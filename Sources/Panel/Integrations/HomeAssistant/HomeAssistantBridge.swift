import ConfigFormat

/// What the panel says on Home Assistant's WebSocket API and what it makes of what it hears,
/// without a socket: the Home Assistant service (PanelRuntime) feeds it the connection's messages
/// and the panel's acknowledged changes, and carries out what it returns. Pure, so every rule is
/// tested without a server.
///
/// The conversation: the server says `auth_required`, the panel answers with its token; after
/// `auth_ok` it subscribes to its entities only (`subscribe_entities` with `entity_ids`: the
/// first event carries every one's state and attributes, later ones the changes and removals,
/// nothing about other entities), and a touch is a `call_service` of `turn_on` or `turn_off`.
/// An idle connection is pinged (`ping`/`pong`) every ``pingInterval`` seconds.
public struct HomeAssistantBridge {
    /// What the service must do to the panel.
    public enum PanelCommand: Hashable, Sendable {
        /// Show the entity's state (no actions, no service call back).
        case mirror(id: String, isOn: Bool)
        /// Home Assistant did not confirm a touch (or refused it): the switch goes back.
        case revert(id: String, isOn: Bool)
    }

    /// What came of one input.
    public struct Reaction: Sendable {
        /// Messages to send, in order.
        public var outgoing: [String] = []
        public var commands: [PanelCommand] = []
        /// Switches whose availability changed: nil, available; else why not.
        public var availability: [String: String?] = [:]
        /// Switches without a label of their own whose entity's friendly name is now known.
        public var labels: [String: String] = [:]
        /// Lines for the log.
        public var warnings: [String] = []
        public var infos: [String] = []
        /// The server refused the token: its words.
        public var authInvalid: String?
        /// The connection is useless (no pong, an answer out of protocol): drop it.
        public var drop: String?
        /// The subscription is in place (the first states came).
        public var ready = false
        /// The message was not one the panel asked for or can use (not JSON, an unknown type, an
        /// id the panel never used): what it was, for the log (the service says the first of a
        /// connection and counts the rest, so a server sending garbage cannot flood the log).
        public var ignored: String?
        /// A pong answered the ping: the connection is alive (a later failure is a new outage).
        public var alive = false

        public init() {}
    }

    public private(set) var config: HomeAssistantConfig
    private var board: BoardConfig
    /// Touches Home Assistant has not confirmed yet, and those that could not be sent.
    public private(set) var confirmations = PendingConfirmations()

    /// Where the conversation is.
    public enum Phase: Hashable, Sendable { case closed, authenticating, subscribing, ready }
    public private(set) var phase = Phase.closed
    private var nextID = 1
    private var subscriptionID: Int?
    /// Service calls not answered yet: the switch and the state asked.
    private var calls: [Int: (id: String, isOn: Bool)] = [:]
    /// The entities Home Assistant has, as last heard: their state and friendly name.
    public private(set) var entities: [String: (state: String, name: String?)] = [:]
    /// Why each bound switch is unavailable now; a switch not here is available.
    public private(set) var unavailable: [String: String] = [:]
    /// The ping not answered yet, and when it was sent; when the next one is due.
    private var pingSent: (id: Int, at: Double)?
    private var nextPing: Double?
    private var token = ""
    /// The token went out (an answer to `auth_required`) on this connection.
    private var tokenSent = false

    /// Seconds between pings on an idle connection, and how long a pong may take.
    public static let pingInterval = 30.0
    public static let pongTimeout = 10.0

    public init(board: BoardConfig, config: HomeAssistantConfig) {
        self.board = board
        self.config = config
        for sw in Self.bound(board) { unavailable[sw.id] = "not connected to Home Assistant" }
    }

    /// The board's switches bound to an entity.
    static func bound(_ board: BoardConfig) -> [SwitchConfig] { board.switches.filter { $0.entity != nil } }

    /// Every bound entity, each once, in order.
    public var entityIDs: [String] {
        var seen = Set<String>()
        return Self.bound(board).compactMap(\.entity?.id).filter { seen.insert($0).inserted }
    }

    // MARK: The connection

    /// The WebSocket is open: the server speaks first (`auth_required`); `token` answers it.
    public mutating func opened(token: String, now: Double) {
        self.token = token
        tokenSent = false
        phase = .authenticating
        nextID = 1
        subscriptionID = nil
        calls = [:]
        pingSent = nil
        nextPing = nil
    }

    /// The connection is gone: every bound switch is unavailable; touches still waiting keep
    /// their deadline (they go back then).
    public mutating func closed() -> Reaction {
        var r = Reaction()
        phase = .closed
        token = ""
        calls = [:]
        pingSent = nil
        nextPing = nil
        for sw in Self.bound(board) { setUnavailable(sw.id, "not connected to Home Assistant", &r) }
        return r
    }

    private mutating func setUnavailable(_ id: String, _ why: String?, _ r: inout Reaction) {
        guard unavailable[id] != why else { return }
        unavailable[id] = why
        r.availability[id] = .some(why)
    }

    private mutating func message(_ fields: [(key: String, value: JSONValue)]) -> String {
        let id = nextID
        nextID += 1
        return JSONValue.object([("id", .number(Double(id)))] + fields).text
    }

    // MARK: Messages

    /// One message from the server (already parsed; nil when it was not JSON).
    public mutating func received(_ value: JSONValue?, states: [String: Bool], now: Double) -> Reaction {
        var r = Reaction()
        guard let value, case .object = value, case .string(let type)? = value["type"] else {
            r.ignored = "a message that is not a JSON object with a type"
            return r
        }
        switch type {
        case "auth_required":
            r.outgoing.append(Self.authMessage(token: token))
            tokenSent = true
        case "auth_ok":
            phase = .subscribing
            subscriptionID = nextID
            r.outgoing.append(
                message([
                    ("type", .string("subscribe_entities")),
                    ("entity_ids", .array(entityIDs.map { .string($0) })),
                ]))
            if case .string(let version)? = value["ha_version"] {
                r.infos.append("Home Assistant: signed in to \(config.webSocketURL) (Home Assistant \(version))")
            }
        case "auth_invalid":
            let words: String
            if case .string(let m)? = value["message"] { words = ConfigError.excerpt(m) } else { words = "refused" }
            r.authInvalid = words
        case "result":
            result(value, states: states, now: now, &r)
        case "event":
            guard case .number(let n)? = value["id"], Int(n) == subscriptionID else {
                r.ignored = "an event of \(Self.idText(value)), a subscription the panel did not make"
                return r
            }
            guard let event = value["event"], case .object = event else {
                r.ignored = "an event that is not an object"
                return r
            }
            entitiesEvent(event, states: states, &r)
        case "pong":
            if case .number(let n)? = value["id"], Int(n) == pingSent?.id {
                pingSent = nil
                r.alive = true
            }
        default:
            r.ignored = "a message of an unknown type, \(ConfigError.excerpt(type))"
        }
        if phase != .closed, phase != .authenticating, nextPing == nil || pingSent == nil {
            nextPing = now + Self.pingInterval
        }
        return r
    }

    private mutating func result(_ value: JSONValue, states: [String: Bool], now: Double, _ r: inout Reaction) {
        guard case .number(let n)? = value["id"], n >= 1, n < Double(nextID), n.rounded() == n else {
            r.ignored = "a result for \(Self.idText(value)), which the panel did not ask for"
            return
        }
        let id = Int(n)
        let success = value["success"] == .bool(true)
        var why = "refused"
        if case .string(let m)? = value["error"]?["message"] { why = ConfigError.excerpt(m) }
        if id == subscriptionID {
            if !success { r.drop = "Home Assistant refused the subscription to the panel's entities: \(why)" }
            return
        }
        guard let call = calls.removeValue(forKey: id) else { return }
        guard !success else { return }
        // Refused (an entity that does not exist, a service the entity lacks): back at once.
        let entity = Self.bound(board).first { $0.id == call.id }?.entity?.id ?? call.id
        confirmations.confirmed(call.id)
        r.warnings.append(
            "Home Assistant: \(call.id): \(entity) \(call.isOn ? "turn_on" : "turn_off") refused (\(why)); back to \(call.isOn ? "off" : "on")"
        )
        if states[call.id] == call.isOn { r.commands.append(.revert(id: call.id, isOn: !call.isOn)) }
    }

    /// `subscribe_entities`' events: `a` (added: the full states), `c` (changes: `+` what is
    /// new), `r` (removed).
    private mutating func entitiesEvent(_ event: JSONValue, states: [String: Bool], _ r: inout Reaction) {
        var changed = Set<String>()
        if case .object(let added)? = event["a"] {
            for (entity, compressed) in added {
                guard case .string(let state)? = compressed["s"] else { continue }
                var name: String?
                if case .string(let n)? = compressed["a"]?["friendly_name"] { name = n }
                entities[entity] = (state, name)
                changed.insert(entity)
            }
        }
        if case .object(let changes)? = event["c"] {
            for (entity, diff) in changes {
                guard let plus = diff["+"] else { continue }
                var known = entities[entity] ?? ("unknown", nil)
                if case .string(let state)? = plus["s"] { known.state = state }
                if case .string(let n)? = plus["a"]?["friendly_name"] { known.name = n }
                entities[entity] = known
                changed.insert(entity)
            }
        }
        if case .array(let removed)? = event["r"] {
            for case .string(let entity) in removed {
                entities[entity] = nil
                changed.insert(entity)
                r.warnings.append("Home Assistant: \(entity) was removed")
            }
        }
        let first = phase == .subscribing
        if first {
            phase = .ready
            r.ready = true
            let missing = entityIDs.filter { entities[$0] == nil }
            for entity in missing {
                let ids = Self.bound(board).filter { $0.entity?.id == entity }.map(\.id)
                r.warnings.append(
                    "Home Assistant has no entity \(entity) (switch\(ids.count == 1 ? "" : "es") \(ids.joined(separator: ", "))): shown unavailable"
                )
            }
            changed.formUnion(entityIDs)
        }
        for sw in Self.bound(board) {
            guard let entity = sw.entity, changed.contains(entity.id) else { continue }
            guard let known = entities[entity.id] else {
                setUnavailable(sw.id, "Home Assistant has no entity \(entity.id)", &r)
                continue
            }
            if !sw.hasOwnLabel, let name = known.name, !name.isEmpty { r.labels[sw.id] = name }
            guard let isOn = entity.domain.isOn(known.state) else {
                setUnavailable(sw.id, "\(entity.id) is \(ConfigError.excerpt(known.state)) in Home Assistant", &r)
                continue
            }
            setUnavailable(sw.id, nil, &r)
            confirmations.confirmed(sw.id)
            if states[sw.id] != isOn { r.commands.append(.mirror(id: sw.id, isOn: isOn)) }
        }
    }

    /// The answer to `auth_required`.
    public static func authMessage(token: String) -> String {
        JSONValue.object([("type", .string("auth")), ("access_token", .string(token))]).text
    }

    /// What the conversation waits for from the server before the panel is signed in and
    /// subscribed, for the log of a connection given up (nil once it is ready).
    public var awaited: String? {
        switch phase {
        case .closed: "WebSocket handshake"
        case .authenticating: tokenSent ? "answer to the token (auth_ok or auth_invalid)" : "auth_required"
        case .subscribing: "answer to subscribe_entities"
        case .ready: nil
        }
    }

    /// A message's id as the log shows it.
    static func idText(_ value: JSONValue) -> String {
        guard let id = value["id"] else { return "no id" }
        return "id \(ConfigError.excerpt(id.text))"
    }

    // MARK: The panel's side

    /// A change was saved and acknowledged. `mirrored` when it came from Home Assistant (nothing
    /// goes back). A touch (a key, a socket `set`, an MQTT command) on a bound switch calls its
    /// entity's service and waits for the state; when it cannot be sent (no connection, the
    /// entity unavailable) the switch goes back at the next ``tick(now:states:)``, with a log line.
    public mutating func changed(_ change: SwitchChange, mirrored: Bool, now: Double) -> [String] {
        guard let sw = board.switches.first(where: { $0.id == change.id }), let entity = sw.entity else { return [] }
        if mirrored || change.source == .revert || change.source == .restore {
            confirmations.confirmed(change.id)
            return []
        }
        guard phase == .ready, unavailable[change.id] == nil else {
            confirmations.notSent(change.id, isOn: change.isOn, now: now)
            return []
        }
        let service = change.isOn ? "turn_on" : "turn_off"
        calls[nextID] = (change.id, change.isOn)
        confirmations.sent(change.id, isOn: change.isOn, timeout: config.timeout, now: now)
        return [
            message([
                ("type", .string("call_service")), ("domain", .string(entity.domain.rawValue)),
                ("service", .string(service)), ("target", .object([("entity_id", .string(entity.id))])),
            ])
        ]
    }

    /// Takes a reloaded board (the same server): the subscription is made again for its entities.
    public mutating func reloaded(_ newBoard: BoardConfig) -> Reaction {
        var r = Reaction()
        let removed = Set(board.switches.map(\.id)).subtracting(newBoard.switches.map(\.id))
        for id in removed {
            confirmations.forget(id)
            unavailable[id] = nil
        }
        board = newBoard
        for sw in Self.bound(board) where unavailable[sw.id] == nil && phase != .ready {
            setUnavailable(sw.id, "not connected to Home Assistant", &r)
        }
        guard phase == .ready || phase == .subscribing else { return r }
        if let old = subscriptionID {
            r.outgoing.append(
                message([("type", .string("unsubscribe_events")), ("subscription", .number(Double(old)))]))
        }
        phase = .subscribing
        entities = [:]
        subscriptionID = nextID
        r.outgoing.append(
            message([("type", .string("subscribe_entities")), ("entity_ids", .array(entityIDs.map { .string($0) }))]))
        return r
    }

    // MARK: Time

    /// When ``tick(now:states:)`` has something to do.
    public var nextDeadline: Double? {
        [confirmations.nextDeadline, nextPing, pingSent.map { $0.at + Self.pongTimeout }].compactMap { $0 }.min()
    }

    /// Deadlines that passed: unconfirmed touches go back; a ping goes out; a missing pong drops
    /// the connection.
    public mutating func tick(now: Double, states: [String: Bool]) -> Reaction {
        var r = Reaction()
        for (id, revertTo, why) in confirmations.expired(now: now) {
            let back = revertTo ? "on" : "off"
            let entity = board.switches.first { $0.id == id }?.entity?.id ?? id
            switch why {
            case .unsent:
                r.warnings.append(
                    "Home Assistant: \(id) refused: \(unavailable[id] ?? "\(entity) is unavailable"); back to \(back)")
            case .timedOut:
                r.warnings.append(
                    "Home Assistant: \(id): \(entity) did not confirm within \(config.timeout.configText) s; back to \(back)"
                )
            }
            if states[id] != revertTo { r.commands.append(.revert(id: id, isOn: revertTo)) }
        }
        if let sent = pingSent, now >= sent.at + Self.pongTimeout {
            pingSent = nil
            r.drop = "no pong within \(Int(Self.pongTimeout)) s"
        } else if pingSent == nil, let at = nextPing, now >= at {
            let id = nextID
            r.outgoing.append(message([("type", .string("ping"))]))
            pingSent = (id, now)
            nextPing = now + Self.pingInterval
        }
        return r
    }
}
