import Foundation
import Raster
import RasterPNG
import TextRender
import XCTest

/// Shaped and bidi-ordered labels against Pango (`pango-view`: HarfBuzz and FriBidi behind
/// Pango's own itemiser, cairo's rasteriser), which none of us wrote: the same string, in the
/// same font files, at the same pixel size. Pango sees only those files (a fontconfig
/// configuration of a folder holding them), so its fallbacks are ours.
///
/// The two renderings are compared by their ink (coverage ≥ ½), placed at their ink boxes'
/// top-left corners: the boxes agree within 1 px, and every ink pixel of either has ink of the
/// other within 1 px (its 3×3 neighbourhood) — hinting and quarter-pixel phases move edges by
/// less. A string drawn in logical order, unjoined or with broken conjuncts fails this by far
/// (the issue measured overlaps of 0.5–0.76 before shaping).
final class PangoReferenceTests: XCTestCase {
    static let noto = "/usr/share/fonts/truetype/noto/"

    struct Case {
        var name: String
        var text: String
        /// The primary face first, then the fallbacks, as font files.
        var files: [String]
        /// Pango's font description's families, in the same order.
        var families: String
        var pixelSize: Double = 28
    }

    static let cases: [Case] = [
        Case(
            name: "Latin", text: "Kitchen lights · Wärme", files: ["/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf"],
            families: "DejaVu Sans"),
        Case(
            name: "Arabic", text: "غرفة المعيشة", files: [noto + "NotoSansArabic-Regular.ttf"],
            families: "Noto Sans Arabic"),
        Case(
            name: "Persian", text: "چراغ آشپزخانه", files: [noto + "NotoSansArabic-Regular.ttf"],
            families: "Noto Sans Arabic"),
        Case(
            name: "Urdu", text: "باورچی خانہ کی بتی", files: [noto + "NotoNaskhArabic-Regular.ttf"],
            families: "Noto Naskh Arabic"),
        Case(
            name: "Hebrew", text: "אור בסלון", files: [noto + "NotoSansHebrew-Regular.ttf"],
            families: "Noto Sans Hebrew"),
        Case(
            name: "Devanagari", text: "स्नानघर की बत्ती", files: [noto + "NotoSansDevanagari-Regular.ttf"],
            families: "Noto Sans Devanagari"),
        Case(
            name: "Bengali", text: "রান্নাঘরের আলো", files: [noto + "NotoSansBengali-Regular.ttf"],
            families: "Noto Sans Bengali"),
        Case(name: "Thai", text: "ไฟห้องนั่งเล่น", files: [noto + "NotoSansThai-Regular.ttf"], families: "Noto Sans Thai"),
        // Decomposed: base letters and combining marks that GPOS attaches.
        Case(
            name: "Vietnamese (decomposed)", text: "Đe\u{300}n pho\u{300}ng kha\u{301}ch",
            files: [noto + "NotoSans-Regular.ttf"], families: "Noto Sans"),
        // Right to left with a number, Latin and brackets (mirrored) in it.
        Case(
            name: "Hebrew, Latin and digits", text: "מנורה 2 (LED) בחדר 12",
            files: [noto + "NotoSansHebrew-Regular.ttf", noto + "NotoSans-Regular.ttf"],
            families: "Noto Sans Hebrew,Noto Sans"),
        Case(
            name: "Arabic with digits", text: "الطابق 2 - غرفة 14", files: [noto + "NotoSansArabic-Regular.ttf"],
            families: "Noto Sans Arabic"),
        // Left to right with a right-to-left word inside.
        Case(
            name: "Latin with Hebrew inside", text: "Lamp אור 3",
            files: [noto + "NotoSans-Regular.ttf", noto + "NotoSansHebrew-Regular.ttf"],
            families: "Noto Sans,Noto Sans Hebrew"),
    ]

    func testEveryScriptMatchesPango() throws {
        try XCTSkipUnless(
            FileManager.default.isExecutableFile(atPath: "/usr/bin/pango-view"),
            "pango-view is missing: scripts/setup.sh installs pango1.0-tools")
        var report: [String] = []
        for c in Self.cases {
            for file in c.files {
                XCTAssertTrue(FileManager.default.fileExists(atPath: file), "\(file): scripts/setup.sh installs it")
            }
            let pango = try pangoInk(c)
            let ours = try ourInk(c)
            let comparison = Comparison(ours, pango)
            report.append(
                "\(c.name): ink \(ours.count) px vs Pango's \(pango.count), box \(ours.width)x\(ours.height) vs "
                    + "\(pango.width)x\(pango.height), overlap \(String(format: "%.3f", comparison.overlap)), "
                    + "beyond 1 px: \(comparison.oursAway) of ours, \(comparison.pangoAway) of Pango's")
            XCTAssertLessThanOrEqual(abs(ours.width - pango.width), 1, "\(c.name): ink box width")
            XCTAssertLessThanOrEqual(abs(ours.height - pango.height), 1, "\(c.name): ink box height")
            XCTAssertEqual(comparison.oursAway, 0, "\(c.name): our ink with none of Pango's within 1 px")
            XCTAssertEqual(comparison.pangoAway, 0, "\(c.name): Pango's ink with none of ours within 1 px")
        }
        print(report.joined(separator: "\n"))
    }

