import CMosquitto
import LinuxIO

/// A libmosquitto call that failed: the call, libmosquitto's code and its words (with the errno
/// for `MOSQ_ERR_ERRNO`).
public struct MQTTError: Error, Hashable, Sendable, CustomStringConvertible {
    public var call: String
    public var code: Int32
    public var message: String

    /// `errno`: the errno of the call that failed, for `MOSQ_ERR_ERRNO` — the calling thread's
    /// now by default, which is right only on the thread that made the call, straight after it.
    public init(call: String, code: Int32, errno: SystemErrno = currentErrno) {
        self.call = call
        self.code = code
        if code == Int32(MOSQ_ERR_ERRNO.rawValue) {
            message = errno.description
        } else if code == Int32(MOSQ_ERR_KEEPALIVE.rawValue) {
            // libmosquitto 2.0.11 has no words for it ("Unknown error.").
            message = "the broker did not answer the keepalive ping"
        } else if let library = libmosquitto.loaded {
            message = library.mosquitto_strerror(code).map { String(cString: $0) } ?? "libmosquitto error \(code)"
        } else {
            message = "libmosquitto error \(code)"
        }
    }

    /// A failure with words of its own (the library could not be loaded).
    public init(call: String, code: Int32, message: String) {
        self.call = call
        self.code = code
        self.message = message
    }

    public var description: String { "\(call): \(message)" }
}
