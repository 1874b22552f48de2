import FoundationEssentials
import LinuxIO
import Panel
import PanelRuntime
import Preview
import Raster
import RasterPNG
import TouchCore

/// The browser preview of a running panel (`switchpanel preview`, `run --preview`): an HTTP
/// server on the panel's one loop (a `PanelService`) that shows the screen pixel for pixel in
/// a page, takes the page's pointers as contacts, and lists the switches, the value changes and
/// their actions.
///
/// Each page gets its event stream: the whole screen as one PNG when it connects (and after a
/// reload), then only the rectangles each frame repainted, read from a `ScreenMirror` and
/// encoded when the page can take them — so a page that stops reading holds a merged damage
/// region and flags (`ClientFeed`), never a queue of frames, and gets the latest picture when
/// it reads again. Nothing here waits: MHD writes what the socket takes and the loop goes on.
public final class PreviewService: PanelService {
    public let address: ListenAddress
    public let access: PreviewAccess
    private let router: PreviewRouter
    /// Whether the panel runs the switches' actions (shown in the page; the session decides).
    private let runsActions: Bool
    private let log: (LogLevel, String) -> Void
    private var server: HTTPServer!
    /// The loop serving this (from ``start(in:now:)`` on).
    private weak var attached: PanelLoop?
    private var loop: PanelLoop { attached! }
    private var mirror: ScreenMirror?
    /// Tiles encoded since the mirror last changed: pages in step ask for the same rectangles,
    /// and ten of them cost one encoding.
    private var tileCache: [IntRect: PreviewMessage.Tile] = [:]
    private var clients: [Int: Client] = [:]
    private var nextClient = 1
    private var contacts = PointerContacts(rotation: .none, physicalWidth: 0, physicalHeight: 0)
    /// The board config's absolute path (nil: a built-in board), which saved scenarios name.
    public let boardPath: String?
    /// What was done since the panel (re)loaded, for `/scenario.json`.
    private var recorder = ScenarioRecorder(
        states: [], time: 0, settings: .init(width: 1, height: 1, frameInterval: 1, tapSlop: 0, tapMaxDuration: 0))
    /// check-config's message while the config on disk is broken (``showConfigProblem(_:)``).
    public private(set) var configProblem: String?
    private var started = 0.0
    /// Idle streams get a comment this often, which also finds peers that went away.
    static let keepAliveInterval = 15.0
    private var nextKeepAlive: Double?
    /// Shed connections are logged as a count at most this often: under a flood one line a
    /// connection would flood the journal instead.
    static let shedReportInterval = 60.0
    private var shedReported = 0
    private var nextShedReport = -Double.infinity

    // Figures for `/stats`.
    /// When frames were presented (loop clock), the most recent 1000.
    private var frameTimes: [Double] = []
    /// Wall-clock seconds spent in the service (MHD, encoding), all told.
    private var busySeconds = 0.0
    private var bytesSent = 0
    private var inputRequests = 0

    /// Listens on `address`; `access` says who may view and touch.
    /// Listens on `address`; `access` says who may view and touch; `boardPath` is the board
    /// config's file, which a saved scenario names (made absolute here).
    public init(
        address: ListenAddress, access: PreviewAccess, runsActions: Bool, boardPath: String? = nil,
        log: @escaping (LogLevel, String) -> Void
    ) throws(HTTPServerError) {
        self.boardPath = boardPath.map {
            $0.hasPrefix("/") ? $0 : FilePaths.join(FileManager.default.currentDirectoryPath, $0)
        }
        self.address = address
        self.access = access
        self.runsActions = runsActions
        self.log = log
        router = PreviewRouter(access: access)
        server = try HTTPServer(host: address.host, port: address.port, bodyLimit: PreviewRouter.bodyLimit) {
            // Weak: the server's last callbacks come while it closes, which may be in our deinit.
            [weak self] request in
            self?.answer(request) ?? .content(status: 503, headers: [], body: [])
        }
    }

    /// The port listened on (the one picked for port 0).
    public var port: Int { server.port }

    /// Connections the server closed to make room or for a request not sent in time.
    public var shedCount: Int { server.shedCount }

    /// The URLs to open: one when no token is needed, else a view-only one and one that may touch.
    public var urls: [(purpose: String, url: String)] {
        var bound = address
        bound.port = UInt16(port)
        let base = "http://\(bound)/"
        guard access.requiresToken, let view = access.viewToken, let touch = access.touchToken else {
            return [("view and touch", base)]
        }
        return [("view only", base + "?token=\(view)"), ("view and touch", base + "?token=\(touch)")]
    }

