import CDRM
import Glibc
import LinuxIO

/// The Linux virtual terminal the panel shows on, switched by the process itself: the console
/// stops drawing (`KD_GRAPHICS`) and a switch to another VT (Ctrl-Alt-Fn, `chvt`) asks this
/// process first (`VT_PROCESS`), with ``releaseSignal`` before it leaves and ``acquireSignal``
/// when it comes back. ``DRMDisplay/handleVTSignal(_:)`` answers them.
///
/// Both signals must be blocked (a `SignalDescriptor` that includes them) or handled before
/// taking the VT: their default action ends the process, so ``take(path:)`` refuses otherwise.
/// ``restore()`` puts back `KD_TEXT` and `VT_AUTO`; a process killed with SIGKILL leaves the VT
/// in graphics mode (logind or `chvt` + `kbd_mode`/`setfont` recover it).
public final class VirtualTerminal {
    /// Sent by the kernel when the user switches away; answered with `VT_RELDISP 1`.
    public static let releaseSignal = SIGUSR1
    /// Sent when the user switches back; answered with `VT_RELDISP VT_ACKACQ`.
    public static let acquireSignal = SIGUSR2
    /// The signals to block before ``take(path:)`` (add them to the loop's `SignalDescriptor`).
    public static let signals = [releaseSignal, acquireSignal]

    /// The terminal's device (`/dev/tty1`), or `stdin` when it was standard input.
    public let path: String
    private var descriptor: Int32

    private init(path: String, descriptor: Int32) {
        self.path = path
        self.descriptor = descriptor
    }

    deinit { restore() }

    /// Why no VT could be taken: one reason per place that was tried.
    public struct Unavailable: Error, Hashable, Sendable, CustomStringConvertible {
        public var reasons: [String]

        /// The log line for running without VT switching.
        public var description: String {
            "running without VT switching (" + reasons.joined(separator: "; ")
                + "): another VT cannot take the display while the panel runs; start it on a VT "
                + "(TTYPath=/dev/tty1 in a systemd unit) to allow that"
        }
    }

    /// Takes the VT at `path` if given; else standard input when it is a VT; else the active VT
    /// (found through `/dev/tty0`). Sets `KD_GRAPHICS` and `VT_PROCESS` with the two signals.
    ///
    /// Fails — without changing anything — when none of those is a VT the process may control
    /// (`ENOTTY` under a systemd service without `TTYPath`, `EACCES` without the `tty` group),
    /// or when the signals are neither blocked nor handled.
    public static func take(path: String? = nil) -> Result<VirtualTerminal, Unavailable> {
        guard signalsAreSafe() else {
            return .failure(
                Unavailable(reasons: [
                    "SIGUSR1 and SIGUSR2 are neither blocked nor handled, so a VT switch would kill the process"
                ]))
        }
        var reasons: [String] = []
        for candidate in candidates(path) {
            switch candidate.open() {
            case .success(let (fd, name)):
                switch configure(fd) {
                case .success: return .success(VirtualTerminal(path: name, descriptor: fd))
                case .failure(let error):
                    Glibc.close(fd)
                    reasons.append("\(name): \(error)")
                }
            case .failure(let reason): reasons.append(reason.text)
            }
        }
        return .failure(Unavailable(reasons: reasons))
    }

    /// Why one place was not a usable VT.
    private struct Reason: Error {
        var text: String
        init(_ text: String) { self.text = text }
    }

    /// A place a VT may be found, opened lazily so a configured path is the only one tried.
    private struct Candidate {
        var open: () -> Result<(Int32, String), Reason>
    }

    private static func candidates(_ path: String?) -> [Candidate] {
        if let path { return [Candidate { openTerminal(path) }] }
        return [
            Candidate {
                // A duplicate, so restoring and closing never touch the process's own stdin.
                guard isVirtualTerminal(0) else { return .failure(Reason("stdin is not a virtual terminal")) }
                switch systemCall({ fcntl(0, F_DUPFD_CLOEXEC, 3) }) {
                case .success(let fd): return .success((fd, "stdin"))
                case .failure(let e): return .failure(Reason("stdin: dup failed: \(e)"))
                }
            },
            Candidate {
                let console: Int32
                switch systemCall({ Glibc.open("/dev/tty0", O_RDWR | O_CLOEXEC | O_NOCTTY) }) {
                case .success(let fd): console = fd
                case .failure(let e): return .failure(Reason("/dev/tty0: \(e)"))
                }
                defer { Glibc.close(console) }
                var active: UInt16 = 0
                if case .failure(let e) = systemCall({ cdrm_vt_active(console, &active) }) {
                    return .failure(Reason("/dev/tty0: VT_GETSTATE failed: \(e)"))
                }
                return openTerminal("/dev/tty\(active)")
            },
        ]
    }

