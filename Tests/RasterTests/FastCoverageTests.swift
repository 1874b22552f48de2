// The fast coverage kernels (UniformRoundedRect, ConvexShape's row integrals, rings built from
// them) against the polygon-clipping reference and against their slow twin, the per-pixel area
// path (`Shape.coverageMask(in:)`): every pixel within one level of both.

import Foundation
import TestSupport
import XCTest

@testable import Raster

final class FastCoverageTests: XCTestCase {
    /// Every fast mask of `shape` over `region`: the canvas's entry point and, for rounded
    /// rectangles and ellipses, the general row-integral kernel too (which the entry point skips
    /// for one-radius rectangles).
    private func fastMasks(_ shape: Shape, in region: IntRect) -> [(String, CoverageMask)] {
        var masks = [("rasterize", shape.fastCoverageMask(in: region))]
        if let convex = ConvexShape(shape) {
            let w = MaskWriter()
            convex.rasterize(in: region, into: w)
            masks.append(("ConvexShape", w.makeMask()))
        }
        return masks
    }

    /// Checks every fast mask of `shape` against the reference (within one level of the exact
    /// area) and against the slow twin (within one level of its bytes).
    @discardableResult
    private func check(
        _ shape: Shape, in region: IntRect? = nil, label: String, file: StaticString = #filePath, line: UInt = #line
    ) -> CoverageErrors {
        let region = region ?? shape.bounds.enclosingIntRect.insetBy(-1)
        let reference = RefShape(shape).coverage(in: region)
        let slow = denseBytes(shape.coverageMask(in: region), in: region, file: file, line: line)
        var errors = CoverageErrors()
        for (name, mask) in fastMasks(shape, in: region) {
            let bytes = denseBytes(mask, in: region, file: file, line: line)
            errors.merge(
                compareCoverage(
                    nil, bytes: bytes, reference: reference, region: region, label: "\(label) [\(name)]", file: file,
                    line: line))
            var reported = 0
            for i in 0..<bytes.count where abs(Int(bytes[i]) - Int(slow[i])) > 1 && reported < 3 {
                reported += 1
                XCTFail(
                    "\(label) [\(name)]: pixel \(i % region.width + region.minX), \(i / region.width + region.minY) fast \(bytes[i]) slow \(slow[i])",
                    file: file, line: line)
            }
        }
        return errors
    }

    private func randomExtent(_ rng: inout SplitMix64) -> Double {
        switch rng.int(0...9) {
        case 0...1: return rng.uniform(0.05, 1.2)
        case 2...4: return rng.uniform(1.2, 8)
        default: return rng.uniform(8, 70)
        }
    }

    /// A coordinate that is, by turns, arbitrary, whole or half: whole and half positions take
    /// the mirrored-row and mirrored-column paths.
    private func randomPosition(_ rng: inout SplitMix64, _ range: ClosedRange<Double>) -> Double {
        let v = rng.uniform(range.lowerBound, range.upperBound)
        switch rng.int(0...3) {
        case 0: return v.rounded()
        case 1: return (2 * v).rounded() / 2
        default: return v
        }
    }

    func testOneRadiusRoundedRectanglesCirclesAndCapsules() {
        var rng = SplitMix64(seed: 0xFA57_0001)
        var errors = CoverageErrors()
        for i in 0..<200 {
            var w = randomExtent(&rng)
            var h = randomExtent(&rng)
            if rng.int(0...3) == 0 { w = max(0.5, (w * 2).rounded() / 2) }
            if rng.int(0...3) == 0 { h = max(0.5, (h * 2).rounded() / 2) }
            let r: Double
            switch rng.int(0...5) {
            case 0: r = 0
            case 1:
                // A circle (the thumb) or a capsule (track, pressed thumb).
                h = w
                r = w / 2
            case 2: r = min(w, h) / 2
            case 3: r = rng.uniform(1, 3) * max(w, h)
            default: r = rng.uniform(0, min(w, h) / 2)
            }
            let rect = Rect(x: randomPosition(&rng, -3...5), y: randomPosition(&rng, -3...5), width: w, height: h)
            XCTAssertNotNil(UniformRoundedRect(rect, CornerRadii(r)), "one radius takes the uniform kernel")
            errors.merge(check(.roundedRect(rect, CornerRadii(r)), label: "#\(i) \(rect) r \(r)"))
        }
        print("one-radius rounded rects: max byte error \(errors.maxByteError) over \(errors.pixels) px")
    }

