import ConfigFormat
import Raster
import TouchCore
import Widget

// A board config and its parts. Each part declares its defaults once, on its properties, and
// reads itself from the file right below its declaration through ConfigFormat's path-aware
// reader: unknown keys are refused at every depth with the allowed ones listed, and every
// number is held to the range stated where it is read (the switch style's in Widget).
// docs/config-reference.md lists every key with its default and range; a test holds it to this.

/// A board config: the display, the touchscreen, the look, and the switches with their actions.
/// Read with ``BoardConfig/parse(_:)``: missing keys take defaults, unknown keys and
/// out-of-range values are errors naming their path.
public struct BoardConfig: Sendable {
    /// The only version this program reads; newer files are refused rather than misread.
    public static let supportedVersion = 1
    /// The most switches a panel has (all sections together): more do not fit a screen at any
    /// useful size, and laying them out compares every pair.
    public static let maximumSwitches = 256

    public var name = "SwitchPanel"
    public var display = DisplayConfig()
    public var touch = TouchConfig()
    /// Keyboards, buttons and rotary encoders that move the focus ring; none unless named.
    public var keys = KeysConfig()
    public var theme = ThemeConfig()
    public var layout = LayoutConfig()
    /// The screens of switches, swiped between; a config with top-level `sections` or
    /// `switches` has one.
    public var pages: [PageConfig] = []
    /// The page shown at start, after ``homeAfter`` seconds without a touch or key, and whenever
    /// the screen blanks.
    public var homePage = 0
    /// Seconds without a touch or key before the panel goes back to ``homePage``; nil: never.
    public var homeAfter: Double?
    /// Whether swiping past the last page comes back to the first (and back from the first to
    /// the last).
    public var wrapPages = false
    /// Whether the board is laid out right to left (`layout.direction`; `auto` by the direction
    /// most labels begin in): mirrored — columns from the right, each switch at its row's left
    /// with its label right-aligned beside it, titles right-aligned, page order and dots reversed,
    /// arrows past a page's edge to the page on that side, and every switch mirrored.
    public private(set) var isRightToLeft = false
    public var screen = ScreenConfig()
    public var control = ControlConfig()
    /// The MQTT broker the panel joins; nil: none.
    public var mqtt: MQTTConfig?
    /// The Home Assistant server whose entities switches bind to; nil: none.
    public var homeAssistant: HomeAssistantConfig?

    /// The most pages a board has: each is a screen the user swipes through, and its dots must
    /// fit across the bottom of a small screen.
    public static let maximumPages = 16

    /// Every section of every page, in order.
    public var sections: [SectionConfig] { pages.flatMap(\.sections) }

    /// Every switch of every page, in order.
    public var switches: [SwitchConfig] { sections.flatMap(\.switches) }

    /// Takes every switch's actions away: for what measures or tests the panel's picture and
    /// decisions (`bench`, scenarios), which must not run a board's commands or write its files.
    public mutating func removeActions() {
        for p in pages.indices {
            for s in pages[p].sections.indices {
                for w in pages[p].sections[s].switches.indices { pages[p].sections[s].switches[w].actions = [] }
            }
        }
    }
}

extension BoardConfig {
    /// Parses and validates a config file's bytes. Any input at all gives a config or an error.
    public static func parse(_ bytes: [UInt8]) throws(ConfigError) -> BoardConfig {
        let config = try BoardConfig(reading: try ConfigNode.root(parsing: bytes))
        // Overlapping or overflowing layouts are errors too, page by page.
        for page in config.pages.indices { _ = try PanelLayout(config: config, page: page) }
        return config
    }

    public static func parse(_ text: String) throws(ConfigError) -> BoardConfig { try parse(Array(text.utf8)) }

