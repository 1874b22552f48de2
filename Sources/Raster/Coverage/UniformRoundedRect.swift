// Exact coverage of rounded rectangles whose four corners share one radius — thumbs (circles),
// tracks and pressed thumbs (capsules), plain rectangles — the shapes every switch is made of.
// The fast twin of `ConvexShape.rasterize` (ConvexShape+Rasterizing.swift), which handles any corner
// radii and ellipses and is checked against the same references.
//
// With one radius r the left edge is x = cxL − h(t) and the right edge x = cxR + h(t) for the
// same half-chord profile h: √(r² − (cyT − t)²) above the upper corner centres, r between them,
// √(r² − (t − cyB)²) below. So both edges' integrals come from one function of the row,
//     F(D) = ∫ (D − h(t))⁺ dt over the row's band,
// as E_L(X) = F(cxL − X) and E_R(X) = F(X − cxR): one set-up per row instead of one per edge,
// all of it in local variables. The general path spent ~1,150 instructions a computed row of
// the benchmark's thumb; this one ~700, run writing included.

/// A rounded rectangle with one corner radius (after normalisation), ready to rasterise.
struct UniformRoundedRect {
    let minX: Double, minY: Double, maxX: Double, maxY: Double
    let r: Double

    /// nil unless the four normalised radii are equal and the size is positive and finite.
    init?(_ rect: Rect, _ radii: CornerRadii) {
        let g = RoundedRectGeometry(rect, radii)
        let n = g.radii
        guard n.topLeft == n.topRight, n.topLeft == n.bottomRight, n.topLeft == n.bottomLeft,
            g.maxX > g.minX, g.maxY > g.minY, g.minX.isFinite, g.maxX.isFinite, g.minY.isFinite, g.maxY.isFinite
        else { return nil }
        minX = g.minX
        minY = g.minY
        maxX = g.maxX
        maxY = g.maxY
        r = n.topLeft
    }

