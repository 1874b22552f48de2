import Panel

/// What the loop and the services ask of the panel, through the session rather than through its
/// ``PanelSession/controller``: the states, the contacts down, the page, the idle timers.
extension PanelSession {
    /// Every switch's value, by id (a group's as it shows).
    public var states: [String: Bool] { controller.states }

    /// Live contacts on the panel: a finger resting on the glass is not idleness.
    public var liveContacts: Int { controller.liveContacts }

    /// Cancels every contact in progress (the display went to another VT, the screen blanked):
    /// nothing toggles and no page turns from a contact cut short.
    public func cancelTouches(now: Double) { controller.cancelTouches(now: now) }

    /// Something other than a touch counts as use of the panel (a key that woke the screen, a
    /// page asked for): the home timer restarts.
    public func noteInteraction(at now: Double) { controller.noteInteraction(at: now) }

    /// Goes home if the panel has idled long enough at `now` (animated).
    public func returnHomeIfIdle(now: Double) { controller.returnHomeIfIdle(now: now) }

    /// Goes home at once (the screen blanked: it wakes on the home page).
    public func returnHome(now: Double) { controller.returnHome(now: now) }

    /// Whether anything moves at `now`.
    public func isAnimating(at now: Double) -> Bool { controller.isAnimating(at: now) }

    /// When the panel next changes by itself after `now`: it goes home after idling, or the
    /// focus ring hides; nil when neither is due.
    public func panelDeadline(after now: Double) -> Double? {
        [controller.homeDeadline, controller.focusDeadline(after: now)].compactMap { $0 }.min()
    }

    /// The page the panel shows (or is settling on), and every page's title.
    public var page: Int { controller.page }
    public var pageTitles: [String] { controller.view.pages.map(\.title) }

    /// Where the pages are at `now` (in pages), whether they slide (a finger's drag or a
    /// settle), and whether a finger holds them.
    public func pagePosition(at now: Double) -> (position: Double, sliding: Bool, dragging: Bool) {
        let pager = controller.pager
        return (pager.position(at: now), !pager.isAtRest(at: now), pager.isDragging)
    }

    /// When every switch and the pager are at rest after `now` (nil: already).
    public func restTime(after now: Double) -> Double? { controller.restTime(after: now) }

    /// Enables or disables switch `id` (a bound entity that became unavailable, or came back).
    public func setEnabled(_ enabled: Bool, of id: String) { controller.view.toggle(id: id)?.isEnabled = enabled }

    /// Shows `label` on switch `id` (a bound entity's friendly name); the caller invalidates.
    public func setLabel(_ label: String, of id: String) { controller.view.setLabel(label, of: id) }

    /// Told the id of a switch that refused a touch (disabled: its entity is unavailable).
    public var onTouchRefused: ((String) -> Void)? {
        get { controller.onTouchRefused }
        set { controller.onTouchRefused = newValue }
    }

    /// Shows (or stops showing) that a switch waits for its device to confirm a change.
    public func setAwaitingConfirmation(_ id: String, _ waiting: Bool, now: Double) {
        controller.setAwaitingConfirmation(id, waiting, now: now)
    }
}
