import CMicroHTTPD
import LinuxIO

/// A request as libmicrohttpd parsed it.
public struct HTTPRequest: Sendable {
    public var method: String
    public var path: String
    public var query: [String: String]
    public var body: [UInt8]
    /// The body went over the server's limit; the rest was read and dropped.
    public var bodyTooLarge: Bool
}

/// A stream the server writes as the source has bytes (Server-Sent Events).
public protocol HTTPStreamSource: AnyObject {
    /// Copies what is ready into `buffer`: the count, 0 when nothing is (the connection then
    /// sleeps until ``HTTPServer/wake(_:)``), nil to end the stream.
    func read(into buffer: UnsafeMutableRawBufferPointer) -> Int?
    /// The connection is gone (the peer closed it, it timed out, the server stopped).
    func closed()
}

/// What to answer.
public enum HTTPReply {
    case content(status: Int, headers: [(String, String)], body: [UInt8])
    case stream(headers: [(String, String)], source: HTTPStreamSource)
}

/// Why the server could not start.
public struct HTTPServerError: Error, CustomStringConvertible {
    public var address: String
    /// The call that failed and its errno: the listening socket's (`bind` with EADDRINUSE: the
    /// port is taken), or `MHD_start_daemon`'s; nil when MHD refused without an errno.
    public var system: SystemError?
    /// libmicrohttpd itself could not be loaded.
    public var library: LibraryLoadError?
    public var description: String {
        if let library { return "cannot listen on \(address): \(library)" }
        guard let system else { return "cannot listen on \(address): libmicrohttpd refused to start" }
        let hint = " (another program has the port: --listen HOST:PORT picks another)"
        let taken = system.errno == SystemErrno.addressInUse
        return "cannot listen on \(address): \(system.errno.message)" + (taken ? hint : "")
    }
}

/// libmicrohttpd, loaded by the first server rather than linked: a panel without a preview never
/// maps it, nor GnuTLS and the libraries GnuTLS brings.
let libmicrohttpd = LoadedLibrary<switchpanel_libmicrohttpd>(
    soname: SWITCHPANEL_LIBMICROHTTPD, package: "libmicrohttpd12", load: { switchpanel_libmicrohttpd_load($0) })

/// An HTTP server run from the panel's one loop: libmicrohttpd parses and writes HTTP, we never
/// do. It is started in MHD's *external epoll* mode (`MHD_USE_EPOLL`, no internal thread): MHD
/// keeps every socket in one epoll descriptor of its own, which the loop's poller waits on
/// beside everything else (readable means some connection or the listener is ready), and
/// ``run(now:)`` (`MHD_run`) then does the work without blocking. Why this mode and not the others:
/// `MHD_get_fdset2` + `MHD_run_from_select` hand over `fd_set`s, capped at FD_SETSIZE and to be
/// rebuilt into poll interests every turn; `MHD_run_wait` and the internal-thread modes block
/// or add threads, and nothing may block the one thread or run beside it. ``nextDeadline(now:)``
/// is `MHD_get_timeout` (connection timeouts, work MHD left pending), so the loop calls back in time.
///
/// Every slot taken is no lock-out: when a connection waits to be accepted and there is no
/// room, the oldest connection not being answered is shut down for it, and a request that
/// does not arrive whole in 10 s is too (``ConnectionTable`` says which and why). The waiting
/// is seen on the listening socket itself, polled only while MHD has taken it out of its epoll
/// set for being full.
///
/// Streams (``HTTPReply/stream(headers:source:)``) are suspended (`MHD_suspend_connection`)
/// whenever their source has nothing to send, so an idle event stream costs no wake-ups, and
/// resumed by ``wake(_:)``; a peer that stops reading fills its socket and MHD simply stops
/// asking the source, until the connection timeout closes it.
public final class HTTPServer {
    private let lib: switchpanel_libmicrohttpd
    private var daemon: OpaquePointer?
    /// MHD's epoll descriptor (owned by MHD).
    public private(set) var pollHandle = PollHandle(-1)
    /// The listening socket, polled while every slot is taken (bound here, owned by MHD).
    private var listenHandle = PollHandle(-1)
    private let connectionLimit: Int
    /// Every connection MHD holds (from its connection notifications).
    private var connections = ConnectionTable()
    /// The loop's time of the current ``run(now:)``, for the callbacks inside it.
    private var now = 0.0
    /// Connections closed to make room or for taking too long over a request.
    public private(set) var shedCount = 0
    /// The port listened on (the one MHD picked for port 0).
    public private(set) var port = 0
    private let handler: (HTTPRequest) -> HTTPReply
    private let bodyLimit: Int
    /// Open streams, by their source.
    private var streams: [ObjectIdentifier: Stream] = [:]
    private var running = false
    /// A stream was resumed: MHD takes it back only in `MHD_run`, and in external-poll mode its
    /// inter-thread channel is not in the epoll set, so nothing would wake the loop for it.
    private var resumed = false

