import CommandLineInterface
import FoundationEssentials
import LinuxIO
import PanelRuntime
import RasterPNG

/// `switchpanel replay`.
enum ReplayCommand: Command {
    static let name = "replay"
    static let summary = "Plays an evemu recording against a panel, headless, on its own timestamps."
    static let details = """
        Plays an evemu recording (evemu-record's format; the device from its header or --desc)
        against the panel of BOARD.json (default: the demo panel), headless, on the recording's
        own timestamps: every event through the touch state machine a live device uses (a
        keyboard's or a dial's recording: through the key decoder, moving the focus ring), every
        change through the panel's session (actions included). Prints each value change.
        """
    static let positionals: Positionals? = .one("RECORDING.events")
    static let deviceDescription = Option(
        "--desc", "DEVICE.desc", help: "the device's description, when not in the recording")
    static let frames = Option("--frames", "DIR", help: "write every presented frame there as PNG")
    static let out = Option("--out", "PNG", default: "out/replay.png", help: "write the final frame there")
    static var options: [any CommandOption] {
        [SharedOptions.config, SharedOptions.page, deviceDescription, frames, out]
    }

    static func run(_ arguments: ParsedArguments) throws -> Int32 {
        logger.threshold = .notice  // the replay prints each change itself
        let file = arguments.positionals[0]
        let text = try readText(file)
        let descriptionText = try arguments[deviceDescription].map(readText)
        if let frames = arguments[Self.frames] {
            try FileManager.default.createDirectory(atPath: frames, withIntermediateDirectories: true)
        }
        let recording = try readRecording(
            text, named: FilePaths.lastComponent(of: file), description: descriptionText)
        var board = try LoadedConfig.boardOrDemo(arguments[SharedOptions.config])
        try startOnPage(arguments[SharedOptions.page], &board)
        try replay(recording, board: board, framesDirectory: arguments[frames], out: arguments.value(out))
        return 0
    }
}

/// Replays a recording against `board`'s panel headless, printing each value change; every
/// presented frame goes to `framesDirectory` when given, the final one to `out`.
func replay(_ replay: RecordingReplay, board: LoadedConfig, framesDirectory: String?, out: String) throws {
    let outcome = try replay.run(board: board, log: logLine, report: { print($0) }, framesDirectory: framesDirectory)
    let final = outcome.finalFrame
    try PNG.writeMakingDirectory(final, to: out)
    print(
        "\(outcome.summary); final frame (\(final.width)x\(final.height) \(final.format.rawValue)) written to \(out)")
}

/// The recording `text` (named `name`) with its device, from its header or `description`; the
/// command line's hint when the device is missing.
func readRecording(_ text: String, named name: String, description: String?) throws -> RecordingReplay {
    do {
        let (recording, device) = try parseRecording(text, named: name, description: description)
        return RecordingReplay(name: name, recording: recording, device: device)
    } catch RecordingError.noDevice {
        throw CommandLineError.failure("\(name) has no device header; pass the device's .desc with --desc")
    }
}