    init(reading root: ConfigNode) throws(ConfigError) {
        let top = try root.object(allowed: [
            "version", "name", "display", "touch", "keys", "theme", "layout", "pages", "sections", "switches",
            "homePage",
            "homeAfter", "wrapPages", "screen", "control", "mqtt", "homeAssistant",
        ])
        let version = try top.required("version").integer(in: 1...Int(Int32.max))
        guard version == Self.supportedVersion else {
            throw ConfigError(
                "version", "\(version) is newer than this program reads (\(Self.supportedVersion)); upgrade switchpanel"
            )
        }
        self.init()
        name = try top.value("name", else: name, .text)
        display = try top.value("display", else: display, display.reader)
        touch = try top.value("touch", else: touch, touch.reader)
        keys = try top.value("keys", else: keys, keys.reader)
        // The switches are drawn at the display's scale unless the theme's style says otherwise.
        theme.style.scale = display.scale
        theme = try top.value("theme", else: theme, theme.reader)
        layout = try top.value("layout", else: layout, layout.reader)
        screen = try top.value("screen", else: screen, screen.reader)
        control = try top.value("control", else: control, control.reader)
        mqtt = try top.nullable("mqtt", else: nil, MQTTConfig().reader)
        homeAssistant = try top.nullable("homeAssistant", else: nil, HomeAssistantConfig().reader)
        if let p = top.optional("pages") {
            let nodes = try p.array(maximumCount: Self.maximumPages)
            guard !nodes.isEmpty else { throw ConfigError(p.path, "needs at least one page") }
            for node in nodes {
                let o = try node.object(allowed: ["title", "sections", "switches"])
                pages.append(
                    PageConfig(
                        title: try o.optional("title")?.text(),
                        sections: try Self.readSections(o, theme: theme, path: node.path)))
            }
            for key in ["sections", "switches"] where top.optional(key) != nil {
                throw ConfigError(key, "give the switches inside \"pages\", or drop \"pages\" for a one-page board")
            }
        } else {
            pages = [PageConfig(title: nil, sections: try Self.readSections(top, theme: theme, path: nil))]
        }
        // Counted after every page is read, and before the per-page checks below use the count.
        homePage = try top.value("homePage", else: homePage, .integer(in: 0...(pages.count - 1)))
        let idle = try top.value("homeAfter", else: homeAfter ?? 0, .number(in: 0...86400))
        homeAfter = idle > 0 ? idle : nil
        wrapPages = try top.value("wrapPages", else: wrapPages, .bool)
        let all = switches
        guard !all.isEmpty else {
            throw ConfigError("switches", "the config has no switches (give \"switches\" or \"sections\")")
        }
        guard all.count <= Self.maximumSwitches else {
            throw ConfigError("switches", "\(all.count) switches (at most \(Self.maximumSwitches))")
        }
        var seen: [String: Int] = [:]
        for (i, s) in all.enumerated() {
            if let first = seen[s.id] {
                throw ConfigError(
                    s.path + ".id", "duplicate id \"\(s.id)\" (switches \(first + 1) and \(i + 1) of the board)")
            }
            seen[s.id] = i
            if let mqtt, mqtt.discovery, !MQTTConfig.isTopicSafeName(s.id) {
                // Home Assistant reads discovery topics of [a-zA-Z0-9_-] only: others are ignored.
                throw ConfigError(
                    s.path + ".id",
                    "\"\(s.id)\": Home Assistant's discovery takes letters, digits, '-' and '_' in ids "
                        + "(rename it, or set mqtt.homeAssistant.discovery to false)")
            }
            if let mqtt, MQTTScreenEntities.reservedIDs.contains(s.id) {
                // <base>/screen/… and <base>/page/… are the screen's light and the page select.
                let base = mqtt.baseTopic ?? "switchpanel/<node>"
                throw ConfigError(
                    s.path + ".id",
                    "\"\(s.id)\" is taken on the broker by the panel's \(s.id) (\(base)/\(s.id)/state and /set); "
                        + "give the switch another id")
            }
            if s.mqtt != nil, mqtt == nil {
                throw ConfigError(
                    s.path + ".mqtt", "binds the switch to MQTT topics, but the board has no \"mqtt\" broker")
            }
            if s.entity != nil, homeAssistant == nil {
                throw ConfigError(
                    s.path + ".entity",
                    "binds the switch to a Home Assistant entity, but the board has no \"homeAssistant\" server")
            }
        }
        for s in all {
            guard let group = s.group else { continue }
            for (m, member) in group.members.enumerated() {
                let place = s.path + ".group[\(m)]"
                guard let index = seen[member] else {
                    throw ConfigError(place, "\"\(member)\" is not a switch of this board")
                }
                guard member != s.id else { throw ConfigError(place, "a group cannot contain itself") }
                guard all[index].group == nil else {
                    throw ConfigError(place, "\"\(member)\" is a group: groups hold switches, not other groups")
                }
                guard !group.members[..<m].contains(member) else {
                    throw ConfigError(place, "\"\(member)\" is listed twice")
                }
            }
        }
        if let mqtt, mqtt.discovery { try MQTTConfig.checkEntityIDs(all) }
        isRightToLeft = Self.resolvesRightToLeft(layout.direction, labels: all.map(\.label))
        if isRightToLeft {
            // Every switch is drawn and touched the other way round (on: the thumb at the left).
            theme.style.isMirrored = true
            for p in pages.indices {
                for s in pages[p].sections.indices {
                    for w in pages[p].sections[s].switches.indices {
                        pages[p].sections[s].switches[w].style.isMirrored = true
                    }
                }
            }
        }
    }