    // MARK: Ink

    /// Ink pixels (coverage ≥ ½) cropped to their box.
    struct Ink {
        var width: Int
        var height: Int
        var bits: [Bool]
        var count: Int { bits.filter { $0 }.count }
        func at(_ x: Int, _ y: Int) -> Bool { x >= 0 && y >= 0 && x < width && y < height && bits[y * width + x] }

        /// `coverage(x, y)` in 0…255 over a `width × height` picture.
        init(width w: Int, height h: Int, coverage: (Int, Int) -> Int) {
            var minX = w
            var minY = h
            var maxX = -1
            var maxY = -1
            for y in 0..<h {
                for x in 0..<w where coverage(x, y) >= 128 {
                    minX = min(minX, x)
                    maxX = max(maxX, x)
                    minY = min(minY, y)
                    maxY = max(maxY, y)
                }
            }
            width = max(0, maxX - minX + 1)
            height = max(0, maxY - minY + 1)
            var bits = [Bool](repeating: false, count: width * height)
            for y in 0..<height {
                for x in 0..<width { bits[y * width + x] = coverage(minX + x, minY + y) >= 128 }
            }
            self.bits = bits
        }
    }

    struct Comparison {
        var overlap: Double
        var oursAway = 0
        var pangoAway = 0

        init(_ a: Ink, _ b: Ink) {
            func near(_ ink: Ink, _ x: Int, _ y: Int) -> Bool {
                for dy in -1...1 { for dx in -1...1 where ink.at(x + dx, y + dy) { return true } }
                return false
            }
            var both = 0
            var either = 0
            for y in 0..<max(a.height, b.height) {
                for x in 0..<max(a.width, b.width) {
                    let (inA, inB) = (a.at(x, y), b.at(x, y))
                    if inA && inB { both += 1 }
                    if inA || inB { either += 1 }
                    if inA && !near(b, x, y) { oursAway += 1 }
                    if inB && !near(a, x, y) { pangoAway += 1 }
                }
            }
            overlap = either == 0 ? 1 : Double(both) / Double(either)
        }
    }

    func ourInk(_ c: Case) throws -> Ink {
        let faces = try c.files.map { try FontFace(path: $0) }
        let renderer = TextRenderer(primary: faces[0], fallbacks: Array(faces.dropFirst()))
        // The paragraph's direction from its first strong character, as Pango's default.
        let m = renderer.measure(c.text, pixelSize: c.pixelSize)
        let width = Int(m.width.rounded(.up)) + 40
        let height = Int((m.ascent + m.descent).rounded(.up)) + 40
        let image = Image(width: width, height: height, format: .argb8888)
        let canvas = Canvas(image: image)
        canvas.clear(.black)
        renderer.draw(c.text, pixelSize: c.pixelSize, color: .white, baselineAt: Point(20, 20 + m.ascent), on: canvas)
        return Ink(width: width, height: height) { x, y in Int(image.pixel(x: x, y: y).argb & 0xFF) }
    }

