import CWebSockets
import LinuxIO
import Synchronization

/// Where a WebSocket client connects.
public struct WebSocketEndpoint: Hashable, Sendable {
    public var host: String
    public var port: Int
    public var path: String
    public var usesTLS: Bool
    /// The CA file that signs the server's certificate; nil: the system's CAs.
    public var caFile: String?

    public init(host: String, port: Int, path: String, usesTLS: Bool, caFile: String? = nil) {
        self.host = host
        self.port = port
        self.path = path
        self.usesTLS = usesTLS
        self.caFile = caFile
    }
}

/// What happened on the connection, in order, as the panel's loop takes it.
public enum WebSocketEvent<Message: Sendable>: Sendable {
    /// The handshake succeeded: messages can be sent.
    case opened
    /// One complete message, decoded on the I/O thread.
    case message(Message)
    /// A message longer than the client's limit was skipped whole (its size so far).
    case oversized(bytes: Int)
    /// A binary message was skipped whole, undecoded (its size): a text protocol's client has
    /// no use for one.
    case binary(bytes: Int)
    /// The connection could not be opened, or it closed; no more events come from it.
    case closed(reason: String)
}

/// A WebSocket client over libwebsockets (dlopen'd), for the panel's one loop: libwebsockets
/// (built without external-poll support on Debian) runs its own service loop on one I/O thread of
/// this client's, which sleeps in poll(2) between events. Everything the loop asks (connect,
/// send, close) is queued and the thread woken with `lws_cancel_service`, the one libwebsockets
/// call safe from another thread; every complete message is decoded there (`decode`: parsing
/// costs the loop nothing) and handed back through an `EventCounter` the loop polls. So the
/// loop never blocks on the network, not even for name resolution, and no one busy-polls.
///
/// One connection at a time; after `.closed` the loop may ``connect()`` again.
public final class WebSocketClient<Message: Sendable>: @unchecked Sendable {
    // Shared with the I/O thread: every field it touches is in `shared` (under its lock), or
    // immutable after init.
    public static var library: LoadedLibrary<switchpanel_libwebsockets> { webSocketsLibrary }

    /// The largest message taken (the JSON parser's limit); longer ones are skipped and reported.
    public let maximumMessage: Int
    private let endpoint: WebSocketEndpoint
    private let decode: @Sendable ([UInt8]) -> Message
    private let wakeLoop: EventCounter
    private let lib: switchpanel_libwebsockets
    private let shared = Mutex(Shared())

    struct Shared: ~Copyable {
        var context: ContextPointer?
        var events: [WebSocketEvent<Message>] = []
        var outgoing: [[UInt8]] = []
        var wantsConnection = false
        var wantsClose = false
        var stopping = false
        var threadEnded = false
    }

    // Only the I/O thread touches these.
    private var wsi: OpaquePointer?
    /// A connection is being opened or is open (a failure while opening may be reported from
    /// inside `lws_client_connect_via_info`, before it returns).
    private var live = false
    private var incoming: [UInt8] = []
    private var skipping = 0
    /// The bytes of the binary message being skipped; nil: none is.
    private var binary: Int?
    /// Why OpenSSL refused the server's certificate on the connection being opened; nil: it did not.
    private var certificateRefusal: String?

    /// The CAs trusted when the endpoint names none (Debian's ca-certificates).
    static var systemCAs: String { "/etc/ssl/certs/ca-certificates.crt" }

    /// Loads libwebsockets (an error naming the package if it is missing) and starts the I/O
    /// thread, which makes its libwebsockets context; nothing connects until ``connect()``. Does
    /// not wait for the context: making one takes 100-200 ms (OpenSSL's set-up), which the
    /// panel's loop must not spend; a context that cannot be made is a `.closed` event.
    public init(
        endpoint: WebSocketEndpoint, maximumMessage: Int = 4 << 20, decode: @escaping @Sendable ([UInt8]) -> Message
    ) throws(WebSocketError) {
        do {
            lib = try Self.library.load()
        } catch {
            throw .library(error)
        }
        do {
            wakeLoop = try EventCounter()
        } catch {
            throw .system(error)
        }
        self.endpoint = endpoint
        self.maximumMessage = maximumMessage
        self.decode = decode
        // The context is made on the thread: libwebsockets wants one thread for all of a
        // context's calls.
        do {
            try startDetachedThread(stackSize: 256 << 10) { [self] in run() }
        } catch {
            throw .system(error)
        }
    }

