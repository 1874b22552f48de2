import ConfigFormat
import LinuxIO
import Panel
import WebSocket

/// What `switchpanel ha-entities` prints: the entities of a Home Assistant server that a switch
/// can be bound to (the domains `HomeAssistantEntity.Domain` allows), with their states and
/// friendly names, read once over the WebSocket API (`auth`, then `get_states`) by the same
/// client the panel uses. Outside the panel's loop: a tool waits for its answer.
public enum HomeAssistantEntityList {
    /// One bindable entity as Home Assistant has it now.
    public struct Entity: Hashable, Sendable {
        public var id: String
        public var state: String
        /// Its friendly_name; empty when it has none.
        public var name: String

        public init(id: String, state: String, name: String) {
            self.id = id
            self.state = state
            self.name = name
        }
    }

    /// Why the list could not be read: said in one line.
    public struct Failure: Error, CustomStringConvertible {
        public var description: String
    }

    /// The server and token file of the command line: the board's rules (a relative token file
    /// is taken from the current directory).
    public static func config(url: String, tokenFile: String) throws(ConfigError) -> HomeAssistantConfig {
        var file = tokenFile
        if !file.hasPrefix("/"), let directory = currentDirectory() { file = directory + "/" + file }
        return try HomeAssistantConfig.read(url: url, tokenFile: file)
    }

    /// Signs in to `config`'s server with the token in its token file and reads every state;
    /// the bindable entities, sorted by id. Fails after `timeout` seconds without an answer.
    public static func fetch(_ config: HomeAssistantConfig, timeout: Double = 15) throws(Failure) -> [Entity] {
        let token: String
        switch readHomeAssistantToken(config.tokenFile) {
        case .success(let t): token = t
        case .failure(let why): throw Failure(description: "--token-file: \(why.reason)")
        }
        let endpoint = WebSocketEndpoint(
            host: config.host, port: config.port, path: config.webSocketPath, usesTLS: config.usesTLS,
            caFile: config.caFile)
        let client: WebSocketClient<JSONValue?>
        do {
            // get_states is the whole house in one message: allowed up to 64 MiB here.
            client = try WebSocketClient(endpoint: endpoint, maximumMessage: 64 << 20) { try? JSONParser.parse($0) }
        } catch {
            throw Failure(description: "\(error)")
        }
        defer { client.stop() }
        client.connect()
        let url = config.webSocketURL
        let giveUp = monotonicNow() + timeout
        while true {
            let left = giveUp - monotonicNow()
            guard left > 0 else { throw Failure(description: "\(url): no answer within \(Int(timeout)) s") }
            _ = try? waitForReadable([client.pollInterest.handle], timeout: left)
            for event in client.takeEvents() {
                switch event {
                case .opened, .binary:
                    continue
                case .oversized(let bytes):
                    throw Failure(description: "\(url): an answer of more than \(bytes >> 20) MiB")
                case .closed(let reason):
                    throw Failure(description: "\(url): \(reason)")
                case .message(let value):
                    guard let value, case .string(let type)? = value["type"] else { continue }
                    switch type {
                    case "auth_required":
                        client.send(HomeAssistantBridge.authMessage(token: token))
                    case "auth_invalid":
                        var words = "refused"
                        if case .string(let m)? = value["message"] { words = ConfigError.excerpt(m) }
                        throw Failure(description: "\(url) refused the token in \(config.tokenFile): \(words)")
                    case "auth_ok":
                        client.send(#"{"id":1,"type":"get_states"}"#)
                    case "result" where value["id"] == .number(1):
                        guard value["success"] == .bool(true), case .array(let states)? = value["result"] else {
                            var why = "refused"
                            if case .string(let m)? = value["error"]?["message"] { why = ConfigError.excerpt(m) }
                            throw Failure(description: "\(url): get_states: \(why)")
                        }
                        return bindable(states)
                    default:
                        continue
                    }
                }
            }
        }
    }

    /// The entities of `get_states`' answer in the domains a switch can bind, sorted by id.
    static func bindable(_ states: [JSONValue]) -> [Entity] {
        states.compactMap { state -> Entity? in
            guard case .string(let id)? = state["entity_id"], case .string(let value)? = state["state"],
                let domain = id.split(separator: ".").first,
                HomeAssistantEntity.Domain(rawValue: String(domain)) != nil
            else { return nil }
            var name = ""
            if case .string(let n)? = state["attributes"]?["friendly_name"] { name = n }
            return Entity(id: id, state: value, name: name)
        }.sorted { $0.id < $1.id }
    }

    /// A table: entity, state, friendly name, one entity a line, under a heading.
    public static func table(_ entities: [Entity]) -> String {
        let idWidth = max("ENTITY".count, entities.map(\.id.count).max() ?? 0)
        let stateWidth = max("STATE".count, entities.map(\.state.count).max() ?? 0)
        func row(_ a: String, _ b: String, _ c: String) -> String {
            a.padding(idWidth) + "  " + b.padding(stateWidth) + "  " + c
        }
        return ([row("ENTITY", "STATE", "NAME")] + entities.map { row($0.id, $0.state, $0.name) })
            .map { $0.trimmingTrailingSpaces }.joined(separator: "\n")
    }

    /// One switch of a board per entity, ready to paste into `switches` (no label: the switch
    /// shows the entity's friendly name). Its id is the entity's object id, or the whole id with
    /// `_` for `.` where two domains share one.
    public static func switches(_ entities: [Entity]) -> String {
        var counts: [Substring: Int] = [:]
        for e in entities { counts[objectID(e.id), default: 0] += 1 }
        return entities.map { e in
            let id = counts[objectID(e.id)]! > 1 ? e.id.replacingDots : String(objectID(e.id))
            return JSONValue.object([("id", .string(id)), ("entity", .string(e.id))]).text + ","
        }.joined(separator: "\n")
    }

    static func objectID(_ id: String) -> Substring { id.split(separator: ".", maxSplits: 1).last ?? Substring(id) }
}

extension String {
    fileprivate func padding(_ width: Int) -> String { self + String(repeating: " ", count: max(0, width - count)) }
    fileprivate var trimmingTrailingSpaces: String {
        var s = self
        while s.hasSuffix(" ") { s.removeLast() }
        return s
    }
    fileprivate var replacingDots: String { String(map { $0 == "." ? "_" : $0 }) }
}
