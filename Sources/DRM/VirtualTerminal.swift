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
    public static let releaseSignal = SignalNumber.user1
    /// Sent when the user switches back; answered with `VT_RELDISP VT_ACKACQ`.
    public static let acquireSignal = SignalNumber.user2
    /// The signals to block before ``take(path:)`` (add them to the loop's `SignalDescriptor`).
    public static let signals = [releaseSignal, acquireSignal]

    /// The terminal's device (`/dev/tty1`), or `stdin` when it was standard input.
    public let path: String
    /// The open terminal; nil once ``restore()`` has given it back.
    private var descriptor: FileDescriptor?

    private init(_ terminal: consuming OpenedTerminal) {
        path = terminal.name
        descriptor = .some(terminal.descriptor)
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
            do throws(Reason) {
                let terminal = try candidate.open()
                do throws(SystemError) {
                    try configure(terminal.descriptor)
                } catch {
                    // `terminal` closes as it goes out of scope.
                    throw Reason("\(terminal.name): \(error)")
                }
                return .success(VirtualTerminal(terminal))
            } catch {
                reasons.append(error.text)
            }
        }
        return .failure(Unavailable(reasons: reasons))
    }

    /// Why one place was not a usable VT.
    private struct Reason: Error {
        var text: String
        init(_ text: String) { self.text = text }
    }

    /// A terminal opened as a candidate, and the name it is reported by.
    private struct OpenedTerminal: ~Copyable {
        var descriptor: FileDescriptor
        var name: String
    }

    /// A place a VT may be found, opened lazily so a configured path is the only one tried.
    private struct Candidate {
        var open: () throws(Reason) -> OpenedTerminal
    }

    private static func candidates(_ path: String?) -> [Candidate] {
        if let path { return [Candidate { () throws(Reason) in try openTerminal(path) }] }
        return [
            Candidate { () throws(Reason) in
                // A duplicate, so restoring and closing never touch the process's own stdin.
                let stdin: FileDescriptor
                do throws(SystemError) {
                    stdin = try FileDescriptor.duplicate(inherited: FileDescriptor.standardInputNumber)
                } catch {
                    throw Reason("stdin: \(error)")
                }
                guard stdin.isVirtualTerminal else { throw Reason("stdin is not a virtual terminal") }
                return OpenedTerminal(descriptor: stdin, name: "stdin")
            },
            Candidate { () throws(Reason) in
                let console: FileDescriptor
                do throws(SystemError) {
                    console = try FileDescriptor.open("/dev/tty0", [.readWrite, .noControllingTerminal])
                } catch {
                    throw Reason("/dev/tty0: \(error.errno)")
                }
                let active: Int
                do throws(SystemError) {
                    active = try console.activeVirtualTerminal()
                } catch {
                    throw Reason("/dev/tty0: \(error)")
                }
                return try openTerminal("/dev/tty\(active)")
            },
        ]
    }

    private static func openTerminal(_ path: String) throws(Reason) -> OpenedTerminal {
        let terminal: FileDescriptor
        do throws(SystemError) {
            terminal = try FileDescriptor.open(path, [.readWrite, .noControllingTerminal])
        } catch {
            throw Reason("\(path): \(error.errno)")
        }
        guard terminal.isVirtualTerminal else { throw Reason("\(path) is not a virtual terminal (ENOTTY)") }
        return OpenedTerminal(descriptor: terminal, name: path)
    }

    /// Hands the VT's switches to this process and stops the console drawing on it; on a
    /// failure half-way, switching goes back to automatic.
    private static func configure(_ terminal: borrowing FileDescriptor) throws(SystemError) {
        try terminal.setVirtualTerminalSwitching(.process(release: releaseSignal, acquire: acquireSignal))
        do throws(SystemError) {
            try terminal.setConsoleMode(.graphics)
        } catch {
            try? terminal.setVirtualTerminalSwitching(.automatic)
            throw error
        }
    }

    /// Whether a VT signal would be caught rather than kill the process: blocked in this
    /// thread's mask (a `SignalDescriptor`), or with a handler installed (not SIG_DFL, which
    /// kills, nor SIG_IGN, which would leave the switch waiting for an answer for ever).
    static func signalsAreSafe() -> Bool { signals.allSatisfy(signalIsBlockedOrHandled) }

    /// Lets the kernel switch away (`VT_RELDISP 1`), after the display dropped DRM master.
    func allowRelease() -> Result<Void, SystemError> {
        withTerminal { (terminal) throws(SystemError) in try terminal.allowVirtualTerminalRelease() }
    }

    /// Acknowledges the switch back (`VT_RELDISP VT_ACKACQ`), before the display takes master.
    func acknowledgeAcquire() -> Result<Void, SystemError> {
        withTerminal { (terminal) throws(SystemError) in try terminal.acknowledgeVirtualTerminalAcquire() }
    }

    /// Runs `body` on the terminal; does nothing once it was restored. Errors name the VT.
    private func withTerminal(
        _ body: (borrowing FileDescriptor) throws(SystemError) -> Void
    ) -> Result<Void, SystemError> {
        switch descriptor {
        case .some(let terminal):
            do throws(SystemError) {
                try body(terminal)
                return .success(())
            } catch {
                return .failure(SystemError(call: error.call, path: path, errno: error.errno))
            }
        case .none: return .success(())
        }
    }

    /// Gives the VT back to the console: `VT_AUTO` switching and `KD_TEXT`, so it draws again,
    /// and closes it (once; later calls do nothing). Errors are ignored: there is nothing left to
    /// try.
    public func restore() {
        guard let terminal = descriptor.take() else { return }
        try? terminal.setVirtualTerminalSwitching(.automatic)
        try? terminal.setConsoleMode(.text)
    }
}
