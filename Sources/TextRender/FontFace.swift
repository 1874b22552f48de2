import CFreeType
import CHarfBuzz

/// One face of a scalable font file, opened with FreeType.
///
/// **Ownership.** Each `FontFace` owns its own `FT_Library` as well as its `FT_Face`, and
/// releases both in `deinit`. FreeType's rule is that a library and every object made from it
/// (faces, sizes, glyph slots) are used by one thread at a time, and that even `FT_New_Face` /
/// `FT_Done_Face` on *different* faces of one library need a lock. A library per face (a few
/// kilobytes; a panel opens two or three faces) makes every face an island: two faces never
/// share FreeType state, so no process-wide lock is needed and faces on different threads
/// cannot interfere.
///
/// **Threading.** A face is still mutable state (its current size, its glyph slot), so it is
/// used from one thread at a time. The type is deliberately *not* `Sendable`: Swift 6's
/// checker keeps a face, and the ``TextRenderer`` holding it, inside one isolation domain
/// (it can be handed over whole as a `sending` value, but not shared). Open another
/// `FontFace` of the same file for another thread.
public final class FontFace {
    /// The font file.
    public let path: String
    /// Which face of the file (non-zero only in collections such as `.ttc`).
    public let index: Int
    /// The family name stored in the font, e.g. "DejaVu Sans".
    public let familyName: String
    /// The style name stored in the font, e.g. "Book", "Bold".
    public let styleName: String
    /// Font units per em: the unit of the unscaled metrics.
    public let unitsPerEm: Int
    /// Whether the face has a `kern` table that `FT_Get_Kerning` reads. (HarfBuzz applies it, or
    /// the GPOS kerning that replaces it, when it shapes.)
    public let hasKerning: Bool

    private let library: FT_Library
    let face: FT_Face

    /// The size last set on the face, in 26.6 pixels (0: none yet).
    private var currentSize: Int32 = 0

    /// For a colour bitmap font (CBDT/sbix, as Noto Color Emoji): its largest strike — the index
    /// FreeType selects it by and its pixels per em — from which every size is scaled down. Nil
    /// for an outline font.
    let colorStrike: (index: Int32, pixelsPerEm: Double)?

    /// Whether the face's glyphs are colour bitmaps, drawn as images rather than coverage.
    public var isColorBitmap: Bool { colorStrike != nil }

    private static func largestStrike(_ face: FT_Face) -> (index: Int32, pixelsPerEm: Double)? {
        guard let sizes = face.pointee.available_sizes, face.pointee.num_fixed_sizes > 0 else { return nil }
        let best = (0..<Int(face.pointee.num_fixed_sizes)).max { sizes[$0].y_ppem < sizes[$1].y_ppem }!
        let ppem = Double(sizes[best].y_ppem) / 64
        return ppem > 0 ? (Int32(best), ppem) : nil
    }

    /// Opens face `index` of the font file at `path`.
    /// - Throws: ``TextError/openFace(path:index:code:)`` when the file is missing, unreadable
    ///   or not a font; ``TextError/notScalable(path:)`` for a bitmap-only font that is not a
    ///   colour one (colour bitmap fonts such as Noto Color Emoji are scaled from their strike).
    public init(path: String, index: Int = 0) throws(TextError) {
        var library: FT_Library?
        let initError = FT_Init_FreeType(&library)
        guard initError == 0, let library else { throw .initLibrary(code: initError) }
        var face: FT_Face?
        let openError = FT_New_Face(library, path, FT_Long(index), &face)
        guard openError == 0, let face else {
            FT_Done_FreeType(library)
            throw .openFace(path: path, index: index, code: openError)
        }
        let colorStrike = cft_is_scalable(face) == 0 && cft_has_color(face) != 0 ? Self.largestStrike(face) : nil
        // FreeType gives a bitmap-only face no units per em; its `head` table (HarfBuzz reads it)
        // has them, in which its advances (`hmtx`) are.
        var upem = Int(face.pointee.units_per_EM)
        if colorStrike != nil, upem == 0 {
            let hbFace = hb_ft_face_create_referenced(face)
            upem = Int(hb_face_get_upem(hbFace))
            hb_face_destroy(hbFace)
        }
        guard cft_is_scalable(face) != 0 || colorStrike != nil, upem > 0 else {
            FT_Done_Face(face)
            FT_Done_FreeType(library)
            throw .notScalable(path: path)
        }
        self.colorStrike = colorStrike
        self.library = library
        self.face = face
        self.path = path
        self.index = index
        familyName = face.pointee.family_name.map { String(cString: $0) } ?? ""
        styleName = face.pointee.style_name.map { String(cString: $0) } ?? ""
        unitsPerEm = upem
        hasKerning = cft_has_kerning(face) != 0
    }

    deinit {
        // HarfBuzz holds a reference to the FreeType face: it goes before the library does.
        if let shaper { hb_font_destroy(shaper) }
        FT_Done_Face(face)
        FT_Done_FreeType(library)
    }

    /// The HarfBuzz font that shapes text in this face: its tables read through FreeType (one
    /// copy of the file in memory), its scale in font units, so the shaped advances and offsets
    /// are unhinted font units, scaled to pixels as FreeType's own advances are. Made when the
    /// face first shapes text.
    var shapingFont: OpaquePointer {
        if let shaper { return shaper }
        let hbFace = hb_ft_face_create_referenced(face)
        let font = hb_font_create(hbFace)!
        hb_face_destroy(hbFace)
        hb_font_set_scale(font, Int32(unitsPerEm), Int32(unitsPerEm))
        shaper = font
        return font
    }
    private var shaper: OpaquePointer?

    /// The face's glyph for `scalar`, 0 when it has none (glyph 0 is the "missing glyph" box).
    public func glyphIndex(for scalar: Unicode.Scalar) -> UInt32 {
        UInt32(FT_Get_Char_Index(face, FT_ULong(scalar.value)))
    }

    /// Whether the face has a glyph for `scalar`.
    public func hasGlyph(for scalar: Unicode.Scalar) -> Bool { glyphIndex(for: scalar) != 0 }

    /// Whether the face has a glyph for every scalar of `text`.
    public func covers(_ text: String) -> Bool { text.unicodeScalars.allSatisfy(hasGlyph(for:)) }

    /// Makes `size` (26.6 pixels per em) the face's current size, if it is not already.
    func setSize(_ size: Int32) throws(TextError) {
        guard size != currentSize else { return }
        if let strike = colorStrike {
            // A bitmap font has only its strikes: the glyph is scaled from it when drawn.
            let error = FT_Select_Size(face, strike.index)
            guard error == 0 else { throw .setSize(path: path, pixelSize: Double(size) / 64, code: error) }
            currentSize = size
            return
        }
        // At 72 dpi one point is one pixel, so this asks for `size` pixels per em, fractions included.
        let error = FT_Set_Char_Size(face, 0, FT_F26Dot6(size), 72, 72)
        guard error == 0 else {
            currentSize = 0
            throw .setSize(path: path, pixelSize: Double(size) / 64, code: error)
        }
        currentSize = size
    }

    /// The advance of `glyph` in font units, unhinted; nil when FreeType cannot read it.
    func unscaledAdvance(_ glyph: UInt32) -> Int? {
        var advance: FT_Fixed = 0
        guard FT_Get_Advance(face, FT_UInt(glyph), CFT_LOAD_NO_SCALE, &advance) == 0 else { return nil }
        return Int(advance)
    }
}

extension FontFace: CustomStringConvertible {
    public var description: String {
        "FontFace(\(familyName) \(styleName), \(path)\(index == 0 ? "" : "#\(index)"))"
    }
}
