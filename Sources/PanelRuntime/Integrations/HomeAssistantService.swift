import ConfigFormat
import LinuxIO
import Panel
import WebSocket

/// The panel's switches bound to Home Assistant entities, served from the panel's one loop (a
/// ``PanelService``): the WebSocket client's eventfd in the poller, the reconnect backoff, the
/// pings and the touches' confirmation timeouts among the loop's deadlines. What is said is
/// `HomeAssistantBridge`'s (pure); this class carries it between the bridge, the client (whose
/// I/O thread does the network, name resolution included) and the session.
///
/// A switch whose entity is unavailable, unknown or missing, or any bound switch while the
/// connection is down, is shown disabled (greyed, refusing touches with a log line, and the
/// control socket's `set` refused saying why).
public final class HomeAssistantService: PanelService {
    private var bridge: HomeAssistantBridge?
    private var client: WebSocketClient<JSONValue?>?
    private unowned(unsafe) var loop: PanelLoop?
    private let log: (LogLevel, String) -> Void
    private let random: () -> Double
    /// When the next connection is tried (nil: connected, connecting, or nothing to connect to).
    private(set) var reconnectAt: Double?
    /// When the last connection failed (virtual s): the backoff to ``reconnectAt`` counts from
    /// here, which is what the fault tests measure exactly.
    private(set) var failedAt: Double?
    /// When a connection not signed in and subscribed yet is given up on.
    private var connectDeadline: Double?
    private var failures = 0
    /// A pong came on this connection: it worked, so its end starts a new outage (the backoff
    /// from 1 s again). A connection that only ever fails (a server stalled after signing in)
    /// keeps backing off.
    private var provedAlive = false
    /// Messages ignored on this connection: the first is logged, the rest counted.
    private var ignoredMessages = 0
    /// Whether the token was refused in this outage (said once, not at every retry).
    private var toldAuthInvalid = false
    /// Switches being set from Home Assistant's state right now (no service call goes back).
    private var mirroring: Set<String> = []
    private var shownPending: Set<String> = []
    /// Friendly names shown instead of the id, kept across a reload.
    private var labels: [String: String] = [:]

    /// Seconds a connection may take to be signed in and subscribed.
    public static let connectTimeout = 15.0
    public static let maximumBackoff = 60.0

    public init(
        board: BoardConfig, random: @escaping () -> Double = { Double.random(in: 0..<1) },
        log: @escaping (LogLevel, String) -> Void
    ) {
        bridge = Self.bridge(for: board)
        self.random = random
        self.log = log
    }

    private static func bridge(for board: BoardConfig) -> HomeAssistantBridge? {
        guard let config = board.homeAssistant, board.switches.contains(where: { $0.entity != nil }) else {
            return nil
        }
        return HomeAssistantBridge(board: board, config: config)
    }

    public var isReady: Bool { bridge?.phase == .ready }

    // MARK: PanelService

    public func start(in loop: PanelLoop, now: Double) {
        self.loop = loop
        loop.session.onTouchRefused = { [unowned self] id in touchRefused(id) }
        startBridge(now: now)
    }

    private func startBridge(now: Double) {
        guard let bridge else { return }
        log(.info, "Home Assistant: \(bridge.entityIDs.count) entities on \(bridge.config.webSocketURL)")
        applyAvailability(now: now)
        connect(now: now)
    }

    public var pollInterests: [PollInterest] { client.map { [$0.pollInterest] } ?? [] }

    public var nextDeadline: Double? {
        [reconnectAt, connectDeadline, bridge?.nextDeadline].compactMap { $0 }.min()
    }

    public func handle(_ event: PollEvent, now: Double) {
        guard let client else { return }
        for e in client.takeEvents() {
            guard self.client === client else { break }
            process(e, now: now)
        }
        showPending(now: now)
    }

    public func tick(now: Double) {
        if let at = reconnectAt, now >= at {
            reconnectAt = nil
            connect(now: now)
        }
        if let at = connectDeadline, now >= at {
            let awaited = bridge?.awaited ?? "an answer"
            drop("no \(awaited) within \(Int(Self.connectTimeout)) s (not signed in and subscribed)", now: now)
        }
        if let states = loop?.session.states, let reaction = bridge?.tick(now: now, states: states) {
            apply(reaction, now: now)
        }
        showPending(now: now)
    }

