import TouchCore

/// When the screen goes dark and how a touch wakes it — pure, so the rules are tested with a
/// fake clock: after ``idleTimeout`` seconds without a touch the screen blanks; the touch that
/// wakes it is swallowed for its whole life (down, moves, up), so waking a dark panel never flips
/// the switch that happened to be under the finger. Contacts that begin after the wake pass.
public struct ScreenBlanker: Sendable {
    /// Seconds without a touch before blanking; nil never blanks.
    public var idleTimeout: Double?
    public private(set) var isBlank = false
    private var lastActivity: Double
    /// Contacts that woke the screen (or began while it was dark), swallowed until they end.
    private var swallowed: Set<Int> = []
    /// A key woke the screen: its auto-repeats are swallowed too, until a new press.
    private var swallowingRepeats = false
    /// Contacts down now (whether delivered or swallowed).
    private var live: Set<Int> = []

    public init(idleTimeout: Double?, now: Double) {
        self.idleTimeout = idleTimeout
        lastActivity = now
    }

    /// When the screen should blank if nothing happens (nil: never, or already blank).
    public var deadline: Double? {
        guard !isBlank, let idleTimeout else { return nil }
        return lastActivity + idleTimeout
    }

    /// Whether the screen should go dark at `now`; marks it blank when it should.
    public mutating func shouldBlank(at now: Double) -> Bool {
        guard let d = deadline, now >= d else { return false }
        isBlank = true
        return true
    }

    /// Blanks now, whatever the idle time (a request over the control socket or the network).
    /// Contacts down at this moment are swallowed from here to their end: the panel stops
    /// seeing them (the caller cancels them), and their lift toggles nothing. Returns whether
    /// the screen was lit.
    @discardableResult
    public mutating func blank(at now: Double) -> Bool {
        lastActivity = now
        swallowed.formUnion(live)
        defer { isBlank = true }
        return !isBlank
    }

    /// Something other than a touch asks for the screen (a config reload): counts as activity and
    /// wakes it without swallowing anything. Returns whether it was blank.
    @discardableResult
    public mutating func wake(at now: Double) -> Bool {
        lastActivity = now
        defer { isBlank = false }
        return isBlank
    }

    /// Filters one frame of contacts: returns what the switches may see, and whether the screen
    /// must be turned back on.
    public mutating func filter(_ frame: [TouchEvent], now: Double) -> (deliver: [TouchEvent], wake: Bool) {
        guard !frame.isEmpty else { return ([], false) }
        lastActivity = now
        var woke = false
        var deliver: [TouchEvent] = []
        for e in frame {
            switch e.phase {
            case .began: live.insert(e.contact)
            case .ended, .cancelled: live.remove(e.contact)
            case .moved: break
            }
            if isBlank && e.phase == .began {
                isBlank = false
                woke = true
            }
            if woke && e.phase == .began { swallowed.insert(e.contact) }
            if swallowed.contains(e.contact) {
                if e.phase == .ended || e.phase == .cancelled { swallowed.remove(e.contact) }
                continue
            }
            // Contacts already live when the screen blanked (a finger resting) keep going.
            deliver.append(e)
        }
        return (deliver, woke)
    }

    /// Filters one key or dial detent: whether the panel may act on it, and whether the screen
    /// must be turned back on. The key that wakes the screen is swallowed, like the waking touch
    /// (it would otherwise move or toggle what nobody could see), and so are its auto-repeats
    /// while it is held.
    public mutating func filter(key: KeyPress, now: Double) -> (deliver: Bool, wake: Bool) {
        lastActivity = now
        if isBlank {
            isBlank = false
            swallowingRepeats = true
            return (false, true)
        }
        if key.isRepeat && swallowingRepeats { return (false, false) }
        swallowingRepeats = false
        return (true, false)
    }
}
