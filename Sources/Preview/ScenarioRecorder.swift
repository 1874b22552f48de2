import ConfigFormat
import Raster
import TouchCore

/// What was done in the preview, as a scenario file for `switchpanel test`
/// (docs/scenario-reference.md): the states when recording began, then the contacts the pages
/// made and the changes made by other means (control socket, MQTT, a failed action's revert) as
/// steps with the waits between them, and at the end a wait and an `expect` of every switch's
/// state and of the screen, whose golden `switchpanel test --update` records once.
///
/// Pure: it is handed the touch frames the panel was given (contacts on the logical screen, on
/// the panel's clock, as ``PointerContacts`` made them) and the value changes, and writes JSON.
/// The preview starts one when it starts and again after every reload (the board or its states
/// may have changed), so a scenario is what was done since the panel last (re)loaded.
///
/// - Contacts are numbered 1…10 in order of appearance, a lifted contact's number free again;
///   an eleventh contact down at once is left out, as the scenario format has no number for it.
/// - Moves are thinned to one per contact per display frame (the panel reads no more); a lift
///   where the contact was not last recorded gets a move there first.
/// - A contact that went down and up within `tapMaxDuration` without moving past `tapSlop`, with
///   nothing else recorded in between, is written as `{"tap": [x, y]}` (which takes 0.05 s).
/// - A contact cancelled (its page went away) before anything made it a press is left out; one
///   cancelled later is written as a release (the format has no cancel).
/// - At most ``maximumSteps`` steps, the format's limit: beyond it recording stops, the scenario
///   ends where it stopped and expects the states as they were then (``isTruncated``).
public struct ScenarioRecorder: Sendable {
    /// The scenario format's limit (`Scenario.maximumSteps`).
    public static let maximumSteps = 10_000
    /// How long a scenario's `tap` step holds its contact down (`HeadlessPanel.tapDuration`).
    public static let tapStepDuration = 0.05
    /// The longest `wait` step the format takes; longer gaps become several.
    public static let longestWait = 86_400.0

    public struct Settings: Sendable, Equatable {
        /// The logical screen (touch positions are clamped into it, as the format requires).
        public var width: Int
        public var height: Int
        /// One display frame, seconds: moves closer together than this are thinned.
        public var frameInterval: Double
        /// A contact moving no further than this (logical pixels) may be a tap.
        public var tapSlop: Double
        /// A contact held no longer than this may be a tap.
        public var tapMaxDuration: Double

        public init(width: Int, height: Int, frameInterval: Double, tapSlop: Double, tapMaxDuration: Double) {
            self.width = width
            self.height = height
            self.frameInterval = frameInterval
            self.tapSlop = tapSlop
            self.tapMaxDuration = tapMaxDuration
        }
    }

    /// One step of the scenario, as this recorder writes it.
    public enum Step: Equatable, Sendable {
        case wait(Double)
        case tap(Point)
        case press(contact: Int, at: Point)
        case move(contact: Int, to: Point)
        case release(contact: Int)
        case set(id: String, on: Bool)
    }

    public let settings: Settings
    /// Every switch and its state when recording began, in the config's order.
    public let initialStates: [(id: String, on: Bool)]
    public private(set) var steps: [Step] = []
    /// Recording stopped at ``maximumSteps``.
    public private(set) var isTruncated = false
    /// The states now (or when recording stopped), in the config's order.
    public private(set) var states: [(id: String, on: Bool)]

    /// The scenario's clock: where its steps so far have taken it.
    private var clock: Double
    private struct Live {
        var number: Int
        var downTime: Double
        var down: Point
        /// Where the scenario last put it, and when it was last moved there.
        var recorded: Point
        var movedAt: Double
        /// A move thinned away (the contact's newest position), and when.
        var pending: (position: Point, time: Double)?
        /// Still a possible tap: its press is not written yet.
        var tentative: Bool
    }
    /// Contacts down, by the panel's contact id.
    private var live: [Int: Live] = [:]
    /// Contacts left out (an eleventh at once): their later events are too.
    private var ignored: Set<Int> = []

