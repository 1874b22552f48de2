/// A malformed line in evemu text: the line number (from 1) and what is wrong with it.
public struct EvemuParseError: Error, Hashable, Sendable, CustomStringConvertible {
    public var line: Int
    public var reason: String

    public init(line: Int, reason: String) {
        self.line = line
        self.reason = reason
    }

    public var description: String { "line \(line): \(reason)" }
}

/// An evemu recording: the device's description when the file carries one (the header lines that
/// `evemu-record` writes first, the same as a `.desc` file) and the events in order.
///
/// Lines: `N:` name, `I:` bus vendor product version (hex), `P:` property bytes (hex), `B:` a type
/// and its code bitmask bytes (hex; several lines per type continue the mask), `A:` axis code (hex)
/// min max fuzz flat [resolution] (decimal; old files omit the resolution), `L:`/`S:` LED and
/// switch states (accepted, unused), `E:` sec.usec type code value. Both value styles are read:
/// `E: 1299660550.563221 0001 014a 1` and `E: 0.000001 0003 0039 -001\t# comment`. `#` starts a
/// comment (except on `N:` lines, where it may be part of the name); blank lines are skipped.
/// evemu's descriptive header comments give the axes' current values (``AbsInfo/value``).
public struct EvemuRecording: Hashable, Sendable {
    /// The device, when the text has a header; nil for bare `E:` lines (use a separate `.desc`).
    public var device: DeviceDescription?
    public var events: [InputEvent]

    public init(device: DeviceDescription?, events: [InputEvent]) {
        self.device = device
        self.events = events
    }

    /// Parses evemu text. Throws ``EvemuParseError`` naming the first bad line; any input, however
    /// broken, either parses or throws.
    public static func parse(_ text: String) throws -> EvemuRecording {
        var header = EvemuHeader()
        var events: [InputEvent] = []
        var lineNumber = 0
        for line in evemuLines(text) {
            lineNumber += 1
            let trimmed = line.drop(while: { $0 == " " || $0 == "\t" })
            if trimmed.isEmpty { continue }
            if trimmed.first == "#" {
                if events.isEmpty { header.takeComment(trimmed.dropFirst()) }
                continue
            }
            guard let colon = trimmed.firstIndex(of: ":") else {
                throw EvemuParseError(line: lineNumber, reason: "expected 'X: …' (E:, N:, I:, P:, B: or A:)")
            }
            let kind = String(trimmed[..<colon]).trimmingBlanks()
            var body = trimmed[trimmed.index(after: colon)...]
            if kind != "N", let hash = body.firstIndex(of: "#") { body = body[..<hash] }
            let fields = body.split(whereSeparator: { $0 == " " || $0 == "\t" })
            switch kind {
            case "E":
                events.append(try parseEvent(fields, line: lineNumber))
            case "N", "I", "P", "B", "A", "L", "S":
                guard events.isEmpty else {
                    throw EvemuParseError(
                        line: lineNumber, reason: "device description line (\(kind):) after the first event")
                }
                try header.take(kind: kind, body: body, fields: fields, line: lineNumber)
            default:
                throw EvemuParseError(
                    line: lineNumber,
                    reason: "unknown line kind '\(kind.prefix(16)):' (expected E:, N:, I:, P:, B: or A:)")
            }
        }
        return EvemuRecording(device: try header.build(endLine: lineNumber), events: events)
    }

    private static func parseEvent(_ fields: [Substring], line: Int) throws -> InputEvent {
        guard fields.count == 4 else {
            throw EvemuParseError(
                line: line, reason: "E: needs 4 fields (sec.usec type code value), found \(fields.count)")
        }
        let time = try parseTime(fields[0], line: line)
        let type = try parseHex16(fields[1], line: line, what: "event type")
        let code = try parseHex16(fields[2], line: line, what: "event code")
        let value = try parseDecimal(fields[3], line: line, what: "event value")
        return InputEvent(time: time, type: type, code: code, value: value)
    }

    /// `sec.usec` (evemu writes six fraction digits; up to nine are read).
    private static func parseTime(_ s: Substring, line: Int) throws -> Double {
        let parts = s.split(separator: ".", omittingEmptySubsequences: false)
        let digits: (Substring) -> Bool = { !$0.isEmpty && $0.allSatisfy { $0 >= "0" && $0 <= "9" } }
        guard parts.count <= 2, digits(parts[0]), parts[0].count <= 15, parts.count == 1 || digits(parts[1]),
            parts.count == 1 || parts[1].count <= 9, let seconds = Int(parts[0])
        else {
            throw EvemuParseError(line: line, reason: "bad time '\(s.prefix(32))' (expected seconds.microseconds)")
        }
        guard parts.count == 2, let fraction = Int(parts[1]) else { return Double(seconds) }
        var scale = 1.0
        for _ in 0..<parts[1].count { scale *= 10 }
        return Double(seconds) + Double(fraction) / scale
    }
}

