/// Why a device cannot be read as a touchscreen.
public struct TouchDeviceError: Error, Hashable, Sendable, CustomStringConvertible {
    public var reason: String
    public init(_ reason: String) { self.reason = reason }
    public var description: String { reason }
}

/// Turns a touch device's evdev events into frames of contacts: the one implementation that both
/// live devices and recordings go through. Pure: it is fed events one at a time and answers with
/// what changed; it never reads a clock or a file.
///
/// **Frames.** Every `SYN_REPORT` ends a frame and ``feed(_:)`` returns its contact changes
/// (possibly none), stamped with the kernel's time of that `SYN_REPORT`. Frames are never merged:
/// a press and its release in consecutive frames come out as two frames, and a press and release
/// inside one frame still come out as `began` and `ended`. Contact ids are the machine's own,
/// counting from 1 and never reused.
///
/// **Protocols.** The machine reads the device with the decoder of its protocol (chosen once,
/// from what the device declares: ``DeviceDescription/touchProtocol``), which tells a
/// ``ContactTracker`` shared by all three what each frame did:
/// - type B (slots, ``MultitouchBDecoder``): each slot keeps its last values across frames and
///   contacts; the slot selected at open is device state (``init(device:calibration:filters:initialSlot:)``).
/// - type A (`SYN_MT_REPORT`, ``MultitouchADecoder``): each frame lists every contact; a frame
///   with none, or with `BTN_TOUCH` 0, lifts them all; contacts are followed by tracking id, else
///   by nearest position.
/// - single touch (``SingleTouchDecoder``): `ABS_X`/`ABS_Y` with `BTN_TOUCH` or `BTN_LEFT` held
///   (or, without either key, `ABS_PRESSURE` > 0). Multitouch devices' single-touch emulation
///   (`ABS_X`/`ABS_Y`, which jumps when the first contact lifts) is ignored.
///
/// Codes the device does not declare, and codes the machine has no use for, are ignored.
///
/// **Filters** (``TouchFilters``, all off by default): a pressure threshold, a guard against
/// phantom contacts in the maximum corner, median and dejitter filters on each contact's
/// position, and a stuck-contact timeout. The machine is fed events and never reads a clock, so
/// the timeout needs the caller: ``nextDeadline`` is when the oldest silent contact becomes
/// stuck (nil while no contact is live), and ``expireStuckContacts(now:)`` cancels the contacts
/// whose deadline has come. The cancellations carry the deadline as their time, and ``replay(_:)``
/// expires contacts before each event that comes after a deadline, so a replay gives the same
/// frames as a live loop that arms a timer for ``nextDeadline`` — which should also feed events
/// through ``feedExpiring(_:)`` (or ``replay(_:)``), in case an event beats the timer. A stuck contact stays
/// silent after it is cancelled until the device reports it again (a value of its slot, a frame
/// listing it, a single-touch axis or key): a controller that lost a release carries on with
/// the same contact at the next touch, which then begins as a new contact.
///
/// **SYN_DROPPED.** After `SYN_DROPPED` the machine ignores events up to the next `SYN_REPORT`.
/// - Without a snapshot (replays; a device without libevdev), that `SYN_REPORT` cancels every
///   live contact (`.cancelled`, never a tap), and a contact that was down stays silent until the
///   device reports a new one (a new tracking id, a new `BTN_TOUCH`/`BTN_LEFT` press, or for
///   type A an empty frame).
/// - The live edge instead feeds the `SYN_DROPPED`, lets libevdev resync itself, drains (does not
///   feed) libevdev's sync events, and passes the synced state — slots, keys and axes — to
///   ``resync(with:time:)``: contacts gone or replaced during the drop are cancelled, contacts
///   still down carry on (moving if they moved), and contacts that appeared during the drop begin.
public struct TouchStateMachine: Sendable {
    /// The device as the machine reads it (with its axis remap, if any).
    public let device: DeviceDescription
    public let touchProtocol: TouchProtocol

    public var calibration: TouchCalibration {
        get { tracker.calibration }
        set { tracker.calibration = newValue }
    }
    public var filters: TouchFilters { tracker.filters }

    /// Type A frames keep at most this many contacts (more is garbage).
    public static let maximumContactsPerFrame = 32
    /// Type B devices get at most this many slots (more is garbage).
    public static let maximumSlots = 256

    /// The device's protocol: its events into what each frame did.
    private var decoder: any TouchDecoder
    /// The contacts: ids, filters, the stuck-contact timeout, events.
    private var tracker: ContactTracker
    /// Between `SYN_DROPPED` and the next `SYN_REPORT`.
    private var dropping = false

