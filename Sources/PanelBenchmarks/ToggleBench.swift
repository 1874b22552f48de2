import ConfigFormat
import LinuxIO
import Panel
import PanelRuntime
import Presentation
import Raster
import TouchCore
import Widget

/// `switchpanel bench`: the cost of the frames a real toggle makes, through everything a board
/// runs — touch events into the session, the widget's press, stretch and animation, the panel's
/// damage, FrameComposer's repaint and copy to a back buffer, the headless display's vblanks —
/// with the config's labels and images. The benchmark scene measures the rasteriser alone; this
/// measures the panel.
///
/// Each cycle either taps one switch (a contact down at its centre, up 80 ms later: a tap, so it
/// toggles) or sets every enabled switch to its opposite at once (as `ctl set` would, animated),
/// then runs frames until everything is at rest. Times are per presented frame (painting,
/// copying, presenting); `scripts/instruction-counts.sh` runs this under callgrind with two cycle
/// counts and divides the difference by the difference in frames.
public enum ToggleBench {
    /// Runs `cycles` toggles of `board`'s switch `switchID` (default: the first enabled one), or
    /// of every enabled switch at once with `all`, and returns the summary line: the frames
    /// presented, the median and largest time per frame. Actions are not run.
    public static func run(
        board: LoadedConfig, switchID: String?, all: Bool, cycles: Int, log: @escaping (LogLevel, String) -> Void
    ) throws -> String {
        var board = board
        // Drawing is measured, not actions (`print` would write a line per change).
        board.config.removeActions()
        let session = try headlessSession(board, log: log)
        let display = session.display
        let switches = session.controller.view.switches
        let target: ToggleSwitch
        let name: String
        if all {
            target = switches[0].toggle
            name = "all \(switches.filter { $0.toggle.isEnabled }.count) switches"
        } else if let id = switchID {
            guard let t = session.controller.view.toggle(id: id) else {
                throw BenchmarkError.unmeetable(
                    "no switch '\(id)' (there are: \(switches.map(\.id).joined(separator: ", ")))")
            }
            target = t
            name = id
        } else {
            guard let first = switches.first(where: { $0.toggle.isEnabled }) else {
                throw BenchmarkError.unmeetable("the panel has no enabled switch")
            }
            target = first.toggle
            name = first.id
        }

        let clock = ContinuousClock()
        var now = 0.0
        var measuring = false
        var millis: [Double] = []
        /// Frames as the live loop paints them: one as soon as a buffer is free and something
        /// changed, shown at the next vblank; while an animation runs with nothing to show yet (its
        /// first instant looks like rest), the next vblank is waited for.
        func advance(until time: Double) throws {
            while true {
                let start = clock.now
                let presented = try session.renderFrame(at: now)
                if presented && measuring { millis.append(FrameClock.milliseconds(start.duration(to: clock.now))) }
                if let vblank = display.nextEventDeadline {
                    guard vblank <= time else { break }
                    now = vblank
                    _ = try display.dispatchEvents(now: now)
                } else {
                    let next = ((now * display.refreshRate + 1e-6).rounded(.down) + 1) / display.refreshRate
                    guard session.controller.isAnimating(at: now), next <= time else { break }
                    now = next
                }
            }
            now = max(now, time)
        }
        /// Runs frames until nothing animates and the last frame is on screen.
        func settle() throws {
            try advance(until: (session.controller.restTime(after: now) ?? now) + 0.05)
            while session.needsFrame(at: now) || display.nextEventDeadline != nil {
                try advance(until: now + 1 / display.refreshRate)
            }
        }

        try advance(until: 0.1)
        try settle()
        measuring = true
        let framesBefore = session.framesPresented
        for _ in 0..<cycles {
            if all {
                for (id, toggle) in switches where toggle.isEnabled {
                    session.set(id, isOn: !toggle.isOn, runActions: false, now: now)
                }
            } else {
                let f = target.frame
                let centre = Point(f.midX, f.midY)
                session.deliver([TouchEvent(contact: 1, phase: .began, position: centre, time: now)], now: now)
                try advance(until: now + 0.08)
                session.deliver([TouchEvent(contact: 1, phase: .ended, position: centre, time: now)], now: now)
            }
            try settle()
        }
        let frames = session.framesPresented - framesBefore
        let sorted = millis.sorted()
        let median = sorted.isEmpty ? 0 : sorted[sorted.count / 2]
        return "bench \(name): \(cycles) toggles, \(frames) frames presented, "
            + "median \(median.fixed(4)) ms/frame, largest \((sorted.last ?? 0).fixed(4)) ms"
    }
}
