import CommandLineInterface
import ConfigFormat
import DRM
import Foundation
import LinuxIO
import Presentation
import Raster

// `switchpanel-display-probe`: a test program, not installed, that proves the DRM display on a
// real kernel (scripts/vm-display-test.sh runs it in QEMU on virtio-gpu and bochs). It paints a
// known pattern through FrameComposer — the first frame shown by the mode set, two more by page
// flips that only repaint damage, so the second flip's buffer (age 2) must also receive the first
// flip's damage — then waits for a line on stdin while the host takes a screendump, and closes,
// restoring the CRTC. The same program checks a screendump against the pattern on the host.

/// The probe's command line.
enum DisplayProbe: Command {
    static let name = "switchpanel-display-probe"
    static let summary = "Shows a test pattern on the DRM display, or checks a screendump against it."
    static let details = """
        Opens the DRM display, shows three frames of a test pattern (mode set, then two page
        flips), prints timings, reads lines on stdin ("off" and "on" blank and unblank the
        display; anything else ends) while handling VT switches, closes, and reads the CRTC back
        through a second descriptor to check that the saved configuration was restored (exit 1
        if not). --check compares a PPM screendump with the pattern pixel for pixel instead.
        """
    static let card = Option("--card", "PATH", help: "the card (default: the first with a connected connector)")
    static let connector = Option("--connector", "NAME", help: "the connector (default: the first connected)")
    static let mode = Option("--mode", "WxH[@HZ]", help: "the mode (default: the connector's preferred one)")
    static let format = Option<PixelFormat>(choosing: "--format", "F", default: .xrgb8888, help: "the pixel format")
    static let api = Option<ModeSettingAPI>(choosing: "--api", "API", default: .automatic, help: "the mode-setting API")
    static let noVT = Flag("--no-vt", help: "leave the virtual terminal alone")
    static let check = Option("--check", "DUMP.ppm", help: "compare this screendump with the pattern; no display")
    static var options: [any CommandOption] { [card, connector, mode, format, api, noVT, check] }

    static func run(_ arguments: ParsedArguments) throws -> Int32 {
        if let dump = arguments[check] { return try checkScreendump(dump, format: arguments.value(format)) }
        return try probeDisplay(
            card: arguments[card], connector: arguments[connector], mode: try arguments[mode].map(parseMode),
            format: arguments.value(format), api: arguments.value(api), takeVT: !arguments[noVT])
    }
}

/// `--mode`'s value, read by the one parser of mode strings (a bad one is a usage error).
private func parseMode(_ text: String) throws -> ModeRequest {
    do { return try ModeRequest(parsing: text, path: "--mode") } catch { throw CommandLineError.usage("\(error)") }
}

/// The test pattern: a full first frame, then two damaged rectangles, one per flip.
enum ProbePattern {
    /// The logical damage of each frame.
    static func damage(width: Int, height: Int) -> [IntRect] {
        [
            IntRect(x: 0, y: 0, width: width, height: height),
            IntRect(x: width / 8, y: height / 6, width: width / 4, height: height / 4),
            IntRect(x: width / 2, y: height / 3, width: width / 3, height: height / 3),
        ]
    }

