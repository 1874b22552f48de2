import FoundationEssentials
import LinuxIO

/// A backlight under /sys/class/backlight, switched off and on through `bl_power` (the
/// framebuffer blanking levels: 0 on, 4 off) so the brightness the user set is kept.
public struct Backlight: Sendable {
    public static let directory = "/sys/class/backlight"
    /// The backlight's sysfs directory.
    public let path: String

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
    }

    /// Switches the backlight off or on.
    public func setOff(_ off: Bool) throws(SystemError) {
        let file = "\(path)/bl_power"
        let power = try FileDescriptor.open(file, .writeOnly)
        do {
            try power.writeAll(Array((off ? "4\n" : "0\n").utf8))
        } catch {
            throw SystemError(call: error.call, path: file, errno: error.errno)
        }
    }
}
