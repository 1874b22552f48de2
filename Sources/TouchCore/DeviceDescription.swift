/// An absolute axis's range and filtering (`struct input_absinfo`).
public struct AbsInfo: Hashable, Sendable {
    public var minimum: Int32
    public var maximum: Int32
    public var fuzz: Int32
    public var flat: Int32
    /// Units per millimetre (0 when the device does not say).
    public var resolution: Int32
    /// The axis's value when the description was taken, when known: evemu's header comments
    /// carry it (`#       Value      3`), the `A:` lines do not. For `ABS_MT_SLOT` it is the
    /// slot selected when the device was opened.
    public var value: Int32?

    public init(
        minimum: Int32, maximum: Int32, fuzz: Int32 = 0, flat: Int32 = 0, resolution: Int32 = 0, value: Int32? = nil
    ) {
        self.minimum = minimum
        self.maximum = maximum
        self.fuzz = fuzz
        self.flat = flat
        self.resolution = resolution
        self.value = value
    }
}

/// What a device is: its name and ids, the event codes it declares, its axes and properties —
/// what `evemu-describe` prints and what the kernel reports through `EVIOCGBIT`/`EVIOCGABS`.
///
/// A device can also carry an axis remap (``remappingAxes(_:)``) for controllers that send
/// their position on other axes than they declare.
public struct DeviceDescription: Hashable, Sendable {
    public var name: String
    public var bus: UInt16
    public var vendor: UInt16
    public var product: UInt16
    public var version: UInt16
    /// The event types the device declares (`EV_*`, evemu's `B: 00` line).
    public var eventTypes: Set<UInt16>
    /// The codes declared per event type (`B:` lines for types 1 and up).
    public var codes: [UInt16: Set<UInt16>]
    /// Range and filtering per absolute axis (`A:` lines).
    public var absInfo: [UInt16: AbsInfo]
    /// `INPUT_PROP_*` values (`P:` lines).
    public var properties: Set<UInt16>
    /// Which axis each `EV_ABS` code of the event stream stands for (stream code → meaning; codes
    /// missing are dropped) after ``remappingAxes(_:)``; empty when not remapped.
    public private(set) var axisRemap: [UInt16: UInt16] = [:]

    public init(
        name: String, bus: UInt16 = 0, vendor: UInt16 = 0, product: UInt16 = 0, version: UInt16 = 0,
        eventTypes: Set<UInt16>? = nil, codes: [UInt16: Set<UInt16>], absInfo: [UInt16: AbsInfo] = [:],
        properties: Set<UInt16> = []
    ) {
        self.name = name
        self.bus = bus
        self.vendor = vendor
        self.product = product
        self.version = version
        self.eventTypes = eventTypes ?? Set(codes.keys).union([EventType.syn])
        self.codes = codes
        self.absInfo = absInfo
        self.properties = properties
    }

    /// Whether the device declares `code` for `type`. `EV_SYN` events are always accepted: every
    /// device sends them.
    public func supports(type: UInt16, code: UInt16) -> Bool {
        type == EventType.syn || (codes[type]?.contains(code) ?? false)
    }

    public func hasAxis(_ code: UInt16) -> Bool { supports(type: EventType.abs, code: code) }
    public func hasKey(_ code: UInt16) -> Bool { supports(type: EventType.key, code: code) }

    /// How the device reports contacts, judged from what it declares.
    public var touchProtocol: TouchProtocol {
        if hasAxis(AbsCode.mtPositionX) && hasAxis(AbsCode.mtPositionY) {
            return hasAxis(AbsCode.mtSlot) ? .multitouchB : .multitouchA
        }
        if hasAxis(AbsCode.x) && hasAxis(AbsCode.y) { return .singleTouch }
        return .none
    }

    /// The number of type B slots (`ABS_MT_SLOT`'s maximum + 1), 0 without slots.
    public var slotCount: Int {
        guard hasAxis(AbsCode.mtSlot), let info = absInfo[AbsCode.mtSlot], info.maximum >= 0 else { return 0 }
        return Int(info.maximum) + 1
    }

