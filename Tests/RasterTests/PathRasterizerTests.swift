// The accumulation rasteriser for general paths against the clipping reference: polygons,
// both fill rules, nested contours, regions that cut the path, and Bézier curves.

import Foundation
import TestSupport
import XCTest

@testable import Raster

final class PathRasterizerTests: XCTestCase {
    /// A random star-shaped polygon: sorted angles, random radii, fractional coordinates. The
    /// angles are jittered about n equal slots, so consecutive vertices are less than π apart
    /// (for n ≥ 4; a triangle is simple anyway): the polygon is star-shaped about the centre,
    /// hence simple.
    private func starPolygon(_ rng: inout SplitMix64, center: V2, rMin: Double, rMax: Double, n: Int) -> [V2] {
        let phase = rng.uniform(0, 2 * Double.pi)
        let angles = (0..<n).map { k in phase + (Double(k) + rng.uniform(-0.45, 0.45)) * 2 * Double.pi / Double(n) }
        return angles.map { t in
            let r = rng.uniform(rMin, rMax)
            return V2(center.x + r * cos(t), center.y + r * sin(t))
        }
    }

    private func points(_ poly: [V2]) -> [Point] { poly.map { Point($0.x, $0.y) } }

    /// Rasterises `contours` in `region` and returns (values, bytes) under `rule`.
    private func rasterise(_ contours: [[Point]], region: IntRect, rule: FillRule) -> ([Double], [UInt8]) {
        var r = PathRasterizer(region: region)
        r.add(contours: contours)
        var values = [Double](repeating: 0, count: region.area)
        values.withUnsafeMutableBufferPointer { all in
            for y in 0..<region.height {
                r.coverageRow(
                    y, rule: rule,
                    into: UnsafeMutableBufferPointer(rebasing: all[(y * region.width)...].prefix(region.width)))
            }
        }
        return (values, denseBytes(r.mask(rule: rule), in: region))
    }

    private func enclosing(_ poly: [V2], margin: Int = 1) -> IntRect {
        let x0 = poly.map(\.x).min()!
        let x1 = poly.map(\.x).max()!
        let y0 = poly.map(\.y).min()!
        let y1 = poly.map(\.y).max()!
        return Rect(x: x0, y: y0, width: x1 - x0, height: y1 - y0).enclosingIntRect.insetBy(-margin)
    }

    // MARK: Simple polygons

    func testRandomSimplePolygonsBothRules() {
        var rng = SplitMix64(seed: 0xBA7_0001)
        var errors = CoverageErrors()
        for i in 0..<80 {
            let rMax = rng.pick([0.6, 3.0, 12.0, 40.0])
            let poly = starPolygon(
                &rng, center: V2(rng.uniform(40, 50), rng.uniform(40, 50)),
                rMin: rMax * rng.uniform(0.05, 0.9), rMax: rMax, n: rng.int(3...12))
            let oriented = i % 2 == 0 ? poly : poly.reversed()  // both orientations
            let region = enclosing(poly)
            let ref = unsignedPixelAreas(poly, in: region)
            for rule in [FillRule.nonZero, .evenOdd] {
                let (values, bytes) = rasterise([points(oriented)], region: region, rule: rule)
                errors.merge(
                    compareCoverage(
                        values, bytes: bytes, reference: ref, region: region,
                        label: "polygon #\(i) \(rule) \(oriented)"))
            }
        }
        print("polygons: max value error \(errors.maxValueError), max byte error \(errors.maxByteError)")
    }

    /// The rasteriser clips to its region: pixels inside the region are exact however much of the
    /// polygon lies outside (left, right, above, below), and nothing is written outside.
    func testPolygonsPartlyOutsideTheRegion() {
        var rng = SplitMix64(seed: 0xBA7_0002)
        for i in 0..<100 {
            let poly = starPolygon(
                &rng, center: V2(rng.uniform(0, 30), rng.uniform(0, 30)),
                rMin: rng.uniform(1, 8), rMax: rng.uniform(8, 30), n: rng.int(3...10))
            let region = IntRect(
                x: rng.int(0...20), y: rng.int(0...20), width: rng.int(1...20), height: rng.int(1...20))
            let ref = unsignedPixelAreas(poly, in: region)
            for rule in [FillRule.nonZero, .evenOdd] {
                let (values, bytes) = rasterise([points(poly)], region: region, rule: rule)
                compareCoverage(
                    values, bytes: bytes, reference: ref, region: region,
                    label: "clipped polygon #\(i) \(rule) in \(region): \(poly)")
            }
        }
    }

