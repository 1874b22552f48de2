// The gaussian shadow of a horizontal capsule (a pressed, stretched thumb), evaluated per pixel
// from per-style tables: the fast twin of `Shape.shadowMask` for capsules, as DiscShadow.swift
// is for discs.
//
// For a capsule with caps of radius R centred at (cx1, cy) and (cx2, cy), the pixel-averaged
// blurred shadow at a pixel centre p, with u1 = p.x − cx1, u2 = cx2 − p.x and y = p.y − cy, is
//     S = G(u1, y) + G(u2, y) − W(y),
//     G(u, y) = ∫ K(t − y)·Kc(u + h(t)) dt over t ∈ [−R, R],   W(y) = Kc(R − y) − Kc(−R − y),
// where h is the cap's half-chord, K the gaussian averaged over a pixel and Kc its integral
// (row by row, the capsule spans [cx1 − h, cx2 + h] and its blurred row is a difference of Kc).
// The blurred edge separates: along the straight sides G is W (u ≥ U = 6σ + 1: the gaussian no
// longer reaches past the cap's centre) and beyond a cap it is the disc's profile minus W's
// complement, so with the disc's profile Q,
//     G(u, y) = ½(Q(√(u² + y²)) + W(y)) + O(u, y),  O = ±½(W − Q) for |u| ≥ U,
// and only O within |u| < U needs a two-dimensional table, built once per (R, σ). A disc is the
// case u2 = −u1 (S = Q); a capsule stretched by a few pixels costs a few lookups per pixel instead
// of blurring a mask (~1.5 M instructions a frame for the benchmark's pressed thumb).

/// The tables for the shadows of capsules of cap radius `radius` blurred by `sigma`.
final class CapsuleShadowProfile {
    let radius: Double
    let sigma: Double
    /// The disc of the same radius: its profile is Q.
    let disc: DiscShadowProfile
    /// |u| from which O has its closed form.
    let reach: Double
    let uStep: Double, yStep: Double
    let columns: Int, rows: Int
    /// O at u = −reach + j·uStep, y = i·yStep (row-major, rows × columns).
    private let table: [Double]

    init(radius r: Double, sigma: Double, disc: DiscShadowProfile) {
        radius = r
        self.sigma = sigma
        self.disc = disc
        reach = 6 * sigma + 1
        // O is smooth on the scale of σ: nodes every σ/8 keep bilinear interpolation within
        // (σ/8)²/8·|O″| ≈ 2·10⁻⁴.
        uStep = sigma / 8
        yStep = sigma / 8
        columns = Int((2 * reach / uStep).rounded(.up)) + 2
        rows = Int(((r + reach + 1) / yStep).rounded(.up)) + 2
        // Quadrature nodes over the cap, t = R·sin θ (smooth at the cap's ends), no further
        // apart than σ/4 where they are sparsest (t = 0).
        var n = Int((4 * Double.pi * r / sigma).rounded(.up))
        n = min(4096, max(32, n + n % 2))
        let dTheta = Math.pi / Double(n)
        var t = [Double](repeating: 0, count: n + 1)
        var h = [Double](repeating: 0, count: n + 1)
        var w = [Double](repeating: 0, count: n + 1)
        for k in 0...n {
            let theta = -Math.pi / 2 + Double(k) * dTheta
            let s = Math.sin(theta)
            let c = max(0, Math.cos(theta))
            t[k] = r * s
            h[k] = r * c
            let simpson: Double = k == 0 || k == n ? 1 : (k % 2 == 1 ? 4 : 2)
            w[k] = r * c * simpson * dTheta / 3
        }
        let inv = 1 / sigma
        func kc(_ u: Double) -> Double {
            sigma * (StandardNormal.integratedCDF((u + 0.5) * inv) - StandardNormal.integratedCDF((u - 0.5) * inv))
        }
        // Kc(u_j + h_k) for every node and column.
        var kcTable = [Double](repeating: 0, count: (n + 1) * columns)
        for k in 0...n {
            for j in 0..<columns { kcTable[k * columns + j] = kc(-reach + Double(j) * uStep + h[k]) }
        }
        var o = [Double](repeating: 0, count: rows * columns)
        let span = 6 * sigma + 0.5
        var g = [Double](repeating: 0, count: columns)
        for i in 0..<rows {
            let y = Double(i) * yStep
            for j in 0..<columns { g[j] = 0 }
            for k in 0...n where abs(t[k] - y) <= span {
                let weight =
                    w[k] * (StandardNormal.cdf((t[k] - y + 0.5) * inv) - StandardNormal.cdf((t[k] - y - 0.5) * inv))
                guard weight != 0 else { continue }
                for j in 0..<columns { g[j] += weight * kcTable[k * columns + j] }
            }
            let strip = kc(r - y) - kc(-r - y)
            for j in 0..<columns {
                let u = -reach + Double(j) * uStep
                o[i * columns + j] = g[j] - 0.5 * (disc.value(dx: u, dy: y) + strip)
            }
        }
        table = o
    }

    /// W(y): the blurred strip |t| ≤ R averaged over the pixel, y from its centre line.
    func strip(_ y: Double) -> Double {
        let inv = 1 / sigma
        func kc(_ u: Double) -> Double {
            sigma * (StandardNormal.integratedCDF((u + 0.5) * inv) - StandardNormal.integratedCDF((u - 0.5) * inv))
        }
        return kc(radius - y) - kc(-radius - y)
    }

