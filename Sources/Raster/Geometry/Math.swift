// The few transcendental functions the rasteriser needs, in plain Swift so that the raster
// module imports no C module (Glibc's libm would come in through Foundation). They run only
// when a mask is built, never per frame; tests check them against libm to 1e-15.

enum Math {
    static let pi = 3.141592653589793

    /// atan(x) for any finite x.
    static func atan(_ x: Double) -> Double {
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
    static func atan2(_ y: Double, _ x: Double) -> Double {
        if x.isNaN || y.isNaN { return .nan }
        if x > 0 { return atan(y / x) }
        if x < 0 { return y >= 0 ? atan(y / x) + pi : atan(y / x) - pi }
        return y > 0 ? pi / 2 : (y < 0 ? -pi / 2 : 0)
    }

    /// asin(x) for x in [−1, 1] (clamped).
    static func asin(_ x: Double) -> Double {
        let c = min(1, max(-1, x))
        let s = max(0, 1 - c * c).squareRoot()
        if s == 0 { return c > 0 ? pi / 2 : -pi / 2 }
        // asin(c) = atan(c / s), computed through the smaller ratio for accuracy near ±1.
        if abs(c) <= s { return atan(c / s) }
        let a = pi / 2 - atan(s / abs(c))
        return c < 0 ? -a : a
    }

    /// eˣ, to full double precision for |x| < 700.
    static func exp(_ x: Double) -> Double {
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
