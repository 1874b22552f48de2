import FoundationEssentials
import LinuxIO
import Panel
import Presentation
import TouchCore

/// Plays a recorded input stream into a ``PanelSession`` on recorded time: every event goes
/// through the same touch state machine (or, for a keyboard's or a dial's recording, the same
/// `KeyDecoder`) a live device uses, and frames are painted at the (simulated) vblanks between
/// events exactly as the live loop paints them after each flip. Headless runs, CI and
/// `switchpanel replay` use this; the session cannot tell it from a board.
public struct RecordingPlayer {
    /// How the recording's events are read.
    public enum Decoder {
        case touch(TouchStateMachine)
        case keys(KeyDecoder)
    }

    public var decoder: Decoder
    public var events: [InputEvent]
    /// Recording time that maps to session time 0 (the first event's time, less a lead-in).
    public let origin: Double
    /// Session time of the recording's first event.
    public let leadIn: Double

    /// Session time starts `leadIn` seconds before the first event, so the first frame is on
    /// screen before the first touch, as on a board.
    public init(decoder: Decoder, events: [InputEvent], leadIn: Double = 0.5) {
        self.decoder = decoder
        self.events = events
        origin = (events.first?.time ?? 0) - leadIn
        self.leadIn = leadIn
    }

    /// A recording made on `device`, played onto `config`'s panel. A touch device's axes are
    /// remapped when it reports position on other axes than it declares (eGalax), then calibrated
    /// as a live device of this board would be; a device without touch axes that has keys or a
    /// dial is read as a key device with the board's `keys` settings.
    public init(recording: EvemuRecording, device: DeviceDescription, config: BoardConfig, leadIn: Double = 0.5)
        throws
    {
        var device = device
        if device.touchProtocol == .none, KeyDecoder.readsKeys(device) {
            let decoder = try KeyDecoder(
                device: device, stepsPerDetent: config.keys.stepsPerDetent, reversed: config.keys.reverseDial)
            self.init(decoder: .keys(decoder), events: recording.events, leadIn: leadIn)
            return
        }
        if let remap = device.suggestedAxisRemap { device = device.remappingAxes(remap) }
        let calibration = try config.touch.calibration(for: device, display: config.display)
        let machine = try TouchStateMachine(device: device, calibration: calibration, filters: config.touch.filters)
        self.init(decoder: .touch(machine), events: recording.events, leadIn: leadIn)
    }

    /// Session time of `event`, and the contact frames and keys it makes (their times in session
    /// time too): one event of the recording through the touch state machine or key decoder.
    public mutating func take(_ event: InputEvent) -> (time: Double, frames: [[TouchEvent]], keys: [KeyPress]) {
        switch decoder {
        case .touch(var machine):
            let frames = machine.feedExpiring(event).map { frame in
                frame.map { e in
                    var e = e
                    e.time -= origin
                    return e
                }
            }
            decoder = .touch(machine)
            return (event.time - origin, frames, [])
        case .keys(var keys):
            let pressed = keys.feed(event).map { k in
                var k = k
                k.time -= origin
                return k
            }
            decoder = .keys(keys)
            return (event.time - origin, [], pressed)
        }
    }

    /// Statistics of a run.
    public struct Summary: Sendable {
        public var touchFrames = 0
        public var contacts = 0
        /// Keys and dial detents.
        public var keys = 0
        public var duration = 0.0
        public var framesPresented = 0
    }

    /// Runs the whole recording and then every animation to its end; calls `frame` with each
    /// presented frame's time (for `--frames`).
    public mutating func play(
        into session: PanelSession, frame: (Double) throws -> Void = { _ in }
    ) throws -> Summary {
        var summary = Summary()
        var now = 0.0
        let display = session.display
        /// Advances the clock to `time`, presenting frames at the vblanks on the way.
        func run(until time: Double) throws {
            while true {
                // A frame is painted as soon as a buffer is free, then shown at the next vblank.
                try session.renderFrame(at: now)
                guard let vblank = display.nextEventDeadline, vblank <= time else { break }
                now = vblank
                let shown = try display.dispatchEvents(now: now)
                if !shown.isEmpty { try frame(now) }
            }
            now = max(now, time)
        }
        for event in events {
            let (t, frames, keys) = take(event)
            try run(until: t)
            session.reapActions(now: t)
            for frame in frames {
                summary.touchFrames += 1
                summary.contacts += frame.filter { $0.phase == .began }.count
                session.deliver(frame, now: t)
            }
            for key in keys {
                summary.keys += 1
                session.deliver(key: key.key, now: t)
            }
        }
        summary.duration = (events.last?.time ?? origin) - origin
        // Contacts the recording never lifted are cancelled at its end, as a removal would be.
        session.cancelTouches(now: now)
        // Commands started by actions run in real time: wait for them (session time keeps pace,
        // so their timeouts still apply), so that their failures and the flip-backs they cause
        // are part of the replay.
        while session.actions.pending > 0 {
            sleepFor(0.01)
            now += 0.01
            session.reapActions(now: now)
        }
        // Let every animation finish and its last frame reach the screen.
        let settle = (session.restTime(after: now) ?? now) + 0.1
        try run(until: settle)
        while session.needsFrame(at: now) || display.nextEventDeadline != nil {
            try run(until: now + 1 / display.refreshRate)
        }
        summary.framesPresented = session.framesPresented
        return summary
    }
}

/// Why a recording cannot be played.
public enum RecordingError: Error, CustomStringConvertible {
    /// The recording has no device header and no description was given.
    case noDevice(name: String)

    public var description: String {
        switch self {
        case .noDevice(let name): "\(name) has no device header; give the device's .desc"
        }
    }
}

/// An evemu recording and the device it was made on: `description` (a `.desc`'s text) when
/// given, else the recording's own header. `replay`, `inject` and scenarios read recordings
/// through this.
public func parseRecording(_ text: String, named name: String, description: String?) throws -> (
    EvemuRecording, DeviceDescription
) {
    let recording = try EvemuRecording.parse(text)
    if let description { return (recording, try DeviceDescription.parse(description)) }
    guard let header = recording.device else { throw RecordingError.noDevice(name: name) }
    return (recording, header)
}
