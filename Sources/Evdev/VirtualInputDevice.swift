import CEvdev
import LinuxIO
import TouchCore

/// A libevdev device made by hand from a `DeviceDescription` (`libevdev_new()` and
/// its setters), without a kernel device behind it: the template a uinput device is created from,
/// and a way to test the description queries without hardware.
final class LibevdevTemplate {
    let handle: OpaquePointer

    /// Declares the description's name, ids, properties, event types and codes and axes.
    init(_ device: DeviceDescription) throws(EvdevError) {
        guard let handle = libevdev_new() else {
            throw .libevdev(call: "libevdev_new", path: device.name, errno: .outOfMemory)
        }
        self.handle = handle
        libevdev_set_name(handle, device.name)
        libevdev_set_id_bustype(handle, Int32(device.bus))
        libevdev_set_id_vendor(handle, Int32(device.vendor))
        libevdev_set_id_product(handle, Int32(device.product))
        libevdev_set_id_version(handle, Int32(device.version))
        for property in device.properties.sorted() where libevdev_enable_property(handle, UInt32(property)) != 0 {
            throw .libevdev(call: "libevdev_enable_property", path: device.name, errno: .invalidArgument)
        }
        // The declared types, and any type with codes (evemu files list every type, most empty).
        let types = device.eventTypes.union(device.codes.filter { !$0.value.isEmpty }.keys)
        // No EV_REP, even when the description has it: without it the kernel does not repeat
        // held keys by itself (the input core's soft autorepeat, 250 ms then every 33 ms). A
        // replayed recording carries the repeats it had, and the kernel's own on top would move a
        // focus ring too far; its value-2 events still pass (the input core does not check EV_REP
        // for them). (libevdev would also refuse EV_REP's codes without their values.)
        for type in types.sorted() where type != EventType.syn && type != EventType.rep {
            if libevdev_enable_event_type(handle, UInt32(type)) != 0 {
                throw .libevdev(call: "libevdev_enable_event_type", path: device.name, errno: .invalidArgument)
            }
            for code in (device.codes[type] ?? []).sorted() {
                var status: Int32
                if type == EventType.abs {
                    let info = device.absInfo[code] ?? AbsInfo(minimum: 0, maximum: 0)
                    var raw = input_absinfo(
                        value: info.value ?? 0, minimum: info.minimum, maximum: info.maximum, fuzz: info.fuzz,
                        flat: info.flat, resolution: info.resolution)
                    status = libevdev_enable_event_code(handle, UInt32(type), UInt32(code), &raw)
                } else {
                    status = libevdev_enable_event_code(handle, UInt32(type), UInt32(code), nil)
                }
                if status != 0 {
                    throw .libevdev(call: "libevdev_enable_event_code", path: device.name, errno: .invalidArgument)
                }
            }
        }
    }

    deinit { libevdev_free(handle) }

    /// The description libevdev reports for the template.
    var description: DeviceDescription { DeviceDescription(libevdev: handle) }
}

/// A kernel input device made through uinput (`/dev/uinput`) from a description: events written
/// to it come out of its `/dev/input/eventN` node as from real hardware. For tests on a real
/// kernel (the QEMU guest); needs the `uinput` module and write access to `/dev/uinput`.
public final class VirtualInputDevice {
    private let template: LibevdevTemplate
    /// The uinput device and the `/dev/uinput` descriptor it lives on, destroyed in that order.
    private let device: BoundHandle
    private var uinput: OpaquePointer { device.handle }

    /// Creates the device. Throws ``EvdevError/uinput(call:errno:)`` when `/dev/uinput` is
    /// missing or not writable.
    public init(_ device: DeviceDescription) throws(EvdevError) {
        let template = try LibevdevTemplate(device)
        self.template = template
        // Opened here rather than by libevdev (LIBEVDEV_UINPUT_OPEN_MANAGED), so the descriptor
        // is owned like every other one; a failure below closes it as it goes out of scope.
        let descriptor: FileDescriptor
        do throws(SystemError) {
            descriptor = try FileDescriptor.open("/dev/uinput", .readWrite)
        } catch {
            throw .uinput(call: "open(/dev/uinput)", errno: error.errno)
        }
        var created: OpaquePointer?
        let fd = descriptor.rawValue
        let status = negativeErrnoCall { libevdev_uinput_create_from_device(template.handle, fd, &created) }
        switch status {
        case .failure(let e): throw .uinput(call: "libevdev_uinput_create_from_device", errno: e)
        case .success:
            guard let created else { throw .uinput(call: "libevdev_uinput_create_from_device", errno: .noDevice) }
            // libevdev_uinput_destroy does not close a descriptor it did not open: BoundHandle does.
            self.device = BoundHandle(created, using: descriptor, release: libevdev_uinput_destroy)
        }
    }

    /// The device's node (`/dev/input/eventN`), when the kernel says.
    public var devnode: String? { libevdev_uinput_get_devnode(uinput).map { String(cString: $0) } }

    /// Emits one event (the kernel stamps it with the time of the write).
    public func write(_ event: InputEvent) throws(EvdevError) {
        let status = negativeErrnoCall {
            libevdev_uinput_write_event(uinput, UInt32(event.type), UInt32(event.code), event.value)
        }
        if case .failure(let e) = status { throw .uinput(call: "libevdev_uinput_write_event", errno: e) }
    }
}

/// libevdev's names for event types and codes (`EV_ABS`, `ABS_MT_SLOT`) and properties.
public enum EventNames {
    /// The name of a type (`code` nil) or of a code of a type; nil when libevdev has none.
    public static func name(type: UInt16, code: UInt16?) -> String? {
        let name =
            if let code {
                libevdev_event_code_get_name(UInt32(type), UInt32(code))
            } else {
                libevdev_event_type_get_name(UInt32(type))
            }
        return name.map { String(cString: $0) }
    }

    /// `INPUT_PROP_DIRECT`, nil when unknown.
    public static func property(_ property: UInt16) -> String? {
        libevdev_property_get_name(UInt32(property)).map { String(cString: $0) }
    }
}
