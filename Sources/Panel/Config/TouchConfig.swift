import ConfigFormat
import TouchCore

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
