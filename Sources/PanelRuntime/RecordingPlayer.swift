import Foundation
import Presentation
import TouchCore

/// Plays a recorded input stream into a ``PanelSession`` on recorded time: every event goes
/// through the same touch state machine a live device uses, and frames are painted at the
/// (simulated) vblanks between events exactly as the live loop paints them after each flip.
/// Headless runs, CI and `switchpanel replay` use this; the session cannot tell it from a board.
public struct RecordingPlayer {
    public var machine: TouchStateMachine
    public var events: [InputEvent]
    /// Recording time that maps to session time 0 (the first event's time, less a lead-in).
    public let origin: Double
    /// Session time of the recording's first event.
    public let leadIn: Double

    /// Session time starts `leadIn` seconds before the first event, so the first frame is on
    /// screen before the first touch, as on a board.
    public init(machine: TouchStateMachine, events: [InputEvent], leadIn: Double = 0.5) {
        self.machine = machine
        self.events = events
        origin = (events.first?.time ?? 0) - leadIn
        self.leadIn = leadIn
    }

    /// Statistics of a run.
    public struct Summary: Sendable {
        public var touchFrames = 0
        public var contacts = 0
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
            let t = event.time - origin
            try run(until: t)
            session.reapActions(now: t)
            for frame in machine.feedExpiring(event) {
                summary.touchFrames += 1
                summary.contacts += frame.filter { $0.phase == .began }.count
                session.deliver(
                    frame.map { e in
                        var e = e
                        e.time -= origin
                        return e
                    }, now: t)
            }
        }
        summary.duration = (events.last?.time ?? origin) - origin
        // Contacts the recording never lifted are cancelled at its end, as a removal would be.
        session.controller.cancelTouches(now: now)
        // Commands started by actions run in real time: wait for them (session time keeps pace,
        // so their timeouts still apply), so that their failures and the flip-backs they cause
        // are part of the replay.
        while session.actions.pending > 0 {
            usleep(10_000)
            now += 0.01
            session.reapActions(now: now)
        }
        // Let every animation finish and its last frame reach the screen.
        let settle = (session.controller.restTime(after: now) ?? now) + 0.1
        try run(until: settle)
        while session.needsFrame(at: now) || display.nextEventDeadline != nil {
            try run(until: now + 1 / display.refreshRate)
        }
        summary.framesPresented = session.framesPresented
        return summary
    }
}
