import Raster
import TouchCore
import Widget

/// Where a switch's change came from: a finger, a key or dial on the focused switch, the control
/// socket, the state restored at start, an action that failed and flipped it back, or the network
/// (an MQTT device, a Home Assistant entity).
public enum ChangeSource: String, Hashable, Sendable, CaseIterable {
    case touch, key, socket, restore, revert, mqtt, homeAssistant
}

/// One switch changing its value.
public struct SwitchChange: Hashable, Sendable {
    public var id: String
    public var isOn: Bool
    public var source: ChangeSource
    public var time: Double

    public init(id: String, isOn: Bool, source: ChangeSource, time: Double) {
        self.id = id
        self.isOn = isOn
        self.source = source
        self.time = time
    }
}

/// The panel's logic, without any I/O: touches in, value changes and page changes out, and what
/// must be repainted when. The event loop feeds it contacts (already calibrated to logical
/// pixels) and requests from the control socket, runs the actions of the changes it returns, and
/// paints the damage it reports; tests drive it with scripted contacts and a fake clock.
///
/// Who a contact belongs to is decided when it goes down, like iOS decides between a control and
/// its scroll view: on a switch's hit area it is that switch's for its whole life (its drag moves
/// the thumb, never the page); on a page dot it is a tap on the dot; anywhere else it may become a
/// page drag once it moves past the slop mostly horizontally (a vertical move makes it nothing).
/// One finger drags the page at a time; while it does, or while a page settles, new contacts do
/// not reach the switches — a contact during a settle catches the page instead.
public final class PanelController {
    public let view: PanelView
    private let router: TouchRouter
    /// Changes made by touches, collected from the switches' `onValueChanged` as they fire.
    private var touchChanges: [SwitchChange] = []
    /// What each switch looked like when it was last painted on screen (nil: not since its page
    /// was last drawn whole).
    private var painted: [SwitchAppearance?]
    /// Every switch's repaint rectangle (its bounds, shadow and overshoot included).
    private let switchBounds: [IntRect]
    /// The groups: for each switch index that is a group, its member indices and mode.
    private let groups: [Int: (members: [Int], group: SwitchGroup)]
    /// The groups each switch is a member of.
    private let groupsOfMember: [Int: [Int]]

    /// Which page shows, and its drag and settle.
    public private(set) var pager: Pager
    /// Called when the page the panel rests on (or settles on) changes: the page's index.
    public var onPageChanged: ((Int) -> Void)?
    /// Called when a contact goes down on a disabled switch of the page shown (a switch whose
    /// Home Assistant entity is unavailable logs why): the switch's id.
    public var onTouchRefused: ((String) -> Void)?
    /// The pager position last painted (nil: nothing painted yet).
    private var paintedPosition: Double?
    /// The page whose dot was last painted solid.
    private var paintedDot: Int?
    /// Where the focus ring was last painted (nil: it was not).
    private var paintedRing: IntRect?
    /// Pictures of whole pages, drawn once and slid during a transition: kept only while the page
    /// is not at rest.
    private var pageCache: [Int: PagePicture] = [:]

    /// What each live contact is.
    private enum Contact {
        /// Handed to the router (a switch tracks it, or it went down on a disabled one).
        case switchContact
        /// Went down on a page dot: a tap there goes to that page.
        case dot(page: Int, start: Point)
        /// Went down in a gap: becomes a page drag if it moves horizontally past the slop.
        case undecided(start: Point)
        case pageDrag
        /// Does nothing for the rest of its life.
        case inert
    }
    private var contacts: [Int: Contact] = [:]
    /// How far a contact moves before it is a drag (the theme's switch slop, in pixels).
    private let slop: Double
    /// The last touch's time (or a key's): when the panel goes home after idling.
    public private(set) var lastInteraction: Double

