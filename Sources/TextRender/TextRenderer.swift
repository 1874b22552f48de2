import CFreeType
import CHarfBuzz
import Raster

/// A line of text's size in pixels: the sum of the shaped advances and the distances from the
/// baseline up to the ascender and down to the descender (both positive).
///
/// It is a tuple, not a struct, so that ``TextRenderer/measure(_:pixelSize:direction:)`` has
/// exactly the signature of the widget module's `LabelRenderer` requirement.
public typealias TextMetrics = (width: Double, ascent: Double, descent: Double)

/// Draws single lines of text into a `Canvas`: shaped by HarfBuzz, ordered by the Unicode
/// bidirectional algorithm (FriBidi), FreeType outlines anti-aliased, with per-grapheme fallback
/// faces and a glyph cache.
///
/// The widget module renders labels through its `LabelRenderer` protocol, which `TextRenderer`
/// meets with ``measure(_:pixelSize:direction:)`` and
/// ``draw(_:pixelSize:direction:color:baselineAt:on:)`` (and, from the protocol, the same without
/// a direction: the paragraph's from its first strong character).
///
/// **Shaping.** A line is split into runs of one bidi level, one script and one face, and each
/// run is shaped by HarfBuzz with the whole line as context: Arabic letters join, Indic
/// conjuncts form, marks attach (GPOS), ligatures and GPOS kerning apply (the `kern` table where
/// a face has no GPOS). The runs are put in visual order by rule L2, so right-to-left text and
/// the numbers in it read as UAX #9 says; HarfBuzz mirrors brackets in right-to-left runs. The
/// paragraph's direction is its first strong character's (P2–P3) unless a caller gives one.
/// Control characters and line breaks are dropped (a label is one line); format characters
/// (joiners, direction marks) reach the shaper, which shows them as nothing.
///
/// **Faces.** The first face is the primary one; each grapheme is drawn in the first face that
/// has all of it; for a character no face has, ``findFallback`` is asked once; with none, the
/// missing-glyph box is drawn.
///
/// **Positioning.** Advances and offsets are HarfBuzz's in font units, unhinted, so a string
/// measures the same at every position and sizes scale smoothly. Glyphs are loaded with light
/// hinting (vertical only, which leaves horizontal metrics alone) and rendered 8-bit
/// anti-aliased (`FT_RENDER_MODE_NORMAL`) at the pen's horizontal position rounded to a quarter
/// pixel (the outline is moved by `FT_Outline_Translate` before rendering). The baseline, and a
/// mark's vertical offset, are rounded to whole pixels.
///
/// **Cache.** A shaped line is kept per (text, direction), in font units, for every size; rendered
/// glyphs are kept per (face, glyph, pixel size in 1/64 px, quarter-pixel phase) as a
/// `CoverageMask` with its bearing and advance, up to a byte budget, least recently used first
/// out; size metrics are kept too, so redrawing a label calls neither HarfBuzz nor FreeType.
/// ``cacheStatistics`` counts hits and misses.
///
/// **Threading.** A renderer, its faces and its cache are one unit of mutable state used by one
/// thread at a time, like a `Canvas`; the type is not `Sendable` (see ``FontFace``).
public final class TextRenderer {
    /// The primary face first, then the fallbacks in order of preference.
    public private(set) var faces: [FontFace]

    public var primary: FontFace { faces[0] }

    private var cache: GlyphCache
    /// Each scalar's face and glyph; nil for a skipped (control or format) character.
    private var glyphs: [Unicode.Scalar: GlyphRef?] = [:]
    /// Unscaled advances, in font units.
    private var advances: [GlyphRef: Int] = [:]
    /// Lines shaped, in font units (``shape(_:direction:)``).
    var shaped: [ShapingKey: ShapedLine] = [:]
    /// HarfBuzz's buffer, reused run after run; destroyed with the renderer.
    var shapingBuffer: OpaquePointer?
    private var sizes: [SizeKey: SizeMetrics] = [:]
    /// Finds a face for a character no face has, when one is first needed; it answers nil when
    /// there is none (a face already held lacks the character too). Unset: no fallbacks beyond
    /// those given. See ``findsFallbacksOnSystem()``.
    public var findFallback: ((Unicode.Scalar) -> FontFace?)?
    /// Characters `findFallback` found no face for: not looked for again.
    private var unfindable: Set<Unicode.Scalar> = []

