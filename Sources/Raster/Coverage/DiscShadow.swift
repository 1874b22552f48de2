// The gaussian shadow of a disc, evaluated per pixel from a radial table instead of blurring a
// mask: the fast twin of `Shape.shadowMask` (GaussianShadow.swift) for round thumbs.
//
// A disc convolved with a 2-D gaussian is radially symmetric, and so is it averaged over a pixel
// up to the square's own 4-fold symmetry: the value at a pixel whose centre is at distance ρ and
// angle θ from the disc's centre is Q₀(ρ) + Q₄(ρ)·cos 4θ plus harmonics cos 8θ… that are far
// below a level for σ ≥ `DiscShadowProfile.minimumSigma`. Q₀ and Q₄ are tabulated once per
// (radius, σ) — a style's constants, never a position — from the exact pixel average at θ = 0
// and θ = π/4 (from σ = 1.5 on, Q₄ is below 10⁻⁵ and only θ = 0 is computed), so a shadow at
// any sub-pixel position costs one square root and one table lookup
// per pixel. Measured on the benchmark's thumb (r = 27, σ = 2): the blurred-mask path cost
// ~2.1 M instructions per shadow, this one ~30 k (values shared between mirrored rows included).

/// Φ (the standard normal distribution function) and φ (its density), interpolated from a table
/// built once per process: nodes every 1/32 over [−9, 9], cubic Hermite interpolation with the
/// exact derivatives (φ for Φ, −zφ for φ), error below 3·10⁻⁹.
enum StandardNormal {
    static let limit = 9.0
    static let step = 1.0 / 32
    static let inverseStep = 32.0
    /// Node i at z = −9 + i/32: (Φ, φ).
    static let table: [SIMD2<Double>] = {
        let n = Int(2 * limit * inverseStep) + 1
        let norm = 1 / (2 * Math.pi).squareRoot()
        func pdf(_ z: Double) -> Double { norm * Math.exp(-0.5 * z * z) }
        // Φ by accumulating ∫φ over each interval with 4-point Gauss–Legendre (error ~1e-20 per
        // interval); Φ(−9) ≈ 1.1·10⁻¹⁹ counts as 0.
        let nodes = [0.3399810435848563, 0.8611363115940526]
        let weights = [0.6521451548625461, 0.3478548451374538]
        var out = [SIMD2<Double>](repeating: .zero, count: n)
        var cdf = 0.0
        for i in 0..<n {
            let z = -limit + Double(i) * step
            out[i] = SIMD2(cdf, pdf(z))
            let mid = z + step / 2
            var integral = 0.0
            for k in 0..<2 {
                integral += weights[k] * (pdf(mid - nodes[k] * step / 2) + pdf(mid + nodes[k] * step / 2))
            }
            cdf += integral * step / 2
        }
        return out
    }()

    /// (Φ(z), φ(z)).
    @inline(__always)
    static func evaluate(_ z: Double) -> (cdf: Double, pdf: Double) {
        let u = (z + limit) * inverseStep
        guard u > 0 else { return (0, 0) }
        guard u < Double(table.count - 1) else { return (1, 0) }
        let i = Int(u)
        let t = u - Double(i)
        return table.withUnsafeBufferPointer { nodes in
            let a = nodes[i]
            let b = nodes[i + 1]
            let za = -limit + Double(i) * step
            let zb = za + step
            // Cubic Hermite basis.
            let t2 = t * t
            let t3 = t2 * t
            let h00 = 2 * t3 - 3 * t2 + 1
            let h10 = t3 - 2 * t2 + t
            let h01 = -2 * t3 + 3 * t2
            let h11 = t3 - t2
            let cdf = h00 * a.x + h01 * b.x + step * (h10 * a.y + h11 * b.y)
            let pdf = h00 * a.y + h01 * b.y - step * (h10 * za * a.y + h11 * zb * b.y)
            return (cdf, pdf)
        }
    }

    /// Φ(z).
    @inline(__always)
    static func cdf(_ z: Double) -> Double { evaluate(z).cdf }

    /// Ψ(z) = ∫₋∞^z Φ = z·Φ(z) + φ(z).
    @inline(__always)
    static func integratedCDF(_ z: Double) -> Double {
        if z >= limit { return z }
        let (c, p) = evaluate(z)
        return z * c + p
    }
}

/// The shadow of a disc of `radius` blurred by a gaussian of `sigma`, averaged over pixels, as a
/// function of a pixel centre's offset from the disc's centre.
final class DiscShadowProfile {
    /// Below this σ the pixel average's harmonics beyond cos 4θ would matter; smaller blurs take
    /// the blurred-mask path.
    static let minimumSigma = 0.9
    /// From this σ on, the cos 4θ term is left out: for a locally straight edge with profile g
    /// across it, the square's average adds −g⁗·cos 4θ / 11520 (fourth-order Taylor terms), and
    /// |g⁗| ≤ 0.55/σ⁴, so leaving it out errs by 0.0024/σ⁴ of a level (0.0005 at σ = 1.5).
    static let isotropicSigma = 1.5

