// The canvas: clipping, global opacity, clear, compositing of shapes, gradients, image
// patterns, XRGB targets and the mask cache.

import Foundation
import TestSupport
import XCTest

@testable import Raster

final class CanvasTests: XCTestCase {
    /// An image filled with random premultiplied pixels.
    private func noisyImage(width: Int, height: Int, seed: UInt64, opaque: Bool = false) -> Image {
        var rng = SplitMix64(seed: seed)
        let image = Image(width: width, height: height, format: .argb8888)
        for y in 0..<height {
            for x in 0..<width {
                let p = rng.premultipliedPixel()
                image.setPixel(x: x, y: y, PremultipliedColor(argb: opaque ? p | 0xFF00_0000 : p))
            }
        }
        return image
    }

    private func copy(_ image: Image) -> Image {
        let out = Image(width: image.width, height: image.height, format: image.format)
        Blitter.copy(from: image.surface, rect: image.bounds, to: out.surface, at: (0, 0), rotation: .none)
        return out
    }

    /// A scene exercising every kind of drawing.
    private func drawScene(_ canvas: Canvas, pattern: Image) {
        canvas.fill(
            .roundedRect(Rect(x: -4.3, y: 3.6, width: 30.2, height: 14.1), CornerRadii(5)), Color(rgb: 0x34C759))
        canvas.fill(
            .circle(center: Point(20.4, 12.7), radius: 9.3), Color(rgb: 0xFFFFFF, opacity: 0.8),
            shadow: Shadow(opacity: 0.4, offset: Point(0.5, 2), sigma: 2))
        canvas.fill(
            .circle(center: Point(31.1, 6.2), radius: 5), .white,
            shadow: Shadow(opacity: 0.5, offset: Point(0, 1.5), sigma: 0.7))
        canvas.stroke(
            .capsule(Rect(x: 2.5, y: 20.25, width: 30, height: 8)), width: 1.5, alignment: .center,
            .solid(Color(rgb: 0x202020)))
        canvas.fill(
            Path.polygon([Point(-3, 25), Point(15.5, 18.2), Point(12.1, 40)]), rule: .evenOdd,
            .solid(Color(rgb: 0x0000FF, opacity: 0.6)))
        canvas.fill(
            .ellipse(Rect(x: 25.5, y: 18.3, width: 20, height: 12)),
            .linearGradient(
                LinearGradient(
                    start: Point(25, 0), end: Point(45, 0),
                    stops: [GradientStop(0, Color(rgb: 0xFF0000)), GradientStop(1, Color(rgb: 0x00FF00, opacity: 0.3))])
            ))
        canvas.draw(pattern, in: Rect(x: 6.5, y: 1.25, width: 9, height: 7), filter: .bilinear)
        canvas.draw(pattern, in: Rect(x: 33, y: 22, width: 8, height: 8), filter: .nearest)
        canvas.clear(Color(rgb: 0x808080, opacity: 0.5), in: IntRect(x: 36, y: 0, width: 10, height: 4))
    }

    // MARK: Gradients

    /// Every pixel of a gradient is its definition at the pixel's centre (premultiplied
    /// interpolation between the stops, rounded half up), whichever way it runs: along x (one
    /// row shaded for a whole mask), along y (one colour per run), diagonal, or degenerate.
    func testGradientsShadeEveryPixelByTheirDefinitionInEveryDirection() {
        let stops = [
            GradientStop(0, Color(rgb: 0xFF9500)), GradientStop(0.4, Color(rgb: 0x34C759, opacity: 0.5)),
            GradientStop(1, Color(rgb: 0x5856D6, opacity: 0)),
        ]
        let lines = [
            (Point(3, 0), Point(37, 0)), (Point(36, 7), Point(4, 7)), (Point(0, 2), Point(0, 21)),
            (Point(3, 2), Point(37, 21)), (Point(5, 5), Point(5, 5)),
        ]
        for (start, end) in lines {
            let gradient = LinearGradient(start: start, end: end, stops: stops)
            let expected = Image(width: 40, height: 24, format: .argb8888)
            for y in 0..<24 {
                for x in 0..<40 {
                    expected.setPixel(x: x, y: y, definition(gradient, Double(x) + 0.5, Double(y) + 0.5))
                }
            }
            // A whole-pixel rectangle on a transparent canvas shows the paint itself.
            let filled = Image(width: 40, height: 24, format: .argb8888)
            Canvas(image: filled).fill(.rect(Rect(x: 0, y: 0, width: 40, height: 24)), .linearGradient(gradient))
            XCTAssertEqual(pixelWords(filled), pixelWords(expected), "\(start) → \(end)")
            // A clipped ellipse (runs of every length and offset, partly covered pixels): the
            // same as those colours drawn as an image, which is shaded run by run.
            let painted = Image(width: 40, height: 24, format: .argb8888)
            let twin = Image(width: 40, height: 24, format: .argb8888)
            let pattern = ImagePattern(image: expected, filter: .nearest)
            for (image, paint) in [(painted, Paint.linearGradient(gradient)), (twin, Paint.image(pattern))] {
                let canvas = Canvas(image: image)
                canvas.withClip(IntRect(x: 4, y: 1, width: 30, height: 20)) {
                    canvas.fill(.ellipse(Rect(x: 1.3, y: 0.6, width: 36.5, height: 22.1)), paint)
                }
            }
            XCTAssertEqual(pixelWords(painted), pixelWords(twin), "\(start) → \(end)")
            XCTAssertNotEqual(pixelWords(painted), pixelWords(Image(width: 40, height: 24, format: .argb8888)))
        }
    }

