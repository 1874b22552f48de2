import Foundation
import TouchCore
import XCTest

@testable import Evdev

/// Recordings played through a real kernel (uinput in the QEMU guest of scripts/vm-evdev-test.sh)
/// and read back live through ``InputDevice`` (`switchpanel record`), checked in under
/// KernelCaptures/. The kernel filters and reorders a little (it drops repeated values and inserts
/// `ABS_MT_SLOT`), yet the state machine must see the same contacts at the same places, with the
/// same timing: the live path gives what the headless replay gives.
final class KernelCaptureTests: XCTestCase {
    static let here = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    static let captures = here.appendingPathComponent("KernelCaptures")
    static let recordings = here.deletingLastPathComponent().appendingPathComponent("TouchCoreTests/Recordings")

    func testLiveCapturesGiveTheReplaysFrames() throws {
        let files = try FileManager.default.contentsOfDirectory(atPath: Self.captures.path)
            .filter { $0.hasSuffix(".live.events") }.sorted()
        XCTAssertGreaterThanOrEqual(files.count, 6)
        for file in files {
            let name = String(file.dropLast(".live.events".count))
            let live = try EvemuRecording.parse(
                String(contentsOf: Self.captures.appendingPathComponent(file), encoding: .utf8))
            let original = try EvemuRecording.parse(
                String(contentsOf: Self.recordings.appendingPathComponent(name + ".events"), encoding: .utf8))
            var device = try XCTUnwrap(original.device ?? description(for: name), name)
            let liveDevice = try XCTUnwrap(live.device, name)
            XCTAssertEqual(liveDevice.name, device.name, name)
            XCTAssertEqual(liveDevice.touchProtocol, device.touchProtocol, name)
            XCTAssertEqual(liveDevice.properties, device.properties, name)
            for code in device.codes[EventType.abs] ?? [] {
                XCTAssertEqual(liveDevice.absInfo[code]?.maximum, device.absInfo[code]?.maximum, "\(name) axis \(code)")
            }
            device = device.suggestedAxisRemap.map { device.remappingAxes($0) } ?? device
            let expected = try frames(original.events, device: device)
            let got = try frames(live.events, device: device)
            XCTAssertFalse(expected.isEmpty, name)
            XCTAssertEqual(got.count, expected.count, name)
            for (g, e) in zip(got, expected) {
                XCTAssertEqual(g.map(\.contact), e.map(\.contact), name)
                XCTAssertEqual(g.map(\.phase), e.map(\.phase), name)
                XCTAssertEqual(g.map(\.position), e.map(\.position), name)
                // Played with the recording's timing through an emulated machine: within 50 ms.
                XCTAssertEqual(g.first?.time ?? 0, e.first?.time ?? 0, accuracy: 0.05, name)
            }
        }
    }

    /// The frames a stream makes, with times relative to its first event.
    private func frames(_ events: [InputEvent], device: DeviceDescription) throws -> [[TouchEvent]] {
        let calibration = try TouchCalibration(device: device, screenWidth: 800, screenHeight: 480)
        var machine = try TouchStateMachine(device: device, calibration: calibration)
        let start = events.first?.time ?? 0
        return machine.replay(events).map { frame in
            frame.map { TouchEvent(contact: $0.contact, phase: $0.phase, position: $0.position, time: $0.time - start) }
        }
    }

    private func description(for recording: String) throws -> DeviceDescription? {
        let descs = try FileManager.default.contentsOfDirectory(atPath: Self.recordings.path).filter {
            $0.hasSuffix(".desc")
        }
        guard
            let desc = descs.first(where: {
                let base = String($0.dropLast(".desc".count))
                return recording == base || recording.hasPrefix(base + ".")
            })
        else { return nil }
        return try DeviceDescription.parse(
            String(contentsOf: Self.recordings.appendingPathComponent(desc), encoding: .utf8))
    }
}
