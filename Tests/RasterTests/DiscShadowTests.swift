// The disc shadow's radial profile (DiscShadowProfile) against the Rice-integral reference and
// against its slow twin, the blurred-mask shadow (`Shape.shadowMask`); the standard normal table;
// the coarse grid used for large σ against the rectangle's closed form.

import Foundation
import TestSupport
import XCTest

@testable import Raster

final class DiscShadowTests: XCTestCase {
    func testStandardNormalTable() {
        var z = -10.0
        while z <= 10 {
            let (cdf, pdf) = StandardNormal.evaluate(z)
            XCTAssertEqual(cdf, 0.5 * erfc(-z / 2.0.squareRoot()), accuracy: 3e-9, "Φ(\(z))")
            XCTAssertEqual(pdf, exp(-z * z / 2) / (2 * Double.pi).squareRoot(), accuracy: 3e-9, "φ(\(z))")
            z += 0.0137
        }
    }

    /// The profile's exact pixel average against the test reference (the Rice integral averaged
    /// over the pixel on a 16 × 16 grid).
    func testPixelAverageAgainstRiceIntegral() {
        for (radius, sigma) in [(27.0, 2.0), (10.0, 1.0), (4.0, 3.0), (60.0, 1.5)] {
            let reference = BlurredDiscProfile(radius: radius, sigma: sigma)
            var worst = 0.0
            for k in 0..<40 {
                let rho = radius - 6 * sigma + Double(k) * 12 * sigma / 40
                for angle in [0.0, 0.3, Double.pi / 4] {
                    let x = rho * cos(angle)
                    let y = rho * sin(angle)
                    let got = DiscShadowProfile.pixelAverage(radius: radius, sigma: sigma, x: x, y: y)
                    // pixelAverage(px:py:cx:cy:) averages over the pixel whose corner is (px, py)
                    // for a disc centred at (cx, cy): centre the pixel at (x, y).
                    let want = reference.pixelAverage(px: 0, py: 0, cx: 0.5 - x, cy: 0.5 - y)
                    worst = max(worst, abs(got - want))
                    XCTAssertEqual(got, want, accuracy: 3e-4, "r \(radius) σ \(sigma) at (\(x), \(y))")
                }
            }
            print("disc r \(radius) σ \(sigma): pixel average within \(worst) of the Rice reference")
        }
    }

    /// The table itself, read at any offset, against the exact pixel average there: within
    /// 3·10⁻⁴ (0.08 of a level) everywhere, for blurs with the cos 4θ term (σ < 1.5, its part
    /// interpolated between every third node) and without.
    func testProfileValuesAgainstTheExactPixelAverage() {
        var rng = SplitMix64(seed: 0xD15C_0002)
        for (radius, sigma) in [(13.0, 0.9), (13.5, 1.2), (27.0, 1.4), (4.0, 1.0), (60.0, 1.3), (14.0, 2.0)] {
            let profile = DiscShadowProfile(radius: radius, sigma: sigma)
            XCTAssertEqual(profile.anisotropic, sigma < DiscShadowProfile.isotropicSigma)
            var worst = 0.0
            for _ in 0..<400 {
                let rho = rng.uniform(max(0, radius - 6 * sigma - 1), radius + 6 * sigma + 1)
                let angle = rng.uniform(0, 2 * Double.pi)
                let (dx, dy) = (rho * cos(angle), rho * sin(angle))
                let exact = DiscShadowProfile.pixelAverage(radius: radius, sigma: sigma, x: dx, y: dy)
                worst = max(worst, abs(profile.value(dx: dx, dy: dy) - exact))
            }
            XCTAssertLessThan(worst, 3e-4, "r \(radius) σ \(sigma)")
            print("disc r \(radius) σ \(sigma): table within \(worst) of the exact pixel average")
        }
    }

    /// The cubic through four samples is exact at them and reproduces a cubic between them.
    func testCubicLagrangeInterpolation() {
        let cubic = { (u: Double) in 0.5 - 0.25 * u + 0.125 * u * u - 0.01 * u * u * u }
        let samples = (0..<7).map { cubic(Double($0)) }
        for k in 0..<60 {
            let u = Double(k) / 10
            XCTAssertEqual(DiscShadowProfile.cubicLagrange(samples, at: u), cubic(u), accuracy: 1e-12, "u \(u)")
        }
        XCTAssertEqual(DiscShadowProfile.cubicLagrange([1, 3], at: 0.5), 2, accuracy: 1e-12)
    }

