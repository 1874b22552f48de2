import DRM
import LinuxIO
import Panel
import PanelRuntime
import Presentation
import Raster

/// `switchpanel run`'s live panel on a display it was given: the board's evdev inputs, the
/// control socket, states and actions of `options`, the VT (on DRM), systemd's READY=1, reload
/// and watchdog through `notifier`, until SIGINT or SIGTERM.
///
/// The order is the point of this type: the loop (which owns the signalfd and the signal mask)
/// outlives the display's restore, so a second Ctrl-C during shutdown cannot kill the process
/// with the screen still taken; and the VT is attached only once the loop's signalfd blocks
/// SIGUSR1/SIGUSR2, which a VT switch would otherwise deliver as fatal signals.
public struct LivePanel {
    /// What ended the panel: the signal (nil: the loop ended by itself) and, when asked for, the
    /// last frame of an in-memory display.
    public struct Ending {
        public var signal: Int32?
        public var lastFrame: Image?
        /// 0 for an end asked for by SIGINT or SIGTERM, else 1 (the program's exit status).
        public var exitStatus: Int32 {
            signal == SignalNumber.interrupt || signal == SignalNumber.terminate ? 0 : 1
        }
    }

    public var board: LoadedConfig
    public var options: PanelOptions
    /// Logs every frame's timing (`run --verbose`).
    public var logsFrames = false
    /// Keeps the last frame of a headless display for ``Ending/lastFrame``.
    public var keepsLastFrame = false

    /// The panel of `board` with `options`; the board's evdev devices are its inputs unless
    /// `options` already names others.
    public init(board: LoadedConfig, options: PanelOptions) {
        self.board = board
        self.options = options
        if self.options.openInputs == nil { self.options.openInputs = evdevInputs() }
    }

    /// Runs the panel on `display` (closed, and its restore problems logged, before this
    /// returns); `addServices` adds what else runs on the loop (the browser preview).
    public func run(
        on display: DisplayOutput & DisplaySession, notifier: SystemdNotifier,
        log: @escaping (LogLevel, String) -> Void, addServices: (PanelLoop) throws -> Void = { _ in }
    ) throws -> Ending {
        var loopAlive: PanelLoop?
        defer { withExtendedLifetime(loopAlive) {} }
        defer {
            display.close()
            for problem in (display as? DRMDisplay)?.closeProblems ?? [] {
                log(.warning, "restoring the display: \(problem)")
            }
        }
        if let headless = display as? HeadlessDisplay {
            log(.notice, "running headless on an in-memory \(headless.width)x\(headless.height) display")
        } else if let drm = display as? DRMDisplay {
            log(.info, drm.summary)
        }
        if options.stateDirectory == nil { log(.notice, "no --state-dir: switch states will not survive a restart") }
        let panel = try AssembledPanel(board: board, display: display, options: options)
        defer { panel.close() }
        let loop = panel.loop
        loopAlive = loop
        loop.logsFrames = logsFrames
        if let drm = display as? DRMDisplay, let warning = drm.attachVirtualTerminal() { log(.notice, warning) }
        loop.report(to: notifier, switches: board.config.switches.count)
        try addServices(loop)
        let signal = try loop.run()
        try? notifier.stopping()
        if let summary = loop.latencySummary { log(.info, summary) }
        return Ending(signal: signal, lastFrame: keepsLastFrame ? (display as? HeadlessDisplay)?.snapshot() : nil)
    }
}
