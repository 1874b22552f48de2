

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
    /// Sampling the box-filtered silhouette at whole pixels is a quadrature whose error near a
    /// straight edge falls only like 1/σ² (the box's spectrum has first-order zeros at the
    /// sampling frequencies): about 4 levels at σ = 1 and 1.2 at σ = 2 for a fully opaque
    /// shadow. So the coverage is computed on a grid `factor` times finer, chosen so that σ
    /// spans at least 2.6 fine cells (edge error under one level down to σ ≈ 0.65), blurred
    /// there, and box-averaged back to pixels. Tests compare against the disc's radial (Rice)
    /// integral and the rectangle's closed form.
    func shadowMask(sigma: Double, alpha: Double, region: IntRect, occluder: Shape?) -> CoverageMask {
        var builder = MaskBuilder()
        guard !region.isEmpty else { return builder.build() }
        let factor = sigma <= 0.05 ? 1 : min(4, max(1, Int((2.6 / sigma).rounded(.up))))
        let source = factor == 1 ? self : scaled(by: Double(factor))
        var plane = BlurPlane(width: region.width * factor, height: region.height * factor)
        let row = UnsafeMutableBufferPointer<Double>.allocate(capacity: plane.width)
        defer { row.deallocate() }
        for y in 0..<plane.height {
            row.update(repeating: 0)
            source.accumulateRow(region.minY * factor + y, x0: region.minX * factor, into: row)
            plane.setRow(y, UnsafeBufferPointer(row))
        }
        if sigma > 0.05 { plane.blur(sigma: sigma * Double(factor)) }
        if factor > 1 { plane = plane.downsampled(by: factor) }
        let hidden = UnsafeMutableBufferPointer<Double>.allocate(capacity: region.width)
        defer { hidden.deallocate() }
        for y in 0..<region.height {
            if let occluder {
                hidden.update(repeating: 0)
                occluder.accumulateRow(region.minY + y, x0: region.minX, into: hidden)
            }
            plane.withRow(y) { values in
                builder.addRow(
                    y: region.minY + y, x0: region.minX, values: values, scale: alpha,
                    hidden: occluder == nil ? nil : UnsafeBufferPointer(hidden))
            }
        }
        return builder.build()
    }
}

/// A single-precision image for blurring: rows padded to a multiple of eight pixels plus
/// zero margins, so the separable convolution runs eight pixels at a time in SIMD with no
/// bounds logic inside the loops. Single precision is ample: results are rounded to 8 bits.
struct BlurPlane {
    let width: Int
    let height: Int
    /// Row stride in elements (a multiple of 8, at least `width` rounded up to 8).
    private(set) var stride: Int
    private(set) var data: [Float]

    init(width: Int, height: Int) {
        self.width = width
        self.height = height
        stride = (width + 7) / 8 * 8
        data = [Float](repeating: 0, count: stride * height)
    }

    mutating func setRow(_ y: Int, _ values: UnsafeBufferPointer<Double>) {
        for x in 0..<width { data[y * stride + x] = Float(values[x]) }
    }

    func withRow<T>(_ y: Int, _ body: (UnsafeBufferPointer<Float>) -> T) -> T {
        data.withUnsafeBufferPointer { body(UnsafeBufferPointer(rebasing: $0[(y * stride)..<(y * stride + width)])) }
    }

    /// Separable gaussian blur, kernel sampled at whole pixels over ±4σ and normalised;
    /// pixels beyond the edges count as zero.
    mutating func blur(sigma: Double) {
        let radius = Int((4 * sigma).rounded(.up))
        let taps = 2 * radius + 1
        var weights = (0..<taps).map { k in Math.exp(-Double((k - radius) * (k - radius)) / (2 * sigma * sigma)) }
        let sum = weights.reduce(0, +)
        weights = weights.map { $0 / sum }
        let kernel = weights.map { Float($0) }
        // Horizontal pass: each row copied into a zero-margined scratch row, then 8 outputs at a time.
        let padded = stride + 2 * radius + 8
        var scratch = [Float](repeating: 0, count: padded)
        var across = [Float](repeating: 0, count: stride * height)
        data.withUnsafeBufferPointer { src in
            across.withUnsafeMutableBufferPointer { dst in
                scratch.withUnsafeMutableBufferPointer { pad in
                    kernel.withUnsafeBufferPointer { k in
                        for y in 0..<height {
                            let row = src.baseAddress! + y * stride
                            var any = false
                            for x in 0..<width where row[x] != 0 {
                                any = true
                                break
                            }
                            guard any else { continue }
                            let p = pad.baseAddress!
                            for x in 0..<width { p[radius + x] = row[x] }
                            let out = dst.baseAddress! + y * stride
                            var x = 0
                            while x < stride {
                                var acc = SIMD8<Float>(repeating: 0)
                                for j in 0..<taps {
                                    acc += k[j] * UnsafeRawPointer(p + x + j).loadUnaligned(as: SIMD8<Float>.self)
                                }
                                UnsafeMutableRawPointer(out + x).storeBytes(of: acc, as: SIMD8<Float>.self)
                                x += 8
                            }
                        }
                    }
                }
            }
        }
        // Vertical pass: rows outside the plane are zero, so each output sums the taps in range.
        data.withUnsafeMutableBufferPointer { dst in
            across.withUnsafeBufferPointer { src in
                kernel.withUnsafeBufferPointer { k in
                    for y in 0..<height {
                        let lo = max(0, radius - y)
                        let hi = min(taps, height + radius - y)
                        let out = dst.baseAddress! + y * stride
                        var x = 0
                        while x < stride {
                            var acc = SIMD8<Float>(repeating: 0)
                            for j in lo..<hi {
                                let r = src.baseAddress! + (y + j - radius) * stride + x
                                acc += k[j] * UnsafeRawPointer(r).loadUnaligned(as: SIMD8<Float>.self)
                            }
                            UnsafeMutableRawPointer(out + x).storeBytes(of: acc, as: SIMD8<Float>.self)
                            x += 8
                        }
                    }
                }
            }
        }
    }

    /// The plane with each `factor × factor` block averaged.
    func downsampled(by factor: Int) -> BlurPlane {
        var out = BlurPlane(width: width / factor, height: height / factor)
        let norm = 1 / Float(factor * factor)
        let outStride = out.stride
        data.withUnsafeBufferPointer { src in
            out.data.withUnsafeMutableBufferPointer { dst in
                for y in 0..<height {
                    let row = src.baseAddress! + y * stride
                    let target = dst.baseAddress! + (y / factor) * outStride
                    for x in 0..<width { target[x / factor] += row[x] * norm }
                }
            }
        }
        return out
    }
}
