import ConfigFormat
import LinuxIO
import Panel
import PanelRuntime
import Raster
import TouchCore

/// `switchpanel bench --swipe`: the cost of the frames a page transition makes, through
/// everything a board runs — a finger's moves into the session, the panel's contact
/// arbitration and pager, the page pictures slid across the screen, FrameComposer's copy to a
/// back buffer, the headless display's vblanks.
///
/// Each swipe: a finger goes down in a gap between the switches (so the contact may drag the
/// page), moves 55 % of the width in 16 frames at 60 Hz (about 1650 px/s at 800 px wide: a
/// brisk swipe, well past the flick speed), lifts, and the page settles on the next page; the
/// next swipe comes back. Frames fall in three kinds, each painted through a function of its
/// own so that `scripts/instruction-counts.sh --panel` can count each kind alone under callgrind
/// (`--toggle-collect`): the first frame of a slide (it draws the two pages' pictures), the
/// frames while the page slides (the pictures moved, nothing redrawn: the steady state the
/// issue's target is about), and the frame at rest after the slide (the page drawn directly,
/// the pictures freed).
public enum SwipeBench {
    /// Runs `swipes` swipes on `board`'s panel and returns the summary line: the frames of each
    /// kind with their median and largest times, and the bytes of the page pictures.
    public static func run(board: LoadedConfig, swipes: Int, log: @escaping (LogLevel, String) -> Void) throws
        -> String
    {
        var board = board
        board.config.removeActions()
        var note = ""
        if board.config.pages.count == 1 {
            board.config.pages.append(board.config.pages[0].copy(suffixingIDsWith: "-2"))
            note = " (a one-page board: a copy of its page, ids suffixed \"-2\", added as page 2)"
        }
        let session = try headlessSession(board, log: log)
        let display = session.display
        let controller = session.controller
        let size = board.config.display.logicalSize
        let width = Double(size.width)
        let interval = 1 / display.refreshRate

        let clock = ContinuousClock()
        var now = 0.0
        var millis: [SwipeFrameKind: [Double]] = [:]
        var pictureBytes = 0

        /// The next display frame: the pending flip completes at its vblank, the finger (if it
        /// moved) is delivered, and a frame is painted if anything changed.
        func frame(_ touch: TouchEvent.Phase?, at point: Point, measured: Bool = true) throws {
            now = display.nextEventDeadline ?? ((now / interval + 1e-6).rounded(.down) + 1) * interval
            _ = try display.dispatchEvents(now: now)
            if let touch {
                session.deliver([TouchEvent(contact: 1, phase: touch, position: point, time: now)], now: now)
            }
            let kind = SwipeFrameKind(controller, at: now)
            let start = clock.now
            let presented: Bool
            switch kind {
            case .first:
                let frame = try swipeFirstFrame(session, at: now)
                presented = frame.presented
                pictureBytes = max(pictureBytes, frame.pictureBytes)
            case .sliding: presented = try swipeSlidingFrame(session, at: now)
            case .rest:
                let frame = try swipeRestFrame(session, at: now)
                presented = frame.presented
                guard frame.picturesFreed else { throw BenchmarkError.failed("the page pictures outlived the slide") }
            }
            if presented, measured {
                millis[kind, default: []].append(FrameClock.milliseconds(start.duration(to: clock.now)))
            }
        }
        /// Frames until nothing moves and the last frame is on screen.
        func settle(measured: Bool = true) throws {
            while session.needsFrame(at: now) || display.nextEventDeadline != nil || controller.isAnimating(at: now) {
                try frame(nil, at: Point(0, 0), measured: measured)
            }
        }

        try session.renderFrame(at: now)
        try settle(measured: false)
        let framesBefore = session.framesPresented
        let steps = 16
        let travel = 0.55 * width
        for _ in 0..<swipes {
            // Towards the next page from the first, back towards the previous otherwise.
            let forward = controller.page == 0
            let page = controller.page
            guard let start = gapPoint(on: page, of: controller.view, startingAt: forward ? 0.85 : 0.15) else {
                throw BenchmarkError.failed("page \(page) has no gap between its switches to start a swipe from")
            }
            let dx = (forward ? -travel : travel) / Double(steps)
            try frame(.began, at: start)
            for k in 1...steps { try frame(.moved, at: Point(start.x + dx * Double(k), start.y)) }
            try frame(.ended, at: Point(start.x + dx * Double(steps), start.y))
            try settle()
            guard controller.page != page else {
                throw BenchmarkError.failed("the swipe from \(start) did not turn page \(page)")
            }
        }
        let frames = session.framesPresented - framesBefore
        func summary(_ kind: SwipeFrameKind) -> String {
            let sorted = (millis[kind] ?? []).sorted()
            let median = sorted.isEmpty ? 0 : sorted[sorted.count / 2]
            return "\(sorted.count) \(kind.rawValue) "
                + "(median \(median.fixed(4)) ms, largest \((sorted.last ?? 0).fixed(4)) ms)"
        }
        let perPage = size.width * size.height * 4
        return "bench swipe \(board.config.name)\(note): \(swipes) swipes, \(frames) frames presented: "
            + [SwipeFrameKind.sliding, .first, .rest].map(summary).joined(separator: ", ")
            + "; a page picture holds \(perPage) bytes (\(size.width)x\(size.height) ARGB8888), "
            + "\(pictureBytes) bytes at most while sliding"
    }
}

