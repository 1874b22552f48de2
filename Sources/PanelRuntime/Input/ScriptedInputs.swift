import LinuxIO
import Panel
import TouchCore

/// A touchscreen that exists only in a test: evdev events handed in by the test go through the
/// same touch state machine (protocol, calibration, filters, stuck-contact timeout) as a
/// device's, so a virtual-time test exercises everything after the kernel.
public final class ScriptedTouches: TouchSource {
    private var machine: TouchStateMachine

    /// A touchscreen described by `device`, calibrated onto `config`'s screen as a real one would be.
    public init(device: DeviceDescription, config: BoardConfig) throws {
        let calibration = try config.touch.calibration(for: device, display: config.display)
        machine = try TouchStateMachine(device: device, calibration: calibration, filters: config.touch.filters)
    }

    /// The frames these events make (the loop's ``PanelLoop/deliverTouches(_:)`` takes them).
    public func feed(_ events: [InputEvent]) -> [[TouchEvent]] {
        events.flatMap { machine.feedExpiring($0) }
    }

    public var pollHandles: [PollHandle] { [] }
    public var nextDeadline: Double? { machine.nextDeadline }
    public func handleReadable(_ handle: PollHandle, now: Double) -> [[TouchEvent]] { [] }
    public func expire(now: Double) -> [[TouchEvent]] {
        let expired = machine.expireStuckContacts(now: now)
        return expired.isEmpty ? [] : [expired]
    }
    /// Keys come through ``ScriptedKeys`` (``EmbeddedPanel/press(_:)``), never from the touchscreen.
    public func takeKeys() -> [KeyPress] { [] }
    /// A scripted screen keeps its calibration: the test chose it.
    public func reconfigure(touch: TouchConfig, keys: KeysConfig, display: DisplayConfig, now: Double)
        -> [[TouchEvent]]
    { [] }
    public func setGrabbed(_ grabbed: Bool) {}
    public func closeAll() {}
}

/// A keyboard or dial that exists only in a test: evdev events handed in by the test go through
/// the same `KeyDecoder` (with the board's `keys` settings) as a device's.
public final class ScriptedKeys {
    private var decoder: KeyDecoder

    /// A key device described by `device`, read with `config`'s `keys` settings.
    public init(device: DeviceDescription, config: BoardConfig) throws {
        decoder = try KeyDecoder(
            device: device, stepsPerDetent: config.keys.stepsPerDetent, reversed: config.keys.reverseDial)
    }

    /// The keys these events make (the loop's ``PanelLoop/deliverKeys(_:)`` takes them).
    public func feed(_ events: [InputEvent]) -> [KeyPress] { events.flatMap { decoder.feed($0) } }
}
