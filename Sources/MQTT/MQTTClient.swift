import CMosquitto
import LinuxIO
import Synchronization

/// libmosquitto, loaded by the first client rather than linked: a panel without a broker never
/// maps it, nor the libssl and libcrypto it brings (2 MB of resident memory, and start-up time).
let libmosquitto = LoadedLibrary<switchpanel_libmosquitto>(
    soname: SWITCHPANEL_LIBMOSQUITTO, package: "libmosquitto1 (>= 2.0)", load: { switchpanel_libmosquitto_load($0) })

/// An MQTT 3.1.1 client on libmosquitto, driven from the caller's poll loop: the caller waits on
/// ``pollInterests`` with everything else and calls ``handle(_:now:)`` and ``serviceTimers(now:)``; the
/// library never gets a thread of its own, and no call blocks on the network.
///
/// One exception, for a reason: `mosquitto_connect_async` resolves the broker's name with a
/// blocking `getaddrinfo` (seconds when DNS is down). That one call runs on a short-lived thread
/// while the client is untouched by the loop; the thread says it is done through a pipe the loop
/// polls. Resolving the name ourselves and connecting to an address would lose libmosquitto's
/// TLS host-name check, which compares the certificate with the name it was given.
public final class MQTTClient {
    private let lib: switchpanel_libmosquitto
    private let mosq: OpaquePointer
    private let connection: MQTTConnection
    private let inbox = Inbox()
    /// The connect running on its thread, while it runs.
    private var attempt: ConnectAttempt?
    /// A connection was asked for and has not ended (the socket may still be opening).
    public private(set) var isOpen = false
    /// The broker accepted the session and it has not ended.
    public private(set) var isConnected = false
    /// The socket of the connection being opened has been writable: TCP is up (or failed, and
    /// the write said so).
    private var tcpEstablished = false

    /// What a connection that was asked for and not accepted yet is waiting for (nil: none is).
    public enum ConnectStep: Hashable, Sendable {
        /// Resolving the broker's name and starting the TCP connect (on the connect thread).
        case nameLookup
        /// The TCP handshake.
        case tcp
        case tlsHandshake
        /// The CONNECT is sent (or queued behind nothing): the broker's CONNACK.
        case connack
    }

    public var connectStep: ConnectStep? {
        guard isOpen || attempt != nil, !isConnected else { return nil }
        if attempt != nil { return .nameLookup }
        if !tcpEstablished { return .tcp }
        return tlsHandshaking ? .tlsHandshake : .connack
    }
    /// The session's subscriptions (a clean session starts with none): ended at the goodbye.
    private var subscriptions: Set<String> = []
    /// When the client last wrote and last read (the caller's clock). libmosquitto pings a
    /// keepalive after the older of the two: reading alone (a device's QoS 0 reports) does not
    /// put the ping off, or the broker would drop a panel that only listens.
    private var lastWrite: Double = 0
    private var lastRead: Double = 0

    /// Where messages and connection events are collected while libmosquitto calls back (its
    /// callbacks run inside loop_read/loop_misc on the caller's thread).
    private final class Inbox {
        var events: [MQTTClientEvent] = []
        /// The message id of the last UNSUBACK read (the goodbye's barrier).
        var lastUnsubscribeAcknowledged: Int32?
    }

    /// A `mosquitto_connect_async` on its thread: its result, and the pipe it rings when done.
    private final class ConnectAttempt: @unchecked Sendable {
        let done: FileDescriptor
        let ring: FileDescriptor
        struct State {
            var result: Int32 = 0
            /// The connecting thread's errno after the call (errno is per thread).
            var errno = SystemErrno(0)
            /// Set by the thread before it rings; read by the loop after the ring.
            var finished = false
            /// The client gave up on this attempt (closed, destroyed): the thread destroys the
            /// libmosquitto object when it finishes, since nobody else may touch it meanwhile.
            var abandoned = false
        }
        let state = Mutex(State())

        init() throws(SystemError) {
            let pipe = try PipeEnds()
            try pipe.reading.setNonBlocking()
            done = pipe.reading
            ring = pipe.writing
        }
    }

