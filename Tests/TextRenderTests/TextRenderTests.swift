import Foundation
import Raster
import TestSupport
import TextRender
import XCTest

final class TextRenderTests: XCTestCase {
    /// The installed CJK font (scripts/setup.sh installs fonts-wqy-microhei); fails the test
    /// with a clear message when there is none.
    func cjkFace(file: StaticString = #filePath, line: UInt = #line) throws -> FontFace {
        do {
            return try FontFace.find(containing: "开关")
        } catch {
            XCTFail(
                "no installed font has 开 and 关 (\(error)); scripts/setup.sh installs fonts-wqy-microhei",
                file: file, line: line)
            throw error
        }
    }

    func sansFace() throws -> FontFace { try FontFace.find(family: "DejaVu Sans") }

    func blackCanvas(_ width: Int, _ height: Int) -> (Image, Canvas) {
        let image = Image(width: width, height: height, format: .argb8888)
        let canvas = Canvas(image: image)
        canvas.clear(.black)
        return (image, canvas)
    }

    /// Pixels of `image` (inside `rect`, when given) that are not black.
    func ink(_ image: Image, in rect: IntRect? = nil) -> Int {
        let r = rect ?? image.bounds
        var count = 0
        for y in r.minY..<r.maxY {
            for x in r.minX..<r.maxX where image.pixel(x: x, y: y).argb & 0xFF_FFFF != 0 { count += 1 }
        }
        return count
    }

    // MARK: Finding and opening fonts

    func testFindsFontsThroughFontconfig() throws {
        let sans = try FontFace.find(family: "sans-serif")
        XCTAssertFalse(sans.familyName.isEmpty)
        XCTAssertTrue(sans.covers("ON"))
        let dejaVu = try sansFace()
        XCTAssertEqual(dejaVu.familyName, "DejaVu Sans")
        XCTAssertTrue(FontFace.availableFamilies().contains("DejaVu Sans"))
    }

    func testUnknownFamilyIsATypedErrorListingWhatIsInstalled() {
        XCTAssertThrowsError(try FontFace.find(family: "No Such Family 4711")) { error in
            guard case .noFont(let family, _, _, let available) = error as? TextError else {
                return XCTFail("expected TextError.noFont, got \(error)")
            }
            XCTAssertEqual(family, "No Such Family 4711")
            XCTAssertTrue(available.contains("DejaVu Sans"), "\(available)")
            XCTAssertTrue("\(error)".contains("DejaVu Sans"))
        }
        // No font has a glyph for a private-use character.
        XCTAssertThrowsError(try FontFace.find(containing: "\u{10FFFD}")) { error in
            guard case .noFont = error as? TextError else { return XCTFail("expected TextError.noFont, got \(error)") }
        }
    }

    func testMissingFontFileIsATypedError() {
        let path = "/nonexistent/switchpanel/NoSuchFont.ttf"
        XCTAssertThrowsError(try FontFace(path: path)) { error in
            XCTAssertEqual(error as? TextError, .openFace(path: path, index: 0, code: 0x01))
            XCTAssertTrue("\(error)".contains("cannot open resource"), "\(error)")
        }
    }

    func testCorruptFontFileIsATypedError() throws {
        let path = FileManager.default.temporaryDirectory
            .appendingPathComponent("textrender-corrupt-\(ProcessInfo.processInfo.processIdentifier).ttf").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        let bytes = (0..<4096).map { _ -> UInt8 in
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return UInt8(truncatingIfNeeded: state >> 56)
        }
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        XCTAssertThrowsError(try FontFace(path: path)) { error in
            guard case .openFace(let p, 0, let code) = error as? TextError else {
                return XCTFail("expected TextError.openFace, got \(error)")
            }
            XCTAssertEqual(p, path)
            XCTAssertNotEqual(code, 0)
        }
    }

    // MARK: Measuring

