/// A parsed JSON value. Board configs (through ``ConfigNode``) and control-socket requests are
/// read from this rather than through `Codable`, so that every error can name its path
/// (`switches[2].style.trackColorOn`), unknown keys can be refused at every depth, and any input
/// at all — empty, binary garbage, huge or deeply nested — gives an error instead of a crash.
public indirect enum JSONValue: Hashable, Sendable {
    case null
    case bool(Bool)
    case number(Double)
    case string(String)
    case array([JSONValue])
    /// Keys in file order (duplicates are refused by the parser).
    case object([(key: String, value: JSONValue)])

    public static func == (a: JSONValue, b: JSONValue) -> Bool {
        switch (a, b) {
        case (.null, .null): true
        case (.bool(let x), .bool(let y)): x == y
        case (.number(let x), .number(let y)): x == y
        case (.string(let x), .string(let y)): x == y
        case (.array(let x), .array(let y)): x == y
        case (.object(let x), .object(let y)):
            x.count == y.count && zip(x, y).allSatisfy { $0.key == $1.key && $0.value == $1.value }
        default: false
        }
    }

    public func hash(into hasher: inout Hasher) {
        switch self {
        case .null: hasher.combine(0)
        case .bool(let b): hasher.combine(b)
        case .number(let n): hasher.combine(n)
        case .string(let s): hasher.combine(s)
        case .array(let a): hasher.combine(a)
        case .object(let o):
            for (k, v) in o {
                hasher.combine(k)
                hasher.combine(v)
            }
        }
    }

    /// What the value is, for error messages.
    public var kind: String {
        switch self {
        case .null: "null"
        case .bool: "a boolean"
        case .number: "a number"
        case .string: "a string"
        case .array: "an array"
        case .object: "an object"
        }
    }

    /// Serialises back to JSON text (one line; ``prettyText(indent:)`` for people).
    public var text: String {
        switch self {
        case .null: return "null"
        case .bool(let b): return b ? "true" : "false"
        case .number(let n): return n.configText
        case .string(let s): return JSONValue.quote(s)
        case .array(let a): return "[" + a.map(\.text).joined(separator: ",") + "]"
        case .object(let o):
            return "{" + o.map { JSONValue.quote($0.key) + ":" + $0.value.text }.joined(separator: ",") + "}"
        }
    }

    /// The value as an error message shows it: its JSON text, cut short when long.
    public var shown: String { ConfigError.excerpt(text) }

    static func quote(_ s: String) -> String {
        var out = "\""
        for u in s.unicodeScalars {
            switch u {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            default:
                if u.value < 0x20 {
                    let hex = String(u.value, radix: 16)
                    out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
                } else {
                    out.unicodeScalars.append(u)
                }
            }
        }
        return out + "\""
    }
}

/// Why JSON text could not be parsed, with the line and column.
public struct JSONSyntaxError: Error, Hashable, Sendable, CustomStringConvertible {
    public var line: Int
    public var column: Int
    public var reason: String
    public var description: String { "line \(line), column \(column): \(reason)" }
}

/// A strict RFC 8259 parser with limits: nesting at most `maximumDepth`, input at most
/// `maximumBytes`. Iterative over bytes; no recursion deeper than the depth limit.
public struct JSONParser {
    public static let maximumDepth = 64
    public static let maximumBytes = 4 << 20

    /// UTF-8's byte-order mark, which some Windows editors write at the start of a file.
    static let byteOrderMark: [UInt8] = [0xEF, 0xBB, 0xBF]

    private let bytes: [UInt8]
    private var index = 0

    private init(_ bytes: [UInt8]) { self.bytes = bytes }

    /// Parses one JSON document.
    public static func parse(_ bytes: [UInt8]) throws(JSONSyntaxError) -> JSONValue {
        var p = JSONParser(bytes)
        guard bytes.count <= maximumBytes else {
            throw JSONSyntaxError(line: 1, column: 1, reason: "the file is larger than \(maximumBytes >> 20) MiB")
        }
        if bytes.starts(with: byteOrderMark) { p.index = byteOrderMark.count }
        p.skipWhitespace()
        guard p.index < bytes.count else { throw p.error("the file is empty (expected a JSON object)") }
        let value = try p.value(depth: 0)
        p.skipWhitespace()
        guard p.index == bytes.count else { throw p.error("unexpected text after the JSON value") }
        return value
    }

    public static func parse(_ text: String) throws(JSONSyntaxError) -> JSONValue { try parse(Array(text.utf8)) }

    private func error(_ reason: String) -> JSONSyntaxError {
        var line = 1
        var column = 1
        // From after a byte-order mark: editors do not show it, so it is no column.
        let start = bytes.starts(with: JSONParser.byteOrderMark) ? JSONParser.byteOrderMark.count : 0
        for b in bytes[min(start, index)..<min(index, bytes.count)] {
            if b == UInt8(ascii: "\n") {
                line += 1
                column = 1
            } else if b & 0xC0 != 0x80 {
                column += 1
            }
        }
        return JSONSyntaxError(line: line, column: column, reason: reason)
    }

