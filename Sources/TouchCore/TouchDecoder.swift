/// One touch protocol's reading of a device's evdev events: what it keeps between events, and
/// what it tells the ``ContactTracker`` at the end of each frame. ``TouchStateMachine`` picks one
/// from what the device declares — ``MultitouchBDecoder`` (slots), ``MultitouchADecoder``
/// (`SYN_MT_REPORT`) or ``SingleTouchDecoder`` (`ABS_X`/`ABS_Y` with a button) — and hands it
/// the events the device declares, axes already translated through its remap; `SYN_REPORT`,
/// `SYN_DROPPED` and the live edge's resync come through the methods below.
///
/// A decoder names its contacts to the tracker by keys of its own and is told when the tracker
/// cancels one as stuck; it never makes a ``TouchEvent`` itself.
protocol TouchDecoder: Sendable {
    /// An `EV_ABS` value, by the axis it stands for.
    mutating func take(axis: UInt16, value: Int32)
    /// An `EV_KEY` press (`down`) or release.
    mutating func take(key: UInt16, down: Bool)
    /// `SYN_MT_REPORT`: the end of one contact's values (type A).
    mutating func endContactReport()
    /// `SYN_DROPPED`: the values of the frame in progress are lost.
    mutating func discardFrame()
    /// `SYN_REPORT`: tells the tracker what changed in the frame.
    mutating func endFrame(time: Double, tracker: inout ContactTracker)
    /// Cancels every live contact in the tracker and forgets the frame in progress. With
    /// `suppress` (the `SYN_REPORT` after a `SYN_DROPPED` without a snapshot), the contacts that
    /// were down stay silent until the device reports a new one.
    mutating func cancelAll(time: Double, suppress: Bool, tracker: inout ContactTracker)
    /// Takes the device's state after `SYN_DROPPED` (see ``TouchStateMachine/resync(with:time:)``).
    mutating func resync(with state: DeviceState, time: Double, tracker: inout ContactTracker)
    /// The tracker cancelled the contact with this key as stuck.
    mutating func contactExpired(key: Int)
}

extension TouchDecoder {
    /// Only type A frames have `SYN_MT_REPORT`.
    mutating func endContactReport() {}
    /// Only type A keeps values of its frame in progress apart from the device's state.
    mutating func discardFrame() {}
}
