import Raster
import TouchCore

/// One browser pointer event, as the page posts it: the Pointer Events id, what happened, and
/// where, in the canvas's pixels (the display's physical pixels, whatever CSS does to the canvas).
public struct PointerEvent: Codable, Hashable, Sendable {
    public enum Kind: String, Codable, Hashable, Sendable {
        case down, move, up, cancel
    }

    public var pointer: Int
    public var type: Kind
    public var x: Double
    public var y: Double
    /// When it happened on the page's clock (the event's `timeStamp`, milliseconds); nil: when
    /// it arrived.
    public var t: Double?

    public init(pointer: Int, type: Kind, x: Double, y: Double, t: Double? = nil) {
        self.pointer = pointer
        self.type = type
        self.x = x
        self.y = y
        self.t = t
    }
}

/// Turns browser pointers into the panel's contacts: a mouse button is one contact, each finger
/// of a multi-touch screen another, numbered apart from every touch device's contacts and placed
/// on the logical screen through the display's rotation — exactly what the touch path hands the
/// panel for a finger on the glass, so tap-vs-drag, slop and thumb dragging behave as on a board.
///
/// Pointers are per page (`client`): two browsers' pointer 1 are two contacts, and a page that
/// goes away has its contacts cancelled (``cancel(client:time:)``), as an unplugged touchscreen's are.
public struct PointerContacts: Sendable {
    /// How the physical canvas maps onto the logical screen.
    public var rotation: Rotation
    public var physicalWidth: Int
    public var physicalHeight: Int
    /// At most this many contacts per page at once (ten fingers); more are ignored.
    public let maximumPerClient = 10
    /// Contact ids start here: far above any touch device's (`TouchInputs` gives each device
    /// 2²⁰ ids from 0), so they never meet in the panel's router.
    public static let contactBase = 1 << 48

    private struct Key: Hashable {
        var client: Int
        var pointer: Int
    }
    /// Each pointer that is down: its contact id and where it last was.
    private var live: [Key: (contact: Int, position: Point)] = [:]
    private var nextContact = PointerContacts.contactBase
    /// Per page: the panel's clock less the page's, as small as seen (the least delayed event),
    /// and the time of its last event.
    private var clockOffset: [Int: Double] = [:]
    private var lastTime: [Int: Double] = [:]

    public init(rotation: Rotation, physicalWidth: Int, physicalHeight: Int) {
        self.rotation = rotation
        self.physicalWidth = physicalWidth
        self.physicalHeight = physicalHeight
    }

    /// Contacts down now.
    public var liveContacts: Int { live.count }

    /// The touch frames `events` of page `client` make, arriving at `time`, one frame per event.
    /// Each is stamped with when it happened on the page, taken onto the panel's clock (never
    /// later than its arrival, never before the page's previous event): a tap the network
    /// delayed is still as short as it was, so it is not mistaken for a press held past the
    /// switch's `tapMaxDuration`. Events
    /// that make no sense (a move or up of a pointer that is not down, a second down, a position
    /// that is not a number) are dropped, as a touch decoder drops what a device should not send.
    public mutating func frames(for events: [PointerEvent], client: Int, time: Double) -> [[TouchEvent]] {
        var frames: [[TouchEvent]] = []
        for event in events {
            guard event.x.isFinite, event.y.isFinite else { continue }
            let key = Key(client: client, pointer: event.pointer)
            let position = logicalPosition(x: event.x, y: event.y)
            let time = stamp(event, client: client, arrival: time)
            switch event.type {
            case .down:
                guard live[key] == nil, live.keys.filter({ $0.client == client }).count < maximumPerClient else {
                    continue
                }
                live[key] = (nextContact, position)
                frames.append([TouchEvent(contact: nextContact, phase: .began, position: position, time: time)])
                nextContact += 1
            case .move:
                guard let contact = live[key]?.contact else { continue }
                live[key]?.position = position
                frames.append([TouchEvent(contact: contact, phase: .moved, position: position, time: time)])
            case .up, .cancel:
                guard let contact = live.removeValue(forKey: key)?.contact else { continue }
                let phase: TouchEvent.Phase = event.type == .up ? .ended : .cancelled
                frames.append([TouchEvent(contact: contact, phase: phase, position: position, time: time)])
            }
        }
        return frames
    }

    /// When `event` happened, on the panel's clock.
    private mutating func stamp(_ event: PointerEvent, client: Int, arrival: Double) -> Double {
        var time = arrival
        if let t = event.t, t.isFinite {
            let offset = min(clockOffset[client] ?? .infinity, arrival - t / 1000)
            clockOffset[client] = offset
            time = min(arrival, t / 1000 + offset)
        }
        time = max(time, lastTime[client] ?? -.infinity)
        lastTime[client] = time
        return time
    }

    /// Cancels every contact of page `client` (its event stream closed): nothing toggles.
    public mutating func cancel(client: Int, time: Double) -> [[TouchEvent]] {
        clockOffset[client] = nil
        lastTime[client] = nil
        let keys = live.keys.filter { $0.client == client }.sorted { $0.pointer < $1.pointer }
        guard !keys.isEmpty else { return [] }
        let frame = keys.map { key in
            let (contact, position) = live.removeValue(forKey: key)!
            return TouchEvent(contact: contact, phase: .cancelled, position: position, time: time)
        }
        return [frame]
    }

    /// Forgets every contact without events (the panel cancelled them itself: a reload).
    public mutating func forgetAll() { live.removeAll() }

    /// A canvas position on the logical screen, clamped to the screen as a touchscreen's are.
    func logicalPosition(x: Double, y: Double) -> Point {
        let px = min(max(x, 0), Double(physicalWidth))
        let py = min(max(y, 0), Double(physicalHeight))
        let logical = rotation.logicalSize(width: physicalWidth, height: physicalHeight)
        return rotation.logicalPoint(Point(px, py), width: Double(logical.width), height: Double(logical.height))
    }
}