    /// Whether a board with `direction` and these labels is laid out right to left: `auto` when
    /// more labels begin in a right-to-left script than in a left-to-right one.
    static func resolvesRightToLeft(_ direction: TextDirection?, labels: [String]) -> Bool {
        switch direction {
        case nil, .leftToRight: return false
        case .rightToLeft: return true
        case .auto:
            let starts = labels.compactMap(startsRightToLeft)
            return starts.filter { $0 }.count > starts.filter { !$0 }.count
        }
    }

    /// The paragraph direction labels and titles are set in: the board's when it gives one,
    /// else each text's own (its first strong character).
    public var textDirection: TextDirection {
        switch layout.direction {
        case .leftToRight: .leftToRight
        case .rightToLeft: .rightToLeft
        case nil, .auto: .auto
        }
    }

    /// Whether `text` begins, at its first letter, in a right-to-left script (Hebrew, Arabic,
    /// Syriac, Thaana, N'Ko and the other scripts of the right-to-left blocks); nil for a text
    /// without letters. (The bidi algorithm's P2 over letters, which decide it for labels; the
    /// shaper's FriBidi decides each text's own direction when drawing.)
    static func startsRightToLeft(_ text: String) -> Bool? {
        for scalar in text.unicodeScalars {
            switch scalar.value {
            case 0x0590...0x08FF, 0xFB1D...0xFDFF, 0xFE70...0xFEFF, 0x10800...0x10FFF, 0x1E800...0x1EFFF:
                return true
            default:
                if scalar.properties.isAlphabetic { return false }
            }
        }
        return nil
    }

    /// A page's (or the board's) `sections`, or its `switches` as one untitled section.
    private static func readSections(_ o: ConfigObject, theme: ThemeConfig, path: String?) throws(ConfigError)
        -> [SectionConfig]
    {
        var sections: [SectionConfig] = []
        if let s = o.optional("sections") {
            for node in try s.array(maximumCount: Self.maximumSwitches) {
                let so = try node.object(allowed: ["title", "switches"])
                let title = try so.optional("title")?.text()
                let switches = try so.required("switches").array(maximumCount: Self.maximumSwitches).map {
                    (n) throws(ConfigError) in try SwitchConfig(reading: n, theme: theme)
                }
                sections.append(SectionConfig(title: title, switches: switches))
            }
        }
        if let s = o.optional("switches") {
            let switches = try s.array(maximumCount: Self.maximumSwitches).map { (n) throws(ConfigError) in
                try SwitchConfig(reading: n, theme: theme)
            }
            sections.append(SectionConfig(title: nil, switches: switches))
        }
        if let path, sections.allSatisfy(\.switches.isEmpty) {
            throw ConfigError(path, "the page has no switches (give \"switches\" or \"sections\")")
        }
        return sections
    }
}

