// Here, beside the Canvas it draws on, rather than in Widget: the widget and the panel draw
// labels through it, and the text module (TextRender) conforms without importing the widget.

/// Draws text for switch labels. The widget stays pure: the text module (HarfBuzz, FriBidi,
/// FreeType) conforms. `direction` is the paragraph's base direction (``TextDirection/auto``:
/// from its first strong character); `origin` is the left end of the line on its baseline.
public protocol LabelRenderer: AnyObject {
    func measure(_ text: String, pixelSize: Double, direction: TextDirection) -> (
        width: Double, ascent: Double, descent: Double
    )
    func draw(
        _ text: String, pixelSize: Double, direction: TextDirection, color: Color, baselineAt origin: Point,
        on canvas: Canvas)
}

extension LabelRenderer {
    /// The paragraph's direction from its first strong character.
    public func measure(_ text: String, pixelSize: Double) -> (width: Double, ascent: Double, descent: Double) {
        measure(text, pixelSize: pixelSize, direction: .auto)
    }

    public func draw(_ text: String, pixelSize: Double, color: Color, baselineAt origin: Point, on canvas: Canvas) {
        draw(text, pixelSize: pixelSize, direction: .auto, color: color, baselineAt: origin, on: canvas)
    }
}
