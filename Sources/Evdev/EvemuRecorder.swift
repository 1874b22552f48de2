import LinuxIO
import TouchCore

/// `switchpanel record`: a live device's description and events in evemu format (what
/// evemu-record writes and `inject`, `replay` and the tests read back), until a signal or a count.
public enum EvemuRecorder {
    /// How a recording ended.
    public enum Ending: Equatable, Sendable {
        /// Stopped by a signal (Ctrl-C) or after the count; the events written.
        case stopped(events: Int)
        /// The device went away (unplugged) after these events.
        case deviceGone(events: Int)
    }

    /// The node to record: the `selector`'s device (a path as given), else the first
    /// touchscreen, else the first absolute pointer, among the nodes of `directory`.
    public static func devicePath(_ selector: DeviceMatch?, directory: String) throws -> String {
        if case .path(let path) = selector { return path }
        let found = try InputDiscovery.scan(directory: directory)
        if let selector {
            guard let device = selector.select(from: found) else {
                throw DeviceChoiceError("no input device matches \(selector) (`switchpanel devices` lists them)")
            }
            return device.path
        }
        let readable = found.compactMap { d in d.info.map { (d.path, $0.kind) } }
        if let touch = readable.first(where: { $0.1 == .touchscreen }) ?? readable.first(where: { $0.1.isTouchInput }) {
            return touch.0
        }
        let denied = found.compactMap(\.error).first { $0.isPermissionDenied }
        throw DeviceChoiceError(
            "no touchscreen or absolute pointer in \(directory)" + (denied.map { " (\($0))" } ?? ""))
    }

    /// Writes `device`'s header, then its events as they come, through `write` until `signals`
    /// has one (SIGINT, SIGTERM) or `count` events are written. A dropped batch is written as
    /// the kernel's SYN_DROPPED followed by the state libevdev re-synced.
    public static func record(
        _ device: InputDevice, count: Int?, signals: SignalDescriptor, write: (String) -> Void
    ) throws -> Ending {
        write(EvemuWriter.header(device.description, names: EventNames.name))
        var written = 0
        while true {
            let ready = try waitForReadable([device.pollHandle, signals.pollHandle])
            if ready.contains(signals.pollHandle), signals.received() != nil { break }
            let read = Result { () throws(EvdevError) in try device.readAvailable() }
            if case .failure(let error) = read, error.isDeviceGone { return .deviceGone(events: written) }
            var text = ""
            for result in try read.get() {
                switch result {
                case .event(let event):
                    text += EvemuWriter.eventLine(event, names: EventNames.name) + "\n"
                    written += 1
                case .dropped(_, let syncEvents, let time):
                    let drop = InputEvent(time: time, type: EventType.syn, code: SynCode.dropped, value: 0)
                    for event in [drop] + syncEvents {
                        text += EvemuWriter.eventLine(event, names: EventNames.name) + "\n"
                        written += 1
                    }
                }
                if let count, written >= count { break }
            }
            write(text)
            if let count, written >= count { break }
        }
        return .stopped(events: written)
    }
}

/// No input device fits what was asked for (the message says what was looked for and where).
public struct DeviceChoiceError: Error, Equatable, CustomStringConvertible {
    public var description: String
    public init(_ description: String) { self.description = description }
}
