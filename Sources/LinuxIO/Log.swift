import CLinux
import Glibc

/// How bad a message is: the syslog priorities, whose numbers systemd's journal reads from a
/// `<N>` line prefix (sd-daemon(3)).
public enum LogLevel: Int32, Comparable, CaseIterable, Sendable {
    /// `LOG_EMERG` (0): the system is unusable.
    case emergency = 0
    /// `LOG_ALERT` (1): act now.
    case alert
    /// `LOG_CRIT` (2): critical conditions.
    case critical
    /// `LOG_ERR` (3): an operation failed.
    case error
    /// `LOG_WARNING` (4): something is off, the panel carries on.
    case warning
    /// `LOG_NOTICE` (5): normal but worth seeing (started, reloaded, stopping).
    case notice
    /// `LOG_INFO` (6): routine events (a switch toggled, an action ran).
    case info
    /// `LOG_DEBUG` (7): detail for `--verbose` only.
    case debug

    /// More severe levels compare smaller, as their syslog numbers do.
    public static func < (a: LogLevel, b: LogLevel) -> Bool { a.rawValue < b.rawValue }

    /// The word a terminal line carries before the message (`error: …`); nil for info and notice,
    /// which read best bare.
    var plainLabel: String? {
        switch self {
        case .emergency: "emergency"
        case .alert: "alert"
        case .critical: "critical"
        case .error: "error"
        case .warning: "warning"
        case .notice, .info: nil
        case .debug: "debug"
        }
    }
}

/// A logger for the program and its edges: one `write(2)` to stderr per message, prefixed for
/// whoever reads it.
///
/// Under systemd, stderr is a stream to the journal and every line starts with `<N>`, its syslog
/// priority (sd-daemon(3)), so `journalctl -p warning` works and the journal adds the unit's name
/// and the time itself. At a terminal the line reads `switchpanel: error: …` instead. Debug
/// messages are dropped unless the logger is verbose (`--verbose`).
///
/// Not `Sendable` and not locked: use one logger from one thread (the panel's event loop). Each
/// message goes out in one `write(2)` (continued only after a short write), so the panel's lines
/// and those of its actions' children, which share the stream, do not cut into each other.
public final class Log {
    /// How lines are prefixed.
    public enum Format: Sendable {
        /// `<3>message`: stderr goes to the journal (or something else that reads the prefix).
        case journal
        /// `switchpanel: error: message`: a human at a terminal.
        case plain
    }

    /// The least severe level written; `.debug` when verbose, `.info` otherwise.
    public var threshold: LogLevel
    /// The prefix style, chosen once at creation.
    public let format: Format
    /// The name plain lines start with.
    public let programName: String
    private let sink: (String) -> Void

    /// A logger writing to stderr (or to `sink`, which receives each message's complete text,
    /// newline included).
    ///
    /// - Parameters:
    ///   - programName: the name plain lines start with (``programName``).
    ///   - verbose: write debug messages too (`--verbose`).
    ///   - format: force a prefix style; nil picks `.journal` when `$JOURNAL_STREAM` names stderr
    ///     (see ``stderrIsJournal()``) and `.plain` otherwise.
    ///   - sink: where each message goes instead of stderr (tests collect them); nil: stderr.
    public init(
        programName: String = "switchpanel", verbose: Bool = false, format: Format? = nil,
        sink: ((String) -> Void)? = nil
    ) {
        self.programName = programName
        self.threshold = verbose ? .debug : .info
        self.format = format ?? (Log.stderrIsJournal() ? .journal : .plain)
        self.sink = sink ?? Log.writeToStandardError
    }

    /// Whether debug messages are written.
    public var isVerbose: Bool {
        get { threshold >= .debug }
        set { threshold = newValue ? .debug : .info }
    }

    /// Writes `message` at `level` if the level passes the threshold. A message of several lines
    /// is written as several lines, each prefixed (the journal stores each as its own entry).
    /// The message is not evaluated when it is filtered out.
    public func log(_ level: LogLevel, _ message: @autoclosure () -> String) {
        guard level <= threshold else { return }
        sink(formatted(level, message()))
    }

