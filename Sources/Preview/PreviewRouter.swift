import FoundationEssentials

/// An HTTP request as the server edge hands it over: parsed by the HTTP library, never by us.
public struct PreviewRequest: Sendable {
    public var method: String
    public var path: String
    /// The URL's query arguments (`token`, `client`).
    public var query: [String: String]
    /// The body, up to ``PreviewRouter/bodyLimit`` bytes.
    public var body: [UInt8]
    /// The body was longer than the limit (the rest was read and thrown away).
    public var bodyTooLarge: Bool

    public init(
        method: String, path: String, query: [String: String] = [:], body: [UInt8] = [], bodyTooLarge: Bool = false
    ) {
        self.method = method
        self.path = path
        self.query = query
        self.body = body
        self.bodyTooLarge = bodyTooLarge
    }
}

/// What to do with a request.
public enum PreviewResponse: Hashable, Sendable {
    /// Answer at once (the page, or an error with its reason as plain text).
    case content(status: Int, type: String, body: [UInt8], allow: String? = nil)
    /// Open the page's event stream (Server-Sent Events).
    case events(grant: PreviewGrant)
    /// Touch the panel with page `client`'s pointer events, then answer 204.
    case input(client: Int, events: [PointerEvent])
    /// The server's figures as JSON.
    case stats
    /// What was done in the preview as a scenario file (``ScenarioRecorder``), to download.
    case scenario

    /// A plain-text error.
    static func error(_ status: Int, _ reason: String, allow: String? = nil) -> PreviewResponse {
        .content(status: status, type: "text/plain; charset=utf-8", body: Array((reason + "\n").utf8), allow: allow)
    }
}

/// The preview's few routes, pure: which request gets what, and who may. Nothing here touches
/// the panel; an ``PreviewResponse/input(client:events:)`` is applied by the server only after
/// every check passed, so a refused request changes nothing.
///
/// - `GET /`: the page (``PreviewPage``), its scripts inside it.
/// - `GET /events`: the page's event stream.
/// - `POST /input?client=N`: a JSON array of ``PointerEvent``s (touch grant needed).
/// - `GET /stats`: frame times and bytes sent, for the tests and the curious.
/// - `GET /scenario.json`: what was done since the panel (re)loaded, as a scenario file for
///   `switchpanel test` (viewing suffices: it shows what the page shows).
///
/// The token comes as `?token=` on every URL (the page passes on its own).
public struct PreviewRouter: Sendable {
    public var access: PreviewAccess
    /// The largest `/input` body taken (a page sends a few events at a time).
    public static let bodyLimit = 16 * 1024
    /// The most pointer events one request may carry.
    public static let eventsPerRequest = 256

    public init(access: PreviewAccess) { self.access = access }

    public func route(_ request: PreviewRequest) -> PreviewResponse {
        let methods: [String: String] = [
            "/": "GET", "/events": "GET", "/input": "POST", "/stats": "GET", "/scenario.json": "GET",
        ]
        guard let allowed = methods[request.path] else { return .error(404, "not found: \(request.path.prefix(64))") }
        let method = request.method == "HEAD" ? "GET" : request.method
        guard method == allowed else {
            return .error(405, "\(request.path) takes \(allowed) only", allow: allowed == "GET" ? "GET, HEAD" : allowed)
        }
        let grant = access.grant(for: request.query["token"])
        guard grant >= .view else {
            return request.query["token"] == nil
                ? .error(401, "this preview needs the token printed at its start: open the URL it printed")
                : .error(403, "wrong token")
        }
        switch request.path {
        case "/": return .content(status: 200, type: "text/html; charset=utf-8", body: Array(PreviewPage.html.utf8))
        case "/events": return .events(grant: grant)
        case "/stats": return .stats
        case "/scenario.json": return .scenario
        default: break
        }
        guard grant >= .touch else { return .error(403, "this token may view the panel, not touch it") }
        guard let clientText = request.query["client"], let client = Int(clientText) else {
            return .error(400, "input needs ?client=N (the number the event stream's hello gave)")
        }
        if request.bodyTooLarge { return .error(413, "input body over \(Self.bodyLimit) bytes") }
        do {
            let events = try JSONDecoder().decode([PointerEvent].self, from: Data(request.body))
            guard events.count <= Self.eventsPerRequest else {
                return .error(413, "more than \(Self.eventsPerRequest) events in one request")
            }
            return .input(client: client, events: events)
        } catch {
            return .error(
                400, "input must be a JSON array of {pointer, type: down|move|up|cancel, x, y}: \(Self.reason(error))")
        }
    }

    /// A decoding error in one line, naming where it went wrong.
    static func reason(_ error: Error) -> String {
        switch error {
        case DecodingError.dataCorrupted(let c), DecodingError.typeMismatch(_, let c),
            DecodingError.valueNotFound(_, let c),
            DecodingError.keyNotFound(_, let c):
            let path = c.codingPath.map { $0.intValue.map { "[\($0)]" } ?? ".\($0.stringValue)" }.joined()
            return (path.isEmpty ? "" : path + ": ") + c.debugDescription
        default:
            return "\(error)"
        }
    }
}
