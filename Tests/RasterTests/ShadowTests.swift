// Gaussian shadows against independent references: the disc's radial (Rice) integral and the
// rectangle's closed form, and the occluded variant.

import Foundation
import TestSupport
import XCTest

@testable import Raster

final class ShadowTests: XCTestCase {
    /// The reference itself: the scaled Bessel function against brute-force quadrature, and the
    /// blurred disc's profile against its known limits.
    func testReferenceSelfChecks() {
        for z in [0.0, 1e-3, 0.5, 3, 10, 24.9, 25.1, 60, 400] {
            XCTAssertEqual(
                scaledBesselI0(z), scaledBesselI0ByQuadrature(z), accuracy: 1e-10 * max(1, scaledBesselI0(z)),
                "I0e(\(z))")
        }
        let p = BlurredDiscProfile(radius: 10, sigma: 2)
        XCTAssertEqual(p.value(at: 0), 1 - exp(-100.0 / 8), accuracy: 1e-6, "centre: 1 − e^(−R²/2σ²)")
        // At the rim a little under half (the disc is convex): between 0.4 and 0.5.
        XCTAssertTrue(p.value(at: 10) > 0.4 && p.value(at: 10) < 0.5, "rim value \(p.value(at: 10))")
        XCTAssertLessThan(p.value(at: 30), 1e-9)
        // The blurred disc keeps its area: ∫ P(r) 2πr dr = πR².
        var total = 0.0
        let h = 1.0 / 64
        var r = h / 2
        while r < 40 {
            total += p.value(at: r) * 2 * Double.pi * r * h
            r += h
        }
        XCTAssertEqual(total, Double.pi * 100, accuracy: 0.01)
        // Rectangle closed form: a big rectangle's interior is 1, its straight edge's pixel
        // straddling the edge is 1/2.
        XCTAssertEqual(
            blurredRectanglePixel(px: 50, py: 50, x0: 0, y0: 0, x1: 100, y1: 100, sigma: 2), 1, accuracy: 1e-12)
        XCTAssertEqual(
            blurredRectanglePixel(px: 50, py: 0, x0: 0, y0: 0.5, x1: 100, y1: 100, sigma: 2), 0.5, accuracy: 1e-12)
        // A pixel-sized square barely blurred: per axis the mean loses σφ(0) at each side.
        let axis = 1 - 2 * 1e-3 / (2 * Double.pi).squareRoot()
        XCTAssertEqual(
            blurredRectanglePixel(px: 3, py: 4, x0: 3, y0: 4, x1: 4, y1: 5, sigma: 1e-3), axis * axis, accuracy: 1e-12)
    }

    /// Draws `shape`'s shadow alone, in black, on a transparent image: each pixel's alpha is the
    /// shadow mask's byte. Returns the alpha plane.
    private func shadowAlpha(_ shape: Shape, _ shadow: Shadow, width: Int, height: Int) -> [UInt8] {
        let image = Image(width: width, height: height, format: .argb8888)
        Canvas(image: image).drawShadow(of: shape, shadow)
        return alphaPlane(image)
    }

    private func checkDiscShadow(sigma: Double, alphas: [Double], label: String) {
        let radius = 10.0
        let profile = BlurredDiscProfile(radius: radius, sigma: sigma)
        let w = 64
        let h = 56
        let center = Point(30.37, 25.81)
        let offset = Point(1.5, 2.25)
        let c = center + offset
        let maxReach = radius + 10 * sigma + 1
        var ref = [Double](repeating: 0, count: w * h)
        for y in 0..<h {
            for x in 0..<w {
                let dx = Double(x) + 0.5 - c.x
                let dy = Double(y) + 0.5 - c.y
                if (dx * dx + dy * dy).squareRoot() < maxReach {
                    ref[y * w + x] = profile.pixelAverage(px: x, py: y, cx: c.x, cy: c.y)
                }
            }
        }
        for alpha in alphas {
            let alphaPlane = shadowAlpha(
                .circle(center: center, radius: radius),
                Shadow(color: .black, opacity: alpha, offset: offset, sigma: sigma), width: w, height: h)
            let e = compareCoverage(
                nil, bytes: alphaPlane, reference: ref.map { $0 * alpha },
                region: IntRect(x: 0, y: 0, width: w, height: h),
                label: "\(label) opacity \(alpha)")
            print("\(label) opacity \(alpha): max |byte − 255·α·ref| = \(e.maxByteError)")
        }
        // The mask's region (bounds + 4σ + 1) loses nothing visible: beyond it the exact shadow
        // is below one level.
        let region = Shape.circle(center: c, radius: radius).shadowRegion(sigma: sigma)
        for y in 0..<h {
            for x in 0..<w where !(region.minX..<region.maxX).contains(x) || !(region.minY..<region.maxY).contains(y) {
                XCTAssertLessThan(ref[y * w + x] * 255, 0.5, "\(label): pixel (\(x), \(y)) outside the shadow region")
            }
        }
    }