/// One screen of switches.
public struct PageConfig: Sendable {
    /// The page's name: in `check-config`, the control socket's page events, Home Assistant's
    /// page selector. Nil: "Page N".
    public var title: String?
    public var sections: [SectionConfig]

    public var switches: [SwitchConfig] { sections.flatMap(\.switches) }

    /// The title the panel shows and reports for page `index` (0 is the first): its own, else
    /// "Page N".
    public func shownTitle(index: Int) -> String { title ?? "Page \(index + 1)" }
}

/// The control socket: whether the panel may run without it.
public struct ControlConfig: Hashable, Sendable {
    /// Whether a socket that cannot be set up (a symlink or a file at its path, no runtime
    /// directory, another panel listening) only warns. False: the panel does not start, since a
    /// panel nobody can control is a silent failure under systemd.
    public var optional: Bool

    public init(optional: Bool = false) { self.optional = optional }
}

extension ControlConfig {
    var reader: ValueReader<ControlConfig> {
        ValueReader { node throws(ConfigError) in
            let o = try node.object(allowed: ["optional"])
            var c = self
            c.optional = try o.value("optional", else: optional, .bool)
            return c
        }
    }
}

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

public struct DisplayConfig: Hashable, Sendable {
    /// A DRM card path (`/dev/dri/card0`); nil: the first card with a connected connector.
    public var card: String?
    /// A connector name (`HDMI-A-1`, `DSI-1`); nil: the first connected.
    public var connector: String?
    /// The mode to set (`800x480@60`); nil: the connector's preferred mode.
    public var mode: ModeRequest?
    /// The panel's physical size in pixels (the mode's size; used headless and for layout).
    public var width = 800
    public var height = 480
    public var rotation = Rotation.none
    public var format = PixelFormat.xrgb8888
    /// Scale of every switch and text (dense panels use 2).
    public var scale = 1.0

    /// The refresh rate of the configured mode ("800x480@60"), nil when the mode names none.
    public var refreshRate: Double? { mode?.refresh }

    /// The size the layout is drawn in, after rotation.
    public var logicalSize: (width: Int, height: Int) { rotation.logicalSize(width: width, height: height) }

    /// Turns the same logical picture by `rotation` onto a framebuffer of `format` (the
    /// command line's `--rotation` and `--format`): the mode follows, the layout does not change.
    public mutating func override(rotation: Rotation?, format: PixelFormat?) {
        if let rotation {
            let logical = logicalSize
            (width, height) = rotation.physicalSize(width: logical.width, height: logical.height)
            self.rotation = rotation
            mode = ModeRequest(width: width, height: height, refresh: refreshRate)
        }
        if let format { self.format = format }
    }
}

extension DisplayConfig {
    var reader: ValueReader<DisplayConfig> {
        ValueReader { node throws(ConfigError) in
            let o = try node.object(allowed: ["card", "connector", "mode", "rotation", "format", "scale"])
            var d = self
            d.card = try o.nullable("card", else: card, .name)
            d.connector = try o.nullable("connector", else: connector, .name)
            if let mode = try o.nullable("mode", else: mode, .mode) {
                (d.mode, d.width, d.height) = (mode, mode.width, mode.height)
            }
            d.rotation = try o.value("rotation", else: rotation, Rotation.reader)
            d.format = try o.value("format", else: format, .choice)
            d.scale = try o.value("scale", else: scale, .number(in: SwitchStyle.scaleRange))
            return d
        }
    }
}

extension Rotation {
    /// Degrees clockwise: 0, 90, 180 or 270.
    static var reader: ValueReader<Rotation> {
        ValueReader { node throws(ConfigError) in
            let degrees = try node.integer(in: 0...270)
            guard let rotation = Rotation(rawValue: degrees) else {
                throw ConfigError(node.path, "\(degrees) is not 0, 90, 180 or 270")
            }
            return rotation
        }
    }
}

public struct TouchConfig: Hashable, Sendable {
    /// The most devices a config names.
    public static let maximumDevices = 16