    /// LinearGradient's documented colour at (x, y), computed here on its own.
    private func definition(_ g: LinearGradient, _ x: Double, _ y: Double) -> PremultipliedColor {
        let dx = g.end.x - g.start.x
        let dy = g.end.y - g.start.y
        let length2 = dx * dx + dy * dy
        let t = length2 > 0 ? min(1, max(0, ((x - g.start.x) * dx + (y - g.start.y) * dy) / length2)) : 0
        var i = 0
        while i < g.stops.count - 2 && t > g.stops[i + 1].position { i += 1 }
        let (a, b) = (g.stops[i], g.stops[i + 1])
        let span = b.position - a.position
        let f = span > 0 ? min(1, max(0, (t - a.position) / span)) : (t >= b.position ? 1 : 0)
        func channels(_ c: Color) -> [Double] {
            let alpha = Double(c.alpha) / 255
            return [Double(c.red) * alpha, Double(c.green) * alpha, Double(c.blue) * alpha, Double(c.alpha)]
        }
        let mixed = zip(channels(a.color), channels(b.color)).map { UInt8(min(255, max(0, $0 + ($1 - $0) * f + 0.5))) }
        let alpha = mixed[3]
        return PremultipliedColor(
            red: min(alpha, mixed[0]), green: min(alpha, mixed[1]), blue: min(alpha, mixed[2]), alpha: alpha)
    }

    // MARK: Clip

    func testClipRectangles() {
        let pattern = noisyImage(width: 4, height: 4, seed: 7)
        let background = noisyImage(width: 42, height: 32, seed: 1)
        let unclipped = copy(background)
        drawScene(Canvas(image: unclipped), pattern: pattern)
        XCTAssertNotEqual(pixelWords(unclipped), pixelWords(background), "the scene draws something")

        var rng = SplitMix64(seed: 0xCA_0001)
        var clips = [
            IntRect(x: 10, y: 5, width: 17, height: 13), IntRect(x: 0, y: 0, width: 1, height: 32),
            IntRect(x: 41, y: 31, width: 1, height: 1), IntRect(x: -5, y: 20, width: 100, height: 3),
        ]
        for _ in 0..<12 {
            clips.append(
                IntRect(x: rng.int(-3...40), y: rng.int(-3...30), width: rng.int(0...25), height: rng.int(0...25)))
        }
        for clip in clips {
            let image = copy(background)
            let canvas = Canvas(image: image)
            canvas.clip = clip
            XCTAssertEqual(canvas.clip, clip.intersection(image.bounds), "the clip stays inside the surface")
            drawScene(canvas, pattern: pattern)
            let inside = clip.intersection(image.bounds)
            for y in 0..<image.height {
                for x in 0..<image.width {
                    let isInside = x >= inside.minX && x < inside.maxX && y >= inside.minY && y < inside.maxY
                    let want = isInside ? unclipped.pixel(x: x, y: y) : background.pixel(x: x, y: y)
                    if image.pixel(x: x, y: y) != want {
                        XCTFail(
                            "clip \(clip): pixel (\(x), \(y)) \(isInside ? "inside" : "outside") is \(hex(image.pixel(x: x, y: y).argb)), want \(hex(want.argb))"
                        )
                        return
                    }
                }
            }
        }
    }

