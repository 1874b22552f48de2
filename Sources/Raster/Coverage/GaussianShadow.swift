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

    /// Blurs wider than this are drawn at this σ (a bound on the work a bad value can cause).
    public static let maximumSigma = 256.0

    /// σ as drawn: clamped to 0…``maximumSigma``; NaN counts as 0.
    public var effectiveSigma: Double { sigma > 0 ? min(sigma, Shadow.maximumSigma) : 0 }

    /// How far beyond the shape the shadow reaches: 4σ, past which the gaussian's remaining
    /// weight (6·10⁻⁵) cannot move a pixel by a level.
    public var reach: Double { (4 * effectiveSigma).rounded(.up) }
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
        if sigma >= Shape.coarseShadowSigma {
            return coarseShadowMask(sigma: sigma, alpha: alpha, region: region, occluder: occluder)
        }
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
        plane = plane.blurredAndDownsampled(sigma: sigma * Double(factor), factor: factor)
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

extension Shape {
    /// From this σ on, shadows are blurred on a grid of cells ⌊σ/8⌋ px wide: the cost of a
    /// per-pixel blur grows like σ (taps) times the area it reaches (σ²), and at σ = 256 it took
    /// minutes; on the coarse grid it is bounded whatever σ.
    static let coarseShadowSigma = 16.0

