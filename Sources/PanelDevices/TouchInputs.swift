import ConfigFormat
import Evdev
import FoundationEssentials
import LinuxIO
import Panel
import PanelRuntime
import TouchCore

/// The board's input devices, live: its touch devices and its key devices (keyboards, buttons,
/// rotary encoders), opened, grabbed and stamped with the monotonic clock; each touch device read
/// through a touch state machine, each key device through a `KeyDecoder`; closed when unplugged
/// (their contacts cancelled) and reopened when they come back — without a restart.
///
/// Which touch devices: those the config names (path, name or vendor:product), else every
/// touchscreen and absolute pointer found; when the config names devices and none is present but
/// exactly one touchscreen is, that one, with a warning (`InputDiscovery.select(_:among:)`). A
/// named device that appears later is opened too; the fallback stays open beside it. Key
/// devices: only those `keys.devices` names (matched the same way, never guessed), and never one
/// already taken as a touch device.
public final class TouchInputs {
    private struct Live {
        var device: InputDevice
        var reader: Reader
    }

    private enum Reader {
        /// Contact ids get `contactBase` added: every device numbers its contacts from 1, and the
        /// panel routes all of them together, so two devices' contacts must never share an id.
        case touch(TouchStateMachine, contactBase: Int)
        case keys(KeyDecoder)

        var machine: TouchStateMachine? {
            if case .touch(let machine, _) = self { return machine }
            return nil
        }
    }

    /// Keys read since ``takeKeys()`` last ran.
    private var pendingKeys: [KeyPress] = []

    /// The next touch device's contact base (``Reader/touch(_:contactBase:)``).
    private var nextContactBase = 0
    private static let contactsPerDevice = 1 << 20

    /// A device's frames with panel-wide contact ids.
    private func tagged(_ frames: [[TouchEvent]], base: Int) -> [[TouchEvent]] {
        frames.map { frame in
            frame.map { e in
                var e = e
                e.contact += base
                return e
            }
        }
    }

    private var live: [String: Live] = [:]
    private var touch: TouchConfig
    private var keys: KeysConfig
    private var display: DisplayConfig
    private let directory: String
    private let hotplug: HotplugWatcher?
    private let log: (LogLevel, String) -> Void
    /// Whether to take the devices for this process alone (EVIOCGRAB), so the console under the
    /// panel does not see the touches.
    private let grab: Bool

    public init(
        touch: TouchConfig, keys: KeysConfig = KeysConfig(), display: DisplayConfig,
        directory: String = InputDiscovery.defaultDirectory, grab: Bool = true,
        log: @escaping (LogLevel, String) -> Void
    ) {
        self.touch = touch
        self.keys = keys
        self.display = display
        self.directory = directory
        self.grab = grab
        self.log = log
        do {
            hotplug = try HotplugWatcher(directory: directory)
        } catch {
            log(.warning, "\(error); devices plugged in later will not be seen until a restart")
            hotplug = nil
        }
        scan()
    }

    deinit { closeAll() }

    /// Paths of the open devices.
    public var openPaths: [String] { live.keys.sorted() }

    /// What to poll: the devices and the hot-plug watcher.
    public var pollHandles: [PollHandle] {
        live.values.map(\.device.pollHandle) + (hotplug.map { [$0.pollHandle] } ?? [])
    }

    /// The earliest deadline of any state machine (stuck-contact timeout, filters), monotonic.
    public var nextDeadline: Double? { live.values.compactMap(\.reader.machine?.nextDeadline).min() }