    /// Starts recording at `time` (the panel's clock) with `states`, every switch in order.
    public init(states: [(id: String, on: Bool)], time: Double, settings: Settings) {
        initialStates = states
        self.states = states
        clock = time
        self.settings = settings
    }

    // MARK: Recording

    /// The touch frames the panel was given.
    public mutating func record(_ frames: [[TouchEvent]]) {
        for event in frames.joined() where !isTruncated { record(event) }
    }

    /// A switch changed value. Touches' changes only update the expected states (the contacts
    /// that made them are recorded); any other becomes a `set` step.
    public mutating func recordChange(id: String, on: Bool, byTouch: Bool, time: Double) {
        guard !isTruncated else { return }
        if !byTouch {
            var group: [Step] = materializeTentative()
            group += waitSteps(until: time, from: clockAfter(group))
            group.append(.set(id: id, on: on))
            guard append(group) else { return }
        }
        if let i = states.firstIndex(where: { $0.id == id }) { states[i].on = on }
    }

    private mutating func record(_ event: TouchEvent) {
        guard !ignored.contains(event.contact) else {
            if event.phase == .ended || event.phase == .cancelled { ignored.remove(event.contact) }
            return
        }
        let position = clamped(event.position)
        switch event.phase {
        case .began:
            guard live[event.contact] == nil else { return }
            let used = Set(live.values.map(\.number))
            guard let number = (1...10).first(where: { !used.contains($0) }) else {
                ignored.insert(event.contact)
                return
            }
            // Anything else recorded ends the previous contact's chance to be a tap.
            guard append(materializeTentative()) else { return }
            live[event.contact] = Live(
                number: number, downTime: event.time, down: position, recorded: position, movedAt: event.time,
                pending: nil, tentative: true)
        case .moved:
            guard var contact = live[event.contact] else { return }
            if contact.tentative {
                if distance(position, contact.down) <= settings.tapSlop,
                    event.time - contact.downTime <= settings.tapMaxDuration
                {
                    return
                }
                guard append(materializeTentative()) else { return }
                contact = live[event.contact]!
            } else if otherTentative(than: event.contact) {
                guard append(materializeTentative()) else { return }
            }
            if event.time - contact.movedAt < settings.frameInterval - 1e-9 {
                contact.pending = (position, event.time)
                live[event.contact] = contact
                return
            }
            var group = waitSteps(until: event.time, from: clock)
            group.append(.move(contact: contact.number, to: position))
            guard append(group) else { return }
            contact.recorded = position
            contact.movedAt = event.time
            contact.pending = nil
            live[event.contact] = contact
        case .ended, .cancelled:
            guard let contact = live[event.contact] else { return }
            if contact.tentative {
                if event.phase == .cancelled {
                    live[event.contact] = nil
                    return
                }
                if event.time - contact.downTime <= settings.tapMaxDuration,
                    distance(position, contact.down) <= settings.tapSlop,
                    settings.tapMaxDuration >= Self.tapStepDuration
                {
                    var group = waitSteps(until: contact.downTime, from: clock)
                    group.append(.tap(contact.down))
                    guard append(group, advancing: Self.tapStepDuration) else { return }
                    live[event.contact] = nil
                    return
                }
                guard append(materializeTentative()) else { return }
            } else if otherTentative(than: event.contact) {
                guard append(materializeTentative()) else { return }
            }
            var group = waitSteps(until: event.time, from: clock)
            let last = live[event.contact]!.recorded
            if last != position { group.append(.move(contact: contact.number, to: position)) }
            group.append(.release(contact: contact.number))
            guard append(group) else { return }
            live[event.contact] = nil
        }
    }

    /// The steps that write the tentative press (if any) as a press: from now on it is not a tap.
    private mutating func materializeTentative() -> [Step] {
        guard let (id, contact) = live.first(where: { $0.value.tentative }) else { return [] }
        var steps = waitSteps(until: contact.downTime, from: clock)
        steps.append(.press(contact: contact.number, at: contact.down))
        live[id]?.tentative = false
        return steps
    }

    private func otherTentative(than contact: Int) -> Bool {
        live.contains { $0.key != contact && $0.value.tentative }
    }

