// Exact pixel coverage of rounded rectangles and ellipses, row by row, from closed-form
// integrals of their edges: the fast twin of `ConvexOutline.accumulateRow` (ShapeCoverage.swift),
// which computes every edge pixel's area separately through `discRectangleArea`.
//
// Within the band of one pixel row, [p, q], a convex outline spans x ∈ [L(t), R(t)] at height t.
// The area it covers in the column [X, X + 1] is
//     (q − p) − (E_L(X) − E_L(X + 1)) − (E_R(X + 1) − E_R(X)),
// with E_L(X) = ∫ (L(t) − X)⁺ dt and E_R(X) = ∫ (X − R(t))⁺ dt over the band: the part of the
// column left of the left edge and right of the right edge, taken away. (Exact for every column
// of the row at once, including columns that both edges cross, because L ≤ R.) So a row costs
// one E per edge column — each a square root and a short series — instead of one clipped
// disc-area computation per pixel with four corner cases and an arctangent (~400 instructions
// an edge pixel: about a fifth of FULL --cold's 81.8 M instructions per frame before).
//
// The left edge of a rounded rectangle is an upper arc, a vertical segment and a lower arc; an
// ellipse's is two arcs of a circle stretched by k = rx/ry. The right edge is the left edge of
// the outline mirrored in x = 0, so one implementation serves both.

/// ∫ √(r² − s²) ds over [sLo, sHi] ⊂ [0, r], given hLo = √(r² − sLo²) and hHi = √(r² − sHi²).
///
/// = ½(sHi·hHi − sLo·hLo) + ½r²·Δθ, Δθ = asin(sHi/r) − asin(sLo/r). Δθ comes from its sine,
/// (sHi·hLo − sLo·hHi)/r²: over one pixel row it is small (≤ √(2/r) + 1/r), and a fixed
/// polynomial (the arcsine series) gives it to ~4e-14 with no division and no argument
/// reduction; larger angles (tiny radii) take `Math.atan2` of its sine and cosine.
@inline(__always)
func chordIntegral(r2: Double, invR2: Double, sLo: Double, hLo: Double, sHi: Double, hHi: Double) -> Double {
    let sine = sHi * hLo - sLo * hHi
    return 0.5
        * ((sHi * hHi - sLo * hLo) + r2
            * smallArcAngle(sine: sine, invR2: invR2, sLo: sLo, hLo: hLo, sHi: sHi, hHi: hHi))
}

/// The angle whose sine is `sine`/r², for the arc between (sLo, hLo) and (sHi, hHi).
@inline(__always)
func smallArcAngle(sine: Double, invR2: Double, sLo: Double, hLo: Double, sHi: Double, hHi: Double) -> Double {
    let z = sine * invR2
    let z2 = z * z
    if z2 <= 0.0009 {
        // |z| ≤ 0.03: truncation after z⁷ leaves c₄·z⁹ ≤ 6e-16.
        return z * (1 + z2 * (1.0 / 6 + z2 * (3.0 / 40 + z2 * (5.0 / 112))))
    }
    if z2 <= 0.0625 {
        // |z| ≤ 0.25: nine terms (to z¹⁷) leave c₉·z¹⁹ ≤ 4e-14.
        var p = 6435.0 / 557056
        p = p * z2 + 143.0 / 10240
        p = p * z2 + 231.0 / 13312
        p = p * z2 + 63.0 / 2816
        p = p * z2 + 35.0 / 1152
        p = p * z2 + 5.0 / 112
        p = p * z2 + 3.0 / 40
        p = p * z2 + 1.0 / 6
        p = p * z2 + 1
        return z * p
    }
    return Math.atan2(sine, sLo * sHi + hLo * hHi)
}

/// √((r − s)(r + s)): the half-chord at distance s from the centre, without the cancellation of
/// r² − s² near the rim; 0 outside the circle.
@inline(__always)
func halfChord(_ r: Double, _ s: Double) -> Double { max(0, (r - s) * (r + s)).squareRoot() }

/// The left edge of a convex outline: an upper arc over y ∈ [top, uy], the vertical segment
/// x = sx over [uy, ly], and a lower arc over [ly, bottom]. Arc points are
/// x = c − k·√(r² − (y − centre)²) with the arc's centre at height uy (upper) or ly (lower);
/// any piece may be empty.
struct ConvexEdge {
    let top: Double
    let bottom: Double
    /// Upper arc: centre (ux, uy), radius ur.
    let ux: Double, uy: Double, ur: Double
    /// Segment x.
    let sx: Double
    /// Lower arc: centre (lx, ly), radius lr.
    let lx: Double, ly: Double, lr: Double
    /// Horizontal stretch of both arcs (1 for circular corners; rx/ry for an ellipse).
    let k: Double
    // Shared by every column: r², 1/r², 1/k.
    let ur2: Double, invUR2: Double, lr2: Double, invLR2: Double, invK: Double

