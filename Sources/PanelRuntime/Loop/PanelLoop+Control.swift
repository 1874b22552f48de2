import Panel

/// What the loop passes on: the session's acknowledged changes and pages to the control
/// socket's subscribers and the services, and the requests the control socket brought, answered
/// by the session between frames.
extension PanelLoop: PanelSessionListener {
    /// A saved change goes to the socket's subscribers (one made by a request after that
    /// request's reply) and to every service, in the order they were added.
    public func sessionAcknowledged(_ change: SwitchChange) {
        tellSubscribers(ControlProtocol.event(id: change.id, isOn: change.isOn, source: change.source))
        for service in services { service.switchChanged(change, now: clock.now) }
    }

    /// The page shown goes the same way: the subscribers, then the services.
    public func sessionShowsPage(_ page: Int, title: String) {
        tellSubscribers(ControlProtocol.pageEvent(page: page, title: title))
        for service in services { service.pageChanged(page, title: title, now: clock.now) }
    }

    /// Sends an event line to the control socket's subscribers; while requests are answered it
    /// waits, so it follows the reply of the request that caused it.
    func tellSubscribers(_ line: String) {
        guard let control else { return }
        if isServing { heldEvents.append(line) } else { control.broadcast(line) }
    }

    /// Answers the requests a client sent; a subscriber is marked before its reply goes out, and
    /// the events a request caused follow its reply.
    func serve(_ control: ControlServer, _ received: [ControlServer.Received], now: Double) {
        guard !received.isEmpty else { return }
        isServing = true
        defer {
            isServing = false
            for line in heldEvents { control.broadcast(line) }
            heldEvents.removeAll()
        }
        // One batch for every client's requests of this turn: consecutive sets are saved once.
        let requests = received.compactMap { try? $0.request.get() }
        var answers = session.answer(requests, screen: self, now: now)[...]
        for (client, request) in received {
            switch request {
            case .failure(let error):
                control.send(ControlProtocol.errorReply(error), to: client)
            case .success(let request):
                let (reply, subscribe) = answers.removeFirst()
                if subscribe, !control.markSubscribed(client) {
                    let refusal = ControlProtocolError.tooManySubscribers(
                        limit: control.maximumSubscribers, tag: request.tag)
                    control.send(ControlProtocol.errorReply(refusal), to: client)
                    continue
                }
                control.send(reply, to: client)
            }
        }
    }
}
