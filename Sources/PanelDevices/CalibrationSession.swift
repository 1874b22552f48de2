import Evdev
import LinuxIO
import Panel
import PanelRuntime
import Presentation
import Raster
import TouchCore
import Widget

/// `switchpanel calibrate` on the panel's loop: five targets (four corners and the centre)
/// drawn one after the other on the board's display, a touch taken on each from the board's
/// touch device, and libinput's six-number matrix fitted to them by least squares. The loop is
/// `PanelLoop` — signals, display events and flips, the device's descriptor — with the
/// targets as its `ScreenTakeover`; no loop of its own, so a Ctrl-C or a VT switch is handled
/// as the panel handles them, and in virtual time (an `EmbeddedPoller`) a test drives it.
///
/// The config's swap, invert and rotation stay as they are; the matrix corrects what remains.
public final class CalibrationSession {
    public let loop: PanelLoop
    private let screen: CalibrationScreen

    /// The targets and the touches taken so far.
    public var procedure: CalibrationProcedure { screen.procedure }

    /// A calibration of `config`'s touchscreen `device` (as the device describes itself, its
    /// axes remapped when it reports position on others) on `display`. `reading` is the device
    /// to read from (nil: events come from ``feed(_:)``, a test's); `initialSlot` its current
    /// slot. The loop logs only its warnings and errors (its frames are not the panel's).
    public init(
        config: BoardConfig, display: DisplayOutput & DisplaySession, device: DeviceDescription, initialSlot: Int?,
        reading: InputDevice?, poller: Poller = SystemPoller(), log: @escaping (LogLevel, String) -> Void
    ) throws {
        var device = device
        if let remap = device.suggestedAxisRemap { device = device.remappingAxes(remap) }
        var config = config
        // The targets stay lit until every one is touched; nothing runs.
        config.screen.blankAfter = nil
        config.removeActions()
        let base = try config.touch.calibration(for: device, display: config.display)
        let machine = try TouchStateMachine(
            device: device, calibration: CalibrationProcedure.rawCalibration(for: base),
            filters: config.touch.filters, initialSlot: initialSlot)
        let labels = labelRenderer(family: config.theme.font, log: log)
        let panel = try PanelSession(
            config: config, display: display, renderer: SwitchRenderer(labels: labels), store: nil,
            actions: ActionRunner(), log: log)
        screen = CalibrationScreen(
            procedure: CalibrationProcedure(base: base), machine: machine, device: reading, theme: config.theme,
            labels: labels, composer: panel.composer, log: log)
        loop = try PanelLoop(
            session: panel, display: display, inputs: screen, reloadConfig: nil, poller: poller,
            log: { level, message in if level <= .warning { log(level, message) } })
        loop.takeover = screen
    }

    /// The device to calibrate: the one `name` names, else the config's (or the only
    /// touchscreen when none of those is present, as `run` does), else the first touchscreen.
    public static func chooseDevice(named name: String?, config: BoardConfig, log: (LogLevel, String) -> Void)
        throws -> DiscoveredDevice
    {
        let wanted = (name.map { [$0] } ?? config.touch.devices).compactMap(DeviceMatch.init)
        let found = try InputDiscovery.scan()
        let selection = InputDiscovery.select(wanted, among: found)
        guard let chosen = selection.devices.first else {
            throw DeviceChoiceError(InputDiscovery.noneWanted(wanted, among: found))
        }
        if let fallback = selection.fallback { log(.warning, InputDiscovery.fallbackWarning(wanted, taken: fallback)) }
        return chosen
    }

    /// Runs until every target is touched, and returns the fitted matrix; nil when a signal
    /// (SIGINT, SIGTERM) ended it first, or — in virtual time — the poller's horizon came.
    public func run() throws -> CalibrationMatrix? {
        let signal = try loop.run()
        if let failure = screen.failure { throw failure }
        guard signal == nil, procedure.isComplete else { return nil }
        return try procedure.result()
    }