    /// A renderer drawing with `primary` and, for characters it lacks, `fallbacks` in order.
    /// Rendered glyphs are kept up to `cacheBudget` bytes (1 MiB by default: a few thousand
    /// label-sized glyphs).
    public init(primary: FontFace, fallbacks: [FontFace] = [], cacheBudget: Int = 1 << 20) {
        faces = [primary] + fallbacks
        cache = GlyphCache(budget: cacheBudget)
    }

    deinit { if let shapingBuffer { hb_buffer_destroy(shapingBuffer) } }

    /// A renderer on installed fonts: the primary face is the one fontconfig finds for `family`
    /// and `language`, and each character of `covering` that it lacks adds the font fontconfig
    /// finds containing that character as a fallback, e.g.
    /// `TextRenderer.system(family: "sans-serif", covering: "开关")`.
    /// - Throws: ``TextError`` when no font fits the family and language, or none has one of the
    ///   characters of `covering`.
    public static func system(
        family: String? = nil, language: String? = nil, covering: String = ""
    ) throws(TextError) -> TextRenderer {
        let renderer = TextRenderer(primary: try FontFace.find(family: family, language: language))
        for scalar in covering.unicodeScalars
        where !TextRenderer.isSkipped(scalar) && !scalar.properties.isDefaultIgnorableCodePoint {
            guard !renderer.faces.contains(where: { $0.hasGlyph(for: scalar) }) else { continue }
            if let face = try systemFallback(for: scalar, besides: renderer.faces) { renderer.addFallback(face) }
        }
        return renderer
    }

    /// The installed face fontconfig finds containing `scalar`, opened; nil when it is one of
    /// `faces` already (which then lacks it too).
    static func systemFallback(for scalar: Unicode.Scalar, besides faces: [FontFace]) throws(TextError) -> FontFace? {
        let location = try FontFace.locate(containing: String(scalar))
        if faces.contains(where: { $0.path == location.path && $0.index == location.index }) { return nil }
        return try FontFace(path: location.path, index: location.index)
    }

    /// Looks up a fallback on the installed fonts (fontconfig) for each character no face has,
    /// the first time a label needs it: a panel whose labels its primary face covers never starts
    /// fontconfig (whose start-up, parsing its XML configuration, was a third of the instructions
    /// to a panel's first frame), and one with a CJK label finds its font then.
    public func findsFallbacksOnSystem() {
        findFallback = { [unowned self] scalar in try? Self.systemFallback(for: scalar, besides: faces) }
    }

    /// Adds a fallback face after the others.
    public func addFallback(_ face: FontFace) {
        faces.append(face)
        // Characters that had no face, or a later one, may now find this one.
        glyphs.removeAll()
        shaped.removeAll()
    }

    /// The glyph cache's counters (hits, misses, evictions) and its current size.
    public var cacheStatistics: GlyphCacheStatistics {
        var s = cache.statistics
        s.entries = cache.entries.count
        s.bytes = cache.bytes
        return s
    }

    /// Sets the hit, miss, failure and eviction counters back to zero.
    public func resetCacheStatistics() { cache.statistics = GlyphCacheStatistics() }

    /// Drops every rendered glyph (the counters are kept).
    public func removeAllCachedGlyphs() { cache.removeAll() }

    // MARK: Measuring and drawing