    private static func openTerminal(_ path: String) -> Result<(Int32, String), Reason> {
        switch systemCall({ Glibc.open(path, O_RDWR | O_CLOEXEC | O_NOCTTY) }) {
        case .success(let fd):
            guard isVirtualTerminal(fd) else {
                Glibc.close(fd)
                return .failure(Reason("\(path) is not a virtual terminal (ENOTTY)"))
            }
            return .success((fd, path))
        case .failure(let e): return .failure(Reason("\(path): \(e)"))
        }
    }

    /// Whether `fd` is a virtual terminal: only VTs answer `VT_GETMODE` and `KDGETMODE`.
    static func isVirtualTerminal(_ fd: Int32) -> Bool {
        var mode: CChar = 0
        var release: Int16 = 0
        var acquire: Int16 = 0
        var kd: Int32 = 0
        return cdrm_vt_get_mode(fd, &mode, &release, &acquire) == 0 && cdrm_kd_get_mode(fd, &kd) == 0
    }

    private static func configure(_ fd: Int32) -> Result<Void, SystemError> {
        if case .failure(let e) = systemCall({
            cdrm_vt_set_mode(fd, CChar(VT_PROCESS), Int16(releaseSignal), Int16(acquireSignal))
        }) {
            return .failure(SystemError(call: "VT_SETMODE", errno: e))
        }
        if case .failure(let e) = systemCall({ cdrm_ioctl_value(fd, UInt(KDSETMODE), UInt(KD_GRAPHICS)) }) {
            _ = cdrm_vt_set_mode(fd, CChar(VT_AUTO), 0, 0)
            return .failure(SystemError(call: "KDSETMODE", errno: e))
        }
        return .success(())
    }

    /// Whether a VT signal would be caught rather than kill the process: blocked in this
    /// thread's mask (a `SignalDescriptor`), or with a handler installed (not SIG_DFL, which
    /// kills, nor SIG_IGN, which would leave the switch waiting for an answer for ever).
    static func signalsAreSafe() -> Bool {
        var mask = sigset_t()
        pthread_sigmask(SIG_BLOCK, nil, &mask)
        return signals.allSatisfy { signal in
            if sigismember(&mask, signal) == 1 { return true }
            var action = sigaction()
            sigaction(signal, nil, &action)
            // SIG_DFL is 0 and SIG_IGN is 1 as handler addresses.
            guard let handler = action.__sigaction_handler.sa_handler else { return false }
            return unsafeBitCast(handler, to: Int.self) > 1
        }
    }

    /// Lets the kernel switch away (`VT_RELDISP 1`), after the display dropped DRM master.
    func allowRelease() -> Result<Void, SystemError> {
        guard descriptor >= 0 else { return .success(()) }
        return systemCall { cdrm_ioctl_value(descriptor, UInt(VT_RELDISP), 1) }.map { _ in () }
            .mapError { SystemError(call: "VT_RELDISP", path: path, errno: $0) }
    }

    /// Acknowledges the switch back (`VT_RELDISP VT_ACKACQ`), before the display takes master.
    func acknowledgeAcquire() -> Result<Void, SystemError> {
        guard descriptor >= 0 else { return .success(()) }
        return systemCall { cdrm_ioctl_value(descriptor, UInt(VT_RELDISP), UInt(VT_ACKACQ)) }.map { _ in () }
            .mapError { SystemError(call: "VT_RELDISP(VT_ACKACQ)", path: path, errno: $0) }
    }

    /// Gives the VT back to the console: `VT_AUTO` switching and `KD_TEXT`, so it draws again
    /// (once; later calls do nothing). Errors are ignored: there is nothing left to try.
    public func restore() {
        guard descriptor >= 0 else { return }
        _ = cdrm_vt_set_mode(descriptor, CChar(VT_AUTO), 0, 0)
        _ = cdrm_ioctl_value(descriptor, UInt(KDSETMODE), UInt(KD_TEXT))
        Glibc.close(descriptor)
        descriptor = -1
    }
}