    /// The table's shared axis nodes give what the general integral gives.
    func testAxisNodesAgreeWithGeneralIntegral() {
        for (radius, sigma) in [(27.0, 2.0), (4.0, 3.0), (100.0, 1.2), (3.0, 20.0)] {
            let nodes = DiscShadowProfile.axisNodes(radius: radius, sigma: sigma)
            for k in 0..<30 {
                let x = Double(k) * (radius + 6 * sigma) / 29
                XCTAssertEqual(
                    DiscShadowProfile.pixelAverage(sigma: sigma, x: x, nodes: nodes),
                    DiscShadowProfile.pixelAverage(radius: radius, sigma: sigma, x: x, y: 0), accuracy: 1e-12,
                    "r \(radius) σ \(sigma) x \(x)")
            }
        }
    }

    /// Draws `shadow` of `shape` alone through the canvas (the fast path for discs) and returns
    /// the alpha plane.
    private func canvasShadow(_ shape: Shape, _ shadow: Shadow, width: Int, height: Int, cache: MaskCache = MaskCache())
        -> [UInt8]
    {
        let image = Image(width: width, height: height, format: .argb8888)
        Canvas(image: image, cache: cache).drawShadow(of: shape, shadow)
        return alphaPlane(image)
    }

    /// Disc shadows at arbitrary, whole and half positions (the mirrored-row and mirrored-column
    /// paths) against the Rice reference: every byte within one level.
    func testDiscShadowsAgainstRiceReference() {
        var rng = SplitMix64(seed: 0xD15C_0001)
        let w = 72
        let h = 64
        for (radius, sigma) in [(27.0, 2.0), (10.0, 1.0), (8.0, 4.0), (14.0, 1.3)] {
            let profile = BlurredDiscProfile(radius: radius, sigma: sigma)
            for trial in 0..<6 {
                var c = Point(rng.uniform(30, 42), rng.uniform(28, 36))
                if trial % 3 == 0 { c = Point(c.x.rounded(), c.y.rounded()) }
                if trial % 3 == 1 { c = Point((2 * c.x).rounded() / 2, c.y.rounded() + 0.5) }
                let alpha = rng.pick([1.0, 0.25, 0.6])
                let got = canvasShadow(
                    .circle(center: c, radius: radius), Shadow(opacity: alpha, offset: .zero, sigma: sigma), width: w,
                    height: h)
                var reference = [Double](repeating: 0, count: w * h)
                for y in 0..<h {
                    for x in 0..<w {
                        reference[y * w + x] = alpha * profile.pixelAverage(px: x, py: y, cx: c.x, cy: c.y)
                    }
                }
                compareCoverage(
                    nil, bytes: got, reference: reference, region: IntRect(x: 0, y: 0, width: w, height: h),
                    label: "disc r \(radius) σ \(sigma) at \(c) opacity \(alpha)")
            }
        }
    }

    /// The fast path against its slow twin, the blurred exact coverage, for random discs: within
    /// one level everywhere.
    func testDiscShadowAgainstBlurredMask() {
        var rng = SplitMix64(seed: 0xD15C_0002)
        for i in 0..<24 {
            let radius = rng.uniform(3, 30)
            let sigma = rng.uniform(DiscShadowProfile.minimumSigma, 5)
            let c = Point(rng.uniform(-4, 4) + 40, rng.uniform(-4, 4) + 40)
            let alpha = rng.uniform(0.1, 1)
            let shape = Shape.circle(center: c, radius: radius)
            let region = shape.shadowRegion(sigma: sigma)
            let slow = denseBytes(
                shape.shadowMask(sigma: sigma, alpha: alpha, region: region, occluder: nil), in: region)
            let w = MaskWriter()
            DiscShadowProfile(radius: radius, sigma: sigma).rasterize(
                cx: c.x, cy: c.y, alpha: alpha, region: region, occluder: nil, into: w)
            let fast = denseBytes(w.makeMask(), in: region)
            var worst = 0
            for k in 0..<fast.count { worst = max(worst, abs(Int(fast[k]) - Int(slow[k]))) }
            XCTAssertLessThanOrEqual(worst, 1, "disc #\(i) r \(radius) σ \(sigma) at \(c)")
        }
    }