    /// Which input devices to use: a path, a name, or "vvvv:pppp"; empty: every touchscreen.
    public var devices: [String] = []
    /// libinput's LIBINPUT_CALIBRATION_MATRIX, six numbers.
    public var calibration = CalibrationMatrix.identity
    public var swapXY = false
    public var invertX = false
    public var invertY = false
    /// Median, dejitter, pressure threshold, phantom guard, stuck-contact timeout (all off by default).
    public var filters = TouchFilters.none
    /// A tslib `pointercal` file to import instead of a matrix (a board moving from tslib keeps
    /// its calibration): raw device units straight to the panel's screen pixels.
    public var pointercal: String? = nil
}

extension TouchConfig {
    var reader: ValueReader<TouchConfig> {
        ValueReader { node throws(ConfigError) in
            let o = try node.object(allowed: [
                "devices", "calibration", "pointercal", "swapXY", "invertX", "invertY", "filters",
            ])
            var t = self
            if let d = o.optional("devices") {
                t.devices = try d.array(maximumCount: Self.maximumDevices).map { (n) throws(ConfigError) in
                    try n.name()
                }
            }
            if let c = o.optional("calibration") {
                // A matrix maps the touchscreen's 0…1 onto the screen's: real ones hold scales
                // and offsets of about 1; ±100 leaves room for any mounting.
                let values = try c.array().map { (n) throws(ConfigError) in try n.number(in: -100...100) }
                guard let m = CalibrationMatrix(values) else {
                    throw ConfigError(c.path, "expected six numbers (libinput's a b c d e f)")
                }
                t.calibration = m
            }
            if let p = o.optional("pointercal") {
                let path = try p.name()
                guard path.hasPrefix("/") else {
                    throw ConfigError(p.path, "\(p.value.shown) must be an absolute path")
                }
                guard o.optional("calibration") == nil else {
                    throw ConfigError(p.path, "give \"calibration\" or \"pointercal\", not both")
                }
                t.pointercal = path
            }
            t.swapXY = try o.value("swapXY", else: swapXY, .bool)
            t.invertX = try o.value("invertX", else: invertX, .bool)
            t.invertY = try o.value("invertY", else: invertY, .bool)
            t.filters = try o.value("filters", else: filters, filters.reader)
            return t
        }
    }
}

extension TouchFilters {
    /// Reads `{"median": 5, "dejitter": 8, "pressureThreshold": 30, "phantomGuard": true,
    /// "stuckTimeout": 2}` onto these filters, each key optional (`null` turns a filter off).
    var reader: ValueReader<TouchFilters> {
        ValueReader { node throws(ConfigError) in
            let o = try node.object(allowed: [
                "median", "dejitter", "pressureThreshold", "phantomGuard", "stuckTimeout",
            ])
            var f = self
            f.median = try o.nullable("median", else: median, MedianWindow.reader)
            f.dejitter = try o.nullable("dejitter", else: dejitter, Dejitter.reader)
            // Pressure axes are at most 16 bits.
            f.pressureThreshold = try o.nullable(
                "pressureThreshold", else: pressureThreshold.map(Int.init), .integer(in: 0...65535)
            ).map(Int32.init)
            f.dropsPhantomCornerContacts = try o.value("phantomGuard", else: dropsPhantomCornerContacts, .bool)
            // Seconds: longer than a finger rests still, shorter than an hour.
            f.stuckContactTimeout = try o.nullable(
                "stuckTimeout", else: stuckContactTimeout, .number(in: 0.1...3600))
            return f
        }
    }
}

extension TouchFilters.MedianWindow {
    static var reader: ValueReader<Self> {
        ValueReader { node throws(ConfigError) in
            let n = try node.integer(in: 0...Int(Int32.max))
            guard let window = Self(rawValue: n) else { throw ConfigError(node.path, "\(n) is not 3 or 5") }
            return window
        }
    }
}