extension DeviceDescription {
    /// Parses an evemu device description (a `.desc` file, or the header of a recording).
    public static func parse(_ text: String) throws -> DeviceDescription {
        let recording = try EvemuRecording.parse(text)
        guard let device = recording.device else {
            let lines = evemuLines(text).count
            throw EvemuParseError(line: lines, reason: "no device description (N:, I:, B:, A: lines) in the text")
        }
        return device
    }
}

// MARK: - Header lines

/// Collects the header lines of evemu text into a ``DeviceDescription``.
private struct EvemuHeader {
    var name: String?
    var id: (bus: UInt16, vendor: UInt16, product: UInt16, version: UInt16)?
    var propertyBytes: [UInt8] = []
    var bitBytes: [UInt16: [UInt8]] = [:]
    var absInfo: [UInt16: AbsInfo] = [:]
    var firstLine: Int?
    // evemu's descriptive comments: "#   Event type 3 (EV_ABS)", "#     Event code 47 (…)", "#  Value 3".
    var commentType: Int?
    var commentCode: Int?
    var commentValues: [UInt16: Int32] = [:]

    /// Bits beyond these are not kernel codes (`KEY_MAX`, the largest, is 0x2ff).
    static let maxBitBytes = 96
    static let maxPropertyBytes = 64

    /// Reads the current values out of evemu's header comments; anything else is ignored.
    mutating func takeComment(_ text: Substring) {
        let words = text.split(whereSeparator: { $0 == " " || $0 == "\t" })
        guard words.count >= 2 else { return }
        if words.count >= 3 && words[0] == "Event" && words[1] == "type" {
            commentType = Int(words[2])
            commentCode = nil
        } else if words.count >= 3 && words[0] == "Event" && words[1] == "code" {
            commentCode = Int(words[2])
        } else if words[0] == "Value", commentType == Int(EventType.abs), let code = commentCode,
            code >= 0, code <= Int(AbsCode.max), let value = Int32(words[1])
        {
            commentValues[UInt16(code)] = value
        }
    }

    mutating func take(kind: String, body: Substring, fields: [Substring], line: Int) throws {
        if firstLine == nil { firstLine = line }
        switch kind {
        case "N":
            guard name == nil else { throw EvemuParseError(line: line, reason: "a second N: line") }
            name = String(body).trimmingBlanks()
        case "I":
            guard id == nil else { throw EvemuParseError(line: line, reason: "a second I: line") }
            guard fields.count == 4 else {
                throw EvemuParseError(
                    line: line, reason: "I: needs 4 hex fields (bus vendor product version), found \(fields.count)")
            }
            id = (
                try parseHex16(fields[0], line: line, what: "bus"),
                try parseHex16(fields[1], line: line, what: "vendor"),
                try parseHex16(fields[2], line: line, what: "product"),
                try parseHex16(fields[3], line: line, what: "version")
            )
        case "P":
            guard !fields.isEmpty else { throw EvemuParseError(line: line, reason: "P: without property bytes") }
            for f in fields { propertyBytes.append(try parseHexByte(f, line: line, what: "property byte")) }
            guard propertyBytes.count <= Self.maxPropertyBytes else {
                throw EvemuParseError(line: line, reason: "more than \(Self.maxPropertyBytes) property bytes")
            }
        case "B":
            guard fields.count >= 2 else {
                throw EvemuParseError(
                    line: line, reason: "B: needs an event type and mask bytes, found \(fields.count) fields")
            }
            let type = try parseHexByte(fields[0], line: line, what: "event type")
            guard UInt16(type) <= EventType.max else {
                throw EvemuParseError(line: line, reason: "event type 0x\(String(type, radix: 16)) is beyond EV_MAX")
            }
            var bytes = bitBytes[UInt16(type), default: []]
            for f in fields.dropFirst() { bytes.append(try parseHexByte(f, line: line, what: "mask byte")) }
            guard bytes.count <= Self.maxBitBytes else {
                throw EvemuParseError(line: line, reason: "more than \(Self.maxBitBytes) mask bytes for one event type")
            }
            bitBytes[UInt16(type)] = bytes
        case "A":
            guard fields.count == 5 || fields.count == 6 else {
                throw EvemuParseError(
                    line: line,
                    reason:
                        "A: needs an axis code and 4 or 5 numbers (min max fuzz flat [resolution]), found \(fields.count) fields"
                )
            }
            let code = try parseHex16(fields[0], line: line, what: "axis code")
            guard code <= AbsCode.max else {
                throw EvemuParseError(line: line, reason: "axis code 0x\(String(code, radix: 16)) is beyond ABS_MAX")
            }
            var numbers: [Int32] = []
            for (f, what) in zip(fields.dropFirst(), ["minimum", "maximum", "fuzz", "flat", "resolution"]) {
                numbers.append(try parseDecimal(f, line: line, what: what))
            }
            absInfo[code] = AbsInfo(
                minimum: numbers[0], maximum: numbers[1], fuzz: numbers[2], flat: numbers[3],
                resolution: numbers.count > 4 ? numbers[4] : 0)
        default:  // "L", "S": LED and switch states, not needed for touch.
            guard fields.count == 2 else {
                throw EvemuParseError(
                    line: line, reason: "\(kind): needs a code and a value, found \(fields.count) fields")
            }
            _ = try parseHex16(fields[0], line: line, what: "code")
            _ = try parseDecimal(fields[1], line: line, what: "value")
        }
    }

