import CFreeType

/// What went wrong on the way from a font file (or a fontconfig query) to a face.
///
/// Each case names the C call that failed and what it was given; FreeType cases carry its
/// `FT_Error` code, which ``description`` spells out with FreeType's own message.
public enum TextError: Error, Equatable, CustomStringConvertible {
    /// `FT_Init_FreeType` failed (in practice: out of memory).
    case initLibrary(code: Int32)
    /// `FT_New_Face` could not open face `index` of the file at `path`: a missing or
    /// unreadable file (code 0x01), not a font (0x02), a damaged font (0x03), an index past the
    /// faces of a collection (0x06).
    case openFace(path: String, index: Int, code: Int32)
    /// The face has no outlines (a bitmap-only font), so it cannot be drawn at any pixel size.
    case notScalable(path: String)
    /// `FT_Set_Char_Size` refused `pixelSize` for the face at `path`.
    case setSize(path: String, pixelSize: Double, code: Int32)
    /// `FcInit` failed: fontconfig could not load its configuration.
    case fontconfigUnavailable
    /// fontconfig knows no scalable font of `family` (when given) that supports `language`
    /// (when given) and has a glyph for every character of `containing` (when given).
    /// `available` lists the families fontconfig does know, sorted.
    case noFont(family: String?, language: String?, containing: String?, available: [String])

    public var description: String {
        switch self {
        case .initLibrary(let code):
            return "FT_Init_FreeType failed: \(TextError.describe(code))"
        case .openFace(let path, let index, let code):
            return "FT_New_Face(\"\(path)\", \(index)) failed: \(TextError.describe(code))"
        case .notScalable(let path):
            return "\(path) is a bitmap-only font; TextRender needs outlines"
        case .setSize(let path, let pixelSize, let code):
            return "FT_Set_Char_Size(\(pixelSize) px) failed for \(path): \(TextError.describe(code))"
        case .fontconfigUnavailable:
            return "FcInit failed: fontconfig could not load its configuration"
        case .noFont(let family, let language, let containing, let available):
            var wanted: [String] = []
            if let family { wanted.append("family \"\(family)\"") }
            if let language { wanted.append("language \"\(language)\"") }
            if let containing { wanted.append("characters \"\(containing)\"") }
            let what = wanted.isEmpty ? "any scalable font" : wanted.joined(separator: ", ")
            let shown = available.prefix(40).joined(separator: ", ")
            let more = available.count > 40 ? ", … (\(available.count) in all)" : ""
            return "fontconfig has no font for \(what); installed families: "
                + (available.isEmpty ? "none" : shown + more)
        }
    }

    /// "error 0x02 (unknown file format)", with FreeType's message for the code.
    static func describe(_ code: Int32) -> String {
        let digits = String(UInt32(bitPattern: code), radix: 16, uppercase: true)
        let hex = "0x" + String(repeating: "0", count: max(0, 2 - digits.count)) + digits
        guard let message = cft_error_message(FT_Error(code)) else { return "error \(hex)" }
        return "error \(hex) (\(String(cString: message)))"
    }
}