    /// Sets the client up (nothing is sent until ``connect(now:)``). Fails when libmosquitto refuses
    /// an option (a TLS file it cannot read, an invalid will topic).
    public init(_ connection: MQTTConnection) throws(MQTTError) {
        let lib: switchpanel_libmosquitto
        do {
            lib = try libmosquitto.load()
        } catch {
            throw MQTTError(call: "dlopen", code: Int32(MOSQ_ERR_NOT_SUPPORTED.rawValue), message: error.description)
        }
        self.lib = lib
        self.connection = connection
        guard let mosq = lib.mosquitto_new(connection.clientID, true, nil) else {
            throw MQTTError(call: "mosquitto_new", code: Int32(MOSQ_ERR_ERRNO.rawValue))
        }
        self.mosq = mosq
        do {
            try check("mosquitto_int_option(PROTOCOL_VERSION)") {
                lib.mosquitto_int_option(mosq, MOSQ_OPT_PROTOCOL_VERSION, MQTT_PROTOCOL_V311)
            }
            if let username = connection.username {
                try check("mosquitto_username_pw_set") {
                    lib.mosquitto_username_pw_set(mosq, username, connection.password)
                }
            }
            if let will = connection.will {
                let payload = Array(will.payload.utf8)
                try check("mosquitto_will_set") {
                    lib.mosquitto_will_set(mosq, will.topic, Int32(payload.count), payload, 1, true)
                }
            }
            if let tls = connection.tls {
                if tls.caFile == nil {
                    // The system's CAs: this option alone turns TLS on (mosquitto_tls_set
                    // refuses to be called without a CA file or directory).
                    try check("mosquitto_int_option(TLS_USE_OS_CERTS)") {
                        lib.mosquitto_int_option(mosq, MOSQ_OPT_TLS_USE_OS_CERTS, 1)
                    }
                }
                if tls.caFile != nil || tls.certificateFile != nil {
                    let caPath = tls.caFile == nil ? "/etc/ssl/certs" : nil
                    try check("mosquitto_tls_set") {
                        lib.mosquitto_tls_set(mosq, tls.caFile, caPath, tls.certificateFile, tls.keyFile, nil)
                    }
                }
            }
        } catch {
            // Every stored property is set, so the throw runs deinit, which destroys `mosq`
            // (destroying it here as well was a double free).
            throw error
        }
        lib.mosquitto_user_data_set(mosq, Unmanaged.passUnretained(inbox).toOpaque())
        lib.mosquitto_connect_callback_set(mosq) { _, context, code in
            let inbox = Unmanaged<Inbox>.fromOpaque(context!).takeUnretainedValue()
            inbox.events.append(
                code == 0
                    ? .connected
                    : .connectFailed(
                        libmosquitto.loaded?.mosquitto_connack_string(code).map { String(cString: $0) }
                            ?? "refused (CONNACK \(code))"))
        }
        lib.mosquitto_disconnect_callback_set(mosq) { _, context, code in
            let inbox = Unmanaged<Inbox>.fromOpaque(context!).takeUnretainedValue()
            inbox.events.append(
                .disconnected(code == 0 ? "disconnected" : MQTTError(call: "disconnect", code: code).message))
        }
        lib.mosquitto_unsubscribe_callback_set(mosq) { _, context, messageID in
            guard let context else { return }
            Unmanaged<Inbox>.fromOpaque(context).takeUnretainedValue().lastUnsubscribeAcknowledged = messageID
        }
        lib.mosquitto_message_callback_set(mosq) { _, context, message in
            guard let context, let m = message?.pointee, let topic = m.topic else { return }
            let inbox = Unmanaged<Inbox>.fromOpaque(context).takeUnretainedValue()
            let payload =
                m.payloadlen > 0
                ? Array(UnsafeRawBufferPointer(start: m.payload, count: Int(m.payloadlen))) : []
            inbox.events.append(
                .message(MQTTMessage(topic: String(cString: topic), payload: payload, isRetained: m.retain)))
        }
    }

    deinit {
        if let attempt {
            let running = attempt.state.withLock { state in
                state.abandoned = !state.finished
                return !state.finished
            }
            if running { return }  // the connect thread destroys it when it finishes
        }
        lib.mosquitto_destroy(mosq)
    }

    private func check(_ call: String, _ body: () -> Int32) throws(MQTTError) {
        let code = body()
        if code != Int32(MOSQ_ERR_SUCCESS.rawValue) { throw MQTTError(call: call, code: code) }
    }

    // MARK: Connecting

    /// Starts connecting (name resolution on its thread, then a non-blocking TCP connect; the
    /// CONNECT packet goes out from ``handle(_:now:)`` when the socket is writable). The outcome
    /// arrives as ``MQTTClientEvent/connected`` or ``MQTTClientEvent/connectFailed(_:)``.
    public func connect(now: Double) throws(SystemError) {
        precondition(attempt == nil && !isOpen, "connect while connecting or connected")
        let attempt = try ConnectAttempt()
        let mosq = UncheckedPointer(mosq)
        let c = connection
        let lib = lib
        try startDetachedThread(stackSize: 256 * 1024) {
            let result = lib.mosquitto_connect_async(mosq.value, c.host, Int32(c.port), Int32(c.keepalive))
            let error = currentErrno
            let abandoned = attempt.state.withLock { state in
                state.result = result
                state.errno = error
                state.finished = true
                return state.abandoned
            }
            if abandoned {
                lib.mosquitto_destroy(mosq.value)
            } else {
                _ = try? attempt.ring.writeAll([1])
            }
        }
        // The loop looks at the attempt only after this returns, so the thread may finish first.
        self.attempt = attempt
        isOpen = true
        tcpEstablished = false
        lastWrite = now
        lastRead = now
    }

