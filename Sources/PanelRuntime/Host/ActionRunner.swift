import ConfigFormat
import FoundationEssentials
import LinuxIO
import Panel

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
/// its environment, in a process group of its own, collects its stderr, and is reaped — or its
/// group killed at its timeout — by ``reap(now:)``, which the event loop calls when a child
/// exits or a deadline passes. Commands still running when the runner goes are killed with
/// their groups: nothing an action started outlives the panel.
public final class ActionRunner {
    private final class Running {
        let process: ChildProcess
        let stderr: FileDescriptor
        var output: [UInt8] = []
        let deadline: Double
        var killedAt: Double?
        /// The command closed its stderr (EOF seen): no longer polled, or it would poll readable for ever.
        var stderrClosed = false
        /// After its stderr closed, when to look for its exit again (and how long the last wait
        /// was): SIGCHLD is not the only word of an exit, since in a process that hosts the panel
        /// beside other threads (a test runner's process monitor) another thread may take it.
        var recheckAt: Double?
        var recheckDelay = 0.0025
        let switchID: String
        let isOn: Bool
        let change: Int
        let action: ActionConfig

        init(
            process: ChildProcess, stderr: consuming FileDescriptor, deadline: Double, switchID: String, isOn: Bool,
            change: Int, action: ActionConfig
        ) {
            self.process = process
            self.stderr = stderr
            self.deadline = deadline
            self.switchID = switchID
            self.isOn = isOn
            self.change = change
            self.action = action
        }
    }

    /// A `run` action waiting for its turn (its switch's previous command, or the cap).
    private struct Queued {
        var argv: [String]
        var timeout: Double
        var switchID: String
        var isOn: Bool
        var change: Int
        var action: ActionConfig
    }

    private var running: [Running] = []
    /// Waiting commands in the order of their changes; at most one per switch and action.
    private var queued: [Queued] = []
    /// Where `print` actions write their JSON lines.
    private let printLine: (String) -> Void
    /// Kept of a command's stderr for the log.
    public static let stderrLimit = 4096
    /// The most commands running at once, all switches together.
    public let maximumRunning: Int
    public static let defaultMaximumRunning = 8

    public init(
        printLine: @escaping (String) -> Void = ActionRunner.writeLineToStandardOutput,
        maximumRunning: Int = ActionRunner.defaultMaximumRunning
    ) {
        self.printLine = printLine
        self.maximumRunning = maximumRunning
    }

    deinit { terminateAll() }

    /// One line to stdout, unbuffered: a consumer reading the panel's stdout through a pipe (a
    /// home-automation bridge, the journal) sees each change as it happens, not at exit.
    public static func writeLineToStandardOutput(_ line: String) {
        // Not FileHandle.write: it traps on EPIPE when the reader of stdout has gone.
        writeAll(line + "\n", to: 1)
    }

    /// Commands running or waiting to run.
    public var pending: Int { running.count + queued.count }
    /// Commands running now.
    public var runningCount: Int { running.count }

    /// The read ends of running commands' stderr pipes: the loop polls them and calls
    /// ``reap(now:)`` when one is readable, so a chatty command never blocks on a full pipe.
    public var pollHandles: [PollHandle] { running.filter { !$0.stderrClosed }.map { $0.stderr.pollHandle } }

    /// The earliest timeout among running commands (the loop arms its timer for it).
    public var nextDeadline: Double? {
        running.map { r in min(r.killedAt.map { $0 + 1 } ?? r.deadline, r.recheckAt ?? .infinity) }.min()
    }

    /// Starts every action of a change; returns the outcomes that are already known.
    public func start(
        _ actions: [ActionConfig], switchID: String, isOn: Bool, change: Int = 0, now: Double
    ) -> [ActionOutcome] {
        var done: [ActionOutcome] = []
        for action in actions {
            func outcome(_ failure: String?) -> ActionOutcome {
                ActionOutcome(
                    switchID: switchID, isOn: isOn, change: change, action: action, succeeded: failure == nil,
                    detail: failure ?? "")
            }
            switch action {
            case .print:
                printLine("{\"id\":\(JSONValue.string(switchID).text),\"state\":\"\(isOn ? "on" : "off")\"}")
                done.append(outcome(nil))
            case .write(let path, let on, let off):
                done.append(outcome(Self.write(isOn ? on : off, to: path)))
            case .run(let argv, let timeout):
                // One command of a switch's action at a time, and at most `maximumRunning` in
                // all: a burst of toggles does not fork a burst of processes. A waiting command
                // is replaced by a newer change's (coalesced): only the latest state matters to
                // the device, and the superseded change cannot be reverted any more anyway.
                queued.removeAll { $0.switchID == switchID && $0.action == action }
                queued.append(
                    Queued(argv: argv, timeout: timeout, switchID: switchID, isOn: isOn, change: change, action: action)
                )
            }
        }
        return done + startQueued(now: now)
    }

