import ConfigFormat
import FoundationEssentials
import LinuxIO
import Panel
import Presentation
import TouchCore

/// The panel's one thread: a `Poller` over the display (page-flip events), the touch devices,
/// the hot-plug watcher, the control socket, the actions' stderr pipes and a signalfd — and
/// nothing else.
///
/// Frames are paced by the display: after a flip completes, the next frame is painted if
/// something changed or still animates. The poller sleeps until the earliest real deadline (a
/// command's timeout, a stuck contact, a headless vblank, blanking, the watchdog) and without a
/// deadline for ever, so at rest the process sleeps until a touch, a signal or a client arrives.
///
/// The clock and the poller are injected: with an `EmbeddedPoller` the same loop runs in
/// virtual time (``EmbeddedPanel`` drives it from tests), so five idle minutes take microseconds.
///
/// The loop reaches the panel through its ``session`` only, and is that session's listener: what
/// the session saved the loop passes on (PanelLoop+Control.swift, with the control socket's
/// requests); the screen's blanking and backlight are PanelLoop+Screen.swift.
public final class PanelLoop {
    public let session: PanelSession
    let display: DisplayOutput & DisplaySession
    private let inputs: TouchSource?
    private let signals: SignalDescriptor
    private let poller: Poller
    let log: (LogLevel, String) -> Void
    /// Re-reads the config for SIGHUP; nil when there is no file to re-read (the demo panel).
    private let reloadConfig: (() throws -> LoadedConfig)?
    /// Called once, when the first frame is on screen (READY=1 for systemd).
    public var onFirstFrame: (() -> Void)?
    /// The watchdog ping and its period (half of systemd's WatchdogSec); nil without a watchdog.
    public var watchdog: (period: Double, ping: () -> Void)?
    /// The control socket, served between frames; nil without one.
    let control: ControlServer?
    /// Called around a SIGHUP reload (systemd's RELOADING=1, then READY=1).
    public var onReloading: (() -> Void)?
    public var onReloaded: (() -> Void)?

    /// When the screen goes dark, and the touches that wake it.
    var blanker: ScreenBlanker
    /// The backlight blanking switches, when the config names one; else the display's DPMS.
    var backlight: Backlight?
    /// The backlight's brightness in percent as last set or read; nil without one.
    var brightness: Int?
    private var nextWatchdog: Double?
    private var firstFramePresented = false
    /// Whether requests are being answered (events wait in ``heldEvents`` for the replies).
    var isServing = false
    var heldEvents: [String] = []
    /// Frames painted since the loop last went idle.
    private var framesSinceIdle = 0
    /// A painted frame waits for its flip.
    var flipPending = false
    /// The kernel time of the earliest touch whose effect is not on screen yet.
    private var touchAwaitingFrame: Double?
    /// That touch, once a frame carrying its effect has been queued for the next flip.
    private var touchInFlight: Double?
    /// The frame queued for the next flip, when it shows the pages sliding (or landing after a
    /// slide): where the page was, whether a finger held it or it came to rest, and when its
    /// paint began. Logged with its flip (`--verbose`), so a run can count the slide's frames
    /// against its flips.
    private var slideFrameInFlight: (position: Double, dragging: Bool, landed: Bool, painted: Double)?
    /// Whether the last frame painted showed the pages sliding.
    private var lastFrameSlid = false
    /// When the poller last returned (the most recent 2048–4096 times): how the tests see that
    /// the loop does not wake up at rest.
    public private(set) var wakeTimes: [Double] = []
    /// Touch-to-glass latencies measured (seconds).
    public private(set) var latencies: [Double] = []
    /// Whether to log every flip with its latency (`--verbose`).
    public var logsFrames = false
    /// Standard output of `print` actions, flushed when it is writable again.
    public var output: LineOutput?
    /// Whether the screen is blanked now.
    public var isBlank: Bool { blanker.isBlank }

    /// A screen painted instead of the panel while set (calibration's targets); the loop returns
    /// nil once it is finished.
    public var takeover: ScreenTakeover?

    /// The services served besides the loop's own sources (``add(_:)``), in the order added.
    public private(set) var services: [PanelService] = []

    /// What woke the loop, by the handle it came on.
    fileprivate enum Source: Equatable {
        case signals, display, inputs, control, actions, output
        case service(Int)
    }

