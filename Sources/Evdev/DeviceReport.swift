import TouchCore

/// The input half of `switchpanel devices`: what the panel needs to know of every touchscreen
/// and absolute pointer (ids, protocol, properties, axes with their ranges, keys), the other
/// devices in a line each, and the nodes that could not be read and why.
public enum DeviceReport {
    /// The report of a scan of `directory`, one line per line; `all` describes every device in
    /// full, not only the touch inputs.
    public static func text(of found: [DiscoveredDevice], directory: String, all: Bool) -> String {
        if found.isEmpty { return "no input devices in \(directory) (no event* nodes)" }
        var lines: [String] = []
        var touchCount = 0
        var others: [(String, DiscoveredDevice.Info)] = []
        var failures: [EvdevError] = []
        for device in found {
            switch device.outcome {
            case .success(let info) where info.kind.isTouchInput || all:
                if info.kind.isTouchInput { touchCount += 1 }
                lines.append(describe(path: device.path, info))
            case .success(let info): others.append((device.path, info))
            case .failure(let error): failures.append(error)
            }
        }
        if !others.isEmpty {
            lines.append("other input devices (--all for details):")
            for (path, info) in others {
                lines.append("  \(path)  \(info.kind.rawValue)  \"\(info.description.name)\"")
            }
        }
        if !failures.isEmpty {
            lines.append("could not read:")
            for error in failures { lines.append("  \(error)") }
        }
        if touchCount == 0 { lines.append("no touchscreen or absolute pointer found") }
        return lines.joined(separator: "\n")
    }

    /// A device's listing: the node, kind and name, then ids, protocol, properties, axes and keys.
    public static func describe(path: String, _ info: DiscoveredDevice.Info) -> String {
        let d = info.description
        var lines = ["\(path)  \(info.kind.rawValue)  \"\(d.name)\""]
        lines.append(
            "    bus 0x\(hex4(d.bus)) vendor 0x\(hex4(d.vendor)) product 0x\(hex4(d.product)) version 0x\(hex4(d.version))"
        )
        var proto: String
        switch d.touchProtocol {
        case .multitouchB: proto = "multitouch type B (\(d.slotCount) slots)"
        case .multitouchA: proto = "multitouch type A (anonymous contacts)"
        case .singleTouch: proto = "single touch"
        case .none: proto = "none (no position axes)"
        }
        if let slot = info.currentSlot, d.touchProtocol == .multitouchB { proto += ", current slot \(slot)" }
        if let remap = d.suggestedAxisRemap {
            let pairs = remap.mapping.sorted { $0.key < $1.key }.map { "\(absName($0.key)) → \(absName($0.value))" }
            proto += "; position sent on other axes (\(pairs.joined(separator: ", ")))"
        }
        lines.append("    protocol: \(proto)")
        let properties = d.properties.sorted().map { EventNames.property($0) ?? "property \($0)" }
        lines.append("    properties: \(properties.isEmpty ? "none" : properties.joined(separator: ", "))")
        let axes = (d.codes[EventType.abs] ?? []).sorted()
        if !axes.isEmpty {
            lines.append("    axes:")
            for code in axes {
                let name = absName(code)
                var line = "      " + name + String(repeating: " ", count: max(0, 20 - name.count))
                if let a = d.absInfo[code] {
                    line += "\(a.minimum) … \(a.maximum)"
                    if a.resolution != 0 {
                        let units = code == AbsCode.mtOrientation ? "/rad" : "/mm"
                        line += "  resolution \(a.resolution)\(units)"
                    }
                    if a.fuzz != 0 { line += "  fuzz \(a.fuzz)" }
                    if a.flat != 0 { line += "  flat \(a.flat)" }
                }
                lines.append(line)
            }
        }
        let keys = (d.codes[EventType.key] ?? []).sorted()
        if !keys.isEmpty {
            let names = keys.prefix(12).map { EventNames.name(type: EventType.key, code: $0) ?? "key \($0)" }
            lines.append(
                "    keys: \(names.joined(separator: ", "))\(keys.count > 12 ? ", … (\(keys.count) keys)" : "")")
        }
        return lines.joined(separator: "\n")
    }

    private static func absName(_ code: UInt16) -> String {
        EventNames.name(type: EventType.abs, code: code) ?? "ABS_\(code)"
    }

    private static func hex4(_ v: UInt16) -> String {
        let s = String(v, radix: 16)
        return String(repeating: "0", count: max(0, 4 - s.count)) + s
    }
}
