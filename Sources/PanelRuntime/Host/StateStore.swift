import ConfigFormat
import FoundationEssentials
import LinuxIO
import Panel

/// Why the switch states could not be saved, with the errno and the call that failed.
public struct StateStoreError: Error, Hashable, Sendable, CustomStringConvertible {
    public var call: String
    public var path: String
    public var errno: Int32

    public var description: String {
        let e = SystemErrno(errno)
        return "\(call)(\(path)) failed: \(e.message) (errno \(errno))"
            + (e == .permissionDenied || e == .notPermitted
                ? "; the state directory must be writable by the panel's user" : "")
    }
}

/// The switches' states on disk, so they survive restarts. Every save is atomic and durable:
/// the new file is written beside the old one, fsync'd, renamed over it, and the directory is
/// fsync'd, so a power cut leaves either the old states or the new ones, never a torn file.
public struct StateStore: Sendable {
    public let directory: String
    public var path: String { FilePaths.join(directory, "states.json") }
    /// The screen's settings, beside the states: `{"version":1,"brightness":40}`.
    public var screenPath: String { FilePaths.join(directory, "screen.json") }

    public init(directory: String) { self.directory = directory }

    /// The most a state file may hold (a thousand switches take 40 KB): a larger one is not read.
    public static let sizeLimit = 1 << 20

    /// The saved states. A missing file is a first start (no states, no warning); one that
    /// cannot be read (permissions, a directory, a FIFO, a symlink, larger than ``sizeLimit``)
    /// or is corrupt is reported in `warning` and ignored — never a crash, never a partial read,
    /// never a wait. Reads only: ``restore()`` is what a panel calls at start.
    public func load() -> (states: [String: Bool], warning: String?) {
        let data: [UInt8]
        do {
            // Not followed: the panel's own file is never a symlink, and one planted there could
            // point anywhere (/dev/zero).
            data = try readFile(path, limit: Self.sizeLimit, followingLinks: false)
        } catch {
            // No file, or a directory path that cannot hold one: nothing was ever saved here (a
            // save says loudly why it cannot).
            if error.errno == .noSuchFile || error.errno == .notADirectory { return ([:], nil) }
            return ([:], "\(path): cannot read the saved states (\(error)); starting from the config's")
        }
        do {
            let json = try JSONParser.parse(data)
            guard case .object(let top) = json,
                let version = top.first(where: { $0.key == "version" })?.value, version == .number(1),
                case .object(let switches)? = top.first(where: { $0.key == "switches" })?.value
            else {
                return ([:], "\(path): not a version 1 state file; ignoring it")
            }
            var states: [String: Bool] = [:]
            for (id, value) in switches {
                guard case .bool(let on) = value else {
                    return ([:], "\(path): switches.\(id): expected true or false; ignoring the file")
                }
                states[id] = on
            }
            return (states, nil)
        } catch {
            return ([:], "\(path): corrupt (\(error)); ignoring it")
        }
    }

    /// ``load()`` at start, and then makes sure the first save loses nothing: a file that could
    /// not be used is moved aside (`states.json.unusable-<seconds since 1970>`) for a human to
    /// look at, and temporary files a killed panel left behind are removed.
    public func restore() -> (states: [String: Bool], warning: String?) {
        for name in (try? listDirectory(directory)) ?? []
        where name.hasPrefix("states.json.tmp-") || name.hasPrefix("screen.json.tmp-") {
            try? removeFile(FilePaths.join(directory, name))
        }
        let (states, warning) = load()
        guard let warning else { return (states, nil) }
        let aside = path + ".unusable-\(Int(Date().timeIntervalSince1970))"
        do {
            try renameFile(path, to: aside)
            return (states, warning + "; the file is kept as \(aside)")
        } catch {
            return (states, warning + "; it could not be moved aside (\(error)), so saving will fail too")
        }
    }

    /// Writes `states` durably (see the type's documentation). Throws without touching the
    /// previous file when anything fails.
    public func save(_ states: [String: Bool]) throws(StateStoreError) {
        let members = states.keys.sorted().map { "    \(JSONValue.string($0).text): \(states[$0]! ? "true" : "false")" }
        let text = "{\n  \"version\": 1,\n  \"switches\": {\n" + members.joined(separator: ",\n") + "\n  }\n}\n"
        do {
            try writeFileDurably(Array(text.utf8), to: path)
        } catch {
            throw StateStoreError(call: error.call, path: error.path, errno: error.errno.rawValue)
        }
    }

    /// The backlight brightness last set (percent), or nil when none was saved; a file that
    /// cannot be used is reported in `warning` and ignored (the next save replaces it).
    public func loadBrightness() -> (brightness: Int?, warning: String?) {
        let data: [UInt8]
        do {
            data = try readFile(screenPath, limit: 4096, followingLinks: false)
        } catch {
            if error.errno == .noSuchFile || error.errno == .notADirectory { return (nil, nil) }
            return (nil, "\(screenPath): cannot read the saved brightness (\(error)); keeping the backlight's")
        }
        guard case .object(let top)? = try? JSONParser.parse(data),
            top.first(where: { $0.key == "version" })?.value == .number(1)
        else {
            return (nil, "\(screenPath): not a version 1 screen file; ignoring it")
        }
        guard let value = top.first(where: { $0.key == "brightness" })?.value else { return (nil, nil) }
        guard case .number(let n) = value, n == n.rounded(),
            Double(BrightnessScale.range.lowerBound)...Double(BrightnessScale.range.upperBound) ~= n
        else {
            return (nil, "\(screenPath): brightness: expected a whole number 1…100, got \(value.shown); ignoring it")
        }
        return (Int(n), nil)
    }

    /// Writes the brightness durably, as ``save(_:)`` writes the states.
    public func saveBrightness(_ percent: Int) throws(StateStoreError) {
        do {
            try writeFileDurably(Array("{\"version\": 1, \"brightness\": \(percent)}\n".utf8), to: screenPath)
        } catch {
            throw StateStoreError(call: error.call, path: error.path, errno: error.errno.rawValue)
        }
    }
}
