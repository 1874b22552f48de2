// The gaussian shadow of a disc, evaluated per pixel from a radial table instead of blurring a
// mask: the fast twin of `Shape.shadowMask` (GaussianShadow.swift) for round thumbs.
//
// A disc convolved with a 2-D gaussian is radially symmetric, and so is it averaged over a pixel
// up to the square's own 4-fold symmetry: the value at a pixel whose centre is at distance ρ and
// angle θ from the disc's centre is Q₀(ρ) + Q₄(ρ)·cos 4θ plus harmonics cos 8θ… that are far
// below a level for σ ≥ `DiscShadowProfile.minimumSigma`. Q₀ and Q₄ are tabulated once per
// (radius, σ) — a style's constants, never a position — from the exact pixel average at θ = 0
// and θ = π/4, so a shadow at any sub-pixel position costs one square root and one table lookup
// per pixel. Measured on the benchmark's thumb (r = 27, σ = 2): the blurred-mask path cost
// ~2.1 M instructions per shadow, this one (see README "Performance").

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
        for i in 0..<n {
            let rho = start + Double(i) * step
            let axis = DiscShadowProfile.pixelAverage(radius: radius, sigma: sigma, x: rho, y: 0)
            if anisotropic {
                let diag = DiscShadowProfile.pixelAverage(
                    radius: radius, sigma: sigma, x: rho * diagonal, y: rho * diagonal)
                q0[i] = 0.5 * (axis + diag)
                q4[i] = 0.5 * (axis - diag)
            } else {
                q0[i] = axis
            }
        }
        intervals = (0..<n).map { i in SIMD4(q0[i], q0[i + 1] - q0[i], q4[i], q4[i + 1] - q4[i]) }
        singleIntervals = intervals.map { SIMD2(Float($0.x), Float($0.y)) }
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
    func rasterize(cx: Double, cy: Double, alpha: Double, region: IntRect, occluder: Point?, into w: MaskWriter) {
        let scale = alpha * 255
        let cut = cutoff(scale: scale)
        guard cut > 0, !region.isEmpty else { return }
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

        /// The candidate columns [xa, xb) of row y (pixels whose centre is within the cut-off
        /// distance) and the columns [h0, h1) the occluder hides; nil when the row is empty.
        func columns(_ y: Int) -> (xa: Int, xb: Int, h0: Int, h1: Int)? {
            let dy = Double(y) + 0.5 - cy
            let dy2 = dy * dy
            guard dy2 < cut2 else { return nil }
            let half = (cut2 - dy2).squareRoot()
            let xa = ceilInt(min(right, max(left, cx - 0.5 - half)))
            let xb = floorInt(min(right, max(left, cx - 0.5 + half))) + 1
            guard xa < xb else { return nil }
            guard let oc else { return (xa, xb, xb, xb) }
            // Columns inside the occluding disc over the whole band [y, y + 1]: within the
            // half-chord at the band's end farther from its centre.
            let far = max(abs(Double(y) - oc.y), abs(Double(y + 1) - oc.y))
            guard far < radius else { return (xa, xb, xb, xb) }
            let h = halfChord(radius, far)
            let h0 = max(xa, min(xb, ceilInt(min(right, max(left, oc.x - h)))))
            let h1 = max(h0, min(xb, floorInt(min(right, max(left, oc.x + h)))))
            // A gap under four pixels hides nothing (see above).
            return h1 - h0 < 4 ? (xa, xb, xb, xb) : (xa, xb, h0, h1)
        }

        /// Computes columns [from, to) of row y into a new block; its coverage offset.
        func block(_ y: Int, _ from: Int, _ to: Int) -> Int {
            let offset = w.coverageCount
            let out = w.reserveCoverage(to - from)
            let dy = Double(y) + 0.5 - cy
            if let m = columnSum, m - 1 - from == to - 1 {
                // Symmetric about the centre: compute the right half, mirror it.
                let mid = (from + to) / 2
                shade(into: out + (mid - from), from: mid, count: to - mid, cx: cx, dy: dy, scale: scale)
                for x in from..<mid { out[x - from] = out[m - 1 - x - from] }
            } else {
                shade(into: out, from: from, count: to - from, cx: cx, dy: dy, scale: scale)
            }
            // Zero the padding after the block, which the four-pixel steps wrote.
            for j in (to - from)..<(to - from + 3) { out[j] = 0 }
            return offset
        }

        /// Adds row y's visible runs, pointing into the blocks of [xa, h0) at `leftOffset` and
        /// of [h1, xb) (or the whole row) at `rightOffset`, whose first column is `rightStart`.
        func emit(_ y: Int, _ c: (xa: Int, xb: Int, h0: Int, h1: Int), _ leftOffset: Int, _ rightOffset: Int, _ rightStart: Int) {
            if c.xa < c.h0 { w.addSpan(y: y, x: c.xa, count: c.h0 - c.xa, coverageOffset: leftOffset) }
            if c.h1 < c.xb { w.addSpan(y: y, x: c.h1, count: c.xb - c.h1, coverageOffset: rightOffset + (c.h1 - rightStart)) }
        }

        w.beginRows(first: y0, rows: y1 - y0)
        for y in y0..<y1 {
            guard let c = columns(y) else {
                w.setRowBlock(y, left: -1, right: -1)
                continue
            }
            if let m = rowSum {
                let source = m - 1 - y
                if source < y && source >= y0, let (leftOffset, rightOffset) = w.rowBlock(source), leftOffset >= 0 {
                    // The blocks the mirror row above computed for both rows.
                    let s = columns(source)!
                    let unionStart = min(s.h1, c.h1)
                    emit(y, c, leftOffset, rightOffset, max(s.h0, c.h0) < unionStart ? unionStart : c.xa)
                    continue
                }
                let mirror = m - 1 - y
                if mirror > y && mirror < y1, let d = columns(mirror), d.xa == c.xa, d.xb == c.xb {
                    // Blocks for the union of this row's and its mirror's visible columns.
                    let i0 = max(c.h0, d.h0)
                    let i1 = min(c.h1, d.h1)
                    if i0 < i1 {
                        let r = block(y, i1, c.xb)
                        let l: Int
                        if let m = columnSum, c.xa + c.xb == m, i0 + i1 == m {
                            // The left block is the right one reversed.
                            l = w.coverageCount
                            let out = w.reserveCoverage(i0 - c.xa)
                            let source = w.coverage + r
                            for x in c.xa..<i0 { out[x - c.xa] = source[m - 1 - x - i1] }
                        } else {
                            l = block(y, c.xa, i0)
                        }
                        w.setRowBlock(y, left: l, right: r)
                        emit(y, c, l, r, i1)
                    } else {
                        let whole = block(y, c.xa, c.xb)
                        w.setRowBlock(y, left: whole, right: whole)
                        emit(y, c, whole, whole, c.xa)
                    }
                    continue
                }
            }
            w.setRowBlock(y, left: -1, right: -1)
            let l = c.xa < c.h0 ? block(y, c.xa, c.h0) : 0
            let r = c.h1 < c.xb ? block(y, c.h1, c.xb) : 0
            emit(y, c, l, r, c.h1)
        }
    }

    /// Shadow levels of `count` pixels from column `from` (whose centres are dy below the
    /// disc's) into `out`, which has room for `count` rounded up to four.
    @inline(__always)
    private func shade(
        into out: UnsafeMutablePointer<UInt8>, from: Int, count: Int, cx: Double, dy: Double, scale: Double
    ) {
        guard count > 0 else { return }
        let dx0 = Double(from) + 0.5 - cx
        let dy2 = dy * dy
        if vectorised {
            // Four pixels a step in single precision (the padding to four is computed too and
            // zeroed after). Conversions go through the 1.5·2²³ trick — adding it rounds to an
            // integer held in the low mantissa bits — because Swift's generic SIMD conversions
            // (`SIMD4<Int32>(_:rounding:)`, `clamped`) are not inlined: they made this loop 30×
            // slower than the scalar one.
            singleIntervals.withUnsafeBufferPointer { table in
                let pairs = UnsafeRawPointer(table.baseAddress!)
                let magic = SIMD4<Float>(repeating: 12_582_912)
                let magicBits = unsafeBitCast(magic, to: SIMD4<Int32>.self)
                let last = SIMD4<Float>(repeating: Float(table.count - 1))
                let origin = SIMD4<Float>(repeating: Float(start))
                let inv = SIMD4<Float>(repeating: Float(inverseStep))
                let levels = SIMD4<Float>(repeating: Float(scale))
                let rowDy2 = SIMD4<Float>(repeating: Float(dy2))
                let zero = SIMD4<Float>(repeating: 0)
                let half = SIMD4<Float>(repeating: 0.5)
                let top = SIMD4<Float>(repeating: 255)
                var dx = SIMD4<Float>(repeating: Float(dx0)) + SIMD4<Float>(0, 1, 2, 3)
                var i = 0
                while i < count {
                    let rho = (dx * dx + rowDy2).squareRoot()
                    var u = (rho - origin) * inv
                    u.replace(with: zero, where: u .< zero)
                    let outside = u .> last
                    u.replace(with: zero, where: outside)
                    // k = round(u − ½) = ⌊u⌋ (an exact integer may give k − 1 with f = 1).
                    let k = unsafeBitCast(u - half + magic, to: SIMD4<Int32>.self) &- magicBits
                    let f = u - (unsafeBitCast(k &+ magicBits, to: SIMD4<Float>.self) - magic)
                    let e0 = pairs.loadUnaligned(fromByteOffset: Int(k[0]) &* 8, as: SIMD2<Float>.self)
                    let e1 = pairs.loadUnaligned(fromByteOffset: Int(k[1]) &* 8, as: SIMD2<Float>.self)
                    let e2 = pairs.loadUnaligned(fromByteOffset: Int(k[2]) &* 8, as: SIMD2<Float>.self)
                    let e3 = pairs.loadUnaligned(fromByteOffset: Int(k[3]) &* 8, as: SIMD2<Float>.self)
                    let q = SIMD4<Float>(e0.x, e1.x, e2.x, e3.x)
                    let dq = SIMD4<Float>(e0.y, e1.y, e2.y, e3.y)
                    var v = (q + f * dq) * levels
                    v.replace(with: zero, where: outside .| (v .< zero))
                    v.replace(with: top, where: v .> top)
                    // round(v) in the low byte of each lane.
                    let l = unsafeBitCast(v + magic, to: SIMD4<UInt32>.self) & 0xFF
                    let packed = l[0] | l[1] &<< 8 | l[2] &<< 16 | l[3] &<< 24
                    UnsafeMutableRawPointer(out + i).storeBytes(of: packed, as: UInt32.self)
                    dx += 4
                    i &+= 4
                }
                for j in count..<((count + 3) & ~3) { out[j] = 0 }
            }
            return
        }
        intervals.withUnsafeBufferPointer { table in
            let last = Double(table.count)
            var dx = dx0
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
