import CLinux
import Glibc

/// An eventfd (non-blocking, close-on-exec): how a thread of the program's own (the WebSocket
/// client's I/O thread) wakes the panel's loop, which waits on it in its poller like on any other
/// descriptor. Signals coalesce: many before the loop reads are one wake-up.
public final class EventCounter: @unchecked Sendable {
    // Safe to share: `signal` and `drain` are single system calls on a descriptor that lives as
    // long as the counter, and the kernel orders them.
    private let descriptor: FileDescriptor

    public init() throws(SystemError) {
        switch systemCall({ eventfd(0, Int32(EFD_NONBLOCK | EFD_CLOEXEC)) }) {
        case .success(let fd): descriptor = FileDescriptor(adopting: fd)
        case .failure(let e): throw SystemError(call: "eventfd", errno: e)
        }
    }

    /// The handle the poller waits on: readable once signalled, until drained.
    public var pollHandle: PollHandle { descriptor.pollHandle }

    /// Wakes whoever waits (from any thread). Cannot fail short of a closed descriptor: the
    /// counter saturates only after 2^64-2 signals that nobody drained.
    public func signal() {
        var one: UInt64 = 1
        _ = systemCall { Glibc.write(descriptor.rawValue, &one, 8) }
    }

    /// Resets the counter; whether it had been signalled.
    @discardableResult
    public func drain() -> Bool {
        var count: UInt64 = 0
        if case .success(let n) = systemCall({ Glibc.read(descriptor.rawValue, &count, 8) }) { return n == 8 }
        return false
    }
}
