import ConfigFormat
import Foundation
import LinuxIO
import Panel

#if canImport(Glibc)
    import Glibc
#endif

/// How one action for one value change ended.
public struct ActionOutcome: Hashable, Sendable {
    public var switchID: String
    /// The value the action ran for (a late failure must not undo a newer change).
    public var isOn: Bool
    /// The caller's number for the change the action ran for (``ActionRunner/start(_:switchID:isOn:change:now:)``).
    public var change: Int = 0
    public var action: ActionConfig
    public var succeeded: Bool
    /// Why it failed (the command's stderr, its exit status, a timeout, or the errno of a write).
    public var detail: String
}

/// Runs a switch's actions without blocking the UI. `write` and `print` finish at once;
/// `run` spawns the program (argv, never a shell) with SWITCHPANEL_ID and SWITCHPANEL_STATE in
/// its environment, collects its stderr, and is reaped — or killed at its timeout — by
/// ``reap(now:)``, which the event loop calls when a child exits or a deadline passes.
public final class ActionRunner {
    private struct Running {
        var pid: pid_t
        var stderr: Int32
        var output: [UInt8] = []
        var deadline: Double
        var killedAt: Double?
        /// The command closed its stderr (EOF seen): no longer polled, or it would poll readable for ever.
        var stderrClosed = false
        var switchID: String
        var isOn: Bool
        var change: Int
        var action: ActionConfig
    }

    private var running: [Running] = []
    /// Where `print` actions write their JSON lines.
    private let printLine: (String) -> Void
    /// Kept of a command's stderr for the log.
    public static let stderrLimit = 4096

    public init(printLine: @escaping (String) -> Void = ActionRunner.writeLineToStandardOutput) {
        self.printLine = printLine
    }

    /// One line to stdout, unbuffered: a consumer reading the panel's stdout through a pipe (a
    /// home-automation bridge, the journal) sees each change as it happens, not at exit.
    public static func writeLineToStandardOutput(_ line: String) {
        // Not FileHandle.write: it traps on EPIPE when the reader of stdout has gone.
        writeAll(line + "\n", to: STDOUT_FILENO)
    }

    /// Commands still running.
    public var pending: Int { running.count }

    /// The read ends of running commands' stderr pipes: the loop polls them and calls
    /// ``reap(now:)`` when one is readable, so a chatty command never blocks on a full pipe.
    public var pollDescriptors: [Int32] { running.filter { !$0.stderrClosed }.map(\.stderr) }

    /// The earliest timeout among running commands (the loop arms its timer for it).
    public var nextDeadline: Double? { running.map { $0.killedAt.map { $0 + 1 } ?? $0.deadline }.min() }

    /// Starts every action of a change; returns the outcomes that are already known.
    public func start(
        _ actions: [ActionConfig], switchID: String, isOn: Bool, change: Int = 0, now: Double
    ) -> [ActionOutcome] {
        var done: [ActionOutcome] = []
        for action in actions {
            switch action {
            case .print:
                let line = "{\"id\":\(JSONValue.string(switchID).text),\"state\":\"\(isOn ? "on" : "off")\"}"
                printLine(line)
                done.append(ActionOutcome(switchID: switchID, isOn: isOn, action: action, succeeded: true, detail: ""))
            case .write(let path, let on, let off):
                done.append(write(isOn ? on : off, to: path, switchID: switchID, isOn: isOn, action: action))
            case .run(let argv, let timeout):
                if let failure = spawn(
                    argv, switchID: switchID, isOn: isOn, change: change, deadline: now + timeout, action: action)
                {
                    done.append(failure)
                }
            }
        }
        return done.map { outcome in
            var outcome = outcome
            outcome.change = change
            return outcome
        }
    }

    private func write(_ text: String, to path: String, switchID: String, isOn: Bool, action: ActionConfig)
        -> ActionOutcome
    {
        // No O_CREAT: sysfs and GPIO files exist; a missing one is a configuration error.
        let fd = open(path, O_WRONLY | O_TRUNC | O_CLOEXEC)
        guard fd >= 0 else {
            return ActionOutcome(
                switchID: switchID, isOn: isOn, action: action, succeeded: false,
                detail: "open(\(path)): \(String(cString: strerror(errno)))")
        }
        defer { close(fd) }
        let bytes = Array(text.utf8)
        let n = bytes.withUnsafeBytes { Glibc.write(fd, $0.baseAddress, $0.count) }
        guard n == bytes.count else {
            return ActionOutcome(
                switchID: switchID, isOn: isOn, action: action, succeeded: false,
                detail: "write(\(path)): \(String(cString: strerror(errno)))")
        }
        return ActionOutcome(switchID: switchID, isOn: isOn, action: action, succeeded: true, detail: "")
    }