extension TouchFilters.Dejitter {
    /// A threshold in pixels (`8`), or `{"threshold": 8, "settleTime": 0.1}`.
    static var reader: ValueReader<Self> {
        ValueReader { node throws(ConfigError) in
            // Pixels: it must stay below a switch's drag slop to be of use.
            let thresholds = 0.0...100
            if case .number = node.value { return Self(threshold: try node.number(in: thresholds)) }
            let o = try node.object(allowed: ["threshold", "settleTime"])
            var d = Self(threshold: try o.required("threshold").number(in: thresholds))
            d.settleTime = try o.value("settleTime", else: d.settleTime, .number(in: 0...10))
            return d
        }
    }
}

/// Keyboards, buttons and rotary encoders: which devices move the focus ring through the switches
/// and toggle the one it is on, and how a dial's steps count.
///
/// None unless named: a kiosk's keyboard is usually one plugged in for service, and a panel that
/// took every keyboard it found would let a technician typing in a console (or a barcode scanner,
/// which is a keyboard too) toggle switches unasked. Named devices are matched as
/// ``TouchConfig/devices`` are, without the fallback: a keyboard is never guessed.
public struct KeysConfig: Hashable, Sendable {
    /// Which input devices to read: a path, a name, or "vvvv:pppp"; empty: none.
    public var devices: [String] = []
    /// Steps of a dial that make one detent (one move of the ring): 1 for an encoder whose driver
    /// reports detents (rotary-encoder with the right `steps-per-period`, USB knobs), 2 or 4 for
    /// one that reports every edge of the quadrature.
    public var stepsPerDetent = 1
    /// Whether turning a dial clockwise moves the ring back (an encoder wired the other way round).
    public var reverseDial = false
    /// Seconds the focus ring stays after the last key.
    public var focusTimeout = 5.0

    public init() {}
}

extension KeysConfig {
    var reader: ValueReader<KeysConfig> {
        ValueReader { node throws(ConfigError) in
            let o = try node.object(allowed: ["devices", "stepsPerDetent", "reverseDial", "focusTimeout"])
            var k = self
            if let d = o.optional("devices") {
                k.devices = try d.array(maximumCount: TouchConfig.maximumDevices).map { (n) throws(ConfigError) in
                    try n.name()
                }
            }
            // A quadrature encoder has four edges per cycle, and a detent is at most a few cycles.
            k.stepsPerDetent = try o.value("stepsPerDetent", else: stepsPerDetent, .integer(in: 1...16))
            k.reverseDial = try o.value("reverseDial", else: reverseDial, .bool)
            // Long enough to find the ring, short of an hour: a ring that never goes is a stuck key.
            k.focusTimeout = try o.value("focusTimeout", else: focusTimeout, .number(in: 1...3600))
            return k
        }
    }
}

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

public struct LayoutConfig: Sendable {
    public var columns = 2
    /// Points around the grid.
    public var margin = 24.0
    /// Points between cells and between sections.
    public var gap = 16.0
    /// Points per grid row.
    public var rowHeight = 64.0
    /// Points above a section for its title.
    public var titleHeight = 40.0
    /// `ltr`, `rtl` or `auto` (by the direction most labels begin in); nil, not given: left to
    /// right, each label in its own direction. See ``BoardConfig/isRightToLeft``.
    public var direction: TextDirection?
}

extension LayoutConfig {
    // Lengths are points (× the display's scale); whether they fit the screen is the layout's
    // check, which names the screen's size.
    var reader: ValueReader<LayoutConfig> {
        ValueReader { node throws(ConfigError) in
            let o = try node.object(allowed: ["columns", "margin", "gap", "rowHeight", "titleHeight", "direction"])
            var l = self
            l.columns = try o.value("columns", else: columns, .integer(in: 1...12))
            l.margin = try o.value("margin", else: margin, .number(in: 0...1000))
            l.gap = try o.value("gap", else: gap, .number(in: 0...1000))
            l.rowHeight = try o.value("rowHeight", else: rowHeight, .number(in: 16...1000))
            l.titleHeight = try o.value("titleHeight", else: titleHeight, .number(in: 0...1000))
            l.direction = try o.optional("direction").map { (n) throws(ConfigError) in
                try n.choice(of: TextDirection.self)
            }
            return l
        }
    }
}

