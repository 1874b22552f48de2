import ConfigFormat

/// The host and port of a URL's authority (`host`, `host:port`, `[v6]`, `[v6]:port`), as the
/// broker's and Home Assistant's URLs are read: one reading of brackets and colons, with the
/// same errors for both. `bracketed` is the example an unbracketed IPv6 address is pointed to.
func splitHostAndPort(_ rest: Substring, in node: ConfigNode, bracketed: String) throws(ConfigError) -> (
    host: Substring, port: Substring?
) {
    if rest.hasPrefix("[") {
        guard let close = rest.firstIndex(of: "]") else {
            throw ConfigError(node.path, "\(node.value.shown): an IPv6 address needs its closing ']'")
        }
        let host = rest[rest.index(after: rest.startIndex)..<close]
        let after = rest[rest.index(after: close)...]
        guard !after.isEmpty else { return (host, nil) }
        guard after.hasPrefix(":") else { throw ConfigError(node.path, "\(node.value.shown): expected :port") }
        return (host, after.dropFirst())
    }
    if rest.filter({ $0 == ":" }).count > 1 {
        throw ConfigError(node.path, "\(node.value.shown): an IPv6 address goes in brackets (\(bracketed))")
    }
    if let colon = rest.lastIndex(of: ":") { return (rest[..<colon], rest[rest.index(after: colon)...]) }
    return (rest, nil)
}
