import LinuxIO
import MQTT
import Panel

/// The panel on its MQTT broker, served from the panel's one loop (a ``PanelService``): the
/// client's socket in the poller, its keepalive, reconnect backoff and the devices' confirmation
/// timeouts among the loop's deadlines. What is said on the broker is `MQTTBridge`'s (pure);
/// this class only carries it between the bridge, the client and the session.
///
/// The UI never waits on the network: connecting (name resolution included) happens off the
/// loop, every socket operation is non-blocking, and a broker that accepts TCP but never answers
/// is given up on after ``connectTimeout`` and retried with capped, jittered backoff.
public final class MQTTService: PanelService {
    /// What the panel says on the broker; nil while the config names no broker.
    private var bridge: MQTTBridge?
    private let hostName: String
    private var client: MQTTClient?
    private unowned(unsafe) var loop: PanelLoop?
    private let log: (LogLevel, String) -> Void
    private let random: () -> Double
    /// When to try connecting again (nil while a connection is open or being opened).
    private var reconnectAt: Double?
    /// When a connection that has not been accepted yet is given up on.
    private var connectDeadline: Double?
    /// Failed attempts in a row: the backoff doubles with each, up to ``maximumBackoff``.
    private var failures = 0
    /// When the connection now up was accepted.
    private var connectedSince: Double?
    /// Switches being set from a device's state message right now (their change sends no
    /// command back to the device).
    private var mirroring: Set<String> = []
    /// The switch commands of the messages taken this turn, carried out together when they are
    /// all read (``carryOutCommands(now:)``): one save for the lot, the last command for a
    /// switch winning, so a flood costs a durable write and a state published per switch per
    /// turn, not per message.
    private var commands: [PanelSession.SetCommand] = []
    /// Where ``commands`` leave the switches they name: a TOGGLE toggles what came before it.
    private var commandedStates: [String: Bool] = [:]
    /// Whether the client's events were taken this turn (through ``handle(_:now:)``); if not,
    /// ``tick(now:)`` takes those read in an earlier turn and not taken yet.
    private var tookEventsThisTurn = false

    /// Seconds a connection may take to be accepted (resolution, TCP, TLS, CONNACK).
    public static let connectTimeout = 10.0
    /// The longest wait between attempts (before jitter).
    public static let maximumBackoff = 60.0

    /// Serves the broker `board` names, if any (a reload may add, change or remove it).
    public init(
        board: BoardConfig, hostName: String = LinuxIO.hostName(),
        random: @escaping () -> Double = { Double.random(in: 0..<1) }, log: @escaping (LogLevel, String) -> Void
    ) {
        self.hostName = hostName
        bridge = board.mqtt.map {
            MQTTBridge(board: board, mqtt: $0, hostName: hostName, version: SwitchPanelVersion.current)
        }
        self.random = random
        self.log = log
    }

    /// The node and base topic the panel uses (for the log and tests); nil without a broker.
    public var node: String? { bridge?.node }
    public var baseTopic: String? { bridge?.baseTopic }
    public var isConnected: Bool { client?.isConnected ?? false }

    // MARK: PanelService

    public func start(in loop: PanelLoop, now: Double) {
        self.loop = loop
        startBridge(now: now)
    }

    private func startBridge(now: Double) {
        guard let bridge else { return }
        log(.info, "MQTT: node \(bridge.node), topics under \(bridge.baseTopic), broker \(brokerName)")
        connect(now: now)
    }

    private var brokerName: String {
        guard let c = bridge?.config else { return "no broker" }
        return "\(c.scheme.rawValue)://\(c.host.contains(":") ? "[\(c.host)]" : c.host):\(c.port)"
    }

    public var pollInterests: [PollInterest] { client?.pollInterests ?? [] }

    public var nextDeadline: Double? {
        // Messages read and not taken yet (a flood, a turn's worth at a time): the next turn.
        let buffered = client?.hasBufferedEvents == true ? loop?.clock.now : nil
        return [reconnectAt, connectDeadline, client?.nextDeadline, bridge?.nextDeadline, buffered].compactMap { $0 }
            .min()
    }