    init(
        top: Double, bottom: Double, ux: Double, uy: Double, ur: Double, sx: Double, lx: Double, ly: Double,
        lr: Double, k: Double
    ) {
        self.top = top
        self.bottom = bottom
        self.ux = ux
        self.uy = uy
        self.ur = ur
        self.sx = sx
        self.lx = lx
        self.ly = ly
        self.lr = lr
        self.k = k
        ur2 = ur * ur
        invUR2 = ur > 0 ? 1 / ur2 : 0
        lr2 = lr * lr
        invLR2 = lr > 0 ? 1 / lr2 : 0
        invK = 1 / k
    }

    /// Whether the edge is its own mirror image in the horizontal line halfway down.
    var isVerticallySymmetric: Bool { ur == lr && ux == lx }
}

/// A `ConvexEdge` cut to the band of one pixel row, [p, q], with the half-chords and arc
/// integrals that every column of the row shares. Set up once per row in place (`setBand`):
/// building a fresh value per row, through optionals, cost ~670 instructions a row in copies.
struct EdgeRow {
    let edge: ConvexEdge
    /// Upper arc part: s = uy − t over [uSLo, uSHi] (uSHi at p), its half-chords and ∫h.
    private(set) var uLen = 0.0, uSLo = 0.0, uHLo = 0.0, uSHi = 0.0, uHHi = 0.0, uInt = 0.0
    /// Segment part length.
    private(set) var sLen = 0.0
    /// Lower arc part: s = t − ly over [lSLo, lSHi] (lSHi at q), its half-chords and ∫h.
    private(set) var lLen = 0.0, lSLo = 0.0, lHLo = 0.0, lSHi = 0.0, lHHi = 0.0, lInt = 0.0
    /// Least and greatest x of the edge over the band.
    private(set) var minX = Double.infinity
    private(set) var maxX = -Double.infinity

    init(_ edge: ConvexEdge) { self.edge = edge }

    /// Cuts the edge to [p, q]; `integrals: false` leaves out ∫h (for callers that need only
    /// the extremes).
    @inline(__always)
    mutating func setBand(p: Double, q: Double, integrals: Bool = true) {
        let e = edge
        uLen = 0
        sLen = 0
        lLen = 0
        minX = .infinity
        maxX = -.infinity
        let ub = min(q, e.uy)
        if p < ub && e.ur > 0 {
            uSHi = e.uy - p
            uSLo = e.uy - ub
            uHHi = halfChord(e.ur, uSHi)
            uHLo = halfChord(e.ur, uSLo)
            uLen = uSHi - uSLo
            if integrals {
                uInt = chordIntegral(r2: e.ur2, invR2: e.invUR2, sLo: uSLo, hLo: uHLo, sHi: uSHi, hHi: uHHi)
            }
            // x = ux − k·h: largest where h is smallest (at p).
            maxX = e.ux - e.k * uHHi
            minX = e.ux - e.k * uHLo
        }
        let sa = max(p, e.uy)
        let sb = min(q, e.ly)
        if sa < sb {
            sLen = sb - sa
            minX = min(minX, e.sx)
            maxX = max(maxX, e.sx)
        }
        let la = max(p, e.ly)
        if la < q && e.lr > 0 {
            lSLo = la - e.ly
            lSHi = q - e.ly
            lHLo = halfChord(e.lr, lSLo)
            lHHi = halfChord(e.lr, lSHi)
            lLen = lSHi - lSLo
            if integrals {
                lInt = chordIntegral(r2: e.lr2, invR2: e.invLR2, sLo: lSLo, hLo: lHLo, sHi: lSHi, hHi: lHHi)
            }
            minX = min(minX, e.lx - e.k * lHLo)
            maxX = max(maxX, e.lx - e.k * lHHi)
        }
    }

    /// E(X) = ∫ (L(t) − X)⁺ dt over the band: the area left of the edge and right of x = X.
    /// 0 for X ≥ maxX.
    @inline(__always)
    func excess(_ x: Double) -> Double {
        let e = edge
        var total = 0.0
        if uLen > 0 {
            // L − X = D − k·h > 0 where h < D/k, i.e. s > w, w the half-chord at height D/k.
            let d = e.ux - x
            let u = d * e.invK
            if u >= uHLo {
                total += d * uLen - e.k * uInt
            } else if u > uHHi {
                let w = halfChord(e.ur, u)
                total +=
                    d * (uSHi - w)
                    - e.k * chordIntegral(r2: e.ur2, invR2: e.invUR2, sLo: w, hLo: u, sHi: uSHi, hHi: uHHi)
            }
        }
        if sLen > 0 && e.sx > x { total += sLen * (e.sx - x) }
        if lLen > 0 {
            let d = e.lx - x
            let u = d * e.invK
            if u >= lHLo {
                total += d * lLen - e.k * lInt
            } else if u > lHHi {
                let w = halfChord(e.lr, u)
                total +=
                    d * (lSHi - w)
                    - e.k * chordIntegral(r2: e.lr2, invR2: e.invLR2, sLo: w, hLo: u, sHi: lSHi, hHi: lHHi)
            }
        }
        return total
    }
}