    /// Shows `message` (check-config's, naming the file and JSON path) over the panel in every
    /// page until called with nil.
    public func showConfigProblem(_ message: String?) {
        guard message != configProblem else { return }
        configProblem = message
        for client in clients.values { client.feed.errorChanged() }
        wakeAll()
    }

    // MARK: PanelService

    public func start(in loop: PanelLoop, now: Double) {
        attached = loop
        started = now
        let display = loop.session.display
        let mirror = ScreenMirror(width: display.width, height: display.height, format: display.format)
        // What is on screen already (nothing before the first frame, which repaints it all).
        mirror.update([mirror.bounds], from: loop.session.composer)
        self.mirror = mirror
        contacts = PointerContacts(
            rotation: loop.session.config.display.rotation, physicalWidth: display.width,
            physicalHeight: display.height)
        startRecording(now: now)
    }

    /// Records from now on: the board or its states may have changed (a start, a reload).
    private func startRecording(now: Double) {
        let session = loop.session
        let states = session.states
        let switches = session.config.switches
        let styles = switches.isEmpty ? [session.config.theme.style] : switches.map(\.style)
        let logical = session.config.display.rotation.logicalSize(
            width: session.display.width, height: session.display.height)
        recorder = ScenarioRecorder(
            states: switches.map { ($0.id, states[$0.id] ?? false) }, time: now,
            settings: .init(
                width: logical.width, height: logical.height, frameInterval: 1 / session.display.refreshRate,
                // The strictest switch's: what is collapsed to a tap is a tap on every switch.
                tapSlop: styles.map { $0.dragSlop * $0.scale }.min()!,
                tapMaxDuration: styles.map(\.tapMaxDuration).min()!))
    }

    /// Hands `frames` to the panel, recording them.
    private func deliver(_ frames: [[TouchEvent]]) {
        recorder.record(frames)
        loop.deliverTouches(frames)
    }

    public var pollInterests: [PollInterest] { server.pollInterests }

    public var nextDeadline: Double? {
        let shedReport = server.shedCount > shedReported ? max(nextShedReport, loop.clock.now) : nil
        return [server.nextDeadline(now: loop.clock.now), nextKeepAlive, shedReport].compactMap { $0 }.min()
    }

    public func handle(_ event: PollEvent, now: Double) {
        let began = monotonicNow()
        server.handle(event, now: now)
        busySeconds += monotonicNow() - began
    }

    public func tick(now: Double) {
        if let due = nextKeepAlive, now >= due {
            for client in clients.values { client.keepAlivePending = true }
            wakeAll()
            nextKeepAlive = now + Self.keepAliveInterval
        }
        if let due = server.nextDeadline(now: now), now >= due { runServer(now: now) }
        reportShedConnections(now: now)
        // No streams, no keep-alives: a panel nobody previews sleeps.
        if clients.isEmpty { nextKeepAlive = nil }
    }

    public func switchChanged(_ change: SwitchChange, now: Double) {
        let actions = loop.session.config.switches.first { $0.id == change.id }?.actions.map(\.summary) ?? []
        recorder.recordChange(id: change.id, on: change.isOn, byTouch: change.source == .touch, time: now)
        let entry = PreviewLogEntry(
            time: ((now - started) * 1000).rounded() / 1000, id: change.id, on: change.isOn,
            source: change.source.rawValue, actions: actions, ran: runsActions && change.source != .revert)
        for client in clients.values {
            client.feed.append(entry)
            client.feed.stateChanged()
        }
        wakeAll()
    }

    public func framePresented(damage: [IntRect], now: Double) {
        frameTimes.append(now)
        if frameTimes.count > 1000 { frameTimes.removeFirst(frameTimes.count - 1000) }
        guard let mirror else { return }
        let began = monotonicNow()
        mirror.update(damage, from: loop.session.composer)
        tileCache.removeAll(keepingCapacity: true)
        for client in clients.values { client.feed.addDamage(damage) }
        wakeAll()
        busySeconds += monotonicNow() - began
        // Send now rather than after the next wait: the frame reaches the pages this turn.
        runServer(now: now)
    }

