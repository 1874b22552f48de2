/// A display mode as board configs and the command line name it: `WIDTHxHEIGHT` or
/// `WIDTHxHEIGHT@HZ` (`800x480`, `1920x1080@60`, `1920x1080@59.94`).
///
/// The one parser of that text: the board config (`display.mode`), `display-probe --mode`, and
/// through them the DRM display's choice of mode all read it here.
public struct ModeRequest: Hashable, Sendable, CustomStringConvertible {
    /// Widths and heights in pixels. 4096 takes every screen a panel board drives, up to DCI 4K
    /// (4096×2160) either way round; the panel is painted in software, and a larger picture
    /// costs more than a frame may (a 16384×16384 panel took 42 s to render).
    public static let sizeRange = 16...4096
    /// Refresh rates in Hz.
    public static let refreshRange = 1.0...1000.0

    public var width: Int
    public var height: Int
    /// Hz; nil: any refresh of that size.
    public var refresh: Double?

    public init(width: Int, height: Int, refresh: Double? = nil) {
        self.width = width
        self.height = height
        self.refresh = refresh
    }

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

    /// As a config writes it: `800x480`, `1920x1080@60`, `1920x1080@59.94`.
    public var description: String {
        "\(width)x\(height)" + (refresh.map { "@\($0.configText)" } ?? "")
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