    /// The size of `text` set at `pixelSize` pixels per em as a paragraph in `direction`: its
    /// shaped advance width, and the largest ascent and descent of the faces it uses (the primary
    /// face's at least, so an empty string still has a line's height). A non-positive or
    /// non-finite size measures zero. (Without `direction`: from the text's first strong character.)
    public func measure(_ text: String, pixelSize: Double, direction: TextDirection) -> TextMetrics {
        guard let size = TextRenderer.sizeKey(pixelSize) else { return (0, 0, 0) }
        let line = shape(text, direction: direction)
        var ascent = 0.0
        var descent = 0.0
        for face in line.faces {
            guard let m = metrics(face: face, size: size) else { continue }
            ascent = max(ascent, m.ascent)
            descent = max(descent, m.descent)
        }
        return (place(line, size: size) { _, _, _ in }, ascent, descent)
    }

    /// Draws `text` at `pixelSize` pixels per em in `color` as a paragraph in `direction`,
    /// starting at `origin` on the baseline (the line's left end, whatever its direction),
    /// through the canvas's clip and opacity.
    public func draw(
        _ text: String, pixelSize: Double, direction: TextDirection, color: Color, baselineAt origin: Point,
        on canvas: Canvas
    ) {
        guard let size = TextRenderer.sizeKey(pixelSize), color.alpha > 0, origin.x.isFinite, origin.y.isFinite,
            abs(origin.x) < 1e7, abs(origin.y) < 1e7
        else { return }
        let baseline = Int(origin.y.rounded())
        let paint = Paint.solid(color)
        _ = place(shape(text, direction: direction), size: size) { glyph, x, y in
            // The pen's position rounded to quarter pixels: the whole pixels (floored, also for
            // negative positions) move the mask, the remaining quarters are the glyph's phase.
            let quarters = Int(((origin.x + x) * 4).rounded())
            let entry = self.glyph(glyph, size: size, phase: UInt8(quarters & 3))
            let dy = baseline - Int(y.rounded())
            if let color = entry.color {
                // A colour glyph is its own paint (the text's colour does not tint it).
                color.draw(on: canvas, x: quarters >> 2, baseline: dy)
            }
            guard let mask = entry.mask else { return }
            canvas.draw(mask, dx: quarters >> 2, dy: dy, paint)
        }
    }

    // MARK: Layout

    /// Calls `body(glyph, x, y)` for each glyph of `line` at `size`, left to right, with its
    /// position relative to the line's start on the baseline (y up); returns the line's advance.
    private func place(_ line: ShapedLine, size: Int32, _ body: (GlyphRef, Double, Double) -> Void) -> Double {
        var pen = 0.0
        for g in line.glyphs {
            guard let m = metrics(face: g.ref.face, size: size) else { continue }
            body(g.ref, pen + Double(g.xOffset) * m.scale, Double(g.yOffset) * m.scale)
            pen += Double(g.advance) * m.scale
        }
        return pen
    }

    /// The face and glyph for `scalar`, or nil for a character that is not drawn.
    func glyphRef(_ scalar: Unicode.Scalar) -> GlyphRef? {
        if let known = glyphs[scalar] { return known }
        var found: GlyphRef?
        if !TextRenderer.isSkipped(scalar) {
            found = faceGlyph(scalar)
            if found == nil, let findFallback, !unfindable.contains(scalar) {
                if let face = findFallback(scalar), face.glyphIndex(for: scalar) != 0 {
                    addFallback(face)
                    found = faceGlyph(scalar)
                } else {
                    unfindable.insert(scalar)
                }
            }
            if found == nil { found = GlyphRef(face: 0, glyph: 0) }  // the primary face's missing-glyph box
        }
        glyphs[scalar] = .some(found)
        return found
    }

    /// The first face's glyph for `scalar`, nil when no face has one.
    private func faceGlyph(_ scalar: Unicode.Scalar) -> GlyphRef? {
        for (i, face) in faces.enumerated() {
            let g = face.glyphIndex(for: scalar)
            if g != 0 { return GlyphRef(face: Int32(i), glyph: g) }
        }
        return nil
    }