    public func configReloaded(now: Double) {
        let display = loop.session.display
        contacts.rotation = loop.session.config.display.rotation
        contacts.physicalWidth = display.width
        contacts.physicalHeight = display.height
        // The session cancelled every contact; pages start their pointers afresh.
        contacts.forgetAll()
        startRecording(now: now)
        for client in clients.values { client.feed.stateChanged() }
        // Whatever reloaded it (a save, SIGHUP), the config on disk is a good one now.
        showConfigProblem(nil)
        wakeAll()
    }

    public func stop(now: Double) {
        server.close()
    }

    // MARK: Requests

    private func runServer(now: Double) {
        let began = monotonicNow()
        server.run(now: now)
        busySeconds += monotonicNow() - began
    }

    private func reportShedConnections(now: Double) {
        let shed = server.shedCount - shedReported
        guard shed > 0, now >= nextShedReport else { return }
        log(
            .warning,
            "preview: closed \(shed) connection\(shed == 1 ? "" : "s") that held a slot, to make room for newcomers "
                + "(every one taken) or for a request not sent within \(Int(ConnectionTable.requestDeadline)) s")
        shedReported = server.shedCount
        nextShedReport = now + Self.shedReportInterval
    }

    private func wakeAll() {
        for client in clients.values where client.feed.hasPending || client.keepAlivePending { server.wake(client) }
    }

    private func answer(_ request: HTTPRequest) -> HTTPReply {
        let routed = router.route(
            PreviewRequest(
                method: request.method, path: request.path, query: request.query, body: request.body,
                bodyTooLarge: request.bodyTooLarge))
        let now = loop.clock.now
        switch routed {
        case .content(let status, let type, let body, let allow):
            var headers = [("Content-Type", type), ("Cache-Control", "no-store")]
            if let allow { headers.append(("Allow", allow)) }
            return .content(status: status, headers: headers, body: body)
        case .events(let grant):
            let client = Client(id: nextClient, grant: grant, service: self)
            nextClient += 1
            clients[client.id] = client
            if nextKeepAlive == nil { nextKeepAlive = now + Self.keepAliveInterval }
            return .stream(
                headers: [("Content-Type", "text/event-stream"), ("Cache-Control", "no-store")], source: client)
        case .input(let id, let events):
            guard let client = clients[id] else {
                return Self.text(409, "no open event stream \(id): the page reconnects and gets a new one")
            }
            guard client.grant >= .touch else { return Self.text(403, "this stream may view the panel, not touch it") }
            inputRequests += 1
            client.inputsApplied += 1
            deliver(contacts.frames(for: events, client: id, time: now))
            return .content(status: 204, headers: [], body: [])
        case .stats:
            return .content(status: 200, headers: [("Content-Type", "application/json")], body: statistics(now: now))
        case .scenario:
            guard let boardPath else {
                return Self.text(
                    409,
                    "this preview shows the built-in demo board: a scenario needs a board file (preview --config FILE)")
            }
            // Named after the board's file; the golden beside wherever the scenario is saved.
            let stem = FilePaths.stem(of: boardPath) + "-preview"
            let json = recorder.scenarioJSON(
                name: "\(loop.session.config.name) (preview)", board: boardPath, golden: "goldens/\(stem).png")
            return .content(
                status: 200,
                headers: [
                    ("Content-Type", "application/json"), ("Cache-Control", "no-store"),
                    ("Content-Disposition", "attachment; filename=\"\(stem).json\""),
                ], body: Array(json.utf8))
        }
    }

    private static func text(_ status: Int, _ reason: String) -> HTTPReply {
        .content(
            status: status, headers: [("Content-Type", "text/plain; charset=utf-8")], body: Array((reason + "\n").utf8))
    }

    /// The page `id` went away: its contacts end without toggling anything.
    fileprivate func closed(_ client: Client) {
        clients[client.id] = nil
        guard let attached else { return }
        let frames = contacts.cancel(client: client.id, time: attached.clock.now)
        if !frames.isEmpty { deliver(frames) }
    }