    /// O(u, y) for y ≥ 0, given the disc's value q at (u, y) and the strip's w at y.
    @inline(__always)
    func odd(_ u: Double, _ y: Double, q: Double, w: Double) -> Double {
        if u >= reach { return 0.5 * (w - q) }
        if u <= -reach { return 0.5 * (q - w) }
        let fu = (u + reach) / uStep
        let fy = y / yStep
        let j = min(columns - 2, max(0, Int(fu)))
        guard fy < Double(rows - 1) else { return 0 }
        let i = Int(fy)
        let a = fu - Double(j)
        let b = fy - Double(i)
        return table.withUnsafeBufferPointer { o in
            let p = i * columns + j
            let top = o[p] + a * (o[p + 1] - o[p])
            let bottom = o[p + columns] + a * (o[p + columns + 1] - o[p + columns])
            return top + b * (bottom - top)
        }
    }

    /// The shadow (0…1) at a pixel centre (x, y) of the capsule with caps centred at
    /// (cx1, cy) and (cx2, cy).
    func value(x: Double, y: Double, cx1: Double, cx2: Double, cy: Double) -> Double {
        let dy = abs(y - cy)
        let w = strip(dy)
        return value(u1: x - cx1, u2: cx2 - x, dy: dy, w: w)
    }

    @inline(__always)
    private func value(u1: Double, u2: Double, dy: Double, w: Double) -> Double {
        let q1 = disc.value(dx: u1, dy: dy)
        let q2 = disc.value(dx: u2, dy: dy)
        return 0.5 * (q1 + q2) + odd(u1, dy, q: q1, w: w) + odd(u2, dy, q: q2, w: w)
    }

    /// A distance from the capsule's centre segment beyond which value × scale rounds to 0.
    func cutoff(scale: Double) -> Double {
        var d = radius + reach + 1
        while d > 0 && strip(d) * scale < 0.5 { d -= yStep }
        return max(disc.cutoff(scale: scale), d + yStep)
    }

    /// Writes the shadow of the capsule with caps centred at (cx1, cy) and (cx2, cy), times
    /// `alpha`, for every pixel of `region` where it is not 0, leaving out each row's columns
    /// that lie entirely inside the capsule whose caps are centred at `occluder` (the shape itself,
    /// drawn opaque on top).
    func rasterize(
        cx1: Double, cx2: Double, cy: Double, alpha: Double, region: IntRect, occluder: (Double, Double, Double)?,
        into writer: MaskWriter
    ) {
        let scale = alpha * 255
        let cut = cutoff(scale: scale)
        guard cut > 0, !region.isEmpty else { return }
        let lo = Double(region.minY)
        let hi = Double(region.maxY)
        let y0 = floorInt(min(hi, max(lo, cy - cut - 0.5)))
        let y1 = ceilInt(min(hi, max(lo, cy + cut + 0.5)))
        let left = Double(region.minX)
        let right = Double(region.maxX)
        let cut2 = cut * cut
        for y in y0..<max(y0, y1) {
            let dy = abs(Double(y) + 0.5 - cy)
            guard dy * dy < cut2 else { continue }
            let half = (cut2 - dy * dy).squareRoot()
            let xa = ceilInt(min(right, max(left, cx1 - 0.5 - half)))
            let xb = max(xa, floorInt(min(right, max(left, cx2 - 0.5 + half))) + 1)
            guard xa < xb else { continue }
            var h0 = xb
            var h1 = xb
            if let (o1, o2, oy) = occluder {
                let far = max(abs(Double(y) - oy), abs(Double(y + 1) - oy))
                if far < radius {
                    let chord = halfChord(radius, far)
                    h0 = max(xa, min(xb, ceilInt(min(right, max(left, o1 - chord)))))
                    h1 = max(h0, min(xb, floorInt(min(right, max(left, o2 + chord)))))
                    // A gap under four pixels hides nothing: a run's padding must not reach the
                    // next run.
                    if h1 - h0 < 4 {
                        h0 = xb
                        h1 = xb
                    }
                }
            }
            let w = strip(dy)
            func run(_ from: Int, _ to: Int) {
                guard from < to else { return }
                let out = writer.addPartial(y: y, x: from, count: to - from)
                var x = Double(from) + 0.5
                for i in 0..<(to - from) {
                    out[i] = roundedLevel(value(u1: x - cx1, u2: cx2 - x, dy: dy, w: w) * scale)
                    x += 1
                }
            }
            run(xa, h0)
            run(h1, xb)
        }
    }
}

extension Shape {
    /// The horizontal capsule this shape is, if it is one: a rounded rectangle at least as wide
    /// as tall whose (normalised) radii are all half its height. Returns the caps' centres and
    /// radius.
    var horizontalCapsule: (cx1: Double, cx2: Double, cy: Double, radius: Double)? {
        guard case .roundedRect(let r, let radii) = self, r.width >= r.height, r.height > 0 else { return nil }
        let half = r.height / 2
        let n = RoundedRectGeometry(r, radii).radii
        guard n.topLeft == half, n.topRight == half, n.bottomRight == half, n.bottomLeft == half else { return nil }
        return (r.minX + half, r.maxX - half, r.midY, half)
    }
}
