import ConfigFormat
import LinuxIO
import Panel

/// The screen's controls as the loop keeps them (blanking, the backlight): what `screen`
/// requests and the network's commands reach. ``PanelLoop`` is the one implementation.
public protocol ScreenControl: AnyObject {
    /// Lit or blank, the brightness and the page, now.
    var screenStatus: ScreenStatus { get }
    /// Blanks the screen (as idle blanking does: the next touch wakes it and is swallowed, and
    /// the panel goes to its home page) or lights it. Nothing happens when it already is so.
    func setBlank(_ blank: Bool, source: ScreenChangeSource, now: Double) throws(ScreenControlError)
    /// Sets the backlight to `percent` (1…100) and saves it before returning.
    func setBrightness(_ percent: Int, source: ScreenChangeSource, now: Double) throws(ScreenControlError)
}

/// Why the screen could not be blanked, woken or dimmed.
public enum ScreenControlError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The board has no backlight with a brightness (none configured, or no `max_brightness`).
    case noBrightness
    /// Another virtual terminal has the display: it is not the panel's to blank.
    case displayReleased
    /// Turning the display or backlight off or on failed.
    case power(blank: Bool, reason: String)
    /// Writing the backlight's brightness failed.
    case backlight(SystemError)
    /// The brightness was set but could not be saved, so it was put back.
    case notSaved(StateStoreError)

    public var description: String {
        switch self {
        case .noBrightness: ControlProtocolError.noBrightness().reason
        case .displayReleased: "another virtual terminal has the display; the panel cannot blank it now"
        case .power(let blank, let reason): "cannot \(blank ? "blank" : "wake") the screen: \(reason)"
        case .backlight(let error): "cannot set the brightness: \(error)"
        case .notSaved(let error): "brightness not saved, so not changed: \(error)"
        }
    }
}

extension PanelSession {
    /// Every switch as the control socket lists it.
    public var controlStatuses: [ControlSwitchStatus] {
        controller.view.switches.map { entry in
            let label = config.switches.first { $0.id == entry.id }?.label ?? entry.id
            return (entry.id, label, entry.toggle.isOn, entry.toggle.isEnabled)
        }
    }

    /// Answers control requests in order, one reply each; `subscribe` is true when the client
    /// asked for events (the caller marks it subscribed before sending the reply, so no event can
    /// slip between). Consecutive `set`s are saved once, together, before any of them is
    /// acknowledged: a burst of requests costs one durable write (two fsyncs) instead of one per
    /// request, and still no change is acknowledged — replied to, published, its actions started
    /// — before it is on disk. A `set` that did not stick (not saved, or its action failed at
    /// once) gets an error reply saying so, with the switch's state now.
    ///
    /// `screen` answers `screen` requests (and adds the screen to `page` and `subscribe` replies);
    /// without one (a headless replay) they are refused.
    public func answer(_ requests: [ControlRequest], screen: ScreenControl? = nil, now: Double) -> [(
        reply: String, subscribe: Bool
    )] {
        var replies: [(reply: String, subscribe: Bool)] = []
        replies.reserveCapacity(requests.count)
        var staged: [StagedSet] = []
        for request in requests {
            if case .set(let id, let target, let runActions) = request.command {
                staged.append(stage(id: id, target: target, runActions: runActions, tag: request.tag, now: now))
                continue
            }
            replies += commitStaged(staged, now: now).map { ($0, false) }
            staged.removeAll()
            replies.append(answerQuery(request, screen: screen, now: now))
        }
        replies += commitStaged(staged, now: now).map { ($0, false) }
        return replies
    }

    /// A `set` applied to the switches but not saved yet: its change, or the reply it gets anyway.
    struct StagedSet {
        var id: String
        var tag: JSONValue?
        var runActions: Bool
        /// Everything the set changed (a group's members, then groups), in order.
        var changes: [SwitchChange] = []
        /// The change of the switch named, nil when it did not change.
        var change: SwitchChange? { changes.last { $0.id == id } }
        /// The reply when there is nothing to save (an unknown id, a disabled switch).
        var immediateReply: String?
        /// The switch's state before this set.
        var before: Bool
    }

    private func stage(id: String, target: ControlTargetState, runActions: Bool, tag: JSONValue?, now: Double)
        -> StagedSet
    {
        guard let s = controlStatuses.first(where: { $0.id == id }) else {
            let reply = ControlProtocol.errorReply(.unknownID(id, known: controlStatuses.map(\.id), tag: tag))
            return StagedSet(id: id, tag: tag, runActions: runActions, immediateReply: reply, before: false)
        }
        if let why = unavailable[id] {
            return StagedSet(
                id: id, tag: tag, runActions: runActions,
                immediateReply: ControlProtocol.errorReply(.unavailable(id, why, tag: tag)), before: s.isOn)
        }
        // A disabled switch is disabled for people at the panel and for scripts alike.
        guard s.enabled else {
            return StagedSet(
                id: id, tag: tag, runActions: runActions,
                immediateReply: ControlProtocol.errorReply(.disabled(id, tag: tag)),
                before: s.isOn)
        }
        let changes = controller.set(id, isOn: target.resolved(current: s.isOn), source: .socket, now: now)
        return StagedSet(id: id, tag: tag, runActions: runActions, changes: changes, before: s.isOn)
    }

