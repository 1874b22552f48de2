/// How to reach a broker and who to be there.
public struct MQTTConnection: Hashable, Sendable {
    public var host: String
    public var port: Int
    public var clientID: String
    /// Seconds between keepalive pings when nothing else is sent.
    public var keepalive: Int
    public var username: String?
    public var password: String?
    /// The Last Will: published (retained) by the broker when the connection is lost uncleanly.
    public var will: (topic: String, payload: String)? {
        get { willTopic.map { ($0, willPayload) } }
        set {
            willTopic = newValue?.topic
            willPayload = newValue?.payload ?? ""
        }
    }
    private var willTopic: String?
    private var willPayload = ""
    /// TLS: the CA file that signs the broker's certificate (nil: the system's CAs), and an
    /// optional client certificate and key.
    public var tls: TLS?

    public struct TLS: Hashable, Sendable {
        public var caFile: String?
        public var certificateFile: String?
        public var keyFile: String?

        public init(caFile: String? = nil, certificateFile: String? = nil, keyFile: String? = nil) {
            self.caFile = caFile
            self.certificateFile = certificateFile
            self.keyFile = keyFile
        }
    }

    public init(host: String, port: Int, clientID: String, keepalive: Int) {
        self.host = host
        self.port = port
        self.clientID = clientID
        self.keepalive = keepalive
    }
}
