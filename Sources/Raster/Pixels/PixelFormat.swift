/// The pixel layouts SwitchPanel can scan out, named and coded as DRM fourcc codes name them
/// (`drm_fourcc.h`): the letters list the channels from the most significant bits of a
/// little-endian word down, so XRGB8888 is bytes B, G, R, X in memory.
public enum PixelFormat: String, CaseIterable, Hashable, Sendable, Codable {
    /// 32 bits, x:R:G:B; the padding byte is written as 0xFF.
    case xrgb8888 = "XRGB8888"
    /// 32 bits, A:R:G:B, premultiplied alpha. The canvas's native format.
    case argb8888 = "ARGB8888"
    /// 32 bits, x:B:G:R.
    case xbgr8888 = "XBGR8888"
    /// 32 bits, A:B:G:R, premultiplied alpha.
    case abgr8888 = "ABGR8888"
    /// 16 bits, R:G:B 5:6:5, common on small SPI and DPI panels.
    case rgb565 = "RGB565"
    /// 16 bits, B:G:R 5:6:5.
    case bgr565 = "BGR565"

    public var bytesPerPixel: Int {
        switch self {
        case .xrgb8888, .argb8888, .xbgr8888, .abgr8888: 4
        case .rgb565, .bgr565: 2
        }
    }

    /// Whether the format stores alpha (the others are opaque on the glass).
    public var hasAlpha: Bool { self == .argb8888 || self == .abgr8888 }

    /// The DRM fourcc code, as `DRM_FORMAT_*` defines it.
    public var fourcc: UInt32 {
        func code(_ s: String) -> UInt32 {
            let b = Array(s.utf8)
            return UInt32(b[0]) | UInt32(b[1]) << 8 | UInt32(b[2]) << 16 | UInt32(b[3]) << 24
        }
        switch self {
        case .xrgb8888: return code("XR24")
        case .argb8888: return code("AR24")
        case .xbgr8888: return code("XB24")
        case .abgr8888: return code("AB24")
        case .rgb565: return code("RG16")
        case .bgr565: return code("BG16")
        }
    }

    /// The format with this fourcc code, if SwitchPanel supports it.
    public init?(fourcc: UInt32) {
        guard let f = PixelFormat.allCases.first(where: { $0.fourcc == fourcc }) else { return nil }
        self = f
    }

    /// Encodes a premultiplied ARGB8888 word in this format (in the low bits of the result).
    /// Formats without alpha show the colour as composited over black, which for a
    /// premultiplied colour is its RGB channels unchanged.
    @inline(__always)
    public func encode(argb p: UInt32) -> UInt32 {
        switch self {
        case .argb8888: return p
        case .xrgb8888: return p | 0xFF00_0000
        case .abgr8888: return swapRedBlue(p)
        case .xbgr8888: return swapRedBlue(p) | 0xFF00_0000
        case .rgb565, .bgr565:
            var r = (p >> 16) & 0xFF
            let g = (p >> 8) & 0xFF
            var b = p & 0xFF
            if self == .bgr565 { swap(&r, &b) }
            // Round to nearest: round(v·31/255) and round(v·63/255).
            let r5 = (r * 31 + 127) / 255
            let g6 = (g * 63 + 127) / 255
            let b5 = (b * 31 + 127) / 255
            return r5 << 11 | g6 << 5 | b5
        }
    }

    /// Decodes a pixel of this format (low bits of `v`) to a premultiplied ARGB8888 word.
    @inline(__always)
    public func decode(_ v: UInt32) -> UInt32 {
        switch self {
        case .argb8888: return v
        case .xrgb8888: return v | 0xFF00_0000
        case .abgr8888: return swapRedBlue(v)
        case .xbgr8888: return swapRedBlue(v) | 0xFF00_0000
        case .rgb565, .bgr565:
            let r5 = (v >> 11) & 0x1F
            let g6 = (v >> 5) & 0x3F
            let b5 = v & 0x1F
            // Bit replication maps 0 → 0 and full → 255 exactly.
            var r = r5 << 3 | r5 >> 2
            let g = g6 << 2 | g6 >> 4
            var b = b5 << 3 | b5 >> 2
            if self == .bgr565 { swap(&r, &b) }
            return 0xFF00_0000 | r << 16 | g << 8 | b
        }
    }
}

@inline(__always)
func swapRedBlue(_ p: UInt32) -> UInt32 {
    (p & 0xFF00_FF00) | (p >> 16 & 0xFF) | (p & 0xFF) << 16
}
