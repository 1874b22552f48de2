import Raster
import TestSupport
import TouchCore
import XCTest

/// Builds evdev event streams frame by frame; every `report()` ends a frame and moves the clock
/// on by 10 ms.
struct EventScript {
    private(set) var events: [InputEvent] = []
    var time = 100.0

    mutating func abs(_ code: UInt16, _ value: Int32) { raw(EventType.abs, code, value) }
    mutating func key(_ code: UInt16, _ down: Bool) { raw(EventType.key, code, down ? 1 : 0) }
    mutating func mtReport() { raw(EventType.syn, SynCode.mtReport, 0) }
    mutating func dropped() { raw(EventType.syn, SynCode.dropped, 0) }
    mutating func raw(_ type: UInt16, _ code: UInt16, _ value: Int32) {
        events.append(InputEvent(time: time, type: type, code: code, value: value))
    }
    mutating func report() {
        raw(EventType.syn, SynCode.report, 0)
        time += 0.01
    }

    /// A type B contact's values in the current frame.
    mutating func slot(_ slot: Int32, id: Int32? = nil, x: Int32? = nil, y: Int32? = nil) {
        abs(AbsCode.mtSlot, slot)
        if let id { abs(AbsCode.mtTrackingID, id) }
        if let x { abs(AbsCode.mtPositionX, x) }
        if let y { abs(AbsCode.mtPositionY, y) }
    }

    /// One type A contact (values then SYN_MT_REPORT).
    mutating func contactA(_ x: Int32, _ y: Int32) {
        abs(AbsCode.mtPositionX, x)
        abs(AbsCode.mtPositionY, y)
        mtReport()
    }
}

/// Hand-made devices on an 800×480-unit panel, so that with an 800×480 screen raw unit v lands at
/// pixel v + ½.
enum TestDevices {
    static let x = AbsInfo(minimum: 0, maximum: 799)
    static let y = AbsInfo(minimum: 0, maximum: 479)

    static func typeB(slots: Int32 = 10, pressure: Bool = false, currentSlot: Int32? = nil) -> DeviceDescription {
        var abs: Set<UInt16> = [
            AbsCode.x, AbsCode.y, AbsCode.mtSlot, AbsCode.mtPositionX, AbsCode.mtPositionY, AbsCode.mtTrackingID,
        ]
        var info: [UInt16: AbsInfo] = [
            AbsCode.x: x, AbsCode.y: y, AbsCode.mtPositionX: x, AbsCode.mtPositionY: y,
            AbsCode.mtSlot: AbsInfo(minimum: 0, maximum: slots - 1, value: currentSlot),
            AbsCode.mtTrackingID: AbsInfo(minimum: 0, maximum: 65535),
        ]
        if pressure {
            abs.insert(AbsCode.mtPressure)
            info[AbsCode.mtPressure] = AbsInfo(minimum: 0, maximum: 255)
        }
        return DeviceDescription(
            name: "test type B", codes: [EventType.abs: abs, EventType.key: [KeyCode.touch]], absInfo: info,
            properties: [InputProperty.direct])
    }

    static func typeA(trackingIDs: Bool = false) -> DeviceDescription {
        var abs: Set<UInt16> = [AbsCode.x, AbsCode.y, AbsCode.mtPositionX, AbsCode.mtPositionY]
        if trackingIDs { abs.insert(AbsCode.mtTrackingID) }
        return DeviceDescription(
            name: "test type A", codes: [EventType.abs: abs, EventType.key: [KeyCode.touch]],
            absInfo: [
                AbsCode.x: x, AbsCode.y: y, AbsCode.mtPositionX: x, AbsCode.mtPositionY: y,
                AbsCode.mtTrackingID: AbsInfo(minimum: 0, maximum: 65535),
            ])
    }

    static func singleTouch(button: UInt16 = KeyCode.touch, pressure: Bool = false) -> DeviceDescription {
        var abs: Set<UInt16> = [AbsCode.x, AbsCode.y]
        var info: [UInt16: AbsInfo] = [AbsCode.x: x, AbsCode.y: y]
        if pressure {
            abs.insert(AbsCode.pressure)
            info[AbsCode.pressure] = AbsInfo(minimum: 0, maximum: 255)
        }
        return DeviceDescription(
            name: "test single touch", codes: [EventType.abs: abs, EventType.key: [button]], absInfo: info)
    }

    static func machine(
        _ device: DeviceDescription, filters: TouchFilters = .init(), initialSlot: Int? = nil
    ) throws -> TouchStateMachine {
        let calibration = try TouchCalibration(device: device, screenWidth: 800, screenHeight: 480)
        return try TouchStateMachine(
            device: device, calibration: calibration, filters: filters, initialSlot: initialSlot)
    }
}

extension TouchStateMachine {
    /// Every frame, empty ones included (one per SYN_REPORT).
    mutating func frames(_ script: EventScript) -> [[TouchEvent]] {
        script.events.compactMap { feed($0) }
    }
}

/// A compact form of a frame for assertions: "began 1 @340,242".
func describe(_ frame: [TouchEvent]) -> [String] {
    frame.map { "\($0.phase.rawValue) \($0.contact) @\(Int($0.position.x)),\(Int($0.position.y))" }
}

/// What each contact did over a replay, and checks that the frames make sense: every contact
/// begins once, then moves, then ends or is cancelled once.
struct ContactTracks {
    struct Track {
        var start: Point
        var startTime: Double
        var end: Point?
        var endTime: Double?
        var endPhase: TouchEvent.Phase?
        /// Largest distance from the start point.
        var maxDistance = 0.0
        var moves = 0
    }