    /// Takes `view`'s switches and sets the `restored` states (ids not in the view, and groups,
    /// are ignored) without animation and without reporting them as changes. The panel starts on
    /// its home page.
    public init(view: PanelView, restored: [String: Bool] = [:], now: Double = 0) {
        self.view = view
        router = TouchRouter(switches: [])
        painted = Array(repeating: nil, count: view.switches.count)
        switchBounds = view.switches.map { SwitchRenderer.bounds(style: $0.toggle.style, frame: $0.toggle.frame) }
        var groups: [Int: (members: [Int], group: SwitchGroup)] = [:]
        var groupsOfMember: [Int: [Int]] = [:]
        for (i, sw) in view.config.switches.enumerated() {
            guard let group = sw.group else { continue }
            let members = group.members.compactMap { view.index(of: $0) }
            groups[i] = (members, group)
            for m in members { groupsOfMember[m, default: []].append(i) }
        }
        self.groups = groups
        self.groupsOfMember = groupsOfMember
        let config = view.config
        pager = Pager(
            count: view.pages.count, page: config.homePage, wraps: config.wrapPages,
            width: Double(config.display.logicalSize.width), scale: config.display.scale)
        slop = config.theme.style.dragSlop * config.display.scale
        lastInteraction = now
        for (index, (id, toggle)) in view.switches.enumerated() {
            if groups[index] == nil, let on = restored[id], on != toggle.isOn {
                toggle.setOn(on, animated: false, now: 0)
            }
            toggle.onValueChanged = { [unowned self] on in
                // The change's time is that of the contact that made it: `handle` sets `currentTime`.
                touchChanges.append(SwitchChange(id: id, isOn: on, source: .touch, time: currentTime))
            }
        }
        for g in groups.keys { view.switches[g].toggle.setValue(groupValue(g), animated: false, now: 0) }
        router.setSwitches(switchesOnPage(pager.page), time: now)
    }

    private var currentTime = 0.0

    /// Every switch's value, by id (a group's as it shows: on, or off when mixed).
    public var states: [String: Bool] {
        Dictionary(uniqueKeysWithValues: view.switches.map { ($0.id, $0.toggle.isOn) })
    }

    /// The values worth keeping across a restart: every switch but the groups, whose value is
    /// their members'.
    public var savedStates: [String: Bool] {
        Dictionary(
            uniqueKeysWithValues: view.switches.indices.filter { groups[$0] == nil }.map {
                (view.switches[$0].id, view.switches[$0].toggle.isOn)
            })
    }

    /// Whether `id` is a group switch.
    public func isGroup(_ id: String) -> Bool { view.index(of: id).map { groups[$0] != nil } ?? false }

    // MARK: Touches

    /// Delivers one frame of contacts (logical pixels, monotonic times); returns the value changes
    /// they made, in order (a group's tap: its members', then the groups whose look followed).
    public func handle(_ events: [TouchEvent]) -> [SwitchChange] {
        var changes: [SwitchChange] = []
        for e in events {
            currentTime = e.time
            lastInteraction = e.time
            // The ring is for key users: a finger on the glass hides it at once.
            if e.phase == .began { focusVisibleUntil = nil }
            route(e)
            // A touch has already flipped its switch: a group's look before it was the other value.
            for change in touchChanges { changes += expand(change, now: e.time, groupBefore: !change.isOn) }
            touchChanges.removeAll()
        }
        return changes
    }

    private func route(_ e: TouchEvent) {
        let now = e.time
        pager.finish(at: now)
        switch e.phase {
        case .began:
            // A contact id reused without an end: finish the old one as cancelled.
            if contacts[e.contact] != nil {
                route(TouchEvent(contact: e.contact, phase: .cancelled, position: e.position, time: now))
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
            } else if router.handle(e) != nil || router.owns(e.contact) {
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
            case .switchContact: router.handle(e)
            case .pageDrag: pager.drag(contact: e.contact, x: pagerX(e.position), now: now)
            case .dot(_, let start), .undecided(let start):
                let dx = e.position.x - start.x
                let dy = e.position.y - start.y
                guard dx * dx + dy * dy > slop * slop else { return }
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
            case .switchContact: router.handle(e)
            case .pageDrag:
                let before = pager.page
                pager.endDrag(contact: e.contact, x: pagerX(e.position), now: now)
                pageMoved(from: before, now: now)
            case .dot(let page, _): show(page: page, animated: true, now: now)
            case .undecided, .inert, nil: break
            }
        case .cancelled:
            switch contacts.removeValue(forKey: e.contact) {
            case .switchContact: router.handle(e)
            case .pageDrag: pager.cancelDrag(now: now)
            case .dot, .undecided, .inert, nil: break
            }
        }
    }

