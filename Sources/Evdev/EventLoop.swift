import CEvdev
import Glibc

/// Waits until some of `descriptors` are readable (`poll(2)`, EINTR retried) and returns those;
/// empty after `timeoutMilliseconds` (-1 waits for ever). A descriptor that hung up or failed
/// counts as readable, so its next read reports why.
public func waitForReadable(_ descriptors: [Int32], timeoutMilliseconds: Int32 = -1) throws(EvdevError) -> [Int32] {
    var entries = descriptors.map { pollfd(fd: $0, events: Int16(POLLIN), revents: 0) }
    let ready = systemCall { poll(&entries, nfds_t(entries.count), timeoutMilliseconds) }
    if case .failure(let e) = ready { throw .system(call: "poll", errno: e) }
    return entries.filter { $0.revents != 0 }.map(\.fd)
}

/// SIGINT and SIGTERM delivered through a descriptor (`signalfd`) instead of a handler, so the
/// event loop sees them in its `poll(2)` set and can ungrab and close the devices before leaving.
/// The signals are blocked on the creating thread while the object lives: create it before
/// starting other threads (they inherit the mask) or block them there too.
public final class TerminationSignals {
    /// The signalfd, for `poll(2)`; owned by this object.
    public let fileDescriptor: Int32
    private var previousMask = sigset_t()

    public init() throws(EvdevError) {
        var set = sigset_t()
        sigemptyset(&set)
        sigaddset(&set, SIGINT)
        sigaddset(&set, SIGTERM)
        let blocked = pthread_sigmask(SIG_BLOCK, &set, &previousMask)
        guard blocked == 0 else { throw .system(call: "pthread_sigmask", errno: SystemErrno(blocked)) }
        switch systemCall({ signalfd(-1, &set, Int32(SFD_NONBLOCK | SFD_CLOEXEC)) }) {
        case .success(let fd): fileDescriptor = fd
        case .failure(let e):
            pthread_sigmask(SIG_SETMASK, &previousMask, nil)
            throw .system(call: "signalfd", errno: e)
        }
    }

    deinit {
        close(fileDescriptor)
        pthread_sigmask(SIG_SETMASK, &previousMask, nil)
    }

    /// The signal received since the last call (`SIGINT`, `SIGTERM`), nil when none.
    public func received() -> Int32? {
        var info = signalfd_siginfo()
        let size = MemoryLayout<signalfd_siginfo>.size
        guard case .success(let n) = systemCall({ read(fileDescriptor, &info, size) }), n == size else { return nil }
        return Int32(info.ssi_signo)
    }
}