    private(set) var tracks: [Int: Track] = [:]
    private(set) var maxSimultaneous = 0
    private(set) var live: Set<Int> = []
    private(set) var problems: [String] = []

    init(_ frames: [[TouchEvent]]) {
        for frame in frames { take(frame) }
    }

    mutating func take(_ frame: [TouchEvent]) {
        for e in frame {
            switch e.phase {
            case .began:
                if tracks[e.contact] != nil { problems.append("contact \(e.contact) began twice") }
                tracks[e.contact] = Track(start: e.position, startTime: e.time)
                live.insert(e.contact)
            case .moved, .ended, .cancelled:
                guard live.contains(e.contact), var t = tracks[e.contact] else {
                    problems.append("\(e.phase) for contact \(e.contact), which is not live")
                    continue
                }
                let dx = e.position.x - t.start.x
                let dy = e.position.y - t.start.y
                t.maxDistance = max(t.maxDistance, (dx * dx + dy * dy).squareRoot())
                if e.phase == .moved {
                    t.moves += 1
                } else {
                    t.end = e.position
                    t.endTime = e.time
                    t.endPhase = e.phase
                    live.remove(e.contact)
                }
                tracks[e.contact] = t
            }
        }
        maxSimultaneous = max(maxSimultaneous, live.count)
    }

    var sorted: [Track] { tracks.keys.sorted().map { tracks[$0]! } }
}

/// An exact fingerprint of a replay's frames (FNV-1a over every event's contact, phase, position
/// and time bits, frame by frame): "frames/events/hash". Pins a replay's output bit for bit.
func fingerprint(_ frames: [[TouchEvent]]) -> String {
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325
    func mix(_ value: UInt64) {
        for shift in stride(from: 0, to: 64, by: 8) {
            hash ^= (value >> UInt64(shift)) & 0xff
            hash = hash &* 0x0000_0100_0000_01b3
        }
    }
    for frame in frames {
        mix(0xffff_ffff_ffff_ffff)
        for e in frame {
            mix(UInt64(e.contact))
            mix(UInt64(["began", "moved", "ended", "cancelled"].firstIndex(of: e.phase.rawValue)!))
            mix(e.position.x.bitPattern)
            mix(e.position.y.bitPattern)
            mix(e.time.bitPattern)
        }
    }
    return "\(frames.count)/\(frames.reduce(0) { $0 + $1.count })/\(String(hash, radix: 16))"
}

/// A random session on `machine`: 3000 random events (frames, type A blocks, drops, keys, axes,
/// garbage codes), with a random cancel or resync now and then; ends with ``cancelAll``. Every
/// returned frame, empty ones included. With `expire`, some of the cancels and resyncs become
/// ``TouchStateMachine/expireStuckContacts(now:)`` (the other rolls stay as they are).
func randomSession(_ machine: inout TouchStateMachine, seed: UInt64, expire: Bool = false) -> [[TouchEvent]] {
    var rng = SplitMix64(seed: seed)
    let codes: [UInt16] = [
        AbsCode.x, AbsCode.y, AbsCode.pressure, AbsCode.mtSlot, AbsCode.mtPositionX, AbsCode.mtPositionY,
        AbsCode.mtTrackingID, AbsCode.mtPressure, 0x3f,
    ]
    var frames: [[TouchEvent]] = []
    var time = 0.0
    for _ in 0..<3000 {
        time += 0.001
        let roll = rng.next() % 20
        let event: InputEvent
        switch roll {
        case 0..<4: event = InputEvent(time: time, type: EventType.syn, code: SynCode.report, value: 0)
        case 4..<6: event = InputEvent(time: time, type: EventType.syn, code: SynCode.mtReport, value: 0)
        case 6: event = InputEvent(time: time, type: EventType.syn, code: SynCode.dropped, value: 0)
        case 7..<9:
            let key = [KeyCode.touch, KeyCode.buttonLeft][Int(rng.next() % 2)]
            event = InputEvent(time: time, type: EventType.key, code: key, value: Int32(rng.next() % 2))
        case 9:
            if expire && rng.next() % 2 == 0 {
                frames.append(machine.expireStuckContacts(now: time))
            } else if rng.next() % 2 == 0 {
                frames.append(machine.cancelAll(time: time))
            } else {
                let slots = (0..<Int(rng.next() % 6)).map { _ in
                    DeviceState.Slot(
                        trackingID: Int32(rng.next() % 4) - 1, x: Int32(rng.next() % 800),
                        y: Int32(rng.next() % 480), pressure: Int32(rng.next() % 50))
                }
                let state = DeviceState(
                    currentSlot: Int(rng.next() % 6), slots: slots,
                    keysDown: rng.next() % 2 == 0 ? [KeyCode.touch] : [],
                    absValues: [AbsCode.x: Int32(rng.next() % 800), AbsCode.pressure: 25])
                frames.append(machine.resync(with: state, time: time))
            }
            continue
        default:
            let code = codes[Int(rng.next() % UInt64(codes.count))]
            let value =
                code == AbsCode.mtTrackingID || code == AbsCode.mtSlot
                ? Int32(rng.next() % 7) - 2 : Int32(truncatingIfNeeded: rng.next() % 900) - 50
            event = InputEvent(time: time, type: EventType.abs, code: code, value: value)
        }
        if let frame = machine.feed(event) { frames.append(frame) }
    }
    frames.append(machine.cancelAll(time: time + 1))
    return frames
}

/// The devices the random sessions run on.
let randomSessionDevices = [
    TestDevices.typeB(slots: 4, pressure: true), TestDevices.typeA(), TestDevices.typeA(trackingIDs: true),
    TestDevices.singleTouch(pressure: true), TestDevices.singleTouch(button: KeyCode.buttonLeft),
]
