import Foundation
import Raster
import TouchCore
import Widget

/// A board config: the display, the touchscreen, the look, and the switches with their actions.
/// Read with ``BoardConfig/parse(_:)``: missing keys take defaults, unknown keys and
/// out-of-range values are errors naming their path.
public struct BoardConfig: Sendable {
    /// The only version this program reads; newer files are refused rather than misread.
    public static let supportedVersion = 1

    public var name: String
    public var display: DisplayConfig
    public var touch: TouchConfig
    public var theme: ThemeConfig
    public var layout: LayoutConfig
    public var sections: [SectionConfig]
    public var screen: ScreenConfig = ScreenConfig()

    /// Every switch, in order.
    public var switches: [SwitchConfig] { sections.flatMap(\.switches) }
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

public struct DisplayConfig: Hashable, Sendable {
    /// A DRM card path (`/dev/dri/card0`); nil: the first card with a connected connector.
    public var card: String?
    /// A connector name (`HDMI-A-1`, `DSI-1`); nil: the first connected.
    public var connector: String?
    /// Mode `WIDTHxHEIGHT[@HZ]`; nil: the connector's preferred mode.
    public var mode: String?
    /// The panel's physical size in pixels (the mode's size; used headless and for layout).
    public var width: Int
    public var height: Int
    public var rotation: Rotation
    public var format: PixelFormat
    /// Scale of every switch and text (dense panels use 2).
    public var scale: Double
    /// The refresh rate of the configured mode ("800x480@60"), nil when the mode names none.
    public var refreshRate: Double?

    /// The size the layout is drawn in, after rotation.
    public var logicalSize: (width: Int, height: Int) { rotation.logicalSize(width: width, height: height) }

    /// Turns the same logical picture by `rotation` onto a framebuffer of `format` (the
    /// command line's `--rotation` and `--format`): the mode follows, the layout does not change.
    public mutating func override(rotation: Rotation?, format: PixelFormat?) {
        if let rotation {
            let logical = logicalSize
            (width, height) = rotation.physicalSize(width: logical.width, height: logical.height)
            self.rotation = rotation
            mode = "\(width)x\(height)" + (refreshRate.map { "@\(Int($0))" } ?? "")
        }
        if let format { self.format = format }
    }
}

public struct TouchConfig: Hashable, Sendable {
    /// Which input devices to use: a path, a name, or "vvvv:pppp"; empty: every touchscreen.
    public var devices: [String]
    /// libinput's LIBINPUT_CALIBRATION_MATRIX, six numbers.
    public var calibration: CalibrationMatrix
    public var swapXY: Bool
    public var invertX: Bool
    public var invertY: Bool
    /// Median, dejitter, pressure threshold, phantom guard, stuck-contact timeout (all off by default).
    public var filters: TouchFilters
    /// A tslib `pointercal` file to import instead of a matrix (a board moving from tslib keeps
    /// its calibration): raw device units straight to the panel's screen pixels.
    public var pointercal: String? = nil
}

public struct ThemeConfig: Sendable {
    public var preset: SwitchPreset
    /// The preset with the config's overrides (and the display's scale).
    public var style: SwitchStyle
    public var background: Color
    public var textColor: Color
    public var sectionTitleColor: Color
    /// A font family for labels and titles (fontconfig) or a font file path.
    public var font: String?
    public var labelSize: Double
}

public struct LayoutConfig: Sendable {
    public var columns: Int
    public var margin: Double
    public var gap: Double
    public var rowHeight: Double
    public var titleHeight: Double
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
}

public struct SwitchConfig: Sendable {
    public var id: String
    public var label: String
    public var style: SwitchStyle
    public var initial: Bool
    public var enabled: Bool
    /// An absolute position (top-left, logical pixels) instead of a grid cell.
    public var origin: Point?
    public var actions: [ActionConfig]
    /// Whether a failed action flips the switch back.
    public var revertOnFailure: Bool
    /// Where the switch is in the file (`switches[2]`, `sections[1].switches[0]`), for errors
    /// found after parsing (a missing image file).
    public var path: String = ""
}

extension BoardConfig {
    /// Parses and validates a config file's bytes. Any input at all gives a config or an error.
    public static func parse(_ bytes: [UInt8]) throws(ConfigError) -> BoardConfig {
        let json: JSONValue
        do {
            json = try JSONParser.parse(bytes)
        } catch {
            throw ConfigError("", "not valid JSON: \(error)")
        }
        let config = try parse(ConfigNode(value: json, path: ""))
        _ = try PanelLayout(config: config)  // overlapping or overflowing layouts are errors too
        return config
    }

