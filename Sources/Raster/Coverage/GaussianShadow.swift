

/// A soft shadow: the shape's silhouette in `color`, moved by `offset` and blurred by a true
/// gaussian of standard deviation `sigma` pixels, at `opacity`.
public struct Shadow: Hashable, Sendable, Codable {
    public var color: Color
    public var opacity: Double
    public var offset: Point
    public var sigma: Double

    public init(color: Color = .black, opacity: Double, offset: Point, sigma: Double) {
        self.color = color
        self.opacity = opacity
        self.offset = offset
        self.sigma = sigma
    }

    /// How far beyond the shape the shadow reaches: 4σ, past which the gaussian's remaining
    /// weight (6·10⁻⁵) cannot move a pixel by a level.
    public var reach: Double { (4 * max(0, sigma)).rounded(.up) }
}

extension Point: Codable {
    public init(from decoder: any Decoder) throws {
        var c = try decoder.unkeyedContainer()
        self.init(try c.decode(Double.self), try c.decode(Double.self))
    }
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.unkeyedContainer()
        try c.encode(x)
        try c.encode(y)
    }
}

extension Shape {
    /// The same shape scaled about the origin.
    func scaled(by s: Double) -> Shape {
        func sr(_ r: Rect) -> Rect { Rect(x: r.x * s, y: r.y * s, width: r.width * s, height: r.height * s) }
        switch self {
        case .roundedRect(let r, let radii): return .roundedRect(sr(r), radii.map { $0 * s })
        case .ellipse(let r): return .ellipse(sr(r))
        case .ring(let o, let i): return .ring(outer: o.scaled(by: s), inner: i.scaled(by: s))
        }
    }

    /// The pixels a shadow of this shape (already moved by its offset) can touch.
    func shadowRegion(sigma: Double) -> IntRect {
        let reach = (4 * max(0, sigma)).rounded(.up) + 1
        return bounds.insetBy(-reach).enclosingIntRect
    }

    /// The shape's silhouette convolved with a 2-D gaussian, averaged over each pixel of
    /// `region`, times `alpha`, as a mask. Pixels where `occluder` is fully opaque are left out:
    /// a caller that draws the occluder opaque on top would overwrite them anyway.
    ///
    /// Method: exact pixel-area coverage (the shape convolved with the pixel box, sampled at
    /// pixel centres), then a separable convolution with the gaussian sampled at whole pixels.
    /// Sampling at unit spacing is an exact quadrature here up to terms of order
    /// exp(−2π²σ²) because the box-filtered silhouette has no energy at the sampling frequency;
    /// for σ < 1 that term grows, so small blurs run on a 4× finer grid and are box-averaged
    /// back down. Tests compare both against the disc's radial (Rice) integral.
    func shadowMask(sigma: Double, alpha: Double, region: IntRect, occluder: Shape?) -> CoverageMask {
        guard sigma > 0.05 else {
            // No visible blur: the silhouette itself.
            var builder = MaskBuilder()
            let values = coverageValues(in: region)
            values.withUnsafeBufferPointer { all in
                for y in 0..<region.height {
                    builder.addRow(
                        y: region.minY + y, x0: region.minX,
                        values: UnsafeBufferPointer(rebasing: all[(y * region.width)...].prefix(region.width)), scale: alpha)
                }
            }
            return builder.build()
        }
        let factor = sigma >= 1 ? 1 : 4
        let fine = IntRect(
            x: region.minX * factor, y: region.minY * factor, width: region.width * factor,
            height: region.height * factor)
        var image = (factor == 1 ? self : scaled(by: Double(factor))).coverageValues(in: fine)
        gaussianBlur(&image, width: fine.width, height: fine.height, sigma: sigma * Double(factor))
        if factor > 1 {
            image = boxDownsample(image, width: fine.width, height: fine.height, factor: factor)
        }
        var builder = MaskBuilder()
        let occluderRow = UnsafeMutableBufferPointer<Double>.allocate(capacity: region.width)
        defer { occluderRow.deallocate() }
        image.withUnsafeBufferPointer { all in
            for y in 0..<region.height {
                let values = UnsafeBufferPointer(rebasing: all[(y * region.width)...].prefix(region.width))
                if let occluder {
                    occluderRow.update(repeating: 0)
                    occluder.accumulateRow(region.minY + y, x0: region.minX, into: occluderRow)
                    builder.addRow(
                        y: region.minY + y, x0: region.minX, values: values, scale: alpha,
                        keep: { occluderRow[$0] * 255 < 254.5 })
                } else {
                    builder.addRow(y: region.minY + y, x0: region.minX, values: values, scale: alpha)
                }
            }
        }
        return builder.build()
    }
}

/// Separable gaussian blur in place, kernel sampled at whole pixels over ±4σ and normalised;
/// pixels beyond the edges count as zero.
func gaussianBlur(_ image: inout [Double], width: Int, height: Int, sigma: Double) {
    let radius = Int((4 * sigma).rounded(.up))
    var kernel = (-radius...radius).map { k in Math.exp(-Double(k * k) / (2 * sigma * sigma)) }
    let sum = kernel.reduce(0, +)
    kernel = kernel.map { $0 / sum }
    var scratch = [Double](repeating: 0, count: max(width, height))
    image.withUnsafeMutableBufferPointer { img in
        kernel.withUnsafeBufferPointer { k in
            scratch.withUnsafeMutableBufferPointer { tmp in
                for y in 0..<height {
                    let row = y * width
                    for x in 0..<width {
                        var acc = 0.0
                        let lo = max(-radius, -x)
                        let hi = min(radius, width - 1 - x)
                        if lo <= hi { for j in lo...hi { acc += img[row + x + j] * k[j + radius] } }
                        tmp[x] = acc
                    }
                    for x in 0..<width { img[row + x] = tmp[x] }
                }
                for x in 0..<width {
                    for y in 0..<height {
                        var acc = 0.0
                        let lo = max(-radius, -y)
                        let hi = min(radius, height - 1 - y)
                        if lo <= hi { for j in lo...hi { acc += img[(y + j) * width + x] * k[j + radius] } }
                        tmp[y] = acc
                    }
                    for y in 0..<height { img[y * width + x] = tmp[y] }
                }
            }
        }
    }
}

/// Averages `factor × factor` blocks.
func boxDownsample(_ image: [Double], width: Int, height: Int, factor: Int) -> [Double] {
    let w = width / factor
    let h = height / factor
    var out = [Double](repeating: 0, count: w * h)
    let norm = 1 / Double(factor * factor)
    for y in 0..<height {
        for x in 0..<width { out[(y / factor) * w + x / factor] += image[y * width + x] * norm }
    }
    return out
}
