import Raster

/// The benchmark scene "switch-grid-800x480" (docs/bench-scene/SCENE.md), drawn through the
/// same public Canvas API a widget uses: capsules, circles and gaussian shadows at arbitrary,
/// also fractional, positions. Nothing here is specific to the scene's numbers.
public enum BenchScene {
    public enum Workload: String, CaseIterable, Sendable {
        /// Clear and all 24 switches.
        case full
        /// Switch 5 at mid-travel, repainted inside its box.
        case partial
        /// Switch 5 toggling off → on over 16 eased frames, repainted inside its box.
        case anim
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

    /// One switch: capsule track, then the white thumb with its shadow.
    public static func drawSwitch(_ canvas: Canvas, index i: Int, track: Color, thumbCenterX: Double) {
        let o = origin(ofSwitch: i)
        let frame = Rect(x: o.x, y: o.y, width: switchSize.width, height: switchSize.height)
        canvas.fill(.capsule(frame), track)
        let center = Point(thumbCenterX, o.y + switchSize.height / 2)
        canvas.fill(.circle(center: center, radius: thumbRadius), .white, shadow: shadow)
    }

    /// FULL: clear and all 24 switches; even ones on.
    public static func drawFull(_ canvas: Canvas) {
        canvas.clear(background)
        for i in 0..<24 {
            let on = i % 2 == 0
            let x = origin(ofSwitch: i).x
            let cx = on ? x + switchSize.width - thumbInset - thumbRadius : x + thumbInset + thumbRadius
            drawSwitch(canvas, index: i, track: on ? onColor : offColor, thumbCenterX: cx)
        }
    }

    /// PARTIAL: switch 5 at mid-travel with the 50 % track colour, inside its box.
    public static func drawPartial(_ canvas: Canvas) {
        let x = origin(ofSwitch: animatedSwitch).x
        canvas.withClip(partialBox) {
            canvas.clear(background)
            drawSwitch(canvas, index: animatedSwitch, track: midColor, thumbCenterX: x + 51)
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
        let x = origin(ofSwitch: animatedSwitch).x
        canvas.withClip(partialBox) {
            canvas.clear(background)
            drawSwitch(
                canvas, index: animatedSwitch, track: Color.mix(offColor, onColor, e), thumbCenterX: x + 31 + 40 * e)
        }
    }

    /// Draws frame `frame` of a workload.
    public static func draw(_ workload: Workload, frame: Int, on canvas: Canvas) {
        switch workload {
        case .full: drawFull(canvas)
        case .partial: drawPartial(canvas)
        case .anim: drawAnimFrame(canvas, frame: frame)
        }
    }
}
