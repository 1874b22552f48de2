/// Where the preview listens: an IP literal and a port (`127.0.0.1:8080`, `[::1]:8080`,
/// `0.0.0.0:0`; port 0 picks a free one). Host names are not resolved — a name could resolve to
/// anything, and whether the address is loopback decides whether a token is required.
public struct ListenAddress: Hashable, Sendable, CustomStringConvertible {
    public var host: String
    public var port: UInt16

    public init(host: String, port: UInt16) {
        self.host = host
        self.port = port
    }

    /// Reads `HOST:PORT` (`[IPv6]:PORT` for IPv6; `localhost` means 127.0.0.1).
    public init(parsing text: String) throws(ListenAddressError) {
        guard let colon = text.lastIndex(of: ":") else { throw .missingPort(text) }
        var host = String(text[..<colon])
        let portText = text[text.index(after: colon)...]
        guard let port = UInt16(portText) else { throw .badPort(text) }
        if host.hasPrefix("[") && host.hasSuffix("]") {
            host = String(host.dropFirst().dropLast())
            guard host.contains(":"), host.allSatisfy({ $0.isHexDigit || $0 == ":" || $0 == "." }) else {
                throw .badHost(text)
            }
        } else if host == "localhost" {
            host = "127.0.0.1"
        } else if Self.ipv4Octets(host) == nil {
            throw .badHost(text)
        }
        self.host = host
        self.port = port
    }

    /// Whether only this machine can reach the address (127.0.0.0/8, ::1): then no token is needed.
    public var isLoopback: Bool {
        if let octets = Self.ipv4Octets(host) { return octets[0] == 127 }
        // IPv6: the last group is 1 and every other one zero or elided ("::1", "0:0:0:0:0:0:0:1").
        let groups = host.split(separator: ":", omittingEmptySubsequences: false)
        guard let last = groups.last, Int(last, radix: 16) == 1 else { return false }
        return groups.dropLast().allSatisfy { $0.isEmpty || Int($0, radix: 16) == 0 }
    }

    /// The address as a URL's authority (IPv6 in brackets).
    public var description: String { host.contains(":") ? "[\(host)]:\(port)" : "\(host):\(port)" }

    /// The four numbers of a dotted-quad IPv4 address, nil for anything else.
    static func ipv4Octets(_ host: String) -> [Int]? {
        let parts = host.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 4 else { return nil }
        var octets: [Int] = []
        for part in parts {
            guard (1...3).contains(part.count), part.allSatisfy(\.isASCII), let n = Int(part), n <= 255 else {
                return nil
            }
            octets.append(n)
        }
        return octets
    }
}

/// Why a listen address was refused.
public enum ListenAddressError: Error, Hashable, CustomStringConvertible {
    case missingPort(String)
    case badPort(String)
    case badHost(String)

    public var description: String {
        switch self {
        case .missingPort(let t): "'\(t)': expected HOST:PORT (for example 127.0.0.1:8080)"
        case .badPort(let t): "'\(t)': the port must be a number from 0 to 65535"
        case .badHost(let t):
            "'\(t)': the host must be an IP address (127.0.0.1, 0.0.0.0, [::1]) or localhost"
        }
    }
}
