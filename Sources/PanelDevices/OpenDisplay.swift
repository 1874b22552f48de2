import DRM
import Panel
import PanelRuntime
import Presentation

/// The display of `config`: its DRM card, connector and mode, or the in-memory one for
/// `headless` (the config's mode and refresh rate).
public func openDisplay(_ config: BoardConfig, headless: Bool) throws -> DisplayOutput & DisplaySession {
    if headless { return headlessDisplay(for: config) }
    return try DRMDisplay.open(
        card: config.display.card, connector: config.display.connector, mode: config.display.mode,
        format: config.display.format)
}
