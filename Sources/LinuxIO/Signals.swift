import CLinux
import Glibc

/// Signal numbers by name, so the edges need not import Glibc for them.
public enum SignalNumber {
    /// `SIGINT`: Ctrl-C.
    public static let interrupt = SIGINT
    /// `SIGTERM`: systemd's stop.
    public static let terminate = SIGTERM
    /// `SIGHUP`: re-read the config.
    public static let hangUp = SIGHUP
    /// `SIGCHLD`: a child exited.
    public static let childExited = SIGCHLD
    /// `SIGKILL`.
    public static let kill = SIGKILL
    /// `SIGUSR1`, `SIGUSR2`: the VT layer's release and acquire requests.
    public static let user1 = SIGUSR1
    public static let user2 = SIGUSR2
    /// `SIGPIPE`.
    public static let brokenPipe = SIGPIPE
}

/// Signals delivered through a descriptor (`signalfd`) instead of handlers, so an event loop sees
/// them among its descriptors and handles them between frames: terminate cleanly, reload, reap a
/// child, release the display on a VT switch.
///
/// The signals are blocked on the creating thread while the object lives: create it before
/// starting other threads (they inherit the mask) or block them there too. Children started by
/// ``spawnProcess(_:environment:standardError:standardOutput:)`` get the default mask back.
public final class SignalDescriptor {
    private let descriptor: FileDescriptor
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
        case .success(let fd): descriptor = FileDescriptor(adopting: fd)
        case .failure(let e):
            pthread_sigmask(SIG_SETMASK, &previousMask, nil)
            throw SystemError(call: "signalfd", errno: e)
        }
        self.signals = signals
    }

    /// The mask comes back here, before the descriptor (a stored property) closes: a signal
    /// still pending is then delivered to its old disposition.
    deinit { pthread_sigmask(SIG_SETMASK, &previousMask, nil) }

    public var pollHandle: PollHandle { descriptor.pollHandle }

    /// The next pending signal (`SIGINT`, `SIGTERM`, …), nil when none is pending. Several
    /// instances of one standard signal arriving together are delivered once (as with handlers).
    public func received() -> Int32? {
        var info = signalfd_siginfo()
        let size = MemoryLayout<signalfd_siginfo>.size
        let n = try? withUnsafeMutableBytes(of: &info) { (buffer) throws(SystemError) in
            try descriptor.read(into: buffer)
        }
        guard n == size else { return nil }
        return Int32(info.ssi_signo)
    }

    /// Every pending signal, in order of arrival.
    public func drain() -> [Int32] {
        var all: [Int32] = []
        while let signal = received() { all.append(signal) }
        return all
    }
}

/// Sets what the process does on `signal`: nothing (ignored) or the default action. The panel
/// ignores SIGPIPE (a vanished reader is an EPIPE) and resets SIGCHLD, which a parent may have
/// left ignored (then children are never reported).
public func setSignalDisposition(_ signal: Int32, ignored: Bool) {
    Glibc.signal(signal, ignored ? SIG_IGN : SIG_DFL)
}

/// Sends `signal` to the calling thread (`pthread_kill(pthread_self())`): how a test delivers a
/// signal to the loop it runs on that thread.
public func raiseOnThisThread(_ signal: Int32) {
    pthread_kill(pthread_self(), signal)
}

/// Whether `signal` arriving now would be caught rather than take its default action: blocked
/// in this thread's mask (left pending for a ``SignalDescriptor``), or with a handler installed.
/// An ignored signal (`SIG_IGN`) does not count: nobody would answer it.
public func signalIsBlockedOrHandled(_ signal: Int32) -> Bool {
    var mask = sigset_t()
    pthread_sigmask(SIG_BLOCK, nil, &mask)
    if sigismember(&mask, signal) == 1 { return true }
    var action = sigaction()
    sigaction(signal, nil, &action)
    // SIG_DFL is 0 and SIG_IGN is 1 as handler addresses.
    guard let handler = action.__sigaction_handler.sa_handler else { return false }
    return unsafeBitCast(handler, to: Int.self) > 1
}