    /// Opens every wanted device that is not open yet.
    public func scan() {
        let found: [DiscoveredDevice]
        do {
            found = try InputDiscovery.scan(directory: directory)
        } catch {
            log(.warning, "\(error)")
            return
        }
        let wanted = touch.devices.compactMap(DeviceMatch.init)
        let selection = InputDiscovery.select(wanted, among: found)
        for d in selection.devices where live[d.path] == nil {
            if d == selection.fallback { log(.warning, InputDiscovery.fallbackWarning(wanted, taken: d)) }
            open(d.path)
        }
        if !live.values.contains(where: { $0.reader.machine != nil }) {
            log(.warning, InputDiscovery.noneWanted(wanted, among: found) + "; waiting for one to be plugged in")
        }
        let wantedKeys = keys.devices.compactMap(DeviceMatch.init)
        guard !wantedKeys.isEmpty else { return }
        let taken = Set(selection.devices.map(\.path))
        for d in found where !taken.contains(d.path) && live[d.path] == nil && d.isWanted(by: wantedKeys) {
            openKeys(d.path)
        }
        if !live.values.contains(where: { $0.reader.machine == nil }) {
            log(
                .warning,
                "keys: no device matches \(wantedKeys.map(\.description).joined(separator: ", ")); present: "
                    + (found.isEmpty ? "none" : found.map(\.summary).joined(separator: "; "))
                    + "; waiting for one to be plugged in")
        }
    }

    /// Opens one key device; false (with the reason logged) when it cannot be used.
    @discardableResult
    private func openKeys(_ path: String) -> Bool {
        opening(path, kind: "keys") { device in
            let decoder = try KeyDecoder(
                device: device.description, stepsPerDetent: keys.stepsPerDetent, reversed: keys.reverseDial)
            return (.keys(decoder), "keys: \(path) \"\(device.name)\"")
        }
    }

    /// Opens `path`, builds its reader with `make`, takes the monotonic clock and the grab, and
    /// keeps it; false (with the reason logged) when it cannot be used.
    private func opening(_ path: String, kind: String, _ make: (InputDevice) throws -> (Reader, String)) -> Bool {
        do {
            let device = try InputDevice(path: path)
            let (reader, summary) = try make(device)
            try device.useMonotonicClock()
            if grab {
                do {
                    try device.grab()
                } catch {
                    log(.warning, "\(error); \(kind == "touch" ? "touches" : "keys") will also reach the console")
                }
            }
            live[path] = Live(device: device, reader: reader)
            log(.info, summary)
            return true
        } catch let error as EvdevError where error.isDeviceGone || error.errno == .noSuchFile {
            // Gone between the directory listing and the open (an unplug racing the hot-plug scan).
            log(.debug, "\(kind): \(path): \(error)")
            return false
        } catch {
            log(.warning, "\(kind): \(path): \(error)")
            return false
        }
    }

    /// Opens one touch device; false (with the reason logged) when it cannot be used.
    @discardableResult
    private func open(_ path: String) -> Bool {
        opening(path, kind: "touch") { device in
            var description = device.description
            if let remap = description.suggestedAxisRemap { description = description.remappingAxes(remap) }
            // A matrix from udev (a board's hwdb entry or rule, as libinput reads it) applies when
            // the config gives none: the config is the more specific of the two.
            var touch = self.touch
            if touch.calibration == .identity, touch.pointercal == nil,
                let udev = UdevProperties.calibrationMatrix(UdevProperties.forDevice(at: path))
            {
                touch.calibration = udev
                log(.info, "touch: \(path): calibration matrix from udev: \(udev.values)")
            }
            let pointercal = try touch.pointercal.map { path in
                guard let data = FileManager.default.contents(atPath: path) else {
                    throw ConfigError("touch.pointercal", "cannot read \(path)")
                }
                return String(decoding: data, as: UTF8.self)
            }
            let calibration = try touch.calibration(for: description, display: display, pointercal: pointercal)
            let machine = try TouchStateMachine(
                device: description, calibration: calibration, filters: touch.filters, initialSlot: device.currentSlot)
            let base = nextContactBase
            nextContactBase += Self.contactsPerDevice
            return (
                .touch(machine, contactBase: base), "touch: \(path) \"\(device.name)\" (\(description.touchProtocol))"
            )
        }
    }

