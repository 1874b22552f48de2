import CFontconfig

/// Finding installed fonts through fontconfig (which is thread-safe since 2.10, so these may be
/// called from any thread).
extension FontFace {
    /// Where fontconfig found a font: the file and the face inside it.
    public struct Location: Hashable, Sendable {
        public var path: String
        public var index: Int
        public var family: String
    }

    /// Generic family names that fontconfig resolves through its configuration: any font it
    /// picks for them counts as a match.
    static let genericFamilies: Set<String> = [
        "sans-serif", "sans", "serif", "monospace", "mono", "system-ui", "cursive", "fantasy", "emoji", "math",
    ]

    /// Opens the installed font that best fits the request (see ``locate(family:language:containing:)``).
    public static func find(
        family: String? = nil, language: String? = nil, containing: String? = nil
    ) throws(TextError) -> FontFace {
        let location = try locate(family: family, language: language, containing: containing)
        return try FontFace(path: location.path, index: location.index)
    }

    /// Asks fontconfig for the scalable font that best fits the request, without opening it.
    ///
    /// Candidates come from `FcFontSort` in fontconfig's order of preference (so configured
    /// defaults and aliases apply), and the first one that meets every given condition wins:
    /// - `family`: one of the font's family names equals it (ignoring case and spaces), unless it
    ///   is a generic name such as "sans-serif" or "monospace", which any font may answer;
    /// - `language`: the font supports that language (an RFC 3066 tag such as "zh-cn" or "ja";
    ///   another territory of the same language counts);
    /// - `containing`: the font's character set holds every character of the string (through an
    ///   `FcCharSet`), so `containing: "开关"` finds a CJK font.
    /// - Throws: ``TextError/noFont(family:language:containing:available:)`` listing the installed
    ///   families when nothing fits; ``TextError/fontconfigUnavailable`` when fontconfig fails.
    public static func locate(
        family: String? = nil, language: String? = nil, containing: String? = nil
    ) throws(TextError) -> Location {
        guard FcInit() != 0 else { throw .fontconfigUnavailable }
        guard let pattern = FcPatternCreate() else { throw .fontconfigUnavailable }
        defer { FcPatternDestroy(pattern) }

        if let family { FcPatternAddString(pattern, FC_FAMILY, family) }
        if let language, let langs = FcLangSetCreate() {
            FcLangSetAdd(langs, language)
            FcPatternAddLangSet(pattern, FC_LANG, langs)
            FcLangSetDestroy(langs)  // the pattern keeps its own copy
        }
        var needed: OpaquePointer?
        if let containing, let set = FcCharSetCreate() {
            for scalar in containing.unicodeScalars { FcCharSetAddChar(set, scalar.value) }
            FcPatternAddCharSet(pattern, FC_CHARSET, set)
            needed = set
        }
        defer { if let needed { FcCharSetDestroy(needed) } }
        FcPatternAddBool(pattern, FC_SCALABLE, FcTrue)
        guard FcConfigSubstitute(nil, pattern, FcMatchPattern) != 0 else { throw .fontconfigUnavailable }
        FcDefaultSubstitute(pattern)

        var result = FcResultNoMatch
        if let sorted = FcFontSort(nil, pattern, FcFalse, nil, &result) {
            defer { FcFontSetDestroy(sorted) }
            let wantedFamily = family.map(normalized)
            let anyFamily = wantedFamily.map { genericFamilies.contains($0) } ?? true
            for i in 0..<Int(sorted.pointee.nfont) {
                guard let font = sorted.pointee.fonts[i] else { continue }
                if let location = candidate(
                    font, family: anyFamily ? nil : wantedFamily, language: language, needed: needed)
                {
                    return location
                }
            }
        }
        throw .noFont(family: family, language: language, containing: containing, available: availableFamilies())
    }

    /// Every family name fontconfig knows, sorted and without repeats.
    public static func availableFamilies() -> [String] {
        guard FcInit() != 0, let pattern = FcPatternCreate() else { return [] }
        defer { FcPatternDestroy(pattern) }
        guard let objects = FcObjectSetCreate() else { return [] }
        defer { FcObjectSetDestroy(objects) }
        FcObjectSetAdd(objects, FC_FAMILY)
        guard let list = FcFontList(nil, pattern, objects) else { return [] }
        defer { FcFontSetDestroy(list) }
        var names = Set<String>()
        for i in 0..<Int(list.pointee.nfont) {
            guard let font = list.pointee.fonts[i] else { continue }
            names.formUnion(strings(font, FC_FAMILY))
        }
        return names.sorted()
    }

    /// `font`'s location when it meets the conditions (each nil condition is met).
    private static func candidate(
        _ font: OpaquePointer, family: String?, language: String?, needed: OpaquePointer?
    ) -> Location? {
        guard let path = strings(font, FC_FILE).first else { return nil }
        // Outlines, or colour bitmaps (an emoji font, which TextRender scales from its strike).
        var scalable: FcBool = FcFalse
        var color: FcBool = FcFalse
        _ = FcPatternGetBool(font, FC_SCALABLE, 0, &scalable)
        _ = FcPatternGetBool(font, FC_COLOR, 0, &color)
        guard scalable != 0 || color != 0 else { return nil }
        let families = strings(font, FC_FAMILY)
        if let family, !families.contains(where: { normalized($0) == family }) { return nil }
        if let language {
            var langs: OpaquePointer?
            guard FcPatternGetLangSet(font, FC_LANG, 0, &langs) == FcResultMatch, let langs,
                FcLangSetHasLang(langs, language) != FcLangDifferentLang
            else { return nil }
        }
        if let needed {
            var charset: OpaquePointer?
            guard FcPatternGetCharSet(font, FC_CHARSET, 0, &charset) == FcResultMatch, let charset,
                FcCharSetIsSubset(needed, charset) != 0
            else { return nil }
        }
        var index: Int32 = 0
        if FcPatternGetInteger(font, FC_INDEX, 0, &index) != FcResultMatch { index = 0 }
        return Location(path: path, index: Int(index), family: families.first ?? "")
    }

    /// All string values of `object` in `pattern`.
    private static func strings(_ pattern: OpaquePointer, _ object: String) -> [String] {
        var values: [String] = []
        var n: Int32 = 0
        var value: UnsafeMutablePointer<FcChar8>?
        while FcPatternGetString(pattern, object, n, &value) == FcResultMatch, let value {
            values.append(String(cString: value))
            n += 1
        }
        return values
    }

    /// Family names compare the way fontconfig compares them: ignoring case and spaces.
    private static func normalized(_ name: String) -> String {
        String(name.lowercased().filter { $0 != " " })
    }
}
