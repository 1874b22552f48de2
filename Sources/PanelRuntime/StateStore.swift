import ConfigFormat
import Foundation
import LinuxIO
import Panel

#if canImport(Glibc)
    import Glibc
#endif

/// Why the switch states could not be saved, with the errno and the call that failed.
public struct StateStoreError: Error, Hashable, Sendable, CustomStringConvertible {
    public var call: String
    public var path: String
    public var errno: Int32

    public var description: String {
        "\(call)(\(path)) failed: \(String(cString: strerror(errno))) (errno \(errno))"
            + (errno == EACCES || errno == EPERM ? "; the state directory must be writable by the panel's user" : "")
    }
}

/// The switches' states on disk, so they survive restarts. Every save is atomic and durable:
/// the new file is written beside the old one, fsync'd, renamed over it, and the directory is
/// fsync'd, so a power cut leaves either the old states or the new ones, never a torn file.
public struct StateStore: Sendable {
    public let directory: String
    public var path: String { (directory as NSString).appendingPathComponent("states.json") }

    public init(directory: String) { self.directory = directory }

    /// The saved states. A missing file is a first start (no states, no warning); a corrupt one
    /// is reported in `warning` and ignored — never a crash, and never a partial read.
    public func load() -> (states: [String: Bool], warning: String?) {
        guard let data = FileManager.default.contents(atPath: path) else { return ([:], nil) }
        do {
            let json = try JSONParser.parse([UInt8](data))
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
}