    func build(endLine: Int) throws -> DeviceDescription? {
        guard firstLine != nil else { return nil }
        guard let name else {
            throw EvemuParseError(line: endLine, reason: "the device description has no N: line (device name)")
        }
        guard let id else {
            throw EvemuParseError(
                line: endLine, reason: "the device description has no I: line (bus vendor product version)")
        }
        var codes: [UInt16: Set<UInt16>] = [:]
        var eventTypes: Set<UInt16>?
        for (type, bytes) in bitBytes {
            let bits = Self.bits(bytes)
            if type == EventType.syn { eventTypes = bits } else { codes[type] = bits }
        }
        var info = absInfo
        for (code, value) in commentValues where info[code] != nil { info[code]?.value = value }
        var device = DeviceDescription(
            name: name, bus: id.bus, vendor: id.vendor, product: id.product, version: id.version,
            eventTypes: eventTypes,
            codes: codes, absInfo: info, properties: Self.bits(propertyBytes))
        device.eventTypes.insert(EventType.syn)
        return device
    }

    static func bits(_ bytes: [UInt8]) -> Set<UInt16> {
        var result: Set<UInt16> = []
        for (i, byte) in bytes.enumerated() where byte != 0 {
            for bit in 0..<8 where byte & (1 << bit) != 0 { result.insert(UInt16(i * 8 + bit)) }
        }
        return result
    }
}

// MARK: - Fields

/// The lines of evemu text, numbered as editors number them: split at LF and CRLF (which Swift
/// keeps together as one character).
func evemuLines(_ text: String) -> [Substring] {
    text.split(omittingEmptySubsequences: false, whereSeparator: { $0 == "\n" || $0 == "\r\n" })
}

private func isHex(_ s: Substring) -> Bool {
    !s.isEmpty && s.allSatisfy { $0.isASCII && $0.isHexDigit }
}

private func parseHex16(_ s: Substring, line: Int, what: String) throws -> UInt16 {
    guard isHex(s), let v = UInt16(s, radix: 16) else {
        throw EvemuParseError(line: line, reason: "bad \(what) '\(s.prefix(32))' (expected hexadecimal 0…ffff)")
    }
    return v
}

private func parseHexByte(_ s: Substring, line: Int, what: String) throws -> UInt8 {
    guard isHex(s), let v = UInt8(s, radix: 16) else {
        throw EvemuParseError(line: line, reason: "bad \(what) '\(s.prefix(32))' (expected hexadecimal 00…ff)")
    }
    return v
}

private func parseDecimal(_ s: Substring, line: Int, what: String) throws -> Int32 {
    let digits = s.first == "-" || s.first == "+" ? s.dropFirst() : s
    guard !digits.isEmpty, digits.allSatisfy({ $0 >= "0" && $0 <= "9" }), let v = Int32(s) else {
        throw EvemuParseError(line: line, reason: "bad \(what) '\(s.prefix(32))' (expected a 32-bit decimal integer)")
    }
    return v
}

extension String {
    fileprivate func trimmingBlanks() -> String {
        let blank: (Character) -> Bool = { $0 == " " || $0 == "\t" }
        return String(self.drop(while: blank).reversed().drop(while: blank).reversed())
    }
}
