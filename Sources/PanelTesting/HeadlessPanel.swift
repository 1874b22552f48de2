import ConfigFormat
import FoundationEssentials
import LinuxIO
import Panel
import PanelRuntime
import Presentation
import Raster
import TouchCore

/// A board's panel under test, in virtual time: the very panel `switchpanel run` assembles
/// (`AssembledPanel`: session, loop, frame composer) on the in-memory display, driven through
/// `EmbeddedPanel` on a virtual clock, so ``wait(_:)`` of five seconds takes microseconds.
/// Touches are given in the panel's logical pixels (its layout, before the display's rotation)
/// or as a switch's id (its centre); screens are what the display shows, in its format and
/// rotation, like `switchpanel render`.
///
/// The board's actions are not run (they are taken out of the config): a test checks what the
/// panel shows and decides, and must not switch a real porch light or run a board's commands.
/// States are saved as on a board, into a temporary directory removed by ``close()``.
///
/// `switchpanel test` runs scenario files through this same class (``ScenarioRunner``).
public final class HeadlessPanel {
    /// The board as loaded (its actions removed).
    public let board: LoadedConfig
    /// The running panel.
    public let embedded: EmbeddedPanel
    /// Virtual time when the first frame was on screen: ``time`` counts from here.
    public let start: Double
    private let stateDirectory: String
    /// Contacts down now, by id, and where.
    private var contacts: [Int: Point] = [:]
    /// A tap holds its contact this long: well under a switch's tap time (0.3 s by default).
    public static let tapDuration = 0.05
    /// The contact id taps and drags use (``press(contact:at:)`` takes 1…``maximumContacts``).
    static let gestureContact = 0
    /// The most contacts a test holds down at once (a 10-slot touchscreen).
    public static let maximumContacts = 10

    /// The panel of the board config at `path`, with `states` (by switch id) as if saved by an
    /// earlier run; switches not named start as the config says.
    public convenience init(boardAt path: String, states: [String: Bool] = [:], log: LogSink? = nil) throws {
        try self.init(board: try LoadedConfig.read(path: path), states: states, log: log)
    }

    /// The panel of an already loaded board. Its first frame is on screen when this returns.
    public init(board: LoadedConfig, states: [String: Bool] = [:], log: LogSink? = nil) throws {
        var board = board
        board.config.removeActions()
        self.board = board
        let known = Set(board.config.switches.map(\.id))
        if let unknown = states.keys.sorted().first(where: { !known.contains($0) }) {
            throw PanelTestError.unknownSwitch(unknown, known: board.config.switches.map(\.id))
        }
        stateDirectory = FilePaths.join(
            FileManager.default.temporaryDirectory.path,
            "switchpanel-test-\(ProcessInfo.processInfo.processIdentifier)-\(UUID().uuidString)")
        try FileManager.default.createDirectory(atPath: stateDirectory, withIntermediateDirectories: true)
        do {
            if !states.isEmpty { try StateStore(directory: stateDirectory).save(states) }
            let panel = try EmbeddedPanel(
                board: board,
                options: PanelOptions(
                    stateDirectory: stateDirectory, printLine: { _ in },
                    log: log ?? { _, _ in }))
            // Until the first frame is on screen (painted at once, shown at the next vblank).
            while panel.display.framesShown == 0 {
                try panel.advance(by: panel.display.nextEventDeadline.map { $0 - panel.clock.now } ?? 0.001)
            }
            embedded = panel
        } catch {
            try? FileManager.default.removeItem(atPath: stateDirectory)
            throw error
        }
        start = embedded.clock.now
    }

    deinit { close() }

    /// Releases the panel's processes and removes its state directory (also done at deinit).
    public func close() {
        embedded.panel.close()
        try? FileManager.default.removeItem(atPath: stateDirectory)
    }

    /// Seconds of virtual time since the first frame.
    public var time: Double { embedded.clock.now - start }

    // MARK: Time

    /// Lets `seconds` of virtual time pass: frames, animations, timers and blanking run as on a
    /// board, in no real time.
    public func wait(_ seconds: Double) throws {
        guard seconds.isFinite, seconds >= 0 else { throw PanelTestError.badDuration(seconds) }
        try embedded.advance(by: seconds)
    }

    // MARK: Switches

    /// Every switch's state, by id.
    public var states: [String: Bool] { embedded.session.controller.states }

    /// The page the panel shows, or settles on (0 is the first).
    public var page: Int { embedded.session.controller.page }

    /// One switch's state; nil for an id the board does not have.
    public func state(_ id: String) -> Bool? { states[id] }