    /// Events from the device as if it had sent them now (a test's scripted touchscreen: the
    /// events' times are replaced by the loop's clock).
    public func feed(_ events: [InputEvent]) {
        let now = loop.clock.now
        screen.take(
            events.flatMap { event in
                var event = event
                event.time = now
                return screen.machine.feedExpiring(event)
            })
    }
}

/// The targets on the screen and the touches that hit them: the loop's `TouchSource` (the
/// device, read with the raw calibration the fit needs) and its `ScreenTakeover`.
final class CalibrationScreen: TouchSource, ScreenTakeover {
    private(set) var procedure: CalibrationProcedure
    var machine: TouchStateMachine
    private let device: InputDevice?
    private let theme: ThemeConfig
    private let labels: LabelRenderer?
    private let composer: FrameComposer
    private let log: (LogLevel, String) -> Void
    /// The device failed (unplugged): the loop ends and ``CalibrationSession/run()`` throws it.
    private(set) var failure: EvdevError?

    init(
        procedure: CalibrationProcedure, machine: TouchStateMachine, device: InputDevice?, theme: ThemeConfig,
        labels: LabelRenderer?, composer: FrameComposer, log: @escaping (LogLevel, String) -> Void
    ) {
        self.procedure = procedure
        self.machine = machine
        self.device = device
        self.theme = theme
        self.labels = labels
        self.composer = composer
        self.log = log
        composer.invalidateAll()
    }

    var isFinished: Bool { procedure.isComplete || failure != nil }

    /// Each frame that completes a touch on the current target takes it; the next target is drawn.
    func take(_ frames: [[TouchEvent]]) {
        for frame in frames where procedure.handle(frame) {
            log(.info, "target \(procedure.samples.count) of \(procedure.targets.count) taken")
            composer.invalidateAll()
        }
    }

    func renderFrame(at now: Double) throws(DisplayError) -> Bool {
        try composer.composeFrame(now: now, draw: draw)
    }

    private func draw(_ canvas: Canvas) {
        canvas.clear(theme.background)
        guard let target = procedure.currentTarget else { return }
        let ink = theme.textColor
        canvas.stroke(.circle(center: target, radius: 14), width: 2, alignment: .center, .solid(ink))
        canvas.fill(.rect(Rect(x: target.x - 22, y: target.y - 1, width: 44, height: 2)), ink)
        canvas.fill(.rect(Rect(x: target.x - 1, y: target.y - 22, width: 2, height: 44)), ink)
        if let labels {
            let text = "Touch the target (\(procedure.samples.count + 1) of \(procedure.targets.count))"
            let m = labels.measure(text, pixelSize: 20)
            labels.draw(
                text, pixelSize: 20, color: ink,
                baselineAt: Point((Double(composer.logicalWidth) - m.width) / 2, Double(composer.logicalHeight) * 0.3),
                on: canvas)
        }
    }

    // MARK: TouchSource

    var pollHandles: [PollHandle] { device.map { [$0.pollHandle] } ?? [] }
    var nextDeadline: Double? { nil }

    func handleReadable(_ handle: PollHandle, now: Double) -> [[TouchEvent]] {
        guard let device else { return [] }
        do {
            take(machine.take(try device.readAvailable()))
        } catch {
            failure = error
        }
        return []  // the panel behind the targets gets no touch
    }

    func expire(now: Double) -> [[TouchEvent]] { [] }
    func takeKeys() -> [KeyPress] { [] }
    func reconfigure(touch: TouchConfig, keys: KeysConfig, display: DisplayConfig, now: Double) -> [[TouchEvent]] {
        []
    }
    func setGrabbed(_ grabbed: Bool) {
        if grabbed { try? device?.grab() } else { try? device?.ungrab() }
    }
    /// The device is the caller's (`switchpanel calibrate` opened it and closes it).
    func closeAll() {}
}
