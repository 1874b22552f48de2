import ConfigFormat
import LinuxIO
import Panel
import Presentation
import Raster
import RasterPNG
import TouchCore

/// Replays an evemu recording against a panel, headless, on the recording's own kernel
/// timestamps: every event goes through the touch state machine a live device uses, every
/// change through the session a board runs (state, actions, printout). `switchpanel replay`,
/// and `run` where there is no display.
public struct RecordingReplay {
    public var recordingName: String
    public var recording: EvemuRecording
    public var device: DeviceDescription

    public init(name: String, recording: EvemuRecording, device: DeviceDescription) {
        recordingName = name
        self.recording = recording
        self.device = device
    }

    /// What a replay ends with.
    public struct Outcome {
        /// The last frame presented, everything settled.
        public var finalFrame: Image
        /// `2 contacts, 2 value changes in 1.23 s of recording, 41 frames`.
        public var summary: String
    }

    /// Why a replay has no outcome.
    public enum Failure: Error, Equatable, CustomStringConvertible {
        case noFrame
        public var description: String { "no frame was presented" }
    }

    /// Runs the replay against `board`'s panel: `report` gets the opening line and each value
    /// change as it is acknowledged (its time from the recording's first event, as evemu-play
    /// would replay it); every frame presented is written to `framesDirectory` (an existing
    /// directory) when given, as frame-00001.png onwards.
    public func run(
        board: LoadedConfig, log: @escaping (LogLevel, String) -> Void, report: @escaping (String) -> Void,
        framesDirectory: String? = nil
    ) throws -> Outcome {
        let config = board.config
        report("replaying \(recordingName) (\(device.name), \(recording.events.count) events) on \(config.name)")
        let session = try headlessSession(board, log: log)
        var player = try RecordingPlayer(recording: recording, device: device, config: config)
        var changes = 0
        let leadIn = player.leadIn
        session.onChange = { change in
            changes += 1
            report(
                "\((change.time - leadIn).fixed(3).leftPadded(to: 8)) s  \(change.id) → \(change.isOn ? "on" : "off")")
        }
        let display = session.display as! HeadlessDisplay
        var frameNumber = 0
        let summary = try player.play(into: session) { _ in
            guard let dir = framesDirectory, let image = display.snapshot() else { return }
            frameNumber += 1
            try PNG.write(
                image, to: FilePaths.join(dir, "frame-\(String(frameNumber).leftPadded(to: 5, with: "0")).png"))
        }
        guard let final = display.snapshot() else { throw Failure.noFrame }
        // A keyboard's or a dial's recording counts its keys, a touchscreen's its contacts.
        let inputs =
            if case .keys = player.decoder { "\(summary.keys) keys" } else { "\(summary.contacts) contacts" }
        return Outcome(
            finalFrame: final,
            summary: "\(inputs), \(changes) value changes in \(summary.duration.fixed(2)) s of recording, "
                + "\(summary.framesPresented) frames")
    }
}
