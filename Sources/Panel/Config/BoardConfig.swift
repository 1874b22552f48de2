import ConfigFormat
import Raster
import TouchCore
import Widget

// A board config; its parts are in this folder, a file each (DisplayConfig, TouchConfig,
// KeysConfig, ThemeConfig, LayoutConfig, ScreenConfig, ControlConfig, PageConfig, SwitchConfig,
// SwitchGroup, ActionConfig). Each part declares its defaults once, on its properties, and
// reads itself from the file right below its declaration through ConfigFormat's path-aware
// reader: unknown keys are refused at every depth with the allowed ones listed, and every
// number is held to the range stated where it is read (the switch style's in Widget).
// docs/config-reference.md lists every key with its default and range; a test holds it to this.

/// A board config: the display, the touchscreen, the look, and the switches with their actions.
/// Read with ``BoardConfig/parse(_:)-([UInt8])``: missing keys take defaults, unknown keys and
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
