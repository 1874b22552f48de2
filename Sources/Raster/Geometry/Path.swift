/// How overlapping parts of a path decide what is inside.
public enum FillRule: String, Hashable, Sendable, Codable {
    /// Inside where the winding number is not zero.
    case nonZero
    /// Inside where the winding number is odd.
    case evenOdd
}

/// A general outline: contours of lines and quadratic and cubic Béziers.
/// Every contour is closed implicitly when filled.
public struct Path: Hashable, Sendable {
    public enum Element: Hashable, Sendable {
        case move(Point)
        case line(Point)
        case quad(Point, Point)
        case cubic(Point, Point, Point)
        case close
    }

    public private(set) var elements: [Element] = []

    public init() {}

    public mutating func move(to p: Point) { elements.append(.move(p)) }
    public mutating func line(to p: Point) { elements.append(.line(p)) }
    public mutating func quad(to p: Point, control c: Point) { elements.append(.quad(c, p)) }
    public mutating func cubic(to p: Point, control1 c1: Point, control2 c2: Point) {
        elements.append(.cubic(c1, c2, p))
    }
    public mutating func close() { elements.append(.close) }

    /// A closed polygon through `points`.
    public static func polygon(_ points: [Point]) -> Path {
        var p = Path()
        guard let first = points.first else { return p }
        p.move(to: first)
        for q in points.dropFirst() { p.line(to: q) }
        p.close()
        return p
    }

    /// Whether every point is finite (a NaN or infinite point makes the path undrawable).
    public var isFinite: Bool {
        elements.allSatisfy {
            switch $0 {
            case .move(let a), .line(let a): a.x.isFinite && a.y.isFinite
            case .quad(let a, let b): a.x.isFinite && a.y.isFinite && b.x.isFinite && b.y.isFinite
            case .cubic(let a, let b, let c):
                a.x.isFinite && a.y.isFinite && b.x.isFinite && b.y.isFinite && c.x.isFinite && c.y.isFinite
            case .close: true
            }
        }
    }

    /// The path moved by (dx, dy).
    public func offsetBy(dx: Double, dy: Double) -> Path {
        let d = Point(dx, dy)
        var p = Path()
        p.elements = elements.map {
            switch $0 {
            case .move(let a): .move(a + d)
            case .line(let a): .line(a + d)
            case .quad(let a, let b): .quad(a + d, b + d)
            case .cubic(let a, let b, let c): .cubic(a + d, b + d, c + d)
            case .close: .close
            }
        }
        return p
    }

    /// The box holding every point, control points included (so it holds the curve too).
    public var bounds: Rect {
        var x0 = Double.infinity
        var y0 = Double.infinity
        var x1 = -Double.infinity
        var y1 = -Double.infinity
        func add(_ p: Point) {
            x0 = min(x0, p.x)
            y0 = min(y0, p.y)
            x1 = max(x1, p.x)
            y1 = max(y1, p.y)
        }
        for e in elements {
            switch e {
            case .move(let a), .line(let a): add(a)
            case .quad(let a, let b):
                add(a)
                add(b)
            case .cubic(let a, let b, let c):
                add(a)
                add(b)
                add(c)
            case .close: break
            }
        }
        guard x0 <= x1, y0 <= y1 else { return Rect(x: 0, y: 0, width: 0, height: 0) }
        return Rect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
    }

    /// Wang's bound rounded up, capped so that a curve with absurd control points cannot
    /// exhaust memory (1 << 14 segments is far below 1/255 of a pixel on any real screen).
    private func segmentCount(_ bound: Double) -> Int {
        guard bound.isFinite else { return 1 << 14 }
        // Capped before converting: a finite bound of 1e300 would not fit in an Int.
        return max(1, Int(min(Double(1 << 14), bound).rounded(.up)))
    }

    /// Flattens every contour into closed polylines whose distance from the true curves is at
    /// most `tolerance` pixels, by Wang's formula for the number of segments.
    public func flattened(tolerance: Double = 1.0 / 512) -> [[Point]] {
        var contours: [[Point]] = []
        var current: [Point] = []
        func finish() {
            if current.count > 1 { contours.append(current) }
            current = []
        }
        var last = Point.zero
        for e in elements {
            switch e {
            case .move(let p):
                finish()
                current = [p]
                last = p
            case .line(let p):
                if current.isEmpty { current = [last] }
                current.append(p)
                last = p
            case .quad(let c, let p):
                if current.isEmpty { current = [last] }
                let dd = last - c * 2 + p
                let n = segmentCount((0.25 * (dd.x * dd.x + dd.y * dd.y).squareRoot() / tolerance).squareRoot())
                for i in 1...n {
                    let t = Double(i) / Double(n)
                    let u = 1 - t
                    current.append(last * (u * u) + c * (2 * u * t) + p * (t * t))
                }
                last = p
            case .cubic(let c1, let c2, let p):
                if current.isEmpty { current = [last] }
                let d1 = last - c1 * 2 + c2
                let d2 = c1 - c2 * 2 + p
                let m = max((d1.x * d1.x + d1.y * d1.y).squareRoot(), (d2.x * d2.x + d2.y * d2.y).squareRoot())
                let n = segmentCount((0.75 * m / tolerance).squareRoot())
                for i in 1...n {
                    let t = Double(i) / Double(n)
                    let u = 1 - t
                    let a = last * (u * u * u) + c1 * (3 * u * u * t)
                    current.append(a + c2 * (3 * u * t * t) + p * (t * t * t))
                }
                last = p
            case .close:
                if let first = current.first { last = first }
                finish()
            }
        }
        finish()
        return contours
    }
}