/// A rounded rectangle or an ellipse as its two edges: the outline the fast row coverage and the
/// fast shadows work from.
struct ConvexShape {
    let left: ConvexEdge
    /// The right edge mirrored in x = 0 (x → −x), so that it is a left edge.
    let right: ConvexEdge
    var top: Double { left.top }
    var bottom: Double { left.bottom }

    init(_ g: RoundedRectGeometry) {
        let r = g.radii
        left = ConvexEdge(
            top: g.minY, bottom: g.maxY,
            ux: g.minX + r.topLeft, uy: g.minY + r.topLeft, ur: r.topLeft,
            sx: g.minX,
            lx: g.minX + r.bottomLeft, ly: g.maxY - r.bottomLeft, lr: r.bottomLeft, k: 1)
        right = ConvexEdge(
            top: g.minY, bottom: g.maxY,
            ux: -(g.maxX - r.topRight), uy: g.minY + r.topRight, ur: r.topRight,
            sx: -g.maxX,
            lx: -(g.maxX - r.bottomRight), ly: g.maxY - r.bottomRight, lr: r.bottomRight, k: 1)
    }

    init(_ e: EllipseGeometry) {
        let k = e.rx / e.ry
        left = ConvexEdge(
            top: e.cy - e.ry, bottom: e.cy + e.ry, ux: e.cx, uy: e.cy, ur: e.ry, sx: e.cx - e.rx,
            lx: e.cx, ly: e.cy, lr: e.ry, k: k)
        right = ConvexEdge(
            top: e.cy - e.ry, bottom: e.cy + e.ry, ux: -e.cx, uy: e.cy, ur: e.ry, sx: -(e.cx + e.rx),
            lx: -e.cx, ly: e.cy, lr: e.ry, k: k)
    }

    /// The fast path's description of `shape`: rounded rectangles and ellipses of positive,
    /// finite size (rings and empty shapes have none).
    init?(_ shape: Shape) {
        switch shape {
        case .roundedRect(let r, let radii):
            let g = RoundedRectGeometry(r, radii)
            guard g.maxX > g.minX, g.maxY > g.minY, g.minX.isFinite, g.maxX.isFinite, g.minY.isFinite, g.maxY.isFinite
            else { return nil }
            self.init(g)
        case .ellipse(let r):
            let e = EllipseGeometry(r)
            guard e.rx > 0, e.ry > 0, e.cx.isFinite, e.cy.isFinite, e.rx.isFinite, e.ry.isFinite else { return nil }
            self.init(e)
        case .ring:
            return nil
        }
    }

    /// When the shape is mirror-symmetric about the vertical line halfway across and that line
    /// lies on a whole or half column, so that columns x and `sum − 1 − x` are equal: `sum`.
    /// (The right edge, stored mirrored, is then the left edge moved by −sum.)
    var mirrorColumnSum: Int? {
        let m = left.sx - right.sx
        guard m == m.rounded(), abs(m) < 1e15, left.ur == right.ur, left.lr == right.lr, left.k == right.k,
            left.uy == right.uy, left.ly == right.ly, right.ux == left.ux - m, right.lx == left.lx - m
        else { return nil }
        return Int(m)
    }

    /// When the shape is mirror-symmetric about the horizontal line halfway down and that line
    /// lies on a whole or half row, so that rows y and `sum − 1 − y` are equal: `sum`.
    var mirrorRowSum: Int? {
        guard left.isVerticallySymmetric, right.isVerticallySymmetric else { return nil }
        let m = top + bottom
        guard m == m.rounded(), abs(m) < 1e15 else { return nil }
        return Int(m)
    }