/// What a frame of a swipe is, by what it paints.
enum SwipeFrameKind: String {
    /// The first frame of a slide: draws the pictures of the pages in view.
    case first = "first frames of a slide"
    /// The page slides: its pictures are moved, nothing is redrawn.
    case sliding = "frames sliding"
    /// At rest: the page is drawn directly (and its pictures freed).
    case rest = "frames at rest after a slide"

    init(_ controller: PanelController, at now: Double) {
        if controller.pager.isAtRest(at: now) {
            self = .rest
        } else {
            self = controller.pagePictureBytes == 0 ? .first : .sliding
        }
    }
}

// One function per kind of frame, never inlined, so that callgrind's `--toggle-collect` can
// count each kind alone (scripts/instruction-counts.sh --panel). Their bodies differ on purpose:
// the optimiser merges functions whose bodies are the same (each then a jump into one shared
// body, which callgrind cannot tell apart). No closures inside: a closure's symbol carries its
// function's name, and entering it would toggle the collection off.

/// The first frame of a slide; returns whether it was presented and the bytes the page
/// pictures it drew hold.
@inline(never)
func swipeFirstFrame(_ session: PanelSession, at now: Double) throws -> (presented: Bool, pictureBytes: Int) {
    let presented = try session.renderFrame(at: now)
    return (presented, session.controller.pagePictureBytes)
}

@inline(never)
func swipeSlidingFrame(_ session: PanelSession, at now: Double) throws -> Bool { try session.renderFrame(at: now) }

/// The frame at rest after a slide; returns whether it was presented and whether the page
/// pictures were freed.
@inline(never)
func swipeRestFrame(_ session: PanelSession, at now: Double) throws -> (presented: Bool, picturesFreed: Bool) {
    let presented = try session.renderFrame(at: now)
    return (presented, session.controller.pagePictureBytes == 0)
}

/// A point of page `page` where a contact goes down on no switch and no page dot: the first
/// found scanning down from a tenth of the height at `fraction` of the width (then nearer the
/// middle), so a horizontal drag from it may move the page.
func gapPoint(on page: Int, of view: PanelView, startingAt fraction: Double) -> Point? {
    let size = view.config.display.logicalSize
    let toggles = view.pages[page].switchIndices.map { view.switches[$0].toggle }
    for f in [fraction, (fraction + 0.5) / 2] {
        let x = Double(size.width) * f
        for y in stride(from: Double(size.height) * 0.1, to: Double(size.height) * 0.9, by: 2) {
            let p = Point(x, y)
            if !toggles.contains(where: { $0.hitTest(p) }), view.dot(at: p) == nil { return p }
        }
    }
    return nil
}

extension PageConfig {
    /// This page again with every switch id (and every group's member ids) suffixed: a second
    /// page of the same look for a board that has one.
    func copy(suffixingIDsWith suffix: String) -> PageConfig {
        var page = self
        page.title = (title ?? "Page 1") + suffix
        for s in page.sections.indices {
            for w in page.sections[s].switches.indices {
                page.sections[s].switches[w].id += suffix
                if var group = page.sections[s].switches[w].group {
                    group.members = group.members.map { $0 + suffix }
                    page.sections[s].switches[w].group = group
                }
            }
        }
        return page
    }
}