    /// Vertices exactly on the region's left edge, reached by slanted edges: the running x of
    /// an edge can land a rounding error left of the region, and the rasteriser then clamped the
    /// cell index to 0 but measured the fraction from cell −1, moving up to half a pixel of
    /// coverage into the next cell (75 wrong pixels here against the code of 40ce8eb; clamped
    /// since 7e42454). Polygons crossing the region's left edge hit the same case.
    func testVerticesOnTheRegionsLeftEdge() {
        var rng = SplitMix64(seed: 0xBA7_0003)
        var failures = 0
        for i in 0..<200 {
            // A diamond-like polygon whose leftmost vertex is at x = 7 exactly, with slopes that are
            // not exact in binary.
            let left = V2(7, rng.uniform(10, 20))
            let big = rng.uniform(0.6, 9)
            let c = V2(7 + big, left.y)
            // Star-shaped about c with angular gaps < π (so simple), every other vertex strictly
            // right of x = 7.
            let m = rng.int(3...6)
            let others = (1...m).map { k in
                let t = Double.pi + (Double(k) + rng.uniform(-0.4, 0.4)) * 2 * Double.pi / Double(m + 1)
                let r = big * rng.uniform(0.2, 0.99)
                return V2(c.x + r * cos(t), c.y + r * sin(t))
            }
            let poly = [left] + others
            let region = IntRect(x: 7, y: 0, width: 30, height: 32)
            let ref = unsignedPixelAreas(poly, in: region)
            let (values, bytes) = rasterise([points(poly)], region: region, rule: .nonZero)
            let before = failures
            for k in 0..<ref.count where abs(values[k] - ref[k]) > oneLevel || abs(Double(bytes[k]) - 255 * ref[k]) > 1
            {
                failures += 1
                if failures - before == 1 && failures <= 5 {
                    XCTFail(
                        "left-edge polygon #\(i) \(poly): pixel (\(region.minX + k % region.width), \(k / region.width)) value \(values[k]) byte \(bytes[k]) vs exact \(ref[k])"
                    )
                }
            }
        }
        if failures > 0 { print("left-edge polygons: \(failures) wrong pixels") }
    }

    // MARK: Nested contours

    /// Outer star plus inner star well inside it. Same orientation: non-zero covers the outer
    /// area, even-odd the outer minus the inner. Opposite orientation: both are outer − inner.
    func testNestedContours() {
        var rng = SplitMix64(seed: 0xBA7_0004)
        for i in 0..<40 {
            let c = V2(rng.uniform(30, 31), rng.uniform(30, 31))
            let rOuterMin = rng.uniform(10, 25)
            let outer = starPolygon(
                &rng, center: c, rMin: rOuterMin, rMax: rOuterMin + rng.uniform(0, 5), n: rng.int(3...9))
            // The inscribed circle of a star polygon with vertex radii ≥ rMin and angular gaps
            // < π has radius ≥ rMin·cos(gap/2); stay 2 px inside it (and skip polygons with a
            // gap ≥ 2π/3, whose inner radius is too small to bound usefully).
            let ang = outer.map { atan2($0.y - c.y, $0.x - c.x) }.sorted()
            var gap = ang.first! + 2 * Double.pi - ang.last!
            for k in 1..<ang.count { gap = max(gap, ang[k] - ang[k - 1]) }
            guard gap < 2 * Double.pi / 3 else { continue }
            let safe = rOuterMin * cos(gap / 2) - 2
            guard safe > 1 else { continue }
            let innerRMax = rng.uniform(0.5, safe)
            var inner = starPolygon(&rng, center: c, rMin: innerRMax * 0.3, rMax: innerRMax, n: rng.int(3...9))
            let region = enclosing(outer)
            let refOuter = unsignedPixelAreas(outer, in: region)
            let refInner = unsignedPixelAreas(inner, in: region)
            let difference = zip(refOuter, refInner).map { $0 - $1 }
            // Same orientation.
            var (values, bytes) = rasterise([points(outer), points(inner)], region: region, rule: .nonZero)
            compareCoverage(
                values, bytes: bytes, reference: refOuter, region: region,
                label: "nested #\(i) same orientation non-zero")
            (values, bytes) = rasterise([points(outer), points(inner)], region: region, rule: .evenOdd)
            compareCoverage(
                values, bytes: bytes, reference: difference, region: region,
                label: "nested #\(i) same orientation even-odd")
            // Opposite orientation.
            inner.reverse()
            for rule in [FillRule.nonZero, .evenOdd] {
                (values, bytes) = rasterise([points(outer), points(inner)], region: region, rule: rule)
                compareCoverage(
                    values, bytes: bytes, reference: difference, region: region,
                    label: "nested #\(i) opposite orientation \(rule)")
            }
        }
    }