    private struct UncheckedPointer: @unchecked Sendable {
        let value: OpaquePointer
        init(_ value: OpaquePointer) { self.value = value }
    }

    /// Ends the connection cleanly (DISCONNECT, so the broker does not publish the will) after
    /// leaving `goodbyes` behind (retained messages: cleared entities and states, the status),
    /// or abandons a connect in progress.
    public func disconnect(goodbyes: [(topic: String, payload: String)] = []) {
        if attempt != nil {
            // The thread owns the object until it finishes; a finished connect is closed below.
            guard finishAttempt() else { return }
        }
        if isOpen {
            if isConnected {
                stopListening()
                // At QoS 0: it goes to the socket at once, ahead of the DISCONNECT, while QoS 1
                // messages past libmosquitto's in-flight window wait for acknowledgements a
                // closing connection never reads.
                for goodbye in goodbyes {
                    _ = Array(goodbye.payload.utf8).withUnsafeBytes { bytes in
                        lib.mosquitto_publish(
                            mosq, nil, goodbye.topic, Int32(bytes.count), bytes.baseAddress, 0, true)
                    }
                }
            }
            _ = lib.mosquitto_disconnect(mosq)
            _ = lib.mosquitto_loop_write(mosq, 1)
        }
        isOpen = false
        isConnected = false
        inbox.events.removeAll()
    }

    /// Makes sure the broker sends nothing more before the goodbyes and the DISCONNECT:
    /// libmosquitto closes the socket as soon as the DISCONNECT is written, a socket closed
    /// with unread data is reset, and the broker then drops what it has not read yet — the
    /// goodbyes and the DISCONNECT itself, so it publishes the will (`offline`) after all.
    /// (Reading until 20 ms of quiet after the goodbyes lost that race on a loaded machine:
    /// their echoes to our own subscriptions came later.)
    ///
    /// So every subscription ends first, and the broker's UNSUBACK is awaited: after it nothing
    /// new is routed to us (an UNSUBSCRIBE that removes nothing is answered as well, MQTT 3.1.1
    /// §3.10.4: `#` serves a client without subscriptions). mosquitto may write deliveries it
    /// had already queued after the UNSUBACK, so reading goes on until 20 ms of quiet. The
    /// goodbyes then go at QoS 0: nothing comes back for them. Bounded by 1 s, at a reload or
    /// at exit only.
    private func stopListening() {
        guard let socket else { return }
        var barrier: Int32 = 0
        for pattern in subscriptions.isEmpty ? ["#"] : subscriptions.sorted() {
            var id: Int32 = 0
            guard lib.mosquitto_unsubscribe(mosq, &id, pattern) == Int32(MOSQ_ERR_SUCCESS.rawValue) else { return }
            barrier = id
        }
        subscriptions.removeAll()
        let deadline = monotonicNow() + 1
        while true {
            let acknowledged = inbox.lastUnsubscribeAcknowledged == barrier
            let wait = min(deadline - monotonicNow(), acknowledged ? 0.02 : 1)
            guard wait > 0, let ready = try? waitForReadable([socket], timeout: wait), !ready.isEmpty,
                lib.mosquitto_loop_read(mosq, 1) == Int32(MOSQ_ERR_SUCCESS.rawValue)
            else { return }
        }
    }

    /// Takes the finished attempt's result; false while the thread still runs.
    private func finishAttempt() -> Bool {
        guard let attempt else { return true }
        let (finished, result, error) = attempt.state.withLock { ($0.finished, $0.result, $0.errno) }
        guard finished else { return false }
        self.attempt = nil
        if result != Int32(MOSQ_ERR_SUCCESS.rawValue) {
            isOpen = false
            inbox.events.append(.connectFailed(MQTTError(call: "connect", code: result, errno: error).message))
        }
        return true
    }

    // MARK: The loop's side