    /// Paints the scene as of `frame` (0, 1, 2); the caller clips to that frame's damage.
    static func draw(_ canvas: Canvas, width: Int, height: Int, frame: Int) {
        let w = Double(width)
        let h = Double(height)
        // SMPTE-like colour bars over the top, then a grey ramp and red, green and blue ramps:
        // every channel at many levels, so a swapped channel or a wrong format shows.
        let bars: [UInt32] = [0xFFFFFF, 0xFFFF00, 0x00FFFF, 0x00FF00, 0xFF00FF, 0xFF0000, 0x0000FF, 0x000000]
        let barsHeight = (h * 0.55).rounded()
        for (i, rgb) in bars.enumerated() {
            let x0 = (w * Double(i) / 8).rounded()
            let x1 = (w * Double(i + 1) / 8).rounded()
            canvas.fill(.rect(Rect(x: x0, y: 0, width: x1 - x0, height: barsHeight)), Color(rgb: rgb))
        }
        let ramps: [UInt32] = [0xFFFFFF, 0xFF0000, 0x00FF00, 0x0000FF]
        let rampHeight = ((h - barsHeight) / 4).rounded(.down)
        for (i, rgb) in ramps.enumerated() {
            let y = barsHeight + Double(i) * rampHeight
            let band = Rect(x: 0, y: y, width: w, height: i == 3 ? h - y : rampHeight)
            let gradient = LinearGradient(
                start: Point(0, 0), end: Point(w, 0),
                stops: [GradientStop(0, Color(rgb: 0)), GradientStop(1, Color(rgb: rgb))])
            canvas.fill(.rect(band), .linearGradient(gradient))
        }
        // Anti-aliased edges: a translucent disc and a rounded rectangle at fractional positions.
        canvas.fill(
            .circle(center: Point(w * 0.8 + 0.3, h * 0.25 + 0.6), radius: h * 0.12), Color(rgb: 0x2040C0, opacity: 0.7))
        canvas.fill(
            .roundedRect(
                Rect(x: w * 0.05 + 0.25, y: h * 0.62 + 0.5, width: w * 0.2, height: h * 0.12), CornerRadii(h * 0.05)),
            Color(rgb: 0xF0F0F0, opacity: 0.85))
        if frame >= 1 {
            let r = damage(width: width, height: height)[1]
            canvas.fill(.rect(Rect(r)), Color(rgb: 0xFF8000))
            canvas.fill(
                .circle(
                    center: Point(Double(r.x) + Double(r.width) / 2, Double(r.y) + Double(r.height) / 2),
                    radius: Double(r.height) * 0.35),
                Color(rgb: 0x102030))
        }
        if frame >= 2 {
            let r = damage(width: width, height: height)[2]
            canvas.fill(
                .roundedRect(Rect(r).insetBy(4), CornerRadii(Double(r.height) * 0.2)),
                Color(rgb: 0x10A090, opacity: 0.9))
        }
    }

    /// The final picture as the screen should show it: the frames through a FrameComposer onto
    /// an in-memory display, exactly as the probe sends them to the card.
    static func expected(width: Int, height: Int, format: PixelFormat) throws -> Image {
        let display = HeadlessDisplay(width: width, height: height, format: format)
        let composer = FrameComposer(display: display, rotation: .none)
        var now = 0.0
        for (frame, rect) in damage(width: width, height: height).enumerated() {
            composer.invalidate(rect)
            try composer.composeFrame(now: now) { draw($0, width: width, height: height, frame: frame) }
            now += 1
            _ = try display.dispatchEvents(now: now)
        }
        return display.snapshot()!
    }
}

extension Rect {
    fileprivate init(_ r: IntRect) {
        self.init(x: Double(r.x), y: Double(r.y), width: Double(r.width), height: Double(r.height))
    }

    fileprivate func insetBy(_ d: Double) -> Rect {
        Rect(x: x + d, y: y + d, width: width - 2 * d, height: height - 2 * d)
    }
}

private func say(_ line: String) {
    print("display-probe: \(line)")
    fflush(nil)
}

private func milliseconds(_ seconds: Double) -> String { String(format: "%.2f ms", seconds * 1000) }

/// Waits until the display reports a finished flip (or `timeout` seconds pass).
private func waitForFrame(_ display: DRMDisplay, timeout: Double = 5) throws -> PresentedFrame? {
    let deadline = monotonicNow() + timeout
    while monotonicNow() < deadline {
        if let fd = display.pollDescriptor, display.nextEventDeadline == nil {
            _ = try waitForReadable([PollHandle(fd)], timeout: 0.1)
        }
        if let frame = try display.dispatchEvents(now: monotonicNow()).last { return frame }
    }
    return nil
}

/// Forwards to the DRM display and times each present() call (the probe reports it).
private final class TimedDisplay: DisplayOutput {
    let display: DRMDisplay
    private(set) var presentStarted = 0.0
    private(set) var presentTook = 0.0

    init(_ display: DRMDisplay) { self.display = display }

    var width: Int { display.width }
    var height: Int { display.height }
    var format: PixelFormat { display.format }
    var refreshRate: Double { display.refreshRate }
    var isActive: Bool { display.isActive }
    var pollDescriptor: Int32? { display.pollDescriptor }
    var nextEventDeadline: Double? { display.nextEventDeadline }
    func acquireBuffer() -> DisplayBuffer? { display.acquireBuffer() }
    func dispatchEvents(now: Double) throws(DisplayError) -> [PresentedFrame] { try display.dispatchEvents(now: now) }

    func present(_ buffer: DisplayBuffer, damage: [IntRect], now: Double) throws(DisplayError) {
        presentStarted = monotonicNow()
        defer { presentTook = monotonicNow() - presentStarted }
        try display.present(buffer, damage: damage, now: now)
    }
}