    private func spawn(
        _ argv: [String], switchID: String, isOn: Bool, change: Int, deadline: Double, action: ActionConfig
    )
        -> ActionOutcome?
    {
        var pipeFDs: [Int32] = [0, 0]
        // pipe2 is not exported to Swift; the panel is single-threaded, so setting the flags
        // right after pipe() leaves no window for another spawn to inherit the descriptors.
        guard pipe(&pipeFDs) == 0 else {
            return ActionOutcome(
                switchID: switchID, isOn: isOn, action: action, succeeded: false,
                detail: "pipe: \(String(cString: strerror(errno)))")
        }
        for fd in pipeFDs { _ = fcntl(fd, F_SETFD, FD_CLOEXEC) }
        _ = fcntl(pipeFDs[0], F_SETFL, fcntl(pipeFDs[0], F_GETFL) | O_NONBLOCK)
        var fileActions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&fileActions)
        defer { posix_spawn_file_actions_destroy(&fileActions) }
        posix_spawn_file_actions_addopen(&fileActions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_adddup2(&fileActions, pipeFDs[1], 2)
        var environment = ProcessInfo.processInfo.environment
        environment["SWITCHPANEL_ID"] = switchID
        environment["SWITCHPANEL_STATE"] = isOn ? "on" : "off"
        let envStrings = environment.map { "\($0.key)=\($0.value)" }
        // The panel blocks the signals its signalfd reads (SIGINT, SIGTERM, SIGHUP, SIGCHLD, …);
        // a child must start with none blocked and default dispositions, or `kill -TERM` would not
        // reach it and its own children would never report.
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var emptyMask = sigset_t()
        sigemptyset(&emptyMask)
        var defaults = sigset_t()
        sigfillset(&defaults)
        posix_spawnattr_setsigmask(&attributes, &emptyMask)
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))
        var pid: pid_t = 0
        let result = withCStrings(argv) { cArgv in
            withCStrings(envStrings) { cEnv in
                // posix_spawnp would search PATH; configs give programs by path or name alike.
                posix_spawnp(&pid, argv[0], &fileActions, &attributes, cArgv, cEnv)
            }
        }
        close(pipeFDs[1])
        guard result == 0 else {
            close(pipeFDs[0])
            return ActionOutcome(
                switchID: switchID, isOn: isOn, action: action, succeeded: false,
                detail: "cannot run \(argv[0]): \(String(cString: strerror(result)))")
        }
        running.append(
            Running(
                pid: pid, stderr: pipeFDs[0], deadline: deadline, switchID: switchID, isOn: isOn, change: change,
                action: action))
        return nil
    }

    /// Collects output, kills commands past their timeout (SIGTERM, then SIGKILL a second later),
    /// and returns the outcomes of those that ended.
    public func reap(now: Double) -> [ActionOutcome] {
        var done: [ActionOutcome] = []
        var still: [Running] = []
        for var r in running {
            drain(&r)
            var status: Int32 = 0
            let waited = waitpid(r.pid, &status, WNOHANG)
            if waited == r.pid {
                drain(&r)
                close(r.stderr)
                let text = String(decoding: r.output, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
                let exited = status & 0x7F == 0
                let code = (status >> 8) & 0xFF
                let ok = exited && code == 0 && r.killedAt == nil
                var detail = text
                if r.killedAt != nil {
                    detail = "timed out" + (text.isEmpty ? "" : ": \(text)")
                } else if !exited {
                    detail = "killed by signal \(status & 0x7F)" + (text.isEmpty ? "" : ": \(text)")
                } else if code != 0 {
                    detail = "exit status \(code)" + (text.isEmpty ? "" : ": \(text)")
                }
                done.append(
                    ActionOutcome(
                        switchID: r.switchID, isOn: r.isOn, change: r.change, action: r.action, succeeded: ok,
                        detail: ok ? "" : detail))
                continue
            }
            if waited == -1 {
                // Not our child any more (ECHILD): nothing will ever report it; stop waiting.
                close(r.stderr)
                done.append(
                    ActionOutcome(
                        switchID: r.switchID, isOn: r.isOn, change: r.change, action: r.action, succeeded: false,
                        detail: "lost: waitpid failed (\(String(cString: strerror(errno))))"))
                continue
            }
            if r.killedAt == nil, now >= r.deadline {
                kill(r.pid, SIGTERM)
                r.killedAt = now
            } else if let killed = r.killedAt, now >= killed + 1 {
                kill(r.pid, SIGKILL)
                // Once a second until it is reaped (a child stuck in the kernel): not a busy loop.
                r.killedAt = now
            }
            still.append(r)
        }
        running = still
        return done
    }

    private func drain(_ r: inout Running) {
        var buffer = [UInt8](repeating: 0, count: 1024)
        while true {
            let n = buffer.withUnsafeMutableBytes { read(r.stderr, $0.baseAddress, $0.count) }
            if n == 0 { r.stderrClosed = true }
            guard n > 0 else { return }
            if r.output.count < Self.stderrLimit { r.output += buffer[0..<min(n, Self.stderrLimit - r.output.count)] }
        }
    }
}

/// Calls `body` with a NULL-terminated C array of the strings.
private func withCStrings<R>(_ strings: [String], _ body: ([UnsafeMutablePointer<CChar>?]) -> R) -> R {
    let pointers = strings.map { strdup($0) } + [nil]
    defer { for p in pointers { free(p) } }
    return body(pointers)
}
