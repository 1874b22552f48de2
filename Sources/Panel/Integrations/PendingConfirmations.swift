/// Touches on switches bound to a device (an MQTT device, a Home Assistant entity) that the
/// device has not confirmed yet, and those whose command could not be sent: each switch keeps
/// the pressed look (``show(shown:mark:)``) until the device's state confirms it, and goes back
/// when no confirmation comes in time. One piece of bookkeeping for every kind of binding.
public struct PendingConfirmations: Sendable {
    /// Switches waiting for their device: the state each goes back to, and when.
    public private(set) var pending: [String: (revertTo: Bool, deadline: Double)] = [:]
    /// Touches whose command could not be sent (no connection, an unavailable device): the
    /// state each goes back to, and since when. Reverted at the next tick, not inside the change
    /// notification that found them.
    public private(set) var unsent: [String: (revertTo: Bool, since: Double)] = [:]

    public init() {}

    /// Why a switch goes back.
    public enum Expiry: Hashable, Sendable {
        /// The command could not be sent.
        case unsent
        /// No confirmation came within the timeout.
        case timedOut
    }

    /// A command for `isOn` went to the device: the switch waits until `now + timeout`. A switch
    /// touched again while waiting still goes back to what it was before the first touch.
    public mutating func sent(_ id: String, isOn: Bool, timeout: Double, now: Double) {
        let revertTo = pending[id]?.revertTo ?? !isOn
        pending[id] = (revertTo, now + timeout)
    }

    /// The command for `isOn` could not be sent: the switch goes back at the next ``expired(now:)``.
    public mutating func notSent(_ id: String, isOn: Bool, now: Double) {
        let revertTo = pending[id]?.revertTo ?? unsent[id]?.revertTo ?? !isOn
        pending[id] = nil
        unsent[id] = (revertTo, now)
    }

    /// The device said its state: the switch waits no more.
    public mutating func confirmed(_ id: String) { pending[id] = nil }

    /// The switch is gone (a reload removed it).
    public mutating func forget(_ id: String) {
        pending[id] = nil
        unsent[id] = nil
    }

    /// When ``expired(now:)`` has something to do.
    public var nextDeadline: Double? {
        (pending.values.map(\.deadline) + unsent.values.map(\.since)).min()
    }

    /// The switches that go back now, unsent ones first, each in id order; they are forgotten.
    public mutating func expired(now: Double) -> [(id: String, revertTo: Bool, why: Expiry)] {
        var out: [(id: String, revertTo: Bool, why: Expiry)] = []
        for (id, u) in unsent.sorted(by: { $0.key < $1.key }) {
            unsent[id] = nil
            out.append((id, u.revertTo, .unsent))
        }
        for (id, p) in pending.sorted(by: { $0.key < $1.key }) where now >= p.deadline {
            pending[id] = nil
            out.append((id, p.revertTo, .timedOut))
        }
        return out
    }

    /// Gives the switches now waiting the pressed look and takes it from those no longer;
    /// `shown` is what was shown before, and becomes what is shown now.
    public func show(shown: inout Set<String>, mark: (_ id: String, _ waiting: Bool) -> Void) {
        let waiting = Set(pending.keys)
        guard waiting != shown else { return }
        for id in waiting.subtracting(shown) { mark(id, true) }
        for id in shown.subtracting(waiting) { mark(id, false) }
        shown = waiting
    }
}