    /// Listens on `host` (an IP literal) and `port` (0: a free one). At most `connectionLimit`
    /// connections; one without progress for `timeout` seconds is closed; request headers are
    /// held in `memoryLimit` bytes per connection (more is refused by MHD with its own status).
    public init(
        host: String, port: UInt16, bodyLimit: Int, connectionLimit: Int = 64, timeout: Int = 30,
        memoryLimit: Int = 32 * 1024, handler: @escaping (HTTPRequest) -> HTTPReply
    ) throws(HTTPServerError) {
        self.handler = handler
        self.bodyLimit = bodyLimit
        self.connectionLimit = connectionLimit
        do {
            lib = try libmicrohttpd.load()
        } catch {
            throw HTTPServerError(address: "\(host):\(port)", library: error)
        }
        // Bound here, not by MHD: what a failed bind leaves in errno differs between MHD's
        // versions (Debian 13's 1.0.1 closes the socket twice and reports EBADF).
        let listener: FileDescriptor
        do {
            listener = try TCPSocket.listen(host: host, port: port)
        } catch {
            throw HTTPServerError(address: "\(host):\(port)", system: error)
        }
        let flags = MHD_USE_EPOLL.rawValue | MHD_ALLOW_SUSPEND_RESUME.rawValue
        // The daemon calls back with this object; it is created before the daemon and outlives it.
        let context = Unmanaged.passUnretained(self).toOpaque()
        // MHD owns the socket from here (see cmhd_start): MHD_stop_daemon closes it, and so
        // does a failed start, so it must not be ours to close too. (MHD_quiesce_daemon would
        // hand a running daemon's socket back, but after a failed start there is none to ask.)
        let socket = listener.handOver()
        let (started, failure) = nonNullCallClearingErrno {
            withUnsafePointer(to: lib) {
                cmhd_start(
                    $0, flags, socket, Self.accessCallback, context, Self.completedCallback,
                    Self.connectionCallback, UInt32(connectionLimit), UInt32(timeout), memoryLimit)
            }
        }
        guard let daemon = started else {
            throw HTTPServerError(
                address: "\(host):\(port)", system: failure.map { SystemError(call: "MHD_start_daemon", errno: $0) })
        }
        self.daemon = daemon
        pollHandle = PollHandle(withUnsafePointer(to: lib) { cmhd_epoll_fd($0, daemon) })
        listenHandle = PollHandle(withUnsafePointer(to: lib) { cmhd_listen_fd($0, daemon) })
        self.port = Int(withUnsafePointer(to: lib) { cmhd_bind_port($0, daemon) })
    }

    deinit { close() }

    /// What to wait on: MHD's epoll descriptor, and its listening socket while every slot is
    /// taken and one could be freed (readable: a newcomer waits; see ``handle(_:now:)``).
    public var pollInterests: [PollInterest] {
        guard connectionCount >= connectionLimit, connections.victim != nil else { return [PollInterest(pollHandle)] }
        return [PollInterest(pollHandle), PollInterest(listenHandle)]
    }

    /// One of ``pollInterests`` is ready: makes room for a waiting newcomer if it must, and runs.
    public func handle(_ event: PollEvent, now: Double) {
        if event.handle == listenHandle, connectionCount >= connectionLimit, let victim = connections.victim {
            shed(victim)
        }
        run(now: now)
    }

    /// When MHD must be run even if nothing is ready (nil: never): at once after ``wake(_:)``.
    public func nextDeadline(now: Double) -> Double? {
        guard let daemon else { return nil }
        if resumed { return now }
        var milliseconds: UInt64 = 0
        let mhd = lib.MHD_get_timeout(daemon, &milliseconds) == MHD_Result.YES ? now + Double(milliseconds) / 1000 : nil
        return [mhd, connections.nextDeadline].compactMap { $0 }.min()
    }