    /// A filled opaque disc with its shadow equals its shadow drawn alone and the disc on top:
    /// the columns the fast path leaves out (and the values its shared blocks show under the
    /// disc) are all covered. Whole and half centres exercise the shared rows and columns.
    func testOccludedDiscShadowEqualsShadowThenDisc() {
        var rng = SplitMix64(seed: 0xD15C_0003)
        for i in 0..<40 {
            var c = Point(rng.uniform(28, 36), rng.uniform(24, 32))
            switch i % 4 {
            case 0: c = Point(c.x.rounded(), c.y.rounded())
            case 1: c = Point(c.x, c.y.rounded() + 0.5)
            case 2: c = Point(c.x.rounded() + 0.5, c.y)
            default: break
            }
            let radius = rng.uniform(4, 27)
            let shadow = Shadow(
                color: .black, opacity: rng.uniform(0.2, 1), offset: Point(rng.uniform(-2, 2), rng.uniform(0, 4)),
                sigma: rng.uniform(1, 4))
            let shape: Shape =
                rng.bool()
                ? .circle(center: c, radius: radius)
                : .roundedRect(
                    Rect(x: c.x - radius, y: c.y - radius, width: 2 * radius, height: 2 * radius), CornerRadii(radius))
            let color = Color(red: rng.byte(), green: rng.byte(), blue: rng.byte())
            let together = Image(width: 68, height: 64, format: .argb8888)
            Canvas(image: together).fill(shape, color, shadow: shadow)
            let apart = Image(width: 68, height: 64, format: .argb8888)
            let canvas = Canvas(image: apart)
            canvas.drawShadow(of: shape, shadow)
            canvas.fill(shape, color)
            XCTAssertEqual(pixelWords(together), pixelWords(apart), "disc #\(i) at \(c) r \(radius) \(shadow)")
        }
    }

    /// The symmetric path (whole or half centres, the occluder straight above or below or none)
    /// writes what the general path writes wherever the occluder leaves the pixel visible.
    func testSymmetricPathMatchesGeneralPath() {
        var rng = SplitMix64(seed: 0xD15C_0007)
        var compared = 0
        for i in 0..<80 {
            let cx = Double(rng.int(30...40)) + (rng.bool() ? 0.5 : 0)
            let cy = Double(rng.int(30...40)) + (rng.bool() ? 0.5 : 0)
            let radius = rng.bool() ? Double(rng.int(2...27)) : rng.uniform(2, 27)
            // From 0.9 (the anisotropic profile and its scalar kernel) to wide blurs.
            let sigma = rng.uniform(DiscShadowProfile.minimumSigma, 5)
            let alpha = rng.uniform(0.1, 1)
            let occluder: Point? = rng.int(0...3) == 0 ? nil : Point(cx, cy - Double(rng.int(-8...8)) / 2)
            let profile = DiscShadowProfile(radius: radius, sigma: sigma)
            let disc = Shape.circle(center: Point(cx, cy), radius: radius)
            // The whole shadow, or (every fourth) a region cutting through it: the general path.
            var region = disc.shadowRegion(sigma: sigma)
            if i % 4 == 3 { region = region.insetBy(2) }
            let fast = MaskWriter()
            profile.rasterize(cx: cx, cy: cy, alpha: alpha, region: region, occluder: occluder, into: fast)
            let general = MaskWriter()
            profile.rasterize(
                cx: cx, cy: cy, alpha: alpha, region: region, occluder: occluder, symmetric: false, into: general)
            let a = denseBytes(fast.makeMask(), in: region)
            let b = denseBytes(general.makeMask(), in: region)
            let cover = occluder.map {
                denseBytes(Shape.circle(center: $0, radius: radius).fastCoverageMask(in: region), in: region)
            }
            var reported = 0
            for k in 0..<a.count where (cover?[k] ?? 0) < 255 {
                compared += 1
                if a[k] != b[k] && reported < 3 {
                    reported += 1
                    XCTFail(
                        "#\(i) r \(radius) σ \(sigma) at (\(cx), \(cy)) occluder \(String(describing: occluder)): pixel \(k % region.width + region.minX), \(k / region.width + region.minY) symmetric \(a[k]) general \(b[k])"
                    )
                }
            }
        }
        XCTAssertGreaterThan(compared, 100_000, "pixels compared")
    }