    /// Appends `group` whole, moving the clock past its waits (and `advancing` more), or stops
    /// recording if it would pass the limit (keeping room for the ending's wait and expect).
    private mutating func append(_ group: [Step], advancing extra: Double = 0) -> Bool {
        guard steps.count + group.count <= Self.maximumSteps - 2 else {
            isTruncated = true
            return false
        }
        steps += group
        clock = clockAfter(group) + extra
        return true
    }

    private func clockAfter(_ group: [Step]) -> Double {
        group.reduce(clock) { if case .wait(let s) = $1 { $0 + s } else { $0 } }
    }

    /// `wait` steps from `start` to `time`, rounded to the millisecond (none when under half of one).
    private func waitSteps(until time: Double, from start: Double) -> [Step] {
        var left = ((time - start) * 1000).rounded() / 1000
        var steps: [Step] = []
        while left > 0 {
            let wait = min(left, Self.longestWait)
            steps.append(.wait(wait))
            left = ((left - wait) * 1000).rounded() / 1000
        }
        return steps
    }

    /// On the screen, as the format requires (a touch clamped to the edge is at width, not in it),
    /// rounded to a hundredth of a pixel.
    private func clamped(_ p: Point) -> Point {
        func fit(_ v: Double, _ size: Int) -> Double {
            min(max((v * 100).rounded() / 100, 0), Double(max(size, 1)) - 0.01)
        }
        return Point(fit(p.x, settings.width), fit(p.y, settings.height))
    }

    private func distance(_ a: Point, _ b: Point) -> Double {
        ((a.x - b.x) * (a.x - b.x) + (a.y - b.y) * (a.y - b.y)).squareRoot()
    }

    // MARK: Writing

    /// Every step of the scenario: those recorded, presses not yet written and moves thinned
    /// away of contacts still down (they stay down), then `{"wait": 1}` and the expectation.
    public func finishedSteps() -> [Step] {
        var copy = self
        var tail = copy.materializeTentative()
        for contact in copy.live.values.sorted(by: { $0.number < $1.number }) {
            if let pending = contact.pending, pending.position != contact.recorded {
                tail.append(.move(contact: contact.number, to: pending.position))
            }
        }
        if !isTruncated, copy.steps.count + tail.count <= Self.maximumSteps - 2 { copy.steps += tail }
        return copy.steps + [.wait(1)]
    }

    /// The scenario file: `name`, `board` (the config's path, as the scenario should name it) and
    /// `golden` (the screen's golden image, relative to the scenario file). One step a line.
    public func scenarioJSON(name: String, board: String, golden: String) -> String {
        func point(_ p: Point) -> JSONValue { .array([.number(p.x), .number(p.y)]) }
        func onOff(_ on: Bool) -> JSONValue { .string(on ? "on" : "off") }
        func stateObject(_ states: [(id: String, on: Bool)]) -> JSONValue {
            .object(states.map { ($0.id, onOff($0.on)) })
        }
        func contact(_ c: Int, _ key: String, _ p: Point) -> JSONValue {
            .object([("contact", .number(Double(c))), (key, point(p))])
        }
        var steps = finishedSteps().map { step -> JSONValue in
            switch step {
            case .wait(let s): .object([("wait", .number(s))])
            case .tap(let p): .object([("tap", point(p))])
            case .press(let c, let p): .object([("press", contact(c, "at", p))])
            case .move(let c, let p): .object([("move", contact(c, "to", p))])
            case .release(let c): .object([("release", .number(Double(c)))])
            case .set(let id, let on): .object([("set", .object([(id, onOff(on))]))])
            }
        }
        var expect: [(key: String, value: JSONValue)] = []
        if !states.isEmpty { expect.append(("state", stateObject(states))) }
        expect.append(("screen", .string(golden)))
        steps.append(.object([("expect", .object(expect))]))
        var text = "{\n  \"version\": 1,\n  \"name\": \(JSONValue.string(name).text),\n"
        text += "  \"board\": \(JSONValue.string(board).text),\n"
        if !initialStates.isEmpty { text += "  \"states\": \(stateObject(initialStates).text),\n" }
        text += "  \"steps\": [\n" + steps.map { "    " + $0.text }.joined(separator: ",\n") + "\n  ]\n}\n"
        return text
    }
}
