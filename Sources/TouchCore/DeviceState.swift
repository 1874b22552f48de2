/// A device's state as the kernel holds it, for ``TouchStateMachine/resync(with:time:)`` after
/// `SYN_DROPPED` (and, optionally, at open).
///
/// The live edge fills it from libevdev once libevdev has synced itself: `libevdev_get_current_slot`,
/// `libevdev_get_slot_value` for every slot (`ABS_MT_TRACKING_ID`, `ABS_MT_POSITION_X/Y`,
/// `ABS_MT_PRESSURE`), `libevdev_get_event_value` for the keys held and the single-touch axes.
/// Codes are the device's own (as in the event stream, before any axis remap).
public struct DeviceState: Hashable, Sendable {
    /// One type B slot.
    public struct Slot: Hashable, Sendable {
        /// -1 when the slot holds no contact.
        public var trackingID: Int32
        public var x: Int32
        public var y: Int32
        public var pressure: Int32

        public init(trackingID: Int32 = -1, x: Int32 = 0, y: Int32 = 0, pressure: Int32 = 0) {
            self.trackingID = trackingID
            self.x = x
            self.y = y
            self.pressure = pressure
        }
    }

    public var currentSlot: Int
    /// Indexed by slot number; slots beyond the array are empty.
    public var slots: [Slot]
    /// `EV_KEY` codes held down (`BTN_TOUCH`, `BTN_LEFT`).
    public var keysDown: Set<UInt16>
    /// Current values of the single-touch axes (`ABS_X`, `ABS_Y`, `ABS_PRESSURE`, …) by code.
    public var absValues: [UInt16: Int32]

    public init(
        currentSlot: Int = 0, slots: [Slot] = [], keysDown: Set<UInt16> = [], absValues: [UInt16: Int32] = [:]
    ) {
        self.currentSlot = currentSlot
        self.slots = slots
        self.keysDown = keysDown
        self.absValues = absValues
    }
}
