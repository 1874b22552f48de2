import Foundation
import LinuxIO
import Panel
import PanelRuntime
import Presentation
import Raster
import RasterPNG
import TouchCore
import Widget

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
        recording = try EvemuRecording.parse(recordingText)
        if let descriptionText {
            device = try DeviceDescription.parse(descriptionText)
        } else if let header = recording.device {
            device = header
        } else {
            throw ReplayError("\(name) has no device header; pass the device's .desc with --desc")
        }
        // Devices that report position on other axes than they declare (eGalax) are remapped.
        if let remap = device.suggestedAxisRemap { device = device.remappingAxes(remap) }
    }

    /// Runs the replay against `config`'s panel, printing each value change as it is
    /// acknowledged; writes every presented frame to `framesDirectory` when given, and the final
    /// frame (everything settled) to `out`.
    func run(board: LoadedConfig, framesDirectory: String?, out: String) throws {
        let config = board.config
        print("replaying \(recordingName) (\(device.name), \(recording.events.count) events) on \(config.name)")
        let session = try headlessSession(board, log: logLine)
        let calibration = try config.touch.calibration(for: device, display: config.display)
        let machine = try TouchStateMachine(device: device, calibration: calibration, filters: config.touch.filters)
        var player = RecordingPlayer(machine: machine, events: recording.events)
        var changes = 0
        let leadIn = player.leadIn
        session.onChange = { change in
            changes += 1
            // Times from the recording's first event, as evemu-play would replay it.
            print(String(format: "%8.3f s  %@ → %@", change.time - leadIn, change.id, change.isOn ? "on" : "off"))
        }
        let display = session.display as! HeadlessDisplay
        var frameNumber = 0
        let summary = try player.play(into: session) { _ in
            guard let dir = framesDirectory, let image = display.snapshot() else { return }
            frameNumber += 1
            try writePNG(
                image, to: (dir as NSString).appendingPathComponent(String(format: "frame-%05d.png", frameNumber)))
        }
        guard let final = display.snapshot() else { throw ReplayError("no frame was presented") }
        try writePNG(final, to: out)
        print(
            String(
                format:
                    "%d contacts, %d value changes in %.2f s of recording, %d frames; final frame (%dx%d %@) written to %@",
                summary.contacts, changes, summary.duration, summary.framesPresented, final.width, final.height,
                final.format.rawValue, out))
    }
}

struct ReplayError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