/// `CRTC ACTIVE=0, connector DPMS=3` as the kernel reports it.
private func powerState(_ display: DRMDisplay) -> String {
    let state = display.reportedPowerState()
    return [
        state.crtcActive.map { "CRTC ACTIVE=\($0 ? 1 : 0)" }, state.dpms.map { "connector DPMS=\($0)" },
    ].compactMap { $0 }.joined(separator: ", ")
}

private func describe(_ crtc: CRTC?) -> String {
    guard let crtc else { return "gone" }
    guard let mode = crtc.mode else { return "CRTC \(crtc.id) off" }
    return "CRTC \(crtc.id) framebuffer \(crtc.framebufferID) at (\(crtc.x),\(crtc.y)) mode \(mode)"
}

private func probeDisplay(
    card: String?, connector: String?, mode: ModeRequest?, format: PixelFormat, api: ModeSettingAPI, takeVT: Bool
) throws -> Int32 {
    // The VT signals are blocked before the VT is taken: their default action would end the
    // process at the first switch.
    let signals = try SignalDescriptor(signals: SignalDescriptor.termination + VirtualTerminal.signals)
    let opening = monotonicNow()
    let display = try DRMDisplay.open(card: card, connector: connector, mode: mode, format: format, api: api)
    let plan = display.plan
    say(
        "opened \(display.path) (driver \(display.card.driver)) in \(milliseconds(monotonicNow() - opening)): "
            + "\(plan.connector.name) \(plan.mode) \(format.rawValue), CRTC \(plan.crtc.id), "
            + "plane \(plan.primaryPlane.map { String($0.id) } ?? "none"), "
            + (display.usesAtomic ? "atomic" : "legacy") + " mode setting")
    say("saved \(describe(display.savedCRTC))")
    if takeVT {
        if let warning = display.attachVirtualTerminal() {
            say(warning)
        } else {
            say("took VT \(display.virtualTerminal?.path ?? "?") (KD_GRAPHICS, VT_PROCESS)")
        }
    }

    let timed = TimedDisplay(display)
    let composer = FrameComposer(display: timed, rotation: .none)
    let (width, height) = (composer.logicalWidth, composer.logicalHeight)
    var frameCount = 0
    /// Composes the next frame of the pattern and waits until it is on screen.
    func show(damage: IntRect?, frame: Int, label: String) throws -> Bool {
        if let damage { composer.invalidate(damage) } else { composer.invalidateAll() }
        let age = display.acquireBuffer()?.age ?? -1
        let start = monotonicNow()
        guard
            try composer.composeFrame(
                now: start, draw: { ProbePattern.draw($0, width: width, height: height, frame: frame) })
        else {
            say("FAIL \(label): no buffer free")
            return false
        }
        guard let shown = try waitForFrame(display) else {
            say("FAIL \(label): no flip event within 5 s")
            return false
        }
        frameCount += 1
        say(
            "frame \(frameCount) (\(label)): buffer \(shown.bufferIndex) age \(age), paint+copy "
                + "\(milliseconds(timed.presentStarted - start)) + present() \(milliseconds(timed.presentTook)), "
                + "on screen \(milliseconds(shown.time - timed.presentStarted)) after present() was called "
                + "(vblank at \(String(format: "%.6f", shown.time)), sequence \(shown.sequence))")
        return true
    }
    var ok = true
    for (frame, rect) in ProbePattern.damage(width: width, height: height).enumerated() where ok {
        ok = try show(damage: rect, frame: frame, label: frame == 0 ? "mode set" : "page flip")
    }
    if let dirty = display.lastDirtyError { say("drmModeDirtyFB: \(dirty)") }
    say("showing the test pattern: take a screendump now, then send a line on stdin (off, on, or quit)")

    // Wait for the host's line; meanwhile answer VT switches and drain flip events.
    let standardInput = PollHandle(FileDescriptor.standardInputNumber)
    waiting: while ok {
        var handles = [standardInput, signals.pollHandle]
        if let fd = display.pollDescriptor { handles.append(PollHandle(fd)) }
        let ready = try waitForReadable(handles)
        if ready.contains(signals.pollHandle) {
            for signal in signals.drain() {
                switch try display.handleVTSignal(signal) {
                case .released?: say("VT released: dropped DRM master")
                case .acquired?:
                    say("VT acquired: DRM master and mode set again; repainting")
                    ok = try show(damage: nil, frame: 2, label: "repaint after the VT switch")
                    if ok { say("repainted after the VT switch") }
                case nil:
                    say("signal \(signal): closing")
                    break waiting
                }
            }
        }
        if let fd = display.pollDescriptor, ready.contains(PollHandle(fd)) {
            _ = try display.dispatchEvents(now: monotonicNow())
        }
        if ready.contains(standardInput) {
            // "off" and "on" blank and unblank the display (the loop's screen blanking); any
            // other line, or the end of input, closes.
            switch readLine() {
            case "off":
                try display.setPoweredOff(true)
                say("powered off (\(powerState(display)), no buffer handed out: \(display.acquireBuffer() == nil))")
            case "on":
                try display.setPoweredOff(false)
                say("powered on (\(powerState(display)))")
            default: break waiting
            }
        }
    }

    // A second descriptor, open across the close: the CRTC read back through it is what
    // close() restored (the kernel's own console restore runs only when the last one closes).
    let observer = try? Card(path: display.path, atomic: false)
    let closing = monotonicNow()
    display.close()
    let problems = display.closeProblems
    say("closed in \(milliseconds(monotonicNow() - closing))")
    for problem in problems { say("close: \(problem)") }
    let restored = try observer?.crtcState(id: display.savedCRTC.id)
    observer?.close()
    let saved = display.savedCRTC
    let matches =
        restored?.framebufferID == saved.framebufferID && restored?.mode == saved.mode && restored?.x == saved.x
        && restored?.y == saved.y
    say("restored \(describe(restored)) — \(matches ? "matches" : "MISMATCH with") the saved configuration")
    return ok && matches && problems.isEmpty ? 0 : 1
}

