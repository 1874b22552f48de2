/// How two pictures of the same size differ, pixel by pixel: the one comparison behind every
/// golden-image check (the scenario runner's `expect screen`, the test targets' references).
///
/// Pixels are compared as premultiplied ARGB8888 whatever their format (an RGB565 screen is
/// expanded the way it is shown), channel by channel, alpha included. A pixel *differs* when one
/// of its channels is off by more than the tolerance; the comparison passes when none does.
public struct ImageDifference: Sendable, Equatable {
    /// The most a channel may be off (0…255) for its pixel to count as equal.
    public let tolerance: Int
    /// Pixels with a channel off by more than ``tolerance``.
    public let differingPixels: Int
    /// The first such pixel in reading order (rows top to bottom, each left to right).
    public let firstDifference: PixelPosition?
    /// The largest difference of any channel of any pixel (within the tolerance or not), and where.
    public let largest: Int
    public let largestAt: PixelPosition?
    /// Every channel's difference, summed, over the number of channels compared (4 per pixel).
    public let meanAbsolute: Double

    /// Whether no pixel differs by more than the tolerance.
    public var passes: Bool { differingPixels == 0 }

    /// Compares `actual` with `expected`, which must be the same size (``sameSize(_:_:)``).
    public init(actual: Image, expected: Image, tolerance: Int = 0) {
        precondition(Self.sameSize(actual, expected), "compare pictures of the same size")
        self.tolerance = tolerance
        var differing = 0
        var first: PixelPosition?
        var largest = 0
        var largestAt: PixelPosition?
        var sum = 0
        Self.forEachDifferingPixel(actual, expected) { x, y, a, e in
            let d = Self.channelDifferences(a, e)
            sum += d.sum
            if d.max > largest {
                largest = d.max
                largestAt = PixelPosition(x: x, y: y)
            }
            if d.max > tolerance {
                differing += 1
                if first == nil { first = PixelPosition(x: x, y: y) }
            }
        }
        differingPixels = differing
        firstDifference = first
        self.largest = largest
        self.largestAt = largestAt
        meanAbsolute = Double(sum) / Double(actual.width * actual.height * 4)
    }

    /// Calls `body` with every pixel whose ARGB8888 words differ, in reading order: the
    /// pictures are compared a row of words at a time (a 1080p screen is 2 M pixels, and reading
    /// each through ``Image/pixel(x:y:)`` took seconds in a debug build).
    static func forEachDifferingPixel(
        _ actual: Image, _ expected: Image, _ body: (Int, Int, PremultipliedColor, PremultipliedColor) -> Void
    ) {
        let (a, alphaA) = argbWords(actual)
        let (e, alphaE) = argbWords(expected)
        let width = a.width
        for y in 0..<a.height {
            let rowA = a.surface.row32(y)
            let rowE = e.surface.row32(y)
            for x in 0..<width {
                let pa = rowA[x] | alphaA
                let pe = rowE[x] | alphaE
                if pa != pe { body(x, y, PremultipliedColor(argb: pa), PremultipliedColor(argb: pe)) }
            }
        }
    }

    /// The picture as ARGB8888 words: as it is when it is ARGB8888 or XRGB8888 (with the bits
    /// to OR into each word to make the latter opaque), else converted.
    static func argbWords(_ image: Image) -> (Image, UInt32) {
        switch image.format {
        case .argb8888: (image, 0)
        case .xrgb8888: (image, 0xFF00_0000)
        default: (image.converted(to: .argb8888), 0)
        }
    }

    /// Whether the two pictures have the same width and height (only then are they compared).
    public static func sameSize(_ a: Image, _ b: Image) -> Bool { a.width == b.width && a.height == b.height }

    /// The largest of one pixel's four channel differences, and their sum.
    static func channelDifferences(_ a: PremultipliedColor, _ b: PremultipliedColor) -> (max: Int, sum: Int) {
        let d = (
            abs(Int(a.alpha) - Int(b.alpha)), abs(Int(a.red) - Int(b.red)), abs(Int(a.green) - Int(b.green)),
            abs(Int(a.blue) - Int(b.blue))
        )
        return (max(d.0, d.1, d.2, d.3), d.0 + d.1 + d.2 + d.3)
    }

    /// A picture of where `actual` and `expected` differ, in the manner of Playwright's diff:
    /// equal pixels are the expected picture faded to a pale grey (so the eye finds its way),
    /// pixels off by more than `tolerance` are red, and those off by at most it (but not equal)
    /// are yellow. Same size as the two pictures.
    public static func picture(actual: Image, expected: Image, tolerance: Int = 0) -> Image {
        precondition(sameSize(actual, expected), "compare pictures of the same size")
        let out = Image(width: actual.width, height: actual.height, format: .argb8888)
        // Equal pixels: the luma of the expected pixel (over black), faded three quarters towards white.
        let (e, _) = argbWords(expected)
        for y in 0..<e.height {
            let row = e.surface.row32(y)
            let outRow = out.surface.row32(y)
            for x in 0..<e.width {
                let p = row[x]
                let luma = (Int((p >> 16) & 0xFF) * 77 + Int((p >> 8) & 0xFF) * 150 + Int(p & 0xFF) * 29) >> 8
                let v = UInt32(191 + luma / 4)
                outRow[x] = 0xFF00_0000 | v << 16 | v << 8 | v
            }
        }
        let red = PremultipliedColor(red: 255, green: 0, blue: 0, alpha: 255)
        let yellow = PremultipliedColor(red: 255, green: 200, blue: 0, alpha: 255)
        forEachDifferingPixel(actual, expected) { x, y, a, e in
            out.setPixel(x: x, y: y, channelDifferences(a, e).max > tolerance ? red : yellow)
        }
        return out
    }
}

/// A pixel's column and row in a picture.
public struct PixelPosition: Hashable, Sendable, CustomStringConvertible {
    public var x: Int
    public var y: Int

    public init(x: Int, y: Int) {
        self.x = x
        self.y = y
    }

    public var description: String { "(\(x), \(y))" }
}
