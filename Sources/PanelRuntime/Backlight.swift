import Foundation
import Glibc
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
        guard access("\(path)/bl_power", W_OK) == 0 else {
            let e = SystemErrno(errno)
            let present = (try? FileManager.default.contentsOfDirectory(atPath: Self.directory)) ?? []
            throw SystemError(
                call: "access",
                path:
                    "\(path)/bl_power (backlights present: \(present.isEmpty ? "none" : present.sorted().joined(separator: ", ")))",
                errno: e)
        }
        self.path = path
    }

    /// Switches the backlight off or on.
    public func setOff(_ off: Bool) throws(SystemError) {
        let file = "\(path)/bl_power"
        let fd: Int32
        switch systemCall({ open(file, O_WRONLY | O_CLOEXEC) }) {
        case .success(let opened): fd = opened
        case .failure(let e): throw SystemError(call: "open", path: file, errno: e)
        }
        defer { close(fd) }
        let text = off ? "4\n" : "0\n"
        if case .failure(let e) = systemCall({ write(fd, text, text.utf8.count) }) {
            throw SystemError(call: "write", path: file, errno: e)
        }
    }
}
