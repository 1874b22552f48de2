import CommandLineInterface
import LinuxIO
import Panel
import PanelRuntime
import Preview
import PreviewServer

/// `switchpanel preview`.
enum PreviewCommand: Command {
    static let name = "preview"
    static let summary = "A live, touchable preview of a board in the browser, reloading as the config is saved."
    static let details = """
        Runs the panel of BOARD.json on an in-memory display and serves it to a browser: the
        screen pixel for pixel (what `render` draws), touchable with the mouse or fingers
        (through the same touch path as the glass), each switch's state, the value changes and
        the actions they would run (run only with --actions). Saving the config reloads the
        panel, keeping the states; a config check-config refuses keeps the last good panel and
        shows the message over it until the file is fixed. On an address other than loopback,
        the URLs printed at start carry an access token: one may view, the other also touch.
        """
    static let listen = Self.listenOption(default: "127.0.0.1:8080", help: "where to serve the page")
    static let actions = Flag("--actions", help: "run the switches' actions (default: show them, not run them)")
    static var options: [any CommandOption] { [SharedOptions.config, listen, actions, SharedOptions.stateDirectory] }

    static func listenOption(default value: String? = nil, name: String = "--listen", help: String)
        -> Option<ListenAddress>
    {
        Option(
            name, "HOST:PORT", default: value, help: help,
            expected: "an IP address and port, such as 127.0.0.1:8080 or [::1]:8080 (port 0: any free one)",
            convert: { try? ListenAddress(parsing: $0) })
    }

    static func run(_ arguments: ParsedArguments) throws -> Int32 {
        let path = arguments[SharedOptions.config]
        let runsActions = arguments[actions]
        let board = try LoadedConfig.boardOrDemo(path)
        let display = headlessDisplay(for: board.config)
        let panel = try AssembledPanel(
            board: board, display: display,
            options: PanelOptions(
                stateDirectory: arguments[SharedOptions.stateDirectory],
                reloadConfig: path.map { path in { try LoadedConfig.read(path: path) } }, log: logLine))
        defer { panel.close() }
        panel.session.runsActions = runsActions
        let preview = try startPreview(
            on: panel.loop, address: arguments.value(listen), runsActions: runsActions, boardPath: path)
        if let path {
            let watcher = try ConfigFileWatcher(path: path, onProblem: { preview.showConfigProblem($0) }, log: logLine)
            panel.loop.add(watcher)
            logger.notice("watching \(path): each save reloads the panel")
        }
        let signal = try panel.loop.run()
        return signal == SignalNumber.interrupt || signal == SignalNumber.terminate ? 0 : 1
    }
}

/// Starts the browser preview on `loop` and prints its URLs (stdout, one line each);
/// `boardPath`, the config's file (nil: the built-in demo), is what a saved scenario names.
func startPreview(on loop: PanelLoop, address: ListenAddress, runsActions: Bool, boardPath: String?) throws
    -> PreviewService
{
    let preview = try PreviewService(
        address: address, access: PreviewAccess.for(address), runsActions: runsActions, boardPath: boardPath,
        log: logLine)
    loop.add(preview)
    for (purpose, url) in preview.urls { print("preview (\(purpose)): \(url)") }
    if !address.isLoopback { logger.notice("preview on \(address): only the URLs above (with their tokens) open it") }
    return preview
}
