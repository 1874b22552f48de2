import CLinux
import Glibc
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
            "the socket path \(path) is too long (at most \(unixPathCapacity - 1) bytes)"
        }
    }
}

/// The panel's control socket: a Unix stream socket that speaks ``ControlProtocol``'s JSON
/// lines, driven by the event loop's `poll(2)` and never blocking it.
///
/// The server knows nothing about switches. The loop polls ``pollDescriptors`` for input and
/// ``wantsWritable`` for output, hands readable descriptors to ``handleReadable(_:)`` (which
/// accepts clients and returns the complete request lines, parsed), acts on each request, and
/// answers with ``send(_:to:)`` (one reply per request, built by ``ControlProtocol``); changes go
/// to subscribers through ``broadcast(_:)``. Reply before polling again: a client that shut down
/// its sending side (`echo … | socat`) is closed at the next poll once its queue is empty.
/// Events for a descriptor closed or reused during the same poll round are harmless: every
/// call is non-blocking and ignores what it does not know.
///
/// A slow or hostile client cannot stall the loop: every descriptor is non-blocking, a read
/// takes at most ``readBudget`` bytes from one client per call, a request line is at most
/// ``ControlProtocol/maximumLineBytes`` (a longer one gets an error and is skipped to its
/// newline), and replies a client does not read queue up to `outputLimit` bytes, after which the
/// client is disconnected. Writes use `MSG_NOSIGNAL`, so a vanished client never raises SIGPIPE.
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
    /// The most bytes one ``handleReadable(_:)`` call reads from one client (the rest waits for
    /// the next poll, so a flooding client shares the loop with everything else).
    public static let readBudget = 64 << 10

    private final class Client {
        let id: ClientID
        let fd: Int32
        /// The start of a line whose newline has not arrived.
        var input: [UInt8] = []
        /// Inside a line that was too long: input is dropped up to the next newline.
        var skippingLongLine = false
        /// Queued output; `output[outputSent...]` is still to be written.
        var output: [UInt8] = []
        var outputSent = 0
        var subscribed = false
        /// The client shut down its side (EOF): no more requests, but replies may still be due.
        var peerClosedWriting = false

        init(id: ClientID, fd: Int32) {
            self.id = id
            self.fd = fd
        }

        var pendingOutput: Int { output.count - outputSent }
    }

    /// The socket's path (unlinked again by ``close()``).
    public let path: String
    public let maximumClients: Int
    public let outputLimit: Int
    private var listener: Int32
    /// The socket file as bound, so ``close()`` unlinks only our own socket.
    private let boundFile: (device: UInt, inode: UInt)
    /// A descriptor held in reserve: when the process runs out (EMFILE), it is closed to accept
    /// and drop the pending connection, which would otherwise keep the listener readable and the
    /// loop spinning.
    private var spareDescriptor: Int32
    private var clients: [Int32: Client] = [:]
    private var descriptors: [ClientID: Int32] = [:]
    private var nextClient = 1
    private var readBuffer = [UInt8](repeating: 0, count: 16 << 10)

    /// Binds and listens on `path` (mode 0660, non-blocking, close-on-exec). A socket left at
    /// the path by a panel that stopped is replaced; a socket something still answers on, and
    /// anything that is not a socket, are refused.
    public init(
        path: String, maximumClients: Int = ControlServer.defaultMaximumClients,
        outputLimit: Int = ControlServer.defaultOutputLimit
    ) throws(ControlServerError) {
        self.path = path
        self.maximumClients = maximumClients
        self.outputLimit = outputLimit
        guard path.utf8.count < unixPathCapacity else { throw .pathTooLong(path: path) }
        try Self.removeStaleSocket(at: path)
        let fd: Int32
        switch systemCall({ socket(AF_UNIX, nonBlockingStream, 0) }) {
        case .success(let s): fd = s
        case .failure(let e): throw .system(SystemError(call: "socket", errno: e))
        }
        func fail(_ call: String, _ e: SystemErrno, unlinking: Bool) -> ControlServerError {
            Glibc.close(fd)
            if unlinking { unlink(path) }
            return .system(SystemError(call: call, path: path, errno: e))
        }
        let bound = withUnixAddress(path) { address, length in systemCall { bind(fd, address, length) } }!
        if case .failure(let e) = bound { throw fail("bind", e, unlinking: false) }
        // Before listen(), connections are refused: nobody gets in under the umask's mode.
        if case .failure(let e) = systemCall({ chmod(path, 0o660) }) { throw fail("chmod", e, unlinking: true) }
        if case .failure(let e) = systemCall({ listen(fd, 16) }) { throw fail("listen", e, unlinking: true) }
        var info = stat()
        if case .failure(let e) = systemCall({ lstat(path, &info) }) { throw fail("lstat", e, unlinking: true) }
        boundFile = (UInt(info.st_dev), UInt(info.st_ino))
        listener = fd
        spareDescriptor = open("/dev/null", O_RDONLY | O_CLOEXEC)
    }

    deinit { close() }

    /// Leaves `path` free for bind: nothing there, or a socket nobody answers on (removed).
    private static func removeStaleSocket(at path: String) throws(ControlServerError) {
        var info = stat()
        switch systemCall({ lstat(path, &info) }) {
        case .failure(let e) where e == .noSuchFile: return
        case .failure(let e): throw .system(SystemError(call: "lstat", path: path, errno: e))
        case .success: break
        }
        guard info.st_mode & S_IFMT == S_IFSOCK else { throw .notASocket(path: path) }
        switch systemCall({ socket(AF_UNIX, nonBlockingStream, 0) }) {
        case .failure(let e): throw .system(SystemError(call: "socket", errno: e))
        case .success(let probe):
            defer { Glibc.close(probe) }
            let connected = withUnixAddress(path) { address, length in systemCall { connect(probe, address, length) } }!
            switch connected {
            case .success: throw .alreadyListening(path: path)
            // A full backlog (EAGAIN) or a connection under way still means a listener.
            case .failure(let e) where e == .wouldBlock || e.rawValue == EINPROGRESS:
                throw .alreadyListening(path: path)
            case .failure(let e) where e.rawValue == ECONNREFUSED || e == .noSuchFile: break
            case .failure(let e): throw .system(SystemError(call: "connect", path: path, errno: e))
            }
        }
        if case .failure(let e) = systemCall({ unlink(path) }), e != .noSuchFile {
            throw .system(SystemError(call: "unlink", path: path, errno: e))
        }
    }

    // MARK: - The loop's interface

    /// The descriptors to poll for input (`POLLIN`): the listener and the clients that may still
    /// send. Empty once closed.
    public var pollDescriptors: [Int32] {
        guard listener >= 0 else { return [] }
        // A client that shut down its side is polled again only when nothing keeps it: its EOF
        // then wakes the loop, and handleReadable closes it.
        let reading = clients.values.filter {
            !$0.peerClosedWriting || ($0.pendingOutput == 0 && !$0.subscribed)
        }
        return [listener] + reading.sorted { $0.id < $1.id }.map(\.fd)
    }

    /// The clients with queued output, to poll for `POLLOUT`. Call ``handleWritable(_:)`` for any
    /// event on them (`POLLOUT`, `POLLERR` or `POLLHUP`).
    public var wantsWritable: [Int32] {
        clients.values.filter { $0.pendingOutput > 0 }.sorted { $0.id < $1.id }.map(\.fd)
    }

    /// Connected clients (subscribers included).
    public var clientCount: Int { clients.count }
    /// Clients that receive ``broadcast(_:)``.
    public var subscriberCount: Int { clients.values.filter(\.subscribed).count }

    /// Whether `client` is still connected.
    public func isConnected(_ client: ClientID) -> Bool { descriptors[client] != nil }

    /// Handles input on `fd`: the listener accepts waiting clients; a client's complete lines
    /// come back parsed, in order (partial lines wait for the rest). EOF ends the client's
    /// requests (a line cut off by it is dropped), a reset closes it. Unknown descriptors are
    /// ignored.
    public func handleReadable(_ fd: Int32) -> [Received] {
        if fd == listener, listener >= 0 {
            acceptWaitingClients()
            return []
        }
        guard let client = clients[fd] else { return [] }
        var received: [Received] = []
        var budget = Self.readBudget
        while budget > 0 {
            let count = min(budget, readBuffer.count)
            let result = readBuffer.withUnsafeMutableBytes { buffer in
                systemCall { recv(fd, buffer.baseAddress, count, Int32(MSG_DONTWAIT)) }
            }
            switch result {
            case .success(0):
                client.input.removeAll()
                client.skippingLongLine = false
                client.peerClosedWriting = true
                if received.isEmpty, client.pendingOutput == 0, !client.subscribed { disconnect(client) }
                return received
            case .success(let n):
                absorb(readBuffer[0..<n], from: client, into: &received)
                budget -= n
            case .failure(let e) where e == .wouldBlock:
                return received
            case .failure:
                // ECONNRESET and the like: the client is gone, and so are its unread replies.
                disconnect(client)
                return received
            }
        }
        return received
    }

    /// Writes what `fd`'s client has queued, as far as the socket takes it.
    public func handleWritable(_ fd: Int32) {
        guard let client = clients[fd] else { return }
        guard flush(client) else { return disconnect(client) }
        if client.pendingOutput == 0, client.peerClosedWriting, !client.subscribed { disconnect(client) }
    }

    /// Sends one line (a newline is added) to `client`: written at once as far as the socket
    /// takes it, the rest queued. A client whose queue exceeds `outputLimit` is disconnected.
    /// A client that is gone is ignored.
    public func send(_ line: String, to client: ClientID) {
        guard let fd = descriptors[client], let c = clients[fd] else { return }
        enqueue(Array(line.utf8) + [0x0A], to: c)
    }

    /// Sends one line (a newline is added) to every subscriber, as ``send(_:to:)`` does.
    public func broadcast(_ line: String) {
        let bytes = Array(line.utf8) + [0x0A]
        for client in clients.values.filter(\.subscribed).sorted(by: { $0.id < $1.id }) {
            enqueue(bytes, to: client)
        }
    }

    /// Makes `client` receive ``broadcast(_:)`` until it disconnects.
    public func markSubscribed(_ client: ClientID) {
        guard let fd = descriptors[client] else { return }
        clients[fd]?.subscribed = true
    }

    /// Closes every client and the listener, and removes the socket file if it is still ours.
    /// Safe to call more than once.
    public func close() {
        for client in clients.values { Glibc.close(client.fd) }
        clients.removeAll()
        descriptors.removeAll()
        if listener >= 0 {
            Glibc.close(listener)
            listener = -1
            var info = stat()
            if case .success = systemCall({ lstat(path, &info) }), UInt(info.st_dev) == boundFile.device,
                UInt(info.st_ino) == boundFile.inode
            {
                unlink(path)
            }
        }
        if spareDescriptor >= 0 {
            Glibc.close(spareDescriptor)
            spareDescriptor = -1
        }
    }

    // MARK: - Internals

    private func acceptWaitingClients() {
        // Bounded, so a storm of connections cannot hold the loop.
        for _ in 0..<64 {
            let accepted = systemCall {
                accept4(listener, nil, nil, Int32(SOCK_NONBLOCK.rawValue | SOCK_CLOEXEC.rawValue))
            }
            switch accepted {
            case .success(let fd):
                guard clients.count < maximumClients else {
                    let line = ControlProtocol.errorReply(.tooManyClients(limit: maximumClients)) + "\n"
                    // Into an empty socket buffer: it fits.
                    _ = Array(line.utf8).withUnsafeBytes { bytes in
                        systemCall { Glibc.send(fd, bytes.baseAddress, bytes.count, nonBlockingSend) }
                    }
                    Glibc.close(fd)
                    continue
                }
                let id = ClientID(rawValue: nextClient)
                nextClient += 1
                clients[fd] = Client(id: id, fd: fd)
                descriptors[id] = fd
            case .failure(let e) where e == .wouldBlock:
                return
            case .failure(let e) where e.rawValue == ECONNABORTED || e.rawValue == EPROTO:
                continue
            case .failure(let e) where e.rawValue == EMFILE || e.rawValue == ENFILE:
                guard spareDescriptor >= 0 else { return }
                Glibc.close(spareDescriptor)
                if case .success(let fd) = systemCall({ accept4(listener, nil, nil, Int32(SOCK_CLOEXEC.rawValue)) }) {
                    Glibc.close(fd)
                }
                spareDescriptor = open("/dev/null", O_RDONLY | O_CLOEXEC)
            case .failure:
                return
            }
        }
    }

    /// Splits new input into lines: complete ones are parsed into `received`, the rest is kept.
    private func absorb(_ bytes: ArraySlice<UInt8>, from client: Client, into received: inout [Received]) {
        var rest = bytes
        while !rest.isEmpty {
            let newline = rest.firstIndex(of: 0x0A)
            if client.skippingLongLine {
                guard let newline else { return }
                client.skippingLongLine = false
                rest = rest[(newline + 1)...]
                continue
            }
            guard let newline else {
                if client.input.count + rest.count > ControlProtocol.maximumLineBytes {
                    received.append((client.id, .failure(.lineTooLong)))
                    client.input.removeAll()
                    client.skippingLongLine = true
                } else {
                    client.input += rest
                }
                return
            }
            let piece = rest[..<newline]
            if client.input.count + piece.count > ControlProtocol.maximumLineBytes {
                received.append((client.id, .failure(.lineTooLong)))
            } else {
                client.input += piece
                received.append((client.id, ControlRequest.parse(client.input)))
            }
            client.input.removeAll(keepingCapacity: client.input.capacity <= 4096)
            rest = rest[(newline + 1)...]
        }
    }

    private func enqueue(_ bytes: [UInt8], to client: Client) {
        client.output += bytes
        guard flush(client), client.pendingOutput <= outputLimit else { return disconnect(client) }
    }

    /// Writes queued output until the socket would block. False when the connection failed.
    private func flush(_ client: Client) -> Bool {
        writing: while client.pendingOutput > 0 {
            let written = client.output.withUnsafeBytes { bytes in
                systemCall {
                    Glibc.send(
                        client.fd, bytes.baseAddress! + client.outputSent, client.pendingOutput, nonBlockingSend)
                }
            }
            switch written {
            case .success(let n): client.outputSent += n
            case .failure(let e) where e == .wouldBlock: break writing
            case .failure: return false
            }
        }
        if client.pendingOutput == 0 {
            client.output.removeAll(keepingCapacity: client.output.capacity <= 4096)
            client.outputSent = 0
        } else if client.outputSent >= 64 << 10 {
            client.output.removeFirst(client.outputSent)
            client.outputSent = 0
        }
        return true
    }

    private func disconnect(_ client: Client) {
        Glibc.close(client.fd)
        clients[client.fd] = nil
        descriptors[client.id] = nil
    }
}

