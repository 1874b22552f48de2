import CLinux
import Glibc

/// An inotify instance (non-blocking, close-on-exec) watching directories: how hot-plugged
/// device nodes are noticed without polling the directory.
public final class InotifyDescriptor {
    private let descriptor: FileDescriptor

    /// What to be told about: the `IN_*` mask bits.
    public struct Events: OptionSet, Sendable {
        public let rawValue: UInt32
        public init(rawValue: UInt32) { self.rawValue = rawValue }
        public static let created = Events(rawValue: UInt32(IN_CREATE))
        public static let deleted = Events(rawValue: UInt32(IN_DELETE))
        public static let attributesChanged = Events(rawValue: UInt32(IN_ATTRIB))
        public static let movedFrom = Events(rawValue: UInt32(IN_MOVED_FROM))
        public static let movedTo = Events(rawValue: UInt32(IN_MOVED_TO))
        public static let watchedDeleted = Events(rawValue: UInt32(IN_DELETE_SELF))
        public static let closedAfterWriting = Events(rawValue: UInt32(IN_CLOSE_WRITE))
        /// The kernel's queue overflowed: changes were lost (rescan).
        public static let queueOverflowed = Events(rawValue: UInt32(IN_Q_OVERFLOW))
        /// The watch was removed (its directory went away).
        public static let watchRemoved = Events(rawValue: UInt32(IN_IGNORED))
    }

    /// One change: what happened and the name in the watched directory (empty for the
    /// directory itself).
    public struct Change: Hashable, Sendable {
        public var events: Events
        public var name: String
        public static func == (a: Change, b: Change) -> Bool {
            a.events.rawValue == b.events.rawValue && a.name == b.name
        }
        public func hash(into hasher: inout Hasher) {
            hasher.combine(events.rawValue)
            hasher.combine(name)
        }
    }

    public init() throws(SystemError) {
        switch systemCall({ inotify_init1(Int32(IN_NONBLOCK | IN_CLOEXEC)) }) {
        case .success(let fd): descriptor = FileDescriptor(adopting: fd)
        case .failure(let e): throw SystemError(call: "inotify_init1", errno: e)
        }
    }

    /// Watches `path` for `events`.
    public func watch(_ path: String, for events: Events) throws(SystemError) {
        if case .failure(let e) = systemCall({ inotify_add_watch(descriptor.rawValue, path, events.rawValue) }) {
            throw SystemError(call: "inotify_add_watch", path: path, errno: e)
        }
    }

    public var pollHandle: PollHandle { descriptor.pollHandle }

    /// The changes queued now, in order; empty when there are none.
    public func readChanges() throws(SystemError) -> [Change] {
        var changes: [Change] = []
        // Room for many events at once: each is 16 bytes plus its name, padded.
        let capacity = 4096
        let buffer = UnsafeMutableRawBufferPointer.allocate(
            byteCount: capacity, alignment: MemoryLayout<inotify_event>.alignment)
        defer { buffer.deallocate() }
        while let count = try descriptor.read(into: buffer), count > 0 {
            changes += Self.parse(UnsafeRawBufferPointer(rebasing: buffer[..<count]))
        }
        return changes
    }

    /// Decodes a buffer of `struct inotify_event`s (each a header and a NUL-padded name).
    public static func parse(_ bytes: UnsafeRawBufferPointer) -> [Change] {
        let header = MemoryLayout<inotify_event>.size
        var changes: [Change] = []
        var offset = 0
        while offset + header <= bytes.count {
            let mask = bytes.loadUnaligned(fromByteOffset: offset + 4, as: UInt32.self)
            let length = Int(bytes.loadUnaligned(fromByteOffset: offset + 12, as: UInt32.self))
            let nameStart = offset + header
            offset = nameStart + length
            guard offset <= bytes.count else { break }  // a torn record: the kernel never sends one
            let nameBytes = bytes[nameStart..<offset].prefix { $0 != 0 }
            changes.append(Change(events: Events(rawValue: mask), name: String(decoding: nameBytes, as: UTF8.self)))
        }
        return changes
    }
}
