import LinuxIO
import Panel

/// Why the control socket could not be set up.
public enum ControlServerError: Error, Hashable, Sendable, CustomStringConvertible {
    /// A system call failed (`bind`, `chmod`, `listen`, …).
    case system(SystemError)
    /// Something other than a socket is at the path; it is left alone.
    case notASocket(path: String)
    /// Another process (most likely another panel) accepts connections on the path.
    case alreadyListening(path: String)
    /// The path does not fit in `sockaddr_un` (107 bytes).
    case pathTooLong(path: String)
    /// The user's own socket directory (``ControlSocketLocation/privateDirectory``) is not
    /// safely theirs: another user's, open to others, or not a directory.
    case unsafeDirectory(path: String, reason: String)

    public var description: String {
        switch self {
        case .system(let error):
            error.description
                + (error.errno == .noSuchFile
                    ? "; the runtime directory must exist (systemd's RuntimeDirectory= creates it)" : "")
        case .notASocket(let path):
            "\(path) exists and is not a socket; refusing to replace it (remove it or choose another socket path)"
        case .alreadyListening(let path):
            "another process is already listening on \(path) (is a second panel running?)"
        case .pathTooLong(let path):
            "the socket path \(path) is too long (at most \(UnixSocket.pathCapacity - 1) bytes)"
        case .unsafeDirectory(let path, let reason):
            "\(path) \(reason): the socket is not put there (remove it, or choose another socket path)"
        }
    }
}

/// The panel's control socket: a Unix stream socket that speaks `ControlProtocol`'s JSON
/// lines, driven by the event loop's poller and never blocking it.
///
/// The server knows nothing about switches, and nothing about lines either: each client's
/// framing and output queue is a `ControlConnection` (Panel, pure). The loop polls
/// ``pollInterests``, hands each ready event to ``handle(_:now:)`` (which accepts clients, sends
/// queued output and returns the complete request lines, parsed), acts on each request, and
/// answers with ``send(_:to:)`` (one reply per request, built by `ControlProtocol`); changes go
/// to subscribers through ``broadcast(_:)``. Reply before polling again: a client that shut down
/// its sending side (`echo … | socat`) is closed at the next poll once its queue is empty.
///
/// A slow or hostile client cannot stall the loop: every descriptor is non-blocking, a read
/// takes at most ``readBudget`` bytes from one client per call, and replies a client does not
/// read queue up to `outputLimit` bytes, after which the client is disconnected. Sends never
/// raise SIGPIPE.
///
/// Nor can idle clients hold every place: a client that has sent nothing and read nothing for
/// `idleTimeout` seconds, with no request of its waiting to be answered, is closed at
/// ``nextDeadline`` (the loop calls ``expire(now:)``). Subscribers wait for events by design and
/// are exempt, but at most `maximumSubscribers` of them are taken, so they never fill every place.
/// Nor do idle clients wait for that timeout to give way: with every place taken, a newcomer gets
/// the place of the client idle longest that is not a subscriber and has no request waiting,
/// which is told why in one line and closed (a client is read from before it is chosen, and is
/// never closed in the turn that accepted it, so one that is sending is not pushed out by others
/// that reconnect as fast as they are closed). Only when every place is a subscriber's or has a
/// request waiting is a newcomer refused.
/// Time is the loop's: every call that can start or end a client's idleness takes `now`.
public final class ControlServer {
    /// A connected client, unique for the server's lifetime (descriptors are reused; these are not).
    public struct ClientID: Hashable, Comparable, Sendable, CustomStringConvertible {
        public let rawValue: Int
        public static func < (a: ClientID, b: ClientID) -> Bool { a.rawValue < b.rawValue }
        public var description: String { "client \(rawValue)" }
    }

    /// One request line from one client: the parsed request, or the error to reply with.
    public typealias Received = (client: ClientID, request: Result<ControlRequest, ControlProtocolError>)