public struct SectionConfig: Sendable {
    public var title: String?
    public var switches: [SwitchConfig]
}

/// What happens when a switch changes.
public enum ActionConfig: Sendable, Hashable {
    /// Runs a program (argv, never a shell) with SWITCHPANEL_ID and SWITCHPANEL_STATE set.
    case run(argv: [String], timeout: Double)
    /// Writes `on` or `off` to a file (sysfs LED, GPIO, relay).
    case write(path: String, on: String, off: String)
    /// Prints a JSON line to stdout.
    case print

    /// Seconds a `run` action may take before it is killed (and counts as failed).
    public static let defaultTimeout = 10.0
    /// What a `write` action writes.
    public static let defaultOn = "1"
    public static let defaultOff = "0"
    /// The most actions one switch has.
    public static let maximumPerSwitch = 16
}

extension ActionConfig {
    /// Reads one action; nil for `{"print": false}`.
    static func read(_ node: ConfigNode) throws(ConfigError) -> ActionConfig? {
        let o = try node.object(allowed: ["run", "timeout", "write", "on", "off", "print"])
        if let run = o.optional("run") {
            let argv = try run.array().map { (n) throws(ConfigError) in try n.string() }
            guard let first = argv.first, !first.isEmpty else {
                throw ConfigError(
                    run.path,
                    "needs the program and its arguments, e.g. [\"/usr/bin/mosquitto_pub\", \"-t\", \"porch\"]")
            }
            // From a tenth of a second to an hour.
            return .run(argv: argv, timeout: try o.value("timeout", else: defaultTimeout, .number(in: 0.1...3600)))
        }
        if let w = o.optional("write") {
            let path = try w.name()
            guard path.hasPrefix("/") else { throw ConfigError(w.path, "\(w.value.shown) must be an absolute path") }
            return .write(
                path: path, on: try o.value("on", else: defaultOn, .string),
                off: try o.value("off", else: defaultOff, .string))
        }
        if let p = o.optional("print") { return try p.bool() ? .print : nil }
        throw ConfigError(node.path, "an action needs \"run\", \"write\" or \"print\"")
    }
}

public struct SwitchConfig: Sendable {
    /// The most characters of an id (it names the switch in the state file, the control
    /// protocol and errors).
    public static let maximumIDLength = 64

    public var id: String
    /// The text beside the switch; the id when the config gives none.
    public var label: String
    /// What the label does when it is wider than its space; nil: as the theme says.
    public var labelOverflow: LabelOverflow?
    public var style: SwitchStyle
    public var initial = false
    public var enabled = true
    /// An absolute position (top-left, logical pixels) instead of a grid cell.
    public var origin: Point? = nil
    public var actions: [ActionConfig] = []
    /// Whether a failed action flips the switch back.
    public var revertOnFailure = true
    /// The device on the broker this switch commands and mirrors; nil: none.
    public var mqtt: MQTTBinding?
    /// The Home Assistant entity this switch shows and turns on and off; nil: none.
    public var entity: HomeAssistantEntity?
    /// Whether the config gave a label: a switch bound to an entity without one shows the
    /// entity's friendly name once Home Assistant has said it.
    public var hasOwnLabel = true
    /// The switches this one sets all at once, and when it shows on; nil: an ordinary switch.
    public var group: SwitchGroup?
    /// Where the switch is in the file (`switches[2]`, `sections[1].switches[0]`), for errors
    /// found after parsing (a missing image file).
    public var path: String = ""
}

