import Widget

/// Pages: which one shows, going to one, and going home after idling.
extension PanelController {
    /// The page the panel shows (or is settling on).
    public var page: Int { pager.page }

    /// Goes to `page` (animated from wherever the page is), as a dot tap, a key or the control
    /// socket do. A finger holding a switch keeps it only if the page stays. A page shown stays
    /// for `homeAfter` before the panel goes home, whoever asked for it.
    public func show(page: Int, animated: Bool, now: Double, towards: Int? = nil) {
        guard (0..<view.pages.count).contains(page) else { return }
        let before = pager.page
        if let finger = pager.draggingContact {
            // The page is under a finger: asked for the page it came from, it stays there; for
            // another, the finger lets go of it (and moves nothing until it lifts).
            if page == before { return }
            contacts[finger] = .inert
        }
        if page != before { lastInteraction = max(lastInteraction, now) }
        if page != before, router.liveContacts > 0 { cancelTouches(now: now) }
        pager.show(page, animated: animated, now: now, towards: towards)
        // At once (the screen blanked): no slide is left to draw.
        if !animated { pageCache.removeAll() }
        pageMoved(from: before, now: now)
    }

    /// When the panel should go back to its home page after idling; nil when it is there, has no
    /// `homeAfter`, or a finger is down.
    public var homeDeadline: Double? {
        guard let after = view.config.homeAfter, contacts.isEmpty, pager.page != view.config.homePage else {
            return nil
        }
        return lastInteraction + after
    }

    /// Goes home if the panel has idled long enough at `now` (animated); returns whether it went.
    @discardableResult
    public func returnHomeIfIdle(now: Double) -> Bool {
        guard let d = homeDeadline, now >= d else { return false }
        show(page: view.config.homePage, animated: true, now: now)
        return true
    }

    /// Goes home at once (the screen blanked: it wakes on the home page).
    public func returnHome(now: Double) {
        show(page: view.config.homePage, animated: false, now: now)
    }

    /// Something other than a touch counts as use of the panel (a key): the home timer restarts.
    public func noteInteraction(at now: Double) { lastInteraction = now }

    func pageMoved(from before: Int, now: Double) {
        guard pager.page != before else { return }
        // Switch contacts stay with the router only on the page they began on.
        routeSwitches(onPage: pager.page, time: now)
        onPageChanged?(pager.page)
    }

    /// Gives the router the switches of `page` (cancelling the contacts it had).
    func routeSwitches(onPage page: Int, time: Double) {
        routedSwitches = view.pages[page].switchIndices
        router.setSwitches(routedSwitches.map { view.switches[$0].toggle }, time: time)
    }
}
