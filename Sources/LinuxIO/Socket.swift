import CLinux
import Glibc

/// Unix stream sockets, as the control socket and its client use them. Every socket is
/// close-on-exec; sends never raise SIGPIPE (a vanished peer is an EPIPE).
public enum UnixSocket {
    /// `sizeof(sockaddr_un.sun_path)`: a path needs one byte less, for its NUL.
    public static let pathCapacity = MemoryLayout.size(ofValue: sockaddr_un().sun_path)

    /// A non-blocking stream socket bound to `path` with `permissions` and listening. The mode
    /// is set before `listen(2)`, so nobody connects under the umask's mode. On failure the
    /// socket file is removed again (when it was bound).
    public static func listen(path: String, permissions: UInt32, backlog: Int32 = 16) throws(SystemError)
        -> FileDescriptor
    {
        let socket = try makeSocket(nonBlocking: true, path: path)
        try withAddress(path) { (address, length) throws(SystemError) in
            if case .failure(let e) = systemCall({ bind(socket.rawValue, address, length) }) {
                throw SystemError(call: "bind", path: path, errno: e)
            }
        }
        do throws(SystemError) {
            try changeMode(path, to: permissions)
            if case .failure(let e) = systemCall({ Glibc.listen(socket.rawValue, backlog) }) {
                throw SystemError(call: "listen", path: path, errno: e)
            }
        } catch {
            try? removeFile(path)
            throw error
        }
        return socket
    }

    /// A stream socket connected to `path` (blocking unless `nonBlocking`). A non-blocking
    /// connect that would wait (a full backlog) fails with EAGAIN.
    public static func connect(path: String, nonBlocking: Bool = false) throws(SystemError) -> FileDescriptor {
        let socket = try makeSocket(nonBlocking: nonBlocking, path: path)
        try withAddress(path) { (address, length) throws(SystemError) in
            if case .failure(let e) = systemCall({ Glibc.connect(socket.rawValue, address, length) }) {
                throw SystemError(call: "connect", path: path, errno: e)
            }
        }
        return socket
    }

    /// A connected pair of stream sockets (`socketpair(2)`), non-blocking: for tests, and for a
    /// loop talking to itself.
    public static func pair() throws(SystemError) -> SocketPair {
        var fds: [Int32] = [0, 0]
        let type = Int32(SOCK_STREAM.rawValue | SOCK_NONBLOCK.rawValue | SOCK_CLOEXEC.rawValue)
        if case .failure(let e) = systemCall({ socketpair(AF_UNIX, type, 0, &fds) }) {
            throw SystemError(call: "socketpair", errno: e)
        }
        return SocketPair(first: FileDescriptor(adopting: fds[0]), second: FileDescriptor(adopting: fds[1]))
    }

    private static func makeSocket(nonBlocking: Bool, path: String) throws(SystemError) -> FileDescriptor {
        guard path.utf8.count < pathCapacity else {
            throw SystemError(call: "socket", path: path, errno: SystemErrno(ENAMETOOLONG))
        }
        var type = SOCK_STREAM.rawValue | SOCK_CLOEXEC.rawValue
        if nonBlocking { type |= SOCK_NONBLOCK.rawValue }
        switch systemCall({ socket(AF_UNIX, Int32(type), 0) }) {
        case .success(let fd): return FileDescriptor(adopting: fd)
        case .failure(let e): throw SystemError(call: "socket", errno: e)
        }
    }

    /// Calls `body` with `path` as a `sockaddr_un` (the caller checked that it fits).
    static func withAddress<R>(
        _ path: String, _ body: (UnsafePointer<sockaddr>, socklen_t) throws(SystemError) -> R
    ) throws(SystemError) -> R {
        let bytes = Array(path.utf8)
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        withUnsafeMutableBytes(of: &address.sun_path) { sunPath in
            sunPath.copyBytes(from: bytes)
            sunPath[bytes.count] = 0
        }
        let length = socklen_t(MemoryLayout<sa_family_t>.size + bytes.count + 1)
        return try withUnsafePointer(to: &address) { (pointer) throws(SystemError) in
            try pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { (raw) throws(SystemError) in
                try body(raw, length)
            }
        }
    }
}

/// Two connected sockets.
@frozen public struct SocketPair: ~Copyable {
    public var first: FileDescriptor
    public var second: FileDescriptor
}

extension FileDescriptor {
    /// Accepts one waiting connection, non-blocking and close-on-exec: nil when none is waiting
    /// (EAGAIN), or when one gave up before it was accepted (ECONNABORTED, EPROTO).
    public func accept() throws(SystemError) -> FileDescriptor? {
        let flags = Int32(SOCK_NONBLOCK.rawValue | SOCK_CLOEXEC.rawValue)
        switch systemCall({ accept4(rawValue, nil, nil, flags) }) {
        case .success(let fd): return FileDescriptor(adopting: fd)
        case .failure(let e) where e == .wouldBlock || e.rawValue == ECONNABORTED || e.rawValue == EPROTO: return nil
        case .failure(let e): throw SystemError(call: "accept4", errno: e)
        }
    }

    /// Sends what the socket takes now, never raising SIGPIPE and never waiting: the count
    /// sent, or nil when the socket is full (EAGAIN).
    public func send(_ bytes: UnsafeRawBufferPointer) throws(SystemError) -> Int? {
        switch systemCall({ Glibc.send(rawValue, bytes.baseAddress, bytes.count, Int32(MSG_NOSIGNAL | MSG_DONTWAIT)) })
        {
        case .success(let n): return n
        case .failure(let e) where e == .wouldBlock: return nil
        case .failure(let e): throw SystemError(call: "send", errno: e)
        }
    }

    /// Sends all of `bytes` on a blocking socket, never raising SIGPIPE.
    public func sendAll(_ bytes: [UInt8]) throws(SystemError) {
        var sent = 0
        while sent < bytes.count {
            let result = bytes[sent...].withUnsafeBytes { buffer in
                systemCall { Glibc.send(rawValue, buffer.baseAddress, buffer.count, Int32(MSG_NOSIGNAL)) }
            }
            switch result {
            case .success(let n): sent += n
            case .failure(let e): throw SystemError(call: "send", errno: e)
            }
        }
    }
}
