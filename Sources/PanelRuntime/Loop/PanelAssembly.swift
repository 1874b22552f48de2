import LinuxIO
import Panel
import Presentation

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
