// "Every pixel's coverage equals the exact area of the shape inside that pixel within 1/255":
// rounded rectangles, ellipses, circles, rings and strokes against the clipping reference.

import Foundation
import TestSupport
import XCTest

@testable import Raster

final class CoverageExactnessTests: XCTestCase {
    // MARK: The reference itself

    /// The reference must be right before anything is compared with it.
    func testReferenceSelfChecks() {
        // A rectangle: exact areas are products of overlaps, known by hand.
        let square = [V2(0.5, 0.25), V2(2.5, 0.25), V2(2.5, 1.75), V2(0.5, 1.75)]
        let region = IntRect(x: 0, y: 0, width: 3, height: 2)
        let a = unsignedPixelAreas(square, in: region)
        let expected = [0.375, 0.75, 0.375, 0.375, 0.75, 0.375]
        for (x, y) in zip(a, expected) { XCTAssertEqual(x, y, accuracy: 1e-15) }
        // Orientation does not matter.
        XCTAssertEqual(unsignedPixelAreas(square.reversed(), in: region), a)

        // A disc: total area within the flattening error of πr².
        for r in [0.3, 2.5, 17.0, 60.0] {
            let disc = ellipseOutline(x: 3.3 - r, y: 1.7 - r, w: 2 * r, h: 2 * r)
            let reg = IntRect(
                x: Int((3.3 - r).rounded(.down)) - 1, y: Int((1.7 - r).rounded(.down)) - 1,
                width: Int(2 * r) + 4, height: Int(2 * r) + 4)
            let total = unsignedPixelAreas(disc, in: reg).reduce(0, +)
            XCTAssertEqual(total, Double.pi * r * r, accuracy: 2e-4 * r + 1e-9, "disc r=\(r)")
        }

        // The recursive clipper equals the literal per-pixel clipper on awkward polygons
        // (non-convex, self-intersecting, vertices on pixel edges).
        var rng = SplitMix64(seed: 1)
        for _ in 0..<20 {
            let n = rng.int(3...9)
            var poly: [V2] = (0..<n).map { _ in V2(rng.uniform(-1, 9), rng.uniform(-1, 7)) }
            poly[0] = V2(2, 3)  // exactly on a pixel corner
            let reg = IntRect(x: 0, y: 0, width: 8, height: 6)
            let fast = pixelAreas(poly, in: reg)
            for y in 0..<6 {
                for x in 0..<8 {
                    XCTAssertEqual(fast[y * 8 + x], directPixelArea(poly, x: x, y: y), accuracy: 1e-12)
                }
            }
            // Integral of the winding number is the signed area, however the polygon is cut.
            let whole = IntRect(x: -2, y: -2, width: 12, height: 10)
            XCTAssertEqual(pixelAreas(poly, in: whole).reduce(0, +), shoelaceArea(poly), accuracy: 1e-10)
        }

        // CSS normalisation, by hand: 10 × 4 with radii 4 on the left → f = 4/8 = 0.5.
        let n = cssNormalisedRadii(
            width: 10, height: 4, CornerRadii(topLeft: 4, topRight: 0, bottomRight: 0, bottomLeft: 4))
        XCTAssertEqual(n.tl, 2)
        XCTAssertEqual(n.bl, 2)
        XCTAssertEqual(n.tr, 0)
        // A rounded rectangle's total area: w·h − (4 − π)·Σr²/4.
        let rr = roundedRectOutline(x: 0.25, y: 0.5, w: 20, h: 10, tl: 5, tr: 0, br: 3, bl: 1)
        let total = unsignedPixelAreas(rr, in: IntRect(x: 0, y: 0, width: 22, height: 12)).reduce(0, +)
        XCTAssertEqual(total, 200 - (4 - Double.pi) * (25 + 9 + 1) / 4, accuracy: 1e-4)
    }

    // MARK: Rounded rectangles

    private func randomExtent(_ rng: inout SplitMix64) -> Double {
        switch rng.int(0...9) {
        case 0...2: return rng.uniform(0.05, 1.2)  // sub-pixel
        case 3...5: return rng.uniform(1.2, 8)
        default: return rng.uniform(8, 60)
        }
    }

