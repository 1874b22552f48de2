// Writing a disc's shadow into a mask from its profile (DiscShadow.swift): the rows of a region,
// mirrored rows computed once, and the four-pixel single-precision kernel.

extension DiscShadowProfile {
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