    let radius: Double
    let sigma: Double
    /// ρ of the first node; nearer the centre the value is the first node's (within 10⁻⁹).
    let start: Double
    let step: Double
    let inverseStep: Double
    /// Whether the cos 4θ term is kept (σ < `isotropicSigma`).
    let anisotropic: Bool
    /// Per interval i: (Q₀ᵢ, Q₀ᵢ₊₁ − Q₀ᵢ, Q₄ᵢ, Q₄ᵢ₊₁ − Q₄ᵢ).
    private let intervals: [SIMD4<Double>]
    /// (Q₀ᵢ, Q₀ᵢ₊₁ − Q₀ᵢ) in single precision, for the four-pixel kernel.
    private let singleIntervals: [SIMD2<Float>]
    /// Whether the single-precision kernel applies: isotropic, and distances small enough that
    /// a Float keeps 1/4000 of a pixel (ρ < 2048).
    let vectorised: Bool
    /// |Q₀| + |Q₄| at each node: bounds the value over the node's neighbourhood for cut-offs.
    private let magnitude: [Double]

    /// Nodes every σ/12 over [r − 6σ − 1, r + 6σ + 1] (6σ: the gaussian's weight beyond is
    /// 10⁻⁹; 1: the pixel's half-diagonal with margin). Linear interpolation errs by at most
    /// step²/8·|Q″| ≤ (σ/12)²/8 · 0.25/σ² ≈ 2·10⁻⁴ (0.05 of a level).
    init(radius: Double, sigma: Double) {
        self.radius = radius
        self.sigma = sigma
        start = max(0, radius - 6 * sigma - 1)
        let end = radius + 6 * sigma + 1
        step = sigma / 12
        inverseStep = 12 / sigma
        anisotropic = sigma < DiscShadowProfile.isotropicSigma
        let n = Int(((end - start) * inverseStep).rounded(.up)) + 1
        var q0 = [Double](repeating: 0, count: n + 1)
        var q4 = [Double](repeating: 0, count: n + 1)
        let diagonal = 0.5.squareRoot()
        // Every entry on the axis integrates over the same nodes in v with the same vertical
        // weights (y = 0): computed once, they halve the cost of a profile (7.4 M instructions
        // for the demo panel's three thumb styles, on its first frame, before).
        let axisNodes = DiscShadowProfile.axisNodes(radius: radius, sigma: sigma)
        for i in 0..<n {
            q0[i] = DiscShadowProfile.pixelAverage(sigma: sigma, x: start + Double(i) * step, nodes: axisNodes)
        }
        if anisotropic {
            // Q₄ = (axis − diagonal)/2 and Q₀ = axis − Q₄. The diagonal's integral is the costly
            // one (its nodes move with each entry: more than half of such a profile's build when
            // it ran at every node), and Q₄ is tiny (|Q₄| < 10⁻⁴ for σ ≥ 0.9) and
            // smooth on the scale of σ: it is computed at every sixth node (σ/2 apart) and
            // interpolated between them by cubic Lagrange, which errs by less than 2·10⁻⁶
            // (measured for σ = 0.9 to 1.4; every third node: 1.2·10⁻⁷), a hundredth of the
            // table's linear interpolation.
            let coarseStep = 6
            let coarseCount = (n - 1 + coarseStep - 1) / coarseStep + 1
            var coarse = [Double](repeating: 0, count: coarseCount)
            for k in 0..<coarseCount {
                let rho = start + Double(k * coarseStep) * step
                let axis =
                    k * coarseStep < n
                    ? q0[k * coarseStep] : DiscShadowProfile.pixelAverage(sigma: sigma, x: rho, nodes: axisNodes)
                let diag = DiscShadowProfile.pixelAverage(
                    radius: radius, sigma: sigma, x: rho * diagonal, y: rho * diagonal)
                coarse[k] = 0.5 * (axis - diag)
            }
            for i in 0..<n {
                q4[i] = DiscShadowProfile.cubicLagrange(coarse, at: Double(i) / Double(coarseStep))
                q0[i] -= q4[i]
            }
        }
        intervals = (0..<n).map { i in SIMD4(q0[i], q0[i + 1] - q0[i], q4[i], q4[i + 1] - q4[i]) }
        // Zero intervals after the last node: the four-pixel kernel reads them for the lanes
        // past a run's end (up to 3 px beyond the cut-off, 3·12/σ ≤ 40 nodes for σ ≥ 0.9)
        // instead of testing each lane for the table's end.
        singleIntervals = intervals.map { SIMD2(Float($0.x), Float($0.y)) } + Array(repeating: .zero, count: 64)
        vectorised = !anisotropic && end < 2048
        magnitude = (0..<n).map { i in max(abs(q0[i]) + abs(q4[i]), abs(q0[i + 1]) + abs(q4[i + 1])) }
    }