    private func randomRadius(_ rng: inout SplitMix64, _ w: Double, _ h: Double) -> Double {
        switch rng.int(0...9) {
        case 0, 1: return 0
        case 2, 3, 4: return rng.uniform(0, min(w, h) / 2)
        case 5, 6: return rng.uniform(0.5, 1.5) * max(w, h)  // ≥ half the side: capsules / scaling
        case 7: return 1000
        default: return rng.uniform(0.05, 1)  // sub-pixel radius
        }
    }

    /// Compares values and bytes of `shape` against the reference over its bounds grown by
    /// `margin` pixels (so that the zeros around it are checked too).
    @discardableResult
    private func check(
        _ shape: Shape, margin: Int = 1, label: String, file: StaticString = #filePath, line: UInt = #line
    ) -> CoverageErrors {
        let region = shape.bounds.enclosingIntRect.insetBy(-margin)
        return check(shape, in: region, label: label, file: file, line: line)
    }

    @discardableResult
    private func check(
        _ shape: Shape, in region: IntRect, reference: RefShape? = nil, label: String, file: StaticString = #filePath,
        line: UInt = #line
    ) -> CoverageErrors {
        let ref = (reference ?? RefShape(shape)).coverage(in: region)
        let values = shape.coverageValues(in: region)
        let bytes = denseBytes(shape.coverageMask(in: region), in: region, file: file, line: line)
        return compareCoverage(
            values, bytes: bytes, reference: ref, region: region, label: label, file: file, line: line)
    }

    func testRandomRoundedRectsWithPerCornerRadii() {
        var rng = SplitMix64(seed: 0x5EED_0001)
        var errors = CoverageErrors()
        for i in 0..<160 {
            let w = randomExtent(&rng)
            let h = randomExtent(&rng)
            let r = Rect(x: rng.uniform(-3, 5), y: rng.uniform(-3, 5), width: w, height: h)
            let radii = CornerRadii(
                topLeft: randomRadius(&rng, w, h), topRight: randomRadius(&rng, w, h),
                bottomRight: randomRadius(&rng, w, h), bottomLeft: randomRadius(&rng, w, h))
            errors.merge(check(.roundedRect(r, radii), label: "rounded rect #\(i) \(r) \(radii)"))
        }
        print(
            "rounded rects: max value error \(errors.maxValueError), max byte error \(errors.maxByteError) over \(errors.pixels) px"
        )
    }