    /// The bytes of `update` for `client`: pixels are read from the mirror now.
    fileprivate func encode(_ update: PreviewUpdate, for client: Client) -> [UInt8] {
        let session = loop.session
        switch update {
        case .hello:
            return PreviewMessage.event(
                "hello",
                PreviewMessage.Hello(
                    client: client.id, name: session.config.name, width: session.display.width,
                    height: session.display.height, touch: client.grant >= .touch, actions: runsActions))
        case .frame(let rects, let full):
            guard let mirror else { return [] }
            var tiles: [PreviewMessage.Tile] = []
            for rect in rects {
                if let tile = tileCache[rect] {
                    tiles.append(tile)
                    continue
                }
                do {
                    let tile = PreviewMessage.Tile(rect: rect, png: try PNG.encode(mirror.surface(of: rect)))
                    tileCache[rect] = tile
                    tiles.append(tile)
                } catch {
                    log(.warning, "preview: cannot encode \(rect): \(error)")
                    client.feed.requestFullFrame()
                }
            }
            return PreviewMessage.event(
                PreviewMessage.Frame(
                    seq: session.framesPresented, input: client.inputsApplied, full: full, tiles: tiles))
        case .error:
            return PreviewMessage.event("problem", PreviewMessage.ConfigProblem(message: configProblem))
        case .state:
            let states = session.states
            let switches = session.config.switches.map {
                PreviewMessage.SwitchState(
                    id: $0.id, label: $0.label, on: states[$0.id] ?? false, enabled: $0.enabled,
                    actions: $0.actions.map(\.summary))
            }
            return PreviewMessage.event("state", PreviewMessage.State(name: session.config.name, switches: switches))
        case .log(let entries, let dropped):
            return PreviewMessage.event("log", PreviewMessage.Log(entries: entries, dropped: dropped))
        }
    }

    fileprivate func sent(_ count: Int) { bytesSent += count }

    private func statistics(now: Double) -> [UInt8] {
        struct Stats: Encodable {
            var uptime: Double
            var framesPresented: Int
            /// Seconds since the preview started, of the most recent presented frames.
            var frameTimes: [Double]
            var busySeconds: Double
            var bytesSent: Int
            var inputRequests: Int
            /// Connections closed to make room for a newcomer or for a request not sent in time.
            var shedConnections: Int
            var clients: [ClientStats]
            var configProblem: String?
        }
        struct ClientStats: Encodable {
            var id: Int
            var bytesSent: Int
            var pending: Bool
            var outbox: Int
        }
        let stats = Stats(
            uptime: now - started, framesPresented: loop.session.framesPresented,
            frameTimes: frameTimes.map { $0 - started }, busySeconds: busySeconds, bytesSent: bytesSent,
            inputRequests: inputRequests, shedConnections: server.shedCount,
            clients: clients.values.sorted { $0.id < $1.id }.map {
                ClientStats(id: $0.id, bytesSent: $0.bytesSent, pending: $0.feed.hasPending, outbox: $0.outboxCount)
            }, configProblem: configProblem)
        return Array((try? JSONEncoder().encode(stats)) ?? Data())
    }
}

/// One page's event stream: its feed and the one message being written.
private final class Client: HTTPStreamSource {
    let id: Int
    let grant: PreviewGrant
    /// Weak: a stream may outlive the service by the moment its server takes to close.
    weak var service: PreviewService?
    var feed = ClientFeed()
    var keepAlivePending = false
    var inputsApplied = 0
    var bytesSent = 0
    /// The message being written and how much of it went.
    private var outbox: [UInt8] = []
    private var written = 0

    init(id: Int, grant: PreviewGrant, service: PreviewService) {
        self.id = id
        self.grant = grant
        self.service = service
    }

    var outboxCount: Int { outbox.count - written }

    func read(into buffer: UnsafeMutableRawBufferPointer) -> Int? {
        guard let service else { return nil }
        if written == outbox.count {
            outbox = []
            written = 0
            // The next message is made only now that the socket takes it: the latest pixels.
            if let update = feed.next(screen: service.screenBounds) {
                outbox = service.encode(update, for: self)
            } else if keepAlivePending {
                outbox = PreviewMessage.keepAlive
            }
            keepAlivePending = false
        }
        let count = min(buffer.count, outbox.count - written)
        guard count > 0 else { return 0 }
        outbox.withUnsafeBytes {
            buffer.copyMemory(from: UnsafeRawBufferPointer(rebasing: $0[written..<(written + count)]))
        }
        written += count
        bytesSent += count
        service.sent(count)
        return count
    }

    func closed() { service?.closed(self) }
}

extension PreviewService {
    fileprivate var screenBounds: IntRect {
        IntRect(x: 0, y: 0, width: loop.session.display.width, height: loop.session.display.height)
    }
}
