/// Single touch: one contact at `ABS_X`/`ABS_Y`, down while `BTN_TOUCH` or `BTN_LEFT` is held
/// (or, on a device with neither key, while `ABS_PRESSURE` > 0). Resistive panels, USB and
/// virtio tablets.
///
/// The tracker's key of the contact is always ``key``.
struct SingleTouchDecoder: TouchDecoder {
    static let key = 0

    /// The device as the decoder reads it: its keys, and its axis remap for a resync's values.
    private let device: DeviceDescription
    private let hasButton: Bool
    private let hasPressure: Bool
    private var x: Int32 = 0
    private var y: Int32 = 0
    private var pressure: Int32 = 0
    private var keysDown: Set<UInt16> = []
    /// A button went down in this frame (a press and release inside one frame is a tap).
    private var pressedInFrame = false
    /// The device sent an axis or a button in this frame.
    private var reportedInFrame = false
    /// Cancelled by a drop: silent until the next press or release.
    private var suppressed = false
    /// Cancelled as stuck: silent until the device reports an axis or a button.
    private var expired = false

    init(device: DeviceDescription) {
        self.device = device
        hasButton = device.hasKey(KeyCode.touch) || device.hasKey(KeyCode.buttonLeft)
        hasPressure = device.hasAxis(AbsCode.pressure)
    }

    mutating func take(axis: UInt16, value: Int32) {
        set(axis, value)
        reportedInFrame = true
        expired = false
    }

    private mutating func set(_ axis: UInt16, _ value: Int32) {
        switch axis {
        case AbsCode.x: x = value
        case AbsCode.y: y = value
        case AbsCode.pressure: pressure = value
        default: break
        }
    }

    mutating func take(key: UInt16, down: Bool) {
        guard key == KeyCode.touch || key == KeyCode.buttonLeft else { return }
        if down {
            keysDown.insert(key)
            pressedInFrame = true
        } else {
            keysDown.remove(key)
        }
        suppressed = false
        reportedInFrame = true
        expired = false
    }

    mutating func endFrame(time: Double, tracker: inout ContactTracker) {
        commit(time: time, endPhase: .ended, tracker: &tracker)
    }

    mutating func cancelAll(time: Double, suppress: Bool, tracker: inout ContactTracker) {
        tracker.cancelAll(time: time)
        suppressed = suppress && !keysDown.isEmpty
        pressedInFrame = false
        reportedInFrame = false
    }

    /// The keys and axes become the device's; a value that changed during the drop counts as a
    /// report. A contact no longer down is cancelled.
    mutating func resync(with state: DeviceState, time: Double, tracker: inout ContactTracker) {
        let before = (x, y, pressure, keysDown)
        keysDown = state.keysDown.filter { device.hasKey($0) }
        for (code, value) in state.absValues {
            if let axis = device.axis(forStreamCode: code), device.hasAxis(axis) { set(axis, value) }
        }
        suppressed = false
        pressedInFrame = false
        reportedInFrame = before != (x, y, pressure, keysDown)
        if reportedInFrame { expired = false }
        commit(time: time, endPhase: .cancelled, tracker: &tracker)
    }

    mutating func contactExpired(key: Int) {
        expired = true
    }

    /// The live contact moves, or lifts (`ended` where it is now, or `cancelled` where it was
    /// last reported); else a contact down begins, or one pressed and released inside the frame
    /// taps.
    private mutating func commit(time: Double, endPhase: TouchEvent.Phase, tracker: inout ContactTracker) {
        let held = hasButton ? !keysDown.isEmpty : (hasPressure && pressure > 0)
        let pressure = hasPressure ? pressure : nil
        let down = held && !suppressed && !expired && tracker.allowsPressure(pressure)
        if tracker.isLive(Self.key) {
            if down {
                if reportedInFrame { tracker.report(Self.key, x: x, y: y, time: time) }
            } else if endPhase == .cancelled {
                tracker.end(Self.key, phase: .cancelled, time: time)
            } else {
                tracker.lift(Self.key, x: x, y: y, time: time)
            }
        } else if down {
            tracker.begin(Self.key, x: x, y: y, time: time)
        } else if pressedInFrame && hasButton && !suppressed && endPhase == .ended && tracker.allowsPressure(pressure) {
            tracker.tap(x: x, y: y, time: time)
        }
        pressedInFrame = false
        reportedInFrame = false
    }
}
