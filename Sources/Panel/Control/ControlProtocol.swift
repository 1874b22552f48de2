import ConfigFormat

// The control socket's protocol: one JSON object per line each way. Pure: requests are parsed
// from bytes and replies are built as text here; the socket itself is PanelRuntime's
// `ControlServer`, and the event loop decides what a request does.
//
// Requests (a client-chosen "tag" — a string or a number — is echoed in the reply):
//   {"cmd":"list"}
//   {"cmd":"get","id":"porch"}
//   {"cmd":"set","id":"porch","state":true|false|"on"|"off"|"toggle","actions":true|false}
//   {"cmd":"subscribe"}
//   {"cmd":"screen"}  {"cmd":"screen","blank":true|false,"brightness":1…100}
//   {"cmd":"page"}  {"cmd":"page","page":1|"Upstairs"}
// Every line gets exactly one reply, in order, so a client may send several requests before
// reading: {"ok":true,...} or {"ok":false,"error":"..."}. Subscribers also get events:
//   {"event":"changed","id":"porch","state":"on","source":"touch"}
//   {"event":"page","page":1,"title":"Upstairs"}
//   {"event":"screen","blank":true,"brightness":80,"source":"idle"}

/// What a `set` request asks for.
public enum ControlTargetState: Hashable, Sendable {
    case on
    case off
    case toggle

    /// The value the switch should take when it is `current` now.
    public func resolved(current: Bool) -> Bool {
        switch self {
        case .on: true
        case .off: false
        case .toggle: !current
        }
    }
}

/// Which page a `page` request names: its number (from 0) or its title.
public enum ControlPageTarget: Hashable, Sendable {
    case index(Int)
    case title(String)

    /// The page this names among pages titled `titles`: a number in range, or a title exactly
    /// one page has (nil otherwise; ``ControlProtocolError/unknownPage(_:titles:tag:)`` says why).
    public func resolved(in titles: [String]) -> Int? {
        switch self {
        case .index(let n): return titles.indices.contains(n) ? n : nil
        case .title(let title):
            let matches = titles.indices.filter { titles[$0] == title }
            return matches.count == 1 ? matches[0] : nil
        }
    }
}

/// One request read from the control socket.
public struct ControlRequest: Hashable, Sendable {
    public enum Command: Hashable, Sendable {
        /// Every switch with its label, state and whether it is enabled.
        case list
        /// One switch.
        case get(id: String)
        /// Sets a switch; `runActions` false changes only what the panel shows and stores.
        case set(id: String, state: ControlTargetState, runActions: Bool)
        /// The current states, then an event for every change until the client disconnects.
        case subscribe
        /// Blanks or wakes the screen and sets the backlight's brightness (percent, 1…100), as
        /// far as given; reports the screen either way.
        case screen(blank: Bool?, brightness: Int?)
        /// Shows a page (animated, as a dot tap does) when one is named; reports the screen.
        case page(ControlPageTarget?)
    }

    public var command: Command
    /// The client's tag (a string or a number), echoed in the reply.
    public var tag: JSONValue?

    public init(_ command: Command, tag: JSONValue? = nil) {
        self.command = command
        self.tag = tag
    }

    /// Parses one line (without its newline). Never throws or traps: anything that is not a
    /// valid request comes back as an error whose text is meant for the client.
    public static func parse(_ line: [UInt8]) -> Result<ControlRequest, ControlProtocolError> {
        guard line.count <= ControlProtocol.maximumLineBytes else { return .failure(.lineTooLong) }
        guard line.contains(where: { ![0x20, 0x09, 0x0D].contains($0) }) else {
            return .failure(ControlProtocolError("empty line (expected a JSON object such as \(exampleRequest))"))
        }
        let json: JSONValue
        do {
            json = try JSONParser.parse(line)
        } catch {
            // The parser speaks of files; a request is a line.
            let reason = error.reason.replacing("end of file", with: "end of line")
            let place = error.line == 1 ? "column \(error.column)" : "line \(error.line), column \(error.column)"
            return .failure(ControlProtocolError("not valid JSON at \(place): \(reason)"))
        }
        guard case .object(let members) = json else {
            return .failure(ControlProtocolError("expected a JSON object such as \(exampleRequest), got \(json.kind)"))
        }
        var keys: [String: JSONValue] = [:]
        for (key, value) in members { keys[key] = value }
        let tag = keys["tag"]
        if let tag {
            switch tag {
            case .string, .number: break
            default: return .failure(ControlProtocolError("\"tag\" must be a string or a number, got \(tag.shown)"))
            }
        }
        return parseCommand(members: members, keys: keys, tag: tag).map { ControlRequest($0, tag: tag) }
    }

