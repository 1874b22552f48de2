import CLinux
import Glibc

/// Tells systemd how the service is doing, as `sd_notify(3)` does, without libsystemd: one
/// datagram of `KEY=value` lines to the Unix socket named by `$NOTIFY_SOCKET`.
///
/// With `Type=notify` the unit is "started" only after ``ready(status:)``; with `WatchdogSec=`
/// systemd restarts the service unless ``watchdog()`` arrives every ``watchdogInterval``. Without
/// `$NOTIFY_SOCKET` (not started by systemd) every call does nothing, so the program calls them
/// unconditionally.
///
/// Sends are blocking, as `sd_notify` does: systemd reads the socket at once, and a ready or
/// watchdog message must not be dropped because its queue was briefly full. Use from one thread.
public final class SystemdNotifier {
    /// `$NOTIFY_SOCKET` as given: a path (`/run/systemd/notify`) or an abstract name (`@name`);
    /// nil when the service manager did not ask for notifications.
    public let socketAddress: String?
    /// How often to call ``watchdog()``, in seconds: half of `$WATCHDOG_USEC`, as sd_watchdog_enabled(3)
    /// recommends; nil when the watchdog is off or meant for another process.
    public let watchdogInterval: Double?
    /// `$WATCHDOG_USEC` in seconds: the silence after which systemd kills the service.
    public let watchdogTimeout: Double?
    /// The datagram socket, opened at the first message.
    private var socketDescriptor: FileDescriptor?

    /// Whether messages are sent anywhere.
    public var isEnabled: Bool { socketAddress != nil }

    /// A notifier for the given environment values (tests pass them; the program uses
    /// ``fromEnvironment(unsettingVariables:)``).
    ///
    /// - Parameters:
    ///   - notifySocket: `$NOTIFY_SOCKET`; nil or empty disables notifications.
    ///   - watchdogMicroseconds: `$WATCHDOG_USEC`; the watchdog is on for a positive integer.
    ///   - watchdogPID: `$WATCHDOG_PID`; when set, the watchdog is on only if it is `processID`
    ///     (the variable was meant for this process, not inherited by a child).
    ///   - processID: this process's id (`getpid()`; a test passes another to check the PID rule).
    public init(
        notifySocket: String?, watchdogMicroseconds: String? = nil, watchdogPID: String? = nil,
        processID: Int32 = getpid()
    ) {
        socketAddress = notifySocket.flatMap { $0.isEmpty ? nil : $0 }
        var timeout: Double?
        if let text = watchdogMicroseconds, let microseconds = UInt64(text), microseconds > 0 {
            if let pidText = watchdogPID {
                if let pid = Int32(pidText), pid == processID { timeout = Double(microseconds) / 1e6 }
            } else {
                timeout = Double(microseconds) / 1e6
            }
        }
        watchdogTimeout = timeout
        watchdogInterval = timeout.map { $0 / 2 }
    }

    /// A notifier for this process's `$NOTIFY_SOCKET`, `$WATCHDOG_USEC` and `$WATCHDOG_PID`.
    ///
    /// With `unsettingVariables` (the default) the three are removed from the environment, so
    /// the commands that actions run do not inherit them. Call it at start-up, before other
    /// threads exist (`unsetenv` is not thread-safe).
    public static func fromEnvironment(unsettingVariables: Bool = true) -> SystemdNotifier {
        let names = ["NOTIFY_SOCKET", "WATCHDOG_USEC", "WATCHDOG_PID"]
        let values = names.map { name in getenv(name).map { String(cString: $0) } }
        if unsettingVariables { for name in names { unsetenv(name) } }
        return SystemdNotifier(notifySocket: values[0], watchdogMicroseconds: values[1], watchdogPID: values[2])
    }

    /// `READY=1`: start-up is finished (the first frame is on screen), or a reload is.
    public func ready(status: String? = nil) throws(SystemError) {
        try notify(["READY=1"] + (status.map { ["STATUS=\(Self.oneLine($0))"] } ?? []))
    }

