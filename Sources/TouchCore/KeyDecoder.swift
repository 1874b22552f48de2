/// What a key, a button or a dial asks of the panel: move the focus ring on or back (Tab,
/// Shift+Tab, a dial), move it to the switch next to it on screen (the arrows), or toggle the
/// switch it is on.
public enum PanelKey: String, Hashable, Sendable, CaseIterable {
    case next, previous, up, down, left, right, activate
}

/// One ``PanelKey`` at the kernel's time of the event that made it.
public struct KeyPress: Hashable, Sendable {
    public var key: PanelKey
    public var time: Double
    /// Made by the kernel's auto-repeat of a key held down (value 2), not by a new press.
    public var isRepeat: Bool

    public init(key: PanelKey, time: Double, isRepeat: Bool = false) {
        self.key = key
        self.time = time
        self.isRepeat = isRepeat
    }
}

/// Why a device cannot be read as keys or a dial.
public struct KeyDeviceError: Error, Hashable, Sendable, CustomStringConvertible {
    public var reason: String
    public init(_ reason: String) { self.reason = reason }
    public var description: String { reason }
}

/// Key codes (`KEY_*`, `BTN_*` in linux/input-event-codes.h) the panel reads from keyboards and
/// buttons.
public enum PanelKeyCode {
    public static let tab: UInt16 = 15
    public static let enter: UInt16 = 28
    public static let leftShift: UInt16 = 42
    public static let rightShift: UInt16 = 54
    public static let space: UInt16 = 57
    public static let keypadEnter: UInt16 = 96
    public static let up: UInt16 = 103
    public static let left: UInt16 = 105
    public static let right: UInt16 = 106
    public static let down: UInt16 = 108
    /// `BTN_0`: a gpio-keys push button's usual code, and the Griffin PowerMate's press.
    public static let button0: UInt16 = 0x100
    /// `KEY_OK`, `KEY_SELECT`: remote controls and D-pads.
    public static let ok: UInt16 = 0x160
    public static let select: UInt16 = 0x161
}

/// `EV_REL` codes.
public enum RelCode {
    public static let x: UInt16 = 0x00
    public static let y: UInt16 = 0x01
    public static let hWheel: UInt16 = 0x06
    public static let dial: UInt16 = 0x07
    public static let wheel: UInt16 = 0x08
    /// `REL_WHEEL_HI_RES`/`REL_HWHEEL_HI_RES` (120 per detent) come beside `REL_WHEEL`/`REL_HWHEEL`
    /// on kernels since 5.0: the decoder counts the low-resolution ones only.
    public static let wheelHiRes: UInt16 = 0x0b
    public static let hWheelHiRes: UInt16 = 0x0c
}

/// Turns a keyboard's, a button's or a rotary encoder's evdev events into ``KeyPress``es. Pure:
/// fed events one at a time, it answers with what they ask of the panel.
///
/// **Keys** (`EV_KEY`, on press — value 1 — and, for the moving keys, on the kernel's
/// auto-repeat — value 2): Tab is ``PanelKey/next`` and Shift+Tab ``PanelKey/previous``; the
/// arrows are ``PanelKey/up``, ``PanelKey/down``, ``PanelKey/left`` and ``PanelKey/right``;
/// Enter, keypad Enter, space, `KEY_OK`, `KEY_SELECT` and `BTN_0` ``PanelKey/activate`` — a
/// press only: holding Enter toggles once, never on and off at the keyboard's repeat rate.
/// Releases do nothing.
///
/// **Dials.** Linux's GPIO `rotary-encoder` driver reports one `EV_REL` step per detent on the
/// axis its `linux,axis` names (`REL_X` by default) with `rotary-encoder,relative-axis`, and
/// otherwise an absolute position on `ABS_X` (0…`rotary-encoder,steps`, wrapping with
/// `rotary-encoder,rollover`); USB knobs (Griffin PowerMate, Surface Dial) send `REL_DIAL`, mouse-like
/// knobs `REL_WHEEL`/`REL_HWHEEL`. The decoder reads all of these: `REL_X`, `REL_Y`, `REL_DIAL`,
/// `REL_WHEEL`, `REL_HWHEEL` as signed steps, and any absolute axis of a device that is not a
/// touchscreen as a position whose change is the step (a jump of more than half the range is the
/// rollover, the short way round). Clockwise (positive) is ``PanelKey/next`` unless
/// `reversed`. Steps add up to detents of `stepsPerDetent` (an encoder whose driver reports
/// every edge of the quadrature); turning back starts the count again. The push button of such
/// an encoder is a separate gpio-keys device reporting `KEY_ENTER` or `BTN_0` (name both devices
/// in the config).
///
/// **SYN_DROPPED**: events up to the next `SYN_REPORT` are ignored; ``resync(keysDown:absValues:)``
/// takes the state libevdev synced (which Shift is held, where the dial is).
public struct KeyDecoder: Sendable {
    public let device: DeviceDescription
    public let stepsPerDetent: Int
    public let reversed: Bool

    static let arrowKeys: [UInt16: PanelKey] = [
        PanelKeyCode.up: .up, PanelKeyCode.down: .down, PanelKeyCode.left: .left, PanelKeyCode.right: .right,
    ]
    static let activateKeys: Set<UInt16> = [
        PanelKeyCode.enter, PanelKeyCode.keypadEnter, PanelKeyCode.space, PanelKeyCode.ok, PanelKeyCode.select,
        PanelKeyCode.button0,
    ]
    static let shiftKeys: Set<UInt16> = [PanelKeyCode.leftShift, PanelKeyCode.rightShift]
    static let dialAxes: Set<UInt16> = [RelCode.x, RelCode.y, RelCode.dial, RelCode.wheel, RelCode.hWheel]
    /// Every key the decoder acts on.
    static let panelKeys = Set(arrowKeys.keys).union(activateKeys).union([PanelKeyCode.tab])