    /// The centre of switch `id`'s frame, in logical pixels: where ``tap(_:)`` touches.
    public func centre(of id: String) throws -> Point {
        guard let toggle = embedded.session.controller.view.toggle(id: id) else {
            throw PanelTestError.unknownSwitch(id, known: switchIDs)
        }
        return Point(toggle.frame.midX, toggle.frame.midY)
    }

    private var switchIDs: [String] { embedded.session.controller.view.switches.map(\.id) }

    /// Sets switches as a control socket client's `set` would (`{"cmd":"set","id":…}`, one
    /// batch, saved once); throws the panel's refusal (an unknown id, a disabled switch).
    public func set(_ targets: [(id: String, state: ControlTargetState)]) throws {
        let requests = targets.map { ControlRequest(.set(id: $0.id, state: $0.state, runActions: true)) }
        for (target, reply) in zip(targets, embedded.session.answer(requests, now: embedded.clock.now)) {
            if let reason = ControlReply.refusal(in: reply.reply) {
                throw PanelTestError.refused(id: target.id, reason: reason)
            }
        }
    }

    /// Sets one switch as a control socket client would.
    public func set(_ id: String, _ state: ControlTargetState) throws { try set([(id, state)]) }

    // MARK: Touch

    /// A tap at the centre of switch `id`: one finger down, ``tapDuration`` later up.
    public func tap(_ id: String) throws { try tap(at: try centre(of: id)) }

    /// A tap at `point` (logical pixels).
    public func tap(at point: Point) throws {
        try press(contact: Self.gestureContact, at: point)
        try wait(Self.tapDuration)
        try release(contact: Self.gestureContact)
    }

    /// One finger from `from` to `to` in `duration` seconds: down, a move at every frame of the
    /// display (straight, at constant speed), up at `to`.
    public func drag(from: Point, to: Point, duration: Double) throws {
        guard duration.isFinite, duration > 0 else { throw PanelTestError.badDuration(duration) }
        let frame = 1 / embedded.display.refreshRate
        let moves = max(1, Int((duration / frame).rounded(.up)))
        try press(contact: Self.gestureContact, at: from)
        for i in 1...moves {
            try wait(duration / Double(moves))
            let f = Double(i) / Double(moves)
            try move(
                contact: Self.gestureContact, to: Point(from.x + (to.x - from.x) * f, from.y + (to.y - from.y) * f))
        }
        try release(contact: Self.gestureContact)
    }

    /// A finger slides switch `id`'s thumb from the other end to the `on` end (or the off end):
    /// down on the thumb's centre where it rests for the other value, up on its centre at this
    /// end, in `duration` seconds, as ``drag(from:to:duration:)``.
    public func slide(_ id: String, to on: Bool, duration: Double) throws {
        guard let toggle = embedded.session.controller.view.toggle(id: id) else {
            throw PanelTestError.unknownSwitch(id, known: switchIDs)
        }
        try drag(from: toggle.thumbCenter(at: on ? 0 : 1), to: toggle.thumbCenter(at: on ? 1 : 0), duration: duration)
    }

    /// Contact `contact` goes down at `point` (several contacts at once: multitouch).
    public func press(contact: Int, at point: Point) throws {
        guard contacts[contact] == nil else { throw PanelTestError.contactDown(contact) }
        contacts[contact] = point
        deliver(contact, .began, point)
    }

    /// Contact `contact`, which is down, moves to `point`.
    public func move(contact: Int, to point: Point) throws {
        guard contacts[contact] != nil else { throw PanelTestError.contactUp(contact) }
        contacts[contact] = point
        deliver(contact, .moved, point)
    }

    /// Contact `contact` lifts where it is.
    public func release(contact: Int) throws {
        guard let point = contacts.removeValue(forKey: contact) else { throw PanelTestError.contactUp(contact) }
        deliver(contact, .ended, point)
    }

    private func deliver(_ contact: Int, _ phase: TouchEvent.Phase, _ point: Point) {
        embedded.touch([[TouchEvent(contact: contact, phase: phase, position: point, time: embedded.clock.now)]])
    }