    /// A profile depends on the radius and σ only: drawing at new positions builds none.
    func testProfilesAreKeptPerStyleOnly() {
        let cache = MaskCache(byteBudget: 0)
        let image = Image(width: 80, height: 60, format: .argb8888)
        let canvas = Canvas(image: image, cache: cache)
        let shadow = Shadow(opacity: 0.25, offset: Point(0, 3), sigma: 2)
        for k in 0..<10 {
            canvas.fill(.circle(center: Point(30 + 1.37 * Double(k), 30), radius: 20), .white, shadow: shadow)
        }
        XCTAssertEqual(cache.profiles.builds, 1)
        XCTAssertEqual(cache.builds, 20, "every thumb and shadow mask was built (the cache keeps none)")
        canvas.fill(.circle(center: Point(30, 30), radius: 10), .white, shadow: shadow)
        XCTAssertEqual(cache.profiles.builds, 2, "a new radius builds a new profile")
    }

    /// The capsule's blurred shadow averaged over pixel (px, py), by direct integration: row by
    /// row the capsule spans [cx1 − h, cx2 + h], whose blur averaged over the pixel's width is a
    /// difference of ∫Φ, weighted by the gaussian averaged over the pixel's height (Simpson in
    /// θ, t = R·sin θ, 240 intervals: the integrand is smooth in θ). Independent of the tables
    /// under test.
    private func capsuleReference(
        px: Int, py: Int, cx1: Double, cx2: Double, cy: Double, radius r: Double, sigma: Double
    ) -> Double {
        func Phi(_ u: Double) -> Double { 0.5 * erfc(-u / 2.0.squareRoot()) }
        func phi(_ u: Double) -> Double { exp(-u * u / 2) / (2 * Double.pi).squareRoot() }
        func Psi(_ u: Double) -> Double { u * Phi(u) + phi(u) }
        // ∫ over the pixel's width [px, px + 1] of Φ((x − e)/σ) dx … as K and Kc in the code,
        // written out from the definitions.
        func kc(_ w: Double) -> Double { sigma * (Psi((w + 0.5) / sigma) - Psi((w - 0.5) / sigma)) }
        func k(_ v: Double) -> Double { Phi((v + 0.5) / sigma) - Phi((v - 0.5) / sigma) }
        let x = Double(px) + 0.5
        let y = Double(py) + 0.5 - cy
        let n = 240
        var sum = 0.0
        for j in 0...n {
            let theta = -Double.pi / 2 + Double(j) * Double.pi / Double(n)
            let t = r * sin(theta)
            let h = r * cos(theta)
            let f = k(t - y) * (kc(cx2 + h - x) - kc(cx1 - h - x)) * r * cos(theta)
            sum += f * (j == 0 || j == n ? 1 : (j % 2 == 1 ? 4 : 2))
        }
        return sum * (Double.pi / Double(n)) / 3
    }

