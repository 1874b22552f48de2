// The few transcendental functions the pure core needs (masks, shadows, spring animation), in
// plain Swift so that the raster and widget modules import no C module (Glibc's libm would come
// in through Foundation). They never run per pixel; tests check them against libm.

/// Elementary functions in plain Swift.
public enum Math {
    public static let pi = 3.141592653589793

    /// sin(x), by reduction to [−π/2, π/2] and a Taylor series (relative error ~1e-15 for
    /// |x| up to a few thousand).
    public static func sin(_ x: Double) -> Double {
        guard x.isFinite else { return .nan }
        let twoPi = 2 * pi
        var r = x - (x / twoPi).rounded() * twoPi
        // sin(π − r) = sin r folds [−π, π] into [−π/2, π/2], where the series converges fast.
        if r > pi / 2 { r = pi - r } else if r < -pi / 2 { r = -pi - r }
        let r2 = r * r
        var term = r
        var sum = r
        var k = 1.0
        for _ in 0..<12 {
            term *= -r2 / ((2 * k) * (2 * k + 1))
            sum += term
            k += 1
        }
        return sum
    }

    /// cos(x) = sin(x + π/2).
    public static func cos(_ x: Double) -> Double { sin(x + pi / 2) }

    /// atan(x) for any finite x.
    public static func atan(_ x: Double) -> Double {
        if x.isNaN { return x }
        if x < 0 { return -atan(-x) }
        if x > 1 { return pi / 2 - atan(1 / x) }
        // atan(x) = π/6 + atan((x√3 − 1)/(x + √3)) brings x ≤ 1 into |y| ≤ tan(π/12) ≈ 0.268,
        // where the alternating series needs ≤ 15 terms for full precision.
        let sqrt3 = 1.7320508075688772
        var offset = 0.0
        var y = x
        if x > 0.2679491924311227 {
            offset = pi / 6
            y = (x * sqrt3 - 1) / (x + sqrt3)
        }
        let y2 = y * y
        var term = y
        var sum = 0.0
        var n = 1.0
        for _ in 0..<16 {
            sum += term / n
            term *= -y2
            n += 2
        }
        return offset + sum
    }

    /// The angle of the point (x, y), in (−π, π].
    public static func atan2(_ y: Double, _ x: Double) -> Double {
        if x.isNaN || y.isNaN { return .nan }
        if x > 0 { return atan(y / x) }
        if x < 0 { return y >= 0 ? atan(y / x) + pi : atan(y / x) - pi }
        return y > 0 ? pi / 2 : (y < 0 ? -pi / 2 : 0)
    }

    /// eˣ, to full double precision for |x| < 700.
    public static func exp(_ x: Double) -> Double {
        if x.isNaN { return x }
        if x < -745 { return 0 }
        if x > 709 { return .infinity }
        let ln2 = 0.6931471805599453
        let n = (x / ln2).rounded()
        // Cody–Waite split of ln 2 keeps r exact enough.
        let r = (x - n * 0.6931471803691238) - n * 1.9082149292705877e-10
        var term = 1.0
        var sum = 1.0
        for k in 1...18 {
            term *= r / Double(k)
            sum += term
        }
        return sum * pow2(Int(n))
    }

    /// 2ⁿ for integer n, also subnormal results.
    static func pow2(_ n: Int) -> Double {
        if n > 1023 { return .infinity }
        if n < -1074 { return 0 }
        if n < -1022 {
            return Double(sign: .plus, exponent: -1022, significand: 1)
                * Double(sign: .plus, exponent: n + 1022, significand: 1)
        }
        return Double(sign: .plus, exponent: n, significand: 1)
    }
}