    /// Control characters and line breaks (a label is one line) are dropped before shaping;
    /// format characters (joiners, direction marks) are not: they steer the shaper.
    static func isSkipped(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.properties.generalCategory {
        case .control, .lineSeparator, .paragraphSeparator, .surrogate: return true
        default: return false
        }
    }

    private func unscaledAdvance(_ glyph: GlyphRef) -> Int {
        if let known = advances[glyph] { return known }
        let units = faces[Int(glyph.face)].unscaledAdvance(glyph.glyph) ?? 0
        advances[glyph] = units
        return units
    }

    /// `pixelSize` in 26.6 fixed point, or nil when it is not a usable size.
    static func sizeKey(_ pixelSize: Double) -> Int32? {
        guard pixelSize.isFinite, pixelSize > 0, pixelSize <= 16384 else { return nil }
        let key = Int32((pixelSize * 64).rounded())
        return key > 0 ? key : nil
    }

    /// The face's scale and vertical metrics at `size`; nil when FreeType refuses the size.
    private func metrics(face: Int32, size: Int32) -> SizeMetrics? {
        let key = SizeKey(face: face, size: size)
        if let known = sizes[key] { return known.valid ? known : nil }
        let font = faces[Int(face)]
        var m = SizeMetrics(scale: 0, ascent: 0, descent: 0, valid: false)
        if let strike = font.colorStrike {
            // Scaled from the strike: font units map to `size` per em, the strike's own vertical
            // metrics by the size over the strike's.
            if (try? font.setSize(size)) != nil, let sizeRecord = font.face.pointee.size {
                let k = Double(size) / 64 / strike.pixelsPerEm
                let s = sizeRecord.pointee.metrics
                m = SizeMetrics(
                    scale: Double(size) / 64 / Double(font.unitsPerEm), ascent: (Double(s.ascender) / 64 * k).rounded(),
                    descent: (-Double(s.descender) / 64 * k).rounded(), valid: true)
            }
        } else if (try? font.setSize(size)) != nil, let sizeRecord = font.face.pointee.size {
            let s = sizeRecord.pointee.metrics
            // x_scale maps font units to 26.6 pixels in 16.16 fixed point.
            m = SizeMetrics(
                scale: Double(s.x_scale) / 65536 / 64, ascent: Double(s.ascender) / 64,
                descent: -Double(s.descender) / 64, valid: true)
        }
        sizes[key] = m
        return m.valid ? m : nil
    }

    // MARK: Rasterising

    /// The rendered glyph, from the cache or from FreeType.
    private func glyph(_ glyph: GlyphRef, size: Int32, phase: UInt8) -> GlyphEntry {
        let key = GlyphKey(face: glyph.face, glyph: glyph.glyph, size: size, phase: phase)
        return cache.entry(key) { rasterize(glyph, size: size, phase: phase) }
    }