    /// What to wait on: the connect thread's pipe while it runs, else the socket (writable too
    /// while libmosquitto has bytes queued).
    public var pollInterests: [PollInterest] {
        if let attempt { return [PollInterest(attempt.done.pollHandle)] }
        guard isOpen, let socket else { return [] }
        let writable = tlsHandshaking ? tlsWantsWrite : lib.mosquitto_want_write(mosq)
        return [PollInterest(socket, readable: true, writable: writable)]
    }

    /// Whether the TLS handshake is still under way. libmosquitto 2.0 advances it only from
    /// `mosquitto_loop_read`, whatever the socket is ready for.
    private var tlsHandshaking: Bool {
        guard let ssl = lib.mosquitto_ssl_get(mosq), let finished = lib.SSL_is_init_finished else { return false }
        return finished(OpaquePointer(ssl)) == 0
    }

    /// Whether OpenSSL waits for the socket to become writable (libmosquitto's own want_write
    /// flag stays set after a handshake step wanted to write, and would make a poll loop spin).
    private var tlsWantsWrite: Bool {
        guard let ssl = lib.mosquitto_ssl_get(mosq), let want = lib.SSL_want else { return false }
        return want(OpaquePointer(ssl)) == SSL_WRITING
    }

    /// The connection's socket, once the connect has returned.
    private var socket: PollHandle? {
        guard attempt == nil else { return nil }
        let fd = lib.mosquitto_socket(mosq)
        return fd >= 0 ? PollHandle(fd) : nil
    }

    /// When ``serviceTimers(now:)`` must run: a keepalive after the last traffic. Not before
    /// the broker has accepted the session: libmosquitto's keepalive check would drop a
    /// connection still waiting for its CONNACK after a keepalive and a half, with no words for
    /// why; the caller's connect timeout governs that wait, whatever the keepalive.
    public var nextDeadline: Double? {
        guard isOpen, isConnected, attempt == nil else { return nil }
        // libmosquitto counts whole seconds: a moment after the keepalive is surely due.
        return min(lastWrite, lastRead) + Double(connection.keepalive) + 0.5
    }

    /// The most events ``handle(_:now:)`` and ``takeBufferedEvents()`` hand out a call, and about
    /// the most packets read a call: a flood of messages is taken over many turns of the
    /// caller's loop, with frames and the control socket served between (as the control socket
    /// takes 16 requests a client a turn). Nothing more is read while this many events wait; the
    /// rest stays in the kernel's socket buffer, where TCP holds the broker back. Measured with
    /// 20,000 commands in 2.5 s on four topics and a control `list` every 20 ms (debug build, a
    /// 2-core machine at load 6): 128 answers in 16–34 ms median, 80–112 ms worst, and the
    /// switches reach their last command 0.03–0.3 s after the flood; 256 took 18–29 ms median
    /// and 127–186 ms worst.
    public static let eventsPerTurn = 128

    /// Messages (or connection events) read and not handed out yet: the caller takes them with
    /// ``takeBufferedEvents()`` at its next turn (its loop must not sleep meanwhile).
    public var hasBufferedEvents: Bool { !inbox.events.isEmpty }

    /// The next ``eventsPerTurn`` events already read, in order.
    public func takeBufferedEvents() -> [MQTTClientEvent] { takeEvents() }

    /// Handles readiness of one of ``pollInterests``; returns what happened (at most
    /// ``eventsPerTurn`` events; the rest with ``takeBufferedEvents()``).
    public func handle(_ event: PollEvent, now: Double) -> [MQTTClientEvent] {
        if let attempt {
            // Only the attempt's own pipe: an event for a descriptor of an earlier connection
            // (closed and its number reused this turn) must not touch the object the thread holds.
            guard event.handle == attempt.done.pollHandle else { return takeEvents() }
            var bytes: [UInt8] = []
            _ = try? attempt.done.read(appendingTo: &bytes, limit: 16)
            guard finishAttempt() else { return takeEvents() }
            if isOpen { pump(readable: false, writable: true, now: now) }
        } else if isOpen, event.handle == socket {
            pump(readable: event.readable, writable: event.writable, now: now)
        }
        return takeEvents()
    }

    /// Keepalive pings and the ping timeout; call at ``nextDeadline``.
    public func serviceTimers(now: Double) -> [MQTTClientEvent] {
        guard isOpen, isConnected, attempt == nil else { return takeEvents() }
        let code = lib.mosquitto_loop_misc(mosq)
        if code == Int32(MOSQ_ERR_SUCCESS.rawValue) {
            if lib.mosquitto_want_write(mosq) {
                _ = lib.mosquitto_loop_write(mosq, 1)
                lastWrite = now
            }
        } else {
            closed(reason: MQTTError(call: "keepalive", code: code).message)
        }
        // Called at the deadline: whatever libmosquitto decided (a ping, or nothing due yet),
        // the next look is a keepalive from now.
        lastWrite = max(lastWrite, now - Double(connection.keepalive) / 2)
        return takeEvents()
    }