    func testDiscShadowSigma2() {
        checkDiscShadow(sigma: 2, alphas: [1, 0.25], label: "disc r=10 σ=2")
    }

    func testDiscShadowSigma07() {
        checkDiscShadow(sigma: 0.7, alphas: [1, 0.25], label: "disc r=10 σ=0.7")
    }

    /// Rectangles have a closed-form blurred shadow; also one far larger than the surface (drawn
    /// only where visible) and ones partly off the surface.
    ///
    /// Regression: sampling the box-filtered silhouette at whole pixels left straight edges off
    /// by 1.15 levels (σ = 2), 2.02 (σ = 1.3) and 3.97 (σ = 1): the quadrature error decays like
    /// 1/σ², not exponentially. The shadow now runs on a finer grid wherever σ < 2.6 px.
    /// Checked against the closed form (an independent numpy convolution agreed with it:
    /// 217.39 vs 217.44 at pixel (7, 0) of the σ = 1.3 case).
    func testRectangleShadows() {
        let w = 48
        let h = 40
        let cases: [(String, Rect, Double)] = [
            ("rect σ=2", Rect(x: 10.3, y: 8.6, width: 20.5, height: 14.25), 2),
            ("rect σ=0.7", Rect(x: 10.3, y: 8.6, width: 20.5, height: 14.25), 0.7),
            ("rect σ=1", Rect(x: 10.3, y: 8.6, width: 20.5, height: 14.25), 1),
            ("rect σ=1.3 across the top-left corner", Rect(x: -6.2, y: -3.7, width: 15.1, height: 12.9), 1.3),
            ("thin rect σ=3", Rect(x: 5.5, y: 19.8, width: 37.2, height: 0.6), 3),
            ("rect σ=5", Rect(x: 12.75, y: 10.1, width: 20, height: 16.6), 5),
            (
                "huge rect σ=2 with its left edge on the surface",
                Rect(x: 17.4, y: -5000.3, width: 20000, height: 10000.9), 2
            ),
            (
                "huge rect σ=0.7 with a corner on the surface", Rect(x: -9000.5, y: 21.25, width: 9030.3, height: 9000),
                0.7
            ),
        ]
        for (name, rect, sigma) in cases {
            for alpha in [1.0, 0.4] {
                let got = shadowAlpha(
                    .rect(rect), Shadow(color: .black, opacity: alpha, offset: .zero, sigma: sigma), width: w, height: h
                )
                var ref = [Double](repeating: 0, count: w * h)
                for y in 0..<h {
                    for x in 0..<w {
                        ref[y * w + x] =
                            alpha
                            * blurredRectanglePixel(
                                px: x, py: y, x0: rect.minX, y0: rect.minY, x1: rect.maxX, y1: rect.maxY, sigma: sigma)
                    }
                }
                let e = compareCoverage(
                    nil, bytes: got, reference: ref, region: IntRect(x: 0, y: 0, width: w, height: h),
                    label: "rect shadow: \(name) opacity \(alpha)")
                print("\(name) opacity \(alpha): max |byte − 255·α·ref| = \(e.maxByteError)")
            }
        }
    }

    /// σ ≈ 0: the shadow is the silhouette, at the shadow's opacity.
    func testUnblurredShadowIsTheSilhouette() {
        let shape = Shape.roundedRect(Rect(x: 3.3, y: 2.6, width: 20.5, height: 11.2), CornerRadii(4.5))
        for sigma in [0.0, 0.03] {
            let got = shadowAlpha(
                shape, Shadow(color: .black, opacity: 0.6, offset: Point(1.25, 0.5), sigma: sigma), width: 30,
                height: 20)
            let ref = RefShape(shape.offsetBy(dx: 1.25, dy: 0.5)).coverage(
                in: IntRect(x: 0, y: 0, width: 30, height: 20)
            ).map { $0 * 0.6 }
            compareCoverage(
                nil, bytes: got, reference: ref, region: IntRect(x: 0, y: 0, width: 30, height: 20),
                label: "σ = \(sigma)")
        }
    }