    public static let defaultMaximumClients = 32
    public static let defaultOutputLimit = 256 << 10
    /// The most bytes one ``handle(_:now:)`` call reads from one client (the rest waits for the next
    /// poll, so a flooding client shares the loop with everything else).
    public static let readBudget = 64 << 10
    /// The most requests taken from one client per turn of the loop: a client that pipelines
    /// thousands is answered over many turns, with frames and other clients served between.
    /// Measured with 20 clients pipelining 800 sets each and a `list` 50 ms later (release
    /// build, a loaded 2-core machine): 16 answers the list in 66–94 ms at 10–14 k
    /// acknowledged changes/s; 64 took 109–158 ms at 20–27 k/s.
    public static let requestsPerTurn = 16
    /// Seconds a client may stay silent (sending nothing, reading nothing) before it is closed.
    /// `ctl` and scripts finish in milliseconds, so 30 s is far beyond any honest exchange and
    /// still gives a person typing into `socat` time to think; a client that leaked its
    /// connection (or 32 of them) frees its place within half a minute.
    public static let defaultIdleTimeout = 30.0
    /// Half the places: the other half always turns over.
    public static let defaultMaximumSubscribers = 16

    private final class Client {
        let id: ClientID
        let socket: FileDescriptor
        var connection: ControlConnection
        /// When the client last sent a byte or took one of ours (or connected).
        var lastActivity: Double
        /// The ``acceptWaitingClients(now:)`` call that took it in: a client is not closed to make
        /// room in the call that accepted it (it has not been read from yet).
        let admittedRound: Int

        init(id: ClientID, socket: consuming FileDescriptor, outputLimit: Int, now: Double, round: Int) {
            self.id = id
            self.socket = socket
            connection = ControlConnection(outputLimit: outputLimit)
            lastActivity = now
            admittedRound = round
        }
    }

    /// The socket's path (unlinked again by ``close()``).
    public let path: String
    public let maximumClients: Int
    public let outputLimit: Int
    public let idleTimeout: Double
    public let maximumSubscribers: Int
    private var listener: FileDescriptor?
    /// The socket file as bound, so ``close()`` unlinks only our own socket.
    private let boundFile: FileStatus
    /// A descriptor held in reserve: when the process runs out (EMFILE), it is closed to accept
    /// and drop the pending connection, which would otherwise keep the listener readable and the
    /// loop spinning.
    private var spareDescriptor: FileDescriptor?
    private var clients: [PollHandle: Client] = [:]
    private var handles: [ClientID: PollHandle] = [:]
    private var nextClient = 1
    /// Counts ``acceptWaitingClients(now:)`` calls (``Client/admittedRound``).
    private var acceptRound = 0
    /// Clients closed so far to make room for a newcomer.
    public private(set) var evictedCount = 0
    private var readBuffer = [UInt8](repeating: 0, count: 16 << 10)

    /// Binds and listens on `path` (mode 0660, non-blocking, close-on-exec). A socket left at
    /// the path by a panel that stopped is replaced; a socket something still answers on, and
    /// anything that is not a socket, are refused.
    public init(
        path: String, maximumClients: Int = ControlServer.defaultMaximumClients,
        outputLimit: Int = ControlServer.defaultOutputLimit, idleTimeout: Double = ControlServer.defaultIdleTimeout,
        maximumSubscribers: Int = ControlServer.defaultMaximumSubscribers
    ) throws(ControlServerError) {
        self.path = path
        self.maximumClients = maximumClients
        self.outputLimit = outputLimit
        self.idleTimeout = idleTimeout
        self.maximumSubscribers = maximumSubscribers
        guard path.utf8.count < UnixSocket.pathCapacity else { throw .pathTooLong(path: path) }
        try Self.removeStaleSocket(at: path)
        do throws(SystemError) {
            listener = try UnixSocket.listen(path: path, permissions: 0o660)
            boundFile = try FileStatus(path: path, followingLinks: false)
        } catch {
            throw .system(error)
        }
        spareDescriptor = try? FileDescriptor.open("/dev/null", .readOnly)
    }

    deinit { close() }