    func testMeasuringScalesWithTheText() throws {
        let renderer = TextRenderer(primary: try sansFace())
        let on = renderer.measure("ON", pixelSize: 26)
        let onon = renderer.measure("ONON", pixelSize: 26)
        XCTAssertGreaterThan(on.width, 20)
        XCTAssertLessThan(on.width, 52)
        // Twice the advance, give or take the N–O kerning.
        XCTAssertEqual(onon.width, 2 * on.width, accuracy: 26 * 0.1)
        XCTAssertGreaterThan(on.ascent, 13)
        XCTAssertGreaterThan(on.descent, 2)
        XCTAssertEqual(on.ascent + on.descent, 26 * 1.16, accuracy: 26 * 0.2)
        let half = renderer.measure("ON", pixelSize: 13)
        XCTAssertEqual(half.width * 2, on.width, accuracy: 0.01, "unhinted advances scale linearly")
        // An empty string still has the line's height; unusable sizes measure nothing.
        let empty = renderer.measure("", pixelSize: 26)
        XCTAssertEqual(empty.width, 0)
        XCTAssertEqual(empty.ascent, on.ascent)
        XCTAssertEqual(renderer.measure("ON", pixelSize: 0).width, 0)
        XCTAssertEqual(renderer.measure("ON", pixelSize: .nan).width, 0)
    }

    func testKerningIsAppliedWhenTheFaceHasIt() throws {
        let face = try sansFace()
        try XCTSkipUnless(face.hasKerning, "DejaVu Sans has no kern table in this build")
        let renderer = TextRenderer(primary: face)
        let pair = renderer.measure("AV", pixelSize: 100).width
        let apart = renderer.measure("A", pixelSize: 100).width + renderer.measure("V", pixelSize: 100).width
        XCTAssertLessThan(pair, apart - 1, "A–V should kern together")
    }

    // MARK: Drawing

    func testInkStaysInsideTheMeasuredBox() throws {
        let renderer = TextRenderer(primary: try sansFace())
        for (size, origin) in [(26.0, Point(10.25, 40)), (13.0, Point(7.6, 30.4))] {
            let (image, canvas) = blackCanvas(80, 60)
            renderer.draw("ON", pixelSize: size, color: .white, baselineAt: origin, on: canvas)
            let m = renderer.measure("ON", pixelSize: size)
            let baseline = origin.y.rounded()
            // One pixel of slack on every side for anti-aliasing and rounding.
            let box = Rect(
                x: origin.x - 1, y: baseline - m.ascent - 1, width: m.width + 2, height: m.ascent + m.descent + 2
            ).enclosingIntRect
            var inside = 0
            for y in 0..<image.height {
                for x in 0..<image.width where image.pixel(x: x, y: y).argb & 0xFF_FFFF != 0 {
                    XCTAssertTrue(
                        box.contains(IntRect(x: x, y: y, width: 1, height: 1)),
                        "ink at (\(x), \(y)) outside \(box) at \(size) px")
                    inside += 1
                }
            }
            XCTAssertGreaterThan(inside, Int(size * size / 4), "too little ink at \(size) px")
            // The ink spans most of the advance: the glyphs are drawn side by side.
            let leftHalf = ink(image, in: IntRect(x: 0, y: 0, width: Int(origin.x + m.width / 2), height: 60))
            XCTAssertGreaterThan(leftHalf, inside / 4)
            XCTAssertLessThan(leftHalf, inside * 3 / 4)
        }
    }

    func testGlyphsArePlacedToAQuarterPixel() throws {
        let renderer = TextRenderer(primary: try sansFace())
        /// The horizontal centre of the ink, weighted by coverage.
        func centroid(_ x: Double) -> Double {
            let (image, canvas) = blackCanvas(40, 30)
            renderer.draw("O", pixelSize: 20, color: .white, baselineAt: Point(x, 22), on: canvas)
            var sum = 0.0
            var weight = 0.0
            for y in 0..<30 {
                for px in 0..<40 {
                    let v = Double(image.pixel(x: px, y: y).red)
                    sum += v * (Double(px) + 0.5)
                    weight += v
                }
            }
            return sum / weight
        }
        let start = centroid(10)
        for step in 1...4 {
            XCTAssertEqual(centroid(10 + Double(step) * 0.25) - start, Double(step) * 0.25, accuracy: 0.05)
        }
    }