    /// Where a finger is for the pager, whose pages lie left to right: on a right-to-left board
    /// they lie right to left (the next page comes in from the left), so x is mirrored.
    private func pagerX(_ p: Point) -> Double {
        view.config.isRightToLeft ? Double(view.config.display.logicalSize.width) - p.x : p.x
    }

    /// Cancels every contact in progress (a device went away, the screen blanked): no switch
    /// toggles and no page turns from a contact cut short.
    public func cancelTouches(now: Double) {
        currentTime = now
        router.cancelAll(time: now)
        if pager.isDragging { pager.cancelDrag(now: now) }
        contacts.removeAll()
        touchChanges.removeAll()
    }

    /// Live contacts on the panel.
    public var liveContacts: Int { contacts.count }

    // MARK: Keys and the focus ring

    /// The switch the focus ring is on (an index into the view's switches); nil before the first
    /// key, or when no switch can take the focus.
    public private(set) var focus: Int?
    /// Until when the ring shows (the last key plus ``focusTimeout``); nil: hidden.
    public private(set) var focusVisibleUntil: Double?
    /// Seconds the ring stays after the last key.
    public var focusTimeout: Double { view.config.keys.focusTimeout }

    /// Handles a key or a dial's detent at `now`; returns the value changes it made.
    ///
    /// A key while the ring is hidden only shows it — on the switch it was on if that switch is
    /// on the page in view, else on the page's first enabled switch — so a user who cannot see
    /// where the focus is never toggles a switch blind. With the ring showing, ``PanelKey/next``
    /// and ``PanelKey/previous`` (Tab, Shift+Tab, a dial) move it through the enabled switches in
    /// config order (disabled ones are skipped), across pages: past the last switch of a page it
    /// goes to the next page's first and the page slides there; at the board's ends it stops, or
    /// wraps round on a one-page board and with `wrapPages`. The arrows move it to the switch next
    /// to it on screen (``arrowTarget(_:from:)``). ``PanelKey/activate`` toggles the focused switch as
    /// a tap would (a group sets its members), with source ``ChangeSource/key``.
    public func handle(key: PanelKey, now: Double) -> [SwitchChange] {
        currentTime = now
        noteInteraction(at: now)
        pager.finish(at: now)
        let wasVisible = isFocusVisible(at: now)
        focusVisibleUntil = now + focusTimeout
        // Where the ring is, even on a switch disabled since: the arrows move from there.
        let ring = focus.flatMap { view.pageOfSwitch[$0] == pager.page ? $0 : nil }
        if let f = focus, view.pageOfSwitch[f] == pager.page, canFocus(f) {
            // Stays where it was.
        } else {
            focus = view.pages[pager.page].switchIndices.first(where: canFocus)
        }
        guard wasVisible else { return [] }
        switch key {
        case .next, .previous:
            let order = view.switches.indices.filter(canFocus)
            guard !order.isEmpty else { return [] }
            let wraps = view.pages.count == 1 || view.config.wrapPages
            let target: Int?
            if let f = focus, let k = order.firstIndex(of: f) {
                let step = key == .next ? k + 1 : k - 1
                target =
                    order.indices.contains(step)
                    ? order[step] : (wraps ? order[(step + order.count) % order.count] : nil)
            } else {
                // No switch of this page can take the focus: the nearest page's that can.
                let page = pager.page
                target =
                    key == .next
                    ? (order.first { view.pageOfSwitch[$0] > page } ?? (wraps ? order.first : nil))
                    : (order.last { view.pageOfSwitch[$0] < page } ?? (wraps ? order.last : nil))
            }
            guard let target else { return [] }
            moveFocus(to: target, towards: key == .next ? 1 : -1, now: now)
            return []
        case .up, .down, .left, .right:
            if let target = arrowTarget(key, from: ring ?? focus) {
                moveFocus(to: target, towards: key == .right ? 1 : key == .left ? -1 : nil, now: now)
            }
            return []
        case .activate:
            guard let f = focus else { return [] }
            let (id, toggle) = view.switches[f]
            // A mixed group shows off: like a tap, activating it turns every member on.
            return set(id, isOn: !toggle.isOn, source: .key, now: now)
        }
    }

