import CommandLineInterface
import DRM
import LinuxIO
import Panel
import PanelDevices
import PanelRuntime
import Presentation
import Preview
import RasterPNG

/// `switchpanel run`.
enum RunCommand: Command {
    static let name = "run"
    static let summary = """
        The panel: a board config (default: the built-in demo) on the DRM display, live
        touch, actions, saved states, the control socket; until SIGTERM. Without a
        display it says so and replays a bundled recording of nine real taps instead.
        """
    static let details = """
        Runs the panel of BOARD.json (without it, the built-in demo panel) until SIGINT or
        SIGTERM: the display of the config's display section (DRM/KMS, double-buffered, page
        flips), every touchscreen it names (else every one found; hot-plugged ones too), the
        switches' actions, their states saved in DIR (default $STATE_DIRECTORY, else not saved),
        and the control socket (default $RUNTIME_DIRECTORY/control.sock under systemd, else
        $XDG_RUNTIME_DIR/switchpanel/control.sock, else /tmp/switchpanel-UID/control.sock, the
        directory made 0700 and checked to be the user's own). SIGHUP re-reads the config,
        keeping the states. Under systemd it reports READY=1 once the first frame is on screen
        and pings the watchdog.

        Where there is no display at all (no /dev/dri), it says so and runs headless instead:
        it replays a bundled recording of nine real taps against the panel, prints every value
        change and writes the final frame to PNG (--out, default out/panel.png).
        """
    static let headless = Flag(
        "--headless", help: "run the live panel on an in-memory display (real touch, socket, actions)")
    static let socket = Option("--socket", "PATH", help: "the control socket's path")
    static let verbose = Flag(
        "--verbose", short: "-v", help: "debug lines: every frame's touch-to-glass latency, idle, devices")
    static let out = Option("--out", "PNG", help: "headless, write the last frame there")
    static let preview = PreviewCommand.listenOption(
        name: "--preview", help: "also serve the browser preview of the live panel there (see `preview --help`)")
    static var options: [any CommandOption] {
        [
            SharedOptions.config, headless, SharedOptions.stateDirectory, socket, verbose, out, SharedOptions.rotation,
            SharedOptions.format, preview,
        ]
    }

    /// `switchpanel run`: the panel on the display, or — where there is none — headless.
    ///
    /// With a display (or `--headless`), the live event loop runs until SIGTERM: touches from the
    /// board's devices, state under `--state-dir` (systemd's $STATE_DIRECTORY), actions, the control
    /// socket, SIGHUP reload, READY=1 and watchdog pings for systemd. Without a display (no
    /// /dev/dri, no card), and not asked for `--headless`, it says so and replays the bundled touch
    /// recording against the panel instead, prints the value changes and writes the final frame to
    /// PNG: what a fresh clone on a laptop or CI can show. A display that exists but cannot be used
    /// (permissions, another DRM master, no connected screen) is an error that names the fix.
    static func run(_ arguments: ParsedArguments) throws -> Int32 {
        // First, before any other thread or child exists: the notifier takes its variables out of
        // the environment the actions inherit.
        let notifier = SystemdNotifier.fromEnvironment()
        // The loop owns the signalfd and restores the signal mask when it goes away; it must outlive
        // every cleanup below (declared first, this runs last), or a second Ctrl-C during shutdown
        // would kill the process before the display is restored.
        var loopAlive: PanelLoop?
        defer { withExtendedLifetime(loopAlive) {} }
        logger.isVerbose = arguments[verbose]
        /// The board with the command line's display overrides, at start and at every SIGHUP.
        func loadOverridden(_ path: String?) throws -> LoadedConfig {
            var board = try loadBoard(path)
            board.config.display.override(
                rotation: arguments[SharedOptions.rotation], format: arguments[SharedOptions.format])
            return board
        }
        let board = try loadOverridden(arguments[SharedOptions.config])
        let config = board.config
        let display: DisplayOutput & DisplaySession
        do {
            display = try openDisplay(config, headless: arguments[headless])
        } catch let error as DRMError where error.meansNoDisplayHere {
            logger.notice("\(error)")
            logger.notice("running headless: replaying the bundled recording \(DemoRecording.name) against the panel")
            if !arguments[verbose] { logger.threshold = .notice }  // the replay prints each change itself
            let recording = try readRecording(
                DemoRecording.events, named: DemoRecording.name, description: DemoRecording.description)
            try replay(recording, board: board, framesDirectory: nil, out: arguments[out] ?? "out/panel.png")
            return 0
        }
        defer {
            display.close()
            for problem in (display as? DRMDisplay)?.closeProblems ?? [] {
                logger.warning("restoring the display: \(problem)")
            }
        }
        if let headless = display as? HeadlessDisplay {
            logger.notice("running headless on an in-memory \(headless.width)x\(headless.height) display")
        } else if let drm = display as? DRMDisplay {
            logger.info(drm.summary)
        }

        var panelOptions = PanelOptions.service(
            stateDirectory: arguments[SharedOptions.stateDirectory], socketPath: arguments[socket],
            environment: processEnvironment(),
            reloadConfig: arguments[SharedOptions.config].map { path in { try loadOverridden(path) } }, log: logLine)
        panelOptions.openInputs = evdevInputs()
        if panelOptions.stateDirectory == nil {
            logger.notice("no --state-dir: switch states will not survive a restart")
        }
        let panel = try AssembledPanel(board: board, display: display, options: panelOptions)
        defer { panel.close() }
        let loop = panel.loop
        loopAlive = loop
        loop.logsFrames = arguments[verbose]
        // The VT only now: the loop's signalfd already blocks SIGUSR1/SIGUSR2, which a VT switch
        // would otherwise deliver as fatal signals.
        if let drm = display as? DRMDisplay, let warning = drm.attachVirtualTerminal() { logger.notice(warning) }
        loop.report(to: notifier, switches: config.switches.count)
        if let address = arguments[preview] {
            _ = try startPreview(
                on: loop, address: address, runsActions: true, boardPath: arguments[SharedOptions.config])
        }
        let signal = try loop.run()
        try? notifier.stopping()
        if let summary = loop.latencySummary { logger.info(summary) }
        if let out = arguments[out], let image = (display as? HeadlessDisplay)?.snapshot() {
            try PNG.writeMakingDirectory(image, to: out)
        }
        return signal == SignalNumber.interrupt || signal == SignalNumber.terminate ? 0 : 1
    }
}
