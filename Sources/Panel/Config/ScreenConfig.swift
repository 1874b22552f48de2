import ConfigFormat

/// Blanking: after how long without a touch the screen goes dark, and how.
public struct ScreenConfig: Sendable {
    /// Seconds without a touch before blanking; nil never blanks.
    public var blankAfter: Double?
    /// A backlight under /sys/class/backlight (its name or path) switched off through `bl_power`;
    /// nil turns the display itself off (DPMS).
    public var backlight: String?

    public init(blankAfter: Double? = nil, backlight: String? = nil) {
        self.blankAfter = blankAfter
        self.backlight = backlight
    }
}

extension ScreenConfig {
    var reader: ValueReader<ScreenConfig> {
        ValueReader { node throws(ConfigError) in
            let o = try node.object(allowed: ["blankAfter", "backlight"])
            var s = self
            // Up to a day; 0 never blanks.
            let seconds = try o.value("blankAfter", else: blankAfter ?? 0, .number(in: 0...86400))
            s.blankAfter = seconds > 0 ? seconds : nil
            s.backlight = try o.nullable("backlight", else: backlight, .name)
            return s
        }
    }
}
