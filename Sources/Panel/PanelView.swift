import ConfigFormat
import Raster
import Widget

/// The switches of a board config, laid out, and how to draw the whole panel.
public final class PanelView {
    public let config: BoardConfig
    public let layout: PanelLayout
    /// The switches in config order, with their ids.
    public let switches: [(id: String, toggle: ToggleSwitch)]
    public let renderer: SwitchRenderer

    public init(config: BoardConfig, renderer: SwitchRenderer) throws(ConfigError) {
        self.config = config
        layout = try PanelLayout(config: config)
        self.renderer = renderer
        var built: [(id: String, toggle: ToggleSwitch)] = []
        for (item, sw) in zip(layout.items, config.switches) {
            let toggle = ToggleSwitch(
                style: sw.style, origin: Point(item.switchFrame.x, item.switchFrame.y), isOn: sw.initial)
            toggle.isEnabled = sw.enabled
            built.append((sw.id, toggle))
        }
        switches = built
    }

    public func toggle(id: String) -> ToggleSwitch? { switches.first { $0.id == id }?.toggle }

    /// Draws everything as it looks at `now`.
    public func draw(on canvas: Canvas, at now: Double) {
        canvas.clear(config.theme.background)
        let scale = config.display.scale
        if let labels = renderer.labels {
            let titleSize = config.theme.labelSize * 0.8 * scale
            for t in layout.titles {
                let m = labels.measure(t.text.uppercased(), pixelSize: titleSize)
                labels.draw(
                    t.text.uppercased(), pixelSize: titleSize, color: config.theme.sectionTitleColor,
                    baselineAt: Point(t.frame.x, t.frame.maxY - 10 * scale - m.descent), on: canvas)
            }
            let size = config.theme.labelSize * scale
            for item in layout.items {
                let m = labels.measure(item.label, pixelSize: size)
                let baseline = item.switchFrame.midY + (m.ascent - m.descent) / 2
                canvas.withClip(item.labelFrame.enclosingIntRect) {
                    labels.draw(
                        item.label, pixelSize: size, color: config.theme.textColor,
                        baselineAt: Point(item.labelFrame.x, baseline), on: canvas)
                }
            }
        }
        for (_, toggle) in switches { renderer.draw(toggle, at: now, on: canvas) }
    }
}
