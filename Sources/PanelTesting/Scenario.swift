import ConfigFormat
import Panel
import Raster
import TouchCore

/// A render test as a file: a board, the states it starts in, and steps — touches, time, socket
/// commands, recordings — with expectations about the screen and the switches on the way.
/// docs/scenario-reference.md describes the format; ``ScenarioRunner`` runs it.
///
/// Read through ConfigFormat's path-aware reader, like a board config: unknown keys are refused
/// at every depth, numbers are range-checked, and every error names its JSON path
/// (`steps[3].drag.duration`) and the reason.
public struct Scenario: Sendable {
    /// The only version this program reads; newer files are refused rather than misread.
    public static let supportedVersion = 1
    /// The most steps a scenario has: a mistaken generator should get an error, not an hour's run.
    public static let maximumSteps = 10_000

    public var name: String?
    /// The board config's path as written (relative to the scenario file's directory).
    public var board: String
    /// Switch states as if saved by an earlier run, by id (`"states": {"porch": "on"}`).
    public var states: [Named<Bool>] = []
    public var steps: [Step] = []

    /// A value for a switch id, with the path it was read at (for errors about the id).
    public struct Named<Value: Sendable>: Sendable {
        public var id: String
        public var value: Value
        public var path: String
    }

    /// One step and where it is in the file.
    public struct Step: Sendable {
        /// `steps[3]`: what errors and reports name it by.
        public var path: String
        public var action: Action
    }

    /// Where a touch goes: a switch's centre, or a point in the panel's logical pixels.
    public enum Target: Sendable, Equatable {
        case switchID(String)
        case point(Point)
    }

    /// What a step does.
    public enum Action: Sendable {
        /// `{"tap": "porch"}` or `{"tap": [x, y]}`: down, 0.05 s, up.
        case tap(Target)
        /// `{"drag": {"from": …, "to": …, "duration": s}}`.
        case drag(from: Target, to: Target, duration: Double)
        /// `{"slide": {"switch": "porch", "to": "on", "duration": s}}`: a finger slides the switch's
        /// thumb from the other end to the `to` end.
        case slide(id: Named<Bool>, duration: Double)
        /// `{"press": {"contact": n, "at": …}}`: a contact goes down and stays (multitouch).
        case press(contact: Int, at: Target)
        /// `{"move": {"contact": n, "to": …}}`.
        case move(contact: Int, to: Target)
        /// `{"release": n}`.
        case release(contact: Int)
        /// `{"wait": s}`: virtual time passes.
        case wait(Double)
        /// `{"set": {"porch": "on", "fan": "toggle"}}`: as control-socket `set`s, in one batch.
        case set([Named<ControlTargetState>])
        /// `{"expect": {"screen": "x.png", "tolerance": 0, "state": {"porch": "on"}, "page": 1}}`.
        case expect(screen: ScreenExpectation?, states: [Named<Bool>], page: Named<Int>?)
        /// `{"replay": "taps.events"}` or `{"replay": {"file": …, "device": "x.desc"}}`.
        case replay(file: String, device: String?)
        /// `{"key": "tab"}`: a key pressed on the board's keyboard (or button, or dial), as what
        /// it asks of the panel: move the focus ring on or back, or to the switch that way on
        /// screen, or toggle the switch it is on.
        case key(PanelKey)
        /// `{"screen": "blank"}` or `{"screen": "wake"}`: what a control-socket client's
        /// `{"cmd":"screen","blank":…}` does (the display powered off or back on).
        case screen(blank: Bool)
        /// `{"page": 1}` or `{"page": "Upstairs"}`: what a control-socket client's
        /// `{"cmd":"page","page":…}` does (the page slides in, as a dot tap makes it).
        case page(ControlPageTarget)
    }

    /// A golden image (path as written, relative to the scenario) and the tolerance it is held to.
    public struct ScreenExpectation: Sendable {
        public var golden: String
        public var tolerance: Int
    }

    /// Every step kind, in the order the reference lists them.
    public static let stepKinds = [
        "tap", "drag", "slide", "press", "move", "release", "wait", "set", "expect", "replay", "key", "screen", "page",
    ]

    /// How long a `slide` takes when the step does not say: a deliberate slide of the thumb.
    public static let defaultSlideDuration = 0.3

    /// The keys a `key` step names: a keyboard's key (with Shift or not), read through the same
    /// table as a live keyboard (`KeyDecoder.panelKey(code:shifted:isRepeat:)`).
    static let keyNames: [(name: String, code: UInt16, shifted: Bool)] = [
        ("tab", PanelKeyCode.tab, false), ("shift+tab", PanelKeyCode.tab, true),
        ("enter", PanelKeyCode.enter, false), ("space", PanelKeyCode.space, false),
        ("up", PanelKeyCode.up, false), ("down", PanelKeyCode.down, false),
        ("left", PanelKeyCode.left, false), ("right", PanelKeyCode.right, false),
    ]
}

