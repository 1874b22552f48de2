import LinuxIO

extension PanelOptions {
    /// The options of a panel run as a service: its states in `stateDirectory`, else systemd's
    /// $STATE_DIRECTORY (neither: not saved); its control socket at `socketPath`, else the
    /// standard place ($RUNTIME_DIRECTORY, $XDG_RUNTIME_DIR/switchpanel, /tmp/switchpanel-UID).
    public static func service(
        stateDirectory: String?, socketPath: String?, environment: [String: String],
        reloadConfig: (() throws -> LoadedConfig)?, log: @escaping (LogLevel, String) -> Void
    ) -> PanelOptions {
        var options = PanelOptions(
            stateDirectory: stateDirectory ?? environment["STATE_DIRECTORY"], reloadConfig: reloadConfig, log: log)
        options.socket =
            socketPath.map(ControlSocketLocation.init(path:))
            ?? ControlSocketLocation.standard(environment: environment)
        return options
    }
}
