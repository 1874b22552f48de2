import Raster
import TouchCore
import Widget

/// Touches: who each contact belongs to (a switch, a page dot, the pager), and the changes the
/// switches return when a contact lifts.
extension PanelController {
    /// Delivers one frame of contacts (logical pixels, monotonic times); returns the value changes
    /// they made, in order (a group's tap: its members', then the groups whose look followed).
    public func handle(_ events: [TouchEvent]) -> [SwitchChange] {
        var changes: [SwitchChange] = []
        for e in events {
            lastInteraction = e.time
            // The ring is for key users: a finger on the glass hides it at once.
            if e.phase == .began { focusVisibleUntil = nil }
            // A touch has already flipped its switch: a group's look before it was the other value.
            if let change = route(e) { changes += expand(change, now: e.time, groupBefore: !change.isOn) }
        }
        return changes
    }

    /// Routes one event; returns the change it made (a switch's lift that changed its value), at
    /// the event's time.
    private func route(_ e: TouchEvent) -> SwitchChange? {
        let now = e.time
        pager.finish(at: now)
        switch e.phase {
        case .began:
            // A contact id reused without an end: finish the old one as cancelled.
            if contacts[e.contact] != nil {
                _ = route(TouchEvent(contact: e.contact, phase: .cancelled, position: e.position, time: now))
            }
            if pager.isDragging {
                // A second finger does not disturb the one dragging the page.
                contacts[e.contact] = .inert
            } else if pager.isSettling(at: now) {
                // A touch while the page settles catches it where it is — unless it lands on the
                // dots (a tap there goes to its page) or a finger still holds a switch (it keeps
                // it; the page finishes settling).
                if let dot = view.dot(at: e.position) {
                    contacts[e.contact] = .dot(page: dot, start: e.position)
                } else if router.liveContacts > 0 {
                    contacts[e.contact] = .inert
                } else {
                    pager.beginDrag(contact: e.contact, x: pagerX(e.position), now: now)
                    contacts[e.contact] = .pageDrag
                }
            } else if router.deliver(e) != nil || router.owns(e.contact) {
                contacts[e.contact] = .switchContact
            } else if let refused = view.pages[pager.page].switchIndices.first(where: {
                !view.switches[$0].toggle.isEnabled && view.switches[$0].toggle.hitTest(e.position)
            }) {
                onTouchRefused?(view.switches[refused].id)
                contacts[e.contact] = .inert
            } else if let dot = view.dot(at: e.position) {
                contacts[e.contact] = .dot(page: dot, start: e.position)
            } else {
                contacts[e.contact] = .undecided(start: e.position)
            }
        case .moved:
            switch contacts[e.contact] {
            case .switchContact: router.deliver(e)
            case .pageDrag: pager.drag(contact: e.contact, x: pagerX(e.position), now: now)
            case .dot(_, let start), .undecided(let start):
                let dx = e.position.x - start.x
                let dy = e.position.y - start.y
                guard dx * dx + dy * dy > slop * slop else { return nil }
                // Mostly horizontal: within 35° of the horizontal, as a scroll view locks its
                // direction. The page then moves from here, so crossing the slop makes no jump.
                if view.pages.count > 1, abs(dy) <= abs(dx) * 0.7, router.liveContacts == 0, !pager.isDragging {
                    pager.beginDrag(contact: e.contact, x: pagerX(e.position), now: now)
                    contacts[e.contact] = .pageDrag
                } else {
                    contacts[e.contact] = .inert
                }
            case .inert, nil: break
            }
        case .ended:
            switch contacts.removeValue(forKey: e.contact) {
            case .switchContact:
                guard let delivery = router.deliver(e), let isOn = delivery.changedTo else { return nil }
                let id = view.switches[routedSwitches[delivery.index]].id
                return SwitchChange(id: id, isOn: isOn, source: .touch, time: now)
            case .pageDrag:
                let before = pager.page
                pager.endDrag(contact: e.contact, x: pagerX(e.position), now: now)
                pageMoved(from: before, now: now)
            case .dot(let page, _): show(page: page, animated: true, now: now)
            case .undecided, .inert, nil: break
            }
        case .cancelled:
            switch contacts.removeValue(forKey: e.contact) {
            case .switchContact: router.deliver(e)
            case .pageDrag: pager.cancelDrag(now: now)
            case .dot, .undecided, .inert, nil: break
            }
        }
        return nil
    }

    /// Where a finger is for the pager, whose pages lie left to right: on a right-to-left board
    /// they lie right to left (the next page comes in from the left), so x is mirrored.
    private func pagerX(_ p: Point) -> Double {
        view.config.isRightToLeft ? Double(view.config.display.logicalSize.width) - p.x : p.x
    }

    /// Cancels every contact in progress (a device went away, the screen blanked): no switch
    /// toggles and no page turns from a contact cut short.
    public func cancelTouches(now: Double) {
        router.cancelAll(time: now)
        if pager.isDragging { pager.cancelDrag(now: now) }
        contacts.removeAll()
    }

    /// Live contacts on the panel.
    public var liveContacts: Int { contacts.count }
}
