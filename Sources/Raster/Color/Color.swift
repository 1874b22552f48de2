/// A colour with straight (unpremultiplied) alpha: sRGB-encoded channels, 8 bits each.
///
/// This is the type callers and configs speak. Compositing happens on ``PremultipliedColor``,
/// and the two are different types so one is never mistaken for the other.
public struct Color: Hashable, Sendable {
    public var red: UInt8
    public var green: UInt8
    public var blue: UInt8
    public var alpha: UInt8

    public init(red: UInt8, green: UInt8, blue: UInt8, alpha: UInt8 = 255) {
        self.red = red
        self.green = green
        self.blue = blue
        self.alpha = alpha
    }

    /// A colour from 0xRRGGBB, with an opacity of 0…1.
    public init(rgb: UInt32, opacity: Double = 1) {
        self.init(
            red: UInt8(truncatingIfNeeded: rgb >> 16), green: UInt8(truncatingIfNeeded: rgb >> 8),
            blue: UInt8(truncatingIfNeeded: rgb), alpha: Color.unitToByte(opacity))
    }

    public static let black = Color(red: 0, green: 0, blue: 0)
    public static let white = Color(red: 255, green: 255, blue: 255)
    public static let clear = Color(red: 0, green: 0, blue: 0, alpha: 0)

    /// The same colour with its alpha multiplied by `opacity` (0…1).
    public func withOpacity(_ opacity: Double) -> Color {
        var c = self
        c.alpha = Color.unitToByte(Double(alpha) / 255 * opacity)
        return c
    }

    /// Premultiplies, rounding each channel to nearest.
    public var premultiplied: PremultipliedColor {
        let a = UInt32(alpha)
        return PremultipliedColor(
            red: UInt8(divideBy255(UInt32(red) * a)), green: UInt8(divideBy255(UInt32(green) * a)),
            blue: UInt8(divideBy255(UInt32(blue) * a)), alpha: alpha)
    }

    /// Per-channel linear interpolation in straight sRGB space, rounded to nearest:
    /// `round(a + (b − a)·t)`, the way switch track colours cross-fade.
    public static func mix(_ a: Color, _ b: Color, _ t: Double) -> Color {
        func lerp(_ x: UInt8, _ y: UInt8) -> UInt8 {
            let v = Double(x) + (Double(y) - Double(x)) * t
            return UInt8(max(0, min(255, (v + 0.5).rounded(.down))))
        }
        return Color(
            red: lerp(a.red, b.red), green: lerp(a.green, b.green), blue: lerp(a.blue, b.blue),
            alpha: lerp(a.alpha, b.alpha))
    }

    static func unitToByte(_ v: Double) -> UInt8 {
        UInt8(max(0, min(255, (v * 255 + 0.5).rounded(.down))))
    }
}

extension Color: Codable, CustomStringConvertible {
    /// "#RRGGBB" or "#RRGGBBAA".
    public var description: String {
        func hex(_ v: UInt8) -> String {
            let digits = Array("0123456789ABCDEF")
            return String([digits[Int(v >> 4)], digits[Int(v & 15)]])
        }
        return "#" + hex(red) + hex(green) + hex(blue) + (alpha == 255 ? "" : hex(alpha))
    }

    /// Parses "#RRGGBB" or "#RRGGBBAA" (the # optional); nil for anything else.
    public init?(hex: String) {
        var digits = Substring(hex)
        if digits.hasPrefix("#") { digits = digits.dropFirst() }
        guard digits.count == 6 || digits.count == 8, let v = UInt32(digits, radix: 16) else { return nil }
        if digits.count == 6 {
            self.init(rgb: v)
        } else {
            self.init(
                red: UInt8(truncatingIfNeeded: v >> 24), green: UInt8(truncatingIfNeeded: v >> 16),
                blue: UInt8(truncatingIfNeeded: v >> 8), alpha: UInt8(truncatingIfNeeded: v))
        }
    }

    /// Decodes "#RRGGBB", "#RRGGBBAA", or {"red": R, "green": G, "blue": B, "alpha": A} (0…255).
    public init(from decoder: any Decoder) throws {
        if let single = try? decoder.singleValueContainer(), let text = try? single.decode(String.self) {
            guard let c = Color(hex: text) else {
                throw DecodingError.dataCorrupted(
                    .init(
                        codingPath: decoder.codingPath,
                        debugDescription: "expected \"#RRGGBB\" or \"#RRGGBBAA\", got \"\(text)\""))
            }
            self = c
            return
        }
        let c = try decoder.container(keyedBy: CodingKeys.self)
        self.init(
            red: try c.decode(UInt8.self, forKey: .red), green: try c.decode(UInt8.self, forKey: .green),
            blue: try c.decode(UInt8.self, forKey: .blue),
            alpha: try c.decodeIfPresent(UInt8.self, forKey: .alpha) ?? 255)
    }

    /// Encodes as "#RRGGBB" or "#RRGGBBAA".
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.singleValueContainer()
        try c.encode(description)
    }

    private enum CodingKeys: String, CodingKey { case red, green, blue, alpha }
}

/// A colour whose channels are already multiplied by its alpha (each channel ≤ alpha).
/// Packed as ARGB in a `UInt32` it is exactly a DRM ARGB8888 pixel.
public struct PremultipliedColor: Hashable, Sendable {
    public var red: UInt8
    public var green: UInt8
    public var blue: UInt8
    public var alpha: UInt8

    public init(red: UInt8, green: UInt8, blue: UInt8, alpha: UInt8) {
        precondition(red <= alpha && green <= alpha && blue <= alpha, "premultiplied channel exceeds alpha")
        self.red = red
        self.green = green
        self.blue = blue
        self.alpha = alpha
    }

    /// Unpacks an ARGB8888 word, trusting it to be premultiplied.
    public init(argb: UInt32) {
        alpha = UInt8(truncatingIfNeeded: argb >> 24)
        red = UInt8(truncatingIfNeeded: argb >> 16)
        green = UInt8(truncatingIfNeeded: argb >> 8)
        blue = UInt8(truncatingIfNeeded: argb)
    }

    public static let transparent = PremultipliedColor(argb: 0)

    /// The packed ARGB8888 word: alpha in bits 31…24, blue in 7…0.
    public var argb: UInt32 {
        UInt32(alpha) << 24 | UInt32(red) << 16 | UInt32(green) << 8 | UInt32(blue)
    }

    /// Back to straight alpha (rounded); a fully transparent colour becomes `Color.clear`.
    public var unpremultiplied: Color {
        guard alpha > 0 else { return .clear }
        let a = UInt32(alpha)
        func un(_ c: UInt8) -> UInt8 { UInt8(min(255, (UInt32(c) * 255 + a / 2) / a)) }
        return Color(red: un(red), green: un(green), blue: un(blue), alpha: alpha)
    }
}

/// `round(x / 255)` for 0 ≤ x ≤ 65535 + 127, without a division: the standard
/// `(t + (t >> 8)) >> 8` with `t = x + 128`, exact over that whole range.
@inline(__always)
public func divideBy255(_ x: UInt32) -> UInt32 {
    let t = x &+ 128
    return (t &+ (t &>> 8)) &>> 8
}