    /// Puts the ring on `target`; its page slides in when it is another, from the side `towards`
    /// (+1 the next page's, −1 the previous's) names.
    private func moveFocus(to target: Int, towards: Int?, now: Double) {
        focus = target
        if view.pageOfSwitch[target] != pager.page {
            show(page: view.pageOfSwitch[target], animated: true, now: now, towards: towards)
        }
    }

    /// Where an arrow moves the ring from switch `from`. On its page, to a switch that can take
    /// the focus whose cell shares rows (Left, Right) or columns (Up, Down) with `from`'s cell and
    /// lies that way, the nearest; Up and Down, when none does, go to the nearest switch that way
    /// at all (to a row of fewer switches), by the distance along the arrow plus twice the
    /// distance across it. Left and Right move along the row only: with nothing more on it they
    /// go on to the previous or next page that has a switch (round the ends with `wrapPages`),
    /// to its switch nearest the edge they enter by at the ring's height, and the page slides
    /// there; Up and Down stop at the edge. Ties (within half a pixel) go to config order. Nil:
    /// nowhere to go.
    func arrowTarget(_ key: PanelKey, from: Int?) -> Int? {
        let (dx, dy): (Double, Double) =
            switch key {
            case .up: (0, -1)
            case .down: (0, 1)
            case .left: (-1, 0)
            default: (1, 0)
            }
        // Scores closer than this are a tie: a layout's fractional cell widths must not decide.
        let tie = 0.5
        let page = pager.page
        let origin = from.flatMap(cell)
        if let from, let origin {
            var inBeam: (along: Double, index: Int)?
            var anywhere: (score: Double, index: Int)?
            for i in view.pages[page].switchIndices where i != from && canFocus(i) {
                guard let c = cell(i) else { continue }
                let along = (c.midX - origin.midX) * dx + (c.midY - origin.midY) * dy
                // A cell level with the ring's along the arrow (one above it, for Left) is not
                // that way.
                guard along > tie else { continue }
                let shares =
                    dx != 0
                    ? c.minY < origin.maxY && c.maxY > origin.minY : c.minX < origin.maxX && c.maxX > origin.minX
                if shares {
                    if inBeam.map({ along < $0.along - tie }) ?? true { inBeam = (along, i) }
                } else if dy != 0 {
                    let score = along + 2 * abs((c.midX - origin.midX) * dy - (c.midY - origin.midY) * dx)
                    if anywhere.map({ score < $0.score - tie }) ?? true { anywhere = (score, i) }
                }
            }
            if let target = inBeam?.index ?? anywhere?.index { return target }
        }
        guard dx != 0, view.pages.count > 1 else { return nil }
        let count = view.pages.count
        let height = origin?.midY ?? 0
        var p = page
        // The page beyond the edge: the next one to the right, or, right to left, to the left.
        let step = Int(dx) * (view.config.isRightToLeft ? -1 : 1)
        for _ in 1..<count {
            p += step
            if !(0..<count).contains(p) {
                guard view.config.wrapPages else { return nil }
                p = (p + count) % count
            }
            var nearest: (score: Double, index: Int)?
            for i in view.pages[p].switchIndices where canFocus(i) {
                guard let c = cell(i) else { continue }
                let score = c.midX * dx + 2 * abs(c.midY - height)
                if nearest.map({ score < $0.score - tie }) ?? true { nearest = (score, i) }
            }
            if let nearest { return nearest.index }
        }
        return nil
    }