    /// Two disjoint contours add up; the order of contours and of their vertices does not matter.
    func testDisjointContoursAndVertexOrder() {
        var rng = SplitMix64(seed: 0xBA7_0005)
        for i in 0..<20 {
            let a = starPolygon(&rng, center: V2(10.3, 10.7), rMin: 2, rMax: 8, n: 6)
            let b = starPolygon(&rng, center: V2(30.6, 12.2), rMin: 2, rMax: 8, n: 7)
            let region = IntRect(x: 0, y: 0, width: 42, height: 24)
            let ref = zip(unsignedPixelAreas(a, in: region), unsignedPixelAreas(b, in: region)).map { $0 + $1 }
            // Rotate the starting vertex: the same polygon.
            let k = rng.int(0...5)
            let aRotated = Array(a[k...] + a[..<k])
            let (values, bytes) = rasterise([points(b.reversed()), points(aRotated)], region: region, rule: .nonZero)
            compareCoverage(values, bytes: bytes, reference: ref, region: region, label: "disjoint #\(i)")
        }
    }

    // MARK: Curves

    /// The reference flattening of a path: every curve cut into 4096 equal parameter steps, far
    /// finer than any tolerance that matters here.
    private func referencePolygons(_ path: Path) -> [[V2]] {
        var out: [[V2]] = []
        var current: [V2] = []
        var last = V2(0, 0)
        func v(_ p: Point) -> V2 { V2(p.x, p.y) }
        func finish() {
            if current.count > 2 { out.append(current) }
            current = []
        }
        let n = 4096
        for e in path.elements {
            switch e {
            case .move(let p):
                finish()
                last = v(p)
                current = [last]
            case .line(let p):
                if current.isEmpty { current = [last] }
                last = v(p)
                current.append(last)
            case .quad(let c, let p):
                if current.isEmpty { current = [last] }
                let p0 = last
                for i in 1...n {
                    let t = Double(i) / Double(n)
                    let u = 1 - t
                    current.append(
                        V2(u * u * p0.x + 2 * u * t * c.x + t * t * p.x, u * u * p0.y + 2 * u * t * c.y + t * t * p.y))
                }
                last = v(p)
            case .cubic(let c1, let c2, let p):
                if current.isEmpty { current = [last] }
                let p0 = last
                for i in 1...n {
                    let t = Double(i) / Double(n)
                    let u = 1 - t
                    let b0 = u * u * u
                    let b1 = 3 * u * u * t
                    let b2 = 3 * u * t * t
                    let b3 = t * t * t
                    current.append(
                        V2(b0 * p0.x + b1 * c1.x + b2 * c2.x + b3 * p.x, b0 * p0.y + b1 * c1.y + b2 * c2.y + b3 * p.y))
                }
                last = v(p)
            case .close:
                if let first = current.first { last = first }
                finish()
            }
        }
        finish()
        return out
    }

    /// Whether a polygon is star-shaped about `c` (its angle about c only increases, by 2π in
    /// all): then it is simple, and its signed area is the area of what it encloses.
    private func isStarShaped(_ poly: [V2], about c: V2) -> Bool {
        var total = 0.0
        for i in 0..<poly.count {
            let a = poly[i]
            let b = poly[(i + 1) % poly.count]
            if a == b { continue }  // the closing point repeats the first
            var d = atan2(b.y - c.y, b.x - c.x) - atan2(a.y - c.y, a.x - c.x)
            if d > Double.pi { d -= 2 * Double.pi }
            if d < -Double.pi { d += 2 * Double.pi }
            if d <= 0 { return false }
            total += d
        }
        return abs(total - 2 * Double.pi) < 1e-6
    }

