import ConfigFormat

/// The panel on an MQTT broker: where the broker is, who the panel is there, and whether Home
/// Assistant should discover its switches. Never a password: that is read from `passwordFile`.
public struct MQTTConfig: Hashable, Sendable {
    public enum Scheme: String, Hashable, Sendable {
        case mqtt, mqtts
        var defaultPort: Int { self == .mqtt ? 1883 : 8883 }
    }

    public var scheme = Scheme.mqtt
    public var host = "localhost"
    public var port = 1883
    /// This panel's name on the broker (topic-safe); nil: the host name, made topic-safe.
    public var node: String?
    public var username: String?
    /// A file holding the password (its first line); never the password itself.
    public var passwordFile: String?
    /// TLS files; only with `mqtts://`. A nil CA uses the system's CAs.
    public var caFile: String?
    public var certificateFile: String?
    public var keyFile: String?
    /// The client id; nil: `switchpanel-<node>`.
    public var clientID: String?
    /// The panel's own topics; nil: `switchpanel/<node>`.
    public var baseTopic: String?
    /// Seconds between pings when nothing else is sent.
    public var keepalive = 30
    public var discovery = true
    public var discoveryPrefix = "homeassistant"

    public init() {}

    /// The longest topic the config may name (the MQTT limit is 65535 bytes; a panel needs far less).
    public static let maximumTopicLength = 256
}

extension MQTTConfig {
    var reader: ValueReader<MQTTConfig> {
        ValueReader { node throws(ConfigError) in
            let o = try node.object(allowed: [
                "broker", "node", "username", "passwordFile", "tls", "clientId", "baseTopic", "keepalive",
                "homeAssistant",
            ])
            var c = MQTTConfig()
            let broker = try o.required("broker")
            (c.scheme, c.host, c.port) = try Self.parseBroker(broker)
            if let n = o.optional("node") {
                let name = try n.name()
                guard Self.isTopicSafeName(name) else {
                    throw ConfigError(n.path, "\(n.value.shown): use letters, digits, '-' or '_' (it names topics)")
                }
                c.node = name
            }
            c.username = try o.nullable("username", else: nil, .name)
            if let p = o.optional("passwordFile") { c.passwordFile = try Self.absolutePath(p) }
            if let t = o.optional("tls") {
                let to = try t.object(allowed: ["ca", "cert", "key"])
                guard c.scheme == .mqtts else {
                    throw ConfigError(t.path, "TLS files need a \"mqtts://\" broker")
                }
                c.caFile = try to.optional("ca").map { (n) throws(ConfigError) in try Self.absolutePath(n) }
                c.certificateFile = try to.optional("cert").map { (n) throws(ConfigError) in try Self.absolutePath(n) }
                c.keyFile = try to.optional("key").map { (n) throws(ConfigError) in try Self.absolutePath(n) }
                guard (c.certificateFile == nil) == (c.keyFile == nil) else {
                    throw ConfigError(t.path, "a client certificate needs its key, and a key its certificate")
                }
            }
            if let id = o.optional("clientId") {
                c.clientID = try id.string(maximumLength: 128)
                guard c.clientID?.isEmpty == false else { throw ConfigError(id.path, "must not be empty") }
            }
            if let b = o.optional("baseTopic") { c.baseTopic = try Self.topic(b) }
            // From 5 s (a ping every few seconds is plenty) to 18 hours (MQTT's own limit).
            c.keepalive = try o.value("keepalive", else: c.keepalive, .integer(in: 5...65535))
            if let ha = o.optional("homeAssistant") {
                let hao = try ha.object(allowed: ["discovery", "prefix"])
                c.discovery = try hao.value("discovery", else: c.discovery, .bool)
                if let p = hao.optional("prefix") { c.discoveryPrefix = try Self.topic(p) }
            }
            return c
        }
    }

    /// `mqtt://host[:port]` or `mqtts://host[:port]` (an IPv6 address in brackets).
    static func parseBroker(_ node: ConfigNode) throws(ConfigError) -> (Scheme, String, Int) {
        let text = try node.name()
        let example = "e.g. \"mqtt://broker.local:1883\" or \"mqtts://broker.local:8883\""
        let parts = text.split(separator: "://", maxSplits: 1, omittingEmptySubsequences: false)
        guard parts.count == 2, let scheme = Scheme(rawValue: String(parts[0])) else {
            throw ConfigError(node.path, "\(node.value.shown): expected mqtt:// or mqtts:// (\(example))")
        }
        var rest = parts[1]
        if rest.hasSuffix("/") { rest.removeLast() }
        let (host, portText) = try splitHostAndPort(rest, in: node, bracketed: "mqtt://[fd00::1]:1883")
        guard !host.isEmpty, !host.contains("/"), !host.contains("@"), !host.contains(" ") else {
            throw ConfigError(node.path, "\(node.value.shown): no host name (\(example))")
        }
        var port = scheme.defaultPort
        if let portText {
            guard let p = Int(portText), (1...65535).contains(p) else {
                throw ConfigError(node.path, "\(node.value.shown): the port must be a number from 1 to 65535")
            }
            port = p
        }
        return (scheme, String(host), port)
    }

    static func absolutePath(_ node: ConfigNode) throws(ConfigError) -> String {
        let path = try node.name()
        guard path.hasPrefix("/") else { throw ConfigError(node.path, "\(node.value.shown) must be an absolute path") }
        return path
    }

