import Raster

/// A config error: where (a JSON path like `switches[2].style.trackColorOn`) and why.
public struct ConfigError: Error, Hashable, Sendable, CustomStringConvertible {
    public var path: String
    public var reason: String

    public init(_ path: String, _ reason: String) {
        self.path = path
        self.reason = reason
    }

    public var description: String { path.isEmpty ? reason : "\(path): \(reason)" }

    /// The most characters of its input an error echoes: a key or value from a hostile or
    /// mistaken file can be megabytes long, and the message must stay a line.
    public static let maximumEcho = 32

    /// `text` cut to ``maximumEcho`` characters, with "…" when it was longer.
    public static func excerpt(_ text: String) -> String {
        text.count > maximumEcho ? String(text.prefix(maximumEcho)) + "…" : text
    }
}

extension Double {
    /// The number as a config writes it and an error shows it: `3`, `0.25`, `1e+300`.
    public var configText: String {
        self == rounded() && abs(self) < 1e15 ? String(Int64(self)) : "\(self)"
    }
}

/// A JSON value with its path, and typed readers whose errors name that path. Every config
/// type reads itself through these — the board config in Panel, the switch style in Widget —
/// so every level refuses unknown keys the same way and checks its numbers against a range.
public struct ConfigNode: Sendable {
    public let value: JSONValue
    public let path: String

    public init(value: JSONValue, path: String = "") {
        self.value = value
        self.path = path
    }

    /// The root of a config file's bytes: any input at all gives a node or an error saying
    /// where the JSON is broken (every config file is read through this first).
    public static func root(parsing bytes: [UInt8]) throws(ConfigError) -> ConfigNode {
        do {
            return ConfigNode(value: try JSONParser.parse(bytes))
        } catch {
            throw ConfigError("", "not valid JSON: \(error)")
        }
    }

    /// The path of the member `key` (cut short when the key is long: it is echoed in errors).
    /// A key a bare path would garble — empty, or with a dot, a bracket, a quote, a backslash
    /// or a control character (a line break would split the error's line) — is shown quoted.
    public func child(_ key: String) -> String {
        let shown = ConfigError.excerpt(Self.garblesAPath(key) ? JSONValue.quote(key) : key)
        return path.isEmpty ? shown : "\(path).\(shown)"
    }

    private static func garblesAPath(_ key: String) -> Bool {
        key.isEmpty
            || key.unicodeScalars.contains {
                ".[]\"\\".unicodeScalars.contains($0) || $0.properties.generalCategory == .control
            }
    }

    /// The members of an object, refusing keys not in `allowed` (and listing those).
    public func object(allowed: [String]) throws(ConfigError) -> ConfigObject {
        guard case .object(let members) = value else {
            throw ConfigError(path, "expected an object, got \(value.kind)")
        }
        var map: [String: ConfigNode] = [:]
        for (key, v) in members {
            guard allowed.contains(key) else {
                throw ConfigError(child(key), "unknown key (expected one of: \(allowed.joined(separator: ", ")))")
            }
            map[key] = ConfigNode(value: v, path: child(key))
        }
        return ConfigObject(members: map, path: path)
    }

    public func string() throws(ConfigError) -> String {
        guard case .string(let s) = value else { throw ConfigError(path, "expected a string, got \(value.kind)") }
        return s
    }

    /// A string of at most `maximumLength` characters.
    public func string(maximumLength: Int) throws(ConfigError) -> String {
        let s = try string()
        guard s.count <= maximumLength else {
            throw ConfigError(path, "\(value.shown) is \(s.count) characters long (at most \(maximumLength))")
        }
        return s
    }

    /// The most characters of a text drawn on the screen (a label, a title): more would not fit
    /// on any screen, and every frame measures and draws it.
    public static let maximumTextLength = 256

    /// A text drawn on the screen: at most ``maximumTextLength`` characters.
    public func text() throws(ConfigError) -> String { try string(maximumLength: Self.maximumTextLength) }

    /// The most characters of a name: of a file, a card, a connector, an input device.
    public static let maximumNameLength = 256

    /// A name or path on the system, which the running panel's errors show: not empty, at
    /// most ``maximumNameLength`` characters.
    public func name() throws(ConfigError) -> String {
        let s = try string(maximumLength: Self.maximumNameLength)
        guard !s.isEmpty else { throw ConfigError(path, "must not be empty") }
        return s
    }

    public func bool() throws(ConfigError) -> Bool {
        guard case .bool(let b) = value else { throw ConfigError(path, "expected true or false, got \(value.kind)") }
        return b
    }

    /// A number within `range`: every number a config holds has one, so that nothing downstream
    /// (a conversion to `Int`, a blur, a timer) meets a value it cannot handle.
    public func number(in range: ClosedRange<Double>) throws(ConfigError) -> Double {
        guard case .number(let n) = value else { throw ConfigError(path, "expected a number, got \(value.kind)") }
        guard range.contains(n) else {
            let bounds = "\(range.lowerBound.configText)…\(range.upperBound.configText)"
            throw ConfigError(path, "\(n.configText) is out of range (\(bounds))")
        }
        return n
    }

