import ConfigFormat
import LinuxIO
import Panel

/// `switchpanel check-config`'s work: a board config (or the built-in demo panel) read and
/// checked as the running panel reads it, its layout and what does not fit.
public struct ConfigCheck {
    /// The checked config's text (the demo panel's own without a path), without a final newline.
    public var text: String
    /// The config's name and layout page by page, then each label or title that does not fit,
    /// measured as the panel draws them: one line each.
    public var report: [String]

    /// Reads and checks the config at `path` (nil: the demo panel); throws the first problem
    /// (a `ConfigError` naming the field, or the panel's refusal of its layout).
    public init(path: String?, log: (LogLevel, String) -> Void) throws {
        let board: LoadedConfig
        var text = DemoPanel.json
        if let path {
            board = try LoadedConfig.read(path: path)
            text = String(decoding: try readConfigFile(path), as: UTF8.self)
        } else {
            board = LoadedConfig(config: try BoardConfig.parse(DemoPanel.json))
        }
        self.text = text.hasSuffix("\n") ? String(text.dropLast()) : text
        let config = board.config
        let view = try PanelView(config: config, renderer: panelRenderer(for: board, log: log))
        report = ["\(path ?? "built-in demo panel"): OK — \(config.name)", try PanelLayout.summary(of: config)]
        report += view.fitWarnings
    }
}

extension LoadedConfig {
    /// The board config at `path` with the files it names, or the built-in demo panel (nil).
    public static func boardOrDemo(_ path: String?) throws -> LoadedConfig {
        if let path { return try LoadedConfig.read(path: path) }
        return LoadedConfig(config: try DemoPanel.config())
    }
}