    func testRoundedRectEdgeCases() {
        var cases: [(String, Shape)] = [
            ("sub-pixel 0.3x0.7", .roundedRect(Rect(x: 2.15, y: 3.6, width: 0.3, height: 0.7), CornerRadii(0.1))),
            ("sub-pixel 0.3x0.7 radius 0", .rect(Rect(x: 2.85, y: 3.6, width: 0.3, height: 0.7))),
            (
                "sub-pixel across a corner",
                .roundedRect(Rect(x: 0.8, y: 0.9, width: 0.4, height: 0.3), CornerRadii(0.2))
            ),
            ("radius 0", .rect(Rect(x: 0.37, y: 1.61, width: 13.3, height: 7.2))),
            ("integer rect", .rect(Rect(x: 2, y: 3, width: 5, height: 4))),
            ("capsule r = h/2", .roundedRect(Rect(x: 0.4, y: 0.3, width: 30.2, height: 12.6), CornerRadii(6.3))),
            ("r > h/2", .roundedRect(Rect(x: 0.4, y: 0.3, width: 30.2, height: 12.6), CornerRadii(9))),
            ("r huge", .roundedRect(Rect(x: 0.4, y: 0.3, width: 30.2, height: 12.6), CornerRadii(1e6))),
            ("vertical capsule", .capsule(Rect(x: 1.3, y: 0.2, width: 6.6, height: 25.1))),
            (
                "square with r ≥ half: circle",
                .roundedRect(Rect(x: 0.5, y: 0.25, width: 20, height: 20), CornerRadii(15))
            ),
            (
                "one huge corner",
                .roundedRect(
                    Rect(x: 0.1, y: 0.2, width: 20, height: 10),
                    CornerRadii(topLeft: 30, topRight: 0, bottomRight: 2, bottomLeft: 0))
            ),
            (
                "leaf: opposite full corners",
                .roundedRect(
                    Rect(x: 0.3, y: 0.6, width: 10, height: 10),
                    CornerRadii(topLeft: 10, topRight: 0, bottomRight: 10, bottomLeft: 0))
            ),
            (
                "unequal capsule ends",
                .roundedRect(
                    Rect(x: 0.7, y: 0.1, width: 40, height: 16),
                    CornerRadii(topLeft: 8, topRight: 3, bottomRight: 3, bottomLeft: 8))
            ),
            (
                "negative radius counts as 0",
                .roundedRect(
                    Rect(x: 0.7, y: 0.1, width: 10, height: 6),
                    CornerRadii(topLeft: -4, topRight: 3, bottomRight: 3, bottomLeft: 1))
            ),
            ("zero width", .roundedRect(Rect(x: 1.5, y: 1.5, width: 0, height: 4), CornerRadii(1))),
            ("negative height", .roundedRect(Rect(x: 1.5, y: 1.5, width: 4, height: -2), CornerRadii(1))),
            ("capsule of 0.3 x 0.7", .capsule(Rect(x: 4.9, y: 2.6, width: 0.3, height: 0.7))),
            (
                "radius 0.5 on a 1x1 at a corner",
                .roundedRect(Rect(x: 0.5, y: 0.5, width: 1, height: 1), CornerRadii(0.5))
            ),
        ]
        // Corners exactly on pixel boundaries and tiny positive radii.
        cases.append(("radius 1e-9", .roundedRect(Rect(x: 1, y: 1, width: 5, height: 5), CornerRadii(1e-9))))
        cases.append(("corner centres on grid", .roundedRect(Rect(x: 1, y: 1, width: 8, height: 6), CornerRadii(2))))
        for (name, shape) in cases { check(shape, margin: 2, label: name) }
    }

    // MARK: Ellipses and circles

    func testRandomEllipsesAndCircles() {
        var rng = SplitMix64(seed: 0x5EED_0002)
        var errors = CoverageErrors()
        for i in 0..<120 {
            let circle = i % 2 == 0
            let w = i < 20 ? rng.uniform(0.05, 1.5) : randomExtent(&rng)
            let h = circle ? w : (i < 20 ? rng.uniform(0.05, 1.5) : randomExtent(&rng))
            let shape = Shape.ellipse(Rect(x: rng.uniform(-3, 5), y: rng.uniform(-3, 5), width: w, height: h))
            errors.merge(check(shape, label: "ellipse #\(i) \(shape)"))
        }
        print(
            "ellipses: max value error \(errors.maxValueError), max byte error \(errors.maxByteError) over \(errors.pixels) px"
        )
    }

    func testEllipseEdgeCases() {
        let cases: [(String, Shape)] = [
            ("circle centred on a pixel corner", .circle(center: Point(10, 10), radius: 7)),
            ("circle centred on a pixel centre", .circle(center: Point(10.5, 10.5), radius: 7)),
            ("circle r=0.01", .circle(center: Point(3.2, 3.9), radius: 0.01)),
            ("circle r=60", .circle(center: Point(61.37, 60.81), radius: 60)),
            ("thin wide ellipse", .ellipse(Rect(x: 0.3, y: 2.2, width: 50.5, height: 0.6))),
            ("thin tall ellipse", .ellipse(Rect(x: 2.2, y: 0.3, width: 0.6, height: 50.5))),
            ("ellipse with integer bounds", .ellipse(Rect(x: 2, y: 3, width: 12, height: 6))),
            ("zero height", .ellipse(Rect(x: 2, y: 3, width: 12, height: 0))),
            ("negative width", .ellipse(Rect(x: 2, y: 3, width: -5, height: 4))),
        ]
        for (name, shape) in cases { check(shape, margin: 2, label: name) }
    }

