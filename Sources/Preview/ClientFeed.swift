import Raster

/// A value change as the page's event log shows it.
public struct PreviewLogEntry: Codable, Hashable, Sendable {
    /// Seconds since the preview started.
    public var time: Double
    public var id: String
    public var on: Bool
    /// What made the change (`touch`, `socket`, `revert`, …).
    public var source: String
    /// The actions the change runs, or would run.
    public var actions: [String]
    /// Whether they were run (`--actions`) or only shown.
    public var ran: Bool

    public init(time: Double, id: String, on: Bool, source: String, actions: [String], ran: Bool) {
        self.time = time
        self.id = id
        self.on = on
        self.source = source
        self.actions = actions
        self.ran = ran
    }
}

/// The next thing to send one page.
public enum PreviewUpdate: Hashable, Sendable {
    /// Who the page is and how big the screen is: first, once.
    case hello
    /// Pixels: these physical rectangles of the screen as it is now (the whole screen when `full`).
    case frame(rects: [IntRect], full: Bool)
    /// The config error shown over the panel (or that there is none any more).
    case error
    /// Every switch's state.
    case state
    /// Value changes since the last log sent; `dropped` older ones did not fit the queue.
    case log([PreviewLogEntry], dropped: Int)
}

/// What one page has yet to be sent — kept bounded whatever the page does, so a browser that
/// stops reading costs a few hundred bytes, never a queue of frames: damage is merged into at
/// most ``damageLimit`` rectangles (and a full frame swallows it), states and errors are flags
/// (sent as they are when the page can take them), and the event log keeps its newest
/// ``logLimit`` entries. Pixels are read when the page can take them, so a slow page always
/// gets the latest picture.
public struct ClientFeed: Sendable {
    public static let logLimit = 64
    public static let damageLimit = 8

    public private(set) var helloPending = true
    public private(set) var fullFramePending = true
    public private(set) var damage = DamageRegion(limit: ClientFeed.damageLimit)
    public private(set) var statePending = true
    /// A page starts knowing of no error: one is sent only if there is one to show.
    public private(set) var errorPending = false
    public private(set) var log: [PreviewLogEntry] = []
    public private(set) var droppedLog = 0

    public init() {}

    public var hasPending: Bool {
        helloPending || fullFramePending || !damage.isEmpty || statePending || errorPending || !log.isEmpty
    }

    /// Physical rectangles a presented frame repainted.
    public mutating func addDamage(_ rects: [IntRect]) {
        guard !fullFramePending else { return }
        for rect in rects where !rect.isEmpty { damage.add(rect) }
    }

    /// The whole screen is to be sent again (the config was reloaded, the page reconnected).
    public mutating func requestFullFrame() {
        fullFramePending = true
        damage.removeAll()
    }

    public mutating func stateChanged() { statePending = true }
    public mutating func errorChanged() { errorPending = true }

    public mutating func append(_ entry: PreviewLogEntry) {
        log.append(entry)
        if log.count > Self.logLimit {
            droppedLog += log.count - Self.logLimit
            log.removeFirst(log.count - Self.logLimit)
        }
    }

    /// Takes the next update, in the order a page needs them: who it is, the picture (whole,
    /// then changes), the error over it, the states, the log.
    public mutating func next(screen: IntRect) -> PreviewUpdate? {
        if helloPending {
            helloPending = false
            return .hello
        }
        if fullFramePending {
            fullFramePending = false
            damage.removeAll()
            return .frame(rects: [screen], full: true)
        }
        if !damage.isEmpty {
            let rects = damage.rects.map { $0.intersection(screen) }.filter { !$0.isEmpty }
            damage.removeAll()
            if !rects.isEmpty { return .frame(rects: rects, full: false) }
        }
        if errorPending {
            errorPending = false
            return .error
        }
        if statePending {
            statePending = false
            return .state
        }
        if !log.isEmpty {
            defer {
                log.removeAll()
                droppedLog = 0
            }
            return .log(log, dropped: droppedLog)
        }
        return nil
    }
}