    /// The absolute axes read as a dial (none on a touchscreen).
    private let dials: Set<UInt16>
    private var shiftsDown: Set<UInt16> = []
    /// Each absolute dial axis's last position (none until the device says).
    private var positions: [UInt16: Int32] = [:]
    /// Steps turned the same way since the last detent (signed: positive is clockwise).
    private var steps = 0
    private var dropping = false

    /// A decoder for `device`; throws when it declares none of the keys or dials above.
    public init(device: DeviceDescription, stepsPerDetent: Int = 1, reversed: Bool = false) throws(KeyDeviceError) {
        self.device = device
        self.stepsPerDetent = max(1, stepsPerDetent)
        self.reversed = reversed
        guard Self.readsKeys(device) else {
            throw KeyDeviceError(
                "\"\(device.name)\" has none of the keys or dials the panel reads (arrows, Tab, Enter, space, "
                    + "KEY_OK, KEY_SELECT, BTN_0; REL_DIAL, REL_WHEEL, REL_HWHEEL, REL_X, REL_Y; an absolute dial)")
        }
        dials = Set(Self.absoluteDials(of: device))
        for axis in dials { positions[axis] = device.absInfo[axis]?.value }
    }

    /// Whether `device` declares a key or a dial the decoder reads.
    public static func readsKeys(_ device: DeviceDescription) -> Bool {
        !panelKeys.isDisjoint(with: device.codes[EventType.key] ?? [])
            || !dialAxes.isDisjoint(with: device.codes[EventType.rel] ?? []) || !absoluteDials(of: device).isEmpty
    }

    /// The absolute axes read as a dial: every declared one, on a device that is no touchscreen.
    static func absoluteDials(of device: DeviceDescription) -> [UInt16] {
        guard device.touchProtocol == .none else { return [] }
        return (device.codes[EventType.abs] ?? []).sorted()
    }

    /// Feeds one event; returns what it asks of the panel (usually nothing or one key).
    public mutating func feed(_ event: InputEvent) -> [KeyPress] {
        if event.type == EventType.syn {
            if event.code == SynCode.dropped { dropping = true }
            if event.code == SynCode.report { dropping = false }
            return []
        }
        guard !dropping, device.supports(type: event.type, code: event.code) else { return [] }
        switch event.type {
        case EventType.key: return key(event.code, value: event.value, time: event.time)
        case EventType.rel where Self.dialAxes.contains(event.code): return turn(Int(event.value), time: event.time)
        case EventType.abs where dials.contains(event.code):
            let previous = positions[event.code]
            positions[event.code] = event.value
            guard let previous, let info = device.absInfo[event.code] else { return [] }
            var delta = Int(event.value) - Int(previous)
            let range = Int(info.maximum) - Int(info.minimum)
            // The encoder's rollover: from the top of the range to the bottom is one step on.
            if range > 1, abs(delta) * 2 > range { delta -= delta.signum() * range }
            return turn(delta, time: event.time)
        default: return []
        }
    }

    private mutating func key(_ code: UInt16, value: Int32, time: Double) -> [KeyPress] {
        if Self.shiftKeys.contains(code) {
            if value == 0 { shiftsDown.remove(code) } else { shiftsDown.insert(code) }
            return []
        }
        let isRepeat = value == 2
        guard value == 1 || isRepeat,
            let key = Self.panelKey(code: code, shifted: !shiftsDown.isEmpty, isRepeat: isRepeat)
        else { return [] }
        return [KeyPress(key: key, time: time, isRepeat: isRepeat)]
    }

    /// What a press (or, `isRepeat`, the kernel's auto-repeat) of key `code` asks of the panel,
    /// with a Shift held or not; nil: nothing (a key the panel does not read, or a repeated
    /// Enter). Scenario `key` steps name keys and go through this same table.
    public static func panelKey(code: UInt16, shifted: Bool, isRepeat: Bool = false) -> PanelKey? {
        if code == PanelKeyCode.tab { return shifted ? .previous : .next }
        if let arrow = arrowKeys[code] { return arrow }
        if activateKeys.contains(code), !isRepeat { return .activate }
        return nil
    }

    /// `delta` steps of a dial (positive: clockwise), counted into detents.
    private mutating func turn(_ delta: Int, time: Double) -> [KeyPress] {
        guard delta != 0 else { return [] }
        // Turning back starts the count again: a wobble at a detent does not move the ring.
        if steps != 0, steps.signum() != delta.signum() { steps = 0 }
        steps += delta
        let detents = steps / stepsPerDetent
        steps -= detents * stepsPerDetent
        let clockwise = detents > 0
        let key: PanelKey = clockwise != reversed ? .next : .previous
        return Array(repeating: KeyPress(key: key, time: time), count: abs(detents))
    }

    /// Takes the device's state after `SYN_DROPPED` (libevdev's resync): the keys held and the
    /// absolute axes' positions. Steps counted towards a detent are forgotten.
    public mutating func resync(keysDown: Set<UInt16>, absValues: [UInt16: Int32]) {
        dropping = false
        shiftsDown = keysDown.intersection(Self.shiftKeys)
        for axis in dials { positions[axis] = absValues[axis] ?? positions[axis] }
        steps = 0
    }
}