    func testCJKLabelsDrawInkThroughAFallbackFace() throws {
        let cjk = try cjkFace()
        XCTAssertTrue(cjk.covers("开关"))
        XCTAssertTrue(try FontFace.find(language: "zh-cn").covers("开关"), "a font for the language has its characters")
        let sans = try sansFace()
        XCTAssertFalse(sans.hasGlyph(for: "开"), "DejaVu Sans has no 开; the test needs the fallback path")
        let renderer = TextRenderer(primary: sans, fallbacks: [cjk])
        let tofu = TextRenderer(primary: sans)
        for label in ["开", "关"] {
            let m = renderer.measure(label, pixelSize: 26)
            XCTAssertEqual(m.width, 26, accuracy: 4, "a CJK ideograph is about one em wide")
            let (image, canvas) = blackCanvas(40, 40)
            renderer.draw(label, pixelSize: 26, color: .white, baselineAt: Point(4, 30), on: canvas)
            XCTAssertGreaterThan(ink(image), 60, "\(label) drew no ink")
            // Not the primary face's missing-glyph box.
            let (boxImage, boxCanvas) = blackCanvas(40, 40)
            tofu.draw(label, pixelSize: 26, color: .white, baselineAt: Point(4, 30), on: boxCanvas)
            XCTAssertNotEqual(ink(image), ink(boxImage))
        }
        // A mixed label uses both faces.
        XCTAssertEqual(
            renderer.measure("ON开", pixelSize: 26).width,
            renderer.measure("ON", pixelSize: 26).width + renderer.measure("开", pixelSize: 26).width, accuracy: 0.001)
    }

    func testSystemRendererAddsFallbacksForTheCharactersItMustCover() throws {
        _ = try cjkFace()
        let renderer = try TextRenderer.system(family: "sans-serif", covering: "ON OFF 开关")
        XCTAssertEqual(renderer.faces.count, 2, "\(renderer.faces)")
        XCTAssertTrue(renderer.faces[1].covers("开关"))
    }

    /// Fallbacks found when a character first needs one: Latin labels look for none, a CJK one
    /// brings the installed CJK font (drawn as with it given up front), and a character no font
    /// has is looked for once.
    func testFallbacksAreFoundWhenALabelFirstNeedsOne() throws {
        let given = TextRenderer(primary: try sansFace(), fallbacks: [try cjkFace()])
        let renderer = TextRenderer(primary: try sansFace())
        renderer.findsFallbacksOnSystem()
        let system = renderer.findFallback!
        var asked: [Unicode.Scalar] = []
        renderer.findFallback = { scalar in
            asked.append(scalar)
            return system(scalar)
        }
        _ = renderer.measure("ON OFF Ceiling lamp", pixelSize: 26)
        XCTAssertEqual(asked, [], "DejaVu Sans has every Latin letter")
        XCTAssertEqual(renderer.faces.count, 1)

        let (image, canvas) = blackCanvas(120, 40)
        renderer.draw("ON 开关", pixelSize: 26, color: .white, baselineAt: Point(4, 30), on: canvas)
        XCTAssertEqual(asked, ["开"], "关 is in the face 开 brought")
        XCTAssertEqual(renderer.faces.count, 2)
        XCTAssertTrue(renderer.faces[1].covers("开关"))
        let (expected, expectedCanvas) = blackCanvas(120, 40)
        given.draw("ON 开关", pixelSize: 26, color: .white, baselineAt: Point(4, 30), on: expectedCanvas)
        XCTAssertEqual(ImageDifference(actual: image, expected: expected).differingPixels, 0)
        XCTAssertGreaterThan(ink(image), 100)

        // U+10FFFD (plane 16's last private-use character): in no installed font.
        _ = renderer.measure("\u{10FFFD}", pixelSize: 26)
        _ = renderer.measure("开\u{10FFFD}", pixelSize: 26)
        renderer.addFallback(try sansFace())  // clears the per-character memo
        _ = renderer.measure("\u{10FFFD}", pixelSize: 26)
        XCTAssertEqual(asked, ["开", "\u{10FFFD}"], "a character no font has is looked for once")
    }

    func testSteadyStateRedrawDoesNotRasteriseAgain() throws {
        let renderer = TextRenderer(primary: try sansFace(), fallbacks: [try cjkFace()])
        let (_, canvas) = blackCanvas(120, 40)
        renderer.draw("OFF 开", pixelSize: 13, color: .white, baselineAt: Point(5.3, 20), on: canvas)
        let first = renderer.cacheStatistics
        XCTAssertEqual(first.hits + first.misses, 5, "one glyph draw per character")
        XCTAssertEqual(first.failures, 0)
        XCTAssertGreaterThan(first.misses, 0)
        renderer.resetCacheStatistics()
        renderer.draw("OFF 开", pixelSize: 13, color: .white, baselineAt: Point(5.3, 20), on: canvas)
        XCTAssertEqual(renderer.cacheStatistics.misses, 0, "a redraw of the same label must hit the cache")
        XCTAssertEqual(renderer.cacheStatistics.hits, 5)
        // Whole pixels away the glyphs have the same phases, so they hit as well.
        renderer.draw("OFF 开", pixelSize: 13, color: .white, baselineAt: Point(25.3, 31), on: canvas)
        XCTAssertEqual(renderer.cacheStatistics.misses, 0)
        // Another size is another set of glyphs.
        renderer.draw("OFF", pixelSize: 14, color: .white, baselineAt: Point(5.3, 20), on: canvas)
        XCTAssertGreaterThan(renderer.cacheStatistics.misses, 0)
    }

