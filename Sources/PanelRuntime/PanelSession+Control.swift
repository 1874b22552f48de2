import Panel

extension PanelSession {
    /// Every switch as the control socket lists it.
    public var controlStatuses: [ControlSwitchStatus] {
        controller.view.switches.map { entry in
            let label = config.switches.first { $0.id == entry.id }?.label ?? entry.id
            return (entry.id, label, entry.toggle.isOn, entry.toggle.isEnabled)
        }
    }

    /// Answers one control request; `subscribe` is true when the client asked for events (the
    /// caller marks it subscribed before sending the reply, so no event can slip between).
    public func answer(_ request: ControlRequest, now: Double) -> (reply: String, subscribe: Bool) {
        func status(_ id: String) -> ControlSwitchStatus? { controlStatuses.first { $0.id == id } }
        func unknown(_ id: String) -> String {
            ControlProtocol.errorReply(.unknownID(id, known: controlStatuses.map(\.id), tag: request.tag))
        }
        switch request.command {
        case .list:
            return (ControlProtocol.listReply(states: controlStatuses, tag: request.tag), false)
        case .get(let id):
            guard let s = status(id) else { return (unknown(id), false) }
            return (ControlProtocol.getReply(s, tag: request.tag), false)
        case .set(let id, let target, let runActions):
            guard let s = status(id) else { return (unknown(id), false) }
            // A disabled switch is disabled for people at the panel and for scripts alike.
            guard s.enabled else { return (ControlProtocol.errorReply(.disabled(id, tag: request.tag)), false) }
            let wanted = target.resolved(current: s.isOn)
            let change = set(id, isOn: wanted, runActions: runActions, now: now)
            let final = controller.states[id] ?? wanted
            return (
                ControlProtocol.setReply(
                    id: id, isOn: final, changed: change != nil, actionsRun: runActions && change != nil,
                    tag: request.tag), false
            )
        case .subscribe:
            return (ControlProtocol.subscribeReply(states: controlStatuses, tag: request.tag), true)
        }
    }
}