    func testWithClipNarrowsAndRestores() {
        let image = Image(width: 20, height: 10, format: .argb8888)
        let canvas = Canvas(image: image)
        canvas.withClip(IntRect(x: 5, y: 2, width: 100, height: 3)) {
            XCTAssertEqual(canvas.clip, IntRect(x: 5, y: 2, width: 15, height: 3))
            canvas.withClip(IntRect(x: 0, y: 0, width: 8, height: 8)) {
                XCTAssertEqual(canvas.clip, IntRect(x: 5, y: 2, width: 3, height: 3))
                canvas.clear(.white)
            }
            XCTAssertEqual(canvas.clip, IntRect(x: 5, y: 2, width: 15, height: 3))
        }
        XCTAssertEqual(canvas.clip, image.bounds)
        for y in 0..<10 {
            for x in 0..<20 {
                XCTAssertEqual(image.pixel(x: x, y: y).alpha, (5..<8).contains(x) && (2..<5).contains(y) ? 255 : 0)
            }
        }
    }

    // MARK: Opacity

    func testGlobalOpacity() {
        let image = Image(width: 30, height: 20, format: .argb8888)
        let canvas = Canvas(image: image)
        let shape = Shape.roundedRect(Rect(x: 2.3, y: 1.6, width: 24.5, height: 15.2), CornerRadii(6))
        canvas.withOpacity(0.5) { canvas.fill(shape, .white) }
        XCTAssertEqual(canvas.opacity, 1, "restored")
        let ref = RefShape(shape).coverage(in: image.bounds)
        for i in 0..<ref.count {
            let p = image.pixel(x: i % 30, y: i / 30)
            // Half the exact coverage, within rounding (alpha 128/255 and the mask's rounding).
            XCTAssertLessThanOrEqual(abs(Double(p.alpha) - 0.5 * 255 * ref[i]), 1.0, "pixel \(i % 30), \(i / 30)")
            XCTAssertEqual(p.red, p.alpha)
        }
        XCTAssertEqual(image.pixel(x: 12, y: 8).alpha, 128, "interior: round(255 · 0.5)")

        // Nested opacities multiply; the other paints honour it too.
        canvas.clear(.clear)
        canvas.withOpacity(0.5) {
            canvas.withOpacity(0.5) { canvas.fill(.rect(Rect(x: 0, y: 0, width: 10, height: 10)), .white) }
        }
        XCTAssertEqual(image.pixel(x: 5, y: 5).alpha, 64)
        canvas.clear(.clear)
        canvas.withOpacity(0.5) {
            canvas.fill(
                .rect(Rect(x: 0, y: 0, width: 10, height: 10)),
                .linearGradient(
                    LinearGradient(
                        start: .zero, end: Point(1, 0), stops: [GradientStop(0, .white), GradientStop(1, .white)])))
        }
        XCTAssertEqual(image.pixel(x: 5, y: 5).alpha, 128)
        canvas.clear(.clear)
        canvas.withOpacity(0) { canvas.fill(.rect(Rect(x: 0, y: 0, width: 10, height: 10)), .white) }
        XCTAssertEqual(image.pixel(x: 5, y: 5).alpha, 0)
    }

    // MARK: Clear and compositing

    func testClear() {
        let image = noisyImage(width: 12, height: 8, seed: 3)
        let before = pixelWords(image)
        let canvas = Canvas(image: image)
        let color = Color(red: 200, green: 100, blue: 50, alpha: 128)
        canvas.clear(color, in: IntRect(x: 8, y: 5, width: 10, height: 10))
        // Premultiplied: round(200·128/255) = 100, round(100·128/255) = 50, round(50·128/255) = 25.
        let want: UInt32 = 128 << 24 | 100 << 16 | 50 << 8 | 25
        for y in 0..<8 {
            for x in 0..<12 {
                XCTAssertEqual(image.pixel(x: x, y: y).argb, x >= 8 && y >= 5 ? want : before[y * 12 + x])
            }
        }
        canvas.clear(.clear)
        XCTAssertEqual(Set(pixelWords(image)), [0])
        // On XRGB the padding byte is written as 0xFF.
        let xrgb = Image(width: 3, height: 2, format: .xrgb8888)
        Canvas(image: xrgb).clear(Color(rgb: 0x123456))
        withExtendedLifetime(xrgb) {
            XCTAssertEqual(xrgb.surface.base.load(as: UInt32.self), 0xFF12_3456)
        }
    }

