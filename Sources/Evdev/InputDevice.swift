import CEvdev
import LinuxIO
import TouchCore

/// An open evdev device node (`/dev/input/eventN`): owns the file descriptor and the libevdev
/// handle, and releases both — the handle first, then the descriptor — when it goes away.
///
/// The descriptor is opened `O_RDONLY | O_NONBLOCK | O_CLOEXEC`: put ``pollHandle`` in the
/// caller's poll set and call ``readAvailable()`` when it is readable. A device that is
/// unplugged reports ``EvdevError/isDeviceGone`` from its next read; drop the object then.
///
/// ```swift
/// let device = try InputDevice(path: "/dev/input/event3")
/// var machine = try TouchStateMachine(device: device.description, calibration: …,
///                                     initialSlot: device.currentSlot)
/// try device.grab()
/// // when poll says the descriptor is readable:
/// for frame in machine.take(try device.readAvailable()) { … }
/// ```
public final class InputDevice {
    /// The device node this was opened from.
    public let path: String
    /// The libevdev handle and the descriptor it reads, released in that order.
    private let device: BoundHandle
    /// The libevdev handle (`struct libevdev *`), owned by this object.
    var handle: OpaquePointer { device.handle }
    /// Whether ``grab()`` holds the device.
    public private(set) var isGrabbed = false

    /// Opens `path` and reads the device's description and state through libevdev.
    ///
    /// Throws ``EvdevError/open(path:errno:)`` when the node cannot be opened (`ENOENT`,
    /// `EACCES`: see ``EvdevError/isPermissionDenied``) and ``EvdevError/libevdev(call:path:errno:)``
    /// when it is not an evdev device (`ENOTTY` for a regular file or `/dev/null`). Whatever was
    /// acquired before a failure is released: the owners go out of scope.
    public init(path: String) throws(EvdevError) {
        let descriptor: FileDescriptor
        do throws(SystemError) {
            descriptor = try FileDescriptor.open(path, [.readOnly, .nonBlocking])
        } catch {
            throw .open(path: path, errno: error.errno)
        }
        guard let handle = libevdev_new() else {
            throw .libevdev(call: "libevdev_new", path: path, errno: .outOfMemory)
        }
        let fd = descriptor.rawValue
        let device = BoundHandle(handle, using: descriptor, release: libevdev_free)
        // libevdev_set_fd reads the device's description and state through the descriptor.
        if case .failure(let e) = negativeErrnoCall({ libevdev_set_fd(handle, fd) }) {
            throw .libevdev(call: "libevdev_set_fd", path: path, errno: e)
        }
        self.path = path
        self.device = device
    }

    /// What to poll: readable when the kernel has events for this device.
    public var pollHandle: PollHandle { device.descriptor.pollHandle }

    // MARK: What the device is

    /// The kernel's name for the device (`EVIOCGNAME`).
    public var name: String { libevdev_get_name(handle).map { String(cString: $0) } ?? "" }
    public var bus: UInt16 { UInt16(truncatingIfNeeded: libevdev_get_id_bustype(handle)) }
    public var vendor: UInt16 { UInt16(truncatingIfNeeded: libevdev_get_id_vendor(handle)) }
    public var product: UInt16 { UInt16(truncatingIfNeeded: libevdev_get_id_product(handle)) }
    public var version: UInt16 { UInt16(truncatingIfNeeded: libevdev_get_id_version(handle)) }
    /// The `INPUT_PROP_*` values the device declares.
    public var properties: Set<UInt16> { LibevdevQueries(handle).properties }

    /// The device's description: name, ids, event codes, axes with ranges and resolution, and
    /// properties, queried from libevdev. Axis values are the current ones; `ABS_MT_SLOT`'s value is
    /// ``currentSlot``. As the device reports it: apply `DeviceDescription.suggestedAxisRemap`
    /// (or the configuration's remap) before building a state machine.
    public var description: DeviceDescription { DeviceDescription(libevdev: handle) }

    /// The type B slot the kernel has selected (`libevdev_get_current_slot`), for the state
    /// machine's `initialSlot`: it is not always 0 when the device is opened. Nil without slots.
    public var currentSlot: Int? {
        let slot = libevdev_get_current_slot(handle)
        return slot >= 0 && libevdev_get_num_slots(handle) > 0 ? Int(slot) : nil
    }

    /// The device's state as libevdev holds it (slots, keys down, single-touch axes).
    public var state: DeviceState { DeviceState(libevdev: handle) }

