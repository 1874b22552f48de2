import Raster
import TouchCore

/// Routes contacts to switches. Each contact belongs to the switch it went down on, for its
/// whole life: a second contact on a switch already tracked is ignored, and a contact that
/// starts outside every switch does nothing even if it slides across one (the router does not
/// keep it: it is the caller's, to page with or ignore).
public final class TouchRouter {
    public private(set) var switches: [ToggleSwitch]
    /// Which switch (index) each live contact belongs to; nil for contacts that went down on a
    /// switch busy with another contact or disabled.
    private var owners: [Int: Int?] = [:]

    public init(switches: [ToggleSwitch]) { self.switches = switches }

    /// Replaces the switches, cancelling every contact in progress.
    public func setSwitches(_ new: [ToggleSwitch], time: Double) {
        cancelAll(time: time)
        switches = new
    }

    /// What one event did: the switch it went to (an index into ``switches``) and, when it was
    /// the lift that changed that switch, its new value.
    public struct Delivery: Hashable, Sendable {
        public var index: Int
        public var changedTo: Bool?
    }

    /// Delivers one event; returns the switch it went to, if any.
    @discardableResult
    public func handle(_ e: TouchEvent) -> ToggleSwitch? {
        deliver(e).map { switches[$0.index] }
    }

    /// Delivers one event; returns where it went and what it changed (nil: no switch has it).
    @discardableResult
    public func deliver(_ e: TouchEvent) -> Delivery? {
        switch e.phase {
        case .began:
            // A contact id reused without an end: finish the old one as cancelled.
            if owners[e.contact] != nil {
                deliver(TouchEvent(contact: e.contact, phase: .cancelled, position: e.position, time: e.time))
            }
            // Topmost first: later switches are drawn over earlier ones.
            for index in switches.indices.reversed() where switches[index].hitTest(e.position) {
                if switches[index].touchBegan(contact: e.contact, at: e.position, time: e.time) {
                    owners[e.contact] = index
                    return Delivery(index: index)
                }
                // The switch under the finger is busy or disabled: the contact owns nothing, but
                // it went down on a switch and stays the router's.
                owners[e.contact] = .some(nil)
                return nil
            }
            return nil
        case .moved:
            guard let owner = owners[e.contact], let index = owner else { return nil }
            switches[index].touchMoved(contact: e.contact, to: e.position, time: e.time)
            return Delivery(index: index)
        case .ended:
            guard let owner = owners.removeValue(forKey: e.contact), let index = owner else { return nil }
            let changed = switches[index].touchEnded(contact: e.contact, at: e.position, time: e.time)
            return Delivery(index: index, changedTo: changed)
        case .cancelled:
            guard let owner = owners.removeValue(forKey: e.contact), let index = owner else { return nil }
            switches[index].touchCancelled(contact: e.contact, time: e.time)
            return Delivery(index: index)
        }
    }

    /// Cancels every live contact (device removed, screen blanked).
    public func cancelAll(time: Double) {
        for (contact, owner) in owners {
            if let index = owner { switches[index].touchCancelled(contact: contact, time: time) }
        }
        owners.removeAll()
    }

    /// Live contacts that went down on a switch.
    public var liveContacts: Int { owners.count }

    /// Whether `contact` went down on a switch (tracked by it, or refused by a busy or disabled one).
    public func owns(_ contact: Int) -> Bool { owners[contact] != nil }
}