    /// `STATUS=…`: a line for `systemctl status`.
    public func status(_ text: String) throws(SystemError) {
        try notify(["STATUS=\(Self.oneLine(text))"])
    }

    /// `WATCHDOG=1`: the event loop is alive; send every ``watchdogInterval``.
    public func watchdog() throws(SystemError) {
        try notify(["WATCHDOG=1"])
    }

    /// `STOPPING=1`: shutting down (a SIGTERM arrived).
    public func stopping() throws(SystemError) {
        try notify(["STOPPING=1"])
    }

    /// `RELOADING=1` with `MONOTONIC_USEC` (`CLOCK_MONOTONIC` now, which systemd ≥ 253 wants to
    /// match the reload with its request): a reload (SIGHUP) has begun; send ``ready(status:)``
    /// when it is done.
    public func reloading() throws(SystemError) {
        var now = timespec()
        clock_gettime(CLOCK_MONOTONIC, &now)
        let microseconds = UInt64(now.tv_sec) * 1_000_000 + UInt64(now.tv_nsec) / 1000
        try notify(["RELOADING=1", "MONOTONIC_USEC=\(microseconds)"])
    }

    /// Sends `assignments` (`KEY=value` each, no newlines) as one message; does nothing when
    /// notifications are off.
    ///
    /// Throws `SystemError` naming `socket` or `sendto` and the address: `EINVAL` for an address
    /// that is neither a path nor `@name`, `ENAMETOOLONG` for one too long for `sun_path`,
    /// `ENOENT`/`ECONNREFUSED` when nothing listens there.
    public func notify(_ assignments: [String]) throws(SystemError) {
        guard let socketAddress else { return }
        let (address, length) = try Self.unixAddress(socketAddress)
        if socketDescriptor == nil {
            let type = Int32(SOCK_DGRAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue)
            switch systemCall({ socket(AF_UNIX, type, 0) }) {
            case .success(let fd): socketDescriptor = FileDescriptor(adopting: fd)
            case .failure(let e): throw SystemError(call: "socket", path: socketAddress, errno: e)
            }
        }
        let fd = socketDescriptor?.rawValue ?? -1
        let message = Array(assignments.joined(separator: "\n").utf8)
        let sent = withUnsafePointer(to: address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { genericAddress in
                message.withUnsafeBytes { bytes in
                    systemCall {
                        sendto(
                            fd, bytes.baseAddress, bytes.count, Int32(MSG_NOSIGNAL), genericAddress,
                            length)
                    }
                }
            }
        }
        if case .failure(let e) = sent { throw SystemError(call: "sendto", path: socketAddress, errno: e) }
    }

    /// The `sockaddr_un` and its length for a `$NOTIFY_SOCKET` value: a path (NUL-terminated) or
    /// `@name`, an abstract name (a leading NUL and no terminator, as systemd binds it).
    static func unixAddress(_ text: String) throws(SystemError) -> (sockaddr_un, socklen_t) {
        var bytes = Array(text.utf8)
        let abstract = bytes.first == UInt8(ascii: "@")
        guard abstract || bytes.first == UInt8(ascii: "/") else {
            throw SystemError(call: "sendto", path: text, errno: .invalidArgument)
        }
        if abstract { bytes[0] = 0 } else { bytes.append(0) }
        var address = sockaddr_un()
        let capacity = MemoryLayout.size(ofValue: address.sun_path)
        guard bytes.count > 1 else { throw SystemError(call: "sendto", path: text, errno: .invalidArgument) }
        guard bytes.count <= capacity else {
            throw SystemError(call: "sendto", path: text, errno: SystemErrno(ENAMETOOLONG))
        }
        address.sun_family = sa_family_t(AF_UNIX)
        withUnsafeMutableBytes(of: &address.sun_path) { path in path.copyBytes(from: bytes) }
        let length = MemoryLayout<sockaddr_un>.offset(of: \.sun_path)! + bytes.count
        return (address, socklen_t(length))
    }

    /// A status text on one line (a newline would start a new assignment).
    private static func oneLine(_ text: String) -> String {
        String(text.map { $0.isNewline ? " " : $0 })
    }
}