    /// The shadow for large σ: exact coverage of d×d cells (d = ⌊σ/8⌋, so σ spans 8 to 16 cells
    /// and the grid's quadrature error is far below a level), blurred there, then read at each
    /// pixel centre by bilinear interpolation between cell centres (error ≤ d²/8·|f″| ≈ 0.2 of
    /// a level; the pixel's own box average changes f by f″/24, below 0.1 of a level). The grid
    /// reaches 4σ beyond `region`, so the region needs no margin of its own.
    func coarseShadowMask(sigma: Double, alpha: Double, region: IntRect, occluder: Shape?) -> CoverageMask {
        var builder = MaskBuilder()
        let d = max(1, Int((sigma / 8).rounded(.down)))
        let cells = Double(d)
        let reachCells = Int((4 * sigma / cells).rounded(.up)) + 2
        // Cell (i, j) covers [ox + i·d, ox + (i + 1)·d) × [oy + j·d, …).
        let ox = region.minX - reachCells * d
        let oy = region.minY - reachCells * d
        let gw = (region.width + d - 1) / d + 2 * reachCells + 1
        let gh = (region.height + d - 1) / d + 2 * reachCells + 1
        // The shape in cell units, moved so that cell (i, j) is pixel (i, j).
        let source = offsetBy(dx: Double(-ox), dy: Double(-oy)).scaled(by: 1 / cells)
        var plane = BlurPlane(width: gw, height: gh)
        let row = UnsafeMutableBufferPointer<Double>.allocate(capacity: max(gw, region.width))
        defer { row.deallocate() }
        for j in 0..<gh {
            let cellRow = UnsafeMutableBufferPointer(rebasing: row[0..<gw])
            cellRow.update(repeating: 0)
            source.accumulateRowFast(j, x0: 0, into: cellRow, sign: 1)
            plane.setRow(j, UnsafeBufferPointer(cellRow))
        }
        plane = plane.blurredAndDownsampled(sigma: sigma / cells, factor: 1)
        let hidden = UnsafeMutableBufferPointer<Double>.allocate(capacity: region.width)
        defer { hidden.deallocate() }
        let values = UnsafeMutableBufferPointer(rebasing: row[0..<region.width])
        plane.data.withUnsafeBufferPointer { data in
            let stride = plane.stride
            for y in region.minY..<region.maxY {
                // Cell-centre coordinates of the pixel centre.
                let v = (Double(y) + 0.5 - Double(oy)) / cells - 0.5
                let j = min(gh - 2, max(0, Int(v.rounded(.down))))
                let fy = min(1, max(0, v - Double(j)))
                for i in 0..<region.width {
                    let u = (Double(region.minX + i) + 0.5 - Double(ox)) / cells - 0.5
                    let k = min(gw - 2, max(0, Int(u.rounded(.down))))
                    let fx = min(1, max(0, u - Double(k)))
                    let a = Double(data[j * stride + k]) * (1 - fx) + Double(data[j * stride + k + 1]) * fx
                    let b = Double(data[(j + 1) * stride + k]) * (1 - fx) + Double(data[(j + 1) * stride + k + 1]) * fx
                    values[i] = a * (1 - fy) + b * fy
                }
                if let occluder {
                    hidden.update(repeating: 0)
                    occluder.accumulateRowFast(y, x0: region.minX, into: hidden, sign: 1)
                    for i in 0..<region.width where MaskBuilder.level(hidden[i]) == 255 { values[i] = 0 }
                }
                builder.addRow(y: y, x0: region.minX, values: UnsafeBufferPointer(values), scale: alpha)
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

    /// Blurs with a gaussian of `sigma` (in this plane's cells), sampled at whole cells over
    /// ±4σ and normalised, then averages `factor × factor` blocks — in one separable pass per
    /// axis: averaging f blurred cells is one convolution with the kernel
    /// w(d) = (1/f)·Σₛ g(d + s), evaluated only at every f-th cell. Cells beyond the edges count
    /// as zero. The vertical pass runs along rows (contiguous, eight cells per SIMD step) and
    /// keeps every f-th row; the horizontal pass splits each row into its f phases so that it
    /// too reads contiguous memory.
    func blurredAndDownsampled(sigma: Double, factor f: Int) -> BlurPlane {
        let radius = sigma > 0.05 ? Int((4 * sigma).rounded(.up)) : 0
        var g = (-radius...radius).map { k in radius == 0 ? 1 : Math.exp(-Double(k * k) / (2 * sigma * sigma)) }
        let gSum = g.reduce(0, +)
        g = g.map { $0 / gSum }
        // w(d) for d in −radius−f+1 … radius, stored at index d + radius + f − 1.
        let dMin = -radius - f + 1
        let taps = 2 * radius + f
        var w = [Float](repeating: 0, count: taps)
        for i in 0..<taps {
            let d = dMin + i
            var acc = 0.0
            for sub in 0..<f where abs(d + sub) <= radius { acc += g[d + sub + radius] }
            w[i] = Float(acc / Double(f))
        }
        let outWidth = width / f
        let outHeight = height / f
        var out = BlurPlane(width: outWidth, height: outHeight)
        // Vertical: mid[Y][x] = Σ_d w(d) · self[Y·f − d][x] over the rows that exist.
        var mid = [Float](repeating: 0, count: outHeight * stride)
        data.withUnsafeBufferPointer { src in
            mid.withUnsafeMutableBufferPointer { dst in
                w.withUnsafeBufferPointer { k in
                    for y in 0..<outHeight {
                        let lo = max(0, y * f - (height - 1) - dMin)  // keeps y·f − d ≤ height − 1
                        let hi = min(taps, y * f - dMin + 1)  // keeps y·f − d ≥ 0
                        guard lo < hi else { continue }
                        let target = dst.baseAddress! + y * stride
                        // Tap i reads row y·f − dMin − i: one row further up per tap.
                        let first = src.baseAddress! + (y * f - dMin) * stride
                        var x = 0
                        while x < stride {
                            var acc = SIMD8<Float>(repeating: 0)
                            var row = first - lo * stride + x
                            for i in lo..<hi {
                                acc += k[i] * UnsafeRawPointer(row).loadUnaligned(as: SIMD8<Float>.self)
                                row -= stride
                            }
                            UnsafeMutableRawPointer(target + x).storeBytes(of: acc, as: SIMD8<Float>.self)
                            x += 8
                        }
                    }
                }
            }
        }
        // Horizontal: out[Y][X] = Σ_d w(d) · mid[Y][X·f − d]. Phase s of a row holds cells
        // m·f + s at index m + margin, so each tap reads eight consecutive outputs' inputs.
        let margin = (radius + f) / f + 1
        let phaseLength = out.stride + 2 * margin + 8
        var phases = [Float](repeating: 0, count: f * phaseLength)
        // Cell X·f − d = (X + q)·f + s with s = (−d) mod f: tap i reads phase s at offset q.
        let tapOffsets = (0..<taps).map { i -> Int in
            let negD = -(dMin + i)
            let s = ((negD % f) + f) % f
            return s * phaseLength + margin + (negD - s) / f
        }
        mid.withUnsafeBufferPointer { src in
            out.data.withUnsafeMutableBufferPointer { dst in
                phases.withUnsafeMutableBufferPointer { ph in
                    w.withUnsafeBufferPointer { k in
                        tapOffsets.withUnsafeBufferPointer { offsets in
                            for y in 0..<outHeight {
                                let row = src.baseAddress! + y * stride
                                var cell = 0
                                while cell < width {
                                    for s in 0..<f where cell + s < width {
                                        ph[s * phaseLength + margin + cell / f] = row[cell + s]
                                    }
                                    cell += f
                                }
                                let target = dst.baseAddress! + y * out.stride
                                var x = 0
                                while x < out.stride {
                                    var acc = SIMD8<Float>(repeating: 0)
                                    let base = ph.baseAddress! + x
                                    for i in 0..<taps {
                                        let p = base + offsets[i]
                                        acc += k[i] * UnsafeRawPointer(p).loadUnaligned(as: SIMD8<Float>.self)
                                    }
                                    UnsafeMutableRawPointer(target + x).storeBytes(of: acc, as: SIMD8<Float>.self)
                                    x += 8
                                }
                            }
                        }
                    }
                }
            }
        }
        return out
    }
}