    /// The value at a pixel whose centre is (dx, dy) from the disc's centre: the slow, general
    /// form of what `rasterize` does per row.
    func value(dx: Double, dy: Double) -> Double {
        let rho2 = dx * dx + dy * dy
        let rho = rho2.squareRoot()
        let u = max(0, (rho - start) * inverseStep)
        guard u < Double(intervals.count) else { return 0 }
        let i = Int(u)
        let f = u - Double(i)
        let e = intervals[i]
        // cos 4θ = 1 − 8·(xy)²/ρ⁴.
        let xy = dx * dy
        let c4 = rho2 > 0 ? 1 - 8 * xy * xy / (rho2 * rho2) : 1
        return (e.x + f * e.y) + (e.z + f * e.w) * c4
    }

    /// The cubic through the four samples around `u` (samples at 0, 1, 2 …; the window is
    /// clamped at the ends), exact at the samples; fewer than four samples: linear.
    static func cubicLagrange(_ samples: [Double], at u: Double) -> Double {
        let count = samples.count
        guard count >= 4 else {
            guard count >= 2 else { return samples.first ?? 0 }
            let i = min(count - 2, max(0, Int(u)))
            let t = u - Double(i)
            return samples[i] + t * (samples[i + 1] - samples[i])
        }
        let k = min(count - 4, max(0, Int(u) - 1))
        let t = u - Double(k)  // the samples sit at t = 0, 1, 2, 3
        let (a, b, c, d) = (samples[k], samples[k + 1], samples[k + 2], samples[k + 3])
        return -a * (t - 1) * (t - 2) * (t - 3) / 6 + b * t * (t - 2) * (t - 3) / 2 - c * t * (t - 1) * (t - 3) / 2
            + d * t * (t - 1) * (t - 2) / 6
    }

    /// A distance beyond which value × scale rounds to 0 everywhere.
    func cutoff(scale: Double) -> Double {
        var i = magnitude.count - 1
        while i >= 0 && magnitude[i] * scale < 0.5 { i -= 1 }
        return start + Double(i + 1) * step
    }

    /// The exact shadow at the pixel centred at (x, y) relative to the disc's centre, the disc
    /// convolved with the gaussian and averaged over the pixel:
    ///     ∫∫_disc K(u − x)·K(v − y) du dv,   K(u) = Φ((u + ½)/σ) − Φ((u − ½)/σ)
    /// (the gaussian box-averaged over the pixel is separable). The integral over u is closed
    /// form, Kc(h − x) − Kc(−h − x) with Kc(u) = σ·(Ψ((u + ½)/σ) − Ψ((u − ½)/σ)) and h the
    /// half-chord at height v; the one over v goes by Simpson's rule in θ with v = r·sin θ,
    /// which keeps the integrand smooth where the chord vanishes at the disc's top and bottom.
    /// On the axis (y = 0) the integrand is even and only v ≥ 0 is integrated.
    static func pixelAverage(radius r: Double, sigma: Double, x: Double, y: Double) -> Double {
        let reach = 6 * sigma + 0.5
        let even = y == 0
        let va = even ? 0 : max(-r, y - reach) / r
        let vb = min(r, y + reach) / r
        guard va < vb else { return 0 }
        let thetaA = even ? 0 : Math.atan2(va, halfChord(1, va))
        let thetaB = Math.atan2(vb, halfChord(1, vb))
        // About four nodes per σ (the integrand's scale) and never fewer than 16.
        var n = Int((4 * (vb - va) * r / sigma).rounded(.up))
        n = min(256, max(16, n + n % 2))
        let dTheta = (thetaB - thetaA) / Double(n)
        let cosD = Math.cos(dTheta)
        let sinD = Math.sin(dTheta)
        var c = halfChord(1, va)
        var s = va
        let inv = 1 / sigma
        func kc(_ u: Double) -> Double {
            sigma * (StandardNormal.integratedCDF((u + 0.5) * inv) - StandardNormal.integratedCDF((u - 0.5) * inv))
        }
        var sum = 0.0
        for j in 0...n {
            let v = r * s
            let h = r * c
            let kv = StandardNormal.cdf((v - y + 0.5) * inv) - StandardNormal.cdf((v - y - 0.5) * inv)
            let g = kv * (kc(h - x) - kc(-h - x)) * h
            sum += g * (j == 0 || j == n ? 1 : (j % 2 == 1 ? 4 : 2))
            // Rotate (c, s) by dθ.
            let c1 = c * cosD - s * sinD
            s = s * cosD + c * sinD
            c = max(0, c1)
        }
        return min(1, max(0, sum * dTheta / 3 * (even ? 2 : 1)))
    }

