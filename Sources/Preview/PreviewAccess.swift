/// What a request may do with the preview.
public enum PreviewGrant: Int, Comparable, Sendable {
    /// Nothing: no token, or a wrong one.
    case none
    /// See the panel, its states and the event log.
    case view
    /// Also touch it.
    case touch

    public static func < (a: PreviewGrant, b: PreviewGrant) -> Bool { a.rawValue < b.rawValue }
}

/// Who may see and touch the preview. On a loopback address everyone on this machine may (like
/// the control socket's owner); anything else needs a token printed at start, in the URL, and
/// only the touch token lets the page touch the panel — a wall panel shown to a whole network
/// must not be switchable by whoever finds the port.
public struct PreviewAccess: Sendable {
    /// nil: no token required.
    public let viewToken: String?
    public let touchToken: String?

    /// Everyone may view and touch (loopback).
    public static let open = PreviewAccess(viewToken: nil, touchToken: nil)

    public init(viewToken: String?, touchToken: String?) {
        self.viewToken = viewToken
        self.touchToken = touchToken
    }

    /// Fresh random tokens (128 bits each, from the system's generator: getrandom).
    public static func random() -> PreviewAccess {
        var generator = SystemRandomNumberGenerator()
        return PreviewAccess(viewToken: randomToken(using: &generator), touchToken: randomToken(using: &generator))
    }

    /// The access for `address`: open on loopback, random tokens otherwise.
    public static func `for`(_ address: ListenAddress) -> PreviewAccess {
        address.isLoopback ? .open : .random()
    }

    public var requiresToken: Bool { viewToken != nil || touchToken != nil }

    /// What `token` (nil: none given) allows.
    public func grant(for token: String?) -> PreviewGrant {
        guard requiresToken else { return .touch }
        guard let token else { return .none }
        if let touchToken, Self.constantTimeEqual(token, touchToken) { return .touch }
        if let viewToken, Self.constantTimeEqual(token, viewToken) { return .view }
        return .none
    }

    static func randomToken<G: RandomNumberGenerator>(using generator: inout G) -> String {
        (0..<2).map { _ in
            let hex = String(generator.next() as UInt64, radix: 16)
            return String(repeating: "0", count: 16 - hex.count) + hex
        }.joined()
    }

    /// Compares without returning early, so the time taken says nothing about how much matched.
    static func constantTimeEqual(_ a: String, _ b: String) -> Bool {
        let x = Array(a.utf8)
        let y = Array(b.utf8)
        var difference = UInt8(x.count == y.count ? 0 : 1)
        for i in 0..<max(x.count, y.count) {
            difference |= (i < x.count ? x[i] : 0) ^ (i < y.count ? y[i] : 0)
        }
        return difference == 0
    }
}
