/// The screen as the control socket and MQTT report it: lit or blank, the backlight's brightness
/// and the page shown.
public struct ScreenStatus: Hashable, Sendable {
    /// Whether the screen is dark (idle blanking, a request, a network command).
    public var blank: Bool
    /// The backlight's brightness in percent (1…100; 0 only when something else set the device
    /// to 0); nil when the board has no backlight with a brightness (DPMS blanking).
    public var brightness: Int?
    /// The page shown (or settling), from 0.
    public var page: Int
    /// Every page's title, in order.
    public var pages: [String]

    public init(blank: Bool, brightness: Int?, page: Int, pages: [String]) {
        self.blank = blank
        self.brightness = brightness
        self.page = page
        self.pages = pages
    }

    /// The title of the page shown.
    public var title: String { pages.indices.contains(page) ? pages[page] : "" }
}

/// What blanked, woke or dimmed the screen, as screen events say.
public enum ScreenChangeSource: String, Hashable, Sendable, CaseIterable {
    /// Idle blanking (`screen.blankAfter`).
    case idle
    /// A touch woke it.
    case touch
    /// A key or a dial woke it.
    case key
    /// A control socket request.
    case socket
    /// A command from the MQTT broker (Home Assistant's light).
    case mqtt
    /// A config reload (SIGHUP) lights the screen.
    case reload
    /// Another virtual terminal took the display: its console is lit (a blanked backlight is
    /// turned back on), and the panel is awake when it gets the display back.
    case console
}

/// Brightness in percent against a backlight's raw levels (`brightness` from 0 to
/// `max_brightness` in sysfs).
///
/// A percentage is 1…100, never 0: on most backlights level 0 is dark (rpi_backlight,
/// pwm-backlight), which would be blanking under another name — and a screen that is dark but
/// not blank is one no touch wakes. So 1 % is the dimmest lit level (raw level 1 at least) and
/// darkness is `blank`.
public enum BrightnessScale {
    /// The percentages a request may ask for.
    public static let range = 1...100

    /// The raw level for `percent` (1…100) of `maximum`: rounded, and at least 1 so that 1 % of a
    /// 255-level device is not 0.
    public static func level(percent: Int, maximum: Int) -> Int {
        let p = min(max(percent, range.lowerBound), range.upperBound)
        guard maximum > 0 else { return 0 }
        return max(1, (p * maximum + 50) / 100)
    }

    /// The percentage of a raw level: 0 only for level 0, else rounded and at least 1.
    public static func percent(level: Int, maximum: Int) -> Int {
        guard maximum > 0, level > 0 else { return 0 }
        return min(100, max(1, (min(level, maximum) * 100 + maximum / 2) / maximum))
    }
}