    /// Switch `index`'s cell (its switch and label) on its page.
    private func cell(_ index: Int) -> Rect? { view.item(id: view.switches[index].id)?.cell }

    /// Whether switch `index` can take the focus (a disabled one cannot).
    private func canFocus(_ index: Int) -> Bool { view.switches[index].toggle.isEnabled }

    /// Whether the ring shows at `now`: a key came within ``focusTimeout``, no touch since, and
    /// its switch is on the page in view.
    public func isFocusVisible(at now: Double) -> Bool {
        guard let f = focus, let until = focusVisibleUntil, now < until else { return false }
        return view.pageOfSwitch[f] == pager.page
    }

    /// When the ring hides if no key comes (the loop repaints then); nil when it is hidden.
    public func focusDeadline(after now: Double) -> Double? {
        guard isFocusVisible(at: now), let until = focusVisibleUntil else { return nil }
        return until
    }

    /// The ring as it is drawn at `now`: the pixels it covers, nil when it is not drawn (hidden,
    /// or the page is sliding — the ring comes back when the page rests).
    private func drawnRing(at now: Double) -> IntRect? {
        guard let f = focus, isFocusVisible(at: now), pager.isAtRest(at: now) else { return nil }
        return view.focusRingBounds(of: f)
    }

    // MARK: Values

    /// Sets a switch from code (the control socket, a failed action's revert, the network),
    /// animated; returns the changes: the switch's, or a group's members' and then the groups
    /// whose look followed. Empty when the id is unknown or nothing changes.
    @discardableResult
    public func set(_ id: String, isOn: Bool, source: ChangeSource, now: Double) -> [SwitchChange] {
        guard let index = view.index(of: id) else { return [] }
        let toggle = view.switches[index].toggle
        // A group sets every member that differs, whatever it shows ("on" on an any-group that
        // shows on still turns on the members that are off); its look then follows them.
        if groups[index] != nil {
            return expand(
                SwitchChange(id: id, isOn: isOn, source: source, time: now), now: now, groupBefore: toggle.isOn)
        }
        guard toggle.isOn != isOn else { return [] }
        toggle.setOn(isOn, animated: true, now: now)
        return expand(SwitchChange(id: id, isOn: isOn, source: source, time: now), now: now)
    }

    /// A switch's change with what follows from it: a group sets its (enabled) members; a member
    /// moves the groups it belongs to. The group's own entry comes last, after its members'.
    /// `groupBefore`: what the group `change` names showed before (it is reported only when a
    /// member changed or its look did).
    private func expand(_ change: SwitchChange, now: Double, groupBefore: Bool = false) -> [SwitchChange] {
        guard let index = view.index(of: change.id) else { return [change] }
        var changes: [SwitchChange] = []
        var touchedGroups: [Int] = []
        if let (members, _) = groups[index] {
            for m in members {
                let (id, toggle) = view.switches[m]
                guard toggle.isEnabled, toggle.isOn != change.isOn else { continue }
                toggle.setOn(change.isOn, animated: true, now: now)
                changes.append(SwitchChange(id: id, isOn: change.isOn, source: change.source, time: change.time))
                touchedGroups += groupsOfMember[m] ?? []
            }
            touchedGroups.append(index)
            if changes.isEmpty {
                // Nothing to set (members already there, or disabled): the group shows its
                // members again, and reports only a look that changed.
                let toggle = view.switches[index].toggle
                toggle.setValue(groupValue(index), animated: true, now: now)
                guard toggle.isOn != groupBefore else { return [] }
                return [SwitchChange(id: change.id, isOn: toggle.isOn, source: change.source, time: change.time)]
            }
        } else {
            changes.append(change)
            touchedGroups = groupsOfMember[index] ?? []
        }
        // Every group a changed member belongs to takes its members' value; one that now shows
        // another value reports it (after its members), so subscribers see what the screen shows.
        var seen = Set<Int>()
        for g in touchedGroups where seen.insert(g).inserted {
            let toggle = view.switches[g].toggle
            let before = toggle.isOn
            let value = groupValue(g)
            toggle.setValue(value, animated: true, now: now)
            if g == index || toggle.isOn != before {
                changes.append(
                    SwitchChange(id: view.switches[g].id, isOn: toggle.isOn, source: change.source, time: change.time))
            }
        }
        return changes
    }