    /// Leaves `path` free for bind: nothing there, or a socket nobody answers on (removed).
    private static func removeStaleSocket(at path: String) throws(ControlServerError) {
        let status: FileStatus
        do {
            status = try FileStatus(path: path, followingLinks: false)
        } catch {
            if error.errno == .noSuchFile { return }
            throw .system(error)
        }
        guard status.kind == .socket else { throw .notASocket(path: path) }
        var refusal: SystemError?
        do throws(SystemError) {
            _ = try UnixSocket.connect(path: path, nonBlocking: true)
        } catch {
            refusal = error
        }
        switch refusal?.errno {
        // Connected, a full backlog (EAGAIN) or a connection under way: a listener.
        case nil, .wouldBlock?, .inProgress?: throw .alreadyListening(path: path)
        case .connectionRefused?, .noSuchFile?: break
        default: throw .system(refusal!)
        }
        do { try removeFile(path) } catch { throw .system(error) }
    }

    // MARK: - The loop's interface

    /// What to poll: the listener, the clients that may still send (readable) and those with
    /// queued output (writable). Empty once closed.
    public var pollInterests: [PollInterest] {
        guard let listening = listener?.pollHandle else { return [] }
        return [PollInterest(listening)]
            + clients.values.sorted { $0.id < $1.id }.compactMap { client in
                let readable = client.connection.wantsInput
                let writable = client.connection.pendingByteCount > 0
                return readable || writable
                    ? PollInterest(client.socket.pollHandle, readable: readable, writable: writable) : nil
            }
    }

    /// Connected clients (subscribers included).
    public var clientCount: Int { clients.count }
    /// Clients that receive ``broadcast(_:)``.
    public var subscriberCount: Int { clients.values.filter(\.connection.isSubscribed).count }

    /// Whether `client` is still connected.
    public func isConnected(_ client: ClientID) -> Bool { handles[client] != nil }

    /// Handles one ready descriptor: the listener accepts waiting clients; a client's queued
    /// output is sent as far as it goes, and its complete lines come back parsed, in order.
    /// EOF ends the client's requests, a reset closes it. Unknown handles are ignored.
    public func handle(_ event: PollEvent, now: Double) -> [Received] {
        transfer(event, now: now)
        guard let client = clients[event.handle] else { return [] }
        return take(from: client)
    }

    /// The I/O half of ``handle(_:now:)``: accepts, sends queued output, reads into the clients'
    /// buffers; the requests wait for ``takeRequests()``. The loop does this for every ready
    /// descriptor first, then takes the requests of all clients together.
    public func transfer(_ event: PollEvent, now: Double) {
        if let listening = listener?.pollHandle, event.handle == listening {
            acceptWaitingClients(now: now)
            return
        }
        guard let client = clients[event.handle] else { return }
        if event.writable {
            let before = client.connection.pendingByteCount
            guard flush(client) else { return lostConnection(client) }
            if client.connection.pendingByteCount < before { client.lastActivity = now }
            if client.connection.isFinished { return disconnect(client) }
        }
        if event.readable { read(client, now: now) }
    }

    /// When the next idle client is due to be closed: its last activity plus ``idleTimeout``.
    /// Subscribers and clients with a request waiting have none. Nil when no client is idle.
    public var nextDeadline: Double? {
        clients.values.compactMap(idleDeadline).min()
    }

    /// Closes the clients whose idle deadline is `now` or earlier.
    public func expire(now: Double) {
        for client in clients.values.sorted(by: { $0.id < $1.id }) {
            if let deadline = idleDeadline(client), deadline <= now { disconnect(client) }
        }
    }

    private func idleDeadline(_ client: Client) -> Double? {
        guard !client.connection.isSubscribed, !client.connection.hasBufferedRequest else { return nil }
        return client.lastActivity + idleTimeout
    }

    /// Whether some client has a whole request waiting (the loop comes back at once for it).
    public var hasBufferedRequests: Bool { clients.values.contains { $0.connection.hasBufferedRequest } }