    deinit {
        let context = shared.withLock { s -> OpaquePointer? in
            s.stopping = true
            return s.context?.pointer
        }
        if let context { lib.lws_cancel_service(context) }
    }

    /// Ends the I/O thread (the connection is dropped without a close frame); the client is
    /// done. Does not wait.
    public func stop() {
        let context = shared.withLock { s -> OpaquePointer? in
            s.stopping = true
            return s.context?.pointer
        }
        if let context { lib.lws_cancel_service(context) }
    }

    /// What the loop waits on: readable when ``takeEvents()`` has something.
    public var pollInterest: PollInterest { PollInterest(wakeLoop.pollHandle) }

    /// Opens the connection (name resolution, TCP, TLS and the handshake happen on the I/O
    /// thread); `.opened` or `.closed` follows.
    public func connect() {
        wake { $0.wantsConnection = true }
    }

    /// Queues a text message (sent in order once the connection is open; dropped at a close).
    public func send(_ text: String) {
        let bytes = Array(text.utf8)
        wake { $0.outgoing.append(bytes) }
    }

    /// Closes the connection (a normal close frame); `.closed` follows.
    public func close() {
        wake {
            $0.wantsClose = true
            $0.wantsConnection = false
        }
    }

    /// The events since the last call, in order.
    public func takeEvents() -> [WebSocketEvent<Message>] {
        wakeLoop.drain()
        return shared.withLock { s in
            defer { s.events.removeAll() }
            return s.events
        }
    }

    private func wake(_ change: (inout Shared) -> Void) {
        let context = shared.withLock { s -> OpaquePointer? in
            change(&s)
            return s.context?.pointer
        }
        if let context { lib.lws_cancel_service(context) }
    }

    private func post(_ event: WebSocketEvent<Message>) {
        shared.withLock { $0.events.append(event) }
        wakeLoop.signal()
    }

    // MARK: The I/O thread

    private func run() {
        let protocols = UnsafeMutablePointer<lws_protocols>.allocate(capacity: 2)
        protocols.initialize(repeating: lws_protocols(), count: 2)
        let name = copiedCString("switchpanel")
        protocols[0].name = UnsafePointer(name)
        protocols[0].callback = { wsi, reason, user, input, length in
            guard let wsi, let lib = webSocketsLibrary.loaded,
                let owner = lib.lws_context_user(lib.lws_get_context(wsi))
            else { return 0 }
            let client = Unmanaged<AnyObject>.fromOpaque(owner).takeUnretainedValue() as! WebSocketCallbacks
            return client.callback(wsi, reason, user, input, length)
        }
        let ca = copiedCString(endpoint.caFile ?? Self.systemCAs)
        // The context's user is this client, retained for the thread's life.
        let me = Unmanaged.passRetained(self as AnyObject)
        // A connection may take 10 s to open (resolution, TCP, TLS, handshake).
        let context = withUnsafePointer(to: lib) {
            switchpanel_lws_create_context(
                $0, protocols, endpoint.usesTLS ? UnsafePointer(ca) : nil, 10, me.toOpaque())
        }
        shared.withLock { $0.context = context.map(ContextPointer.init) }
        if context == nil {
            // It fails only for want of memory (or of OpenSSL); whatever was asked ends here.
            post(.closed(reason: "libwebsockets could not make its context (lws_create_context)"))
        }
        if let context {
            // What the loop asked before the context existed (its wake-ups went nowhere).
            takeRequests()
            while !shared.withLock({ $0.stopping }) {
                _ = lib.lws_service(context, 0)
            }
            shared.withLock { $0.context = nil }
            lib.lws_context_destroy(context)
        }
        me.release()
        ca.deallocate()
        name.deallocate()
        protocols.deallocate()
        shared.withLock { $0.threadEnded = true }
    }
}