    /// A random closed blob of quadratic or cubic Béziers around `c`, regenerated until its fine
    /// flattening is star-shaped (so it is simple and the reference area is unambiguous).
    private func randomCurvedBlob(_ rng: inout SplitMix64, center c: V2, radius: Double, cubic: Bool) -> Path? {
        for _ in 0..<1000 {
            let n = rng.int(3...6)
            let angles = (0..<n).map { k in (Double(k) + rng.uniform(0.1, 0.9)) * 2 * Double.pi / Double(n) }
            func at(_ t: Double, _ r: Double) -> Point { Point(c.x + r * cos(t), c.y + r * sin(t)) }
            var path = Path()
            let anchors = angles.map { at($0, radius * rng.uniform(0.5, 1)) }
            path.move(to: anchors[0])
            for k in 0..<n {
                let t0 = angles[k]
                let t1 = k + 1 < n ? angles[k + 1] : angles[0] + 2 * Double.pi
                let next = anchors[(k + 1) % n]
                if cubic {
                    path.cubic(
                        to: next, control1: at(t0 + (t1 - t0) / 3, radius * rng.uniform(0.4, 1.4)),
                        control2: at(t0 + 2 * (t1 - t0) / 3, radius * rng.uniform(0.4, 1.4)))
                } else {
                    path.quad(to: next, control: at((t0 + t1) / 2, radius * rng.uniform(0.4, 1.5)))
                }
            }
            path.close()
            let polys = referencePolygons(path)
            if polys.count == 1 && isStarShaped(polys[0], about: c) { return path }
        }
        return nil
    }

    /// Quadratic and cubic outlines: the rasteriser flattens within 1/512 px, so each pixel may
    /// differ from the curve's exact area by up to √2/512 ≈ 0.7/255 on top of rounding.
    func testQuadraticAndCubicCurves() {
        var rng = SplitMix64(seed: 0xBA7_0006)
        var errors = CoverageErrors()
        for i in 0..<16 {
            let cubic = i % 2 == 1
            let radius = rng.pick([1.5, 6.0, 15.0, 30.0])
            let c = V2(rng.uniform(50, 51), rng.uniform(50, 51))
            guard let path = randomCurvedBlob(&rng, center: c, radius: radius, cubic: cubic) else {
                XCTFail("no simple random blob found")
                continue
            }
            let ref = referencePolygons(path)[0]
            let region = enclosing(ref, margin: 2)
            let expected = unsignedPixelAreas(ref, in: region)
            for rule in [FillRule.nonZero, .evenOdd] {
                let (values, bytes) = rasterise(path.flattened(), region: region, rule: rule)
                errors.merge(
                    compareCoverage(
                        values, bytes: bytes, reference: expected, region: region,
                        label: "\(cubic ? "cubic" : "quadratic") blob #\(i) \(rule)",
                        valueTolerance: oneLevel + 1e-4, byteTolerance: 1.03))
            }
        }
        print("curves: max value error \(errors.maxValueError), max byte error \(errors.maxByteError)")
    }

    /// `Path.flattened` keeps every vertex within its tolerance of the true curve.
    func testFlatteningTolerance() {
        var rng = SplitMix64(seed: 0xBA7_0007)
        for _ in 0..<40 {
            let p0 = Point(rng.uniform(0, 100), rng.uniform(0, 100))
            let c1 = Point(rng.uniform(0, 100), rng.uniform(0, 100))
            let c2 = Point(rng.uniform(0, 100), rng.uniform(0, 100))
            let p1 = Point(rng.uniform(0, 100), rng.uniform(0, 100))
            var path = Path()
            path.move(to: p0)
            path.cubic(to: p1, control1: c1, control2: c2)
            let tol = 1.0 / 512
            let flat = path.flattened(tolerance: tol)[0]
            XCTAssertEqual(flat.first, p0)
            XCTAssertEqual(flat.last!.x, p1.x, accuracy: 1e-9)
            XCTAssertEqual(flat.last!.y, p1.y, accuracy: 1e-9)
            // Each chord stays within tol of the curve: check the chord midpoints against the
            // finely sampled curve between the chord's end parameters (uniform steps).
            let n = flat.count - 1
            for k in 0..<n {
                for j in 1..<8 {
                    let t = (Double(k) + Double(j) / 8) / Double(n)
                    let u = 1 - t
                    let cx = u * u * u * p0.x + 3 * u * u * t * c1.x + 3 * u * t * t * c2.x + t * t * t * p1.x
                    let cy = u * u * u * p0.y + 3 * u * u * t * c1.y + 3 * u * t * t * c2.y + t * t * t * p1.y
                    let a = flat[k]
                    let b = flat[k + 1]
                    let f = Double(j) / 8
                    let lx = a.x + (b.x - a.x) * f
                    let ly = a.y + (b.y - a.y) * f
                    let d = ((cx - lx) * (cx - lx) + (cy - ly) * (cy - ly)).squareRoot()
                    XCTAssertLessThanOrEqual(d, tol * 1.0001, "chord \(k) of \(n) is \(d) px from the curve")
                }
            }
        }
    }

