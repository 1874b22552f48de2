import FoundationEssentials
import LinuxIO
import Panel
import Presentation
import Raster
import RasterPNG
import TouchCore
import XCTest

@testable import PanelRuntime

/// The headless replay `switchpanel replay` (and `run` without a display) drives
/// (``RecordingReplay``): the recording `run` bundles — nine fast taps on the demo's "saw"
/// switch from a real Atmel maXTouch — against the demo panel.
final class RecordingReplayTests: XCTestCase {
    static let recordings = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("TouchCoreTests/Recordings")

    func replay(_ name: String, framesDirectory: String? = nil) throws -> (
        RecordingReplay, RecordingReplay.Outcome, [String]
    ) {
        let (recording, device) = try parseRecording(
            try String(contentsOf: Self.recordings.appendingPathComponent(name), encoding: .utf8), named: name,
            description: try String(
                contentsOf: Self.recordings.appendingPathComponent("Atmel maXTouch Touchscreen.desc"), encoding: .utf8))
        let replay = RecordingReplay(name: name, recording: recording, device: device)
        var lines: [String] = []
        let outcome = try replay.run(
            board: LoadedConfig(config: try DemoPanel.config()), log: { _, _ in }, report: { lines.append($0) },
            framesDirectory: framesDirectory)
        return (replay, outcome, lines)
    }

    /// Every change is reported on the recording's own clock, and the summary counts what happened.
    func testTheBundledTapsReplayedReportEveryChange() throws {
        let name = "Atmel maXTouch Touchscreen.1-finger-fast-taps.events"
        let (replay, outcome, lines) = try replay(name)
        XCTAssertEqual(
            lines.first,
            "replaying \(name) (\(replay.device.name), \(replay.recording.events.count) events) on SwitchPanel demo")
        let changes = lines.dropFirst()
        XCTAssertEqual(changes.count, 9, "\(lines)")
        // Each tap toggles saw: the states alternate.
        let states = changes.map { $0.hasSuffix("saw → on") ? "on" : $0.hasSuffix("saw → off") ? "off" : $0 }
        XCTAssertEqual(Array(states.dropFirst()), states.dropLast().map { $0 == "on" ? "off" : "on" }, "\(lines)")
        XCTAssertTrue(outcome.summary.hasPrefix("9 contacts, 9 value changes in "), outcome.summary)
    }

    /// With a frames directory, each frame shown is written as a PNG, numbered from 1, the last
    /// one the final frame (a short recording: PNGs cost in a debug build).
    func testEveryFrameShownIsWrittenAsAPNG() throws {
        let frames = FileManager.default.temporaryDirectory.appendingPathComponent("replay-\(getpid())").path
        try FileManager.default.createDirectory(atPath: frames, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: frames) }
        let (_, outcome, _) = try replay(
            "Atmel maXTouch Touchscreen.2-fingers-touch-release.events", framesDirectory: frames)
        let written = try FileManager.default.contentsOfDirectory(atPath: frames).sorted()
        XCTAssertTrue(
            outcome.summary.hasSuffix(" \(written.count) frames"), "\(outcome.summary): \(written.count) PNGs")
        XCTAssertEqual(written.first, "frame-00001.png")
        let last = try PNG.read(path: frames + "/" + written.last!)
        XCTAssertEqual(last.width, outcome.finalFrame.width)
        XCTAssertEqual(last.surface.pixel(x: 400, y: 240), outcome.finalFrame.surface.pixel(x: 400, y: 240))
    }
}
