import CommandLineInterface
import ConfigFormat
import LinuxIO
import Panel
import PanelRuntime
import RasterPNG
import Widget

// The commands that read a board config without a display: draw its panel, check it, and the
// presets' contact sheet.

/// `switchpanel render`.
enum RenderCommand: Command {
    static let name = "render"
    static let summary = "Draws a panel at rest as the display would show it, into a PNG."
    static let details = """
        Draws the panel of BOARD.json (default: the demo panel) at rest, exactly as the display
        path shows it (the first frame of a headless session, in the display's format and
        rotation), on its home page or page N, with the states saved in DIR when given.
        """
    static let out = Option("--out", "PNG", required: true, help: "the picture to write")
    static var options: [any CommandOption] {
        [
            SharedOptions.config, out, SharedOptions.page, SharedOptions.stateDirectory, SharedOptions.rotation,
            SharedOptions.format,
        ]
    }

    static func run(_ arguments: ParsedArguments) throws -> Int32 {
        logger.threshold = .notice
        let out = arguments.value(Self.out)
        var board = try LoadedConfig.boardOrDemo(arguments[SharedOptions.config])
        try startOnPage(arguments[SharedOptions.page], &board)
        board.config.display.override(
            rotation: arguments[SharedOptions.rotation], format: arguments[SharedOptions.format])
        let frame = try renderAtRest(board, stateDirectory: arguments[SharedOptions.stateDirectory], log: logLine)
        try PNG.writeMakingDirectory(frame, to: out)
        print("rendered \(board.config.name) (\(frame.width)x\(frame.height) \(frame.format.rawValue)) to \(out)")
        return 0
    }
}

/// `switchpanel check-config`.
enum CheckConfigCommand: Command {
    static let name = "check-config"
    static let summary = "Validates a board config and prints its layout (exit 2 naming the bad field)."
    static let details = """
        Validates a board config (default: the built-in demo panel) and prints the resolved
        layout, page by page. Any error — syntax, types, unknown keys, ranges, duplicate ids, overlapping
        frames — exits 2 with the field's path and the reason. With --print, prints the checked
        config's text instead: without BOARD.json, the demo panel's, which is how the Debian
        package's /etc/switchpanel/board.json is made (one copy, in the program).
        """
    static let positionals: Positionals? = .optional("BOARD.json")
    static let printText = Flag("--print", help: "print the config's text once it is valid, not its layout")
    static var options: [any CommandOption] { [printText] }

    static func run(_ arguments: ParsedArguments) throws -> Int32 {
        let path = arguments.positionals.first
        do {
            let check = try ConfigCheck(path: path, log: logLine)
            print((arguments[Self.printText] ? [check.text] : check.report).joined(separator: "\n"))
            return 0
        } catch {  // a ConfigError, or the layout's refusal: the field's path and the reason
            writeStandardError("\(path ?? "built-in demo panel"): \(error)\n")
            return 2
        }
    }
}

/// `switchpanel presets`.
enum PresetsCommand: Command {
    static let name = "presets"
    static let summary = "Every switch preset in every state (docs/presets.png)."
    static let details = "Renders every switch preset in every state, at scale 1 and 2, into one picture."
    static let out = Option("--out", "PNG", default: "docs/presets.png", help: "the picture to write")
    static var options: [any CommandOption] { [out] }

    static func run(_ arguments: ParsedArguments) throws -> Int32 {
        let out = arguments.value(Self.out)
        let sheet = PresetContactSheet.render(renderer: SwitchRenderer(labels: labelRenderer(log: logLine)))
        try PNG.writeMakingDirectory(sheet, to: out)
        print("rendered every switch preset in every state (\(sheet.width)x\(sheet.height)) to \(out)")
        return 0
    }
}