    public func handle(_ event: PollEvent, now: Double) {
        guard let client else { return }
        tookEventsThisTurn = true
        process(client.handle(event, now: now), now: now)
        showPending(now: now)
    }

    /// Switches waiting for their device keep the pressed look until it answers (or they go back).
    private var shownPending: Set<String> = []

    private func showPending(now: Double) {
        guard let session = loop?.session else { return }
        (bridge?.confirmations ?? PendingConfirmations()).show(shown: &shownPending) { id, waiting in
            session.setAwaitingConfirmation(id, waiting, now: now)
        }
    }

    public func tick(now: Double) {
        if !tookEventsThisTurn, let client, client.hasBufferedEvents {
            process(client.takeBufferedEvents(), now: now)
        }
        tookEventsThisTurn = false
        if let at = reconnectAt, now >= at {
            reconnectAt = nil
            connect(now: now)
        }
        if let at = connectDeadline, now >= at, let client, !client.isConnected {
            let step = client.connectStep
            client.disconnect()
            self.client = nil
            connectionFailed(Self.timedOut(waitingFor: step), now: now)
        }
        if let client, let at = client.nextDeadline, now >= at { process(client.serviceTimers(now: now), now: now) }
        if let states = loop?.session.states,
            let reaction = bridge?.tick(now: now, states: states, isConnected: isConnected)
        {
            apply(reaction, now: now)
            carryOutCommands(now: now)
        }
        showPending(now: now)
    }

    public func screenChanged(_ screen: ScreenStatus, source: ScreenChangeSource, now: Double) {
        send(screenEntities?.screenStates(screen) ?? [])
    }

    public func pageChanged(_ page: Int, title: String, now: Double) {
        guard let screen = loop?.screenStatus else { return }
        send(screenEntities?.pageState(screen) ?? [])
    }

    public func switchChanged(_ change: SwitchChange, now: Double) {
        send(
            bridge?.changed(change, mirrored: mirroring.contains(change.id), isConnected: isConnected, now: now) ?? [])
        showPending(now: now)
    }

    public func configReloaded(now: Double) {
        guard let session = loop?.session else { return }
        let config = session.config
        if let mqtt = config.mqtt, mqtt == bridge?.config {
            send(bridge?.reloaded(config, states: session.states, isConnected: isConnected) ?? [])
        } else if config.mqtt != bridge?.config {
            // A broker added, removed or changed: say goodbye and start again. Entities of a
            // node that is no more are removed from Home Assistant rather than left unavailable,
            // and what it kept under its base topic (states, status) is cleared rather than
            // left retained for ever.
            var goodbyes: [MQTTBridge.Outgoing] = []
            var vacated = false
            if let bridge, isConnected {
                let next = config.mqtt.map {
                    MQTTBridge(board: config, mqtt: $0, hostName: hostName, version: SwitchPanelVersion.current)
                }
                let screen = MQTTScreenEntities(bridge: bridge)
                if next?.node != bridge.node || next?.config.discoveryPrefix != bridge.config.discoveryPrefix {
                    goodbyes += bridge.withdrawal() + screen.withdrawal()
                }
                vacated = next?.baseTopic != bridge.baseTopic
                if vacated { goodbyes += bridge.vacating() + screen.vacating() }
            }
            disconnect(goodbyes: goodbyes, status: vacated ? "" : MQTTBridge.offline)
            reconnectAt = nil
            failures = 0
            bridge = config.mqtt.map {
                MQTTBridge(board: config, mqtt: $0, hostName: hostName, version: SwitchPanelVersion.current)
            }
            startBridge(now: now)
        }
    }

    public func stop(now: Double) {
        disconnect(goodbyes: [], status: MQTTBridge.offline)
    }

    /// A clean goodbye: `goodbyes` (retained clears), then `status` as the retained status
    /// (`offline`, or nothing for a node that is no more); the broker does not fire the will.
    private func disconnect(goodbyes: [MQTTBridge.Outgoing], status: String) {
        guard let client, let bridge else { return }
        let messages = (goodbyes + [.publish(topic: bridge.statusTopic, payload: status, retain: true)]).compactMap {
            if case .publish(let topic, let payload, _) = $0 { (topic: topic, payload: payload) } else { nil }
        }
        client.disconnect(goodbyes: messages)
        self.client = nil
        connectDeadline = nil
    }

