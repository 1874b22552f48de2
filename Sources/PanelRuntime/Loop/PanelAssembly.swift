import LinuxIO
import Panel
import Presentation
import Raster
import TextRender
import TouchCore
import Widget

/// What a running panel is made of beyond its config: the choices `run` takes from its command
/// line and environment, and what a test substitutes.
public struct PanelOptions {
    /// Where `states.json` lives; nil: states are not saved.
    public var stateDirectory: String?
    /// The control socket's place (its directory made first when it is the user's own); nil: no
    /// control socket.
    public var socket: ControlSocketLocation?
    /// The control socket's path, in a directory that must exist; nil: no control socket.
    public var socketPath: String? {
        get { socket?.path }
        set { socket = newValue.map(ControlSocketLocation.init(path:)) }
    }
    /// Opens the board's touch and key devices when the panel is assembled: PanelDevices'
    /// `evdevInputs(directory:)` (the kernel's evdev devices, what `run` passes); nil: no devices
    /// (a test touches the panel through a ``TouchSource`` of its own, ``ScriptedTouches``).
    public var openInputs: InputOpener?
    /// Re-reads the config for SIGHUP; nil when there is no file to re-read (the demo panel).
    public var reloadConfig: (() throws -> LoadedConfig)?
    /// Where `print` actions write their JSON lines; nil: standard output, through a
    /// ``LineOutput`` the loop flushes (a reader that stops reading never stops the panel).
    public var printLine: ((String) -> Void)?
    /// The host name an MQTT panel without a configured node is named after; nil: this machine's.
    public var hostName: String?
    public var log: (LogLevel, String) -> Void

    /// Opens the input devices of a board (its `touch`, `keys` and `display` settings), logging
    /// through `log`.
    public typealias InputOpener = (_ config: BoardConfig, _ log: @escaping (LogLevel, String) -> Void) -> TouchSource

    public init(
        stateDirectory: String? = nil, socketPath: String? = nil,
        openInputs: InputOpener? = nil, reloadConfig: (() throws -> LoadedConfig)? = nil,
        printLine: ((String) -> Void)? = nil,
        log: @escaping (LogLevel, String) -> Void
    ) {
        self.stateDirectory = stateDirectory
        self.socket = socketPath.map(ControlSocketLocation.init(path:))
        self.openInputs = openInputs
        self.reloadConfig = reloadConfig
        self.printLine = printLine
        self.log = log
    }
}

/// Why a panel could not be put together.
public enum PanelAssemblyError: Error, CustomStringConvertible {
    /// The control socket could not be set up and the config does not make it optional.
    case noControlSocket(path: String, reason: ControlServerError)

    public var description: String {
        switch self {
        case .noControlSocket(let path, let reason):
            "cannot set up the control socket \(path): \(reason) (--socket PATH names another; "
                + "\"control\": {\"optional\": true} in the config runs the panel without one)"
        }
    }
}

/// A whole panel, put together in one place from a loaded config and a display: the session
/// (switches, state, actions), the touch devices, the control socket and the loop that drives
/// them. `switchpanel run`, the tests (``EmbeddedPanel``) and every later feature build the
/// panel here and nowhere else.
public final class AssembledPanel {
    public let board: LoadedConfig
    public let display: DisplayOutput & DisplaySession
    public let session: PanelSession
    /// The board's devices, when ``PanelOptions/openInputs`` is given.
    public let inputs: TouchSource?
    public let control: ControlServer?
    public let loop: PanelLoop
    /// The panel on its MQTT broker (idle while the config names none).
    public let mqtt: MQTTService
    /// The switches bound to Home Assistant entities (idle while the config binds none).
    public let homeAssistant: HomeAssistantService

