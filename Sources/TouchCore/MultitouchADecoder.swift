/// Type A multitouch (`SYN_MT_REPORT`): each frame lists every contact, each one's values ended
/// by `SYN_MT_REPORT`; a frame with none, or with `BTN_TOUCH` 0, lifts them all; a contact without
/// both X and Y is skipped, and a frame keeps at most ``TouchStateMachine/maximumContactsPerFrame``.
/// Contacts are followed from frame to frame by tracking id when the device sends one for every
/// contact, else by nearest position (N-Trig lists a newly landed finger first).
///
/// The tracker's keys of the contacts count up as they begin, so its key order is the order
/// in which they began.
struct MultitouchADecoder: TouchDecoder {
    /// One contact's values in a frame.
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
    /// The tracking id of each live contact in the last frame that listed it (-1 without one), by key.
    private var trackingIDs: [Int: Int32] = [:]
    private var nextKey = 0
    /// Cancelled by a drop: silent until a frame without contacts (type A contacts cannot be told apart).
    private var suppressed = false
    private let hasTouchKey: Bool

    init(device: DeviceDescription) {
        hasTouchKey = device.hasKey(KeyCode.touch)
    }

    mutating func take(axis: UInt16, value: Int32) {
        switch axis {
        case AbsCode.mtTrackingID: block.trackingID = value
        case AbsCode.mtPositionX: block.x = value
        case AbsCode.mtPositionY: block.y = value
        case AbsCode.mtPressure: block.pressure = value
        default: break
        }
    }

    mutating func take(key: UInt16, down: Bool) {
        if key == KeyCode.touch && !down { liftInFrame = true }
    }

    mutating func endContactReport() {
        if block.x != nil && block.y != nil && frameBlocks.count < TouchStateMachine.maximumContactsPerFrame {
            frameBlocks.append(block)
        }
        block = Block()
    }

    mutating func discardFrame() {
        block = Block()
        frameBlocks.removeAll()
        liftInFrame = false
    }

    mutating func endFrame(time: Double, tracker: inout ContactTracker) {
        if !block.isEmpty { endContactReport() }  // a last contact without its SYN_MT_REPORT
        let blocks = liftInFrame ? [] : frameBlocks.filter { tracker.allowsPressure($0.pressure) }
        discardFrame()
        commit(blocks, time: time, tracker: &tracker)
    }

    mutating func cancelAll(time: Double, suppress: Bool, tracker: inout ContactTracker) {
        suppressed = suppress && (!tracker.contacts.isEmpty || suppressed)
        tracker.cancelAll(time: time)
        trackingIDs.removeAll()
        discardFrame()
    }

    /// Type A keeps no state in the kernel: every contact is cancelled, and unless nothing is
    /// down the device must lift them all before a contact begins.
    mutating func resync(with state: DeviceState, time: Double, tracker: inout ContactTracker) {
        let touching = hasTouchKey ? state.keysDown.contains(KeyCode.touch) : true
        cancelAll(time: time, suppress: touching, tracker: &tracker)
    }

    /// An expired contact begins anew when a frame lists it again: every frame lists it.
    mutating func contactExpired(key: Int) {}

    /// Pairs last frame's contacts with this frame's — by tracking id when every contact has
    /// one, else nearest first — and tells the tracker: the paired ones are reported, the
    /// others ended; the new ones begin. A phantom is paired like any contact (a live one
    /// dragged into the corner carries on) but does not begin.
    private mutating func commit(_ blocks: [Block], time: Double, tracker: inout ContactTracker) {
        if suppressed {
            if blocks.isEmpty { suppressed = false }
            return
        }
        let live = tracker.contacts
        var matchOfLive = [Int?](repeating: nil, count: live.count)
        var taken = [Bool](repeating: false, count: blocks.count)
        if blocks.allSatisfy({ $0.trackingID != nil }) {
            for (i, contact) in live.enumerated() {
                let trackingID = trackingIDs[contact.key]
                if let j = blocks.indices.first(where: { !taken[$0] && blocks[$0].trackingID == trackingID }) {
                    matchOfLive[i] = j
                    taken[j] = true
                }
            }
        } else {
            var pairs: [(distance: Double, live: Int, block: Int)] = []
            for (i, contact) in live.enumerated() {
                for (j, b) in blocks.enumerated() {
                    let dx = Double(b.x ?? 0) - Double(contact.x)
                    let dy = Double(b.y ?? 0) - Double(contact.y)
                    pairs.append((dx * dx + dy * dy, i, j))
                }
            }
            pairs.sort { ($0.distance, $0.live, $0.block) < ($1.distance, $1.live, $1.block) }
            for p in pairs where matchOfLive[p.live] == nil && !taken[p.block] {
                matchOfLive[p.live] = p.block
                taken[p.block] = true
            }
        }
        var nextTrackingIDs: [Int: Int32] = [:]
        for (i, contact) in live.enumerated() {
            guard let j = matchOfLive[i] else {
                tracker.end(contact.key, phase: .ended, time: time)
                continue
            }
            let b = blocks[j]
            nextTrackingIDs[contact.key] = b.trackingID ?? -1
            tracker.report(contact.key, x: b.x ?? contact.x, y: b.y ?? contact.y, time: time)
        }
        for (j, b) in blocks.enumerated() where !taken[j] {
            if tracker.begin(nextKey, x: b.x ?? 0, y: b.y ?? 0, time: time) {
                nextTrackingIDs[nextKey] = b.trackingID ?? -1
                nextKey += 1
            }
        }
        trackingIDs = nextTrackingIDs
    }
}