    /// Saves the staged changes once, then acknowledges them in order; their replies.
    private func commitStaged(_ staged: [StagedSet], now: Double) -> [String] {
        guard !staged.isEmpty else { return [] }
        if staged.contains(where: { !$0.changes.isEmpty }), let failure = saveStates() {
            // Nothing of the burst is kept: every switch goes back to where it was before it
            // (a group's members one by one; the groups follow them).
            controller.revert(staged.flatMap(\.changes), now: now)
            for set in staged where set.change != nil {
                log(.error, "\(set.id) → \(set.change!.isOn ? "on" : "off") not kept: \(failure)")
            }
            return staged.map { set in
                set.immediateReply
                    ?? ControlProtocol.setFailedReply(
                        id: set.id, isOn: controller.states[set.id] ?? set.before, reason: "not saved: \(failure)",
                        tag: set.tag)
            }
        }
        // Acknowledged in order; the outcomes known at once are handled after the whole burst,
        // so a failed action is judged against the switch's state at the end of the burst: at
        // most one flip-back (and one more save) per switch, for its latest change only.
        var numbers: [Int?] = []
        // Each set's changes by the numbers they were acknowledged with (a group's members too:
        // a member's action that fails at once fails the group's set).
        var acknowledged: [[(id: String, number: Int)]] = []
        var outcomes: [ActionOutcome] = []
        for set in staged {
            var mine: [(id: String, number: Int)] = []
            for change in set.changes {
                outcomes += acknowledge(change, runActions: set.runActions, now: now)
                if let number = changeNumbers[change.id] { mine.append((change.id, number)) }
            }
            acknowledged.append(mine)
            numbers.append(set.change == nil ? nil : changeNumbers[set.id])
        }
        handle(outcomes, now: now)
        var lastChange: [String: Int] = [:]
        for (id, number) in acknowledged.joined() { lastChange[id] = max(lastChange[id] ?? number, number) }
        return zip(staged, zip(numbers, acknowledged)).map { set, acknowledgement in
            let (number, mine) = acknowledgement
            if let reply = set.immediateReply { return reply }
            guard let change = set.change, number != nil else {
                return ControlProtocol.setReply(
                    id: set.id, isOn: set.before, changed: false, actionsRun: false, tag: set.tag)
            }
            guard
                let failed = outcomes.first(where: { outcome in
                    !outcome.succeeded && mine.contains { $0.id == outcome.switchID && $0.number == outcome.change }
                })
            else {
                return ControlProtocol.setReply(
                    id: set.id, isOn: change.isOn, changed: true, actionsRun: set.runActions, tag: set.tag)
            }
            let failedNow = controller.states[failed.switchID] ?? failed.isOn
            let switchedBack = failed.change == lastChange[failed.switchID] && failedNow != failed.isOn
            let member = failed.switchID == set.id ? "" : "\(failed.switchID): "
            return ControlProtocol.setFailedReply(
                id: set.id, isOn: controller.states[set.id] ?? change.isOn,
                reason: "\(member)action \(failed.action.summary) failed: \(failed.detail)"
                    + (switchedBack ? "; switched back" : ""),
                tag: set.tag)
        }
    }

    /// `list`, `get` and `subscribe`: answered from the states as acknowledged; `screen` and
    /// `page`: carried out and answered with the screen after them.
    private func answerQuery(_ request: ControlRequest, screen: ScreenControl?, now: Double) -> (
        reply: String, subscribe: Bool
    ) {
        switch request.command {
        case .list:
            return (ControlProtocol.listReply(states: controlStatuses, tag: request.tag), false)
        case .get(let id):
            guard let s = controlStatuses.first(where: { $0.id == id }) else {
                return (
                    ControlProtocol.errorReply(.unknownID(id, known: controlStatuses.map(\.id), tag: request.tag)),
                    false
                )
            }
            return (ControlProtocol.getReply(s, tag: request.tag), false)
        case .subscribe:
            return (
                ControlProtocol.subscribeReply(states: controlStatuses, screen: screen?.screenStatus, tag: request.tag),
                true
            )
        case .screen(let blank, let brightness):
            return (
                answerScreen(blank: blank, brightness: brightness, screen: screen, tag: request.tag, now: now), false
            )
        case .page(let target):
            if let target {
                let titles = controller.view.pages.map(\.title)
                guard let page = target.resolved(in: titles) else {
                    return (ControlProtocol.errorReply(.unknownPage(target, titles: titles, tag: request.tag)), false)
                }
                show(page: page, now: now)
                // Shown on purpose: it stays for homeAfter before the panel goes home.
                controller.noteInteraction(at: now)
            }
            return (ControlProtocol.screenReply(screenStatus(screen), tag: request.tag), false)
        case .set:
            preconditionFailure("sets are staged")
        }
    }

    /// The screen as replies report it: the loop's, else lit without a brightness.
    func screenStatus(_ screen: ScreenControl?) -> ScreenStatus {
        screen?.screenStatus
            ?? ScreenStatus(
                blank: false, brightness: nil, page: controller.page, pages: controller.view.pages.map(\.title))
    }

    /// A `screen` request: the brightness first (so a wake shows it), then blank or wake.
    private func answerScreen(blank: Bool?, brightness: Int?, screen: ScreenControl?, tag: JSONValue?, now: Double)
        -> String
    {
        guard let screen else {
            if blank == nil, brightness == nil { return ControlProtocol.screenReply(screenStatus(nil), tag: tag) }
            return ControlProtocol.errorReply(ControlProtocolError("this panel has no screen to control", tag: tag))
        }
        do throws(ScreenControlError) {
            if let brightness { try screen.setBrightness(brightness, source: .socket, now: now) }
            if let blank { try screen.setBlank(blank, source: .socket, now: now) }
        } catch .noBrightness {
            return ControlProtocol.errorReply(.noBrightness(tag: tag))
        } catch {
            return ControlProtocol.screenFailedReply(screen.screenStatus, reason: error.description, tag: tag)
        }
        return ControlProtocol.screenReply(screen.screenStatus, tag: tag)
    }
}
