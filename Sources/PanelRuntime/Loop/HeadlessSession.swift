import LinuxIO
import Panel

/// A panel on the in-memory display: what `run` shows without a screen, what `replay` and the
/// benchmarks drive.
public func headlessSession(
    _ board: LoadedConfig, store: StateStore? = nil, log: @escaping (LogLevel, String) -> Void
) throws -> PanelSession {
    try PanelSession(
        config: board.config, display: headlessDisplay(for: board.config),
        renderer: panelRenderer(for: board, log: log),
        store: store, actions: ActionRunner(), log: log)
}
