import ConfigFormat
import Raster
import Widget

public struct ThemeConfig: Sendable {
    public var preset = SwitchPreset.ios
    /// The preset with the config's overrides (and the display's scale).
    public var style = SwitchPreset.ios.style
    public var background = Color(rgb: 0xF2F2F7)
    public var textColor = Color(rgb: 0x1C1C1E)
    public var sectionTitleColor = Color(rgb: 0x6C6C70)
    /// A font family for labels and titles (fontconfig) or a font file path.
    public var font: String?
    /// Label size in points (titles are 0.8 of it).
    public var labelSize = 17.0
    /// What a label or title wider than its space does (a switch may say otherwise).
    public var labelOverflow = LabelOverflow.truncate
    /// The focus ring's colour; nil: the style's `trackColorOn`, the theme's tint.
    public var focusColor: Color?
}

extension ThemeConfig {
    /// Reads `theme` onto this theme, whose style carries the display's scale.
    var reader: ValueReader<ThemeConfig> {
        ValueReader { node throws(ConfigError) in
            let o = try node.object(
                allowed: [
                    "preset", "style", "background", "textColor", "sectionTitleColor", "font", "labelSize",
                    "labelOverflow", "focusColor",
                ])
            var t = self
            t.preset = try o.value("preset", else: preset, .choice)
            var base = t.preset.style
            base.scale = style.scale
            t.style = try o.value("style", else: base, ValueReader(base.overridden(by:)))
            t.background = try o.value("background", else: background, .color)
            t.textColor = try o.value("textColor", else: textColor, .color)
            t.sectionTitleColor = try o.value("sectionTitleColor", else: sectionTitleColor, .color)
            t.font = try o.nullable("font", else: font, .name)
            t.labelSize = try o.value("labelSize", else: labelSize, .number(in: 4...200))
            t.labelOverflow = try o.value("labelOverflow", else: labelOverflow, .choice)
            t.focusColor = try o.nullable("focusColor", else: focusColor, .color)
            return t
        }
    }
}