    /// The columns of row y (the band [y, y + 1] fully inside the shape's height) that the shape
    /// covers completely, as [start, end); nil when there are none. For leaving out shadow
    /// pixels that an opaque shape hides.
    func fullColumns(y: Int, x0: Int, x1: Int) -> (Int, Int)? {
        let p = Double(y)
        let q = p + 1
        guard p >= top, q <= bottom else { return nil }
        var l = EdgeRow(left)
        var r = EdgeRow(right)
        l.setBand(p: p, q: q, integrals: false)
        r.setBand(p: p, q: q, integrals: false)
        let lo = Double(x0)
        let hi = Double(x1)
        let start = min(hi, max(lo, l.maxX)).rounded(.up)
        let end = min(hi, max(lo, -r.maxX)).rounded(.down)
        guard start < end else { return nil }
        return (Int(start), Int(end))
    }
}

/// The rows of a `ConvexShape`, one at a time, cut to the columns [x0, x1): a run of left edge
/// pixels [a, b), a run covered to the band's full height [b, c), and a run of right edge pixels
/// [c, d). When the edges meet, b == c and [a, d) holds every covered column.
struct ConvexRows {
    private(set) var left: EdgeRow
    /// The right edge, mirrored.
    private(set) var right: EdgeRow
    let top: Double
    let bottom: Double
    let x0: Int
    let x1: Int
    /// The band's height inside the shape, 0…1: the coverage of the full run.
    private(set) var height = 0.0
    private(set) var a = 0, b = 0, c = 0, d = 0

    init(_ shape: ConvexShape, x0: Int, x1: Int) {
        left = EdgeRow(shape.left)
        right = EdgeRow(shape.right)
        top = shape.top
        bottom = shape.bottom
        self.x0 = x0
        self.x1 = x1
    }

    /// Moves to row y of a shape whose columns x and `columnSum − 1 − x` are equal, setting up
    /// the left edge only: [a, b), [b, c) and [c, d) with c = sum − b, d = sum − a. False when
    /// the row misses the shape or its edge runs meet (then `setRow` handles it).
    @inline(__always)
    mutating func setMirroredRow(_ y: Int, columnSum m: Int) -> Bool {
        let p = max(Double(y), top)
        let q = min(Double(y + 1), bottom)
        guard p < q else { return false }
        height = q - p
        left.setBand(p: p, q: q)
        let lo = Double(x0 - 1)
        let hi = Double(x1 + 1)
        a = floorInt(min(hi, max(lo, left.minX)))
        b = ceilInt(min(hi, max(lo, left.maxX)))
        c = m - b
        d = m - a
        return a >= x0 && d <= x1 && b <= c && a < b
    }

    /// Moves to row y; false when the row misses the shape or the columns.
    @inline(__always)
    mutating func setRow(_ y: Int) -> Bool {
        let p = max(Double(y), top)
        let q = min(Double(y + 1), bottom)
        guard p < q else { return false }
        height = q - p
        left.setBand(p: p, q: q)
        right.setBand(p: p, q: q)
        // Clamped to just outside [x0, x1) before converting, so far-away (or infinite, or NaN:
        // `max` keeps its first argument) edges cannot overflow Int. (A closure taking the
        // rounding rule as an argument cost 125 instructions a call.)
        let lo = Double(x0 - 1)
        let hi = Double(x1 + 1)
        a = max(x0, floorInt(min(hi, max(lo, left.minX))))
        b = ceilInt(min(hi, max(lo, left.maxX)))
        c = floorInt(min(hi, max(lo, -right.maxX)))
        d = min(x1, ceilInt(min(hi, max(lo, -right.minX))))
        // Edge runs that meet become one: [a, b) and [b, d) with nothing full between.
        if b > c { b = max(a, min(c, x1)) }
        b = min(max(a, b), x1)
        c = min(max(b, c), x1)
        d = max(c, d)
        return a < d
    }

    /// Coverage of column x from the left edge alone: the band height less what lies left of
    /// the edge. `eL` carries E_L(x) in and E_L(x + 1) out, so each boundary's E is computed once.
    @inline(__always)
    func leftCoverage(_ x: Double, _ eL: inout Double) -> Double {
        let next = x + 1
        let e1 = next < left.maxX ? left.excess(next) : 0
        defer { eL = e1 }
        return height - (eL - e1)
    }

    /// Coverage of column x from the right edge alone; `eR` carries E_R(x) in and E_R(x + 1)
    /// out (E_R(X) is the mirrored edge's E at −X).
    @inline(__always)
    func rightCoverage(_ x: Double, _ eR: inout Double) -> Double {
        let next = x + 1
        let e1 = next > -right.maxX ? right.excess(-next) : 0
        defer { eR = e1 }
        return height - (e1 - eR)
    }

    /// E_L at the start of a run at column x.
    @inline(__always)
    func leftExcess(at x: Double) -> Double { x < left.maxX ? left.excess(x) : 0 }

    /// E_R at the start of a run at column x.
    @inline(__always)
    func rightExcess(at x: Double) -> Double { x > -right.maxX ? right.excess(-x) : 0 }
}