    /// Closes a device and returns the cancellation of its live contacts.
    private func remove(_ path: String, now: Double) -> [[TouchEvent]] {
        guard let entry = live.removeValue(forKey: path) else { return [] }
        if entry.device.isGrabbed { try? entry.device.ungrab() }
        guard case .touch(var machine, let base) = entry.reader else {
            log(.info, "keys: \(path) removed")
            return []
        }
        let cancelled = machine.cancelAll(time: now)
        log(.info, "touch: \(path) removed")
        return cancelled.isEmpty ? [] : tagged([cancelled], base: base)
    }

    /// Handles a readable descriptor; returns the contact frames it produced (a device that went
    /// away produces the cancellation of its contacts) — a key device's keys wait for
    /// ``takeKeys()``. Descriptors that are not ours give nothing.
    public func handleReadable(_ handle: PollHandle, now: Double) -> [[TouchEvent]] {
        if let hotplug, handle == hotplug.pollHandle { return handleHotplug(hotplug, now: now) }
        guard let path = live.first(where: { $0.value.device.pollHandle == handle })?.key else {
            return []
        }
        do {
            let results = try live[path]!.device.readAvailable()
            switch live[path]!.reader {
            case .touch(var machine, let base):
                let frames = machine.take(results)
                live[path]!.reader = .touch(machine, contactBase: base)
                return tagged(frames, base: base)
            case .keys(var decoder):
                pendingKeys += decoder.take(results)
                live[path]!.reader = .keys(decoder)
                return []
            }
        } catch {
            if !error.isDeviceGone { log(.warning, "input: \(error)") }
            return remove(path, now: now)
        }
    }

    /// The keys and dial detents read since the last call, in order.
    public func takeKeys() -> [KeyPress] {
        defer { pendingKeys.removeAll() }
        return pendingKeys
    }

    private func handleHotplug(_ watcher: HotplugWatcher, now: Double) -> [[TouchEvent]] {
        var frames: [[TouchEvent]] = []
        let changes: [HotplugChange]
        do {
            changes = try watcher.readChanges()
        } catch {
            log(.warning, "\(error)")
            return []
        }
        var rescan = false
        for change in changes {
            switch change {
            case .removed(let path): frames += remove(path, now: now)
            case .added, .attributesChanged, .overflowed: rescan = true
            case .directoryRemoved: log(.warning, "\(directory) went away; hot-plug stops")
            }
        }
        if rescan { scan() }
        return frames
    }

    /// Ends contacts whose device lost the release (the stuck-contact timeout) at `now`.
    public func expire(now: Double) -> [[TouchEvent]] {
        var frames: [[TouchEvent]] = []
        for path in live.keys {
            guard case .touch(var machine, let base) = live[path]!.reader else { continue }
            let expired = machine.expireStuckContacts(now: now)
            live[path]!.reader = .touch(machine, contactBase: base)
            if !expired.isEmpty { frames += tagged([expired], base: base) }
        }
        return frames
    }

    /// Takes a reloaded config: devices are reopened with the new calibration, filters and key
    /// settings — only when the touch, key or display settings changed, so a reload of labels or
    /// actions does not cut a touch in progress or let the console see the touchscreen for a moment.
    public func reconfigure(touch: TouchConfig, keys: KeysConfig, display: DisplayConfig, now: Double)
        -> [[TouchEvent]]
    {
        guard touch != self.touch || keys != self.keys || display != self.display else { return [] }
        var frames: [[TouchEvent]] = []
        for path in live.keys { frames += remove(path, now: now) }
        self.touch = touch
        self.keys = keys
        self.display = display
        scan()
        return frames
    }

    /// Takes the devices for this process alone, or gives them back (while another VT has the
    /// screen, its console must get the touches).
    public func setGrabbed(_ grabbed: Bool) {
        guard grab else { return }
        for path in live.keys where live[path]!.device.isGrabbed != grabbed {
            do {
                if grabbed { try live[path]!.device.grab() } else { try live[path]!.device.ungrab() }
            } catch {
                log(.warning, "input: \(error)")
            }
        }
    }

    /// Releases the grabs and closes every device.
    public func closeAll() {
        for path in live.keys {
            if live[path]!.device.isGrabbed { try? live[path]!.device.ungrab() }
        }
        live.removeAll()
    }
}