    /// The request as a line (without the newline) that `parse` reads back.
    public var text: String {
        var members: [(key: String, value: JSONValue)]
        switch command {
        case .list: members = [("cmd", .string("list"))]
        case .subscribe: members = [("cmd", .string("subscribe"))]
        case .get(let id): members = [("cmd", .string("get")), ("id", .string(id))]
        case .set(let id, let state, let runActions):
            let value =
                switch state {
                case .on: "on"
                case .off: "off"
                case .toggle: "toggle"
                }
            members = [("cmd", .string("set")), ("id", .string(id)), ("state", .string(value))]
            if !runActions { members.append(("actions", .bool(false))) }
        case .screen(let blank, let brightness):
            members = [("cmd", .string("screen"))]
            if let blank { members.append(("blank", .bool(blank))) }
            if let brightness { members.append(("brightness", .number(Double(brightness)))) }
        case .page(let target):
            members = [("cmd", .string("page"))]
            switch target {
            case .index(let n)?: members.append(("page", .number(Double(n))))
            case .title(let title)?: members.append(("page", .string(title)))
            case nil: break
            }
        }
        if let tag { members.append(("tag", tag)) }
        return JSONValue.object(members).text
    }

    /// Parses one line of text (without its newline).
    public static func parse(_ line: String) -> Result<ControlRequest, ControlProtocolError> { parse(Array(line.utf8)) }

    private static let exampleRequest = #"{"cmd":"list"}"#
    private static let stateChoices = #"true, false, "on", "off" or "toggle""#

    private static func parseCommand(
        members: [(key: String, value: JSONValue)], keys: [String: JSONValue], tag: JSONValue?
    ) -> Result<Command, ControlProtocolError> {
        func failure(_ reason: String) -> Result<Command, ControlProtocolError> {
            .failure(ControlProtocolError(reason, tag: tag))
        }
        let commands = ControlProtocol.commands.joined(separator: ", ")
        guard let cmdValue = keys["cmd"] else { return failure("missing \"cmd\" (one of: \(commands))") }
        guard case .string(let cmd) = cmdValue else {
            return failure("\"cmd\" must be a string (one of: \(commands)), got \(cmdValue.shown)")
        }
        let allowed: [String]
        switch cmd {
        case "list", "subscribe": allowed = ["cmd", "tag"]
        case "get": allowed = ["cmd", "id", "tag"]
        case "set": allowed = ["cmd", "id", "state", "actions", "tag"]
        case "screen": allowed = ["cmd", "blank", "brightness", "tag"]
        case "page": allowed = ["cmd", "page", "tag"]
        default: return failure("unknown cmd \(cmdValue.shown) (expected one of: \(commands))")
        }
        let unknown = members.map(\.key).filter { !allowed.contains($0) }
        if !unknown.isEmpty {
            return failure(
                "unknown key\(unknown.count == 1 ? "" : "s") \(unknown.map { JSONValue.string($0).shown }.joined(separator: ", "))"
                    + " for \(cmd) (expected: \(allowed.joined(separator: ", ")))")
        }
        if cmd == "list" { return .success(.list) }
        if cmd == "subscribe" { return .success(.subscribe) }
        if cmd == "screen" { return parseScreen(keys, failure: failure) }
        if cmd == "page" { return parsePage(keys, failure: failure) }
        guard let idValue = keys["id"] else {
            return failure("\(cmd) needs \"id\" (a switch id; \(exampleRequest) shows them)")
        }
        guard case .string(let id) = idValue else { return failure("\"id\" must be a string, got \(idValue.shown)") }
        guard !id.isEmpty else { return failure("\"id\" must not be empty") }
        if cmd == "get" { return .success(.get(id: id)) }
        guard let stateValue = keys["state"] else { return failure("set needs \"state\" (\(stateChoices))") }
        let state: ControlTargetState
        switch stateValue {
        case .bool(true), .string("on"): state = .on
        case .bool(false), .string("off"): state = .off
        case .string("toggle"): state = .toggle
        default: return failure("\"state\" must be \(stateChoices), got \(stateValue.shown)")
        }
        var runActions = true
        if let actionsValue = keys["actions"] {
            guard case .bool(let b) = actionsValue else {
                return failure("\"actions\" must be true or false, got \(actionsValue.shown)")
            }
            runActions = b
        }
        return .success(.set(id: id, state: state, runActions: runActions))
    }