    /// Regression (found by this suite, fixed in ed927e3, discRectangleArea): when a circle's or
    /// ellipse's top or bottom lies exactly on a pixel row boundary *and* the pixel column is
    /// symmetric about the centre (centre x at a pixel centre — any odd-diameter circle at
    /// whole-pixel coordinates), the tangent pixel was reported fully covered: no cut is
    /// generated there (|y| < r excludes y = ±r), the interval's midpoint is the tangent point,
    /// and the midpoint test `h < y1` was false with h == y1. The exact area is below 1 by
    /// ≈ 0.042/r, more than 1/255 for r < ~10.6 px (r = 0.5: byte 255 instead of 200).
    func testCirclesTangentToRowBoundariesAtAPixelCentre() {
        let cases: [(String, Shape)] = [
            ("circle r=0.5 filling pixel (3, 3)", .circle(center: Point(3.5, 3.5), radius: 0.5)),
            ("5 px circle at whole-pixel position", .ellipse(Rect(x: 8, y: 8, width: 5, height: 5))),
            ("5 x 3 ellipse at whole-pixel position", .ellipse(Rect(x: 8, y: 8, width: 5, height: 3))),
            ("9 px circle at whole-pixel position", .ellipse(Rect(x: 2, y: 3, width: 9, height: 9))),
            ("circle r=2.5 centred at (10.5, 10.5)", .circle(center: Point(10.5, 10.5), radius: 2.5)),
        ]
        for (name, shape) in cases { check(shape, margin: 1, label: "tangent rows: \(name)") }
        // The same bug end to end: a 5 px circle drawn at (8, 8) on a canvas.
        let image = Image(width: 20, height: 20, format: .argb8888)
        let canvas = Canvas(image: image)
        let shape = Shape.ellipse(Rect(x: 8, y: 8, width: 5, height: 5))
        canvas.fill(shape, .white)
        compareCoverage(
            nil, bytes: alphaPlane(image), reference: RefShape(shape).coverage(in: image.bounds),
            region: image.bounds, label: "tangent rows: canvas 5 px circle")
    }

    // MARK: Rings and strokes

    func testRandomStrokesAllAlignments() {
        var rng = SplitMix64(seed: 0x5EED_0003)
        var errors = CoverageErrors()
        for i in 0..<72 {
            let w = rng.uniform(2, 40)
            let h = rng.uniform(2, 40)
            let rect = Rect(x: rng.uniform(0, 3), y: rng.uniform(0, 3), width: w, height: h)
            let base: Shape
            switch i % 3 {
            case 0: base = .ellipse(rect)
            case 1:
                base = .roundedRect(
                    rect,
                    CornerRadii(
                        topLeft: randomRadius(&rng, w, h), topRight: randomRadius(&rng, w, h),
                        bottomRight: randomRadius(&rng, w, h), bottomLeft: randomRadius(&rng, w, h)))
            default: base = .capsule(rect)
            }
            let width = rng.uniform(0.5, 10)
            let alignment = [StrokeAlignment.inside, .center, .outside][(i / 3) % 3]
            let stroke = base.stroke(width: width, alignment: alignment)
            // The reference derives the band independently from the base shape.
            let reference = RefShape(base).stroke(width: width, alignment: alignment)
            let region = rect.enclosingIntRect.insetBy(-(Int(width) + 2))
            errors.merge(
                check(
                    stroke, in: region, reference: reference,
                    label: "stroke #\(i) \(alignment) width \(width) of \(base)"))
        }
        print(
            "strokes: max value error \(errors.maxValueError), max byte error \(errors.maxByteError) over \(errors.pixels) px"
        )
    }

    func testStrokeEdgeCases() {
        let rect = Rect(x: 1.25, y: 2.5, width: 20.5, height: 9.75)
        let cases: [(String, Shape, Double, StrokeAlignment)] = [
            ("inside stroke wider than half: whole shape", .roundedRect(rect, CornerRadii(3)), 6, .inside),
            ("centre stroke on sharp corners", .rect(rect), 3, .center),
            ("outside stroke on sharp corners grows round corners", .rect(rect), 4, .outside),
            (
                "inside stroke deeper than the radius: sharp inner corners", .roundedRect(rect, CornerRadii(2)), 3.5,
                .inside
            ),
            ("capsule border", .capsule(rect), 1.5, .inside),
            ("hairline ring on a circle", .circle(center: Point(12.3, 11.8), radius: 9.6), 0.5, .center),
            ("ring on a sub-pixel ellipse", .ellipse(Rect(x: 3.2, y: 3.3, width: 1.4, height: 0.9)), 0.5, .outside),
            ("over-sized radii, normalised before offsetting", .roundedRect(rect, CornerRadii(40)), 2, .center),
        ]
        for (name, base, width, alignment) in cases {
            let region = base.bounds.enclosingIntRect.insetBy(-6)
            check(
                base.stroke(width: width, alignment: alignment), in: region,
                reference: RefShape(base).stroke(width: width, alignment: alignment), label: name)
        }
    }