    // MARK: Connecting

    private func connect(now: Double) {
        guard let bridge else { return }
        let c = bridge.config
        var connection = MQTTConnection(host: c.host, port: c.port, clientID: bridge.clientID, keepalive: c.keepalive)
        connection.will = (bridge.statusTopic, MQTTBridge.offline)
        connection.username = c.username
        if let file = c.passwordFile {
            do {
                let bytes = try readFile(file, limit: 4096)
                connection.password = String(decoding: bytes.prefix { $0 != 10 && $0 != 13 }, as: UTF8.self)
            } catch {
                return connectionFailed("mqtt.passwordFile: \(error)", now: now)
            }
        }
        if c.scheme == .mqtts {
            connection.tls = MQTTConnection.TLS(
                caFile: c.caFile, certificateFile: c.certificateFile, keyFile: c.keyFile)
        }
        do {
            let client = try MQTTClient(connection)
            try client.connect(now: now)
            self.client = client
            connectDeadline = now + Self.connectTimeout
        } catch {
            connectionFailed("\(error)", now: now)
        }
    }

    private func connectionFailed(_ reason: String, now: Double) {
        var reason = reason
        if let since = connectedSince {
            connectedSince = nil
            let keepalive = Double(bridge?.config.keepalive ?? 30)
            if now - since >= keepalive {
                failures = 0  // a connection that held: this is a new outage
            } else if now - since < 5 {
                // Two panels with one client id take the session from each other in turn.
                reason +=
                    " right after connecting; is another client using the id \(bridge?.clientID ?? "")? (give each panel its own mqtt.node)"
            }
        }
        client = nil
        connectDeadline = nil
        bridge?.disconnected()
        failures += 1
        let delay = min(Self.maximumBackoff, pow2(failures - 1)) * (0.75 + 0.5 * random())
        reconnectAt = now + delay
        // The first failure is a warning; the retries of an outage are not news.
        log(
            failures == 1 ? .warning : .info,
            "MQTT: \(brokerName): \(reason); retrying in \(Int(delay.rounded(.up))) s")
    }

    /// Why a connection was given up on at ``connectTimeout``, by what it was waiting for.
    static func timedOut(waitingFor step: MQTTClient.ConnectStep?) -> String {
        let within = "within \(Int(connectTimeout)) s"
        switch step {
        case .nameLookup: return "no answer \(within) (the name lookup and TCP connect did not finish)"
        case .tcp: return "the TCP connection was not established \(within)"
        case .tlsHandshake: return "the TLS handshake did not finish \(within)"
        case .connack, nil: return "the broker accepted the connection but sent no CONNACK \(within)"
        }
    }

    private func pow2(_ n: Int) -> Double { n >= 10 ? 1024 : Double(1 << max(0, n)) }

    // MARK: Events

    private func process(_ events: [MQTTClientEvent], now: Double) {
        defer { carryOutCommands(now: now) }
        let screenEntities = screenEntities
        for event in events {
            if case .message = event {} else { carryOutCommands(now: now) }  // in order with the connection's news
            switch event {
            case .connected:
                connectDeadline = nil
                // The backoff starts again only once this connection has held (a keepalive):
                // a session the broker drops at once must not be retried every second.
                connectedSince = now
                log(.info, "MQTT: connected to \(brokerName) as \(bridge?.clientID ?? "")")
                guard let states = loop?.session.states else { continue }
                send(bridge?.connected(states: states) ?? [])
                send(bridge?.takeRemovedWhileDisconnected() ?? [])
            case .connectFailed(let reason):
                connectionFailed(reason, now: now)
            case .disconnected(let reason):
                connectionFailed("connection lost (\(reason))", now: now)
            case .message(let message):
                if let screen = loop?.screenStatus,
                    let reaction = screenEntities?.received(
                        topic: message.topic, payload: message.payload, isRetained: message.isRetained, screen: screen)
                {
                    apply(reaction, now: now)
                    continue
                }
                guard let states = loop?.session.states.merging(commandedStates, uniquingKeysWith: { $1 }),
                    let reaction = bridge?.received(
                        topic: message.topic, payload: message.payload, isRetained: message.isRetained, states: states,
                        now: now, random: random)
                else { continue }
                apply(reaction, now: now)
            }
        }
    }