    private static func parseScreen(
        _ keys: [String: JSONValue], failure: (String) -> Result<Command, ControlProtocolError>
    ) -> Result<Command, ControlProtocolError> {
        var blank: Bool?
        if let value = keys["blank"] {
            guard case .bool(let b) = value else {
                return failure("\"blank\" must be true or false, got \(value.shown)")
            }
            blank = b
        }
        var brightness: Int?
        if let value = keys["brightness"] {
            let range = BrightnessScale.range
            guard case .number(let n) = value, n == n.rounded(),
                Double(range.lowerBound)...Double(range.upperBound) ~= n
            else {
                return failure(
                    "\"brightness\" must be a whole number from \(range.lowerBound) to \(range.upperBound) "
                        + "(percent; to turn the screen dark, \"blank\":true), got \(value.shown)")
            }
            brightness = Int(n)
        }
        return .success(.screen(blank: blank, brightness: brightness))
    }

    private static func parsePage(
        _ keys: [String: JSONValue], failure: (String) -> Result<Command, ControlProtocolError>
    ) -> Result<Command, ControlProtocolError> {
        guard let value = keys["page"] else { return .success(.page(nil)) }
        switch value {
        case .number(let n) where n == n.rounded() && n >= 0 && n < 1e9: return .success(.page(.index(Int(n))))
        case .string(let title) where !title.isEmpty: return .success(.page(.title(title)))
        default:
            return failure("\"page\" must be a page number (from 0) or a page title, got \(value.shown)")
        }
    }
}

/// Why a request was refused, as the text the client reads, with the request's tag when it had one.
public struct ControlProtocolError: Error, Hashable, Sendable, CustomStringConvertible {
    public var reason: String
    /// The tag of the request that failed, echoed in the error reply.
    public var tag: JSONValue?

    public init(_ reason: String, tag: JSONValue? = nil) {
        self.reason = reason
        self.tag = tag
    }

    public var description: String { reason }

    /// A line longer than ``ControlProtocol/maximumLineBytes``; the rest of it up to the next newline is skipped.
    public static let lineTooLong = ControlProtocolError(
        "line too long (more than \(ControlProtocol.maximumLineBytes) bytes)")

    /// A request naming a switch the panel does not have.
    public static func unknownID(_ id: String, known: [String], tag: JSONValue? = nil) -> ControlProtocolError {
        let quoted = JSONValue.string(id).shown
        if known.isEmpty { return ControlProtocolError("unknown id \(quoted) (this panel has no switches)", tag: tag) }
        return ControlProtocolError("unknown id \(quoted) (known: \(known.joined(separator: ", ")))", tag: tag)
    }

    /// A `set` on a switch the board config disables.
    /// The switch's device cannot be reached (a Home Assistant entity unavailable): `why`.
    public static func unavailable(_ id: String, _ why: String, tag: JSONValue? = nil) -> ControlProtocolError {
        ControlProtocolError("switch \(JSONValue.string(id).shown) is unavailable: \(why)", tag: tag)
    }

    public static func disabled(_ id: String, tag: JSONValue? = nil) -> ControlProtocolError {
        ControlProtocolError("switch \(JSONValue.string(id).shown) is disabled", tag: tag)
    }