/// Why a client could not talk to the panel.
public enum ControlClientError: Error, Hashable, Sendable, CustomStringConvertible {
    /// `connect` failed: no socket, nobody listening, or no permission.
    case cannotConnect(path: String, errno: SystemErrno)
    case pathTooLong(path: String)
    /// Sending or receiving failed after connecting.
    case failed(SystemError)
    /// The panel did not answer in time.
    case noReply(path: String, seconds: Double)
    /// The panel sent a line longer than ``ControlClient/maximumLineBytes``.
    case replyTooLong(path: String)

    public var description: String {
        switch self {
        case .cannotConnect(let path, let e):
            let why =
                switch e.rawValue {
                case ENOENT:
                    "no such socket; the panel must be running (it creates the socket when it starts; "
                        + "--socket PATH names another)"
                case ECONNREFUSED:
                    "connection refused; the panel is not running (the socket was left by one that stopped)"
                case EACCES, EPERM:
                    "permission denied; the socket is mode 0660: run as the panel's user or a member of its group"
                default: "\(e); the panel must be running"
                }
            return "cannot connect to \(path): \(why)"
        case .pathTooLong(let path):
            return "the socket path \(path) is too long (at most \(unixPathCapacity - 1) bytes)"
        case .failed(let error): return error.description
        case .noReply(let path, let seconds): return "no reply from the panel at \(path) within \(format(seconds)) s"
        case .replyTooLong(let path): return "the panel at \(path) sent a line longer than 16 MiB"
        }
    }

