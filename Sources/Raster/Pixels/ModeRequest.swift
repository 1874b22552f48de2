// Here, beside the pixel format and the rotation a display is driven with, so that DRM (which
// chooses the mode) needs nothing of ConfigFormat, which parses it
// (ConfigFormat/ModeRequest+Parsing.swift: the one parser of `WIDTHxHEIGHT[@HZ]`).

/// A display mode as board configs and the command line name it: `WIDTHxHEIGHT` or
/// `WIDTHxHEIGHT@HZ` (`800x480`, `1920x1080@60`, `1920x1080@59.94`).
///
/// The one parser of that text is ConfigFormat's `ModeRequest(parsing:path:)`: the board config
/// (`display.mode`), `display-probe --mode`, and through them the DRM display's choice of mode all
/// read it there.
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

    /// As a config writes it: `800x480`, `1920x1080@60`, `1920x1080@59.94`.
    public var description: String {
        guard let refresh else { return "\(width)x\(height)" }
        // Hz as ConfigFormat's `configText` writes a number: a whole one without ".0".
        let hz = refresh == refresh.rounded() && abs(refresh) < 1e15 ? String(Int64(refresh)) : "\(refresh)"
        return "\(width)x\(height)@\(hz)"
    }
}
