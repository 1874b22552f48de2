import Raster
import Widget

/// The built-in demo panel: switches in every preset, laid out on cards and drawn by the widget
/// renderer. It stands in for a board config's layout until the panel program exists.
enum DemoPanel {
    static let width = 800
    static let height = 480

    /// The demo's switches: three cards of five, some on, one disabled; each named by its preset.
    static func switches() -> [(name: String, toggle: ToggleSwitch)] {
        let columns: [[SwitchPreset]] = [
            [.ios, .ios, .ios, .ios, .ios],
            [.square, .square, .imagethumb, .imagethumb, .square],
            [.material, .material, .daynight, .daynight, .material],
        ]
        var result: [(name: String, toggle: ToggleSwitch)] = []
        for (c, presets) in columns.enumerated() {
            let card = cardFrame(c)
            for (row, preset) in presets.enumerated() {
                var style = preset.style
                style.scale = 1.5
                let h = style.size.height * style.scale
                let y = card.y + 28 + Double(row) * 68 + (46 - h) / 2
                let s = ToggleSwitch(style: style, origin: Point(card.x + 24, y), isOn: (row + c) % 2 == 0)
                if row == 4 { s.isEnabled = false }
                result.append(("\(preset.rawValue) \(c * 5 + row + 1)", s))
            }
        }
        return result
    }

    static func cardFrame(_ column: Int) -> Rect {
        Rect(x: 24 + Double(column) * 256, y: 84, width: 240, height: 372)
    }

    /// Paints the panel with `switches` as they look at `now`.
    static func draw(_ canvas: Canvas, switches: [ToggleSwitch], renderer: SwitchRenderer, now: Double) {
        drawBackground(canvas)
        for s in switches { renderer.draw(s, at: now, on: canvas) }
    }

    /// Everything but the switches.
    static func drawBackground(_ canvas: Canvas) {
        canvas.clear(Color(rgb: 0xF2F2F7))
        // Title bar: a gradient band with a soft shadow under it, and three status lights.
        let bar = Rect(x: 0, y: 0, width: Double(width), height: 56)
        canvas.drawShadow(of: .rect(bar), Shadow(opacity: 0.18, offset: Point(0, 2), sigma: 3))
        canvas.fill(
            .rect(bar),
            .linearGradient(
                LinearGradient(
                    start: Point(0, 0), end: Point(0, 56),
                    stops: [GradientStop(0, Color(rgb: 0x2C2C2E)), GradientStop(1, Color(rgb: 0x1C1C1E))])))
        for (i, rgb) in [0x34C759, 0xFFCC00, 0xFF3B30].enumerated() {
            canvas.fill(.circle(center: Point(28 + Double(i) * 22, 28), radius: 6), Color(rgb: UInt32(rgb)))
        }
        let cardShadow = Shadow(opacity: 0.12, offset: Point(0, 3), sigma: 6)
        for c in 0..<3 {
            let card = cardFrame(c)
            canvas.fill(.roundedRect(card, CornerRadii(16)), .white, shadow: cardShadow)
            for row in 0..<5 {
                let y = card.y + 28 + Double(row) * 68
                // A label placeholder bar right of the switch (text labels come with the panel's config).
                let barWidth = 96 - Double((row * 17 + c * 11) % 40)
                canvas.fill(
                    .roundedRect(
                        Rect(x: card.maxX - 24 - barWidth, y: y + 18, width: barWidth, height: 10), CornerRadii(5)),
                    Color(rgb: 0xD1D1D6))
                if row < 4 {
                    canvas.fill(
                        .rect(Rect(x: card.x + 24, y: y + 57.5, width: card.width - 48, height: 1)),
                        Color(rgb: 0xE5E5EA))
                }
            }
        }
    }
}