    public static func parse(_ text: String) throws(ConfigError) -> BoardConfig { try parse(Array(text.utf8)) }

    static func parse(_ root: ConfigNode) throws(ConfigError) -> BoardConfig {
        let top = try root.object(allowed: [
            "version", "name", "display", "touch", "theme", "layout", "sections", "switches", "screen",
        ])
        let version = try top.required("version").integer(in: 1...Int(Int32.max))
        guard version == supportedVersion else {
            throw ConfigError(
                "version", "\(version) is newer than this program reads (\(supportedVersion)); upgrade switchpanel")
        }
        let name = try top.optional("name")?.string() ?? "SwitchPanel"
        let display = try parseDisplay(top.optional("display"))
        let touch = try parseTouch(top.optional("touch"))
        let theme = try parseTheme(top.optional("theme"), scale: display.scale)
        let layout = try parseLayout(top.optional("layout"))
        var sections: [SectionConfig] = []
        if let s = top.optional("sections") {
            for node in try s.array() {
                let o = try node.object(allowed: ["title", "switches"])
                let title = try o.optional("title")?.string()
                let switches = try o.required("switches").array().map { (n) throws(ConfigError) in
                    try parseSwitch(n, theme: theme)
                }
                sections.append(SectionConfig(title: title, switches: switches))
            }
        }
        if let s = top.optional("switches") {
            let switches = try s.array().map { (n) throws(ConfigError) in try parseSwitch(n, theme: theme) }
            sections.append(SectionConfig(title: nil, switches: switches))
        }
        let all = sections.flatMap(\.switches)
        guard !all.isEmpty else {
            throw ConfigError("switches", "the config has no switches (give \"switches\" or \"sections\")")
        }
        var seen: [String: Int] = [:]
        for (i, s) in all.enumerated() {
            if let first = seen[s.id] {
                throw ConfigError("switches", "duplicate id \"\(s.id)\" (switches \(first + 1) and \(i + 1))")
            }
            seen[s.id] = i
        }
        var config = BoardConfig(
            name: name, display: display, touch: touch, theme: theme, layout: layout, sections: sections)
        if let node = top.optional("screen") {
            let o = try node.object(allowed: ["blankAfter", "backlight"])
            if let b = o.optional("blankAfter") {
                let seconds = try b.number(in: 0...86400)
                config.screen.blankAfter = seconds > 0 ? seconds : nil
            }
            config.screen.backlight = try o.optional("backlight")?.nonEmptyString()
        }
        return config
    }

    static func parseDisplay(_ node: ConfigNode?) throws(ConfigError) -> DisplayConfig {
        var d = DisplayConfig(
            card: nil, connector: nil, mode: nil, width: 800, height: 480, rotation: .none, format: .xrgb8888, scale: 1,
            refreshRate: nil)
        guard let node else { return d }
        let o = try node.object(allowed: ["card", "connector", "mode", "rotation", "format", "scale"])
        d.card = try o.optional("card")?.nonEmptyString()
        d.connector = try o.optional("connector")?.nonEmptyString()
        if let m = o.optional("mode") {
            let text = try m.string()
            let size = text.split(separator: "@", maxSplits: 1)[...].first.map(String.init) ?? ""
            let parts = size.split(separator: "x")
            guard parts.count == 2, let w = Int(parts[0]), let h = Int(parts[1]), (16...16384).contains(w),
                (16...16384).contains(h)
            else { throw ConfigError(m.path, "\"\(text)\" is not WIDTHxHEIGHT[@HZ] (16…16384 each)") }
            if let hz = text.split(separator: "@").dropFirst().first, Double(hz).map({ $0 > 0 && $0 <= 1000 }) != true {
                throw ConfigError(m.path, "\"\(text)\": the refresh rate must be a number of Hz (1…1000)")
            }
            (d.mode, d.width, d.height) = (text, w, h)
            d.refreshRate = text.split(separator: "@").dropFirst().first.flatMap { Double($0) }
        }
        if let r = o.optional("rotation") {
            let degrees = try r.integer(in: 0...270)
            guard let rotation = Rotation(rawValue: degrees) else {
                throw ConfigError(r.path, "\(degrees) is not 0, 90, 180 or 270")
            }
            d.rotation = rotation
        }
        if let f = o.optional("format") { d.format = try f.choice(PixelFormat.allCases.map { ($0.rawValue, $0) }) }
        if let s = o.optional("scale") { d.scale = try s.number(in: 0.5...8) }
        return d
    }

