import Raster

/// The built-in demo panel: switches in the styles SwitchPanel draws, laid out on cards, drawn
/// through the same Canvas calls a widget makes. It stands in for a board config's layout
/// until the switch widget and the panel program exist.
enum DemoPanel {
    static let width = 800
    static let height = 480

    /// One switch's look, in the styles the widget will offer as presets.
    struct SwitchLook {
        var track: Color
        var thumb: Color
        var border: (Color, Double)?
        /// Track corner radius as a fraction of the height (0.5: capsule).
        var cornerFraction: Double
        /// Track inset from the frame's top and bottom (Material: a thin track under a bigger thumb).
        var trackInset: Double
        var thumbPadding: Double
        var shadow: Shadow?
    }

    static let iosOn = SwitchLook(
        track: Color(rgb: 0x34C759), thumb: .white, border: nil, cornerFraction: 0.5, trackInset: 0, thumbPadding: 2,
        shadow: Shadow(opacity: 0.25, offset: Point(0, 1.5), sigma: 1.25))
    static let iosOff = SwitchLook(
        track: Color(rgb: 0xE9E9EA), thumb: .white, border: nil, cornerFraction: 0.5, trackInset: 0, thumbPadding: 2,
        shadow: Shadow(opacity: 0.25, offset: Point(0, 1.5), sigma: 1.25))
    static let squareOn = SwitchLook(
        track: Color(rgb: 0x007AFF), thumb: .white, border: (Color(rgb: 0x0062CC), 1.5), cornerFraction: 0.06,
        trackInset: 0, thumbPadding: 3, shadow: nil)
    static let squareOff = SwitchLook(
        track: Color(rgb: 0xFFFFFF), thumb: Color(rgb: 0xC7C7CC), border: (Color(rgb: 0xC7C7CC), 1.5),
        cornerFraction: 0.06, trackInset: 0, thumbPadding: 3, shadow: nil)
    static let materialOn = SwitchLook(
        track: Color(rgb: 0x6750A4, opacity: 0.45), thumb: Color(rgb: 0x6750A4), border: nil, cornerFraction: 0.5,
        trackInset: 7, thumbPadding: 0, shadow: Shadow(opacity: 0.3, offset: Point(0, 1), sigma: 1.5))
    static let materialOff = SwitchLook(
        track: Color(rgb: 0x938F99, opacity: 0.45), thumb: Color(rgb: 0xF4EFF4), border: nil, cornerFraction: 0.5,
        trackInset: 7, thumbPadding: 0, shadow: Shadow(opacity: 0.3, offset: Point(0, 1), sigma: 1.5))

    /// Draws a switch in `frame` with the thumb at `position` (0 = off end, 1 = on end).
    static func drawSwitch(_ canvas: Canvas, frame: Rect, look: SwitchLook, position: Double) {
        let track = Rect(
            x: frame.x, y: frame.y + look.trackInset, width: frame.width, height: frame.height - 2 * look.trackInset)
        let radius = CornerRadii(track.height * look.cornerFraction)
        canvas.fill(.roundedRect(track, radius), look.track)
        if let (color, width) = look.border {
            canvas.stroke(.roundedRect(track, radius), width: width, alignment: .inside, .solid(color))
        }
        let diameter = frame.height - 2 * look.thumbPadding
        let travel = frame.width - 2 * look.thumbPadding - diameter
        let thumb = Rect(
            x: frame.x + look.thumbPadding + travel * position, y: frame.y + look.thumbPadding, width: diameter,
            height: diameter)
        let thumbRadius = CornerRadii(diameter * (look.cornerFraction < 0.5 ? look.cornerFraction * 1.4 : 0.5))
        canvas.fill(.roundedRect(thumb, thumbRadius), .solid(look.thumb), shadow: look.shadow)
    }

    /// Paints the whole panel.
    static func draw(_ canvas: Canvas) {
        canvas.clear(Color(rgb: 0xF2F2F7))
        // Title bar: a gradient band with a soft shadow under it.
        let bar = Rect(x: 0, y: 0, width: Double(width), height: 56)
        canvas.drawShadow(of: .rect(bar), Shadow(opacity: 0.18, offset: Point(0, 2), sigma: 3))
        canvas.fill(
            .rect(bar),
            .linearGradient(
                LinearGradient(
                    start: Point(0, 0), end: Point(0, 56),
                    stops: [GradientStop(0, Color(rgb: 0x2C2C2E)), GradientStop(1, Color(rgb: 0x1C1C1E))])))
        // Status lights in the bar.
        for (i, rgb) in [0x34C759, 0xFFCC00, 0xFF3B30].enumerated() {
            canvas.fill(.circle(center: Point(28 + Double(i) * 22, 28), radius: 6), Color(rgb: UInt32(rgb)))
        }

        let cardShadow = Shadow(opacity: 0.12, offset: Point(0, 3), sigma: 6)
        let cards: [(Rect, SwitchLook, SwitchLook)] = [
            (Rect(x: 24, y: 84, width: 240, height: 372), iosOn, iosOff),
            (Rect(x: 280, y: 84, width: 240, height: 372), squareOn, squareOff),
            (Rect(x: 536, y: 84, width: 240, height: 372), materialOn, materialOff),
        ]
        for (c, (card, onLook, offLook)) in cards.enumerated() {
            canvas.fill(.roundedRect(card, CornerRadii(16)), .white, shadow: cardShadow)
            for row in 0..<5 {
                let y = card.y + 28 + Double(row) * 68
                // A row: a label placeholder bar and a switch at the right.
                canvas.fill(
                    .roundedRect(
                        Rect(x: card.x + 24, y: y + 13, width: 96 - Double((row * 17 + c * 11) % 40), height: 10),
                        CornerRadii(5)),
                    Color(rgb: 0xD1D1D6))
                if row < 4 {
                    canvas.fill(
                        .rect(Rect(x: card.x + 24, y: y + 51.5, width: card.width - 48, height: 1)),
                        Color(rgb: 0xE5E5EA))
                }
                let frame = Rect(x: card.maxX - 24 - 51 * 1.5, y: y, width: 51 * 1.5, height: 31 * 1.5)
                let on = (row + c) % 2 == 0
                // One switch per card caught mid-animation, at a fractional position.
                let position = row == 2 ? 0.62 : (on ? 1 : 0)
                let look = position > 0.5 ? onLook : offLook
                if row == 4 {
                    // Disabled: the same switch at reduced opacity.
                    canvas.withOpacity(0.45) { drawSwitch(canvas, frame: frame, look: look, position: position) }
                } else {
                    drawSwitch(canvas, frame: frame, look: look, position: position)
                }
            }
        }
    }
}