// MARK: Screendumps

/// A binary PPM (P6, maxval 255), as QEMU's `screendump` writes it.
private struct PPM {
    var width: Int
    var height: Int
    var rgb: [UInt8]

    init(path: String) throws {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw CommandLineError.failure("\(path): cannot read")
        }
        let bytes = [UInt8](data)
        // Header: "P6", width, height, maxval, separated by whitespace, then one whitespace byte.
        var fields: [String] = []
        var i = 0
        while fields.count < 4 && i < bytes.count {
            while i < bytes.count && [0x20, 0x0A, 0x0D, 0x09].contains(bytes[i]) { i += 1 }
            if i < bytes.count && bytes[i] == UInt8(ascii: "#") {
                while i < bytes.count && bytes[i] != 0x0A { i += 1 }
                continue
            }
            var field = ""
            while i < bytes.count && ![0x20, 0x0A, 0x0D, 0x09].contains(bytes[i]) {
                field.append(Character(UnicodeScalar(bytes[i])))
                i += 1
            }
            fields.append(field)
        }
        i += 1
        guard fields.count == 4, fields[0] == "P6", let w = Int(fields[1]), let h = Int(fields[2]), fields[3] == "255",
            w > 0, h > 0, bytes.count - i >= w * h * 3
        else { throw CommandLineError.failure("\(path): not a binary 8-bit PPM") }
        width = w
        height = h
        rgb = Array(bytes[i..<(i + w * h * 3)])
    }
}

/// Compares a screendump with the pattern: every pixel exact.
private func checkScreendump(_ path: String, format: PixelFormat) throws -> Int32 {
    let dump = try PPM(path: path)
    let expected = try ProbePattern.expected(width: dump.width, height: dump.height, format: format)
    var differing = 0
    var first: String?
    for y in 0..<dump.height {
        for x in 0..<dump.width {
            let p = expected.surface.pixel(x: x, y: y)
            let o = (y * dump.width + x) * 3
            let got = (dump.rgb[o], dump.rgb[o + 1], dump.rgb[o + 2])
            if got != (p.red, p.green, p.blue) {
                differing += 1
                if first == nil {
                    first = "first at (\(x),\(y)): got \(hex(got)), expected \(hex((p.red, p.green, p.blue)))"
                }
            }
        }
    }
    if differing == 0 {
        print("\(path): all \(dump.width * dump.height) pixels match the test pattern (\(format.rawValue))")
        return 0
    }
    print("\(path): \(differing) of \(dump.width * dump.height) pixels differ from the test pattern; \(first!)")
    return 1
}

private func hex(_ rgb: (UInt8, UInt8, UInt8)) -> String {
    String(format: "#%02X%02X%02X", rgb.0, rgb.1, rgb.2)
}
