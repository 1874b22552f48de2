// The canvas's entry points to the fast coverage and shadow kernels, with the slow twins they
// are tested against (`coverageMask(in:)`, `shadowMask(…)`) still used where no fast kernel
// applies.

extension Shape {
    /// The circle this shape is, if it is one: an ellipse with equal axes, or a square rounded
    /// rectangle whose (normalised) radii are all half its side.
    var disc: (center: Point, radius: Double)? {
        switch self {
        case .ellipse(let r):
            guard r.width == r.height, r.width > 0 else { return nil }
            return (Point(r.midX, r.midY), r.width / 2)
        case .roundedRect(let r, let radii):
            guard r.width == r.height, r.width > 0 else { return nil }
            let half = r.width / 2
            let n = RoundedRectGeometry(r, radii).radii
            guard n.topLeft == half, n.topRight == half, n.bottomRight == half, n.bottomLeft == half else {
                return nil
            }
            return (Point(r.midX, r.midY), half)
        case .ring:
            return nil
        }
    }

    /// Writes the exact coverage of every pixel of `region` to `writer`: row integrals for
    /// rounded rectangles (one radius: `UniformRoundedRect`; any radii: `ConvexShape`) and
    /// ellipses, dense rows of them (outer minus inner) for rings.
    func rasterize(in region: IntRect, into writer: MaskWriter) {
        if case .roundedRect(let r, let radii) = self, let uniform = UniformRoundedRect(r, radii) {
            uniform.rasterize(in: region, into: writer)
            return
        }
        if let convex = ConvexShape(self) {
            convex.rasterize(in: region, into: writer)
            return
        }
        guard case .ring = self, !region.isEmpty else { return }
        let values = writer.valueBuffer(region.width)
        let row = UnsafeMutableBufferPointer(start: values, count: region.width)
        for y in region.minY..<region.maxY {
            row.update(repeating: 0)
            accumulateRowFast(y, x0: region.minX, into: row, sign: 1)
            writer.addSplitRow(y: y, x: region.minX, values: values, count: region.width)
        }
    }

    /// The fast twin of ``accumulateRow(_:x0:into:sign:)``.
    func accumulateRowFast(_ y: Int, x0: Int, into row: UnsafeMutableBufferPointer<Double>, sign: Double) {
        switch self {
        case .ring(let outer, let inner):
            outer.accumulateRowFast(y, x0: x0, into: row, sign: sign)
            inner.accumulateRowFast(y, x0: x0, into: row, sign: -sign)
        default:
            ConvexShape(self)?.accumulateRow(y, x0: x0, into: row, sign: sign)
        }
    }

    /// Exact coverage of `region` through the fast kernels, as a mask (for tests; the canvas
    /// draws from its writer).
    func fastCoverageMask(in region: IntRect) -> CoverageMask {
        let w = MaskWriter()
        rasterize(in: region, into: w)
        return w.makeMask()
    }
}
