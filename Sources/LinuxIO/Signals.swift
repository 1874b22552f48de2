import CLinux
import Glibc

/// Signals delivered through a descriptor (`signalfd`) instead of handlers, so an event loop sees
/// them in its `poll(2)` set and handles them between frames: terminate cleanly, reload, reap a
/// child, release the display on a VT switch.
///
/// The signals are blocked on the creating thread while the object lives: create it before
/// starting other threads (they inherit the mask) or block them there too. Children started with
/// `posix_spawn` get the default mask back (``ActionRunner`` resets it).
public final class SignalDescriptor {
    /// The signalfd (non-blocking, close-on-exec), for `poll(2)`; owned by this object.
    public let fileDescriptor: Int32
    /// The signals this descriptor receives.
    public let signals: [Int32]
    private var previousMask = sigset_t()

    /// SIGINT and SIGTERM: what a command-line tool that must clean up before leaving needs.
    public static let termination: [Int32] = [SIGINT, SIGTERM]

    public init(signals: [Int32] = SignalDescriptor.termination) throws(SystemError) {
        var set = sigset_t()
        sigemptyset(&set)
        for signal in signals { sigaddset(&set, signal) }
        let blocked = pthread_sigmask(SIG_BLOCK, &set, &previousMask)
        guard blocked == 0 else { throw SystemError(call: "pthread_sigmask", errno: SystemErrno(blocked)) }
        switch systemCall({ signalfd(-1, &set, Int32(SFD_NONBLOCK | SFD_CLOEXEC)) }) {
        case .success(let fd): fileDescriptor = fd
        case .failure(let e):
            pthread_sigmask(SIG_SETMASK, &previousMask, nil)
            throw SystemError(call: "signalfd", errno: e)
        }
        self.signals = signals
    }

    deinit {
        close(fileDescriptor)
        pthread_sigmask(SIG_SETMASK, &previousMask, nil)
    }

    /// The next pending signal (`SIGINT`, `SIGTERM`, …), nil when none is pending. Several
    /// instances of one standard signal arriving together are delivered once (as with handlers).
    public func received() -> Int32? {
        var info = signalfd_siginfo()
        let size = MemoryLayout<signalfd_siginfo>.size
        guard case .success(let n) = systemCall({ read(fileDescriptor, &info, size) }), n == size else { return nil }
        return Int32(info.ssi_signo)
    }

    /// Every pending signal, in order of arrival.
    public func drain() -> [Int32] {
        var all: [Int32] = []
        while let signal = received() { all.append(signal) }
        return all
    }
}

/// Waits until some of `descriptors` are readable (`poll(2)`, EINTR retried) and returns those;
/// empty after `timeoutMilliseconds` (-1 waits for ever). A descriptor that hung up or failed
/// counts as readable, so its next read reports why.
public func waitForReadable(_ descriptors: [Int32], timeoutMilliseconds: Int32 = -1) throws(SystemError) -> [Int32] {
    try waitForEvents(readable: descriptors, timeoutMilliseconds: timeoutMilliseconds).map(\.fd)
}

/// `poll(2)` over `readable` (POLLIN) and `writable` (POLLOUT) descriptors, EINTR retried: the
/// entries that fired, each with whether it is one of the `writable` ones (a descriptor in both
/// lists can come back twice). Hang-ups and errors count as ready, so the next call reports why.
public func waitForEvents(
    readable: [Int32], writable: [Int32] = [], timeoutMilliseconds: Int32 = -1
) throws(SystemError) -> [(fd: Int32, writable: Bool)] {
    var entries = readable.map { pollfd(fd: $0, events: Int16(POLLIN), revents: 0) }
    entries += writable.map { pollfd(fd: $0, events: Int16(POLLOUT), revents: 0) }
    let ready = systemCall { poll(&entries, nfds_t(entries.count), timeoutMilliseconds) }
    if case .failure(let e) = ready { throw SystemError(call: "poll", errno: e) }
    return entries.enumerated().filter { $0.element.revents != 0 }.map { ($0.element.fd, $0.offset >= readable.count) }
}

/// `CLOCK_MONOTONIC` in seconds: the clock of DRM page-flip events and of input events once
/// ``InputDevice/useMonotonicClock()`` is set, so the three compare directly.
public func monotonicNow() -> Double {
    var ts = timespec()
    clock_gettime(CLOCK_MONOTONIC, &ts)
    return Double(ts.tv_sec) + Double(ts.tv_nsec) * 1e-9
}

/// A one-shot `CLOCK_MONOTONIC` timer as a descriptor (`timerfd`), for deadlines in a `poll(2)`
/// loop: armed only while something waits for time (an animation frame, a command's timeout, a
/// blanking delay), so a loop at rest sleeps without waking up.
public final class TimerDescriptor {
    /// The timerfd (non-blocking, close-on-exec), for `poll(2)`; owned by this object.
    public let fileDescriptor: Int32
    /// The deadline the timer is armed for, nil when disarmed.
    public private(set) var deadline: Double?

    public init() throws(SystemError) {
        switch systemCall({ timerfd_create(CLOCK_MONOTONIC, Int32(TFD_NONBLOCK | TFD_CLOEXEC)) }) {
        case .success(let fd): fileDescriptor = fd
        case .failure(let e): throw SystemError(call: "timerfd_create", errno: e)
        }
    }

    deinit { close(fileDescriptor) }

    /// Arms the timer for the monotonic time `deadline` (seconds), or disarms it for nil. Does
    /// nothing when it is already armed for that deadline. A deadline in the past fires at once.
    public func arm(at deadline: Double?) throws(SystemError) {
        guard deadline != self.deadline else { return }
        var spec = itimerspec()
        if let deadline {
            // A zero it_value disarms: keep a past deadline at least 1 ns.
            let clamped = max(deadline, 1e-9)
            let seconds = clamped.rounded(.down)
            spec.it_value.tv_sec = Int(seconds)
            spec.it_value.tv_nsec = max(1, min(999_999_999, Int(((clamped - seconds) * 1e9).rounded(.up))))
        }
        if case .failure(let e) = systemCall({ timerfd_settime(fileDescriptor, Int32(TFD_TIMER_ABSTIME), &spec, nil) })
        {
            throw SystemError(call: "timerfd_settime", errno: e)
        }
        self.deadline = deadline
    }

    /// Clears the expiry after the descriptor polled readable (the timer stays disarmed until the
    /// next ``arm(at:)``).
    public func acknowledge() {
        var expirations: UInt64 = 0
        _ = systemCall { read(fileDescriptor, &expirations, 8) }
        deadline = nil
    }
}
