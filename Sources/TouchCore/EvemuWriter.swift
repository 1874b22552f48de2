/// Writes evemu text — the device description header `evemu-describe` prints and the `E:` lines
/// `evemu-record` prints — that ``EvemuRecording/parse(_:)`` reads back unchanged.
///
/// The header carries evemu's descriptive comments (`#   Event type 3 (EV_ABS)`,
/// `#       Value      3`), which is where the axes' current values (``AbsInfo/value``, e.g. the
/// slot selected at open) live, then `N:`, `I:`, `P:`, `B:` and `A:` lines. Masks are written
/// eight bytes a line as evemu does: `B: 00` holds the event types, one run of `B:` lines per type
/// with codes. `EV_SYN` codes are not part of a description. An axis remap is not written: the
/// description is written as declared.
public enum EvemuWriter {
    /// Names for the comments: the name of an event type (`code` nil) or of a code of a type
    /// (`EV_ABS`, `ABS_MT_SLOT`), nil when unknown. The live edge passes libevdev's names.
    public typealias Names = (_ type: UInt16, _ code: UInt16?) -> String?

    /// The full text of a recording: the header when there is a device, then one line per event.
    public static func recording(_ recording: EvemuRecording, names: Names? = nil) -> String {
        var text = recording.device.map { header($0, names: names) } ?? ""
        for event in recording.events { text += eventLine(event, names: names) + "\n" }
        return text
    }

    /// The description header (a `.desc` file), ending with a newline.
    public static func header(_ device: DeviceDescription, names: Names? = nil) -> String {
        func named(_ type: UInt16, _ code: UInt16?) -> String {
            names?(type, code).map { " (\($0))" } ?? ""
        }
        let name = String(device.name.map { $0 == "\n" || $0 == "\r" || $0 == "\r\n" ? " " : $0 })
        var lines = [
            "# EVEMU 1.3",
            "# Input device name: \"\(name)\"",
            "# Input device ID: bus 0x\(hex(device.bus, 2)) vendor 0x\(hex(device.vendor, 4)) "
                + "product 0x\(hex(device.product, 4)) version 0x\(hex(device.version, 4))",
            "# Supported events:",
        ]
        for type in device.eventTypes.union(device.codes.keys).sorted() {
            lines.append("#   Event type \(type)\(named(type, nil))")
            guard type != EventType.syn else { continue }
            for code in (device.codes[type] ?? []).sorted() {
                lines.append("#     Event code \(code)\(named(type, code))")
                guard type == EventType.abs, let info = device.absInfo[code] else { continue }
                if let value = info.value { lines.append("#       Value      \(value)") }
                lines.append("#       Min        \(info.minimum)")
                lines.append("#       Max        \(info.maximum)")
                lines.append("#       Fuzz       \(info.fuzz)")
                lines.append("#       Flat       \(info.flat)")
                lines.append("#       Resolution \(info.resolution)")
            }
        }
        lines.append("# Properties:")
        for property in device.properties.sorted() {
            lines.append("#   Property type \(property)")
        }
        lines.append("N: \(name)")
        lines.append(
            "I: \(hex(device.bus, 4)) \(hex(device.vendor, 4)) \(hex(device.product, 4)) \(hex(device.version, 4))")
        lines += maskLines("P:", bits: device.properties, bytes: 8)
        lines += maskLines("B: 00", bits: device.eventTypes, bytes: 8)
        for type in device.codes.keys.sorted() where type != EventType.syn {
            let codes = device.codes[type] ?? []
            lines += maskLines("B: \(hex(type, 2))", bits: codes, bytes: maskBytes(type: type, codes: codes))
        }
        for (code, info) in device.absInfo.sorted(by: { $0.key < $1.key }) {
            lines.append(
                "A: \(hex(code, 2)) \(info.minimum) \(info.maximum) \(info.fuzz) \(info.flat) \(info.resolution)")
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// One `E:` line (no newline): `E: 1330523780.970485 0003 0035 1909`, the time as seconds and
    /// six digits of microseconds (a negative time is written as 0), type and code in hex, the
    /// value in decimal; with names, a comment naming the event as `evemu-record` does.
    public static func eventLine(_ event: InputEvent, names: Names? = nil) -> String {
        let (seconds, microseconds) = splitTime(event.time)
        let micro = String(microseconds)
        var line =
            "E: \(seconds).\(String(repeating: "0", count: 6 - micro.count))\(micro) "
            + "\(hex(event.type, 4)) \(hex(event.code, 4)) \(event.value)"
        if let names {
            if event.type == EventType.syn && event.code == SynCode.report {
                line += "\t# ------------ SYN_REPORT (0) ----------"
            } else {
                let type = names(event.type, nil) ?? "type \(event.type)"
                let code = names(event.type, event.code) ?? "code \(event.code)"
                line += "\t# \(type) / \(code) \(event.value)"
            }
        }
        return line
    }

    /// Whole seconds and microseconds (0…999999) of a time, rounded to the microsecond.
    static func splitTime(_ time: Double) -> (seconds: Int, microseconds: Int) {
        guard time.isFinite, time > 0 else { return (0, 0) }
        let whole = time.rounded(.down)
        guard whole < 1e15 else { return (Int(1e15) - 1, 999_999) }
        var seconds = Int(whole)
        var microseconds = Int(((time - whole) * 1_000_000).rounded())
        if microseconds >= 1_000_000 {
            seconds += 1
            microseconds -= 1_000_000
        }
        return (seconds, microseconds)
    }

    /// The mask length evemu uses for a type (its `*_MAX` + 1 bits, in whole lines of 8 bytes).
    static func maskBytes(type: UInt16, codes: Set<UInt16>) -> Int {
        let typeMax: Int
        switch type {
        case EventType.key: typeMax = Int(KeyCode.max)
        case EventType.abs: typeMax = Int(AbsCode.max)
        case EventType.ff: typeMax = 0x7f
        default: typeMax = 0x3f
        }
        let highest = max(typeMax, Int(codes.max() ?? 0))
        let bytes = highest / 8 + 1
        return (bytes + 7) / 8 * 8
    }

    /// `prefix b0 b1 … b7` lines for a bit set, `bytes` bytes in all (more when a bit needs it).
    static func maskLines(_ prefix: String, bits: Set<UInt16>, bytes: Int) -> [String] {
        let count = max(bytes, Int(bits.max() ?? 0) / 8 + 1)
        var mask = [UInt8](repeating: 0, count: (count + 7) / 8 * 8)
        for bit in bits { mask[Int(bit) / 8] |= 1 << (bit % 8) }
        return stride(from: 0, to: mask.count, by: 8).map { start in
            prefix + mask[start..<start + 8].map { " " + hex($0, 2) }.joined()
        }
    }
}

/// Lower-case hexadecimal, zero-padded to `width` digits.
private func hex(_ value: some BinaryInteger, _ width: Int) -> String {
    let s = String(value, radix: 16)
    return String(repeating: "0", count: max(0, width - s.count)) + s
}