    /// Colour emoji (Noto Color Emoji's CBDT bitmaps, scaled from their 109 px strike) against
    /// Pango's, over white: the same ink box, and colours within a few levels — a flag, a ZWJ
    /// family and a skin tone shaped into their single glyphs as Pango shapes them.
    func testColourEmojiMatchPango() throws {
        try XCTSkipUnless(
            FileManager.default.isExecutableFile(atPath: "/usr/bin/pango-view"),
            "pango-view is missing: scripts/setup.sh installs pango1.0-tools")
        let file = Self.noto.replacingOccurrences(of: "noto/", with: "noto/NotoColorEmoji.ttf")
        let c = Case(name: "emoji", text: "🔥 👍🏽 🇫🇷 👨‍👩‍👧", files: [file], families: "Noto Color Emoji", pixelSize: 34)
        let renderer = TextRenderer(primary: try FontFace(path: file))
        let m = renderer.measure(c.text, pixelSize: c.pixelSize)
        let ours = Image(
            width: Int(m.width.rounded(.up)) + 40, height: Int(m.ascent + m.descent) + 40, format: .argb8888)
        let canvas = Canvas(image: ours)
        canvas.clear(.white)
        renderer.draw(c.text, pixelSize: c.pixelSize, color: .black, baselineAt: Point(20, 20 + m.ascent), on: canvas)
        let pango = try pangoImage(c, foreground: "black", background: "white")
        // The box of whatever is not white, and the pixels inside it.
        func box(_ im: Image) -> IntRect {
            var (x0, y0, x1, y1) = (im.width, im.height, -1, -1)
            for y in 0..<im.height {
                for x in 0..<im.width where im.pixel(x: x, y: y).argb & 0xFF_FFFF != 0xFF_FFFF {
                    (x0, y0, x1, y1) = (min(x0, x), min(y0, y), max(x1, x), max(y1, y))
                }
            }
            return IntRect(x: x0, y: y0, width: x1 - x0 + 1, height: y1 - y0 + 1)
        }
        let (a, b) = (box(ours), box(pango))
        XCTAssertLessThanOrEqual(abs(a.width - b.width), 1, "\(a) vs \(b)")
        XCTAssertLessThanOrEqual(abs(a.height - b.height), 1, "\(a) vs \(b)")
        var total = 0
        var far = 0
        var count = 0
        for y in 0..<min(a.height, b.height) {
            for x in 0..<min(a.width, b.width) {
                let p = ours.pixel(x: a.minX + x, y: a.minY + y).argb
                let q = pango.pixel(x: b.minX + x, y: b.minY + y).argb
                var worst = 0
                for shift in [0, 8, 16] as [UInt32] {
                    let d = abs(Int((p >> shift) & 0xFF) - Int((q >> shift) & 0xFF))
                    total += d
                    worst = max(worst, d)
                }
                if worst > 24 { far += 1 }
                count += 1
            }
        }
        let mean = Double(total) / Double(3 * count)
        print(
            "emoji: box \(a.width)x\(a.height) vs Pango's \(b.width)x\(b.height), mean difference \(mean) levels, \(far) of \(count) pixels more than 24 levels apart"
        )
        XCTAssertLessThan(mean, 3, "colours within a few levels on average")
        XCTAssertLessThan(Double(far), 0.02 * Double(count), "a few edge pixels apart at most")
    }

    /// Pango's rendering of the case, through `pango-view` with only the case's font files.
    func pangoInk(_ c: Case) throws -> Ink {
        let image = try pangoImage(c, foreground: "white", background: "black")
        return Ink(width: image.width, height: image.height) { x, y in
            let p = image.pixel(x: x, y: y).argb
            // White on black: the green channel is the coverage.
            return Int((p >> 8) & 0xFF)
        }
    }

    func pangoImage(_ c: Case, foreground: String, background: String) throws -> Image {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("pango-\(UUID().uuidString)")
        try FileManager.default.createDirectory(
            at: dir.appendingPathComponent("fonts"), withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        for file in c.files {
            let target = dir.appendingPathComponent("fonts").appendingPathComponent(
                (file as NSString).lastPathComponent)
            try FileManager.default.createSymbolicLink(atPath: target.path, withDestinationPath: file)
        }
        let conf = dir.appendingPathComponent("fonts.conf")
        try """
        <?xml version="1.0"?><!DOCTYPE fontconfig SYSTEM "fonts.dtd">
        <fontconfig><dir>\(dir.path)/fonts</dir><cachedir>\(dir.path)/cache</cachedir>
        <include ignore_missing="yes">/usr/share/fontconfig/conf.avail/10-scale-bitmap-fonts.conf</include></fontconfig>
        """.write(to: conf, atomically: true, encoding: .utf8)
        let out = dir.appendingPathComponent("pango.png")
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/pango-view")
        let arguments = [
            "-q", "--pixels", "--font=\(c.families) \(c.pixelSize)px", "--hinting=slight", "--hint-metrics=off",
            "--subpixel-positions", "--antialias=gray", "--margin=20", "--foreground=\(foreground)",
            "--background=\(background)",
            "--output=\(out.path)", "--text=\(c.text)",
        ]
        process.arguments = arguments
        var environment = ProcessInfo.processInfo.environment
        environment["FONTCONFIG_FILE"] = conf.path
        process.environment = environment
        try process.run()
        process.waitUntilExit()
        XCTAssertEqual(process.terminationStatus, 0, "pango-view for \(c.name)")
        return try PNG.read(path: out.path)
    }
}
