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
    let intervals: [SIMD4<Double>]
    /// (Q₀ᵢ, Q₀ᵢ₊₁ − Q₀ᵢ) in single precision, for the four-pixel kernel.
    let singleIntervals: [SIMD2<Float>]
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
}
