import ConfigFormat
import Panel

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
    public func answer(_ requests: [ControlRequest], now: Double) -> [(reply: String, subscribe: Bool)] {
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
            replies.append(answerQuery(request))
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
            for set in staged.reversed() {
                for change in set.changes.reversed() where !controller.isGroup(change.id) {
                    controller.set(change.id, isOn: !change.isOn, source: .revert, now: now)
                }
            }
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
        var outcomes: [ActionOutcome] = []
        for set in staged {
            for change in set.changes { outcomes += acknowledge(change, runActions: set.runActions, now: now) }
            numbers.append(set.change == nil ? nil : changeNumbers[set.id])
        }
        handle(outcomes, now: now)
        let lastChange = Dictionary(zip(staged.map(\.id), numbers).compactMap { id, n in n.map { (id, $0) } }) {
            max($0, $1)
        }
        return zip(staged, numbers).map { set, number in
            if let reply = set.immediateReply { return reply }
            guard let change = set.change, let number else {
                return ControlProtocol.setReply(
                    id: set.id, isOn: set.before, changed: false, actionsRun: false, tag: set.tag)
            }
            guard let failed = outcomes.first(where: { $0.switchID == set.id && $0.change == number && !$0.succeeded })
            else {
                return ControlProtocol.setReply(
                    id: set.id, isOn: change.isOn, changed: true, actionsRun: set.runActions, tag: set.tag)
            }
            let now = controller.states[set.id] ?? change.isOn
            let switchedBack = number == lastChange[set.id] && now != change.isOn
            return ControlProtocol.setFailedReply(
                id: set.id, isOn: now,
                reason: "action \(failed.action.summary) failed: \(failed.detail)"
                    + (switchedBack ? "; switched back" : ""),
                tag: set.tag)
        }
    }

    /// `list`, `get` and `subscribe`: answered from the states as acknowledged.
    private func answerQuery(_ request: ControlRequest) -> (reply: String, subscribe: Bool) {
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
            return (ControlProtocol.subscribeReply(states: controlStatuses, tag: request.tag), true)
        case .set:
            preconditionFailure("sets are staged")
        }
    }
}
