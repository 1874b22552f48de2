import LinuxIO

/// Every connection the HTTP server holds, what it is doing and since when, and which of them
/// to close so that a newcomer is served (issue 25: 500 event streams nobody read, or 300
/// half-sent requests, held every slot and a fresh GET never got one).
///
/// The rule: a slot is only worth keeping from someone while nobody else wants it. When every
/// slot is taken and a connection waits to be accepted, the oldest connection that is not in
/// the middle of being answered is closed for it — first those still waiting for their request
/// (a browser's idle keep-alive, a half-sent header: cheap to open again, and a real client
/// sends its request in one packet), then event streams (a page reconnects on its own). The
/// newcomer is the newest, so it is closed last, after every connection that came before it.
/// Why not a cap per client address alone: on loopback, and behind a proxy or a NAT, the
/// attacker and the newcomer have the same address, and a cap would refuse the newcomer too.
///
/// Besides, a request must arrive whole within ``requestDeadline`` of its connection's accept
/// (or its previous answer): a trickle of header bytes that keeps MHD's inactivity timeout
/// from ever firing does not hold a slot for long even when nobody else wants it.
struct ConnectionTable {
    enum Activity: Equatable {
        /// Accepted or answered, and its (next) request is not all in yet.
        case awaitingRequest
        /// A request is being answered.
        case answering
        /// An event stream is open on it.
        case streaming
    }

    struct Entry {
        var socket: ForeignSocket
        var activity: Activity
        /// When it began doing what it does.
        var since: Double
        /// Closed by us (shut down), waiting for MHD to notice.
        var shed = false
    }

    /// How long a connection may take to send a whole request.
    static let requestDeadline = 10.0

    private(set) var entries: [OpaquePointer: Entry] = [:]

    var count: Int { entries.count }

    mutating func opened(_ connection: OpaquePointer, socket: ForeignSocket, now: Double) {
        entries[connection] = Entry(socket: socket, activity: .awaitingRequest, since: now)
    }

    mutating func closed(_ connection: OpaquePointer) { entries[connection] = nil }

    /// `connection` is now doing `activity` (a request came in, an answer ended, a stream opened).
    mutating func set(_ connection: OpaquePointer, _ activity: Activity, now: Double) {
        guard entries[connection]?.activity != activity else { return }
        entries[connection]?.activity = activity
        entries[connection]?.since = now
    }

    /// Marks `connection` shed and returns its socket, to be shut down.
    mutating func shed(_ connection: OpaquePointer) -> ForeignSocket? {
        entries[connection]?.shed = true
        return entries[connection]?.socket
    }

    /// The connection to close so that a newcomer gets a slot (nil: every one is being answered).
    var victim: OpaquePointer? {
        let candidates = entries.filter { !$0.value.shed && $0.value.activity != .answering }
        return candidates.min { a, b in
            let (x, y) = (a.value, b.value)
            if (x.activity == .awaitingRequest) != (y.activity == .awaitingRequest) {
                return x.activity == .awaitingRequest
            }
            return x.since < y.since
        }?.key
    }

    /// Connections whose request did not come whole within ``requestDeadline``.
    func overdue(now: Double) -> [OpaquePointer] {
        entries.filter { !$0.value.shed && $0.value.activity == .awaitingRequest && now >= deadline(of: $0.value) }
            .map(\.key)
    }

    /// When the next connection becomes overdue (nil: none waits for a request).
    var nextDeadline: Double? {
        entries.values.filter { !$0.shed && $0.activity == .awaitingRequest }.map(deadline(of:)).min()
    }

    private func deadline(of entry: Entry) -> Double { entry.since + Self.requestDeadline }
}