extension Scenario {
    /// Parses and validates a scenario file's bytes (not yet against its board:
    /// ``check(against:)``). Any input at all gives a scenario or an error.
    public static func parse(_ bytes: [UInt8]) throws(ConfigError) -> Scenario {
        try Scenario(reading: try ConfigNode.root(parsing: bytes))
    }

    public static func parse(_ text: String) throws(ConfigError) -> Scenario { try parse(Array(text.utf8)) }

    init(reading root: ConfigNode) throws(ConfigError) {
        let top = try root.object(allowed: ["version", "name", "board", "states", "steps"])
        let version = try top.required("version").integer(in: 1...Int(Int32.max))
        guard version == Self.supportedVersion else {
            throw ConfigError(
                "version", "\(version) is newer than this program reads (\(Self.supportedVersion)); upgrade switchpanel"
            )
        }
        name = try top.optional("name")?.text()
        board = try top.required("board").name()
        if let s = top.optional("states") { states = try Self.switchValues(s, Self.onOff) }
        let items = try top.required("steps").array(maximumCount: Self.maximumSteps)
        for item in items { steps.append(Step(path: item.path, action: try Self.action(item))) }
    }

    /// `{"id": value, …}`, each value read by `read`.
    static func switchValues<T>(_ node: ConfigNode, _ read: ValueReader<T>) throws(ConfigError) -> [Named<T>] {
        guard case .object(let members) = node.value else {
            throw ConfigError(node.path, "expected an object of switch ids, got \(node.value.kind)")
        }
        guard !members.isEmpty else { throw ConfigError(node.path, "names no switch") }
        var values: [Named<T>] = []
        for (key, value) in members {
            let member = ConfigNode(value: value, path: node.child(key))
            values.append(Named(id: key, value: try read.read(member), path: member.path))
        }
        return values
    }

    static var onOff: ValueReader<Bool> {
        ValueReader { n throws(ConfigError) in try n.choice([("on", true), ("off", false)]) }
    }
    static var setState: ValueReader<ControlTargetState> {
        ValueReader { n throws(ConfigError) in try n.choice([("on", .on), ("off", .off), ("toggle", .toggle)]) }
    }

    /// One step: an object with exactly one member, whose key is the step's kind.
    static func action(_ node: ConfigNode) throws(ConfigError) -> Action {
        guard case .object(let members) = node.value else {
            throw ConfigError(
                node.path, "expected a step such as {\"tap\": \"porch\"} or {\"wait\": 0.3}, got \(node.value.kind)")
        }
        guard members.count == 1, let kind = members.first?.key else {
            throw ConfigError(
                node.path,
                "a step has exactly one key, its kind (\(stepKinds.joined(separator: ", "))); this one has \(members.count)"
            )
        }
        let body = ConfigNode(value: members[0].value, path: node.child(kind))
        switch kind {
        case "tap": return .tap(try target(body))
        case "drag":
            let o = try body.object(allowed: ["from", "to", "duration"])
            return .drag(
                from: try target(try o.required("from")), to: try target(try o.required("to")),
                duration: try o.required("duration").number(in: 0.001...60))
        case "slide":
            let o = try body.object(allowed: ["switch", "to", "duration"])
            let id = try o.required("switch")
            let to = try o.required("to")
            return .slide(
                id: Named(id: try id.name(), value: try onOff.read(to), path: id.path),
                duration: try o.value("duration", else: defaultSlideDuration, .number(in: 0.001...60)))
        case "press":
            let o = try body.object(allowed: ["contact", "at"])
            return .press(contact: try contact(try o.required("contact")), at: try target(try o.required("at")))
        case "move":
            let o = try body.object(allowed: ["contact", "to"])
            return .move(contact: try contact(try o.required("contact")), to: try target(try o.required("to")))
        case "release": return .release(contact: try contact(body))
        case "wait": return .wait(try body.number(in: 0...86_400))
        case "set": return .set(try switchValues(body, setState))
        case "expect":
            let o = try body.object(allowed: ["screen", "tolerance", "state", "page"])
            // The page the panel shows or settles on (0 is the first); checked against the board.
            let page = try o.optional("page").map { (n) throws(ConfigError) in
                Named(id: "page", value: try n.integer(in: 0...(BoardConfig.maximumPages - 1)), path: n.path)
            }
            let screen = try o.optional("screen").map { (n) throws(ConfigError) in
                ScreenExpectation(
                    golden: try n.name(), tolerance: try o.value("tolerance", else: 0, .integer(in: 0...255)))
            }
            if screen == nil, let tolerance = o.optional("tolerance") {
                throw ConfigError(tolerance.path, "goes with \"screen\" (the golden image it applies to)")
            }
            let states = try o.optional("state").map { (n) throws(ConfigError) in try switchValues(n, onOff) } ?? []
            guard screen != nil || !states.isEmpty || page != nil else {
                throw ConfigError(body.path, "expects nothing (give \"screen\", \"state\" and/or \"page\")")
            }
            return .expect(screen: screen, states: states, page: page)
        case "replay":
            if case .string = body.value { return .replay(file: try body.name(), device: nil) }
            let o = try body.object(allowed: ["file", "device"])
            return .replay(file: try o.required("file").name(), device: try o.optional("device")?.name())
        case "key":
            let (code, shifted) = try body.choice(Self.keyNames.map { ($0.name, ($0.code, $0.shifted)) })
            return .key(KeyDecoder.panelKey(code: code, shifted: shifted)!)
        case "screen": return .screen(blank: try body.choice([("blank", true), ("wake", false)]))
        case "page":
            // A number (0 is the first page) or a title, checked against the board.
            switch body.value {
            case .string: return .page(.title(try body.text()))
            case .number: return .page(.index(try body.integer(in: 0...(BoardConfig.maximumPages - 1))))
            default: throw ConfigError(body.path, "expected a page number or title, got \(body.value.kind)")
            }
        default:
            throw ConfigError(
                body.path, "unknown step (expected one of: \(stepKinds.joined(separator: ", ")))")
        }
    }

