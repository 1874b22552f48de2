import ConfigFormat

/// A line the panel sent on its control socket — a reply or an event — read back by a client
/// (`switchpanel ctl`, PanelTesting's `HeadlessPanel`): the one reader of replies, so every
/// client tells a refusal from an answer, and reads the members, the same way.
public struct ControlReply {
    /// The line as sent (without its newline).
    public let line: String
    /// The object's members; the first of a repeated key.
    public let members: [String: JSONValue]

    /// Reads one line; a refusal (`{"ok":false,"error":…}`) throws ``ControlReplyError/refused(reason:line:)``
    /// and a line that is not a JSON object ``ControlReplyError/malformed(_:)``.
    public init(_ line: String) throws(ControlReplyError) {
        guard case .object(let members) = try? JSONParser.parse(line) else {
            throw .malformed("the panel sent a line that is not a JSON object: \(line)")
        }
        let reply = Dictionary(members.map { ($0.key, $0.value) }, uniquingKeysWith: { a, _ in a })
        if reply["ok"] == .bool(false) {
            guard case .string(let message)? = reply["error"] else { throw .refused(reason: nil, line: line) }
            throw .refused(reason: message, line: line)
        }
        self.line = line
        self.members = reply
    }

    /// Why the panel refused the request `line` answers: its `error` (the whole line if it has
    /// none); nil when the request was carried out (or the line is no reply at all).
    public static func refusal(in line: String) -> String? {
        do {
            _ = try ControlReply(line)
            return nil
        } catch {
            guard case .refused(let reason, let line) = error else { return nil }
            return reason ?? line
        }
    }

    /// The string member `key`.
    public func string(_ key: String) throws(ControlReplyError) -> String {
        try Self.string(key, in: members)
    }

    /// The switches of a `list` reply.
    public func switches() throws(ControlReplyError) -> [ControlSwitchStatus] {
        guard case .array(let items)? = members["switches"] else {
            throw .malformed("the panel's reply has no \"switches\"")
        }
        var switches: [ControlSwitchStatus] = []
        for item in items {
            guard case .object(let itemMembers) = item else {
                throw .malformed("the panel's reply lists \(item.kind) as a switch")
            }
            let fields = Dictionary(itemMembers.map { ($0.key, $0.value) }, uniquingKeysWith: { a, _ in a })
            switches.append(
                (
                    try Self.string("id", in: fields), try Self.string("label", in: fields),
                    try Self.string("state", in: fields) == "on", fields["enabled"] != .bool(false)
                ))
        }
        return switches
    }

    /// A `screen` or `page` reply as a line: `lit, brightness 80 %, page 1 "Upstairs" of 2`
    /// (`no brightness` without a backlight's).
    public func screenLine() throws(ControlReplyError) -> String {
        guard case .bool(let blank)? = members["blank"], case .number(let page)? = members["page"],
            case .array(let pages)? = members["pages"]
        else { throw .malformed("the panel's reply has no \"blank\", \"page\" or \"pages\"") }
        var brightness = "no brightness"
        if case .number(let percent)? = members["brightness"] { brightness = "brightness \(Int(percent)) %" }
        let title = JSONValue.string(try string("title")).text
        return "\(blank ? "blank" : "lit"), \(brightness), page \(Int(page)) \(title) of \(pages.count)"
    }

    /// An event as a line: `porch on (touch)`, `page 1 "Upstairs"`,
    /// `screen blank, brightness 80 % (idle)`.
    public func eventLine() throws(ControlReplyError) -> String {
        switch members["event"] {
        case .string("page")?:
            guard case .number(let page)? = members["page"] else {
                throw .malformed("the panel's page event has no \"page\"")
            }
            return "page \(Int(page)) \(JSONValue.string(try string("title")).text)"
        case .string("screen")?:
            guard case .bool(let blank)? = members["blank"] else {
                throw .malformed("the panel's screen event has no \"blank\"")
            }
            var brightness = ""
            if case .number(let percent)? = members["brightness"] { brightness = ", brightness \(Int(percent)) %" }
            return "screen \(blank ? "blank" : "lit")\(brightness) (\(try string("source")))"
        default:
            return "\(try string("id")) \(try string("state")) (\(try string("source")))"
        }
    }

    /// `id  state  label [(disabled)]`, one switch a line, the columns aligned.
    public static func listing(_ states: [ControlSwitchStatus]) -> String {
        guard !states.isEmpty else { return "(the panel has no switches)\n" }
        let width = states.map(\.id.count).max()!
        return states.map { s in
            s.id + String(repeating: " ", count: width - s.id.count + 2) + (s.isOn ? "on " : "off") + "  " + s.label
                + (s.enabled ? "" : " (disabled)") + "\n"
        }.joined()
    }

    private static func string(_ key: String, in members: [String: JSONValue]) throws(ControlReplyError) -> String {
        guard case .string(let s)? = members[key] else { throw .malformed("the panel's reply has no \"\(key)\"") }
        return s
    }
}

/// A control reply a client cannot use.
public enum ControlReplyError: Error, Equatable, CustomStringConvertible {
    /// The panel refused the request (`"ok": false`): its `error`, when it gave one, and the line.
    case refused(reason: String?, line: String)
    /// The line is not a reply of the shape expected (not an object, a member missing).
    case malformed(String)

    public var description: String {
        switch self {
        case .refused(let reason?, _): reason
        case .refused(nil, let line): "the panel refused the request: \(line)"
        case .malformed(let message): message
        }
    }
}