    /// The Simpson nodes of ``pixelAverage(radius:sigma:x:y:)`` on the axis (y = 0): the half
    /// chord h at each node and its weight, the vertical kernel K(v) and dv/dθ included.
    static func axisNodes(radius r: Double, sigma: Double) -> [(h: Double, weight: Double)] {
        let reach = 6 * sigma + 0.5
        let vb = min(r, reach) / r
        guard vb > 0 else { return [] }
        let thetaB = Math.atan2(vb, halfChord(1, vb))
        var n = Int((4 * vb * r / sigma).rounded(.up))
        n = min(256, max(16, n + n % 2))
        let dTheta = thetaB / Double(n)
        let cosD = Math.cos(dTheta)
        let sinD = Math.sin(dTheta)
        var c = 1.0
        var s = 0.0
        let inv = 1 / sigma
        var nodes: [(h: Double, weight: Double)] = []
        nodes.reserveCapacity(n + 1)
        for j in 0...n {
            let v = r * s
            let h = r * c
            let kv = StandardNormal.cdf((v + 0.5) * inv) - StandardNormal.cdf((v - 0.5) * inv)
            // Simpson's weights, dθ/3, and 2 for the even integrand's other half.
            let simpson: Double = j == 0 || j == n ? 1 : (j % 2 == 1 ? 4 : 2)
            nodes.append((h, kv * h * simpson * dTheta / 3 * 2))
            let c1 = c * cosD - s * sinD
            s = s * cosD + c * sinD
            c = max(0, c1)
        }
        return nodes
    }

    /// ``pixelAverage(radius:sigma:x:y:)`` at (x, 0) from precomputed axis nodes: the same
    /// nodes, weights and sums (results agree to rounding; a test compares them).
    static func pixelAverage(sigma: Double, x: Double, nodes: [(h: Double, weight: Double)]) -> Double {
        let inv = 1 / sigma
        func kc(_ u: Double) -> Double {
            sigma * (StandardNormal.integratedCDF((u + 0.5) * inv) - StandardNormal.integratedCDF((u - 0.5) * inv))
        }
        var sum = 0.0
        for node in nodes { sum += node.weight * (kc(node.h - x) - kc(-node.h - x)) }
        return min(1, max(0, sum))
    }