    func testExplicitRings() {
        let cases: [(String, Shape)] = [
            (
                "circle minus circle",
                .ring(
                    outer: .circle(center: Point(10.3, 10.6), radius: 9),
                    inner: .circle(center: Point(10.3, 10.6), radius: 8.2))
            ),
            (
                "rect minus off-centre ellipse",
                .ring(
                    outer: .rect(Rect(x: 0.5, y: 0.5, width: 20, height: 12)),
                    inner: .ellipse(Rect(x: 3.3, y: 2.1, width: 9.4, height: 6.6)))
            ),
            (
                "rounded rect minus rounded rect",
                .ring(
                    outer: .roundedRect(Rect(x: 0.2, y: 0.7, width: 30, height: 14), CornerRadii(7)),
                    inner: .roundedRect(
                        Rect(x: 2.2, y: 2.7, width: 26, height: 10),
                        CornerRadii(topLeft: 5, topRight: 0, bottomRight: 2.5, bottomLeft: 9)))
            ),
            (
                "ellipse minus sub-pixel rect",
                .ring(
                    outer: .ellipse(Rect(x: 0.4, y: 0.4, width: 8, height: 5)),
                    inner: .rect(Rect(x: 4.1, y: 2.2, width: 0.3, height: 0.7)))
            ),
        ]
        for (name, shape) in cases { check(shape, margin: 2, label: name) }
    }

    // MARK: Regions that cut the shape

    /// Coverage asked for a region that holds only part of the shape (the shape is partly off
    /// the surface): every pixel of the region is still exact, and nothing breaks.
    func testRegionsCuttingThroughShapes() {
        var rng = SplitMix64(seed: 0x5EED_0004)
        for i in 0..<60 {
            let w = rng.uniform(3, 45)
            let h = rng.uniform(3, 45)
            let rect = Rect(x: rng.uniform(-20, 20), y: rng.uniform(-20, 20), width: w, height: h)
            let shape: Shape
            switch i % 3 {
            case 0: shape = .ellipse(rect)
            case 1:
                shape = .roundedRect(
                    rect,
                    CornerRadii(
                        topLeft: randomRadius(&rng, w, h), topRight: randomRadius(&rng, w, h),
                        bottomRight: randomRadius(&rng, w, h), bottomLeft: randomRadius(&rng, w, h)))
            default:
                shape = Shape.circle(center: Point(rect.midX, rect.midY), radius: w / 2).stroke(
                    width: rng.uniform(0.5, 4), alignment: .center)
            }
            let region = IntRect(
                x: rng.int(-5...5), y: rng.int(-5...5), width: rng.int(1...25), height: rng.int(1...25))
            check(shape, in: region, label: "cut #\(i) \(shape) in \(region)")
        }
    }

    // MARK: End to end through the canvas

