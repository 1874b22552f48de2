/// One message as it came off the wire.
public struct MQTTMessage: Hashable, Sendable {
    public var topic: String
    public var payload: [UInt8]
    /// Sent by the broker from its retained store (at subscription), not published just now.
    public var isRetained: Bool

    public init(topic: String, payload: [UInt8], isRetained: Bool) {
        self.topic = topic
        self.payload = payload
        self.isRetained = isRetained
    }
}

/// What happened on the connection during a call.
public enum MQTTClientEvent: Hashable, Sendable {
    /// The broker accepted the session (CONNACK 0).
    case connected
    /// The broker refused the session (CONNACK ≠ 0), or connecting failed before that.
    case connectFailed(String)
    /// An established or pending connection ended.
    case disconnected(String)
    case message(MQTTMessage)
}
