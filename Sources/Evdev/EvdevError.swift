import LinuxIO

/// A failure at the evdev edge: which call failed, on what, and the errno — with a description
/// that says what to do about it.
///
/// Nothing in this module aborts on an I/O error; everything throws one of these. ``isDeviceGone``
/// (`ENODEV`) is the normal end of an unplugged device, not a fatal error: close the device,
/// cancel its contacts and wait for the hot-plug watcher to report it again.
public enum EvdevError: Error, Hashable, Sendable, CustomStringConvertible {
    /// `open(2)` of a device node failed.
    case open(path: String, errno: SystemErrno)
    /// A libevdev call failed (`libevdev_set_fd`, `libevdev_next_event`, `libevdev_grab`, …).
    case libevdev(call: String, path: String, errno: SystemErrno)
    /// Listing the directory of device nodes failed.
    case listDirectory(path: String, errno: SystemErrno)
    /// An inotify call failed (`inotify_init1`, `inotify_add_watch`, `read`).
    case inotify(call: String, path: String, errno: SystemErrno)
    /// Creating or writing a uinput device failed (`/dev/uinput`).
    case uinput(call: String, errno: SystemErrno)
    /// Another system call of the event loop failed (`poll`, `signalfd`, `sigprocmask`).
    case system(call: String, errno: SystemErrno)

    /// The errno the failing call reported.
    public var errno: SystemErrno {
        switch self {
        case .open(_, let e), .libevdev(_, _, let e), .listDirectory(_, let e), .inotify(_, _, let e),
            .uinput(_, let e), .system(_, let e):
            e
        }
    }

    /// The device was unplugged (`ENODEV`): expected, not fatal.
    public var isDeviceGone: Bool { errno == .noDevice }

    /// The user may not open the node (`EACCES`, `EPERM`): not in the `input` group.
    public var isPermissionDenied: Bool { errno == .permissionDenied || errno == .notPermitted }

    public var description: String {
        switch self {
        case .open(let path, let e):
            return "cannot open \(path): \(e)\(Self.advice(e, path: path))"
        case .libevdev(let call, let path, let e):
            return "\(path): \(call) failed: \(e)\(Self.advice(e, path: path, call: call))"
        case .listDirectory(let path, let e):
            if e == .noSuchFile {
                return "\(path) does not exist (ENOENT): the kernel has no input devices here "
                    + "(no evdev driver loaded, or a container without /dev/input)"
            }
            return "cannot list \(path): \(e)\(Self.advice(e, path: path))"
        case .inotify(let call, let path, let e):
            return "cannot watch \(path) for hot-plug: \(call) failed: \(e)\(Self.advice(e, path: path))"
        case .uinput(let call, let e):
            let hint: String
            switch e {
            case .noSuchFile, .noDevice:
                hint = "; load the uinput module (modprobe uinput)"
            case .permissionDenied, .notPermitted:
                hint = "; /dev/uinput is writable by root only (or a udev rule)"
            default:
                hint = ""
            }
            return "uinput: \(call) failed: \(e)\(hint)"
        case .system(let call, let e):
            return "\(call) failed: \(e)"
        }
    }

    /// What to do about an errno, as a sentence fragment starting with "; " (empty when there is
    /// nothing to say).
    private static func advice(_ e: SystemErrno, path: String, call: String? = nil) -> String {
        switch e {
        case .permissionDenied, .notPermitted:
            if call == "libevdev_grab" { return "" }
            return "; add the user to the `input` group (sudo usermod -aG input $USER, then log in again), "
                + "or run with SupplementaryGroups=input in the systemd unit"
        case .noSuchFile:
            return "; no such device node (`switchpanel devices` lists the input devices)"
        case .noDevice:
            return "; the device is gone (unplugged); it is reopened when it comes back"
        case .notATerminal, .invalidArgument:
            return call == nil ? "" : "; not an evdev input device"
        case .busy:
            return call == "libevdev_grab"
                ? "; another program (an X server, a compositor, another switchpanel) has grabbed the device"
                : ""
        default:
            return ""
        }
    }
}