    /// Plays an evdev recording made on `device` from now on, on its own timestamps: every event
    /// through the touch state machine (or key decoder) a live device of this board uses (protocol, calibration,
    /// filters), the panel running in virtual time between them. Contacts the recording leaves
    /// down are cancelled at its end, as unplugging the device would.
    public func replay(_ recording: EvemuRecording, device: DeviceDescription) throws {
        // The recording's contacts are numbered by its state machine: none of the test's may be down.
        if let down = contacts.keys.min() { throw PanelTestError.contactDownDuringReplay(down) }
        var player = try RecordingPlayer(
            recording: recording, device: device, config: board.config, leadIn: embedded.clock.now)
        for event in recording.events {
            let (time, frames, keys) = player.take(event)
            try embedded.advance(by: max(0, time - embedded.clock.now))
            embedded.touch(frames)
            if !keys.isEmpty { embedded.loop.deliverKeys(keys) }
        }
        if embedded.session.controller.liveContacts > 0 {
            embedded.session.controller.cancelTouches(now: embedded.clock.now)
        }
    }

    /// Plays the evemu recording at `path` (its device from its header, or from the `.desc` at
    /// `descriptionPath`).
    public func replay(recordingAt path: String, descriptionAt descriptionPath: String? = nil) throws {
        func text(_ path: String) throws -> String {
            guard let data = FileManager.default.contents(atPath: path) else {
                throw PanelTestError.unreadable(path)
            }
            return String(decoding: data, as: UTF8.self)
        }
        let (recording, device) = try parseRecording(
            try text(path), named: path, description: try descriptionPath.map(text))
        try replay(recording, device: device)
    }

    // MARK: Keys

    /// A key pressed now on the board's keyboard, button or dial, as what it asks of the panel
    /// (`KeyDecoder` turns a live device's keys into these): it goes through the loop as a live
    /// key does — a blanked screen wakes and swallows it — and takes no time.
    public func press(_ key: PanelKey) {
        embedded.loop.deliverKeys([KeyPress(key: key, time: embedded.clock.now)])
    }

    // MARK: Screen

    /// Blanks or wakes the screen as a control-socket client's `screen` request does; throws
    /// the panel's refusal.
    public func screen(blank: Bool) throws {
        try control(ControlRequest(.screen(blank: blank, brightness: nil)), what: blank ? "blank" : "wake")
    }

    /// Shows a page as a control-socket client's `page` request does (it slides in); throws the
    /// panel's refusal (no such page).
    public func show(page: ControlPageTarget) throws {
        try control(ControlRequest(.page(page)), what: "page")
    }

    /// One control request, answered with the loop as the screen it controls; a reply with
    /// `"ok": false` becomes ``PanelTestError/refusedCommand(_:reason:)``.
    private func control(_ request: ControlRequest, what: String) throws {
        let reply = embedded.session.answer([request], screen: embedded.loop, now: embedded.clock.now)[0].reply
        if let reason = ControlReply.refusal(in: reply) { throw PanelTestError.refusedCommand(what, reason: reason) }
    }

    /// What the display shows now (the last frame presented), in its format and rotation; black
    /// while the screen is blanked (`screen.blankAfter`: the display is powered off).
    public func snapshot() throws -> Image {
        guard let image = embedded.screen else { throw PanelTestError.noFrame }
        if embedded.display.isPoweredOff {
            return Image(width: image.width, height: image.height, format: image.format)
        }
        return image
    }

    /// Whether the screen is blanked now (after `screen.blankAfter` seconds without a touch).
    public var isBlank: Bool { embedded.loop.isBlank }
}

/// Where a test panel's log lines go: the level and the line.
public typealias LogSink = (LogLevel, String) -> Void

/// What a test panel refuses to do, and why.
public enum PanelTestError: Error, Equatable, CustomStringConvertible {
    case unknownSwitch(String, known: [String])
    case refused(id: String, reason: String)
    /// A control request other than `set` (`blank`, `wake`, `page`) that the panel refused.
    case refusedCommand(String, reason: String)
    case contactDown(Int)
    case contactDownDuringReplay(Int)
    case contactUp(Int)
    case badDuration(Double)
    case noFrame
    case unreadable(String)

    public var description: String {
        switch self {
        case .unknownSwitch(let id, let known):
            "no switch \"\(ConfigError.excerpt(id))\" on this board (there are: \(known.joined(separator: ", ")))"
        case .refused(let id, let reason): "the panel refused to set \(id): \(reason)"
        case .refusedCommand(let what, let reason): "the panel refused \(what): \(reason)"
        case .contactDown(let c): "contact \(c) is already down"
        case .contactDownDuringReplay(let c):
            "contact \(c) is down: release it first (a recording numbers its own contacts)"
        case .contactUp(let c): "contact \(c) is not down"
        case .badDuration(let d): "\(d) is not a duration (a finite number of seconds, at least 0)"
        case .noFrame: "the display has presented no frame"
        case .unreadable(let path): "\(path): cannot read (missing or unreadable)"
        }
    }
}