    /// A `page` request naming a page the board does not have.
    public static func unknownPage(_ target: ControlPageTarget, titles: [String], tag: JSONValue? = nil)
        -> ControlProtocolError
    {
        let pages = titles.enumerated().map { "\($0.offset) \(JSONValue.string($0.element).shown)" }.joined(
            separator: ", ")
        switch target {
        case .index(let n):
            return ControlProtocolError("no page \(n) (pages: \(pages))", tag: tag)
        case .title(let title):
            let matches = titles.indices.filter { titles[$0] == title }
            if matches.count > 1 {
                return ControlProtocolError(
                    "pages \(matches.map(String.init).joined(separator: " and ")) are both titled "
                        + "\(JSONValue.string(title).shown); name the page by its number", tag: tag)
            }
            return ControlProtocolError("no page titled \(JSONValue.string(title).shown) (pages: \(pages))", tag: tag)
        }
    }

    /// A brightness request on a board whose screen has no backlight brightness.
    public static func noBrightness(tag: JSONValue? = nil) -> ControlProtocolError {
        ControlProtocolError(
            "this screen has no brightness to set (the board config's screen.backlight names none, "
                + "or the backlight has no max_brightness); \"blank\" still works", tag: tag)
    }

    /// A connection beyond the server's limit (it is closed after this line).
    public static func tooManyClients(limit: Int) -> ControlProtocolError {
        ControlProtocolError("too many clients (at most \(limit)); try again later")
    }

    /// The line a client gets when it is closed to make room for a newcomer (every place was
    /// taken, and it had been idle the longest).
    public static func evicted(limit: Int) -> ControlProtocolError {
        ControlProtocolError(
            "closed to make room for a new client (at most \(limit); this one was idle the longest); reconnect to go on"
        )
    }

    /// A `subscribe` beyond the server's limit on subscribers (the connection stays usable).
    public static func tooManySubscribers(limit: Int, tag: JSONValue? = nil) -> ControlProtocolError {
        ControlProtocolError("too many subscribers (at most \(limit)); try again later", tag: tag)
    }
}

/// One switch as `list`, `get` and `subscribe` report it.
public typealias ControlSwitchStatus = (id: String, label: String, isOn: Bool, enabled: Bool)

/// The protocol's limits and the reply and event lines (JSON text
/// without the newline; `ControlServer` adds it).
public enum ControlProtocol {
    /// The longest request line, in bytes without its newline.
    public static let maximumLineBytes = 64 << 10
    /// The commands, in the order error messages list them.
    public static let commands = ["list", "get", "set", "subscribe", "screen", "page"]

    /// `{"ok":true,"switches":[{"id":…,"label":…,"state":"on","enabled":true},…]}`.
    public static func listReply(states: [ControlSwitchStatus], tag: JSONValue? = nil) -> String {
        reply(tag: tag, [("switches", .array(states.map { .object(fields($0)) }))])
    }

    /// `{"ok":true,"id":…,"label":…,"state":"on","enabled":true}`.
    public static func getReply(_ status: ControlSwitchStatus, tag: JSONValue? = nil) -> String {
        reply(tag: tag, fields(status))
    }

    /// `{"ok":true,"id":…,"state":"on","changed":true,"actions":true}`: the switch's value after
    /// the request, whether it changed, and whether its actions were started.
    public static func setReply(id: String, isOn: Bool, changed: Bool, actionsRun: Bool, tag: JSONValue? = nil)
        -> String
    {
        reply(
            tag: tag,
            [
                ("id", .string(id)), ("state", state(isOn)), ("changed", .bool(changed)),
                ("actions", .bool(actionsRun)),
            ])
    }

    /// `{"ok":true,"subscribed":true,"switches":[…],"screen":{…}}`: the states the events that
    /// follow start from (`screen` as ``screenReply(_:tag:)`` has it, when the panel has one).
    public static func subscribeReply(
        states: [ControlSwitchStatus], screen: ScreenStatus? = nil, tag: JSONValue? = nil
    ) -> String {
        var members: [(key: String, value: JSONValue)] = [
            ("subscribed", .bool(true)), ("switches", .array(states.map { .object(fields($0)) })),
        ]
        if let screen { members.append(("screen", .object(fields(screen)))) }
        return reply(tag: tag, members)
    }

