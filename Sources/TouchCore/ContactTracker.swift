import Raster

/// The contacts a touch device has down, whatever its protocol: the part of the touch state
/// machine that every decoder shares. A decoder (``TouchDecoder``) reads the device's events and,
/// at the end of each frame, tells the tracker what it saw — a contact began, was reported at a
/// position, lifted, ended, or was a tap inside one frame — and the tracker turns that into
/// ``TouchEvent``s: it numbers the contacts, runs each one's positions through the filters
/// (``TouchFilters``: median, dejitter), keeps phantom contacts from beginning, answers the
/// pressure threshold, calibrates to the screen, and times out contacts the device stopped
/// reporting.
///
/// A decoder names its contacts by a key of its own (its slot, say), unique among live contacts;
/// the tracker keeps them in key order, which is the order in which it cancels them. Contact ids
/// are the tracker's: counting from 1 and never reused.
struct ContactTracker: Sendable {
    /// One live contact.
    struct Contact: Sendable {
        /// The decoder's name for it.
        let key: Int
        /// Its id in ``TouchEvent/contact``.
        let id: Int
        /// Its last raw position (before the filters), in device units.
        fileprivate(set) var x: Int32
        fileprivate(set) var y: Int32
        /// The position through the filters: `filter.x`, `filter.y` is the one last reported.
        fileprivate var filter: ContactFilter
        /// The kernel time of the last frame that reported it.
        fileprivate var lastReport: Double
    }

    var calibration: TouchCalibration
    let filters: TouchFilters
    /// The raw position of phantom contacts (the axes' maxima) when the guard is on.
    private let phantomCorner: (x: Int32, y: Int32)?
    /// Live contacts, in key order.
    private(set) var contacts: [Contact] = []
    private var nextContactID = 1
    /// The events of the frame being told, until ``finishFrame()``.
    private var frame: [TouchEvent] = []

    init(device: DeviceDescription, calibration: TouchCalibration, filters: TouchFilters) {
        self.calibration = calibration
        self.filters = filters
        let (xCode, yCode) = device.positionAxes
        if filters.dropsPhantomCornerContacts, let x = device.absInfo[xCode], let y = device.absInfo[yCode] {
            phantomCorner = (x.maximum, y.maximum)
        } else {
            phantomCorner = nil
        }
    }

    func isLive(_ key: Int) -> Bool { contacts.contains { $0.key == key } }

    /// Whether a contact pressing this hard counts as down (``TouchFilters/pressureThreshold``);
    /// nil when the device reports no pressure.
    func allowsPressure(_ pressure: Int32?) -> Bool {
        guard let threshold = filters.pressureThreshold, let pressure else { return true }
        return pressure >= threshold
    }

    // MARK: What a decoder saw in a frame

    /// A contact landed at a raw position: it begins, unless it is a phantom (exactly at the
    /// maxima of both position axes, with the guard on). Returns whether it began.
    @discardableResult
    mutating func begin(_ key: Int, x: Int32, y: Int32, time: Double) -> Bool {
        guard !isPhantom(x, y) else { return false }
        let contact = Contact(
            key: key, id: newID(), x: x, y: y, filter: ContactFilter(x: x, y: y, time: time, filters: filters),
            lastReport: time)
        contacts.insert(contact, at: contacts.firstIndex { $0.key > key } ?? contacts.endIndex)
        frame.append(TouchEvent(contact: contact.id, phase: .began, position: point(x, y), time: time))
        return true
    }

    /// The device reported a live contact at a raw position: through the filters, and `moved`
    /// when the reported position changed.
    mutating func report(_ key: Int, x: Int32, y: Int32, time: Double) {
        guard let i = contacts.firstIndex(where: { $0.key == key }) else { return }
        contacts[i].x = x
        contacts[i].y = y
        contacts[i].lastReport = time
        guard contacts[i].filter.take(x: x, y: y, time: time, filters: filters, calibration: calibration) else {
            return
        }
        frame.append(TouchEvent(contact: contacts[i].id, phase: .moved, position: reported(contacts[i]), time: time))
    }