    /// Up to ``requestsPerTurn`` waiting requests of every client, clients in the order they
    /// connected, each client's in the order sent.
    public func takeRequests() -> [Received] {
        clients.values.sorted { $0.id < $1.id }.flatMap { take(from: $0) }
    }

    private func take(from client: Client) -> [Received] {
        let requests = client.connection.nextRequests(limit: Self.requestsPerTurn).map { (client.id, $0) }
        // Done, or gone with its last requests taken now (their replies have nowhere to go).
        if client.connection.isFinished, requests.isEmpty || client.connection.outputClosed { disconnect(client) }
        return requests
    }

    /// Sends one line (a newline is added) to `client`: sent at once as far as the socket takes
    /// it, the rest queued. A client whose queue exceeds `outputLimit` is disconnected. A client
    /// that is gone is ignored.
    public func send(_ line: String, to client: ClientID) {
        guard let handle = handles[client], let c = clients[handle] else { return }
        enqueue(line, to: c)
    }

    /// Sends one line (a newline is added) to every subscriber, as ``send(_:to:)`` does.
    public func broadcast(_ line: String) {
        for client in clients.values.filter(\.connection.isSubscribed).sorted(by: { $0.id < $1.id }) {
            enqueue(line, to: client)
        }
    }

    /// Makes `client` receive ``broadcast(_:)`` until it disconnects (and exempts it from the
    /// idle timeout). False, and nothing changes, when ``maximumSubscribers`` others already
    /// subscribed: the caller replies `ControlProtocolError.tooManySubscribers(limit:tag:)`.
    @discardableResult
    public func markSubscribed(_ client: ClientID) -> Bool {
        guard let handle = handles[client], let c = clients[handle] else { return false }
        if c.connection.isSubscribed { return true }
        guard subscriberCount < maximumSubscribers else { return false }
        c.connection.isSubscribed = true
        return true
    }

    /// Closes every client and the listener, and removes the socket file if it is still ours.
    /// Safe to call more than once.
    public func close() {
        clients.removeAll()
        handles.removeAll()
        if listener != nil {
            listener = nil
            if let now = try? FileStatus(path: path, followingLinks: false), now.isSameFile(as: boundFile) {
                try? removeFile(path)
            }
        }
        spareDescriptor = nil
    }

    // MARK: - Internals

    private func acceptWaitingClients(now: Double) {
        acceptRound += 1
        // Bounded, so a storm of connections cannot hold the loop.
        for _ in 0..<64 {
            // At capacity, the place is found before the newcomer is taken off the backlog, so
            // one that cannot have it yet stays there for the next turn.
            let room = clients.count < maximumClients ? .free : makeRoom(now: now)
            if case .later = room { return }
            let accepted: FileDescriptor?
            do {
                accepted = try listener?.accept()
            } catch  where error.errno == .processOutOfDescriptors || error.errno == .systemOutOfDescriptors {
                // Out of descriptors: free the spare, take the connection and drop it at once.
                guard spareDescriptor != nil else { return }
                spareDescriptor = nil
                _ = try? listener?.accept()
                spareDescriptor = try? FileDescriptor.open("/dev/null", .readOnly)
                continue
            } catch {
                return
            }
            guard let socket = accepted else { return }
            switch room {
            case .free, .later: break
            case .taken(let idlest): evict(idlest)
            case .none:
                // Into an empty socket buffer: it fits. The socket closes as it goes.
                let line = Array((ControlProtocol.errorReply(.tooManyClients(limit: maximumClients)) + "\n").utf8)
                _ = line.withUnsafeBytes { try? socket.send($0) }
                continue
            }
            let id = ClientID(rawValue: nextClient)
            nextClient += 1
            let client = Client(id: id, socket: socket, outputLimit: outputLimit, now: now, round: acceptRound)
            clients[client.socket.pollHandle] = client
            handles[id] = client.socket.pollHandle
        }
    }

