import LinuxIO
import Panel

/// A backlight under /sys/class/backlight: switched off and on through `bl_power` (the
/// framebuffer blanking levels: 0 on, 4 off) so the brightness the user set is kept, and dimmed
/// through `brightness` (0 to `max_brightness`, read once when the backlight is found).
///
/// Any directory with those files stands in for the sysfs one (tests give a path under /tmp).
public struct Backlight: Sendable {
    public static let directory = "/sys/class/backlight"
    /// The backlight's sysfs directory.
    public let path: String
    /// The device's `max_brightness`; nil when it has none that can be read (then the backlight
    /// only blanks).
    public let maximumLevel: Int?

    /// Finds a backlight by name (`rpi_backlight`, `10-0045`) or path; the error lists those present.
    public init(_ nameOrPath: String) throws(SystemError) {
        let path = nameOrPath.hasPrefix("/") ? nameOrPath : "\(Self.directory)/\(nameOrPath)"
        do {
            try checkAccess("\(path)/bl_power", .writable)
        } catch {
            let present = (try? listDirectory(Self.directory)) ?? []
            throw SystemError(
                call: "access",
                path:
                    "\(path)/bl_power (backlights present: \(present.isEmpty ? "none" : present.sorted().joined(separator: ", ")))",
                errno: error.errno)
        }
        self.path = path
        maximumLevel = (try? Self.readNumber("\(path)/max_brightness")).flatMap { $0 > 0 ? $0 : nil }
    }

    /// Switches the backlight off or on.
    public func setOff(_ off: Bool) throws(SystemError) {
        try write(off ? "4" : "0", to: "bl_power")
    }

    /// The brightness in percent (`BrightnessScale`); nil without a `max_brightness`.
    public func brightness() throws(SystemError) -> Int? {
        guard let maximumLevel else { return nil }
        return BrightnessScale.percent(level: try Self.readNumber("\(path)/brightness"), maximum: maximumLevel)
    }

    /// Sets the brightness to `percent` (1…100) of `max_brightness`; returns the level written.
    /// Does nothing without a `max_brightness`.
    @discardableResult
    public func setBrightness(_ percent: Int) throws(SystemError) -> Int? {
        guard let maximumLevel else { return nil }
        let level = BrightnessScale.level(percent: percent, maximum: maximumLevel)
        try write(String(level), to: "brightness")
        return level
    }

    private func write(_ value: String, to name: String) throws(SystemError) {
        let file = "\(path)/\(name)"
        do {
            // O_TRUNC changes nothing on sysfs, and lets a plain file stand in for it.
            let descriptor = try FileDescriptor.open(file, [.writeOnly, .truncate])
            try descriptor.writeAll(Array((value + "\n").utf8))
        } catch {
            throw SystemError(call: error.call, path: file, errno: error.errno)
        }
    }

    /// A sysfs attribute holding one whole number.
    private static func readNumber(_ file: String) throws(SystemError) -> Int {
        let bytes = try readFile(file, limit: 64)
        let text = String(decoding: bytes, as: UTF8.self).filter { !$0.isWhitespace }
        guard let n = Int(text), n >= 0 else {
            throw SystemError(call: "read", path: file, errno: .invalidArgument)
        }
        return n
    }
}
