import Raster
import TouchCore
import Widget

/// The panel's logic, without any I/O: touches in, value changes and page changes out, and what
/// must be repainted when. The session feeds it contacts (already calibrated to logical pixels),
/// keys and requests from the control socket, saves and acknowledges the changes it returns, and
/// paints the damage it reports; tests drive it with scripted contacts and a fake clock.
///
/// Who a contact belongs to is decided when it goes down, like iOS decides between a control and
/// its scroll view: on a switch's hit area it is that switch's for its whole life (its drag moves
/// the thumb, never the page); on a page dot it is a tap on the dot; anywhere else it may become a
/// page drag once it moves past the slop mostly horizontally (a vertical move makes it nothing).
/// One finger drags the page at a time; while it does, or while a page settles, new contacts do
/// not reach the switches — a contact during a settle catches the page instead.
///
/// What changed flows out as return values: a switch's lift returns its new value through the
/// router, and ``handle(_:)``, ``handle(key:now:)`` and ``set(_:isOn:source:now:)`` return the
/// changes (with the groups that followed) to the caller, which saves and acknowledges them.
///
/// The controller's parts live in one file each: touches (`+Touches`), keys and the focus ring
/// (`+Focus`), values and groups (`+Values`), pages (`+Pages`), frames (`+Frames`); the state
/// they share is declared here.
public final class PanelController {
    public let view: PanelView
    let router: TouchRouter
    /// The switches the router has (indices into the view's switches, in the router's order).
    var routedSwitches: [Int] = []
    /// What each switch looked like when it was last painted on screen (nil: not since its page
    /// was last drawn whole).
    var painted: [SwitchAppearance?]
    /// Every switch's repaint rectangle (its bounds, shadow and overshoot included).
    let switchBounds: [IntRect]
    /// The groups: for each switch index that is a group, its member indices and mode.
    let groups: [Int: (members: [Int], group: SwitchGroup)]
    /// The groups each switch is a member of.
    let groupsOfMember: [Int: [Int]]

    /// Which page shows, and its drag and settle.
    public internal(set) var pager: Pager
    /// Called when the page the panel rests on (or settles on) changes: the page's index.
    public var onPageChanged: ((Int) -> Void)?
    /// Called when a contact goes down on a disabled switch of the page shown (a switch whose
    /// Home Assistant entity is unavailable logs why): the switch's id.
    public var onTouchRefused: ((String) -> Void)?
    /// The pager position last painted (nil: nothing painted yet).
    var paintedPosition: Double?
    /// The page whose dot was last painted solid.
    var paintedDot: Int?
    /// Where the focus ring was last painted (nil: it was not).
    var paintedRing: IntRect?
    /// Pictures of whole pages, drawn once and slid during a transition: kept only while the page
    /// is not at rest.
    var pageCache: [Int: PagePicture] = [:]

    /// What each live contact is.
    enum Contact {
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
    var contacts: [Int: Contact] = [:]
    /// How far a contact moves before it is a drag (the theme's switch slop, in pixels).
    let slop: Double
    /// The last touch's time (or a key's): when the panel goes home after idling.
    public internal(set) var lastInteraction: Double

    /// The switch the focus ring is on (an index into the view's switches); nil before the first
    /// key, or when no switch can take the focus.
    public internal(set) var focus: Int?
    /// Until when the ring shows (the last key plus ``focusTimeout``); nil: hidden.
    public internal(set) var focusVisibleUntil: Double?

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
        }
        for g in groups.keys { view.switches[g].toggle.setValue(groupValue(g), animated: false, now: 0) }
        routeSwitches(onPage: pager.page, time: now)
    }

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
}
