// Exact areas of the shapes switches are made of, inside an axis-aligned rectangle (a pixel).
// Everything here is closed form: the area of a disc inside a rectangle is an integral of the
// half-chord √(r² − x²), split where the chord meets the rectangle's top or bottom edge.

/// Area of the disc of radius `r` centred at the origin inside [x0, x1] × [y0, y1].
func discRectangleArea(radius r: Double, x0: Double, y0: Double, x1: Double, y1: Double) -> Double {
    let a = max(x0, -r)
    let b = min(x1, r)
    guard a < b, y0 < y1, r > 0 else { return 0 }
    let r2 = r * r
    // Break points: where the upper or lower half-chord crosses y0 or y1.
    var cuts: (Double, Double, Double, Double, Double, Double) = (a, b, a, a, a, a)
    var count = 2
    withUnsafeMutableBytes(of: &cuts) { raw in
        let p = raw.baseAddress!.assumingMemoryBound(to: Double.self)
        for y in [y0, y1] where abs(y) < r {
            let s = max(0, (r - y) * (r + y)).squareRoot()
            if -s > a && -s < b {
                p[count] = -s
                count += 1
            }
            if s > a && s < b {
                p[count] = s
                count += 1
            }
        }
        // Insertion sort of at most six values.
        for i in 1..<count {
            let v = p[i]
            var j = i - 1
            while j >= 0 && p[j] > v {
                p[j + 1] = p[j]
                j -= 1
            }
            p[j + 1] = v
        }
    }
    // Half-chord h(x) = √(r² − x²), with r² − x² as (r − x)(r + x): no cancellation near the rim.
    func halfChord(_ x: Double) -> Double { max(0, (r - x) * (r + x)).squareRoot() }
    // ∫ h over [lo, hi] = ((hi·h(hi) − lo·h(lo)) + r²·Δθ) / 2, with the angle difference Δθ
    // taken directly by atan2 of its sine and cosine rather than as a difference of two asin
    // values near ±π/2, which lost ~0.1 px² on a circle of radius 10⁶.
    func chordIntegral(_ lo: Double, _ hLo: Double, _ hi: Double, _ hHi: Double) -> Double {
        let angle = Math.atan2(hi * hLo - lo * hHi, lo * hi + hLo * hHi)
        return 0.5 * ((hi * hHi - lo * hLo) + r2 * angle)
    }
    var area = 0.0
    withUnsafeBytes(of: cuts) { raw in
        let p = raw.baseAddress!.assumingMemoryBound(to: Double.self)
        var lo = p[0]
        var hLo = halfChord(lo)
        for i in 1..<count {
            let hi = p[i]
            guard hi > lo else { continue }
            let hHi = halfChord(hi)
            let mid = 0.5 * (lo + hi)
            let h = halfChord(mid)
            let top = min(y1, h)
            let bottom = max(y0, -h)
            if top > bottom {
                // Between cuts the chord stays on one side of y0 and y1; at a tangency
                // (|y| = r, not a cut) it touches y at the midpoint, so ties mean the chord.
                let topIsChord = h <= y1
                let bottomIsChord = -h >= y0
                let chord = topIsChord || bottomIsChord ? chordIntegral(lo, hLo, hi, hHi) : 0
                let topIntegral = topIsChord ? chord : y1 * (hi - lo)
                let bottomIntegral = bottomIsChord ? -chord : y0 * (hi - lo)
                area += topIntegral - bottomIntegral
            }
            lo = hi
            hLo = hHi
        }
    }
    return max(0, area)
}

@inline(__always)
func overlapLength(_ a0: Double, _ a1: Double, _ b0: Double, _ b1: Double) -> Double {
    max(0, min(a1, b1) - max(a0, b0))
}

extension EllipseGeometry {
    /// Exact area of the ellipse inside [x0, x1] × [y0, y1]: the ellipse is a disc of radius
    /// `ry` stretched horizontally by `rx / ry`, and stretching scales areas by the same factor.
    func area(x0: Double, y0: Double, x1: Double, y1: Double) -> Double {
        let k = ry / rx
        return discRectangleArea(
            radius: ry, x0: (x0 - cx) * k, y0: y0 - cy, x1: (x1 - cx) * k, y1: y1 - cy) / k
    }
}

extension RoundedRectGeometry {
    /// Exact area of the rounded rectangle inside [x0, x1] × [y0, y1]: the rectangle's area
    /// minus, per corner, the part of the corner square outside the quarter disc. Radii are
    /// normalised so corner squares never overlap, which keeps the subtraction exact.
    func area(x0: Double, y0: Double, x1: Double, y1: Double) -> Double {
        var area = overlapLength(x0, x1, minX, maxX) * overlapLength(y0, y1, minY, maxY)
        guard area > 0 else { return 0 }
        func cut(_ r: Double, _ sx0: Double, _ sy0: Double, _ cx: Double, _ cy: Double) {
            guard r > 0 else { return }
            // The corner square [sx0, sx0 + r] × [sy0, sy0 + r] inside the pixel.
            let qx0 = max(x0, sx0)
            let qx1 = min(x1, sx0 + r)
            let qy0 = max(y0, sy0)
            let qy1 = min(y1, sy0 + r)
            guard qx0 < qx1 && qy0 < qy1 else { return }
            let square = (qx1 - qx0) * (qy1 - qy0)
            let disc = discRectangleArea(radius: r, x0: qx0 - cx, y0: qy0 - cy, x1: qx1 - cx, y1: qy1 - cy)
            area -= square - disc
        }
        let r = radii
        cut(r.topLeft, minX, minY, minX + r.topLeft, minY + r.topLeft)
        cut(r.topRight, maxX - r.topRight, minY, maxX - r.topRight, minY + r.topRight)
        cut(r.bottomRight, maxX - r.bottomRight, maxY - r.bottomRight, maxX - r.bottomRight, maxY - r.bottomRight)
        cut(r.bottomLeft, minX, maxY - r.bottomLeft, minX + r.bottomLeft, maxY - r.bottomLeft)
        return max(0, area)
    }
}