    public init(
        session: PanelSession, display: DisplayOutput & DisplaySession, inputs: TouchSource?,
        control: ControlServer? = nil, reloadConfig: (() throws -> LoadedConfig)?,
        poller: Poller = SystemPoller(), log: @escaping (LogLevel, String) -> Void
    ) throws(SystemError) {
        self.session = session
        self.control = control
        self.display = display
        self.inputs = inputs
        self.reloadConfig = reloadConfig
        self.poller = poller
        self.log = log
        setSignalDisposition(SignalNumber.brokenPipe, ignored: true)
        // A parent may have left SIGCHLD ignored, and then children are never reported.
        setSignalDisposition(SignalNumber.childExited, ignored: false)
        signals = try SignalDescriptor(
            signals: [SignalNumber.interrupt, SignalNumber.terminate, SignalNumber.hangUp, SignalNumber.childExited]
                + display.signals)
        blanker = ScreenBlanker(idleTimeout: session.config.screen.blankAfter, now: poller.clock.now)
        configureBlanking(session.config.screen)
        // A panel that died while blank (killed, a crash) left the backlight off: start lit.
        if let backlight { try? backlight.setOff(false) }
        // Every acknowledged change and page shown goes to the socket's subscribers and the
        // services (PanelLoop+Control).
        session.listener = self
    }

    /// Serves `service` from the next turn on (its descriptors, deadlines and notifications).
    public func add(_ service: PanelService) {
        services.append(service)
        service.start(in: self, now: poller.clock.now)
    }

    /// The loop's clock (virtual under ``EmbeddedPanel``): what services measure time with.
    public var clock: MonotonicClock { poller.clock }

    /// Runs until SIGINT or SIGTERM and returns that signal. Display errors end the loop by
    /// throwing (the caller closes the display, restoring the screen). With an
    /// `EmbeddedPoller`, returns nil once the loop would sleep past the poller's horizon.
    public func run() throws -> Int32? {
        while true {
            if takeover?.isFinished == true { return nil }
            let now = poller.clock.now
            if !display.isActive, blanker.isBlank { lightForAnotherConsole(now: now) }
            if session.liveContacts > 0 || !display.isActive {
                // A finger resting on the glass is not idleness; another VT's screen is not ours.
                blanker.wake(at: now)
            } else if blanker.shouldBlank(at: now) {
                if setScreenOff(true) {
                    screenBlanked(.idle, now: now)
                } else {
                    blanker.wake(at: now)  // still lit: do not swallow the next touch
                }
            }
            session.returnHomeIfIdle(now: now)
            try paint(now: now)
            if let w = watchdog, now >= nextWatchdog ?? now {
                w.ping()
                nextWatchdog = now + w.period
            }

            var sources: [PollHandle: Source] = [signals.pollHandle: .signals]
            if let fd = display.pollDescriptor { sources[PollHandle(fd)] = .display }
            for handle in inputs?.pollHandles ?? [] { sources[handle] = .inputs }
            for handle in session.actions.pollHandles { sources[handle] = .actions }
            let controlInterests = control?.pollInterests ?? []
            for interest in controlInterests { sources[interest.handle] = .control }
            let outputInterest = output?.pollInterest
            if let outputInterest { sources[outputInterest.handle] = .output }
            var serviceInterests: [PollInterest] = []
            for (index, service) in services.enumerated() {
                for interest in service.pollInterests {
                    sources[interest.handle] = .service(index)
                    serviceInterests.append(interest)
                }
            }
            var interests = sources.filter { $0.value.isReadOnly }.map { PollInterest($0.key) }
            interests += controlInterests
            if let outputInterest { interests.append(outputInterest) }
            interests += serviceInterests
            guard let ready = try poller.wait(for: interests, until: nextDeadline(now: now)) else { return nil }
            let woke = poller.clock.now
            wakeTimes.append(woke)
            if wakeTimes.count > 4096 { wakeTimes.removeFirst(2048) }

            for event in ready {
                switch sources[event.handle] {
                case .control: control?.transfer(event, now: woke)
                case .signals:
                    for signo in signals.drain() {
                        if let code = try handle(signal: signo, now: woke) {
                            if blanker.isBlank { setScreenOff(false) }  // leave the screen as found
                            for service in services { service.stop(now: woke) }
                            return code
                        }
                    }
                case .display: try dispatchDisplay(now: woke)
                case .actions: session.reapActions(now: woke)
                case .output: output?.flush()
                case .inputs:
                    if let inputs {
                        deliver(inputs.handleReadable(event.handle, now: woke), now: woke)
                        deliver(keys: inputs.takeKeys(), now: woke)
                    }
                case .service(let index): services[index].handle(event, now: woke)
                case nil: break
                }
            }
            if let control { serve(control, control.takeRequests(), now: woke) }
            // Deadlines that passed, whatever woke us.
            if let d = display.nextEventDeadline, woke >= d { try dispatchDisplay(now: woke) }
            if let d = session.actions.nextDeadline, woke >= d { session.reapActions(now: woke) }
            if let inputs, let d = inputs.nextDeadline, woke >= d { deliver(inputs.expire(now: woke), now: woke) }
            if let control, let d = control.nextDeadline, woke >= d { control.expire(now: woke) }
            for service in services { service.tick(now: woke) }
        }
    }