    /// Builds the panel; the display is opened by the caller (PanelDevices' `openDisplay`), since
    /// what to do without one is the caller's choice. A control socket that cannot be set up
    /// fails the assembly (``PanelAssemblyError/noControlSocket(path:reason:)``), unless the
    /// config's `control.optional` says the panel may run without one (then it is a warning).
    public init(
        board: LoadedConfig, display: DisplayOutput & DisplaySession, options: PanelOptions,
        touches: TouchSource? = nil, poller: Poller = SystemPoller()
    ) throws {
        self.board = board
        self.display = display
        let config = board.config
        let log = options.log
        let output = options.printLine == nil ? LineOutput(warn: { log(.warning, $0) }) : nil
        session = try PanelSession(
            config: config, display: display, renderer: panelRenderer(for: board, log: options.log),
            store: options.stateDirectory.map(StateStore.init),
            actions: ActionRunner(printLine: options.printLine ?? { output!.write($0) }), log: options.log)
        inputs = options.openInputs.map { $0(config, options.log) }
        var control: ControlServer?
        if let location = options.socket {
            let path = location.path
            do {
                try location.prepare()
                control = try ControlServer(path: path)
                options.log(.info, "control socket \(path)")
            } catch  where config.control.optional {
                options.log(.warning, "no control socket (control.optional is true): \(error)")
            } catch {
                throw PanelAssemblyError.noControlSocket(path: path, reason: error)
            }
        }
        self.control = control
        loop = try PanelLoop(
            session: session, display: display, inputs: touches ?? inputs, control: control,
            reloadConfig: options.reloadConfig, poller: poller, log: options.log)
        loop.output = output
        // Always served: a reload may add a broker to a board that had none.
        mqtt = MQTTService(board: config, hostName: options.hostName ?? hostName(), log: options.log)
        loop.add(mqtt)
        homeAssistant = HomeAssistantService(board: config, log: options.log)
        loop.add(homeAssistant)
    }

    /// Releases what the panel holds that the kernel would not clean up as quickly: the touch
    /// grabs, the socket file, the actions' process groups. The display is the caller's.
    public func close() {
        inputs?.closeAll()
        control?.close()
        session.actions.terminateAll()
    }
}

/// The in-memory display a config asks for (its mode, format and refresh rate).
public func headlessDisplay(for config: BoardConfig) -> HeadlessDisplay {
    HeadlessDisplay(
        width: config.display.width, height: config.display.height, format: config.display.format,
        refreshRate: config.display.refreshRate ?? 60)
}

/// The switch renderer for a board: the built-in artwork with the config's own images, and the
/// theme's font for labels.
public func panelRenderer(for board: LoadedConfig, log: (LogLevel, String) -> Void) -> SwitchRenderer {
    SwitchRenderer(images: board.allImages, labels: labelRenderer(family: board.config.theme.font, log: log))
}

/// Switch labels are drawn with DejaVu Sans, or the theme's font (a family, or a file by its
/// path); a character it lacks (a CJK label) brings the installed font that has it when a label
/// first needs it. Without the font the panel still runs, with a warning and no labels.
public func labelRenderer(family: String? = nil, log: (LogLevel, String) -> Void) -> LabelRenderer? {
    do {
        let renderer: TextRenderer
        if let family, family.hasPrefix("/") {
            renderer = TextRenderer(primary: try FontFace(path: family))
        } else if family == nil, let dejaVu = try? FontFace(path: debianDejaVuSans) {
            renderer = TextRenderer(primary: dejaVu)
        } else {
            renderer = try TextRenderer.system(family: family ?? "DejaVu Sans")
        }
        renderer.findsFallbacksOnSystem()
        return renderer
    } catch {
        log(.warning, "no fonts for switch labels (\(error)); drawing without labels")
        return nil
    }
}

/// Where Debian's fonts-dejavu-core (a dependency of the package) puts DejaVu Sans, the file
/// fontconfig finds for "DejaVu Sans" there: opened directly, so that a panel whose labels it
/// covers never starts fontconfig (24 M of the 65 M instructions to the demo's first frame, a
/// second of a start under emulation). Elsewhere fontconfig finds the family.
let debianDejaVuSans = "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf"

/// A board's panel at rest exactly as the display path shows it: the first frame of a headless
/// session, in the display's format and rotation, with the states saved in `stateDirectory`
/// when given (what a board shows after a restart).
public func renderAtRest(
    _ board: LoadedConfig, stateDirectory: String? = nil, log: @escaping (LogLevel, String) -> Void
) throws -> Image {
    let display = headlessDisplay(for: board.config)
    let session = try PanelSession(
        config: board.config, display: display, renderer: panelRenderer(for: board, log: log),
        store: stateDirectory.map(StateStore.init), actions: ActionRunner(), log: log)
    try session.renderFrame(at: 0)
    _ = try display.dispatchEvents(now: 1)
    guard let frame = display.snapshot() else {
        throw DisplayError(call: "present", errno: 0, message: "the headless display presented no frame")
    }
    return frame
}