    /// The text ``log(_:_:)`` writes for `message` at `level`.
    public func formatted(_ level: LogLevel, _ message: String) -> String {
        let prefix: String
        switch format {
        case .journal: prefix = "<\(level.rawValue)>"
        case .plain: prefix = level.plainLabel.map { "\(programName): \($0): " } ?? "\(programName): "
        }
        var lines = message.split(separator: "\n", omittingEmptySubsequences: false)
        if lines.count > 1 && lines.last!.isEmpty { lines.removeLast() }  // a message's own final newline
        var text = ""
        for line in lines {
            text += prefix
            text += line
            text += "\n"
        }
        return text
    }

    public func emergency(_ message: @autoclosure () -> String) { log(.emergency, message()) }
    public func alert(_ message: @autoclosure () -> String) { log(.alert, message()) }
    public func critical(_ message: @autoclosure () -> String) { log(.critical, message()) }
    public func error(_ message: @autoclosure () -> String) { log(.error, message()) }
    public func warning(_ message: @autoclosure () -> String) { log(.warning, message()) }
    public func notice(_ message: @autoclosure () -> String) { log(.notice, message()) }
    public func info(_ message: @autoclosure () -> String) { log(.info, message()) }
    public func debug(_ message: @autoclosure () -> String) { log(.debug, message()) }

    /// Whether stderr is the journal's stream: systemd sets `$JOURNAL_STREAM` to the stream's
    /// `device:inode`, and it counts only while stderr is still that file (a child whose stderr
    /// was redirected inherits the variable but not the stream).
    public static func stderrIsJournal() -> Bool {
        let value = getenv("JOURNAL_STREAM").map { String(cString: $0) }
        return isJournalStream(value, fileDescriptor: STDERR_FILENO)
    }

    /// Whether `journalStream` (a `$JOURNAL_STREAM` value, `"device:inode"` in decimal) names
    /// the file open on `fileDescriptor`. False for nil, a malformed value or a closed descriptor.
    public static func isJournalStream(_ journalStream: String?, fileDescriptor: Int32) -> Bool {
        guard let journalStream else { return false }
        let parts = journalStream.split(separator: ":", omittingEmptySubsequences: false)
        guard parts.count == 2, let device = UInt64(parts[0]), let inode = UInt64(parts[1]) else { return false }
        var status = stat()
        guard case .success = systemCall({ fstat(fileDescriptor, &status) }) else { return false }
        return UInt64(status.st_dev) == device && UInt64(status.st_ino) == inode
    }

    /// Writes all of `text` to stderr, continuing after short writes; a failure is dropped (there
    /// is nowhere left to report it).
    private static func writeToStandardError(_ text: String) { writeStandardError(text) }
}

/// Writes all of `text` to stderr (best effort, like every log line).
public func writeStandardError(_ text: String) { writeAll(text, to: STDERR_FILENO) }

/// Writes all of `text` to stdout, unbuffered (after what `print` buffered).
public func writeStandardOutput(_ text: String) {
    flushStandardOutput()
    writeAll(text, to: STDOUT_FILENO)
}

/// Hands what `print` buffered to stdout now (one line at a time into a pipe).
public func flushStandardOutput() { clinux_flush_stdout() }

/// Makes stdout line-buffered, even into a pipe (where stdio buffers blocks by default): each
/// line `print` writes goes out as it ends. Called once, first thing, by the program.
public func lineBufferStandardOutput() { clinux_line_buffer_stdout() }

/// Ends the process with `status`, flushing stdio's buffers as exit(3) does.
public func exitProcess(_ status: Int32) -> Never { exit(status) }

/// Writes all of `text` to `fd`, retrying short writes and EINTR; gives up silently on an error
/// (EPIPE from a reader that went away must not take the panel down: log lines and `print`
/// actions are best effort, and SIGPIPE is ignored).
public func writeAll(_ text: String, to fd: Int32) {
    var bytes = Array(text.utf8)[...]
    while !bytes.isEmpty {
        let result = bytes.withUnsafeBytes { buffer in
            systemCall { write(fd, buffer.baseAddress, buffer.count) }
        }
        guard case .success(let written) = result, written > 0 else { return }
        bytes = bytes.dropFirst(written)
    }
}