    /// Shapes drawn in opaque white on a transparent 40×30 ARGB image, many of them beyond one or
    /// every edge: each pixel's alpha is the exact area × 255, rounded (within 1).
    func testCanvasShapesPartlyOffTheSurface() {
        let image = Image(width: 40, height: 30, format: .argb8888)
        let canvas = Canvas(image: image)
        var shapes: [(String, Shape)] = [
            ("beyond every edge", .roundedRect(Rect(x: -5.3, y: -4.7, width: 50.6, height: 39.2), CornerRadii(8))),
            ("huge circle beyond every edge", .circle(center: Point(20.2, 14.9), radius: 24.6)),
            ("circle on the top-left corner", .circle(center: Point(0.3, -0.2), radius: 9.1)),
            ("circle on the bottom-right corner", .circle(center: Point(39.6, 30.4), radius: 7.7)),
            ("ellipse across the left edge", .ellipse(Rect(x: -12.5, y: 3.3, width: 20.25, height: 14.1))),
            ("capsule across the right edge", .capsule(Rect(x: 30.6, y: 10.1, width: 22.2, height: 9.9))),
            ("rect across the bottom edge", .roundedRect(Rect(x: 5.5, y: 25.5, width: 10, height: 10), CornerRadii(3))),
            (
                "ring across the top edge",
                Shape.circle(center: Point(20, -3), radius: 10).stroke(width: 2, alignment: .center)
            ),
            ("entirely left", .circle(center: Point(-10, 10), radius: 5)),
            ("entirely below", .rect(Rect(x: 3, y: 31, width: 5, height: 5))),
            ("entirely far away", .circle(center: Point(-1e4, 2e4), radius: 5)),
            ("huge circle mostly off the surface", .circle(center: Point(-150.3, 14.6), radius: 170.2)),
            (
                "huge rounded rect around the surface",
                .roundedRect(Rect(x: -300.5, y: -200.25, width: 641.5, height: 430.5), CornerRadii(290))
            ),
            ("huge ellipse edge through the surface", .ellipse(Rect(x: 10.3, y: -400.1, width: 800, height: 420.6))),
            ("touching the left edge from outside", .rect(Rect(x: -3, y: 2, width: 3, height: 5))),
        ]
        var rng = SplitMix64(seed: 0x5EED_0005)
        for i in 0..<50 {
            let w = rng.uniform(0.2, 50)
            let h = rng.uniform(0.2, 40)
            let rect = Rect(x: rng.uniform(-25, 45), y: rng.uniform(-20, 35), width: w, height: h)
            let shape: Shape =
                i % 2 == 0
                ? .ellipse(rect)
                : .roundedRect(
                    rect,
                    CornerRadii(
                        topLeft: randomRadius(&rng, w, h), topRight: randomRadius(&rng, w, h),
                        bottomRight: randomRadius(&rng, w, h), bottomLeft: randomRadius(&rng, w, h)))
            shapes.append(("random #\(i) \(shape)", shape))
        }
        var errors = CoverageErrors()
        for (name, shape) in shapes {
            canvas.clear(.clear)
            canvas.fill(shape, .white)
            let ref = RefShape(shape).coverage(in: image.bounds)
            let alpha = alphaPlane(image)
            errors.merge(compareCoverage(nil, bytes: alpha, reference: ref, region: image.bounds, label: name))
            // Premultiplied white: every colour channel equals alpha.
            for y in 0..<image.height {
                for x in 0..<image.width {
                    let p = image.pixel(x: x, y: y)
                    if p.red != p.alpha || p.green != p.alpha || p.blue != p.alpha {
                        XCTFail("\(name): pixel (\(x), \(y)) \(p) is not premultiplied white")
                    }
                }
            }
        }
        print("canvas shapes: max byte error \(errors.maxByteError) over \(errors.pixels) px")
    }

    /// A stroke through the canvas, all alignments, partly off the surface.
    func testCanvasStrokesPartlyOffTheSurface() {
        let image = Image(width: 40, height: 30, format: .argb8888)
        let canvas = Canvas(image: image)
        let bases: [Shape] = [
            .roundedRect(
                Rect(x: -4.6, y: 2.3, width: 30.5, height: 20.2),
                CornerRadii(topLeft: 6, topRight: 0, bottomRight: 12, bottomLeft: 2)),
            .ellipse(Rect(x: 25.1, y: 14.2, width: 24.4, height: 22.8)),
            .capsule(Rect(x: 3.7, y: -6.1, width: 33.3, height: 12.5)),
        ]
        for base in bases {
            for alignment in [StrokeAlignment.inside, .center, .outside] {
                for width in [0.5, 2.75, 7.0] {
                    canvas.clear(.clear)
                    canvas.stroke(base, width: width, alignment: alignment, .solid(.white))
                    let ref = RefShape(base).stroke(width: width, alignment: alignment).coverage(in: image.bounds)
                    compareCoverage(
                        nil, bytes: alphaPlane(image), reference: ref, region: image.bounds,
                        label: "canvas stroke \(alignment) \(width) of \(base)")
                }
            }
        }
    }
}