    /// Hands touch frames to the panel as if a device had produced them now: what the loop
    /// does with every device's frames, and how a test touches a panel in virtual time.
    public func deliverTouches(_ frames: [[TouchEvent]]) {
        deliver(frames, now: poller.clock.now)
    }

    /// Hands keys and dial detents to the panel as if a device had produced them now: what the
    /// loop does with every key device's, and how a test presses keys in virtual time.
    public func deliverKeys(_ keys: [KeyPress]) {
        deliver(keys: keys, now: poller.clock.now)
    }

    private func nextDeadline(now: Double) -> Double? {
        var candidates: [Double?] = [
            display.nextEventDeadline, session.actions.nextDeadline, inputs?.nextDeadline,
            watchdog == nil ? nil : nextWatchdog, blanker.deadline, animationStartDeadline(now: now),
            control?.hasBufferedRequests == true ? now : nil, control?.nextDeadline,
            session.panelDeadline(after: now),
        ]
        candidates += services.map(\.nextDeadline)
        return candidates.compactMap { $0 }.min()
    }

    /// An animation that begins at this very instant draws nothing yet (its thumb has not moved),
    /// so no flip is pending to pace the next frame: look again a moment later. Without this a
    /// change made at the instant of a paint waited for the next unrelated wake-up — rare on a
    /// real clock, certain on a virtual one.
    private func animationStartDeadline(now: Double) -> Double? {
        guard !flipPending, display.isActive, !blanker.isBlank, session.isAnimating(at: now) else {
            return nil
        }
        return now + Self.animationStartDelay
    }

    /// A quarter of a 60 Hz frame.
    static let animationStartDelay = 0.004

    private func deliver(_ frames: [[TouchEvent]], now: Double) {
        // While another VT has the screen the touches are its console's (the devices are
        // ungrabbed); what still reaches us is not meant for the switches.
        guard display.isActive else { return }
        for frame in frames where !frame.isEmpty {
            let (passed, wake) = blanker.filter(frame, now: now)
            if wake {
                setScreenOff(false)
                screenChanged(.touch)
            }
            guard !passed.isEmpty else { continue }
            session.deliver(passed, now: now)
            // Touch-to-glass counts touches whose effect must be drawn, not taps on the background.
            if touchAwaitingFrame == nil, session.needsFrame(at: now) { touchAwaitingFrame = passed[0].time }
        }
    }

    private func deliver(keys: [KeyPress], now: Double) {
        // Another VT's console has the keyboard while the devices are ungrabbed.
        guard display.isActive else { return }
        for key in keys {
            let (pass, wake) = blanker.filter(key: key, now: now)
            if wake {
                setScreenOff(false)
                screenChanged(.key)
            }
            if pass {
                session.deliver(key: key.key, now: now)
            } else {
                // The key that woke the screen still counts as use: the home timer restarts.
                session.noteInteraction(at: now)
            }
        }
    }

    /// Paints the next frame if one is wanted and a buffer is free.
    private func paint(now: Double) throws(DisplayError) {
        guard display.isActive, !blanker.isBlank else { return }
        if try takeover == nil ? session.renderFrame(at: now) : takeover!.renderFrame(at: now) {
            for service in services { service.framePresented(damage: session.composer.lastFrameDamage, now: now) }
            framesSinceIdle += 1
            flipPending = true
            if let t = touchAwaitingFrame {
                touchInFlight = t
                touchAwaitingFrame = nil
            }
            if logsFrames {
                let pages = session.pagePosition(at: now)
                slideFrameInFlight =
                    pages.sliding || lastFrameSlid ? (pages.position, pages.dragging, !pages.sliding, now) : nil
                lastFrameSlid = pages.sliding
            }
        } else if framesSinceIdle > 0, !flipPending, !session.needsFrame(at: now) {
            // Everything painted is on screen and nothing moves: the loop sleeps from here. The
            // QEMU harness waits for this line before each screendump.
            log(.debug, "idle after \(framesSinceIdle) frames")
            framesSinceIdle = 0
        }
    }