    /// What group `g` shows for its members now: on, off, or nil (mixed).
    private func groupValue(_ g: Int) -> Bool? {
        guard let (members, group) = groups[g] else { return nil }
        return group.value(of: members.map { view.switches[$0].toggle.isOn })
    }

    /// Shows (or stops showing) that a switch waits for its device to confirm a change.
    public func setAwaitingConfirmation(_ id: String, _ waiting: Bool, now: Double) {
        view.toggle(id: id)?.setAwaitingConfirmation(waiting, now: now)
    }

    // MARK: Pages

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

    private func pageMoved(from before: Int, now: Double) {
        guard pager.page != before else { return }
        // Switch contacts stay with the router only on the page they began on.
        router.setSwitches(switchesOnPage(pager.page), time: now)
        onPageChanged?(pager.page)
    }

    private func switchesOnPage(_ page: Int) -> [ToggleSwitch] {
        view.pages[page].switchIndices.map { view.switches[$0].toggle }
    }

    // MARK: Frames

    private var screen: IntRect {
        let size = view.config.display.logicalSize
        return IntRect(x: 0, y: 0, width: size.width, height: size.height)
    }

    /// The rectangles (logical pixels) whose look at `now` differs from what was last painted.
    /// Call ``didPaint(at:)`` once they are painted.
    public func damage(at now: Double) -> [IntRect] {
        pager.finish(at: now)
        let position = pager.position(at: now)
        guard showsPageDirectly(at: now) else {
            // Sliding: the whole screen while it moves or a visible switch animates.
            if position != paintedPosition || visiblePages(at: position).contains(where: { pageChanged($0, at: now) }) {
                return [screen]
            }
            return []
        }
        guard position == paintedPosition else { return [screen] }
        var rects: [IntRect] = []
        for i in view.pages[pager.page].switchIndices where painted[i] != view.switches[i].toggle.appearance(at: now) {
            rects.append(switchBounds[i])
        }
        if paintedDot != pager.page { rects.append(view.dotsBounds) }
        // The ring appeared, moved or went: where it was and where it is.
        let ring = drawnRing(at: now)
        if ring != paintedRing { rects += [paintedRing, ring].compactMap { $0 } }
        return rects
    }

    /// Records that the panel was painted as it looks at `now`.
    public func didPaint(at now: Double) {
        let position = pager.position(at: now)
        paintedPosition = position
        paintedDot = pager.page
        paintedRing = drawnRing(at: now)
        if showsPageDirectly(at: now) {
            for i in painted.indices { painted[i] = nil }
            for i in view.pages[pager.page].switchIndices { painted[i] = view.switches[i].toggle.appearance(at: now) }
            // At rest the screen is drawn directly: the slid pictures are freed.
            pageCache.removeAll()
        }
    }

    /// Forgets what was painted, so the next ``damage(at:)`` covers the whole screen (with
    /// ``FrameComposer``'s full invalidation after a reload or VT switch).
    public func forgetPainted() {
        for i in painted.indices { painted[i] = nil }
        paintedPosition = nil
        paintedDot = nil
        paintedRing = nil
        pageCache.removeAll()
    }

    /// Whether anything moves at `now` (the loop keeps its frame timer armed only then).
    public func isAnimating(at now: Double) -> Bool {
        if pager.isSettling(at: now) { return true }
        // Switches on pages out of view animate unseen: they ask for no frames.
        let inView = visiblePages(at: pager.position(at: now))
        return inView.contains { page in
            view.pages[page].switchIndices.contains { view.switches[$0].toggle.needsFrame(at: now) }
        }
    }