    /// A switch id, or `[x, y]` in logical pixels (checked against the screen by ``check(against:)``).
    static func target(_ node: ConfigNode) throws(ConfigError) -> Target {
        if case .string = node.value { return .switchID(try node.name()) }
        guard case .array = node.value else {
            throw ConfigError(node.path, "expected a switch id or [x, y], got \(node.value.kind)")
        }
        return .point(try node.point(in: -1e6...1e6))
    }

    /// A contact id as `press`, `move` and `release` name it.
    static func contact(_ node: ConfigNode) throws(ConfigError) -> Int {
        try node.integer(in: 1...HeadlessPanel.maximumContacts)
    }
}

extension Scenario {
    /// Checks what only the board can tell: that every switch id is one of its switches, that
    /// every point is on its screen, and that contacts are pressed before they move or lift.
    public func check(against config: BoardConfig) throws(ConfigError) {
        let ids = config.switches.map(\.id)
        func known(_ id: String, _ path: String) throws(ConfigError) {
            guard ids.contains(id) else {
                throw ConfigError(
                    path,
                    "no switch \"\(ConfigError.excerpt(id))\" on the board (there are: \(ids.joined(separator: ", ")))")
            }
        }
        let size = config.display.logicalSize
        func check(_ target: Target, _ path: String) throws(ConfigError) {
            switch target {
            case .switchID(let id): try known(id, path)
            case .point(let p):
                guard p.x >= 0, p.x < Double(size.width), p.y >= 0, p.y < Double(size.height) else {
                    throw ConfigError(
                        path, "[\(p.x.configText), \(p.y.configText)] is off the screen (\(size.width)x\(size.height))")
                }
            }
        }
        let titles = config.pages.indices.map { config.pages[$0].shownTitle(index: $0) }
        func onBoard(_ page: ControlPageTarget, _ path: String) throws(ConfigError) {
            guard page.resolved(in: titles) == nil else { return }
            let count = titles.count
            switch page {
            case .index(let n):
                throw ConfigError(
                    path, "page \(n) is not on the board (it has \(count) page\(count == 1 ? "" : "s"), 0…\(count - 1))"
                )
            case .title(let title):
                let shown = titles.map { "\"\($0)\"" }.joined(separator: ", ")
                let reason = titles.contains(title) ? "names more than one page" : "is not a page's title"
                throw ConfigError(path, "\"\(ConfigError.excerpt(title))\" \(reason) (the pages: \(shown))")
            }
        }
        for s in states { try known(s.id, s.path) }
        var down: Set<Int> = []
        for step in steps {
            let p = step.path
            switch step.action {
            case .tap(let t): try check(t, "\(p).tap")
            case .drag(let from, let to, _):
                try check(from, "\(p).drag.from")
                try check(to, "\(p).drag.to")
            case .slide(let id, _): try known(id.id, id.path)
            case .press(let c, let at):
                try check(at, "\(p).press.at")
                guard down.insert(c).inserted else {
                    throw ConfigError("\(p).press.contact", "contact \(c) is already down")
                }
            case .move(let c, let to):
                try check(to, "\(p).move.to")
                guard down.contains(c) else { throw ConfigError("\(p).move.contact", "contact \(c) is not down") }
            case .release(let c):
                guard down.remove(c) != nil else { throw ConfigError("\(p).release", "contact \(c) is not down") }
            case .set(let targets): for t in targets { try known(t.id, t.path) }
            case .expect(_, let states, let page):
                for s in states { try known(s.id, s.path) }
                if let page { try onBoard(.index(page.value), page.path) }
            case .page(let target): try onBoard(target, "\(p).page")
            case .replay:
                guard down.isEmpty else {
                    throw ConfigError("\(p).replay", "contacts \(down.sorted()) are down: release them first")
                }
            case .wait, .key, .screen: break
            }
        }
    }
}