    func testGlyphCacheStaysWithinItsBudget() throws {
        let budget = 32 * 1024
        let renderer = TextRenderer(primary: try sansFace(), cacheBudget: budget)
        let (_, canvas) = blackCanvas(400, 60)
        let text = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz"
        for size in stride(from: 20.0, through: 40, by: 2) {
            renderer.draw(text, pixelSize: size, color: .white, baselineAt: Point(0.5, 40), on: canvas)
            XCTAssertLessThanOrEqual(renderer.cacheStatistics.bytes, budget)
        }
        XCTAssertGreaterThan(renderer.cacheStatistics.evictions, 0)
        XCTAssertGreaterThan(renderer.cacheStatistics.entries, 0)
    }

    func testDrawingRespectsTheClipAndIgnoresUnusableInput() throws {
        let renderer = TextRenderer(primary: try sansFace())
        let (image, canvas) = blackCanvas(60, 40)
        canvas.withClip(IntRect(x: 0, y: 0, width: 20, height: 40)) {
            renderer.draw("ONON", pixelSize: 26, color: .white, baselineAt: Point(2, 30), on: canvas)
        }
        XCTAssertGreaterThan(ink(image, in: IntRect(x: 0, y: 0, width: 20, height: 40)), 0)
        XCTAssertEqual(ink(image, in: IntRect(x: 20, y: 0, width: 40, height: 40)), 0)
        let (blank, blankCanvas) = blackCanvas(60, 40)
        renderer.draw("ON", pixelSize: .infinity, color: .white, baselineAt: Point(2, 30), on: blankCanvas)
        renderer.draw("ON", pixelSize: 26, color: .white, baselineAt: Point(.nan, 30), on: blankCanvas)
        renderer.draw("ON", pixelSize: 26, color: .clear, baselineAt: Point(2, 30), on: blankCanvas)
        renderer.draw("ON", pixelSize: 26, color: .white, baselineAt: Point(-1e6, 30), on: blankCanvas)
        renderer.draw("\n\t", pixelSize: 26, color: .white, baselineAt: Point(2, 30), on: blankCanvas)
        XCTAssertEqual(ink(blank), 0)
    }

    // MARK: Reference image

    /// "ON", "OFF", "开", "关" at 13 and 26 px, dark on light and light on dark, at quarter-pixel
    /// positions. The faces are named so that another installed CJK font cannot change the image.
    func testLabelsMatchTheReferenceImage() throws {
        let sans = try sansFace()
        let cjk: FontFace
        do {
            cjk = try FontFace.find(family: "WenQuanYi Micro Hei", containing: "开关")
        } catch {
            XCTFail(
                "the reference image uses WenQuanYi Micro Hei, from fonts-wqy-microhei (scripts/setup.sh): \(error)")
            throw error
        }
        let renderer = TextRenderer(primary: sans, fallbacks: [cjk])
        let image = Image(width: 240, height: 84, format: .argb8888)
        let canvas = Canvas(image: image)
        canvas.clear(Color(rgb: 0xF2F2F7))
        canvas.clear(Color(rgb: 0x1C1C1E), in: IntRect(x: 0, y: 42, width: 240, height: 42))
        let labels = ["ON", "OFF", "开", "关"]
        for (row, (size, color)) in [(13.0, Color(rgb: 0x1C1C1E)), (26.0, Color.white)].enumerated() {
            var x = 6.0 + Double(row) * 0.25
            let baseline = row == 0 ? 26.0 : 72.0
            for label in labels {
                renderer.draw(label, pixelSize: size, color: color, baselineAt: Point(x, baseline), on: canvas)
                x += renderer.measure(label, pixelSize: size).width + size * 0.75 + 0.25
            }
        }
        // A translucent label: the colour's alpha is honoured.
        renderer.draw(
            "ON 开", pixelSize: 26, color: Color(rgb: 0x34C759, opacity: 0.6), baselineAt: Point(130.5, 34), on: canvas)
        // Glyph edges may move a little between FreeType releases (see assertMatchesGolden).
        try ImageComparison(testFile: #filePath).assertMatchesGolden(
            image, name: "labels", tolerance: 3, outlierFraction: 0.005, outlierLimit: 96)
    }
}