/// The protocol callback's way back into the generic client (a C callback cannot be generic).
protocol WebSocketCallbacks: AnyObject {
    func callback(
        _ wsi: OpaquePointer, _ reason: lws_callback_reasons, _ user: UnsafeMutableRawPointer?,
        _ input: UnsafeMutableRawPointer?, _ length: Int
    )
        -> Int32
}

extension WebSocketClient: WebSocketCallbacks {
    func callback(
        _ wsi: OpaquePointer, _ reason: lws_callback_reasons, _ user: UnsafeMutableRawPointer?,
        _ input: UnsafeMutableRawPointer?, _ length: Int
    )
        -> Int32
    {
        switch reason {
        case LWS_CALLBACK_EVENT_WAIT_CANCELLED:
            takeRequests()
        case LWS_CALLBACK_CLIENT_ESTABLISHED:
            incoming.removeAll()
            skipping = 0
            binary = nil
            post(.opened)
            if shared.withLock({ !$0.outgoing.isEmpty }) { _ = lib.lws_callback_on_writable(wsi) }
        case LWS_CALLBACK_CLIENT_RECEIVE:
            receive(wsi, input, length)
        case LWS_CALLBACK_CLIENT_WRITEABLE:
            return writable(wsi)
        case LWS_CALLBACK_OPENSSL_PERFORM_SERVER_CERT_VERIFICATION:
            // Once per certificate of the server's chain; `user` is OpenSSL's X509_STORE_CTX and
            // `length` its verdict so far. The first refusal says why; 0 leaves OpenSSL's verdict.
            if length == 0, certificateRefusal == nil, let user {
                let error = lib.X509_STORE_CTX_get_error(user)
                certificateRefusal = String(cString: lib.X509_verify_cert_error_string(Int(error)))
            }
        case LWS_CALLBACK_CLIENT_CONNECTION_ERROR:
            if let why = certificateRefusal {
                // libwebsockets says only "connect SSL err 1: error:00000001:lib(0)::reason(1)".
                let trusted = endpoint.caFile.map { "the CA in \($0)" } ?? "the system's CAs (\(Self.systemCAs))"
                ended("the server's certificate was not trusted by \(trusted): \(why)")
                break
            }
            let reason = input.map { String(cString: $0.assumingMemoryBound(to: CChar.self)) } ?? "connection failed"
            ended(reason.isEmpty ? "connection failed" : reason)
        case LWS_CALLBACK_CLIENT_CLOSED:
            ended("the server closed the connection")
        default:
            break
        }
        return 0
    }

    /// Carries out what the loop asked (connect, send, close); on the I/O thread.
    private func takeRequests() {
        let (connect, close, hasOutgoing) = shared.withLock { s in
            let connect = s.wantsConnection && !live
            if connect { s.wantsConnection = false }
            return (connect, s.wantsClose, !s.outgoing.isEmpty)
        }
        if connect { open() }
        if let open = self.wsi, close || hasOutgoing { _ = lib.lws_callback_on_writable(open) }
        if close, !live { shared.withLock { $0.wantsClose = false } }
    }

    private func open() {
        guard let context = shared.withLock({ $0.context?.pointer }) else { return }
        certificateRefusal = nil
        live = true
        // Resolution is synchronous here, on the I/O thread: the panel's loop does not wait.
        let made = withUnsafePointer(to: lib) {
            switchpanel_lws_connect(
                $0, context, endpoint.host, Int32(endpoint.port), endpoint.path, endpoint.usesTLS ? 1 : 0)
        }
        if live { wsi = made }
        // A failure before a connection existed may come without CONNECTION_ERROR.
        if made == nil { ended("cannot connect to \(endpoint.host):\(endpoint.port)") }
    }

