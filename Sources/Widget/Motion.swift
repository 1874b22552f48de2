import Raster

// Time-parameterised motion of one value (the thumb's position, the press stretch): a pure
// function of (start value, target, start time, now), so a test can sample any instant and the
// widget can tell when it is at rest.

/// Ease curves on normalised time.
public enum Easing {
    /// The cubic Bézier timing function through (0,0), (x1,y1), (x2,y2), (1,1), as CSS and Core
    /// Animation define it: solve x(u) = t for u (Newton's method, bisection as a fallback), return y(u).
    public static func cubicBezier(_ t: Double, _ x1: Double, _ y1: Double, _ x2: Double, _ y2: Double) -> Double {
        if t <= 0 { return 0 }
        if t >= 1 { return 1 }
        func bezier(_ u: Double, _ p1: Double, _ p2: Double) -> Double {
            let v = 1 - u
            return 3 * v * v * u * p1 + 3 * v * u * u * p2 + u * u * u
        }
        func slope(_ u: Double, _ p1: Double, _ p2: Double) -> Double {
            let v = 1 - u
            return 3 * v * v * p1 + 6 * v * u * (p2 - p1) + 3 * u * u * (1 - p2)
        }
        var u = t
        for _ in 0..<8 {
            let error = bezier(u, x1, x2) - t
            if abs(error) < 1e-12 { return bezier(u, y1, y2) }
            let d = slope(u, x1, x2)
            if abs(d) < 1e-9 { break }
            u -= error / d
        }
        // Bisection: x(u) is monotonic for control x values in [0, 1].
        var lo = 0.0
        var hi = 1.0
        u = t
        for _ in 0..<60 {
            let x = bezier(u, x1, x2)
            if abs(x - t) < 1e-12 { break }
            if x < t { lo = u } else { hi = u }
            u = 0.5 * (lo + hi)
        }
        return bezier(u, y1, y2)
    }

    /// Ease-out: cubic-bezier(0, 0, 0.58, 1).
    public static func easeOut(_ t: Double) -> Double { cubicBezier(t, 0, 0, 0.58, 1) }

    /// The envelope of the spring decays to 1/1000 of the travel by the end of the duration.
    static let springSettleLog = 6.907755278982137  // ln(1000)

    /// A damped spring from 0 to 1 in closed form, at normalised time t (0…1 of `duration`),
    /// with damping ratio ζ and initial velocity v₀ in travels per second. The natural
    /// frequency is chosen so the envelope e^(−ζωt) falls to 1/1000 at t = 1: overshooting
    /// (ζ < 1) and critically or over-damped (ζ ≥ 1) springs alike settle within the duration.
    public static func spring(_ t: Double, duration: Double, damping zeta: Double, initialVelocity v0: Double) -> Double
    {
        if t <= 0 { return 0 }
        if t >= 1 { return 1 }
        let z = max(0.05, zeta)
        let time = t * duration
        // The slowest decaying part must fall to 1/1000 by the end, so the final snap to the
        // target is invisible: rate ζω when underdamped; the slow root ω(ζ − √(ζ²−1)) when
        // overdamped; critically damped, (1 + ωT)e^(−ωT) = 1/1000 at ωT ≈ 9.233.
        let d = max(duration, 1e-6)
        let omega: Double
        if z < 1 {
            omega = springSettleLog / (z * d)
        } else if z == 1 {
            omega = 9.233 / d
        } else {
            omega = springSettleLog / (d * (z - (z * z - 1).squareRoot()))
        }
        // Displacement from the target: y(0) = −1, y'(0) = v₀.
        let y: Double
        if z < 1 {
            let wd = omega * (1 - z * z).squareRoot()
            let b = (v0 - z * omega) / wd
            y = Math.exp(-z * omega * time) * (-Math.cos(wd * time) + b * Math.sin(wd * time))
        } else if z == 1 {
            y = (-1 + (v0 - omega) * time) * Math.exp(-omega * time)
        } else {
            let s = omega * (z * z - 1).squareRoot()
            let r1 = -z * omega + s
            let r2 = -z * omega - s
            // y = c1 e^(r1 t) + c2 e^(r2 t), c1 + c2 = −1, r1 c1 + r2 c2 = v₀.
            let c1 = (v0 + r2) / (r1 - r2)
            let c2 = -1 - c1
            y = c1 * Math.exp(r1 * time) + c2 * Math.exp(r2 * time)
        }
        return 1 + y
    }
}

/// A value moving from `from` to `to`, starting at `start` (seconds), along `curve`.
public struct Motion: Hashable, Sendable {
    public var from: Double
    public var to: Double
    public var start: Double
    /// Seconds from start to rest; 0 for a jump.
    public var duration: Double
    public var curve: AnimationCurve
    public var damping: Double
    public var initialVelocity: Double

    /// A value resting at `value`.
    public static func resting(at value: Double) -> Motion {
        Motion(from: value, to: value, start: 0, duration: 0, curve: .linear, damping: 1, initialVelocity: 0)
    }

    /// A move from `from` to `to` at `now` whose duration is the full-travel duration scaled by
    /// the distance (`|to − from|` of a 0…1 travel), so a toggle reversed half-way takes half as long.
    public static func move(from: Double, to: Double, now: Double, style: AnimationStyle, fullDuration: Double? = nil)
        -> Motion
    {
        let distance = min(1, abs(to - from))
        let duration = max(0, (fullDuration ?? style.duration) * distance)
        return Motion(
            from: from, to: to, start: now, duration: duration, curve: style.curve, damping: style.damping,
            initialVelocity: style.initialVelocity)
    }

    public func isFinished(at now: Double) -> Bool { duration <= 0 || now >= start + duration }

    /// The value at `now`.
    public func value(at now: Double) -> Double {
        if isFinished(at: now) { return to }
        let t = max(0, (now - start) / duration)
        let f: Double
        switch curve {
        case .linear: f = t
        case .easeOut: f = Easing.easeOut(t)
        case .spring:
            f = Easing.spring(t, duration: duration, damping: damping, initialVelocity: initialVelocity)
        }
        return from + (to - from) * f
    }
}