    /// Pressed thumbs (capsules) through the canvas's capsule tables, against the direct
    /// integral and against the blurred-mask twin: within one level.
    func testCapsuleShadowsAgainstReferenceAndTwin() {
        var rng = SplitMix64(seed: 0xCA95_0001)
        for trial in 0..<6 {
            let radius = rng.uniform(6, 22)
            let sigma = rng.pick([1.5, 2.0, 3.0, rng.uniform(1, 4)])
            let stretch = rng.pick([0.6, 3.0, 7.5, rng.uniform(0, 40)])
            var x = rng.uniform(14, 20)
            var y = rng.uniform(20, 26)
            if trial % 3 == 0 {
                x = x.rounded()
                y = y.rounded() + 0.5
            }
            let rect = Rect(x: x, y: y, width: 2 * radius + stretch, height: 2 * radius)
            let shape = Shape.capsule(rect)
            XCTAssertNotNil(shape.horizontalCapsule)
            let alpha = rng.pick([1.0, 0.25])
            let w = Int(rect.maxX) + 30
            let h = Int(rect.maxY) + 30
            let got = canvasShadow(shape, Shadow(opacity: alpha, offset: .zero, sigma: sigma), width: w, height: h)
            let c = shape.horizontalCapsule!
            var reference = [Double](repeating: 0, count: w * h)
            for py in 0..<h {
                for px in 0..<w {
                    reference[py * w + px] =
                        alpha
                        * capsuleReference(
                            px: px, py: py, cx1: c.cx1, cx2: c.cx2, cy: c.cy, radius: radius, sigma: sigma)
                }
            }
            compareCoverage(
                nil, bytes: got, reference: reference, region: IntRect(x: 0, y: 0, width: w, height: h),
                label: "capsule #\(trial) \(rect) σ \(sigma) opacity \(alpha)")
            // The twin: the blurred exact coverage.
            let region = shape.shadowRegion(sigma: sigma)
            let slow = denseBytes(
                shape.shadowMask(sigma: sigma, alpha: alpha, region: region, occluder: nil), in: region)
            let writer = MaskWriter()
            CapsuleShadowProfile(radius: radius, sigma: sigma, disc: DiscShadowProfile(radius: radius, sigma: sigma))
                .rasterize(
                    cx1: c.cx1, cx2: c.cx2, cy: c.cy, alpha: alpha, region: region, occluder: nil, into: writer)
            let fast = denseBytes(writer.makeMask(), in: region)
            var worst = 0
            for i in 0..<fast.count { worst = max(worst, abs(Int(fast[i]) - Int(slow[i]))) }
            XCTAssertLessThanOrEqual(worst, 1, "capsule #\(trial): fast vs blurred mask")
        }
    }

    /// A pressed thumb filled with its shadow equals the shadow alone and the thumb on top.
    func testOccludedCapsuleShadowEqualsShadowThenCapsule() {
        var rng = SplitMix64(seed: 0xCA95_0002)
        for i in 0..<20 {
            let radius = rng.uniform(5, 20)
            let rect = Rect(
                x: rng.uniform(10, 14), y: rng.uniform(12, 16), width: 2 * radius + rng.uniform(0, 12),
                height: 2 * radius)
            let shadow = Shadow(
                color: .black, opacity: rng.uniform(0.2, 1), offset: Point(rng.uniform(-1, 1), rng.uniform(0, 4)),
                sigma: rng.uniform(1, 3))
            let together = Image(width: 80, height: 70, format: .argb8888)
            Canvas(image: together).fill(.capsule(rect), .white, shadow: shadow)
            let apart = Image(width: 80, height: 70, format: .argb8888)
            let canvas = Canvas(image: apart)
            canvas.drawShadow(of: .capsule(rect), shadow)
            canvas.fill(.capsule(rect), .white)
            XCTAssertEqual(pixelWords(together), pixelWords(apart), "capsule #\(i) \(rect) \(shadow)")
        }
    }

    /// Large σ goes through the coarse grid: rectangles against their closed form.
    func testCoarseGridShadowsAgainstClosedForm() {
        let w = 160
        let h = 120
        for (rect, sigma) in [
            (Rect(x: 40.3, y: 30.6, width: 60.5, height: 40.25), 16.0),
            (Rect(x: 70.1, y: 50.2, width: 20, height: 12.5), 24.0),
            (Rect(x: -300, y: 55.5, width: 600, height: 30), 40.0),
        ] {
            let image = Image(width: w, height: h, format: .argb8888)
            Canvas(image: image).drawShadow(of: .rect(rect), Shadow(opacity: 1, offset: .zero, sigma: sigma))
            var reference = [Double](repeating: 0, count: w * h)
            for y in 0..<h {
                for x in 0..<w {
                    reference[y * w + x] = blurredRectanglePixel(
                        px: x, py: y, x0: rect.minX, y0: rect.minY, x1: rect.maxX, y1: rect.maxY, sigma: sigma)
                }
            }
            let e = compareCoverage(
                nil, bytes: alphaPlane(image), reference: reference, region: IntRect(x: 0, y: 0, width: w, height: h),
                label: "coarse σ \(sigma) \(rect)")
            print("coarse grid σ \(sigma): max |byte − 255·ref| = \(e.maxByteError)")
        }
    }
}
