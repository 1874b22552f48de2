/// A point in device space, in pixels. Pixel (px, py) covers [px, px+1) × [py, py+1).
public struct Point: Hashable, Sendable {
    public var x: Double
    public var y: Double
    public init(_ x: Double, _ y: Double) {
        self.x = x
        self.y = y
    }
    public init(x: Double, y: Double) { self.init(x, y) }
    public static let zero = Point(0, 0)

    public static func + (a: Point, b: Point) -> Point { Point(a.x + b.x, a.y + b.y) }
    public static func - (a: Point, b: Point) -> Point { Point(a.x - b.x, a.y - b.y) }
    public static func * (a: Point, s: Double) -> Point { Point(a.x * s, a.y * s) }
}

/// An axis-aligned rectangle with fractional edges.
public struct Rect: Hashable, Sendable {
    public var x: Double
    public var y: Double
    public var width: Double
    public var height: Double

    public init(x: Double, y: Double, width: Double, height: Double) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
    }

    public var minX: Double { x }
    public var minY: Double { y }
    public var maxX: Double { x + width }
    public var maxY: Double { y + height }
    public var midX: Double { x + width / 2 }
    public var midY: Double { y + height / 2 }
    public var isEmpty: Bool { !(width > 0 && height > 0) }

    /// The same rectangle moved by (dx, dy).
    public func offsetBy(dx: Double, dy: Double) -> Rect {
        Rect(x: x + dx, y: y + dy, width: width, height: height)
    }

    /// The rectangle grown by `d` on every side (shrunk when `d` is negative).
    public func insetBy(_ d: Double) -> Rect {
        Rect(x: x + d, y: y + d, width: width - 2 * d, height: height - 2 * d)
    }

    /// The smallest integer rectangle that contains this one. Edges beyond ±2³⁰ px are clamped
    /// there (so that no value, not even ±∞, traps the conversion to Int or overflows the
    /// width), and a rectangle with a NaN edge is empty.
    public var enclosingIntRect: IntRect {
        let limit = 1_073_741_824.0
        guard minX == minX, minY == minY, maxX == maxX, maxY == maxY else { return .zero }
        let x0 = Int(min(limit, max(-limit, minX)).rounded(.down))
        let y0 = Int(min(limit, max(-limit, minY)).rounded(.down))
        let x1 = Int(min(limit, max(-limit, maxX)).rounded(.up))
        let y1 = Int(min(limit, max(-limit, maxY)).rounded(.up))
        return IntRect(x: x0, y: y0, width: max(0, x1 - x0), height: max(0, y1 - y0))
    }
}

/// An axis-aligned rectangle on the pixel grid: clip rectangles, damage, mask bounds.
public struct IntRect: Hashable, Sendable, CustomStringConvertible {
    public var x: Int
    public var y: Int
    public var width: Int
    public var height: Int

    public init(x: Int, y: Int, width: Int, height: Int) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
    }

    public static let zero = IntRect(x: 0, y: 0, width: 0, height: 0)

    public var minX: Int { x }
    public var minY: Int { y }
    public var maxX: Int { x + width }
    public var maxY: Int { y + height }
    public var isEmpty: Bool { width <= 0 || height <= 0 }
    public var area: Int { isEmpty ? 0 : width * height }
    public var description: String { "\(width)x\(height)+\(x)+\(y)" }

    public func intersection(_ other: IntRect) -> IntRect {
        let x0 = max(minX, other.minX)
        let y0 = max(minY, other.minY)
        let x1 = min(maxX, other.maxX)
        let y1 = min(maxY, other.maxY)
        if x1 <= x0 || y1 <= y0 { return .zero }
        return IntRect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
    }

    /// The smallest rectangle containing both; an empty operand does not count.
    public func union(_ other: IntRect) -> IntRect {
        if isEmpty { return other }
        if other.isEmpty { return self }
        let x0 = min(minX, other.minX)
        let y0 = min(minY, other.minY)
        let x1 = max(maxX, other.maxX)
        let y1 = max(maxY, other.maxY)
        return IntRect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
    }

    public func contains(_ other: IntRect) -> Bool {
        other.isEmpty
            || (other.minX >= minX && other.minY >= minY && other.maxX <= maxX && other.maxY <= maxY)
    }

    public func intersects(_ other: IntRect) -> Bool { !intersection(other).isEmpty }

    public func offsetBy(dx: Int, dy: Int) -> IntRect {
        IntRect(x: x + dx, y: y + dy, width: width, height: height)
    }

    public func insetBy(_ d: Int) -> IntRect {
        IntRect(x: x + d, y: y + d, width: width - 2 * d, height: height - 2 * d)
    }

    public var rect: Rect { Rect(x: Double(x), y: Double(y), width: Double(width), height: Double(height)) }
}

/// A 2-D affine transform in the usual 6-number form: x' = a·x + c·y + tx, y' = b·x + d·y + ty.
public struct AffineTransform: Hashable, Sendable {
    public var a: Double, b: Double, c: Double, d: Double, tx: Double, ty: Double

    public init(a: Double, b: Double, c: Double, d: Double, tx: Double, ty: Double) {
        self.a = a
        self.b = b
        self.c = c
        self.d = d
        self.tx = tx
        self.ty = ty
    }

    public static let identity = AffineTransform(a: 1, b: 0, c: 0, d: 1, tx: 0, ty: 0)

    public static func translation(_ dx: Double, _ dy: Double) -> AffineTransform {
        AffineTransform(a: 1, b: 0, c: 0, d: 1, tx: dx, ty: dy)
    }

    public static func scale(_ sx: Double, _ sy: Double) -> AffineTransform {
        AffineTransform(a: sx, b: 0, c: 0, d: sy, tx: 0, ty: 0)
    }

    /// Maps `p` through this transform.
    public func apply(_ p: Point) -> Point {
        Point(a * p.x + c * p.y + tx, b * p.x + d * p.y + ty)
    }

    /// `self` followed by `next`.
    public func concatenating(_ next: AffineTransform) -> AffineTransform {
        AffineTransform(
            a: a * next.a + b * next.c, b: a * next.b + b * next.d,
            c: c * next.a + d * next.c, d: c * next.b + d * next.d,
            tx: tx * next.a + ty * next.c + next.tx, ty: tx * next.b + ty * next.d + next.ty)
    }

    /// The inverse, or nil when the transform is singular.
    public var inverted: AffineTransform? {
        let det = a * d - b * c
        guard det != 0, det.isFinite else { return nil }
        let ia = d / det
        let ib = -b / det
        let ic = -c / det
        let id = a / det
        return AffineTransform(
            a: ia, b: ib, c: ic, d: id, tx: -(ia * tx + ic * ty), ty: -(ib * tx + id * ty))
    }
}