    /// A live contact lifted at a raw position: it ends there (the lift frame's own sample goes
    /// through the filters).
    mutating func lift(_ key: Int, x: Int32, y: Int32, time: Double) {
        guard let i = contacts.firstIndex(where: { $0.key == key }) else { return }
        let contact = contacts.remove(at: i)
        var filter = contact.filter
        _ = filter.take(x: x, y: y, time: time, filters: filters, calibration: calibration)
        frame.append(TouchEvent(contact: contact.id, phase: .ended, position: point(filter.x, filter.y), time: time))
    }

    /// A live contact ends (`ended` or `cancelled`) where it was last reported: the device
    /// replaced it, stopped listing it, or lost track of it.
    mutating func end(_ key: Int, phase: TouchEvent.Phase, time: Double) {
        guard let i = contacts.firstIndex(where: { $0.key == key }) else { return }
        let contact = contacts.remove(at: i)
        frame.append(TouchEvent(contact: contact.id, phase: phase, position: reported(contact), time: time))
    }

    /// A contact pressed and released inside one frame: still a tap, `began` and `ended` at
    /// once — unless it is a phantom.
    mutating func tap(x: Int32, y: Int32, time: Double) {
        guard !isPhantom(x, y) else { return }
        let id = newID()
        frame.append(TouchEvent(contact: id, phase: .began, position: point(x, y), time: time))
        frame.append(TouchEvent(contact: id, phase: .ended, position: point(x, y), time: time))
    }

    /// Cancels every live contact, in key order, where each was last reported.
    mutating func cancelAll(time: Double) {
        for contact in contacts {
            frame.append(TouchEvent(contact: contact.id, phase: .cancelled, position: reported(contact), time: time))
        }
        contacts.removeAll()
    }

    /// The frame's events, in the order the decoder told them; the next frame starts empty.
    mutating func finishFrame() -> [TouchEvent] {
        defer { frame.removeAll() }
        return frame
    }

    // MARK: Stuck contacts

    /// When the contact reported longest ago becomes stuck: its last report's time plus
    /// ``TouchFilters/stuckContactTimeout``; nil while no contact is live or without a timeout.
    var nextDeadline: Double? {
        guard let timeout = filters.stuckContactTimeout else { return nil }
        return contacts.map(\.lastReport).min().map { $0 + timeout }
    }

    /// Cancels every contact whose deadline is at or before `now`, each at its deadline and
    /// where it was last reported, ordered by time then id. Returns the cancellations and the
    /// keys of the contacts cancelled.
    mutating func expireStuckContacts(now: Double) -> (events: [TouchEvent], keys: [Int]) {
        guard let timeout = filters.stuckContactTimeout else { return ([], []) }
        let stuck = contacts.filter { $0.lastReport + timeout <= now }
        contacts.removeAll { $0.lastReport + timeout <= now }
        let events = stuck.map {
            TouchEvent(contact: $0.id, phase: .cancelled, position: reported($0), time: $0.lastReport + timeout)
        }
        return (events.sorted { ($0.time, $0.contact) < ($1.time, $1.contact) }, stuck.map(\.key))
    }

    // MARK: Helpers

    private func isPhantom(_ x: Int32, _ y: Int32) -> Bool {
        guard let corner = phantomCorner else { return false }
        return x == corner.x && y == corner.y
    }

    private func point(_ x: Int32, _ y: Int32) -> Point { calibration.screenPoint(x: Double(x), y: Double(y)) }

    /// Where a contact was last reported (after the filters).
    private func reported(_ contact: Contact) -> Point { point(contact.filter.x, contact.filter.y) }

    private mutating func newID() -> Int {
        defer { nextContactID += 1 }
        return nextContactID
    }
}