    private func format(_ seconds: Double) -> String {
        seconds == seconds.rounded() ? String(Int(seconds)) : "\(seconds)"
    }
}

/// A blocking client of ``ControlServer``, one line at a time (`switchpanel ctl`, and tests).
public final class ControlClient {
    public let path: String
    /// The connected socket (blocking, close-on-exec); owned by this object.
    public let fileDescriptor: Int32
    private var input: [UInt8] = []
    public static let maximumLineBytes = 16 << 20

    public init(path: String) throws(ControlClientError) {
        self.path = path
        guard path.utf8.count < unixPathCapacity else { throw .pathTooLong(path: path) }
        switch systemCall({ socket(AF_UNIX, Int32(SOCK_STREAM.rawValue | SOCK_CLOEXEC.rawValue), 0) }) {
        case .success(let fd): fileDescriptor = fd
        case .failure(let e): throw .failed(SystemError(call: "socket", errno: e))
        }
        let connected = withUnixAddress(path) { address, length in
            systemCall { connect(fileDescriptor, address, length) }
        }!
        if case .failure(let e) = connected {
            Glibc.close(fileDescriptor)
            throw .cannotConnect(path: path, errno: e)
        }
    }

    deinit { Glibc.close(fileDescriptor) }

    /// Sends `line` and a newline, all of it.
    public func send(_ line: String) throws(ControlClientError) {
        let bytes = Array(line.utf8) + [0x0A]
        var sent = 0
        while sent < bytes.count {
            let result = bytes.withUnsafeBytes { buffer in
                systemCall {
                    Glibc.send(
                        fileDescriptor, buffer.baseAddress! + sent, buffer.count - sent, Int32(MSG_NOSIGNAL))
                }
            }
            switch result {
            case .success(let n): sent += n
            case .failure(let e): throw .failed(SystemError(call: "send", path: path, errno: e))
            }
        }
    }

