/// Corner radii of a rounded rectangle, in pixels, one per corner.
public struct CornerRadii: Hashable, Sendable, Codable {
    public var topLeft: Double
    public var topRight: Double
    public var bottomRight: Double
    public var bottomLeft: Double

    public init(topLeft: Double, topRight: Double, bottomRight: Double, bottomLeft: Double) {
        self.topLeft = topLeft
        self.topRight = topRight
        self.bottomRight = bottomRight
        self.bottomLeft = bottomLeft
    }

    public init(_ all: Double) { self.init(topLeft: all, topRight: all, bottomRight: all, bottomLeft: all) }

    public static let zero = CornerRadii(0)

    func map(_ f: (Double) -> Double) -> CornerRadii {
        CornerRadii(topLeft: f(topLeft), topRight: f(topRight), bottomRight: f(bottomRight), bottomLeft: f(bottomLeft))
    }
}

/// How a stroke of width w sits on a shape's outline.
public enum StrokeAlignment: String, Hashable, Sendable, Codable {
    /// Entirely inside the outline (a border that never grows the shape).
    case inside
    /// Centred on the outline: w/2 inside, w/2 outside.
    case center
    /// Entirely outside the outline.
    case outside
}

/// The shapes the rasteriser covers exactly in closed form. Each has a fast, exact coverage path;
/// anything else is a ``Path``.
public enum Shape: Hashable, Sendable {
    /// A rounded rectangle with per-corner radii. Radii larger than fit are scaled down together
    /// (as CSS does), so a radius ≥ half the height gives a capsule.
    case roundedRect(Rect, CornerRadii)
    /// The ellipse inscribed in a rectangle.
    case ellipse(Rect)
    /// The region inside `outer` and outside `inner`; `inner` must lie inside `outer`.
    /// Strokes and borders are rings. (Only this case is boxed, so the common shapes are
    /// plain values and drawing them allocates nothing.)
    indirect case ring(outer: Shape, inner: Shape)

    public static func rect(_ r: Rect) -> Shape { .roundedRect(r, .zero) }

    public static func capsule(_ r: Rect) -> Shape { .roundedRect(r, CornerRadii(min(r.width, r.height) / 2)) }

    public static func circle(center: Point, radius: Double) -> Shape {
        .ellipse(Rect(x: center.x - radius, y: center.y - radius, width: 2 * radius, height: 2 * radius))
    }

    /// The outline's bounding box.
    public var bounds: Rect {
        switch self {
        case .roundedRect(let r, _), .ellipse(let r): return r
        case .ring(let outer, _): return outer.bounds
        }
    }

    /// The same shape moved by (dx, dy).
    public func offsetBy(dx: Double, dy: Double) -> Shape {
        switch self {
        case .roundedRect(let r, let radii): return .roundedRect(r.offsetBy(dx: dx, dy: dy), radii)
        case .ellipse(let r): return .ellipse(r.offsetBy(dx: dx, dy: dy))
        case .ring(let o, let i): return .ring(outer: o.offsetBy(dx: dx, dy: dy), inner: i.offsetBy(dx: dx, dy: dy))
        }
    }

    /// The shape with each rectangle's origin rounded to a multiple of 2⁻²⁰ px. Cache keys use
    /// it, so that a shape placed at whole-pixel offsets of one fractional position finds the
    /// same mask: 3.3 − 3 and 40.3 − 40 differ in their last bits, and would otherwise build
    /// two masks. A millionth of a pixel moves coverage by far less than 1/255.
    func quantizedPosition() -> Shape {
        func q(_ v: Double) -> Double { (v * 1_048_576).rounded() / 1_048_576 }
        func qr(_ r: Rect) -> Rect { Rect(x: q(r.x), y: q(r.y), width: r.width, height: r.height) }
        switch self {
        case .roundedRect(let r, let radii): return .roundedRect(qr(r), radii)
        case .ellipse(let r): return .ellipse(qr(r))
        case .ring(let o, let i): return .ring(outer: o.quantizedPosition(), inner: i.quantizedPosition())
        }
    }

    /// The outline moved outward by `d` (inward when negative). For rounded rectangles this is
    /// the exact offset curve (radii grow or shrink by d, never below 0); for ellipses it is the
    /// concentric ellipse with semi-axes changed by d.
    public func outset(by d: Double) -> Shape {
        switch self {
        case .roundedRect(let r, let radii):
            let normalised = RoundedRectGeometry(r, radii).radii
            return .roundedRect(r.insetBy(-d), normalised.map { max(0, $0 + d) })
        case .ellipse(let r): return .ellipse(r.insetBy(-d))
        case .ring(let o, let i): return .ring(outer: o.outset(by: d), inner: i.outset(by: -d))
        }
    }

    /// The band of width `width` along the outline, placed per `alignment`.
    public func stroke(width: Double, alignment: StrokeAlignment = .inside) -> Shape {
        let outward: Double
        switch alignment {
        case .inside: outward = 0
        case .center: outward = width / 2
        case .outside: outward = width
        }
        let outer = outset(by: outward)
        let inner = outset(by: outward - width)
        if inner.bounds.isEmpty { return outer }
        return .ring(outer: outer, inner: inner)
    }
}

/// A rounded rectangle with radii normalised to fit (scaled down together, as CSS does).
struct RoundedRectGeometry {
    let minX: Double, minY: Double, maxX: Double, maxY: Double
    let radii: CornerRadii

    init(_ rect: Rect, _ r: CornerRadii) {
        minX = rect.minX
        minY = rect.minY
        maxX = rect.maxX
        maxY = rect.maxY
        let w = max(0, rect.width)
        let h = max(0, rect.height)
        let clamped = r.map { max(0, $0.isFinite ? $0 : 0) }
        var scale = 1.0
        func limit(_ sum: Double, _ side: Double) {
            if sum > side { scale = min(scale, side / sum) }
        }
        limit(clamped.topLeft + clamped.topRight, w)
        limit(clamped.bottomLeft + clamped.bottomRight, w)
        limit(clamped.topLeft + clamped.bottomLeft, h)
        limit(clamped.topRight + clamped.bottomRight, h)
        radii = scale < 1 ? clamped.map { $0 * scale } : clamped
    }

    /// The left edge of the shape at height y (y inside [minY, maxY]).
    func leftX(_ y: Double) -> Double {
        let tl = radii.topLeft
        let bl = radii.bottomLeft
        if y < minY + tl {
            let d = minY + tl - y
            return minX + tl - max(0, tl * tl - d * d).squareRoot()
        }
        if y > maxY - bl {
            let d = y - (maxY - bl)
            return minX + bl - max(0, bl * bl - d * d).squareRoot()
        }
        return minX
    }

    func rightX(_ y: Double) -> Double {
        let tr = radii.topRight
        let br = radii.bottomRight
        if y < minY + tr {
            let d = minY + tr - y
            return maxX - tr + max(0, tr * tr - d * d).squareRoot()
        }
        if y > maxY - br {
            let d = y - (maxY - br)
            return maxX - br + max(0, br * br - d * d).squareRoot()
        }
        return maxX
    }
}

struct EllipseGeometry {
    let cx: Double, cy: Double, rx: Double, ry: Double
    init(_ r: Rect) {
        cx = r.midX
        cy = r.midY
        rx = max(0, r.width / 2)
        ry = max(0, r.height / 2)
    }

    func halfWidth(_ y: Double) -> Double {
        let d = (y - cy) / ry
        return rx * max(0, 1 - d * d).squareRoot()
    }
}
