import LinuxIO
import Panel
import Raster

/// Something the panel's one loop serves besides its own sources (display, touch, control socket,
/// actions, signals): a network client, an HTTP server. A service owns its descriptors and hands
/// the loop only `PollInterest`s; the loop waits on them together with everything else, calls
/// back when one is ready or a deadline passes, and never blocks on a service's behalf — so a
/// broker that never answers or a browser that stops reading cannot delay a touch's frame.
///
/// Every call happens on the loop's thread, between frames, with the loop's clock (virtual under
/// ``EmbeddedPanel``). The default implementations do nothing, so a service implements only what
/// it needs.
public protocol PanelService: AnyObject {
    /// Attaches the service to the running panel, once, before the first turn: it may keep the
    /// loop (to set switches, read states, ask for a turn).
    func start(in loop: PanelLoop, now: Double)
    /// The descriptors to wait on this turn (asked every turn, so interests may change).
    var pollInterests: [PollInterest] { get }
    /// The earliest time the service must be called back even if nothing is ready; nil: none.
    var nextDeadline: Double? { get }
    /// One of the service's descriptors is ready.
    func handle(_ event: PollEvent, now: Double)
    /// Called once per turn after the events: deadlines that passed, work that was queued.
    func tick(now: Double)
    /// A change was acknowledged (saved before this call), whatever made it.
    func switchChanged(_ change: SwitchChange, now: Double)
    /// The page the panel shows (or settles on) changed.
    func pageChanged(_ page: Int, title: String, now: Double)
    /// The screen blanked or woke, or its brightness changed (`screen` is how it is now).
    func screenChanged(_ screen: ScreenStatus, source: ScreenChangeSource, now: Double)
    /// A frame was presented; `damage` is the logical area it repainted.
    func framePresented(damage: [IntRect], now: Double)
    /// The config was reloaded (SIGHUP); the session already holds the new one.
    func configReloaded(now: Double)
    /// The loop is ending (SIGINT, SIGTERM): a last chance to say goodbye without blocking.
    func stop(now: Double)
}

extension PanelService {
    public func start(in loop: PanelLoop, now: Double) {}
    public var pollInterests: [PollInterest] { [] }
    public var nextDeadline: Double? { nil }
    public func handle(_ event: PollEvent, now: Double) {}
    public func tick(now: Double) {}
    public func switchChanged(_ change: SwitchChange, now: Double) {}
    public func pageChanged(_ page: Int, title: String, now: Double) {}
    public func screenChanged(_ screen: ScreenStatus, source: ScreenChangeSource, now: Double) {}
    public func framePresented(damage: [IntRect], now: Double) {}
    public func configReloaded(now: Double) {}
    public func stop(now: Double) {}
}