    /// When the last running animation ends, nil at rest.
    public func restTime(after now: Double) -> Double? {
        (view.switches.compactMap { $0.toggle.restTime(after: now) } + [pager.restTime(after: now)].compactMap { $0 })
            .max()
    }

    /// Draws the panel as it looks at `now` (the canvas's clip limits what is touched): the page
    /// at rest directly; mid-slide, the pictures of the pages in view moved to where they are.
    /// `canvas` holds what was last painted (``damage(at:)`` covers only what changed since), so
    /// the first frame of a slide takes the picture of the page it starts from off the screen.
    public func draw(on canvas: Canvas, at now: Double) {
        let position = pager.position(at: now)
        if showsPageDirectly(at: now) {
            if let picture = pageCache[pager.page], !pageChanged(pager.page, at: now) {
                // The frame a slide comes to rest in: its page's picture is still there and
                // current, and copying it costs a fraction of drawing the page.
                canvas.copy(picture.image, at: 0, 0)
            } else {
                view.draw(page: pager.page, on: canvas, at: now)
            }
            if let f = focus, let ring = drawnRing(at: now), canvas.clip.intersects(ring) {
                view.drawFocusRing(around: f, on: canvas)
            }
        } else {
            let width = Double(screen.width)
            let shown = visiblePages(at: position)
            if canvas.clip == screen, shown.contains(where: { pageCache[$0] == nil }) {
                // The screen's pixels may be the page a slide starts from (see `picture`), until
                // this frame draws over them: the pictures are made first.
                for page in shown { _ = picture(of: page, at: now, cache: canvas.cache, onScreen: canvas.surface) }
            }
            if shown.isEmpty || (!pager.wraps && (position < 0 || position > Double(view.pages.count - 1))) {
                canvas.clear(view.config.theme.background)  // past the first or last page
            }
            // Pages that slid out of view (a jump over several) give their pictures back.
            for page in pageCache.keys where !shown.contains(page) { pageCache[page] = nil }
            let p = pager.normalized(position)
            for page in shown {
                var offset = Double(page) - p
                if pager.wraps, offset < -1 { offset += Double(view.pages.count) }
                if pager.wraps, offset > 1 { offset -= Double(view.pages.count) }
                let picture = picture(of: page, at: now, cache: canvas.cache, onScreen: nil)
                // Rounded down from half a pixel on, the same way for every page: pages a width
                // apart land exactly a width apart (no column left between them at x.5).
                // Right to left, the next page lies to the left.
                if view.config.isRightToLeft { offset = -offset }
                canvas.copy(picture.image, at: Int((offset * width + 0.5).rounded(.down)), 0)
            }
        }
        if !view.dotsBounds.isEmpty, canvas.clip.intersects(view.dotsBounds) {
            view.drawDots(current: pager.page, on: canvas)
        }
    }

    /// Whether the screen shows the current page alone, in its place: at rest, or held by a
    /// finger that has not moved it yet (a drag's first frame changes nothing on screen, so it
    /// neither repaints the screen nor draws pictures the next frame would find already stale).
    private func showsPageDirectly(at now: Double) -> Bool {
        pager.isAtRest(at: now) || pager.position(at: now) == Double(pager.page)
    }

    /// The pages that show (partly) at `position`.
    private func visiblePages(at position: Double) -> [Int] {
        let n = view.pages.count
        let p = pager.normalized(position)
        let left = Int(p.rounded(.down))
        var pages: [Int] = []
        for k in [left, left + 1] {
            let page = pager.wraps ? ((k % n) + n) % n : k
            guard (0..<n).contains(page), abs(Double(k) - p) < 1 else { continue }
            if !pages.contains(page) { pages.append(page) }
        }
        return pages
    }

