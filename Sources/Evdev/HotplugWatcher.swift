import CEvdev
import Glibc
import LinuxIO

/// Watches a directory of device nodes (`/dev/input`) with inotify and reports `event*` nodes
/// appearing and disappearing, so devices are opened and closed without a restart.
///
/// Put ``fileDescriptor`` in the caller's `poll(2)` set and call ``readChanges()`` when it is
/// readable. udev creates a node and then sets its group and mode: a node that could not be opened
/// when it was ``HotplugChange/added(_:)`` may become openable at its
/// ``HotplugChange/attributesChanged(_:)``; try again then.
public final class HotplugWatcher {
    /// The watched directory.
    public let directory: String
    /// The inotify descriptor (non-blocking, close-on-exec), for `poll(2)`; owned by this object.
    public let fileDescriptor: Int32

    /// Starts watching `directory` for `IN_CREATE`, `IN_DELETE` and `IN_ATTRIB`.
    public init(directory: String = InputDiscovery.defaultDirectory) throws(EvdevError) {
        let fd: Int32
        switch systemCall({ inotify_init1(Int32(IN_NONBLOCK | IN_CLOEXEC)) }) {
        case .success(let opened): fd = opened
        case .failure(let e): throw .inotify(call: "inotify_init1", path: directory, errno: e)
        }
        let mask = UInt32(IN_CREATE | IN_DELETE | IN_ATTRIB | IN_MOVED_FROM | IN_MOVED_TO | IN_DELETE_SELF)
        if case .failure(let e) = systemCall({ inotify_add_watch(fd, directory, mask) }) {
            close(fd)
            throw .inotify(call: "inotify_add_watch", path: directory, errno: e)
        }
        self.directory = directory
        self.fileDescriptor = fd
    }

    deinit { close(fileDescriptor) }

    /// The changes inotify has queued, in order; empty when there are none.
    public func readChanges() throws(EvdevError) -> [HotplugChange] {
        var changes: [HotplugChange] = []
        // Room for many events at once: each is 16 bytes plus its name, padded.
        let capacity = 4096
        let buffer = UnsafeMutableRawPointer.allocate(
            byteCount: capacity, alignment: MemoryLayout<inotify_event>.alignment)
        defer { buffer.deallocate() }
        while true {
            let count: Int
            switch systemCall({ read(fileDescriptor, buffer, capacity) }) {
            case .success(let n): count = n
            case .failure(let e):
                if e == .wouldBlock { return changes }
                throw .inotify(call: "read", path: directory, errno: e)
            }
            if count == 0 { return changes }
            changes += Self.parse(UnsafeRawBufferPointer(start: buffer, count: count), directory: directory)
        }
    }

    /// Decodes a buffer of `struct inotify_event`s into changes of `event*` nodes.
    static func parse(_ bytes: UnsafeRawBufferPointer, directory: String) -> [HotplugChange] {
        let header = MemoryLayout<inotify_event>.size
        let base = directory.hasSuffix("/") ? String(directory.dropLast()) : directory
        var changes: [HotplugChange] = []
        var offset = 0
        while offset + header <= bytes.count {
            let mask = bytes.loadUnaligned(fromByteOffset: offset + 4, as: UInt32.self)
            let length = Int(bytes.loadUnaligned(fromByteOffset: offset + 12, as: UInt32.self))
            let nameStart = offset + header
            offset = nameStart + length
            guard offset <= bytes.count else { break }
            if mask & UInt32(IN_Q_OVERFLOW) != 0 {
                changes.append(.overflowed)
                continue
            }
            if mask & UInt32(IN_DELETE_SELF | IN_IGNORED) != 0 {
                changes.append(.directoryRemoved)
                continue
            }
            let nameBytes = bytes[nameStart..<offset].prefix { $0 != 0 }
            let name = String(decoding: nameBytes, as: UTF8.self)
            guard InputDiscovery.isEventNodeName(name) else { continue }
            let path = "\(base)/\(name)"
            if mask & UInt32(IN_CREATE | IN_MOVED_TO) != 0 {
                changes.append(.added(path))
            } else if mask & UInt32(IN_DELETE | IN_MOVED_FROM) != 0 {
                changes.append(.removed(path))
            } else if mask & UInt32(IN_ATTRIB) != 0 {
                changes.append(.attributesChanged(path))
            }
        }
        return changes
    }
}

/// A change in the watched directory.
public enum HotplugChange: Hashable, Sendable {
    /// A node appeared: open it (it may not be readable until its ``attributesChanged(_:)``).
    case added(String)
    /// A node went away: close the device (its reads already fail with `ENODEV`) and cancel its
    /// contacts.
    case removed(String)
    /// A node's owner or mode changed (udev applied its rules): open it if it is not open yet.
    case attributesChanged(String)
    /// inotify's queue overflowed and changes were lost: rescan the directory.
    case overflowed
    /// The watched directory itself went away; nothing more will be reported.
    case directoryRemoved
}