    /// Accepts, reads, answers and writes whatever is ready; never blocks. Not re-entered: a
    /// call from inside a callback (a request that made the panel change) does nothing.
    public func run(now: Double) {
        guard let daemon, !running else { return }
        running = true
        defer { running = false }
        self.now = now
        for connection in connections.overdue(now: now) { shed(connection) }
        resumed = false
        // Again as long as a run closed connections. At the connection limit (or when accept
        // ran out of descriptors) MHD takes its listening socket out of its epoll set, and puts
        // it back only at the start of a later `MHD_run`, never in the run that frees a slot.
        // Once the connections that held the slots are gone, MHD has no timeout to ask for and
        // its epoll descriptor never becomes readable again, so without this run nothing calls
        // it: whatever waits in the backlog is never accepted (a burst of 300 dropped
        // connections left the preview dead until restart, issue 25). A run in which the
        // listener was out accepted nothing, so fewer connections after it means one closed.
        var held = connectionCount
        while true {
            _ = lib.MHD_run(daemon)
            let now = connectionCount
            guard now < held else { break }
            held = now
        }
    }

    /// The connections MHD holds.
    public var connectionCount: Int {
        guard let daemon else { return 0 }
        return Int(withUnsafePointer(to: lib) { cmhd_connection_count($0, daemon) })
    }

    /// The stream of `source` has something to send again.
    public func wake(_ source: HTTPStreamSource) {
        guard let stream = streams[ObjectIdentifier(source)], stream.suspended, let connection = stream.connection
        else { return }
        stream.suspended = false
        lib.MHD_resume_connection(connection)
        resumed = true
    }

    /// Open streams.
    public var streamCount: Int { streams.count }

    /// Ends `connection` now: its socket is shut down, so MHD's next read or write on it fails
    /// and MHD closes it; a suspended stream is resumed to be told so (MHD watches no
    /// suspended socket).
    private func shed(_ connection: OpaquePointer) {
        guard let socket = connections.shed(connection) else { return }
        shedCount += 1
        // ENOTCONN: the peer is gone already, which MHD finds out for itself.
        try? socket.shutDown()
        guard let stream = streams.values.first(where: { $0.connection == connection }) else { return }
        stream.dropped = true
        if stream.suspended {
            stream.suspended = false
            lib.MHD_resume_connection(connection)
            resumed = true
        }
    }

    /// Closes every connection and the listener. Suspended streams are resumed and ended first
    /// (stopping MHD with suspended connections is not allowed).
    public func close() {
        guard let daemon else { return }
        for stream in streams.values {
            stream.ending = true
            if stream.suspended, let connection = stream.connection {
                stream.suspended = false
                lib.MHD_resume_connection(connection)
            }
        }
        _ = lib.MHD_run(daemon)
        lib.MHD_stop_daemon(daemon)
        connections = ConnectionTable()
        self.daemon = nil
        streams.removeAll()
    }

    // MARK: Callbacks from MHD (all on the loop's thread, inside `MHD_run`)

    /// A request's body as it arrives, kept with the connection between calls.
    private final class Upload {
        var body: [UInt8] = []
        var tooLarge = false
    }

    /// One open stream: its source and connection.
    fileprivate final class Stream {
        let source: HTTPStreamSource
        var connection: OpaquePointer?
        var suspended = false
        var ending = false
        /// Shed (``shed(_:)``): the stream ends as an error, so MHD closes the connection.
        var dropped = false
        weak var server: HTTPServer?
        init(source: HTTPStreamSource, connection: OpaquePointer, server: HTTPServer) {
            self.source = source
            self.connection = connection
            self.server = server
        }
    }

    private static let accessCallback: MHD_AccessHandlerCallback = {
        context, connection, url, method, _, uploadData, uploadSize, requestContext in
        let server = Unmanaged<HTTPServer>.fromOpaque(context!).takeUnretainedValue()
        return server.access(
            connection!, url: url.map { String(cString: $0) } ?? "/", method: method.map { String(cString: $0) } ?? "",
            uploadData: uploadData, uploadSize: uploadSize!, requestContext: requestContext!)
    }

    private static let completedCallback: MHD_RequestCompletedCallback = { context, connection, requestContext, _ in
        let server = Unmanaged<HTTPServer>.fromOpaque(context!).takeUnretainedValue()
        // Answered: the connection waits for its next request (keep-alive), or closes.
        if let connection { server.connections.set(connection, .awaitingRequest, now: server.now) }
        guard let requestContext, let upload = requestContext.pointee else { return }
        Unmanaged<Upload>.fromOpaque(upload).release()
        requestContext.pointee = nil
    }

    private static let connectionCallback: MHD_NotifyConnectionCallback = { context, connection, _, code in
        let server = Unmanaged<HTTPServer>.fromOpaque(context!).takeUnretainedValue()
        guard let connection else { return }
        if code == .CONNECTION_NOTIFY_STARTED {
            let fd = withUnsafePointer(to: server.lib) { cmhd_connection_fd($0, connection) }
            server.connections.opened(connection, socket: ForeignSocket(fd), now: server.now)
        } else {
            server.connections.closed(connection)
        }
    }

