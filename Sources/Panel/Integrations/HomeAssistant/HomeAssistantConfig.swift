import ConfigFormat

/// The panel on a Home Assistant server's WebSocket API: where the server is, the file holding
/// the long-lived access token (never the token itself), and how long a touch waits for the
/// entity's state to confirm it.
public struct HomeAssistantConfig: Hashable, Sendable {
    /// `https://` (and `wss://`) speak TLS; `http://` (and `ws://`) do not.
    public var usesTLS = false
    public var host = "homeassistant.local"
    public var port = 8123
    /// What the server's paths start with (`""`, or `/ha` behind a reverse proxy); the
    /// WebSocket API is at `<pathPrefix>/api/websocket`.
    public var pathPrefix = ""
    /// A file holding the token (its first line).
    public var tokenFile = ""
    /// The CA that signs the server's certificate; nil: the system's CAs. Only with TLS.
    public var caFile: String?
    /// Seconds a touch waits for the entity's state before the switch goes back.
    public var timeout = 5.0

    public init() {}

    /// The URL the panel connects to, for the log.
    public var webSocketURL: String {
        "\(usesTLS ? "wss" : "ws")://\(host.contains(":") ? "[\(host)]" : host):\(port)\(webSocketPath)"
    }

    public var webSocketPath: String { pathPrefix + "/api/websocket" }
}

extension HomeAssistantConfig {
    /// The config of `switchpanel ha-entities --url U --token-file F`: the same rules as the
    /// board's `homeAssistant` (its errors name the option); `tokenFile` must be absolute.
    public static func read(url: String, tokenFile: String) throws(ConfigError) -> HomeAssistantConfig {
        let node = ConfigNode(value: .object([("url", .string(url)), ("tokenFile", .string(tokenFile))]))
        return try HomeAssistantConfig().reader.read(node)
    }

    var reader: ValueReader<HomeAssistantConfig> {
        ValueReader { node throws(ConfigError) in
            let o = try node.object(allowed: ["url", "tokenFile", "tls", "timeout"])
            var c = HomeAssistantConfig()
            (c.usesTLS, c.host, c.port, c.pathPrefix) = try Self.parseURL(try o.required("url"))
            c.tokenFile = try MQTTConfig.absolutePath(try o.required("tokenFile"))
            if let t = o.optional("tls") {
                let to = try t.object(allowed: ["ca"])
                guard c.usesTLS else { throw ConfigError(t.path, "a CA needs an \"https://\" url") }
                c.caFile = try to.optional("ca").map { (n) throws(ConfigError) in try MQTTConfig.absolutePath(n) }
            }
            c.timeout = try o.value("timeout", else: c.timeout, .number(in: 0.1...600))
            return c
        }
    }

    /// `http[s]://host[:port][/prefix]` (or `ws[s]://`); an IPv6 address in brackets. Without a
    /// port, 80 or 443, as for any URL.
    static func parseURL(_ node: ConfigNode) throws(ConfigError) -> (Bool, String, Int, String) {
        let text = try node.name()
        let example = "e.g. \"http://homeassistant.local:8123\" or \"https://ha.example.net\""
        let parts = text.split(separator: "://", maxSplits: 1, omittingEmptySubsequences: false)
        let schemes = ["http": false, "ws": false, "https": true, "wss": true]
        guard parts.count == 2, let tls = schemes[String(parts[0])] else {
            throw ConfigError(node.path, "\(node.value.shown): expected http:// or https:// (\(example))")
        }
        var rest = parts[1]
        var prefix = ""
        if let slash = rest.firstIndex(of: "/") {
            prefix = String(rest[slash...])
            rest = rest[..<slash]
            while prefix.hasSuffix("/") { prefix.removeLast() }
            if prefix.hasSuffix("/api/websocket") { prefix.removeLast("/api/websocket".count) }
            guard
                prefix.unicodeScalars.allSatisfy({
                    $0.isASCII
                        && ($0.properties.isAlphabetic || ("0"..."9").contains($0)
                            || "/-_.~".unicodeScalars.contains($0))
                })
            else {
                throw ConfigError(
                    node.path, "\(node.value.shown): the path may hold letters, digits, '/', '-', '_', '.', '~'")
            }
        }
        let (host, portText) = try splitHostAndPort(rest, in: node, bracketed: "http://[fd00::1]:8123")
        guard !host.isEmpty, !host.contains("@"), !host.contains(" "), !host.contains("?"), !host.contains("#") else {
            throw ConfigError(node.path, "\(node.value.shown): no host name (\(example))")
        }
        var port = tls ? 443 : 80
        if let portText {
            guard let p = Int(portText), (1...65535).contains(p) else {
                throw ConfigError(node.path, "\(node.value.shown): the port must be a number from 1 to 65535")
            }
            port = p
        }
        return (tls, String(host), port, prefix)
    }
}

/// A switch bound to a Home Assistant entity: the switch shows the entity's state, and a touch
/// calls `<domain>.turn_on` or `turn_off` on it.
public struct HomeAssistantEntity: Hashable, Sendable {
    /// The entity domains with an on/off state and `turn_on`/`turn_off` services.
    public enum Domain: String, Hashable, Sendable, CaseIterable {
        case light, `switch`, fan, input_boolean, automation, siren, humidifier, media_player, remote

        /// Whether Home Assistant's state string means on; nil: it is neither on nor off
        /// (`unavailable`, `unknown`, or a state the domain does not have).
        public func isOn(_ state: String) -> Bool? {
            switch (self, state) {
            case (_, "on"): true
            case (_, "off"): false
            // A media player is on in any of its working states, off when off or in standby.
            case (.media_player, "standby"): false
            case (.media_player, "playing"), (.media_player, "paused"), (.media_player, "idle"),
                (.media_player, "buffering"):
                true
            default: nil
            }
        }
    }

    /// `light.kitchen`.
    public var id: String
    public var domain: Domain

    public init(id: String, domain: Domain) {
        self.id = id
        self.domain = domain
    }

    /// The most characters of an entity id the config takes (Home Assistant's own limit is 255).
    public static let maximumLength = 255

    static func read(_ node: ConfigNode) throws(ConfigError) -> HomeAssistantEntity {
        let id = try node.string(maximumLength: maximumLength)
        let allowed = Domain.allCases.map(\.rawValue).joined(separator: ", ")
        let parts = id.split(separator: ".", maxSplits: 1, omittingEmptySubsequences: false)
        guard parts.count == 2, isSlug(parts[0]), isSlug(parts[1]) else {
            throw ConfigError(
                node.path,
                "\(node.value.shown): an entity id is <domain>.<name> in lower-case letters, digits and '_' "
                    + "(\"light.kitchen\")")
        }
        guard let domain = Domain(rawValue: String(parts[0])) else {
            throw ConfigError(
                node.path, "\(node.value.shown): the \(parts[0]) domain has no on/off state (one of: \(allowed))")
        }
        return HomeAssistantEntity(id: id, domain: domain)
    }

    /// Home Assistant's own rule: lower-case ASCII letters, digits and single '_', none at the ends.
    static func isSlug(_ s: Substring) -> Bool {
        !s.isEmpty && !s.hasPrefix("_") && !s.hasSuffix("_") && !s.contains("__")
            && s.unicodeScalars.allSatisfy { ("a"..."z").contains($0) || ("0"..."9").contains($0) || $0 == "_" }
    }
}