    /// Writes the exact coverage of every pixel of `region` to `writer` (not reset). Rows that
    /// mirror an earlier one repeat its runs (when minY + maxY is whole); when minX + maxX is
    /// whole, each row's right edge run is its left one reversed.
    func rasterize(in region: IntRect, into writer: MaskWriter) {
        guard !region.isEmpty else { return }
        let lo = Double(region.minY)
        let hi = Double(region.maxY)
        let y0 = floorInt(min(hi, max(lo, minY)))
        let y1 = ceilInt(min(hi, max(lo, maxY)))
        guard y0 < y1 else { return }
        let rowSum = minY + maxY == (minY + maxY).rounded() && abs(minY + maxY) < 1e9 ? Int(minY + maxY) : nil
        let columnSum = minX + maxX == (minX + maxX).rounded() && abs(minX + maxX) < 1e9 ? Int(minX + maxX) : nil
        let x0 = region.minX
        let x1 = region.maxX
        let left = Double(x0 - 1)
        let right = Double(x1 + 1)
        let r = self.r
        let r2 = r * r
        let invR2 = r > 0 ? 1 / r2 : 0
        let cxL = minX + r
        let cxR = maxX - r
        let cyT = minY + r
        let cyB = maxY - r
        // The corner's diagonal: with k = cxL − cyT whole, the pixel grid maps onto itself under
        // the reflection (x, y) ↦ (y + k, x − k) about the top-left corner's diagonal, which
        // leaves the shape's part left of cxL and above cyT unchanged (that part is the corner's
        // quarter disc, symmetric in x − cxL and y − cyT). So a steep row's left run is read
        // down a column of the flat rows above it, which computed it already (`leftRun`).
        let diagonal = cxL - cyT
        let k = columnSum != nil && diagonal == diagonal.rounded() && abs(diagonal) < 1e9 ? Int(diagonal) : nil
        // Rows above the corner's 45° point read rows below them: not worth trying (~70
        // instructions a row).
        let steep = cyT - 0.72 * r
        // Per row computed through the mirror-symmetric path: its left run's columns [a, b), where
        // its coverage starts in the writer and the level of its full run; a = b marks a row
        // that recorded nothing.
        let records = writer.columnBuffer(y1 - y0)
        writer.beginRows(first: y0, rows: y1 - y0)
        for y in y0..<y1 {
            if writer.repeatMirroredRow(y, rowSum: rowSum) { continue }
            writer.startRow(y)
            records[y &- y0] = .zero
            if let k, let m = columnSum, Double(y + 1) <= cyT, Double(y) >= steep, Double(y) >= minY,
                transposedRow(
                    y, k: k, m: m, y0: y0, x0: x0, x1: x1, cxL: cxL, cyT: cyT, r: r, records: records, writer: writer)
            {
                continue
            }
            let p = max(Double(y), minY)
            let q = min(Double(y + 1), maxY)
            guard p < q else { continue }
            let band = UniformBand(p: p, q: q, r: r, r2: r2, invR2: invR2, cyT: cyT, cyB: cyB)
            let height = band.height
            let hMin = band.hMin
            let hMax = band.hMax

            // Edge columns: left [a, b), right [c, d); full [b, c). Clamped to just outside
            // [x0, x1) before converting.
            var a = floorInt(min(right, max(left, cxL - hMax)))
            var b = ceilInt(min(right, max(left, cxL - hMin)))
            var c = floorInt(min(right, max(left, cxR + hMin)))
            var d = ceilInt(min(right, max(left, cxR + hMax)))
            if let m = columnSum, b <= c, a >= x0, d <= x1, a < b {
                // Mirror-symmetric row: the left run, the full run, the left run reversed.
                let n = b - a
                let leftOffset = writer.coverageCount
                let out = writer.addPartial(y: y, x: a, count: n)
                var e = band.excess(cxL - Double(a), r: r, r2: r2, invR2: invR2)
                for i in 0..<n {
                    let e1 = band.excess(cxL - Double(a + i + 1), r: r, r2: r2, invR2: invR2)
                    out[i] = roundedLevel((height - (e - e1)) * 255)
                    e = e1
                }
                let level = MaskBuilder.level(height)
                records[y &- y0] = SIMD4(
                    Int32(truncatingIfNeeded: a), Int32(truncatingIfNeeded: b), Int32(truncatingIfNeeded: leftOffset),
                    Int32(level))
                UniformRoundedRect.finishMirroredRow(
                    y, a: a, b: b, m: m, leftOffset: leftOffset, level: level, writer: writer)
                continue
            }
            a = max(a, x0)
            d = min(d, x1)
            if b > c { b = max(a, min(c, x1)) }
            b = min(max(a, b), x1)
            c = min(max(b, c), x1)
            d = max(c, d)
            guard a < d else { continue }
            if b == c {
                // The edges meet: one run where both take their share.
                let out = writer.addPartial(y: y, x: a, count: d - a)
                var eL = band.excess(cxL - Double(a), r: r, r2: r2, invR2: invR2)
                var eR = band.excess(Double(a) - cxR, r: r, r2: r2, invR2: invR2)
                for i in 0..<(d - a) {
                    let x1 = Double(a + i + 1)
                    let eL1 = band.excess(cxL - x1, r: r, r2: r2, invR2: invR2)
                    let eR1 = band.excess(x1 - cxR, r: r, r2: r2, invR2: invR2)
                    out[i] = roundedLevel((height - (eL - eL1) - (eR1 - eR)) * 255)
                    eL = eL1
                    eR = eR1
                }
                continue
            }
            if a < b {
                let out = writer.addPartial(y: y, x: a, count: b - a)
                var e = band.excess(cxL - Double(a), r: r, r2: r2, invR2: invR2)
                for i in 0..<(b - a) {
                    let e1 = band.excess(cxL - Double(a + i + 1), r: r, r2: r2, invR2: invR2)
                    out[i] = roundedLevel((height - (e - e1)) * 255)
                    e = e1
                }
            }
            writer.addUniform(y: y, x: b, count: c - b, value: height)
            if c < d {
                let out = writer.addPartial(y: y, x: c, count: d - c)
                var e = band.excess(Double(c) - cxR, r: r, r2: r2, invR2: invR2)
                for i in 0..<(d - c) {
                    let e1 = band.excess(Double(c + i + 1) - cxR, r: r, r2: r2, invR2: invR2)
                    out[i] = roundedLevel((height - (e1 - e)) * 255)
                    e = e1
                }
            }
        }
    }

    /// Row y (whole, above cyT) from the corner's diagonal symmetry, when every pixel of its left
    /// run mirrors a pixel of a row above that `records` holds and the row's runs fit the region;
    /// false (nothing written) otherwise. Pixel (x, y) mirrors (y + k, x − k).
    @inline(__always)
    private func transposedRow(
        _ y: Int, k: Int, m: Int, y0: Int, x0: Int, x1: Int, cxL: Double, cyT: Double, r: Double,
        records: UnsafeMutablePointer<SIMD4<Int32>>, writer: MaskWriter
    ) -> Bool {
        // The row's left edge runs over [cxL − hMax, cxL − hMin]: h at its bottom and top.
        let hMax = halfChord(r, cyT - Double(y + 1))
        let hMin = halfChord(r, cyT - Double(y))
        let a = floorInt(cxL - hMax)
        let b = ceilInt(cxL - hMin)
        // Its pixels must lie left of cxL, the row must hold a full run, and its mirrors must
        // be rows already recorded.
        guard a < b, a >= x0, m &- a <= x1, b <= m &- b, Double(b) <= cxL else { return false }
        let first = a &- k
        let last = b &- 1 &- k
        guard first >= y0, last < y else { return false }
        for t in first...last where records[t &- y0].x == records[t &- y0].y { return false }
        let n = b &- a
        let leftOffset = writer.coverageCount
        let out = writer.addPartial(y: y, x: a, count: n)
        let column = Int32(truncatingIfNeeded: y &+ k)
        let coverage = writer.coverage
        for i in 0..<n {
            let record = records[first &+ i &- y0]
            if column < record.x {
                out[i] = 0
            } else if column >= record.y {
                out[i] = UInt8(truncatingIfNeeded: record.w)
            } else {
                out[i] = coverage[Int(record.z) &+ Int(column &- record.x)]
            }
        }
        UniformRoundedRect.finishMirroredRow(y, a: a, b: b, m: m, leftOffset: leftOffset, level: 255, writer: writer)
        return true
    }

