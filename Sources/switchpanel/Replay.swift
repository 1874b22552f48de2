import Foundation
import Raster
import RasterPNG
import TouchCore
import Widget

/// Replays an evemu recording against the demo panel, headless: every event goes through the
/// same touch state machine a live device uses, contacts through the same router to the same
/// switches, on the recording's own kernel timestamps.
struct Replay {
    var recordingName: String
    var recording: EvemuRecording
    var device: DeviceDescription
    /// Where to write a PNG frame every 1/30 s of recording time (nil: none).
    var framesDirectory: String?

    /// Parses a recording; the device comes from its header or from `descriptionText`.
    init(name: String, recordingText: String, descriptionText: String?, framesDirectory: String?) throws {
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
        self.framesDirectory = framesDirectory
    }

    struct Summary {
        var frames = 0
        var contacts = 0
        var changes = 0
        var duration = 0.0
    }

    /// Runs the replay, printing each value change as it happens, and returns the final frame
    /// (every animation finished) with a summary.
    func run(width: Int, height: Int, print say: @escaping (String) -> Void) throws -> (Image, Summary) {
        let calibration = try TouchCalibration(device: device, screenWidth: Double(width), screenHeight: Double(height))
        var machine = try TouchStateMachine(device: device, calibration: calibration)
        let named = DemoPanel.switches()
        let router = TouchRouter(switches: named.map(\.toggle))
        let start = recording.events.first?.time ?? 0
        var summary = Summary()
        var now = 0.0
        for (name, toggle) in named {
            toggle.onValueChanged = { on in
                summary.changes += 1
                say(String(format: "%8.3f s  %@ → %@", now, name, on ? "on" : "off"))
            }
        }
        let renderer = SwitchRenderer(labels: labelRenderer())
        let frame = Image(width: width, height: height, format: .xrgb8888)
        let canvas = Canvas(image: frame)
        var nextFrameTime = 0.0
        var frameNumber = 0
        func writeFrame(at time: Double) throws {
            guard let dir = framesDirectory else { return }
            DemoPanel.draw(canvas, switches: router.switches, renderer: renderer, now: time)
            frameNumber += 1
            try writePNG(
                frame, to: (dir as NSString).appendingPathComponent(String(format: "frame-%05d.png", frameNumber)))
        }
        for event in recording.events {
            let time = event.time - start
            while framesDirectory != nil && nextFrameTime < time {
                try writeFrame(at: nextFrameTime)
                nextFrameTime += 1.0 / 30
            }
            guard let contacts = machine.feed(event) else { continue }
            summary.frames += 1
            for contact in contacts {
                now = contact.time - start
                if contact.phase == .began { summary.contacts += 1 }
                router.handle(
                    TouchEvent(contact: contact.contact, phase: contact.phase, position: contact.position, time: now))
            }
        }
        summary.duration = (recording.events.last?.time ?? start) - start
        // Contacts the recording never lifted are cancelled at its end, as a device removal would be.
        router.cancelAll(time: summary.duration)
        let settled = summary.duration + 1
        try writeFrame(at: settled)
        DemoPanel.draw(canvas, switches: router.switches, renderer: renderer, now: settled)
        return (frame, summary)
    }
}

struct ReplayError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