    private func pump(readable: Bool, writable: Bool, now: Double) {
        if writable { tcpEstablished = true }
        if tlsHandshaking {
            // libmosquitto moves the TLS handshake on only from loop_read, whatever the socket
            // is ready for; once it is done, the CONNECT packet waiting behind it goes out.
            let code = lib.mosquitto_loop_read(mosq, 1)
            if code != Int32(MOSQ_ERR_SUCCESS.rawValue) {
                return closed(reason: MQTTError(call: "TLS handshake", code: code).message)
            }
            lastRead = now
            if tlsHandshaking { return }
        }
        if writable || lib.mosquitto_want_write(mosq) {
            lastWrite = now
            let code = lib.mosquitto_loop_write(mosq, 1)
            if code != Int32(MOSQ_ERR_SUCCESS.rawValue) {
                return closed(reason: MQTTError(call: "write", code: code).message)
            }
        }
        if readable {
            // libmosquitto 2.0 reads max(1, QoS 1 and 2 messages of ours awaiting acknowledgement)
            // packets a call (the count given is unused), or until the socket is drained: one
            // packet when nothing is in flight (the broker then sends the next QoS 1 message only
            // as its 20 in flight are acknowledged, and drops what its queue cannot hold), and
            // thousands under a flood that has the panel publishing a state per command. So it
            // is called until a turn's worth of events is in or the socket has nothing more; the
            // poll is level-triggered, and what is left is read in a later turn (in the kernel's
            // socket buffer meanwhile, where TCP holds the broker back).
            lastRead = now
            for _ in 0..<Self.eventsPerTurn {
                guard inbox.events.count < Self.eventsPerTurn else { break }
                let code = lib.mosquitto_loop_read(mosq, 1)
                if code != Int32(MOSQ_ERR_SUCCESS.rawValue) {
                    return closed(reason: MQTTError(call: "read", code: code).message)
                }
                guard let socket, let ready = try? waitForReadable([socket], timeout: 0), !ready.isEmpty else { break }
            }
        }
    }

    /// The connection ended under us; libmosquitto may already have said so through its
    /// callback.
    private func closed(reason: String) {
        let reported = inbox.events.contains {
            if case .disconnected = $0 { return true }
            if case .connectFailed = $0 { return true }
            return false
        }
        if !reported { inbox.events.append(isConnected ? .disconnected(reason) : .connectFailed(reason)) }
        _ = lib.mosquitto_disconnect(mosq)
    }

    private func takeEvents() -> [MQTTClientEvent] {
        let events = Array(inbox.events.prefix(Self.eventsPerTurn))
        inbox.events.removeFirst(events.count)
        for event in events {
            switch event {
            case .connected:
                isConnected = true
                subscriptions.removeAll()
            case .connectFailed, .disconnected:
                isConnected = false
                isOpen = false
            case .message: break
            }
        }
        return events
    }

    // MARK: Messages

    /// Publishes (retained when asked) at QoS 1. (Goodbyes go through ``disconnect(goodbyes:)``.)
    public func publish(_ topic: String, _ payload: [UInt8], retain: Bool) throws(MQTTError) {
        guard isConnected else { throw MQTTError(call: "publish", code: Int32(MOSQ_ERR_NO_CONN.rawValue)) }
        let code = payload.withUnsafeBytes { bytes in
            lib.mosquitto_publish(mosq, nil, topic, Int32(bytes.count), bytes.baseAddress, 1, retain)
        }
        if code != Int32(MOSQ_ERR_SUCCESS.rawValue) { throw MQTTError(call: "publish \(topic)", code: code) }
    }

    /// Subscribes at QoS 1.
    public func subscribe(_ pattern: String) throws(MQTTError) {
        guard isConnected else { throw MQTTError(call: "subscribe", code: Int32(MOSQ_ERR_NO_CONN.rawValue)) }
        try check("subscribe \(pattern)") { lib.mosquitto_subscribe(mosq, nil, pattern, 1) }
        subscriptions.insert(pattern)
    }

    /// Ends a subscription (a device's state topic the config no longer follows).
    public func unsubscribe(_ pattern: String) throws(MQTTError) {
        guard isConnected else { throw MQTTError(call: "unsubscribe", code: Int32(MOSQ_ERR_NO_CONN.rawValue)) }
        try check("unsubscribe \(pattern)") { lib.mosquitto_unsubscribe(mosq, nil, pattern) }
        subscriptions.remove(pattern)
    }
}