    func testPerCornerRadiiAndEllipses() {
        var rng = SplitMix64(seed: 0xFA57_0002)
        var errors = CoverageErrors()
        for i in 0..<120 {
            let w = randomExtent(&rng)
            let h = randomExtent(&rng)
            let rect = Rect(x: randomPosition(&rng, -3...5), y: randomPosition(&rng, -3...5), width: w, height: h)
            func radius() -> Double { rng.int(0...3) == 0 ? 0 : rng.uniform(0, 0.7) * max(w, h) }
            let radii = CornerRadii(topLeft: radius(), topRight: radius(), bottomRight: radius(), bottomLeft: radius())
            errors.merge(check(.roundedRect(rect, radii), label: "rounded rect #\(i) \(rect) \(radii)"))
            errors.merge(check(.ellipse(rect), label: "ellipse #\(i) \(rect)"))
        }
        // Left-right symmetric but top-bottom not (and the reverse): one mirror path each.
        let lr = CornerRadii(topLeft: 5, topRight: 5, bottomRight: 2, bottomLeft: 2)
        errors.merge(check(.roundedRect(Rect(x: 3, y: 2.3, width: 21, height: 13), lr), label: "left-right symmetric"))
        let tb = CornerRadii(topLeft: 5, topRight: 2, bottomRight: 2, bottomLeft: 5)
        errors.merge(check(.roundedRect(Rect(x: 3.3, y: 2, width: 21, height: 13), tb), label: "top-bottom symmetric"))
        print("per-corner radii and ellipses: max byte error \(errors.maxByteError) over \(errors.pixels) px")
    }

    /// Regions that cut through shapes: mirrored rows and columns must not be taken from rows or
    /// columns outside the region.
    func testRegionsCuttingThroughShapes() {
        var rng = SplitMix64(seed: 0xFA57_0003)
        let shapes: [Shape] = [
            .circle(center: Point(20, 20), radius: 13.5),
            .circle(center: Point(20.37, 19.5), radius: 13),
            .capsule(Rect(x: 4, y: 6, width: 40, height: 22)),
            .roundedRect(Rect(x: 3.25, y: 5.5, width: 38, height: 25), CornerRadii(6)),
            .ellipse(Rect(x: 2, y: 4, width: 36, height: 24)),
        ]
        for (k, shape) in shapes.enumerated() {
            for _ in 0..<12 {
                let x = rng.int(-2...30)
                let y = rng.int(-2...25)
                let region = IntRect(x: x, y: y, width: rng.int(1...30), height: rng.int(1...25))
                check(shape, in: region, label: "shape #\(k) in \(region)")
            }
        }
    }

    func testRingsThroughTheFastKernels() {
        var rng = SplitMix64(seed: 0xFA57_0004)
        for i in 0..<40 {
            let w = rng.uniform(6, 50)
            let h = rng.uniform(6, 40)
            let rect = Rect(x: rng.uniform(-2, 4), y: rng.uniform(-2, 4), width: w, height: h)
            let base: Shape = rng.bool() ? .roundedRect(rect, CornerRadii(rng.uniform(0, h / 2))) : .ellipse(rect)
            let alignment = rng.pick([StrokeAlignment.inside, .center, .outside])
            let ring = base.stroke(width: rng.uniform(0.3, 4), alignment: alignment)
            check(ring, in: ring.bounds.enclosingIntRect.insetBy(-1), label: "ring #\(i)")
        }
    }

    /// Huge shapes drawn only where visible, and sub-pixel ones.
    func testExtremeSizes() {
        let r = 1e6
        check(
            .circle(center: Point(20.5 - r, 15), radius: r), in: IntRect(x: 0, y: 0, width: 40, height: 30),
            label: "r = 1e6")
        check(
            .capsule(Rect(x: -5000.25, y: 3.5, width: 10000, height: 20)),
            in: IntRect(x: -3, y: 0, width: 40, height: 30), label: "long capsule")
        check(.circle(center: Point(3.37, 2.81), radius: 0.2), label: "r = 0.2")
        check(.roundedRect(Rect(x: 1.1, y: 1.3, width: 0.2, height: 5), CornerRadii(0.1)), label: "thin")
    }