    /// Writes the shadow of the disc centred at (cx, cy), times `alpha`, for every pixel of
    /// `region` where it is not 0, leaving out each row's columns that lie entirely inside the
    /// disc of the same radius centred at `occluder` (the shape itself, drawn opaque on top).
    ///
    /// Values depend on the distance to the centre only, so rows the same distance above and
    /// below it are equal whenever the centre lies on a whole or half row (any layout on the pixel
    /// grid): such a pair is computed once, into one block of coverage that both rows' runs
    /// point into (columns the same distance left and right of a centre on the grid likewise
    /// share values). The occluder hides different columns in the two rows, so a block holds
    /// the union of both rows' visible columns; a run's zero padding may then show values of
    /// columns the row hides — harmless, as the opaque shape is drawn over them — and a row whose
    /// hidden gap is under four pixels hides nothing, so that padding never reaches its other run.
    /// (`symmetric: false` takes the general path in every case, for the tests comparing the two.)
    func rasterize(
        cx: Double, cy: Double, alpha: Double, region: IntRect, occluder: Point?, symmetric: Bool = true,
        into w: MaskWriter
    ) {
        let scale = alpha * 255
        let cut = cutoff(scale: scale)
        guard cut > 0, !region.isEmpty else { return }
        if symmetric,
            rasterizeSymmetric(cx: cx, cy: cy, cut: cut, scale: scale, region: region, occluder: occluder, into: w)
        {
            return
        }
        // Rows and columns are clamped to the region before converting to Int.
        let lo = Double(region.minY)
        let hi = Double(region.maxY)
        let y0 = floorInt(min(hi, max(lo, cy - cut - 0.5)))
        let y1 = max(y0, ceilInt(min(hi, max(lo, cy + cut + 0.5))))
        guard y0 < y1 else { return }
        let left = Double(region.minX)
        let right = Double(region.maxX)
        let cut2 = cut * cut
        let oc = occluder
        // Row y mirrors row `rowSum − 1 − y`, column x mirrors `columnSum − 1 − x`.
        let rowSum = 2 * cy == (2 * cy).rounded() && abs(cy) < 1e8 ? Int(2 * cy) : nil
        let columnSum = 2 * cx == (2 * cx).rounded() && abs(cx) < 1e8 ? Int(2 * cx) : nil

        // Pass 1: each row's candidate columns [xa, xb) (pixel centres within the cut-off
        // distance) and the columns [h0, h1) the occluder hides, packed in a SIMD4; xa == xb for
        // an empty row. (A mirror pair looks at both rows' columns twice.)
        let rows = w.columnBuffer(y1 - y0)
        for y in y0..<y1 {
            let xa: Int
            let xb: Int
            if let m = rowSum, m &- 1 &- y < y, m &- 1 &- y >= y0 {
                // The mirror row's candidates: the same distance from the centre.
                let c = rows[m &- 1 &- y &- y0]
                guard c.x < c.y else {
                    rows[y &- y0] = .zero
                    continue
                }
                xa = Int(c.x)
                xb = Int(c.y)
            } else {
                let dy = Double(y) + 0.5 - cy
                let dy2 = dy * dy
                guard dy2 < cut2 else {
                    rows[y - y0] = .zero
                    continue
                }
                let half = (cut2 - dy2).squareRoot()
                xa = ceilInt(min(right, max(left, cx - 0.5 - half)))
                xb = max(xa, floorInt(min(right, max(left, cx - 0.5 + half))) + 1)
            }
            var h0 = xb
            var h1 = xb
            if let oc {
                // Columns inside the occluding disc over the whole band [y, y + 1]: within the
                // half-chord at the band's end farther from its centre.
                let far = max(abs(Double(y) - oc.y), abs(Double(y + 1) - oc.y))
                if far < radius {
                    let h = halfChord(radius, far)
                    let a = max(xa, min(xb, ceilInt(min(right, max(left, oc.x - h)))))
                    let b = max(a, min(xb, floorInt(min(right, max(left, oc.x + h)))))
                    // A gap under four pixels hides nothing (see above).
                    if b - a >= 4 {
                        h0 = a
                        h1 = b
                    }
                }
            }
            rows[y - y0] = SIMD4(
                Int32(truncatingIfNeeded: xa), Int32(truncatingIfNeeded: xb), Int32(truncatingIfNeeded: h0),
                Int32(truncatingIfNeeded: h1))
        }

        // Pass 2: blocks and runs. A block holds columns [xa, i0) then [i1, xb) (xb, xb when
        // nothing is hidden in both rows of a pair), followed by zero padding; a row's runs
        // [xa, h0) and [h1, xb) point into it (h0 ≤ i0, h1 ≥ i1).
        w.beginRows(first: y0, rows: y1 - y0)
        let kernel = ShadowKernel(self, cx: cx, scale: scale)
        for y in y0..<y1 {
            let c = rows[y - y0]
            let xa = Int(c.x)
            let xb = Int(c.y)
            guard xa < xb else {
                w.setRowBlock(y, left: -1, right: 0)
                continue
            }
            var base = -1
            var i0 = Int(c.z)
            var i1 = Int(c.w)
            if let m = rowSum {
                let source = m - 1 - y
                if source < y && source >= y0 {
                    let (b, packed) = w.rowBlock(source)
                    if b >= 0 {
                        // The block the mirror row above computed for both rows.
                        base = b
                        i0 = packed >> 32
                        i1 = packed & 0xFFFF_FFFF
                    }
                } else if source > y && source < y1 {
                    let d = rows[source - y0]
                    if d.x == c.x && d.y == c.y {
                        i0 = max(i0, Int(d.z))
                        i1 = min(i1, Int(d.w))
                    }
                }
            }
            if base < 0 {
                if i0 >= i1 {
                    i0 = xb
                    i1 = xb
                }
                let leftCount = i0 - xa
                base = w.coverageCount
                let out = w.reserveCoverage(leftCount + xb - i1)
                let dy = Double(y) + 0.5 - cy
                if let m = columnSum, xa + xb == m, i0 + i1 == m, i1 < xb {
                    // Symmetric about the centre: the left part is the right one reversed.
                    kernel.shade(into: out + leftCount, from: i1, count: xb - i1, dy: dy)
                    // out[x − xa] = out[leftCount + (m − 1 − x − i1)].
                    copyReversed(leftCount, last: out + (leftCount &+ (m &- 1 &- xa &- i1)), to: out)
                } else {
                    kernel.shade(into: out, from: xa, count: leftCount, dy: dy)
                    kernel.shade(into: out + leftCount, from: i1, count: xb - i1, dy: dy)
                }
                // Zero the padding after the block, which the four-pixel steps wrote.
                let end = out + leftCount + xb - i1
                end[0] = 0
                end[1] = 0
                end[2] = 0
                w.setRowBlock(y, left: base, right: i0 << 32 | i1)
            } else {
                w.setRowBlock(y, left: -1, right: 0)
            }
            let h0 = Int(c.z)
            let h1 = Int(c.w)
            if xa < h0 { w.addSpan(y: y, x: xa, count: h0 - xa, coverageOffset: base) }
            if h1 < xb { w.addSpan(y: y, x: h1, count: xb - h1, coverageOffset: base + (i0 - xa) + (h1 - i1)) }
        }
    }