extension SwitchConfig {
    init(reading node: ConfigNode, theme: ThemeConfig) throws(ConfigError) {
        let o = try node.object(allowed: [
            "id", "label", "labelOverflow", "preset", "style", "initial", "enabled", "position", "actions",
            "revertOnFailure", "mqtt", "entity", "group", "mode",
        ])
        let idNode = try o.required("id")
        let id = try idNode.string(maximumLength: Self.maximumIDLength)
        guard !id.isEmpty else { throw ConfigError(idNode.path, "must not be empty") }
        guard
            id.unicodeScalars.allSatisfy({
                $0.properties.isAlphabetic || ("0"..."9").contains($0) || "-_.".unicodeScalars.contains($0)
            })
        else { throw ConfigError(idNode.path, "\(idNode.value.shown): use letters, digits, '-', '_' or '.'") }
        // A switch's own preset replaces the theme's (and the theme's style overrides with it).
        var base = theme.style
        if let p = o.optional("preset") {
            base = try p.choice(of: SwitchPreset.self).style
            base.scale = theme.style.scale
        }
        self.init(
            id: id, label: try o.value("label", else: id, .text),
            style: try o.value("style", else: base, ValueReader(base.overridden(by:))))
        labelOverflow = try o.optional("labelOverflow").map { (n) throws(ConfigError) in
            try n.choice(of: LabelOverflow.self)
        }
        initial = try o.value("initial", else: initial, .bool)
        enabled = try o.value("enabled", else: enabled, .bool)
        if let p = o.optional("position") {
            let po = try p.object(allowed: ["x", "y"])
            // Off-screen positions are the layout's error, which names the screen's size.
            origin = Point(
                try po.required("x").number(in: -10000...10000), try po.required("y").number(in: -10000...10000))
        }
        if let a = o.optional("actions") {
            for n in try a.array(maximumCount: ActionConfig.maximumPerSwitch) {
                if let action = try ActionConfig.read(n) { actions.append(action) }
            }
        }
        revertOnFailure = try o.value("revertOnFailure", else: revertOnFailure, .bool)
        mqtt = try o.optional("mqtt").map { (n) throws(ConfigError) in try MQTTBinding.read(n) }
        entity = try o.optional("entity").map { (n) throws(ConfigError) in try HomeAssistantEntity.read(n) }
        hasOwnLabel = o.optional("label") != nil
        path = node.path
        if entity != nil, o.optional("mqtt") != nil {
            throw ConfigError(
                path + ".entity", "a switch follows one device: give \"entity\" (Home Assistant) or \"mqtt\", not both")
        }
        if let g = o.optional("group") {
            // A group's value is its members': it has none of its own to start from, act on or bind.
            for key in ["initial", "actions", "revertOnFailure", "mqtt", "entity"] where o.optional(key) != nil {
                throw ConfigError(
                    path + "." + key,
                    "a group switch has no \(key) of its own: its members' \(key == "mqtt" || key == "entity" ? "bindings" : key) apply"
                )
            }
            let members = try g.array(maximumCount: BoardConfig.maximumSwitches).map { (n) throws(ConfigError) in
                try n.string(maximumLength: Self.maximumIDLength)
            }
            guard !members.isEmpty else { throw ConfigError(g.path, "a group needs at least one member") }
            group = SwitchGroup(members: members, mode: try o.value("mode", else: .any, .choice))
        } else if let m = o.optional("mode") {
            throw ConfigError(m.path, "\"mode\" belongs to a group switch (give \"group\" too)")
        }
    }
}

/// A switch that stands for several: toggling it sets every member (each running its own
/// actions and saving its state), and it shows what its members are.
public struct SwitchGroup: Hashable, Sendable {
    /// When the group shows on.
    public enum Mode: String, Hashable, Sendable, CaseIterable {
        /// When any member is on: a master switch whose tap turns everything off.
        case any
        /// When every member is on; members that disagree show the thumb halfway ("mixed"),
        /// and a tap turns them all on.
        case all
    }

    /// Member ids, in the order they are set.
    public var members: [String]
    public var mode: Mode

    public init(members: [String], mode: Mode) {
        self.members = members
        self.mode = mode
    }

    /// What the group shows for its members' values: on, off, or nil when they disagree in
    /// `all` mode (the mixed look).
    public func value(of memberValues: [Bool]) -> Bool? {
        switch mode {
        case .any: return memberValues.contains(true)
        case .all:
            if memberValues.allSatisfy({ $0 }) { return true }
            return memberValues.contains(true) ? nil : false
        }
    }
}
