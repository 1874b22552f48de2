import LinuxIO

/// Watches a directory of device nodes (`/dev/input`) with inotify and reports `event*` nodes
/// appearing and disappearing, so devices are opened and closed without a restart.
///
/// Put ``pollHandle`` in the caller's poll set and call ``readChanges()`` when it is readable.
/// udev creates a node and then sets its group and mode: a node that could not be opened when it
/// was ``HotplugChange/added(_:)`` may become openable at its
/// ``HotplugChange/attributesChanged(_:)``; try again then.
public final class HotplugWatcher {
    /// The watched directory.
    public let directory: String
    private let inotify: InotifyDescriptor

    /// Starts watching `directory` for nodes created, deleted, moved and changed, and for the
    /// directory itself going away.
    public init(directory: String = InputDiscovery.defaultDirectory) throws(EvdevError) {
        do throws(SystemError) {
            let inotify = try InotifyDescriptor()
            try inotify.watch(
                directory, for: [.created, .deleted, .attributesChanged, .movedFrom, .movedTo, .watchedDeleted])
            self.inotify = inotify
        } catch {
            throw .inotify(call: error.call, path: directory, errno: error.errno)
        }
        self.directory = directory
    }

    /// What to poll: readable when changes are queued.
    public var pollHandle: PollHandle { inotify.pollHandle }

    /// The changes inotify has queued, in order; empty when there are none.
    public func readChanges() throws(EvdevError) -> [HotplugChange] {
        do throws(SystemError) {
            return Self.hotplugChanges(try inotify.readChanges(), directory: directory)
        } catch {
            throw .inotify(call: error.call, path: directory, errno: error.errno)
        }
    }

    /// What inotify's changes in `directory` mean for its `event*` nodes.
    static func hotplugChanges(_ changes: [InotifyDescriptor.Change], directory: String) -> [HotplugChange] {
        let base = directory.hasSuffix("/") ? String(directory.dropLast()) : directory
        return changes.compactMap { change in
            if change.events.contains(.queueOverflowed) { return .overflowed }
            if !change.events.isDisjoint(with: [.watchedDeleted, .watchRemoved]) { return .directoryRemoved }
            guard InputDiscovery.isEventNodeName(change.name) else { return nil }
            let path = "\(base)/\(change.name)"
            if !change.events.isDisjoint(with: [.created, .movedTo]) { return .added(path) }
            if !change.events.isDisjoint(with: [.deleted, .movedFrom]) { return .removed(path) }
            if change.events.contains(.attributesChanged) { return .attributesChanged(path) }
            return nil
        }
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
