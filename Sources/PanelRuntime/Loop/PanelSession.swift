import ConfigFormat
import FoundationEssentials
import LinuxIO
import Panel
import Presentation
import Raster
import TouchCore
import Widget

/// A running panel, whatever drives it: the switches and their logic, the picture on a display,
/// the state on disk and the actions. The live event loop and the headless replay both drive this
/// one object, with real and recorded time respectively, so what a replay shows is what the board
/// does.
///
/// The rules it keeps: a change is saved before it is acknowledged (actions run, subscribers
/// told); an action that fails flips its switch back when the switch says so, without running
/// the actions of the flip-back; a state that cannot be saved flips back too, since it would not
/// survive a restart.
///
/// Changes flow one way: the controller returns what a touch, a key or a command changed; the
/// session saves it, then acknowledges it — its actions start, and its ``listener`` (the loop:
/// the control socket's subscribers, MQTT, Home Assistant) and ``onChange`` hear of it. The
/// loop reaches the panel through the session's own operations (PanelSession+Panel.swift), not
/// through ``controller``.
public final class PanelSession {
    public private(set) var config: BoardConfig
    public private(set) var controller: PanelController
    public private(set) var composer: FrameComposer
    public let display: DisplayOutput
    private let renderer: SwitchRenderer
    private let store: StateStore?
    public let actions: ActionRunner
    let log: (LogLevel, String) -> Void
    /// Told of every change that was acknowledged (saved), in order, and of the page shown: the
    /// loop sets itself here and passes them on to the control socket's subscribers and the
    /// services.
    public weak var listener: PanelSessionListener?
    /// Called for every change that was acknowledged (saved), in order, after the ``listener``:
    /// the replay's printout, a test's record.
    public var onChange: ((SwitchChange) -> Void)?
    /// Whether acknowledged changes start their switch's actions; false: they are only logged
    /// (the browser preview shows what would run without running it).
    public var runsActions = true
    /// Frames presented so far.
    public private(set) var framesPresented = 0
    /// Durable writes of the states so far (a burst of requests is saved once).
    public private(set) var statesSaved = 0
    /// How many changes each switch has had acknowledged: an action's outcome carries the number
    /// of the change it ran for.
    private(set) var changeNumbers: [String: Int] = [:]
    /// The states as last saved, including switches the current config does not have.
    private var persisted: [String: Bool] = [:]
    /// Called when the page the panel shows (or settles on) changes, after the ``listener``: its
    /// index and title.
    public var onPageChanged: ((Int, String) -> Void)?
    /// Switches whose device cannot be reached now (a Home Assistant entity unavailable), and
    /// why: the control socket refuses to set them, saying so. Kept by the service that knows.
    public var unavailable: [String: String] = [:]
    /// The backlight brightness (percent) last set, saved beside the states when the session
    /// has a state directory; the loop restores it at start. Nil: never set.
    public private(set) var savedBrightness: Int?

    /// Builds the panel of `config` on `display`, restoring the saved states (or the config's
    /// initial ones) without animation and without running actions.
    public init(
        config: BoardConfig, display: DisplayOutput, renderer: SwitchRenderer, store: StateStore?,
        actions: ActionRunner, log: @escaping (LogLevel, String) -> Void
    ) throws(ConfigError) {
        self.config = config
        self.display = display
        self.renderer = renderer
        self.store = store
        self.actions = actions
        self.log = log
        var restored: [String: Bool] = [:]
        if let store {
            let (states, warning) = store.restore()
            if let warning { log(.warning, warning) }
            restored = states
            persisted = states
            let (brightness, screenWarning) = store.loadBrightness()
            if let screenWarning { log(.warning, screenWarning) }
            savedBrightness = brightness
        }
        try Self.checkFits(config, display: display)
        controller = PanelController(view: try PanelView(config: config, renderer: renderer), restored: restored)
        composer = Self.composer(for: config, on: display)
        observePages()
    }

    /// The frame composer of `config`'s panel on `display`. Every frame is drawn over the theme's
    /// background; when that is opaque so is every pixel of the picture, and copies to the
    /// display need not force the alpha (a page transition copies the whole screen each frame).
    static func composer(for config: BoardConfig, on display: DisplayOutput) -> FrameComposer {
        let composer = FrameComposer(display: display, rotation: config.display.rotation)
        composer.pictureIsOpaque = config.theme.background.alpha == 255
        return composer
    }

    /// Reports the controller's page changes (logged, and to ``onPageChanged``).
    private func observePages() {
        controller.onPageChanged = { [unowned self] page in
            let title = controller.view.pages[page].title
            log(.info, "page \(page) \"\(title)\"")
            pageShown(page, title: title)
        }
    }

    /// The page shown changed: the listener, then the observer, hear of it.
    private func pageShown(_ page: Int, title: String) {
        listener?.sessionShowsPage(page, title: title)
        onPageChanged?(page, title)
    }