    static func parseTouch(_ node: ConfigNode?) throws(ConfigError) -> TouchConfig {
        var t = TouchConfig(
            devices: [], calibration: .identity, swapXY: false, invertX: false, invertY: false, filters: .none)
        guard let node else { return t }
        let o = try node.object(allowed: [
            "devices", "calibration", "pointercal", "swapXY", "invertX", "invertY", "filters",
        ])
        if let d = o.optional("devices") {
            t.devices = try d.array().map { (n) throws(ConfigError) in try n.nonEmptyString() }
        }
        if let c = o.optional("calibration") {
            let values = try c.array().map { (n) throws(ConfigError) in try n.number(in: -1e6...1e6) }
            guard let m = CalibrationMatrix(values) else {
                throw ConfigError(c.path, "expected six numbers (libinput's a b c d e f)")
            }
            t.calibration = m
        }
        if let p = o.optional("pointercal") {
            let path = try p.nonEmptyString()
            guard path.hasPrefix("/") else { throw ConfigError(p.path, "\"\(path)\" must be an absolute path") }
            guard o.optional("calibration") == nil else {
                throw ConfigError(p.path, "give \"calibration\" or \"pointercal\", not both")
            }
            t.pointercal = path
        }
        if let v = o.optional("swapXY") { t.swapXY = try v.bool() }
        if let v = o.optional("invertX") { t.invertX = try v.bool() }
        if let v = o.optional("invertY") { t.invertY = try v.bool() }
        if let f = o.optional("filters") {
            _ = try f.object(allowed: ["median", "dejitter", "pressureThreshold", "phantomGuard", "stuckTimeout"])
            t.filters = try f.decode(TouchFilters.self)
        }
        return t
    }

    static func parseTheme(_ node: ConfigNode?, scale: Double) throws(ConfigError) -> ThemeConfig {
        var t = ThemeConfig(
            preset: .ios, style: SwitchPreset.ios.style, background: Color(rgb: 0xF2F2F7),
            textColor: Color(rgb: 0x1C1C1E),
            sectionTitleColor: Color(rgb: 0x6C6C70), font: nil, labelSize: 17)
        var overrides: ConfigNode?
        if let node {
            let o = try node.object(
                allowed: ["preset", "style", "background", "textColor", "sectionTitleColor", "font", "labelSize"])
            if let p = o.optional("preset") { t.preset = try p.choice(SwitchPreset.allCases.map { ($0.rawValue, $0) }) }
            overrides = o.optional("style")
            if let c = o.optional("background") { t.background = try c.decode(Color.self) }
            if let c = o.optional("textColor") { t.textColor = try c.decode(Color.self) }
            if let c = o.optional("sectionTitleColor") { t.sectionTitleColor = try c.decode(Color.self) }
            if let f = o.optional("font") { t.font = try f.nonEmptyString() }
            if let s = o.optional("labelSize") { t.labelSize = try s.number(in: 4...200) }
        }
        var base = t.preset.style
        base.scale = scale
        t.style = try applyStyle(overrides, to: base)
        return t
    }

    /// The style `base` with the keys of `overrides` replaced; unknown keys are errors.
    static func applyStyle(_ overrides: ConfigNode?, to base: SwitchStyle) throws(ConfigError) -> SwitchStyle {
        guard let overrides else { return base }
        let o = try overrides.object(allowed: SwitchStyle.keys)
        guard case .object(let given) = overrides.value, !given.isEmpty else { return base }
        // Merge at the JSON level, then decode once: the style's own decoder checks every value.
        let encoded: JSONValue
        do {
            encoded = try JSONParser.parse(Array(try JSONEncoder().encode(base)))
        } catch {
            throw ConfigError(overrides.path, "internal: cannot encode the base style (\(error))")
        }
        guard case .object(var members) = encoded else { return base }
        for (key, node) in o.members {
            if let i = members.firstIndex(where: { $0.key == key }) {
                members[i].value = node.value
            } else {
                members.append((key, node.value))
            }
        }
        let style = try ConfigNode(value: .object(members), path: overrides.path).decode(SwitchStyle.self)
        try validate(style, path: overrides.path)
        return style
    }

