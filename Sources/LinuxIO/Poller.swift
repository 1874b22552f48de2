import CLinux
import Glibc

/// A descriptor as the poller knows it: what ``FileDescriptor/pollHandle`` and the owners of
/// descriptors (a DRM card, an input device, the control socket) hand to an event loop, and
/// nothing more (it cannot be read, written or closed).
public struct PollHandle: Hashable, Sendable, Comparable, CustomStringConvertible {
    let rawValue: Int32
    /// For owners whose descriptor belongs to a C library (libdrm's card, libevdev's device).
    public init(_ rawValue: Int32) { self.rawValue = rawValue }
    public static func < (a: PollHandle, b: PollHandle) -> Bool { a.rawValue < b.rawValue }
    public var description: String { "fd \(rawValue)" }
}

/// What a loop waits for on one descriptor.
public struct PollInterest: Hashable, Sendable {
    public var handle: PollHandle
    public var readable: Bool
    public var writable: Bool

    public init(_ handle: PollHandle, readable: Bool = true, writable: Bool = false) {
        self.handle = handle
        self.readable = readable
        self.writable = writable
    }
}

/// One descriptor that is ready. A hang-up or an error sets both flags that were asked for, so
/// the next read or write reports why.
public struct PollEvent: Hashable, Sendable {
    public var handle: PollHandle
    public var readable: Bool
    public var writable: Bool

    public init(_ handle: PollHandle, readable: Bool, writable: Bool) {
        self.handle = handle
        self.readable = readable
        self.writable = writable
    }
}

/// The time an event loop runs on, in seconds of `CLOCK_MONOTONIC` (the clock of DRM flip events
/// and of input events once the devices are switched to it), or a test's virtual time.
public protocol MonotonicClock: AnyObject {
    var now: Double { get }
}

/// `CLOCK_MONOTONIC`.
public final class SystemClock: MonotonicClock {
    public init() {}
    public var now: Double { monotonicNow() }
    /// The kernel's id of this clock (`CLOCK_MONOTONIC`), for a C library told which clock to
    /// stamp events with (libevdev's `libevdev_set_clock_id`).
    public static let kernelClockID: Int32 = CLOCK_MONOTONIC
}

/// Time that moves only when a test (or an ``EmbeddedPoller``) says so.
public final class VirtualClock: MonotonicClock {
    public private(set) var now: Double
    public init(now: Double = 1000) { self.now = now }
    /// Moves time forward to `time` (never back).
    public func advance(to time: Double) { now = max(now, time) }
    public func advance(by seconds: Double) { advance(to: now + seconds) }
}

/// Waits for descriptors or a deadline: how an event loop sleeps. ``SystemPoller`` sleeps for
/// real; ``EmbeddedPoller`` jumps a ``VirtualClock`` to the deadline instead, so a test drives
/// the same loop through minutes of idle time in microseconds.
public protocol Poller: AnyObject {
    /// The clock the deadlines are on.
    var clock: MonotonicClock { get }
    /// Waits until some of `interests` are ready or the clock reaches `deadline` (nil: no
    /// deadline) and returns the ready ones (empty when the deadline came first). Returns nil
    /// when the poller will not wait that long (an embedded poller at the end of the time, or
    /// of the real-time slice, its test gave it): the loop returns to its caller.
    func wait(for interests: [PollInterest], until deadline: Double?) throws(SystemError) -> [PollEvent]?
}

/// `ppoll(2)` on `CLOCK_MONOTONIC`: sleeps until a descriptor is ready or the deadline passes,
/// with nanosecond timeouts (no timerfd needed, and no wake-up at all without a deadline).
public final class SystemPoller: Poller {
    public let clock: MonotonicClock
    public init(clock: MonotonicClock = SystemClock()) { self.clock = clock }

    public func wait(for interests: [PollInterest], until deadline: Double?) throws(SystemError) -> [PollEvent]? {
        try pollDescriptors(interests, timeout: deadline.map { max(0, $0 - clock.now) })
    }
}