    /// The next line (without its newline), or nil when the panel closed the connection. Throws
    /// ``ControlClientError/noReply(path:seconds:)`` when no whole line came within `timeout`
    /// seconds (nil waits for ever).
    public func readLine(timeout: Double? = nil) throws(ControlClientError) -> String? {
        let deadline = timeout.map { monotonicNow() + $0 }
        var buffer = [UInt8](repeating: 0, count: 16 << 10)
        while true {
            if let newline = input.firstIndex(of: 0x0A) {
                let line = String(decoding: input[..<newline], as: UTF8.self)
                input.removeFirst(newline + 1)
                return line
            }
            guard input.count <= Self.maximumLineBytes else { throw .replyTooLong(path: path) }
            if let deadline, let timeout {
                let left = deadline - monotonicNow()
                let ready: [Int32]
                do {
                    ready = try waitForReadable([fileDescriptor], timeoutMilliseconds: Int32(max(0, left * 1000)))
                } catch {
                    throw .failed(error)
                }
                if ready.isEmpty { throw .noReply(path: path, seconds: timeout) }
            }
            let result = buffer.withUnsafeMutableBytes { bytes in
                systemCall { recv(fileDescriptor, bytes.baseAddress, bytes.count, 0) }
            }
            switch result {
            case .success(0): return nil
            case .success(let n): input += buffer[0..<n]
            case .failure(let e) where e.rawValue == ECONNRESET: return nil
            case .failure(let e): throw .failed(SystemError(call: "recv", path: path, errno: e))
            }
        }
    }

