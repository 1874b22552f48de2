import Raster

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
/// **Protocols** (chosen from what the device declares, see ``DeviceDescription/touchProtocol``):
/// - type B (slots): the kernel sends only what changed, so each slot keeps its last values
///   across frames and across contacts — a new contact may arrive with only X or only Y. The slot
///   selected at open is device state (``init(device:calibration:options:initialSlot:)``).
///   `ABS_MT_TRACKING_ID` ≥ 0 starts a contact, -1 ends it, a different id replaces it.
/// - type A (`SYN_MT_REPORT`): each frame lists every contact; a frame with none, or with
///   `BTN_TOUCH` 0, lifts them all; a contact without both X and Y is skipped. Contacts are
///   followed from frame to frame by tracking id when the device sends one, else by nearest
///   position (N-Trig lists a newly landed finger first).
/// - single touch: `ABS_X`/`ABS_Y` with `BTN_TOUCH` or `BTN_LEFT` held (or, without either key,
///   `ABS_PRESSURE` > 0). Multitouch devices' single-touch emulation (`ABS_X`/`ABS_Y`, which jumps
///   when the first contact lifts) is ignored.
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
    /// The former name of ``TouchFilters`` (which began as the pressure threshold alone).
    public typealias Options = TouchFilters

    /// The device as the machine reads it (with its axis remap, if any).
    public let device: DeviceDescription
    public var calibration: TouchCalibration
    public let filters: TouchFilters
    public let touchProtocol: TouchProtocol

    /// Type A frames keep at most this many contacts (more is garbage).
    public static let maximumContactsPerFrame = 32
    /// Type B devices get at most this many slots (more is garbage).
    public static let maximumSlots = 256

    private var nextContactID = 1
    /// Between `SYN_DROPPED` and the next `SYN_REPORT`.
    private var dropping = false
    private var pressureAxis: UInt16?
    /// The raw position of phantom contacts (the axes' maxima) when the guard is on.
    private var phantomCorner: (x: Int32, y: Int32)?

    // Type B.
    private struct Slot {
        var trackingID: Int32 = -1
        var x: Int32 = 0
        var y: Int32 = 0
        var pressure: Int32 = 0
        var live: Live?
        /// Cancelled by a drop: silent until the next tracking id.
        var suppressed = false
        /// Cancelled as stuck: silent until the slot is reported again.
        var expired = false
        /// A tracking id ≥ 0 arrived in this frame (a press and release inside one frame is a tap).
        var pressedInFrame = false
        /// The device sent a value of this slot in this frame.
        var reportedInFrame = false
    }
    private struct Live {
        var id: Int
        var trackingID: Int32
        /// The last raw position (type A follows contacts by it).
        var x: Int32
        var y: Int32
        /// The position through the filters: `filter.x`, `filter.y` is the one last reported.
        var filter: ContactFilter
        /// The kernel time of the last frame that reported the contact.
        var lastReport: Double
    }
    private var slots: [Slot] = []
    private var currentSlot = 0

    // Type A.
    private struct Block {
        var x: Int32?
        var y: Int32?
        var pressure: Int32?
        var trackingID: Int32?
        var isEmpty: Bool { x == nil && y == nil && pressure == nil && trackingID == nil }
    }
    private var block = Block()
    private var frameBlocks: [Block] = []
    private var liftInFrame = false
    private var liveA: [Live] = []
    private var suppressedA = false

    // Single touch.
    private var stX: Int32 = 0
    private var stY: Int32 = 0
    private var stPressure: Int32 = 0
    private var keysDown: Set<UInt16> = []
    private var pressedInFrameST = false
    private var reportedInFrameST = false
    private var liveST: Live?
    private var suppressedST = false
    private var expiredST = false

    /// - Parameters:
    ///   - device: the description (after ``DeviceDescription/remappingAxes(_:)`` when the
    ///     device needs a remap; its events are translated through it).
    ///   - initialSlot: the type B slot selected when the device was opened: libevdev's
    ///     `libevdev_get_current_slot` live; for a recording, the slot its header names
    ///     (``AbsInfo/value`` of `ABS_MT_SLOT`), which is the default, else 0.
    ///   - filters: see ``TouchFilters``; all off by default.
    public init(
        device: DeviceDescription, calibration: TouchCalibration, filters: TouchFilters = TouchFilters(),
        initialSlot: Int? = nil
    ) throws {
        self.device = device
        self.calibration = calibration
        self.filters = filters
        touchProtocol = device.touchProtocol
        if filters.dropsPhantomCornerContacts {
            let (xCode, yCode) = device.positionAxes
            if let x = device.absInfo[xCode], let y = device.absInfo[yCode] { phantomCorner = (x.maximum, y.maximum) }
        }
        switch touchProtocol {
        case .none:
            throw TouchDeviceError("\(device.name): declares no position axes (ABS_MT_POSITION_X/Y or ABS_X/Y)")
        case .multitouchB:
            let count = device.slotCount
            guard count > 0 else { throw TouchDeviceError("\(device.name): ABS_MT_SLOT without a range") }
            guard count <= Self.maximumSlots else {
                throw TouchDeviceError("\(device.name): \(count) slots (more than \(Self.maximumSlots))")
            }
            slots = Array(repeating: Slot(), count: count)
            currentSlot = initialSlot ?? device.absInfo[AbsCode.mtSlot]?.value.map(Int.init) ?? 0
            pressureAxis = device.hasAxis(AbsCode.mtPressure) ? AbsCode.mtPressure : nil
        case .multitouchA:
            pressureAxis = device.hasAxis(AbsCode.mtPressure) ? AbsCode.mtPressure : nil
        case .singleTouch:
            pressureAxis = device.hasAxis(AbsCode.pressure) ? AbsCode.pressure : nil
        }
    }

    /// The former spelling of ``init(device:calibration:filters:initialSlot:)``.
    public init(
        device: DeviceDescription, calibration: TouchCalibration, options: Options, initialSlot: Int? = nil
    ) throws {
        try self.init(device: device, calibration: calibration, filters: options, initialSlot: initialSlot)
    }

    /// Live contacts right now.
    public var liveContacts: Int {
        switch touchProtocol {
        case .multitouchB: slots.reduce(0) { $0 + ($1.live == nil ? 0 : 1) }
        case .multitouchA: liveA.count
        case .singleTouch: liveST == nil ? 0 : 1
        case .none: 0
        }
    }

    // MARK: Feeding

    /// Takes one event. Returns the frame's contact changes at `SYN_REPORT` (empty when nothing
    /// changed), nil for every other event.
    public mutating func feed(_ event: InputEvent) -> [TouchEvent]? {
        if event.type == EventType.syn {
            switch event.code {
            case SynCode.report:
                if dropping {
                    dropping = false
                    return dropAll(time: event.time, suppress: true)
                }
                return endFrame(time: event.time)
            case SynCode.mtReport:
                if !dropping && touchProtocol == .multitouchA { endBlock() }
            case SynCode.dropped:
                dropping = true
                block = Block()
                frameBlocks.removeAll()
                liftInFrame = false
            default:
                break
            }
            return nil
        }
        guard !dropping else { return nil }
        switch event.type {
        case EventType.abs:
            guard let axis = device.axis(forStreamCode: event.code), device.hasAxis(axis) else { return nil }
            takeAxis(axis, event.value)
        case EventType.key:
            guard device.hasKey(event.code) else { return nil }
            takeKey(event.code, down: event.value != 0)
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
    public var nextDeadline: Double? {
        guard let timeout = filters.stuckContactTimeout else { return nil }
        var oldest: Double?
        func consider(_ live: Live?) {
            if let t = live?.lastReport, oldest.map({ t < $0 }) ?? true { oldest = t }
        }
        for s in slots { consider(s.live) }
        for live in liveA { consider(live) }
        consider(liveST)
        return oldest.map { $0 + timeout }
    }

    /// Cancels every contact whose deadline is at or before `now` (the device's clock: the clock
    /// of the event timestamps, `CLOCK_MONOTONIC` after `EVIOCSCLOCKID`, else `CLOCK_REALTIME`).
    /// Each cancellation carries its contact's deadline as its time and its last reported
    /// position. The contact stays silent until the device reports it again.
    public mutating func expireStuckContacts(now: Double) -> [TouchEvent] {
        guard let timeout = filters.stuckContactTimeout else { return [] }
        var out: [TouchEvent] = []
        let calibration = calibration
        func expire(_ live: Live) -> Bool {
            let deadline = live.lastReport + timeout
            guard deadline <= now else { return false }
            let at = calibration.screenPoint(x: Double(live.filter.x), y: Double(live.filter.y))
            out.append(TouchEvent(contact: live.id, phase: .cancelled, position: at, time: deadline))
            return true
        }
        for i in slots.indices {
            if let live = slots[i].live, expire(live) {
                slots[i].live = nil
                slots[i].expired = true
            }
        }
        liveA = liveA.filter { !expire($0) }
        if let live = liveST, expire(live) {
            liveST = nil
            expiredST = true
        }
        return out.sorted { ($0.time, $0.contact) < ($1.time, $1.contact) }
    }

    /// Brings the machine to the device's state after `SYN_DROPPED` (see the type's
    /// documentation): contacts gone or replaced end as `.cancelled`, contacts still down carry
    /// on, new ones begin. `time` is the kernel time of the sync (libevdev's synthetic `SYN_REPORT`).
    /// A slot or single-touch value that changed during the drop counts as a report of its contact.
    public mutating func resync(with state: DeviceState, time: Double) -> [TouchEvent] {
        dropping = false
        block = Block()
        frameBlocks.removeAll()
        liftInFrame = false
        switch touchProtocol {
        case .multitouchB:
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
            return commitSlots(time: time, endPhase: .cancelled)
        case .multitouchA:
            // Type A keeps no state in the kernel: cancel, and wait for the lift unless nothing is down.
            let touching = device.hasKey(KeyCode.touch) ? state.keysDown.contains(KeyCode.touch) : true
            return dropAll(time: time, suppress: touching)
        case .singleTouch:
            let before = (stX, stY, stPressure, keysDown)
            keysDown = state.keysDown.filter { device.hasKey($0) }
            for (code, value) in state.absValues {
                if let axis = device.axis(forStreamCode: code), device.hasAxis(axis) { setSingleTouchAxis(axis, value) }
            }
            suppressedST = false
            pressedInFrameST = false
            reportedInFrameST = before != (stX, stY, stPressure, keysDown)
            if reportedInFrameST { expiredST = false }
            return commitSingleTouch(time: time, endPhase: .cancelled)
        case .none:
            return []
        }
    }

    /// Cancels every live contact (the device went away, the screen blanked). The machine stays
    /// usable: later events start new contacts.
    public mutating func cancelAll(time: Double) -> [TouchEvent] {
        dropAll(time: time, suppress: false)
    }

    // MARK: Events into state

    private mutating func takeAxis(_ axis: UInt16, _ value: Int32) {
        switch touchProtocol {
        case .multitouchB:
            if axis == AbsCode.mtSlot {
                currentSlot = Int(value)
                return
            }
            guard slots.indices.contains(currentSlot) else { return }  // an invalid slot: ignored until the next
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
        case .multitouchA:
            switch axis {
            case AbsCode.mtTrackingID: block.trackingID = value
            case AbsCode.mtPositionX: block.x = value
            case AbsCode.mtPositionY: block.y = value
            case AbsCode.mtPressure: block.pressure = value
            default: break
            }
        case .singleTouch:
            setSingleTouchAxis(axis, value)
            reportedInFrameST = true
            expiredST = false
        case .none:
            break
        }
    }

    private mutating func setSingleTouchAxis(_ axis: UInt16, _ value: Int32) {
        switch axis {
        case AbsCode.x: stX = value
        case AbsCode.y: stY = value
        case AbsCode.pressure: stPressure = value
        default: break
        }
    }

    private mutating func takeKey(_ code: UInt16, down: Bool) {
        switch touchProtocol {
        case .multitouchA:
            if code == KeyCode.touch && !down { liftInFrame = true }
        case .singleTouch:
            guard code == KeyCode.touch || code == KeyCode.buttonLeft else { return }
            if down {
                keysDown.insert(code)
                pressedInFrameST = true
            } else {
                keysDown.remove(code)
            }
            suppressedST = false
            reportedInFrameST = true
            expiredST = false
        case .multitouchB, .none:
            break  // type B contacts live in the slots; BTN_TOUCH only summarises them
        }
    }

    private mutating func endBlock() {
        if block.x != nil && block.y != nil && frameBlocks.count < Self.maximumContactsPerFrame {
            frameBlocks.append(block)
        }
        block = Block()
    }

    // MARK: Frames

    private func pressureAllows(_ pressure: Int32?) -> Bool {
        guard let threshold = filters.pressureThreshold, pressureAxis != nil, let pressure else { return true }
        return pressure >= threshold
    }

    /// A phantom contact: exactly at the maxima of both position axes (with the guard on).
    private func isPhantom(_ x: Int32, _ y: Int32) -> Bool {
        guard let corner = phantomCorner else { return false }
        return x == corner.x && y == corner.y
    }

    private func point(_ x: Int32, _ y: Int32) -> Point { calibration.screenPoint(x: Double(x), y: Double(y)) }

    /// Where a contact was last reported (after the filters).
    private func reported(_ live: Live) -> Point { point(live.filter.x, live.filter.y) }

    private mutating func newID() -> Int {
        defer { nextContactID += 1 }
        return nextContactID
    }

    /// A new live contact at a raw position.
    private mutating func begin(trackingID: Int32, x: Int32, y: Int32, time: Double) -> Live {
        Live(
            id: newID(), trackingID: trackingID, x: x, y: y,
            filter: ContactFilter(x: x, y: y, time: time, filters: filters), lastReport: time)
    }

    /// A live contact reported at a raw position: through the filters; a `moved` event when the
    /// reported position changed.
    private func report(_ live: inout Live, x: Int32, y: Int32, time: Double) -> TouchEvent? {
        live.x = x
        live.y = y
        live.lastReport = time
        guard live.filter.take(x: x, y: y, time: time, filters: filters, calibration: calibration) else { return nil }
        return TouchEvent(contact: live.id, phase: .moved, position: reported(live), time: time)
    }

    /// A contact lifted at a raw position (the lift frame's own sample goes through the filters).
    private func lift(_ live: Live, x: Int32, y: Int32, time: Double) -> TouchEvent {
        var filter = live.filter
        _ = filter.take(x: x, y: y, time: time, filters: filters, calibration: calibration)
        return TouchEvent(contact: live.id, phase: .ended, position: point(filter.x, filter.y), time: time)
    }

    private mutating func endFrame(time: Double) -> [TouchEvent] {
        switch touchProtocol {
        case .multitouchB:
            return commitSlots(time: time, endPhase: .ended)
        case .multitouchA:
            if !block.isEmpty { endBlock() }  // a last contact without its SYN_MT_REPORT
            let blocks = liftInFrame ? [] : frameBlocks.filter { pressureAllows($0.pressure) }
            frameBlocks.removeAll()
            liftInFrame = false
            return commitTypeA(blocks, time: time)
        case .singleTouch:
            return commitSingleTouch(time: time, endPhase: .ended)
        case .none:
            return []
        }
    }

    private mutating func commitSlots(time: Double, endPhase: TouchEvent.Phase) -> [TouchEvent] {
        var out: [TouchEvent] = []
        for i in slots.indices {
            var s = slots[i]
            let down = s.trackingID >= 0 && !s.suppressed && !s.expired && pressureAllows(s.pressure)
            if var live = s.live {
                if down && live.trackingID == s.trackingID {
                    if s.reportedInFrame, let moved = report(&live, x: s.x, y: s.y, time: time) { out.append(moved) }
                    s.live = live
                } else {
                    // Lifted: ends where the slot is now (a lift frame may still move it). Replaced
                    // by a new id, or cancelled: ends where it was last reported.
                    let replaced = s.trackingID >= 0 && live.trackingID != s.trackingID
                    if replaced || endPhase == .cancelled {
                        out.append(TouchEvent(contact: live.id, phase: endPhase, position: reported(live), time: time))
                    } else {
                        out.append(lift(live, x: s.x, y: s.y, time: time))
                    }
                    s.live = nil
                }
            }
            if down && s.live == nil {
                if !isPhantom(s.x, s.y) {
                    let live = begin(trackingID: s.trackingID, x: s.x, y: s.y, time: time)
                    s.live = live
                    out.append(TouchEvent(contact: live.id, phase: .began, position: point(s.x, s.y), time: time))
                }
            } else if s.pressedInFrame && s.trackingID < 0 && endPhase == .ended && !s.suppressed
                && pressureAllows(s.pressure) && !isPhantom(s.x, s.y)
            {
                // Pressed and released inside one frame: still a tap.
                let id = newID()
                out.append(TouchEvent(contact: id, phase: .began, position: point(s.x, s.y), time: time))
                out.append(TouchEvent(contact: id, phase: .ended, position: point(s.x, s.y), time: time))
            }
            s.pressedInFrame = false
            s.reportedInFrame = false
            slots[i] = s
        }
        return out
    }

    private mutating func commitTypeA(_ blocks: [Block], time: Double) -> [TouchEvent] {
        var out: [TouchEvent] = []
        if suppressedA {
            if blocks.isEmpty { suppressedA = false }
            return out
        }
        // Pair last frame's contacts with this frame's: by tracking id when every contact has one,
        // else nearest first.
        var matchOfLive = [Int?](repeating: nil, count: liveA.count)
        var taken = [Bool](repeating: false, count: blocks.count)
        if blocks.allSatisfy({ $0.trackingID != nil }) {
            for (i, live) in liveA.enumerated() {
                if let j = blocks.indices.first(where: { !taken[$0] && blocks[$0].trackingID == live.trackingID }) {
                    matchOfLive[i] = j
                    taken[j] = true
                }
            }
        } else {
            var pairs: [(distance: Double, live: Int, block: Int)] = []
            for (i, live) in liveA.enumerated() {
                for (j, b) in blocks.enumerated() {
                    let dx = Double(b.x ?? 0) - Double(live.x)
                    let dy = Double(b.y ?? 0) - Double(live.y)
                    pairs.append((dx * dx + dy * dy, i, j))
                }
            }
            pairs.sort { ($0.distance, $0.live, $0.block) < ($1.distance, $1.live, $1.block) }
            for p in pairs where matchOfLive[p.live] == nil && !taken[p.block] {
                matchOfLive[p.live] = p.block
                taken[p.block] = true
            }
        }
        var next: [Live] = []
        for (i, live) in liveA.enumerated() {
            guard let j = matchOfLive[i] else {
                out.append(TouchEvent(contact: live.id, phase: .ended, position: reported(live), time: time))
                continue
            }
            let b = blocks[j]
            var moved = live
            moved.trackingID = b.trackingID ?? -1
            if let event = report(&moved, x: b.x ?? live.x, y: b.y ?? live.y, time: time) { out.append(event) }
            next.append(moved)
        }
        // A phantom is matched like any contact (a live one dragged into the corner carries on),
        // but does not begin.
        for (j, b) in blocks.enumerated() where !taken[j] && !isPhantom(b.x ?? 0, b.y ?? 0) {
            let live = begin(trackingID: b.trackingID ?? -1, x: b.x ?? 0, y: b.y ?? 0, time: time)
            out.append(TouchEvent(contact: live.id, phase: .began, position: point(live.x, live.y), time: time))
            next.append(live)
        }
        liveA = next
        return out
    }

    private mutating func commitSingleTouch(time: Double, endPhase: TouchEvent.Phase) -> [TouchEvent] {
        var out: [TouchEvent] = []
        let hasButton = device.hasKey(KeyCode.touch) || device.hasKey(KeyCode.buttonLeft)
        let held = hasButton ? !keysDown.isEmpty : (pressureAxis != nil && stPressure > 0)
        let down = held && !suppressedST && !expiredST && pressureAllows(stPressure)
        if var live = liveST {
            if down {
                if reportedInFrameST, let moved = report(&live, x: stX, y: stY, time: time) { out.append(moved) }
                liveST = live
            } else {
                if endPhase == .cancelled {
                    out.append(TouchEvent(contact: live.id, phase: endPhase, position: reported(live), time: time))
                } else {
                    out.append(lift(live, x: stX, y: stY, time: time))
                }
                liveST = nil
            }
        } else if down {
            if !isPhantom(stX, stY) {
                let live = begin(trackingID: -1, x: stX, y: stY, time: time)
                liveST = live
                out.append(TouchEvent(contact: live.id, phase: .began, position: point(stX, stY), time: time))
            }
        } else if pressedInFrameST && hasButton && !suppressedST && endPhase == .ended && pressureAllows(stPressure)
            && !isPhantom(stX, stY)
        {
            // Pressed and released inside one frame: still a tap.
            let id = newID()
            out.append(TouchEvent(contact: id, phase: .began, position: point(stX, stY), time: time))
            out.append(TouchEvent(contact: id, phase: .ended, position: point(stX, stY), time: time))
        }
        pressedInFrameST = false
        reportedInFrameST = false
        return out
    }

    /// Cancels every live contact; with `suppress`, contacts that were down stay silent until the
    /// device reports a new one.
    private mutating func dropAll(time: Double, suppress: Bool) -> [TouchEvent] {
        var out: [TouchEvent] = []
        block = Block()
        frameBlocks.removeAll()
        liftInFrame = false
        for i in slots.indices {
            if let live = slots[i].live {
                out.append(TouchEvent(contact: live.id, phase: .cancelled, position: reported(live), time: time))
                slots[i].live = nil
            }
            slots[i].suppressed = suppress && slots[i].trackingID >= 0
            slots[i].pressedInFrame = false
            slots[i].reportedInFrame = false
        }
        for live in liveA {
            out.append(TouchEvent(contact: live.id, phase: .cancelled, position: reported(live), time: time))
        }
        // Type A contacts cannot be told apart: after cancelling some, wait for a frame without any.
        suppressedA = suppress && (!liveA.isEmpty || suppressedA)
        liveA.removeAll()
        if let live = liveST {
            out.append(TouchEvent(contact: live.id, phase: .cancelled, position: reported(live), time: time))
            liveST = nil
        }
        suppressedST = suppress && !keysDown.isEmpty
        pressedInFrameST = false
        reportedInFrameST = false
        return out
    }
}