    /// Where a newcomer goes when every place is taken.
    private enum Room {
        /// A place is free (a client that was checked had hung up).
        case free
        /// The place of this client, the idlest, which is closed once the newcomer is accepted.
        case taken(Client)
        /// Only clients accepted in this call could give up their place: the newcomer waits in
        /// the backlog for the next turn, when they have been read from.
        case later
        /// Every place is a subscriber's or has a request waiting: the newcomer is refused.
        case none
    }

    /// Finds the place for a newcomer at capacity: that of the client idle longest (least
    /// recent ``Client/lastActivity``, the older first) that is not a subscriber (they have their
    /// own cap), has no request waiting to be answered, and was accepted before this call. The
    /// candidate is read first: a request that arrived meanwhile spares it (a client that
    /// connected and is sending is never closed for one that connects after it, however fast
    /// the closed ones come back), a hang-up frees its place.
    private func makeRoom(now: Double) -> Room {
        var spared: Set<ClientID> = []
        while clients.count >= maximumClients {
            let candidates = clients.values.filter { client in
                !client.connection.isSubscribed && !client.connection.hasBufferedRequest
                    && !spared.contains(client.id)
            }
            let idlest = candidates.filter { $0.admittedRound < acceptRound }.min { a, b in
                (a.lastActivity, a.id.rawValue) < (b.lastActivity, b.id.rawValue)
            }
            guard let idlest else { return candidates.isEmpty ? .none : .later }
            read(idlest, now: now)
            if !isConnected(idlest.id) { continue }
            if idlest.connection.hasBufferedRequest {
                spared.insert(idlest.id)
                continue
            }
            return .taken(idlest)
        }
        return .free
    }

    /// Closes `client` to make room for a newcomer, telling it why after what it was owed.
    private func evict(_ client: Client) {
        guard isConnected(client.id) else { return }
        if client.connection.enqueue(ControlProtocol.errorReply(.evicted(limit: maximumClients))) {
            _ = flush(client)
        }
        evictedCount += 1
        disconnect(client)
    }

    /// Reads up to ``readBudget`` bytes from `client` into its buffer (less when its buffer is full).
    private func read(_ client: Client, now: Double) {
        var budget = Self.readBudget
        while budget > 0, client.connection.wantsInput {
            let count = min(budget, readBuffer.count)
            let result = readBuffer.withUnsafeMutableBytes { buffer in
                Result { () throws(SystemError) in
                    try client.socket.read(into: UnsafeMutableRawBufferPointer(rebasing: buffer[..<count]))
                }
            }
            switch result {
            case .success(nil):
                return
            case .success(0):
                client.connection.endInput()
                if client.connection.isFinished { disconnect(client) }
                return
            case .success(let n?):
                client.connection.buffer(readBuffer[0..<n])
                client.lastActivity = now
                budget -= n
            case .failure:
                // ECONNRESET and the like: the client is gone, and so are its unread replies.
                return lostConnection(client)
            }
        }
    }

    private func enqueue(_ line: String, to client: Client) {
        guard client.connection.enqueue(line) else { return disconnect(client) }
        if !flush(client) { lostConnection(client) }
    }

    /// The client reset the connection or can no longer be written to: the requests it sent
    /// before are still acted on (a fire-and-forget writer that closed without reading its
    /// replies loses none of its changes), and it is closed once they are taken.
    private func lostConnection(_ client: Client) {
        client.connection.endInput()
        client.connection.closeOutput()
        if client.connection.isFinished { disconnect(client) }
    }

    /// Sends queued output until the socket would block. False when the connection failed.
    private func flush(_ client: Client) -> Bool {
        while client.connection.pendingByteCount > 0 {
            let sent = client.connection.withPendingBytes { bytes in
                Result { () throws(SystemError) in try client.socket.send(bytes) }
            }
            switch sent {
            case .success(let n?): client.connection.didSend(n)
            case .success(nil): return true
            case .failure: return false
            }
        }
        return true
    }

    private func disconnect(_ client: Client) {
        clients[client.socket.pollHandle] = nil
        handles[client.id] = nil
    }
}