    /// Whether page `page`'s picture no longer matches its switches at `now`.
    private func pageChanged(_ page: Int, at now: Double) -> Bool {
        guard let picture = pageCache[page] else { return true }
        return view.pages[page].switchIndices.enumerated().contains { k, i in
            picture.painted[k] != view.switches[i].toggle.appearance(at: now)
        }
    }

    /// Page `page` as a picture, drawn whole the first time and then only where a switch changed.
    /// `onScreen`: the pixels on screen before this frame, when the whole of them is repainted
    /// now and nothing of this frame is drawn into them yet.
    private func picture(of page: Int, at now: Double, cache: MaskCache, onScreen: Surface?) -> PagePicture {
        let indices = view.pages[page].switchIndices
        let picture: PagePicture
        if let cached = pageCache[page] {
            picture = cached
            for (k, i) in indices.enumerated() {
                let look = view.switches[i].toggle.appearance(at: now)
                guard picture.painted[k] != look else { continue }
                picture.canvas.withClip(switchBounds[i]) { view.draw(page: page, on: picture.canvas, at: now) }
                picture.painted[k] = look
            }
        } else {
            picture = PagePicture(width: screen.width, height: screen.height, cache: cache)
            let looks = indices.map { view.switches[$0].toggle.appearance(at: now) }
            if let onScreen, showsUnchanged(page, looks: looks) {
                // The page a slide starts from is on screen as it looks now: its picture is the
                // screen without the dots (a copy of the pixels, then the page under the dots).
                Blitter.copy(
                    from: onScreen, rect: screen, to: picture.image.surface, at: (0, 0), rotation: .none)
                picture.canvas.withClip(view.dotsBounds) { view.draw(page: page, on: picture.canvas, at: now) }
            } else {
                view.draw(page: page, on: picture.canvas, at: now)
            }
            picture.painted = looks
            pageCache[page] = picture
        }
        return picture
    }

    /// Whether the screen shows `page` directly, in its place, its switches looking as `looks`
    /// (what was last painted, at rest).
    private func showsUnchanged(_ page: Int, looks: [SwitchAppearance]) -> Bool {
        // The focus ring is not part of a page's picture.
        guard paintedPosition == Double(page), paintedDot == page, paintedRing == nil else { return false }
        return zip(view.pages[page].switchIndices, looks).allSatisfy { painted[$0] == $1 }
    }

    /// Bytes of memory the page pictures hold now (each is a whole screen of ARGB8888).
    public var pagePictureBytes: Int { pageCache.values.reduce(0) { $0 + $1.image.height * $1.image.surface.stride } }
}

/// A page drawn whole, offscreen, with what each of its switches looked like then.
private final class PagePicture {
    let image: Image
    let canvas: Canvas
    var painted: [SwitchAppearance?] = []

    init(width: Int, height: Int, cache: MaskCache) {
        image = Image(width: width, height: height, format: .argb8888)
        canvas = Canvas(image: image, cache: cache)
    }
}

extension TouchConfig {
    /// The calibration for one touch device of this board: its axis ranges to the logical
    /// screen, through the configured matrix, swap and inversion, and the display's rotation — so
    /// rotating the display in the config is all it takes to keep touches under the finger.
    /// With `pointercal` (the contents of the file ``pointercal`` names), tslib's calibration maps
    /// raw units straight to the logical screen: it was made on the screen as the program saw it,
    /// so the matrix, swap, inversion and rotation do not apply on top.
    public func calibration(
        for device: DeviceDescription, display: DisplayConfig, pointercal: String? = nil
    ) throws -> TouchCalibration {
        let logical = display.logicalSize
        if let pointercal {
            return try TouchCalibration(
                pointercal: pointercal, device: device, screenWidth: Double(logical.width),
                screenHeight: Double(logical.height))
        }
        return try TouchCalibration(
            device: device, screenWidth: Double(logical.width), screenHeight: Double(logical.height),
            matrix: calibration, swapXY: swapXY, invertX: invertX, invertY: invertY, rotation: display.rotation)
    }
}