    /// Ranges a decoded style must respect.
    static func validate(_ s: SwitchStyle, path: String) throws(ConfigError) {
        func check(_ v: Double, _ key: String, _ range: ClosedRange<Double>) throws(ConfigError) {
            guard range.contains(v) else {
                throw ConfigError(
                    "\(path).\(key)",
                    "\(format(v)) is out of range (\(format(range.lowerBound))…\(format(range.upperBound)))")
            }
        }
        try check(s.size.width, "size.width", 8...1000)
        try check(s.size.height, "size.height", 8...1000)
        try check(s.scale, "scale", 0.5...8)
        try check(s.padding, "padding", 0...100)
        try check(s.animation.duration, "animation.duration", 0...10)
        try check(s.animation.damping, "animation.damping", 0.05...10)
        try check(s.dragSlop, "dragSlop", 0...200)
        try check(s.tapMaxDuration, "tapMaxDuration", 0...10)
        try check(s.disabledOpacity, "disabledOpacity", 0...1)
        try check(s.labelSize, "labelSize", 1...200)
        try check(s.thumbCornerFraction, "thumbCornerFraction", 0...0.5)
    }

    static func parseSwitch(_ node: ConfigNode, theme: ThemeConfig) throws(ConfigError) -> SwitchConfig {
        let o = try node.object(allowed: [
            "id", "label", "preset", "style", "initial", "enabled", "position", "actions", "revertOnFailure",
        ])
        let idNode = try o.required("id")
        let id = try idNode.nonEmptyString()
        guard
            id.unicodeScalars.allSatisfy({
                $0.properties.isAlphabetic || ("0"..."9").contains($0) || "-_.".unicodeScalars.contains($0)
            })
        else { throw ConfigError(idNode.path, "\"\(id)\": use letters, digits, '-', '_' or '.'") }
        let label = try o.optional("label")?.string() ?? id
        // A switch's own preset replaces the theme's (and the theme's style overrides with it).
        var base = theme.style
        if let p = o.optional("preset") {
            base = try p.choice(SwitchPreset.allCases.map { ($0.rawValue, $0) }).style
            base.scale = theme.style.scale
        }
        let style = try applyStyle(o.optional("style"), to: base)
        let initial = try o.optional("initial")?.bool() ?? false
        let enabled = try o.optional("enabled")?.bool() ?? true
        var origin: Point?
        if let p = o.optional("position") {
            let po = try p.object(allowed: ["x", "y"])
            origin = Point(
                try po.required("x").number(in: -10000...10000), try po.required("y").number(in: -10000...10000))
        }
        var actions: [ActionConfig] = []
        if let a = o.optional("actions") {
            for n in try a.array() {
                let ao = try n.object(allowed: ["run", "timeout", "write", "on", "off", "print"])
                if let run = ao.optional("run") {
                    let argv = try run.array().map { (n) throws(ConfigError) in try n.string() }
                    guard let first = argv.first, !first.isEmpty else {
                        throw ConfigError(
                            run.path,
                            "needs the program and its arguments, e.g. [\"/usr/bin/mosquitto_pub\", \"-t\", \"porch\"]")
                    }
                    let timeout = try ao.optional("timeout")?.number(in: 0.1...3600) ?? 10
                    actions.append(.run(argv: argv, timeout: timeout))
                } else if let w = ao.optional("write") {
                    let path = try w.nonEmptyString()
                    guard path.hasPrefix("/") else { throw ConfigError(w.path, "\"\(path)\" must be an absolute path") }
                    actions.append(
                        .write(
                            path: path, on: try ao.optional("on")?.string() ?? "1",
                            off: try ao.optional("off")?.string() ?? "0"))
                } else if let p = ao.optional("print") {
                    guard try p.bool() else { continue }
                    actions.append(.print)
                } else {
                    throw ConfigError(n.path, "an action needs \"run\", \"write\" or \"print\"")
                }
            }
        }
        let revert = try o.optional("revertOnFailure")?.bool() ?? true
        var result = SwitchConfig(
            id: id, label: label, style: style, initial: initial, enabled: enabled, origin: origin, actions: actions,
            revertOnFailure: revert)
        result.path = node.path
        return result
    }

    static func parseLayout(_ node: ConfigNode?) throws(ConfigError) -> LayoutConfig {
        var l = LayoutConfig(columns: 2, margin: 24, gap: 16, rowHeight: 64, titleHeight: 40)
        guard let node else { return l }
        let o = try node.object(allowed: ["columns", "margin", "gap", "rowHeight", "titleHeight"])
        if let v = o.optional("columns") { l.columns = try v.integer(in: 1...12) }
        if let v = o.optional("margin") { l.margin = try v.number(in: 0...1000) }
        if let v = o.optional("gap") { l.gap = try v.number(in: 0...1000) }
        if let v = o.optional("rowHeight") { l.rowHeight = try v.number(in: 16...1000) }
        if let v = o.optional("titleHeight") { l.titleHeight = try v.number(in: 0...1000) }
        return l
    }
}
