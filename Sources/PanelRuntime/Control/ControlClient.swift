import LinuxIO

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
                switch e {
                case .noSuchFile:
                    "no such socket; the panel must be running (it creates the socket when it starts; "
                        + "--socket PATH names another)"
                case .connectionRefused:
                    "connection refused; the panel is not running (the socket was left by one that stopped)"
                case .permissionDenied, .notPermitted:
                    "permission denied; the socket is mode 0660: run as the panel's user or a member of its group"
                default: "\(e); the panel must be running"
                }
            return "cannot connect to \(path): \(why)"
        case .pathTooLong(let path):
            return "the socket path \(path) is too long (at most \(UnixSocket.pathCapacity - 1) bytes)"
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
    /// The connected socket (blocking, close-on-exec).
    private let socket: FileDescriptor
    private var input: [UInt8] = []
    public static let maximumLineBytes = 16 << 20

    public init(path: String) throws(ControlClientError) {
        self.path = path
        guard path.utf8.count < UnixSocket.pathCapacity else { throw .pathTooLong(path: path) }
        do {
            socket = try UnixSocket.connect(path: path)
        } catch  where error.call == "connect" {
            throw .cannotConnect(path: path, errno: error.errno)
        } catch {
            throw .failed(error)
        }
    }

    /// For polling alongside other descriptors.
    public var pollHandle: PollHandle { socket.pollHandle }

    /// Sends `line` and a newline, all of it.
    public func send(_ line: String) throws(ControlClientError) {
        do {
            try socket.sendAll(Array(line.utf8) + [0x0A])
        } catch {
            throw .failed(SystemError(call: "send", path: path, errno: error.errno))
        }
    }

    /// The next line (without its newline), or nil when the panel closed the connection. Throws
    /// ``ControlClientError/noReply(path:seconds:)`` when no whole line came within `timeout`
    /// seconds (nil waits for ever).
    public func readLine(timeout: Double? = nil) throws(ControlClientError) -> String? {
        let deadline = timeout.map { monotonicNow() + $0 }
        while true {
            if let newline = input.firstIndex(of: 0x0A) {
                let line = String(decoding: input[..<newline], as: UTF8.self)
                input.removeFirst(newline + 1)
                return line
            }
            guard input.count <= Self.maximumLineBytes else { throw .replyTooLong(path: path) }
            if let deadline, let timeout {
                let ready: [PollHandle]
                do {
                    ready = try waitForReadable([socket.pollHandle], timeout: max(0, deadline - monotonicNow()))
                } catch {
                    throw .failed(error)
                }
                if ready.isEmpty { throw .noReply(path: path, seconds: timeout) }
            }
            do throws(SystemError) {
                switch try socket.read(appendingTo: &input) {
                case 0: return nil
                default: continue
                }
            } catch  where error.errno == .connectionReset {
                return nil
            } catch {
                throw .failed(SystemError(call: "recv", path: path, errno: error.errno))
            }
        }
    }

    /// Sends one request line and returns the reply line (nil when the panel closed the connection).
    ///
    /// A panel that refuses the connection (too many clients), or closes it to make room for
    /// a newer one before the request arrived, writes its reason as one line and closes; the
    /// request then fails to go out (EPIPE, ECONNRESET), and that line is the reply.
    public func request(_ line: String, timeout: Double? = 10) throws(ControlClientError) -> String? {
        do throws(ControlClientError) {
            try send(line)
        } catch .failed(let error) where error.errno == .brokenPipe || error.errno == .connectionReset {
            // Whatever the panel said before it closed, else the send's own error.
            guard let reason = try? readLine(timeout: 0) else { throw .failed(error) }
            return reason
        }
        return try readLine(timeout: timeout)
    }
}