    /// ∫√(r² − s²) ds against the closed form r²/2·(θ + sin θ cos θ), θ = asin(s/r).
    func testChordIntegralAgainstClosedForm() {
        var rng = SplitMix64(seed: 0xFA57_0005)
        for _ in 0..<2000 {
            let r = rng.pick([rng.uniform(0.05, 1), rng.uniform(1, 40), rng.uniform(40, 2000)])
            let sLo = rng.uniform(0, r)
            let sHi = min(r, sLo + rng.pick([rng.uniform(0, 1e-6), rng.uniform(0, 1.5), rng.uniform(0, r)]))
            let got = chordIntegral(
                r2: r * r, invR2: 1 / (r * r), sLo: sLo, hLo: halfChord(r, sLo), sHi: sHi, hHi: halfChord(r, sHi))
            func primitive(_ s: Double) -> Double {
                let t = asin(min(1, s / r))
                return r * r / 2 * (t + sin(t) * cos(t))
            }
            let want = primitive(sHi) - primitive(sLo)
            // Far below what matters (1e-7 of a pixel's area moves no level).
            XCTAssertEqual(got, want, accuracy: 1e-11 * r * r + 1e-13, "r \(r) [\(sLo), \(sHi)]")
        }
    }

    /// Masks built by the canvas are drawn correctly whatever the order of runs the mirrored
    /// paths produce: the canvas's pixels equal compositing the reference coverage (within one).
    /// Shapes whose corner centres sit on the pixel grid's diagonals (cxL − cyT whole): their
    /// steep rows read the flat rows above them (`UniformRoundedRect.transposedRow`), also in
    /// regions cutting through them, where a mirror row may be missing.
    func testRowsReadAcrossTheCornerDiagonal() {
        var rng = SplitMix64(seed: 0xFA57_0005)
        var errors = CoverageErrors()
        for i in 0..<60 {
            // Whole or half corners (both alike keeps cxL − cyT whole), any radius.
            let half = rng.int(0...1) == 0 ? 0.0 : 0.5
            let x = Double(rng.int(-3...6)) + half
            let y = Double(rng.int(-3...6)) + half
            let r = rng.int(0...2) == 0 ? Double(rng.int(1...40)) : rng.uniform(0.5, 40)
            let w = 2 * r + (rng.int(0...1) == 0 ? 0 : Double(rng.int(1...30)))
            let h = 2 * r + (rng.int(0...2) == 0 ? 0 : Double(rng.int(1...20)))
            let rect = Rect(x: x, y: y, width: w, height: h)
            let shape = Shape.roundedRect(rect, CornerRadii(r))
            errors.merge(check(shape, label: "#\(i) \(rect) r \(r)"))
            let bounds = rect.enclosingIntRect
            let region = IntRect(
                x: bounds.minX + rng.int(-1...bounds.width / 2), y: bounds.minY + rng.int(-1...bounds.height / 2),
                width: rng.int(1...bounds.width + 2), height: rng.int(1...bounds.height + 2))
            errors.merge(check(shape, in: region, label: "#\(i) \(rect) r \(r) in \(region)"))
        }
        print("rows across the corner diagonal: max byte error \(errors.maxByteError) over \(errors.pixels) px")
    }

    func testCanvasDrawsMirroredMasks() {
        let image = Image(width: 64, height: 48, format: .argb8888)
        let canvas = Canvas(image: image, cache: MaskCache(byteBudget: 0))
        let shape = Shape.capsule(Rect(x: 6, y: 5, width: 50, height: 30))
        canvas.fill(shape, .white)
        let region = IntRect(x: 0, y: 0, width: 64, height: 48)
        let reference = RefShape(shape).coverage(in: region)
        compareCoverage(nil, bytes: alphaPlane(image), reference: reference, region: region, label: "canvas capsule")
    }
}
