import Raster
import Widget

/// The benchmark scene "switch-grid-800x480" (docs/bench-scene/SCENE.md), drawn by the switch
/// widget's renderer — the same code a panel runs — with the scene's numbers as a switch style:
/// capsules, round thumbs and gaussian shadows at arbitrary, also fractional, positions.
public enum BenchScene {
    public enum Workload: String, CaseIterable, Sendable {
        /// Clear and all 24 switches.
        case full
        /// Switch 5 at mid-travel, repainted inside its box.
        case partial
        /// Switch 5 toggling off → on over 16 eased frames, repainted inside its box.
        case anim
        /// Switch 5 in its box at positions that never repeat: frac(0.5 + k·φ).
        case realtime
        /// All 24 switches animating at once: switch i at frac(i/24 + k·φ), whole frame.
        case scene
    }

    public static let width = 800
    public static let height = 480
    public static let background = Color(rgb: 0xF2F2F7)
    public static let onColor = Color(rgb: 0x34C759)
    public static let offColor = Color(rgb: 0xE9E9EA)
    public static let midColor = Color(rgb: 0x8FD8A2)
    public static let switchSize = (width: 102.0, height: 62.0)
    public static let thumbRadius = 27.0
    public static let thumbInset = 4.0
    public static let shadow = Shadow(color: .black, opacity: 0.25, offset: Point(0, 3), sigma: 2)
    /// Frames in one ANIM cycle.
    public static let animFrames = 16
    /// The switch the PARTIAL and ANIM workloads repaint.
    public static let animatedSwitch = 5

    /// Top-left corner of switch i's frame.
    public static func origin(ofSwitch i: Int) -> Point {
        Point(Double(40 + (i % 4) * 190), Double(20 + (i / 4) * 76))
    }

    /// The box PARTIAL and ANIM repaint: switch 5's frame grown by 8 px on each side.
    public static var partialBox: IntRect {
        let o = origin(ofSwitch: animatedSwitch)
        return IntRect(
            x: Int(o.x) - 8, y: Int(o.y) - 8, width: Int(switchSize.width) + 16, height: Int(switchSize.height) + 16)
    }

    /// The scene's switch as a widget style: 102×62, capsule track, 54 px white thumb inset by
    /// 4, shadow 25 % black offset (0, 3) with σ 2.
    public static let style: SwitchStyle = {
        var s = SwitchStyle()
        s.size = Size(width: switchSize.width, height: switchSize.height)
        s.trackColorOn = onColor
        s.trackColorOff = offColor
        s.padding = thumbInset
        s.thumbSize = 2 * thumbRadius
        s.thumbShadow = Shadow(color: .black, opacity: 0.25, offset: Point(0, 3), sigma: 2)
        return s
    }()

    /// Draws the scene's switches; one renderer for all frames (no images, no labels).
    nonisolated(unsafe) static let renderer = SwitchRenderer(images: [:])

    /// One switch with its thumb at `position` (0 off … 1 on): the track colour and thumb
    /// place follow from the position exactly as in the widget.
    public static func drawSwitch(_ canvas: Canvas, index i: Int, position: Double) {
        let o = origin(ofSwitch: i)
        let frame = Rect(x: o.x, y: o.y, width: switchSize.width, height: switchSize.height)
        renderer.draw(style: style, frame: frame, appearance: SwitchAppearance(position: position), on: canvas)
    }

    /// FULL: clear and all 24 switches; even ones on.
    public static func drawFull(_ canvas: Canvas) {
        canvas.clear(background)
        for i in 0..<24 { drawSwitch(canvas, index: i, position: i % 2 == 0 ? 1 : 0) }
    }

    /// PARTIAL: switch 5 at mid-travel with the 50 % track colour, inside its box.
    public static func drawPartial(_ canvas: Canvas) {
        canvas.withClip(partialBox) {
            canvas.clear(background)
            drawSwitch(canvas, index: animatedSwitch, position: 0.5)
        }
    }

    /// The eased progress of ANIM frame k: ease-out cubic of k/15.
    public static func animProgress(frame k: Int) -> Double {
        let t = Double(k % animFrames) / Double(animFrames - 1)
        return 1 - (1 - t) * (1 - t) * (1 - t)
    }

    /// ANIM frame k (taken modulo 16): thumb at a fractional position, track colour cross-faded.
    public static func drawAnimFrame(_ canvas: Canvas, frame k: Int) {
        let e = animProgress(frame: k)
        canvas.withClip(partialBox) {
            canvas.clear(background)
            drawSwitch(canvas, index: animatedSwitch, position: e)
        }
    }

    /// φ of SCENE.md's golden-ratio stepping (the golden ratio's conjugate).
    public static let goldenStep = 0.6180339887498949

    /// frac(x) for x ≥ 0, as Python's `x % 1.0`.
    static func fraction(_ x: Double) -> Double { x - x.rounded(.down) }

    /// REALTIME frame k: thumb position frac(0.5 + k·φ), never repeating.
    public static func realtimeProgress(frame k: Int) -> Double { fraction(0.5 + Double(k) * goldenStep) }

    /// SCENE frame k: switch i at frac(i/24 + k·φ).
    public static func sceneProgress(switch i: Int, frame k: Int) -> Double {
        fraction(Double(i) / 24 + Double(k) * goldenStep)
    }

    /// REALTIME frame k: switch 5 at a position that no earlier frame had, inside its box.
    public static func drawRealtimeFrame(_ canvas: Canvas, frame k: Int) {
        let p = realtimeProgress(frame: k)
        canvas.withClip(partialBox) {
            canvas.clear(background)
            drawSwitch(canvas, index: animatedSwitch, position: p)
        }
    }

    /// SCENE frame k: clear and all 24 switches, each at its own never-repeating position.
    public static func drawSceneFrame(_ canvas: Canvas, frame k: Int) {
        canvas.clear(background)
        for i in 0..<24 { drawSwitch(canvas, index: i, position: sceneProgress(switch: i, frame: k)) }
    }

    /// Draws frame `frame` of a workload.
    public static func draw(_ workload: Workload, frame: Int, on canvas: Canvas) {
        switch workload {
        case .full: drawFull(canvas)
        case .partial: drawPartial(canvas)
        case .anim: drawAnimFrame(canvas, frame: frame)
        case .realtime: drawRealtimeFrame(canvas, frame: frame)
        case .scene: drawSceneFrame(canvas, frame: frame)
        }
    }
}