    /// Every pixel of a filled shape is the scalar source-over of the background with the
    /// colour under the shape's mask coverage.
    func testFillCompositesEachPixelWithItsCoverage() {
        var rng = SplitMix64(seed: 0xCA_0002)
        for i in 0..<20 {
            let background = noisyImage(width: 24, height: 18, seed: UInt64(100 + i))
            let image = copy(background)
            let canvas = Canvas(image: image)
            let shape: Shape =
                i % 2 == 0
                ? .circle(center: Point(rng.uniform(0, 24), rng.uniform(0, 18)), radius: rng.uniform(0.5, 14))
                : .roundedRect(
                    Rect(
                        x: rng.uniform(-5, 20), y: rng.uniform(-5, 15), width: rng.uniform(0.3, 25),
                        height: rng.uniform(0.3, 20)),
                    CornerRadii(rng.uniform(0, 6)))
            let color = Color(
                red: rng.byte(), green: rng.byte(), blue: rng.byte(), alpha: i % 3 == 0 ? 255 : rng.byte())
            canvas.fill(shape, color)
            let mask = shape.coverageMask(in: image.bounds)
            let src = color.premultiplied.argb
            for y in 0..<18 {
                for x in 0..<24 {
                    let want = Composite.scalarOver(
                        background.pixel(x: x, y: y).argb, src, coverage: UInt32(mask.value(x: x, y: y)))
                    if image.pixel(x: x, y: y).argb != want {
                        XCTFail(
                            "shape #\(i) \(shape) colour \(color): pixel (\(x), \(y)) \(hex(image.pixel(x: x, y: y).argb)) want \(hex(want))"
                        )
                        return
                    }
                }
            }
        }
    }

    /// XRGB8888 targets get the same colours as ARGB8888 ones over an opaque background (the
    /// scene's translucent `clear` leaves ARGB alpha below 255, so compare colour channels; the
    /// XRGB pixels read as opaque).
    func testXRGBCanvasMatchesARGB() {
        let pattern = noisyImage(width: 4, height: 4, seed: 9)
        let argb = noisyImage(width: 42, height: 32, seed: 11, opaque: true)
        let xrgb = argb.converted(to: .xrgb8888)
        drawScene(Canvas(image: argb), pattern: pattern)
        drawScene(Canvas(image: xrgb), pattern: pattern)
        let a = pixelWords(argb)
        let x = pixelWords(xrgb)
        for i in 0..<a.count {
            XCTAssertEqual(x[i] >> 24, 0xFF)
            if a[i] & 0x00FF_FFFF != x[i] & 0x00FF_FFFF {
                XCTFail("pixel (\(i % 42), \(i / 42)): XRGB \(hex(x[i])) vs ARGB \(hex(a[i]))")
                return
            }
        }
    }

    func testStrokeOfZeroWidthDrawsNothing() {
        let image = noisyImage(width: 10, height: 10, seed: 5)
        let before = pixelWords(image)
        let canvas = Canvas(image: image)
        canvas.stroke(.rect(Rect(x: 1, y: 1, width: 8, height: 8)), width: 0, .solid(.black))
        canvas.stroke(.rect(Rect(x: 1, y: 1, width: 8, height: 8)), width: -2, .solid(.black))
        XCTAssertEqual(pixelWords(image), before)
        // A 1 px inside stroke of a whole-pixel square is exactly its border ring.
        canvas.stroke(.rect(Rect(x: 1, y: 1, width: 8, height: 8)), width: 1, alignment: .inside, .solid(.black))
        for y in 0..<10 {
            for x in 0..<10 {
                let onBorder = (1...8).contains(x) && (1...8).contains(y) && (x == 1 || x == 8 || y == 1 || y == 8)
                XCTAssertEqual(
                    image.pixel(x: x, y: y).argb, onBorder ? 0xFF00_0000 : before[y * 10 + x], "(\(x), \(y))")
            }
        }
    }

    // MARK: Gradients