    private mutating func skipWhitespace() {
        while index < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[index]) { index += 1 }
    }

    private mutating func value(depth: Int) throws(JSONSyntaxError) -> JSONValue {
        guard depth < JSONParser.maximumDepth else {
            throw error("nested deeper than \(JSONParser.maximumDepth) levels")
        }
        skipWhitespace()
        guard index < bytes.count else { throw error("unexpected end of file") }
        switch bytes[index] {
        case UInt8(ascii: "{"): return try object(depth: depth)
        case UInt8(ascii: "["): return try array(depth: depth)
        case UInt8(ascii: "\""): return .string(try string())
        case UInt8(ascii: "t"): return try literal("true", .bool(true))
        case UInt8(ascii: "f"): return try literal("false", .bool(false))
        case UInt8(ascii: "n"): return try literal("null", .null)
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return .number(try number())
        default:
            let b = bytes[index]
            let shown = b >= 0x20 && b < 0x7F ? "'\(Character(UnicodeScalar(b)))'" : "byte 0x\(String(b, radix: 16))"
            throw error("unexpected \(shown) (expected a value)")
        }
    }

    private mutating func literal(_ word: String, _ v: JSONValue) throws(JSONSyntaxError) -> JSONValue {
        let w = Array(word.utf8)
        guard index + w.count <= bytes.count, Array(bytes[index..<(index + w.count)]) == w else {
            throw error("unexpected text (expected \(word))")
        }
        index += w.count
        return v
    }

    private mutating func object(depth: Int) throws(JSONSyntaxError) -> JSONValue {
        index += 1
        var members: [(key: String, value: JSONValue)] = []
        var seen = Set<String>()
        skipWhitespace()
        if index < bytes.count, bytes[index] == UInt8(ascii: "}") {
            index += 1
            return .object(members)
        }
        while true {
            skipWhitespace()
            guard index < bytes.count else { throw error("unexpected end of file (an object is not closed)") }
            guard bytes[index] == UInt8(ascii: "\"") else { throw error("expected a key in quotes") }
            let keyStart = index
            let key = try string()
            guard seen.insert(key).inserted else {
                index = keyStart
                throw error("the key \(JSONValue.string(key).shown) appears twice")
            }
            skipWhitespace()
            guard index < bytes.count, bytes[index] == UInt8(ascii: ":") else {
                throw error("expected ':' after \"\(key)\"")
            }
            index += 1
            members.append((key, try value(depth: depth + 1)))
            skipWhitespace()
            guard index < bytes.count else { throw error("unexpected end of file (an object is not closed)") }
            if bytes[index] == UInt8(ascii: ",") {
                index += 1
                continue
            }
            guard bytes[index] == UInt8(ascii: "}") else { throw error("expected ',' or '}'") }
            index += 1
            return .object(members)
        }
    }

    private mutating func array(depth: Int) throws(JSONSyntaxError) -> JSONValue {
        index += 1
        var items: [JSONValue] = []
        skipWhitespace()
        if index < bytes.count, bytes[index] == UInt8(ascii: "]") {
            index += 1
            return .array(items)
        }
        while true {
            items.append(try value(depth: depth + 1))
            skipWhitespace()
            guard index < bytes.count else { throw error("unexpected end of file (an array is not closed)") }
            if bytes[index] == UInt8(ascii: ",") {
                index += 1
                continue
            }
            guard bytes[index] == UInt8(ascii: "]") else { throw error("expected ',' or ']'") }
            index += 1
            return .array(items)
        }
    }

    private mutating func string() throws(JSONSyntaxError) -> String {
        index += 1
        var scalars = String.UnicodeScalarView()
        var raw: [UInt8] = []
        func flush() throws(JSONSyntaxError) {
            guard !raw.isEmpty else { return }
            guard let s = String(validating: raw, as: UTF8.self) else { throw error("invalid UTF-8 in a string") }
            scalars.append(contentsOf: s.unicodeScalars)
            raw.removeAll()
        }
        while true {
            guard index < bytes.count else { throw error("unexpected end of file (a string is not closed)") }
            let b = bytes[index]
            index += 1
            switch b {
            case UInt8(ascii: "\""):
                try flush()
                return String(scalars)
            case UInt8(ascii: "\\"):
                try flush()
                guard index < bytes.count else { throw error("unexpected end of file in an escape") }
                let e = bytes[index]
                index += 1
                switch e {
                case UInt8(ascii: "\""): scalars.append("\"")
                case UInt8(ascii: "\\"): scalars.append("\\")
                case UInt8(ascii: "/"): scalars.append("/")
                case UInt8(ascii: "b"): scalars.append("\u{08}")
                case UInt8(ascii: "f"): scalars.append("\u{0C}")
                case UInt8(ascii: "n"): scalars.append("\n")
                case UInt8(ascii: "r"): scalars.append("\r")
                case UInt8(ascii: "t"): scalars.append("\t")
                case UInt8(ascii: "u"):
                    var code = try hex4()
                    if (0xD800..<0xDC00).contains(code) {
                        guard index + 1 < bytes.count, bytes[index] == UInt8(ascii: "\\"),
                            bytes[index + 1] == UInt8(ascii: "u")
                        else { throw error("a lone UTF-16 surrogate in \\u escape") }
                        index += 2
                        let low = try hex4()
                        guard (0xDC00..<0xE000).contains(low) else { throw error("a bad UTF-16 surrogate pair") }
                        code = 0x10000 + ((code - 0xD800) << 10) + (low - 0xDC00)
                    }
                    guard let u = Unicode.Scalar(code) else { throw error("\\u escape is not a Unicode scalar") }
                    scalars.append(u)
                default: throw error("unknown escape \\\(Character(UnicodeScalar(e)))")
                }
            case 0..<0x20: throw error("a control character in a string (escape it)")
            default: raw.append(b)
            }
        }
    }

    /// Four hex digits, each checked: `UInt32(_:radix:)` alone would take a sign (`+041`, `-000`).
    private mutating func hex4() throws(JSONSyntaxError) -> UInt32 {
        guard index + 4 <= bytes.count else { throw error("\\u needs four hex digits") }
        var v: UInt32 = 0
        for b in bytes[index..<(index + 4)] {
            let digit: UInt8
            switch b {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = b - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = b - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = b - UInt8(ascii: "A") + 10
            default: throw error("\\u needs four hex digits")
            }
            v = v << 4 | UInt32(digit)
        }
        index += 4
        return v
    }

    private mutating func number() throws(JSONSyntaxError) -> Double {
        let start = index
        if bytes[index] == UInt8(ascii: "-") { index += 1 }
        func digits() -> Int {
            let s = index
            while index < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[index]) { index += 1 }
            return index - s
        }
        let intStart = index
        guard digits() > 0 else { throw error("a number needs digits") }
        if bytes[intStart] == UInt8(ascii: "0"), index - intStart > 1 { throw error("numbers must not start with 0") }
        if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
            index += 1
            guard digits() > 0 else { throw error("a number needs digits after '.'") }
        }
        if index < bytes.count, bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E") {
            index += 1
            if index < bytes.count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") {
                index += 1
            }
            guard digits() > 0 else { throw error("a number needs digits in its exponent") }
        }
        guard let v = Double(String(decoding: bytes[start..<index], as: UTF8.self)), v.isFinite else {
            throw error("a number out of range")
        }
        return v
    }
}

