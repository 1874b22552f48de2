/// One evdev event (`struct input_event`): the kernel's timestamp, type, code and value.
///
/// The time is the kernel's `tv_sec` + `tv_usec` as seconds; a live device and an evemu recording
/// produce the same values.
public struct InputEvent: Hashable, Sendable {
    /// Seconds on the device's clock (the kernel's event time, not the time of the read).
    public var time: Double
    /// `EV_*` (see ``EventType``).
    public var type: UInt16
    /// `SYN_*`, `ABS_*`, `BTN_*`… depending on the type.
    public var code: UInt16
    public var value: Int32

    public init(time: Double, type: UInt16, code: UInt16, value: Int32) {
        self.time = time
        self.type = type
        self.code = code
        self.value = value
    }

    /// An event stamped with the kernel's `tv_sec` and `tv_usec`.
    public init(seconds: Int, microseconds: Int, type: UInt16, code: UInt16, value: Int32) {
        self.init(time: Double(seconds) + Double(microseconds) / 1_000_000, type: type, code: code, value: value)
    }

    /// `EV_SYN / SYN_REPORT`: the end of a frame.
    public var isReport: Bool { type == EventType.syn && code == SynCode.report }
}

/// Event types (`EV_*` in linux/input-event-codes.h).
public enum EventType {
    /// `EV_SYN`: frame markers.
    public static let syn: UInt16 = 0x00
    /// `EV_KEY`: keys and buttons.
    public static let key: UInt16 = 0x01
    /// `EV_REL`: relative axes.
    public static let rel: UInt16 = 0x02
    /// `EV_ABS`: absolute axes.
    public static let abs: UInt16 = 0x03
    /// `EV_MSC`: miscellaneous (scan codes, timestamps).
    public static let msc: UInt16 = 0x04
    /// `EV_SW`: switches.
    public static let sw: UInt16 = 0x05
    /// `EV_LED`.
    public static let led: UInt16 = 0x11
    /// `EV_SND`.
    public static let snd: UInt16 = 0x12
    /// `EV_REP`: autorepeat settings.
    public static let rep: UInt16 = 0x14
    /// `EV_FF`: force feedback.
    public static let ff: UInt16 = 0x15
    /// `EV_MAX`.
    public static let max: UInt16 = 0x1f
}

/// `EV_SYN` codes.
public enum SynCode {
    /// `SYN_REPORT`: the end of a frame; everything since the last one happened at once.
    public static let report: UInt16 = 0
    /// `SYN_CONFIG`.
    public static let config: UInt16 = 1
    /// `SYN_MT_REPORT`: the end of one contact's values in a type A (anonymous) multitouch frame.
    public static let mtReport: UInt16 = 2
    /// `SYN_DROPPED`: the kernel's buffer overflowed and events were lost.
    public static let dropped: UInt16 = 3
}

/// `EV_KEY` codes used by touch devices.
public enum KeyCode {
    /// `BTN_LEFT`: the press of an absolute pointer (USB and virtio tablets).
    public static let buttonLeft: UInt16 = 0x110
    /// `BTN_RIGHT`.
    public static let buttonRight: UInt16 = 0x111
    /// `BTN_TOOL_PEN`.
    public static let toolPen: UInt16 = 0x140
    /// `BTN_TOOL_FINGER`.
    public static let toolFinger: UInt16 = 0x145
    /// `BTN_TOUCH`: something touches the surface.
    public static let touch: UInt16 = 0x14a
    /// `BTN_TOOL_DOUBLETAP`: two fingers.
    public static let toolDoubleTap: UInt16 = 0x14d
    /// `KEY_MAX`.
    public static let max: UInt16 = 0x2ff
}

/// `EV_ABS` codes used by touch devices.
public enum AbsCode {
    /// `ABS_X`.
    public static let x: UInt16 = 0x00
    /// `ABS_Y`.
    public static let y: UInt16 = 0x01
    /// `ABS_Z` (eGalax 0eef:0001 sends its X here).
    public static let z: UInt16 = 0x02
    /// `ABS_RX` (eGalax 0eef:0001 sends its Y here).
    public static let rx: UInt16 = 0x03
    /// `ABS_RY`.
    public static let ry: UInt16 = 0x04
    /// `ABS_PRESSURE`.
    public static let pressure: UInt16 = 0x18
    /// `ABS_MISC`.
    public static let misc: UInt16 = 0x28
    /// `ABS_MT_SLOT`: selects the slot the following `ABS_MT_*` values belong to (type B).
    public static let mtSlot: UInt16 = 0x2f
    /// `ABS_MT_TOUCH_MAJOR`.
    public static let mtTouchMajor: UInt16 = 0x30
    /// `ABS_MT_TOUCH_MINOR`.
    public static let mtTouchMinor: UInt16 = 0x31
    /// `ABS_MT_WIDTH_MAJOR`.
    public static let mtWidthMajor: UInt16 = 0x32
    /// `ABS_MT_WIDTH_MINOR`.
    public static let mtWidthMinor: UInt16 = 0x33
    /// `ABS_MT_ORIENTATION`.
    public static let mtOrientation: UInt16 = 0x34
    /// `ABS_MT_POSITION_X`.
    public static let mtPositionX: UInt16 = 0x35
    /// `ABS_MT_POSITION_Y`.
    public static let mtPositionY: UInt16 = 0x36
    /// `ABS_MT_TOOL_TYPE`.
    public static let mtToolType: UInt16 = 0x37
    /// `ABS_MT_BLOB_ID`.
    public static let mtBlobID: UInt16 = 0x38
    /// `ABS_MT_TRACKING_ID`: a contact's identity in its slot; -1 ends the contact.
    public static let mtTrackingID: UInt16 = 0x39
    /// `ABS_MT_PRESSURE`.
    public static let mtPressure: UInt16 = 0x3a
    /// `ABS_MT_DISTANCE`.
    public static let mtDistance: UInt16 = 0x3b
    /// `ABS_MAX`.
    public static let max: UInt16 = 0x3f
}

/// `EV_MSC` codes.
public enum MscCode {
    /// `MSC_SCAN`.
    public static let scan: UInt16 = 0x04
    /// `MSC_TIMESTAMP`.
    public static let timestamp: UInt16 = 0x05
}

/// Device properties (`INPUT_PROP_*`).
public enum InputProperty {
    /// `INPUT_PROP_POINTER`: needs a pointer on screen (touchpads).
    public static let pointer: UInt16 = 0x00
    /// `INPUT_PROP_DIRECT`: touches land where they are on the screen (touchscreens).
    public static let direct: UInt16 = 0x01
    /// `INPUT_PROP_BUTTONPAD`.
    public static let buttonPad: UInt16 = 0x02
    /// `INPUT_PROP_SEMI_MT`: a bounding box instead of real contacts.
    public static let semiMT: UInt16 = 0x03
    /// `INPUT_PROP_MAX`.
    public static let max: UInt16 = 0x1f
}