    /// Starts waiting commands, oldest first, as far as the caps allow; the outcomes of those
    /// that could not start.
    private func startQueued(now: Double) -> [ActionOutcome] {
        var done: [ActionOutcome] = []
        var index = 0
        while index < queued.count, running.count < maximumRunning {
            let next = queued[index]
            if running.contains(where: { $0.switchID == next.switchID && $0.action == next.action }) {
                index += 1
                continue
            }
            queued.remove(at: index)
            do {
                try spawn(
                    next.argv, switchID: next.switchID, isOn: next.isOn, change: next.change,
                    deadline: now + next.timeout, action: next.action)
            } catch {
                done.append(
                    ActionOutcome(
                        switchID: next.switchID, isOn: next.isOn, change: next.change, action: next.action,
                        succeeded: false, detail: "cannot run \(next.argv[0]): \(error.errno.message)"))
            }
        }
        return done
    }

    /// Writes `text` to a sysfs or GPIO file; the failure's description, or nil. No `O_CREAT`:
    /// those files exist, and a missing one is a configuration error. Non-blocking: a FIFO with
    /// no reader fails at once (ENXIO) instead of stopping the panel until someone reads.
    private static func write(_ text: String, to path: String) -> String? {
        do throws(SystemError) {
            let file = try FileDescriptor.open(path, [.writeOnly, .truncate, .nonBlocking])
            let bytes = Array(text.utf8)
            let written = try bytes.withUnsafeBytes { buffer in
                Result { () throws(SystemError) in try file.write(buffer) }
            }.get()
            guard written == bytes.count else {
                return "write(\(path)): short write (\(written ?? 0) of \(bytes.count) bytes)"
            }
            try file.close()
            return nil
        } catch {
            return "\(error.call)(\(path)): \(error.errno.message)"
        }
    }

    private func spawn(
        _ argv: [String], switchID: String, isOn: Bool, change: Int, deadline: Double, action: ActionConfig
    ) throws(SystemError) {
        let pipe = try PipeEnds()
        let reading = pipe.reading
        try reading.setNonBlocking()
        var environment = processEnvironment()
        environment["SWITCHPANEL_ID"] = switchID
        environment["SWITCHPANEL_STATE"] = isOn ? "on" : "off"
        let process = try spawnProcess(argv, environment: environment, standardError: pipe.writing)
        // The write end closes here (it goes with `pipe`): the child's stderr is then the only one,
        // and its end of file means the command is done writing.
        running.append(
            Running(
                process: process, stderr: reading, deadline: deadline, switchID: switchID, isOn: isOn,
                change: change, action: action))
    }

    /// Collects output, kills commands past their timeout (SIGTERM to the group, then SIGKILL a
    /// second later), and returns the outcomes of those that ended.
    public func reap(now: Double) -> [ActionOutcome] {
        var done: [ActionOutcome] = []
        var still: [Running] = []
        for r in running {
            drain(r)
            func finished(_ succeeded: Bool, _ detail: String) {
                done.append(
                    ActionOutcome(
                        switchID: r.switchID, isOn: r.isOn, change: r.change, action: r.action, succeeded: succeeded,
                        detail: succeeded ? "" : detail))
            }
            let status: ExitStatus?
            do {
                status = try r.process.exitStatus()
            } catch {
                // Not our child any more (ECHILD): nothing will ever report it; stop waiting.
                finished(false, "lost: waitpid failed (\(error.errno))")
                continue
            }
            if let status {
                drain(r)
                let text = String(decoding: r.output, as: UTF8.self).trimmingWhitespace()
                let suffix = text.isEmpty ? "" : ": \(text)"
                if r.killedAt != nil {
                    finished(false, "timed out" + suffix)
                } else if status.succeeded {
                    finished(true, "")
                } else {
                    finished(false, "\(status)" + (text.isEmpty && status != .exited(code: 0) ? "" : suffix))
                }
                continue
            }
            if r.stderrClosed {
                // Its stderr is closed: it has exited or is about to. Look again soon, backing
                // off to twice a second.
                r.recheckDelay = min(0.5, r.recheckDelay * 2)
                r.recheckAt = now + r.recheckDelay
            }
            if r.killedAt == nil, now >= r.deadline {
                r.process.signalGroup(SignalNumber.terminate)
                r.killedAt = now
            } else if let killed = r.killedAt, now >= killed + 1 {
                r.process.signalGroup(SignalNumber.kill)
                // Once a second until it is reaped (a child stuck in the kernel): not a busy loop.
                r.killedAt = now
            }
            still.append(r)
        }
        running = still
        return done + startQueued(now: now)
    }

    /// Kills every running command's process group (SIGKILL) and reaps what has ended: at exit,
    /// so nothing an action started outlives the panel.
    public func terminateAll() {
        queued.removeAll()
        for r in running {
            r.process.signalGroup(SignalNumber.kill)
            // SIGKILL cannot be ignored: waiting for it leaves no zombie behind.
            r.process.waitUntilGone()
        }
        running.removeAll()
    }

    /// Reads what a command wrote to stderr: at most 64 KB a call, so a command that writes
    /// without pause (`cat /dev/zero >&2`) cannot hold the loop; the rest waits for the next turn.
    private func drain(_ r: Running) {
        var budget = 64
        while !r.stderrClosed, budget > 0 {
            budget -= 1
            var chunk: [UInt8] = []
            // nil: nothing there now (EAGAIN) or a read error; either way, come back at the next wake-up.
            guard let n = try? r.stderr.read(appendingTo: &chunk, limit: 1024) else { return }
            if n == 0 { r.stderrClosed = true }
            if r.output.count < Self.stderrLimit { r.output += chunk.prefix(Self.stderrLimit - r.output.count) }
        }
    }
}
