/// Exact-area coverage of polylines, in the manner of font-rs and stb_truetype v2: each line
/// segment adds, to every cell it crosses, the signed area it sweeps to its right within that
/// cell and the cell's right neighbour; a prefix sum along each row then yields every pixel's
/// winding-weighted area. No edge list, no sorting, no sampling.
///
/// The accumulated value is exact for straight edges. The fill rule folds it into coverage
/// (`min(1, |a|)` for non-zero, distance to the nearest even number for even-odd), which is
/// exact wherever a pixel sees at most two adjacent winding numbers — every pixel of a simple
/// or nested outline; only where edges of different contours cross inside one pixel is it an
/// approximation.
struct PathRasterizer {
    let region: IntRect
    private var cells: [Double]
    private let stride: Int

    init(region: IntRect) {
        self.region = region
        stride = region.width + 2
        cells = [Double](repeating: 0, count: stride * max(0, region.height) + 2)
    }

    /// Adds every closed contour (the closing edge included).
    mutating func add(contours: [[Point]]) {
        for c in contours where c.count > 1 {
            for i in 0..<c.count {
                let a = c[i]
                let b = c[(i + 1) % c.count]
                addClipped(a, b)
            }
        }
    }

    /// Splits a segment at the region's left and right edges; the parts outside become vertical
    /// segments on the edge, which add the same winding to everything to their right.
    private mutating func addClipped(_ a: Point, _ b: Point) {
        let lx = Double(region.minX)
        let rx = Double(region.maxX)
        var pieces: [(Point, Point)] = [(a, b)]
        for edge in [lx, rx] {
            var next: [(Point, Point)] = []
            for (p, q) in pieces {
                if (p.x < edge) != (q.x < edge), p.x != q.x {
                    let t = (edge - p.x) / (q.x - p.x)
                    let m = Point(edge, p.y + (q.y - p.y) * t)
                    next.append((p, m))
                    next.append((m, q))
                } else {
                    next.append((p, q))
                }
            }
            pieces = next
        }
        for (p, q) in pieces {
            func clampX(_ v: Point) -> Point { Point(min(max(v.x, lx), rx), v.y) }
            line(clampX(p), clampX(q))
        }
    }

    private mutating func line(_ a: Point, _ b: Point) {
        guard a.y != b.y else { return }
        let w = region.width
        let h = region.height
        let (dir, p0, p1) = a.y < b.y ? (1.0, a, b) : (-1.0, b, a)
        // Region-relative coordinates.
        let ox = Double(region.minX)
        let oy = Double(region.minY)
        let x0s = p0.x - ox
        let y0s = p0.y - oy
        let x1s = p1.x - ox
        let y1s = p1.y - oy
        let dxdy = (x1s - x0s) / (y1s - y0s)
        // Clamped before converting, so a far-away point cannot overflow Int.
        let yStart = Int(min(Double(h), max(0, y0s)).rounded(.down))
        let yEnd = Int(min(Double(h), max(0, y1s)).rounded(.up))
        guard yStart < yEnd else { return }
        var x = x0s + (Double(yStart) - y0s) * dxdy
        if Double(yStart) < y0s { x = x0s }
        cells.withUnsafeMutableBufferPointer { acc in
            for y in yStart..<yEnd {
                let rowStart = y * stride
                let top = max(Double(y), y0s)
                let bottom = min(Double(y + 1), y1s)
                let dy = bottom - top
                let xNext = x + dxdy * dy
                let d = dy * dir
                let (xa, xb) = x < xNext ? (max(0, x), min(Double(w), xNext)) : (max(0, xNext), min(Double(w), x))
                let xaFloor = xa.rounded(.down)
                let xai = min(w, max(0, Int(xaFloor)))
                let xbCeil = xb.rounded(.up)
                let xbi = min(w + 1, max(0, Int(xbCeil)))
                if xbi <= xai + 1 {
                    // Within one cell: the part left of the segment's mean x stays in this cell.
                    let xmf = 0.5 * (x + xNext) - xaFloor
                    acc[rowStart + xai] += d - d * xmf
                    acc[rowStart + xai + 1] += d * xmf
                } else {
                    let s = 1 / (xb - xa)
                    let xaf = xa - xaFloor
                    let a0 = 0.5 * s * (1 - xaf) * (1 - xaf)
                    let xbf = xb - xbCeil + 1
                    let am = 0.5 * s * xbf * xbf
                    acc[rowStart + xai] += d * a0
                    if xbi == xai + 2 {
                        acc[rowStart + xai + 1] += d * (1 - a0 - am)
                    } else {
                        let a1 = s * (1.5 - xaf)
                        acc[rowStart + xai + 1] += d * (a1 - a0)
                        if xai + 2 < xbi - 1 {
                            for xi in (xai + 2)..<(xbi - 1) { acc[rowStart + xi] += d * s }
                        }
                        let a2 = a1 + Double(xbi - xai - 3) * s
                        acc[rowStart + xbi - 1] += d * (1 - a2 - am)
                    }
                    acc[rowStart + xbi] += d * am
                }
                x = xNext
            }
        }
    }

    /// The coverage mask under `rule`.
    func mask(rule: FillRule) -> CoverageMask {
        var builder = MaskBuilder()
        guard !region.isEmpty else { return builder.build() }
        let row = UnsafeMutableBufferPointer<Double>.allocate(capacity: region.width)
        defer { row.deallocate() }
        for y in 0..<region.height {
            coverageRow(y, rule: rule, into: row)
            builder.addRow(y: region.minY + y, x0: region.minX, values: UnsafeBufferPointer(row))
        }
        return builder.build()
    }

    /// Row `y` (region-relative) of coverage under `rule`.
    func coverageRow(_ y: Int, rule: FillRule, into row: UnsafeMutableBufferPointer<Double>) {
        var sum = 0.0
        for x in 0..<region.width {
            sum += cells[y * stride + x]
            let a = abs(sum)
            switch rule {
            case .nonZero: row[x] = min(1, a)
            case .evenOdd:
                let m = a.truncatingRemainder(dividingBy: 2)
                row[x] = m > 1 ? 2 - m : m
            }
        }
    }
}