    public func switchChanged(_ change: SwitchChange, now: Double) {
        guard let client, bridge != nil else { return }
        for text in bridge!.changed(change, mirrored: mirroring.contains(change.id), now: now) { client.send(text) }
        showPending(now: now)
    }

    public func configReloaded(now: Double) {
        guard let session = loop?.session else { return }
        session.onTouchRefused = { [unowned self] id in touchRefused(id) }
        let config = session.config
        if let bridge, config.homeAssistant == bridge.config, Self.bridge(for: config) != nil {
            labels = labels.filter { id, _ in config.switches.contains { $0.id == id && !$0.hasOwnLabel } }
            apply(self.bridge!.reloaded(config), now: now)
            applyAvailability(now: now)
            showLabels(now: now)
            return
        }
        client?.stop()
        client = nil
        reconnectAt = nil
        connectDeadline = nil
        failures = 0
        labels = [:]
        session.unavailable = [:]
        shownPending = []
        bridge = Self.bridge(for: config)
        startBridge(now: now)
    }

    public func stop(now: Double) {
        client?.stop()
        client = nil
    }

    // MARK: Connecting

    private func connect(now: Double) {
        guard let bridge else { return }
        let c = bridge.config
        ignoredMessages = 0  // per connection (a reload's new one too)
        do {
            let endpoint = WebSocketEndpoint(
                host: c.host, port: c.port, path: c.webSocketPath, usesTLS: c.usesTLS, caFile: c.caFile)
            let client = try WebSocketClient<JSONValue?>(endpoint: endpoint) { try? JSONParser.parse($0) }
            client.connect()
            self.client = client
            connectDeadline = now + Self.connectTimeout
        } catch {
            connectionFailed("\(error)", now: now)
        }
    }

    /// Gives the connection up (the client's thread ends) and retries after the backoff.
    private func drop(_ reason: String, now: Double) {
        client?.stop()
        client = nil
        connectionFailed(reason, now: now)
    }

    private func connectionFailed(_ reason: String, now: Double, slowly: Bool = false) {
        if provedAlive { failures = 0 }
        provedAlive = false
        var reason = reason
        if ignoredMessages > 1, !reason.isEmpty { reason += " (\(ignoredMessages) messages ignored on it)" }
        ignoredMessages = 0
        client?.stop()
        client = nil
        connectDeadline = nil
        if let reaction = bridge?.closed() { apply(reaction, now: now) }
        failures += 1
        // A refused token is not fixed by retrying soon: the longest wait, every time.
        let base = slowly ? Self.maximumBackoff : min(Self.maximumBackoff, Double(1 << min(failures - 1, 6)))
        let delay = base * (0.75 + 0.5 * random())
        failedAt = now
        reconnectAt = now + delay
        guard !reason.isEmpty else { return }
        log(
            failures == 1 ? .warning : .info,
            "Home Assistant: \(bridge?.config.webSocketURL ?? ""): \(reason); retrying in \(Int(delay.rounded(.up))) s")
    }

    // MARK: Events

    private func process(_ event: WebSocketEvent<JSONValue?>, now: Double) {
        guard bridge != nil else { return }
        switch event {
        case .opened:
            guard let token = readToken(now: now) else { return }
            bridge!.opened(token: token, now: now)
        case .message(let value):
            guard let states = loop?.session.states else { return }
            apply(bridge!.received(value, states: states, now: now), now: now)
        case .oversized(let bytes):
            ignored(
                "a message of \(bytes >> 20) MiB, more than the \((client?.maximumMessage ?? 0) >> 20) MiB taken",
                now: now)
        case .binary(let bytes):
            ignored("a binary message of \(bytes) bytes", now: now)
        case .closed(let reason):
            connectionFailed(
                bridge!.phase == .authenticating ? "closed while signing in (\(reason))" : reason, now: now)
        }
    }