    /// - Parameters:
    ///   - device: the description (after ``DeviceDescription/remappingAxes(_:)`` when the
    ///     device needs a remap; its events are translated through it).
    ///   - calibration: how the device's coordinates map onto the screen (changed later through ``calibration``).
    ///   - initialSlot: the type B slot selected when the device was opened: libevdev's
    ///     `libevdev_get_current_slot` live; for a recording, the slot its header names
    ///     (``AbsInfo/value`` of `ABS_MT_SLOT`), which is the default, else 0.
    ///   - filters: see ``TouchFilters``; all off by default.
    public init(
        device: DeviceDescription, calibration: TouchCalibration, filters: TouchFilters = TouchFilters(),
        initialSlot: Int? = nil
    ) throws {
        self.device = device
        touchProtocol = device.touchProtocol
        tracker = ContactTracker(device: device, calibration: calibration, filters: filters)
        switch touchProtocol {
        case .none:
            throw TouchDeviceError("\(device.name): declares no position axes (ABS_MT_POSITION_X/Y or ABS_X/Y)")
        case .multitouchB: decoder = try MultitouchBDecoder(device: device, initialSlot: initialSlot)
        case .multitouchA: decoder = MultitouchADecoder(device: device)
        case .singleTouch: decoder = SingleTouchDecoder(device: device)
        }
    }

    /// Live contacts right now.
    public var liveContacts: Int { tracker.contacts.count }

    // MARK: Feeding

    /// Takes one event. Returns the frame's contact changes at `SYN_REPORT` (empty when nothing
    /// changed), nil for every other event.
    public mutating func feed(_ event: InputEvent) -> [TouchEvent]? {
        if event.type == EventType.syn {
            switch event.code {
            case SynCode.report:
                if dropping {
                    dropping = false
                    decoder.cancelAll(time: event.time, suppress: true, tracker: &tracker)
                } else {
                    decoder.endFrame(time: event.time, tracker: &tracker)
                }
                return tracker.finishFrame()
            case SynCode.mtReport:
                if !dropping { decoder.endContactReport() }
            case SynCode.dropped:
                dropping = true
                decoder.discardFrame()
            default:
                break
            }
            return nil
        }
        guard !dropping else { return nil }
        switch event.type {
        case EventType.abs:
            guard let axis = device.axis(forStreamCode: event.code), device.hasAxis(axis) else { return nil }
            decoder.take(axis: axis, value: event.value)
        case EventType.key:
            guard device.hasKey(event.code) else { return nil }
            decoder.take(key: event.code, down: event.value != 0)
        default:
            break
        }
        return nil
    }

    /// Feeds a whole stream (a recording, or one read of a live device) through
    /// ``feedExpiring(_:)`` and returns the frames that changed something, in order.
    public mutating func replay(_ events: [InputEvent]) -> [[TouchEvent]] {
        events.flatMap { feedExpiring($0) }
    }

    /// ``feed(_:)``, after expiring the contacts whose deadline (``nextDeadline``) has come by
    /// the event's time — what a live loop's timer would have done before this event arrived.
    /// Returns the frames that changed something: the expired contacts' cancellations in a frame
    /// of their own, then the event's frame. Without ``TouchFilters/stuckContactTimeout`` it is
    /// ``feed(_:)`` without the empty frames.
    public mutating func feedExpiring(_ event: InputEvent) -> [[TouchEvent]] {
        var frames: [[TouchEvent]] = []
        if let deadline = nextDeadline, deadline <= event.time {
            let expired = expireStuckContacts(now: event.time)
            if !expired.isEmpty { frames.append(expired) }
        }
        if let frame = feed(event), !frame.isEmpty { frames.append(frame) }
        return frames
    }

    // MARK: Stuck contacts

    /// When the live contact reported longest ago becomes stuck (its last report's time plus
    /// ``TouchFilters/stuckContactTimeout``, on the device's clock); nil while no contact is live
    /// or without a timeout. The caller arms a timer for it and then calls
    /// ``expireStuckContacts(now:)``.
    public var nextDeadline: Double? { tracker.nextDeadline }

    /// Cancels every contact whose deadline is at or before `now` (the device's clock: the clock
    /// of the event timestamps, `CLOCK_MONOTONIC` after `EVIOCSCLOCKID`, else `CLOCK_REALTIME`).
    /// Each cancellation carries its contact's deadline as its time and its last reported
    /// position. The contact stays silent until the device reports it again.
    public mutating func expireStuckContacts(now: Double) -> [TouchEvent] {
        let (cancelled, keys) = tracker.expireStuckContacts(now: now)
        for key in keys { decoder.contactExpired(key: key) }
        return cancelled
    }

    /// Brings the machine to the device's state after `SYN_DROPPED` (see the type's
    /// documentation): contacts gone or replaced end as `.cancelled`, contacts still down carry
    /// on, new ones begin. `time` is the kernel time of the sync (libevdev's synthetic `SYN_REPORT`).
    /// A slot or single-touch value that changed during the drop counts as a report of its contact.
    public mutating func resync(with state: DeviceState, time: Double) -> [TouchEvent] {
        dropping = false
        decoder.resync(with: state, time: time, tracker: &tracker)
        return tracker.finishFrame()
    }

    /// Cancels every live contact (the device went away, the screen blanked). The machine stays
    /// usable: later events start new contacts.
    public mutating func cancelAll(time: Double) -> [TouchEvent] {
        decoder.cancelAll(time: time, suppress: false, tracker: &tracker)
        return tracker.finishFrame()
    }
}
