import TouchCore
import Widget

/// Which page shows, and how the panel moves between pages: dragged 1:1 under a finger, then
/// settled on a page by how far it travelled or how fast it was flicked, or animated there when
/// asked (a dot, a key, the control socket, going home). Pure: the contact's positions and the
/// times come in, the position at any instant comes out.
///
/// A position is measured in pages: page k rests at k, and 1.25 shows page 1 with a quarter of
/// page 2 sliding in from the right. With wrapping, positions are taken modulo the page count.
public struct Pager: Sendable {
    /// A release counts as a flick, and turns the page whatever the travel, at this speed (logical
    /// pixels per second at scale 1, measured over the last 80 ms up to the lift) or faster: the
    /// figure measured on the touch recordings (`ReleaseVelocity.flickSpeed`).
    public static let flickVelocity = ReleaseVelocity.flickSpeed
    /// A drag that travels this fraction of the width turns the page on release.
    public static let turnFraction = 0.3
    /// Past the first or last page (without wrapping) the page follows the finger at this rate:
    /// it gives, so the edge is felt, and springs back.
    static let edgeResistance = 0.35
    /// How long a settle to the next page takes; shorter distances take proportionally less,
    /// never under ``minimumSettle``.
    static let pageSettle = 0.32
    static let minimumSettle = 0.12

    public let count: Int
    public let wraps: Bool
    /// The width of a page in logical pixels: how far a finger moves the page by one.
    public let width: Double
    /// Scale of the display (the flick speed is in points per second).
    public let scale: Double

    /// The page the panel rests on, or is settling on: what the panel reports as its page.
    public private(set) var page: Int

    private enum Motion: Sendable {
        case resting
        /// A finger moves the page: `anchor` is the finger's x where the position (before the
        /// edge's resistance) was `anchorPosition`. `origin` is where the page rested, or was
        /// heading when the finger caught it (unwrapped); `caught` says which.
        case dragging(
            contact: Int, anchor: Double, anchorPosition: Double, origin: Double, caught: Bool,
            samples: ReleaseVelocity)
        /// Animating from `from` to `to` (positions, `to` may lie outside 0..<count with wrapping).
        case settling(from: Double, to: Double, start: Double, duration: Double)
    }
    private var motion = Motion.resting

    public init(count: Int, page: Int = 0, wraps: Bool, width: Double, scale: Double = 1) {
        precondition(count >= 1 && (0..<count).contains(page))
        self.count = count
        self.page = page
        self.wraps = wraps && count > 1
        self.width = max(1, width)
        self.scale = scale
    }

    // MARK: Where it is

    /// The position at `now`, unwrapped (with wrapping it may lie outside 0..<count; see
    /// ``normalized(_:)``).
    public func position(at now: Double) -> Double {
        switch motion {
        case .resting: return Double(page)
        case .dragging(_, let anchor, let anchorPosition, _, _, let samples):
            return constrained(anchorPosition - (samples.lastX - anchor) / width)
        case .settling(let from, let to, let start, let duration):
            let t = duration > 0 ? (now - start) / duration : 1
            if t >= 1 { return to }
            return from + (to - from) * Easing.cubicBezier(max(0, t), 0.25, 0.46, 0.45, 0.94)
        }
    }

    /// `position` taken into 0..<count when wrapping (unchanged otherwise).
    public func normalized(_ position: Double) -> Double {
        guard wraps else { return position }
        let n = Double(count)
        let r = position.truncatingRemainder(dividingBy: n)
        return r < 0 ? r + n : r
    }

    /// Whether a finger holds the page.
    public var isDragging: Bool {
        if case .dragging = motion { return true }
        return false
    }

    /// The contact dragging the page, if any.
    public var draggingContact: Int? {
        if case .dragging(let contact, _, _, _, _, _) = motion { return contact }
        return nil
    }

    /// Whether the page is settling at `now` (an animation runs).
    public func isSettling(at now: Double) -> Bool {
        if case .settling(_, _, let start, let duration) = motion { return now < start + duration }
        return false
    }

    /// When the running settle ends; nil when none runs.
    public func restTime(after now: Double) -> Double? {
        if case .settling(_, _, let start, let duration) = motion, now < start + duration { return start + duration }
        return nil
    }

    /// Whether the page shows exactly one page at `now` (at rest, or a settle that has ended).
    public func isAtRest(at now: Double) -> Bool {
        switch motion {
        case .resting: return true
        case .dragging: return false
        case .settling(_, _, let start, let duration): return now >= start + duration
        }
    }

    /// Ends a settle that finished by `now` (a settle to a wrapped position comes to rest on the
    /// page it names).
    public mutating func finish(at now: Double) {
        if case .settling(_, _, let start, let duration) = motion, now >= start + duration { motion = .resting }
    }

    // MARK: Moving it