/// The poller of a loop in virtual time (the model is swift-nio's `EmbeddedEventLoop`): real
/// descriptors (sockets, pipes, a signalfd) are polled without waiting, and when none is ready
/// the ``VirtualClock`` jumps to the loop's deadline — as far as ``horizon``, the time the test
/// has allowed; a loop that would sleep past it gets nil and returns to the test.
public final class EmbeddedPoller: Poller {
    public let virtualClock: VirtualClock
    public var clock: MonotonicClock { virtualClock }
    /// How far the clock may be moved; the test sets it (PanelRuntime's `EmbeddedPanel.advance(by:)` does).
    public var horizon: Double
    /// How long (real seconds) to wait for a real descriptor before moving virtual time: 0 by
    /// default; a test waiting for a child process to exit sets it.
    public var realWait: Double = 0
    /// How many more waits to allow (nil: any number): 1 lets a loop take exactly one turn.
    public var waitsLeft: Int?
    /// The real time (``monotonicNow()``) after which a wait hands back to the test (returns
    /// nil, as at the horizon) even though descriptors are ready, once it has polled at least
    /// once since this was set (nil: never). Set for each slice by PanelRuntime's
    /// `EmbeddedPanel.run(untilReal:)`, which checks its condition between slices: clients that
    /// reconnect as fast as they are closed keep the listener ready forever, and without it the
    /// loop never came back (a release build under qemu-user: PanelAbuseTests' 40 reconnecting
    /// clients held it for over ten minutes). Deadlines before the horizon that a slice did not
    /// reach run in the next one.
    public var realDeadline: Double? { didSet { polledSinceRealDeadline = false } }
    private var polledSinceRealDeadline = false

    public init(clock: VirtualClock = VirtualClock()) {
        virtualClock = clock
        horizon = clock.now
    }

    public func wait(for interests: [PollInterest], until deadline: Double?) throws(SystemError) -> [PollEvent]? {
        if let left = waitsLeft {
            guard left > 0 else { return nil }
            waitsLeft = left - 1
        }
        // After one poll at least, so a slow paint before the first wait still gets the
        // descriptors served.
        if let realDeadline, polledSinceRealDeadline, monotonicNow() >= realDeadline { return nil }
        let ready = try pollDescriptors(interests, timeout: realWait)
        polledSinceRealDeadline = true
        if !ready.isEmpty { return ready }
        guard let deadline, deadline <= horizon else { return nil }
        virtualClock.advance(to: deadline)
        return []
    }
}

/// `ppoll(2)` over `interests` (one entry per descriptor, EINTR retried) with a timeout in
/// seconds (nil: none).
func pollDescriptors(_ interests: [PollInterest], timeout: Double?) throws(SystemError) -> [PollEvent] {
    // One pollfd per descriptor: a descriptor asked for both directions is polled once.
    var merged: [Int32: Int16] = [:]
    for interest in interests {
        var events: Int16 = 0
        if interest.readable { events |= Int16(POLLIN) }
        if interest.writable { events |= Int16(POLLOUT) }
        merged[interest.handle.rawValue, default: 0] |= events
    }
    var entries = merged.sorted { $0.key < $1.key }.map { pollfd(fd: $0.key, events: $0.value, revents: 0) }
    let result: Result<Int32, SystemErrno>
    if let timeout {
        let clamped = min(timeout, 86_400)
        let seconds = clamped.rounded(.down)
        // Rounded up, so the loop wakes at or after its deadline, never a hair before it (which
        // would spin once more to find nothing due).
        var spec = timespec(
            tv_sec: Int(seconds), tv_nsec: min(999_999_999, Int(((clamped - seconds) * 1e9).rounded(.up))))
        result = systemCall { ppoll(&entries, nfds_t(entries.count), &spec, nil) }
    } else {
        result = systemCall { ppoll(&entries, nfds_t(entries.count), nil, nil) }
    }
    if case .failure(let e) = result { throw SystemError(call: "ppoll", errno: e) }
    let failed = Int16(POLLHUP | POLLERR | POLLNVAL)
    return entries.filter { $0.revents != 0 }.map { entry in
        let broken = entry.revents & failed != 0
        return PollEvent(
            PollHandle(entry.fd),
            readable: entry.events & Int16(POLLIN) != 0 && (entry.revents & Int16(POLLIN) != 0 || broken),
            writable: entry.events & Int16(POLLOUT) != 0 && (entry.revents & Int16(POLLOUT) != 0 || broken))
    }
}

/// Waits until some of `handles` are readable (EINTR retried) and returns those; empty after
/// `timeout` seconds (nil waits for ever). A descriptor that hung up or failed counts as
/// readable, so its next read reports why. For tools with a loop of a few lines (calibrate,
/// record, the control client); the panel's loop uses a ``Poller``.
public func waitForReadable(_ handles: [PollHandle], timeout: Double? = nil) throws(SystemError) -> [PollHandle] {
    try pollDescriptors(handles.map { PollInterest($0) }, timeout: timeout).map(\.handle)
}

/// `CLOCK_MONOTONIC` in seconds: the clock of DRM page-flip events and of input events once
/// they are switched to it, so the three compare directly.
public func monotonicNow() -> Double {
    var ts = timespec()
    clock_gettime(CLOCK_MONOTONIC, &ts)
    return Double(ts.tv_sec) + Double(ts.tv_nsec) * 1e-9
}
