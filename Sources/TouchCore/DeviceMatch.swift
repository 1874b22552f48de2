/// Which input device a configuration means: by path, by name, or by USB-style vendor:product.
///
/// In configuration JSON, an object with one key — `{"path": "/dev/input/event3"}`,
/// `{"name": "FT5406 memory based driver"}`, `{"nameContains": "ads7846"}`,
/// `{"id": "0eef:0001"}` — or a plain string read by ``init(_:)``.
///
/// Pure: ``matches(path:description:)`` compares strings and numbers. A path is compared as
/// given, so a configured symlink (`/dev/input/by-id/…`, `/dev/input/by-path/…`) must be resolved
/// by the caller (`realpath`) before it is compared with the `/dev/input/eventN` being opened.
public enum DeviceMatch: Hashable, Sendable, Codable, CustomStringConvertible {
    /// The device node, exactly.
    case path(String)
    /// The device's name (`EVIOCGNAME`, evemu's `N:` line), exactly, case included.
    case name(String)
    /// A part of the device's name, ignoring case.
    case nameContains(String)
    /// The vendor and product ids (`EVIOCGID`, evemu's `I:` line).
    case id(vendor: UInt16, product: UInt16)

    /// Reads the plain-string form: `vvvv:pppp` (1 to 4 hex digits each) is an ``id(vendor:product:)``,
    /// a string starting with `/` a ``path(_:)``, anything else a ``nameContains(_:)``. Nil for an
    /// empty string.
    public init?(_ text: String) {
        guard !text.isEmpty else { return nil }
        if let (vendor, product) = Self.parseID(text) {
            self = .id(vendor: vendor, product: product)
        } else if text.hasPrefix("/") {
            self = .path(text)
        } else {
            self = .nameContains(text)
        }
    }

    /// Whether the device at `path` with this description is the one meant.
    public func matches(path: String, description: DeviceDescription) -> Bool {
        switch self {
        case .path(let p): p == path
        case .name(let n): description.name == n
        case .nameContains(let part): description.name.lowercased().contains(part.lowercased())
        case .id(let vendor, let product): description.vendor == vendor && description.product == product
        }
    }

    public var description: String {
        switch self {
        case .path(let p): "path \(p)"
        case .name(let n): "name \"\(n)\""
        case .nameContains(let part): "name containing \"\(part)\""
        case .id(let vendor, let product): "id \(Self.formatID(vendor: vendor, product: product))"
        }
    }

    /// `vvvv:pppp` → the two ids; nil unless both halves are 1…4 hex digits.
    static func parseID(_ text: String) -> (vendor: UInt16, product: UInt16)? {
        let halves = text.split(separator: ":", omittingEmptySubsequences: false)
        guard halves.count == 2,
            halves.allSatisfy({ (1...4).contains($0.count) && $0.allSatisfy(\.isHexDigit) }),
            let vendor = UInt16(halves[0], radix: 16), let product = UInt16(halves[1], radix: 16)
        else { return nil }
        return (vendor, product)
    }

    static func formatID(vendor: UInt16, product: UInt16) -> String {
        func hex(_ v: UInt16) -> String {
            let s = String(v, radix: 16)
            return String(repeating: "0", count: 4 - s.count) + s
        }
        return "\(hex(vendor)):\(hex(product))"
    }

    private enum CodingKeys: String, CodingKey, CaseIterable { case path, name, nameContains, id }

    /// An object with exactly one of `path`, `name`, `nameContains`, `id`, or a plain string (``init(_:)``).
    public init(from decoder: any Decoder) throws {
        if let text = try? decoder.singleValueContainer().decode(String.self) {
            guard let match = DeviceMatch(text) else {
                throw DecodingError.dataCorrupted(
                    .init(codingPath: decoder.codingPath, debugDescription: "an empty device match"))
            }
            self = match
            return
        }
        let c = try decoder.container(keyedBy: CodingKeys.self)
        let keys = CodingKeys.allCases.filter { c.contains($0) }
        guard keys.count == 1, let key = keys.first else {
            throw DecodingError.dataCorrupted(
                .init(
                    codingPath: decoder.codingPath,
                    debugDescription: "a device match needs exactly one of path, name, nameContains, id; found "
                        + (keys.isEmpty ? "none" : keys.map(\.stringValue).joined(separator: ", "))))
        }
        let value = try c.decode(String.self, forKey: key)
        guard !value.isEmpty else {
            throw DecodingError.dataCorruptedError(forKey: key, in: c, debugDescription: "\(key.stringValue) is empty")
        }
        switch key {
        case .path: self = .path(value)
        case .name: self = .name(value)
        case .nameContains: self = .nameContains(value)
        case .id:
            guard let (vendor, product) = Self.parseID(value) else {
                throw DecodingError.dataCorruptedError(
                    forKey: key, in: c, debugDescription: "id '\(value)' is not vvvv:pppp (hex vendor:product)")
            }
            self = .id(vendor: vendor, product: product)
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        switch self {
        case .path(let p): try c.encode(p, forKey: .path)
        case .name(let n): try c.encode(n, forKey: .name)
        case .nameContains(let part): try c.encode(part, forKey: .nameContains)
        case .id(let vendor, let product): try c.encode(Self.formatID(vendor: vendor, product: product), forKey: .id)
        }
    }
}
