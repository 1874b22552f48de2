// Writing a `ConvexShape`'s exact coverage into a mask, row by row, from the edge integrals of
// EdgeIntegrals.swift (mirrored rows and columns repeated rather than computed again).

extension ConvexShape {
    /// Writes the exact coverage of every pixel of `region` to `writer` (which is not reset).
    /// Rows that mirror an earlier one (see ``mirrorRowSum``) repeat its runs.
    func rasterize(in region: IntRect, into writer: MaskWriter) {
        guard !region.isEmpty else { return }
        let lo = Double(region.minY)
        let hi = Double(region.maxY)
        let y0 = Int(min(hi, max(lo, top)).rounded(.down))
        let y1 = Int(min(hi, max(lo, bottom)).rounded(.up))
        guard y0 < y1 else { return }
        let mirror = mirrorRowSum
        let columnMirror = mirrorColumnSum
        writer.beginRows(first: y0, rows: y1 - y0)
        var rows = ConvexRows(self, x0: region.minX, x1: region.maxX)
        for y in y0..<y1 {
            if writer.repeatMirroredRow(y, rowSum: mirror) { continue }
            writer.startRow(y)
            if let m = columnMirror, rows.setMirroredRow(y, columnSum: m) {
                // Left edge run, full run, and the left run reversed on the right.
                let (a, b, c) = (rows.a, rows.b, rows.c)
                let n = b - a
                let leftOffset = writer.coverageCount
                let out = writer.addPartial(y: y, x: a, count: n)
                var x = Double(a)
                var eL = rows.leftExcess(at: x)
                for i in 0..<n {
                    out[i] = roundedLevel(rows.leftCoverage(x, &eL) * 255)
                    x += 1
                }
                writer.addUniform(y: y, x: b, count: c - b, value: rows.height)
                let mirrored = writer.addPartial(y: y, x: c, count: n)
                let source = writer.coverage + leftOffset
                var from = source + (n &- 1)
                for i in 0..<n {
                    mirrored[i] = from.pointee
                    from -= 1
                }
                continue
            }
            guard rows.setRow(y) else { continue }
            let (a, b, c, d) = (rows.a, rows.b, rows.c, rows.d)
            if b == c {
                // The edges meet: one run where both take their share.
                guard a < d else { continue }
                let out = writer.addPartial(y: y, x: a, count: d - a)
                var x = Double(a)
                var eL = rows.leftExcess(at: x)
                var eR = rows.rightExcess(at: x)
                for i in 0..<(d - a) {
                    let v = rows.leftCoverage(x, &eL) - rows.height + rows.rightCoverage(x, &eR)
                    out[i] = roundedLevel(v * 255)
                    x += 1
                }
                continue
            }
            if a < b {
                let out = writer.addPartial(y: y, x: a, count: b - a)
                var x = Double(a)
                var eL = rows.leftExcess(at: x)
                for i in 0..<(b - a) {
                    out[i] = roundedLevel(rows.leftCoverage(x, &eL) * 255)
                    x += 1
                }
            }
            writer.addUniform(y: y, x: b, count: c - b, value: rows.height)
            if c < d {
                let out = writer.addPartial(y: y, x: c, count: d - c)
                var x = Double(c)
                var eR = rows.rightExcess(at: x)
                for i in 0..<(d - c) {
                    out[i] = roundedLevel(rows.rightCoverage(x, &eR) * 255)
                    x += 1
                }
            }
        }
    }

    /// Adds `sign ×` the exact coverage of row y to `row` (pixel `x0 + i` at index i): the
    /// fast twin of `Shape.accumulateRow`, for rings and shadows' fine grids.
    func accumulateRow(_ y: Int, x0: Int, into row: UnsafeMutableBufferPointer<Double>, sign: Double) {
        var r = ConvexRows(self, x0: x0, x1: x0 + row.count)
        guard r.setRow(y) else { return }
        let base = row.baseAddress! - x0
        var x = Double(r.a)
        var eL = r.leftExcess(at: x)
        var eR = r.rightExcess(at: x)
        // One pass over every column the edges touch, both edges taking their share; the full
        // run in between has E_L = E_R = 0.
        for i in r.a..<r.b {
            base[i] += sign * (r.leftCoverage(x, &eL) - r.height + r.rightCoverage(x, &eR))
            x += 1
        }
        for i in r.b..<r.c { base[i] += sign * r.height }
        x = Double(r.c)
        eL = r.leftExcess(at: x)
        eR = r.rightExcess(at: x)
        for i in r.c..<r.d {
            base[i] += sign * (r.leftCoverage(x, &eL) - r.height + r.rightCoverage(x, &eR))
            x += 1
        }
    }
}
