import Raster
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
        _ device: DeviceDescription, options: TouchStateMachine.Options = .init(), initialSlot: Int? = nil
    ) throws -> TouchStateMachine {
        let calibration = try TouchCalibration(device: device, screenWidth: 800, screenHeight: 480)
        return try TouchStateMachine(
            device: device, calibration: calibration, options: options, initialSlot: initialSlot)
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