    /// The colour of a gradient at parameter t, from its definition: stops sorted by position,
    /// padded beyond the ends, linear between neighbouring stops in premultiplied space.
    private func gradientReference(_ stops: [(Double, Color)], _ t: Double) -> [Double] {
        let s = stops.sorted { $0.0 < $1.0 }
        func pre(_ c: Color) -> [Double] {
            let a = Double(c.alpha) / 255
            return [Double(c.alpha), Double(c.red) * a, Double(c.green) * a, Double(c.blue) * a]
        }
        if t <= s.first!.0 { return pre(s.first!.1) }
        if t >= s.last!.0 { return pre(s.last!.1) }
        for k in 0..<(s.count - 1) where t >= s[k].0 && t <= s[k + 1].0 {
            let f = (t - s[k].0) / (s[k + 1].0 - s[k].0)
            let a = pre(s[k].1)
            let b = pre(s[k + 1].1)
            return (0..<4).map { a[$0] + (b[$0] - a[$0]) * f }
        }
        fatalError("unreachable")
    }

    private func checkGradient(_ stops: [(Double, Color)], start: Point, end: Point, label: String) {
        let image = Image(width: 40, height: 12, format: .argb8888)
        let canvas = Canvas(image: image)
        canvas.fill(
            .rect(Rect(x: 0, y: 0, width: 40, height: 12)),
            .linearGradient(LinearGradient(start: start, end: end, stops: stops.map { GradientStop($0.0, $0.1) })))
        let dx = end.x - start.x
        let dy = end.y - start.y
        for y in 0..<12 {
            for x in 0..<40 {
                // Sampled at the pixel centre, projected onto the gradient line.
                let t = ((Double(x) + 0.5 - start.x) * dx + (Double(y) + 0.5 - start.y) * dy) / (dx * dx + dy * dy)
                let want = gradientReference(stops, t)
                let p = image.pixel(x: x, y: y)
                let got = [p.alpha, p.red, p.green, p.blue].map(Double.init)
                for c in 0..<4 where abs(got[c] - want[c]) > 0.5 + 1e-9 {
                    XCTFail("\(label): pixel (\(x), \(y)) t = \(t) channel \(c): \(got[c]) vs \(want[c])")
                    return
                }
            }
        }
    }

    func testLinearGradients() {
        checkGradient(
            [(0, Color(rgb: 0xFF0000)), (1, Color(rgb: 0x0000FF))], start: Point(0, 0), end: Point(40, 0),
            label: "2 stops, horizontal")
        checkGradient(
            [(0, Color(rgb: 0x000000)), (1, Color(rgb: 0xFFFFFF))], start: Point(5.5, 0), end: Point(30.25, 0),
            label: "2 stops, padded ends")
        checkGradient(
            [(0, Color(rgb: 0xFF0000)), (0.5, Color(rgb: 0x00FF00, opacity: 0.25)), (1, Color(rgb: 0x0000FF))],
            start: Point(0, 0), end: Point(40, 12), label: "3 stops, diagonal, translucent middle")
        checkGradient(
            [(1, Color(rgb: 0x0000FF)), (0.25, Color(rgb: 0xFFFF00)), (0, Color(rgb: 0xFF00FF, opacity: 0.5))],
            start: Point(40, 6), end: Point(0, 6), label: "3 unsorted stops, right to left")
        checkGradient(
            [(0, Color(rgb: 0xFFFFFF, opacity: 0)), (1, Color(rgb: 0xFF8000))], start: Point(0, 0), end: Point(0, 12),
            label: "vertical fade from transparent")

        // Premultiplied interpolation: a fade from opaque red to transparent stays red (no
        // darkening toward the transparent stop's black).
        let image = Image(width: 40, height: 1, format: .argb8888)
        Canvas(image: image).fill(
            .rect(Rect(x: 0, y: 0, width: 40, height: 1)),
            .linearGradient(
                LinearGradient(
                    start: .zero, end: Point(40, 0),
                    stops: [GradientStop(0, Color(rgb: 0xFF0000)), GradientStop(1, .clear)])))
        for x in 0..<40 {
            let p = image.pixel(x: x, y: 0)
            XCTAssertEqual(p.red, p.alpha, "pixel \(x): \(p)")
            XCTAssertEqual(p.green, 0)
        }
    }

    // MARK: Image patterns