    /// A finger takes the page at x `x` — mid-settle too: the page stops where it is and follows
    /// the finger from there.
    public mutating func beginDrag(contact: Int, x: Double, now: Double) {
        let p = position(at: now)
        var origin = Double(page)
        var caught = false
        if case .settling(_, let to, let start, let duration) = motion, now < start + duration {
            origin = to
            caught = true
        }
        motion = .dragging(
            contact: contact, anchor: x, anchorPosition: unconstrained(p), origin: origin, caught: caught,
            samples: ReleaseVelocity(x: x, time: now))
    }

    /// The dragging finger is at x `x`.
    public mutating func drag(contact: Int, x: Double, now: Double) {
        guard case .dragging(let c, let anchor, let anchorPosition, let origin, let caught, var samples) = motion,
            c == contact
        else { return }
        samples.add(x: x, time: now)
        motion = .dragging(
            contact: contact, anchor: anchor, anchorPosition: anchorPosition, origin: origin, caught: caught,
            samples: samples)
    }

    /// The dragging finger lifted at x `x`. A flick goes on to the next page boundary in its
    /// direction (a finger moving left brings the page on the right). Otherwise a drag from rest
    /// turns the page if it travelled ``turnFraction`` of the width from the page it left, else
    /// springs back; a page caught mid-slide settles on the nearest page. Returns the page it
    /// settles on. Positions are unwrapped throughout (the page a slide across the wrap point
    /// heads for may be `count`), so targets lie beside the finger.
    @discardableResult
    public mutating func endDrag(contact: Int, x: Double, now: Double) -> Int {
        guard draggingContact == contact else { return page }
        drag(contact: contact, x: x, now: now)
        guard case .dragging(_, _, _, let origin, let caught, let samples) = motion else { return page }
        let p = position(at: now)
        let velocity = samples.speed(at: now) / scale
        let target: Double
        if abs(velocity) >= Self.flickVelocity {
            let nearest = p.rounded()
            let onAPage = abs(p - nearest) < 0.02
            if velocity < 0 {
                target = onAPage ? nearest + 1 : p.rounded(.up)
            } else {
                target = onAPage ? nearest - 1 : p.rounded(.down)
            }
        } else if caught {
            target = p.rounded()
        } else {
            let travel = p - origin
            target = abs(travel) >= Self.turnFraction ? origin + (travel > 0 ? 1 : -1) : origin
        }
        return settle(from: p, to: target, now: now)
    }

    /// The dragging contact was cancelled: the page goes back to where it rested, or on to where
    /// it was heading when caught.
    public mutating func cancelDrag(now: Double) {
        guard case .dragging(_, _, _, let origin, _, _) = motion else { return }
        settle(from: position(at: now), to: origin, now: now)
    }

    /// Goes to `target` (animated from wherever the page is, or at once), the short way round
    /// when wrapping.
    /// `towards` (+1 forward, −1 back) says which way a two-page wrapping board slides, when the
    /// other page is as near both ways: the way a key moved the focus.
    public mutating func show(_ target: Int, animated: Bool, now: Double, towards: Int? = nil) {
        let target = min(max(0, target), count - 1)
        guard animated else {
            page = target
            motion = .resting
            return
        }
        let p = position(at: now)
        var to = Double(target)
        if wraps {
            // The nearest copy of the target page to where the page is now.
            // With two pages both copies of the other one are a page away: it comes in the way
            // asked, else the way its number lies (page 1 from the right of page 0).
            let n = Double(count)
            let base = (p / n).rounded(.down) * n
            let forward = towards.map { $0 > 0 } ?? (target > page)
            to = [base - n, base, base + n].map { $0 + Double(target) }.min { a, b in
                let (da, db) = (abs(a - p), abs(b - p))
                if abs(da - db) > 1e-9 { return da < db }
                return forward ? a > b : a < b
            }!
        }
        settle(from: p, to: to, now: now)
    }

    @discardableResult
    private mutating func settle(from p: Double, to target: Double, now: Double) -> Int {
        var to = target
        if !wraps { to = min(max(0, to), Double(count - 1)) }
        let distance = abs(to - p)
        page = Int(normalized(to).rounded()) % count
        guard distance > 1e-9 else {
            motion = .resting
            return page
        }
        let duration = max(Self.minimumSettle, Self.pageSettle * min(1, distance))
        motion = .settling(from: p, to: to, start: now, duration: duration)
        return page
    }

    /// The position a resisted one came from (the inverse of ``constrained(_:)``): a finger
    /// catching the page past the edge takes it where it shows, without a jump.
    private func unconstrained(_ p: Double) -> Double {
        guard !wraps else { return p }
        let last = Double(count - 1)
        if p < 0 { return p / Self.edgeResistance }
        if p > last { return last + (p - last) / Self.edgeResistance }
        return p
    }

    /// Without wrapping, a position past the first or last page gives only partly.
    private func constrained(_ p: Double) -> Double {
        guard !wraps else { return p }
        let last = Double(count - 1)
        if p < 0 { return p * Self.edgeResistance }
        if p > last { return last + (p - last) * Self.edgeResistance }
        return p
    }
}