    /// A whole number within `range`. Converted exactly, not compared as a Double: `Double(Int.max)`
    /// is 2^63, one past `Int.max` (where `Int(_:)` traps), and any bound past 2^53 rounds.
    public func integer(in range: ClosedRange<Int>) throws(ConfigError) -> Int {
        guard case .number(let n) = value else { throw ConfigError(path, "expected a number, got \(value.kind)") }
        if let whole = Int(exactly: n), range.contains(whole) { return whole }
        // Out of the range says more than "not whole" for 10.5 in 0…10.
        if n != n.rounded(), Double(range.lowerBound) <= n, n <= Double(range.upperBound) {
            throw ConfigError(path, "expected a whole number, got \(n.configText)")
        }
        throw ConfigError(path, "\(n.configText) is out of range (\(range.lowerBound)…\(range.upperBound))")
    }

    public func array() throws(ConfigError) -> [ConfigNode] {
        guard case .array(let items) = value else { throw ConfigError(path, "expected an array, got \(value.kind)") }
        return items.enumerated().map { ConfigNode(value: $0.element, path: "\(path)[\($0.offset)]") }
    }

    /// An array of at most `maximumCount` items.
    public func array(maximumCount: Int) throws(ConfigError) -> [ConfigNode] {
        let items = try array()
        guard items.count <= maximumCount else {
            throw ConfigError(path, "\(items.count) items (at most \(maximumCount))")
        }
        return items
    }

    /// One of `choices` (as strings).
    public func choice<T>(_ choices: [(String, T)]) throws(ConfigError) -> T {
        let s = try string()
        guard let match = choices.first(where: { $0.0 == s }) else {
            throw ConfigError(path, "\(value.shown) is not one of: \(choices.map(\.0).joined(separator: ", "))")
        }
        return match.1
    }

    /// One of an enumeration's cases, by raw value.
    public func choice<T: CaseIterable & RawRepresentable>(of type: T.Type) throws(ConfigError) -> T
    where T.RawValue == String {
        try choice(T.allCases.map { ($0.rawValue, $0) })
    }

    /// `"#RRGGBB"` or `"#RRGGBBAA"`.
    public func color() throws(ConfigError) -> Color {
        guard case .string(let s) = value, let color = Color(hex: s) else {
            throw ConfigError(path, "expected \"#RRGGBB\" or \"#RRGGBBAA\", got \(value.shown)")
        }
        return color
    }

    /// `[x, y]`, each within `range`.
    public func point(in range: ClosedRange<Double>) throws(ConfigError) -> Point {
        let items = try array()
        guard items.count == 2 else { throw ConfigError(path, "expected [x, y], got \(items.count) numbers") }
        return Point(try items[0].number(in: range), try items[1].number(in: range))
    }
}

/// An object's members, by key.
public struct ConfigObject: Sendable {
    public let members: [String: ConfigNode]
    public let path: String

    /// The member `key`; nil when it is missing or `null`.
    public func optional(_ key: String) -> ConfigNode? {
        guard let n = members[key], n.value != .null else { return nil }
        return n
    }

    public func required(_ key: String) throws(ConfigError) -> ConfigNode {
        guard let n = optional(key) else { throw ConfigError(path.isEmpty ? key : "\(path).\(key)", "missing") }
        return n
    }

    /// The member `key` read by `read`, or `current` (the default) when it is missing or `null`.
    public func value<T>(_ key: String, else current: T, _ read: ValueReader<T>) throws(ConfigError) -> T {
        guard let n = optional(key) else { return current }
        return try read.read(n)
    }

    /// For a setting that can be turned off: the member `key` read by `read`; nil when it is
    /// `null` (a config clears a preset's shadow or border that way); `current` when missing.
    public func nullable<T>(_ key: String, else current: T?, _ read: ValueReader<T>) throws(ConfigError) -> T? {
        guard let n = members[key] else { return current }
        if n.value == .null { return nil }
        return try read.read(n)
    }
}

/// How to read one value: `.number(in: 0...100)`, `.color`, `.bool`, or `ValueReader { node
/// throws(ConfigError) in … }` for a nested object. ``ConfigObject/value(_:else:_:)`` takes one
/// per key, so a type reads each of its members in one line: key, default, kind and range.
public struct ValueReader<T> {
    public let read: (ConfigNode) throws(ConfigError) -> T

    public init(_ read: @escaping (ConfigNode) throws(ConfigError) -> T) { self.read = read }
}

extension ValueReader where T == Double {
    public static func number(in range: ClosedRange<Double>) -> Self {
        Self { n throws(ConfigError) in try n.number(in: range) }
    }
}

extension ValueReader where T == Int {
    public static func integer(in range: ClosedRange<Int>) -> Self {
        Self { n throws(ConfigError) in try n.integer(in: range) }
    }
}

extension ValueReader where T == Bool {
    public static var bool: Self { Self { n throws(ConfigError) in try n.bool() } }
}

extension ValueReader where T == String {
    public static var string: Self { Self { n throws(ConfigError) in try n.string() } }
    /// A text drawn on the screen (``ConfigNode/text()``).
    public static var text: Self { Self { n throws(ConfigError) in try n.text() } }
    /// A name or path (``ConfigNode/name()``).
    public static var name: Self { Self { n throws(ConfigError) in try n.name() } }
}

extension ValueReader where T == Color {
    public static var color: Self { Self { n throws(ConfigError) in try n.color() } }
}

extension ValueReader where T == Point {
    public static func point(in range: ClosedRange<Double>) -> Self {
        Self { n throws(ConfigError) in try n.point(in: range) }
    }
}

extension ValueReader where T: CaseIterable & RawRepresentable, T.RawValue == String {
    /// One of the enumeration's cases, by raw value.
    public static var choice: Self { Self { n throws(ConfigError) in try n.choice(of: T.self) } }
}
