import Foundation

/// A config error: where (a JSON path like `switches[2].style.trackColorOn`) and why.
public struct ConfigError: Error, Hashable, Sendable, CustomStringConvertible {
    public var path: String
    public var reason: String

    public init(_ path: String, _ reason: String) {
        self.path = path
        self.reason = reason
    }

    public var description: String { path.isEmpty ? reason : "\(path): \(reason)" }
}

/// A JSON value with its path, and typed accessors whose errors name that path.
struct ConfigNode {
    let value: JSONValue
    let path: String

    func child(_ key: String) -> String { path.isEmpty ? key : "\(path).\(key)" }

    /// The members of an object, refusing keys not in `allowed`.
    func object(allowed: [String]) throws(ConfigError) -> ConfigObject {
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

    func string() throws(ConfigError) -> String {
        guard case .string(let s) = value else { throw ConfigError(path, "expected a string, got \(value.kind)") }
        return s
    }

    func nonEmptyString() throws(ConfigError) -> String {
        let s = try string()
        guard !s.isEmpty else { throw ConfigError(path, "must not be empty") }
        return s
    }

    func bool() throws(ConfigError) -> Bool {
        guard case .bool(let b) = value else { throw ConfigError(path, "expected true or false, got \(value.kind)") }
        return b
    }

    func number(in range: ClosedRange<Double>) throws(ConfigError) -> Double {
        guard case .number(let n) = value else { throw ConfigError(path, "expected a number, got \(value.kind)") }
        guard range.contains(n) else {
            throw ConfigError(
                path, "\(format(n)) is out of range (\(format(range.lowerBound))…\(format(range.upperBound)))")
        }
        return n
    }

    func integer(in range: ClosedRange<Int>) throws(ConfigError) -> Int {
        let n = try number(in: Double(range.lowerBound)...Double(range.upperBound))
        guard n == n.rounded() else { throw ConfigError(path, "expected a whole number, got \(format(n))") }
        return Int(n)
    }

    func array() throws(ConfigError) -> [ConfigNode] {
        guard case .array(let items) = value else { throw ConfigError(path, "expected an array, got \(value.kind)") }
        return items.enumerated().map { ConfigNode(value: $0.element, path: "\(path)[\($0.offset)]") }
    }

    /// One of `choices` (as strings).
    func choice<T>(_ choices: [(String, T)]) throws(ConfigError) -> T {
        let s = try string()
        guard let match = choices.first(where: { $0.0 == s }) else {
            throw ConfigError(path, "\"\(s)\" is not one of: \(choices.map(\.0).joined(separator: ", "))")
        }
        return match.1
    }

    /// Decodes a `Decodable` value from this node through JSONDecoder, mapping its errors to paths.
    func decode<T: Decodable>(_ type: T.Type) throws(ConfigError) -> T {
        do {
            return try JSONDecoder().decode(T.self, from: Data(value.text.utf8))
        } catch let DecodingError.dataCorrupted(context) {
            throw ConfigError(join(context.codingPath), context.debugDescription)
        } catch let DecodingError.typeMismatch(expected, context) {
            throw ConfigError(join(context.codingPath), "expected \(describe(expected))")
        } catch let DecodingError.keyNotFound(key, context) {
            throw ConfigError(join(context.codingPath + [key]), "missing")
        } catch let DecodingError.valueNotFound(expected, context) {
            throw ConfigError(join(context.codingPath), "expected \(describe(expected)), got null")
        } catch {
            throw ConfigError(path, "\(error)")
        }
    }

    private func join(_ codingPath: [any CodingKey]) -> String {
        codingPath.reduce(path) { p, key in
            if let i = key.intValue { return "\(p)[\(i)]" }
            return p.isEmpty ? key.stringValue : "\(p).\(key.stringValue)"
        }
    }

    private func describe(_ type: Any.Type) -> String {
        switch type {
        case is Double.Type, is Int.Type, is UInt8.Type: "a number"
        case is String.Type: "a string"
        case is Bool.Type: "true or false"
        default: "\(type)"
        }
    }
}

/// An object's members, by key.
struct ConfigObject {
    let members: [String: ConfigNode]
    let path: String

    func optional(_ key: String) -> ConfigNode? {
        guard let n = members[key], n.value != .null else { return nil }
        return n
    }

    func required(_ key: String) throws(ConfigError) -> ConfigNode {
        guard let n = optional(key) else { throw ConfigError(path.isEmpty ? key : "\(path).\(key)", "missing") }
        return n
    }
}

func format(_ n: Double) -> String {
    n == n.rounded() && abs(n) < 1e15 ? String(Int64(n)) : "\(n)"
}
