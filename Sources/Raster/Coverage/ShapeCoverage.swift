/// A convex outline described row by row: its left and right edges as functions of y, where
/// each edge is extreme, and the exact area inside any rectangle. Edges of convex shapes are
/// convex functions, so over a band of rows an edge's extremes lie at the band's ends or at the
/// point of the band closest to where the edge is extreme; that bounds the partial pixels of a
/// row without looking at each one.
protocol ConvexOutline {
    var top: Double { get }
    var bottom: Double { get }
    func left(_ y: Double) -> Double
    func right(_ y: Double) -> Double
    /// y interval over which `left` is smallest.
    var leftmostY: (Double, Double) { get }
    /// y interval over which `right` is largest.
    var rightmostY: (Double, Double) { get }
    func area(x0: Double, y0: Double, x1: Double, y1: Double) -> Double
}

extension RoundedRectGeometry: ConvexOutline {
    var top: Double { minY }
    var bottom: Double { maxY }
    func left(_ y: Double) -> Double { leftX(y) }
    func right(_ y: Double) -> Double { rightX(y) }
    var leftmostY: (Double, Double) { (minY + radii.topLeft, max(minY + radii.topLeft, maxY - radii.bottomLeft)) }
    var rightmostY: (Double, Double) { (minY + radii.topRight, max(minY + radii.topRight, maxY - radii.bottomRight)) }
}

extension EllipseGeometry: ConvexOutline {
    var top: Double { cy - ry }
    var bottom: Double { cy + ry }
    func left(_ y: Double) -> Double { cx - halfWidth(y) }
    func right(_ y: Double) -> Double { cx + halfWidth(y) }
    var leftmostY: (Double, Double) { (cy, cy) }
    var rightmostY: (Double, Double) { (cy, cy) }
}

extension ConvexOutline {
    /// Adds `sign ×` this shape's exact coverage of row `y` to `row`, whose element i is pixel
    /// `x0 + i`.
    func accumulateRow(_ y: Int, x0: Int, into row: UnsafeMutableBufferPointer<Double>, sign: Double) {
        let bandTop = Double(y)
        let bandBottom = bandTop + 1
        let p = max(bandTop, top)
        let q = min(bandBottom, bottom)
        guard p < q else { return }
        // The point of [p, q] nearest to the interval where an edge is extreme.
        func nearest(_ v: (Double, Double)) -> Double {
            if v.1 < p { return p }
            if v.0 > q { return q }
            return max(p, v.0)
        }
        let leftOuter = left(nearest(leftmostY))
        let rightOuter = right(nearest(rightmostY))
        let leftInner = max(left(p), left(q))
        let rightInner = min(right(p), right(q))
        let x1 = x0 + row.count
        func partial(_ from: Int, _ to: Int) {
            let a = max(from, x0)
            let b = min(to, x1)
            guard a < b else { return }
            for x in a..<b {
                row[x - x0] += sign * area(x0: Double(x), y0: bandTop, x1: Double(x + 1), y1: bandBottom)
            }
        }
        // Clamped to just outside the row before converting, so far-away edges cannot overflow Int.
        let lo = Double(x0 - 1)
        let hi = Double(x1 + 1)
        func column(_ v: Double, _ rule: FloatingPointRoundingRule) -> Int { Int(min(hi, max(lo, v)).rounded(rule)) }
        let outerStart = column(leftOuter, .down)
        let outerEnd = column(rightOuter, .up)
        let fullStart = column(leftInner, .up)
        let fullEnd = column(rightInner, .down)
        if p == bandTop && q == bandBottom && fullStart < fullEnd {
            partial(outerStart, fullStart)
            let a = max(fullStart, x0)
            let b = min(fullEnd, x1)
            if a < b { for x in a..<b { row[x - x0] += sign } }
            partial(fullEnd, outerEnd)
        } else {
            partial(outerStart, outerEnd)
        }
    }
}

extension Shape {
    /// Adds `sign ×` exact coverage of row `y` to `row` (pixel `x0 + i` at index i).
    func accumulateRow(_ y: Int, x0: Int, into row: UnsafeMutableBufferPointer<Double>, sign: Double = 1) {
        switch self {
        case .roundedRect(let r, let radii):
            RoundedRectGeometry(r, radii).accumulateRow(y, x0: x0, into: row, sign: sign)
        case .ellipse(let r):
            let e = EllipseGeometry(r)
            guard e.rx > 0 && e.ry > 0 else { return }
            e.accumulateRow(y, x0: x0, into: row, sign: sign)
        case .ring(let outer, let inner):
            outer.accumulateRow(y, x0: x0, into: row, sign: sign)
            inner.accumulateRow(y, x0: x0, into: row, sign: -sign)
        }
    }

    /// Exact coverage of every pixel of `region` as a mask.
    func coverageMask(in region: IntRect) -> CoverageMask {
        var builder = MaskBuilder()
        guard !region.isEmpty else { return builder.build() }
        let row = UnsafeMutableBufferPointer<Double>.allocate(capacity: region.width)
        defer { row.deallocate() }
        for y in region.minY..<region.maxY {
            row.update(repeating: 0)
            accumulateRow(y, x0: region.minX, into: row)
            builder.addRow(y: y, x0: region.minX, values: UnsafeBufferPointer(row))
        }
        return builder.build()
    }

    /// Exact coverage of every pixel of `region`, row-major, as fractions (for shadows and tests).
    func coverageValues(in region: IntRect) -> [Double] {
        var out = [Double](repeating: 0, count: max(0, region.area))
        guard !region.isEmpty else { return out }
        out.withUnsafeMutableBufferPointer { all in
            for y in region.minY..<region.maxY {
                let row = UnsafeMutableBufferPointer(
                    rebasing: all[((y - region.minY) * region.width)...].prefix(region.width))
                accumulateRow(y, x0: region.minX, into: row)
            }
        }
        return out
    }
}