    /// A config whose display (turned by its rotation) is not the display's size cannot be laid out.
    private static func checkFits(_ config: BoardConfig, display: DisplayOutput) throws(ConfigError) {
        let physical = config.display.rotation.physicalSize(
            width: config.display.logicalSize.width, height: config.display.logicalSize.height)
        guard physical.width == display.width, physical.height == display.height else {
            throw ConfigError(
                "display.mode",
                "the config lays out \(physical.width)x\(physical.height) but the display is \(display.width)x\(display.height); "
                    + "set \"mode\" to \"\(display.width)x\(display.height)\"")
        }
    }

    /// Takes a new config (SIGHUP), keeping every switch's state; the display itself (card,
    /// connector, mode, format) stays as opened — those need a restart, and say so.
    public func reload(_ loaded: LoadedConfig, now: Double) throws(ConfigError) {
        let new = loaded.config
        try Self.checkFits(new, display: display)
        if new.display.card != config.display.card || new.display.connector != config.display.connector
            || new.display.format != config.display.format
        {
            log(.warning, "display card, connector and format changes take effect at the next start")
        }
        controller.cancelTouches(now: now)
        renderer.images = loaded.allImages
        let states = controller.savedStates
        let page = controller.page
        let title = controller.view.pages[page].title
        controller = PanelController(
            view: try PanelView(config: new, renderer: renderer), restored: states, now: now)
        observePages()
        // The page shown stays when the new config still has it.
        if page < controller.view.pages.count { controller.show(page: page, animated: false, now: now) }
        // Subscribers hold the page they were told of: a page gone or renamed is news.
        let shown = controller.page
        if shown != page || controller.view.pages[shown].title != title {
            pageShown(shown, title: controller.view.pages[shown].title)
        }
        composer = Self.composer(for: new, on: display)
        config = new
        log(.info, "reloaded \(new.name): \(new.switches.count) switches")
    }

    // MARK: Input

    /// Delivers a frame of contacts (logical pixels); commits the changes they make.
    public func deliver(_ events: [TouchEvent], now: Double) {
        commit(controller.handle(events), runActions: true, now: now)
    }

    /// Delivers a key or a dial's detent (the focus ring moves, or the focused switch toggles);
    /// commits the changes it makes.
    public func deliver(key: PanelKey, now: Double) {
        commit(controller.handle(key: key, now: now), runActions: true, now: now)
    }

    /// Sets a switch as `source` (the control socket, a network command), animated like a tap;
    /// returns the changes (a group's: its members' and its own; empty: unknown id, no change,
    /// or not kept because it could not be saved).
    @discardableResult
    public func set(
        _ id: String, isOn: Bool, source: ChangeSource = .socket, runActions: Bool, now: Double
    ) -> [SwitchChange] {
        let changes = controller.set(id, isOn: isOn, source: source, now: now)
        return commit(changes, runActions: runActions, now: now) ? changes : []
    }

    /// One command of a batch for ``set(_:source:now:)``.
    public struct SetCommand: Hashable, Sendable {
        public var id: String
        public var isOn: Bool
        /// Whether the switch's actions run for this command, should it be the switch's last.
        public var runActions: Bool

        public init(id: String, isOn: Bool, runActions: Bool) {
            self.id = id
            self.isOn = isOn
            self.runActions = runActions
        }
    }

    /// Sets switches as `source` (a turn's worth of network commands): the commands are applied
    /// in order, animated, then the states are saved once and each switch the batch changed is
    /// acknowledged once, with where it ended — the last command for a switch wins, and a switch
    /// sent on and back off within the batch is not acknowledged at all (nothing of it changed).
    /// A flood of commands costs one durable write a turn instead of one a command, and still no
    /// change is acknowledged (published, its actions started) before it is on disk. Returns the
    /// changes acknowledged (empty when they could not be saved: every switch goes back).
    @discardableResult
    public func set(_ commands: [SetCommand], source: ChangeSource, now: Double) -> [SwitchChange] {
        let before = controller.states
        var last: [String: (change: SwitchChange, runActions: Bool)] = [:]
        var order: [String] = []
        for command in commands {
            for change in controller.set(command.id, isOn: command.isOn, source: source, now: now) {
                if last[change.id] == nil { order.append(change.id) }
                last[change.id] = (change, command.runActions)
            }
        }
        let net = order.compactMap { id in last[id].flatMap { before[id] == $0.change.isOn ? nil : $0 } }
        return commit(net, now: now) ? net.map(\.change) : []
    }

    /// Saves once, then acknowledges in order: runs the actions and tells the subscribers.
    /// Returns false when the states could not be saved (every switch of the batch is flipped back).
    @discardableResult
    private func commit(_ changes: [SwitchChange], runActions: Bool, now: Double) -> Bool {
        commit(changes.map { ($0, runActions) }, now: now)
    }

