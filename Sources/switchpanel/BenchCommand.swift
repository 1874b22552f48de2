import CommandLineInterface
import ConfigFormat
import FoundationEssentials
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
/// `switchpanel bench`.
enum BenchCommand: Command {
    static let name = "bench"
    static let summary = "The cost of the frames real toggles make, through the whole panel (headless)."
    static let details = """
        Toggles a switch of BOARD.json's panel (default: the demo panel) N times on the in-memory
        display, through the touch path (a tap at its centre) or, with --all, every enabled switch
        at once, and runs frames until each toggle has settled. Prints the frames presented and the
        median and largest time per frame (painting, copying, presenting; the first frame, drawn
        before the first toggle, is not counted). Actions are not run.

        With --swipe, N swipes between pages instead: a finger goes down in a gap between the
        switches and drags the page across at 60 frames a second, lifts, and the page settles;
        the next swipe goes back. The frames while the page slides are timed apart from the first
        of each slide (it draws the pages' pictures) and from the frame at rest after it. A board
        of one page gets a second for this: a copy of its page, each id suffixed "-2".
        """
    static let switchID = Option("--switch", "ID", help: "the switch to tap (default: the first enabled one)")
    static let all = Flag("--all", help: "set every enabled switch to its opposite at once instead of tapping one")
    static let swipe = Flag("--swipe", help: "swipe between pages instead of toggling (a one-page board gets a copy)")
    static let cycles = Option<Int>(
        "--cycles", "N", default: "10", help: "toggles (swipes with --swipe)", expected: "a whole number >= 1",
        convert: { Int($0).flatMap { $0 >= 1 ? $0 : nil } })
    static var options: [any CommandOption] { [SharedOptions.config, switchID, all, swipe, cycles] }

    static func run(_ arguments: ParsedArguments) throws -> Int32 {
        if arguments[all], arguments[switchID] != nil {
            throw CommandLineError.usage("--switch and --all exclude each other")
        }
        if arguments[swipe] {
            if arguments[all] || arguments[switchID] != nil {
                throw CommandLineError.usage("--swipe excludes --switch and --all")
            }
            return try runSwipeBench(config: arguments[SharedOptions.config], swipes: arguments.value(cycles))
        }
        return try runBench(
            config: arguments[SharedOptions.config], switchID: arguments[switchID], all: arguments[all],
            cycles: arguments.value(cycles))
    }
}

func runBench(config: String?, switchID: String?, all: Bool, cycles: Int) throws -> Int32 {
    logger.threshold = .notice
    var board = try loadBoard(config)
    // Drawing is measured, not actions (`print` would write a line per change).
    board.config.removeActions()
    let session = try headlessSession(board, log: logLine)
    let display = session.display
    let switches = session.controller.view.switches
    let target: ToggleSwitch
    let name: String
    if all {
        target = switches[0].toggle
        name = "all \(switches.filter { $0.toggle.isEnabled }.count) switches"
    } else if let id = switchID {
        guard let t = session.controller.view.toggle(id: id) else {
            throw CommandLineError.usage("no switch '\(id)' (there are: \(switches.map(\.id).joined(separator: ", ")))")
        }
        target = t
        name = id
    } else {
        guard let first = switches.first(where: { $0.toggle.isEnabled }) else {
            throw CommandLineError.usage("the panel has no enabled switch")
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
    print(
        "bench \(name): \(cycles) toggles, \(frames) frames presented, "
            + "median \(median.fixed(4)) ms/frame, largest \((sorted.last ?? 0).fixed(4)) ms")
    return 0
}

/// Milliseconds of a `Duration`.
enum FrameClock {
    static func milliseconds(_ d: Duration) -> Double {
        let (seconds, attoseconds) = d.components
        return Double(seconds) * 1e3 + Double(attoseconds) * 1e-15
    }
}