    /// `rasterize` for a centre on the pixel grid's lines of symmetry (whole or half cx and cy:
    /// every shadow of a thumb in a frame on whole pixels), an occluder straight above or below
    /// it (or none) and a region holding the whole shadow; false, with nothing written,
    /// otherwise. The same blocks and runs as the general path, from one pass over the upper
    /// half of the rows: row y and its mirror share a block, whose left part is its right part
    /// reversed, and every row's columns and hidden gap are symmetric about cx, so nothing is
    /// looked up or clamped per row. (The general path's bookkeeping — both rows' columns in a
    /// first pass, the mirror rows' blocks looked up, every bound clamped to the region — cost
    /// ~300 instructions a row, more than its pixels.)
    private func rasterizeSymmetric(
        cx: Double, cy: Double, cut: Double, scale: Double, region: IntRect, occluder: Point?, into w: MaskWriter
    ) -> Bool {
        guard 2 * cx == (2 * cx).rounded(), 2 * cy == (2 * cy).rounded(), abs(cx) < 1e8, abs(cy) < 1e8,
            occluder.map({ $0.x == cx && abs($0.y) < 1e8 }) ?? true,
            Double(region.minX) <= cx - cut - 0.5, cx + cut + 0.5 <= Double(region.maxX),
            Double(region.minY) <= cy - cut - 0.5, cy + cut + 0.5 <= Double(region.maxY)
        else { return false }
        // Row y mirrors row rowSum − 1 − y, column x mirrors column m − 1 − x.
        let m = Int(2 * cx)
        let rowSum = Int(2 * cy)
        let y0 = floorInt(cy - cut - 0.5)
        let y1 = rowSum - y0
        guard y0 < y1 else { return true }
        let cut2 = cut * cut
        let ocY = occluder?.y
        let r = radius
        /// Where the occluder hides columns [h0, m − h0) of row y, within [xa, m − xa): h0, or
        /// m − xa when it hides nothing (a gap under four pixels hides nothing: see `rasterize`).
        @inline(__always) func hiddenStart(_ y: Int, xa: Int) -> Int {
            guard let ocY else { return m &- xa }
            let far = max(abs(Double(y) - ocY), abs(Double(y + 1) - ocY))
            guard far < r else { return m &- xa }
            let a = max(xa, ceilInt(cx - halfChord(r, far)))
            return m &- a &- a >= 4 ? a : m &- xa
        }
        let kernel = ShadowKernel(self, cx: cx, scale: scale)
        // Per upper row: its block's start, the block's left part's end i0 (its right part starts
        // at m − i0, or at i0 when a whole row is computed), xa, and the mirror row's h0.
        let records = w.columnBuffer(y1 - y0)
        let empty = SIMD4<Int32>(-1, 0, 0, 0)
        // Rows y ≤ lastUpper have their mirror at or below them.
        let lastUpper = (rowSum - 1) >> 1
        for y in y0..<y1 {
            let upper = y <= lastUpper
            let mirror = rowSum &- 1 &- y
            var xa: Int
            var h0: Int
            var base: Int
            var i0: Int
            var i1: Int
            if upper {
                let dy = Double(y) + 0.5 - cy
                let dy2 = dy * dy
                guard dy2 < cut2 else {
                    records[y &- y0] = empty
                    continue
                }
                xa = ceilInt(cx - 0.5 - (cut2 - dy2).squareRoot())
                let xb = m &- xa
                guard xa < xb else {
                    records[y &- y0] = empty
                    continue
                }
                h0 = hiddenStart(y, xa: xa)
                let h0Mirror = mirror == y ? h0 : hiddenStart(mirror, xa: xa)
                // The block holds the columns either row shows; left part [xa, i0), right [i1, xb).
                i0 = max(h0, h0Mirror)
                i1 = m &- i0
                let whole = i0 >= i1
                if whole {
                    // No gap: mirrored halves when m is even, else the whole row computed.
                    i0 = m & 1 == 0 ? m >> 1 : xb
                    i1 = m & 1 == 0 ? i0 : xb
                }
                let leftCount = i0 &- xa
                let rightCount = xb &- i1
                base = w.coverageCount
                let out = w.reserveCoverage(leftCount &+ rightCount)
                if rightCount > 0 {
                    kernel.shade(into: out + leftCount, from: i1, count: rightCount, dy: dy)
                    // Column xa + j mirrors column xb − 1 − j, right-part index rightCount − 1 − j.
                    copyReversed(leftCount, last: out + (leftCount &+ rightCount &- 1), to: out)
                } else {
                    kernel.shade(into: out, from: xa, count: leftCount, dy: dy)
                }
                // Zero the padding after the block, which the four-pixel steps wrote.
                let end = out + leftCount + rightCount
                end[0] = 0
                end[1] = 0
                end[2] = 0
                records[y &- y0] = SIMD4(
                    Int32(truncatingIfNeeded: base), Int32(truncatingIfNeeded: i0), Int32(truncatingIfNeeded: xa),
                    Int32(truncatingIfNeeded: h0Mirror))
            } else {
                let record = records[mirror &- y0]
                guard record.x >= 0 else { continue }
                base = Int(record.x)
                i0 = Int(record.y)
                xa = Int(record.z)
                h0 = Int(record.w)
                // As above: m − i0 for a gap or mirrored halves, i0 for a whole row computed.
                i1 = max(i0, m &- i0)
            }
            let xb = m &- xa
            let h1 = m &- h0
            if h0 < h1 {
                // Visible: [xa, h0) from the block's start, [h1, xb) from its right part.
                if xa < h0 { w.addSpan(y: y, x: xa, count: h0 &- xa, coverageOffset: base) }
                if h1 < xb {
                    w.addSpan(y: y, x: h1, count: xb &- h1, coverageOffset: base &+ (i0 &- xa) &+ (h1 &- i1))
                }
            } else {
                w.addSpan(y: y, x: xa, count: xb &- xa, coverageOffset: base)
            }
        }
        return true
    }

