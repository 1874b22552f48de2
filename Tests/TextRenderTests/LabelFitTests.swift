import Panel
import Raster
import TestSupport
import TextRender
import XCTest

/// Labels that do not fit, measured by the real shaper: truncation never leaves the space, always
/// cuts between graphemes and always shows its ellipsis; wrapping and shrinking keep their limits.
final class LabelFitTests: XCTestCase {
    static let noto = "/usr/share/fonts/truetype/noto/"

    func renderer() throws -> TextRenderer {
        let files = [
            "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf", Self.noto + "NotoSansArabic-Regular.ttf",
            Self.noto + "NotoSansHebrew-Regular.ttf", Self.noto + "NotoSansDevanagari-Regular.ttf",
            Self.noto + "NotoSansThai-Regular.ttf",
        ]
        let faces = try files.map { try FontFace(path: $0) }
        return TextRenderer(primary: faces[0], fallbacks: Array(faces.dropFirst()))
    }

    /// Words of several scripts, with combining marks, conjuncts and digits, to make labels of.
    static let words = [
        "Kitchen", "ceiling", "lights", "غرفة", "المعيشة", "אור", "בסלון", "स्नानघर", "की", "बत्ती", "ไฟห้อง",
        "Đe\u{300}n", "12", "(LED)", "Wärme", "ﬁle",
    ]

    func testTruncationStaysInsideItsSpaceCutsBetweenGraphemesAndShowsItsEllipsis() throws {
        let r = try renderer()
        var rng = SplitMix64(seed: 26)
        let ellipsisWidth = r.measure(LabelFit.ellipsis, pixelSize: 17).width
        var truncated = 0
        for trial in 0..<300 {
            let text = (0..<rng.int(1...8)).map { _ in rng.pick(Self.words) }.joined(separator: " ")
            let size = rng.uniform(10, 30)
            let width = rng.uniform(ellipsisWidth * size / 17, 400)
            let fit = LabelFit(text, pixelSize: size, width: width, overflow: .truncate) {
                r.measure($0, pixelSize: $1).width
            }
            let shown = fit.lines[0]
            let label = "trial \(trial): \"\(text)\" at \(size) px in \(width) px → \"\(shown)\""
            XCTAssertEqual(fit.lines.count, 1, label)
            XCTAssertLessThanOrEqual(r.measure(shown, pixelSize: size).width, width + 1e-6, label)
            guard fit.wasTruncated else {
                XCTAssertEqual(shown, text, label)
                continue
            }
            truncated += 1
            XCTAssertTrue(shown.hasSuffix(LabelFit.ellipsis), label)
            // The kept part is a run of whole graphemes from the start of the text.
            let kept = Array(shown.dropLast())
            XCTAssertEqual(Array(text.prefix(kept.count)), kept, "cut between graphemes: \(label)")
            // And the next grapheme would not have fitted (the cut is the longest that fits), up to
            // shaping's small non-monotony: a longer cut by one is wider than the space.
            if kept.count + 1 < text.count {
                let longer = String(text.prefix(kept.count + 1)) + LabelFit.ellipsis
                let next = text[text.index(text.startIndex, offsetBy: kept.count)]
                if !next.isWhitespace {
                    XCTAssertGreaterThan(r.measure(longer, pixelSize: size).width, width - 1e-6, label)
                }
            }
        }
        XCTAssertGreaterThan(truncated, 100, "the trials truncate often enough to mean something")
    }

    func testWrappingTakesTwoLinesAtMostAndShrinkingStopsAtSeventyPercent() throws {
        let r = try renderer()
        var rng = SplitMix64(seed: 2026)
        for trial in 0..<200 {
            let text = (0..<rng.int(2...12)).map { _ in rng.pick(Self.words) }.joined(separator: " ")
            let width = rng.uniform(60, 300)
            let measure: (String, Double) -> Double = { r.measure($0, pixelSize: $1).width }
            let wrapped = LabelFit(text, pixelSize: 17, width: width, overflow: .wrap, measure: measure)
            XCTAssertLessThanOrEqual(wrapped.lines.count, 2, "trial \(trial)")
            for line in wrapped.lines {
                XCTAssertLessThanOrEqual(measure(line, 17), width + 1e-6, "trial \(trial): \(wrapped.lines)")
            }
            if wrapped.wasWrapped, !wrapped.wasTruncated {
                XCTAssertEqual(wrapped.lines.joined(separator: " "), text, "trial \(trial): nothing lost")
            }
            let shrunk = LabelFit(text, pixelSize: 17, width: width, overflow: .shrink, measure: measure)
            XCTAssertGreaterThanOrEqual(shrunk.pixelSize, 17 * LabelFit.smallestShrink - 1e-9)
            XCTAssertLessThanOrEqual(measure(shrunk.lines[0], shrunk.pixelSize), width + 1e-6, "trial \(trial)")
            if !shrunk.wasTruncated { XCTAssertEqual(shrunk.lines, [text]) }
        }
    }

    /// The ellipsis of a right-to-left label ends it at its visual end, the left: the line's ink
    /// leftmost is the ellipsis's.
    func testARightToLeftLabelEndsInItsEllipsisAtTheLeft() throws {
        let r = try renderer()
        let text = "الإضاءة الرئيسية في غرفة المعيشة"
        let fit = LabelFit(text, pixelSize: 20, width: 120, overflow: .truncate) { r.measure($0, pixelSize: $1).width }
        XCTAssertTrue(fit.wasTruncated)
        let shown = fit.lines[0]
        let image = Image(width: 200, height: 40, format: .argb8888)
        let canvas = Canvas(image: image)
        canvas.clear(.black)
        r.draw(shown, pixelSize: 20, color: .white, baselineAt: Point(10, 28), on: canvas)
        let ellipsis = Image(width: 200, height: 40, format: .argb8888)
        let ellipsisCanvas = Canvas(image: ellipsis)
        ellipsisCanvas.clear(.black)
        r.draw(LabelFit.ellipsis, pixelSize: 20, color: .white, baselineAt: Point(10, 28), on: ellipsisCanvas)
        func firstInkColumn(_ im: Image) -> Int? {
            (0..<im.width).first { x in (0..<im.height).contains { im.pixel(x: x, y: $0).argb & 0xFF > 127 } }
        }
        XCTAssertEqual(firstInkColumn(image), firstInkColumn(ellipsis), "the dots come first from the left")
    }
}