    private func apply(_ reaction: MQTTBridge.Reaction, now: Double) {
        for note in reaction.notes { log(.warning, note) }
        send(reaction.outgoing)
        guard let session = loop?.session else { return }
        for command in reaction.commands {
            switch command {
            case .set(let id, let isOn, let runActions):
                commands.append(PanelSession.SetCommand(id: id, isOn: isOn, runActions: runActions))
                commandedStates[id] = isOn
            case .revert(let id, let isOn):
                carryOutCommands(now: now)
                session.set(id, isOn: isOn, source: .revert, runActions: false, now: now)
            }
        }
    }

    /// Sets the switches as the commands taken so far say, saved once (``PanelSession/set(_:source:now:)``).
    private func carryOutCommands(now: Double) {
        guard !commands.isEmpty else { return }
        let batch = commands
        commands.removeAll()
        commandedStates.removeAll()
        guard let session = loop?.session else { return }
        // A change from a device's state message sends no command back to it: the last command
        // for a switch is the one acknowledged.
        var mirrored: [String: Bool] = [:]
        for command in batch { mirrored[command.id] = !command.runActions }
        mirroring = Set(mirrored.filter(\.value).keys)
        session.set(batch, source: .mqtt, now: now)
        mirroring.removeAll()
    }

    /// The screen's light and select, on the bridge's broker.
    private var screenEntities: MQTTScreenEntities? { bridge.map(MQTTScreenEntities.init) }

    /// Carries out a screen command from the broker; one that fails is logged.
    private func apply(_ reaction: MQTTScreenEntities.Reaction, now: Double) {
        for note in reaction.notes { log(.warning, note) }
        send(reaction.outgoing)
        guard let loop else { return }
        for command in reaction.commands {
            do throws(ScreenControlError) {
                switch command {
                case .blank(let blank): try loop.setBlank(blank, source: .mqtt, now: now)
                case .brightness(let percent): try loop.setBrightness(percent, source: .mqtt, now: now)
                case .page(let page):
                    loop.session.show(page: page, now: now)
                    loop.session.noteInteraction(at: now)
                }
            } catch {
                log(.warning, "MQTT: \(error)")
            }
        }
    }

    /// The screen's entities go wherever the bridge announces the panel: an announcement (it
    /// starts with the status `online`: a connection, Home Assistant's birth, a reload) carries
    /// theirs, and a new session's subscriptions theirs.
    private func withScreen(_ outgoing: [MQTTBridge.Outgoing]) -> [MQTTBridge.Outgoing] {
        guard let bridge, let screenEntities, let screen = loop?.screenStatus else { return outgoing }
        var out = outgoing
        if outgoing.contains(.subscribe("\(bridge.baseTopic)/+/set")) { out += screenEntities.subscriptions }
        if outgoing.contains(.publish(topic: bridge.statusTopic, payload: MQTTBridge.online, retain: true)) {
            out += screenEntities.announcement(screen)
        }
        return out
    }

    /// Sends what the bridge said.
    private func send(_ outgoing: [MQTTBridge.Outgoing]) {
        // Most messages a flood brings call for nothing to be sent: no screen status is built then.
        guard !outgoing.isEmpty, let client, client.isConnected else { return }
        for item in withScreen(outgoing) {
            do {
                switch item {
                case .subscribe(let pattern): try client.subscribe(pattern)
                case .unsubscribe(let pattern): try client.unsubscribe(pattern)
                case .publish(let topic, let payload, let retain):
                    try client.publish(topic, Array(payload.utf8), retain: retain)
                }
            } catch {
                log(.warning, "MQTT: \(error)")
            }
        }
    }
}