extension JSONValue {
    /// Serialises for people: objects one member per line, indented; arrays of plain values and
    /// small objects of plain values on one line (as board configs are written by hand).
    public func prettyText(indent: String = "") -> String {
        let inner = indent + "  "
        switch self {
        case .array(let a) where !a.isEmpty && !a.allSatisfy(\.isPlain):
            return "[\n" + a.map { inner + $0.prettyText(indent: inner) }.joined(separator: ",\n") + "\n\(indent)]"
        case .object(let o) where !o.isEmpty && (o.count > 4 || !o.allSatisfy(\.value.isPlain)):
            return "{\n"
                + o.map { inner + JSONValue.quote($0.key) + ": " + $0.value.prettyText(indent: inner) }
                .joined(separator: ",\n") + "\n\(indent)}"
        case .array(let a):
            return "[" + a.map(\.text).joined(separator: ", ") + "]"
        case .object(let o):
            return o.isEmpty
                ? "{}" : "{ " + o.map { JSONValue.quote($0.key) + ": " + $0.value.text }.joined(separator: ", ") + " }"
        default:
            return text
        }
    }

    /// Not a container, or an array of plain values (a matrix, an argv).
    var isPlain: Bool {
        switch self {
        case .object: false
        case .array(let a):
            a.allSatisfy { if case .array = $0 { false } else if case .object = $0 { false } else { true } }
        default: true
        }
    }

    /// This object with `key` set to `value` (replaced in place, or appended).
    public func setting(_ key: String, to value: JSONValue) -> JSONValue {
        guard case .object(var members) = self else { return self }
        if let i = members.firstIndex(where: { $0.key == key }) {
            members[i].value = value
        } else {
            members.append((key, value))
        }
        return .object(members)
    }

    /// The member `key` of an object.
    public subscript(key: String) -> JSONValue? {
        guard case .object(let members) = self else { return nil }
        return members.first { $0.key == key }?.value
    }
}