    private func ended(_ reason: String) {
        guard live else { return }
        live = false
        wsi = nil
        incoming.removeAll(keepingCapacity: false)
        shared.withLock {
            $0.outgoing.removeAll()
            $0.wantsClose = false
        }
        post(.closed(reason: reason))
    }

    private func receive(_ wsi: OpaquePointer, _ input: UnsafeMutableRawPointer?, _ length: Int) {
        let final = lib.lws_is_final_fragment(wsi) != 0 && lib.lws_remaining_packet_payload(wsi) == 0
        // A message's first fragment says whether it is binary; its bytes are counted, not kept.
        if binary == nil, incoming.isEmpty, skipping == 0, lib.lws_frame_is_binary(wsi) != 0 { binary = 0 }
        if let skipped = binary {
            binary = skipped + length
            guard final else { return }
            post(.binary(bytes: skipped + length))
            binary = nil
            return
        }
        if skipping > 0 || incoming.count + length > maximumMessage {
            skipping += incoming.count + length
            incoming.removeAll(keepingCapacity: false)
        } else if let input {
            incoming.append(contentsOf: UnsafeRawBufferPointer(start: input, count: length))
        }
        guard final else { return }
        if skipping > 0 {
            post(.oversized(bytes: skipping))
            skipping = 0
            return
        }
        let message = incoming
        incoming.removeAll(keepingCapacity: true)
        if incoming.capacity > 64 << 10 { incoming = [] }
        post(.message(decode(message)))
    }

    private func writable(_ wsi: OpaquePointer) -> Int32 {
        let (close, next, more) = shared.withLock { s -> (Bool, [UInt8]?, Bool) in
            if s.wantsClose { return (true, nil, false) }
            guard !s.outgoing.isEmpty else { return (false, nil, false) }
            let next = s.outgoing.removeFirst()
            return (false, next, !s.outgoing.isEmpty)
        }
        if close {
            lib.lws_close_reason(wsi, LWS_CLOSE_STATUS_NORMAL, nil, 0)
            return -1
        }
        guard let next else { return 0 }
        let pre = switchpanel_lws_pre()
        var frame = [UInt8](repeating: 0, count: pre + next.count)
        frame.replaceSubrange(pre..., with: next)
        let written = frame.withUnsafeMutableBufferPointer {
            lib.lws_write(wsi, $0.baseAddress! + pre, next.count, LWS_WRITE_TEXT)
        }
        if written < next.count { return -1 }
        if more { _ = lib.lws_callback_on_writable(wsi) }
        return 0
    }
}

/// Why a WebSocket client could not start.
public enum WebSocketError: Error, CustomStringConvertible {
    case library(LibraryLoadError)
    case system(SystemError)

    public var description: String {
        switch self {
        case .library(let e): "\(e)"
        case .system(let e): "\(e)"
        }
    }
}

let webSocketsLibrary = LoadedLibrary<switchpanel_libwebsockets>(
    soname: SWITCHPANEL_LIBWEBSOCKETS, package: SWITCHPANEL_LIBWEBSOCKETS_PACKAGE,
    load: { switchpanel_libwebsockets_load($0) })

/// A libwebsockets context, shared with the loop's thread only for `lws_cancel_service`.
struct ContextPointer: @unchecked Sendable {
    let pointer: OpaquePointer
}

/// A C string copied out of a Swift string, for libwebsockets, which keeps some of the pointers
/// it is given (the protocol's name, the CA file) for the context's life; freed with `deallocate`.
private func copiedCString(_ text: String) -> UnsafeMutablePointer<CChar> {
    let bytes = text.utf8CString
    let copy = UnsafeMutablePointer<CChar>.allocate(capacity: bytes.count)
    bytes.withUnsafeBufferPointer { copy.initialize(from: $0.baseAddress!, count: $0.count) }
    return copy
}
