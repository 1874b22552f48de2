import Foundation
import TouchCore

/// The real recordings in Recordings/ (from whot/evemu-devices, see its README), each paired with
/// its device: the recording's own header when it has one, else the device's `.desc`.
struct RecordingLibrary {
    struct Recording {
        /// The file name without `.events`, e.g. "Atmel maXTouch Touchscreen.1-finger-fast-taps".
        var name: String
        var device: DeviceDescription
        var events: [InputEvent]
        var hasHeader: Bool
    }

    static let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("Recordings")

    static func text(_ file: String) throws -> String {
        try String(contentsOf: directory.appendingPathComponent(file), encoding: .utf8)
    }

    static func files(ending suffix: String) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: directory.path).filter { $0.hasSuffix(suffix) }.sorted()
    }

    /// Every `.events` file, parsed once.
    static func all() throws -> [Recording] { try cached.get() }

    private static let cached = Result { try load() }

    private static func load() throws -> [Recording] {
        let descs = try files(ending: ".desc")
        return try files(ending: ".events").map { file in
            let recording = try EvemuRecording.parse(try text(file))
            let name = String(file.dropLast(".events".count))
            if let device = recording.device {
                return Recording(name: name, device: device, events: recording.events, hasHeader: true)
            }
            guard let desc = descs.first(where: { file.hasPrefix(String($0.dropLast(".desc".count))) }) else {
                throw EvemuParseError(line: 0, reason: "\(file): no header and no .desc")
            }
            let device = try DeviceDescription.parse(try text(desc))
            return Recording(name: name, device: device, events: recording.events, hasHeader: false)
        }
    }

    /// The device as it must be read: the eGalax 0eef:0001 through its axis remap.
    static func readableDevice(_ device: DeviceDescription) -> DeviceDescription {
        device.suggestedAxisRemap.map { device.remappingAxes($0) } ?? device
    }
}
