import Raster

extension ModeRequest {
    /// Parses `800x480` or `1920x1080@60` (`59.94` too); errors name `path` (`display.mode`,
    /// `--mode`) and show the text cut short.
    public init(parsing text: String, path: String = "") throws(ConfigError) {
        let shown = JSONValue.string(text).shown
        func digits(_ s: Substring, point: Bool = false) -> Bool {
            !s.isEmpty && s.allSatisfy { ("0"..."9").contains($0) || (point && $0 == ".") }
        }
        let parts = text.split(separator: "@", omittingEmptySubsequences: false)
        let size = parts[0].split(separator: "x", omittingEmptySubsequences: false)
        guard parts.count <= 2, size.count == 2, digits(size[0]), digits(size[1]),
            parts.count == 1 || digits(parts[1], point: true)
        else {
            throw ConfigError(
                path, "\(shown) is not WIDTHxHEIGHT or WIDTHxHEIGHT@HZ (for example 800x480 or 1920x1080@60)")
        }
        // Digits too many for an Int are out of range as well.
        guard let w = Int(size[0]), let h = Int(size[1]), Self.sizeRange.contains(w), Self.sizeRange.contains(h)
        else {
            let range = "\(Self.sizeRange.lowerBound)…\(Self.sizeRange.upperBound)"
            throw ConfigError(path, "\(shown): the width and height must be \(range) pixels each")
        }
        var refresh: Double?
        if parts.count == 2 {
            guard let hz = Double(parts[1]), Self.refreshRange.contains(hz) else {
                let range = "\(Self.refreshRange.lowerBound.configText)…\(Self.refreshRange.upperBound.configText)"
                throw ConfigError(path, "\(shown): the refresh rate must be \(range) Hz")
            }
            refresh = hz
        }
        self.init(width: w, height: h, refresh: refresh)
    }
}

extension ConfigNode {
    /// A display mode, `WIDTHxHEIGHT[@HZ]`.
    public func mode() throws(ConfigError) -> ModeRequest {
        try ModeRequest(parsing: try string(), path: path)
    }
}

extension ValueReader where T == ModeRequest {
    /// A display mode, `WIDTHxHEIGHT[@HZ]`.
    public static var mode: Self { Self { n throws(ConfigError) in try n.mode() } }
}
