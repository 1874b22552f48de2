/// Type B multitouch (slots): the kernel sends only what changed, so each slot keeps its last
/// values across frames and across contacts — a new contact may arrive with only X or only Y.
/// `ABS_MT_SLOT` selects the slot the following values belong to (the slot selected at open is
/// device state); `ABS_MT_TRACKING_ID` ≥ 0 starts a contact, -1 ends it, a different id replaces
/// it. `BTN_TOUCH` and the single-touch emulation (`ABS_X`/`ABS_Y`) only summarise the slots.
///
/// The tracker's key of a slot's contact is the slot's index.
struct MultitouchBDecoder: TouchDecoder {
    private struct Slot {
        var trackingID: Int32 = -1
        var x: Int32 = 0
        var y: Int32 = 0
        var pressure: Int32 = 0
        /// The tracking id of the slot's live contact when it began (while the tracker holds one).
        var contactTrackingID: Int32 = -1
        /// Cancelled by a drop: silent until the next tracking id.
        var suppressed = false
        /// Cancelled as stuck: silent until the slot is reported again.
        var expired = false
        /// A tracking id ≥ 0 arrived in this frame (a press and release inside one frame is a tap).
        var pressedInFrame = false
        /// The device sent a value of this slot in this frame.
        var reportedInFrame = false
    }

    private var slots: [Slot]
    private var currentSlot: Int
    private let hasPressure: Bool

    /// - Parameters:
    ///   - device: the device's description (its `ABS_MT_SLOT` range gives the slot count).
    ///   - initialSlot: the slot selected when the device was opened; by default the one its
    ///     description names (``AbsInfo/value`` of `ABS_MT_SLOT`), else 0.
    init(device: DeviceDescription, initialSlot: Int?) throws {
        let count = device.slotCount
        guard count > 0 else { throw TouchDeviceError("\(device.name): ABS_MT_SLOT without a range") }
        guard count <= TouchStateMachine.maximumSlots else {
            throw TouchDeviceError("\(device.name): \(count) slots (more than \(TouchStateMachine.maximumSlots))")
        }
        slots = Array(repeating: Slot(), count: count)
        currentSlot = initialSlot ?? device.absInfo[AbsCode.mtSlot]?.value.map(Int.init) ?? 0
        hasPressure = device.hasAxis(AbsCode.mtPressure)
    }

    mutating func take(axis: UInt16, value: Int32) {
        if axis == AbsCode.mtSlot {
            currentSlot = Int(value)
            return
        }
        guard slots.indices.contains(currentSlot) else { return }  // an invalid slot: ignored until the next
        // Any value of the slot, even one the machine has no use for, reports its contact.
        slots[currentSlot].reportedInFrame = true
        slots[currentSlot].expired = false
        switch axis {
        case AbsCode.mtTrackingID:
            slots[currentSlot].trackingID = value
            slots[currentSlot].suppressed = false
            if value >= 0 { slots[currentSlot].pressedInFrame = true }
        case AbsCode.mtPositionX: slots[currentSlot].x = value
        case AbsCode.mtPositionY: slots[currentSlot].y = value
        case AbsCode.mtPressure: slots[currentSlot].pressure = value
        default: break
        }
    }

    mutating func take(key: UInt16, down: Bool) {}

    mutating func endFrame(time: Double, tracker: inout ContactTracker) {
        commit(time: time, endPhase: .ended, tracker: &tracker)
    }

    mutating func cancelAll(time: Double, suppress: Bool, tracker: inout ContactTracker) {
        tracker.cancelAll(time: time)
        for i in slots.indices {
            slots[i].suppressed = suppress && slots[i].trackingID >= 0
            slots[i].pressedInFrame = false
            slots[i].reportedInFrame = false
        }
    }

    /// The slots become the device's; a slot whose values changed during the drop counts as
    /// reported. Contacts gone or replaced are cancelled.
    mutating func resync(with state: DeviceState, time: Double, tracker: inout ContactTracker) {
        currentSlot = state.currentSlot
        for i in slots.indices {
            let s = i < state.slots.count ? state.slots[i] : DeviceState.Slot()
            let old = slots[i]
            slots[i].trackingID = s.trackingID
            slots[i].x = s.x
            slots[i].y = s.y
            slots[i].pressure = s.pressure
            slots[i].suppressed = false
            slots[i].pressedInFrame = false
            slots[i].reportedInFrame =
                old.trackingID != s.trackingID || old.x != s.x || old.y != s.y || old.pressure != s.pressure
            if slots[i].reportedInFrame { slots[i].expired = false }
        }
        commit(time: time, endPhase: .cancelled, tracker: &tracker)
    }

    mutating func contactExpired(key: Int) {
        slots[key].expired = true
    }

    /// Each slot in turn: its live contact moves, lifts (where the slot is now: a lift frame may
    /// still move it) or, replaced by a new tracking id or cancelled, ends where it was last
    /// reported; then a contact down without one begins, or one pressed and released inside the
    /// frame taps.
    private mutating func commit(time: Double, endPhase: TouchEvent.Phase, tracker: inout ContactTracker) {
        for i in slots.indices {
            var s = slots[i]
            let pressure = hasPressure ? s.pressure : nil
            let down = s.trackingID >= 0 && !s.suppressed && !s.expired && tracker.allowsPressure(pressure)
            if tracker.isLive(i) {
                if down && s.contactTrackingID == s.trackingID {
                    if s.reportedInFrame { tracker.report(i, x: s.x, y: s.y, time: time) }
                } else if (s.trackingID >= 0 && s.contactTrackingID != s.trackingID) || endPhase == .cancelled {
                    tracker.end(i, phase: endPhase, time: time)
                } else {
                    tracker.lift(i, x: s.x, y: s.y, time: time)
                }
            }
            if down && !tracker.isLive(i) {
                if tracker.begin(i, x: s.x, y: s.y, time: time) { s.contactTrackingID = s.trackingID }
            } else if s.pressedInFrame && s.trackingID < 0 && endPhase == .ended && !s.suppressed
                && tracker.allowsPressure(pressure)
            {
                tracker.tap(x: s.x, y: s.y, time: time)
            }
            s.pressedInFrame = false
            s.reportedInFrame = false
            slots[i] = s
        }
    }
}