    /// The double-precision twin of `ShadowKernel.shade`, for anisotropic profiles and far
    /// centres: levels of `count` pixels from column `from` (centres dy below the disc's).
    fileprivate func shadeScalar(
        into out: UnsafeMutablePointer<UInt8>, from: Int, count: Int, cx: Double, dy: Double, scale: Double
    ) {
        intervals.withUnsafeBufferPointer { table in
            let last = Double(table.count)
            let dy2 = dy * dy
            var dx = Double(from) + 0.5 - cx
            for i in 0..<count {
                let rho2 = dx * dx + dy2
                let u = max(0, (rho2.squareRoot() - start) * inverseStep)
                var v = 0.0
                if u < last {
                    let k = floorIndex(u)
                    let f = u - Double(k)
                    let e = table[k]
                    v = e.x + f * e.y
                    if anisotropic {
                        let xy = dx * dy
                        v += (e.z + f * e.w) * (rho2 > 0 ? 1 - 8 * xy * xy / (rho2 * rho2) : 1)
                    }
                }
                out[i] = roundedLevel(v * scale)
                dx += 1
            }
        }
    }

    /// (Q₀ᵢ, Q₀ᵢ₊₁ − Q₀ᵢ) in single precision, zero-padded, for `ShadowKernel`.
    fileprivate var singleTable: [SIMD2<Float>] { singleIntervals }
}

/// The per-pixel shadow evaluation with its constants set up once per shadow.
private struct ShadowKernel {
    let profile: DiscShadowProfile
    let cx: Double
    let scale: Double
    let magic = SIMD4<Float>(repeating: 12_582_912)
    let origin: SIMD4<Float>
    let inv: SIMD4<Float>
    let levels: SIMD4<Float>

    init(_ profile: DiscShadowProfile, cx: Double, scale: Double) {
        self.profile = profile
        self.cx = cx
        self.scale = scale
        origin = SIMD4(repeating: Float(profile.start))
        inv = SIMD4(repeating: Float(profile.inverseStep))
        levels = SIMD4(repeating: Float(scale))
    }

    /// Shadow levels of `count` pixels from column `from`, whose centres are dy below the disc's,
    /// into `out`, which has room for `count` rounded up to four.
    @inline(__always)
    func shade(into out: UnsafeMutablePointer<UInt8>, from: Int, count: Int, dy: Double) {
        guard count > 0 else { return }
        guard profile.vectorised else {
            profile.shadeScalar(into: out, from: from, count: count, cx: cx, dy: dy, scale: scale)
            return
        }
        // Four pixels a step in single precision (the padding to four is computed too; the
        // caller zeroes it). Conversions go through the 1.5·2²³ trick — adding it rounds to an
        // integer held in the low mantissa bits — because Swift's generic SIMD conversions
        // (`SIMD4<Int32>(_:rounding:)`, `clamped`) are not inlined and masked selects
        // (`replacing(with:where:)`) made LLVM scalarise the loop: ~140 instructions per four
        // pixels, against ~45 here.
        profile.singleTable.withUnsafeBufferPointer { table in
            let pairs = UnsafeRawPointer(table.baseAddress!)
            let magicBits = unsafeBitCast(magic, to: SIMD4<Int32>.self)
            let rowDy2 = SIMD4<Float>(repeating: Float(dy * dy))
            let half = SIMD4<Float>(repeating: 0.5)
            var dx = SIMD4<Float>(repeating: Float(Double(from) + 0.5 - cx)) + SIMD4<Float>(0, 1, 2, 3)
            var i = 0
            while i < count {
                let rho = (dx * dx + rowDy2).squareRoot()
                // max(u, 0) by clearing negative lanes through their sign bit.
                let raw = unsafeBitCast((rho - origin) * inv, to: SIMD4<Int32>.self)
                let u = unsafeBitCast(raw & ~(raw &>> 31), to: SIMD4<Float>.self)
                // k = round(u − ½) = ⌊u⌋ (an exact integer may give k − 1 with f = 1). Lanes past
                // the table's last node read its zero padding.
                let k = unsafeBitCast(u - half + magic, to: SIMD4<Int32>.self) &- magicBits
                let f = u - (unsafeBitCast(k &+ magicBits, to: SIMD4<Float>.self) - magic)
                let e0 = pairs.loadUnaligned(fromByteOffset: Int(k[0]) &* 8, as: SIMD2<Float>.self)
                let e1 = pairs.loadUnaligned(fromByteOffset: Int(k[1]) &* 8, as: SIMD2<Float>.self)
                let e2 = pairs.loadUnaligned(fromByteOffset: Int(k[2]) &* 8, as: SIMD2<Float>.self)
                let e3 = pairs.loadUnaligned(fromByteOffset: Int(k[3]) &* 8, as: SIMD2<Float>.self)
                let q = SIMD4<Float>(e0.x, e1.x, e2.x, e3.x)
                let dq = SIMD4<Float>(e0.y, e1.y, e2.y, e3.y)
                // Nodes are in [0, 1] and interpolation between two stays between them, so v is
                // in [0, 255] up to rounding: round(v) is the low byte of v + 1.5·2²³.
                let v = (q + f * dq) * levels + magic
                let l = SIMD4<UInt8>(truncatingIfNeeded: unsafeBitCast(v, to: SIMD4<UInt32>.self))
                UnsafeMutableRawPointer(out + i).storeBytes(of: l, as: SIMD4<UInt8>.self)
                dx += 4
                i &+= 4
            }
        }
    }
}

