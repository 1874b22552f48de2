import LinuxIO
import Panel
import Presentation
import Raster
import TouchCore

/// A whole panel in virtual time, for tests (the model is swift-nio's `EmbeddedEventLoop`): the
/// panel ``AssembledPanel`` builds for `run`, on the in-memory display, with an
/// `EmbeddedPoller` on a `VirtualClock`. ``advance(by:)`` runs the real loop — frames,
/// deadlines, the control socket, actions, blanking, the watchdog — while time jumps from one
/// deadline to the next, so "five idle minutes, then the screen is blank" takes microseconds.
///
/// Touches go through a scripted touchscreen (``ScriptedTouches``: the same state machine a
/// device's events go through) or, already decoded, through ``touch(_:)``.
public final class EmbeddedPanel {
    public let clock: VirtualClock
    public let poller: EmbeddedPoller
    public let panel: AssembledPanel
    public let display: HeadlessDisplay
    /// The scripted touchscreen, when one was given.
    public let touchscreen: ScriptedTouches?
    /// The scripted keyboard or dial, when one was given.
    public let keyboard: ScriptedKeys?
    public var loop: PanelLoop { panel.loop }
    public var session: PanelSession { panel.session }

    /// The panel of `board` on an in-memory display of its size, starting at virtual time `start`.
    /// `options.openInputs` is ignored: touches come from `touchscreen` or ``touch(_:)``, keys
    /// from `keyboard` (``press(_:)``) or ``loop``'s ``PanelLoop/deliverKeys(_:)``.
    public init(
        board: LoadedConfig, options: PanelOptions, touchscreen: DeviceDescription? = nil,
        keyboard: DeviceDescription? = nil, start: Double = 1000
    ) throws {
        clock = VirtualClock(now: start)
        poller = EmbeddedPoller(clock: clock)
        display = headlessDisplay(for: board.config)
        self.touchscreen = try touchscreen.map { try ScriptedTouches(device: $0, config: board.config) }
        self.keyboard = try keyboard.map { try ScriptedKeys(device: $0, config: board.config) }
        var options = options
        options.openInputs = nil
        panel = try AssembledPanel(
            board: board, display: display, options: options, touches: self.touchscreen, poller: poller)
    }

    /// Runs the loop until virtual time has moved `seconds` on, handling whatever is ready and
    /// every deadline on the way. Returns the signal that ended the loop (SIGTERM), else nil.
    @discardableResult
    public func advance(by seconds: Double = 0) throws -> Int32? {
        poller.horizon = clock.now + seconds
        defer { clock.advance(to: poller.horizon) }
        return try loop.run()
    }

    /// Runs exactly one turn of the loop: it paints what is due, waits once (without moving
    /// time past now) and handles what that wait returned.
    @discardableResult
    public func turn() throws -> Int32? {
        poller.waitsLeft = 1
        defer { poller.waitsLeft = nil }
        return try advance(by: 0)
    }

    /// Runs the loop on real descriptors until `condition` holds or `realTimeout` seconds pass
    /// (a child process exiting, a socket peer writing): the loop waits up to 10 ms at a time for
    /// them, and virtual time moves on as much as real time did, so what the loop would do in
    /// that time happens too (a look again at a child whose exit went unnoticed, a timeout of the
    /// thing waited for). True when the condition held.
    public func run(untilReal condition: () -> Bool, realTimeout: Double = 10) throws -> Bool {
        var last = monotonicNow()
        let giveUp = last + realTimeout
        poller.realWait = 0.01
        defer {
            poller.realWait = 0
            poller.realDeadline = nil
        }
        while !condition() {
            let now = monotonicNow()
            if now > giveUp { return false }
            // Back to the condition within 50 ms however busy the descriptors are (not set while
            // the condition runs, which may advance the loop itself).
            poller.realDeadline = now + 0.05
            try advance(by: now - last)
            poller.realDeadline = nil
            last = now
        }
        return true
    }

    /// Hands decoded touch frames to the loop now (contact ids, phases, panel positions).
    public func touch(_ frames: [[TouchEvent]]) {
        loop.deliverTouches(frames)
    }

    /// Feeds evdev events to the scripted touchscreen, stamped with the virtual time now (the
    /// events' own times are replaced, so a script need not know the clock).
    public func feed(_ events: [InputEvent]) {
        guard let touchscreen else { preconditionFailure("feed needs a touchscreen description") }
        loop.deliverTouches(touchscreen.feed(stamped(events)))
    }

    /// `events` with the virtual time now (a script need not know the clock).
    private func stamped(_ events: [InputEvent]) -> [InputEvent] {
        let now = clock.now
        return events.map { event in
            var event = event
            event.time = now
            return event
        }
    }

    /// Feeds evdev events to the scripted keyboard, stamped with the virtual time now.
    public func press(_ events: [InputEvent]) {
        guard let keyboard else { preconditionFailure("press needs a keyboard description") }
        loop.deliverKeys(keyboard.feed(stamped(events)))
    }

    /// What the screen shows now.
    public var screen: Image? { display.snapshot() }
}