    /// Sends one request line and returns the reply line (nil when the panel closed the connection).
    public func request(_ line: String, timeout: Double? = 10) throws(ControlClientError) -> String? {
        try send(line)
        return try readLine(timeout: timeout)
    }
}

/// `SOCK_STREAM | SOCK_NONBLOCK | SOCK_CLOEXEC`: the listener, and the probe of an old socket.
private let nonBlockingStream = Int32(SOCK_STREAM.rawValue | SOCK_NONBLOCK.rawValue | SOCK_CLOEXEC.rawValue)

/// `MSG_NOSIGNAL | MSG_DONTWAIT`: a vanished client is an EPIPE, not a SIGPIPE, and a full socket an EAGAIN.
private let nonBlockingSend = Int32(MSG_NOSIGNAL | MSG_DONTWAIT)

/// `sizeof(sockaddr_un.sun_path)`: a path needs one byte less, for its NUL.
let unixPathCapacity = MemoryLayout.size(ofValue: sockaddr_un().sun_path)

/// Calls `body` with `path` as a `sockaddr_un`; nil when the path does not fit.
func withUnixAddress<R>(_ path: String, _ body: (UnsafePointer<sockaddr>, socklen_t) -> R) -> R? {
    let bytes = Array(path.utf8)
    guard bytes.count < unixPathCapacity else { return nil }
    var address = sockaddr_un()
    address.sun_family = sa_family_t(AF_UNIX)
    withUnsafeMutableBytes(of: &address.sun_path) { sunPath in
        sunPath.copyBytes(from: bytes)
        sunPath[bytes.count] = 0
    }
    let length = socklen_t(MemoryLayout<sa_family_t>.size + bytes.count + 1)
    return withUnsafePointer(to: &address) {
        $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { body($0, length) }
    }
}
