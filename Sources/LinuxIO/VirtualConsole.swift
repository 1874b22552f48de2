import CLinux
import Glibc

// The console ioctls (console_ioctl(2)) that hand a virtual terminal's screen to a process and
// let it take part in VT switches, typed: the requests, their structs and constants stay here.

/// How the kernel switches away from a virtual terminal (`VT_SETMODE`).
public enum VirtualTerminalSwitching: Hashable, Sendable {
    /// `VT_AUTO`: the kernel switches on its own.
    case automatic
    /// `VT_PROCESS`: the kernel asks the process first, sending `release` before switching away
    /// (answered by ``FileDescriptor/allowVirtualTerminalRelease()``) and `acquire` when the VT
    /// comes back (answered by ``FileDescriptor/acknowledgeVirtualTerminalAcquire()``).
    case process(release: Int32, acquire: Int32)
}

/// What the console does with a virtual terminal's screen (`KDSETMODE`).
public enum ConsoleMode: Hashable, Sendable {
    /// `KD_TEXT`: the console draws its text.
    case text
    /// `KD_GRAPHICS`: the console leaves the screen alone.
    case graphics
}

extension FileDescriptor {
    /// Whether this is a virtual terminal: only VTs answer both `VT_GETMODE` and `KDGETMODE`
    /// (anything else fails with `ENOTTY`, or `EINVAL` for a terminal that is not a VT).
    public var isVirtualTerminal: Bool {
        var mode = vt_mode()
        var consoleMode: Int32 = 0
        return ioctl(UInt(VT_GETMODE), argument: &mode).isSuccess
            && ioctl(UInt(KDGETMODE), argument: &consoleMode).isSuccess
    }

    /// The active VT's number (1-based, `VT_GETSTATE`), through any console descriptor
    /// (`/dev/tty0`).
    public func activeVirtualTerminal() throws(SystemError) -> Int {
        var state = vt_stat()
        if case .failure(let e) = ioctl(UInt(VT_GETSTATE), argument: &state) {
            throw SystemError(call: "VT_GETSTATE", errno: e)
        }
        return Int(state.v_active)
    }

    /// Sets how the kernel switches away from this VT (`VT_SETMODE`).
    public func setVirtualTerminalSwitching(_ switching: VirtualTerminalSwitching) throws(SystemError) {
        var mode = vt_mode()
        switch switching {
        case .automatic:
            mode.mode = CChar(VT_AUTO)
        case .process(let release, let acquire):
            mode.mode = CChar(VT_PROCESS)
            mode.relsig = Int16(release)
            mode.acqsig = Int16(acquire)
        }
        if case .failure(let e) = ioctl(UInt(VT_SETMODE), argument: &mode) {
            throw SystemError(call: "VT_SETMODE", errno: e)
        }
    }

    /// Sets whether the console draws on this VT (`KDSETMODE`).
    public func setConsoleMode(_ mode: ConsoleMode) throws(SystemError) {
        let value = mode == .text ? KD_TEXT : KD_GRAPHICS
        if case .failure(let e) = ioctl(UInt(KDSETMODE), value: UInt(value)) {
            throw SystemError(call: "KDSETMODE", errno: e)
        }
    }

    /// Lets a requested switch away happen (`VT_RELDISP 1`), once the process has let go of the
    /// screen.
    public func allowVirtualTerminalRelease() throws(SystemError) {
        if case .failure(let e) = ioctl(UInt(VT_RELDISP), value: 1) {
            throw SystemError(call: "VT_RELDISP", errno: e)
        }
    }

    /// Acknowledges the switch back to this VT (`VT_RELDISP VT_ACKACQ`), before the process
    /// takes the screen again.
    public func acknowledgeVirtualTerminalAcquire() throws(SystemError) {
        if case .failure(let e) = ioctl(UInt(VT_RELDISP), value: UInt(VT_ACKACQ)) {
            throw SystemError(call: "VT_RELDISP(VT_ACKACQ)", errno: e)
        }
    }

    /// `ioctl(2)` with its argument by value, EINTR retried.
    func ioctl(_ request: UInt, value: UInt) -> Result<Int32, SystemErrno> {
        systemCall { clinux_ioctl_value(rawValue, request, value) }
    }

    /// `ioctl(2)` with a pointer to its argument, EINTR retried.
    func ioctl(_ request: UInt, argument: UnsafeMutableRawPointer) -> Result<Int32, SystemErrno> {
        systemCall { clinux_ioctl_pointer(rawValue, request, argument) }
    }
}

extension Result {
    fileprivate var isSuccess: Bool {
        if case .success = self { return true }
        return false
    }
}