    private func rasterize(_ glyph: GlyphRef, size: Int32, phase: UInt8) -> GlyphEntry {
        let font = faces[Int(glyph.face)]
        let advance = Double(unscaledAdvance(glyph)) * (metrics(face: glyph.face, size: size)?.scale ?? 0)
        let failed = GlyphEntry(mask: nil, left: 0, top: 0, advance: advance, failed: true)
        if let strike = font.colorStrike {
            guard (try? font.setSize(size)) != nil, FT_Load_Glyph(font.face, FT_UInt(glyph.glyph), CFT_LOAD_COLOR) == 0,
                let slot = font.face.pointee.glyph
            else { return failed }
            guard slot.pointee.bitmap.width > 0, slot.pointee.bitmap.rows > 0 else {
                return GlyphEntry(mask: nil, left: 0, top: 0, advance: advance)  // a space
            }
            guard
                let picture = ColorGlyph(
                    slot.pointee, scale: Double(size) / 64 / strike.pixelsPerEm, phase: Double(phase) / 4)
            else { return failed }
            return GlyphEntry(color: picture, advance: advance)
        }
        guard (try? font.setSize(size)) != nil,
            FT_Load_Glyph(font.face, FT_UInt(glyph.glyph), CFT_LOAD_TARGET_LIGHT | CFT_LOAD_NO_BITMAP) == 0,
            let slot = font.face.pointee.glyph
        else { return failed }
        if slot.pointee.format == FT_GLYPH_FORMAT_OUTLINE, phase != 0 {
            // A quarter pixel is 16 in 26.6 units.
            FT_Outline_Translate(&slot.pointee.outline, FT_Pos(phase) * 16, 0)
        }
        guard FT_Render_Glyph(slot, FT_RENDER_MODE_NORMAL) == 0,
            let alpha = TextRenderer.alphaBitmap(slot.pointee.bitmap)
        else { return failed }
        let left = Int(slot.pointee.bitmap_left)
        let top = Int(slot.pointee.bitmap_top)
        let width = Int(slot.pointee.bitmap.width)
        let rows = Int(slot.pointee.bitmap.rows)
        guard width > 0, rows > 0, alpha.contains(where: { $0 != 0 }) else {
            return GlyphEntry(mask: nil, left: left, top: top, advance: advance)
        }
        let mask = alpha.withUnsafeBytes {
            CoverageMask(alpha: $0, width: width, rows: rows, stride: width, origin: (left, -top))
        }
        return GlyphEntry(mask: mask, left: left, top: top, advance: advance)
    }

    /// The bitmap's coverage as `width × rows` bytes, top row first; nil for a pixel mode that
    /// carries no coverage TextRender understands.
    static func alphaBitmap(_ bitmap: FT_Bitmap) -> [UInt8]? {
        let width = Int(bitmap.width)
        let rows = Int(bitmap.rows)
        guard width > 0, rows > 0 else { return [] }
        guard let buffer = bitmap.buffer else { return nil }
        let pitch = Int(bitmap.pitch)
        // With a negative pitch the rows are stored bottom-up from `buffer`.
        func row(_ y: Int) -> UnsafeMutablePointer<UInt8> {
            buffer + (pitch >= 0 ? y * pitch : (rows - 1 - y) * -pitch)
        }
        var alpha = [UInt8](repeating: 0, count: width * rows)
        switch Int(bitmap.pixel_mode) {
        case Int(FT_PIXEL_MODE_GRAY.rawValue):
            let levels = max(2, Int(bitmap.num_grays))
            for y in 0..<rows {
                let src = row(y)
                for x in 0..<width {
                    let v = Int(src[x])
                    alpha[y * width + x] = levels == 256 ? UInt8(v) : UInt8(min(255, v * 255 / (levels - 1)))
                }
            }
        case Int(FT_PIXEL_MODE_MONO.rawValue):
            for y in 0..<rows {
                let src = row(y)
                for x in 0..<width where src[x >> 3] & (0x80 >> UInt8(x & 7)) != 0 { alpha[y * width + x] = 255 }
            }
        case Int(FT_PIXEL_MODE_BGRA.rawValue):
            for y in 0..<rows {
                let src = row(y)
                for x in 0..<width { alpha[y * width + x] = src[4 * x + 3] }
            }
        default:
            return nil
        }
        return alpha
    }
}

/// A glyph of one of a renderer's faces.
struct GlyphRef: Hashable {
    var face: Int32
    var glyph: UInt32
}

struct SizeKey: Hashable {
    var face: Int32
    var size: Int32
}

/// A face's scale and vertical metrics at one size, in pixels.
struct SizeMetrics {
    /// Pixels per font unit, horizontally.
    var scale: Double
    /// Baseline to ascender, up, as FreeType rounds it to whole pixels.
    var ascent: Double
    /// Baseline to descender, down (positive), as FreeType rounds it to whole pixels.
    var descent: Double
    var valid: Bool
}

/// The widget draws its ON/OFF labels through this renderer.
extension TextRenderer: LabelRenderer {}