    private func access(
        _ connection: OpaquePointer, url: String, method: String, uploadData: UnsafePointer<CChar>?,
        uploadSize: UnsafeMutablePointer<Int>, requestContext: UnsafeMutablePointer<UnsafeMutableRawPointer?>
    ) -> MHD_Result {
        // First call: the headers are in; the body (if any) follows in later calls.
        guard let context = requestContext.pointee else {
            connections.set(connection, .answering, now: now)
            requestContext.pointee = Unmanaged.passRetained(Upload()).toOpaque()
            return MHD_Result.YES
        }
        let upload = Unmanaged<Upload>.fromOpaque(context).takeUnretainedValue()
        if uploadSize.pointee > 0 {
            if let uploadData, !upload.tooLarge {
                if upload.body.count + uploadSize.pointee > bodyLimit {
                    upload.tooLarge = true
                    upload.body = []
                } else {
                    uploadData.withMemoryRebound(to: UInt8.self, capacity: uploadSize.pointee) {
                        upload.body.append(contentsOf: UnsafeBufferPointer(start: $0, count: uploadSize.pointee))
                    }
                }
            }
            uploadSize.pointee = 0
            return MHD_Result.YES
        }
        let request = HTTPRequest(
            method: method, path: url, query: Self.arguments(of: connection), body: upload.body,
            bodyTooLarge: upload.tooLarge)
        switch handler(request) {
        case .content(let status, let headers, let body):
            let response = body.withUnsafeBytes {
                lib.MHD_create_response_from_buffer(
                    $0.count, UnsafeMutableRawPointer(mutating: $0.baseAddress), .RESPMEM_MUST_COPY)
            }
            guard let response else { return MHD_Result.NO }
            for (name, value) in headers { _ = lib.MHD_add_response_header(response, name, value) }
            let queued = lib.MHD_queue_response(connection, UInt32(status), response)
            lib.MHD_destroy_response(response)
            return queued
        case .stream(let headers, let source):
            let stream = Stream(source: source, connection: connection, server: self)
            let streamContext = Unmanaged.passRetained(stream).toOpaque()
            guard
                let response = lib.MHD_create_response_from_callback(
                    UInt64.max, 16 * 1024, Self.readCallback, streamContext, Self.freeCallback)
            else {
                Unmanaged<Stream>.fromOpaque(streamContext).release()
                return MHD_Result.NO
            }
            streams[ObjectIdentifier(source)] = stream
            connections.set(connection, .streaming, now: now)
            for (name, value) in headers { _ = lib.MHD_add_response_header(response, name, value) }
            let queued = lib.MHD_queue_response(connection, 200, response)
            lib.MHD_destroy_response(response)
            return queued
        }
    }

    private static let readCallback: MHD_ContentReaderCallback = { context, _, buffer, capacity in
        let stream = Unmanaged<Stream>.fromOpaque(context!).takeUnretainedValue()
        if stream.dropped { return -2 }  // MHD_CONTENT_READER_END_WITH_ERROR: MHD closes the connection
        if stream.ending { return -1 }  // MHD_CONTENT_READER_END_OF_STREAM
        let space = UnsafeMutableRawBufferPointer(start: buffer, count: capacity)
        guard let count = stream.source.read(into: space) else { return -1 }
        if count == 0, let connection = stream.connection {
            // Nothing to send: sleep until woken, rather than be asked again at every turn.
            stream.suspended = true
            libmicrohttpd.loaded?.MHD_suspend_connection(connection)
        }
        return count
    }

    private static let freeCallback: MHD_ContentReaderFreeCallback = { context in
        let stream = Unmanaged<Stream>.fromOpaque(context!).takeRetainedValue()
        stream.connection = nil
        stream.server?.streams[ObjectIdentifier(stream.source)] = nil
        stream.source.closed()
    }

    /// The URL's query arguments, decoded by MHD.
    private static func arguments(of connection: OpaquePointer) -> [String: String] {
        final class Collected { var values: [String: String] = [:] }
        let collected = Collected()
        withExtendedLifetime(collected) {
            _ = libmicrohttpd.loaded?.MHD_get_connection_values(
                connection, .GET_ARGUMENT_KIND,
                { context, _, key, value in
                    let collected = Unmanaged<Collected>.fromOpaque(context!).takeUnretainedValue()
                    if let key { collected.values[String(cString: key)] = value.map { String(cString: $0) } ?? "" }
                    return MHD_Result.YES
                }, Unmanaged.passUnretained(collected).toOpaque())
        }
        return collected.values
    }
}