    /// Says the first message of a connection that was ignored, and counts the rest (said at
    /// the close): a server that sends garbage cannot flood the log.
    private func ignored(_ what: String, now: Double) {
        ignoredMessages += 1
        guard ignoredMessages == 1, let url = bridge?.config.webSocketURL else { return }
        log(.warning, "Home Assistant: \(url): ignored \(what) (more on this connection are counted, not logged)")
    }

    /// The token's first line; nil (and a retry later, after a log line naming the file) when it
    /// cannot be read.
    private func readToken(now: Double) -> String? {
        guard let file = bridge?.config.tokenFile else { return nil }
        switch readHomeAssistantToken(file) {
        case .success(let token): return token
        case .failure(let why):
            drop("homeAssistant.tokenFile: \(why.reason)", now: now)
            return nil
        }
    }

    private func apply(_ reaction: HomeAssistantBridge.Reaction, now: Double) {
        if let what = reaction.ignored { ignored(what, now: now) }
        if reaction.alive { provedAlive = true }
        for note in reaction.infos { log(.info, note) }
        for note in reaction.warnings { log(.warning, note) }
        if let client { for text in reaction.outgoing { client.send(text) } }
        if reaction.ready {
            connectDeadline = nil
            if toldAuthInvalid || failures > 0 { log(.info, "Home Assistant: connected again") }
            toldAuthInvalid = false
        }
        if !reaction.labels.isEmpty {
            labels.merge(reaction.labels) { $1 }
            showLabels(now: now)
        }
        if !reaction.availability.isEmpty { applyAvailability(now: now) }
        if let session = loop?.session {
            for command in reaction.commands {
                switch command {
                case .mirror(let id, let isOn):
                    mirroring.insert(id)
                    session.set(id, isOn: isOn, source: .homeAssistant, runActions: false, now: now)
                    mirroring.remove(id)
                case .revert(let id, let isOn):
                    session.set(id, isOn: isOn, source: .revert, runActions: false, now: now)
                }
            }
        }
        if let words = reaction.authInvalid {
            let file = bridge?.config.tokenFile ?? ""
            if !toldAuthInvalid {
                log(
                    .error,
                    "Home Assistant refused the token in \(file) (homeAssistant.tokenFile): \(words); "
                        + "make a new long-lived access token (profile, Security) and put it there; retrying every minute"
                )
            }
            toldAuthInvalid = true
            connectionFailed("", now: now, slowly: true)
        } else if let reason = reaction.drop {
            drop(reason, now: now)
        }
    }

    /// Shows each bound switch available or not: disabled while unavailable (unless the config
    /// disables it anyway), and the socket told why.
    private func applyAvailability(now: Double) {
        guard let session = loop?.session, let bridge else { return }
        session.unavailable = bridge.unavailable
        for sw in session.config.switches where sw.entity != nil {
            session.setEnabled(sw.enabled && bridge.unavailable[sw.id] == nil, of: sw.id)
        }
    }

    private func showLabels(now: Double) {
        guard let session = loop?.session, !labels.isEmpty else { return }
        for (id, label) in labels { session.setLabel(label, of: id) }
        session.invalidateAll()
    }

    private func showPending(now: Double) {
        guard let session = loop?.session else { return }
        bridge?.confirmations.show(shown: &shownPending) { id, waiting in
            session.setAwaitingConfirmation(id, waiting, now: now)
        }
    }

    private func touchRefused(_ id: String) {
        guard let why = bridge?.unavailable[id] else { return }
        log(.warning, "Home Assistant: \(id) refused a touch: \(why)")
    }
}

/// Why a token file could not be used.
struct TokenFileError: Error, CustomStringConvertible {
    var reason: String
    var description: String { reason }
}

/// The first line of a Home Assistant token file (a long-lived access token).
func readHomeAssistantToken(_ file: String) -> Result<String, TokenFileError> {
    do {
        let bytes = try readFile(file, limit: 16 << 10)
        let token = String(decoding: bytes.prefix { $0 != 10 && $0 != 13 }, as: UTF8.self)
        guard !token.isEmpty else {
            return .failure(TokenFileError(reason: "\(file) is empty (put a long-lived access token in it)"))
        }
        return .success(token)
    } catch {
        return .failure(TokenFileError(reason: "\(error)"))
    }
}