    // MARK: End to end

    /// Canvas.fill(path) on an ARGB image in opaque white: alpha = exact area × 255 (within 1),
    /// also for paths beyond the surface's edges and huge paths (rasterised inside the clip).
    func testCanvasFillPath() {
        let image = Image(width: 40, height: 30, format: .argb8888)
        let canvas = Canvas(image: image)
        var rng = SplitMix64(seed: 0xBA7_0008)
        var cases: [(String, [V2], FillRule)] = []
        for i in 0..<30 {
            let poly = starPolygon(
                &rng, center: V2(rng.uniform(-10, 50), rng.uniform(-10, 40)),
                rMin: rng.uniform(1, 10), rMax: rng.uniform(10, 30), n: rng.int(3...10))
            cases.append(("random #\(i)", poly, i % 2 == 0 ? .nonZero : .evenOdd))
        }
        cases.append(
            ("huge triangle over everything", [V2(-500.5, -300.25), V2(800.75, -10.5), V2(20.3, 900.1)], .nonZero))
        cases.append(
            (
                "huge polygon with an edge through the surface",
                [V2(-1000, -1000), V2(1000, -1000), V2(1000, 1000), V2(-1000, 1000.0 - 1990.5)], .evenOdd
            ))
        cases.append(("thin sliver", [V2(0.5, 0.5), V2(39.5, 29.2), V2(39.5, 29.7)], .nonZero))
        cases.append(("entirely off the surface", [V2(-20, -20), V2(-5, -20), V2(-5, -5)], .nonZero))
        for (name, poly, rule) in cases {
            canvas.clear(.clear)
            canvas.fill(Path.polygon(points(poly)), rule: rule, .solid(.white))
            let ref = unsignedPixelAreas(poly, in: image.bounds)
            compareCoverage(
                nil, bytes: alphaPlane(image), reference: ref, region: image.bounds, label: "canvas path \(name)")
        }
    }

    /// A path with a hole, through the canvas, both rules.
    func testCanvasFillPathWithHole() {
        let image = Image(width: 40, height: 30, format: .argb8888)
        let canvas = Canvas(image: image)
        let outer = [V2(2.3, 1.7), V2(37.6, 3.2), V2(35.1, 28.4), V2(4.4, 26.9)]
        let inner = [V2(12.2, 9.1), V2(26.7, 10.4), V2(24.5, 20.8), V2(13.9, 19.6)]
        var path = Path.polygon(points(outer))
        for (k, p) in points(inner).enumerated() {
            if k == 0 { path.move(to: p) } else { path.line(to: p) }
        }
        path.close()
        let o = unsignedPixelAreas(outer, in: image.bounds)
        let i = unsignedPixelAreas(inner, in: image.bounds)
        canvas.clear(.clear)
        canvas.fill(path, rule: .nonZero, .solid(.white))
        compareCoverage(
            nil, bytes: alphaPlane(image), reference: o, region: image.bounds, label: "hole, same orientation, non-zero"
        )
        canvas.clear(.clear)
        canvas.fill(path, rule: .evenOdd, .solid(.white))
        compareCoverage(
            nil, bytes: alphaPlane(image), reference: zip(o, i).map { $0 - $1 }, region: image.bounds,
            label: "hole, same orientation, even-odd")
    }
}
