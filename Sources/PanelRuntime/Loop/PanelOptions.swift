import LinuxIO
import Panel

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
    /// `LineOutput` the loop flushes (a reader that stops reading never stops the panel).
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