    /// The device as seen through an axis remap: each `from → to` pair makes events on `from` count
    /// as `to`, with `from`'s declaration and range; the events a device sends on a `to` axis that
    /// is not itself remapped are dropped (they carry no position on such a device).
    ///
    /// The eGalax 0eef:0001 declares `ABS_X`/`ABS_Y` (42…1981) but sends its position on `ABS_Z`
    /// (30…4040) and `ABS_RX` (60…4035): ``AxisRemap/eGalaxPositionOnZRX`` maps them back.
    /// Remaps compose: a remapped description can be remapped again.
    public func remappingAxes(_ remap: AxisRemap) -> DeviceDescription {
        guard !remap.mapping.isEmpty else { return self }
        var result = self
        var declared: Set<UInt16> = []
        var info: [UInt16: AbsInfo] = [:]
        var table: [UInt16: UInt16] = [:]
        for stream in 0...AbsCode.max {
            guard let meaning = axis(forStreamCode: stream), let remapped = remap.translate(meaning) else { continue }
            table[stream] = remapped
            if hasAxis(meaning) { declared.insert(remapped) }
            if let i = absInfo[meaning] { info[remapped] = i }
        }
        result.codes[EventType.abs] = declared
        result.absInfo = info
        result.axisRemap = table
        return result
    }

    /// The meaning of an `EV_ABS` code from the event stream, nil when a remap drops it.
    public func axis(forStreamCode code: UInt16) -> UInt16? {
        axisRemap.isEmpty ? code : axisRemap[code]
    }

    /// A remap suggested for devices known to need one: the eGalax 0eef:0001 that declares
    /// `ABS_Z` and `ABS_RX`. Nil for every other device. A configuration can always give its own.
    public var suggestedAxisRemap: AxisRemap? {
        if vendor == 0x0eef && product == 0x0001 && hasAxis(AbsCode.z) && hasAxis(AbsCode.rx)
            && touchProtocol == .singleTouch
        {
            return .eGalaxPositionOnZRX
        }
        return nil
    }
}

/// How a device reports contacts.
public enum TouchProtocol: String, Hashable, Sendable {
    /// Type B multitouch: slots and tracking ids; the kernel sends only what changed.
    case multitouchB
    /// Type A multitouch: anonymous contacts, each ended by `SYN_MT_REPORT`, all of them in every frame.
    case multitouchA
    /// One contact: `ABS_X`/`ABS_Y` with `BTN_TOUCH` or `BTN_LEFT` (resistive panels, USB tablets).
    case singleTouch
    /// No position axes: not a touch device.
    case none
}

/// Axes a device sends its position on instead of the ones it declares (see
/// ``DeviceDescription/remappingAxes(_:)``).
public struct AxisRemap: Hashable, Sendable {
    /// Stream code → the axis it stands for.
    public var mapping: [UInt16: UInt16]

    public init(_ mapping: [UInt16: UInt16]) { self.mapping = mapping }

    /// What an axis becomes: its target when remapped; nil for a target that is not itself
    /// remapped (its own events carry nothing on such a device); otherwise itself.
    public func translate(_ code: UInt16) -> UInt16? {
        if let to = mapping[code] { return to }
        return mapping.values.contains(code) ? nil : code
    }

    /// No remap.
    public static let none = AxisRemap([:])
    /// eGalax 0eef:0001: X on `ABS_Z`, Y on `ABS_RX`.
    public static let eGalaxPositionOnZRX = AxisRemap([AbsCode.z: AbsCode.x, AbsCode.rx: AbsCode.y])
    /// Swaps the single-touch axes (a panel wired with X and Y exchanged).
    public static let swapXY = AxisRemap([AbsCode.x: AbsCode.y, AbsCode.y: AbsCode.x])
}
