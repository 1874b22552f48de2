import LinuxIO
import Panel
import PanelRuntime

/// Reloads the panel when its config file is saved: the preview's edit–save–see loop.
///
/// The file's *directory* is watched (inotify), not the file: editors save by writing a
/// temporary file and renaming it over the original, which replaces the inode a file watch
/// would hold. A save (`IN_CLOSE_WRITE`, or `IN_MOVED_TO` for a rename) of the file's name is
/// taken ``settleDelay`` later — editors that write in several steps are done by then — and
/// read like `check-config` reads it: a good config is taken as SIGHUP takes one (states kept),
/// a broken one leaves the running panel as it is and its message goes to `onProblem`, until a
/// later save is good (then `onProblem` gets nil).
public final class ConfigFileWatcher: PanelService {
    public let path: String
    private let name: String
    private let inotify: InotifyDescriptor
    private let read: (String) throws -> LoadedConfig
    private let onProblem: (String?) -> Void
    private let log: (LogLevel, String) -> Void
    private weak var loop: PanelLoop?
    /// When the saved file is to be read; nil: no save pending.
    private var reloadAt: Double?
    /// Seconds between a save and reading it.
    public static let settleDelay = 0.02
    /// Reloads so far, good and bad (for the tests).
    public private(set) var reloads = 0

    /// Watches `path`'s directory. `read` loads the config (with the command line's overrides).
    public init(
        path: String, read: @escaping (String) throws -> LoadedConfig = { try LoadedConfig.read(path: $0) },
        onProblem: @escaping (String?) -> Void, log: @escaping (LogLevel, String) -> Void
    ) throws(SystemError) {
        self.path = path
        let slash = path.lastIndex(of: "/")
        name = slash.map { String(path[path.index(after: $0)...]) } ?? path
        let directory = slash.map { $0 == path.startIndex ? "/" : String(path[..<$0]) } ?? "."
        inotify = try InotifyDescriptor()
        try inotify.watch(directory, for: [.closedAfterWriting, .movedTo, .queueOverflowed])
        self.read = read
        self.onProblem = onProblem
        self.log = log
    }

    public func start(in loop: PanelLoop, now: Double) { self.loop = loop }

    public var pollInterests: [PollInterest] { [PollInterest(inotify.pollHandle)] }

    public var nextDeadline: Double? { reloadAt }

    public func handle(_ event: PollEvent, now: Double) {
        do {
            let changes = try inotify.readChanges()
            if changes.contains(where: { $0.name == name || $0.events.contains(.queueOverflowed) }) {
                reloadAt = now + Self.settleDelay
            }
        } catch {
            log(.warning, "watching \(path): \(error)")
        }
    }

    public func tick(now: Double) {
        guard let due = reloadAt, now >= due, let loop else { return }
        reloadAt = nil
        reloads += 1
        do {
            try loop.reload(try read(path), now: now)
            onProblem(nil)
        } catch {
            log(.error, "\(path): \(error) (the panel keeps the last good config)")
            onProblem("\(path): \(error)")
        }
    }
}