    func testImageNearestScaledTwiceIsPixelReplication() {
        let source = noisyImage(width: 5, height: 4, seed: 21)
        let background = noisyImage(width: 16, height: 12, seed: 22, opaque: true)
        let image = copy(background)
        Canvas(image: image).draw(source, in: Rect(x: 3, y: 2, width: 10, height: 8), filter: .nearest)
        for y in 0..<12 {
            for x in 0..<16 {
                let inside = (3..<13).contains(x) && (2..<10).contains(y)
                let want =
                    inside
                    ? Composite.scalarOver(
                        background.pixel(x: x, y: y).argb, source.pixel(x: (x - 3) / 2, y: (y - 2) / 2).argb,
                        coverage: 255)
                    : background.pixel(x: x, y: y).argb
                XCTAssertEqual(image.pixel(x: x, y: y).argb, want, "(\(x), \(y))")
            }
        }
    }

    func testImageBilinear() {
        let source = noisyImage(width: 6, height: 5, seed: 23)
        // 1:1 at a whole-pixel position: every canvas pixel centre is a texel centre.
        let image = Image(width: 12, height: 9, format: .argb8888)
        Canvas(image: image).draw(source, in: Rect(x: 4, y: 3, width: 6, height: 5), filter: .bilinear)
        for y in 0..<9 {
            for x in 0..<12 {
                let inside = (4..<10).contains(x) && (3..<8).contains(y)
                XCTAssertEqual(
                    image.pixel(x: x, y: y).argb, inside ? source.pixel(x: x - 4, y: y - 3).argb : 0, "(\(x), \(y))")
            }
        }
        // Scaled 2× horizontally: canvas pixel 2i+1 samples u = i + 0.75, a quarter of the way
        // from texel i to texel i+1 (padded at the right edge).
        let wide = Image(width: 12, height: 5, format: .argb8888)
        Canvas(image: wide).draw(source, in: Rect(x: 0, y: 0, width: 12, height: 5), filter: .bilinear)
        for y in 0..<5 {
            for i in 0..<6 {
                let a = source.pixel(x: i, y: y).argb
                let b = source.pixel(x: min(i + 1, 5), y: y).argb
                let got = wide.pixel(x: 2 * i + 1, y: y).argb
                for shift: UInt32 in [0, 8, 16, 24] {
                    let ca = Double((a >> shift) & 0xFF)
                    let cb = Double((b >> shift) & 0xFF)
                    let want = ca + (cb - ca) * 0.25
                    XCTAssertLessThanOrEqual(
                        abs(Double((got >> shift) & 0xFF) - want), 0.5 + 1e-9, "texel \(i) row \(y) shift \(shift)")
                }
            }
        }
    }

    func testImagePatternExtendModes() {
        let source = noisyImage(width: 3, height: 2, seed: 24, opaque: true)
        let t = AffineTransform.translation(5, 4)
        for extend in [PatternExtend.none, .pad, .repeat] {
            let image = Image(width: 14, height: 10, format: .argb8888)
            Canvas(image: image).fill(
                .rect(Rect(x: 0, y: 0, width: 14, height: 10)),
                .image(ImagePattern(image: source, transform: t, filter: .nearest, extend: extend)))
            for y in 0..<10 {
                for x in 0..<14 {
                    let u = x - 5
                    let v = y - 4
                    let want: UInt32
                    switch extend {
                    case .none: want = (0..<3).contains(u) && (0..<2).contains(v) ? source.pixel(x: u, y: v).argb : 0
                    case .pad: want = source.pixel(x: min(max(u, 0), 2), y: min(max(v, 0), 1)).argb
                    case .repeat: want = source.pixel(x: ((u % 3) + 3) % 3, y: ((v % 2) + 2) % 2).argb
                    }
                    XCTAssertEqual(image.pixel(x: x, y: y).argb, want, "\(extend) (\(x), \(y))")
                }
            }
        }
    }

    // MARK: Mask cache

