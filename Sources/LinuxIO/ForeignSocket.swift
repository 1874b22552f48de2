import Glibc

/// A connected socket a C library owns (libmicrohttpd's connections): never closed here — the
/// library closes its own descriptors — but it may be shut down, which ends the connection at
/// once: the peer gets end of file, and the library's next read or write on it fails, so it
/// closes the connection itself.
public struct ForeignSocket: Hashable, Sendable {
    let rawValue: Int32

    /// `rawValue`, as the library reported it.
    public init(_ rawValue: Int32) { self.rawValue = rawValue }

    /// Shuts both directions down (`shutdown(2)`); the library's descriptor stays open until
    /// it closes it.
    public func shutDown() throws(SystemError) {
        if case .failure(let e) = systemCall({ Glibc.shutdown(rawValue, Int32(SHUT_RDWR)) }) {
            throw SystemError(call: "shutdown", errno: e)
        }
    }
}
