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
        logger.isVerbose = arguments[verbose]
        /// The board with the command line's display overrides, at start and at every SIGHUP.
        func loadOverridden(_ path: String?) throws -> LoadedConfig {
            var board = try LoadedConfig.boardOrDemo(path)
            board.config.display.override(
                rotation: arguments[SharedOptions.rotation], format: arguments[SharedOptions.format])
            return board
        }
        let board = try loadOverridden(arguments[SharedOptions.config])
        let display: DisplayOutput & DisplaySession
        do {
            display = try openDisplay(board.config, headless: arguments[headless])
        } catch let error as DRMError where error.meansNoDisplayHere {
            logger.notice("\(error)")
            logger.notice("running headless: replaying the bundled recording \(DemoRecording.name) against the panel")
            if !arguments[verbose] { logger.threshold = .notice }  // the replay prints each change itself
            let recording = try readRecording(
                DemoRecording.events, named: DemoRecording.name, description: DemoRecording.description)
            try replay(recording, board: board, framesDirectory: nil, out: arguments[out] ?? "out/panel.png")
            return 0
        }
        var panel = LivePanel(
            board: board,
            options: .service(
                stateDirectory: arguments[SharedOptions.stateDirectory], socketPath: arguments[socket],
                environment: processEnvironment(),
                reloadConfig: arguments[SharedOptions.config].map { path in { try loadOverridden(path) } },
                log: logLine))
        panel.logsFrames = arguments[verbose]
        panel.keepsLastFrame = arguments[out] != nil
        let ending = try panel.run(on: display, notifier: notifier, log: logLine) { loop in
            if let address = arguments[preview] {
                _ = try startPreview(
                    on: loop, address: address, runsActions: true, boardPath: arguments[SharedOptions.config])
            }
        }
        if let out = arguments[out], let image = ending.lastFrame { try PNG.writeMakingDirectory(image, to: out) }
        return ending.exitStatus
    }
}