    /// The shadow colour's own alpha multiplies the opacity, and the colour is drawn opaque
    /// through the mask.
    func testShadowColour() {
        let shape = Shape.circle(center: Point(15.5, 15.5), radius: 6)
        let shadow = Shadow(
            color: Color(red: 0, green: 0, blue: 255, alpha: 128), opacity: 0.5, offset: .zero, sigma: 1.5)
        let image = Image(width: 32, height: 32, format: .argb8888)
        Canvas(image: image).drawShadow(of: shape, shadow)
        let black = shadowAlpha(
            shape, Shadow(color: .black, opacity: 0.5 * 128 / 255, offset: .zero, sigma: 1.5), width: 32, height: 32)
        for y in 0..<32 {
            for x in 0..<32 {
                let p = image.pixel(x: x, y: y)
                XCTAssertEqual(p.alpha, black[y * 32 + x])
                XCTAssertEqual(p.blue, p.alpha, "pure blue, premultiplied")
                XCTAssertEqual(p.red, 0)
            }
        }
    }

    // MARK: Occlusion

    /// Filling an opaque shape with a shadow gives exactly what drawing the shadow and then the
    /// shape gives (the pixels the occluded mask leaves out are those the shape covers fully).
    func testOccludedShadowEqualsShadowThenShape() {
        var rng = SplitMix64(seed: 0x5AD_0001)
        let shapes: [Shape] = [
            .circle(center: Point(20.37, 15.81), radius: 10),
            .capsule(Rect(x: 4.6, y: 8.3, width: 33.1, height: 14.7)),
            .roundedRect(
                Rect(x: 9.25, y: 6.5, width: 20, height: 17),
                CornerRadii(topLeft: 0, topRight: 7, bottomRight: 2, bottomLeft: 9)),
            .circle(center: Point(1.2, 2.3), radius: 6.6),  // partly off the surface
        ]
        for (i, shape) in shapes.enumerated() {
            for sigma in [0.7, 2.0] {
                var bg = SplitMix64(seed: UInt64(i))
                let background = Image(width: 44, height: 34, format: .argb8888)
                for y in 0..<34 {
                    for x in 0..<44 {
                        background.setPixel(x: x, y: y, PremultipliedColor(argb: bg.premultipliedPixel() | 0xFF00_0000))
                    }
                }
                let shadow = Shadow(
                    color: .black, opacity: rng.uniform(0.2, 1), offset: Point(rng.uniform(-2, 2), rng.uniform(0, 4)),
                    sigma: sigma)
                let color = Color(red: rng.byte(), green: rng.byte(), blue: rng.byte())
                let together = background.converted(to: .argb8888)
                Canvas(image: together).fill(shape, color, shadow: shadow)
                let apart = background.converted(to: .argb8888)
                let canvas = Canvas(image: apart)
                canvas.drawShadow(of: shape, shadow)
                canvas.fill(shape, color)
                XCTAssertEqual(pixelWords(together), pixelWords(apart), "shape #\(i) σ \(sigma)")
                // Translucent paint: nothing may be left out.
                let translucent = color.withOpacity(0.5)
                let t1 = background.converted(to: .argb8888)
                Canvas(image: t1).fill(shape, translucent, shadow: shadow)
                let t2 = background.converted(to: .argb8888)
                let c2 = Canvas(image: t2)
                c2.drawShadow(of: shape, shadow)
                c2.fill(shape, translucent)
                XCTAssertEqual(pixelWords(t1), pixelWords(t2), "translucent shape #\(i) σ \(sigma)")
            }
        }
    }

    /// The occluded mask differs from the plain one exactly where the occluder's coverage is
    /// 255: there it is 0, elsewhere unchanged.
    func testOccludedMaskDropsExactlyTheFullyCoveredPixels() {
        let shape = Shape.circle(center: Point(20.37, 15.81), radius: 10)
        for (sigma, offset) in [(2.0, Point(0.5, 3)), (0.7, Point(-1.25, 1.5)), (2.0, Point(0, 0))] {
            let moved = shape.offsetBy(dx: offset.x, dy: offset.y)
            let region = moved.shadowRegion(sigma: sigma)
            let plain = denseBytes(
                moved.shadowMask(sigma: sigma, alpha: 0.8, region: region, occluder: nil), in: region)
            let occluded = denseBytes(
                moved.shadowMask(sigma: sigma, alpha: 0.8, region: region, occluder: shape), in: region)
            let cover = denseBytes(shape.coverageMask(in: region), in: region)
            var dropped = 0
            for i in 0..<plain.count {
                if cover[i] == 255 {
                    XCTAssertEqual(occluded[i], 0, "σ \(sigma): fully covered pixel \(i) kept")
                    if plain[i] != 0 { dropped += 1 }
                } else {
                    XCTAssertEqual(occluded[i], plain[i], "σ \(sigma): pixel \(i) changed though not fully covered")
                }
            }
            XCTAssertGreaterThan(dropped, 100, "the occluder hides a good part of the shadow")
        }
    }
}
