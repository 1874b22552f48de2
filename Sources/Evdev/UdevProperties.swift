import LinuxIO
import TouchCore

/// The properties udev attached to a device node (`E:` lines of its database entry in
/// /run/udev/data/c<major>:<minor>), read without libudev: the file format is stable and all we
/// need is one property, LIBINPUT_CALIBRATION_MATRIX, set by a board's hwdb or udev rule.
public enum UdevProperties {
    public static let databaseDirectory = "/run/udev/data"

    /// The properties of the character device at `path`; empty when udev has no entry (no udev,
    /// a container, a node made by hand).
    public static func forDevice(at path: String, databaseDirectory: String = databaseDirectory) -> [String: String] {
        guard let status = try? FileStatus(path: path), status.kind == .characterDevice else { return [:] }
        let (major, minor) = status.deviceNumber
        guard let bytes = try? readFile("\(databaseDirectory)/c\(major):\(minor)") else { return [:] }
        return parse(String(decoding: bytes, as: UTF8.self))
    }

    /// The `E:KEY=VALUE` lines of a udev database entry.
    public static func parse(_ text: String) -> [String: String] {
        var properties: [String: String] = [:]
        for line in text.split(separator: "\n") where line.hasPrefix("E:") {
            let body = line.dropFirst(2)
            guard let eq = body.firstIndex(of: "=") else { continue }
            properties[String(body[..<eq])] = String(body[body.index(after: eq)...])
        }
        return properties
    }

    /// The calibration matrix udev gives the device (libinput's LIBINPUT_CALIBRATION_MATRIX, six
    /// numbers), nil when it has none or it is malformed.
    public static func calibrationMatrix(_ properties: [String: String]) -> CalibrationMatrix? {
        guard let text = properties["LIBINPUT_CALIBRATION_MATRIX"] else { return nil }
        let numbers = text.split(whereSeparator: { $0 == " " || $0 == "\t" }).compactMap { Double($0) }
        return CalibrationMatrix(numbers)
    }
}