    private func dispatchDisplay(now: Double) throws(DisplayError) {
        for frame in try display.dispatchEvents(now: now) {
            flipPending = false
            if !firstFramePresented {
                firstFramePresented = true
                log(.info, "first frame on screen (\(display.width)x\(display.height) \(display.format.rawValue))")
                onFirstFrame?()
            }
            if let t = touchInFlight {
                latencies.append(frame.time - t)
                touchInFlight = nil
                if logsFrames {
                    log(
                        .debug,
                        "frame \(session.framesPresented) (vblank \(frame.sequence)): touch-to-glass \(Int(((frame.time - t) * 1000).rounded())) ms"
                    )
                }
            }
            if let slide = slideFrameInFlight {
                slideFrameInFlight = nil
                let figures =
                    "flipped at \(frame.time.fixed(4)), its paint began \(((frame.time - slide.painted) * 1000).fixed(1)) ms before: page at \(slide.position.fixed(4))"
                let how = slide.dragging ? " (dragged)" : slide.landed ? " (landed)" : ""
                log(.debug, "frame \(session.framesPresented) (vblank \(frame.sequence)) \(figures)\(how)")
            }
        }
    }

    /// Handles one signal; returns the exit signal for SIGINT/SIGTERM.
    private func handle(signal signo: Int32, now: Double) throws(DisplayError) -> Int32? {
        switch signo {
        case SignalNumber.interrupt, SignalNumber.terminate:
            log(
                .info,
                signo == SignalNumber.interrupt
                    ? "interrupted; restoring the display" : "terminated; restoring the display")
            return signo
        case SignalNumber.hangUp:
            guard let reloadConfig else {
                log(.notice, "SIGHUP: the built-in demo panel has no config file to reload")
                return nil
            }
            onReloading?()
            defer { onReloaded?() }
            do {
                try reload(try reloadConfig(), now: now)
            } catch {
                log(.error, "reload failed, keeping the running config: \(error)")
            }
        case SignalNumber.childExited:
            session.reapActions(now: now)
        default:
            let repaint = try display.handleSignal(signo)
            // The display waited for any pending flip before letting the VT go or taking it back.
            flipPending = false
            if repaint {
                session.invalidateAll()
                inputs?.setGrabbed(true)
                log(.info, "display back; repainting")
            } else if !display.isActive {
                // Switched away: contacts in progress end without toggling anything, and the
                // other VT's console gets the touchscreen.
                session.cancelTouches(now: now)
                inputs?.setGrabbed(false)
                log(.info, "display released to another VT")
            }
        }
        return nil
    }

    /// Takes a new config as SIGHUP does (every switch keeps its state, the touch devices take
    /// its calibration, everything is repainted, the services are told); a config the session
    /// refuses throws, and the running one stays. How a service that watches the file reloads.
    public func reload(_ loaded: LoadedConfig, now: Double) throws {
        let config = loaded.config
        try session.reload(loaded, now: now)
        // Lit by the means that blanked it, before the config may change the means.
        let wasBlank = blanker.wake(at: now)
        if wasBlank { setScreenOff(false) }
        configureBlanking(config.screen)
        if wasBlank { screenChanged(.reload) }
        if let inputs {
            deliver(
                inputs.reconfigure(touch: config.touch, keys: config.keys, display: config.display, now: now), now: now)
        }
        session.invalidateAll()
        for service in services { service.configReloaded(now: now) }
    }

    /// Median and worst touch-to-glass latency in milliseconds, for the log at exit.
    public var latencySummary: String? {
        guard !latencies.isEmpty else { return nil }
        let sorted = latencies.sorted()
        return
            "touch-to-glass over \(sorted.count) touch frames: median \((sorted[sorted.count / 2] * 1000).fixed(1)) ms, "
            + "worst \((sorted.last! * 1000).fixed(1)) ms"
    }
}

extension PanelLoop.Source {
    /// Sources waited on for input only (the control socket, stdout and services bring their
    /// own interests).
    fileprivate var isReadOnly: Bool {
        switch self {
        case .signals, .display, .inputs, .actions: true
        case .control, .output, .service: false
        }
    }
}