    /// `{"ok":true,"blank":false,"brightness":80,"page":1,"title":"Upstairs","pages":[…]}`: the
    /// screen after a `screen` or `page` request (`brightness` null without a backlight's).
    public static func screenReply(_ screen: ScreenStatus, tag: JSONValue? = nil) -> String {
        reply(tag: tag, fields(screen))
    }

    /// `{"ok":false,"error":…,"blank":false,…}`: a `screen` request that failed part-way, with the
    /// screen as it is now.
    public static func screenFailedReply(_ screen: ScreenStatus, reason: String, tag: JSONValue? = nil) -> String {
        var members: [(key: String, value: JSONValue)] = [("ok", .bool(false))]
        if let tag { members.append(("tag", tag)) }
        members.append(("error", .string(reason)))
        return JSONValue.object(members + fields(screen)).text
    }

    /// `{"event":"screen","blank":true,"brightness":80,"source":"idle"}`, for subscribers: the
    /// screen blanked or woke, or its brightness changed.
    public static func screenEvent(blank: Bool, brightness: Int?, source: ScreenChangeSource) -> String {
        JSONValue.object([
            ("event", .string("screen")), ("blank", .bool(blank)),
            ("brightness", brightness.map { .number(Double($0)) } ?? .null), ("source", .string(source.rawValue)),
        ]).text
    }

    /// `{"ok":false,"id":…,"state":"off","error":"not saved: …"}`: a `set` that did not stick —
    /// it could not be saved, or its action failed at once (and the switch went back when it
    /// was the switch's latest change). `state` is the switch's state now.
    public static func setFailedReply(id: String, isOn: Bool, reason: String, tag: JSONValue? = nil) -> String {
        var members: [(key: String, value: JSONValue)] = [("ok", .bool(false))]
        if let tag { members.append(("tag", tag)) }
        members += [("id", .string(id)), ("state", state(isOn)), ("error", .string(reason))]
        return JSONValue.object(members).text
    }

    /// `{"ok":false,"error":…}`, with the failed request's tag.
    public static func errorReply(_ error: ControlProtocolError) -> String {
        var members: [(key: String, value: JSONValue)] = [("ok", .bool(false))]
        if let tag = error.tag { members.append(("tag", tag)) }
        members.append(("error", .string(error.reason)))
        return JSONValue.object(members).text
    }

    /// `{"event":"changed","id":…,"state":"on","source":"touch"}`, for subscribers.
    public static func event(id: String, isOn: Bool, source: ChangeSource) -> String {
        JSONValue.object([
            ("event", .string("changed")), ("id", .string(id)), ("state", state(isOn)),
            ("source", .string(source.rawValue)),
        ]).text
    }

    /// `{"event":"page","page":1,"title":"Upstairs"}`, for subscribers: the page the panel shows
    /// (or is settling on) changed.
    public static func pageEvent(page: Int, title: String) -> String {
        JSONValue.object([("event", .string("page")), ("page", .number(Double(page))), ("title", .string(title))])
            .text
    }

    private static func state(_ isOn: Bool) -> JSONValue { .string(isOn ? "on" : "off") }

    private static func fields(_ s: ControlSwitchStatus) -> [(key: String, value: JSONValue)] {
        [("id", .string(s.id)), ("label", .string(s.label)), ("state", state(s.isOn)), ("enabled", .bool(s.enabled))]
    }

    private static func fields(_ s: ScreenStatus) -> [(key: String, value: JSONValue)] {
        [
            ("blank", .bool(s.blank)), ("brightness", s.brightness.map { .number(Double($0)) } ?? .null),
            ("page", .number(Double(s.page))), ("title", .string(s.title)),
            ("pages", .array(s.pages.map { .string($0) })),
        ]
    }

    private static func reply(tag: JSONValue?, _ fields: [(key: String, value: JSONValue)]) -> String {
        var members: [(key: String, value: JSONValue)] = [("ok", .bool(true))]
        if let tag { members.append(("tag", tag)) }
        return JSONValue.object(members + fields).text
    }
}