    // MARK: Grabbing

    /// Takes the device for this process alone (`EVIOCGRAB`): the console and other readers stop
    /// seeing its events. Released by ``ungrab()`` or when the device is closed.
    public func grab() throws(EvdevError) {
        if case .failure(let e) = negativeErrnoCall({ libevdev_grab(handle, LIBEVDEV_GRAB) }) {
            throw .libevdev(call: "libevdev_grab", path: path, errno: e)
        }
        isGrabbed = true
    }

    /// Releases a grab.
    public func ungrab() throws(EvdevError) {
        if case .failure(let e) = negativeErrnoCall({ libevdev_grab(handle, LIBEVDEV_UNGRAB) }) {
            throw .libevdev(call: "libevdev_grab", path: path, errno: e)
        }
        isGrabbed = false
    }

    /// Stamps events with `CLOCK_MONOTONIC` instead of the kernel's default `CLOCK_REALTIME`
    /// (`EVIOCSCLOCKID`), so event times compare with a monotonic "now". Recordings keep the
    /// default.
    public func useMonotonicClock() throws(EvdevError) {
        if case .failure(let e) = negativeErrnoCall({ libevdev_set_clock_id(handle, SystemClock.kernelClockID) }) {
            throw .libevdev(call: "libevdev_set_clock_id", path: path, errno: e)
        }
    }

    // MARK: Reading

    /// Whether libevdev holds events already read from the kernel but not yet returned (the
    /// descriptor does not show them as readable).
    public var hasPendingEvents: Bool { libevdev_has_event_pending(handle) > 0 }

    /// Every event available now, in order, with the kernel's timestamps; returns an empty array
    /// when there is nothing to read.
    ///
    /// When the kernel dropped events (`SYN_DROPPED`) the result holds a ``ReadResult/dropped(_:syncEvents:time:)``
    /// at that point, with the device's state after libevdev's resync: hand it to
    /// `TouchStateMachine.resync(with:time:)` (`TouchStateMachine.take(_:)` does).
    ///
    /// An error after some events were read returns those events; the error (which the kernel keeps
    /// reporting, as `ENODEV` for an unplugged device) is thrown by the next call.
    public func readAvailable() throws(EvdevError) -> [ReadResult] {
        var source = LibevdevEventSource(handle: handle)
        let (results, error) = drainEvents(from: &source)
        if let error, results.isEmpty {
            throw .libevdev(call: "libevdev_next_event", path: path, errno: error)
        }
        return results
    }
}

/// A C library object that works on a descriptor this module owns (a libevdev handle reading an
/// event node, a uinput device made on `/dev/uinput`), released before the descriptor closes:
/// the object may still use the descriptor as it goes (uinput's `UI_DEV_DESTROY`), and a closed
/// descriptor's number can belong to another file by then.
///
/// The order is the language's, not a convention: a struct's `deinit` runs before its stored
/// properties are destroyed, so `release` always runs while ``descriptor`` is still open — at
/// the owner's end, and when an initializer throws after making one.
struct BoundHandle: ~Copyable {
    let handle: OpaquePointer
    let descriptor: FileDescriptor
    private let release: (OpaquePointer) -> Void

    init(
        _ handle: OpaquePointer, using descriptor: consuming FileDescriptor, release: @escaping (OpaquePointer) -> Void
    ) {
        self.handle = handle
        self.descriptor = descriptor
        self.release = release
    }

    deinit { release(handle) }
}

/// The libevdev calls of ``drainEvents(from:)`` on a real handle.
struct LibevdevEventSource: EventSource {
    let handle: OpaquePointer

    mutating func nextEvent(sync: Bool) -> Result<(status: Int32, event: InputEvent), SystemErrno> {
        var raw = input_event()
        let flags = sync ? LIBEVDEV_READ_FLAG_SYNC.rawValue : LIBEVDEV_READ_FLAG_NORMAL.rawValue
        return negativeErrnoCall { libevdev_next_event(handle, flags, &raw) }.map { status in
            (status, InputEvent(raw))
        }
    }

    func state() -> DeviceState { DeviceState(libevdev: handle) }
}

extension InputEvent {
    /// The kernel's event, with its own timestamp.
    init(_ raw: input_event) {
        var raw = raw
        self.init(
            seconds: Int(cevdev_event_seconds(&raw)), microseconds: Int(cevdev_event_microseconds(&raw)),
            type: raw.type, code: raw.code, value: raw.value)
    }
}