    /// A topic the config names: no wildcards, no empty levels at the ends, not `$`-prefixed.
    static func topic(_ node: ConfigNode) throws(ConfigError) -> String {
        let t = try node.string(maximumLength: maximumTopicLength)
        guard !t.isEmpty, !t.hasPrefix("/"), !t.hasSuffix("/"), !t.hasPrefix("$") else {
            throw ConfigError(
                node.path, "\(node.value.shown): a topic must not be empty, start with '$' or '/', or end with '/'")
        }
        guard !t.contains("+"), !t.contains("#"), !t.unicodeScalars.contains(where: { $0.value == 0 }) else {
            throw ConfigError(
                node.path, "\(node.value.shown): a topic the panel publishes to must not contain '+' or '#'")
        }
        return t
    }

    static func isTopicSafeName(_ s: String) -> Bool {
        !s.isEmpty
            && s.unicodeScalars.allSatisfy {
                $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0) || $0 == "-" || $0 == "_")
            }
    }

    /// With discovery, each switch's entity id is `switch.<node>_<id>` made into a slug, so two
    /// ids that differ only in case or punctuation (`Porch-Light`, `porch_light`) would claim
    /// the same one, and which entity Home Assistant renames (`_2`) would depend on the order it
    /// hears them in: refused, naming both.
    static func checkEntityIDs(_ switches: [SwitchConfig]) throws(ConfigError) {
        var seen: [String: SwitchConfig] = [:]
        for sw in switches {
            let key = slug(sw.id, separator: "_", else: "")
            if let first = seen[key] {
                throw ConfigError(
                    sw.path + ".id",
                    "\"\(sw.id)\": Home Assistant would give it the entity id of \"\(first.id)\" (\(first.path)), "
                        + "switch.<node>_\(key) (rename one, or set mqtt.homeAssistant.discovery to false)")
            }
            seen[key] = sw
        }
    }

    /// A host name made into a node name: letters, digits and '_' kept (lower-cased), any other
    /// run a single '-'; never empty.
    public static func nodeName(fromHostName hostName: String) -> String {
        String(slug(hostName, keeping: "_", separator: "-", else: "panel").prefix(64))
    }

    /// `text` lower-cased with ASCII letters, digits and `keeping` kept and every other run of
    /// characters one `separator`, none at the ends; `fallback` when nothing is left. Names
    /// made for topics (a node) and for Home Assistant (an entity id) both come from here.
    static func slug(_ text: String, keeping: Unicode.Scalar? = nil, separator: Character, else fallback: String)
        -> String
    {
        var out = ""
        for scalar in text.lowercased().unicodeScalars {
            if scalar.isASCII, scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) || scalar == keeping {
                out.unicodeScalars.append(scalar)
            } else if !out.isEmpty, out.last != separator {
                out.append(separator)
            }
        }
        if out.last == separator { out.removeLast() }
        return out.isEmpty ? fallback : out
    }
}

/// A switch bound to a device on the broker (Zigbee2MQTT, Tasmota, ESPHome): a touch publishes
/// the command; with a state topic the switch mirrors the device.
public struct MQTTBinding: Hashable, Sendable {
    /// Where a change is published (`zigbee2mqtt/porch/set`, `cmnd/plug/POWER`); nil: the
    /// switch only mirrors.
    public var commandTopic: String?
    /// Where the device reports its state; nil: the switch does not mirror.
    public var stateTopic: String?
    public var payloadOn = "ON"
    public var payloadOff = "OFF"
    /// The state payloads (default: the command payloads).
    public var stateOn = "ON"
    public var stateOff = "OFF"
    /// A state payload is a JSON object and this field holds the state (Zigbee2MQTT's `state`).
    public var stateField: String?
    /// Seconds a touch waits for the device's state before the switch goes back.
    public var timeout = 5.0

    public init() {}
}

extension MQTTBinding {
    static func read(_ node: ConfigNode) throws(ConfigError) -> MQTTBinding {
        let o = try node.object(allowed: [
            "commandTopic", "stateTopic", "payloadOn", "payloadOff", "stateOn", "stateOff", "stateField", "timeout",
        ])
        var b = MQTTBinding()
        if let t = o.optional("commandTopic") { b.commandTopic = try MQTTConfig.topic(t) }
        if let t = o.optional("stateTopic") { b.stateTopic = try MQTTConfig.topic(t) }
        guard b.commandTopic != nil || b.stateTopic != nil else {
            throw ConfigError(node.path, "needs \"commandTopic\", \"stateTopic\" or both")
        }
        b.payloadOn = try o.value("payloadOn", else: b.payloadOn, .text)
        b.payloadOff = try o.value("payloadOff", else: b.payloadOff, .text)
        b.stateOn = try o.value("stateOn", else: b.payloadOn, .text)
        b.stateOff = try o.value("stateOff", else: b.payloadOff, .text)
        guard b.stateOn != b.stateOff else {
            throw ConfigError(o.optional("stateOff")?.path ?? node.path, "the on and off states must differ")
        }
        b.stateField = try o.nullable("stateField", else: nil, .name)
        b.timeout = try o.value("timeout", else: b.timeout, .number(in: 0.1...600))
        return b
    }
}
