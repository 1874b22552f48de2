import LinuxIO
import TouchCore

/// What an input device is good for, judged from what it declares.
public enum InputDeviceKind: String, Hashable, Sendable {
    /// A touchscreen: `INPUT_PROP_DIRECT`, or `ABS_MT_POSITION_X`, or `ABS_X`/`ABS_Y` with
    /// `BTN_TOUCH`.
    case touchscreen
    /// An absolute pointer: `ABS_X`/`ABS_Y` with `BTN_LEFT` (USB and virtio tablets, KVM
    /// switches, QEMU's `virtio-tablet-pci`).
    case absolutePointer
    /// A touchpad (`INPUT_PROP_POINTER` without `INPUT_PROP_DIRECT`): it declares touch axes but
    /// moves a pointer; never taken as a touchscreen, so a laptop's touchpad is not grabbed.
    case touchpad
    /// Anything else (keyboards, mice, buttons).
    case other

    public init(classifying device: DeviceDescription) {
        let direct = device.properties.contains(InputProperty.direct)
        let hasXY = device.hasAxis(AbsCode.x) && device.hasAxis(AbsCode.y)
        let touchAxes =
            device.hasAxis(AbsCode.mtPositionX) || (hasXY && device.hasKey(KeyCode.touch))
        if device.properties.contains(InputProperty.pointer) && !direct && touchAxes {
            self = .touchpad
        } else if direct || touchAxes {
            self = .touchscreen
        } else if hasXY && device.hasKey(KeyCode.buttonLeft) {
            self = .absolutePointer
        } else {
            self = .other
        }
    }

    /// Whether the panel can take touches from it.
    public var isTouchInput: Bool { self == .touchscreen || self == .absolutePointer }
}

/// One event node found by ``InputDiscovery/scan(directory:)``: its description, or why it could
/// not be read.
public struct DiscoveredDevice: Hashable, Sendable {
    public var path: String
    public var outcome: Result<Info, EvdevError>

    public struct Info: Hashable, Sendable {
        public var description: DeviceDescription
        public var kind: InputDeviceKind
        /// `libevdev_get_current_slot` at the scan (nil without slots).
        public var currentSlot: Int?
    }

    public var info: Info? { try? outcome.get() }
    public var error: EvdevError? {
        if case .failure(let e) = outcome { return e }
        return nil
    }
}

/// Finds the input devices in `/dev/input`.
public enum InputDiscovery {
    public static let defaultDirectory = "/dev/input"

    /// Opens every `event*` node in `directory` (in numeric order) and describes it. A node that
    /// cannot be opened or is not an evdev device is reported with its error (permission denied
    /// is per node, not fatal); only a directory that cannot be listed throws.
    public static func scan(directory: String = defaultDirectory) throws(EvdevError) -> [DiscoveredDevice] {
        try eventNodes(in: directory).map { path in
            do throws(EvdevError) {
                let device = try InputDevice(path: path)
                let description = device.description
                return DiscoveredDevice(
                    path: path,
                    outcome: .success(
                        .init(
                            description: description, kind: InputDeviceKind(classifying: description),
                            currentSlot: device.currentSlot)))
            } catch {
                return DiscoveredDevice(path: path, outcome: .failure(error))
            }
        }
    }

    /// The paths of the `event*` entries of `directory`, event2 before event10.
    public static func eventNodes(in directory: String) throws(EvdevError) -> [String] {
        let names: [String]
        do throws(SystemError) {
            names = try listDirectory(directory).filter(isEventNodeName)
        } catch {
            throw .listDirectory(path: directory, errno: error.errno)
        }
        let base = directory.hasSuffix("/") ? String(directory.dropLast()) : directory
        return names.sorted(by: eventNodeOrder).map { "\(base)/\($0)" }
    }

    /// `event` followed by anything (`event0`, `event12`): the evdev nodes.
    public static func isEventNodeName(_ name: String) -> Bool {
        name.hasPrefix("event") && name.count > "event".count
    }

    /// event2 < event10; names without a number after "event" sort by text, after the numbered.
    static func eventNodeOrder(_ a: String, _ b: String) -> Bool {
        let na = Int(a.dropFirst("event".count))
        let nb = Int(b.dropFirst("event".count))
        switch (na, nb) {
        case (let x?, let y?): return x < y
        case (.some, nil): return true
        case (nil, .some): return false
        case (nil, nil): return a < b
        }
    }
}