/// ⌊u⌋ for 0 ≤ u < 2³¹ without the range checks of `Int(_: Double)` (11 instructions a pixel):
/// adding 1.5·2⁵² rounds u − ½ to an integer in the low bits of the sum. Exact integers may come
/// out one less (u = k gives k − 1), which callers interpolating over [⌊u⌋, ⌊u⌋ + 1] absorb.
@inline(__always)
func floorIndex(_ u: Double) -> Int {
    Int(truncatingIfNeeded: (u - 0.5 + 6_755_399_441_055_744.0).bitPattern & 0xFFFF_FFFF)
}

/// round(v) clamped to 0…255 (ties to even), without `UInt8(_: Double)`'s range checks.
@inline(__always)
func roundedLevel(_ v: Double) -> UInt8 {
    UInt8(truncatingIfNeeded: (min(255, max(0, v)) + 6_755_399_441_055_744.0).bitPattern)
}

/// Disc shadow profiles by (radius, σ): what depends on a style and never on a position, kept
/// for the canvas's life (a handful per panel; the oldest half is dropped past `limit`).
final class DiscShadowProfiles {
    private struct Key: Hashable {
        let radius: Double
        let sigma: Double
    }
    @exclusivity(unchecked) private var profiles: [Key: DiscShadowProfile] = [:]
    @exclusivity(unchecked) private var order: [Key] = []
    let limit = 32

    /// Profiles built since creation, for tests and benchmarks.
    private(set) var builds = 0

    @exclusivity(unchecked) private var capsules: [Key: CapsuleShadowProfile] = [:]
    @exclusivity(unchecked) private var lastCapsule: CapsuleShadowProfile?

    /// The capsule tables for cap radius `radius` and `sigma` (with the disc's profile).
    func capsule(radius: Double, sigma: Double) -> CapsuleShadowProfile {
        if let last = lastCapsule, last.radius == radius, last.sigma == sigma { return last }
        let key = Key(radius: radius, sigma: sigma)
        if let p = capsules[key] {
            lastCapsule = p
            return p
        }
        if capsules.count >= limit { capsules.removeAll() }
        let p = CapsuleShadowProfile(radius: radius, sigma: sigma, disc: profile(radius: radius, sigma: sigma))
        builds += 1
        capsules[key] = p
        lastCapsule = p
        return p
    }

    /// The last profile returned: a panel's thumbs share one style, and the dictionary lookup
    /// (hashing two Doubles) cost ~3,000 instructions a shadow.
    @exclusivity(unchecked) private var last: DiscShadowProfile?

    func profile(radius: Double, sigma: Double) -> DiscShadowProfile {
        if let last, last.radius == radius, last.sigma == sigma { return last }
        let key = Key(radius: radius, sigma: sigma)
        if let p = profiles[key] {
            last = p
            return p
        }
        let p = DiscShadowProfile(radius: radius, sigma: sigma)
        builds += 1
        if order.count >= limit {
            for old in order.prefix(limit / 2) { profiles[old] = nil }
            order.removeFirst(limit / 2)
        }
        profiles[key] = p
        order.append(key)
        last = p
        return p
    }
}
