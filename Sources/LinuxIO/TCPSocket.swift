import CLinux
import Glibc

/// TCP listening sockets, for the preview's HTTP server. Bound and listening here, before the
/// HTTP library sees them, so a taken port or a refused address is a ``SystemError`` naming the
/// call whatever the library would have made of it (Debian 13's libmicrohttpd 1.0.1 closes its
/// own socket twice after a failed bind and leaves EBADF in errno, not EADDRINUSE).
public enum TCPSocket {
    /// A non-blocking, close-on-exec stream socket bound to `host` (an IPv4 or IPv6 literal)
    /// and `port` (0: one the kernel picks), listening. Set up as libmicrohttpd sets up its
    /// own: SO_REUSEADDR (a restarted panel gets its port back while the last one's
    /// connections are in TIME_WAIT), an IPv6 address for IPv6 only, a backlog of SOMAXCONN.
    /// A host that is not an IP literal is EINVAL from `inet_pton`.
    public static func listen(host: String, port: UInt16, backlog: Int32 = SOMAXCONN) throws(SystemError)
        -> FileDescriptor
    {
        var v4 = sockaddr_in()
        var v6 = sockaddr_in6()
        let family: Int32
        if inet_pton(AF_INET, host, &v4.sin_addr) == 1 {
            family = AF_INET
            v4.sin_family = sa_family_t(AF_INET)
            v4.sin_port = port.bigEndian
        } else if inet_pton(AF_INET6, host, &v6.sin6_addr) == 1 {
            family = AF_INET6
            v6.sin6_family = sa_family_t(AF_INET6)
            v6.sin6_port = port.bigEndian
        } else {
            throw SystemError(call: "inet_pton", path: host, errno: .invalidArgument)
        }
        let socket = try makeSocket(family)
        let fd = socket.rawValue
        try setOption(fd, SOL_SOCKET, SO_REUSEADDR, "SO_REUSEADDR")
        if family == AF_INET6 { try setOption(fd, Int32(IPPROTO_IPV6), IPV6_V6ONLY, "IPV6_V6ONLY") }
        let bound =
            family == AF_INET ? withUnsafeBytes(of: &v4) { bind(fd, $0) } : withUnsafeBytes(of: &v6) { bind(fd, $0) }
        if case .failure(let e) = bound { throw SystemError(call: "bind", errno: e) }
        if case .failure(let e) = systemCall({ Glibc.listen(fd, backlog) }) {
            throw SystemError(call: "listen", errno: e)
        }
        return socket
    }

    private static func makeSocket(_ family: Int32) throws(SystemError) -> FileDescriptor {
        let type = Int32(SOCK_STREAM.rawValue | SOCK_NONBLOCK.rawValue | SOCK_CLOEXEC.rawValue)
        switch systemCall({ Glibc.socket(family, type, 0) }) {
        case .success(let fd): return FileDescriptor(adopting: fd)
        case .failure(let e): throw SystemError(call: "socket", errno: e)
        }
    }

    /// Sets the integer socket option `option` of `fd` to 1.
    private static func setOption(_ fd: Int32, _ level: Int32, _ option: Int32, _ name: String) throws(SystemError) {
        var on: Int32 = 1
        let length = socklen_t(MemoryLayout<Int32>.size)
        if case .failure(let e) = systemCall({ setsockopt(fd, level, option, &on, length) }) {
            throw SystemError(call: "setsockopt(\(name))", errno: e)
        }
    }

    /// `bind(2)` to the socket address in `address` (a `sockaddr_in` or `sockaddr_in6`).
    private static func bind(_ fd: Int32, _ address: UnsafeRawBufferPointer) -> Result<Int32, SystemErrno> {
        systemCall {
            Glibc.bind(fd, address.baseAddress!.assumingMemoryBound(to: sockaddr.self), socklen_t(address.count))
        }
    }
}
