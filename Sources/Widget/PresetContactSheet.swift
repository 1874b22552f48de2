import Raster

/// Every preset in every state the widget draws, at scale 1 and 2, in one picture: the reviewed
/// reference of the widget's look (tests compare against it; `switchpanel presets` writes it
/// for docs/boards-and-layout.md).
public enum PresetContactSheet {
    /// The states shown, left to right.
    public static let states: [(name: String, appearance: SwitchAppearance)] = [
        ("off", SwitchAppearance(position: 0)),
        ("on", SwitchAppearance(position: 1)),
        ("pressed", SwitchAppearance(position: 0, press: 1, active: 1)),
        ("mid-drag", SwitchAppearance(position: 0.6, press: 1, active: 1)),
        ("mid-animation", SwitchAppearance(position: 0.35)),
        ("disabled", SwitchAppearance(position: 1, isEnabled: false)),
    ]

    static let cellWidth = 150
    static let margin = 10

    /// Rows: each preset at scale 1 then 2; columns: ``states``.
    public static func render(renderer: SwitchRenderer) -> Image {
        let rows = SwitchPreset.allCases.flatMap { preset in [1.0, 2.0].map { (preset, $0) } }
        let heights = rows.map { Int(($0.0.style.size.height * $0.1).rounded(.up)) + 2 * margin + 8 }
        let image = Image(width: cellWidth * states.count, height: heights.reduce(0, +), format: .argb8888)
        let canvas = Canvas(image: image)
        canvas.clear(Color(rgb: 0xF2F2F7))
        var y = 0
        for (row, (preset, scale)) in rows.enumerated() {
            var style = preset.style
            style.scale = scale
            if row % 2 == 0 {
                canvas.fill(
                    .rect(
                        Rect(
                            x: 0, y: Double(y), width: Double(image.width),
                            height: Double(heights[row] + heights[row + 1]))), Color(rgb: 0xFFFFFF))
            }
            for (column, state) in states.enumerated() {
                let w = style.size.width * scale
                let h = style.size.height * scale
                let frame = Rect(
                    x: Double(column * cellWidth) + (Double(cellWidth) - w) / 2, y: Double(y + margin + 4), width: w,
                    height: h)
                renderer.draw(style: style, frame: frame, appearance: state.appearance, on: canvas)
            }
            y += heights[row]
        }
        return image
    }
}
