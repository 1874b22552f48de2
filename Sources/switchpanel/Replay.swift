import CommandLineInterface
import ConfigFormat
import FoundationEssentials
import LinuxIO
import Panel
import PanelRuntime
import Presentation
import Raster
import RasterPNG
import TouchCore
import Widget

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
        let replay = try Replay(
            name: FilePaths.lastComponent(of: file), recordingText: text, descriptionText: descriptionText)
        var board = try loadBoard(arguments[SharedOptions.config])
        try startOnPage(arguments[SharedOptions.page], &board)
        try replay.run(
            board: board, framesDirectory: arguments[frames],
            out: arguments.value(out))
        return 0
    }
}

/// A panel on the in-memory display: what `run` shows without a screen and what `replay` uses.
func headlessSession(_ board: LoadedConfig, store: StateStore? = nil, log: @escaping (LogLevel, String) -> Void)
    throws -> PanelSession
{
    try PanelSession(
        config: board.config, display: headlessDisplay(for: board.config),
        renderer: panelRenderer(for: board, log: log),
        store: store, actions: ActionRunner(), log: log)
}

/// Replays an evemu recording against a panel, headless, on the recording's own kernel
/// timestamps: every event goes through the touch state machine a live device uses, every
/// change through the session a board runs (state, actions, printout).
struct Replay {
    var recordingName: String
    var recording: EvemuRecording
    var device: DeviceDescription

    /// Parses a recording; the device comes from its header or from `descriptionText`.
    init(name: String, recordingText: String, descriptionText: String?) throws {
        recordingName = name
        (recording, device) = try readRecording(recordingText, named: name, description: descriptionText)
    }

    /// Runs the replay against `config`'s panel, printing each value change as it is
    /// acknowledged; writes every presented frame to `framesDirectory` when given, and the final
    /// frame (everything settled) to `out`.
    func run(board: LoadedConfig, framesDirectory: String?, out: String) throws {
        let config = board.config
        print("replaying \(recordingName) (\(device.name), \(recording.events.count) events) on \(config.name)")
        let session = try headlessSession(board, log: logLine)
        var player = try RecordingPlayer(recording: recording, device: device, config: config)
        var changes = 0
        let leadIn = player.leadIn
        session.onChange = { change in
            changes += 1
            // Times from the recording's first event, as evemu-play would replay it.
            print(
                "\((change.time - leadIn).fixed(3).leftPadded(to: 8)) s  \(change.id) → \(change.isOn ? "on" : "off")")
        }
        let display = session.display as! HeadlessDisplay
        var frameNumber = 0
        let summary = try player.play(into: session) { _ in
            guard let dir = framesDirectory, let image = display.snapshot() else { return }
            frameNumber += 1
            try writePNG(
                image, to: FilePaths.join(dir, "frame-\(String(frameNumber).leftPadded(to: 5, with: "0")).png"))
        }
        guard let final = display.snapshot() else { throw CommandLineError.failure("no frame was presented") }
        try writePNG(final, to: out)
        // A keyboard's or a dial's recording counts its keys, a touchscreen's its contacts.
        let inputs =
            if case .keys = player.decoder { "\(summary.keys) keys" } else { "\(summary.contacts) contacts" }
        print(
            "\(inputs), \(changes) value changes in \(summary.duration.fixed(2)) s of recording, "
                + "\(summary.framesPresented) frames; final frame (\(final.width)x\(final.height) \(final.format.rawValue)) "
                + "written to \(out)")
    }
}

/// ``parseRecording(_:named:description:)`` with the command line's hint when the device is missing.
func readRecording(_ text: String, named name: String, description: String?) throws -> (
    EvemuRecording, DeviceDescription
) {
    do {
        return try parseRecording(text, named: name, description: description)
    } catch RecordingError.noDevice {
        throw CommandLineError.failure("\(name) has no device header; pass the device's .desc with --desc")
    }
}