    /// ``commit(_:runActions:now:)`` with the actions run or not change by change.
    private func commit(_ changes: [(change: SwitchChange, runActions: Bool)], now: Double) -> Bool {
        guard !changes.isEmpty else { return true }
        if let failure = saveStates() {
            for (change, _) in changes.reversed() where !controller.isGroup(change.id) {
                log(.error, "\(change.id) → \(change.isOn ? "on" : "off") not kept: \(failure)")
            }
            controller.revert(changes.map(\.change), now: now)
            return false
        }
        var outcomes: [ActionOutcome] = []
        for (change, runActions) in changes { outcomes += acknowledge(change, runActions: runActions, now: now) }
        handle(outcomes, now: now)
        return true
    }

    /// Writes every state durably; the error when it could not (nothing is acknowledged then).
    func saveStates() -> StateStoreError? {
        guard let store else { return nil }
        // States of switches not in this config (removed, or renamed back later) are kept.
        var all = persisted
        all.merge(controller.savedStates) { _, new in new }
        do {
            try store.save(all)
            persisted = all
            statesSaved += 1
            return nil
        } catch {
            return error
        }
    }

    /// Writes the brightness durably (before it is acknowledged); the error when it could not.
    func saveBrightness(_ percent: Int) -> StateStoreError? {
        do {
            try store?.saveBrightness(percent)
            savedBrightness = percent
            return nil
        } catch {
            return error
        }
    }

    /// A saved change made known: numbered, logged, published, its actions started. Returns the
    /// outcomes known at once (a program that could not start, a write that failed).
    func acknowledge(_ change: SwitchChange, runActions: Bool, now: Double) -> [ActionOutcome] {
        changeNumbers[change.id, default: 0] += 1
        log(.info, "\(change.id) → \(change.isOn ? "on" : "off") (\(change.source.rawValue))")
        listener?.sessionAcknowledged(change)
        onChange?(change)
        guard runActions, runsActions, let sw = config.switches.first(where: { $0.id == change.id }) else { return [] }
        return actions.start(
            sw.actions, switchID: change.id, isOn: change.isOn, change: changeNumbers[change.id]!, now: now)
    }

    /// Collects finished commands (SIGCHLD, a readable stderr pipe, a timeout) and handles failures.
    public func reapActions(now: Double) { handle(actions.reap(now: now), now: now) }

    func handle(_ outcomes: [ActionOutcome], now: Double) {
        for outcome in outcomes where !outcome.succeeded {
            let sw = config.switches.first { $0.id == outcome.switchID }
            log(
                .error,
                "\(outcome.switchID) → \(outcome.isOn ? "on" : "off"): action \(outcome.action.summary) failed: \(outcome.detail)"
            )
            // Only while the change this action ran for is still the switch's latest: a second
            // failure of the same change, or the late failure of a change already superseded
            // (even by one back to the same value), undoes nothing.
            guard sw?.revertOnFailure ?? false, changeNumbers[outcome.switchID] == outcome.change,
                controller.states[outcome.switchID] == outcome.isOn
            else { continue }
            // The flip-back is saved and published, but runs no actions: the failed one left the
            // device as it was. (A member's flip-back moves its groups too.)
            commit(
                controller.set(outcome.switchID, isOn: !outcome.isOn, source: .revert, now: now), runActions: false,
                now: now)
        }
    }

    // MARK: Frames

    /// Shows page `page` (animated), as a dot tap does; false when the board has no such page.
    @discardableResult
    public func show(page: Int, now: Double) -> Bool {
        guard (0..<controller.view.pages.count).contains(page) else { return false }
        controller.show(page: page, animated: true, now: now)
        return true
    }

    /// Whether a frame is wanted at `now` (something changed or animates).
    public func needsFrame(at now: Double) -> Bool {
        composer.needsFrame || !controller.damage(at: now).isEmpty
    }

    /// Paints and presents a frame if one is wanted and a buffer is free; returns whether it did.
    @discardableResult
    public func renderFrame(at now: Double) throws(DisplayError) -> Bool {
        for rect in controller.damage(at: now) { composer.invalidate(rect) }
        guard composer.needsFrame else { return false }
        let presented = try composer.composeFrame(now: now) { canvas in controller.draw(on: canvas, at: now) }
        if presented {
            controller.didPaint(at: now)
            framesPresented += 1
        }
        return presented
    }

    /// Repaints everything at the next frame (after a VT switch back, or a reload).
    public func invalidateAll() {
        composer.invalidateAll()
        controller.forgetPainted()
    }
}

extension ActionConfig {
    /// A short description for the log.
    public var summary: String {
        switch self {
        case .run(let argv, _): "run \(argv.joined(separator: " "))"
        case .write(let path, _, _): "write \(path)"
        case .print: "print"
        }
    }
}