    func testMaskCacheReusesMasksAtWholePixelOffsets() {
        let image = Image(width: 64, height: 48, format: .argb8888)
        let cache = MaskCache()
        let canvas = Canvas(image: image, cache: cache)
        let circle = Shape.circle(center: Point(10.25, 7.5), radius: 5.75)
        canvas.fill(circle, .white)
        XCTAssertEqual(cache.builds, 1)
        canvas.fill(circle.offsetBy(dx: 3, dy: 9), .black)
        canvas.fill(circle.offsetBy(dx: 30, dy: 20), Color(rgb: 0x123456, opacity: 0.5))
        canvas.fill(circle.offsetBy(dx: -8, dy: -5), .white)  // partly off the surface
        XCTAssertEqual(cache.builds, 1, "whole-pixel offsets reuse the mask")
        canvas.fill(circle.offsetBy(dx: 0.5, dy: 0), .white)
        XCTAssertEqual(cache.builds, 2, "a new fractional offset builds a new mask")
        canvas.fill(circle.offsetBy(dx: 0, dy: 0.25), .white)
        XCTAssertEqual(cache.builds, 3)
        canvas.fill(circle.offsetBy(dx: 5.5, dy: 1), .white)
        XCTAssertEqual(cache.builds, 3, "…which is then reused at whole-pixel offsets of it")
        // Within one binade a non-dyadic fraction is represented identically: 20.3 and 26.3
        // leave the same local position.
        canvas.fill(.circle(center: Point(20.3, 20.1), radius: 4), .white)
        canvas.fill(.circle(center: Point(26.3, 30.1), radius: 4), .white)
        XCTAssertEqual(cache.builds, 4)
        // Paths and shadows are cached the same way.
        let path = Path.polygon([Point(1.5, 1.25), Point(9.5, 3.75), Point(4.5, 8.25)])
        canvas.fill(path, .solid(.white))
        canvas.fill(path.offsetBy(dx: 20, dy: 7), .solid(.black))
        XCTAssertEqual(cache.builds, 5)
        let shadow = Shadow(opacity: 0.3, offset: Point(0, 2), sigma: 2)
        canvas.fill(circle, .white, shadow: shadow)  // the shape is cached already; the shadow is new
        XCTAssertEqual(cache.builds, 6)
        canvas.fill(circle.offsetBy(dx: 12, dy: 4), .white, shadow: shadow)
        XCTAssertEqual(cache.builds, 6)
        // The reused mask is right where it is placed: compare with a fresh canvas and cache.
        let fresh = Image(width: 64, height: 48, format: .argb8888)
        Canvas(image: fresh).fill(circle.offsetBy(dx: 12, dy: 4), .white, shadow: shadow)
        let again = Image(width: 64, height: 48, format: .argb8888)
        Canvas(image: again, cache: cache).fill(circle.offsetBy(dx: 12, dy: 4), .white, shadow: shadow)
        XCTAssertEqual(pixelWords(again), pixelWords(fresh))
    }

    /// Regression (performance): the cache keyed on the shape moved by −floor(position), so a
    /// non-dyadic fractional position was only reused within one binade: 3.3 − 3, 10.3 − 10 and
    /// 40.3 − 40 differ in their last bits, and each built its own mask. Keys now use the
    /// position rounded to 2⁻²⁰ px.
    func testMaskCacheReuseAcrossBinades() {
        let image = Image(width: 64, height: 48, format: .argb8888)
        let cache = MaskCache()
        let canvas = Canvas(image: image, cache: cache)
        for x in [3.3, 10.3, 40.3] { canvas.fill(.circle(center: Point(x, 10.1), radius: 2), .white) }
        XCTAssertEqual(cache.builds, 1, "one mask for one fractional position, whatever the binade")
    }

    func testMaskCacheBudgetEvicts() {
        let image = Image(width: 64, height: 48, format: .argb8888)
        let cache = MaskCache(byteBudget: 4096)
        let canvas = Canvas(image: image, cache: cache)
        let shapes = (0..<40).map { Shape.circle(center: Point(20 + Double($0) / 64, 20), radius: 6) }
        for (k, s) in shapes.enumerated() {
            canvas.fill(s, .white)
            XCTAssertEqual(cache.builds, k + 1)
            XCTAssertLessThanOrEqual(cache.byteCount, 4096, "after \(k + 1) masks")
        }
        XCTAssertLessThan(cache.count, 40, "old masks were dropped")
        XCTAssertGreaterThan(cache.count, 0)
        // The most recent one is still there; the first one was evicted and is built again.
        canvas.fill(shapes[39], .white)
        XCTAssertEqual(cache.builds, 40)
        canvas.fill(shapes[0], .white)
        XCTAssertEqual(cache.builds, 41)
        cache.removeAll()
        XCTAssertEqual(cache.count, 0)
        XCTAssertEqual(cache.byteCount, 0)
    }
}