extension DeviceMatch {
    /// ``matches(path:description:)`` with symlinks (`/dev/input/by-id/…`) resolved on both
    /// sides first: the I/O half of matching, which the pure TouchCore leaves to the edge.
    public func matchesResolvingLinks(path: String, description: DeviceDescription) -> Bool {
        if case .path(let wanted) = self, wanted != path {
            guard let a = try? resolveSymbolicLinks(wanted), let b = try? resolveSymbolicLinks(path) else {
                return false
            }
            return a == b
        }
        return matches(path: path, description: description)
    }

    /// The first device this names among those that could be read.
    public func select(from devices: [DiscoveredDevice]) -> DiscoveredDevice? {
        devices.first { d in d.info.map { matchesResolvingLinks(path: d.path, description: $0.description) } ?? false }
    }
}

extension DiscoveredDevice {
    /// Whether the panel should use this device: one of `wanted` (path, name or vendor:product;
    /// symlinks resolved), or with none named, any touchscreen or absolute pointer.
    public func isWanted(by wanted: [DeviceMatch]) -> Bool {
        guard let info else { return false }
        if wanted.isEmpty { return info.kind.isTouchInput }
        return wanted.contains { $0.matchesResolvingLinks(path: path, description: info.description) }
    }

    /// `/dev/input/event3 "FT5406 memory based driver" (touchscreen)`, or the node and why it
    /// could not be read.
    public var summary: String {
        guard let info else { return "\(path) (\(error.map { "\($0)" } ?? "unreadable"))" }
        return "\(path) \"\(info.description.name)\" (\(info.kind.rawValue))"
    }
}

/// The devices the panel takes from those present: ``InputDiscovery/select(_:among:)``.
public struct TouchSelection: Hashable, Sendable {
    public var devices: [DiscoveredDevice]
    /// Set when the config names devices, none of them is present, and the one touchscreen
    /// that is present was taken instead (see ``InputDiscovery/select(_:among:)``).
    public var fallback: DiscoveredDevice?
}

extension InputDiscovery {
    /// The devices `wanted` names among `found` (with none named: every touchscreen and absolute
    /// pointer). When it names devices and none of them is present but exactly one touchscreen
    /// is, that touchscreen: drivers rename devices across kernels (the Raspberry Pi 7" display's
    /// "FT5406 memory based driver" became edt-ft5x06's "generic ft5x06 (79)"), and a wall panel
    /// whose config names the old name would otherwise wait for ever with its only touchscreen
    /// ignored. Two or more touchscreens are never guessed between; absolute pointers (tablets,
    /// KVM switches) are never taken in place of a named device.
    public static func select(_ wanted: [DeviceMatch], among found: [DiscoveredDevice]) -> TouchSelection {
        let named = found.filter { $0.isWanted(by: wanted) }
        guard !wanted.isEmpty, named.isEmpty else { return TouchSelection(devices: named) }
        let touchscreens = found.filter { $0.info?.kind == .touchscreen }
        guard touchscreens.count == 1 else { return TouchSelection(devices: []) }
        return TouchSelection(devices: touchscreens, fallback: touchscreens[0])
    }

    /// The warning a fallback selection is logged with: what was named, what was taken, and the fix.
    public static func fallbackWarning(_ wanted: [DeviceMatch], taken: DiscoveredDevice) -> String {
        "touch: no device matches \(wanted.map(\.description).joined(separator: ", ")); using the only touchscreen, "
            + "\(taken.summary) (add its name to touch.devices to make this choice explicit)"
    }
}

extension InputDiscovery {
    /// Why no wanted device was found, listing every node present (for the log or an error).
    public static func noneWanted(_ wanted: [DeviceMatch], among found: [DiscoveredDevice]) -> String {
        "no touch device "
            + (wanted.isEmpty ? "found" : "matches \(wanted.map(\.description).joined(separator: ", "))")
            + "; present: " + (found.isEmpty ? "none" : found.map(\.summary).joined(separator: "; "))
    }
}