    /// The rest of a row symmetric about x = m / 2 whose left run [a, b) is written at
    /// `leftOffset`: the full run at `level`, then the left run reversed.
    @inline(__always)
    private static func finishMirroredRow(
        _ y: Int, a: Int, b: Int, m: Int, leftOffset: Int, level: UInt8, writer: MaskWriter
    ) {
        let n = b &- a
        writer.addUniform(y: y, x: b, count: (m &- b) &- b, level: level)
        let mirrored = writer.addPartial(y: y, x: m &- b, count: n)
        copyReversed(n, last: writer.coverage + (leftOffset &+ n &- 1), to: mirrored)
    }
}

/// The half-chord profile h(t) of a `UniformRoundedRect` over one pixel row's band [p, q]: the
/// upper arc part (s = cyT − t from sTopHi at p down to sTopLo), the middle (h = r), the lower
/// arc part (s = t − cyB from sBotLo up to sBotHi at q), with their integrals. (A struct of
/// constants: local variables captured by a nested function were boxed, with a dynamic
/// exclusivity check on every read — 3× slower.)
struct UniformBand {
    let height: Double
    var topLen = 0.0, sTopLo = 0.0, hTopLo = 0.0, sTopHi = 0.0, hTopHi = 0.0, topInt = 0.0
    var midLen = 0.0
    var botLen = 0.0, sBotLo = 0.0, hBotLo = 0.0, sBotHi = 0.0, hBotHi = 0.0, botInt = 0.0
    /// Least and greatest h over the band, and ∫h.
    var hMin = Double.infinity
    var hMax = -Double.infinity
    var total = 0.0

    @inline(__always)
    init(p: Double, q: Double, r: Double, r2: Double, invR2: Double, cyT: Double, cyB: Double) {
        height = q - p
        if p < cyT {
            sTopHi = cyT - p
            sTopLo = cyT - min(q, cyT)
            hTopHi = halfChord(r, sTopHi)
            hTopLo = halfChord(r, sTopLo)
            topLen = sTopHi - sTopLo
            topInt = chordIntegral(r2: r2, invR2: invR2, sLo: sTopLo, hLo: hTopLo, sHi: sTopHi, hHi: hTopHi)
            hMin = hTopHi
            hMax = hTopLo
        }
        midLen = max(0, min(q, cyB) - max(p, cyT))
        if midLen > 0 {
            hMin = min(hMin, r)
            hMax = max(hMax, r)
        }
        if q > cyB {
            sBotLo = max(p, cyB) - cyB
            sBotHi = q - cyB
            hBotLo = halfChord(r, sBotLo)
            hBotHi = halfChord(r, sBotHi)
            botLen = sBotHi - sBotLo
            botInt = chordIntegral(r2: r2, invR2: invR2, sLo: sBotLo, hLo: hBotLo, sHi: sBotHi, hHi: hBotHi)
            hMin = min(hMin, hBotHi)
            hMax = max(hMax, hBotLo)
        }
        total = topInt + midLen * r + botInt
    }

    /// F(D) = ∫ (D − h(t))⁺ dt over the band.
    @inline(__always)
    func excess(_ d: Double, r: Double, r2: Double, invR2: Double) -> Double {
        if d <= hMin { return 0 }
        if d >= hMax { return d * height - total }
        var f = 0.0
        // D − h > 0 where h < D, i.e. s > w with w the half-chord at height D.
        if topLen > 0 {
            if d >= hTopLo {
                f += d * topLen - topInt
            } else if d > hTopHi {
                let w = halfChord(r, d)
                f += d * (sTopHi - w) - chordIntegral(r2: r2, invR2: invR2, sLo: w, hLo: d, sHi: sTopHi, hHi: hTopHi)
            }
        }
        if midLen > 0 && d > r { f += midLen * (d - r) }
        if botLen > 0 {
            if d >= hBotLo {
                f += d * botLen - botInt
            } else if d > hBotHi {
                let w = halfChord(r, d)
                f += d * (sBotHi - w) - chordIntegral(r2: r2, invR2: invR2, sLo: w, hLo: d, sHi: sBotHi, hHi: hBotHi)
            }
        }
        return f
    }
}
